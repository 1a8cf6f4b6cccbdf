//! [`Enumerator`]: one problem's solutions listed on every thread, in the
//! order one thread lists them.
//!
//! The design is in [`Enumerator`]'s docs.

use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::sync::atomic::Ordering;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

use super::{part_sizes, sharp_solver, split_with, Flags, Shares, PARTS_PER_THREAD, TICK_EVERY};
use crate::exact_cover::limits::{Cancel, Limits};
use crate::exact_cover::matrix::Matrix;
use crate::exact_cover::report::{End, Report, Stats};

/// Parts a worker may claim ahead of the first part not yet passed on,
/// per thread: enough that a long part at the head keeps the others busy
/// with the parts after it, few enough to bound what they hold.
pub const WINDOW_PER_THREAD: usize = 4;

/// Entries (an option number, or a solution's length: 4 bytes each) all
/// the parts waiting for their turn may hold together, about 64 MiB: the
/// solutions of the parts in the window past the head.
pub const BUFFER_ENTRIES: usize = 16 << 20;

/// Search nodes the calling thread spends alone before the threads start
/// ([`Enumerator::head_start`]): about a millisecond, less than making
/// the parts and starting the workers costs, and enough for the first
/// solution of most problems (the 6x10 pentominoes' takes a few hundred
/// nodes), which then costs no more than on one thread.
pub const HEAD_START_NODES: u64 = 10_000;

/// Entries a worker gathers before handing them to its part's slot (one
/// lock per chunk, not per solution).
const CHUNK: usize = 4096;

/// Lists the solutions of one problem on every thread of a rayon pool, in
/// the order [`Solver::search`](crate::exact_cover::Solver::search) visits them.
///
/// ## How the order is kept
///
/// The parts of [`split_with`] hold the solutions in the one-thread order,
/// part after part. Workers claim parts in that order (`next`, one at a
/// time, as they come free) and search each on an arena of their own,
/// putting its solutions into the part's slot, in chunks. The calling
/// thread takes the solutions of the *head* part only (the first part not
/// passed on whole), calls the visitor with them, and moves on to the next
/// part once the head is searched and emptied. So the visitor sees the
/// solutions of part 0, then part 1, ..., each in its search order: the
/// one-thread order.
///
/// ## Bounded memory
///
/// Two limits hold the solutions waiting for their turn: a worker claims
/// part `k` only while `k < head + window` (parts in flight or searched
/// but not yet passed on); and a worker whose part holds `cap` entries
/// (option numbers and lengths) waits in its visitor until the head has
/// taken them (its own part, once it is the head). So at most about
/// `window * (cap + CHUNK)` entries wait, [`BUFFER_ENTRIES`](crate::exact_cover::parallel::BUFFER_ENTRIES) in all,
/// whatever the number of solutions. A worker that waits stops searching:
/// when the parts have more solutions than the buffer holds, the search
/// runs at the speed of the head part, as on one thread.
///
/// ## Stopping
///
/// Each worker searches with a cancel flag of its own beside the caller's
/// (a second flag of its [`Cancel`]). Once the visitor has had `max_solutions`, or
/// returned `Break`, or the head part stopped at a limit, the run is
/// *over*: every worker's flag is raised, and waiting workers are woken.
/// With `max_solutions`, as soon as the parts up to some `j` are known to
/// hold that many solutions (`cutoff`), no part after `j` is claimed and
/// the workers searching one are stopped by their flags: a later part that
/// finds solutions early never wins, and never waits for the earlier ones.
///
/// ```
/// use std::ops::ControlFlow;
/// use dlx_engine::exact_cover::parallel::Enumerator;
/// use dlx_engine::exact_cover::{End, Limits, Solver};
/// use dlx_engine::problems::n_queens;
///
/// let matrix = n_queens(8).compile()?;
/// let mut one = Vec::new();
/// Solver::new(&matrix).search(Limits::none(), |s| {
///     one.push(s.to_vec());
///     ControlFlow::Continue(())
/// });
/// let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
/// let mut many = Vec::new();
/// let report = Enumerator::new(&matrix)
///     .pool(&pool)
///     .for_each_in_order(Limits::none(), |s| {
///         many.push(s.to_vec());
///         ControlFlow::Continue(())
///     });
/// assert_eq!((report.solutions, report.end), (92, End::Exhausted)); // OEIS A000170
/// assert_eq!(many, one);
/// # Ok::<(), dlx_engine::exact_cover::ProblemError>(())
/// ```
#[derive(Clone)]
pub struct Enumerator<'m> {
    matrix: &'m Matrix,
    sharp: bool,
    parts_per_thread: usize,
    buffer: usize,
    head_start: u64,
    pool: Option<&'m rayon::ThreadPool>,
    progress: Option<&'m (dyn Fn(u64) + Sync)>,
    share: Option<&'m (dyn Fn(f64) + Sync)>,
}

/// Its settings, not the matrix.
impl std::fmt::Debug for Enumerator<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Enumerator")
            .field("sharp", &self.sharp)
            .field("parts_per_thread", &self.parts_per_thread)
            .field("buffer", &self.buffer)
            .field("head_start", &self.head_start)
            .field(
                "pool",
                &self.pool.map(rayon::ThreadPool::current_num_threads),
            )
            .field("progress", &self.progress.is_some())
            .field("share", &self.share.is_some())
            .finish_non_exhaustive()
    }
}

impl<'m> Enumerator<'m> {
    /// An enumerator for `matrix`, with the plain choice rule,
    /// [`PARTS_PER_THREAD`](crate::exact_cover::parallel::PARTS_PER_THREAD), [`BUFFER_ENTRIES`](crate::exact_cover::parallel::BUFFER_ENTRIES) and the current rayon pool.
    pub fn new(matrix: &'m Matrix) -> Self {
        Enumerator {
            matrix,
            sharp: false,
            parts_per_thread: PARTS_PER_THREAD,
            buffer: BUFFER_ENTRIES,
            head_start: HEAD_START_NODES,
            pool: None,
            progress: None,
            share: None,
        }
    }

    /// Chooses items named `#...` first ([`Solver::prefer_sharp`](crate::exact_cover::Solver::prefer_sharp)).
    pub fn sharp(mut self, on: bool) -> Self {
        self.sharp = on;
        self
    }

    /// Parts made per thread (at least 1).
    pub fn parts_per_thread(mut self, parts: usize) -> Self {
        self.parts_per_thread = parts.max(1);
        self
    }

    /// Entries (4 bytes each) the parts waiting for their turn may hold
    /// together (see [`Enumerator`]); at least one chunk per part.
    pub fn buffer(mut self, entries: usize) -> Self {
        self.buffer = entries;
        self
    }

    /// Search nodes the calling thread spends alone first (default
    /// [`HEAD_START_NODES`](crate::exact_cover::parallel::HEAD_START_NODES); 0 for none): a search that ends within them
    /// (its first solution found, or the whole tree) is over before any
    /// part is made. Otherwise the parts are searched from the start, the
    /// solutions already visited passed over, and the nodes spent count
    /// in the report.
    pub fn head_start(mut self, nodes: u64) -> Self {
        self.head_start = nodes;
        self
    }

    /// Searches on `pool` rather than the current rayon pool. Call
    /// [`for_each_in_order`](Self::for_each_in_order) from a thread outside
    /// the pool (as `dlx solve` does from its main thread): the calling
    /// thread passes the solutions on while every thread of the pool
    /// searches. Called from a thread of the pool, it takes that thread
    /// from the search.
    pub fn pool(mut self, pool: &'m rayon::ThreadPool) -> Self {
        self.pool = Some(pool);
        self
    }

    /// Calls `tick` with the solutions passed to the visitor so far,
    /// every [`TICK_EVERY`](crate::exact_cover::parallel::TICK_EVERY) of them, on the calling thread.
    pub fn progress(mut self, tick: &'m (dyn Fn(u64) + Sync)) -> Self {
        self.progress = Some(tick);
        self
    }

    /// Calls `done` with the share of the search tree done, as
    /// [`Counter::share_done`](super::Counter::share_done) does: 0 once
    /// the parts are made, then after each part searched whole, in
    /// increasing order (from the workers' threads). Not called when the
    /// search runs on one thread.
    pub fn share_done(mut self, done: &'m (dyn Fn(f64) + Sync)) -> Self {
        self.share = Some(done);
        self
    }

    /// Calls `visit` with each solution within `limits`, on the calling
    /// thread, in the order [`Solver::search`](crate::exact_cover::Solver::search) would, and with the same
    /// option numbers in the same order (pre-selected options first, then
    /// by level), for any number of threads. `visit` returns `Break` to
    /// stop.
    ///
    /// The report is one thread's when the search is exhausted or stopped
    /// by `limits.max_solutions` or the visitor: the solutions visited and
    /// the same end. The nodes and updates are those of every part
    /// searched (parts after the last solution wanted may have begun, and
    /// the levels [`split`](super::split) made are not searched again).
    /// A deadline or the cancel flag stops every part; the solutions
    /// visited are then the first ones of the one-thread order, and the
    /// end is [`End::TimeLimit`] or [`End::Cancelled`].
    ///
    /// A node budget has no meaning shared between parts: with
    /// `limits.max_nodes` set the search runs on one thread, as
    /// [`Solver::search`](crate::exact_cover::Solver::search); so does a pool of one thread.
    pub fn for_each_in_order<F>(&self, limits: Limits, visit: F) -> Report
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        self.in_order(limits, visit).0
    }

    /// [`for_each_in_order`](Self::for_each_in_order), with the most
    /// entries the parts held at once (0 on one thread).
    fn in_order<F>(&self, limits: Limits, mut visit: F) -> (Report, usize)
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        let threads = self.pool.map_or_else(
            rayon::current_num_threads,
            rayon::ThreadPool::current_num_threads,
        );
        let mut solver = sharp_solver(self.matrix, self.sharp);
        let max = limits.max_solutions.unwrap_or(u64::MAX);
        if limits.max_nodes.is_some() || threads == 1 || max == 0 {
            return (solver.search(limits, visit), 0);
        }
        let mut skip = 0u64;
        let mut early = Stats::default();
        if self.head_start > 0 {
            let alone = solver.search(limits.with_max_nodes(self.head_start), |s| {
                skip += 1;
                visit(s)
            });
            if alone.end != End::NodeLimit {
                return (alone, 0);
            }
            early = alone.stats;
        }
        let parts = split_with(&mut solver, threads * self.parts_per_thread);
        let shares = self.share.map(|done| {
            let sizes = || part_sizes(self.matrix, self.sharp, &parts);
            let sizes = match self.pool {
                Some(pool) => pool.install(sizes),
                None => sizes(),
            };
            (Shares::new(&sizes), done)
        });
        if let Some((shares, done)) = &shares {
            done(shares.done());
        }
        let window = threads * WINDOW_PER_THREAD;
        let run = Run {
            enumerator: self,
            limits,
            max,
            skip,
            parts: &parts,
            shares: shares.as_ref().map(|(s, d)| (s, *d)),
            cap: (self.buffer / window).max(CHUNK),
            window,
            flags: Flags::take(threads),
            state: Mutex::new(State {
                next: 0,
                head: 0,
                before_head: 0,
                cutoff: parts.len(),
                slots: (0..parts.len()).map(|_| Slot::default()).collect(),
                running: vec![None; threads],
                over: false,
                stats: early,
                held: 0,
                peak: 0,
            }),
            for_head: Condvar::new(),
            for_workers: Condvar::new(),
        };
        match self.pool {
            Some(pool) => pool.in_place_scope(|scope| run.spawn_and_pass_on(scope, &mut visit)),
            None => rayon::in_place_scope(|scope| run.spawn_and_pass_on(scope, &mut visit)),
        }
    }
}

/// What one part's worker has handed over.
#[derive(Debug, Default)]
struct Slot {
    /// Solutions not yet passed on, in chunks: each solution is its length,
    /// then its option numbers.
    chunks: VecDeque<Vec<u32>>,
    /// Entries in `chunks`.
    entries: usize,
    /// Solutions handed over so far (passed on or not).
    found: u64,
    /// The part's report once its search is over; `Some` with no solution
    /// and no work for a part whose options clash.
    report: Option<Report>,
}

/// The run's shared state, behind one lock.
#[derive(Debug)]
struct State {
    /// The next part to claim.
    next: usize,
    /// The first part not passed on whole. Invariant: every part before
    /// it is passed on, and `head <= next` unless the run is over.
    head: usize,
    /// Solutions of the parts before `head` (all passed on).
    before_head: u64,
    /// Parts from here on are not needed: those before hold
    /// `max_solutions` solutions already (`parts.len()` until they do).
    cutoff: usize,
    slots: Vec<Slot>,
    /// The part each worker searches.
    running: Vec<Option<usize>>,
    /// The visitor has had all it wants, a limit stopped the head, or a
    /// thread panicked: nothing more is searched or passed on.
    over: bool,
    /// Work of every part searched.
    stats: Stats,
    /// Entries in all the slots.
    held: usize,
    /// The most `held` has been.
    peak: usize,
}

/// One call of [`Enumerator::for_each_in_order`].
struct Run<'r, 'm> {
    enumerator: &'r Enumerator<'m>,
    limits: Limits,
    max: u64,
    /// Solutions the head start visited already: the first ones are
    /// passed over.
    skip: u64,
    parts: &'r [super::Part],
    shares: Option<(&'r Shares, &'m (dyn Fn(f64) + Sync))>,
    /// Entries a part may hold before its worker waits.
    cap: usize,
    /// Parts that may be claimed past the head.
    window: usize,
    /// Each worker's stop flag.
    flags: Flags,
    state: Mutex<State>,
    /// Wakes the calling thread: the head part got solutions or ended.
    for_head: Condvar,
    /// Wakes the workers: the head moved, took solutions, or the run is
    /// over.
    for_workers: Condvar,
}

impl Run<'_, '_> {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Ends the run: raises every worker's flag and wakes everyone.
    fn end(&self, state: &mut State) {
        state.over = true;
        for flag in &self.flags.0 {
            flag.store(true, Ordering::Relaxed);
        }
        self.for_workers.notify_all();
        self.for_head.notify_all();
    }

    /// Worker `w`: claims parts in order and searches them until none is
    /// left or the run is over.
    fn work(&self, w: usize) {
        // A panic here must not leave the calling thread waiting for a
        // part that will never end.
        let _guard = EndOnPanic(self);
        let mut solver = sharp_solver(self.enumerator.matrix, self.enumerator.sharp);
        let flag = self.flags.0[w];
        let limits = Limits {
            max_solutions: None,
            max_nodes: None,
            cancel: Some(Cancel::either(self.limits.cancel, flag)),
            ..self.limits
        };
        let mut chunk: Vec<u32> = Vec::with_capacity(CHUNK + 64);
        loop {
            let k = {
                let mut state = self.lock();
                loop {
                    if state.over || state.next >= state.cutoff {
                        return;
                    }
                    if state.next < state.head + self.window {
                        break;
                    }
                    state = self
                        .for_workers
                        .wait(state)
                        .unwrap_or_else(PoisonError::into_inner);
                }
                let k = state.next;
                state.next += 1;
                state.running[w] = Some(k);
                // Under the lock, as it is raised: a flag raised for the
                // part before is not carried over to this one.
                flag.store(false, Ordering::Relaxed);
                k
            };
            let report = if self.parts[k].apply(&mut solver).is_err() {
                Report {
                    solutions: 0,
                    end: End::Exhausted,
                    stats: Stats::default(),
                }
            } else {
                let mut found = 0u64;
                solver.search(limits, |solution| {
                    chunk.push(solution.len() as u32);
                    // Option numbers fit in u32: the arena's are u32.
                    chunk.extend(solution.iter().map(|&o| o as u32));
                    found += 1;
                    // The part owes no more than `max` solutions.
                    let enough = found >= self.max;
                    if (chunk.len() >= CHUNK || enough) && !self.hand_over(k, &mut chunk) {
                        return ControlFlow::Break(());
                    }
                    if enough {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                })
            };
            let mut state = self.lock();
            self.push(&mut state, k, &mut chunk);
            state.stats += report.stats;
            state.running[w] = None;
            let whole = matches!(report.end, End::Exhausted);
            state.slots[k].report = Some(report);
            if k == state.head {
                self.for_head.notify_all();
            }
            drop(state);
            if let Some((shares, done)) = self.shares.filter(|_| whole) {
                shares.finish(k, done);
            }
        }
    }

    /// Hands `chunk` over to part `k`'s slot, then waits while the slot
    /// is full. `false` when the part is no longer wanted (the run is over,
    /// or the part is past the cutoff).
    fn hand_over(&self, k: usize, chunk: &mut Vec<u32>) -> bool {
        let mut state = self.lock();
        self.push(&mut state, k, chunk);
        loop {
            if state.over || k >= state.cutoff {
                return false;
            }
            if state.slots[k].entries < self.cap {
                return true;
            }
            state = self
                .for_workers
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// Moves `chunk` into part `k`'s slot and, with `max_solutions`, moves
    /// the cutoff to the first part by which that many are found, stopping
    /// the workers of the parts after it.
    fn push(&self, state: &mut State, k: usize, chunk: &mut Vec<u32>) {
        if chunk.is_empty() {
            return;
        }
        let solutions = count_solutions(chunk);
        state.held += chunk.len();
        state.peak = state.peak.max(state.held);
        let slot = &mut state.slots[k];
        slot.entries += chunk.len();
        slot.found += solutions;
        slot.chunks
            .push_back(std::mem::replace(chunk, Vec::with_capacity(CHUNK + 64)));
        if k == state.head {
            self.for_head.notify_all();
        }
        if self.max == u64::MAX {
            return;
        }
        let mut sum = state.before_head;
        let mut cutoff = state.cutoff;
        for j in state.head..state.cutoff.min(state.next) {
            sum += state.slots[j].found;
            if sum >= self.max {
                cutoff = j + 1;
                break;
            }
        }
        if cutoff < state.cutoff {
            state.cutoff = cutoff;
            for (w, part) in state.running.iter().enumerate() {
                if part.is_some_and(|p| p >= cutoff) {
                    self.flags.0[w].store(true, Ordering::Relaxed);
                }
            }
            self.for_workers.notify_all();
        }
    }

    /// Starts a worker per flag on `scope`, then passes the solutions on
    /// ([`pass_on`](Self::pass_on)).
    fn spawn_and_pass_on<'s, F>(
        &'s self,
        scope: &rayon::Scope<'s>,
        visit: &mut F,
    ) -> (Report, usize)
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        for w in 0..self.flags.0.len() {
            scope.spawn(move |_| self.work(w));
        }
        self.pass_on(visit)
    }

    /// The calling thread: passes the head part's solutions to `visit`,
    /// part after part, until every part is passed on or the run is over.
    fn pass_on<F>(&self, visit: &mut F) -> (Report, usize)
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        // A panicking visitor must not leave the workers waiting.
        let _guard = EndOnPanic(self);
        let mut visited = 0u64;
        let mut end = End::Exhausted;
        let mut solution: Vec<usize> = Vec::new();
        let tick = self.enumerator.progress;
        'parts: loop {
            let chunks = {
                let mut state = self.lock();
                loop {
                    if state.over {
                        // A worker panicked: the scope will say so.
                        break 'parts;
                    }
                    let head = state.head;
                    if head >= self.parts.len() {
                        break 'parts;
                    }
                    let slot = &mut state.slots[head];
                    if !slot.chunks.is_empty() {
                        let entries = std::mem::take(&mut slot.entries);
                        let chunks = std::mem::take(&mut slot.chunks);
                        state.held -= entries;
                        self.for_workers.notify_all();
                        break chunks;
                    }
                    if let Some(report) = slot.report {
                        if report.end.is_limit() {
                            end = report.end;
                            break 'parts;
                        }
                        state.before_head += slot.found;
                        state.head += 1;
                        self.for_workers.notify_all();
                        continue;
                    }
                    state = self
                        .for_head
                        .wait(state)
                        .unwrap_or_else(PoisonError::into_inner);
                }
            };
            for chunk in chunks {
                let mut at = 0;
                while at < chunk.len() {
                    let len = chunk[at] as usize;
                    solution.clear();
                    solution.extend(chunk[at + 1..at + 1 + len].iter().map(|&o| o as usize));
                    at += 1 + len;
                    visited += 1;
                    if visited <= self.skip {
                        continue;
                    }
                    if let Some(tick) = tick.filter(|_| visited % TICK_EVERY == 0) {
                        tick(visited);
                    }
                    if visit(&solution).is_break() || visited >= self.max {
                        end = End::Stopped;
                        break 'parts;
                    }
                }
            }
        }
        let mut state = self.lock();
        self.end(&mut state);
        let (stats, peak) = (state.stats, state.peak);
        drop(state);
        let report = Report {
            solutions: visited,
            end,
            stats,
        };
        (report, peak)
    }
}

/// Solutions in a chunk (each is its length, then its options).
fn count_solutions(chunk: &[u32]) -> u64 {
    let (mut at, mut n) = (0, 0);
    while at < chunk.len() {
        at += 1 + chunk[at] as usize;
        n += 1;
    }
    n
}

/// Ends the run if dropped while its thread panics.
struct EndOnPanic<'a, 'r, 'm>(&'a Run<'r, 'm>);

impl Drop for EndOnPanic<'_, '_, '_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let mut state = self.0.lock();
            self.0.end(&mut state);
        }
    }
}

#[cfg(test)]
mod tests;
