//! A long Sudoku search on the idle threads of its pool (see
//! [`DlxSudoku::lend_after`]): the restarts run at once on every thread lent,
//! and a count is finished in parts by a [`Lender`].

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

use super::{DlxSudoku, Schedule, Solution};
use crate::exact_cover::parallel::{Flags, Lender};
use crate::exact_cover::{Cancel, End, Limits, ReducedSolver};
use crate::puzzles::sudoku::Grid;
use crate::puzzles::LEND_AFTER_NODES;

/// The restarts of `schedule`, after `nodes` used before them, on every thread of the pool that comes free,
/// `owner` taking part on the calling thread: attempts are claimed in the
/// sequence's order, and the answer is that of the first attempt, in the
/// sequence, that ends before its budget (or uses up the node limit), with
/// the nodes one thread would have used to reach it: the same answer and
/// node count as `owner` alone.
///
/// An attempt after the answer's is stopped (its thread's flag), and none
/// is claimed after it; every attempt before it runs to its budget, as on
/// one thread.
pub(super) fn restart(
    owner: &mut DlxSudoku,
    puzzle: &Grid,
    limits: Limits,
    schedule: &Schedule,
    nodes: u64,
) -> Solution {
    let threads = rayon::current_num_threads();
    let race = Race {
        schedule,
        puzzle,
        limits,
        claims: Mutex::new((0, nodes)),
        best: Mutex::new(None),
        flags: Flags::take(threads),
        running: (0..threads).map(|_| AtomicU64::new(0)).collect(),
    };
    // Copied before the calling thread takes part: the helpers start from
    // the same forced moves.
    let (forced, restarts) = (owner.forced.clone(), owner.restarts);
    rayon::scope(|scope| {
        let (race, forced) = (&race, &forced);
        for slot in 1..threads {
            scope.spawn(move |_| {
                // A helper that no idle thread took before the answer was
                // known makes no solver.
                if race.decided() {
                    return;
                }
                let mut helper = DlxSudoku {
                    forced: forced.clone(),
                    solver: ReducedSolver::new(),
                    restarts,
                    lend_after: None,
                };
                race.take_part(slot, &mut helper);
            });
        }
        race.take_part(0, owner);
    });
    let best = race
        .best
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    best.expect("the calling thread runs until an attempt answers")
        .1
}

/// The restarts of one puzzle, run at once.
struct Race<'a> {
    schedule: &'a Schedule,
    puzzle: &'a Grid,
    limits: Limits,
    /// The last round claimed, and the nodes used before the next one (if
    /// every attempt claimed used its whole budget).
    claims: Mutex<(u64, u64)>,
    /// The earliest round that answered so far, and its answer.
    best: Mutex<Option<(u64, Solution)>>,
    /// Per taker, the flag that stops its attempt once an earlier round
    /// answered.
    flags: Flags,
    /// Per taker, the round it is searching (0 for none).
    running: Vec<AtomicU64>,
}

impl Race<'_> {
    /// Whether an answer is known before the next round to claim.
    fn decided(&self) -> bool {
        let next = self.claims.lock().unwrap_or_else(PoisonError::into_inner).0 + 1;
        self.best_round().is_some_and(|best| best < next)
    }

    fn best_round(&self) -> Option<u64> {
        self.best
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .as_ref()
            .map(|(round, _)| *round)
    }

    /// Claims rounds in order and searches them with `solver` as taker
    /// `slot`, until an answer earlier than the next round is known.
    fn take_part(&self, slot: usize, solver: &mut DlxSudoku) {
        let limits = Limits {
            cancel: Some(Cancel::either(self.limits.cancel, self.flags.get(slot))),
            ..self.limits
        };
        loop {
            let (round, used, budget) = {
                let mut claims = self.claims.lock().unwrap_or_else(PoisonError::into_inner);
                let (last, used) = *claims;
                let round = last + 1;
                if self.best_round().is_some_and(|best| best < round)
                    || used >= self.schedule.max_nodes
                {
                    return;
                }
                let budget = self.schedule.budget(round, used);
                *claims = (round, used + budget);
                (round, used, budget)
            };
            self.running[slot].store(round, Ordering::Relaxed);
            let found = solver.attempt(self.puzzle, limits, self.schedule, round, budget);
            self.running[slot].store(0, Ordering::Relaxed);
            let used = used + found.nodes;
            if found.end != End::NodeLimit || used >= self.schedule.max_nodes {
                self.answer(
                    round,
                    Solution {
                        nodes: used,
                        ..found
                    },
                );
                return;
            }
        }
    }

    /// Notes the answer of `round` if it is the earliest yet, and stops
    /// the attempts after it.
    fn answer(&self, round: u64, found: Solution) {
        let mut best = self.best.lock().unwrap_or_else(PoisonError::into_inner);
        if best.as_ref().is_some_and(|(earlier, _)| *earlier < round) {
            return;
        }
        *best = Some((round, found));
        for (slot, running) in self.running.iter().enumerate() {
            if running.load(Ordering::Relaxed) > round {
                self.flags[slot].store(true, Ordering::Relaxed);
            }
        }
    }
}

/// Finishes on the idle threads of the pool a search of `owner`'s
/// remainder (loaded in the encoding's order) that stopped at its node
/// budget with `found` (whose nodes include the forced moves): the
/// subtrees it left are searched by a [`Lender`], on the remainder as a
/// matrix. A count gives the same count, and a search for one solution the
/// same grid, as one thread; the nodes are those the parts used.
pub(super) fn finish(
    owner: &mut DlxSudoku,
    puzzle: &Grid,
    limits: Limits,
    found: Solution,
) -> Solution {
    let Some(parts) = owner.solver.untried() else {
        return found;
    };
    let matrix = owner.forced.residual_matrix();
    let (values, options) = (owner.forced.values(), owner.forced.residual_options());
    let grid_of = |chosen: &[usize]| {
        let mut cells = values.to_vec();
        for &o in chosen {
            let (cell, d) = options[o];
            cells[usize::from(cell)] = d + 1;
        }
        Grid {
            shape: puzzle.shape(),
            cells,
        }
    };
    let part_nodes = owner.lend_after.unwrap_or(LEND_AFTER_NODES);
    let lender = Lender::new(&matrix, &[]).part_nodes(part_nodes);
    let max = limits.max_solutions.unwrap_or(1);
    if max == 1 {
        let (first, report) = lender.first(parts, limits);
        return Solution {
            grid: first.as_deref().map(grid_of),
            count: report.solutions,
            end: report.end,
            nodes: found.nodes + report.stats.nodes,
        };
    }
    // Only the first grid is kept: it is the answer only when it is the
    // one solution, which then every order finds.
    let count = AtomicU64::new(found.count);
    let grid = Mutex::new(found.grid);
    let report = lender.for_each(parts, limits, |chosen| {
        let so_far = count.fetch_add(1, Ordering::Relaxed) + 1;
        if so_far == 1 {
            *grid.lock().unwrap_or_else(PoisonError::into_inner) = Some(grid_of(chosen));
        }
        if so_far >= max {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    Solution {
        grid: grid.into_inner().unwrap_or_else(PoisonError::into_inner),
        count: count.into_inner().min(max),
        end: report.end,
        nodes: found.nodes + report.stats.nodes,
    }
}

#[cfg(test)]
mod tests;
