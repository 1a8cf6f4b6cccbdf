//! The exact-cover engine. It knows nothing about puzzles.
//!
//! State a problem with [`Problem`], compile it to a [`Matrix`] once, and
//! solve it with a [`Solver`] (one per thread) as often as needed:
//! [`Solver::reset`], [`Solver::select`] the options every solution must
//! contain, then [`Solver::first_solution`], [`Solver::count`] or
//! [`Solver::search`] with a visitor.
//!
//! What lives where:
//!
//! - `problem.rs`: [`Problem`] (items, [`Item`], [`ItemKind`], options) and
//!   [`ProblemError`].
//! - `arena.rs`: [`Matrix`], the compiled dancing-links arena, shared by
//!   every solver of the problem.
//! - `search.rs`: [`Solver`], Algorithm X on a copy of the arena; its
//!   [`Limits`] (solutions, nodes, a deadline, a [`Cancel`] flag), its
//!   [`Report`] ([`End`], [`Stats`]) and a selection's [`Conflict`].
//! - `reduced.rs`: [`ReducedSolver`] runs the same search on an arena built
//!   afresh for each instance from item numbers, for front-ends that reduce
//!   each instance themselves (the Sudoku solver after the moves its givens
//!   force).
//! - `cells.rs`: [`CellsSolver`] runs the same search on Knuth's sparse sets
//!   ("dancing cells") behind the same API; it is slower than [`Solver`] on
//!   everything measured (`docs/perf-log.md`, "Dancing cells") and kept
//!   as a tested reference.
//! - `any_solver.rs`: [`ExactCoverSolver`], which all three implement, for
//!   code written once for any of them.
//! - [`knuth_format`]: Knuth's DLX1 text format, read and written.
//! - `verify.rs`: [`verify`], an independent check of a solution
//!   ([`CoverError`]).
//!
//! ```
//! use dlx_engine::exact_cover::{verify, End, Limits, Solver};
//! use dlx_engine::problems::n_queens;
//!
//! // Eight queens on a chessboard: 92 solutions (OEIS A000170).
//! let problem = n_queens(8);
//! let matrix = problem.compile().unwrap();
//! let mut solver = Solver::new(&matrix);
//! let first = solver.first_solution().unwrap();
//! verify(&problem, &first).unwrap();
//! let report = solver.count(Limits::none());
//! assert_eq!((report.solutions, report.end), (92, End::Exhausted));
//! ```

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
