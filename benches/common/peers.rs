//! The two peer solvers, as the criterion bench (`benches/sudoku.rs`) and
//! the per-puzzle comparison (`examples/peers.rs`) both call them. Included
//! by path from each; peers are dev-dependencies only.

use dlx_engine::puzzles::sudoku::Grid;

/// The `sudoku` crate's form of a 9x9 grid.
pub fn to_peer_sudoku(grid: &Grid) -> sudoku::Sudoku {
    let cells: [u8; 81] = grid.cells().try_into().expect("a 9x9 grid");
    sudoku::Sudoku::from_bytes(cells).expect("digits 0..=9")
}

/// Solves a Sudoku with the `dlx` crate (0.8): it has no way to pre-select
/// options, so each puzzle gets its own reduced matrix (the items left open
/// by the givens and the placements compatible with them), built here as
/// part of the solve. Items are numbered as in our encoding (cells first,
/// then row-, column- and box-digits), so with the crate's MRV (first
/// minimum in item order) both engines break ties alike. Returns the cells
/// of the first solution.
pub fn dlx_crate_solve(grid: &Grid) -> Option<Vec<u8>> {
    let n = grid.box_size();
    let side = n * n;
    let cells = grid.cells();
    let mut used = vec![false; 4 * side * side];
    let boxed = |r: usize, c: usize| (r / n) * n + c / n;
    let items = |r: usize, c: usize, d: usize| {
        [
            r * side + c,
            side * side + r * side + d,
            2 * side * side + c * side + d,
            3 * side * side + boxed(r, c) * side + d,
        ]
    };
    for (k, &v) in cells.iter().enumerate() {
        if v != 0 {
            for i in items(k / side, k % side, v as usize - 1) {
                used[i] = true;
            }
        }
    }
    let mut index = vec![dlx::Uint::MAX; used.len()];
    let mut open: dlx::Uint = 0;
    for (i, &u) in used.iter().enumerate() {
        if !u {
            index[i] = open;
            open += 1;
        }
    }
    let mut solution = cells.to_vec();
    if open == 0 {
        return Some(solution);
    }
    let mut options: Vec<Vec<dlx::Uint>> = Vec::new();
    let mut placements: Vec<(usize, u8)> = Vec::new();
    for (k, &v) in cells.iter().enumerate() {
        if v != 0 {
            continue;
        }
        for d in 0..side {
            let its = items(k / side, k % side, d);
            if its.iter().all(|&i| !used[i]) {
                options.push(its.iter().map(|&i| index[i]).collect());
                placements.push((k, d as u8 + 1));
            }
        }
    }
    if options.is_empty() {
        return None;
    }
    let mut problem = dlx::x::make_problem(open, 0, &options, dlx::OptOrder::Seq);
    let mut chooser =
        dlx::choose::mrv_chooser(dlx::choose::prefer_any(), dlx::choose::no_tiebreak());
    let mut solver = dlx::Solver::new(&mut problem);
    if !solver.next_solution(&mut chooser) {
        return None;
    }
    for &o in solver.fmt_solution() {
        let (k, d) = placements[o as usize];
        solution[k] = d;
    }
    Some(solution)
}
