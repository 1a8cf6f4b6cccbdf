//! Reading the puzzles to benchmark: the first K records of one input,
//! Sudoku or Sudominoku (detected from the content), valid ones kept.

use std::io::{self, BufRead};

use dlx_engine::puzzles::sudoku::variants::{Layout, LayoutPuzzle, LayoutReader, Variants};
use dlx_engine::puzzles::sudoku::SudokuReader;
use dlx_engine::puzzles::sudoku::{BoxShape, Grid};
use dlx_engine::puzzles::sudominoku;
use dlx_engine::puzzles::sudominoku::records as sudominoku_records;
use dlx_engine::puzzles::Kind;

/// The valid puzzles of one input.
#[derive(Debug, Clone)]
pub enum Puzzles {
    /// Classic Sudoku grids (any supported size), givens checked.
    Sudoku(Vec<Grid>),
    /// Sudominoku puzzles (valid by construction).
    Sudominoku(Vec<sudominoku::Puzzle>),
    /// Sudoku grids under `--variant` rules, givens checked against them.
    Variant(Vec<RuledGrid>),
    /// Jigsaw, killer or samurai puzzles (`--variant LAYOUT`), each read
    /// in its layout's own format.
    Layout(Vec<LayoutPuzzle>),
}

/// A Sudoku grid with the variant rules it is solved under (`dlx bench
/// --variant`).
#[derive(Debug, Clone)]
pub struct RuledGrid {
    /// The puzzle.
    pub grid: Grid,
    /// Its rules (not empty).
    pub rules: Variants,
}

/// One input, read.
#[derive(Debug, Clone)]
pub struct PuzzleSet {
    /// The input's name as messages show it (for `FILE:LINE` messages):
    /// control characters escaped.
    pub name: String,
    /// The input's path as given on the command line (lossy UTF-8), for
    /// machine-read reports; [`load`] sets it to `name`.
    pub path: String,
    /// [`Kind::Sudoku`] or [`Kind::Sudominoku`].
    pub kind: Kind,
    /// Records read, valid and invalid (at most the limit).
    pub records: usize,
    /// The first line of each valid puzzle, parallel to `puzzles`.
    pub lines: Vec<usize>,
    /// The valid puzzles, in input order.
    pub puzzles: Puzzles,
    /// The invalid records among the first `records`: line and reason.
    pub invalid: Vec<(usize, String)>,
    /// Warnings about the input as a whole (a Sudominoku file without its
    /// `0` line): line and text, without a `warning:` label.
    pub warnings: Vec<(usize, String)>,
}

impl PuzzleSet {
    /// Number of valid puzzles.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Whether there is no valid puzzle.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// Counts one record read at `line`: a valid puzzle goes to `puzzles`
    /// (its line to [`lines`](Self::lines)), a bad one to
    /// [`invalid`](Self::invalid) with its reason made printable (input
    /// echoed in a reason must not put control characters on a terminal or
    /// into a report).
    fn take<P>(&mut self, puzzles: &mut Vec<P>, line: usize, puzzle: Result<P, String>) {
        self.records += 1;
        match puzzle {
            Ok(p) => {
                self.lines.push(line);
                puzzles.push(p);
            }
            Err(reason) => self
                .invalid
                .push((line, dlx_engine::error::printable(&reason))),
        }
    }
}

/// Reads the first `limit` records (`None` = all) of a `layout` file
/// (every line in that layout's format, whatever it holds); bad records
/// are kept in [`PuzzleSet::invalid`].
pub fn load_layout(
    name: &str,
    input: impl BufRead,
    limit: Option<usize>,
    layout: Layout,
) -> io::Result<PuzzleSet> {
    // The same preparation as any input (byte-order mark, UTF-16 and
    // compressed files refused), read as Sudoku lines.
    let (_, input) = dlx_engine::puzzles::prepare(Some(Kind::Sudoku), input)
        .map_err(|e| dlx_engine::error::named_io(name, e))?;
    let mut set = PuzzleSet {
        name: name.to_string(),
        path: name.to_string(),
        kind: Kind::Sudoku,
        records: 0,
        lines: Vec::new(),
        puzzles: Puzzles::Layout(Vec::new()),
        invalid: Vec::new(),
        warnings: Vec::new(),
    };
    let mut puzzles = Vec::new();
    for record in LayoutReader::new(layout, input).take(limit.unwrap_or(usize::MAX)) {
        let record = record.map_err(|e| dlx_engine::error::named_io(name, e))?;
        set.take(&mut puzzles, record.line, record.puzzle);
    }
    set.puzzles = Puzzles::Layout(puzzles);
    Ok(set)
}

/// Reads the first `limit` records (`None` = all) of `input`, named `name`.
/// The kind is detected from the first lines ([`dlx_engine::puzzles::prepare`]); records
/// that cannot be read, or whose givens contradict each other, are kept in
/// [`PuzzleSet::invalid`]. Exact-cover files are refused (`InvalidInput`).
#[cfg(test)]
pub fn load(name: &str, input: impl BufRead, limit: Option<usize>) -> io::Result<PuzzleSet> {
    load_in(name, input, limit, None, Variants::NONE)
}

/// [`load`] with the Sudoku boxes `--box` asked for (see
/// [`SudokuReader::with_box`]) and the `--variant` rules (a record whose
/// givens break one, or whose boxes they do not fit, is invalid).
pub fn load_in(
    name: &str,
    input: impl BufRead,
    limit: Option<usize>,
    shape: Option<BoxShape>,
    rules: Variants,
) -> io::Result<PuzzleSet> {
    let (kind, input) = dlx_engine::puzzles::prepare(None, input)
        .map_err(|e| dlx_engine::error::named_io(name, e))?;
    let limit = limit.unwrap_or(usize::MAX);
    let mut set = PuzzleSet {
        name: name.to_string(),
        path: name.to_string(),
        kind,
        records: 0,
        lines: Vec::new(),
        puzzles: Puzzles::Sudoku(Vec::new()),
        invalid: Vec::new(),
        warnings: Vec::new(),
    };
    match kind {
        Kind::Sudominoku | Kind::Xc if !rules.is_empty() => {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("{name}: --variant adds rules to Sudoku grids, and this holds no Sudoku"),
            ))
        }
        Kind::Xc => {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "{name}: exact-cover files are not benchmarked (Sudoku and Sudominoku only)"
                ),
            ))
        }
        Kind::Sudominoku => {
            let mut puzzles = Vec::new();
            let mut records = sudominoku_records(input);
            for record in records.by_ref().take(limit) {
                let record = record.map_err(|e| dlx_engine::error::named_io(name, e))?;
                let line = record
                    .puzzle
                    .as_ref()
                    .map_or_else(|e| e.line, |_| record.line);
                set.take(&mut puzzles, line, record.puzzle.map_err(|e| e.reason));
            }
            if records.missing_terminator() && set.records > 0 {
                let warning = "the input ends without the `0` line; the puzzles read are \
                               benchmarked";
                set.warnings
                    .push((records.lines_read(), warning.to_string()));
            }
            set.puzzles = Puzzles::Sudominoku(puzzles);
        }
        Kind::Sudoku => {
            set.kind = Kind::Sudoku;
            let mut grids = Vec::new();
            for record in SudokuReader::new(input).with_box(shape).take(limit) {
                let record = record.map_err(|e| dlx_engine::error::named_io(name, e))?;
                let checked = record.puzzle.and_then(|(g, _)| {
                    g.check_givens().map_err(|e| e.to_string())?;
                    rules.check_givens(&g)?;
                    Ok(g)
                });
                set.take(&mut grids, record.line, checked);
            }
            set.puzzles = if rules.is_empty() {
                Puzzles::Sudoku(grids)
            } else {
                let ruled = grids.into_iter().map(|grid| RuledGrid { grid, rules });
                Puzzles::Variant(ruled.collect())
            };
        }
    }
    Ok(set)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlx_engine::puzzles::sudoku::samples::EASY;

    #[test]
    fn sudoku_limit_and_invalid_records() {
        let bad_givens = format!("55{}", &EASY[2..]);
        let text = format!("# c\n{EASY}\nshort\n{bad_givens}\n{EASY}\n{EASY}\n");
        let set = load("t", text.as_bytes(), Some(4)).unwrap();
        assert_eq!(set.kind, Kind::Sudoku);
        assert_eq!(set.records, 4);
        assert_eq!(set.lines, vec![2, 5]);
        assert_eq!(set.invalid.len(), 2);
        assert_eq!(set.invalid[0].0, 3);
        assert_eq!(set.invalid[1].0, 4);
        let all = load("t", text.as_bytes(), None).unwrap();
        assert_eq!(all.len(), 3);
    }

    #[test]
    fn exact_cover_is_refused() {
        let err = load("x.dlx", "a b c\na b\nc\n".as_bytes(), None).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
    }
}
