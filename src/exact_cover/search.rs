//! Algorithm X (Knuth, TAOCP 7.2.2.1, steps X1-X8) on the dancing-links arena.
//!
//! The search is iterative: an explicit stack holds the node chosen at each
//! level, so there is no recursion limit and a search can stop anywhere and be
//! unwound. Nothing is allocated inside the search loop.

use std::ops::ControlFlow;
use std::time::Instant;

use super::arena::{Links, Matrix, NO_OPTION};

/// Limits on one search. The default is no limit at all.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many solutions.
    pub max_solutions: Option<u64>,
    /// Stop once this many search nodes (options tried) have been used.
    pub max_nodes: Option<u64>,
    /// Stop once this moment has passed. Checked every
    /// [`DEADLINE_CHECK_NODES`] nodes, so a search overruns it by at most the
    /// time those nodes take (microseconds for Sudoku).
    pub deadline: Option<Instant>,
}

/// How many search nodes pass between two looks at the clock when a
/// [`Limits::deadline`] is set: reading the clock costs about as much as a
/// few nodes, so checking every node would slow the search measurably.
pub const DEADLINE_CHECK_NODES: u64 = 1024;

impl Limits {
    /// No limits: enumerate the whole search tree.
    pub fn none() -> Self {
        Limits::default()
    }

    /// Stop after `n` solutions.
    pub fn solutions(n: u64) -> Self {
        Limits {
            max_solutions: Some(n),
            ..Limits::default()
        }
    }

    /// Adds a node budget.
    pub fn with_max_nodes(self, nodes: Option<u64>) -> Self {
        Limits {
            max_nodes: nodes,
            ..self
        }
    }

    /// Adds a deadline.
    pub fn with_deadline(self, deadline: Option<Instant>) -> Self {
        Limits { deadline, ..self }
    }

    /// Whether a search that has used `nodes` nodes must stop now for its
    /// deadline. Looks at the clock only every [`DEADLINE_CHECK_NODES`]
    /// nodes; solvers outside the engine use it too, so every solver honours
    /// the deadline the same way.
    #[inline]
    pub fn deadline_passed(&self, nodes: u64) -> bool {
        match self.deadline {
            Some(deadline) => nodes % DEADLINE_CHECK_NODES == 0 && Instant::now() >= deadline,
            None => false,
        }
    }
}

/// Work done by one search: the machine-independent measure of its cost.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Search nodes: options tried at some level of the search tree.
    pub nodes: u64,
    /// Link updates: nodes removed from their columns by `hide`.
    pub updates: u64,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, other: Stats) {
        self.nodes += other.nodes;
        self.updates += other.updates;
    }
}

/// How a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// The whole search tree was explored: the solution count is exact.
    Exhausted,
    /// `max_solutions` was reached or the visitor asked to stop.
    Stopped,
    /// The node budget ran out before the search finished.
    NodeLimit,
    /// The deadline passed before the search finished.
    TimeLimit,
}

impl End {
    /// Whether a limit (nodes or time) cut the search short, so a count of
    /// solutions is only a lower bound and "no solution" proves nothing.
    pub fn is_limit(self) -> bool {
        matches!(self, End::NodeLimit | End::TimeLimit)
    }
}

/// The result of [`Solver::search`].
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

/// Solves one [`Matrix`] many times: per puzzle, [`reset`](Solver::reset),
/// [`select`](Solver::select) the givens, then search.
///
/// A solver owns a working copy of the arena; create one per thread.
#[derive(Debug, Clone)]
pub struct Solver {
    matrix: Matrix,
    links: Links,
    /// Node chosen at each level of the current search.
    stack: Vec<u32>,
    /// First node of each pre-selected option, in selection order.
    selected: Vec<u32>,
    /// Per item (1-based): covered by a pre-selected option.
    covered: Vec<bool>,
    /// Buffer the visitor sees: option numbers of the current solution.
    solution: Vec<usize>,
    updates: u64,
}

enum Step {
    /// X2/X3/X4: a new level; all levels below are committed.
    Enter,
    /// X5: try node `x` of the covered item `i`.
    Try { item: u32, x: u32 },
    /// X6/X8: undo the top level and move to its next option.
    Backtrack,
}

impl Solver {
    /// A solver for `matrix`, in its starting state.
    pub fn new(matrix: &Matrix) -> Self {
        let shape = &matrix.shape;
        let items = shape.problem.items().len();
        Solver {
            matrix: matrix.clone(),
            links: shape.links.clone(),
            stack: Vec::with_capacity(shape.primaries + 1),
            selected: Vec::new(),
            covered: vec![false; items + 1],
            solution: Vec::with_capacity(shape.primaries + 1),
            updates: 0,
        }
    }

    /// The matrix this solver works on.
    pub fn matrix(&self) -> &Matrix {
        &self.matrix
    }

    /// Undoes every selection and any unfinished search, restoring the
    /// starting state. Costs as much as the work it undoes, not the size of
    /// the arena.
    pub fn reset(&mut self) {
        self.unwind_search();
        while let Some(first) = self.selected.pop() {
            self.unselect(first);
        }
    }

    /// Pre-selects option `option` as part of every solution (a given).
    ///
    /// Fails, changing nothing, if the option shares an item with an option
    /// selected before.
    ///
    /// # Panics
    /// If `option` is out of range.
    pub fn select(&mut self, option: usize) -> Result<(), Conflict> {
        self.unwind_search();
        let first = self.matrix.shape.option_first[option];
        let top = &self.matrix.shape.top;
        let mut p = first as usize;
        while top[p] != 0 {
            if self.covered[top[p] as usize] {
                return Err(Conflict {
                    option,
                    item: top[p] as usize - 1,
                });
            }
            p += 1;
        }
        let mut p = first as usize;
        while self.matrix.shape.top[p] != 0 {
            let item = self.matrix.shape.top[p];
            self.covered[item as usize] = true;
            self.cover(item);
            p += 1;
        }
        self.selected.push(first);
        Ok(())
    }

    /// The options pre-selected so far, in order.
    pub fn selected(&self) -> impl Iterator<Item = usize> + '_ {
        let node_option = &self.matrix.shape.node_option;
        self.selected
            .iter()
            .map(|&f| node_option[f as usize] as usize)
    }

    /// Current number of options in the column of `item` (0-based).
    pub fn item_len(&self, item: usize) -> usize {
        self.links.len[item + 1] as usize
    }

    /// Whether every primary item is covered by the pre-selected options.
    pub fn is_complete(&self) -> bool {
        self.links.rlink[0] == 0
    }

    fn unselect(&mut self, first: u32) {
        let top = &self.matrix.shape.top;
        let mut p = first as usize;
        while top[p] != 0 {
            p += 1;
        }
        // Uncover in the reverse order of covering.
        while p > first as usize {
            p -= 1;
            let item = self.matrix.shape.top[p];
            self.uncover(item);
            self.covered[item as usize] = false;
        }
    }

    /// Undoes the levels of a search that stopped early.
    fn unwind_search(&mut self) {
        while let Some(x) = self.stack.pop() {
            self.uncommit_others(x);
            let item = self.matrix.shape.top[x as usize];
            self.uncover(item);
        }
    }

    /// The first solution (pre-selected options first), if any.
    pub fn first_solution(&mut self) -> Option<Vec<usize>> {
        let mut found = None;
        self.search(Limits::solutions(1), |s| {
            found = Some(s.to_vec());
            ControlFlow::Break(())
        });
        found
    }

    /// Counts solutions, stopping at `max` if given.
    pub fn count(&mut self, limits: Limits) -> Report {
        self.search(limits, |_| ControlFlow::Continue(()))
    }

    /// Runs Algorithm X from the current selections, calling `visit` with the
    /// option numbers of each solution (pre-selected options first, then the
    /// chosen ones by level). `visit` returns `Break` to stop.
    ///
    /// The solver keeps the state in which the search ended until the next
    /// `search`, `select` or `reset`.
    pub fn search<F>(&mut self, limits: Limits, mut visit: F) -> Report
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        self.unwind_search();
        self.updates = 0;
        let max_solutions = limits.max_solutions.unwrap_or(u64::MAX);
        let max_nodes = limits.max_nodes.unwrap_or(u64::MAX);
        let mut solutions = 0u64;
        let mut nodes = 0u64;
        let mut step = Step::Enter;
        let end = if max_solutions == 0 {
            End::Stopped
        } else {
            loop {
                step = match step {
                    Step::Enter => {
                        if self.links.rlink[0] == 0 {
                            solutions += 1;
                            self.fill_solution();
                            if visit(&self.solution).is_break() || solutions >= max_solutions {
                                break End::Stopped;
                            }
                            Step::Backtrack
                        } else {
                            let item = self.choose_item();
                            if self.links.len[item as usize] == 0 {
                                Step::Backtrack
                            } else {
                                self.cover(item);
                                Step::Try {
                                    item,
                                    x: self.links.dlink[item as usize],
                                }
                            }
                        }
                    }
                    Step::Try { item, x } => {
                        if x == item {
                            self.uncover(item);
                            Step::Backtrack
                        } else if nodes >= max_nodes {
                            self.uncover(item);
                            break End::NodeLimit;
                        } else if limits.deadline_passed(nodes) {
                            self.uncover(item);
                            break End::TimeLimit;
                        } else {
                            nodes += 1;
                            self.commit_others(x);
                            self.stack.push(x);
                            Step::Enter
                        }
                    }
                    Step::Backtrack => match self.stack.pop() {
                        None => break End::Exhausted,
                        Some(x) => {
                            self.uncommit_others(x);
                            Step::Try {
                                item: self.matrix.shape.top[x as usize],
                                x: self.links.dlink[x as usize],
                            }
                        }
                    },
                };
            }
        };
        Report {
            solutions,
            end,
            stats: Stats {
                nodes,
                updates: self.updates,
            },
        }
    }

    fn fill_solution(&mut self) {
        let node_option = &self.matrix.shape.node_option;
        self.solution.clear();
        self.solution.extend(
            self.selected
                .iter()
                .chain(self.stack.iter())
                .map(|&x| node_option[x as usize] as usize),
        );
        debug_assert!(self.solution.iter().all(|&o| o != NO_OPTION as usize));
    }

    /// MRV: the first active primary item with the fewest options; stops
    /// early on an item with none.
    #[inline]
    fn choose_item(&self) -> u32 {
        let rlink = &self.links.rlink;
        let len = &self.links.len;
        let mut best = u32::MAX;
        let mut chosen = 0;
        let mut p = rlink[0];
        while p != 0 {
            let l = len[p as usize];
            if l < best {
                best = l;
                chosen = p;
                if l == 0 {
                    break;
                }
            }
            p = rlink[p as usize];
        }
        chosen
    }

    /// Covers every item of the option of node `x` except `x`'s own.
    #[inline]
    fn commit_others(&mut self, x: u32) {
        let top = &self.matrix.shape.top;
        let mut p = x + 1;
        while p != x {
            let j = top[p as usize];
            if j == 0 {
                p = self.links.ulink[p as usize];
            } else {
                cover(&mut self.links, top, &mut self.updates, j);
                p += 1;
            }
        }
    }

    /// Mirror of [`commit_others`](Self::commit_others).
    #[inline]
    fn uncommit_others(&mut self, x: u32) {
        let top = &self.matrix.shape.top;
        let mut p = x - 1;
        while p != x {
            let j = top[p as usize];
            if j == 0 {
                p = self.links.dlink[p as usize];
            } else {
                uncover(&mut self.links, top, j);
                p -= 1;
            }
        }
    }

    #[inline]
    fn cover(&mut self, item: u32) {
        cover(
            &mut self.links,
            &self.matrix.shape.top,
            &mut self.updates,
            item,
        );
    }

    #[inline]
    fn uncover(&mut self, item: u32) {
        uncover(&mut self.links, &self.matrix.shape.top, item);
    }
}

/// Removes `item` from the active list and hides every option in its column.
#[inline]
fn cover(links: &mut Links, top: &[u32], updates: &mut u64, item: u32) {
    let i = item as usize;
    let mut p = links.dlink[i];
    while p != item {
        hide(links, top, updates, p);
        p = links.dlink[p as usize];
    }
    let (l, r) = (links.llink[i], links.rlink[i]);
    links.rlink[l as usize] = r;
    links.llink[r as usize] = l;
}

/// Mirror of [`cover`]: restores the options bottom-up, then the item.
#[inline]
fn uncover(links: &mut Links, top: &[u32], item: u32) {
    let i = item as usize;
    let (l, r) = (links.llink[i], links.rlink[i]);
    links.rlink[l as usize] = item;
    links.llink[r as usize] = item;
    let mut p = links.ulink[i];
    while p != item {
        unhide(links, top, p);
        p = links.ulink[p as usize];
    }
}

/// Takes the other nodes of `p`'s option out of their columns.
#[inline]
fn hide(links: &mut Links, top: &[u32], updates: &mut u64, p: u32) {
    let mut q = p + 1;
    while q != p {
        let x = top[q as usize];
        let (u, d) = (links.ulink[q as usize], links.dlink[q as usize]);
        if x == 0 {
            q = u;
        } else {
            links.dlink[u as usize] = d;
            links.ulink[d as usize] = u;
            links.len[x as usize] -= 1;
            *updates += 1;
            q += 1;
        }
    }
}

/// Mirror of [`hide`], walking the option backwards.
#[inline]
fn unhide(links: &mut Links, top: &[u32], p: u32) {
    let mut q = p - 1;
    while q != p {
        let x = top[q as usize];
        let (u, d) = (links.ulink[q as usize], links.dlink[q as usize]);
        if x == 0 {
            q = d;
        } else {
            links.dlink[u as usize] = q;
            links.ulink[d as usize] = q;
            links.len[x as usize] += 1;
            q -= 1;
        }
    }
}
