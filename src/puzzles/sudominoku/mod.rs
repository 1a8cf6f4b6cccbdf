//! Sudominoku (Baekjoon 4574): a 9x9 Sudoku filled with the 36 dominoes
//! `{a,b}`, `1 <= a < b <= 9`, each used exactly once, plus nine single
//! squares holding the digits 1..9 once each. Some dominoes and all nine
//! singles are given.
//!
//! - `model.rs`: [`Position`], [`PlacedDomino`], [`Puzzle`]: the givens,
//!   checked when a puzzle is built ([`Puzzle::new`]).
//! - `format.rs`: [`parse`] / [`RecordReader`] / [`write_puzzle`] /
//!   [`write_puzzles`]: the Baekjoon 4574 text format (read whole or as a
//!   stream); [`format_solution`] writes the judge's expected output. The
//!   shapes of its lines are in `puzzles::lines`, shared with detection.
//! - [`encoding`]: the exact-cover matrix (Sudoku items, single-digit items,
//!   domino items), built once and shared.
//! - `solver.rs`: [`DlxSudominoku`] (the engine) solves puzzles and counts
//!   distinct solution grids, as does [`NaiveSudominoku`] (textbook
//!   backtracking, a baseline: `baseline/naive_sudominoku.rs`).
//! - `verify.rs`: [`verify`], an independent check of a solution grid.
//! - [`generate`]: deterministic unique-solution puzzles from `(seed, index)`
//!   (in `generate/sudominoku.rs`, beside the Sudoku generator).
//!
//! Positions are written as a row letter `A`-`I` and a column digit `1`-`9`
//! (`B2` is row 2, column 2). Boxes are numbered 1-9 in reading order.

pub mod encoding;
mod format;
mod model;
mod solver;
mod verify;

pub use format::{
    format_solution, looks_like, parse, records, write_puzzle, write_puzzles, Parsed, Record,
    RecordError, RecordReader, MISSING_TERMINATOR, UNREADABLE,
};
pub(crate) use model::parse_digit;
pub use model::{Given, PlacedDomino, Position, Puzzle, PuzzleError};
pub(crate) use solver::grid_of;
pub use solver::{DlxSudominoku, SudominokuSolver};
pub use verify::verify;

pub use crate::baseline::NaiveSudominoku;
pub use crate::generate::sudominoku::generate;

/// Rows, columns, boxes and digits of the grid.
pub(crate) const SIDE: usize = 9;
/// Cells of the grid.
pub(crate) const CELLS: usize = SIDE * SIDE;
/// Dominoes in the set: one per unordered pair of distinct digits.
pub(crate) const DOMINOES: usize = 36;
/// Fewest placed dominoes a puzzle may give (a count of 0 ends the input).
pub(crate) const MIN_PLACED: usize = 1;
/// Most placed dominoes a puzzle may give (the whole set).
pub(crate) const MAX_PLACED: usize = DOMINOES;
/// Fewest placed dominoes Baekjoon 4574 promises (its inputs have 10..=35).
pub(crate) const BOJ_MIN_PLACED: usize = 10;
