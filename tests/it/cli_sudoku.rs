//! The `dlx` binary on Sudoku files and standard input.

use std::path::Path;

use assert_cmd::Command;
use dlx_engine::puzzles::sudoku::samples::{EASY, EASY_SOLUTION};
use predicates::prelude::*;

fn dlx() -> Command {
    Command::cargo_bin("dlx").unwrap()
}

/// `dlx check PUZZLES --solutions ANSWERS`, run.
fn check(puzzles: &Path, answers: &Path) -> assert_cmd::assert::Assert {
    dlx()
        .arg("check")
        .arg(puzzles)
        .arg("--solutions")
        .arg(answers)
        .assert()
}

#[test]
fn line_puzzle_on_stdin() {
    for solver in ["dlx", "naive", "bitmask"] {
        dlx()
            .args(["solve", "--solver", solver, "-j", "1"])
            .write_stdin(format!("{EASY}\n"))
            .assert()
            .success()
            .stdout(format!("{EASY_SOLUTION}\n"));
    }
}

/// `-o -` is standard output, as `-` among the inputs is standard input:
/// no file named `-` appears.
#[test]
fn out_dash_is_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    dlx()
        .current_dir(dir.path())
        .args(["solve", "-o", "-", "-"])
        .write_stdin(format!("{EASY}\n"))
        .assert()
        .success()
        .stdout(format!("{EASY_SOLUTION}\n"));
    assert!(!dir.path().join("-").exists());
}

#[test]
fn baekjoon_2580_prints_the_judge_format() {
    let expected = "1 3 5 4 6 9 2 7 8\n7 8 2 1 3 5 6 4 9\n4 6 9 2 7 8 1 3 5\n3 2 1 5 4 6 8 9 7\n\
                    8 7 4 9 1 3 5 2 6\n5 9 6 8 2 7 4 1 3\n9 1 7 6 5 2 3 8 4\n6 4 3 7 8 1 9 5 2\n2 5 8 3 9 4 7 6 1\n";
    dlx()
        .arg("solve")
        .pipe_stdin("puzzles/sudoku/baekjoon-2580.txt")
        .unwrap()
        .assert()
        .success()
        .stdout(expected);
    // The all-zero grid: any solution, at once.
    let zeros = "0 0 0 0 0 0 0 0 0\n".repeat(9);
    let out = dlx().arg("solve").write_stdin(zeros).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 9);
    assert!(text.lines().all(|l| l.split(' ').count() == 9));
}

#[test]
fn pretty_grid_keeps_its_style() {
    let out = dlx()
        .args(["solve", "puzzles/sudoku/pretty.txt"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("5 3 4 | 6 7 8 | 9 1 2\n"));
    assert!(text.contains("------+-------+------\n"));
    dlx()
        .args(["solve", "--format", "line", "puzzles/sudoku/pretty.txt"])
        .assert()
        .success()
        .stdout(format!("{EASY_SOLUTION}\n"));
}

#[test]
fn bad_records_are_marked_in_place_and_the_rest_solved() {
    let assert = dlx()
        .args(["solve", "puzzles/bad/sudoku-bad-records.txt"])
        .assert()
        .code(1);
    let out = assert.get_output();
    let stdout = String::from_utf8(out.stdout.clone()).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 6, "one result per record");
    assert_eq!(lines[0], EASY_SOLUTION);
    assert!(lines[1].starts_with("! invalid: wrong length: 80 cells"));
    assert!(lines[2].starts_with("! invalid: digit 5 appears twice in row 1"));
    assert!(lines[3].starts_with("! invalid: bad symbol `x` at cell 81"));
    assert_eq!(lines[4], "! unsolvable: the puzzle has no solution");
    assert_eq!(lines[5].len(), 81);
    let stderr = String::from_utf8(out.stderr.clone()).unwrap();
    assert_eq!(
        stderr,
        "puzzles/bad/sudoku-bad-records.txt:3: wrong length: 80 cells (expected 16, 36, 64, 81, 100, 144, 196, 225, 256, 324, 400, 441, 484, 576 or 625)\n\
         puzzles/bad/sudoku-bad-records.txt:4: digit 5 appears twice in row 1 (cells r1c1 and r1c2)\n\
         puzzles/bad/sudoku-bad-records.txt:5: bad symbol `x` at cell 81 (row 9, column 9)\n\
         puzzles/bad/sudoku-bad-records.txt:6: unsolvable: the puzzle has no solution\n"
    );
}

#[test]
fn count_and_unique_modes() {
    let empty4 = ".".repeat(16);
    dlx()
        .args(["solve", "--count", "--max-solutions", "1000"])
        .write_stdin(format!("{empty4}\n"))
        .assert()
        .success()
        .stdout("288\n");
    // Without --max-solutions the count is uncapped, for every solver.
    for solver in ["dlx", "bitmask", "naive"] {
        dlx()
            .args(["solve", "--count", "--solver", solver])
            .write_stdin(format!("{empty4}\n"))
            .assert()
            .success()
            .stdout("288\n");
    }
    dlx()
        .args(["solve", "--count", "--max-solutions", "50"])
        .write_stdin(format!("{}\n", ".".repeat(81)))
        .assert()
        .success()
        // A count stopped by the cap is a lower bound, and says so.
        .stdout(">= 50\n");
    dlx()
        .args(["solve", "--unique"])
        .write_stdin(format!("{EASY}\n{}\n", ".".repeat(81)))
        .assert()
        .success()
        .stdout("unique\nmultiple\n");
}

#[test]
fn solve_then_check_agrees() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("answers.txt");
    dlx()
        .args(["solve", "puzzles/sudoku/examples.txt", "-o"])
        .arg(&out)
        .assert()
        .success();
    dlx()
        .args(["check", "puzzles/sudoku/examples.txt", "--solutions"])
        .arg(&out)
        .assert()
        .success()
        .stdout(predicate::str::starts_with("ok: 3 records"));
    // A tampered answer is caught with its line.
    let text = std::fs::read_to_string(&out)
        .unwrap()
        .replacen("534", "543", 1);
    std::fs::write(&out, text).unwrap();
    dlx()
        .args(["check", "puzzles/sudoku/examples.txt", "--solutions"])
        .arg(&out)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "answers.txt:1: given 3 at r1c2 was changed to 4",
        ));
}

/// `dlx check` on answers written by hand: `#` comment lines are skipped,
/// a one-line answer of the wrong length is named as such (not read as the
/// first row of a grid), and a title in its `# ` form that differs is named.
#[test]
fn check_reads_comments_short_lines_and_comment_titles() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: String| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path
    };
    let puzzles = write("p.txt", format!("{EASY}\n{EASY}\n"));
    let commented = write(
        "commented.txt",
        format!("# answers by hand\n{EASY_SOLUTION}\n# the same again\n{EASY_SOLUTION}\n"),
    );
    check(&puzzles, &commented)
        .success()
        .stdout(predicate::str::starts_with("ok: 2 records"));
    let short = write(
        "short.txt",
        format!("{EASY_SOLUTION}\n{}\n", &EASY_SOLUTION[..80]),
    );
    check(&puzzles, &short)
        .code(1)
        .stderr(predicate::str::contains(
            "short.txt:2: wrong length: 80 cells",
        ));
    // A title stands above a grid: EASY as nine bare rows.
    let rows: Vec<&str> = (0..9).map(|r| &EASY[9 * r..9 * r + 9]).collect();
    let grid = rows.join("\n");
    let titled = write("titled.txt", format!("Grid 01\n{grid}\nGrid 02\n{grid}\n"));
    let retitled = write(
        "retitled.txt",
        format!("# Grid 01\n{EASY_SOLUTION}\n# Grid 99\n{EASY_SOLUTION}\n"),
    );
    check(&titled, &retitled)
        .code(1)
        .stderr(predicate::str::contains(
            "retitled.txt:3: expected the title `Grid 02` above the answer, found `# Grid 99`",
        ));
}

#[test]
fn check_confirms_marks() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("answers.txt");
    dlx()
        .args(["solve", "puzzles/bad/sudoku-bad-records.txt", "-o"])
        .arg(&out)
        .assert()
        .code(1);
    dlx()
        .args(["check", "puzzles/bad/sudoku-bad-records.txt", "--solutions"])
        .arg(&out)
        .assert()
        .success()
        .stdout(predicate::str::contains("2 solutions verified"));
}

#[test]
fn unwritable_output_fails_before_work() {
    dlx()
        .args([
            "solve",
            "puzzles/sudoku/examples.txt",
            "-o",
            "/no/such/dir/out.txt",
        ])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("/no/such/dir/out.txt"));
}

#[test]
fn node_limit_marks_the_record() {
    dlx()
        .args(["solve", "--solver", "naive", "--node-limit", "5"])
        .write_stdin(format!("{EASY}\n"))
        .assert()
        .code(1)
        .stdout("! limit: node budget of 5 reached\n")
        .stderr("<stdin>:1: limit: node budget of 5 reached\n");
}

#[test]
fn usage_errors_exit_2() {
    dlx().args(["solve", "--threads", "0"]).assert().code(2);
    dlx()
        .args(["solve", "--count", "--unique"])
        .assert()
        .code(2);
}

/// Grid answers are set apart by a blank line across files too, so the
/// output of several grid files reads like the output of their
/// concatenation.
#[test]
fn grid_answers_of_several_files_are_set_apart() {
    let file = "puzzles/sudoku/baekjoon-2580.txt";
    let once = dlx().args(["solve", file]).output().unwrap();
    let twice = dlx().args(["solve", file, file]).output().unwrap();
    assert!(once.status.success() && twice.status.success());
    let once = String::from_utf8(once.stdout).unwrap();
    let twice = String::from_utf8(twice.stdout).unwrap();
    assert_eq!(twice, format!("{once}\n{once}"));
}

/// A 16x16 puzzle of bare rows whose third row holds only blanks and 1-4
/// (so could be a 4x4 puzzle) is one grid: one solution, in rows, that
/// `dlx check` confirms.
#[test]
fn bare_16x16_rows_with_a_row_of_only_1_to_4_are_one_grid() {
    let text = std::fs::read_to_string("puzzles/sudoku/16x16-100.txt").unwrap();
    let puzzle: String = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .nth(5)
        .unwrap()
        .into();
    let low: String = puzzle[32..48]
        .chars()
        .map(|c| if ('1'..='4').contains(&c) { c } else { '.' })
        .collect();
    let puzzle = format!("{}{low}{}", &puzzle[..32], &puzzle[48..]);
    let rows: String = (0..16)
        .map(|r| format!("{}\n", &puzzle[16 * r..16 * r + 16]))
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("r16t.txt");
    std::fs::write(&path, rows).unwrap();
    let out = dlx().arg("solve").arg(&path).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let answer = String::from_utf8(out.stdout).unwrap();
    assert_eq!(answer.lines().count(), 16, "{answer}");
    assert!(
        answer.lines().all(|l| l.len() == 16 && !l.contains('.')),
        "{answer}"
    );
    let answers = dir.path().join("answers.txt");
    std::fs::write(&answers, &answer).unwrap();
    check(&path, &answers).success();
}

/// A title with a comma on the first line (not a CSV header) is written
/// back above its grid's answer, as one further down is.
#[test]
fn a_first_title_with_a_comma_is_kept() {
    let grid = std::fs::read_to_string("puzzles/sudoku/baekjoon-2580.txt").unwrap();
    let out = dlx()
        .arg("solve")
        .write_stdin(format!("Puzzle 1, hard\n{grid}Puzzle 2; easy\n{grid}"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let titles: Vec<&str> = text.lines().filter(|l| l.starts_with("Puzzle")).collect();
    assert_eq!(titles, ["Puzzle 1, hard", "Puzzle 2; easy"], "{text}");
    assert!(
        text.starts_with("Puzzle 1, hard\n1 3 5 4 6 9 2 7 8\n"),
        "{text}"
    );
}

/// A tab in a title is written back as a tab (it was `\t`), and `dlx
/// check` matches it; an escape sequence is still written escaped.
#[test]
fn a_tab_in_a_title_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let grid = std::fs::read_to_string("puzzles/sudoku/baekjoon-2580.txt").unwrap();
    let puzzles = dir.path().join("p.txt");
    std::fs::write(
        &puzzles,
        format!("Grid\t01 hard\n{grid}Grid\u{1b}[2J 02\n{grid}"),
    )
    .unwrap();
    let out = dlx().arg("solve").arg(&puzzles).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let titles: Vec<&str> = text.lines().filter(|l| l.starts_with("Grid")).collect();
    assert_eq!(titles, ["Grid\t01 hard", "Grid\\u{1b}[2J 02"], "{text}");
    let answers = dir.path().join("answers.txt");
    std::fs::write(&answers, &text).unwrap();
    check(&puzzles, &answers).success();
}

/// Baekjoon 2580's grid saved from a spreadsheet with a separator after
/// every row's last cell (`0;3;5;...;8;`) is solved, answered as a numeric
/// grid (it was nine "no puzzle among the CSV fields").
#[test]
fn csv_grid_rows_with_a_trailing_separator_are_solved() {
    let grid = std::fs::read_to_string("puzzles/sudoku/baekjoon-2580.txt").unwrap();
    let expected = dlx()
        .arg("solve")
        .write_stdin(grid.clone())
        .output()
        .unwrap()
        .stdout;
    for sep in [";", ","] {
        let csv: String = grid
            .lines()
            .map(|r| format!("{}{sep}\n", r.replace(' ', sep)))
            .collect();
        dlx()
            .arg("solve")
            .write_stdin(csv)
            .assert()
            .success()
            .stdout(String::from_utf8(expected.clone()).unwrap());
    }
}
