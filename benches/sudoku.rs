//! Sudoku and Sudominoku benchmarks: whole sets of puzzles solved (first
//! solution) by our DLX solver, the baselines, and two peers measured in the
//! same run: the `sudoku` crate 0.8 (Emerentius' bitboard solver, AGPL-3.0,
//! a dev-dependency only) and the `dlx` crate 0.8 (a DLX library, given each
//! puzzle's reduced exact-cover matrix).
//!
//! Groups (criterion reports puzzles/s through `Throughput::Elements`):
//! - `sudoku9/<set>`: the bundled `minimal-1000` (easy) and `hardest-100`
//!   (hard, made by `dlx gen`), and, when `../shared/datasets/` exists, the
//!   first 500 puzzles of `17clue`, `top1465`, `hardest1905_11plus` and
//!   `hardest1106`. The textbook `NaiveSudoku` runs only on the first 50 of
//!   `minimal-1000`, with a node budget.
//! - `sudoku16`, `sudoku25`: the bundled 16x16 (first 20) and 25x25 (first 3)
//!   sets. `BitmaskSudoku` runs only on the puzzles it solves within a node
//!   budget (few or none of these), beside DLX on the same puzzles.
//! - `sudominoku`: the bundled `generated-100` set, DLX and the textbook DFS.
//!
//! Every solver's answers are checked once, outside the timing, and the bench
//! panics on a wrong one.
//!
//! Run with `cargo bench --bench sudoku` (a few minutes); see
//! `benches/README.md`.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{
    criterion_group, criterion_main, BenchmarkGroup, BenchmarkId, Criterion, SamplingMode,
    Throughput,
};
use dlx_engine::baseline::NaiveSudominoku;
use dlx_engine::baseline::{BitmaskSudoku, NaiveSudoku};
use dlx_engine::exact_cover::{End, Limits};
use dlx_engine::puzzles::sudoku::{DlxSudoku, Grid, Solution, SudokuSolver};
use dlx_engine::puzzles::sudominoku::{self, DlxSudominoku};

#[path = "common/files.rs"]
mod files;
#[path = "common/peers.rs"]
mod peers;
use peers::{dlx_crate_solve, to_peer_sudoku};

/// Puzzles taken from each `../shared/datasets` file.
const SHARED_LIMIT: usize = 500;
/// The shared datasets, easiest first.
const SHARED_SETS: [&str; 4] = ["17clue", "top1465", "hardest1905_11plus", "hardest1106"];
/// Puzzles of `minimal-1000` given to the textbook solver, and its budget.
const NAIVE_PUZZLES: usize = 50;
const NAIVE_NODE_BUDGET: u64 = 10_000_000;
/// Node budget of `BitmaskSudoku` on 16x16 and 25x25: it finishes only a few
/// of the bundled minimal puzzles within it (some of the rest need more
/// than 50M nodes).
const BITMASK_BIG_BUDGET: u64 = 1_000_000;

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The first `limit` puzzles of side `side` in `path`; every record must be
/// one.
fn load(path: &Path, side: usize, limit: usize) -> Vec<Grid> {
    let (grids, skipped) =
        files::load(path, side, Some(limit)).unwrap_or_else(|e| panic!("cannot read {e}"));
    assert_eq!(
        skipped,
        0,
        "{}: records that are not {side}x{side} puzzles",
        path.display()
    );
    grids
}

// ---------------------------------------------------------------------------
// Checking answers, once, outside the timing
// ---------------------------------------------------------------------------

/// What a solver said about one puzzle, for checking.
enum Answer {
    Solved(Grid),
    Unsolved,
    OverBudget,
}

fn answer(s: Solution) -> Answer {
    match (s.grid, s.end) {
        (Some(g), _) => Answer::Solved(g),
        (None, End::NodeLimit) => Answer::OverBudget,
        (None, _) => Answer::Unsolved,
    }
}

/// Solves every puzzle once and checks each answer; panics on a wrong answer
/// or a puzzle called unsolvable (every benchmarked puzzle has a solution).
/// Returns the puzzles solved, i.e. all of them unless the solver ran with a
/// node budget and some exceeded it.
fn verified<P: Clone>(
    what: &str,
    puzzles: &[P],
    mut solve: impl FnMut(&P) -> Answer,
    check: impl Fn(&P, &Grid) -> Result<(), String>,
) -> Vec<P> {
    let mut kept = Vec::with_capacity(puzzles.len());
    for (k, p) in puzzles.iter().enumerate() {
        match solve(p) {
            Answer::Solved(g) => {
                if let Err(e) = check(p, &g) {
                    panic!("{what}: wrong answer to puzzle {}: {e}", k + 1);
                }
                kept.push(p.clone());
            }
            Answer::Unsolved => panic!("{what}: puzzle {} reported unsolvable", k + 1),
            Answer::OverBudget => {}
        }
    }
    kept
}

fn check_sudoku(puzzle: &Grid, solution: &Grid) -> Result<(), String> {
    Ok(solution.check_solution(puzzle)?)
}

fn verified_ours<S: SudokuSolver>(
    what: &str,
    solver: &mut S,
    puzzles: &[Grid],
    limits: Limits,
) -> Vec<Grid> {
    verified(
        what,
        puzzles,
        |g| answer(solver.solve(g, limits)),
        check_sudoku,
    )
}

/// Times `solve_set` (which solves every puzzle of a set) as one iteration.
fn bench_set<R>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    id: BenchmarkId,
    puzzles: usize,
    mut solve_set: impl FnMut() -> R,
) {
    group.throughput(Throughput::Elements(puzzles as u64));
    group.bench_function(id, |b| b.iter(|| black_box(solve_set())));
}

/// Solves every grid with one of our solvers; returns the solutions found.
fn solve_all<S: SudokuSolver>(solver: &mut S, grids: &[Grid], limits: Limits) -> u64 {
    grids
        .iter()
        .map(|g| solver.solve(black_box(g), limits).count)
        .sum()
}

fn configure(group: &mut BenchmarkGroup<'_, WallTime>) {
    // One iteration solves a whole set (tens of ms to a second): few flat
    // samples keep the file to a few minutes.
    group.sample_size(10);
    group.sampling_mode(SamplingMode::Flat);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(3));
}

// ---------------------------------------------------------------------------
// Peers
// ---------------------------------------------------------------------------

fn grid_of(box_size: usize, cells: Vec<u8>) -> Grid {
    Grid::from_cells(box_size, cells).expect("a grid of the puzzle's size")
}

// ---------------------------------------------------------------------------
// 9x9
// ---------------------------------------------------------------------------

fn sudoku9_sets() -> Vec<(String, Vec<Grid>)> {
    let bundled = manifest_dir().join("puzzles/sudoku");
    let mut sets = vec![
        (
            "minimal-1000".to_string(),
            load(&bundled.join("minimal-1000.txt"), 9, usize::MAX),
        ),
        (
            "hardest-100".to_string(),
            load(&bundled.join("hardest-100.txt"), 9, usize::MAX),
        ),
    ];
    let shared = manifest_dir().join("../shared/datasets");
    if !shared.is_dir() {
        eprintln!(
            "note: {} not found: skipping the shared 9x9 datasets ({})",
            shared.display(),
            SHARED_SETS.join(", ")
        );
        return sets;
    }
    for name in SHARED_SETS {
        let path = shared.join(format!("{name}.txt"));
        if path.is_file() {
            sets.push((
                format!("{name}-{SHARED_LIMIT}"),
                load(&path, 9, SHARED_LIMIT),
            ));
        } else {
            eprintln!("note: {} not found: skipped", path.display());
        }
    }
    sets
}

fn bench_sudoku9(c: &mut Criterion) {
    for (set, grids) in sudoku9_sets() {
        let n = grids.len();
        let mut group = c.benchmark_group(format!("sudoku9/{set}"));
        configure(&mut group);

        let mut ours = DlxSudoku::new();
        let kept = verified_ours(&format!("dlx on {set}"), &mut ours, &grids, Limits::none());
        assert_eq!(kept.len(), n);
        bench_set(&mut group, BenchmarkId::from_parameter("dlx"), n, || {
            solve_all(&mut ours, &grids, Limits::none())
        });

        let mut bitmask = BitmaskSudoku::new();
        verified_ours(
            &format!("bitmask on {set}"),
            &mut bitmask,
            &grids,
            Limits::none(),
        );
        bench_set(
            &mut group,
            BenchmarkId::from_parameter("bitmask"),
            n,
            || solve_all(&mut bitmask, &grids, Limits::none()),
        );

        let peer: Vec<sudoku::Sudoku> = grids.iter().map(to_peer_sudoku).collect();
        verified(
            &format!("sudoku crate on {set}"),
            &grids,
            |g| match to_peer_sudoku(g).some_solution() {
                Some(s) => Answer::Solved(grid_of(3, s.to_bytes().to_vec())),
                None => Answer::Unsolved,
            },
            check_sudoku,
        );
        bench_set(
            &mut group,
            BenchmarkId::from_parameter("sudoku-crate-0.8"),
            n,
            || {
                peer.iter()
                    .filter(|s| black_box(**s).some_solution().is_some())
                    .count()
            },
        );

        verified(
            &format!("dlx crate on {set}"),
            &grids,
            |g| match dlx_crate_solve(g) {
                Some(cells) => Answer::Solved(grid_of(3, cells)),
                None => Answer::Unsolved,
            },
            check_sudoku,
        );
        bench_set(
            &mut group,
            BenchmarkId::from_parameter("dlx-crate-0.8"),
            n,
            || {
                grids
                    .iter()
                    .filter(|g| dlx_crate_solve(black_box(g)).is_some())
                    .count()
            },
        );

        if set == "minimal-1000" {
            let first = &grids[..NAIVE_PUZZLES.min(n)];
            let limits = Limits::none().with_max_nodes(Some(NAIVE_NODE_BUDGET));
            let mut naive = NaiveSudoku::new();
            let kept = verified_ours(&format!("naive on {set}"), &mut naive, first, limits);
            if kept.len() < first.len() {
                eprintln!(
                    "note: naive solved {} of the first {} puzzles of {set} within {NAIVE_NODE_BUDGET} nodes; timing those",
                    kept.len(),
                    first.len()
                );
            }
            let id = BenchmarkId::new("naive", format!("first-{}", kept.len()));
            bench_set(&mut group, id, kept.len(), || {
                solve_all(&mut naive, &kept, limits)
            });
            // DLX on the same puzzles, for the ratio.
            let id = BenchmarkId::new("dlx", format!("first-{}", kept.len()));
            bench_set(&mut group, id, kept.len(), || {
                solve_all(&mut ours, &kept, Limits::none())
            });
        }
        group.finish();
    }
}

// ---------------------------------------------------------------------------
// 16x16 and 25x25
// ---------------------------------------------------------------------------

fn bench_big(c: &mut Criterion, group_name: &str, file: &str, side: usize, take: usize) {
    let grids = load(
        &manifest_dir().join("puzzles/sudoku").join(file),
        side,
        take,
    );
    let n = grids.len();
    let mut group = c.benchmark_group(group_name);
    configure(&mut group);

    let mut ours = DlxSudoku::new();
    verified_ours(&format!("dlx on {file}"), &mut ours, &grids, Limits::none());
    bench_set(
        &mut group,
        BenchmarkId::new("dlx", format!("first-{n}")),
        n,
        || solve_all(&mut ours, &grids, Limits::none()),
    );

    let limits = Limits::none().with_max_nodes(Some(BITMASK_BIG_BUDGET));
    let mut bitmask = BitmaskSudoku::new();
    let kept = verified_ours(&format!("bitmask on {file}"), &mut bitmask, &grids, limits);
    eprintln!(
        "note: {group_name}: bitmask solves {} of the first {n} puzzles of {file} within {BITMASK_BIG_BUDGET} nodes",
        kept.len()
    );
    if !kept.is_empty() {
        let subset = format!("bitmask-finishes-{}", kept.len());
        bench_set(
            &mut group,
            BenchmarkId::new("bitmask", &subset),
            kept.len(),
            || solve_all(&mut bitmask, &kept, limits),
        );
        bench_set(
            &mut group,
            BenchmarkId::new("dlx", &subset),
            kept.len(),
            || solve_all(&mut ours, &kept, Limits::none()),
        );
    }
    group.finish();
}

fn bench_sudoku16(c: &mut Criterion) {
    bench_big(c, "sudoku16", "16x16-100.txt", 16, 20);
}

fn bench_sudoku25(c: &mut Criterion) {
    bench_big(c, "sudoku25", "25x25-20.txt", 25, 3);
}

// ---------------------------------------------------------------------------
// Sudominoku
// ---------------------------------------------------------------------------

fn bench_sudominoku(c: &mut Criterion) {
    let path = manifest_dir().join("puzzles/sudominoku/generated-100.txt");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let puzzles: Vec<sudominoku::Puzzle> = sudominoku::parse(&text)
        .records
        .into_iter()
        .map(|r| {
            r.puzzle
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        })
        .collect();
    let n = puzzles.len();
    let check = |p: &sudominoku::Puzzle, g: &Grid| Ok(sudominoku::verify(p, g)?);
    let mut group = c.benchmark_group("sudominoku");
    configure(&mut group);

    let mut dlx = DlxSudominoku::new();
    verified(
        "dlx on sudominoku",
        &puzzles,
        |p| answer(dlx.solve(p, Limits::none())),
        check,
    );
    bench_set(
        &mut group,
        BenchmarkId::new("dlx", "generated-100"),
        n,
        || {
            puzzles
                .iter()
                .map(|p| dlx.solve(black_box(p), Limits::none()).count)
                .sum::<u64>()
        },
    );

    let mut naive = NaiveSudominoku::new();
    let limits = Limits::none().with_max_nodes(Some(NAIVE_NODE_BUDGET));
    let kept = verified(
        "naive on sudominoku",
        &puzzles,
        |p| answer(naive.solve(p, limits)),
        check,
    );
    assert_eq!(
        kept.len(),
        n,
        "naive Sudominoku exceeded {NAIVE_NODE_BUDGET} nodes on some puzzle"
    );
    bench_set(
        &mut group,
        BenchmarkId::new("naive", "generated-100"),
        n,
        || {
            puzzles
                .iter()
                .map(|p| naive.solve(black_box(p), limits).count)
                .sum::<u64>()
        },
    );
    group.finish();
}

criterion_group!(
    benches,
    bench_sudoku9,
    bench_sudoku16,
    bench_sudoku25,
    bench_sudominoku
);
criterion_main!(benches);
