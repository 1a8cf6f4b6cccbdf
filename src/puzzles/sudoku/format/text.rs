//! One grid as text: read from a line of `n^4` symbols or from rows
//! (numeric, bare or pretty), and written back in each of those forms.

use std::fmt::Write as _;

use super::symbols::{
    ascii_symbols, letters_only, symbol_value, token_value, value_symbol, NOT_A_SYMBOL,
};
use crate::puzzles::lines::row_cells;
use crate::puzzles::sudoku::grid::{bad_symbol, BoxShape, Grid, GridError};
use crate::puzzles::sudoku::MAX_LINE_SIDE;

impl Grid {
    /// Parses the line format: `N^2` symbols for a side N of 4 to 25 that
    /// is not prime, `.`, `0` or `_` for blanks. Digits are `1-9` up to
    /// 9x9, `1-9` then `A`, `B`, ... up to 16x16 (`A-G` for 16x16, `A-C`
    /// for 12x12), letters alone from 17x17 to 25x25 (`A-Y` for 25x25), in
    /// either case. The boxes are the side's default shape
    /// ([`BoxShape::for_side`]: 2x3 for 6x6); [`Grid::with_shape`] sets
    /// others.
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
        let shape = line_side(symbols)
            .and_then(|side| BoxShape::for_side(side).ok())
            .ok_or(GridError::WrongLength(symbols))?;
        let side = shape.side();
        // Bytes of an ASCII line need no UTF-8 decoding.
        let cells = if ascii {
            ascii_line_cells(line.as_bytes(), side)
        } else {
            line_cells(line.chars(), side)
        }?;
        // Two byte scans (the blank marks are ASCII, and no byte of a
        // multi-byte character is): this runs once per record.
        let bytes = line.as_bytes();
        let dot_and_zero =
            memchr::memchr(b'0', bytes).is_some() && memchr::memchr2(b'.', b'_', bytes).is_some();
        check_not_zero_based(dot_and_zero, &cells, side, false)?;
        Ok(Grid { shape, cells })
    }

    /// Parses a grid given as rows of symbols. Each row is either
    /// whitespace-separated numbers (`0` or `.` blank), or, when it has no
    /// spaces between symbols, one symbol per cell as in the line format.
    /// `|`, `-`, `+` and `=` separators are ignored, and rows made only of
    /// separators are skipped.
    ///
    /// The boxes are as wide as the cells before the first `|` of a row
    /// that has one (a pretty grid: `1 2 3 | 4 5 6` has boxes of 2x3),
    /// else the side's default shape ([`BoxShape::for_side`]).
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Self, GridError> {
        Grid::from_rows_in(rows, None)
    }

    /// [`Grid::from_rows`] with the boxes `--box` asked for, if any: the
    /// rows must make a grid of their side, and a pretty grid's `|` rules
    /// must stand where those boxes end.
    pub(crate) fn from_rows_in<S: AsRef<str>>(
        rows: &[S],
        asked: Option<BoxShape>,
    ) -> Result<Self, GridError> {
        let parsed: Vec<Vec<String>> = rows
            .iter()
            .map(|r| row_words(r.as_ref()))
            .filter(|t| !t.is_empty())
            .collect();
        let side = parsed.len();
        let shape = match (bar_width(rows, side), asked) {
            (_, Some(asked)) if asked.side() != side => {
                let reason = crate::puzzles::sudoku::format::reader::wrong_side(side, asked);
                return Err(GridError::WrongShape(reason));
            }
            (Some(width), Some(asked)) if width != asked.cols() => {
                return Err(GridError::WrongShape(format!(
                    "the `|` rules stand every {width} cells, but --box {asked} makes boxes \
                     {} cells wide",
                    asked.cols()
                )))
            }
            (_, Some(asked)) => asked,
            (None, None) => BoxShape::for_side(side)?,
            (Some(width), None) => pretty_shape(side, width)?,
        };
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
        Ok(Grid { shape, cells })
    }

    /// The line format: `N^2` symbols, `.` for blanks.
    ///
    /// # Panics
    /// For sides above 25, which have no one-character symbols (use
    /// [`Grid::to_numeric_rows`]).
    pub fn to_line(&self) -> String {
        assert!(
            self.side() <= MAX_LINE_SIDE,
            "the line format stops at 25x25"
        );
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
        let (rows, cols, side) = (self.shape.rows(), self.shape.cols(), self.side());
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
        // Each box row is `cols` cells of `width` plus separating spaces.
        let segment = "-".repeat(cols * (width + 1) - 1);
        let rule = vec![segment; side / cols].join("-+-");
        let mut out = String::new();
        for r in 0..side {
            if r > 0 && r % rows == 0 {
                out.push('\n');
                out.push_str(&rule);
            }
            if r > 0 {
                out.push('\n');
            }
            for c in 0..side {
                if c > 0 {
                    out.push_str(if c % cols == 0 { " | " } else { " " });
                }
                let _ = write!(out, "{:>width$}", symbol(self.get(r, c)));
            }
        }
        out
    }
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
    // Symbols from 17x17 to 25x25 are letters: digits are no symbol there.
    if !dot_and_zero || cells.contains(&(side as u8)) || (letters_only(side) && !numeric) {
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
    // Groups of symbols are at most one per box of a row: as many as the
    // boxes across in the default shape, or in any other shape of the side.
    let boxes = BoxShape::all_for_side(side)
        .iter()
        .map(|shape| side / shape.cols())
        .max()
        .unwrap_or(1);
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

/// [`line_cells`] for an ASCII line: one table lookup per byte, without a
/// branch on the symbol (blanks and digits alternate at random, so a
/// `match` per character mispredicted about every other one). This is the
/// reader thread's main work on a bulk file.
fn ascii_line_cells(bytes: &[u8], side: usize) -> Result<Vec<u8>, GridError> {
    let table = ascii_symbols(side);
    let cells: Vec<u8> = bytes.iter().map(|&b| table[usize::from(b)]).collect();
    match cells.iter().position(|&v| v == NOT_A_SYMBOL) {
        None => Ok(cells),
        Some(k) => Err(bad_symbol(char::from(bytes[k]).to_string(), k, side)),
    }
}

/// The side of a one-line puzzle of `symbols` symbols: N for N*N, N a side
/// the line format writes (4 to 25, not prime).
pub(crate) fn line_side(symbols: usize) -> Option<usize> {
    let side = (4..=MAX_LINE_SIDE).find(|s| s * s >= symbols)?;
    (side * side == symbols && BoxShape::for_side(side).is_ok()).then_some(side)
}

/// The cells before the first `|` of the first row that has one: the width
/// of a pretty grid's boxes. `None` for rows without bars, or with a bar
/// before any cell (a frame: `| 1 2 3 | ...`, whose next bar tells).
fn bar_width<S: AsRef<str>>(rows: &[S], side: usize) -> Option<usize> {
    let row = rows.iter().map(AsRef::as_ref).find(|r| {
        r.contains('|') && !crate::puzzles::lines::is_separator(r) && !row_words(r).is_empty()
    })?;
    // Cells before each bar, the frame's bar at the start skipped.
    let mut cells = 0;
    for piece in row.split('|') {
        let words = row_words(piece);
        let count = if words.len() == 1 && side > 1 {
            // Bare symbols between bars (`123|456`): one cell each.
            words[0].chars().count()
        } else {
            words.len()
        };
        if count > 0 {
            cells += count;
            return Some(cells);
        }
    }
    None
}

/// The boxes of a pretty grid of this side whose `|` rules stand every
/// `width` cells.
fn pretty_shape(side: usize, width: usize) -> Result<BoxShape, GridError> {
    let fits = width >= 2 && width < side && side % width == 0;
    let shape = fits
        .then(|| BoxShape::new(side / width, width).ok())
        .flatten();
    shape.ok_or_else(|| {
        // A side that has no shape at all says so first.
        match BoxShape::for_side(side) {
            Err(e) => e,
            Ok(_) => GridError::WrongShape(format!(
                "the `|` rules stand after {width} cells, but boxes {width} wide cannot tile \
                 a {side}x{side} grid (its boxes can be {})",
                shapes_list(side)
            )),
        }
    })
}

/// The shapes a side's boxes can have: `2x6, 3x4, 4x3 or 6x2`.
pub(crate) fn shapes_list(side: usize) -> String {
    let shapes: Vec<String> = BoxShape::all_for_side(side)
        .iter()
        .map(ToString::to_string)
        .collect();
    match shapes.split_last() {
        None => "none".to_string(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact_cover::{End, Limits};
    use crate::puzzles::sudoku::samples::{self, EASY, EASY_SOLUTION};
    use crate::puzzles::sudoku::{DlxSudoku, SudokuSolver};

    /// The byte-table path for ASCII lines reads every byte exactly as the
    /// per-character path does, at every size: same values, same errors.
    #[test]
    fn ascii_table_matches_symbol_value() {
        for side in [4, 6, 8, 9, 10, 12, 15, 16, 18, 20, 24, 25] {
            let cells = side * side;
            for byte in 0u8..128 {
                for k in [0, 1, cells / 2, cells - 2] {
                    let mut line = vec![b'.'; cells];
                    line[k] = byte;
                    let by_table = ascii_line_cells(&line, side);
                    let by_char = line_cells(line.iter().map(|&b| char::from(b)), side);
                    assert_eq!(by_table, by_char, "byte {byte} at {k}, side {side}");
                }
            }
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
}
