//! `dlx solve --variant jigsaw|killer|samurai`: the records of a layout
//! file, each solved by the engine on its own matrix, answered in the
//! record's shape (a line; a samurai frame as its 21 rows, set apart by
//! blank lines like Sudoku grids).

use std::io::{self, BufRead};

use super::{emit_grids, Mode, Outcome, Sinks, SolveOptions};
use crate::cli::answer::Answer;
use crate::cli::batch::{self, Config, Job, Summary};
use dlx_engine::puzzles::sudoku::variants::{CellSolution, Layout, LayoutPuzzle, LayoutReader};

/// Solves every record of one input of `layout` puzzles.
pub(super) fn solve_layout(
    file: &str,
    input: impl BufRead + Send,
    layout: Layout,
    options: &SolveOptions,
    sinks: &mut Sinks,
) -> io::Result<Summary> {
    let jobs = LayoutReader::new(layout, input).map(|r| {
        r.map(|rec| Job {
            line: rec.line,
            task: Ok(rec.puzzle),
        })
    });
    let config = Config {
        threads: options.threads,
        stop: options.cancel,
        ..Config::default()
    };
    let mut first = !sinks.answered;
    batch::run(
        jobs,
        config,
        || (),
        |_, job| match job.task.as_ref().expect("always Ok") {
            Err(reason) => Outcome::invalid(job.line, reason.clone()),
            Ok(puzzle) => {
                let found = puzzle.solve(options.record_limits());
                layout_outcome(job.line, puzzle, &found, options)
            }
        },
        // A frame is set apart from the answers before it.
        |outcomes| emit_grids(file, outcomes, &mut first, sinks),
    )
}

/// The answer to one searched puzzle, as [`super::outcome_of`] makes it for
/// Sudoku grids.
pub fn layout_outcome(
    line: usize,
    puzzle: &LayoutPuzzle,
    found: &CellSolution,
    options: &SolveOptions,
) -> Outcome {
    let (end, count) = (found.end, found.count);
    let answer = options
        .unsolved(end, count)
        .unwrap_or_else(|| match options.mode {
            Mode::First | Mode::All => match &found.cells {
                Some(cells) => Answer::Text(puzzle.write_answer(cells)),
                None => Answer::invalid("internal error: a solution without its cells"),
            },
            Mode::Count => Answer::Count {
                solutions: count,
                capped: options.capped(end, count),
            },
            Mode::Unique => Answer::Unique(count == 1),
        });
    Outcome {
        nodes: found.nodes,
        ..Outcome::new(line, answer)
    }
}
