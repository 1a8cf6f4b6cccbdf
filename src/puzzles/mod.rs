//! Puzzle front-ends: each encodes its puzzle as an exact-cover problem and
//! decodes solutions. They never print.
//!
//! - [`sudoku`]: classic Sudoku, 4x4 up to 64x64: grids, their text and the
//!   reader of whole files, the encoding, the solver and the verifier.
//! - [`sudominoku`]: Baekjoon 4574, likewise.
//! - [`lines`]: the shapes of input lines (grid rows, rules, CSV fields,
//!   titles, domino lines, ...), shared by the readers here and by kind
//!   detection.
//! - [`detect`](mod@detect): an input's [`Kind`], voted from the shapes of its first
//!   lines; [`prepare`] opens an input for its records (the generic
//!   read-ahead is [`crate::io`]'s).

pub mod detect;
pub mod lines;
pub mod sudoku;
pub mod sudominoku;

pub use detect::{detect, prepare, Kind, DETECT_LINES};
