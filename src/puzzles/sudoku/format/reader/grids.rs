//! Reading a grid: where it starts (under a title, after a damaged first
//! row, 16 symbols that may be a 4x4 puzzle or a 16x16 row) and where it
//! ends, which rows alone must tell when grids are written back to back.

use std::io::{self, BufRead};

use super::{SudokuReader, SudokuRecord};
use crate::io::lines::Line;
use crate::puzzles::lines::{
    cells_and_symbols, csv_puzzle, csv_row_of_side, csv_row_with_blanks, empty_csv_row_side,
    fits_4x4, grid_row_side, grid_start_side, group_size, is_csv_like, is_damaged_first_row,
    is_damaged_row, is_line_of_16, is_row_of_16, is_row_with_givens, is_separator, is_sudoku_line,
    is_title, is_title_above, is_valid_puzzle_in_either_form, row_cells, spreadsheet_row,
    strip_comment,
};
use crate::puzzles::sudoku::{BoxShape, Grid, GridError, Style};

/// How many grids ahead [`SudokuReader::realign`] reads before it re-cuts
/// grids written back to back.
const REALIGN_GRIDS: usize = 16;

/// Whole grids written back to back (no blank line, title or other line
/// between them), up to the last one read.
#[derive(Debug, Clone, Copy)]
pub(super) struct Run {
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
    /// The boxes `--box` asked for, if they are for grids of this side:
    /// the look-ahead weighs grids of other sides in their own boxes (the
    /// record is refused later, when read).
    fn shape_of(&self, side: usize) -> Option<BoxShape> {
        self.shape.filter(|shape| shape.side() == side)
    }

    /// Whether a CSV row of empty fields, just read, is the first row of a
    /// grid of side `side` (a puzzle whose first row has no givens) rather
    /// than a spreadsheet's blank line: a whole grid of CSV rows follows
    /// from it, not all empty, and the row after that grid is no grid row
    /// with givens (which would make this row a blank line before a grid
    /// ending there).
    pub(super) fn empty_row_starts_grid(&mut self, side: usize) -> io::Result<bool> {
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

    /// Whether `first`, a line of 16 symbols, starts a 16x16 grid whose
    /// next rows are the lines from `from` ahead on
    /// ([`Self::rows_of_16_follow`]), rather than being a 4x4 puzzle.
    pub(super) fn starts_grid_of_16(&mut self, first: &str, from: usize) -> io::Result<bool> {
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
    pub(super) fn damaged_first_row_side(
        &mut self,
        line: &str,
        from: usize,
    ) -> io::Result<Option<usize>> {
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
    pub(super) fn whole_grids_follow(
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
        let shape = self.shape_of(side);
        let clashes = |rows: &[String]| {
            Grid::from_rows_in(rows, shape).map_or(true, |g| g.check_givens().is_err())
        };
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
    pub(super) fn grid_under_title(
        &mut self,
        line: &str,
    ) -> io::Result<Option<(usize, String, usize)>> {
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
                Some(side) => Some(self.first_row_side(&next, side, 1)?),
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
    pub(super) fn titled_grid(
        &mut self,
        line: &str,
        text: &str,
    ) -> io::Result<Option<SudokuRecord>> {
        let Some((start, first, side)) = self.grid_under_title(line)? else {
            return Ok(None);
        };
        let mut grid = self.read_grid(start, first, side)?;
        if let Some(grid) = &mut grid {
            grid.title = Some(text.trim().to_string());
        }
        Ok(grid)
    }

    /// Reads the remaining rows of a grid whose first row is `first`.
    pub(super) fn read_grid(
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
            None => Ok(Grid::from_rows_in(&rows, self.shape)),
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
        if !ends || Grid::from_rows_in(rows, self.shape_of(side)).is_err() {
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
        let shape = self.shape_of(side);
        let clashes = |rows: &[&str]| {
            Grid::from_rows_in(rows, shape).map_or(true, |g| g.check_givens().is_err())
        };
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
