//! Helpers shared by the test modules: waiting on child processes
//! ([`child`]), and random problems for the property tests of the engines.

pub mod child;

use dlx_engine::exact_cover::{ItemKind, Problem};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

/// The configuration of every property test here: `cases` cases, and the
/// failures found kept beside the test's source file, in
/// `tests/it/<module>.proptest-regressions` (read back before new cases).
/// Proptest's default would look up the tree for a `main.rs`, find
/// `tests/it/main.rs`, and use `tests/proptest-regressions/<module>.txt`
/// instead, leaving the files beside the sources unread.
pub fn proptest_config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..ProptestConfig::with_cases(cases)
    }
}

/// A random small problem: item kinds (true = primary, three in four) and
/// options as sets of 1 to 4 items, with up to `max_items` items and
/// `max_options` options.
pub fn problems(
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
            (
                kinds,
                options
                    .into_iter()
                    .map(|s| s.into_iter().collect())
                    .collect(),
            )
        })
    })
}

/// Builds the problem, dropping the options the builder rejects (those
/// without a primary item); returns it with the options it kept.
pub fn build(kinds: &[bool], options: &[Vec<usize>]) -> (Problem, Vec<Vec<usize>>) {
    let mut p = Problem::new();
    for (k, &primary) in kinds.iter().enumerate() {
        let kind = if primary {
            ItemKind::Primary
        } else {
            ItemKind::Secondary
        };
        p.add_item(format!("i{k}"), kind).unwrap();
    }
    let kept: Vec<Vec<usize>> = options
        .iter()
        .filter(|o| p.add_option(o).is_ok())
        .cloned()
        .collect();
    (p, kept)
}
