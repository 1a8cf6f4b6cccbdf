//! `dlx solve --from-records`: solving the record lines of `dlx records`
//! (see [`crate::cli::records`]), in any slice of them, with the answers
//! those records get in their whole file.
//!
//! Two things in an answer depend on where its record stands in its file,
//! and both come from the record line, not from the slice: Sudominoku's
//! `Puzzle k` (k is the record's index plus one) and the blank line before
//! a multi-line Sudoku answer (there unless the record is its file's first,
//! index 0). Everything else about an answer is the record's own. So the
//! answers of consecutive slices, joined in order, are those of the whole
//! file.

use std::io::{self, BufRead};

use super::{solve_sudoku_jobs, solve_sudominoku_jobs, Sinks, SolveOptions};
use crate::cli::batch::{Job, Summary};
use crate::cli::records::{Body, Record};
use dlx_engine::io::{read_line, Line};
use dlx_engine::puzzles::Kind;

/// A line of the record stream, read: its line in the stream (for a line
/// that is no record) and the record or the reason it is none.
type Read = (usize, Result<Record, String>);

/// The record lines of `input`, blank lines skipped.
fn record_lines(mut input: impl BufRead + Send) -> impl Iterator<Item = io::Result<Read>> + Send {
    let mut buf = Vec::new();
    let mut line_no = 0;
    std::iter::from_fn(move || loop {
        line_no += 1;
        return match read_line(&mut input, &mut buf) {
            Err(e) => Some(Err(e)),
            Ok(None) => None,
            Ok(Some(Line::Text(text))) if text.trim().is_empty() => continue,
            Ok(Some(Line::Text(text))) => Some(Ok((line_no, Record::parse(&text)))),
            Ok(Some(Line::Bad(reason))) => Some(Ok((line_no, Err(reason)))),
        };
    })
}

/// Solves the record lines of `input` (named `file` in messages). The kind
/// is the first record's; a record of another kind, or a line that is no
/// record, is a bad record in its place (`! invalid: line L of the record
/// stream: REASON`).
pub(super) fn solve_records(
    file: &str,
    input: impl BufRead + Send,
    options: &SolveOptions,
    sinks: &mut Sinks,
) -> io::Result<Summary> {
    let mut lines = record_lines(input).peekable();
    let (kind, first_index) = match lines.peek() {
        None => return Ok(Summary::default()),
        Some(Ok((_, Ok(record)))) => (record.body.kind(), Some(record.index)),
        Some(_) => (Kind::Sudoku, None),
    };
    // A line that is no record is reported at its line in the stream: the
    // record's own line is not known.
    let stray = |line: usize, reason: &str| -> (usize, String) {
        (line, format!("line {line} of the record stream: {reason}"))
    };
    let other_kind = |record: &Record| -> String {
        format!(
            "a {} record among {} ones",
            kind_name(record.body.kind()),
            kind_name(kind)
        )
    };
    match kind {
        Kind::Sudominoku => {
            let jobs = lines.map(|read| {
                read.map(|(line_no, record)| match record {
                    Ok(Record {
                        index,
                        line,
                        body: Body::Sudominoku(puzzle),
                    }) => Job {
                        line,
                        task: Ok((index as usize + 1, puzzle)),
                    },
                    Ok(record) => Job {
                        line: record.line,
                        task: Ok((record.index as usize + 1, Err(other_kind(&record)))),
                    },
                    Err(reason) => {
                        let (line, reason) = stray(line_no, &reason);
                        Job {
                            line,
                            task: Ok((0, Err(reason))),
                        }
                    }
                })
            });
            solve_sudominoku_jobs(file, jobs, options, sinks)
        }
        _ => {
            let jobs = lines.map(|read| {
                read.map(|(line_no, record)| match record {
                    Ok(Record {
                        line,
                        body: Body::Sudoku { puzzle, title },
                        ..
                    }) => Job {
                        line,
                        task: Ok((puzzle, title)),
                    },
                    Ok(record) => Job {
                        line: record.line,
                        task: Ok((Err(other_kind(&record)), None)),
                    },
                    Err(reason) => {
                        let (line, reason) = stray(line_no, &reason);
                        Job {
                            line,
                            task: Ok((Err(reason), None)),
                        }
                    }
                })
            });
            // The file's first record opens the answers; a slice that
            // starts further in follows answers written elsewhere.
            let first = !sinks.answered && first_index == Some(0);
            solve_sudoku_jobs(file, jobs, first, options, sinks)
        }
    }
}

/// The name of a puzzle kind in messages.
fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Sudominoku => "Sudominoku",
        Kind::Sudoku => "Sudoku",
        Kind::Xc => "exact-cover",
    }
}
