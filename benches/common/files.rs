//! Reading the Sudoku files that benchmarks and examples measure on, with
//! the tool's own record reader (one-line puzzles, grids, `#` comments).
//! Included by path from `benches/` and `examples/`.

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use dlx_engine::puzzles::sudoku::Grid;
use dlx_engine::puzzles::sudoku::SudokuReader;

/// The first `limit` (all if `None`) puzzles of `path` with side `side` and
/// no clashing givens, and how many records before the last of them were
/// skipped (unreadable, clashing or another size).
pub fn load(path: &Path, side: usize, limit: Option<usize>) -> Result<(Vec<Grid>, usize), String> {
    let name = path.display();
    let file = File::open(path).map_err(|e| format!("{name}: {e}"))?;
    let (mut grids, mut skipped) = (Vec::new(), 0);
    for record in SudokuReader::new(BufReader::new(file)) {
        if grids.len() >= limit.unwrap_or(usize::MAX) {
            break;
        }
        let record = record.map_err(|e| format!("{name}: {e}"))?;
        match record.puzzle {
            Ok((grid, _)) if grid.side() == side && grid.check_givens().is_ok() => grids.push(grid),
            _ => skipped += 1,
        }
    }
    Ok((grids, skipped))
}
