//! `dlx split` and `dlx estimate`: one exact-cover problem's search tree,
//! cut into independent parts for other machines, or sized before it is
//! searched.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::Args;
use dlx_engine::exact_cover::estimate::{estimate_part, Estimate};
use dlx_engine::exact_cover::parallel::Part;
use dlx_engine::exact_cover::{knuth_format, Branch, ItemKind, Limits, Matrix, Problem, Solver};
use dlx_engine::io::read_text;

use crate::cli::args::positive;
use crate::cli::error::{refusal, Error, Exit};
use crate::cli::files::open_input;

/// Cut an exact-cover problem into parts to count apart (on other machines).
///
/// Each part is an ordinary problem in Knuth's format: what is left once
/// some options are chosen (and, with bounds, some left out), with those
/// options in `|` comment lines. Counting every part with `dlx solve
/// --count` (or any DLX1/DLX2/DLX3-compatible program) and adding up gives
/// the problem's count; every solution is in exactly one part. Parts are
/// balanced by Knuth's estimate of their search trees: the largest is cut
/// again until there are enough.
#[derive(Debug, Args)]
pub struct SplitArgs {
    /// The problem, in Knuth's format (`-`: standard input).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// About how many parts to make (at least this many when the tree has
    /// them).
    #[arg(long, value_name = "N", default_value_t = 64, value_parser = positive)]
    pub parts: u64,
    /// Directory for `part-NNNN.dlx` and `manifest.tsv` (made if missing;
    /// refused if it holds a manifest already).
    #[arg(short = 'o', long = "output", value_name = "DIR")]
    pub dir: PathBuf,
    /// Random paths per part for the estimates that balance the parts.
    #[arg(long, value_name = "K", default_value_t = 64, value_parser = positive)]
    pub samples: u64,
    /// Seed of the random paths (the same seed, the same parts).
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
}

/// Estimate the search tree of an exact-cover problem before searching it.
///
/// Knuth's random-path estimator: each path goes down one uniformly chosen
/// branch per level, weighted by the branching above it. It prints the
/// estimated search nodes and solutions with their standard errors, and
/// the time a count would take at this machine's rate, measured on the
/// problem itself for a fraction of a second.
#[derive(Debug, Args)]
pub struct EstimateArgs {
    /// The problem, in Knuth's format (`-`: standard input).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Random paths to follow.
    #[arg(long, value_name = "K", default_value_t = 1000, value_parser = positive)]
    pub samples: u64,
    /// Seed of the random paths (the same seed, the same estimate).
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
}

/// Reads and compiles the problem of `path`; a bad file is an error naming
/// its line.
fn read_problem(path: &Path) -> Result<(String, Problem, Matrix), Error> {
    let (name, input) = open_input(path)?;
    let text =
        read_text(input)?.map_err(|(line, reason)| refusal(format!("{name}:{line}: {reason}")))?;
    let xc = knuth_format::parse(&text, &name).map_err(|e| refusal(e.to_string()))?;
    let matrix = xc
        .problem
        .compile()
        .map_err(|e| refusal(format!("{name}: {e}")))?;
    Ok((name, xc.problem, matrix))
}

/// The estimate of `part`'s tree.
fn estimate_of(solver: &mut Solver, part: &Part, samples: u64, seed: u64) -> Estimate {
    estimate_part(
        solver,
        &|s: &mut Solver| part.apply(s).is_ok(),
        samples,
        seed,
    )
}

/// `dlx estimate`.
pub fn run_estimate(args: EstimateArgs) -> Result<Exit, Error> {
    let (name, _, matrix) = read_problem(&args.file)?;
    let mut solver = Solver::new(&matrix);
    let e = estimate_of(&mut solver, &Part::default(), args.samples, args.seed);
    // This machine's rate on this problem: a search of a fifth of a second.
    let begin = Instant::now();
    let probe = solver.count(Limits::none().with_timeout(Duration::from_millis(200)));
    let secs = begin.elapsed().as_secs_f64();
    let rate = probe.stats.nodes as f64 / secs.max(1e-9);
    let share = |error: f64, mean: f64| {
        if mean > 0.0 {
            format!("± {:.1}%", 100.0 * error / mean)
        } else {
            "± 0".to_string()
        }
    };
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "{name}: search nodes ≈ {:.4e} {}, solutions ≈ {:.4e} {}, deepest path {} levels \
         ({} random paths, seed {})",
        e.nodes,
        share(e.nodes_error, e.nodes),
        e.solutions,
        share(e.solutions_error, e.solutions),
        e.max_depth,
        e.samples,
        args.seed
    )?;
    if probe.end.is_limit() && probe.stats.nodes > 0 {
        writeln!(
            out,
            "{name}: a count would take ≈ {:.3} s here ({:.3e} nodes/s, measured over {:.2} s)",
            e.nodes / rate,
            rate,
            secs
        )?;
    } else {
        writeln!(
            out,
            "{name}: counted whole in {secs:.3} s: {} solutions, {} search nodes",
            probe.solutions, probe.stats.nodes
        )?;
    }
    Ok(Exit::Ok)
}

/// `dlx split`.
pub fn run_split(args: SplitArgs) -> Result<Exit, Error> {
    let (name, problem, matrix) = read_problem(&args.file)?;
    if args.dir.join("manifest.tsv").exists() {
        return Err(refusal(format!(
            "{}: holds a manifest.tsv already; give an empty or new directory",
            args.dir.display()
        )));
    }
    std::fs::create_dir_all(&args.dir)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", args.dir.display())))?;
    let mut solver = Solver::new(&matrix);
    let parts = balanced_split(&mut solver, args.parts as usize, args.samples, args.seed);
    let bounded = problem.has_bounds();
    let mut manifest = String::from("part\tfile\twith\twithout\testimated_nodes\n");
    for (k, (part, estimate)) in parts.iter().enumerate() {
        let file = format!("part-{:04}.dlx", k + 1);
        let texts = |options: &[usize]| -> Vec<String> {
            options.iter().map(|&o| problem.option_text(o)).collect()
        };
        let mut text = format!(
            "| part {} of {} of {name}, by dlx split\n",
            k + 1,
            parts.len()
        );
        for option in texts(&part.with) {
            text.push_str(&format!("| with: {option}\n"));
        }
        for option in texts(&part.without) {
            text.push_str(&format!("| without: {option}\n"));
        }
        for &item in &part.closed {
            let name = &problem.items()[item].name;
            text.push_str(&format!("| no more options for: {name}\n"));
        }
        text.push_str(&format!(
            "| estimated search nodes: {:.3e}\n",
            estimate.nodes
        ));
        let left = if part.apply(&mut solver).is_ok() {
            Some(solver.remaining())
        } else {
            None
        };
        match left {
            Some(left) if left.items().iter().any(|i| i.kind == ItemKind::Primary) => {
                text.push_str(&knuth_format::write(&left));
            }
            Some(_) => {
                // Nothing left to cover: the part is its options, one
                // solution. Knuth's format cannot state a problem with no
                // primary item, so one item and its one option say so.
                text.push_str("| nothing is left to cover: one solution, the options above\n");
                text.push_str("#solved\n#solved\n");
            }
            None => {
                // The options clash: no solution (an item in no option).
                text.push_str("| the options above clash: no solution\n");
                text.push_str("#none\n");
            }
        }
        let path = args.dir.join(&file);
        std::fs::write(&path, text)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
        let join = |options: &[usize]| texts(options).join(" ; ");
        manifest.push_str(&format!(
            "{}\t{file}\t{}\t{}\t{:.0}\n",
            k + 1,
            join(&part.with),
            if bounded {
                join(&part.without)
            } else {
                String::new()
            },
            estimate.nodes
        ));
    }
    let path = args.dir.join("manifest.tsv");
    std::fs::write(&path, manifest)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
    let total: f64 = parts.iter().map(|(_, e)| e.nodes).sum();
    let largest = parts.iter().map(|(_, e)| e.nodes).fold(0.0, f64::max);
    crate::cli::note(format_args!(
        "{name}: {} parts in {} (estimated search nodes {total:.3e} in all, the largest part {:.1}% of them)",
        parts.len(),
        args.dir.display(),
        if total > 0.0 { 100.0 * largest / total } else { 0.0 }
    ));
    Ok(Exit::Ok)
}

/// Cuts the problem into at least `target` parts (when its tree has them),
/// cutting the part of largest estimate each time, in the search's order.
fn balanced_split(
    solver: &mut Solver,
    target: usize,
    samples: u64,
    seed: u64,
) -> Vec<(Part, Estimate)> {
    let bounded = solver.matrix().problem().has_bounds();
    let first = estimate_of(solver, &Part::default(), samples, seed);
    let mut parts = vec![(Part::default(), first, true)];
    while parts.len() < target {
        // The largest part that can still be cut.
        let Some(at) = (0..parts.len())
            .filter(|&k| parts[k].2)
            .max_by(|&a, &b| parts[a].1.nodes.total_cmp(&parts[b].1.nodes))
        else {
            break;
        };
        let part = parts[at].0.clone();
        let branch = if part.apply(solver).is_ok() {
            solver.branch()
        } else {
            Branch::Dead
        };
        let Branch::On {
            item,
            options,
            null,
        } = branch
        else {
            parts[at].2 = false;
            continue;
        };
        let children = part.children(item, &options, null, bounded);
        let children: Vec<(Part, Estimate, bool)> = children
            .into_iter()
            .enumerate()
            .map(|(k, child)| {
                let e = estimate_of(solver, &child, samples, seed.wrapping_add(k as u64 + 1));
                (child, e, true)
            })
            .collect();
        parts.splice(at..=at, children);
    }
    parts.into_iter().map(|(p, e, _)| (p, e)).collect()
}
