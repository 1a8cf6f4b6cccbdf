//! The moves a Sudoku's givens force, found with bit masks, and the exact-
//! cover problem they leave for Algorithm X.
//!
//! Algorithm X with MRV spends the start of every Sudoku search on forced
//! moves: while some item has a single option left (a cell with one
//! candidate, or a digit with one place in a row, column or box) MRV
//! chooses it, and the dance covers its four items node by node. Those
//! moves do not depend on the order they are made in: each one stays forced
//! until it is made, so whatever the order, the same moves are made and the
//! same state is reached, unless some item runs out of options on the way
//! (then there is no solution, whatever the order). This module makes them
//! on one bit mask per item (the options the item has left) instead of the
//! arena, then lists what is left: the uncovered items and the options still
//! possible, both in the order of [`encoding`].
//!
//! From that state the engine's search is the one the full problem would
//! have made after the forced moves: its MRV rule sees the same lengths in
//! the same item order and tries the same options in the same order. So a
//! solution, a count and the search nodes (each forced move counts as one,
//! as it would in the search) are the full problem's. Only on a puzzle
//! whose forced moves run into a contradiction can the node count differ:
//! MRV stops at the first item it finds empty, and which one that is
//! depends on the order.

use rand::seq::SliceRandom;
use rand::Rng;

use super::encoding;
use super::grid::BoxShape;
use crate::exact_cover::ReducedSolver;

/// Bit masks of the options each Sudoku item has left, for one box shape.
/// Buffers are kept from puzzle to puzzle.
#[derive(Clone, Default)]
pub(crate) struct ForcedMoves {
    /// The shape the tables are for (`None` before the first puzzle).
    shape: Option<BoxShape>,
    side: usize,
    /// Per item, in the encoding's numbering, its options left as bits: a
    /// cell item's bit d is digit d; a row item's (row r, digit d) bit c is
    /// column c; a column item's bit r is row r; a box item's bit p is the
    /// p-th cell of the box in reading order. 0 once the item is covered.
    mask: Vec<u64>,
    /// Per item, whether it is covered.
    covered: Vec<bool>,
    /// Items that were seen with a single option left, to make.
    pending: Vec<u32>,
    /// Per cell, where its options' items and bits are.
    cell_info: Vec<CellInfo>,
    /// Per (box, place in box), the cell.
    cell_at: Vec<u16>,
    /// Per cell, the digit placed (1-based) or 0.
    values: Vec<u8>,
    /// Per residual option, (cell, digit 0-based).
    options: Vec<(u16, u8)>,
    /// Per item, its number in the residual problem.
    residual_item: Vec<u32>,
    /// The residual options' items, four per option, numbered from 1.
    slots: Vec<u32>,
    /// Scratch of [`load_residual`](Self::load_residual) when it shuffles:
    /// the new number of each residual item, the options' new order, their
    /// items and what they place.
    relabel: Vec<u32>,
    order: Vec<u32>,
    shuffled_slots: Vec<u32>,
    shuffled_options: Vec<(u16, u8)>,
}

/// The box shape only: the masks are scratch space.
impl std::fmt::Debug for ForcedMoves {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ForcedMoves")
            .field("shape", &self.shape)
            .finish_non_exhaustive()
    }
}

/// Where the options of one cell sit: the items of digit 0 of its row,
/// column and box (digit d's is d further on), and its bit in each of them.
/// One load finds all, where four tables and the arithmetic to combine them
/// cost more than the bit operations they serve.
#[derive(Debug, Clone, Copy, Default)]
struct CellInfo {
    row_item: u16,
    col_item: u16,
    box_item: u16,
    /// Bit in a row item: the column.
    col: u8,
    /// Bit in a column item: the row.
    row: u8,
    /// Bit in a box item: the place in the box, in reading order.
    place: u8,
}

/// The kinds of item, in the encoding's order.
const CELL: usize = 0;
const ROW: usize = 1;
const COL: usize = 2;
const BOX: usize = 3;

/// What the forced moves of a puzzle left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Some item has no option left: the puzzle has no solution. The moves
    /// made before that was seen are counted.
    Contradiction {
        /// Forced moves made.
        forced: u64,
    },
    /// No contradiction; [`ForcedMoves::values`] holds the givens and the
    /// forced moves, and [`ForcedMoves::load_residual`] the rest.
    Open {
        /// Forced moves made.
        forced: u64,
    },
}

impl ForcedMoves {
    /// Prepares for puzzles with boxes of `shape`.
    fn set_shape(&mut self, shape: BoxShape) {
        if self.shape == Some(shape) {
            return;
        }
        let side = shape.side();
        self.shape = Some(shape);
        self.side = side;
        self.cell_info.clear();
        self.cell_at.clear();
        self.cell_at.resize(side * side, 0);
        for cell in 0..side * side {
            let (r, c) = (cell / side, cell % side);
            let (b, p) = (shape.box_of(r, c), shape.place_in_box(r, c));
            // Items number at most 4 * 64^2 = 16,384: they fit 16 bits.
            self.cell_info.push(CellInfo {
                row_item: encoding::row_item(side, r, 0) as u16,
                col_item: encoding::col_item(side, c, 0) as u16,
                box_item: encoding::box_item(side, b, 0) as u16,
                col: c as u8,
                row: r as u8,
                place: p as u8,
            });
            self.cell_at[b * side + p] = cell as u16;
        }
    }

    /// Starts from the empty grid with boxes of `shape`, places the
    /// `givens` (digits 1-based per cell, 0 blank) and makes every move they
    /// force.
    ///
    /// The givens must not clash (checked by
    /// [`Grid::check_givens`](super::Grid::check_givens)); a clash
    /// is reported as a contradiction.
    pub fn run(&mut self, shape: BoxShape, givens: &[u8]) -> Outcome {
        self.set_shape(shape);
        let side = self.side;
        let cells = side * side;
        debug_assert_eq!(givens.len(), cells);
        let full = if side == 64 {
            u64::MAX
        } else {
            (1u64 << side) - 1
        };
        self.mask.clear();
        self.mask.resize(4 * cells, full);
        self.covered.clear();
        self.covered.resize(4 * cells, false);
        // An item is noted when its mask drops to one bit, which happens
        // once at most: one entry per item is room enough.
        self.pending.resize(4 * cells, 0);
        self.values.clear();
        self.values.extend_from_slice(givens);
        let mut view = Propagation {
            side,
            mask: &mut self.mask,
            covered: &mut self.covered,
            pending: &mut self.pending,
            top: 0,
            cell_info: &self.cell_info,
            cell_at: &self.cell_at,
            dead: false,
        };
        let forced = view.run(&mut self.values);
        if view.dead {
            Outcome::Contradiction { forced }
        } else {
            Outcome::Open { forced }
        }
    }

    /// The grid after the givens and the forced moves: per cell, the digit
    /// (1-based) or 0.
    #[cfg(any(test, feature = "parallel"))]
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// The four items of option (cell, d), in the encoding's order.
    #[inline(always)]
    fn items(cell: usize, info: CellInfo, d: usize) -> [usize; 4] {
        [
            cell,
            usize::from(info.row_item) + d,
            usize::from(info.col_item) + d,
            usize::from(info.box_item) + d,
        ]
    }

    /// Loads what the last [`run`](Self::run) left into `solver`: the
    /// uncovered items and the options still possible, each in the order of
    /// the encoding, or with `shuffle`, its items renumbered at random and
    /// its options put in an order led by a reference solution drawn from
    /// it ([`Self::shuffle`]): the same exact-cover problem, so the same
    /// solutions, but MRV breaks its ties and the search tries an item's
    /// options in another order. Returns the grid as
    /// [`values`](Self::values) gives it and the options as (cell, digit
    /// 0-based), by option number.
    pub fn load_residual<R: Rng>(
        &mut self,
        solver: &mut ReducedSolver,
        shuffle: Option<&mut R>,
    ) -> (&[u8], &[(u16, u8)]) {
        let side = self.side;
        let cells = side * side;
        // Filled through slices, sized first: pushing made the compiler
        // store each vector's length back after every element.
        self.residual_item.resize(self.covered.len(), 0);
        let mut open = 0u32;
        for (number, &covered) in self.residual_item.iter_mut().zip(&self.covered) {
            *number = open;
            open += u32::from(!covered);
        }
        let masks = &self.mask[..cells];
        let count = masks.iter().map(|m| m.count_ones() as usize).sum();
        self.options.resize(count, (0, 0));
        self.slots.resize(4 * count, 0);
        let mut k = 0;
        for (cell, &digits) in masks.iter().enumerate() {
            let info = self.cell_info[cell];
            for_each_bit(digits, |d| {
                self.options[k] = (cell as u16, d as u8);
                let items = Self::items(cell, info, d);
                for (slot, item) in self.slots[4 * k..4 * k + 4].iter_mut().zip(items) {
                    // The arena numbers items from 1.
                    *slot = self.residual_item[item] + 1;
                }
                k += 1;
            });
        }
        let (slots, options) = match shuffle {
            None => (&self.slots, &self.options),
            Some(rng) => {
                self.shuffle(open, rng);
                (&self.shuffled_slots, &self.shuffled_options)
            }
        };
        solver.load_slots(open as usize, open as usize, 4, slots);
        (&self.values, options)
    }

    /// The residual last loaded in the encoding's order (by
    /// [`load_residual`](Self::load_residual) without a shuffle) as a
    /// matrix of its own: the same items, all primary, and the same
    /// options in the same order, so that a [`ReducedSolver`] searching it
    /// after `load_after(matrix, part)` searches what the loaded solver
    /// would have (see `ReducedSolver::untried`). Its options are those of
    /// [`residual_options`](Self::residual_options).
    #[cfg(feature = "parallel")]
    pub fn residual_matrix(&self) -> crate::exact_cover::Matrix {
        let open = self.covered.iter().filter(|&&c| !c).count();
        let mut problem = crate::exact_cover::Problem::new();
        for item in 0..open {
            problem
                .add_primary(format!("i{item}"))
                .expect("distinct names");
        }
        let mut items = [0usize; 4];
        for option in self.slots[..4 * self.options.len()].chunks_exact(4) {
            for (item, &slot) in items.iter_mut().zip(option) {
                *item = slot as usize - 1;
            }
            problem
                .add_option(&items)
                .expect("four distinct items of the residual");
        }
        problem.compile().expect("a residual of a valid grid")
    }

    /// What each option of the residual last loaded in the encoding's order
    /// places: (cell, digit from 0).
    #[cfg(feature = "parallel")]
    pub fn residual_options(&self) -> &[(u16, u8)] {
        &self.options
    }

    /// The residual of `open` items listed in `slots` and `options`,
    /// items renumbered and options reordered by `rng`, into
    /// `shuffled_slots` and `shuffled_options`.
    ///
    /// The options are ordered by a reference solution, not at random. The
    /// engine tries an item's options in the problem's option order, so a
    /// random order makes every choice a random one, and on a large grid
    /// with few givens random choices are what fails: after the first
    /// digit is placed, MRV keeps choosing the row, column and box items of
    /// digits (a placement takes a box's width of options from each, a
    /// cell only one), so the search places digit after digit, each in the
    /// first place its order offers; the places left for the last digits
    /// then admit none, which shows thousands of levels down, where
    /// chronological backtracking never undoes the early placements. (An
    /// empty 64x64 grid ran for minutes in the encoding's order and in
    /// every shuffled one: `docs/perf-log.md`, 2026-11-29.)
    ///
    /// So the options are put in layers: a complete valid grid (the
    /// pattern solution of the shape, its bands, stacks, rows within
    /// bands, columns within stacks and digits permuted at random, the
    /// digits then matched greedily to the placed ones) gives each cell a
    /// reference digit `p`; option (cell, d) is in layer `(d - p) mod N`,
    /// and layer 0 comes first, then 1, ... (random within a layer). Each
    /// layer is itself a complete valid grid (the reference with its digits
    /// shifted), so every item has exactly one option in each layer and
    /// tries its layer-0 option first: wherever the placed digits agree
    /// with the reference, which they always do on an empty grid, the
    /// search follows a complete solution and never backtracks. Where they
    /// disagree the order is as good as a random one (measured in the
    /// perf log).
    #[cold]
    fn shuffle<R: Rng>(&mut self, open: u32, rng: &mut R) {
        self.relabel.clear();
        self.relabel.extend(1..=open);
        self.relabel.shuffle(rng);
        self.order.clear();
        self.order.extend(0..self.options.len() as u32);
        self.order.shuffle(rng);
        if let Some(shape) = self.shape {
            let reference = reference_grid(shape, &self.values, rng);
            let side = self.side;
            let options = &self.options;
            // A stable sort: random within a layer.
            self.order.sort_by_key(|&o| {
                let (cell, d) = options[o as usize];
                let p = reference[usize::from(cell)];
                (usize::from(d) + side - usize::from(p)) % side
            });
        }
        self.shuffled_slots.clear();
        self.shuffled_options.clear();
        for &o in &self.order {
            let o = o as usize;
            self.shuffled_options.push(self.options[o]);
            let items = &self.slots[4 * o..4 * o + 4];
            self.shuffled_slots
                .extend(items.iter().map(|&item| self.relabel[item as usize - 1]));
        }
    }
}

/// A complete valid grid with boxes of `shape` (digits 0-based), drawn
/// from `rng`, that agrees with the placed digits of `values` (1-based, 0
/// blank) as far as a digit relabelling of a random isomorph of the
/// pattern solution can: bands, stacks, the rows of each band and the
/// columns of each stack permuted at random (each keeps a grid valid),
/// then each pattern digit named by the placed digit it meets most often
/// (greedily, most frequent pairs first, ties at random).
fn reference_grid<R: Rng>(shape: BoxShape, values: &[u8], rng: &mut R) -> Vec<u8> {
    let (rows, cols, side) = (shape.rows(), shape.cols(), shape.side());
    // `map[i]` is the pattern's line shown at line `i`.
    let permuted = |unit: usize, rng: &mut R| -> Vec<usize> {
        let mut groups: Vec<usize> = (0..side / unit).collect();
        groups.shuffle(rng);
        let mut map = Vec::with_capacity(side);
        for g in groups {
            let mut within: Vec<usize> = (0..unit).collect();
            within.shuffle(rng);
            map.extend(within.into_iter().map(|i| g * unit + i));
        }
        map
    };
    let row_map = permuted(rows, rng);
    let col_map = permuted(cols, rng);
    let pattern = |cell: usize| {
        let (r, c) = (row_map[cell / side], col_map[cell % side]);
        ((r % rows) * cols + r / rows + c) % side
    };
    // How often pattern digit p meets placed digit v.
    let mut meets = vec![0u32; side * side];
    for (cell, &v) in values.iter().enumerate() {
        if v != 0 {
            meets[pattern(cell) * side + usize::from(v) - 1] += 1;
        }
    }
    let mut pairs: Vec<(u32, u16, u16)> = (0..side * side)
        .map(|k| (meets[k], (k / side) as u16, (k % side) as u16))
        .collect();
    pairs.shuffle(rng);
    pairs.sort_by_key(|&(meets, _, _)| std::cmp::Reverse(meets));
    let mut name = vec![u8::MAX; side];
    let mut taken = vec![false; side];
    for (_, p, v) in pairs {
        let (p, v) = (usize::from(p), usize::from(v));
        if name[p] == u8::MAX && !taken[v] {
            name[p] = v as u8;
            taken[v] = true;
        }
    }
    (0..side * side).map(|cell| name[pattern(cell)]).collect()
}

/// The state [`ForcedMoves::run`] works on, its vectors borrowed apart: as
/// fields behind `&mut self`, every store to a mask made the compiler load
/// the vectors' pointers and lengths again.
struct Propagation<'a> {
    side: usize,
    mask: &'a mut [u64],
    covered: &'a mut [bool],
    /// Items noted with one option left, `pending[..top]`.
    pending: &'a mut [u32],
    top: usize,
    cell_info: &'a [CellInfo],
    cell_at: &'a [u16],
    /// Some uncovered item has no option left.
    dead: bool,
}

impl Propagation<'_> {
    /// Places the givens in `values` (0 for blank), then makes the forced
    /// moves, writing them into `values`; returns how many it made.
    fn run(&mut self, values: &mut [u8]) -> u64 {
        for (cell, &v) in values.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let d = usize::from(v - 1);
            if self.mask[cell] & (1 << d) == 0 {
                // A clash with an earlier given.
                self.dead = true;
                return 0;
            }
            self.place(cell, d);
        }
        let mut forced = 0;
        while !self.dead && self.top > 0 {
            self.top -= 1;
            let item = self.pending[self.top] as usize;
            let m = self.mask[item];
            if m == 0 {
                // Covered since it was seen with one option left.
                continue;
            }
            debug_assert!(m.is_power_of_two());
            let (cell, d) = self.option_of(item, m.trailing_zeros() as usize);
            forced += 1;
            values[cell] = d as u8 + 1;
            self.place(cell, d);
        }
        forced
    }

    /// The option (cell, digit 0-based) of item `item` at bit `bit`.
    #[inline(always)]
    fn option_of(&self, item: usize, bit: usize) -> (usize, usize) {
        let side = self.side;
        let cells = side * side;
        let kind = usize::from(item >= cells)
            + usize::from(item >= 2 * cells)
            + usize::from(item >= 3 * cells);
        // The item's number within its kind splits as a cell number does:
        // (row, column) for a cell, (unit, digit) for the others.
        let k = item - kind * cells;
        let info = self.cell_info[k];
        let (x, d) = (usize::from(info.row), usize::from(info.col));
        match kind {
            CELL => (k, bit),
            ROW => (x * side + bit, d),
            COL => (bit * side + x, d),
            _ => (usize::from(self.cell_at[x * side + bit]), d),
        }
    }

    /// Places digit `d` (0-based) in `cell`: covers the option's four items
    /// and removes every other option of each of them.
    ///
    /// Inlined into [`run`](Self::run), where the view's fields live in
    /// registers; as a call, `self` was a pointer, and every store to a
    /// mask made the compiler load the slices from it again.
    #[inline(always)]
    fn place(&mut self, cell: usize, d: usize) {
        let side = self.side;
        let info = self.cell_info[cell];
        let items = ForcedMoves::items(cell, info, d);
        for &item in &items {
            self.covered[item] = true;
        }
        // Each item's mask is read when its turn comes, not before: the
        // removals for the items before it have taken out the options it
        // shares with them. Each removal skips the item being covered,
        // whose mask is already empty.
        // Plain loops: the closures of `for_each_bit` were left as calls.
        let mut digits = self.take(items[CELL], d);
        while digits != 0 {
            self.remove::<CELL>(cell, digits.trailing_zeros() as usize);
            digits &= digits - 1;
        }
        let row_start = usize::from(info.row) * side;
        let mut columns = self.take(items[ROW], info.col.into());
        while columns != 0 {
            self.remove::<ROW>(row_start + columns.trailing_zeros() as usize, d);
            columns &= columns - 1;
        }
        let col = usize::from(info.col);
        let mut rows = self.take(items[COL], info.row.into());
        while rows != 0 {
            self.remove::<COL>(rows.trailing_zeros() as usize * side + col, d);
            rows &= rows - 1;
        }
        let box_cells = usize::from(info.box_item - self.cell_info[0].box_item);
        let mut places = self.take(items[BOX], info.place.into());
        while places != 0 {
            let p = places.trailing_zeros() as usize;
            self.remove::<BOX>(usize::from(self.cell_at[box_cells + p]), d);
            places &= places - 1;
        }
    }

    /// Empties the mask of an item being covered and returns its options
    /// other than the one at bit `own`.
    #[inline(always)]
    fn take(&mut self, item: usize, own: usize) -> u64 {
        let others = self.mask[item] & !(1u64 << own);
        self.mask[item] = 0;
        others
    }

    /// Removes option (cell, d) from its items other than the one of kind
    /// `SKIP` (being covered), noting any item left with one option (to
    /// make) or none (a contradiction).
    #[inline(always)]
    fn remove<const SKIP: usize>(&mut self, cell: usize, d: usize) {
        let info = self.cell_info[cell];
        let items = ForcedMoves::items(cell, info, d);
        let bits = [d, info.col.into(), info.row.into(), info.place.into()];
        for kind in [CELL, ROW, COL, BOX] {
            if kind != SKIP {
                self.clear_bit(items[kind], bits[kind]);
            }
        }
    }

    #[inline(always)]
    fn clear_bit(&mut self, item: usize, bit: usize) {
        let m = self.mask[item] & !(1u64 << bit);
        self.mask[item] = m;
        if m & m.wrapping_sub(1) == 0 {
            // One option left, or none.
            if m != 0 {
                self.pending[self.top] = item as u32;
                self.top += 1;
            } else if !self.covered[item] {
                self.dead = true;
            }
        }
    }
}

/// Calls `f` with the number of each set bit of `bits`, lowest first.
#[inline(always)]
fn for_each_bit(mut bits: u64, mut f: impl FnMut(usize)) {
    while bits != 0 {
        f(bits.trailing_zeros() as usize);
        bits &= bits - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact_cover::{Limits, Solver};
    use crate::puzzles::sudoku::{encoding, samples, Grid};

    /// The engine on the full matrix, givens selected: (solutions up to 2,
    /// nodes).
    fn full_search(puzzle: &Grid) -> (u64, u64) {
        let side = puzzle.side();
        let mut solver = Solver::new(encoding::matrix(puzzle.shape()));
        let givens = (puzzle.cells().iter().enumerate())
            .filter(|&(_, &v)| v != 0)
            .map(|(k, &v)| encoding::option(side, k / side, k % side, v as usize - 1));
        solver.select_all(givens).unwrap();
        let report = solver.count(Limits::solutions(2));
        (report.solutions, report.stats.nodes)
    }

    fn reduced_search(puzzle: &Grid) -> (u64, u64) {
        let mut forced = ForcedMoves::default();
        let Outcome::Open { forced: made } = forced.run(puzzle.shape(), puzzle.cells()) else {
            panic!("no contradiction expected");
        };
        let mut solver = ReducedSolver::new();
        forced.load_residual(&mut solver, None::<&mut rand_xoshiro::Xoshiro256PlusPlus>);
        let report = solver.count(Limits::solutions(2));
        (report.solutions, made + report.stats.nodes)
    }

    #[test]
    fn same_count_and_nodes_as_the_full_search() {
        for line in [samples::EASY, samples::HARD] {
            let puzzle = Grid::from_line(line).unwrap();
            assert_eq!(reduced_search(&puzzle), full_search(&puzzle), "{line}");
        }
        // Fewer givens: several solutions, branching at the root.
        let mut sparse = Grid::from_line(samples::HARD).unwrap();
        for k in (0..81).step_by(3) {
            sparse.set(k / 9, k % 9, 0);
        }
        assert_eq!(reduced_search(&sparse), full_search(&sparse));
        for n in 2..=4 {
            let mut grid = samples::pattern_solution(n);
            let side = n * n;
            for k in (0..side * side).filter(|k| k % 3 != 0) {
                grid.set(k / side, k % side, 0);
            }
            assert_eq!(reduced_search(&grid), full_search(&grid), "box size {n}");
        }
    }

    #[test]
    fn singles_alone_fill_an_easy_grid() {
        let puzzle = Grid::from_line(samples::EASY).unwrap();
        let mut forced = ForcedMoves::default();
        let outcome = forced.run(puzzle.shape(), puzzle.cells());
        let blanks = puzzle.cells().iter().filter(|&&v| v == 0).count() as u64;
        assert_eq!(outcome, Outcome::Open { forced: blanks });
        let solution = Grid::from_cells(3, forced.values().to_vec()).unwrap();
        solution.check_solution(&puzzle).unwrap();
    }

    #[test]
    fn a_forced_contradiction_is_found() {
        // Row 1 needs a 9 in its last cell, which column 9 already has.
        let line =
            "12345678.........9...............................................................";
        let puzzle = Grid::from_line(line).unwrap();
        let mut forced = ForcedMoves::default();
        assert!(matches!(
            forced.run(puzzle.shape(), puzzle.cells()),
            Outcome::Contradiction { .. }
        ));
    }
}
