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

/// The front-ends' default for lending a long search to idle threads
/// (`DlxSudoku::lend_after`, `DlxSudominoku::lend_after`): the engine's
/// [`LEND_AFTER_NODES`](crate::exact_cover::parallel::LEND_AFTER_NODES),
/// never reached without the `parallel` feature.
#[cfg(feature = "parallel")]
pub(crate) use crate::exact_cover::parallel::LEND_AFTER_NODES;
#[cfg(not(feature = "parallel"))]
pub(crate) const LEND_AFTER_NODES: u64 = u64::MAX;

/// Whether a front-end may lend its search: on a worker of a rayon pool
/// with other threads ([`can_lend`](crate::exact_cover::parallel::can_lend)),
/// never without the `parallel` feature.
pub(crate) fn can_lend() -> bool {
    #[cfg(feature = "parallel")]
    return crate::exact_cover::parallel::can_lend();
    #[cfg(not(feature = "parallel"))]
    false
}
