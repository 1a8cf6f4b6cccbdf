//! The `dlx` binary on exact-cover files in Knuth's format.

use assert_cmd::Command;
use dlx_engine::puzzles::sudoku::samples::{EASY, EASY_SOLUTION};
use predicates::prelude::*;

fn dlx() -> Command {
    Command::cargo_bin("dlx").unwrap()
}

fn count(file: &str) -> String {
    let out = dlx()
        .args([
            "solve",
            "--kind",
            "xc",
            "--count",
            &format!("puzzles/xc/{file}"),
        ])
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

#[test]
fn counts_match_the_published_ones() {
    let queens = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
    for (n, expected) in (1..=10).zip(queens) {
        assert_eq!(
            count(&format!("queens-{n}.dlx")),
            expected.to_string(),
            "queens {n}"
        );
    }
    for (n, expected) in [(3, 2), (4, 2), (7, 52), (8, 300)] {
        assert_eq!(
            count(&format!("langford-{n}.dlx")),
            expected.to_string(),
            "langford {n}"
        );
    }
    assert_eq!(count("knuth-example.dlx"), "1");
    // Colours and bounds: the counts of Knuth's DLX2 (576 is also OEIS
    // A002860's Latin squares of order 4) and DLX3, knuth_counts.tsv.
    assert_eq!(count("latin-xcc-4.dlx"), "576");
    assert_eq!(count("words-4-a3-l24.dlx"), "3744");
    assert_eq!(count("bounded-queens-8.dlx"), "17550");
}

/// Every solution `--all` lists for files with colours and bounds is
/// verified by `dlx check` (bounds, shared colours, repeated options).
#[test]
fn coloured_and_bounded_listings_check() {
    let dir = tempfile::tempdir().unwrap();
    for file in [
        "latin-xcc-4.dlx",
        "words-4-a3-l24.dlx",
        "bounded-queens-8.dlx",
    ] {
        let out = dir.path().join(format!("{file}.out"));
        let puzzles = format!("puzzles/xc/{file}");
        dlx()
            .args(["solve", "--all", "--max-solutions", "300", "-o"])
            .arg(&out)
            .arg(&puzzles)
            .assert()
            .success();
        dlx()
            .args(["check", "--max-solutions", "300", "--solutions"])
            .arg(&out)
            .arg(&puzzles)
            .assert()
            .success()
            .stdout(predicate::str::contains("300 solutions verified"));
    }
}

#[test]
fn pentominoes_count_through_the_cli() {
    assert_eq!(count("pentominoes-6x10.dlx"), "9356");
}

#[test]
fn auto_detection_and_first_solution() {
    dlx()
        .args(["solve", "puzzles/xc/knuth-example.dlx"])
        .assert()
        .success()
        .stdout("C E F\nA D\nB G\n");
}

/// The baselines solve puzzles only: `--solver` on an exact-cover file is
/// refused when the kind is given, and noted (dlx solves it) when detected.
#[test]
fn baseline_solvers_are_not_silently_ignored() {
    dlx()
        .args(["solve", "--kind", "xc", "--solver", "bitmask"])
        .arg("puzzles/xc/knuth-example.dlx")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "not exact cover; such files are solved by dlx (leave out --solver)",
        ));
    dlx()
        .args(["solve", "--solver", "naive", "puzzles/xc/knuth-example.dlx"])
        .assert()
        .success()
        .stdout("C E F\nA D\nB G\n")
        .stderr(
            "puzzles/xc/knuth-example.dlx: note: --solver naive and bitmask solve Sudoku \
             (naive Sudominoku too), not exact cover; this file is solved by dlx\n",
        );
}

/// The bitmask baseline solves classic Sudoku only: on a Sudominoku file
/// it is refused when the kind is given, and noted (dlx solves it, the
/// answers as dlx's) when detected, as on an exact-cover file; the Sudoku
/// file beside it is still the baseline's. It had refused the detected
/// file as a whole (no answers, exit status 2).
#[test]
fn bitmask_on_sudominoku_falls_back_to_dlx_with_a_note() {
    let file = "puzzles/sudominoku/sample-own.txt";
    dlx()
        .args(["solve", "--kind", "sudominoku", "--solver", "bitmask", file])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "not Sudominoku (naive does); such files are solved by dlx (leave out --solver)",
        ));
    let expected = std::fs::read_to_string("puzzles/sudominoku/sample-own.out").unwrap();
    dlx()
        .args(["solve", "--solver", "bitmask", file])
        .assert()
        .success()
        .stdout(expected)
        .stderr(format!(
            "{file}: note: --solver bitmask solves classic Sudoku only, not Sudominoku (naive does); \
             this file is solved by dlx\n"
        ));
}

#[test]
fn all_solutions_and_cap() {
    let out = dlx()
        .args(["solve", "--all", "puzzles/xc/queens-6.dlx"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.matches("r0 ").count(), 4);
    assert!(text.ends_with("\n4 solution(s)\n"));
    dlx()
        .args([
            "solve",
            "--count",
            "--max-solutions",
            "5",
            "puzzles/xc/queens-8.dlx",
        ])
        .assert()
        .success()
        // 92 solutions, stopped at 5: a lower bound, marked as one.
        .stdout(">= 5\n");
    let out = dlx()
        .args([
            "solve",
            "--all",
            "--max-solutions",
            "3",
            "puzzles/xc/queens-8.dlx",
        ])
        .output()
        .unwrap();
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .ends_with("\n3 solution(s) (stopped at --max-solutions 3; there may be more)\n"));
}

#[test]
fn stats_report_nodes_and_updates() {
    dlx()
        .args(["solve", "--count", "--stats", "puzzles/xc/queens-8.dlx"])
        .assert()
        .success()
        .stdout("92\n")
        .stderr(
            predicate::str::is_match(
                r"queens-8\.dlx: 92 solutions, \d+ search nodes, \d+ link updates, [0-9.]+ s",
            )
            .unwrap(),
        );
}

#[test]
fn node_limit_is_a_distinct_outcome() {
    dlx()
        .args([
            "solve",
            "--count",
            "--node-limit",
            "10",
            "puzzles/xc/queens-8.dlx",
        ])
        .assert()
        .code(1)
        .stdout("! limit: node budget of 10 reached\n")
        // The record is the problem: it starts at the item line.
        .stderr("puzzles/xc/queens-8.dlx:3: limit: node budget of 10 reached\n");
}

/// Knuth's DLX1 leaves out an option with no primary item, with a
/// warning; so does `dlx solve`, and the rest is solved.
#[test]
fn options_without_primary_items_are_left_out_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.dlx");
    std::fs::write(&path, "a b | x\nx\na\nb x\n").unwrap();
    let out = dlx().arg("solve").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "a\nb x\n");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.ends_with(
            "p.dlx:2: warning: option names no primary item; left out, as in Knuth's DLX1 \
             (no solution can choose it)\n"
        ),
        "{stderr}"
    );

    // Thousands of them: five warned one by one, the rest in one line.
    let mut text = String::from("a | x\na\n");
    for _ in 0..1000 {
        text += "x\n";
    }
    std::fs::write(&path, text).unwrap();
    let out = dlx().arg("solve").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 6, "{stderr}");
    assert!(lines[4].contains("p.dlx:7: warning: option names no primary item"));
    assert!(
        lines[5].ends_with(
            "p.dlx: warning: 995 more options name no primary item (the next on line 8, \
             the last on line 1002); left out too"
        ),
        "{stderr}"
    );
    // One past the five is warned of at its line.
    std::fs::write(&path, format!("a | x\na\n{}", "x\n".repeat(6))).unwrap();
    let out = dlx().arg("solve").arg(&path).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.ends_with("p.dlx:8: warning: option names no primary item; left out too\n"),
        "{stderr}"
    );
}

#[test]
fn bad_files_report_file_line_and_reason() {
    let cases = [
        ("a b\na z\n", "2: unknown item `z`"),
        ("a b\na a\n", "2: item `a` appears twice in one option"),
        ("a | b | c\na\n", "1: a second `|` in the item line"),
        ("a a\n", "1: item `a` is declared twice"),
        // `#` is no comment in Knuth's format: the reason says where the
        // items came from.
        (
            "# my problem\na b c\na b\nc\n",
            "2: unknown item `a`; the items were read from line 1, `# my problem`: \
             in this format comments start with `|`, not `#`",
        ),
    ];
    for (text, reason) in cases {
        dlx()
            .args(["solve", "--kind", "xc", "-"])
            .write_stdin(text)
            .assert()
            .code(1)
            .stderr(format!("<stdin>:{reason}\n"))
            .stdout(predicate::str::starts_with("! invalid: "));
    }
}

#[test]
fn no_solution_exit_status() {
    dlx()
        .args(["solve", "--kind", "xc", "-"])
        .write_stdin("| none\na b\na\n")
        .assert()
        .code(1)
        .stdout("! unsolvable: primary item `b` is in no option\n")
        .stderr("<stdin>:2: unsolvable: primary item `b` is in no option\n");
    // `--all` ends its (empty) listing with the count, as `--count` prints 0.
    dlx()
        .args(["solve", "--all", "--kind", "xc", "-"])
        .write_stdin("| none\na b\na\n")
        .assert()
        .code(1)
        .stdout("0 solution(s)\n")
        .stderr("<stdin>:2: unsolvable: primary item `b` is in no option\n");
    // Every item has options, and still no exact cover.
    dlx()
        .args(["solve", "--kind", "xc", "-"])
        .write_stdin("a b c\na b\nb c\n")
        .assert()
        .code(1)
        .stdout("! unsolvable: the problem has no solution\n");
    // Several uncovered items: three named, the rest counted; --count
    // keeps its `0` on stdout.
    dlx()
        .args(["solve", "--count", "-"])
        .write_stdin("a b c d e f | s\na s\n")
        .assert()
        .code(1)
        .stdout("0\n")
        .stderr("<stdin>:1: unsolvable: primary items `b`, `c`, `d` and 2 more are in no option\n");
}

/// An item line alone states a problem with no options; with Knuth's `|`
/// it is recognised as exact cover without `--kind xc`, and `--all` on an
/// empty input is a note, as for any other input with no records.
#[test]
fn an_item_line_alone_and_an_empty_listing() {
    dlx()
        .args(["solve", "--all", "-"])
        .write_stdin("p0 p1 | s0\n")
        .assert()
        .code(1)
        .stdout("0 solution(s)\n")
        .stderr(predicate::str::contains(
            "primary items `p0`, `p1` are in no option",
        ));
    for text in ["", "\n\n", "# only a note\n"] {
        dlx()
            .args(["solve", "--all", "-"])
            .write_stdin(text)
            .assert()
            .success()
            .stdout("")
            .stderr(predicate::str::contains("note: no puzzles in this input"));
    }
    // A Sudoku input is still refused, also when its one line has no
    // line end after it (that line is a record, not nothing).
    let puzzle =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    for text in [
        "a b c\n".to_string(),
        puzzle.to_string(),
        format!("# a note\n{puzzle}"),
    ] {
        dlx()
            .args(["solve", "--all", "-"])
            .write_stdin(text)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "and this reads (from its content) as a Sudoku input",
            ))
            .stderr(predicate::str::contains("give --kind xc"));
    }
    // Given as Sudoku, it is one, with no hint.
    dlx()
        .args(["solve", "--all", "--kind", "sudoku", "-"])
        .write_stdin(puzzle)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("and this is a Sudoku input"))
        .stderr(predicate::str::contains("--kind xc").not());
}

/// A detected Sudoku input with no valid record may be an exact-cover
/// problem the detection misread (options of nine numbers look like grid
/// rows): a note says how to overrule it. Not when any record was valid,
/// nor when the kind was given.
#[test]
fn an_all_invalid_detected_input_hints_at_kind_xc() {
    let options = "1 2 3 4 5 6 7 8 9\n1 2 3 4 5 6 7 8 9\n";
    let hint = "<stdin>: note: read as Sudoku (detected from its content), and no record of \
                it was valid; if it is an exact-cover problem in Knuth's format, give --kind xc";
    dlx()
        .args(["solve", "-"])
        .write_stdin(options)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(hint));
    dlx()
        .args(["solve", "--kind", "xc", "-"])
        .write_stdin(options)
        .assert()
        .success()
        .stdout("1 2 3 4 5 6 7 8 9\n");
    for args in [&["solve", "--kind", "sudoku", "-"][..], &["solve", "-"][..]] {
        let text = if args.len() == 2 {
            format!("{options}{EASY}\n")
        } else {
            options.to_string()
        };
        dlx()
            .args(args)
            .write_stdin(text)
            .assert()
            .code(1)
            .stderr(predicate::str::contains("--kind xc").not());
    }
}

/// An input with no item line states no problem: like a Sudoku file of
/// comments, it is noted, not an error, even with `--kind xc`.
#[test]
fn an_input_of_comments_is_no_record() {
    for text in ["| only a comment\n\n", "", "\u{feff}\n  | indented\n"] {
        dlx()
            .args(["solve", "--kind", "xc", "-"])
            .write_stdin(text)
            .assert()
            .success()
            .stdout("")
            .stderr(predicate::str::starts_with(
                "<stdin>: note: no puzzles in this input",
            ));
    }
}

#[test]
fn missing_file_is_an_io_error() {
    dlx()
        .args(["solve", "no/such/file.dlx"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no/such/file.dlx"));
}

/// A UTF-16 file (Notepad's "Unicode", with or without its byte-order
/// mark) is refused as a whole, saying so and how to convert it, and the
/// files after it are still solved.
#[test]
fn utf16_input_is_named_as_such() {
    let line =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
    let le: Vec<u8> = line.bytes().flat_map(|b| [b, 0]).collect();
    let be: Vec<u8> = line.bytes().flat_map(|b| [0, b]).collect();
    let le32: Vec<u8> = line.bytes().flat_map(|b| [b, 0, 0, 0]).collect();
    for (input, what) in [
        (
            [&[0xff, 0xfe][..], &le].concat(),
            "UTF-16 text (byte-order mark FF FE",
        ),
        (
            [&[0xfe, 0xff][..], &be].concat(),
            "UTF-16 text (byte-order mark FE FF",
        ),
        (le.clone(), "UTF-16LE text (a NUL in every other byte)"),
        (be.clone(), "UTF-16BE text (a NUL in every other byte)"),
        (
            [&[0xff, 0xfe, 0, 0][..], &le32].concat(),
            "UTF-32 text (byte-order mark FF FE 00 00",
        ),
    ] {
        let out = dlx()
            .args(["solve", "-", "puzzles/xc/queens-8.dlx", "--count"])
            .write_stdin(input)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{what}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(what), "{err}");
        assert!(err.contains("iconv -f UTF-"), "{err}");
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            "92\n",
            "the next file"
        );
    }
    // NULs at both parities (a NUL-filled tail, a binary file) are no
    // UTF-16: the lines before them are still solved, each bad line reported.
    let tail = [line.as_bytes(), &[0u8; 4096]].concat();
    let out = dlx()
        .args(["solve", "-"])
        .write_stdin(tail)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        !err.contains("UTF-16") && err.contains("<stdin>:2:"),
        "{err}"
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 2);
    // A few bytes with a NUL are no text in any encoding: bad records.
    dlx()
        .args(["solve", "-"])
        .write_stdin(&b"1\n\0\n"[..])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("UTF-16").not());
}

/// A compressed file or an archive is refused as a whole, naming its kind
/// and how to unpack it, and the files after it are still solved. Text
/// that merely starts like one of the marks is read as text.
#[test]
fn compressed_input_is_named_as_such() {
    let junk = [
        0x9c_u8, 0x00, 0xff, 0x13, 0x37, 0x00, 0xaa, 0x55, 0x01, 0x02,
    ];
    for (mark, what) in [
        (
            &[0x1f, 0x8b, 0x08][..],
            "gzip-compressed, not text: unpack it first (`gzip -dc FILE",
        ),
        (
            b"PK\x03\x04",
            "a zip archive, not text: unpack it first (`unzip -p FILE",
        ),
        (b"\xfd7zXZ\x00", "xz-compressed"),
        (&[0x28, 0xb5, 0x2f, 0xfd], "zstd-compressed"),
        (b"BZh91AY&SY", "bzip2-compressed"),
        (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
    ] {
        let out = dlx()
            .args(["solve", "-", "puzzles/xc/queens-8.dlx", "--count"])
            .write_stdin([mark, &junk[..]].concat())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{what}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.starts_with(&format!("dlx: <stdin>: the input is {what}")),
            "{err}"
        );
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            "92\n",
            "the next file"
        );
    }
    // `BZh9` without the block mark is an item name like any other.
    dlx()
        .args(["solve", "-", "--count"])
        .write_stdin("BZh9 b\nBZh9\nb\n")
        .assert()
        .success()
        .stdout("1\n");
}

/// A listing cut short by a limit ends with the `! limit` mark on a line of
/// its own, set apart from the last solution like the solutions are from
/// each other.
#[test]
fn a_listing_cut_short_ends_with_a_separate_limit_mark() {
    let out = dlx()
        .args([
            "solve",
            "--all",
            "--node-limit",
            "200",
            "puzzles/xc/queens-8.dlx",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    let (listing, mark) = text.rsplit_once("\n\n").unwrap();
    assert!(
        mark.starts_with("! limit: node budget of 200 reached after "),
        "{mark}"
    );
    let listed = listing.split("\n\n").count();
    assert!(
        mark.contains(&format!("after {listed} solution(s)")),
        "{text}"
    );
    assert!(
        listing
            .split("\n\n")
            .all(|s| s.lines().all(|l| l.starts_with('r'))),
        "{listing}"
    );
}

/// The listings of several files are set apart like the solutions within
/// one: the output of two files is the two outputs with a blank line between.
#[test]
fn listings_of_several_files_are_set_apart() {
    let file = "puzzles/xc/queens-4.dlx";
    let once = dlx().args(["solve", "--all", file]).output().unwrap();
    let twice = dlx().args(["solve", "--all", file, file]).output().unwrap();
    let once = String::from_utf8(once.stdout).unwrap();
    let twice = String::from_utf8(twice.stdout).unwrap();
    assert_eq!(twice, format!("{once}\n{once}"));
}

/// An exact-cover solution is a block of lines of no fixed length: with
/// other inputs in the run, every answer to an exact-cover file (a
/// solution, a mark) is set apart by a blank line from the answers before
/// and after it, Sudoku ones too; counts stay one line each.
#[test]
fn exact_cover_answers_are_blocks_among_other_inputs() {
    let dir = tempfile::tempdir().unwrap();
    let file = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path
    };
    let solved = file("solved.dlx", "a b c\na b\nc\n");
    let unknown = file("unknown.dlx", "a b\na z\nb\n");
    let sudoku = file("sudoku.txt", &format!("{EASY}\n"));
    let run = |mode: Option<&str>| {
        let output = dlx()
            .arg("solve")
            .args(mode)
            .args([&solved, &unknown, &sudoku, &solved])
            .output()
            .unwrap();
        String::from_utf8(output.stdout).unwrap()
    };
    assert_eq!(
        run(None),
        format!("a b\nc\n\n! invalid: unknown item `z`\n\n{EASY_SOLUTION}\n\na b\nc\n")
    );
    assert_eq!(
        run(Some("--count")),
        "1\n! invalid: unknown item `z`\n1\n1\n"
    );
}

/// An exact-cover problem is not held to the 1 MiB line cap of the
/// record-per-line formats: 200,000 items make an item line of about
/// 1.5 MB. Each item has an option of its own and a pair option with its
/// neighbour, so the solutions are the tilings of a row of 200,000 cells by
/// monominoes and dominoes: a Fibonacci number, far too many to count, so
/// the count is capped; the first solution is found at once.
#[test]
fn an_item_line_over_a_mebibyte_is_read() {
    let n = 200_000;
    let mut text = String::new();
    let names: Vec<String> = (0..n).map(|k| format!("item{k}")).collect();
    text.push_str(&names.join(" "));
    text.push('\n');
    assert!(text.len() > 1 << 20, "{}", text.len());
    for k in 0..n {
        text.push_str(&format!("item{k}\n"));
        if k + 1 < n {
            text.push_str(&format!("item{k} item{}\n", k + 1));
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("big.dlx");
    std::fs::write(&file, &text).unwrap();
    // Tilings of a row of 3 cells: 3 (1+1+1, 1+2, 2+1), F(4); of 200,000
    // cells at least 3 as well.
    dlx()
        .args(["solve", "--count", "--max-solutions", "3"])
        .arg(&file)
        .assert()
        .success()
        .stdout(">= 3\n");
}

/// Knuth's sharp preference keeps the count, and options that mean
/// nothing for the input's kind are refused rather than ignored.
#[test]
fn sharp_and_box_are_refused_where_they_mean_nothing() {
    for args in [
        vec!["solve", "--count", "puzzles/xc/queens-8.dlx"],
        vec!["solve", "--count", "--sharp", "puzzles/xc/queens-8.dlx"],
    ] {
        dlx().args(&args).assert().success().stdout("92\n");
    }
    dlx()
        .args([
            "solve",
            "--sharp",
            "--kind",
            "sudoku",
            "puzzles/sudoku/examples.txt",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--sharp chooses the items of exact-cover files",
        ));
    dlx()
        .args(["solve", "--sharp", "puzzles/sudoku/examples.txt"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("is read as a Sudoku input"));
    dlx()
        .args([
            "solve",
            "--box",
            "3x3",
            "--kind",
            "xc",
            "puzzles/xc/queens-8.dlx",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("exact-cover files have no boxes"));
    dlx()
        .args(["solve", "--box", "3x3", "puzzles/xc/queens-8.dlx"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("is read as an exact-cover input"));
}

/// One exact-cover problem on two threads: its search is cut into parts
/// (`exact_cover::parallel`), and every answer is the one thread's:
/// counts, capped counts and verdicts, with colours and bounds too.
#[test]
fn two_threads_on_one_problem_answer_as_one() {
    for file in [
        "queens-8.dlx",
        "langford-7.dlx",
        "latin-xcc-4.dlx",
        "bounded-queens-8.dlx",
    ] {
        for extra in [
            &["--count"][..],
            &["--count", "--max-solutions", "7"],
            &["--unique"],
        ] {
            let answer = |threads: &str| {
                let out = dlx()
                    .args(["solve", "-j", threads])
                    .args(extra)
                    .arg(format!("puzzles/xc/{file}"))
                    .output()
                    .unwrap();
                (out.status.code(), String::from_utf8(out.stdout).unwrap())
            };
            assert_eq!(answer("2"), answer("1"), "{file} {extra:?}");
        }
    }
}

/// `dlx split` cuts a problem into files that count apart: every part is
/// an ordinary problem, and the parts' counts add up to the whole count
/// (the published ones: OEIS A000170 for 8 queens, Knuth's DLX2 and DLX3
/// for the coloured and the bounded file, `tests/data/knuth_counts.tsv`).
#[test]
fn split_parts_add_up_and_estimates_print() {
    for (file, whole) in [
        ("queens-8.dlx", 92u64),
        ("latin-xcc-4.dlx", 576),
        ("bounded-queens-8.dlx", 17550),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let parts = dir.path().join("parts");
        dlx()
            .args(["split", "--parts", "12", "-o"])
            .arg(&parts)
            .arg(format!("puzzles/xc/{file}"))
            .assert()
            .success()
            .stderr(predicate::str::contains("parts in"));
        let manifest = std::fs::read_to_string(parts.join("manifest.tsv")).unwrap();
        let rows: Vec<&str> = manifest.lines().skip(1).collect();
        assert!(rows.len() >= 12, "{file}: {} parts", rows.len());
        let mut sum = 0;
        for row in rows {
            let name = row.split('\t').nth(1).unwrap();
            let out = dlx()
                .args(["solve", "--kind", "xc", "--count", "-j", "1"])
                .arg(parts.join(name))
                .output()
                .unwrap();
            sum += String::from_utf8(out.stdout)
                .unwrap()
                .trim()
                .parse::<u64>()
                .unwrap();
        }
        assert_eq!(sum, whole, "{file}");
        // A second split into the same directory is refused.
        dlx()
            .args(["split", "-o"])
            .arg(&parts)
            .arg(format!("puzzles/xc/{file}"))
            .assert()
            .code(2)
            .stderr(predicate::str::contains("manifest.tsv already"));
    }
    dlx()
        .args(["estimate", "--samples", "200", "puzzles/xc/queens-8.dlx"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("search nodes ≈")
                .and(predicate::str::contains("200 random paths")),
        );
}

/// The counts `dlx solve --parts-of PROBLEM --count -j 2` gives the part
/// lines `lines`, one per line, in order.
fn part_counts(problem: &str, lines: String) -> Vec<u64> {
    let out = dlx()
        .args(["solve", "--count", "-j", "2", "--parts-of", problem])
        .write_stdin(lines)
        .output()
        .unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| l.parse().unwrap())
        .collect()
}

/// The line form for streaming engines: `dlx split --lines` prints a part
/// per line, `dlx solve --parts-of PROBLEM --count` counts them, one count
/// per line in order, and the counts add up to the whole (Knuth's DLX3
/// count for the bounded file, knuth_counts.tsv; OEIS A000170 for queens).
/// A line that is no part is marked in its place.
#[test]
fn part_lines_count_apart_and_add_up() {
    for (file, whole) in [("bounded-queens-8.dlx", 17550u64), ("queens-8.dlx", 92)] {
        let problem = format!("puzzles/xc/{file}");
        let out = dlx()
            .args(["split", "--lines", "--parts", "9", &problem])
            .output()
            .unwrap();
        assert!(out.status.success());
        let lines = String::from_utf8(out.stdout).unwrap();
        assert!(lines.lines().count() >= 9, "{lines}");
        let counts = part_counts(&problem, lines.clone());
        assert_eq!(counts.len(), lines.lines().count());
        assert_eq!(counts.iter().sum::<u64>(), whole, "{file}");
    }
    dlx()
        .args(["solve", "--count", "--parts-of", "puzzles/xc/queens-8.dlx"])
        .write_stdin("with=\n# a note\nwith=0,x\n")
        .assert()
        .code(1)
        .stdout("92\n! invalid: `x` in `with=` is not a number\n")
        .stderr(predicate::str::contains(
            "<stdin>:3: `x` in `with=` is not a number",
        ));
}

/// A count stopped by its time limit keeps its unfinished parts
/// (`--resume-to`): the solutions of the parts it finished (named in its
/// note) plus the count of the parts it wrote is the whole count (9,356
/// pentomino packings, Knuth and others; also the count of `dlx solve`
/// without a limit). Whatever the machine's speed: with 0 ms nothing is
/// finished, with 300 ms some or (on a fast machine) every part is.
#[test]
fn a_stopped_count_resumes_from_its_parts() {
    for timeout in ["0", "300"] {
        let dir = tempfile::tempdir().unwrap();
        let resume = dir.path().join("left.txt");
        let out = dlx()
            .args([
                "solve",
                "--kind",
                "xc",
                "--count",
                "-j",
                "2",
                "--timeout-ms",
                timeout,
            ])
            .arg("--resume-to")
            .arg(&resume)
            .arg("puzzles/xc/pentominoes-6x10.dlx")
            .output()
            .unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        if out.status.code() == Some(0) {
            assert_eq!(String::from_utf8(out.stdout).unwrap(), "9356\n");
            assert!(!resume.exists(), "nothing left to resume");
            continue;
        }
        let finished: u64 = stderr
            .split("hold ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no finished count in {stderr:?}"));
        let lines = std::fs::read_to_string(&resume).unwrap();
        let counts: u64 = part_counts("puzzles/xc/pentominoes-6x10.dlx", lines)
            .iter()
            .sum();
        assert_eq!(finished + counts, 9356, "timeout {timeout} ms: {stderr}");
        if timeout == "0" {
            assert_eq!(finished, 0);
        }
    }
    dlx()
        .args([
            "solve",
            "--unique",
            "--resume-to",
            "x",
            "puzzles/xc/queens-8.dlx",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--resume-to keeps the unfinished parts",
        ));
}

/// `--all`, `--all --max-solutions K` and the first solution of one
/// exact-cover file on 2 and 3 threads (searched in parts,
/// `exact_cover::parallel::Enumerator`) write what one thread writes, byte
/// for byte, with its exit status: plain files, colours and bounds. The
/// files past the 10,000 nodes of the head start
/// (`parallel::HEAD_START_NODES`; `--stats`: queens-10 16,535 nodes,
/// latin-xcc-4 26,924, words-4 24,198, bounded queens 90,296) list in
/// parts; queens-8 (1,222) is listed within the head start.
#[test]
fn listings_on_several_threads_are_the_one_thread_listing() {
    for file in [
        "queens-8.dlx",
        "queens-10.dlx",
        "langford-7.dlx",
        "latin-xcc-4.dlx",
        "words-4-a3-l24.dlx",
        "bounded-queens-8.dlx",
    ] {
        for extra in [
            &["--all"][..],
            &["--all", "--max-solutions", "1"],
            &["--all", "--max-solutions", "37"],
            &["--all", "--max-solutions", "100000"],
            &[],
            &["--sharp"],
            &["--stats", "--count"],
        ] {
            let answer = |threads: &str| {
                let out = dlx()
                    .args(["solve", "--kind", "xc", "-j", threads])
                    .args(extra)
                    .arg(format!("puzzles/xc/{file}"))
                    .output()
                    .unwrap();
                (out.status.code(), String::from_utf8(out.stdout).unwrap())
            };
            let one = answer("1");
            assert!(one.1.len() > 1, "{file} {extra:?}: {one:?}");
            for threads in ["2", "3"] {
                assert_eq!(answer(threads), one, "{file} {extra:?} -j {threads}");
            }
        }
    }
}

/// On several threads the limits keep their one-thread meaning: a node
/// budget runs the listing on one thread (the same solutions and mark), and
/// a deadline already past (`--timeout-ms 0`) stops it before any solution.
#[test]
fn limits_of_a_listing_on_several_threads() {
    let args = [
        "solve",
        "--all",
        "--node-limit",
        "500",
        "puzzles/xc/queens-8.dlx",
    ];
    let one = dlx().args(args).args(["-j", "1"]).output().unwrap();
    let two = dlx().args(args).args(["-j", "2"]).output().unwrap();
    assert_eq!(one.status.code(), Some(1));
    assert_eq!(
        (two.status.code(), two.stdout),
        (one.status.code(), one.stdout)
    );
    dlx()
        .args(["solve", "--all", "-j", "2", "--timeout-ms", "0"])
        .arg("puzzles/xc/pentominoes-6x10.dlx")
        .assert()
        .code(1)
        .stdout("! limit: time limit of 0 ms reached\n");
}
