//! The Sudoku grid: its cells, the shape of its boxes ([`BoxShape`]), and
//! what can be wrong with one ([`GridError`]), including givens that clash.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::format::symbols::value_name;

/// Smallest supported box size of a square box (4x4 Sudoku).
pub(crate) const MIN_BOX: usize = 2;
/// Largest supported box size of a square box (64x64 Sudoku).
pub(crate) const MAX_BOX: usize = 8;
/// Smallest supported side (4x4).
pub(crate) const MIN_SIDE: usize = 4;
/// Largest supported side (64x64): one `u64` holds a unit's digits.
pub(crate) const MAX_SIDE: usize = 64;
/// Largest side the line format writes: one character per symbol, `A-Y`
/// for 25x25.
pub(crate) const MAX_LINE_SIDE: usize = 25;

/// The shape of a Sudoku's boxes: `rows` x `cols` cells, the side of the
/// grid being `rows * cols` (so that there are as many boxes as rows).
///
/// Supported: both `rows` and `cols` at least 2, the side from 4 to 64.
/// So a prime side (5, 7, 11, ...) has no shape: its boxes could only be
/// whole rows, which makes the puzzle a Latin square, not a Sudoku. The
/// default shape of a side ([`BoxShape::for_side`]) is the one nearest to
/// square with `rows <= cols`: 3x4 for 12x12, 4x6 for 24x24.
///
/// ```
/// use dlx_engine::puzzles::sudoku::BoxShape;
///
/// let shape: BoxShape = "3x4".parse().unwrap();
/// assert_eq!((shape.rows(), shape.cols(), shape.side()), (3, 4, 12));
/// assert_eq!(BoxShape::for_side(12), Ok(shape));
/// assert_eq!(BoxShape::for_side(24).unwrap().to_string(), "4x6");
/// assert!(BoxShape::for_side(7).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoxShape {
    rows: usize,
    cols: usize,
}

impl BoxShape {
    /// Square boxes of `n` x `n` (not checked: see [`BoxShape::check`]).
    pub const fn square(n: usize) -> Self {
        BoxShape { rows: n, cols: n }
    }

    /// Boxes of `rows` x `cols`, if supported.
    pub fn new(rows: usize, cols: usize) -> Result<Self, GridError> {
        BoxShape { rows, cols }.check()
    }

    /// The shape itself if supported, else why not.
    pub fn check(self) -> Result<Self, GridError> {
        let side = self.rows.checked_mul(self.cols);
        match side {
            Some(side)
                if self.rows >= 2 && self.cols >= 2 && (MIN_SIDE..=MAX_SIDE).contains(&side) =>
            {
                Ok(self)
            }
            _ => Err(GridError::BadShape {
                rows: self.rows,
                cols: self.cols,
            }),
        }
    }

    /// The default shape of a grid of this side: `rows <= cols`, nearest to
    /// square (2x3 for 6x6, 3x4 for 12x12, 4x6 for 24x24, 5x5 for 25x25).
    pub fn for_side(side: usize) -> Result<Self, GridError> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&side) {
            return Err(GridError::BadSide(side));
        }
        (2..=side)
            .take_while(|r| r * r <= side)
            .filter(|r| side % r == 0)
            .last()
            .map(|r| BoxShape::square(r).with_cols(side / r))
            .ok_or(GridError::BadSide(side))
    }

    /// The same rows, `cols` columns.
    const fn with_cols(self, cols: usize) -> Self {
        BoxShape { cols, ..self }
    }

    /// Every supported shape of a grid of this side, `rows` ascending (2x6,
    /// 3x4, 4x3, 6x2 for 12x12).
    pub fn all_for_side(side: usize) -> Vec<BoxShape> {
        (2..side)
            .filter(|r| side % r == 0)
            .filter_map(|r| BoxShape::new(r, side / r).ok())
            .collect()
    }

    /// Rows of a box.
    pub const fn rows(self) -> usize {
        self.rows
    }

    /// Columns of a box.
    pub const fn cols(self) -> usize {
        self.cols
    }

    /// The grid's side: `rows * cols`.
    pub const fn side(self) -> usize {
        self.rows * self.cols
    }

    /// Whether the boxes are square.
    pub const fn is_square(self) -> bool {
        self.rows == self.cols
    }

    /// The box (0-based, reading order) holding (row, col).
    #[inline]
    pub const fn box_of(self, row: usize, col: usize) -> usize {
        (row / self.rows) * (self.side() / self.cols) + col / self.cols
    }

    /// The place of (row, col) in its box, 0-based in reading order.
    #[inline]
    pub const fn place_in_box(self, row: usize, col: usize) -> usize {
        (row % self.rows) * self.cols + col % self.cols
    }

    /// The cell (row, col) at place `place` of box `bx`.
    #[inline]
    pub const fn cell_of_box(self, bx: usize, place: usize) -> (usize, usize) {
        let across = self.side() / self.cols;
        (
            (bx / across) * self.rows + place / self.cols,
            (bx % across) * self.cols + place % self.cols,
        )
    }
}

/// Square boxes of `n` x `n`: the box sizes 2 to 8 that the API took
/// before boxes could be oblong (`Grid::empty(3)` is 9x9).
impl From<usize> for BoxShape {
    fn from(n: usize) -> Self {
        BoxShape::square(n)
    }
}

/// `3x4`: rows, then columns.
impl fmt::Display for BoxShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

/// Reads `RxC` (`3x4`, `3X4`): the rows and columns of a box.
impl FromStr for BoxShape {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let (rows, cols) = text
            .split_once(['x', 'X'])
            .ok_or_else(|| format!("`{text}` is no box shape: write ROWSxCOLUMNS, such as 2x3"))?;
        let number = |t: &str| {
            t.trim()
                .parse::<usize>()
                .map_err(|_| format!("`{text}` is no box shape: write ROWSxCOLUMNS, such as 2x3"))
        };
        BoxShape::new(number(rows)?, number(cols)?).map_err(|e| e.to_string())
    }
}

/// Why a grid could not be read or is not a valid puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GridError {
    /// A line-format puzzle whose length is not N*N for a side N the line
    /// format writes (4 to 25, not prime).
    #[error(
        "wrong length: {} (expected 16, 36, 64, 81, 100, 144, 196, 225, 256, 324, 400, 441, \
         484, 576 or 625)",
        n_cells(*.0)
    )]
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
    /// Boxes of a shape that is not supported: a side of less than 2, or a
    /// grid side outside 4..=64.
    #[error(
        "unsupported boxes of {rows}x{cols}: a box needs 2 rows and 2 columns at least, \
         and the grid (side rows x columns) 4 to 64 cells a side"
    )]
    BadShape {
        /// Rows of a box.
        rows: usize,
        /// Columns of a box.
        cols: usize,
    },
    /// A cell list of the wrong length for its box size.
    #[error("{}, expected {expected}", n_cells(*.found))]
    CellCount {
        /// Cells given.
        found: usize,
        /// n^4 for the box size.
        expected: usize,
    },
    /// A side outside 4..=64, or prime (no boxes of at least 2x2 tile it).
    #[error("{}", side_reason(*.0))]
    BadSide(usize),
    /// Box rows and columns that do not make the grid's side (`--box 2x3`
    /// on a 9x9 grid), or a pretty grid's `|` rules that disagree with the
    /// boxes asked for.
    #[error("{0}")]
    WrongShape(String),
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
    // The last symbol of the side, as the line format writes it.
    let top = |side: usize| super::format::symbols::value_symbol(side as u8, side);
    match (symbol, side) {
        ("*" | "-" | "?", _) => "; blanks are `.`, `0` or `_`".into(),
        (_, 4 | 9) => String::new(),
        // A 9x9 line cut to 64 or 36 cells reads as 8x8 or 6x6: say so.
        (_, ..=9) => format!("; {} {side}x{side} puzzle uses 1-{side}", article(side)),
        (_, 16) => "; a 16x16 puzzle uses 1-9 and A-G (10-16), or numbers 1-16 in a grid".into(),
        (_, 10..=15) => format!(
            "; a {side}x{side} puzzle uses 1-9 and A-{} (10-{side}), or numbers 1-{side} in a grid",
            top(side)
        ),
        (_, 17..=25) => format!(
            "; {} {side}x{side} puzzle line uses A-{} (1-{side}), or numbers 1-{side} in a grid",
            article(side),
            top(side)
        ),
        _ => format!("; a {side}x{side} puzzle uses numbers 1-{side}"),
    }
}

/// `a` or `an` before a side read aloud (`an 8x8`, `an 18x18`).
pub(crate) fn article(side: usize) -> &'static str {
    if side == 8 || side == 11 || side == 18 || (80..90).contains(&side) {
        "an"
    } else {
        "a"
    }
}

/// A Sudoku grid of `side x side` cells in boxes of [`BoxShape`] (`n x n`
/// for the classic sizes), 0 for a blank, else a digit `1..=side`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    pub(super) shape: BoxShape,
    pub(super) cells: Vec<u8>,
}

impl Grid {
    /// An empty grid with boxes of `shape` (a box size `n` for `n x n`).
    ///
    /// # Panics
    /// If the shape is unsupported (see [`BoxShape`]).
    pub fn empty(shape: impl Into<BoxShape>) -> Self {
        let shape = shape.into();
        assert_shape(shape);
        Grid {
            shape,
            cells: vec![0; shape.side() * shape.side()],
        }
    }

    /// A grid from its cells in reading order (0 = blank), with boxes of
    /// `shape` (a box size `n` for `n x n`).
    pub fn from_cells(shape: impl Into<BoxShape>, cells: Vec<u8>) -> Result<Self, GridError> {
        let shape = shape.into();
        if shape.is_square() && !(MIN_BOX..=MAX_BOX).contains(&shape.rows()) {
            return Err(GridError::BadBoxSize(shape.rows()));
        }
        let shape = shape.check()?;
        let side = shape.side();
        if cells.len() != side * side {
            return Err(GridError::CellCount {
                found: cells.len(),
                expected: side * side,
            });
        }
        if let Some(k) = cells.iter().position(|&v| v as usize > side) {
            return Err(bad_symbol(cells[k].to_string(), k, side));
        }
        Ok(Grid { shape, cells })
    }

    /// The shape of the boxes.
    pub fn shape(&self) -> BoxShape {
        self.shape
    }

    /// The same cells in boxes of `shape`, which must have the same side.
    pub fn with_shape(mut self, shape: BoxShape) -> Result<Self, GridError> {
        let shape = shape.check()?;
        if shape.side() != self.side() {
            return Err(GridError::WrongShape(format!(
                "{2} {0}x{0} grid cannot have boxes of {shape}, which make {3} {1}x{1} grid",
                self.side(),
                shape.side(),
                article(self.side()),
                article(shape.side())
            )));
        }
        self.shape = shape;
        Ok(self)
    }

    /// Rows of a box: the box size `n` of a grid of `n x n` boxes. (Of an
    /// oblong box, the rows alone: see [`shape`](Self::shape).)
    pub fn box_size(&self) -> usize {
        self.shape.rows()
    }

    /// Side: the number of rows, columns, boxes and digits.
    pub fn side(&self) -> usize {
        self.shape.side()
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
        self.shape.box_of(row, col)
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
                        unit: self.unit_name(unit_name, unit),
                        first: (*slot / side, *slot % side),
                        second: (r, c),
                    });
                }
                *slot = k;
            }
        }
        Ok(())
    }
}

impl Grid {
    /// `row 3`, `column 3`, `box 3`; an oblong box with where it is
    /// (`box 3 (rows 1-2, columns 7-9)`), since boxes of 2x3 and of 3x2 are
    /// numbered alike but lie elsewhere.
    fn unit_name(&self, kind: &str, unit: usize) -> String {
        let shape = self.shape;
        if kind != "box" || shape.is_square() {
            return format!("{kind} {}", unit + 1);
        }
        let (top, left) = shape.cell_of_box(unit, 0);
        format!(
            "box {} (rows {}-{}, columns {}-{})",
            unit + 1,
            top + 1,
            top + shape.rows(),
            left + 1,
            left + shape.cols()
        )
    }
}

/// Why a grid of this side is refused.
fn side_reason(side: usize) -> String {
    if (MIN_SIDE..=MAX_SIDE).contains(&side) {
        format!(
            "unsupported side {side}: {side} is prime, so no boxes of at least 2x2 cells \
             tile the grid (sides 4 to 64 that are not prime are supported)"
        )
    } else {
        format!("unsupported side {side} (sides 4 to 64 that are not prime are supported)")
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
pub(super) fn assert_box_size(box_size: usize) {
    let (small, large) = (MIN_BOX * MIN_BOX, MAX_BOX * MAX_BOX);
    assert!(
        (MIN_BOX..=MAX_BOX).contains(&box_size),
        "box size {box_size} unsupported: {MIN_BOX} to {MAX_BOX} ({small}x{small} to {large}x{large} grids)"
    );
}

/// Panics with a message naming the supported shapes unless `shape` is one.
pub(super) fn assert_shape(shape: BoxShape) {
    if shape.is_square() {
        assert_box_size(shape.rows());
    }
    if let Err(e) = shape.check() {
        panic!("{e}");
    }
}

/// The default box shape of a grid of side `side`, if the side is
/// supported (4 to 64, not prime).
pub(crate) fn shape_of_side(side: usize) -> Option<BoxShape> {
    BoxShape::for_side(side).ok()
}

pub(super) fn bad_symbol(symbol: String, k: usize, side: usize) -> GridError {
    GridError::BadSymbol {
        symbol,
        side,
        cell: k + 1,
        row: k / side + 1,
        col: k % side + 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::sudoku::samples::{self, EASY};

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
}
