//! Titles: the line above a grid that names it (`Grid 01`), told apart
//! from a damaged first row and from a puzzle with a note after it.

use super::grid::is_sudoku_line;
use crate::puzzles::sudoku::Grid;

/// A title that may stand before a grid (`Grid 01` in Project Euler's
/// `sudoku.txt`, `Puzzle 3:`, `My puzzles`): a short line whose first word
/// starts with two letters, with a blank or a lower-case letter in it (a
/// damaged row of a 16x16 or 25x25 grid has neither), and not a puzzle
/// with a note after it. Only a line directly above a grid is taken as one;
/// there, capitals without blanks may be one too (`is_title_above`).
pub fn is_title(line: &str) -> bool {
    is_title_shaped(line) && line.contains(|c: char| c.is_whitespace() || c.is_lowercase())
}

/// A line that could be a title above a grid read next: as [`is_title`],
/// or capitals, digits and marks without blanks (`GRID_0001`,
/// `SUDOKU_16X16_001`), which the caller then tells apart from a damaged
/// first row by the grid's own symbols.
pub(crate) fn is_title_above(line: &str) -> bool {
    // As long as a 4x4 puzzle line but no puzzle (`SUDOKU_PUZZLE_01`); a
    // longer line that fails as a puzzle is a damaged one.
    let no_puzzle = || line.len() == 16 && is_sudoku_line(line) && Grid::from_line(line).is_err();
    is_title_shaped(line) || (starts_with_two_letters(line) && no_puzzle())
}

/// A short line whose first word starts with two letters and is not a
/// one-line puzzle (a puzzle with a note after it).
pub(crate) fn is_title_shaped(line: &str) -> bool {
    // The first word's two letters are the line's first two characters
    // after blanks: tested first, they turn away a puzzle line (this runs
    // for every record) before the line is split or counted.
    if !starts_with_two_letters(line.trim_start()) {
        return false;
    }
    let first = line.split_whitespace().next().unwrap_or("");
    line.chars().count() <= MAX_TITLE && !is_sudoku_line(first)
}

/// Whether `text` starts with two letters.
fn starts_with_two_letters(text: &str) -> bool {
    text.chars().take(2).filter(|c| c.is_alphabetic()).count() == 2
}

/// The longest line taken as a grid's title, in characters.
const MAX_TITLE: usize = 80;
