//! [`SudokuReader`]: the Sudoku records of a whole input, read a line at a
//! time however each is written (a line, in groups, a CSV field, a grid
//! of any style with or without a title), each bad one reported with its
//! reason and its line while reading goes on.
//!
//! This file reads lines and tells records apart; `grids.rs` reads grids,
//! whose ends must be found from their rows; the shapes of lines are the
//! ones detection uses too ([`crate::puzzles::lines`]).

use std::collections::VecDeque;
use std::io::{self, BufRead};

use self::grids::Run;
use super::Style;
use crate::io::lines::{read_line, Line, BOM, TOO_LONG};
use crate::puzzles::lines::{
    ascii_box_drawing, comment_start, csv_fields, csv_grid_row, csv_puzzle, csv_row_with_blanks,
    empty_csv_row_side, empty_row, grid_row_side, grid_start_side, group_size, grouped_puzzle,
    has_puzzle_field, is_csv_header, is_csv_like, is_line_of_16, is_puzzle_column_name,
    is_puzzle_field, is_separator, is_sudoku_line, is_title, is_title_above, is_title_shaped,
    puzzle_column, row_cells, strip_comment, CSV_SEPARATORS, MIN_PUZZLE_FIELD,
};
use crate::puzzles::sudoku::{shape_of_side, BoxShape, Grid, GridError, MAX_LINE_SIDE, MAX_SIDE};
use crate::puzzles::DETECT_LINES;

mod grids;
#[cfg(test)]
pub(crate) mod tests;

/// One Sudoku record: where it starts, and the grid with its style or why
/// it could not be read.
#[derive(Debug)]
pub struct SudokuRecord {
    /// 1-based line where the record starts (the offending line for errors).
    pub line: usize,
    /// The puzzle and how it was written, or the reason it is unusable.
    pub puzzle: Result<(Grid, Style), String>,
    /// The title line just before a grid (`Grid 01` in Project Euler's
    /// file), which `dlx solve` writes again before the solved grid.
    pub title: Option<String>,
}

impl SudokuRecord {
    /// A record without a title that starts on line `line`.
    fn untitled(line: usize, puzzle: Result<(Grid, Style), String>) -> Self {
        SudokuRecord {
            line,
            puzzle,
            title: None,
        }
    }
}

/// A one-line puzzle read as such, in the line style.
fn line_puzzle(line: &str) -> Result<(Grid, Style), String> {
    Grid::from_line(line)
        .map(|g| (g, Style::Line))
        .map_err(|e| e.to_string())
}

/// Streams Sudoku records from a reader: one-line puzzles (also written as
/// n² groups of n² symbols), CSV lines (the puzzle field; a header line
/// first), numeric grids and pretty grids (each with an optional title line
/// above it), mixed freely; `#` comments and blank lines between records
/// are skipped. Bad records are yielded as errors; reading goes on.
pub struct SudokuReader<R> {
    input: R,
    buf: Vec<u8>,
    line_no: usize,
    /// Lines read ahead that belong to the next records, in order.
    pending: VecDeque<(usize, Line)>,
    /// The CSV column a header named as the puzzles' (`puzzle`, `quizzes`).
    csv_column: Option<(usize, String)>,
    /// Whether a record was yielded yet: further down, only a header that
    /// names the puzzle column (a second file's) is taken as one.
    yielded: bool,
    /// Lines numbered `from + 1..=to`, known to be 16 symbols that fit a
    /// 4x4 puzzle ([`Self::row_of_16_ahead`]).
    fitting_lines: (usize, usize),
    /// How many fields the last record had when it was a CSV line's
    /// puzzle field (and no blank line came since): a line of as many
    /// fields, some empty, is such a record missing fields, not a
    /// spreadsheet's grid row.
    csv_record_fields: Option<usize>,
    /// Lines not valid UTF-8 but shaped like a title ([`is_title`]:
    /// `Grille n°1` written in Latin-1), read lossily so that above a grid
    /// they are its title (written back with `\u{fffd}` for each bad
    /// byte), with the reason they would have been a bad record: a stray
    /// one, a bad record as any stray title, keeps that reason.
    lossy_titles: VecDeque<(usize, String)>,
    /// The last grid read whole, if it may be the start or middle of grids
    /// written back to back: see [`Run`].
    run: Option<Run>,
    /// The boxes `--box` asked for: grids of their side take them, grids
    /// of another side are refused ([`SudokuReader::with_box`]).
    shape: Option<BoxShape>,
    /// The line and cell count of the last line read as a row of a Sudoku
    /// of a prime side ([`Self::prime_grid_row`]).
    prime_row: Option<(usize, usize)>,
}

/// Whether the bytes of `line` that are not UTF-8 spoil nothing, so that
/// the line can be read lossily: they are inside a `#` comment, which is
/// dropped unread ([`strip_comment`]), or the line is CSV, read for its
/// puzzle field alone (a bad byte in another field, such as a name in
/// Windows-1252, is never read; one in the puzzle field shows there as a
/// bad symbol). (A line shaped like a title is read lossily too, by the
/// Sudoku reader: see [`SudokuReader::lossy_titles`].)
fn bad_bytes_are_harmless(line: &[u8]) -> bool {
    let first_bad = std::str::from_utf8(line)
        .err()
        .map_or(0, |e| e.valid_up_to());
    comment_start(line).is_some_and(|p| p <= first_bad)
        || line
            .iter()
            .any(|b| CSV_SEPARATORS.contains(&char::from(*b)))
}

/// Why a line of numbers between blanks that is no grid row is refused,
/// when their count says more than "not a row": as many as the cells of a
/// puzzle whose digits they fit (81 numbers up to 9: a whole 9x9 puzzle on
/// one line, which is read only without the blanks, or as a grid), or as
/// a row of a grid beyond the largest size (81 for 81x81).
fn spaced_numbers_reason(line: &str) -> Option<String> {
    let numbers: Vec<usize> = row_cells(line)
        .map(|w| w.parse().ok())
        .collect::<Option<_>>()?;
    let n = numbers.len();
    let root = exact_root(n)?;
    if shape_of_side(root).is_some() && numbers.iter().all(|&v| v <= root) {
        let line_form = match root {
            ..=MAX_LINE_SIDE => ", or as one line of symbols without blanks",
            _ => "",
        };
        return Some(format!(
            "{n} numbers on one line, as many as a {root}x{root} puzzle's cells: write it \
             as {root} rows of {root} numbers{line_form}"
        ));
    }
    (n > MAX_SIDE).then(|| format!("a row of {n} numbers: grids go up to {MAX_SIDE}x{MAX_SIDE}"))
}

/// `grid` in the boxes `--box` asked for, or why not. (A grid read from
/// rows already has them: [`Grid::from_rows_in`] checked its `|` rules.)
fn reshape(grid: Grid, shape: BoxShape) -> Result<Grid, String> {
    let side = grid.side();
    if side != shape.side() {
        return Err(GridError::WrongShape(wrong_side(side, shape)).to_string());
    }
    grid.with_shape(shape).map_err(|e| e.to_string())
}

/// Why a grid of this side cannot have the boxes of `--box`.
pub(crate) fn wrong_side(side: usize, shape: BoxShape) -> String {
    let (article, other) = (crate::puzzles::sudoku::grid_article(side), shape.side());
    format!("{article} {side}x{side} grid, but --box {shape} makes {other}x{other} grids")
}

/// The whole square root of `n`, if it has one.
fn exact_root(n: usize) -> Option<usize> {
    (1usize..).find(|r| r * r >= n).filter(|r| r * r == n)
}

/// Why a row of `n` numbers or blanks is no grid row when `n` is a prime
/// side (5, 7, 11, ... up to 61), which no boxes of at least 2x2 tile:
/// `None` for any other line.
fn prime_row_reason(line: &str) -> Option<String> {
    let cells: Vec<usize> = row_cells(line)
        .map(|w| match w {
            "." | "_" => Some(0),
            w => w.parse().ok(),
        })
        .collect::<Option<_>>()?;
    let n = cells.len();
    let prime =
        (5..=MAX_SIDE).contains(&n) && (2..n).take_while(|d| d * d <= n).all(|d| n % d != 0);
    (prime && cells.iter().all(|&v| v <= n)).then(|| {
        format!(
            "a row of {n} cells, as in {} {n}x{n} Sudoku: {}",
            crate::puzzles::sudoku::grid_article(n),
            GridError::BadSide(n)
        )
    })
}

/// The reason of a title-shaped line (`Puzzle 1`, `My puzzles`) with no
/// grid under it: titles are kept for grids only, so it says how to keep a
/// note above a puzzle line.
const TITLE_WITHOUT_GRID: &str = "not a puzzle line or a grid row (a title must stand \
                                  directly above a grid; above a puzzle line write it as a \
                                  `#` comment)";

impl<R: BufRead> SudokuReader<R> {
    /// A reader over `input`.
    pub fn new(input: R) -> Self {
        SudokuReader {
            input,
            buf: Vec::new(),
            line_no: 0,
            pending: VecDeque::new(),
            csv_column: None,
            yielded: false,
            fitting_lines: (0, 0),
            csv_record_fields: None,
            lossy_titles: VecDeque::new(),
            run: None,
            shape: None,
            prime_row: None,
        }
    }

    /// A reader whose grids have boxes of `shape` (`--box RxC`), when
    /// given: a grid of its side takes those boxes (a line or numeric grid
    /// says nothing of its boxes; a pretty grid's `|` rules must agree),
    /// and a grid of another side is a bad record that says so.
    pub fn with_box(mut self, shape: Option<BoxShape>) -> Self {
        self.shape = shape;
        self
    }

    fn next_line(&mut self) -> io::Result<Option<(usize, Line)>> {
        match self.pending.pop_front() {
            Some(line) => Ok(Some(line)),
            None => self.read_line(),
        }
    }

    /// Reads a line from the input, past any read ahead.
    fn read_line(&mut self) -> io::Result<Option<(usize, Line)>> {
        if self.line_no == 0 {
            // A UTF-8 byte-order mark is not part of the first line.
            let head = self.input.fill_buf()?;
            if head.starts_with(BOM) {
                self.input.consume(BOM.len());
            }
        }
        let mut line = read_line(&mut self.input, &mut self.buf)?;
        self.line_no += 1;
        if let Some(Line::Bad(reason)) = &line {
            if !reason.starts_with(TOO_LONG) {
                let lossy = String::from_utf8_lossy(&self.buf).into_owned();
                if bad_bytes_are_harmless(&self.buf) {
                    line = Some(Line::Text(lossy));
                } else if is_title(&lossy) {
                    self.lossy_titles.push_back((self.line_no, reason.clone()));
                    line = Some(Line::Text(lossy));
                }
            }
        }
        if let Some(Line::Text(text)) = &mut line {
            // A byte-order mark starting a later line is a file joined on
            // (`cat a.txt b.txt`): as harmless as the first file's.
            if let Some(rest) = text.strip_prefix('\u{feff}') {
                *text = rest.to_string();
            }
            // A grid framed in box-drawing characters reads as one framed
            // in ASCII (and is answered so).
            if let Some(ascii) = ascii_box_drawing(text) {
                *text = ascii;
            }
            // A grid row of numbers between commas or semicolons (a
            // spreadsheet saved as CSV) reads as a numeric grid row. (One
            // with empty cells is read as one only where a grid is:
            // [`Self::read_record`], [`Self::read_grid`].)
            if let Some(row) = csv_grid_row(text) {
                *text = row;
            }
        }
        Ok(line.map(|l| (self.line_no, l)))
    }

    /// The text (comment stripped) of the line `ahead` lines after the
    /// current one (0: the next), read ahead and kept for the next reads;
    /// `None` at the end or for a bad line.
    fn peek_text(&mut self, ahead: usize) -> io::Result<Option<&str>> {
        while self.pending.len() <= ahead {
            match self.read_line()? {
                Some(line) => self.pending.push_back(line),
                None => return Ok(None),
            }
        }
        Ok(match &self.pending[ahead] {
            (_, Line::Text(t)) => Some(strip_comment(t)),
            (_, Line::Bad(_)) => None,
        })
    }

    /// Whether the line `ahead` (already peeked, its text `text`) is a
    /// comment or rule line, which a grid's reader skips between rows.
    fn between_rows(&self, ahead: usize, text: &str) -> bool {
        let comment = matches!(&self.pending[ahead], (_, Line::Text(raw))
            if raw.trim_start().starts_with('#'));
        comment || is_separator(text)
    }

    /// The text of the next line ahead that is not blank or a comment
    /// (looking at most [`DETECT_LINES`] lines ahead), kept for the next
    /// reads.
    fn next_meaningful(&mut self) -> io::Result<Option<&str>> {
        let mut ahead = 0;
        while ahead < DETECT_LINES {
            match self.peek_text(ahead)? {
                Some("") => ahead += 1,
                Some(_) => break,
                None => return Ok(None),
            }
        }
        self.peek_text(ahead)
    }

    /// Drops the comment and rule lines just ahead (between a title and its
    /// grid), which every record skips anyway.
    fn skip_comments_ahead(&mut self) -> io::Result<()> {
        while self.peek_text(0)?.is_some() {
            let skip = match &self.pending[0] {
                (_, Line::Text(raw)) => {
                    let t = strip_comment(raw);
                    is_separator(t) || (t.is_empty() && !raw.trim().is_empty())
                }
                (_, Line::Bad(_)) => false,
            };
            if !skip {
                break;
            }
            self.pending.pop_front();
        }
        Ok(())
    }

    /// The puzzle field of a CSV line: in the column the header named, or
    /// the first field meant as a puzzle ([`csv_puzzle`]).
    fn csv_field<'a>(&self, line: &'a str) -> Option<&'a str> {
        match &self.csv_column {
            Some((column, _)) => csv_fields(line).nth(*column).filter(|f| is_puzzle_field(f)),
            None => csv_puzzle(line),
        }
    }

    /// Whether the CSV header line `header` (not a grid's title) names the
    /// columns of the CSV records below it: first in the file when it names
    /// the puzzle column and records follow, even a damaged one or a
    /// puzzle alone (or nothing, a file of no records); above a CSV puzzle
    /// line when it is first in the file or names the puzzle column (a
    /// second file's header).
    fn takes_csv_header(&mut self, header: &str) -> io::Result<bool> {
        let named = puzzle_column(header).is_some();
        let first = !self.yielded;
        let below = self.next_meaningful()?;
        let records_below = below.map_or(true, |l| {
            is_csv_like(l) || is_sudoku_line(l) || group_size(l).is_some()
        });
        let puzzles_below = below.is_some_and(has_puzzle_field);
        Ok((named && first && records_below) || ((first || named) && puzzles_below))
    }

    /// The next record, `Ok(None)` at the end, `Err` on an I/O error.
    pub fn next_record(&mut self) -> io::Result<Option<SudokuRecord>> {
        let mut record = self.read_record()?;
        if let (Some(shape), Some(r)) = (self.shape, &mut record) {
            if let Ok((grid, style)) = &r.puzzle {
                r.puzzle = reshape(grid.clone(), shape).map(|g| (g, *style));
            }
        }
        self.yielded |= record.is_some();
        if let Some(r) = &mut record {
            // A title-shaped line read lossily that turned out to be a
            // bad record of its own: say why it was bad in the first place.
            while let Some((line, reason)) = self.lossy_titles.front() {
                if *line > r.line {
                    break;
                }
                if *line == r.line && r.puzzle.is_err() {
                    r.puzzle = Err(reason.clone());
                }
                self.lossy_titles.pop_front();
            }
        }
        Ok(record)
    }

    fn read_record(&mut self) -> io::Result<Option<SudokuRecord>> {
        loop {
            let Some((line_no, line)) = self.next_line()? else {
                return Ok(None);
            };
            let text = match line {
                Line::Bad(reason) => return Ok(Some(SudokuRecord::untitled(line_no, Err(reason)))),
                Line::Text(t) => t,
            };
            let trimmed = strip_comment(&text);
            if trimmed.is_empty() {
                // A blank line (not a comment) ends a run of CSV records.
                if text.trim().is_empty() {
                    self.csv_record_fields = None;
                }
                continue;
            }
            if is_separator(trimmed) {
                continue;
            }
            let record = |puzzle| Ok(Some(SudokuRecord::untitled(line_no, puzzle)));
            // Among CSV records (a header named their puzzle column, or the
            // last record was one with as many fields), `1,,,` and `,,,`
            // are records missing fields, reported as such below.
            let like_last_record = self
                .csv_record_fields
                .is_some_and(|n| n == csv_fields(trimmed).count());
            if self.csv_column.is_none() && !like_last_record {
                if let Some(side) = empty_csv_row_side(trimmed) {
                    if self.empty_row_starts_grid(side)? {
                        return self.read_grid(line_no, empty_row(side), side);
                    }
                    // A spreadsheet's blank line.
                    continue;
                }
                // A spreadsheet's grid row with empty cells starts a grid;
                // not under a CSV header, where `1,,,` is a record missing
                // fields.
                if let Some(row) = csv_row_with_blanks(trimmed) {
                    let side = row.split_whitespace().count();
                    return self.read_grid(line_no, row, side);
                }
            }
            // Before CSV: groups may be separated by tabs.
            if let Some(puzzle) = grouped_puzzle(trimmed) {
                return self.line_record(line_no, trimmed, &puzzle);
            }
            if is_csv_like(trimmed) {
                // A line of names such as `Puzzle 1, hard` above a grid is
                // the grid's title; above CSV records, their header.
                if is_csv_header(trimmed) {
                    if let Some(grid) = self.titled_grid(trimmed, &text)? {
                        return Ok(Some(grid));
                    }
                    if self.takes_csv_header(trimmed)? {
                        let column = puzzle_column(trimmed);
                        self.csv_column =
                            column.map(|k| (k, csv_fields(trimmed).nth(k).unwrap_or("").into()));
                        continue;
                    }
                }
                if let Some(puzzle) = self.csv_field(trimmed) {
                    self.csv_record_fields = Some(csv_fields(trimmed).count());
                    return record(line_puzzle(puzzle));
                }
                if let Some((column, name)) = &self.csv_column {
                    let field = csv_fields(trimmed).nth(*column).unwrap_or("");
                    if field.is_empty() {
                        return record(Err(format!(
                            "the `{name}` column (field {}) is empty",
                            column + 1
                        )));
                    }
                    // As long as a puzzle but with odd characters (a byte
                    // that was not UTF-8): the puzzle, reported precisely.
                    if field.chars().count() >= MIN_PUZZLE_FIELD {
                        return record(line_puzzle(field));
                    }
                }
            }
            if is_sudoku_line(trimmed) {
                // As long as a puzzle but no puzzle, above a grid: its title
                // (`SUDOKU_16X16_001` has 16 characters).
                if is_title_above(trimmed) {
                    if let Some(grid) = self.titled_grid(trimmed, &text)? {
                        return Ok(Some(grid));
                    }
                }
                return self.line_record(line_no, trimmed, trimmed);
            }
            if let Some(grid) = self.titled_grid(trimmed, &text)? {
                return Ok(Some(grid));
            }
            // The header of a CSV file with one column (`puzzle`, `quizzes`)
            // has no separator: a puzzle column's name alone on its line,
            // above a one-line puzzle. (Above a grid it is the grid's
            // title, taken just before.)
            if is_puzzle_column_name(trimmed) && self.next_meaningful()?.is_some_and(is_sudoku_line)
            {
                continue;
            }
            let side = match grid_row_side(trimmed) {
                Some(side) => self.first_row_side(trimmed, side, 0)?,
                // The bad first row of a grid whose second row is the next
                // line: the whole grid is one bad record, and the next
                // record starts after it.
                None => match self.damaged_first_row_side(trimmed, 0)? {
                    Some(side) => side,
                    None => {
                        let prime = self.prime_grid_row(line_no, trimmed)?;
                        let first_word = trimmed.split_whitespace().next().unwrap_or("");
                        let reason = if is_sudoku_line(first_word) {
                            // `<puzzle> 3.4` or `<puzzle> hard`: say how to keep it.
                            format!(
                                "text after the puzzle (`{}`): put notes after ` # ` to keep them",
                                crate::error::excerpt(trimmed[first_word.len()..].trim())
                            )
                        } else if has_puzzle_field(trimmed) {
                            "which CSV field is the puzzle is unclear: name the columns in a \
                             line above, such as `puzzle,solution`"
                                .to_string()
                        } else if is_csv_like(trimmed) && !trimmed.contains(' ') {
                            "no puzzle among the CSV fields".to_string()
                        } else if let Some(reason) = spaced_numbers_reason(trimmed) {
                            reason
                        } else if let Some(reason) = prime {
                            reason
                        } else if trimmed.contains(char::is_whitespace) && is_title_shaped(trimmed)
                        {
                            TITLE_WITHOUT_GRID.to_string()
                        } else if trimmed.contains(char::is_whitespace) {
                            "not a puzzle line or a grid row".to_string()
                        } else {
                            GridError::WrongLength(trimmed.chars().count()).to_string()
                        };
                        return record(Err(reason));
                    }
                },
            };
            return self.read_grid(line_no, trimmed.to_string(), side);
        }
    }

    /// The side of the grid whose first row is `line`, a row of `side`
    /// cells, the rows under it from the line `from` ahead: `side`, unless
    /// the next two rows agree on another side of which `line` is a
    /// damaged row (a cell too many or too few). Once oblong boxes made
    /// most counts a side, a 9x9 row with a tenth cell became a 10x10 row:
    /// the rows under it tell.
    pub(super) fn first_row_side(
        &mut self,
        line: &str,
        side: usize,
        from: usize,
    ) -> io::Result<usize> {
        let below = |reader: &mut Self, ahead| -> io::Result<Option<usize>> {
            Ok(reader.peek_text(ahead)?.and_then(grid_start_side))
        };
        match below(self, from)? {
            Some(other) if other != side && below(self, from + 1)? == Some(other) => {
                Ok(self.damaged_first_row_side(line, from)?.unwrap_or(side))
            }
            _ => Ok(side),
        }
    }

    /// The record of a one-line puzzle `puzzle`, written on line `line_no`
    /// as `written` (the same, or in groups). Sixteen symbols are a 4x4
    /// puzzle or the first row of a 16x16 grid
    /// ([`Self::starts_grid_of_16`]).
    fn line_record(
        &mut self,
        line_no: usize,
        written: &str,
        puzzle: &str,
    ) -> io::Result<Option<SudokuRecord>> {
        self.csv_record_fields = None;
        if is_line_of_16(written) && self.starts_grid_of_16(written, 0)? {
            return self.read_grid(line_no, written.to_string(), 16);
        }
        Ok(Some(SudokuRecord::untitled(line_no, line_puzzle(puzzle))))
    }
}

impl<R: BufRead> SudokuReader<R> {
    /// If `line` (on line `line_no`, not a grid row) is a row of a Sudoku
    /// of a prime side next to another (the line before it or after it is
    /// one of as many cells): the reason that says so. A lone line of seven
    /// numbers is just as likely a stray line.
    fn prime_grid_row(&mut self, line_no: usize, line: &str) -> io::Result<Option<String>> {
        let Some(reason) = prime_row_reason(line) else {
            return Ok(None);
        };
        let cells = row_cells(line).count();
        let same = |row: &str| prime_row_reason(row).is_some() && row_cells(row).count() == cells;
        let beside =
            self.prime_row == Some((line_no - 1, cells)) || self.peek_text(0)?.is_some_and(same);
        if !beside {
            return Ok(None);
        }
        self.prime_row = Some((line_no, cells));
        Ok(Some(reason))
    }
}

impl<R: BufRead> Iterator for SudokuReader<R> {
    type Item = io::Result<SudokuRecord>;
    fn next(&mut self) -> Option<Self::Item> {
        self.next_record().transpose()
    }
}
