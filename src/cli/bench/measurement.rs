//! What a benchmark run measures: each solver's raw results, puzzle by
//! puzzle. The runner fills them; the statistics and exporters read them.

use std::time::Duration;

use serde::Serialize;

use crate::cli::solvers::SolverKind;

/// What happened to one puzzle with one solver.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// A solution was found and verified.
    Solved,
    /// A limit (the node budget, or a deadline) ended the search first
    /// ("unsolved within budget").
    OverBudget,
    /// The search finished without a solution.
    NoSolution,
}

/// One solver's raw results on one input, in input order.
#[derive(Debug, Clone)]
pub struct Measurement {
    /// The solver.
    pub solver: SolverKind,
    /// Its node budget per puzzle (`None` = unlimited).
    pub budget: Option<u64>,
    /// Solve time of each puzzle, nanoseconds.
    pub times_ns: Vec<u64>,
    /// Search nodes of each puzzle (the solver's own unit).
    pub nodes: Vec<u64>,
    /// What happened to each puzzle.
    pub outcomes: Vec<Outcome>,
    /// Wall-clock time of the solver's blocks (its share of the run).
    pub wall: Duration,
}
