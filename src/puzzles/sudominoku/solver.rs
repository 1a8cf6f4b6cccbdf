//! Solving Sudominoku with the engine ([`DlxSudominoku`]), and the
//! [`SudominokuSolver`] trait it shares with the naive baseline.

use std::collections::HashSet;
use std::ops::ControlFlow;

use super::{encoding, Puzzle, CELLS};
use crate::exact_cover::{Limits, ReducedSolver};
use crate::puzzles::sudoku::{Grid, Solution};

/// A Sudominoku solver: [`DlxSudominoku`] or [`NaiveSudominoku`](crate::baseline::NaiveSudominoku).
pub trait SudominokuSolver {
    /// Solves `puzzle`; see [`DlxSudominoku::solve`] for the meaning of the
    /// limits and of [`Solution`]'s fields.
    fn solve(&mut self, puzzle: &Puzzle, limits: Limits) -> Solution;
}

pub(crate) fn grid_of(cells: &[u8; CELLS]) -> Grid {
    Grid::from_cells(3, cells.to_vec()).expect("a 9x9 grid")
}

/// Solves Sudominoku with the exact-cover engine: one shared matrix
/// ([`encoding::matrix`]), and per puzzle what its givens leave of it
/// ([`ReducedSolver::load_after`]): the same search as the whole matrix
/// with the givens selected, without copying its 100,000-node arena and
/// hiding, link by link, the thousands of options the givens rule out.
#[derive(Debug, Default)]
pub struct DlxSudominoku {
    solver: ReducedSolver,
}

impl DlxSudominoku {
    /// A solver; its arena is made on first use.
    pub fn new() -> Self {
        DlxSudominoku::default()
    }

    /// Solves `puzzle` (valid by construction).
    ///
    /// Counts **distinct solution grids**, not domino tilings: several
    /// tilings can give the same grid, and those count once. The search
    /// enumerates tilings, remembers the grids seen, and stops once
    /// `limits.max_solutions` (default 1) distinct grids were found
    /// ([`End::Stopped`]), after `limits.max_nodes` search nodes
    /// ([`End::NodeLimit`]), once `limits.deadline` has passed
    /// ([`End::TimeLimit`]) or once `limits.cancel` is raised
    /// ([`End::Cancelled`]; both checked every 1024 nodes). [`End::Exhausted`] means
    /// `count` is exact.
    /// `grid` is the first grid found; `nodes` the engine's search nodes
    /// (options tried).
    ///
    /// [`End::Stopped`]: crate::exact_cover::End::Stopped
    /// [`End::NodeLimit`]: crate::exact_cover::End::NodeLimit
    /// [`End::TimeLimit`]: crate::exact_cover::End::TimeLimit
    /// [`End::Cancelled`]: crate::exact_cover::End::Cancelled
    /// [`End::Exhausted`]: crate::exact_cover::End::Exhausted
    pub fn solve(&mut self, puzzle: &Puzzle, limits: Limits) -> Solution {
        let solver = &mut self.solver;
        let givens = puzzle
            .singles
            .iter()
            .enumerate()
            .map(|(k, &p)| encoding::single_option(p, k as u8 + 1))
            .chain(puzzle.dominoes.iter().map(encoding::domino_option));
        if solver.load_after(encoding::matrix(), givens).is_err() {
            return Solution::none();
        }
        let max = limits.max_solutions.unwrap_or(1);
        let mut seen: HashSet<[u8; CELLS]> = HashSet::new();
        let mut first = None;
        let engine_limits = Limits {
            max_solutions: (max == 0).then_some(0),
            ..limits
        };
        let report = solver.search(engine_limits, |options| {
            let mut cells = [0u8; CELLS];
            for &o in options {
                match encoding::decode(o) {
                    encoding::Placement::Single { at, digit } => cells[at.index()] = digit,
                    encoding::Placement::Domino(d) => {
                        cells[d.lu.index()] = d.u;
                        cells[d.lv.index()] = d.v;
                    }
                }
            }
            if seen.insert(cells) {
                first.get_or_insert(cells);
                if seen.len() as u64 >= max {
                    return ControlFlow::Break(());
                }
            }
            ControlFlow::Continue(())
        });
        Solution {
            grid: first.as_ref().map(grid_of),
            count: seen.len() as u64,
            end: report.end,
            nodes: report.stats.nodes,
        }
    }
}

impl SudominokuSolver for DlxSudominoku {
    fn solve(&mut self, puzzle: &Puzzle, limits: Limits) -> Solution {
        DlxSudominoku::solve(self, puzzle, limits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::baseline::NaiveSudominoku;
    use crate::exact_cover::End;
    use crate::generate::sudominoku::generate;

    #[test]
    fn node_limits_are_honoured() {
        let p = generate(5, 0);
        let d = DlxSudominoku::new().solve(&p, Limits::none().with_max_nodes(Some(3)));
        assert_eq!((d.end, d.nodes), (End::NodeLimit, 3));
        let n = NaiveSudominoku::new().solve(&p, Limits::none().with_max_nodes(Some(3)));
        assert_eq!((n.end, n.nodes), (End::NodeLimit, 3));
    }

    #[test]
    fn deadlines_are_honoured() {
        use std::time::{Duration, Instant};
        // One placed domino: many grids, more than 1024 nodes to count them.
        let g = generate(5, 0);
        let open = Puzzle::new(g.dominoes()[..1].to_vec(), *g.singles()).unwrap();
        let endless = Limits::solutions(u64::MAX);
        let past = endless.with_deadline(Some(Instant::now()));
        let later = Instant::now() + Duration::from_secs(3600);
        let budget = endless.with_max_nodes(Some(2048));

        static RAISED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);
        let cancelled = endless.with_cancel(crate::exact_cover::Cancel::new(&RAISED));
        let mut dlx = DlxSudominoku::new();
        let d = dlx.solve(&open, cancelled);
        assert_eq!((d.end, d.nodes, d.count), (End::Cancelled, 0, 0));
        let n = NaiveSudominoku::new().solve(&open, cancelled);
        assert_eq!((n.end, n.nodes, n.count), (End::Cancelled, 0, 0));
        assert_eq!(dlx.solve(&open, budget).end, End::NodeLimit);
        let d = dlx.solve(&open, past);
        assert_eq!((d.end, d.nodes, d.count), (End::TimeLimit, 0, 0));
        let free = dlx.solve(&g, Limits::solutions(2));
        assert_eq!(
            dlx.solve(&g, Limits::solutions(2).with_deadline(Some(later))),
            free
        );

        let mut naive = NaiveSudominoku::new();
        assert_eq!(naive.solve(&open, budget).end, End::NodeLimit);
        let n = naive.solve(&open, past);
        assert_eq!((n.end, n.nodes, n.count), (End::TimeLimit, 0, 0));
        assert_eq!(n.grid, None);
        let free = naive.solve(&g, Limits::solutions(2));
        assert_eq!(
            naive.solve(&g, Limits::solutions(2).with_deadline(Some(later))),
            free
        );
        assert_eq!((free.count, free.end), (1, End::Exhausted));
    }
}
