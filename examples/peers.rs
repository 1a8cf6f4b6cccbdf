//! Our DLX Sudoku solver beside two peers, on the same puzzles, in one run:
//! the `sudoku` crate 0.8 (Emerentius' bitboard solver; AGPL-3.0, a
//! dev-dependency only, never in the release binary) and the `dlx` crate 0.8
//! (a dancing-links library, given each puzzle's reduced exact-cover matrix).
//!
//! ```text
//! cargo run --release --example peers -- FILE... [--limit K] [--block B]
//! ```
//!
//! Each FILE holds 9x9 puzzles, one 81-character line each (blank lines and
//! `#` lines skipped, text after the puzzle ignored). The puzzles are taken
//! in blocks of B (default 32): each solver solves the whole block, the
//! order of the solvers rotating from block to block, so machine drift hits
//! all alike while each solver runs warm, as in a bulk run (with `--block 1`
//! every solve starts with the other solvers' data in the caches, which
//! costs a solver with a large working set most). Each solve is timed on its
//! own with `Instant` (first solution). Every answer is checked; a wrong one stops the
//! run with exit status 1. The output is a markdown table per file (median,
//! p90 and mean microseconds per puzzle, each solver's median ratio to the
//! `sudoku` crate, our mean DLX search nodes per puzzle) and a summary of
//! the ratios.

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

// The machine description of `dlx bench` reports, shared with the binary.
#[path = "../src/cli/bench/machine.rs"]
mod machine;
use dlx_engine::exact_cover::Limits;
use dlx_engine::puzzles::sudoku::{DlxSudoku, Grid, SudokuSolver};
use machine::Machine;

#[path = "../benches/common/files.rs"]
mod files;
#[path = "../benches/common/peers.rs"]
mod peers;
use peers::{dlx_crate_solve, to_peer_sudoku};

/// Puzzles solved by every solver, untimed, before the measured run.
const WARM_UP: usize = 20;

const SOLVERS: [&str; 3] = ["dlx-engine (ours)", "sudoku crate 0.8", "dlx crate 0.8"];
/// Index of the solver the ratios are taken to.
const REFERENCE: usize = 1;

struct Args {
    files: Vec<String>,
    limit: Option<usize>,
    /// Puzzles each solver solves in a row before the next takes over.
    block: usize,
}

fn parse_args() -> Result<Args, String> {
    let mut files = Vec::new();
    let mut limit = None;
    let mut block = DEFAULT_BLOCK;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--block" => {
                let v = args.next().ok_or("--block needs a number")?;
                block = v.parse().map_err(|_| format!("bad --block `{v}`"))?;
            }
            "--limit" => {
                let v = args.next().ok_or("--limit needs a number")?;
                limit = Some(v.parse().map_err(|_| format!("bad --limit `{v}`"))?);
            }
            "-h" | "--help" => {
                return Err(
                    "usage: cargo run --release --example peers -- FILE... [--limit K] [--block B]"
                        .into(),
                )
            }
            _ if a.starts_with("--limit=") => {
                let v = &a["--limit=".len()..];
                limit = Some(v.parse().map_err(|_| format!("bad --limit `{v}`"))?);
            }
            _ if a.starts_with('-') => return Err(format!("unknown option `{a}`")),
            _ => files.push(a),
        }
    }
    if files.is_empty() {
        return Err(
            "usage: cargo run --release --example peers -- FILE... [--limit K] [--block B]".into(),
        );
    }
    Ok(Args {
        files,
        limit,
        block,
    })
}

/// Per-solver measurements of one file.
#[derive(Default)]
struct Series {
    /// Seconds per puzzle, in puzzle order.
    times: Vec<f64>,
    /// Our search nodes per puzzle (ours only).
    nodes: u64,
    /// Puzzles it found no solution for.
    unsolved: usize,
}

/// Solves puzzle `k` with solver `s`; returns the elapsed seconds and the
/// solution's cells (checked by the caller, outside the timing), plus our
/// search nodes.
fn solve_one(
    s: usize,
    grid: &Grid,
    peer: sudoku::Sudoku,
    ours: &mut DlxSudoku,
) -> (f64, Option<Vec<u8>>, u64) {
    match s {
        0 => {
            let t = Instant::now();
            let sol = ours.solve(grid, Limits::none());
            let dt = t.elapsed().as_secs_f64();
            (dt, sol.grid.map(|g| g.cells().to_vec()), sol.nodes)
        }
        1 => {
            let t = Instant::now();
            let sol = peer.some_solution();
            let dt = t.elapsed().as_secs_f64();
            (dt, sol.map(|s| s.to_bytes().to_vec()), 0)
        }
        _ => {
            let t = Instant::now();
            let sol = dlx_crate_solve(grid);
            let dt = t.elapsed().as_secs_f64();
            (dt, sol, 0)
        }
    }
}

fn median(sorted: &[f64]) -> f64 {
    let n = sorted.len();
    if n == 0 {
        return f64::NAN;
    }
    if n % 2 == 1 {
        sorted[n / 2]
    } else {
        (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
    }
}

/// Nearest-rank percentile of sorted values.
fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// Puzzles per block unless `--block` says otherwise.
const DEFAULT_BLOCK: usize = 32;

/// Runs one file; returns each solver's median (seconds), or an error.
fn run_file(
    path: &str,
    limit: Option<usize>,
    block: usize,
    ours: &mut DlxSudoku,
) -> Result<Vec<f64>, String> {
    let (grids, skipped) = files::load(Path::new(path), 9, limit)?;
    if grids.is_empty() {
        return Err(format!("{path}: no 9x9 puzzles"));
    }
    let peers: Vec<sudoku::Sudoku> = grids.iter().map(to_peer_sudoku).collect();
    for (g, &p) in grids.iter().zip(&peers).take(WARM_UP) {
        for s in 0..SOLVERS.len() {
            solve_one(s, g, p, ours);
        }
    }
    let mut series: Vec<Series> = (0..SOLVERS.len()).map(|_| Series::default()).collect();
    let block = block.max(1);
    for (b, start) in (0..grids.len()).step_by(block).enumerate() {
        let end = (start + block).min(grids.len());
        let mut answers: Vec<Vec<Option<Vec<u8>>>> = vec![Vec::new(); SOLVERS.len()];
        // Each solver solves the whole block in turn (the order rotating
        // from block to block), each puzzle timed on its own.
        for j in 0..SOLVERS.len() {
            let s = (b + j) % SOLVERS.len();
            for k in start..end {
                let (dt, cells, nodes) = solve_one(s, &grids[k], peers[k], ours);
                series[s].times.push(dt);
                series[s].nodes += nodes;
                answers[s].push(cells);
            }
        }
        // Check every answer, outside the timing.
        for k in start..end {
            let grid = &grids[k];
            let mut solved_by = 0;
            for (s, answer) in answers.iter().enumerate() {
                match &answer[k - start] {
                    Some(cells) => {
                        solved_by += 1;
                        let solved = Grid::from_cells(3, cells.clone()).map_err(|e| {
                            format!("{path}: puzzle {}: {}: {e}", k + 1, SOLVERS[s])
                        })?;
                        solved.check_solution(grid).map_err(|e| {
                            format!("{path}: puzzle {}: {} is wrong: {e}", k + 1, SOLVERS[s])
                        })?;
                    }
                    None => series[s].unsolved += 1,
                }
            }
            if solved_by != 0 && solved_by != SOLVERS.len() {
                return Err(format!(
                    "{path}: puzzle {}: the solvers disagree on whether it has a solution",
                    k + 1
                ));
            }
        }
    }
    let n = grids.len();
    let name = Path::new(path)
        .file_name()
        .map_or(path.into(), |f| f.to_string_lossy());
    println!("## {name}\n");
    print!("{n} puzzles");
    if skipped > 0 {
        print!(" ({skipped} lines that are not a valid 9x9 puzzle skipped)");
    }
    let unsolvable = series[0].unsolved;
    if unsolvable > 0 {
        print!(", {unsolvable} without a solution (all solvers agree)");
    }
    println!(", first solution, 1 thread, solvers interleaved in blocks of {block} puzzle(s).\n");
    println!("| solver | puzzles | median us | p90 us | mean us | median ratio to sudoku crate | mean DLX nodes |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    let mut medians = Vec::new();
    for s in &series {
        let mut sorted = s.times.clone();
        sorted.sort_by(f64::total_cmp);
        medians.push(median(&sorted));
    }
    for (s, ser) in series.iter().enumerate() {
        let mut sorted = ser.times.clone();
        sorted.sort_by(f64::total_cmp);
        let mean = sorted.iter().sum::<f64>() / n as f64;
        let nodes = if s == 0 {
            format!("{:.1}", ser.nodes as f64 / n as f64)
        } else {
            "-".to_string()
        };
        println!(
            "| {} | {} | {:.2} | {:.2} | {:.2} | {:.2}x | {} |",
            SOLVERS[s],
            n,
            medians[s] * 1e6,
            percentile(&sorted, 90.0) * 1e6,
            mean * 1e6,
            medians[s] / medians[REFERENCE],
            nodes
        );
    }
    println!();
    Ok(medians)
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let machine = Machine::detect(1);
    println!("# Peers: median microseconds per puzzle\n");
    println!("Machine: {}.\n", machine.describe());
    if machine.profile != "release" {
        println!("**Warning: debug build; run with `--release` for meaningful numbers.**\n");
    }
    let mut ours = DlxSudoku::new();
    let mut summary = Vec::new();
    for path in &args.files {
        match run_file(path, args.limit, args.block, &mut ours) {
            Ok(medians) => summary.push((path.clone(), medians)),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(1);
            }
        }
    }
    if summary.len() > 1 {
        println!("## Summary: median ratio to the sudoku crate\n");
        let names: Vec<String> = summary
            .iter()
            .map(|(p, _)| {
                Path::new(p)
                    .file_name()
                    .map_or(p.clone(), |f| f.to_string_lossy().into_owned())
            })
            .collect();
        println!("| solver | {} |", names.join(" | "));
        println!("|---|{}", "---:|".repeat(names.len()));
        for (s, solver) in SOLVERS.iter().enumerate() {
            let cells: Vec<String> = summary
                .iter()
                .map(|(_, m)| format!("{:.2}x", m[s] / m[REFERENCE]))
                .collect();
            println!("| {solver} | {} |", cells.join(" | "));
        }
        println!();
    }
    ExitCode::SUCCESS
}
