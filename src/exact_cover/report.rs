//! What a search reports: [`Report`] (solutions, how it [`End`]ed, its
//! [`Stats`]) and why a selection failed ([`Conflict`]).

/// Work done by one search: the machine-independent measure of its cost.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Search nodes: options tried at some level of the search tree.
    pub nodes: u64,
    /// Link updates: nodes taken out of their columns while items are
    /// covered (each hidden option loses one per item other than the one
    /// being covered), Knuth's measure of the dance's work. Undoing them is
    /// not counted again.
    pub updates: u64,
    /// Knuth's "cleansings" (DLX2, DLX3): purifications of coloured
    /// secondary items, and the options each one marked as agreeing with
    /// its colour. Always 0 without colours.
    pub cleansings: u64,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, other: Stats) {
        self.nodes += other.nodes;
        self.updates += other.updates;
        self.cleansings += other.cleansings;
    }
}

/// How a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum End {
    /// The whole search tree was explored: the solution count is exact.
    Exhausted,
    /// `max_solutions` was reached or the visitor asked to stop.
    Stopped,
    /// The node budget ran out before the search finished.
    NodeLimit,
    /// The deadline passed before the search finished.
    TimeLimit,
    /// The [`Limits::cancel`](super::Limits::cancel) flag was raised before the search finished.
    Cancelled,
}

impl End {
    /// Whether a limit (nodes, time or a cancel) cut the search short, so a
    /// count of solutions is only a lower bound and "no solution" proves
    /// nothing.
    pub fn is_limit(self) -> bool {
        matches!(self, End::NodeLimit | End::TimeLimit | End::Cancelled)
    }
}

/// The result of [`Solver::search`](super::Solver::search).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Report {
    /// Solutions found (and visited).
    pub solutions: u64,
    /// Why the search ended.
    pub end: End,
    /// Work done.
    pub stats: Stats,
}

/// A pre-selected option could not be selected: one of its items is already
/// covered by an earlier selection.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "option {option} clashes with an option selected before it (item {item} is already covered)"
)]
pub struct Conflict {
    /// The option that could not be selected.
    pub option: usize,
    /// The item (0-based) that was already covered.
    pub item: usize,
}

impl Conflict {
    /// The clash in the problem's own names: ``option `a d g` clashes
    /// with an option selected before it (item `d` is already covered)``.
    /// (The `Display` form has only the numbers, which is all a
    /// `Conflict` holds.)
    ///
    /// # Panics
    /// If the option or item is not one of `problem`'s.
    pub fn describe(&self, problem: &super::Problem) -> String {
        format!(
            "option `{}` clashes with an option selected before it (item `{}` is already covered)",
            problem.option_names(self.option).join(" "),
            problem.items()[self.item].name
        )
    }
}
