//! Classic exact-cover problems, stated with the public [`Problem`] API.
//!
//! They double as examples of how to build a solver on the engine, as test
//! cases with published solution counts, and as benchmark workloads:
//! [`knuth_example`], [`n_queens`], [`langford_pairs`] and
//! [`polyomino_packing`] (with the [`PENTOMINOES`], and [`piece_cells`] and
//! [`orientations`] for pieces of other packings).
//!
//! [`knuth_text`] holds a family of instances with colours and
//! multiplicities (word squares, Latin squares, graceful labellings,
//! bounded queens, random XCC and MCC), written as text in Knuth's
//! DLX1/DLX2/DLX3 formats rather than built as a [`Problem`].
//!
//! ```
//! use dlx_engine::exact_cover::{End, Limits, Solver};
//! use dlx_engine::problems::{knuth_example, langford_pairs};
//!
//! // Langford pairs for n = 8: 150 up to reversal (OEIS A014552), so 300
//! // counted with both mirror images.
//! let mut solver = Solver::new(&langford_pairs(8).compile().unwrap());
//! let report = solver.count(Limits::none());
//! assert_eq!((report.solutions, report.end), (300, End::Exhausted));
//!
//! // Knuth's example in "Dancing Links" (2000): one cover, its options
//! // 0, 3 and 4 (the engine lists them in the order it chose them).
//! let mut solver = Solver::new(&knuth_example().compile().unwrap());
//! let mut cover = solver.first_solution().unwrap();
//! cover.sort_unstable();
//! assert_eq!(cover, [0, 3, 4]);
//! assert_eq!(solver.count(Limits::none()).solutions, 1);
//! ```

use crate::exact_cover::Problem;

pub mod knuth_text;

/// Knuth's example from "Dancing Links" (2000): seven items `A`..`G`, six
/// options, exactly one exact cover (options 0, 3 and 4).
pub fn knuth_example() -> Problem {
    let mut p = Problem::new();
    for name in ["A", "B", "C", "D", "E", "F", "G"] {
        p.add_primary(name).expect("distinct names");
    }
    for option in [
        &["C", "E", "F"][..],
        &["A", "D", "G"],
        &["B", "C", "F"],
        &["A", "D"],
        &["B", "G"],
        &["D", "E", "G"],
    ] {
        p.add_option_by_name(option).expect("known items");
    }
    p
}

/// The n-queens problem: primary items `r{i}` (rows) and `c{j}` (columns),
/// secondary items `a{i+j}` and `b{i-j+n-1}` for the two diagonal
/// directions, one option `r{i} c{j} a.. b..` per square.
///
/// Counts for n = 1..=10: 1, 0, 0, 2, 10, 4, 40, 92, 352, 724.
pub fn n_queens(n: usize) -> Problem {
    let mut p = Problem::new();
    for i in 0..n {
        p.add_primary(format!("r{i}")).expect("distinct names");
        p.add_primary(format!("c{i}")).expect("distinct names");
    }
    for d in 0..(2 * n).saturating_sub(1) {
        p.add_secondary(format!("a{d}")).expect("distinct names");
        p.add_secondary(format!("b{d}")).expect("distinct names");
    }
    for i in 0..n {
        for j in 0..n {
            let names = [
                format!("r{i}"),
                format!("c{j}"),
                format!("a{}", i + j),
                format!("b{}", i + n - 1 - j),
            ];
            p.add_option_by_name(&names).expect("known items");
        }
    }
    p
}

/// Langford pairs: place two copies of each of 1..=n in 2n slots so that the
/// copies of k have k numbers between them. Items: `k` for each number and
/// `s{j}` for each slot; the option `k s{j} s{j+k+1}` puts the pair of k at j.
///
/// Counts (both mirror images): n = 3: 2, 4: 2, 7: 52, 8: 300; zero unless
/// n mod 4 is 0 or 3.
pub fn langford_pairs(n: usize) -> Problem {
    let mut p = Problem::new();
    for k in 1..=n {
        p.add_primary(k.to_string()).expect("distinct names");
    }
    for j in 1..=2 * n {
        p.add_primary(format!("s{j}")).expect("distinct names");
    }
    for k in 1..=n {
        for j in 1..=2 * n {
            let other = j + k + 1;
            if other <= 2 * n {
                let names = [k.to_string(), format!("s{j}"), format!("s{other}")];
                p.add_option_by_name(&names).expect("known items");
            }
        }
    }
    p
}

/// The twelve pentominoes in Conway's letters, each drawn in rows
/// (`#` = cell).
pub const PENTOMINOES: [(&str, &str); 12] = [
    ("F", ".##/##./.#."),
    ("I", "#####"),
    ("L", "####/#..."),
    ("N", "##../.###"),
    ("P", "##/##/#."),
    ("T", "###/.#./.#."),
    ("U", "#.#/###"),
    ("V", "#../#../###"),
    ("W", "#../##./.##"),
    ("X", ".#./###/.#."),
    ("Y", "####/.#.."),
    ("Z", "##./.#./.##"),
];

/// Packs the given pieces (name, rows of `#`/`.` separated by `/`) into a
/// `height` x `width` box, every piece once in any rotation or reflection.
/// Items: one per piece, and `r{row}c{col}` per cell.
///
/// `polyomino_packing(6, 10, &PENTOMINOES)` has 9356 solutions (2339 up to
/// symmetry).
///
/// # Panics
/// If two pieces share a name, or a name is not a valid item name (empty,
/// or with whitespace or `|`) or is a cell's (`r0c0`), or a drawing has no
/// `#` cell (such a piece would be an option of its name alone, placed
/// anywhere: the same solution once per place).
pub fn polyomino_packing(height: usize, width: usize, pieces: &[(&str, &str)]) -> Problem {
    for (name, drawing) in pieces {
        assert!(
            drawing.contains('#'),
            "piece {name:?} has no cell: its drawing {drawing:?} has no `#`"
        );
    }
    let mut p = Problem::new();
    for (name, _) in pieces {
        p.add_primary(*name).expect("distinct piece names");
    }
    for r in 0..height {
        for c in 0..width {
            p.add_primary(format!("r{r}c{c}")).expect("distinct names");
        }
    }
    for (name, drawing) in pieces {
        for shape in orientations(&piece_cells(drawing)) {
            let (h, w) = extent(&shape);
            for dr in 0..height.saturating_sub(h - 1) {
                for dc in 0..width.saturating_sub(w - 1) {
                    let mut names = vec![name.to_string()];
                    names.extend(
                        shape
                            .iter()
                            .map(|&(r, c)| format!("r{}c{}", r + dr, c + dc)),
                    );
                    p.add_option_by_name(&names).expect("known items");
                }
            }
        }
    }
    p
}

/// The cells `(row, column)` of a piece drawn in rows of `#` (a cell) and
/// any other character (none), rows separated by `/`, in reading order:
/// the drawings of [`PENTOMINOES`] and [`polyomino_packing`]. With
/// [`orientations`], the pieces of other packings (a region with holes,
/// pieces used at most once through secondary items) are built the same way.
///
/// ```
/// use dlx_engine::problems::{orientations, piece_cells};
///
/// let l_tromino = piece_cells("#./##");
/// assert_eq!(l_tromino, [(0, 0), (1, 0), (1, 1)]);
/// assert_eq!(orientations(&l_tromino).len(), 4);
/// assert_eq!(orientations(&piece_cells("##/##")).len(), 1);
/// ```
pub fn piece_cells(drawing: &str) -> Vec<(usize, usize)> {
    drawing
        .split('/')
        .enumerate()
        .flat_map(|(r, row)| {
            row.chars()
                .enumerate()
                .filter(|&(_, ch)| ch == '#')
                .map(move |(c, _)| (r, c))
        })
        .collect()
}

fn extent(cells: &[(usize, usize)]) -> (usize, usize) {
    let h = cells.iter().map(|c| c.0).max().unwrap_or(0) + 1;
    let w = cells.iter().map(|c| c.1).max().unwrap_or(0) + 1;
    (h, w)
}

/// The distinct shapes among the 8 rotations and reflections of `cells`,
/// each shifted so that its topmost row and leftmost column are 0, its
/// cells sorted; the first is `cells` itself (shifted and sorted). See
/// [`piece_cells`].
pub fn orientations(cells: &[(usize, usize)]) -> Vec<Vec<(usize, usize)>> {
    let mut shapes: Vec<Vec<(usize, usize)>> = Vec::new();
    let mut current: Vec<(i64, i64)> = cells.iter().map(|&(r, c)| (r as i64, c as i64)).collect();
    for reflect in 0..2 {
        for _ in 0..4 {
            let min_r = current.iter().map(|c| c.0).min().unwrap_or(0);
            let min_c = current.iter().map(|c| c.1).min().unwrap_or(0);
            let mut shape: Vec<(usize, usize)> = current
                .iter()
                .map(|&(r, c)| ((r - min_r) as usize, (c - min_c) as usize))
                .collect();
            shape.sort_unstable();
            if !shapes.contains(&shape) {
                shapes.push(shape);
            }
            current = current.iter().map(|&(r, c)| (c, -r)).collect(); // rotate
        }
        if reflect == 0 {
            current = current.iter().map(|&(r, c)| (r, -c)).collect(); // mirror
        }
    }
    shapes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[should_panic(expected = "piece \"E\" has no cell")]
    fn a_piece_without_cells_is_refused() {
        polyomino_packing(1, 2, &[("A", "##"), ("E", "XX")]);
    }

    #[test]
    fn pentomino_orientation_counts() {
        // F 8, I 2, L 8, N 8, P 8, T 4, U 4, V 4, W 4, X 1, Y 8, Z 4: 63 in all.
        let total: usize = PENTOMINOES
            .iter()
            .map(|(_, d)| orientations(&piece_cells(d)).len())
            .sum();
        assert_eq!(total, 63);
        assert!(PENTOMINOES.iter().all(|(_, d)| piece_cells(d).len() == 5));
    }
}
