//! Multiplicities (Knuth's Algorithm M): queens placed so that every column
//! holds exactly one, every row between `lo` and `hi`, and no two share a
//! diagonal.
//!
//! ```text
//! cargo run --example bounded_queens -- [N] [LO] [HI]    # default 8 0 2
//! ```
//!
//! The rows are primary items with bounds (`lo:hi|r3` in Knuth's DLX3
//! format), the columns plain primary items, the diagonals secondary items
//! (at most one queen each). With `lo = hi = 1` it is the classic n-queens
//! problem (92 solutions for n = 8, OEIS A000170). With rows allowed 0 to 2
//! queens, the n queens of the n columns may crowd into fewer rows.
//!
//! The engine picks the item to branch on by Knuth's branching degree, so a
//! row that may stay empty is not forced early; each row's options are
//! tried one by one and kept out of its list afterwards, so every set of
//! queens is counted once.

use std::process::ExitCode;

use dlx_engine::exact_cover::{knuth_format, verify, Limits, Problem, ProblemError, Solver};

/// The bounded queens problem on an `n` x `n` board.
fn bounded_queens(n: usize, lo: u32, hi: u32) -> Result<Problem, ProblemError> {
    let mut p = Problem::new();
    let rows: Vec<usize> = (0..n)
        .map(|i| p.add_bounded(format!("r{i}"), lo, hi))
        .collect::<Result<_, _>>()?;
    let cols: Vec<usize> = (0..n)
        .map(|j| p.add_primary(format!("c{j}")))
        .collect::<Result<_, _>>()?;
    // Diagonals i + j and i - j + n - 1, numbered 0..2n-1.
    let up: Vec<usize> = (0..2 * n - 1)
        .map(|d| p.add_secondary(format!("a{d}")))
        .collect::<Result<_, _>>()?;
    let down: Vec<usize> = (0..2 * n - 1)
        .map(|d| p.add_secondary(format!("b{d}")))
        .collect::<Result<_, _>>()?;
    for i in 0..n {
        for j in 0..n {
            p.add_option(&[rows[i], cols[j], up[i + j], down[i + n - 1 - j]])?;
        }
    }
    Ok(p)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |k: usize, default: u32| match args.get(k) {
        None => Some(default),
        Some(a) => a.parse::<u32>().ok(),
    };
    let (Some(n), Some(lo), Some(hi)) = (number(0, 8), number(1, 0), number(2, 2)) else {
        eprintln!("usage: cargo run --example bounded_queens -- [N] [LO] [HI]   (numbers)");
        return ExitCode::from(2);
    };
    if !(1..=16).contains(&n) {
        eprintln!("N must be from 1 to 16");
        return ExitCode::from(2);
    }
    let problem = match bounded_queens(n as usize, lo, hi) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let matrix = problem.compile().expect("a small problem fits the arena");
    let mut solver = Solver::new(&matrix);
    let report = solver.count(Limits::none());
    println!(
        "{n} queens, one per column, {lo} to {hi} per row: {} solutions ({} search nodes)",
        report.solutions, report.stats.nodes
    );
    if let Some(options) = solver.first_solution() {
        verify(&problem, &options).expect("the engine's solutions are valid");
        let n = n as usize;
        let mut board = vec![vec!['.'; n]; n];
        for &k in &options {
            board[k / n][k % n] = 'Q';
        }
        for row in board {
            println!("{}", row.into_iter().collect::<String>());
        }
    }
    let text = knuth_format::write(&problem);
    println!(
        "In Knuth's DLX3 format, its item line begins: {}",
        text.lines()
            .next()
            .unwrap_or_default()
            .chars()
            .take(40)
            .collect::<String>()
    );
    ExitCode::SUCCESS
}
