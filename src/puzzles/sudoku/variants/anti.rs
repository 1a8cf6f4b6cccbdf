//! Anti-knight and anti-king: two cells a chess knight's move (or a king's
//! move) apart never hold the same digit.
//!
//! Exact cover: such a rule forbids pairs rather than asking for a cover, so
//! each pair of cells it relates is a **secondary** item per digit, "digit d
//! in cell a or cell b", in the options placing d in either cell: at most
//! one of them can be chosen. Pairs already in one row, column or box are
//! left out (the classic items forbid them already), which for anti-king
//! leaves the diagonal neighbours in different boxes. Any box shape works.

use super::super::BoxShape;

/// The knight's moves, as (row, column) offsets.
pub(super) const KNIGHT: [(isize, isize); 8] = [
    (1, 2),
    (2, 1),
    (-1, 2),
    (-2, 1),
    (1, -2),
    (2, -1),
    (-1, -2),
    (-2, -1),
];

/// The king's moves.
pub(super) const KING: [(isize, isize); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The pairs `(a, b)`, `a < b` reading-order indices, of cells a move of
/// `moves` apart that share no row, column or box.
pub(super) fn pairs(shape: BoxShape, moves: &[(isize, isize)]) -> Vec<(usize, usize)> {
    let side = shape.side();
    let mut pairs = Vec::new();
    for r in 0..side {
        for c in 0..side {
            for &(dr, dc) in moves {
                let (Some(r2), Some(c2)) = (r.checked_add_signed(dr), c.checked_add_signed(dc))
                else {
                    continue;
                };
                let (a, b) = (r * side + c, r2 * side + c2);
                let shares_unit = r == r2 || c == c2 || shape.box_of(r, c) == shape.box_of(r2, c2);
                if r2 < side && c2 < side && a < b && !shares_unit {
                    pairs.push((a, b));
                }
            }
        }
    }
    pairs
}
