//! Baseline solvers to compare the exact-cover engine with.
//!
//! The Sudoku baselines both implement [`SudokuSolver`](crate::puzzles::sudoku::SudokuSolver) for
//! every box shape (4x4 up to 64x64, boxes of R x C) and honour
//! [`Limits`](crate::exact_cover::Limits) the way
//! [`DlxSudoku`](crate::puzzles::sudoku::DlxSudoku) does: `max_solutions`
//! defaults to 1, a search node is one digit placed in a cell, and
//! [`End`](crate::exact_cover::End) tells whether the count is exact.
//!
//! - [`naive::NaiveSudoku`]: the textbook backtracking (blanks in reading
//!   order, digits `1..=side` in order, validity by scanning the grid).
//! - [`bitmask::BitmaskSudoku`]: strong classical backtracking (per-unit
//!   `u64` candidate masks, fewest-candidates cell first), which also reports
//!   how many of its nodes were guesses.
//! - [`naive_sudominoku::NaiveSudominoku`]: the textbook backtracking of
//!   Sudominoku, a
//!   [`SudominokuSolver`](crate::puzzles::sudominoku::SudominokuSolver)
//!   with the same meaning of limits as
//!   [`DlxSudominoku`](crate::puzzles::sudominoku::DlxSudominoku).
//!
//! ```
//! use dlx_engine::baseline::{BitmaskSudoku, NaiveSudoku};
//! use dlx_engine::exact_cover::{End, Limits};
//! use dlx_engine::puzzles::sudoku::samples::{HARD, HARD_SOLUTION};
//! use dlx_engine::puzzles::sudoku::{Grid, SudokuSolver};
//!
//! // Arto Inkala's 2012 puzzle and its published solution.
//! let puzzle = Grid::from_line(HARD).unwrap();
//! let mut bitmask = BitmaskSudoku::new();
//! let found = bitmask.solve(&puzzle, Limits::solutions(2));
//! assert_eq!((found.count, found.end), (1, End::Exhausted)); // unique
//! let grid = found.grid.unwrap();
//! grid.check_solution(&puzzle).unwrap();
//! assert_eq!(grid.to_line(), HARD_SOLUTION);
//! assert!(bitmask.last_guesses() > 0); // singles alone do not solve it
//!
//! // The textbook backtracking finds the same grid.
//! let naive = NaiveSudoku::new().solve(&puzzle, Limits::none());
//! assert_eq!(naive.grid.unwrap().to_line(), HARD_SOLUTION);
//! ```

pub mod bitmask;
pub mod naive;
pub mod naive_sudominoku;

pub use bitmask::BitmaskSudoku;
pub use naive::NaiveSudoku;
pub use naive_sudominoku::NaiveSudominoku;

/// What every [`SudokuSolver`](crate::puzzles::sudoku::SudokuSolver) of the
/// crate promises, checked once for all three: the baselines here and
/// [`DlxSudoku`](crate::puzzles::sudoku::DlxSudoku). Each solver's own tests
/// keep only what is its own (node counts, guesses, search order).
#[cfg(test)]
mod contract {
    use std::time::{Duration, Instant};

    use super::{BitmaskSudoku, NaiveSudoku};
    use crate::exact_cover::{End, Limits};
    use crate::puzzles::sudoku::samples::{EASY, EASY_SOLUTION};
    use crate::puzzles::sudoku::{DlxSudoku, Grid, SudokuSolver};

    /// Runs `check` on a fresh solver of each kind, then again on the same
    /// solver (a solver is reused across puzzles in a batch).
    fn for_each_solver(check: impl Fn(&mut dyn SudokuSolver, &str)) {
        let solvers: [(Box<dyn SudokuSolver>, &str); 3] = [
            (Box::new(DlxSudoku::new()), "dlx"),
            (Box::new(NaiveSudoku::new()), "naive"),
            (Box::new(BitmaskSudoku::new()), "bitmask"),
        ];
        for (mut solver, name) in solvers {
            check(solver.as_mut(), name);
            check(solver.as_mut(), name);
        }
    }

    #[test]
    fn first_solution_by_default_and_exact_counts_on_request() {
        let puzzle = Grid::from_line(EASY).unwrap();
        for_each_solver(|solver, name| {
            let all = solver.solve(&puzzle, Limits::solutions(2));
            assert_eq!((all.count, all.end), (1, End::Exhausted), "{name}");
            let grid = all.grid.unwrap();
            assert_eq!(grid.to_line(), EASY_SOLUTION, "{name}");
            grid.check_solution(&puzzle).unwrap();

            let first = solver.solve(&puzzle, Limits::none());
            assert_eq!((first.count, first.end), (1, End::Stopped), "{name}");
            assert_eq!(first.grid.unwrap().to_line(), EASY_SOLUTION, "{name}");
            assert!(first.nodes <= all.nodes, "{name}");
        });
    }

    #[test]
    fn the_empty_4x4_grid_has_288_solutions() {
        let empty = Grid::empty(2);
        for_each_solver(|solver, name| {
            let s = solver.solve(&empty, Limits::solutions(1000));
            assert_eq!((s.count, s.end), (288, End::Exhausted), "{name}");
            s.grid.unwrap().check_solution(&empty).unwrap();
        });
    }

    #[test]
    fn full_and_clashing_grids_need_no_search() {
        let solved = Grid::from_line(EASY_SOLUTION).unwrap();
        let mut clash = Grid::empty(2);
        clash.set(0, 0, 1);
        clash.set(3, 0, 1);
        for_each_solver(|solver, name| {
            let s = solver.solve(&solved, Limits::solutions(2));
            assert_eq!((s.count, s.end, s.nodes), (1, End::Exhausted, 0), "{name}");
            assert_eq!(s.grid.as_ref(), Some(&solved), "{name}");

            let s = solver.solve(&clash, Limits::solutions(2));
            assert_eq!(
                (s.count, s.end, s.grid),
                (0, End::Exhausted, None),
                "{name}"
            );

            // Asked for no solution: stopped before looking.
            let s = solver.solve(&solved, Limits::solutions(0));
            assert_eq!((s.count, s.end), (0, End::Stopped), "{name}");
        });
    }

    #[test]
    fn a_node_budget_is_exact() {
        let empty = Grid::empty(2);
        let puzzle = Grid::from_line(EASY).unwrap();
        for_each_solver(|solver, name| {
            let s = solver.solve(&empty, Limits::solutions(1000).with_max_nodes(Some(50)));
            assert_eq!((s.end, s.nodes), (End::NodeLimit, 50), "{name}");
            assert!(s.count < 288, "{name}");

            // The nodes a search needs are enough; one fewer is not.
            let full = solver.solve(&puzzle, Limits::none());
            assert_eq!(full.end, End::Stopped, "{name}");
            assert!(full.nodes > 0, "{name}");
            let exact = solver.solve(&puzzle, Limits::none().with_max_nodes(Some(full.nodes)));
            assert_eq!(exact, full, "{name}");
            let short = solver.solve(&puzzle, Limits::none().with_max_nodes(Some(full.nodes - 1)));
            assert_eq!(
                (short.end, short.nodes),
                (End::NodeLimit, full.nodes - 1),
                "{name}"
            );
            assert_eq!((short.count, short.grid), (0, None), "{name}");

            let zero = solver.solve(&puzzle, Limits::none().with_max_nodes(Some(0)));
            assert_eq!((zero.end, zero.nodes), (End::NodeLimit, 0), "{name}");

            // A budget used up before a deadline is reported as the budget.
            let both = Limits::none()
                .with_max_nodes(Some(0))
                .with_deadline(Some(Instant::now()));
            assert_eq!(solver.solve(&puzzle, both).end, End::NodeLimit, "{name}");
        });
    }

    /// A raised cancel flag stops every solver before its first node, one
    /// raised during the search at its next look, and one never raised
    /// changes nothing.
    #[test]
    fn a_cancel_flag_stops_every_solver() {
        use crate::exact_cover::Cancel;
        use std::sync::atomic::{AtomicBool, Ordering};
        static RAISED: AtomicBool = AtomicBool::new(true);
        static QUIET: AtomicBool = AtomicBool::new(false);
        let endless = Limits::solutions(u64::MAX);
        let empty = Grid::empty(3);
        let puzzle = Grid::from_line(EASY).unwrap();
        for_each_solver(|solver, name| {
            let s = solver.solve(&empty, endless.with_cancel(Cancel::new(&RAISED)));
            assert_eq!((s.end, s.nodes, s.count), (End::Cancelled, 0, 0), "{name}");
            assert!(s.end.is_limit(), "a cancelled count is a lower bound");

            let flag: &'static AtomicBool = Box::leak(Box::new(AtomicBool::new(false)));
            let raiser = std::thread::spawn(|| {
                std::thread::sleep(Duration::from_millis(20));
                flag.store(true, Ordering::Relaxed);
            });
            let s = solver.solve(&empty, endless.with_cancel(Cancel::new(flag)));
            raiser.join().unwrap();
            assert_eq!(s.end, End::Cancelled, "{name}");
            assert_eq!(
                s.nodes % crate::exact_cover::DEADLINE_CHECK_NODES,
                0,
                "{name}"
            );

            let free = solver.solve(&puzzle, Limits::solutions(2));
            let quiet = Limits::solutions(2).with_cancel(Cancel::new(&QUIET));
            assert_eq!(solver.solve(&puzzle, quiet), free, "{name}");
        });
    }

    #[test]
    fn a_deadline_stops_the_search_at_a_clock_check() {
        // Counting every 9x9 grid never ends, for any solver.
        let endless = Limits::solutions(u64::MAX);
        let empty = Grid::empty(3);
        let puzzle = Grid::from_line(EASY).unwrap();
        for_each_solver(|solver, name| {
            // Already past: seen before the first node.
            let s = solver.solve(&empty, endless.with_deadline(Some(Instant::now())));
            assert_eq!((s.end, s.nodes, s.count), (End::TimeLimit, 0, 0), "{name}");
            assert_eq!(s.grid, None, "{name}");

            // Passing during the search: it stops at a clock check.
            let deadline = Instant::now() + Duration::from_millis(20);
            let s = solver.solve(&empty, endless.with_deadline(Some(deadline)));
            assert_eq!(s.end, End::TimeLimit, "{name}");
            assert_eq!(
                s.nodes % crate::exact_cover::DEADLINE_CHECK_NODES,
                0,
                "{name}"
            );
            assert!(Instant::now() >= deadline, "{name}");

            // Far away: the same answer as without one.
            let later = Instant::now() + Duration::from_secs(3600);
            let free = solver.solve(&puzzle, Limits::solutions(2));
            let timed = solver.solve(&puzzle, Limits::solutions(2).with_deadline(Some(later)));
            assert_eq!(timed, free, "{name}");
        });
    }
}
