//! Jigsaw, killer and samurai (`--variant jigsaw|killer|samurai`) through
//! the `dlx` binary: the bundled sets solved, checked and proved unique by
//! the independent recount, bad records answered in place with their field
//! named, flags of other formats refused, generated puzzles unique by the
//! peer backtracker, and the fuzz target's saved inputs. No verdict
//! depends on time.

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use dlx_engine::exact_cover::{End, Limits};
use dlx_engine::puzzles::sudoku::variants::{Layout, LayoutPuzzle, LayoutReader};
use predicates::prelude::*;

use crate::reliability::fuzz_checks;

fn dlx() -> Command {
    Command::cargo_bin("dlx").unwrap()
}

fn set(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("puzzles/sudoku/variants")
        .join(name)
}

/// The bundled sets read whole, and `dlx solve` answers all, each answer
/// passing `dlx check` (the independent verifier), `--unique` and
/// `--count` answers of jigsaw and killer recounted by it too.
#[test]
fn bundled_sets_solve_and_check() {
    for (layout, file, records) in [
        (Layout::Jigsaw, "jigsaw-9-20.txt", 20),
        (Layout::Killer, "killer-9-20.txt", 20),
        (Layout::Samurai, "samurai-10.txt", 10),
    ] {
        let text = fs::read_to_string(set(file)).unwrap();
        let puzzles: Vec<LayoutPuzzle> = LayoutReader::new(layout, text.as_bytes())
            .map(|r| r.unwrap().puzzle.unwrap())
            .collect();
        assert_eq!(puzzles.len(), records, "{file}");
        // The engine proves the first unique here; uniqueness by the peer
        // backtracker is left to `gen_makes_unique_puzzles` and the
        // generator's unit test: on some minimal 9x9 puzzles it ran for
        // minutes (it has no hidden singles).
        let found = puzzles[0].solve(Limits::solutions(2));
        assert_eq!((found.count, found.end), (1, End::Exhausted), "{file}");
        let dir = tempfile::tempdir().unwrap();
        // The binary is unoptimised under `cargo test`: samurai's recounts
        // there are left to the library above.
        let modes: &[Option<&str>] = if layout == Layout::Samurai {
            &[None]
        } else {
            &[None, Some("--unique"), Some("--count")]
        };
        for &mode in modes {
            let answers = dir.path().join("answers.txt");
            let mut solve = dlx();
            solve
                .args(["solve", "--variant", layout.name(), "-o"])
                .arg(&answers)
                .arg(set(file));
            solve.args(mode);
            solve.assert().success();
            let written = fs::read_to_string(&answers).unwrap();
            if mode == Some("--unique") {
                assert_eq!(written, "unique\n".repeat(records), "{file}");
            }
            dlx()
                .args(["check", "--variant", layout.name()])
                .arg(set(file))
                .arg("--solutions")
                .arg(&answers)
                .assert()
                .success()
                .stdout(predicate::str::starts_with(format!(
                    "ok: {records} records"
                )));
        }
    }
}

/// A wrong digit in a solution is caught by the checker, which names the
/// rule it breaks.
#[test]
fn check_refuses_a_wrong_solution() {
    let dir = tempfile::tempdir().unwrap();
    let answers = dir.path().join("a.txt");
    dlx()
        .args(["solve", "--variant", "killer", "-o"])
        .arg(&answers)
        .arg(set("killer-9-20.txt"))
        .assert()
        .success();
    let text = fs::read_to_string(&answers).unwrap();
    let first = text.lines().next().unwrap();
    let (a, b) = (&first[..1], &first[1..2]);
    let swapped = format!("{b}{a}{}", &first[2..]);
    fs::write(&answers, text.replacen(first, &swapped, 1)).unwrap();
    dlx()
        .args(["check", "--variant", "killer"])
        .arg(set("killer-9-20.txt"))
        .arg("--solutions")
        .arg(&answers)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(":1:"));
}

/// Bad records of each kind get one `! invalid` answer in place, the
/// field named on stderr as `FILE:LINE:`, and the good records around
/// them are solved.
#[test]
fn bad_records_are_answered_in_place() {
    let dots = ".".repeat(81);
    let boxes: String = (0..81)
        .map(|k| char::from(b'a' + ((k / 27) * 3 + (k % 9) / 3) as u8))
        .collect();
    let good = fs::read_to_string(set("jigsaw-9-20.txt")).unwrap();
    let good = good.lines().nth(1).unwrap().to_string();
    let input = format!(
        "{good}\n{dots} {}\n{dots} b{}\n55{} {boxes}\n{good}\n",
        &boxes[1..],
        &boxes[1..],
        &dots[2..]
    );
    let out = dlx()
        .args(["solve", "--variant", "jigsaw", "-"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "<stdin>:2: region map: 80 labels for the 81 cells of the givens",
        ))
        .stderr(predicate::str::contains(
            "<stdin>:3: region map: region `b` has 10 cells",
        ))
        .stderr(predicate::str::contains(
            "<stdin>:4: givens: digit 5 stands twice in row 1",
        ))
        .get_output()
        .stdout
        .clone();
    let lines: Vec<String> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(lines.len(), 5);
    assert!(lines[1..4].iter().all(|l| l.starts_with("! invalid: ")));
    assert_eq!(lines[0], lines[4]);

    let map = format!("AA{}", ".".repeat(79));
    let killer = format!(
        "{map} A=2\n{map} A=5,B=7\nAAB{} A=5\n{map} A=3\n",
        ".".repeat(78)
    );
    dlx()
        .args([
            "solve",
            "--variant",
            "killer",
            "--count",
            "--max-solutions",
            "1",
            "-",
        ])
        .write_stdin(killer)
        .assert()
        .code(1)
        .stdout(predicate::str::ends_with(">= 1\n"))
        .stderr(predicate::str::contains(
            "<stdin>:1: sums: cage `A` of 2 cells cannot add up to 2",
        ))
        .stderr(predicate::str::contains(
            "<stdin>:2: sums: `B=7` names no cage",
        ))
        .stderr(predicate::str::contains(
            "<stdin>:3: sums: cage `B` has no sum",
        ));

    let mut fields = vec![dots.clone(); 5];
    fields[0] = format!("{}5", &dots[1..]);
    fields[2] = format!("{}3{}", &dots[..20], &dots[21..]);
    dlx()
        .args(["solve", "--variant", "samurai", "-"])
        .write_stdin(fields.join(" ") + "\n")
        .assert()
        .code(1)
        .stdout("! invalid: fields 1 and 3: the shared cell r9c9 of the frame holds 5 in one and 3 in the other\n");
}

/// A samurai in its frame form is answered as a frame, which `dlx check`
/// reads back.
#[test]
fn samurai_frames_answer_as_frames() {
    let text = fs::read_to_string(set("samurai-10.txt")).unwrap();
    let puzzle = LayoutReader::new(Layout::Samurai, text.as_bytes())
        .next()
        .unwrap()
        .unwrap()
        .puzzle
        .unwrap();
    let LayoutPuzzle::Samurai(s) = &puzzle else {
        unreachable!()
    };
    let frame = dlx_engine::puzzles::sudoku::variants::Samurai::new(
        s.givens().to_vec(),
        dlx_engine::puzzles::sudoku::variants::SamuraiForm::Frame,
    )
    .unwrap()
    .to_string();
    let dir = tempfile::tempdir().unwrap();
    let puzzles = dir.path().join("p.txt");
    fs::write(&puzzles, format!("{frame}\n\n{frame}\n")).unwrap();
    let answers = dir.path().join("a.txt");
    dlx()
        .args(["solve", "--variant", "samurai", "-o"])
        .arg(&answers)
        .arg(&puzzles)
        .assert()
        .success();
    let written = fs::read_to_string(&answers).unwrap();
    assert_eq!(written.lines().count(), 43, "{written}");
    assert!(written.lines().nth(9).unwrap().starts_with("      "));
    dlx()
        .args(["check", "--variant", "samurai"])
        .arg(&puzzles)
        .arg("--solutions")
        .arg(&answers)
        .assert()
        .success();
}

#[test]
fn flags_of_other_formats_are_refused() {
    for (args, says) in [
        (
            vec!["--variant", "jigsaw,x"],
            "combine with no other variant",
        ),
        (
            vec!["--variant", "killer", "--box", "3x3"],
            "--box does not apply to --variant killer",
        ),
        (
            vec!["--variant", "samurai", "--all"],
            "--all does not apply",
        ),
        (
            vec!["--variant", "jigsaw", "--kind", "xc"],
            "--variant adds rules to Sudoku grids",
        ),
        (
            vec!["--variant", "jigsaw", "--solver", "naive"],
            "solved by dlx only",
        ),
    ] {
        dlx()
            .arg("solve")
            .args(&args)
            .write_stdin("")
            .assert()
            .code(2)
            .stderr(predicate::str::contains(says));
    }
    dlx()
        .args(["gen", "--variant", "samurai", "--size", "9x9"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--size does not apply to --variant samurai",
        ));
}

/// `dlx gen` makes puzzles the peer backtracker finds unique, 6x6 jigsaw
/// and killer included.
#[test]
fn gen_makes_unique_puzzles() {
    for (layout, size) in [("jigsaw", "6x6"), ("killer", "6x6"), ("jigsaw", "9x9")] {
        let out = dlx()
            .args([
                "gen",
                "--variant",
                layout,
                "--size",
                size,
                "--count",
                "3",
                "--seed",
                "5",
            ])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with(&format!("# dlx gen --variant {layout} --size {size}")));
        let layout: Layout = layout.parse().unwrap();
        let mut made = 0;
        for record in LayoutReader::new(layout, text.as_bytes()) {
            let p = record.unwrap().puzzle.unwrap();
            let found = p.solve_by_peers(Limits::solutions(2));
            assert_eq!((found.count, found.end), (1, End::Exhausted));
            made += 1;
        }
        assert_eq!(made, 3);
    }
}

#[test]
fn fuzz_regressions_layout_reader() {
    assert!(crate::reliability::regression_inputs("layout_reader").len() >= 6);
    crate::reliability::replay("layout_reader", fuzz_checks::layout_reader);
}

/// `dlx bench --variant LAYOUT` times the engine against the peer
/// backtracker on a bundled set, every answer verified by the independent
/// checker (a wrong one would be exit status 1).
#[test]
fn bench_times_each_layout_with_every_answer_verified() {
    for (layout, file, n) in [
        ("jigsaw", "jigsaw-9-20.txt", "20"),
        ("killer", "killer-9-20.txt", "20"),
        ("samurai", "samurai-10.txt", "10"),
    ] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("puzzles/sudoku/variants")
            .join(file);
        let out = dlx()
            .args([
                "bench",
                "--variant",
                layout,
                "--solvers",
                "dlx,bitmask",
                "-j",
                "1",
            ])
            .args(["--limit", "3", "--node-limit", "200000"])
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{layout}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8_lossy(&out.stdout);
        // A solver's row: its name, then puzzles and solved.
        let row = |name: &str| -> Vec<String> {
            let line = text.lines().find(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                f.first() == Some(&name) && f.get(1).is_some_and(|v| v.parse::<u64>().is_ok())
            });
            line.unwrap_or("")
                .split_whitespace()
                .map(String::from)
                .collect()
        };
        // Three puzzles (--limit 3), all solved by the engine; the peer
        // backtracker timed on the same three.
        let dlx_row = row("dlx");
        assert_eq!(
            dlx_row.get(1..3),
            Some(&["3".to_string(), "3".to_string()][..]),
            "{layout} ({n} in the set): {text}"
        );
        assert_eq!(
            row("bitmask").get(1).map(String::as_str),
            Some("3"),
            "{text}"
        );
    }
    dlx()
        .args(["bench", "--variant", "killer", "--box", "3x3", "-"])
        .write_stdin("")
        .assert()
        .code(2);
}
