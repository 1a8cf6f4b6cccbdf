//! The exact-cover engine: Knuth's whole family on one search loop. It
//! knows nothing about puzzles.
//!
//! State a problem with [`Problem`] (plain items, secondary items with
//! colours, primary items with bounds), compile it to a [`Matrix`] once, and
//! solve it with a [`Solver`] (one per thread) as often as needed:
//! [`Solver::reset`], [`Solver::select`] the options every solution must
//! contain, then [`Solver::first_solution`], [`Solver::count`] or
//! [`Solver::search`] with a visitor. Knuth's text format (DLX1, DLX2 and
//! DLX3) is read and written by [`knuth_format`].
//!
//! Where things are:
//!
//! - the loop, with Knuth's step names (X2-X8; C for colours, M3-M9 for
//!   bounds): `search.rs`, `run_search`, generic over a `Family` (plain,
//!   colours, bounds, both) so that each problem runs the copy compiled for
//!   what it uses; [`Solver`] drives it on a copy of the matrix's arena;
//! - the dance, each step beside its undo (cover and its undo, commit and
//!   its release, purify, tweak, the null move): `arena/dance.rs`;
//! - the choice of item: `arena/choice.rs` (MRV, the first item of fewest
//!   options; with bounds, Knuth's branching degree);
//! - the arena (links, the trail, colours and bounds): `arena/mod.rs`;
//! - the compiled problem: `matrix.rs` ([`Matrix`]);
//! - the problem as stated: `problem.rs` ([`Problem`], [`Item`],
//!   [`ItemKind`], [`ProblemError`]);
//! - the types around a search: `limits.rs` ([`Limits`], [`Cancel`]) and
//!   `report.rs` ([`Report`], [`End`], [`Stats`], [`Conflict`]);
//! - [`ReducedSolver`] (`reduced.rs`): the same loop on an arena built afresh
//!   for each instance from item numbers, for front-ends that reduce each
//!   instance themselves (the Sudoku solver after the moves its givens
//!   force);
//! - [`verify`] (`verify.rs`): an independent check of a solution
//!   ([`CoverError`]);
//! - `cells/`: Knuth's "dancing cells" (sparse sets), a second
//!   representation kept as a tested reference; public as `CellsSolver`
//!   only with the `dancing-cells` feature (slower than [`Solver`] on
//!   everything measured: `docs/perf-log.md`, "Dancing cells").
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

mod arena;
pub mod estimate;
mod matrix;
#[cfg(feature = "parallel")]
pub mod parallel;
// Knuth's "dancing cells", a second representation kept as a tested
// reference (slower on everything measured): outside the public API unless
// the `dancing-cells` feature asks for it, but always built for the tests.
#[cfg(any(test, feature = "dancing-cells"))]
mod cells;
pub mod knuth_format;
mod limits;
mod problem;
mod reduced;
mod report;
mod search;
mod verify;

#[cfg(feature = "dancing-cells")]
pub use cells::{CellsSolver, OptionOrder};
pub use limits::{Cancel, Limits, DEADLINE_CHECK_NODES, DEADLINE_CHECK_UPDATES};
pub use matrix::Matrix;
pub use problem::{Item, ItemKind, Problem, ProblemError};
pub use reduced::ReducedSolver;
pub use report::{Conflict, End, Report, Stats};
pub use search::{Branch, Solver};
pub use verify::{verify, CoverError};
