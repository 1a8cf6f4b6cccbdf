//! The exact-cover encoding of Sudominoku.
//!
//! Items (all primary), numbered in this order:
//! - `0..324`: the 9x9 Sudoku items of [`sudoku::encoding`] (cells, then
//!   row-, column- and box-digit), same names and numbers;
//! - `324..333`: "single digit d is placed", `s1`..`s9`;
//! - `333..369`: "domino {a,b} is placed", `d12`..`d89`.
//!
//! Options:
//! - `0..729`: digit d alone at a cell: the cell, its row-, column- and
//!   box-digit items and `s{d}`. Numbered like
//!   [`sudoku::encoding::option`].
//! - `729..`: domino {a,b} on an adjacent pair of cells, either way round:
//!   both cells, both halves' row-, column- and box-digit items, and
//!   `d{a}{b}`. See [`domino_option`].
//!
//! There is deliberately no plain "digit d at a cell" option: every cell is
//! covered by a single or a domino half. (Counting shows such options could
//! never be part of a solution anyway, 9 singles + 36 dominoes fill all 81
//! cells, but they would cost the search dearly.)

use std::sync::OnceLock;

use super::{PlacedDomino, Position, CELLS, DOMINOES, SIDE};
use crate::exact_cover::{Matrix, Problem};
use crate::puzzles::sudoku;

/// Items of the Sudoku part.
const SUDOKU_ITEMS: usize = 4 * CELLS;
/// All items.
const ITEMS: usize = SUDOKU_ITEMS + SIDE + DOMINOES;
/// Unordered pairs of adjacent cells: 72 horizontal, then 72 vertical.
pub(crate) const EDGES: usize = 2 * SIDE * (SIDE - 1);
/// Options that place a single.
const SINGLE_OPTIONS: usize = CELLS * SIDE;
/// All options.
const OPTIONS: usize = SINGLE_OPTIONS + DOMINOES * EDGES * 2;

/// Item "the single of `digit` (1-9) is placed".
fn single_item(digit: u8) -> usize {
    SUDOKU_ITEMS + digit as usize - 1
}

/// Item "the domino of digits `a` and `b` (distinct, 1-9, either order)
/// is placed".
fn domino_item(a: u8, b: u8) -> usize {
    SUDOKU_ITEMS + SIDE + domino_index(a, b)
}

/// The domino's number `0..36`: `1-2` is 0, `1-3` is 1, ..., `8-9` is 35.
///
/// # Panics
/// If the digits are equal or outside 1-9.
pub(crate) fn domino_index(a: u8, b: u8) -> usize {
    let (a, b) = (a.min(b) as usize, a.max(b) as usize);
    assert!(1 <= a && a < b && b <= 9, "no domino {a}-{b}");
    (a - 1) * (18 - a) / 2 + (b - a - 1)
}

/// The digits (smaller first) of domino number `index`.
fn domino_digits(index: usize) -> (u8, u8) {
    let mut k = index;
    for a in 1..9u8 {
        let row = 9 - a as usize;
        if k < row {
            return (a, a + 1 + k as u8);
        }
        k -= row;
    }
    panic!("domino index {index} out of range")
}

/// The number of the adjacent pair of cells `{p, q}`, if adjacent.
fn edge(p: Position, q: Position) -> Option<usize> {
    let (p, q) = (p.min(q), p.max(q));
    if !p.is_adjacent(q) {
        None
    } else if p.row() == q.row() {
        Some(p.row() * (SIDE - 1) + p.col())
    } else {
        Some(SIDE * (SIDE - 1) + p.row() * SIDE + p.col())
    }
}

/// The cells of edge `e`, the top or left one first.
pub(crate) fn edge_cells(e: usize) -> (Position, Position) {
    let half = SIDE * (SIDE - 1);
    let (p, q) = if e < half {
        let (r, c) = (e / (SIDE - 1), e % (SIDE - 1));
        ((r, c), (r, c + 1))
    } else {
        let (r, c) = ((e - half) / SIDE, (e - half) % SIDE);
        ((r, c), (r + 1, c))
    };
    (
        Position::new(p.0, p.1).expect("on grid"),
        Position::new(q.0, q.1).expect("on grid"),
    )
}

/// The option placing the single of `digit` at `at`.
pub fn single_option(at: Position, digit: u8) -> usize {
    sudoku::encoding::option(SIDE, at.row(), at.col(), digit as usize - 1)
}

/// The option placing domino `d` (valid: adjacent cells, distinct digits
/// 1-9), whichever half it lists first.
///
/// # Panics
/// If `d` is not valid.
pub fn domino_option(d: &PlacedDomino) -> usize {
    let e = edge(d.lu, d.lv).expect("domino halves are adjacent");
    let (a, _) = d.pair();
    // Orientation 0: the smaller digit on the top or left cell.
    let small_first = (d.lu < d.lv) == (d.u == a);
    SINGLE_OPTIONS + (domino_index(d.u, d.v) * EDGES + e) * 2 + usize::from(!small_first)
}

/// What an option places.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Placement {
    /// The single of `digit` at `at`.
    Single {
        /// Its cell.
        at: Position,
        /// Its digit, 1-9.
        digit: u8,
    },
    /// A domino, listed top or left cell first.
    Domino(PlacedDomino),
}

/// Decodes option number `option`.
///
/// # Panics
/// If `option >= OPTIONS`.
pub(crate) fn decode(option: usize) -> Placement {
    assert!(option < OPTIONS, "option {option} out of range");
    if option < SINGLE_OPTIONS {
        let (r, c, d) = sudoku::encoding::decode(SIDE, option);
        return Placement::Single {
            at: Position::new(r, c).expect("on grid"),
            digit: d as u8 + 1,
        };
    }
    let k = option - SINGLE_OPTIONS;
    let (flip, e, dom) = (k % 2 == 1, (k / 2) % EDGES, k / 2 / EDGES);
    let (a, b) = domino_digits(dom);
    let (p, q) = edge_cells(e);
    let (x, y) = if flip { (b, a) } else { (a, b) };
    Placement::Domino(PlacedDomino::new(x, p, y, q))
}

/// The items of an option's placement, in option order.
fn option_items(placement: Placement) -> Vec<usize> {
    let sudoku_items = |at: Position, digit: u8| {
        let d = digit as usize - 1;
        [
            sudoku::encoding::cell_item(SIDE, at.row(), at.col()),
            sudoku::encoding::row_item(SIDE, at.row(), d),
            sudoku::encoding::col_item(SIDE, at.col(), d),
            sudoku::encoding::box_item(SIDE, at.box_index(), d),
        ]
    };
    match placement {
        Placement::Single { at, digit } => {
            let mut items = sudoku_items(at, digit).to_vec();
            items.push(single_item(digit));
            items
        }
        Placement::Domino(d) => {
            let mut items = sudoku_items(d.lu, d.u).to_vec();
            items.extend(sudoku_items(d.lv, d.v));
            items.push(domino_item(d.u, d.v));
            items
        }
    }
}

/// The Sudominoku problem, options numbered as above. With
/// `order = Some(perm)`, option `perm[k]` of the standard numbering is
/// added k-th instead. ([`problem`] asks for the standard order.)
fn problem_in_order(order: Option<&[usize]>) -> Problem {
    let mut p = Problem::new();
    // The Sudoku items, exactly as the Sudoku module names and numbers
    // them (its 729 plain placement options are not wanted here).
    for item in sudoku::encoding::problem(3).items() {
        p.add_item(item.name.clone(), item.kind)
            .expect("distinct names");
    }
    for digit in 1..=9 {
        p.add_primary(format!("s{digit}")).expect("distinct names");
    }
    for k in 0..DOMINOES {
        let (a, b) = domino_digits(k);
        p.add_primary(format!("d{a}{b}")).expect("distinct names");
    }
    debug_assert_eq!(p.items().len(), ITEMS);
    for k in 0..OPTIONS {
        let option = order.map_or(k, |o| o[k]);
        p.add_option(&option_items(decode(option)))
            .expect("valid option");
    }
    p
}

/// The Sudominoku problem: 369 items, 11097 options.
fn problem() -> Problem {
    problem_in_order(None)
}

/// The compiled matrix, built once per process.
pub fn matrix() -> &'static Matrix {
    static MATRIX: OnceLock<Matrix> = OnceLock::new();
    MATRIX.get_or_init(|| problem().compile().expect("Sudominoku matrix fits"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::sudominoku::encoding;

    #[test]
    fn domino_numbering_is_a_bijection() {
        for k in 0..DOMINOES {
            let (a, b) = encoding::domino_digits(k);
            assert!(a < b);
            assert_eq!(encoding::domino_index(a, b), k);
            assert_eq!(encoding::domino_index(b, a), k);
        }
        for e in 0..encoding::EDGES {
            let (p, q) = encoding::edge_cells(e);
            assert_eq!(encoding::edge(p, q), Some(e));
            assert_eq!(encoding::edge(q, p), Some(e));
        }
    }

    #[test]
    fn options_decode_to_their_own_number() {
        let problem = encoding::problem();
        assert_eq!(problem.items().len(), encoding::ITEMS);
        assert_eq!(problem.options(), encoding::OPTIONS);
        for o in 0..encoding::OPTIONS {
            let back = match encoding::decode(o) {
                encoding::Placement::Single { at, digit } => encoding::single_option(at, digit),
                encoding::Placement::Domino(d) => {
                    assert_eq!(encoding::domino_option(&d.flipped()), o);
                    encoding::domino_option(&d)
                }
            };
            assert_eq!(back, o);
        }
        assert_eq!(
            problem.option_names(0),
            vec!["p1c1", "r1#1", "c1#1", "b1#1", "s1"]
        );
    }
}
