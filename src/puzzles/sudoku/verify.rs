//! The independent verifier of a Sudoku solution: it does not use the
//! engine.

use super::format::symbols::value_name;
use super::grid::Grid;
use crate::error::Invalid;

impl Grid {
    /// Whether `self` is a complete valid grid that keeps every given of
    /// `puzzle`, in the puzzle's boxes (an answer read from a line has the
    /// side's default boxes, which need not be the puzzle's). The
    /// independent verifier: it does not use the engine.
    pub fn check_solution(&self, puzzle: &Grid) -> Result<(), Invalid> {
        if self.side() != puzzle.side() {
            return Err(Invalid(format!(
                "solution is {0}x{0}, puzzle is {1}x{1}",
                self.side(),
                puzzle.side()
            )));
        }
        if self.shape != puzzle.shape {
            let reshaped = Grid {
                shape: puzzle.shape,
                cells: self.cells.clone(),
            };
            return reshaped.check_solution(puzzle);
        }
        let side = self.side();
        if let Some(k) = self.cells.iter().position(|&v| v == 0) {
            return Err(Invalid(format!(
                "cell r{}c{} is blank",
                k / side + 1,
                k % side + 1
            )));
        }
        if let Some(k) = (0..self.cells.len())
            .find(|&k| puzzle.cells[k] != 0 && puzzle.cells[k] != self.cells[k])
        {
            // Digits as they are up to 9x9; above, as written (see value_name).
            let name = |v: u8| match side {
                ..=9 => v.to_string(),
                _ => value_name(v.into(), side),
            };
            return Err(Invalid(format!(
                "given {} at r{}c{} was changed to {}",
                name(puzzle.cells[k]),
                k / side + 1,
                k % side + 1,
                name(self.cells[k])
            )));
        }
        self.check_givens().map_err(|e| Invalid(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::sudoku::{samples, BoxShape, MAX_BOX, MIN_BOX};

    #[test]
    fn pattern_solutions_are_solutions() {
        for n in MIN_BOX..=MAX_BOX {
            let grid = samples::pattern_solution(n);
            assert_eq!(grid.check_solution(&Grid::empty(n)), Ok(()), "n = {n}");
        }
        for side in 4..=64 {
            for shape in BoxShape::all_for_side(side) {
                let grid = samples::pattern_solution(shape);
                assert_eq!(grid.check_solution(&Grid::empty(shape)), Ok(()), "{shape}");
            }
        }
    }

    /// An oblong box is checked as the puzzle's boxes lie: the pattern
    /// solution of 2x3 boxes is no solution in boxes of 3x2.
    #[test]
    fn oblong_boxes_are_checked_in_the_puzzles_shape() {
        let two_by_three = BoxShape::new(2, 3).unwrap();
        let three_by_two = BoxShape::new(3, 2).unwrap();
        let grid = samples::pattern_solution(two_by_three);
        let e = grid.check_solution(&Grid::empty(three_by_two)).unwrap_err();
        assert!(e.0.contains("box 1 (rows 1-3, columns 1-2)"), "{}", e.0);
    }
}
