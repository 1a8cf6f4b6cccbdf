//! Unique-solution puzzle generation (`dlx gen`).
//!
//! - `sudoku.rs`: Sudoku puzzles of any supported size ([`generate`]), with
//!   symmetry or a clue count asked for, and their rating ([`rate`]).
//! - `layout.rs`: jigsaw, killer and samurai puzzles
//!   ([`generate_layout`]).
//! - `sudominoku.rs`: Sudominoku puzzles, deterministic in `(seed, index)`,
//!   [`sudominoku::generate`].
//!
//! ```
//! use dlx_engine::baseline::BitmaskSudoku;
//! use dlx_engine::exact_cover::{End, Limits};
//! use dlx_engine::generate::{generate, GenOptions};
//! use dlx_engine::puzzles::sudoku::SudokuSolver;
//!
//! // Puzzle 0 of a 9x9 run seeded with 7: minimal, no symmetry.
//! let made = generate(&GenOptions::new(3, 7), 0).unwrap();
//! made.solution.check_solution(&made.puzzle).unwrap();
//! // Uniqueness confirmed by a solver other than the generator's: counting
//! // up to 2 finds exactly one grid, the one generated.
//! let found = BitmaskSudoku::new().solve(&made.puzzle, Limits::solutions(2));
//! assert_eq!((found.count, found.end), (1, End::Exhausted));
//! assert_eq!(found.grid, Some(made.solution));
//! ```

mod layout;
mod sudoku;
pub mod sudominoku;

pub use layout::{generate_layout, LayoutGenerated, LAYOUT_CHECK_BUDGET};

pub use sudoku::{
    generate, generate_variant, rate, GenError, GenOptions, Generated, Rating, Symmetry, Target,
    RATE_NODE_BUDGET,
};
