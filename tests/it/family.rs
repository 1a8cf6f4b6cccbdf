//! The `dlx` binary on the colour and multiplicity family of
//! `problems::knuth_text` (Knuth's DLX1/DLX2/DLX3 text), against counts
//! that come from elsewhere:
//!
//! - `tests/data/knuth_counts.tsv`: the counts of Knuth's own programs
//!   (DLX1, DLX2, DLX3, SSXCC, SSMCC, built from his CWEB sources) on the
//!   files `cargo run --example knuth_family -- DIR` writes, one row per
//!   instance and program, with the command line and an FNV-1a hash of
//!   the input, so a generator that drifts is caught here;
//! - published counts (OEIS, binomial coefficients, theorems on graceful
//!   graphs), the hand counts of the tricky instances, and the independent
//!   brute force of [`super::brute`] on random small instances.

use std::path::Path;

use assert_cmd::Command;
use dlx_engine::problems::knuth_text::{family, random_instance, Format, RandomSpec, Size};

use super::brute::{count_backtrack, count_subsets, fnv1a64, knuth_count, knuth_counts, parse};
use super::brute::{random_text, MAX_SUBSET_OPTIONS};

/// How a file in Knuth's format is counted: the exact-cover kind, which
/// reads Knuth's text.
const COUNT_ARGS: [&str; 4] = ["solve", "--kind", "xc", "--count"];

/// The count `dlx` prints for `file`, or what it said instead of one.
fn dlx_count(file: &Path) -> Result<u64, String> {
    let out = Command::cargo_bin("dlx")
        .map_err(|e| e.to_string())?
        .args(COUNT_ARGS)
        .arg(file)
        .output()
        .map_err(|e| e.to_string())?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    // The count is taken whatever the exit status: on a file with a
    // primary item in no option, `dlx` prints 0 and exits with 1
    // ("unsolvable"), which is right for XCC but not for an item whose
    // lower bound is 0; the count shows the difference.
    match stdout.trim().parse() {
        Ok(n) => Ok(n),
        Err(_) => Err(format!(
            "{}: {}{}",
            out.status,
            stdout.trim(),
            String::from_utf8_lossy(&out.stderr).trim()
        )),
    }
}

/// Counts each `(name, text, expected)` with `dlx` and lists every
/// instance where it differs, so one run shows them all.
fn check_with_dlx(cases: &[(String, String, u64)]) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let mut wrong = Vec::new();
    for (name, text, expected) in cases {
        let file = dir.path().join(format!("{name}.dlx"));
        std::fs::write(&file, text).expect("a written instance");
        match dlx_count(&file) {
            Ok(n) if n == *expected => {}
            got => wrong.push(format!("{name}: expected {expected}, dlx gave {got:?}")),
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} instances miscounted:\n{}",
        wrong.len(),
        cases.len(),
        wrong.join("\n")
    );
}

/// The tiny instances of one format, with Knuth's counts.
fn tiny(format: Format) -> Vec<(String, String, u64)> {
    let rows = knuth_counts();
    let cases: Vec<(String, String, u64)> = family()
        .into_iter()
        .filter(|i| i.size == Size::Test && i.format == format)
        .map(|i| {
            let count = knuth_count(&rows, &i.name)
                .unwrap_or_else(|| panic!("{} has no row in knuth_counts.tsv", i.name));
            (i.name, i.text, count)
        })
        .collect();
    assert!(
        cases.len() >= 3,
        "only {} {format:?} instances",
        cases.len()
    );
    cases
}

/// Every instance of the family is in the TSV with the same text (hash)
/// Knuth's programs read, they agree on its count, and where the count is
/// known without any solver, it is that count: the generators build what
/// they say.
#[test]
fn family_texts_are_the_ones_knuth_counted() {
    let rows = knuth_counts();
    let instances = family();
    for inst in &instances {
        let hash = fnv1a64(&inst.text);
        let mine: Vec<_> = rows.iter().filter(|r| r.0 == inst.name).collect();
        assert!(!mine.is_empty(), "{} not in knuth_counts.tsv", inst.name);
        for row in &mine {
            assert_eq!(
                row.3, hash,
                "{} ({}) changed since Knuth counted it",
                inst.name, row.1
            );
        }
        let programs: Vec<&str> = mine.iter().map(|r| r.1.as_str()).collect();
        let expected: &[&str] = match inst.format {
            Format::Xc => &["dlx1", "dlx2", "ssxcc", "dlx3"],
            Format::Xcc => &["dlx2", "ssxcc", "dlx3"],
            Format::Mcc => &["dlx3", "ssmcc"],
        };
        assert_eq!(programs, expected, "{}", inst.name);
    }
    assert_eq!(
        rows.iter()
            .map(|r| &r.0)
            .collect::<std::collections::BTreeSet<_>>()
            .len(),
        instances.len(),
        "rows for instances the family no longer has"
    );
    let binomial = |n: u64, k: u64| (0..k).fold(1, |c, i| c * (n - i) / (i + 1));
    let known: [(&str, u64); 22] = [
        // Latin squares, OEIS A002860: 12, 576, 161280 for orders 3, 4, 5.
        ("latin-4", 576),
        ("latin-xcc-3", 12),
        ("latin-xcc-4", 576),
        ("bench-latin-5", 161_280),
        ("bench-latin-xcc-5", 161_280),
        // Cycles are graceful iff n mod 4 is 0 or 3 (Rosa, 1967), complete
        // graphs iff n <= 4 (Golomb, 1972).
        ("graceful-c5", 0),
        ("graceful-c6", 0),
        ("graceful-k5", 0),
        // Six queens: 4 (OEIS A000170).
        ("queens-6", 4),
        // Sums of binomial coefficients.
        ("choose-3-of-7", binomial(7, 3)),
        ("choose-0-2-of-6", (0..=2).map(|k| binomial(6, k)).sum()),
        ("choose-2-5-of-8", (2..=5).map(|k| binomial(8, k)).sum()),
        ("bench-choose-26", (12..=14).map(|k| binomial(26, k)).sum()),
        // Hand counts, worked out in each text's comments.
        ("tricky-mixed-use", 3),
        ("tricky-several-colours", 3),
        ("tricky-no-primary", 1),
        ("tricky-all-lo-zero", 9),
        ("tricky-lo-zero-colours", 7),
        ("tricky-unreachable-lo", 0),
        // The examples of Knuth's documentation: one solution each.
        ("tricky-knuth-dlx1", 1),
        ("tricky-knuth-dlx2", 1),
        ("tricky-knuth-dlx3", 1),
    ];
    for (name, count) in known {
        assert_eq!(knuth_count(&rows, name), Some(count), "{name}");
    }
    // A Latin square completion has at least the square its givens were
    // cut from.
    for inst in instances
        .iter()
        .filter(|i| i.name.contains("latin") && i.name.contains("-g"))
    {
        assert!(knuth_count(&rows, &inst.name) >= Some(1), "{}", inst.name);
    }
}

/// Plain exact cover (DLX1 format): `dlx` reads these today.
#[test]
fn dlx_counts_the_plain_tiny_family_as_knuth() {
    check_with_dlx(&tiny(Format::Xc));
}

/// Colours (DLX2 format): word squares, Latin squares and graceful
/// labellings with coloured cells, random XCC, the tricky colour cases.
#[test]
fn dlx_counts_the_coloured_tiny_family_as_knuth() {
    check_with_dlx(&tiny(Format::Xcc));
}

/// Multiplicities (DLX3 format): bounded queens, choose k of n, random
/// MCC, lower bounds 0 (the empty selection counts).
#[test]
fn dlx_counts_the_multiplicity_tiny_family_as_knuth() {
    check_with_dlx(&tiny(Format::Mcc));
}

/// The brute-force count of a random text: every subset when there are
/// few options, else the pruned search (checked against it in `brute`).
fn brute_count(text: &str) -> u64 {
    let inst = parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    if inst.options.len() <= MAX_SUBSET_OPTIONS {
        count_subsets(&inst)
    } else {
        count_backtrack(&inst, u64::MAX).expect("no budget")
    }
}

/// 100 random instances for one kind: half from the brute-force module's
/// own generator (options naming no primary item, colours mixed with
/// uncoloured uses), half from `knuth_text::random_instance`.
fn random_cases(bounds: bool) -> Vec<(String, String, u64)> {
    let kind = if bounds { "mcc" } else { "xcc" };
    let mut cases = Vec::new();
    for seed in 0..50 {
        let text = random_text(1000 + seed, 14, bounds);
        cases.push((format!("{kind}-brute-{seed}"), text));
    }
    for seed in 0..50u64 {
        let spec = RandomSpec {
            seed,
            primary: 3 + (seed % 4) as usize,
            secondary: 2 + (seed % 3) as usize,
            options: 10 + (seed % 7) as usize,
            density: 0.3,
            colours: 2 + (seed % 2) as usize,
            coloured: 0.7,
            max_bound: if bounds { 3 } else { 1 },
        };
        cases.push((format!("{kind}-spec-{seed}"), random_instance(&spec)));
    }
    let cases: Vec<(String, String, u64)> = cases
        .into_iter()
        .map(|(name, text)| {
            let count = brute_count(&text);
            (name, text, count)
        })
        .collect();
    // Enough of them have solutions for a miscount to show.
    let solvable = cases.iter().filter(|c| c.2 > 0).count();
    assert!(
        solvable >= 40,
        "only {solvable} of 100 {kind} instances solvable"
    );
    cases
}

#[test]
fn dlx_counts_random_xcc_as_the_brute_force() {
    check_with_dlx(&random_cases(false));
}

#[test]
fn dlx_counts_random_mcc_as_the_brute_force() {
    check_with_dlx(&random_cases(true));
}

/// The search trees are Knuth's: on every tiny instance, the engine's
/// search nodes are the nodes Knuth's DLX1, DLX2 and DLX3 report (in
/// `knuth_counts.tsv`) less one, the root, which he counts and the engine
/// does not (it counts options tried). SSXCC and SSMCC branch differently
/// (forced moves, binary branching) and are left out.
#[test]
fn search_trees_are_those_of_knuths_dlx_programs() {
    use dlx_engine::exact_cover::{knuth_format, Limits, Solver};
    let tsv = include_str!("../data/knuth_counts.tsv");
    let mut lines = tsv.lines();
    let head: Vec<&str> = lines.next().expect("a header").split('\t').collect();
    let column = |name: &str| head.iter().position(|h| *h == name).expect("a column");
    let (inst, prog, nodes) = (column("instance"), column("program"), column("nodes"));
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split('\t').collect()).collect();
    let mut compared = 0;
    for instance in family().into_iter().filter(|i| i.size == Size::Test) {
        let xc = knuth_format::parse(&instance.text, &instance.name).expect("the family parses");
        let mut solver = Solver::new(&xc.problem.compile().expect("compiles"));
        let ours = solver.count(Limits::none()).stats.nodes;
        for row in rows.iter().filter(|r| r[inst] == instance.name) {
            if !["dlx1", "dlx2", "dlx3"].contains(&row[prog]) {
                continue;
            }
            let knuth: u64 = row[nodes].parse().expect("a node count");
            assert_eq!(ours + 1, knuth, "{} against {}", instance.name, row[prog]);
            compared += 1;
        }
    }
    // 33 tiny instances, each counted by two or three of the three.
    assert!(compared >= 55, "only {compared} node counts compared");
}
