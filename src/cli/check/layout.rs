//! `dlx check --variant jigsaw|killer|samurai`: every answer matched with
//! its puzzle record, in order. A solution is checked by the layout's
//! independent verifier ([`LayoutPuzzle::check_solution`], each rule
//! restated from its definition); counts, verdicts and `! unsolvable` marks
//! are recounted by the peer backtracker ([`LayoutPuzzle::solve_by_peers`],
//! no code shared with the encoding), the engine recounting only where
//! that runs out of [`RECOUNT_NODE_BUDGET`] nodes.

use std::io::BufRead;

use super::{
    check_limit_mark, describe, limit_mark, recount_target, settle, unverifiable, Answers,
    CheckError, CheckReport, RECOUNT_NODE_BUDGET,
};
use crate::cli::answer::{parse_count, parse_verdict, INVALID_MARK, UNSOLVABLE_MARK};
use dlx_engine::error::{named_io, InputError};
use dlx_engine::exact_cover::Limits;
use dlx_engine::puzzles::sudoku::variants::{
    CellSolution, Layout, LayoutPuzzle, LayoutReader, SamuraiForm,
};

/// Checks the answers to a file of `layout` puzzles; `max_solutions` is
/// the cap the counts were made with, if any.
pub fn check_layout(
    (puzzles_name, puzzles): (&str, impl BufRead),
    (answers_name, answers): (&str, impl BufRead),
    max_solutions: Option<u64>,
    layout: Layout,
) -> Result<CheckReport, CheckError> {
    let mut answers = Answers::new(answers_name, answers).raw();
    let mut report = CheckReport::default();
    let mut engine_recounts = 0;
    let limits = |want: u64| Limits::solutions(want.max(1)).with_max_nodes(RECOUNT_NODE_BUDGET);
    for record in LayoutReader::new(layout, puzzles) {
        let record = record.map_err(|e| named_io(puzzles_name, e))?;
        let mut next = answers.next_line()?;
        while next
            .as_ref()
            .is_some_and(|(_, a)| a.trim_start().starts_with('#'))
        {
            next = answers.next_line()?;
        }
        let Some((line, answer)) = next else {
            return Err(answers.mismatch(
                answers.line_no,
                format!("no answer for the puzzle at {puzzles_name}:{}", record.line),
            ));
        };
        report.records += 1;
        let at = |line: usize, reason: String| {
            CheckError::Mismatch(InputError::new(
                answers_name,
                line,
                format!("{reason} (puzzle at {puzzles_name}:{})", record.line),
            ))
        };
        let answer = answer.trim_end().to_string();
        let puzzle = match record.puzzle {
            Err(_) if answer.starts_with(INVALID_MARK) => {
                report.marks += 1;
                continue;
            }
            Err(reason) => {
                return Err(at(
                    line,
                    format!("the puzzle is invalid ({reason}) but the answer is `{answer}`"),
                ))
            }
            Ok(_) if answer.starts_with(INVALID_MARK) => {
                return Err(at(line, "the puzzle is valid but marked invalid".into()))
            }
            Ok(puzzle) => puzzle,
        };
        let mut recount = |want: u64| -> CellSolution {
            let first = puzzle.solve_by_peers(limits(want));
            if !first.end.is_limit() {
                return first;
            }
            let again = puzzle.solve(limits(want));
            engine_recounts += u64::from(!again.end.is_limit());
            again
        };
        if let Some(claim) = limit_mark(&answer).map_err(|e| at(line, e))? {
            check_limit_mark(claim, |want| {
                let found = recount(want);
                (found.count, found.end.is_limit())
            })
            .map_err(|e| at(line, e))?;
            report.limits += 1;
            continue;
        }
        if answer.starts_with(UNSOLVABLE_MARK) {
            let found = recount(1);
            if found.count > 0 {
                let reason = "marked unsolvable, but the puzzle has a solution";
                return Err(at(line, reason.into()));
            }
            if found.end.is_limit() {
                let reason = unverifiable("`! unsolvable`", 0, RECOUNT_NODE_BUDGET);
                return Err(at(line, reason));
            }
            report.marks += 1;
            continue;
        }
        if answer.starts_with('!') {
            return Err(at(line, format!("unknown mark `{answer}`")));
        }
        if let Some((claim, lower_bound)) = parse_count(answer.trim()) {
            let want = if lower_bound {
                claim
            } else {
                recount_target(claim, max_solutions).map_err(|e| at(line, e))?
            };
            let found = recount(want);
            let capped = lower_bound || max_solutions == Some(claim);
            let recounted = (claim, found.count, found.end.is_limit(), capped);
            let claimed = format!("{claim} solution(s)");
            settle(recounted, RECOUNT_NODE_BUDGET, &claimed, || {
                format!(
                    "answer says {claim} solution(s), recount finds {}",
                    describe(found.count, claim)
                )
            })
            .map_err(|e| at(line, e))?;
            report.counts += 1;
            continue;
        }
        if let Some(claim) = parse_verdict(answer.trim()) {
            let found = recount(2);
            let count = found.count.min(2);
            let recounted = (claim, count, found.end.is_limit(), claim == 2);
            settle(
                recounted,
                RECOUNT_NODE_BUDGET,
                &format!("`{answer}`"),
                || {
                    format!(
                        "answer says `{answer}`, recount finds {count} solution(s) (capped at 2)"
                    )
                },
            )
            .map_err(|e| at(line, e))?;
            report.counts += 1;
            continue;
        }
        // A solution: one line, or a samurai frame of 21 rows.
        let mut text = answer.clone();
        if matches!(&puzzle, LayoutPuzzle::Samurai(s) if s.form() == SamuraiForm::Frame) {
            for _ in 1..dlx_engine::puzzles::sudoku::variants::SAMURAI_FRAME {
                match answers.next_line()? {
                    Some((_, row)) => {
                        text.push('\n');
                        text.push_str(row.trim_end());
                    }
                    None => break,
                }
            }
        }
        let cells = puzzle.read_answer(&text).map_err(|e| at(line, e))?;
        puzzle.check_solution(&cells).map_err(|e| at(line, e))?;
        report.solutions += 1;
    }
    answers.expect_end()?;
    report.engine_recounts = engine_recounts;
    Ok(report)
}
