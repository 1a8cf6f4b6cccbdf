//! Baseline Sudoku solvers to compare the exact-cover engine with.
//!
//! Both implement [`SudokuSolver`](crate::puzzles::sudoku::SudokuSolver) for
//! every box size `MIN_BOX..=MAX_BOX` (4x4 up to 64x64) and honour
//! [`Limits`](crate::exact_cover::Limits) the way
//! [`DlxSudoku`](crate::puzzles::sudoku::DlxSudoku) does: `max_solutions`
//! defaults to 1, a search node is one digit placed in a cell, and
//! [`End`](crate::exact_cover::End) tells whether the count is exact.
//!
//! - [`naive::NaiveSudoku`]: the textbook backtracking (blanks in reading
//!   order, digits `1..=side` in order, validity by scanning the grid).
//! - [`bitmask::BitmaskSudoku`]: strong classical backtracking (per-unit
//!   `u64` candidate masks, fewest-candidates cell first), which also reports
//!   how many of its nodes were guesses.

pub mod bitmask;
pub mod naive;

pub use bitmask::BitmaskSudoku;
pub use naive::NaiveSudoku;
