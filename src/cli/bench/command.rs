//! `dlx bench`: reads the inputs, runs the library's benchmark, prints the
//! tables and writes the requested exports.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use clap::Args;

use crate::cli::error::{Error, Exit};
use indicatif::{ProgressBar, ProgressStyle};

use crate::cli::bench::{self, export, BenchError, Config, Machine, Report};
use crate::cli::solvers::SolverKind;
use dlx_engine::error::count_of;

use crate::cli::args::{CommaList, CommaListParser};
use crate::cli::files::reports::{commit_all, PendingReport};

/// Arguments of `dlx bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Sudoku or Sudominoku puzzle files (`-`: standard input).
    ///
    /// The kind of each is detected from its content.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
    /// Solvers to compare, comma-separated, in report order.
    ///
    /// bitmask is skipped on Sudominoku files.
    #[arg(
        long,
        value_name = "LIST",
        value_parser = CommaListParser::<SolverKind>::new("solver"),
        default_value = "dlx,bitmask,naive"
    )]
    pub solvers: Vec<CommaList<SolverKind>>,
    /// Worker threads (1 to 1024, at most one per logical CPU).
    ///
    /// More than the CPUs would time the wait for a CPU. Per-puzzle times
    /// stay single-thread times; puzzles/s is wall-clock.
    #[arg(short = 'j', long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=crate::cli::args::MAX_THREADS))]
    pub threads: u16,
    /// Read only the first K records of each file (K >= 1).
    ///
    /// Invalid ones are skipped and counted in a note.
    #[arg(long, value_name = "K", value_parser = crate::cli::args::positive)]
    pub limit: Option<u64>,
    /// Node budget per puzzle for every solver (N >= 1).
    ///
    /// A puzzle that exhausts it is counted as unsolved within budget.
    /// Default: none for dlx, 10000000 for bitmask and naive so that they
    /// cannot hang.
    #[arg(long, value_name = "N", value_parser = crate::cli::args::positive)]
    pub node_limit: Option<u64>,
    /// Also write the results as JSON (schema version 1) to FILE.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Include per-puzzle times, nodes and outcomes in the --json output.
    #[arg(long, requires = "json")]
    pub per_puzzle: bool,
    /// Also write the tables as Markdown to FILE.
    #[arg(long, value_name = "FILE")]
    pub markdown: Option<PathBuf>,
    /// Also draw the sorted per-puzzle times of every solver as an SVG chart.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
    /// Never show a progress bar (shown only on a terminal).
    #[arg(long)]
    pub no_progress: bool,
    /// Box shape RxC of the Sudoku puzzles (2x3, 3x4, 4x3, ...), as for
    /// `dlx solve --box`.
    ///
    /// Default: from each grid's `|` rules, else the side's own boxes
    /// (R <= C, nearest to square). A puzzle of another side is skipped as
    /// a bad record.
    #[arg(long = "box", value_name = "RxC", value_parser = crate::cli::args::box_shape)]
    pub box_shape: Option<dlx_engine::puzzles::sudoku::BoxShape>,
    /// Sudoku rules of every puzzle (x, windoku, anti-knight, anti-king,
    /// joined by commas; or one of jigsaw, killer, samurai), as for `dlx
    /// solve --variant`.
    ///
    /// dlx runs the engine on the variant's matrix; the `bitmask` row is
    /// then the variants' own bitmask backtracker (candidate masks over
    /// each cell's peers, fewest candidates first), since the classic one
    /// knows no variant rules; naive has no variant solver and is skipped.
    /// `jigsaw`, `killer` or `samurai` (alone) reads every input in that
    /// layout's format; `bitmask` is then the layout's peer backtracker.
    #[arg(long = "variant", value_name = "RULES", value_parser = crate::cli::args::variants)]
    pub variants: Option<crate::cli::args::VariantArg>,
}

/// Runs the benchmark. Exit status 0 when every answer was right, 1 when
/// a solver gave a wrong answer (reported as `FILE:LINE`), 130 when Ctrl-C
/// stopped it (the tables and reports then cover what every solver
/// finished), `Err` (exit 2) for unreadable inputs and unwritable outputs.
pub fn run(args: BenchArgs) -> Result<Exit, Error> {
    // One list per `--solvers` given, in the order given.
    let solvers: Vec<SolverKind> = args.solvers.into_iter().flat_map(|list| list.0).collect();
    // A solver named twice would be timed once: refused rather than
    // quietly dropped from the list the user gave.
    if let Some(twice) = (solvers.iter().enumerate())
        .find(|(k, s)| solvers[..*k].contains(s))
        .map(|(_, s)| s)
    {
        let name = clap::ValueEnum::to_possible_value(twice)
            .map_or_else(|| format!("{twice:?}"), |v| v.get_name().to_string());
        return Err(crate::cli::error::refusal(format!(
            "--solvers: {name} is named twice; name each solver once"
        )));
    }
    let threads = crate::cli::threads_within_cpus(
        usize::from(args.threads),
        "a worker waiting for a CPU would count the wait in its puzzles' times",
    );
    let config = Config {
        solvers,
        threads,
        // A count of records, so it fits in memory's indices.
        limit: args.limit.map(|k| usize::try_from(k).unwrap_or(usize::MAX)),
        node_limit: args.node_limit,
        stop: None,
    };
    // Outputs that cannot be written, or would overwrite an input or each
    // other, and inputs that cannot be read, are errors before any work.
    let outputs: Vec<(&str, &Path)> = [
        ("--json", &args.json),
        ("--markdown", &args.markdown),
        ("--plot", &args.plot),
    ]
    .into_iter()
    .filter_map(|(option, path)| Some((option, path.as_deref()?)))
    .collect();
    // `-` would be a file named `-`; standard output holds the tables.
    if let Some((option, _)) = outputs.iter().find(|(_, path)| path.as_os_str() == "-") {
        return Err(crate::cli::error::refusal(format!(
            "{option} -: standard output holds the tables; give {option} a file name"
        )));
    }
    // Nor may a report land on standard output's or standard error's own
    // file or pipe (`--json /dev/stdout`, `--json log 2> log`): it would be
    // mixed into the tables or the diagnostics, or cut them off.
    for &(option, path) in &outputs {
        if let Some(stream) = crate::cli::files::standard_stream_of(path) {
            let holds = if stream == "standard output" {
                "the tables"
            } else {
                "the diagnostics"
            };
            return Err(crate::cli::error::refusal(format!(
                "{option} {}: that is {stream}, which holds {holds}; give {option} another file",
                crate::cli::files::shown(path)
            )));
        }
    }
    crate::cli::files::refuse_overwrites(&args.files, &outputs)?;
    // Inputs first: a run that stops at a missing or unreadable input leaves
    // the reports of an earlier run as they were.
    let mut sets = Vec::new();
    for path in &args.files {
        let (name, input) = crate::cli::files::open_input(path)?;
        let variants = args.variants.unwrap_or_default();
        let mut set = match variants.layout {
            Some(layout) if args.box_shape.is_some() => {
                return Err(crate::cli::error::refusal(format!(
                    "--box does not apply to --variant {layout}: its puzzles have a line \
                     format of their own"
                )))
            }
            Some(layout) => bench::load_layout(&name, input, config.limit, layout)?,
            None => bench::load_in(&name, input, config.limit, args.box_shape, variants.rules)?,
        };
        if path.as_os_str() != "-" {
            set.path = path.to_string_lossy().into_owned();
        }
        sets.push(set);
    }
    // The tables note how many records were skipped; each is named here,
    // as `dlx solve` names them.
    for set in &sets {
        for (line, reason) in &set.invalid {
            crate::cli::note(format_args!("{}:{line}: {reason}", set.name));
        }
        for (line, warning) in &set.warnings {
            crate::cli::note(format_args!("{}:{line}: warning: {warning}", set.name));
        }
    }
    // A run that would time nothing is refused: a table of nothing, exit
    // status 0 and an earlier run's reports replaced would pass in a script
    // for a benchmark.
    let runnable = |set: &bench::PuzzleSet| {
        !set.is_empty() && config.solvers.iter().any(|&s| bench::supports(set, s))
    };
    if !sets.iter().any(runnable) {
        let why: Vec<String> = sets
            .iter()
            .map(|set| {
                if set.is_empty() {
                    format!("{} has no valid puzzle", set.name)
                } else {
                    format!(
                        "{} holds {} puzzles, which none of the solvers asked for solves",
                        set.name,
                        bench::kind_name(set.kind)
                    )
                }
            })
            .collect();
        return Err(crate::cli::error::refusal(format!(
            "nothing to benchmark: {}",
            why.join("; ")
        )));
    }
    // Then the reports, created before any solving: one that cannot be
    // written is an error before the work.
    let create = |option, path: &Option<PathBuf>| {
        path.as_deref()
            .map(|path| PendingReport::create(option, path))
            .transpose()
    };
    let reports = Reports {
        json: create("--json", &args.json)?,
        markdown: create("--markdown", &args.markdown)?,
        plot: create("--plot", &args.plot)?,
        per_puzzle: args.per_puzzle,
    };
    // Past every refusal: a note about a file that is then refused would
    // only confuse.
    if let Some(path) = &args.plot {
        let svg = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("svg"));
        if !svg {
            crate::cli::note(format_args!(
                "dlx: note: --plot writes SVG, whatever the name: {} will hold an SVG chart",
                crate::cli::files::shown(path)
            ));
        }
    }

    // From here on, Ctrl-C ends the solves under way, and the run reports
    // the puzzles every solver had finished.
    let config = Config {
        stop: crate::cli::terminal::catch_ctrl_c(),
        ..config
    };
    let machine = Machine::detect(config.threads);
    let mut stdout = Tables {
        out: crate::cli::files::Named::new(io::stdout().lock(), "<stdout>"),
        gone: false,
        reports_pending: args.json.is_some() || args.markdown.is_some() || args.plot.is_some(),
    };
    stdout.print(&export::text::preamble(&machine, &config))?;
    let solves: u64 = sets
        .iter()
        .map(|set| {
            let solvers = config.solvers.iter().filter(|&&s| bench::supports(set, s));
            set.len() as u64 * solvers.count() as u64
        })
        .sum();
    let bar = (!args.no_progress && io::stderr().is_terminal()).then(|| {
        let bar = ProgressBar::new(solves);
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:32} {human_pos}/{human_len} solves, {elapsed} elapsed, eta {eta}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    });
    let pace = Pace {
        start: Instant::now(),
        total: solves,
        done: AtomicU64::new(0),
        said: AtomicBool::new(false),
        naive: config.solvers.contains(&SolverKind::Naive),
    };
    let tick = |k: u64| {
        if let Some(bar) = &bar {
            bar.inc(k);
        }
        if let Some(note) = pace.note_after(k) {
            match &bar {
                Some(bar) => bar.suspend(|| crate::cli::note(format_args!("{note}"))),
                None => crate::cli::note(format_args!("{note}")),
            }
        }
    };
    let mut files = Vec::new();
    let mut files_not_run = Vec::new();
    for set in &sets {
        if crate::cli::terminal::ctrl_c_raised() {
            files_not_run.push(set);
            continue;
        }
        match bench::run(set, &config, &tick) {
            Ok(file) => {
                let section = export::text::file_section(&file);
                let mut print = || stdout.print(&section);
                match &bar {
                    Some(bar) => bar.suspend(print)?,
                    None => print()?,
                }
                files.push(file);
            }
            Err(BenchError::Io(e)) => {
                if let Some(bar) = &bar {
                    bar.finish_and_clear();
                }
                return Err(e.into());
            }
            Err(wrong @ BenchError::WrongAnswer { .. }) => {
                if let Some(bar) = &bar {
                    bar.finish_and_clear();
                }
                crate::cli::note(format_args!("dlx: {wrong}"));
                return Ok(Exit::SomeFailed);
            }
        }
    }
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }

    let report = Report {
        machine,
        config,
        files,
        files_not_run: (files_not_run.iter())
            .map(|set| bench::FileNotRun {
                file: set.name.clone(),
                path: set.path.clone(),
            })
            .collect(),
    };
    if let Some(said) = report.interruption(&str::to_string) {
        stdout.print(&format!("\n{said}\n"))?;
        return interrupted(&report, reports);
    }
    reports.write(&report)?;
    Ok(Exit::Ok)
}

/// The report files asked for, written together at the end of a run.
struct Reports {
    json: Option<PendingReport>,
    markdown: Option<PendingReport>,
    plot: Option<PendingReport>,
    /// `--per-puzzle`: the JSON report holds the per-puzzle arrays.
    per_puzzle: bool,
}

impl Reports {
    fn is_empty(&self) -> bool {
        self.json.is_none() && self.markdown.is_none() && self.plot.is_none()
    }

    /// Renders every report, then commits them all.
    fn write(self, report: &Report) -> io::Result<()> {
        let Reports {
            mut json,
            mut markdown,
            mut plot,
            per_puzzle,
        } = self;
        if let Some(report_file) = &mut json {
            export::json::write(report, per_puzzle, &mut report_file.out)?;
        }
        if let Some(report_file) = &mut markdown {
            let document = export::markdown::document(report);
            report_file.out.write_all(document.as_bytes())?;
        }
        if let Some(report_file) = &mut plot {
            let svg = export::plot::svg(report).map_err(io::Error::other)?;
            report_file.out.write_all(svg.as_bytes())?;
        }
        commit_all([json, markdown, plot].into_iter().flatten().collect())
    }
}

/// After Ctrl-C: says what was measured, writes the reports if there is
/// anything in them, and gives the exit status.
fn interrupted(report: &Report, reports: Reports) -> Result<Exit, Error> {
    let not_run: Vec<&str> = (report.files_not_run.iter())
        .map(|f| f.file.as_str())
        .collect();
    let measured: Vec<String> = report
        .files
        .iter()
        .filter(|f| f.puzzles() > 0 && !f.results.is_empty())
        .map(|f| {
            if f.not_measured > 0 {
                format!(
                    "the first {} of {}",
                    count_of(f.puzzles() as u64, "puzzle"),
                    f.file
                )
            } else {
                f.file.clone()
            }
        })
        .collect();
    let not_run = if not_run.is_empty() {
        String::new()
    } else {
        format!("; not run: {}", not_run.join(", "))
    };
    if measured.is_empty() {
        let left = if reports.is_empty() {
            ""
        } else {
            "; no report was written"
        };
        crate::cli::note(format_args!(
            "dlx bench: interrupted (Ctrl-C) before every solver had solved a puzzle{left}{not_run}"
        ));
    } else {
        let written = if reports.is_empty() {
            "the tables"
        } else {
            "the tables and reports"
        };
        reports.write(report)?;
        crate::cli::note(format_args!(
            "dlx bench: interrupted (Ctrl-C): {written} cover {}{not_run}",
            measured.join(", ")
        ));
    }
    Ok(Exit::Interrupted)
}

/// How long a run must have gone before [`Pace`] judges its pace.
const PACE_AFTER: Duration = Duration::from_secs(10);

/// A run whose remaining time, at its pace so far, is more than this gets
/// a note saying so (once).
const LONG_RUN: Duration = Duration::from_secs(15 * 60);

/// Watches a run's pace, so that one headed for hours says so early, with
/// the ways to shorten it: without a terminal there is no progress bar, and
/// the default solvers include the naive baseline, which takes about a
/// second a puzzle (its node budget) on 17-clue Sudoku.
struct Pace {
    start: Instant,
    /// Solves the whole run makes (puzzles × solvers).
    total: u64,
    done: AtomicU64,
    /// The note was written.
    said: AtomicBool,
    /// The naive baseline is among the solvers.
    naive: bool,
}

impl Pace {
    /// Counts `k` more solves done; the note, the first time the run looks
    /// long.
    fn note_after(&self, k: u64) -> Option<String> {
        let done = self.done.fetch_add(k, Ordering::Relaxed) + k;
        if self.said.load(Ordering::Relaxed) {
            return None;
        }
        let note = pace_note(self.start.elapsed(), done, self.total, self.naive)?;
        // Whoever sets the flag first writes the note.
        (!self.said.swap(true, Ordering::Relaxed)).then_some(note)
    }
}

/// The note for a run that has made `done` of `total` solves in `elapsed`,
/// if it has gone long enough to judge ([`PACE_AFTER`]) and the rest, at
/// that pace, would take more than [`LONG_RUN`].
fn pace_note(elapsed: Duration, done: u64, total: u64, naive: bool) -> Option<String> {
    if elapsed < PACE_AFTER || done == 0 || done >= total {
        return None;
    }
    let rest = elapsed.mul_f64((total - done) as f64 / done as f64);
    if rest <= LONG_RUN {
        return None;
    }
    let hours = rest.as_secs_f64() / 3600.0;
    let rest = if hours >= 1.0 {
        format!("{hours:.1} h")
    } else {
        format!("{:.0} min", hours * 60.0)
    };
    let naive = if naive {
        "; naive is usually most of it: `--solvers dlx,bitmask` leaves it out, \
         `--node-limit N` lowers its budget"
    } else {
        ""
    };
    Some(format!(
        "dlx: note: at the pace of its first {:.0} s ({done} of {total} solves), this run \
         needs about {rest} more; `--limit K` benchmarks the first K puzzles of each file{naive}",
        elapsed.as_secs_f64()
    ))
}

/// The tables on standard output.
///
/// When its reader goes away (`dlx bench … --json r.json | head`), a run
/// that writes reports goes on without the tables: the reports are what it
/// is for, and stopping there would leave an earlier run's files looking
/// like this one's. Without reports the broken pipe stops the run, quietly,
/// as it stops `dlx solve`.
struct Tables<W> {
    out: W,
    /// The reader went away: nothing more is printed.
    gone: bool,
    /// Some `--json`, `--markdown` or `--plot` file is still to be written.
    reports_pending: bool,
}

impl<W: Write> Tables<W> {
    fn print(&mut self, text: &str) -> io::Result<()> {
        if self.gone {
            return Ok(());
        }
        match self
            .out
            .write_all(text.as_bytes())
            .and_then(|()| self.out.flush())
        {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe && self.reports_pending => {
                self.gone = true;
                Ok(())
            }
            done => done,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_run_says_so_once_it_can_judge() {
        let s = Duration::from_secs;
        // Too early to judge, or nothing done yet.
        assert_eq!(pace_note(s(9), 1, 1_000_000, true), None);
        assert_eq!(pace_note(s(60), 0, 10, true), None);
        // 20 of 147,474 solves in 20 s: about 41 hours to go.
        let note = pace_note(s(20), 20, 147_474, true).unwrap();
        assert!(note.contains("(20 of 147474 solves)"), "{note}");
        assert!(note.contains("about 41.0 h more"), "{note}");
        assert!(note.contains("--solvers dlx,bitmask"), "{note}");
        assert!(!pace_note(s(20), 20, 147_474, false)
            .unwrap()
            .contains("naive"));
        // 30 minutes to go, and a run that will end within 15 minutes.
        let note = pace_note(s(60), 100, 3_100, false).unwrap();
        assert!(note.contains("about 30 min more"), "{note}");
        assert_eq!(pace_note(s(60), 100, 1_000, true), None);
        assert_eq!(pace_note(s(60), 1_000, 1_000, true), None);
    }

    #[test]
    fn the_note_is_given_once() {
        let pace = Pace {
            start: Instant::now() - Duration::from_secs(30),
            total: 1_000_000,
            done: AtomicU64::new(0),
            said: AtomicBool::new(false),
            naive: false,
        };
        assert!(pace.note_after(10).is_some());
        assert!(pace.note_after(10).is_none());
        assert_eq!(pace.done.load(Ordering::Relaxed), 20);
    }
}
