//! The command-line conventions of 0.4: `-o/--output FILE` (and the old
//! `--out`), `--format STYLE` with a hint for a file name, `>= N` for a
//! capped count, `dlx completions`, `dlx man`, and `dlx check` on the
//! answers to exact-cover problems.
//!
//! Expected counts: 4-queens has 2 solutions and 8-queens 92 (OEIS
//! A000170); Knuth's example from "Dancing Links" (2000) has exactly one
//! solution, the options `A D`, `B G` and `C E F`.

use std::fs;

use assert_cmd::Command;
use dlx_engine::puzzles::sudoku::samples::{EASY, EASY_SOLUTION};
use predicates::prelude::*;

fn dlx() -> Command {
    Command::cargo_bin("dlx").unwrap()
}

/// `dlx solve ARGS FILE` written with `-o` to `name` in `dir`, as a user
/// would; returns the path and the exit status.
fn solve_into(
    dir: &std::path::Path,
    name: &str,
    args: &[&str],
    file: &str,
) -> (std::path::PathBuf, Option<i32>) {
    let answers = dir.join(name);
    let status = dlx()
        .arg("solve")
        .args(args)
        .arg(file)
        .arg("-o")
        .arg(&answers)
        .output()
        .unwrap()
        .status
        .code();
    (answers, status)
}

/// [`solve_into`] `answers.txt`, for a run that must succeed.
fn solve_to(dir: &std::path::Path, args: &[&str], file: &str) -> std::path::PathBuf {
    let (answers, status) = solve_into(dir, "answers.txt", args, file);
    assert_eq!(status, Some(0), "dlx solve {args:?} {file}");
    answers
}

/// [`solve_into`] `any.txt`, for a run that may fail (a limit mark).
fn solve_to_any_status(dir: &std::path::Path, args: &[&str], file: &str) -> std::path::PathBuf {
    solve_into(dir, "any.txt", args, file).0
}

/// `dlx check PUZZLES --solutions ANSWERS`.
fn check(puzzles: &str, answers: &std::path::Path) -> assert_cmd::assert::Assert {
    dlx()
        .arg("check")
        .arg(puzzles)
        .arg("--solutions")
        .arg(answers)
        .assert()
}

#[test]
fn output_names_the_answer_file_and_out_is_an_alias() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.txt");
    fs::write(&input, format!("{EASY}\n")).unwrap();
    for flag in ["-o", "--output", "--out"] {
        let out = dir.path().join(format!("answers{flag}.txt"));
        dlx()
            .arg("solve")
            .arg(&input)
            .arg(flag)
            .arg(&out)
            .assert()
            .success()
            .stdout("");
        assert_eq!(
            fs::read_to_string(&out).unwrap(),
            format!("{EASY_SOLUTION}\n"),
            "{flag}"
        );
    }
}

#[test]
fn format_sets_the_style_and_a_file_name_there_gets_a_hint() {
    dlx()
        .args(["solve", "--format", "grid"])
        .write_stdin(format!("{EASY}\n"))
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            EASY_SOLUTION[..9]
                .chars()
                .map(String::from)
                .collect::<Vec<_>>()
                .join(" "),
        ));
    dlx()
        .args(["solve", "--format", "answers.txt"])
        .write_stdin(format!("{EASY}\n"))
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("use -o answers.txt"));
    // A plain unknown style gets clap's list of the styles.
    dlx()
        .args(["solve", "--format", "fancy"])
        .write_stdin(format!("{EASY}\n"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("line, grid, pretty, rows"));
}

#[test]
fn a_capped_count_is_marked_as_a_lower_bound_and_an_exact_one_is_not() {
    // 8-queens has 92 solutions: capped at 10, at least 10.
    dlx()
        .args([
            "solve",
            "--count",
            "--max-solutions",
            "10",
            "puzzles/xc/queens-8.dlx",
        ])
        .assert()
        .success()
        .stdout(">= 10\n");
    // A cap above the count changes nothing: the count is exact.
    dlx()
        .args([
            "solve",
            "--count",
            "--max-solutions",
            "100",
            "puzzles/xc/queens-8.dlx",
        ])
        .assert()
        .success()
        .stdout("92\n");
    dlx()
        .args(["solve", "--count", "puzzles/xc/queens-4.dlx"])
        .assert()
        .success()
        .stdout("2\n");
}

#[test]
fn completions_are_generated_for_each_shell() {
    for (shell, mark) in [
        ("bash", "_dlx()"),
        ("zsh", "#compdef dlx"),
        ("fish", "complete -c dlx"),
        ("elvish", "dlx"),
        ("powershell", "dlx"),
    ] {
        let out = dlx().args(["completions", shell]).output().unwrap();
        assert!(out.status.success(), "{shell}");
        let script = String::from_utf8(out.stdout).unwrap();
        assert!(script.contains(mark), "{shell}: {script}");
        // Every command and the new flags are offered.
        for word in ["solve", "check", "format"] {
            assert!(script.contains(word), "{shell}: no {word}");
        }
    }
    dlx()
        .args(["completions", "tcsh"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("invalid value"));
}

#[test]
fn the_man_page_documents_every_command() {
    let out = dlx().arg("man").output().unwrap();
    assert!(out.status.success());
    let page = String::from_utf8(out.stdout).unwrap();
    assert!(
        page.starts_with(".ie") || page.contains(".TH dlx 1"),
        "{page}"
    );
    for section in ["DLX SOLVE", "DLX CHECK", "DLX GEN", "DLX BENCH"] {
        assert!(page.contains(section), "no {section}");
    }
    // Roff escapes the dashes of options.
    assert!(page.contains("\\-\\-format"));
    assert!(page.contains("\\-\\-max\\-solutions"));
}

#[test]
fn help_has_one_line_per_flag_and_details_in_long_help() {
    let short = dlx().args(["solve", "-h"]).output().unwrap();
    let short = String::from_utf8(short.stdout).unwrap();
    let long = dlx().args(["solve", "--help"]).output().unwrap();
    let long = String::from_utf8(long.stdout).unwrap();
    // The details of --timeout-ms are in --help only.
    assert!(!short.contains("262,144"), "{short}");
    assert!(long.contains("262,144"), "{long}");
    assert!(short.len() < long.len());
}

#[test]
fn check_verifies_an_exact_cover_solution() {
    let dir = tempfile::tempdir().unwrap();
    let file = "puzzles/xc/knuth-example.dlx";
    let answers = solve_to(dir.path(), &[], file);
    check(file, &answers)
        .success()
        .stdout(predicate::str::contains("1 record: 1 solution verified"));
    // The same options, but one that does not cover: `A D` and `B G` leave
    // C, E and F uncovered.
    fs::write(&answers, "A D\nB G\n").unwrap();
    check(file, &answers)
        .code(1)
        .stderr(predicate::str::contains("not an exact cover"))
        .stderr(predicate::str::contains("`C` is not covered"));
    // A line that is no option of the problem is named.
    fs::write(&answers, "A D\nB G\nC E G\n").unwrap();
    check(file, &answers)
        .code(1)
        .stderr(predicate::str::contains(
            "answers.txt:3: `C E G` is not an option",
        ));
}

#[test]
fn check_verifies_a_listing_and_its_count() {
    let dir = tempfile::tempdir().unwrap();
    let file = "puzzles/xc/queens-4.dlx";
    let answers = solve_to(dir.path(), &["--all"], file);
    check(file, &answers)
        .success()
        .stdout(predicate::str::contains(
            "2 solutions verified, 1 count recounted",
        ));
    // A listing capped by --max-solutions is a lower bound.
    let answers = solve_to(dir.path(), &["--all", "--max-solutions", "1"], file);
    check(file, &answers).success();
    // A listed solution repeated is caught.
    let text = fs::read_to_string(solve_to(dir.path(), &["--all"], file)).unwrap();
    let first_block = text.split("\n\n").next().unwrap().to_string();
    fs::write(
        &answers,
        format!("{first_block}\n\n{first_block}\n\n2 solution(s)\n"),
    )
    .unwrap();
    check(file, &answers)
        .code(1)
        .stderr(predicate::str::contains("listed before"));
    // A total that disagrees with the solutions listed.
    fs::write(&answers, format!("{first_block}\n\n1 solution(s)\n")).unwrap();
    check(file, &answers)
        .code(1)
        .stderr(predicate::str::contains("recount finds"));
}

#[test]
fn check_recounts_exact_cover_counts_verdicts_and_marks() {
    let dir = tempfile::tempdir().unwrap();
    let answers = dir.path().join("answers.txt");
    let queens8 = "puzzles/xc/queens-8.dlx";
    for (claim, ok) in [
        ("92", true),
        ("91", false),
        (">= 10", true),
        (">= 93", false),
        ("multiple", true),
        ("unique", false),
        ("none", false),
        ("! unsolvable: the problem has no solution", false),
    ] {
        fs::write(&answers, format!("{claim}\n")).unwrap();
        let status = dlx()
            .arg("check")
            .arg(queens8)
            .arg("--solutions")
            .arg(&answers)
            .output()
            .unwrap()
            .status
            .code();
        assert_eq!(status, Some(if ok { 0 } else { 1 }), "{claim}");
    }
    // What `dlx solve` writes for those questions passes the check.
    for args in [
        &["--count"][..],
        &["--count", "--max-solutions", "7"],
        &["--unique"],
        &["--node-limit", "3"],
    ] {
        let answers = solve_to_any_status(dir.path(), args, queens8);
        check(queens8, &answers).success();
    }
}

#[test]
fn check_confirms_an_unsolvable_problem_and_an_invalid_one() {
    let dir = tempfile::tempdir().unwrap();
    // 2-queens and 3-queens have no solution (OEIS A000170).
    for file in ["puzzles/xc/queens-2.dlx", "puzzles/xc/queens-3.dlx"] {
        let answers = solve_to_any_status(dir.path(), &[], file);
        check(file, &answers)
            .success()
            .stdout(predicate::str::contains("1 mark confirmed"));
    }
    let bad = dir.path().join("bad.dlx");
    fs::write(&bad, "a b\na z\n").unwrap();
    let answers = solve_to_any_status(dir.path(), &["--kind", "xc"], bad.to_str().unwrap());
    assert!(fs::read_to_string(&answers)
        .unwrap()
        .starts_with("! invalid"));
    dlx()
        .args(["check", "--kind", "xc"])
        .arg(&bad)
        .arg("--solutions")
        .arg(&answers)
        .assert()
        .success();
}

#[test]
fn check_reads_capped_sudoku_counts_as_lower_bounds() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.txt");
    fs::write(&empty, format!("{}\n", ".".repeat(81))).unwrap();
    let answers = solve_to(
        dir.path(),
        &["--count", "--max-solutions", "5"],
        empty.to_str().unwrap(),
    );
    assert_eq!(fs::read_to_string(&answers).unwrap(), ">= 5\n");
    // No --max-solutions needed: the mark says it is a lower bound.
    check(empty.to_str().unwrap(), &answers).success();
    // A unique puzzle cannot have at least 2 solutions.
    let unique = dir.path().join("unique.txt");
    fs::write(&unique, format!("{EASY}\n")).unwrap();
    fs::write(&answers, ">= 2\n").unwrap();
    check(unique.to_str().unwrap(), &answers).code(1);
}
