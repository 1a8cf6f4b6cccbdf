//! The error every input reader reports: where (file and line) and why.

use thiserror::Error;

/// A problem with one place of an input, shown as `FILE:LINE: reason`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{file}:{line}: {reason}")]
pub struct InputError {
    /// The file's name as the user gave it (`-` or `<stdin>` for standard input).
    pub file: String,
    /// 1-based line number.
    pub line: usize,
    /// What is wrong, in words.
    pub reason: String,
}

impl InputError {
    /// An error at `file:line`.
    pub fn new(file: impl Into<String>, line: usize, reason: impl Into<String>) -> Self {
        InputError {
            file: file.into(),
            line,
            reason: reason.into(),
        }
    }
}
