//! `dlx check`: an independent check of the answers `dlx solve` wrote.
//!
//! Every answer record is matched with its puzzle record, in order:
//! a solution must be a valid completion of its puzzle; a count or a
//! `unique`/`multiple`/`none` verdict is recounted with the bitmask
//! backtracking solver (not the engine that produced it); `! invalid` must
//! stand where the puzzle is unreadable or contradictory, and `! unsolvable`
//! where a full search finds nothing. `! limit` marks are accepted but
//! counted as unverified (where the limit stopped cannot be checked), once
//! their text is as `dlx solve` writes it and the puzzle has at least the
//! K solutions of an `after K solution(s)`.
//!
//! A recount never counts past what the claim needs (the claim plus one,
//! or the claim itself when it equals the `--max-solutions` cap) and has a
//! node budget ([`RECOUNT_NODE_BUDGET`]): a claim the budget cannot settle
//! (say `18446744073709551615` for an empty grid) is reported as a failure
//! that could not be verified, in seconds, instead of a search that never
//! ends. A recount the independent solver cannot finish within the budget
//! (some 25x25 Sudoku puzzles take the bitmask solver over 100 million
//! nodes, where the engine needs a few thousand; about one generated
//! Sudominoku puzzle in forty takes the textbook solver past it) is made
//! again by the engine, with the same budget, and counted apart
//! ([`CheckReport::engine_recounts`]): a second run of the solver that
//! wrote the claim, not an independent one.

mod command;
mod xc;

pub use command::{run as run_command, CheckArgs};
pub use xc::check_exact_cover;

use std::io::{self, BufRead};

use crate::cli::answer::{
    parse_count, parse_limit, parse_verdict, INVALID_MARK, LIMIT_MARK, UNSOLVABLE_MARK,
};
use dlx_engine::error::{named_io, InputError};
use dlx_engine::exact_cover::Limits;
use dlx_engine::io::{read_line, Line};
use dlx_engine::puzzles::lines::is_title;
use dlx_engine::puzzles::sudoku::SudokuReader;
use dlx_engine::puzzles::sudoku::{
    symbol_value, DlxSudoku, Grid, GridError, Solution, SudokuSolver,
};
use dlx_engine::puzzles::sudominoku::{self, DlxSudominoku, NaiveSudominoku};

/// Search nodes one recount may use (a count, a verdict or an
/// `! unsolvable` mark) before its claim is reported as not verifiable:
/// about 2 s of the bitmask solver (some 4 million solutions of an empty
/// 9x9 grid) and 7 s of the naive Sudominoku solver on the machine it was
/// tuned on. Proper puzzles need a tiny fraction of it.
pub const RECOUNT_NODE_BUDGET: u64 = 50_000_000;

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
    /// Recounts (of counts, verdicts and `! unsolvable` marks) that the
    /// independent solver (bitmask for Sudoku, naive for Sudominoku) could
    /// not finish within the budget and the engine settled instead:
    /// checked, but not independently.
    pub engine_recounts: u64,
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
    /// The answers file `name`, read from its start.
    fn new(name: &str, input: R) -> Self {
        Answers {
            name: name.to_string(),
            input,
            buf: Vec::new(),
            line_no: 0,
        }
    }

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
            let line =
                read_line(&mut self.input, &mut self.buf).map_err(|e| named_io(&self.name, e))?;
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
/// solver, such as the bitmask baseline), within [`RECOUNT_NODE_BUDGET`]
/// nodes per record.
pub fn check_sudoku(
    puzzles_name: &str,
    puzzles: impl BufRead,
    answers_name: &str,
    answers: impl BufRead,
    max_solutions: Option<u64>,
    solver: &mut dyn SudokuSolver,
) -> Result<CheckReport, CheckError> {
    check_sudoku_with_budget(
        puzzles_name,
        puzzles,
        answers_name,
        answers,
        max_solutions,
        solver,
        RECOUNT_NODE_BUDGET,
    )
}

/// [`check_sudoku`] with a node budget of `node_budget` per recount instead
/// of [`RECOUNT_NODE_BUDGET`]. A recount that runs out of it is a mismatch
/// saying the claim could not be verified.
pub fn check_sudoku_with_budget(
    puzzles_name: &str,
    puzzles: impl BufRead,
    answers_name: &str,
    answers: impl BufRead,
    max_solutions: Option<u64>,
    solver: &mut dyn SudokuSolver,
    node_budget: u64,
) -> Result<CheckReport, CheckError> {
    let limits = |want: u64| Limits::solutions(want.max(1)).with_max_nodes(Some(node_budget));
    // The independent solver first; the engine when its budget runs out.
    // A recount is a count (a claim of none needs the whole tree), which
    // restarts in shuffled orders only make dearer: see `Restarts`.
    let mut engine = DlxSudoku::with_restarts(None);
    let mut engine_recounts = 0;
    let mut recount = |grid: &Grid, want: u64| -> Solution {
        recount_falling_back(
            || solver.solve(grid, limits(want)),
            || engine.solve(grid, limits(want)),
            &mut engine_recounts,
        )
    };
    let mut answers = Answers::new(answers_name, answers);
    let mut report = CheckReport::default();
    for record in SudokuReader::new(puzzles) {
        let record = record.map_err(|e| named_io(puzzles_name, e))?;
        let mut next = answers.next_line()?;
        // `dlx solve` writes a grid's title back above its answer.
        if let (Some(title), Some((line, answer))) = (&record.title, &next) {
            let title = dlx_engine::error::printable(title);
            // Above a one-line answer `dlx solve` writes it as a comment.
            if *answer == title || answer.strip_prefix("# ") == Some(title.as_str()) {
                next = answers.next_line()?;
            } else if (is_title(answer) && parse_verdict(answer).is_none())
                || answer.strip_prefix("# ").is_some_and(is_title)
            {
                // A word-like answer is a title left where another one
                // belongs, unless it is a verdict (`unique`: the answer of
                // a file whose titles were taken out).
                return Err(answers.mismatch(
                    *line,
                    format!(
                        "expected the title `{title}` above the answer, found `{answer}` \
                         (puzzle at {puzzles_name}:{})",
                        record.line
                    ),
                ));
            }
        }
        // Other `#` lines are comments, as in every input.
        while next.as_ref().is_some_and(|(_, a)| a.starts_with('#')) {
            next = answers.next_line()?;
        }
        let Some((line, answer)) = next else {
            return Err(answers.mismatch(
                answers.line_no,
                format!("no answer for the puzzle at {puzzles_name}:{}", record.line),
            ));
        };
        let answer = without_comment(answer);
        report.records += 1;
        let answers_file = answers.name.clone();
        let puzzle_line = record.line;
        let at_line = |line: usize, reason: String| {
            CheckError::Mismatch(InputError::new(
                answers_file.clone(),
                line,
                format!("{reason} (puzzle at {puzzles_name}:{puzzle_line})"),
            ))
        };
        let at = |reason: String| at_line(line, reason);
        let puzzle = record
            .puzzle
            .and_then(|(g, _)| g.check_givens().map(|_| g).map_err(|e| e.to_string()));
        let limit_mark = limit_mark(&answer).map_err(&at)?;
        let grid = match puzzle {
            Err(reason) if answer.starts_with(INVALID_MARK) => {
                report.marks += 1;
                let _ = reason;
                continue;
            }
            Err(reason) => {
                return Err(at(format!(
                    "the puzzle is invalid ({reason}) but the answer is `{answer}`"
                )))
            }
            Ok(_) if answer.starts_with(INVALID_MARK) => {
                return Err(at("the puzzle is valid but marked invalid".into()))
            }
            Ok(g) => g,
        };
        if let Some(claim) = limit_mark {
            check_limit_mark(claim, |want| {
                let found = recount(&grid, want);
                (found.count, found.end.is_limit())
            })
            .map_err(&at)?;
            report.limits += 1;
            continue;
        }
        if answer.starts_with(UNSOLVABLE_MARK) {
            let found = recount(&grid, 1);
            if found.count > 0 {
                return Err(at("marked unsolvable, but the puzzle has a solution".into()));
            }
            if found.end.is_limit() {
                return Err(at(unverifiable("`! unsolvable`", 0, node_budget)));
            }
            report.marks += 1;
            continue;
        }
        if answer.starts_with('!') {
            return Err(at(format!("unknown mark `{answer}`")));
        }
        // A line of digits may be a solution (a line, or the first of bare
        // rows) rather than a count.
        let is_line = answer.chars().count() == grid.side() * grid.side();
        let is_row = is_solution_row(&answer, grid.side());
        if let Some((claim, lower_bound)) = parse_count(&answer).filter(|_| !is_line && !is_row) {
            // `>= N`: a count stopped by --max-solutions, at least N.
            let want = if lower_bound {
                claim
            } else {
                recount_target(claim, max_solutions).map_err(&at)?
            };
            let recount = recount(&grid, want);
            let capped = lower_bound || max_solutions == Some(claim);
            let recounted = (claim, recount.count, recount.end.is_limit(), capped);
            settle(
                recounted,
                node_budget,
                &format!("{claim} solution(s)"),
                || {
                    format!(
                        "answer says {claim} solution(s), recount finds {}",
                        describe(recount.count, claim)
                    )
                },
            )
            .map_err(&at)?;
            report.counts += 1;
            continue;
        }
        if let Some(claim) = parse_verdict(&answer) {
            let recount = recount(&grid, 2);
            let found = recount.count.min(2);
            let recounted = (claim, found, recount.end.is_limit(), claim == 2);
            settle(recounted, node_budget, &format!("`{answer}`"), || {
                format!("answer says `{answer}`, recount finds {found} solution(s) (capped at 2)")
            })
            .map_err(&at)?;
            report.counts += 1;
            continue;
        }
        let solution =
            read_grid_answer(&mut answers, answer, grid.side()).map_err(|e| match e {
                CheckError::Mismatch(m) => at_line(m.line, m.reason),
                other => other,
            })?;
        solution.check_solution(&grid).map_err(|e| at(e.0))?;
        report.solutions += 1;
    }
    answers.expect_end()?;
    report.engine_recounts = engine_recounts;
    Ok(report)
}

/// Checks Sudominoku answers (`Puzzle k` and nine rows, or a mark, count
/// or verdict after `Puzzle k`) against a Baekjoon 4574 puzzle file. Counts
/// and verdicts are recounted with the textbook (naive) solver, which shares
/// no code with the engine, and by the engine where that solver runs out of
/// its budget ([`CheckReport::engine_recounts`]); solutions are checked by
/// [`sudominoku::verify`]. Each recount has [`RECOUNT_NODE_BUDGET`] nodes.
pub fn check_sudominoku(
    puzzles_name: &str,
    puzzles: impl BufRead,
    answers_name: &str,
    answers: impl BufRead,
    max_solutions: Option<u64>,
) -> Result<CheckReport, CheckError> {
    check_sudominoku_with_budget(
        puzzles_name,
        puzzles,
        answers_name,
        answers,
        max_solutions,
        RECOUNT_NODE_BUDGET,
    )
}

/// [`check_sudominoku`] with a node budget of `node_budget` per recount
/// instead of [`RECOUNT_NODE_BUDGET`]. A recount that runs out of it is a
/// mismatch saying the claim could not be verified.
pub fn check_sudominoku_with_budget(
    puzzles_name: &str,
    puzzles: impl BufRead,
    answers_name: &str,
    answers: impl BufRead,
    max_solutions: Option<u64>,
    node_budget: u64,
) -> Result<CheckReport, CheckError> {
    let mut answers = Answers::new(answers_name, answers);
    let mut report = CheckReport::default();
    let mut solver = NaiveSudominoku::new();
    // As for Sudoku: the engine recounts what the textbook solver cannot
    // finish within the budget (one generated puzzle in about forty).
    let mut engine = DlxSudominoku::new();
    for (k, record) in crate::cli::solve::sudominoku_records(puzzles).enumerate() {
        let record = record.map_err(|e| named_io(puzzles_name, e))?;
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
        let at_line = |line: usize, reason: String| {
            CheckError::Mismatch(InputError::new(
                answers_name,
                line,
                format!("{reason} (puzzle at {puzzles_name}:{puzzle_line})"),
            ))
        };
        let at = |reason: String| at_line(line, reason);
        let puzzle = match record.puzzle {
            Err(e) if answer.starts_with(INVALID_MARK) => {
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
            Ok(_) if answer.starts_with(INVALID_MARK) => {
                return Err(at("the puzzle is valid but marked invalid".into()))
            }
            Ok(p) => p,
        };
        if let Some(claim) = limit_mark(&answer).map_err(&at)? {
            check_limit_mark(claim, |want| {
                let limits = Limits::solutions(want).with_max_nodes(Some(node_budget));
                let found = recount_falling_back(
                    || solver.solve(&puzzle, limits),
                    || engine.solve(&puzzle, limits),
                    &mut report.engine_recounts,
                );
                (found.count, found.end.is_limit())
            })
            .map_err(&at)?;
            report.limits += 1;
            continue;
        }
        let is_row = answer.len() == 9;
        let claim = if answer.starts_with(UNSOLVABLE_MARK) {
            Some(0)
        } else if answer.starts_with('!') {
            return Err(at(format!("unknown mark `{answer}`")));
        } else if is_row {
            None
        } else {
            parse_count(&answer)
                .map(|(n, _)| n)
                .or(parse_verdict(&answer))
        };
        // `>= N`: a count stopped by --max-solutions, at least N.
        let lower_bound = parse_count(&answer).is_some_and(|(_, at_least)| at_least);
        if let Some(claim) = claim {
            let verdict = parse_verdict(&answer).is_some();
            // Verdicts and marks are not counts: the cap does not apply.
            let counted = !verdict && !answer.starts_with('!');
            let cap = max_solutions.filter(|_| counted);
            let want = if verdict {
                2
            } else if lower_bound {
                claim
            } else {
                recount_target(claim, cap).map_err(&at)?
            };
            let limits = Limits::solutions(want.max(1)).with_max_nodes(Some(node_budget));
            let recount = recount_falling_back(
                || solver.solve(&puzzle, limits),
                || engine.solve(&puzzle, limits),
                &mut report.engine_recounts,
            );
            let capped = lower_bound || cap == Some(claim);
            let found = if verdict {
                recount.count.min(2)
            } else {
                recount.count
            };
            let at_least = capped || (verdict && claim == 2);
            let recounted = (claim, found, recount.end.is_limit(), at_least);
            settle(recounted, node_budget, &format!("`{answer}`"), || {
                format!(
                    "answer says `{answer}`, recount finds {}",
                    describe(found, claim)
                )
            })
            .map_err(&at)?;
            if answer.starts_with('!') {
                report.marks += 1;
            } else {
                report.counts += 1;
            }
            continue;
        }
        let (mut rows, mut lines) = (vec![answer], vec![line]);
        while rows.len() < 9 {
            match answers.next_line()? {
                // The next answer's header, or a mark: this grid is short.
                Some((next, row)) if row.starts_with("Puzzle ") || row.starts_with('!') => {
                    return Err(at_line(
                        next,
                        format!(
                            "the grid of `{header}` ends after {} of 9 rows, at `{}`",
                            rows.len(),
                            dlx_engine::error::excerpt(&row)
                        ),
                    ));
                }
                Some((next, row)) => {
                    rows.push(row);
                    lines.push(next);
                }
                None => return Err(at("the answers end inside a grid".into())),
            }
        }
        let grid = grid_of_rows(&rows, &lines).map_err(|(line, e)| at_line(line, e))?;
        sudominoku::verify(&puzzle, &grid).map_err(|e| at(e.0))?;
        report.solutions += 1;
    }
    answers.expect_end()?;
    Ok(report)
}

/// The solutions a `! limit` answer says were found before its limit, or
/// `None` if the answer is no `! limit` mark; a `! limit` answer that is no
/// mark `dlx solve` writes is an error.
fn limit_mark(answer: &str) -> Result<Option<u64>, String> {
    if !answer.starts_with(LIMIT_MARK) {
        return Ok(None);
    }
    parse_limit(answer)
        .map(Some)
        .ok_or_else(|| format!("unknown mark `{answer}`"))
}

/// Settles a `! limit` mark saying `claim` solutions were found before the
/// limit, with `recount(claim)`: the solutions found looking for `claim`
/// of them, and whether its own budget ran out first. The limit itself
/// cannot be checked (another solver, machine or budget would stop
/// elsewhere), but a puzzle with fewer solutions than the mark says it
/// found shows the mark is wrong. A recount cut by its budget leaves the
/// mark unverified, as every limit mark is.
fn check_limit_mark(claim: u64, recount: impl FnOnce(u64) -> (u64, bool)) -> Result<(), String> {
    if claim == 0 {
        return Ok(());
    }
    let (found, cut) = recount(claim);
    if found < claim && !cut {
        return Err(format!(
            "the mark says {claim} solution(s) were found before the limit, but the \
             puzzle has {}",
            if found == 0 {
                "none".to_string()
            } else {
                format!("only {found}")
            }
        ));
    }
    Ok(())
}

/// How many solutions a recount of `claim` needs to look for: one more
/// than the claim shows it is too low, except when the claim equals the
/// cap the answers were counted with (a lower bound then). A claim above
/// the cap cannot have come from a run with that cap.
fn recount_target(claim: u64, cap: Option<u64>) -> Result<u64, String> {
    match cap {
        Some(cap) if claim > cap => Err(format!(
            "answer says {claim} solution(s), more than the --max-solutions cap of {cap}"
        )),
        Some(cap) if claim == cap => Ok(claim),
        _ => Ok(claim.saturating_add(1)),
    }
}

/// What a recount says about a claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Judgement {
    /// The recount agrees.
    Confirmed,
    /// The node budget ran out before the recount could agree or disagree.
    Unverifiable,
    /// The recount disagrees.
    Wrong,
}

/// Judges a claim of `claim` solutions against a recount that found
/// A recount by the independent solver, or by the engine when the
/// independent one ran out of its node budget: the answers are checked by
/// another solver where it can, and never left unchecked only because it
/// is slow. Engine recounts that finished are added to `engine_recounts`.
fn recount_falling_back(
    independent: impl FnOnce() -> Solution,
    engine: impl FnOnce() -> Solution,
    engine_recounts: &mut u64,
) -> Solution {
    let first = independent();
    if !first.end.is_limit() {
        return first;
    }
    let again = engine();
    *engine_recounts += u64::from(!again.end.is_limit());
    again
}

/// `found`, cut short by its budget if `limited` (then `found` is only a
/// lower bound). With `at_least` the claim means "at least `claim`" (a
/// count equal to the cap, `multiple`).
fn judge(claim: u64, found: u64, limited: bool, at_least: bool) -> Judgement {
    if (at_least && found >= claim) || (!at_least && found == claim && !limited) {
        Judgement::Confirmed
    } else if limited && found <= claim {
        Judgement::Unverifiable
    } else {
        Judgement::Wrong
    }
}

/// The reason for a claim the recount's node budget could not settle.
/// [`judge`] as a `Result`. `recounted` is what `judge` takes: the claim,
/// the solutions found, whether the budget ran out, and whether the claim
/// is a lower bound. An unverifiable claim is worded with `claimed`, a
/// wrong one by `wrong`.
fn settle(
    (claim, found, limited, at_least): (u64, u64, bool, bool),
    node_budget: u64,
    claimed: &str,
    wrong: impl FnOnce() -> String,
) -> Result<(), String> {
    match judge(claim, found, limited, at_least) {
        Judgement::Confirmed => Ok(()),
        Judgement::Unverifiable => Err(unverifiable(claimed, found, node_budget)),
        Judgement::Wrong => Err(wrong()),
    }
}

fn unverifiable(claim: &str, found: u64, budget: u64) -> String {
    format!(
        "answer says {claim}, but the recount used its budget of {budget} search nodes \
         after finding {found} solution(s): the claim could not be verified"
    )
}

fn describe(found: u64, claim: u64) -> String {
    if found > claim {
        format!("more than {claim}")
    } else {
        found.to_string()
    }
}

/// An answer line without a trailing ` # ...` comment, which puzzle lines
/// may have too (`dlx gen --rate` writes them); a mark (`! ...`) is kept
/// whole, its reason being free text.
fn without_comment(answer: String) -> String {
    if answer.starts_with('!') {
        answer
    } else {
        dlx_engine::puzzles::lines::strip_comment(&answer).to_string()
    }
}

/// Reads a solution grid whose first line is `first`: a one-line grid, or
/// `side` rows.
fn read_grid_answer<R: BufRead>(
    answers: &mut Answers<R>,
    first: String,
    side: usize,
) -> Result<Grid, CheckError> {
    // A line that cannot start a grid is a one-line answer, whatever its
    // length: say what is wrong with it, rather than read the answers
    // after it as rows.
    if first.chars().count() == side * side || !is_row_shaped(&first, side) {
        return Grid::from_line(&first)
            .map_err(|e| answers.mismatch(answers.line_no, e.to_string()));
    }
    let (mut rows, mut lines) = (vec![first], vec![answers.line_no]);
    while rows.iter().filter(|r| !is_rule(r)).count() < side {
        match answers.next_line()? {
            Some((line, row)) => {
                rows.push(without_comment(row));
                lines.push(line);
            }
            None => return Err(answers.mismatch(answers.line_no, "the answers end inside a grid")),
        }
    }
    // Rows with commas or semicolons between their cells, as `dlx solve`
    // reads them in puzzle files.
    let rows: Vec<String> = (rows.into_iter())
        .map(|row| dlx_engine::puzzles::lines::csv_grid_row(&row).unwrap_or(row))
        .collect();
    grid_of_rows(&rows, &lines).map_err(|(line, e)| answers.mismatch(line, e))
}

/// The grid of answer rows read on `lines` (rule lines among them), or
/// why not, at the line of the row at fault (a row too short, a bad
/// symbol) or else the grid's first line.
fn grid_of_rows(rows: &[String], lines: &[usize]) -> Result<Grid, (usize, String)> {
    Grid::from_rows(rows).map_err(|e| {
        let row = match &e {
            GridError::RowLength { row, .. } | GridError::BadSymbol { row, .. } => Some(*row),
            _ => None,
        };
        // `from_rows` counts rows without the rules.
        let line = row
            .and_then(|row| {
                (rows.iter().zip(lines))
                    .filter(|(r, _)| !is_rule(r))
                    .nth(row - 1)
            })
            .map_or(lines[0], |(_, &line)| line);
        (line, e.to_string())
    })
}

/// Whether `answer` is a full row of a solved grid of this side written as
/// bare symbols (`483921657`): every symbol once.
fn is_solution_row(answer: &str, side: usize) -> bool {
    let mut seen = vec![false; side + 1];
    answer.chars().count() == side
        && answer
            .chars()
            .all(|c| match symbol_value(c, side).map(usize::from) {
                Some(v) if v > 0 && !seen[v] => {
                    seen[v] = true;
                    true
                }
                _ => false,
            })
}

/// Whether `line` could be the first line of a grid of this side: a row of
/// `side` cells (numbers between blanks or separators, or bare symbols,
/// `|` between boxes allowed) or a rule line.
fn is_row_shaped(line: &str, side: usize) -> bool {
    let separator = |c: char| c.is_whitespace() || matches!(c, '|' | ',' | ';');
    let fields = line.split(separator).filter(|f| !f.is_empty()).count();
    let symbols = line.chars().filter(|&c| !separator(c)).count();
    fields == side || symbols == side || is_rule(line)
}

fn is_rule(row: &str) -> bool {
    row.chars()
        .all(|c| matches!(c, '-' | '+' | '=' | '|' | ' '))
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlx_engine::baseline::BitmaskSudoku;
    use dlx_engine::puzzles::sudoku::samples::{EASY, EASY_SOLUTION};
    use dlx_engine::puzzles::sudoku::Solution;

    /// The bitmask solver, recording the limits of every search.
    #[derive(Default)]
    struct Recording {
        solver: BitmaskSudoku,
        seen: Vec<Limits>,
    }

    impl SudokuSolver for Recording {
        fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Solution {
            self.seen.push(limits);
            self.solver.solve(puzzle, limits)
        }
    }

    const EMPTY: &str =
        ".................................................................................";

    fn check(
        puzzles: &str,
        answers: &str,
        cap: Option<u64>,
        budget: u64,
    ) -> (Result<CheckReport, CheckError>, Vec<Limits>) {
        let mut solver = Recording::default();
        let result = check_sudoku_with_budget(
            "p.txt",
            puzzles.as_bytes(),
            "a.txt",
            answers.as_bytes(),
            cap,
            &mut solver,
            budget,
        );
        (result, solver.seen)
    }

    fn mismatch(result: Result<CheckReport, CheckError>) -> InputError {
        match result {
            Err(CheckError::Mismatch(m)) => m,
            other => panic!("expected a mismatch, got {other:?}"),
        }
    }

    /// A read error names the file it happened in: a check reads two.
    #[test]
    fn read_errors_name_their_file() {
        /// Gives its bytes, then fails as a disk that is gone.
        struct Failing<'a>(&'a [u8]);
        impl io::Read for Failing<'_> {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if self.0.is_empty() {
                    return Err(io::Error::other("the disk is gone"));
                }
                let n = buf.len().min(self.0.len());
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let line = format!("{EMPTY}\n");
        let solved = BitmaskSudoku::default()
            .solve(&Grid::from_line(EMPTY).unwrap(), Limits::none())
            .grid
            .unwrap()
            .to_line();
        let answer = format!("{solved}\n");
        let run = |puzzles: Failing, answers: Failing| {
            check_sudoku(
                "p.txt",
                io::BufReader::new(puzzles),
                "a.txt",
                io::BufReader::new(answers),
                None,
                &mut BitmaskSudoku::default(),
            )
        };
        for (result, file) in [
            (
                run(Failing(line.as_bytes()), Failing(answer.as_bytes())),
                "p.txt: ",
            ),
            (run(Failing(line.as_bytes()), Failing(b"")), "a.txt: "),
        ] {
            match result {
                Err(CheckError::Io(e)) => assert!(e.to_string().starts_with(file), "{e}"),
                other => panic!("expected a read error of {file}, got {other:?}"),
            }
        }
    }

    #[test]
    fn a_huge_claim_runs_out_of_budget_and_says_so() {
        let (result, seen) = check(
            &format!("{EMPTY}\n{EMPTY}\n"),
            &format!("{}\n{}\n", u64::MAX, u64::MAX),
            None,
            10_000,
        );
        let m = mismatch(result);
        assert_eq!((m.file.as_str(), m.line), ("a.txt", 1));
        assert!(m.reason.contains("could not be verified"), "{}", m.reason);
        assert!(m.reason.contains("10000 search nodes"), "{}", m.reason);
        assert!(m.reason.contains("p.txt:1"), "{}", m.reason);
        // The first record settles it: the second is never searched.
        assert_eq!(seen.len(), 1);
        assert_eq!(seen[0].max_nodes, Some(10_000));
    }

    /// A 25x25 puzzle of the bundled set: the engine proves it unique in a
    /// few thousand nodes, the bitmask solver not in 100,000. Its claims are
    /// settled by the engine and counted apart; a wrong one is still caught.
    #[test]
    fn the_engine_settles_what_the_bitmask_budget_cannot() {
        let file = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/puzzles/sudoku/25x25-20.txt"
        ));
        let puzzle = file
            .lines()
            .find(|l| !l.starts_with('#'))
            .expect("a puzzle");
        let (result, seen) = check(&format!("{puzzle}\n"), "unique\n", None, 100_000);
        let report = result.expect("unique, by the engine");
        assert_eq!((report.counts, report.engine_recounts), (1, 1));
        assert_eq!(seen.len(), 1, "the bitmask solver tried first");
        let (result, _) = check(&format!("{puzzle}\n"), "multiple\n", None, 100_000);
        assert!(mismatch(result).reason.contains("recount finds 1 solution"));
        // Within its budget the bitmask solver settles an easy claim alone.
        let (result, _) = check(&format!("{EASY}\n"), "unique\n", None, 100_000);
        assert_eq!(result.expect("unique").engine_recounts, 0);
    }

    /// A `! limit` mark is not verifiable, but it must be one `dlx solve`
    /// writes.
    #[test]
    fn limit_marks_must_be_well_formed() {
        let (result, _) = check(
            &format!("{EASY}\n"),
            "! limit: node budget of 5 reached\n",
            None,
            10,
        );
        assert_eq!(result.expect("a limit mark").limits, 1);
        let (result, _) = check(&format!("{EASY}\n"), "! limit: banana\n", None, 10);
        assert!(mismatch(result)
            .reason
            .starts_with("unknown mark `! limit: banana`"));
        // Numbers as `dlx solve` writes them, and at least one solution
        // when it says it found some.
        for bad in [
            "! limit: node budget of ... reached after . solution(s)",
            "! limit: node budget of 5 reached after 0 solution(s)",
        ] {
            let (result, _) = check(&format!("{EASY}\n"), &format!("{bad}\n"), None, 10);
            assert!(mismatch(result).reason.starts_with("unknown mark"), "{bad}");
        }
    }

    /// A `! limit` mark saying it found K solutions is refused when the
    /// puzzle has fewer; when the recount's budget runs out first, it
    /// stays unverified.
    #[test]
    fn limit_marks_cannot_claim_more_solutions_than_there_are() {
        let mark = |k: u64| format!("! limit: time limit of 5 ms reached after {k} solution(s)\n");
        let (result, seen) = check(&format!("{EASY}\n"), &mark(1), None, 1_000);
        assert_eq!(result.expect("one solution found").limits, 1);
        assert_eq!(seen[0].max_solutions, Some(1));
        let (result, _) = check(&format!("{EASY}\n"), &mark(9), None, 1_000);
        let reason = mismatch(result).reason;
        assert!(reason.contains("the mark says 9 solution(s)"), "{reason}");
        assert!(reason.contains("the puzzle has only 1"), "{reason}");
        let (result, _) = check(&format!("{EMPTY}\n"), &mark(1_000_000), None, 1_000);
        assert_eq!(result.expect("budget out: unverified").limits, 1);
        // Sudominoku answers too: one domino and the nine numbers on row A
        // has thousands of solutions, a full puzzle one.
        let open = "1\n1 B4 2 B5\nA1 A2 A3 A4 A5 A6 A7 A8 A9\n0\n";
        let sudominoku = |puzzle: &str, k: u64| {
            check_sudominoku_with_budget(
                "p.txt",
                puzzle.as_bytes(),
                "a.txt",
                format!("Puzzle 1\n{}", mark(k)).as_bytes(),
                None,
                1_000_000,
            )
        };
        assert_eq!(sudominoku(open, 100).unwrap().limits, 1);
        let full = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/puzzles/sudominoku/sample-own.txt"
        ));
        let first: String = {
            let mut lines = full.lines();
            let n: usize = lines.next().unwrap().trim().parse().unwrap();
            let mut text = format!("{n}\n");
            for _ in 0..n + 1 {
                text += lines.next().unwrap();
                text.push('\n');
            }
            text + "0\n"
        };
        let reason = mismatch(sudominoku(&first, 2)).reason;
        assert!(reason.contains("the puzzle has only 1"), "{reason}");
    }

    /// Answers with their grids' titles taken out are checked as they
    /// are, verdicts included (`unique` is word-like, as titles are).
    #[test]
    fn answers_without_titles_are_checked() {
        let rows: String = EASY
            .as_bytes()
            .chunks(9)
            .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
            .collect();
        let puzzle = format!("Grid 01\n{rows}");
        for answer in ["unique\n", "1\n", &format!("{EASY_SOLUTION}\n")] {
            let (result, _) = check(&puzzle, answer, None, 100_000);
            assert!(result.is_ok(), "{answer}: {result:?}");
        }
        let (result, _) = check(&puzzle, "Grid 02\nunique\n", None, 100_000);
        assert!(mismatch(result)
            .reason
            .contains("expected the title `Grid 01`"));
    }

    /// Answers may carry ` # ...` comments as puzzle lines do; a mark's
    /// reason is free text and stays whole.
    #[test]
    fn answers_with_trailing_comments_are_checked() {
        let solution = dlx_engine::puzzles::sudoku::samples::EASY_SOLUTION;
        let puzzles = format!("{EASY}\n{EASY}\n{EASY}\n");
        let grid = Grid::from_line(solution).unwrap().to_numeric_rows();
        let rows: Vec<String> = grid.lines().map(|r| format!("{r} # row")).collect();
        let answers = format!(
            "{solution} # from elsewhere\n1 # count\n{}\n",
            rows.join("\n")
        );
        let (result, _) = check(&puzzles, &answers, None, 100_000);
        let report = result.unwrap();
        assert_eq!((report.solutions, report.counts), (2, 1));
        // A wrong solution is still wrong with a comment after it.
        let wrong = solution.replacen('4', "9", 1);
        let (result, _) = check(
            &format!("{EASY}\n"),
            &format!("{wrong} # mine\n"),
            None,
            100_000,
        );
        assert!(mismatch(result).reason.contains("9"));
    }

    /// A solved grid written with commas or semicolons between its cells
    /// is read as `dlx solve` reads such rows; a changed given still fails.
    #[test]
    fn comma_separated_grid_answers_are_read() {
        let rows = |sep: &str, solution: &str| -> String {
            (solution.as_bytes().chunks(9))
                .map(|r| {
                    let cells: Vec<String> = r.iter().map(|&b| char::from(b).to_string()).collect();
                    format!("{}\n", cells.join(sep))
                })
                .collect()
        };
        for sep in [",", ";", ", "] {
            let (result, _) = check(&format!("{EASY}\n"), &rows(sep, EASY_SOLUTION), None, 10);
            assert_eq!(result.expect(sep).solutions, 1);
        }
        let first_given = EASY.find(|c: char| c.is_ascii_digit()).unwrap();
        let mut wrong = EASY_SOLUTION.as_bytes().to_vec();
        wrong[first_given] = if wrong[first_given] == b'1' {
            b'2'
        } else {
            b'1'
        };
        let wrong = String::from_utf8(wrong).unwrap();
        let (result, _) = check(&format!("{EASY}\n"), &rows(",", &wrong), None, 10);
        assert!(mismatch(result).reason.contains("was changed"));
    }

    #[test]
    fn recounts_never_look_past_what_the_claim_needs() {
        // Uncapped: one more than the claim.
        let (result, seen) = check(&format!("{EMPTY}\n"), "7\n", None, 1_000_000);
        assert!(mismatch(result).reason.contains("more than 7"));
        assert_eq!(seen[0].max_solutions, Some(8));
        // Equal to the cap: the claim itself, and a lower bound is enough.
        let (result, seen) = check(&format!("{EMPTY}\n"), "7\n", Some(7), 1_000_000);
        assert_eq!(result.unwrap().counts, 1);
        assert_eq!(seen[0].max_solutions, Some(7));
        // Above the cap: wrong without any search.
        let (result, seen) = check(&format!("{EMPTY}\n"), "8\n", Some(7), 1_000_000);
        assert!(mismatch(result).reason.contains("--max-solutions cap of 7"));
        assert!(seen.is_empty());
        // Verdicts and marks: at most two, one.
        let (result, seen) = check(
            &format!("{EMPTY}\n{EASY}\n"),
            "multiple\nunique\n",
            None,
            1_000_000,
        );
        assert_eq!(result.unwrap().counts, 2);
        assert!(seen.iter().all(|l| l.max_solutions == Some(2)));
    }

    #[test]
    fn right_answers_pass_within_a_small_budget() {
        let (result, _) = check(
            &format!("{EASY}\n{EASY}\n{EASY}\n"),
            "1\nunique\n1\n",
            None,
            10_000,
        );
        let report = result.unwrap();
        assert_eq!((report.records, report.counts), (3, 3));
    }

    #[test]
    fn verdicts_and_marks_the_budget_cannot_settle_are_unverifiable() {
        // A budget of 0 nodes settles nothing that needs a search.
        for answer in ["unique", "none", "! unsolvable", "1"] {
            let (result, _) = check(&format!("{EASY}\n"), &format!("{answer}\n"), None, 0);
            let m = mismatch(result);
            assert!(
                m.reason.contains("could not be verified"),
                "{answer}: {}",
                m.reason
            );
        }
    }

    #[test]
    fn judgements() {
        use Judgement::*;
        // (claim, found, limited, at_least)
        assert_eq!(judge(3, 3, false, false), Confirmed);
        assert_eq!(judge(3, 3, true, false), Unverifiable);
        assert_eq!(judge(3, 2, true, false), Unverifiable);
        assert_eq!(judge(3, 2, false, false), Wrong);
        assert_eq!(judge(3, 4, false, false), Wrong);
        assert_eq!(judge(3, 4, true, false), Wrong);
        assert_eq!(judge(3, 3, true, true), Confirmed);
        assert_eq!(judge(3, 2, true, true), Unverifiable);
        assert_eq!(judge(3, 2, false, true), Wrong);
        assert_eq!(judge(0, 0, false, false), Confirmed);
        assert_eq!(judge(0, 0, true, false), Unverifiable);
    }

    /// What the textbook solver cannot recount within the budget, the
    /// engine does, counted apart; a right answer is not failed for it.
    #[test]
    fn sudominoku_recounts_fall_back_to_the_engine() {
        let puzzles = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/puzzles/sudominoku/generated-100.txt"
        ));
        let answers: String = (1..=100).map(|k| format!("Puzzle {k}\nunique\n")).collect();
        let report = check_sudominoku_with_budget(
            "p.txt",
            puzzles.as_bytes(),
            "a.txt",
            answers.as_bytes(),
            None,
            5_000,
        )
        .unwrap();
        assert_eq!(report.counts, 100);
        // The textbook solver needs about 33,000 nodes on average here, the
        // engine about 170.
        assert!((1..100).contains(&report.engine_recounts), "{report:?}");
    }

    #[test]
    fn sudominoku_claims_have_a_budget_too() {
        // One domino and the nine numbers on row A: thousands of solutions.
        let puzzle = "1\n1 B4 2 B5\nA1 A2 A3 A4 A5 A6 A7 A8 A9\n0\n";
        let answers = format!("Puzzle 1\n{}\n", u64::MAX);
        let result = check_sudominoku_with_budget(
            "p.txt",
            puzzle.as_bytes(),
            "a.txt",
            answers.as_bytes(),
            None,
            10_000,
        );
        let m = mismatch(result);
        assert_eq!(m.line, 2);
        assert!(m.reason.contains("could not be verified"), "{}", m.reason);
        // A right count under the cap passes.
        let result = check_sudominoku_with_budget(
            "p.txt",
            puzzle.as_bytes(),
            "a.txt",
            b"Puzzle 1\n10\n".as_slice(),
            Some(10),
            1_000_000,
        );
        assert_eq!(result.unwrap().counts, 1);
    }

    /// A grid answer's fault is reported at the row it is in; a
    /// Sudominoku grid cut short by the next `Puzzle k`, at that header.
    #[test]
    fn grid_faults_name_their_row() {
        let puzzle = "1\n1 B4 2 B5\nA1 A2 A3 A4 A5 A6 A7 A8 A9\n0\n";
        let grid = DlxSudominoku::new()
            .solve(
                &sudominoku::parse(puzzle).records[0].puzzle.clone().unwrap(),
                Limits::solutions(1),
            )
            .grid
            .unwrap();
        let rows: Vec<String> = grid.to_bare_rows().lines().map(str::to_string).collect();
        let answers = |rows: &[String]| format!("Puzzle 1\n{}\n", rows.join("\n"));
        let domino = |rows: &[String]| {
            mismatch(check_sudominoku_with_budget(
                "p.txt",
                puzzle.as_bytes(),
                "a.txt",
                answers(rows).as_bytes(),
                None,
                1_000,
            ))
        };
        // Row 4 (line 5) a cell short.
        let mut short = rows.clone();
        short[3].pop();
        let m = domino(&short);
        assert_eq!(m.line, 5, "{m}");
        assert!(m.reason.starts_with("row 4 has 8 entries"), "{m}");
        // Row 2 (line 3) left out: the header after the grid cuts it.
        let mut cut = rows.clone();
        cut.remove(1);
        cut.push("Puzzle 2".into());
        let m = domino(&cut);
        assert_eq!(m.line, 10, "{m}");
        assert!(
            m.reason
                .starts_with("the grid of `Puzzle 1` ends after 8 of 9 rows, at `Puzzle 2`"),
            "{m}"
        );

        // Sudoku: a pretty grid's rules are not rows; the bad symbol of
        // row 8 is on line 10.
        let puzzle = Grid::from_line(EMPTY).unwrap();
        let solved = BitmaskSudoku::default()
            .solve(&puzzle, Limits::none())
            .grid
            .unwrap();
        let pretty = solved.to_pretty();
        let mut lines: Vec<String> = pretty.lines().map(str::to_string).collect();
        lines[9].replace_range(0..1, "x");
        let (result, _) = check(&format!("{EMPTY}\n"), &lines.join("\n"), None, 1_000);
        let m = mismatch(result);
        assert_eq!(m.line, 10, "{m}");
        assert!(m.reason.starts_with("bad symbol `x`"), "{m}");
    }
}
