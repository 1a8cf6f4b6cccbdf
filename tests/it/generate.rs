//! `dlx gen`: uniqueness, minimality, reproducibility across thread counts,
//! and the bundled generated sets.

use assert_cmd::Command;
use dlx_engine::baseline::BitmaskSudoku;
use dlx_engine::exact_cover::{End, Limits};
use dlx_engine::generate::{generate, GenOptions, Target};
use dlx_engine::puzzles::sudoku::SudokuReader;
use dlx_engine::puzzles::sudoku::{DlxSudoku, Grid, SudokuSolver};
use proptest::prelude::*;

fn dlx() -> Command {
    Command::cargo_bin("dlx").unwrap()
}

fn puzzles_of(text: &[u8]) -> Vec<Grid> {
    SudokuReader::new(text)
        .map(|r| r.unwrap().puzzle.unwrap().0)
        .collect()
}

/// Exactly one solution, by both DLX and the bitmask solver.
fn assert_unique(puzzle: &Grid) {
    for solver in [
        &mut DlxSudoku::new() as &mut dyn SudokuSolver,
        &mut BitmaskSudoku::new(),
    ] {
        let s = solver.solve(puzzle, Limits::solutions(2));
        assert_eq!(
            (s.count, s.end),
            (1, End::Exhausted),
            "{}",
            puzzle.to_line()
        );
    }
}

#[test]
fn same_seed_same_file_whatever_the_threads() {
    let run = |threads: &str| {
        dlx()
            .args([
                "gen", "--size", "3", "--count", "40", "--seed", "11", "-j", threads,
            ])
            .output()
            .unwrap()
            .stdout
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    let text = String::from_utf8(one.clone()).unwrap();
    assert!(text.starts_with("# dlx gen --size 3 --count 40 --seed 11 --minimal"));
    let puzzles = puzzles_of(&one);
    assert_eq!(puzzles.len(), 40);
    puzzles.iter().for_each(assert_unique);
}

/// A check budget too small to prove removals keeps their clues: the
/// puzzles are still unique, and a note says they may not be minimal.
#[test]
fn a_check_budget_that_runs_out_is_noted() {
    let gen = |budget: &str| {
        dlx()
            .args([
                "gen",
                "--count",
                "3",
                "--seed",
                "5",
                "--check-budget",
                budget,
            ])
            .output()
            .unwrap()
    };
    let tight = gen("1");
    assert!(tight.status.success());
    let err = String::from_utf8_lossy(&tight.stderr);
    assert!(
        err.contains("in 3 puzzles ran out of the check budget of 1 nodes"),
        "{err}"
    );
    assert!(err.contains("may not be minimal"), "{err}");
    let puzzles = puzzles_of(&tight.stdout);
    assert_eq!(puzzles.len(), 3);
    puzzles.iter().for_each(assert_unique);
    // With room to prove every removal: minimal, and nothing to note.
    let ample = gen("1000000");
    assert!(ample.status.success());
    assert!(ample.stderr.is_empty(), "{ample:?}");
    let generated = generate(&GenOptions::new(3, 5), 0).unwrap();
    assert_eq!(generated.unproven, 0);
    assert_eq!(puzzles_of(&ample.stdout)[0], generated.puzzle);
}

#[test]
fn every_size_generates_unique_puzzles() {
    for (size, count) in [("2", "20"), ("3", "5"), ("4", "1")] {
        let out = dlx()
            .args(["gen", "--size", size, "--count", count, "--seed", "3"])
            .output()
            .unwrap();
        assert!(out.status.success());
        let puzzles = puzzles_of(&out.stdout);
        assert_eq!(puzzles.len().to_string(), count);
        puzzles.iter().for_each(assert_unique);
    }
}

#[test]
fn rate_and_clue_targets() {
    let out = dlx()
        .args([
            "gen", "--count", "3", "--clues", "30", "--rate", "--seed", "5",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    for line in text.lines().skip(1) {
        assert!(line.contains(" # clues="), "{line}");
        assert!(line.contains("dlx_nodes=") && line.contains("bitmask_guesses="));
    }
    for p in puzzles_of(&out.stdout) {
        assert!(p.givens() <= 30);
        assert_unique(&p);
    }
    // A puzzle that cannot be made is said on stderr and leaves a comment
    // in its place, which the readers skip.
    let out = dlx()
        .args(["gen", "--size", "2", "--clues", "2"])
        .assert()
        .code(1)
        .stderr(predicates::str::contains("could not get down to 2 clues"))
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(
        lines[1].starts_with("# puzzle 1: could not get down to 2 clues"),
        "{out}"
    );
    // As many clues as cells: complete grids; more is refused.
    let out = dlx()
        .args(["gen", "--size", "2", "--clues", "16", "--count", "2"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let grids = puzzles_of(&out.stdout);
    assert_eq!(grids.len(), 2);
    assert!(grids.iter().all(|g| g.givens() == 16), "{grids:?}");
    dlx()
        .args(["gen", "--size", "2", "--clues", "17"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "dlx: --clues 17: a 4x4 grid has only 16 cells (--clues 16 gives complete grids)\n",
        );
}

#[test]
fn sudominoku_generation_matches_the_bundled_set() {
    let out = dlx()
        .args([
            "gen",
            "--kind",
            "sudominoku",
            "--count",
            "100",
            "--seed",
            "1",
        ])
        .output()
        .unwrap();
    let bundled = std::fs::read("puzzles/sudominoku/generated-100.txt").unwrap();
    assert_eq!(out.stdout, bundled);
}

#[test]
fn bundled_generated_sets_are_unique() {
    for (file, step) in [
        ("puzzles/sudoku/minimal-1000.txt", 10),
        ("puzzles/sudoku/hardest-100.txt", 1),
        ("puzzles/sudoku/16x16-100.txt", 10),
        ("puzzles/sudoku/25x25-20.txt", 5),
    ] {
        let text = std::fs::read(file).unwrap();
        let puzzles = puzzles_of(&text);
        assert!(!puzzles.is_empty(), "{file}");
        for p in puzzles.iter().step_by(step) {
            let s = DlxSudoku::new().solve(p, Limits::solutions(2));
            assert_eq!(
                (s.count, s.end),
                (1, End::Exhausted),
                "{file}: {}",
                p.to_line()
            );
        }
    }
}

proptest! {
    #![proptest_config(crate::common::proptest_config(6))]
    /// A minimal puzzle loses uniqueness when any single clue is removed.
    #[test]
    fn minimal_puzzles_are_minimal(seed in 0u64..1_000_000, index in 0u64..1000) {
        let g = generate(&GenOptions { target: Target::Minimal, ..GenOptions::new(3, seed) }, index).unwrap();
        assert_unique(&g.puzzle);
        let mut solver = DlxSudoku::new();
        for k in 0..81 {
            if g.puzzle.cells()[k] != 0 {
                let mut fewer = g.puzzle.clone();
                fewer.set(k / 9, k % 9, 0);
                let s = solver.solve(&fewer, Limits::solutions(2));
                prop_assert_eq!(s.count, 2, "removing clue {} keeps it unique", k);
            }
        }
    }
}
