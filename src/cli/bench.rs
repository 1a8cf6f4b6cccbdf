//! `dlx bench`: reads the inputs, runs the library's benchmark, prints the
//! tables and writes the requested exports.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use dlx_engine::bench::{self, export, BenchError, Config, Machine, Report};
use dlx_engine::solve::SolverKind;

/// Arguments of `dlx bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Sudoku or Sudominoku puzzle files (kind detected from the content;
    /// `-` reads standard input).
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
    /// Solvers to compare, comma-separated, in report order (bitmask is
    /// skipped on Sudominoku files).
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        value_name = "LIST",
        default_value = "dlx,bitmask,naive"
    )]
    pub solvers: Vec<SolverKind>,
    /// Worker threads (1 to 1024). Per-puzzle times stay single-thread
    /// times; puzzles/s is wall-clock.
    #[arg(short = 'j', long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=super::args::MAX_THREADS))]
    pub threads: u16,
    /// Read only the first K records of each file (invalid ones are skipped
    /// and counted in a note).
    #[arg(long, value_name = "K")]
    pub limit: Option<usize>,
    /// Node budget per puzzle for every solver; a puzzle that exhausts it
    /// is counted as unsolved within budget. Default: none, except
    /// 10000000 for naive so that it cannot hang.
    #[arg(long, value_name = "N")]
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
    /// Never show a progress bar (it is shown only when stderr is a terminal).
    #[arg(long)]
    pub no_progress: bool,
}

/// Runs the benchmark. Exit status 0 when every answer was right, 1 when
/// a solver gave a wrong answer (reported as `FILE:LINE`), `Err` (exit 2)
/// for unreadable inputs and unwritable outputs.
pub fn run(args: BenchArgs) -> io::Result<u8> {
    let mut solvers = Vec::new();
    for s in args.solvers {
        if !solvers.contains(&s) {
            solvers.push(s);
        }
    }
    let config = Config {
        solvers,
        threads: usize::from(args.threads),
        limit: args.limit,
        node_limit: args.node_limit,
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
    crate::refuse_overwrites(&args.files, &outputs)?;
    // Inputs first: a run that stops at a missing or unreadable input leaves
    // the reports of an earlier run as they were.
    let mut sets = Vec::new();
    for path in &args.files {
        let (name, input) = crate::open_input(path)?;
        sets.push(bench::load(&name, input, config.limit)?);
    }
    // Then the reports, created before any solving: one that cannot be
    // written is an error before the work.
    // Each report is written to a temporary file beside it and renamed into
    // place only when complete, so an interrupted run (Ctrl-C, a wrong
    // answer, a timeout) leaves the reports of an earlier run as they were.
    let partial = |path: &Path| -> PathBuf {
        let mut name = path.file_name().unwrap_or_default().to_os_string();
        name.push(".partial");
        path.with_file_name(name)
    };
    let create = |path: &Path| crate::create_output(&partial(path));
    let mut json = args.json.as_deref().map(create).transpose()?;
    let mut markdown = args.markdown.as_deref().map(create).transpose()?;
    let mut plot = args.plot.as_deref().map(create).transpose()?;
    let finish = |path: &Option<PathBuf>| -> io::Result<()> {
        match path {
            Some(p) => std::fs::rename(partial(p), p)
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", p.display()))),
            None => Ok(()),
        }
    };

    let machine = Machine::detect(config.threads);
    let mut stdout = crate::Named::new(io::stdout().lock(), "<stdout>");
    write!(stdout, "{}", export::text::preamble(&machine, &config))?;
    stdout.flush()?;
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
    let tick = |k: u64| {
        if let Some(bar) = &bar {
            bar.inc(k);
        }
    };
    let mut files = Vec::new();
    for set in &sets {
        match bench::run(set, &config, &tick) {
            Ok(file) => {
                let section = export::text::file_section(&file);
                let mut print = || -> io::Result<()> {
                    stdout.write_all(section.as_bytes())?;
                    stdout.flush()
                };
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
                return Err(e);
            }
            Err(wrong @ BenchError::WrongAnswer { .. }) => {
                if let Some(bar) = &bar {
                    bar.finish_and_clear();
                }
                stdout.flush()?;
                eprintln!("dlx: {wrong}");
                return Ok(1);
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
    };
    if let Some(out) = &mut json {
        export::json::write(&report, args.per_puzzle, out)?;
        out.flush()?;
    }
    if let Some(out) = &mut markdown {
        out.write_all(export::markdown::document(&report).as_bytes())?;
        out.flush()?;
    }
    if let Some(out) = &mut plot {
        let svg = export::plot::svg(&report).map_err(io::Error::other)?;
        out.write_all(svg.as_bytes())?;
        out.flush()?;
    }
    drop((json, markdown, plot));
    finish(&args.json)?;
    finish(&args.markdown)?;
    finish(&args.plot)?;
    Ok(0)
}
