//! The shapes of input lines, one predicate per shape, shared by kind
//! detection ([`crate::puzzles::detect()`]) and the record readers, so that the
//! two never disagree about what a line looks like.
//!
//! - `grid.rs`: one-line puzzles (plain or in groups), grid rows (valid or
//!   damaged), rule lines, frames drawn in box-drawing characters.
//! - `csv.rs`: CSV lines: their fields, the puzzle among them, headers and
//!   their puzzle column, grid rows a spreadsheet wrote.
//! - `title.rs`: titles above grids.
//! - `sudominoku.rs`: Baekjoon 4574 count, domino and singles lines, as
//!   detection and as the reader see them.
//! - here: `#` comments, which every kind of input has.
//!
//! Nothing here reads input or knows the command line. Public:
//! [`strip_comment`], [`is_title`] and [`csv_grid_row`]; the other
//! predicates are the crate's own.
//!
//! ```
//! use dlx_engine::puzzles::lines::{csv_grid_row, is_title, strip_comment};
//!
//! // A trailing comment goes, as `dlx gen --rate` appends one.
//! assert_eq!(strip_comment("53..7....  # rated 3"), "53..7....");
//! // The title above each grid of Project Euler 96's `sudoku.txt`.
//! assert!(is_title("Grid 01"));
//! assert!(!is_title("5 3 0 0 7 0 0 0 0"));
//! // A spreadsheet's row of a 9x9 grid, as a row of blank-separated cells.
//! assert_eq!(
//!     csv_grid_row("5,3,0,0,7,0,0,0,0").as_deref(),
//!     Some("5 3 0 0 7 0 0 0 0")
//! );
//! ```

pub(crate) mod csv;
pub(crate) mod grid;
pub(crate) mod sudominoku;
pub(crate) mod title;

pub use csv::csv_grid_row;
pub(crate) use csv::{
    csv_fields, csv_puzzle, csv_row_of_side, csv_row_with_blanks, empty_csv_row_side, empty_row,
    has_puzzle_field, is_csv_header, is_csv_like, is_puzzle_column_name, is_puzzle_field,
    is_row_with_givens, puzzle_column, spreadsheet_row, CSV_SEPARATORS, MIN_PUZZLE_FIELD,
};
pub(crate) use grid::{
    ascii_box_drawing, cells_and_symbols, fits_4x4, grid_row_side, grid_start_side, group_size,
    grouped_puzzle, is_damaged_first_row, is_damaged_row, is_line_of_16, is_row_of_16,
    is_separator, is_sudoku_line, is_valid_puzzle_in_either_form, is_valid_puzzle_line, row_cells,
    row_like,
};
pub(crate) use sudominoku::{
    count_value, is_domino_line, is_meant_as_domino, is_puzzle_part, is_singles_line,
    is_small_count,
};
pub use title::is_title;
pub(crate) use title::{is_title_above, is_title_shaped};

/// The line without a `#` comment (a whole comment line, or a trailing
/// ` # ...` such as the ratings `dlx gen --rate` appends), trimmed.
pub fn strip_comment(line: &str) -> &str {
    let body = match line.find('#') {
        Some(0) => "",
        Some(p) if line[..p].ends_with(char::is_whitespace) => &line[..p],
        _ => line,
    };
    body.trim()
}

/// Where the `#` comment of a line starts, in bytes, by the rule of
/// [`strip_comment`]: the first `#`, at the start or after a blank. (No
/// byte of a multi-byte UTF-8 character is ASCII, so this holds for lines
/// that are not UTF-8 too.)
pub(crate) fn comment_start(line: &[u8]) -> Option<usize> {
    let p = memchr::memchr(b'#', line)?;
    (p == 0 || line[p - 1].is_ascii_whitespace()).then_some(p)
}
