//! The exact-cover engine. It knows nothing about puzzles.
//!
//! State a problem with [`Problem`], compile it to a [`Matrix`] once, and
//! solve it with a [`Solver`] (one per thread) as often as needed:
//! [`Solver::reset`], [`Solver::select`] the options every solution must
//! contain, then [`Solver::first_solution`], [`Solver::count`] or
//! [`Solver::search`] with a visitor.
//!
//! [`ReducedSolver`] runs the same search on an arena built afresh for each
//! instance from item numbers, for front-ends that reduce each instance
//! themselves (the Sudoku solver after the moves its givens force).
//!
//! [`CellsSolver`] runs the same search on Knuth's sparse sets ("dancing
//! cells") behind the same API; it is slower than [`Solver`] on everything
//! measured (`benches/README.md`) and kept as a tested reference.
//!
//! All three implement [`ExactCoverSolver`], for code written once for any
//! of them.

mod any_solver;
mod arena;
mod cells;
pub mod knuth_format;
mod problem;
mod reduced;
mod search;
mod verify;

pub use any_solver::ExactCoverSolver;
pub use arena::Matrix;
pub use cells::{CellsSolver, OptionOrder};
pub use problem::{Item, ItemKind, Problem, ProblemError};
pub use reduced::ReducedSolver;
pub use search::{
    Cancel, Conflict, End, Limits, Report, Solver, Stats, DEADLINE_CHECK_NODES,
    DEADLINE_CHECK_UPDATES,
};
pub use verify::{verify, CoverError};
