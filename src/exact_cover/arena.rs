//! The dancing-links arena: one flat vector of nodes, as in Knuth's DLX1.
//!
//! Layout (Knuth, TAOCP 7.2.2.1, with items numbered from 1):
//! - node 0 is unused (Knuth's root; the list of active items is replaced by
//!   the length array below);
//! - nodes `1..=N` are the item headers; `up`/`down` of a header run through
//!   the column of that item's options;
//! - then every option's nodes, with a *spacer* node before the first option,
//!   between consecutive options and after the last. A spacer has `item == 0`;
//!   its `up` is the first node of the option before it and its `down` the
//!   last node of the option after it (Knuth's layout, kept though the dance
//!   no longer walks options backwards: see the trail below).
//!
//! The links of a node are one 8-byte record (`up`, `down`), so hiding a
//! node writes one cache line where parallel vectors wrote two. What never
//! changes is kept apart and shared: the item of each node and the next node
//! of its option ([`Meta`], one `Arc` for every copy of the arena) and its
//! option number (in [`Shape`]). With the `next` ring, `hide` walks an
//! option in a loop whose trip count is the option's size less one, which
//! the branch predictor learns, instead of hopping over a spacer at a
//! position that changes with the node it starts from.
//! A 9x9 Sudoku arena is then 32 KB of links, which is what `reset` copies
//! per puzzle and what the dance keeps in the L1 cache (measured in
//! `docs/perf-log.md`, "First pass").
//!
//! Item lengths live in their own contiguous array, and a covered item keeps
//! its length with the [`COVERED`] bit set. That makes the MRV choice a plain
//! first-minimum scan over `len[1..=primaries]` (AVX2 when the CPU has it),
//! instead of a walk along a linked list of active items.
//!
//! Undoing is not Knuth's `uncover` (walking each covered column back up and
//! restoring its options): every hidden node is pushed on a *trail*, and
//! the undo of a level replays the trail back to the level's mark, last
//! hidden first, which is the same exact reverse order the dance needs. The
//! replay is one loop over a contiguous stack whose length is known, where
//! walking the columns back ended each column in a branch the predictor
//! could not know (the puzzle decides how many options a cover hid);
//! `docs/perf-log.md` ("Fifth pass") has the measurements.
//!
//! The dance itself runs on a [`Dance`]: the arrays borrowed apart, the
//! counters in locals; the search keeps one for its whole loop.

use std::sync::Arc;

use super::problem::{ItemKind, Problem, ProblemError};

/// Marks nodes that belong to no option (headers, spacers).
pub(crate) const NO_OPTION: u32 = u32::MAX;

/// Set in `len[i]` while item `i` is covered, so covered items never win the
/// MRV minimum. Lengths stay far below it (the arena is under 2^31 nodes).
pub(crate) const COVERED: u32 = 1 << 31;

/// Added to the length of every secondary item, so only primary items can
/// ever have length 0: the dead-end count in `hide` and `cover` then needs
/// no test of the item's kind. Lengths stay far below it.
pub(crate) const SECONDARY_BASE: u32 = 1 << 30;

/// Set in a node's colour while it is *cleansed* (Knuth's colour -1 in
/// DLX2): a chosen option purified the node's secondary item to the node's
/// own colour, so the node's option still agrees with the partial solution,
/// and hiding that option leaves this node in its (finished) column.
pub(crate) const CLEANSED: u32 = 1 << 31;

/// Tags a trail entry that cleansed a node rather than took it out of its
/// column: replaying it clears the node's [`CLEANSED`] bit. Node numbers
/// are below 2^31 (the arena's limit), so the bit is free.
const RECOLOR: u32 = 1 << 31;

/// Which members of Knuth's family a search handles: the loop and the dance
/// are written once, and each problem runs the copy compiled for what it
/// uses, so a plain exact-cover problem pays nothing for colours or bounds.
pub(crate) trait Family {
    /// Options may give secondary items colours (Algorithm C, DLX2).
    const COLORS: bool;
    /// Primary items may have bounds other than exactly once (Algorithm M,
    /// DLX3): items are chosen by branching degree and their options are
    /// tried by *tweaking*.
    const BOUNDS: bool;
}

/// Plain exact cover with secondary items (Algorithm X, DLX1).
pub(crate) struct Xc;
/// Colours, no bounds (Algorithm C, DLX2).
pub(crate) struct Xcc;
/// Bounds, no colours (Algorithm M on a problem without colours).
pub(crate) struct Mc;
/// Bounds and colours (Algorithm M, DLX3).
pub(crate) struct Mcc;

impl Family for Xc {
    const COLORS: bool = false;
    const BOUNDS: bool = false;
}
impl Family for Xcc {
    const COLORS: bool = true;
    const BOUNDS: bool = false;
}
impl Family for Mc {
    const COLORS: bool = false;
    const BOUNDS: bool = true;
}
impl Family for Mcc {
    const COLORS: bool = true;
    const BOUNDS: bool = true;
}

/// The family a compiled problem belongs to (see [`Family`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// [`Xc`].
    Xc,
    /// [`Xcc`].
    Xcc,
    /// [`Mc`].
    Mc,
    /// [`Mcc`].
    Mcc,
}

/// The links of one node: all the dance changes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Node {
    /// Node above in the column (for a spacer: first node of the option
    /// before it).
    pub up: u32,
    /// Node below in the column (for a spacer: last node of the option after
    /// it).
    pub down: u32,
}

/// What never changes about a node, read together in one load.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Meta {
    /// Item of the node (1-based), 0 for spacers and headers.
    pub item: u32,
    /// Next node of the same option, cyclically (the node itself for
    /// spacers and headers).
    pub next: u32,
}

/// The mutable part of the arena: everything the dance changes.
#[derive(Debug)]
pub(crate) struct Links {
    /// Headers, spacers and option nodes.
    nodes: Vec<Node>,
    /// Item and option successor of each node. They never change, so every
    /// copy of the arena shares them and `reset` copies only the links.
    meta: Arc<Vec<Meta>>,
    /// Options currently in each item's column, with [`COVERED`] set while the
    /// item is covered (index 0 unused).
    len: Vec<u32>,
    /// Primary items not yet covered; 0 means a solution.
    pub active: u32,
    /// Uncovered primary items with no option left: while there is one, the
    /// current partial solution is dead, and MRV's answer is the first.
    pub zeros: u32,
    /// Number of primary items: items `1..=primaries` are primary.
    pub primaries: u32,
    /// Every node hidden and not yet restored, in the order it was hidden:
    /// undoing is replaying it backwards (see [`Dance::undo_to`]). Sized to
    /// the arena when it first dances; its contents never need copying.
    trail: Vec<u32>,
    /// Entries of `trail` in use.
    top: u32,
    /// Colour of every node (0 for none), with [`CLEANSED`] set while the
    /// node is cleansed; empty when the problem has no colours.
    color: Vec<u32>,
    /// Per primary item of a problem with bounds, how many more options
    /// may still cover it (Knuth's `bound`); empty without bounds.
    bound: Vec<u32>,
    /// Per primary item of a problem with bounds, its upper bound less its
    /// lower bound (Knuth's `slack`); never changes.
    slack: Vec<u32>,
}

impl Clone for Links {
    fn clone(&self) -> Self {
        Links {
            nodes: self.nodes.clone(),
            meta: Arc::clone(&self.meta),
            len: self.len.clone(),
            active: self.active,
            zeros: self.zeros,
            primaries: self.primaries,
            trail: self.trail.clone(),
            top: self.top,
            color: self.color.clone(),
            bound: self.bound.clone(),
            slack: self.slack.clone(),
        }
    }

    /// Copies into the existing vectors: `Solver::reset` does this once per
    /// puzzle, and the derived version would allocate and free the whole
    /// arena each time.
    fn clone_from(&mut self, source: &Self) {
        self.nodes.clone_from(&source.nodes);
        self.meta = Arc::clone(&source.meta);
        self.len.clone_from(&source.len);
        self.active = source.active;
        self.zeros = source.zeros;
        self.primaries = source.primaries;
        // What the source has hidden is baked into the copied links: only
        // its count matters, the entries above it are never read.
        self.trail
            .resize(source.trail.len().max(self.trail.len()), 0);
        self.trail[..source.top as usize].copy_from_slice(&source.trail[..source.top as usize]);
        self.top = source.top;
        self.color.clone_from(&source.color);
        self.bound.clone_from(&source.bound);
        self.slack.clone_from(&source.slack);
    }
}

impl Links {
    /// An arena with `items` empty columns (the first `primaries` primary)
    /// and no options yet; the first spacer is in place.
    pub fn empty(items: usize, primaries: usize, capacity: usize) -> Self {
        let mut links = Links {
            nodes: Vec::with_capacity(capacity),
            meta: Arc::new(Vec::with_capacity(capacity)),
            len: Vec::new(),
            active: 0,
            zeros: 0,
            primaries: 0,
            trail: Vec::new(),
            top: 0,
            color: Vec::new(),
            bound: Vec::new(),
            slack: Vec::new(),
        };
        links.clear(items, primaries);
        links
    }

    /// Empties the arena: `items` empty uncovered columns, of which the first
    /// `primaries` are primary, and the first spacer.
    pub fn clear(&mut self, items: usize, primaries: usize) {
        self.nodes.clear();
        self.nodes
            .extend((0..=items as u32).map(|i| Node { up: i, down: i }));
        // Shared with a clone: start a vector of its own rather than copy
        // the shared one only to empty it.
        if Arc::get_mut(&mut self.meta).is_none() {
            self.meta = Arc::new(Vec::new());
        }
        let meta = self.meta_mut();
        meta.clear();
        meta.extend((0..=items as u32).map(|i| Meta { item: 0, next: i }));
        self.len.clear();
        self.len.resize(primaries + 1, 0);
        self.len.resize(items + 1, SECONDARY_BASE);
        self.primaries = primaries as u32;
        self.active = self.primaries;
        self.zeros = self.primaries;
        self.top = 0;
        self.color.clear();
        self.bound.clear();
        self.slack.clear();
        self.push_spacer(0);
    }

    fn push_spacer(&mut self, first_of_previous: u32) {
        self.nodes.push(Node {
            up: first_of_previous,
            down: 0,
        });
        let next = self.nodes.len() as u32 - 1;
        self.meta_mut().push(Meta { item: 0, next });
    }

    /// The node metadata, while the arena is being built. A matrix's arena
    /// is built before it is shared; a [`ReducedSolver`] rebuilt after a
    /// clone gets a copy of its own here instead of changing the other's.
    ///
    /// [`ReducedSolver`]: super::ReducedSolver
    fn meta_mut(&mut self) -> &mut Vec<Meta> {
        Arc::make_mut(&mut self.meta)
    }

    /// Appends an option with `items` (1-based, none covered) at the bottom
    /// of their columns, then a spacer.
    pub fn push_option(&mut self, items: &[u32]) {
        self.builder().push_option(items);
    }

    /// A view for appending options: the node metadata made this arena's
    /// own once (`Arc::make_mut` is an atomic compare-and-swap, too dear
    /// for every option when a [`ReducedSolver`] builds thousands of
    /// options per second).
    ///
    /// [`ReducedSolver`]: super::ReducedSolver
    pub fn builder(&mut self) -> Builder<'_> {
        Builder {
            nodes: &mut self.nodes,
            meta: Arc::make_mut(&mut self.meta),
            len: &mut self.len,
            zeros: &mut self.zeros,
        }
    }

    /// Whether item `item` is covered.
    #[inline]
    pub fn is_covered(&self, item: u32) -> bool {
        self.len[item as usize] & COVERED != 0
    }

    /// Whether the mutable state equals `other`'s (for tests).
    #[cfg(test)]
    pub fn same_state(&self, other: &Links) -> bool {
        (self.nodes == other.nodes && self.len == other.len)
            && (self.active, self.zeros, self.top) == (other.active, other.zeros, other.top)
    }

    /// Number of items (their headers are nodes `1..=items`).
    pub fn items(&self) -> usize {
        self.len.len() - 1
    }

    /// Number of nodes (headers, spacers, option nodes).
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// Options currently in the column of an uncovered `item`.
    pub fn options_in(&self, item: u32) -> u32 {
        let len = self.len[item as usize] & !COVERED;
        if item <= self.primaries {
            len
        } else {
            len - SECONDARY_BASE
        }
    }

    /// The arrays the dance works on, borrowed apart, with the counters in
    /// locals: `f` runs on that view and the counters are stored back after.
    ///
    /// Why a view: through `&mut self` the compiler must assume that a store
    /// to a node may change the vectors' own pointers, so it reloads them
    /// inside the innermost loop; disjoint slices rule that out.
    ///
    /// The search runs its whole loop inside one view, so the counters stay
    /// in registers and no call re-checks its index.
    #[inline(always)]
    pub fn dance<R>(&mut self, f: impl FnOnce(&mut Dance<'_>) -> R) -> R {
        // The trail holds each node at most once (see `Dance::hide`), so
        // this size is what makes its unchecked pushes sound.
        if self.trail.len() < self.nodes.len() {
            self.trail.resize(self.nodes.len(), 0);
        }
        let Links {
            nodes,
            meta,
            len,
            active,
            zeros,
            primaries,
            trail,
            top,
            color,
            bound,
            slack,
        } = self;
        let mut dance = Dance {
            nodes,
            meta,
            len,
            trail,
            color,
            bound,
            slack,
            cleansings: 0,
            recolors: 0,
            primaries: *primaries,
            active: *active,
            zeros: *zeros,
            top: *top,
            home: Home { active, zeros, top },
        };
        let result = f(&mut dance);
        dance.save();
        result
    }
}

/// Appends options to an arena (see [`Links::builder`]).
pub(crate) struct Builder<'a> {
    nodes: &'a mut Vec<Node>,
    meta: &'a mut Vec<Meta>,
    len: &'a mut Vec<u32>,
    zeros: &'a mut u32,
}

impl Builder<'_> {
    /// Appends an option with `items` (1-based, none covered) at the
    /// bottom of their columns, then a spacer.
    ///
    /// # Panics
    /// If `items` is empty or names an item the arena does not have.
    pub fn push_option(&mut self, items: &[u32]) {
        self.push_options(items, &[items.len() as u32]);
    }

    /// Appends options in order, as [`push_option`](Self::push_option)
    /// would one by one: option k's items are `slots[ends[k - 1]..ends[k]]`
    /// (from 0 for the first).
    ///
    /// The arena grows once for all of them and is written through slices:
    /// appending node by node made the compiler reload each vector's length
    /// after every store, and a call per option cost more than its links.
    ///
    /// # Panics
    /// If an option is empty, `ends` does not rise to `slots.len()`, or an
    /// item is one the arena does not have.
    pub fn push_options(&mut self, slots: &[u32], ends: &[u32]) {
        assert_eq!(
            ends.last().map_or(0, |&e| e as usize),
            slots.len(),
            "the options end where the items do"
        );
        let base = self.nodes.len();
        let total = slots.len() + ends.len();
        self.nodes.resize(base + total, Node::default());
        self.meta.resize(base + total, Meta::default());
        let (nodes, meta, len) = (&mut self.nodes[..], &mut self.meta[..], &mut self.len[..]);
        let mut zeros = *self.zeros;
        // The spacer before the next option.
        let mut spacer = base - 1;
        let mut start = 0;
        for &end in ends {
            let items = &slots[start..end as usize];
            assert!(!items.is_empty(), "an option needs at least one item");
            let first = spacer as u32 + 1;
            let last = first + items.len() as u32 - 1;
            for (p, &item) in (first..).zip(items) {
                assert!(item != 0 && (item as usize) < len.len(), "no item {item}");
                let above = nodes[item as usize].up;
                nodes[p as usize] = Node {
                    up: above,
                    down: item,
                };
                let next = if p == last { first } else { p + 1 };
                meta[p as usize] = Meta { item, next };
                nodes[above as usize].down = p;
                nodes[item as usize].up = p;
                let len = &mut len[item as usize];
                zeros -= u32::from(*len == 0);
                *len += 1;
            }
            // The spacer before the option points down to its last node;
            // the one after it, up to its first.
            nodes[spacer].down = last;
            spacer = last as usize + 1;
            nodes[spacer] = Node { up: first, down: 0 };
            meta[spacer] = Meta {
                item: 0,
                next: spacer as u32,
            };
            start = end as usize;
        }
        *self.zeros = zeros;
    }
}

/// The arena while it dances: its arrays borrowed apart, its counters in
/// locals (see [`Links::dance`]). Access is unchecked (see [`Dance::at`]):
/// its one user, the solver, passes only items of the compiled matrix's
/// options, items MRV chose and nodes it read from their columns.
pub(crate) struct Dance<'a> {
    nodes: &'a mut [Node],
    meta: &'a [Meta],
    len: &'a mut [u32],
    trail: &'a mut [u32],
    /// See [`Links::color`]: read and written only by the colour family.
    color: &'a mut [u32],
    /// See [`Links::bound`]: used only by the bounded families.
    bound: &'a mut [u32],
    /// See [`Links::slack`].
    slack: &'a [u32],
    /// Knuth's "cleansings" in this dance: purifications, and the nodes
    /// they cleansed.
    pub cleansings: u64,
    /// Of the trail's growth in this dance, the entries that cleansed a
    /// node rather than hid one: not link updates.
    pub recolors: u64,
    primaries: u32,
    /// See [`Links::active`].
    pub active: u32,
    /// See [`Links::zeros`].
    pub zeros: u32,
    /// Entries of the trail in use: a mark to [`undo_to`](Self::undo_to).
    top: u32,
    /// The arena's own counters, which [`save`](Self::save) brings up to
    /// date.
    home: Home<'a>,
}

/// Where a [`Dance`]'s counters live between dances.
struct Home<'a> {
    active: &'a mut u32,
    zeros: &'a mut u32,
    top: &'a mut u32,
}

impl Dance<'_> {
    /// MRV (Knuth's exercise 7.2.2.1-9 choice): the first uncovered primary
    /// item with the fewest options, stopping early at one with none.
    /// Requires `active > 0`.
    ///
    /// The exact first minimum, found cheaply: with a zero-length item
    /// present ([`zeros`](Self::zeros) > 0) it is the first 0; otherwise
    /// nothing is below 1, so the first item with a single option (a forced
    /// move, the common case in puzzles) is the answer and the scan stops
    /// there; only without one does it look for the first minimum.
    #[inline(always)]
    pub fn choose(&self) -> u32 {
        choose(&self.len[1..=self.primaries as usize], self.zeros)
    }

    /// Whether `item` is covered.
    #[inline(always)]
    pub fn is_covered(&self, item: u32) -> bool {
        self.len[item as usize] & COVERED != 0
    }

    /// The node below `x` in its column.
    #[inline(always)]
    pub fn down(&self, x: u32) -> u32 {
        self.at(x).down
    }

    /// The item of node `x` (0 for spacers and headers).
    #[inline(always)]
    pub fn item(&self, x: u32) -> u32 {
        self.meta_at(x).item
    }

    /// Writes the counters back to the arena, which is then whole as it
    /// stands. The dance does this when it ends; a caller does it before
    /// running code that may panic (a visitor, an iterator of options): if
    /// that panic is caught, the arena must not be left with links that
    /// disagree with its trail, or a later cover would hide nodes twice and
    /// write past the trail.
    #[inline(always)]
    pub fn save(&mut self) {
        *self.home.active = self.active;
        *self.home.zeros = self.zeros;
        *self.home.top = self.top;
    }

    /// Whether [`zeros`](Self::zeros) is right (for debug assertions).
    pub fn zeros_are_counted(&self) -> bool {
        let lens = &self.len[1..=self.primaries as usize];
        self.zeros as usize == lens.iter().filter(|&&l| l == 0).count()
    }

    /// Node `i`, unchecked.
    ///
    /// SAFETY (for this and [`set_up`](Self::set_up) /
    /// [`set_down`](Self::set_down) / [`len_mut`](Self::len_mut)): the arena
    /// keeps the invariant that every `up` and `down` stored in `nodes` is an
    /// index into `nodes` and every `item` an index into `len`. `clear`
    /// stores only header self-links and the spacer's 0; `push_option`
    /// asserts its items and links only to nodes that exist; the dance only
    /// copies values read from the arena or node indices it read. From
    /// outside, the solver passes only the items of options of the matrix
    /// the arena was built from, items MRV chose, and nodes it read from
    /// their columns. The fields are private to this module, so nothing
    /// else can break the invariant.
    ///
    /// Why unchecked at all: the dance is nothing but these accesses, and the
    /// checks were a large share of its instructions (measured with callgrind
    /// and `dlx bench`; see `docs/perf-log.md`, "Figures moved out of code
    /// comments").
    #[inline(always)]
    fn at(&self, i: u32) -> Node {
        debug_assert!((i as usize) < self.nodes.len());
        // SAFETY: see above; `i` is a link read from the arena.
        unsafe { *self.nodes.get_unchecked(i as usize) }
    }

    /// Item and option successor of node `i`, unchecked.
    #[inline(always)]
    fn meta_at(&self, i: u32) -> Meta {
        debug_assert!((i as usize) < self.meta.len());
        // SAFETY: see `at`; `meta` has one entry per node (`clear`,
        // `push_spacer` and `push_option` grow both together, and
        // `clone_from` takes both from one source), and every `next` is a
        // node of the same option.
        unsafe { *self.meta.get_unchecked(i as usize) }
    }

    #[inline(always)]
    fn set_up(&mut self, i: u32, up: u32) {
        debug_assert!((i as usize) < self.nodes.len());
        // SAFETY: see `at`.
        unsafe { self.nodes.get_unchecked_mut(i as usize).up = up }
    }

    #[inline(always)]
    fn set_down(&mut self, i: u32, down: u32) {
        debug_assert!((i as usize) < self.nodes.len());
        // SAFETY: see `at`.
        unsafe { self.nodes.get_unchecked_mut(i as usize).down = down }
    }

    #[inline(always)]
    fn len_mut(&mut self, item: u32) -> &mut u32 {
        debug_assert!((item as usize) < self.len.len());
        // SAFETY: see `at`; `item` was read from a node.
        unsafe { self.len.get_unchecked_mut(item as usize) }
    }

    /// [`cover_as`](Self::cover_as) a plain problem's item that leaves [`zeros`](Self::zeros) stale, for
    /// a batch of covers followed by one [`recount_zeros`](Self::recount_zeros)
    /// (the givens of a puzzle: about 1,100 link updates on a 17-clue Sudoku,
    /// each spared the count).
    #[inline]
    pub fn cover_uncounted(&mut self, item: u32) {
        self.cover_counting::<false, Xc>(item)
    }

    /// Covers `item`: hides every option in its column. The nodes taken out
    /// of their columns are the trail's growth (see [`mark`](Self::mark)).
    /// Undone by [`undo_as`](Self::undo_as) a mark taken before, then
    /// [`release`](Self::release) (the pair is Knuth's `cover` and
    /// `uncover`). For the family `F`: with colours, cleansed nodes stay
    /// where they are; with bounds, [`zeros`](Self::zeros) is not kept (the
    /// bounded choice looks at every length itself).
    #[inline(always)]
    pub fn cover_as<F: Family>(&mut self, item: u32) {
        if F::BOUNDS {
            self.cover_counting::<false, F>(item)
        } else {
            self.cover_counting::<true, F>(item)
        }
    }

    /// Sets [`zeros`](Self::zeros) from the lengths.
    pub fn recount_zeros(&mut self) {
        let lens = &self.len[1..=self.primaries as usize];
        self.zeros = lens.iter().map(|&l| u32::from(l == 0)).sum();
    }

    #[inline(always)]
    fn cover_counting<const ZEROS: bool, F: Family>(&mut self, item: u32) {
        // Counted by the column's length rather than ended at the header:
        // the count is known before the walk starts, so when the branch
        // predictor guesses the column's end wrong (it cannot know it) the
        // mistake shows at once, not after the load of the next `down`.
        // An uncovered item's length, less a secondary's base.
        let options = *self.len_mut(item) & (SECONDARY_BASE - 1);
        let mut p = self.at(item).down;
        for _ in 0..options {
            self.hide::<ZEROS, F>(p);
            p = self.at(p).down;
        }
        self.active -= u32::from(item <= self.primaries);
        let len = self.len_mut(item);
        // A covered item no longer counts, even if its column was empty
        // (only a primary's length can be 0: see SECONDARY_BASE).
        let was_empty = u32::from(*len == 0);
        *len |= COVERED;
        if ZEROS {
            self.zeros -= was_empty;
        }
    }

    /// Takes the other nodes of `p`'s option out of their columns and onto
    /// the trail.
    ///
    /// A node is hidden only while its option is in the column being
    /// covered, and a hidden option is in no uncovered column until it is
    /// restored; so no node is on the trail twice, and the trail never
    /// holds more entries than the arena has nodes (its length, see
    /// [`Links::dance`]).
    ///
    /// With colours, a cleansed node stays in its column (Knuth's DLX2
    /// `hide`): that column was purified and is read again only to undo the
    /// purification, which looks at the cleansed marks, not at the links.
    #[inline]
    fn hide<const ZEROS: bool, F: Family>(&mut self, p: u32) {
        // Counted in locals, added once: `self.zeros` and `self.top` might
        // alias the arrays as far as the compiler knows, so updating them in
        // the loop would cost a memory round trip per node.
        let mut zeros = 0;
        let mut top = self.top as usize;
        let mut q = self.meta_at(p).next;
        while q != p {
            let (Node { up, down }, Meta { item, next }) = (self.at(q), self.meta_at(q));
            if F::COLORS && self.color_at(q) & CLEANSED != 0 {
                q = next;
                continue;
            }
            self.set_down(up, down);
            self.set_up(down, up);
            let len = self.len_mut(item);
            *len -= 1;
            if ZEROS {
                // Branch-free: this runs for every link update.
                zeros += u32::from(*len == 0);
            }
            debug_assert!(top < self.trail.len());
            // SAFETY: `top` < trail length, by the argument above.
            unsafe { *self.trail.get_unchecked_mut(top) = q };
            top += 1;
            q = next;
        }
        self.zeros += zeros;
        self.top = top as u32;
    }

    /// The current end of the trail: what [`undo_to`](Self::undo_to) goes
    /// back to. Every link update pushes one entry, so the difference of two
    /// marks is the updates made between them.
    #[inline(always)]
    pub fn mark(&self) -> u32 {
        self.top
    }

    /// Puts back every node hidden since `mark` was taken, last hidden
    /// first: the exact reverse of the hides, which is what makes each
    /// node's stale `up`/`down` the right place to return to (Knuth's
    /// dance). One loop over a contiguous stack, instead of walking back
    /// up every covered column: how many options a cover hid is the
    /// puzzle's data, so each of those walks ended in a mispredicted branch.
    ///
    /// It leaves the covered marks to [`release`](Self::release) and
    /// [`zeros`](Self::zeros) to the caller, which saved it with the mark.
    #[inline]
    pub fn undo_to(&mut self, mark: u32) {
        self.undo_as::<Xc>(mark)
    }

    /// [`undo_to`](Self::undo_to) for the family `F`: with colours, trail
    /// entries tagged [`RECOLOR`] clear a node's cleansed mark.
    #[inline]
    pub fn undo_as<F: Family>(&mut self, mark: u32) {
        debug_assert!(mark <= self.top);
        let mut top = self.top as usize;
        while top > mark as usize {
            top -= 1;
            // SAFETY: `top` < `self.top` <= trail length; entries below
            // `self.top` are nodes `hide` wrote.
            let q = unsafe { *self.trail.get_unchecked(top) };
            if F::COLORS && q & RECOLOR != 0 {
                let q = q & !RECOLOR;
                self.color[q as usize] &= !CLEANSED;
                continue;
            }
            let (Node { up, down }, item) = (self.at(q), self.meta_at(q).item);
            self.set_down(up, q);
            self.set_up(down, q);
            *self.len_mut(item) += 1;
        }
        self.top = mark;
    }

    /// Marks a covered `item` uncovered again, once the nodes its cover hid
    /// are back ([`undo_to`](Self::undo_to)). Lengths are counts, so the
    /// order of `release` and `undo_to` does not matter.
    #[inline(always)]
    pub fn release(&mut self, item: u32) {
        *self.len_mut(item) &= !COVERED;
        self.active += u32::from(item <= self.primaries);
    }

    /// Commits every item of the option of node `x` except `x`'s own (X5,
    /// Knuth's `commit`), for the family `F`: a plain item is covered; a primary item with bounds loses one of its `bound` and is
    /// covered when none is left; a secondary item with a colour is
    /// purified to it, unless an earlier purification already cleansed
    /// this node; any other item is covered.
    #[inline]
    pub fn commit_as<F: Family>(&mut self, x: u32) {
        let mut p = self.meta_at(x).next;
        while p != x {
            let Meta { item, next } = self.meta_at(p);
            self.commit_node::<F>(p, item);
            p = next;
        }
    }

    /// Commits the item `item` of node `p` (see [`commit_as`](Self::commit_as)).
    #[inline(always)]
    fn commit_node<F: Family>(&mut self, p: u32, item: u32) {
        if F::BOUNDS && item <= self.primaries {
            let bound = &mut self.bound[item as usize];
            *bound -= 1;
            if *bound == 0 {
                self.cover_as::<F>(item);
            }
        } else if F::COLORS && item > self.primaries && self.color_at(p) != 0 {
            if self.color_at(p) & CLEANSED == 0 {
                self.purify::<F>(p);
            }
        } else {
            self.cover_as::<F>(item);
        }
    }

    /// Whether node `x`'s option could still join the partial solution as
    /// far as `x` goes: its item is open and `x` is in its list (a hidden
    /// option has left every list but the one being covered, and a
    /// selected one every list).
    pub fn is_selectable(&self, x: u32) -> bool {
        let item = self.meta_at(x).item;
        !self.is_covered(item) && self.at(self.at(x).up).down == x
    }

    /// Puts the option whose first node is `first` into the partial
    /// solution for good (a given): out of every list, so no level chooses
    /// it again, and every one of its items committed.
    pub fn take_option<F: Family>(&mut self, first: u32) {
        self.tweak::<F>(first, true);
        let item = self.meta_at(first).item;
        self.commit_node::<F>(first, item);
        self.commit_as::<F>(first);
    }

    /// [`release`](Self::release)s every item of the option of node `x`
    /// except `x`'s own: with [`undo_as`](Self::undo_as) the mark taken
    /// before [`commit_as`](Self::commit_as), its undo (X6, Knuth's
    /// `uncommit`). For the family `F`, the bookkeeping the trail does not hold (covered marks and bounds); a
    /// purification's links and cleansed marks come back with the trail.
    /// The colours of `x`'s own nodes read here are the ones the commit
    /// read: only a purification of another node's column cleanses, and
    /// once a column is purified no later option commits to it.
    #[inline]
    pub fn release_as<F: Family>(&mut self, x: u32) {
        let mut p = self.meta_at(x).next;
        while p != x {
            let Meta { item, next } = self.meta_at(p);
            if F::BOUNDS && item <= self.primaries {
                if self.bound[item as usize] == 0 {
                    self.release(item);
                }
                self.bound[item as usize] += 1;
            } else if !(F::COLORS && item > self.primaries && self.color_at(p) != 0) {
                self.release(item);
            }
            p = next;
        }
    }

    /// Knuth's `purify`: the secondary item of node `p` takes `p`'s colour.
    /// Every other option in its column with another colour (or none) is
    /// hidden; every one with the same colour is cleansed, so it can share
    /// the item and no one purifies the column again. Undone by the trail.
    #[inline]
    fn purify<F: Family>(&mut self, p: u32) {
        let item = self.meta_at(p).item;
        let color = self.color_at(p);
        self.cleansings += 1;
        // Hiding other options never changes this column's own links.
        let options = self.len[item as usize] & (SECONDARY_BASE - 1);
        let mut r = self.at(item).down;
        for _ in 0..options {
            if self.color_at(r) != color {
                if F::BOUNDS {
                    self.hide::<false, F>(r);
                } else {
                    self.hide::<true, F>(r);
                }
            } else if r != p {
                self.color[r as usize] |= CLEANSED;
                self.push_trail(r | RECOLOR);
                self.cleansings += 1;
                self.recolors += 1;
            }
            r = self.at(r).down;
        }
    }

    /// The colour of node `x`, with its [`CLEANSED`] bit (colour families
    /// only: the array is empty otherwise).
    #[inline(always)]
    fn color_at(&self, x: u32) -> u32 {
        self.color[x as usize]
    }

    /// Pushes `entry` on the trail. Every entry is a node hidden or
    /// cleansed, and no node is both or either twice at once (see
    /// [`hide`](Self::hide) and [`purify`](Self::purify)), so the trail,
    /// as long as the arena, has room.
    #[inline(always)]
    fn push_trail(&mut self, entry: u32) {
        self.trail[self.top as usize] = entry;
        self.top += 1;
    }

    /// Takes node `x` out of its column (Knuth's `tweak`, whose
    /// `block` hid the rest of its option first): the option has been tried
    /// for its item, which stays open, and is not tried again at this level.
    /// Undone by the trail.
    #[inline]
    pub fn tweak<F: Family>(&mut self, x: u32, block: bool) {
        if block {
            self.hide::<false, F>(x);
        }
        let (Node { up, down }, item) = (self.at(x), self.meta_at(x).item);
        self.set_down(up, down);
        self.set_up(down, up);
        *self.len_mut(item) -= 1;
        self.push_trail(x);
    }

    /// Takes an open `item` out of the active list without covering it:
    /// the search has chosen to give it no more options (its list is
    /// empty). Undone by [`release`](Self::release).
    #[inline]
    pub fn deactivate(&mut self, item: u32) {
        *self.len_mut(item) |= COVERED;
        self.active -= 1;
    }

    /// Options of `item` left in its column, covered or not.
    #[inline(always)]
    pub fn len_of(&self, item: u32) -> u32 {
        self.len[item as usize] & !COVERED
    }

    /// How many more options may cover primary `item` (bounded families).
    #[inline(always)]
    pub fn bound(&self, item: u32) -> u32 {
        self.bound[item as usize]
    }

    /// Primary `item`'s upper bound less its lower (bounded families).
    #[inline(always)]
    pub fn slack(&self, item: u32) -> u32 {
        self.slack[item as usize]
    }

    /// Starts a level on primary `item` (Knuth's M4): one fewer option may
    /// cover it, and when none may, it is covered.
    #[inline]
    pub fn begin_branch<F: Family>(&mut self, item: u32) {
        self.bound[item as usize] -= 1;
        if self.bound[item as usize] == 0 {
            self.cover_as::<F>(item);
        }
    }

    /// Ends the level on `item` begun by [`begin_branch`](Self::begin_branch)
    /// at trail mark `mark` (Knuth's M8): its tweaks and cover undone, its
    /// bound back.
    #[inline]
    pub fn end_branch<F: Family>(&mut self, item: u32, mark: u32) {
        self.undo_as::<F>(mark);
        if self.bound[item as usize] == 0 {
            self.release(item);
        }
        self.bound[item as usize] += 1;
    }

    /// The item Algorithm M branches on, and its branching degree (Knuth's
    /// DLX3): the active primary item of least `len + s - bound + 1`, where
    /// `s` is the smaller of its slack and bound; ties go to the smaller
    /// `s`, then the longer list (which Knuth found gives smaller trees),
    /// then the first. A degree of 0 or less means the item cannot reach
    /// its lower bound. Requires `active > 0`.
    #[inline]
    pub fn choose_bounded(&self) -> (u32, i64) {
        let mut best = (0u32, i64::MAX, u32::MAX, 0u32);
        for item in 1..=self.primaries {
            let len = self.len[item as usize];
            if len & COVERED != 0 {
                continue;
            }
            let (bound, slack) = (self.bound[item as usize], self.slack[item as usize]);
            let s = slack.min(bound);
            let score = i64::from(len) + i64::from(s) - i64::from(bound) + 1;
            let (_, best_score, best_s, best_len) = best;
            if score < best_score
                || (score == best_score && (s < best_s || (s == best_s && len > best_len)))
            {
                best = (item, score, s, len);
            }
        }
        (best.0, best.1)
    }
}

/// [`Dance::choose`] on the primaries' lengths `lens`, with `zeros` of them 0.
#[inline(always)]
pub(crate) fn choose(lens: &[u32], zeros: u32) -> u32 {
    let floor = if zeros > 0 { 0 } else { 1 };
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2, the only requirement of this function.
        return unsafe { choose_avx2(lens, floor) } as u32 + 1;
    }
    choose_in(lens, floor) as u32 + 1
}

/// Index of the first minimum of `lens` (not empty), given that no length
/// is below `floor`: the first length equal to `floor` if there is one,
/// else the first minimum (a vectorised minimum, then its first position).
#[inline(always)]
fn choose_in(lens: &[u32], floor: u32) -> usize {
    if let Some(k) = first_equal(lens, floor) {
        return k;
    }
    let min = lens.iter().fold(u32::MAX, |a, &b| a.min(b));
    first_equal(lens, min).unwrap_or(0)
}

/// Index of the first length equal to `value`, eight at a time: each group
/// of eight compares becomes one bit mask (a compare and a `movemask` when
/// vectorised), and the first set bit is the answer.
#[inline(always)]
fn first_equal(lens: &[u32], value: u32) -> Option<usize> {
    const LANES: usize = 8;
    let mut groups = lens.chunks_exact(LANES);
    for (g, group) in (&mut groups).enumerate() {
        let mask = group
            .iter()
            .enumerate()
            .fold(0u32, |m, (i, &l)| m | (u32::from(l == value) << i));
        if mask != 0 {
            return Some(g * LANES + mask.trailing_zeros() as usize);
        }
    }
    let base = lens.len() - groups.remainder().len();
    groups
        .remainder()
        .iter()
        .position(|&l| l == value)
        .map(|k| base + k)
}

/// [`choose_in`] with AVX2 intrinsics: eight lengths per compare, whose
/// `movemask` gives the first match directly, and eight per `vpminud` for
/// the minimum. Baseline x86-64 (SSE2) has no unsigned 32-bit minimum and the
/// compiler does not turn the scalar first-match loop into a `movemask`, so
/// this makes the MRV scan much cheaper (measured; see `docs/perf-log.md`,
/// "Figures moved out of code comments").
///
/// # Safety
/// The CPU must support AVX2. All loads are from 8-element arrays borrowed
/// from `lens`, so they stay in bounds.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn choose_avx2(lens: &[u32], floor: u32) -> usize {
    use std::arch::x86_64::*;
    const LANES: usize = 8;
    /// Lengths tested per step: four vectors, whose compares are OR-ed
    /// into one `movemask` test, so a scan costs about half the
    /// instructions of one test per vector.
    const BLOCK: usize = 4 * LANES;
    // SAFETY (all closures): `group` is exactly 8 u32s = 32 bytes, read
    // with an unaligned load; the other intrinsics need only AVX2.
    let load = |group: &[u32]| unsafe { _mm256_loadu_si256(group.as_ptr().cast()) };
    let mask = |v: __m256i| _mm256_movemask_ps(_mm256_castsi256_ps(v)) as u32;
    let first_equal = |value: u32| -> Option<usize> {
        let target = _mm256_set1_epi32(value as i32);
        let equal = |group: &[u32]| _mm256_cmpeq_epi32(load(group), target);
        let blocks = lens.chunks_exact(BLOCK);
        let rest = blocks.remainder();
        for (b, block) in blocks.enumerate() {
            let e = [
                equal(&block[..LANES]),
                equal(&block[LANES..2 * LANES]),
                equal(&block[2 * LANES..3 * LANES]),
                equal(&block[3 * LANES..]),
            ];
            let any = _mm256_or_si256(_mm256_or_si256(e[0], e[1]), _mm256_or_si256(e[2], e[3]));
            if mask(any) != 0 {
                let bits = e
                    .iter()
                    .enumerate()
                    .fold(0u32, |m, (k, &v)| m | mask(v) << (8 * k));
                return Some(b * BLOCK + bits.trailing_zeros() as usize);
            }
        }
        let base = lens.len() - rest.len();
        let groups = rest.chunks_exact(LANES);
        let tail = groups.remainder();
        for (g, group) in groups.enumerate() {
            let bits = mask(equal(group));
            if bits != 0 {
                return Some(base + g * LANES + bits.trailing_zeros() as usize);
            }
        }
        let base = lens.len() - tail.len();
        tail.iter().position(|&l| l == value).map(|k| base + k)
    };
    if let Some(k) = first_equal(floor) {
        return k;
    }
    let groups = lens.chunks_exact(LANES);
    let tail = groups.remainder();
    let mut least = _mm256_set1_epi32(-1);
    for group in groups {
        least = _mm256_min_epu32(least, load(group));
    }
    let mut lanes = [0u32; LANES];
    _mm256_storeu_si256(lanes.as_mut_ptr().cast(), least);
    let min = lanes.iter().chain(tail).fold(u32::MAX, |a, &b| a.min(b));
    first_equal(min).unwrap_or(0)
}

/// The immutable part: shared by every solver built from one matrix.
#[derive(Debug)]
pub(crate) struct Shape {
    /// First node of each option in the full arena.
    pub option_first: Vec<u32>,
    /// Option number of each node, [`NO_OPTION`] for headers and spacers.
    pub node_option: Vec<u32>,
    /// Arena items of every option, concatenated: option `k` is
    /// `option_slots[slots_start[k]..slots_start[k + 1]]`.
    pub option_slots: Vec<u32>,
    /// Where each option's items start in `option_slots` (one extra at the end).
    pub slots_start: Vec<u32>,
    /// The options of every arena item's column, in order, and where each
    /// item's start (see [`Shape::column`]): made on first use, so only
    /// matrices that [`ReducedSolver::load_after`] reads pay for them.
    ///
    /// [`ReducedSolver::load_after`]: super::ReducedSolver::load_after
    pub columns: std::sync::OnceLock<(Vec<u32>, Vec<u32>)>,
    /// Arena item number (1-based, primaries first) of every problem item.
    pub slot: Vec<u32>,
    /// Problem item number (0-based) of every arena item (index 0 unused).
    pub external: Vec<u32>,
    /// Number of primary items.
    pub primaries: usize,
    /// Which search the problem needs: colours, bounds, both or neither.
    pub kind: Kind,
    /// The full arena in its starting state, copied by every new solver.
    pub links: Links,
    /// The problem this was compiled from (names, kinds, options).
    pub problem: Problem,
}

impl Shape {
    /// Arena items (1-based) of option `option`: its nodes in the full arena.
    pub fn option_items(&self, option: usize) -> &[u32] {
        let options = self.slots_start.len() - 1;
        assert!(
            option < options,
            "option {option} out of range: the matrix has {options} options"
        );
        let (a, b) = (self.slots_start[option], self.slots_start[option + 1]);
        &self.option_slots[a as usize..b as usize]
    }

    /// Arena item of problem item `item` (0-based).
    ///
    /// # Panics
    /// If `item` is not an item of the problem, with a message saying so.
    pub fn slot_of(&self, item: usize) -> u32 {
        let items = self.slot.len();
        assert!(
            item < items,
            "item {item} out of range: the matrix has {items} items"
        );
        self.slot[item]
    }

    /// Problem item (0-based) of arena item `slot`.
    pub fn item_of(&self, slot: u32) -> usize {
        self.external[slot as usize] as usize
    }

    /// The options (in order) whose items include arena item `slot`.
    pub fn column(&self, slot: u32) -> &[u32] {
        let (options, start) = self
            .columns
            .get_or_init(|| columns(&self.option_slots, &self.slots_start, self.slot.len()));
        let (a, b) = (start[slot as usize], start[slot as usize + 1]);
        &options[a as usize..b as usize]
    }
}

/// The transpose of the options' items (`option_slots`, split by
/// `slots_start`) over arena items `1..=items`: each item's options in
/// order, concatenated, and where each item's start (a counting sort).
fn columns(option_slots: &[u32], slots_start: &[u32], items: usize) -> (Vec<u32>, Vec<u32>) {
    let mut start = vec![0u32; items + 2];
    for &slot in option_slots {
        start[slot as usize + 1] += 1;
    }
    for s in 1..start.len() {
        start[s] += start[s - 1];
    }
    let mut next = start.clone();
    let mut options = vec![0u32; option_slots.len()];
    for (option, bounds) in (0u32..).zip(slots_start.windows(2)) {
        for &slot in &option_slots[bounds[0] as usize..bounds[1] as usize] {
            options[next[slot as usize] as usize] = option;
            next[slot as usize] += 1;
        }
    }
    (options, start)
}

/// A compiled exact-cover problem: the dancing-links arena in its starting
/// state. Cheap to clone (shared); build it once per problem shape and create
/// one [`Solver`](crate::exact_cover::Solver) per thread from it.
#[derive(Clone)]
pub struct Matrix {
    pub(crate) shape: Arc<Shape>,
}

/// Its sizes, not the arena (a 9x9 Sudoku's would be 330 KB of text).
impl std::fmt::Debug for Matrix {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Matrix")
            .field("items", &self.items())
            .field("primary_items", &self.primary_items())
            .field("options", &self.options())
            .field("nodes", &self.nodes())
            .finish()
    }
}

impl Matrix {
    /// Compiles `problem` into an arena.
    pub fn new(problem: &Problem) -> Result<Self, ProblemError> {
        let items = problem.items().len();
        let options = problem.options();
        let nodes = items + 1 + options + 1 + problem.option_nodes();
        if nodes >= COVERED as usize {
            return Err(ProblemError::TooLarge(nodes));
        }
        // Arena items: primaries first, each kind in declaration order, so
        // the MRV scan runs over one contiguous range and ties still go to
        // the item declared first.
        let (primary, secondary): (Vec<usize>, Vec<usize>) =
            (0..items).partition(|&i| problem.items()[i].kind == ItemKind::Primary);
        let mut slot = vec![0u32; items];
        let mut external = vec![u32::MAX; items + 1];
        for (k, &item) in primary.iter().chain(&secondary).enumerate() {
            slot[item] = k as u32 + 1;
            external[k + 1] = item as u32;
        }

        let mut links = Links::empty(items, primary.len(), nodes);
        let mut option_first = Vec::with_capacity(options);
        let mut option_slots = Vec::with_capacity(problem.option_nodes());
        let mut slots_start = Vec::with_capacity(options + 1);
        slots_start.push(0);
        for k in 0..options {
            option_first.push(links.nodes.len() as u32);
            let start = option_slots.len();
            option_slots.extend(problem.option(k).map(|i| slot[i]));
            slots_start.push(option_slots.len() as u32);
            links.push_option(&option_slots[start..]);
        }
        let mut node_option = vec![NO_OPTION; links.nodes.len()];
        for (k, &first) in option_first.iter().enumerate() {
            let size = (slots_start[k + 1] - slots_start[k]) as usize;
            node_option[first as usize..first as usize + size].fill(k as u32);
        }
        let kind = match (problem.has_colors(), problem.has_bounds()) {
            (false, false) => Kind::Xc,
            (true, false) => Kind::Xcc,
            (false, true) => Kind::Mc,
            (true, true) => Kind::Mcc,
        };
        if problem.has_colors() {
            // Option k's entries are its nodes, in order, from its first.
            let colors = problem.entry_colors();
            links.color = vec![0; links.nodes.len()];
            for (k, &first) in option_first.iter().enumerate() {
                let (a, b) = (slots_start[k] as usize, slots_start[k + 1] as usize);
                links.color[first as usize..first as usize + (b - a)]
                    .copy_from_slice(&colors[a..b]);
            }
        }
        if problem.has_bounds() {
            links.bound = vec![0; items + 1];
            links.slack = vec![0; items + 1];
            for (k, &item) in primary.iter().enumerate() {
                let spec = &problem.items()[item];
                links.bound[k + 1] = spec.hi;
                links.slack[k + 1] = spec.hi - spec.lo;
            }
        }
        Ok(Matrix {
            shape: Arc::new(Shape {
                option_first,
                node_option,
                option_slots,
                slots_start,
                columns: std::sync::OnceLock::new(),
                slot,
                external,
                primaries: primary.len(),
                kind,
                links,
                problem: problem.clone(),
            }),
        })
    }

    /// The problem this matrix was compiled from.
    pub fn problem(&self) -> &Problem {
        &self.shape.problem
    }

    /// Number of items (primary and secondary).
    pub fn items(&self) -> usize {
        self.shape.problem.items().len()
    }

    /// Number of primary items.
    pub fn primary_items(&self) -> usize {
        self.shape.primaries
    }

    /// Number of options.
    pub fn options(&self) -> usize {
        self.shape.option_first.len()
    }

    /// Number of nodes in the arena (headers, option nodes and spacers).
    pub fn nodes(&self) -> usize {
        self.shape.links.nodes.len()
    }
}

#[cfg(test)]
mod tests;
