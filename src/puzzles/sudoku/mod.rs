//! Classic Sudoku with boxes of R x C cells ([`BoxShape`]): any side N =
//! R * C from 4x4 to 64x64 with R, C >= 2 (9x9 in 3x3 boxes, 6x6 in 2x3,
//! 12x12 in 3x4, ...).
//!
//! - `grid.rs`: [`Grid`], the puzzle or its solution, [`BoxShape`] and
//!   [`GridError`].
//! - `format/`: text. One grid as a line of `N^2` symbols or as rows
//!   (numeric, bare or pretty), read and written; the symbols of each size;
//!   and [`SudokuReader`], which streams the records of a whole file
//!   ([`Style`] says how each was written).
//! - [`encoding`]: the exact-cover matrix, 4N^2 primary items and N^3
//!   options, built once per box shape and shared.
//! - `solver.rs`: [`DlxSudoku`] solves grids with the engine: the givens and
//!   the moves they force are made on bit masks (`forced.rs`), Algorithm X
//!   searches what is left (restarting in shuffled orders on a search for
//!   one solution that runs long: [`Restarts`]).
//! - `verify.rs`: [`Grid::check_solution`], an independent verifier.
//! - [`variants`]: X, windoku, anti-knight and anti-king rules added to
//!   the grid, as exact cover on the general solver.
//! - [`samples`]: well-known puzzles for examples, tests and benchmarks.
//!
//! ```
//! use dlx_engine::exact_cover::{End, Limits};
//! use dlx_engine::puzzles::sudoku::samples::{EASY, EASY_SOLUTION};
//! use dlx_engine::puzzles::sudoku::{DlxSudoku, Grid, SudokuSolver};
//!
//! // The puzzle of Wikipedia's "Sudoku" article, and the solution it shows.
//! let puzzle = Grid::from_line(EASY).unwrap();
//! let mut solver = DlxSudoku::new();
//! // Counting up to 2 proves the solution unique.
//! let found = solver.solve(&puzzle, Limits::solutions(2));
//! assert_eq!((found.count, found.end), (1, End::Exhausted));
//! let grid = found.grid.unwrap();
//! grid.check_solution(&puzzle).unwrap();
//! assert_eq!(grid.to_line(), EASY_SOLUTION);
//! ```

pub mod encoding;
mod forced;
pub(crate) mod format;
mod grid;
pub mod samples;
mod solver;
pub mod variants;
mod verify;

pub use format::symbols::symbol_value;
pub(crate) use format::symbols::token_value;
pub use format::{Style, SudokuReader, SudokuRecord};
pub(crate) use grid::{article as grid_article, shape_of_side, MAX_LINE_SIDE, MAX_SIDE};
pub use grid::{BoxShape, Grid, GridError};
#[cfg(test)]
pub(crate) use grid::{MAX_BOX, MIN_BOX};
pub use solver::{DlxSudoku, Restarts, Solution, SudokuSolver};
