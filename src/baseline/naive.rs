//! The textbook backtracking Sudoku solver, as most people write it first
//! (for example in write-ups of Baekjoon 2580): list the blank cells in
//! reading order, then fill them one after another, trying the digits
//! `1..=side` in order and checking the cell's row, column and box by
//! scanning the grid. No bitsets, no candidate caching, no cell ordering.
//!
//! It is deliberately unoptimised: it exists to be compared with.

use crate::exact_cover::{End, Limits};
use crate::puzzles::sudoku::{BoxShape, Grid, Solution, SudokuSolver};

/// The textbook backtracking solver. See the [module docs](self).
///
/// The search is iterative, so a 64x64 grid (up to 4096 blanks) cannot
/// overflow the call stack. A node is one digit placed in a cell. Like the
/// engine, it stops with [`End::NodeLimit`] when `limits.max_nodes` is used
/// up, with [`End::TimeLimit`] once `limits.deadline` has passed and with
/// [`End::Cancelled`] once `limits.cancel` is raised (both looked at every
/// 1024 nodes, [`Limits::must_stop`]).
#[derive(Debug, Default, Clone)]
pub struct NaiveSudoku {
    /// Working copy of the grid; a blank's current digit doubles as the
    /// search state of its level.
    cells: Vec<u8>,
    /// Blank cells (indices into `cells`) in reading order.
    blanks: Vec<usize>,
}

impl NaiveSudoku {
    /// A solver with empty buffers (they grow on first use and are reused).
    pub fn new() -> Self {
        NaiveSudoku::default()
    }
}

/// Whether `digit` may go at (`row`, `col`): no cell of its row, column or
/// box holds it. Scans the grid, as the textbook does. The cell itself must
/// be blank (or not hold `digit`).
fn can_place(cells: &[u8], shape: BoxShape, row: usize, col: usize, digit: u8) -> bool {
    let side = shape.side();
    for i in 0..side {
        if cells[row * side + i] == digit || cells[i * side + col] == digit {
            return false;
        }
    }
    let (top, left) = (row - row % shape.rows(), col - col % shape.cols());
    for r in top..top + shape.rows() {
        for c in left..left + shape.cols() {
            if cells[r * side + c] == digit {
                return false;
            }
        }
    }
    true
}

impl SudokuSolver for NaiveSudoku {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Solution {
        let shape = puzzle.shape();
        let side = puzzle.side();
        let max_solutions = limits.max_solutions.unwrap_or(1);
        let max_nodes = limits.max_nodes.unwrap_or(u64::MAX);
        let mut result = Solution::none();
        if max_solutions == 0 {
            result.end = End::Stopped;
            return result;
        }

        let cells = &mut self.cells;
        cells.clear();
        cells.extend_from_slice(puzzle.cells());
        self.blanks.clear();
        self.blanks
            .extend((0..cells.len()).filter(|&k| cells[k] == 0));

        // The trait's contract says the givens were checked, but a clash
        // would make the scan accept grids that are not solutions, so refuse
        // such a puzzle (no solution, as `DlxSudoku` reports). Not part of
        // the search: it only keeps the baseline honest on bad input.
        for k in 0..cells.len() {
            let digit = cells[k];
            if digit != 0 {
                cells[k] = 0;
                let ok = can_place(cells, shape, k / side, k % side, digit);
                cells[k] = digit;
                if !ok {
                    return result;
                }
            }
        }

        // Explicit stack: level `level` is blank `blanks[level]`, and the
        // digit currently in that cell is the last one tried there (0 when
        // the level was just entered). Backtracking resumes after it.
        let blanks = &self.blanks;
        let side_digit = side as u8;
        let mut level = 0usize;
        let mut nodes = 0u64;
        result.end = 'search: loop {
            if level == blanks.len() {
                result.count += 1;
                if result.grid.is_none() {
                    result.grid = Some(
                        Grid::from_cells(shape, cells.clone())
                            .expect("solver keeps digits in range"),
                    );
                }
                if result.count >= max_solutions {
                    break End::Stopped;
                }
                // Go back to the last blank to try its next digit.
                if level == 0 {
                    break End::Exhausted;
                }
                level -= 1;
                continue;
            }
            let k = blanks[level];
            let (row, col) = (k / side, k % side);
            let first = cells[k] + 1;
            cells[k] = 0;
            for digit in first..=side_digit {
                if can_place(cells, shape, row, col, digit) {
                    if nodes >= max_nodes {
                        break 'search End::NodeLimit;
                    }
                    if let Some(end) = limits.must_stop(nodes) {
                        break 'search end;
                    }
                    nodes += 1;
                    cells[k] = digit;
                    level += 1;
                    continue 'search;
                }
            }
            // No digit left here: back up one level.
            if level == 0 {
                break End::Exhausted;
            }
            level -= 1;
        };
        result.nodes = nodes;
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::sudoku::samples;
    use crate::puzzles::sudoku::DlxSudoku;

    #[test]
    fn unsolvable_without_clash() {
        // r1c1 has no candidate: 1 and 2 are in its row, 3 and 4 in its column.
        let blocked_first = Grid::from_rows(&[". 1 2 .", ". . . .", "3 . . .", "4 . . ."]).unwrap();
        // r4c4 has no candidate, but the naive order only finds out there.
        let blocked_last = Grid::from_rows(&[". . . 3", ". . . 4", ". . . .", "1 2 . ."]).unwrap();
        for (puzzle, zero_nodes) in [(blocked_first, true), (blocked_last, false)] {
            puzzle.check_givens().unwrap();
            let s = NaiveSudoku::new().solve(&puzzle, Limits::solutions(2));
            assert_eq!(s.count, 0);
            assert_eq!(s.grid, None);
            assert_eq!(s.end, End::Exhausted);
            assert_eq!(s.nodes == 0, zero_nodes);
            assert_eq!(
                DlxSudoku::new().solve(&puzzle, Limits::solutions(2)).count,
                0
            );
        }
    }

    #[test]
    fn every_box_size_near_solved() {
        // One blank per row: a unique solution, found by scanning alone.
        let mut naive = NaiveSudoku::new();
        for n in 2..=8 {
            let solved = samples::pattern_solution(n);
            let side = n * n;
            let mut puzzle = solved.clone();
            for i in 0..side {
                puzzle.set(i, (i * 7) % side, 0);
            }
            let s = naive.solve(&puzzle, Limits::solutions(2));
            assert_eq!((s.count, s.end), (1, End::Exhausted), "n = {n}");
            assert_eq!(s.nodes, side as u64, "n = {n}");
            assert_eq!(s.grid.as_ref(), Some(&solved), "n = {n}");
        }
    }
}
