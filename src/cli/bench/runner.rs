//! Executes a benchmark on one input: every puzzle with every solver,
//! interleaved, each solve timed on its own and its answer verified.
//!
//! Interleaving, so that drift of the machine (frequency scaling, other
//! load, thermal throttling) hits every solver alike:
//!
//! - One thread: puzzle by puzzle, each solver in turn, the order of the
//!   solvers rotating from one puzzle to the next (no solver always runs
//!   right after another one has flushed the caches).
//! - `N > 1` threads: block by block ([`Config::block_size`] puzzles at
//!   first, doubling while a block takes the fastest solver under
//!   [`BLOCK_TARGET`](super::BLOCK_TARGET)); each solver in turn (rotating
//!   per block) solves the block on a rayon pool of `N` threads, up to 8
//!   puzzles per task (a task takes its thread's solver once; one puzzle
//!   per task measured slower on short puzzles, docs/perf-log.md). Each
//!   puzzle is still timed alone, on the thread that solves it: per-puzzle
//!   times are single-thread times (measured while the other threads
//!   work). Throughput is wall-clock: the solver's puzzles over the summed
//!   wall time of its blocks, what happens between the solves included.
//!   With one thread it is the sum of the solves' own times, so `-j1`
//!   leaves out the little that `-jN` counts between puzzles.
//!
//! Every thread keeps one solver of each kind for the whole run and warms it
//! before timing starts by solving the empty grid and the first puzzle of
//! each size (capped at [`WARM_NODES`] nodes), so no timed solve pays for
//! building an arena or the shared exact-cover matrix, or for growing the
//! solver's buffers.
//!
//! Answers are verified outside the timed region, independently of the
//! solvers ([`Grid::check_solution`]; for Sudominoku
//! [`sudominoku::verify`], which also checks the domino tiling). A wrong
//! grid, a panic, or a claim of "no solution" for a puzzle another solver
//! solved is a [`BenchError::WrongAnswer`].

use std::io;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::load::{PuzzleSet, Puzzles, RuledGrid};
use super::measurement::{Measurement, Outcome};
use super::stats::SolverStats;
use super::{kind_name, solver_name, BenchError, Config, FileReport, SolverResult};
use crate::cli::solvers::{sudoku_solver, SolverKind};
use dlx_engine::baseline::NaiveSudominoku;
use dlx_engine::exact_cover::{End, Limits};
use dlx_engine::puzzles::sudoku::variants::{
    CellSolution, LayoutPuzzle, PeerSudoku, VariantSudoku,
};
use dlx_engine::puzzles::sudoku::{Grid, Solution, SudokuSolver};
use dlx_engine::puzzles::sudominoku::{self, DlxSudominoku, SudominokuSolver};

/// Node cap of the untimed warm-up solves.
pub const WARM_NODES: u64 = 100_000;

/// What one solve found, whatever the puzzle type: the first solution (a
/// grid, or a layout's cells), the solutions counted, why the search
/// ended and its nodes.
struct Found<A> {
    answer: Option<A>,
    count: u64,
    end: End,
    nodes: u64,
}

impl From<Solution> for Found<Grid> {
    fn from(s: Solution) -> Self {
        Found {
            answer: s.grid,
            count: s.count,
            end: s.end,
            nodes: s.nodes,
        }
    }
}

impl From<CellSolution> for Found<Vec<u8>> {
    fn from(s: CellSolution) -> Self {
        Found {
            answer: s.cells,
            count: s.count,
            end: s.end,
            nodes: s.nodes,
        }
    }
}

/// A puzzle type the benchmark can run.
trait Instance: Sync + Clone {
    /// A solver of this puzzle type (one per thread).
    type Solver: Send;
    /// A solution as its solvers give it.
    type Answer: Send;
    /// The solver of a kind, if there is one for this puzzle type.
    fn solver(kind: SolverKind) -> Option<Self::Solver>;
    /// Solves the puzzle.
    fn solve(&self, solver: &mut Self::Solver, limits: Limits) -> Found<Self::Answer>;
    /// Checks an answer independently of the solvers.
    fn verify(&self, answer: &Self::Answer) -> Result<(), String>;
    /// Puzzles of one class share warm state (the Sudoku box size).
    fn class(&self) -> usize;
    /// A puzzle of this one's class that takes the solvers' buffers to
    /// their largest, solved untimed before the run: without it the first
    /// timed puzzle that needs more room pays for growing them.
    fn roomiest(&self) -> Option<Self>
    where
        Self: Sized;
}

impl Instance for Grid {
    type Solver = Box<dyn SudokuSolver + Send>;
    type Answer = Grid;
    fn solver(kind: SolverKind) -> Option<Self::Solver> {
        // Each puzzle is timed on one thread.
        Some(sudoku_solver(kind, None))
    }
    fn solve(&self, solver: &mut Self::Solver, limits: Limits) -> Found<Grid> {
        solver.solve(self, limits).into()
    }
    fn verify(&self, grid: &Grid) -> Result<(), String> {
        Ok(grid.check_solution(self)?)
    }
    fn class(&self) -> usize {
        self.box_size()
    }
    /// The empty grid: its search leaves every option in the arena and
    /// covers every item (the first empty 9x9 grid of a run took 4x the
    /// time of the next ones when only the first puzzle warmed the solvers).
    fn roomiest(&self) -> Option<Self> {
        Some(Grid::empty(self.box_size()))
    }
}

/// A variant puzzle's solver, made for the puzzle's rules on first use (a
/// run has one set of rules): dlx is [`VariantSudoku`], the engine on the
/// variant's matrix; `bitmask` is [`PeerSudoku`], candidate bit masks over
/// each cell's peers, fewest candidates first (the classic bitmask
/// baseline knows no variant rules). There is no naive variant solver.
pub struct RuledSolver {
    kind: SolverKind,
    solver: Option<Box<dyn SudokuSolver + Send>>,
}

impl Instance for RuledGrid {
    type Solver = RuledSolver;
    type Answer = Grid;
    fn solver(kind: SolverKind) -> Option<Self::Solver> {
        (kind != SolverKind::Naive).then_some(RuledSolver { kind, solver: None })
    }
    fn solve(&self, solver: &mut Self::Solver, limits: Limits) -> Found<Grid> {
        let rules = self.rules;
        let kind = solver.kind;
        let solver = solver.solver.get_or_insert_with(|| match kind {
            SolverKind::Dlx => Box::new(VariantSudoku::new(rules)),
            _ => Box::new(PeerSudoku::new(rules)),
        });
        solver.solve(&self.grid, limits).into()
    }
    fn verify(&self, grid: &Grid) -> Result<(), String> {
        Ok(self.rules.check_solution(grid, &self.grid)?)
    }
    fn class(&self) -> usize {
        self.grid.box_size()
    }
    fn roomiest(&self) -> Option<Self> {
        Some(RuledGrid {
            grid: Grid::empty(self.grid.shape()),
            rules: self.rules,
        })
    }
}

impl Instance for sudominoku::Puzzle {
    type Solver = Box<dyn SudominokuSolver + Send>;
    type Answer = Grid;
    fn solver(kind: SolverKind) -> Option<Self::Solver> {
        match kind {
            // Each puzzle is timed on one thread.
            SolverKind::Dlx => Some(Box::new(DlxSudominoku::new().lend_after(None))),
            SolverKind::Naive => Some(Box::new(NaiveSudominoku::new())),
            SolverKind::Bitmask => None,
        }
    }
    fn solve(&self, solver: &mut Self::Solver, limits: Limits) -> Found<Grid> {
        solver.solve(self, limits).into()
    }
    fn verify(&self, grid: &Grid) -> Result<(), String> {
        Ok(sudominoku::verify(self, grid)?)
    }
    fn class(&self) -> usize {
        0
    }
    fn roomiest(&self) -> Option<Self> {
        None
    }
}

/// A layout's solver: dlx is the engine on the layout's encoding, `bitmask`
/// its peer backtracker (candidate masks over each cell's peers and cages,
/// sharing no code with the encoding). There is no naive layout solver.
#[derive(Debug, Clone, Copy)]
pub struct LayoutSolver(SolverKind);

impl Instance for LayoutPuzzle {
    type Solver = LayoutSolver;
    type Answer = Vec<u8>;
    fn solver(kind: SolverKind) -> Option<Self::Solver> {
        (kind != SolverKind::Naive).then_some(LayoutSolver(kind))
    }
    fn solve(&self, solver: &mut Self::Solver, limits: Limits) -> Found<Vec<u8>> {
        match solver.0 {
            SolverKind::Dlx => self.solve(limits).into(),
            _ => self.solve_by_peers(limits).into(),
        }
    }
    fn verify(&self, cells: &Vec<u8>) -> Result<(), String> {
        self.check_solution(cells)
    }
    fn class(&self) -> usize {
        self.side()
    }
    fn roomiest(&self) -> Option<Self> {
        None
    }
}

/// Benchmarks one input with the solvers of `config`. `progress` is told
/// how many solves finished (outside the timed regions).
pub fn run(
    set: &PuzzleSet,
    config: &Config,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<FileReport, BenchError> {
    let (measurements, skipped) = match &set.puzzles {
        Puzzles::Sudoku(grids) => measure(set, grids, config, progress)?,
        Puzzles::Sudominoku(puzzles) => measure(set, puzzles, config, progress)?,
        Puzzles::Variant(puzzles) => measure(set, puzzles, config, progress)?,
        Puzzles::Layout(puzzles) => measure(set, puzzles, config, progress)?,
    };
    // Puzzles every solver finished: all of them unless the run was stopped.
    let measured = measurements.first().map_or(set.len(), |m| m.outcomes.len());
    let mut sizes: Vec<(usize, usize)> = Vec::new();
    let grids: Vec<&Grid> = match &set.puzzles {
        Puzzles::Sudoku(grids) => grids.iter().collect(),
        Puzzles::Variant(ruled) => ruled.iter().map(|r| &r.grid).collect(),
        Puzzles::Sudominoku(_) | Puzzles::Layout(_) => Vec::new(),
    };
    let sides: Vec<usize> = match &set.puzzles {
        Puzzles::Layout(puzzles) => puzzles.iter().map(LayoutPuzzle::side).collect(),
        _ => grids.iter().map(|g| g.side()).collect(),
    };
    for side in sides.into_iter().take(measured) {
        match sizes.iter_mut().find(|(s, _)| *s == side) {
            Some((_, n)) => *n += 1,
            None => sizes.push((side, 1)),
        }
    }
    let results = measurements
        .into_iter()
        .map(|m| SolverResult {
            stats: SolverStats::of(&m),
            measurement: m,
        })
        .collect();
    Ok(FileReport {
        file: set.name.clone(),
        path: set.path.clone(),
        kind: set.kind,
        records: set.records,
        lines: set.lines[..measured].to_vec(),
        not_measured: set.len() - measured,
        sizes,
        invalid: set.invalid.clone(),
        skipped,
        warnings: set.warnings.clone(),
        results,
    })
}

/// Whether `solver` can run on the puzzles of `set` (no bitmask solver for
/// Sudominoku).
pub fn supports(set: &PuzzleSet, solver: SolverKind) -> bool {
    match &set.puzzles {
        Puzzles::Sudoku(_) => Grid::solver(solver).is_some(),
        Puzzles::Sudominoku(_) => sudominoku::Puzzle::solver(solver).is_some(),
        Puzzles::Variant(_) => RuledGrid::solver(solver).is_some(),
        Puzzles::Layout(_) => LayoutPuzzle::solver(solver).is_some(),
    }
}

/// One timed solve.
struct Attempt<A> {
    elapsed: Duration,
    /// The solver's answer, or the message of its panic.
    solution: Result<Found<A>, String>,
}

impl<A> Attempt<A> {
    /// Whether [`Config::stop`] ended the solve (it is then not measured).
    fn cancelled(&self) -> bool {
        matches!(&self.solution, Ok(s) if s.end == End::Cancelled)
    }
}

fn timed<T: Instance>(puzzle: &T, solver: &mut T::Solver, limits: Limits) -> Attempt<T::Answer> {
    let begin = Instant::now();
    let solution = catch_unwind(AssertUnwindSafe(|| puzzle.solve(solver, limits)));
    let elapsed = begin.elapsed();
    Attempt {
        elapsed,
        solution: solution.map_err(|payload| {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "no message".into());
            format!("the solver panicked: {message}")
        }),
    }
}

type Measured = (Vec<Measurement>, Vec<(SolverKind, String)>);

fn measure<T: Instance>(
    set: &PuzzleSet,
    puzzles: &[T],
    config: &Config,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Measured, BenchError> {
    let mut kinds = Vec::new();
    let mut skipped = Vec::new();
    for &kind in &config.solvers {
        if T::solver(kind).is_some() {
            kinds.push(kind);
        } else {
            skipped.push((
                kind,
                format!(
                    "no {} solver for {}{} puzzles",
                    solver_name(kind),
                    kind_name(set.kind),
                    if matches!(set.puzzles, Puzzles::Variant(_) | Puzzles::Layout(_)) {
                        " variant"
                    } else {
                        ""
                    }
                ),
            ));
        }
    }
    let limits: Vec<Limits> = kinds
        .iter()
        .map(|&k| Limits {
            max_solutions: Some(1),
            max_nodes: config.budget(k),
            cancel: config.stop,
            ..Limits::default()
        })
        .collect();
    let mut ms: Vec<Measurement> = kinds
        .iter()
        .map(|&k| Measurement {
            solver: k,
            budget: config.budget(k),
            times_ns: Vec::with_capacity(puzzles.len()),
            nodes: Vec::with_capacity(puzzles.len()),
            outcomes: Vec::with_capacity(puzzles.len()),
            wall: Duration::ZERO,
        })
        .collect();
    let n = kinds.len();
    if puzzles.is_empty() || n == 0 {
        return Ok((ms, skipped));
    }
    let make = || -> Vec<T::Solver> {
        kinds
            .iter()
            .map(|&k| T::solver(k).expect("only available solvers are kept"))
            .collect()
    };
    // The roomiest puzzle of each class and its first one warm the
    // solvers (results ignored).
    let mut warmers: Vec<T> = Vec::new();
    let mut classes = Vec::new();
    for p in puzzles {
        if !classes.contains(&p.class()) {
            classes.push(p.class());
            warmers.extend(p.roomiest());
            warmers.push(p.clone());
        }
    }
    let warm = |solvers: &mut [T::Solver]| {
        for p in &warmers {
            for (solver, limit) in solvers.iter_mut().zip(&limits) {
                let cap = limit.max_nodes.map_or(WARM_NODES, |b| b.min(WARM_NODES));
                let _ = timed(p, solver, limit.with_max_nodes(Some(cap)));
            }
        }
    };

    // A stop (`Config::stop`) keeps only whole rounds: a puzzle (one
    // thread) or a block (several) that not every solver finished is left
    // out of every solver's figures, so they still cover the same puzzles.
    let stopped = || config.stop.is_some_and(|stop| stop.is_raised());
    if config.threads <= 1 {
        let mut solvers = make();
        warm(&mut solvers);
        // One puzzle's attempts, each solver's; kept for the whole run.
        let mut round = Vec::with_capacity(n);
        for (i, puzzle) in puzzles.iter().enumerate() {
            for r in 0..n {
                if stopped() {
                    break;
                }
                let s = (i + r) % n;
                round.push((s, timed(puzzle, &mut solvers[s], limits[s])));
            }
            if round.len() < n || round.iter().any(|(_, a)| a.cancelled()) {
                break;
            }
            for (s, attempt) in round.drain(..) {
                ms[s].wall += attempt.elapsed;
                record(&mut ms[s], set, i, puzzle, attempt)?;
            }
            progress(n as u64);
        }
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(config.threads)
            .build()
            .map_err(io::Error::other)?;
        let states: Vec<Mutex<Vec<T::Solver>>> =
            (0..config.threads).map(|_| Mutex::new(make())).collect();
        let lock = |k: usize| {
            states[k.min(states.len() - 1)]
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
        };
        pool.broadcast(|ctx| warm(&mut lock(ctx.index())));
        let mut block = config.block_size();
        let (mut start, mut b) = (0, 0);
        'blocks: while start < puzzles.len() {
            let range = start..(start + block).min(puzzles.len());
            let mut fastest = Duration::MAX;
            let mut round = Vec::with_capacity(n);
            for r in 0..n {
                if stopped() {
                    break 'blocks;
                }
                let s = (b + r) % n;
                let begin = Instant::now();
                // Small tasks while blocks are small, so that a slow puzzle
                // (a baseline's, up to its node budget) does not hold up a
                // whole task's worth at the end of a block.
                let chunk = (range.len() / (16 * config.threads)).clamp(1, 8);
                let attempts: Vec<Vec<Attempt<T::Answer>>> = pool.install(|| {
                    puzzles[range.clone()]
                        .par_chunks(chunk)
                        .map(|chunk| {
                            let mut solvers = lock(rayon::current_thread_index().unwrap_or(0));
                            chunk
                                .iter()
                                .map(|p| timed(p, &mut solvers[s], limits[s]))
                                .collect()
                        })
                        .collect()
                });
                let wall = begin.elapsed();
                let attempts: Vec<Attempt<T::Answer>> = attempts.into_iter().flatten().collect();
                if attempts.iter().any(Attempt::cancelled) {
                    break 'blocks;
                }
                fastest = fastest.min(wall);
                round.push((s, wall, attempts));
            }
            for (s, wall, attempts) in round {
                ms[s].wall += wall;
                for (i, attempt) in range.clone().zip(attempts) {
                    record(&mut ms[s], set, i, &puzzles[i], attempt)?;
                }
                progress(range.len() as u64);
            }
            start = range.end;
            b += 1;
            block = config.next_block_size(block, fastest);
        }
    }
    cross_check(set, &ms)?;
    Ok((ms, skipped))
}

/// Verifies one attempt and appends it to the solver's measurement.
fn record<T: Instance>(
    m: &mut Measurement,
    set: &PuzzleSet,
    index: usize,
    puzzle: &T,
    attempt: Attempt<T::Answer>,
) -> Result<(), BenchError> {
    let wrong = |reason: String| BenchError::WrongAnswer {
        file: set.name.clone(),
        line: set.lines[index],
        solver: solver_name(m.solver).to_string(),
        reason,
    };
    let solution = attempt.solution.map_err(wrong)?;
    let outcome = match (&solution.answer, solution.end) {
        (Some(answer), _) => {
            puzzle
                .verify(answer)
                .map_err(|e| wrong(format!("the returned grid is not a solution: {e}")))?;
            Outcome::Solved
        }
        (None, end) if end.is_limit() => Outcome::OverBudget,
        (None, End::Exhausted) if solution.count == 0 => Outcome::NoSolution,
        (None, end) => {
            return Err(wrong(format!(
                "the search ended ({end:?}) with {} solution(s) but no grid",
                solution.count
            )))
        }
    };
    m.times_ns
        .push(u64::try_from(attempt.elapsed.as_nanos()).unwrap_or(u64::MAX));
    m.nodes.push(solution.nodes);
    m.outcomes.push(outcome);
    Ok(())
}

/// A solver that claims "no solution" where another found a verified one
/// is wrong.
fn cross_check(set: &PuzzleSet, ms: &[Measurement]) -> Result<(), BenchError> {
    let measured = ms.first().map_or(0, |m| m.outcomes.len());
    for i in 0..measured {
        let Some(solved_by) = ms.iter().find(|m| m.outcomes[i] == Outcome::Solved) else {
            continue;
        };
        if let Some(m) = ms.iter().find(|m| m.outcomes[i] == Outcome::NoSolution) {
            return Err(BenchError::WrongAnswer {
                file: set.name.clone(),
                line: set.lines[i],
                solver: solver_name(m.solver).to_string(),
                reason: format!(
                    "it reported no solution, but {} found one (verified)",
                    solver_name(solved_by.solver)
                ),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::bench::{load, BLOCK_TARGET};
    use dlx_engine::exact_cover::Cancel;
    use dlx_engine::puzzles::sudoku::samples::EASY;
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

    /// Valid givens, no solution: r1c9 can only be 9, and column 9 has one.
    fn no_solution() -> String {
        format!("12345678.{}........9{}", ".".repeat(27), ".".repeat(36))
    }

    fn set(text: &str) -> PuzzleSet {
        load::load("mem", text.as_bytes(), None).unwrap()
    }

    fn config(threads: usize, solvers: &[SolverKind]) -> Config {
        Config {
            solvers: solvers.to_vec(),
            threads,
            limit: None,
            node_limit: None,
            stop: None,
        }
    }

    #[test]
    fn every_solver_every_puzzle_in_order() {
        let text = format!("{EASY}\n").repeat(5);
        let puzzles = set(&text);
        for threads in [1, 2] {
            let done = std::sync::atomic::AtomicU64::new(0);
            let report = run(
                &puzzles,
                &config(threads, &[SolverKind::Dlx, SolverKind::Naive]),
                &|k| {
                    done.fetch_add(k, std::sync::atomic::Ordering::Relaxed);
                },
            )
            .unwrap();
            assert_eq!(done.into_inner(), 10);
            assert_eq!(report.results.len(), 2);
            for r in &report.results {
                assert_eq!(r.measurement.times_ns.len(), 5);
                assert_eq!(r.stats.solved, 5);
                assert!(r.stats.per_second > 0.0);
            }
            assert_eq!(report.results[1].measurement.budget, Some(10_000_000));
            assert_eq!(report.lines, vec![1, 2, 3, 4, 5]);
        }
    }

    /// Enough puzzles for several blocks of growing size (64, 128, then
    /// the rest with two threads): every outcome stays with its puzzle.
    #[test]
    fn growing_blocks_keep_input_order() {
        let text = format!("{EASY}\n{}\n{EASY}\n", no_solution()).repeat(100);
        let puzzles = set(&text);
        let report = run(
            &puzzles,
            &config(2, &[SolverKind::Dlx, SolverKind::Naive]),
            &|_| {},
        )
        .unwrap();
        for r in &report.results {
            assert_eq!(r.measurement.outcomes.len(), 300);
            for (i, outcome) in r.measurement.outcomes.iter().enumerate() {
                let expected = if i % 3 == 1 {
                    Outcome::NoSolution
                } else {
                    Outcome::Solved
                };
                assert_eq!(*outcome, expected, "puzzle {i}");
            }
        }
        assert_eq!(report.lines, (1..=300).collect::<Vec<_>>());
    }

    /// A stop keeps whole rounds only: with one thread the puzzles every
    /// solver finished before it, with two the blocks; the rest of the file
    /// is counted as not measured, and every solver covers the same puzzles.
    #[test]
    fn a_stop_keeps_the_puzzles_every_solver_finished() {
        let text = format!("{EASY}\n{}\n", no_solution()).repeat(150);
        let puzzles = set(&text);
        // (threads, progress call that raises the flag, puzzles measured):
        // one call per puzzle with one thread, one per solver and block
        // with two.
        for (threads, raise_at, measured) in [(1, 3, 3), (2, 1, 64)] {
            let flag: &'static AtomicBool = Box::leak(Box::new(AtomicBool::new(false)));
            let cfg = Config {
                stop: Some(Cancel::new(flag)),
                ..config(threads, &[SolverKind::Dlx, SolverKind::Naive])
            };
            let rounds = AtomicU64::new(0);
            let report = run(&puzzles, &cfg, &|_| {
                if rounds.fetch_add(1, Ordering::Relaxed) + 1 == raise_at {
                    flag.store(true, Ordering::Relaxed);
                }
            })
            .unwrap();
            let label = format!("-j{threads}");
            assert_eq!(report.puzzles(), measured, "{label}");
            assert_eq!(report.not_measured, 300 - measured, "{label}");
            assert_eq!(report.lines, (1..=measured).collect::<Vec<_>>(), "{label}");
            for r in &report.results {
                assert_eq!(r.measurement.outcomes.len(), measured, "{label}");
                assert_eq!(r.stats.puzzles, measured, "{label}");
            }
        }
        // Raised before the run: nothing measured, no error.
        let flag: &'static AtomicBool = Box::leak(Box::new(AtomicBool::new(true)));
        let cfg = Config {
            stop: Some(Cancel::new(flag)),
            ..config(1, &[SolverKind::Dlx])
        };
        let report = run(&puzzles, &cfg, &|_| {}).unwrap();
        assert_eq!((report.puzzles(), report.not_measured), (0, 300));
    }

    /// A stop during a long solve ends it at once, and the puzzle is left
    /// out: the naive solver needs minutes for this one.
    #[test]
    fn a_stop_ends_a_long_solve() {
        let anti_naive =
            "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";
        let puzzles = set(&format!("{EASY}\n{anti_naive}\n"));
        let flag: &'static AtomicBool = Box::leak(Box::new(AtomicBool::new(false)));
        let cfg = Config {
            stop: Some(Cancel::new(flag)),
            node_limit: Some(u64::MAX),
            ..config(1, &[SolverKind::Naive])
        };
        let raiser = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(200));
            flag.store(true, Ordering::Relaxed);
        });
        let begin = Instant::now();
        let report = run(&puzzles, &cfg, &|_| {}).unwrap();
        raiser.join().unwrap();
        // A hang guard only: the naive search would otherwise run for hours.
        assert!(begin.elapsed() < Duration::from_secs(600));
        assert_eq!((report.puzzles(), report.not_measured), (1, 1));
        assert_eq!(report.results[0].stats.solved, 1);
    }

    /// Sizes are counted in order of first appearance, and several of them
    /// get a note: the figures pool them.
    #[test]
    fn mixed_sizes_are_counted_and_noted() {
        let small = "1.3..4.2.2.4.1.3";
        let puzzles = set(&format!("{small}\n{EASY}\n{small}\n"));
        let report = run(&puzzles, &config(1, &[SolverKind::Dlx]), &|_| {}).unwrap();
        assert_eq!(report.sizes, vec![(4, 2), (9, 1)]);
        let note = "the puzzles are of several sizes (2 4x4, 1 9x9): the figures pool them";
        assert!(
            report.notes().iter().any(|n| n.starts_with(note)),
            "{:?}",
            report.notes()
        );
        let one = run(
            &set(&format!("{EASY}\n")),
            &config(1, &[SolverKind::Dlx]),
            &|_| {},
        );
        assert!(!one
            .unwrap()
            .notes()
            .iter()
            .any(|n| n.contains("several sizes")));
    }

    #[test]
    fn blocks_double_until_the_target_or_the_cap() {
        let two = config(2, &[SolverKind::Dlx]);
        let short = BLOCK_TARGET / 4;
        assert_eq!(two.block_size(), 64);
        assert_eq!(two.next_block_size(64, short), 128);
        assert_eq!(two.next_block_size(64, BLOCK_TARGET), 64);
        assert_eq!(two.next_block_size(6000, short), 8192);
        assert_eq!(two.next_block_size(8192, short), 8192);
        let one = config(1, &[SolverKind::Dlx]);
        assert_eq!(one.block_size(), 1);
        assert_eq!(one.next_block_size(1, short), 1);
    }

    #[test]
    fn no_solution_and_budget() {
        let puzzles = set(&format!("{}\n{EASY}\n", no_solution()));
        let mut cfg = config(1, &[SolverKind::Dlx]);
        let report = run(&puzzles, &cfg, &|_| {}).unwrap();
        assert_eq!(
            report.results[0].measurement.outcomes[0],
            Outcome::NoSolution
        );
        assert_eq!(report.results[0].stats.solved, 1);
        cfg.node_limit = Some(1);
        let report = run(&puzzles, &cfg, &|_| {}).unwrap();
        assert_eq!(report.results[0].stats.over_budget, 1);
    }

    /// A solver that always answers the (unsolved) puzzle itself.
    struct Liar;
    impl SudokuSolver for Liar {
        fn solve(&mut self, puzzle: &Grid, _: Limits) -> Solution {
            Solution {
                grid: Some(puzzle.clone()),
                count: 1,
                end: End::Stopped,
                nodes: 0,
            }
        }
    }

    #[test]
    fn wrong_answers_name_the_line() {
        let puzzles = set(&format!("# x\n{EASY}\n"));
        let Puzzles::Sudoku(grids) = &puzzles.puzzles else {
            unreachable!()
        };
        let mut m = Measurement {
            solver: SolverKind::Bitmask,
            budget: None,
            times_ns: vec![],
            nodes: vec![],
            outcomes: vec![],
            wall: Duration::ZERO,
        };
        let mut liar: Box<dyn SudokuSolver + Send> = Box::new(Liar);
        let attempt = timed(&grids[0], &mut liar, Limits::none());
        let err = record(&mut m, &puzzles, 0, &grids[0], attempt).unwrap_err();
        let text = err.to_string();
        assert!(
            text.starts_with("mem:2: bitmask gave a wrong answer:"),
            "{text}"
        );
    }
}
