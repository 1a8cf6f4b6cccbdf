//! The one error type of the commands and the exit statuses, mapped in one
//! place ([`finish`]).

use std::io::{self, Write};
use std::process::ExitCode;

/// How a command ended, as its exit status says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// 0: every record was answered (or the command had nothing to fail).
    Ok,
    /// 1: some record was invalid, unsolvable or hit a limit; for `check`,
    /// an answer did not fit; for `bench`, a solver gave a wrong answer.
    SomeFailed,
    /// 2: a usage or I/O error (also returned as [`Error`]).
    Trouble,
    /// 130: stopped by Ctrl-C (128 + SIGINT, as a shell reports a program
    /// the signal killed).
    Interrupted,
}

impl Exit {
    /// The process exit status.
    pub fn code(self) -> u8 {
        match self {
            Exit::Ok => 0,
            Exit::SomeFailed => 1,
            Exit::Trouble => 2,
            Exit::Interrupted => INTERRUPTED,
        }
    }
}

/// The exit status of a run stopped by Ctrl-C, also used by the handler
/// that quits at a second Ctrl-C.
pub const INTERRUPTED: u8 = 130;

/// What stopped a command before it could finish its work.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Refused before any work: options that contradict each other, an
    /// output that would overwrite an input, and the like.
    #[error("{0}")]
    Usage(String),
    /// Reading an input or writing an output failed (the message names the
    /// file).
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// A refusal before any work (exit status 2), saying what was refused and
/// why.
pub fn refusal(what: impl Into<String>) -> Error {
    Error::Usage(what.into())
}

/// The exit status of a command's result, with the error (if any) said on
/// stderr as `dlx: reason`. A reader of the answers that went away
/// (`dlx solve big.txt | head`) is no failure: the command stops quietly.
pub fn finish(result: Result<Exit, Error>) -> ExitCode {
    let exit = match result {
        Ok(exit) => exit,
        Err(Error::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => Exit::Ok,
        Err(e) => {
            let _ = writeln!(io::stderr(), "dlx: {e}");
            Exit::Trouble
        }
    };
    ExitCode::from(exit.code())
}
