//! Malformed inputs of every format, through the real `dlx solve` binary.
//!
//! Each case writes one file into a temporary directory and runs
//! `dlx solve -j 2 input.txt` there, then checks, exactly:
//! - stderr: one `input.txt:LINE: reason` line per record that was not solved
//!   (and the warnings the format has), in input order;
//! - stdout: one result per record, in order; the bad record marked in its
//!   place (`! invalid: reason`), and the good records before and after it
//!   still solved (their full solutions present);
//! - the exit status (1 when a record failed, 0 when all were solved, e.g.
//!   CRLF line endings, which are accepted).
//!
//! Where a format holds several records, the bad one sits between good ones.
//! Every failing case is reported, not only the first.
//!
//! `pending_fixes` (ignored) states the behaviour some inputs should have
//! once the source issues noted there are fixed.

use assert_cmd::Command;
use dlx_engine::puzzles::sudoku::samples::{EASY, EASY_SOLUTION, HARD, HARD_SOLUTION};

/// Baekjoon 2580's example (`puzzles/sudoku/baekjoon-2580.txt`) and its answer.
const GRID: &str = "0 3 5 4 6 9 2 7 8\n7 8 2 1 0 5 6 0 9\n0 6 0 2 7 8 1 3 5\n\
                    3 2 1 0 4 6 8 9 7\n8 0 4 9 1 3 5 0 6\n5 9 6 8 2 0 4 1 3\n\
                    9 1 7 6 5 2 0 8 0\n6 0 3 7 0 1 9 5 2\n2 5 8 3 9 4 7 6 0";
const GRID_SOLUTION: &str = "1 3 5 4 6 9 2 7 8\n7 8 2 1 3 5 6 4 9\n4 6 9 2 7 8 1 3 5\n\
                             3 2 1 5 4 6 8 9 7\n8 7 4 9 1 3 5 2 6\n5 9 6 8 2 7 4 1 3\n\
                             9 1 7 6 5 2 3 8 4\n6 4 3 7 8 1 9 5 2\n2 5 8 3 9 4 7 6 1";

/// The easy puzzle as a pretty grid (`puzzles/sudoku/pretty.txt`), 11 lines.
const PRETTY: &str = "5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n. 9 8 | . . . | . 6 .\n\
                      ------+-------+------\n\
                      8 . . | . 6 . | . . 3\n4 . . | 8 . 3 | . . 1\n7 . . | . 2 . | . . 6\n\
                      ------+-------+------\n\
                      . 6 . | . . . | 2 8 .\n. . . | 4 1 9 | . . 5\n. . . | . 8 . | . 7 9";
const PRETTY_SOLUTION: &str = "5 3 4 | 6 7 8 | 9 1 2\n6 7 2 | 1 9 5 | 3 4 8\n1 9 8 | 3 4 2 | 5 6 7\n\
                               ------+-------+------\n\
                               8 5 9 | 7 6 1 | 4 2 3\n4 2 6 | 8 5 3 | 7 9 1\n7 1 3 | 9 2 4 | 8 5 6\n\
                               ------+-------+------\n\
                               9 6 1 | 5 3 7 | 2 8 4\n2 8 7 | 4 1 9 | 6 3 5\n3 4 5 | 2 8 6 | 1 7 9";

const SUDOMINOKU: &str = include_str!("../../puzzles/sudominoku/sample-own.txt");
const SUDOMINOKU_OUT: &str = include_str!("../../puzzles/sudominoku/sample-own.out");

const LIMIT: usize = 1 << 20;

/// One malformed input and everything `dlx solve` must do with it.
struct Case {
    name: String,
    /// Arguments before the file name (after `solve -j 2`).
    args: Vec<&'static str>,
    input: Vec<u8>,
    /// Expected stderr lines after `input.txt:`.
    stderr: Vec<String>,
    /// Expected stdout, exactly.
    stdout: String,
    code: i32,
}

/// The stderr note for an input without records (after `input.txt:`).
const NO_PUZZLES: &str = " note: no puzzles in this input (it is empty or holds only blank lines, \
                          comments or a terminator)";

fn invalid(reason: &str) -> String {
    format!("! invalid: {reason}")
}

fn errors(list: &[(usize, &str)]) -> Vec<String> {
    list.iter().map(|(l, r)| format!("{l}: {r}")).collect()
}

/// Sudoku line format: EASY on line 1, `bad` on line 2, HARD on line 3.
fn line_case(name: &str, bad: impl Into<Vec<u8>>, reason: &str) -> Case {
    let mut input = format!("{EASY}\n").into_bytes();
    input.extend(bad.into());
    input.extend(format!("\n{HARD}\n").bytes());
    Case {
        name: format!("line: {name}"),
        args: vec![],
        input,
        stderr: errors(&[(2, reason)]),
        stdout: format!("{EASY_SOLUTION}\n{}\n{HARD_SOLUTION}\n", invalid(reason)),
        code: 1,
    }
}

/// Replaces row `row` (0-based line) of a multi-line text; a final newline
/// is kept.
fn edit_row(text: &str, row: usize, f: impl Fn(&str) -> String) -> String {
    let mut out = text
        .lines()
        .enumerate()
        .map(|(k, l)| if k == row { f(l) } else { l.to_string() })
        .collect::<Vec<_>>()
        .join("\n");
    if text.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// A grid between two good grids, blank lines between records. `first` is
/// the line the bad grid starts on; `marks` are the `(line, reason)` of the
/// records the bad text makes (usually one).
fn grid_between(
    name: &str,
    good: &str,
    solution: &str,
    bad: impl Into<Vec<u8>>,
    marks: &[(usize, &str)],
) -> Case {
    let mut input = format!("{good}\n\n").into_bytes();
    input.extend(bad.into());
    input.extend(format!("\n\n{good}\n").bytes());
    let mut stdout = format!("{solution}\n");
    for (_, reason) in marks {
        stdout += &invalid(reason);
        stdout.push('\n');
    }
    stdout += &format!("\n{solution}\n");
    Case {
        name: name.to_string(),
        args: vec![],
        input,
        stderr: errors(marks),
        stdout,
        code: 1,
    }
}

/// A numeric (Baekjoon 2580) grid; the bad one starts on line 11.
fn grid_case(name: &str, bad: impl Into<Vec<u8>>, reason: &str) -> Case {
    grid_between(
        &format!("numeric grid: {name}"),
        GRID,
        GRID_SOLUTION,
        bad,
        &[(11, reason)],
    )
}

/// A pretty grid; the bad one starts on line 13.
fn pretty_case(name: &str, bad: impl Into<Vec<u8>>, reason: &str) -> Case {
    grid_between(
        &format!("pretty grid: {name}"),
        PRETTY,
        PRETTY_SOLUTION,
        bad,
        &[(13, reason)],
    )
}

/// Lines `from..to` (0-based) of a text, each ending in `\n`.
fn lines(text: &str, from: usize, to: usize) -> String {
    text.lines()
        .skip(from)
        .take(to - from)
        .map(|l| format!("{l}\n"))
        .collect()
}

/// The first two puzzles of `sample-own.txt` (12 lines each) and the
/// answers of `sample-own.out`.
fn sudominoku_parts() -> (String, String, String, String) {
    (
        lines(SUDOMINOKU, 0, 12),
        lines(SUDOMINOKU, 12, 24),
        lines(SUDOMINOKU_OUT, 1, 10),
        lines(SUDOMINOKU_OUT, 11, 20),
    )
}

/// Sudominoku: puzzle 1 (lines 1-12), the bad text (from line 13), puzzle 2,
/// `0`. `marks` are the records the bad text makes: `(line, reason)`.
fn sudominoku_case(name: &str, bad: &str, marks: &[(usize, &str)]) -> Case {
    let (good1, good2, sol1, sol2) = sudominoku_parts();
    let mut stdout = format!("Puzzle 1\n{sol1}");
    for (k, (_, reason)) in marks.iter().enumerate() {
        stdout += &format!("Puzzle {}\n{}\n", k + 2, invalid(reason));
    }
    stdout += &format!("Puzzle {}\n{sol2}", marks.len() + 2);
    Case {
        name: format!("sudominoku: {name}"),
        args: vec![],
        input: format!("{good1}{bad}{good2}0\n").into_bytes(),
        stderr: errors(marks),
        stdout,
        code: 1,
    }
}

/// One of `puzzles/sudominoku/bad-inputs/` (its `0` line dropped), whose
/// README gives `line` and `reason`; 12 lines of puzzle 1 come before it.
fn sudominoku_file(file: &str, line: usize, reason: &str) -> Case {
    let path = format!("puzzles/sudominoku/bad-inputs/{file}");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let bad: String = text
        .lines()
        .filter(|l| l.trim() != "0")
        .map(|l| format!("{l}\n"))
        .collect();
    sudominoku_case(file, &bad, &[(12 + line, reason)])
}

/// Knuth's format: one record per file.
fn knuth_case(name: &str, text: &str, line: usize, reason: &str) -> Case {
    Case {
        name: format!("knuth: {name}"),
        args: vec![],
        input: text.as_bytes().to_vec(),
        stderr: errors(&[(line, reason)]),
        stdout: format!("{}\n", invalid(reason)),
        code: 1,
    }
}

fn cases() -> Vec<Case> {
    let wrong = |n: usize| {
        format!("wrong length: {n} cells (expected 16, 36, 64, 81, 100, 144, 196, 225, 256, 324, 400, 441, 484, 576 or 625)")
    };
    let mut cases =
        vec![
        // --- Sudoku, one puzzle per line -------------------------------
        line_case("80 cells", &EASY[..80], &wrong(80)),
        line_case("82 cells", format!("{EASY}1"), &wrong(82)),
        line_case("5 cells", "short", &wrong(5)),
        line_case(
            "comment glued to the puzzle",
            format!("{EASY}#x"),
            &wrong(83),
        ),
        line_case(
            "bad symbol at the end",
            format!("{}Z", &EASY[..80]),
            "bad symbol `Z` at cell 81 (row 9, column 9)",
        ),
        line_case(
            "letter in a 9x9 puzzle",
            format!("{}a{}", &EASY[..40], &EASY[41..]),
            "bad symbol `a` at cell 41 (row 5, column 5)",
        ),
        line_case(
            "non-ASCII symbol (counted as one cell)",
            format!("é{}", &EASY[1..]),
            "bad symbol `é` at cell 1 (row 1, column 1)",
        ),
        line_case(
            "symbol past 16 in a 16x16 puzzle",
            format!("H{}", ".".repeat(255)),
            "bad symbol `H` at cell 1 (row 1, column 1); \
             a 16x16 puzzle uses 1-9 and A-G (10-16), or numbers 1-16 in a grid",
        ),
        line_case(
            "digit in a 25x25 puzzle line (which uses A-Y)",
            format!("{}5{}", ".".repeat(4), ".".repeat(620)),
            "bad symbol `5` at cell 5 (row 1, column 5); \
             a 25x25 puzzle line uses A-Y (1-25), or numbers 1-25 in a grid",
        ),
        line_case(
            "space inside a puzzle line",
            format!("{} {}", &EASY[..40], &EASY[41..]),
            "not a puzzle line or a grid row",
        ),
        line_case(
            "clash in a row",
            format!("55{}", &EASY[2..]),
            "digit 5 appears twice in row 1 (cells r1c1 and r1c2)",
        ),
        line_case(
            "clash in a column",
            format!("{}5{}", &EASY[..9], &EASY[10..]),
            "digit 5 appears twice in column 1 (cells r1c1 and r2c1)",
        ),
        line_case(
            "clash in a box",
            format!("{}5{}", &EASY[..10], &EASY[11..]),
            "digit 5 appears twice in box 1 (cells r1c1 and r2c2)",
        ),
        line_case(
            "invalid UTF-8 bytes",
            [&EASY.as_bytes()[..2], b"\xff\xfe", &EASY.as_bytes()[4..]].concat(),
            "not valid UTF-8 (byte 3 of the line)",
        ),
        line_case(
            "line over 1 MiB",
            ".".repeat(LIMIT + 1),
            &format!("line too long ({} bytes; the limit is {LIMIT})", LIMIT + 1),
        ),
        line_case(
            "line of exactly 1 MiB (read, wrong length)",
            ".".repeat(LIMIT),
            &wrong(LIMIT),
        ),
        Case {
            name: "line: unsolvable puzzle (givens consistent)".into(),
            args: vec![],
            input: format!("{EASY}\n.123456789{}\n{HARD}\n", ".".repeat(71)).into_bytes(),
            stderr: errors(&[(2, "unsolvable: the puzzle has no solution")]),
            stdout: format!(
                "{EASY_SOLUTION}\n! unsolvable: the puzzle has no solution\n{HARD_SOLUTION}\n"
            ),
            code: 1,
        },
        Case {
            name: "line: CRLF line endings and comments are accepted".into(),
            args: vec![],
            input: format!("# header\r\n{EASY}\r\n\r\n{HARD} # rated\r\n\t{EASY}  \r\n")
                .into_bytes(),
            stderr: vec![],
            stdout: format!("{EASY_SOLUTION}\n{HARD_SOLUTION}\n{EASY_SOLUTION}\n"),
            code: 0,
        },
        Case {
            name: "line: mixed good and bad records keep their order".into(),
            args: vec![],
            input: format!(
                "# mixed\n{EASY}\n{}\n{HARD}\n\n55{}\nshort\n{EASY}\n{}x\n{HARD}\n",
                &EASY[..80],
                &EASY[2..],
                &HARD[..80]
            )
            .into_bytes(),
            stderr: errors(&[
                (3, &wrong(80)),
                (6, "digit 5 appears twice in row 1 (cells r1c1 and r1c2)"),
                (7, &wrong(5)),
                (9, "bad symbol `x` at cell 81 (row 9, column 9)"),
            ]),
            stdout: [
                EASY_SOLUTION.to_string(),
                invalid(&wrong(80)),
                HARD_SOLUTION.to_string(),
                invalid("digit 5 appears twice in row 1 (cells r1c1 and r1c2)"),
                invalid(&wrong(5)),
                EASY_SOLUTION.to_string(),
                invalid("bad symbol `x` at cell 81 (row 9, column 9)"),
                HARD_SOLUTION.to_string(),
            ]
            .map(|l| l + "\n")
            .concat(),
            code: 1,
        },
        Case {
            name: "empty file: no records, no output, a note".into(),
            args: vec![],
            input: vec![],
            stderr: vec![NO_PUZZLES.into()],
            stdout: String::new(),
            code: 0,
        },
        Case {
            name: "only comments and blank lines: no records".into(),
            args: vec![],
            input: b"# nothing here\n\n   \n# still nothing\n".to_vec(),
            stderr: vec![NO_PUZZLES.into()],
            stdout: String::new(),
            code: 0,
        },
        // --- Sudoku, numeric grids (Baekjoon 2580) ----------------------
        grid_case(
            "truncated by a blank line",
            lines(GRID, 0, 8),
            "grid ends after 8 of 9 rows: the blank line 19 ends a grid",
        ),
        grid_case(
            "row with 8 entries",
            edit_row(GRID, 2, |l| l[..l.len() - 2].to_string()),
            "row 3 has 8 entries, expected 9",
        ),
        grid_case(
            "row with 10 entries",
            edit_row(GRID, 2, |l| format!("{l} 1")),
            "row 3 has 10 entries, expected 9",
        ),
        grid_case(
            "number too large",
            edit_row(GRID, 3, |l| l.replace(" 4 ", " 10 ")),
            "bad symbol `10` at cell 32 (row 4, column 5)",
        ),
        grid_case(
            "negative number",
            edit_row(GRID, 4, |l| l.replacen(" 0 ", " -1 ", 1)),
            "bad symbol `-1` at cell 38 (row 5, column 2)",
        ),
        grid_case(
            "word in a row",
            edit_row(GRID, 3, |l| l.replace(" 4 ", " x ")),
            "bad symbol `x` at cell 32 (row 4, column 5)",
        ),
        grid_case(
            "clash in a row",
            edit_row(GRID, 0, |l| l.replacen('0', "7", 1)),
            "digit 7 appears twice in row 1 (cells r1c1 and r1c8)",
        ),
        grid_case(
            "clash in a column",
            edit_row(GRID, 2, |l| l.replacen('0', "9", 1)),
            "digit 9 appears twice in column 1 (cells r3c1 and r7c1)",
        ),
        grid_case(
            "clash in a box",
            edit_row(GRID, 1, |l| l.replacen('0', "4", 1)),
            "digit 4 appears twice in box 2 (cells r1c4 and r2c5)",
        ),
        // A bad first row costs its own grid only (one record), whatever
        // follows: a blank line (here) or the next grid (`input::tests`).
        grid_case(
            "first row with 8 entries",
            edit_row(GRID, 0, |l| l[..l.len() - 2].to_string()),
            "row 1 has 8 entries, expected 9",
        ),
        grid_case(
            "first row with a number too large",
            edit_row(GRID, 0, |l| l.replacen('0', "10", 1)),
            "bad symbol `10` at cell 1 (row 1, column 1)",
        ),
        grid_case(
            "first row with a word",
            edit_row(GRID, 0, |l| l.replacen('0', "x", 1)),
            "bad symbol `x` at cell 1 (row 1, column 1)",
        ),
        Case {
            name: "numeric grid: truncated by the end of the input".into(),
            args: vec![],
            input: format!("{GRID}\n\n{}", lines(GRID, 0, 8)).into_bytes(),
            stderr: errors(&[(11, "input ends after 8 of 9 grid rows")]),
            stdout: format!(
                "{GRID_SOLUTION}\n{}\n",
                invalid("input ends after 8 of 9 grid rows")
            ),
            code: 1,
        },
        Case {
            name: "numeric grid: 4x4 with a digit past 4".into(),
            args: vec![],
            input: b"1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 5\n".to_vec(),
            stderr: errors(&[(1, "bad symbol `5` at cell 16 (row 4, column 4)")]),
            stdout: format!(
                "{}\n",
                invalid("bad symbol `5` at cell 16 (row 4, column 4)")
            ),
            code: 1,
        },
        Case {
            name: "numeric grid: CRLF line endings are accepted".into(),
            args: vec![],
            input: format!("{GRID}\n\n{GRID}\n").replace('\n', "\r\n").into_bytes(),
            stderr: vec![],
            stdout: format!("{GRID_SOLUTION}\n\n{GRID_SOLUTION}\n"),
            code: 0,
        },
        // --- Sudoku, pretty grids ----------------------------------------
        pretty_case(
            "bad symbol",
            edit_row(PRETTY, 5, |l| l.replace("8 . 3", "8 x 3")),
            "bad symbol `x` at cell 41 (row 5, column 5)",
        ),
        pretty_case(
            "non-ASCII symbol",
            edit_row(PRETTY, 5, |l| l.replacen('4', "四", 1)),
            "bad symbol `四` at cell 37 (row 5, column 1)",
        ),
        pretty_case(
            "row with an extra cell",
            edit_row(PRETTY, 5, |l| l.replace("8 . 3", "8 . . 3")),
            "row 5 has 10 entries, expected 9",
        ),
        pretty_case(
            "row with an extra box",
            edit_row(PRETTY, 5, |l| format!("{l} | 1")),
            "row 5 has 10 entries, expected 9",
        ),
        pretty_case(
            "truncated by a blank line",
            lines(PRETTY, 0, 7),
            "grid ends after 6 of 9 rows: the blank line 20 ends a grid",
        ),
        pretty_case(
            "clash in a column",
            edit_row(PRETTY, 1, |l| l.replacen('6', "5", 1)),
            "digit 5 appears twice in column 1 (cells r1c1 and r2c1)",
        ),
        pretty_case(
            "clash across boxes in a column",
            edit_row(PRETTY, 8, |l| l.replacen(". 6", "6 6", 1)),
            "digit 6 appears twice in column 1 (cells r2c1 and r7c1)",
        ),
        // --- Sudominoku (Baekjoon 4574): every class of bad-inputs/ ------
        sudominoku_file(
            "count-not-a-number.txt",
            1,
            "expected the number of placed dominoes (or 0 to end), found \"ten\"",
        ),
        sudominoku_file(
            "count-out-of-range.txt",
            1,
            "number of placed dominoes 37 is out of range (1 to 36)",
        ),
        sudominoku_file(
            "domino-fields.txt",
            4,
            "expected domino 3 of 10 as \"U LU V LV\", found 3 fields",
        ),
        sudominoku_file("bad-digit.txt", 3, "bad digit \"0\" (expected 1 to 9)"),
        sudominoku_file(
            "bad-position.txt",
            5,
            "bad position \"J8\" (expected a row A-I and a column 1-9, e.g. B2)",
        ),
        sudominoku_file(
            "not-adjacent.txt",
            6,
            "the halves of domino 7-4 at H4 and I5 are not adjacent",
        ),
        sudominoku_file(
            "same-digit.txt",
            7,
            "domino 6-6 has the same digit on both halves",
        ),
        sudominoku_file(
            "domino-twice.txt",
            11,
            "domino 1-7 is given twice (also at B3 B2)",
        ),
        sudominoku_file(
            "cell-twice-domino-domino.txt",
            11,
            "cell A9 is already covered by domino 9-1 at B9 A9",
        ),
        sudominoku_file(
            "cell-twice-domino-single.txt",
            12,
            "single 1 is at B3, which is already covered by domino 1-7 at B3 B2",
        ),
        sudominoku_file(
            "cell-twice-single-single.txt",
            12,
            "singles 1 and 9 are both at D1",
        ),
        sudominoku_file(
            "singles-count.txt",
            12,
            "expected 9 positions (the singles 1 to 9), found 8",
        ),
        sudominoku_file(
            "clash-row.txt",
            11,
            "digit 5 appears twice in row E (at E2 and E6)",
        ),
        sudominoku_file(
            "clash-column.txt",
            11,
            "digit 3 appears twice in column 4 (at A4 and F4)",
        ),
        sudominoku_file(
            "clash-box.txt",
            11,
            "digit 7 appears twice in box 1 (at A1 and B2)",
        ),
        sudominoku_file(
            "clash-single.txt",
            12,
            "digit 1 appears twice in row A (at A1 and A9)",
        ),
        // The file's first 6 lines: its second puzzle is left out, so puzzle
        // 2 of sample-own.txt is the count line that cuts the bad one short.
        sudominoku_case(
            "truncated-by-count.txt",
            &lines(
                include_str!("../../puzzles/sudominoku/bad-inputs/truncated-by-count.txt"),
                0,
                6,
            ),
            &[(
                12 + 7,
                "puzzle is truncated: expected domino 6 of 10, found the count line \"10\"",
            )],
        ),
        sudominoku_case(
            "a stray line between puzzles",
            "hello world\n",
            &[(
                13,
                "expected the number of placed dominoes (or 0 to end), found \"hello world\"",
            )],
        ),
        sudominoku_case(
            "a domino line with an extra field where a count belongs",
            "3 F4 1 E4 extra\n",
            &[(
                13,
                "expected the number of placed dominoes (or 0 to end), found \"3 F4 1 E4 extra\"",
            )],
        ),
        sudominoku_case(
            "count one too large (the singles read as a domino)",
            &edit_row(&lines(SUDOMINOKU, 0, 12), 0, |_| "11".into()),
            &[(
                24,
                "expected domino 11 of 11 as \"U LU V LV\", found 9 fields",
            )],
        ),
        sudominoku_case(
            "count one too small (the extra domino and the singles are the same record)",
            &edit_row(&lines(SUDOMINOKU, 0, 12), 0, |_| "9".into()),
            &[(
                23,
                "expected the line of 9 singles, found a domino: the count 9 is too small \
                 (1 more domino line follows)",
            )],
        ),
        // A damaged puzzle whose lines run past its count: the lines up to
        // the next count line are the same record, so later puzzles keep
        // their numbers.
        sudominoku_case(
            "a domino line given twice",
            &edit_row(&lines(SUDOMINOKU, 0, 12), 4, |l| format!("{l}\n{l}")),
            &[(
                18,
                "domino 3-9 is given twice (also at E8 D8); line 25 follows it with no \
                 count line of its own, so it is part of this record",
            )],
        ),
        sudominoku_case(
            "the singles line wrapped in two",
            &edit_row(&lines(SUDOMINOKU, 0, 12), 11, |l| {
                let fields: Vec<&str> = l.split_whitespace().collect();
                format!("{}\n{}", fields[..5].join(" "), fields[5..].join(" "))
            }),
            &[(
                24,
                "expected 9 positions (the singles 1 to 9), found 5; line 25 follows it \
                 with no count line of its own, so it is part of this record",
            )],
        ),
        sudominoku_case(
            "a domino line over 1 MiB",
            &edit_row(&lines(SUDOMINOKU, 0, 12), 3, |_| "7".repeat(LIMIT + 1)),
            &[(
                16,
                &format!("line too long ({} bytes; the limit is {LIMIT})", LIMIT + 1),
            )],
        ),
        sudominoku_case(
            "ten singles",
            &edit_row(&lines(SUDOMINOKU, 0, 12), 11, |l| format!("{l} A1")),
            &[(24, "expected 9 positions (the singles 1 to 9), found 10")],
        ),
        // --- Knuth's DLX1 format -----------------------------------------
        // No line cap on an exact-cover problem (it is held whole anyway):
        // a line over 1 MiB is read, and its unknown item quoted in part.
        knuth_case(
            "an option line over 1 MiB naming an unknown item",
            &format!("| example\na b c\na {}\nb c\n", "b".repeat(LIMIT)),
            3,
            &format!("unknown item `{}… ({LIMIT} characters)`", "b".repeat(40)),
        ),
        knuth_case(
            "unknown item",
            "| example\na b c\na b\nc z\n",
            4,
            "unknown item `z`",
        ),
        knuth_case(
            "repeated item in an option",
            "a b c\na a\nb c\n",
            2,
            "item `a` appears twice in one option",
        ),
        knuth_case(
            "second `|` in the item line",
            "a | b | c\na\n",
            1,
            "a second `|` in the item line",
        ),
        knuth_case(
            "item declared twice",
            "a b a\na b\n",
            1,
            "item `a` is declared twice",
        ),
        // No item line: no problem stated, noted as an input of no records.
        Case {
            name: "knuth: no item line (only comments)".into(),
            args: vec![],
            input: b"| only\n| comments\n".to_vec(),
            stderr: vec![NO_PUZZLES.into()],
            stdout: String::new(),
            code: 0,
        },
        knuth_case(
            "an indented `|` line is a comment (as in Knuth's DLX1)",
            "| c\n |\na\nb\n",
            4,
            "unknown item `b`",
        ),
        knuth_case(
            "colour on a primary item (DLX2)",
            "a b\na:red b\n",
            2,
            "item `a` is primary and cannot have a colour (only secondary items take colours)",
        ),
        knuth_case(
            "colour naming no item (DLX2)",
            "a | x\na y:red\n",
            2,
            "unknown item `y`",
        ),
        knuth_case("empty colour (DLX2)", "a | x\na x:\n", 2, "`x:`: the colour after `:` is empty"),
        knuth_case(
            "item twice in one option, coloured (DLX2)",
            "a b | x\na x:r\nb x:r x:r\n",
            3,
            "item `x` appears twice in one option",
        ),
        knuth_case(
            "bounds on a secondary item (DLX3)",
            "a | 2|x\na\n",
            1,
            "`2|x`: bounds are for primary items only (this one is after the `|` that starts the secondary items)",
        ),
        knuth_case(
            "upper bound 0 (DLX3)",
            "0|a\na\n",
            1,
            "item `a`: the upper bound is 0, so no option could cover it",
        ),
        knuth_case(
            "lower bound above upper (DLX3)",
            "3:2|a\na\n",
            1,
            "item `a`: the lower bound 3 exceeds the upper bound 2",
        ),
        knuth_case(
            "lower bound without `|` (DLX3)",
            "2:3a b\nb\n",
            1,
            "`2:3a`: a lower bound needs an upper one (`lo:hi|name`), and names in the item line cannot contain `:`",
        ),
        Case {
            name: "knuth: empty file read as exact cover".into(),
            args: vec!["--kind", "xc"],
            input: vec![],
            stderr: vec![NO_PUZZLES.into()],
            stdout: String::new(),
            code: 0,
        },
        Case {
            name: "knuth: a primary item no option covers (unsolvable)".into(),
            args: vec![],
            input: b"a b c\na b\nb c\n".to_vec(),
            stderr: errors(&[(1, "unsolvable: the problem has no solution")]),
            stdout: "! unsolvable: the problem has no solution\n".into(),
            code: 1,
        },
        Case {
            name: "knuth: CRLF line endings are accepted".into(),
            args: vec![],
            input: b"a b c\r\n| comment\r\na b\r\n\r\nc\r\n".to_vec(),
            stderr: vec![],
            stdout: "a b\nc\n".into(),
            code: 0,
        },
    ];

    // Sudominoku cases that do not fit the good-bad-good pattern.
    let (good1, good2, sol1, sol2) = sudominoku_parts();
    let teof = std::fs::read_to_string("puzzles/sudominoku/bad-inputs/truncated-eof.txt").unwrap();
    let reason = "input ends inside the puzzle: expected domino 8 of 10";
    let last = 12 + teof.lines().count();
    cases.push(Case {
        name: "sudominoku: truncated-eof.txt (input ends inside a puzzle, no `0`)".into(),
        args: vec![],
        input: format!("{good1}{teof}").into_bytes(),
        // The warning comes last: the input is read as it is solved, and
        // only its end shows the `0` is missing.
        stderr: vec![
            format!("{last}: {reason}"),
            format!(
                "{last}: warning: the input ends without the `0` line; the puzzles read are solved"
            ),
        ],
        stdout: format!("Puzzle 1\n{sol1}Puzzle 2\n{}\n", invalid(reason)),
        code: 1,
    });
    for (what, input) in [("empty", ""), ("blank lines only", "\n  \n")] {
        cases.push(Case {
            name: format!("sudominoku: {what}, no `0`: only the no-puzzles note"),
            args: vec!["--kind", "sudominoku"],
            input: input.into(),
            stderr: vec![NO_PUZZLES.into()],
            stdout: String::new(),
            code: 0,
        });
    }
    cases.push(Case {
        name: "sudominoku: missing-terminator.txt (a warning, not an error)".into(),
        args: vec![],
        input: format!("{good1}{good2}").into_bytes(),
        stderr: vec![
            "24: warning: the input ends without the `0` line; the puzzles read are solved".into(),
        ],
        stdout: format!("Puzzle 1\n{sol1}Puzzle 2\n{sol2}"),
        code: 0,
    });
    cases.push(Case {
        name: "sudominoku: CRLF, blank lines and lower-case rows are accepted".into(),
        args: vec![],
        input: format!("{good1}\n{}0\n", good2.to_lowercase())
            .replace('\n', "\r\n")
            .into_bytes(),
        stderr: vec![],
        stdout: format!("Puzzle 1\n{sol1}Puzzle 2\n{sol2}"),
        code: 0,
    });
    let after = "found \"10\" after the terminating 0 on line 13: \
                 the 0 ends the input, nothing after it is read";
    cases.push(Case {
        name: "sudominoku: text after the `0` line is one error record".into(),
        args: vec![],
        input: format!("{good1}0\n\n{good2}{good1}0\n").into_bytes(),
        stderr: errors(&[(15, after)]),
        stdout: format!("Puzzle 1\n{sol1}Puzzle 2\n{}\n", invalid(after)),
        code: 1,
    });
    cases.push(Case {
        name: "sudominoku: blank and `#` lines after the `0` line are nothing".into(),
        args: vec![],
        input: format!("{good1}0\n\n# the end\n\n").into_bytes(),
        stderr: vec![],
        stdout: format!("Puzzle 1\n{sol1}"),
        code: 0,
    });
    // Errors inside a grid point at the offending row's own line (grids
    // start on line 11, pretty grids on 13 with a rule line after row 3);
    // a grid cut short, by a blank line or by the end of the input, is
    // reported at its first line.
    let own_lines = [
        ("numeric grid: row with 8 entries", 13),
        ("numeric grid: row with 10 entries", 13),
        ("numeric grid: number too large", 14),
        ("numeric grid: negative number", 15),
        ("numeric grid: word in a row", 14),
        ("numeric grid: 4x4 with a digit past 4", 4),
        ("pretty grid: bad symbol", 18),
        ("pretty grid: non-ASCII symbol", 18),
        ("pretty grid: row with an extra cell", 18),
        ("pretty grid: row with an extra box", 18),
    ];
    for (name, line) in own_lines {
        let case = cases
            .iter_mut()
            .find(|c| c.name == name)
            .unwrap_or_else(|| panic!("no case {name}"));
        let reason = case.stderr[0]
            .split_once(": ")
            .map(|(_, r)| r.to_string())
            .unwrap();
        case.stderr = errors(&[(line, &reason)]);
    }
    cases
}

/// Runs one case; `Err` describes every way it went wrong.
fn check(case: &Case) -> Result<(), String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    std::fs::write(dir.path().join("input.txt"), &case.input).map_err(|e| e.to_string())?;
    let out = Command::cargo_bin("dlx")
        .map_err(|e| e.to_string())?
        .current_dir(dir.path())
        .args(["solve", "-j", "2"])
        .args(&case.args)
        .arg("input.txt")
        .output()
        .map_err(|e| e.to_string())?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let want_stderr: String = case
        .stderr
        .iter()
        .map(|l| format!("input.txt:{l}\n"))
        .collect();
    let mut problems = Vec::new();
    if out.status.code() != Some(case.code) {
        problems.push(format!(
            "exit status {:?}, expected {}",
            out.status, case.code
        ));
    }
    if stderr != want_stderr {
        problems.push(format!("stderr:\n{stderr}--- expected:\n{want_stderr}---"));
    }
    if stdout != case.stdout {
        let short = |s: &str| s.chars().take(2000).collect::<String>();
        problems.push(format!(
            "stdout:\n{}--- expected:\n{}---",
            short(&stdout),
            short(&case.stdout)
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

#[test]
fn malformed_inputs_are_reported_in_place() {
    let cases = cases();
    assert!(cases.len() >= 40, "only {} cases", cases.len());
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|case| check(case).err().map(|e| format!("== {}\n{e}", case.name)))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// Order is kept across the batch's chunks (16, 32, 64... records) with
/// bad records scattered among good ones on two threads.
#[test]
fn many_bad_records_keep_their_places() {
    let mut input = String::new();
    let mut stdout = String::new();
    let mut stderr = Vec::new();
    for k in 0..300 {
        let line = k + 1;
        match k % 5 {
            0 => {
                input += &format!("{EASY}\n");
                stdout += &format!("{EASY_SOLUTION}\n");
            }
            1 => {
                // 20 to 80 cells: neither a puzzle line (16, 81) nor the
                // row of a grid (25, 36, 49 or 64 symbols).
                let n = 20 + 10 * (k % 7);
                input += &format!("{}\n", &HARD[..n]);
                let reason = format!("wrong length: {n} cells (expected 16, 36, 64, 81, 100, 144, 196, 225, 256, 324, 400, 441, 484, 576 or 625)");
                stdout += &format!("{}\n", invalid(&reason));
                stderr.push(format!("{line}: {reason}"));
            }
            2 => {
                input += &format!("{HARD}\n");
                stdout += &format!("{HARD_SOLUTION}\n");
            }
            3 => {
                input += &format!("99{}\n", &EASY[2..]);
                let reason = "digit 9 appears twice in row 1 (cells r1c1 and r1c2)";
                stdout += &format!("{}\n", invalid(reason));
                stderr.push(format!("{line}: {reason}"));
            }
            _ => {
                input += &format!("{}?\n", &EASY[..80]);
                let reason =
                    "bad symbol `?` at cell 81 (row 9, column 9); blanks are `.`, `0` or `_`";
                stdout += &format!("{}\n", invalid(reason));
                stderr.push(format!("{line}: {reason}"));
            }
        }
    }
    let case = Case {
        name: "300 records".into(),
        args: vec![],
        input: input.into_bytes(),
        stderr,
        stdout,
        code: 1,
    };
    if let Err(e) = check(&case) {
        panic!("{e}");
    }
}

/// How some inputs should be reported once the source issues below are
/// fixed (see the reliability report); each is reported today in a way
/// `malformed_inputs_are_reported_in_place` does not enshrine.
///
/// 1. `input::SudokuReader::read_grid`: a grid row that cannot be used is
///    reported at the grid's first line, not at the row's own line, although
///    `SudokuRecord::line` promises "the offending line for errors"; with
///    rule lines and comments inside a grid, "row 5" is not line start + 4.
/// 2. The same function reports an unreadable line inside a grid as
///    `FILE:11: line 15: not valid UTF-8 ...`: two line numbers.
/// 3. `solve::read_all` (Knuth and Sudominoku files): invalid UTF-8 anywhere
///    makes the whole file an I/O error (`dlx: FILE: not valid UTF-8 at byte
///    N`, exit 2, no `FILE:LINE`, no record on stdout).
/// 4. `puzzles::sudoku::bad_symbol` puts control characters raw into the
///    message, so they reach terminals unescaped.
/// 5. `input::SudokuReader`: a line of 25, 36, 49 or 64 bare symbols (e.g. a
///    one-line puzzle cut short) starts a grid, which then swallows the next
///    lines that are not one-line puzzles: two bad records, one answer
///    (`grid ends after 2 of 64 rows`).
#[test]

fn pending_fixes() {
    let mut cases = [
        grid_case(
            "row with 8 entries, reported at its own line",
            edit_row(GRID, 2, |l| l[..l.len() - 2].to_string()),
            "row 3 has 8 entries, expected 9",
        ),
        pretty_case(
            "bad symbol, reported at its own line",
            edit_row(PRETTY, 5, |l| l.replace("8 . 3", "8 x 3")),
            "bad symbol `x` at cell 41 (row 5, column 5)",
        ),
        grid_case(
            "invalid UTF-8 inside a grid, one line number",
            edit_row(GRID, 4, |l| l.replacen(" 0 ", " ~ ", 1)),
            "not valid UTF-8 (byte 3 of the line)",
        ),
        knuth_case(
            "invalid UTF-8",
            "a b c\na b\n~c\n",
            3,
            "not valid UTF-8 (byte 1 of the line)",
        ),
        Case {
            name: "line: puzzles cut to 64 and 70 cells are two records, not a 64x64 grid (64 cells read as 8x8)".into(),
            args: vec![],
            input: format!("{EASY}\n{}\n{}\n{HARD}\n", &EASY[..64], &EASY[..70]).into_bytes(),
            stderr: errors(&[
                (2, "bad symbol `9` at cell 14 (row 2, column 6); an 8x8 puzzle uses 1-8"),
                (3, "wrong length: 70 cells (expected 16, 36, 64, 81, 100, 144, 196, 225, 256, 324, 400, 441, 484, 576 or 625)"),
            ]),
            stdout: format!(
                "{EASY_SOLUTION}\n{}\n{}\n{HARD_SOLUTION}\n",
                invalid("bad symbol `9` at cell 14 (row 2, column 6); an 8x8 puzzle uses 1-8"),
                invalid("wrong length: 70 cells (expected 16, 36, 64, 81, 100, 144, 196, 225, 256, 324, 400, 441, 484, 576 or 625)")
            ),
            code: 1,
        },
        line_case(
            "control character in a message, escaped",
            format!("\u{1}{}", &EASY[1..]),
            "bad symbol `\\u{1}` at cell 1 (row 1, column 1)",
        ),
    ];
    // What the helpers cannot express: the rows' own lines, raw bytes.
    cases[0].stderr = errors(&[(13, "row 3 has 8 entries, expected 9")]);
    cases[1].stderr = errors(&[(18, "bad symbol `x` at cell 41 (row 5, column 5)")]);
    cases[2].stderr = errors(&[(15, "not valid UTF-8 (byte 3 of the line)")]);
    for case in &mut cases[2..4] {
        // One invalid byte where the placeholder is.
        let text = String::from_utf8(case.input.clone()).unwrap();
        let mut bytes = Vec::new();
        for ch in text.chars() {
            match ch {
                '~' => bytes.push(0xff),
                c => bytes.extend(c.to_string().bytes()),
            }
        }
        case.input = bytes;
    }
    let mut failures: Vec<String> = cases
        .iter()
        .filter_map(|case| check(case).err().map(|e| format!("== {}\n{e}", case.name)))
        .collect();

    // Sudominoku with a junk byte in puzzle 2: only that puzzle is lost.
    let (good1, good2, sol1, sol2) = sudominoku_parts();
    let mut input = good1.into_bytes();
    input.extend(b"10\n3 F4 1 E\xff4\n");
    input.extend(lines(SUDOMINOKU, 2, 12).bytes());
    input.extend(format!("{good2}0\n").bytes());
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("input.txt"), &input).unwrap();
    let out = Command::cargo_bin("dlx")
        .unwrap()
        .current_dir(dir.path())
        .args(["solve", "input.txt"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if out.status.code() != Some(1)
        || !stderr.starts_with("input.txt:14: ")
        || !stdout.starts_with(&format!("Puzzle 1\n{sol1}Puzzle 2\n! invalid: "))
        || !stdout.ends_with(&format!("Puzzle 3\n{sol2}"))
    {
        failures.push(format!(
            "== sudominoku: invalid UTF-8 loses only its puzzle\n\
             status {:?}\nstderr:\n{stderr}stdout:\n{stdout}",
            out.status
        ));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A megabyte of garbage is quoted in its error as a short excerpt with its
/// length, not echoed back whole to stdout and stderr.
#[test]
fn long_garbage_is_quoted_as_an_excerpt() {
    let dir = tempfile::tempdir().unwrap();
    // Just under the 1 MiB line limit (over it, the line is not read).
    let length = (1 << 20) - 2;
    let garbage = "z".repeat(length);
    let dlx_file = dir.path().join("long.dlx");
    std::fs::write(&dlx_file, format!("a b\na {garbage}\n")).unwrap();
    let sudominoku = dir.path().join("long.txt");
    std::fs::write(&sudominoku, format!("{garbage}\n0\n")).unwrap();
    for (file, kind) in [(&dlx_file, "xc"), (&sudominoku, "sudominoku")] {
        let out = Command::cargo_bin("dlx")
            .unwrap()
            .args(["solve", "--kind", kind])
            .arg(file)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        let (stdout, stderr) = (
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        );
        let quoted = format!("{}… ({length} characters)", "z".repeat(40));
        assert!(
            stdout.contains(&quoted),
            "{}",
            &stdout[..stdout.len().min(300)]
        );
        assert!(
            stderr.contains(&quoted),
            "{}",
            &stderr[..stderr.len().min(300)]
        );
        assert!(
            stdout.len() + stderr.len() < 1_000,
            "{kind}: the garbage was echoed"
        );
    }
}
