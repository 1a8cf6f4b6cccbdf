//! Report files written atomically: checked before a run's work, built in
//! memory, and put in place together at its end (renamed over the old file
//! where that is safe, written in place where it is not), so that a run that
//! stops early leaves an earlier report as it was.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// A report file, checked before the work and written only at its end: a
/// run that stops early (a wrong answer, an I/O error, a Ctrl-C before any
/// puzzle was measured) leaves the report of an earlier run as it was, and
/// creates no empty file where there was none. Checking first makes an
/// unwritable path an error before any solving.
pub struct PendingReport {
    /// The option that asked for it (`--json`), for messages.
    pub option: &'static str,
    /// The path as given, for messages.
    pub path: PathBuf,
    how: Commit,
    /// The report, built in memory until [`commit_all`].
    pub out: Vec<u8>,
}

/// How a report reaches its path.
enum Commit {
    /// Written in full to a new file beside `target`, then renamed over it:
    /// a write that fails half way (a full disk) leaves what was there.
    /// `target` is the file a symlink points to, so the link stays a link.
    Replace {
        target: PathBuf,
        /// The old file's permissions, kept by its replacement.
        permissions: Option<std::fs::Permissions>,
    },
    /// Written into the file itself: a device or a pipe (nothing to
    /// rename over), a file with other hard links (a rename would leave
    /// them the old report), a file a replacement would give another owner
    /// or group, a file mounted over its name, or one in a directory where
    /// no new file can be made. Such a write that fails leaves the file cut
    /// short (and the files to be replaced as they were).
    InPlace {
        file: File,
        /// A regular file, with old contents to cut; a pipe or device has
        /// none, and may block until its reader reads.
        regular: bool,
    },
}

impl PendingReport {
    /// Checks that a report can be written at `path` (asked for by
    /// `option`), and how it will reach it.
    pub fn create(option: &'static str, path: &Path) -> io::Result<Self> {
        let name = |e| report_error(option, path, e);
        let how = match path.metadata() {
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                // Nothing there, or a dangling symlink: the report goes to
                // the file the links name, and the links stay. Create it
                // to see that it can be, and remove it until the report is
                // ready.
                let target = through_links(path).map_err(name)?;
                File::options()
                    .write(true)
                    .create_new(true)
                    .open(&target)
                    .map_err(name)?;
                std::fs::remove_file(&target).map_err(name)?;
                Commit::Replace {
                    target,
                    permissions: None,
                }
            }
            Err(e) => return Err(name(e)),
            Ok(_) => {
                // Opened (not truncated) to see that it can be written;
                // through the path itself, which the system resolves (a
                // `/dev/fd/N` of a shell's `>(…)` names a pipe).
                let file = File::options().write(true).open(path).map_err(name)?;
                let meta = file.metadata().map_err(name)?;
                let regular = meta.is_file();
                let target = (regular && !has_other_links(&meta))
                    .then(|| std::fs::canonicalize(path).ok())
                    .flatten()
                    .filter(|t| !is_mount_point(t, &meta) && replacement_is_alike(t, &meta));
                match target {
                    Some(target) => Commit::Replace {
                        target,
                        permissions: Some(meta.permissions()),
                    },
                    None => Commit::InPlace { file, regular },
                }
            }
        };
        Ok(PendingReport {
            option,
            path: path.to_path_buf(),
            how,
            out: Vec::new(),
        })
    }

    /// An error about this report, named by its option and path as given.
    pub fn named(&self, e: io::Error) -> io::Error {
        report_error(self.option, &self.path, e)
    }
}

/// An error about the report `option` asked for at `path`:
/// `--json out/r.json: Permission denied`.
fn report_error(option: &str, path: &Path, e: io::Error) -> io::Error {
    dlx_engine::error::named_io(&format!("{option} {}", crate::cli::files::shown(path)), e)
}

/// The path `path` names once its symbolic links are followed, whether or
/// not the last one points to anything (`canonicalize` needs a file).
fn through_links(path: &Path) -> io::Result<PathBuf> {
    // As the kernel's limit on links followed in one path.
    const MOST_LINKS: usize = 40;
    let mut path = path.to_path_buf();
    for _ in 0..MOST_LINKS {
        match path.symlink_metadata() {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = std::fs::read_link(&path)?;
                // A relative link is relative to its own directory.
                path = match path.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            _ => return Ok(path),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// Whether the file has names besides the one given.
fn has_other_links(meta: &std::fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        meta.nlink() > 1
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        false
    }
}

/// The directory `target` is in (`.` for a bare file name).
fn directory_of(target: &Path) -> &Path {
    match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// A new file beside `target`, named after it and hidden, for its
/// replacement; removed when dropped unless renamed.
fn file_beside(target: &Path) -> io::Result<tempfile::NamedTempFile> {
    let dir = directory_of(target);
    let base = target.file_name().unwrap_or_default().to_string_lossy();
    let prefix = format!(".{base}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    // As any new file: read and write for all, less the umask (the
    // default of temporary files is the owner alone).
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    builder.tempfile_in(dir)
}

/// Whether the file is mounted over its name (a bind mount, as a container
/// maps a single file): on another device than its directory, so no file
/// beside it can be renamed over it.
fn is_mount_point(target: &Path, meta: &std::fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        directory_of(target)
            .metadata()
            .is_ok_and(|d| d.dev() != meta.dev())
    }
    #[cfg(not(unix))]
    {
        let _ = (target, meta);
        false
    }
}

/// Whether a replacement for `target` can be made beside it and would
/// have the owner and group of the file it replaces (a rename would give
/// someone else's file to whoever runs the bench).
fn replacement_is_alike(target: &Path, meta: &std::fs::Metadata) -> bool {
    let Ok(beside) = file_beside(target) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match beside.as_file().metadata() {
            Ok(new) => new.uid() == meta.uid() && new.gid() == meta.gid(),
            Err(_) => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = (beside, meta);
        true
    }
}

/// Puts every report in place, or none of the files to be replaced: each
/// replacement is written in full before any report reaches its path, and
/// renamed over it only once every write to a file has succeeded. Pipes
/// and devices come last: a reader that never reads then holds up no
/// half-made file.
pub fn commit_all(reports: Vec<PendingReport>) -> io::Result<()> {
    let mut staged = Vec::new();
    for report in &reports {
        let name = |e| report.named(e);
        if let Commit::Replace {
            target,
            permissions,
        } = &report.how
        {
            let mut file = file_beside(target).map_err(name)?;
            // Through the `File`: the temporary file's own name in an
            // error would only confuse.
            file.as_file_mut().write_all(&report.out).map_err(name)?;
            if let Some(permissions) = permissions {
                file.as_file()
                    .set_permissions(permissions.clone())
                    .map_err(name)?;
            }
            staged.push((file, target, report));
        }
    }
    let in_place = |regular_files: bool| {
        for report in &reports {
            if let Commit::InPlace { file, regular } = &report.how {
                if *regular == regular_files {
                    write_in_place(file, *regular, &report.out).map_err(|e| report.named(e))?;
                }
            }
        }
        io::Result::Ok(())
    };
    in_place(true)?;
    for (file, target, report) in staged {
        if let Err(refused) = file.persist(target) {
            // A rename refused though the file looked replaceable (a
            // mount or a permission not seen beforehand): the file itself
            // can still be written, as before the rename was tried.
            drop(refused.file);
            let file = File::options()
                .write(true)
                .create(true)
                .truncate(false)
                .open(target)
                .map_err(|e| report.named(e))?;
            write_in_place(&file, true, &report.out).map_err(|e| report.named(e))?;
        }
    }
    in_place(false)
}

/// Writes `out` into `file`, cutting a regular file's old contents first.
fn write_in_place(mut file: &File, regular: bool, out: &[u8]) -> io::Result<()> {
    if regular {
        file.set_len(0)?;
    }
    file.write_all(out)?;
    file.flush()
}
