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
#[derive(Debug)]
pub struct DlxSudominoku {
    solver: ReducedSolver,
    /// Search nodes after which a long search lends the rest to idle
    /// threads; `None`: never (see [`DlxSudominoku::lend_after`]).
    lend_after: Option<u64>,
    /// The options of the givens of the puzzle being solved.
    givens: Vec<usize>,
}

impl Default for DlxSudominoku {
    fn default() -> Self {
        DlxSudominoku {
            solver: ReducedSolver::default(),
            lend_after: Some(LEND_AFTER_NODES),
            givens: Vec::new(),
        }
    }
}

use crate::puzzles::LEND_AFTER_NODES;

impl DlxSudominoku {
    /// A solver; its arena is made on first use.
    pub fn new() -> Self {
        DlxSudominoku::default()
    }

    /// After how many search nodes a long search lends the rest of it to
    /// idle threads (`None`: never; the default is
    /// [`LEND_AFTER_NODES`](crate::exact_cover::parallel::LEND_AFTER_NODES)),
    /// as [`DlxSudoku::lend_after`](crate::puzzles::sudoku::DlxSudoku::lend_after)
    /// does, without restarts: on a worker of a rayon pool with other
    /// threads, a search without a node budget that outlasts `nodes` is
    /// finished in parts by whichever workers come free
    /// ([`Lender`](crate::exact_cover::parallel::Lender)). The first grid,
    /// and the count, are one thread's.
    pub fn lend_after(mut self, nodes: Option<u64>) -> Self {
        self.lend_after = nodes.map(|n| n.max(1));
        self
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
        // Kept for a lent search's parts; the buffer is reused.
        let givens = &mut self.givens;
        givens.clear();
        givens.extend(
            puzzle
                .singles
                .iter()
                .enumerate()
                .map(|(k, &p)| encoding::single_option(p, k as u8 + 1))
                .chain(puzzle.dominoes.iter().map(encoding::domino_option)),
        );
        if solver
            .load_after(encoding::matrix(), givens.iter().copied())
            .is_err()
        {
            return Solution::none();
        }
        let max = limits.max_solutions.unwrap_or(1);
        let lend = self
            .lend_after
            .filter(|_| limits.max_nodes.is_none() && crate::puzzles::can_lend());
        let mut seen: HashSet<[u8; CELLS]> = HashSet::new();
        let mut first = None;
        let engine_limits = Limits {
            max_solutions: (max == 0).then_some(0),
            max_nodes: lend.or(limits.max_nodes),
            ..limits
        };
        let report = solver.search(engine_limits, |options| {
            let cells = cells_of(options);
            if seen.insert(cells) {
                first.get_or_insert(cells);
                if seen.len() as u64 >= max {
                    return ControlFlow::Break(());
                }
            }
            ControlFlow::Continue(())
        });
        let found = Solution {
            grid: first.as_ref().map(grid_of),
            count: seen.len() as u64,
            end: report.end,
            nodes: report.stats.nodes,
        };
        match lend {
            #[cfg(feature = "parallel")]
            Some(part_nodes) if report.end == crate::exact_cover::End::NodeLimit => {
                let parts = solver.untried().unwrap_or_default();
                lent::finish(givens, parts, part_nodes, limits, seen, found)
            }
            _ => found,
        }
    }
}

/// The grid of a solution (options by the matrix's numbers).
fn cells_of(options: &[usize]) -> [u8; CELLS] {
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
    cells
}

/// A long search on the idle threads of its pool.
#[cfg(feature = "parallel")]
mod lent {
    use std::collections::HashSet;
    use std::ops::ControlFlow;
    use std::sync::{Mutex, PoisonError};

    use super::{cells_of, encoding, grid_of, CELLS};
    use crate::exact_cover::parallel::Lender;
    use crate::exact_cover::Limits;
    use crate::puzzles::sudoku::Solution;

    /// Finishes a search that stopped at its node budget with the grids
    /// `seen` and the answer so far `found`: the subtrees it left, `parts`,
    /// are searched by a [`Lender`] (cut again after `part_nodes`). The
    /// first grid, when one is asked for, is the one thread's; a count is
    /// the same, and so is its grid when it is the only one.
    pub(super) fn finish(
        givens: &[usize],
        parts: Vec<Vec<usize>>,
        part_nodes: u64,
        limits: Limits,
        seen: HashSet<[u8; CELLS]>,
        found: Solution,
    ) -> Solution {
        let lender = Lender::new(encoding::matrix(), givens).part_nodes(part_nodes);
        let max = limits.max_solutions.unwrap_or(1);
        if max == 1 {
            // The budget stopped the search before its first solution.
            let (first, report) = lender.first(parts, limits);
            return Solution {
                grid: first.as_deref().map(|s| grid_of(&cells_of(s))),
                count: report.solutions,
                end: report.end,
                nodes: found.nodes + report.stats.nodes,
            };
        }
        let grids = Mutex::new((seen, found.grid));
        // Many tilings give the same grid, mostly in the same part: each
        // worker first looks in its own set, and takes the shared lock only
        // for grids new to it (one lock per tiling halved the speed-up).
        let own: Vec<Mutex<HashSet<[u8; CELLS]>>> = (0..rayon::current_num_threads())
            .map(|_| Mutex::new(HashSet::new()))
            .collect();
        let report = lender.for_each(parts, limits, |options| {
            let cells = cells_of(options);
            let worker = rayon::current_thread_index().unwrap_or(0) % own.len();
            if !own[worker]
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .insert(cells)
            {
                return ControlFlow::Continue(());
            }
            let mut grids = grids.lock().unwrap_or_else(PoisonError::into_inner);
            let (seen, first) = &mut *grids;
            if seen.insert(cells) {
                first.get_or_insert_with(|| grid_of(&cells));
                if seen.len() as u64 >= max {
                    return ControlFlow::Break(());
                }
            }
            ControlFlow::Continue(())
        });
        let (seen, grid) = grids.into_inner().unwrap_or_else(PoisonError::into_inner);
        Solution {
            grid,
            count: (seen.len() as u64).min(max),
            end: report.end,
            nodes: found.nodes + report.stats.nodes,
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
