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
    /// refused if it holds a manifest already). Needed unless --lines.
    #[arg(
        short = 'o',
        long = "output",
        value_name = "DIR",
        required_unless_present = "lines"
    )]
    pub dir: Option<PathBuf>,
    /// Random paths per part for the estimates that balance the parts.
    #[arg(long, value_name = "K", default_value_t = 64, value_parser = positive)]
    pub samples: u64,
    /// Seed of the random paths (the same seed, the same parts).
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Print one line per part on standard output instead of writing
    /// files (for a streaming engine: `dlx solve --parts-of FILE` counts
    /// such lines, one count per line). No -o then.
    #[arg(long, conflicts_with = "dir")]
    pub lines: bool,
}

/// A part as one line: `with=3,17 without=5 closed=2`, the numbers of
/// options (and closed items) in the order the problem file gives them,
/// from 0 (options that name no primary item are left out and not
/// numbered, as in the manifest). Empty lists are left out; the whole
/// problem is `with=`.
pub fn part_line(part: &Part) -> String {
    let list = |v: &[usize]| v.iter().map(usize::to_string).collect::<Vec<_>>().join(",");
    let mut line = format!("with={}", list(&part.with));
    if !part.without.is_empty() {
        line.push_str(&format!(" without={}", list(&part.without)));
    }
    if !part.closed.is_empty() {
        line.push_str(&format!(" closed={}", list(&part.closed)));
    }
    line
}

/// Reads a [`part_line`], checking its numbers against `problem`: the
/// reason when it is not one.
pub fn parse_part_line(line: &str, problem: &Problem) -> Result<Part, String> {
    let mut part = Part::default();
    let mut seen_with = false;
    for field in line.split_whitespace() {
        let Some((key, values)) = field.split_once('=') else {
            return Err(format!(
                "`{field}` is not `with=`, `without=` or `closed=` with numbers"
            ));
        };
        let (list, bound, what) = match key {
            "with" => (&mut part.with, problem.options(), "option"),
            "without" => (&mut part.without, problem.options(), "option"),
            "closed" => (&mut part.closed, problem.items().len(), "item"),
            _ => return Err(format!("unknown field `{key}` (with, without, closed)")),
        };
        seen_with |= key == "with";
        for value in values.split(',').filter(|v| !v.is_empty()) {
            let k: usize = value
                .parse()
                .map_err(|_| format!("`{value}` in `{key}=` is not a number"))?;
            if k >= bound {
                return Err(format!(
                    "{what} {k} in `{key}=` is out of range (the problem has {bound})"
                ));
            }
            list.push(k);
        }
    }
    if !seen_with {
        return Err("no `with=` field (the whole problem is `with=`)".into());
    }
    Ok(part)
}

/// `dlx solve --parts-of PROBLEM --count FILES`: reads the part lines of
/// `files` (standard input for `-`), counts each part of `problem` on
/// `threads` threads, and writes one count per line, in order, to `out`
/// (standard output when `None`). A line that is no part gets `! invalid:
/// REASON` in its place and `FILE:LINE: REASON` on stderr (exit status 1).
pub fn count_parts(
    problem: &Path,
    files: &[PathBuf],
    out: Option<&Path>,
    threads: usize,
    sharp: bool,
) -> Result<Exit, Error> {
    use rayon::prelude::*;
    let (_, problem, matrix) = read_problem(problem)?;
    let mut sink: Box<dyn Write> = match out {
        Some(path) => Box::new(io::BufWriter::new(
            std::fs::File::create(path)
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?,
        )),
        None => Box::new(io::BufWriter::new(io::stdout().lock())),
    };
    let pool = crate::cli::batch::shared_pool(threads)?;
    let mut exit = Exit::Ok;
    for file in files {
        let (name, input) = open_input(file)?;
        let mut lines = Vec::new();
        for line in io::BufRead::lines(input) {
            lines.push(line.map_err(|e| io::Error::new(e.kind(), format!("{name}: {e}")))?);
        }
        // Blank lines and `#` comments are no parts.
        let parts: Vec<(usize, &str)> = (1..)
            .zip(lines.iter().map(|l| l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
            .collect();
        let answers: Vec<Result<u64, String>> = pool.install(|| {
            parts
                .par_iter()
                .map_init(
                    || {
                        let mut solver = Solver::new(&matrix);
                        solver.prefer_sharp(sharp);
                        solver
                    },
                    |solver, (_, line)| {
                        let part = parse_part_line(line, &problem)?;
                        Ok(match part.apply(solver) {
                            Ok(()) => solver.count(Limits::none()).solutions,
                            Err(_) => 0,
                        })
                    },
                )
                .collect()
        });
        for ((line_no, _), answer) in parts.iter().zip(answers) {
            match answer {
                Ok(count) => writeln!(sink, "{count}")?,
                Err(reason) => {
                    writeln!(sink, "! invalid: {reason}")?;
                    crate::cli::note(format_args!("{name}:{line_no}: {reason}"));
                    exit = Exit::SomeFailed;
                }
            }
        }
    }
    sink.flush()?;
    Ok(exit)
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
    let mut solver = Solver::new(&matrix);
    let Some(dir) = args.dir else {
        let parts = balanced_split(&mut solver, args.parts as usize, args.samples, args.seed);
        let mut out = io::stdout().lock();
        for (part, _) in &parts {
            writeln!(out, "{}", part_line(part))?;
        }
        return Ok(Exit::Ok);
    };
    if dir.join("manifest.tsv").exists() {
        return Err(refusal(format!(
            "{}: holds a manifest.tsv already; give an empty or new directory",
            dir.display()
        )));
    }
    std::fs::create_dir_all(&dir)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", dir.display())))?;
    let parts = balanced_split(&mut solver, args.parts as usize, args.samples, args.seed);
    let bounded = problem.has_bounds();
    let mut manifest = String::from("part\tfile\twith\twithout\testimated_nodes\tline\n");
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
        let path = dir.join(&file);
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
    let path = dir.join("manifest.tsv");
    std::fs::write(&path, manifest)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
    let total: f64 = parts.iter().map(|(_, e)| e.nodes).sum();
    let largest = parts.iter().map(|(_, e)| e.nodes).fold(0.0, f64::max);
    crate::cli::note(format_args!(
        "{name}: {} parts in {} (estimated search nodes {total:.3e} in all, the largest part {:.1}% of them)",
        parts.len(),
        dir.display(),
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
