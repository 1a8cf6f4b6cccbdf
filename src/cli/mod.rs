//! The command-line layer: argument definitions and the small commands
//! that only glue library calls together.

pub mod args;
pub mod batch;
pub mod bench;
pub mod check;
pub mod gen;
pub mod solve;

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

/// A refusal before any work: a usage or input error (exit status 2)
/// whose message says what was refused and why.
pub fn refusal(what: impl Into<String>) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidInput, what.into())
}
