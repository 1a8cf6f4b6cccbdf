//! Sudoku X: each main diagonal holds every digit once.
//!
//! Exact cover: two extra units, so `2 * side` primary items "digit d on
//! diagonal k", each in the options of the diagonal's cells. Any box shape
//! works (a diagonal has `side` cells, one per row).

use super::super::BoxShape;

/// The two diagonals' cells (reading-order indices): the main diagonal
/// (r1c1 to rNcN), then the anti-diagonal (r1cN to rNc1).
pub(super) fn units(shape: BoxShape) -> Vec<(String, Vec<usize>)> {
    let side = shape.side();
    let main = (0..side).map(|r| r * side + r).collect();
    let anti = (0..side).map(|r| r * side + (side - 1 - r)).collect();
    vec![
        ("the main diagonal".to_string(), main),
        ("the anti-diagonal".to_string(), anti),
    ]
}
