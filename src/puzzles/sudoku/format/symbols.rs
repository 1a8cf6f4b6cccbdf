//! The symbols of each size: the value of a symbol or of a numeric cell,
//! and how a value is written and named.

use std::sync::OnceLock;

use crate::puzzles::sudoku::MAX_LINE_SIDE;

/// Marks a byte that is no symbol in [`ascii_symbols`]' tables.
pub(super) const NOT_A_SYMBOL: u8 = u8::MAX;

/// For each side of the line format (up to 25), the value of every byte
/// as a symbol ([`symbol_value`]), or [`NOT_A_SYMBOL`].
pub(super) fn ascii_symbols(side: usize) -> &'static [u8; 256] {
    static TABLES: OnceLock<[[u8; 256]; MAX_LINE_SIDE + 1]> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        std::array::from_fn(|side| {
            std::array::from_fn(|b| symbol_value(char::from(b as u8), side).unwrap_or(NOT_A_SYMBOL))
        })
    });
    &tables[side]
}

/// The value of one whitespace-separated cell of a grid row of this side
/// (0 for a blank), if it is a valid symbol there.
pub(crate) fn token_value(token: &str, side: usize) -> Option<u8> {
    if token == "." || token == "_" {
        return Some(0);
    }
    if let Ok(v) = token.parse::<usize>() {
        return (v <= side).then_some(v as u8);
    }
    let mut chars = token.chars();
    match (chars.next(), chars.next()) {
        (Some(ch), None) => symbol_value(ch, side),
        _ => None,
    }
}

/// Largest side whose symbols are digits then letters (`1-9`, `A` = 10):
/// 16x16 as it is usually written (`1-9`, `A-G`), 12x12 as `1-9`, `A-C`.
/// Above it, up to 25x25, the symbols are letters alone, `A` = 1 (`A-Y`
/// for 25x25, `A-X` for 24x24), as 25x25 puzzles are usually written.
const DIGITS_THEN_LETTERS: usize = 16;

/// The value of a line-format symbol for a grid of this side: digits up to
/// 9x9; `1-9` then `A` (10), `B`, ... up to 16x16; letters alone from `A`
/// (1) for sides 17 to 25; `.`, `0` or `_` for a blank.
pub fn symbol_value(ch: char, side: usize) -> Option<u8> {
    let v = match ch {
        '.' | '0' | '_' => 0,
        '1'..='9' if side <= DIGITS_THEN_LETTERS => ch as usize - '0' as usize,
        'A'..='Z' | 'a'..='z' => {
            let k = ch.to_ascii_uppercase() as usize - 'A' as usize;
            if side <= DIGITS_THEN_LETTERS {
                k + 10
            } else if side <= MAX_LINE_SIDE {
                k + 1
            } else {
                return None;
            }
        }
        _ => return None,
    };
    (v <= side).then_some(v as u8)
}

/// Whether the symbols of this side are letters alone (sides 17 to 25).
pub(crate) fn letters_only(side: usize) -> bool {
    (DIGITS_THEN_LETTERS + 1..=MAX_LINE_SIDE).contains(&side)
}

/// A cell value as a message names it: `digit 5` up to 9x9; from 10x10 to
/// 25x25, whose one-line symbols include letters, the symbol and, for a
/// letter, its number (``symbol `A` (10)``), since the input may have
/// used either; `number 30` above.
pub(crate) fn value_name(v: usize, side: usize) -> String {
    match side {
        ..=9 => format!("digit {v}"),
        10..=MAX_LINE_SIDE => match u8::try_from(v) {
            Ok(byte) if (1..=side).contains(&v) => match value_symbol(byte, side) {
                digit @ '1'..='9' => format!("symbol `{digit}`"),
                letter => format!("symbol `{letter}` ({v})"),
            },
            _ => format!("number {v}"),
        },
        _ => format!("number {v}"),
    }
}

/// How the line format writes value `v` (`.` for a blank) at this side.
pub(crate) fn value_symbol(v: u8, side: usize) -> char {
    match (v, side) {
        (0, _) => '.',
        (1..=9, s) if s <= DIGITS_THEN_LETTERS => (b'0' + v) as char,
        (10..=35, s) if s <= DIGITS_THEN_LETTERS => (b'A' + v - 10) as char,
        (1..=26, s) if s <= MAX_LINE_SIDE => (b'A' + v - 1) as char,
        _ => '?',
    }
}

#[cfg(test)]
mod tests {
    use crate::puzzles::sudoku::{Grid, GridError};

    #[test]
    fn symbols_of_each_size() {
        let g16 = Grid::from_line(&format!("G{}", ".".repeat(255))).unwrap();
        assert_eq!(g16.get(0, 0), 16);
        let g25 = Grid::from_line(&format!("Y{}", "_".repeat(624))).unwrap();
        assert_eq!(g25.get(0, 0), 25);
        assert_eq!(g25.to_line().chars().next(), Some('Y'));
        assert!(matches!(
            Grid::from_line(&format!("5{}", ".".repeat(15))),
            Err(GridError::BadSymbol { .. })
        ));
        assert!(matches!(
            Grid::from_line(&format!("1{}", ".".repeat(624))),
            Err(GridError::BadSymbol { .. })
        ));
        assert_eq!(Grid::from_line("123"), Err(GridError::WrongLength(3)));
    }
}
