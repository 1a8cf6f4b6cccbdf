//! `dlx solve`, the command: its arguments, the refusals before any work,
//! and the loop over the input files (each one solved by [`super::solve_file`]).

use std::cell::RefCell;
use std::ffi::OsStr;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use clap::builder::{EnumValueParser, PossibleValue, TypedValueParser};
use clap::error::ErrorKind;
use clap::{Args, ValueEnum};

use crate::cli::args::{positive, whole, KindArg, MAX_THREADS};
use crate::cli::batch::{self, Summary};
use crate::cli::error::{refusal, Error, Exit};
use crate::cli::files::{
    create_output, is_output_error, open_input, refuse_overwrites, refuse_stderr_clashes, Named,
};
use crate::cli::solve::{self, Mode, Sinks, SolveOptions, SolverKind};
use crate::cli::solvers::baseline_cannot_solve;
use crate::cli::terminal::{
    catch_ctrl_c, ctrl_c_raised, progress_bar, show_share, totals_before_ctrl_c, BarSlot,
    Diagnostics, UnderBar,
};
use dlx_engine::puzzles::sudoku::Style;

/// Arguments of `dlx solve`.
///
/// In `-h` each flag gets its doc comment's first paragraph, one line;
/// `--help` adds the rest.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Input files; `-` or nothing reads standard input.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Input kind; `auto` decides from each file's content.
    #[arg(long, value_enum, default_value_t = KindArg::Auto)]
    pub kind: KindArg,
    /// Box shape RxC of the Sudoku puzzles (2x3, 3x4, 4x3, ...): rows and
    /// columns of a box, both 2 or more, making a side from 4 to 64.
    ///
    /// Default: from each grid's `|` rules, else the side's own boxes
    /// (R <= C, nearest to square: 2x3 for 6x6, 3x4 for 12x12, 4x6 for
    /// 24x24). A puzzle of another side is a bad record.
    #[arg(long = "box", value_name = "RxC", value_parser = crate::cli::args::box_shape)]
    pub box_shape: Option<dlx_engine::puzzles::sudoku::BoxShape>,
    /// Sudoku rules added to every grid: x, windoku, anti-knight,
    /// anti-king, joined by commas (`--variant x,anti-king`); or one of
    /// jigsaw, killer, samurai alone, which read every input in their own
    /// format (docs/formats.md).
    ///
    /// x: both main diagonals hold every digit once (any box shape).
    /// windoku: the (n-1)^2 extra n x n windows one cell in from the edge
    /// hold every digit once (square boxes only: 4x4, 9x9, 16x16, ...).
    /// anti-knight, anti-king: cells a knight's or king's move apart hold
    /// different digits (any box shape). Solved by dlx only; a record whose
    /// givens break a rule, or whose boxes the rules do not fit, is a bad
    /// record.
    #[arg(long = "variant", value_name = "RULES", value_parser = crate::cli::args::variants)]
    pub variants: Option<crate::cli::args::VariantArg>,
    /// Solver: the engine (dlx) or a baseline.
    ///
    /// naive solves Sudoku and Sudominoku, bitmask classic Sudoku only; a
    /// file the solver cannot solve (exact cover; Sudominoku for bitmask) is
    /// solved by dlx with a note on stderr when its kind was detected, and
    /// refused with --kind xc or --kind sudominoku.
    #[arg(long, value_enum, default_value_t = SolverKind::Dlx)]
    pub solver: SolverKind,
    /// Worker threads (1 to 1024); default: all cores.
    ///
    /// 1 solves sequentially. With --timeout-ms, at most one per logical CPU
    /// (noted on stderr). One exact-cover file is searched in parts on
    /// every thread, with the one-thread answer: the same count, and for
    /// --all, --max-solutions and a first solution the same solutions in
    /// the same order; with --node-limit (a budget has no meaning shared
    /// between parts) it is searched on one thread.
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=MAX_THREADS))]
    pub threads: Option<u16>,
    /// Print the number of solutions of each record.
    ///
    /// A count stopped by --max-solutions is printed as `>= N`: there may be
    /// more.
    #[arg(long, group = "mode")]
    pub count: bool,
    /// Print `unique`, `multiple` or `none` for each record.
    #[arg(long, group = "mode")]
    pub unique: bool,
    /// Print every solution (exact-cover files only).
    ///
    /// Up to --max-solutions; a Sudoku or Sudominoku file given with --all
    /// is refused: use --count or --unique for those.
    #[arg(long, group = "mode")]
    pub all: bool,
    /// Choose items named `#...` first (exact-cover files only).
    ///
    /// Knuth's "sharp" preference: a primary item whose name starts with
    /// `#` is branched on before any other that has two options or more.
    /// Counts are the same; the search, and the order of --all, may differ.
    #[arg(long)]
    pub sharp: bool,
    /// Count parts of the exact-cover problem PROBLEM: each input line is
    /// a part as `dlx split --lines` prints it; one count per line, in
    /// order (with --count).
    #[arg(long, value_name = "PROBLEM")]
    pub parts_of: Option<PathBuf>,
    /// If Ctrl-C or --timeout-ms stops the --count of an exact-cover
    /// file, write its unfinished parts to FILE (as `dlx split --lines`),
    /// to finish with --parts-of later; the note on stderr says how many
    /// solutions the finished parts hold.
    #[arg(long, value_name = "FILE")]
    pub resume_to: Option<PathBuf>,
    /// Read the record lines of `dlx records` (in any slice) instead of a
    /// puzzle file: each answer is the one its record gets in its whole
    /// file (for Spark's `RDD.pipe` and other streaming engines).
    #[arg(
        long,
        conflicts_with_all = ["kind", "box_shape", "all", "sharp", "parts_of", "resume_to"]
    )]
    pub from_records: bool,
    /// Stop counting or listing after N solutions (N >= 1).
    #[arg(long, value_name = "N", value_parser = positive)]
    pub max_solutions: Option<u64>,
    /// Style of Sudoku answers; default: each record's own.
    ///
    /// Refused with --kind sudominoku or xc, whose answers have one form
    /// each. To write the answers to a file, use -o FILE.
    #[arg(long, value_name = "STYLE", value_parser = FormatParser)]
    pub format: Option<Style>,
    /// Give up on a record after N search nodes (marked `! limit`).
    #[arg(long, value_name = "N", value_parser = whole)]
    pub node_limit: Option<u64>,
    /// Search nodes a Sudoku or Sudominoku record searches on its own
    /// before it lends the rest to idle threads (with -j 2 or more); 0:
    /// never.
    ///
    /// When fewer records are left than threads, the records still
    /// searching take the idle threads, so one hard record gets every
    /// core. The answers are the one-thread answers: the same grid (for
    /// Sudoku restarts also the same node count), the same count. A count
    /// with --node-limit stays on one thread. Classic Sudoku and Sudominoku
    /// with the dlx solver; the variants and the baselines keep each record
    /// on one thread, and an exact-cover file is searched on every thread
    /// anyway (see -j).
    #[arg(long, value_name = "N", value_parser = whole, default_value_t = dlx_engine::exact_cover::parallel::LEND_AFTER_NODES)]
    pub lend_after: u64,
    /// Give up after T milliseconds of a record's search (per record).
    ///
    /// Each record's deadline is set when its own search starts (an
    /// exact-cover file is one record: the deadline covers its whole
    /// search). A record that reaches it is marked `! limit: time limit of T
    /// ms reached` in its place and on stderr, the batch goes on, and the
    /// exit status is 1. The clock is read every 1024 search nodes (by dlx
    /// also after every 262,144 link updates), so a record can run a little
    /// past T. 0 stops every record that needs a search node.
    #[arg(long, value_name = "T", value_parser = whole)]
    pub timeout_ms: Option<u64>,
    /// Write the answers to FILE (`-`: standard output).
    #[arg(
        short = 'o',
        long = "output",
        visible_alias = "out",
        value_name = "FILE"
    )]
    pub out: Option<PathBuf>,
    /// Print a summary on stderr: records, solved, failed, time, nodes.
    #[arg(long)]
    pub stats: bool,
    /// Never show a progress bar (shown only on a terminal).
    ///
    /// The bar shows for large inputs, and for a --count or --all of an
    /// exact-cover file; searched on several threads, it shows the
    /// estimated share of the search tree done and an ETA.
    #[arg(long)]
    pub no_progress: bool,
}

/// Reads `--format`: a style name, as clap's enum parser does, with a hint
/// when the value looks like the file name that `--output` took before
/// 0.4 (`--output answers.txt`).
#[derive(Debug, Clone, Copy)]
struct FormatParser;

impl TypedValueParser for FormatParser {
    type Value = Style;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Style, clap::Error> {
        let names = EnumValueParser::<Style>::new();
        names.parse_ref(cmd, arg, value).map_err(|e| {
            let text = value.to_string_lossy();
            let looks_like_path = text.contains(['/', '\\', '.']);
            if !looks_like_path {
                return e;
            }
            let styles: Vec<String> = (Style::value_variants().iter())
                .filter_map(|s| s.to_possible_value().map(|v| v.get_name().to_string()))
                .collect();
            cmd.clone().error(
                ErrorKind::InvalidValue,
                format!(
                    "--format takes an answer style ({}), and `{text}` looks like a file \
                     name: to write the answers to a file, use -o {text}",
                    styles.join(", ")
                ),
            )
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            (Style::value_variants().iter()).filter_map(ValueEnum::to_possible_value),
        ))
    }
}

/// Options `dlx solve` would otherwise ignore without a word, refused
/// before any work (exit status 2).
/// (`-` given twice is refused with the outputs, by [`refuse_overwrites`].)
fn check_solve_usage(args: &SolveArgs, mode: Mode) -> Result<(), Error> {
    if args.max_solutions.is_some() && matches!(mode, Mode::First | Mode::Unique) {
        return Err(refusal(
            "--max-solutions caps --count and --all; a plain solve stops at the first \
             solution and --unique at the second",
        ));
    }
    if args.format.is_some() && matches!(args.kind, KindArg::Sudominoku | KindArg::Xc) {
        return Err(refusal(
            "--format sets the style of Sudoku answers; Sudominoku and exact-cover \
             answers have one form each",
        ));
    }
    if args.box_shape.is_some() && matches!(args.kind, KindArg::Sudominoku | KindArg::Xc) {
        return Err(refusal(
            "--box sets the box shape of Sudoku grids; Sudominoku grids are 9x9 and \
             exact-cover files have no boxes",
        ));
    }
    if args.resume_to.is_some()
        && (mode != Mode::Count
            || args.node_limit.is_some()
            || args.max_solutions.is_some()
            || matches!(args.kind, KindArg::Sudoku | KindArg::Sudominoku))
    {
        return Err(refusal(
            "--resume-to keeps the unfinished parts of the --count of an exact-cover file; \
             give --count, without --node-limit or --max-solutions",
        ));
    }
    if args.variants.is_some() && matches!(args.kind, KindArg::Sudominoku | KindArg::Xc) {
        return Err(refusal(
            "--variant adds rules to Sudoku grids; Sudominoku and exact-cover files have \
             their own",
        ));
    }
    if let Some(layout) = args.variants.and_then(|v| v.layout) {
        let other_format = [
            ("--box", args.box_shape.is_some()),
            ("--format", args.format.is_some()),
            ("--all", args.all),
            ("--sharp", args.sharp),
            ("--resume-to", args.resume_to.is_some()),
            ("--parts-of", args.parts_of.is_some()),
            // `dlx records` writes classic grids and Sudominoku puzzles only.
            ("--from-records", args.from_records),
        ];
        if let Some((flag, _)) = other_format.iter().find(|(_, set)| *set) {
            return Err(refusal(format!(
                "{flag} does not apply to --variant {layout}: its puzzles have a line format of \
                 their own and their answers one shape (use --count or --unique for the number \
                 of solutions)"
            )));
        }
    }
    if args.variants.is_some() && args.solver != SolverKind::Dlx {
        return Err(refusal(
            "--variant puzzles are solved by dlx only: the naive and bitmask baselines \
             know the classic rules alone (leave out --solver)",
        ));
    }
    if args.sharp && matches!(args.kind, KindArg::Sudoku | KindArg::Sudominoku) {
        return Err(refusal(
            "--sharp chooses the items of exact-cover files; Sudoku and Sudominoku \
             have none named `#`",
        ));
    }
    let why = (args.kind.requested()).and_then(|kind| baseline_cannot_solve(args.solver, kind));
    if let Some(why) = why {
        return Err(refusal(format!(
            "{why}; such files are solved by dlx (leave out --solver)"
        )));
    }
    Ok(())
}

/// Worker threads of `dlx solve`: `-j`, or one per logical CPU. With
/// `--timeout-ms`, no more than the CPUs: a record whose worker waits for a
/// CPU would count the wait against its limit, and hit it by the load of
/// the others instead of its own search.
fn solve_threads(args: &SolveArgs) -> usize {
    let threads = args
        .threads
        .map_or_else(crate::cli::logical_cpus, usize::from);
    if args.timeout_ms.is_none() {
        return threads;
    }
    crate::cli::threads_within_cpus(
        threads,
        "a record waiting for a CPU would count the wait against --timeout-ms",
    )
}

/// What a run has met so far, for its exit status when its output goes
/// away part way (`dlx solve big.txt | head`).
#[derive(Default)]
struct RunSoFar {
    /// An input could not be read.
    trouble: bool,
    /// A record that was not solved was written.
    failed: bool,
}

impl RunSoFar {
    /// The exit status of the run, at its end or stopped now (the answers
    /// written were all the reader took, so they decide it).
    fn status(&self) -> Exit {
        if self.trouble {
            Exit::Trouble
        } else if self.failed {
            Exit::SomeFailed
        } else {
            Exit::Ok
        }
    }
}

pub fn run(args: SolveArgs) -> Result<Exit, Error> {
    let mut so_far = RunSoFar::default();
    match solve_files(args, &mut so_far) {
        // The reader of the answers went away: stop quietly, with the
        // status of what was written.
        Err(Error::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => Ok(so_far.status()),
        done => done,
    }
}

fn solve_files(mut args: SolveArgs, so_far: &mut RunSoFar) -> Result<Exit, Error> {
    // `-o -` is standard output, as `-` among the inputs is standard input
    // (not a file named `-`).
    if args.out.as_deref() == Some(Path::new("-")) {
        args.out = None;
    }
    let mode = if args.count {
        Mode::Count
    } else if args.unique {
        Mode::Unique
    } else if args.all {
        Mode::All
    } else {
        Mode::First
    };
    check_solve_usage(&args, mode)?;
    let files = if args.files.is_empty() {
        vec!["-".into()]
    } else {
        args.files.clone()
    };
    if let Some(problem) = &args.parts_of {
        if mode != Mode::Count || args.max_solutions.is_some() || args.node_limit.is_some() {
            return Err(refusal(
                "--parts-of counts parts: give --count, without --max-solutions or \
                 --node-limit (a part's count is exact or it is no use to a sum)",
            ));
        }
        let out = args.out.as_deref().unwrap_or(Path::new("/dev/stdout"));
        refuse_overwrites(&files, &[("-o", out)])?;
        let threads = solve_threads(&args);
        return crate::cli::tree::count_parts(
            problem,
            &files,
            args.out.as_deref(),
            threads,
            args.sharp,
        );
    }
    // Answers written over an input would truncate it before it is read
    // (standard output too, when `>>` sends it to an input file).
    let out_path = args.out.as_deref().unwrap_or(Path::new("/dev/stdout"));
    let out_option = if args.out.is_some() {
        "-o"
    } else {
        "standard output"
    };
    refuse_overwrites(&files, &[(out_option, out_path)])?;
    refuse_stderr_clashes(&files, args.out.as_deref())?;
    // After the refusals: its note must not reach a file they protect.
    let options = SolveOptions {
        kind: args.kind.requested(),
        box_shape: args.box_shape,
        variants: args.variants.unwrap_or_default().rules,
        layout: args.variants.and_then(|v| v.layout),
        solver: args.solver,
        threads: solve_threads(&args),
        mode,
        max_solutions: args.max_solutions,
        output: args.format,
        node_limit: args.node_limit,
        lend_after: (args.lend_after > 0).then_some(args.lend_after),
        timeout: args.timeout_ms.map(std::time::Duration::from_millis),
        cancel: catch_ctrl_c(),
        sharp: args.sharp,
        resume_to: args.resume_to.clone(),
        from_records: args.from_records,
    };
    // When no input can be opened there is nothing to answer: say so
    // without creating (and so emptying) the `-o` file.
    if args.out.is_some() {
        // Only files and directories are opened to see: opening a named
        // pipe here would take the writer's data from the real read.
        let unopenable: Vec<io::Error> = files
            .iter()
            .filter(|path| path.as_os_str() != "-")
            .filter(|path| std::fs::metadata(path).map_or(true, |m| m.is_file() || m.is_dir()))
            .filter_map(|path| open_input(path).err())
            .collect();
        if unopenable.len() == files.len() {
            for e in &unopenable {
                let _ = writeln!(io::stderr(), "dlx: {e}");
            }
            return Ok(Exit::Trouble);
        }
    }
    // The progress bar of the file being solved: answers on a terminal and
    // diagnostics pass under it.
    let bar: BarSlot = RefCell::new(None);
    // An output file that cannot be written is an error before any work.
    let mut out: Box<dyn Write> = match &args.out {
        Some(path) => Box::new(create_output(path)?),
        None => Box::new(BufWriter::with_capacity(
            1 << 16,
            Named::new(UnderBar::new(io::stdout(), &bar), "<stdout>"),
        )),
    };
    let mut stderr = UnderBar::new(Diagnostics(io::stderr()), &bar);
    let mut total = Summary::default();
    // Whether the next answer starts after a blank line (see `Sinks`).
    let mut set_apart = false;
    // Whether Ctrl-C left some record unanswered (each case said on stderr).
    let mut stopped_early = false;
    for (index, path) in files.iter().enumerate() {
        let (name, input) = match open_input(path) {
            Ok(x) => x,
            Err(e) => {
                so_far.trouble = true;
                writeln!(stderr, "dlx: {e}")?;
                continue;
            }
        };
        let progress = progress_bar(
            path,
            args.no_progress,
            matches!(mode, Mode::Count | Mode::All),
        );
        bar.replace(progress.clone());
        let tick = || {
            if let Some(bar) = &progress {
                bar.inc(1);
            }
        };
        let share = |done: f64| {
            if let Some(bar) = &progress {
                show_share(bar, done);
            }
        };
        let mut sinks = Sinks {
            out: &mut out,
            err: &mut stderr,
            tick: &tick,
            found: &|solutions| {
                if let Some(bar) = &progress {
                    bar.set_message(format!("; {solutions} solutions so far"));
                }
            },
            share: progress
                .is_some()
                .then_some(&share as &(dyn Fn(f64) + Sync)),
            answered: total.records > 0,
            failed: false,
            set_apart,
        };
        let summary = solve::solve_file(&name, input, &options, &mut sinks);
        so_far.failed |= sinks.failed;
        set_apart = sinks.set_apart;
        // What the file left under the bar comes out before it goes.
        out.flush()?;
        stderr.flush()?;
        bar.replace(None);
        if let Some(bar) = &progress {
            bar.finish_and_clear();
        }
        let summary = match summary {
            Ok(s) => s,
            // A broken output stops the run: every later answer would be lost.
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe || is_output_error(&e) => {
                return Err(e.into())
            }
            Err(e) => match totals_before_ctrl_c(&e) {
                Some(before) => {
                    stopped_early = true;
                    out.flush()?;
                    writeln!(
                        stderr,
                        "dlx: {name}: {e} (Ctrl-C): {}",
                        answered_before(&before)
                    )?;
                    before
                }
                None => {
                    so_far.trouble = true;
                    out.flush()?;
                    writeln!(stderr, "dlx: {name}: {e}")?;
                    // A read error part way: the records before it were
                    // answered, and count (their summary says the input was
                    // cut short). Any other error answered nothing.
                    match batch::cut_short(&e) {
                        Some(before) => before.clone(),
                        None => continue,
                    }
                }
            },
        };
        // An exact-cover search cut short says so in its answer's place.
        stopped_early |= summary
            .exact_cover
            .is_some_and(|report| report.end == dlx_engine::exact_cover::End::Cancelled);
        if summary.records == 0 && summary.cut_short == 0 && !stopped_early {
            // Not an error (a Baekjoon file may be just its terminating
            // `0`), but an empty answer with status 0 should not leave
            // anyone wondering whether the file was read at all.
            out.flush()?;
            writeln!(
                stderr,
                "{name}: note: no puzzles in this input (it is empty or holds only \
                 blank lines, comments or a terminator)"
            )?;
        }
        if args.stats {
            out.flush()?;
            write!(stderr, "{}", summary.report(&name, options.threads))?;
        }
        total.merge(&summary);
        // A Ctrl-C that came after this input's last answer stops the run
        // before the next input; after the last input's, it changes nothing.
        let left = &files[index + 1..];
        if ctrl_c_raised() && (stopped_early || !left.is_empty()) {
            stopped_early = true;
            if !left.is_empty() {
                let names: Vec<String> = left.iter().map(|p| p.display().to_string()).collect();
                writeln!(stderr, "dlx: not solved (Ctrl-C): {}", names.join(", "))?;
            }
            break;
        }
    }
    out.flush()?;
    if args.stats && files.len() > 1 {
        write!(stderr, "{}", total.report("total", options.threads))?;
    }
    stderr.flush()?;
    if stopped_early {
        return Ok(Exit::Interrupted);
    }
    so_far.failed |= !total.all_solved();
    Ok(so_far.status())
}

/// What an input stopped by Ctrl-C has had answered: the records of
/// `before`, all of them before the first it did not answer.
fn answered_before(before: &Summary) -> String {
    match before.records {
        0 => "none of its records was answered".to_string(),
        n => format!(
            "the answers above are those of its first {}; the rest of it was not solved",
            dlx_engine::error::count_of(n, "record")
        ),
    }
}
