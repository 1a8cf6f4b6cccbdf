//! The `dlx` command: a thin layer that parses arguments and calls the
//! library.

mod cli;

use std::cell::RefCell;
use std::fmt;
use std::fs::{self, File};
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};

use crate::cli::batch::{self, StreamRead, Summary};
use crate::cli::solve::{self, Mode, Sinks, SolveOptions};
use cli::args::{Cli, Command, SolveArgs};
use dlx_engine::exact_cover::Cancel;
use dlx_engine::input::Kind;

/// Exit status when every record was answered.
const OK: u8 = 0;
/// Exit status when some record was invalid, unsolvable or limited.
const SOME_FAILED: u8 = 1;
/// Exit status for usage and I/O errors.
const TROUBLE: u8 = 2;
/// Exit status of a `dlx solve`, `dlx gen` or `dlx bench` stopped by Ctrl-C (128 +
/// SIGINT, as a shell reports a program the signal killed).
const INTERRUPTED: u8 = 130;

/// Raised by the first Ctrl-C of `dlx solve`, `dlx gen` or `dlx bench`.
static CTRL_C: AtomicBool = AtomicBool::new(false);

/// Whether Ctrl-C was pressed (once the handler is installed).
fn ctrl_c_raised() -> bool {
    CTRL_C.load(Ordering::Relaxed)
}

/// The totals of the records a batch answered before Ctrl-C stopped it,
/// if `e` is that stop.
fn totals_before_ctrl_c(e: &io::Error) -> Option<Summary> {
    (e.kind() == io::ErrorKind::Interrupted && ctrl_c_raised())
        .then(|| batch::cut_short(e).cloned().unwrap_or_default())
}

/// How long a run stopped by Ctrl-C may take to wind down before it says
/// why it is still running. Searches look at the flag about every
/// millisecond, so only an input that keeps the reader waiting (a terminal,
/// a quiet pipe) or a reader of the answers that takes them slowly hold it
/// up; quitting then could cut an answer in half, so it is left to a second
/// Ctrl-C.
const WIND_DOWN: std::time::Duration = std::time::Duration::from_secs(2);

/// Catches Ctrl-C for `dlx solve`, `dlx gen` and `dlx bench`: the first
/// stops the run cleanly (the answers of a prefix of the input, the first
/// puzzles, whole, or the figures of the puzzles every solver finished, and
/// a note of where it stopped), a second one quits at once.
/// `None` if the handler could not be installed: Ctrl-C then kills the
/// process as usual.
fn catch_ctrl_c() -> Option<Cancel> {
    let installed = ctrlc::set_handler(|| {
        if CTRL_C.swap(true, Ordering::Relaxed) {
            std::process::exit(i32::from(INTERRUPTED));
        }
        std::thread::spawn(|| {
            std::thread::sleep(WIND_DOWN);
            // Still here: the run is waiting on its input or its output.
            let _ = writeln!(
                io::stderr(),
                "dlx: stopping (Ctrl-C), still waiting for input or for the output \
                 to be taken; press Ctrl-C again to quit at once (the last line \
                 written may then be cut short)"
            );
        });
    });
    installed.ok().map(|()| Cancel::new(&CTRL_C))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve(args) => run_solve(args),
        Command::Check(args) => cli::check::run_command(args),
        Command::Bench(args) => cli::bench::run_command(args),
        Command::Gen(args) => cli::gen::run(args),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        // The reader of our output went away (`dlx solve big.txt | head`): stop quietly.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(OK),
        Err(e) => {
            let _ = writeln!(io::stderr(), "dlx: {e}");
            ExitCode::from(TROUBLE)
        }
    }
}

/// The diagnostics stream (stderr) of a run: a write that fails (stderr
/// closed by `2>&1 | head`, or a full disk) is dropped, so the answers,
/// which go elsewhere, are all still written and the exit status still
/// says whether every record was solved.
struct Diagnostics<W>(W);

impl<W: Write> Write for Diagnostics<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let _ = self.0.write_all(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        let _ = self.0.flush();
        Ok(())
    }
}

/// Opens a named input (`-` is standard input) with a large buffer.
///
/// A directory is refused here, naming it: opening one succeeds on Unix and
/// only the first read fails, with an error that names nothing.
pub fn open_input(path: &Path) -> io::Result<(String, Box<dyn BufRead + Send>)> {
    // Standard input, pipes and terminals may keep a read waiting on another
    // program: read through `StreamRead`, so what came before is answered
    // meanwhile.
    if path.as_os_str() == "-" {
        return Ok((
            "<stdin>".into(),
            Box::new(BufReader::with_capacity(
                1 << 16,
                StreamRead::new(io::stdin()),
            )),
        ));
    }
    // Control characters escaped: the name heads `FILE:LINE` messages and
    // report titles, which a newline in it would break.
    let name = shown(path);
    let named = |e| dlx_engine::error::named_io(&name, e);
    let file = File::open(path).map_err(named)?;
    let metadata = file.metadata().map_err(named)?;
    if metadata.is_dir() {
        return Err(cli::refusal(format!("{name}: is a directory, not a file")));
    }
    Ok(if metadata.is_file() {
        (name, Box::new(BufReader::with_capacity(1 << 16, file)))
    } else {
        (
            name,
            Box::new(BufReader::with_capacity(1 << 16, StreamRead::new(file))),
        )
    })
}

/// The error of a failed write to an output, naming it: `PATH: reason`.
///
/// Carried inside an [`io::Error`] (of the original kind, so a broken pipe
/// stays one); [`is_output_error`] tells it from a read error.
#[derive(Debug)]
pub struct OutputError {
    name: String,
    source: io::Error,
}

impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.name, self.source)
    }
}

impl std::error::Error for OutputError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}

/// Whether `e` came from writing an output (a [`Named`] writer).
pub fn is_output_error(e: &io::Error) -> bool {
    e.get_ref().is_some_and(|inner| inner.is::<OutputError>())
}

/// A writer that names its output in every error, so that a full disk
/// reads `dlx: PATH: No space left on device`, not a bare reason.
#[derive(Debug)]
pub struct Named<W> {
    inner: W,
    name: String,
}

impl<W: Write> Named<W> {
    /// Wraps `inner`, called `name` in errors.
    pub fn new(inner: W, name: impl Into<String>) -> Self {
        Named {
            inner,
            name: name.into(),
        }
    }

    fn name_error(&self, e: io::Error) -> io::Error {
        if is_output_error(&e) {
            return e;
        }
        io::Error::new(
            e.kind(),
            OutputError {
                name: self.name.clone(),
                source: e,
            },
        )
    }
}

impl<W: Write> Write for Named<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.inner.write(buf).map_err(|e| self.name_error(e))
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.inner.write_all(buf).map_err(|e| self.name_error(e))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush().map_err(|e| self.name_error(e))
    }
}

/// Creates an output file for writing, buffered, naming it in every error.
pub fn create_output(path: &Path) -> io::Result<BufWriter<Named<File>>> {
    let name = shown(path);
    let file = File::create(path).map_err(|e| dlx_engine::error::named_io(&name, e))?;
    Ok(BufWriter::new(Named::new(file, name)))
}

/// The slot holding the progress bar currently shown, if any. Writers that
/// share the terminal with it ([`UnderBar`]) look here.
pub type BarSlot = RefCell<Option<ProgressBar>>;

/// A line-buffered writer for a stream that shares the terminal with a
/// progress bar: every batch of whole lines is written in one go with the
/// bar lifted ([`ProgressBar::suspend`]), so lines never land inside the
/// bar. While a bar is shown, whole lines wait for a flush (`dlx solve`
/// flushes after each chunk of answers) or for [`HOLD_UNDER_BAR`] bytes:
/// each lift redraws the bar, and a file of 100,000 bad records redrawn
/// once per error line took 60% longer and wrote twice the bytes to the
/// terminal. Without a bar the lines go straight through.
///
/// It holds no lock between writes: the bar's steady-tick thread draws on
/// stderr too, and a writer that kept `io::stderr().lock()` while the main
/// thread waits for the bar (`finish_and_clear`) deadlocks both.
pub struct UnderBar<'a, W: Write> {
    inner: W,
    bar: &'a BarSlot,
    /// The unfinished last line, held until its newline or a flush.
    pending: Vec<u8>,
}

impl<'a, W: Write> UnderBar<'a, W> {
    /// Wraps `inner` (unlocked `io::stderr()` or `io::stdout()`).
    pub fn new(inner: W, bar: &'a BarSlot) -> Self {
        UnderBar {
            inner,
            bar,
            pending: Vec::new(),
        }
    }

    /// Writes the first `n` pending bytes, with the bar lifted if there is
    /// one.
    fn emit(&mut self, n: usize) -> io::Result<()> {
        if n == 0 {
            return Ok(());
        }
        let (inner, pending) = (&mut self.inner, &self.pending[..n]);
        let mut write = || {
            inner.write_all(pending)?;
            inner.flush()
        };
        let result = match &*self.bar.borrow() {
            Some(bar) => bar.suspend(write),
            None => write(),
        };
        self.pending.drain(..n);
        result
    }
}

/// Bytes of whole lines an [`UnderBar`] holds while a bar is shown before
/// writing them without waiting for a flush.
pub const HOLD_UNDER_BAR: usize = 64 << 10;

impl<W: Write> Write for UnderBar<'_, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(buf);
        let hold = self.bar.borrow().is_some() && self.pending.len() < HOLD_UNDER_BAR;
        if !hold {
            if let Some(last) = self.pending.iter().rposition(|&b| b == b'\n') {
                self.emit(last + 1)?;
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.emit(self.pending.len())?;
        self.inner.flush()
    }
}

impl<W: Write> Drop for UnderBar<'_, W> {
    fn drop(&mut self) {
        // A last line without its newline; there is no one left to tell
        // about an error.
        let _ = self.emit(self.pending.len());
    }
}

/// What identifies a file on disk: device and inode on Unix (so hard links
/// and symbolic links are seen through), the canonical path elsewhere.
#[cfg(unix)]
type FileId = (u64, u64);
/// What identifies a file on disk: the canonical path.
#[cfg(not(unix))]
type FileId = PathBuf;

/// The identity of an existing regular file; `-` means standard input.
/// `None` for a file that does not exist yet and for devices, pipes and
/// terminals, which writing cannot wipe.
fn file_id(path: &Path) -> Option<FileId> {
    let path = if path.as_os_str() == "-" {
        Path::new("/dev/stdin")
    } else {
        path
    };
    let meta = fs::metadata(path).ok()?;
    if !meta.is_file() {
        return None;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some((meta.dev(), meta.ino()))
    }
    #[cfg(not(unix))]
    {
        fs::canonicalize(path).ok()
    }
}

/// The identity of a pipe (FIFO) or, with `sockets`, also of a socket:
/// what its first reader consumes, so that a second reader finds nothing
/// (or waits forever for a new writer). `None` for anything else. A socket
/// is no clash between a reader and a writer (its two directions are
/// apart), only between two readers.
fn pipe_id(path: &Path, sockets: bool) -> Option<FileId> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{FileTypeExt, MetadataExt};
        let meta = fs::metadata(path).ok()?;
        let kind = meta.file_type();
        (kind.is_fifo() || sockets && kind.is_socket()).then(|| (meta.dev(), meta.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = (path, sockets);
        None
    }
}

/// [`pipe_id`] of an input: `-` is standard input.
fn input_pipe_id(input: &Path, sockets: bool) -> Option<FileId> {
    if input.as_os_str() == "-" {
        pipe_id(Path::new("/dev/stdin"), sockets)
    } else {
        pipe_id(input, sockets)
    }
}

/// The identity of what `path` opens if it is a regular file, a pipe or a
/// socket: the things that two writers of one name would clash on.
/// Devices such as `/dev/null` and terminals give `None`.
fn stream_id(path: &Path) -> Option<FileId> {
    file_id(path).or_else(|| pipe_id(path, true))
}

/// The streams this process writes, by name and by path.
const STANDARD_STREAMS: [(&str, &str); 2] = [
    ("standard output", "/dev/stdout"),
    ("standard error", "/dev/stderr"),
];

/// The standard stream whose own file or pipe `path` names (`/dev/stdout`,
/// or the file that `>` or `2>` sent it to), as `"standard output"` or
/// `"standard error"`. A terminal is not counted: a report shown after
/// the tables on screen mixes nothing that a program reads.
pub fn standard_stream_of(path: &Path) -> Option<&'static str> {
    let id = stream_id(path)?;
    let mut streams = STANDARD_STREAMS;
    // With `2>&1` both are one file: a path that names standard error is
    // called that.
    if ["/dev/stderr", "/dev/fd/2", "/proc/self/fd/2"]
        .iter()
        .any(|name| path == Path::new(name))
    {
        streams.reverse();
    }
    streams
        .into_iter()
        .find(|(_, name)| stream_id(Path::new(name)).as_ref() == Some(&id))
        .map(|(stream, _)| stream)
}

/// Where an output path would land: the canonical path of its directory
/// joined with its name (the file itself need not exist yet).
fn output_place(path: &Path) -> Option<PathBuf> {
    let mut path = path.to_path_buf();
    // A dangling symbolic link is written through: the place is its
    // target's (a bounded number of hops, as the system allows).
    for _ in 0..40 {
        if let Ok(full) = fs::canonicalize(&path) {
            return Some(full);
        }
        let Ok(target) = fs::read_link(&path) else {
            break;
        };
        // Relative to the link's directory; an absolute target replaces it.
        path = path.parent().unwrap_or(Path::new("")).join(target);
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    Some(fs::canonicalize(dir).ok()?.join(path.file_name()?))
}

/// Refuses, before any work, an output that is one of the inputs (writing
/// it would truncate the input before it is read, or create a missing one
/// empty), another output, or standard input given twice.
/// `outputs` are (option, path) pairs such as `("--json", path)`; `inputs`
/// may hold `-` (standard input, when it is redirected from a file).
pub fn refuse_overwrites(inputs: &[PathBuf], outputs: &[(&str, &Path)]) -> io::Result<()> {
    refuse_input_clashes(inputs.iter().map(PathBuf::as_path))?;
    for (k, &(option, out)) in outputs.iter().enumerate() {
        let output = if option.starts_with('-') {
            format!("{} ({option})", shown(out))
        } else {
            option.to_string()
        };
        // A pipe an input is read from: what is written would be read back
        // as records (and the reader never sees the end of its input).
        if let Some(pipe) = pipe_id(out, false) {
            if let Some(input) = inputs
                .iter()
                .find(|i| input_pipe_id(i, false) == Some(pipe))
            {
                return Err(cli::refusal(format!(
                    "{output} is the pipe the input {} is read from: what is written \
                     would be read back as records; write to another file",
                    input_label(input)
                )));
            }
        }
        let out_id = file_id(out);
        // The same file, or the same name (an input that does not exist yet
        // would otherwise be created empty by the output, then read).
        let same_file = |input: &PathBuf| match &out_id {
            Some(id) => file_id(input).as_ref() == Some(id),
            None => {
                input.as_os_str() != "-"
                    && !fs::metadata(out).is_ok_and(|m| !m.is_file())
                    && output_place(out).is_some_and(|p| output_place(input) == Some(p))
            }
        };
        if let Some(input) = inputs.iter().find(|i| same_file(i)) {
            return Err(cli::refusal(format!(
                "{output} would overwrite the input {}; write to another file",
                input_label(input)
            )));
        }
        // Devices such as /dev/null take any number of reports; a pipe
        // would pass the reader two reports run together.
        let device =
            |p: &Path| fs::metadata(p).is_ok_and(|m| !m.is_file() && stream_id(p).is_none());
        for &(other_option, other) in &outputs[..k] {
            if device(out) || device(other) {
                continue;
            }
            let same = out == other
                || stream_id(out).is_some_and(|id| stream_id(other) == Some(id))
                || output_place(out).is_some_and(|p| output_place(other) == Some(p));
            if same {
                let both = if out == other {
                    format!("{}: given to both {other_option} and {option}", shown(out))
                } else {
                    format!(
                        "{} ({other_option}) and {} ({option}) are one file",
                        shown(other),
                        shown(out)
                    )
                };
                return Err(cli::refusal(format!(
                    "{both}; one file cannot hold two reports"
                )));
            }
        }
    }
    Ok(())
}

/// Options `dlx solve` would otherwise ignore without a word, refused
/// before any work (exit status 2).
/// (`-` given twice is refused with the outputs, by [`refuse_overwrites`].)
fn check_solve_usage(args: &SolveArgs, mode: Mode) -> io::Result<()> {
    if args.max_solutions.is_some() && matches!(mode, Mode::First | Mode::Unique) {
        return Err(cli::refusal(
            "--max-solutions caps --count and --all; a plain solve stops at the first \
             solution and --unique at the second",
        ));
    }
    if args.output.is_some() && matches!(args.kind, Kind::Sudominoku | Kind::Xc) {
        return Err(cli::refusal(
            "--output sets the style of Sudoku answers; Sudominoku and exact-cover \
             answers have one form each",
        ));
    }
    if let Some(why) = solve::baseline_cannot_solve(args.solver, args.kind) {
        return Err(cli::refusal(format!(
            "{why}; such files are solved by dlx (leave out --solver)"
        )));
    }
    Ok(())
}

/// Refuses an input that can be read only once given twice among `inputs`:
/// `-` twice, or a pipe named twice (`-` and `/dev/stdin` when standard
/// input is a pipe, or one FIFO given twice). The second reading would
/// find it empty, or wait forever for a new writer. (A regular file behind
/// `< FILE` is opened afresh by its name, so `-` and `/dev/stdin` are no
/// clash there.) Also refuses an input FIFO that standard output or
/// standard error is sent into.
pub fn refuse_input_clashes<'a>(inputs: impl IntoIterator<Item = &'a Path>) -> io::Result<()> {
    /// What an input reads that a second reading would not find again.
    #[derive(PartialEq)]
    enum Once {
        Stdin,
        Pipe(FileId),
    }
    let once = |input: &Path| -> Option<Once> {
        match input_pipe_id(input, true) {
            Some(id) => Some(Once::Pipe(id)),
            None => (input.as_os_str() == "-").then_some(Once::Stdin),
        }
    };
    let mut seen: Vec<(&Path, Once)> = Vec::new();
    for input in inputs {
        // This process holding the input's pipe for writing (`2<> FIFO`,
        // `1<> FIFO`) would never see its end, and what it writes there
        // would come back as records.
        if let Some(pipe) = input_pipe_id(input, false) {
            let held = STANDARD_STREAMS
                .into_iter()
                .find(|(_, name)| pipe_id(Path::new(name), false) == Some(pipe));
            if let Some((stream, _)) = held {
                return Err(cli::refusal(format!(
                    "{stream} is the pipe the input {} is read from: the input would \
                         never end, and what is written would be read back as records",
                    input_label(input)
                )));
            }
        }
        let Some(key) = once(input) else { continue };
        if let Some((first, _)) = seen.iter().find(|(_, k)| *k == key) {
            let what = if *first == input {
                format!("{} is given twice", input_label(input))
            } else {
                format!(
                    "{} and {} are the same stream",
                    input_label(first),
                    input_label(input)
                )
            };
            return Err(cli::refusal(format!("{what}, which can be read only once")));
        }
        seen.push((input, key));
    }
    Ok(())
}

/// A path as messages show it: control characters escaped, so that a name
/// holding an escape sequence or a newline cannot rewrite the terminal or
/// break the `FILE:LINE` form.
pub fn shown(path: &Path) -> String {
    dlx_engine::error::printable(&path.display().to_string())
}

/// An input as refusals name it: `-` is standard input.
fn input_label(input: &Path) -> String {
    if input.as_os_str() == "-" {
        "standard input".to_string()
    } else {
        shown(input)
    }
}

/// Refuses a standard error that goes to one of the inputs (`2>> INPUT`),
/// whose diagnostics would be read back as records and answered with more
/// diagnostics, or to the `-o` file (`-o X 2> X`), where the answers and the
/// diagnostics would write over each other. Answers and diagnostics sharing
/// standard output's file (`> log 2>&1`) are fine: they share one offset.
/// The refusal itself can only go to standard error.
fn refuse_stderr_clashes(inputs: &[PathBuf], out: Option<&Path>) -> io::Result<()> {
    let Some(stderr) = file_id(Path::new("/dev/stderr")) else {
        return Ok(());
    };
    if let Some(input) = inputs.iter().find(|i| file_id(i).as_ref() == Some(&stderr)) {
        let input = input_label(input);
        return Err(cli::refusal(format!(
            "standard error goes to the input {input}: the diagnostics would be read back \
             as records; send them to another file"
        )));
    }
    if let Some(out) = out.filter(|out| file_id(out).as_ref() == Some(&stderr)) {
        return Err(cli::refusal(format!(
            "{} (-o) is also standard error: the answers and the diagnostics would write \
             over each other; use `> FILE 2>&1` to keep both in one file",
            shown(out)
        )));
    }
    Ok(())
}

/// Worker threads of `dlx solve`: `-j`, or one per logical CPU. With
/// `--timeout-ms`, no more than the CPUs: a record whose worker waits for a
/// CPU would count the wait against its limit, and hit it by the load of
/// the others instead of its own search.
fn solve_threads(args: &SolveArgs) -> usize {
    let threads = args.threads.map_or_else(cli::logical_cpus, usize::from);
    if args.timeout_ms.is_none() {
        return threads;
    }
    cli::threads_within_cpus(
        threads,
        "a record waiting for a CPU would count the wait against --timeout-ms",
    )
}

/// What a run has met so far, for its exit status when its output goes
/// away part way (`dlx solve big.txt | head`).
#[derive(Default)]
struct RunSoFar {
    /// An input could not be read.
    trouble: bool,
    /// A record that was not solved was written.
    failed: bool,
}

impl RunSoFar {
    /// The exit status of the run, at its end or stopped now (the answers
    /// written were all the reader took, so they decide it).
    fn status(&self) -> u8 {
        if self.trouble {
            TROUBLE
        } else if self.failed {
            SOME_FAILED
        } else {
            OK
        }
    }
}

fn run_solve(args: SolveArgs) -> io::Result<u8> {
    let mut so_far = RunSoFar::default();
    match solve_files(args, &mut so_far) {
        // The reader of the answers went away: stop quietly, with the
        // status of what was written.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(so_far.status()),
        done => done,
    }
}

fn solve_files(mut args: SolveArgs, so_far: &mut RunSoFar) -> io::Result<u8> {
    // `-o -` is standard output, as `-` among the inputs is standard input
    // (not a file named `-`).
    if args.out.as_deref() == Some(Path::new("-")) {
        args.out = None;
    }
    let mode = if args.count {
        Mode::Count
    } else if args.unique {
        Mode::Unique
    } else if args.all {
        Mode::All
    } else {
        Mode::First
    };
    check_solve_usage(&args, mode)?;
    let files = if args.files.is_empty() {
        vec!["-".into()]
    } else {
        args.files.clone()
    };
    // Answers written over an input would truncate it before it is read
    // (standard output too, when `>>` sends it to an input file).
    let out_path = args.out.as_deref().unwrap_or(Path::new("/dev/stdout"));
    let out_option = if args.out.is_some() {
        "-o"
    } else {
        "standard output"
    };
    refuse_overwrites(&files, &[(out_option, out_path)])?;
    refuse_stderr_clashes(&files, args.out.as_deref())?;
    // After the refusals: its note must not reach a file they protect.
    let options = SolveOptions {
        kind: args.kind,
        solver: args.solver,
        threads: solve_threads(&args),
        mode,
        max_solutions: args.max_solutions,
        output: args.output,
        node_limit: args.node_limit,
        timeout: args.timeout_ms.map(std::time::Duration::from_millis),
        cancel: catch_ctrl_c(),
    };
    // When no input can be opened there is nothing to answer: say so
    // without creating (and so emptying) the `-o` file.
    if args.out.is_some() {
        // Only files and directories are opened to see: opening a named
        // pipe here would take the writer's data from the real read.
        let unopenable: Vec<io::Error> = files
            .iter()
            .filter(|path| path.as_os_str() != "-")
            .filter(|path| std::fs::metadata(path).map_or(true, |m| m.is_file() || m.is_dir()))
            .filter_map(|path| open_input(path).err())
            .collect();
        if unopenable.len() == files.len() {
            for e in &unopenable {
                let _ = writeln!(io::stderr(), "dlx: {e}");
            }
            return Ok(TROUBLE);
        }
    }
    // The progress bar of the file being solved: answers on a terminal and
    // diagnostics pass under it.
    let bar: BarSlot = RefCell::new(None);
    // An output file that cannot be written is an error before any work.
    let mut out: Box<dyn Write> = match &args.out {
        Some(path) => Box::new(create_output(path)?),
        None => Box::new(BufWriter::with_capacity(
            1 << 16,
            Named::new(UnderBar::new(io::stdout(), &bar), "<stdout>"),
        )),
    };
    let mut stderr = UnderBar::new(Diagnostics(io::stderr()), &bar);
    let mut total = Summary::default();
    // Whether the next answer starts after a blank line (see `Sinks`).
    let mut set_apart = false;
    // Whether Ctrl-C left some record unanswered (each case said on stderr).
    let mut stopped_early = false;
    for (index, path) in files.iter().enumerate() {
        let (name, input) = match open_input(path) {
            Ok(x) => x,
            Err(e) => {
                so_far.trouble = true;
                writeln!(stderr, "dlx: {e}")?;
                continue;
            }
        };
        let progress = progress_bar(path, args.no_progress);
        bar.replace(progress.clone());
        let tick = || {
            if let Some(bar) = &progress {
                bar.inc(1);
            }
        };
        let mut sinks = Sinks {
            out: &mut out,
            err: &mut stderr,
            tick: &tick,
            answered: total.records > 0,
            failed: false,
            set_apart,
        };
        let summary = solve::solve_file(&name, input, &options, &mut sinks);
        so_far.failed |= sinks.failed;
        set_apart = sinks.set_apart;
        // What the file left under the bar comes out before it goes.
        out.flush()?;
        stderr.flush()?;
        bar.replace(None);
        if let Some(bar) = &progress {
            bar.finish_and_clear();
        }
        let summary = match summary {
            Ok(s) => s,
            // A broken output stops the run: every later answer would be lost.
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe || is_output_error(&e) => {
                return Err(e)
            }
            Err(e) => match totals_before_ctrl_c(&e) {
                Some(before) => {
                    stopped_early = true;
                    out.flush()?;
                    writeln!(
                        stderr,
                        "dlx: {name}: {e} (Ctrl-C): {}",
                        answered_before(&before)
                    )?;
                    before
                }
                None => {
                    so_far.trouble = true;
                    out.flush()?;
                    writeln!(stderr, "dlx: {name}: {e}")?;
                    // A read error part way: the records before it were
                    // answered, and count (their summary says the input was
                    // cut short). Any other error answered nothing.
                    match batch::cut_short(&e) {
                        Some(before) => before.clone(),
                        None => continue,
                    }
                }
            },
        };
        // An exact-cover search cut short says so in its answer's place.
        stopped_early |= summary
            .exact_cover
            .is_some_and(|report| report.end == dlx_engine::exact_cover::End::Cancelled);
        if summary.records == 0 && summary.cut_short == 0 && !stopped_early {
            // Not an error (a Baekjoon file may be just its terminating
            // `0`), but an empty answer with status 0 should not leave
            // anyone wondering whether the file was read at all.
            out.flush()?;
            writeln!(
                stderr,
                "{name}: note: no puzzles in this input (it is empty or holds only \
                 blank lines, comments or a terminator)"
            )?;
        }
        if args.stats {
            out.flush()?;
            write!(stderr, "{}", summary.report(&name, options.threads))?;
        }
        total.merge(&summary);
        // A Ctrl-C that came after this input's last answer stops the run
        // before the next input; after the last input's, it changes nothing.
        let left = &files[index + 1..];
        if ctrl_c_raised() && (stopped_early || !left.is_empty()) {
            stopped_early = true;
            if !left.is_empty() {
                let names: Vec<String> = left.iter().map(|p| p.display().to_string()).collect();
                writeln!(stderr, "dlx: not solved (Ctrl-C): {}", names.join(", "))?;
            }
            break;
        }
    }
    out.flush()?;
    if args.stats && files.len() > 1 {
        write!(stderr, "{}", total.report("total", options.threads))?;
    }
    stderr.flush()?;
    if stopped_early {
        return Ok(INTERRUPTED);
    }
    so_far.failed |= !total.all_solved();
    Ok(so_far.status())
}

/// What an input stopped by Ctrl-C has had answered: the records of
/// `before`, all of them before the first it did not answer.
fn answered_before(before: &Summary) -> String {
    match before.records {
        0 => "none of its records was answered".to_string(),
        n => format!(
            "the answers above are those of its first {}; the rest of it was not solved",
            dlx_engine::error::count_of(n, "record")
        ),
    }
}

/// A progress bar on stderr, only for a person watching a large input.
fn progress_bar(path: &Path, disabled: bool) -> Option<ProgressBar> {
    if disabled || !io::stderr().is_terminal() {
        return None;
    }
    let large = path.as_os_str() == "-" || std::fs::metadata(path).is_ok_and(|m| m.len() > 1 << 20);
    if !large {
        return None;
    }
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} {human_pos} records solved, {per_sec}, {elapsed}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    Some(bar)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::sync::{Arc, Mutex};
    use std::time::Duration;

    use indicatif::{ProgressDrawTarget, TermLike};

    /// A screen shared by a fake terminal (the bar's draw target) and the
    /// writer under test: it records whether the bar is showing when text
    /// arrives.
    #[derive(Debug, Default)]
    struct Screen {
        /// The bar is drawn and not cleared since.
        bar_showing: bool,
        /// Text written by the writer under test, in order.
        text: Vec<u8>,
        /// Bytes of text that arrived while the bar was showing.
        garbled: usize,
        /// Times the bar was drawn.
        draws: usize,
    }

    #[derive(Debug, Clone, Default)]
    struct FakeTerm(Arc<Mutex<Screen>>);

    impl TermLike for FakeTerm {
        fn width(&self) -> u16 {
            80
        }
        fn move_cursor_up(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn write_line(&self, _: &str) -> io::Result<()> {
            self.write_str("")
        }
        fn write_str(&self, _: &str) -> io::Result<()> {
            let mut screen = self.0.lock().unwrap();
            screen.bar_showing = true;
            screen.draws += 1;
            Ok(())
        }
        fn clear_line(&self) -> io::Result<()> {
            self.0.lock().unwrap().bar_showing = false;
            Ok(())
        }
        fn flush(&self) -> io::Result<()> {
            Ok(())
        }
    }

    impl Write for FakeTerm {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            let mut screen = self.0.lock().unwrap();
            if screen.bar_showing {
                screen.garbled += buf.len();
            }
            screen.text.extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// The shape of `dlx solve` on a terminal: a bar with a steady tick
    /// drawing from its own thread, diagnostics written while it runs, then
    /// `finish_and_clear` on the writing thread. This used to hang forever
    /// (the writer held the stderr lock the tick thread needed); it must
    /// finish, and every line must land while the bar is lifted, whole.
    #[test]
    fn writes_under_a_ticking_bar_neither_hang_nor_garble() {
        let term = FakeTerm::default();
        let screen = term.0.clone();
        let (done, finished) = mpsc::channel();
        std::thread::spawn(move || {
            let bar = ProgressBar::with_draw_target(
                None,
                ProgressDrawTarget::term_like_with_hz(Box::new(term.clone()), 100),
            );
            bar.enable_steady_tick(Duration::from_millis(1));
            let slot: BarSlot = RefCell::new(Some(bar.clone()));
            let mut err = UnderBar::new(term, &slot);
            for k in 0..200 {
                // In pieces, as `writeln!` may write them.
                write!(err, "f.txt:{k}: ").unwrap();
                std::thread::sleep(Duration::from_micros(200));
                writeln!(err, "unsolvable").unwrap();
                bar.inc(1);
            }
            write!(err, "no newline").unwrap();
            slot.replace(None);
            bar.finish_and_clear();
            drop(err);
            done.send(()).unwrap();
        });
        finished
            .recv_timeout(Duration::from_secs(20))
            .expect("writing under a ticking bar hung");
        let screen = screen.lock().unwrap();
        assert!(screen.draws > 0, "the fake terminal never saw the bar");
        assert_eq!(screen.garbled, 0, "text was written over the bar");
        let text = String::from_utf8(screen.text.clone()).unwrap();
        let expected: String = (0..200)
            .map(|k| format!("f.txt:{k}: unsolvable\n"))
            .chain(["no newline".to_string()])
            .collect();
        assert_eq!(text, expected);
    }

    /// Under a bar, lines wait for a flush (or for HOLD_UNDER_BAR bytes),
    /// so a burst of error lines lifts and redraws the bar once, not once
    /// per line.
    #[test]
    fn under_a_bar_lines_wait_for_a_flush() {
        let term = FakeTerm::default();
        let screen = term.0.clone();
        let bar = ProgressBar::with_draw_target(
            Some(10),
            ProgressDrawTarget::term_like_with_hz(Box::new(term.clone()), 100),
        );
        bar.tick();
        let slot: BarSlot = RefCell::new(Some(bar.clone()));
        let mut err = UnderBar::new(term, &slot);
        let draws = screen.lock().unwrap().draws;
        for k in 0..100 {
            writeln!(err, "f.txt:{k}: unsolvable").unwrap();
        }
        assert!(
            screen.lock().unwrap().text.is_empty(),
            "held until the flush"
        );
        err.flush().unwrap();
        let (text, redraws) = {
            let screen = screen.lock().unwrap();
            (screen.text.clone(), screen.draws - draws)
        };
        assert_eq!(text.iter().filter(|&&b| b == b'\n').count(), 100);
        // One lift (a redraw is a write or two on the fake terminal), not
        // one per line.
        assert!(redraws <= 2, "{redraws} bar writes for one flush");
        // A pile of lines past HOLD_UNDER_BAR goes out without a flush.
        let long = "x".repeat(1000);
        let lines = HOLD_UNDER_BAR / 1000 + 1;
        for _ in 0..lines {
            writeln!(err, "{long}").unwrap();
        }
        // All but the last line or so (`writeln!` may write its newline
        // apart) is out.
        let out = screen.lock().unwrap().text.len() - text.len();
        assert!(
            out >= (lines - 1) * 1001,
            "{out} bytes out of {}",
            lines * 1001
        );
        slot.replace(None);
        bar.finish_and_clear();
    }

    #[test]
    fn without_a_bar_lines_go_straight_through() {
        let slot: BarSlot = RefCell::new(None);
        let mut buf = Vec::new();
        {
            let mut w = UnderBar::new(&mut buf, &slot);
            w.write_all(b"one\ntw").unwrap();
            w.write_all(b"o\n").unwrap();
            w.write_all(b"three").unwrap();
            w.flush().unwrap();
        }
        assert_eq!(buf, b"one\ntwo\nthree");
    }

    /// A writer that always fails as a full disk does.
    struct Full;

    impl Write for Full {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::from_raw_os_error(28))
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn named_writers_name_their_output_and_keep_the_error_kind() {
        let mut w = BufWriter::new(Named::new(Full, "/dev/full"));
        writeln!(w, "answer").unwrap();
        let e = w.flush().unwrap_err();
        assert!(is_output_error(&e));
        assert_eq!(e.kind(), io::Error::from_raw_os_error(28).kind());
        assert!(e.to_string().starts_with("/dev/full: "), "{e}");
        // Named once, even through two layers.
        let mut twice = Named::new(Named::new(Full, "inner"), "outer");
        let e = twice.write_all(b"x").unwrap_err();
        assert!(e.to_string().starts_with("inner: "), "{e}");
        assert!(!is_output_error(&io::Error::other("read failed")));
    }
}
