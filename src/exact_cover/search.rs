//! Algorithm X (Knuth, TAOCP 7.2.2.1, steps X1-X8) on the dancing-links arena.
//!
//! The search is iterative: an explicit stack holds the node chosen at each
//! level, so there is no recursion limit and a search can stop anywhere and be
//! unwound. Nothing is allocated inside the search loop.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::arena::{Dance, Family, Kind, Links, Matrix, Mc, Mcc, Xc, Xcc, NO_OPTION};

/// Limits on one search. The default is no limit at all.
///
/// ```
/// use std::time::Duration;
/// use dlx_engine::exact_cover::{End, Limits, Solver};
/// use dlx_engine::problems::n_queens;
///
/// let mut solver = Solver::new(&n_queens(10).compile()?);
/// let report = solver.count(Limits::solutions(2));
/// assert_eq!((report.solutions, report.end), (2, End::Stopped));
/// let budget = Limits::none()
///     .with_max_nodes(100)
///     .with_timeout(Duration::from_secs(60));
/// let report = solver.count(budget);
/// assert_eq!((report.stats.nodes, report.end), (100, End::NodeLimit));
/// # Ok::<(), dlx_engine::exact_cover::ProblemError>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many solutions.
    pub max_solutions: Option<u64>,
    /// Stop once this many search nodes (options tried) have been used.
    pub max_nodes: Option<u64>,
    /// Stop once this moment has passed. The exact-cover solvers check it
    /// before the first node (a deadline already past stops a search with
    /// no node), every [`DEADLINE_CHECK_NODES`] nodes after, and whenever
    /// [`DEADLINE_CHECK_UPDATES`] link updates have passed since the last
    /// look, so a search overruns it by at most the time of those nodes or
    /// updates (microseconds for Sudoku), or of one node when a single node
    /// makes more updates than that, plus the time the visitor spends on the
    /// solutions found meanwhile: a slow visitor should look at the clock
    /// itself and return `Break`.
    pub deadline: Option<Instant>,
    /// Stop once this flag is raised, from another thread (a Ctrl-C
    /// handler, a cancel button). Looked at when the clock would be (see
    /// [`deadline`](Self::deadline)), whether or not a deadline is set; the
    /// search then ends [`End::Cancelled`].
    pub cancel: Option<Cancel>,
}

/// A flag that stops every search whose [`Limits::cancel`] it is, once
/// raised. It is `'static` so that [`Limits`] stays `Copy`: a `static`
/// `AtomicBool`, or one made with `Box::leak` for a flag per job.
///
/// ```
/// use std::sync::atomic::{AtomicBool, Ordering};
/// use dlx_engine::exact_cover::{Cancel, End, Limits, Solver};
/// use dlx_engine::problems::n_queens;
///
/// static STOP: AtomicBool = AtomicBool::new(false);
/// let limits = Limits::none().with_cancel(Cancel::new(&STOP));
/// STOP.store(true, Ordering::Relaxed); // another thread would do this
/// let report = Solver::new(&n_queens(12).compile()?).count(limits);
/// assert_eq!((report.end, report.stats.nodes), (End::Cancelled, 0));
/// # Ok::<(), dlx_engine::exact_cover::ProblemError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Cancel(&'static AtomicBool);

impl Cancel {
    /// The cancel flag `flag`: raised when it holds `true`.
    pub const fn new(flag: &'static AtomicBool) -> Self {
        Cancel(flag)
    }

    /// Whether the flag is raised.
    #[inline]
    pub fn is_raised(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Two cancels are the same when they are the same flag.
impl PartialEq for Cancel {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for Cancel {}

/// How many search nodes pass between two looks at the clock when a
/// [`Limits::deadline`] is set: reading the clock costs about as much as a
/// few nodes, so checking every node would slow the search measurably.
pub const DEADLINE_CHECK_NODES: u64 = 1024;

/// How many link updates pass at most between two looks at the clock when
/// a [`Limits::deadline`] is set, besides every [`DEADLINE_CHECK_NODES`]
/// nodes: a node of a large exact-cover problem can make millions of
/// updates (milliseconds), so 1,024 of them could overrun a deadline by
/// seconds. About a millisecond of work.
pub const DEADLINE_CHECK_UPDATES: u64 = 1 << 18;

impl Limits {
    /// No limits: enumerate the whole search tree.
    ///
    /// The Sudoku and Sudominoku solvers (`puzzles::sudoku::SudokuSolver`
    /// and its kin) read a missing solution limit as 1, since they answer
    /// with one grid: give them [`Limits::solutions`] to count.
    pub fn none() -> Self {
        Limits::default()
    }

    /// Stop after `n` solutions. The search stops as soon as it finds the
    /// `n`-th, without looking for more, so it ends [`End::Stopped`] even if
    /// that was the last: `solutions(2)` is how a puzzle is proved unique
    /// (one solution and [`End::Exhausted`]). `solutions(0)` ends
    /// [`End::Stopped`] at once, without a node.
    pub fn solutions(n: u64) -> Self {
        Limits {
            max_solutions: Some(n),
            ..Limits::default()
        }
    }

    /// Sets the solution limit: `with_max_solutions(5)`, or `None` for none.
    pub fn with_max_solutions(self, solutions: impl Into<Option<u64>>) -> Self {
        Limits {
            max_solutions: solutions.into(),
            ..self
        }
    }

    /// Sets the node budget: `with_max_nodes(100)`, or `None` for none
    /// (an `Option` from elsewhere passes through as it is).
    pub fn with_max_nodes(self, nodes: impl Into<Option<u64>>) -> Self {
        Limits {
            max_nodes: nodes.into(),
            ..self
        }
    }

    /// Sets the deadline: `with_deadline(instant)`, or `None` for none.
    pub fn with_deadline(self, deadline: impl Into<Option<Instant>>) -> Self {
        Limits {
            deadline: deadline.into(),
            ..self
        }
    }

    /// Sets the deadline `timeout` from now; a timeout too long for the
    /// clock to add (`Duration::MAX`) means no deadline.
    pub fn with_timeout(self, timeout: std::time::Duration) -> Self {
        self.with_deadline(Instant::now().checked_add(timeout))
    }

    /// Sets the cancel flag: `with_cancel(Cancel::new(&FLAG))`, or `None`
    /// for none.
    pub fn with_cancel(self, cancel: impl Into<Option<Cancel>>) -> Self {
        Limits {
            cancel: cancel.into(),
            ..self
        }
    }

    /// Why a search that has used `nodes` nodes must stop now, if it must:
    /// [`End::Cancelled`] when the [`cancel`](Self::cancel) flag is raised,
    /// [`End::TimeLimit`] when the deadline has passed. Looks only every
    /// [`DEADLINE_CHECK_NODES`] nodes (node 0 included); solvers outside
    /// the engine use it too, so every solver honours both the same way.
    #[inline]
    pub fn must_stop(&self, nodes: u64) -> Option<End> {
        if nodes % DEADLINE_CHECK_NODES != 0 {
            return None;
        }
        self.look()
    }

    /// [`must_stop`](Self::must_stop) for a search that also counts link
    /// updates: looks every [`DEADLINE_CHECK_NODES`] nodes, and once
    /// `updates` reaches `*next_look`, which each look moves
    /// [`DEADLINE_CHECK_UPDATES`] past the updates so far (start it at 0).
    #[inline]
    pub(crate) fn must_stop_after(
        &self,
        nodes: u64,
        updates: u64,
        next_look: &mut u64,
    ) -> Option<End> {
        // The common case, no deadline and no flag, costs two tests a node.
        if self.deadline.is_none() && self.cancel.is_none() {
            return None;
        }
        if nodes % DEADLINE_CHECK_NODES != 0 && updates < *next_look {
            return None;
        }
        *next_look = updates + DEADLINE_CHECK_UPDATES;
        self.look()
    }

    /// The flag, then the clock.
    fn look(&self) -> Option<End> {
        if self.cancel.is_some_and(|cancel| cancel.is_raised()) {
            return Some(End::Cancelled);
        }
        match self.deadline {
            Some(deadline) if Instant::now() >= deadline => Some(End::TimeLimit),
            _ => None,
        }
    }
}

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
    /// The [`Limits::cancel`] flag was raised before the search finished.
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

/// Solves one [`Matrix`] many times: per puzzle, [`reset`](Solver::reset),
/// [`select`](Solver::select) the givens, then search.
///
/// A solver owns a working copy of the arena; create one per thread.
#[derive(Clone)]
pub struct Solver {
    matrix: Matrix,
    links: Links,
    /// Node chosen at each level of the current search.
    stack: Vec<u32>,
    /// What undoes each level of `stack` (parallel to it).
    levels: Vec<Level>,
    /// Pre-selected options, in selection order.
    selected: Vec<u32>,
    /// Whether [`Links::zeros`] is out of date (after `select`).
    zeros_stale: bool,
    /// Link updates made since the arena was last a fresh copy of the
    /// matrix's: what [`reset`](Solver::reset) would have to undo.
    dirty: u64,
    /// Buffer the visitor sees: option numbers of the current solution.
    solution: Vec<usize>,
}

/// The matrix's sizes, the selections and the depth of an unfinished
/// search; not the arena.
impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("matrix", &self.matrix)
            .field("selected", &self.selected)
            .field("search_depth", &self.stack.len())
            .finish_non_exhaustive()
    }
}

/// How to undo one level of the search: trail marks and the count of empty
/// columns, which the trail does not restore.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Level {
    /// [`Links::zeros`] before the level's option was committed.
    zeros: u32,
    /// Trail mark before the level's item was covered (X4).
    before_cover: u32,
    /// Trail mark before the level's option was committed (X5).
    before_commit: u32,
}

enum Step {
    /// X2/X3/X4: a new level; all levels below are committed.
    Enter,
    /// X5: try node `x` of the covered item `item`, whose cover began at
    /// trail mark `before_cover`.
    Try {
        item: u32,
        x: u32,
        before_cover: u32,
    },
    /// X6/X8: undo the top level and move to its next option.
    Backtrack,
}

impl Solver {
    /// A solver for `matrix`, in its starting state.
    pub fn new(matrix: &Matrix) -> Self {
        let shape = &matrix.shape;
        Solver {
            matrix: matrix.clone(),
            links: shape.links.clone(),
            stack: Vec::with_capacity(shape.primaries + 1),
            levels: Vec::with_capacity(shape.primaries + 1),
            zeros_stale: false,
            selected: Vec::new(),
            dirty: 0,
            solution: Vec::with_capacity(shape.primaries + 1),
        }
    }

    /// The matrix this solver works on.
    pub fn matrix(&self) -> &Matrix {
        &self.matrix
    }

    /// Undoes every selection and any unfinished search, restoring the
    /// starting state.
    ///
    /// Costs the smaller of the work to undo and a copy of the starting
    /// arena: undoing a few covers dances them back; after a whole puzzle
    /// (givens plus a search) copying the arena (one `memcpy`) is several
    /// times cheaper than undoing each update, which touches nodes all over
    /// the arena.
    pub fn reset(&mut self) {
        /// Undoing one link update costs about as much as copying this many
        /// nodes (three scattered nodes against sequential 8-byte copies).
        const UNDO_COST_IN_NODES: u64 = 4;
        let template = &self.matrix.shape.links;
        // With colours or bounds, undoing selections needs more than
        // releasing their items: copy the starting arena.
        let plain = self.matrix.shape.kind == Kind::Xc;
        if !plain || self.dirty * UNDO_COST_IN_NODES >= template.node_count() as u64 {
            self.links.clone_from(template);
            self.stack.clear();
            self.levels.clear();
            self.selected.clear();
            self.zeros_stale = false;
            self.dirty = 0;
            return;
        }
        self.unwind_search();
        // Every hide since the copy was a select's or the search's: the
        // whole trail is theirs to undo.
        let (shape, selected) = (&self.matrix.shape, &mut self.selected);
        self.links.dance(|d| {
            d.undo_to(0);
            for option in selected.drain(..) {
                shape
                    .option_items(option as usize)
                    .iter()
                    .for_each(|&slot| d.release(slot));
            }
        });
        // Back to the starting arena, whose count of empty columns is known.
        self.links.zeros = self.matrix.shape.links.zeros;
        self.zeros_stale = false;
        self.dirty = 0;
    }

    /// Pre-selects option `option` as part of every solution (a given).
    ///
    /// Fails, changing nothing, if the option shares an item with an option
    /// selected before.
    ///
    /// ```
    /// use dlx_engine::exact_cover::{Limits, Solver};
    /// use dlx_engine::problems::n_queens;
    ///
    /// // 8 queens, one placed at row 0, column 0 (option 0: a queen per
    /// // square, row-major).
    /// let mut solver = Solver::new(&n_queens(8).compile()?);
    /// solver.select(0).expect("the first queen clashes with nothing");
    /// assert_eq!(solver.count(Limits::none()).solutions, 4);
    /// // Another queen in row 0 clashes, and the selection is unchanged.
    /// let clash = solver.select(5).unwrap_err();
    /// assert_eq!((clash.option, clash.item), (5, 0));
    /// assert_eq!(
    ///     clash.describe(solver.matrix().problem()),
    ///     "option `r0 c5 a5 b2` clashes with an option selected before it \
    ///      (item `r0` is already covered)"
    /// );
    /// solver.reset();
    /// assert_eq!(solver.count(Limits::none()).solutions, 92);
    /// # Ok::<(), dlx_engine::exact_cover::ProblemError>(())
    /// ```
    ///
    /// # Panics
    /// If `option` is out of range.
    pub fn select(&mut self, option: usize) -> Result<(), Conflict> {
        self.select_all([option])
    }

    /// [`select`](Solver::select)s each of `options` in order (a puzzle's
    /// givens), in one pass: one view of the arena for all of them, where
    /// a `select` per option sets one up each time, a cost that shows in
    /// callgrind profiles of 17-clue Sudoku (`docs/perf-log.md`, "Figures
    /// moved out of code comments").
    ///
    /// Stops at the first option that shares an item with one selected
    /// before it (earlier in `options` or by an earlier call) and returns
    /// its [`Conflict`]; the options before it stay selected.
    ///
    /// # Panics
    /// If an option is out of range.
    pub fn select_all(&mut self, options: impl IntoIterator<Item = usize>) -> Result<(), Conflict> {
        self.unwind_search();
        // The count of empty columns is left stale by the covers and redone
        // once when the search starts: cheaper than counting in every link
        // update. Marked before the first cover, in case `options` panics.
        self.zeros_stale = true;
        let Solver {
            matrix,
            links,
            selected,
            dirty,
            ..
        } = self;
        let shape = &matrix.shape;
        let mut options = options.into_iter();
        match shape.kind {
            Kind::Xc => {}
            Kind::Xcc => return select_committing::<Xcc>(shape, links, selected, dirty, options),
            Kind::Mc => return select_committing::<Mc>(shape, links, selected, dirty, options),
            Kind::Mcc => return select_committing::<Mcc>(shape, links, selected, dirty, options),
        }
        // The options' items come from the compiled matrix, so they are
        // valid arena items.
        links.dance(|d| loop {
            // The iterator is the caller's code, and an option out of range
            // panics: the arena is saved first, so a caught panic leaves the
            // options before it selected and the solver whole.
            d.save();
            let Some(option) = options.next() else {
                return Ok(());
            };
            let slots = shape.option_items(option);
            if let Some(&slot) = slots.iter().find(|&&slot| d.is_covered(slot)) {
                return Err(Conflict {
                    option,
                    item: shape.item_of(slot),
                });
            }
            let before = d.mark();
            slots.iter().for_each(|&slot| d.cover_uncounted(slot));
            *dirty += u64::from(d.mark() - before);
            selected.push(option as u32);
        })
    }

    /// The options pre-selected so far, in order.
    pub fn selected(&self) -> impl Iterator<Item = usize> + '_ {
        self.selected.iter().map(|&o| o as usize)
    }

    /// Number of options of `item` (0-based) left by the pre-selected
    /// options; 0 once the item is covered. A search that stopped early
    /// (a solution limit, a `Break`) is undone first, as `select` would.
    ///
    /// # Panics
    /// If `item` is not an item of the matrix.
    pub fn item_len(&mut self, item: usize) -> usize {
        self.unwind_search();
        let slot = self.matrix.shape.slot_of(item);
        if self.links.is_covered(slot) {
            0
        } else {
            self.links.options_in(slot) as usize
        }
    }

    /// Link updates made since the last [`reset`](Solver::reset) (or since
    /// the solver was made): every node `select` and `search` took out of a
    /// column. After the givens are selected it is their setup's share of
    /// the work, in the same machine-independent unit as [`Stats::updates`].
    pub fn link_updates(&self) -> u64 {
        self.dirty
    }

    /// Whether every primary item is covered by the pre-selected options.
    /// A search that stopped early is undone first, as `select` would.
    pub fn is_complete(&mut self) -> bool {
        self.unwind_search();
        self.links.active == 0
    }

    /// Undoes the levels of a search that stopped early.
    fn unwind_search(&mut self) {
        let (links, stack, levels) = (&mut self.links, &mut self.stack, &mut self.levels);
        match self.matrix.shape.kind {
            Kind::Xc => unwind::<Xc>(links, stack, levels),
            Kind::Xcc => unwind::<Xcc>(links, stack, levels),
            Kind::Mc => unwind::<Mc>(links, stack, levels),
            Kind::Mcc => unwind::<Mcc>(links, stack, levels),
        }
    }

    /// The first solution (pre-selected options first), if any.
    pub fn first_solution(&mut self) -> Option<Vec<usize>> {
        first_solution_of(|limits, visit| self.search(limits, visit))
    }

    /// Counts solutions within `limits`. A count that reaches
    /// `limits.max_solutions` ends [`End::Stopped`] even when there is no
    /// other solution: to learn that `n` is the exact count, allow `n + 1`.
    pub fn count(&mut self, limits: Limits) -> Report {
        self.search(limits, |_| ControlFlow::Continue(()))
    }

    /// Runs Algorithm X from the current selections, calling `visit` with the
    /// option numbers of each solution (pre-selected options first, then the
    /// chosen ones by level). `visit` returns `Break` to stop.
    ///
    /// The solver keeps the state in which the search ended until the next
    /// `search`, `select`, `reset` or query (`is_complete`, `item_len`),
    /// which undo it; a second search starts again from the selections.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dlx_engine::exact_cover::{End, Limits, Problem, Solver};
    ///
    /// // Cover {1, 2, 3} with the sets {1, 2}, {3}, {1}, {2, 3}.
    /// let mut p = Problem::new();
    /// for name in ["1", "2", "3"] {
    ///     p.add_primary(name)?;
    /// }
    /// for set in [&["1", "2"][..], &["3"], &["1"], &["2", "3"]] {
    ///     p.add_option_by_name(set.iter().copied())?;
    /// }
    /// let matrix = p.compile()?;
    /// let mut solver = Solver::new(&matrix);
    /// let mut covers = Vec::new();
    /// let report = solver.search(Limits::none(), |options| {
    ///     // Option numbers; the problem gives back their item names.
    ///     let mut sets: Vec<Vec<&str>> =
    ///         options.iter().map(|&o| p.option_names(o)).collect();
    ///     sets.sort();
    ///     covers.push(sets);
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!(report.end, End::Exhausted);
    /// assert_eq!(covers.len(), 2);
    /// assert!(covers.contains(&vec![vec!["1"], vec!["2", "3"]]));
    /// assert!(covers.contains(&vec![vec!["1", "2"], vec!["3"]]));
    /// # Ok::<(), dlx_engine::exact_cover::ProblemError>(())
    /// ```
    pub fn search<F>(&mut self, limits: Limits, visit: F) -> Report
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        self.unwind_search();
        if self.zeros_stale {
            self.links.dance(|d| d.recount_zeros());
            self.zeros_stale = false;
        }
        let state = SearchState {
            links: &mut self.links,
            stack: &mut self.stack,
            levels: &mut self.levels,
            selected: &self.selected,
            solution: &mut self.solution,
            dirty: &mut self.dirty,
            node_option: &self.matrix.shape.node_option,
        };
        match self.matrix.shape.kind {
            Kind::Xc => run_search::<Xc, _>(state, limits, visit),
            Kind::Xcc => run_search::<Xcc, _>(state, limits, visit),
            Kind::Mc => run_search::<Mc, _>(state, limits, visit),
            Kind::Mcc => run_search::<Mcc, _>(state, limits, visit),
        }
    }
}

/// [`Solver::select_all`] for a problem with colours or bounds: each
/// option is taken out of every list (so the search cannot choose it
/// again) and committed as the search would commit it, item by item.
/// An option clashes when one of its items is closed (covered, or used up
/// its bound) or when an earlier selection hid it (an item it shares
/// without agreeing on the colour).
fn select_committing<F: Family>(
    shape: &super::arena::Shape,
    links: &mut Links,
    selected: &mut Vec<u32>,
    dirty: &mut u64,
    mut options: impl Iterator<Item = usize>,
) -> Result<(), Conflict> {
    links.dance(|d| loop {
        // As in `select_all`: whole before running the caller's iterator.
        d.save();
        let Some(option) = options.next() else {
            return Ok(());
        };
        let slots = shape.option_items(option);
        let first = shape.option_first[option];
        let nodes = first..first + slots.len() as u32;
        if let Some(x) = nodes.clone().find(|&x| !d.is_selectable(x)) {
            return Err(Conflict {
                option,
                item: shape.item_of(d.item(x)),
            });
        }
        let before = d.mark();
        d.take_option::<F>(first);
        *dirty += u64::from(d.mark() - before);
        selected.push(option as u32);
    })
}

/// What Algorithm X works on: the arena and the search's own stacks,
/// borrowed from a [`Solver`] or a [`ReducedSolver`](super::ReducedSolver).
pub(crate) struct SearchState<'a> {
    /// The arena, with the selections (if any) already covered and its
    /// count of empty columns up to date.
    pub links: &'a mut Links,
    /// Node chosen at each level; empty when the search starts.
    pub stack: &'a mut Vec<u32>,
    /// What undoes each level of `stack`.
    pub levels: &'a mut Vec<Level>,
    /// Pre-selected options, reported first in every solution.
    pub selected: &'a [u32],
    /// Buffer the visitor sees.
    pub solution: &'a mut Vec<usize>,
    /// Link updates made since the arena was last fresh (see
    /// [`Solver::link_updates`]); the search adds its own.
    pub dirty: &'a mut u64,
    /// Option number of every node of the arena.
    pub node_option: &'a [u32],
}

/// Algorithm X from the state's current selections (X2-X8), iterative; see
/// [`Solver::search`]. The arena is left as the search ended: undo it with
/// [`unwind`].
///
/// One loop for the whole family `F` (see [`Family`]). Without bounds it is
/// Algorithm X, or C with colours (the commit purifies coloured items): the
/// first item of fewest options, each of its options in turn. With bounds
/// it is Algorithm M (Knuth's DLX3): the item of least branching degree,
/// whose options are *tweaked* out of its list one by one while it stays
/// open, and, once its lower bound allows, the null move that leaves it
/// with no more options.
#[inline(always)]
pub(crate) fn run_search<F, V>(state: SearchState<'_>, limits: Limits, mut visit: V) -> Report
where
    F: Family,
    V: FnMut(&[usize]) -> ControlFlow<()>,
{
    let max_solutions = limits.max_solutions.unwrap_or(u64::MAX);
    let max_nodes = limits.max_nodes.unwrap_or(u64::MAX);
    let mut solutions = 0u64;
    let mut nodes = 0u64;
    let mut updates = 0u64;
    // When a long stretch of updates without enough nodes to look at the
    // clock will look at it anyway.
    let mut next_look = 0u64;
    // Of `updates`, those already added to `dirty`.
    let mut saved_updates = 0u64;
    let mut cleansing = (0u64, 0u64);
    let SearchState {
        links,
        stack,
        levels,
        selected,
        solution,
        dirty,
        node_option,
    } = state;
    // Arena items are 1..=headers: a stack entry that is a header is M's
    // null move on that item.
    let headers = links.items() as u32;
    // The whole loop runs on one view of the arena: see `Links::dance`.
    let end = links.dance(|d| {
        if max_solutions == 0 {
            return End::Stopped;
        }
        let mut step = Step::Enter;
        let end = 'search: loop {
            step = match step {
                Step::Enter => {
                    if d.active == 0 {
                        solutions += 1;
                        fill_solution(solution, selected, stack, node_option);
                        // The visitor is the caller's code: if it
                        // panics and the panic is caught, the next call
                        // unwinds this search from a whole arena.
                        d.save();
                        *dirty += updates - saved_updates;
                        saved_updates = updates;
                        if visit(solution).is_break() || solutions >= max_solutions {
                            break End::Stopped;
                        }
                        Step::Backtrack
                    } else if F::BOUNDS {
                        // M3: a degree of 0 means the item cannot reach
                        // its lower bound with the options left.
                        let (item, degree) = d.choose_bounded();
                        if degree <= 0 {
                            Step::Backtrack
                        } else {
                            let before_cover = d.mark();
                            d.begin_branch::<F>(item);
                            updates += u64::from(d.mark() - before_cover);
                            Step::Try {
                                item,
                                x: d.down(item),
                                before_cover,
                            }
                        }
                    } else if d.zeros > 0 {
                        // X3 would choose an item no option covers.
                        Step::Backtrack
                    } else {
                        debug_assert!(d.zeros_are_counted());
                        let item = d.choose();
                        let before_cover = d.mark();
                        d.cover_as::<F>(item);
                        updates += u64::from(d.mark() - before_cover);
                        Step::Try {
                            item,
                            x: d.down(item),
                            before_cover,
                        }
                    }
                }
                Step::Try {
                    item,
                    x,
                    before_cover,
                } => {
                    // M5 (X5 without bounds): whether the item's options
                    // are used up; a covered item's end is its header, a
                    // tweaked one's is too few options left for its bound.
                    let covering = !F::BOUNDS || (d.bound(item) == 0 && d.slack(item) == 0);
                    let done = if covering {
                        x == item
                    } else {
                        i64::from(d.len_of(item))
                            <= i64::from(d.bound(item)) - i64::from(d.slack(item))
                    };
                    if done {
                        end_level::<F>(d, item, before_cover);
                        Step::Backtrack
                    } else if nodes >= max_nodes {
                        end_level::<F>(d, item, before_cover);
                        break End::NodeLimit;
                    } else if let Some(end) = limits.must_stop_after(nodes, updates, &mut next_look)
                    {
                        end_level::<F>(d, item, before_cover);
                        break end;
                    } else {
                        nodes += 1;
                        if !covering {
                            let before_tweak = d.mark();
                            if x != item {
                                d.tweak::<F>(x, d.bound(item) != 0);
                            } else if d.bound(item) != 0 {
                                d.deactivate(item);
                            }
                            updates += u64::from(d.mark() - before_tweak);
                        }
                        let before_commit = d.mark();
                        levels.push(Level {
                            zeros: d.zeros,
                            before_cover,
                            before_commit,
                        });
                        if !F::BOUNDS || x != item {
                            d.commit_as::<F>(x);
                            updates += u64::from(d.mark() - before_commit);
                        }
                        stack.push(x);
                        Step::Enter
                    }
                }
                Step::Backtrack if F::BOUNDS => {
                    // M9, then M7 or M8.
                    let (Some(x), Some(level)) = (stack.pop(), levels.pop()) else {
                        break 'search End::Exhausted;
                    };
                    if x <= headers {
                        // The null move on item x: open it again, and the
                        // level is over.
                        if d.bound(x) != 0 {
                            d.release(x);
                        }
                        end_level::<F>(d, x, level.before_cover);
                        Step::Backtrack
                    } else {
                        d.undo_as::<F>(level.before_commit);
                        d.release_as::<F>(x);
                        Step::Try {
                            item: d.item(x),
                            x: d.down(x),
                            before_cover: level.before_cover,
                        }
                    }
                }
                Step::Backtrack => {
                    // Levels at their last option (always, for a forced
                    // move) have nothing left to try: their covered marks
                    // are released as they are popped, and the trail is
                    // replayed once for the whole run of them, down to the
                    // level that has an option left. One replay loop (one
                    // mispredicted exit) per backtrack instead of one per
                    // level; the nodes come back in the same order.
                    let mut replay_to = None;
                    loop {
                        let (Some(x), Some(level)) = (stack.pop(), levels.pop()) else {
                            if let Some(mark) = replay_to {
                                d.undo_as::<F>(mark);
                                d.zeros = 0;
                            }
                            break 'search End::Exhausted;
                        };
                        let (item, next) = (d.item(x), d.down(x));
                        if next == item {
                            d.release_as::<F>(x);
                            d.release(item);
                            replay_to = Some(level.before_cover);
                        } else {
                            d.undo_as::<F>(level.before_commit);
                            d.release_as::<F>(x);
                            d.zeros = level.zeros;
                            break Step::Try {
                                item,
                                x: next,
                                before_cover: level.before_cover,
                            };
                        }
                    }
                }
            };
        };
        cleansing = (d.cleansings, d.recolors);
        end
    });
    updates -= cleansing.1;
    *dirty += updates.saturating_sub(saved_updates);
    Report {
        solutions,
        end,
        stats: Stats {
            nodes,
            updates,
            cleansings: cleansing.0,
        },
    }
}

/// The first solution a solver's `search` visits, if any: what each
/// solver's `first_solution` is.
pub(crate) fn first_solution_of(
    search: impl FnOnce(Limits, &mut dyn FnMut(&[usize]) -> ControlFlow<()>) -> Report,
) -> Option<Vec<usize>> {
    let mut found = None;
    search(Limits::solutions(1), &mut |s| {
        found = Some(s.to_vec());
        ControlFlow::Break(())
    });
    found
}

/// Undoes the levels of a search of family `F` that stopped early,
/// leaving the arena as the selections left it.
pub(crate) fn unwind<F: Family>(links: &mut Links, stack: &mut Vec<u32>, levels: &mut Vec<Level>) {
    let headers = links.items() as u32;
    links.dance(|d| {
        while let (Some(x), Some(level)) = (stack.pop(), levels.pop()) {
            if x <= headers {
                // M's null move on item x (see `run_search`).
                if d.bound(x) != 0 {
                    d.release(x);
                }
                end_level::<F>(d, x, level.before_cover);
            } else {
                d.undo_as::<F>(level.before_commit);
                d.release_as::<F>(x);
                end_level::<F>(d, d.item(x), level.before_cover);
            }
        }
    });
    debug_assert!(stack.is_empty() && levels.is_empty());
}

/// Ends the level that chose `item`, whose cover (or, with bounds, whose
/// branch) began at trail mark `before_cover`: X8, or M8. Without bounds
/// the search only chooses when no column is empty, so that is the count
/// of empty columns to restore.
#[inline(always)]
fn end_level<F: Family>(d: &mut Dance<'_>, item: u32, before_cover: u32) {
    if F::BOUNDS {
        d.end_branch::<F>(item, before_cover);
    } else {
        d.undo_as::<F>(before_cover);
        d.release(item);
        d.zeros = 0;
    }
}

/// Writes the option numbers of the current solution into `solution`:
/// the pre-selected options, then the option of each level's node.
fn fill_solution(solution: &mut Vec<usize>, selected: &[u32], stack: &[u32], node_option: &[u32]) {
    solution.clear();
    // With bounds, a level may have added no option (a null move, whose
    // node is a header, of no option).
    solution.extend(
        selected.iter().map(|&o| o as usize).chain(
            stack
                .iter()
                .map(|&x| node_option[x as usize])
                .filter(|&o| o != NO_OPTION)
                .map(|o| o as usize),
        ),
    );
}

#[cfg(test)]
mod tests;
