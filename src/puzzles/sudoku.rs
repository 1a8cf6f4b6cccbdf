//! Classic Sudoku of box size n (n = 2..=8: 4x4 up to 64x64 cells).
//!
//! - [`Grid`]: the puzzle or its solution, with parsing and formatting of the
//!   line format (`n^4` symbols) and numeric grids.
//! - [`encoding`]: the exact-cover matrix, 4n^4 primary items and n^6
//!   options, built once per box size and shared.
//! - [`DlxSudoku`]: solves grids with the engine: the givens and the moves
//!   they force are made on bit masks, Algorithm X searches what is left
//!   (restarting in shuffled orders on a search for one solution that runs
//!   long: [`Restarts`]).
//! - [`Grid::check_solution`]: an independent verifier.

use std::fmt::Write as _;
use std::sync::OnceLock;

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use thiserror::Error;

use super::forced::{ForcedMoves, Outcome};
use crate::error::Invalid;
use crate::exact_cover::{End, Limits, Matrix, Problem, ReducedSolver};
use crate::puzzles::lines::row_cells;

/// Smallest supported box size (4x4 Sudoku).
pub const MIN_BOX: usize = 2;
/// Largest supported box size (64x64 Sudoku).
pub const MAX_BOX: usize = 8;

/// Why a grid could not be read or is not a valid puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GridError {
    /// A line-format puzzle whose length is not n^4 for a supported n.
    #[error("wrong length: {} (expected 16, 81, 256 or 625)", n_cells(*.0))]
    WrongLength(usize),
    /// A symbol that is neither a digit of this size nor a blank.
    #[error(
        "bad symbol `{}` at cell {cell} (row {row}, column {col}){}",
        crate::error::excerpt(symbol),
        symbol_hint(symbol, *side)
    )]
    BadSymbol {
        /// The offending character or token.
        symbol: String,
        /// The grid's side (9 for 9x9), whose symbols the hint names.
        side: usize,
        /// 1-based cell number in reading order.
        cell: usize,
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
    },
    /// A numeric grid row with the wrong number of entries.
    #[error("row {row} has {found} entries, expected {expected}")]
    RowLength {
        /// 1-based row within the grid.
        row: usize,
        /// Entries found.
        found: usize,
        /// Entries expected (the side).
        expected: usize,
    },
    /// A box size outside 2..=8.
    #[error("unsupported box size {0} (expected 2 to 8)")]
    BadBoxSize(usize),
    /// A cell list of the wrong length for its box size.
    #[error("{}, expected {expected}", n_cells(*.found))]
    CellCount {
        /// Cells given.
        found: usize,
        /// n^4 for the box size.
        expected: usize,
    },
    /// A side that is not n^2 for a supported n.
    #[error("unsupported side {0} (expected 4, 9, 16, 25, 36, 49 or 64)")]
    BadSide(usize),
    /// Both `.` (or `_`) and `0` stand for blanks, and the highest symbol
    /// of the size never appears: the puzzle looks written 0-based (`0-F`
    /// for 16x16), where `0` is a digit. Read as ours it would lose those
    /// givens, so it is refused.
    #[error(
        "`.` and `0` both stand in this puzzle, and its highest symbol `{top}` never does: \
         it looks written 0-based ({zero_based}), which is not read. Write the symbols \
         {one_based}, with `.` or `0` for blanks"
    )]
    LooksZeroBased {
        /// The highest symbol of the size, absent from the puzzle.
        top: String,
        /// The 0-based alphabet it seems to use.
        zero_based: &'static str,
        /// The alphabet it should use.
        one_based: &'static str,
    },
    /// Two givens with the same digit in one row, column or box.
    #[error("{} appears twice in {unit} (cells r{}c{} and r{}c{})", value_name(*.digit, *.side), .first.0 + 1, .first.1 + 1, .second.0 + 1, .second.1 + 1)]
    Clash {
        /// The repeated digit (1-based value).
        digit: usize,
        /// The grid's side, which says how the digit is written.
        side: usize,
        /// `row R`, `column C` or `box B` (1-based).
        unit: String,
        /// (row, col), 0-based, of the first of the two cells.
        first: (usize, usize),
        /// (row, col), 0-based, of the second.
        second: (usize, usize),
    },
}

/// What a bad symbol's message adds: how blanks are written, for a symbol
/// other formats use for them, else, from 16x16 up, the symbols of the
/// grid's side (a 16x16 written `A`-`P`, a 25x25 written `1`-`9` then
/// `A`-`P`: conventions differ there).
fn symbol_hint(symbol: &str, side: usize) -> String {
    match (symbol, side) {
        ("*" | "-" | "?", _) => "; blanks are `.`, `0` or `_`".into(),
        (_, ..=9) => String::new(),
        (_, 16) => "; a 16x16 puzzle uses 1-9 and A-G (10-16), or numbers 1-16 in a grid".into(),
        (_, 25) => "; a 25x25 puzzle line uses A-Y (1-25), or numbers 1-25 in a grid".into(),
        _ => format!("; a {side}x{side} puzzle uses numbers 1-{side}"),
    }
}

/// A Sudoku grid of box size `n`: `n^2 x n^2` cells, 0 for a blank, else a
/// digit `1..=n^2`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    box_size: usize,
    cells: Vec<u8>,
}

impl Grid {
    /// An empty grid of box size `n`.
    ///
    /// # Panics
    /// If `box_size` is outside `MIN_BOX..=MAX_BOX`.
    pub fn empty(box_size: usize) -> Self {
        assert_box_size(box_size);
        Grid {
            box_size,
            cells: vec![0; box_size.pow(4)],
        }
    }

    /// A grid from its cells in reading order (0 = blank).
    pub fn from_cells(box_size: usize, cells: Vec<u8>) -> Result<Self, GridError> {
        if !(MIN_BOX..=MAX_BOX).contains(&box_size) {
            return Err(GridError::BadBoxSize(box_size));
        }
        let side = box_size * box_size;
        if cells.len() != side * side {
            return Err(GridError::CellCount {
                found: cells.len(),
                expected: side * side,
            });
        }
        if let Some(k) = cells.iter().position(|&v| v as usize > side) {
            return Err(bad_symbol(cells[k].to_string(), k, side));
        }
        Ok(Grid { box_size, cells })
    }

    /// Parses the line format: `n^4` symbols for n = 2..=5, `.`, `0` or `_`
    /// for blanks. Digits are `1-9` up to 9x9, `1-9` then `A-G` for 16x16,
    /// `A-Y` for 25x25 (letters in either case).
    pub fn from_line(line: &str) -> Result<Self, GridError> {
        let line = line.trim();
        // Counted without collecting: this runs once per record of a bulk
        // file. An ASCII line (the usual case) has one byte per symbol.
        let ascii = line.is_ascii();
        let symbols = if ascii {
            line.len()
        } else {
            line.chars().count()
        };
        let box_size = match symbols {
            16 => 2,
            81 => 3,
            256 => 4,
            625 => 5,
            n => return Err(GridError::WrongLength(n)),
        };
        let side = box_size * box_size;
        // Bytes of an ASCII line need no UTF-8 decoding.
        let cells = if ascii {
            ascii_line_cells(line.as_bytes(), box_size)
        } else {
            line_cells(line.chars(), side)
        }?;
        // Two byte scans (the blank marks are ASCII, and no byte of a
        // multi-byte character is): this runs once per record.
        let bytes = line.as_bytes();
        let dot_and_zero =
            memchr::memchr(b'0', bytes).is_some() && memchr::memchr2(b'.', b'_', bytes).is_some();
        check_not_zero_based(dot_and_zero, &cells, side, false)?;
        Ok(Grid { box_size, cells })
    }

    /// Parses a grid given as rows of symbols. Each row is either
    /// whitespace-separated numbers (`0` or `.` blank), or, when it has no
    /// spaces between symbols, one symbol per cell as in the line format.
    /// `|`, `-`, `+` and `=` separators are ignored, and rows made only of
    /// separators are skipped.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Self, GridError> {
        let parsed: Vec<Vec<String>> = rows
            .iter()
            .map(|r| row_words(r.as_ref()))
            .filter(|t| !t.is_empty())
            .collect();
        let side = parsed.len();
        let box_size = box_size_of_side(side).ok_or(GridError::BadSide(side))?;
        let mut cells = Vec::with_capacity(side * side);
        // Blank marks seen, and whether some cell took two characters (a
        // numeric grid), for `check_not_zero_based`.
        let (mut dot, mut zero, mut numeric) = (false, false, false);
        for (r, words) in parsed.into_iter().enumerate() {
            let tokens = row_tokens(words, side);
            if tokens.len() != side {
                return Err(GridError::RowLength {
                    row: r + 1,
                    found: tokens.len(),
                    expected: side,
                });
            }
            for (c, token) in tokens.iter().enumerate() {
                let value = token_value(token, side)
                    .ok_or_else(|| bad_symbol(token.clone(), r * side + c, side))?;
                dot |= matches!(token.as_str(), "." | "_");
                zero |= token == "0";
                numeric |= token.len() > 1;
                cells.push(value);
            }
        }
        check_not_zero_based(dot && zero, &cells, side, numeric)?;
        Ok(Grid { box_size, cells })
    }

    /// Box size n.
    pub fn box_size(&self) -> usize {
        self.box_size
    }

    /// Side n^2: the number of rows, columns, boxes and digits.
    pub fn side(&self) -> usize {
        self.box_size * self.box_size
    }

    /// Cells in reading order: 0 blank, else the digit.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The digit at (row, col), 0 if blank.
    ///
    /// # Panics
    /// If the cell is outside the grid.
    pub fn get(&self, row: usize, col: usize) -> u8 {
        assert!(
            row < self.side() && col < self.side(),
            "cell ({row}, {col}) is outside the grid"
        );
        self.cells[row * self.side() + col]
    }

    /// Sets (row, col) to `digit` (0 = blank).
    ///
    /// # Panics
    /// If the cell is outside the grid or the digit exceeds the side.
    pub fn set(&mut self, row: usize, col: usize, digit: u8) {
        assert!(
            row < self.side() && col < self.side(),
            "cell ({row}, {col}) is outside the grid"
        );
        assert!(
            digit as usize <= self.side(),
            "digit {digit} exceeds the side {} of the grid",
            self.side()
        );
        let side = self.side();
        self.cells[row * side + col] = digit;
    }

    /// Number of givens (non-blank cells).
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// The box (0-based, reading order) holding (row, col).
    pub fn box_of(&self, row: usize, col: usize) -> usize {
        (row / self.box_size) * self.box_size + col / self.box_size
    }

    /// Checks that no digit is given twice in a row, column or box.
    pub fn check_givens(&self) -> Result<(), GridError> {
        if self.givens_are_distinct() {
            return Ok(());
        }
        self.find_clash()
    }

    /// The fast test behind [`check_givens`](Self::check_givens): one bit
    /// per digit for every row, column and box (sides up to 64 fit a `u64`),
    /// on the stack. It runs once per record of a bulk file; only a grid
    /// that fails it pays for finding which givens clash.
    fn givens_are_distinct(&self) -> bool {
        const MAX_SIDE: usize = MAX_BOX * MAX_BOX;
        let side = self.side();
        let mut seen = [0u64; 3 * MAX_SIDE];
        let (rows, rest) = seen.split_at_mut(MAX_SIDE);
        let (cols, boxes) = rest.split_at_mut(MAX_SIDE);
        for (r, row) in self.cells.chunks_exact(side).enumerate() {
            for (c, &v) in row.iter().enumerate() {
                if v == 0 {
                    continue;
                }
                let bit = 1u64 << (v - 1);
                let b = self.box_of(r, c);
                if (rows[r] | cols[c] | boxes[b]) & bit != 0 {
                    return false;
                }
                rows[r] |= bit;
                cols[c] |= bit;
                boxes[b] |= bit;
            }
        }
        true
    }

    /// The first clash of two givens in a row, column or box, named.
    fn find_clash(&self) -> Result<(), GridError> {
        let side = self.side();
        // For each unit kind, where each (unit, digit) was first seen.
        let mut seen = vec![usize::MAX; 3 * side * side];
        for (k, &v) in self.cells.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let (r, c) = (k / side, k % side);
            let d = v as usize - 1;
            let units = [
                (0, r, "row"),
                (1, c, "column"),
                (2, self.box_of(r, c), "box"),
            ];
            for (kind, unit, unit_name) in units {
                let slot = &mut seen[(kind * side + unit) * side + d];
                if *slot != usize::MAX {
                    return Err(GridError::Clash {
                        digit: v as usize,
                        side,
                        unit: format!("{unit_name} {}", unit + 1),
                        first: (*slot / side, *slot % side),
                        second: (r, c),
                    });
                }
                *slot = k;
            }
        }
        Ok(())
    }

    /// Whether `self` is a complete valid grid that keeps every given of
    /// `puzzle`. The independent verifier: it does not use the engine.
    pub fn check_solution(&self, puzzle: &Grid) -> Result<(), Invalid> {
        if self.box_size != puzzle.box_size {
            return Err(Invalid(format!(
                "solution is {0}x{0}, puzzle is {1}x{1}",
                self.side(),
                puzzle.side()
            )));
        }
        let side = self.side();
        if let Some(k) = self.cells.iter().position(|&v| v == 0) {
            return Err(Invalid(format!(
                "cell r{}c{} is blank",
                k / side + 1,
                k % side + 1
            )));
        }
        if let Some(k) = (0..self.cells.len())
            .find(|&k| puzzle.cells[k] != 0 && puzzle.cells[k] != self.cells[k])
        {
            // Digits as they are up to 9x9; above, as written (see value_name).
            let name = |v: u8| match side {
                ..=9 => v.to_string(),
                _ => value_name(v.into(), side),
            };
            return Err(Invalid(format!(
                "given {} at r{}c{} was changed to {}",
                name(puzzle.cells[k]),
                k / side + 1,
                k % side + 1,
                name(self.cells[k])
            )));
        }
        self.check_givens().map_err(|e| Invalid(e.to_string()))
    }

    /// The line format: `n^4` symbols, `.` for blanks.
    ///
    /// # Panics
    /// For box sizes above 5, which have no one-character symbols (use
    /// [`Grid::to_numeric_rows`]).
    pub fn to_line(&self) -> String {
        assert!(self.box_size <= 5, "the line format stops at 25x25");
        let side = self.side();
        // Every symbol is ASCII: building bytes skips the UTF-8 encoding of
        // each `char` (this runs once per record of a bulk file).
        let bytes = self.cells.iter().map(|&v| value_symbol(v, side) as u8);
        String::from_utf8(bytes.collect()).expect("line symbols are ASCII")
    }

    /// The line's symbols cut into rows, one per line, nothing between
    /// them (Baekjoon 2239's format for 9x9). No final newline.
    ///
    /// # Panics
    /// Above 25x25, as [`Grid::to_line`].
    pub fn to_bare_rows(&self) -> String {
        let line = self.to_line();
        let side = self.side();
        let mut out = String::with_capacity(line.len() + side);
        for (r, row) in line.as_bytes().chunks(side).enumerate() {
            if r > 0 {
                out.push('\n');
            }
            // ASCII symbols: every chunk is whole characters.
            out.push_str(std::str::from_utf8(row).expect("line symbols are ASCII"));
        }
        out
    }

    /// A numeric grid: one row per line, entries separated by one space,
    /// 0 for blanks (Baekjoon 2580's format for 9x9). No final newline.
    pub fn to_numeric_rows(&self) -> String {
        let side = self.side();
        let mut out = String::with_capacity(self.cells.len() * 3);
        for (r, row) in self.cells.chunks(side).enumerate() {
            if r > 0 {
                out.push('\n');
            }
            for (c, &v) in row.iter().enumerate() {
                if c > 0 {
                    out.push(' ');
                }
                let _ = write!(out, "{v}");
            }
        }
        out
    }

    /// A grid for people: symbols separated by spaces, boxes by `|` and
    /// `-+-` rules. No final newline. Reads back with [`Grid::from_rows`].
    pub fn to_pretty(&self) -> String {
        let (n, side) = (self.box_size, self.side());
        let width = if side > 25 { 2 } else { 1 };
        let symbol = |v: u8| {
            if side > 25 {
                if v == 0 {
                    ".".to_string()
                } else {
                    v.to_string()
                }
            } else {
                value_symbol(v, side).to_string()
            }
        };
        // Each box row is n cells of `width` plus separating spaces.
        let segment = "-".repeat(n * (width + 1) - 1);
        let rule = vec![segment; n].join("-+-");
        let mut out = String::new();
        for r in 0..side {
            if r > 0 && r % n == 0 {
                out.push('\n');
                out.push_str(&rule);
            }
            if r > 0 {
                out.push('\n');
            }
            for c in 0..side {
                if c > 0 {
                    out.push_str(if c % n == 0 { " | " } else { " " });
                }
                let _ = write!(out, "{:>width$}", symbol(self.get(r, c)));
            }
        }
        out
    }
}

/// `1 cell`, `n cells`.
fn n_cells(n: usize) -> String {
    if n == 1 {
        "1 cell".to_string()
    } else {
        format!("{n} cells")
    }
}

/// Panics with a message naming the supported range unless `box_size` is
/// in `MIN_BOX..=MAX_BOX` (for the functions whose docs say so).
fn assert_box_size(box_size: usize) {
    let (small, large) = (MIN_BOX * MIN_BOX, MAX_BOX * MAX_BOX);
    assert!(
        (MIN_BOX..=MAX_BOX).contains(&box_size),
        "box size {box_size} unsupported: {MIN_BOX} to {MAX_BOX} ({small}x{small} to {large}x{large} grids)"
    );
}

/// The box size whose side is `side`, if supported.
pub fn box_size_of_side(side: usize) -> Option<usize> {
    (MIN_BOX..=MAX_BOX).find(|n| n * n == side)
}

/// Refuses a puzzle that looks written 0-based
/// ([`GridError::LooksZeroBased`]): `dot_and_zero` (both `.`-like and `0`
/// blanks were written) and no cell holds the highest symbol. `numeric`:
/// the grid was written as numbers (`1`-`16`), not symbols.
fn check_not_zero_based(
    dot_and_zero: bool,
    cells: &[u8],
    side: usize,
    numeric: bool,
) -> Result<(), GridError> {
    // 25x25 symbols are letters: digits are no symbol there at all.
    if !dot_and_zero || cells.contains(&(side as u8)) || (side == 25 && !numeric) {
        return Ok(());
    }
    let (zero_based, one_based) = match (side, numeric) {
        (4, _) => ("0-3", "1-4"),
        (9, _) => ("0-8", "1-9"),
        (16, false) => ("0-F", "1-9 and A-G"),
        _ => ("0 to side - 1", "1 to the side"),
    };
    let top = if numeric {
        side.to_string()
    } else {
        value_symbol(side as u8, side).to_string()
    };
    Err(GridError::LooksZeroBased {
        top,
        zero_based,
        one_based,
    })
}

fn bad_symbol(symbol: String, k: usize, side: usize) -> GridError {
    GridError::BadSymbol {
        symbol,
        side,
        cell: k + 1,
        row: k / side + 1,
        col: k % side + 1,
    }
}

/// Splits a grid row into words, dropping `|` `-` `+` `=` separators: its
/// cells as [`row_cells`] splits them (at blanks, `|`, `+` and `=`), without
/// the words of `-` alone (the pieces of a rule in a pretty row).
fn row_words(row: &str) -> Vec<String> {
    row_cells(row)
        .filter(|w| !w.chars().all(|c| c == '-'))
        .map(String::from)
        .collect()
}

/// The cells of one row of a grid of this side: the words themselves when
/// there are `side` of them (`5 3 0 ...`, `10 0 16 ...`), else every
/// character of the words (`53. .7. ...`), unless the row is numbers with
/// a cell too many or too few.
///
/// From 16x16 up a number may have two digits, so a row of numbers must
/// not be cut into characters: `… 5 12 0 8 …` one cell short would read as
/// a full row with the 12 turned into a 1 and a 2 (and every cell after it
/// moved). Such a row is told from symbols in groups (`1234 5678 …`, at
/// most one group per box) by having more words than boxes, one of them a
/// single character; it keeps its words, and their count is the error.
fn row_tokens(words: Vec<String>, side: usize) -> Vec<String> {
    let boxes = box_size_of_side(side).unwrap_or(1);
    let numbers = side > 9 && words.len() > boxes && words.iter().any(|w| w.len() == 1);
    if words.len() == side || numbers {
        return words;
    }
    words
        .iter()
        .flat_map(|w| w.chars())
        .map(String::from)
        .collect()
}

/// The cells of a line-format puzzle from its symbols.
fn line_cells(symbols: impl Iterator<Item = char>, side: usize) -> Result<Vec<u8>, GridError> {
    // A plain loop: `collect` into a `Result` did not inline here, and this
    // is the reader thread's main cost on large files.
    let mut cells = Vec::with_capacity(side * side);
    for (k, ch) in symbols.enumerate() {
        match symbol_value(ch, side) {
            Some(v) => cells.push(v),
            None => return Err(bad_symbol(ch.to_string(), k, side)),
        }
    }
    Ok(cells)
}

/// Marks a byte that is no symbol in [`ascii_symbols`]' tables.
const NOT_A_SYMBOL: u8 = u8::MAX;

/// For each box size of the line format (2 to 5), the value of every byte
/// as a symbol ([`symbol_value`]), or [`NOT_A_SYMBOL`].
fn ascii_symbols(box_size: usize) -> &'static [u8; 256] {
    static TABLES: OnceLock<[[u8; 256]; 4]> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        std::array::from_fn(|k| {
            let side = (k + 2) * (k + 2);
            std::array::from_fn(|b| symbol_value(char::from(b as u8), side).unwrap_or(NOT_A_SYMBOL))
        })
    });
    &tables[box_size - 2]
}

/// [`line_cells`] for an ASCII line: one table lookup per byte, without a
/// branch on the symbol (blanks and digits alternate at random, so a
/// `match` per character mispredicted about every other one). This is the
/// reader thread's main work on a bulk file.
fn ascii_line_cells(bytes: &[u8], box_size: usize) -> Result<Vec<u8>, GridError> {
    let table = ascii_symbols(box_size);
    let cells: Vec<u8> = bytes.iter().map(|&b| table[usize::from(b)]).collect();
    match cells.iter().position(|&v| v == NOT_A_SYMBOL) {
        None => Ok(cells),
        Some(k) => Err(bad_symbol(
            char::from(bytes[k]).to_string(),
            k,
            box_size * box_size,
        )),
    }
}

/// The value of one whitespace-separated cell of a grid row of this side
/// (0 for a blank), if it is a valid symbol there.
pub(crate) fn token_value(token: &str, side: usize) -> Option<u8> {
    if token == "." || token == "_" {
        return Some(0);
    }
    if let Ok(v) = token.parse::<usize>() {
        return (v <= side).then_some(v as u8);
    }
    let mut chars = token.chars();
    match (chars.next(), chars.next()) {
        (Some(ch), None) => symbol_value(ch, side),
        _ => None,
    }
}

/// The value of a line-format symbol for a grid of this side.
pub(crate) fn symbol_value(ch: char, side: usize) -> Option<u8> {
    let v = match ch {
        '.' | '0' | '_' => 0,
        '1'..='9' if side < 25 => ch as usize - '0' as usize,
        'A'..='Z' | 'a'..='z' => {
            let k = ch.to_ascii_uppercase() as usize - 'A' as usize;
            if side == 16 {
                k + 10
            } else if side == 25 {
                k + 1
            } else {
                return None;
            }
        }
        _ => return None,
    };
    (v <= side).then_some(v as u8)
}

/// A cell value as a message names it: `digit 5` up to 9x9; on 16x16 and
/// 25x25, whose one-line symbols include letters, the symbol and, for a
/// letter, its number (``symbol `A` (10)``), since the input may have
/// used either; `number 30` above.
pub fn value_name(v: usize, side: usize) -> String {
    match side {
        ..=9 => format!("digit {v}"),
        16 | 25 => match u8::try_from(v) {
            Ok(byte) if (1..=side).contains(&v) => match value_symbol(byte, side) {
                digit @ '1'..='9' => format!("symbol `{digit}`"),
                letter => format!("symbol `{letter}` ({v})"),
            },
            _ => format!("number {v}"),
        },
        _ => format!("number {v}"),
    }
}

fn value_symbol(v: u8, side: usize) -> char {
    match (v, side) {
        (0, _) => '.',
        (1..=9, s) if s < 25 => (b'0' + v) as char,
        (_, 16) => (b'A' + v - 10) as char,
        (_, 25) => (b'A' + v - 1) as char,
        _ => '?',
    }
}

/// Well-known 9x9 puzzles with their solutions, for examples, tests and
/// benchmarks.
pub mod samples {
    /// The puzzle of Wikipedia's Sudoku article: unique, solved by singles.
    pub const EASY: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    /// The solution of [`EASY`].
    pub const EASY_SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    /// A 17-clue puzzle, unique, that needs guessing (the textbook naive
    /// solver needs well over 1024 nodes on it).
    pub const HARD: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    /// The solution of [`HARD`].
    pub const HARD_SOLUTION: &str =
        "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

    /// A solved grid of any box size `n` (2..=8): cell (r, c) holds
    /// `((r mod n) * n + r div n + c) mod n² + 1`. Blank some cells to get a
    /// puzzle of any size with a known solution.
    ///
    /// # Panics
    /// If `n` is outside `MIN_BOX..=MAX_BOX`.
    pub fn pattern_solution(n: usize) -> super::Grid {
        super::assert_box_size(n);
        let side = n * n;
        let cells = (0..side * side)
            .map(|k| {
                let (r, c) = (k / side, k % side);
                (((r % n) * n + r / n + c) % side + 1) as u8
            })
            .collect();
        super::Grid::from_cells(n, cells).expect("a box size in range")
    }
}

/// The exact-cover encoding of Sudoku.
pub mod encoding {
    use super::*;

    /// Item numbers: cells first (so they win MRV ties), then row-digit,
    /// column-digit and box-digit items; `side^2` of each kind.
    pub fn cell_item(side: usize, row: usize, col: usize) -> usize {
        row * side + col
    }
    /// Item "digit d (0-based) in row r".
    pub fn row_item(side: usize, row: usize, digit: usize) -> usize {
        side * side + row * side + digit
    }
    /// Item "digit d (0-based) in column c".
    pub fn col_item(side: usize, col: usize, digit: usize) -> usize {
        2 * side * side + col * side + digit
    }
    /// Item "digit d (0-based) in box b".
    pub fn box_item(side: usize, bx: usize, digit: usize) -> usize {
        3 * side * side + bx * side + digit
    }

    /// Option number of "digit d (0-based) at (row, col)".
    pub fn option(side: usize, row: usize, col: usize, digit: usize) -> usize {
        (row * side + col) * side + digit
    }

    /// (row, col, digit 0-based) of an option number.
    pub fn decode(side: usize, option: usize) -> (usize, usize, usize) {
        let cell = option / side;
        (cell / side, cell % side, option % side)
    }

    /// Adds the 4 side^2 Sudoku items and the side^3 placement options to
    /// `problem`, which must be empty: the item and option numbers of the
    /// functions above count from 0, so items and options of a variant go
    /// in after this call (Sudominoku adds its domino items that way).
    ///
    /// # Panics
    /// If `problem` already has items or options (the numbers above would
    /// name the wrong ones).
    pub fn add_sudoku(problem: &mut Problem, box_size: usize) {
        assert!(
            problem.items().is_empty() && problem.options() == 0,
            "add_sudoku needs an empty problem ({} items, {} options already): \
             its item and option numbers count from 0",
            problem.items().len(),
            problem.options()
        );
        let side = box_size * box_size;
        let names = [("p", "c"), ("r", "#"), ("c", "#"), ("b", "#")];
        for (a, b) in names {
            for x in 0..side {
                for y in 0..side {
                    problem
                        .add_primary(format!("{a}{}{b}{}", x + 1, y + 1))
                        .expect("distinct item names");
                }
            }
        }
        for r in 0..side {
            for c in 0..side {
                let b = (r / box_size) * box_size + c / box_size;
                for d in 0..side {
                    problem
                        .add_option(&[
                            cell_item(side, r, c),
                            row_item(side, r, d),
                            col_item(side, c, d),
                            box_item(side, b, d),
                        ])
                        .expect("valid option");
                }
            }
        }
    }

    /// The Sudoku problem of box size n.
    pub fn problem(box_size: usize) -> Problem {
        let mut p = Problem::new();
        add_sudoku(&mut p, box_size);
        p
    }

    /// The compiled matrix for box size n, built once per process.
    ///
    /// # Panics
    /// If `box_size` is outside `MIN_BOX..=MAX_BOX`.
    pub fn matrix(box_size: usize) -> &'static Matrix {
        static MATRICES: [OnceLock<Matrix>; MAX_BOX + 1] = [const { OnceLock::new() }; MAX_BOX + 1];
        assert_box_size(box_size);
        MATRICES[box_size].get_or_init(|| problem(box_size).compile().expect("Sudoku matrix fits"))
    }
}

/// What a solver found for one puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The first solution found, if any.
    pub grid: Option<Grid>,
    /// Solutions found, up to the limit.
    pub count: u64,
    /// Why the search ended ([`End::Exhausted`] means `count` is exact).
    pub end: End,
    /// Search nodes used (solver-specific unit of work).
    pub nodes: u64,
}

impl Solution {
    /// No solution, known without a search node (givens that clash): the
    /// count is exact.
    pub fn none() -> Self {
        Solution {
            grid: None,
            count: 0,
            end: End::Exhausted,
            nodes: 0,
        }
    }
}

/// A Sudoku solver: DLX or a baseline. One instance per thread.
pub trait SudokuSolver {
    /// Solves `puzzle` (givens already checked by [`Grid::check_givens`]),
    /// counting solutions up to `limits.max_solutions` and stopping after
    /// `limits.max_nodes` search nodes, at `limits.deadline` or once
    /// `limits.cancel` is raised.
    ///
    /// A missing solution limit means **one** solution here, not all (the
    /// answer is one grid): `Limits::none()` gives `count` 1 and
    /// [`End::Stopped`] even for a grid with many solutions. To count, give
    /// [`Limits::solutions`]; `Limits::solutions(2)` proves a puzzle unique
    /// (`count` 1 and [`End::Exhausted`]).
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Solution;
}

/// Solves Sudoku with the exact-cover engine.
///
/// The givens and the moves they force (cells with one candidate, digits
/// with one place in a row, column or box) are made on bit masks first
/// (see `src/puzzles/forced.rs` in the repository); Algorithm X then runs
/// on what is left, an exact-cover problem built afresh for the puzzle in a
/// [`ReducedSolver`]. Its items and options keep the order of
/// [`encoding`], so the search tree, the solution found first and the
/// count of search nodes (each forced move counted as the search would
/// count it) are those of the full matrix with the givens selected.
///
/// When only one solution is asked for and that search has not ended after
/// [`Restarts::first_attempt`] nodes, it restarts in shuffled orders (see
/// [`Restarts`]); the node count is then the sum over the attempts.
/// Counting ([`Limits::solutions`] above 1) always searches in the
/// encoding's order, to the end.
#[derive(Debug)]
pub struct DlxSudoku {
    forced: ForcedMoves,
    solver: ReducedSolver,
    restarts: Option<Restarts>,
}

impl Default for DlxSudoku {
    fn default() -> Self {
        DlxSudoku::with_restarts(Some(Restarts::DEFAULT))
    }
}

/// When a search for one solution gives up on its order and starts again in
/// another.
///
/// Exact first-minimum MRV is deterministic, and on grids with many
/// solutions and few givens (a 25x25 grid with 55-70% of its cells blank,
/// say) one early wrong choice can leave it a subtree of many millions of
/// nodes with no solution in it, while the same grid searched in another
/// order is solved in a few thousand. So after `first_attempt` nodes in the
/// encoding's order, the search starts again on the same remainder with its
/// items renumbered and its options reordered at random, with budgets of
/// `unit` times the Luby sequence (1, 1, 2, 1, 1, 2, 4, ...), which is
/// within a logarithmic factor of the best fixed budget whatever the
/// puzzle (Luby, Sinclair and Zuckerman, 1993). The budgets grow without
/// bound, so an attempt eventually runs to its end: a grid with no solution
/// is still found to have none.
///
/// The random orders are drawn from a generator seeded with the puzzle's
/// cells, so the same puzzle gets the same answer and node count on every
/// run, with any number of threads.
///
/// The price is paid by grids with no solution whose search outlasts
/// `first_attempt`: the attempts that stop early are wasted, and one must
/// grow to the size of a whole tree, so proving such a grid unsolvable
/// takes several times the nodes of one exact search (a median of 9x, at
/// most 38x, on 165 unsolvable grids with the policy scaled down to their
/// trees). A caller who wants that proof cheap, or the exact tree, gives
/// `None` ([`DlxSudoku::with_restarts`]) or counts to 2.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Restarts {
    /// Search nodes in the encoding's order before the first restart
    /// (after the forced moves). Puzzles whose search ends sooner (all the
    /// 9x9 datasets measured, whose most is 16,000 nodes, and the bundled
    /// 16x16 puzzles, 171,000) are searched exactly as without restarts.
    pub first_attempt: u64,
    /// Search nodes of the Luby sequence's unit budget (0 is taken as 1).
    pub unit: u64,
}

impl Restarts {
    /// 250,000 nodes in the encoding's order, then budgets of 10,000 times
    /// the Luby sequence.
    pub const DEFAULT: Restarts = Restarts {
        first_attempt: 250_000,
        unit: 10_000,
    };
}

impl DlxSudoku {
    /// A solver with no buffers yet (they are made on first use) and the
    /// default [`Restarts`].
    pub fn new() -> Self {
        DlxSudoku::default()
    }

    /// A solver with the given restart policy; `None` always searches in
    /// the encoding's order, to the end (the exact first-minimum MRV tree).
    pub fn with_restarts(restarts: Option<Restarts>) -> Self {
        DlxSudoku {
            forced: ForcedMoves::default(),
            solver: ReducedSolver::default(),
            restarts,
        }
    }
}

impl SudokuSolver for DlxSudoku {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Solution {
        let forced = match self.forced.run(puzzle.box_size(), puzzle.cells()) {
            Outcome::Contradiction { forced } => {
                return Solution {
                    nodes: forced.min(limits.max_nodes.unwrap_or(u64::MAX)),
                    ..Solution::none()
                }
            }
            Outcome::Open { forced } => forced,
        };
        // The forced moves are search nodes, which the limits bound as the
        // search would: the node budget first, then the clock, looked at
        // before the first node.
        let max_nodes = limits.max_nodes.unwrap_or(u64::MAX);
        if forced > max_nodes {
            return stopped(End::NodeLimit, max_nodes);
        }
        if forced > 0 {
            if let Some(end) = limits.must_stop(0) {
                return stopped(end, 0);
            }
        }
        let max_solutions = limits.max_solutions.unwrap_or(1);
        let limits = Limits {
            max_solutions: Some(max_solutions),
            ..limits
        };
        // Nodes the search may still use, after the forced moves.
        let budget = max_nodes - forced;
        let restarts = self
            .restarts
            .filter(|r| max_solutions == 1 && r.first_attempt < budget);
        let attempt = restarts.map_or(budget, |r| r.first_attempt);
        let no_shuffle = None::<&mut Xoshiro256PlusPlus>;
        let (values, options) = self.forced.load_residual(&mut self.solver, no_shuffle);
        let found =
            search_residual::<false>(&mut self.solver, values, options, puzzle, limits, attempt);
        let nodes = forced + found.nodes;
        match restarts {
            // Stopped at the first attempt's own budget.
            Some(restarts) if found.end == End::NodeLimit && nodes < max_nodes => {
                self.restart(puzzle, limits, restarts, nodes, max_nodes)
            }
            _ => Solution { nodes, ..found },
        }
    }
}

impl DlxSudoku {
    /// The search of `puzzle` after a first attempt that stopped at its own
    /// budget with `nodes` used in all: attempts in shuffled orders, with
    /// budgets of `unit` times the Luby sequence, until one ends before its
    /// budget or `max_nodes` are used. Kept out of `solve`, whose inlined
    /// search loop is most of a puzzle's time: a second copy there cost it
    /// registers (1% more instructions on hardest1106).
    #[cold]
    #[inline(never)]
    fn restart(
        &mut self,
        puzzle: &Grid,
        limits: Limits,
        restarts: Restarts,
        mut nodes: u64,
        max_nodes: u64,
    ) -> Solution {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed_of(puzzle.cells()));
        // Budgets of 0 would never search, nor look at the clock.
        let unit = restarts.unit.max(1);
        let mut round = 0;
        loop {
            round += 1;
            let attempt = unit.saturating_mul(luby(round)).min(max_nodes - nodes);
            let (values, options) = self.forced.load_residual(&mut self.solver, Some(&mut rng));
            let found =
                search_residual::<true>(&mut self.solver, values, options, puzzle, limits, attempt);
            nodes += found.nodes;
            if found.end != End::NodeLimit || nodes >= max_nodes {
                return Solution { nodes, ..found };
            }
        }
    }
}

/// A search stopped by `end` after `nodes` nodes, with nothing found.
fn stopped(end: End, nodes: u64) -> Solution {
    Solution {
        grid: None,
        count: 0,
        end,
        nodes,
    }
}

/// Searches the remainder loaded in `solver` for at most `max_nodes` nodes:
/// `values` is the grid after the forced moves, `options` what each option
/// of the remainder places. The nodes are the search's own.
///
/// `RESTART` only makes the restarts' copy a type of its own, so that the
/// engine's search loop it calls is a copy of its own too: with one copy
/// called from both places, the compiler inlined it into neither, and the
/// first attempt (the search of nearly every puzzle) lost 3% in
/// instructions on hardest1106.
#[inline(always)]
fn search_residual<const RESTART: bool>(
    solver: &mut ReducedSolver,
    values: &[u8],
    options: &[(u16, u8)],
    puzzle: &Grid,
    limits: Limits,
    max_nodes: u64,
) -> Solution {
    let mut first: Option<Grid> = None;
    let report = solver.search(limits.with_max_nodes(max_nodes), |chosen| {
        if first.is_none() {
            let mut cells = values.to_vec();
            for &o in chosen {
                let (cell, d) = options[o];
                cells[usize::from(cell)] = d + 1;
            }
            first = Some(Grid {
                box_size: puzzle.box_size(),
                cells,
            });
        }
        std::ops::ControlFlow::Continue(())
    });
    debug_assert!(first.as_ref().map_or(true, |g| g.side() == puzzle.side()));
    Solution {
        grid: first,
        count: report.solutions,
        end: report.end,
        nodes: report.stats.nodes,
    }
}

/// Term `i` (from 1) of the Luby sequence: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ...
fn luby(mut i: u64) -> u64 {
    debug_assert!(i >= 1);
    loop {
        // 2^(k-1) <= i < 2^k: the term is 2^(k-1) at the end of a block of
        // length 2^k - 1, else that of i in the repeated first half.
        let k = 64 - i.leading_zeros();
        if k == 64 || i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

/// A seed made from a puzzle's cells (SplitMix64's finaliser over them):
/// the same on every run and platform.
fn seed_of(cells: &[u8]) -> u64 {
    let mix = |mut z: u64| {
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    cells.iter().fold(cells.len() as u64, |h, &c| {
        mix(h
            .wrapping_add(0x9e37_79b9_7f4a_7c15)
            .wrapping_add(u64::from(c)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use samples::{EASY, EASY_SOLUTION};

    #[test]
    #[should_panic(expected = "add_sudoku needs an empty problem (1 items, 0 options already)")]
    fn add_sudoku_refuses_a_problem_with_items() {
        let mut problem = Problem::new();
        problem.add_primary("x").unwrap();
        encoding::add_sudoku(&mut problem, 2);
    }

    #[test]
    fn pattern_solutions_are_solutions() {
        for n in MIN_BOX..=MAX_BOX {
            let grid = samples::pattern_solution(n);
            assert_eq!(grid.check_solution(&Grid::empty(n)), Ok(()), "n = {n}");
        }
    }

    /// A 16x16 row of numbers one cell short is a bad row, never cut into
    /// characters (where `12` would become the two cells 1 and 2).
    #[test]
    fn a_short_row_of_numbers_keeps_its_numbers() {
        let solution = samples::pattern_solution(4);
        let mut rows: Vec<String> = solution
            .cells()
            .chunks(16)
            .map(|row| row.iter().map(u8::to_string).collect::<Vec<_>>().join(" "))
            .collect();
        assert_eq!(Grid::from_rows(&rows), Ok(solution.clone()));
        // Row 1 of the pattern holds a two-digit number; drop a one-digit one.
        let mut words: Vec<&str> = rows[0].split(' ').collect();
        assert!(words.iter().any(|w| w.len() == 2));
        let one_digit = words.iter().position(|w| w.len() == 1).unwrap();
        words.remove(one_digit);
        rows[0] = words.join(" ");
        assert_eq!(
            Grid::from_rows(&rows),
            Err(GridError::RowLength {
                row: 1,
                found: 15,
                expected: 16
            })
        );
        // Symbols in groups, one per box, are still read as characters.
        let grouped: Vec<String> = solution
            .to_line()
            .as_bytes()
            .chunks(16)
            .map(|row| {
                let row = std::str::from_utf8(row).unwrap();
                (0..4)
                    .map(|b| &row[4 * b..4 * b + 4])
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        assert_eq!(Grid::from_rows(&grouped), Ok(solution));
    }

    #[test]
    #[should_panic(expected = "box size 9 unsupported: 2 to 8 (4x4 to 64x64 grids)")]
    fn a_matrix_of_an_unsupported_size_says_which_are() {
        encoding::matrix(9);
    }

    #[test]
    #[should_panic(expected = "box size 1 unsupported: 2 to 8")]
    fn an_empty_grid_of_an_unsupported_size_says_which_are() {
        Grid::empty(1);
    }

    #[test]
    #[should_panic(expected = "digit 10 exceeds the side 9 of the grid")]
    fn setting_a_digit_beyond_the_side_says_so() {
        Grid::empty(3).set(0, 0, 10);
    }

    #[test]
    fn line_round_trip_and_solution() {
        let g = Grid::from_line(EASY).unwrap();
        assert_eq!(g.to_line(), EASY.replace('0', "."));
        assert_eq!(g.givens(), 30);
        let s = DlxSudoku::new().solve(&g, Limits::solutions(2));
        assert_eq!(s.count, 1);
        assert_eq!(s.end, End::Exhausted);
        let solved = s.grid.unwrap();
        assert_eq!(solved.to_line(), EASY_SOLUTION);
        solved.check_solution(&g).unwrap();
    }

    /// `*`, `-` and `?`, blanks in other tools, are bad symbols here whose
    /// message says which blanks are read; other bad symbols get none.
    #[test]
    fn foreign_blanks_name_ours() {
        for blank in ['*', '-', '?'] {
            let line = format!("{blank}{}", &EASY[1..]);
            let e = Grid::from_line(&line).unwrap_err().to_string();
            assert!(e.ends_with("; blanks are `.`, `0` or `_`"), "{e}");
        }
        let e = Grid::from_line(&format!("x{}", &EASY[1..])).unwrap_err();
        assert_eq!(e.to_string(), "bad symbol `x` at cell 1 (row 1, column 1)");
    }

    /// A puzzle with both `.` and `0` blanks and no top symbol looks
    /// written 0-based (`0-F`): refused, never read with its `0` givens
    /// lost. With the top symbol present, or with one kind of blank, it is
    /// ours.
    #[test]
    fn zero_based_puzzles_are_refused() {
        let looks_zero_based =
            |r: Result<Grid, GridError>| matches!(r, Err(GridError::LooksZeroBased { .. }));
        // 16x16 in 0-F: a 0 given beside `.` blanks, no G.
        let hex = format!("0123456789ABCDEF{}", ".".repeat(240));
        assert!(looks_zero_based(Grid::from_line(&hex)));
        let ours = format!("123456789ABCDEFG{}", ".".repeat(240));
        assert!(Grid::from_line(&ours).is_ok());
        let zero_blanks = format!("123456789ABCDEF0{}", "0".repeat(240));
        assert!(Grid::from_line(&zero_blanks).is_ok(), "0 alone is a blank");
        // 9x9: with a 9 somewhere, mixed blanks are still blanks.
        let mixed = format!("12345678.0{}", ".".repeat(71));
        assert!(looks_zero_based(Grid::from_line(&mixed)));
        let with_nine = format!("12345678.09{}", ".".repeat(70));
        assert_eq!(Grid::from_line(&with_nine).unwrap().givens(), 9);
        // 4x4 written 0-3, and a numeric 16x16 grid of 0-15 with `.` blanks.
        assert!(looks_zero_based(Grid::from_line("0123............")));
        let mut rows = vec![(0..16).map(|v| v.to_string()).collect::<Vec<_>>().join(" ")];
        rows.extend((1..16).map(|_| vec!["."; 16].join(" ")));
        let err = Grid::from_rows(&rows).unwrap_err();
        assert!(looks_zero_based(Err(err.clone())));
        assert!(err.to_string().contains("highest symbol `16`"), "{err}");
    }

    #[test]
    fn numeric_and_pretty_round_trip() {
        let g = Grid::from_line(EASY).unwrap();
        let rows: Vec<String> = g.to_numeric_rows().lines().map(String::from).collect();
        assert_eq!(Grid::from_rows(&rows).unwrap(), g);
        let pretty: Vec<String> = g.to_pretty().lines().map(String::from).collect();
        assert_eq!(pretty.len(), 11);
        assert_eq!(Grid::from_rows(&pretty).unwrap(), g);
        for n in 2..=6 {
            let mut e = Grid::empty(n);
            e.set(0, 0, (n * n) as u8);
            let rows: Vec<String> = e.to_pretty().lines().map(String::from).collect();
            assert_eq!(Grid::from_rows(&rows).unwrap(), e, "n = {n}");
            let rows: Vec<String> = e.to_numeric_rows().lines().map(String::from).collect();
            assert_eq!(Grid::from_rows(&rows).unwrap(), e, "n = {n}");
        }
    }

    #[test]
    fn symbols_of_each_size() {
        let g16 = Grid::from_line(&format!("G{}", ".".repeat(255))).unwrap();
        assert_eq!(g16.get(0, 0), 16);
        let g25 = Grid::from_line(&format!("Y{}", "_".repeat(624))).unwrap();
        assert_eq!(g25.get(0, 0), 25);
        assert_eq!(g25.to_line().chars().next(), Some('Y'));
        assert!(matches!(
            Grid::from_line(&format!("5{}", ".".repeat(15))),
            Err(GridError::BadSymbol { .. })
        ));
        assert!(matches!(
            Grid::from_line(&format!("1{}", ".".repeat(624))),
            Err(GridError::BadSymbol { .. })
        ));
        assert_eq!(Grid::from_line("123"), Err(GridError::WrongLength(3)));
    }

    /// ASCII lines take a byte path; other lines are read symbol by symbol,
    /// with the same lengths and positions.
    #[test]
    fn non_ascii_lines_count_symbols_not_bytes() {
        let line = format!("{}é{}", ".".repeat(4), ".".repeat(76));
        assert_eq!(line.len(), 82);
        let err = Grid::from_line(&line).unwrap_err().to_string();
        assert!(err.contains('é') && err.contains('5'), "{err}");
        assert_eq!(
            Grid::from_line(&format!("é{}", ".".repeat(81))),
            Err(GridError::WrongLength(82))
        );
        assert_eq!(Grid::from_line(&".".repeat(81)), Ok(Grid::empty(3)));
    }

    /// The byte-table path for ASCII lines reads every byte exactly as the
    /// per-character path does, at every size: same values, same errors.
    #[test]
    fn ascii_table_matches_symbol_value() {
        for box_size in 2..=5 {
            let side = box_size * box_size;
            let cells = side * side;
            for byte in 0u8..128 {
                for k in [0, 1, cells / 2, cells - 2] {
                    let mut line = vec![b'.'; cells];
                    line[k] = byte;
                    let by_table = ascii_line_cells(&line, box_size);
                    let by_char = line_cells(line.iter().map(|&b| char::from(b)), side);
                    assert_eq!(by_table, by_char, "byte {byte} at {k}, side {side}");
                }
            }
        }
    }

    #[test]
    fn clashes_are_found() {
        let mut bad = EASY.to_string();
        bad.replace_range(1..2, "5");
        let e = Grid::from_line(&bad).unwrap().check_givens().unwrap_err();
        assert_eq!(
            e.to_string(),
            "digit 5 appears twice in row 1 (cells r1c1 and r1c2)"
        );
    }

    /// Above 9x9 a clash names the symbol as the line format writes it (a
    /// letter with its number, which a numeric grid would have used), and
    /// so does a changed given.
    #[test]
    fn clashes_name_symbols_as_written() {
        let clash = |line: String| Grid::from_line(&line).unwrap().check_givens().unwrap_err();
        let e = clash(format!("AA{}", ".".repeat(623)));
        assert!(
            e.to_string()
                .starts_with("symbol `A` (1) appears twice in row 1"),
            "{e}"
        );
        let e = clash(format!("GG{}", ".".repeat(254)));
        assert!(
            e.to_string()
                .starts_with("symbol `G` (16) appears twice in row 1"),
            "{e}"
        );
        let e = clash(format!("77{}", ".".repeat(254)));
        assert!(
            e.to_string()
                .starts_with("symbol `7` appears twice in row 1"),
            "{e}"
        );
        assert_eq!(value_name(30, 36), "number 30");
        // A given J (10) where the solution has B (2).
        let puzzle = Grid::from_line(&format!(".J{}", ".".repeat(623))).unwrap();
        let solution = samples::pattern_solution(5);
        assert_eq!(solution.get(0, 1), 2);
        assert_eq!(
            solution.check_solution(&puzzle).unwrap_err().0,
            "given symbol `J` (10) at r1c2 was changed to symbol `B` (2)"
        );
    }

    /// The bitmask test passes every valid grid of every size and lets each
    /// kind of clash through to the named error.
    #[test]
    fn clash_check_at_every_size() {
        for n in MIN_BOX..=MAX_BOX {
            let solved = samples::pattern_solution(n);
            assert_eq!(solved.check_givens(), Ok(()), "box size {n}");
            let top_left = solved.get(0, 0);
            for (r, c, unit) in [(0, 1, "row 1"), (1, 0, "column 1"), (1, 1, "box 1")] {
                let mut bad = solved.clone();
                bad.set(r, c, top_left);
                match bad.check_givens() {
                    Err(GridError::Clash { unit: u, .. }) => {
                        assert!(u == unit || unit == "box 1", "box size {n}: {u}")
                    }
                    other => panic!("box size {n}, ({r},{c}): {other:?}"),
                }
            }
        }
    }

    #[test]
    fn luby_sequence() {
        let terms: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
        assert_eq!(luby(u64::MAX), 1 << 63);
    }

    #[test]
    fn empty_grids_solve() {
        for n in 2..=5 {
            let g = Grid::empty(n);
            let s = DlxSudoku::new().solve(&g, Limits::none());
            s.grid.unwrap().check_solution(&g).unwrap();
        }
    }
}
