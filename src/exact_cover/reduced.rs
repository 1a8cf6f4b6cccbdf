//! [`ReducedSolver`]: Algorithm X on an arena built afresh for each
//! instance, for front-ends that reduce each instance themselves.
//!
//! A [`Solver`](super::Solver) copies its matrix's whole starting arena for
//! every instance and covers the instance's givens one link update at a
//! time. A front-end that already knows, cheaply, what the givens and the
//! moves they force leave open (the Sudoku solver finds them with bitmasks)
//! can instead list just the items and options that are left, and this
//! solver links only those: a few hundred nodes where the full 9x9 Sudoku
//! arena has 3,700 (measured in `benches/README.md`).

use std::ops::ControlFlow;

use super::arena::{Links, NO_OPTION};
use super::search::{run_search, unwind, Level, Limits, Report, SearchState};

/// Solves small exact-cover problems stated by item numbers, rebuilt in
/// place for each instance: [`clear`](ReducedSolver::clear), then
/// [`add_option`](ReducedSolver::add_option) per option, then
/// [`search`](ReducedSolver::search). The buffers are kept between
/// instances, so a front-end keeps one per thread.
///
/// The search is the same as [`Solver`](super::Solver)'s: the same MRV
/// rule (the first primary item with the fewest options), options tried in
/// the order they were added, the same [`Report`]. A front-end that keeps
/// the order of its items and options when it leaves some out therefore
/// gets the same search tree as the full problem would give from the same
/// state.
///
/// ```
/// use dlx_engine::exact_cover::{Limits, ReducedSolver};
///
/// // Cover items 0, 1 and 2 (primary); item 3 secondary.
/// let mut solver = ReducedSolver::new();
/// solver.clear(4, 3);
/// solver.add_option(&[0, 1]);    // option 0
/// solver.add_option(&[2, 3]);    // option 1
/// solver.add_option(&[1, 2]);    // option 2
/// solver.add_option(&[0]);       // option 3
/// assert_eq!(solver.first_solution(), Some(vec![0, 1]));
/// assert_eq!(solver.count(Limits::none()).solutions, 2);
/// ```
#[derive(Clone)]
pub struct ReducedSolver {
    links: Links,
    /// Option number of every node ([`NO_OPTION`] for headers and spacers).
    node_option: Vec<u32>,
    /// Items of the current problem.
    items: usize,
    /// Options added since the last `clear`.
    options: u32,
    /// Node chosen at each level of the current search.
    stack: Vec<u32>,
    /// What undoes each level of `stack`.
    levels: Vec<Level>,
    /// Buffer the visitor sees.
    solution: Vec<usize>,
    /// Link updates since the last `clear`.
    dirty: u64,
    /// Arena items (1-based) of the options being added, concatenated.
    slots: Vec<u32>,
    /// Where each option being added ends in `slots`.
    ends: Vec<u32>,
    /// Per item, the number of the last option that named it: finds an
    /// item named twice in one option without clearing anything.
    last_seen: Vec<u32>,
}

/// Sizes only, not the arena.
impl std::fmt::Debug for ReducedSolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ReducedSolver")
            .field("items", &self.items)
            .field("primaries", &self.links.primaries)
            .field("options", &self.options)
            .field("search_depth", &self.stack.len())
            .finish_non_exhaustive()
    }
}

impl Default for ReducedSolver {
    fn default() -> Self {
        let mut solver = ReducedSolver {
            links: Links::empty(0, 0, 0),
            node_option: Vec::new(),
            items: 0,
            options: 0,
            stack: Vec::new(),
            levels: Vec::new(),
            solution: Vec::new(),
            dirty: 0,
            slots: Vec::new(),
            ends: Vec::new(),
            last_seen: Vec::new(),
        };
        solver.clear(0, 0);
        solver
    }
}

impl ReducedSolver {
    /// A solver with an empty problem (no items, no options: one empty
    /// solution).
    pub fn new() -> Self {
        ReducedSolver::default()
    }

    /// Starts a new problem of `items` items, numbered from 0, of which
    /// the first `primaries` are primary (covered exactly once) and the
    /// rest secondary (at most once). Any earlier problem and search are
    /// dropped; the buffers are kept.
    ///
    /// # Panics
    /// If `primaries > items`, or `items` does not fit the arena's 32-bit
    /// node numbers.
    pub fn clear(&mut self, items: usize, primaries: usize) {
        assert!(
            primaries <= items,
            "{primaries} primary items of only {items} items"
        );
        assert!(items < (1 << 29), "{items} items do not fit the arena");
        self.links.clear(items, primaries);
        self.node_option.clear();
        // The headers and the first spacer.
        self.node_option.resize(items + 2, NO_OPTION);
        self.items = items;
        self.options = 0;
        self.stack.clear();
        self.levels.clear();
        self.dirty = 0;
        self.last_seen.clear();
        self.last_seen.resize(items, u32::MAX);
    }

    /// Adds an option covering `items` (numbers below the `items` given to
    /// [`clear`](ReducedSolver::clear), each at most once) and returns its
    /// number: options are numbered from 0 in the order they are added, and
    /// tried in that order. Undoes an unfinished search first.
    ///
    /// # Panics
    /// If `items` is empty, names an item out of range or one twice, or the
    /// arena would outgrow its 32-bit node numbers.
    pub fn add_option(&mut self, items: &[usize]) -> usize {
        self.load_more([items]);
        self.options as usize - 1
    }

    /// [`clear`](ReducedSolver::clear)s, then adds each of `options` in
    /// order, as [`add_option`](ReducedSolver::add_option) would, in one
    /// pass: the way to state a whole problem at once.
    ///
    /// # Panics
    /// As `clear` and `add_option`.
    pub fn load<I>(&mut self, items: usize, primaries: usize, options: I)
    where
        I: IntoIterator,
        I::Item: AsRef<[usize]>,
    {
        self.clear(items, primaries);
        self.load_more(options);
    }

    /// [`load`](ReducedSolver::load) for a front-end that lists its options
    /// itself, all of one `size`: `slots` holds their items in order,
    /// numbered from 1 as the arena numbers them (`size` per option). Saves
    /// the copy through per-option slices that `load` makes; checked all the
    /// same.
    ///
    /// # Panics
    /// As `load`, and if `slots` is not a whole number of options.
    pub(crate) fn load_slots(
        &mut self,
        items: usize,
        primaries: usize,
        size: usize,
        slots: &[u32],
    ) {
        self.clear(items, primaries);
        assert!(size > 0, "an option needs at least one item");
        assert_eq!(slots.len() % size, 0, "options of {size} items");
        let options = slots.len() / size;
        assert!(
            self.node_option.len() + slots.len() + options < (1 << 30),
            "the arena is full"
        );
        for (number, option) in (0u32..).zip(slots.chunks_exact(size)) {
            for &slot in option {
                check_item(
                    slot.wrapping_sub(1) as usize,
                    items,
                    number,
                    &mut self.last_seen,
                );
            }
        }
        self.ends.clear();
        self.ends
            .extend((1..=options as u32).map(|k| k * size as u32));
        self.links.builder().push_options(slots, &self.ends);
        // Options of one size: their nodes numbered a whole chunk at a time
        // (`number_nodes`, one option at a time, cost 2% more here).
        let start = self.node_option.len();
        self.node_option
            .resize(start + slots.len() + options, NO_OPTION);
        for (number, nodes) in (0u32..).zip(self.node_option[start..].chunks_exact_mut(size + 1)) {
            nodes[..size].fill(number);
        }
        self.options = options as u32;
    }

    fn load_more<I>(&mut self, options: I)
    where
        I: IntoIterator,
        I::Item: AsRef<[usize]>,
    {
        self.unwind_search();
        // Checked and listed first, then linked in one pass.
        self.slots.clear();
        self.ends.clear();
        let first_new = self.options;
        self.options = list_options(
            options,
            self.items,
            first_new,
            self.node_option.len(),
            &mut self.last_seen,
            &mut self.slots,
            &mut self.ends,
        );
        self.links.builder().push_options(&self.slots, &self.ends);
        self.number_nodes(first_new);
    }

    /// Notes the option number of the nodes just appended for the options
    /// whose ends are in `ends`, numbered from `first`, then their spacers.
    fn number_nodes(&mut self, first: u32) {
        let mut start = 0;
        for (number, &end) in (first..).zip(&self.ends) {
            let size = end as usize - start;
            self.node_option
                .extend(std::iter::repeat(number).take(size));
            self.node_option.push(NO_OPTION);
            start = end as usize;
        }
    }

    /// Number of items of the current problem.
    pub fn items(&self) -> usize {
        self.items
    }

    /// Number of options added since the last [`clear`](ReducedSolver::clear).
    pub fn options(&self) -> usize {
        self.options as usize
    }

    /// Link updates made since the last [`clear`](ReducedSolver::clear), in
    /// the unit of [`Stats::updates`](super::Stats::updates).
    pub fn link_updates(&self) -> u64 {
        self.dirty
    }

    /// Runs Algorithm X, calling `visit` with the option numbers of each
    /// solution (by level); `visit` returns `Break` to stop. As
    /// [`Solver::search`](super::Solver::search), with no pre-selected
    /// options; a second search starts again from the whole problem.
    pub fn search<F>(&mut self, limits: Limits, visit: F) -> Report
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        self.unwind_search();
        let state = SearchState {
            links: &mut self.links,
            stack: &mut self.stack,
            levels: &mut self.levels,
            selected: &[],
            solution: &mut self.solution,
            dirty: &mut self.dirty,
            node_option: &self.node_option,
        };
        run_search(state, limits, visit)
    }

    /// Counts solutions within `limits` (see [`Solver::count`](super::Solver::count)).
    pub fn count(&mut self, limits: Limits) -> Report {
        self.search(limits, |_| ControlFlow::Continue(()))
    }

    /// The first solution, if any.
    pub fn first_solution(&mut self) -> Option<Vec<usize>> {
        super::search::first_solution_of(|limits, visit| self.search(limits, visit))
    }

    fn unwind_search(&mut self) {
        if !self.stack.is_empty() {
            unwind(&mut self.links, &mut self.stack, &mut self.levels);
        }
    }
}

/// Checks `options` (items below `items`, none twice in an option, none
/// empty) and lists their arena items (1-based) in `slots`, each option's
/// end in `ends`; numbers them from `first` and returns the next number.
/// `nodes` is the size of the arena so far.
///
/// A function of its own so that its vectors are separate arguments: as
/// fields of one `&mut self`, the compiler had to assume every store to
/// `last_seen` might change `slots`' length.
fn list_options<I>(
    options: I,
    items: usize,
    first: u32,
    nodes: usize,
    last_seen: &mut [u32],
    slots: &mut Vec<u32>,
    ends: &mut Vec<u32>,
) -> u32
where
    I: IntoIterator,
    I::Item: AsRef<[usize]>,
{
    let mut number = first;
    for option in options {
        let option = option.as_ref();
        assert!(!option.is_empty(), "an option needs at least one item");
        for &item in option {
            check_item(item, items, number, last_seen);
            slots.push(item as u32 + 1);
        }
        assert!(
            nodes + slots.len() + ends.len() < (1 << 30),
            "the arena is full"
        );
        ends.push(slots.len() as u32);
        number += 1;
    }
    number
}

/// Checks that `item` (0-based) is one of the problem's `items` and not
/// named twice in option `number`, noting it in `last_seen`.
#[inline(always)]
fn check_item(item: usize, items: usize, number: u32, last_seen: &mut [u32]) {
    assert!(
        item < items,
        "no item {item}: the problem has {items} items"
    );
    assert!(
        last_seen[item] != number,
        "item {item} appears twice in option {number}"
    );
    last_seen[item] = number;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact_cover::{End, Problem, Solver};
    use crate::problems::{langford_pairs, n_queens};

    /// The problem's options in a reduced solver, items renumbered with
    /// the primaries first as the compiled arena numbers them.
    fn load(solver: &mut ReducedSolver, problem: &Problem) {
        let items = problem.items();
        let primaries: Vec<usize> = (0..items.len())
            .filter(|&i| items[i].kind == crate::exact_cover::ItemKind::Primary)
            .collect();
        let secondaries = (0..items.len()).filter(|i| !primaries.contains(i));
        let mut number = vec![0; items.len()];
        for (k, i) in primaries.iter().copied().chain(secondaries).enumerate() {
            number[i] = k;
        }
        solver.clear(items.len(), primaries.len());
        for k in 0..problem.options() {
            let option: Vec<usize> = problem.option(k).map(|i| number[i]).collect();
            solver.add_option(&option);
        }
    }

    #[test]
    fn same_reports_as_the_compiled_solver() {
        let mut reduced = ReducedSolver::new();
        for problem in [
            n_queens(8),
            n_queens(6),
            langford_pairs(7),
            langford_pairs(5),
        ] {
            let mut solver = Solver::new(&problem.compile().unwrap());
            load(&mut reduced, &problem);
            for limits in [
                Limits::none(),
                Limits::solutions(3),
                Limits::none().with_max_nodes(50),
            ] {
                assert_eq!(reduced.count(limits), solver.count(limits));
            }
            assert_eq!(reduced.first_solution(), solver.first_solution());
        }
    }

    #[test]
    fn slots_of_one_size_load_as_options_do() {
        // 6-queens without its diagonals: rows and columns, two items each.
        let options: Vec<[usize; 2]> = (0..6)
            .flat_map(|r| (0..6).map(move |c| [r, 6 + c]))
            .collect();
        let slots: Vec<u32> = options.iter().flatten().map(|&i| i as u32 + 1).collect();
        let mut listed = ReducedSolver::new();
        listed.load(12, 12, &options);
        let mut flat = ReducedSolver::new();
        flat.load_slots(12, 12, 2, &slots);
        assert_eq!(flat.options(), 36);
        assert_eq!(flat.count(Limits::none()), listed.count(Limits::none()));
        assert_eq!(flat.count(Limits::none()).solutions, 720);
        assert_eq!(flat.first_solution(), listed.first_solution());
    }

    #[test]
    #[should_panic(expected = "item 0 appears twice in option 1")]
    fn slots_with_an_item_twice_panic() {
        ReducedSolver::new().load_slots(3, 3, 2, &[1, 2, 1, 1]);
    }

    #[test]
    #[should_panic(expected = "no item 3: the problem has 3 items")]
    fn slots_out_of_range_panic() {
        ReducedSolver::new().load_slots(3, 3, 2, &[1, 2, 3, 4]);
    }

    #[test]
    fn a_stopped_search_is_undone_before_the_next() {
        let mut reduced = ReducedSolver::new();
        load(&mut reduced, &n_queens(8));
        let first = reduced.count(Limits::solutions(5));
        assert_eq!((first.solutions, first.end), (5, End::Stopped));
        assert_eq!(reduced.count(Limits::none()).solutions, 92);
        // Adding an option after a stopped search undoes it first.
        reduced.count(Limits::solutions(1));
        reduced.add_option(&[0, 8]);
        assert_eq!(reduced.options(), n_queens(8).options() + 1);
    }

    #[test]
    fn secondary_items_and_empty_problems() {
        let mut reduced = ReducedSolver::new();
        assert_eq!(reduced.first_solution(), Some(vec![]));
        reduced.clear(3, 1);
        reduced.add_option(&[1, 2]);
        reduced.add_option(&[0, 1]);
        reduced.add_option(&[0, 2]);
        let report = reduced.count(Limits::none());
        assert_eq!(report.solutions, 2);
        // A primary item no option covers: no solution, no node.
        reduced.clear(2, 2);
        reduced.add_option(&[0]);
        let report = reduced.count(Limits::none());
        assert_eq!((report.solutions, report.stats.nodes), (0, 0));
    }

    #[test]
    #[should_panic(expected = "item 1 appears twice in option 0")]
    fn an_item_twice_in_an_option_panics() {
        let mut reduced = ReducedSolver::new();
        reduced.clear(2, 2);
        reduced.add_option(&[1, 0, 1]);
    }

    #[test]
    #[should_panic(expected = "no item 5: the problem has 2 items")]
    fn an_item_out_of_range_panics() {
        let mut reduced = ReducedSolver::new();
        reduced.clear(2, 2);
        reduced.add_option(&[5]);
    }

    #[test]
    fn a_clone_rebuilt_leaves_the_original_alone() {
        let mut reduced = ReducedSolver::new();
        load(&mut reduced, &n_queens(6));
        let mut copy = reduced.clone();
        copy.clear(1, 1);
        copy.add_option(&[0]);
        assert_eq!(copy.count(Limits::none()).solutions, 1);
        assert_eq!(reduced.count(Limits::none()).solutions, 4);
    }
}
