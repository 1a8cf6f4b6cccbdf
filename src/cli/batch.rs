//! The bulk pipeline: records in, solved in parallel, results out in input
//! order.
//!
//! A reader thread pulls records from the input and hands them over in
//! chunks through a bounded channel; the calling thread solves each chunk on
//! a rayon pool and passes the results, in order, to a sink before taking the
//! next chunk. Memory is bounded by a few chunks whatever the input size, and
//! output starts after the first (small) chunk.
//!
//! A slow stream (a pipe fed by a slower program, a terminal) is answered as
//! it comes: an input read through [`StreamRead`] hands over the records
//! read so far before each read that may wait, the calling thread writes the
//! chunks that are done while it waits for the next one, and the sink sees
//! whole chunks, so it can flush after each.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::{self, Read};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::rc::Rc;
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex, PoisonError, TryLockError};
use std::time::{Duration, Instant};

use hdrhistogram::Histogram;
use rayon::prelude::*;

use dlx_engine::exact_cover::Cancel;

/// One input record: where it starts and what it holds (or why it is bad).
#[derive(Debug, Clone)]
pub struct Job<T> {
    /// 1-based line where the record starts (or the offending line).
    pub line: usize,
    /// The parsed record, or the reason it could not be parsed.
    pub task: Result<T, String>,
}

/// What happened to one record. More may come (`Interrupted` came in
/// 0.3): match with a wildcard arm.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Status {
    /// Answered: a solution, or a count/uniqueness verdict that is exact.
    Solved,
    /// The search finished and found no solution.
    Unsolvable,
    /// The record could not be read or its givens contradict each other.
    Invalid,
    /// A node budget or time limit ended the search first.
    Limit,
    /// The batch's [`Config::stop`] flag was raised while the record was
    /// being solved: it has no answer. [`run`] delivers no outcome from
    /// the first such record on.
    Interrupted,
}

/// What the pipeline needs to know of a record's result. The result's
/// wording is the caller's: the pipeline only counts and orders results.
pub trait Outcome: Send + 'static {
    /// The record's line (where it starts, or the offending line).
    fn line(&self) -> usize;
    /// What happened to the record.
    fn status(&self) -> Status;
    /// Search nodes used.
    fn nodes(&self) -> u64;
    /// Time spent solving (not reading or writing).
    fn elapsed(&self) -> Duration;
    /// Sets [`elapsed`](Self::elapsed): [`run`] measures it.
    fn set_elapsed(&mut self, elapsed: Duration);
    /// The result of a record whose solver panicked ([`Status::Invalid`]).
    fn panicked(line: usize) -> Self;
}

/// Totals over a batch.
#[derive(Debug, Clone)]
pub struct Summary {
    /// Records read.
    pub records: u64,
    /// Records answered.
    pub solved: u64,
    /// Records without solution.
    pub unsolvable: u64,
    /// Unreadable or contradictory records.
    pub invalid: u64,
    /// Records whose search hit a limit (or was interrupted).
    pub limited: u64,
    /// Search nodes over all records.
    pub nodes: u64,
    /// Link updates (dancing-links engine only; 0 where not measured).
    pub updates: u64,
    /// Wall-clock time of the whole batch.
    pub wall: Duration,
    /// Solve times (nanoseconds) of every record that was searched, to
    /// three significant digits.
    pub times: Histogram<u64>,
    /// The exact sum and largest of those times (nanoseconds): the
    /// histogram's own are rounded, which shows when there are few.
    pub time_sum: u128,
    /// See [`time_sum`](Self::time_sum).
    pub time_max: u64,
    /// For an exact-cover file (one problem): the engine's report.
    pub exact_cover: Option<dlx_engine::exact_cover::Report>,
    /// Inputs that a read error ended part way (see [`CutShort`]): the
    /// counts of such an input are of the records answered before the
    /// error.
    pub cut_short: u64,
}

impl Default for Summary {
    fn default() -> Self {
        Summary {
            records: 0,
            solved: 0,
            unsolvable: 0,
            invalid: 0,
            limited: 0,
            nodes: 0,
            updates: 0,
            wall: Duration::ZERO,
            times: Histogram::new(3).expect("3 significant digits is valid"),
            time_sum: 0,
            time_max: 0,
            exact_cover: None,
            cut_short: 0,
        }
    }
}

impl Summary {
    /// Adds one outcome to the totals.
    pub fn add(&mut self, outcome: &impl Outcome) {
        self.records += 1;
        self.nodes += outcome.nodes();
        match outcome.status() {
            Status::Solved => self.solved += 1,
            Status::Unsolvable => self.unsolvable += 1,
            Status::Invalid => self.invalid += 1,
            // An interrupted search is one cut short, as by a limit.
            Status::Limit | Status::Interrupted => self.limited += 1,
        }
        if outcome.status() != Status::Invalid {
            let ns = outcome.elapsed().as_nanos().clamp(1, u64::MAX.into()) as u64;
            self.times.record(ns).expect("auto-resizing histogram");
            self.time_sum += u128::from(ns);
            self.time_max = self.time_max.max(ns);
        }
    }

    /// Whether every record was answered.
    pub fn all_solved(&self) -> bool {
        self.solved == self.records
    }

    /// Merges another summary (of another file) into this one.
    pub fn merge(&mut self, other: &Summary) {
        self.records += other.records;
        self.solved += other.solved;
        self.unsolvable += other.unsolvable;
        self.invalid += other.invalid;
        self.limited += other.limited;
        self.nodes += other.nodes;
        self.updates += other.updates;
        self.wall += other.wall;
        self.cut_short += other.cut_short;
        self.time_sum += other.time_sum;
        self.time_max = self.time_max.max(other.time_max);
        self.times
            .add(&other.times)
            .expect("auto-resizing histogram");
    }

    /// The `--stats` report: one line per figure, for people.
    pub fn report(&self, label: &str, threads: usize) -> String {
        if let Some(xc) = &self.exact_cover {
            return format!(
                "{label}: {}{}, {} search nodes, {} link updates{}, {:.3} s\n",
                dlx_engine::error::count_of(xc.solutions, "solution"),
                match xc.end {
                    dlx_engine::exact_cover::End::Exhausted => "",
                    dlx_engine::exact_cover::End::Stopped => {
                        " (search stopped: the solutions asked for were found)"
                    }
                    dlx_engine::exact_cover::End::NodeLimit => " (node budget reached)",
                    dlx_engine::exact_cover::End::TimeLimit => " (time limit reached)",
                    dlx_engine::exact_cover::End::Cancelled => " (interrupted)",
                    _ => " (search stopped)",
                },
                xc.stats.nodes,
                xc.stats.updates,
                match xc.stats.cleansings {
                    0 => String::new(),
                    n => format!(", {n} cleansings"),
                },
                self.wall.as_secs_f64()
            );
        }
        let searched = self.times.len();
        let secs = self.wall.as_secs_f64();
        let micros = |ns: f64| ns / 1000.0;
        let rate = if secs > 0.0 {
            self.records as f64 / secs
        } else {
            0.0
        };
        let mut out = format!(
            "{label}: {}: {} solved, {} unsolvable, {} invalid, {} hit a limit\n",
            dlx_engine::error::count_of(self.records, "record"),
            self.solved,
            self.unsolvable,
            self.invalid,
            self.limited
        );
        match self.cut_short {
            0 => {}
            1 => out += "  1 input cut short by a read error: the records after it were not read\n",
            n => {
                out += &format!(
                    "  {n} inputs cut short by read errors: the records after them were not read\n"
                )
            }
        }
        // A rate of records that were all invalid (or a lone invalid
        // exact-cover problem) would only measure reading them.
        out += &match searched {
            0 => format!(
                "  wall time {secs:.3} s on {}\n",
                dlx_engine::error::count_of(threads as u64, "thread")
            ),
            _ => format!(
                "  wall time {secs:.3} s on {}, {rate:.0} puzzles/s\n",
                dlx_engine::error::count_of(threads as u64, "thread")
            ),
        };
        if searched > 0 {
            out += &format!(
                "  per puzzle: mean {:.1} us, median {:.1} us, max {:.1} us (solve time, one thread)\n",
                micros(self.time_sum as f64 / searched as f64),
                // The histogram's median is rounded up to its bucket: kept
                // within the exact largest time (one record: that time).
                micros(self.times.value_at_quantile(0.5).min(self.time_max) as f64),
                micros(self.time_max as f64)
            );
            out += &format!(
                "  search nodes: {} total, {:.1} per puzzle\n",
                self.nodes,
                self.nodes as f64 / searched as f64
            );
        }
        if self.updates > 0 {
            out += &format!("  link updates: {}\n", self.updates);
        }
        out
    }
}

/// The error [`run`] returns when its input fails part way (a disk or
/// network error halfway through a file): the read error, and the totals
/// of the records answered before it (every one of them was handed to the
/// sink). It travels inside an [`io::Error`] of the read error's kind and
/// reads as the read error itself; [`cut_short`] finds it.
#[derive(Debug)]
pub struct CutShort {
    /// The records answered before the error; [`Summary::cut_short`] is 1
    /// for a read error, 0 for a [`Config::stop`] (kind `Interrupted`).
    pub summary: Summary,
    /// The read error.
    pub error: io::Error,
}

impl std::fmt::Display for CutShort {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.error.fmt(f)
    }
}

impl std::error::Error for CutShort {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

impl CutShort {
    /// `error`, with the totals of the records answered before it, as an
    /// [`io::Error`] of the same kind. A read error counts in
    /// [`Summary::cut_short`]; a stop (`read_error` false) is no fault of
    /// the input.
    fn into_io(mut summary: Summary, error: io::Error, read_error: bool) -> io::Error {
        summary.cut_short = u64::from(read_error);
        io::Error::new(error.kind(), CutShort { summary, error })
    }
}

/// The totals of the records answered before `e`, if `e` is a read error
/// that cut a batch short ([`CutShort`]); `None` for other errors (an
/// output that failed, an input that could not be read at all).
pub fn cut_short(e: &io::Error) -> Option<&Summary> {
    let cut = e.get_ref()?.downcast_ref::<CutShort>()?;
    Some(&cut.summary)
}

/// How a batch runs.
#[derive(Debug, Clone, Copy)]
pub struct Config {
    /// Worker threads; 1 solves on the calling thread.
    pub threads: usize,
    /// Largest number of records per chunk.
    pub max_chunk: usize,
    /// Stop the batch once this flag is raised (Ctrl-C): no record is read
    /// after it, and the outcomes are delivered up to the first record
    /// whose search it cut short ([`Status::Interrupted`], given by the
    /// `solve` function when its limits carry the same flag), so what was
    /// written is every answer of a prefix of the input. [`run`] then ends
    /// with a [`CutShort`] error of kind [`io::ErrorKind::Interrupted`].
    pub stop: Option<Cancel>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            threads: rayon::current_num_threads(),
            max_chunk: 4096,
            stop: None,
        }
    }
}

thread_local! {
    /// What the batch reader thread does before its input may wait: hand
    /// over the records read so far (see [`StreamRead`]).
    static BEFORE_READ: RefCell<Option<Box<dyn FnMut()>>> = const { RefCell::new(None) };
}

/// An input that may keep the reader waiting (standard input, a pipe, a
/// terminal): before each read it lets [`run`] hand over the records read
/// so far, so that they are answered while the input is quiet instead of
/// when a whole chunk has come in. Regular files need no wrapper: their
/// reads never wait on another program.
///
/// Its end is final: once a read gives 0 bytes, every later read gives 0
/// without asking the stream again. A terminal gives 0 at each Ctrl-D and
/// then waits for more, so a second look for the end (a reader checking
/// that nothing follows) would otherwise make the user press Ctrl-D twice.
#[derive(Debug)]
pub struct StreamRead<R> {
    inner: R,
    ended: bool,
}

impl<R> StreamRead<R> {
    /// Wraps `inner`.
    pub fn new(inner: R) -> Self {
        StreamRead {
            inner,
            ended: false,
        }
    }
}

impl<R: Read> Read for StreamRead<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.ended || buf.is_empty() {
            return Ok(0);
        }
        BEFORE_READ.with(|hook| {
            if let Some(hand_over) = hook.borrow_mut().as_mut() {
                hand_over();
            }
        });
        let read = self.inner.read(buf)?;
        self.ended = read == 0;
        Ok(read)
    }
}

/// The records read into the chunk being built, and where full chunks go.
struct ChunkBuilder<T> {
    chunk: Rc<RefCell<Vec<Job<T>>>>,
    sender: SyncSender<io::Result<Vec<Job<T>>>>,
}

impl<T: Send + 'static> ChunkBuilder<T> {
    /// Registers the reader thread's [`BEFORE_READ`] hook: hand over the
    /// chunk so far. The hook runs inside `jobs.next()`, never while the
    /// chunk is borrowed.
    fn new(sender: SyncSender<io::Result<Vec<Job<T>>>>) -> Self {
        let chunk = Rc::new(RefCell::new(Vec::new()));
        let (hook_chunk, hook_sender) = (Rc::clone(&chunk), sender.clone());
        BEFORE_READ.with(|hook| {
            *hook.borrow_mut() = Some(Box::new(move || {
                let records = std::mem::take(&mut *hook_chunk.borrow_mut());
                if !records.is_empty() {
                    // A closed channel means the batch is over; the loop
                    // finds out at its next send.
                    let _ = hook_sender.send(Ok(records));
                }
            }));
        });
        ChunkBuilder { chunk, sender }
    }

    /// Adds a record; returns how many the chunk now holds.
    fn push(&self, job: Job<T>) -> usize {
        let mut chunk = self.chunk.borrow_mut();
        chunk.push(job);
        chunk.len()
    }

    /// Sends the chunk so far, if any; false if the batch is over.
    fn send(&self) -> bool {
        let records = std::mem::take(&mut *self.chunk.borrow_mut());
        records.is_empty() || self.sender.send(Ok(records)).is_ok()
    }
}

impl<T> Drop for ChunkBuilder<T> {
    fn drop(&mut self) {
        BEFORE_READ.with(|hook| *hook.borrow_mut() = None);
    }
}

/// The reader thread: `jobs` in chunks, small first so output starts at
/// once, then larger ones; an input error ends the stream after the
/// records before it.
fn read_chunks<T: Send + 'static>(
    jobs: impl Iterator<Item = io::Result<Job<T>>>,
    sender: SyncSender<io::Result<Vec<Job<T>>>>,
    max_chunk: usize,
    stop: Option<Cancel>,
) {
    let builder = ChunkBuilder::new(sender);
    let mut size = 16.min(max_chunk);
    let stopped = || stop.is_some_and(|stop| stop.is_raised());
    for job in jobs {
        // Looked at after the read: a stop raised while it waited on a
        // pipe still takes effect once it returns.
        let job = if stopped() {
            Err(io::Error::from(io::ErrorKind::Interrupted))
        } else {
            job
        };
        match job {
            Ok(job) => {
                if builder.push(job) >= size {
                    if !builder.send() {
                        return;
                    }
                    size = (size * 2).min(max_chunk);
                }
            }
            Err(e) => {
                if builder.send() {
                    let _ = builder.sender.send(Err(e));
                }
                return;
            }
        }
    }
    builder.send();
}

/// Solves every job of `jobs` with `solve` and hands the outcomes, in input
/// order, to `sink`, a chunk at a time (a moment to flush the output).
/// `init` makes the per-thread state (solvers and their arenas). A panic
/// while solving one record becomes an `Invalid` outcome for that record
/// alone. Stops at the first error of the input or of `sink`; an input
/// error comes after the outcomes of every record before it, as a
/// [`CutShort`] holding their totals.
pub fn run<T, S, I, F, K, O>(
    jobs: I,
    config: Config,
    init: impl Fn() -> S + Sync,
    solve: F,
    mut sink: K,
) -> io::Result<Summary>
where
    T: Send + Sync + 'static,
    S: Send,
    I: Iterator<Item = io::Result<Job<T>>> + Send,
    F: Fn(&mut S, &Job<T>) -> O + Sync,
    K: FnMut(&[O]) -> io::Result<()>,
    O: Outcome,
{
    let start = Instant::now();
    let mut summary = Summary::default();
    let pool = if config.threads > 1 {
        Some(shared_pool(config.threads)?)
    } else {
        None
    };
    // The state is made on a worker's first record, inside the guard: a
    // panic while making it fails that record alone, as a panic while
    // solving does (and the next record tries again).
    let solve_one = |state: &mut Option<S>, job: &Job<T>| -> O {
        let begin = Instant::now();
        match catch_unwind(AssertUnwindSafe(|| {
            solve(state.get_or_insert_with(&init), job)
        })) {
            Ok(mut outcome) => {
                outcome.set_elapsed(begin.elapsed());
                outcome
            }
            Err(_) => {
                // The state may be half-updated: start afresh.
                *state = None;
                O::panicked(job.line)
            }
        }
    };
    // One state per worker for the whole run. `map_init` would make one per
    // rayon job (hundreds per file), each with a cold arena; a worker only
    // ever locks its own slot, so the locks are never contended.
    let states: Vec<Mutex<Option<S>>> = (0..config.threads).map(|_| Mutex::new(None)).collect();
    // The line of the first record a stop cut short: nothing from it on is
    // delivered.
    let mut interrupted: Option<usize> = None;
    let input_error = std::thread::scope(|scope| -> io::Result<InputEnd> {
        let (sender, receiver) = sync_channel::<io::Result<Vec<Job<T>>>>(2);
        let max_chunk = config.max_chunk.max(1);
        scope.spawn(move || read_chunks(jobs, sender, max_chunk, config.stop));
        let mut deliver = |outcomes: &[O]| -> io::Result<()> {
            if interrupted.is_some() {
                return Ok(());
            }
            let outcomes = match outcomes
                .iter()
                .position(|o| o.status() == Status::Interrupted)
            {
                Some(k) => {
                    interrupted = Some(outcomes[k].line());
                    &outcomes[..k]
                }
                None => outcomes,
            };
            for outcome in outcomes {
                summary.add(outcome);
            }
            if outcomes.is_empty() {
                return Ok(());
            }
            sink(outcomes)
        };
        match &pool {
            Some(pool) => pool.in_place_scope(|scope| {
                let states = &states;
                let solve_chunk = move |chunk: Vec<Job<T>>| -> Vec<O> {
                    chunk
                        .par_iter()
                        .map(|job| {
                            let worker = rayon::current_thread_index().unwrap_or(0);
                            // Only this worker takes its slot, so a slot
                            // already taken means the worker re-entered this
                            // run while solving: a `solve` that runs a batch
                            // of its own, whose end the worker waits for by
                            // doing this pool's other jobs. Those get a state
                            // of their own rather than a deadlock on the
                            // lock the same thread holds.
                            match states[worker % states.len()].try_lock() {
                                Ok(mut slot) => solve_one(&mut slot, job),
                                Err(TryLockError::Poisoned(p)) => {
                                    solve_one(&mut p.into_inner(), job)
                                }
                                Err(TryLockError::WouldBlock) => solve_one(&mut None, job),
                            }
                        })
                        .collect()
                };
                pipeline(
                    receiver,
                    |chunk, done| {
                        scope.spawn(move |_| done(solve_chunk(chunk)));
                    },
                    &mut deliver,
                )
            }),
            None => {
                let mut state = None;
                for chunk in receiver {
                    let chunk = match chunk {
                        Ok(chunk) => chunk,
                        Err(e) => return Ok(Some(e)),
                    };
                    let outcomes: Vec<O> = chunk.iter().map(|j| solve_one(&mut state, j)).collect();
                    deliver(&outcomes)?;
                }
                Ok(None)
            }
        }
    })?;
    summary.wall = start.elapsed();
    // A stop cuts the batch short even when the whole input had been read.
    match (interrupted, input_error) {
        (Some(line), _) => Err(CutShort::into_io(summary, stopped_at(Some(line)), false)),
        (None, Some(e))
            if e.kind() == io::ErrorKind::Interrupted
                && config.stop.is_some_and(|stop| stop.is_raised()) =>
        {
            Err(CutShort::into_io(summary, stopped_at(None), false))
        }
        (None, Some(e)) => Err(CutShort::into_io(summary, e, true)),
        (None, None) => Ok(summary),
    }
}

/// The error of a batch that [`Config::stop`] ended: where it stopped,
/// when a record's search was cut short (`line`), or after the last record
/// read.
fn stopped_at(line: Option<usize>) -> io::Error {
    let reason = match line {
        Some(line) => format!("interrupted while solving the record of line {line}"),
        None => "interrupted".to_string(),
    };
    io::Error::new(io::ErrorKind::Interrupted, reason)
}

/// How the input of a batch ended: `None` at its end, `Some` with the read
/// error that stopped it (after every record before it was delivered).
type InputEnd = Option<io::Error>;

/// The worker pool of `threads` threads, built by the first run that asks
/// for that many and kept for the runs after it: a command given thousands
/// of small files runs one batch per file, and starting and joining the
/// threads for each cost far more CPU than the puzzles (docs/perf-log.md,
/// "Figures moved out of code comments").
///
/// A run started on a worker thread of the shared pool itself (a `solve`
/// that runs a batch of its own) gets a pool of its own instead: its
/// calling thread blocks while it waits for chunks, and a shared pool whose
/// workers all waited so would have none left to solve them. Runs started
/// from other pools' workers (`ThreadPool::install`, `par_iter` over files)
/// share it as any caller does.
pub(crate) fn shared_pool(threads: usize) -> io::Result<Arc<rayon::ThreadPool>> {
    static POOLS: Mutex<PoolCache> = Mutex::new(PoolCache { last: None });
    let mut pools = POOLS.lock().unwrap_or_else(PoisonError::into_inner);
    let on_shared = pools
        .last
        .as_ref()
        .is_some_and(|pool| pool.current_thread_index().is_some());
    if on_shared {
        return PoolCache { last: None }.get(threads);
    }
    pools.get(threads)
}

/// The last pool built. Only one size is kept, so a caller changing the
/// number of threads from run to run holds one pool at a time.
struct PoolCache {
    last: Option<Arc<rayon::ThreadPool>>,
}

impl PoolCache {
    fn get(&mut self, threads: usize) -> io::Result<Arc<rayon::ThreadPool>> {
        if let Some(pool) = &self.last {
            if pool.current_num_threads() == threads {
                return Ok(Arc::clone(pool));
            }
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map(Arc::new)
            .map_err(io::Error::other)?;
        self.last = Some(Arc::clone(&pool));
        Ok(pool)
    }
}

/// Chunks solved at once at most: one finishing while the next starts, so the
/// workers never wait for the slowest record of a chunk, and one more
/// queued. Bounds memory to a few chunks of outcomes.
const CHUNKS_IN_FLIGHT: usize = 3;

/// How often the calling thread, waiting for the next chunk of a slow
/// input, writes the chunks finished meanwhile.
const IDLE_POLL: Duration = Duration::from_millis(20);

/// Runs the chunks of `chunks` through `start` (which solves one in the
/// background and calls `done` with its outcomes) with up to
/// [`CHUNKS_IN_FLIGHT`] at a time, and hands the outcomes to `deliver` in
/// input order as they become ready, also while waiting for the next
/// chunk. On an input error, the chunks read before it are still
/// delivered, and the error is returned as the input's end; `Err` is an
/// error of `deliver`.
fn pipeline<T, O, St, D>(
    chunks: Receiver<io::Result<Vec<Job<T>>>>,
    mut start: St,
    deliver: &mut D,
) -> io::Result<InputEnd>
where
    O: Send + 'static,
    St: FnMut(Vec<Job<T>>, Box<dyn FnOnce(Vec<O>) + Send>),
    D: FnMut(&[O]) -> io::Result<()>,
{
    let (done_tx, done_rx) = std::sync::mpsc::channel::<(usize, Vec<O>)>();
    let mut ready: BTreeMap<usize, Vec<O>> = BTreeMap::new();
    let (mut started, mut written) = (0, 0);
    // Takes in the chunks finished so far (waiting for one if `wait`), then
    // writes every chunk now next in order.
    let mut settle = |ready: &mut BTreeMap<usize, Vec<O>>, written: &mut usize, wait| {
        if wait {
            let (index, outcomes) = done_rx.recv().expect("every started chunk reports back");
            ready.insert(index, outcomes);
        }
        ready.extend(done_rx.try_iter());
        while let Some(outcomes) = ready.remove(written) {
            deliver(&outcomes)?;
            *written += 1;
        }
        io::Result::Ok(())
    };
    loop {
        let chunk = match chunks.recv_timeout(IDLE_POLL) {
            Ok(chunk) => chunk,
            Err(RecvTimeoutError::Timeout) => {
                settle(&mut ready, &mut written, false)?;
                continue;
            }
            Err(RecvTimeoutError::Disconnected) => break,
        };
        let chunk = match chunk {
            Ok(chunk) => chunk,
            Err(e) => {
                // Records read before the error still get their results.
                while written < started {
                    settle(&mut ready, &mut written, true)?;
                }
                return Ok(Some(e));
            }
        };
        while started - written >= CHUNKS_IN_FLIGHT {
            settle(&mut ready, &mut written, true)?;
        }
        let done_tx = done_tx.clone();
        let index = started;
        start(
            chunk,
            Box::new(move |outcomes| {
                // The receiver only goes away after an output error, when
                // nothing more is written anyway.
                let _ = done_tx.send((index, outcomes));
            }),
        );
        started += 1;
    }
    while written < started {
        settle(&mut ready, &mut written, true)?;
    }
    Ok(None)
}

#[cfg(test)]
mod tests;
