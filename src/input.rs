//! Where the command line imported its input handling from, before that
//! moved to [`crate::io`] and the puzzles' own modules.

// Temporary: the CLI's imports move to the new paths next.
#[cfg(test)]
#[cfg(feature = "cli")]
#[doc(hidden)]
pub(crate) use crate::io::lines::Failing;
#[cfg(feature = "cli")]
#[doc(hidden)]
pub(crate) use crate::io::lines::{read_line, Line, TOO_LONG};
#[doc(hidden)]
pub use crate::io::MAX_LINE;
#[doc(hidden)]
pub use crate::io::{detect, prepare, Kind};
#[cfg(feature = "cli")]
#[doc(hidden)]
pub(crate) use crate::puzzles::lines::{csv_grid_row, is_title, strip_comment};
#[doc(hidden)]
pub use crate::puzzles::sudoku::{Style, SudokuReader};
