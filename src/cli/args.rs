//! Command-line arguments (clap derive). Parsing only: no solving here.

use std::ffi::OsStr;
use std::marker::PhantomData;
use std::path::PathBuf;

use crate::cli::solve::SolverKind;
use clap::builder::{EnumValueParser, PossibleValue, TypedValueParser};
use clap::error::ErrorKind;
use clap::{Args, Parser, Subcommand, ValueEnum};
use dlx_engine::input::{Kind, Style};

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

/// Value parser of a count or budget that may be 0 (`--node-limit`,
/// `--timeout-ms`, `--count`): says what was expected, so `-1` is not just
/// "invalid digit found in string".
pub fn whole(text: &str) -> Result<u64, String> {
    text.parse::<u64>()
        .map_err(|e| format!("{e} (expected a whole number, 0 or more)"))
}

/// The values of one comma-separated list option (`--solvers dlx,naive`),
/// in the order given. An option given more than once holds one list per
/// occurrence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommaList<T>(pub Vec<T>);

/// The value parser of a [`CommaList`] of `T` names: each name between the
/// commas must be one of `T`'s possible values.
///
/// clap's own `value_delimiter` answers an empty name (`dlx,,naive`,
/// `,dlx`, `dlx,`) with "a value is required", which names neither the
/// list nor the stray comma; this parser says which name is empty and how
/// to write the list. An unknown name gets clap's own message (the possible
/// values, a similar one if any).
#[derive(Debug, Clone, Copy)]
pub struct CommaListParser<T> {
    /// What each name names, for messages: `solver` for `--solvers`.
    noun: &'static str,
    names: PhantomData<T>,
}

impl<T> CommaListParser<T> {
    /// A parser of lists of `T` names, each naming a `noun` in messages.
    pub fn new(noun: &'static str) -> Self {
        CommaListParser {
            noun,
            names: PhantomData,
        }
    }

    /// The usage error (exit status 2) for a list with an empty name:
    /// `--OPTION: PROBLEM; list NOUNs separated by single commas: EXAMPLE`,
    /// the example being the option's default, or else every possible
    /// name.
    fn empty_name(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        problem: &str,
    ) -> clap::Error {
        let option = match arg {
            Some(arg) => match arg.get_long() {
                Some(long) => format!("--{long}"),
                None => arg.get_id().to_string(),
            },
            None => "the list".to_string(),
        };
        let joined = |names: Vec<String>| names.join(",");
        let example = match arg {
            Some(arg) if !arg.get_default_values().is_empty() => joined(
                (arg.get_default_values().iter())
                    .map(|d| d.to_string_lossy().into_owned())
                    .collect(),
            ),
            Some(arg) => joined(
                (arg.get_possible_values().iter())
                    .map(|v| v.get_name().to_string())
                    .collect(),
            ),
            None => String::new(),
        };
        let noun = self.noun;
        cmd.clone().error(
            ErrorKind::InvalidValue,
            format!("{option}: {problem}; list {noun}s separated by single commas: {example}"),
        )
    }
}

impl<T: ValueEnum + Clone + Send + Sync + 'static> TypedValueParser for CommaListParser<T> {
    type Value = CommaList<T>;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Self::Value, clap::Error> {
        let names = EnumValueParser::<T>::new();
        // Not UTF-8: no name can match; clap says so in its words.
        let Some(text) = value.to_str() else {
            return names
                .parse_ref(cmd, arg, value)
                .map(|one| CommaList(vec![one]));
        };
        if text.is_empty() {
            let problem = format!("no {} named", self.noun);
            return Err(self.empty_name(cmd, arg, &problem));
        }
        let pieces: Vec<&str> = text.split(',').collect();
        if let Some(k) = pieces.iter().position(|piece| piece.is_empty()) {
            let noun = self.noun;
            let problem = format!(
                "empty {noun} name in `{text}` ({noun} {} of the list)",
                k + 1
            );
            return Err(self.empty_name(cmd, arg, &problem));
        }
        let values = (pieces.into_iter())
            .map(|piece| names.parse_ref(cmd, arg, OsStr::new(piece)))
            .collect::<Result<_, _>>()?;
        Ok(CommaList(values))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            T::value_variants()
                .iter()
                .filter_map(ValueEnum::to_possible_value),
        ))
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
    /// Answers: a Sudoku grid in its record's style (or --output); a
    /// Sudominoku puzzle as `Puzzle k` and nine rows; an exact-cover file
    /// (Knuth's DLX1 format: an item line, primary items then `|` then
    /// secondary ones, then one option per line; comments start with `|`)
    /// as the options of its solution, one per line, and with --all every
    /// solution, a blank line between them, then `N solution(s)`.
    ///
    /// Exit status: 0 when every record was solved, 1 when some record was
    /// invalid, unsolvable or hit a limit (each reported on stderr as
    /// FILE:LINE: reason and marked in its place with a line starting with
    /// `!`), 2 on usage or I/O errors, 130 when stopped by Ctrl-C (the
    /// answers written are then those of the records before the first
    /// left unanswered; stderr says where it stopped; a second Ctrl-C
    /// quits at once).
    // In every subcommand, a negative number is a value, refused by its
    // parser (`--node-limit -1`), not an unknown option whose tip would
    // pass it as a file name.
    #[command(allow_negative_numbers = true)]
    Solve(SolveArgs),
    /// Check answers written by `dlx solve` against their puzzles.
    #[command(allow_negative_numbers = true)]
    Check(CheckArgs),
    /// Compare solvers on the same puzzles: per-puzzle times (median, p90,
    /// p99, max), throughput and search nodes, every answer verified.
    ///
    /// Exit status: 0 when every answer was right (puzzles unsolved within
    /// the node budget are results, not failures), 1 when a solver gave a
    /// wrong answer (reported as FILE:LINE), 2 on usage or I/O errors and
    /// when nothing can be timed, 130 when stopped by Ctrl-C (the tables
    /// and reports then cover the puzzles every solver had finished; a
    /// second Ctrl-C quits at once).
    #[command(allow_negative_numbers = true)]
    Bench(super::bench::BenchArgs),
    /// Generate puzzles with exactly one solution, reproducibly from a seed.
    ///
    /// Sudoku: one puzzle per line after a `#` header holding the command
    /// that made them. Sudominoku: the Baekjoon 4574 format, ending in `0`.
    /// Ctrl-C stops it after whole puzzles (exit status 130).
    #[command(allow_negative_numbers = true)]
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
    #[arg(long, value_name = "N", value_parser = whole)]
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
    #[arg(long, value_name = "T", value_parser = whole)]
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
