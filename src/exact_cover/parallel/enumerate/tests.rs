//! The enumeration in order against one solver's search (the expected
//! values: the one-thread order and counts, never the code under test).

use std::sync::atomic::AtomicBool;

use super::*;
use crate::exact_cover::parallel::tests::problems;
use crate::exact_cover::{Problem, Solver};
use crate::problems::n_queens;

/// Every solution one solver's search visits, as it visits them.
fn one_thread(matrix: &Matrix, limits: Limits) -> (Vec<Vec<usize>>, Report) {
    let mut all = Vec::new();
    let report = Solver::new(matrix).search(limits, |s| {
        all.push(s.to_vec());
        ControlFlow::Continue(())
    });
    (all, report)
}

/// The solutions the enumerator visits, its report and its peak.
fn in_order(enumerator: &Enumerator, limits: Limits) -> (Vec<Vec<usize>>, Report, usize) {
    let mut all = Vec::new();
    let (report, peak) = enumerator.in_order(limits, |s| {
        all.push(s.to_vec());
        ControlFlow::Continue(())
    });
    (all, report, peak)
}

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
}

/// 2^n solutions: n independent items of two options each (by hand).
fn binary(n: usize) -> Matrix {
    let mut p = Problem::new();
    for i in 0..n {
        let item = p.add_primary(format!("i{i}")).unwrap();
        p.add_option(&[item]).unwrap();
        p.add_option(&[item]).unwrap();
    }
    p.compile().unwrap()
}

/// On plain, coloured and bounded problems, on 1, 2 and 3 threads, cut in
/// few or many parts: the same solutions, with the same option numbers in
/// the same order, in the same order as one solver's search, and its
/// report's count and end.
#[test]
fn solutions_come_in_the_one_thread_order() {
    for (name, matrix) in problems() {
        let (whole, one) = one_thread(&matrix, Limits::none());
        for threads in [1, 2, 3] {
            let pool = pool(threads);
            for per_thread in [1, 3, 40] {
                let enumerator = Enumerator::new(&matrix)
                    .head_start(0)
                    .pool(&pool)
                    .parts_per_thread(per_thread);
                let (all, report, _) = in_order(&enumerator, Limits::none());
                let at = format!("{name}, {threads} threads, {per_thread} parts each");
                assert_eq!(all, whole, "{at}");
                assert_eq!(
                    (report.solutions, report.end),
                    (one.solutions, one.end),
                    "{at}"
                );
            }
        }
    }
}

/// `max_solutions` K gives the first K of the one-thread order and its
/// end (`Stopped` at K, even at the last; `Exhausted` when there are
/// fewer); so does a visitor that says stop, and K = 1 is the first
/// solution, whichever part finds one first.
#[test]
fn a_cap_gives_the_first_solutions_of_the_one_thread_order() {
    for (name, matrix) in problems() {
        for threads in [2, 3] {
            let pool = pool(threads);
            let enumerator = Enumerator::new(&matrix)
                .head_start(0)
                .pool(&pool)
                .parts_per_thread(7);
            for cap in [1, 2, 5, 17] {
                let limits = Limits::solutions(cap);
                let (want, one) = one_thread(&matrix, limits);
                let (all, report, _) = in_order(&enumerator, limits);
                assert_eq!(all, want, "{name}, {threads} threads, cap {cap}");
                assert_eq!((report.solutions, report.end), (one.solutions, one.end));
            }
            let (whole, _) = one_thread(&matrix, Limits::none());
            let mut seen = Vec::new();
            let report = enumerator.for_each_in_order(Limits::none(), |s| {
                seen.push(s.to_vec());
                if seen.len() == 3 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            assert_eq!(seen[..], whole[..whole.len().min(3)], "{name}");
            let end = if whole.len() >= 3 {
                End::Stopped
            } else {
                End::Exhausted
            };
            assert_eq!(report.end, end, "{name}");
        }
    }
}

/// The first solution of 20 queens, whose tree no test could search
/// whole: the parts after the one that holds it are stopped once it is
/// found (or this test would not end), and the answer is one thread's.
#[test]
fn the_first_solution_stops_the_other_parts() {
    let matrix = n_queens(20).compile().unwrap();
    let (want, _) = one_thread(&matrix, Limits::solutions(1));
    let pool = pool(3);
    let (first, report, _) = in_order(
        &Enumerator::new(&matrix).head_start(0).pool(&pool),
        Limits::solutions(1),
    );
    assert_eq!(first, want);
    assert_eq!((report.solutions, report.end), (1, End::Stopped));
}

/// With a buffer of one chunk per part, workers wait for their turn
/// many times (2^15 solutions of 16 entries each, 2 MiB), and still the
/// order is one thread's, and the entries held never pass the bound of
/// the module docs: the window's parts, each under its cap plus one chunk
/// and one solution.
#[test]
fn a_small_buffer_bounds_what_waits_and_keeps_the_order() {
    let matrix = binary(15);
    let (whole, _) = one_thread(&matrix, Limits::none());
    for threads in [2, 3] {
        let pool = pool(threads);
        let enumerator = Enumerator::new(&matrix)
            .head_start(0)
            .pool(&pool)
            .parts_per_thread(4)
            .buffer(1);
        let (all, report, peak) = in_order(&enumerator, Limits::none());
        assert_eq!(all, whole, "{threads} threads");
        assert_eq!(report.end, End::Exhausted);
        let window = threads * WINDOW_PER_THREAD;
        let bound = window * (CHUNK + CHUNK + 16);
        assert!(
            peak > 0 && peak <= bound,
            "{peak} entries held, bound {bound}"
        );
    }
}

/// A node budget keeps its one-thread meaning (the search runs on one
/// thread: the same solutions and report); a deadline already past and a
/// raised cancel flag stop every part before its first node.
#[test]
fn limits_hold_as_on_one_thread() {
    static RAISED: AtomicBool = AtomicBool::new(true);
    let matrix = n_queens(9).compile().unwrap();
    let pool = pool(2);
    let enumerator = Enumerator::new(&matrix).head_start(0).pool(&pool);
    let budget = Limits::none().with_max_nodes(700);
    let (want, one) = one_thread(&matrix, budget);
    let (all, report, _) = in_order(&enumerator, budget);
    assert_eq!((all, report), (want, one));
    let past = Limits::none().with_deadline(std::time::Instant::now());
    let (all, report, _) = in_order(&enumerator, past);
    assert_eq!(
        (all.len(), report.end, report.stats.nodes),
        (0, End::TimeLimit, 0)
    );
    let cancelled = Limits::none().with_cancel(Cancel::new(&RAISED));
    let (all, report, _) = in_order(&enumerator, cancelled);
    assert_eq!(
        (all.len(), report.end, report.stats.nodes),
        (0, End::Cancelled, 0)
    );
    // The run's own stop flags are given back, lowered, for the next run.
    let (all, report, _) = in_order(&enumerator, Limits::none());
    assert_eq!((all.len() as u64, report.end), (352, End::Exhausted)); // OEIS A000170
}

/// The share done, told by the workers as parts finish, starts at 0,
/// never goes down, and is 1 once the whole tree is searched; the
/// solution ticks come every TICK_EVERY solutions.
#[test]
fn progress_is_told_in_order() {
    let matrix = binary(15);
    let pool = pool(2);
    let shares = Mutex::new(Vec::new());
    let share = |s: f64| shares.lock().unwrap().push(s);
    let ticks = Mutex::new(Vec::new());
    let tick = |n: u64| ticks.lock().unwrap().push(n);
    let enumerator = Enumerator::new(&matrix)
        .head_start(0)
        .pool(&pool)
        .share_done(&share)
        .progress(&tick);
    let report = enumerator.for_each_in_order(Limits::none(), |_| ControlFlow::Continue(()));
    assert_eq!(report.solutions, 1 << 15);
    let shares = shares.into_inner().unwrap();
    assert_eq!(shares.first(), Some(&0.0));
    assert!(shares.windows(2).all(|w| w[0] <= w[1]), "{shares:?}");
    assert_eq!(shares.last(), Some(&1.0));
    assert_eq!(ticks.into_inner().unwrap(), [TICK_EVERY, 2 * TICK_EVERY]);
}

/// After a head start that ran out of nodes, the parts are searched from
/// the start and the solutions the head start visited are passed over:
/// the listing, capped or not, is still one thread's. A head start that
/// finishes the search is the one-thread search itself.
#[test]
fn a_head_start_passes_over_what_it_visited() {
    let matrix = n_queens(9).compile().unwrap();
    let pool = pool(2);
    for nodes in [1, 100, 1000, 1_000_000] {
        let enumerator = Enumerator::new(&matrix).pool(&pool).head_start(nodes);
        for limits in [Limits::none(), Limits::solutions(1), Limits::solutions(40)] {
            let (want, one) = one_thread(&matrix, limits);
            let (all, report, peak) = in_order(&enumerator, limits);
            assert_eq!(all, want, "head start of {nodes} nodes, {limits:?}");
            assert_eq!((report.solutions, report.end), (one.solutions, one.end));
            // Only a head start of all the search's 4,624 nodes (one
            // thread's count) runs no part; with a cap the first solutions
            // may come within it.
            if nodes == 1 {
                assert!(peak > 0, "{limits:?}: no part searched");
            }
            if nodes == 1_000_000 {
                assert_eq!((peak, report.stats), (0, one.stats));
            }
        }
    }
}
