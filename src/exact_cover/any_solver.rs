//! [`ExactCoverSolver`]: the search that every solver of the engine offers,
//! for code that drives any of them.

use std::ops::ControlFlow;

use super::{CellsSolver, Limits, ReducedSolver, Report, Solver};

/// The search that [`Solver`], [`ReducedSolver`] and [`CellsSolver`] share,
/// for code written once for all of them: a benchmark, a front-end whose
/// user picks the engine, a cross-check of one against another. A boxed
/// `dyn ExactCoverSolver` works too (the visitor is a `&mut dyn FnMut`).
///
/// Each solver has inherent methods of the same names, taking any
/// `FnMut` visitor; they are what a call on a known solver type uses, and
/// what these methods call. How a solver gets its problem and its
/// pre-selected options (a [`Matrix`](super::Matrix) and
/// [`Solver::select`], [`ReducedSolver::load_after`], ...) is its own.
///
/// ```
/// use std::ops::ControlFlow;
/// use dlx_engine::exact_cover::{CellsSolver, ExactCoverSolver, Limits, Solver};
/// use dlx_engine::problems::n_queens;
///
/// fn solutions(solver: &mut dyn ExactCoverSolver) -> u64 {
///     solver.count(Limits::none()).solutions
/// }
///
/// let matrix = n_queens(8).compile().unwrap();
/// assert_eq!(solutions(&mut Solver::new(&matrix)), 92);
/// assert_eq!(solutions(&mut CellsSolver::new(&matrix)), 92);
///
/// // The first two solutions, then stop.
/// let mut found = Vec::new();
/// let report = ExactCoverSolver::search(&mut Solver::new(&matrix), Limits::none(), &mut |s| {
///     found.push(s.to_vec());
///     if found.len() == 2 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
/// });
/// assert_eq!((report.solutions, found.len()), (2, 2));
/// ```
pub trait ExactCoverSolver {
    /// Runs Algorithm X from the solver's current problem and selections,
    /// calling `visit` with the option numbers of each solution; `visit`
    /// returns `Break` to stop. See [`Solver::search`].
    fn search(
        &mut self,
        limits: Limits,
        visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
    ) -> Report;

    /// Link updates made so far, in the unit of
    /// [`Stats::updates`](super::Stats::updates): see
    /// [`Solver::link_updates`].
    fn link_updates(&self) -> u64;

    /// Counts solutions within `limits`.
    fn count(&mut self, limits: Limits) -> Report {
        self.search(limits, &mut |_| ControlFlow::Continue(()))
    }

    /// The first solution, if any.
    fn first_solution(&mut self) -> Option<Vec<usize>> {
        super::search::first_solution_of(|limits, visit| self.search(limits, visit))
    }
}

macro_rules! exact_cover_solver {
    ($($solver:ty),*) => {$(
        impl ExactCoverSolver for $solver {
            fn search(
                &mut self,
                limits: Limits,
                visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
            ) -> Report {
                <$solver>::search(self, limits, visit)
            }

            fn link_updates(&self) -> u64 {
                <$solver>::link_updates(self)
            }
        }
    )*};
}

exact_cover_solver!(Solver, ReducedSolver, CellsSolver);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact_cover::OptionOrder;
    use crate::problems::{langford_pairs, n_queens};

    /// Every solver, driven through the trait object, finds the same
    /// solutions in the same order with the same nodes and updates.
    #[test]
    fn every_solver_through_the_trait_agrees() {
        for problem in [n_queens(7), langford_pairs(7)] {
            let matrix = problem.compile().unwrap();
            let mut reduced = ReducedSolver::new();
            reduced.load_after(&matrix, []).unwrap();
            let mut solvers: Vec<Box<dyn ExactCoverSolver>> = vec![
                Box::new(Solver::new(&matrix)),
                Box::new(reduced),
                Box::new(CellsSolver::with_order(&matrix, OptionOrder::Ascending)),
            ];
            let mut runs = Vec::new();
            for solver in &mut solvers {
                let mut found = Vec::new();
                let report = solver.search(Limits::none(), &mut |s| {
                    found.push(s.to_vec());
                    ControlFlow::Continue(())
                });
                assert_eq!(report.solutions, found.len() as u64);
                assert_eq!(solver.link_updates(), report.stats.updates);
                assert_eq!(solver.first_solution().as_ref(), found.first());
                let capped = solver.count(Limits::solutions(3));
                assert_eq!(capped.solutions, 3.min(found.len() as u64));
                runs.push((found, report.stats));
            }
            assert!(!runs[0].0.is_empty());
            assert!(runs.iter().all(|run| *run == runs[0]), "{runs:?}");
        }
    }
}
