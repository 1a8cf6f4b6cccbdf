//! The symbols of each size: the value of a symbol or of a numeric cell,
//! and how a value is written and named.

use std::sync::OnceLock;

/// Marks a byte that is no symbol in [`ascii_symbols`]' tables.
pub(super) const NOT_A_SYMBOL: u8 = u8::MAX;

/// For each box size of the line format (2 to 5), the value of every byte
/// as a symbol ([`symbol_value`]), or [`NOT_A_SYMBOL`].
pub(super) fn ascii_symbols(box_size: usize) -> &'static [u8; 256] {
    static TABLES: OnceLock<[[u8; 256]; 4]> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        std::array::from_fn(|k| {
            let side = (k + 2) * (k + 2);
            std::array::from_fn(|b| symbol_value(char::from(b as u8), side).unwrap_or(NOT_A_SYMBOL))
        })
    });
    &tables[box_size - 2]
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

/// The value of a line-format symbol for a grid of this side.
pub fn symbol_value(ch: char, side: usize) -> Option<u8> {
    let v = match ch {
        '.' | '0' | '_' => 0,
        '1'..='9' if side < 25 => ch as usize - '0' as usize,
        'A'..='Z' | 'a'..='z' => {
            let k = ch.to_ascii_uppercase() as usize - 'A' as usize;
            if side == 16 {
                k + 10
            } else if side == 25 {
                k + 1
            } else {
                return None;
            }
        }
        _ => return None,
    };
    (v <= side).then_some(v as u8)
}

/// A cell value as a message names it: `digit 5` up to 9x9; on 16x16 and
/// 25x25, whose one-line symbols include letters, the symbol and, for a
/// letter, its number (``symbol `A` (10)``), since the input may have
/// used either; `number 30` above.
pub(crate) fn value_name(v: usize, side: usize) -> String {
    match side {
        ..=9 => format!("digit {v}"),
        16 | 25 => match u8::try_from(v) {
            Ok(byte) if (1..=side).contains(&v) => match value_symbol(byte, side) {
                digit @ '1'..='9' => format!("symbol `{digit}`"),
                letter => format!("symbol `{letter}` ({v})"),
            },
            _ => format!("number {v}"),
        },
        _ => format!("number {v}"),
    }
}

pub(crate) fn value_symbol(v: u8, side: usize) -> char {
    match (v, side) {
        (0, _) => '.',
        (1..=9, s) if s < 25 => (b'0' + v) as char,
        (_, 16) => (b'A' + v - 10) as char,
        (_, 25) => (b'A' + v - 1) as char,
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
