//! A strong classical backtracking Sudoku solver: per-unit digit masks,
//! fewest-candidates cell first (MRV), candidates taken lowest digit first.
//!
//! The masks are plain `u64` integers, one bit per digit (bit `d - 1` for
//! digit `d`; side <= 64 so one word covers a unit). For a single word this
//! is faster than `bitvec`: a cell's candidates are one OR of three words
//! and a NOT, counted with `count_ones` and walked with `trailing_zeros`,
//! with no bounds checks or slice indirection.

use crate::exact_cover::{End, Limits};
use crate::puzzles::sudoku::{BoxShape, Grid, Solution, SudokuSolver};

/// One level of the search: the cell filled at this level and the
/// candidates not tried there yet.
#[derive(Debug, Clone, Copy)]
struct Frame {
    /// Cell index (reading order).
    cell: u16,
    /// Candidates left to try, as a digit mask.
    left: u64,
    /// The cell had 2+ candidates when chosen: its nodes are guesses.
    guess: bool,
}

/// Classical backtracking with bitmasks and MRV. See the [module docs](self).
///
/// A node is one digit placed in a cell; a *guess* is a node placed in a
/// cell that had two or more candidates when it was chosen (a difficulty
/// measure: a puzzle solved by singles alone needs no guess). Buffers are
/// kept across solves, so nothing is allocated per node, and after the
/// first puzzle of a size nothing is allocated per solve except the
/// returned grid. Like the engine, it stops with [`End::NodeLimit`] when
/// `limits.max_nodes` is used up, with [`End::TimeLimit`] once
/// `limits.deadline` has passed and with [`End::Cancelled`] once
/// `limits.cancel` is raised (both looked at every 1024 nodes,
/// [`Limits::must_stop`]).
#[derive(Debug, Default, Clone)]
pub struct BitmaskSudoku {
    /// Box shape the per-cell tables below were built for (`None`: none
    /// yet).
    shape: Option<BoxShape>,
    /// Per cell: its row, column and box.
    cell_row: Vec<u8>,
    cell_col: Vec<u8>,
    cell_box: Vec<u8>,
    /// Working copy of the grid.
    cells: Vec<u8>,
    /// Digits used per row, column and box.
    rows: Vec<u64>,
    cols: Vec<u64>,
    boxes: Vec<u64>,
    /// The blank cells of the puzzle. At depth `k` (k frames on the stack),
    /// `blanks[..k]` are the cells of the frames, in order, and
    /// `blanks[k..]` are the open cells.
    blanks: Vec<u16>,
    /// One frame per level.
    stack: Vec<Frame>,
    /// Guesses made by the last solve.
    last_guesses: u64,
}

impl BitmaskSudoku {
    /// A solver with empty buffers (they grow on first use and are reused).
    pub fn new() -> Self {
        BitmaskSudoku::default()
    }

    /// Guesses made by the last [`solve`](SudokuSolver::solve): nodes placed
    /// in a cell that had 2+ candidates when chosen (0 before any solve).
    pub fn last_guesses(&self) -> u64 {
        self.last_guesses
    }

    /// Builds the per-cell unit tables for boxes of `shape`, if not built
    /// yet.
    fn prepare(&mut self, shape: BoxShape) {
        if self.shape == Some(shape) {
            return;
        }
        let side = shape.side();
        self.shape = Some(shape);
        self.cell_row.clear();
        self.cell_col.clear();
        self.cell_box.clear();
        for k in 0..side * side {
            let (r, c) = (k / side, k % side);
            self.cell_row.push(r as u8);
            self.cell_col.push(c as u8);
            self.cell_box.push(shape.box_of(r, c) as u8);
        }
    }

    /// Candidate mask of the open cell `k`.
    #[inline]
    fn candidates(&self, k: usize, full: u64) -> u64 {
        let used = self.rows[self.cell_row[k] as usize]
            | self.cols[self.cell_col[k] as usize]
            | self.boxes[self.cell_box[k] as usize];
        !used & full
    }

    /// Puts digit bit `bit` (a one-bit mask) in cell `k`.
    #[inline]
    fn place(&mut self, k: usize, bit: u64) {
        self.rows[self.cell_row[k] as usize] |= bit;
        self.cols[self.cell_col[k] as usize] |= bit;
        self.boxes[self.cell_box[k] as usize] |= bit;
        self.cells[k] = bit.trailing_zeros() as u8 + 1;
    }

    /// Empties cell `k`.
    #[inline]
    fn unplace(&mut self, k: usize) {
        let bit = 1u64 << (self.cells[k] - 1);
        self.rows[self.cell_row[k] as usize] &= !bit;
        self.cols[self.cell_col[k] as usize] &= !bit;
        self.boxes[self.cell_box[k] as usize] &= !bit;
        self.cells[k] = 0;
    }

    /// MRV: moves the open cell with the fewest candidates (the first such
    /// in `blanks[depth..]`, stopping early on 0 or 1) to `blanks[depth]`
    /// and returns its candidates.
    #[inline]
    fn choose(&mut self, depth: usize, full: u64) -> u64 {
        let mut best_pos = depth;
        let mut best_mask = 0;
        let mut best_count = u32::MAX;
        for pos in depth..self.blanks.len() {
            let mask = self.candidates(self.blanks[pos] as usize, full);
            let count = mask.count_ones();
            if count < best_count {
                best_count = count;
                best_pos = pos;
                best_mask = mask;
                if count <= 1 {
                    break;
                }
            }
        }
        self.blanks.swap(depth, best_pos);
        best_mask
    }
}

/// Where the search goes next.
enum Step {
    /// Choose a cell for a new level (or report a solution).
    Enter,
    /// Try the next candidate of the top frame, whose cell is empty.
    Next,
    /// Empty the top frame's cell, then try its next candidate.
    Backtrack,
}

impl SudokuSolver for BitmaskSudoku {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Solution {
        self.last_guesses = 0;
        let shape = puzzle.shape();
        let side = puzzle.side();
        let max_solutions = limits.max_solutions.unwrap_or(1);
        let max_nodes = limits.max_nodes.unwrap_or(u64::MAX);
        let mut result = Solution::none();
        if max_solutions == 0 {
            result.end = End::Stopped;
            return result;
        }

        self.prepare(shape);
        let full = if side == 64 {
            u64::MAX
        } else {
            (1u64 << side) - 1
        };
        self.cells.clear();
        self.cells.extend_from_slice(puzzle.cells());
        for units in [&mut self.rows, &mut self.cols, &mut self.boxes] {
            units.clear();
            units.resize(side, 0);
        }
        self.blanks.clear();
        self.stack.clear();
        for k in 0..self.cells.len() {
            let digit = self.cells[k];
            if digit == 0 {
                self.blanks.push(k as u16);
                continue;
            }
            let bit = 1u64 << (digit - 1);
            let (r, c, b) = (
                self.cell_row[k] as usize,
                self.cell_col[k] as usize,
                self.cell_box[k] as usize,
            );
            if (self.rows[r] | self.cols[c] | self.boxes[b]) & bit != 0 {
                // Clashing givens (excluded by the trait's contract): no
                // solution, as `DlxSudoku` reports.
                return result;
            }
            self.rows[r] |= bit;
            self.cols[c] |= bit;
            self.boxes[b] |= bit;
        }

        let mut nodes = 0u64;
        let mut guesses = 0u64;
        let mut step = Step::Enter;
        result.end = loop {
            step = match step {
                Step::Enter => {
                    let depth = self.stack.len();
                    if depth == self.blanks.len() {
                        result.count += 1;
                        if result.grid.is_none() {
                            result.grid = Some(
                                Grid::from_cells(shape, self.cells.clone())
                                    .expect("solver keeps digits in range"),
                            );
                        }
                        if result.count >= max_solutions {
                            break End::Stopped;
                        }
                        Step::Backtrack
                    } else {
                        let left = self.choose(depth, full);
                        if left == 0 {
                            Step::Backtrack
                        } else {
                            self.stack.push(Frame {
                                cell: self.blanks[depth],
                                left,
                                guess: left.count_ones() >= 2,
                            });
                            Step::Next
                        }
                    }
                }
                Step::Next => {
                    let top = self.stack.len() - 1;
                    let frame = self.stack[top];
                    if frame.left == 0 {
                        self.stack.pop();
                        Step::Backtrack
                    } else if nodes >= max_nodes {
                        break End::NodeLimit;
                    } else if let Some(end) = limits.must_stop(nodes) {
                        break end;
                    } else {
                        nodes += 1;
                        guesses += u64::from(frame.guess);
                        let bit = frame.left & frame.left.wrapping_neg();
                        self.stack[top].left = frame.left & !bit;
                        self.place(frame.cell as usize, bit);
                        Step::Enter
                    }
                }
                Step::Backtrack => match self.stack.last() {
                    None => break End::Exhausted,
                    Some(frame) => {
                        self.unplace(frame.cell as usize);
                        Step::Next
                    }
                },
            };
        };
        result.nodes = nodes;
        self.last_guesses = guesses;
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::sudoku::samples;
    use crate::puzzles::sudoku::samples::{EASY, EASY_SOLUTION, HARD};
    use crate::puzzles::sudoku::DlxSudoku;

    #[test]
    fn singles_alone_need_no_guess() {
        // Naked singles solve this one: one node per blank, no guess.
        let puzzle = Grid::from_line(EASY).unwrap();
        let mut solver = BitmaskSudoku::new();
        let s = solver.solve(&puzzle, Limits::solutions(2));
        assert_eq!(s.grid.unwrap().to_line(), EASY_SOLUTION);
        assert_eq!(s.nodes, 51);
        assert_eq!(solver.last_guesses(), 0);
    }

    #[test]
    fn hard_puzzle_needs_guesses() {
        let puzzle = Grid::from_line(HARD).unwrap();
        let mut solver = BitmaskSudoku::new();
        let s = solver.solve(&puzzle, Limits::solutions(2));
        assert_eq!((s.count, s.end), (1, End::Exhausted));
        let grid = s.grid.unwrap();
        grid.check_solution(&puzzle).unwrap();
        let dlx = DlxSudoku::new().solve(&puzzle, Limits::solutions(2));
        assert_eq!(dlx.grid, Some(grid));
        assert!(solver.last_guesses() > 0);
        assert!(solver.last_guesses() <= s.nodes);
    }

    #[test]
    fn guesses_are_nodes_of_the_last_search() {
        let mut solver = BitmaskSudoku::new();
        // Every 4x4 grid: guesses needed, never more than the nodes.
        let s = solver.solve(&Grid::empty(2), Limits::solutions(1000));
        assert_eq!(s.count, 288);
        assert!(solver.last_guesses() > 0);
        assert!(solver.last_guesses() <= s.nodes);
        // Cut short by a budget, or by a deadline before the first node.
        let s = solver.solve(
            &Grid::empty(2),
            Limits::solutions(1000).with_max_nodes(Some(50)),
        );
        assert_eq!(s.end, End::NodeLimit);
        assert!(solver.last_guesses() <= 50);
        let past = Limits::solutions(u64::MAX).with_deadline(Some(std::time::Instant::now()));
        assert_eq!(solver.solve(&Grid::empty(3), past).end, End::TimeLimit);
        assert_eq!(solver.last_guesses(), 0);
    }

    #[test]
    fn unsolvable_without_clash() {
        // r1c1 has no candidate: 1 and 2 are in its row, 3 and 4 in its column.
        let blocked_first = Grid::from_rows(&[". 1 2 .", ". . . .", "3 . . .", "4 . . ."]).unwrap();
        // r4c4 has no candidate: MRV sees it at once.
        let blocked_last = Grid::from_rows(&[". . . 3", ". . . 4", ". . . .", "1 2 . ."]).unwrap();
        // r9c9 of a 9x9: 1-4 in its row, 5-9 in its column.
        let mut blocked_9 = Grid::empty(3);
        for d in 1..=4 {
            blocked_9.set(8, d - 1, d as u8);
        }
        for d in 5..=9 {
            blocked_9.set(d - 5, 8, d as u8);
        }
        let mut solver = BitmaskSudoku::new();
        for puzzle in [blocked_first, blocked_last, blocked_9] {
            puzzle.check_givens().unwrap();
            let s = solver.solve(&puzzle, Limits::solutions(2));
            assert_eq!((s.count, s.end, s.nodes), (0, End::Exhausted, 0));
            assert_eq!(s.grid, None);
            assert_eq!(
                DlxSudoku::new().solve(&puzzle, Limits::solutions(2)).count,
                0
            );
        }
        // One that needs search: two cells of a row both want the same
        // digit only, found after singles are placed.
        let deep = Grid::from_rows(&["1 . . .", ". . 1 .", ". 1 . .", ". . . 2"]).unwrap();
        deep.check_givens().unwrap();
        let dlx = DlxSudoku::new().solve(&deep, Limits::solutions(2));
        let s = solver.solve(&deep, Limits::solutions(2));
        assert_eq!((s.count, s.end), (dlx.count, End::Exhausted));
    }

    #[test]
    fn every_box_size() {
        // Empty grids where the plain search is quick (it is not for n >= 5),
        // then pattern solutions with a third of the cells blanked; one
        // solver reused across sizes.
        let mut solver = BitmaskSudoku::new();
        for n in 2..=4 {
            let empty = Grid::empty(n);
            let s = solver.solve(&empty, Limits::none());
            assert_eq!(s.end, End::Stopped, "n = {n}");
            s.grid.unwrap().check_solution(&empty).unwrap();
        }
        let mut dlx = DlxSudoku::new();
        for n in 2..=8 {
            let side = n * n;
            let mut puzzle = samples::pattern_solution(n);
            for r in 0..side {
                for c in 0..side {
                    if (r * 31 + c * 17) % 3 == 0 {
                        puzzle.set(r, c, 0);
                    }
                }
            }
            let s = solver.solve(&puzzle, Limits::none().with_max_nodes(Some(1_000_000)));
            assert_eq!((s.count, s.end), (1, End::Stopped), "n = {n}");
            s.grid.unwrap().check_solution(&puzzle).unwrap();
            if n <= 4 {
                let s = solver.solve(&puzzle, Limits::solutions(2));
                let d = dlx.solve(&puzzle, Limits::solutions(2));
                assert_eq!((s.count, s.end), (d.count, d.end), "n = {n}");
            }
        }
    }
}
