//! Packing the twelve pentominoes into a rectangle, as exact cover.
//!
//! Shows how a placement puzzle becomes a [`Problem`]: one primary item per
//! piece (each piece is used exactly once) and one per cell of the box (each
//! cell is filled exactly once), and one option per place a piece can take,
//! in every rotation and reflection. It counts the packings with
//! [`Solver::count`], then takes the first one with [`Solver::search`] and
//! draws it.
//!
//! ```text
//! cargo run --example pentominoes          # 3x20: 8 packings
//! cargo run --example pentominoes -- 4     # 4x15: 1,472 (a few seconds)
//! cargo run --example pentominoes -- 6     # 6x10: 9,356 (minutes without --release)
//! ```
//!
//! The argument is the box's height (3 to 6); its width is 60 / height.
//! Published counts, up to rotation and reflection of the whole box
//! (Wikipedia, "Pentomino", and Knuth, "Dancing Links", 2000): 3x20 has 2,
//! 4x15 368, 5x12 1,010, 6x10 2,339. No packing is symmetric, so each has
//! 4 images in the box (itself, turned half a turn, and the two mirror
//! images), and the engine, which knows nothing of symmetry, counts
//! 8, 1,472, 4,040 and 9,356.

use std::ops::ControlFlow;
use std::process::ExitCode;

use dlx_engine::exact_cover::{Limits, Problem, ProblemError, Solver};

/// The twelve pentominoes in Conway's letters, each drawn in rows
/// separated by `/` (`#` = a cell): the library's table, so the example
/// builds the problem itself from the same shapes its tests use.
const PIECES: [(&str, &str); 12] = dlx_engine::problems::PENTOMINOES;

/// The cells `(row, column)` of a drawing.
fn cells(drawing: &str) -> Vec<(i32, i32)> {
    let mut cells = Vec::new();
    for (r, row) in drawing.split('/').enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if ch == '#' {
                cells.push((r as i32, c as i32));
            }
        }
    }
    cells
}

/// The distinct shapes among the 8 rotations and reflections of a piece,
/// each moved so that its top row and left column are 0.
fn orientations(piece: &[(i32, i32)]) -> Vec<Vec<(i32, i32)>> {
    let mut shapes: Vec<Vec<(i32, i32)>> = Vec::new();
    let mut shape = piece.to_vec();
    for turn in 0..8 {
        if turn == 4 {
            shape = shape.iter().map(|&(r, c)| (r, -c)).collect(); // mirror
        }
        let top = shape.iter().map(|p| p.0).min().unwrap_or(0);
        let left = shape.iter().map(|p| p.1).min().unwrap_or(0);
        let mut normal: Vec<(i32, i32)> = shape.iter().map(|&(r, c)| (r - top, c - left)).collect();
        normal.sort_unstable();
        if !shapes.contains(&normal) {
            shapes.push(normal);
        }
        shape = shape.iter().map(|&(r, c)| (c, -r)).collect(); // a quarter turn
    }
    shapes
}

/// Where one option puts its piece: the piece's letter and the cells it
/// covers, so that a solution (option numbers) can be drawn.
struct Placement {
    letter: char,
    cells: Vec<(i32, i32)>,
}

/// The packing problem, and the placement of each option (option `k` is
/// `placements[k]`).
fn packing(height: i32, width: i32) -> Result<(Problem, Vec<Placement>), ProblemError> {
    let mut p = Problem::new();
    for (name, _) in PIECES {
        p.add_primary(name)?;
    }
    for r in 0..height {
        for c in 0..width {
            p.add_primary(format!("{r},{c}"))?;
        }
    }
    let mut placements = Vec::new();
    for (name, drawing) in PIECES {
        for shape in orientations(&cells(drawing)) {
            let rows = shape.iter().map(|p| p.0).max().unwrap_or(0) + 1;
            let cols = shape.iter().map(|p| p.1).max().unwrap_or(0) + 1;
            for dr in 0..=height - rows {
                for dc in 0..=width - cols {
                    let placed: Vec<(i32, i32)> =
                        shape.iter().map(|&(r, c)| (r + dr, c + dc)).collect();
                    let mut items = vec![name.to_string()];
                    items.extend(placed.iter().map(|(r, c)| format!("{r},{c}")));
                    // The option's number is its index in `placements`.
                    let k = p.add_option_by_name(&items)?;
                    debug_assert_eq!(k, placements.len());
                    placements.push(Placement {
                        letter: name.chars().next().unwrap_or('?'),
                        cells: placed,
                    });
                }
            }
        }
    }
    Ok((p, placements))
}

fn main() -> ExitCode {
    let height = match std::env::args().nth(1).map(|a| a.parse::<i32>()) {
        None => 3,
        Some(Ok(h)) if (3..=6).contains(&h) => h,
        Some(_) => {
            eprintln!(
                "usage: cargo run --example pentominoes -- [HEIGHT]   (3, 4, 5 or 6; default 3)"
            );
            return ExitCode::from(2);
        }
    };
    let width = 60 / height;
    let (problem, placements) = packing(height, width).expect("distinct names, known items");
    let matrix = problem.compile().expect("a small problem fits the arena");
    let mut solver = Solver::new(&matrix);
    println!(
        "{height}x{width} box: {} items, {} options",
        problem.items().len(),
        problem.options()
    );

    // The first packing, through the visitor: it gets the option numbers
    // of each solution and returns Break to stop the search there.
    let mut first = None;
    solver.search(Limits::solutions(1), |options| {
        first = Some(options.to_vec());
        ControlFlow::Break(())
    });
    if let Some(options) = first {
        let mut picture = vec![vec!['.'; width as usize]; height as usize];
        for &k in &options {
            let placement = &placements[k];
            for &(r, c) in &placement.cells {
                picture[r as usize][c as usize] = placement.letter;
            }
        }
        println!("the first packing found:");
        for row in picture {
            println!("  {}", row.into_iter().collect::<String>());
        }
    }

    let report = solver.count(Limits::none());
    println!(
        "{} packings, {} up to symmetry ({} search nodes)",
        report.solutions,
        report.solutions / 4,
        report.stats.nodes
    );
    ExitCode::SUCCESS
}
