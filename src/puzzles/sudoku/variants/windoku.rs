//! Windoku (hyper Sudoku): extra `n x n` windows, each holding every digit
//! once, set one cell in from the edge with one line between them (the four
//! shaded boxes of a 9x9 windoku at rows and columns 2-4 and 6-8).
//!
//! Supported: square boxes only, `n` from 2 to 8, giving `(n - 1)^2`
//! windows (one for 4x4, four for 9x9, nine for 16x16). With boxes of
//! R x C (R != C) the windows, one line apart, overrun the grid in one
//! direction, so oblong boxes are refused (see [`supports`]).
//!
//! Exact cover: one extra unit per window, so `side` primary items per
//! window.

use super::super::BoxShape;

/// Why windoku cannot be played in boxes of `shape`, if it cannot.
pub(super) fn supports(shape: BoxShape) -> Result<(), String> {
    if shape.is_square() {
        Ok(())
    } else {
        Err(format!(
            "windoku needs square boxes (4x4, 9x9, 16x16, ... grids), and these are {shape}: \
             its windows of {shape} one line apart would not fit in the grid"
        ))
    }
}

/// Top-left corners' row (and column) of the windows: `1 + k (n + 1)`.
pub(super) fn window_starts(n: usize) -> impl Iterator<Item = usize> {
    (0..n - 1).map(move |k| 1 + k * (n + 1))
}

/// The windows' cells (reading-order indices), in reading order of their
/// top-left corners. Square boxes only (checked by [`supports`]).
pub(super) fn units(shape: BoxShape) -> Vec<(String, Vec<usize>)> {
    let (n, side) = (shape.rows(), shape.side());
    let mut units = Vec::new();
    for top in window_starts(n) {
        for left in window_starts(n) {
            let cells = (0..n * n)
                .map(|k| (top + k / n) * side + left + k % n)
                .collect();
            let name = format!(
                "the window at rows {}-{}, columns {}-{}",
                top + 1,
                top + n,
                left + 1,
                left + n
            );
            units.push((name, cells));
        }
    }
    units
}
