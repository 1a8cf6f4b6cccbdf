//! [`Lender`]: a search that its node budget stopped, finished in parts
//! by whichever threads of the pool are idle.

use std::cell::RefCell;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

use super::Flags;
use crate::exact_cover::limits::{Cancel, Limits};
use crate::exact_cover::matrix::Matrix;
use crate::exact_cover::reduced::ReducedSolver;
use crate::exact_cover::report::{End, Report, Stats};

/// Search nodes a front-end spends on one problem on its own before it
/// lends the rest to idle threads, and the nodes a lent part searches
/// before it is cut again ([`Lender::part_nodes`]). A few tens of
/// milliseconds of Sudoku search: problems that end sooner (every 9x9
/// puzzle of the datasets) never pay for parts, and cutting a part again
/// (a few hundred new parts, each loaded afresh) stays a few per cent of
/// its search.
pub const LEND_AFTER_NODES: u64 = 100_000;

/// Whether the current thread is a worker of a rayon pool with other
/// threads: where a search has threads to lend its parts to. A front-end
/// asks before it stops a search to lend it ([`DlxSudoku`] does).
///
/// [`DlxSudoku`]: crate::puzzles::sudoku::DlxSudoku
pub fn can_lend() -> bool {
    rayon::current_thread_index().is_some() && rayon::current_num_threads() > 1
}

/// Finishes a [`ReducedSolver`] search that its node budget stopped, on
/// every thread of the current rayon pool that has nothing else to do.
///
/// The subtrees the search left ([`ReducedSolver::untried`]) become parts,
/// each searched by [`ReducedSolver::load_after`] of the matrix with the
/// options of [`new`](Self::new)'s `selected` and of the part, which gives
/// the very subtree the stopped search would have searched. A part that
/// outgrows [`part_nodes`](Self::part_nodes) is cut the same way into the
/// subtrees it left. The parts are rayon jobs: a worker that comes free
/// takes the largest part left (the oldest job), while the calling thread
/// goes on with the parts in the search's order and searches whatever no
/// idle worker took. So a program that solves many problems on one pool
/// (the command line's batches) lends its idle workers to the problems
/// still searching, and a pool with no idle worker costs only the cutting.
///
/// Each worker keeps one [`ReducedSolver`] for all the parts it searches.
///
/// ```
/// use std::ops::ControlFlow;
/// use std::sync::atomic::{AtomicU64, Ordering};
/// use dlx_engine::exact_cover::parallel::Lender;
/// use dlx_engine::exact_cover::{End, Limits, ReducedSolver};
/// use dlx_engine::problems::n_queens;
///
/// let matrix = n_queens(10).compile()?;
/// let mut solver = ReducedSolver::new();
/// solver.load_after(&matrix, []).unwrap();
/// let first = solver.count(Limits::none().with_max_nodes(500));
/// let parts = solver.untried().expect("10-queens takes more than 500 nodes");
/// let rest = AtomicU64::new(0);
/// let report = Lender::new(&matrix, &[]).part_nodes(200).for_each(parts, Limits::none(), |_| {
///     rest.fetch_add(1, Ordering::Relaxed);
///     ControlFlow::Continue(())
/// });
/// assert_eq!(report.end, End::Exhausted);
/// // 724 solutions (OEIS A000170), each found once.
/// assert_eq!(first.solutions + rest.into_inner(), 724);
/// # Ok::<(), dlx_engine::exact_cover::ProblemError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Lender<'m> {
    matrix: &'m Matrix,
    selected: &'m [usize],
    part_nodes: u64,
}

impl<'m> Lender<'m> {
    /// Lends the search of `matrix` with the options `selected` selected
    /// (as [`ReducedSolver::load_after`] selects them), cutting parts
    /// again after [`LEND_AFTER_NODES`].
    ///
    /// # Panics
    /// If `matrix` has colours or bounds: a [`ReducedSolver`] searches
    /// plain problems only.
    pub fn new(matrix: &'m Matrix, selected: &'m [usize]) -> Self {
        assert!(
            matrix.shape.kind == crate::exact_cover::arena::Kind::Xc,
            "a Lender searches plain exact-cover problems (no colours, no bounds)"
        );
        Lender {
            matrix,
            selected,
            part_nodes: LEND_AFTER_NODES,
        }
    }

    /// Search nodes a part searches before it is cut into the subtrees it
    /// left (at least 1).
    pub fn part_nodes(mut self, nodes: u64) -> Self {
        self.part_nodes = nodes.max(1);
        self
    }

    /// Visits every solution of `parts` (subtrees from
    /// [`ReducedSolver::untried`], numbered as the matrix numbers its
    /// options, without `selected`), each once, from whichever worker
    /// finds it, in no particular order. The visitor sees a whole
    /// solution: the selected options, the part's, then the rest. It
    /// returns `Break` to stop every part.
    ///
    /// `limits.deadline` and `limits.cancel` stop every part; the
    /// solution and node limits are not used (a budget has no meaning
    /// shared between parts: the visitor counts). The report counts the
    /// visits and the parts' nodes; it ends [`End::Stopped`] once the
    /// visitor broke, [`End::TimeLimit`] or [`End::Cancelled`] if a limit
    /// cut some part short, [`End::Exhausted`] otherwise.
    pub fn for_each<V>(&self, parts: Vec<Vec<usize>>, limits: Limits, visit: V) -> Report
    where
        V: Fn(&[usize]) -> ControlFlow<()> + Sync,
    {
        let run = Run::new(self, limits, Mode::Each(&visit));
        run.search(parts.into_iter().map(|p| (Vec::new(), p)).collect());
        let broke = run.stop.is_raised();
        run.report(broke)
    }

    /// The first solution of `parts` in the order the stopped search
    /// would have found it (its parts are in that order, and so are the
    /// parts each is cut into), whatever the number of threads: the same
    /// solution as one thread's search. A part is skipped, and a cut part's
    /// subtrees after it, once a part before it has a solution; the parts
    /// before the solution's are searched to their end.
    ///
    /// Limits as in [`for_each`](Self::for_each). The report ends
    /// [`End::Stopped`] with the solution (counted 1), [`End::Exhausted`]
    /// when the parts have none, or [`End::TimeLimit`] or
    /// [`End::Cancelled`], with no solution, when a limit cut short a part
    /// before the first solution found.
    pub fn first(&self, parts: Vec<Vec<usize>>, limits: Limits) -> (Option<Vec<usize>>, Report) {
        let run = Run::new(self, limits, Mode::First(Mutex::new(None)));
        run.search(
            parts
                .into_iter()
                .zip(0u32..)
                .map(|(p, k)| (vec![k], p))
                .collect(),
        );
        let Mode::First(best) = &run.mode else {
            unreachable!("made as Mode::First")
        };
        let best = best.lock().unwrap_or_else(PoisonError::into_inner).take();
        let cut_first = run
            .cut
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .as_ref()
            .map(|(key, _)| key.clone());
        let (found, report) = match best {
            // A part before the solution's was cut short: it might hold
            // an earlier one.
            Some((key, _)) if cut_first.as_ref().is_some_and(|cut| *cut < key) => {
                (None, run.report(false))
            }
            Some((_, solution)) => {
                run.solutions.store(1, Ordering::Relaxed);
                (Some(solution), run.report(true))
            }
            None => (None, run.report(false)),
        };
        (found, report)
    }
}

/// What a run does with the solutions.
enum Mode<'v> {
    /// Each goes to the visitor.
    Each(&'v (dyn Fn(&[usize]) -> ControlFlow<()> + Sync)),
    /// The first in the search's order is kept, with the key of its part.
    First(Mutex<Option<(Key, Vec<usize>)>>),
}

/// Where a part lies in the search's order, for [`Lender::first`]: its
/// index among the first parts, then among the parts each cut made, so
/// keys compare (lexicographically) as the parts come in the search. A
/// part that was cut found no solution, so its own key never competes
/// with its subtrees'.
type Key = Vec<u32>;

/// One lent search.
struct Run<'r> {
    lender: &'r Lender<'r>,
    /// Limits of each part: its node budget, and a cancel that is the
    /// caller's or `stop`.
    per_part: Limits,
    /// The caller's limits (their deadline and cancel).
    outer: Limits,
    mode: Mode<'r>,
    /// Raised when the visitor broke: every part stops.
    stop: StopFlag,
    /// Solutions visited.
    solutions: AtomicU64,
    stats: Mutex<Stats>,
    /// How a limit cut a part short, with the smallest key of such a part.
    cut: Mutex<Option<(Key, End)>>,
}

/// A stop flag taken from the free list for one run.
struct StopFlag(Flags);

impl StopFlag {
    fn take() -> Self {
        StopFlag(Flags::take(1))
    }

    fn flag(&self) -> &'static AtomicBool {
        self.0.get(0)
    }

    fn raise(&self) {
        self.flag().store(true, Ordering::Relaxed);
    }

    fn is_raised(&self) -> bool {
        self.flag().load(Ordering::Relaxed)
    }
}

thread_local! {
    /// The solver each worker searches its parts with.
    static SOLVER: RefCell<ReducedSolver> = RefCell::new(ReducedSolver::new());
}

/// Runs `f` on this thread's solver, or on a new one if it is in use (a
/// visitor that lends a search of its own).
fn with_solver<R>(f: impl FnOnce(&mut ReducedSolver) -> R) -> R {
    SOLVER.with(|cell| match cell.try_borrow_mut() {
        Ok(mut solver) => f(&mut solver),
        Err(_) => f(&mut ReducedSolver::new()),
    })
}

impl<'r> Run<'r> {
    fn new(lender: &'r Lender<'r>, limits: Limits, mode: Mode<'r>) -> Self {
        let stop = StopFlag::take();
        let per_part = Limits {
            max_solutions: match mode {
                Mode::Each(_) => None,
                Mode::First(_) => Some(1),
            },
            max_nodes: Some(lender.part_nodes),
            cancel: Some(Cancel::either(limits.cancel, stop.flag())),
            ..limits
        };
        Run {
            lender,
            per_part,
            outer: limits,
            mode,
            stop,
            solutions: AtomicU64::new(0),
            stats: Mutex::new(Stats::default()),
            cut: Mutex::new(None),
        }
    }

    /// Searches `parts` (each with its key) and every part they are cut
    /// into, on the current pool.
    fn search(&self, parts: Vec<(Key, Vec<usize>)>) {
        rayon::scope(|scope| self.spawn(scope, parts));
    }

    /// Spawns `parts` last first: the calling thread takes its newest job
    /// first, so it goes through them in the search's order, while an idle
    /// worker steals the oldest, the last part, which lies nearest the
    /// root and so is the largest.
    fn spawn<'s>(&'s self, scope: &rayon::Scope<'s>, parts: Vec<(Key, Vec<usize>)>)
    where
        'r: 's,
    {
        for (key, part) in parts.into_iter().rev() {
            scope.spawn(move |scope| {
                let cut = self.search_part(&key, &part);
                if !cut.is_empty() {
                    let children = cut
                        .into_iter()
                        .zip(0u32..)
                        .map(|(more, k)| {
                            let mut child_key = key.clone();
                            if matches!(self.mode, Mode::First(_)) {
                                child_key.push(k);
                            }
                            let mut child = part.clone();
                            child.extend(more);
                            (child_key, child)
                        })
                        .collect();
                    self.spawn(scope, children);
                }
            });
        }
    }

    /// Whether a part need not be searched: the visitor broke, or (for
    /// the first solution) a part before it has one.
    fn skip(&self, key: &Key) -> bool {
        if self.stop.is_raised() {
            return true;
        }
        match &self.mode {
            Mode::Each(_) => false,
            Mode::First(best) => best
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .as_ref()
                .is_some_and(|(best, _)| best < key),
        }
    }

    /// Searches one part within its budget; returns the subtrees it left
    /// when the budget stopped it (empty otherwise).
    fn search_part(&self, key: &Key, part: &[usize]) -> Vec<Vec<usize>> {
        if self.skip(key) {
            return Vec::new();
        }
        if let Some(end) = self.outer.must_stop(0) {
            self.note_cut(key, end);
            return Vec::new();
        }
        let lender = self.lender;
        with_solver(|solver| {
            let selected = lender.selected.iter().chain(part).copied();
            if solver.load_after(lender.matrix, selected).is_err() {
                // The part's options clash: it holds no solution.
                return Vec::new();
            }
            let report = match &self.mode {
                Mode::Each(visit) => solver.search(self.per_part, |solution| {
                    self.solutions.fetch_add(1, Ordering::Relaxed);
                    let flow = visit(solution);
                    if flow.is_break() {
                        self.stop.raise();
                    }
                    flow
                }),
                Mode::First(best) => solver.search(self.per_part, |solution| {
                    let mut best = best.lock().unwrap_or_else(PoisonError::into_inner);
                    if !best.as_ref().is_some_and(|(k, _)| key >= k) {
                        *best = Some((key.clone(), solution.to_vec()));
                    }
                    ControlFlow::Break(())
                }),
            };
            *self.stats.lock().unwrap_or_else(PoisonError::into_inner) += report.stats;
            match report.end {
                End::NodeLimit => solver.untried().unwrap_or_default(),
                // Stopped by the visitor's flag, not by the caller's.
                End::Cancelled if self.stop.is_raised() => Vec::new(),
                end if end.is_limit() => {
                    self.note_cut(key, end);
                    Vec::new()
                }
                _ => Vec::new(),
            }
        })
    }

    /// Notes that a limit cut the part of `key` short.
    fn note_cut(&self, key: &Key, end: End) {
        let mut cut = self.cut.lock().unwrap_or_else(PoisonError::into_inner);
        if !cut.as_ref().is_some_and(|(k, _)| key >= k) {
            *cut = Some((key.clone(), end));
        }
    }

    /// The run's report: `found` when the search stopped on purpose (the
    /// visitor broke, or the first solution is known).
    fn report(&self, found: bool) -> Report {
        let cut = self
            .cut
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .as_ref()
            .map(|(_, end)| *end);
        let end = match (found, cut) {
            (true, _) => End::Stopped,
            (false, Some(end)) => end,
            (false, None) => End::Exhausted,
        };
        Report {
            solutions: self.solutions.load(Ordering::Relaxed),
            end,
            stats: *self.stats.lock().unwrap_or_else(PoisonError::into_inner),
        }
    }
}

#[cfg(test)]
mod tests;
