//! `dlx records` and `dlx solve --from-records`: a puzzle file cut into
//! record lines, solved in slices, answers the same as the whole file.
//!
//! The expected output of every case is `dlx solve` on the whole file (the
//! path the rest of the suite checks against published solutions and the
//! judge's outputs); what is tested here is that slicing the records and
//! joining the answers changes nothing, byte for byte, whatever the cut.

use std::path::Path;

use assert_cmd::Command;

fn dlx() -> Command {
    Command::cargo_bin("dlx").unwrap()
}

/// Standard output of `dlx ARGS` (any exit status but 2).
fn run(args: &[&str], stdin: &[u8]) -> Vec<u8> {
    let out = dlx().args(args).write_stdin(stdin).output().unwrap();
    assert!(
        out.status.code().is_some_and(|c| c <= 1),
        "dlx {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// Inputs whose records span lines, carry titles, are bad, or depend on
/// their place (Sudominoku's `Puzzle k`).
fn inputs() -> Vec<(&'static str, String)> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bundled = |path: &str| std::fs::read_to_string(manifest.join(path)).unwrap();
    let titled = "Grid 01\n003020600\n900305001\n001806400\n008102900\n700000008\n\
                  006708200\n002609500\n800203009\n005010300\n\
                  Grid 02\n200080300\n060070084\n030500209\n000105408\n000000000\n\
                  402706000\n301007040\n720040060\n004010003\n\
                  # a comment between records\n\
                  53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n\
                  55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n\
                  Grid 03\n1 2 3\n";
    let csv = "quizzes,solutions\n\
               004300209005009001070060043006002087190007400050083000600000105003508690042910300,x\n\
               ,\n\
               0043002090050090010700600430060020871900074000500830006000001050035086900429103001,x\n";
    let mut sudominoku = bundled("puzzles/sudominoku/sample-own.txt");
    // A bad record in the middle, and no `0` at the end.
    sudominoku = sudominoku.replacen("\n0\n", "\n", 1);
    sudominoku.push_str("3\n1 A1 2 A2\n");
    vec![
        ("titled grids", titled.to_string()),
        ("csv", csv.to_string()),
        ("grid file", bundled("puzzles/sudoku/baekjoon-2580.txt")),
        ("pretty", bundled("puzzles/sudoku/pretty.txt")),
        ("6x6 lines", bundled("puzzles/sudoku/6x6-50.txt")),
        ("bad records", bundled("puzzles/bad/sudoku-bad-records.txt")),
        ("sudominoku", sudominoku),
    ]
}

#[test]
fn sliced_records_answer_as_the_whole_file() {
    for (name, text) in inputs() {
        let records = run(&["records", "-"], text.as_bytes());
        let lines: Vec<&[u8]> = records.split_inclusive(|&b| b == b'\n').collect();
        assert!(!lines.is_empty(), "{name}: no records");
        for mode in [&[][..], &["--count"], &["--unique"], &["--format", "grid"]] {
            let mut args = vec!["solve", "-j", "1", "--no-progress"];
            args.extend_from_slice(mode);
            let whole = run(&[args.as_slice(), &["-"]].concat(), text.as_bytes());
            for size in [1, 2, 3, lines.len()] {
                let mut joined = Vec::new();
                for slice in lines.chunks(size) {
                    let input = slice.concat();
                    let from = [args.as_slice(), &["--from-records", "-"]].concat();
                    joined.extend(run(&from, &input));
                }
                assert_eq!(
                    String::from_utf8_lossy(&joined),
                    String::from_utf8_lossy(&whole),
                    "{name} {mode:?} in slices of {size}"
                );
            }
        }
    }
}

#[test]
fn a_line_that_is_no_record_is_marked_in_its_place() {
    let good = run(
        &["records", "-"],
        b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n",
    );
    let mut input = b"not a record\n".to_vec();
    input.extend_from_slice(&good);
    let out = dlx()
        .args(["solve", "--from-records", "-"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0].starts_with("! invalid: line 1 of the record stream:"),
        "{}",
        lines[0]
    );
    // Wikipedia's example puzzle and its published solution.
    assert_eq!(
        lines[1],
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    );
}

#[test]
fn an_exact_cover_file_is_refused_with_the_way_to_cut_it() {
    dlx()
        .args(["records", "--kind", "xc", "-"])
        .write_stdin("a b\na\nb\n")
        .assert()
        .code(2)
        .stderr(predicates::str::contains("dlx split --lines"));
}

#[test]
fn from_records_refuses_reading_options() {
    for flag in [&["--kind", "sudoku"][..], &["--box", "2x3"], &["--all"]] {
        let mut args = vec!["solve", "--from-records"];
        args.extend_from_slice(flag);
        dlx().args(&args).write_stdin("").assert().code(2);
    }
}
