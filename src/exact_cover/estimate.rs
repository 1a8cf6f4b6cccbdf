//! Knuth's estimate of a search tree's size: random paths from the root,
//! each step down one branch chosen uniformly, weighted by the product of
//! the branching degrees above it (Knuth, "Estimating the efficiency of
//! backtrack programs", 1975; TAOCP 7.2.2, (18)-(19)). The mean over the
//! paths is an unbiased estimate of the search nodes and of the solutions;
//! its spread says how far to trust it.
//!
//! ```
//! use dlx_engine::exact_cover::estimate::estimate;
//! use dlx_engine::exact_cover::{Limits, Solver};
//! use dlx_engine::problems::n_queens;
//!
//! let mut solver = Solver::new(&n_queens(8).compile()?);
//! let guess = estimate(&mut solver, &[], 4000, 1);
//! let exact = solver.count(Limits::none());
//! let ratio = guess.nodes / exact.stats.nodes as f64;
//! assert!((0.8..1.25).contains(&ratio), "{ratio}");
//! # Ok::<(), dlx_engine::exact_cover::ProblemError>(())
//! ```

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::search::{Branch, Solver};

/// An estimate of a search tree from random paths.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    /// Random paths followed.
    pub samples: u64,
    /// Estimated search nodes (options tried, as [`Stats::nodes`](super::Stats::nodes)).
    pub nodes: f64,
    /// Standard error of `nodes` (the sample's standard deviation over the
    /// square root of the samples).
    pub nodes_error: f64,
    /// Estimated solutions.
    pub solutions: f64,
    /// Standard error of `solutions`.
    pub solutions_error: f64,
    /// Levels of the deepest path.
    pub max_depth: u64,
}

/// Estimates the search tree below `solver`'s state with the options
/// `with` selected on top of it, from `samples` random paths drawn with
/// `seed` (the same seed, the same estimate). The solver is reset and
/// `with` selected again before each path; a `with` that clashes gives an
/// empty tree. Samples below 1 count as 1.
pub fn estimate(solver: &mut Solver, with: &[usize], samples: u64, seed: u64) -> Estimate {
    estimate_part(
        solver,
        &|s: &mut Solver| s.select_all(with.iter().copied()).is_ok(),
        samples,
        seed,
    )
}

/// [`estimate`] below the state `setup` puts a freshly reset solver in
/// (`false`: the part is empty).
pub fn estimate_part(
    solver: &mut Solver,
    setup: &dyn Fn(&mut Solver) -> bool,
    samples: u64,
    seed: u64,
) -> Estimate {
    let samples = samples.max(1);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let (mut nodes, mut nodes_sq, mut sols, mut sols_sq) = (0.0, 0.0, 0.0, 0.0);
    let mut max_depth = 0;
    for _ in 0..samples {
        solver.reset();
        let (mut path_nodes, mut path_sols) = (0.0f64, 0.0f64);
        if setup(solver) {
            let mut weight = 1.0f64;
            let mut depth = 0;
            loop {
                match solver.branch() {
                    Branch::Solved => {
                        path_sols = weight;
                        break;
                    }
                    Branch::Dead => break,
                    Branch::On {
                        item,
                        options,
                        null,
                    } => {
                        let degree = options.len() + usize::from(null);
                        weight *= degree as f64;
                        path_nodes += weight;
                        depth += 1;
                        let pick = rng.gen_range(0..degree);
                        // With bounds a branch leaves out the options tried
                        // before it; without, its item is covered anyway.
                        if solver.matrix().problem().has_bounds() {
                            for &o in &options[..pick.min(options.len())] {
                                solver.exclude(o);
                            }
                        }
                        if pick == options.len() {
                            // The null move: no more options for the item.
                            solver.close(item);
                        } else if solver.select(options[pick]).is_err() {
                            break;
                        }
                    }
                }
            }
            max_depth = max_depth.max(depth);
        }
        nodes += path_nodes;
        nodes_sq += path_nodes * path_nodes;
        sols += path_sols;
        sols_sq += path_sols * path_sols;
    }
    solver.reset();
    let n = samples as f64;
    let error = |sum: f64, sq: f64| {
        let mean = sum / n;
        ((sq / n - mean * mean).max(0.0) / n).sqrt()
    };
    Estimate {
        samples,
        nodes: nodes / n,
        nodes_error: error(nodes, nodes_sq),
        solutions: sols / n,
        solutions_error: error(sols, sols_sq),
        max_depth,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact_cover::{Limits, Problem};
    use crate::problems::{langford_pairs, n_queens};

    /// A tree whose every path has the same branching (n independent
    /// items of two options each) is estimated exactly by one path:
    /// 2 + 4 + ... + 2^n nodes and 2^n solutions, by hand.
    #[test]
    fn uniform_trees_are_estimated_exactly() {
        let n = 10;
        let mut p = Problem::new();
        for i in 0..n {
            let item = p.add_primary(format!("i{i}")).unwrap();
            p.add_option(&[item]).unwrap();
            p.add_option(&[item]).unwrap();
        }
        let mut solver = Solver::new(&p.compile().unwrap());
        let e = estimate(&mut solver, &[], 1, 7);
        let nodes: f64 = (1..=n).map(|k| 2f64.powi(k)).sum();
        assert_eq!((e.nodes, e.solutions, e.max_depth), (nodes, 1024.0, 10));
        assert_eq!((e.nodes_error, e.solutions_error), (0.0, 0.0));
        let exact = solver.count(Limits::none());
        assert_eq!(
            (exact.stats.nodes as f64, exact.solutions as f64),
            (nodes, 1024.0)
        );
    }

    /// On real trees the estimate lands near the exact counts (the test
    /// is deterministic: the seed fixes the paths), and one seed always
    /// gives one estimate.
    #[test]
    fn estimates_land_near_the_counts() {
        for problem in [n_queens(8), n_queens(9), langford_pairs(8)] {
            let mut solver = Solver::new(&problem.compile().unwrap());
            let exact = solver.count(Limits::none());
            let e = estimate(&mut solver, &[], 3000, 11);
            let ratio = e.nodes / exact.stats.nodes as f64;
            assert!((0.75..1.33).contains(&ratio), "nodes ratio {ratio}");
            let ratio = e.solutions / exact.solutions as f64;
            assert!((0.5..2.0).contains(&ratio), "solutions ratio {ratio}");
            assert_eq!(estimate(&mut solver, &[], 3000, 11), e);
        }
    }
}
