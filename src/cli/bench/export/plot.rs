//! The report as an SVG chart (`dlx bench --plot FILE.svg`).
//!
//! One panel per file. In each, one curve per solver: its per-puzzle times
//! sorted from fastest to slowest, x = the puzzle's rank as a percentage of
//! the file's puzzles, y = time on a logarithmic axis. A point (x, y) reads
//! "x % of the puzzles took at most y". The median is marked with a dot;
//! puzzles that ran out of node budget with a hollow ring (their time is
//! only a lower bound). Text is plain SVG `<text>` (no font files needed).

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor;

use super::table::{self, Rounding};
use crate::cli::bench::measurement::Outcome;
use crate::cli::bench::{count_of, kind_name, solver_name, FileReport, Report, TimeStats};
use crate::cli::solvers::SolverKind;

/// Width of the chart, pixels.
pub const WIDTH: u32 = 960;
/// Height of one file's panel, pixels.
pub const PANEL_HEIGHT: u32 = 460;
/// Most points drawn per curve (longer curves are thinned evenly by rank).
pub const MAX_POINTS: usize = 2000;

/// The colour of a solver, the same in every panel.
pub fn color(kind: SolverKind) -> RGBColor {
    match kind {
        SolverKind::Dlx => RGBColor(31, 119, 180),
        SolverKind::Bitmask => RGBColor(230, 120, 10),
        SolverKind::Naive => RGBColor(44, 160, 44),
    }
}

/// A time given in microseconds, for axis labels and legends: `850 µs`,
/// `1.2 ms`, `3 s`, to 3 significant digits, rounded as `rounding` says
/// (down for a lower bound, so that `>=` stays true).
pub fn time_label(us: f64, rounding: Rounding) -> String {
    const UNITS: [(f64, &str); 4] = [(1e6, "s"), (1e3, "ms"), (1.0, "µs"), (1e-3, "ns")];
    let mut k = UNITS
        .iter()
        .position(|&(scale, _)| us >= scale)
        .unwrap_or(UNITS.len() - 1);
    let mut text = table::rounded(us / UNITS[k].0, rounding);
    // 999.7 µs rounds to 1000: that is 1 ms.
    if k > 0 && text.parse::<f64>().is_ok_and(|v| v >= 1000.0) {
        k -= 1;
        text = table::rounded(us / UNITS[k].0, rounding);
    }
    if text.contains('.') {
        text = text.trim_end_matches('0').trim_end_matches('.').to_string();
    }
    format!("{text} {}", UNITS[k].1)
}

/// One solver's sorted curve.
struct Curve {
    kind: SolverKind,
    /// (rank %, µs), thinned.
    line: Vec<(f64, f64)>,
    /// Over-budget puzzles (rank %, µs).
    rings: Vec<(f64, f64)>,
    /// The median point.
    median: (f64, f64),
    /// Whether the median is only a lower bound (as in the tables).
    median_bounded: bool,
    over_budget: usize,
}

fn curve(kind: SolverKind, times: &[u64], outcomes: &[Outcome]) -> Option<Curve> {
    let n = times.len();
    if n == 0 {
        return None;
    }
    let mut pairs: Vec<(u64, bool)> = times
        .iter()
        .zip(outcomes)
        .map(|(&t, &o)| (t.max(1), o == Outcome::OverBudget))
        .collect();
    pairs.sort_unstable();
    let point = |k: usize| {
        (
            100.0 * (k + 1) as f64 / n as f64,
            pairs[k].0 as f64 / 1000.0,
        )
    };
    let step = n.div_ceil(MAX_POINTS);
    let line = (0..n)
        .filter(|&k| k % step == 0 || k == n - 1)
        .map(point)
        .collect();
    let censored: Vec<usize> = (0..n).filter(|&k| pairs[k].1).collect();
    let ring_step = censored.len().div_ceil(MAX_POINTS).max(1);
    let rings = censored
        .iter()
        .step_by(ring_step)
        .map(|&k| point(k))
        .collect();
    let median_rank = (n as f64 * 0.5).ceil().max(1.0) as usize - 1;
    let over: Vec<bool> = outcomes.iter().map(|&o| o == Outcome::OverBudget).collect();
    let median_bounded = TimeStats::of(times, &over).is_some_and(|t| t.lower_bound.median);
    Some(Curve {
        kind,
        line,
        rings,
        median: point(median_rank),
        median_bounded,
        over_budget: censored.len(),
    })
}

/// Renders the report as an SVG document.
pub fn svg(report: &Report) -> Result<String, String> {
    let files: Vec<&FileReport> = report
        .files
        .iter()
        .filter(|f| f.results.iter().any(|r| !r.measurement.times_ns.is_empty()))
        .collect();
    let panels = files.len().max(1);
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (WIDTH, PANEL_HEIGHT * panels as u32))
            .into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        if files.is_empty() {
            root.draw_text(
                "dlx bench: no puzzles were benchmarked",
                &("sans-serif", 20).into_text_style(&root),
                (20, 20),
            )
            .map_err(|e| e.to_string())?;
        }
        let m = &report.machine;
        let mut footer = format!(
            "{}, {}, {} build; one solution per puzzle, per-puzzle times on one thread",
            m.cpu_model,
            count_of(m.threads as u64, "thread"),
            m.profile
        );
        if let Some(said) = report.interruption(&str::to_string) {
            footer = format!("{said}. {footer}");
        }
        for (area, file) in root.split_evenly((panels, 1)).iter().zip(&files) {
            panel(area, file, &footer)?;
        }
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(out)
}

/// Width of the legend column right of each plot, pixels.
const LEGEND_WIDTH: i32 = 250;

fn panel(
    area: &DrawingArea<SVGBackend<'_>, Shift>,
    file: &FileReport,
    footer: &str,
) -> Result<(), String> {
    let e = |e: DrawingAreaErrorKind<_>| e.to_string();
    let curves: Vec<Curve> = file
        .results
        .iter()
        .filter_map(|r| {
            let m = &r.measurement;
            curve(m.solver, &m.times_ns, &m.outcomes)
        })
        .collect();
    let (lo, hi) = curves
        .iter()
        .flat_map(|c| c.line.iter().map(|p| p.1))
        .fold((f64::MAX, f64::MIN), |(lo, hi), y| (lo.min(y), hi.max(y)));
    let lo = 10f64.powf(lo.max(1e-3).log10().floor());
    let hi = 10f64.powf(hi.max(1e-3).log10().ceil()).max(lo * 10.0);
    // At least two decades, so the axis is labelled at powers of ten only.
    let lo = if hi / lo < 99.0 { lo / 10.0 } else { lo };

    let (w, h) = area.dim_in_pixel();
    area.draw_text(
        footer,
        &("sans-serif", 13)
            .into_font()
            .color(&BLACK.mix(0.55))
            .pos(text_anchor::Pos::new(
                text_anchor::HPos::Right,
                text_anchor::VPos::Bottom,
            )),
        (w as i32 - 14, h as i32 - 6),
    )
    .map_err(e)?;
    let title = format!(
        "{}: {} {} {}{}, time per puzzle, fastest to slowest",
        file.file,
        file.puzzles(),
        kind_name(file.kind),
        if file.puzzles() == 1 {
            "puzzle"
        } else {
            "puzzles"
        },
        if file.not_measured > 0 {
            format!(" (interrupted: {} more not measured)", file.not_measured)
        } else {
            String::new()
        }
    );
    let body = area
        .margin(8, 0, 0, 0)
        .titled(&title, ("sans-serif", 20))
        .map_err(e)?;
    let (plot_area, legend_area) = body.split_horizontally(w as i32 - LEGEND_WIDTH);
    let mut chart = ChartBuilder::on(&plot_area)
        .margin(14)
        .margin_bottom(26)
        .x_label_area_size(44)
        .y_label_area_size(76)
        // Ends a hair outside the decades: a power of ten computed in
        // floating point can land just inside an end, which then got no
        // label (100 ns under a 4x4 panel).
        .build_cartesian_2d(0f64..100f64, (lo * 0.999_999..hi * 1.000_001).log_scale())
        .map_err(e)?;
    chart
        .configure_mesh()
        .x_labels(11)
        .x_label_formatter(&|x| format!("{x:.0}%"))
        .y_label_formatter(&|y| time_label(*y, Rounding::Nearest))
        .x_desc("puzzles, ranked from fastest to slowest")
        .y_desc("time per puzzle (log scale)")
        .label_style(("sans-serif", 14))
        .axis_desc_style(("sans-serif", 15))
        .bold_line_style(BLACK.mix(0.12))
        .light_line_style(BLACK.mix(0.04))
        .draw()
        .map_err(e)?;
    let dots = curves.iter().all(|c| c.line.len() <= 60);
    for c in &curves {
        let col = color(c.kind);
        chart
            .draw_series(LineSeries::new(c.line.iter().copied(), col.stroke_width(2)))
            .map_err(e)?;
        if dots {
            // Few puzzles: show each one.
            chart
                .draw_series(c.line.iter().map(|&p| Circle::new(p, 2, col.filled())))
                .map_err(e)?;
        }
        chart
            .draw_series(std::iter::once(Circle::new(c.median, 4, col.filled())))
            .map_err(e)?;
    }
    for c in &curves {
        let col = color(c.kind);
        chart
            .draw_series(
                c.rings
                    .iter()
                    .map(|&p| Circle::new(p, 3, col.stroke_width(1))),
            )
            .map_err(e)?;
    }
    legend(&legend_area, &curves).map_err(e)
}

/// The legend column: one entry per solver (name, median, budget hits),
/// then what the dot and the rings mean.
fn legend(
    area: &DrawingArea<SVGBackend<'_>, Shift>,
    curves: &[Curve],
) -> Result<(), DrawingAreaErrorKind<std::io::Error>> {
    let left = |size: i32, col: RGBAColor| {
        ("sans-serif", size)
            .into_font()
            .color(&col)
            .pos(text_anchor::Pos::new(
                text_anchor::HPos::Left,
                text_anchor::VPos::Center,
            ))
    };
    let grey = BLACK.mix(0.6);
    let mut y = 34;
    for c in curves {
        let col = color(c.kind);
        area.draw(&PathElement::new(
            vec![(4, y), (30, y)],
            col.stroke_width(3),
        ))?;
        area.draw_text(solver_name(c.kind), &left(17, BLACK.to_rgba()), (40, y))?;
        y += 20;
        area.draw_text(
            &format!(
                "median {}{}",
                if c.median_bounded { ">=" } else { "" },
                time_label(
                    c.median.1,
                    if c.median_bounded {
                        Rounding::Down
                    } else {
                        Rounding::Nearest
                    }
                )
            ),
            &left(14, grey),
            (40, y),
        )?;
        if c.over_budget > 0 {
            y += 18;
            area.draw_text(
                &format!("{} over budget", c.over_budget),
                &left(14, grey),
                (40, y),
            )?;
        }
        y += 30;
    }
    y += 4;
    area.draw(&Circle::new((17, y), 4, grey.filled()))?;
    area.draw_text("median", &left(14, grey), (40, y))?;
    if curves.iter().any(|c| c.over_budget > 0) {
        y += 22;
        area.draw(&Circle::new((17, y), 3, grey.stroke_width(1)))?;
        area.draw_text("over node budget:", &left(14, grey), (40, y))?;
        y += 18;
        area.draw_text("time is a lower bound", &left(14, grey), (40, y))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels() {
        let label = |us| time_label(us, Rounding::Nearest);
        assert_eq!(label(850.0), "850 µs");
        assert_eq!(label(1200.0), "1.2 ms");
        assert_eq!(label(3e6), "3 s");
        assert_eq!(label(10.0), "10 µs");
        assert_eq!(label(0.5), "500 ns");
        assert_eq!(label(999.7), "1 ms");
        assert_eq!(label(15_398.013), "15.4 ms");
        // A lower bound is rounded down, so that it stays one.
        assert_eq!(time_label(15_398.013, Rounding::Down), "15.3 ms");
        assert_eq!(time_label(999.7, Rounding::Down), "999 µs");
    }

    #[test]
    fn curves_are_sorted_and_thinned() {
        let times: Vec<u64> = (0..10_000u64).rev().map(|k| k * 1000 + 1).collect();
        let mut outcomes = vec![Outcome::Solved; 10_000];
        outcomes[0] = Outcome::OverBudget;
        let c = curve(SolverKind::Dlx, &times, &outcomes).unwrap();
        assert!(c.line.len() <= MAX_POINTS + 1);
        assert!(c
            .line
            .windows(2)
            .all(|w| w[0].0 < w[1].0 && w[0].1 <= w[1].1));
        assert_eq!(c.line.last().unwrap().0, 100.0);
        assert_eq!(c.rings, vec![(100.0, 9_999.001)]);
        assert_eq!(c.over_budget, 1);
        // The slowest puzzle ran out of budget: the median stays exact.
        assert!(!c.median_bounded);
    }

    #[test]
    fn a_median_that_budget_hits_make_uncertain_is_marked() {
        // The fastest puzzle ran out of budget: it could belong anywhere.
        let times = [5_000, 1_000, 2_000];
        let outcomes = [Outcome::Solved, Outcome::OverBudget, Outcome::Solved];
        let c = curve(SolverKind::Naive, &times, &outcomes).unwrap();
        assert!(c.median_bounded);
        let mut report = String::new();
        {
            let root = SVGBackend::with_string(&mut report, (200, 200)).into_drawing_area();
            legend(&root, &[c]).unwrap();
        }
        assert!(report.contains("median &gt;=2 µs"), "{report}");
    }
}
