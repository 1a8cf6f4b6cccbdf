//! The independent verifier of a Sudominoku solution: the grid and its
//! cutting into dominoes are checked without the engine.

use super::{Puzzle, CELLS, SIDE};
use crate::error::Invalid;
use crate::puzzles::sudoku::Grid;

/// `message` with each Sudoku cell name `rRcC` (rows and columns 1-9)
/// written as a Sudominoku position (`B3`), as the puzzle names its cells.
fn in_positions(message: &str) -> String {
    let bytes = message.as_bytes();
    let mut out = String::with_capacity(message.len());
    let mut k = 0;
    while k < bytes.len() {
        if let [b'r', row @ b'1'..=b'9', b'c', col @ b'1'..=b'9', ..] = bytes[k..] {
            let at_word_start = k == 0 || !bytes[k - 1].is_ascii_alphanumeric();
            let at_word_end = !matches!(bytes.get(k + 4), Some(b) if b.is_ascii_alphanumeric());
            if at_word_start && at_word_end {
                out.push((b'A' + (row - b'1')) as char);
                out.push(col as char);
                k += 4;
                continue;
            }
        }
        // Whole characters: `k` only ever stops at an ASCII byte or the
        // start of a character.
        let c = message[k..].chars().next().unwrap_or_default();
        out.push(c);
        k += c.len_utf8();
    }
    out
}

/// Checks that `grid` solves `puzzle`, independently of the solvers: it is a
/// complete valid 9x9 Sudoku ([`Grid::check_solution`]), it keeps every given
/// digit (dominoes and singles), and it can be cut into the nine given
/// singles plus the 36 dominoes, each exactly once, keeping the given
/// dominoes where they are. The last point is decided by a small
/// depth-first search of its own (first uncovered cell in reading order,
/// paired with its right or lower neighbour), not by the engine.
pub fn verify(puzzle: &Puzzle, grid: &Grid) -> Result<(), Invalid> {
    if grid.side() != SIDE {
        return Err(Invalid(format!(
            "solution is {0}x{0}, a Sudominoku is 9x9",
            grid.side()
        )));
    }
    grid.check_solution(&puzzle.givens())
        .map_err(|e| Invalid(in_positions(&e.0)))?;
    let mut covered = [false; CELLS];
    let mut used = [[false; 10]; 10];
    for p in &puzzle.singles {
        covered[p.index()] = true;
    }
    for d in &puzzle.dominoes {
        covered[d.lu.index()] = true;
        covered[d.lv.index()] = true;
        let (a, b) = d.pair();
        used[a as usize][b as usize] = true;
    }
    if tile(grid.cells(), &mut covered, &mut used, 0) {
        Ok(())
    } else {
        Err(Invalid("the grid cannot be cut into the 36 dominoes, each once, around the given singles and dominoes".to_string()))
    }
}

/// Whether the uncovered cells from `from` on can be tiled with unused
/// dominoes of the digits in `cells`.
fn tile(
    cells: &[u8],
    covered: &mut [bool; CELLS],
    used: &mut [[bool; 10]; 10],
    from: usize,
) -> bool {
    let Some(k) = (from..CELLS).find(|&k| !covered[k]) else {
        return true;
    };
    let (r, c) = (k / SIDE, k % SIDE);
    let right = (c + 1 < SIDE).then_some(k + 1);
    let down = (r + 1 < SIDE).then_some(k + SIDE);
    for m in [right, down].into_iter().flatten() {
        let (x, y) = (cells[k], cells[m]);
        let (a, b) = (x.min(y) as usize, x.max(y) as usize);
        if covered[m] || a == b || used[a][b] {
            continue;
        }
        covered[k] = true;
        covered[m] = true;
        used[a][b] = true;
        let done = tile(cells, covered, used, k + 1);
        covered[k] = false;
        covered[m] = false;
        used[a][b] = false;
        if done {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact_cover::Limits;
    use crate::generate::sudominoku::generate;
    use crate::puzzles::sudominoku::{encoding, DlxSudominoku, PlacedDomino};

    #[test]
    fn verify_names_cells_as_the_puzzle_does() {
        assert_eq!(
            in_positions("given 7 at r1c2 was changed to 8"),
            "given 7 at A2 was changed to 8"
        );
        assert_eq!(in_positions("cell r9c9 is blank"), "cell I9 is blank");
        // Only whole cell names, and any text around them.
        assert_eq!(in_positions("xr1c2 r1c23 é r2c1"), "xr1c2 r1c23 é B1");
    }

    #[test]
    fn verify_agrees_with_the_engine_on_extra_givens() {
        // Adding a domino cut from the solution grid keeps every given digit
        // right, so `check_solution` passes; whether the grid can still be
        // tiled is exactly whether the engine still finds it.
        let p = generate(3, 1);
        let grid = DlxSudominoku::new().solve(&p, Limits::none()).grid.unwrap();
        verify(&p, &grid).unwrap();
        let (mut tileable, mut untileable) = (0, 0);
        for e in 0..encoding::EDGES {
            let (x, y) = encoding::edge_cells(e);
            let d = PlacedDomino::new(grid.get(x.row(), x.col()), x, grid.get(y.row(), y.col()), y);
            let mut dominoes = p.dominoes().to_vec();
            dominoes.push(d);
            let Ok(p2) = Puzzle::new(dominoes, *p.singles()) else {
                continue;
            };
            let s = DlxSudominoku::new().solve(&p2, Limits::solutions(2));
            match verify(&p2, &grid) {
                Ok(()) => {
                    assert_eq!((s.count, s.grid.as_ref()), (1, Some(&grid)));
                    tileable += 1;
                }
                Err(e) => {
                    assert!(e.0.contains("cannot be cut"), "{e}");
                    assert_eq!(s.count, 0);
                    untileable += 1;
                }
            }
        }
        assert!(tileable > 0 && untileable > 0, "{tileable} {untileable}");
        let mut blank = grid.clone();
        blank.set(0, 0, 0);
        assert_eq!(verify(&p, &blank).unwrap_err().0, "cell A1 is blank");
    }
}
