//! The results table of one file, as cells: shared by the terminal and
//! Markdown renderings so both always show the same figures.

use crate::cli::bench::{solver_name, FileReport, SolverResult};
use crate::cli::solvers::SolverKind;
use dlx_engine::puzzles::Kind;

/// A table: a header row and body rows of the same width. The first
/// column is text (left-aligned), the others numbers (right-aligned).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// Column titles.
    pub headers: Vec<String>,
    /// Body rows.
    pub rows: Vec<Vec<String>>,
}

/// Which way a figure is rounded for a table cell: a bound is rounded so
/// that it stays a bound (`>=18672` for 18672.9, `<=0.015` for 0.0145).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rounding {
    /// An exact figure: to the nearest.
    Nearest,
    /// A lower bound (`>=`): down.
    Down,
    /// An upper bound (`<=`): up.
    Up,
}

impl Rounding {
    /// The rounding of a figure marked `mark` (`>=`, `<=`, `~` or none).
    pub fn of_mark(mark: &str) -> Self {
        match mark {
            ">=" => Rounding::Down,
            "<=" => Rounding::Up,
            _ => Rounding::Nearest,
        }
    }
}

/// `x` with `decimals` decimals, rounded as `rounding` says.
pub(crate) fn fixed(x: f64, decimals: usize, rounding: Rounding) -> String {
    let scale = 10f64.powi(decimals as i32);
    let scaled = x * scale;
    // A figure that is a whole number of units but for the binary
    // representation (4350 ns / 1000 * 100 = 434.99999999999994) is that
    // number: a floor or ceiling of the error would move it a whole unit.
    // A few units in the last place, the error of the two or three
    // operations that made it; no more, or a bound would cross a figure.
    let whole = scaled.round();
    let scaled = if (scaled - whole).abs() <= 8.0 * f64::EPSILON * whole.abs().max(1.0) {
        whole
    } else {
        scaled
    };
    let x = match rounding {
        Rounding::Nearest => x,
        Rounding::Down => scaled.floor() / scale,
        Rounding::Up => scaled.ceil() / scale,
    };
    format!("{x:.decimals$}")
}

/// Microseconds for a table cell: 3 significant digits or more, `>=` in
/// front (and rounded down) when the figure is only a lower bound.
pub fn micros(ns: f64, lower_bound: bool) -> String {
    let digits = |us: f64| {
        if us < 10.0 {
            2
        } else if us < 100.0 {
            1
        } else {
            0
        }
    };
    let us = ns / 1000.0;
    if lower_bound {
        format!(">={}", carried(us, digits, Rounding::Down))
    } else {
        carried(us, digits, Rounding::Nearest)
    }
}

/// `x` at the decimals `decimals_of(x)` gives it, or at those of the
/// rounded figure when rounding carried it into the next power of ten
/// (99.96 is `100`, not `100.0`; 9.996 is `10.0`): no figure shows more
/// significant digits than its neighbours.
fn carried(x: f64, decimals_of: impl Fn(f64) -> usize, rounding: Rounding) -> String {
    let decimals = decimals_of(x);
    let text = fixed(x, decimals, rounding);
    match text.parse::<f64>() {
        Ok(r) if decimals_of(r) < decimals => fixed(x, decimals_of(r), rounding),
        _ => text,
    }
}

/// A rate, mean or ratio: 3 significant digits from 1 up (or every digit
/// of the whole part), 2 below 1 (`0.52`, `0.015`, not `0.00`: a baseline
/// thousands of times slower gives such ratios).
#[cfg(test)]
pub fn number(x: f64) -> String {
    rounded(x, Rounding::Nearest)
}

/// [`number`], rounded as `rounding` says.
pub fn rounded(x: f64, rounding: Rounding) -> String {
    let decimals = |x: f64| {
        if x > 0.0 && x < 1.0 {
            ((-x.log10()).ceil() as usize + 1).min(12)
        } else if x < 10.0 {
            2
        } else if x < 100.0 {
            1
        } else {
            0
        }
    };
    carried(x, decimals, rounding)
}

/// A ratio such as `1.00×`, `23.4×`, `1234×`.
#[cfg(test)]
pub fn ratio(x: f64) -> String {
    marked_ratio("", x)
}

/// A figure with its bound mark in front, rounded to stay a bound.
fn marked(mark: &str, x: f64) -> String {
    format!("{mark}{}", rounded(x, Rounding::of_mark(mark)))
}

/// A ratio with its bound mark in front, rounded to stay a bound.
fn marked_ratio(mark: &str, x: f64) -> String {
    format!("{}×", marked(mark, x))
}

/// The name the ratios are relative to (`dlx`, or the first solver).
pub fn baseline_name(file: &FileReport) -> &'static str {
    file.baseline()
        .map_or("dlx", |b| solver_name(b.measurement.solver))
}

/// The results of one file: one row per solver.
///
/// Figures that puzzles over budget make bounds are marked: `>=` lower
/// bound, `<=` upper bound (puzzles/s). A ratio is a lower bound when the
/// solver's own figure is, an upper bound when only the baseline's is
/// (both ratios grow with the solver's time and shrink with the
/// baseline's), and marked `~` when both are bounds (neither then).
///
/// Columns: solver, puzzles, solved, over budget (unsolved within the node
/// budget), no solution (only when some solver proved one), median / p90 /
/// p99 / max microseconds per puzzle, puzzles per second, mean search nodes
/// per puzzle, and the slowdown relative to the baseline solver by median
/// time and by throughput (see [`FileReport::ratios`]).
pub fn results(file: &FileReport) -> Table {
    let base = baseline_name(file);
    let show_none = file.results.iter().any(|r| r.stats.no_solution > 0);
    let mut headers: Vec<String> = ["solver", "puzzles", "solved", "over budget"]
        .map(String::from)
        .to_vec();
    if show_none {
        headers.push("no solution".into());
    }
    headers.extend([
        "median µs".to_string(),
        "p90 µs".into(),
        "p99 µs".into(),
        "max µs".into(),
        "puzzles/s".into(),
        "nodes/puzzle".into(),
        format!("median ×{base}"),
        format!("throughput ×{base}"),
    ]);
    let rows = file
        .results
        .iter()
        .map(|r| {
            let s = &r.stats;
            let mut row = vec![
                solver_name(r.measurement.solver).to_string(),
                s.puzzles.to_string(),
                s.solved.to_string(),
                s.over_budget.to_string(),
            ];
            if show_none {
                row.push(s.no_solution.to_string());
            }
            match &s.time {
                Some(t) => {
                    let lb = t.lower_bound;
                    row.push(micros(t.median_ns as f64, lb.median));
                    row.push(micros(t.p90_ns as f64, lb.p90));
                    row.push(micros(t.p99_ns as f64, lb.p99));
                    row.push(micros(t.max_ns as f64, lb.max));
                }
                None => row.extend(["-"; 4].map(String::from)),
            }
            let bounded = s.over_budget > 0;
            row.push(marked(if bounded { "<=" } else { "" }, s.per_second));
            row.push(marked(if bounded { ">=" } else { "" }, s.nodes_mean));
            match (file.ratios(r), &s.time) {
                (Some(q), Some(t)) => {
                    let base = file.baseline().map(|b| &b.stats);
                    let is_base = base.is_some_and(|b| std::ptr::eq(b, s));
                    let base_median = base
                        .and_then(|b| b.time)
                        .is_some_and(|b| b.lower_bound.median);
                    let base_rate = base.is_some_and(|b| b.over_budget > 0);
                    let mark = |own: bool, of_base: bool| match (is_base, own, of_base) {
                        (true, _, _) => "",
                        (false, true, true) => "~",
                        (false, false, true) => "<=",
                        (false, true, false) => ">=",
                        (false, false, false) => "",
                    };
                    row.push(marked_ratio(
                        mark(t.lower_bound.median, base_median),
                        q.median,
                    ));
                    row.push(marked_ratio(mark(bounded, base_rate), q.throughput));
                }
                _ => row.extend(["-"; 2].map(String::from)),
            }
            row
        })
        .collect();
    Table { headers, rows }
}

/// What the ratio columns mean, in one sentence, and, when dlx is beside
/// a backtracking solver, that their nodes are not the same unit.
pub fn legend(file: &FileReport) -> String {
    let base = baseline_name(file);
    let mut legend = format!(
        "×{base} = times slower than {base} (above 1 = slower): median = the solver's \
         median time / {base}'s median time; throughput = {base}'s puzzles/s / the solver's puzzles/s"
    );
    let dlx = |r: &SolverResult| r.measurement.solver == SolverKind::Dlx;
    if file.results.iter().any(dlx) && !file.results.iter().all(dlx) {
        let placed = match file.kind {
            Kind::Sudominoku => "dominoes placed",
            _ => "digits placed",
        };
        let baselines: Vec<&str> = (file.results.iter())
            .filter(|r| !dlx(r))
            .map(|r| solver_name(r.measurement.solver))
            .collect();
        legend += &format!(
            "\nnodes/puzzle is each solver's own unit (dlx: options tried; {}: {placed}): \
             compare it between runs of one solver, not between solvers",
            baselines.join(" and ")
        );
    }
    legend
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::bench::measurement::Outcome;
    use crate::cli::bench::{FileReport, Measurement, SolverResult, SolverStats};
    use crate::cli::solvers::SolverKind;
    use dlx_engine::puzzles::Kind;
    use std::time::Duration;

    /// A solver's result on three puzzles of 1, 2 and 3 ms, the fastest
    /// over budget when `bounded` (so its median is a lower bound).
    fn result(solver: SolverKind, bounded: bool) -> SolverResult {
        let first = if bounded {
            Outcome::OverBudget
        } else {
            Outcome::Solved
        };
        let measurement = Measurement {
            solver,
            budget: Some(10),
            times_ns: vec![1_000_000, 2_000_000, 3_000_000],
            nodes: vec![10, 5, 5],
            outcomes: vec![first, Outcome::Solved, Outcome::Solved],
            wall: Duration::from_millis(6),
        };
        let stats = SolverStats::of(&measurement);
        SolverResult { measurement, stats }
    }

    fn file_of(results: Vec<SolverResult>) -> FileReport {
        FileReport {
            file: "f.txt".into(),
            path: "f.txt".into(),
            kind: Kind::Sudoku,
            records: 3,
            lines: vec![1, 2, 3],
            not_measured: 0,
            sizes: vec![(9, 3)],
            invalid: vec![],
            skipped: vec![],
            warnings: vec![],
            results,
        }
    }

    /// The legend's line on nodes names the solvers that ran, and comes
    /// only when dlx runs beside another.
    #[test]
    fn the_nodes_legend_names_the_solvers_that_ran() {
        let with = |kinds: &[SolverKind]| {
            legend(&file_of(kinds.iter().map(|&k| result(k, false)).collect()))
        };
        let one = with(&[SolverKind::Dlx, SolverKind::Bitmask]);
        assert!(
            one.contains("(dlx: options tried; bitmask: digits placed)"),
            "{one}"
        );
        let all = with(&[SolverKind::Naive, SolverKind::Dlx, SolverKind::Bitmask]);
        assert!(all.contains("; naive and bitmask: digits placed)"), "{all}");
        assert!(!with(&[SolverKind::Dlx]).contains("nodes/puzzle"));
        assert!(!with(&[SolverKind::Naive, SolverKind::Bitmask]).contains("nodes/puzzle"));
    }

    /// The ratio columns of the second solver against the first (the
    /// baseline: no dlx runs).
    fn ratio_marks(base_bounded: bool, own_bounded: bool) -> (String, String) {
        let file = file_of(vec![
            result(SolverKind::Bitmask, base_bounded),
            result(SolverKind::Naive, own_bounded),
        ]);
        let row = &results(&file).rows[1];
        let n = row.len();
        (row[n - 2].clone(), row[n - 1].clone())
    }

    #[test]
    fn ratios_to_bounded_figures_are_marked_by_direction() {
        let marks = |b, o| ratio_marks(b, o);
        assert_eq!(marks(false, false), ("1.00×".into(), "1.00×".into()));
        // Own time a lower bound: the ratio can only be higher.
        assert_eq!(marks(false, true), (">=1.00×".into(), ">=1.00×".into()));
        // The baseline's a lower bound: the ratio can only be lower.
        assert_eq!(marks(true, false), ("<=1.00×".into(), "<=1.00×".into()));
        assert_eq!(marks(true, true), ("~1.00×".into(), "~1.00×".into()));
    }

    #[test]
    fn formats() {
        assert_eq!(micros(1234.0, false), "1.23");
        assert_eq!(micros(52_140.0, false), "52.1");
        // A lower bound is rounded down, so that it stays one.
        assert_eq!(micros(1_234_967.0, true), ">=1234");
        assert_eq!(micros(1_234_967.0, false), "1235");
        assert_eq!(marked(">=", 18_672.854), ">=18672");
        // An upper bound is rounded up; between 0.01 and 1, two
        // significant digits.
        assert_eq!(marked_ratio("<=", 0.0145), "<=0.015×");
        assert_eq!(marked_ratio("", 0.0144), "0.014×");
        assert_eq!(marked_ratio("~", 0.52), "~0.52×");
        assert_eq!(marked("<=", 2.001), "<=2.01");
        assert_eq!(ratio(1.0), "1.00×");
        assert_eq!(number(12345.6), "12346");
        // Small ratios keep two significant digits.
        assert_eq!(ratio(0.0043), "0.0043×");
        assert_eq!(ratio(0.000_051), "0.000051×");
        assert_eq!(ratio(0.01), "0.010×");
        assert_eq!(ratio(0.1), "0.10×");
        assert_eq!(number(0.0), "0.00");
        // Rounding that carries into the next power of ten drops a decimal.
        assert_eq!(micros(99_960.0, false), "100");
        assert_eq!(micros(9_996.0, false), "10.0");
        assert_eq!(micros(99_960.0, true), ">=99.9");
        assert_eq!(number(99.96), "100");
        assert_eq!(marked("<=", 9.991), "<=10.0");
        assert_eq!(ratio(0.0996), "0.10×");
        assert_eq!(ratio(0.999), "1.00×");
    }

    #[test]
    fn whole_units_are_not_moved_by_binary_error() {
        // 4350 / 1000 * 100 is 434.99999999999994 in binary: a floor of
        // that would make the bound 4.34.
        assert_eq!(micros(4350.0, true), ">=4.35");
        assert_eq!(marked("<=", 1.1), "<=1.10");
        assert_eq!(marked(">=", 0.29), ">=0.29");
        assert_eq!(marked("<=", 0.57), "<=0.57");
        // A figure really past a unit still moves.
        assert_eq!(micros(4349.9, true), ">=4.34");
        assert_eq!(marked("<=", 1.1001), "<=1.11");
        // Large figures are no nearer a whole unit than small ones.
        assert_eq!(marked(">=", 123_456_789.95), ">=123456789");
        assert_eq!(marked(">=", 500_000_000.5), ">=500000000");
        assert_eq!(marked("<=", 250_000_000.2), "<=250000001");
        assert_eq!(micros(500_000_000_600.0, true), ">=500000000");
        assert_eq!(marked(">=", 9.999_999_999), ">=9.99");
    }
}
