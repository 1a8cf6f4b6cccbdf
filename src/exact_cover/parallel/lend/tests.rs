//! `ReducedSolver::untried` and `Lender` against one thread's search: the
//! untried parts hold the solutions the stopped search did not reach, once
//! each and in its order, and a lent search finds what one thread finds.

use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::*;
use crate::exact_cover::{Branch, Problem, Solver};
use crate::problems::{langford_pairs, n_queens};

/// Plain problems with many solutions and trees of hundreds to thousands
/// of nodes, and random ones (which include problems without solution).
fn problems() -> Vec<(String, Matrix)> {
    let mut all = vec![
        ("queens-6".to_string(), n_queens(6).compile().unwrap()),
        ("queens-8".to_string(), n_queens(8).compile().unwrap()),
        (
            "langford-7".to_string(),
            langford_pairs(7).compile().unwrap(),
        ),
    ];
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(34);
    for k in 0..12 {
        let items = rng.gen_range(4..14);
        let primaries = rng.gen_range(1..=items);
        let mut problem = Problem::new();
        for i in 0..items {
            if i < primaries {
                problem.add_primary(format!("p{i}")).unwrap();
            } else {
                problem.add_secondary(format!("s{i}")).unwrap();
            }
        }
        for _ in 0..rng.gen_range(8..60) {
            let mut option = vec![rng.gen_range(0..primaries)];
            for _ in 0..rng.gen_range(0..3) {
                let i = rng.gen_range(0..items);
                if !option.contains(&i) {
                    option.push(i);
                }
            }
            problem.add_option(&option).unwrap();
        }
        all.push((format!("random-{k}"), problem.compile().unwrap()));
    }
    all
}

/// Every solution of the matrix from `selected` on, in the order one
/// search visits them, as whole solutions.
fn one_thread(matrix: &Matrix, selected: &[usize]) -> Vec<Vec<usize>> {
    let mut solver = ReducedSolver::new();
    let mut all = Vec::new();
    if solver.load_after(matrix, selected.iter().copied()).is_ok() {
        solver.search(Limits::none(), |s| {
            all.push(s.to_vec());
            ControlFlow::Continue(())
        });
    }
    all
}

/// The solutions a search stopped after `budget` nodes found, and the
/// parts it left (`None` if it ended within the budget).
fn stopped(matrix: &Matrix, budget: u64) -> (Vec<Vec<usize>>, Option<Vec<Vec<usize>>>) {
    let mut solver = ReducedSolver::new();
    solver.load_after(matrix, []).unwrap();
    let mut found = Vec::new();
    let report = solver.search(Limits::none().with_max_nodes(budget), |s| {
        found.push(s.to_vec());
        ControlFlow::Continue(())
    });
    let parts = solver.untried();
    assert_eq!(parts.is_some(), report.end == End::NodeLimit);
    (found, parts)
}

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
}

/// What the stopped search found, then each untried part's solutions in
/// turn: the whole search, solution for solution, in its order, after any
/// budget.
#[test]
fn untried_parts_continue_the_search_in_order() {
    for (name, matrix) in problems() {
        let whole = one_thread(&matrix, &[]);
        for budget in [0, 1, 2, 5, 17, 100, 1000] {
            let (mut joined, parts) = stopped(&matrix, budget);
            for part in parts.unwrap_or_default() {
                joined.extend(one_thread(&matrix, &part));
            }
            assert_eq!(joined, whole, "{name}, budget {budget}");
        }
    }
}

/// `untried` only answers after a search its budget stopped.
#[test]
fn untried_is_none_unless_a_budget_stopped_the_search() {
    let matrix = n_queens(6).compile().unwrap();
    let mut solver = ReducedSolver::new();
    assert_eq!(solver.untried(), None);
    solver.load_after(&matrix, []).unwrap();
    solver.count(Limits::none());
    assert_eq!(solver.untried(), None);
    solver.count(Limits::solutions(1));
    assert_eq!(solver.untried(), None);
    solver.count(Limits::none().with_max_nodes(3));
    assert!(solver.untried().is_some());
    // A new problem forgets the stopped search.
    solver.load_after(&matrix, []).unwrap();
    assert_eq!(solver.untried(), None);
}

/// A lent search visits every solution the stopped search left, once,
/// on 1 to 3 threads, however finely the parts are cut again.
#[test]
fn for_each_visits_every_solution_left_once() {
    for threads in [1, 2, 3] {
        pool(threads).install(|| {
            for (name, matrix) in problems() {
                let whole = one_thread(&matrix, &[]);
                for (budget, part_nodes) in [(0, 1), (3, 2), (20, 7), (100, 50)] {
                    let (mut seen, parts) = stopped(&matrix, budget);
                    let Some(parts) = parts else {
                        assert_eq!(seen, whole);
                        continue;
                    };
                    let lent = Mutex::new(Vec::new());
                    let report = Lender::new(&matrix, &[]).part_nodes(part_nodes).for_each(
                        parts,
                        Limits::none(),
                        |s| {
                            lent.lock().unwrap().push(s.to_vec());
                            ControlFlow::Continue(())
                        },
                    );
                    let lent = lent.into_inner().unwrap();
                    assert_eq!(report.solutions, lent.len() as u64);
                    assert_eq!(report.end, End::Exhausted);
                    seen.extend(lent);
                    seen.sort();
                    let mut whole = whole.clone();
                    whole.sort();
                    assert_eq!(
                        seen, whole,
                        "{name}, {threads} threads, {budget}/{part_nodes}"
                    );
                }
            }
        });
    }
}

/// The first solution of a lent search is one thread's first, on 1 to 3
/// threads.
#[test]
fn first_is_the_first_in_the_search_order() {
    for threads in [1, 2, 3] {
        pool(threads).install(|| {
            for (name, matrix) in problems() {
                let whole = one_thread(&matrix, &[]);
                for (budget, part_nodes) in [(0, 1), (1, 3), (10, 10), (40, 200)] {
                    let (seen, parts) = stopped(&matrix, budget);
                    let Some(parts) = parts else { continue };
                    let (first, report) = Lender::new(&matrix, &[])
                        .part_nodes(part_nodes)
                        .first(parts, Limits::none());
                    // The first solution after those the stopped search found.
                    let expected = whole.get(seen.len()).cloned();
                    assert_eq!(first, expected, "{name}, {threads} threads");
                    let end = if expected.is_some() {
                        End::Stopped
                    } else {
                        End::Exhausted
                    };
                    assert_eq!(
                        (report.end, report.solutions),
                        (end, u64::from(expected.is_some()))
                    );
                }
            }
        });
    }
}

/// The selected options lead every solution, and the parts are of the
/// problem after them.
#[test]
fn selected_options_come_first() {
    let matrix = n_queens(8).compile().unwrap();
    // The solutions with the first option of the first item chosen.
    let mut solver = Solver::new(&matrix);
    let Branch::On { options, .. } = solver.branch() else {
        panic!("8-queens branches")
    };
    let selected = [options[0]];
    let whole = one_thread(&matrix, &selected);
    assert!(whole.len() > 1);
    let mut reduced = ReducedSolver::new();
    reduced.load_after(&matrix, selected).unwrap();
    reduced.count(Limits::none().with_max_nodes(2));
    let parts = reduced.untried().unwrap();
    let (first, _) = pool(2).install(|| {
        Lender::new(&matrix, &selected)
            .part_nodes(2)
            .first(parts, Limits::none())
    });
    let first = first.unwrap();
    assert_eq!(first[0], selected[0]);
    assert!(whole.contains(&first));
}

/// A visitor that breaks stops every part; a raised cancel flag or a
/// deadline already past stops them before they start.
#[test]
fn limits_stop_every_part() {
    let matrix = n_queens(9).compile().unwrap();
    let parts = || stopped(&matrix, 10).1.unwrap();
    pool(2).install(|| {
        let report =
            Lender::new(&matrix, &[])
                .part_nodes(5)
                .for_each(parts(), Limits::none(), |_| ControlFlow::Break(()));
        assert_eq!(report.end, End::Stopped);
        assert!(report.solutions >= 1);

        static RAISED: AtomicBool = AtomicBool::new(true);
        let cancelled = Limits::none().with_cancel(Cancel::new(&RAISED));
        let report = Lender::new(&matrix, &[])
            .for_each(parts(), cancelled, |_| panic!("no part should be searched"));
        assert_eq!(
            (report.end, report.solutions, report.stats.nodes),
            (End::Cancelled, 0, 0)
        );
        let (first, report) = Lender::new(&matrix, &[]).first(parts(), cancelled);
        assert_eq!((first, report.end), (None, End::Cancelled));

        let past = Limits::none().with_deadline(Instant::now());
        let (first, report) = Lender::new(&matrix, &[]).first(parts(), past);
        assert_eq!((first, report.end), (None, End::TimeLimit));
    });
}

#[test]
#[should_panic(expected = "plain exact-cover problems")]
fn colours_are_refused() {
    let mut problem = Problem::new();
    let a = problem.add_primary("a").unwrap();
    let x = problem.add_secondary("x").unwrap();
    problem
        .add_colored_option(&[(a, None), (x, Some("red"))])
        .unwrap();
    let matrix = problem.compile().unwrap();
    Lender::new(&matrix, &[]);
}
