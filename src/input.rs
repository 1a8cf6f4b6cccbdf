//! Reading puzzle files: bounded line reading, format detection and the
//! streaming reader of Sudoku records.

use std::collections::VecDeque;
use std::io::{self, BufRead};

pub use crate::io::lines::{read_line, Line, MAX_LINE, TOO_LONG};
pub use crate::io::{detect, prepare, Kind};

use crate::io::lines::BOM;
use crate::io::prepare::DETECT_LINES;
use crate::puzzles::lines::{
    ascii_box_drawing, cells_and_symbols, comment_start, csv_fields, csv_puzzle, csv_row_of_side,
    csv_row_with_blanks, empty_csv_row_side, empty_row, fits_4x4, grid_row_side, grid_start_side,
    group_size, grouped_puzzle, has_puzzle_field, is_csv_header, is_csv_like, is_damaged_first_row,
    is_damaged_row, is_line_of_16, is_puzzle_column_name, is_puzzle_field, is_row_of_16,
    is_row_with_givens, is_separator, is_sudoku_line, is_title_above, is_title_shaped,
    is_valid_puzzle_in_either_form, puzzle_column, row_cells, spreadsheet_row, CSV_SEPARATORS,
    MIN_PUZZLE_FIELD,
};
pub(crate) use crate::puzzles::lines::{csv_grid_row, is_title, strip_comment};
use crate::puzzles::sudoku::{box_size_of_side, Grid, GridError, MAX_BOX};

#[cfg(test)]
pub(crate) use crate::io::lines::Failing;

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
    if box_size_of_side(root).is_some() && numbers.iter().all(|&v| v <= root) {
        let line_form = match root {
            ..=25 => ", or as one line of symbols without blanks",
            _ => "",
        };
        return Some(format!(
            "{n} numbers on one line, as many as a {root}x{root} puzzle's cells: write it \
             as {root} rows of {root} numbers{line_form}"
        ));
    }
    (n > 1 && root > MAX_BOX).then(|| {
        format!(
            "a row of {n} numbers: grids go up to {0}x{0}",
            MAX_BOX * MAX_BOX
        )
    })
}

/// The whole square root of `n`, if it has one.
fn exact_root(n: usize) -> Option<usize> {
    (1usize..).find(|r| r * r >= n).filter(|r| r * r == n)
}

/// Why a row of `n` numbers or blanks is no grid row when `n` is the side
/// of a Sudoku with oblong boxes (6x6 with boxes of 2x3, 8x8, 12x12, ...),
/// which only square boxes are: `None` for any other line.
fn oblong_row_reason(line: &str) -> Option<String> {
    let cells: Vec<usize> = row_cells(line)
        .map(|w| match w {
            "." | "_" => Some(0),
            w => w.parse().ok(),
        })
        .collect::<Option<_>>()?;
    let n = cells.len();
    let square = exact_root(n).is_some();
    // The boxes nearest to square: 12x12 has boxes of 3x4 (not 2x6).
    let (a, b) = (2..n)
        .take_while(|a| a * a <= n)
        .filter(|a| n % a == 0)
        .last()
        .map(|a| (a, n / a))?;
    let article = if n == 11 || n == 18 || n.to_string().starts_with('8') {
        "an"
    } else {
        "a"
    };
    (n <= MAX_BOX * MAX_BOX && !square && cells.iter().all(|&v| v <= n)).then(|| {
        format!(
            "a row of {n} cells, as in {article} {n}x{n} Sudoku with boxes of {a}x{b}: only \
             square boxes are supported (sides 4, 9, 16, 25, 36, 49, 64)"
        )
    })
}

/// The reason of a title-shaped line (`Puzzle 1`, `My puzzles`) with no
/// grid under it: titles are kept for grids only, so it says how to keep a
/// note above a puzzle line.
const TITLE_WITHOUT_GRID: &str = "not a puzzle line or a grid row (a title must stand \
                                  directly above a grid; above a puzzle line write it as a \
                                  `#` comment)";

/// How many grids ahead [`SudokuReader::realign`] reads before it re-cuts
/// grids written back to back.
const REALIGN_GRIDS: usize = 16;

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
    /// The line and cell count of the last line read as a row of a Sudoku
    /// with oblong boxes ([`Self::oblong_grid_row`]).
    oblong_row: Option<(usize, usize)>,
}

/// Whole grids written back to back (no blank line, title or other line
/// between them), up to the last one read.
#[derive(Debug, Clone, Copy)]
struct Run {
    /// The grids' side.
    side: usize,
    /// Line of the first grid's first row.
    first_line: usize,
    /// Line of the last grid's last row.
    last_line: usize,
    /// Whole grids in the run.
    grids: usize,
}

/// What a grid with rows too few or too many says of the grids written
/// back to back before it: a row lost or doubled in one of them would have
/// shifted every grid after it by a row, and a shifted grid of few givens
/// need not clash, so their answers may be for grids no one wrote.
fn run_doubt(run: Run) -> String {
    let (grids, answers) = match run.grids {
        1 => ("the grid".to_string(), "its answer would then solve a grid"),
        n => (
            format!("the {n} grids"),
            "their answers would then solve grids",
        ),
    };
    format!(
        "; {grids} on lines {}-{}, written back to back with it, may be cut wrong too \
         ({answers} no one wrote): a blank line between grids shows where each ends",
        run.first_line, run.last_line
    )
}

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
            oblong_row: None,
        }
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

    /// Whether a CSV row of empty fields, just read, is the first row of a
    /// grid of side `side` (a puzzle whose first row has no givens) rather
    /// than a spreadsheet's blank line: a whole grid of CSV rows follows
    /// from it, not all empty, and the row after that grid is no grid row
    /// with givens (which would make this row a blank line before a grid
    /// ending there).
    fn empty_row_starts_grid(&mut self, side: usize) -> io::Result<bool> {
        // Rows after this one so far, and whether one has givens.
        let (mut rows, mut givens) = (0, false);
        // Comment and rule lines between rows are skipped, as in a grid;
        // a few per row at most.
        for ahead in 0..4 * side {
            let Some(text) = self.peek_text(ahead)?.map(str::to_string) else {
                return Ok(rows == side - 1 && givens);
            };
            if self.between_rows(ahead, &text) {
                continue;
            }
            let full = is_row_with_givens(&text, side);
            let empty = empty_csv_row_side(&text) == Some(side);
            if rows == side - 1 {
                // The line after the grid.
                return Ok(givens && !full);
            }
            if !(full || empty) {
                return Ok(false);
            }
            givens |= full;
            rows += 1;
        }
        Ok(false)
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

    /// Whether `first`, a line of 16 symbols, starts a 16x16 grid whose
    /// next rows are the lines from `from` ahead on
    /// ([`Self::rows_of_16_follow`]), rather than being a 4x4 puzzle.
    fn starts_grid_of_16(&mut self, first: &str, from: usize) -> io::Result<bool> {
        let fits = fits_4x4(first);
        Ok((fits || is_row_of_16(first)) && self.rows_of_16_follow(fits, from)?)
    }

    /// Whether a grid's first row (which `first_fits_4x4`: may be a 4x4
    /// puzzle) and the lines from `from` ahead on are the rows of a 16x16
    /// grid. A row with a symbol beyond 4 can never be a 4x4 puzzle, so such
    /// rows decide: they must be most of the (up to 16) rows in a row, of
    /// which there must be three at least, or all 16 when the first row may
    /// be a 4x4 puzzle. So a bad line or two in a 4x4 file stay bad records
    /// of their own, and a 16x16 grid may have rows of blanks and 1-4
    /// anywhere, even first.
    fn rows_of_16_follow(&mut self, first_fits_4x4: bool, from: usize) -> io::Result<bool> {
        let (mut rows, mut fitting) = (1usize, usize::from(first_fits_4x4));
        for ahead in from..from + 15 {
            let Some(fits) = self.row_of_16_ahead(ahead)? else {
                break;
            };
            rows += 1;
            fitting += usize::from(fits);
            // Half of 16 rows that may be 4x4 puzzles settle it: a 4x4 file
            // looks no further than 8 lines ahead.
            if first_fits_4x4 && 2 * fitting >= 16 {
                return Ok(false);
            }
        }
        let enough = if first_fits_4x4 {
            rows == 16
        } else {
            rows >= 3
        };
        Ok(enough && 2 * (rows - fitting) > rows)
    }

    /// Whether the line `ahead` may be a row of a 16x16 grid
    /// ([`is_row_of_16`]): `None` if not (or at the end), else whether it
    /// fits a 4x4 puzzle too ([`fits_4x4`]). The lines of 16 symbols found
    /// to fit are remembered by number, so that the next record's look-ahead
    /// (in a 4x4 file, 8 lines for every record) tests only the new line.
    fn row_of_16_ahead(&mut self, ahead: usize) -> io::Result<Option<bool>> {
        let (from, to) = self.fitting_lines;
        if let Some((number, _)) = self.pending.get(ahead) {
            if from < *number && *number <= to {
                return Ok(Some(true));
            }
        }
        let Some(text) = self.peek_text(ahead)? else {
            return Ok(None);
        };
        let fits = fits_4x4(text);
        if fits && is_line_of_16(text) {
            let number = self.pending[ahead].0;
            self.fitting_lines = if number == to + 1 {
                (from, number)
            } else {
                (number - 1, number)
            };
            return Ok(Some(true));
        }
        Ok(is_row_of_16(text).then_some(fits))
    }

    /// If `line` is the damaged first row of a grid whose second row is the
    /// line `from` ahead: the grid's side ([`is_damaged_row`]). Not when a
    /// whole grid stands from that line ([`Self::whole_grids_follow`]):
    /// `line` is then a stray line above it, a bad record of its own.
    fn damaged_first_row_side(&mut self, line: &str, from: usize) -> io::Result<Option<usize>> {
        let Some(next) = self.peek_text(from)? else {
            return Ok(None);
        };
        let side = if is_line_of_16(next) {
            let grid = is_damaged_row(line, 16) && self.rows_of_16_follow(false, from)?;
            grid.then_some(16)
        } else {
            grid_start_side(next).filter(|&side| is_damaged_row(line, side))
        };
        match side {
            // A line of a row's length with a bad symbol is the first row
            // with a typo; one a cell too many or too few may be a stray.
            Some(side)
                if cells_and_symbols(line, side).0 != side
                    && self.whole_grids_follow(None, from, side)? =>
            {
                Ok(None)
            }
            side => Ok(side),
        }
    }

    /// Whether whole grids of side `side` stand from the line `from`
    /// ahead (with `first`, already read, as their first row if given): a
    /// run of well-formed rows (comment and rule lines between them
    /// skipped) that ends after a whole number of grids, up to
    /// [`REALIGN_GRIDS`] of them, at a blank line, a title, a one-line
    /// puzzle or the end of the input; none of those grids with clashing
    /// givens. Never for grids of bare 16-symbol rows, which the reader's
    /// own 4x4-or-16x16 rule reads ([`Self::rows_of_16_follow`]).
    ///
    /// The mirror of [`Self::row_too_many`]: a line of about a row's
    /// length just above whole grids is a stray line rather than the first
    /// grid's damaged first row. Read as that row instead, the grids after
    /// it would be cut a row off, which takes a second fault (a row too
    /// many further on) to come out whole. Over two grids or more, that
    /// reading must also make some grid clash, as [`Self::realign`] asks
    /// before it moves a cut, which only grids of 9x9 and larger have givens
    /// enough to show: otherwise the grids are left as they stand.
    fn whole_grids_follow(
        &mut self,
        first: Option<&str>,
        from: usize,
        side: usize,
    ) -> io::Result<bool> {
        // Lines of 16 symbols may be 4x4 puzzles or 16x16 rows.
        if side == 16 && first.is_some_and(is_line_of_16) {
            return Ok(false);
        }
        let mut rows: Vec<String> = first.map(str::to_string).into_iter().collect();
        let mut ahead = from;
        // Comment and rule lines between rows: a few per row at most.
        let ended = loop {
            if rows.len() > REALIGN_GRIDS * side || ahead - from > 4 * REALIGN_GRIDS * side {
                break false;
            }
            let Some(text) = self.peek_text(ahead)?.map(str::to_string) else {
                // The end of the input; a bad line may be a damaged row.
                break self.pending.len() <= ahead;
            };
            ahead += 1;
            if self.between_rows(ahead - 1, &text) {
                continue;
            }
            match csv_row_of_side(&text, side) {
                Some(row) => rows.push(row),
                None if side == 16 && is_line_of_16(&text) => break false,
                None if grid_row_side(&text) == Some(side)
                    && !is_valid_puzzle_in_either_form(&text) =>
                {
                    rows.push(text)
                }
                // A damaged row is no end: the run's count says nothing.
                None => break text.is_empty() || !is_damaged_row(&text, side),
            }
        };
        if !ended || rows.is_empty() || rows.len() % side != 0 {
            return Ok(false);
        }
        let clashes =
            |rows: &[String]| Grid::from_rows(rows).map_or(true, |g| g.check_givens().is_err());
        let whole = rows.chunks(side).all(|grid| !clashes(grid));
        // Read with the line above as a damaged first row, the second grid
        // would start a row early.
        let shifted_clash = || rows[side - 1..].chunks_exact(side).any(clashes);
        // A 4x4 grid has too few givens for a clash to be evidence.
        Ok(whole && (first.is_some() || rows.len() == side || (side > 4 && shifted_clash())))
    }

    /// If `line` is the title of a grid that starts on the next line (with
    /// comment or rule lines between): the grid's first row, taken, with
    /// its line number and the grid's side. A damaged first row still
    /// starts the grid, so the whole grid is one bad record that keeps its
    /// title. Otherwise the lines stay for the next reads.
    fn grid_under_title(&mut self, line: &str) -> io::Result<Option<(usize, String, usize)>> {
        // A grid row is never a title (`abcdefghijklmnopqrstuvwxy` starts
        // a 25x25 grid in lower-case letters).
        if !is_title_above(line) || grid_row_side(line).is_some() {
            return Ok(None);
        }
        self.skip_comments_ahead()?;
        let Some(next) = self.peek_text(0)?.map(str::to_string) else {
            return Ok(None);
        };
        // A spreadsheet's row with empty cells, under a title that is no
        // CSV line (a header above `1,,,` records is no title).
        let blank_cells = (!is_csv_like(line) && self.csv_column.is_none())
            .then(|| csv_row_with_blanks(&next))
            .flatten();
        let side = if let Some(row) = &blank_cells {
            Some(row.split_whitespace().count())
        } else if is_line_of_16(&next) {
            self.starts_grid_of_16(&next, 1)?.then_some(16)
        } else {
            match grid_start_side(&next) {
                Some(side) => Some(side),
                None => self.damaged_first_row_side(&next, 1)?,
            }
        };
        // A damaged first row (a typo or two) that starts with two letters
        // is not a title; a title with blanks above bare rows is not a row
        // of them.
        let same_shape = line.contains(char::is_whitespace) == next.contains(char::is_whitespace);
        let side = side.filter(|&side| !(same_shape && is_damaged_first_row(line, side)));
        Ok(side.and_then(|side| {
            let (line_no, _) = self.pending.pop_front()?;
            Some((line_no, blank_cells.unwrap_or(next), side))
        }))
    }

    /// If `line` (written as `text`, comment and all) is the title of a
    /// grid that starts on the next line ([`Self::grid_under_title`]): that
    /// grid, read, with its title.
    fn titled_grid(&mut self, line: &str, text: &str) -> io::Result<Option<SudokuRecord>> {
        let Some((start, first, side)) = self.grid_under_title(line)? else {
            return Ok(None);
        };
        let mut grid = self.read_grid(start, first, side)?;
        if let Some(grid) = &mut grid {
            grid.title = Some(text.trim().to_string());
        }
        Ok(grid)
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
                Some(side) => side,
                // The bad first row of a grid whose second row is the next
                // line: the whole grid is one bad record, and the next
                // record starts after it.
                None => match self.damaged_first_row_side(trimmed, 0)? {
                    Some(side) => side,
                    None => {
                        let oblong = self.oblong_grid_row(line_no, trimmed)?;
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
                        } else if let Some(reason) = oblong {
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

    /// If `line` (on line `line_no`, not a grid row) is a row of a Sudoku
    /// with oblong boxes next to another (the line before it or after it
    /// is one of as many cells): the reason that says so. A lone line of
    /// six numbers is just as likely a stray line.
    fn oblong_grid_row(&mut self, line_no: usize, line: &str) -> io::Result<Option<String>> {
        let Some(reason) = oblong_row_reason(line) else {
            return Ok(None);
        };
        let cells = row_cells(line).count();
        let same = |row: &str| oblong_row_reason(row).is_some() && row_cells(row).count() == cells;
        let beside =
            self.oblong_row == Some((line_no - 1, cells)) || self.peek_text(0)?.is_some_and(same);
        if !beside {
            return Ok(None);
        }
        self.oblong_row = Some((line_no, cells));
        Ok(Some(reason))
    }

    /// Reads the remaining rows of a grid whose first row is `first`.
    fn read_grid(
        &mut self,
        start: usize,
        first: String,
        side: usize,
    ) -> io::Result<Option<SudokuRecord>> {
        self.csv_record_fields = None;
        // The whole grids this one follows straight on from, if any.
        let run_before = self
            .run
            .take()
            .filter(|run| run.side == side && run.last_line + 1 == start);
        let pretty = first.contains('|');
        let spaced = first.split_whitespace().count() == side;
        // A bare row (symbols only, no spaces or bars) may just be a puzzle
        // line cut short: only bare rows of about the grid's side continue
        // it (one cell too many or too few is a damaged row of the grid).
        let bare = !pretty && !first.contains(char::is_whitespace);
        let mut rows = vec![first];
        let mut row_lines = vec![start];
        let mut saw_rule = false;
        // The first problem found, with the line it is on.
        let mut error: Option<(usize, String)> = None;
        // Whether that problem is rows too few or too many (a row lost or
        // doubled), which may have shifted the grids before it too.
        let mut miscount = false;
        while rows.len() < side {
            let Some((line_no, line)) = self.next_line()? else {
                if error.is_none() {
                    let reason = format!("input ends after {} of {side} grid rows", rows.len());
                    (error, miscount) = (Some((start, reason)), true);
                }
                break;
            };
            match line {
                Line::Bad(reason) => {
                    error.get_or_insert((line_no, reason));
                    rows.push(String::new());
                    row_lines.push(line_no);
                }
                Line::Text(t) => {
                    if t.trim_start().starts_with('#') {
                        continue;
                    }
                    let t = strip_comment(&t);
                    if is_separator(t) {
                        saw_rule = true;
                        continue;
                    }
                    if let Some(row) = spreadsheet_row(t, side) {
                        rows.push(row);
                        row_lines.push(line_no);
                        continue;
                    }
                    // A title or CSV line starts the next record, not a row.
                    let starts_record = (is_title(t) || csv_puzzle(t).is_some())
                        && grid_row_side(t) != Some(side)
                        && !is_damaged_row(t, side);
                    // A whole grid of another side from this line: this
                    // grid was cut short (or was a stray row above it).
                    // (Bare rows end the grid on their length below; a row
                    // as long as the first, or with a cell per symbol, is
                    // of this side: the common case is decided without
                    // counting cells, let alone `grid_row_side`.)
                    let other_side =
                        (!bare && t.len() != rows[0].len() && row_cells(t).count() != side)
                            .then(|| grid_row_side(t))
                            .flatten();
                    let other_grid = match other_side {
                        Some(other) if other != side && !is_damaged_row(t, side) => {
                            self.whole_grids_follow(Some(t), 0, other)?
                        }
                        _ => false,
                    };
                    let ends_grid = t.is_empty()
                        || other_grid
                        || starts_record
                        || (is_sudoku_line(t) && side != t.chars().count())
                        || group_size(t).is_some_and(|n| n * n != side)
                        || (bare
                            && (t.contains(char::is_whitespace)
                                || t.chars().count().abs_diff(side) > 2));
                    if ends_grid {
                        // A blank line between box bands is the likely
                        // slip: say that it is what ended the grid.
                        let blank = if t.is_empty() {
                            format!(": the blank line {line_no} ends a grid")
                        } else {
                            String::new()
                        };
                        if error.is_none() {
                            let reason =
                                format!("grid ends after {} of {side} rows{blank}", rows.len());
                            (error, miscount) = (Some((start, reason)), true);
                        }
                        if !t.is_empty() {
                            // That line starts the next record.
                            self.pending
                                .push_front((line_no, Line::Text(t.to_string())));
                        }
                        break;
                    }
                    rows.push(t.to_string());
                    row_lines.push(line_no);
                }
            }
        }
        if error.is_none() {
            error = self.row_too_many(start, &rows)?;
            miscount = error.is_some();
        }
        let parsed = match error {
            Some(e) => Err(e),
            None => Ok(Grid::from_rows(&rows)),
        };
        // A whole grid of rows back to back whose givens clash may be
        // cut a row off: see `realign`.
        let parsed = match parsed {
            Ok(Ok(g)) if !pretty && !saw_rule && g.check_givens().is_err() => {
                match self.realign(&rows, &row_lines, side)? {
                    Some(e) => {
                        miscount = true;
                        Err(e)
                    }
                    None => Ok(Ok(g)),
                }
            }
            other => other,
        };
        // Rows too few or too many (counted, or found by `realign`): a row
        // lost or doubled, here or in the grids before it in the run (each
        // cut every `side` rows, so shifted from there on, and not always
        // clashing).
        let mut parsed = parsed;
        if let (Err((_, reason)), Some(run)) = (&mut parsed, run_before) {
            if !pretty && miscount {
                reason.push_str(&run_doubt(run));
            }
        }
        // A whole grid of plain rows: the grid after it, if it starts on
        // the next line, continues the run.
        if matches!(parsed, Ok(Ok(_))) && !pretty && !saw_rule {
            let last_line = row_lines.last().copied().unwrap_or(start);
            self.run = Some(match run_before {
                Some(run) => Run {
                    last_line,
                    grids: run.grids + 1,
                    ..run
                },
                None => Run {
                    side,
                    first_line: start,
                    last_line,
                    grids: 1,
                },
            });
        }
        let (line, puzzle) = match parsed {
            Err((line, e)) => (line, Err(e)),
            Ok(parsed) => match parsed {
                Ok(g) => {
                    let style = if bare && !saw_rule {
                        Style::Rows
                    } else if pretty || saw_rule || !spaced {
                        Style::Pretty
                    } else {
                        Style::Grid
                    };
                    (start, Ok((g, style)))
                }
                Err(e) => {
                    // Point at the row the error is in.
                    let row = match &e {
                        GridError::RowLength { row, .. } | GridError::BadSymbol { row, .. } => *row,
                        _ => 1,
                    };
                    (
                        row_lines.get(row - 1).copied().unwrap_or(start),
                        Err(e.to_string()),
                    )
                }
            },
        };
        Ok(Some(SudokuRecord::untitled(line, puzzle)))
    }
}

impl<R: BufRead> SudokuReader<R> {
    /// After a whole grid of well-formed `rows` that starts on line
    /// `start`: if one more row of its side follows and then no row (a
    /// blank line, a title, the end), a row doubled or added to the grid,
    /// which is then one bad record (its line and reason) that takes the
    /// extra row with it. Read alone, the extra row would be an answer more
    /// than there are grids, and every answer after it out of line with
    /// its grid. (Rows already bad make the grid a bad record anyway, and
    /// say less about where it ends: the row after it is left alone.)
    fn row_too_many(
        &mut self,
        start: usize,
        rows: &[String],
    ) -> io::Result<Option<(usize, String)>> {
        let side = rows.len();
        let is_row = |t: &str| is_row_with_givens(t, side) || empty_csv_row_side(t) == Some(side);
        // A row with givens: a row of empty fields after a grid is a
        // spreadsheet's blank line, and a line that makes a puzzle (a 4x4
        // after a 16x16, in groups or not) is read as one.
        let extra_row = |t: &str| is_row_with_givens(t, side) && !is_valid_puzzle_in_either_form(t);
        if !self.peek_text(0)?.is_some_and(extra_row) {
            return Ok(None);
        }
        // A line that is no text (a bad line) may be a damaged row: leave
        // the extra row to be read as it is.
        let after = self.peek_text(1)?;
        let ends = match after {
            None => self.pending.len() < 2,
            Some(t) => t.is_empty() || !(is_row(t) || is_damaged_row(t, side)),
        };
        if !ends || Grid::from_rows(rows).is_err() {
            return Ok(None);
        }
        let (extra, _) = self.pending.pop_front().expect("a row ahead was read");
        Ok(Some((
            start,
            format!(
                "grid has a row too many: {} rows up to line {extra}",
                side + 1
            ),
        )))
    }

    /// After a whole grid of `rows` (on lines `row_lines`) whose givens
    /// clash (the caller checked), with more rows of its side straight
    /// after it: whether a row
    /// too many or too few in it explains the clash, and if so the grid as
    /// a bad record (its line and reason), the rows re-cut so that the grids
    /// after it are read whole.
    ///
    /// Grids written back to back have nothing else to tell where one ends,
    /// and one row lost or doubled shifts every grid after it: each is then
    /// read across two puzzles, most of them clashing and some "solved",
    /// though no such puzzle is in the input. The rows ahead (up to
    /// [`REALIGN_GRIDS`] grids) decide. Cut where they stand, the run must
    /// end with a broken grid or the next two grids (the only one, if there
    /// is one) must clash. Cut one row later or earlier, the next two grids
    /// must not clash, fewer of all must clash than cut where they stand,
    /// and a run that ends among them must end with a whole grid. Otherwise,
    /// or if both shifts fit, the rows stay as they are: the clash is the
    /// puzzle's own (a typo), which leaves the grids after it in place.
    fn realign(
        &mut self,
        rows: &[String],
        row_lines: &[usize],
        side: usize,
    ) -> io::Result<Option<(usize, String)>> {
        let clashes =
            |rows: &[&str]| Grid::from_rows(rows).map_or(true, |g| g.check_givens().is_err());
        // The rows straight ahead, and whether their run ends among them.
        let mut ahead: Vec<String> = Vec::new();
        let limit = REALIGN_GRIDS * side + 1;
        let mut run_ends = true;
        loop {
            match self.peek_text(ahead.len())? {
                Some(t) if grid_row_side(t) == Some(side) => {
                    if ahead.len() == limit {
                        run_ends = false;
                        break;
                    }
                    ahead.push(t.to_string());
                }
                _ => break,
            }
        }
        if ahead.is_empty() {
            return Ok(None);
        }
        let ahead: Vec<&str> = ahead.iter().map(String::as_str).collect();
        // The rows ahead cut into grids after `first` (a row of this grid
        // handed on) and `skip` rows: whether each whole grid clashes, and
        // whether the run ends with a broken grid.
        let cut = |first: Option<&str>, skip: usize| {
            let run: Vec<&str> = first
                .into_iter()
                .chain(ahead.iter().skip(skip).copied())
                .collect();
            let clashing: Vec<bool> = run.chunks_exact(side).map(clashes).collect();
            (clashing, run_ends && run.len() % side != 0)
        };
        let count = |clashing: &[bool]| clashing.iter().filter(|&&c| c).count();
        let (aligned, broken) = cut(None, 0);
        let next = aligned.len().min(2);
        let misaligned = broken || (next > 0 && aligned[..next].iter().all(|&c| c));
        let fits = |(clashing, broken): (Vec<bool>, bool)| {
            let next = clashing.len().min(2);
            next > 0
                && !broken
                && !clashing[..next].iter().any(|&c| c)
                && count(&clashing) < count(&aligned).max(1)
        };
        let last = rows[side - 1].as_str();
        let (too_many, too_few) = (fits(cut(None, 1)), fits(cut(Some(last), 0)));
        if !misaligned || too_many == too_few {
            return Ok(None);
        }
        let start = row_lines[0];
        Ok(Some(if too_many {
            let (extra, _) = self.pending.pop_front().expect("a row ahead was read");
            (
                start,
                format!(
                    "grid has a row too many: {} rows up to line {extra}, then the next grid",
                    side + 1
                ),
            )
        } else {
            let line = row_lines[side - 1];
            self.pending
                .push_front((line, Line::Text(last.to_string())));
            (
                start,
                format!(
                    "grid ends after {} of {side} rows: the next grid starts on line {line}",
                    side - 1
                ),
            )
        }))
    }
}

impl<R: BufRead> Iterator for SudokuReader<R> {
    type Item = io::Result<SudokuRecord>;
    fn next(&mut self) -> Option<Self::Item> {
        self.next_record().transpose()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// `P` cut into its nine rows of nine symbols.
    pub(crate) fn nine_groups_of_p() -> Vec<&'static str> {
        (0..9).map(|r| &P[9 * r..9 * r + 9]).collect()
    }

    /// The records of `text`: each one's line and what `f` takes from its
    /// puzzle, or its error.
    fn records_as<T>(
        text: &str,
        f: impl Fn((Grid, Style)) -> T,
    ) -> Vec<(usize, Result<T, String>)> {
        SudokuReader::new(text.as_bytes())
            .map(|r| {
                let r = r.unwrap();
                (r.line, r.puzzle.map(&f))
            })
            .collect()
    }

    pub(crate) fn records(text: &str) -> Vec<(usize, Result<Style, String>)> {
        records_as(text, |(_, s)| s)
    }

    pub(crate) const P: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    /// Grids written back to back: a row lost or doubled in one makes that
    /// grid a bad record, and the grids after it are still read whole
    /// (they were read across two puzzles each, some of those "solved");
    /// a clash of the puzzle's own moves nothing.
    #[test]
    fn back_to_back_grids_survive_a_row_lost_or_doubled() {
        use crate::puzzles::sudoku::samples::{EASY, HARD};
        let third =
            "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..";
        let rows: Vec<String> = [EASY, HARD, third]
            .iter()
            .flat_map(|p| {
                Grid::from_line(p)
                    .unwrap()
                    .to_numeric_rows()
                    .lines()
                    .map(String::from)
                    .collect::<Vec<_>>()
            })
            .collect();
        let read =
            |rows: &[String]| records_as(&format!("{}\n", rows.join("\n")), |(g, _)| g.to_line());
        let whole = |p: &str| Ok(Grid::from_line(p).unwrap().to_line());
        let mut doubled = rows.clone();
        doubled.insert(2, rows[1].clone());
        assert_eq!(
            read(&doubled),
            [
                (
                    1,
                    Err(
                        "grid has a row too many: 10 rows up to line 10, then the next grid".into()
                    )
                ),
                (11, whole(HARD)),
                (20, whole(third)),
            ]
        );
        let mut lost = rows.clone();
        lost.remove(10);
        assert_eq!(
            read(&lost),
            [
                (1, whole(EASY)),
                (
                    10,
                    // The rows cannot tell a row lost here from one lost in
                    // the grid before, whose givens need not clash if so.
                    Err(
                        "grid ends after 8 of 9 rows: the next grid starts on line 18; \
                         the grid on lines 1-9, written back to back with it, may be cut \
                         wrong too (its answer would then solve a grid no one wrote): a \
                         blank line between grids shows where each ends"
                            .into()
                    )
                ),
                (18, whole(third)),
            ]
        );
        // A clash in the first grid's givens: the grids stay where they are.
        let mut typo = rows.clone();
        typo[0] = typo[0].replacen("5 3", "5 5", 1);
        let got = read(&typo);
        assert_eq!(got[1..], [(10, whole(HARD)), (19, whole(third))]);
        assert!(Grid::from_line(got[0].1.as_ref().unwrap())
            .unwrap()
            .check_givens()
            .is_err());
        // So when the next grid clashes too and the file ends there.
        let mut two = typo[..18].to_vec();
        two[9] = two[9].replacen("8 0", "8 8", 1);
        let got = read(&two);
        assert_eq!(
            got.iter().map(|(line, _)| *line).collect::<Vec<_>>(),
            [1, 10]
        );
        assert!(got.iter().all(|(_, grid)| grid.is_ok()), "{got:?}");
    }

    /// Rows of a Sudoku with oblong boxes say so; other lines of numbers
    /// do not.
    #[test]
    fn rows_of_oblong_box_sudoku_are_named() {
        let six = "a row of 6 cells, as in a 6x6 Sudoku with boxes of 2x3: only square \
                   boxes are supported (sides 4, 9, 16, 25, 36, 49, 64)";
        assert_eq!(oblong_row_reason("1 0 0 0 5 0").as_deref(), Some(six));
        assert_eq!(oblong_row_reason("1 . _ 6 | 5 0").as_deref(), Some(six));
        assert!(oblong_row_reason("1 . . 8 . . . 3")
            .unwrap()
            .contains("an 8x8 Sudoku with boxes of 2x4"));
        let twelve = "1 . . . . . . . . . . 12";
        assert!(oblong_row_reason(twelve).unwrap().contains("boxes of 3x4"));
        assert_eq!(oblong_row_reason("1 2 3 4 5 6 7"), None, "7 is prime");
        assert_eq!(oblong_row_reason("1 2 3 4 5 7"), None, "7 > 6");
        assert_eq!(oblong_row_reason("1 2 3 4 5 x"), None);
        let text = "1 0 0 0 5 0\n0 5 0 1 0 0\n";
        assert_eq!(records(text), [(1, Err(six.into())), (2, Err(six.into()))]);
        // Alone, such a line says nothing of oblong boxes.
        let alone = "not a puzzle line or a grid row";
        let text = "1 0 0 0 5 0\n\n0 5 0 1 0 0 0 0\n";
        assert_eq!(
            records(text),
            [(1, Err(alone.into())), (3, Err(alone.into()))]
        );
    }

    /// Grids framed in box-drawing characters (light and double lines)
    /// read as grids framed in ASCII, and are detected as Sudoku.
    #[test]
    fn box_drawing_frames_read_as_ascii_rules() {
        use crate::puzzles::sudoku::samples::EASY;
        let easy = Grid::from_line(EASY).unwrap();
        let framed = |[top, mid, bottom, outer, inner]: [&str; 5]| {
            let mut text = format!("{top}\n");
            for r in 0..9 {
                if r == 3 || r == 6 {
                    text.push_str(mid);
                    text.push('\n');
                }
                let row: Vec<String> = (0..3)
                    .map(|b| {
                        (0..3)
                            .map(|c| match easy.get(r, 3 * b + c) {
                                0 => ".".to_string(),
                                v => v.to_string(),
                            })
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .collect();
                text.push_str(&format!(
                    "{outer} {} {inner} {} {inner} {} {outer}\n",
                    row[0], row[1], row[2]
                ));
            }
            format!("{text}{bottom}\n")
        };
        let light = framed([
            "┌───────┬───────┬───────┐",
            "├───────┼───────┼───────┤",
            "└───────┴───────┴───────┘",
            "│",
            "│",
        ]);
        let double = framed([
            "╔═══════╤═══════╤═══════╗",
            "╟───────┼───────┼───────╢",
            "╚═══════╧═══════╧═══════╝",
            "║",
            "│",
        ]);
        for text in [light, double] {
            assert_eq!(detect(&text), Kind::Sudoku, "{text}");
            let got = records_as(&format!("{text}\n{text}"), |(g, s)| (g.to_line(), s));
            let want = Ok((easy.to_line(), Style::Pretty));
            assert_eq!(got, [(2, want.clone()), (16, want)], "{text}");
        }
        assert_eq!(ascii_box_drawing("no frame here"), None);
        assert_eq!(ascii_box_drawing("╠═╪═╣").as_deref(), Some("+-+-+"));
        // Other lines are left as written: a title keeps its dash, and a
        // line that is no frame is no Knuth comment (`|`) to detection.
        assert_eq!(ascii_box_drawing("Puzzle ─ 1"), None);
        assert_eq!(ascii_box_drawing("│ Puzzle one"), None);
        assert_eq!(
            detect(&format!("│ Puzzle one\n{EASY}\n{EASY}\n")),
            Kind::Sudoku
        );
        let titled = format!("Puzzle ─ 1\n{}", easy.to_numeric_rows());
        let got: Vec<_> = SudokuReader::new(titled.as_bytes())
            .map(|r| r.unwrap().title)
            .collect();
        assert_eq!(got, [Some("Puzzle ─ 1".to_string())]);
    }

    /// Sparse grids back to back, one of them a row short, where no grid
    /// read across two puzzles clashes: nothing tells which grid lost the
    /// row, so the grid that comes up short says that the grids of the run
    /// before it may be cut wrong too. A blank line ends the run.
    #[test]
    fn a_short_grid_after_sparse_grids_back_to_back_casts_doubt_on_them() {
        use crate::puzzles::sudoku::samples::HARD;
        const SPARSE: &str =
            ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...";
        let rows = |p: &str| -> Vec<String> {
            let grid = Grid::from_line(p).unwrap().to_numeric_rows();
            grid.lines().map(String::from).collect()
        };
        let read = |lines: &[String]| records(&format!("{}\n", lines.join("\n")));
        let doubt = |grids: &str, last: usize| {
            format!(
                "; {grids} on lines 1-{last}, written back to back with it, may be cut wrong \
                 too ({} no one wrote): a blank line between grids shows where each ends",
                if grids == "the grid" {
                    "its answer would then solve a grid"
                } else {
                    "their answers would then solve grids"
                }
            )
        };
        let mut lines = [rows(HARD), rows(SPARSE), rows(HARD)].concat();
        lines.remove(12);
        let got = read(&lines);
        assert_eq!(got.len(), 3, "{got:?}");
        assert!(got[..2].iter().all(|(_, r)| r.is_ok()), "{got:?}");
        assert_eq!(
            got[2],
            (
                19,
                Err(format!(
                    "input ends after 8 of 9 grid rows{}",
                    doubt("the 2 grids", 18)
                ))
            )
        );
        // One whole grid before a short one that a blank line ends.
        let mut lines = [rows(SPARSE), rows(HARD)].concat();
        lines.remove(3);
        lines.push(String::new());
        lines.extend(rows(HARD));
        let got = read(&lines);
        assert_eq!(
            got[1],
            (
                10,
                Err(format!(
                    "grid ends after 8 of 9 rows: the blank line 18 ends a grid{}",
                    doubt("the grid", 9)
                ))
            )
        );
        assert_eq!(got[2], (19, Ok(Style::Grid)));
        // Apart, a short grid says nothing of the whole grid before it.
        let mut lines = rows(SPARSE);
        lines.push(String::new());
        lines.extend(rows(HARD).into_iter().take(8));
        assert_eq!(
            read(&lines)[1],
            (11, Err("input ends after 8 of 9 grid rows".into()))
        );
    }

    /// A grid with a row doubled (or one row more) before a blank line, a
    /// title or the end is one bad record that takes the extra row: read
    /// alone, that row was one answer more than there are grids.
    #[test]
    fn a_row_too_many_before_a_blank_line_is_one_bad_record() {
        use crate::puzzles::sudoku::samples::{EASY, HARD};
        let rows = |p: &str| -> Vec<String> {
            let grid = Grid::from_line(p).unwrap().to_numeric_rows();
            grid.lines().map(String::from).collect()
        };
        let read = |text: String| records_as(&text, |(g, _)| g.to_line());
        let whole = |p: &str| Ok(Grid::from_line(p).unwrap().to_line());
        let too_many = |last: usize| {
            Err(format!(
                "grid has a row too many: 10 rows up to line {last}"
            ))
        };
        for doubled_row in [3, 8] {
            let mut first = rows(EASY);
            first.insert(doubled_row, first[doubled_row].clone());
            let (first, second) = (first.join("\n"), rows(HARD).join("\n"));
            assert_eq!(
                read(format!("{first}\n\n{second}\n")),
                [(1, too_many(10)), (12, whole(HARD))]
            );
            assert_eq!(
                read(format!("Grid 01\n{first}\nGrid 02\n{second}\n")),
                [(2, too_many(11)), (13, whole(HARD))]
            );
            assert_eq!(
                read(format!("{second}\n\n{first}\n")),
                [(1, whole(HARD)), (11, too_many(20))]
            );
        }
        // A spreadsheet's empty row after a grid is a blank line, not a
        // row too many.
        for empty in [",,,,,,,,", ",,,,,,,,,"] {
            let grid = rows(EASY).join("\n");
            assert_eq!(read(format!("{grid}\n{empty}\n")), [(1, whole(EASY))]);
        }
        // Whole grids, and a 16x16 of bare rows before a 4x4 puzzle line
        // (in groups or not), are read as before.
        let both = format!("{}\n\n{}\n", rows(EASY).join("\n"), rows(HARD).join("\n"));
        assert_eq!(read(both), [(1, whole(EASY)), (11, whole(HARD))]);
        let g16 = crate::puzzles::sudoku::samples::pattern_solution(4).to_line();
        let bare16: Vec<&str> = (0..16).map(|r| &g16[r * 16..(r + 1) * 16]).collect();
        for four in ["1.3..4.........2", "1.3. .4.. .... ...2"] {
            let got = read(format!("{}\n{four}\n\n", bare16.join("\n")));
            assert_eq!(got.len(), 2, "{got:?}");
            assert_eq!(got[1].0, 17, "{got:?}");
        }
    }

    #[test]
    fn mixed_records_keep_their_lines() {
        let grid = Grid::from_line(P).unwrap();
        let text = format!(
            "# comment\n{P} # rated\r\n\n{}\n\n{}\nshort\n",
            grid.to_numeric_rows(),
            grid.to_pretty()
        );
        let got = records(&text);
        assert_eq!(got.len(), 4);
        assert_eq!(got[0], (2, Ok(Style::Line)));
        assert_eq!(got[1], (4, Ok(Style::Grid)));
        assert_eq!(got[2], (14, Ok(Style::Pretty)));
        assert_eq!(
            got[3],
            (
                25,
                Err("wrong length: 5 cells (expected 16, 81, 256 or 625)".into())
            )
        );
    }

    #[test]
    fn long_and_binary_lines_are_errors() {
        let mut text = "x".repeat(MAX_LINE + 10).into_bytes();
        text.extend_from_slice(b"\n\xff\xfe\n");
        text.extend_from_slice(P.as_bytes());
        let got: Vec<_> = SudokuReader::new(&text[..]).map(|r| r.unwrap()).collect();
        assert_eq!(got.len(), 3);
        assert!(got[0]
            .puzzle
            .as_ref()
            .unwrap_err()
            .starts_with("line too long"));
        assert!(got[1]
            .puzzle
            .as_ref()
            .unwrap_err()
            .starts_with("not valid UTF-8"));
        assert!(got[2].puzzle.is_ok());
        assert_eq!(got[2].line, 3);

        // A bad byte in a `#` comment is dropped with the comment; one
        // before the comment, or in a `#` that starts no comment, is not.
        let mut text = b"# caf\xe9\n".to_vec();
        for tail in [&b" # caf\xe9"[..], b"\xe9 # ok", b"#\xe9"] {
            text.extend_from_slice(P.as_bytes());
            text.extend_from_slice(tail);
            text.push(b'\n');
        }
        let got: Vec<_> = SudokuReader::new(&text[..]).map(|r| r.unwrap()).collect();
        let summary: Vec<_> = got.iter().map(|r| (r.line, r.puzzle.is_ok())).collect();
        assert_eq!(summary, [(2, true), (3, false), (4, false)]);
        assert!(got[1]
            .puzzle
            .as_ref()
            .unwrap_err()
            .starts_with("not valid UTF-8 (byte 82"));

        // A title in Latin-1 (`Grille n°1`) above a grid stays its title,
        // the bad byte replaced; a puzzle line with a bad byte is still bad.
        let rows = Grid::from_line(P).unwrap().to_numeric_rows();
        let mut text = b"Grille n\xb0 1\n".to_vec();
        text.extend_from_slice(rows.as_bytes());
        text.extend_from_slice(b"\n8\xb0..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n");
        let got: Vec<_> = SudokuReader::new(&text[..]).map(|r| r.unwrap()).collect();
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].title.as_deref(), Some("Grille n\u{fffd} 1"));
        assert_eq!(got[0].line, 2);
        assert!(got[0].puzzle.is_ok());
        assert!(got[1]
            .puzzle
            .as_ref()
            .unwrap_err()
            .starts_with("not valid UTF-8"));
        // A stray one, with no grid under it, is a bad record that says
        // why: its bytes, as before, not its shape.
        let mut text = b"Grille n\xb0 2\n".to_vec();
        text.extend_from_slice(P.as_bytes());
        let got: Vec<_> = SudokuReader::new(&text[..]).map(|r| r.unwrap()).collect();
        assert_eq!(got.len(), 2);
        assert_eq!(
            got[0].puzzle.as_ref().unwrap_err(),
            "not valid UTF-8 (byte 9 of the line)"
        );
        assert!(got[1].puzzle.is_ok());
    }

    /// A one-line puzzle of every size written as n² groups of n² symbols,
    /// separated by single blanks or tabs, reads as the line without them,
    /// in the line style; four groups of four are a 4x4 puzzle unless rows of
    /// a 16x16 grid follow (as for 16 symbols in a row). Groups of other
    /// sizes, or two blanks between them, are no puzzle.
    #[test]
    fn puzzles_in_groups_read_as_their_line() {
        for n in 2..=5 {
            let mut g = crate::puzzles::sudoku::samples::pattern_solution(n);
            (0..n * n).for_each(|k| g.set(k, (3 * k) % (n * n), 0));
            let line = g.to_line();
            let groups: Vec<String> = line
                .chars()
                .collect::<Vec<_>>()
                .chunks(n * n)
                .map(|c| c.iter().collect())
                .collect();
            for sep in [" ", "\t"] {
                let text = format!("{}\n", groups.join(sep)).repeat(3);
                assert_eq!(detect(&text), Kind::Sudoku, "{text}");
                let got: Vec<_> = SudokuReader::new(text.as_bytes())
                    .map(|r| r.unwrap().puzzle)
                    .collect();
                assert_eq!(got, vec![Ok((g.clone(), Style::Line)); 3], "{text}");
            }
        }
        // Rows of a 16x16 grid in groups of four, the first of only 1-4.
        let mut g16 = crate::puzzles::sudoku::samples::pattern_solution(4);
        for c in 0..16 {
            if g16.get(0, c) > 4 {
                g16.set(0, c, 0);
            }
        }
        let rows: String = g16
            .to_bare_rows()
            .lines()
            .map(|r| format!("{} {} {} {}\n", &r[..4], &r[4..8], &r[8..12], &r[12..]))
            .collect();
        let got: Vec<_> = SudokuReader::new(rows.as_bytes())
            .map(|r| r.unwrap().puzzle)
            .collect();
        assert_eq!(got, vec![Ok((g16, Style::Pretty))]);
        // Several lines, tabs between the groups: not Knuth's item line
        // above lines naming unknown items.
        let groups = nine_groups_of_p();
        let tabbed = groups.join("\t");
        assert_eq!(detect(&format!("{tabbed}\n{tabbed}\n")), Kind::Sudoku);
        assert_eq!(detect(&format!("a b c\n{tabbed}\n")), Kind::Sudoku);
        // Groups of eight and ten, or two blanks: reported, not guessed at.
        let uneven = format!("{} {} {}", &P[..8], &P[8..18], groups[2..].join(" "));
        for text in [uneven, groups.join("  ")] {
            let got = records(&text);
            assert_eq!(got.len(), 1, "{text}");
            assert!(got[0].1.is_err(), "{text}: {got:?}");
        }
    }

    /// Baekjoon 2580's example grid.
    pub(crate) const GRID: &str = "0 3 5 4 6 9 2 7 8\n7 8 2 1 0 5 6 0 9\n0 6 0 2 7 8 1 3 5\n\
                        3 2 1 0 4 6 8 9 7\n8 0 4 9 1 3 5 0 6\n5 9 6 8 2 0 4 1 3\n\
                        9 1 7 6 5 2 0 8 0\n6 0 3 7 0 1 9 5 2\n2 5 8 3 9 4 7 6 0\n";

    /// `puzzles/sudominoku/sample-own.txt`.
    pub(crate) const SUDOMINOKU: &str = include_str!("../puzzles/sudominoku/sample-own.txt");

    /// A bad first row costs only its own grid: the whole grid is one bad
    /// record, and the grid after it is read.
    #[test]
    fn bad_first_row_keeps_the_next_grid() {
        let bad_rows = [
            ("10 3 5", "bad symbol `10` at cell 1 (row 1, column 1)"),
            ("x 3 5", "bad symbol `x` at cell 1 (row 1, column 1)"),
            ("3 5", "row 1 has 8 entries, expected 9"),
            ("0 0 3 5", "row 1 has 10 entries, expected 9"),
        ];
        for (start, reason) in bad_rows {
            let bad = GRID.replacen("0 3 5", start, 1);
            for between in ["", "\n", "# next\n"] {
                let text = format!("{bad}{between}{GRID}");
                let next = 10 + between.len().min(1);
                assert_eq!(
                    records(&text),
                    vec![(1, Err(reason.to_string())), (next, Ok(Style::Grid))],
                    "{start:?} {between:?}"
                );
            }
        }
        // A pretty grid.
        let pretty = Grid::from_line(P).unwrap().to_pretty();
        let text = format!("{}\n{pretty}\n", pretty.replacen("5 3", "5 x", 1));
        assert_eq!(
            records(&text),
            vec![
                (1, Err("bad symbol `x` at cell 2 (row 1, column 2)".into())),
                (12, Ok(Style::Pretty))
            ]
        );
        // A line that only looks a little like a row is not a damaged row:
        // with words it is the grid's title, without them a record of its own.
        for title in ["Grid 1 2 3", "My puzzles"] {
            let got: Vec<_> = SudokuReader::new(format!("{title}\n{GRID}").as_bytes())
                .map(|r| r.unwrap())
                .collect();
            assert_eq!(got.len(), 1, "{title}");
            assert_eq!(got[0].title.as_deref(), Some(title));
            assert_eq!(got[0].line, 2);
        }
        assert_eq!(
            records(&format!("1 2 3 4 5 6\n{GRID}")),
            vec![
                (1, Err("not a puzzle line or a grid row".into())),
                (2, Ok(Style::Grid))
            ]
        );
    }

    /// Project Euler 96's `sudoku.txt`: a `Grid NN` title above rows of
    /// nine digits. The title stays with its grid; a title with no grid
    /// after it is still a bad record.
    #[test]
    fn titles_stay_with_their_grids() {
        let rows: String = Grid::from_line(P)
            .unwrap()
            .to_line()
            .replace('.', "0")
            .as_bytes()
            .chunks(9)
            .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
            .collect();
        let text = format!("Grid 01\n{rows}Grid 02 # rated\n{rows}Grid 03\n\n{P}\nshort\n");
        let got: Vec<_> = SudokuReader::new(text.as_bytes())
            .map(|r| r.unwrap())
            .collect();
        let summary: Vec<_> = got
            .iter()
            .map(|r| (r.line, r.title.as_deref(), r.puzzle.is_ok()))
            .collect();
        assert_eq!(
            summary,
            vec![
                (2, Some("Grid 01"), true),
                (12, Some("Grid 02 # rated"), true),
                (21, None, false),
                (23, None, true),
                (24, None, false),
            ]
        );
        assert_eq!(
            got[0].puzzle.as_ref().unwrap().0,
            Grid::from_line(P).unwrap()
        );
        assert_eq!(got[0].puzzle.as_ref().unwrap().1, Style::Rows);
        assert_eq!(got[2].puzzle.as_ref().unwrap_err(), TITLE_WITHOUT_GRID);
    }

    /// The edges of titles: a damaged first row keeps its grid and title
    /// together; comment and rule lines may stand between a title and its
    /// grid; a grid cut short ends at the next title or CSV line; a puzzle
    /// with a note, or a damaged puzzle line, is never a title.
    #[test]
    fn titles_and_damaged_grids() {
        let bare: Vec<String> = Grid::from_line(P)
            .unwrap()
            .to_line()
            .as_bytes()
            .chunks(9)
            .map(|row| String::from_utf8(row.to_vec()).unwrap())
            .collect();
        let rows =
            |from: usize| -> String { bare[from..].iter().map(|r| format!("{r}\n")).collect() };
        let summary = |text: &str| -> Vec<(usize, Option<String>, Result<Style, String>)> {
            SudokuReader::new(text.as_bytes())
                .map(|r| {
                    let r = r.unwrap();
                    (r.line, r.title, r.puzzle.map(|(_, s)| s))
                })
                .collect()
        };
        let title = || Some("Grid 01".to_string());
        // A damaged first row, with and without a title.
        let damaged = format!("{}x\n{}", &bare[0][..8], rows(1));
        assert_eq!(
            summary(&format!("Grid 01\n{damaged}")),
            vec![(
                2,
                title(),
                Err("bad symbol `x` at cell 9 (row 1, column 9)".into())
            )]
        );
        assert_eq!(summary(&damaged)[0].0, 1);
        assert_eq!(summary(&damaged).len(), 1);
        // A comment and a rule between the title and the grid.
        let pretty = Grid::from_line(P).unwrap().to_pretty();
        let text = format!("Grid 01\n# easy\n+-------+\n{pretty}\n");
        assert_eq!(summary(&text), vec![(4, title(), Ok(Style::Pretty))]);
        // A grid cut short ends at the next title or CSV line.
        let short = rows(1);
        for next in [format!("Grid 02\n{}", rows(0)), format!("{P},x\n")] {
            let got = summary(&format!("{short}{next}"));
            assert_eq!(got.len(), 2, "{next}");
            assert_eq!(got[0].2, Err("grid ends after 8 of 9 rows".into()));
            assert!(got[1].2.is_ok(), "{next}");
        }
        // Never titles: a puzzle with a note, a damaged puzzle line, letters.
        let note = format!("{} easy\n1 0 0 4\n0 0 1 0\n0 1 0 0\n4 0 0 1\n", &P[..16]);
        assert!(summary(&note)[0]
            .2
            .as_ref()
            .is_err_and(|e| e.starts_with("text after")));
        // A title without blanks whose digits and `_` would make most of a
        // row: too many letters for a typo, so it is the grid's title; a
        // row with two bad letters is still a damaged first row.
        assert_eq!(
            summary(&format!("Grid_0001\n{}", rows(0))),
            vec![(2, Some("Grid_0001".into()), Ok(Style::Rows))]
        );
        // In capitals too, above bare or numeric rows, even as long as a
        // puzzle line or a row.
        for title in [
            "GRID_0001",
            "SUDOKU_1",
            "PUZZLE_0001",
            "SUDOKU_PUZZLE_01",
            "DAILY_SUDOKU_0001",
        ] {
            for grid in [rows(0), GRID.to_string()] {
                let got = summary(&format!("{title}\n{grid}"));
                assert_eq!(got.len(), 1, "{title}: {got:?}");
                assert_eq!(got[0].1.as_deref(), Some(title));
                assert!(got[0].2.is_ok(), "{title}: {got:?}");
            }
        }
        let two_letters = format!("ab{}\n{}", &bare[0][2..], rows(1));
        assert_eq!(
            summary(&two_letters),
            vec![(
                1,
                None,
                Err("bad symbol `a` at cell 1 (row 1, column 1)".into())
            )]
        );
        let typo = format!("{}x{}\n{}", &P[..40], &P[41..80], rows(0));
        assert_eq!(summary(&typo)[0].1, None);
        assert!(summary(&typo)[0]
            .2
            .as_ref()
            .is_err_and(|e| e.starts_with("wrong length: 80")));
        // A damaged row of a 16x16 grid in grouped rows (starting with two
        // letters, like a title) is a row, and the grid is one record.
        let g16 = crate::puzzles::sudoku::samples::pattern_solution(4);
        let mut grouped: Vec<String> = g16
            .to_bare_rows()
            .lines()
            .map(|r| {
                r.as_bytes()
                    .chunks(4)
                    .map(|c| std::str::from_utf8(c).unwrap())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        grouped[7].replace_range(18.., "H");
        let got = summary(&format!("{}\n{}", grouped.join("\n"), g16.to_bare_rows()));
        assert_eq!(got.len(), 2);
        assert!(got[0]
            .2
            .as_ref()
            .is_err_and(|e| e.contains("(row 8, column 16)")));
        assert_eq!(got[1].2, Ok(Style::Rows));
        // One 4x4 line with a symbol beyond 4 is a bad 4x4 puzzle, not the
        // start of a 16x16 grid that swallows the lines after it.
        let four = "..2..1.41....2..";
        let text = format!("5{}\n{}", &four[1..], format!("{four}\n").repeat(15));
        let got = records(&text);
        assert_eq!(got.len(), 16);
        assert!(got[0]
            .1
            .as_ref()
            .is_err_and(|e| e.starts_with("bad symbol `5`")));
        // Two bad lines in a row are not a 16x16 grid either.
        let text = format!(
            "{four}\n3....2....4.1..5\n....3..4.12....6\n{}",
            format!("{four}\n").repeat(15)
        );
        assert_eq!(records(&text).len(), 18);
        // A title with digits above bare rows is a title, not a bad row.
        let got = summary(&format!("Game 12345\n{}Game 12346\n{}", rows(0), rows(0)));
        let titles: Vec<_> = got.iter().map(|r| r.1.as_deref()).collect();
        assert_eq!(titles, vec![Some("Game 12345"), Some("Game 12346")]);
        assert!(got.iter().all(|r| r.2.is_ok()));
        // A title above a 16x16 grid of bare rows; a bare first row with a
        // cell too many.
        let got = summary(&format!("Grid 01\n{}", g16.to_bare_rows()));
        assert_eq!(got, vec![(2, title(), Ok(Style::Rows))]);
        let extra = format!("Grid 01\n{}1\n{}", bare[0], rows(1));
        assert_eq!(
            summary(&extra),
            vec![(2, title(), Err("row 1 has 10 entries, expected 9".into()))]
        );
        // A grid row is never a title, even in lower-case letters.
        let g25 = crate::puzzles::sudoku::samples::pattern_solution(5);
        let lower = g25.to_bare_rows().to_lowercase();
        let got: Vec<_> = SudokuReader::new(lower.as_bytes())
            .map(|r| r.unwrap().puzzle.unwrap())
            .collect();
        assert_eq!(got, vec![(g25, Style::Rows)]);
        // Bare rows of 16 symbols are a 16x16 grid when they cannot be 4x4.
        let g16 = crate::puzzles::sudoku::samples::pattern_solution(4);
        let got: Vec<_> = SudokuReader::new(g16.to_bare_rows().as_bytes())
            .map(|r| r.unwrap().puzzle.unwrap())
            .collect();
        assert_eq!(got, vec![(g16.clone(), Style::Rows)]);
        // ... also when the first row could be a 4x4 puzzle (empty, or only
        // 1-4), since the next two rows cannot.
        let mut first_blank = g16.clone();
        (0..16).for_each(|c| first_blank.set(0, c, 0));
        let text = first_blank.to_bare_rows();
        assert!(text.starts_with(&format!("{}\n", ".".repeat(16))));
        let got: Vec<_> = SudokuReader::new(text.as_bytes())
            .map(|r| r.unwrap().puzzle.unwrap())
            .collect();
        assert_eq!(got, vec![(first_blank, Style::Rows)]);
        // A 4x4 puzzle followed by a 4x4 puzzle stays one, whatever comes
        // after.
        let four = "1..4............";
        let rows16: Vec<String> = g16.to_bare_rows().lines().map(String::from).collect();
        let text = format!("{four}\n{four}\n{}\n{}\n", rows16[1], rows16[2]);
        assert_eq!(records(&text).len(), 4);
    }

    /// A row of 16 symbols that uses only blanks and 1-4 may be a 4x4
    /// puzzle, but in a 16x16 grid whose other rows use symbols beyond 4 it
    /// is a row, wherever it stands (even first, even several); in a 4x4
    /// file such lines stay 4x4 puzzles, clashing or not.
    #[test]
    fn rows_of_16_with_only_1_to_4_stay_in_their_grid() {
        let solution = crate::puzzles::sudoku::samples::pattern_solution(4);
        type Records = Vec<(usize, Result<(Grid, Style), String>)>;
        let grids = |text: &str| -> Records {
            SudokuReader::new(text.as_bytes())
                .map(|r| {
                    let r = r.unwrap();
                    (r.line, r.puzzle)
                })
                .collect()
        };
        for low_rows in [
            &[2][..],
            &[1, 2],
            &[0],
            &[0, 1],
            &[0, 1, 2, 3, 4, 5, 6],
            &[15],
        ] {
            let mut g = solution.clone();
            for &r in low_rows {
                for c in 0..16 {
                    if g.get(r, c) > 4 {
                        g.set(r, c, 0);
                    }
                }
            }
            let rows = format!("{}\n", g.to_bare_rows().trim_end());
            let one = |line| (line, Ok((g.clone(), Style::Rows)));
            for (text, expected) in [
                (rows.clone(), vec![one(1)]),
                (format!("{rows}{rows}"), vec![one(1), one(17)]),
                (format!("{rows}\n{rows}"), vec![one(1), one(18)]),
            ] {
                assert_eq!(grids(&text), expected, "{low_rows:?}\n{text}");
            }
            let titled = SudokuReader::new(format!("Grid 01\n{rows}").as_bytes())
                .map(|r| r.unwrap())
                .collect::<Vec<_>>();
            assert_eq!(titled.len(), 1, "{low_rows:?}");
            assert_eq!(titled[0].title.as_deref(), Some("Grid 01"));
        }
        // A 4x4 file: clashing lines (only 1-4; the clash is found when
        // solving) three in a row, a bad symbol, good puzzles.
        let good = "1..4............";
        let clash = "11..............";
        let text = format!(
            "{}5{}\n{}",
            format!("{clash}\n").repeat(3),
            &good[1..],
            format!("{good}\n").repeat(12)
        );
        let got = records(&text);
        assert_eq!(got.len(), 16);
        assert!(got[3]
            .1
            .as_ref()
            .is_err_and(|e| e.starts_with("bad symbol `5`")));
        assert!(got
            .iter()
            .enumerate()
            .all(|(k, r)| k == 3 || r.1 == Ok(Style::Line)));
    }

    /// A grid saved from a spreadsheet as CSV (numbers between commas or
    /// semicolons) is a numeric grid, also for detection when two of its
    /// rows are alike (which Knuth's format would read as an option naming
    /// the first line's item).
    #[test]
    fn csv_grid_rows_are_numeric_grid_rows() {
        let grid: String = GRID
            .lines()
            .map(|row| format!("{}\n", row.split_whitespace().collect::<Vec<_>>().join(",")))
            .collect();
        let twice = format!(
            "0,0,0,0,0,0,0,0,0\n{}",
            grid.replacen(grid.lines().next().unwrap(), "0,0,0,0,0,0,0,0,0", 1,)
        );
        for text in [grid.clone(), grid.replace(',', ";"), twice] {
            assert_eq!(detect(&text), Kind::Sudoku, "{text}");
        }
        let got: Vec<_> = SudokuReader::new(grid.as_bytes())
            .map(|r| r.unwrap())
            .collect();
        assert_eq!(got.len(), 1);
        let (g, style) = got[0].puzzle.as_ref().unwrap();
        assert_eq!(*style, Style::Grid);
        assert_eq!(
            *g,
            Grid::from_rows(&GRID.lines().collect::<Vec<_>>()).unwrap()
        );
        // A Kaggle line (two 81-digit fields) is no grid row.
        assert_eq!(csv_grid_row(&format!("{P},{P}").replace('.', "0")), None);
        assert_eq!(csv_grid_row("1,2,3,4,5,6,7,8,10"), None, "10 > 9");
    }

    /// A spreadsheet may end every CSV grid row with a separator: one empty
    /// field after the last cell is allowed (not two, nor a missing cell).
    #[test]
    fn csv_grid_rows_may_end_in_a_separator() {
        let g16 = crate::puzzles::sudoku::samples::pattern_solution(4);
        for (rows, side) in [(GRID.to_string(), 9), (g16.to_numeric_rows(), 16)] {
            let expected = Grid::from_rows(&rows.lines().collect::<Vec<_>>()).unwrap();
            for sep in [",", ";"] {
                let csv: String = rows
                    .lines()
                    .map(|r| {
                        format!(
                            "{}{sep}\n",
                            r.split_whitespace().collect::<Vec<_>>().join(sep)
                        )
                    })
                    .collect();
                assert_eq!(detect(&csv), Kind::Sudoku, "{csv}");
                let got: Vec<_> = SudokuReader::new(csv.as_bytes())
                    .map(|r| r.unwrap().puzzle)
                    .collect();
                assert_eq!(got, vec![Ok((expected.clone(), Style::Grid))], "{csv}");
                let first = csv.lines().next().unwrap();
                assert_eq!(csv_grid_row(&format!("{first}{sep}")), None, "{side}");
                // A row short of its last cell, with a trailing separator,
                // has a row's worth of fields: the last is an empty cell
                // (as a spreadsheet writes one). Two short is no row.
                let short = first.rsplitn(3, sep).nth(2).unwrap();
                assert_eq!(csv_grid_row(&format!("{short}{sep}")), None, "{side}");
                let blank_last = csv_row_with_blanks(&format!("{short}{sep}")).unwrap();
                assert!(blank_last.ends_with(" 0"), "{blank_last}");
                let shorter = short.rsplit_once(sep).unwrap().0;
                let shorter = format!("{shorter}{sep}");
                assert_eq!(csv_row_with_blanks(&shorter), None, "{side}");
            }
        }
    }

    /// A spreadsheet saved as CSV leaves blank cells empty: `4,,,,,,,,`
    /// is a row of one given, with or without a trailing separator.
    #[test]
    fn empty_csv_fields_are_blank_cells() {
        assert_eq!(
            csv_row_with_blanks("4,,,,,,,,").as_deref(),
            Some("4 0 0 0 0 0 0 0 0")
        );
        assert_eq!(
            csv_row_with_blanks(",,,,,,,,7,").as_deref(),
            Some("0 0 0 0 0 0 0 0 7")
        );
        // Only where a grid is: not for every line.
        assert_eq!(csv_grid_row("4,,,,,,,,"), None);
        // A row of empty fields alone is left to the reader.
        assert_eq!(csv_row_with_blanks(",,;,"), None);
        assert_eq!(empty_csv_row_side(",,;,"), Some(4));
        assert_eq!(empty_csv_row_side(" , ,;,"), Some(4), "trailing");
        assert_eq!(empty_csv_row_side(",,"), None);
        assert_eq!(
            csv_row_with_blanks(" ; 2;;;;;;;9").as_deref(),
            Some("0 2 0 0 0 0 0 0 9")
        );
        // Still a row's worth of fields, each a cell.
        assert_eq!(csv_row_with_blanks("4,,,,,,,"), None, "8 fields");
        assert_eq!(csv_row_with_blanks("4,,,,,,,,,,"), None, "11 fields");
        assert_eq!(csv_row_with_blanks("4,,,,x,,,,"), None);
        let empty_cells: String = GRID
            .lines()
            .map(|row| {
                let cells: Vec<&str> = row
                    .split_whitespace()
                    .map(|c| if c == "0" { "" } else { c })
                    .collect();
                format!("{}\n", cells.join(","))
            })
            .collect();
        assert_eq!(detect(&empty_cells), Kind::Sudoku, "{empty_cells}");
        let got: Vec<_> = SudokuReader::new(empty_cells.as_bytes())
            .map(|r| r.unwrap().puzzle)
            .collect();
        let expected = Grid::from_rows(&GRID.lines().collect::<Vec<_>>()).unwrap();
        assert_eq!(got, vec![Ok((expected, Style::Grid))]);
    }

    /// `GRID` as a spreadsheet writes it, empty cells empty, with its
    /// first row's givens taken out when `empty_first_row`.
    fn spreadsheet_grid(empty_first_row: bool) -> (String, Grid) {
        let rows: Vec<String> = GRID
            .lines()
            .enumerate()
            .map(|(r, row)| {
                let cells: Vec<&str> = row
                    .split_whitespace()
                    .map(|c| {
                        if c == "0" || (r == 0 && empty_first_row) {
                            ""
                        } else {
                            c
                        }
                    })
                    .collect();
                cells.join(",")
            })
            .collect();
        let grid = Grid::from_rows(
            &rows
                .iter()
                .map(|r| csv_row_with_blanks(r).unwrap_or_else(|| empty_row(9)))
                .collect::<Vec<_>>(),
        )
        .unwrap();
        (rows.iter().map(|r| format!("{r}\n")).collect(), grid)
    }

    fn puzzles_read(text: &str) -> Vec<(usize, Result<Grid, String>)> {
        records_as(text, |(g, _)| g)
    }

    /// A row of empty fields is a grid's empty row inside a grid, a
    /// grid's first row when a whole grid with givens follows, and
    /// otherwise a spreadsheet's blank line: between grids, or a whole
    /// grid's worth of them.
    #[test]
    fn empty_csv_rows_are_empty_grid_rows_or_blank_lines() {
        let (full, full_grid) = spreadsheet_grid(false);
        let (first_empty, first_empty_grid) = spreadsheet_grid(true);
        assert!(first_empty.starts_with(",,,,,,,,\n"), "{first_empty}");
        let blank = ",,,,,,,,\n";
        // Alone, after a blank row, and between others.
        assert_eq!(
            puzzles_read(&first_empty),
            vec![(1, Ok(first_empty_grid.clone()))]
        );
        assert_eq!(
            puzzles_read(&format!("{blank}{first_empty}")),
            vec![(2, Ok(first_empty_grid.clone()))]
        );
        assert_eq!(
            puzzles_read(&format!(
                "{full}{blank}{full}{blank}{first_empty}{blank}{full}"
            )),
            vec![
                (1, Ok(full_grid.clone())),
                (11, Ok(full_grid.clone())),
                (21, Ok(first_empty_grid.clone())),
                (31, Ok(full_grid.clone())),
            ]
        );
        // A comment between box bands, as in any grid.
        let mut commented: Vec<&str> = first_empty.lines().collect();
        commented.insert(3, "# band 2");
        assert_eq!(
            puzzles_read(&format!("{}\n", commented.join("\n"))),
            vec![(1, Ok(first_empty_grid.clone()))]
        );
        // A grid of empty rows (or a trailing few) is no puzzle.
        assert_eq!(puzzles_read(&blank.repeat(9)), vec![]);
        assert_eq!(puzzles_read(&",,,\n".repeat(4)), vec![]);
        // A title above a spreadsheet grid is the grid's.
        let titled = format!("Grid 01\n{full}");
        let got: Vec<_> = SudokuReader::new(titled.as_bytes())
            .map(|r| r.unwrap())
            .map(|r| (r.line, r.title, r.puzzle.map(|(g, _)| g)))
            .collect();
        assert_eq!(got, [(2, Some("Grid 01".into()), Ok(full_grid.clone()))]);
        // After a CSV record, rows of an id alone and empty rows are
        // records missing their fields, not a 4x4 grid or blank lines.
        let csv = format!("1,{P},,\n2,,,\n3,,,\n4,,,\n1,,,\n,,,\n");
        let read = puzzles_read(&csv);
        assert_eq!(read.len(), 6, "{read:?}");
        assert!(read[0].1.is_ok(), "{read:?}");
        assert!(
            read[1..].iter().all(|(_, p)| p
                .as_ref()
                .is_err_and(|e| e == "no puzzle among the CSV fields")),
            "{read:?}"
        );
        // A spreadsheet grid after CSV records (rows of another width) is
        // a grid.
        let read = puzzles_read(&format!("1,{P},,\n{first_empty}"));
        assert_eq!(read.len(), 2, "{read:?}");
        assert_eq!(read[1], (2, Ok(first_empty_grid.clone())));
        // Under a header naming the puzzle column, empty rows and rows of
        // an id alone are records without their puzzle, not grid rows.
        let header = "id,puzzle,solution,clues\n";
        let read = puzzles_read(&format!("{header}1,,,\n2,,,\n,,,\n,,,\n"));
        assert_eq!(read.len(), 4, "{read:?}");
        assert!(
            read.iter().all(|(_, p)| p
                .as_ref()
                .is_err_and(|e| e.contains("column (field 2) is empty"))),
            "{read:?}"
        );
    }

    /// Sudoku Explainer's frame (`*-----------*` above and below a pretty
    /// grid) is a rule line, so the grid is one record; a line of `*` and
    /// symbols is no rule.
    #[test]
    fn starred_frames_are_rules() {
        let rows: Vec<String> = P
            .as_bytes()
            .chunks(9)
            .map(|r| {
                let r = std::str::from_utf8(r).unwrap();
                format!("|{}|{}|{}|", &r[..3], &r[3..6], &r[6..])
            })
            .collect();
        let text = format!(
            "*-----------*\n{}\n|---+---+---|\n{}\n|---+---+---|\n{}\n*-----------*\n",
            rows[..3].join("\n"),
            rows[3..6].join("\n"),
            rows[6..].join("\n")
        );
        let got: Vec<_> = SudokuReader::new(text.as_bytes())
            .map(|r| r.unwrap())
            .collect();
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].line, 2);
        assert_eq!(
            got[0].puzzle.as_ref().unwrap().0,
            Grid::from_line(P).unwrap()
        );
        assert!(is_separator("*-----------*") && is_separator("*===*"));
        assert!(!is_separator("*1-2*") && !is_separator("**"));
    }

    /// Files joined with `cat`: the second one's byte-order mark is skipped
    /// like the first one's.
    #[test]
    fn byte_order_marks_of_joined_files_are_skipped() {
        let joined = format!("\u{feff}{P}\n\u{feff}{P}\n");
        let got: Vec<_> = SudokuReader::new(joined.as_bytes())
            .map(|r| r.unwrap())
            .collect();
        assert_eq!(got.len(), 2);
        assert!(got.iter().all(|r| r.puzzle.is_ok()), "{got:?}");
    }

    /// Kaggle-style CSV: a `quizzes,solutions` header, then the puzzle in
    /// the column it names, or without a header in the first field meant
    /// as a puzzle, valid or not.
    #[test]
    fn csv_lines_give_their_puzzle_field() {
        let solution =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let p = Grid::from_line(P).unwrap();
        let puzzles = |text: &str| -> Vec<(usize, Result<Grid, String>)> {
            SudokuReader::new(text.as_bytes())
                .map(|r| {
                    let r = r.unwrap();
                    (r.line, r.puzzle.map(|(g, _)| g))
                })
                .collect()
        };
        let text = format!("quizzes,solutions\n{P},{solution}\nid,puzzle\n{solution}\n");
        assert_eq!(detect(&text), Kind::Sudoku);
        let got = puzzles(&text);
        assert_eq!(got[0], (2, Ok(p.clone())));
        // A header is taken as one only first and above a CSV puzzle line.
        assert_eq!(got[1], (3, Err("no puzzle among the CSV fields".into())));
        assert_eq!(got.len(), 3);
        // The column the header names, even behind a 16-digit id; without
        // a header, the first long field of puzzle symbols.
        let ids = format!("id,puzzle,solution\n0000000000000001,{P},{solution}\n");
        let rated = format!("7,\"{P}\",{solution},30,1.5\n");
        let dated = format!("created,puzzle\n2024-01-01T10:00,{P}\n");
        for text in [ids, rated, dated] {
            assert_eq!(detect(&text), Kind::Sudoku, "{text}");
            assert_eq!(puzzles(&text).len(), 1, "{text}");
            assert_eq!(puzzles(&text)[0].1, Ok(p.clone()), "{text}");
        }
        // A damaged puzzle field is reported, not the solution beside it solved.
        let damaged = format!("quizzes,solutions\n{},{solution}\n", &P[..80]);
        assert_eq!(
            puzzles(&damaged),
            vec![(
                2,
                Err("wrong length: 80 cells (expected 16, 81, 256 or 625)".into())
            )]
        );
        let damaged = format!("{},{solution}\n", &P[..80]);
        let got = puzzles(&damaged);
        assert!(got[0]
            .1
            .as_ref()
            .is_err_and(|e| e.starts_with("wrong length: 80")));
        // An id that looks like a puzzle is not taken for one: a header is
        // asked for.
        let four = "..2..1.41....2..";
        let ids = [
            ("20240101-000001", P),
            ("100200300400", P),
            ("0000000000000001", four),
            ("20240101-000001", four),
        ];
        for (id, p) in ids {
            let got = puzzles(&format!("{id},{p}\n"));
            assert!(
                got[0]
                    .1
                    .as_ref()
                    .is_err_and(|e| e.contains("name the columns")),
                "{id}: {got:?}"
            );
        }
        // A 16-character header is a header, not a 4x4 puzzle; so is a
        // pandas export's, with an empty first name.
        for (header, row) in [
            ("puzzle,solutions", format!("{P},{solution}")),
            (",quizzes,solutions", format!("0,{P},{solution}")),
            ("puzzle,rating (0-10)", format!("{P},3.5")),
        ] {
            let text = format!("{header}\n{row}\n");
            assert_eq!(puzzles(&text), vec![(2, Ok(p.clone()))], "{header}");
        }
        // A first line naming the puzzle column is the header even above a
        // damaged row, a row without separators, or nothing; an empty
        // puzzle field is reported as such.
        let p0 = P.replace('.', "0");
        let cases = [
            (
                format!("id,puzzle\n1,\n2,{P}\n"),
                vec![(2, false), (3, true)],
            ),
            (
                format!("quizzes,solutions\n{p0}\n{p0},{solution}\n"),
                vec![(2, true), (3, true)],
            ),
            ("quizzes,solutions\n".to_string(), vec![]),
        ];
        for (text, expected) in cases {
            let got: Vec<_> = puzzles(&text)
                .iter()
                .map(|(l, r)| (*l, r.is_ok()))
                .collect();
            assert_eq!(got, expected, "{text}");
        }
        assert_eq!(
            puzzles(&format!("id,puzzle,solution\n1,,{solution}\n")),
            vec![(2, Err("the `puzzle` column (field 2) is empty".into()))]
        );
        // A byte that is not UTF-8 in a field never read spoils nothing;
        // in the puzzle field it is a bad symbol there.
        let mut latin1 =
            format!("id;puzzle\n\u{1};{P}\n1;{}\u{2}{}\n", &P[..5], &P[6..]).into_bytes();
        for b in latin1.iter_mut().filter(|b| **b < 3) {
            *b = 0xc9;
        }
        let got: Vec<_> = SudokuReader::new(&latin1[..])
            .map(|r| {
                let r = r.unwrap();
                (r.line, r.puzzle.map(|(g, _)| g))
            })
            .collect();
        assert_eq!(got[0], (2, Ok(p.clone())));
        assert_eq!(
            got[1],
            (
                3,
                Err("bad symbol `\u{fffd}` at cell 6 (row 1, column 6)".into())
            )
        );
        // A one-column CSV file: its header, a puzzle column's name alone,
        // is no record, also further down; a name above no puzzle line is
        // one (the word `Grid` above a grid is its title, tested above).
        for header in ["puzzle", "Quizzes", "sudokus"] {
            let text = format!("{header}\n{P}\n\n{header}\n{}x\n", &P[..80]);
            assert_eq!(detect(&text), Kind::Sudoku, "{header}");
            let got = puzzles(&text);
            assert_eq!(got.len(), 2, "{header}");
            assert_eq!(got[0], (2, Ok(p.clone())), "{header}");
            assert_eq!(got[1].0, 5, "{header}");
            assert!(got[1].1.is_err(), "{header}");
        }
        for text in [format!("{P}\npuzzle\n"), "puzzles\n1 2 3\n".to_string()] {
            let got = puzzles(&text);
            assert_eq!(got.len(), 2, "{text}");
            assert!(got[1].1.is_err(), "{text}");
        }
        // A stray blank symbol: the field is still the puzzle (reported).
        let star = format!("*{},{solution}\n", &P[1..]);
        assert!(puzzles(&star)[0]
            .1
            .as_ref()
            .is_err_and(|e| e.starts_with("bad symbol `*`")));
        // Headers: a blank line below, long names, ids and solutions named
        // like the puzzles, camel case, a quoted separator, a second file's
        // header further down.
        for text in [
            format!("id,solution,puzzle\n\n1,{solution},{P}\n"),
            format!("solution_string,puzzle_string\n{solution},{P}\n"),
            format!("puzzle_id,puzzle,solution\n1,{P},{solution}\n"),
            format!("puzzleId,puzzleString,solutionString\n1,{P},{solution}\n"),
            format!("sudoku_solution,sudoku_puzzle\n{solution},{P}\n"),
            format!("id,comment,puzzle\n1,\"hard, very\",{P}\n"),
        ] {
            assert_eq!(puzzles(&text).len(), 1, "{text}");
            assert_eq!(puzzles(&text)[0].1, Ok(p.clone()), "{text}");
        }
        let two_files = format!("id,puzzle\n1,{P}\npuzzle,solution\n{P},{solution}\n");
        let got = puzzles(&two_files);
        assert_eq!(got, vec![(2, Ok(p.clone())), (4, Ok(p.clone()))]);
        // Without a header, what is not clear is reported, never guessed:
        // the solution first, puzzle-like ids, a damaged or empty puzzle
        // beside its solution.
        let unclear = "which CSV field is the puzzle is unclear";
        for text in [
            format!("{solution},{P}\n"),
            format!("0000000000000001,{P},{solution}\n"),
            format!("000000000001,{P},{solution}\n"),
            format!("1,,{solution}\n"),
            format!("{},{solution}\n", &P[..9]),
        ] {
            let got = puzzles(&text);
            assert_eq!(got.len(), 1, "{text}");
            assert!(
                got[0].1.as_ref().is_err_and(|e| e.starts_with(unclear)),
                "{text}: {got:?}"
            );
        }
        let got = records(&format!("Puzzle 1, easy\n{GRID}"));
        assert_eq!(got, vec![(2, Ok(Style::Grid))]);
        assert_eq!(
            records("a,b\n"),
            vec![(1, Err("no puzzle among the CSV fields".into()))]
        );
        // Semicolons, tabs, one quoted field.
        let got = records(&format!("{P};x\n{P}\t7\n\"{P}\"\n"));
        assert_eq!(
            got,
            vec![
                (1, Ok(Style::Line)),
                (2, Ok(Style::Line)),
                (3, Ok(Style::Line))
            ]
        );
        // Prose with a comma is not taken for CSV.
        assert_eq!(
            records("Hello, world\n"),
            vec![(1, Err(TITLE_WITHOUT_GRID.into()))]
        );
    }

    /// A title with a comma or semicolon (`Puzzle 1, hard`) above a grid is
    /// the grid's title, first in the file too: a line of names is a CSV
    /// header only above CSV records (or nothing).
    #[test]
    fn titles_with_separators_are_no_csv_headers() {
        let grid = Grid::from_line(P).unwrap();
        let bare: String = P
            .replace('.', "0")
            .as_bytes()
            .chunks(9)
            .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
            .collect();
        let mut g16 = crate::puzzles::sudoku::samples::pattern_solution(4);
        g16.set(0, 9, 0);
        let grids = [
            (GRID.to_string(), Style::Grid),
            (bare, Style::Rows),
            (format!("{}\n", grid.to_pretty()), Style::Pretty),
            (format!("{}\n", g16.to_bare_rows().trim_end()), Style::Rows),
        ];
        for title in [
            "Puzzle 1, hard",
            "Puzzle 1; hard",
            "grid,puzzle",
            "Sudoku 3, \"x, y\"",
        ] {
            for (rows, style) in &grids {
                for text in [
                    format!("{title}\n{rows}"),
                    format!("{title}\n{rows}{title}\n{rows}"),
                ] {
                    let got: Vec<_> = SudokuReader::new(text.as_bytes())
                        .map(|r| {
                            let r = r.unwrap();
                            (r.line, r.title, r.puzzle.map(|(_, s)| s))
                        })
                        .collect();
                    // The grids start on line 2, and on the line after
                    // the second title.
                    let starts = [2, rows.lines().count() + 3];
                    let expected: Vec<_> = starts[..text.matches(title).count()]
                        .iter()
                        .map(|&l| (l, Some(title.to_string()), Ok(*style)))
                        .collect();
                    assert_eq!(got, expected, "{text}");
                }
            }
        }
        // Above CSV records, or a puzzle alone, it is a header; above
        // anything else it is a bad record of its own.
        assert_eq!(
            records(&format!("Puzzle 1, hard\n{P}\n")),
            vec![(2, Ok(Style::Line))]
        );
        assert_eq!(records("id,puzzle\nhello world\n").len(), 2);
    }

    /// A line of numbers that is no grid row says what its count suggests:
    /// a whole puzzle written with blanks (81 numbers up to 9), or a row of
    /// a grid beyond 64x64 (81 numbers up to 81); other counts keep the
    /// general reason.
    #[test]
    fn lines_of_spaced_numbers_say_what_they_look_like() {
        let spaced = |numbers: &[usize]| {
            numbers
                .iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(" ")
                + "\n"
        };
        let puzzle: Vec<usize> = P
            .bytes()
            .map(|b| if b == b'.' { 0 } else { usize::from(b - b'0') })
            .collect();
        assert_eq!(
            records(&spaced(&puzzle))[0].1,
            Err(
                "81 numbers on one line, as many as a 9x9 puzzle's cells: write it as 9 rows \
                 of 9 numbers, or as one line of symbols without blanks"
                    .into()
            )
        );
        assert_eq!(
            records(&spaced(&[0; 4096]))[0].1,
            Err(
                "4096 numbers on one line, as many as a 64x64 puzzle's cells: write it as 64 \
                 rows of 64 numbers"
                    .into()
            )
        );
        let row81: Vec<usize> = (1..=81).collect();
        let reason = "a row of 81 numbers: grids go up to 64x64";
        assert_eq!(
            records(&spaced(&row81).repeat(2)),
            vec![(1, Err(reason.into())), (2, Err(reason.into()))]
        );
        assert_eq!(
            records(&spaced(&[1; 100]))[0].1,
            Err("a row of 100 numbers: grids go up to 64x64".into())
        );
        for n in [70, 82] {
            assert_eq!(
                records(&spaced(&vec![1; n]))[0].1,
                Err("not a puzzle line or a grid row".into()),
                "{n}"
            );
        }
    }

    /// Both ways a grid can end early point at the grid's first line.
    #[test]
    fn short_grids_are_reported_at_their_first_line() {
        let five: String = GRID.lines().take(5).map(|l| format!("{l}\n")).collect();
        assert_eq!(
            records(&format!("{P}\n{five}")),
            vec![
                (1, Ok(Style::Line)),
                (2, Err("input ends after 5 of 9 grid rows".into()))
            ]
        );
        assert_eq!(
            records(&format!("{P}\n{five}\n{P}\n")),
            vec![
                (1, Ok(Style::Line)),
                (
                    2,
                    Err("grid ends after 5 of 9 rows: the blank line 7 ends a grid".into())
                ),
                (8, Ok(Style::Line))
            ]
        );
        assert_eq!(
            records("1\n"),
            vec![(
                1,
                Err("wrong length: 1 cell (expected 16, 81, 256 or 625)".into())
            )]
        );
    }
}
