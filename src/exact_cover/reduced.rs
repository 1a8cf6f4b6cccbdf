//! [`ReducedSolver`]: Algorithm X on an arena built afresh for each
//! instance, for front-ends that reduce each instance themselves.
//!
//! A [`Solver`](super::Solver) copies its matrix's whole starting arena for
//! every instance and covers the instance's givens one link update at a
//! time. A front-end that already knows, cheaply, what the givens and the
//! moves they force leave open (the Sudoku solver finds them with bitmasks)
//! can instead list just the items and options that are left, and this
//! solver links only those: a few hundred nodes where the full 9x9 Sudoku
//! arena has 3,700 (measured in `docs/perf-log.md`, "Thirteenth pass").

use std::ops::ControlFlow;

use super::arena::Xc;
use super::arena::{Links, NO_OPTION};
use super::limits::Limits;
use super::matrix::Matrix;
use super::problem::ProblemError;
use super::report::{Conflict, Report};
use super::search::{run_search, unwind, Level, SearchState};

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
    /// Per item, the stamp of the last option checked that named it: finds
    /// an item named twice in one option without clearing anything.
    last_seen: Vec<u32>,
    /// Stamp of the last option checked (see [`Checker`]).
    stamp: u32,
    /// Options of the matrix selected by [`load_after`](Self::load_after),
    /// reported first in every solution; empty for a problem stated by
    /// `clear` and `add_option`.
    selected: Vec<u32>,
    /// Whether the problem is a matrix's remainder ([`load_after`]), whose
    /// options carry the matrix's numbers: `add_option` cannot number more.
    ///
    /// [`load_after`]: Self::load_after
    from_matrix: bool,
    /// Per arena item of the matrix last given to `load_after`, its number
    /// in the remainder (1-based), or 0 once a selected option covers it.
    renumber: Vec<u32>,
    /// Per option of that matrix, whether a selected option rules it out.
    ruled_out: Vec<bool>,
    /// The node the last search was about to try when its node budget
    /// stopped it, 0 if it ended otherwise (see [`untried`](Self::untried)).
    pending: u32,
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
            stamp: 0,
            selected: Vec::new(),
            from_matrix: false,
            renumber: Vec::new(),
            ruled_out: Vec::new(),
            pending: 0,
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
    /// If `primaries > items`, or `items` is 2^29 or more (the arena's
    /// limit).
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
        self.last_seen.resize(items, 0);
        self.stamp = 0;
        self.selected.clear();
        self.from_matrix = false;
        self.pending = 0;
    }

    /// Adds an option covering `items` (numbers below the `items` given to
    /// [`clear`](ReducedSolver::clear), each at most once) and returns its
    /// number: options are numbered from 0 in the order they are added, and
    /// tried in that order. Undoes an unfinished search first.
    ///
    /// Knuth's rule: an option is chosen through one of its primary items,
    /// so one of secondary items alone could never be; it is refused, as
    /// [`Problem::add_option`](super::Problem::add_option) refuses it.
    ///
    /// # Panics
    /// If `items` is empty, names an item out of range or one twice, or
    /// names no primary item, or the arena would outgrow its 32-bit node
    /// numbers (a caught panic leaves the problem as it was); or if the
    /// problem is a
    /// matrix's remainder ([`load_after`](Self::load_after)), whose options
    /// are numbered as the matrix's.
    pub fn add_option(&mut self, items: &[usize]) -> usize {
        assert!(
            !self.from_matrix,
            "add_option after load_after: the options are the matrix's; clear first"
        );
        self.load_more([items]);
        self.options as usize - 1
    }

    /// [`add_option`](ReducedSolver::add_option) for options that come
    /// from data (a file, a user): an option the problem cannot take is an
    /// error, as [`Problem::add_option`](super::Problem::add_option)
    /// reports it, and the problem is left as it was. Items are named by
    /// their numbers in the errors.
    ///
    /// # Errors
    /// [`ProblemError::EmptyOption`], [`ProblemError::ItemOutOfRange`],
    /// [`ProblemError::RepeatedItem`], [`ProblemError::NoPrimaryItem`], or
    /// [`ProblemError::TooLarge`] when the arena would outgrow its node
    /// numbers.
    ///
    /// # Panics
    /// If the problem is a matrix's remainder
    /// ([`load_after`](Self::load_after)): a caller's mistake, not the
    /// data's.
    pub fn try_add_option(&mut self, items: &[usize]) -> Result<usize, ProblemError> {
        let option = self.options();
        if items.is_empty() {
            return Err(ProblemError::EmptyOption { option });
        }
        if let Some(&item) = items.iter().find(|&&item| item >= self.items) {
            return Err(ProblemError::ItemOutOfRange(item));
        }
        let mut sorted = items.to_vec();
        sorted.sort_unstable();
        if let Some(pair) = sorted.windows(2).find(|pair| pair[0] == pair[1]) {
            return Err(ProblemError::RepeatedItem(pair[0].to_string()));
        }
        if sorted[0] >= self.links.primaries as usize {
            let names: Vec<String> = items.iter().map(usize::to_string).collect();
            return Err(ProblemError::NoPrimaryItem {
                option,
                items: names.join(" "),
            });
        }
        let nodes = self.node_option.len() + items.len() + 1;
        if nodes >= 1 << 30 {
            return Err(ProblemError::TooLarge(nodes));
        }
        Ok(self.add_option(items))
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
        let mut checker = Checker {
            items,
            primaries,
            last_seen: &mut self.last_seen,
            stamp: &mut self.stamp,
        };
        for (number, option) in (0u32..).zip(slots.chunks_exact(size)) {
            checker.check(number, option.iter().map(|&s| s.wrapping_sub(1) as usize));
        }
        self.ends.clear();
        self.ends
            .extend((1..=options as u32).map(|k| k * size as u32));
        self.links.builder().push_options(slots, &self.ends);
        // Options of one size: their nodes numbered a whole chunk at a time
        // (`number_nodes`, one option at a time, measured slower here; see
        // `docs/perf-log.md`, "Figures moved out of code comments").
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
        let checker = Checker {
            items: self.items,
            primaries: self.links.primaries as usize,
            last_seen: &mut self.last_seen,
            stamp: &mut self.stamp,
        };
        self.options = list_options(
            options,
            checker,
            first_new,
            self.node_option.len(),
            &mut self.slots,
            &mut self.ends,
        );
        self.links.builder().push_options(&self.slots, &self.ends);
        number_nodes(&mut self.node_option, &self.ends, first_new..);
    }

    /// Loads what remains of `matrix` once the options `selected` are part
    /// of the solution (a puzzle's givens): the items they leave uncovered,
    /// and the options that touch none of the covered items, both in the
    /// matrix's order. The search is then the one
    /// [`Solver`](super::Solver) makes after
    /// [`select_all`](super::Solver::select_all)`(selected)`: the same MRV
    /// choices, nodes, solutions and [`Report`]; and solutions name options
    /// by their numbers in `matrix`, the selected ones first.
    ///
    /// Where a `Solver` copies the whole starting arena per instance and
    /// hides every option the selections rule out, one link update at a
    /// time, this reads each option's items once and links only the
    /// survivors: the way to go when the matrix is large and the
    /// selections rule out much of it (Sudominoku's 100,000-node matrix).
    ///
    /// ```
    /// use dlx_engine::exact_cover::{Limits, ReducedSolver, Solver};
    /// use dlx_engine::problems::n_queens;
    ///
    /// // 8 queens with a queen on square (0, 0): option 0.
    /// let matrix = n_queens(8).compile()?;
    /// let mut reduced = ReducedSolver::new();
    /// reduced.load_after(&matrix, [0]).expect("one queen clashes with nothing");
    /// let mut solver = Solver::new(&matrix);
    /// solver.select(0).expect("the same queen");
    /// assert_eq!(reduced.count(Limits::none()), solver.count(Limits::none()));
    /// assert_eq!(reduced.first_solution(), solver.first_solution());
    /// assert_eq!(reduced.first_solution().map(|s| s[0]), Some(0));
    /// // A second queen in row 0 clashes with the first.
    /// let clash = reduced.load_after(&matrix, [0, 5]).unwrap_err();
    /// assert_eq!((clash.option, clash.item), (5, 0));
    /// assert_eq!(reduced.count(Limits::none()).solutions, 0);
    /// # Ok::<(), dlx_engine::exact_cover::ProblemError>(())
    /// ```
    ///
    /// [`items`](Self::items) and [`options`](Self::options) are then
    /// those of the remainder; the option numbers in solutions are the
    /// matrix's, which may be larger.
    ///
    /// # Errors
    /// The first selected option that shares an item with one before it,
    /// as [`Solver::select_all`](super::Solver::select_all) reports it. The
    /// solver is then left holding a problem with no solution (one primary
    /// item, no option), so a search that ignores the error finds nothing.
    ///
    /// # Panics
    /// If a selected option is not one of `matrix`'s; the solver is then
    /// left holding a problem with no solution, as after an error.
    pub fn load_after(
        &mut self,
        matrix: &Matrix,
        selected: impl IntoIterator<Item = usize>,
    ) -> Result<(), Conflict> {
        let shape = &*matrix.shape;
        let items = shape.slot.len();
        // Until the remainder is loaded, a problem with no solution: what
        // is left if a selected option is out of range (a panic a caller
        // may catch) or clashes.
        self.clear(1, 1);
        // Covered items first: 0 in `renumber`.
        self.renumber.clear();
        self.renumber.resize(items + 1, 1);
        let mut chosen = std::mem::take(&mut self.selected);
        for option in selected {
            let slots = shape.option_items(option);
            if let Some(&slot) = slots.iter().find(|&&s| self.renumber[s as usize] == 0) {
                chosen.clear();
                self.selected = chosen;
                return Err(Conflict {
                    option,
                    item: shape.item_of(slot),
                });
            }
            slots.iter().for_each(|&s| self.renumber[s as usize] = 0);
            chosen.push(option as u32);
        }
        // The uncovered items, numbered in the matrix's order (primaries
        // first, as the arena keeps them), so MRV breaks ties alike.
        let (mut left, mut primaries) = (0u32, 0);
        for (slot, number) in self.renumber.iter_mut().enumerate().skip(1) {
            if *number != 0 {
                left += 1;
                *number = left;
                primaries += usize::from(slot <= shape.primaries);
            }
        }
        self.clear(left as usize, primaries);
        self.selected = chosen;
        self.from_matrix = true;
        // The options that touch no covered item, in order, each node
        // noted with the matrix's number of its option. Ruled out through
        // the covered items' columns: a few hundred short lists, where
        // testing every option's items read the whole matrix, measured
        // slower on Sudominoku, whose givens leave hundreds of its
        // 11,097 options (`docs/perf-log.md`, "Fourteenth pass").
        self.ruled_out.clear();
        self.ruled_out.resize(shape.option_first.len(), false);
        for &option in &self.selected {
            for &slot in shape.option_items(option as usize) {
                for &o in shape.column(slot) {
                    self.ruled_out[o as usize] = true;
                }
            }
        }
        // Listed and numbered in one pass over the flags (a second pass to
        // number the nodes measured slower; see `docs/perf-log.md`, "Figures
        // moved out of code comments").
        let (slots, ends, node_option) = (&mut self.slots, &mut self.ends, &mut self.node_option);
        slots.clear();
        ends.clear();
        for (option, _) in (0u32..).zip(&self.ruled_out).filter(|(_, &out)| !out) {
            let option_slots = shape.option_items(option as usize);
            slots.extend(option_slots.iter().map(|&s| self.renumber[s as usize]));
            ends.push(slots.len() as u32);
            node_option.extend(std::iter::repeat(option).take(option_slots.len()));
            node_option.push(NO_OPTION);
        }
        self.links.builder().push_options(&self.slots, &self.ends);
        self.options = self.ends.len() as u32;
        Ok(())
    }

    /// Number of items of the current problem.
    pub fn items(&self) -> usize {
        self.items
    }

    /// Number of options of the current problem: added since the last
    /// [`clear`](ReducedSolver::clear), or left by
    /// [`load_after`](ReducedSolver::load_after) (whose solutions name
    /// options by the matrix's numbers, not below this count).
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
    /// [`Solver::search`](super::Solver::search): a problem from
    /// [`load_after`](Self::load_after) reports the matrix's option
    /// numbers, its selected options first; a second search starts again
    /// from the whole problem.
    pub fn search<F>(&mut self, limits: Limits, visit: F) -> Report
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        self.run::<_, true>(limits, visit)
    }

    /// [`search`](Self::search), building the solutions only when `FILL`
    /// (see [`Solver::count_each`](super::Solver::count_each)).
    fn run<F, const FILL: bool>(&mut self, limits: Limits, visit: F) -> Report
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        self.unwind_search();
        let state = SearchState {
            links: &mut self.links,
            stack: &mut self.stack,
            levels: &mut self.levels,
            selected: &self.selected,
            solution: &mut self.solution,
            dirty: &mut self.dirty,
            node_option: &self.node_option,
            pending: &mut self.pending,
        };
        run_search::<Xc, _, FILL>(state, limits, visit)
    }

    /// Counts solutions within `limits` (see [`Solver::count`](super::Solver::count)).
    pub fn count(&mut self, limits: Limits) -> Report {
        self.run::<_, false>(limits, |_| ControlFlow::Continue(()))
    }

    /// The first solution, if any.
    pub fn first_solution(&mut self) -> Option<Vec<usize>> {
        super::search::first_solution_of(|limits, visit| self.search(limits, visit))
    }

    /// What the last search left to do when its node budget stopped it
    /// ([`End::NodeLimit`](super::End::NodeLimit)): the subtrees it did not
    /// reach, in the order it would have reached them, each as the options
    /// that lead to it (the options chosen on the levels above, then one
    /// option not yet tried on its level), numbered as solutions number
    /// them, without the options [`load_after`](Self::load_after) selected
    /// (every subtree has those). `None` if the last search ended any other
    /// way, or if the problem changed since.
    ///
    /// The subtrees are disjoint, and with the solutions the search found
    /// they hold every solution once: searching the problem with each
    /// subtree's options selected (by `load_after` on a [`Matrix`] of the
    /// same items and options in the same order) gives the very subtree
    /// the search would have searched, in the same order. So a search can
    /// be finished in parts, on other threads, after any budget: what
    /// [`Lender`](super::parallel::Lender) does.
    ///
    /// [`Matrix`]: super::Matrix
    ///
    /// ```
    /// use dlx_engine::exact_cover::{End, Limits, ReducedSolver};
    /// use dlx_engine::problems::n_queens;
    ///
    /// let matrix = n_queens(8).compile()?;
    /// let mut solver = ReducedSolver::new();
    /// solver.load_after(&matrix, []).unwrap();
    /// let report = solver.count(Limits::none().with_max_nodes(100));
    /// assert_eq!(report.end, End::NodeLimit);
    /// let parts = solver.untried().expect("stopped by its budget");
    /// // The solutions found, and those of every untried part: 92 (OEIS A000170).
    /// let rest: u64 = parts
    ///     .iter()
    ///     .map(|part| {
    ///         solver.load_after(&matrix, part.iter().copied()).unwrap();
    ///         solver.count(Limits::none()).solutions
    ///     })
    ///     .sum();
    /// assert_eq!(report.solutions + rest, 92);
    /// # Ok::<(), dlx_engine::exact_cover::ProblemError>(())
    /// ```
    pub fn untried(&mut self) -> Option<Vec<Vec<usize>>> {
        let pending = self.pending;
        if pending == 0 {
            return None;
        }
        let (stack, node_option) = (&self.stack, &self.node_option);
        let path: Vec<usize> = stack
            .iter()
            .map(|&x| node_option[x as usize] as usize)
            .collect();
        // The search stopped with the levels of `stack` still made (their
        // items covered, their own lists whole: covering an item never
        // touches its own list) and the level it was trying undone, its
        // item's list whole again: each list, from a node down to its
        // header, is what that level had left to try.
        Some(self.links.dance(|d| {
            let mut parts = Vec::new();
            let mut rest_of = |depth: usize, from: u32, item: u32| {
                let mut x = from;
                while x != item {
                    let mut part = path[..depth].to_vec();
                    part.push(node_option[x as usize] as usize);
                    parts.push(part);
                    x = d.down(x);
                }
            };
            rest_of(stack.len(), pending, d.item(pending));
            for (depth, &x) in stack.iter().enumerate().rev() {
                rest_of(depth, d.down(x), d.item(x));
            }
            parts
        }))
    }

    fn unwind_search(&mut self) {
        self.pending = 0;
        if !self.stack.is_empty() {
            unwind::<Xc>(&mut self.links, &mut self.stack, &mut self.levels);
        }
    }
}

/// Notes in `node_option` the option number of the nodes just appended
/// for the options whose ends are in `ends`, numbered by `numbers`, then
/// their spacers.
fn number_nodes(node_option: &mut Vec<u32>, ends: &[u32], numbers: impl Iterator<Item = u32>) {
    let mut start = 0;
    for (number, &end) in numbers.zip(ends) {
        let size = end as usize - start;
        node_option.extend(std::iter::repeat(number).take(size));
        node_option.push(NO_OPTION);
        start = end as usize;
    }
}

/// Checks `options` with `checker` and lists their arena items (1-based)
/// in `slots`, each option's end in `ends`; numbers them from `first` and
/// returns the next number. `nodes` is the size of the arena so far.
///
/// A function of its own so that its vectors are separate arguments: as
/// fields of one `&mut self`, the compiler had to assume every store to
/// `last_seen` might change `slots`' length.
fn list_options<I>(
    options: I,
    mut checker: Checker<'_>,
    first: u32,
    nodes: usize,
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
        checker.check(number, option.iter().copied());
        slots.extend(option.iter().map(|&item| item as u32 + 1));
        assert!(
            nodes + slots.len() + ends.len() < (1 << 30),
            "the arena is full"
        );
        ends.push(slots.len() as u32);
        number += 1;
    }
    number
}

/// Checks options as they are stated: not empty, items below `items`, none
/// twice in one option, at least one primary (below `primaries`).
///
/// Each option checked gets a new stamp, written to the solver at once, and
/// `last_seen` notes the stamp of the last option that named each item: so
/// a check that panics (and is caught) leaves nothing that the next one
/// could mistake for a repeated item.
struct Checker<'a> {
    items: usize,
    primaries: usize,
    last_seen: &'a mut [u32],
    stamp: &'a mut u32,
}

impl Checker<'_> {
    /// Checks option `number` (for messages) with these `items` (0-based).
    #[inline(always)]
    fn check(&mut self, number: u32, items: impl Iterator<Item = usize>) {
        *self.stamp = self.stamp.wrapping_add(1);
        if *self.stamp == 0 {
            // Four billion options checked since the last `clear`.
            self.last_seen.fill(0);
            *self.stamp = 1;
        }
        let stamp = *self.stamp;
        let (mut named, mut primary) = (false, false);
        for item in items {
            assert!(
                item < self.items,
                "no item {item}: the problem has {} items",
                self.items
            );
            assert!(
                self.last_seen[item] != stamp,
                "item {item} appears twice in option {number}"
            );
            self.last_seen[item] = stamp;
            named = true;
            primary |= item < self.primaries;
        }
        assert!(named, "an option needs at least one item");
        assert!(
            primary,
            "option {number} has no primary item, so it could never be chosen"
        );
    }
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
        reduced.add_option(&[0, 1, 2]);
        reduced.add_option(&[0, 1]);
        reduced.add_option(&[0, 2]);
        reduced.add_option(&[0]);
        let report = reduced.count(Limits::none());
        assert_eq!(report.solutions, 4);
        // A primary item no option covers: no solution, no node.
        reduced.clear(2, 2);
        reduced.add_option(&[0]);
        let report = reduced.count(Limits::none());
        assert_eq!((report.solutions, report.stats.nodes), (0, 0));
    }

    #[test]
    #[should_panic(expected = "option 1 has no primary item")]
    fn an_option_of_secondary_items_alone_panics() {
        let mut reduced = ReducedSolver::new();
        reduced.clear(3, 1);
        reduced.add_option(&[0, 1]);
        reduced.add_option(&[1, 2]);
    }

    /// Options from data: each kind of bad option is a typed error, and
    /// the problem is left as it was.
    #[test]
    fn try_add_option_reports_bad_options() {
        let mut reduced = ReducedSolver::new();
        reduced.clear(4, 2);
        assert_eq!(reduced.try_add_option(&[0, 2]), Ok(0));
        assert_eq!(
            reduced.try_add_option(&[]),
            Err(ProblemError::EmptyOption { option: 1 })
        );
        assert_eq!(
            reduced.try_add_option(&[1, 4]),
            Err(ProblemError::ItemOutOfRange(4))
        );
        assert_eq!(
            reduced.try_add_option(&[3, 1, 3]),
            Err(ProblemError::RepeatedItem("3".into()))
        );
        assert_eq!(
            reduced.try_add_option(&[3, 2]),
            Err(ProblemError::NoPrimaryItem {
                option: 1,
                items: "3 2".into()
            })
        );
        assert_eq!(reduced.options(), 1);
        assert_eq!(reduced.try_add_option(&[1, 3]), Ok(1));
        assert_eq!(reduced.first_solution(), Some(vec![0, 1]));
    }

    /// A rejected option leaves nothing behind that the next check could
    /// take for a repeated item, and the problem as it was.
    #[test]
    fn a_caught_panic_in_add_option_leaves_the_problem_whole() {
        use std::panic::{catch_unwind, AssertUnwindSafe};
        let mut reduced = ReducedSolver::new();
        reduced.clear(3, 3);
        reduced.add_option(&[2]);
        let out_of_range = catch_unwind(AssertUnwindSafe(|| reduced.add_option(&[0, 3])));
        assert!(out_of_range.is_err());
        assert_eq!(reduced.add_option(&[0, 1]), 1);
        assert_eq!(reduced.first_solution(), Some(vec![1, 0]));
        let twice = catch_unwind(AssertUnwindSafe(|| {
            reduced.load(3, 3, [vec![0usize, 1], vec![2, 2]])
        }));
        assert!(twice.is_err());
        assert_eq!(reduced.add_option(&[1, 0]), 0);
        assert_eq!(reduced.options(), 1);
    }

    /// `load_after` searches as `Solver` does after `select_all` of the
    /// same options: every report, and the solutions in matrix numbers.
    #[test]
    fn load_after_searches_as_the_solver_after_select_all() {
        let mut reduced = ReducedSolver::new();
        for problem in [n_queens(8), langford_pairs(7)] {
            let matrix = problem.compile().unwrap();
            let mut solver = Solver::new(&matrix);
            // No selection, one, two, and a clash.
            for selected in [&[][..], &[3], &[3, 20], &[3, 4]] {
                solver.reset();
                let selected_ok = solver.select_all(selected.iter().copied());
                let loaded = reduced.load_after(&matrix, selected.iter().copied());
                assert_eq!(loaded, selected_ok, "{selected:?}");
                if loaded.is_err() {
                    assert_eq!(reduced.count(Limits::none()).solutions, 0);
                    continue;
                }
                for limits in [
                    Limits::none(),
                    Limits::solutions(2),
                    Limits::none().with_max_nodes(7),
                ] {
                    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
                    let ours = (
                        reduced.search(limits, |s| {
                            ours.push(s.to_vec());
                            ControlFlow::Continue(())
                        }),
                        ours,
                    );
                    let theirs = (
                        solver.search(limits, |s| {
                            theirs.push(s.to_vec());
                            ControlFlow::Continue(())
                        }),
                        theirs,
                    );
                    assert_eq!(ours, theirs, "{selected:?} {limits:?}");
                }
            }
        }
    }

    #[test]
    fn load_after_a_caught_panic_leaves_no_solution() {
        use std::panic::{catch_unwind, AssertUnwindSafe};
        let matrix = n_queens(6).compile().unwrap();
        let mut reduced = ReducedSolver::new();
        reduced.load_after(&matrix, [1]).unwrap();
        assert_eq!(reduced.count(Limits::none()).solutions, 1);
        let out_of_range = catch_unwind(AssertUnwindSafe(|| reduced.load_after(&matrix, [9999])));
        assert!(out_of_range.is_err());
        assert_eq!(reduced.count(Limits::none()).solutions, 0);
        // And it loads again as new.
        reduced.load_after(&matrix, [1]).unwrap();
        let solution = reduced.first_solution().unwrap();
        assert_eq!(solution[0], 1);
        crate::exact_cover::verify(matrix.problem(), &solution).unwrap();
    }

    #[test]
    #[should_panic(expected = "add_option after load_after")]
    fn add_option_after_load_after_panics() {
        let matrix = n_queens(4).compile().unwrap();
        let mut reduced = ReducedSolver::new();
        reduced.load_after(&matrix, [1]).unwrap();
        reduced.add_option(&[0]);
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
