//! Jigsaw Sudoku: N irregular regions of N cells replace the boxes; every
//! row, column and region holds every digit once.
//!
//! Line format: `N*N` givens (the classic line alphabet, `.` or `0` for a
//! blank), a space, `N*N` region labels (ASCII letters or digits, N
//! distinct labels of N cells each). A region need not be connected: the
//! rules only ask that each region hold every digit once, so only the
//! sizes are checked (`docs/formats.md`).
//!
//! Exact cover: the classic encoding with regions in the place of boxes:
//! `4 N^2` primary items (cell, row-digit, column-digit, region-digit) and
//! one option per (cell, digit), option `cell * N + digit`.

use std::fmt;
use std::str::FromStr;

use super::independent;
use super::layout::{grid_side, labels_of};
use crate::exact_cover::Problem;

/// A jigsaw puzzle: givens and the region of every cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Jigsaw {
    side: usize,
    givens: Vec<u8>,
    /// Region number (`0..side`) of each cell, numbered in order of first
    /// appearance of their labels.
    regions: Vec<u8>,
    /// The label of each region, as the input wrote it.
    labels: Vec<char>,
}

impl Jigsaw {
    /// A puzzle from its parts: `regions[k]` is the region (`0..side`) of
    /// cell `k`, `labels` the label written for each region. Checked as a
    /// line is (sizes, labels, clashing givens).
    pub fn new(givens: Vec<u8>, regions: Vec<u8>, labels: Vec<char>) -> Result<Self, String> {
        let map: String = regions.iter().map(|&r| labels[usize::from(r)]).collect();
        let line = format!("{} {map}", independent::symbols(&givens, labels.len()));
        line.parse()
    }

    /// Digits per unit: the grid is `side x side`.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The givens in reading order (0 for a blank).
    pub fn givens(&self) -> &[u8] {
        &self.givens
    }

    /// The region number of each cell.
    pub fn regions(&self) -> &[u8] {
        &self.regions
    }

    /// The region map as written: one label per cell.
    pub fn region_map(&self) -> String {
        (self.regions.iter())
            .map(|&r| self.labels[usize::from(r)])
            .collect()
    }

    /// The same regions with other givens.
    pub fn with_givens(&self, givens: Vec<u8>) -> Self {
        assert_eq!(givens.len(), self.givens.len(), "one given per cell");
        Jigsaw {
            givens,
            ..self.clone()
        }
    }

    /// The exact-cover problem (see the module).
    pub fn problem(&self) -> Problem {
        let n = self.side;
        let mut p = Problem::new();
        for (a, b) in [("p", "c"), ("r", "#"), ("c", "#"), ("g", "#")] {
            for x in 0..n {
                for y in 0..n {
                    p.add_primary(format!("{a}{}{b}{}", x + 1, y + 1))
                        .expect("distinct item names");
                }
            }
        }
        for cell in 0..n * n {
            let (r, c, g) = (cell / n, cell % n, usize::from(self.regions[cell]));
            for d in 0..n {
                p.add_option(&[
                    cell,
                    n * n + r * n + d,
                    2 * n * n + c * n + d,
                    3 * n * n + g * n + d,
                ])
                .expect("valid option");
            }
        }
        p
    }
}

/// `GIVENS REGIONS`, as read.
impl fmt::Display for Jigsaw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let givens = independent::symbols(&self.givens, self.side);
        write!(f, "{givens} {}", self.region_map())
    }
}

impl FromStr for Jigsaw {
    type Err = String;

    fn from_str(line: &str) -> Result<Self, String> {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [givens, map] = fields[..] else {
            return Err(format!(
                "a jigsaw line is N*N givens, a space and N*N region labels; this one has {} \
                 field(s)",
                fields.len()
            ));
        };
        let cells = givens.chars().count();
        let side = grid_side(cells).ok_or_else(|| {
            format!(
                "givens: {cells} cells, which is no grid of 4x4 to 16x16 (16, 25, ..., 256 cells)"
            )
        })?;
        let givens =
            independent::read_symbols_blank(givens, side).map_err(|e| format!("givens: {e}"))?;
        let map_cells = map.chars().count();
        if map_cells != cells {
            return Err(format!(
                "region map: {map_cells} labels for the {cells} cells of the givens"
            ));
        }
        let (labels, of_cell) = labels_of(map, false).map_err(|e| format!("region map: {e}"))?;
        if labels.len() != side {
            return Err(format!(
                "region map: {} labels, and a {side}x{side} jigsaw has {side} regions",
                labels.len()
            ));
        }
        let regions: Vec<u8> = of_cell.iter().map(|r| r.unwrap_or(0) as u8).collect();
        let mut sizes = vec![0; side];
        for &r in &regions {
            sizes[usize::from(r)] += 1;
        }
        if let Some(r) = sizes.iter().position(|&s| s != side) {
            return Err(format!(
                "region map: region `{}` has {} cells; each region has {side}",
                labels[r], sizes[r]
            ));
        }
        let puzzle = Jigsaw {
            side,
            givens,
            regions,
            labels,
        };
        if let Some(clash) = independent::Rules::of_jigsaw(&puzzle).first_clash(&puzzle.givens) {
            return Err(format!("givens: {clash}"));
        }
        Ok(puzzle)
    }
}
