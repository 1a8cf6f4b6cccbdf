//! Reading an input before its records: what every command that takes
//! files does first, whatever the puzzle.
//!
//! - `lines.rs`: bounded line reading (`read_line`: no line over
//!   `MAX_LINE` bytes is held), knowing nothing of what the lines mean.
//! - `prepare.rs`: [`prepare`] reads ahead, refuses UTF-16 text and
//!   compressed files with the reason, drops a byte-order mark, reads
//!   old-Mac line ends, and replays what it read as a [`Prepared`] input.
//! - `detect.rs`: [`detect`] decides the [`Kind`] of an input from the
//!   lines read ahead, by a vote of their shapes (the shapes themselves are
//!   the puzzles' own, in `puzzles::lines`).
//!
//! The readers of records are the puzzles' own
//! ([`SudokuReader`](crate::puzzles::sudoku::SudokuReader),
//! [`RecordReader`](crate::puzzles::sudominoku::RecordReader),
//! [`knuth_format`](crate::exact_cover::knuth_format)).

pub(crate) mod detect;
pub(crate) mod lines;
pub(crate) mod prepare;

pub use detect::{detect, Kind};
pub use lines::{read_line, read_text, Line, MAX_LINE, TOO_LONG};
pub use prepare::{prepare, Prepared, DETECT_BYTES, DETECT_LINES, MAX_LEADING_COMMENTS};
