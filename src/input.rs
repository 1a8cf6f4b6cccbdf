//! Reading puzzle files: bounded line reading, format detection and the
//! streaming reader of Sudoku records.

use std::io::{self, BufRead};

use crate::exact_cover::knuth_format;
use crate::puzzles::sudoku::{box_size_of_side, Grid, GridError};

/// The longest line accepted, in bytes. Longer lines are reported as errors
/// instead of being read into memory.
pub const MAX_LINE: usize = 1 << 20;

/// The kinds of input the tool understands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, clap::ValueEnum, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Decide from the content.
    Auto,
    /// Classic Sudoku in line, numeric-grid or pretty-grid form.
    Sudoku,
    /// Baekjoon 4574 Sudominoku.
    Sudominoku,
    /// An exact-cover problem in Knuth's DLX1 format.
    Xc,
}

/// How a Sudoku record was written, so its answer can be written the same way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Style {
    /// One puzzle per line, n^4 symbols.
    Line,
    /// Rows of whitespace-separated numbers, 0 for blanks (Baekjoon 2580).
    Grid,
    /// Rows with `|` and `-+-` box separators.
    Pretty,
}

/// One line of input, or why it could not be read.
#[derive(Debug)]
pub enum Line {
    /// The line's text without its line ending.
    Text(String),
    /// The line could not be used; the reason is given.
    Bad(String),
}

/// Reads the next line (without `\n` or `\r\n`), never holding more than
/// [`MAX_LINE`] bytes: a longer line is skipped and reported. `Ok(None)` at
/// the end of the input.
pub fn read_line<R: BufRead>(input: &mut R, buf: &mut Vec<u8>) -> io::Result<Option<Line>> {
    buf.clear();
    let mut total = 0usize;
    let mut saw_any = false;
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        saw_any = true;
        let (take, done) = match memchr::memchr(b'\n', chunk) {
            Some(p) => (p + 1, true),
            None => (chunk.len(), false),
        };
        let body = &chunk[..if done { take - 1 } else { take }];
        if total + body.len() <= MAX_LINE {
            buf.extend_from_slice(body);
        }
        total += body.len();
        input.consume(take);
        if done {
            break;
        }
    }
    if !saw_any {
        return Ok(None);
    }
    if total > MAX_LINE {
        return Ok(Some(Line::Bad(format!(
            "line too long ({total} bytes; the limit is {MAX_LINE})"
        ))));
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    match std::str::from_utf8(buf) {
        Ok(s) => Ok(Some(Line::Text(s.to_string()))),
        Err(e) => Ok(Some(Line::Bad(format!(
            "not valid UTF-8 (byte {} of the line)",
            e.valid_up_to() + 1
        )))),
    }
}

/// Decides the kind of an input from its first bytes.
pub fn detect(head: &str) -> Kind {
    let mut lines = head
        .lines()
        .map(|l| l.trim())
        .filter(|l| !l.is_empty() && !l.starts_with('#'));
    let Some(first) = lines.next() else {
        return Kind::Sudoku;
    };
    let second = lines.next().unwrap_or("");
    if first.parse::<u32>().is_ok() && looks_like_domino(second) {
        return Kind::Sudominoku;
    }
    if is_sudoku_line(first) || grid_row_side(first).is_some() || is_separator(first) {
        return Kind::Sudoku;
    }
    if knuth_format::looks_like(head) {
        return Kind::Xc;
    }
    Kind::Sudoku
}

fn looks_like_domino(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    let digit = |w: &str| w.len() == 1 && w.as_bytes()[0].is_ascii_digit();
    let position = |w: &str| {
        let b = w.as_bytes();
        b.len() == 2 && b[0].to_ascii_uppercase().is_ascii_uppercase() && b[1].is_ascii_digit()
    };
    words.len() == 4
        && digit(words[0])
        && position(words[1])
        && digit(words[2])
        && position(words[3])
}

/// A one-line puzzle: n^4 symbols, no spaces.
fn is_sudoku_line(line: &str) -> bool {
    // Bulk files are ASCII: there a byte is a symbol and the test is two
    // byte scans (this runs on the reader thread once per record, where
    // every nanosecond is taken from all workers).
    if line.is_ascii() {
        return matches!(line.len(), 16 | 81 | 256 | 625)
            && !line.bytes().any(|b| b.is_ascii_whitespace() || b == 0x0b);
    }
    matches!(line.chars().count(), 16 | 81 | 256 | 625) && !line.contains(char::is_whitespace)
}

/// A line made only of grid rules (`-`, `+`, `=`, `|`).
fn is_separator(line: &str) -> bool {
    !line.is_empty()
        && line
            .chars()
            .all(|c| matches!(c, '-' | '+' | '=' | '|' | ' '))
}

/// If `line` reads as the row of a grid, its side.
fn grid_row_side(line: &str) -> Option<usize> {
    let words: Vec<String> = line
        .chars()
        .map(|c| if matches!(c, '|' | '+' | '=') { ' ' } else { c })
        .collect::<String>()
        .split_whitespace()
        .map(String::from)
        .collect();
    let numeric = words.len() > 1 && words.iter().all(|w| w == "." || w.parse::<u8>().is_ok());
    let side = if numeric {
        words.len()
    } else {
        words.iter().map(|w| w.chars().count()).sum()
    };
    box_size_of_side(side)?;
    // Rows of one-character symbols exist only up to 25x25.
    if !numeric && side > 25 {
        return None;
    }
    let symbols_ok = if numeric {
        words
            .iter()
            .all(|w| w == "." || w.parse::<usize>().is_ok_and(|v| v <= side))
    } else {
        let probe: String = words.concat();
        probe
            .chars()
            .all(|c| c == '.' || c == '0' || c == '_' || c.is_ascii_alphanumeric())
            && Grid::from_rows(&vec![probe.clone(); side]).is_ok()
    };
    symbols_ok.then_some(side)
}

/// If `line` looks meant as the row of a numeric or pretty grid although
/// it may not be a valid one (a bad symbol, a cell too many or too few):
/// its cells, separated by blanks or `|`, are mostly cell-like (a number,
/// `.`, `_` or a single character). Returns the number of cells.
fn row_like(line: &str) -> Option<usize> {
    if !line.contains(|c: char| c.is_whitespace() || c == '|') {
        return None;
    }
    let (mut words, mut cells) = (0usize, 0usize);
    for word in line
        .split(|c: char| c.is_whitespace() || matches!(c, '|' | '+' | '='))
        .filter(|w| !w.is_empty())
    {
        words += 1;
        let cell_like = word == "."
            || word == "_"
            || word.bytes().all(|b| b.is_ascii_digit())
            || word.chars().nth(1).is_none();
        cells += usize::from(cell_like);
    }
    (words >= 2 && 2 * cells > words).then_some(words)
}

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

/// One Sudoku record: where it starts, and the grid with its style or why
/// it could not be read.
#[derive(Debug)]
pub struct SudokuRecord {
    /// 1-based line where the record starts (the offending line for errors).
    pub line: usize,
    /// The puzzle and how it was written, or the reason it is unusable.
    pub puzzle: Result<(Grid, Style), String>,
}

/// Streams Sudoku records from a reader: one-line puzzles, numeric grids and
/// pretty grids, mixed freely; `#` comments and blank lines between records
/// are skipped. Bad records are yielded as errors; reading goes on.
pub struct SudokuReader<R> {
    input: R,
    buf: Vec<u8>,
    line_no: usize,
    /// A line read ahead that belongs to the next record.
    pending: Option<(usize, Line)>,
}

impl<R: BufRead> SudokuReader<R> {
    /// A reader over `input`.
    pub fn new(input: R) -> Self {
        SudokuReader {
            input,
            buf: Vec::new(),
            line_no: 0,
            pending: None,
        }
    }

    fn next_line(&mut self) -> io::Result<Option<(usize, Line)>> {
        if let Some(p) = self.pending.take() {
            return Ok(Some(p));
        }
        let line = read_line(&mut self.input, &mut self.buf)?;
        self.line_no += 1;
        Ok(line.map(|l| (self.line_no, l)))
    }

    /// The next record, `Ok(None)` at the end, `Err` on an I/O error.
    pub fn next_record(&mut self) -> io::Result<Option<SudokuRecord>> {
        loop {
            let Some((line_no, line)) = self.next_line()? else {
                return Ok(None);
            };
            let text = match line {
                Line::Bad(reason) => {
                    return Ok(Some(SudokuRecord {
                        line: line_no,
                        puzzle: Err(reason),
                    }))
                }
                Line::Text(t) => t,
            };
            let trimmed = strip_comment(&text);
            if trimmed.is_empty() || is_separator(trimmed) {
                continue;
            }
            let record = |puzzle| {
                Ok(Some(SudokuRecord {
                    line: line_no,
                    puzzle,
                }))
            };
            if is_sudoku_line(trimmed) {
                return record(
                    Grid::from_line(trimmed)
                        .map(|g| (g, Style::Line))
                        .map_err(|e| e.to_string()),
                );
            }
            let side = match grid_row_side(trimmed) {
                Some(side) => side,
                None => match self.side_after_bad_row(trimmed)? {
                    Some(side) => side,
                    None => {
                        let reason = if trimmed.contains(char::is_whitespace) {
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

    /// Whether `line`, which is not a grid row, is the bad first row of a
    /// grid: it looks like a row ([`row_like`]) with about as many cells as
    /// the next line, which is a grid row. Then the grid's side, so that the
    /// whole grid becomes one bad record and the next record starts after
    /// it. The next line is kept for the next read either way.
    fn side_after_bad_row(&mut self, line: &str) -> io::Result<Option<usize>> {
        let Some(cells) = row_like(line) else {
            return Ok(None);
        };
        let Some((line_no, next)) = self.next_line()? else {
            return Ok(None);
        };
        let side = match &next {
            Line::Text(t) => {
                let t = strip_comment(t);
                // A 16-symbol line is a 4x4 puzzle before it is a 16x16 row.
                grid_row_side(t).filter(|_| !is_sudoku_line(t))
            }
            Line::Bad(_) => None,
        };
        self.pending = Some((line_no, next));
        Ok(side.filter(|&side| cells.abs_diff(side) <= 2))
    }

    /// Reads the remaining rows of a grid whose first row is `first`.
    fn read_grid(
        &mut self,
        start: usize,
        first: String,
        side: usize,
    ) -> io::Result<Option<SudokuRecord>> {
        let pretty = first.contains('|');
        let spaced = first.split_whitespace().count() == side;
        // A bare row (symbols only, no spaces or bars) may just be a puzzle
        // line cut short: only bare rows of the same length continue it.
        let bare = !pretty && !first.contains(char::is_whitespace);
        let first_len = first.chars().count();
        let mut rows = vec![first];
        let mut row_lines = vec![start];
        let mut saw_rule = false;
        // The first problem found, with the line it is on.
        let mut error: Option<(usize, String)> = None;
        while rows.len() < side {
            let Some((line_no, line)) = self.next_line()? else {
                error.get_or_insert((
                    start,
                    format!("input ends after {} of {side} grid rows", rows.len()),
                ));
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
                    let ends_grid = t.is_empty()
                        || (is_sudoku_line(t) && side != t.chars().count())
                        || (bare
                            && (t.contains(char::is_whitespace) || t.chars().count() != first_len));
                    if ends_grid {
                        error.get_or_insert((
                            start,
                            format!("grid ends after {} of {side} rows", rows.len()),
                        ));
                        if !t.is_empty() {
                            // That line starts the next record.
                            self.pending = Some((line_no, Line::Text(t.to_string())));
                        }
                        break;
                    }
                    rows.push(t.to_string());
                    row_lines.push(line_no);
                }
            }
        }
        let (line, puzzle) = match error {
            Some((line, e)) => (line, Err(e)),
            None => match Grid::from_rows(&rows) {
                Ok(g) => {
                    let style = if pretty || saw_rule || !spaced {
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
        Ok(Some(SudokuRecord { line, puzzle }))
    }
}

impl<R: BufRead> Iterator for SudokuReader<R> {
    type Item = io::Result<SudokuRecord>;
    fn next(&mut self) -> Option<Self::Item> {
        self.next_record().transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records(text: &str) -> Vec<(usize, Result<Style, String>)> {
        SudokuReader::new(text.as_bytes())
            .map(|r| {
                let r = r.unwrap();
                (r.line, r.puzzle.map(|(_, s)| s))
            })
            .collect()
    }

    const P: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

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
    }

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

    #[test]
    fn detection() {
        assert_eq!(detect(P), Kind::Sudoku);
        assert_eq!(detect("5 3 0 0 7 0 0 0 0\n"), Kind::Sudoku);
        assert_eq!(detect("10\n6 B2 1 B3\n"), Kind::Sudominoku);
        assert_eq!(detect("| comment\na b c\na b\n"), Kind::Xc);
        assert_eq!(detect("a b c\na\n"), Kind::Xc);
        assert_eq!(detect("5 3 . | . 7 . | . . .\n"), Kind::Sudoku);
    }

    /// Baekjoon 2580's example grid.
    const GRID: &str = "0 3 5 4 6 9 2 7 8\n7 8 2 1 0 5 6 0 9\n0 6 0 2 7 8 1 3 5\n\
                        3 2 1 0 4 6 8 9 7\n8 0 4 9 1 3 5 0 6\n5 9 6 8 2 0 4 1 3\n\
                        9 1 7 6 5 2 0 8 0\n6 0 3 7 0 1 9 5 2\n2 5 8 3 9 4 7 6 0\n";

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
        // A line that only looks a little like a row is a record of its own.
        for title in ["Grid 1 2 3", "My puzzles", "1 2 3 4 5 6"] {
            assert_eq!(
                records(&format!("{title}\n{GRID}")),
                vec![
                    (1, Err("not a puzzle line or a grid row".into())),
                    (2, Ok(Style::Grid))
                ],
                "{title}"
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
                (2, Err("grid ends after 5 of 9 rows".into())),
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
