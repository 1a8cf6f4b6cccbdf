//! Solving Sudoku with the engine: [`DlxSudoku`], the [`SudokuSolver`]
//! trait that the baselines share, and [`Restarts`], the policy that
//! starts a long search for one solution again in another order.

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::forced::{ForcedMoves, Outcome};
use super::grid::Grid;
use crate::exact_cover::{End, Limits, ReducedSolver};

/// What a solver found for one puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The first solution found, if any.
    pub grid: Option<Grid>,
    /// Solutions found, up to the limit.
    pub count: u64,
    /// Why the search ended ([`End::Exhausted`] means `count` is exact).
    pub end: End,
    /// Search nodes used (solver-specific unit of work).
    pub nodes: u64,
}

impl Solution {
    /// No solution, known without a search node (givens that clash): the
    /// count is exact.
    pub fn none() -> Self {
        Solution {
            grid: None,
            count: 0,
            end: End::Exhausted,
            nodes: 0,
        }
    }
}

/// A Sudoku solver: DLX or a baseline. One instance per thread.
pub trait SudokuSolver {
    /// Solves `puzzle` (givens already checked by [`Grid::check_givens`]),
    /// counting solutions up to `limits.max_solutions` and stopping after
    /// `limits.max_nodes` search nodes, at `limits.deadline` or once
    /// `limits.cancel` is raised.
    ///
    /// A missing solution limit means **one** solution here, not all (the
    /// answer is one grid): `Limits::none()` gives `count` 1 and
    /// [`End::Stopped`] even for a grid with many solutions. To count, give
    /// [`Limits::solutions`]; `Limits::solutions(2)` proves a puzzle unique
    /// (`count` 1 and [`End::Exhausted`]).
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Solution;
}

/// Solves Sudoku with the exact-cover engine.
///
/// The givens and the moves they force (cells with one candidate, digits
/// with one place in a row, column or box) are made on bit masks first
/// (see `src/puzzles/sudoku/forced.rs` in the repository); Algorithm X then runs
/// on what is left, an exact-cover problem built afresh for the puzzle in a
/// [`ReducedSolver`]. Its items and options keep the order of
/// [`encoding`](super::encoding), so the search tree, the solution found first and the
/// count of search nodes (each forced move counted as the search would
/// count it) are those of the full matrix with the givens selected.
///
/// When only one solution is asked for and that search has not ended after
/// [`Restarts::first_attempt`] nodes, it restarts in shuffled orders (see
/// [`Restarts`]); the node count is then the sum over the attempts.
/// Counting ([`Limits::solutions`] above 1) always searches in the
/// encoding's order, to the end.
#[derive(Debug)]
pub struct DlxSudoku {
    forced: ForcedMoves,
    solver: ReducedSolver,
    restarts: Option<Restarts>,
    /// Search nodes after which a long search lends the rest to the idle
    /// threads of the rayon pool it runs on; `None`: never (see
    /// [`DlxSudoku::lend_after`]).
    lend_after: Option<u64>,
}

impl Default for DlxSudoku {
    fn default() -> Self {
        DlxSudoku::with_restarts(Some(Restarts::DEFAULT))
    }
}

/// When a search for one solution gives up on its order and starts again in
/// another.
///
/// Exact first-minimum MRV is deterministic, and on grids with many
/// solutions and few givens (a 25x25 grid with 55-70% of its cells blank,
/// say) one early wrong choice can leave it a subtree of many millions of
/// nodes with no solution in it, while the same grid searched in another
/// order is solved in a few thousand. So after `first_attempt` nodes in the
/// encoding's order, the search starts again on the same remainder with its
/// items renumbered at random and its options in an order led by a
/// reference solution drawn at random and matched to the placed digits
/// (which solves an empty grid of any size without backtracking, where
/// random orders fail: see `src/puzzles/sudoku/forced.rs`), with budgets of
/// `unit` times the Luby sequence (1, 1, 2, 1, 1, 2, 4, ...), which is
/// within a logarithmic factor of the best fixed budget whatever the
/// puzzle (Luby, Sinclair and Zuckerman, 1993). The budgets grow without
/// bound, so an attempt eventually runs to its end: a grid with no solution
/// is still found to have none.
///
/// Each attempt's random order is drawn from a generator seeded with the
/// puzzle's cells and the attempt's round, so the same puzzle gets the same
/// answer and node count on every run, with any number of threads, and the
/// attempts can run at once (see [`DlxSudoku::lend_after`]).
///
/// The price is paid by grids with no solution whose search outlasts
/// `first_attempt`: the attempts that stop early are wasted, and one must
/// grow to the size of a whole tree, so proving such a grid unsolvable
/// takes several times the nodes of one exact search (measured on
/// unsolvable grids: `docs/perf-log.md`, "Figures moved out of code
/// comments"). A caller who wants that proof cheap, or the exact tree, gives
/// `None` ([`DlxSudoku::with_restarts`]) or counts to 2.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Restarts {
    /// Search nodes in the encoding's order before the first restart
    /// (after the forced moves). Puzzles whose search ends sooner (every
    /// puzzle of the 9x9 datasets measured and of the bundled 16x16 file:
    /// their node counts are in `docs/perf-log.md`, "Figures moved out of
    /// code comments") are searched exactly as without restarts.
    pub first_attempt: u64,
    /// Search nodes of the Luby sequence's unit budget (0 is taken as 1).
    pub unit: u64,
}

impl Restarts {
    /// 250,000 nodes in the encoding's order, then budgets of 10,000 times
    /// the Luby sequence.
    pub const DEFAULT: Restarts = Restarts {
        first_attempt: 250_000,
        unit: 10_000,
    };
}

impl DlxSudoku {
    /// A solver with no buffers yet (they are made on first use) and the
    /// default [`Restarts`].
    pub fn new() -> Self {
        DlxSudoku::default()
    }

    /// A solver with the given restart policy; `None` always searches in
    /// the encoding's order, to the end (the exact first-minimum MRV tree).
    pub fn with_restarts(restarts: Option<Restarts>) -> Self {
        DlxSudoku {
            forced: ForcedMoves::default(),
            solver: ReducedSolver::default(),
            restarts,
            lend_after: Some(LEND_AFTER_NODES),
        }
    }

    /// After how many search nodes a long search lends the rest of it to
    /// idle threads: `None` never does; the default is
    /// [`LEND_AFTER_NODES`](crate::exact_cover::parallel::LEND_AFTER_NODES).
    ///
    /// Only on a worker of a rayon pool of more than one thread (with the
    /// `parallel` feature): a program solving a file on the pool keeps
    /// every thread busy while its last puzzles search, whichever workers
    /// come free taking part. The answer is the one thread's:
    ///
    /// - a search for one solution with [`Restarts`] runs its restarts
    ///   (after [`Restarts::first_attempt`], whatever `nodes` says) on
    ///   every thread lent, and answers with the first attempt, in the
    ///   sequence, that ends before its budget, with the nodes one thread
    ///   would have used: the same answer and node count as one thread;
    /// - a count, and a search for one solution without restarts, is
    ///   finished in parts after `nodes` nodes
    ///   ([`Lender`](crate::exact_cover::parallel::Lender), each part cut
    ///   again after `nodes`): the same count and the same grid, with the
    ///   nodes the parts used.
    ///
    /// A count under a node budget is never lent (a budget has no meaning
    /// shared between threads). Elsewhere, or with `None`, the search is
    /// the one described above, on the calling thread.
    pub fn lend_after(mut self, nodes: Option<u64>) -> Self {
        self.lend_after = nodes.map(|n| n.max(1));
        self
    }
}

impl SudokuSolver for DlxSudoku {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Solution {
        let forced = match self.forced.run(puzzle.shape(), puzzle.cells()) {
            Outcome::Contradiction { forced } => {
                return Solution {
                    nodes: forced.min(limits.max_nodes.unwrap_or(u64::MAX)),
                    ..Solution::none()
                }
            }
            Outcome::Open { forced } => forced,
        };
        // The forced moves are search nodes, which the limits bound as the
        // search would: the node budget first, then the clock, looked at
        // before the first node.
        let max_nodes = limits.max_nodes.unwrap_or(u64::MAX);
        if forced > max_nodes {
            return stopped(End::NodeLimit, max_nodes);
        }
        if forced > 0 {
            if let Some(end) = limits.must_stop(0) {
                return stopped(end, 0);
            }
        }
        let max_solutions = limits.max_solutions.unwrap_or(1);
        let limits = Limits {
            max_solutions: Some(max_solutions),
            ..limits
        };
        // Nodes the search may still use, after the forced moves.
        let budget = max_nodes - forced;
        let restarts = self
            .restarts
            .filter(|r| max_solutions == 1 && r.first_attempt < budget);
        // Parts of a search can be lent only without a node budget.
        let lend_parts = restarts.is_none() && limits.max_nodes.is_none() && self.may_lend();
        let attempt = match restarts {
            Some(r) => r.first_attempt,
            None if lend_parts => self.lend_after.map_or(budget, |n| n.min(budget)),
            None => budget,
        };
        let no_shuffle = None::<&mut Xoshiro256PlusPlus>;
        let (values, options) = self.forced.load_residual(&mut self.solver, no_shuffle);
        let found =
            search_residual::<false>(&mut self.solver, values, options, puzzle, limits, attempt);
        let nodes = forced + found.nodes;
        match restarts {
            // Stopped at the first attempt's own budget.
            Some(restarts) if found.end == End::NodeLimit && nodes < max_nodes => {
                self.restart(puzzle, limits, restarts, nodes, max_nodes)
            }
            None if lend_parts && found.end == End::NodeLimit => {
                self.lend(puzzle, limits, Solution { nodes, ..found })
            }
            _ => Solution { nodes, ..found },
        }
    }
}

impl DlxSudoku {
    /// The search of `puzzle` after a first attempt that stopped at its own
    /// budget with `nodes` used in all: attempts in shuffled orders, with
    /// budgets of `unit` times the Luby sequence, until one ends before its
    /// budget or `max_nodes` are used. Kept out of `solve`, whose inlined
    /// search loop is most of a puzzle's time: a second copy there cost it
    /// registers and so instructions (`docs/perf-log.md`, "Figures moved
    /// out of code comments").
    #[cold]
    #[inline(never)]
    fn restart(
        &mut self,
        puzzle: &Grid,
        limits: Limits,
        restarts: Restarts,
        nodes: u64,
        max_nodes: u64,
    ) -> Solution {
        let schedule = Schedule::new(restarts, max_nodes, seed_of(puzzle.cells()));
        #[cfg(feature = "parallel")]
        if self.may_lend() {
            return lent::restart(self, puzzle, limits, &schedule, nodes);
        }
        let (mut round, mut used) = (0, nodes);
        loop {
            round += 1;
            let attempt = schedule.budget(round, used);
            let found = self.attempt(puzzle, limits, &schedule, round, attempt);
            used += found.nodes;
            if found.end != End::NodeLimit || used >= max_nodes {
                return Solution {
                    nodes: used,
                    ..found
                };
            }
        }
    }

    /// Attempt `round` of the restarts, within `attempt` nodes: the
    /// remainder loaded in the order drawn for that round.
    fn attempt(
        &mut self,
        puzzle: &Grid,
        limits: Limits,
        schedule: &Schedule,
        round: u64,
        attempt: u64,
    ) -> Solution {
        let mut rng = schedule.rng(round);
        let (values, options) = self.forced.load_residual(&mut self.solver, Some(&mut rng));
        search_residual::<true>(&mut self.solver, values, options, puzzle, limits, attempt)
    }

    /// Whether this solver may lend its search: lending is on, and it runs
    /// on a worker of a pool with other threads.
    fn may_lend(&self) -> bool {
        self.lend_after.is_some() && crate::puzzles::can_lend()
    }

    /// Finishes on the idle threads of the pool a search without restarts
    /// that stopped at [`lend_after`](Self::lend_after) nodes with `found`
    /// (whose nodes include the forced moves).
    #[cfg(feature = "parallel")]
    #[cold]
    #[inline(never)]
    fn lend(&mut self, puzzle: &Grid, limits: Limits, found: Solution) -> Solution {
        lent::finish(self, puzzle, limits, found)
    }

    #[cfg(not(feature = "parallel"))]
    fn lend(&mut self, _: &Grid, _: Limits, found: Solution) -> Solution {
        found
    }
}

#[cfg(feature = "parallel")]
mod lent;

use crate::puzzles::LEND_AFTER_NODES;

/// The budgets and random orders of the restarts of one puzzle: attempt
/// `round` (from 1) searches `unit` times the `round`-th Luby term, in an
/// order drawn from a generator seeded with the puzzle and the round alone.
/// So every attempt is known before the ones before it have run: threads
/// can run them at once, and the answer (the first attempt, in the
/// sequence, that ends before its budget) and the nodes it took (those of
/// the attempts before it, each its whole budget, and its own) are the same
/// as one thread's.
#[derive(Debug)]
struct Schedule {
    unit: u64,
    max_nodes: u64,
    seed: u64,
}

impl Schedule {
    fn new(restarts: Restarts, max_nodes: u64, seed: u64) -> Self {
        Schedule {
            // Budgets of 0 would never search, nor look at the clock.
            unit: restarts.unit.max(1),
            max_nodes,
            seed,
        }
    }

    /// The budget of attempt `round` after `used` nodes (every attempt
    /// before it used its whole budget, or it would be the last).
    fn budget(&self, round: u64, used: u64) -> u64 {
        self.unit
            .saturating_mul(luby(round))
            .min(self.max_nodes.saturating_sub(used))
    }

    /// The generator of attempt `round`'s order.
    fn rng(&self, round: u64) -> Xoshiro256PlusPlus {
        Xoshiro256PlusPlus::seed_from_u64(seed_of(&round.to_le_bytes()) ^ self.seed)
    }
}

/// A search stopped by `end` after `nodes` nodes, with nothing found.
fn stopped(end: End, nodes: u64) -> Solution {
    Solution {
        grid: None,
        count: 0,
        end,
        nodes,
    }
}

/// Searches the remainder loaded in `solver` for at most `max_nodes` nodes:
/// `values` is the grid after the forced moves, `options` what each option
/// of the remainder places. The nodes are the search's own.
///
/// `RESTART` only makes the restarts' copy a type of its own, so that the
/// engine's search loop it calls is a copy of its own too: with one copy
/// called from both places, the compiler inlined it into neither, and the
/// first attempt (the search of nearly every puzzle) ran more instructions
/// (`docs/perf-log.md`, "Figures moved out of code comments").
#[inline(always)]
fn search_residual<const RESTART: bool>(
    solver: &mut ReducedSolver,
    values: &[u8],
    options: &[(u16, u8)],
    puzzle: &Grid,
    limits: Limits,
    max_nodes: u64,
) -> Solution {
    let mut first: Option<Grid> = None;
    let report = solver.search(limits.with_max_nodes(max_nodes), |chosen| {
        if first.is_none() {
            let mut cells = values.to_vec();
            for &o in chosen {
                let (cell, d) = options[o];
                cells[usize::from(cell)] = d + 1;
            }
            first = Some(Grid {
                shape: puzzle.shape(),
                cells,
            });
        }
        std::ops::ControlFlow::Continue(())
    });
    debug_assert!(first.as_ref().map_or(true, |g| g.side() == puzzle.side()));
    Solution {
        grid: first,
        count: report.solutions,
        end: report.end,
        nodes: report.stats.nodes,
    }
}

/// Term `i` (from 1) of the Luby sequence: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ...
fn luby(mut i: u64) -> u64 {
    debug_assert!(i >= 1);
    loop {
        // 2^(k-1) <= i < 2^k: the term is 2^(k-1) at the end of a block of
        // length 2^k - 1, else that of i in the repeated first half.
        let k = 64 - i.leading_zeros();
        if k == 64 || i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

/// A seed made from a puzzle's cells (SplitMix64's finaliser over them):
/// the same on every run and platform. The variants' restarts use it too.
pub(crate) fn seed_of(cells: &[u8]) -> u64 {
    let mix = |mut z: u64| {
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    cells.iter().fold(cells.len() as u64, |h, &c| {
        mix(h
            .wrapping_add(0x9e37_79b9_7f4a_7c15)
            .wrapping_add(u64::from(c)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luby_sequence() {
        let terms: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
        assert_eq!(luby(u64::MAX), 1 << 63);
    }

    #[test]
    fn empty_grids_solve() {
        for n in 2..=5 {
            let g = Grid::empty(n);
            let s = DlxSudoku::new().solve(&g, Limits::none());
            s.grid.unwrap().check_solution(&g).unwrap();
        }
    }
}
