//! # dlx-engine
//!
//! An exact-cover engine (Knuth's Algorithm X over a dancing-links arena) and
//! puzzle front-ends built on it. Each module's docs say what lives where
//! and carry a runnable example.
//!
//! - [`exact_cover`]: the engine. State a [`Problem`](exact_cover::Problem),
//!   compile it to a [`Matrix`](exact_cover::Matrix), solve it with a
//!   [`Solver`](exact_cover::Solver); [`ReducedSolver`](exact_cover::ReducedSolver)
//!   for instances rebuilt each time, [`verify`](exact_cover::verify), and
//!   Knuth's text format in [`knuth_format`](exact_cover::knuth_format).
//! - [`problems`]: classic problems stated with that API (N-queens,
//!   Langford pairs, polyomino packing, Knuth's example).
//! - [`puzzles`]: the front-ends, which encode a puzzle as an exact cover
//!   and decode its solutions:
//!   - [`puzzles::sudoku`]: [`Grid`](puzzles::sudoku::Grid), its text and the
//!     [`SudokuReader`](puzzles::sudoku::SudokuReader) of whole files, and
//!     [`DlxSudoku`](puzzles::sudoku::DlxSudoku), 4x4 up to 64x64;
//!   - [`puzzles::sudominoku`]: Baekjoon 4574, read with
//!     [`parse`](puzzles::sudominoku::parse) or
//!     [`records`](puzzles::sudominoku::records) and solved with
//!     [`DlxSudominoku`](puzzles::sudominoku::DlxSudominoku);
//!   - [`puzzles::lines`]: the shapes of input lines, shared by the readers
//!     and kind detection.
//! - [`io`]: an input made ready before its records are read:
//!   [`prepare`](puzzles::prepare) and the [`Kind`](puzzles::Kind) it detects, bounded
//!   line reading.
//! - [`baseline`]: the solvers the engine is compared with,
//!   [`NaiveSudoku`](baseline::NaiveSudoku),
//!   [`BitmaskSudoku`](baseline::BitmaskSudoku) and
//!   [`NaiveSudominoku`](baseline::NaiveSudominoku).
//! - [`generate`]: unique-solution Sudoku ([`generate()`](generate::generate))
//!   and Sudominoku puzzles, and their rating.
//! - [`error`]: the errors of the readers and verifiers, and how messages
//!   quote user text.
//!
//! The `dlx` command's own code (its batch pipeline, `solve`, `check`,
//! `bench`) lives with the binary, not in the library.
//!
//! ```
//! use dlx_engine::exact_cover::{knuth_format, Limits, Solver};
//!
//! let xc = knuth_format::parse("a b c\na b\nc\nb c\na\n", "example").unwrap();
//! let mut solver = Solver::new(&xc.problem.compile().unwrap());
//! assert_eq!(solver.count(Limits::none()).solutions, 2);
//! ```
#![warn(missing_docs)]

pub mod baseline;
pub mod error;
pub mod exact_cover;
pub mod generate;
pub mod io;
pub mod problems;
pub mod puzzles;

/// The README's Rust examples, compiled and run as doc tests so that they
/// cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;
