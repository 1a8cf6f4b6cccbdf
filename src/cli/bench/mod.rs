//! `dlx bench`: the same puzzles solved by several solvers in one run,
//! timed per puzzle, verified, summarised and exported.
//!
//! The pieces, one concern each:
//!
//! - [`load`](mod@load): reads the first K records of a Sudoku or Sudominoku file
//!   (kind detected from the content), keeping the valid puzzles and noting
//!   the invalid ones.
//! - [`runner`]: solves every puzzle with every solver, interleaved per
//!   puzzle (one thread) or per block of puzzles (several threads), timing
//!   each solve with [`Instant`](std::time::Instant) on a warmed solver and
//!   verifying each answer independently of the solvers.
//! - [`stats`]: nearest-rank median / p90 / p99 / max, knowing which of them
//!   are only lower bounds because some puzzles ran out of node budget.
//! - [`machine`]: what the numbers were measured on.
//! - [`export`]: the terminal table, Markdown, JSON and an SVG chart.
//!
//! What is measured: the time to find **one** solution of each puzzle
//! (`max_solutions` is 1), givens already parsed and checked, on a solver
//! that has already solved a puzzle of the same size on the same thread
//! (its arena and the shared exact-cover matrix exist). Per-puzzle times
//! are single-thread times: each solve runs on one thread, even with
//! `--threads N`, while other solves run beside it. Throughput (puzzles per
//! second) is wall-clock: puzzles divided by the wall time of the solver's
//! own blocks.

mod command;
pub mod export;
pub mod load;
pub mod machine;
pub mod measurement;
pub mod runner;
pub mod stats;

use std::time::Duration;

use thiserror::Error;

use crate::cli::solvers::SolverKind;
use dlx_engine::exact_cover::Cancel;
use dlx_engine::puzzles::Kind;

pub use command::{run as run_command, BenchArgs};
pub use load::{load_in, load_layout, PuzzleSet};
pub use machine::Machine;
pub use measurement::Measurement;
pub use runner::{run, supports};
pub use stats::{SolverStats, TimeStats};

/// The node budget the baselines (naive and bitmask) get when
/// `--node-limit` is not given, so that one pathological puzzle cannot stall
/// a benchmark for hours (the naive Sudoku solver needs over 10^8 nodes on
/// some 17-clue puzzles, the bitmask solver billions on a minimal 25x25).
/// At roughly 10-50 ns per node this is well under a second.
pub const BASELINE_DEFAULT_NODE_LIMIT: u64 = 10_000_000;

/// With several threads, interleaving blocks grow until the fastest solver
/// takes at least this long on one ([`Config::next_block_size`]).
pub const BLOCK_TARGET: Duration = Duration::from_millis(20);

/// How a benchmark runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// The solvers, in the order they are reported; no duplicates.
    pub solvers: Vec<SolverKind>,
    /// Worker threads; 1 solves on the calling thread.
    pub threads: usize,
    /// Records read per file (`None` = all).
    pub limit: Option<usize>,
    /// The node budget per puzzle given by the user, for every solver.
    /// `None`: no budget for dlx, [`BASELINE_DEFAULT_NODE_LIMIT`] for the
    /// baselines.
    pub node_limit: Option<u64>,
    /// A flag that stops the run once raised (Ctrl-C in `dlx bench`): the
    /// solves under way end within about a millisecond, and the puzzles
    /// (one thread) or the block of puzzles (several) that not every solver
    /// finished are left out, so that every solver's figures still cover the
    /// same puzzles ([`FileReport::not_measured`] counts the rest).
    pub stop: Option<Cancel>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            solvers: vec![SolverKind::Dlx, SolverKind::Bitmask, SolverKind::Naive],
            threads: 1,
            limit: None,
            node_limit: None,
            stop: None,
        }
    }
}

impl Config {
    /// The node budget of one solver: `--node-limit` if given, otherwise
    /// none for dlx, [`BASELINE_DEFAULT_NODE_LIMIT`] for the baselines.
    pub fn budget(&self, solver: SolverKind) -> Option<u64> {
        self.node_limit.or(match solver {
            // Backtracking without exact cover can need billions of nodes
            // on a minimal 16x16 or 25x25 puzzle, the bitmask solver too.
            SolverKind::Naive | SolverKind::Bitmask => Some(BASELINE_DEFAULT_NODE_LIMIT),
            SolverKind::Dlx => None,
        })
    }

    /// Puzzles in the first interleaving block: 1 on one thread (every
    /// puzzle is solved by every solver in turn, all the way through),
    /// `32 * threads` otherwise (each solver solves the block on the pool,
    /// then the next solver does). With several threads the blocks then
    /// grow, see [`Config::next_block_size`].
    pub fn block_size(&self) -> usize {
        if self.threads <= 1 {
            1
        } else {
            32 * self.threads
        }
    }

    /// The size of the block after one of `size` puzzles whose fastest
    /// solver took `fastest` of wall-clock time: doubled while that is
    /// under [`BLOCK_TARGET`], up to `4096 * threads` puzzles.
    ///
    /// Why: every block ends in a barrier (the pool's threads wait for the
    /// block's last puzzle, then sleep while the answers are verified, then
    /// wake for the next block). With fixed blocks of 64 short puzzles, `-j2`
    /// lost much of the speed-up `dlx solve` shows; growing blocks won most
    /// of it back (docs/perf-log.md, fifteenth pass). Blocks of
    /// [`BLOCK_TARGET`] still let every solver see the same stretch of the
    /// machine's drift.
    pub fn next_block_size(&self, size: usize, fastest: Duration) -> usize {
        let largest = 4096 * self.threads.max(1);
        if self.threads > 1 && fastest < BLOCK_TARGET && size < largest {
            (size * 2).min(largest)
        } else {
            size
        }
    }
}

/// Why a benchmark stopped.
#[derive(Debug, Error)]
pub enum BenchError {
    /// Reading an input failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// A solver returned a wrong answer (or panicked): the benchmark is void.
    #[error("{file}:{line}: {solver} gave a wrong answer: {reason}")]
    WrongAnswer {
        /// The input's name.
        file: String,
        /// The puzzle's first line.
        line: usize,
        /// The solver's name.
        solver: String,
        /// What is wrong.
        reason: String,
    },
}

/// One solver's results on one file.
#[derive(Debug, Clone)]
pub struct SolverResult {
    /// The raw measurements (input order).
    pub measurement: Measurement,
    /// The figures derived from them.
    pub stats: SolverStats,
}

/// Everything measured on one file.
#[derive(Debug, Clone)]
pub struct FileReport {
    /// The input's name as messages show it (control characters escaped).
    pub file: String,
    /// The input's path as given (lossy UTF-8): the JSON report's `file`.
    pub path: String,
    /// Sudoku or Sudominoku.
    pub kind: Kind,
    /// Records read (valid and invalid, at most `--limit`).
    pub records: usize,
    /// The first line of each benchmarked puzzle, in input order.
    pub lines: Vec<usize>,
    /// Valid puzzles left out because [`Config::stop`] ended the run before
    /// every solver had solved them (the last ones of the file): 0 in a
    /// whole run.
    pub not_measured: usize,
    /// The Sudoku grid sizes among the puzzles measured: `(side, puzzles)`
    /// in order of first appearance (empty for Sudominoku). The figures
    /// pool the sizes; a note says so when there are several.
    pub sizes: Vec<(usize, usize)>,
    /// Invalid records skipped: line and reason.
    pub invalid: Vec<(usize, String)>,
    /// Solvers asked for but not available for this kind, with the reason.
    pub skipped: Vec<(SolverKind, String)>,
    /// Warnings about the input as a whole (a Sudominoku file without its
    /// `0` line): line and text.
    pub warnings: Vec<(usize, String)>,
    /// One entry per solver that ran, in [`Config::solvers`] order.
    pub results: Vec<SolverResult>,
}

impl FileReport {
    /// Puzzles benchmarked (valid records).
    pub fn puzzles(&self) -> usize {
        self.lines.len()
    }

    /// The solver the ratios are relative to: dlx when it ran, otherwise
    /// the first solver that ran.
    pub fn baseline(&self) -> Option<&SolverResult> {
        self.results
            .iter()
            .find(|r| r.measurement.solver == SolverKind::Dlx)
            .or_else(|| self.results.first())
    }

    /// How much slower `result` is than the [`baseline`](Self::baseline):
    /// `(median ratio, throughput ratio)` = (its median time / the
    /// baseline's median time, the baseline's puzzles per second / its
    /// puzzles per second). Above 1 = slower than the baseline. `None`
    /// when a figure is zero or missing.
    pub fn ratios(&self, result: &SolverResult) -> Option<Ratios> {
        let base = &self.baseline()?.stats;
        let own = &result.stats;
        let median = match (&own.time, &base.time) {
            (Some(t), Some(b)) if b.median_ns > 0 => t.median_ns as f64 / b.median_ns as f64,
            _ => return None,
        };
        if own.per_second <= 0.0 || base.per_second <= 0.0 {
            return None;
        }
        Some(Ratios {
            median,
            throughput: base.per_second / own.per_second,
        })
    }

    /// Human-readable remarks, the same in every report format: no valid
    /// puzzle, skipped records and solvers, budget hits.
    pub fn notes(&self) -> Vec<String> {
        self.notes_with(&str::to_string, &str::to_string)
    }

    /// [`notes`](Self::notes) with what comes from the input (the file's
    /// name, a bad record's reason, which may quote it) written by
    /// `verbatim` and every other piece of text by `text`: the Markdown
    /// report shows the first as code spans and escapes the rest.
    pub fn notes_with(
        &self,
        verbatim: &dyn Fn(&str) -> String,
        text: &dyn Fn(&str) -> String,
    ) -> Vec<String> {
        let mut notes = Vec::new();
        let valid = self.puzzles() + self.not_measured;
        if self.not_measured > 0 && self.puzzles() == 0 {
            notes.push(text(&format!(
                "interrupted before every solver had solved a puzzle (of {valid})"
            )));
        } else if self.not_measured > 0 {
            notes.push(text(&format!(
                "interrupted: only the first {} of the {valid} valid ones were measured \
                 by every solver; the figures are theirs",
                count_of(self.puzzles() as u64, "puzzle"),
            )));
        } else if self.puzzles() == 0 {
            notes.push(text("no valid puzzle to benchmark"));
        }
        if let Some((line, reason)) = self.invalid.first() {
            notes.push(format!(
                "{}{}{}{}{}",
                text(&format!(
                    "{} skipped (first: ",
                    count_of(self.invalid.len() as u64, "invalid record")
                )),
                verbatim(&self.file),
                text(&format!(":{line}: ")),
                verbatim(reason),
                text(")")
            ));
        }
        if self.sizes.len() > 1 {
            let sizes: Vec<String> = (self.sizes.iter())
                .map(|&(side, n)| format!("{n} {side}x{side}"))
                .collect();
            notes.push(text(&format!(
                "the puzzles are of several sizes ({}): the figures pool them; a file per \
                 size compares like with like",
                sizes.join(", ")
            )));
        }
        for (line, warning) in &self.warnings {
            notes.push(format!(
                "{}{}",
                verbatim(&format!("{}:{line}", self.file)),
                text(&format!(": {warning}"))
            ));
        }
        for (solver, reason) in &self.skipped {
            notes.push(text(&format!("{} skipped: {reason}", solver_name(*solver))));
        }
        for r in &self.results {
            let s = &r.stats;
            if s.over_budget > 0 {
                notes.push(text(&format!(
                    "{}: {} unsolved within the budget of {}; their times \
                     and nodes count only up to the budget: figures marked >= are lower \
                     bounds, <= upper bounds, ~ ratios of two bounded figures",
                    solver_name(r.measurement.solver),
                    count_of(s.over_budget as u64, "puzzle"),
                    count_of(r.measurement.budget.unwrap_or(0), "node")
                )));
            }
            if s.no_solution > 0 {
                notes.push(text(&format!(
                    "{}: {} proved to have no solution",
                    solver_name(r.measurement.solver),
                    count_of(s.no_solution as u64, "puzzle")
                )));
            }
        }
        notes
    }
}

/// Slowdown factors relative to the baseline solver (see
/// [`FileReport::ratios`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ratios {
    /// Median time / the baseline's median time.
    pub median: f64,
    /// The baseline's puzzles per second / puzzles per second.
    pub throughput: f64,
}

/// A whole benchmark run.
#[derive(Debug, Clone)]
pub struct Report {
    /// Where it ran.
    pub machine: Machine,
    /// How it ran.
    pub config: Config,
    /// One entry per input file benchmarked, in command-line order.
    pub files: Vec<FileReport>,
    /// Inputs not benchmarked because [`Config::stop`] was raised before
    /// their turn.
    pub files_not_run: Vec<FileNotRun>,
}

/// An input a stopped run did not reach.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileNotRun {
    /// Its name as messages show it (control characters escaped).
    pub file: String,
    /// Its path as given (lossy UTF-8): the JSON report's entry.
    pub path: String,
}

impl Report {
    /// Whether [`Config::stop`] cut the run short: some file's last puzzles
    /// were not measured, or some file was not run.
    pub fn interrupted(&self) -> bool {
        !self.files_not_run.is_empty() || self.files.iter().any(|f| f.not_measured > 0)
    }

    /// What every report says of a stopped run, `None` for a whole one;
    /// `name` writes a file's name (a code span in Markdown).
    pub fn interruption(&self, name: &dyn Fn(&str) -> String) -> Option<String> {
        if !self.interrupted() {
            return None;
        }
        let mut said =
            String::from("interrupted: the figures cover the puzzles every solver had finished");
        if !self.files_not_run.is_empty() {
            let names: Vec<String> = (self.files_not_run.iter()).map(|f| name(&f.file)).collect();
            said += &format!("; not run: {}", names.join(", "));
        }
        Some(said)
    }
}

/// The command-line name of a solver (`dlx`, `bitmask`, `naive`).
pub fn solver_name(kind: SolverKind) -> &'static str {
    match kind {
        SolverKind::Dlx => "dlx",
        SolverKind::Naive => "naive",
        SolverKind::Bitmask => "bitmask",
    }
}

pub use dlx_engine::error::count_of;

/// The name of an input kind (`sudoku`, `sudominoku`, ...).
pub fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Sudoku => "sudoku",
        Kind::Sudominoku => "sudominoku",
        Kind::Xc => "xc",
    }
}
