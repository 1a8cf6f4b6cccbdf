//! The Baekjoon 4574 text format: a whole input read at once ([`parse`])
//! or a record at a time ([`RecordReader`]), each bad record kept apart
//! from the next; puzzles written back ([`write_puzzle`]) and solutions
//! written as the judge expects ([`format_solution`]).

use std::collections::VecDeque;
use std::fmt;
use std::io::{self, BufRead};

use thiserror::Error;

use super::model::{check_count, Givens, PlacedDomino, Position, Puzzle};
use super::{MAX_PLACED, MIN_PLACED, SIDE};
use crate::error::{excerpt, InputError, Invalid};
use crate::puzzles::lines::{count_value, is_meant_as_domino, is_puzzle_part};
use crate::puzzles::sudoku::Grid;

/// Why one puzzle record of an input could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {reason}")]
pub struct RecordError {
    /// 1-based number of the offending line.
    pub line: usize,
    /// What is wrong, in words.
    pub reason: String,
}

impl RecordError {
    /// The same error, naming the file: `FILE:LINE: reason`.
    pub fn in_file(&self, file: impl Into<String>) -> InputError {
        InputError::new(file, self.line, self.reason.clone())
    }
}

/// One puzzle record of an input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// 1-based number of the record's first line (its count line).
    pub line: usize,
    /// The puzzle, or the first thing wrong with the record.
    pub puzzle: Result<Puzzle, RecordError>,
}

/// Everything read from one input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    /// One record per puzzle (or per unreadable stretch), in input order.
    pub records: Vec<Record>,
    /// The input ended without the terminating `0` line. The records read
    /// are kept.
    pub missing_terminator: bool,
}

/// What `dlx solve` and `dlx bench` say, at the input's last line, when a
/// Sudominoku input ends without its `0` ([`RecordReader::missing_terminator`]).
pub const MISSING_TERMINATOR: &str =
    "warning: the input ends without the `0` line; the puzzles read are solved";

/// Starts a line that the reader could not take (one over the line-length
/// limit), followed by its reason: [`parse`] makes it an error of the
/// record it falls in, at its line.
pub const UNREADABLE: char = '\u{0}';

/// The reason of an [`UNREADABLE`] line.
fn unreadable(line: &str) -> Option<String> {
    line.strip_prefix(UNREADABLE).map(str::to_string)
}

/// Reads a whole Baekjoon 4574 input held in memory (see [`RecordReader`]
/// for one read as it comes): puzzles, each a count line `N`, `N` domino
/// lines `U LU V LV` and a line of nine positions (the singles 1..9), until
/// a line `0`.
///
/// Lenient about layout: blank lines are skipped everywhere (line numbers
/// still count them), lines may end in CRLF and carry leading or trailing
/// blanks, fields are separated by any whitespace, and row letters may be
/// lower case. `N` may be anything from 1 to 36 (Baekjoon promises 10..=35).
/// A leading UTF-8 byte-order mark is skipped.
///
/// Every puzzle gets exactly one [`Record`], in input order, holding the
/// puzzle or the first error found in it (in line order). How records are
/// delimited, so that one bad record does not spoil the next:
///
/// 1. A record starts at a count line. If it holds a number `N` in
///    `1..=36`, the record is that line and the next `N + 1` non-blank lines,
///    whatever errors they hold, except that a line holding a single integer
///    ends the record early (a domino or singles line never is one integer):
///    the record is reported as truncated at that line, which starts the next
///    record.
/// 2. If the count line is not a single integer, or is out of range, the
///    record is reported at that line and the following lines are skipped up
///    to the next line holding a single integer, which starts the next
///    record (or ends the input if it is `0`).
/// 3. A bad record also takes the lines after it, up to the next count
///    line, that hold only digits and positions (parts of a puzzle: the
///    dominoes and singles of a record whose `N` was too small, or a line
///    given twice): they belong to no other puzzle. A line of anything else
///    there (a damaged count line) starts a record of its own, as in 2.
/// 4. If the input ends inside a record, the record is reported as
///    truncated at the input's last line.
/// 5. The `0` line ends the input. After it only blank lines and `#`
///    comment lines (skipped everywhere) may follow: the first other line becomes one error
///    record at its line (`found "…" after the terminating 0 …`), so that
///    puzzles after a stray `0` are reported rather than silently lost;
///    nothing after the `0` is read as a puzzle.
pub fn parse(text: &str) -> Parsed {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = RecordReader::new(text.lines().map(|l| Ok(l.to_string())));
    let records = reader
        .by_ref()
        .collect::<io::Result<Vec<_>>>()
        .unwrap_or_else(|_| unreachable!("reading a string cannot fail"));
    Parsed {
        records,
        missing_terminator: reader.missing_terminator(),
    }
}

/// [`parse`] a record at a time, from an input's lines (without their line
/// ends; a byte-order mark already gone), holding only the record being
/// read: a file of a million puzzles is read in constant memory. Yields
/// exactly the records [`parse`] would, in order, and stops at the first
/// error of `lines`.
pub struct RecordReader<I> {
    lines: Window<I>,
    /// Index (among the meaningful lines) where the next record starts.
    next: usize,
    /// Whether the input was read to its end or its `0`.
    done: bool,
    missing_terminator: bool,
}

impl<I: Iterator<Item = io::Result<String>>> RecordReader<I> {
    /// A reader of the lines `lines`, numbered from 1.
    pub fn new(lines: I) -> Self {
        RecordReader {
            lines: Window {
                source: lines,
                held: VecDeque::new(),
                start: 0,
                lines_read: 0,
                ended: false,
            },
            next: 0,
            done: false,
            missing_terminator: false,
        }
    }

    /// Whether the input ended without its `0` line (known once the reader
    /// has returned `None`).
    pub fn missing_terminator(&self) -> bool {
        self.missing_terminator
    }

    /// Lines read so far, blank and comment lines included: once the reader
    /// has returned `None` without a `0`, the number of the input's last
    /// line.
    pub fn lines_read(&self) -> usize {
        self.lines.lines_read.max(1)
    }

    /// The next record, or `None` at the end of the input (its `0` line or
    /// the input's last line).
    fn read_record(&mut self) -> io::Result<Option<Record>> {
        let i = self.next;
        let w = &mut self.lines;
        w.forget_before(i);
        if !w.load(i)? {
            self.missing_terminator = true;
            return Ok(None);
        }
        let (line, head) = w.at(i);
        let error = |reason: String| Record {
            line,
            puzzle: Err(RecordError { line, reason }),
        };
        let error = if let Some(reason) = unreadable(head) {
            error(reason)
        } else {
            match count_value(head).map(check_count) {
                Some(Ok(n)) => return self.read_puzzle(i, n).map(Some),
                None => error(format!(
                    "expected the number of placed dominoes (or 0 to end), found \"{}\"",
                    excerpt(head)
                )),
                Some(Err(_)) if count_value(head) == Some(0) => return self.after_terminator(i),
                // Named as written: the value saturates at the i64 range.
                Some(Err(_)) => error(format!(
                    "number of placed dominoes {} is out of range ({MIN_PLACED} to {MAX_PLACED})",
                    excerpt(head)
                )),
            }
        };
        self.next = self.lines.skip_to_count(i + 1)?;
        Ok(Some(error))
    }

    /// The record of the count line `i` giving `n` dominoes.
    fn read_puzzle(&mut self, i: usize, n: usize) -> io::Result<Record> {
        let w = &mut self.lines;
        let mut end = i + 1;
        while end <= i + n + 1 && w.load(end)? && count_value(w.at(end).1).is_none() {
            end += 1;
        }
        // A short body stopped at a count line or the input's end, both
        // read already; a full one needs nothing past it, so a record is
        // answered as soon as its last line arrives.
        let short = end - (i + 1) < n + 1;
        let has_stopper = short && w.load(end)?;
        let last_line = w.lines_read.max(1);
        let line = w.at(i).0;
        let body: Vec<(usize, &str)> = (i + 1..end).map(|k| w.at(k)).collect();
        let stopper = has_stopper.then(|| w.at(end));
        let mut puzzle = parse_body(n, &body, stopper, last_line);
        if let Err(e) = &mut puzzle {
            end = count_too_small(w, n, end, e)?;
            end = join_stray_lines(w, end, e)?;
        }
        self.next = end;
        Ok(Record { line, puzzle })
    }

    /// After the `0` line `i`: only blank lines and comments may follow; the
    /// first other line is one error record, and the input ends.
    fn after_terminator(&mut self, i: usize) -> io::Result<Option<Record>> {
        self.done = true;
        let w = &mut self.lines;
        if !w.load(i + 1)? {
            return Ok(None);
        }
        let ((line, _), (at, text)) = (w.at(i), w.at(i + 1));
        Ok(Some(Record {
            line: at,
            puzzle: Err(RecordError {
                line: at,
                reason: format!(
                    "found {} after the terminating 0 on line {line}: \
                     the 0 ends the input, nothing after it is read",
                    unreadable(text).map_or_else(
                        || format!("\"{}\"", excerpt(text)),
                        |reason| format!("a line it could not read ({reason})")
                    )
                ),
            }),
        }))
    }
}

impl<I: Iterator<Item = io::Result<String>>> Iterator for RecordReader<I> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let record = self.read_record();
        if !matches!(record, Ok(Some(_))) {
            self.done = true;
        }
        record.transpose()
    }
}

/// The meaningful lines of an input (not blank, not `#` comments), trimmed
/// and numbered, read on demand and forgotten once behind the record being
/// read. Indices count meaningful lines from the start of the input.
struct Window<I> {
    source: I,
    /// Lines from index `start` on, each with its 1-based line number.
    held: VecDeque<(usize, String)>,
    start: usize,
    /// Lines taken from `source`, blank and comment lines included.
    lines_read: usize,
    /// Whether `source` is exhausted.
    ended: bool,
}

impl<I: Iterator<Item = io::Result<String>>> Window<I> {
    /// Reads up to line `k` (not before `start`); whether it exists.
    fn load(&mut self, k: usize) -> io::Result<bool> {
        debug_assert!(k >= self.start);
        while self.held.len() <= k - self.start && !self.ended {
            match self.source.next() {
                None => self.ended = true,
                Some(line) => {
                    let line = line?;
                    self.lines_read += 1;
                    // Blank lines and `#` comment lines (as in every other
                    // input kind) are not part of any record. A byte-order
                    // mark starting a line is where `cat a.txt b.txt` joined
                    // two files: skipped, as at the input's start.
                    let text = line.trim();
                    let text = text.strip_prefix('\u{feff}').unwrap_or(text).trim_start();
                    if !text.is_empty() && !text.starts_with('#') {
                        self.held.push_back((self.lines_read, text.to_string()));
                    }
                }
            }
        }
        Ok(k - self.start < self.held.len())
    }

    /// Line `k`, already [`load`](Self::load)ed.
    fn at(&self, k: usize) -> (usize, &str) {
        let (line, text) = &self.held[k - self.start];
        (*line, text)
    }

    /// Drops the lines before `k`.
    fn forget_before(&mut self, k: usize) {
        let n = k.saturating_sub(self.start).min(self.held.len());
        self.held.drain(..n);
        self.start += n;
    }

    /// The index of the first line at or after `from` holding a single
    /// integer (or the end), forgetting the lines skipped.
    fn skip_to_count(&mut self, from: usize) -> io::Result<usize> {
        let mut k = from;
        while self.load(k)? && count_value(self.at(k).1).is_none() {
            k += 1;
            self.forget_before(k);
        }
        Ok(k)
    }
}

/// What [`parse_body`] says when a domino stands where the singles belong;
/// [`count_too_small`] completes it.
const SINGLES_ARE_A_DOMINO: &str = "expected the line of 9 singles, found a domino";

/// If `error`, the error of the puzzle of count `n` whose lines end before
/// `lines[end]`, is a domino where the singles belong (the count is too
/// small): the extra dominoes and the singles after them join the puzzle,
/// as one bad record that says so, rather than each becoming a record of
/// its own. Returns where the puzzle ends.
fn count_too_small<I: Iterator<Item = io::Result<String>>>(
    lines: &mut Window<I>,
    n: usize,
    mut end: usize,
    error: &mut RecordError,
) -> io::Result<usize> {
    if error.reason != SINGLES_ARE_A_DOMINO {
        return Ok(end);
    }
    let start = end;
    while lines.load(end)? && is_meant_as_domino(lines.at(end).1) {
        end += 1;
    }
    let more = end - start + 1;
    if lines.load(end)? && count_value(lines.at(end).1).is_none() {
        end += 1;
    }
    error.reason = format!(
        "{SINGLES_ARE_A_DOMINO}: the count {n} is too small ({more} more domino line{} follow{})",
        if more == 1 { "" } else { "s" },
        if more == 1 { "s" } else { "" },
    );
    Ok(end)
}

/// After a bad record ending before `lines[end]`: the lines that follow
/// it, up to the next count line, that look like parts of a puzzle (a
/// domino line, a singles line, or a piece of one split in two) belong to
/// no other puzzle, so they join the bad record, which `error` then says.
/// Otherwise one damaged puzzle (a domino given twice, a line wrapped in
/// two) would spill its last lines into a second bad record, and every
/// later puzzle would be answered one place off. Returns where the record
/// ends. A line that looks like no part of a puzzle (a damaged count line)
/// is left to start a record of its own.
fn join_stray_lines<I: Iterator<Item = io::Result<String>>>(
    lines: &mut Window<I>,
    mut end: usize,
    error: &mut RecordError,
) -> io::Result<usize> {
    let start = end;
    while lines.load(end)? && is_puzzle_part(lines.at(end).1) {
        end += 1;
    }
    if end > start {
        let (first, last) = (lines.at(start).0, lines.at(end - 1).0);
        error.reason += &if first == last {
            format!("; line {first} follows it with no count line of its own, so it is part of this record")
        } else {
            format!("; lines {first}-{last} follow it with no count line of their own, so they are part of this record")
        };
    }
    Ok(end)
}

/// Reads the `n` domino lines and the singles line of one record. `body`
/// may be short: then `stopper` is the count line that cut it short, or
/// `None` if the input ended.
fn parse_body(
    n: usize,
    body: &[(usize, &str)],
    stopper: Option<(usize, &str)>,
    last_line: usize,
) -> Result<Puzzle, RecordError> {
    let truncated = |what: String| match stopper {
        Some((line, text)) => RecordError {
            line,
            reason: format!(
                "puzzle is truncated: expected {what}, found the count line \"{}\"",
                excerpt(text)
            ),
        },
        None => RecordError {
            line: last_line,
            reason: format!("input ends inside the puzzle: expected {what}"),
        },
    };
    let mut givens = Givens::new();
    for k in 0..n {
        let Some(&(line, text)) = body.get(k) else {
            return Err(truncated(format!("domino {} of {n}", k + 1)));
        };
        let at = |reason: String| RecordError { line, reason };
        if let Some(reason) = unreadable(text) {
            return Err(at(reason));
        }
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 4 {
            return Err(at(format!(
                "expected domino {} of {n} as \"U LU V LV\", found {}",
                k + 1,
                crate::error::count_of(fields.len() as u64, "field")
            )));
        }
        let domino = text.parse::<PlacedDomino>().map_err(|e| at(e.0))?;
        givens.add_domino(domino).map_err(at)?;
    }
    let Some(&(line, text)) = body.get(n) else {
        return Err(truncated("the line of 9 singles".to_string()));
    };
    let at = |reason: String| RecordError { line, reason };
    if let Some(reason) = unreadable(text) {
        return Err(at(reason));
    }
    let fields: Vec<&str> = text.split_whitespace().collect();
    if is_meant_as_domino(text) {
        return Err(at(SINGLES_ARE_A_DOMINO.to_string()));
    }
    if fields.len() != 9 {
        return Err(at(format!(
            "expected 9 positions (the singles 1 to 9), found {}",
            fields.len()
        )));
    }
    let mut singles = [Position { index: 0 }; 9];
    for (slot, field) in singles.iter_mut().zip(&fields) {
        *slot = field.parse().map_err(|e: Invalid| at(e.0))?;
    }
    givens.finish(singles).map_err(at)
}

/// Whether `text` looks like Baekjoon 4574 input: its first non-blank line is
/// an integer and the next non-blank line reads as a domino `U LU V LV`.
pub fn looks_like(text: &str) -> bool {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    matches!(
        (lines.next().and_then(count_value), lines.next()),
        (Some(_), Some(l)) if l.parse::<PlacedDomino>().is_ok()
    )
}

/// The Baekjoon text of one puzzle, without the final `0`: the count, one
/// line per domino in order, the nine single positions. Every line ends in
/// `\n`. [`parse`] reads it back to the same puzzle.
pub fn write_puzzle(p: &Puzzle) -> String {
    let mut out = format!("{}\n", p.dominoes.len());
    for d in &p.dominoes {
        out.push_str(&format!("{d}\n"));
    }
    let singles: Vec<String> = p.singles.iter().map(Position::to_string).collect();
    out.push_str(&singles.join(" "));
    out.push('\n');
    out
}

/// A whole Baekjoon input: every puzzle, then the `0` line.
pub fn write_puzzles(puzzles: &[Puzzle]) -> String {
    let mut out: String = puzzles.iter().map(write_puzzle).collect();
    out.push_str("0\n");
    out
}

/// The judge's output for the `k`-th puzzle (1-based): `Puzzle k`, then the
/// 9 rows of 9 digits, every line ending in `\n`.
///
/// # Panics
/// If `grid` is not 9x9.
pub fn format_solution(k: usize, grid: &Grid) -> String {
    assert_eq!(grid.side(), SIDE, "Sudominoku grids are 9x9");
    let mut out = format!("Puzzle {k}\n");
    for row in grid.cells().chunks(SIDE) {
        out.extend(row.iter().map(|&v| (b'0' + v) as char));
        out.push('\n');
    }
    out
}

/// The Sudominoku records of an input, read a line at a time (none over
/// [`crate::io::MAX_LINE`] bytes) and a record at a time
/// ([`RecordReader`]): memory stays bounded whatever the size of
/// the file. Bytes that are not UTF-8 become U+FFFD, so only the record
/// holding them is reported (as a bad field on its own line), and a comment
/// holding them is skipped as usual; a line too long becomes a
/// [`UNREADABLE`] line, which spoils only its record. `dlx
/// solve`, `check` and `bench` read such a file alike.
pub fn records(input: impl BufRead) -> RecordReader<impl Iterator<Item = io::Result<String>>> {
    let lines = crate::io::lines::bounded_lines(input, |_, reason, bytes| {
        if reason.starts_with(crate::io::TOO_LONG) {
            Err(reason)
        } else {
            Ok(String::from_utf8_lossy(bytes).into_owned())
        }
    });
    // Every bad line is kept: there is no error to end the reading.
    RecordReader::new(lines.map(|line| {
        line.map(|l| match l {
            // A line of the input that starts with the mark's NUL must not
            // pass for it: the NUL is written as messages show it
            // (`\u{0}`), a bad symbol like any other.
            Ok(text) if text.starts_with(UNREADABLE) => crate::error::printable(&text),
            Ok(text) => text,
            Err(reason) => format!("{}{reason}", UNREADABLE),
        })
    }))
}

// In the format's file: the model does not depend on how it is written.
impl fmt::Display for Puzzle {
    /// The Baekjoon text of the puzzle, as [`write_puzzle`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write_puzzle(self))
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::exact_cover::Limits;
    use crate::puzzles::sudominoku::DlxSudominoku;

    /// The first puzzle of `puzzles/sudominoku/sample-own.txt`.
    pub(crate) const OWN: &str = "10\n3 F4 1 E4\n1 B3 7 B2\n8 H3 7 G3\n3 E8 9 D8\n7 H4 4 I4\n\
                       6 G9 3 H9\n6 E7 5 E6\n5 G5 8 G4\n9 B9 1 A9\n2 A2 6 A3\n\
                       D1 E3 I3 C9 A7 C6 F9 F1 F6\n";

    /// (record line, error line and reason if any) of each record.
    fn summary(text: &str) -> Vec<(usize, Option<(usize, String)>)> {
        parse(text)
            .records
            .into_iter()
            .map(|r| (r.line, r.puzzle.err().map(|e| (e.line, e.reason))))
            .collect()
    }

    #[test]
    fn layout_is_lenient() {
        let plain = parse(&format!("{OWN}0\n"));
        assert!(!plain.missing_terminator);
        assert!(plain.records[0].puzzle.is_ok());
        let messy = format!(
            "\r\n  {}\r\n\r\n0  \r\n",
            OWN.trim_end()
                .replace('\n', "  \r\n")
                .replace(' ', "\t ")
                .replace('F', "f")
        );
        let parsed = parse(&messy);
        assert_eq!(parsed.records[0].puzzle, plain.records[0].puzzle);
        assert_eq!(parsed.records[0].line, 2, "blank lines still count");
        assert!(!parsed.missing_terminator);
        // Blank and `#` lines after the terminator are nothing; anything
        // else is one error record at its line.
        assert_eq!(parse(&format!("{OWN}0\n\n# notes\n  \n")), plain);
        let after = parse(&format!("{OWN}0\n\n# notes\nrubbish\n{OWN}0\n"));
        assert!(!after.missing_terminator);
        assert_eq!(after.records.len(), 2);
        assert_eq!(after.records[0], plain.records[0]);
        assert_eq!(
            after.records[1],
            Record {
                line: 16,
                puzzle: Err(RecordError {
                    line: 16,
                    reason: "found \"rubbish\" after the terminating 0 on line 13: \
                             the 0 ends the input, nothing after it is read"
                        .into()
                })
            }
        );
        // A byte-order mark is not part of the count line.
        assert_eq!(parse(&format!("\u{feff}{OWN}0\n")), plain);
        // Files joined by `cat`: the second one's mark starts a line.
        let (first, rest) = OWN.split_at(OWN.find("\n").unwrap() + 1);
        let joined = parse(&format!("{first}\u{feff}{rest}0\n"));
        assert_eq!(joined, plain);
    }

    #[test]
    fn empty_inputs() {
        let empty = parse("");
        assert!(empty.records.is_empty() && empty.missing_terminator);
        let zero = parse("0\n");
        assert!(zero.records.is_empty() && !zero.missing_terminator);
        let cut = parse("10\n");
        assert_eq!(
            cut.records[0].puzzle,
            Err(RecordError {
                line: 1,
                reason: "input ends inside the puzzle: expected domino 1 of 10".into()
            })
        );
        assert!(cut.missing_terminator);
        let no_singles = OWN.rsplit_once("D1").unwrap().0;
        assert_eq!(
            summary(no_singles),
            vec![(
                1,
                Some((
                    11,
                    "input ends inside the puzzle: expected the line of 9 singles".into()
                ))
            )]
        );
    }

    /// `#` lines are comments here as in every input kind: before, inside
    /// and between puzzles they start no record, so `Puzzle k` numbering
    /// stays that of the puzzles.
    #[test]
    fn comment_lines_are_skipped() {
        let with_comments = OWN.replacen('\n', "\n# the first domino\n", 1);
        let text = format!("# my puzzles\n{with_comments}# between\n{OWN}0\n# done\n");
        let s = summary(&text);
        assert_eq!(s.len(), 2, "{s:?}");
        assert!(s.iter().all(|(_, e)| e.is_none()), "{s:?}");
        assert_eq!(s[0].0, 2, "the first record starts at its count line");
    }

    #[test]
    fn bad_records_do_not_spoil_the_next() {
        // A garbage count: skipped up to the next count line.
        let text = format!("x\n1 A1 2 A2\n{OWN}0\n");
        let s = summary(&text);
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].1.as_ref().unwrap().0, 1);
        assert_eq!(s[1], (3, None));
        // Out of range, negative or huge: the same.
        for n in ["-3", "37", "99999999999999999999999"] {
            let text = format!("{n}\n1 A1 2 A2\n{OWN}0\n");
            let s = summary(&text);
            assert_eq!(s.len(), 2, "{n}");
            let reason = &s[0].1.as_ref().unwrap().1;
            // The count is named as written, not as it saturated.
            let named = format!("number of placed dominoes {n} is out of range");
            assert!(reason.contains(&named), "{reason}");
            assert_eq!(s[1], (3, None), "{n}");
        }
        // N one too large: the singles line is read as a domino; the next
        // count line still starts the next record.
        let text = format!("{}{OWN}{OWN}0\n", OWN.replacen("10", "11", 1));
        let s = summary(&text);
        assert_eq!(s.len(), 3);
        assert_eq!(
            s[0].1,
            Some((
                12,
                "expected domino 11 of 11 as \"U LU V LV\", found 9 fields".into()
            ))
        );
        assert_eq!((&s[1], s[2].0), (&(13, None), 25));
        // N too small: dominoes go on where the singles line belongs. The
        // extra dominoes and the singles are the same bad record, which
        // says so; the next count line starts the next record.
        for (n, more) in [
            (9, "1 more domino line follows"),
            (7, "3 more domino lines follow"),
        ] {
            let text = format!("{}{OWN}0\n", OWN.replacen("10", &n.to_string(), 1));
            let s = summary(&text);
            let reason = format!(
                "expected the line of 9 singles, found a domino: the count {n} is too small ({more})"
            );
            assert_eq!(s, vec![(1, Some((n + 2, reason))), (13, None)], "{n}");
        }
        // Four positions where the nine singles belong are no domino.
        let text = format!(
            "{}0\n",
            OWN.replacen("D1 E3 I3 C9 A7 C6 F9 F1 F6", "D1 E3 I3 C9", 1)
        );
        assert_eq!(
            summary(&text)[0].1,
            Some((
                12,
                "expected 9 positions (the singles 1 to 9), found 4".into()
            ))
        );
        assert!(!parse(&text).missing_terminator);
    }

    #[test]
    fn the_record_reader_streams() {
        // A record comes out as soon as its lines are read: the source
        // fails right after the first puzzle, and that puzzle is still
        // given before the error.
        let first_puzzle = OWN.lines().take(12).map(|l| Ok(l.to_string()));
        let failing = std::iter::once(Err(io::Error::other("disk gone")));
        let mut reader = RecordReader::new(first_puzzle.chain(failing));
        let record = reader.next().unwrap().unwrap();
        assert_eq!(record.line, 1);
        assert!(record.puzzle.is_ok(), "{:?}", record.puzzle);
        assert_eq!(reader.next().unwrap().unwrap_err().to_string(), "disk gone");
        assert!(reader.next().is_none());
        // Lines far behind the record being read are not kept: a long run of
        // junk between puzzles is one record, read in constant space.
        let junk = (0..100_000).map(|k| format!("junk {k}"));
        let lines = std::iter::once("x".to_string())
            .chain(junk)
            .chain(OWN.lines().map(str::to_string))
            .map(Ok);
        let mut reader = RecordReader::new(lines);
        let bad = reader.next().unwrap().unwrap();
        assert_eq!(bad.line, 1);
        assert!(reader.lines.held.len() < 50, "{}", reader.lines.held.len());
        let good = reader.next().unwrap().unwrap();
        assert_eq!((good.line, good.puzzle.is_ok()), (100_002, true));
    }

    #[test]
    fn looks_like_recognises_the_format() {
        assert!(looks_like(OWN));
        assert!(looks_like(&format!("\r\n{OWN}")));
        assert!(!looks_like("0\n"));
        assert!(!looks_like("10\n"));
        assert!(!looks_like("10\nfoo bar\n"));
        assert!(!looks_like("10\nD1 E3 I3 C9 A7 C6 F9 F1 F6\n"));
        assert!(!looks_like(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"
        ));
        assert!(!looks_like("5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0\n"));
        assert!(!looks_like("a b c\na b\n"));
    }

    #[test]
    fn solution_format() {
        let p = parse(OWN).records.remove(0).puzzle.unwrap();
        let grid = DlxSudominoku::new()
            .solve(&p, Limits::solutions(1))
            .grid
            .unwrap();
        let text = format_solution(7, &grid);
        assert!(text.starts_with("Puzzle 7\n"));
        assert_eq!(text.lines().count(), 10);
        assert!(text
            .lines()
            .skip(1)
            .all(|l| l.len() == 9 && l.bytes().all(|b| b.is_ascii_digit())));
        assert!(text.ends_with('\n'));
    }
}
