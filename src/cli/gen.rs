//! `dlx gen`: argument glue around the library's generators.

use std::io::{self, BufWriter, Write};
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::cli::batch::{self, Config, Job, Status};
use clap::Args;

use crate::cli::error::{Error, Exit};
use dlx_engine::error::count_of;
use dlx_engine::generate::{self, GenOptions, Symmetry, Target};
use dlx_engine::puzzles::sudoku::variants::Layout;
use dlx_engine::puzzles::sudoku::BoxShape;
use dlx_engine::puzzles::sudominoku;

/// Which puzzles to make.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum GenKind {
    /// Classic Sudoku in the line format.
    Sudoku,
    /// Sudominoku in the Baekjoon 4574 format.
    Sudominoku,
}

/// Arguments of `dlx gen`.
#[derive(Debug, Args)]
pub struct GenArgs {
    /// What to generate.
    #[arg(long, value_enum, default_value_t = GenKind::Sudoku)]
    pub kind: GenKind,
    /// Grid size: a box size n of 2 (4x4), 3 (9x9, the default), 4 (16x16)
    /// or 5 (25x25), or a side as NxN (6x6, 12x12, any side from 4 to 25
    /// that is not prime) in the side's default boxes (R <= C, nearest to
    /// square: 2x3 for 6x6, 3x4 for 12x12).
    ///
    /// Sudoku only.
    #[arg(long, value_name = "SIZE", value_parser = crate::cli::args::gen_size)]
    pub size: Option<BoxShape>,
    /// Box shape RxC (rows x columns: 2x3, 3x4, 4x3, ...): a grid of side
    /// R*C from 4 to 25. With --size, the two must give the same side.
    ///
    /// Sudoku only.
    #[arg(long = "box", value_name = "RxC", value_parser = crate::cli::args::box_shape)]
    pub box_shape: Option<BoxShape>,
    /// How many puzzles.
    #[arg(long, default_value_t = 1, value_parser = crate::cli::args::whole)]
    pub count: u64,
    /// Seed: the same seed gives the same puzzles at any -j.
    #[arg(long, default_value_t = 1, value_parser = crate::cli::args::whole)]
    pub seed: u64,
    /// Stop removing clues once at most C are left.
    ///
    /// Fails with a reason if no attempt gets there; C = the number of
    /// cells gives complete grids. Sudoku only.
    #[arg(long, value_name = "C", conflicts_with = "minimal")]
    pub clues: Option<usize>,
    /// Remove clues until none can go (the default).
    ///
    /// With --symmetry, until no symmetric group can go, though a single
    /// clue of a group may still be removable on its own. Sudoku only.
    #[arg(long)]
    pub minimal: bool,
    /// Remove clues in symmetric groups (default: none).
    ///
    /// Sudoku only.
    #[arg(long, value_enum)]
    pub symmetry: Option<Symmetry>,
    /// Node budget of each uniqueness check.
    ///
    /// Default: none for 4x4 and 9x9, 200000 for larger; a check that runs
    /// out keeps its clue. Sudoku only.
    #[arg(long, value_name = "N", value_parser = crate::cli::args::positive)]
    pub check_budget: Option<u64>,
    /// Sudoku rules the puzzles are made for, joined by commas: x,
    /// windoku, anti-knight, anti-king (as `dlx solve --variant`); or one
    /// of jigsaw, killer, samurai alone, written in their own line formats
    /// (jigsaw and killer of --size, 9x9 by default).
    ///
    /// Each puzzle has exactly one solution under these rules (not
    /// necessarily under the classic ones alone). The line format does not
    /// hold the rules: the header line records them. Not with --rate.
    #[arg(long = "variant", value_name = "RULES", value_parser = crate::cli::args::variants)]
    pub variants: Option<crate::cli::args::VariantArg>,
    /// Append the difficulty to each puzzle line as a `# ...` comment.
    ///
    /// DLX search nodes to solve and prove uniqueness, and the bitmask
    /// solver's guesses. Sudoku only.
    #[arg(long)]
    pub rate: bool,
    /// Worker threads (1 to 1024); default: all cores.
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=crate::cli::args::MAX_THREADS))]
    pub threads: Option<u16>,
}

/// Writes the puzzles to stdout in order; exit status 1 if some could not
/// be made as asked (each reported on stderr).
pub fn run(args: GenArgs) -> Result<Exit, Error> {
    if args.kind == GenKind::Sudominoku {
        let sudoku_only = [
            ("--size", args.size.is_some()),
            ("--box", args.box_shape.is_some()),
            ("--clues", args.clues.is_some()),
            ("--minimal", args.minimal),
            ("--symmetry", args.symmetry.is_some()),
            ("--check-budget", args.check_budget.is_some()),
            ("--rate", args.rate),
            ("--variant", args.variants.is_some()),
        ];
        let given: Vec<&str> = sudoku_only
            .iter()
            .filter(|(_, set)| *set)
            .map(|(name, _)| *name)
            .collect();
        if !given.is_empty() {
            return Err(crate::cli::error::refusal(format!(
                "{} appl{} to Sudoku only: Sudominoku puzzles are always 9x9, \
                     made from --seed alone",
                given.join(", "),
                if given.len() == 1 { "ies" } else { "y" }
            )));
        }
    }
    if let Some(layout) = args.variants.and_then(|v| v.layout) {
        let classic_only = [
            ("--kind sudominoku", args.kind == GenKind::Sudominoku),
            ("--box", args.box_shape.is_some()),
            ("--clues", args.clues.is_some()),
            ("--symmetry", args.symmetry.is_some()),
            ("--check-budget", args.check_budget.is_some()),
            ("--rate", args.rate),
            ("--size", args.size.is_some() && layout == Layout::Samurai),
        ];
        let given: Vec<&str> = (classic_only.iter())
            .filter(|(_, set)| *set)
            .map(|(name, _)| *name)
            .collect();
        if !given.is_empty() {
            return Err(crate::cli::error::refusal(format!(
                "{} do{} not apply to --variant {layout}: its puzzles are minimal (every given \
                 that can go is removed), made from --seed{}",
                given.join(", "),
                if given.len() == 1 { "es" } else { "" },
                if layout == Layout::Samurai {
                    " (five 9x9 grids)"
                } else {
                    " and --size"
                }
            )));
        }
    }
    if args.rate && args.variants.is_some() {
        return Err(crate::cli::error::refusal(
            "--rate rates classic puzzles (the bitmask solver knows no variant rules); \
             leave it out with --variant",
        ));
    }
    if let (Some(size), Some(shape)) = (args.size, args.box_shape) {
        if size.side() != shape.side() {
            return Err(crate::cli::error::refusal(format!(
                "--size and --box disagree: --size makes {0}x{0} grids, --box {shape} makes \
                 {1}x{1} grids (give one of them)",
                size.side(),
                shape.side()
            )));
        }
    }
    let side = shape_of(&args).side();
    if let Some(rules) = args.variants.map(|v| v.rules) {
        if let Err(why) = rules.supports(shape_of(&args)) {
            return Err(crate::cli::error::refusal(format!(
                "--variant {rules}: {why}"
            )));
        }
    }
    // Puzzles are written as lines, which stop at 25x25; and minimal
    // puzzles of larger sides would take a uniqueness check per clue of
    // hours.
    if side > 25 {
        let given = if args.box_shape.is_some() {
            "--box"
        } else {
            "--size"
        };
        return Err(crate::cli::error::refusal(format!(
            "{given}: dlx gen makes grids up to 25x25 (written as lines), and {given} asks \
             for {side}x{side}"
        )));
    }
    let cells = side * side;
    if let Some(c) = args.clues.filter(|&c| c > cells) {
        return Err(crate::cli::error::refusal(format!(
            "--clues {c}: a {side}x{side} grid has only {cells} cells \
                 (--clues {cells} gives complete grids)"
        )));
    }
    let threads = args
        .threads
        .map_or_else(crate::cli::logical_cpus, usize::from);
    let mut out = BufWriter::new(crate::cli::files::Named::new(
        io::stdout().lock(),
        "<stdout>",
    ));
    // Not locked: a worker's panic message must not wait for a lock this
    // thread holds while it waits for the workers.
    let mut err = io::stderr();
    // Ctrl-C stops taking indices, and puzzles not begun yet are left out
    // (`not_begun`); those being made are finished and written, so the
    // output is the first K puzzles, whole.
    let config = Config {
        threads,
        stop: crate::cli::terminal::catch_ctrl_c(),
        ..Config::default()
    };
    let jobs = (0..args.count).map(|i| {
        Ok(Job {
            line: i as usize + 1,
            task: Ok(i),
        })
    });
    let layout = args.variants.and_then(|v| v.layout);
    let summary = match args.kind {
        GenKind::Sudoku if layout.is_some() => {
            let layout = layout.expect("matched");
            let side = if layout == Layout::Samurai { 9 } else { side };
            let size = if layout == Layout::Samurai {
                String::new()
            } else {
                format!(" --size {side}x{side}")
            };
            writeln!(
                out,
                "# dlx gen --variant {layout}{size} --count {} --seed {}",
                args.count, args.seed
            )?;
            let seed = args.seed;
            let summary = batch::run(
                jobs,
                config,
                || (),
                |_, job| {
                    let what = match begun(job) {
                        None => What::NotBegun,
                        Some(index) => match generate::generate_layout(layout, side, seed, index) {
                            Ok(made) => What::Puzzle(made.puzzle.to_record()),
                            Err(e) => What::Failed(format!("puzzle {}: {e}", index + 1)),
                        },
                    };
                    Made {
                        line: job.line,
                        what,
                    }
                },
                |outcomes| emit_chunk(&mut out, &mut err, outcomes),
            );
            stopped_by_ctrl_c(summary, &mut out)?
        }
        GenKind::Sudoku => {
            let mut options = GenOptions::new(shape_of(&args), args.seed);
            options.symmetry = args.symmetry.unwrap_or(Symmetry::None);
            if let Some(c) = args.clues {
                options.target = Target::Clues(c);
            }
            if args.check_budget.is_some() {
                options.check_budget = args.check_budget;
            }
            writeln!(out, "# {}", header(&args))?;
            let rate = args.rate;
            // Puzzles whose minimality a check budget left unproven, and
            // the checks that ran out: said once at the end.
            let unproven = (AtomicUsize::new(0), AtomicUsize::new(0));
            let summary = batch::run(
                jobs,
                config,
                || (),
                |_, job| {
                    let Some(index) = begun(job) else {
                        return Made {
                            line: job.line,
                            what: What::NotBegun,
                        };
                    };
                    let rules = args.variants.unwrap_or_default().rules;
                    match generate::generate_variant(&options, rules, index) {
                        Ok(g) => {
                            if g.unproven > 0 {
                                unproven.0.fetch_add(1, Ordering::Relaxed);
                                unproven.1.fetch_add(g.unproven, Ordering::Relaxed);
                            }
                            let mut text = g.puzzle.to_line();
                            if rate {
                                let r = generate::rate(&g.puzzle);
                                text += &format!(" # clues={} {r}", g.puzzle.givens());
                            }
                            Made {
                                line: job.line,
                                what: What::Puzzle(text),
                            }
                        }
                        Err(e) => Made {
                            line: job.line,
                            what: What::Failed(format!("puzzle {}: {e}", index + 1)),
                        },
                    }
                },
                |outcomes| emit_chunk(&mut out, &mut err, outcomes),
            );
            let summary = stopped_by_ctrl_c(summary, &mut out)?;
            let (puzzles, checks) = (unproven.0.into_inner(), unproven.1.into_inner());
            if puzzles > 0 && options.target == Target::Minimal {
                let budget = options.check_budget.unwrap_or(0);
                out.flush()?;
                let _ = writeln!(
                    err,
                    "dlx gen: note: {} in {} ran out of \
                     the check budget of {budget} nodes; their clues were kept, so those puzzles \
                     are unique but may not be minimal (a larger --check-budget proves more)",
                    count_of(checks as u64, "uniqueness check"),
                    count_of(puzzles as u64, "puzzle"),
                );
            }
            summary
        }
        GenKind::Sudominoku => {
            let seed = args.seed;
            let summary = batch::run(
                jobs,
                config,
                || (),
                |_, job| {
                    let Some(index) = begun(job) else {
                        return Made {
                            line: job.line,
                            what: What::NotBegun,
                        };
                    };
                    let puzzle = dlx_engine::generate::sudominoku::generate(seed, index);
                    Made {
                        line: job.line,
                        what: What::Puzzle(
                            sudominoku::write_puzzle(&puzzle).trim_end().to_string(),
                        ),
                    }
                },
                |outcomes| emit_chunk(&mut out, &mut err, outcomes),
            );
            let summary = stopped_by_ctrl_c(summary, &mut out)?;
            // Also after a Ctrl-C: the puzzles written make a whole file.
            writeln!(out, "0")?;
            summary
        }
    };
    out.flush()?;
    if crate::cli::terminal::ctrl_c_raised() && summary.records < args.count {
        let _ = writeln!(
            err,
            "dlx gen: interrupted (Ctrl-C): the first {} are written",
            count_of(summary.records, "puzzle")
        );
        return Ok(Exit::Interrupted);
    }
    Ok(if summary.all_solved() {
        Exit::Ok
    } else {
        Exit::SomeFailed
    })
}

/// The totals of a batch a Ctrl-C stopped (every puzzle before the stop
/// written), or the batch's own result.
fn stopped_by_ctrl_c(
    summary: io::Result<batch::Summary>,
    out: &mut impl Write,
) -> io::Result<batch::Summary> {
    match summary {
        Err(e) => match crate::cli::terminal::totals_before_ctrl_c(&e) {
            Some(before) => {
                out.flush()?;
                Ok(before)
            }
            None => Err(e),
        },
        done => done,
    }
}

/// The puzzle index of `job`, unless Ctrl-C came first (the batch then
/// writes no puzzle from this one on).
fn begun(job: &Job<u64>) -> Option<u64> {
    if crate::cli::terminal::ctrl_c_raised() {
        return None;
    }
    Some(*job.task.as_ref().expect("indices are always valid"))
}

/// What became of one puzzle index.
#[derive(Debug)]
struct Made {
    /// The puzzle's place in the batch.
    line: usize,
    what: What,
}

#[derive(Debug)]
enum What {
    /// The puzzle, as written (with its rating when asked for).
    Puzzle(String),
    /// Why it could not be made.
    Failed(String),
    /// Left out by Ctrl-C: the batch writes none from it on.
    NotBegun,
}

impl batch::Outcome for Made {
    fn line(&self) -> usize {
        self.line
    }
    fn status(&self) -> Status {
        match self.what {
            What::Puzzle(_) => Status::Solved,
            What::Failed(_) => Status::Invalid,
            What::NotBegun => Status::Interrupted,
        }
    }
    fn nodes(&self) -> u64 {
        0
    }
    fn elapsed(&self) -> std::time::Duration {
        std::time::Duration::ZERO
    }
    fn set_elapsed(&mut self, _: std::time::Duration) {}
    fn panicked(line: usize) -> Self {
        Made {
            line,
            what: What::Failed(crate::cli::answer::PANICKED.into()),
        }
    }
}

/// Writes a chunk of puzzles (a failure on stderr too) and flushes them, so a
/// program reading `dlx gen` through a pipe gets them as they are made.
///
/// A puzzle that could not be made leaves a `#` comment in its place on
/// stdout (the readers skip it), so that whoever reads the puzzles alone
/// can still tell which index each one is.
fn emit_chunk(out: &mut impl Write, err: &mut impl Write, made: &[Made]) -> io::Result<()> {
    for made in made {
        match &made.what {
            What::Puzzle(text) => writeln!(out, "{text}")?,
            What::Failed(reason) => {
                writeln!(out, "# {reason}")?;
                writeln!(err, "dlx gen: {reason}")?;
            }
            // Never delivered: the batch stops before it.
            What::NotBegun => {}
        }
    }
    out.flush()
}

/// The box size asked for, 3 (9x9) by default.
fn shape_of(args: &GenArgs) -> BoxShape {
    args.box_shape.or(args.size).unwrap_or(BoxShape::square(3))
}

/// The command line that reproduces this output.
fn header(args: &GenArgs) -> String {
    // Square boxes as the box size they always were; others as `--box`.
    let shape = shape_of(args);
    let size = if shape.is_square() {
        format!("--size {}", shape.rows())
    } else {
        format!("--box {shape}")
    };
    let mut h = format!("dlx gen {size} --count {} --seed {}", args.count, args.seed);
    match args.clues {
        Some(c) => h += &format!(" --clues {c}"),
        None => h += " --minimal",
    }
    h += &format!(
        " --symmetry {}",
        format!("{:?}", args.symmetry.unwrap_or(Symmetry::None)).to_lowercase()
    );
    if let Some(b) = args.check_budget {
        h += &format!(" --check-budget {b}");
    }
    if let Some(rules) = args.variants {
        h += &format!(" --variant {rules}");
    }
    if args.rate {
        h += " --rate";
    }
    h
}
