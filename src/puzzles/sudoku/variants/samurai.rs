//! Samurai Sudoku: five 9x9 grids, each under the classic rules, set in a
//! 21x21 frame at the corners (0, 0), (0, 12), (6, 6), (12, 0) and
//! (12, 12): the centre grid shares each of its corner boxes with one of
//! the four others. 369 distinct cells.
//!
//! Two forms, answered in the form read:
//!
//! - one line of five 81-symbol fields separated by spaces, the grids in
//!   the order top-left, top-right, centre, bottom-left, bottom-right (a
//!   shared cell is written twice: the two must agree, or one be blank);
//! - the frame itself: 21 rows of 21 characters, spaces outside the five
//!   grids (trailing spaces may be left out), `.` or `0` for a blank.
//!
//! Exact cover: one primary item per cell (369), per grid one per
//! row-digit and column-digit (5 x 81 each), and one per box-digit of the
//! 41 distinct boxes (the frame's boxes are aligned on multiples of 3, so
//! a shared box is one box); one option per (cell, digit), option
//! `cell * 9 + digit`, covering the rows and columns of both grids of a
//! shared cell.

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use super::independent;
use crate::exact_cover::Problem;

/// Rows (and columns) of the frame.
pub const FRAME: usize = 21;

/// Top-left corners of the five grids in the frame, in the order of the
/// one-line form's fields.
pub const CORNERS: [(usize, usize); 5] = [(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)];

/// How a samurai puzzle was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SamuraiForm {
    /// One line of five fields.
    Line,
    /// The 21 rows of the frame.
    Frame,
}

/// A samurai puzzle: the givens of its 369 cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Samurai {
    givens: Vec<u8>,
    form: SamuraiForm,
}

/// Whether frame cell (row, column) lies in grid `g`.
fn in_grid(g: usize, (r, c): (usize, usize)) -> bool {
    let (top, left) = CORNERS[g];
    (top..top + 9).contains(&r) && (left..left + 9).contains(&c)
}

impl Samurai {
    /// The frame (row, column) of each cell, in reading order.
    pub fn places() -> &'static [(usize, usize)] {
        static PLACES: OnceLock<Vec<(usize, usize)>> = OnceLock::new();
        PLACES.get_or_init(|| {
            (0..FRAME * FRAME)
                .map(|k| (k / FRAME, k % FRAME))
                .filter(|&p| (0..5).any(|g| in_grid(g, p)))
                .collect()
        })
    }

    /// The cell number of each frame position, `None` outside the grids.
    fn cell_at() -> &'static [Option<usize>] {
        static AT: OnceLock<Vec<Option<usize>>> = OnceLock::new();
        AT.get_or_init(|| {
            let mut at = vec![None; FRAME * FRAME];
            for (k, &(r, c)) in Samurai::places().iter().enumerate() {
                at[r * FRAME + c] = Some(k);
            }
            at
        })
    }

    /// A puzzle from the givens of its 369 cells, checked as a record is.
    pub fn new(givens: Vec<u8>, form: SamuraiForm) -> Result<Self, String> {
        let puzzle = Samurai { givens, form };
        let text = puzzle.to_string();
        text.parse()
    }

    /// The givens, one per cell (0 for a blank).
    pub fn givens(&self) -> &[u8] {
        &self.givens
    }

    /// The form it was written in.
    pub fn form(&self) -> SamuraiForm {
        self.form
    }

    /// The same puzzle with other givens.
    pub fn with_givens(&self, givens: Vec<u8>) -> Self {
        assert_eq!(givens.len(), self.givens.len(), "one given per cell");
        Samurai { givens, ..*self }
    }

    /// Whether a line (without its line end) can be a row of the frame
    /// form rather than a one-line puzzle: 21 characters at most.
    pub fn is_frame_row(text: &str) -> bool {
        text.trim_end().chars().count() <= FRAME
    }

    /// The exact-cover problem (see the module).
    pub fn problem(&self) -> Problem {
        let places = Samurai::places();
        let mut p = Problem::new();
        for &(r, c) in places {
            p.add_primary(format!("p{}c{}", r + 1, c + 1))
                .expect("distinct item names");
        }
        let rows = places.len();
        for (kind, first) in [("r", rows), ("c", rows + 5 * 81)] {
            for g in 0..5 {
                for x in 0..9 {
                    for d in 0..9 {
                        let item = p
                            .add_primary(format!("g{}{kind}{}#{}", g + 1, x + 1, d + 1))
                            .expect("distinct item names");
                        debug_assert_eq!(item, first + g * 81 + x * 9 + d);
                    }
                }
            }
        }
        // Boxes of the frame (7 x 7 of 3x3), numbered as added.
        let mut box_item = vec![None; 49];
        for &(r, c) in places {
            let b = (r / 3) * 7 + c / 3;
            if box_item[b].is_none() {
                let first = p.items().len();
                for d in 0..9 {
                    p.add_primary(format!("b{}_{}#{}", r / 3 + 1, c / 3 + 1, d + 1))
                        .expect("distinct item names");
                }
                box_item[b] = Some(first);
            }
        }
        let mut items = Vec::with_capacity(6);
        for (cell, &(r, c)) in places.iter().enumerate() {
            let b = box_item[(r / 3) * 7 + c / 3].expect("every cell's box has items");
            for d in 0..9 {
                items.clear();
                items.extend([cell, b + d]);
                for (g, &(top, left)) in CORNERS.iter().enumerate() {
                    if in_grid(g, (r, c)) {
                        items.push(rows + g * 81 + (r - top) * 9 + d);
                        items.push(rows + 5 * 81 + g * 81 + (c - left) * 9 + d);
                    }
                }
                p.add_option(&items).expect("valid option");
            }
        }
        p
    }

    /// The cells (givens or a solution) written in this puzzle's form.
    pub fn write_cells(&self, cells: &[u8]) -> String {
        let at = Samurai::cell_at();
        match self.form {
            SamuraiForm::Line => {
                let fields: Vec<String> = (CORNERS.iter())
                    .map(|&(top, left)| {
                        (0..81)
                            .map(|k| {
                                let cell = at[(top + k / 9) * FRAME + left + k % 9];
                                cell.map_or(0, |cell| cells[cell])
                            })
                            .collect::<Vec<u8>>()
                    })
                    .map(|field| independent::symbols(&field, 9))
                    .collect();
                fields.join(" ")
            }
            SamuraiForm::Frame => {
                let rows: Vec<String> = (0..FRAME)
                    .map(|r| {
                        let row: String = (0..FRAME)
                            .map(|c| match at[r * FRAME + c] {
                                Some(cell) => independent::symbols(&[cells[cell]], 9),
                                None => " ".to_string(),
                            })
                            .collect();
                        row.trim_end().to_string()
                    })
                    .collect();
                rows.join("\n")
            }
        }
    }

    /// The cells of an answer in either form: every cell filled, shared
    /// cells agreeing.
    pub fn read_cells(&self, text: &str) -> Result<Vec<u8>, String> {
        let (cells, _) = read_cells(text)?;
        match cells.iter().position(|&v| v == 0) {
            Some(k) => {
                let (r, c) = Samurai::places()[k];
                Err(format!("cell r{}c{} of the answer is blank", r + 1, c + 1))
            }
            None => Ok(cells),
        }
    }
}

/// The cells of either form (blanks 0) and the form, without the clash
/// check of the givens.
fn read_cells(text: &str) -> Result<(Vec<u8>, SamuraiForm), String> {
    let at = Samurai::cell_at();
    let mut cells = vec![0u8; Samurai::places().len()];
    if text.contains('\n') {
        let rows: Vec<&str> = text.lines().map(str::trim_end).collect();
        if rows.len() != FRAME {
            return Err(format!(
                "grid: {} rows, and the samurai frame has {FRAME}",
                rows.len()
            ));
        }
        for (r, row) in rows.iter().enumerate() {
            let chars: Vec<char> = row.chars().collect();
            if chars.len() > FRAME {
                return Err(format!(
                    "grid: row {} has {} characters, and the frame {FRAME}",
                    r + 1,
                    chars.len()
                ));
            }
            for c in 0..FRAME {
                let ch = chars.get(c).copied().unwrap_or(' ');
                match (at[r * FRAME + c], ch) {
                    (None, ' ') => {}
                    (None, _) => {
                        return Err(format!(
                            "grid: row {} column {} lies outside the five grids and holds `{}` \
                             (write a space there)",
                            r + 1,
                            c + 1,
                            ch.escape_default()
                        ))
                    }
                    (Some(cell), ch) => {
                        cells[cell] =
                            crate::puzzles::sudoku::symbol_value(ch, 9).ok_or_else(|| {
                                format!(
                                    "grid: row {} column {} is a cell of a grid and holds `{}` \
                                 (a digit, or `.` for a blank)",
                                    r + 1,
                                    c + 1,
                                    ch.escape_default()
                                )
                            })?;
                    }
                }
            }
        }
        return Ok((cells, SamuraiForm::Frame));
    }
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 5 {
        return Err(format!(
            "a samurai line is five fields of 81 cells (top-left, top-right, centre, \
             bottom-left, bottom-right grids) separated by spaces, or the 21 rows of its frame; \
             this one has {} field(s)",
            fields.len()
        ));
    }
    let mut from: Vec<Option<usize>> = vec![None; cells.len()];
    for (g, field) in fields.iter().enumerate() {
        let values = independent::read_symbols_blank(field, 9)
            .map_err(|e| format!("field {}: {e}", g + 1))?;
        if values.len() != 81 {
            return Err(format!(
                "field {}: {} cells, and a grid has 81",
                g + 1,
                values.len()
            ));
        }
        let (top, left) = CORNERS[g];
        for (k, &v) in values.iter().enumerate() {
            let (r, c) = (top + k / 9, left + k % 9);
            let cell = at[r * FRAME + c].expect("a grid's cells are in the frame");
            if v == 0 {
                continue;
            }
            match from[cell] {
                Some(h) if cells[cell] != v => {
                    return Err(format!(
                        "fields {} and {}: the shared cell r{}c{} of the frame holds {} in one \
                         and {} in the other",
                        h + 1,
                        g + 1,
                        r + 1,
                        c + 1,
                        cells[cell],
                        v
                    ))
                }
                _ => {
                    cells[cell] = v;
                    from[cell] = Some(g);
                }
            }
        }
    }
    Ok((cells, SamuraiForm::Line))
}

/// The puzzle in its own form.
impl fmt::Display for Samurai {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.write_cells(&self.givens))
    }
}

impl FromStr for Samurai {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let (givens, form) = read_cells(text)?;
        let puzzle = Samurai { givens, form };
        let field = if form == SamuraiForm::Line {
            "givens"
        } else {
            "grid"
        };
        if let Some(clash) = independent::Rules::of_samurai(&puzzle).first_clash(&puzzle.givens) {
            return Err(format!("{field}: {clash}"));
        }
        Ok(puzzle)
    }
}
