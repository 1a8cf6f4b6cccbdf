//! Summary figures of one solver on one file: nearest-rank quantiles of
//! the per-puzzle times, counts, throughput and mean search nodes.

use std::time::Duration;

use serde::Serialize;

use super::measurement::{Measurement, Outcome};

/// Quantiles of per-puzzle solve times, in nanoseconds.
///
/// Quantiles are nearest-rank: the `q` quantile of `n` sorted times is the
/// one at rank `ceil(q * n)` (the median of an even count is the lower
/// middle value). A puzzle that ran out of node budget has a recorded time
/// below its true time; a figure is flagged as a lower bound when such a
/// puzzle could change it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct TimeStats {
    /// Median.
    pub median_ns: u64,
    /// 90th percentile.
    pub p90_ns: u64,
    /// 99th percentile.
    pub p99_ns: u64,
    /// Slowest puzzle.
    pub max_ns: u64,
    /// Arithmetic mean.
    pub mean_ns: f64,
    /// Which figures are only lower bounds.
    pub lower_bound: LowerBounds,
}

/// For each figure of [`TimeStats`]: whether it is only a lower bound.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct LowerBounds {
    /// The median.
    pub median: bool,
    /// The 90th percentile.
    pub p90: bool,
    /// The 99th percentile.
    pub p99: bool,
    /// The maximum.
    pub max: bool,
    /// The mean (and with it throughput and mean nodes).
    pub mean: bool,
}

impl LowerBounds {
    /// The names of the flagged figures (`median`, `p90`, `p99`, `max`, `mean`).
    pub fn names(&self) -> Vec<&'static str> {
        [
            (self.median, "median"),
            (self.p90, "p90"),
            (self.p99, "p99"),
            (self.max, "max"),
            (self.mean, "mean"),
        ]
        .into_iter()
        .filter_map(|(flag, name)| flag.then_some(name))
        .collect()
    }
}

/// The nearest-rank `q` quantile (`0 < q <= 1`) of sorted, non-empty data.
pub fn quantile(sorted: &[u64], q: f64) -> u64 {
    let n = sorted.len();
    let rank = ((q * n as f64).ceil() as usize).clamp(1, n);
    sorted[rank - 1]
}

impl TimeStats {
    /// The figures of `times`; `censored[i]` says that `times[i]` is only a
    /// lower bound (the puzzle hit the node budget). `None` for no times.
    pub fn of(times: &[u64], censored: &[bool]) -> Option<TimeStats> {
        if times.is_empty() {
            return None;
        }
        let mut sorted = times.to_vec();
        sorted.sort_unstable();
        // An order statistic is exact unless a censored time at or below it
        // could grow past it.
        let lowest_censored = times
            .iter()
            .zip(censored)
            .filter(|(_, &c)| c)
            .map(|(&t, _)| t)
            .min();
        let bound = |v: u64| lowest_censored.is_some_and(|c| c <= v);
        let (median, p90, p99) = (
            quantile(&sorted, 0.5),
            quantile(&sorted, 0.9),
            quantile(&sorted, 0.99),
        );
        let max = sorted[sorted.len() - 1];
        Some(TimeStats {
            median_ns: median,
            p90_ns: p90,
            p99_ns: p99,
            max_ns: max,
            mean_ns: times.iter().map(|&t| t as f64).sum::<f64>() / times.len() as f64,
            lower_bound: LowerBounds {
                median: bound(median),
                p90: bound(p90),
                p99: bound(p99),
                max: lowest_censored.is_some(),
                mean: lowest_censored.is_some(),
            },
        })
    }
}

/// The figures of one solver on one file.
#[derive(Debug, Clone, PartialEq)]
pub struct SolverStats {
    /// Puzzles attempted.
    pub puzzles: usize,
    /// Puzzles solved (answer verified).
    pub solved: usize,
    /// Puzzles unsolved within the node budget.
    pub over_budget: usize,
    /// Puzzles the solver proved to have no solution.
    pub no_solution: usize,
    /// Per-puzzle time quantiles (`None` without puzzles).
    pub time: Option<TimeStats>,
    /// Wall-clock time of the solver's blocks.
    pub wall: Duration,
    /// Puzzles per second of wall-clock time (`puzzles / wall`).
    pub per_second: f64,
    /// Search nodes over all puzzles (solver-specific unit).
    pub nodes_total: u64,
    /// Mean search nodes per puzzle.
    pub nodes_mean: f64,
}

impl SolverStats {
    /// Summarises one solver's measurements.
    pub fn of(m: &Measurement) -> SolverStats {
        let count = |o: Outcome| m.outcomes.iter().filter(|&&x| x == o).count();
        let censored: Vec<bool> = m
            .outcomes
            .iter()
            .map(|&o| o == Outcome::OverBudget)
            .collect();
        let puzzles = m.times_ns.len();
        let nodes_total: u64 = m.nodes.iter().sum();
        let wall = m.wall.as_secs_f64();
        SolverStats {
            puzzles,
            solved: count(Outcome::Solved),
            over_budget: count(Outcome::OverBudget),
            no_solution: count(Outcome::NoSolution),
            time: TimeStats::of(&m.times_ns, &censored),
            wall: m.wall,
            per_second: if wall > 0.0 {
                puzzles as f64 / wall
            } else {
                0.0
            },
            nodes_total,
            nodes_mean: if puzzles > 0 {
                nodes_total as f64 / puzzles as f64
            } else {
                0.0
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank() {
        let v: Vec<u64> = (1..=100).collect();
        assert_eq!(quantile(&v, 0.5), 50);
        assert_eq!(quantile(&v, 0.9), 90);
        assert_eq!(quantile(&v, 0.99), 99);
        assert_eq!(quantile(&v, 1.0), 100);
        assert_eq!(quantile(&[7], 0.5), 7);
        assert_eq!(quantile(&[1, 2], 0.5), 1);
    }

    #[test]
    fn censored_times_make_lower_bounds() {
        let times: Vec<u64> = (1..=100).collect();
        let mut censored = vec![false; 100];
        // Puzzle with time 95 hit the budget: p99 and max may be higher,
        // the median and p90 cannot move.
        censored[94] = true;
        let s = TimeStats::of(&times, &censored).unwrap();
        assert_eq!(
            (s.median_ns, s.p90_ns, s.p99_ns, s.max_ns),
            (50, 90, 99, 100)
        );
        assert_eq!(s.lower_bound.names(), vec!["p99", "max", "mean"]);
        let exact = TimeStats::of(&times, &[false; 100]).unwrap();
        assert!(exact.lower_bound.names().is_empty());
        assert_eq!(exact.mean_ns, 50.5);
        assert!(TimeStats::of(&[], &[]).is_none());
    }
}
