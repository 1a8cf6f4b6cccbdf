//! The shapes of Baekjoon 4574 (Sudominoku) lines: count lines, domino
//! lines, the line of singles and pieces of them.
//!
//! Two questions are asked of these lines, and they have different answers.
//! Detection ([`crate::puzzles::detect()`]) asks whether a line is laid out as the
//! format lays out its lines: a vote over the first lines of any input.
//! The record reader ([`crate::puzzles::sudominoku::RecordReader`]) asks
//! what a line, maybe damaged, was meant to be, so as to keep it with its
//! record. Where the answers differ, each question has its own function,
//! side by side, saying which it answers.

use crate::puzzles::sudominoku::{parse_digit, Position};

// --- Count lines -----------------------------------------------------------

/// For detection: a small number (one to three digits, sign allowed) on a
/// line of its own, as a Sudominoku count (or its `0`). Unlike
/// [`count_value`], a longer number is no vote: a line of a long number is
/// no Sudominoku count as written.
pub(crate) fn is_small_count(line: &str) -> bool {
    let digits = line.strip_prefix(['+', '-']).unwrap_or(line);
    (1..=3).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit())
}

/// For the reader: the value of a line holding one integer (sign allowed,
/// any number of digits), saturating. Any such line is a count line: one
/// out of range starts a record that is reported as such. (Every line that
/// [`is_small_count`] takes, trimmed as detection trims it, has a value
/// here.)
pub(crate) fn count_value(line: &str) -> Option<i64> {
    let mut words = line.split_whitespace();
    let (word, None) = (words.next()?, words.next()) else {
        return None;
    };
    let digits = word.strip_prefix(['+', '-']).unwrap_or(word);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(word.parse::<i64>().unwrap_or(if word.starts_with('-') {
        i64::MIN
    } else {
        i64::MAX
    }))
}

// --- Domino lines ----------------------------------------------------------

/// For detection: a domino line as the format writes it, `U LU V LV` (`6 B2
/// 1 B3`): a digit, a position ([`is_position`]), a digit, a position.
pub(crate) fn is_domino_line(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    let digit = |w: &str| w.len() == 1 && w.as_bytes()[0].is_ascii_digit();
    words.len() == 4
        && digit(words[0])
        && is_position(words[1])
        && digit(words[2])
        && is_position(words[3])
}

/// For the reader: whether `line` is meant as a placed domino (`U LU V
/// LV`), valid or not: four fields, the first and third numbers of any
/// length, the positions not looked at (`12 B2 1 J3` is a damaged domino).
/// Four positions are a damaged line of singles, not a domino. Every line
/// that [`is_domino_line`] takes is meant as a domino.
pub(crate) fn is_meant_as_domino(line: &str) -> bool {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let number = |f: &str| f.bytes().all(|b| b.is_ascii_digit());
    fields.len() == 4 && number(fields[0]) && number(fields[2])
}

// --- Positions and singles -------------------------------------------------

/// For detection: two characters, a letter and a digit, as a position is
/// laid out (`B2`; also `J0`, which the reader then reports: it parses
/// positions with [`Position`]'s `FromStr`, rows `A`-`I` and columns
/// `1`-`9`).
fn is_position(word: &str) -> bool {
    let b = word.as_bytes();
    b.len() == 2 && b[0].is_ascii_alphabetic() && b[1].is_ascii_digit()
}

/// For detection: a line of nine positions ([`is_position`]), as the line
/// of the singles 1 to 9 is laid out. (The reader counts the fields of the
/// line after the dominoes and parses each.)
pub(crate) fn is_singles_line(line: &str) -> bool {
    let mut words = 0;
    for word in line.split_whitespace() {
        if !is_position(word) {
            return false;
        }
        words += 1;
    }
    words == 9
}

/// For the reader: whether `line`, which is not a count line, could be a
/// domino line, the singles line or a piece of either: digits 1-9 and
/// positions only, each as the reader parses it.
pub(crate) fn is_puzzle_part(line: &str) -> bool {
    count_value(line).is_none()
        && line
            .split_whitespace()
            .all(|f| parse_digit(f).is_ok() || f.parse::<Position>().is_ok())
}
