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
mod layout;
mod xc;

pub use command::{run as run_command, CheckArgs};
pub use layout::check_layout;
pub use xc::check_exact_cover;

use std::io::{self, BufRead};

use crate::cli::answer::{
    parse_count, parse_limit, parse_verdict, INVALID_MARK, LIMIT_MARK, UNSOLVABLE_MARK,
};
use dlx_engine::baseline::NaiveSudominoku;
use dlx_engine::error::{named_io, InputError};
use dlx_engine::exact_cover::Limits;
use dlx_engine::io::{read_line, Line};
use dlx_engine::puzzles::lines::is_title;
use dlx_engine::puzzles::sudoku::variants::{PeerSudoku, VariantSudoku, Variants};
use dlx_engine::puzzles::sudoku::SudokuReader;
use dlx_engine::puzzles::sudoku::{
    symbol_value, DlxSudoku, Grid, GridError, Solution, SudokuSolver,
};
use dlx_engine::puzzles::sudominoku::{self, DlxSudominoku};

/// Search nodes one recount may use (a count, a verdict or an
/// `! unsolvable` mark) before its claim is reported as not verifiable:
/// seconds of the bitmask solver (some 4 million solutions of an empty 9x9
/// grid) or of the naive Sudominoku solver. Proper puzzles need a tiny
/// fraction of it.
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
    /// Lines as written (leading spaces kept: a samurai frame's rows).
    raw: bool,
}

impl<R: BufRead> Answers<R> {
    /// The answers file `name`, read from its start.
    fn new(name: &str, input: R) -> Self {
        Answers {
            name: name.to_string(),
            input,
            buf: Vec::new(),
            line_no: 0,
            raw: false,
        }
    }

    /// The same reader, giving lines with their leading spaces.
    fn raw(self) -> Self {
        Answers { raw: true, ..self }
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
                Some(Line::Text(t)) if self.raw => return Ok(Some((self.line_no, t))),
                Some(Line::Text(t)) => return Ok(Some((self.line_no, t.trim().to_string()))),
            }
        }
    }
}

/// Checks Sudoku answers against their puzzles. `max_solutions` is the cap
/// the counts were made with, if any. `solver` recounts (use an independent
/// solver, such as the bitmask baseline), within [`RECOUNT_NODE_BUDGET`]
/// nodes per record.
#[cfg(test)]
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
        None,
    )
}

/// [`check_sudoku`] with a node budget of `node_budget` per recount instead
/// of [`RECOUNT_NODE_BUDGET`], and the puzzles' boxes `--box` asked for
/// (`shape`, see [`SudokuReader::with_box`]). A recount that runs out of
/// the budget is a mismatch saying the claim could not be verified.
// Two inputs with their names, and what the check is run with: grouping
// them would only move the list into a struct built once, here.
#[allow(clippy::too_many_arguments)]
pub fn check_sudoku_with_budget(
    puzzles_name: &str,
    puzzles: impl BufRead,
    answers_name: &str,
    answers: impl BufRead,
    max_solutions: Option<u64>,
    solver: &mut dyn SudokuSolver,
    node_budget: u64,
    shape: Option<dlx_engine::puzzles::sudoku::BoxShape>,
) -> Result<CheckReport, CheckError> {
    let input = (puzzles_name, puzzles, answers_name, answers);
    let classic = (Variants::NONE, solver);
    check_sudoku_rules(input, max_solutions, classic, node_budget, shape)
}

/// Checks answers to Sudoku puzzles solved with `--variant` rules: every
/// solution by [`Variants::check_solution`] (each rule restated from its
/// definition), counts and marks by [`PeerSudoku`] (backtracking over each
/// cell's peers, no engine code), the engine recounting only where that
/// runs out of [`RECOUNT_NODE_BUDGET`] nodes.
pub fn check_variant_sudoku(
    puzzles_name: &str,
    puzzles: impl BufRead,
    answers_name: &str,
    answers: impl BufRead,
    max_solutions: Option<u64>,
    shape: Option<dlx_engine::puzzles::sudoku::BoxShape>,
    variants: Variants,
) -> Result<CheckReport, CheckError> {
    let input = (puzzles_name, puzzles, answers_name, answers);
    let mut peers = PeerSudoku::new(variants);
    let rules = (variants, &mut peers as &mut dyn SudokuSolver);
    check_sudoku_rules(input, max_solutions, rules, RECOUNT_NODE_BUDGET, shape)
}

/// [`check_sudoku_with_budget`] under the rules of `variants` (none:
/// classic), `solver` being the independent recount.
fn check_sudoku_rules(
    (puzzles_name, puzzles, answers_name, answers): (&str, impl BufRead, &str, impl BufRead),
    max_solutions: Option<u64>,
    (variants, solver): (Variants, &mut dyn SudokuSolver),
    node_budget: u64,
    shape: Option<dlx_engine::puzzles::sudoku::BoxShape>,
) -> Result<CheckReport, CheckError> {
    let limits = |want: u64| Limits::solutions(want.max(1)).with_max_nodes(Some(node_budget));
    // The independent solver first; the engine when its budget runs out.
    // A recount is a count (a claim of none needs the whole tree), which
    // restarts in shuffled orders only make dearer: see `Restarts`.
    let mut engine: Box<dyn SudokuSolver> = if variants.is_empty() {
        Box::new(DlxSudoku::with_restarts(None))
    } else {
        Box::new(VariantSudoku::new(variants))
    };
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
    for record in SudokuReader::new(puzzles).with_box(shape) {
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
        let puzzle = record.puzzle.and_then(|(g, _)| {
            g.check_givens().map_err(|e| e.to_string())?;
            variants.check_givens(&g)?;
            Ok(g)
        });
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
        variants
            .check_solution(&solution, &grid)
            .map_err(|e| at(e.0))?;
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
    for (k, record) in dlx_engine::puzzles::sudominoku::records(puzzles).enumerate() {
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
mod tests;
