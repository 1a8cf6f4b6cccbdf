//! The sparse-set solver (`CellsSolver`, Knuth's "dancing cells") against
//! the dancing-links `Solver` on Sudoku, per puzzle, in one run:
//!
//! ```text
//! cargo run --release --example cells_vs_dlx -- FILE... [--limit K] [--block B] [--only S]
//! ```
//!
//! Each FILE holds 9x9 puzzles, one 81-character line each (blank lines and
//! `#` lines skipped, text after the puzzle ignored); `--limit K` takes the
//! first K of each. Every solver does what `DlxSudoku` does per puzzle on the
//! shared 9x9 matrix: `reset`, `select` each given, first solution. Three
//! solvers: DLX, cells trying options in problem order (the DLX search tree),
//! and cells in Knuth's segment order (the order the swaps leave). They take
//! the puzzles in blocks of B (default 32), each solving the whole block
//! with every solve timed alone by `Instant`, the solvers' order rotating
//! from block to block so the machine's drift hits all alike. Answers are
//! checked outside the timing: DLX's must be a valid solution, the
//! problem-order cells solver must return the same grid with the same
//! number of nodes, and the segment-order one a valid solution (the same
//! grid when DLX proves the puzzle unique). A mismatch exits with status 1.
//!
//! `--only S` runs solver S alone (0 DLX, 1 cells in problem order, 2 cells
//! in segment order), unchecked and without a table: for profilers.
//!
//! Output: per file and solver, median / p90 / mean microseconds, mean
//! search nodes and link updates per puzzle (for DLX also the updates that
//! selecting the givens made), and each solver's median ratio to DLX and
//! median of its per-puzzle time ratios to DLX.

use std::ops::ControlFlow;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use dlx_engine::exact_cover::{CellsSolver, Limits, OptionOrder, Report, Solver};
use dlx_engine::puzzles::sudoku::{encoding, Grid};

#[path = "../benches/common/files.rs"]
mod files;

const SOLVERS: [&str; 3] = [
    "DLX (Solver)",
    "cells, problem order",
    "cells, segment order",
];
/// Puzzles solved by every solver, untimed, before the measured run.
const WARM_UP: usize = 20;

/// The three engines behind one interface.
enum Engine {
    Dlx(Solver),
    Cells(CellsSolver),
}

impl Engine {
    /// Resets, selects the givens and finds the first solution; returns the
    /// chosen options (givens first) and the search report.
    fn solve(&mut self, givens: &[usize], options: &mut Vec<usize>) -> Option<Report> {
        options.clear();
        let mut keep = |s: &[usize]| {
            options.extend_from_slice(s);
            ControlFlow::Break(())
        };
        match self {
            Engine::Dlx(s) => {
                s.reset();
                for &o in givens {
                    s.select(o).ok()?;
                }
                Some(s.search(Limits::solutions(1), &mut keep))
            }
            Engine::Cells(s) => {
                s.reset();
                for &o in givens {
                    s.select(o).ok()?;
                }
                Some(s.search(Limits::solutions(1), &mut keep))
            }
        }
    }
}

impl Engine {
    /// The link updates of the last puzzle's givens, where the engine counts
    /// them (DLX: everything since its `reset`, less the search's).
    fn given_updates(&self, report: Option<Report>) -> Option<u64> {
        match (self, report) {
            (Engine::Dlx(s), Some(r)) => Some(s.link_updates() - r.stats.updates),
            _ => None,
        }
    }
}

struct Puzzle {
    grid: Grid,
    givens: Vec<usize>,
}

/// The first `limit` 9x9 puzzles of `path` with their givens' options.
fn load(path: &str, limit: Option<usize>) -> Result<Vec<Puzzle>, String> {
    let (grids, _) = files::load(Path::new(path), 9, limit)?;
    let puzzle = |grid: Grid| {
        let givens = grid
            .cells()
            .iter()
            .enumerate()
            .filter(|&(_, &v)| v != 0)
            .map(|(k, &v)| encoding::option(9, k / 9, k % 9, v as usize - 1))
            .collect();
        Puzzle { grid, givens }
    };
    Ok(grids.into_iter().map(puzzle).collect())
}

/// The grid of a solution (option numbers).
fn grid_of(puzzle: &Grid, options: &[usize]) -> Grid {
    let mut g = puzzle.clone();
    for &o in options {
        let (r, c, d) = encoding::decode(9, o);
        g.set(r, c, d as u8 + 1);
    }
    g
}

fn median(sorted: &[f64]) -> f64 {
    let n = sorted.len();
    if n % 2 == 1 {
        sorted[n / 2]
    } else {
        (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
    }
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

#[derive(Default)]
struct Series {
    times: Vec<f64>,
    nodes: u64,
    updates: u64,
    /// Link updates of the givens' selection, where the engine counts them.
    given_updates: Option<u64>,
}

fn engines() -> [Engine; 3] {
    let m = encoding::matrix(3);
    [
        Engine::Dlx(Solver::new(m)),
        Engine::Cells(CellsSolver::with_order(m, OptionOrder::Ascending)),
        Engine::Cells(CellsSolver::with_order(m, OptionOrder::Segment)),
    ]
}

/// `--only S`: solver `S` alone on every puzzle, for a profiler.
fn run_only(path: &str, limit: Option<usize>, s: usize) -> Result<(), String> {
    let puzzles = load(path, limit)?;
    let mut engine = engines()
        .into_iter()
        .nth(s)
        .ok_or_else(|| format!("no solver {s}"))?;
    let (mut options, mut nodes) = (Vec::new(), 0);
    for p in &puzzles {
        nodes += engine
            .solve(&p.givens, &mut options)
            .map_or(0, |r| r.stats.nodes);
    }
    println!("{}: {} puzzles, {nodes} nodes", SOLVERS[s], puzzles.len());
    Ok(())
}

fn run_file(path: &str, limit: Option<usize>, block: usize) -> Result<(), String> {
    let puzzles = load(path, limit)?;
    if puzzles.is_empty() {
        return Err(format!("{path}: no 9x9 puzzles"));
    }
    let mut engines = engines();
    let mut options = Vec::new();
    for p in puzzles.iter().take(WARM_UP) {
        for e in &mut engines {
            e.solve(&p.givens, &mut options);
        }
    }
    let mut series: Vec<Series> = (0..SOLVERS.len()).map(|_| Series::default()).collect();
    let block = block.max(1);
    for (b, start) in (0..puzzles.len()).step_by(block).enumerate() {
        let end = (start + block).min(puzzles.len());
        let mut answers: Vec<Vec<(Option<Report>, Vec<usize>)>> = vec![Vec::new(); SOLVERS.len()];
        for j in 0..SOLVERS.len() {
            let s = (b + j) % SOLVERS.len();
            for p in &puzzles[start..end] {
                let t = Instant::now();
                let report = engines[s].solve(&p.givens, &mut options);
                series[s].times.push(t.elapsed().as_secs_f64());
                if let Some(u) = engines[s].given_updates(report) {
                    *series[s].given_updates.get_or_insert(0) += u;
                }
                answers[s].push((report, options.clone()));
            }
        }
        for (k, p) in puzzles[start..end].iter().enumerate() {
            let n = start + k + 1;
            let (dlx, cells, segment) = (&answers[0][k], &answers[1][k], &answers[2][k]);
            let (Some(rd), Some(rc), Some(rs)) = (dlx.0, cells.0, segment.0) else {
                return Err(format!("{path}: puzzle {n}: a given clashes"));
            };
            for (s, r) in [rd, rc, rs].iter().enumerate() {
                series[s].nodes += r.stats.nodes;
                series[s].updates += r.stats.updates;
            }
            if (rd, &dlx.1) != (rc, &cells.1) {
                return Err(format!(
                    "{path}: puzzle {n}: cells (problem order) differs from DLX: {rc:?} vs {rd:?}"
                ));
            }
            if rd.solutions != rs.solutions {
                return Err(format!("{path}: puzzle {n}: segment order disagrees"));
            }
            if rd.solutions == 1 {
                let g = grid_of(&p.grid, &dlx.1);
                g.check_solution(&p.grid)
                    .map_err(|e| format!("{path}: puzzle {n}: DLX is wrong: {e}"))?;
                let gs = grid_of(&p.grid, &segment.1);
                gs.check_solution(&p.grid)
                    .map_err(|e| format!("{path}: puzzle {n}: segment order is wrong: {e}"))?;
            }
        }
    }
    // Only the first solution was searched for, so uniqueness is unknown
    // here; the segment-order grids were checked to be solutions.
    let n = puzzles.len();
    let name = Path::new(path)
        .file_name()
        .map_or(path.into(), |f| f.to_string_lossy());
    println!("## {name}\n");
    println!("{n} puzzles, first solution, 1 thread, solvers interleaved in blocks of {block}.\n");
    println!("| solver | median us | p90 us | mean us | median / DLX median | median of per-puzzle ratios | mean nodes | mean updates | mean updates of the givens |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    let sorted: Vec<Vec<f64>> = series
        .iter()
        .map(|s| {
            let mut t = s.times.clone();
            t.sort_by(f64::total_cmp);
            t
        })
        .collect();
    let dlx_median = median(&sorted[0]);
    for (s, ser) in series.iter().enumerate() {
        let mut ratios: Vec<f64> = ser
            .times
            .iter()
            .zip(&series[0].times)
            .map(|(a, b)| a / b)
            .collect();
        ratios.sort_by(f64::total_cmp);
        let mean = ser.times.iter().sum::<f64>() / n as f64;
        println!(
            "| {} | {:.2} | {:.2} | {:.2} | {:.3} | {:.3} | {:.1} | {:.0} | {} |",
            SOLVERS[s],
            median(&sorted[s]) * 1e6,
            percentile(&sorted[s], 90.0) * 1e6,
            mean * 1e6,
            median(&sorted[s]) / dlx_median,
            median(&ratios),
            ser.nodes as f64 / n as f64,
            ser.updates as f64 / n as f64,
            ser.given_updates
                .map_or("—".into(), |u| format!("{:.0}", u as f64 / n as f64)),
        );
    }
    println!();
    Ok(())
}

fn main() -> ExitCode {
    let usage =
        "usage: cargo run --release --example cells_vs_dlx -- FILE... [--limit K] [--block B] [--only S]";
    let mut files = Vec::new();
    let (mut limit, mut block, mut only) = (None, 32, None);
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut number = |what: &str| -> Option<usize> {
            let v = args.next()?;
            v.parse().ok().or_else(|| {
                eprintln!("bad {what} `{v}`");
                None
            })
        };
        match a.as_str() {
            "--limit" => match number("--limit") {
                Some(k) => limit = Some(k),
                None => return ExitCode::from(2),
            },
            "--block" => match number("--block") {
                Some(b) => block = b,
                None => return ExitCode::from(2),
            },
            "--only" => match number("--only") {
                Some(s) => only = Some(s),
                None => return ExitCode::from(2),
            },
            _ if a.starts_with('-') => {
                eprintln!("{usage}");
                return ExitCode::from(2);
            }
            _ => files.push(a),
        }
    }
    if files.is_empty() {
        eprintln!("{usage}");
        return ExitCode::from(2);
    }
    if cfg!(debug_assertions) {
        println!("**Warning: debug build; run with `--release` for meaningful numbers.**\n");
    }
    for f in &files {
        let run = match only {
            Some(s) => run_only(f, limit, s),
            None => run_file(f, limit, block),
        };
        if let Err(e) = run {
            eprintln!("error: {e}");
            return ExitCode::from(1);
        }
    }
    ExitCode::SUCCESS
}
