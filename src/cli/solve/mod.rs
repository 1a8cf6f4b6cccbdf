//! `dlx solve`: reads puzzle files of any supported kind, solves every
//! record, writes one answer per record in input order.
//!
//! This is the library side of the command; the binary only parses
//! arguments and calls [`solve_file`].

mod command;
mod layout;
mod records;

pub use command::{run as run_command, SolveArgs};

use std::io::{self, BufRead, Write};
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

pub use crate::cli::answer::Mode;
use crate::cli::answer::{self, Answer, Label, Limit, Outcome};
use crate::cli::batch::{self, Config, Job, Summary};
pub use crate::cli::solvers::SolverKind;
use crate::cli::solvers::{baseline_cannot_solve, sudoku_solver, sudominoku_solver};
use dlx_engine::error::excerpt;
use dlx_engine::exact_cover::parallel::{Counter, Enumerator};
use dlx_engine::exact_cover::{knuth_format, Cancel, End, ItemKind, Limits, Problem, Solver};
use dlx_engine::io::read_text;
use dlx_engine::puzzles::sudoku::variants::{VariantSudoku, Variants};
use dlx_engine::puzzles::sudoku::{Grid, Solution, SudokuSolver};
use dlx_engine::puzzles::sudoku::{Style, SudokuReader};
use dlx_engine::puzzles::sudominoku::{self, records as sudominoku_records};
use dlx_engine::puzzles::Kind;

/// Everything `dlx solve` can be asked.
#[derive(Debug, Clone)]
pub struct SolveOptions {
    /// Input kind requested; `None` detects it from each input's content.
    pub kind: Option<Kind>,
    /// Box shape of the Sudoku puzzles (`--box`), if given.
    pub box_shape: Option<dlx_engine::puzzles::sudoku::BoxShape>,
    /// Rules added to every Sudoku grid (`--variant`); empty for classic
    /// Sudoku, solved by the classic fast path.
    pub variants: Variants,
    /// Jigsaw, killer or samurai (`--variant`): every input is read in that
    /// layout's format, whatever its content.
    pub layout: Option<dlx_engine::puzzles::sudoku::variants::Layout>,
    /// The solver.
    pub solver: SolverKind,
    /// Worker threads (1 = sequential).
    pub threads: usize,
    /// What to report per record.
    pub mode: Mode,
    /// Cap on solutions counted or listed (`None` = no cap).
    pub max_solutions: Option<u64>,
    /// Output style for Sudoku; `None` = the record's own style.
    pub output: Option<Style>,
    /// Search-node budget per record.
    pub node_limit: Option<u64>,
    /// Search nodes after which a Sudoku or Sudominoku record lends the
    /// rest of its search to idle threads (`None` = never).
    pub lend_after: Option<u64>,
    /// Time limit per record, counted from the start of that record's
    /// search (for an exact-cover file: its whole search). Solvers read the
    /// clock every 1024 search nodes, so a record can overrun it by the time
    /// those nodes take.
    pub timeout: Option<Duration>,
    /// A flag that stops the run once raised (the CLI's Ctrl-C): searches
    /// in progress end at their next look at the clock, no record is read
    /// after it, and the answers written are those of a prefix of the input
    /// (see [`batch::Config::stop`]).
    pub cancel: Option<Cancel>,
    /// Knuth's sharp preference (exact-cover files only): items named
    /// `#...` are chosen first ([`Solver::prefer_sharp`]).
    pub sharp: bool,
    /// Where a stopped exact-cover count writes its unfinished parts.
    pub resume_to: Option<std::path::PathBuf>,
    /// The input is record lines of `dlx records`, not a puzzle file.
    pub from_records: bool,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            kind: None,
            box_shape: None,
            variants: Variants::NONE,
            layout: None,
            solver: SolverKind::Dlx,
            threads: 1,
            mode: Mode::First,
            max_solutions: None,
            output: None,
            node_limit: None,
            lend_after: Some(dlx_engine::exact_cover::parallel::LEND_AFTER_NODES),
            timeout: None,
            cancel: None,
            sharp: false,
            resume_to: None,
            from_records: false,
        }
    }
}

impl SolveOptions {
    /// The limits of one record's search, its deadline (if
    /// [`SolveOptions::timeout`] is set) counted from now: call it just as
    /// that search starts. A timeout too large to add to the clock means no
    /// deadline.
    pub fn record_limits(&self) -> Limits {
        self.limits().with_deadline(
            self.timeout
                .and_then(|timeout| Instant::now().checked_add(timeout)),
        )
    }

    /// The limit a search with these options stopped at, named with the
    /// value it was given (`end` is the search's [`End`], a limit).
    pub fn limit_hit(&self, end: End) -> Limit {
        match end {
            End::TimeLimit => Limit::Time(self.timeout.unwrap_or_default()),
            _ => Limit::Nodes(self.node_limit.unwrap_or(0)),
        }
    }

    /// The answer a search with these options gives when it found no
    /// solution or was stopped (see [`answer::unsolved`]).
    fn unsolved(&self, end: End, found: u64) -> Option<Answer> {
        answer::unsolved(end, found, self.mode, |end| self.limit_hit(end))
    }

    /// Whether a search that ended with `end` after `found` solutions was
    /// stopped by `--max-solutions` (so a count is a lower bound).
    fn capped(&self, end: End, found: u64) -> bool {
        end == End::Stopped && self.max_solutions == Some(found)
    }

    /// The limits without a deadline.
    fn limits(&self) -> Limits {
        let max_solutions = match self.mode {
            Mode::First => Some(1),
            Mode::Unique => Some(2),
            // No cap means every solution; the puzzle solvers read `None` as 1.
            Mode::Count | Mode::All => Some(self.max_solutions.unwrap_or(u64::MAX)),
        };
        Limits {
            max_solutions,
            max_nodes: self.node_limit,
            cancel: self.cancel,
            ..Limits::default()
        }
    }
}

/// Where answers and diagnostics go.
pub struct Sinks<'a> {
    /// Answers, one record after another.
    pub out: &'a mut dyn Write,
    /// `FILE:LINE: reason` for every record that was not solved.
    pub err: &'a mut dyn Write,
    /// Called after each record (progress display).
    pub tick: &'a (dyn Fn() + Sync),
    /// Called now and then while an exact-cover search runs, with the
    /// solutions found so far (progress display).
    pub found: &'a (dyn Fn(u64) + Sync),
    /// Called while an exact-cover search runs in parts on several
    /// threads, with the estimated share of its tree done, from 0 to 1
    /// (progress display: a bar with an ETA). `None` when no one watches:
    /// the estimates behind the share cost a random path per sample,
    /// long on a deep tree.
    pub share: Option<&'a (dyn Fn(f64) + Sync)>,
    /// Whether earlier inputs already wrote answers to `out`: a multi-line
    /// answer (a grid) is then set apart from them by a blank line, as
    /// within one input.
    pub answered: bool,
    /// Set once the answer to a record that was not solved (invalid,
    /// unsolvable, over a limit) has been written: a run whose output
    /// closes part way still says that such an answer reached it.
    pub failed: bool,
    /// Whether the next answer starts after a blank line. An exact-cover
    /// solution or listing has no fixed length, so with `--all` or the
    /// default first solution each exact-cover answer is a block, set
    /// apart from the answers before and after it (of any input); the
    /// caller carries this from one input's `Sinks` to the next.
    pub set_apart: bool,
}

impl Sinks<'_> {
    /// Writes the blank line [`set_apart`](Self::set_apart) asks for, if
    /// it does, before an answer.
    fn start_answer(&mut self) -> io::Result<()> {
        if std::mem::take(&mut self.set_apart) {
            self.out.write_all(b"\n")?;
        }
        Ok(())
    }

    /// Writes out what the answers and diagnostics hold: after each chunk
    /// of a batch, so a slow stream's answers are not held back.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()?;
        self.err.flush()
    }
}

/// Solves every record of one input named `file` (for messages).
/// Returns the totals; `Err` only for I/O errors (reading or writing). A
/// read error part way through the records comes after the answers to the
/// records before it, as a [`batch::CutShort`] holding their totals
/// ([`batch::cut_short`] finds them).
///
/// The kind is [`SolveOptions::kind`], or decided by [`dlx_engine::puzzles::prepare`].
/// `--all` ([`Mode::All`]) on a Sudoku or Sudominoku input is an
/// `InvalidInput` error before any record is read.
pub fn solve_file(
    file: &str,
    input: impl BufRead + Send,
    options: &SolveOptions,
    sinks: &mut Sinks,
) -> io::Result<Summary> {
    if options.from_records {
        return records::solve_records(file, input, options, sinks);
    }
    if let Some(layout) = options.layout {
        // Checked by the command before any input is opened.
        debug_assert!(matches!(options.kind, None | Some(Kind::Sudoku)));
        let (_, input) = dlx_engine::puzzles::prepare(Some(Kind::Sudoku), input)?;
        return layout::solve_layout(file, input, layout, options, sinks);
    }
    let (kind, input) = dlx_engine::puzzles::prepare(options.kind, input)?;
    if options.mode == Mode::All && kind != Kind::Xc {
        if input.is_blank() && options.kind.is_none() {
            // No records of any kind (blank lines and `#` notes at most):
            // the caller notes the input like any other with none, rather
            // than refusing it (`dlx solve --all *.dlx` with an empty
            // file among them).
            return Ok(Summary::default());
        } else {
            let name = puzzle_name(kind);
            let (read_as, or_xc) = if options.kind.is_none() {
                (
                    "reads (from its content) as",
                    "; if it is an exact-cover problem in Knuth's format, give --kind xc",
                )
            } else {
                ("is", "")
            };
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "--all lists the solutions of exact-cover files only, and this {read_as} \
                     a {name} input: use --count for the number of solutions of each puzzle \
                     or --unique to tell unique ones from the rest{or_xc}"
                ),
            ));
        }
    }
    if options.box_shape.is_some() && kind != Kind::Sudoku {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "--box sets the box shape of Sudoku grids, and this is read as {} input",
                kind_with_article(kind)
            ),
        ));
    }
    if options.resume_to.is_some() && kind != Kind::Xc {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "--resume-to keeps the parts of an exact-cover count, and this is read as {} \
                 input",
                kind_with_article(kind)
            ),
        ));
    }
    if !options.variants.is_empty() && kind != Kind::Sudoku {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "--variant adds rules to Sudoku grids, and this is read as {} input",
                kind_with_article(kind)
            ),
        ));
    }
    if options.sharp && kind != Kind::Xc {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "--sharp chooses the items of exact-cover files, and this is read as {} \
                 input (give --kind xc if it is exact cover)",
                kind_with_article(kind)
            ),
        ));
    }
    if options.output.is_some() && matches!(kind, Kind::Xc | Kind::Sudominoku) {
        let what = if kind == Kind::Xc {
            "exact-cover"
        } else {
            "Sudominoku"
        };
        writeln!(
            sinks.err,
            "{file}: note: --format sets the style of Sudoku answers; the answers of \
             this {what} file keep their one form"
        )?;
    }
    // A file the requested solver cannot solve is solved by the engine,
    // with a note (a kind given with --kind was refused before any work).
    let fallback;
    let options = match baseline_cannot_solve(options.solver, kind) {
        Some(why) => {
            writeln!(sinks.err, "{file}: note: {why}; this file is solved by dlx")?;
            fallback = SolveOptions {
                solver: SolverKind::Dlx,
                ..options.clone()
            };
            &fallback
        }
        None => options,
    };
    // Looked at before the input is consumed.
    let maybe_xc = options.kind.is_none() && kind != Kind::Xc && input.head_reads_as_exact_cover();
    let summary = match kind {
        Kind::Xc => solve_xc(file, input, options, sinks),
        Kind::Sudominoku => solve_sudominoku(file, input, options, sinks),
        Kind::Sudoku => solve_sudoku(file, input, options, sinks),
    }?;
    if maybe_xc && summary.records > 0 && summary.invalid == summary.records {
        // Detection guessed from a few lines; when nothing of the file
        // could be read as it guessed but its start reads as exact cover,
        // say so and how to overrule it (options of 9 or 16 numbers read as
        // grid rows).
        let name = puzzle_name(kind);
        writeln!(
            sinks.err,
            "{file}: note: read as {name} (detected from its content), and no record of it \
             was valid; if it is an exact-cover problem in Knuth's format, give --kind xc"
        )?;
    }
    Ok(summary)
}

/// The name of a puzzle kind (not exact cover) in messages.
/// The kind of an input, with its article, for messages: "an exact-cover".
fn kind_with_article(kind: Kind) -> &'static str {
    match kind {
        Kind::Sudoku => "a Sudoku",
        Kind::Sudominoku => "a Sudominoku",
        Kind::Xc => "an exact-cover",
    }
}

fn puzzle_name(kind: Kind) -> &'static str {
    if kind == Kind::Sudominoku {
        "Sudominoku"
    } else {
        "Sudoku"
    }
}

/// Writes one outcome: its answer (with its label) to `out`, the reason of
/// a record not solved to `err`.
pub fn emit(file: &str, outcome: &Outcome, sinks: &mut Sinks) -> io::Result<()> {
    emit_rendered(file, outcome, &outcome.render(), sinks)
}

/// [`emit`] with the answer already rendered as `text`.
fn emit_rendered(file: &str, outcome: &Outcome, text: &str, sinks: &mut Sinks) -> io::Result<()> {
    sinks.start_answer()?;
    sinks.out.write_all(text.as_bytes())?;
    sinks.out.write_all(b"\n")?;
    let reason = outcome.answer.reason();
    sinks.failed |= reason.is_some();
    if let Some(reason) = reason {
        writeln!(sinks.err, "{file}:{}: {reason}", outcome.line)?;
    }
    (sinks.tick)();
    Ok(())
}

/// [`emit`]s a chunk of outcomes, then [flushes](Sinks::flush) them.
fn emit_chunk(file: &str, outcomes: &[Outcome], sinks: &mut Sinks) -> io::Result<()> {
    for outcome in outcomes {
        emit(file, outcome, sinks)?;
    }
    sinks.flush()
}

fn solve_sudoku(
    file: &str,
    input: impl BufRead + Send,
    options: &SolveOptions,
    sinks: &mut Sinks,
) -> io::Result<Summary> {
    // A record's title travels with it, even when the record is bad.
    let jobs = SudokuReader::new(input)
        .with_box(options.box_shape)
        .map(|r| {
            r.map(|rec| Job {
                line: rec.line,
                task: Ok((rec.puzzle, rec.title)),
            })
        });
    let first = !sinks.answered;
    solve_sudoku_jobs(file, jobs, first, options, sinks)
}

/// A Sudoku record for the batch: the grid and its style (or why it is
/// none), and its title.
pub(super) type SudokuTask = (Result<(Grid, Style), String>, Option<String>);

/// Solves Sudoku records, `first` when no answer stands before the first
/// of them (a multi-line answer after another answer is set apart from it
/// by a blank line).
pub(super) fn solve_sudoku_jobs(
    file: &str,
    jobs: impl Iterator<Item = io::Result<Job<SudokuTask>>> + Send,
    mut first: bool,
    options: &SolveOptions,
    sinks: &mut Sinks,
) -> io::Result<Summary> {
    let config = Config {
        threads: options.threads,
        stop: options.cancel,
        ..Config::default()
    };
    batch::run(
        jobs,
        config,
        || -> Box<dyn SudokuSolver + Send> {
            if options.variants.is_empty() {
                sudoku_solver(options.solver, options.lend_after)
            } else {
                Box::new(VariantSudoku::new(options.variants))
            }
        },
        |solver, job| {
            let (puzzle, title) = job.task.as_ref().expect("always Ok");
            let mut outcome = match puzzle {
                Err(reason) => Outcome::invalid(job.line, reason.clone()),
                Ok((grid, _)) if variant_clash(grid, options.variants).is_some() => {
                    let reason = variant_clash(grid, options.variants).unwrap_or_default();
                    Outcome::invalid(job.line, reason)
                }
                Ok((grid, style)) => sudoku_outcome(
                    solver.as_mut(),
                    job.line,
                    grid,
                    options.output.unwrap_or(*style),
                    options,
                ),
            };
            if let Some(title) = title {
                // Written back above the answer, as in the input.
                outcome.label = Label::Title(dlx_engine::error::printable(title));
            }
            outcome
        },
        |outcomes| emit_grids(file, outcomes, &mut first, sinks),
    )
}

/// [`emit`]s a chunk of outcomes whose answers may span lines (grids,
/// samurai frames), then [flushes](Sinks::flush) them: a multi-line answer
/// is set apart by a blank line from the answer before it, unless it is
/// the first (`first`, cleared by the first answer written) or `emit`
/// writes one anyway (after a listing).
fn emit_grids(
    file: &str,
    outcomes: &[Outcome],
    first: &mut bool,
    sinks: &mut Sinks,
) -> io::Result<()> {
    for outcome in outcomes {
        let text = outcome.render();
        if !*first && text.contains('\n') && !sinks.set_apart {
            sinks.out.write_all(b"\n")?;
        }
        *first = false;
        emit_rendered(file, outcome, &text, sinks)?;
    }
    sinks.flush()
}

/// Why a grid cannot be solved under `variants` before any search: its
/// boxes do not fit the rules, or two givens break one. A classic clash
/// is left to [`sudoku_outcome`], which names it first.
fn variant_clash(grid: &Grid, variants: Variants) -> Option<String> {
    if variants.is_empty() || grid.check_givens().is_err() {
        return None;
    }
    variants.check_givens(grid).err()
}

/// A Baekjoon 4574 file: every puzzle solved, printed as `Puzzle k` and
/// its nine rows, exactly as the judge expects.
fn solve_sudominoku(
    file: &str,
    input: impl BufRead + Send,
    options: &SolveOptions,
    sinks: &mut Sinks,
) -> io::Result<Summary> {
    let mut records = sudominoku_records(input);
    let jobs = records.by_ref().enumerate().map(|(k, record)| {
        record.map(|record| {
            let line = match &record.puzzle {
                Ok(_) => record.line,
                Err(e) => e.line,
            };
            Job {
                line,
                task: Ok((k + 1, record.puzzle.map_err(|e| e.reason))),
            }
        })
    });
    let summary = solve_sudominoku_jobs(file, jobs, options, sinks)?;
    // An input with no puzzle at all gets the "no puzzles" note instead:
    // a missing `0` says nothing more about it.
    if records.missing_terminator() && summary.records > 0 {
        writeln!(
            sinks.err,
            "{file}:{}: {}",
            records.lines_read(),
            sudominoku::MISSING_TERMINATOR
        )?;
    }
    Ok(summary)
}

/// A Sudominoku record for the batch: its number `k` in its file (from 1,
/// as `Puzzle k` says; 0 for a line of a record stream that is no record,
/// answered without that label), and the puzzle or why it is none.
pub(super) type SudominokuTask = (usize, Result<sudominoku::Puzzle, String>);

/// Solves Sudominoku records, each answered as `Puzzle k` and its rows.
pub(super) fn solve_sudominoku_jobs(
    file: &str,
    jobs: impl Iterator<Item = io::Result<Job<SudominokuTask>>> + Send,
    options: &SolveOptions,
    sinks: &mut Sinks,
) -> io::Result<Summary> {
    sudominoku_solver(options.solver, None)?;
    let config = Config {
        threads: options.threads,
        stop: options.cancel,
        ..Config::default()
    };
    batch::run(
        jobs,
        config,
        || sudominoku_solver(options.solver, options.lend_after).expect("checked above"),
        |solver, job| {
            let (k, puzzle) = job.task.as_ref().expect("always Ok");
            let mut outcome = match puzzle {
                Err(reason) => Outcome::invalid(job.line, reason.clone()),
                Ok(puzzle) => {
                    let solution = solver.solve(puzzle, options.record_limits());
                    outcome_of(job.line, &solution, Answer::Sudominoku, options)
                }
            };
            if *k > 0 {
                outcome.label = Label::Puzzle(*k);
            }
            outcome
        },
        |outcomes| emit_chunk(file, outcomes, sinks),
    )
}

/// The outcome of one Sudoku puzzle, searched with
/// [`SolveOptions::record_limits`] (its deadline starts here).
pub fn sudoku_outcome(
    solver: &mut dyn SudokuSolver,
    line: usize,
    grid: &Grid,
    style: Style,
    options: &SolveOptions,
) -> Outcome {
    if let Err(e) = grid.check_givens() {
        return Outcome::invalid(line, e.to_string());
    }
    let solution = solver.solve(grid, options.record_limits());
    outcome_of(
        line,
        &solution,
        |grid| Answer::Grid { grid, style },
        options,
    )
}

/// Turns a solver's [`Solution`] into an [`Outcome`]: the answer to the
/// question of `options.mode`, `solved` making the answer of a solution
/// grid. `options` are the ones the search ran with (they name the limit
/// hit).
pub fn outcome_of(
    line: usize,
    solution: &Solution,
    solved: impl FnOnce(Grid) -> Answer,
    options: &SolveOptions,
) -> Outcome {
    let (end, count) = (solution.end, solution.count);
    let answer = options
        .unsolved(end, count)
        .unwrap_or_else(|| match options.mode {
            Mode::First | Mode::All => match &solution.grid {
                Some(grid) => solved(grid.clone()),
                None => Answer::invalid("internal error: a solution without its grid"),
            },
            Mode::Count => Answer::Count {
                solutions: count,
                capped: options.capped(end, count),
            },
            Mode::Unique => Answer::Unique(count == 1),
        });
    Outcome {
        nodes: solution.nodes,
        ..Outcome::new(line, answer)
    }
}

/// An exact-cover file is one record: the whole problem. A solution or
/// listing is a block of lines, set apart from the answers of other inputs
/// before and after it ([`Sinks::set_apart`]); so is any other answer to
/// it then, a mark or a count.
fn solve_xc(
    file: &str,
    input: impl BufRead,
    options: &SolveOptions,
    sinks: &mut Sinks,
) -> io::Result<Summary> {
    let block = matches!(options.mode, Mode::First | Mode::All);
    let pending = sinks.set_apart;
    sinks.set_apart |= block && sinks.answered;
    let summary = solve_xc_record(file, input, options, sinks)?;
    sinks.set_apart = if summary.records == 0 { pending } else { block };
    Ok(summary)
}

/// [`solve_xc`] on the one record.
fn solve_xc_record(
    file: &str,
    input: impl BufRead,
    options: &SolveOptions,
    sinks: &mut Sinks,
) -> io::Result<Summary> {
    let begin = Instant::now();
    let mut summary = Summary::default();
    let text = match read_text(input)? {
        Ok(text) => text,
        Err((line, reason)) => {
            let outcome = Outcome::invalid(line, reason);
            summary.add(&outcome);
            emit(file, &outcome, sinks)?;
            return Ok(summary);
        }
    };
    if knuth_format::is_empty(&text) {
        // No record, as a Sudoku file of comments: the caller notes it.
        return Ok(summary);
    }
    let xc = match knuth_format::parse(&text, file) {
        Ok(xc) => xc,
        Err(e) => {
            let outcome = Outcome::invalid(e.line, e.reason);
            summary.add(&outcome);
            emit(file, &outcome, sinks)?;
            summary.wall = begin.elapsed();
            return Ok(summary);
        }
    };
    // One warning per option up to a few, then one line for the rest: a
    // generated file can hold thousands of such options.
    const WARNED: usize = 5;
    for line in xc.ignored_lines.iter().take(WARNED) {
        writeln!(
            sinks.err,
            "{file}:{line}: warning: option names no primary item; left out, as in Knuth's \
             DLX1 (no solution can choose it)"
        )?;
    }
    match xc.ignored_lines.get(WARNED..).unwrap_or_default() {
        [] => {}
        [line] => writeln!(
            sinks.err,
            "{file}:{line}: warning: option names no primary item; left out too"
        )?,
        [next, .., last] => writeln!(
            sinks.err,
            "{file}: warning: {} more options name no primary item (the next on line {next}, \
             the last on line {last}); left out too",
            xc.ignored_lines.len() - WARNED,
        )?,
    }
    let matrix = xc
        .problem
        .compile()
        .map_err(|e| io::Error::other(format!("{file}: {e}")))?;
    let mut solver = Solver::new(&matrix);
    solver.prefer_sharp(options.sharp);
    // A listing is streamed to `out` as it is found, not through `emit`.
    if options.mode == Mode::All {
        sinks.start_answer()?;
    }
    let mut text = String::new();
    let mut chosen: Vec<usize> = Vec::new();
    // A listing writes each option's text once per solution that holds it:
    // made once here, not per solution (it was most of the calling
    // thread's time on a listing of millions of short solutions).
    let option_texts: Vec<String> = match options.mode {
        Mode::All => (0..xc.problem.options())
            .map(|o| xc.problem.option_text(o))
            .collect(),
        _ => Vec::new(),
    };
    let mut first: Vec<String> = Vec::new();
    let mut write_error = None;
    let mut listed = 0u64;
    // The deadline covers the whole search (and the streaming of `--all`).
    let mut visited = 0u64;
    let listing = matches!(options.mode, Mode::First | Mode::All);
    let limits = options.record_limits();
    let report = if let (Some(resume), Mode::Count) = (&options.resume_to, options.mode) {
        // In parts on any number of threads, so a stop can say which are
        // left (a node budget was refused with --resume-to).
        let pool = crate::cli::batch::shared_pool(options.threads)?;
        let counted = pool.install(|| {
            Counter::new(&matrix)
                .sharp(options.sharp)
                .count_parts(limits)
        });
        if counted.report.end.is_limit() {
            let lines: String = (counted.unfinished.iter())
                .map(|part| crate::cli::tree::part_line(part) + "\n")
                .collect();
            std::fs::write(resume, lines)
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", resume.display())))?;
            writeln!(
                sinks.err,
                "{file}: stopped: the parts counted whole hold {} solutions; the {} unfinished \
                 parts are in {}: `dlx solve --parts-of {file} --count {}` counts them (add the \
                 two)",
                counted.finished,
                counted.unfinished.len(),
                resume.display(),
                resume.display()
            )?;
        }
        counted.report
    } else if !listing && options.threads > 1 && limits.max_nodes.is_none() {
        // One problem, every thread: its search cut into parts, counted on
        // the run's pool (the same count as one thread's, and the same end).
        let pool = crate::cli::batch::shared_pool(options.threads)?;
        let mut counter = Counter::new(&matrix)
            .sharp(options.sharp)
            .progress(sinks.found);
        if let Some(share) = sinks.share {
            counter = counter.share_done(share);
        }
        pool.install(|| counter.count(limits))
    } else if !listing {
        // A count or a verdict needs no solution built.
        solver.count_each(limits, |found| {
            // Often enough for a person, rarely enough to cost nothing.
            if found % PROGRESS_EVERY == 0 {
                (sinks.found)(found);
            }
            ControlFlow::Continue(())
        })
    } else {
        let (found, share) = (sinks.found, sinks.share);
        let mut visit = |solution: &[usize]| {
            visited += 1;
            if visited % PROGRESS_EVERY == 0 {
                found(visited);
            }
            text.clear();
            if listed > 0 {
                text.push('\n');
            }
            listed += 1;
            chosen.clear();
            chosen.extend_from_slice(solution);
            chosen.sort_unstable();
            if options.mode == Mode::First {
                first = (chosen.iter())
                    .map(|&o| xc.problem.option_text(o))
                    .collect();
            } else {
                for &o in &chosen {
                    text.push_str(&option_texts[o]);
                    text.push('\n');
                }
                // Stream long enumerations instead of holding them.
                if let Err(e) = sinks.out.write_all(text.as_bytes()) {
                    write_error = Some(e);
                    return ControlFlow::Break(());
                }
            }
            ControlFlow::Continue(())
        };
        if options.threads > 1 && limits.max_nodes.is_none() {
            // One problem, every thread: the parts searched on the run's
            // pool, their solutions written here in the one-thread order
            // (the same output, byte for byte, and the same end).
            let pool = crate::cli::batch::shared_pool(options.threads)?;
            let mut enumerator = Enumerator::new(&matrix).sharp(options.sharp).pool(&pool);
            if let Some(share) = share {
                enumerator = enumerator.share_done(share);
            }
            enumerator.for_each_in_order(limits, &mut visit)
        } else {
            solver.search(limits, &mut visit)
        }
    };
    if let Some(e) = write_error {
        return Err(e);
    }
    let (end, found) = (report.end, report.solutions);
    let answer = match options.unsolved(end, found) {
        Some(Answer::Unsolvable { asked, .. }) => {
            // The likely cause, named: a typo in an option, or one left out.
            let why = items_in_no_option(&xc.problem, &mut solver)
                .unwrap_or_else(|| "the problem has no solution".to_string());
            Answer::Unsolvable { asked, why }
        }
        Some(unsolved) => unsolved,
        None => match options.mode {
            Mode::First => Answer::Cover(first),
            Mode::All => Answer::Listed {
                solutions: found,
                capped: end == End::Stopped,
            },
            Mode::Count => Answer::Count {
                solutions: found,
                capped: options.capped(end, found),
            },
            Mode::Unique => Answer::Unique(found == 1),
        },
    };
    // The record is the problem, which starts at its item line.
    let outcome = Outcome {
        nodes: report.stats.nodes,
        elapsed: begin.elapsed(),
        ..Outcome::new(xc.item_line, answer)
    };
    summary.add(&outcome);
    summary.wall = begin.elapsed();
    if options.mode == Mode::All && listed > 0 {
        // The count or mark that ends a listing, set apart from the last
        // solution listed.
        sinks.out.write_all(b"\n")?;
    }
    emit(file, &outcome, sinks)?;
    summary.updates = report.stats.updates;
    summary.exact_cover = Some(report);
    Ok(summary)
}

/// Solutions between two calls of [`Sinks::found`].
const PROGRESS_EVERY: u64 = 1 << 14;

/// Names the primary items of `problem` that no option covers (so it has
/// no solution), up to three of them, if there are any.
fn items_in_no_option(problem: &Problem, solver: &mut Solver) -> Option<String> {
    let uncovered: Vec<&str> = problem
        .items()
        .iter()
        .enumerate()
        .filter(|(i, item)| {
            item.kind == ItemKind::Primary && item.lo > 0 && solver.item_len(*i) == 0
        })
        .map(|(_, item)| item.name.as_str())
        .collect();
    const NAMED: usize = 3;
    let named: Vec<String> = uncovered
        .iter()
        .take(NAMED)
        .map(|name| format!("`{}`", excerpt(name)))
        .collect();
    match uncovered.len() {
        0 => None,
        1 => Some(format!("primary item {} is in no option", named[0])),
        n if n <= NAMED => Some(format!(
            "primary items {} are in no option",
            named.join(", ")
        )),
        n => Some(format!(
            "primary items {} and {} more are in no option",
            named.join(", "),
            n - NAMED
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::answer::parse_limit;

    /// Every `! limit` mark `outcome_of` writes is one `parse_limit`
    /// accepts (what `dlx check` relies on), and other text is not.
    #[test]
    fn limit_marks_are_recognised() {
        let options = SolveOptions {
            node_limit: Some(500),
            timeout: Some(Duration::from_micros(2500)),
            ..SolveOptions::default()
        };
        for end in [End::NodeLimit, End::TimeLimit] {
            for count in [0, 3] {
                let solution = Solution {
                    grid: None,
                    count,
                    end,
                    nodes: 500,
                };
                let outcome = outcome_of(1, &solution, |_| unreachable!(), &options);
                let mark = outcome.render();
                assert_eq!(parse_limit(&mark), Some(count), "{mark}");
            }
        }
        for bad in [
            "! limit",
            "! limit: banana",
            "! limit: node budget of x reached",
            "! limit: time limit of 5 reached",
            "! limit: node budget of 5 reached after all",
            "! invalid: node budget of 5 reached",
            // Never written by `outcome_of`: not numbers as it formats
            // them, or no solution said to be found.
            "! limit: node budget of ... reached",
            "! limit: node budget of 1.2.3 reached",
            "! limit: node budget of 05 reached",
            "! limit: time limit of 2.5 ms reached",
            "! limit: time limit of . ms reached",
            "! limit: node budget of 5 reached after 0 solution(s)",
            "! limit: node budget of 5 reached after . solution(s)",
            "! limit: node budget of 5 reached after +3 solution(s)",
        ] {
            assert_eq!(parse_limit(bad), None, "{bad}");
        }
        assert_eq!(
            parse_limit("! limit: time limit of 2.500 ms reached after 7 solution(s)"),
            Some(7)
        );
    }
}
