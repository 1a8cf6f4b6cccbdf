//! The givens of a Sudominoku puzzle: cells ([`Position`]), placed
//! dominoes ([`PlacedDomino`]) and the whole puzzle ([`Puzzle`]), valid by
//! construction: each given is checked against the ones before it.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::{CELLS, MAX_PLACED, MIN_PLACED, SIDE};
use crate::error::{excerpt, Invalid};
use crate::puzzles::sudoku::Grid;

const ROW_LETTERS: &[u8; 9] = b"ABCDEFGHI";

/// A cell of the 9x9 grid, written `B2` (row letter `A`-`I`, column digit
/// `1`-`9`). Always on the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    /// Cell number in reading order, `0..81`.
    pub(super) index: u8,
}

impl Position {
    /// The cell at 0-based (row, col), if both are below 9.
    pub fn new(row: usize, col: usize) -> Option<Self> {
        (row < SIDE && col < SIDE).then(|| Position {
            index: (row * SIDE + col) as u8,
        })
    }

    /// The cell with reading-order number `index` (`0..81`).
    pub fn from_index(index: usize) -> Option<Self> {
        (index < CELLS).then_some(Position { index: index as u8 })
    }

    /// 0-based row (`A` = 0).
    pub fn row(self) -> usize {
        self.index as usize / SIDE
    }

    /// 0-based column (`1` = 0).
    pub fn col(self) -> usize {
        self.index as usize % SIDE
    }

    /// Cell number in reading order, `0..81`.
    pub fn index(self) -> usize {
        self.index as usize
    }

    /// 0-based box number in reading order.
    pub fn box_index(self) -> usize {
        (self.row() / 3) * 3 + self.col() / 3
    }

    /// Whether `other` shares a side with `self`.
    pub fn is_adjacent(self, other: Position) -> bool {
        self.row().abs_diff(other.row()) + self.col().abs_diff(other.col()) == 1
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", ROW_LETTERS[self.row()] as char, self.col() + 1)
    }
}

impl FromStr for Position {
    type Err = Invalid;

    /// Reads `B2`; the row letter may be lower case.
    fn from_str(s: &str) -> Result<Self, Invalid> {
        let bytes = s.as_bytes();
        let row = bytes.first().map(|b| b.to_ascii_uppercase());
        match (bytes.len(), row, bytes.get(1)) {
            (2, Some(r @ b'A'..=b'I'), Some(c @ b'1'..=b'9')) => {
                Ok(Position::new((r - b'A') as usize, (c - b'1') as usize).expect("on the grid"))
            }
            _ => Err(Invalid(format!(
                "bad position \"{}\" (expected a row A-I and a column 1-9, e.g. B2)",
                excerpt(s)
            ))),
        }
    }
}

pub(crate) fn parse_digit(s: &str) -> Result<u8, String> {
    match s.as_bytes() {
        [d @ b'1'..=b'9'] => Ok(d - b'0'),
        _ => Err(format!("bad digit \"{}\" (expected 1 to 9)", excerpt(s))),
    }
}

/// A given domino: digit `u` at `lu` and digit `v` at `lv`, as on a
/// Baekjoon line `U LU V LV`. [`Puzzle::new`] checks that the digits are
/// 1-9 and distinct and the cells adjacent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlacedDomino {
    /// Digit of the first half.
    pub u: u8,
    /// Cell of the first half.
    pub lu: Position,
    /// Digit of the second half.
    pub v: u8,
    /// Cell of the second half.
    pub lv: Position,
}

impl PlacedDomino {
    /// The domino with `u` at `lu` and `v` at `lv`.
    pub fn new(u: u8, lu: Position, v: u8, lv: Position) -> Self {
        PlacedDomino { u, lu, v, lv }
    }

    /// Its digits, smaller first: which domino of the set it is.
    pub fn pair(&self) -> (u8, u8) {
        (self.u.min(self.v), self.u.max(self.v))
    }

    /// The same domino with its halves listed the other way round.
    pub fn flipped(&self) -> Self {
        PlacedDomino::new(self.v, self.lv, self.u, self.lu)
    }
}

impl fmt::Display for PlacedDomino {
    /// `U LU V LV`, e.g. `6 B2 1 B3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {} {}", self.u, self.lu, self.v, self.lv)
    }
}

impl FromStr for PlacedDomino {
    type Err = Invalid;

    /// Reads `U LU V LV` (whitespace-separated). Only the syntax is checked.
    fn from_str(s: &str) -> Result<Self, Invalid> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        let [u, lu, v, lv] = fields[..] else {
            return Err(Invalid(format!(
                "expected a domino \"U LU V LV\", found {}",
                crate::error::count_of(fields.len() as u64, "field")
            )));
        };
        Ok(PlacedDomino::new(
            parse_digit(u)?,
            lu.parse()?,
            parse_digit(v)?,
            lv.parse()?,
        ))
    }
}

/// Which part of a puzzle a [`PuzzleError`] is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Given {
    /// The number of placed dominoes.
    Count,
    /// The placed domino with this 0-based index.
    Domino(usize),
    /// The positions of the singles.
    Singles,
}

/// Why a set of givens is not a valid Sudominoku puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{reason}")]
pub struct PuzzleError {
    /// The given at fault: the first one, in input order, that cannot be
    /// added to the ones before it.
    pub at: Given,
    /// What is wrong, in words.
    pub reason: String,
}

/// The givens of one puzzle: placed dominoes (in input order) and the cells
/// of the singles 1..9. Valid by construction: digits 1-9, each domino's
/// halves adjacent and different, no domino twice, no cell covered twice,
/// no digit twice in a row, column or box.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Puzzle {
    pub(super) dominoes: Vec<PlacedDomino>,
    pub(super) singles: [Position; 9],
}

impl Puzzle {
    /// Checks and builds a puzzle. `singles[d - 1]` is the cell of the single
    /// digit `d`. The domino count must be in `MIN_PLACED..=MAX_PLACED`.
    /// Givens are checked in order (dominoes, then singles 1..9) and the
    /// first that cannot join the ones before it is reported.
    pub fn new(dominoes: Vec<PlacedDomino>, singles: [Position; 9]) -> Result<Self, PuzzleError> {
        check_count(dominoes.len() as i64).map_err(|reason| PuzzleError {
            at: Given::Count,
            reason,
        })?;
        let mut givens = Givens::new();
        for (k, d) in dominoes.iter().enumerate() {
            givens.add_domino(*d).map_err(|reason| PuzzleError {
                at: Given::Domino(k),
                reason,
            })?;
        }
        givens.finish(singles).map_err(|reason| PuzzleError {
            at: Given::Singles,
            reason,
        })
    }

    /// The placed dominoes, in input order.
    pub fn dominoes(&self) -> &[PlacedDomino] {
        &self.dominoes
    }

    /// The cells of the singles: `singles()[d - 1]` holds digit `d`.
    pub fn singles(&self) -> &[Position; 9] {
        &self.singles
    }

    /// The given digits as a (partial) 9x9 [`Grid`]: the dominoes' and the
    /// singles' cells filled, the rest blank.
    pub fn givens(&self) -> Grid {
        let mut grid = Grid::empty(3);
        for d in &self.dominoes {
            grid.set(d.lu.row(), d.lu.col(), d.u);
            grid.set(d.lv.row(), d.lv.col(), d.v);
        }
        for (k, p) in self.singles.iter().enumerate() {
            grid.set(p.row(), p.col(), k as u8 + 1);
        }
        grid
    }
}

pub(super) fn check_count(n: i64) -> Result<usize, String> {
    if (MIN_PLACED as i64..=MAX_PLACED as i64).contains(&n) {
        Ok(n as usize)
    } else {
        Err(format!(
            "number of placed dominoes {n} is out of range ({MIN_PLACED} to {MAX_PLACED})"
        ))
    }
}

/// What covers a cell while givens are being checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Owner {
    Free,
    /// Index into `Givens::dominoes`.
    Domino(usize),
    /// The single of this digit.
    Single(u8),
}

/// The k-th cell, as (row, col), of one of the units through a position.
type UnitCell = fn(Position, usize) -> (usize, usize);

/// Givens checked so far; each new one is checked against them.
pub(super) struct Givens {
    digit: [u8; CELLS],
    owner: [Owner; CELLS],
    /// Index of the placed domino using each pair (smaller digit first).
    pair_at: [[Option<usize>; 10]; 10],
    dominoes: Vec<PlacedDomino>,
}

impl Givens {
    pub(super) fn new() -> Self {
        Givens {
            digit: [0; CELLS],
            owner: [Owner::Free; CELLS],
            pair_at: [[None; 10]; 10],
            dominoes: Vec::new(),
        }
    }

    fn describe_owner(&self, owner: Owner) -> String {
        match owner {
            Owner::Domino(k) => {
                let d = self.dominoes[k];
                format!("domino {}-{} at {} {}", d.u, d.v, d.lu, d.lv)
            }
            Owner::Single(s) => format!("single {s}"),
            Owner::Free => "nothing".to_string(),
        }
    }

    /// Fails if `digit` is already given in the row, column or box of `at`.
    fn check_clash(&self, digit: u8, at: Position) -> Result<(), String> {
        let units: [(String, UnitCell); 3] = [
            (format!("row {}", ROW_LETTERS[at.row()] as char), |p, k| {
                (p.row(), k)
            }),
            (format!("column {}", at.col() + 1), |p, k| (k, p.col())),
            (format!("box {}", at.box_index() + 1), |p, k| {
                let b = p.box_index();
                ((b / 3) * 3 + k / 3, (b % 3) * 3 + k % 3)
            }),
        ];
        for (unit, cell) in units {
            for k in 0..SIDE {
                let (r, c) = cell(at, k);
                let q = Position::new(r, c).expect("on grid");
                if q != at && self.digit[q.index()] == digit {
                    let (first, second) = (q.min(at), q.max(at));
                    return Err(format!(
                        "digit {digit} appears twice in {unit} (at {first} and {second})"
                    ));
                }
            }
        }
        Ok(())
    }

    pub(super) fn add_domino(&mut self, d: PlacedDomino) -> Result<(), String> {
        for digit in [d.u, d.v] {
            if !(1..=9).contains(&digit) {
                return Err(format!("bad digit \"{digit}\" (expected 1 to 9)"));
            }
        }
        if d.u == d.v {
            return Err(format!(
                "domino {}-{} has the same digit on both halves",
                d.u, d.v
            ));
        }
        if !d.lu.is_adjacent(d.lv) {
            return Err(format!(
                "the halves of domino {}-{} at {} and {} are not adjacent",
                d.u, d.v, d.lu, d.lv
            ));
        }
        let (a, b) = d.pair();
        if let Some(k) = self.pair_at[a as usize][b as usize] {
            let e = self.dominoes[k];
            return Err(format!(
                "domino {a}-{b} is given twice (also at {} {})",
                e.lu, e.lv
            ));
        }
        for p in [d.lu, d.lv] {
            let owner = self.owner[p.index()];
            if owner != Owner::Free {
                return Err(format!(
                    "cell {p} is already covered by {}",
                    self.describe_owner(owner)
                ));
            }
        }
        self.check_clash(d.u, d.lu)?;
        self.check_clash(d.v, d.lv)?;
        let k = self.dominoes.len();
        self.digit[d.lu.index()] = d.u;
        self.digit[d.lv.index()] = d.v;
        self.owner[d.lu.index()] = Owner::Domino(k);
        self.owner[d.lv.index()] = Owner::Domino(k);
        self.pair_at[a as usize][b as usize] = Some(k);
        self.dominoes.push(d);
        Ok(())
    }

    pub(super) fn finish(mut self, singles: [Position; 9]) -> Result<Puzzle, String> {
        for (k, &p) in singles.iter().enumerate() {
            let digit = k as u8 + 1;
            match self.owner[p.index()] {
                Owner::Free => {}
                Owner::Single(s) => return Err(format!("singles {s} and {digit} are both at {p}")),
                owner @ Owner::Domino(_) => {
                    return Err(format!(
                        "single {digit} is at {p}, which is already covered by {}",
                        self.describe_owner(owner)
                    ))
                }
            }
            self.check_clash(digit, p)?;
            self.digit[p.index()] = digit;
            self.owner[p.index()] = Owner::Single(digit);
        }
        Ok(Puzzle {
            dominoes: self.dominoes,
            singles,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::sudominoku::format::tests::OWN;
    use crate::puzzles::sudominoku::parse;

    fn pos(s: &str) -> Position {
        s.parse().unwrap()
    }

    #[test]
    fn positions_read_and_write() {
        assert_eq!(pos("A1").index(), 0);
        assert_eq!(pos("i9").index(), 80);
        assert_eq!(pos("B2").to_string(), "B2");
        assert_eq!(pos("E5").box_index(), 4);
        assert!(pos("B2").is_adjacent(pos("B3")));
        assert!(pos("B2").is_adjacent(pos("C2")));
        assert!(!pos("B2").is_adjacent(pos("C3")));
        assert!(!pos("B2").is_adjacent(pos("B2")));
        for bad in ["J1", "A0", "A10", "", "1A", "A"] {
            assert!(bad.parse::<Position>().is_err(), "{bad}");
        }
        // The errors are `std::error::Error`s, so `?` takes them into a
        // `Box<dyn Error>`; the message says what was expected.
        let boxed: Box<dyn std::error::Error> = Box::new("J1".parse::<Position>().unwrap_err());
        assert!(boxed
            .to_string()
            .contains("expected a row A-I and a column 1-9"));
        let domino: Result<PlacedDomino, Box<dyn std::error::Error>> =
            "6 B2 1".parse::<PlacedDomino>().map_err(Into::into);
        assert!(domino.unwrap_err().to_string().contains("found 3 fields"));
    }

    #[test]
    fn puzzle_new_names_the_given_at_fault() {
        let good = parse(OWN).records.remove(0).puzzle.unwrap();
        let singles = *good.singles();
        let err = Puzzle::new(vec![], singles).unwrap_err();
        assert_eq!(err.at, Given::Count);
        let mut dominoes = good.dominoes().to_vec();
        dominoes[4] = dominoes[4].flipped();
        dominoes[4].u = 0;
        let err = Puzzle::new(dominoes, singles).unwrap_err();
        assert_eq!(err.at, Given::Domino(4));
        assert_eq!(err.to_string(), "bad digit \"0\" (expected 1 to 9)");
        let mut swapped = singles;
        swapped.swap(0, 1);
        let err = Puzzle::new(good.dominoes().to_vec(), swapped).unwrap_err();
        assert_eq!(err.at, Given::Singles);
        assert_eq!(
            Puzzle::new(good.dominoes().to_vec(), singles),
            Ok(good.clone())
        );
        assert_eq!(good.to_string(), OWN);
        assert_eq!(good.givens().givens(), 29);
    }
}
