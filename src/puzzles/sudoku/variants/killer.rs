//! Killer Sudoku: the classic rules, and cages whose digits are distinct
//! and add up to the cage's sum. Cells in no cage are plain cells.
//!
//! Line format: `CAGES SUMS [GIVENS]`: `N*N` cage labels (ASCII letters or
//! digits; `.` for a cell in no cage), the sums as `label=sum` joined by
//! commas, and optionally `N*N` givens in the classic line alphabet. A
//! cage need not be connected (the rules do not ask it).
//!
//! Exact cover. The classic `4 N^2` primary items and `N^3` (cell, digit)
//! options (option `cell * N + digit`), and per cage `c` of `k` cells:
//!
//! - a primary item `kc` ("the cage's digit set is chosen"), and one
//!   primary item `kc#d` per digit `d` ("digit d is accounted for");
//! - one option per set `D` of `k` distinct digits adding up to the sum:
//!   `kc` and `kc#d` for every digit `d` *not* in `D`;
//! - the (cell, digit `d`) option of each cell of the cage also covers
//!   `kc#d`.
//!
//! Invariant: a solution picks one set `D` per cage; every digit outside
//! `D` is covered by it, so no cell of the cage takes such a digit, and
//! every digit of `D` must be covered by exactly one cell of the cage. The
//! `k` cells take `k` different digits of `D`, which has `k`: the cage
//! holds exactly `D`, distinct digits adding up to the sum. Conversely
//! every valid filling covers each item once, so the solutions are those
//! of the puzzle, one to one (the set is the cage's digits). No colours or
//! secondary items are needed, and the cage items take part in the
//! engine's choice of the item with fewest options.

use std::fmt;
use std::str::FromStr;

use super::independent;
use super::layout::{grid_side, labels_of};
use crate::exact_cover::Problem;
use crate::puzzles::sudoku::BoxShape;

/// A cage: its label, cells (reading order) and sum.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Cage {
    label: char,
    cells: Vec<usize>,
    sum: u32,
}

/// A killer puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Killer {
    shape: BoxShape,
    givens: Vec<u8>,
    cages: Vec<Cage>,
}

/// The smallest and largest sums of `k` distinct digits `1..=side`.
pub fn sum_range(k: usize, side: usize) -> (u32, u32) {
    let (k, side) = (k as u32, side as u32);
    (k * (k + 1) / 2, k * side - k * k.saturating_sub(1) / 2)
}

impl Killer {
    /// A puzzle from its parts: `cage_map[k]` the cage (index into
    /// `sums`) of cell `k`, if any, `sums` each cage's label and sum.
    /// Checked as a line is.
    pub fn new(
        givens: Vec<u8>,
        cage_map: &[Option<usize>],
        sums: &[(char, u32)],
    ) -> Result<Self, String> {
        let side = grid_side(givens.len()).unwrap_or(0);
        let map: String = (cage_map.iter())
            .map(|c| c.map_or('.', |i| sums[i].0))
            .collect();
        let sums: Vec<String> = sums.iter().map(|(l, s)| format!("{l}={s}")).collect();
        let givens = independent::symbols(&givens, side);
        format!("{map} {} {givens}", sums.join(",")).parse()
    }

    /// Digits per unit: the grid is `side x side`.
    pub fn side(&self) -> usize {
        self.shape.side()
    }

    /// The boxes: the side's default shape.
    pub fn shape(&self) -> BoxShape {
        self.shape
    }

    /// The givens in reading order (0 for a blank).
    pub fn givens(&self) -> &[u8] {
        &self.givens
    }

    /// The cages: label, cells and sum.
    pub fn cages(&self) -> impl Iterator<Item = (char, &[usize], u32)> {
        self.cages
            .iter()
            .map(|c| (c.label, c.cells.as_slice(), c.sum))
    }

    /// The same cages with other givens.
    pub fn with_givens(&self, givens: Vec<u8>) -> Self {
        assert_eq!(givens.len(), self.givens.len(), "one given per cell");
        Killer {
            givens,
            ..self.clone()
        }
    }

    /// The exact-cover problem (see the module).
    pub fn problem(&self) -> Problem {
        let n = self.side();
        let mut p = Problem::new();
        for (a, b) in [("p", "c"), ("r", "#"), ("c", "#"), ("b", "#")] {
            for x in 0..n {
                for y in 0..n {
                    p.add_primary(format!("{a}{}{b}{}", x + 1, y + 1))
                        .expect("distinct item names");
                }
            }
        }
        // Cage `i`'s items: `first + i * (n + 1)` is `ki`, the next `n`
        // are `ki#d`.
        let first = 4 * n * n;
        let mut cage_of = vec![None; n * n];
        for (i, cage) in self.cages.iter().enumerate() {
            p.add_primary(format!("k{}", i + 1))
                .expect("distinct item names");
            for d in 0..n {
                p.add_primary(format!("k{}#{}", i + 1, d + 1))
                    .expect("distinct item names");
            }
            for &k in &cage.cells {
                cage_of[k] = Some(i);
            }
        }
        let mut items = Vec::with_capacity(n + 1);
        for (cell, cage) in cage_of.iter().enumerate() {
            let (r, c) = (cell / n, cell % n);
            let b = self.shape.box_of(r, c);
            for d in 0..n {
                items.clear();
                items.extend([
                    cell,
                    n * n + r * n + d,
                    2 * n * n + c * n + d,
                    3 * n * n + b * n + d,
                ]);
                if let Some(i) = cage {
                    items.push(first + i * (n + 1) + 1 + d);
                }
                p.add_option(&items).expect("valid option");
            }
        }
        for (i, cage) in self.cages.iter().enumerate() {
            let k = cage.cells.len() as u32;
            for set in 0u32..1 << n {
                let sum: u32 = (0..n as u32)
                    .filter(|d| set >> d & 1 == 1)
                    .map(|d| d + 1)
                    .sum();
                if set.count_ones() != k || sum != cage.sum {
                    continue;
                }
                items.clear();
                items.push(first + i * (n + 1));
                items.extend(
                    (0..n)
                        .filter(|d| set >> d & 1 == 0)
                        .map(|d| first + i * (n + 1) + 1 + d),
                );
                p.add_option(&items).expect("valid option");
            }
        }
        p
    }
}

/// `CAGES SUMS GIVENS`, as read (the givens always written).
impl fmt::Display for Killer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut map = vec!['.'; self.givens.len()];
        for cage in &self.cages {
            for &k in &cage.cells {
                map[k] = cage.label;
            }
        }
        let map: String = map.into_iter().collect();
        let sums: Vec<String> = (self.cages.iter())
            .map(|c| format!("{}={}", c.label, c.sum))
            .collect();
        let givens = independent::symbols(&self.givens, self.side());
        write!(f, "{map} {} {givens}", sums.join(","))
    }
}

impl FromStr for Killer {
    type Err = String;

    fn from_str(line: &str) -> Result<Self, String> {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (map, sums, givens) = match fields[..] {
            [map, sums] => (map, sums, None),
            [map, sums, givens] => (map, sums, Some(givens)),
            _ => {
                return Err(format!(
                    "a killer line is N*N cage labels, a space, the sums as label=sum joined by \
                     commas, and optionally a space and N*N givens; this one has {} field(s)",
                    fields.len()
                ))
            }
        };
        let cells = map.chars().count();
        let side = grid_side(cells).ok_or_else(|| {
            format!("cage map: {cells} cells, which is no grid of 4x4 to 16x16 (16, 25, ..., 256 cells)")
        })?;
        let shape = BoxShape::for_side(side).map_err(|e| format!("cage map: {e}"))?;
        let (labels, of_cell) = labels_of(map, true).map_err(|e| format!("cage map: {e}"))?;
        let mut cages: Vec<Cage> = (labels.iter())
            .map(|&label| Cage {
                label,
                cells: Vec::new(),
                sum: 0,
            })
            .collect();
        for (k, c) in of_cell.iter().enumerate() {
            if let Some(c) = c {
                cages[*c].cells.push(k);
            }
        }
        if let Some(c) = cages.iter().find(|c| c.cells.len() > side) {
            return Err(format!(
                "cage map: cage `{}` has {} cells, and a cage holds distinct digits, {side} at most",
                c.label,
                c.cells.len()
            ));
        }
        let mut given_sum = vec![false; cages.len()];
        for entry in sums.split(',') {
            let (label, sum) = entry.split_once('=').ok_or_else(|| {
                format!("sums: `{}` is not label=sum", crate::error::excerpt(entry))
            })?;
            let mut chars = label.chars();
            let (Some(ch), None) = (chars.next(), chars.next()) else {
                return Err(format!(
                    "sums: `{}` is no cage label (one letter or digit)",
                    crate::error::excerpt(label)
                ));
            };
            let sum: u32 = sum.parse().map_err(|_| {
                format!(
                    "sums: `{}` for cage `{ch}` is no whole number",
                    crate::error::excerpt(sum)
                )
            })?;
            let Some(i) = labels.iter().position(|&l| l == ch) else {
                return Err(format!("sums: `{ch}={sum}` names no cage of the cage map"));
            };
            if given_sum[i] {
                return Err(format!("sums: cage `{ch}` is given two sums"));
            }
            given_sum[i] = true;
            let (least, most) = sum_range(cages[i].cells.len(), side);
            if !(least..=most).contains(&sum) {
                return Err(format!(
                    "sums: cage `{ch}` of {} cells cannot add up to {sum} (distinct digits 1 to \
                     {side} give {least} to {most})",
                    cages[i].cells.len()
                ));
            }
            cages[i].sum = sum;
        }
        if let Some(i) = given_sum.iter().position(|&s| !s) {
            return Err(format!("sums: cage `{}` has no sum", cages[i].label));
        }
        let givens = match givens {
            None => vec![0; cells],
            Some(text) => {
                let givens = independent::read_symbols_blank(text, side)
                    .map_err(|e| format!("givens: {e}"))?;
                if givens.len() != cells {
                    return Err(format!(
                        "givens: {} cells, and the cage map has {cells}",
                        givens.len()
                    ));
                }
                givens
            }
        };
        let puzzle = Killer {
            shape,
            givens,
            cages,
        };
        if let Some(clash) = independent::Rules::of_killer(&puzzle).first_clash(&puzzle.givens) {
            return Err(format!("givens: {clash}"));
        }
        Ok(puzzle)
    }
}
