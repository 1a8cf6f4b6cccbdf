use super::*;
use crate::exact_cover::arena::Kind;
use crate::exact_cover::Cancel;
use crate::problems::{knuth_example, langford_pairs, n_queens};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

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
    let r = crate::exact_cover::cells::CellsSolver::new(&m).count(cancelled);
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

/// `C(n, k)`, by Pascal's rule: the expected counts below come from it, not
/// from the engine.
fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |c, j| c * (n - j) / (j + 1))
}

/// "Choose between `lo` and `hi` of `n` options" written with Knuth's
/// bounds: one bounded item every option names, and a secondary item of
/// each option's own (so the options are distinct sets).
fn choose(n: usize, lo: u32, hi: u32) -> crate::exact_cover::Problem {
    let mut p = crate::exact_cover::Problem::new();
    let pick = p.add_bounded("pick", lo, hi).unwrap();
    for k in 0..n {
        let own = p.add_secondary(format!("o{k}")).unwrap();
        p.add_option(&[pick, own]).unwrap();
    }
    p
}

/// Algorithm M counts every set of options within the bounds once, the
/// empty set included when the lower bound is 0 (as Knuth's DLX3 does).
#[test]
fn bounded_choices_count_binomially() {
    for n in 0..=7u64 {
        for lo in 0..=n.min(4) {
            for hi in lo.max(1)..=n.min(4) + 1 {
                let want: u64 = (lo..=hi.min(n)).map(|k| binomial(n, k)).sum();
                let r = report(&choose(n as usize, lo as u32, hi as u32), Limits::none());
                assert_eq!(
                    (r.solutions, r.end),
                    (want, End::Exhausted),
                    "choose {lo}..={hi} of {n}"
                );
            }
        }
    }
}

/// Latin squares of order `n` with the cells as coloured secondary items:
/// an option puts symbol `s` in row `i` at column `j`, giving cell `ij`
/// the colour `s`. Two options on one cell disagree on its colour, so a
/// solution fills every cell once: the Latin squares (OEIS A002860: 1, 2,
/// 12, 576 for n = 1..=4).
fn coloured_latin(n: usize) -> crate::exact_cover::Problem {
    let mut p = crate::exact_cover::Problem::new();
    let mut id = std::collections::HashMap::new();
    for i in 0..n {
        for s in 0..n {
            id.insert(
                format!("r{i}s{s}"),
                p.add_primary(format!("r{i}s{s}")).unwrap(),
            );
            id.insert(
                format!("c{i}s{s}"),
                p.add_primary(format!("c{i}s{s}")).unwrap(),
            );
        }
    }
    for i in 0..n {
        for j in 0..n {
            id.insert(
                format!("x{i}{j}"),
                p.add_secondary(format!("x{i}{j}")).unwrap(),
            );
        }
    }
    for i in 0..n {
        for j in 0..n {
            for s in 0..n {
                let color = s.to_string();
                p.add_colored_option(&[
                    (id[&format!("r{i}s{s}")], None),
                    (id[&format!("c{j}s{s}")], None),
                    (id[&format!("x{i}{j}")], Some(color.as_str())),
                ])
                .unwrap();
            }
        }
    }
    p
}

#[test]
fn coloured_latin_squares() {
    for (n, want) in [(1, 1), (2, 2), (3, 12), (4, 576)] {
        let p = coloured_latin(n);
        let matrix = p.compile().unwrap();
        assert_eq!(matrix.shape.kind, Kind::Xcc);
        let mut solver = Solver::new(&matrix);
        let mut seen = 0;
        let r = solver.search(Limits::none(), |s| {
            crate::exact_cover::verify(&p, s).unwrap();
            seen += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(
            (r.solutions, seen, r.end),
            (want, want, End::Exhausted),
            "order {n}"
        );
        assert!(n == 1 || r.stats.cleansings > 0, "colours were purified");
    }
}

/// A colour shared by many options: `x` red in options 0..4 and blue in
/// 4..6, each option with its own primary item of bounds 0..=1, and one
/// more primary item `z` covered by an option with `x` uncoloured or by
/// one without `x`. Counted by hand: with `z` alone, the red ones may be
/// any subset (16), the blue ones any subset (4), one colour at a time:
/// 16 + 4 - 1 = 19; with `z x`, none of them: 1. Total 20.
#[test]
fn shared_colours_and_uncoloured_uses() {
    let mut p = crate::exact_cover::Problem::new();
    let x = p.add_secondary("x").unwrap();
    let z = p.add_primary("z").unwrap();
    for k in 0..6 {
        let own = p.add_bounded(format!("p{k}"), 0, 1).unwrap();
        let color = if k < 4 { "red" } else { "blue" };
        p.add_colored_option(&[(own, None), (x, Some(color))])
            .unwrap();
    }
    p.add_option(&[z]).unwrap();
    p.add_option(&[z, x]).unwrap();
    let mut solver = Solver::new(&p.compile().unwrap());
    let r = solver.count(Limits::none());
    assert_eq!((r.solutions, r.end), (20, End::Exhausted));
    // Selecting a red option leaves the red subsets that hold it: 8.
    solver.select(0).unwrap();
    assert_eq!(solver.count(Limits::none()).solutions, 8);
    // A blue one then clashes on `x`, as does the uncoloured `z x`.
    assert_eq!(solver.select(4).unwrap_err().option, 4);
    assert_eq!(solver.select(7).unwrap_err().option, 7);
    solver.select(1).unwrap();
    assert_eq!(solver.count(Limits::none()).solutions, 4);
    solver.reset();
    assert_eq!(solver.count(Limits::none()).solutions, 20);
}

/// A search with bounds stopped anywhere (a solution limit, a node limit)
/// is unwound to the selections: counting again gives the same total, and
/// the counts of stopped searches add up as the limits say.
#[test]
fn bounded_searches_stop_and_start_again() {
    let p = choose(9, 2, 5);
    let want: u64 = (2..=5).map(|k| binomial(9, k)).sum();
    let mut solver = Solver::new(&p.compile().unwrap());
    let full = solver.count(Limits::none());
    assert_eq!(full.solutions, want);
    for stop in [1, 7, 100] {
        let r = solver.count(Limits::solutions(stop));
        assert_eq!((r.solutions, r.end), (stop, End::Stopped));
        for nodes in [0, 1, 5, 50] {
            let r = solver.count(Limits::none().with_max_nodes(Some(nodes)));
            assert_eq!((r.stats.nodes, r.end), (nodes, End::NodeLimit));
        }
        assert_eq!(solver.count(Limits::none()), full);
    }
    // Selecting two of the options: C(7, k - 2) for k = 2..=5.
    solver.select_all([0, 1]).unwrap();
    let want: u64 = (0..=3).map(|k| binomial(7, k)).sum();
    assert_eq!(solver.count(Limits::none()).solutions, want);
    assert_eq!(solver.select(0).unwrap_err().option, 0, "chosen already");
}

/// Knuth's sharp preference changes the order of the search, never the
/// count: `#b` (three options) is branched on before `a` (two), so the
/// first level's option names `#b`; without it, MRV takes `a` first.
#[test]
fn sharp_items_are_chosen_first() {
    use crate::exact_cover::knuth_format;
    for bounds in ["", "1:2|"] {
        let text = format!("{bounds}a #b | x y\na x\na\n#b x\n#b\n#b y\n");
        let xc = knuth_format::parse(&text, "sharp.dlx").unwrap();
        let p = &xc.problem;
        let mut solver = Solver::new(&p.compile().unwrap());
        let first_level = |solver: &mut Solver| {
            let first = solver.first_solution().expect("solvable");
            p.option_text(first[0])
        };
        let plain = solver.count(Limits::none());
        assert!(first_level(&mut solver).starts_with('a'), "{bounds}");
        solver.prefer_sharp(true);
        let sharp = solver.count(Limits::none());
        assert!(first_level(&mut solver).starts_with("#b"), "{bounds}");
        assert_eq!(plain.solutions, sharp.solutions, "{bounds}");
        // Kept across a reset, and off again on request.
        solver.reset();
        assert!(first_level(&mut solver).starts_with("#b"), "{bounds}");
        solver.prefer_sharp(false);
        assert!(first_level(&mut solver).starts_with('a'), "{bounds}");
    }
}

/// On the tiny instances of Knuth's family, with colours and bounds, the
/// sharp preference (every other item renamed `#...`) keeps every count.
#[test]
fn sharp_preference_keeps_counts() {
    use crate::exact_cover::{knuth_format, ItemKind, Problem};
    use crate::problems::knuth_text::{family, Size};
    for instance in family().into_iter().filter(|i| i.size == Size::Test) {
        let original = knuth_format::parse(&instance.text, &instance.name)
            .unwrap()
            .problem;
        let mut p = Problem::new();
        for (k, item) in original.items().iter().enumerate() {
            let name = if k % 2 == 0 {
                format!("#{}", item.name)
            } else {
                item.name.clone()
            };
            match item.kind {
                ItemKind::Primary => p.add_bounded(name, item.lo, item.hi).unwrap(),
                ItemKind::Secondary => p.add_secondary(name).unwrap(),
            };
        }
        for o in 0..original.options() {
            let entries: Vec<(usize, Option<&str>)> = original.option_entries(o).collect();
            p.add_colored_option(&entries).unwrap();
        }
        let mut solver = Solver::new(&p.compile().unwrap());
        let plain = solver.count(Limits::none());
        solver.prefer_sharp(true);
        let sharp = solver.count(Limits::none());
        assert_eq!(plain.solutions, sharp.solutions, "{}", instance.name);
    }
}
