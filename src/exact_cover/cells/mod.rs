//! Algorithm X on sparse sets: Knuth's "dancing cells" (TAOCP 7.2.2.3, his
//! SSXC programs), behind the same API as the dancing-links [`Solver`].
//!
//! Representation:
//! - every option node `x` (numbered option by option, so node order is
//!   option order) has a 12-byte record ([`Meta`]): its item and the next
//!   node of its option (a cyclic ring as in the arena), which never change,
//!   and `loc`, where it sits in `set`;
//! - one array `set` holds, for each item, a contiguous *segment* of the
//!   nodes of that item's options;
//!   the first `size(i)` entries of item `i`'s segment are its active options;
//! - sizes live in one contiguous `len` array with the arena's conventions
//!   (a covered item keeps its size with [`COVERED`] set, secondaries start at
//!   [`SECONDARY_BASE`]), so MRV is the same vectorised first-minimum scan.
//!
//! Hiding an option swaps each of its other nodes to the end of its item's
//! active segment and decrements that size; unhiding only increments the
//! sizes again. Undo is therefore cheap, but it restores *membership*, not
//! the order inside a segment.
//!
//! Order of the options tried at a level: DLX tries an item's options in
//! problem order. Here the swaps leave a segment in an order that depends on
//! the search so far, so by default ([`OptionOrder::Ascending`]) the chosen
//! item's active segment is sorted before it is covered (usually a few
//! compares: it is short and mostly still sorted). Then the search tree,
//! solution order and node and update counts are exactly those of [`Solver`],
//! and nothing depends on the order left in `set`, so [`CellsSolver::reset`]
//! only restores the sizes. [`OptionOrder::Segment`] tries them in the order
//! the swaps left, as Knuth does; the tree for counting all solutions is the
//! same, the first solution (and the nodes spent to find it) may differ, and
//! `reset` must then also restore `set` and the records to stay
//! deterministic.
//!
//! [`Solver`]: super::Solver

// Without the `dancing-cells` feature this module is built for its tests
// only, which need not call every accessor.
#![cfg_attr(not(feature = "dancing-cells"), allow(dead_code))]

use std::ops::ControlFlow;
use std::sync::Arc;

use super::arena::{choose, COVERED, SECONDARY_BASE};
use super::limits::Limits;
use super::matrix::Matrix;
use super::report::{Conflict, End, Report, Stats};

/// Masks a `len` entry down to the item's size (clears [`COVERED`] and
/// [`SECONDARY_BASE`]; sizes stay far below both).
const SIZE: u32 = SECONDARY_BASE - 1;

/// An option node: its item and option successor, which never change, and
/// its place in `set`, which the swaps change. One 12-byte record, so the
/// load that finds a node's item also finds its place.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Meta {
    /// Arena item (1-based, primaries first).
    item: u32,
    /// Next node of the same option, cyclically.
    next: u32,
    /// Position of the node in `set`.
    loc: u32,
}

/// The immutable layout shared by every copy of a [`CellsSolver`], and the
/// starting state that `reset` copies.
#[derive(Debug)]
struct Layout {
    /// Starting node records (each `loc` in the starting `set`).
    meta: Vec<Meta>,
    /// Option number of each node.
    node_option: Vec<u32>,
    /// First node of each option (one extra at the end).
    option_start: Vec<u32>,
    /// First position of each item's segment in `set` (index 0 unused).
    start: Vec<u32>,
    /// Number of primary items: items `1..=primaries` are primary.
    primaries: u32,
    /// Starting `set`: each segment in ascending node (= option) order.
    set: Vec<u32>,
    /// Starting sizes.
    len: Vec<u32>,
    /// Primary items with no option at all.
    zeros: u32,
}

impl Layout {
    fn new(matrix: &Matrix) -> Self {
        let shape = &matrix.shape;
        let items = shape.external.len() - 1;
        let options = shape.slots_start.len() - 1;
        let nodes = shape.option_slots.len();
        let primaries = shape.primaries as u32;

        let mut meta = Vec::with_capacity(nodes);
        let mut node_option = Vec::with_capacity(nodes);
        let mut count = vec![0u32; items + 1];
        for k in 0..options {
            let first = shape.slots_start[k];
            let slots = shape.option_items(k);
            for (j, &item) in slots.iter().enumerate() {
                let next = first + ((j + 1) % slots.len()) as u32;
                meta.push(Meta { item, next, loc: 0 });
                node_option.push(k as u32);
                count[item as usize] += 1;
            }
        }
        let mut start = vec![0u32; items + 1];
        let mut at = 0;
        for i in 1..=items {
            start[i] = at;
            at += count[i];
        }
        let mut fill = start.clone();
        let mut set = vec![0u32; nodes];
        for (x, m) in meta.iter_mut().enumerate() {
            let p = &mut fill[m.item as usize];
            set[*p as usize] = x as u32;
            m.loc = *p;
            *p += 1;
        }
        let len: Vec<u32> = (0..=items)
            .map(|i| match i {
                0 => 0,
                i if i as u32 <= primaries => count[i],
                i => count[i] + SECONDARY_BASE,
            })
            .collect();
        let zeros = len[1..=primaries as usize]
            .iter()
            .filter(|&&l| l == 0)
            .count() as u32;
        Layout {
            meta,
            node_option,
            option_start: shape.slots_start.clone(),
            start,
            primaries,
            set,
            len,
            zeros,
        }
    }
}

/// The working arrays of a [`CellsSolver`] borrowed apart as a [`Cells`],
/// with its counters copied into locals (store them back with
/// [`Cells::store_into`]). A macro, not a method, so the borrows stay
/// disjoint from the solver's other fields.
macro_rules! cells {
    ($solver:expr) => {
        Cells {
            set: &mut $solver.set,
            len: &mut $solver.len,
            meta: &mut $solver.meta,
            start: &$solver.layout.start,
            primaries: $solver.layout.primaries,
            active: $solver.active,
            zeros: $solver.zeros,
            updates: 0,
        }
    };
}

/// In which order a level tries the options of its chosen item.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum OptionOrder {
    /// Problem order, as DLX: the chosen item's segment is sorted first.
    /// Same search tree and counts as [`Solver`](super::Solver).
    #[default]
    Ascending,
    /// The order the swaps left in the segment (Knuth's SSXC). Counting all
    /// solutions walks the same tree; a first solution may differ.
    Segment,
}

/// Solves one [`Matrix`] many times with sparse sets ("dancing cells"):
/// per puzzle, [`reset`](CellsSolver::reset), [`select`](CellsSolver::select)
/// the givens, then search. The API and its semantics are those of
/// [`Solver`](super::Solver); create one per thread.
#[derive(Clone)]
pub struct CellsSolver {
    matrix: Matrix,
    layout: Arc<Layout>,
    order: OptionOrder,
    /// Nodes of each item's options, item by item (see the module docs).
    set: Vec<u32>,
    /// Item, option successor and position in `set` of each node.
    meta: Vec<Meta>,
    /// Size of each item's active segment, with [`COVERED`] set while it is
    /// covered and [`SECONDARY_BASE`] added for secondaries (index 0 unused).
    len: Vec<u32>,
    /// Primary items not yet covered; 0 means a solution.
    active: u32,
    /// Uncovered primary items with no option left.
    zeros: u32,
    /// Position in `set` of the node chosen at each level of the search.
    stack: Vec<u32>,
    /// Pre-selected options, in selection order.
    selected: Vec<u32>,
    /// Buffer the visitor sees: option numbers of the current solution.
    solution: Vec<usize>,
    /// Nodes taken out of their segments since the last `reset`.
    link_updates: u64,
}

/// The matrix's sizes, the option order, the selections and the depth of
/// an unfinished search; not the sets.
impl std::fmt::Debug for CellsSolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CellsSolver")
            .field("matrix", &self.matrix)
            .field("order", &self.order)
            .field("selected", &self.selected)
            .field("search_depth", &self.stack.len())
            .finish_non_exhaustive()
    }
}

enum Step {
    /// A new level; all levels below are committed.
    Enter,
    /// Try the option at position `p` of the covered item `item`'s segment.
    Try { item: u32, p: u32 },
    /// Undo the top level and move to its next option.
    Backtrack,
}

impl CellsSolver {
    /// A solver for `matrix`, in its starting state, trying options in
    /// problem order ([`OptionOrder::Ascending`]).
    pub fn new(matrix: &Matrix) -> Self {
        CellsSolver::with_order(matrix, OptionOrder::Ascending)
    }

    /// A solver for `matrix` that tries each level's options in `order`.
    pub fn with_order(matrix: &Matrix, order: OptionOrder) -> Self {
        let layout = Arc::new(Layout::new(matrix));
        let primaries = layout.primaries as usize;
        CellsSolver {
            matrix: matrix.clone(),
            order,
            set: layout.set.clone(),
            meta: layout.meta.clone(),
            len: layout.len.clone(),
            active: layout.primaries,
            zeros: layout.zeros,
            stack: Vec::with_capacity(primaries + 1),
            selected: Vec::new(),
            solution: Vec::with_capacity(primaries + 1),
            link_updates: 0,
            layout,
        }
    }

    /// The matrix this solver works on.
    pub fn matrix(&self) -> &Matrix {
        &self.matrix
    }

    /// The order in which levels try their options.
    pub fn order(&self) -> OptionOrder {
        self.order
    }

    /// Undoes every selection and any unfinished search, restoring the
    /// starting state.
    ///
    /// With [`OptionOrder::Ascending`] this copies only the sizes (4 bytes
    /// per item): every segment always holds exactly its item's nodes, in
    /// some order, and that order never matters. With
    /// [`OptionOrder::Segment`] it copies `set` and the node records as well
    /// (their `loc`), so every
    /// search after a reset starts from the same order.
    pub fn reset(&mut self) {
        let layout = &*self.layout;
        self.len.clone_from(&layout.len);
        if self.order == OptionOrder::Segment {
            self.set.clone_from(&layout.set);
            self.meta.clone_from(&layout.meta);
        }
        self.active = layout.primaries;
        self.zeros = layout.zeros;
        self.stack.clear();
        self.selected.clear();
        self.link_updates = 0;
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
        let shape = &self.matrix.shape;
        let items = shape.option_items(option);
        if let Some(&slot) = items.iter().find(|&&s| self.len[s as usize] & COVERED != 0) {
            return Err(Conflict {
                option,
                item: shape.item_of(slot),
            });
        }
        let mut cells = cells!(self);
        for &slot in items {
            cells.cover(slot);
        }
        self.link_updates += cells.updates;
        cells.store_into(&mut self.active, &mut self.zeros);
        self.selected.push(option as u32);
        Ok(())
    }

    /// [`select`](CellsSolver::select)s each of `options` in order, as
    /// [`Solver::select_all`](super::Solver::select_all) does: stops at the
    /// first that clashes and returns its [`Conflict`]; the options before
    /// it stay selected.
    ///
    /// # Panics
    /// If an option is out of range.
    pub fn select_all(&mut self, options: impl IntoIterator<Item = usize>) -> Result<(), Conflict> {
        options
            .into_iter()
            .try_for_each(|option| self.select(option))
    }

    /// The options pre-selected so far, in order.
    pub fn selected(&self) -> impl Iterator<Item = usize> + '_ {
        self.selected.iter().map(|&o| o as usize)
    }

    /// Nodes taken out of their item's active segment since the last
    /// [`reset`](CellsSolver::reset) (or since the solver was made), by
    /// `select` and `search`: [`Solver::link_updates`](super::Solver::link_updates)
    /// in the cells' unit, and equal to it with [`OptionOrder::Ascending`].
    pub fn link_updates(&self) -> u64 {
        self.link_updates
    }

    /// Number of options of `item` (0-based) left by the pre-selected
    /// options; 0 once the item is covered. A search that stopped early is
    /// undone first, as `select` would.
    ///
    /// # Panics
    /// If `item` is not an item of the matrix.
    pub fn item_len(&mut self, item: usize) -> usize {
        self.unwind_search();
        let len = self.len[self.matrix.shape.slot_of(item) as usize];
        if len & COVERED != 0 {
            0
        } else {
            (len & SIZE) as usize
        }
    }

    /// Whether every primary item is covered by the pre-selected options.
    /// A search that stopped early is undone first, as `select` would.
    pub fn is_complete(&mut self) -> bool {
        self.unwind_search();
        self.active == 0
    }

    /// The first solution (pre-selected options first), if any.
    pub fn first_solution(&mut self) -> Option<Vec<usize>> {
        super::search::first_solution_of(|limits, visit| self.search(limits, visit))
    }

    /// Counts solutions within `limits`.
    pub fn count(&mut self, limits: Limits) -> Report {
        self.search(limits, |_| ControlFlow::Continue(()))
    }

    /// Runs Algorithm X from the current selections, calling `visit` with the
    /// option numbers of each solution (pre-selected options first, then the
    /// chosen ones by level). `visit` returns `Break` to stop.
    ///
    /// Nodes are options tried, updates are nodes taken out of their item's
    /// active segment (one swap each): with [`OptionOrder::Ascending`] both
    /// equal [`Solver`](super::Solver)'s. The solver keeps the state in which
    /// the search ended until the next `search`, `select` or `reset`.
    pub fn search<F>(&mut self, limits: Limits, mut visit: F) -> Report
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        self.unwind_search();
        let max_solutions = limits.max_solutions.unwrap_or(u64::MAX);
        let max_nodes = limits.max_nodes.unwrap_or(u64::MAX);
        let ascending = self.order == OptionOrder::Ascending;
        let mut solutions = 0u64;
        let mut nodes = 0u64;
        // See `Limits::must_stop_after`.
        let mut next_look = 0u64;
        // Of `cells.updates`, those already added to `self.link_updates`
        // (before each call of the visitor, which may panic).
        let mut saved_updates = 0u64;
        let mut step = Step::Enter;
        let mut cells = cells!(self);
        let stack = &mut self.stack;
        let end = if max_solutions == 0 {
            End::Stopped
        } else {
            loop {
                step = match step {
                    Step::Enter => {
                        if cells.active == 0 {
                            solutions += 1;
                            fill_solution(
                                &mut self.solution,
                                &self.selected,
                                stack,
                                cells.set,
                                &self.layout.node_option,
                            );
                            // The visitor is the caller's code: if it
                            // panics and the panic is caught, the next call
                            // unwinds this search from the right counters.
                            (self.active, self.zeros) = (cells.active, cells.zeros);
                            self.link_updates += cells.updates - saved_updates;
                            saved_updates = cells.updates;
                            if visit(&self.solution).is_break() || solutions >= max_solutions {
                                break End::Stopped;
                            }
                            Step::Backtrack
                        } else if cells.zeros > 0 {
                            Step::Backtrack
                        } else {
                            let item = cells.choose();
                            if ascending {
                                cells.sort_segment(item);
                            }
                            cells.cover(item);
                            Step::Try {
                                item,
                                p: cells.start[item as usize],
                            }
                        }
                    }
                    Step::Try { item, p } => {
                        if p == cells.end(item) {
                            cells.uncover(item);
                            Step::Backtrack
                        } else if nodes >= max_nodes {
                            cells.uncover(item);
                            break End::NodeLimit;
                        } else if let Some(end) =
                            limits.must_stop_after(nodes, cells.updates, &mut next_look)
                        {
                            cells.uncover(item);
                            break end;
                        } else {
                            nodes += 1;
                            cells.commit_others(cells.set[p as usize]);
                            stack.push(p);
                            Step::Enter
                        }
                    }
                    Step::Backtrack => match stack.pop() {
                        None => break End::Exhausted,
                        Some(p) => {
                            let x = cells.set[p as usize];
                            cells.uncommit_others(x, &self.layout);
                            Step::Try {
                                item: cells.meta_at(x).item,
                                p: p + 1,
                            }
                        }
                    },
                };
            }
        };
        let updates = cells.updates;
        self.link_updates += updates - saved_updates;
        cells.store_into(&mut self.active, &mut self.zeros);
        Report {
            solutions,
            end,
            stats: Stats {
                nodes,
                updates,
                cleansings: 0,
            },
        }
    }

    /// Undoes the levels of a search that stopped early.
    fn unwind_search(&mut self) {
        if self.stack.is_empty() {
            return;
        }
        let mut cells = cells!(self);
        while let Some(p) = self.stack.pop() {
            let x = cells.set[p as usize];
            cells.uncommit_others(x, &self.layout);
            let item = cells.meta_at(x).item;
            cells.uncover(item);
        }
        cells.store_into(&mut self.active, &mut self.zeros);
    }
}

/// Writes the current solution into `solution`.
fn fill_solution(
    solution: &mut Vec<usize>,
    selected: &[u32],
    stack: &[u32],
    set: &[u32],
    node_option: &[u32],
) {
    solution.clear();
    solution.extend(
        selected.iter().map(|&o| o as usize).chain(
            stack
                .iter()
                .map(|&p| node_option[set[p as usize] as usize] as usize),
        ),
    );
}

/// The sparse sets while they dance: the arrays borrowed apart (so stores
/// into them cannot move their pointers, as far as the compiler knows) and
/// the counters in locals.
struct Cells<'a> {
    set: &'a mut [u32],
    len: &'a mut [u32],
    meta: &'a mut [Meta],
    start: &'a [u32],
    primaries: u32,
    active: u32,
    zeros: u32,
    /// Nodes taken out of an active segment so far.
    updates: u64,
}

impl Cells<'_> {
    /// `set[p]`, unchecked.
    ///
    /// SAFETY (for every accessor below): the module keeps these invariants.
    /// `set` and `meta` have one entry per node (`Layout::new` builds them so;
    /// `clone_from` copies the template's); every `set` entry is a node and
    /// every `meta.loc` a position in `set`, since the only writes are the
    /// swaps of `hide` (values read from `set`/`loc`, or `start + size - 1`
    /// for a segment that holds the node) and `sort_segment` (a permutation
    /// of one segment). Every `meta.item` indexes `len` and `start` (both
    /// have one entry per item plus one) and every `meta.next` is a node of
    /// the same option. `start[i] + size(i)` never passes the end of item
    /// `i`'s segment: sizes only shrink from their starting value by `hide`
    /// of a node still in the active segment and grow back by `unhide`.
    /// Items and nodes given to `Cells` come from `Shape::option_items`
    /// (checked when the problem was compiled), from `choose` (a primary),
    /// or from `set` itself; `Cells` is private to this module.
    ///
    /// Why unchecked: the dance is nothing but these accesses; the checks
    /// were a large share of its time (measured; see `docs/perf-log.md`,
    /// "Figures moved out of code comments").
    #[inline(always)]
    fn set_at(&self, p: u32) -> u32 {
        debug_assert!((p as usize) < self.set.len());
        // SAFETY: see above.
        unsafe { *self.set.get_unchecked(p as usize) }
    }

    #[inline(always)]
    fn put_set(&mut self, p: u32, x: u32) {
        debug_assert!((p as usize) < self.set.len());
        // SAFETY: see `set_at`.
        unsafe { *self.set.get_unchecked_mut(p as usize) = x }
    }

    #[inline(always)]
    fn put_loc(&mut self, x: u32, p: u32) {
        debug_assert!((x as usize) < self.meta.len());
        // SAFETY: see `set_at`.
        unsafe { self.meta.get_unchecked_mut(x as usize).loc = p }
    }

    #[inline(always)]
    fn meta_at(&self, x: u32) -> Meta {
        debug_assert!((x as usize) < self.meta.len());
        // SAFETY: see `set_at`.
        unsafe { *self.meta.get_unchecked(x as usize) }
    }

    #[inline(always)]
    fn start_at(&self, item: u32) -> u32 {
        debug_assert!((item as usize) < self.start.len());
        // SAFETY: see `set_at`.
        unsafe { *self.start.get_unchecked(item as usize) }
    }

    #[inline(always)]
    fn len_mut(&mut self, item: u32) -> &mut u32 {
        debug_assert!((item as usize) < self.len.len());
        // SAFETY: see `set_at`.
        unsafe { self.len.get_unchecked_mut(item as usize) }
    }

    #[inline(always)]
    fn len_at(&self, item: u32) -> u32 {
        debug_assert!((item as usize) < self.len.len());
        // SAFETY: see `set_at`.
        unsafe { *self.len.get_unchecked(item as usize) }
    }

    fn store_into(self, active: &mut u32, zeros: &mut u32) {
        *active = self.active;
        *zeros = self.zeros;
    }

    /// One past the last active position of `item`'s segment.
    #[inline(always)]
    fn end(&self, item: u32) -> u32 {
        self.start_at(item) + (self.len_at(item) & SIZE)
    }

    /// MRV: the first uncovered primary item with the fewest options.
    /// Requires `active > 0` and `zeros == 0` (so nothing is below 1).
    #[inline]
    fn choose(&self) -> u32 {
        // The arena's scan: the lengths follow the same conventions.
        choose(&self.len[1..=self.primaries as usize], 0)
    }

    /// Sorts `item`'s active segment into ascending node order (= option
    /// order), keeping `loc` in step. Segments are short at an MRV choice
    /// and usually still sorted, so this is mostly a few compares.
    #[inline]
    fn sort_segment(&mut self, item: u32) {
        let s = self.start[item as usize] as usize;
        let e = self.end(item) as usize;
        let seg = &mut self.set[s..e];
        if seg.windows(2).all(|w| w[0] < w[1]) {
            return;
        }
        seg.sort_unstable();
        for (k, &x) in seg.iter().enumerate() {
            self.meta[x as usize].loc = (s + k) as u32;
        }
    }

    /// Covers `item`: hides every option of its active segment.
    #[inline]
    fn cover(&mut self, item: u32) {
        let (s, e) = (self.start_at(item), self.end(item));
        for p in s..e {
            let x = self.set_at(p);
            self.hide(x);
        }
        if item <= self.primaries {
            self.active -= 1;
            self.zeros -= u32::from(self.len_at(item) == 0);
        }
        *self.len_mut(item) |= COVERED;
    }

    /// Mirror of [`cover`](Self::cover). The options can be unhidden in any
    /// order: each only increments sizes, and together they restore each
    /// size to what it was before the cover.
    #[inline]
    fn uncover(&mut self, item: u32) {
        *self.len_mut(item) &= !COVERED;
        if item <= self.primaries {
            self.active += 1;
            self.zeros += u32::from(self.len_at(item) == 0);
        }
        let (s, e) = (self.start_at(item), self.end(item));
        for p in s..e {
            let x = self.set_at(p);
            self.unhide(x);
        }
    }

    /// Takes the other nodes of `x`'s option out of their items' active
    /// segments: each is swapped with the last active node and the size
    /// shrinks by one.
    #[inline]
    fn hide(&mut self, x: u32) {
        let mut zeros = 0;
        let mut updates = 0;
        let mut y = self.meta_at(x).next;
        while y != x {
            let Meta { item, next, loc: p } = self.meta_at(y);
            let len = self.len_at(item) - 1;
            let last = self.start_at(item) + (len & SIZE);
            let z = self.set_at(last);
            self.put_set(p, z);
            self.put_loc(z, p);
            self.put_set(last, y);
            self.put_loc(y, last);
            *self.len_mut(item) = len;
            zeros += u32::from(len == 0);
            updates += 1;
            y = next;
        }
        self.zeros += zeros;
        self.updates += updates;
    }

    /// Mirror of [`hide`](Self::hide): the sizes grow back; the nodes are
    /// still where `hide` left them, just past the end.
    #[inline]
    fn unhide(&mut self, x: u32) {
        let mut zeros = 0;
        let mut y = self.meta_at(x).next;
        while y != x {
            let Meta { item, next, .. } = self.meta_at(y);
            let len = self.len_mut(item);
            zeros += u32::from(*len == 0);
            *len += 1;
            y = next;
        }
        self.zeros -= zeros;
    }

    /// Covers every item of `x`'s option except `x`'s own.
    #[inline]
    fn commit_others(&mut self, x: u32) {
        let mut y = self.meta_at(x).next;
        while y != x {
            let Meta { item, next, .. } = self.meta_at(y);
            self.cover(item);
            y = next;
        }
    }

    /// Mirror of [`commit_others`](Self::commit_others), uncovering in the
    /// reverse order (a later cover may have shrunk an earlier item's
    /// neighbours, so the sizes must come back last-in first-out).
    #[inline]
    fn uncommit_others(&mut self, x: u32, layout: &Layout) {
        let option = layout.node_option[x as usize] as usize;
        let (first, end) = (layout.option_start[option], layout.option_start[option + 1]);
        let mut y = x;
        loop {
            y = if y == first { end - 1 } else { y - 1 };
            if y == x {
                break;
            }
            self.uncover(self.meta_at(y).item);
        }
    }
}

#[cfg(test)]
mod tests;
