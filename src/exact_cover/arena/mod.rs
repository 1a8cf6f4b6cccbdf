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
    /// With bounds, the open primary items as a sparse set (Knuth's
    /// "dancing cells" idea): `open[..active]` are the uncovered primaries,
    /// in some order, and `place[i]` is item `i`'s position in `open`. An
    /// item closes by swapping it to `open[active - 1]` before `active`
    /// drops, so reopening is `active` rising again: the covers of a level
    /// are undone together, after every later level's, so the items past
    /// `active` come back as a set. The bounded choice scans only these.
    /// Empty without bounds.
    open: Vec<u32>,
    /// See `open`.
    place: Vec<u32>,
    /// With Knuth's "sharp" preference on, per item, whether its name
    /// starts with `#`: such items are chosen first (see
    /// [`choice::choose_sharp`]). Empty when the preference is off.
    sharp: Vec<bool>,
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
            open: self.open.clone(),
            place: self.place.clone(),
            sharp: self.sharp.clone(),
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
        self.open.clone_from(&source.open);
        self.place.clone_from(&source.place);
        // `sharp` is the solver's setting, not the arena's state: kept.
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
            open: Vec::new(),
            place: Vec::new(),
            sharp: Vec::new(),
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
        self.open.clear();
        self.place.clear();
        self.sharp.clear();
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

/// Colours and bounds, set once by the matrix that compiles a problem, and
/// the sharp preference, set by a solver.
impl Links {
    /// Turns Knuth's sharp preference on (`sharp` has one flag per item,
    /// index 0 unused: whether the item is sharp) or off (`sharp` empty).
    ///
    /// # Panics
    /// If `sharp` is neither empty nor one flag per item plus one.
    pub fn set_sharp(&mut self, sharp: Vec<bool>) {
        assert!(
            sharp.is_empty() || sharp.len() == self.len.len(),
            "one flag per item"
        );
        self.sharp = sharp;
    }

    /// Gives the nodes their colours (0 for none): one per node.
    ///
    /// # Panics
    /// If `colors` does not have one entry per node, or a colour has the
    /// [`CLEANSED`] bit set.
    pub fn set_colors(&mut self, colors: Vec<u32>) {
        assert_eq!(colors.len(), self.nodes.len(), "one colour per node");
        assert!(
            colors.iter().all(|&c| c & CLEANSED == 0),
            "a colour uses the cleansed bit"
        );
        self.color = colors;
    }

    /// Gives the primary items their bounds: `hi` is how many options may
    /// cover each, `slack` its upper bound less its lower; one entry per
    /// item and one unused before them, as `len`.
    ///
    /// # Panics
    /// If the lengths are not one per item plus one, or a primary's `hi`
    /// is 0 or below its `slack`.
    pub fn set_bounds(&mut self, hi: Vec<u32>, slack: Vec<u32>) {
        assert!(hi.len() == self.len.len() && slack.len() == self.len.len());
        let primaries = 1..=self.primaries as usize;
        assert!(primaries.clone().all(|i| hi[i] >= 1 && slack[i] <= hi[i]));
        self.bound = hi;
        self.slack = slack;
        // Nothing is covered yet: every primary is open, in item order.
        self.open = (1..=self.primaries).collect();
        self.place = (0..self.len.len() as u32)
            .map(|i| i.saturating_sub(1))
            .collect();
    }
}

mod choice;
mod dance;

#[cfg(any(test, feature = "dancing-cells"))]
pub(crate) use choice::choose;
pub(crate) use dance::Dance;

#[cfg(test)]
mod tests;
