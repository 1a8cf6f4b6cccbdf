//! The Sudoku grid: its cells, its size, and what can be wrong with one
//! ([`GridError`]), including givens that clash.

use thiserror::Error;

use super::format::symbols::value_name;

/// Smallest supported box size (4x4 Sudoku).
pub(crate) const MIN_BOX: usize = 2;
/// Largest supported box size (64x64 Sudoku).
pub(crate) const MAX_BOX: usize = 8;

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
    pub(super) box_size: usize,
    pub(super) cells: Vec<u8>,
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

/// The box size whose side is `side`, if supported.
pub(crate) fn box_size_of_side(side: usize) -> Option<usize> {
    (MIN_BOX..=MAX_BOX).find(|n| n * n == side)
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
