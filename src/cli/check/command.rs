//! `dlx check`: opens the two files and calls the library's checker.

use std::io::{self, Write};

use crate::cli::check::{self, CheckError};
use crate::cli::solvers::{sudoku_solver, SolverKind};
use dlx_engine::error::{count_of, named_io};
use dlx_engine::puzzles::{prepare, Kind};

use std::path::PathBuf;

use clap::Args;

use crate::cli::args::{positive, KindArg};
use crate::cli::error::{refusal, Error, Exit};

/// Runs the check; exit status 0 if every answer fits, 1 on the first
/// mismatch, 2 on I/O errors.
pub fn run(args: CheckArgs) -> Result<Exit, Error> {
    crate::cli::files::refuse_input_clashes([args.puzzles.as_path(), args.solutions.as_path()])?;
    let (puzzles_name, mut puzzles) = crate::cli::files::open_input(&args.puzzles)?;
    let (answers_name, answers) = crate::cli::files::open_input(&args.solutions)?;
    // Two files are read: an error names its own.
    let layout = args.variants.and_then(|v| v.layout);
    if layout.is_some() && matches!(args.kind, KindArg::Sudominoku | KindArg::Xc) {
        return Err(refusal(
            "--variant adds rules to Sudoku grids; Sudominoku and exact-cover files have their own",
        ));
    }
    if let (Some(layout), true) = (layout, args.box_shape.is_some()) {
        return Err(refusal(format!(
            "--box does not apply to --variant {layout}: its puzzles have a format of their own"
        )));
    }
    // A layout file is read in its own format, whatever its content.
    let requested = layout.map_or(args.kind.requested(), |_| Some(Kind::Sudoku));
    let (kind, puzzles) =
        prepare(requested, &mut puzzles).map_err(|e| named_io(&puzzles_name, e))?;
    // The answers get the same edges as the puzzles: no byte-order mark,
    // old-Mac line ends read as `\n` (the kind given only skips detection).
    let (_, answers) = prepare(Some(kind), answers).map_err(|e| named_io(&answers_name, e))?;
    if args.box_shape.is_some() && kind != Kind::Sudoku {
        return Err(refusal(format!(
            "--box sets the box shape of Sudoku grids, and {puzzles_name} holds no Sudoku"
        )));
    }
    if args.variants.is_some() && kind != Kind::Sudoku {
        return Err(refusal(format!(
            "--variant adds rules to Sudoku grids, and {puzzles_name} holds no Sudoku"
        )));
    }
    let result = match kind {
        _ if args.variants.is_some_and(|v| v.layout.is_some()) => check::check_layout(
            (&puzzles_name, puzzles),
            (&answers_name, answers),
            args.max_solutions,
            args.variants.and_then(|v| v.layout).expect("matched"),
        ),
        Kind::Sudoku if args.variants.is_some() => check::check_variant_sudoku(
            &puzzles_name,
            puzzles,
            &answers_name,
            answers,
            args.max_solutions,
            args.box_shape,
            args.variants.unwrap_or_default().rules,
        ),
        Kind::Sudoku => {
            let mut solver = sudoku_solver(SolverKind::Bitmask, None);
            check::check_sudoku_with_budget(
                &puzzles_name,
                puzzles,
                &answers_name,
                answers,
                args.max_solutions,
                solver.as_mut(),
                check::RECOUNT_NODE_BUDGET,
                args.box_shape,
            )
        }
        Kind::Sudominoku => check::check_sudominoku(
            &puzzles_name,
            puzzles,
            &answers_name,
            answers,
            args.max_solutions,
        ),
        Kind::Xc => check::check_exact_cover(
            &puzzles_name,
            puzzles,
            &answers_name,
            answers,
            args.max_solutions,
        ),
    };
    match result {
        Ok(report) => {
            // Written, not `println!`ed: a closed or full stdout is an
            // error to report (or a quiet stop), not a panic.
            let mut out = crate::cli::files::Named::new(io::stdout().lock(), "<stdout>");
            writeln!(
                out,
                "ok: {}: {} verified, {} recounted, {} confirmed, {} not verifiable",
                count_of(report.records, "record"),
                count_of(report.solutions, "solution"),
                count_of(report.counts, "count"),
                count_of(report.marks, "mark"),
                count_of(report.limits, "limit mark"),
            )?;
            if report.engine_recounts > 0 && kind == Kind::Xc {
                writeln!(
                    out,
                    "note: the count was recounted by the dlx engine, the only exact-cover solver here (solutions are verified independently of it)"
                )?;
            } else if report.engine_recounts > 0 {
                writeln!(
                    out,
                    "note: {} {} made by the dlx engine, which wrote the answers: the independent solver (bitmask for Sudoku, peer backtracking for --variant, naive for Sudominoku) ran out of its budget of {} nodes on them",
                    count_of(report.engine_recounts, "recount"),
                    if report.engine_recounts == 1 { "was" } else { "were" },
                    check::RECOUNT_NODE_BUDGET
                )?;
            }
            Ok(Exit::Ok)
        }
        Err(CheckError::Mismatch(m)) => {
            let _ = io::stdout().flush();
            crate::cli::note(format_args!("{m}"));
            Ok(Exit::SomeFailed)
        }
        Err(CheckError::Io(e)) => Err(e.into()),
    }
}

/// Arguments of `dlx check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The puzzle file that was solved.
    #[arg(value_name = "PUZZLES")]
    pub puzzles: PathBuf,
    /// The answers `dlx solve` wrote for it.
    #[arg(long, value_name = "FILE")]
    pub solutions: PathBuf,
    /// Input kind of PUZZLES; `auto` decides from the content.
    #[arg(long, value_enum, default_value_t = KindArg::Auto)]
    pub kind: KindArg,
    /// The --max-solutions the answers were counted with (N >= 1).
    ///
    /// A count equal to it is then a lower bound (a `>= N` count is one
    /// anyway).
    #[arg(long, value_name = "N", value_parser = positive)]
    pub max_solutions: Option<u64>,
    /// Box shape RxC of the Sudoku puzzles (2x3, 3x4, 4x3, ...), as given
    /// to `dlx solve --box`.
    ///
    /// Default: from each grid's `|` rules, else the side's own boxes
    /// (R <= C, nearest to square: 2x3 for 6x6, 3x4 for 12x12). A puzzle
    /// of another side is a bad record.
    #[arg(long = "box", value_name = "RxC", value_parser = crate::cli::args::box_shape)]
    pub box_shape: Option<dlx_engine::puzzles::sudoku::BoxShape>,
    /// The Sudoku rules the answers were solved with, as given to `dlx
    /// solve --variant` (x, windoku, anti-knight, anti-king; or jigsaw,
    /// killer, samurai alone, whose files are read in their own format).
    ///
    /// Solutions are checked against every rule by a verifier that restates
    /// each rule from its definition; counts and marks are recounted by a
    /// backtracking solver over each cell's peers, which shares no code with
    /// the engine (the engine recounts only where its budget runs out).
    #[arg(long = "variant", value_name = "RULES", value_parser = crate::cli::args::variants)]
    pub variants: Option<crate::cli::args::VariantArg>,
}
