use super::*;
use crate::problems::{knuth_example, langford_pairs, n_queens};

fn report(p: &crate::exact_cover::Problem, limits: Limits) -> Report {
    Solver::new(&p.compile().unwrap()).count(limits)
}

/// Nodes and updates as the first (linked-list MRV, three link vectors)
/// implementation counted them: layout changes must not change the work.
#[test]
fn stats_match_the_reference_implementation() {
    let cases = [
        (knuth_example(), 1, 5, 17),
        (n_queens(8), 92, 1222, 16659),
        (langford_pairs(8), 300, 2788, 29176),
    ];
    for (p, solutions, nodes, updates) in cases {
        let r = report(&p, Limits::none());
        assert_eq!(r.solutions, solutions);
        assert_eq!(r.end, End::Exhausted);
        assert_eq!((r.stats.nodes, r.stats.updates), (nodes, updates));
    }
}

/// The queries describe the selections, not the levels of a search
/// that stopped at a solution (which, left in place, cover every item).
#[test]
fn queries_after_a_stopped_search_see_the_selections() {
    let m = knuth_example().compile().unwrap();
    let mut s = Solver::new(&m);
    let fresh: Vec<usize> = (0..m.items()).map(|i| s.item_len(i)).collect();
    assert!(s.first_solution().is_some());
    assert!(!s.is_complete());
    assert_eq!(
        (0..m.items()).map(|i| s.item_len(i)).collect::<Vec<_>>(),
        fresh
    );
    // With a whole solution selected, it is complete.
    for o in [0, 3, 4] {
        s.select(o).unwrap();
    }
    assert!(s.is_complete());
    assert_eq!(s.count(Limits::solutions(1)).end, End::Stopped);
    assert!(s.is_complete());
}

/// `{:?}` shows sizes and selections, not the whole arena.
#[test]
fn debug_output_is_a_summary() {
    let m = crate::puzzles::sudoku::encoding::matrix(3);
    let mut s = Solver::new(m);
    s.select(0).unwrap();
    // Nodes: the root, 324 headers, 729 options of 4 and 730 spacers.
    let nodes = 1 + 324 + 729 * 4 + 730;
    assert_eq!(
        format!("{s:?}"),
        format!(
            "Solver {{ matrix: Matrix {{ items: 324, primary_items: 324, options: 729, \
                 nodes: {nodes} }}, selected: [0], search_depth: 0, .. }}"
        )
    );
}

/// The builders take a plain value, an `Option` or `None`, and each
/// sets only its own field.
#[test]
fn limit_builders_set_one_field_each() {
    let l = Limits::solutions(3).with_max_nodes(100);
    assert_eq!(
        (l.max_solutions, l.max_nodes, l.deadline),
        (Some(3), Some(100), None)
    );
    assert_eq!(l.with_max_nodes(None).max_nodes, None);
    assert_eq!(l.with_max_nodes(Some(7)).max_nodes, Some(7));
    assert_eq!(l.with_max_solutions(None).max_solutions, None);
    assert_eq!(
        l.with_max_solutions(9),
        Limits::solutions(9).with_max_nodes(100)
    );
    let before = Instant::now();
    let timed = l.with_timeout(std::time::Duration::from_secs(60));
    let deadline = timed.deadline.expect("with_timeout sets a deadline");
    assert!(deadline >= before + std::time::Duration::from_secs(60));
    assert_eq!(timed.with_deadline(None), l);
    assert_eq!(l.with_timeout(std::time::Duration::MAX), l, "no deadline");
    assert_eq!(l.with_deadline(before).deadline, Some(before));
}

#[test]
#[should_panic(expected = "option 6 out of range: the matrix has 6 options")]
fn selecting_an_option_out_of_range_says_so() {
    let m = knuth_example().compile().unwrap();
    let _ = Solver::new(&m).select(6);
}

#[test]
#[should_panic(expected = "item 7 out of range: the matrix has 7 items")]
fn an_item_out_of_range_says_so() {
    let m = knuth_example().compile().unwrap();
    Solver::new(&m).item_len(7);
}

#[test]
fn a_past_deadline_stops_the_search() {
    let m = n_queens(10).compile().unwrap();
    // A raised cancel flag wins over a deadline, and is read before
    // the first node even without one.
    static RAISED: AtomicBool = AtomicBool::new(true);
    let cancelled = Limits::none().with_cancel(Cancel::new(&RAISED));
    let r = Solver::new(&m).count(cancelled.with_deadline(Instant::now()));
    assert_eq!((r.end, r.stats.nodes), (End::Cancelled, 0));
    let r = crate::exact_cover::CellsSolver::new(&m).count(cancelled);
    assert_eq!((r.end, r.stats.nodes), (End::Cancelled, 0));
    assert_eq!(cancelled, Limits::none().with_cancel(Cancel::new(&RAISED)));
    assert_ne!(cancelled, Limits::none());
    assert_eq!(cancelled.with_cancel(None), Limits::none());
    let past = Instant::now();
    let r = Solver::new(&m).count(Limits::none().with_deadline(Some(past)));
    assert_eq!(r.end, End::TimeLimit);
    assert_eq!(r.stats.nodes, 0, "the clock is read before the first node");
    let r = Solver::new(&m)
        .count(Limits::none().with_deadline(Some(past + std::time::Duration::from_secs(3600))));
    assert_eq!((r.end, r.solutions), (End::Exhausted, 724));
}

/// `select` leaves the count of empty columns to be redone when the
/// search starts; a given that empties a column must still end the
/// search at once (and the debug assertion in the loop checks the count).
#[test]
fn a_given_that_empties_a_column_is_a_dead_end() {
    let mut p = crate::exact_cover::Problem::new();
    for name in ["a", "b", "c"] {
        p.add_primary(name).unwrap();
    }
    p.add_option_by_name(["a", "b"]).unwrap();
    p.add_option_by_name(["b", "c"]).unwrap();
    p.add_option_by_name(["c"]).unwrap();
    let m = p.compile().unwrap();
    let mut s = Solver::new(&m);
    assert_eq!(s.count(Limits::none()).solutions, 1);
    s.reset();
    s.select(1).unwrap(); // {b, c}: a is left with no option
    let r = s.count(Limits::none());
    assert_eq!((r.solutions, r.stats.nodes, r.end), (0, 0, End::Exhausted));
    s.reset();
    s.select(0).unwrap();
    assert_eq!(s.count(Limits::none()).solutions, 1);
}

/// `select_all` is `select` in a loop: same arena, same selection, and
/// at a clash the same `Conflict`, with the options before it kept.
#[test]
fn select_all_is_select_one_by_one() {
    let m = n_queens(8).compile().unwrap();
    // Option i * 8 + j places a queen at row i, column j: 0, 10 and 20
    // attack nothing of each other; 8 (row 1, column 0) shares column 0
    // with 0.
    let mut one_by_one = Solver::new(&m);
    for option in [0, 10, 20] {
        one_by_one.select(option).unwrap();
    }
    let mut batch = Solver::new(&m);
    batch.select_all([0, 10, 20]).unwrap();
    assert!(batch.links.same_state(&one_by_one.links));
    assert_eq!(batch.selected().collect::<Vec<_>>(), [0, 10, 20]);
    assert_eq!(batch.first_solution(), one_by_one.first_solution());

    let mut clash = Solver::new(&m);
    let conflict = clash.select_all([0, 10, 8, 20]).unwrap_err();
    assert_eq!(conflict, one_by_one_conflict(&m, &[0, 10], 8));
    assert_eq!(clash.selected().collect::<Vec<_>>(), [0, 10]);
}

/// `link_updates` counts what `select` and `search` took out of
/// columns since the last reset: 87 for one 9x9 Sudoku given in the
/// centre (27 + 24 + 24 + 12 options' nodes), plus the search's own.
#[test]
fn link_updates_count_the_givens_and_the_search() {
    use crate::puzzles::sudoku::encoding;
    let mut s = Solver::new(encoding::matrix(3));
    assert_eq!(s.link_updates(), 0);
    s.select(encoding::option(9, 4, 4, 4)).unwrap();
    assert_eq!(s.link_updates(), 87);
    let r = s.count(Limits::solutions(1));
    assert_eq!(s.link_updates(), 87 + r.stats.updates);
    s.reset();
    assert_eq!(s.link_updates(), 0);
}

fn one_by_one_conflict(m: &Matrix, before: &[usize], option: usize) -> Conflict {
    let mut s = Solver::new(m);
    for &o in before {
        s.select(o).unwrap();
    }
    s.select(option).unwrap_err()
}

/// Replaying the trail undoes a search stopped anywhere (by a node
/// budget mid-level, or at a solution deep in the tree) back to exactly
/// the starting arena: links, lengths, counters and an empty trail.
#[test]
fn unwinding_by_the_trail_restores_the_starting_arena() {
    for p in [n_queens(8), langford_pairs(7), knuth_example()] {
        let m = p.compile().unwrap();
        let template = &m.shape.links;
        for budget in (0..400).step_by(7) {
            let mut s = Solver::new(&m);
            s.count(Limits::none().with_max_nodes(Some(budget)));
            s.unwind_search();
            assert!(s.links.same_state(template), "after {budget} nodes");
        }
        for solutions in 1..5 {
            let mut s = Solver::new(&m);
            let r = s.count(Limits::solutions(solutions));
            assert!(s.stack.len() > 1 || r.solutions == 0 || r.end == End::Exhausted);
            s.unwind_search();
            assert!(s.links.same_state(template), "after {solutions} solutions");
        }
    }
}

/// A reset that undoes a little work (instead of copying the starting
/// arena) must leave exactly the starting arena, counters included:
/// the trail's replay leaves the empty-column count to its callers.
#[test]
fn reset_by_undoing_restores_the_starting_arena() {
    // Big enough that one queen and a few nodes stay below the copy
    // threshold.
    let m = n_queens(20).compile().unwrap();
    let template = &m.shape.links;
    let first = Solver::new(&m).first_solution();
    for nodes in [0, 1, 2] {
        let mut s = Solver::new(&m);
        s.select(0).unwrap();
        let r = s.count(Limits::none().with_max_nodes(Some(nodes)));
        assert_eq!(r.end, End::NodeLimit);
        assert!(
            s.dirty * 4 < template.node_count() as u64,
            "the undo path must be the one tested: {} updates, {} nodes, after {nodes}",
            s.dirty,
            template.node_count()
        );
        s.reset();
        assert!(s.links.same_state(template), "after {nodes} nodes");
        assert_eq!(s.first_solution(), first);
    }
}
