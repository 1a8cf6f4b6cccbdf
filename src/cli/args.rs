//! Command-line arguments (clap derive). Parsing only: no solving here.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use dlx_engine::input::{Kind, Style};
use dlx_engine::solve::SolverKind;

/// The most worker threads `-j` takes. Each thread holds its own solver,
/// and rayon starts them all up front: tens of thousands took minutes to
/// start on three puzzles. No machine this runs on has more cores.
pub const MAX_THREADS: i64 = 1024;

/// Reads a whole number of at least 1 (a count or budget where 0 would
/// mean nothing can happen), saying so in words rather than as clap's
/// range `1..18446744073709551615`.
pub fn positive(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("must be at least 1".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(format!("{e} (expected a whole number of at least 1)")),
    }
}

/// Exact-cover solving engine (Knuth's Algorithm X on dancing links) with
/// Sudoku and Sudominoku front-ends.
#[derive(Debug, Parser)]
#[command(name = "dlx", version, about, long_about = None, propagate_version = true)]
pub struct Cli {
    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve every puzzle of the given files; one answer per record, in order.
    ///
    /// Exit status: 0 when every record was solved, 1 when some record was
    /// invalid, unsolvable or hit a limit (each reported on stderr as
    /// FILE:LINE: reason and marked in its place with a line starting with
    /// `!`), 2 on usage or I/O errors.
    Solve(SolveArgs),
    /// Check answers written by `dlx solve` against their puzzles.
    Check(CheckArgs),
    /// Compare solvers on the same puzzles: per-puzzle times (median, p90,
    /// p99, max), throughput and search nodes, every answer verified.
    ///
    /// Exit status: 0 when every answer was right (puzzles unsolved within
    /// the node budget are results, not failures), 1 when a solver gave a
    /// wrong answer (reported as FILE:LINE), 2 on usage or I/O errors.
    Bench(super::bench::BenchArgs),
    /// Generate puzzles with exactly one solution, reproducibly from a seed.
    ///
    /// Sudoku: one puzzle per line after a `#` header holding the command
    /// that made them. Sudominoku: the Baekjoon 4574 format, ending in `0`.
    Gen(super::gen::GenArgs),
}

/// Arguments of `dlx solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Input files; `-` or nothing reads standard input.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Input kind; `auto` decides from each file's content.
    #[arg(long, value_enum, default_value_t = Kind::Auto)]
    pub kind: Kind,
    /// Solver to use. naive solves Sudoku and Sudominoku, bitmask classic
    /// Sudoku only; a file the solver cannot solve (exact cover; Sudominoku
    /// for bitmask) is solved by dlx with a note on stderr when its kind was
    /// detected, and refused with --kind xc or --kind sudominoku.
    #[arg(long, value_enum, default_value_t = SolverKind::Dlx)]
    pub solver: SolverKind,
    /// Worker threads (1 to 1024); 1 solves sequentially. Default: all cores.
    /// With --timeout-ms, at most one per logical CPU (noted on stderr).
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=MAX_THREADS))]
    pub threads: Option<u16>,
    /// Print the number of solutions instead of a solution (capped by --max-solutions).
    #[arg(long, group = "mode")]
    pub count: bool,
    /// Print `unique`, `multiple` or `none` for each puzzle.
    #[arg(long, group = "mode")]
    pub unique: bool,
    /// Print every solution, up to --max-solutions. Exact-cover (Knuth
    /// format) files only: a Sudoku or Sudominoku file given with --all is
    /// refused (use --count or --unique for those).
    #[arg(long, group = "mode")]
    pub all: bool,
    /// Stop counting or listing after N solutions (N >= 1).
    #[arg(long, value_name = "N", value_parser = positive)]
    pub max_solutions: Option<u64>,
    /// Output style for Sudoku answers; default: the style of each input
    /// record. Refused with --kind sudominoku or xc, whose answers have one
    /// form each.
    #[arg(long, value_enum, value_name = "STYLE")]
    pub output: Option<Style>,
    /// Give up on a record after N search nodes (marked `! limit`).
    #[arg(long, value_name = "N")]
    pub node_limit: Option<u64>,
    /// Give up on a record after T milliseconds of its search (per record;
    /// the clock is checked every 1024 search nodes; marked `! limit`).
    ///
    /// Each record's deadline is set when its own search starts (an
    /// exact-cover file is one record: the deadline covers its whole
    /// search). A record that reaches it is marked `! limit: time limit of T
    /// ms reached` in its place and on stderr, the batch goes on, and the
    /// exit status is 1. The clock is read every 1024 search nodes (by dlx
    /// also after every 262,144 link updates), so a record can run a little
    /// past T. 0 stops every record that needs a
    /// search node.
    #[arg(long, value_name = "T")]
    pub timeout_ms: Option<u64>,
    /// Write answers to FILE instead of standard output (`-o -`: standard
    /// output, as without -o).
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Print a summary on stderr: records, solved, failed, time, us/puzzle, nodes.
    #[arg(long)]
    pub stats: bool,
    /// Never show a progress bar (it is shown only on a terminal, for large inputs).
    #[arg(long)]
    pub no_progress: bool,
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
    /// Input kind of PUZZLES; `auto` decides from the content. Answers to
    /// exact-cover files are not checked here: the library's
    /// `exact_cover::verify` checks a cover.
    #[arg(long, value_enum, default_value_t = CheckKind::Auto)]
    pub kind: CheckKind,
    /// The --max-solutions the answers were counted with (a count equal to it
    /// is then a lower bound; N >= 1).
    #[arg(long, value_name = "N", value_parser = positive)]
    pub max_solutions: Option<u64>,
}

/// The kinds of input whose answers `dlx check` checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum CheckKind {
    /// Decide from the content.
    Auto,
    /// Classic Sudoku, in any of the forms `dlx solve` reads.
    Sudoku,
    /// Baekjoon 4574 Sudominoku.
    Sudominoku,
}

impl From<CheckKind> for Kind {
    fn from(kind: CheckKind) -> Kind {
        match kind {
            CheckKind::Auto => Kind::Auto,
            CheckKind::Sudoku => Kind::Sudoku,
            CheckKind::Sudominoku => Kind::Sudominoku,
        }
    }
}
