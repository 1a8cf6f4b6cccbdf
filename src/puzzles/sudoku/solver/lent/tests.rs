//! A search lent to idle threads answers as one thread does: the same
//! grid and node count for restarts, the same count and grid for counts
//! and first solutions without restarts, Sudoku and Sudominoku, on pools
//! of 2 and 3 threads. The expected answers are the one-thread search's
//! (`lend_after(None)`), checked against the rules by `check_solution`.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::exact_cover::Limits;
use crate::generate::sudominoku::generate;
use crate::puzzles::sudoku::samples::pattern_solution;
use crate::puzzles::sudoku::{DlxSudoku, Grid, Restarts, Solution, SudokuSolver};
use crate::puzzles::sudominoku::{DlxSudominoku, Puzzle};

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
}

/// A valid grid of box size `n` with `blanks` of its cells blanked,
/// reproducibly from `seed`: a puzzle with at least that solution.
fn sparse(n: usize, blanks: usize, seed: u64) -> Grid {
    let solved = pattern_solution(n);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    // Digits relabelled, so the grids differ from seed to seed.
    let mut digits: Vec<u8> = (1..=(n * n) as u8).collect();
    digits.shuffle(&mut rng);
    let mut cells: Vec<u8> = solved
        .cells()
        .iter()
        .map(|&d| digits[usize::from(d) - 1])
        .collect();
    let mut order: Vec<usize> = (0..cells.len()).collect();
    order.shuffle(&mut rng);
    for &k in &order[..blanks] {
        cells[k] = 0;
    }
    Grid::from_cells(n, cells).unwrap()
}

/// Restarts small enough that these grids restart many times.
const SMALL: Restarts = Restarts {
    first_attempt: 40,
    unit: 8,
};

/// Solves `puzzle` on a worker of `pool`, lending after `lend_after`.
fn on_pool(pool: &rayon::ThreadPool, solver: DlxSudoku, puzzle: &Grid, limits: Limits) -> Solution {
    let mut solver = solver;
    pool.install(|| solver.solve(puzzle, limits))
}

/// Restarts run at once give one thread's grid, end and node count.
#[test]
fn lent_restarts_answer_as_one_thread() {
    let mut restarted = 0;
    for threads in [2, 3] {
        let pool = pool(threads);
        for seed in 0..6 {
            let puzzle = sparse(4, 150, seed);
            for limits in [
                Limits::none(),
                Limits::none().with_max_nodes(500),
                Limits::none().with_max_nodes(41),
            ] {
                let alone = DlxSudoku::with_restarts(Some(SMALL))
                    .lend_after(None)
                    .solve(&puzzle, limits);
                let lent = on_pool(
                    &pool,
                    DlxSudoku::with_restarts(Some(SMALL)).lend_after(Some(1)),
                    &puzzle,
                    limits,
                );
                assert_eq!(lent, alone, "seed {seed}, {threads} threads, {limits:?}");
                if let Some(grid) = &lent.grid {
                    grid.check_solution(&puzzle).unwrap();
                }
                restarted += u32::from(alone.nodes > SMALL.first_attempt);
            }
        }
    }
    // The grids did restart: the test tested something.
    assert!(restarted > 10, "only {restarted} searches restarted");
}

/// Counts (to the end, to 2 and to 7) and a first solution without
/// restarts, finished in parts, give one thread's count, end and grid.
#[test]
fn lent_counts_answer_as_one_thread() {
    let mut fewer_nodes = 0;
    for threads in [2, 3] {
        let pool = pool(threads);
        for seed in 0..8 {
            let puzzle = sparse(3, 50 + (seed as usize % 4), seed);
            for limits in [
                Limits::solutions(u64::MAX),
                Limits::solutions(2),
                Limits::solutions(7),
                Limits::none(),
            ] {
                let alone = DlxSudoku::with_restarts(None)
                    .lend_after(None)
                    .solve(&puzzle, limits);
                let lent = on_pool(
                    &pool,
                    DlxSudoku::with_restarts(None).lend_after(Some(5)),
                    &puzzle,
                    limits,
                );
                let what = format!("seed {seed}, {threads} threads, {limits:?}");
                assert_eq!((lent.count, lent.end), (alone.count, alone.end), "{what}");
                // The grid is an answer when it is the only solution, or
                // the first one asked for.
                if alone.count == 1 || limits.max_solutions.is_none() {
                    assert_eq!(lent.grid, alone.grid, "{what}");
                }
                lent.grid.unwrap().check_solution(&puzzle).unwrap();
                // Parts do not search the levels above them again.
                fewer_nodes += u32::from(lent.nodes < alone.nodes);
            }
        }
    }
    // The searches were lent.
    assert!(fewer_nodes > 20, "only {fewer_nodes} searches were lent");
}

/// Off a pool, or with lending off, the search is one thread's.
#[test]
fn no_lending_off_a_pool() {
    let puzzle = sparse(3, 52, 1);
    let alone = DlxSudoku::with_restarts(None)
        .lend_after(None)
        .solve(&puzzle, Limits::solutions(u64::MAX));
    let here = DlxSudoku::with_restarts(None)
        .lend_after(Some(5))
        .solve(&puzzle, Limits::solutions(u64::MAX));
    assert_eq!(here, alone);
    let off = on_pool(
        &pool(2),
        DlxSudoku::with_restarts(None).lend_after(None),
        &puzzle,
        Limits::solutions(u64::MAX),
    );
    assert_eq!(off, alone);
}

/// Sudominoku with few dominoes placed: the first grid, the count to 2
/// and to 10 are one thread's.
#[test]
fn lent_sudominoku_answers_as_one_thread() {
    let mut fewer_nodes = 0;
    let pool = pool(2);
    for seed in 0..4 {
        let whole = generate(7, seed);
        let open = Puzzle::new(whole.dominoes()[..8].to_vec(), *whole.singles()).unwrap();
        for limits in [Limits::none(), Limits::solutions(2), Limits::solutions(10)] {
            let alone = DlxSudominoku::new().lend_after(None).solve(&open, limits);
            let lent = pool.install(|| {
                DlxSudominoku::new()
                    .lend_after(Some(5))
                    .solve(&open, limits)
            });
            let what = format!("seed {seed}, {limits:?}");
            assert_eq!((lent.count, lent.end), (alone.count, alone.end), "{what}");
            if alone.count == 1 || limits.max_solutions.is_none() {
                assert_eq!(lent.grid, alone.grid, "{what}");
            }
            assert!(lent.grid.is_some(), "{what}");
            fewer_nodes += u32::from(lent.nodes != alone.nodes);
        }
    }
    assert!(fewer_nodes > 3, "only {fewer_nodes} searches were lent");
}
