//! Answers: what `dlx solve` says of one record, typed until the moment it
//! is written. Rendering ([`Outcome::render`], [`Answer::reason`]) and
//! parsing back ([`parse_count`], [`parse_verdict`], [`parse_limit`]) live
//! here together, so `dlx check` reads exactly what `dlx solve` writes.
//!
//! An answer line that starts with `!` is a mark: the record was not
//! solved (`! invalid: ...`, `! unsolvable: ...`, `! limit: ...`,
//! `! interrupted`), and the same reason goes to stderr as `FILE:LINE:
//! reason`.

use std::time::Duration;

use dlx_engine::exact_cover::End;
use dlx_engine::puzzles::sudoku::Grid;
use dlx_engine::puzzles::sudoku::Style;

use crate::cli::batch::{self, Status};

/// The question asked of every record of a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// One solution.
    First,
    /// The number of solutions, up to `--max-solutions`.
    Count,
    /// `unique`, `multiple` or `none`.
    Unique,
    /// Every solution, up to `--max-solutions` (exact-cover files only).
    All,
}

/// Which limit stopped a search, with the value it was given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// `--node-limit N`.
    Nodes(u64),
    /// `--timeout-ms T`.
    Time(Duration),
}

/// What a record's answer says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// A solved Sudoku grid, written in `style`.
    Grid {
        /// The solution.
        grid: Grid,
        /// How to write it (the record's own style, or `--format`).
        style: Style,
    },
    /// A solution already written in its puzzle's shape (the layouts of
    /// `--variant jigsaw|killer|samurai`).
    Text(String),
    /// A solved Sudominoku grid, written as the judge's nine rows of digits
    /// (the `Puzzle k` line above them is the record's [`Label`]).
    Sudominoku(Grid),
    /// One exact-cover solution: the options chosen, each as written in the
    /// problem, in the problem's order.
    Cover(Vec<String>),
    /// The end of an exact-cover listing (`--all`) whose solutions were
    /// streamed as they were found: `N solution(s)`; `capped` when
    /// `--max-solutions` stopped it (there may be more).
    Listed {
        /// Solutions listed.
        solutions: u64,
        /// Whether `--max-solutions` stopped the search.
        capped: bool,
    },
    /// A number of solutions (at least 1); with `capped` the search stopped
    /// at `--max-solutions`, so there are at least that many: `>= N`.
    Count {
        /// Solutions found.
        solutions: u64,
        /// Whether `--max-solutions` stopped the search.
        capped: bool,
    },
    /// `--unique` of a record with solutions: `unique` (exactly one) or
    /// `multiple`.
    Unique(bool),
    /// The search ended and found no solution. `asked` is the question the
    /// answer replies to (`0` to a count, `none` to `--unique`), `why` the
    /// reason given on stderr.
    Unsolvable {
        /// The question asked.
        asked: Mode,
        /// Why there is no solution, for people.
        why: String,
    },
    /// The record could not be read, or its givens contradict each other.
    Invalid(String),
    /// A limit stopped the search after `found` solutions.
    Limit {
        /// The limit reached.
        limit: Limit,
        /// Solutions found before it.
        found: u64,
    },
    /// Ctrl-C stopped the search after `found` solutions.
    Interrupted {
        /// Solutions found before it.
        found: u64,
    },
}

/// How a search with the given end and count answers `asked`, before the
/// answer's solved form is known: `Some` for every answer but a solved one,
/// which the caller makes (a grid, a count, a verdict).
///
/// `limit` names the limits the search ran with, to say which was hit.
pub fn unsolved(end: End, found: u64, asked: Mode, limit: impl Fn(End) -> Limit) -> Option<Answer> {
    if end == End::Cancelled {
        Some(Answer::Interrupted { found })
    } else if end.is_limit() {
        Some(Answer::Limit {
            limit: limit(end),
            found,
        })
    } else if found == 0 {
        Some(Answer::Unsolvable {
            asked,
            why: "the puzzle has no solution".into(),
        })
    } else {
        None
    }
}

impl Answer {
    /// The answer to a record that could not be used. Control characters of
    /// the input echoed in `reason` are escaped, so that it cannot rewrite
    /// a terminal or break the one-line form.
    pub fn invalid(reason: impl Into<String>) -> Self {
        Answer::Invalid(dlx_engine::error::printable(&reason.into()))
    }

    /// What happened to the record.
    pub fn status(&self) -> Status {
        match self {
            Answer::Grid { .. }
            | Answer::Text(_)
            | Answer::Sudominoku(_)
            | Answer::Cover(_)
            | Answer::Listed { .. }
            | Answer::Count { .. }
            | Answer::Unique(_) => Status::Solved,
            Answer::Unsolvable { .. } => Status::Unsolvable,
            Answer::Invalid(_) => Status::Invalid,
            Answer::Limit { .. } => Status::Limit,
            Answer::Interrupted { .. } => Status::Interrupted,
        }
    }

    /// The reason reported on stderr (as `FILE:LINE: reason`) for a record
    /// that was not solved; `None` for a solved one.
    pub fn reason(&self) -> Option<String> {
        let after = |found: u64| match found {
            0 => String::new(),
            n => format!(" after {n} solution(s)"),
        };
        match self {
            Answer::Unsolvable { why, .. } => Some(format!("unsolvable: {why}")),
            Answer::Invalid(reason) => Some(reason.clone()),
            Answer::Limit { limit, found } => {
                let which = match limit {
                    Limit::Nodes(n) => format!("node budget of {n} reached"),
                    Limit::Time(t) => format!("time limit of {} reached", milliseconds(*t)),
                };
                Some(format!("limit: {which}{}", after(*found)))
            }
            Answer::Interrupted { found } => Some(format!("interrupted{}", after(*found))),
            _ => None,
        }
    }

    /// The answer as written in the record's place (no final newline).
    pub fn text(&self) -> String {
        match self {
            Answer::Grid { grid, style } => style.write(grid),
            Answer::Sudominoku(grid) => {
                let rows = grid.cells().chunks(grid.side().max(1));
                let rows: Vec<String> = rows
                    .map(|row| row.iter().map(|&v| char::from(b'0' + v)).collect())
                    .collect();
                rows.join("\n")
            }
            Answer::Cover(options) => options.join("\n"),
            Answer::Text(text) => text.clone(),
            Answer::Listed { solutions, capped } => {
                let capped = if *capped {
                    format!(" (stopped at --max-solutions {solutions}; there may be more)")
                } else {
                    String::new()
                };
                format!("{solutions} solution(s){capped}")
            }
            Answer::Count { solutions, capped } => {
                if *capped {
                    format!("{AT_LEAST}{solutions}")
                } else {
                    solutions.to_string()
                }
            }
            Answer::Unique(true) => "unique".into(),
            Answer::Unique(false) => "multiple".into(),
            Answer::Unsolvable { asked, .. } => match asked {
                Mode::Count => "0".into(),
                Mode::Unique => "none".into(),
                Mode::All => "0 solution(s)".into(),
                Mode::First => format!("! {}", self.reason().unwrap_or_default()),
            },
            Answer::Invalid(reason) => format!("! invalid: {reason}"),
            Answer::Limit { .. } | Answer::Interrupted { .. } => {
                format!("! {}", self.reason().unwrap_or_default())
            }
        }
    }
}

/// What is written above a record's answer.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Label {
    /// Nothing.
    #[default]
    None,
    /// The record's title, as its input had it above the puzzle (already
    /// made printable).
    Title(String),
    /// `Puzzle k`: the Sudominoku judge's header of the k-th puzzle.
    Puzzle(usize),
}

/// One record's answer, with where it came from and what it cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The record's line (where it starts, or the offending line).
    pub line: usize,
    /// What is written above the answer.
    pub label: Label,
    /// The answer.
    pub answer: Answer,
    /// Search nodes used.
    pub nodes: u64,
    /// Time spent solving (not reading or writing).
    pub elapsed: Duration,
}

impl Outcome {
    /// An answer with no label, no search nodes and no time yet.
    pub fn new(line: usize, answer: Answer) -> Self {
        Outcome {
            line,
            label: Label::None,
            answer,
            nodes: 0,
            elapsed: Duration::ZERO,
        }
    }

    /// The outcome of a record that could not be used (see
    /// [`Answer::invalid`]).
    pub fn invalid(line: usize, reason: impl Into<String>) -> Self {
        Outcome::new(line, Answer::invalid(reason))
    }

    /// The answer with its label, as written in the record's place (no
    /// final newline). A title goes above a one-line answer as a `#`
    /// comment, so that answers in the line style read back as one-line
    /// puzzles (a title line above one would be a bad record).
    pub fn render(&self) -> String {
        let text = self.answer.text();
        match &self.label {
            Label::None => text,
            Label::Title(title) if text.contains('\n') => format!("{title}\n{text}"),
            Label::Title(title) => format!("# {title}\n{text}"),
            Label::Puzzle(k) => format!("Puzzle {k}\n{text}"),
        }
    }
}

impl batch::Outcome for Outcome {
    fn line(&self) -> usize {
        self.line
    }
    fn status(&self) -> Status {
        self.answer.status()
    }
    fn nodes(&self) -> u64 {
        self.nodes
    }
    fn elapsed(&self) -> Duration {
        self.elapsed
    }
    fn set_elapsed(&mut self, elapsed: Duration) {
        self.elapsed = elapsed;
    }
    fn panicked(line: usize) -> Self {
        Outcome::invalid(line, PANICKED)
    }
}

/// The reason given for a record whose solver panicked.
pub const PANICKED: &str = "internal error: the solver panicked on this record";

/// What a count stopped by `--max-solutions` is written after: `>= 10`.
pub const AT_LEAST: &str = ">= ";

/// The start of the mark of a record that could not be used.
pub const INVALID_MARK: &str = "! invalid";
/// The start of the mark of a record without solution.
pub const UNSOLVABLE_MARK: &str = "! unsolvable";
/// The start of the mark of a record whose search a limit stopped.
pub const LIMIT_MARK: &str = "! limit";

/// A count as [`Answer::Count`] writes it (or `0`, the count of a record
/// without solution): the solutions, and whether the count is a lower
/// bound (`>= N`). Digits as `u64` formats them.
pub fn parse_count(answer: &str) -> Option<(u64, bool)> {
    match answer.strip_prefix(AT_LEAST) {
        Some(n) => plain(n).filter(|&n| n > 0).map(|n| (n, true)),
        None => plain(answer).map(|n| (n, false)),
    }
}

/// A `--unique` verdict as written: the solutions it claims, capped at 2
/// (`none` 0, `unique` 1, `multiple` 2).
pub fn parse_verdict(answer: &str) -> Option<u64> {
    match answer {
        "none" => Some(0),
        "unique" => Some(1),
        "multiple" => Some(2),
        _ => None,
    }
}

/// The solutions a `! limit` mark says were found before the limit (K of
/// ` after K solution(s)`, 0 without it), if `answer` is such a mark as
/// [`Answer::text`] writes it: `! limit: node budget of N reached` or
/// `! limit: time limit of T ms reached`, N and K plain decimal numbers
/// (K at least 1), T whole milliseconds or with three decimals.
pub fn parse_limit(answer: &str) -> Option<u64> {
    let millis = |s: &str| match s.split_once('.') {
        Some((whole, frac)) => {
            plain(whole).is_some() && frac.len() == 3 && frac.bytes().all(|b| b.is_ascii_digit())
        }
        None => plain(s).is_some(),
    };
    let rest = answer.strip_prefix("! limit: ")?;
    let (which, after) = rest.split_once(" reached")?;
    let limit_ok = match (
        which.strip_prefix("node budget of "),
        which.strip_prefix("time limit of "),
    ) {
        (Some(n), _) => plain(n).is_some(),
        (_, Some(t)) => t.strip_suffix(" ms").is_some_and(millis),
        _ => false,
    };
    if !limit_ok {
        return None;
    }
    if after.is_empty() {
        return Some(0);
    }
    let found = after
        .strip_prefix(" after ")?
        .strip_suffix(" solution(s)")
        .and_then(plain)?;
    (found > 0).then_some(found)
}

/// Digits as `u64` formats them: no sign, no leading zero.
fn plain(s: &str) -> Option<u64> {
    let digits = !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    (digits && (s == "0" || !s.starts_with('0'))).then(|| s.parse().ok())?
}

/// `T ms` for a time limit: whole milliseconds as given by `--timeout-ms`,
/// finer durations (from the library) with three decimals.
fn milliseconds(d: Duration) -> String {
    if d.subsec_nanos() % 1_000_000 == 0 {
        format!("{} ms", d.as_millis())
    } else {
        format!("{:.3} ms", d.as_secs_f64() * 1000.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every mark [`Answer::text`] writes for a limit reads back with the
    /// solutions it names, and nothing else passes for one.
    #[test]
    fn limit_marks_read_back() {
        let limits = [
            Limit::Nodes(0),
            Limit::Nodes(1_000_000),
            Limit::Time(Duration::from_millis(250)),
            Limit::Time(Duration::from_micros(1500)),
        ];
        for limit in limits {
            for found in [0, 1, 37] {
                let text = Answer::Limit { limit, found }.text();
                assert_eq!(parse_limit(&text), Some(found), "{text}");
                assert!(text.starts_with(LIMIT_MARK));
            }
        }
        for bad in [
            "! limit: node budget of 01 reached",
            "! limit: node budget of -1 reached",
            "! limit: time limit of 1.5 ms reached",
            "! limit: node budget of 5 reached after 0 solution(s)",
            "! limit: node budget of 5 reached after 3",
            "! limit: something else reached",
            "! invalid: x",
        ] {
            assert_eq!(parse_limit(bad), None, "{bad}");
        }
    }

    /// Counts read back as written, a capped one as a lower bound.
    #[test]
    fn counts_read_back() {
        for (solutions, capped) in [(1, false), (10, true), (u64::MAX, false), (7, true)] {
            let text = Answer::Count { solutions, capped }.text();
            assert_eq!(parse_count(&text), Some((solutions, capped)), "{text}");
        }
        assert_eq!(
            Answer::Count {
                solutions: 10,
                capped: true
            }
            .text(),
            ">= 10"
        );
        let none = Answer::Unsolvable {
            asked: Mode::Count,
            why: "x".into(),
        };
        assert_eq!(parse_count(&none.text()), Some((0, false)));
        for bad in ["", ">= 0", ">=10", "010", "+1", "1 ", "ten"] {
            assert_eq!(parse_count(bad), None, "{bad:?}");
        }
    }

    /// Verdicts read back as the solutions they claim.
    #[test]
    fn verdicts_read_back() {
        assert_eq!(parse_verdict(&Answer::Unique(true).text()), Some(1));
        assert_eq!(parse_verdict(&Answer::Unique(false).text()), Some(2));
        let none = Answer::Unsolvable {
            asked: Mode::Unique,
            why: "x".into(),
        };
        assert_eq!(parse_verdict(&none.text()), Some(0));
    }

    /// Each record not solved has a reason for stderr and a `!` mark in its
    /// place, except the replies `0`, `none` and `0 solution(s)` that a
    /// count, a verdict and a listing give for no solution.
    #[test]
    fn unsolved_records_have_a_reason_and_a_mark() {
        let unsolvable = |asked| Answer::Unsolvable {
            asked,
            why: "the puzzle has no solution".into(),
        };
        assert_eq!(
            unsolvable(Mode::First).text(),
            "! unsolvable: the puzzle has no solution"
        );
        assert_eq!(unsolvable(Mode::Count).text(), "0");
        assert_eq!(unsolvable(Mode::Unique).text(), "none");
        assert_eq!(unsolvable(Mode::All).text(), "0 solution(s)");
        for mode in [Mode::First, Mode::Count, Mode::Unique, Mode::All] {
            assert_eq!(unsolvable(mode).status(), Status::Unsolvable);
            assert!(unsolvable(mode).reason().is_some());
        }
        let invalid = Answer::invalid("bad\u{1b}[2J");
        assert_eq!(invalid.text(), "! invalid: bad\\u{1b}[2J");
        assert_eq!(invalid.status(), Status::Invalid);
        assert_eq!(
            Answer::Interrupted { found: 2 }.text(),
            "! interrupted after 2 solution(s)"
        );
        assert_eq!(
            Answer::Count {
                solutions: 3,
                capped: false
            }
            .reason(),
            None
        );
    }

    /// Labels: a title above a one-line answer is a comment, above a grid
    /// a line of its own; `Puzzle k` heads every Sudominoku answer.
    #[test]
    fn labels_go_above_the_answer() {
        let mut outcome = Outcome::new(1, Answer::Unique(true));
        outcome.label = Label::Title("Grid 01".into());
        assert_eq!(outcome.render(), "# Grid 01\nunique");
        outcome.answer = Answer::Cover(vec!["a b".into(), "c".into()]);
        assert_eq!(outcome.render(), "Grid 01\na b\nc");
        outcome.label = Label::Puzzle(3);
        outcome.answer = Answer::invalid("x");
        assert_eq!(outcome.render(), "Puzzle 3\n! invalid: x");
    }
}
