//! The solvers `dlx` can run, in one registry that `solve`, `check` and
//! `bench` share: which solvers exist, what each can solve, and how to make
//! one for a puzzle kind.

use std::io;

use dlx_engine::baseline::{BitmaskSudoku, NaiveSudoku, NaiveSudominoku};
use dlx_engine::puzzles::sudoku::{DlxSudoku, SudokuSolver};
use dlx_engine::puzzles::sudominoku::{DlxSudominoku, SudominokuSolver};
use dlx_engine::puzzles::Kind;

/// Which solver to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, clap::ValueEnum, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SolverKind {
    /// Algorithm X on dancing links (the engine).
    Dlx,
    /// Textbook backtracking: row-major blanks, digits in order, scans.
    /// Exponential: some 9x9 and most larger grids take hours, so give it a
    /// search budget (--node-limit).
    Naive,
    /// Candidate bitmasks, fewest-candidates cell first.
    Bitmask,
}

/// Makes a Sudoku solver of the requested kind. `lend_after`: the search
/// nodes after which the engine lends a long search to idle threads of
/// its pool ([`DlxSudoku::lend_after`]), `None` to keep each puzzle on one
/// thread (`dlx bench` times them so).
pub fn sudoku_solver(kind: SolverKind, lend_after: Option<u64>) -> Box<dyn SudokuSolver + Send> {
    match kind {
        SolverKind::Dlx => Box::new(DlxSudoku::new().lend_after(lend_after)),
        SolverKind::Naive => Box::new(NaiveSudoku::new()),
        SolverKind::Bitmask => Box::new(BitmaskSudoku::new()),
    }
}

/// Why the baseline `solver` cannot solve inputs of `kind`, if it cannot:
/// `dlx solve` then solves them with the engine (noted when the kind was
/// detected, refused when `--kind` names it).
pub fn baseline_cannot_solve(solver: SolverKind, kind: Kind) -> Option<&'static str> {
    match (solver, kind) {
        (SolverKind::Naive | SolverKind::Bitmask, Kind::Xc) => {
            Some("--solver naive and bitmask solve Sudoku (naive Sudominoku too), not exact cover")
        }
        (SolverKind::Bitmask, Kind::Sudominoku) => {
            Some("--solver bitmask solves classic Sudoku only, not Sudominoku (naive does)")
        }
        _ => None,
    }
}

/// Makes a Sudominoku solver of the requested kind, lending as
/// [`sudoku_solver`] does.
pub fn sudominoku_solver(
    kind: SolverKind,
    lend_after: Option<u64>,
) -> io::Result<Box<dyn SudominokuSolver + Send>> {
    match kind {
        SolverKind::Dlx => Ok(Box::new(DlxSudominoku::new().lend_after(lend_after))),
        SolverKind::Naive => Ok(Box::new(NaiveSudominoku::new())),
        SolverKind::Bitmask => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            baseline_cannot_solve(kind, Kind::Sudominoku).unwrap_or_default(),
        )),
    }
}
