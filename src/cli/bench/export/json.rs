//! The report as JSON (`dlx bench --json FILE`).
//!
//! # Schema, version 1
//!
//! One object. Times are microseconds (floats) in summaries and
//! nanoseconds (integers) in per-puzzle arrays. A field marked *nullable*
//! is `null` when it does not apply. New fields may be added within a
//! version; a field is only removed or changed in meaning with a new
//! `version`.
//!
//! ```text
//! {
//!   "schema": "dlx-bench",            always this string
//!   "version": 1,                     this schema's version
//!   "machine": {
//!     "cpu_model": "Intel(R) ...",    from /proc/cpuinfo; "unknown" elsewhere
//!     "logical_cpus": 2,              CPUs available to the process
//!     "threads": 1,                   worker threads used (--threads)
//!     "profile": "release",           "release" or "debug" build
//!     "rustc": "rustc 1.95.0 (...)",  nullable; `rustc --version` of the compiler that
//!                                     built dlx (null if its build could not tell)
//!     "os": "linux", "arch": "x86_64",
//!     "dlx_version": "0.3.0"
//!   },
//!   "settings": {
//!     "solvers": ["dlx", "bitmask", "naive"],   as asked, in report order
//!     "threads": 1,
//!     "limit": 200,                   nullable; records read per file (--limit)
//!     "node_limit": null,             nullable; --node-limit as given
//!     "node_budgets": {"dlx": null, "bitmask": 10000000, "naive": 10000000},
//!                                     budget in force per solver (null = none)
//!     "max_solutions": 1,             every solve stops at the first solution
//!     "block_size": 1,                puzzles in the first interleaving block (every
//!                                     block with one thread)
//!     "block_target_ms": null,        nullable (one thread); with several threads the
//!                                     blocks double while the fastest solver takes
//!                                     less than this on one, up to 4096 x threads
//!     "per_puzzle": false             whether the per-puzzle arrays are present
//!   },
//!   "interrupted": false,             the run was stopped (Ctrl-C): some file has
//!                                     "not_measured" puzzles, or is in "files_not_run"
//!   "files_not_run": [],              inputs (paths as given) the stop came before
//!   "files": [ {
//!     "file": "top1465.txt",          the path as given ("<stdin>" for -)
//!     "kind": "sudoku",               "sudoku" or "sudominoku"
//!     "records": 200,                 records read (valid and invalid)
//!     "puzzles": 200,                 valid records, benchmarked by every solver
//!     "not_measured": 0,              valid records left out because the run was
//!                                     interrupted (Ctrl-C) before every solver had
//!                                     solved them: the file's last ones
//!     "invalid": 0,                   records skipped as invalid
//!     "sizes": [ {"side": 9, "puzzles": 200} ],
//!                                     Sudoku grid sizes among the puzzles, in order of
//!                                     first appearance (empty for Sudominoku); the
//!                                     figures pool them
//!     "skipped_solvers": [ {"solver": "bitmask", "reason": "..."} ],
//!                                     asked for but not available for this kind
//!     "baseline": "dlx",              nullable; the solver ratios refer to
//!                                     (dlx, else the first solver that ran)
//!     "notes": ["..."],               the remarks printed under the table
//!     "lines": [1, 2, ...],           only with per_puzzle: each puzzle's first line
//!     "solvers": [ {
//!       "solver": "dlx",
//!       "node_budget": null,          nullable
//!       "puzzles": 200,               = the file's "puzzles"
//!       "solved": 200,                answers verified
//!       "over_budget": 0,             unsolved within the node budget
//!       "no_solution": 0,             proved to have no solution
//!       "time_us": {                  nullable (no puzzles); nearest-rank quantiles
//!         "median": 52.1, "p90": 180.4, "p99": 950.2, "max": 2210.0, "mean": 90.3,
//!         "lower_bound": []           names among median/p90/p99/max/mean that are
//!                                     only lower bounds (over-budget puzzles)
//!       },
//!       "wall_s": 0.018,              wall-clock seconds of the solver's blocks
//!       "puzzles_per_s": 11000.0,     puzzles / wall_s (upper bound if over_budget > 0)
//!       "nodes_total": 123456,        search nodes, the solver's own unit
//!       "nodes_mean": 617.3,          nodes_total / puzzles
//!       "ratio": {"median": 1.0, "throughput": 1.0},
//!                                     nullable; slowdown vs the baseline: median time /
//!                                     baseline median; baseline puzzles_per_s / puzzles_per_s
//!       "per_puzzle": {               only with per_puzzle; arrays parallel to "lines"
//!         "time_ns": [48211, ...],
//!         "nodes": [412, ...],
//!         "outcome": ["solved", "over_budget", "no_solution", ...]
//!       }
//!     } ]
//!   } ]
//! }
//! ```
//!
//! Search nodes are each solver's own unit (dlx: options tried; naive and
//! bitmask: digits placed), so node counts compare runs of one solver, not
//! solvers. Per-puzzle times are single-thread times even with
//! `threads > 1`; `puzzles_per_s` is wall-clock.

use std::collections::BTreeMap;
use std::io::{self, Write};

use serde::Serialize;

use crate::cli::bench::measurement::Outcome;
use crate::cli::bench::{
    kind_name, solver_name, FileReport, Machine, Report, SolverResult, BLOCK_TARGET,
};

/// The `schema` field's value.
pub const SCHEMA: &str = "dlx-bench";
/// The `version` field's value.
pub const VERSION: u32 = 1;

#[derive(Serialize)]
struct Doc<'a> {
    schema: &'static str,
    version: u32,
    machine: &'a Machine,
    settings: Settings,
    interrupted: bool,
    files_not_run: Vec<&'a str>,
    files: Vec<FileDoc<'a>>,
}

#[derive(Serialize)]
struct Settings {
    solvers: Vec<&'static str>,
    threads: usize,
    limit: Option<usize>,
    node_limit: Option<u64>,
    node_budgets: BTreeMap<&'static str, Option<u64>>,
    max_solutions: u64,
    block_size: usize,
    block_target_ms: Option<u128>,
    per_puzzle: bool,
}

#[derive(Serialize)]
struct Size {
    side: usize,
    puzzles: usize,
}

#[derive(Serialize)]
struct Skipped {
    solver: &'static str,
    reason: String,
}

#[derive(Serialize)]
struct FileDoc<'a> {
    file: &'a str,
    kind: &'static str,
    records: usize,
    puzzles: usize,
    not_measured: usize,
    invalid: usize,
    sizes: Vec<Size>,
    skipped_solvers: Vec<Skipped>,
    baseline: Option<&'static str>,
    notes: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    lines: Option<&'a [usize]>,
    solvers: Vec<SolverDoc<'a>>,
}

#[derive(Serialize)]
struct TimeDoc {
    median: f64,
    p90: f64,
    p99: f64,
    max: f64,
    mean: f64,
    lower_bound: Vec<&'static str>,
}

#[derive(Serialize)]
struct RatioDoc {
    median: f64,
    throughput: f64,
}

#[derive(Serialize)]
struct PerPuzzle<'a> {
    time_ns: &'a [u64],
    nodes: &'a [u64],
    outcome: &'a [Outcome],
}

#[derive(Serialize)]
struct SolverDoc<'a> {
    solver: &'static str,
    node_budget: Option<u64>,
    puzzles: usize,
    solved: usize,
    over_budget: usize,
    no_solution: usize,
    time_us: Option<TimeDoc>,
    wall_s: f64,
    puzzles_per_s: f64,
    nodes_total: u64,
    nodes_mean: f64,
    ratio: Option<RatioDoc>,
    #[serde(skip_serializing_if = "Option::is_none")]
    per_puzzle: Option<PerPuzzle<'a>>,
}

fn us(ns: f64) -> f64 {
    // Nanosecond resolution: no long tails of digits.
    ns.round() / 1000.0
}

fn solver_doc<'a>(file: &FileReport, r: &'a SolverResult, per_puzzle: bool) -> SolverDoc<'a> {
    let s = &r.stats;
    let m = &r.measurement;
    SolverDoc {
        solver: solver_name(m.solver),
        node_budget: m.budget,
        puzzles: s.puzzles,
        solved: s.solved,
        over_budget: s.over_budget,
        no_solution: s.no_solution,
        time_us: s.time.map(|t| TimeDoc {
            median: us(t.median_ns as f64),
            p90: us(t.p90_ns as f64),
            p99: us(t.p99_ns as f64),
            max: us(t.max_ns as f64),
            mean: us(t.mean_ns),
            lower_bound: t.lower_bound.names(),
        }),
        wall_s: s.wall.as_secs_f64(),
        puzzles_per_s: s.per_second,
        nodes_total: s.nodes_total,
        nodes_mean: s.nodes_mean,
        ratio: file.ratios(r).map(|q| RatioDoc {
            median: q.median,
            throughput: q.throughput,
        }),
        per_puzzle: per_puzzle.then_some(PerPuzzle {
            time_ns: &m.times_ns,
            nodes: &m.nodes,
            outcome: &m.outcomes,
        }),
    }
}

/// The document, fields in schema order.
fn doc(report: &Report, per_puzzle: bool) -> Doc<'_> {
    let config = &report.config;
    Doc {
        schema: SCHEMA,
        version: VERSION,
        machine: &report.machine,
        settings: Settings {
            solvers: config.solvers.iter().map(|&s| solver_name(s)).collect(),
            threads: config.threads,
            limit: config.limit,
            node_limit: config.node_limit,
            node_budgets: config
                .solvers
                .iter()
                .map(|&s| (solver_name(s), config.budget(s)))
                .collect(),
            max_solutions: 1,
            block_size: config.block_size(),
            block_target_ms: (config.threads > 1).then(|| BLOCK_TARGET.as_millis()),
            per_puzzle,
        },
        interrupted: report.interrupted(),
        files_not_run: (report.files_not_run.iter())
            .map(|f| f.path.as_str())
            .collect(),
        files: report
            .files
            .iter()
            .map(|f| FileDoc {
                file: &f.path,
                kind: kind_name(f.kind),
                records: f.records,
                puzzles: f.puzzles(),
                not_measured: f.not_measured,
                invalid: f.invalid.len(),
                sizes: (f.sizes.iter())
                    .map(|&(side, puzzles)| Size { side, puzzles })
                    .collect(),
                skipped_solvers: f
                    .skipped
                    .iter()
                    .map(|(s, reason)| Skipped {
                        solver: solver_name(*s),
                        reason: reason.clone(),
                    })
                    .collect(),
                baseline: f.baseline().map(|b| solver_name(b.measurement.solver)),
                notes: f.notes(),
                lines: per_puzzle.then_some(&f.lines[..]),
                solvers: f
                    .results
                    .iter()
                    .map(|r| solver_doc(f, r, per_puzzle))
                    .collect(),
            })
            .collect(),
    }
}

/// Writes the report as pretty-printed JSON followed by a newline.
pub fn write(report: &Report, per_puzzle: bool, out: &mut dyn Write) -> io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, &doc(report, per_puzzle))?;
    out.write_all(b"\n")
}
