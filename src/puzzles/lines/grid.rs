//! The shapes of Sudoku lines outside CSV: one-line puzzles (plain or in
//! n² groups), grid rows of every style, valid or damaged, and rule lines
//! (ASCII, or box-drawing characters read as ASCII).

use super::strip_comment;
use crate::puzzles::sudoku::{shape_of_side, symbol_value, token_value, Grid};

/// The lengths of one-line puzzles: N*N for a side N of 4 to 25 that is
/// not prime.
macro_rules! line_lengths {
    () => {
        16 | 36 | 64 | 81 | 100 | 144 | 196 | 225 | 256 | 324 | 400 | 441 | 484 | 576 | 625
    };
}

/// A one-line puzzle: N*N symbols (N a side of 4 to 25, not prime), no
/// spaces.
pub(crate) fn is_sudoku_line(line: &str) -> bool {
    // Bulk files are ASCII: there a byte is a symbol and the test is two
    // byte scans (this runs on the reader thread once per record, where
    // every nanosecond is taken from all workers).
    if line.is_ascii() {
        return matches!(line.len(), line_lengths!())
            && !line.bytes().any(|b| b.is_ascii_whitespace() || b == 0x0b);
    }
    matches!(line.chars().count(), line_lengths!()) && !line.contains(char::is_whitespace)
}

/// A line made only of grid rules (`-`, `+`, `=`, `|`), possibly framed by
/// `*` corners as Sudoku Explainer writes (`*-----------*`).
pub(crate) fn is_separator(line: &str) -> bool {
    let framed = line
        .strip_prefix('*')
        .and_then(|l| l.strip_suffix('*'))
        .filter(|inner| inner.contains(['-', '=']));
    let rule = framed.unwrap_or(line);
    !rule.is_empty()
        && rule
            .chars()
            .all(|c| matches!(c, '-' | '+' | '=' | '|' | ' '))
}

/// A rule line or grid row drawn with Unicode box-drawing characters
/// (U+2500 to U+257F, the frames that many sites and printers draw around
/// a grid), written as the ASCII of a pretty grid: vertical lines as `|`,
/// horizontal ones as `-`, corners, tees and crosses as `+`. `None` for any
/// other line (a title with a `─` in it is left as written).
pub(crate) fn ascii_box_drawing(line: &str) -> Option<String> {
    let is_box = |c: char| ('\u{2500}'..='\u{257f}').contains(&c);
    if line.is_ascii() || !line.chars().any(is_box) {
        return None;
    }
    let ascii =
        |c: char| match c {
            '│' | '┃' | '║' | '╎' | '╏' | '┆' | '┇' | '┊' | '┋' | '╽' | '╿' | '╵' | '╷' | '╹'
            | '╻' => '|',
            '─' | '━' | '═' | '╌' | '╍' | '┄' | '┅' | '┈' | '┉' | '╼' | '╾' | '╴' | '╶' | '╸'
            | '╺' => '-',
            // Diagonals draw no frame.
            '╱' | '╲' | '╳' => c,
            c if is_box(c) => '+',
            c => c,
        };
    let ascii: String = line.chars().map(ascii).collect();
    let body = strip_comment(&ascii);
    (is_separator(body) || grid_row_side(body).is_some()).then_some(ascii)
}

/// The cells of a grid row: its words between blanks and the `|`, `+`, `=`
/// of pretty grids.
pub(crate) fn row_cells(line: &str) -> impl Iterator<Item = &str> {
    line.split(|c: char| c.is_whitespace() || matches!(c, '|' | '+' | '='))
        .filter(|w| !w.is_empty())
}

/// If `line` reads as the row of a grid, its side.
pub(crate) fn grid_row_side(line: &str) -> Option<usize> {
    let words: Vec<&str> = row_cells(line).collect();
    let numeric = words.len() > 1 && words.iter().all(|w| *w == "." || w.parse::<u8>().is_ok());
    let side = if numeric {
        words.len()
    } else {
        words.iter().map(|w| w.chars().count()).sum()
    };
    shape_of_side(side)?;
    // Rows of one-character symbols exist only up to 25x25.
    if !numeric && side > 25 {
        return None;
    }
    let symbols_ok = if numeric {
        words
            .iter()
            .all(|w| *w == "." || w.parse::<usize>().is_ok_and(|v| v <= side))
    } else {
        let probe: String = words.concat();
        // Every character a symbol of the side: a number is a cell of a
        // numeric row only (`1` is no symbol of 18x18, whose are `A-R`).
        probe.chars().all(|c| symbol_value(c, side).is_some())
            && Grid::from_rows(&vec![probe.clone(); side]).is_ok()
    };
    symbols_ok.then_some(side)
}

/// If `line` looks meant as the row of a numeric or pretty grid although
/// it may not be a valid one (a bad symbol, a cell too many or too few):
/// its cells, separated by blanks or `|`, are mostly cell-like (a number,
/// `.`, `_` or a single character). Returns the number of cells.
pub(crate) fn row_like(line: &str) -> Option<usize> {
    if !line.contains(|c: char| c.is_whitespace() || c == '|') {
        return None;
    }
    let (mut words, mut cells) = (0usize, 0usize);
    for word in row_cells(line) {
        words += 1;
        let cell_like = word == "."
            || word == "_"
            || word.bytes().all(|b| b.is_ascii_digit())
            || word.chars().nth(1).is_none();
        cells += usize::from(cell_like);
    }
    (words >= 2 && 2 * cells > words).then_some(words)
}

/// If `line` can start a grid on its own, its side. A line of 16 symbols
/// is the one shape that is both a one-line puzzle (4x4) and a grid row
/// (16x16; bare rows have 4, 9, 16 or 25 symbols, line puzzles 16, 81, 256
/// or 625): alone it starts a grid only if a symbol beyond 4 rules out the
/// 4x4 puzzle. [`SudokuReader::starts_grid_of_16`] weighs the lines below.
pub(crate) fn grid_start_side(line: &str) -> Option<usize> {
    grid_row_side(line).filter(|_| !is_line_of_16(line) || !fits_4x4(line))
}

/// Whether every symbol of `line` (a row, blanks between its cells
/// ignored) is a blank or 1-4. A line of 16 symbols with any other symbol
/// can never be a 4x4 puzzle, valid or not; one without may be either a
/// 4x4 puzzle or a row of a 16x16 grid.
pub(crate) fn fits_4x4(line: &str) -> bool {
    // Blanks and bars are no cells: the chars of `row_cells`, in one scan.
    // This runs on every record of a 4x4 file: ASCII lines go byte by byte.
    if line.is_ascii() {
        return line.bytes().all(|b| {
            matches!(
                b,
                b'.' | b'0' | b'_' | b'1'..=b'4' | b'|' | b'+' | b'=' | 0x0b
            ) || b.is_ascii_whitespace()
        });
    }
    line.chars()
        .all(|c| c.is_whitespace() || matches!(c, '|' | '+' | '=') || symbol_value(c, 4).is_some())
}

/// Whether `line` is a one-line puzzle of 16 symbols, so also maybe the
/// row of a 16x16 grid ([`grid_start_side`]).
pub(crate) fn is_line_of_16(line: &str) -> bool {
    if line.is_ascii() {
        // A byte per symbol: the length settles most lines at once.
        return match line.len() {
            16 => is_sudoku_line(line),
            19 => group_size(line) == Some(4),
            _ => false,
        };
    }
    (is_sudoku_line(line) && line.chars().count() == 16) || group_size(line) == Some(4)
}

/// If `line` is a one-line puzzle written in n² groups of n² symbols
/// separated by single blanks or tabs (`53..7.... 6..195... ...`, nine
/// groups of nine for 9x9): n², the size of its groups.
pub(crate) fn group_size(line: &str) -> Option<usize> {
    // Bulk files are ASCII, and their usual line has no blanks: its length
    // alone (n^4 + n^2 - 1 bytes) rules it out.
    if !matches!(line.len(), 19 | 89 | 271 | 649) && line.is_ascii() {
        return None;
    }
    let mut groups = line.split([' ', '\t']);
    let size = groups.clone().count();
    (matches!(size, 4 | 9 | 16 | 25)
        && groups.all(|g| g.chars().count() == size && !g.contains(char::is_whitespace)))
    .then_some(size)
}

/// The one-line puzzle a line of groups ([`group_size`]) is written for:
/// its symbols without the blanks.
pub(crate) fn grouped_puzzle(line: &str) -> Option<String> {
    group_size(line).map(|_| line.split([' ', '\t']).collect())
}

/// Whether `line` may be a row of a 16x16 grid: a valid one, or one with a
/// bad symbol or a cell too many or too few ([`is_damaged_row`]).
pub(crate) fn is_row_of_16(line: &str) -> bool {
    // The cheap test first: it takes bare and numeric rows.
    is_damaged_row(line, 16) || grid_row_side(line) == Some(16)
}

/// A one-line puzzle that reads as a valid grid.
pub(crate) fn is_valid_puzzle_line(text: &str) -> bool {
    is_sudoku_line(text) && Grid::from_line(text).is_ok()
}

/// [`is_valid_puzzle_line`], written plain or in groups (`1.3. ..4. …`):
/// such a line after a grid is the next puzzle, never one of its rows.
pub(crate) fn is_valid_puzzle_in_either_form(text: &str) -> bool {
    is_valid_puzzle_line(text) || grouped_puzzle(text).is_some_and(|p| is_valid_puzzle_line(&p))
}

/// Whether `line` looks like a row of a grid of this side that may be
/// damaged (a bad symbol, a cell too many or too few): about `side` cells,
/// most of them symbols ([`cells_and_symbols`]). A title such as
/// `a b c d e f g h i` or `Grid 1 - 9 x 9 - 25 givens` is not a damaged row.
pub(crate) fn is_damaged_row(line: &str, side: usize) -> bool {
    let (cells, symbols) = cells_and_symbols(line, side);
    damaged(cells, symbols, side)
}

/// [`is_damaged_row`] on a row's counts of cells and symbols.
fn damaged(cells: usize, symbols: usize, side: usize) -> bool {
    cells.abs_diff(side) <= 2 && 2 * symbols > cells
}

/// A line above a grid that is its damaged first row rather than its
/// title: at most two cells that are no symbol of the grid (a typo), and
/// about a row's length: within two cells, or, for capitals and digits
/// without blanks, within a quarter of the side (`AB..C5..94.G.` above a
/// 16x16 grid lost three cells). A title-like line with more (`Grid_0001`:
/// four letters that are no 9x9 symbol; `SUDOKU_16X16_001`: letters beyond
/// G) is the grid's title, however many of its characters happen to be
/// digits or blanks; `GRID_0001` is too short to be a 16x16 row.
pub(crate) fn is_damaged_first_row(line: &str, side: usize) -> bool {
    let (cells, symbols) = cells_and_symbols(line, side);
    let capitals = !line.contains(|c: char| c.is_whitespace() || c.is_lowercase());
    cells - symbols <= 2
        && (damaged(cells, symbols, side) || (capitals && cells.abs_diff(side) <= side / 4))
}

/// How many cells `line` has as a row of a grid of this side, and how many
/// of them are symbols of that grid. Cells are counted as numeric rows
/// count them (words, [`row_like`]) or else as symbols (bare, grouped or
/// pretty rows).
pub(crate) fn cells_and_symbols(line: &str, side: usize) -> (usize, usize) {
    match row_like(line) {
        Some(cells) => {
            let symbols = row_cells(line)
                .filter(|w| token_value(w, side).is_some())
                .count();
            (cells, symbols)
        }
        None => {
            let (mut cells, mut symbols) = (0, 0);
            for c in row_cells(line).flat_map(str::chars) {
                cells += 1;
                symbols += usize::from(symbol_value(c, side).is_some());
            }
            (cells, symbols)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_puzzles_are_recognised_in_any_script() {
        assert!(is_sudoku_line(&".".repeat(81)));
        assert!(!is_sudoku_line(&".".repeat(82)));
        assert!(!is_sudoku_line(&format!(
            "{}\t{}",
            ".".repeat(40),
            ".".repeat(40)
        )));
        assert!(!is_sudoku_line(&format!(
            "{}\u{b}{}",
            ".".repeat(40),
            ".".repeat(40)
        )));
        // 81 symbols, more bytes: still a line (whose bad symbol is reported
        // later); a no-break space makes it something else.
        assert!(is_sudoku_line(&format!("é{}", ".".repeat(80))));
        assert!(!is_sudoku_line(&format!("\u{a0}{}", ".".repeat(80))));
    }
}
