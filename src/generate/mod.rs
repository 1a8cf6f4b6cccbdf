//! Unique-solution puzzle generation (`dlx gen`).
//!
//! - `sudoku.rs`: Sudoku puzzles of any supported size ([`generate`]), with
//!   symmetry or a clue count asked for, and their rating ([`rate`]).
//! - `sudominoku.rs`: Sudominoku puzzles, deterministic in `(seed, index)`,
//!   reached as [`puzzles::sudominoku::generate`](crate::puzzles::sudominoku::generate).

mod sudoku;
pub(crate) mod sudominoku;

pub use sudoku::{
    generate, rate, GenError, GenOptions, Generated, Rating, Symmetry, Target, RATE_NODE_BUDGET,
};
