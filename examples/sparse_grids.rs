//! Sparse Sudoku grids of any box shape, for the measurements of big and
//! sparse grids in `docs/perf-log.md` (2026-11-29): a solved grid shuffled
//! (bands, stacks, the rows of each band, the columns of each stack and the
//! digits permuted at random, each of which keeps it solved), then a
//! given fraction of its cells blanked at random. Written as numeric grids,
//! a blank line between them, for `dlx solve --box RxC` or `dlx bench
//! --box RxC`.
//!
//! ```text
//! cargo run --release --example sparse_grids -- 6x6 50 3 1 > sparse-6x6-50.txt
//! ```
//!
//! Arguments: the box shape, the percentage of cells blanked, how many
//! grids, and a seed (the same seed gives the same grids).

use std::io::{self, Write};

use dlx_engine::puzzles::sudoku::samples::pattern_solution;
use dlx_engine::puzzles::sudoku::{BoxShape, Grid};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// A permutation of `0..side` that keeps groups of `unit` lines together:
/// the groups in a random order, the lines of each in a random order.
fn grouped_permutation(side: usize, unit: usize, rng: &mut Xoshiro256PlusPlus) -> Vec<usize> {
    let mut groups: Vec<usize> = (0..side / unit).collect();
    groups.shuffle(rng);
    let mut order = Vec::with_capacity(side);
    for g in groups {
        let mut lines: Vec<usize> = (0..unit).map(|i| g * unit + i).collect();
        lines.shuffle(rng);
        order.extend(lines);
    }
    order
}

/// A shuffled solved grid with `blank` percent of its cells blanked.
fn sparse_grid(shape: BoxShape, blank: usize, rng: &mut Xoshiro256PlusPlus) -> Grid {
    let side = shape.side();
    let solved = pattern_solution(shape);
    let rows = grouped_permutation(side, shape.rows(), rng);
    let cols = grouped_permutation(side, shape.cols(), rng);
    let mut digits: Vec<u8> = (1..=side as u8).collect();
    digits.shuffle(rng);
    let mut cells: Vec<u8> = (0..side * side)
        .map(|k| digits[usize::from(solved.get(rows[k / side], cols[k % side])) - 1])
        .collect();
    let mut order: Vec<usize> = (0..side * side).collect();
    order.shuffle(rng);
    for &k in &order[..side * side * blank / 100] {
        cells[k] = 0;
    }
    Grid::from_cells(shape, cells).expect("a shuffled solved grid")
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [shape, blank, count, seed] = args.as_slice() else {
        return Err("usage: sparse_grids RxC BLANK_PERCENT COUNT SEED".into());
    };
    let shape: BoxShape = shape.parse()?;
    let blank: usize = blank.parse()?;
    if blank > 100 {
        return Err(format!("{blank}% of the cells cannot be blanked").into());
    }
    let count: usize = count.parse()?;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed.parse()?);
    let mut out = io::BufWriter::new(io::stdout().lock());
    for k in 0..count {
        if k > 0 {
            writeln!(out)?;
        }
        writeln!(
            out,
            "{}",
            sparse_grid(shape, blank, &mut rng).to_numeric_rows()
        )?;
    }
    Ok(())
}
