//! The Sudoku generator: unique-solution puzzles of any supported size,
//! with symmetry or a clue count asked for, and their rating.
//!
//! Method: a random full grid (the engine solving the empty grid with its
//! options in a shuffled order), then clues are removed in a random order —
//! in symmetric groups when asked — and a removal is kept only when the
//! engine, counting up to two solutions, still finds exactly one. Every
//! puzzle is made from its own random generator, seeded from the run's seed
//! and the puzzle's index, so the output is the same whatever the number of
//! threads.

use std::ops::ControlFlow;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::baseline::BitmaskSudoku;
use crate::exact_cover::{Limits, Problem, Solver};
use crate::puzzles::sudoku::variants::{self, VariantSudoku, Variants};
use crate::puzzles::sudoku::{encoding, BoxShape, DlxSudoku, Grid, SudokuSolver, MAX_LINE_SIDE};

/// Which cells are removed together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Symmetry {
    /// Cells one at a time.
    None,
    /// A cell with its image under a half turn.
    Rot180,
    /// A cell with its images under quarter turns (4 cells).
    Rot90,
    /// A cell with its mirror image across the vertical axis.
    Mirror,
    /// A cell with its mirror image across the main diagonal.
    Diagonal,
}

/// How many clues to keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// Remove clues until none can go (a minimal puzzle).
    Minimal,
    /// Stop as soon as at most this many clues are left.
    Clues(usize),
}

/// Everything that shapes one generated puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GenOptions {
    /// The boxes' shape: any of a side from 4 to 25 (3x3 for 9x9, 2x3 for
    /// 6x6).
    pub shape: BoxShape,
    /// The run's seed.
    pub seed: u64,
    /// When to stop removing clues.
    pub target: Target,
    /// Which cells go together.
    pub symmetry: Symmetry,
    /// Node budget of each uniqueness check; a check that runs out keeps the
    /// clue, so the puzzle stays provably unique. `None`: no budget.
    pub check_budget: Option<u64>,
}

impl GenOptions {
    /// The defaults for a box shape (a box size `n` for `n x n`): minimal,
    /// no symmetry, a check budget for 16x16 and larger (where a few checks
    /// could otherwise take minutes).
    pub fn new(shape: impl Into<BoxShape>, seed: u64) -> Self {
        let shape = shape.into();
        GenOptions {
            shape,
            seed,
            target: Target::Minimal,
            symmetry: Symmetry::None,
            check_budget: (shape.side() >= 16).then_some(200_000),
        }
    }
}

/// A generated puzzle with its unique solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle.
    pub puzzle: Grid,
    /// Its only solution.
    pub solution: Grid,
    /// Removals whose uniqueness check ran out of
    /// [`GenOptions::check_budget`]: their clues were kept, so the puzzle
    /// is unique, but with any of them not proven minimal.
    pub unproven: usize,
}

/// Why a puzzle could not be made as asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GenError {
    /// `--clues C` could not be reached.
    #[error("could not get down to {wanted} clues: the best of {attempts} attempts kept {best} (every further removal loses uniqueness{budget}); ask for more clues or use --minimal")]
    TooFewClues {
        /// The clue count asked for.
        wanted: usize,
        /// The fewest clues reached.
        best: usize,
        /// Fresh grids tried.
        attempts: usize,
        /// A note when the check budget may be the reason.
        budget: String,
    },
    /// A box shape the generator does not make: its side is above 25, or
    /// the shape is unsupported.
    #[error("boxes of {0} are not supported by the generator (grids of a side from 4 to 25, boxes of 2x2 cells at least)")]
    BadShape(BoxShape),
    /// Variant rules that do not fit the box shape (windoku in oblong
    /// boxes), or that no complete grid of the shape meets (anti-king
    /// 4x4): no puzzle can be made.
    #[error("{0}")]
    Rules(String),
}

/// Search nodes of the first attempt at a random complete grid under
/// variant rules (see `random_grid_of`): a 9x9 grid takes 81 nodes when
/// nothing goes wrong.
const FULL_GRID_BUDGET: u64 = 2_000;

/// Fresh grids tried before `--clues C` gives up.
const CLUE_ATTEMPTS: usize = 20;

/// The random generator of puzzle `index` of a run seeded with `seed`.
pub(super) fn rng_for(seed: u64, index: u64) -> Xoshiro256PlusPlus {
    // SplitMix-style mixing so that neighbouring (seed, index) pairs differ.
    let mut z = seed ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    Xoshiro256PlusPlus::seed_from_u64(z ^ (z >> 31))
}

/// A uniformly shuffled exact-cover search for a complete grid: the
/// engine on the Sudoku matrix with options added in random order.
///
/// # Panics
/// If the shape is unsupported ([`BoxShape::check`]).
pub(super) fn random_full_grid(shape: BoxShape, rng: &mut Xoshiro256PlusPlus) -> Grid {
    if let Err(e) = shape.check() {
        panic!("{e}");
    }
    let template = encoding::problem(shape);
    random_grid_of(&template, shape, rng, None).expect("every supported shape has a grid")
}

/// A complete grid of the problem `template` (classic or variant items, the
/// options numbered as [`encoding::option`]), its options added in a
/// random order; `None` if it has none. See [`random_cover`] for `budget`.
fn random_grid_of(
    template: &Problem,
    shape: BoxShape,
    rng: &mut Xoshiro256PlusPlus,
    budget: Option<u64>,
) -> Option<Grid> {
    let side = shape.side();
    let chosen = random_cover(template, rng, budget)?;
    let mut full = Grid::empty(shape);
    for o in chosen {
        let (r, c, d) = encoding::decode(side, o);
        full.set(r, c, d as u8 + 1);
    }
    Some(full)
}

/// The options (numbered as in `template`) of a solution of `template`
/// found with its options added in a random order; `None` if it has none.
///
/// With a `budget`, a search that uses it up starts again in a fresh
/// random order with twice the budget: under anti-knight a shuffled
/// search for a 9x9 grid can wander for minutes in a subtree with no grid,
/// where a few thousand nodes in another order find one. The budgets grow
/// without bound, so a problem with no solution is still found to have
/// none. Without one (classic Sudoku), one search, as the generator always
/// made.
pub(super) fn random_cover(
    template: &Problem,
    rng: &mut Xoshiro256PlusPlus,
    mut budget: Option<u64>,
) -> Option<Vec<usize>> {
    loop {
        let mut order: Vec<usize> = (0..template.options()).collect();
        order.shuffle(rng);
        let mut shuffled = Problem::new();
        for item in template.items() {
            shuffled
                .add_item(item.name.clone(), item.kind)
                .expect("items of a valid problem");
        }
        for &o in &order {
            let items: Vec<usize> = template.option(o).collect();
            shuffled
                .add_option(&items)
                .expect("options of a valid problem");
        }
        let matrix = shuffled.compile().expect("the matrix fits");
        let mut solver = Solver::new(&matrix);
        let mut found = None;
        let report = solver.search(Limits::solutions(1).with_max_nodes(budget), |solution| {
            found = Some(solution.iter().map(|&k| order[k]).collect());
            ControlFlow::Break(())
        });
        if found.is_some() || !report.end.is_limit() {
            return found;
        }
        budget = budget.map(|b| b.saturating_mul(2));
    }
}

/// The groups of cells removed together, in a random order.
fn removal_groups(
    side: usize,
    symmetry: Symmetry,
    rng: &mut Xoshiro256PlusPlus,
) -> Vec<Vec<usize>> {
    let last = side - 1;
    let mut seen = vec![false; side * side];
    let mut groups = Vec::new();
    for r in 0..side {
        for c in 0..side {
            if seen[r * side + c] {
                continue;
            }
            let images: Vec<(usize, usize)> = match symmetry {
                Symmetry::None => vec![(r, c)],
                Symmetry::Rot180 => vec![(r, c), (last - r, last - c)],
                Symmetry::Rot90 => vec![(r, c), (c, last - r), (last - r, last - c), (last - c, r)],
                Symmetry::Mirror => vec![(r, c), (r, last - c)],
                Symmetry::Diagonal => vec![(r, c), (c, r)],
            };
            let mut group: Vec<usize> = images.iter().map(|&(a, b)| a * side + b).collect();
            group.sort_unstable();
            group.dedup();
            for &k in &group {
                seen[k] = true;
            }
            groups.push(group);
        }
    }
    groups.shuffle(rng);
    groups
}

/// Whether `puzzle` has exactly one solution, as far as `budget` can tell
/// (`None` when the budget ran out).
fn is_unique<S: SudokuSolver>(solver: &mut S, puzzle: &Grid, budget: Option<u64>) -> Option<bool> {
    let s = solver.solve(
        puzzle,
        Limits {
            max_solutions: Some(2),
            max_nodes: budget,
            ..Limits::default()
        },
    );
    if s.end.is_limit() {
        None
    } else {
        Some(s.count == 1)
    }
}

/// Removes clues from `solution` (a complete grid) as `options` ask.
/// Returns the puzzle, unique by construction, with its solution and the
/// removals its check budget could not settle.
fn carve<S: SudokuSolver>(
    solution: &Grid,
    options: &GenOptions,
    rng: &mut Xoshiro256PlusPlus,
    solver: &mut S,
) -> Generated {
    let side = solution.side();
    let mut puzzle = solution.clone();
    let mut givens = puzzle.givens();
    let mut unproven = 0;
    for group in removal_groups(options.shape.side(), options.symmetry, rng) {
        if let Target::Clues(c) = options.target {
            if givens <= c {
                break;
            }
        }
        for &k in &group {
            puzzle.set(k / side, k % side, 0);
        }
        let unique = is_unique(solver, &puzzle, options.check_budget);
        if unique == Some(true) {
            givens -= group.len();
        } else {
            unproven += usize::from(unique.is_none());
            for &k in &group {
                puzzle.set(k / side, k % side, solution.get(k / side, k % side));
            }
        }
    }
    Generated {
        puzzle,
        solution: solution.clone(),
        unproven,
    }
}

/// Makes puzzle `index` of a run.
pub fn generate(options: &GenOptions, index: u64) -> Result<Generated, GenError> {
    if options.shape.check().is_err() || options.shape.side() > MAX_LINE_SIDE {
        return Err(GenError::BadShape(options.shape));
    }
    let mut rng = rng_for(options.seed, index);
    let mut solver = DlxSudoku::new();
    let attempts = match options.target {
        Target::Minimal => 1,
        Target::Clues(_) => CLUE_ATTEMPTS,
    };
    let mut best = usize::MAX;
    for _ in 0..attempts {
        let solution = random_full_grid(options.shape, &mut rng);
        let carved = carve(&solution, options, &mut rng, &mut solver);
        match options.target {
            Target::Clues(c) if carved.puzzle.givens() > c => {
                best = best.min(carved.puzzle.givens())
            }
            _ => return Ok(carved),
        }
    }
    let Target::Clues(wanted) = options.target else {
        unreachable!("minimal targets return on the first attempt")
    };
    Err(GenError::TooFewClues {
        wanted,
        best,
        attempts,
        budget: match options.check_budget {
            Some(b) => format!(", or needed more than {b} nodes to prove"),
            None => String::new(),
        },
    })
}

/// Makes puzzle `index` of a run under the rules of `variants` (X,
/// windoku, anti-knight, anti-king): a random complete grid meeting them,
/// then clues removed while [`VariantSudoku`] still finds exactly one
/// solution under the same rules. With no variants, [`generate`].
///
/// The same seed and index give the same puzzle at any number of threads;
/// not the puzzle [`generate`] makes (the full grid is drawn from another
/// problem).
pub fn generate_variant(
    options: &GenOptions,
    rules: Variants,
    index: u64,
) -> Result<Generated, GenError> {
    if rules.is_empty() {
        return generate(options, index);
    }
    if options.shape.check().is_err() || options.shape.side() > MAX_LINE_SIDE {
        return Err(GenError::BadShape(options.shape));
    }
    rules.supports(options.shape).map_err(GenError::Rules)?;
    let mut rng = rng_for(options.seed, index);
    let mut solver = VariantSudoku::new(rules);
    let template = variants::problem(options.shape, rules);
    let attempts = match options.target {
        Target::Minimal => 1,
        Target::Clues(_) => CLUE_ATTEMPTS,
    };
    let mut best = usize::MAX;
    for _ in 0..attempts {
        let Some(solution) =
            random_grid_of(&template, options.shape, &mut rng, Some(FULL_GRID_BUDGET))
        else {
            return Err(GenError::Rules(format!(
                "no complete {0}x{0} grid in boxes of {1} meets the rules {rules}",
                options.shape.side(),
                options.shape
            )));
        };
        let carved = carve(&solution, options, &mut rng, &mut solver);
        match options.target {
            Target::Clues(c) if carved.puzzle.givens() > c => {
                best = best.min(carved.puzzle.givens())
            }
            _ => return Ok(carved),
        }
    }
    Err(too_few_clues(options, best, attempts))
}

/// The error of a `--clues` target no attempt reached.
fn too_few_clues(options: &GenOptions, best: usize, attempts: usize) -> GenError {
    let Target::Clues(wanted) = options.target else {
        unreachable!("minimal targets return on the first attempt")
    };
    GenError::TooFewClues {
        wanted,
        best,
        attempts,
        budget: match options.check_budget {
            Some(b) => format!(", or needed more than {b} nodes to prove"),
            None => String::new(),
        },
    }
}

/// Difficulty of a puzzle measured by search effort. Both numbers count
/// the work to find the solution *and* prove it unique (search to a second
/// solution), so they do not depend on luck in the order of digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rating {
    /// DLX search nodes: options tried by Algorithm X with MRV. A puzzle that
    /// falls to singles takes one node per blank cell; more means branching.
    pub dlx_nodes: u64,
    /// Guesses of the bitmask solver: cells it filled while they still had
    /// two or more candidates. 0 means naked singles alone solve it.
    pub bitmask_guesses: u64,
    /// Whether each figure (dlx, bitmask) is only a lower bound: its search
    /// ran out of [`RATE_NODE_BUDGET`].
    pub bounded: (bool, bool),
}

/// The figures as `--rate` writes them: `dlx_nodes=N bitmask_guesses=M`,
/// with `>=` instead of `=` before a figure that is only a lower bound.
impl std::fmt::Display for Rating {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sign = |bounded: bool| if bounded { ">=" } else { "=" };
        write!(
            f,
            "dlx_nodes{}{} bitmask_guesses{}{}",
            sign(self.bounded.0),
            self.dlx_nodes,
            sign(self.bounded.1),
            self.bitmask_guesses
        )
    }
}

/// Search nodes each solver may use to rate one puzzle of 16x16 or larger
/// (the bitmask solver can need billions on a minimal 25x25 puzzle); a
/// rating cut short is a lower bound ([`Rating::bounded`]).
pub const RATE_NODE_BUDGET: u64 = 10_000_000;

/// Rates `puzzle` by search effort (see [`Rating`]). For 16x16 and larger
/// each search stops after [`RATE_NODE_BUDGET`] nodes.
pub fn rate(puzzle: &Grid) -> Rating {
    rate_within(puzzle, (puzzle.side() >= 16).then_some(RATE_NODE_BUDGET))
}

/// [`rate`] with each search stopped after `budget` nodes, if given.
fn rate_within(puzzle: &Grid, budget: Option<u64>) -> Rating {
    let limits = Limits::solutions(2).with_max_nodes(budget);
    let s = DlxSudoku::new().solve(puzzle, limits);
    let mut bitmask = BitmaskSudoku::new();
    let b = bitmask.solve(puzzle, limits);
    Rating {
        dlx_nodes: s.nodes,
        bitmask_guesses: bitmask.last_guesses(),
        bounded: (s.end.is_limit(), b.end.is_limit()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact_cover::End;

    #[test]
    fn ratings_cut_short_are_marked() {
        let puzzle = Grid::from_line(crate::puzzles::sudoku::samples::HARD).unwrap();
        let full = rate_within(&puzzle, None);
        assert_eq!(full.bounded, (false, false));
        assert!(full.dlx_nodes > 5 && full.bitmask_guesses > 0, "{full:?}");
        let cut = rate_within(&puzzle, Some(5));
        assert_eq!(cut.bounded, (true, true));
        assert!(cut.dlx_nodes <= 5, "{cut:?}");
        // As README documents: `name>=value` for a lower bound.
        assert_eq!(
            cut.to_string(),
            format!(
                "dlx_nodes>={} bitmask_guesses>={}",
                cut.dlx_nodes, cut.bitmask_guesses
            )
        );
        assert_eq!(
            full.to_string(),
            format!(
                "dlx_nodes={} bitmask_guesses={}",
                full.dlx_nodes, full.bitmask_guesses
            )
        );
        // 9x9 puzzles are rated in full.
        assert_eq!(rate(&puzzle), full);
    }

    #[test]
    fn full_grids_are_valid_and_vary() {
        let mut rng = rng_for(7, 0);
        let a = random_full_grid(BoxShape::square(3), &mut rng);
        let b = random_full_grid(BoxShape::square(3), &mut rng);
        a.check_solution(&Grid::empty(3)).unwrap();
        b.check_solution(&Grid::empty(3)).unwrap();
        assert_ne!(a, b);
    }

    #[test]
    fn generated_puzzles_are_unique_and_reproducible() {
        let options = GenOptions::new(3, 42);
        let g = generate(&options, 5).unwrap();
        assert_eq!(generate(&options, 5).unwrap(), g);
        let s = DlxSudoku::new().solve(&g.puzzle, Limits::solutions(2));
        assert_eq!((s.count, s.end), (1, End::Exhausted));
        assert_eq!(s.grid.unwrap(), g.solution);
    }

    #[test]
    fn symmetric_groups_are_symmetric() {
        let mut rng = rng_for(1, 1);
        for g in removal_groups(9, Symmetry::Rot180, &mut rng) {
            let mut mirrored: Vec<usize> = g.iter().map(|&k| 80 - k).collect();
            mirrored.sort_unstable();
            assert_eq!(mirrored, g);
        }
        let options = GenOptions {
            symmetry: Symmetry::Rot180,
            ..GenOptions::new(3, 3)
        };
        let p = generate(&options, 0).unwrap().puzzle;
        for k in 0..81 {
            assert_eq!(p.cells()[k] == 0, p.cells()[80 - k] == 0);
        }
    }

    #[test]
    fn clue_targets() {
        let options = GenOptions {
            target: Target::Clues(40),
            ..GenOptions::new(3, 9)
        };
        assert!(generate(&options, 0).unwrap().puzzle.givens() <= 40);
        let impossible = GenOptions {
            target: Target::Clues(3),
            ..GenOptions::new(2, 9)
        };
        let e = generate(&impossible, 0).unwrap_err();
        // A 4x4 Sudoku needs at least 4 clues.
        assert!(e.to_string().starts_with("could not get down to 3 clues"));
    }
}
