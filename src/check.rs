//! `dlx check`: an independent check of the answers `dlx solve` wrote.
//!
//! Every answer record is matched with its puzzle record, in order:
//! a solution must be a valid completion of its puzzle; a count or a
//! `unique`/`multiple`/`none` verdict is recounted with the bitmask
//! backtracking solver (not the engine that produced it); `! invalid` must
//! stand where the puzzle is unreadable or contradictory, and `! unsolvable`
//! where a full search finds nothing. `! limit` marks are accepted but
//! counted as unverified.

use std::io::{self, BufRead};

use crate::error::InputError;
use crate::exact_cover::Limits;
use crate::input::{read_line, Line, SudokuReader};
use crate::puzzles::sudoku::{Grid, SudokuSolver};
use crate::puzzles::sudominoku::{self, NaiveSudominoku};

/// What a successful check saw.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// Records compared.
    pub records: u64,
    /// Solutions verified.
    pub solutions: u64,
    /// Counts and uniqueness verdicts recounted.
    pub counts: u64,
    /// `! invalid` and `! unsolvable` marks confirmed.
    pub marks: u64,
    /// `! limit` marks (accepted, not verifiable).
    pub limits: u64,
}

/// Why a check failed: an I/O error, or the first mismatch.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    /// Reading failed.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// An answer does not fit its puzzle.
    #[error(transparent)]
    Mismatch(#[from] InputError),
}

/// Reads answer records line by line.
struct Answers<R> {
    name: String,
    input: R,
    buf: Vec<u8>,
    line_no: usize,
}

impl<R: BufRead> Answers<R> {
    fn mismatch(&self, line: usize, reason: impl Into<String>) -> CheckError {
        CheckError::Mismatch(InputError::new(self.name.clone(), line, reason))
    }

    /// The next non-blank line and its number.
    /// Fails if an answer is left once every puzzle has had one.
    fn expect_end(&mut self) -> Result<(), CheckError> {
        match self.next_line()? {
            Some((line, extra)) => Err(self.mismatch(
                line,
                format!("answer `{extra}` has no puzzle (more answers than puzzles)"),
            )),
            None => Ok(()),
        }
    }

    fn next_line(&mut self) -> Result<Option<(usize, String)>, CheckError> {
        loop {
            let line = read_line(&mut self.input, &mut self.buf)?;
            self.line_no += 1;
            match line {
                None => return Ok(None),
                Some(Line::Bad(reason)) => return Err(self.mismatch(self.line_no, reason)),
                Some(Line::Text(t)) if t.trim().is_empty() => continue,
                Some(Line::Text(t)) => return Ok(Some((self.line_no, t.trim().to_string()))),
            }
        }
    }
}

/// Checks Sudoku answers against their puzzles. `max_solutions` is the cap
/// the counts were made with, if any. `solver` recounts (use an independent
/// solver, such as the bitmask baseline).
pub fn check_sudoku(
    puzzles_name: &str,
    puzzles: impl BufRead,
    answers_name: &str,
    answers: impl BufRead,
    max_solutions: Option<u64>,
    solver: &mut dyn SudokuSolver,
) -> Result<CheckReport, CheckError> {
    let mut answers = Answers {
        name: answers_name.to_string(),
        input: answers,
        buf: Vec::new(),
        line_no: 0,
    };
    let mut report = CheckReport::default();
    for record in SudokuReader::new(puzzles) {
        let record = record?;
        let Some((line, answer)) = answers.next_line()? else {
            return Err(answers.mismatch(
                answers.line_no,
                format!("no answer for the puzzle at {puzzles_name}:{}", record.line),
            ));
        };
        report.records += 1;
        let answers_file = answers.name.clone();
        let puzzle_line = record.line;
        let at = |reason: String| {
            CheckError::Mismatch(InputError::new(
                answers_file.clone(),
                line,
                format!("{reason} (puzzle at {puzzles_name}:{puzzle_line})"),
            ))
        };
        let puzzle = record
            .puzzle
            .and_then(|(g, _)| g.check_givens().map(|_| g).map_err(|e| e.to_string()));
        if answer.starts_with("! limit") {
            report.limits += 1;
            if puzzle.is_ok() {
                continue;
            }
        }
        let grid = match puzzle {
            Err(reason) if answer.starts_with("! invalid") => {
                report.marks += 1;
                let _ = reason;
                continue;
            }
            Err(reason) => {
                return Err(at(format!(
                    "the puzzle is invalid ({reason}) but the answer is `{answer}`"
                )))
            }
            Ok(_) if answer.starts_with("! invalid") => {
                return Err(at("the puzzle is valid but marked invalid".into()))
            }
            Ok(g) => g,
        };
        if answer.starts_with("! unsolvable") {
            let found = solver.solve(&grid, Limits::solutions(1));
            if found.count > 0 {
                return Err(at("marked unsolvable, but the puzzle has a solution".into()));
            }
            report.marks += 1;
            continue;
        }
        if answer.starts_with('!') {
            return Err(at(format!("unknown mark `{answer}`")));
        }
        let is_line = answer.chars().count() == grid.side() * grid.side();
        if let Some(claim) = parse_count(&answer).filter(|_| !is_line) {
            let recount = solver.solve(&grid, Limits::solutions(claim.saturating_add(1)));
            let capped = max_solutions.is_some_and(|cap| claim == cap);
            let ok = !recount.end.is_limit()
                && (recount.count == claim || (capped && recount.count >= claim));
            if !ok {
                return Err(at(format!(
                    "answer says {claim} solution(s), recount finds {}",
                    describe(recount.count, claim)
                )));
            }
            report.counts += 1;
            continue;
        }
        if let Some(claim) = verdict_count(&answer) {
            let recount = solver.solve(&grid, Limits::solutions(2)).count.min(2);
            if recount != claim {
                return Err(at(format!(
                    "answer says `{answer}`, recount finds {recount} solution(s) (capped at 2)"
                )));
            }
            report.counts += 1;
            continue;
        }
        let solution =
            read_grid_answer(&mut answers, answer, grid.side()).map_err(|e| match e {
                CheckError::Mismatch(m) => at(m.reason),
                other => other,
            })?;
        solution.check_solution(&grid).map_err(at)?;
        report.solutions += 1;
    }
    answers.expect_end()?;
    Ok(report)
}

/// Checks Sudominoku answers (`Puzzle k` and nine rows, or a mark, count
/// or verdict after `Puzzle k`) against a Baekjoon 4574 puzzle file. Counts
/// and verdicts are recounted with the textbook (naive) solver, which shares
/// no code with the engine; solutions are checked by
/// [`sudominoku::verify`].
pub fn check_sudominoku(
    puzzles_name: &str,
    puzzles: impl BufRead,
    answers_name: &str,
    answers: impl BufRead,
    max_solutions: Option<u64>,
) -> Result<CheckReport, CheckError> {
    let text = crate::solve::read_all(puzzles)?;
    let mut answers = Answers {
        name: answers_name.to_string(),
        input: answers,
        buf: Vec::new(),
        line_no: 0,
    };
    let mut report = CheckReport::default();
    let mut solver = NaiveSudominoku::new();
    for (k, record) in sudominoku::parse(&text).records.into_iter().enumerate() {
        let puzzle_line = match &record.puzzle {
            Ok(_) => record.line,
            Err(e) => e.line,
        };
        let header = format!("Puzzle {}", k + 1);
        match answers.next_line()? {
            Some((_, h)) if h == header => {}
            Some((line, other)) => {
                return Err(answers.mismatch(line, format!("expected `{header}`, found `{other}`")))
            }
            None => {
                return Err(answers.mismatch(
                    answers.line_no,
                    format!("no answer for the puzzle at {puzzles_name}:{puzzle_line}"),
                ))
            }
        }
        let Some((line, answer)) = answers.next_line()? else {
            return Err(answers.mismatch(answers.line_no, format!("`{header}` has no answer")));
        };
        report.records += 1;
        let at = |reason: String| {
            CheckError::Mismatch(InputError::new(
                answers_name,
                line,
                format!("{reason} (puzzle at {puzzles_name}:{puzzle_line})"),
            ))
        };
        let puzzle = match record.puzzle {
            Err(e) if answer.starts_with("! invalid") => {
                let _ = e;
                report.marks += 1;
                continue;
            }
            Err(e) => {
                return Err(at(format!(
                    "the puzzle is invalid ({}) but the answer is `{answer}`",
                    e.reason
                )))
            }
            Ok(_) if answer.starts_with("! invalid") => {
                return Err(at("the puzzle is valid but marked invalid".into()))
            }
            Ok(p) => p,
        };
        if answer.starts_with("! limit") {
            report.limits += 1;
            continue;
        }
        let is_row = answer.len() == 9;
        let claim = if answer.starts_with("! unsolvable") {
            Some(0)
        } else if answer.starts_with('!') {
            return Err(at(format!("unknown mark `{answer}`")));
        } else if is_row {
            None
        } else {
            parse_count(&answer).or(verdict_count(&answer))
        };
        if let Some(claim) = claim {
            let verdict = verdict_count(&answer).is_some();
            let limit = if verdict { 2 } else { claim.saturating_add(1) };
            let recount = solver.solve(&puzzle, Limits::solutions(limit));
            let capped = max_solutions.is_some_and(|cap| claim == cap);
            let found = if verdict {
                recount.count.min(2)
            } else {
                recount.count
            };
            if recount.end.is_limit() || !(found == claim || (capped && found >= claim)) {
                return Err(at(format!(
                    "answer says `{answer}`, recount finds {}",
                    describe(found, claim)
                )));
            }
            if answer.starts_with('!') {
                report.marks += 1;
            } else {
                report.counts += 1;
            }
            continue;
        }
        let mut rows = vec![answer];
        while rows.len() < 9 {
            match answers.next_line()? {
                Some((_, row)) => rows.push(row),
                None => return Err(at("the answers end inside a grid".into())),
            }
        }
        let grid = Grid::from_rows(&rows).map_err(|e| at(e.to_string()))?;
        sudominoku::verify(&puzzle, &grid).map_err(at)?;
        report.solutions += 1;
    }
    answers.expect_end()?;
    Ok(report)
}

fn describe(found: u64, claim: u64) -> String {
    if found > claim {
        format!("more than {claim}")
    } else {
        found.to_string()
    }
}

fn parse_count(answer: &str) -> Option<u64> {
    answer.parse().ok()
}

fn verdict_count(answer: &str) -> Option<u64> {
    match answer {
        "none" => Some(0),
        "unique" => Some(1),
        "multiple" => Some(2),
        _ => None,
    }
}

/// Reads a solution grid whose first line is `first`: a one-line grid, or
/// `side` rows.
fn read_grid_answer<R: BufRead>(
    answers: &mut Answers<R>,
    first: String,
    side: usize,
) -> Result<Grid, CheckError> {
    if first.chars().count() == side * side {
        return Grid::from_line(&first)
            .map_err(|e| answers.mismatch(answers.line_no, e.to_string()));
    }
    let start = answers.line_no;
    let mut rows = vec![first];
    while rows.iter().filter(|r| !is_rule(r)).count() < side {
        match answers.next_line()? {
            Some((_, row)) => rows.push(row),
            None => return Err(answers.mismatch(answers.line_no, "the answers end inside a grid")),
        }
    }
    Grid::from_rows(&rows).map_err(|e| answers.mismatch(start, e.to_string()))
}

fn is_rule(row: &str) -> bool {
    row.chars()
        .all(|c| matches!(c, '-' | '+' | '=' | '|' | ' '))
}
