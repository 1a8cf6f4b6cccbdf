//! The Sudominoku generator: unique-solution puzzles, deterministic in
//! `(seed, index)`, made by cutting a random grid into the singles and
//! dominoes and giving back as few dominoes as uniqueness allows.

use std::ops::ControlFlow;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::exact_cover::{End, Limits, Problem, Solver};
use crate::puzzles::sudoku;
use crate::puzzles::sudominoku::{
    encoding, DlxSudominoku, PlacedDomino, Position, Puzzle, BOJ_MIN_PLACED, CELLS, DOMINOES,
    MIN_PLACED, SIDE,
};

/// Node budget of one uniqueness check while generating; a check that runs
/// out keeps its domino given.
const GEN_CHECK_NODES: u64 = 200_000;

/// Node budget of one attempt at cutting a random grid into pieces.
const GEN_TILING_NODES: u64 = 10_000;

/// A unique-solution puzzle, deterministic in `(seed, index)`; the k-th
/// puzzle (0-based) of a set made with seed `s` is `generate(s, k)`.
///
/// Gives at least 10 dominoes (`BOJ_MIN_PLACED`, the fewest Baekjoon 4574
/// promises), so every puzzle is a valid Baekjoon 4574 input:
///
/// 1. A random complete solution: a random Sudoku grid (the engine's first
///    solution of the empty Sudoku, options added in random order), cut into
///    the nine singles and the 36 dominoes by a second small exact cover
///    solved the same way; grids that cannot be cut are drawn again.
/// 2. All 36 dominoes given (each with its halves listed in random order,
///    the dominoes in random order), then each in turn is removed if the
///    puzzle still has exactly one distinct solution grid
///    ([`DlxSudominoku::solve`] with at most 2 grids, search exhausted),
///    down to that floor.
pub fn generate(seed: u64, index: u64) -> Puzzle {
    generate_with_floor(seed, index, BOJ_MIN_PLACED)
}

/// As [`generate`], but removes given dominoes down to `min_placed` (at
/// least 1) if uniqueness allows.
fn generate_with_floor(seed: u64, index: u64, min_placed: usize) -> Puzzle {
    let min_placed = min_placed.max(MIN_PLACED);
    let mut rng =
        Xoshiro256PlusPlus::seed_from_u64(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let options = random_tiling(&mut rng);
    let mut singles = [Position::from_index(0).expect("cell 0 is on the grid"); 9];
    let mut dominoes = Vec::with_capacity(DOMINOES);
    for &o in &options {
        match encoding::decode(o) {
            encoding::Placement::Single { at, digit } => singles[digit as usize - 1] = at,
            encoding::Placement::Domino(d) => {
                dominoes.push(if rng.gen() { d.flipped() } else { d })
            }
        }
    }
    dominoes.sort_by_key(|d| d.lu.min(d.lv));
    dominoes.shuffle(&mut rng);
    let mut keep = [true; DOMINOES];
    let mut placed = DOMINOES;
    let mut dlx = DlxSudominoku::new();
    let build = |keep: &[bool; DOMINOES]| {
        let kept = dominoes
            .iter()
            .zip(keep)
            .filter(|(_, &k)| k)
            .map(|(d, _)| *d)
            .collect();
        Puzzle::new(kept, singles).expect("a tiling's pieces are valid givens")
    };
    for k in 0..DOMINOES {
        if placed <= min_placed {
            break;
        }
        keep[k] = false;
        let s = dlx.solve(
            &build(&keep),
            Limits::solutions(2).with_max_nodes(Some(GEN_CHECK_NODES)),
        );
        if s.count == 1 && s.end == End::Exhausted {
            placed -= 1;
        } else {
            keep[k] = true;
        }
    }
    build(&keep)
}

/// The options (of [`encoding`]) of a random complete solution: 9 singles
/// and 36 dominoes. Draws random Sudoku grids until one can be tiled.
fn random_tiling(rng: &mut Xoshiro256PlusPlus) -> Vec<usize> {
    loop {
        let cells = random_sudoku(rng);
        if let Some(options) = random_tiling_of(&cells, rng) {
            return options;
        }
    }
}

/// A random complete 9x9 Sudoku grid: the first solution of the empty
/// Sudoku on a matrix whose options were added in a random order.
fn random_sudoku(rng: &mut Xoshiro256PlusPlus) -> [u8; CELLS] {
    let base = sudoku::encoding::problem(3);
    let mut order: Vec<usize> = (0..base.options()).collect();
    order.shuffle(rng);
    let mut p = Problem::new();
    for item in base.items() {
        p.add_item(item.name.clone(), item.kind)
            .expect("distinct names");
    }
    for &o in &order {
        p.add_option(&base.option(o).collect::<Vec<_>>())
            .expect("valid option");
    }
    let solution = Solver::new(&p.compile().expect("fits"))
        .first_solution()
        .expect("the empty Sudoku has solutions");
    let mut cells = [0u8; CELLS];
    for k in solution {
        let (r, c, d) = sudoku::encoding::decode(SIDE, order[k]);
        cells[r * SIDE + c] = d as u8 + 1;
    }
    cells
}

/// A random way to cut the full grid `cells` into the nine singles and the
/// 36 dominoes, as options of [`encoding`], if one is found. A small exact
/// cover: items are the cells, the single digits and the dominoes; options
/// are "cell k is a single" and "edge e is a domino", added in random order.
/// Most random grids can be cut, in a small search, so drawing another grid
/// when one cannot is cheap (figures in `docs/perf-log.md`, "Figures moved
/// out of code comments").
fn random_tiling_of(cells: &[u8; CELLS], rng: &mut Xoshiro256PlusPlus) -> Option<Vec<usize>> {
    let mut placements: Vec<usize> = (0..CELLS)
        .map(|k| {
            let at = Position::from_index(k).expect("on grid");
            encoding::single_option(at, cells[k])
        })
        .chain((0..encoding::EDGES).map(|e| {
            let (p, q) = encoding::edge_cells(e);
            encoding::domino_option(&PlacedDomino::new(cells[p.index()], p, cells[q.index()], q))
        }))
        .collect();
    placements.shuffle(rng);
    let mut p = Problem::new();
    for k in 0..CELLS + SIDE + DOMINOES {
        p.add_primary(format!("i{k}")).expect("distinct names");
    }
    for &o in &placements {
        let items: Vec<usize> = match encoding::decode(o) {
            encoding::Placement::Single { at, digit } => {
                vec![at.index(), CELLS + digit as usize - 1]
            }
            encoding::Placement::Domino(d) => vec![
                d.lu.index(),
                d.lv.index(),
                CELLS + SIDE + encoding::domino_index(d.u, d.v),
            ],
        };
        p.add_option(&items).expect("valid option");
    }
    let mut solver = Solver::new(&p.compile().expect("fits"));
    let mut found = None;
    solver.search(
        Limits::solutions(1).with_max_nodes(Some(GEN_TILING_NODES)),
        |s| {
            found = Some(s.iter().map(|&k| placements[k]).collect());
            ControlFlow::Break(())
        },
    );
    found
}
