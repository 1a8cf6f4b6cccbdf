//! Sudominoku (Baekjoon 4574): a 9x9 Sudoku filled with the 36 dominoes
//! `{a,b}`, `1 <= a < b <= 9`, each used exactly once, plus nine single
//! squares holding the digits 1..9 once each. Some dominoes and all nine
//! singles are given.
//!
//! - [`Position`], [`PlacedDomino`], [`Puzzle`]: the givens, checked when a
//!   puzzle is built ([`Puzzle::new`]).
//! - [`parse`] / [`RecordReader`] / [`write_puzzle`] / [`write_puzzles`]: the
//!   Baekjoon 4574 text format (read whole or as a stream);
//!   [`format_solution`] writes the judge's expected output.
//! - [`encoding`]: the exact-cover matrix (Sudoku items, single-digit items,
//!   domino items), built once and shared.
//! - [`DlxSudominoku`] (the engine) and [`NaiveSudominoku`] (textbook
//!   backtracking) solve puzzles and count distinct solution grids.
//! - [`verify`]: an independent check of a solution grid.
//! - [`generate`]: deterministic unique-solution puzzles from `(seed, index)`.
//!
//! Positions are written as a row letter `A`-`I` and a column digit `1`-`9`
//! (`B2` is row 2, column 2). Boxes are numbered 1-9 in reading order.

use std::collections::{HashSet, VecDeque};
use std::fmt;
use std::io;
use std::ops::ControlFlow;
use std::str::FromStr;
use std::sync::OnceLock;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use thiserror::Error;

use crate::error::{excerpt, InputError, Invalid};
use crate::exact_cover::{End, Limits, Matrix, Problem, ReducedSolver, Solver};
use crate::puzzles::lines::{count_value, is_meant_as_domino, is_puzzle_part};
use crate::puzzles::sudoku::{self, Grid, Solution};

/// Rows, columns, boxes and digits of the grid.
pub const SIDE: usize = 9;
/// Cells of the grid.
pub const CELLS: usize = SIDE * SIDE;
/// Dominoes in the set: one per unordered pair of distinct digits.
pub const DOMINOES: usize = 36;
/// Fewest placed dominoes a puzzle may give (a count of 0 ends the input).
pub const MIN_PLACED: usize = 1;
/// Most placed dominoes a puzzle may give (the whole set).
pub const MAX_PLACED: usize = DOMINOES;
/// Fewest placed dominoes Baekjoon 4574 promises (its inputs have 10..=35).
pub const BOJ_MIN_PLACED: usize = 10;
/// Most placed dominoes Baekjoon 4574 promises.
pub const BOJ_MAX_PLACED: usize = 35;

const ROW_LETTERS: &[u8; 9] = b"ABCDEFGHI";

// ---------------------------------------------------------------------------
// The givens
// ---------------------------------------------------------------------------

/// A cell of the 9x9 grid, written `B2` (row letter `A`-`I`, column digit
/// `1`-`9`). Always on the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    /// Cell number in reading order, `0..81`.
    index: u8,
}

impl Position {
    /// The cell at 0-based (row, col), if both are below 9.
    pub fn new(row: usize, col: usize) -> Option<Self> {
        (row < SIDE && col < SIDE).then(|| Position {
            index: (row * SIDE + col) as u8,
        })
    }

    /// The cell with reading-order number `index` (`0..81`).
    pub fn from_index(index: usize) -> Option<Self> {
        (index < CELLS).then_some(Position { index: index as u8 })
    }

    /// 0-based row (`A` = 0).
    pub fn row(self) -> usize {
        self.index as usize / SIDE
    }

    /// 0-based column (`1` = 0).
    pub fn col(self) -> usize {
        self.index as usize % SIDE
    }

    /// Cell number in reading order, `0..81`.
    pub fn index(self) -> usize {
        self.index as usize
    }

    /// 0-based box number in reading order.
    pub fn box_index(self) -> usize {
        (self.row() / 3) * 3 + self.col() / 3
    }

    /// Whether `other` shares a side with `self`.
    pub fn is_adjacent(self, other: Position) -> bool {
        self.row().abs_diff(other.row()) + self.col().abs_diff(other.col()) == 1
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", ROW_LETTERS[self.row()] as char, self.col() + 1)
    }
}

impl FromStr for Position {
    type Err = Invalid;

    /// Reads `B2`; the row letter may be lower case.
    fn from_str(s: &str) -> Result<Self, Invalid> {
        let bytes = s.as_bytes();
        let row = bytes.first().map(|b| b.to_ascii_uppercase());
        match (bytes.len(), row, bytes.get(1)) {
            (2, Some(r @ b'A'..=b'I'), Some(c @ b'1'..=b'9')) => {
                Ok(Position::new((r - b'A') as usize, (c - b'1') as usize).expect("on the grid"))
            }
            _ => Err(Invalid(format!(
                "bad position \"{}\" (expected a row A-I and a column 1-9, e.g. B2)",
                excerpt(s)
            ))),
        }
    }
}

pub(crate) fn parse_digit(s: &str) -> Result<u8, String> {
    match s.as_bytes() {
        [d @ b'1'..=b'9'] => Ok(d - b'0'),
        _ => Err(format!("bad digit \"{}\" (expected 1 to 9)", excerpt(s))),
    }
}

/// A given domino: digit `u` at `lu` and digit `v` at `lv`, as on a
/// Baekjoon line `U LU V LV`. [`Puzzle::new`] checks that the digits are
/// 1-9 and distinct and the cells adjacent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlacedDomino {
    /// Digit of the first half.
    pub u: u8,
    /// Cell of the first half.
    pub lu: Position,
    /// Digit of the second half.
    pub v: u8,
    /// Cell of the second half.
    pub lv: Position,
}

impl PlacedDomino {
    /// The domino with `u` at `lu` and `v` at `lv`.
    pub fn new(u: u8, lu: Position, v: u8, lv: Position) -> Self {
        PlacedDomino { u, lu, v, lv }
    }

    /// Its digits, smaller first: which domino of the set it is.
    pub fn pair(&self) -> (u8, u8) {
        (self.u.min(self.v), self.u.max(self.v))
    }

    /// The same domino with its halves listed the other way round.
    pub fn flipped(&self) -> Self {
        PlacedDomino::new(self.v, self.lv, self.u, self.lu)
    }
}

impl fmt::Display for PlacedDomino {
    /// `U LU V LV`, e.g. `6 B2 1 B3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {} {}", self.u, self.lu, self.v, self.lv)
    }
}

impl FromStr for PlacedDomino {
    type Err = Invalid;

    /// Reads `U LU V LV` (whitespace-separated). Only the syntax is checked.
    fn from_str(s: &str) -> Result<Self, Invalid> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        let [u, lu, v, lv] = fields[..] else {
            return Err(Invalid(format!(
                "expected a domino \"U LU V LV\", found {}",
                crate::error::count_of(fields.len() as u64, "field")
            )));
        };
        Ok(PlacedDomino::new(
            parse_digit(u)?,
            lu.parse()?,
            parse_digit(v)?,
            lv.parse()?,
        ))
    }
}

/// Which part of a puzzle a [`PuzzleError`] is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Given {
    /// The number of placed dominoes.
    Count,
    /// The placed domino with this 0-based index.
    Domino(usize),
    /// The positions of the singles.
    Singles,
}

/// Why a set of givens is not a valid Sudominoku puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{reason}")]
pub struct PuzzleError {
    /// The given at fault: the first one, in input order, that cannot be
    /// added to the ones before it.
    pub at: Given,
    /// What is wrong, in words.
    pub reason: String,
}

/// The givens of one puzzle: placed dominoes (in input order) and the cells
/// of the singles 1..9. Valid by construction: digits 1-9, each domino's
/// halves adjacent and different, no domino twice, no cell covered twice,
/// no digit twice in a row, column or box.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Puzzle {
    dominoes: Vec<PlacedDomino>,
    singles: [Position; 9],
}

impl Puzzle {
    /// Checks and builds a puzzle. `singles[d - 1]` is the cell of the single
    /// digit `d`. The domino count must be in `MIN_PLACED..=MAX_PLACED`.
    /// Givens are checked in order (dominoes, then singles 1..9) and the
    /// first that cannot join the ones before it is reported.
    pub fn new(dominoes: Vec<PlacedDomino>, singles: [Position; 9]) -> Result<Self, PuzzleError> {
        check_count(dominoes.len() as i64).map_err(|reason| PuzzleError {
            at: Given::Count,
            reason,
        })?;
        let mut givens = Givens::new();
        for (k, d) in dominoes.iter().enumerate() {
            givens.add_domino(*d).map_err(|reason| PuzzleError {
                at: Given::Domino(k),
                reason,
            })?;
        }
        givens.finish(singles).map_err(|reason| PuzzleError {
            at: Given::Singles,
            reason,
        })
    }

    /// The placed dominoes, in input order.
    pub fn dominoes(&self) -> &[PlacedDomino] {
        &self.dominoes
    }

    /// The cells of the singles: `singles()[d - 1]` holds digit `d`.
    pub fn singles(&self) -> &[Position; 9] {
        &self.singles
    }

    /// The given digits as a (partial) 9x9 [`Grid`]: the dominoes' and the
    /// singles' cells filled, the rest blank.
    pub fn givens(&self) -> Grid {
        let mut grid = Grid::empty(3);
        for d in &self.dominoes {
            grid.set(d.lu.row(), d.lu.col(), d.u);
            grid.set(d.lv.row(), d.lv.col(), d.v);
        }
        for (k, p) in self.singles.iter().enumerate() {
            grid.set(p.row(), p.col(), k as u8 + 1);
        }
        grid
    }
}

impl fmt::Display for Puzzle {
    /// The Baekjoon text of the puzzle, as [`write_puzzle`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write_puzzle(self))
    }
}

fn check_count(n: i64) -> Result<usize, String> {
    if (MIN_PLACED as i64..=MAX_PLACED as i64).contains(&n) {
        Ok(n as usize)
    } else {
        Err(format!(
            "number of placed dominoes {n} is out of range ({MIN_PLACED} to {MAX_PLACED})"
        ))
    }
}

/// What covers a cell while givens are being checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Owner {
    Free,
    /// Index into `Givens::dominoes`.
    Domino(usize),
    /// The single of this digit.
    Single(u8),
}

/// The k-th cell, as (row, col), of one of the units through a position.
type UnitCell = fn(Position, usize) -> (usize, usize);

/// Givens checked so far; each new one is checked against them.
struct Givens {
    digit: [u8; CELLS],
    owner: [Owner; CELLS],
    /// Index of the placed domino using each pair (smaller digit first).
    pair_at: [[Option<usize>; 10]; 10],
    dominoes: Vec<PlacedDomino>,
}

impl Givens {
    fn new() -> Self {
        Givens {
            digit: [0; CELLS],
            owner: [Owner::Free; CELLS],
            pair_at: [[None; 10]; 10],
            dominoes: Vec::new(),
        }
    }

    fn describe_owner(&self, owner: Owner) -> String {
        match owner {
            Owner::Domino(k) => {
                let d = self.dominoes[k];
                format!("domino {}-{} at {} {}", d.u, d.v, d.lu, d.lv)
            }
            Owner::Single(s) => format!("single {s}"),
            Owner::Free => "nothing".to_string(),
        }
    }

    /// Fails if `digit` is already given in the row, column or box of `at`.
    fn check_clash(&self, digit: u8, at: Position) -> Result<(), String> {
        let units: [(String, UnitCell); 3] = [
            (format!("row {}", ROW_LETTERS[at.row()] as char), |p, k| {
                (p.row(), k)
            }),
            (format!("column {}", at.col() + 1), |p, k| (k, p.col())),
            (format!("box {}", at.box_index() + 1), |p, k| {
                let b = p.box_index();
                ((b / 3) * 3 + k / 3, (b % 3) * 3 + k % 3)
            }),
        ];
        for (unit, cell) in units {
            for k in 0..SIDE {
                let (r, c) = cell(at, k);
                let q = Position::new(r, c).expect("on grid");
                if q != at && self.digit[q.index()] == digit {
                    let (first, second) = (q.min(at), q.max(at));
                    return Err(format!(
                        "digit {digit} appears twice in {unit} (at {first} and {second})"
                    ));
                }
            }
        }
        Ok(())
    }

    fn add_domino(&mut self, d: PlacedDomino) -> Result<(), String> {
        for digit in [d.u, d.v] {
            if !(1..=9).contains(&digit) {
                return Err(format!("bad digit \"{digit}\" (expected 1 to 9)"));
            }
        }
        if d.u == d.v {
            return Err(format!(
                "domino {}-{} has the same digit on both halves",
                d.u, d.v
            ));
        }
        if !d.lu.is_adjacent(d.lv) {
            return Err(format!(
                "the halves of domino {}-{} at {} and {} are not adjacent",
                d.u, d.v, d.lu, d.lv
            ));
        }
        let (a, b) = d.pair();
        if let Some(k) = self.pair_at[a as usize][b as usize] {
            let e = self.dominoes[k];
            return Err(format!(
                "domino {a}-{b} is given twice (also at {} {})",
                e.lu, e.lv
            ));
        }
        for p in [d.lu, d.lv] {
            let owner = self.owner[p.index()];
            if owner != Owner::Free {
                return Err(format!(
                    "cell {p} is already covered by {}",
                    self.describe_owner(owner)
                ));
            }
        }
        self.check_clash(d.u, d.lu)?;
        self.check_clash(d.v, d.lv)?;
        let k = self.dominoes.len();
        self.digit[d.lu.index()] = d.u;
        self.digit[d.lv.index()] = d.v;
        self.owner[d.lu.index()] = Owner::Domino(k);
        self.owner[d.lv.index()] = Owner::Domino(k);
        self.pair_at[a as usize][b as usize] = Some(k);
        self.dominoes.push(d);
        Ok(())
    }

    fn finish(mut self, singles: [Position; 9]) -> Result<Puzzle, String> {
        for (k, &p) in singles.iter().enumerate() {
            let digit = k as u8 + 1;
            match self.owner[p.index()] {
                Owner::Free => {}
                Owner::Single(s) => return Err(format!("singles {s} and {digit} are both at {p}")),
                owner @ Owner::Domino(_) => {
                    return Err(format!(
                        "single {digit} is at {p}, which is already covered by {}",
                        self.describe_owner(owner)
                    ))
                }
            }
            self.check_clash(digit, p)?;
            self.digit[p.index()] = digit;
            self.owner[p.index()] = Owner::Single(digit);
        }
        Ok(Puzzle {
            dominoes: self.dominoes,
            singles,
        })
    }
}

// ---------------------------------------------------------------------------
// Text format
// ---------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------
// Exact-cover encoding
// ---------------------------------------------------------------------------

/// The exact-cover encoding of Sudominoku.
///
/// Items (all primary), numbered in this order:
/// - `0..324`: the 9x9 Sudoku items of [`sudoku::encoding`] (cells, then
///   row-, column- and box-digit), same names and numbers;
/// - `324..333`: "single digit d is placed", `s1`..`s9`;
/// - `333..369`: "domino {a,b} is placed", `d12`..`d89`.
///
/// Options:
/// - `0..729`: digit d alone at a cell: the cell, its row-, column- and
///   box-digit items and `s{d}`. Numbered like
///   [`sudoku::encoding::option`].
/// - `729..`: domino {a,b} on an adjacent pair of cells, either way round:
///   both cells, both halves' row-, column- and box-digit items, and
///   `d{a}{b}`. See [`encoding::domino_option`].
///
/// There is deliberately no plain "digit d at a cell" option: every cell is
/// covered by a single or a domino half. (Counting shows such options could
/// never be part of a solution anyway, 9 singles + 36 dominoes fill all 81
/// cells, but they would cost the search dearly.)
pub mod encoding {
    use super::*;

    /// Items of the Sudoku part.
    pub const SUDOKU_ITEMS: usize = 4 * CELLS;
    /// All items.
    pub const ITEMS: usize = SUDOKU_ITEMS + SIDE + DOMINOES;
    /// Unordered pairs of adjacent cells: 72 horizontal, then 72 vertical.
    pub const EDGES: usize = 2 * SIDE * (SIDE - 1);
    /// Options that place a single.
    pub const SINGLE_OPTIONS: usize = CELLS * SIDE;
    /// All options.
    pub const OPTIONS: usize = SINGLE_OPTIONS + DOMINOES * EDGES * 2;

    /// Item "the single of `digit` (1-9) is placed".
    pub fn single_item(digit: u8) -> usize {
        SUDOKU_ITEMS + digit as usize - 1
    }

    /// Item "the domino of digits `a` and `b` (distinct, 1-9, either order)
    /// is placed".
    pub fn domino_item(a: u8, b: u8) -> usize {
        SUDOKU_ITEMS + SIDE + domino_index(a, b)
    }

    /// The domino's number `0..36`: `1-2` is 0, `1-3` is 1, ..., `8-9` is 35.
    ///
    /// # Panics
    /// If the digits are equal or outside 1-9.
    pub fn domino_index(a: u8, b: u8) -> usize {
        let (a, b) = (a.min(b) as usize, a.max(b) as usize);
        assert!(1 <= a && a < b && b <= 9, "no domino {a}-{b}");
        (a - 1) * (18 - a) / 2 + (b - a - 1)
    }

    /// The digits (smaller first) of domino number `index`.
    pub fn domino_digits(index: usize) -> (u8, u8) {
        let mut k = index;
        for a in 1..9u8 {
            let row = 9 - a as usize;
            if k < row {
                return (a, a + 1 + k as u8);
            }
            k -= row;
        }
        panic!("domino index {index} out of range")
    }

    /// The number of the adjacent pair of cells `{p, q}`, if adjacent.
    pub fn edge(p: Position, q: Position) -> Option<usize> {
        let (p, q) = (p.min(q), p.max(q));
        if !p.is_adjacent(q) {
            None
        } else if p.row() == q.row() {
            Some(p.row() * (SIDE - 1) + p.col())
        } else {
            Some(SIDE * (SIDE - 1) + p.row() * SIDE + p.col())
        }
    }

    /// The cells of edge `e`, the top or left one first.
    pub fn edge_cells(e: usize) -> (Position, Position) {
        let half = SIDE * (SIDE - 1);
        let (p, q) = if e < half {
            let (r, c) = (e / (SIDE - 1), e % (SIDE - 1));
            ((r, c), (r, c + 1))
        } else {
            let (r, c) = ((e - half) / SIDE, (e - half) % SIDE);
            ((r, c), (r + 1, c))
        };
        (
            Position::new(p.0, p.1).expect("on grid"),
            Position::new(q.0, q.1).expect("on grid"),
        )
    }

    /// The option placing the single of `digit` at `at`.
    pub fn single_option(at: Position, digit: u8) -> usize {
        sudoku::encoding::option(SIDE, at.row(), at.col(), digit as usize - 1)
    }

    /// The option placing domino `d` (valid: adjacent cells, distinct digits
    /// 1-9), whichever half it lists first.
    ///
    /// # Panics
    /// If `d` is not valid.
    pub fn domino_option(d: &PlacedDomino) -> usize {
        let e = edge(d.lu, d.lv).expect("domino halves are adjacent");
        let (a, _) = d.pair();
        // Orientation 0: the smaller digit on the top or left cell.
        let small_first = (d.lu < d.lv) == (d.u == a);
        SINGLE_OPTIONS + (domino_index(d.u, d.v) * EDGES + e) * 2 + usize::from(!small_first)
    }

    /// What an option places.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Placement {
        /// The single of `digit` at `at`.
        Single {
            /// Its cell.
            at: Position,
            /// Its digit, 1-9.
            digit: u8,
        },
        /// A domino, listed top or left cell first.
        Domino(PlacedDomino),
    }

    /// Decodes option number `option`.
    ///
    /// # Panics
    /// If `option >= OPTIONS`.
    pub fn decode(option: usize) -> Placement {
        assert!(option < OPTIONS, "option {option} out of range");
        if option < SINGLE_OPTIONS {
            let (r, c, d) = sudoku::encoding::decode(SIDE, option);
            return Placement::Single {
                at: Position::new(r, c).expect("on grid"),
                digit: d as u8 + 1,
            };
        }
        let k = option - SINGLE_OPTIONS;
        let (flip, e, dom) = (k % 2 == 1, (k / 2) % EDGES, k / 2 / EDGES);
        let (a, b) = domino_digits(dom);
        let (p, q) = edge_cells(e);
        let (x, y) = if flip { (b, a) } else { (a, b) };
        Placement::Domino(PlacedDomino::new(x, p, y, q))
    }

    /// The items of an option's placement, in option order.
    fn option_items(placement: Placement) -> Vec<usize> {
        let sudoku_items = |at: Position, digit: u8| {
            let d = digit as usize - 1;
            [
                sudoku::encoding::cell_item(SIDE, at.row(), at.col()),
                sudoku::encoding::row_item(SIDE, at.row(), d),
                sudoku::encoding::col_item(SIDE, at.col(), d),
                sudoku::encoding::box_item(SIDE, at.box_index(), d),
            ]
        };
        match placement {
            Placement::Single { at, digit } => {
                let mut items = sudoku_items(at, digit).to_vec();
                items.push(single_item(digit));
                items
            }
            Placement::Domino(d) => {
                let mut items = sudoku_items(d.lu, d.u).to_vec();
                items.extend(sudoku_items(d.lv, d.v));
                items.push(domino_item(d.u, d.v));
                items
            }
        }
    }

    /// The Sudominoku problem, options numbered as above. With
    /// `order = Some(perm)`, option `perm[k]` of the standard numbering is
    /// added k-th instead (used by the generator to randomise the search).
    pub(crate) fn problem_in_order(order: Option<&[usize]>) -> Problem {
        let mut p = Problem::new();
        // The Sudoku items, exactly as the Sudoku module names and numbers
        // them (its 729 plain placement options are not wanted here).
        for item in sudoku::encoding::problem(3).items() {
            p.add_item(item.name.clone(), item.kind)
                .expect("distinct names");
        }
        for digit in 1..=9 {
            p.add_primary(format!("s{digit}")).expect("distinct names");
        }
        for k in 0..DOMINOES {
            let (a, b) = domino_digits(k);
            p.add_primary(format!("d{a}{b}")).expect("distinct names");
        }
        debug_assert_eq!(p.items().len(), ITEMS);
        for k in 0..OPTIONS {
            let option = order.map_or(k, |o| o[k]);
            p.add_option(&option_items(decode(option)))
                .expect("valid option");
        }
        p
    }

    /// The Sudominoku problem: 369 items, 11097 options.
    pub fn problem() -> Problem {
        problem_in_order(None)
    }

    /// The compiled matrix, built once per process.
    pub fn matrix() -> &'static Matrix {
        static MATRIX: OnceLock<Matrix> = OnceLock::new();
        MATRIX.get_or_init(|| problem().compile().expect("Sudominoku matrix fits"))
    }
}

// ---------------------------------------------------------------------------
// Solvers
// ---------------------------------------------------------------------------

/// A Sudominoku solver: [`DlxSudominoku`] or [`NaiveSudominoku`].
pub trait SudominokuSolver {
    /// Solves `puzzle`; see [`DlxSudominoku::solve`] for the meaning of the
    /// limits and of [`Solution`]'s fields.
    fn solve(&mut self, puzzle: &Puzzle, limits: Limits) -> Solution;
}

fn grid_of(cells: &[u8; CELLS]) -> Grid {
    Grid::from_cells(3, cells.to_vec()).expect("a 9x9 grid")
}

/// Solves Sudominoku with the exact-cover engine: one shared matrix
/// ([`encoding::matrix`]), and per puzzle what its givens leave of it
/// ([`ReducedSolver::load_after`]): the same search as the whole matrix
/// with the givens selected, without copying its 100,000-node arena and
/// hiding, link by link, the thousands of options the givens rule out.
#[derive(Debug, Default)]
pub struct DlxSudominoku {
    solver: ReducedSolver,
}

impl DlxSudominoku {
    /// A solver; its arena is made on first use.
    pub fn new() -> Self {
        DlxSudominoku::default()
    }

    /// Solves `puzzle` (valid by construction).
    ///
    /// Counts **distinct solution grids**, not domino tilings: several
    /// tilings can give the same grid, and those count once. The search
    /// enumerates tilings, remembers the grids seen, and stops once
    /// `limits.max_solutions` (default 1) distinct grids were found
    /// ([`End::Stopped`]), after `limits.max_nodes` search nodes
    /// ([`End::NodeLimit`]), once `limits.deadline` has passed
    /// ([`End::TimeLimit`]) or once `limits.cancel` is raised
    /// ([`End::Cancelled`]; both checked every 1024 nodes). [`End::Exhausted`] means
    /// `count` is exact.
    /// `grid` is the first grid found; `nodes` the engine's search nodes
    /// (options tried).
    pub fn solve(&mut self, puzzle: &Puzzle, limits: Limits) -> Solution {
        let solver = &mut self.solver;
        let givens = puzzle
            .singles
            .iter()
            .enumerate()
            .map(|(k, &p)| encoding::single_option(p, k as u8 + 1))
            .chain(puzzle.dominoes.iter().map(encoding::domino_option));
        if solver.load_after(encoding::matrix(), givens).is_err() {
            return Solution::none();
        }
        let max = limits.max_solutions.unwrap_or(1);
        let mut seen: HashSet<[u8; CELLS]> = HashSet::new();
        let mut first = None;
        let engine_limits = Limits {
            max_solutions: (max == 0).then_some(0),
            ..limits
        };
        let report = solver.search(engine_limits, |options| {
            let mut cells = [0u8; CELLS];
            for &o in options {
                match encoding::decode(o) {
                    encoding::Placement::Single { at, digit } => cells[at.index()] = digit,
                    encoding::Placement::Domino(d) => {
                        cells[d.lu.index()] = d.u;
                        cells[d.lv.index()] = d.v;
                    }
                }
            }
            if seen.insert(cells) {
                first.get_or_insert(cells);
                if seen.len() as u64 >= max {
                    return ControlFlow::Break(());
                }
            }
            ControlFlow::Continue(())
        });
        Solution {
            grid: first.as_ref().map(grid_of),
            count: seen.len() as u64,
            end: report.end,
            nodes: report.stats.nodes,
        }
    }
}

impl SudominokuSolver for DlxSudominoku {
    fn solve(&mut self, puzzle: &Puzzle, limits: Limits) -> Solution {
        DlxSudominoku::solve(self, puzzle, limits)
    }
}

/// The textbook backtracking of the usual Baekjoon 4574 write-ups: take the
/// first free cell in reading order, try a digit there, then a free
/// neighbour (right, then down) and a second digit, checking rows, columns
/// and boxes with boolean tables `used[unit][digit]` and the dominoes with
/// `used[a][b]`. One search node = one domino placed. Node budget and
/// deadline (and cancel flag) are honoured as by the engine (looked at
/// every 1024 nodes, [`Limits::must_stop`]).
#[derive(Debug, Default, Clone, Copy)]
pub struct NaiveSudominoku;

impl NaiveSudominoku {
    /// A solver (it holds no state between puzzles).
    pub fn new() -> Self {
        NaiveSudominoku
    }

    /// Solves `puzzle` with the same meaning of limits and results as
    /// [`DlxSudominoku::solve`]: `count` is the number of distinct grids.
    pub fn solve(&mut self, puzzle: &Puzzle, limits: Limits) -> Solution {
        let mut s = Naive {
            grid: [0; CELLS],
            row: [[false; 10]; SIDE],
            col: [[false; 10]; SIDE],
            bx: [[false; 10]; SIDE],
            domino: [[false; 10]; 10],
            nodes: 0,
            max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
            max_solutions: limits.max_solutions.unwrap_or(1),
            limits,
            seen: HashSet::new(),
            first: None,
            end: None,
        };
        for (k, &p) in puzzle.singles.iter().enumerate() {
            s.put(p.index(), k as u8 + 1);
        }
        for d in &puzzle.dominoes {
            s.put(d.lu.index(), d.u);
            s.put(d.lv.index(), d.v);
            let (a, b) = d.pair();
            s.domino[a as usize][b as usize] = true;
        }
        if s.max_solutions == 0 {
            s.end = Some(End::Stopped);
        } else {
            s.dfs(0);
        }
        Solution {
            grid: s.first.as_ref().map(grid_of),
            count: s.seen.len() as u64,
            end: s.end.unwrap_or(End::Exhausted),
            nodes: s.nodes,
        }
    }
}

impl SudominokuSolver for NaiveSudominoku {
    fn solve(&mut self, puzzle: &Puzzle, limits: Limits) -> Solution {
        NaiveSudominoku::solve(self, puzzle, limits)
    }
}

struct Naive {
    grid: [u8; CELLS],
    row: [[bool; 10]; SIDE],
    col: [[bool; 10]; SIDE],
    bx: [[bool; 10]; SIDE],
    domino: [[bool; 10]; 10],
    nodes: u64,
    max_nodes: u64,
    max_solutions: u64,
    /// The caller's limits, for [`Limits::must_stop`].
    limits: Limits,
    seen: HashSet<[u8; CELLS]>,
    first: Option<[u8; CELLS]>,
    /// Set when the search must stop.
    end: Option<End>,
}

impl Naive {
    fn fits(&self, k: usize, d: u8) -> bool {
        let (r, c, d) = (k / SIDE, k % SIDE, d as usize);
        !self.row[r][d] && !self.col[c][d] && !self.bx[(r / 3) * 3 + c / 3][d]
    }

    fn mark(&mut self, k: usize, d: u8, used: bool) {
        let (r, c, du) = (k / SIDE, k % SIDE, d as usize);
        self.row[r][du] = used;
        self.col[c][du] = used;
        self.bx[(r / 3) * 3 + c / 3][du] = used;
        self.grid[k] = if used { d } else { 0 };
    }

    fn put(&mut self, k: usize, d: u8) {
        self.mark(k, d, true);
    }

    fn take(&mut self, k: usize, d: u8) {
        self.mark(k, d, false);
    }

    /// Fills the free cells from `from` on; returns true when the search
    /// must stop (`self.end` says why).
    fn dfs(&mut self, from: usize) -> bool {
        let Some(k) = (from..CELLS).find(|&k| self.grid[k] == 0) else {
            if self.seen.insert(self.grid) {
                self.first.get_or_insert(self.grid);
                if self.seen.len() as u64 >= self.max_solutions {
                    self.end = Some(End::Stopped);
                    return true;
                }
            }
            return false;
        };
        let (r, c) = (k / SIDE, k % SIDE);
        // Cells before k are filled, so only right and down can pair with k.
        let mut neighbours = [None, None];
        if c + 1 < SIDE {
            neighbours[0] = Some(k + 1);
        }
        if r + 1 < SIDE {
            neighbours[1] = Some(k + SIDE);
        }
        for a in 1..=9u8 {
            if !self.fits(k, a) {
                continue;
            }
            self.put(k, a);
            for m in neighbours.into_iter().flatten() {
                if self.grid[m] != 0 {
                    continue;
                }
                for b in 1..=9u8 {
                    let (lo, hi) = (a.min(b) as usize, a.max(b) as usize);
                    if b == a || self.domino[lo][hi] || !self.fits(m, b) {
                        continue;
                    }
                    if self.nodes >= self.max_nodes {
                        self.end = Some(End::NodeLimit);
                        self.take(k, a);
                        return true;
                    }
                    if let Some(end) = self.limits.must_stop(self.nodes) {
                        self.end = Some(end);
                        self.take(k, a);
                        return true;
                    }
                    self.nodes += 1;
                    self.put(m, b);
                    self.domino[lo][hi] = true;
                    let stop = self.dfs(k + 1);
                    self.domino[lo][hi] = false;
                    self.take(m, b);
                    if stop {
                        self.take(k, a);
                        return true;
                    }
                }
            }
            self.take(k, a);
        }
        false
    }
}

// ---------------------------------------------------------------------------
// Verifier
// ---------------------------------------------------------------------------

/// `message` with each Sudoku cell name `rRcC` (rows and columns 1-9)
/// written as a Sudominoku position (`B3`), as the puzzle names its cells.
fn in_positions(message: &str) -> String {
    let bytes = message.as_bytes();
    let mut out = String::with_capacity(message.len());
    let mut k = 0;
    while k < bytes.len() {
        if let [b'r', row @ b'1'..=b'9', b'c', col @ b'1'..=b'9', ..] = bytes[k..] {
            let at_word_start = k == 0 || !bytes[k - 1].is_ascii_alphanumeric();
            let at_word_end = !matches!(bytes.get(k + 4), Some(b) if b.is_ascii_alphanumeric());
            if at_word_start && at_word_end {
                out.push((b'A' + (row - b'1')) as char);
                out.push(col as char);
                k += 4;
                continue;
            }
        }
        // Whole characters: `k` only ever stops at an ASCII byte or the
        // start of a character.
        let c = message[k..].chars().next().unwrap_or_default();
        out.push(c);
        k += c.len_utf8();
    }
    out
}

/// Checks that `grid` solves `puzzle`, independently of the solvers: it is a
/// complete valid 9x9 Sudoku ([`Grid::check_solution`]), it keeps every given
/// digit (dominoes and singles), and it can be cut into the nine given
/// singles plus the 36 dominoes, each exactly once, keeping the given
/// dominoes where they are. The last point is decided by a small
/// depth-first search of its own (first uncovered cell in reading order,
/// paired with its right or lower neighbour), not by the engine.
pub fn verify(puzzle: &Puzzle, grid: &Grid) -> Result<(), Invalid> {
    if grid.side() != SIDE {
        return Err(Invalid(format!(
            "solution is {0}x{0}, a Sudominoku is 9x9",
            grid.side()
        )));
    }
    grid.check_solution(&puzzle.givens())
        .map_err(|e| Invalid(in_positions(&e.0)))?;
    let mut covered = [false; CELLS];
    let mut used = [[false; 10]; 10];
    for p in &puzzle.singles {
        covered[p.index()] = true;
    }
    for d in &puzzle.dominoes {
        covered[d.lu.index()] = true;
        covered[d.lv.index()] = true;
        let (a, b) = d.pair();
        used[a as usize][b as usize] = true;
    }
    if tile(grid.cells(), &mut covered, &mut used, 0) {
        Ok(())
    } else {
        Err(Invalid("the grid cannot be cut into the 36 dominoes, each once, around the given singles and dominoes".to_string()))
    }
}

/// Whether the uncovered cells from `from` on can be tiled with unused
/// dominoes of the digits in `cells`.
fn tile(
    cells: &[u8],
    covered: &mut [bool; CELLS],
    used: &mut [[bool; 10]; 10],
    from: usize,
) -> bool {
    let Some(k) = (from..CELLS).find(|&k| !covered[k]) else {
        return true;
    };
    let (r, c) = (k / SIDE, k % SIDE);
    let right = (c + 1 < SIDE).then_some(k + 1);
    let down = (r + 1 < SIDE).then_some(k + SIDE);
    for m in [right, down].into_iter().flatten() {
        let (x, y) = (cells[k], cells[m]);
        let (a, b) = (x.min(y) as usize, x.max(y) as usize);
        if covered[m] || a == b || used[a][b] {
            continue;
        }
        covered[k] = true;
        covered[m] = true;
        used[a][b] = true;
        let done = tile(cells, covered, used, k + 1);
        covered[k] = false;
        covered[m] = false;
        used[a][b] = false;
        if done {
            return true;
        }
    }
    false
}

// ---------------------------------------------------------------------------
// Generator
// ---------------------------------------------------------------------------

/// Node budget of one uniqueness check while generating; a check that runs
/// out keeps its domino given.
const GEN_CHECK_NODES: u64 = 200_000;
/// Node budget of one attempt at cutting a random grid into pieces.
const GEN_TILING_NODES: u64 = 10_000;

/// A unique-solution puzzle, deterministic in `(seed, index)`; the k-th
/// puzzle (0-based) of a set made with seed `s` is `generate(s, k)`.
///
/// Gives at least [`BOJ_MIN_PLACED`] dominoes, so every puzzle is a valid
/// Baekjoon 4574 input; see [`generate_with_floor`].
pub fn generate(seed: u64, index: u64) -> Puzzle {
    generate_with_floor(seed, index, BOJ_MIN_PLACED)
}

/// As [`generate`], but removes given dominoes down to `min_placed` (at
/// least 1) if uniqueness allows.
///
/// 1. A random complete solution: a random Sudoku grid (the engine's first
///    solution of the empty Sudoku, options added in random order), cut into
///    the nine singles and the 36 dominoes by a second small exact cover
///    solved the same way; grids that cannot be cut are drawn again.
/// 2. All 36 dominoes given (each with its halves listed in random order,
///    the dominoes in random order), then each in turn is removed if the
///    puzzle still has exactly one distinct solution grid
///    ([`DlxSudominoku::solve`] with at most 2 grids, search exhausted).
pub fn generate_with_floor(seed: u64, index: u64, min_placed: usize) -> Puzzle {
    let min_placed = min_placed.max(MIN_PLACED);
    let mut rng =
        Xoshiro256PlusPlus::seed_from_u64(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let options = random_tiling(&mut rng);
    let mut singles = [Position { index: 0 }; 9];
    let mut dominoes = Vec::with_capacity(DOMINOES);
    for &o in &options {
        match encoding::decode(o) {
            encoding::Placement::Single { at, digit } => singles[digit as usize - 1] = at,
            encoding::Placement::Domino(d) => {
                dominoes.push(if rng.gen() { d.flipped() } else { d })
            }
        }
    }
    dominoes.sort_by_key(|d| d.lu.min(d.lv));
    dominoes.shuffle(&mut rng);
    let mut keep = [true; DOMINOES];
    let mut placed = DOMINOES;
    let mut dlx = DlxSudominoku::new();
    let build = |keep: &[bool; DOMINOES]| {
        let kept = dominoes
            .iter()
            .zip(keep)
            .filter(|(_, &k)| k)
            .map(|(d, _)| *d)
            .collect();
        Puzzle::new(kept, singles).expect("a tiling's pieces are valid givens")
    };
    for k in 0..DOMINOES {
        if placed <= min_placed {
            break;
        }
        keep[k] = false;
        let s = dlx.solve(
            &build(&keep),
            Limits::solutions(2).with_max_nodes(Some(GEN_CHECK_NODES)),
        );
        if s.count == 1 && s.end == End::Exhausted {
            placed -= 1;
        } else {
            keep[k] = true;
        }
    }
    build(&keep)
}

/// The options (of [`encoding`]) of a random complete solution: 9 singles
/// and 36 dominoes. Draws random Sudoku grids until one can be tiled.
fn random_tiling(rng: &mut Xoshiro256PlusPlus) -> Vec<usize> {
    loop {
        let cells = random_sudoku(rng);
        if let Some(options) = random_tiling_of(&cells, rng) {
            return options;
        }
    }
}

/// A random complete 9x9 Sudoku grid: the first solution of the empty
/// Sudoku on a matrix whose options were added in a random order.
fn random_sudoku(rng: &mut Xoshiro256PlusPlus) -> [u8; CELLS] {
    let base = sudoku::encoding::problem(3);
    let mut order: Vec<usize> = (0..base.options()).collect();
    order.shuffle(rng);
    let mut p = Problem::new();
    for item in base.items() {
        p.add_item(item.name.clone(), item.kind)
            .expect("distinct names");
    }
    for &o in &order {
        p.add_option(&base.option(o).collect::<Vec<_>>())
            .expect("valid option");
    }
    let solution = Solver::new(&p.compile().expect("fits"))
        .first_solution()
        .expect("the empty Sudoku has solutions");
    let mut cells = [0u8; CELLS];
    for k in solution {
        let (r, c, d) = sudoku::encoding::decode(SIDE, order[k]);
        cells[r * SIDE + c] = d as u8 + 1;
    }
    cells
}

/// A random way to cut the full grid `cells` into the nine singles and the
/// 36 dominoes, as options of [`encoding`], if one is found. A small exact
/// cover: items are the cells, the single digits and the dominoes; options
/// are "cell k is a single" and "edge e is a domino", added in random order.
/// About 70% of random grids can be cut; a cut takes some 50 nodes.
fn random_tiling_of(cells: &[u8; CELLS], rng: &mut Xoshiro256PlusPlus) -> Option<Vec<usize>> {
    let mut placements: Vec<usize> = (0..CELLS)
        .map(|k| {
            let at = Position::from_index(k).expect("on grid");
            encoding::single_option(at, cells[k])
        })
        .chain((0..encoding::EDGES).map(|e| {
            let (p, q) = encoding::edge_cells(e);
            encoding::domino_option(&PlacedDomino::new(cells[p.index()], p, cells[q.index()], q))
        }))
        .collect();
    placements.shuffle(rng);
    let mut p = Problem::new();
    for k in 0..CELLS + SIDE + DOMINOES {
        p.add_primary(format!("i{k}")).expect("distinct names");
    }
    for &o in &placements {
        let items: Vec<usize> = match encoding::decode(o) {
            encoding::Placement::Single { at, digit } => {
                vec![at.index(), CELLS + digit as usize - 1]
            }
            encoding::Placement::Domino(d) => vec![
                d.lu.index(),
                d.lv.index(),
                CELLS + SIDE + encoding::domino_index(d.u, d.v),
            ],
        };
        p.add_option(&items).expect("valid option");
    }
    let mut solver = Solver::new(&p.compile().expect("fits"));
    let mut found = None;
    solver.search(
        Limits::solutions(1).with_max_nodes(Some(GEN_TILING_NODES)),
        |s| {
            found = Some(s.iter().map(|&k| placements[k]).collect());
            ControlFlow::Break(())
        },
    );
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(s: &str) -> Position {
        s.parse().unwrap()
    }

    #[test]
    fn positions_read_and_write() {
        assert_eq!(pos("A1").index(), 0);
        assert_eq!(pos("i9").index(), 80);
        assert_eq!(pos("B2").to_string(), "B2");
        assert_eq!(pos("E5").box_index(), 4);
        assert!(pos("B2").is_adjacent(pos("B3")));
        assert!(pos("B2").is_adjacent(pos("C2")));
        assert!(!pos("B2").is_adjacent(pos("C3")));
        assert!(!pos("B2").is_adjacent(pos("B2")));
        for bad in ["J1", "A0", "A10", "", "1A", "A"] {
            assert!(bad.parse::<Position>().is_err(), "{bad}");
        }
        // The errors are `std::error::Error`s, so `?` takes them into a
        // `Box<dyn Error>`; the message says what was expected.
        let boxed: Box<dyn std::error::Error> = Box::new("J1".parse::<Position>().unwrap_err());
        assert!(boxed
            .to_string()
            .contains("expected a row A-I and a column 1-9"));
        let domino: Result<PlacedDomino, Box<dyn std::error::Error>> =
            "6 B2 1".parse::<PlacedDomino>().map_err(Into::into);
        assert!(domino.unwrap_err().to_string().contains("found 3 fields"));
    }

    /// The first puzzle of `puzzles/sudominoku/sample-own.txt`.
    const OWN: &str = "10\n3 F4 1 E4\n1 B3 7 B2\n8 H3 7 G3\n3 E8 9 D8\n7 H4 4 I4\n\
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
    fn puzzle_new_names_the_given_at_fault() {
        let good = parse(OWN).records.remove(0).puzzle.unwrap();
        let singles = *good.singles();
        let err = Puzzle::new(vec![], singles).unwrap_err();
        assert_eq!(err.at, Given::Count);
        let mut dominoes = good.dominoes().to_vec();
        dominoes[4] = dominoes[4].flipped();
        dominoes[4].u = 0;
        let err = Puzzle::new(dominoes, singles).unwrap_err();
        assert_eq!(err.at, Given::Domino(4));
        assert_eq!(err.to_string(), "bad digit \"0\" (expected 1 to 9)");
        let mut swapped = singles;
        swapped.swap(0, 1);
        let err = Puzzle::new(good.dominoes().to_vec(), swapped).unwrap_err();
        assert_eq!(err.at, Given::Singles);
        assert_eq!(
            Puzzle::new(good.dominoes().to_vec(), singles),
            Ok(good.clone())
        );
        assert_eq!(good.to_string(), OWN);
        assert_eq!(good.givens().givens(), 29);
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

    #[test]
    fn domino_numbering_is_a_bijection() {
        for k in 0..DOMINOES {
            let (a, b) = encoding::domino_digits(k);
            assert!(a < b);
            assert_eq!(encoding::domino_index(a, b), k);
            assert_eq!(encoding::domino_index(b, a), k);
        }
        for e in 0..encoding::EDGES {
            let (p, q) = encoding::edge_cells(e);
            assert_eq!(encoding::edge(p, q), Some(e));
            assert_eq!(encoding::edge(q, p), Some(e));
        }
    }

    #[test]
    fn options_decode_to_their_own_number() {
        let problem = encoding::problem();
        assert_eq!(problem.items().len(), encoding::ITEMS);
        assert_eq!(problem.options(), encoding::OPTIONS);
        for o in 0..encoding::OPTIONS {
            let back = match encoding::decode(o) {
                encoding::Placement::Single { at, digit } => encoding::single_option(at, digit),
                encoding::Placement::Domino(d) => {
                    assert_eq!(encoding::domino_option(&d.flipped()), o);
                    encoding::domino_option(&d)
                }
            };
            assert_eq!(back, o);
        }
        assert_eq!(
            problem.option_names(0),
            vec!["p1c1", "r1#1", "c1#1", "b1#1", "s1"]
        );
    }

    #[test]
    fn naive_and_dlx_agree_on_generated_puzzles() {
        for i in 0..4 {
            let p = generate(99, i);
            assert!(p.dominoes().len() >= BOJ_MIN_PLACED);
            let d = DlxSudominoku::new().solve(&p, Limits::solutions(2));
            let n = NaiveSudominoku::new().solve(&p, Limits::solutions(2));
            assert_eq!((d.count, d.end), (1, End::Exhausted));
            assert_eq!((n.count, n.end), (1, End::Exhausted));
            assert_eq!(d.grid, n.grid);
            verify(&p, d.grid.as_ref().unwrap()).unwrap();
            assert_eq!(
                parse(&write_puzzles(std::slice::from_ref(&p))).records[0].puzzle,
                Ok(p)
            );
        }
    }

    #[test]
    fn node_limits_are_honoured() {
        let p = generate(5, 0);
        let d = DlxSudominoku::new().solve(&p, Limits::none().with_max_nodes(Some(3)));
        assert_eq!((d.end, d.nodes), (End::NodeLimit, 3));
        let n = NaiveSudominoku::new().solve(&p, Limits::none().with_max_nodes(Some(3)));
        assert_eq!((n.end, n.nodes), (End::NodeLimit, 3));
    }

    #[test]
    fn deadlines_are_honoured() {
        use std::time::{Duration, Instant};
        // One placed domino: many grids, more than 1024 nodes to count them.
        let g = generate(5, 0);
        let open = Puzzle::new(g.dominoes()[..1].to_vec(), *g.singles()).unwrap();
        let endless = Limits::solutions(u64::MAX);
        let past = endless.with_deadline(Some(Instant::now()));
        let later = Instant::now() + Duration::from_secs(3600);
        let budget = endless.with_max_nodes(Some(2048));

        static RAISED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);
        let cancelled = endless.with_cancel(crate::exact_cover::Cancel::new(&RAISED));
        let mut dlx = DlxSudominoku::new();
        let d = dlx.solve(&open, cancelled);
        assert_eq!((d.end, d.nodes, d.count), (End::Cancelled, 0, 0));
        let n = NaiveSudominoku::new().solve(&open, cancelled);
        assert_eq!((n.end, n.nodes, n.count), (End::Cancelled, 0, 0));
        assert_eq!(dlx.solve(&open, budget).end, End::NodeLimit);
        let d = dlx.solve(&open, past);
        assert_eq!((d.end, d.nodes, d.count), (End::TimeLimit, 0, 0));
        let free = dlx.solve(&g, Limits::solutions(2));
        assert_eq!(
            dlx.solve(&g, Limits::solutions(2).with_deadline(Some(later))),
            free
        );

        let mut naive = NaiveSudominoku::new();
        assert_eq!(naive.solve(&open, budget).end, End::NodeLimit);
        let n = naive.solve(&open, past);
        assert_eq!((n.end, n.nodes, n.count), (End::TimeLimit, 0, 0));
        assert_eq!(n.grid, None);
        let free = naive.solve(&g, Limits::solutions(2));
        assert_eq!(
            naive.solve(&g, Limits::solutions(2).with_deadline(Some(later))),
            free
        );
        assert_eq!((free.count, free.end), (1, End::Exhausted));
    }

    #[test]
    fn verify_names_cells_as_the_puzzle_does() {
        assert_eq!(
            in_positions("given 7 at r1c2 was changed to 8"),
            "given 7 at A2 was changed to 8"
        );
        assert_eq!(in_positions("cell r9c9 is blank"), "cell I9 is blank");
        // Only whole cell names, and any text around them.
        assert_eq!(in_positions("xr1c2 r1c23 é r2c1"), "xr1c2 r1c23 é B1");
    }

    #[test]
    fn verify_agrees_with_the_engine_on_extra_givens() {
        // Adding a domino cut from the solution grid keeps every given digit
        // right, so `check_solution` passes; whether the grid can still be
        // tiled is exactly whether the engine still finds it.
        let p = generate(3, 1);
        let grid = DlxSudominoku::new().solve(&p, Limits::none()).grid.unwrap();
        verify(&p, &grid).unwrap();
        let (mut tileable, mut untileable) = (0, 0);
        for e in 0..encoding::EDGES {
            let (x, y) = encoding::edge_cells(e);
            let d = PlacedDomino::new(grid.get(x.row(), x.col()), x, grid.get(y.row(), y.col()), y);
            let mut dominoes = p.dominoes().to_vec();
            dominoes.push(d);
            let Ok(p2) = Puzzle::new(dominoes, *p.singles()) else {
                continue;
            };
            let s = DlxSudominoku::new().solve(&p2, Limits::solutions(2));
            match verify(&p2, &grid) {
                Ok(()) => {
                    assert_eq!((s.count, s.grid.as_ref()), (1, Some(&grid)));
                    tileable += 1;
                }
                Err(e) => {
                    assert!(e.0.contains("cannot be cut"), "{e}");
                    assert_eq!(s.count, 0);
                    untileable += 1;
                }
            }
        }
        assert!(tileable > 0 && untileable > 0, "{tileable} {untileable}");
        let mut blank = grid.clone();
        blank.set(0, 0, 0);
        assert_eq!(verify(&p, &blank).unwrap_err().0, "cell A1 is blank");
    }
}
