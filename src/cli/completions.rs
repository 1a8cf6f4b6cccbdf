//! `dlx completions SHELL` and `dlx man`: a shell completion script and a
//! man page, both generated from the same clap definitions as `--help`,
//! so they cannot drift from the options the command takes.

use std::io::{self, Write};

use clap::{Args, CommandFactory};
use clap_complete::Shell;

use crate::cli::error::{Error, Exit};
use crate::cli::files::Named;
use crate::cli::Cli;

/// Arguments of `dlx completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to write completions for.
    ///
    /// For example, bash: `dlx completions bash >
    /// ~/.local/share/bash-completion/completions/dlx`; zsh: `dlx completions
    /// zsh > ~/.zfunc/_dlx` (with `~/.zfunc` in `fpath`); fish: `dlx
    /// completions fish > ~/.config/fish/completions/dlx.fish`.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: Shell,
}

/// Arguments of `dlx man`.
#[derive(Debug, Args)]
pub struct ManArgs {}

/// Writes the completion script for `args.shell` on standard output.
pub fn run_completions(args: CompletionsArgs) -> Result<Exit, Error> {
    let mut command = Cli::command();
    let mut out = Named::new(io::stdout().lock(), "<stdout>");
    // The generator writes with `write_all` and panics on an error; write
    // to memory first so that a closed or full stdout is an error, not a
    // panic.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "dlx", &mut script);
    out.write_all(&script)?;
    out.flush()?;
    Ok(Exit::Ok)
}

/// Writes the man page (roff) of `dlx` and its commands on standard output:
/// `dlx man > dlx.1 && man ./dlx.1`.
pub fn run_man(_: ManArgs) -> Result<Exit, Error> {
    let command = Cli::command();
    let mut page = Vec::new();
    let man = clap_mangen::Man::new(command.clone());
    // One page for the whole tool: the commands are sections of it below,
    // so no SUBCOMMANDS list pointing to pages of their own (`dlx-solve(1)`)
    // that are not installed.
    man.render_title(&mut page)?;
    man.render_name_section(&mut page)?;
    man.render_synopsis_section(&mut page)?;
    man.render_description_section(&mut page)?;
    man.render_options_section(&mut page)?;
    man.render_version_section(&mut page)?;
    // The commands, each with its options, as sections of the one page.
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        let name = format!("dlx {}", sub.get_name());
        let sub = sub.clone().bin_name(name.clone());
        let title = name.to_uppercase();
        writeln!(page, ".SH \"{title}\"")?;
        let man = clap_mangen::Man::new(sub);
        man.render_description_section(&mut page)?;
        man.render_options_section(&mut page)?;
    }
    let mut out = Named::new(io::stdout().lock(), "<stdout>");
    out.write_all(&page)?;
    out.flush()?;
    Ok(Exit::Ok)
}
