//! Making an input ready for the readers: the read-ahead that decides its
//! kind ([`detect`]), replayed to the reader; a UTF-8 byte-order mark
//! dropped and old-Mac line ends read as `\n`; UTF-16 text and compressed
//! files refused with the reason.

use std::io::{self, BufRead};

use super::lines::BOM;

/// The most [`read_ahead`] reads ahead to decide an input's kind, in bytes.
pub const DETECT_BYTES: usize = 64 << 10;

/// The most bytes of blank and `#` comment lines at the start of an input
/// that [`read_ahead`] reads past to find the lines that decide its kind
/// (it then reads [`DETECT_BYTES`] more).
pub const MAX_LEADING_COMMENTS: usize = 16 << 20;

/// An input made ready for the readers by [`read_ahead`]: the bytes read
/// ahead are replayed first, then the rest of the input. A leading UTF-8
/// byte-order mark is gone, and in an input with old-Mac line ends (lone
/// `\r`) every line end reads as `\n`.
pub struct Prepared<R> {
    head: Vec<u8>,
    pos: usize,
    rest: R,
    /// Line-end translation of the rest, for `\r`-only inputs.
    cr: Option<CrLines>,
    /// Line ends consumed so far: a read error names the line it cut.
    line_ends: usize,
    /// The read-ahead reached the end and saw only blank and `#` lines.
    blank: bool,
    /// The read-ahead reached the end of the input.
    at_end: bool,
}

impl<R> Prepared<R> {
    /// The whole lines read ahead, as text (bytes that are not UTF-8 read
    /// as U+FFFD), to decide the input's kind from. A line cut short by the
    /// read-ahead limit could mislead that vote, so it is left out; a single
    /// line longer than the limit is cut after its last whole word (a word
    /// cut short could repeat an earlier one).
    pub fn head_text(&self) -> String {
        let head = &self.head[..];
        let line_end = |b: &u8| *b == b'\n' || *b == b'\r';
        let complete = match head.iter().rposition(line_end) {
            _ if self.at_end => head,
            Some(p) => &head[..p],
            None => match head.iter().rposition(u8::is_ascii_whitespace) {
                Some(p) => &head[..p],
                None => head,
            },
        };
        String::from_utf8_lossy(complete).into_owned()
    }

    /// Whether the whole input was read ahead and holds nothing but blank
    /// lines and `#` comments (or nothing at all): no records, whatever
    /// its kind.
    pub fn is_blank(&self) -> bool {
        self.blank
    }

    /// Whether the whole lines read ahead also read as an exact-cover
    /// problem in Knuth's format with two items or more and at least one
    /// option (items named like numbers make the options of such a file
    /// look like grid rows): a hint worth giving when the file, read as
    /// detected, had no valid record. A line repeated is no such hint.
    pub fn head_reads_as_exact_cover(&self) -> bool {
        let whole = match self.head.iter().rposition(|&b| b == b'\n') {
            Some(end) => &self.head[..=end],
            None => &self.head[..],
        };
        std::str::from_utf8(whole).is_ok_and(|text| {
            crate::exact_cover::knuth_format::parse(text, "")
                .is_ok_and(|xc| xc.problem.items().len() >= 2 && !xc.option_lines.is_empty())
        })
    }
}

/// Line ends in `bytes`: `\n`, `\r\n`, and a lone `\r` (old-Mac files).
fn line_ends(bytes: &[u8]) -> usize {
    let lone_cr = |k: usize| bytes[k] == b'\r' && bytes.get(k + 1) != Some(&b'\n');
    memchr::memchr2_iter(b'\n', b'\r', bytes)
        .filter(|&k| bytes[k] == b'\n' || lone_cr(k))
        .count()
}

/// A read error `e` that cut line `line`, saying so (a disk or network
/// error halfway through a file). The kind is kept, so readers that retry
/// interruptions still do.
fn read_error_at(e: io::Error, line: usize) -> io::Error {
    io::Error::new(e.kind(), format!("line {line}: read error: {e}"))
}

/// The translated rest of a `\r`-only input: `\r` and `\r\n` become `\n`.
struct CrLines {
    buf: Vec<u8>,
    pos: usize,
    /// The last byte translated was a `\r` (so a `\n` next is its pair).
    after_cr: bool,
}

impl CrLines {
    /// Appends `bytes` to `out` with `\r` and `\r\n` as `\n`.
    fn translate(&mut self, bytes: &[u8], out: &mut Vec<u8>) {
        for &b in bytes {
            match b {
                b'\r' => out.push(b'\n'),
                b'\n' if self.after_cr => {}
                b => out.push(b),
            }
            self.after_cr = b == b'\r';
        }
    }
}

impl<R: BufRead> io::Read for Prepared<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Prepared<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.pos < self.head.len() {
            return Ok(&self.head[self.pos..]);
        }
        let line = self.line_ends + 1;
        let Some(cr) = &mut self.cr else {
            return self.rest.fill_buf().map_err(|e| read_error_at(e, line));
        };
        while cr.pos == cr.buf.len() {
            let chunk = self.rest.fill_buf().map_err(|e| read_error_at(e, line))?;
            if chunk.is_empty() {
                break;
            }
            let n = chunk.len();
            let mut buf = std::mem::take(&mut cr.buf);
            buf.clear();
            cr.translate(chunk, &mut buf);
            cr.buf = buf;
            cr.pos = 0;
            self.rest.consume(n);
        }
        Ok(&cr.buf[cr.pos..])
    }

    fn consume(&mut self, amount: usize) {
        let count = |bytes: &[u8]| memchr::memchr_iter(b'\n', bytes).count();
        if self.pos < self.head.len() {
            let end = (self.pos + amount).min(self.head.len());
            self.line_ends += count(&self.head[self.pos..end]);
            self.pos = end;
        } else if let Some(cr) = &mut self.cr {
            let end = (cr.pos + amount).min(cr.buf.len());
            self.line_ends += count(&cr.buf[cr.pos..end]);
            cr.pos = end;
        } else if amount > 0 {
            // The bytes consumed are the ones `fill_buf` just gave: still
            // buffered, so this reads nothing (with `amount` 0 it might).
            if let Ok(buffered) = self.rest.fill_buf() {
                self.line_ends += count(&buffered[..amount.min(buffered.len())]);
            }
            self.rest.consume(amount);
        }
    }
}

/// Why `head` (the start of an input) is UTF-16 or UTF-32 text, if it is:
/// a byte-order mark of either (Windows Notepad's "Unicode" is UTF-16 with
/// one), or, without a mark, ASCII text in UTF-16: a NUL in every other
/// byte, at one parity only (a NUL-filled tail or a binary file has NULs
/// at both). Read as UTF-8 such a file gave a bad record per line (or one
/// line of NULs and symbols), none saying why.
fn utf16_reason(head: &[u8]) -> Option<String> {
    let convert =
        |from: &str| format!("save it as UTF-8 (e.g. `iconv -f {from} -t UTF-8 FILE > FILE.utf8`)");
    // UTF-32's marks first: little-endian UTF-32's starts with UTF-16's.
    let marked = match head {
        [0xff, 0xfe, 0, 0, ..] => Some(("UTF-32", "FF FE 00 00, little-endian")),
        [0, 0, 0xfe, 0xff, ..] => Some(("UTF-32", "00 00 FE FF, big-endian")),
        [0xff, 0xfe, ..] => Some(("UTF-16", "FF FE, little-endian")),
        [0xfe, 0xff, ..] => Some(("UTF-16", "FE FF, big-endian")),
        _ => None,
    };
    if let Some((encoding, mark)) = marked {
        return Some(format!(
            "the input is {encoding} text (byte-order mark {mark}): {}",
            convert(encoding)
        ));
    }
    let pairs = head.len() / 2;
    let nuls_at = |parity: usize| {
        head.iter()
            .skip(parity)
            .step_by(2)
            .filter(|&&b| b == 0)
            .count()
    };
    let (even, odd) = (nuls_at(0), nuls_at(1));
    let (most, least) = (even.max(odd), even.min(odd));
    // ASCII in little-endian UTF-16 has its NULs second in each pair.
    let encoding = if odd > even { "UTF-16LE" } else { "UTF-16BE" };
    // At least eight pairs: a line of a few bytes with a NUL is no text.
    (pairs >= 8 && 2 * most >= pairs && 8 * least < most).then(|| {
        format!(
            "the input looks like {encoding} text (a NUL in every other byte): {}",
            convert(encoding)
        )
    })
}

/// Why `head` (the start of an input) is a compressed file or an archive,
/// if its first bytes are the mark of one: puzzle collections are often
/// shipped that way, and read as text each line of one was an invalid
/// record saying only "not valid UTF-8".
fn packed_reason(head: &[u8]) -> Option<String> {
    // bzip2: `BZh`, the block size, then the block mark (the digits of pi).
    let bzip2 = head.len() >= 10 && head.starts_with(b"BZh") && &head[4..10] == b"1AY&SY";
    let (what, how) = match head {
        [0x1f, 0x8b, ..] => ("gzip-compressed", "gzip -dc FILE"),
        [b'P', b'K', 3, 4, ..] | [b'P', b'K', 5, 6, ..] => ("a zip archive", "unzip -p FILE"),
        [0xfd, b'7', b'z', b'X', b'Z', 0, ..] => ("xz-compressed", "xz -dc FILE"),
        [0x28, 0xb5, 0x2f, 0xfd, ..] => ("zstd-compressed", "zstd -dc FILE"),
        [b'7', b'z', 0xbc, 0xaf, 0x27, 0x1c, ..] => ("a 7-Zip archive", "7z x -so FILE"),
        _ if bzip2 => ("bzip2-compressed", "bzip2 -dc FILE"),
        _ => return None,
    };
    Some(format!(
        "the input is {what}, not text: unpack it first (`{how} | dlx ... -` reads \
         the text from standard input)"
    ))
}

/// Reads the start of an input ahead, to decide what it holds, and gives a
/// reader that replays it: what every command that takes files does first.
///
/// It reads ahead — blocking, as a pipe may deliver the input in pieces —
/// until `lines` meaningful lines (not blank, not a `#` comment), the end of
/// the input or [`DETECT_BYTES`] (past any blank and `#` comment lines it
/// starts with, up to [`MAX_LEADING_COMMENTS`]). The bytes read ahead are
/// replayed by the returned reader, which also drops a leading UTF-8
/// byte-order mark and reads old-Mac `\r` line ends (an input whose
/// read-ahead holds `\r` and no `\n`) as `\n`. UTF-16 text and compressed
/// files are refused with a reason ([`io::ErrorKind::InvalidData`]).
///
/// The kind of puzzle the lines hold is decided above this module
/// (`puzzles::prepare`), from [`Prepared::head_text`].
pub fn read_ahead<R: BufRead>(lines_wanted: usize, mut input: R) -> io::Result<Prepared<R>> {
    let wanted = lines_wanted.max(1);
    let mut head = Vec::new();
    let mut lines = LineCounter::default();
    let mut at_end = false;
    // One byte past a final `\r` tells a `\r\n` from a lone `\r`.
    while (lines.meaningful < wanted || head.last() == Some(&b'\r'))
        && head.len() < lines.read_ahead_limit()
    {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(read_error_at(e, line_ends(&head) + 1)),
        };
        if chunk.is_empty() {
            at_end = true;
            break;
        }
        let take = chunk.len().min(lines.read_ahead_limit() - head.len());
        head.extend_from_slice(&chunk[..take]);
        input.consume(take);
        lines.advance(&head);
    }
    if let Some(reason) = utf16_reason(&head).or_else(|| packed_reason(&head)) {
        return Err(io::Error::new(io::ErrorKind::InvalidData, reason));
    }
    // Nothing but blank and `#` lines, the last one counted too when no
    // line end follows it (a one-line file saved without one).
    let blank = at_end && lines.meaningful == 0 && {
        let last = head[lines.start..].trim_ascii();
        let last = last.strip_prefix(BOM).unwrap_or(last);
        last.is_empty() || last[0] == b'#'
    };
    if head.starts_with(BOM) {
        head.drain(..BOM.len());
    }
    // Old-Mac line ends: `\r` and not a single `\n` in the read-ahead. A
    // `\r\r\n` file or a stray `\r` in a `\n` file is read as it is (each
    // line's trailing `\r`s are blanks to the readers).
    // Decided on the first DETECT_BYTES, as the README says, even when the
    // read-ahead went further past leading comments.
    let probe = &head[..head.len().min(DETECT_BYTES)];
    let old_mac = memchr::memchr(b'\r', probe).is_some() && memchr::memchr(b'\n', probe).is_none();
    let cr = match old_mac {
        true => {
            let mut cr = CrLines {
                buf: Vec::new(),
                pos: 0,
                after_cr: false,
            };
            let mut translated = Vec::with_capacity(head.len());
            cr.translate(&head, &mut translated);
            head = translated;
            Some(cr)
        }
        false => None,
    };
    Ok(Prepared {
        head,
        pos: 0,
        rest: input,
        cr,
        line_ends: 0,
        blank,
        at_end,
    })
}

/// Counts the meaningful lines of a growing read-ahead, looking at each
/// byte once.
#[derive(Default)]
struct LineCounter {
    /// Where the line being scanned starts.
    start: usize,
    /// Bytes already scanned.
    scanned: usize,
    meaningful: usize,
    /// Bytes of the blank and `#` comment lines before the first
    /// meaningful line, so far.
    leading: usize,
}

impl LineCounter {
    /// How far [`prepare`] reads ahead: [`DETECT_BYTES`] after the leading
    /// comments, which may be long (a licence, a generator's log) and say
    /// nothing of the kind, up to [`MAX_LEADING_COMMENTS`] of them.
    fn read_ahead_limit(&self) -> usize {
        DETECT_BYTES + self.leading.min(MAX_LEADING_COMMENTS)
    }

    /// Counts the complete lines of `head` not counted yet.
    fn advance(&mut self, head: &[u8]) {
        while let Some(p) = memchr::memchr2(b'\n', b'\r', &head[self.scanned..]) {
            let end = self.scanned + p;
            let line = head[self.start..end].trim_ascii();
            let line = line.strip_prefix(BOM).unwrap_or(line);
            if !line.is_empty() && line[0] != b'#' {
                self.meaningful += 1;
            } else if self.meaningful == 0 {
                self.leading = end + 1;
            }
            self.start = end + 1;
            self.scanned = end + 1;
        }
        self.scanned = head.len();
        // A comment line still coming in counts as leading too: one
        // comment line may be longer than the read-ahead.
        let partial = head[self.start..].trim_ascii_start();
        let partial = partial.strip_prefix(BOM).unwrap_or(partial);
        if self.meaningful == 0 && partial.first() == Some(&b'#') {
            self.leading = head.len();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::lines::Failing;
    use crate::puzzles::sudoku::format::reader::tests::{records, P, SUDOMINOKU};
    use crate::puzzles::sudoku::{Style, SudokuReader};
    use crate::puzzles::{prepare, Kind};

    /// Delivers its bytes a few at a time, as a pipe fed slowly does.
    struct Trickle<'a> {
        bytes: &'a [u8],
        step: usize,
    }

    impl io::Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = self.step.min(self.bytes.len()).min(out.len());
            out[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    fn read_all(mut r: impl BufRead) -> Vec<u8> {
        let mut out = Vec::new();
        io::Read::read_to_end(&mut r, &mut out).unwrap();
        out
    }

    /// Detection does not depend on how much the first read returns, and
    /// what it read ahead is replayed exactly.
    #[test]
    fn prepare_reads_ahead_and_replays() {
        // The first line alone (a count) would look like nothing.
        for step in [1, 3, 7, 1000] {
            let input = io::BufReader::with_capacity(
                16,
                Trickle {
                    bytes: SUDOMINOKU.as_bytes(),
                    step,
                },
            );
            let (kind, replay) = prepare(None, input).unwrap();
            assert_eq!(kind, Kind::Sudominoku, "step {step}");
            assert_eq!(read_all(replay), SUDOMINOKU.as_bytes(), "step {step}");
        }
        // Longer than the read-ahead: every byte comes back, in order.
        let big: String = (0..3000).map(|k| format!("{P} # {k}\n")).collect();
        assert!(big.len() > 2 * DETECT_BYTES);
        for kind in [None, Some(Kind::Sudoku), Some(Kind::Xc)] {
            let (got, replay) = prepare(kind, big.as_bytes()).unwrap();
            assert_eq!(got, kind.unwrap_or(Kind::Sudoku));
            assert_eq!(read_all(replay), big.as_bytes());
        }
        // A given kind is kept, even when the content says otherwise.
        let (kind, _) = prepare(Some(Kind::Xc), SUDOMINOKU.as_bytes()).unwrap();
        assert_eq!(kind, Kind::Xc);
        let (kind, replay) = prepare(None, &b""[..]).unwrap();
        assert_eq!((kind, read_all(replay)), (Kind::Sudoku, vec![]));
    }

    /// Leading comments say nothing of the kind, and may be longer than
    /// the read-ahead (one long line, or many short ones): the lines after
    /// them decide, and the whole input is replayed. They had left no
    /// meaningful line to vote, so a Sudominoku file was read as Sudoku.
    #[test]
    fn long_leading_comments_do_not_hide_the_kind() {
        let long_line = format!("#{}\n", "x".repeat(DETECT_BYTES + 10));
        let many_lines = "# a comment line of a generator's log\n\n".repeat(DETECT_BYTES / 20);
        for comments in [long_line, many_lines] {
            assert!(comments.len() > DETECT_BYTES);
            for (body, kind) in [
                (SUDOMINOKU.to_string(), Kind::Sudominoku),
                (format!("{P}\n"), Kind::Sudoku),
            ] {
                let text = format!("{comments}{body}");
                let (got, replay) = prepare(None, text.as_bytes()).unwrap();
                assert_eq!(got, kind, "{body}");
                assert_eq!(read_all(replay), text.as_bytes());
            }
        }
        // Past MAX_LEADING_COMMENTS, the read-ahead stops (and the input is
        // still replayed whole).
        let endless = format!(
            "#{}\n{SUDOMINOKU}",
            "x".repeat(MAX_LEADING_COMMENTS + DETECT_BYTES)
        );
        let (got, replay) = prepare(None, endless.as_bytes()).unwrap();
        assert_eq!(got, Kind::Sudoku, "no meaningful line seen");
        assert_eq!(read_all(replay).len(), endless.len());
        // Old-Mac line ends are still decided on the first DETECT_BYTES: a
        // `\r` file whose comments fill them keeps its lines, even with a
        // `\n` further on (read as one line, the comment hid every puzzle).
        let comments = format!("#{}\r", "x".repeat(99)).repeat(DETECT_BYTES / 100 + 40);
        let mac = format!("{comments}{P}\r{P}\r{P}\n");
        let (_, replay) = prepare(None, mac.as_bytes()).unwrap();
        let text = String::from_utf8(read_all(replay)).unwrap();
        assert_eq!(text.lines().filter(|l| *l == P).count(), 3);
    }

    #[test]
    fn prepare_drops_a_byte_order_mark() {
        let marked = format!("\u{feff}{P}\n");
        for kind in [
            None,
            Some(Kind::Sudoku),
            Some(Kind::Sudominoku),
            Some(Kind::Xc),
        ] {
            let (_, replay) = prepare(kind, marked.as_bytes()).unwrap();
            assert_eq!(read_all(replay), format!("{P}\n").as_bytes());
        }
        // Only at the start.
        let late = format!("{P}\n\u{feff}");
        let (_, replay) = prepare(None, late.as_bytes()).unwrap();
        assert_eq!(read_all(replay), late.as_bytes());
        // The Sudoku reader skips one by itself too.
        let got = records(&format!("\u{feff}{P}\n"));
        assert_eq!(got, vec![(1, Ok(Style::Line))]);
    }

    #[test]
    fn prepare_reads_old_mac_line_ends() {
        let mac: String = (0..2000).map(|_| format!("{P}\r")).collect();
        let unix = mac.replace('\r', "\n");
        for step in [1, 2, 5000] {
            let input = io::BufReader::with_capacity(
                64,
                Trickle {
                    bytes: mac.as_bytes(),
                    step,
                },
            );
            let (kind, replay) = prepare(None, input).unwrap();
            assert_eq!(kind, Kind::Sudoku);
            assert_eq!(read_all(replay), unix.as_bytes(), "step {step}");
        }
        // `\r\n` after a `\r`-only start (even split across reads) is one
        // line end; CRLF and LF inputs are left as they are.
        let mixed = format!("{P}\r{P}\r\n{P}\n");
        let input = io::BufReader::with_capacity(
            1,
            Trickle {
                bytes: mixed.as_bytes(),
                step: 1,
            },
        );
        let (_, replay) = prepare(Some(Kind::Sudoku), input).unwrap();
        assert_eq!(read_all(replay), format!("{P}\n{P}\n{P}\n").as_bytes());
        for text in [format!("{P}\r\n{P}\r\n"), format!("{P}\n{P}\r")] {
            let (_, replay) = prepare(None, text.as_bytes()).unwrap();
            assert_eq!(read_all(replay), text.as_bytes());
        }
        let (_, replay) = prepare(None, mac.as_bytes()).unwrap();
        let got: Vec<_> = SudokuReader::new(replay).map(|r| r.unwrap()).collect();
        assert_eq!(got.len(), 2000);
        assert_eq!(got[1999].line, 2000);
    }

    /// A read that fails halfway through a file (a disk or network error)
    /// names the line it cut, past the read-ahead, in it, and in a `\r`-only
    /// input; the records before it are read.
    #[test]
    fn a_read_error_names_its_line() {
        for (lines, end) in [
            (3000, "\n"),
            (3, "\n"),
            (3000, "\r"),
            (3, "\r"),
            (3, "\r\n"),
        ] {
            let text: String = (0..lines).map(|_| format!("{P}{end}")).collect();
            let input = io::BufReader::with_capacity(100, Failing(text.as_bytes()));
            let result = prepare(None, input).and_then(|(_, replay)| {
                let mut reader = SudokuReader::new(replay);
                let mut read = 0;
                loop {
                    match reader.next() {
                        Some(Ok(_)) => read += 1,
                        Some(Err(e)) => return Ok((read, e)),
                        None => panic!("no error after {read} records"),
                    }
                }
            });
            let (read, e) = match result {
                Ok(found) => found,
                // Within the read-ahead: the error comes from `prepare`.
                Err(e) => (0, e),
            };
            assert!(read == lines || lines < 100, "{lines} lines: {read}");
            let line = format!("line {}: read error: the disk is gone", lines + 1);
            assert_eq!(e.to_string(), line, "{lines} lines");
        }
    }
}
