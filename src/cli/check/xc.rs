//! Checking the answer `dlx solve` wrote for an exact-cover problem in
//! Knuth's format: every solution it lists is verified as an exact cover
//! with [`exact_cover::verify`] (written without the arena, so it shares no
//! code with the search), and every count, verdict or mark is recounted.
//!
//! The answer is one of the forms `dlx solve` writes for the one record an
//! exact-cover file is: a solution (its options, one per line); a listing
//! (`--all`: solutions separated by blank lines, then `N solution(s)`, or a
//! `! limit` mark); a count (`N`, or `>= N` when `--max-solutions` stopped
//! it); a verdict; or a mark.

use std::collections::{HashMap, HashSet};
use std::io::BufRead;

use dlx_engine::error::named_io;
use dlx_engine::exact_cover::{self, knuth_format, Limits, Problem, Solver};
use dlx_engine::io::{read_line, Line};

use super::{
    check_limit_mark, recount_target, settle, unverifiable, CheckError, CheckReport,
    RECOUNT_NODE_BUDGET,
};
use crate::cli::answer::{
    parse_count, parse_limit, parse_verdict, INVALID_MARK, LIMIT_MARK, UNSOLVABLE_MARK,
};
use dlx_engine::error::InputError;
use dlx_engine::io::read_text;

/// Checks the answer to the exact-cover problem `puzzles` (see the module
/// docs). Counts and verdicts are recounted by the engine, the only
/// exact-cover solver here, within [`RECOUNT_NODE_BUDGET`] nodes
/// ([`CheckReport::engine_recounts`] says how many); solutions are verified
/// independently of it.
pub fn check_exact_cover(
    puzzles_name: &str,
    puzzles: impl BufRead,
    answers_name: &str,
    answers: impl BufRead,
    max_solutions: Option<u64>,
) -> Result<CheckReport, CheckError> {
    let node_budget = RECOUNT_NODE_BUDGET;
    let mismatch = |line: usize, reason: String| {
        CheckError::Mismatch(InputError::new(answers_name, line, reason))
    };
    let lines = answer_lines(answers_name, answers)?;
    let mut report = CheckReport {
        records: 1,
        ..CheckReport::default()
    };
    let Some((first_line, first)) = lines.iter().find(|(_, l)| !l.is_empty()).cloned() else {
        return Err(mismatch(
            lines.len().max(1),
            format!("no answer for the exact-cover problem {puzzles_name}"),
        ));
    };
    let text = read_text(puzzles)
        .map_err(|e| named_io(puzzles_name, e))?
        .map_err(|(line, reason)| InputError::new(puzzles_name, line, reason));
    let xc = text.and_then(|text| knuth_format::parse(&text, puzzles_name));
    let xc = match xc {
        // The reason written after the mark is not compared, as for Sudoku.
        Err(_) if first.starts_with(INVALID_MARK) => {
            report.marks += 1;
            return expect_end(&lines, first_line, &mismatch).map(|()| report);
        }
        Err(e) => {
            return Err(mismatch(
                first_line,
                format!("the problem is invalid ({e}) but the answer is `{first}`"),
            ))
        }
        Ok(_) if first.starts_with(INVALID_MARK) => {
            return Err(mismatch(
                first_line,
                "the problem is valid but marked invalid".into(),
            ))
        }
        Ok(xc) => xc,
    };
    let problem = &xc.problem;
    let matrix = problem.compile().map_err(|e| {
        mismatch(
            first_line,
            format!("the problem cannot be solved here: {e}"),
        )
    })?;
    let mut solver = Solver::new(&matrix);
    // The solutions a recount finds looking for `want` of them, and whether
    // its budget ran out first.
    let mut recount = |want: u64| -> (u64, bool) {
        let limits = Limits::solutions(want.max(1)).with_max_nodes(Some(node_budget));
        let report = solver.count(limits);
        (report.solutions, report.end.is_limit())
    };
    let single = |what: &str| -> Result<(), CheckError> {
        expect_end(&lines, first_line, &mismatch)
            .map_err(|_| mismatch(first_line, format!("{what} must stand alone")))
    };
    let options = option_index(problem);
    // A one-line solution whose option reads as a count or a verdict (an
    // item named `7` or `unique`) is a solution: verified as one below.
    let is_option = options.contains_key(first.as_str());
    if first.starts_with(UNSOLVABLE_MARK) {
        single("a mark")?;
        let (found, cut) = recount(1);
        report.engine_recounts += 1;
        if found > 0 {
            return Err(mismatch(
                first_line,
                "marked unsolvable, but the problem has a solution".into(),
            ));
        }
        if cut {
            return Err(mismatch(
                first_line,
                unverifiable("`! unsolvable`", 0, node_budget),
            ));
        }
        report.marks += 1;
        return Ok(report);
    }
    if first.starts_with(LIMIT_MARK) {
        let claim = parse_limit(&first)
            .ok_or_else(|| mismatch(first_line, format!("unknown mark `{first}`")))?;
        single("a mark")?;
        check_limit_mark(claim, recount).map_err(|e| mismatch(first_line, e))?;
        report.limits += 1;
        return Ok(report);
    }
    if first.starts_with('!') {
        return Err(mismatch(first_line, format!("unknown mark `{first}`")));
    }
    if let Some((claim, lower_bound)) = parse_count(&first).filter(|_| !is_option) {
        single("a count")?;
        let want = if lower_bound {
            claim
        } else {
            recount_target(claim, max_solutions).map_err(|e| mismatch(first_line, e))?
        };
        let (found, cut) = recount(want);
        report.engine_recounts += 1;
        let capped = lower_bound || max_solutions == Some(claim);
        settle(
            (claim, found, cut, capped),
            node_budget,
            &format!("`{first}`"),
            || format!("answer says `{first}`, recount finds {found} solution(s)"),
        )
        .map_err(|e| mismatch(first_line, e))?;
        report.counts += 1;
        return Ok(report);
    }
    if let Some(claim) = parse_verdict(&first).filter(|_| !is_option) {
        single("a verdict")?;
        let (found, cut) = recount(2);
        report.engine_recounts += 1;
        let found = found.min(2);
        settle(
            (claim, found, cut, claim == 2),
            node_budget,
            &format!("`{first}`"),
            || format!("answer says `{first}`, recount finds {found} solution(s) (capped at 2)"),
        )
        .map_err(|e| mismatch(first_line, e))?;
        report.counts += 1;
        return Ok(report);
    }
    // Solutions: one block, or a listing's blocks and its closing line.
    let mut blocks: Vec<Vec<Numbered>> = Vec::new();
    let mut block = Vec::new();
    for (line, text) in &lines {
        if !text.is_empty() {
            block.push((*line, text.clone()));
        } else if !block.is_empty() {
            blocks.push(std::mem::take(&mut block));
        }
    }
    if !block.is_empty() {
        blocks.push(block);
    }
    let closing = blocks
        .last()
        .filter(|b| b.len() == 1 && (listing_total(&b[0].1).is_some() || b[0].1.starts_with('!')))
        .map(|b| b[0].clone());
    if closing.is_some() {
        blocks.pop();
    }
    let mut seen = HashSet::new();
    // Solutions that differ only in which of two identical options they
    // chose are written alike: with such options, a repeat is no error.
    let copies = options.values().any(|k| k.len() > 1);
    for block in &blocks {
        let (line, _) = block[0];
        let mut chosen = Vec::with_capacity(block.len());
        // The n-th line of a text in this block is the n-th option so written.
        let mut used: HashMap<&str, usize> = HashMap::new();
        for (line, text) in block {
            let nth = used.entry(text.as_str()).or_default();
            let option = options.get(text.as_str()).and_then(|k| k.get(*nth));
            *nth += 1;
            let option = option.ok_or_else(|| {
                mismatch(
                    *line,
                    format!("`{text}` is not an option of {puzzles_name}"),
                )
            })?;
            chosen.push(*option);
        }
        exact_cover::verify(problem, &chosen)
            .map_err(|e| mismatch(line, format!("not an exact cover: {e}")))?;
        chosen.sort_unstable();
        if !seen.insert(chosen) && !copies {
            return Err(mismatch(line, "this solution was listed before".into()));
        }
        report.solutions += 1;
    }
    let listed = blocks.len() as u64;
    match closing {
        // One solution, as a plain solve writes it.
        None if listed == 1 => Ok(report),
        None => Err(mismatch(
            blocks[1][0].0,
            "several solutions without the `N solution(s)` line that ends a listing".into(),
        )),
        Some((line, text)) if text.starts_with(LIMIT_MARK) => {
            let claim = parse_limit(&text)
                .ok_or_else(|| mismatch(line, format!("unknown mark `{text}`")))?;
            if claim != listed {
                return Err(mismatch(
                    line,
                    format!("the mark says {claim} solution(s) were found, {listed} are listed"),
                ));
            }
            report.limits += 1;
            Ok(report)
        }
        Some((line, text)) => {
            let Some((total, capped)) = listing_total(&text) else {
                return Err(mismatch(line, format!("unknown mark `{text}`")));
            };
            if total != listed {
                return Err(mismatch(
                    line,
                    format!("the listing says {total} solution(s), {listed} are listed"),
                ));
            }
            let want = if capped {
                total
            } else {
                total.saturating_add(1)
            };
            let (found, cut) = recount(want);
            report.engine_recounts += 1;
            settle((total, found, cut, capped), node_budget, &text, || {
                format!("the listing says `{text}`, recount finds {found} solution(s)")
            })
            .map_err(|e| mismatch(line, e))?;
            report.counts += 1;
            Ok(report)
        }
    }
}

/// One line of the answer file and its number.
type Numbered = (usize, String);

/// Every line of the answers, trimmed, with its number (blank lines kept:
/// they separate a listing's solutions). A line that cannot be read is a
/// mismatch naming it.
fn answer_lines(name: &str, mut input: impl BufRead) -> Result<Vec<Numbered>, CheckError> {
    let (mut buf, mut lines) = (Vec::new(), Vec::new());
    while let Some(line) = read_line(&mut input, &mut buf).map_err(|e| named_io(name, e))? {
        let number = lines.len() + 1;
        match line {
            Line::Text(text) => lines.push((number, text.trim().to_string())),
            Line::Bad(reason) => {
                return Err(CheckError::Mismatch(InputError::new(name, number, reason)))
            }
        }
    }
    Ok(lines)
}

/// Fails on a non-blank line after `first_line`: the answer was one line.
fn expect_end(
    lines: &[Numbered],
    first_line: usize,
    mismatch: &impl Fn(usize, String) -> CheckError,
) -> Result<(), CheckError> {
    match lines.iter().find(|(n, l)| *n > first_line && !l.is_empty()) {
        Some((line, extra)) => Err(mismatch(
            *line,
            format!("`{extra}` follows the answer (an exact-cover file has one answer)"),
        )),
        None => Ok(()),
    }
}

/// The closing line of a listing, `N solution(s)` with
/// ` (stopped at --max-solutions N; there may be more)` when capped: the
/// total and whether it was capped.
fn listing_total(text: &str) -> Option<(u64, bool)> {
    let (number, rest) = text.split_once(" solution(s)")?;
    let (total, _) = parse_count(number).filter(|&(_, at_least)| !at_least)?;
    match rest {
        "" => Some((total, false)),
        _ => {
            let capped = format!(" (stopped at --max-solutions {total}; there may be more)");
            (rest == capped).then_some((total, true))
        }
    }
}

/// Each option of `problem` as `dlx solve` writes it (its item names
/// joined by spaces, colours as `item:colour`) and the numbers of the
/// options written so, in order: with bounds, a problem may list one option
/// several times and a solution may choose more than one of the copies.
fn option_index(problem: &Problem) -> HashMap<String, Vec<usize>> {
    let mut index: HashMap<String, Vec<usize>> = HashMap::new();
    for k in 0..problem.options() {
        index.entry(problem.option_text(k)).or_default().push(k);
    }
    index
}
