//! The three Sudoku solvers (DLX, naive backtracking, bitmask backtracking)
//! agree on random puzzles: solvable or not, solution count capped at 2, how
//! the search ended, and every grid they return is a valid solution.

use std::cell::RefCell;

use dlx_engine::baseline::{BitmaskSudoku, NaiveSudoku};
use dlx_engine::exact_cover::{End, Limits};
use dlx_engine::puzzles::sudoku::{DlxSudoku, Grid, Solution, SudokuSolver};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// Node budget of the naive solver: plenty for random puzzles that have
/// solutions, but an unsolvable sparse 9x9 can take it far longer; then only
/// its comparison is skipped.
const NAIVE_NODES: u64 = 2_000_000;

/// Node budget of the bitmask solver, for the same reason: a random sparse
/// 9x9 without a solution can keep its backtracking busy for hours (one did,
/// in CI), where DLX refutes it in milliseconds.
const BITMASK_NODES: u64 = 2_000_000;

/// One solver of each kind per test thread, reused across cases so buffer
/// reuse is tested too.
struct Solvers {
    dlx: DlxSudoku,
    naive: NaiveSudoku,
    bitmask: BitmaskSudoku,
}

thread_local! {
    static SOLVERS: RefCell<Solvers> = RefCell::new(Solvers {
        dlx: DlxSudoku::new(),
        naive: NaiveSudoku::new(),
        bitmask: BitmaskSudoku::new(),
    });
}

/// Sets each `(cell, digit)` of `givens` on `grid`, skipping occupied cells
/// and digits that would clash with the givens already there.
fn place_without_clash(grid: &mut Grid, givens: &[(usize, u8)]) {
    let side = grid.side();
    for &(k, digit) in givens {
        let (row, col) = (k / side, k % side);
        if grid.get(row, col) != 0 {
            continue;
        }
        grid.set(row, col, digit);
        if grid.check_givens().is_err() {
            grid.set(row, col, 0);
        }
    }
}

/// A random solved grid: DLX completes a few non-clashing random givens (or
/// the empty grid if they have no completion), then the digits are
/// relabelled by `perm` (`perm[d - 1]` replaces `d`).
fn solved_grid(dlx: &mut DlxSudoku, box_size: usize, seeds: &[(usize, u8)], perm: &[u8]) -> Grid {
    let mut start = Grid::empty(box_size);
    place_without_clash(&mut start, seeds);
    let solved = dlx
        .solve(&start, Limits::none())
        .grid
        .or_else(|| dlx.solve(&Grid::empty(box_size), Limits::none()).grid)
        .expect("the empty grid has a solution");
    let cells = solved
        .cells()
        .iter()
        .map(|&d| perm[d as usize - 1])
        .collect();
    let relabelled = Grid::from_cells(box_size, cells).unwrap();
    relabelled.check_solution(&Grid::empty(box_size)).unwrap();
    relabelled
}

/// Checks a solver's answer on its own: a count capped at 2, a grid exactly
/// when the count is positive, and that grid a solution of `puzzle`.
fn check_answer(name: &str, puzzle: &Grid, s: &Solution) -> Result<(), TestCaseError> {
    prop_assert!(s.count <= 2, "{name}: count {} over the cap", s.count);
    prop_assert_eq!(s.grid.is_some(), s.count > 0, "{}: grid vs count", name);
    if let Some(grid) = &s.grid {
        if let Err(e) = grid.check_solution(puzzle) {
            return Err(TestCaseError::fail(format!(
                "{name}: bad solution ({e}) of\n{}",
                puzzle.to_pretty()
            )));
        }
    }
    Ok(())
}

/// Solves `puzzle` with all three solvers and checks they agree.
fn check_agree(puzzle: &Grid) -> Result<(), TestCaseError> {
    puzzle.check_givens().unwrap();
    let limits = Limits::solutions(2);
    SOLVERS.with(|solvers| {
        let solvers = &mut *solvers.borrow_mut();
        let dlx = solvers.dlx.solve(puzzle, limits);
        let bitmask = solvers
            .bitmask
            .solve(puzzle, limits.with_max_nodes(Some(BITMASK_NODES)));
        let naive = solvers
            .naive
            .solve(puzzle, limits.with_max_nodes(Some(NAIVE_NODES)));

        check_answer("dlx", puzzle, &dlx)?;
        check_answer("bitmask", puzzle, &bitmask)?;
        check_answer("naive", puzzle, &naive)?;
        prop_assert_ne!(dlx.end, End::NodeLimit);
        // Capped at 2: Exhausted below the cap, Stopped at it.
        let expected_end = if dlx.count == 2 {
            End::Stopped
        } else {
            End::Exhausted
        };
        prop_assert_eq!(dlx.end, expected_end);
        prop_assert!(solvers.bitmask.last_guesses() <= bitmask.nodes);
        check_against_dlx("bitmask", &bitmask, BITMASK_NODES, &dlx)?;
        check_against_dlx("naive", &naive, NAIVE_NODES, &dlx)?;
        Ok(())
    })
}

/// A baseline's result against DLX's: out of its node budget it may only
/// have found fewer solutions; otherwise the same count, end and (when
/// unique) grid.
fn check_against_dlx(
    name: &str,
    result: &Solution,
    budget: u64,
    dlx: &Solution,
) -> Result<(), TestCaseError> {
    if result.end == End::NodeLimit {
        prop_assert_eq!(result.nodes, budget, "{} budget", name);
        prop_assert!(result.count <= dlx.count);
    } else {
        prop_assert_eq!(result.count, dlx.count, "{} vs dlx count", name);
        prop_assert_eq!(result.end, dlx.end, "{} vs dlx end", name);
        if dlx.count == 1 {
            prop_assert_eq!(&result.grid, &dlx.grid, "the unique solution");
        }
    }
    Ok(())
}

/// Random givens of a grid of this box size: `(cell, digit)` pairs.
fn givens(
    box_size: usize,
    len: std::ops::RangeInclusive<usize>,
) -> impl Strategy<Value = Vec<(usize, u8)>> {
    let side = box_size * box_size;
    prop::collection::vec((0..side * side, 1..=side as u8), len)
}

/// A puzzle cut from a random solved grid: cell `k` is blanked when
/// `mask[k] < blank_percent`. Always solvable.
fn from_solution(box_size: usize) -> impl Strategy<Value = Grid> {
    let side = box_size * box_size;
    (
        givens(box_size, 0..=side),
        Just((1..=side as u8).collect::<Vec<u8>>()).prop_shuffle(),
        10u8..95,
        prop::collection::vec(0u8..100, side * side),
    )
        .prop_map(move |(seeds, perm, blank_percent, mask)| {
            let solved =
                SOLVERS.with(|s| solved_grid(&mut s.borrow_mut().dlx, box_size, &seeds, &perm));
            let cells = solved
                .cells()
                .iter()
                .zip(&mask)
                .map(|(&d, &m)| if m < blank_percent { 0 } else { d })
                .collect();
            Grid::from_cells(box_size, cells).unwrap()
        })
}

/// A sparse random clue set without clashes: may have no solution.
fn sparse_clues(
    box_size: usize,
    len: std::ops::RangeInclusive<usize>,
) -> impl Strategy<Value = Grid> {
    givens(box_size, len).prop_map(move |seeds| {
        let mut grid = Grid::empty(box_size);
        place_without_clash(&mut grid, &seeds);
        grid
    })
}

proptest! {
    #![proptest_config(crate::common::proptest_config(64))]

    #[test]
    fn agree_on_9x9_cut_from_solutions(puzzle in from_solution(3)) {
        check_agree(&puzzle)?;
    }

    #[test]
    fn agree_on_sparse_9x9_clues(puzzle in sparse_clues(3, 0..=40)) {
        check_agree(&puzzle)?;
    }

    #[test]
    fn agree_on_4x4_cut_from_solutions(puzzle in from_solution(2)) {
        check_agree(&puzzle)?;
    }

    #[test]
    fn agree_on_sparse_4x4_clues(puzzle in sparse_clues(2, 0..=12)) {
        check_agree(&puzzle)?;
    }
}

/// Fixed puzzles that exercise each outcome once, outside proptest.
#[test]
fn agree_on_fixed_puzzles() {
    let lines = [
        // Unique solution.
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        // A 17-clue puzzle: unique, needs guessing.
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        // Many solutions.
        "1...............",
        // No solution, no clash: 1 has no place in row 4.
        "1.....1..1.....2",
    ];
    for line in lines {
        check_agree(&Grid::from_line(line).unwrap()).unwrap();
    }
}
