//! `DlxSudoku` restarts a search for one solution in other orders (items
//! shuffled, options led by a reference solution) once
//! the encoding's order has used `Restarts::first_attempt` nodes. Checked
//! here: a sparse 25x25 grid that the exact order does not solve in a
//! million nodes is solved with restarts, the same way on every run; the
//! caller's node budget still bounds the sum of the attempts; a grid with no
//! solution is still proved to have none; counting never restarts; lent
//! to idle threads, the restarts answer as on one.

use dlx_engine::exact_cover::{End, Limits};
use dlx_engine::puzzles::sudoku::{samples, DlxSudoku, Grid, Restarts, SudokuSolver};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// The pattern solution of box size `n` with `fraction` of its cells
/// blanked, chosen by `seed`: a puzzle with (usually) many solutions.
fn blanked(n: usize, fraction: f64, seed: u64) -> Grid {
    let mut cells = samples::pattern_solution(n).cells().to_vec();
    let mut order: Vec<usize> = (0..cells.len()).collect();
    order.shuffle(&mut Xoshiro256PlusPlus::seed_from_u64(seed));
    let blanks = (fraction * cells.len() as f64) as usize;
    for &cell in &order[..blanks] {
        cells[cell] = 0;
    }
    Grid::from_cells(n, cells).unwrap()
}

/// A 25x25 grid, 65% blank, on which the encoding's order runs into a
/// subtree of millions of nodes without a solution (found by trying seeds;
/// most such grids are solved in a few thousand nodes either way).
fn heavy_tailed() -> Grid {
    blanked(5, 0.65, 21)
}

fn exact() -> DlxSudoku {
    DlxSudoku::with_restarts(None)
}

#[test]
fn restarts_solve_what_the_exact_order_does_not() {
    let puzzle = heavy_tailed();
    let budget = Limits::none().with_max_nodes(1_000_000);
    let stuck = exact().solve(&puzzle, budget);
    assert_eq!((stuck.end, stuck.nodes), (End::NodeLimit, 1_000_000));
    assert!(stuck.grid.is_none());

    let solved = DlxSudoku::new().solve(&puzzle, budget);
    assert_eq!((solved.end, solved.count), (End::Stopped, 1));
    assert!(solved.nodes > Restarts::DEFAULT.first_attempt && solved.nodes < 1_000_000);
    let grid = solved.grid.as_ref().expect("a solution");
    grid.check_solution(&puzzle).expect("a valid solution");

    // The orders are drawn from the puzzle: the same answer and node count
    // from a solver that has solved other grids, and from a fresh one.
    let mut used = DlxSudoku::new();
    used.solve(&blanked(5, 0.65, 4), budget);
    used.solve(&Grid::from_line(samples::HARD).unwrap(), Limits::none());
    assert_eq!(used.solve(&puzzle, budget), solved);
    assert_eq!(DlxSudoku::new().solve(&puzzle, budget), solved);

    // On a pool with idle threads the restarts run at once
    // (`DlxSudoku::lend_after`): the same answer and node count.
    for threads in [2, 3] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        assert_eq!(
            pool.install(|| DlxSudoku::new().solve(&puzzle, budget)),
            solved
        );
    }
}

#[test]
fn the_node_budget_bounds_all_attempts_together() {
    let puzzle = heavy_tailed();
    // The first restart, led by a reference solution, solves this grid in
    // 3,075 nodes: a cap 1,000 nodes past the first attempt stops it.
    let cap = Restarts::DEFAULT.first_attempt + 1_000;
    let s = DlxSudoku::new().solve(&puzzle, Limits::none().with_max_nodes(cap));
    assert_eq!((s.end, s.nodes, s.count), (End::NodeLimit, cap, 0));
    // A budget the first attempt cannot use up leaves no room to restart.
    let small = Limits::none().with_max_nodes(1_000);
    assert_eq!(
        DlxSudoku::new().solve(&puzzle, small),
        exact().solve(&puzzle, small)
    );
}

#[test]
fn counting_searches_in_the_encodings_order() {
    let puzzle = heavy_tailed();
    let limits = Limits::solutions(2).with_max_nodes(400_000);
    let counted = DlxSudoku::new().solve(&puzzle, limits);
    assert_eq!(counted, exact().solve(&puzzle, limits));
    assert_eq!(counted.end, End::NodeLimit);
}

#[test]
fn a_grid_without_solution_is_still_proved_to_have_none() {
    // The hard 17-clue puzzle with one more given that clashes with no
    // other but is not its solution's: no solution, and only a search
    // finds that out. Restarting after every node or two makes every
    // attempt but the last few stop early; the budgets grow until one runs
    // to its end.
    let hard = Grid::from_line(samples::HARD).unwrap();
    let solution = Grid::from_line(samples::HARD_SOLUTION).unwrap();
    let eager = Some(Restarts {
        first_attempt: 1,
        unit: 1,
    });
    let mut tried = 0;
    for cell in (0..81).filter(|&c| hard.cells()[c] == 0) {
        for digit in (1..=9).filter(|&d| d != solution.cells()[cell]) {
            let mut cells = hard.cells().to_vec();
            cells[cell] = digit;
            let puzzle = Grid::from_cells(3, cells).unwrap();
            if puzzle.check_givens().is_err() {
                continue;
            }
            let reference = exact().solve(&puzzle, Limits::none());
            if reference.nodes < 20 {
                continue;
            }
            assert_eq!((reference.end, reference.count), (End::Exhausted, 0));
            let restarted = DlxSudoku::with_restarts(eager).solve(&puzzle, Limits::none());
            assert_eq!((restarted.end, restarted.count), (End::Exhausted, 0));
            assert!(restarted.grid.is_none());
            assert!(restarted.nodes > 1, "restarted at {cell} {digit}");
            tried += 1;
        }
    }
    assert!(tried >= 10, "only {tried} grids needed a search");
}

#[test]
fn a_unit_of_zero_still_searches() {
    let hard = Grid::from_line(samples::HARD).unwrap();
    let zero = Some(Restarts {
        first_attempt: 0,
        unit: 0,
    });
    let s = DlxSudoku::with_restarts(zero).solve(&hard, Limits::none());
    assert_eq!(
        s.grid,
        Some(Grid::from_line(samples::HARD_SOLUTION).unwrap())
    );
}
