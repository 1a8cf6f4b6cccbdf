//! The independent side of the variants: a verifier and a backtracking
//! solver that share no code with the exact-cover encoding. Both rest on
//! one predicate, [`rule_between`], which restates each rule from its
//! definition (the diagonals, the windows at `1 + k (n + 1)`, the chess
//! moves) rather than from the lists of cells the encoding is built from.
//!
//! A unit rule (every digit once among `side` cells) is the same as "no two
//! of its cells hold the same digit" once the grid is complete, so every
//! rule here is a relation between two cells whose digits must differ.

use std::ops::ControlFlow;

use super::{Variant, Variants};
use crate::error::Invalid;
use crate::exact_cover::{End, Limits};
use crate::puzzles::sudoku::{BoxShape, Grid, Solution, SudokuSolver};

/// Which rule of `variants` (or of classic Sudoku: `None` then names it
/// `"classic"`) keeps cells `a` and `b` (row, column; distinct) from
/// holding one digit, described for messages: `on the main diagonal`,
/// `a knight's move apart`. `None` if no rule relates them.
pub(super) fn rule_between(
    variants: Variants,
    shape: BoxShape,
    a: (usize, usize),
    b: (usize, usize),
) -> Option<String> {
    let side = shape.side();
    let ((r1, c1), (r2, c2)) = (a, b);
    if r1 == r2 || c1 == c2 || shape.box_of(r1, c1) == shape.box_of(r2, c2) {
        return Some("classic".into());
    }
    if variants.has(Variant::X) {
        if r1 == c1 && r2 == c2 {
            return Some("on the main diagonal".into());
        }
        if r1 + c1 == side - 1 && r2 + c2 == side - 1 {
            return Some("on the anti-diagonal".into());
        }
    }
    if variants.has(Variant::Windoku) && shape.is_square() {
        let n = shape.rows();
        // Line `x` lies in window band `(x - 1) / (n + 1)` when it is not a
        // gap line between bands and the band is one of the n - 1.
        let band = |x: usize| {
            let inside = x >= 1 && (x - 1) % (n + 1) < n && (x - 1) / (n + 1) < n - 1;
            inside.then(|| (x - 1) / (n + 1))
        };
        if let (Some(p), Some(q), Some(s), Some(t)) = (band(r1), band(c1), band(r2), band(c2)) {
            if (p, q) == (s, t) {
                let (top, left) = (1 + p * (n + 1), 1 + q * (n + 1));
                return Some(format!(
                    "in the window at rows {}-{}, columns {}-{}",
                    top + 1,
                    top + n,
                    left + 1,
                    left + n
                ));
            }
        }
    }
    let (dr, dc) = (r1.abs_diff(r2), c1.abs_diff(c2));
    if variants.has(Variant::AntiKnight) && matches!((dr, dc), (1, 2) | (2, 1)) {
        return Some("a knight's move apart".into());
    }
    if variants.has(Variant::AntiKing) && dr <= 1 && dc <= 1 {
        return Some("a king's move apart".into());
    }
    None
}

impl Variants {
    /// The first two givens of `puzzle` that break one of these rules (the
    /// classic ones are [`Grid::check_givens`]'s), named: `digit 5 stands
    /// in cells r1c1 and r5c5, on the main diagonal`. Also refuses boxes
    /// the rules do not fit ([`Variants::supports`]).
    pub fn check_givens(self, puzzle: &Grid) -> Result<(), String> {
        self.supports(puzzle.shape())?;
        match self.first_break(puzzle) {
            Some(reason) => Err(reason),
            None => Ok(()),
        }
    }

    /// Whether `answer` is a complete grid that keeps every given of
    /// `puzzle` and meets the classic rules ([`Grid::check_solution`]) and
    /// every rule of these variants, in the puzzle's boxes. The
    /// independent verifier: it does not use the engine.
    pub fn check_solution(self, answer: &Grid, puzzle: &Grid) -> Result<(), Invalid> {
        answer.check_solution(puzzle)?;
        if self.is_empty() {
            // Classic Sudoku: nothing more to check (and no copy made).
            return Ok(());
        }
        // An answer read from a line has the side's default boxes.
        let answer = (answer.clone())
            .with_shape(puzzle.shape())
            .map_err(|e| Invalid(e.to_string()))?;
        self.supports(answer.shape()).map_err(Invalid)?;
        match self.first_break(&answer) {
            Some(reason) => Err(Invalid(reason)),
            None => Ok(()),
        }
    }

    /// The first pair of filled cells holding one digit that a rule of
    /// these variants (not a classic one) keeps apart, described.
    fn first_break(self, grid: &Grid) -> Option<String> {
        if self.is_empty() {
            return None;
        }
        let side = grid.side();
        let cells = side * side;
        for a in 0..cells {
            let v = grid.cells()[a];
            if v == 0 {
                continue;
            }
            for b in a + 1..cells {
                if grid.cells()[b] != v {
                    continue;
                }
                let (pa, pb) = ((a / side, a % side), (b / side, b % side));
                match rule_between(self, grid.shape(), pa, pb) {
                    Some(rule) if rule != "classic" => {
                        return Some(format!(
                            "{} stands in cells r{}c{} and r{}c{}, {rule}",
                            digit_name(v, side),
                            pa.0 + 1,
                            pa.1 + 1,
                            pb.0 + 1,
                            pb.1 + 1
                        ))
                    }
                    _ => {}
                }
            }
        }
        None
    }
}

/// A digit as messages name it: `digit 5`; above 9x9 as the line format
/// writes it (`symbol `A` (10)`).
fn digit_name(v: u8, side: usize) -> String {
    crate::puzzles::sudoku::format::symbols::value_name(usize::from(v), side)
}

/// Backtracking over each cell's peers (every cell a rule relates to it,
/// by `rule_between`), the cell with the fewest candidates first, digits
/// in ascending order: the variants' baseline, and the independent recount
/// of `dlx check --variant`. It shares no code with the exact-cover
/// encoding. Search nodes are digits placed.
#[derive(Debug)]
pub struct PeerSudoku {
    variants: Variants,
    /// The peers of every cell of the last shape solved.
    peers: Option<(BoxShape, Vec<Vec<u16>>)>,
}

impl PeerSudoku {
    /// A solver for these rules (the peers are listed on first use).
    pub fn new(variants: Variants) -> Self {
        PeerSudoku {
            variants,
            peers: None,
        }
    }
}

impl SudokuSolver for PeerSudoku {
    /// As [`SudokuSolver::solve`]: boxes the variants do not fit, or
    /// givens that break a rule, have no solution.
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Solution {
        let shape = puzzle.shape();
        if self.variants.check_givens(puzzle).is_err() || puzzle.check_givens().is_err() {
            return Solution::none();
        }
        let variants = self.variants;
        let side = shape.side();
        let peers = match &self.peers {
            Some((s, peers)) if *s == shape => peers,
            _ => {
                let cells = side * side;
                let list = (0..cells)
                    .map(|a| {
                        (0..cells)
                            .filter(|&b| b != a)
                            .filter(|&b| {
                                let (pa, pb) = ((a / side, a % side), (b / side, b % side));
                                rule_between(variants, shape, pa, pb).is_some()
                            })
                            .map(|b| b as u16)
                            .collect()
                    })
                    .collect();
                &self.peers.insert((shape, list)).1
            }
        };
        let rules = Peers {
            peers,
            full: if side == 64 {
                u64::MAX
            } else {
                (1u64 << side) - 1
            },
        };
        let mut search = PeerRun::new(&rules, puzzle.cells().to_vec(), limits);
        let end = search.run();
        Solution {
            grid: search.first.map(|cells| Grid { shape, cells }),
            count: search.count,
            end,
            nodes: search.nodes,
        }
    }
}

/// The rules a [`PeerRun`] fills a grid under: which digits a blank may
/// take, and whether a digit just placed leaves the rest reachable.
pub(super) trait PeerRules {
    /// The digits (bit `d - 1` for digit `d`) cell `k` of `cells` may take.
    fn candidates(&self, cells: &[u8], k: usize) -> u64;

    /// Whether the digit just placed in cell `k` keeps every rule
    /// satisfiable as far as these rules look (by default, always: the
    /// candidates said so).
    fn fits(&self, _cells: &[u8], _k: usize) -> bool {
        true
    }
}

/// The peers of [`PeerSudoku`]: cell `k` may take no digit of a peer.
struct Peers<'a> {
    peers: &'a [Vec<u16>],
    full: u64,
}

impl PeerRules for Peers<'_> {
    fn candidates(&self, cells: &[u8], k: usize) -> u64 {
        let taken = (self.peers[k].iter())
            .map(|&p| cells[usize::from(p)])
            .filter(|&v| v != 0)
            .fold(0u64, |m, v| m | 1 << (v - 1));
        self.full & !taken
    }
}

/// One backtracking search under [`PeerRules`]: the blank with the fewest
/// candidates first, digits in ascending order, one node per digit placed.
/// Used by [`PeerSudoku`] and by the layouts' peer search, both on the
/// independent side of the variants (no code of the encodings).
pub(super) struct PeerRun<'r, R> {
    rules: &'r R,
    cells: Vec<u8>,
    limits: Limits,
    max_solutions: u64,
    max_nodes: u64,
    /// Digits placed.
    pub(super) nodes: u64,
    /// Solutions found.
    pub(super) count: u64,
    /// The first solution's cells.
    pub(super) first: Option<Vec<u8>>,
}

impl<'r, R: PeerRules> PeerRun<'r, R> {
    /// A search of `cells` (0 blank) within `limits` (`max_solutions`
    /// `None` means 1).
    pub(super) fn new(rules: &'r R, cells: Vec<u8>, limits: Limits) -> Self {
        PeerRun {
            rules,
            cells,
            limits,
            max_solutions: limits.max_solutions.unwrap_or(1),
            max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
            nodes: 0,
            count: 0,
            first: None,
        }
    }

    /// Searches; why it ended.
    pub(super) fn run(&mut self) -> End {
        match self.go() {
            ControlFlow::Break(end) => end,
            ControlFlow::Continue(()) => End::Exhausted,
        }
    }

    /// Fills the blanks, depth first; `Break` with why it stopped early.
    fn go(&mut self) -> ControlFlow<End> {
        // The blank with the fewest candidates (a dead one ends this
        // branch at once).
        let mut best: Option<(usize, u64)> = None;
        for k in (0..self.cells.len()).filter(|&k| self.cells[k] == 0) {
            let m = self.rules.candidates(&self.cells, k);
            if best.map_or(true, |(_, b)| m.count_ones() < b.count_ones()) {
                best = Some((k, m));
                if m.count_ones() <= 1 {
                    break;
                }
            }
        }
        let Some((k, mut m)) = best else {
            self.count += 1;
            if self.first.is_none() {
                self.first = Some(self.cells.clone());
            }
            return if self.count >= self.max_solutions {
                ControlFlow::Break(End::Stopped)
            } else {
                ControlFlow::Continue(())
            };
        };
        while m != 0 {
            let d = m.trailing_zeros() as u8;
            m &= m - 1;
            if self.nodes >= self.max_nodes {
                return ControlFlow::Break(End::NodeLimit);
            }
            if let Some(end) = self.limits.must_stop(self.nodes) {
                return ControlFlow::Break(end);
            }
            self.nodes += 1;
            self.cells[k] = d + 1;
            let done = if self.rules.fits(&self.cells, k) {
                self.go()
            } else {
                ControlFlow::Continue(())
            };
            self.cells[k] = 0;
            done?;
        }
        ControlFlow::Continue(())
    }
}
