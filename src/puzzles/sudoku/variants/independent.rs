//! The independent side of jigsaw, killer and samurai: a verifier and a
//! backtracking solver over each cell's peers that share no code with the
//! exact-cover encodings. Both rest on [`Rules`], each rule restated from
//! its definition: the units that hold every digit once (rows, columns,
//! regions or boxes; for samurai those of each of the five grids, the
//! shared corner boxes listed twice) and the killer cages (distinct digits
//! adding up to the sum).

use super::jigsaw::Jigsaw;
use super::killer::Killer;
use super::samurai::Samurai;
use super::verify::{PeerRules, PeerRun};
use super::{CellSolution, LayoutPuzzle};
use crate::exact_cover::Limits;
use crate::puzzles::sudoku::format::symbols::{value_name, value_symbol};
use crate::puzzles::sudoku::symbol_value;

/// The rules of one puzzle, restated.
#[derive(Debug, Clone)]
pub(crate) struct Rules {
    side: usize,
    /// (row, column) of each cell, 0-based, for messages (samurai: in the
    /// 21x21 frame).
    places: Vec<(usize, usize)>,
    /// Cells that hold every digit once, each named for messages.
    units: Vec<(String, Vec<usize>)>,
    /// Killer cages: label, cells, sum.
    cages: Vec<(char, Vec<usize>, u32)>,
}

impl Rules {
    fn square(side: usize) -> Self {
        let mut units = Vec::new();
        for r in 0..side {
            units.push((
                format!("row {}", r + 1),
                (0..side).map(|c| r * side + c).collect(),
            ));
        }
        for c in 0..side {
            units.push((
                format!("column {}", c + 1),
                (0..side).map(|r| r * side + c).collect(),
            ));
        }
        Rules {
            side,
            places: (0..side * side).map(|k| (k / side, k % side)).collect(),
            units,
            cages: Vec::new(),
        }
    }

    /// Rows, columns and the regions of the map.
    pub(crate) fn of_jigsaw(p: &Jigsaw) -> Self {
        let mut rules = Rules::square(p.side());
        let map: Vec<char> = p.region_map().chars().collect();
        let mut labels: Vec<char> = map.clone();
        labels.sort_unstable();
        labels.dedup();
        for label in labels {
            let cells = (0..map.len()).filter(|&k| map[k] == label).collect();
            rules.units.push((format!("region `{label}`"), cells));
        }
        rules
    }

    /// Rows, columns, the side's default boxes (R x C, R <= C, nearest to
    /// square: 3x3 for 9x9, 2x3 for 6x6) and the cages.
    pub(crate) fn of_killer(p: &Killer) -> Self {
        let side = p.side();
        let mut rules = Rules::square(side);
        let box_rows = (1..=side)
            .filter(|r| side % r == 0 && r * r <= side)
            .max()
            .unwrap_or(1);
        let box_cols = side / box_rows;
        for b in 0..side {
            let (top, left) = ((b / box_rows) * box_rows, (b % box_rows) * box_cols);
            let cells = (0..side)
                .map(|k| (top + k / box_cols) * side + left + k % box_cols)
                .collect();
            rules.units.push((format!("box {}", b + 1), cells));
        }
        for (label, cells, sum) in p.cages() {
            rules.cages.push((label, cells.to_vec(), sum));
        }
        rules
    }

    /// Each of the five 9x9 grids' rows, columns and boxes, at the grids'
    /// corners in the 21x21 frame: (0, 0), (0, 12), (6, 6), (12, 0),
    /// (12, 12).
    pub(crate) fn of_samurai(_: &Samurai) -> Self {
        const CORNERS: [(usize, usize); 5] = [(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)];
        let places = Samurai::places();
        let index = |r: usize, c: usize| {
            (places.iter())
                .position(|&p| p == (r, c))
                .expect("a cell of a grid is a cell of the frame")
        };
        let mut units = Vec::new();
        for (g, &(top, left)) in CORNERS.iter().enumerate() {
            let name = |what: &str, k: usize| format!("{what} {} of grid {}", k + 1, g + 1);
            for k in 0..9 {
                let row = (0..9).map(|c| index(top + k, left + c)).collect();
                units.push((name("row", k), row));
                let col = (0..9).map(|r| index(top + r, left + k)).collect();
                units.push((name("column", k), col));
                let (br, bc) = (top + 3 * (k / 3), left + 3 * (k % 3));
                let bx = (0..9).map(|j| index(br + j / 3, bc + j % 3)).collect();
                units.push((name("box", k), bx));
            }
        }
        Rules {
            side: 9,
            places: places.to_vec(),
            units,
            cages: Vec::new(),
        }
    }

    fn of(p: &LayoutPuzzle) -> Self {
        match p {
            LayoutPuzzle::Jigsaw(p) => Rules::of_jigsaw(p),
            LayoutPuzzle::Killer(p) => Rules::of_killer(p),
            LayoutPuzzle::Samurai(p) => Rules::of_samurai(p),
        }
    }

    fn cell_name(&self, k: usize) -> String {
        let (r, c) = self.places[k];
        format!("r{}c{}", r + 1, c + 1)
    }

    /// The first rule that the filled cells of `cells` break, described:
    /// a digit twice in a unit or a cage, or a cage whose digits add up to
    /// more than its sum (or, all filled, to another sum).
    pub(crate) fn first_clash(&self, cells: &[u8]) -> Option<String> {
        let twice = |name: &str, unit: &[usize]| {
            for (i, &a) in unit.iter().enumerate() {
                let v = cells[a];
                if let Some(&b) = unit[i + 1..].iter().find(|&&b| v != 0 && cells[b] == v) {
                    return Some(format!(
                        "{} stands twice in {name} ({} and {})",
                        value_name(usize::from(v), self.side),
                        self.cell_name(a),
                        self.cell_name(b)
                    ));
                }
            }
            None
        };
        for (name, unit) in &self.units {
            if let Some(clash) = twice(name, unit) {
                return Some(clash);
            }
        }
        for (label, cage, sum) in &self.cages {
            if let Some(clash) = twice(&format!("cage `{label}`"), cage) {
                return Some(clash);
            }
            let total: u32 = cage.iter().map(|&k| u32::from(cells[k])).sum();
            let full = cage.iter().all(|&k| cells[k] != 0);
            if total > *sum || (full && total != *sum) {
                return Some(format!(
                    "the digits of cage `{label}` add up to {total}{}, and its sum is {sum}",
                    if full { "" } else { " already" }
                ));
            }
        }
        None
    }
}

/// Whether `cells` solves `puzzle`: one digit `1..=side` per cell, every
/// given kept, every unit holding each digit once, every cage's digits
/// distinct and adding up to its sum.
pub(crate) fn check_solution(puzzle: &LayoutPuzzle, cells: &[u8]) -> Result<(), String> {
    let rules = Rules::of(puzzle);
    let givens = puzzle.givens();
    if cells.len() != givens.len() {
        return Err(format!(
            "the answer has {} cells and the puzzle {}",
            cells.len(),
            givens.len()
        ));
    }
    if let Some(k) = (0..cells.len()).find(|&k| !(1..=rules.side).contains(&usize::from(cells[k])))
    {
        return Err(format!("cell {} holds no digit", rules.cell_name(k)));
    }
    if let Some(k) = (0..cells.len()).find(|&k| givens[k] != 0 && givens[k] != cells[k]) {
        return Err(format!(
            "cell {} holds {} where the puzzle gives {}",
            rules.cell_name(k),
            value_name(usize::from(cells[k]), rules.side),
            value_name(usize::from(givens[k]), rules.side)
        ));
    }
    if let Some(clash) = rules.first_clash(cells) {
        return Err(clash);
    }
    // No repeats in a unit of `side` filled cells is every digit once;
    // said again from the definition, for units of any size.
    for (name, unit) in &rules.units {
        let mut seen: Vec<u8> = unit.iter().map(|&k| cells[k]).collect();
        seen.sort_unstable();
        if seen != (1..=rules.side as u8).collect::<Vec<u8>>() {
            return Err(format!("{name} does not hold every digit once"));
        }
    }
    Ok(())
}

/// A line of symbols, one per cell (`.` for a blank).
pub(crate) fn symbols(cells: &[u8], side: usize) -> String {
    cells.iter().map(|&v| value_symbol(v, side)).collect()
}

/// The cells of a field of symbols (`.`, `0` or `_` for a blank).
pub(crate) fn read_symbols_blank(text: &str, side: usize) -> Result<Vec<u8>, String> {
    (text.chars().enumerate())
        .map(|(k, ch)| {
            symbol_value(ch, side).ok_or_else(|| {
                format!(
                    "`{}` at cell {} is no symbol of a {side}x{side} grid",
                    ch.escape_default(),
                    k + 1
                )
            })
        })
        .collect()
}

/// The cells of an answer line: `side^2` symbols, none blank.
pub(crate) fn read_symbols(text: &str, side: usize) -> Result<Vec<u8>, String> {
    let cells = read_symbols_blank(text.trim(), side)?;
    if cells.len() != side * side {
        return Err(format!(
            "an answer of {} cells, and the grid has {}",
            cells.len(),
            side * side
        ));
    }
    if let Some(k) = cells.iter().position(|&v| v == 0) {
        return Err(format!("cell {} of the answer is blank", k + 1));
    }
    Ok(cells)
}

/// Backtracking over each cell's peers (the cells that share a unit or a
/// cage with it), the blank with the fewest candidates first, digits in
/// ascending order; a cage's partial sum must leave its blanks a sum they
/// can reach. Search nodes are digits placed.
pub(crate) struct PeerSearch {
    side: usize,
    peers: Vec<Vec<u32>>,
    /// Each cell's cage, if any (an index into `cages`).
    cage_of: Vec<Option<usize>>,
    cages: Vec<(Vec<usize>, u32)>,
}

impl PeerSearch {
    /// The peers of `puzzle`'s cells, from [`Rules`].
    pub(crate) fn new(puzzle: &LayoutPuzzle) -> Self {
        let rules = Rules::of(puzzle);
        let n = rules.places.len();
        let mut peers: Vec<Vec<u32>> = vec![Vec::new(); n];
        let groups = (rules.units.iter().map(|(_, u)| u)).chain(rules.cages.iter().map(|c| &c.1));
        for group in groups {
            for &a in group {
                peers[a].extend(group.iter().filter(|&&b| b != a).map(|&b| b as u32));
            }
        }
        for list in &mut peers {
            list.sort_unstable();
            list.dedup();
        }
        let mut cage_of = vec![None; n];
        for (i, (_, cells, _)) in rules.cages.iter().enumerate() {
            for &k in cells {
                cage_of[k] = Some(i);
            }
        }
        PeerSearch {
            side: rules.side,
            peers,
            cage_of,
            cages: rules.cages.into_iter().map(|(_, c, s)| (c, s)).collect(),
        }
    }

    /// Counts the solutions of `givens` within `limits` (`max_solutions`
    /// `None` means 1). Givens that break a rule have none.
    pub(crate) fn solve(&self, givens: &[u8], limits: Limits) -> CellSolution {
        let clash = (0..givens.len()).any(|k| {
            givens[k] != 0
                && (self.peers[k]
                    .iter()
                    .any(|&p| givens[p as usize] == givens[k])
                    || !self.fits(givens, k))
        });
        if clash {
            return CellSolution::none();
        }
        let mut run = PeerRun::new(self, givens.to_vec(), limits);
        let end = run.run();
        CellSolution {
            cells: run.first,
            count: run.count,
            end,
            nodes: run.nodes,
        }
    }
}

/// The least and most that `n` distinct digits `1..=side` add up to:
/// `1 + ... + n` and `side + ... + (side - n + 1)`.
fn reach(n: u32, side: u32) -> (u32, u32) {
    (n * (n + 1) / 2, n * side - n * n.saturating_sub(1) / 2)
}

impl PeerRules for PeerSearch {
    /// The digits cell `k` may take: none of its peers', and in a cage
    /// only those that leave the cage's other blanks a sum they can reach.
    fn candidates(&self, cells: &[u8], k: usize) -> u64 {
        let taken = (self.peers[k].iter())
            .map(|&p| cells[p as usize])
            .filter(|&v| v != 0)
            .fold(0u64, |m, v| m | 1 << (v - 1));
        let mut m = ((1u64 << self.side) - 1) & !taken;
        if let Some(i) = self.cage_of[k] {
            let (members, sum) = &self.cages[i];
            let placed: u32 = members.iter().map(|&c| u32::from(cells[c])).sum();
            let others = members.iter().filter(|&&c| cells[c] == 0).count() as u32 - 1;
            let (least, most) = reach(others, self.side as u32);
            for d in 1..=self.side as u32 {
                let total = placed + d;
                if total + least > *sum || total + most < *sum {
                    m &= !(1 << (d - 1));
                }
            }
        }
        m
    }

    /// Whether the cage of cell `k` (if any) can still reach its sum: the
    /// digits placed add up to no more than the sum, and its `e` blanks
    /// need between `1 + ... + e` and `side + ... + (side - e + 1)` more.
    fn fits(&self, cells: &[u8], k: usize) -> bool {
        let Some(i) = self.cage_of[k] else {
            return true;
        };
        let (members, sum) = &self.cages[i];
        let placed: u32 = members.iter().map(|&c| u32::from(cells[c])).sum();
        let blanks = members.iter().filter(|&&c| cells[c] == 0).count() as u32;
        let (least, most) = reach(blanks, self.side as u32);
        placed + least <= *sum && *sum <= placed + most
    }
}
