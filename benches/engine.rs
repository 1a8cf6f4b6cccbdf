//! Engine benchmarks: counting every solution of classic exact-cover problems
//! on one thread, the same for Knuth's colours and multiplicities (groups
//! `xcc` and `mcc`: the benchmark half of `problems::knuth_text::family`,
//! whose counts by Knuth's own programs are in `tests/data/knuth_counts.tsv`),
//! the cost of `reset` + `select`, one cover/undo cycle of a 9x9 Sudoku
//! given, and the same counts done by the `dlx` crate (0.8,
//! `unsafe-fast-index`) as a yardstick. With `--features dancing-cells`,
//! the same with the sparse-set `CellsSolver` ("dancing cells", ids
//! `cells/...`).
//!
//! Run with `cargo bench --bench engine`; see `benches/README.md`.

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, SamplingMode};
#[cfg(feature = "dancing-cells")]
use dlx_engine::exact_cover::{CellsSolver, OptionOrder};
use dlx_engine::exact_cover::{End, ItemKind, Limits, Problem, Solver};
use dlx_engine::problems::{langford_pairs, n_queens, polyomino_packing, PENTOMINOES};
use dlx_engine::puzzles::sudoku;

/// A named workload and its published number of solutions.
struct Workload {
    name: &'static str,
    problem: Problem,
    solutions: u64,
    /// Slow enough (about a second) to need few, flat samples.
    slow: bool,
}

fn workloads() -> Vec<Workload> {
    vec![
        Workload {
            name: "10-queens",
            problem: n_queens(10),
            solutions: 724,
            slow: false,
        },
        Workload {
            name: "13-queens",
            problem: n_queens(13),
            solutions: 73_712,
            slow: true,
        },
        Workload {
            name: "langford-12",
            problem: langford_pairs(12),
            // 108 144 up to reversal; the problem counts both mirror images.
            solutions: 216_288,
            slow: true,
        },
        Workload {
            name: "pentominoes-6x10",
            problem: polyomino_packing(6, 10, &PENTOMINOES),
            solutions: 9_356,
            slow: true,
        },
    ]
}

fn configure(group: &mut BenchmarkGroup<'_, WallTime>, slow: bool) {
    if slow {
        group.sample_size(10);
        group.sampling_mode(SamplingMode::Flat);
    } else {
        group.sample_size(30);
    }
}

fn count_ours(solver: &mut Solver) -> u64 {
    let report = solver.count(Limits::none());
    debug_assert_eq!(report.end, End::Exhausted);
    report.solutions
}

#[cfg(feature = "dancing-cells")]
fn count_cells(solver: &mut CellsSolver) -> u64 {
    let report = solver.count(Limits::none());
    debug_assert_eq!(report.end, End::Exhausted);
    report.solutions
}

/// DLX, then (with the `dancing-cells` feature) cells in problem order, as
/// DLX, then cells in Knuth's segment order (`cells-segment/...`: no sort at
/// each level; the same tree when counting all solutions) on each workload,
/// back to back, so they are measured close together in time.
fn bench_count(c: &mut Criterion) {
    for w in workloads() {
        let matrix = w.problem.compile().expect("problem compiles");
        let mut solver = Solver::new(&matrix);
        assert_eq!(count_ours(&mut solver), w.solutions, "{}", w.name);
        let mut group = c.benchmark_group("count");
        configure(&mut group, w.slow);
        group.bench_function(w.name, |b| b.iter(|| black_box(count_ours(&mut solver))));
        #[cfg(feature = "dancing-cells")]
        for (id, order) in [
            ("cells", OptionOrder::Ascending),
            ("cells-segment", OptionOrder::Segment),
        ] {
            let mut cells = CellsSolver::with_order(&matrix, order);
            assert_eq!(count_cells(&mut cells), w.solutions, "{id}, {}", w.name);
            group.bench_function(format!("{id}/{}", w.name), |b| {
                b.iter(|| black_box(count_cells(&mut cells)))
            });
        }
        group.finish();
    }
}

/// Counting every solution of the benchmark instances of Knuth's family
/// with colours (group `xcc`) and bounds (group `mcc`), read from their text
/// in Knuth's format as `dlx solve` reads it. Each takes Knuth's fastest
/// program 0.5 to 2 s, so few, flat samples.
fn bench_family(c: &mut Criterion) {
    use dlx_engine::exact_cover::knuth_format;
    use dlx_engine::problems::knuth_text::{family, Format, Size};
    for instance in family().into_iter().filter(|i| i.size == Size::Bench) {
        let group_name = match instance.format {
            Format::Xc => continue,
            Format::Xcc => "xcc",
            Format::Mcc => "mcc",
        };
        let xc = knuth_format::parse(&instance.text, &instance.name).expect("the family parses");
        let matrix = xc.problem.compile().expect("problem compiles");
        let mut solver = Solver::new(&matrix);
        let mut group = c.benchmark_group(group_name);
        configure(&mut group, true);
        group.bench_function(&instance.name, |b| {
            b.iter(|| black_box(count_ours(&mut solver)))
        });
        group.finish();
    }
}

/// The engine's basic move and its undo: pre-select one 9x9 Sudoku option
/// (covering its four items: 87 link updates on the fresh
/// arena) and `reset`, which for so little work replays the trail instead of
/// copying the arena. The cells solver does the same with its sparse sets.
fn bench_cover_undo(c: &mut Criterion) {
    let matrix = sudoku::encoding::matrix(3);
    // Digit 5 in the centre cell: its columns are as full as any.
    let option = sudoku::encoding::option(9, 4, 4, 4);
    let lengths =
        |len: &mut dyn FnMut(usize) -> usize| (0..matrix.items()).map(len).collect::<Vec<_>>();
    let mut solver = Solver::new(matrix);
    let fresh = lengths(&mut |i| solver.item_len(i));
    solver.select(option).expect("one given never clashes");
    assert_eq!(solver.item_len(sudoku::encoding::cell_item(9, 4, 4)), 0);
    solver.reset();
    assert_eq!(
        lengths(&mut |i| solver.item_len(i)),
        fresh,
        "reset restores every column"
    );
    c.bench_function("cover_undo/sudoku9-one-given", |b| {
        b.iter(|| {
            solver
                .select(black_box(option))
                .expect("one given never clashes");
            solver.reset();
        })
    });
    assert_eq!(
        lengths(&mut |i| solver.item_len(i)),
        fresh,
        "after the timed cycles too"
    );
    #[cfg(feature = "dancing-cells")]
    let mut cells = CellsSolver::new(matrix);
    #[cfg(feature = "dancing-cells")]
    c.bench_function("cover_undo/cells/sudoku9-one-given", |b| {
        b.iter(|| {
            cells
                .select(black_box(option))
                .expect("one given never clashes");
            cells.reset();
        })
    });
}

fn bench_reset_select(c: &mut Criterion) {
    let matrix = n_queens(8).compile().expect("problem compiles");
    let mut solver = Solver::new(&matrix);
    // Queens on (0,0), (1,2) and (2,4): option i*8+j, mutually compatible.
    let options = [0, 10, 20];
    for &o in &options {
        solver.select(o).expect("compatible options");
    }
    solver.reset();
    c.bench_function("reset_select/8-queens-3-givens", |b| {
        b.iter(|| {
            for &o in &options {
                solver.select(black_box(o)).expect("compatible options");
            }
            solver.reset();
        })
    });
    #[cfg(feature = "dancing-cells")]
    let mut cells = CellsSolver::new(&matrix);
    #[cfg(feature = "dancing-cells")]
    c.bench_function("reset_select/cells/8-queens-3-givens", |b| {
        b.iter(|| {
            for &o in &options {
                cells.select(black_box(o)).expect("compatible options");
            }
            cells.reset();
        })
    });
}

/// The same problem for the `dlx` crate: primary items first, in our order
/// (so both engines break MRV ties alike and walk the same search tree), then
/// the secondary items.
fn to_peer(problem: &Problem) -> dlx::x::Problem {
    let items = problem.items();
    let primaries = items.iter().filter(|i| i.kind == ItemKind::Primary).count();
    let mut index = vec![0 as dlx::Uint; items.len()];
    let (mut next_primary, mut next_secondary) = (0, primaries);
    for (k, item) in items.iter().enumerate() {
        let slot = if item.kind == ItemKind::Primary {
            &mut next_primary
        } else {
            &mut next_secondary
        };
        index[k] = *slot as dlx::Uint;
        *slot += 1;
    }
    let options: Vec<Vec<dlx::Uint>> = (0..problem.options())
        .map(|k| problem.option(k).map(|i| index[i]).collect())
        .collect();
    dlx::x::make_problem(
        primaries as dlx::Uint,
        (items.len() - primaries) as dlx::Uint,
        &options,
        dlx::OptOrder::Seq,
    )
}

fn count_peer(problem: &mut dlx::x::Problem) -> u64 {
    use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
    // The crate's own MRV: the first item of minimal length, in item order.
    let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
    let mut solver = dlx::Solver::new(problem);
    let mut solutions = 0;
    while solver.next_solution(&mut chooser) {
        solutions += 1;
    }
    solutions
}

fn bench_peers(c: &mut Criterion) {
    for w in workloads() {
        let mut peer = to_peer(&w.problem);
        assert_eq!(count_peer(&mut peer), w.solutions, "dlx crate, {}", w.name);
        let mut group = c.benchmark_group("peers");
        configure(&mut group, w.slow);
        group.bench_function(format!("dlx-0.8/{}", w.name), |b| {
            b.iter(|| black_box(count_peer(&mut peer)))
        });
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    targets = bench_count, bench_family, bench_cover_undo, bench_reset_select, bench_peers
}
criterion_main!(benches);
