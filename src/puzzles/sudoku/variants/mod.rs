//! Sudoku variants that add rules to the classic grid, as exact cover:
//! [`Variant::X`] (both main diagonals), [`Variant::Windoku`] (extra
//! windows), [`Variant::AntiKnight`] and [`Variant::AntiKing`], in any
//! combination ([`Variants`]).
//!
//! They are read from ordinary Sudoku files (the rules are not written in
//! the puzzle: `dlx solve --variant x,windoku`), and answered in the same
//! styles. Each rule is its own file beside the classic encoding:
//!
//! - `x.rs`, `windoku.rs`: extra units (every digit once), as primary
//!   items;
//! - `anti.rs`: cells a knight's or king's move apart differ, as secondary
//!   items, one per pair and digit;
//! - `verify.rs`: [`Variants::check_solution`], the independent verifier,
//!   and [`PeerSudoku`], a backtracking solver over each cell's peers (the
//!   baseline and the recount of `dlx check`): rules restated from their
//!   definitions, no engine, no code shared with the encoding.
//!
//! Jigsaw, killer and samurai change the grid and have line formats of
//! their own ([`Layout`], `layout.rs`): each its own encoding file
//! (`jigsaw.rs`, `killer.rs`, `samurai.rs`), solved by the general solver
//! on a matrix made per puzzle, and checked by `independent.rs` (a
//! verifier and a peer backtracker, rules restated from their
//! definitions).
//!
//! Sizes: X, anti-knight and anti-king take every box shape of the classic
//! grid; windoku takes square boxes only ([`Variants::supports`]). A shape
//! where no grid meets the rules (anti-king 4x4, say) is not refused: its
//! puzzles have no solution.
//!
//! Solving goes through the general [`Solver`] on a [`Matrix`] compiled once
//! per (box shape, variants) and shared by the process ([`matrix`]); the
//! classic fast path ([`DlxSudoku`](super::DlxSudoku)) is not used, nor
//! changed.
//!
//! ```
//! use dlx_engine::exact_cover::{End, Limits};
//! use dlx_engine::puzzles::sudoku::variants::{VariantSudoku, Variants};
//! use dlx_engine::puzzles::sudoku::{Grid, SudokuSolver};
//!
//! let variants: Variants = "x".parse().unwrap();
//! let empty = Grid::empty(3);
//! let mut solver = VariantSudoku::new(variants);
//! let found = solver.solve(&empty, Limits::none());
//! let grid = found.grid.unwrap();
//! variants.check_solution(&grid, &empty).unwrap();
//! ```

mod anti;
mod independent;
mod jigsaw;
mod killer;
mod layout;
mod samurai;
mod verify;
mod windoku;

pub use jigsaw::Jigsaw;
pub use killer::{sum_range, Killer};
pub use layout::{CellSolution, Layout, LayoutPuzzle, LayoutReader, LayoutRecord};
pub use samurai::{Samurai, SamuraiForm, FRAME as SAMURAI_FRAME};
pub use verify::PeerSudoku;
mod x;

use std::collections::HashMap;
use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;
use std::sync::{Mutex, OnceLock};

use super::encoding::{box_item, cell_item, col_item, decode, option, row_item};
use super::solver::seed_of;
use super::{BoxShape, Grid, Solution, SudokuSolver};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::exact_cover::{End, ItemKind, Limits, Matrix, Problem, Solver};

/// One rule added to the classic grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// Each main diagonal holds every digit once.
    X,
    /// Extra windows hold every digit once (square boxes only).
    Windoku,
    /// Cells a knight's move apart hold different digits.
    AntiKnight,
    /// Cells a king's move apart (diagonal neighbours) hold different digits.
    AntiKing,
}

impl Variant {
    /// Every variant, in the order [`Variants`] writes them.
    pub const ALL: [Variant; 4] = [
        Variant::X,
        Variant::Windoku,
        Variant::AntiKnight,
        Variant::AntiKing,
    ];

    /// Its name on the command line: `x`, `windoku`, `anti-knight`,
    /// `anti-king`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::X => "x",
            Variant::Windoku => "windoku",
            Variant::AntiKnight => "anti-knight",
            Variant::AntiKing => "anti-king",
        }
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// A set of [`Variant`]s, read and written as their names joined by
/// commas (`x,anti-king`); the empty set is classic Sudoku.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Variants(u8);

impl Variants {
    /// No variant: classic Sudoku.
    pub const NONE: Variants = Variants(0);

    /// Whether `variant` is in the set.
    pub const fn has(self, variant: Variant) -> bool {
        self.0 & variant.bit() != 0
    }

    /// The set with `variant` added.
    pub const fn with(self, variant: Variant) -> Self {
        Variants(self.0 | variant.bit())
    }

    /// Whether the set is empty (classic Sudoku).
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The variants of the set, in [`Variant::ALL`]'s order.
    pub fn iter(self) -> impl Iterator<Item = Variant> {
        Variant::ALL.into_iter().filter(move |&v| self.has(v))
    }

    /// Why these rules cannot be played in boxes of `shape`, if they
    /// cannot (windoku in oblong boxes).
    pub fn supports(self, shape: BoxShape) -> Result<(), String> {
        if self.has(Variant::Windoku) {
            windoku::supports(shape)?;
        }
        Ok(())
    }

    /// The extra units (every digit once) of these rules in boxes of
    /// `shape`, each named for messages.
    fn units(self, shape: BoxShape) -> Vec<(String, Vec<usize>)> {
        let mut units = Vec::new();
        if self.has(Variant::X) {
            units.extend(x::units(shape));
        }
        if self.has(Variant::Windoku) {
            units.extend(windoku::units(shape));
        }
        units
    }

    /// The pairs of cells these rules keep apart, not already in one row,
    /// column or box, without repeats.
    fn pairs(self, shape: BoxShape) -> Vec<(usize, usize)> {
        let mut pairs = Vec::new();
        if self.has(Variant::AntiKnight) {
            pairs.extend(anti::pairs(shape, &anti::KNIGHT));
        }
        if self.has(Variant::AntiKing) {
            pairs.extend(anti::pairs(shape, &anti::KING));
        }
        pairs.sort_unstable();
        pairs.dedup();
        pairs
    }
}

/// `x,windoku,anti-knight,anti-king`: the names in [`Variant::ALL`]'s
/// order; `classic` for the empty set.
impl fmt::Display for Variants {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("classic");
        }
        let names: Vec<&str> = self.iter().map(Variant::name).collect();
        f.write_str(&names.join(","))
    }
}

/// Reads names joined by commas, in any order (`anti-king,x`); each name
/// once.
impl FromStr for Variants {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let known = || {
            let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
            names.join(", ")
        };
        let mut set = Variants::NONE;
        for name in text.split(',') {
            let name = name.trim();
            let variant = Variant::ALL
                .into_iter()
                .find(|v| v.name().eq_ignore_ascii_case(name))
                .ok_or_else(|| {
                    format!(
                        "unknown variant `{}` (expected {} joined by commas, such as x,windoku)",
                        crate::error::excerpt(name),
                        known()
                    )
                })?;
            if set.has(variant) {
                return Err(format!("variant `{}` is named twice", variant.name()));
            }
            set = set.with(variant);
        }
        Ok(set)
    }
}

/// The exact-cover problem of Sudoku in boxes of `shape` with the rules of
/// `variants` (which must [support](Variants::supports) the shape).
///
/// Items: the classic `4 side^2` primary items, numbered as in
/// [`encoding`](super::encoding); then `side` primary items per extra unit
/// (unit-digit); then one secondary item per kept-apart pair and digit.
/// Options: one per (cell, digit), numbered as the classic ones
/// ([`encoding::option`](super::encoding::option)), each with its classic
/// items, its units' and its pairs'.
pub fn problem(shape: BoxShape, variants: Variants) -> Problem {
    let side = shape.side();
    let units = variants.units(shape);
    let pairs = variants.pairs(shape);
    let mut p = Problem::new();
    for (a, b) in [("p", "c"), ("r", "#"), ("c", "#"), ("b", "#")] {
        for x in 0..side {
            for y in 0..side {
                p.add_primary(format!("{a}{}{b}{}", x + 1, y + 1))
                    .expect("distinct item names");
            }
        }
    }
    let first_unit = 4 * side * side;
    for u in 0..units.len() {
        for d in 0..side {
            p.add_primary(format!("u{}#{}", u + 1, d + 1))
                .expect("distinct item names");
        }
    }
    let first_pair = first_unit + units.len() * side;
    for k in 0..pairs.len() {
        for d in 0..side {
            p.add_secondary(format!("k{}#{}", k + 1, d + 1))
                .expect("distinct item names");
        }
    }
    // What each cell is in, beyond its row, column and box.
    let mut cell_units = vec![Vec::new(); side * side];
    for (u, (_, cells)) in units.iter().enumerate() {
        for &cell in cells {
            cell_units[cell].push(u);
        }
    }
    let mut cell_pairs = vec![Vec::new(); side * side];
    for (k, &(a, b)) in pairs.iter().enumerate() {
        cell_pairs[a].push(k);
        cell_pairs[b].push(k);
    }
    let mut items = Vec::new();
    for r in 0..side {
        for c in 0..side {
            let cell = r * side + c;
            for d in 0..side {
                items.clear();
                items.extend([
                    cell_item(side, r, c),
                    row_item(side, r, d),
                    col_item(side, c, d),
                    box_item(side, shape.box_of(r, c), d),
                ]);
                items.extend(cell_units[cell].iter().map(|u| first_unit + u * side + d));
                items.extend(cell_pairs[cell].iter().map(|k| first_pair + k * side + d));
                let added = p.add_option(&items).expect("valid option");
                debug_assert_eq!(added, option(side, r, c, d));
            }
        }
    }
    p
}

/// The compiled [`problem`] for boxes of `shape` and `variants`, built once
/// per process and shared (a few dozen combinations at most are ever
/// asked for, so each is kept for the life of the process).
///
/// # Panics
/// If the shape is unsupported ([`BoxShape::check`]) or the variants do not
/// [support](Variants::supports) it.
pub fn matrix(shape: BoxShape, variants: Variants) -> &'static Matrix {
    static MATRICES: OnceLock<Mutex<HashMap<(BoxShape, Variants), &'static Matrix>>> =
        OnceLock::new();
    if let Err(e) = shape.check() {
        panic!("{e}");
    }
    if let Err(e) = variants.supports(shape) {
        panic!("{e}");
    }
    let cache = MATRICES.get_or_init(Mutex::default);
    // A panic elsewhere while the lock was held leaves the map whole.
    let mut map = cache
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    map.entry((shape, variants)).or_insert_with(|| {
        let matrix = problem(shape, variants)
            .compile()
            .expect("variant matrix fits");
        Box::leak(Box::new(matrix))
    })
}

/// Solves Sudoku with the rules of a [`Variants`] set on the general
/// [`Solver`]: the givens are selected ([`Solver::select_all`]), then
/// Algorithm X searches the rest. One solver per thread; it keeps a working
/// copy of the last shape's matrix.
#[derive(Debug)]
pub struct VariantSudoku {
    variants: Variants,
    solver: Option<(BoxShape, Solver)>,
}

impl VariantSudoku {
    /// A solver for these rules (no matrix until the first puzzle).
    pub fn new(variants: Variants) -> Self {
        VariantSudoku {
            variants,
            solver: None,
        }
    }

    /// The rules it solves.
    pub fn variants(&self) -> Variants {
        self.variants
    }
}

/// Search nodes of a search for one solution in the matrix's own order
/// before it starts again in shuffled orders (see [`VariantSudoku`]).
pub const FIRST_ATTEMPT: u64 = 1_000_000;
/// Search nodes of the first shuffled attempt; each next one has twice
/// as many.
const RESTART_UNIT: u64 = 10_000;

impl SudokuSolver for VariantSudoku {
    /// As [`SudokuSolver::solve`]; the givens must also be free of clashes
    /// under the variants ([`Variants::check_givens`]) and the shape
    /// [supported](Variants::supports) (else this panics).
    ///
    /// A search for one solution that has not ended after
    /// [`FIRST_ATTEMPT`] nodes starts again on a copy of the matrix with
    /// its items and options in a random order (drawn from a generator
    /// seeded with the puzzle's cells: the same answer on every run), with
    /// budgets of 10,000 nodes doubling each time, until an attempt ends
    /// before its budget. Exact first-minimum MRV can go astray on sparse
    /// grids under these rules: the empty 9x9 grid with X and anti-knight
    /// ran over two minutes in the matrix's order, and with windoku and
    /// anti-knight took 116 million nodes, where shuffled orders find a
    /// grid in a few million nodes in all (1.7 s for the first). The first
    /// attempt is long enough for every bundled puzzle (16x16 included) to
    /// end in order: with 100,000 the 16x16 windoku set took ten times the
    /// nodes. The budgets grow without bound, so a grid with no solution is
    /// still proven to have none (at a price: `docs/formats.md`). Counting
    /// always searches in the matrix's order.
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Solution {
        let shape = puzzle.shape();
        let max_solutions = limits.max_solutions.unwrap_or(1);
        let limits = limits.with_max_solutions(max_solutions);
        let max_nodes = limits.max_nodes.unwrap_or(u64::MAX);
        let restart = max_solutions == 1 && FIRST_ATTEMPT < max_nodes;
        let first_budget = if restart { FIRST_ATTEMPT } else { max_nodes };
        let solver = match &mut self.solver {
            Some((s, solver)) if *s == shape => {
                solver.reset();
                solver
            }
            slot => {
                let solver = Solver::new(matrix(shape, self.variants));
                &mut slot.insert((shape, solver)).1
            }
        };
        let found = search(solver, None, puzzle, limits.with_max_nodes(first_budget));
        match found {
            Some(found) if restart && found.end == End::NodeLimit => {
                self.restart(puzzle, limits, found.nodes, max_nodes)
            }
            Some(found) => found,
            // Two givens in one unit or pair: nothing to search.
            None => Solution::none(),
        }
    }
}

impl VariantSudoku {
    /// The shuffled attempts after a first one that used `nodes` of
    /// `max_nodes` (see [`VariantSudoku`]'s `solve`).
    #[cold]
    fn restart(&self, puzzle: &Grid, limits: Limits, mut nodes: u64, max_nodes: u64) -> Solution {
        let shape = puzzle.shape();
        let template = matrix(shape, self.variants).problem();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed_of(puzzle.cells()));
        let mut budget = RESTART_UNIT;
        loop {
            let (shuffled, order) = shuffled(template, &mut rng);
            let matrix = shuffled
                .compile()
                .expect("a shuffled valid matrix compiles");
            let mut solver = Solver::new(&matrix);
            let attempt = budget.min(max_nodes - nodes);
            let found = search(
                &mut solver,
                Some(&order),
                puzzle,
                limits.with_max_nodes(attempt),
            );
            let Some(found) = found else {
                return Solution::none();
            };
            nodes += found.nodes;
            if found.end != End::NodeLimit || nodes >= max_nodes {
                return Solution { nodes, ..found };
            }
            budget = budget.saturating_mul(2);
        }
    }
}

/// `template` with its primary items, its secondary items and its options
/// each in a random order; `order[k]` is the template's number of option
/// `k` of the copy.
fn shuffled(template: &Problem, rng: &mut Xoshiro256PlusPlus) -> (Problem, Vec<usize>) {
    let items = template.items();
    let primary = items.iter().filter(|i| i.kind == ItemKind::Primary).count();
    // Primary items stay before secondary ones, each kind shuffled.
    let mut item_order: Vec<usize> = (0..items.len()).collect();
    item_order[..primary].shuffle(rng);
    item_order[primary..].shuffle(rng);
    let mut new_of_old = vec![0; items.len()];
    let mut copy = Problem::new();
    for &old in &item_order {
        let item = &items[old];
        new_of_old[old] = copy
            .add_item(item.name.clone(), item.kind)
            .expect("items of a valid problem");
    }
    let mut order: Vec<usize> = (0..template.options()).collect();
    order.shuffle(rng);
    let mut option = Vec::new();
    for &old in &order {
        option.clear();
        option.extend(template.option(old).map(|i| new_of_old[i]));
        copy.add_option(&option)
            .expect("options of a valid problem");
    }
    (copy, order)
}

/// Selects the givens of `puzzle` in `solver` (its options numbered as the
/// variant matrix's, or, with `order`, a shuffled copy's: `order[k]` is
/// the matrix's number of option `k`) and searches within `limits`; `None`
/// if two givens conflict.
fn search(
    solver: &mut Solver,
    order: Option<&[usize]>,
    puzzle: &Grid,
    limits: Limits,
) -> Option<Solution> {
    let side = puzzle.side();
    let given = |k: usize, v: u8| option(side, k / side, k % side, usize::from(v) - 1);
    let givens: Vec<usize> = (puzzle.cells().iter().enumerate())
        .filter(|&(_, &v)| v != 0)
        .map(|(k, &v)| given(k, v))
        .collect();
    let selected = match order {
        None => solver.select_all(givens),
        Some(order) => {
            let mut copy_of = vec![0; order.len()];
            for (k, &old) in order.iter().enumerate() {
                copy_of[old] = k;
            }
            solver.select_all(givens.iter().map(|&o| copy_of[o]))
        }
    };
    if selected.is_err() {
        return None;
    }
    let mut first: Option<Grid> = None;
    let report = solver.search(limits, |chosen| {
        if first.is_none() {
            let mut grid = puzzle.clone();
            for &o in chosen {
                let (r, c, d) = decode(side, order.map_or(o, |order| order[o]));
                grid.set(r, c, d as u8 + 1);
            }
            first = Some(grid);
        }
        ControlFlow::Continue(())
    });
    Some(Solution {
        grid: first,
        count: report.solutions,
        end: report.end,
        nodes: report.stats.nodes,
    })
}

#[cfg(test)]
mod layout_tests;
#[cfg(test)]
mod tests;
