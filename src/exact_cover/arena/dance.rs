//! The dance: [`Dance`], the arena with its arrays borrowed apart, and the
//! steps of Knuth's algorithms on it, each beside its undo:
//!
//! | step | undo |
//! | --- | --- |
//! | [`Dance::cover_as`] (cover an item) | [`Dance::undo_as`] a mark, then [`Dance::release`] |
//! | [`Dance::commit_as`] (commit an option's other items, purifying coloured ones) | [`Dance::undo_as`], then [`Dance::release_as`] |
//! | [`Dance::tweak`] (Algorithm M: an option tried, out of its item's list) | [`Dance::undo_as`] |
//! | [`Dance::deactivate`] (M's null move) | [`Dance::release`] |
//! | [`Dance::begin_branch`] (M4) | [`Dance::end_branch`] (M8) |
//!
//! Every link the dance changes goes on the trail, and so does every node
//! a purification cleanses; the undo replays the trail backwards. What the
//! trail does not hold (covered marks, bounds, the count of active items)
//! is restored by the undo of the same step.

use super::choice::{choose, choose_bounded, choose_sharp};
use std::marker::PhantomData;

use super::{Family, Links, Meta, Node, Xc, CLEANSED, COVERED, RECOLOR, SECONDARY_BASE};

impl Links {
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
    pub fn dance<R>(&mut self, f: impl FnOnce(&mut Dance<'_, Xc>) -> R) -> R {
        self.dance_as::<Xc, R>(f)
    }

    /// [`dance`](Self::dance) for the family `F`, whose steps need the
    /// arena's colours (`F::COLORS`) or bounds (`F::BOUNDS`): checked here,
    /// once, so the dance may read them unchecked.
    ///
    /// # Panics
    /// If the arena has no colours or bounds and `F` needs them.
    #[inline(always)]
    pub fn dance_as<F: Family, R>(&mut self, f: impl FnOnce(&mut Dance<'_, F>) -> R) -> R {
        assert!(
            !F::COLORS || self.color.len() == self.nodes.len(),
            "a colour search on an arena without colours"
        );
        assert!(
            !F::BOUNDS
                || (self.bound.len() == self.len.len() && self.slack.len() == self.len.len()),
            "a bounded search on an arena without bounds"
        );
        // The trail holds each node at most once as a hidden node (see
        // `Dance::hide`) and, with colours, at most once more as a cleansed
        // one (a selected or tweaked option may take a cleansed node out of
        // its column): this size is what makes its unchecked pushes sound.
        let room = self.nodes.len() * if F::COLORS { 2 } else { 1 };
        if self.trail.len() < room {
            self.trail.resize(room, 0);
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
            open,
            place,
            sharp,
        } = self;
        let mut dance = Dance {
            nodes,
            meta,
            len,
            trail,
            color,
            bound,
            slack,
            open,
            place,
            sharp,
            cleansings: 0,
            recolors: 0,
            primaries: *primaries,
            active: *active,
            zeros: *zeros,
            top: *top,
            home: Home { active, zeros, top },
            family: PhantomData,
        };
        let result = f(&mut dance);
        dance.save();
        result
    }
}

/// The arena while it dances: its arrays borrowed apart, its counters in
/// locals (see [`Links::dance`]). Access is unchecked (see [`Dance::at`]):
/// its one user, the solver, passes only items of the compiled matrix's
/// options, items MRV chose and nodes it read from their columns.
pub(crate) struct Dance<'a, F: Family> {
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
    /// See [`Links::open`].
    open: &'a mut [u32],
    /// See [`Links::place`].
    place: &'a mut [u32],
    /// See [`Links::sharp`].
    sharp: &'a [bool],
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
    /// The problems this dance is for: plain, colours, bounds or both. The
    /// arena has what `F` needs (checked by [`Links::dance_as`]).
    family: PhantomData<F>,
}

/// Where a [`Dance`]'s counters live between dances.
struct Home<'a> {
    active: &'a mut u32,
    zeros: &'a mut u32,
    top: &'a mut u32,
}

impl<F: Family> Dance<'_, F> {
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
        let lens = &self.len[1..=self.primaries as usize];
        if self.sharp.is_empty() {
            choose(lens, self.zeros)
        } else {
            choose_sharp(lens, &self.sharp[1..=self.primaries as usize])
        }
    }

    /// Whether `item` is covered.
    #[inline(always)]
    pub fn is_covered(&self, item: u32) -> bool {
        self.len[item as usize] & COVERED != 0
    }

    /// The node below `x` in its column.
    ///
    /// # Panics
    /// If `x` is not a node of the arena (as every method does that takes
    /// a node or an item from outside this module: see [`at`](Self::at)).
    #[inline(always)]
    pub fn down(&self, x: u32) -> u32 {
        self.nodes[x as usize].down
    }

    /// The item of node `x` (0 for spacers and headers).
    #[inline(always)]
    pub fn item(&self, x: u32) -> u32 {
        self.meta[x as usize].item
    }

    /// Checks a node given from outside this module, once, so the walks
    /// that start from it may index unchecked (see [`at`](Self::at)).
    #[inline(always)]
    fn check_node(&self, x: u32) {
        assert!((x as usize) < self.nodes.len(), "no node {x}");
    }

    /// Checks an item given from outside this module (see
    /// [`check_node`](Self::check_node)).
    #[inline(always)]
    fn check_item(&self, item: u32) {
        assert!((item as usize) < self.len.len(), "no item {item}");
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
    /// keeps the invariant that every `up`, `down` and `next` stored in it
    /// is an index into `nodes` and every `item` an index into `len`.
    /// `clear` stores only header self-links and the spacer's 0;
    /// `push_options` asserts its items and links only to nodes that exist;
    /// the dance only stores values read from the arena. Every index used
    /// here was read from the arena (a link, an item, a `next`, a trail
    /// entry, which `hide` and `purify` write from node numbers they read)
    /// or came from outside this module through a public method that
    /// checked it once ([`check_node`](Self::check_node),
    /// [`check_item`](Self::check_item)) or indexed with a check. The
    /// arena's fields are private to the `arena` module (this file and its
    /// parent), so nothing else can break the invariant.
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
        self.check_item(item);
        self.cover_counting::<false>(item)
    }

    /// Covers `item`: hides every option in its column. The nodes taken out
    /// of their columns are the trail's growth (see [`mark`](Self::mark)).
    /// Undone by [`undo_as`](Self::undo_as) a mark taken before, then
    /// [`release`](Self::release) (the pair is Knuth's `cover` and
    /// `uncover`). For the family `F`: with colours, cleansed nodes stay
    /// where they are; with bounds, [`zeros`](Self::zeros) is not kept (the
    /// bounded choice looks at every length itself).
    #[inline(always)]
    pub fn cover_as(&mut self, item: u32) {
        self.check_item(item);
        self.cover_in(item)
    }

    /// [`cover_as`](Self::cover_as) an item read from the arena.
    #[inline(always)]
    fn cover_in(&mut self, item: u32) {
        if F::BOUNDS {
            self.cover_counting::<false>(item)
        } else {
            self.cover_counting::<true>(item)
        }
    }

    /// Sets [`zeros`](Self::zeros) from the lengths.
    pub fn recount_zeros(&mut self) {
        let lens = &self.len[1..=self.primaries as usize];
        self.zeros = lens.iter().map(|&l| u32::from(l == 0)).sum();
    }

    #[inline(always)]
    fn cover_counting<const ZEROS: bool>(&mut self, item: u32) {
        // Counted by the column's length rather than ended at the header:
        // the count is known before the walk starts, so when the branch
        // predictor guesses the column's end wrong (it cannot know it) the
        // mistake shows at once, not after the load of the next `down`.
        // An uncovered item's length, less a secondary's base.
        let options = *self.len_mut(item) & (SECONDARY_BASE - 1);
        let mut p = self.at(item).down;
        for _ in 0..options {
            self.hide::<ZEROS>(p);
            p = self.at(p).down;
        }
        if F::BOUNDS && item <= self.primaries {
            self.close(item);
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
    /// restored; so no node is on the trail twice as a hidden node, and the
    /// trail never holds more entries than the arena has nodes, twice that
    /// with colours (its length, see [`Links::dance_as`]).
    ///
    /// With colours, a cleansed node stays in its column (Knuth's DLX2
    /// `hide`): that column was purified and is read again only to undo the
    /// purification, which looks at the cleansed marks, not at the links.
    #[inline]
    fn hide<const ZEROS: bool>(&mut self, p: u32) {
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
        self.undo_as(mark)
    }

    /// [`undo_to`](Self::undo_to) for the family `F`: with colours, trail
    /// entries tagged [`RECOLOR`] clear a node's cleansed mark.
    #[inline]
    pub fn undo_as(&mut self, mark: u32) {
        debug_assert!(mark <= self.top);
        let mut top = self.top as usize;
        while top > mark as usize {
            top -= 1;
            // SAFETY: `top` < `self.top` <= trail length; entries below
            // `self.top` are nodes `hide` wrote.
            let q = unsafe { *self.trail.get_unchecked(top) };
            if F::COLORS && q & RECOLOR != 0 {
                let q = q & !RECOLOR;
                *self.color_mut(q) &= !CLEANSED;
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
        self.check_item(item);
        self.release_in(item);
    }

    /// [`release`](Self::release) an item read from the arena.
    #[inline(always)]
    fn release_in(&mut self, item: u32) {
        *self.len_mut(item) &= !COVERED;
        self.active += u32::from(item <= self.primaries);
    }

    /// Commits every item of the option of node `x` except `x`'s own (X5,
    /// Knuth's `commit`), for the family `F`: a plain item is covered; a primary item with bounds loses one of its `bound` and is
    /// covered when none is left; a secondary item with a colour is
    /// purified to it, unless an earlier purification already cleansed
    /// this node; any other item is covered.
    #[inline]
    pub fn commit_as(&mut self, x: u32) {
        self.check_node(x);
        let mut p = self.meta_at(x).next;
        while p != x {
            let Meta { item, next } = self.meta_at(p);
            self.commit_node(p, item);
            p = next;
        }
    }

    /// Commits the item `item` of node `p` (see [`commit_as`](Self::commit_as)).
    #[inline(always)]
    fn commit_node(&mut self, p: u32, item: u32) {
        if F::BOUNDS && item <= self.primaries {
            let bound = self.bound_mut(item);
            *bound -= 1;
            if *bound == 0 {
                self.cover_in(item);
            }
        } else if F::COLORS && item > self.primaries && self.color_at(p) != 0 {
            if self.color_at(p) & CLEANSED == 0 {
                self.purify(p);
            }
        } else {
            self.cover_in(item);
        }
    }

    /// Whether node `x`'s option could still join the partial solution as
    /// far as `x` goes: its item is open and `x` is in its list (a hidden
    /// option has left every list but the one being covered, and a
    /// selected one every list).
    pub fn is_selectable(&self, x: u32) -> bool {
        self.check_node(x);
        let item = self.meta_at(x).item;
        !self.is_covered(item) && self.at(self.at(x).up).down == x
    }

    /// Puts the option whose first node is `first` into the partial
    /// solution for good (a given): out of every list, so no level chooses
    /// it again, and every one of its items committed.
    pub fn take_option(&mut self, first: u32) {
        self.check_node(first);
        self.tweak(first, true);
        let item = self.meta_at(first).item;
        self.commit_node(first, item);
        self.commit_as(first);
    }

    /// Takes the option whose first node is `first` out of every list it is
    /// still in, so no level chooses it (an option excluded from the
    /// solutions); its items stay open. Undone by the trail. A node already
    /// out of its column (its option hidden by a cover) is left out.
    pub fn drop_option(&mut self, first: u32) {
        self.check_node(first);
        let mut q = first;
        loop {
            let (Node { up, down }, Meta { item, next }) = (self.at(q), self.meta_at(q));
            if self.at(up).down == q {
                self.set_down(up, down);
                self.set_up(down, up);
                *self.len_mut(item) -= 1;
                self.push_trail(q);
            }
            q = next;
            if q == first {
                break;
            }
        }
    }

    /// The item a search would branch on next, the nodes of the options it
    /// would try, in order, and whether it would try the null move after
    /// them (with bounds: give the item no more options): `None` when no
    /// open primary item is left (a solution), no options and no null move
    /// at a dead end. With bounds the branches are exactly the item's
    /// branching degree (Knuth's DLX3): its first options while enough are
    /// left to meet its lower bound, and the null move only when the bound
    /// allows it.
    pub fn next_branch(&self) -> Option<(u32, Vec<u32>, bool)> {
        if self.active == 0 {
            return None;
        }
        let (item, degree) = if F::BOUNDS {
            let (item, degree) = self.choose_bounded();
            if degree <= 0 {
                return Some((item, Vec::new(), false));
            }
            (item, degree as u64)
        } else {
            let lens = &self.len[1..=self.primaries as usize];
            if lens.contains(&0) {
                return Some((0, Vec::new(), false));
            }
            let item = self.choose();
            (item, u64::from(self.len_of(item)))
        };
        let mut nodes = Vec::new();
        let mut x = self.at(item).down;
        while x != item && (nodes.len() as u64) < degree {
            nodes.push(x);
            x = self.at(x).down;
        }
        let null = F::BOUNDS && degree > nodes.len() as u64;
        Some((item, nodes, null))
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
    pub fn release_as(&mut self, x: u32) {
        self.check_node(x);
        let mut p = self.meta_at(x).next;
        while p != x {
            let Meta { item, next } = self.meta_at(p);
            if F::BOUNDS && item <= self.primaries {
                if *self.bound_mut(item) == 0 {
                    self.release_in(item);
                }
                *self.bound_mut(item) += 1;
            } else if !(F::COLORS && item > self.primaries && self.color_at(p) != 0) {
                self.release_in(item);
            }
            p = next;
        }
    }

    /// Knuth's `purify`: the secondary item of node `p` takes `p`'s colour.
    /// Every other option in its column with another colour (or none) is
    /// hidden; every one with the same colour is cleansed, so it can share
    /// the item and no one purifies the column again. Undone by the trail.
    #[inline]
    fn purify(&mut self, p: u32) {
        let item = self.meta_at(p).item;
        let color = self.color_at(p);
        self.cleansings += 1;
        // Hiding other options never changes this column's own links.
        let options = self.len[item as usize] & (SECONDARY_BASE - 1);
        let mut r = self.at(item).down;
        for _ in 0..options {
            if self.color_at(r) != color {
                if F::BOUNDS {
                    self.hide::<false>(r);
                } else {
                    self.hide::<true>(r);
                }
            } else if r != p {
                *self.color_mut(r) |= CLEANSED;
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
        debug_assert!(F::COLORS && (x as usize) < self.color.len());
        // SAFETY: a colour family's dance has one colour per node (checked
        // by `Links::dance_as`), and `x` is a node (see `at`).
        unsafe { *self.color.get_unchecked(x as usize) }
    }

    /// The colour of node `x`, to change its [`CLEANSED`] bit (see
    /// [`color_at`](Self::color_at)).
    #[inline(always)]
    fn color_mut(&mut self, x: u32) -> &mut u32 {
        debug_assert!(F::COLORS && (x as usize) < self.color.len());
        // SAFETY: as `color_at`.
        unsafe { self.color.get_unchecked_mut(x as usize) }
    }

    /// How many more options may cover item `item` (bounded families):
    /// the item was read from the arena or checked (see `at`).
    #[inline(always)]
    fn bound_mut(&mut self, item: u32) -> &mut u32 {
        debug_assert!(F::BOUNDS && (item as usize) < self.bound.len());
        // SAFETY: a bounded family's dance has one bound per item (checked
        // by `Links::dance_as`), and `item` is an item (see `at`).
        unsafe { self.bound.get_unchecked_mut(item as usize) }
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
    pub fn tweak(&mut self, x: u32, block: bool) {
        self.check_node(x);
        // Without bounds (a selection by `take_option`) the count of empty
        // columns is kept, as every cover keeps it.
        if block {
            if F::BOUNDS {
                self.hide::<false>(x);
            } else {
                self.hide::<true>(x);
            }
        }
        let (Node { up, down }, item) = (self.at(x), self.meta_at(x).item);
        self.set_down(up, down);
        self.set_up(down, up);
        let len = self.len_mut(item);
        *len -= 1;
        let emptied = !F::BOUNDS && *len == 0;
        self.zeros += u32::from(emptied);
        self.push_trail(x);
    }

    /// Takes an open `item` out of the active list without covering it:
    /// the search has chosen to give it no more options (its list is
    /// empty). Undone by [`release`](Self::release).
    #[inline]
    pub fn deactivate(&mut self, item: u32) {
        self.check_item(item);
        self.close(item);
        *self.len_mut(item) |= COVERED;
        self.active -= 1;
    }

    /// Moves open primary `item` to the end of the open items, just
    /// before `active` drops past it (see [`Links::open`]); reopening is
    /// `active` rising again.
    #[inline(always)]
    fn close(&mut self, item: u32) {
        debug_assert!(F::BOUNDS && item <= self.primaries && self.active > 0);
        let last = self.active - 1;
        let at = self.place[item as usize];
        let other = self.open[last as usize];
        self.open[at as usize] = other;
        self.place[other as usize] = at;
        self.open[last as usize] = item;
        self.place[item as usize] = last;
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
    pub fn begin_branch(&mut self, item: u32) {
        self.check_item(item);
        *self.bound_mut(item) -= 1;
        if *self.bound_mut(item) == 0 {
            self.cover_as(item);
        }
    }

    /// Ends the level on `item` begun by [`begin_branch`](Self::begin_branch)
    /// at trail mark `mark` (Knuth's M8): its tweaks and cover undone, its
    /// bound back.
    #[inline]
    pub fn end_branch(&mut self, item: u32, mark: u32) {
        self.undo_as(mark);
        self.check_item(item);
        if *self.bound_mut(item) == 0 {
            self.release_in(item);
        }
        *self.bound_mut(item) += 1;
    }

    /// The item Algorithm M branches on, and its branching degree (Knuth's
    /// DLX3): the active primary item of least `len + s - bound + 1`, where
    /// `s` is the smaller of its slack and bound; ties go to the smaller
    /// `s`, then the longer list (which Knuth found gives smaller trees),
    /// then the first. A degree of 0 or less means the item cannot reach
    /// its lower bound. Requires `active > 0`.
    #[inline]
    pub fn choose_bounded(&self) -> (u32, i64) {
        choose_bounded(
            &self.open[..self.active as usize],
            self.len,
            self.bound,
            self.slack,
            self.sharp,
        )
    }
}
