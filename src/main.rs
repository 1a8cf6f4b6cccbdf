//! The `dlx` command: parses the arguments and hands them to the command's
//! module under `cli/`; the exit status comes from one place
//! ([`cli::error::finish`]).

mod cli;

use std::process::ExitCode;

use clap::Parser;

use cli::{Cli, Command};

fn main() -> ExitCode {
    let result = match Cli::parse().command {
        Command::Solve(args) => cli::solve::run_command(args),
        Command::Check(args) => cli::check::run_command(args),
        Command::Bench(args) => cli::bench::run_command(args),
        Command::Gen(args) => cli::gen::run(args),
        Command::Split(args) => cli::tree::run_split(args),
        Command::Estimate(args) => cli::tree::run_estimate(args),
        Command::Records(args) => cli::records::run(args),
        Command::Completions(args) => cli::completions::run_completions(args),
        Command::Man(args) => cli::completions::run_man(args),
    };
    cli::error::finish(result)
}
