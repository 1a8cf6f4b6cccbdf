//! Safe file handling: inputs opened with their names, outputs that name
//! themselves in every error, the guards that refuse, before any work, an
//! output that would overwrite an input or another output, and ([`reports`])
//! report files written atomically at the end of a run.

use std::fmt;
use std::fs::{self, File};
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

pub mod reports;

use crate::cli::batch::StreamRead;
use crate::cli::error::{refusal, Error};

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
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{name}: is a directory, not a file"),
        ));
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

/// What identifies a file on disk: device and inode on Unix (so hard links
/// and symbolic links are seen through), the canonical path elsewhere.
#[cfg(unix)]
pub type FileId = (u64, u64);
/// What identifies a file on disk: the canonical path.
#[cfg(not(unix))]
pub type FileId = PathBuf;

/// The identity of an existing regular file; `-` means standard input.
/// `None` for a file that does not exist yet and for devices, pipes and
/// terminals, which writing cannot wipe.
pub fn file_id(path: &Path) -> Option<FileId> {
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
pub fn pipe_id(path: &Path, sockets: bool) -> Option<FileId> {
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
pub fn input_pipe_id(input: &Path, sockets: bool) -> Option<FileId> {
    if input.as_os_str() == "-" {
        pipe_id(Path::new("/dev/stdin"), sockets)
    } else {
        pipe_id(input, sockets)
    }
}

/// The identity of what `path` opens if it is a regular file, a pipe or a
/// socket: the things that two writers of one name would clash on.
/// Devices such as `/dev/null` and terminals give `None`.
pub fn stream_id(path: &Path) -> Option<FileId> {
    file_id(path).or_else(|| pipe_id(path, true))
}

/// The streams this process writes, by name and by path.
pub const STANDARD_STREAMS: [(&str, &str); 2] = [
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
pub fn output_place(path: &Path) -> Option<PathBuf> {
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
pub fn refuse_overwrites(inputs: &[PathBuf], outputs: &[(&str, &Path)]) -> Result<(), Error> {
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
                return Err(refusal(format!(
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
            return Err(refusal(format!(
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
                return Err(refusal(format!("{both}; one file cannot hold two reports")));
            }
        }
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
pub fn refuse_input_clashes<'a>(inputs: impl IntoIterator<Item = &'a Path>) -> Result<(), Error> {
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
                return Err(refusal(format!(
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
            return Err(refusal(format!("{what}, which can be read only once")));
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
pub fn input_label(input: &Path) -> String {
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
pub fn refuse_stderr_clashes(inputs: &[PathBuf], out: Option<&Path>) -> Result<(), Error> {
    let Some(stderr) = file_id(Path::new("/dev/stderr")) else {
        return Ok(());
    };
    if let Some(input) = inputs.iter().find(|i| file_id(i).as_ref() == Some(&stderr)) {
        let input = input_label(input);
        return Err(refusal(format!(
            "standard error goes to the input {input}: the diagnostics would be read back \
             as records; send them to another file"
        )));
    }
    if let Some(out) = out.filter(|out| file_id(out).as_ref() == Some(&stderr)) {
        return Err(refusal(format!(
            "{} (-o) is also standard error: the answers and the diagnostics would write \
             over each other; use `> FILE 2>&1` to keep both in one file",
            shown(out)
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

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
