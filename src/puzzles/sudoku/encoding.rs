//! The exact-cover encoding of Sudoku.

use std::sync::OnceLock;

use super::grid::{assert_shape, BoxShape, MAX_SIDE};
use crate::exact_cover::{Matrix, Problem};

/// Item numbers: cells first (so they win MRV ties), then row-digit,
/// column-digit and box-digit items; `side^2` of each kind.
pub fn cell_item(side: usize, row: usize, col: usize) -> usize {
    row * side + col
}
/// Item "digit d (0-based) in row r".
pub(crate) fn row_item(side: usize, row: usize, digit: usize) -> usize {
    side * side + row * side + digit
}
/// Item "digit d (0-based) in column c".
pub(crate) fn col_item(side: usize, col: usize, digit: usize) -> usize {
    2 * side * side + col * side + digit
}
/// Item "digit d (0-based) in box b".
pub(crate) fn box_item(side: usize, bx: usize, digit: usize) -> usize {
    3 * side * side + bx * side + digit
}

/// Option number of "digit d (0-based) at (row, col)".
pub fn option(side: usize, row: usize, col: usize, digit: usize) -> usize {
    (row * side + col) * side + digit
}

/// (row, col, digit 0-based) of an option number.
pub fn decode(side: usize, option: usize) -> (usize, usize, usize) {
    let cell = option / side;
    (cell / side, cell % side, option % side)
}

/// Adds the 4 side^2 Sudoku items and the side^3 placement options to
/// `problem`, which must be empty: the item and option numbers of the
/// functions above count from 0, so items and options of a variant go
/// in after this call (Sudominoku adds its domino items that way).
///
/// # Panics
/// If `problem` already has items or options (the numbers above would
/// name the wrong ones).
fn add_sudoku(problem: &mut Problem, shape: BoxShape) {
    assert!(
        problem.items().is_empty() && problem.options() == 0,
        "add_sudoku needs an empty problem ({} items, {} options already): \
         its item and option numbers count from 0",
        problem.items().len(),
        problem.options()
    );
    let side = shape.side();
    let names = [("p", "c"), ("r", "#"), ("c", "#"), ("b", "#")];
    for (a, b) in names {
        for x in 0..side {
            for y in 0..side {
                problem
                    .add_primary(format!("{a}{}{b}{}", x + 1, y + 1))
                    .expect("distinct item names");
            }
        }
    }
    for r in 0..side {
        for c in 0..side {
            let b = shape.box_of(r, c);
            for d in 0..side {
                problem
                    .add_option(&[
                        cell_item(side, r, c),
                        row_item(side, r, d),
                        col_item(side, c, d),
                        box_item(side, b, d),
                    ])
                    .expect("valid option");
            }
        }
    }
}

/// The Sudoku problem with boxes of `shape` (a box size `n` for `n x n`).
pub(crate) fn problem(shape: impl Into<BoxShape>) -> Problem {
    let mut p = Problem::new();
    add_sudoku(&mut p, shape.into());
    p
}

/// The compiled matrix for boxes of `shape` (a box size `n` for `n x n`),
/// built once per process.
///
/// # Panics
/// If the shape is unsupported (see [`BoxShape`]).
pub fn matrix(shape: impl Into<BoxShape>) -> &'static Matrix {
    // One slot per (rows, cols): both are at most MAX_SIDE / 2.
    const SLOTS: usize = MAX_SIDE / 2 + 1;
    static MATRICES: [[OnceLock<Matrix>; SLOTS]; SLOTS] =
        [const { [const { OnceLock::new() }; SLOTS] }; SLOTS];
    let shape = shape.into();
    assert_shape(shape);
    MATRICES[shape.rows()][shape.cols()]
        .get_or_init(|| problem(shape).compile().expect("Sudoku matrix fits"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::sudoku::encoding;

    #[test]
    #[should_panic(expected = "add_sudoku needs an empty problem (1 items, 0 options already)")]
    fn add_sudoku_refuses_a_problem_with_items() {
        let mut problem = Problem::new();
        problem.add_primary("x").unwrap();
        encoding::add_sudoku(&mut problem, BoxShape::square(2));
    }

    #[test]
    #[should_panic(expected = "box size 9 unsupported: 2 to 8 (4x4 to 64x64 grids)")]
    fn a_matrix_of_an_unsupported_size_says_which_are() {
        encoding::matrix(9);
    }
}
