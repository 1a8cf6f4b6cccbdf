//! Reliability: the fuzz targets' properties on saved inputs, a closed
//! output pipe, an output file that cannot be written, and (ignored, run by
//! CI separately) a five-million-record input in bounded memory.

use dlx_engine::puzzles::sudoku::samples::{EASY, EASY_SOLUTION};
use std::fs::{self, File};
use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
#[cfg(unix)]
use std::time::Duration;
use std::time::Instant;

use crate::common::child::wait_for_exit;
#[cfg(unix)]
use crate::common::child::{
    cpu_time, wait_for_cpu_time, without_wind_down_note, Watchdog, WIND_DOWN_NOTE,
};

/// The properties the fuzz targets check (`fuzz/src/lib.rs`), so a saved
/// input runs exactly what the fuzzer ran. (`variants.rs` replays its own
/// target's inputs with it: a file may be a module only once.)
#[path = "../../fuzz/src/lib.rs"]
pub(crate) mod fuzz_checks;

const DLX: &str = env!("CARGO_BIN_EXE_dlx");

// ---------------------------------------------------------------------------
// Fuzz regressions
// ---------------------------------------------------------------------------

/// Every file of `tests/fuzz_regressions/<target>/`, read as bytes.
pub(crate) fn regression_inputs(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz_regressions")
        .join(target);
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no inputs in {}", dir.display());
    files
        .into_iter()
        .map(|p| {
            let bytes = fs::read(&p).unwrap();
            (p, bytes)
        })
        .collect()
}

/// Runs `check` on every saved input of `target`, naming the ones that fail.
pub(crate) fn replay(target: &str, check: fn(&[u8])) {
    let failed: Vec<String> = regression_inputs(target)
        .into_iter()
        .filter_map(|(path, bytes)| {
            std::panic::catch_unwind(|| check(&bytes))
                .err()
                .map(|_| path.display().to_string())
        })
        .collect();
    assert!(
        failed.is_empty(),
        "{target}: these inputs fail (the panic messages are above):\n{}",
        failed.join("\n")
    );
}

#[test]
fn fuzz_regressions_sudoku_line() {
    replay("sudoku_line", fuzz_checks::sudoku_line);
}

#[test]
fn fuzz_regressions_sudoku_reader() {
    replay("sudoku_reader", fuzz_checks::sudoku_reader);
}

#[test]
fn fuzz_regressions_baekjoon_grid() {
    replay("baekjoon_grid", fuzz_checks::baekjoon_grid);
}

#[test]
fn fuzz_regressions_sudominoku_parse() {
    replay("sudominoku_parse", fuzz_checks::sudominoku_parse);
}

#[test]
fn fuzz_regressions_knuth_parse() {
    replay("knuth_parse", fuzz_checks::knuth_parse);
}

#[test]
fn fuzz_regressions_solve_file() {
    replay("solve_file", fuzz_checks::solve_file);
}

#[test]
fn fuzz_regressions_engine() {
    replay("engine", fuzz_checks::engine);
}

#[test]
fn fuzz_regressions_family() {
    replay("family", fuzz_checks::family);
}

// ---------------------------------------------------------------------------
// The binary under adverse conditions
// ---------------------------------------------------------------------------

/// Starts `command` with `stdin`, its stdout piped and read line by line
/// by the caller, its stderr read whole on a thread of its own (so that a
/// full stderr pipe never blocks it).
fn spawn_piped(
    command: &mut Command,
    stdin: Stdio,
) -> (
    std::process::Child,
    BufReader<std::process::ChildStdout>,
    std::thread::JoinHandle<String>,
) {
    let mut child = command
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let stderr_reader = std::thread::spawn(move || {
        let mut text = String::new();
        stderr.read_to_string(&mut text).unwrap();
        text
    });
    let stdout = BufReader::new(child.stdout.take().unwrap());
    (child, stdout, stderr_reader)
}

/// `dlx solve big.txt | head -3`: the reader goes away after a few lines.
/// dlx must stop quietly: no panic message, never 101 (a panic), and the
/// exit status of the answers written: 0 when all were solved, 1 when one
/// was not.
#[test]
fn closed_output_pipe_stops_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("big.txt");
    let mut w = BufWriter::new(File::create(&input).unwrap());
    let puzzles = [
        EASY,
        "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..",
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    ];
    for k in 0..200_000 {
        writeln!(w, "{}", puzzles[k % puzzles.len()]).unwrap();
    }
    w.flush().unwrap();
    drop(w);
    // The same, the third record invalid.
    let failing = dir.path().join("failing.txt");
    let text = std::fs::read_to_string(&input).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines[2] = "1..5...1.....2..";
    std::fs::write(&failing, lines.join("\n")).unwrap();

    for (threads, input, expected) in [("1", &input, 0), ("2", &input, 0), ("2", &failing, 1)] {
        let mut command = Command::new(DLX);
        command.args(["solve", "-j", threads]).arg(input);
        let (mut child, mut stdout, stderr_reader) = spawn_piped(&mut command, Stdio::null());
        let mut first = String::new();
        stdout.read_line(&mut first).unwrap();
        assert_eq!(first.trim_end(), EASY_SOLUTION);
        let mut second = String::new();
        stdout.read_line(&mut second).unwrap();
        assert_eq!(second.trim_end().len(), 81);
        let mut third = String::new();
        stdout.read_line(&mut third).unwrap();
        assert_eq!(third.starts_with("! invalid"), expected == 1, "{third}");
        drop(stdout);
        // Only a hang limit (it was 120 s): how soon dlx sees the pipe
        // closed is no part of the verdict.
        let status = wait_for_exit(&mut child);
        let stderr = stderr_reader.join().unwrap();
        assert!(
            !stderr.contains("panicked"),
            "-j {threads}: dlx panicked on a closed pipe:\n{stderr}"
        );
        assert_ne!(status.code(), Some(101), "-j {threads}: {stderr}");
        assert_eq!(
            status.code(),
            Some(expected),
            "-j {threads}: exit status {status:?}\n{stderr}"
        );
    }
}

/// An output file that cannot be created fails at once with exit 2: no
/// answer is computed or written anywhere.
#[test]
fn unwritable_output_file_fails_before_any_output() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.txt");
    fs::write(&input, format!("{EASY}\n")).unwrap();
    let out = Command::new(DLX)
        .args(["solve", "-o", "/nonexistent/dir/x"])
        .arg(&input)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(out.stdout.is_empty(), "stdout: {:?}", out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("dlx: /nonexistent/dir/x: "),
        "stderr: {stderr}"
    );
    assert!(!stderr.contains("panicked"));
    assert!(!Path::new("/nonexistent/dir/x").exists());
}

/// A puzzle built against row-major backtracking: the naive solver needs
/// minutes for it, so it is still searching when the test sends Ctrl-C.
#[cfg(unix)]
const ANTI_NAIVE: &str =
    "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";

/// Sends SIGINT (Ctrl-C) to `child`.
#[cfg(unix)]
fn interrupt(child: &std::process::Child) {
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success(), "kill -INT failed");
}

/// Ctrl-C during a search: the records answered before it stay, whole and
/// in order, the one being searched and everything after it are left out,
/// stderr names the line it stopped at, and the exit status is 130. The
/// answers are read from the pipe before the hard record is sent, and the
/// signal waits until dlx is seen searching it (CPU time), so it surely
/// comes during its search, however loaded the machine.
#[cfg(unix)]
#[test]
fn ctrl_c_keeps_the_answers_of_a_prefix() {
    for threads in ["1", "2"] {
        let mut command = Command::new(DLX);
        command
            .args([
                "solve",
                "--kind",
                "sudoku",
                "--solver",
                "naive",
                "--no-progress",
            ])
            .args(["-j", threads]);
        let (mut child, mut stdout, stderr_reader) = spawn_piped(&mut command, Stdio::piped());
        let watchdog = Watchdog::new(&child);
        let mut stdin = child.stdin.take().unwrap();
        writeln!(stdin, "{EASY}\n{EASY}").unwrap();
        stdin.flush().unwrap();
        for k in 1..=2 {
            let mut answer = String::new();
            stdout.read_line(&mut answer).unwrap();
            assert_eq!(answer.trim_end(), EASY_SOLUTION, "-j{threads}: answer {k}");
        }
        let idle = cpu_time(child.id());
        writeln!(stdin, "{ANTI_NAIVE}\n{EASY}").unwrap();
        stdin.flush().unwrap();
        // Not a fixed sleep (it was 300 ms, which a loaded machine could
        // outlast with line 3 still unread, and dlx then drops it unread):
        // the CPU time dlx spends from here can only be the search of line
        // 3 (minutes; line 4 takes a millisecond), so once it has spent a
        // little, line 3 was read and is being searched.
        wait_for_cpu_time(&mut child, idle, Duration::from_millis(300));
        interrupt(&child);
        drop(stdin);
        let status = wait_for_exit(&mut child);
        let mut rest = String::new();
        stdout.read_to_string(&mut rest).unwrap();
        drop(watchdog);
        // A loaded machine may keep dlx winding down past the two seconds
        // after which it says it is still stopping: not what is tested.
        let stderr = without_wind_down_note(&stderr_reader.join().unwrap());
        assert_eq!(status.code(), Some(130), "-j{threads}: {stderr}");
        assert_eq!(rest, "", "-j{threads}: nothing after the first two answers");
        assert_eq!(
            stderr,
            "dlx: <stdin>: interrupted while solving the record of line 3 (Ctrl-C): the answers \
             above are those of its first 2 records; the rest of it was not solved\n",
            "-j{threads}"
        );
    }
}

/// A Ctrl-C that leaves nothing unanswered changes nothing: here it comes
/// while dlx waits for more input after answering everything, and the
/// input then ends. All answers, no message but the note that it is still
/// waiting, exit status 0.
///
/// The input ends only once dlx has shown that it caught the Ctrl-C while
/// waiting: the note it writes when it is still waiting two seconds after
/// one. (It used to end 100 ms after the signal, which on a loaded machine
/// could come before the Ctrl-C was handled, or after the note.)
#[cfg(unix)]
#[test]
fn ctrl_c_after_the_last_answer_changes_nothing() {
    let mut child = Command::new(DLX)
        .args(["solve", "--kind", "sudoku", "--no-progress", "-j", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let watchdog = Watchdog::new(&child);
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    writeln!(stdin, "{EASY}\n{EASY}").unwrap();
    stdin.flush().unwrap();
    for _ in 0..2 {
        let mut answer = String::new();
        stdout.read_line(&mut answer).unwrap();
        assert_eq!(answer.trim_end(), EASY_SOLUTION);
    }
    interrupt(&child);
    let mut note = String::new();
    stderr.read_line(&mut note).unwrap();
    assert!(note.starts_with(WIND_DOWN_NOTE), "{note:?}");
    drop(stdin);
    let status = wait_for_exit(&mut child);
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).unwrap();
    let mut rest_of_stderr = String::new();
    stderr.read_to_string(&mut rest_of_stderr).unwrap();
    drop(watchdog);
    assert_eq!(
        (status.code(), rest.as_str(), rest_of_stderr.as_str()),
        (Some(0), "", "")
    );
}

/// Ctrl-C during `dlx gen`: the puzzles written are the first K, each
/// whole (a Sudominoku file still ends in its `0`), stderr says K, and the
/// exit status is 130.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_gen_after_whole_puzzles() {
    for kind in ["sudoku", "sudominoku"] {
        let mut command = Command::new(DLX);
        command.args(["gen", "--kind", kind, "--count", "10000000", "-j", "2"]);
        let (mut child, mut stdout, stderr_reader) = spawn_piped(&mut command, Stdio::null());
        let watchdog = Watchdog::new(&child);
        // The first line (written once Ctrl-C is caught) is the event the
        // signal waits for; the waits after it have only a hang limit.
        let mut first = String::new();
        stdout.read_line(&mut first).unwrap();
        interrupt(&child);
        let mut rest = String::new();
        stdout.read_to_string(&mut rest).unwrap();
        let status = wait_for_exit(&mut child);
        drop(watchdog);
        // Finishing the puzzles under way may take a loaded machine past
        // the two seconds after which dlx says it is still stopping.
        let stderr = without_wind_down_note(&stderr_reader.join().unwrap());
        assert_eq!(status.code(), Some(130), "{kind}: {stderr}");
        let written: u64 = stderr
            .strip_prefix("dlx gen: interrupted (Ctrl-C): the first ")
            .and_then(|s| s.split_whitespace().next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{kind}: {stderr:?}"));
        let text = first + &rest;
        assert!(text.ends_with('\n'), "{kind}: a line cut short");
        let puzzles = match kind {
            "sudoku" => {
                let lines: Vec<&str> = text.lines().skip(1).collect();
                assert!(lines.iter().all(|l| l.len() == 81), "{kind}");
                lines.len()
            }
            _ => {
                assert!(text.ends_with("\n0\n"), "{kind}: the terminating 0");
                // Each puzzle ends with the line of its nine singles.
                let singles = |l: &&str| l.split_whitespace().count() == 9;
                text.lines().filter(singles).count()
            }
        };
        assert!(written > 0 && written < 10_000_000, "{kind}: {written}");
        assert_eq!(puzzles as u64, written, "{kind}");
    }
}

/// Ctrl-C during `dlx bench`: the solve under way ends, the tables and
/// reports cover the puzzles every solver had finished, the files not
/// reached are named, and the exit status is 130. With one thread that is
/// the two easy puzzles before the one the naive solver needs minutes for;
/// with two, the first block holds all four puzzles, so nothing was
/// measured and no report is written.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_bench_with_the_figures_of_what_was_measured() {
    let dir = tempfile::tempdir().unwrap();
    let first = dir.path().join("first.txt");
    let second = dir.path().join("second.txt");
    fs::write(&first, format!("{EASY}\n{EASY}\n{ANTI_NAIVE}\n{EASY}\n")).unwrap();
    fs::write(&second, format!("{EASY}\n")).unwrap();
    let json = dir.path().join("r.json");
    let markdown = dir.path().join("r.md");
    for (threads, measured) in [("1", 2), ("2", 0)] {
        let mut command = Command::new(DLX);
        command
            .args([
                "bench",
                "--solvers",
                "dlx,naive",
                "--node-limit",
                "100000000000",
            ])
            .args(["-j", threads, "--json"])
            .args([&json, &first, &second])
            .arg("--markdown")
            .arg(&markdown);
        let (mut child, mut stdout, stderr_reader) = spawn_piped(&mut command, Stdio::null());
        let watchdog = Watchdog::new(&child);
        // The preamble comes once Ctrl-C is caught; the warm-up and the
        // easy puzzles take milliseconds, the third minutes. Not a fixed
        // sleep (it was 500 ms, which a loaded machine could outlast
        // before the easy puzzles were done): two seconds of CPU time
        // after the preamble can only be the third puzzle's search.
        let mut preamble = String::new();
        stdout.read_line(&mut preamble).unwrap();
        let since = cpu_time(child.id());
        wait_for_cpu_time(&mut child, since, Duration::from_secs(2));
        interrupt(&child);
        let mut tables = String::new();
        stdout.read_to_string(&mut tables).unwrap();
        let status = wait_for_exit(&mut child);
        drop(watchdog);
        let stderr = without_wind_down_note(&stderr_reader.join().unwrap());
        let label = format!("-j{threads}");
        assert_eq!(status.code(), Some(130), "{label}: {stderr}");
        assert!(
            tables.contains(&format!(
                "sudoku, interrupted after {measured} of 4 puzzles"
            )),
            "{label}: {tables}"
        );
        assert!(
            stderr.ends_with(&format!("; not run: {}\n", second.display())),
            "{label}: {stderr}"
        );
        // The tables say so too, after the last one.
        assert!(
            tables.ends_with(&format!(
                "\ninterrupted: the figures cover the puzzles every solver had finished; \
                 not run: {}\n",
                second.display()
            )),
            "{label}: {tables}"
        );
        if measured == 0 {
            assert!(
                stderr.contains("before every solver had solved a puzzle; no report was written")
            );
            assert!(!json.exists(), "{label}: no report of nothing");
            continue;
        }
        assert!(stderr.contains("the tables and reports cover the first 2 puzzles of"));
        let report: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(&json).unwrap()).unwrap();
        assert_eq!(report["interrupted"], true, "{label}");
        assert_eq!(report["files_not_run"][0], second.to_str().unwrap());
        let file = &report["files"][0];
        assert_eq!(
            (file["puzzles"].as_u64(), file["not_measured"].as_u64()),
            (Some(2), Some(2))
        );
        for solver in file["solvers"].as_array().unwrap() {
            assert_eq!(solver["solved"], 2, "{label}");
        }
        let md = fs::read_to_string(&markdown).unwrap();
        assert!(
            md.contains(&format!(
                "\n- interrupted: the figures cover the puzzles every solver had finished; \
                 not run: `{}`\n",
                second.display()
            )),
            "{md}"
        );
        fs::remove_file(&json).unwrap();
    }
}

/// Ctrl-C during the search of an exact-cover file: its answer is the
/// mark `! interrupted after K solution(s)`, the count of the solutions it
/// had found, and the files after it are named as not solved.
#[cfg(unix)]
#[test]
fn ctrl_c_marks_an_exact_cover_search_and_names_the_files_left() {
    let puzzles = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles");
    let mut child = Command::new(DLX)
        .args(["solve", "--count"])
        .arg(puzzles.join("xc/pentominoes-6x10.dlx"))
        .arg(puzzles.join("xc/queens-8.dlx"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The full count takes seconds of CPU time. Not a fixed sleep (it was
    // 250 ms of wall clock, which a loaded machine could spend before dlx
    // caught Ctrl-C, or a fast one after the count): 50 ms of CPU time is
    // past starting up (Ctrl-C is caught before the search) and well
    // inside the count, however loaded the machine.
    let watchdog = Watchdog::new(&child);
    wait_for_cpu_time(&mut child, Duration::ZERO, Duration::from_millis(50));
    interrupt(&child);
    let status = wait_for_exit(&mut child);
    drop(watchdog);
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let err = without_wind_down_note(&err);
    assert_eq!(status.code(), Some(130), "{err}");
    let count: u64 = out
        .strip_prefix("! interrupted after ")
        .and_then(|rest| rest.strip_suffix(" solution(s)\n"))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("not an interrupted mark: {out:?}"));
    assert!(count < 9356, "the search was cut short: {count}");
    assert!(err.contains(":3: interrupted after "), "{err}");
    assert!(
        err.ends_with("queens-8.dlx\n") && err.contains("dlx: not solved (Ctrl-C): "),
        "{err}"
    );
}

// ---------------------------------------------------------------------------
// Five million records
// ---------------------------------------------------------------------------

/// Record `k` of the big input and its expected answer line. Mostly easy
/// puzzles (whose answers are known), with invalid and unsolvable records
/// mixed in, so order is checkable line by line.
fn big_record(k: usize) -> (String, String, bool) {
    const PUZZLES: [(&str, &str); 3] = [
        (EASY, EASY_SOLUTION),
        (
            "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..",
            "519748632783652419426139875357986241264317598198524367975863124832491756641275983",
        ),
        (
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293",
        ),
    ];
    match k % 16 {
        13 => {
            // Neither a puzzle line (16, 81) nor a grid row (25, 36, 49, 64).
            let n = 20 + 10 * (k % 7);
            (
                "7".repeat(n),
                format!("! invalid: wrong length: {n} cells (expected 16, 36, 64, 81, 100, 144, 196, 225, 256, 324, 400, 441, 484, 576 or 625)"),
                false,
            )
        }
        14 => (
            format!("55{}", &EASY[2..]),
            "! invalid: digit 5 appears twice in row 1 (cells r1c1 and r1c2)".to_string(),
            false,
        ),
        15 => (
            format!(".123456789{}", ".".repeat(71)),
            "! unsolvable: the puzzle has no solution".to_string(),
            false,
        ),
        m => {
            let (p, s) = PUZZLES[m % PUZZLES.len()];
            (p.to_string(), s.to_string(), true)
        }
    }
}

/// Peak resident set size (KiB) of the largest child this process has
/// waited for. All the tests share one process since they were folded into
/// one crate: run this one alone (as below) for the figure to be its own.
#[cfg(target_os = "linux")]
fn children_peak_rss_kib() -> i64 {
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `usage` is a valid, writable rusage.
    let rc = unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) };
    assert_eq!(rc, 0);
    usage.ru_maxrss
}

/// `dlx solve -j 2` on 5,000,000 records streamed from a file: exactly one
/// answer line per record, every one in its place, and (on Linux) a peak
/// RSS under 100 MiB. Slow (about a minute in release mode): run it with
/// `cargo test --release --test it reliability:: -- --ignored`.
#[test]
#[ignore = "5,000,000 records: run explicitly (CI does, see .ci/run)"]
fn five_million_records_bounded_memory() {
    const RECORDS: usize = 5_000_000;
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("big.txt");
    let mut w = BufWriter::with_capacity(1 << 20, File::create(&input).unwrap());
    for k in 0..RECORDS {
        let (puzzle, _, _) = big_record(k);
        writeln!(w, "{puzzle}").unwrap();
    }
    w.flush().unwrap();
    drop(w);

    let out_path = dir.path().join("out.txt");
    let err_path = dir.path().join("err.txt");
    let start = Instant::now();
    let mut child = Command::new(DLX)
        .args(["solve", "-j", "2", "--no-progress"])
        .arg(&input)
        .stdin(Stdio::null())
        .stdout(File::create(&out_path).unwrap())
        .stderr(File::create(&err_path).unwrap())
        .spawn()
        .unwrap();
    let status = wait_for_exit(&mut child);
    let elapsed = start.elapsed();
    assert_eq!(status.code(), Some(1), "some records are bad on purpose");

    let mut lines = BufReader::with_capacity(1 << 20, File::open(&out_path).unwrap()).lines();
    let mut bad = 0;
    for k in 0..RECORDS {
        let got = lines
            .next()
            .unwrap_or_else(|| panic!("output ends after {k} of {RECORDS} lines"))
            .unwrap();
        let (_, want, good) = big_record(k);
        assert_eq!(got, want, "record {k} (line {})", k + 1);
        bad += usize::from(!good);
    }
    assert!(lines.next().is_none(), "more output lines than records");
    let stderr_lines = BufReader::new(File::open(&err_path).unwrap())
        .lines()
        .count();
    assert_eq!(stderr_lines, bad, "one stderr line per failed record");
    eprintln!("5,000,000 records in {elapsed:.1?}");

    #[cfg(target_os = "linux")]
    {
        let peak = children_peak_rss_kib();
        eprintln!("peak RSS of dlx: {} MiB", peak / 1024);
        assert!(peak < 100 * 1024, "peak RSS {peak} KiB is over 100 MiB");
    }
}
