//! Reading an input before its records: what every command that takes
//! files does first, whatever the puzzle.
//!
//! - `lines.rs`: bounded line reading (`read_line`: no line over
//!   `MAX_LINE` bytes is held), knowing nothing of what the lines mean.
//! - `prepare.rs`: [`read_ahead`] reads ahead, refuses UTF-16 text and
//!   compressed files with the reason, drops a byte-order mark, reads
//!   old-Mac line ends, and replays what it read as a [`Prepared`] input.
//!
//! Nothing here knows a puzzle: deciding what kind of puzzle the lines
//! read ahead hold is [`puzzles::prepare`](crate::puzzles::prepare)'s.
//!
//! The readers of records are the puzzles' own
//! ([`SudokuReader`](crate::puzzles::sudoku::SudokuReader),
//! [`RecordReader`](crate::puzzles::sudominoku::RecordReader),
//! [`knuth_format`](crate::exact_cover::knuth_format)).
//!
//! ```
//! use dlx_engine::puzzles::{prepare, Kind};
//! use dlx_engine::puzzles::sudoku::samples::EASY;
//! use dlx_engine::puzzles::sudoku::SudokuReader;
//!
//! // A one-line Sudoku after a comment, behind a UTF-8 byte-order mark,
//! // with old-Mac line ends.
//! let text = format!("\u{feff}# Wikipedia's example\r{EASY}\r");
//! let (kind, input) = prepare(None, text.as_bytes()).unwrap();
//! assert_eq!(kind, Kind::Sudoku);
//! let records: Vec<_> = SudokuReader::new(input).collect::<Result<_, _>>().unwrap();
//! assert_eq!(records.len(), 1);
//! assert_eq!(records[0].line, 2);
//! let (grid, _style) = records[0].puzzle.as_ref().unwrap();
//! assert_eq!(grid.to_line(), EASY);
//!
//! // Knuth's exact-cover format: an item line, then options over its items.
//! let (kind, _) = prepare(None, "a b c\na b\nc\nb c\na\n".as_bytes()).unwrap();
//! assert_eq!(kind, Kind::Xc);
//! ```

pub(crate) mod lines;
pub(crate) mod prepare;

pub use lines::{read_line, read_text, Line, MAX_LINE, TOO_LONG};
pub use prepare::{read_ahead, Prepared, DETECT_BYTES, MAX_LEADING_COMMENTS};
