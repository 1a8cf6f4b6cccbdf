//! Every core on one problem: the search tree cut into parts, counted on a
//! rayon thread pool (with the `parallel` feature, which the command line
//! turns on).
//!
//! A [`Part`] is the solutions that hold some options and leave out others.
//! [`split`] cuts a problem into parts the way its search would branch: on
//! the item the search chooses, one part per option of it, in the order
//! the search tries them (with bounds, each part also leaves out the options
//! tried before it, and one more part leaves them all out: Knuth's tweaks and
//! null move). The parts are disjoint and together hold every solution, in
//! the search's order, so counts add up exactly, whatever the number of
//! threads. [`Counter`] counts the parts of one problem on the current
//! rayon pool, each worker on a copy of the arena of its own, rayon's work
//! stealing handing out the parts as workers come free. [`Enumerator`]
//! lists the solutions in the one-thread order, the parts searched on
//! every thread and their solutions passed on part after part. [`Shares`]
//! tells a progress display the share of the tree done.
//!
//! ```
//! use dlx_engine::exact_cover::parallel::{split, Counter};
//! use dlx_engine::exact_cover::Limits;
//! use dlx_engine::problems::n_queens;
//!
//! let matrix = n_queens(10).compile()?;
//! let parts = split(&matrix, 40);
//! assert!(parts.len() >= 40);
//! let report = Counter::new(&matrix).count(Limits::none());
//! assert_eq!(report.solutions, 724); // OEIS A000170
//! # Ok::<(), dlx_engine::exact_cover::ProblemError>(())
//! ```

mod enumerate;
mod lend;

pub use enumerate::{Enumerator, BUFFER_ENTRIES, HEAD_START_NODES, WINDOW_PER_THREAD};
pub use lend::{can_lend, Lender, LEND_AFTER_NODES};

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

use rayon::prelude::*;

use super::estimate::estimate_part;
use super::limits::Limits;
use super::matrix::Matrix;
use super::report::{Conflict, End, Report, Stats};
use super::search::{Branch, Solver};

/// Parts made per worker thread by [`Counter`]: enough that a worker whose
/// parts turn out small finds others' left to take, few enough that
/// setting up each part (a reset and its selections) stays small beside
/// its search.
pub const PARTS_PER_THREAD: usize = 32;

/// The levels [`split`] goes down at most: a problem whose tree is a path
/// (forced moves) would otherwise be followed to its end.
const MAX_SPLIT_DEPTH: usize = 64;

/// One part of a problem's solutions: those that hold every option of
/// `with` and none of `without`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Part {
    /// Options every solution of the part holds, in the order chosen.
    pub with: Vec<usize>,
    /// Options no solution of the part holds.
    pub without: Vec<usize>,
    /// Items (with bounds) the part gives no more options: Algorithm M's
    /// null move, taken where the selections meet their lower bounds.
    pub closed: Vec<usize>,
}

impl Part {
    /// Resets `solver` and states the part on it: selects `with`, then
    /// excludes `without` and closes `closed`. An `Err` means the part is empty (its options
    /// clash), and the solver is then in no particular state.
    pub fn apply(&self, solver: &mut Solver) -> Result<(), Conflict> {
        solver.reset();
        solver.select_all(self.with.iter().copied())?;
        for &option in &self.without {
            solver.exclude(option);
        }
        for &item in &self.closed {
            solver.close(item);
        }
        Ok(())
    }
}

impl Part {
    /// The parts of this part's solutions as the search branches on
    /// `item` from it ([`Branch::On`]): one per option, which, with
    /// `bounded`, also leaves out the options before it; then, if `null`,
    /// one that leaves them all out and gives the item no more options.
    pub fn children(&self, item: usize, options: &[usize], null: bool, bounded: bool) -> Vec<Part> {
        let mut children = Vec::with_capacity(options.len() + 1);
        for (k, &option) in options.iter().enumerate() {
            let mut child = self.clone();
            child.with.push(option);
            if bounded {
                child.without.extend_from_slice(&options[..k]);
            }
            children.push(child);
        }
        if null {
            let mut none = self.clone();
            none.without.extend_from_slice(options);
            none.closed.push(item);
            children.push(none);
        }
        children
    }
}

/// Cuts `matrix`'s solutions into about `target` parts (at least that
/// many unless the tree is smaller), level by level as the search branches,
/// in the order the search visits them (see the [module](self) docs).
/// Parts whose options clash are left out; a part that is a solution or a
/// dead end already is kept whole.
pub fn split(matrix: &Matrix, target: usize) -> Vec<Part> {
    split_with(&mut Solver::new(matrix), target)
}

/// [`split`] with the branching of `solver` (its matrix, and its choice
/// rule: see [`Solver::prefer_sharp`]).
pub fn split_with(solver: &mut Solver, target: usize) -> Vec<Part> {
    let bounded = solver.matrix().problem().has_bounds();
    let mut parts = vec![Part::default()];
    for _ in 0..MAX_SPLIT_DEPTH {
        if parts.len() >= target {
            break;
        }
        let mut next = Vec::with_capacity(parts.len() * 4);
        let mut grew = false;
        for part in parts {
            if part.apply(solver).is_err() {
                continue;
            }
            match solver.branch() {
                Branch::On {
                    item,
                    options,
                    null,
                } => {
                    grew = true;
                    next.extend(part.children(item, &options, null, bounded));
                }
                _ => next.push(part),
            }
        }
        parts = next;
        if !grew {
            break;
        }
    }
    parts
}

/// Counts the solutions of one problem on every thread of the current
/// rayon pool (see the [module](self) docs).
#[derive(Clone)]
pub struct Counter<'m> {
    matrix: &'m Matrix,
    sharp: bool,
    parts_per_thread: usize,
    /// Called with the solutions found so far, every [`TICK_EVERY`].
    progress: Option<&'m (dyn Fn(u64) + Sync)>,
    /// Called with the share of the tree done (see [`Shares`]).
    share: Option<&'m (dyn Fn(f64) + Sync)>,
}

/// Solutions between two calls of a [`Counter::progress`] callback: often
/// enough for a person, rarely enough to cost nothing.
pub const TICK_EVERY: u64 = 1 << 14;

/// Its settings, not the matrix.
impl std::fmt::Debug for Counter<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Counter")
            .field("sharp", &self.sharp)
            .field("parts_per_thread", &self.parts_per_thread)
            .field("progress", &self.progress.is_some())
            .field("share", &self.share.is_some())
            .finish_non_exhaustive()
    }
}

impl<'m> Counter<'m> {
    /// A counter for `matrix`, with the plain choice rule and
    /// [`PARTS_PER_THREAD`].
    pub fn new(matrix: &'m Matrix) -> Self {
        Counter {
            matrix,
            sharp: false,
            parts_per_thread: PARTS_PER_THREAD,
            progress: None,
            share: None,
        }
    }

    /// Calls `done` with the share of the search tree done, from 0 to 1:
    /// 0 once the parts are made, then after each part counted whole
    /// (the parts weighted by their estimated sizes, see [`Shares`]), in
    /// increasing order. A count in parts only; one that runs on one
    /// thread (a node budget, a pool of one) never calls it.
    pub fn share_done(mut self, done: &'m (dyn Fn(f64) + Sync)) -> Self {
        self.share = Some(done);
        self
    }

    /// Calls `tick` with the solutions found so far, every [`TICK_EVERY`]
    /// of them, from whichever worker finds it (a progress display).
    pub fn progress(mut self, tick: &'m (dyn Fn(u64) + Sync)) -> Self {
        self.progress = Some(tick);
        self
    }

    /// Chooses items named `#...` first ([`Solver::prefer_sharp`]).
    pub fn sharp(mut self, on: bool) -> Self {
        self.sharp = on;
        self
    }

    /// Parts made per thread (at least 1).
    pub fn parts_per_thread(mut self, parts: usize) -> Self {
        self.parts_per_thread = parts.max(1);
        self
    }

    /// Counts the solutions within `limits`, as [`Solver::count`] would:
    /// the same count and end for any number of threads when the search is
    /// exhausted or `limits.max_solutions` is reached. A deadline and a
    /// cancel flag stop every part. The nodes and updates are the parts'
    /// (the levels [`split`] made are not searched again, so a few fewer
    /// than one thread's).
    ///
    /// A node budget has no meaning shared between parts: with
    /// `limits.max_nodes` set the count runs on one thread, as
    /// [`Solver::count`]. So does a problem too small to cut.
    ///
    /// With `limits.max_solutions`, parts that have not started are
    /// skipped once that many solutions are found, and running parts stop
    /// at their next solution; a running part that finds none runs to its
    /// end (or the deadline, or the cancel flag).
    pub fn count(&self, limits: Limits) -> Report {
        let mut solver = sharp_solver(self.matrix, self.sharp);
        if limits.max_nodes.is_some() || rayon::current_num_threads() == 1 {
            return solver.count(limits);
        }
        self.count_parts(limits).report
    }

    /// [`count`](Self::count) in parts even on one thread, saying which
    /// parts were counted whole: what a count stopped by its deadline or
    /// its cancel flag needs to be finished later. `limits.max_nodes` is
    /// ignored here (a budget has no meaning shared between parts).
    pub fn count_parts(&self, limits: Limits) -> Counted {
        let mut solver = sharp_solver(self.matrix, self.sharp);
        let threads = rayon::current_num_threads();
        let parts = split_with(&mut solver, threads * self.parts_per_thread);
        let max = limits.max_solutions.unwrap_or(u64::MAX);
        let found = AtomicU64::new(0);
        let per_part = Limits {
            max_solutions: None,
            max_nodes: None,
            ..limits
        };
        let (matrix, sharp, progress) = (self.matrix, self.sharp, self.progress);
        let shares = self
            .share
            .map(|done| (Shares::new(&part_sizes(matrix, sharp, &parts)), done));
        if let Some((shares, done)) = &shares {
            done(shares.done());
        }
        // Per part: its report, or `None` when it was not searched (empty,
        // or skipped once the solutions asked for were found).
        let reports: Vec<Option<Report>> = parts
            .par_iter()
            .enumerate()
            .map_init(
                || sharp_solver(matrix, sharp),
                |solver, (k, part)| {
                    if found.load(Ordering::Relaxed) >= max {
                        return None;
                    }
                    if part.apply(solver).is_err() {
                        if let Some((shares, done)) = &shares {
                            shares.finish(k, done);
                        }
                        return None;
                    }
                    let report = solver.count_each(per_part, |_| {
                        let so_far = found.fetch_add(1, Ordering::Relaxed) + 1;
                        if let Some(tick) = progress.filter(|_| so_far % TICK_EVERY == 0) {
                            tick(so_far);
                        }
                        if so_far >= max {
                            ControlFlow::Break(())
                        } else {
                            ControlFlow::Continue(())
                        }
                    });
                    if let Some((shares, done)) = shares.as_ref() {
                        // Counted whole: a part stopped by a limit is not done.
                        if report.end == End::Exhausted {
                            shares.finish(k, done);
                        }
                    }
                    Some(report)
                },
            )
            .collect();
        let total = found.load(Ordering::Relaxed);
        let mut stats = Stats::default();
        let mut end = End::Exhausted;
        let mut finished = 0;
        let mut unfinished = Vec::new();
        // A part with no report was not searched: empty, or skipped once
        // the solutions asked for were found; none is owed from it.
        for (part, report) in parts.into_iter().zip(&reports) {
            if let Some(report) = report {
                stats += report.stats;
                if report.end.is_limit() {
                    end = report.end;
                    unfinished.push(part);
                } else {
                    finished += report.solutions;
                }
            }
        }
        if total >= max && !end.is_limit() {
            end = End::Stopped;
        }
        Counted {
            report: Report {
                solutions: total.min(max),
                end,
                stats,
            },
            finished,
            unfinished,
        }
    }
}

/// Random paths per part behind the weights of [`Shares`] in [`Counter`]
/// and [`Enumerator`]: a few dozen per part cost a small fraction of a
/// search worth cutting into parts, and the share done needs only rough
/// weights (a part estimated at half its size moves the bar early, never
/// past 1).
pub const SHARE_SAMPLES: u64 = 16;

/// A solver for `matrix` with the sharp preference on or off, as each
/// worker makes its own.
fn sharp_solver(matrix: &Matrix, sharp: bool) -> Solver {
    let mut solver = Solver::new(matrix);
    solver.prefer_sharp(sharp);
    solver
}

/// The estimated search nodes of each of `parts` (Knuth's random paths,
/// [`SHARE_SAMPLES`] per part, part `k` seeded with `k`), on the current
/// rayon pool.
pub fn part_sizes(matrix: &Matrix, sharp: bool, parts: &[Part]) -> Vec<f64> {
    parts
        .par_iter()
        .enumerate()
        .map_init(
            || sharp_solver(matrix, sharp),
            |solver, (k, part)| {
                let setup = |s: &mut Solver| part.apply(s).is_ok();
                estimate_part(solver, &setup, SHARE_SAMPLES, k as u64).nodes
            },
        )
        .collect()
}

/// The share of a search done, from the parts finished: each part
/// weighs its estimated size over the sum of them all, so the share is
/// 0 before any part is finished, grows with each, and is exactly 1 once
/// every part is.
///
/// The weights are whole units ([`Shares::UNITS`] in all), made by
/// rounding the running sum of the sizes, so they add up to the whole
/// exactly and the last part finished makes the share 1, not 0.999...
///
/// ```
/// use dlx_engine::exact_cover::parallel::Shares;
///
/// let shares = Shares::new(&[3.0, 1.0]);
/// let mut seen = Vec::new();
/// shares.finish(1, |share| seen.push(share));
/// shares.finish(0, |share| seen.push(share));
/// assert_eq!(seen, [0.25, 1.0]);
/// ```
#[derive(Debug)]
pub struct Shares {
    /// Each part's weight, in units.
    units: Vec<u64>,
    /// Units of the parts finished.
    done: Mutex<u64>,
}

impl Shares {
    /// The units all the weights add up to.
    pub const UNITS: u64 = 1 << 40;

    /// Weights proportional to `sizes` (estimated nodes per part). A size
    /// that is not a finite number above 0 weighs nothing; if none is,
    /// every part weighs the same.
    pub fn new(sizes: &[f64]) -> Self {
        let clean: Vec<f64> = sizes
            .iter()
            .map(|&s| if s.is_finite() && s > 0.0 { s } else { 0.0 })
            .collect();
        let total: f64 = clean.iter().sum();
        let (clean, total) = if total > 0.0 && total.is_finite() {
            (clean, total)
        } else {
            (vec![1.0; sizes.len()], sizes.len() as f64)
        };
        let mut units = Vec::with_capacity(clean.len());
        let (mut sum, mut before) = (0.0, 0u64);
        for (k, size) in clean.iter().enumerate() {
            sum += size;
            // The running sum, rounded; the last is the whole exactly.
            let upto = if k + 1 == clean.len() {
                Self::UNITS
            } else {
                ((sum / total).min(1.0) * Self::UNITS as f64) as u64
            };
            let upto = upto.max(before);
            units.push(upto - before);
            before = upto;
        }
        Shares {
            units,
            done: Mutex::new(0),
        }
    }

    /// Each part's weight, from 0 to 1; they add up to 1 (when there is
    /// a part).
    pub fn weights(&self) -> impl Iterator<Item = f64> + '_ {
        self.units.iter().map(|&u| u as f64 / Self::UNITS as f64)
    }

    /// The share done so far.
    pub fn done(&self) -> f64 {
        *self.done.lock().unwrap_or_else(PoisonError::into_inner) as f64 / Self::UNITS as f64
    }

    /// Counts part `k` finished (once per part) and calls `report` with
    /// the share done now. The call is made holding the share's lock, so
    /// calls from several threads come in increasing order of share.
    ///
    /// # Panics
    /// If `k` is not a part.
    pub fn finish(&self, k: usize, report: impl FnOnce(f64)) {
        let mut done = self.done.lock().unwrap_or_else(PoisonError::into_inner);
        *done += self.units[k];
        report(*done as f64 / Self::UNITS as f64);
    }
}

/// A count in parts ([`Counter::count_parts`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counted {
    /// The count, as [`Counter::count`] reports it (a lower bound when a
    /// limit stopped it).
    pub report: Report,
    /// Solutions of the parts counted whole: exact.
    pub finished: u64,
    /// The parts a deadline or cancel flag stopped (or that never started
    /// for it), in the search's order: counting them and adding
    /// [`finished`](Self::finished) gives the whole count.
    pub unfinished: Vec<Part>,
}

/// Stop flags, one per worker of a run (or one per run). [`Cancel`] holds `'static` flags (so that
/// [`Limits`] stays `Copy`): they are leaked once and reused, taken from a
/// free list for a run and given back after it, so a program leaks no
/// more of them than the most workers it ran at once.
pub(crate) struct Flags(Vec<&'static AtomicBool>);

static FREE_FLAGS: Mutex<Vec<&'static AtomicBool>> = Mutex::new(Vec::new());

impl Flags {
    /// `n` flags, each lowered.
    pub(crate) fn take(n: usize) -> Self {
        let mut free = FREE_FLAGS.lock().unwrap_or_else(PoisonError::into_inner);
        let flags = (0..n)
            .map(|_| {
                let flag = free
                    .pop()
                    .unwrap_or_else(|| Box::leak(Box::new(AtomicBool::new(false))));
                flag.store(false, Ordering::Relaxed);
                flag
            })
            .collect();
        Flags(flags)
    }
}

impl std::ops::Index<usize> for Flags {
    type Output = AtomicBool;

    fn index(&self, k: usize) -> &AtomicBool {
        self.0[k]
    }
}

impl Flags {
    /// Flag `k`, as a [`Cancel`](super::Cancel) holds it.
    pub(crate) fn get(&self, k: usize) -> &'static AtomicBool {
        self.0[k]
    }
}

impl Drop for Flags {
    fn drop(&mut self) {
        let mut free = FREE_FLAGS.lock().unwrap_or_else(PoisonError::into_inner);
        free.append(&mut self.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact_cover::knuth_format;
    use crate::problems::knuth_text::{family, Size};
    use crate::problems::{langford_pairs, n_queens};

    /// Every solution of `solver`'s current state, each as a sorted set of
    /// options, in the order visited.
    fn solutions(solver: &mut Solver) -> Vec<Vec<usize>> {
        let mut all = Vec::new();
        solver.search(Limits::none(), |s| {
            let mut set = s.to_vec();
            set.sort_unstable();
            all.push(set);
            ControlFlow::Continue(())
        });
        all
    }

    /// The problems: plain, colours and bounds (the tiny half of Knuth's
    /// family, whose counts `tests/it/family.rs` checks against Knuth's).
    pub(super) fn problems() -> Vec<(String, Matrix)> {
        let mut all: Vec<(String, Matrix)> = family()
            .into_iter()
            .filter(|i| i.size == Size::Test)
            .map(|i| {
                let xc = knuth_format::parse(&i.text, &i.name).unwrap();
                (i.name, xc.problem.compile().unwrap())
            })
            .collect();
        all.push(("queens-7".into(), n_queens(7).compile().unwrap()));
        all.push(("langford-7".into(), langford_pairs(7).compile().unwrap()));
        all
    }

    /// The parts hold every solution once, in the order one search visits
    /// them, however finely the problem is cut.
    #[test]
    fn parts_are_the_search_in_order() {
        for (name, matrix) in problems() {
            let whole = solutions(&mut Solver::new(&matrix));
            for target in [1, 2, 7, 50, 400] {
                let mut solver = Solver::new(&matrix);
                let mut joined = Vec::new();
                for part in split(&matrix, target) {
                    if part.apply(&mut solver).is_ok() {
                        joined.extend(solutions(&mut solver));
                    }
                }
                assert_eq!(joined, whole, "{name}, {target} parts");
            }
        }
    }

    /// Each part, written as the problem it leaves (in Knuth's format and
    /// read back), counts as the part does on the whole problem, and the
    /// parts' counts add up to the whole count.
    #[test]
    fn parts_as_problems_of_their_own() {
        for (name, matrix) in problems() {
            let whole = Solver::new(&matrix).count(Limits::none()).solutions;
            let mut solver = Solver::new(&matrix);
            let mut sum = 0;
            for part in split(&matrix, 20) {
                if part.apply(&mut solver).is_err() {
                    continue;
                }
                let here = solver.count(Limits::none()).solutions;
                let left = solver.remaining();
                let text = knuth_format::write(&left);
                let has_primary = left
                    .items()
                    .iter()
                    .any(|i| i.kind == crate::exact_cover::ItemKind::Primary);
                let alone = if has_primary {
                    let again = knuth_format::parse(&text, "part").unwrap().problem;
                    Solver::new(&again.compile().unwrap())
                        .count(Limits::none())
                        .solutions
                } else {
                    // Nothing left to cover: the part is its selections.
                    1
                };
                assert_eq!(alone, here, "{name}: {part:?}");
                sum += here;
            }
            assert_eq!(sum, whole, "{name}");
        }
    }

    /// Counts on pools of 1, 2 and 3 threads equal one solver's, with and
    /// without a solution cap, and with the sharp preference.
    #[test]
    fn counts_do_not_depend_on_threads() {
        for (name, matrix) in problems() {
            let whole = Solver::new(&matrix).count(Limits::none());
            for threads in [1, 2, 3] {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .unwrap();
                let counter = Counter::new(&matrix).parts_per_thread(5);
                let report = pool.install(|| counter.count(Limits::none()));
                assert_eq!(
                    (report.solutions, report.end),
                    (whole.solutions, End::Exhausted),
                    "{name}, {threads} threads"
                );
                let sharp = pool.install(|| counter.clone().sharp(true).count(Limits::none()));
                assert_eq!(sharp.solutions, whole.solutions, "{name}, sharp");
                for cap in [1, 2, 5] {
                    let capped = pool.install(|| counter.count(Limits::solutions(cap)));
                    let want = if whole.solutions >= cap {
                        (cap, End::Stopped)
                    } else {
                        (whole.solutions, End::Exhausted)
                    };
                    assert_eq!((capped.solutions, capped.end), want, "{name}, cap {cap}");
                }
            }
        }
    }

    /// The progress callback hears every [`TICK_EVERY`]-th solution once,
    /// whichever thread finds it: 2^15 solutions (15 independent items of
    /// two options each, counted by hand) give ticks at 2^14 and 2^15.
    #[test]
    fn progress_ticks_every_so_many_solutions() {
        let mut p = crate::exact_cover::Problem::new();
        for i in 0..15 {
            let item = p.add_primary(format!("i{i}")).unwrap();
            p.add_option(&[item]).unwrap();
            p.add_option(&[item]).unwrap();
        }
        let matrix = p.compile().unwrap();
        let ticks = std::sync::Mutex::new(Vec::new());
        let tick = |n: u64| ticks.lock().unwrap().push(n);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let report = pool.install(|| Counter::new(&matrix).progress(&tick).count(Limits::none()));
        assert_eq!(report.solutions, 1 << 15);
        let mut ticks = ticks.into_inner().unwrap();
        ticks.sort_unstable();
        assert_eq!(ticks, [TICK_EVERY, 2 * TICK_EVERY]);
    }

    /// A count stopped by its cancel flag says which parts it finished:
    /// counting the others afterwards and adding up gives the whole count.
    #[test]
    fn a_stopped_count_can_be_finished() {
        static RAISED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);
        let matrix = n_queens(8).compile().unwrap();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let cancelled = Limits::none().with_cancel(crate::exact_cover::Cancel::new(&RAISED));
        let counted = pool.install(|| Counter::new(&matrix).count_parts(cancelled));
        assert_eq!(counted.report.end, End::Cancelled);
        assert!(!counted.unfinished.is_empty());
        let mut solver = Solver::new(&matrix);
        let rest: u64 = counted
            .unfinished
            .iter()
            .map(|part| {
                part.apply(&mut solver).unwrap();
                solver.count(Limits::none()).solutions
            })
            .sum();
        assert_eq!(counted.finished + rest, 92);
        // Not stopped: every part finished.
        let whole = pool.install(|| Counter::new(&matrix).count_parts(Limits::none()));
        assert_eq!((whole.finished, whole.unfinished.len()), (92, 0));
    }

    /// The weights add up to exactly 1 (in units), follow the sizes, and
    /// treat sizes that are no sizes (0, negative, NaN, infinite) as
    /// nothing, or as equal when no size is left; finishing the parts in
    /// any order tells a share that never goes down and ends at exactly 1.
    #[test]
    fn shares_add_up_and_grow_to_one() {
        let cases: [&[f64]; 6] = [
            &[3.0, 1.0],
            &[1e300, 1e300, 5.0, 0.0],
            &[0.0, 0.0, 0.0],
            &[f64::NAN, -2.0, f64::INFINITY, 4.0],
            &[7.0],
            &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0],
        ];
        for sizes in cases {
            let shares = Shares::new(sizes);
            assert_eq!(shares.units.iter().sum::<u64>(), Shares::UNITS, "{sizes:?}");
            let weights: Vec<f64> = shares.weights().collect();
            assert_eq!(weights.len(), sizes.len());
            // By hand: each clean size over their sum (or 1/n for none).
            let clean: Vec<f64> = sizes
                .iter()
                .map(|&s| if s.is_finite() && s > 0.0 { s } else { 0.0 })
                .collect();
            let total: f64 = clean.iter().sum();
            for (k, w) in weights.iter().enumerate() {
                let want = if total > 0.0 && total.is_finite() {
                    clean[k] / total
                } else {
                    1.0 / sizes.len() as f64
                };
                assert!((w - want).abs() < 1e-9, "{sizes:?}: {weights:?}");
            }
            // Finished from the last part to the first.
            let mut told = vec![shares.done()];
            for k in (0..sizes.len()).rev() {
                shares.finish(k, |share| told.push(share));
            }
            assert!(told.windows(2).all(|w| w[0] <= w[1]), "{told:?}");
            assert_eq!((told[0], *told.last().unwrap()), (0.0, 1.0), "{sizes:?}");
        }
        assert_eq!(Shares::new(&[]).weights().count(), 0);
    }

    /// A count in parts tells the share done from 0 up to exactly 1, in
    /// increasing order, whichever worker finishes a part.
    #[test]
    fn a_count_tells_its_share_done() {
        let matrix = n_queens(9).compile().unwrap();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let told = std::sync::Mutex::new(Vec::new());
        let share = |s: f64| told.lock().unwrap().push(s);
        let report = pool.install(|| {
            Counter::new(&matrix)
                .share_done(&share)
                .count(Limits::none())
        });
        assert_eq!(report.solutions, 352); // OEIS A000170
        let told = told.into_inner().unwrap();
        assert!(told.len() > 2, "{told:?}");
        assert!(told.windows(2).all(|w| w[0] <= w[1]), "{told:?}");
        assert_eq!((told[0], *told.last().unwrap()), (0.0, 1.0));
    }

    /// A node budget keeps its one-thread meaning, and a deadline already
    /// past stops every part.
    #[test]
    fn limits_hold_as_on_one_thread() {
        let matrix = n_queens(9).compile().unwrap();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let budget = Limits::none().with_max_nodes(Some(500));
        let one = Solver::new(&matrix).count(budget);
        let many = pool.install(|| Counter::new(&matrix).count(budget));
        assert_eq!(many, one);
        let past = Limits::none().with_deadline(std::time::Instant::now());
        let stopped = pool.install(|| Counter::new(&matrix).count(past));
        assert_eq!((stopped.end, stopped.stats.nodes), (End::TimeLimit, 0));
    }
}
