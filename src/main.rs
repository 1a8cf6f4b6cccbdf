//! The `dlx` command: a thin layer that parses arguments and calls the
//! library.

mod cli;

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};

use cli::args::{Cli, Command, SolveArgs};
use dlx_engine::batch::Summary;
use dlx_engine::solve::{self, Mode, Sinks, SolveOptions};

/// Exit status when every record was answered.
const OK: u8 = 0;
/// Exit status when some record was invalid, unsolvable or limited.
const SOME_FAILED: u8 = 1;
/// Exit status for usage and I/O errors.
const TROUBLE: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve(args) => run_solve(args),
        Command::Check(args) => cli::check::run(args),
        Command::Bench(args) => cli::bench::run(args),
        Command::Gen(args) => cli::gen::run(args),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        // The reader of our output went away (`dlx solve big.txt | head`): stop quietly.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(OK),
        Err(e) => {
            eprintln!("dlx: {e}");
            ExitCode::from(TROUBLE)
        }
    }
}

/// Opens a named input (`-` is standard input) with a large buffer.
pub fn open_input(path: &Path) -> io::Result<(String, Box<dyn BufRead + Send>)> {
    if path.as_os_str() == "-" {
        return Ok((
            "<stdin>".into(),
            Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
        ));
    }
    let name = path.display().to_string();
    let file = File::open(path).map_err(|e| io::Error::new(e.kind(), format!("{name}: {e}")))?;
    Ok((name, Box::new(BufReader::with_capacity(1 << 16, file))))
}

fn run_solve(args: SolveArgs) -> io::Result<u8> {
    let mode = if args.count {
        Mode::Count
    } else if args.unique {
        Mode::Unique
    } else if args.all {
        Mode::All
    } else {
        Mode::First
    };
    let options = SolveOptions {
        kind: args.kind,
        solver: args.solver,
        threads: args.threads.map_or_else(
            || std::thread::available_parallelism().map_or(1, |n| n.get()),
            usize::from,
        ),
        mode,
        max_solutions: args.max_solutions,
        output: args.output,
        node_limit: args.node_limit,
        timeout: args.timeout_ms.map(std::time::Duration::from_millis),
    };
    // An output file that cannot be written is an error before any work.
    let mut out: Box<dyn Write> = match &args.out {
        Some(path) => {
            Box::new(BufWriter::new(File::create(path).map_err(|e| {
                io::Error::new(e.kind(), format!("{}: {e}", path.display()))
            })?))
        }
        None => Box::new(BufWriter::with_capacity(1 << 16, io::stdout().lock())),
    };
    let files = if args.files.is_empty() {
        vec!["-".into()]
    } else {
        args.files.clone()
    };
    let mut stderr = io::stderr().lock();
    let mut total = Summary::default();
    let mut trouble = false;
    for path in &files {
        let (name, input) = match open_input(path) {
            Ok(x) => x,
            Err(e) => {
                writeln!(stderr, "dlx: {e}")?;
                trouble = true;
                continue;
            }
        };
        let progress = progress_bar(path, args.no_progress);
        let tick = || {
            if let Some(bar) = &progress {
                bar.inc(1);
            }
        };
        let mut sinks = Sinks {
            out: &mut out,
            err: &mut stderr,
            tick: &tick,
        };
        let summary = solve::solve_file(&name, input, &options, &mut sinks);
        if let Some(bar) = &progress {
            bar.finish_and_clear();
        }
        let summary = match summary {
            Ok(s) => s,
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Err(e),
            Err(e) => {
                out.flush()?;
                writeln!(stderr, "dlx: {name}: {e}")?;
                trouble = true;
                continue;
            }
        };
        if args.stats {
            out.flush()?;
            write!(stderr, "{}", summary.report(&name, options.threads))?;
        }
        total.merge(&summary);
    }
    out.flush()?;
    if args.stats && files.len() > 1 {
        write!(stderr, "{}", total.report("total", options.threads))?;
    }
    Ok(if trouble {
        TROUBLE
    } else if total.all_solved() {
        OK
    } else {
        SOME_FAILED
    })
}

/// A progress bar on stderr, only for a person watching a large input.
fn progress_bar(path: &Path, disabled: bool) -> Option<ProgressBar> {
    if disabled || !io::stderr().is_terminal() {
        return None;
    }
    let large = path.as_os_str() == "-" || std::fs::metadata(path).is_ok_and(|m| m.len() > 1 << 20);
    if !large {
        return None;
    }
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} {human_pos} records solved, {per_sec}, {elapsed}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    Some(bar)
}
