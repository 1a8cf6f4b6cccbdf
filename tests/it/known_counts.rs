//! Published solution counts, through the public library API.

use dlx_engine::exact_cover::{verify, End, Limits, Problem, Solver};
use dlx_engine::problems::{
    knuth_example, langford_pairs, n_queens, polyomino_packing, PENTOMINOES,
};

fn count_all(problem: &Problem) -> u64 {
    let mut solver = Solver::new(&problem.compile().unwrap());
    let report = solver.count(Limits::none());
    assert_eq!(report.end, End::Exhausted);
    report.solutions
}

#[test]
fn knuth_example_has_exactly_one_solution() {
    let p = knuth_example();
    assert_eq!(count_all(&p), 1);
    let mut solver = Solver::new(&p.compile().unwrap());
    let mut solution = solver.first_solution().unwrap();
    solution.sort_unstable();
    assert_eq!(solution, vec![0, 3, 4]);
    verify(&p, &solution).unwrap();
}

#[test]
fn n_queens_counts() {
    let expected = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
    for (n, &count) in (1..=10).zip(&expected) {
        assert_eq!(count_all(&n_queens(n)), count, "n = {n}");
    }
}

#[test]
fn langford_pair_counts() {
    for (n, count) in [(3, 2), (4, 2), (5, 0), (7, 52), (8, 300)] {
        assert_eq!(count_all(&langford_pairs(n)), count, "n = {n}");
    }
}

#[test]
fn pentominoes_6x10() {
    assert_eq!(count_all(&polyomino_packing(6, 10, &PENTOMINOES)), 9356);
}

#[test]
fn every_enumerated_solution_verifies() {
    let p = n_queens(8);
    let mut solver = Solver::new(&p.compile().unwrap());
    let mut seen = std::collections::HashSet::new();
    let report = solver.search(Limits::none(), |s| {
        verify(&p, s).unwrap();
        let mut s = s.to_vec();
        s.sort_unstable();
        assert!(seen.insert(s), "a solution was reported twice");
        std::ops::ControlFlow::Continue(())
    });
    assert_eq!(report.solutions, 92);
    assert_eq!(seen.len(), 92);
}

#[test]
fn limits_stop_the_search() {
    let p = n_queens(8);
    let mut solver = Solver::new(&p.compile().unwrap());
    let r = solver.count(Limits::solutions(5));
    assert_eq!((r.solutions, r.end), (5, End::Stopped));
    let r = solver.count(Limits::none().with_max_nodes(Some(10)));
    assert_eq!(r.end, End::NodeLimit);
    assert_eq!(r.stats.nodes, 10);
    // Visitor stop after the third solution.
    let mut calls = 0;
    let r = solver.search(Limits::none(), |_| {
        calls += 1;
        if calls == 3 {
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    });
    assert_eq!((r.solutions, r.end, calls), (3, End::Stopped, 3));
    // After stopped searches, a full count is still right.
    assert_eq!(solver.count(Limits::none()).solutions, 92);
}

#[test]
fn preselection_and_reset() {
    let p = n_queens(8);
    let mut solver = Solver::new(&p.compile().unwrap());
    // Queen on (0,0): option 0.
    solver.select(0).unwrap();
    let with_corner = solver.count(Limits::none()).solutions;
    assert_eq!(with_corner, 4);
    // (1,1) shares diagonal b with (0,0): conflict, nothing changes.
    let err = solver.select(9).unwrap_err();
    assert_eq!(err.option, 9);
    assert_eq!(solver.count(Limits::none()).solutions, 4);
    solver.reset();
    assert_eq!(solver.count(Limits::none()).solutions, 92);
    // Reset after a search that stopped half way restores everything.
    solver.select(1).unwrap();
    solver.count(Limits::solutions(1));
    solver.reset();
    assert_eq!(solver.count(Limits::none()).solutions, 92);
}
