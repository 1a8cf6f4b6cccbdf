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
//!   distinct solution grids, as does [`NaiveSudominoku`](crate::baseline::NaiveSudominoku) (textbook
//!   backtracking, a baseline: `baseline/naive_sudominoku.rs`).
//! - `verify.rs`: [`verify`], an independent check of a solution grid.
//! - [`generate`](crate::generate::sudominoku::generate): deterministic unique-solution puzzles from `(seed, index)`
//!   (in `generate/sudominoku.rs`, beside the Sudoku generator).
//!
//! Positions are written as a row letter `A`-`I` and a column digit `1`-`9`
//! (`B2` is row 2, column 2). Boxes are numbered 1-9 in reading order.
//!
//! ```
//! use dlx_engine::exact_cover::{End, Limits};
//! use dlx_engine::puzzles::sudominoku::{format_solution, parse, records, verify, DlxSudominoku};
//!
//! // Puzzle 1 of Baekjoon 4574's sample input, and below its sample output.
//! let input = "10\n6 B2 1 B3\n2 C4 9 C3\n6 D3 8 E3\n7 E1 4 F1\n8 B7 4 B8\n\
//!              3 F5 2 F6\n7 F7 6 F8\n5 G4 9 G5\n7 I8 8 I9\n7 C9 2 B9\n\
//!              C5 A3 D9 I4 A9 E5 A2 C6 I1\n0\n";
//! let parsed = parse(input);
//! assert!(!parsed.missing_terminator);
//! let puzzle = parsed.records[0].puzzle.clone().unwrap();
//! let found = DlxSudominoku::new().solve(&puzzle, Limits::solutions(2));
//! assert_eq!((found.count, found.end), (1, End::Exhausted)); // one grid
//! let grid = found.grid.unwrap();
//! verify(&puzzle, &grid).unwrap();
//! assert_eq!(
//!     format_solution(1, &grid),
//!     "Puzzle 1\n872643195\n361975842\n549218637\n126754983\n738169254\n\
//!      495832761\n284597316\n657381429\n913426578\n"
//! );
//!
//! // The same records, read from any `BufRead` a line at a time.
//! let streamed: Vec<_> = records(input.as_bytes()).collect::<Result<_, _>>().unwrap();
//! assert_eq!(streamed, parsed.records);
//! ```

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
