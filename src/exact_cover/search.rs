//! Algorithm X (Knuth, TAOCP 7.2.2.1, steps X1-X8) on the dancing-links arena.
//!
//! The search is iterative: an explicit stack holds the node chosen at each
//! level, so there is no recursion limit and a search can stop anywhere and be
//! unwound. Nothing is allocated inside the search loop.

use std::ops::ControlFlow;

use super::arena::{Dance, Family, Kind, Links, Mc, Mcc, Xc, Xcc, NO_OPTION};
use super::matrix::{Matrix, Shape};

use super::limits::Limits;
use super::problem::{ItemKind, Problem};
use super::report::{Conflict, End, Report, Stats};

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

    /// Turns Knuth's "sharp" preference on or off (off in a new solver):
    /// primary items whose names start with `#` are chosen first, as his
    /// DLX2 and DLX3 choose with their `sharp` change files. Of the items
    /// the plain rule would weigh, one not named `#...` is passed over for
    /// any `#` item unless it has at most one option left (a forced move or
    /// a dead end, which come first either way). Counts never change; the
    /// search tree, and so the time and the order of the solutions, can.
    ///
    /// ```
    /// use dlx_engine::exact_cover::{knuth_format, Limits, Solver};
    ///
    /// // `a` has the fewest options, but `#b` is sharp.
    /// let text = "a #b\na #b\na\n#b\n";
    /// let xc = knuth_format::parse(text, "sharp.dlx").unwrap();
    /// let mut solver = Solver::new(&xc.problem.compile().unwrap());
    /// let plain = solver.count(Limits::none());
    /// solver.prefer_sharp(true);
    /// let sharp = solver.count(Limits::none());
    /// assert_eq!((plain.solutions, sharp.solutions), (2, 2));
    /// ```
    pub fn prefer_sharp(&mut self, on: bool) {
        self.unwind_search();
        let shape = &self.matrix.shape;
        let flags = match on {
            false => Vec::new(),
            true => (0..=shape.slot.len())
                .map(|slot| {
                    slot > 0
                        && shape.problem.items()[shape.item_of(slot as u32)]
                            .name
                            .starts_with('#')
                })
                .collect(),
        };
        self.links.set_sharp(flags);
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

    /// Leaves option `option` out of every solution from now on (until
    /// [`reset`](Self::reset)): the search never chooses it. With
    /// [`select`](Self::select) it states a part of the search tree: the
    /// solutions with some options and without others, which is how
    /// [`parallel`](super::parallel) cuts one problem into parts. Leaving
    /// out an option that clashes with the selections already changes
    /// nothing.
    ///
    /// ```
    /// use dlx_engine::exact_cover::{Limits, Solver};
    /// use dlx_engine::problems::n_queens;
    ///
    /// // Of the 92 ways to place 8 queens, 4 have one in the corner
    /// // (option 0): the others are the 88 without it.
    /// let mut solver = Solver::new(&n_queens(8).compile()?);
    /// solver.exclude(0);
    /// assert_eq!(solver.count(Limits::none()).solutions, 88);
    /// # Ok::<(), dlx_engine::exact_cover::ProblemError>(())
    /// ```
    ///
    /// # Panics
    /// If `option` is out of range.
    pub fn exclude(&mut self, option: usize) {
        self.unwind_search();
        // A dropped option may empty a column: counted again before a search.
        self.zeros_stale = true;
        let shape = &self.matrix.shape;
        shape.option_items(option);
        let first = shape.option_first[option];
        let (links, dirty) = (&mut self.links, &mut self.dirty);
        macro_rules! drop_option {
            ($family:ty) => {
                links.dance_as::<$family, _>(|d| {
                    let before = d.mark();
                    d.drop_option(first);
                    *dirty += u64::from(d.mark() - before);
                })
            };
        }
        match shape.kind {
            Kind::Xc => drop_option!(Xc),
            Kind::Xcc => drop_option!(Xcc),
            Kind::Mc => drop_option!(Mc),
            Kind::Mcc => drop_option!(Mcc),
        }
    }

    /// Gives primary item `item` no more options from now on (until
    /// [`reset`](Self::reset)): its options are left out, and it no longer
    /// needs covering, as after Algorithm M's null move. Only right for an
    /// item whose lower bound the selections meet already (what
    /// [`Branch::On`]'s `null` says); on a plain item it leaves the item
    /// uncovered in every solution.
    ///
    /// # Panics
    /// If `item` is out of range.
    pub fn close(&mut self, item: usize) {
        self.unwind_search();
        self.zeros_stale = true;
        let slot = self.matrix.shape.slot_of(item);
        let (links, dirty) = (&mut self.links, &mut self.dirty);
        macro_rules! close {
            ($family:ty) => {
                links.dance_as::<$family, _>(|d| {
                    if !d.is_covered(slot) {
                        let before = d.mark();
                        d.cover_uncounted(slot);
                        *dirty += u64::from(d.mark() - before);
                    }
                })
            };
        }
        match self.matrix.shape.kind {
            Kind::Xc => close!(Xc),
            Kind::Xcc => close!(Xcc),
            Kind::Mc => close!(Mc),
            Kind::Mcc => close!(Mcc),
        }
    }

    /// What the search would do first from the current selections and
    /// exclusions: [`Branch::Solved`] when they are a solution already,
    /// [`Branch::Dead`] when no solution can extend them, else the item it
    /// would branch on, the options it would try, in order, and (with
    /// bounds) whether it would then try giving the item no more options.
    pub fn branch(&mut self) -> Branch {
        self.unwind_search();
        if self.zeros_stale {
            self.links.dance(|d| d.recount_zeros());
            self.zeros_stale = false;
        }
        let shape = &self.matrix.shape;
        let next = match shape.kind {
            Kind::Xc => self.links.dance_as::<Xc, _>(|d| d.next_branch()),
            Kind::Xcc => self.links.dance_as::<Xcc, _>(|d| d.next_branch()),
            Kind::Mc => self.links.dance_as::<Mc, _>(|d| d.next_branch()),
            Kind::Mcc => self.links.dance_as::<Mcc, _>(|d| d.next_branch()),
        };
        match next {
            None => Branch::Solved,
            Some((_, nodes, false)) if nodes.is_empty() => Branch::Dead,
            Some((item, nodes, null)) => Branch::On {
                item: shape.item_of(item),
                options: nodes
                    .iter()
                    .map(|&x| shape.node_option[x as usize] as usize)
                    .collect(),
                null,
            },
        }
    }

    /// The problem left once the current selections and exclusions are
    /// made, as a problem of its own: the open items (a bounded item with
    /// what is left of its bounds), and the options that can still join a
    /// solution, in their order, with their colours. Its solutions, each
    /// with the selected options added, are exactly the solutions of the
    /// whole problem that hold the selections and none of the exclusions;
    /// so it is what [`parallel::Part`](super::parallel) files hold for any
    /// program that reads Knuth's format. Item and option names are kept.
    ///
    /// ```
    /// use dlx_engine::exact_cover::{Limits, Solver};
    /// use dlx_engine::problems::n_queens;
    ///
    /// let mut solver = Solver::new(&n_queens(8).compile()?);
    /// solver.select(0)?; // a queen in the corner
    /// let left = solver.remaining();
    /// let count = Solver::new(&left.compile()?).count(Limits::none());
    /// assert_eq!(count.solutions, 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn remaining(&mut self) -> Problem {
        self.unwind_search();
        let shape = &self.matrix.shape;
        let problem = &shape.problem;
        let kind = shape.kind;
        let links = &mut self.links;
        let first = &shape.option_first;
        let (open, bound, live): (Vec<bool>, Vec<u32>, Vec<bool>) = {
            let look = |open: &dyn Fn(u32) -> bool,
                        bound: &dyn Fn(u32) -> u32,
                        selectable: &dyn Fn(u32) -> bool| {
                let open_items: Vec<bool> = (0..problem.items().len())
                    .map(|i| open(shape.slot_of(i)))
                    .collect();
                let bounds: Vec<u32> = (0..problem.items().len())
                    .map(|i| bound(shape.slot_of(i)))
                    .collect();
                let live: Vec<bool> = (0..problem.options())
                    .map(|k| {
                        let size = problem.option(k).len() as u32;
                        (first[k]..first[k] + size).all(selectable)
                    })
                    .collect();
                (open_items, bounds, live)
            };
            macro_rules! state {
                ($family:ty) => {
                    links.dance_as::<$family, _>(|d| {
                        look(
                            &|slot| !d.is_covered(slot),
                            &|slot| {
                                if <$family as Family>::BOUNDS && slot as usize <= shape.primaries {
                                    d.bound(slot)
                                } else {
                                    1
                                }
                            },
                            &|x| d.is_selectable(x),
                        )
                    })
                };
            }
            match kind {
                Kind::Xc => state!(Xc),
                Kind::Xcc => state!(Xcc),
                Kind::Mc => state!(Mc),
                Kind::Mcc => state!(Mcc),
            }
        };
        let mut left = Problem::new();
        let mut id = vec![usize::MAX; problem.items().len()];
        for (i, item) in problem.items().iter().enumerate() {
            if !open[i] {
                continue;
            }
            let added = match item.kind {
                ItemKind::Primary => {
                    // `bound` is how many more may cover it: `hi` less those
                    // selected, so as many fewer are still owed to `lo`.
                    let used = item.hi - bound[i];
                    left.add_bounded(item.name.clone(), item.lo.saturating_sub(used), bound[i])
                }
                ItemKind::Secondary => left.add_secondary(item.name.clone()),
            };
            id[i] = added.expect("names and bounds of a valid problem");
        }
        for k in (0..problem.options()).filter(|&k| live[k]) {
            let entries: Vec<(usize, Option<&str>)> =
                problem.option_entries(k).map(|(i, c)| (id[i], c)).collect();
            left.add_colored_option(&entries)
                .expect("a live option names open items, a primary among them");
        }
        left
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
        self.run::<_, false>(limits, |_| ControlFlow::Continue(()))
    }

    /// [`count`](Self::count), calling `tick` with the number of solutions
    /// found so far after each one (for a progress display, or to stop on
    /// the caller's own condition by returning `Break`). The solutions
    /// themselves are not built, which [`search`](Self::search) does for
    /// each: on problems with millions of solutions that is a large share
    /// of the work.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dlx_engine::exact_cover::{Limits, Solver};
    /// use dlx_engine::problems::n_queens;
    ///
    /// let mut solver = Solver::new(&n_queens(8).compile()?);
    /// let mut ticks = 0;
    /// let report = solver.count_each(Limits::none(), |found| {
    ///     ticks += 1;
    ///     assert_eq!(found, ticks);
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!((report.solutions, ticks), (92, 92));
    /// # Ok::<(), dlx_engine::exact_cover::ProblemError>(())
    /// ```
    pub fn count_each<T>(&mut self, limits: Limits, mut tick: T) -> Report
    where
        T: FnMut(u64) -> ControlFlow<()>,
    {
        let mut found = 0;
        self.run::<_, false>(limits, |_| {
            found += 1;
            tick(found)
        })
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
        self.run::<_, true>(limits, visit)
    }

    /// [`search`](Self::search), building each solution for `visit` only
    /// when `FILL` (without, `visit` sees an empty slice).
    fn run<F, const FILL: bool>(&mut self, limits: Limits, visit: F) -> Report
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
            pending: &mut 0,
        };
        match self.matrix.shape.kind {
            Kind::Xc => run_search::<Xc, _, FILL>(state, limits, visit),
            Kind::Xcc => run_search::<Xcc, _, FILL>(state, limits, visit),
            Kind::Mc => run_search::<Mc, _, FILL>(state, limits, visit),
            Kind::Mcc => run_search::<Mcc, _, FILL>(state, limits, visit),
        }
    }
}

/// What a search would do first: see [`Solver::branch`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Branch {
    /// Every primary item is covered (as far as its bounds ask): the
    /// selections are a solution, and the search would find it at once.
    Solved,
    /// Some primary item can no longer be covered: no solution.
    Dead,
    /// The search would branch on item `item` (0-based), trying `options`
    /// in this order, then, if `null`, no more options for the item.
    On {
        /// The item.
        item: usize,
        /// The options it tries, in order (with bounds, each branch also
        /// leaves out the options tried before it).
        options: Vec<usize>,
        /// With bounds: the last branch gives the item no more options
        /// (Knuth's null move), leaving out every option above.
        null: bool,
    },
}

/// [`Solver::select_all`] for a problem with colours or bounds: each
/// option is taken out of every list (so the search cannot choose it
/// again) and committed as the search would commit it, item by item.
/// An option clashes when one of its items is closed (covered, or used up
/// its bound) or when an earlier selection hid it (an item it shares
/// without agreeing on the colour).
fn select_committing<F: Family>(
    shape: &Shape,
    links: &mut Links,
    selected: &mut Vec<u32>,
    dirty: &mut u64,
    mut options: impl Iterator<Item = usize>,
) -> Result<(), Conflict> {
    // The commits below keep the count of empty columns (for colours
    // without bounds), so it must be right before them: after an exclusion
    // or a plain cover it is stale.
    links.dance_as::<F, _>(|d| d.recount_zeros());
    links.dance_as::<F, _>(|d| loop {
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
        d.take_option(first);
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
    /// Set when the search stops at its node budget: the node it was about
    /// to try (on the level past `stack`'s last), the first of the options
    /// it leaves untried there; 0 otherwise. See
    /// [`ReducedSolver::untried`](super::ReducedSolver::untried).
    pub pending: &'a mut u32,
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
///
/// Without `FILL` the solutions are not built: `visit` sees an empty slice
/// (a count needs none, and building them was a large share of counting
/// problems with millions of solutions).
#[inline(always)]
pub(crate) fn run_search<F, V, const FILL: bool>(
    state: SearchState<'_>,
    limits: Limits,
    mut visit: V,
) -> Report
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
        pending,
    } = state;
    // Written to `pending` after the loop: a store through the borrowed
    // field inside it cost the count loop some 4% (measured 2026-11-29).
    let mut stopped_at = 0u32;
    if !FILL {
        solution.clear();
    }
    // Arena items are 1..=headers: a stack entry that is a header is M's
    // null move on that item.
    let headers = links.items() as u32;
    // The whole loop runs on one view of the arena: see `Links::dance`.
    let end = links.dance_as::<F, _>(|d| {
        if max_solutions == 0 {
            return End::Stopped;
        }
        let mut step = Step::Enter;
        let end = 'search: loop {
            step = match step {
                Step::Enter => {
                    if d.active == 0 {
                        solutions += 1;
                        if FILL {
                            fill_solution(solution, selected, stack, node_option);
                        }
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
                            d.begin_branch(item);
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
                        d.cover_as(item);
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
                        end_level(d, item, before_cover);
                        Step::Backtrack
                    } else if nodes >= max_nodes {
                        end_level(d, item, before_cover);
                        stopped_at = x;
                        break End::NodeLimit;
                    } else if let Some(end) = limits.must_stop_after(nodes, updates, &mut next_look)
                    {
                        end_level(d, item, before_cover);
                        break end;
                    } else {
                        nodes += 1;
                        if !covering {
                            let before_tweak = d.mark();
                            if x != item {
                                d.tweak(x, d.bound(item) != 0);
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
                            d.commit_as(x);
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
                        end_level(d, x, level.before_cover);
                        Step::Backtrack
                    } else {
                        d.undo_as(level.before_commit);
                        d.release_as(x);
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
                                d.undo_as(mark);
                                d.zeros = 0;
                            }
                            break 'search End::Exhausted;
                        };
                        let (item, next) = (d.item(x), d.down(x));
                        if next == item {
                            d.release_as(x);
                            d.release(item);
                            replay_to = Some(level.before_cover);
                        } else {
                            d.undo_as(level.before_commit);
                            d.release_as(x);
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
    *pending = stopped_at;
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
    links.dance_as::<F, _>(|d| {
        while let (Some(x), Some(level)) = (stack.pop(), levels.pop()) {
            if x <= headers {
                // M's null move on item x (see `run_search`).
                if d.bound(x) != 0 {
                    d.release(x);
                }
                end_level(d, x, level.before_cover);
            } else {
                d.undo_as(level.before_commit);
                d.release_as(x);
                end_level(d, d.item(x), level.before_cover);
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
fn end_level<F: Family>(d: &mut Dance<'_, F>, item: u32, before_cover: u32) {
    if F::BOUNDS {
        d.end_branch(item, before_cover);
    } else {
        d.undo_as(before_cover);
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
