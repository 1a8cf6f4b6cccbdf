//! The command-line layer: argument definitions and the small commands
//! that only glue library calls together.

pub mod args;
pub mod bench;
pub mod check;
pub mod gen;

/// Writes one diagnostic line to stderr. A stderr that cannot be written
/// (closed by `2>&-`, or a full disk) loses the line but not the run: the
/// `eprintln!` macro would panic instead, and the exit status, which says
/// what happened, would become a crash's.
pub fn note(line: std::fmt::Arguments<'_>) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{line}");
}
