//! A panic in the caller's code (a search visitor, a `select_all` iterator)
//! or a documented panic (an option out of range), caught by the caller,
//! leaves a solver consistent: the next call sees the selections made
//! before the panic and nothing of the interrupted search, exactly as a
//! fresh solver given the same selections. Before this was so, the DLX
//! arena kept stale counters and a later cover wrote past its trail.

use std::ops::ControlFlow;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Mutex};

use dlx_engine::exact_cover::{Limits, Matrix, Report, Solver};
use dlx_engine::problems::{knuth_example, n_queens};

/// The operations both solvers share, so every case runs on each.
trait Api {
    fn select_all(&mut self, options: &mut dyn Iterator<Item = usize>) -> bool;
    fn search(&mut self, visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>) -> Report;
    fn reset(&mut self);
    fn selected(&self) -> Vec<usize>;
    fn item_len(&mut self, item: usize) -> usize;
    fn is_complete(&mut self) -> bool;
}

macro_rules! api {
    ($solver:ty) => {
        impl Api for $solver {
            fn select_all(&mut self, options: &mut dyn Iterator<Item = usize>) -> bool {
                <$solver>::select_all(self, options).is_ok()
            }
            fn search(&mut self, visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>) -> Report {
                <$solver>::search(self, Limits::none(), visit)
            }
            fn reset(&mut self) {
                <$solver>::reset(self)
            }
            fn selected(&self) -> Vec<usize> {
                <$solver>::selected(self).collect()
            }
            fn item_len(&mut self, item: usize) -> usize {
                <$solver>::item_len(self, item)
            }
            fn is_complete(&mut self) -> bool {
                <$solver>::is_complete(self)
            }
        }
    };
}
api!(Solver);

/// The solvers of the public API. (The dancing-cells reference solver,
/// behind a feature, has the same checks in its unit tests.)
fn solvers(matrix: &Matrix) -> Vec<(Box<dyn Api>, &'static str)> {
    vec![(Box::new(Solver::new(matrix)), "dlx")]
}

/// Every solution, in order.
fn all_solutions(solver: &mut dyn Api) -> Vec<Vec<usize>> {
    let mut found = Vec::new();
    solver.search(&mut |s| {
        found.push(s.to_vec());
        ControlFlow::Continue(())
    });
    found
}

/// `solver` behaves as a fresh one with `selected` selected: same
/// selections, item lengths, completeness and solutions.
fn assert_as_fresh(solver: &mut dyn Api, matrix: &Matrix, selected: &[usize], name: &str) {
    let mut fresh = Solver::new(matrix);
    fresh.select_all(selected.iter().copied()).unwrap();
    assert_eq!(solver.selected(), selected, "{name}");
    for item in 0..matrix.items() {
        assert_eq!(
            solver.item_len(item),
            fresh.item_len(item),
            "{name}: item {item}"
        );
    }
    assert_eq!(solver.is_complete(), fresh.is_complete(), "{name}");
    let mut want = Vec::new();
    fresh.search(Limits::none(), |s| {
        want.push(s.to_vec());
        ControlFlow::Continue(())
    });
    let mut got = all_solutions(solver);
    // The segment order may find the same solutions in another order.
    got.sort();
    want.sort();
    assert_eq!(got, want, "{name}");
}

#[test]
fn a_visitor_that_panics_leaves_the_selections_and_undoes_the_search() {
    let matrix = n_queens(8).compile().unwrap();
    for (mut solver, name) in solvers(&matrix) {
        assert!(solver.select_all(&mut [0].into_iter()));
        // Panic at the third solution, deep in the search.
        let mut seen = 0;
        let caught = catch_unwind(AssertUnwindSafe(|| {
            solver.search(&mut |_| {
                seen += 1;
                assert!(seen < 3, "the caller's visitor fails");
                ControlFlow::Continue(())
            })
        }));
        assert!(caught.is_err(), "{name}");
        assert_as_fresh(solver.as_mut(), &matrix, &[0], name);
        // And after a reset, the starting state.
        solver.reset();
        assert_eq!(all_solutions(solver.as_mut()).len(), 92, "{name}");
    }
}

#[test]
fn an_options_iterator_that_panics_keeps_the_options_before_it() {
    let matrix = n_queens(8).compile().unwrap();
    for (mut solver, name) in solvers(&matrix) {
        let mut options = [0, 10]
            .into_iter()
            .chain(std::iter::from_fn(|| -> Option<usize> {
                panic!("the caller's iterator fails")
            }));
        let caught = catch_unwind(AssertUnwindSafe(|| solver.select_all(&mut options)));
        assert!(caught.is_err(), "{name}");
        assert_as_fresh(solver.as_mut(), &matrix, &[0, 10], name);
        solver.reset();
        assert_as_fresh(solver.as_mut(), &matrix, &[], name);
    }
}

#[test]
fn an_option_out_of_range_keeps_the_options_before_it() {
    let matrix = knuth_example().compile().unwrap();
    for (mut solver, name) in solvers(&matrix) {
        let caught = catch_unwind(AssertUnwindSafe(|| {
            solver.select_all(&mut [0, matrix.options()].into_iter())
        }));
        assert!(caught.is_err(), "{name}");
        assert_as_fresh(solver.as_mut(), &matrix, &[0], name);
        solver.reset();
        assert_as_fresh(solver.as_mut(), &matrix, &[], name);
    }
}

/// A worker pool's way: the solver sits behind a mutex that a panicking
/// visitor poisons, and the next worker takes it over.
#[test]
fn a_solver_taken_over_from_a_poisoned_mutex_still_counts_right() {
    let matrix = n_queens(6).compile().unwrap();
    let shared = Arc::new(Mutex::new(Solver::new(&matrix)));
    let worker = Arc::clone(&shared);
    let failed = std::thread::spawn(move || {
        let mut solver = worker.lock().unwrap();
        solver.search(Limits::none(), |_| panic!("the caller's visitor fails"));
    })
    .join();
    assert!(failed.is_err());
    let mut solver = shared
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    assert_eq!(solver.count(Limits::none()).solutions, 4);
    solver.reset();
    assert_eq!(solver.count(Limits::none()).solutions, 4);
    assert!(solver.link_updates() > 0);
}

/// The link updates of a search whose visitor panics still count.
#[test]
fn link_updates_count_the_search_a_visitor_panic_ended() {
    let matrix = n_queens(8).compile().unwrap();
    let mut dlx = Solver::new(&matrix);
    let mut seen = 0;
    let caught = catch_unwind(AssertUnwindSafe(|| {
        dlx.search(Limits::none(), |_| {
            seen += 1;
            assert!(seen < 3, "the caller's visitor fails");
            ControlFlow::Continue(())
        })
    }));
    assert!(caught.is_err());
    assert!(dlx.link_updates() > 0);
    assert_eq!(dlx.count(Limits::none()).solutions, 92);
}
