//! Unique puzzles of the layouts (`dlx gen --variant jigsaw|killer|samurai`):
//! a random complete solution, then givens removed in a random order while
//! the engine still finds exactly one solution.
//!
//! - jigsaw: a random region map grown from `side` random seeds (every
//!   region connected, though the rules do not ask it), kept when the
//!   engine finds a grid for it;
//! - killer: a random classic grid cut into random connected cages of 1
//!   to 5 cells holding distinct digits, each cage's sum read from the
//!   grid; then every given removed that can be;
//! - samurai: a random solution of the empty frame (its options shuffled).
//!
//! The same (seed, index) gives the same puzzle on any number of threads.

use rand::seq::SliceRandom;
use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::sudoku::{random_cover, random_full_grid, rng_for};
use crate::exact_cover::{End, Limits};
use crate::puzzles::sudoku::variants::{
    Jigsaw, Killer, Layout, LayoutPuzzle, Samurai, SamuraiForm,
};
use crate::puzzles::sudoku::BoxShape;

/// Search nodes of each uniqueness check while removing givens: one that
/// runs out keeps its given (the puzzle stays unique, maybe not minimal).
pub const LAYOUT_CHECK_BUDGET: u64 = 1_000_000;

/// Search nodes the engine may take to find a grid for a random region
/// map before the map is drawn again.
const MAP_BUDGET: u64 = 100_000;

/// Labels of regions and cages, in the order they are given.
const LABELS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// A generated layout puzzle and its only solution.
#[derive(Debug, Clone)]
pub struct LayoutGenerated {
    /// The puzzle.
    pub puzzle: LayoutPuzzle,
    /// Its only solution, one digit per cell.
    pub solution: Vec<u8>,
    /// Uniqueness checks that ran out of [`LAYOUT_CHECK_BUDGET`] (their
    /// givens were kept).
    pub unproven: usize,
}

/// Makes puzzle `index` of a run of `layout` puzzles seeded with `seed`;
/// `side` is the grid's side for jigsaw (4 to 16) and killer (4, 6, 8, 9,
/// 10, 12, 14, 15 or 16: sides with boxes of 2x2 cells at least), ignored
/// for samurai (9).
pub fn generate_layout(
    layout: Layout,
    side: usize,
    seed: u64,
    index: u64,
) -> Result<LayoutGenerated, String> {
    let mut rng = rng_for(seed, index);
    let (puzzle, solution) = match layout {
        Layout::Jigsaw => {
            if !(4..=16).contains(&side) {
                return Err(format!("jigsaw grids are 4x4 to 16x16, not {side}x{side}"));
            }
            jigsaw_solution(side, &mut rng)
        }
        Layout::Killer => {
            let shape = BoxShape::for_side(side).map_err(|e| e.to_string())?;
            if side > 16 {
                return Err(format!("killer grids are 4x4 to 16x16, not {side}x{side}"));
            }
            killer_solution(shape, &mut rng)
        }
        Layout::Samurai => {
            let empty = LayoutPuzzle::Samurai(
                Samurai::new(vec![0; Samurai::places().len()], SamuraiForm::Line)
                    .expect("the empty frame is a puzzle"),
            );
            let solution = random_solution(&empty, &mut rng, Some(10_000));
            (empty, solution)
        }
    };
    let (puzzle, unproven) = dig(puzzle.with_givens(solution.clone()), &mut rng);
    Ok(LayoutGenerated {
        puzzle,
        solution,
        unproven,
    })
}

/// A random solution of `puzzle` (which has one), by the engine on its
/// options in a random order.
fn random_solution(
    puzzle: &LayoutPuzzle,
    rng: &mut Xoshiro256PlusPlus,
    budget: Option<u64>,
) -> Vec<u8> {
    let side = puzzle.side();
    let mut cells = puzzle.givens().to_vec();
    let chosen = random_cover(&puzzle.problem(), rng, budget).expect("the puzzle has a solution");
    let cell_options = cells.len() * side;
    for o in chosen.into_iter().filter(|&o| o < cell_options) {
        cells[o / side] = (o % side) as u8 + 1;
    }
    cells
}

/// Removes givens in a random order while the engine finds exactly one
/// solution within [`LAYOUT_CHECK_BUDGET`] nodes; the puzzle and the
/// checks that ran out.
fn dig(mut puzzle: LayoutPuzzle, rng: &mut Xoshiro256PlusPlus) -> (LayoutPuzzle, usize) {
    let mut order: Vec<usize> = (0..puzzle.givens().len()).collect();
    order.shuffle(rng);
    let mut unproven = 0;
    for k in order {
        let mut givens = puzzle.givens().to_vec();
        givens[k] = 0;
        let candidate = puzzle.with_givens(givens);
        let found = candidate.solve(Limits::solutions(2).with_max_nodes(LAYOUT_CHECK_BUDGET));
        match (found.count, found.end) {
            (1, End::Exhausted) => puzzle = candidate,
            (_, end) if end.is_limit() => unproven += 1,
            _ => {}
        }
    }
    (puzzle, unproven)
}

/// A random region map with a grid, and a random such grid.
fn jigsaw_solution(side: usize, rng: &mut Xoshiro256PlusPlus) -> (LayoutPuzzle, Vec<u8>) {
    loop {
        let regions = random_regions(side, rng);
        let labels = LABELS[..side].iter().map(|&b| char::from(b)).collect();
        let jigsaw = Jigsaw::new(vec![0; side * side], regions, labels)
            .expect("a grown map has side regions of side cells");
        let puzzle = LayoutPuzzle::Jigsaw(jigsaw);
        // Not every map has a grid: one the engine cannot fill soon is
        // drawn again.
        let found = puzzle.solve(Limits::none().with_max_nodes(MAP_BUDGET));
        if found.cells.is_some() {
            let solution = random_solution(&puzzle, rng, Some(10_000));
            return (puzzle, solution);
        }
    }
}

/// Orthogonal neighbours of cell `k` of a `side x side` grid.
fn neighbours(k: usize, side: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (k / side, k % side);
    let up = (r > 0).then(|| k - side);
    let down = (r + 1 < side).then_some(k + side);
    let left = (c > 0).then(|| k - 1);
    let right = (c + 1 < side).then_some(k + 1);
    [up, down, left, right].into_iter().flatten()
}

/// `side` connected regions of `side` cells: grown from random seeds, the
/// smallest region first, each taking the free neighbour with the fewest
/// free neighbours of its own (so no pocket is cut off lightly); drawn
/// again when a region cannot grow.
fn random_regions(side: usize, rng: &mut Xoshiro256PlusPlus) -> Vec<u8> {
    const FREE: u8 = u8::MAX;
    'attempt: loop {
        let mut regions = vec![FREE; side * side];
        let mut cells: Vec<Vec<usize>> = vec![Vec::new(); side];
        let mut seeds: Vec<usize> = (0..side * side).collect();
        seeds.shuffle(rng);
        for (g, &k) in seeds[..side].iter().enumerate() {
            regions[k] = g as u8;
            cells[g].push(k);
        }
        for _ in side..side * side {
            let smallest = (0..side)
                .filter(|&g| cells[g].len() < side)
                .min_by_key(|&g| (cells[g].len(), rng.gen::<u32>()))
                .expect("cells are left, so a region is short");
            let free_around = |k: usize, regions: &[u8]| {
                neighbours(k, side).filter(|&n| regions[n] == FREE).count()
            };
            let mut frontier: Vec<usize> = (cells[smallest].iter())
                .flat_map(|&k| neighbours(k, side))
                .filter(|&n| regions[n] == FREE)
                .collect();
            frontier.sort_unstable();
            frontier.dedup();
            let Some(&next) = frontier
                .iter()
                .min_by_key(|&&n| (free_around(n, &regions), rng.gen::<u32>()))
            else {
                continue 'attempt;
            };
            regions[next] = smallest as u8;
            cells[smallest].push(next);
        }
        return regions;
    }
}

/// A random classic grid cut into random cages, and that grid.
fn killer_solution(shape: BoxShape, rng: &mut Xoshiro256PlusPlus) -> (LayoutPuzzle, Vec<u8>) {
    let side = shape.side();
    loop {
        let grid = random_full_grid(shape, rng);
        let digits = grid.cells();
        let mut cage_of: Vec<Option<usize>> = vec![None; side * side];
        let mut sums: Vec<(char, u32)> = Vec::new();
        let mut order: Vec<usize> = (0..side * side).collect();
        order.shuffle(rng);
        for start in order {
            if cage_of[start].is_some() {
                continue;
            }
            let c = sums.len();
            let target = rng.gen_range(2..=5usize);
            let mut cage = vec![start];
            cage_of[start] = Some(c);
            while cage.len() < target {
                let mut options: Vec<usize> = (cage.iter())
                    .flat_map(|&k| neighbours(k, side))
                    .filter(|&n| cage_of[n].is_none())
                    .filter(|&n| cage.iter().all(|&k| digits[k] != digits[n]))
                    .collect();
                options.sort_unstable();
                options.dedup();
                let Some(&next) = options.choose(rng) else {
                    break;
                };
                cage_of[next] = Some(c);
                cage.push(next);
            }
            let sum = cage.iter().map(|&k| u32::from(digits[k])).sum();
            sums.push(('?', sum));
        }
        // One label per cage: more cages than labels draws again.
        if sums.len() > LABELS.len() {
            continue;
        }
        for (i, (label, _)) in sums.iter_mut().enumerate() {
            *label = char::from(LABELS[i]);
        }
        let killer = Killer::new(vec![0; side * side], &cage_of, &sums)
            .expect("cages cut from a grid are valid");
        return (LayoutPuzzle::Killer(killer), digits.to_vec());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each layout's puzzle is unique by the peer backtracker (no code
    /// shared with the engine that dug it), and its solution passes the
    /// independent verifier.
    #[test]
    fn generated_puzzles_are_unique_by_the_peer_solver() {
        for (layout, side) in [
            (Layout::Jigsaw, 9),
            (Layout::Jigsaw, 6),
            (Layout::Killer, 9),
            (Layout::Samurai, 9),
        ] {
            let made = generate_layout(layout, side, 11, 0).unwrap();
            made.puzzle.check_solution(&made.solution).unwrap();
            let found = made.puzzle.solve_by_peers(Limits::solutions(2));
            assert_eq!((found.count, found.end), (1, End::Exhausted), "{layout}");
            assert_eq!(found.cells.as_ref(), Some(&made.solution), "{layout}");
            // Dug: fewer givens than cells (killer to none, often).
            assert!(made.puzzle.givens().iter().filter(|&&v| v != 0).count() < made.solution.len());
        }
    }
}
