//! The errors of the readers and verifiers, and how messages quote what
//! the user wrote.
//!
//! - [`InputError`]: a problem with one place of an input, where (file and
//!   line) and why, shown as `FILE:LINE: reason`.
//! - [`Invalid`]: why a value was refused (a grid that breaks a rule, text
//!   that does not parse).
//! - [`excerpt`] and [`printable`]: user text as a message may quote it
//!   (cut when long, hidden characters escaped); [`count_of`] and
//!   [`named_io`] for the rest of a message.
//!
//! ```
//! use dlx_engine::error::{excerpt, InputError};
//!
//! let e = InputError::new("puzzles.txt", 3, "bad digit \"0\"");
//! assert_eq!(e.to_string(), "puzzles.txt:3: bad digit \"0\"");
//! // An escape sequence in the input is quoted, not sent to the terminal.
//! assert_eq!(excerpt("A1\u{1b}[2J"), "A1\\u{1b}[2J");
//! ```

use std::borrow::Cow;

use thiserror::Error;

/// The most characters of a user's text an error message repeats.
pub const EXCERPT_CHARS: usize = 40;

/// `text` as an error message quotes it: whole if short, else its first
/// [`EXCERPT_CHARS`] characters, `…` and the full length, so a garbage line
/// of megabytes is not echoed back whole (to stdout and stderr alike); and
/// [`printable`], so a library user who prints the error does not send an
/// escape sequence or a hidden character of the input to the terminal.
pub fn excerpt(text: &str) -> Cow<'_, str> {
    let (shown, cut) = match text.char_indices().nth(EXCERPT_CHARS) {
        None => (text, false),
        Some((end, _)) => (&text[..end], true),
    };
    let shown = if shown.chars().any(hidden_in_print) {
        Cow::Owned(printable(shown))
    } else {
        Cow::Borrowed(shown)
    };
    if cut {
        Cow::Owned(format!("{shown}… ({} characters)", text.chars().count()))
    } else {
        shown
    }
}

/// `n` and `noun`, in the plural unless `n` is 1: `1 puzzle`, `2 puzzles`.
pub fn count_of(n: u64, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// `e` with `name` (a file, or `<stdout>`) in front of its message, its
/// kind kept: every I/O error a user sees says which file it is about.
pub fn named_io(name: &str, e: std::io::Error) -> std::io::Error {
    std::io::Error::new(e.kind(), format!("{name}: {e}"))
}

/// `text` safe to write to a terminal on one line: control characters (an
/// escape sequence, a carriage return, a line feed) and invisible format
/// characters (a byte-order mark, a zero-width space, a soft hyphen, bidi
/// marks and overrides, tags: they would hide or reorder what is shown) are
/// written as Rust escapes (`\u{1b}`, `\u{feff}`). A tab is kept: it only
/// moves the cursor along the line, and a title or quoted field written
/// with one reads as written.
pub fn printable(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if hidden_in_print(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether [`printable`] escapes `c`.
fn hidden_in_print(c: char) -> bool {
    // Zero-width joiners (U+200C, U+200D) are kept: Persian and Indic
    // text and emoji need them.
    let invisible = matches!(
        c,
        '\u{ad}'
            | '\u{61c}'
            | '\u{180e}'
            | '\u{200b}'
            | '\u{200e}'..='\u{200f}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{2069}'
            | '\u{feff}'
            | '\u{e0000}'..='\u{e007f}'
    );
    (c.is_control() && c != '\t') || invisible
}

/// A problem with one place of an input, shown as `FILE:LINE: reason`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{}:{line}: {}", printable(.file), printable(.reason))]
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

/// Why a value was refused, in one message: a grid that breaks a rule of
/// its puzzle ([`Grid::check_solution`](crate::puzzles::sudoku::Grid::check_solution),
/// [`sudominoku::verify`](crate::puzzles::sudominoku::verify)) or text that
/// does not parse (a Sudominoku `Position` or `PlacedDomino`). A type of its
/// own rather than a bare `String`, so it is a `std::error::Error` (`?` into
/// `Box<dyn Error>`, `anyhow`).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct Invalid(pub String);

impl From<String> for Invalid {
    fn from(reason: String) -> Self {
        Invalid(reason)
    }
}

impl From<Invalid> for String {
    fn from(invalid: Invalid) -> Self {
        invalid.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printable_escapes_control_characters_but_tabs() {
        assert_eq!(printable("Puzzle\t1"), "Puzzle\t1");
        assert_eq!(
            printable("a\u{1b}[2Jb\rc\nd\u{7f}\u{0}"),
            "a\\u{1b}[2Jb\\rc\\nd\\u{7f}\\u{0}"
        );
        // Invisible: a byte-order mark, a zero-width space, a bidi override.
        assert_eq!(
            printable("\u{feff}a b\u{200b}c \u{202e}dé\u{61c}\u{ad}\u{e0041}"),
            "\\u{feff}a b\\u{200b}c \\u{202e}dé\\u{61c}\\u{ad}\\u{e0041}"
        );
        // Joiners belong to the text.
        assert_eq!(printable("می\u{200c}خواهم"), "می\u{200c}خواهم");
    }

    #[test]
    fn excerpts_cut_long_text_only() {
        assert_eq!(excerpt("F10"), "F10");
        let exact = "x".repeat(EXCERPT_CHARS);
        assert_eq!(excerpt(&exact), exact);
        let long = "é".repeat(5_000);
        let cut = excerpt(&long);
        assert_eq!(
            cut,
            format!("{}… (5000 characters)", "é".repeat(EXCERPT_CHARS))
        );
    }

    /// What a library user prints shows the input's escape sequences and
    /// hidden characters as escapes, whatever builds the message.
    #[test]
    fn messages_quote_hidden_characters_as_escapes() {
        assert_eq!(excerpt("a\u{1b}[2J"), "a\\u{1b}[2J");
        assert_eq!(
            excerpt(&format!("\u{feff}{}", "x".repeat(50))),
            format!("\\u{{feff}}{}… (51 characters)", "x".repeat(39))
        );
        let e = InputError::new("f\u{7}", 2, "unknown item `a\u{1b}[2J`");
        assert_eq!(e.to_string(), "f\\u{7}:2: unknown item `a\\u{1b}[2J`");
        let parsed = crate::exact_cover::knuth_format::parse("a b\na\u{1b}[2J\nb\n", "f");
        let message = parsed.unwrap_err().to_string();
        assert!(!message.contains('\u{1b}'), "{message}");
    }
}
