//! Sudoku variants that change the grid itself rather than add rules to
//! it: [`Layout::Jigsaw`] (irregular regions instead of boxes),
//! [`Layout::Killer`] (cages with sums) and [`Layout::Samurai`] (five
//! overlapping 9x9 grids). Each has its own line format, so `--variant
//! jigsaw` selects a reader as well as the rules, and none combines with
//! the rules of [`Variants`](super::Variants) or with the others.
//!
//! Every layout puzzle is a list of cells, each holding a digit `1..=side`
//! (0 for a blank), numbered in reading order (for samurai, the reading
//! order of its 369 distinct cells in the 21x21 frame). The encodings
//! (`jigsaw.rs`, `killer.rs`, `samurai.rs`) keep one invariant that the
//! solving here relies on: option `cell * side + digit` (digit 0-based)
//! places `digit + 1` in `cell`, for every cell and digit, and any other
//! options (killer's cage combinations) come after those. The independent
//! side (verifier and peer backtracker) is `independent.rs`.

use std::fmt;
use std::io::{self, BufRead};
use std::ops::ControlFlow;
use std::str::FromStr;

use super::independent;
use super::jigsaw::Jigsaw;
use super::killer::Killer;
use super::samurai::Samurai;
use crate::exact_cover::{End, Limits, Problem, Solver};
use crate::io::{read_line, Line};

/// A variant with its own grid and line format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Layout {
    /// Irregular regions of N cells replace the boxes.
    Jigsaw,
    /// Cages whose distinct digits add up to a given sum.
    Killer,
    /// Five 9x9 grids overlapping at the centre grid's corner boxes.
    Samurai,
}

impl Layout {
    /// Every layout.
    pub const ALL: [Layout; 3] = [Layout::Jigsaw, Layout::Killer, Layout::Samurai];

    /// Its name on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Layout::Jigsaw => "jigsaw",
            Layout::Killer => "killer",
            Layout::Samurai => "samurai",
        }
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Layout {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let text = text.trim();
        (Layout::ALL.into_iter())
            .find(|l| l.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| {
                format!(
                    "unknown layout `{}` (expected jigsaw, killer or samurai)",
                    crate::error::excerpt(text)
                )
            })
    }
}

/// One puzzle of a [`Layout`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LayoutPuzzle {
    /// A jigsaw puzzle.
    Jigsaw(Jigsaw),
    /// A killer puzzle.
    Killer(Killer),
    /// A samurai puzzle.
    Samurai(Samurai),
}

/// What a search of a layout puzzle found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CellSolution {
    /// The first solution's digits, one per cell.
    pub cells: Option<Vec<u8>>,
    /// Solutions found.
    pub count: u64,
    /// Why the search ended.
    pub end: End,
    /// Search nodes used.
    pub nodes: u64,
}

impl CellSolution {
    /// No solution, nothing searched (givens that clash).
    pub fn none() -> Self {
        CellSolution {
            cells: None,
            count: 0,
            end: End::Exhausted,
            nodes: 0,
        }
    }
}

impl LayoutPuzzle {
    /// Reads one record of `layout` (for samurai, a line of five fields
    /// or the 21 rows of its frame joined by `\n`). The reason names the
    /// field at fault.
    pub fn parse(layout: Layout, text: &str) -> Result<Self, String> {
        Ok(match layout {
            Layout::Jigsaw => LayoutPuzzle::Jigsaw(text.parse()?),
            Layout::Killer => LayoutPuzzle::Killer(text.parse()?),
            Layout::Samurai => LayoutPuzzle::Samurai(text.parse()?),
        })
    }

    /// Its layout.
    pub fn layout(&self) -> Layout {
        match self {
            LayoutPuzzle::Jigsaw(_) => Layout::Jigsaw,
            LayoutPuzzle::Killer(_) => Layout::Killer,
            LayoutPuzzle::Samurai(_) => Layout::Samurai,
        }
    }

    /// The number of digits (9 for samurai).
    pub fn side(&self) -> usize {
        match self {
            LayoutPuzzle::Jigsaw(p) => p.side(),
            LayoutPuzzle::Killer(p) => p.side(),
            LayoutPuzzle::Samurai(_) => 9,
        }
    }

    /// The givens, one per cell (0 for a blank).
    pub fn givens(&self) -> &[u8] {
        match self {
            LayoutPuzzle::Jigsaw(p) => p.givens(),
            LayoutPuzzle::Killer(p) => p.givens(),
            LayoutPuzzle::Samurai(p) => p.givens(),
        }
    }

    /// The same puzzle with other givens (as many as cells).
    pub fn with_givens(&self, givens: Vec<u8>) -> Self {
        match self {
            LayoutPuzzle::Jigsaw(p) => LayoutPuzzle::Jigsaw(p.with_givens(givens)),
            LayoutPuzzle::Killer(p) => LayoutPuzzle::Killer(p.with_givens(givens)),
            LayoutPuzzle::Samurai(p) => LayoutPuzzle::Samurai(p.with_givens(givens)),
        }
    }

    /// The exact-cover problem (see the module's invariant on options).
    pub fn problem(&self) -> Problem {
        match self {
            LayoutPuzzle::Jigsaw(p) => p.problem(),
            LayoutPuzzle::Killer(p) => p.problem(),
            LayoutPuzzle::Samurai(p) => p.problem(),
        }
    }

    /// The puzzle written back in its own format.
    pub fn to_record(&self) -> String {
        match self {
            LayoutPuzzle::Jigsaw(p) => p.to_string(),
            LayoutPuzzle::Killer(p) => p.to_string(),
            LayoutPuzzle::Samurai(p) => p.to_string(),
        }
    }

    /// A solution's digits written as the answer in the puzzle's shape:
    /// jigsaw and killer one line of `side^2` symbols, samurai five
    /// fields or the 21 rows, as the puzzle was written.
    pub fn write_answer(&self, cells: &[u8]) -> String {
        match self {
            LayoutPuzzle::Samurai(p) => p.write_cells(cells),
            _ => independent::symbols(cells, self.side()),
        }
    }

    /// The digits of an answer as [`write_answer`](Self::write_answer)
    /// writes it (samurai rows joined by `\n`); every cell filled.
    pub fn read_answer(&self, text: &str) -> Result<Vec<u8>, String> {
        match self {
            LayoutPuzzle::Samurai(p) => p.read_cells(text),
            _ => independent::read_symbols(text, self.side()),
        }
    }

    /// Whether `cells` is a solution keeping every given: the
    /// independent verifier, restating each rule from its definition.
    pub fn check_solution(&self, cells: &[u8]) -> Result<(), String> {
        independent::check_solution(self, cells)
    }

    /// Solves with the engine within `limits` (`max_solutions` `None`
    /// means 1).
    pub fn solve(&self, limits: Limits) -> CellSolution {
        solve_cover(&self.problem(), self.side(), self.givens(), limits)
    }

    /// Solves with the peer backtracker (no code shared with the
    /// encoding): the baseline and the recount of `dlx check`.
    pub fn solve_by_peers(&self, limits: Limits) -> CellSolution {
        independent::PeerSearch::new(self).solve(self.givens(), limits)
    }
}

/// The engine on `problem` (options numbered as the module says) with the
/// options of `givens` selected first; `limits.max_solutions` `None`
/// means 1.
pub(crate) fn solve_cover(
    problem: &Problem,
    side: usize,
    givens: &[u8],
    limits: Limits,
) -> CellSolution {
    let limits = limits.with_max_solutions(limits.max_solutions.unwrap_or(1));
    let matrix = problem.compile().expect("layout matrices fit");
    let mut solver = Solver::new(&matrix);
    let chosen = (givens.iter().enumerate())
        .filter(|&(_, &v)| v != 0)
        .map(|(cell, &v)| cell * side + usize::from(v) - 1);
    if solver.select_all(chosen).is_err() {
        return CellSolution::none();
    }
    let cell_options = givens.len() * side;
    let mut first: Option<Vec<u8>> = None;
    let report = solver.search(limits, |chosen| {
        if first.is_none() {
            let mut cells = givens.to_vec();
            for &o in chosen.iter().filter(|&&o| o < cell_options) {
                cells[o / side] = (o % side) as u8 + 1;
            }
            first = Some(cells);
        }
        ControlFlow::Continue(())
    });
    CellSolution {
        cells: first,
        count: report.solutions,
        end: report.end,
        nodes: report.stats.nodes,
    }
}

/// One record of a layout file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LayoutRecord {
    /// 1-based line where the record starts.
    pub line: usize,
    /// The puzzle, or why it cannot be used (the field named).
    pub puzzle: Result<LayoutPuzzle, String>,
}

/// Reads the records of a layout file one at a time: one line each
/// (jigsaw, killer, a samurai of five fields) or, for samurai, 21
/// consecutive rows. Blank lines and lines starting with `#` lie between
/// records; a `#` after a space ends a one-line record (a comment). A bad
/// record is one [`LayoutRecord`] with its reason, and the next record is
/// read as usual.
pub struct LayoutReader<R> {
    layout: Layout,
    input: R,
    buf: Vec<u8>,
    line_no: usize,
    /// A line read but not yet used (the line that cut a samurai grid short).
    pending: Option<(usize, Line)>,
}

impl<R: BufRead> LayoutReader<R> {
    /// A reader of `layout` records from `input`.
    pub fn new(layout: Layout, input: R) -> Self {
        LayoutReader {
            layout,
            input,
            buf: Vec::new(),
            line_no: 0,
            pending: None,
        }
    }

    fn next_line(&mut self) -> io::Result<Option<(usize, Line)>> {
        if let Some(line) = self.pending.take() {
            return Ok(Some(line));
        }
        let line = read_line(&mut self.input, &mut self.buf)?;
        self.line_no += 1;
        Ok(line.map(|line| (self.line_no, line)))
    }

    fn record(&mut self) -> io::Result<Option<LayoutRecord>> {
        let (line, text) = loop {
            match self.next_line()? {
                None => return Ok(None),
                Some((line, Line::Bad(reason))) => {
                    let puzzle = Err(reason);
                    return Ok(Some(LayoutRecord { line, puzzle }));
                }
                Some((_, Line::Text(t))) if is_between(&t) => continue,
                Some((line, Line::Text(t))) => break (line, t),
            }
        };
        let one_line = without_comment(&text);
        if self.layout != Layout::Samurai || !Samurai::is_frame_row(one_line) {
            let puzzle = LayoutPuzzle::parse(self.layout, one_line);
            return Ok(Some(LayoutRecord { line, puzzle }));
        }
        // A samurai frame: this row and the next 20.
        let mut rows = vec![text.trim_end().to_string()];
        while rows.len() < super::samurai::FRAME {
            match self.next_line()? {
                Some((_, Line::Text(t))) if !is_between(&t) => rows.push(t.trim_end().to_string()),
                other => {
                    self.pending = other;
                    let reason = format!(
                        "grid: the samurai frame ends after {} of its {} rows",
                        rows.len(),
                        super::samurai::FRAME
                    );
                    return Ok(Some(LayoutRecord {
                        line,
                        puzzle: Err(reason),
                    }));
                }
            }
        }
        let puzzle = LayoutPuzzle::parse(self.layout, &rows.join("\n"));
        Ok(Some(LayoutRecord { line, puzzle }))
    }
}

impl<R: BufRead> Iterator for LayoutReader<R> {
    type Item = io::Result<LayoutRecord>;

    fn next(&mut self) -> Option<Self::Item> {
        self.record().transpose()
    }
}

/// Whether a line lies between records: blank, or a `#` comment.
fn is_between(text: &str) -> bool {
    let t = text.trim();
    t.is_empty() || t.starts_with('#')
}

/// A one-line record without a trailing ` # comment`, trimmed.
pub(crate) fn without_comment(text: &str) -> &str {
    let cut = text.find(" #").or_else(|| text.find("\t#"));
    text[..cut.unwrap_or(text.len())].trim()
}

/// The side of a square grid of `cells` cells, from 4 to 16 (one symbol
/// per cell in a line); `None` for any other count.
pub(crate) fn grid_side(cells: usize) -> Option<usize> {
    (4..=16).find(|s| s * s == cells)
}

/// The distinct labels of a map (ASCII letters or digits, in order of
/// first appearance) and each cell's label as an index into them; with
/// `blank_ok`, `.` is a cell with no label.
pub(crate) fn labels_of(
    map: &str,
    blank_ok: bool,
) -> Result<(Vec<char>, Vec<Option<usize>>), String> {
    let mut labels: Vec<char> = Vec::new();
    let mut of_cell = Vec::with_capacity(map.len());
    for (k, ch) in map.chars().enumerate() {
        if blank_ok && ch == '.' {
            of_cell.push(None);
            continue;
        }
        if !ch.is_ascii_alphanumeric() {
            return Err(format!(
                "`{}` at cell {} is no label (labels are ASCII letters and digits{})",
                ch.escape_default(),
                k + 1,
                if blank_ok { ", `.` for no cage" } else { "" }
            ));
        }
        let i = match labels.iter().position(|&l| l == ch) {
            Some(i) => i,
            None => {
                labels.push(ch);
                labels.len() - 1
            }
        };
        of_cell.push(Some(i));
    }
    Ok((labels, of_cell))
}
