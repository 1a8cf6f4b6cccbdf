//! `DlxSudoku` makes the givens and the moves they force on bit masks, then
//! runs Algorithm X on the reduced problem they leave. That must be the
//! same search as the engine on the full matrix with the givens selected:
//! the same count, the same first solution, the same search nodes, the same
//! end, whatever the limits. Checked on the bundled puzzle files of every
//! size and on random puzzles (with several solutions, none, and clashes
//! forced late).

use dlx_engine::exact_cover::{End, Limits, Solver};
use dlx_engine::puzzles::sudoku::{encoding, DlxSudoku, Grid, Solution, SudokuSolver};
use proptest::prelude::*;

/// The engine on the whole matrix of the puzzle's size, givens selected.
fn full_matrix(puzzle: &Grid, limits: Limits) -> Solution {
    let side = puzzle.side();
    let mut solver = Solver::new(encoding::matrix(puzzle.box_size()));
    let givens = (puzzle.cells().iter().enumerate())
        .filter(|&(_, &v)| v != 0)
        .map(|(k, &v)| encoding::option(side, k / side, k % side, v as usize - 1));
    if solver.select_all(givens).is_err() {
        return Solution::none();
    }
    let limits = Limits {
        max_solutions: Some(limits.max_solutions.unwrap_or(1)),
        ..limits
    };
    let mut first = None;
    let report = solver.search(limits, |options| {
        if first.is_none() {
            let mut grid = puzzle.clone();
            for &o in options {
                let (r, c, d) = encoding::decode(side, o);
                grid.set(r, c, d as u8 + 1);
            }
            first = Some(grid);
        }
        std::ops::ControlFlow::Continue(())
    });
    Solution {
        grid: first,
        count: report.solutions,
        end: report.end,
        nodes: report.stats.nodes,
    }
}

fn puzzles(path: &str, take: usize) -> Vec<Grid> {
    let text = std::fs::read_to_string(path).unwrap();
    let grids: Vec<Grid> = text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .take(take)
        .map(|l| Grid::from_line(l.split(" #").next().unwrap().trim()).unwrap())
        .collect();
    assert_eq!(grids.len(), take, "{path} has {take} puzzles");
    grids
}

#[test]
fn bundled_files_search_as_the_full_matrix() {
    let mut dlx = DlxSudoku::new();
    let sets = [
        ("puzzles/sudoku/minimal-1000.txt", 300),
        ("puzzles/sudoku/hardest-100.txt", 100),
        ("puzzles/sudoku/16x16-100.txt", 6),
        ("puzzles/sudoku/25x25-20.txt", 2),
    ];
    let mut branching = 0;
    for (path, take) in sets {
        for (k, puzzle) in puzzles(path, take).iter().enumerate() {
            for limits in [Limits::solutions(2), Limits::none()] {
                let ours = dlx.solve(puzzle, limits);
                assert_eq!(ours, full_matrix(puzzle, limits), "{path} puzzle {}", k + 1);
                let blanks = puzzle.cells().iter().filter(|&&v| v == 0).count() as u64;
                branching += u64::from(ours.nodes > blanks);
            }
        }
    }
    // Not every puzzle falls to forced moves alone: the search part is
    // compared too.
    assert!(branching > 100, "{branching} searches that branched");
}

#[test]
fn node_budgets_end_where_the_full_matrix_ends() {
    let mut dlx = DlxSudoku::new();
    for puzzle in puzzles("puzzles/sudoku/hardest-100.txt", 20) {
        let nodes = full_matrix(&puzzle, Limits::solutions(2)).nodes;
        // Inside the forced moves, at their end, and inside the search.
        for budget in [0, 1, nodes / 4, nodes / 2, nodes - 1, nodes, nodes + 1] {
            let limits = Limits::solutions(2).with_max_nodes(budget);
            let ours = dlx.solve(&puzzle, limits);
            let full = full_matrix(&puzzle, limits);
            assert_eq!(ours, full, "budget {budget} of {nodes}");
            if budget < nodes {
                assert_eq!(ours.end, End::NodeLimit);
            }
        }
    }
}

proptest! {
    #![proptest_config(crate::common::proptest_config(400))]

    /// Random 9x9 puzzles: a known solution with some cells blanked and
    /// a few changed (so some have no solution, found by the forced moves
    /// or only by the search).
    #[test]
    fn random_puzzles_search_as_the_full_matrix(
        blanks in prop::collection::vec(0usize..81, 30..75),
        changes in prop::collection::vec((0usize..81, 1u8..=9), 0..3),
        relabel in Just((1u8..=9).collect::<Vec<_>>()).prop_shuffle(),
    ) {
        let pattern = dlx_engine::puzzles::sudoku::samples::pattern_solution(3);
        let cells: Vec<u8> = pattern.cells().iter().map(|&v| relabel[v as usize - 1]).collect();
        let mut puzzle = Grid::from_cells(3, cells).unwrap();
        for &k in &blanks {
            puzzle.set(k / 9, k % 9, 0);
        }
        for &(k, v) in &changes {
            let old = puzzle.get(k / 9, k % 9);
            puzzle.set(k / 9, k % 9, v);
            if puzzle.check_givens().is_err() {
                puzzle.set(k / 9, k % 9, old);
            }
        }
        let mut dlx = DlxSudoku::new();
        for limits in [Limits::solutions(2), Limits::solutions(5).with_max_nodes(300)] {
            let ours = dlx.solve(&puzzle, limits);
            let full = full_matrix(&puzzle, limits);
            if ours.count == 0 && full.count == 0 && ours.end == End::Exhausted {
                // No solution: the forced moves may meet the contradiction
                // after a different number of moves than MRV's order.
                prop_assert_eq!(full.end, End::Exhausted);
            } else {
                prop_assert_eq!(ours, full);
            }
        }
    }
}
