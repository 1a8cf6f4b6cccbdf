//! The independent verifier of the variants' rules: it recomputes each
//! rule's cells from the rule's statement (diagonals, windows, chess moves)
//! rather than from the encoding, and does not use the engine.

use super::{Variant, Variants};
use crate::error::Invalid;
use crate::puzzles::sudoku::Grid;

impl Variants {
    /// The first two givens of `puzzle` that break one of these rules
    /// (the classic ones are [`Grid::check_givens`]'s), named:
    /// `digit 5 appears twice on the main diagonal (cells r1c1 and r4c4)`.
    pub fn check_givens(self, puzzle: &Grid) -> Result<(), String> {
        self.supports(puzzle.shape())?;
        for variant in self.iter() {
            if let Some(reason) = first_break(variant, puzzle) {
                return Err(reason);
            }
        }
        Ok(())
    }

    /// Whether `answer` is a complete grid that keeps every given of
    /// `puzzle` and meets the classic rules ([`Grid::check_solution`]) and
    /// every rule of these variants. The independent verifier.
    pub fn check_solution(self, answer: &Grid, puzzle: &Grid) -> Result<(), Invalid> {
        answer.check_solution(puzzle)?;
        // Checked in the puzzle's boxes (an answer read from a line has
        // the side's default ones).
        let answer = answer
            .clone()
            .with_shape(puzzle.shape())
            .map_err(|e| Invalid(e.to_string()))?;
        self.supports(answer.shape()).map_err(Invalid)?;
        for variant in self.iter() {
            if let Some(reason) = first_break(variant, &answer) {
                return Err(Invalid(reason));
            }
        }
        Ok(())
    }
}

/// The first break of `variant`'s rule by two filled cells of `grid`,
/// described; `None` if there is none. On a complete grid whose units have
/// `side` cells, no repeat in a unit means every digit once in it.
fn first_break(variant: Variant, grid: &Grid) -> Option<String> {
    let side = grid.side();
    let at = |r: usize, c: usize| grid.get(r, c);
    let name = |(r, c): (usize, usize)| format!("r{}c{}", r + 1, c + 1);
    match variant {
        Variant::X => {
            let main: Vec<_> = (0..side).map(|i| (i, i)).collect();
            let anti: Vec<_> = (0..side).map(|i| (i, side - 1 - i)).collect();
            [("the main diagonal", main), ("the anti-diagonal", anti)]
                .into_iter()
                .find_map(|(unit, cells)| repeat_in(grid, unit, &cells))
        }
        Variant::Windoku => {
            // Windows of n x n with their corners at 1, n + 2, 2n + 3, ...
            // (rows 2-4 and 6-8 of a 9x9 grid).
            let n = grid.shape().rows();
            let starts: Vec<usize> = (1..side).step_by(n + 1).filter(|s| s + n <= side).collect();
            let mut found = None;
            for &top in &starts {
                for &left in &starts {
                    let cells: Vec<_> = (top..top + n)
                        .flat_map(|r| (left..left + n).map(move |c| (r, c)))
                        .collect();
                    let unit = format!(
                        "the window at rows {}-{}, columns {}-{}",
                        top + 1,
                        top + n,
                        left + 1,
                        left + n
                    );
                    found = found.or_else(|| repeat_in(grid, &unit, &cells));
                }
            }
            found
        }
        Variant::AntiKnight | Variant::AntiKing => {
            let (what, steps): (&str, &[(usize, usize)]) = if variant == Variant::AntiKnight {
                ("a knight's move", &[(1, 2), (2, 1)])
            } else {
                ("a king's move", &[(0, 1), (1, 0), (1, 1)])
            };
            // Each unordered pair once: the second cell below, or right on
            // the same row; for diagonals, both directions below.
            for r in 0..side {
                for c in 0..side {
                    if at(r, c) == 0 {
                        continue;
                    }
                    for &(dr, dc) in steps {
                        let mut others = vec![(r + dr, c + dc)];
                        if dr > 0 && dc > 0 && c >= dc {
                            others.push((r + dr, c - dc));
                        }
                        for (r2, c2) in others {
                            if r2 < side && c2 < side && at(r2, c2) == at(r, c) {
                                return Some(format!(
                                    "{} stands in cells {} and {}, {what} apart",
                                    digit_name(at(r, c), side),
                                    name((r, c)),
                                    name((r2, c2))
                                ));
                            }
                        }
                    }
                }
            }
            None
        }
    }
}

/// The first digit found twice among `cells` of `grid`, described.
fn repeat_in(grid: &Grid, unit: &str, cells: &[(usize, usize)]) -> Option<String> {
    let side = grid.side();
    let mut seen: Vec<Option<(usize, usize)>> = vec![None; side + 1];
    for &(r, c) in cells {
        let v = usize::from(grid.get(r, c));
        if v == 0 {
            continue;
        }
        if let Some((r1, c1)) = seen[v] {
            return Some(format!(
                "{} appears twice on {unit} (cells r{}c{} and r{}c{})",
                digit_name(v as u8, side),
                r1 + 1,
                c1 + 1,
                r + 1,
                c + 1
            ));
        }
        seen[v] = Some((r, c));
    }
    None
}

/// A digit as messages name it: `digit 5`, `symbol `A` (10)` above 9x9.
fn digit_name(v: u8, side: usize) -> String {
    crate::puzzles::sudoku::format::symbols::value_name(usize::from(v), side)
}
