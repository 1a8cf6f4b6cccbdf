//! Sudoku as text.
//!
//! - `text.rs`: one grid as a line of `n^4` symbols or as rows (numeric,
//!   bare or pretty), read ([`Grid::from_line`], [`Grid::from_rows`]) and
//!   written ([`Grid::to_line`], [`Grid::to_pretty`], ...).
//! - `symbols.rs`: the symbols of each size and their values.
//! - `reader/`: [`SudokuReader`], the records of a whole file, however
//!   each is written ([`Style`]).
//!
//! [`Grid::from_line`]: super::Grid::from_line
//! [`Grid::from_rows`]: super::Grid::from_rows
//! [`Grid::to_line`]: super::Grid::to_line
//! [`Grid::to_pretty`]: super::Grid::to_pretty

pub(crate) mod reader;
pub(crate) mod symbols;
mod text;

pub use reader::{SudokuReader, SudokuRecord};

/// How a Sudoku record was written, so its answer can be written the same way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Style {
    /// One puzzle per line, n^4 symbols; numeric rows above 25x25, which
    /// has no one-character symbols.
    Line,
    /// Rows of whitespace-separated numbers, 0 for blanks (Baekjoon 2580).
    Grid,
    /// Rows with `|` and `-+-` box separators.
    Pretty,
    /// Rows of symbols with nothing between them (Baekjoon 2239, Project
    /// Euler 96); numeric rows above 25x25.
    Rows,
}

impl Style {
    /// `grid` written in this style (the line and rows styles fall back to
    /// a numeric grid above 25x25, which has no one-character symbols).
    pub fn write(self, grid: &super::Grid) -> String {
        match self {
            Style::Line if grid.side() <= 25 => grid.to_line(),
            Style::Rows if grid.side() <= 25 => grid.to_bare_rows(),
            Style::Line | Style::Rows | Style::Grid => grid.to_numeric_rows(),
            Style::Pretty => grid.to_pretty(),
        }
    }
}
