//! Property tests of the engine against a brute-force subset enumerator.

use std::ops::ControlFlow;

use dlx_engine::exact_cover::{verify, End, Limits, Solver};
use proptest::prelude::*;

use crate::common::{build, problems};

/// Counts exact covers by trying every subset of options.
fn brute_force(kinds: &[bool], options: &[Vec<usize>]) -> u64 {
    let mut count = 0;
    for mask in 0u32..(1 << options.len()) {
        let mut covered = vec![0u32; kinds.len()];
        for (k, o) in options.iter().enumerate() {
            if mask & (1 << k) != 0 {
                for &i in o {
                    covered[i] += 1;
                }
            }
        }
        let ok = kinds
            .iter()
            .zip(&covered)
            .all(|(&primary, &c)| if primary { c == 1 } else { c <= 1 });
        count += u64::from(ok);
    }
    count
}

proptest! {
    #![proptest_config(crate::common::proptest_config(512))]

    #[test]
    fn counts_match_brute_force_and_solutions_verify((kinds, options) in problems(7, 12)) {
        let (problem, kept) = build(&kinds, &options);
        let expected = brute_force(&kinds, &kept);
        let mut solver = Solver::new(&problem.compile().unwrap());
        let mut seen = std::collections::BTreeSet::new();
        let report = solver.search(Limits::none(), |s| {
            verify(&problem, s).unwrap();
            let mut s = s.to_vec();
            s.sort_unstable();
            assert!(seen.insert(s), "solution reported twice");
            ControlFlow::Continue(())
        });
        prop_assert_eq!(report.end, End::Exhausted);
        prop_assert_eq!(report.solutions, expected);
        // Counting again on the same solver gives the same answer.
        prop_assert_eq!(solver.count(Limits::none()).solutions, expected);
    }

    #[test]
    fn preselection_equals_filtering((kinds, options) in problems(7, 12), pick in any::<prop::sample::Index>()) {
        let (problem, kept) = build(&kinds, &options);
        prop_assume!(!kept.is_empty());
        let chosen = pick.index(kept.len());
        let mut solver = Solver::new(&problem.compile().unwrap());
        solver.select(chosen).unwrap();
        let with = solver.count(Limits::none()).solutions;
        // Brute force over subsets that contain the chosen option.
        let others: Vec<Vec<usize>> = kept
            .iter()
            .enumerate()
            .filter(|(k, o)| *k != chosen && o.iter().all(|i| !kept[chosen].contains(i)))
            .map(|(_, o)| o.clone())
            .collect();
        let mut reduced_kinds = kinds.clone();
        for &i in &kept[chosen] {
            reduced_kinds[i] = false; // already covered: may not be covered again
        }
        let others: Vec<Vec<usize>> = others.into_iter().collect();
        prop_assert_eq!(with, brute_force(&reduced_kinds, &others));
        solver.reset();
        prop_assert_eq!(solver.count(Limits::none()).solutions, brute_force(&kinds, &kept));
    }
}
