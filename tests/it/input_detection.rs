//! How `dlx` decides what an input is and reads its edges, through the real
//! binary: kind detection by a vote over the first lines (whatever the first
//! line is, however the input arrives), byte-order marks, old-Mac line ends,
//! grids after a bad grid row, `--all` on puzzles, and Sudominoku text after
//! the terminating `0`.

use std::io::Write;
use std::path::Path;
use std::process::Stdio;

use assert_cmd::Command;

use crate::common::child::HANG_LIMIT;
use dlx_engine::puzzles::sudoku::samples::{EASY, EASY_SOLUTION, HARD, HARD_SOLUTION};

/// The reason of a title-like line with no grid under it.
const TITLE_WITHOUT_GRID: &str = "not a puzzle line or a grid row (a title must stand directly \
                                  above a grid; above a puzzle line write it as a `#` comment)";
const SUDOMINOKU: &str = include_str!("../../puzzles/sudominoku/sample-own.txt");
const SUDOMINOKU_OUT: &str = include_str!("../../puzzles/sudominoku/sample-own.out");
const GRID: &str = include_str!("../../puzzles/sudoku/baekjoon-2580.txt");
const GRID_SOLUTION: &str = "1 3 5 4 6 9 2 7 8\n7 8 2 1 3 5 6 4 9\n4 6 9 2 7 8 1 3 5\n\
                             3 2 1 5 4 6 8 9 7\n8 7 4 9 1 3 5 2 6\n5 9 6 8 2 7 4 1 3\n\
                             9 1 7 6 5 2 3 8 4\n6 4 3 7 8 1 9 5 2\n2 5 8 3 9 4 7 6 1\n";

/// `dlx`, killed if it runs past the hang limit (it was 60 s, which a
/// loaded machine could take; every run here takes milliseconds).
fn dlx() -> Command {
    let mut cmd = Command::cargo_bin("dlx").unwrap();
    cmd.timeout(HANG_LIMIT);
    cmd
}

/// What `dlx solve -j 2 ARGS input.txt` did with `input`: exit status,
/// stdout, stderr.
fn solve(input: impl AsRef<[u8]>, args: &[&str]) -> (i32, String, String) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("input.txt"), input).unwrap();
    let out = dlx()
        .current_dir(dir.path())
        .args(["solve", "-j", "2"])
        .args(args)
        .arg("input.txt")
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The answers of `sample-own.out` for puzzles `from..=to` (1-based).
fn sudominoku_answers(from: usize, to: usize) -> String {
    SUDOMINOKU_OUT
        .split_inclusive('\n')
        .skip(10 * (from - 1))
        .take(10 * (to + 1 - from))
        .collect()
}

#[test]
fn a_title_line_does_not_hide_the_puzzles() {
    // The reason says how to keep such a line.
    let (code, out, err) = solve(format!("My puzzles\n{EASY}\n{HARD}\n"), &[]);
    assert_eq!(
        out,
        format!("! invalid: {TITLE_WITHOUT_GRID}\n{EASY_SOLUTION}\n{HARD_SOLUTION}\n")
    );
    assert_eq!(err, format!("input.txt:1: {TITLE_WITHOUT_GRID}\n"));
    assert_eq!(code, 1);
    // A rating after the first puzzle: that line is bad (and the message
    // says how to keep a note), the rest is read.
    let (code, out, _) = solve(format!("{EASY} hard\n{HARD}\n"), &[]);
    let reason = "text after the puzzle (`hard`): put notes after ` # ` to keep them";
    assert_eq!(out, format!("! invalid: {reason}\n{HARD_SOLUTION}\n"));
    assert_eq!(code, 1);
}

#[test]
fn a_bad_first_cell_of_a_grid_costs_that_grid_only() {
    // Baekjoon 2580 grids back to back; the first one's first cell is bad.
    for bad in ["x", "10"] {
        let input = format!("{}{GRID}", GRID.replacen('0', bad, 1));
        let (code, out, err) = solve(&input, &[]);
        let reason = format!("bad symbol `{bad}` at cell 1 (row 1, column 1)");
        assert_eq!(
            out,
            format!("! invalid: {reason}\n\n{GRID_SOLUTION}"),
            "{bad}"
        );
        assert_eq!(err, format!("input.txt:1: {reason}\n"));
        assert_eq!(code, 1);
    }
    // A first row a cell short, grids back to back.
    let short = GRID.replacen("0 3 5", "3 5", 1);
    let (code, out, err) = solve(format!("{short}{GRID}"), &[]);
    assert_eq!(
        out,
        format!("! invalid: row 1 has 8 entries, expected 9\n\n{GRID_SOLUTION}")
    );
    assert_eq!(err, "input.txt:1: row 1 has 8 entries, expected 9\n");
    assert_eq!(code, 1);
}

#[test]
fn a_stray_line_above_whole_grids_is_a_record_of_its_own() {
    let grids = |k: usize| format!("\n{GRID_SOLUTION}").repeat(k);
    // `input` is one bad record on line 1 for `reason`, then `after`.
    let one_bad_then = |input: String, reason: &str, after: String| {
        let (code, out, err) = solve(&input, &[]);
        assert_eq!(out, format!("! invalid: {reason}\n{after}"), "{input}");
        assert_eq!(err, format!("input.txt:1: {reason}\n"));
        assert_eq!(code, 1);
    };
    // A line of about a row's length, then one, two or three whole grids
    // back to back: the line is one bad record, every grid is solved.
    for k in 1..=3 {
        let input = format!("3 5 4 6 9 2 7 8\n{}", GRID.repeat(k));
        one_bad_then(input, "not a puzzle line or a grid row", grids(k));
    }
    // Above bare rows.
    let bare: String = GRID.replace(' ', "").replace('0', ".");
    one_bad_then(
        format!("..3...6\n{bare}"),
        "wrong length: 7 cells (expected 16, 36, 64, 81, 100, 144, 196, 225, 256, 324, 400, 441, 484, 576 or 625)",
        format!("\n{}", GRID_SOLUTION.replace(' ', "")),
    );
    // A row of a 4x4 grid above a whole 9x9 grid: a 4x4 grid of one row.
    one_bad_then(
        format!("0 0 3 0\n{GRID}{GRID}"),
        "grid ends after 1 of 4 rows",
        grids(2),
    );
    // But a first row a cell short, with the rest of its grid: one bad
    // record, alone or before whole grids.
    let short = GRID.replacen("0 3 5", "3 5", 1);
    for k in 0..=2 {
        let input = format!("{short}{}", GRID.repeat(k));
        one_bad_then(input, "row 1 has 8 entries, expected 9", grids(k));
    }
    // A 16x16 grid whose first row lost a cell, then a 4x4 puzzle line:
    // that line is no 16th row, so the grid is not whole after a stray.
    let line = std::fs::read_to_string("puzzles/sudoku/16x16-100.txt").unwrap();
    let line = line.lines().find(|l| l.len() == 256).unwrap();
    let rows: Vec<&str> = (0..16).map(|r| &line[16 * r..16 * (r + 1)]).collect();
    let input = format!(
        "{}\n{}\n..42.....3.....4\n",
        &rows[0][1..],
        rows[1..].join("\n")
    );
    one_bad_then(
        input,
        "row 1 has 15 entries, expected 16",
        "3142241343211234\n".into(),
    );
    // Two faults, a first row a cell short and a row too many later: the
    // rows also count two whole grids after a stray line, but cut that way
    // the puzzles would be made of two grids' rows. Nothing clashes, so
    // the grids are left as they stand (two bad records, no answer made up).
    let input = "0 0 3\n0 2 0 0\n1 0 0 0\n0 0 1 0\n3 0 0 4\n1 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 3 0\n";
    let (code, out, err) = solve(input, &["--format", "line"]);
    assert_eq!(
        out,
        "! invalid: row 1 has 3 entries, expected 4\n\
         ! invalid: grid has a row too many: 5 rows up to line 9\n"
    );
    assert_eq!(
        err,
        "input.txt:1: row 1 has 3 entries, expected 4\n\
         input.txt:5: grid has a row too many: 5 rows up to line 9\n"
    );
    assert_eq!(code, 1);
}

#[test]
fn old_mac_line_ends_are_read() {
    let (code, out, err) = solve(format!("{EASY}\r{HARD}\r"), &[]);
    assert_eq!(out, format!("{EASY_SOLUTION}\n{HARD_SOLUTION}\n"));
    assert_eq!((code, err.as_str()), (0, ""));
    let (code, out, err) = solve(GRID.replace('\n', "\r"), &[]);
    assert_eq!(out, GRID_SOLUTION);
    assert_eq!((code, err.as_str()), (0, ""));
    let (code, out, err) = solve(SUDOMINOKU.replace('\n', "\r"), &[]);
    assert_eq!(out, SUDOMINOKU_OUT);
    assert_eq!((code, err.as_str()), (0, ""));
    let (code, out, _) = solve("| comment\ra b c\ra b\rc\r", &[]);
    assert_eq!((code, out.as_str()), (0, "a b\nc\n"));
}

#[test]
fn sudominoku_with_a_bad_first_line_is_still_sudominoku() {
    // The bundled file: one record, as its README says.
    let out = dlx()
        .args([
            "solve",
            "puzzles/sudominoku/bad-inputs/count-not-a-number.txt",
        ])
        .output()
        .unwrap();
    let reason = "expected the number of placed dominoes (or 0 to end), found \"ten\"";
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("Puzzle 1\n! invalid: {reason}\n")
    );
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        format!("puzzles/sudominoku/bad-inputs/count-not-a-number.txt:1: {reason}\n")
    );
    assert_eq!(out.status.code(), Some(1));
    // A bad position on line 2: puzzle 1 is marked, the other four solved.
    let (code, out, err) = solve(SUDOMINOKU.replacen("F4", "F10", 1), &[]);
    let reason = "bad position \"F10\" (expected a row A-I and a column 1-9, e.g. B2)";
    assert_eq!(
        out,
        format!(
            "Puzzle 1\n! invalid: {reason}\n{}",
            sudominoku_answers(2, 5)
        )
    );
    assert_eq!(err, format!("input.txt:2: {reason}\n"));
    assert_eq!(code, 1);
}

/// On a pipe the first read may return one line: detection waits for more.
/// The rest is written once dlx has taken the first line from the pipe
/// (on Linux, seen with `FIONREAD`; it was a sleep of 500 ms, which a
/// loaded machine could outlast before dlx read anything, so that both
/// pieces came in one read and the test showed nothing).
#[test]
fn stdin_delivered_in_pieces_is_detected_the_same() {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("dlx"))
        .args(["solve", "-j", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let (first, rest) = SUDOMINOKU.split_at(SUDOMINOKU.find('\n').unwrap() + 1);
    stdin.write_all(first.as_bytes()).unwrap();
    stdin.flush().unwrap();
    #[cfg(target_os = "linux")]
    crate::common::child::wait_until_taken(&stdin);
    // Elsewhere: a pause, which the verdict does not depend on.
    #[cfg(not(target_os = "linux"))]
    std::thread::sleep(std::time::Duration::from_millis(500));
    stdin.write_all(rest.as_bytes()).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), SUDOMINOKU_OUT);
    assert_eq!(String::from_utf8(out.stderr).unwrap(), "");
    assert!(out.status.success());
}

#[test]
fn a_lone_zero_is_an_empty_sudominoku_input() {
    let (code, out, err) = solve("0\n", &[]);
    assert_eq!((code, out.as_str()), (0, ""));
    assert!(
        err.starts_with("input.txt: note: no puzzles in this input"),
        "{err}"
    );
}

#[test]
fn an_input_without_puzzles_is_noted() {
    for input in ["", "\n\n", "# only a comment\n"] {
        let (code, out, err) = solve(input, &[]);
        assert_eq!((code, out.as_str()), (0, ""), "{input:?}");
        assert_eq!(
            err.lines().collect::<Vec<_>>(),
            [
                "input.txt: note: no puzzles in this input (it is empty or holds only blank \
              lines, comments or a terminator)"
            ],
            "{input:?}"
        );
    }
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let bom = "\u{feff}";
    let (code, out, err) = solve(format!("{bom}{EASY}\n"), &[]);
    assert_eq!(
        (code, out, err),
        (0, format!("{EASY_SOLUTION}\n"), String::new())
    );
    let (code, out, err) = solve(format!("{bom}a b c\na b\nc\n"), &[]);
    assert_eq!((code, out.as_str(), err.as_str()), (0, "a b\nc\n", ""));
    let (code, out, err) = solve(format!("{bom}{SUDOMINOKU}"), &[]);
    assert_eq!((code, out.as_str(), err.as_str()), (0, SUDOMINOKU_OUT, ""));
    // Also when the kind is given.
    let (code, out, _) = solve(format!("{bom}a b c\na b\nc\n"), &["--kind", "xc"]);
    assert_eq!((code, out.as_str()), (0, "a b\nc\n"));
}

#[test]
fn all_is_refused_for_puzzles() {
    let empty = ".".repeat(81);
    for (input, kind) in [
        (format!("{empty}\n"), "Sudoku"),
        (SUDOMINOKU.to_string(), "Sudominoku"),
    ] {
        let (code, out, err) = solve(&input, &["--all"]);
        assert_eq!(out, "", "{kind}");
        assert!(
            err.starts_with(&format!(
                "dlx: input.txt: --all lists the solutions of exact-cover files only, \
                 and this reads (from its content) as a {kind} input: use --count"
            )),
            "{err}"
        );
        assert!(err.contains("--unique"), "{err}");
        assert_eq!(code, 2);
    }
    // Exact-cover files still list every solution.
    let (code, out, _) = solve("a b\na\nb\na b\n", &["--all"]);
    assert_eq!(code, 0);
    assert_eq!(out, "a\nb\n\na b\n\n2 solution(s)\n");
}

#[test]
fn sudominoku_text_after_the_terminator_is_reported() {
    let first: String = SUDOMINOKU.split_inclusive('\n').take(12).collect();
    let rest: String = SUDOMINOKU.split_inclusive('\n').skip(12).collect();
    let (code, out, err) = solve(format!("{first}0\n{rest}"), &[]);
    let reason = "found \"10\" after the terminating 0 on line 13: \
                  the 0 ends the input, nothing after it is read";
    assert_eq!(
        out,
        format!(
            "{}Puzzle 2\n! invalid: {reason}\n",
            sudominoku_answers(1, 1)
        )
    );
    assert_eq!(err, format!("input.txt:14: {reason}\n"));
    assert_eq!(code, 1);
}

/// `dlx check` and `dlx bench` detect kinds the same way as `dlx solve`.
#[test]
fn check_and_bench_share_the_detection() {
    let dir = tempfile::tempdir().unwrap();
    let put = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path
    };
    let puzzles = put("p.txt", &format!("My puzzles\n{EASY}\n{HARD}\n"));
    let answers = put(
        "a.txt",
        &format!("! invalid: {TITLE_WITHOUT_GRID}\n{EASY_SOLUTION}\n{HARD_SOLUTION}\n"),
    );
    dlx()
        .arg("check")
        .arg(&puzzles)
        .arg("--solutions")
        .arg(&answers)
        .assert()
        .success();
    let bad_count = put("s.txt", &SUDOMINOKU.replacen("10", "ten", 1));
    let out = dlx()
        .args(["bench", "--solvers", "dlx", "--no-progress"])
        .arg(&bad_count)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(&format!(
            "{}: sudominoku, 4 puzzles (5 records read)",
            Path::new(&bad_count).display()
        )),
        "{text}"
    );
}

/// An option naming every item of a large problem, one of them twice: the
/// repeat is found (quickly) and reported at its line.
#[test]
fn a_long_option_with_a_repeated_item() {
    let items: Vec<String> = (0..50_000).map(|k| format!("i{k}")).collect();
    let line = items.join(" ");
    let (code, out, err) = solve(format!("{line}\n{line}\n{line} i7\n"), &["--count"]);
    assert_eq!(out, "! invalid: item `i7` appears twice in one option\n");
    assert_eq!(err, "input.txt:3: item `i7` appears twice in one option\n");
    assert_eq!(code, 1);
}

/// Exact-cover files that are easy to mistake for Sudoku: a `|` comment
/// that reads like a grid row, numbered items, and options of four
/// one-letter items. Each is counted as exact cover (queens-4 has 2
/// solutions; the last problem has 3).
#[test]
fn exact_cover_that_looks_like_rows_is_exact_cover() {
    let queens = std::fs::read_to_string("puzzles/xc/queens-4.dlx").unwrap();
    let body: String = queens
        .lines()
        .filter(|l| !l.starts_with('|'))
        .map(|l| format!("{l}\n"))
        .collect();
    // queens-4 with every item renamed to a number (primaries, then `|`,
    // then secondaries), so each option is a line of four numbers.
    let mut names: Vec<String> = body
        .lines()
        .next()
        .unwrap()
        .split_whitespace()
        .map(String::from)
        .collect();
    names.retain(|n| n != "|");
    let number = |w: &str| match names.iter().position(|n| n == w) {
        Some(k) => (k + 1).to_string(),
        None => w.to_string(),
    };
    let numbered: String = body
        .lines()
        .map(|l| {
            l.split_whitespace()
                .map(number)
                .collect::<Vec<_>>()
                .join(" ")
                + "\n"
        })
        .collect();
    let letters = "a b c d e f g h\na b c d\ne f g h\na c e g\nb d f h\na b\nc d\n";
    for (name, text, count) in [
        (
            "a comment like a row",
            format!("| 4 x 4 queens\n{body}"),
            "2",
        ),
        ("a banner", format!("|------\n{body}"), "2"),
        ("numbered items", numbered, "2"),
        ("one-letter items", letters.to_string(), "3"),
    ] {
        let (code, out, err) = solve(&text, &["--count"]);
        assert_eq!((code, out.trim(), err.as_str()), (0, count, ""), "{name}");
    }
}

/// A `\r\r\n` line end is one line end with a blank: grids still read, and
/// line numbers stay those of the file.
#[test]
fn cr_cr_lf_line_ends_are_one_line_end() {
    let grid = GRID.replace('\n', "\r\r\n");
    let (code, out, err) = solve(&grid, &[]);
    assert_eq!((code, out.as_str(), err.as_str()), (0, GRID_SOLUTION, ""));
    let lines = format!("{EASY}\r\r\nnot a puzzle\r\r\n{HARD}\r\r\n");
    let (code, out, err) = solve(&lines, &[]);
    assert_eq!(code, 1);
    assert!(err.starts_with("input.txt:2: "), "{err}");
    assert_eq!(out.lines().count(), 3, "{out}");
}

/// A line that happens to have nine words is not taken for a damaged first
/// row, so the grid after it is read whole: a title (its first word starts
/// with two letters) is answered above the grid; nine single letters are
/// a bad record of their own.
#[test]
fn a_nine_word_title_is_not_a_grid_row() {
    let title = "Grid 1 - 9 x 9 - 25 givens";
    let (code, out, err) = solve(format!("{title}\n{GRID}\n{title}\n{GRID}"), &[]);
    assert_eq!((code, err.as_str()), (0, ""));
    let answer = format!("{title}\n{GRID_SOLUTION}");
    assert_eq!(out, format!("{answer}\n{answer}"));
    let letters = "a b c d e f g h i";
    let text = format!("{letters}\n{GRID}\n{letters}\n{GRID}");
    let (code, out, err) = solve(&text, &["--kind", "sudoku"]);
    assert_eq!(code, 1);
    assert_eq!(err.lines().count(), 2, "{err}");
    assert_eq!(out.matches(GRID_SOLUTION).count(), 2, "{out}");
}

/// Project Euler 96's `sudoku.txt` (`Grid NN` above nine rows of digits):
/// every grid is solved and answered under its title, and `dlx check`
/// pairs the titled answers with their puzzles.
#[test]
fn project_euler_titles_are_kept_and_checked() {
    let rows = |line: &str| -> String {
        line.replace('.', "0")
            .as_bytes()
            .chunks(9)
            .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
            .collect()
    };
    let text = format!("Grid 01\n{}Grid 02\n{}", rows(EASY), rows(HARD));
    let (code, out, err) = solve(&text, &["--format", "line"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        format!("# Grid 01\n{EASY_SOLUTION}\n\n# Grid 02\n{HARD_SOLUTION}\n")
    );
    // Answers in the line style read back as the same puzzles' answers.
    let (code, again, err) = solve(&out, &[]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(again, format!("{EASY_SOLUTION}\n{HARD_SOLUTION}\n"));
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("p.txt"), &text).unwrap();
    // Default output (bare rows, as the input), lines, counts, verdicts.
    for mode in [&[][..], &["--format", "line"], &["--count"], &["--unique"]] {
        let answers = dlx()
            .current_dir(dir.path())
            .args(["solve", "p.txt"])
            .args(mode)
            .output()
            .unwrap();
        assert!(answers.status.success(), "{mode:?}");
        std::fs::write(dir.path().join("a.txt"), answers.stdout).unwrap();
        dlx()
            .current_dir(dir.path())
            .args(["check", "p.txt", "--solutions", "a.txt"])
            .assert()
            .success()
            .stdout(predicates::str::contains("ok: 2 records"));
    }
}

/// `dlx check` names a title that differs from the puzzle's.
#[test]
fn check_names_a_changed_title() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("p.txt"), format!("Grid 01\n{GRID}")).unwrap();
    let answers = format!("Grid 1\n{GRID_SOLUTION}");
    std::fs::write(dir.path().join("a.txt"), answers).unwrap();
    dlx()
        .current_dir(dir.path())
        .args(["check", "p.txt", "--solutions", "a.txt"])
        .assert()
        .code(1)
        .stderr(predicates::str::contains(
            "a.txt:1: expected the title `Grid 01` above the answer, found `Grid 1`",
        ));
}

/// Rows of digits with nothing between them (Baekjoon 2239) are answered
/// as such rows, and read back as the same grid.
#[test]
fn bare_rows_are_answered_as_bare_rows() {
    let rows = |line: &str| -> String {
        line.as_bytes()
            .chunks(9)
            .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
            .collect()
    };
    let (code, out, err) = solve(rows(&EASY.replace('.', "0")), &[]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(out, rows(EASY_SOLUTION));
    let (_, again, _) = solve(&out, &["--format", "line"]);
    assert_eq!(again, format!("{EASY_SOLUTION}\n"));
}

/// Kaggle-style CSV (`quizzes,solutions`, then `puzzle,solution` lines):
/// the header is skipped, each line's puzzle field is solved, and a line
/// with no puzzle field is one bad record naming its line.
#[test]
fn csv_files_are_solved_by_their_puzzle_field() {
    let text = format!(
        "quizzes,solutions\n{EASY},{EASY_SOLUTION}\nno_puzzle,here\n\"{HARD}\",{HARD_SOLUTION}\n"
    );
    let (code, out, err) = solve(&text, &[]);
    assert_eq!(code, 1);
    assert_eq!(
        out,
        format!("{EASY_SOLUTION}\n! invalid: no puzzle among the CSV fields\n{HARD_SOLUTION}\n")
    );
    assert_eq!(err, "input.txt:3: no puzzle among the CSV fields\n");
}

/// `dlx check` reads the answers file with the same edges as the puzzles:
/// a byte-order mark and old-Mac line ends are fine there too.
#[test]
fn check_reads_answers_with_a_bom_or_old_mac_line_ends() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = dir.path().join("p.txt");
    std::fs::write(&puzzles, format!("{EASY}\n{HARD}\n")).unwrap();
    let answers = format!("{EASY_SOLUTION}\n{HARD_SOLUTION}\n");
    for (name, text) in [
        ("bom", format!("\u{feff}{answers}")),
        ("old-mac", answers.replace('\n', "\r")),
    ] {
        let path = dir.path().join(format!("{name}.out"));
        std::fs::write(&path, text).unwrap();
        dlx()
            .arg("check")
            .arg(&puzzles)
            .arg("--solutions")
            .arg(&path)
            .assert()
            .success()
            .stdout(predicates::str::contains("2 solutions verified"));
    }
}

/// One-line puzzles written as nine groups of nine (blanks or tabs
/// between): Sudoku, one alone or several, solved as the puzzle without the
/// blanks and answered as one line. (They were read as Knuth's format: one
/// line was an item line with no options, "unsolvable"; several were one
/// "unknown item" error.)
#[test]
fn puzzles_in_groups_of_nine_are_sudoku_lines() {
    let grouped = |p: &str, sep: &str| -> String {
        let groups: Vec<&str> = (0..9).map(|g| &p[9 * g..9 * g + 9]).collect();
        groups.join(sep)
    };
    let (code, out, err) = solve(format!("{}\n", grouped(EASY, " ")), &[]);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (0, &*format!("{EASY_SOLUTION}\n"), "")
    );
    for sep in [" ", "\t"] {
        let text = format!("{}\n{}\n", grouped(EASY, sep), grouped(HARD, sep)).repeat(3);
        let (code, out, err) = solve(text, &[]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(out, format!("{EASY_SOLUTION}\n{HARD_SOLUTION}\n").repeat(3));
    }
}
