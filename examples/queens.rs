//! N-queens as an exact-cover problem, built with the engine's public API.
//!
//! Shows how to state a problem with [`Problem`] (primary items that every
//! solution covers exactly once, secondary items that it covers at most
//! once), compile it, count its solutions with [`Solver::count`] and read
//! one back with [`Solver::first_solution`].
//!
//! ```text
//! cargo run --example queens            # n = 8: 92 solutions
//! cargo run --example queens -- 10      # n = 10: 724 solutions
//! ```
//!
//! The encoding is Knuth's (TAOCP 7.2.2.1): one option per square, naming
//! the square's row `r{i}` and column `c{j}` (primary: every row and every
//! column holds exactly one queen) and its two diagonals `a{i+j}` and
//! `b{i-j+n-1}` (secondary: a diagonal holds at most one queen, and most
//! diagonals hold none).
//!
//! The counts are OEIS A000170 (<https://oeis.org/A000170>): n = 1..=12
//! gives 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200.

use std::process::ExitCode;

use dlx_engine::exact_cover::{Limits, Problem, ProblemError, Solver};

/// The largest board this example takes: 16 queens already have
/// 14,772,512 solutions, minutes of counting.
const MAX_N: usize = 16;

/// The n-queens problem. Option `i * n + j` puts a queen on row `i`,
/// column `j`: options are numbered in the order they are added.
fn queens(n: usize) -> Result<Problem, ProblemError> {
    let mut p = Problem::new();
    for i in 0..n {
        p.add_primary(format!("r{i}"))?;
        p.add_primary(format!("c{i}"))?;
    }
    for d in 0..2 * n - 1 {
        p.add_secondary(format!("a{d}"))?;
        p.add_secondary(format!("b{d}"))?;
    }
    for i in 0..n {
        for j in 0..n {
            p.add_option_by_name([
                format!("r{i}"),
                format!("c{j}"),
                format!("a{}", i + j),
                format!("b{}", i + n - 1 - j),
            ])?;
        }
    }
    Ok(p)
}

fn main() -> ExitCode {
    let n = match std::env::args().nth(1).map(|a| a.parse::<usize>()) {
        None => 8,
        Some(Ok(n)) if (1..=MAX_N).contains(&n) => n,
        Some(_) => {
            eprintln!(
                "usage: cargo run --example queens -- [N]   (N from 1 to {MAX_N}; default 8)"
            );
            return ExitCode::from(2);
        }
    };
    let problem = queens(n).expect("distinct item names, known items");
    // The matrix is built once; a solver is the working copy one thread
    // searches on, and can be reused for any number of searches.
    let matrix = problem.compile().expect("a small problem fits the arena");
    let mut solver = Solver::new(&matrix);

    let report = solver.count(Limits::none());
    println!(
        "{n}-queens: {} solutions ({} search nodes, {} link updates)",
        report.solutions, report.stats.nodes, report.stats.updates
    );

    match solver.first_solution() {
        None => println!("no board: {n} queens cannot be placed"),
        Some(options) => {
            // Each option number is a square; the option's item names say
            // the same thing (`problem.option_names(k)`: `r0 c4 a4 b3`).
            let mut board = vec![vec!['.'; n]; n];
            for &k in &options {
                board[k / n][k % n] = 'Q';
            }
            println!("the first solution found:");
            for row in board {
                let row: Vec<String> = row.iter().map(char::to_string).collect();
                println!("  {}", row.join(" "));
            }
            let first = problem.option_names(options[0]).join(" ");
            println!("(its first option, as items: {first})");
        }
    }
    ExitCode::SUCCESS
}
