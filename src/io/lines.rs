//! Bounded line reading: one line at a time, never more than [`MAX_LINE`]
//! bytes of it held, each line its text or the reason it cannot be used.
//! Nothing here knows what the lines mean.

use std::io::{self, BufRead};

/// The longest line accepted, in bytes. Longer lines are reported as errors
/// instead of being read into memory.
pub const MAX_LINE: usize = 1 << 20;

/// One line of input, or why it could not be read.
#[derive(Debug)]
pub enum Line {
    /// The line's text without its line ending.
    Text(String),
    /// The line could not be used; the reason is given.
    Bad(String),
}

/// How [`read_line`]'s reason for a line over [`MAX_LINE`] bytes begins.
pub const TOO_LONG: &str = "line too long";

/// Reads the next line (without `\n` or `\r\n`), never holding more than
/// [`MAX_LINE`] bytes: a longer line is skipped and reported. `Ok(None)` at
/// the end of the input.
pub fn read_line<R: BufRead>(input: &mut R, buf: &mut Vec<u8>) -> io::Result<Option<Line>> {
    buf.clear();
    let mut total = 0usize;
    let mut saw_any = false;
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        saw_any = true;
        let (take, done) = match memchr::memchr(b'\n', chunk) {
            Some(p) => (p + 1, true),
            None => (chunk.len(), false),
        };
        let body = &chunk[..if done { take - 1 } else { take }];
        if total + body.len() <= MAX_LINE {
            buf.extend_from_slice(body);
        }
        total += body.len();
        input.consume(take);
        if done {
            break;
        }
    }
    if !saw_any {
        return Ok(None);
    }
    if total > MAX_LINE {
        return Ok(Some(Line::Bad(format!(
            "{TOO_LONG} ({total} bytes; the limit is {MAX_LINE})"
        ))));
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    match std::str::from_utf8(buf) {
        Ok(s) => Ok(Some(Line::Text(s.to_string()))),
        Err(e) => Ok(Some(Line::Bad(format!(
            "not valid UTF-8 (byte {} of the line)",
            e.valid_up_to() + 1
        )))),
    }
}

/// The UTF-8 byte-order mark some editors put at the start of a file.
pub(crate) const BOM: &[u8] = b"\xEF\xBB\xBF";

/// An input's lines, read one at a time, never holding a line over
/// [`MAX_LINE`] bytes. A line [`read_line`] cannot take goes
/// to `bad` with its number, reason and (possibly cut) bytes, which gives
/// the text to use in its place or an error for the caller.
pub(crate) fn bounded_lines<E>(
    mut input: impl BufRead,
    mut bad: impl FnMut(usize, String, &[u8]) -> Result<String, E>,
) -> impl Iterator<Item = io::Result<Result<String, E>>> {
    let (mut buf, mut line_no) = (Vec::new(), 0);
    std::iter::from_fn(move || {
        let line = match read_line(&mut input, &mut buf) {
            Ok(Some(line)) => line,
            Ok(None) => return None,
            Err(e) => return Some(Err(e)),
        };
        line_no += 1;
        Some(Ok(match line {
            Line::Text(text) => Ok(text),
            Line::Bad(reason) => bad(line_no, reason, &buf),
        }))
    })
}

/// Reads a whole exact-cover input as text, a line at a time, each line
/// ending in `\n` (a `\r\n` read as `\n`): `Ok(Err((line, reason)))` names
/// the first line that is not UTF-8. A `|` comment line is never used, so a
/// bad byte in one is kept lossily.
///
/// Unlike [`read_line`], no line length is refused: the whole problem is
/// held in memory anyway, and its item line may be megabytes long (200,000
/// items). A record-per-line format caps its lines to bound its memory; an
/// exact-cover problem is bounded by its own size.
pub fn read_text(mut input: impl BufRead) -> io::Result<Result<String, (usize, String)>> {
    let mut text = String::new();
    let mut buf = Vec::new();
    let mut line_no = 0;
    loop {
        buf.clear();
        if input.read_until(b'\n', &mut buf)? == 0 {
            return Ok(Ok(text));
        }
        line_no += 1;
        if buf.last() == Some(&b'\n') {
            buf.pop();
        }
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
        match std::str::from_utf8(&buf) {
            Ok(line) => text.push_str(line),
            Err(_) if buf.trim_ascii_start().starts_with(b"|") => {
                text.push_str(&String::from_utf8_lossy(&buf));
            }
            Err(e) => {
                let reason = format!("not valid UTF-8 (byte {} of the line)", e.valid_up_to() + 1);
                return Ok(Err((line_no, reason)));
            }
        }
        text.push('\n');
    }
}

/// A reader for tests of read errors: its bytes, then an error (a disk
/// gone halfway through a file).
#[cfg(test)]
pub(crate) struct Failing<'a>(pub &'a [u8]);

#[cfg(test)]
impl io::Read for Failing<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.0.is_empty() {
            return Err(io::Error::other("the disk is gone"));
        }
        let n = buf.len().min(self.0.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}
