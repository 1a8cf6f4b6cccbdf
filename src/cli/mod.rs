//! The `dlx` command line. Where things are:
//!
//! - one module per command, each owning its arguments: [`solve`], [`check`],
//!   [`gen`], [`bench`], [`completions`] (also the man page);
//! - [`answer`]: what a record's answer says, typed until written, rendered
//!   and parsed back in one place (`solve` writes, `check` reads);
//! - [`batch`]: the ordered parallel pipeline (records in, outcomes out in
//!   input order); it knows no wording;
//! - [`files`]: safe input and output handling (guards against overwriting
//!   an input, outputs that name themselves in errors, atomic reports);
//! - [`terminal`]: Ctrl-C, the diagnostics stream, progress bars;
//! - [`error`]: the one error type and the exit statuses;
//! - [`solvers`]: the registry of solvers `solve`, `check` and `bench` share;
//! - [`records`]: a puzzle file as one line per record, for streaming
//!   engines such as Spark;
//! - [`args`]: value parsers shared by several commands.
//!
//! Data flows one way: records in, solved by the library, answers out.

use clap::{Parser, Subcommand};

pub mod answer;
pub mod args;
pub mod batch;
pub mod bench;
pub mod check;
pub mod completions;
pub mod error;
pub mod files;
pub mod gen;
pub mod records;
pub mod solve;
pub mod solvers;
pub mod terminal;
pub mod tree;

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
    /// Answers: a Sudoku grid in its record's style (or --format); a
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
    Solve(solve::SolveArgs),
    /// Check answers written by `dlx solve` against their puzzles.
    #[command(allow_negative_numbers = true)]
    Check(check::CheckArgs),
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
    Bench(bench::BenchArgs),
    /// Generate puzzles with exactly one solution, reproducibly from a seed.
    ///
    /// Sudoku: one puzzle per line after a `#` header holding the command
    /// that made them. Sudominoku: the Baekjoon 4574 format, ending in `0`.
    /// Ctrl-C stops it after whole puzzles (exit status 130).
    #[command(allow_negative_numbers = true)]
    Gen(gen::GenArgs),
    /// Cut an exact-cover problem into parts to count apart.
    Split(tree::SplitArgs),
    /// Estimate an exact-cover problem's search tree (Knuth's random paths).
    Estimate(tree::EstimateArgs),
    /// Print every puzzle record of a file as one line, for engines that
    /// split their input at line ends (`dlx solve --from-records`).
    Records(records::RecordsArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(completions::CompletionsArgs),
    /// Print the man page (roff): `dlx man > dlx.1 && man ./dlx.1`.
    Man(completions::ManArgs),
}

/// Writes one diagnostic line to stderr. A stderr that cannot be written
/// (closed by `2>&-`, or a full disk) loses the line but not the run: the
/// `eprintln!` macro would panic instead, and the exit status, which says
/// what happened, would become a crash's.
pub fn note(line: std::fmt::Arguments<'_>) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// `threads`, or the number of logical CPUs if that is fewer, noting the
/// change on stderr: used where a worker waiting for a CPU would count the
/// wait as its own work (`why` says how, after "since").
pub fn threads_within_cpus(threads: usize, why: &str) -> usize {
    let cpus = logical_cpus();
    if threads <= cpus {
        return threads;
    }
    note(format_args!(
        "dlx: note: -j {threads} is more than the {}; using {cpus}, since {why}",
        dlx_engine::error::count_of(cpus as u64, "logical CPU")
    ));
    cpus
}

/// The logical CPUs of this machine (1 if unknown): the default number of
/// worker threads.
pub fn logical_cpus() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}
