//! The naive Sudominoku baseline ([`NaiveSudominoku`]): the textbook
//! backtracking of the usual Baekjoon 4574 write-ups, to compare the
//! engine with.

use std::collections::HashSet;

use crate::exact_cover::{End, Limits};
use crate::puzzles::sudoku::Solution;
use crate::puzzles::sudominoku::{grid_of, Puzzle, SudominokuSolver, CELLS, SIDE};

/// The textbook backtracking of the usual Baekjoon 4574 write-ups: take the
/// first free cell in reading order, try a digit there, then a free
/// neighbour (right, then down) and a second digit, checking rows, columns
/// and boxes with boolean tables `used[unit][digit]` and the dominoes with
/// `used[a][b]`. One search node = one domino placed. Node budget and
/// deadline (and cancel flag) are honoured as by the engine (looked at
/// every 1024 nodes, [`Limits::must_stop`]).
#[derive(Debug, Default, Clone, Copy)]
pub struct NaiveSudominoku;

impl NaiveSudominoku {
    /// A solver (it holds no state between puzzles).
    pub fn new() -> Self {
        NaiveSudominoku
    }

    /// Solves `puzzle` with the same meaning of limits and results as
    /// [`DlxSudominoku::solve`](crate::puzzles::sudominoku::DlxSudominoku::solve): `count` is the number of distinct grids.
    pub fn solve(&mut self, puzzle: &Puzzle, limits: Limits) -> Solution {
        let mut s = Naive {
            grid: [0; CELLS],
            row: [[false; 10]; SIDE],
            col: [[false; 10]; SIDE],
            bx: [[false; 10]; SIDE],
            domino: [[false; 10]; 10],
            nodes: 0,
            max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
            max_solutions: limits.max_solutions.unwrap_or(1),
            limits,
            seen: HashSet::new(),
            first: None,
            end: None,
        };
        for (k, &p) in puzzle.singles().iter().enumerate() {
            s.put(p.index(), k as u8 + 1);
        }
        for d in puzzle.dominoes() {
            s.put(d.lu.index(), d.u);
            s.put(d.lv.index(), d.v);
            let (a, b) = d.pair();
            s.domino[a as usize][b as usize] = true;
        }
        if s.max_solutions == 0 {
            s.end = Some(End::Stopped);
        } else {
            s.dfs(0);
        }
        Solution {
            grid: s.first.as_ref().map(grid_of),
            count: s.seen.len() as u64,
            end: s.end.unwrap_or(End::Exhausted),
            nodes: s.nodes,
        }
    }
}

impl SudominokuSolver for NaiveSudominoku {
    fn solve(&mut self, puzzle: &Puzzle, limits: Limits) -> Solution {
        NaiveSudominoku::solve(self, puzzle, limits)
    }
}

struct Naive {
    grid: [u8; CELLS],
    row: [[bool; 10]; SIDE],
    col: [[bool; 10]; SIDE],
    bx: [[bool; 10]; SIDE],
    domino: [[bool; 10]; 10],
    nodes: u64,
    max_nodes: u64,
    max_solutions: u64,
    /// The caller's limits, for [`Limits::must_stop`].
    limits: Limits,
    seen: HashSet<[u8; CELLS]>,
    first: Option<[u8; CELLS]>,
    /// Set when the search must stop.
    end: Option<End>,
}

impl Naive {
    fn fits(&self, k: usize, d: u8) -> bool {
        let (r, c, d) = (k / SIDE, k % SIDE, d as usize);
        !self.row[r][d] && !self.col[c][d] && !self.bx[(r / 3) * 3 + c / 3][d]
    }

    fn mark(&mut self, k: usize, d: u8, used: bool) {
        let (r, c, du) = (k / SIDE, k % SIDE, d as usize);
        self.row[r][du] = used;
        self.col[c][du] = used;
        self.bx[(r / 3) * 3 + c / 3][du] = used;
        self.grid[k] = if used { d } else { 0 };
    }

    fn put(&mut self, k: usize, d: u8) {
        self.mark(k, d, true);
    }

    fn take(&mut self, k: usize, d: u8) {
        self.mark(k, d, false);
    }

    /// Fills the free cells from `from` on; returns true when the search
    /// must stop (`self.end` says why).
    fn dfs(&mut self, from: usize) -> bool {
        let Some(k) = (from..CELLS).find(|&k| self.grid[k] == 0) else {
            if self.seen.insert(self.grid) {
                self.first.get_or_insert(self.grid);
                if self.seen.len() as u64 >= self.max_solutions {
                    self.end = Some(End::Stopped);
                    return true;
                }
            }
            return false;
        };
        let (r, c) = (k / SIDE, k % SIDE);
        // Cells before k are filled, so only right and down can pair with k.
        let mut neighbours = [None, None];
        if c + 1 < SIDE {
            neighbours[0] = Some(k + 1);
        }
        if r + 1 < SIDE {
            neighbours[1] = Some(k + SIDE);
        }
        for a in 1..=9u8 {
            if !self.fits(k, a) {
                continue;
            }
            self.put(k, a);
            for m in neighbours.into_iter().flatten() {
                if self.grid[m] != 0 {
                    continue;
                }
                for b in 1..=9u8 {
                    let (lo, hi) = (a.min(b) as usize, a.max(b) as usize);
                    if b == a || self.domino[lo][hi] || !self.fits(m, b) {
                        continue;
                    }
                    if self.nodes >= self.max_nodes {
                        self.end = Some(End::NodeLimit);
                        self.take(k, a);
                        return true;
                    }
                    if let Some(end) = self.limits.must_stop(self.nodes) {
                        self.end = Some(end);
                        self.take(k, a);
                        return true;
                    }
                    self.nodes += 1;
                    self.put(m, b);
                    self.domino[lo][hi] = true;
                    let stop = self.dfs(k + 1);
                    self.domino[lo][hi] = false;
                    self.take(m, b);
                    if stop {
                        self.take(k, a);
                        return true;
                    }
                }
            }
            self.take(k, a);
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::sudominoku::generate;
    use crate::puzzles::sudominoku::{parse, verify, write_puzzles, DlxSudominoku, BOJ_MIN_PLACED};

    #[test]
    fn naive_and_dlx_agree_on_generated_puzzles() {
        for i in 0..4 {
            let p = generate(99, i);
            assert!(p.dominoes().len() >= BOJ_MIN_PLACED);
            let d = DlxSudominoku::new().solve(&p, Limits::solutions(2));
            let n = NaiveSudominoku::new().solve(&p, Limits::solutions(2));
            assert_eq!((d.count, d.end), (1, End::Exhausted));
            assert_eq!((n.count, n.end), (1, End::Exhausted));
            assert_eq!(d.grid, n.grid);
            verify(&p, d.grid.as_ref().unwrap()).unwrap();
            assert_eq!(
                parse(&write_puzzles(std::slice::from_ref(&p))).records[0].puzzle,
                Ok(p)
            );
        }
    }
}
