//! The sparse-set solver (`CellsSolver`, "dancing cells") against the
//! dancing-links `Solver`: same counts, same search tree, same answers, same
//! limits and reset behaviour.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

use super::*;
use crate::exact_cover::{verify, End, ItemKind, Limits, Problem, Report, Solver};
use crate::problems::{knuth_example, langford_pairs, n_queens, polyomino_packing, PENTOMINOES};
use crate::puzzles::sudoku::{encoding, samples, Grid};

/// A random small problem: item kinds (true = primary, three in four) and
/// options as sets of 1 to 4 items, with up to `max_items` items and
/// `max_options` options. (The integration tests' `common::problems`,
/// which this crate's unit tests cannot reach.)
fn problems(
    max_items: usize,
    max_options: usize,
) -> impl Strategy<Value = (Vec<bool>, Vec<Vec<usize>>)> {
    (1usize..=max_items).prop_flat_map(move |items| {
        let kinds = proptest::collection::vec(proptest::bool::weighted(0.75), items);
        let options = proptest::collection::vec(
            proptest::collection::btree_set(0..items, 1..=items.min(4)),
            0..=max_options,
        );
        (kinds, options).prop_map(|(kinds, options)| {
            let options = options
                .into_iter()
                .map(|s| s.into_iter().collect())
                .collect();
            (kinds, options)
        })
    })
}

/// The problem of `kinds` and `options`, without the options the builder
/// refuses (an option of secondary items only).
fn build(kinds: &[bool], options: &[Vec<usize>]) -> Problem {
    let mut p = Problem::new();
    for (k, &primary) in kinds.iter().enumerate() {
        let kind = if primary {
            ItemKind::Primary
        } else {
            ItemKind::Secondary
        };
        p.add_item(format!("i{k}"), kind).unwrap();
    }
    for o in options {
        let _ = p.add_option(o);
    }
    p
}

/// Every solution of a search, in the order visited, plus its report.
fn all_dlx(m: &Matrix) -> (Vec<Vec<usize>>, Report) {
    let mut found = Vec::new();
    let r = Solver::new(m).search(Limits::none(), |s| {
        found.push(s.to_vec());
        ControlFlow::Continue(())
    });
    (found, r)
}

fn all_cells(m: &Matrix, order: OptionOrder) -> (Vec<Vec<usize>>, Report) {
    let mut found = Vec::new();
    let r = CellsSolver::with_order(m, order).search(Limits::none(), |s| {
        found.push(s.to_vec());
        ControlFlow::Continue(())
    });
    (found, r)
}

/// Pentominoes F, L, P, U, V, Y in a 5x6 box: small but with a real search.
fn small_packing() -> Problem {
    let pieces: Vec<(&str, &str)> = PENTOMINOES
        .iter()
        .filter(|(n, _)| ["F", "L", "P", "U", "V", "Y"].contains(n))
        .copied()
        .collect();
    polyomino_packing(5, 6, &pieces)
}

/// Problems, their published (or DLX's) solution counts.
fn cases() -> Vec<(&'static str, Problem, u64)> {
    vec![
        ("knuth", knuth_example(), 1),
        ("6-queens", n_queens(6), 4),
        ("8-queens", n_queens(8), 92),
        ("10-queens", n_queens(10), 724),
        ("langford-7", langford_pairs(7), 52),
        ("langford-8", langford_pairs(8), 300),
        ("packing-5x6", small_packing(), u64::MAX),
    ]
}

#[test]
fn counts_and_work_match_dlx() {
    for (name, p, published) in cases() {
        let m = p.compile().unwrap();
        let (dlx_solutions, dlx) = all_dlx(&m);
        if published != u64::MAX {
            assert_eq!(dlx.solutions, published, "{name}");
        }
        assert!(dlx.solutions > 0, "{name}: a case with solutions");
        assert_eq!(dlx.end, End::Exhausted);

        // Ascending order: the very same tree, solutions in the same order.
        let (solutions, r) = all_cells(&m, OptionOrder::Ascending);
        assert_eq!(r, dlx, "{name}: report (solutions, end, nodes, updates)");
        assert_eq!(solutions, dlx_solutions, "{name}: solutions in DLX order");

        // Knuth's segment order: the same tree up to the order of siblings,
        // so the same totals; the same solutions as a set.
        let (mut solutions, r) = all_cells(&m, OptionOrder::Segment);
        assert_eq!(r, dlx, "{name}: segment order, report");
        for s in &solutions {
            verify(&p, s).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        let mut expected = dlx_solutions.clone();
        for s in solutions.iter_mut().chain(expected.iter_mut()) {
            s.sort_unstable();
        }
        solutions.sort();
        expected.sort();
        assert_eq!(solutions, expected, "{name}: same solutions");
    }
}

#[test]
fn first_solution_matches_dlx_and_verifies() {
    for (name, p, _) in cases() {
        let m = p.compile().unwrap();
        let dlx = Solver::new(&m).first_solution().unwrap();
        let mut cells = CellsSolver::new(&m);
        let first = cells.first_solution().unwrap();
        assert_eq!(first, dlx, "{name}");
        verify(&p, &first).unwrap();
        // Again after a reset, and again without one (the search unwinds).
        cells.reset();
        assert_eq!(cells.first_solution().unwrap(), dlx, "{name}, after reset");
        assert_eq!(cells.first_solution().unwrap(), dlx, "{name}, no reset");
        let mut segment = CellsSolver::with_order(&m, OptionOrder::Segment);
        verify(&p, &segment.first_solution().unwrap()).unwrap();
    }
}

/// Solves a 9x9 puzzle given as a line with either solver (they share the
/// API, not a trait): givens selected, up to 2 solutions. Gives the
/// solution grids (as lines) and the report.
macro_rules! sudoku {
    ($solver:expr, $line:expr) => {{
        let puzzle = Grid::from_line($line).unwrap();
        for option in given_options(&puzzle) {
            assert!($solver.select(option).is_ok(), "givens do not clash");
        }
        let mut found = Vec::new();
        let report = $solver.search(Limits::solutions(2), |options| {
            found.push(options.to_vec());
            ControlFlow::Continue(())
        });
        (solution_lines(&puzzle, &found), report)
    }};
}

/// The options of the givens of `puzzle`.
fn given_options(puzzle: &Grid) -> Vec<usize> {
    let side = puzzle.side();
    let cells = puzzle.cells().iter().enumerate();
    cells
        .filter(|&(_, &v)| v != 0)
        .map(|(k, &v)| encoding::option(side, k / side, k % side, v as usize - 1))
        .collect()
}

/// The grids of `solutions` of `puzzle` as lines, each checked.
fn solution_lines(puzzle: &Grid, solutions: &[Vec<usize>]) -> Vec<String> {
    let side = puzzle.side();
    solutions
        .iter()
        .map(|options| {
            let mut g = puzzle.clone();
            for &o in options {
                let (r, c, d) = encoding::decode(side, o);
                g.set(r, c, d as u8 + 1);
            }
            g.check_solution(puzzle).unwrap();
            g.to_line()
        })
        .collect()
}

#[test]
fn sudoku_samples_solve_like_dlx() {
    let m = encoding::matrix(3);
    let mut dlx = Solver::new(m);
    let mut cells = CellsSolver::new(m);
    let mut segment = CellsSolver::with_order(m, OptionOrder::Segment);
    for (line, solution) in [
        (samples::EASY, samples::EASY_SOLUTION),
        (samples::HARD, samples::HARD_SOLUTION),
        (samples::EASY, samples::EASY_SOLUTION),
    ] {
        dlx.reset();
        let expected = sudoku!(dlx, line);
        assert_eq!(expected.0, vec![solution.to_string()]);
        assert_eq!(expected.1.end, End::Exhausted);
        for (c, same_nodes) in [(&mut cells, true), (&mut segment, false)] {
            c.reset();
            let got = sudoku!(c, line);
            assert_eq!(got.0, expected.0);
            assert_eq!(got.1.end, End::Exhausted);
            if same_nodes {
                assert_eq!(got.1, expected.1, "ascending order: the DLX tree");
                assert_eq!(
                    c.link_updates(),
                    dlx.link_updates(),
                    "givens and search, as DLX counts them"
                );
            }
        }
    }
}

/// `select_all` stops at the first clash like DLX's, keeping the options
/// before it, and the two then count alike.
#[test]
fn select_all_stops_at_the_first_clash_like_dlx() {
    let m = n_queens(8).compile().unwrap();
    let mut dlx = Solver::new(&m);
    let mut cells = CellsSolver::new(&m);
    // Queens at (0,0) and (1,2); (0,5) shares row 0; (7,7) is never reached.
    let givens = [0, 10, 5, 63];
    let clash = cells.select_all(givens).unwrap_err();
    assert_eq!(clash, dlx.select_all(givens).unwrap_err());
    assert_eq!(clash.option, 5);
    assert_eq!(cells.selected().collect::<Vec<_>>(), [0, 10]);
    assert_eq!(cells.count(Limits::none()), dlx.count(Limits::none()));
}

#[test]
fn select_conflicts_like_dlx_and_change_nothing() {
    let m = n_queens(8).compile().unwrap();
    let mut dlx = Solver::new(&m);
    let mut cells = CellsSolver::new(&m);
    // Queen at (0,0) is option 0; (0,5) shares row 0, (3,3) the diagonal.
    for o in [0, 10] {
        dlx.select(o).unwrap();
        cells.select(o).unwrap();
    }
    let lens = |c: &mut CellsSolver| (0..m.items()).map(|i| c.item_len(i)).collect::<Vec<_>>();
    let before = lens(&mut cells);
    assert_eq!(
        before,
        (0..m.items()).map(|i| dlx.item_len(i)).collect::<Vec<_>>()
    );
    for o in [5, 27, 0] {
        let e = cells.select(o).unwrap_err();
        assert_eq!(e, dlx.select(o).unwrap_err());
        assert_eq!(e.option, o);
        assert_eq!(lens(&mut cells), before, "a failed select changes nothing");
    }
    assert_eq!(cells.selected().collect::<Vec<_>>(), vec![0, 10]);
    assert!(!cells.is_complete());
    assert_eq!(cells.count(Limits::none()), dlx.count(Limits::none()));
}

#[test]
fn selecting_a_whole_solution_completes() {
    let p = knuth_example();
    let m = p.compile().unwrap();
    let mut cells = CellsSolver::new(&m);
    for o in [0, 3, 4] {
        cells.select(o).unwrap();
    }
    assert!(cells.is_complete());
    assert!((0..m.items()).all(|i| cells.item_len(i) == 0));
    let r = cells.search(Limits::none(), |s| {
        assert_eq!(s, [0, 3, 4]);
        ControlFlow::Continue(())
    });
    assert_eq!((r.solutions, r.stats.nodes), (1, 0));
}

#[test]
fn limits_stop_the_search() {
    let m = n_queens(10).compile().unwrap();
    let mut cells = CellsSolver::new(&m);
    let r = cells.count(Limits::none().with_max_nodes(Some(500)));
    assert_eq!((r.end, r.stats.nodes), (End::NodeLimit, 500));
    assert!(r.end.is_limit());
    assert_eq!(
        r,
        Solver::new(&m).count(Limits::none().with_max_nodes(Some(500)))
    );

    let past = Instant::now();
    let r = cells.count(Limits::none().with_deadline(Some(past)));
    assert_eq!((r.end, r.stats.nodes), (End::TimeLimit, 0));

    let r = cells.count(Limits::solutions(10));
    assert_eq!((r.end, r.solutions), (End::Stopped, 10));
    let r = cells.count(Limits::solutions(0));
    assert_eq!((r.end, r.solutions), (End::Stopped, 0));

    let later = Instant::now() + Duration::from_secs(3600);
    let r = cells.count(Limits::none().with_deadline(Some(later)));
    assert_eq!((r.end, r.solutions), (End::Exhausted, 724));
}

#[test]
fn reset_after_a_stopped_search_gives_the_same_results() {
    let m = langford_pairs(8).compile().unwrap();
    let full = Solver::new(&m).count(Limits::none());
    let first = Solver::new(&m).first_solution();
    for order in [OptionOrder::Ascending, OptionOrder::Segment] {
        let mut cells = CellsSolver::with_order(&m, order);
        let fresh = cells.count(Limits::none());
        assert_eq!(fresh, full);
        // In segment order a search leaves the segments permuted, so the
        // first solution is only reproducible from a reset.
        cells.reset();
        let fresh_first = cells.first_solution();
        for budget in [1, 7, 100, 1000] {
            cells.reset();
            cells.select(3).unwrap();
            let limited = Limits::none().with_max_nodes(Some(budget));
            let r = cells.count(limited);
            let mut dlx = Solver::new(&m);
            dlx.select(3).unwrap();
            assert_eq!(r.stats.nodes, dlx.count(limited).stats.nodes);
            assert!(r.end == End::NodeLimit || budget == 1000, "{budget}");
            cells.reset();
            assert_eq!(cells.count(Limits::none()), full, "{order:?}, {budget}");
            cells.reset();
            assert_eq!(cells.first_solution(), fresh_first, "{order:?}");
            // Stopped mid-search, then a new search without a reset.
            cells.count(Limits::none().with_max_nodes(Some(budget)));
            assert_eq!(cells.count(Limits::none()).solutions, full.solutions);
        }
        if order == OptionOrder::Ascending {
            assert_eq!(fresh_first, first);
        }
    }
}

#[test]
fn select_after_a_stopped_search_matches_dlx() {
    let m = n_queens(8).compile().unwrap();
    let mut dlx = Solver::new(&m);
    let mut cells = CellsSolver::new(&m);
    dlx.count(Limits::none().with_max_nodes(Some(50)));
    cells.count(Limits::none().with_max_nodes(Some(50)));
    dlx.select(1).unwrap();
    cells.select(1).unwrap();
    assert_eq!(cells.count(Limits::none()), dlx.count(Limits::none()));
}

proptest! {
    // The failures found are kept beside this file (read back first).
    #![proptest_config(ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..ProptestConfig::with_cases(300)
    })]

    /// On random problems, with a random given, both solvers visit the same
    /// solutions in the same order with the same work, and a node budget
    /// stops both at the same place.
    #[test]
    fn random_problems_match_dlx(
        (kinds, options) in problems(8, 16),
        given in 0usize..16,
        budget in 0u64..20,
    ) {
        let p = build(&kinds, &options);
        let m = p.compile().unwrap();
        let mut dlx = Solver::new(&m);
        let mut cells = CellsSolver::new(&m);
        if p.options() > 0 {
            let o = given % p.options();
            prop_assert_eq!(cells.select(o), dlx.select(o));
        }
        let limited = Limits::none().with_max_nodes(Some(budget));
        prop_assert_eq!(cells.count(limited), dlx.count(limited));
        let (mut a, mut b) = (Vec::new(), Vec::new());
        let ra = dlx.search(Limits::none(), |s| { a.push(s.to_vec()); ControlFlow::Continue(()) });
        let rb = cells.search(Limits::none(), |s| { b.push(s.to_vec()); ControlFlow::Continue(()) });
        prop_assert_eq!(ra, rb);
        prop_assert_eq!(&a, &b);
        for s in &b {
            prop_assert!(verify(&p, s).is_ok());
        }
        for i in 0..m.items() {
            prop_assert_eq!(cells.item_len(i), dlx.item_len(i));
        }
        prop_assert_eq!(cells.is_complete(), dlx.is_complete());
    }
}

#[test]
fn layout_segments() {
    let m = crate::problems::knuth_example().compile().unwrap();
    let l = Layout::new(&m);
    let shape = &m.shape;
    for x in 0..l.meta.len() {
        assert_eq!(l.set[l.meta[x].loc as usize], x as u32);
    }
    for i in 1..l.start.len() {
        let seg = &l.set[l.start[i] as usize..][..(l.len[i] & SIZE) as usize];
        assert!(seg.windows(2).all(|w| w[0] < w[1]));
        assert!(seg.iter().all(|&x| l.meta[x as usize].item == i as u32));
    }
    assert_eq!(l.meta.len(), shape.option_slots.len());
}

/// The link updates of a search whose visitor panics still count: the
/// cells solver (in ascending order, the same updates as DLX) agrees with
/// the DLX solver after the same panic.
#[test]
fn link_updates_count_the_search_a_visitor_panic_ended() {
    let matrix = n_queens(8).compile().unwrap();
    use std::panic::{catch_unwind, AssertUnwindSafe};
    let mut dlx = Solver::new(&matrix);
    let mut cells = CellsSolver::new(&matrix);
    let panic_at_third = || {
        let mut seen = 0;
        move |_: &[usize]| {
            seen += 1;
            assert!(seen < 3, "the caller's visitor fails");
            ControlFlow::Continue(())
        }
    };
    let caught = catch_unwind(AssertUnwindSafe(|| {
        dlx.search(Limits::none(), panic_at_third())
    }));
    assert!(caught.is_err());
    let caught = catch_unwind(AssertUnwindSafe(|| {
        cells.search(Limits::none(), panic_at_third())
    }));
    assert!(caught.is_err());
    assert!(dlx.link_updates() > 0);
    assert_eq!(cells.link_updates(), dlx.link_updates());
}
