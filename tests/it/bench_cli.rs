//! `dlx bench` end to end: the binary on small puzzle files made here.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use dlx_engine::puzzles::sudoku::samples::EASY;
use predicates::prelude::*;
use serde_json::Value;

use crate::common::child::{poll_until, wait_for_exit, HANG_LIMIT};

fn dlx() -> Command {
    Command::cargo_bin("dlx").unwrap()
}

/// `EASY` with its digits relabelled (`d -> (d + shift) mod 9`) and,
/// when `transpose`, mirrored on the diagonal: a different easy puzzle
/// with a unique solution.
fn variant(shift: u8, transpose: bool) -> String {
    let cells: Vec<u8> = EASY.bytes().collect();
    (0..81)
        .map(|k| {
            let k = if transpose { (k % 9) * 9 + k / 9 } else { k };
            match cells[k] {
                b'.' => '.',
                d => (b'1' + (d - b'1' + shift) % 9) as char,
            }
        })
        .collect()
}

/// 20 easy puzzles and one invalid record (line 12) in a temporary file.
fn puzzle_file(dir: &Path) -> PathBuf {
    let mut text = String::from("# twenty easy puzzles\n");
    for k in 0..20u8 {
        if k == 10 {
            text += "this is not a puzzle\n";
        }
        text += &variant(k % 9, k >= 9);
        text += "\n";
    }
    let path = dir.join("easy.txt");
    std::fs::write(&path, text).unwrap();
    path
}

/// The Baekjoon 4574 sample (two Sudominoku puzzles).
const SUDOMINOKU: &str = "10\n6 B2 1 B3\n2 C4 9 C3\n6 D3 8 E3\n7 E1 4 F1\n8 B7 4 B8\n3 F5 2 F6\n\
7 F7 6 F8\n5 G4 9 G5\n7 I8 8 I9\n7 C9 2 B9\nC5 A3 D9 I4 A9 E5 A2 C6 I1\n11\n5 I9 2 H9\n\
6 A5 7 A6\n4 B8 6 C8\n3 B5 8 B4\n3 C3 2 D3\n9 D2 8 E2\n3 G2 5 H2\n1 A2 8 A1\n1 H8 3 I8\n\
8 I3 7 I4\n4 I6 9 I7\nI5 E6 D1 F2 B3 G9 H7 C9 E5\n0\n";

#[test]
fn prints_machine_facts_and_a_table_per_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = puzzle_file(dir.path());
    let out = dlx()
        .args(["bench", "--solvers", "dlx,bitmask,naive"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("machine: "), "{text}");
    assert!(text.contains(" build"), "{text}");
    assert!(text.contains("node budget per puzzle: dlx none, bitmask 10000000, naive 10000000"));
    assert!(
        text.contains("sudoku, 20 puzzles (21 records read)"),
        "{text}"
    );
    let header = text
        .lines()
        .find(|l| l.starts_with("solver "))
        .expect("a table header");
    for column in [
        "puzzles",
        "solved",
        "over budget",
        "median µs",
        "p90 µs",
        "p99 µs",
        "max µs",
        "puzzles/s",
        "nodes/puzzle",
        "median ×dlx",
        "throughput ×dlx",
    ] {
        assert!(header.contains(column), "{column} missing in {header}");
    }
    let table: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("solver "))
        .collect();
    for solver in ["dlx", "bitmask", "naive"] {
        let row = table
            .iter()
            .find(|l| l.starts_with(&format!("{solver} ")))
            .unwrap_or_else(|| panic!("no row for {solver}"));
        let cells: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(&cells[1..4], ["20", "20", "0"], "{row}");
    }
    assert!(text.contains("note: 1 invalid record skipped (first: "));
    assert!(text.contains("easy.txt:12: "), "{text}");
    // Every invalid record is named on stderr, as `dlx solve` does.
    let errors = String::from_utf8(out.stderr).unwrap();
    assert!(
        errors
            .lines()
            .any(|l| l.contains("easy.txt:12: not a puzzle line or a grid row")),
        "{errors}"
    );
}

/// Reports are put in place only when complete: a run killed part way
/// (SIGKILL; Ctrl-C reports what was measured) leaves the previous run's
/// reports as they were.
#[test]
fn an_interrupted_run_keeps_the_previous_reports() {
    let dir = tempfile::tempdir().unwrap();
    let file = puzzle_file(dir.path());
    let json = dir.path().join("r.json");
    dlx()
        .arg("bench")
        .arg(&file)
        .arg("--json")
        .arg(&json)
        .assert()
        .success();
    let before = std::fs::read(&json).unwrap();
    assert!(!dir.path().join("r.json.partial").exists());
    bench_killed_part_way("--json", &json);
    assert_eq!(std::fs::read(&json).unwrap(), before);
    // A report that did not exist is not left behind empty.
    let fresh = dir.path().join("fresh.md");
    bench_killed_part_way("--markdown", &fresh);
    assert!(!fresh.exists());
    // Nor is the file a dangling symlink names.
    #[cfg(unix)]
    {
        let link = dir.path().join("link.md");
        std::os::unix::fs::symlink("nothing-yet.md", &link).unwrap();
        bench_killed_part_way("--markdown", &link);
        assert!(!dir.path().join("nothing-yet.md").exists());
        assert!(link.symlink_metadata().unwrap().file_type().is_symlink());
    }
}

/// A device that cannot take its report (here a full one) fails the run,
/// but only once the files have theirs: pipes and devices come last, so
/// that a reader that never reads holds up no half-made file. The files
/// hold whole reports and no temporary file is left beside them.
#[cfg(target_os = "linux")]
#[test]
fn a_device_failing_at_the_end_fails_the_run_after_the_files() {
    let dir = tempfile::tempdir().unwrap();
    let file = puzzle_file(dir.path());
    let (json, markdown) = (dir.path().join("r.json"), dir.path().join("r.md"));
    std::fs::write(&json, "an earlier run's report").unwrap();
    dlx()
        .arg("bench")
        .arg(&file)
        .arg("--json")
        .arg(&json)
        .arg("--markdown")
        .arg(&markdown)
        .args(["--plot", "/dev/full"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "/dev/full: No space left on device",
        ));
    let report: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    assert_eq!(report["files"][0]["puzzles"], 20);
    assert!(std::fs::read_to_string(&markdown)
        .unwrap()
        .starts_with("# dlx bench"));
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 3, "{names:?}");
}

/// A report to a shell's process substitution (`--json >(jq .)`, a
/// `/dev/fd/N` naming a pipe) is written into that pipe.
#[cfg(target_os = "linux")]
#[test]
fn reports_reach_a_process_substitution() {
    let dir = tempfile::tempdir().unwrap();
    let file = puzzle_file(dir.path());
    let script = format!(
        "{} bench --no-progress --solvers dlx --json >(cat > {}) {} > /dev/null",
        assert_cmd::cargo::cargo_bin("dlx").display(),
        dir.path().join("copy.json").display(),
        file.display()
    );
    let status = std::process::Command::new("bash")
        .args(["-c", &format!("{script}; status=$?; wait; exit $status")])
        .status()
        .unwrap();
    assert!(status.success());
    let copy = dir.path().join("copy.json");
    // `wait` does not wait for a process substitution in every bash: wait
    // for the whole report to appear, with only a hang limit (it was 2 s,
    // which a loaded machine could take to run `cat`).
    let report: Value = poll_until("the report copied by the process substitution", || {
        serde_json::from_slice::<Value>(&std::fs::read(&copy).unwrap_or_default()).ok()
    });
    assert_eq!(report["files"][0]["puzzles"], 20);
}

/// A report replaces a file by renaming a new one over it, but a symlink
/// stays a symlink (its target gets the report), a file with another hard
/// link is written in place (both names show the report), the
/// replaced file keeps its permissions, and a dangling symlink's report
/// is made where it points.
#[cfg(unix)]
#[test]
fn reports_keep_links_and_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let file = puzzle_file(dir.path());
    let target = dir.path().join("target.json");
    std::fs::write(&target, "old").unwrap();
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).unwrap();
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let (first, second) = (dir.path().join("a.md"), dir.path().join("b.md"));
    std::fs::write(&first, "old").unwrap();
    std::fs::hard_link(&first, &second).unwrap();
    let dangling = dir.path().join("dangling.svg");
    std::os::unix::fs::symlink("plots/chart.svg", &dangling).unwrap();
    std::fs::create_dir(dir.path().join("plots")).unwrap();
    dlx()
        .arg("bench")
        .arg(&file)
        .arg("--json")
        .arg(&link)
        .arg("--markdown")
        .arg(&first)
        .arg("--plot")
        .arg(&dangling)
        .assert()
        .success();
    assert!(dangling
        .symlink_metadata()
        .unwrap()
        .file_type()
        .is_symlink());
    let chart = std::fs::read_to_string(dir.path().join("plots/chart.svg")).unwrap();
    assert!(chart.starts_with("<svg"), "{chart}");
    assert!(link.symlink_metadata().unwrap().file_type().is_symlink());
    let report: Value = serde_json::from_slice(&std::fs::read(&target).unwrap()).unwrap();
    assert_eq!(report["files"][0]["puzzles"], 20);
    let mode = target.metadata().unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
    let markdown = std::fs::read_to_string(&second).unwrap();
    assert!(markdown.starts_with('#'), "{markdown}");
    assert_eq!(markdown, std::fs::read_to_string(&first).unwrap());
}

/// A warning about the file as a whole (a Sudominoku file without its `0`
/// line) is among the notes of every report, not only on stderr; the JSON
/// names the file as given, control characters and all (JSON escapes
/// them), where the tables show them escaped.
#[test]
fn reports_carry_whole_file_warnings_and_the_file_name_as_given() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("cut\u{1}short.txt");
    std::fs::copy(
        "puzzles/sudominoku/bad-inputs/missing-terminator.txt",
        &input,
    )
    .unwrap();
    let json = dir.path().join("r.json");
    let out = dlx()
        .args(["bench", "--solvers", "dlx"])
        .arg(&input)
        .arg("--json")
        .arg(&json)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let tables = String::from_utf8(out.stdout).unwrap();
    assert!(tables.contains("ends without the `0` line"), "{tables}");
    let v: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let file = &v["files"][0];
    assert_eq!(file["file"], input.to_str().unwrap());
    let notes = file["notes"].as_array().unwrap();
    assert!(
        notes
            .iter()
            .any(|n| n.as_str().unwrap().contains("ends without the `0` line")),
        "{notes:?}"
    );
}

/// Runs textbook backtracking with a budget of a trillion nodes on minimal
/// 25x25 puzzles (minutes of work even in a release build), writing the
/// report `option` to `report`, and kills it (SIGKILL) part way: once it
/// has printed the first line of its preamble, which comes after its
/// reports are checked and just before the solving starts. (It was killed
/// one second after it started, which a loaded machine could spend before
/// dlx even read its arguments; waiting for its output makes sure the run
/// was under way.)
fn bench_killed_part_way(option: &str, report: &Path) {
    use std::io::BufRead;
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("dlx"))
        .args(["bench", "puzzles/sudoku/25x25-20.txt", "--solvers", "naive"])
        .args(["--node-limit", "1000000000000", option])
        .arg(report)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    // A dlx that never prints is killed at the hang limit: the line is
    // then empty.
    #[cfg(unix)]
    let watchdog = crate::common::child::Watchdog::new(&child);
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    child.kill().unwrap();
    let status = wait_for_exit(&mut child);
    #[cfg(unix)]
    drop(watchdog);
    assert!(!first.is_empty(), "no preamble");
    assert_eq!(status.code(), None, "not killed: {status:?}");
}

#[test]
fn reports_are_written_when_the_tables_reader_goes_away() {
    // `dlx bench … --json r.json | head -1`: the reports are still written.
    let dir = tempfile::tempdir().unwrap();
    let file = puzzle_file(dir.path());
    let json = dir.path().join("r.json");
    std::fs::write(&json, "an earlier run's report").unwrap();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("dlx"))
        .arg("bench")
        .arg(&file)
        .arg("--json")
        .arg(&json)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // The tables' reader closes before the first table is printed.
    drop(child.stdout.take());
    assert!(child.wait().unwrap().success());
    let report: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    assert_eq!(report["files"][0]["puzzles"], 20);
}

#[test]
fn json_follows_the_schema() {
    let dir = tempfile::tempdir().unwrap();
    let file = puzzle_file(dir.path());
    let json = dir.path().join("out.json");
    dlx()
        .args(["bench", "--solvers", "naive,dlx", "--node-limit", "1000000"])
        .arg(&file)
        .arg(&file)
        .arg("--json")
        .arg(&json)
        .arg("--per-puzzle")
        .assert()
        .success();
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(v["schema"], "dlx-bench");
    assert_eq!(v["version"], 1);
    for key in [
        "cpu_model",
        "logical_cpus",
        "threads",
        "profile",
        "os",
        "arch",
    ] {
        assert!(!v["machine"][key].is_null(), "machine.{key}");
    }
    assert_eq!(
        v["settings"]["solvers"],
        serde_json::json!(["naive", "dlx"])
    );
    assert_eq!(v["settings"]["node_budgets"]["dlx"], 1_000_000);
    assert_eq!(v["settings"]["per_puzzle"], true);
    assert_eq!(v["settings"]["block_size"], 1);
    assert!(v["settings"]["block_target_ms"].is_null(), "one thread");
    let files = v["files"].as_array().unwrap();
    assert_eq!(files.len(), 2);
    let f = &files[0];
    assert_eq!(f["kind"], "sudoku");
    assert_eq!(f["records"], 21);
    assert_eq!(f["puzzles"], 20);
    assert_eq!(f["invalid"], 1);
    assert_eq!(f["not_measured"], 0);
    assert_eq!(f["sizes"], serde_json::json!([{"side": 9, "puzzles": 20}]));
    assert_eq!(
        (&v["interrupted"], &v["files_not_run"]),
        (&Value::Bool(false), &serde_json::json!([]))
    );
    assert!(v["machine"]["rustc"]
        .as_str()
        .unwrap()
        .starts_with("rustc "));
    assert_eq!(f["baseline"], "dlx");
    assert_eq!(f["lines"].as_array().unwrap().len(), 20);
    assert_eq!(f["lines"][0], 2);
    let solvers = f["solvers"].as_array().unwrap();
    assert_eq!(solvers.len(), 2);
    assert_eq!(solvers[0]["solver"], "naive");
    for s in solvers {
        assert_eq!(s["puzzles"], 20);
        assert_eq!(s["solved"], 20);
        assert_eq!(s["over_budget"], 0);
        assert_eq!(s["node_budget"], 1_000_000);
        let t = &s["time_us"];
        for q in ["median", "p90", "p99", "max", "mean"] {
            assert!(t[q].as_f64().unwrap() > 0.0, "time_us.{q}");
        }
        assert!(t["median"].as_f64() <= t["p90"].as_f64());
        assert!(t["p99"].as_f64() <= t["max"].as_f64());
        assert_eq!(t["lower_bound"], serde_json::json!([]));
        assert!(s["puzzles_per_s"].as_f64().unwrap() > 0.0);
        assert!(s["nodes_mean"].as_f64().unwrap() > 0.0);
        assert!(s["ratio"]["median"].as_f64().unwrap() > 0.0);
        assert!(s["ratio"]["throughput"].as_f64().unwrap() > 0.0);
        let per = &s["per_puzzle"];
        assert_eq!(per["time_ns"].as_array().unwrap().len(), 20);
        assert_eq!(per["nodes"].as_array().unwrap().len(), 20);
        assert_eq!(per["outcome"][0], "solved");
    }
    assert_eq!(solvers[1]["ratio"]["median"], 1.0);

    // --limit counts records (the invalid one included); no per-puzzle arrays.
    dlx()
        .args(["bench", "--solvers", "dlx", "--limit", "5", "-j", "2"])
        .arg(&file)
        .arg("--json")
        .arg(&json)
        .assert()
        .success();
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(v["machine"]["threads"], 2);
    assert_eq!(v["settings"]["block_size"], 64);
    assert_eq!(v["settings"]["block_target_ms"], 20);
    assert_eq!(v["files"][0]["records"], 5);
    assert_eq!(v["files"][0]["puzzles"], 5);
    assert_eq!(v["files"][0]["solvers"][0]["puzzles"], 5);
    assert!(v["files"][0]["lines"].is_null());
    assert!(v["files"][0]["solvers"][0]["per_puzzle"].is_null());
}

#[test]
fn markdown_and_plot_files() {
    let dir = tempfile::tempdir().unwrap();
    let file = puzzle_file(dir.path());
    let md = dir.path().join("out.md");
    let svg = dir.path().join("out.svg");
    dlx()
        .arg("bench")
        .arg(&file)
        .arg("--markdown")
        .arg(&md)
        .arg("--plot")
        .arg(&svg)
        .assert()
        .success();
    let md = std::fs::read_to_string(md).unwrap();
    assert!(md.starts_with("# dlx bench\n"));
    assert!(md.contains("| solver | puzzles | solved | over budget | median µs |"));
    assert!(md.contains("| :--- | ---: |"));
    for solver in ["dlx", "bitmask", "naive"] {
        assert!(
            md.contains(&format!("\n| {solver} | 20 | 20 | 0 |")),
            "{md}"
        );
    }
    // Text elements hold their text on a line of its own: join the lines.
    let svg = std::fs::read_to_string(svg).unwrap().replace('\n', "");
    assert!(svg.contains("<svg"));
    assert!(svg.trim_end().ends_with("</svg>"));
    for solver in ["dlx", "bitmask", "naive"] {
        assert!(
            svg.contains(&format!(">{solver}</text>")),
            "{solver} missing in the chart's legend"
        );
    }
    assert!(svg.contains(">median "));
    assert!(svg.contains("easy.txt: 20 sudoku puzzles"));
}

/// A file of invalid records only, beside one that can be timed, gets a
/// note in every format: nothing was measured there, nothing was wrong.
#[test]
fn no_valid_puzzle_is_noted_in_every_format() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.txt");
    std::fs::write(&file, format!("{}\n{}\n", "x".repeat(81), "1".repeat(81))).unwrap();
    let good = dir.path().join("good.txt");
    std::fs::write(&good, format!("{EASY}\n")).unwrap();
    let (md, json) = (dir.path().join("out.md"), dir.path().join("out.json"));
    let out = dlx()
        .arg("bench")
        .arg(&file)
        .arg(&good)
        .arg("--markdown")
        .arg(&md)
        .arg("--json")
        .arg(&json)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let note = "no valid puzzle to benchmark";
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains(&format!("note: {note}\n")), "{text}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("bad.txt:1: bad symbol `x`"), "{stderr}");
    assert!(
        stderr.contains("bad.txt:2: digit 1 appears twice"),
        "{stderr}"
    );
    let md = std::fs::read_to_string(md).unwrap();
    assert!(
        md.contains(&format!("0 puzzles (2 records read)\n\n- note: {note}\n")),
        "{md}"
    );
    // What comes from the input (the name, the quoting reason) is a code
    // span in Markdown, and plain text in the tables and the JSON.
    let skipped = "2 invalid records skipped (first: ";
    assert!(
        md.contains(&format!(
            "- note: {skipped}`{}`:1: ``bad symbol `x` ",
            file.display()
        )),
        "{md}"
    );
    assert!(
        text.contains(&format!("{skipped}{}:1: bad symbol `x` ", file.display())),
        "{text}"
    );
    let v: Value = serde_json::from_str(&std::fs::read_to_string(json).unwrap()).unwrap();
    assert_eq!(v["files"][0]["puzzles"], 0);
    assert_eq!(v["files"][0]["notes"][0], note);
    assert!(v["files"][0]["notes"][1]
        .as_str()
        .unwrap()
        .starts_with(&format!("{skipped}{}:1: bad symbol `x` ", file.display())));
}

/// A run that would time nothing (no valid puzzle anywhere, or no solver
/// for the puzzles there are) is refused before any work: exit status 2,
/// the reasons per file, no table and no report.
#[test]
fn nothing_to_benchmark_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "# only a comment\n").unwrap();
    let dominoes = dir.path().join("dominoes.txt");
    std::fs::write(&dominoes, SUDOMINOKU).unwrap();
    let json = dir.path().join("r.json");
    dlx()
        .arg("bench")
        .args([&bad, &dominoes])
        .args(["--solvers", "bitmask", "--json"])
        .arg(&json)
        .assert()
        .code(2)
        .stdout("")
        .stderr(format!(
            "dlx: nothing to benchmark: {} has no valid puzzle; {} holds sudominoku puzzles, \
             which none of the solvers asked for solves\n",
            bad.display(),
            dominoes.display()
        ));
    assert!(!json.exists());
    // `--node-limit 0` would time nothing either.
    dlx()
        .args(["bench", "--node-limit", "0"])
        .arg(&dominoes)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("must be at least 1"));
}

/// A bad record's text echoed in its reason keeps control characters off
/// the terminal and out of the reports, as `dlx solve` does.
#[test]
fn reasons_escape_control_characters() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("w.txt");
    // A valid puzzle after it, so that the run has something to time.
    std::fs::write(
        &file,
        format!("1\n\x1b[31m A1 2 A2\nA3 A4 A5 A6 A7 A8 A9 B1 B2\n{SUDOMINOKU}"),
    )
    .unwrap();
    let md = dir.path().join("w.md");
    let out = dlx()
        .args(["bench", "--no-progress", "--solvers", "dlx", "--markdown"])
        .arg(&md)
        .arg(&file)
        .output()
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    );
    let md = std::fs::read_to_string(md).unwrap();
    for text in [&stdout, &stderr, &md] {
        assert!(!text.contains('\x1b'), "{text}");
    }
    assert!(stderr.contains("\\u{1b}[31m"), "{stderr}");
    assert!(md.contains("\\u{1b}[31m"), "{md}");
}

#[test]
fn sudominoku_runs_dlx_and_naive() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("domino.txt");
    std::fs::write(&file, SUDOMINOKU).unwrap();
    let json = dir.path().join("out.json");
    let out = dlx()
        .arg("bench")
        .arg(&file)
        .arg("--json")
        .arg(&json)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("sudominoku, 2 puzzles"), "{text}");
    assert!(text.contains("note: bitmask skipped: no bitmask solver for sudominoku puzzles"));
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let f = &v["files"][0];
    assert_eq!(f["kind"], "sudominoku");
    assert_eq!(f["skipped_solvers"][0]["solver"], "bitmask");
    let names: Vec<&str> = f["solvers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["solver"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["dlx", "naive"]);
    assert_eq!(f["solvers"][0]["solved"], 2);
    assert_eq!(f["solvers"][1]["solved"], 2);
    assert_eq!(String::from_utf8(out.stderr).unwrap(), "");
    // Without its `0` line the file is still benchmarked, with the warning
    // `dlx solve` gives, at the last line.
    std::fs::write(&file, SUDOMINOKU.strip_suffix("0\n").unwrap()).unwrap();
    let out = dlx()
        .args(["bench", "--solvers", "dlx"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let errors = String::from_utf8(out.stderr).unwrap();
    assert!(
        errors.ends_with(
            "domino.txt:25: warning: the input ends without the `0` line; the puzzles read are \
             benchmarked\n"
        ),
        "{errors}"
    );
}

#[test]
fn budget_hits_are_counted_not_failures() {
    let dir = tempfile::tempdir().unwrap();
    let file = puzzle_file(dir.path());
    let json = dir.path().join("out.json");
    let out = dlx()
        .args(["bench", "--solvers", "dlx", "--node-limit", "3"])
        .arg(&file)
        .arg("--json")
        .arg(&json)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("unsolved within the budget of 3 nodes"),
        "{text}"
    );
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let s = &v["files"][0]["solvers"][0];
    assert_eq!(s["over_budget"], 20);
    assert_eq!(s["solved"], 0);
    assert!(s["time_us"]["lower_bound"]
        .as_array()
        .unwrap()
        .contains(&Value::from("max")));
}

#[test]
fn usage_and_input_errors_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.txt");
    dlx()
        .arg("bench")
        .arg(&missing)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("missing.txt"));
    // No file at all, or an unknown solver: clap's usage error.
    dlx().arg("bench").assert().code(2);
    let file = puzzle_file(dir.path());
    dlx()
        .args(["bench", "--solvers", "dlx,quantum"])
        .arg(&file)
        .assert()
        .code(2);
    // An output that cannot be written fails before any work, naming the
    // option and the path.
    let unwritable = dir.path().join("no/such/dir/out.json");
    dlx()
        .arg("bench")
        .arg(&file)
        .arg("--json")
        .arg(&unwritable)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(format!(
            "\ndlx: --json {}: ",
            unwritable.display()
        )));
    // `--limit 0` would measure nothing.
    dlx()
        .args(["bench", "--limit", "0"])
        .arg(&file)
        .assert()
        .code(2)
        .stdout("");
    // A chart under another name is still SVG: said, not refused.
    let png = dir.path().join("chart.png");
    dlx()
        .args(["bench", "--solvers", "dlx", "--no-progress", "--plot"])
        .arg(&png)
        .arg(&file)
        .assert()
        .success()
        .stderr(predicate::str::contains("--plot writes SVG"));
    assert!(std::fs::read_to_string(&png).unwrap().starts_with("<svg"));
    // A solver named twice would be timed once: refused, not dropped.
    dlx()
        .args(["bench", "--solvers", "dlx,bitmask,dlx"])
        .arg(&file)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("dlx is named twice"));
    // Standard output's own pipe or file holds the tables: a report there
    // would be mixed into them (or cut them off).
    #[cfg(target_os = "linux")]
    for option in ["--json", "--markdown", "--plot"] {
        dlx()
            .args(["bench", "--no-progress", option, "/dev/stdout"])
            .arg(&file)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("that is standard output"));
        let tables = dir.path().join("tables.txt");
        let stdout = std::fs::File::create(&tables).unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_dlx"))
            .args(["bench", "--no-progress", "--solvers", "dlx", option])
            .arg(&tables)
            .arg(&file)
            .stdout(stdout)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("that is standard output"), "{stderr}");
    }
    // Nor standard error's file: the report would cut off the diagnostics.
    #[cfg(target_os = "linux")]
    for report in ["log.txt", "/dev/stderr"] {
        let log = dir.path().join("log.txt");
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_dlx"))
            .current_dir(dir.path())
            .args([
                "bench",
                "--no-progress",
                "--solvers",
                "dlx",
                "--json",
                report,
            ])
            .arg(&file)
            .stderr(std::fs::File::create(&log).unwrap())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        let log = std::fs::read_to_string(&log).unwrap();
        assert!(log.contains("that is standard error"), "{log}");
    }
    // A dangling symbolic link is written through to its target: two
    // reports on one file, refused.
    #[cfg(unix)]
    {
        let link = dir.path().join("link.md");
        std::os::unix::fs::symlink("target.json", &link).unwrap();
        dlx()
            .current_dir(dir.path())
            .args([
                "bench",
                "--no-progress",
                "--json",
                "target.json",
                "--markdown",
            ])
            .arg(&link)
            .arg(&file)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "target.json (--json) and {} (--markdown) are one file",
                link.display()
            )));
        assert!(!dir.path().join("target.json").exists());
    }
    // Two reports into one named pipe would reach its reader run together;
    // a report into standard input's pipe would be read back as puzzles.
    #[cfg(target_os = "linux")]
    {
        let fifo = dir.path().join("reports");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        dlx()
            .args(["bench", "--no-progress", "--json"])
            .arg(&fifo)
            .arg("--markdown")
            .arg(&fifo)
            .arg(&file)
            // Refused before the pipe is opened: only a hang reaches this.
            .timeout(HANG_LIMIT)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "given to both --json and --markdown",
            ));
        dlx()
            .args(["bench", "--no-progress", "-", "--json", "/dev/stdin"])
            .write_stdin(format!("{EASY}\n"))
            .timeout(HANG_LIMIT)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "/dev/stdin (--json) is the pipe the input standard input is read from",
            ));
    }
    // `-` is no report file: standard output holds the tables.
    for option in ["--json", "--markdown", "--plot"] {
        dlx()
            .current_dir(dir.path())
            .arg("bench")
            .arg(&file)
            .args([option, "-"])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(format!(
                "{option} -: standard output"
            )));
        assert!(!dir.path().join("-").exists(), "{option}");
    }
    // Exact-cover files are not benchmarked.
    let xc = dir.path().join("x.dlx");
    std::fs::write(&xc, "a b c\na b\nc\n").unwrap();
    dlx()
        .arg("bench")
        .arg(&xc)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("exact-cover"));
}

/// An empty name in the `--solvers` list (a doubled, leading or trailing
/// comma, or no name at all) is a usage error that names the option and
/// the empty name, not clap's bare "a value is required".
#[test]
fn empty_solver_names_are_usage_errors_that_say_so() {
    let dir = tempfile::tempdir().unwrap();
    let file = puzzle_file(dir.path());
    let how = "; list solvers separated by single commas: dlx,bitmask,naive";
    for (list, problem) in [
        (
            "dlx,,naive",
            "empty solver name in `dlx,,naive` (solver 2 of the list)",
        ),
        (",dlx", "empty solver name in `,dlx` (solver 1 of the list)"),
        ("dlx,", "empty solver name in `dlx,` (solver 2 of the list)"),
        (",", "empty solver name in `,` (solver 1 of the list)"),
        ("", "no solver named"),
    ] {
        let message = format!("error: --solvers: {problem}{how}\n");
        for args in [
            vec!["--solvers".to_string(), list.to_string()],
            vec![format!("--solvers={list}")],
        ] {
            dlx()
                .args(["bench", "--no-progress"])
                .args(&args)
                .arg(&file)
                .assert()
                .code(2)
                .stdout("")
                .stderr(predicate::str::starts_with(message.clone()))
                .stderr(predicate::str::contains("a value is required").not());
        }
    }
    // An unknown name still gets clap's list of the possible ones.
    dlx()
        .args(["bench", "--solvers", "dlx,bitmsk"])
        .arg(&file)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "invalid value 'bitmsk' for '--solvers <LIST>'",
        ))
        .stderr(predicate::str::contains(
            "[possible values: dlx, naive, bitmask]",
        ));
    // Lists given in several `--solvers` add up, in order.
    dlx()
        .args([
            "bench",
            "--no-progress",
            "--solvers",
            "naive",
            "--solvers",
            "dlx",
        ])
        .args(["--node-limit", "1000000"])
        .arg(&file)
        .assert()
        .success()
        .stdout(predicate::str::contains("\nsolvers: naive, dlx\n"));
}
