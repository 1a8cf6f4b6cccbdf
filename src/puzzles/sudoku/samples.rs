//! Well-known 9x9 puzzles with their solutions, for examples, tests and
//! benchmarks.

use super::grid::{assert_shape, BoxShape, Grid};

/// The puzzle of Wikipedia's Sudoku article: unique, solved by singles.
pub const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// The solution of [`EASY`].
pub const EASY_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/// Arto Inkala's "world's hardest Sudoku" (2012): 21 clues, unique, and
/// it needs guessing (the textbook naive solver needs well over 1024 nodes
/// on it).
pub const HARD: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
/// The solution of [`HARD`].
pub const HARD_SOLUTION: &str =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

/// A solved grid with boxes of any supported shape R x C (a box size `n`
/// for `n x n`): cell (r, c) holds `((r mod R) * C + r div R + c) mod N + 1`
/// for the side N = R * C. Blank some cells to get a puzzle of any size
/// with a known solution.
///
/// # Panics
/// If the shape is unsupported (see [`BoxShape`]).
pub fn pattern_solution(shape: impl Into<BoxShape>) -> Grid {
    let shape = shape.into();
    assert_shape(shape);
    let (rows, cols, side) = (shape.rows(), shape.cols(), shape.side());
    let cells = (0..side * side)
        .map(|k| {
            let (r, c) = (k / side, k % side);
            (((r % rows) * cols + r / rows + c) % side + 1) as u8
        })
        .collect();
    Grid::from_cells(shape, cells).expect("a supported shape")
}
