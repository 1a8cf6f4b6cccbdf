//! Guards of the `dlx` command line: no hang under a progress bar, no
//! output written over an input, no `--max-solutions 0`, no claim that
//! `dlx check` cannot settle in bounded time, I/O errors that name their
//! file, `--all` documented as exact-cover only, and no option accepted
//! only to be ignored.

use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::{self, Stdio};

use crate::common::child::{poll_until, wait_for_exit, HANG_LIMIT};

use assert_cmd::Command;
use dlx_engine::puzzles::sudoku::samples::{EASY, EASY_SOLUTION};
use predicates::prelude::*;

fn dlx() -> Command {
    Command::cargo_bin("dlx").unwrap()
}

/// Three lines: two copies of `EASY` around an unsolvable puzzle (two 5s
/// in its first row).
fn puzzles(dir: &Path) -> PathBuf {
    let unsolvable = format!("55{}", &EASY[2..]);
    let path = dir.join("puzzles.txt");
    fs::write(&path, format!("{EASY}\n{unsolvable}\n{EASY}\n")).unwrap();
    path
}

fn stderr_of(out: &process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

// ---- 1. No deadlock with the progress bar on a terminal -----------------

/// Runs `command` with a pseudo-terminal as stdout and stderr (util-linux
/// `script`, part of every Linux base system), so that `dlx` shows its
/// progress bar. Fails, rather than skipping, when `script` is missing.
/// Panics if the command is still running after [`HANG_LIMIT`]: the
/// deadlock this guards against hung for good, so no shorter limit is
/// needed to see it, and a loaded machine cannot reach this one.
#[cfg(target_os = "linux")]
fn under_a_terminal(command: &str, dir: &Path) -> (i32, String) {
    let available = process::Command::new("script")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        available,
        "this test needs util-linux `script` (Debian: package bsdutils) to give dlx a terminal"
    );
    let log = dir.join("terminal.log");
    let mut child = process::Command::new("script")
        .args(["-qec", command, "/dev/null"])
        .stdin(Stdio::null())
        .stdout(File::create(&log).unwrap())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let status = wait_for_exit(&mut child);
    let screen = String::from_utf8_lossy(&fs::read(&log).unwrap()).into_owned();
    (status.code().unwrap_or(-1), screen)
}

/// `dlx solve` used to hang for good whenever its progress bar came on:
/// it held the stderr lock the bar's ticking thread needed, and then waited
/// for that thread. Standard input and files over 1 MiB turn the bar on.
#[test]
#[cfg(target_os = "linux")]
fn solve_with_a_progress_bar_finishes() {
    let dir = tempfile::tempdir().unwrap();
    let small = puzzles(dir.path());
    // Over 1 MiB, with one bad record near the end for a diagnostic.
    let mut text = format!("{EASY}\n").repeat(13_000);
    text += "12345\n";
    let big = dir.path().join("big.txt");
    fs::write(&big, &text).unwrap();
    assert!(text.len() > 1 << 20);
    let bin = env!("CARGO_BIN_EXE_dlx");

    let command = format!(
        "cat '{}' | '{bin}' solve -j 2 -o '{}'; echo EXIT=$?",
        small.display(),
        dir.path().join("stdin.out").display()
    );
    let (_, screen) = under_a_terminal(&command, dir.path());
    assert!(screen.contains("EXIT=1"), "{screen}");
    assert!(screen.contains("<stdin>:2: "), "{screen}");
    let answers = fs::read_to_string(dir.path().join("stdin.out")).unwrap();
    assert_eq!(answers.lines().count(), 3);
    assert_eq!(answers.lines().next(), Some(EASY_SOLUTION));

    let out = dir.path().join("big.out");
    let command = format!(
        "'{bin}' solve -j 2 '{}' -o '{}'; echo EXIT=$?",
        big.display(),
        out.display()
    );
    let (_, screen) = under_a_terminal(&command, dir.path());
    assert!(screen.contains("EXIT=1"), "{screen}");
    // The bar was on, and the diagnostic is whole on its own line.
    assert!(screen.contains("records answered"), "{screen}");
    let line = format!("big.txt:{}: wrong length", 13_001);
    assert!(
        screen.split(['\r', '\n']).any(|l| l
            .trim_start_matches("\x1b[2K")
            .starts_with(&format!("{}/{line}", dir.path().display()))),
        "{screen}"
    );
    assert_eq!(fs::read_to_string(&out).unwrap().lines().count(), 13_001);

    // Answers on the terminal itself pass under the bar too.
    let command = format!(
        "head -3 '{}' | '{bin}' solve; echo EXIT=$?",
        small.display()
    );
    let (_, screen) = under_a_terminal(&command, dir.path());
    assert!(screen.contains(EASY_SOLUTION), "{screen}");
    assert!(screen.contains("EXIT=1"), "{screen}");
}

// ---- 2. Outputs that would overwrite an input -----------------------------

#[test]
fn solve_refuses_to_write_over_its_input() {
    let dir = tempfile::tempdir().unwrap();
    let input = puzzles(dir.path());
    let before = fs::read(&input).unwrap();
    let out = dlx()
        .arg("solve")
        .arg(&input)
        .arg("-o")
        .arg(&input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = stderr_of(&out);
    assert!(
        err.contains("puzzles.txt") && err.contains("overwrite"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
    assert_eq!(fs::read(&input).unwrap(), before, "the input was touched");

    // The same file by another name: `./`, a symbolic link, a hard link.
    let dotted = dir.path().join(".").join("puzzles.txt");
    #[allow(unused_mut)]
    let mut aliases = vec![dotted];
    #[cfg(unix)]
    {
        let symlink = dir.path().join("link.txt");
        std::os::unix::fs::symlink(&input, &symlink).unwrap();
        let hard = dir.path().join("hard.txt");
        fs::hard_link(&input, &hard).unwrap();
        aliases.extend([symlink, hard]);
    }
    for alias in aliases {
        dlx()
            .arg("solve")
            .arg(&input)
            .arg("-o")
            .arg(&alias)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("overwrite"));
        assert_eq!(fs::read(&input).unwrap(), before, "{}", alias.display());
    }

    // Not the first input: still refused before any answer is written.
    let other = dir.path().join("other.txt");
    fs::write(&other, format!("{EASY}\n")).unwrap();
    dlx()
        .arg("solve")
        .arg(&other)
        .arg(&input)
        .arg("-o")
        .arg(&input)
        .assert()
        .code(2);
    assert_eq!(fs::read(&input).unwrap(), before);

    // A new file, or an existing file that is not an input, is fine.
    for target in [dir.path().join("new.out"), other.clone()] {
        dlx()
            .arg("solve")
            .arg(&input)
            .arg("-o")
            .arg(&target)
            .assert()
            .code(1);
        assert_eq!(fs::read_to_string(&target).unwrap().lines().count(), 3);
    }
}

#[cfg(unix)]
#[test]
fn solve_refuses_redirections_onto_its_input() {
    let dir = tempfile::tempdir().unwrap();
    let input = puzzles(dir.path());
    let before = fs::read(&input).unwrap();
    let bin = env!("CARGO_BIN_EXE_dlx");
    // `dlx solve -o f < f`.
    let out = process::Command::new(bin)
        .args(["solve", "-o"])
        .arg(&input)
        .stdin(File::open(&input).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(stderr_of(&out).contains("standard input"), "{out:?}");
    assert_eq!(fs::read(&input).unwrap(), before);
    // `dlx solve f >> f`: the answers would be read back as puzzles.
    let out = process::Command::new(bin)
        .arg("solve")
        .arg(&input)
        .stdout(File::options().append(true).open(&input).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(stderr_of(&out).contains("standard output"), "{out:?}");
    assert_eq!(fs::read(&input).unwrap(), before);
    // Standard output to another file still works.
    let answers = dir.path().join("answers.txt");
    let status = process::Command::new(bin)
        .arg("solve")
        .arg(&input)
        .stdout(File::create(&answers).unwrap())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(1));
    assert_eq!(fs::read_to_string(&answers).unwrap().lines().count(), 3);
    // `dlx solve f 2>> f`: the diagnostics would be read back as records.
    // Only the refusal itself can reach the input (not the note that -j is
    // lowered for --timeout-ms, which comes after the refusals).
    let out = process::Command::new(bin)
        .args(["solve", "-j", "1024", "--timeout-ms", "1000"])
        .arg(&input)
        .stdout(Stdio::null())
        .stderr(File::options().append(true).open(&input).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let grown = fs::read_to_string(&input).unwrap();
    let refusal = grown.strip_prefix(std::str::from_utf8(&before).unwrap());
    assert!(
        refusal.is_some_and(|r| r.contains("standard error") && r.lines().count() == 1),
        "{grown}"
    );
    fs::write(&input, &before).unwrap();
    // `-o f 2> f` and `-o f 2>> f`: answers and diagnostics would write
    // over each other.
    for append in [false, true] {
        let both = dir.path().join("both.txt");
        let out = process::Command::new(bin)
            .arg("solve")
            .arg(&input)
            .arg("-o")
            .arg(&both)
            .stderr(
                File::options()
                    .create(true)
                    .write(true)
                    .append(append)
                    .truncate(!append)
                    .open(&both)
                    .unwrap(),
            )
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        let refusal = fs::read_to_string(&both).unwrap();
        assert!(refusal.contains("(-o) is also standard error"), "{refusal}");
    }
    // Answers and diagnostics sharing one file (`> log 2>&1`) is fine.
    let log = dir.path().join("log.txt");
    let log_file = File::create(&log).unwrap();
    let status = process::Command::new(bin)
        .arg("solve")
        .arg(&input)
        .stdout(log_file.try_clone().unwrap())
        .stderr(log_file)
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(1));
    let logged = fs::read_to_string(&log).unwrap();
    assert!(logged.contains("puzzles.txt:2: "), "{logged}");
    assert_eq!(logged.lines().count(), 4, "{logged}");
}

#[test]
fn bench_refuses_reports_over_an_input_or_each_other() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("easy.txt");
    fs::write(&input, format!("{EASY}\n{EASY}\n")).unwrap();
    let before = fs::read(&input).unwrap();
    for option in ["--json", "--markdown", "--plot"] {
        let out = dlx()
            .args(["bench", "--solvers", "dlx", "--no-progress"])
            .arg(&input)
            .arg(option)
            .arg(&input)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{option}: {out:?}");
        let err = stderr_of(&out);
        assert!(err.contains("easy.txt") && err.contains(option), "{err}");
        assert!(out.stdout.is_empty(), "{option}: work was done");
        assert_eq!(fs::read(&input).unwrap(), before, "{option}");
    }
    // Two reports to one file, whether it exists yet or not.
    let report = dir.path().join("report");
    for exists in [false, true] {
        if exists {
            fs::write(&report, "keep").unwrap();
        }
        let out = dlx()
            .args(["bench", "--solvers", "dlx", "--no-progress"])
            .arg(&input)
            .arg("--json")
            .arg(&report)
            .arg("--markdown")
            .arg(dir.path().join(".").join("report"))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        let err = stderr_of(&out);
        assert!(
            err.contains("--json") && err.contains("--markdown"),
            "{err}"
        );
        assert_eq!(report.exists(), exists);
    }
    // Different files: fine.
    dlx()
        .args(["bench", "--solvers", "dlx", "--no-progress"])
        .arg(&input)
        .arg("--json")
        .arg(dir.path().join("r.json"))
        .arg("--markdown")
        .arg(dir.path().join("r.md"))
        .assert()
        .success();
    assert!(dir.path().join("r.json").exists() && dir.path().join("r.md").exists());
}

// ---- 3. --max-solutions 0 -------------------------------------------------

#[test]
fn max_solutions_zero_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("easy.txt");
    fs::write(&input, format!("{EASY}\n")).unwrap();
    let answers = dir.path().join("easy.out");
    fs::write(&answers, "1\n").unwrap();
    dlx()
        .args(["solve", "--count", "--max-solutions", "0"])
        .arg(&input)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "invalid value '0' for '--max-solutions <N>': must be at least 1",
        ));
    dlx()
        .args(["check", "--max-solutions", "0", "--solutions"])
        .arg(&answers)
        .arg(&input)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "invalid value '0' for '--max-solutions <N>': must be at least 1",
        ));
    dlx()
        .args(["gen", "--check-budget", "0"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("must be at least 1"));
    // 1 is the smallest cap, and a solvable puzzle is counted as such: at
    // least 1, since the search stopped at the cap without looking further.
    dlx()
        .args(["solve", "--count", "--max-solutions", "1"])
        .arg(&input)
        .assert()
        .success()
        .stdout(">= 1\n");
    dlx()
        .args(["check", "--max-solutions", "1", "--solutions"])
        .arg(&answers)
        .arg(&input)
        .assert()
        .success();
}

/// Tens of thousands of worker threads took minutes to start: `-j` stops at
/// 1024 for every command, with a usage error naming the option.
#[test]
fn thread_counts_beyond_the_cap_are_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("easy.txt");
    fs::write(&input, format!("{EASY}\n")).unwrap();
    for command in [
        &["solve"][..],
        &["bench", "--no-progress"],
        &["gen", "--count", "1"],
    ] {
        let mut cmd = dlx();
        cmd.args(command).args(["-j", "1025"]);
        if command[0] != "gen" {
            cmd.arg(&input);
        }
        cmd.assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("1..=1024"));
    }
    dlx()
        .args(["solve", "-j", "1024"])
        .arg(&input)
        .assert()
        .success();
}

// ---- 4. Claims `dlx check` cannot settle ----------------------------------

/// The give-up is seen in what `check` says, not raced against a clock: it
/// names the node budget the recount used up, so a check that settled the
/// claim some other way, or never gave up, fails here whatever the load.
/// (This used to kill `check` after 60 s of wall clock, which a loaded
/// two-core machine reached with the budget still being spent.) The hang
/// limit only catches a search that never ends.
#[test]
fn check_gives_up_on_a_huge_claim_instead_of_hanging() {
    let dir = tempfile::tempdir().unwrap();
    let empty = ".".repeat(81);
    let input = dir.path().join("many.txt");
    fs::write(&input, format!("{empty}\n").repeat(50)).unwrap();
    let answers = dir.path().join("big.out");
    fs::write(&answers, format!("{}\n", u64::MAX).repeat(50)).unwrap();
    let out = dlx()
        .arg("check")
        .arg(&input)
        .arg("--solutions")
        .arg(&answers)
        .timeout(HANG_LIMIT)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = stderr_of(&out);
    assert!(err.contains("big.out:1: "), "{err}");
    assert!(err.contains("could not be verified"), "{err}");
    assert!(err.contains("many.txt:1"), "{err}");
    // Given up by the budget: the first claim, and only it, was recounted
    // until its node budget ran out.
    // (The budget is the binary's `check::RECOUNT_NODE_BUDGET`: a number
    // of search nodes, named in the message.)
    let budget = err
        .split("the recount used its budget of ")
        .nth(1)
        .and_then(|rest| rest.split(" search nodes").next())
        .and_then(|n| n.parse::<u64>().ok());
    assert!(budget.is_some_and(|n| n > 0), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    // A right count of the same grid, capped, is confirmed at once.
    fs::write(&answers, "1000\n".repeat(50)).unwrap();
    dlx()
        .arg("check")
        .arg(&input)
        .arg("--solutions")
        .arg(&answers)
        .args(["--max-solutions", "1000"])
        .assert()
        .success()
        .stdout(predicate::str::contains("50 counts recounted"));
}

// ---- 5. I/O errors name their file ----------------------------------------

/// Linux only: it needs `/dev/full`, the device whose writes always fail.
#[test]
#[cfg(target_os = "linux")]
fn write_errors_name_the_output() {
    let dir = tempfile::tempdir().unwrap();
    let input = puzzles(dir.path());
    dlx()
        .arg("solve")
        .arg(&input)
        .args(["-o", "/dev/full"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("\ndlx: /dev/full: No space left"));
    for option in ["--json", "--markdown", "--plot"] {
        dlx()
            .args(["bench", "--solvers", "dlx", "--no-progress"])
            .arg(&input)
            .args([option, "/dev/full"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "dlx: {option} /dev/full: No space left"
            )));
    }
    // Standard output on a full disk.
    let out = process::Command::new(env!("CARGO_BIN_EXE_dlx"))
        .arg("solve")
        .arg(&input)
        .stdout(File::options().write(true).open("/dev/full").unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(stderr_of(&out).contains("dlx: <stdout>: "), "{out:?}");
}

/// `bench` and `check` write their diagnostics to a stderr that fails
/// (here `/dev/full`) without crashing: the exit status still says what
/// happened. A full stdout is an error naming it. Linux only (`/dev/full`).
#[test]
#[cfg(target_os = "linux")]
fn a_full_stderr_or_stdout_is_no_crash() {
    let full = || File::options().write(true).open("/dev/full").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let input = puzzles(dir.path());
    // A bad record makes `bench` name it on stderr; its tables still come.
    let with_bad = dir.path().join("with-bad.txt");
    fs::write(&with_bad, format!("{EASY}\n12345\n{EASY}\n")).unwrap();
    let bench = process::Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(["bench", "--solvers", "dlx", "--no-progress", "-j", "64"])
        .arg(&with_bad)
        .stderr(full())
        .output()
        .unwrap();
    assert_eq!(bench.status.code(), Some(0), "{bench:?}");
    assert!(
        String::from_utf8_lossy(&bench.stdout).contains("\ndlx  "),
        "{bench:?}"
    );
    // A wrong answer: `check` exits 1 whether or not it could say why.
    let solved = dlx().arg("solve").arg(&input).output().unwrap();
    let answers = dir.path().join("answers.txt");
    let wrong = String::from_utf8(solved.stdout.clone())
        .unwrap()
        .replacen('1', "2", 1);
    fs::write(&answers, wrong).unwrap();
    let check = |answers: &Path| {
        let mut command = process::Command::new(env!("CARGO_BIN_EXE_dlx"));
        command
            .arg("check")
            .arg(&input)
            .arg("--solutions")
            .arg(answers);
        command
    };
    let mismatch = check(&answers).stderr(full()).output().unwrap();
    assert_eq!(mismatch.status.code(), Some(1), "{mismatch:?}");
    // Right answers, but nowhere to say so.
    fs::write(&answers, &solved.stdout).unwrap();
    let ok = check(&answers).output().unwrap();
    assert_eq!(ok.status.code(), Some(0), "{ok:?}");
    let no_room = check(&answers).stdout(full()).output().unwrap();
    assert_eq!(no_room.status.code(), Some(2), "{no_room:?}");
    assert!(
        stderr_of(&no_room).contains("dlx: <stdout>: "),
        "{no_room:?}"
    );
}

#[test]
fn directories_given_as_inputs_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let input = puzzles(dir.path());
    let folder = dir.path().join("folder");
    fs::create_dir(&folder).unwrap();
    let named = format!("dlx: {}: ", folder.display());
    dlx()
        .arg("check")
        .arg(&folder)
        .arg("--solutions")
        .arg(&input)
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(named.clone()));
    dlx()
        .arg("check")
        .arg(&input)
        .arg("--solutions")
        .arg(&folder)
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(named.clone()));
    dlx()
        .args(["bench", "--solvers", "dlx", "--no-progress"])
        .arg(&input)
        .arg(&folder)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::starts_with(named.clone()));
    // `solve` goes on with the other files, and still exits 2.
    dlx()
        .arg("solve")
        .arg(&folder)
        .arg(&input)
        .assert()
        .code(2)
        .stdout(predicate::str::contains(EASY_SOLUTION))
        .stderr(predicate::str::contains(named));
}

/// A standard input that fails part way through, as a disk or network
/// error does: a TCP connection that brings `text`, then a reset (its far
/// end is closed with a byte it never read), so the read after `text`
/// fails with ECONNRESET. Linux: a reset there leaves the data before it
/// readable.
#[cfg(target_os = "linux")]
fn stdin_cut_short_after(text: &str) -> Stdio {
    use std::io::Write;
    use std::net::{TcpListener, TcpStream};
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let mut ours = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
    let (mut theirs, _) = listener.accept().unwrap();
    // The unread byte, there before the close, turns it into a reset.
    ours.write_all(b"?").unwrap();
    theirs.peek(&mut [0]).unwrap();
    theirs.write_all(text.as_bytes()).unwrap();
    // All of `text` is here before the reset (which would drop what was
    // still on its way): waited for as it arrives, with only a hang limit.
    let mut buf = vec![0; text.len() + 1];
    poll_until("the text to be delivered over loopback", || {
        (ours.peek(&mut buf).unwrap() >= text.len()).then_some(())
    });
    drop(theirs);
    Stdio::from(std::os::fd::OwnedFd::from(ours))
}

/// A read error part way through an input comes after the answers to the
/// records before it, and `--stats` counts them (its summary of that input
/// and the total used to leave them out) and says the input was cut short.
#[test]
#[cfg(target_os = "linux")]
fn stats_count_the_records_answered_before_a_read_error() {
    let dir = tempfile::tempdir().unwrap();
    let file = puzzles(dir.path());
    // Past the 32 lines read ahead to decide the kind.
    let forty = format!("{EASY}\n").repeat(40);
    for threads in ["1", "2"] {
        let out = process::Command::new(env!("CARGO_BIN_EXE_dlx"))
            .args(["solve", "--stats", "--no-progress", "-j", threads])
            .arg(&file)
            .arg("-")
            .stdin(stdin_cut_short_after(&forty))
            .output()
            .unwrap();
        let stderr = stderr_of(&out);
        assert_eq!(out.status.code(), Some(2), "-j {threads}: {stderr}");
        let answers = String::from_utf8(out.stdout).unwrap();
        assert_eq!(answers.lines().count(), 43, "-j {threads}: {answers}");
        assert!(
            answers.lines().skip(3).all(|a| a == EASY_SOLUTION),
            "{answers}"
        );
        let error = stderr.find("\ndlx: <stdin>: line 41: read error: ");
        let stats = stderr.find(
            "\n<stdin>: 40 records: 40 solved, 0 unsolvable, 0 invalid, 0 hit a limit\n  \
             1 input cut short by a read error: the records after it were not read\n",
        );
        assert!(error.is_some(), "-j {threads}: {stderr}");
        assert!(stats.is_some() && stats > error, "-j {threads}: {stderr}");
        let total = "\ntotal: 43 records: 42 solved, 0 unsolvable, 1 invalid, 0 hit a limit\n  \
                     1 input cut short by a read error: the records after it were not read\n";
        assert!(stderr.contains(total), "-j {threads}: {stderr}");
        assert!(!stderr.contains("no puzzles"), "-j {threads}: {stderr}");
    }
}

// ---- 6. --all is for exact-cover files --------------------------------------

#[test]
fn all_help_says_exact_cover_only() {
    let out = dlx().args(["solve", "--help"]).output().unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    let start = help.find("      --all").expect("--all is documented") + 11;
    let rest = &help[start..];
    let end = rest.find("\n      --").unwrap_or(rest.len());
    let all = rest[..end].split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(all.contains("exact-cover files only"), "{all}");
    assert!(
        all.contains("a Sudoku or Sudominoku file given with --all is refused"),
        "{all}"
    );
}

// ---- 7. Options that would be ignored are refused -------------------------

#[test]
fn options_a_command_would_ignore_are_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    let input = puzzles(dir.path());
    // A cap only means something when counting or listing.
    for mode in [&[][..], &["--unique"][..]] {
        dlx()
            .arg("solve")
            .args(mode)
            .args(["--max-solutions", "5"])
            .arg(&input)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(
                "--max-solutions caps --count and --all",
            ));
    }
    // --format styles Sudoku answers only: refused with an explicit other
    // kind, a note on stderr when detection finds one.
    let queens = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("puzzles/xc/queens-4.dlx");
    for kind in ["xc", "sudominoku"] {
        dlx()
            .args(["solve", "--kind", kind, "--format", "pretty"])
            .arg(&queens)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(
                "--format sets the style of Sudoku answers",
            ));
    }
    dlx()
        .args(["solve", "--format", "pretty"])
        .arg(&queens)
        .assert()
        .success()
        .stdout(predicate::str::starts_with("r0 c1"))
        .stderr(predicate::str::contains(
            "queens-4.dlx: note: --format sets the style of Sudoku answers",
        ));
    // Standard input read twice would be empty the second time.
    dlx()
        .args(["solve", "-", "-"])
        .write_stdin(format!("{EASY}\n"))
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("read only once"));
    // Sudominoku generation has no size, clue target, symmetry or rating.
    dlx()
        .args(["gen", "--kind", "sudominoku", "--size", "3", "--rate"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "--size, --rate apply to Sudoku only",
        ));
    // A zero budget would keep every clue: a full grid, not a puzzle.
    dlx()
        .args(["gen", "--check-budget", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--check-budget"));
    // What they guard stays allowed.
    dlx()
        .args(["gen", "--kind", "sudominoku", "--seed", "4"])
        .assert()
        .success()
        .stdout(predicate::str::ends_with("0\n"));
    dlx()
        .args(["solve", "--count", "--max-solutions", "5", "-"])
        .write_stdin(format!("{EASY}\n"))
        .assert()
        .success()
        .stdout("1\n");
}

/// An output named like an input that does not exist would be created
/// empty and then read as that input; `-` twice would read an empty second
/// input. Both are refused by every command that takes files.
#[test]
fn missing_inputs_and_a_second_stdin_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.txt");
    dlx()
        .arg("solve")
        .arg(&missing)
        .arg("-o")
        .arg(&missing)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("would overwrite the input"));
    assert!(!missing.exists(), "the output was created");
    let report = dir.path().join("m.json");
    dlx()
        .arg("bench")
        .arg(&report)
        .arg("--json")
        .arg(&report)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("would overwrite the input"));
    assert!(!report.exists(), "the report was created");
    // A run whose every input is missing leaves an earlier run's answers
    // and reports as they were.
    let answers = dir.path().join("old.out");
    fs::write(&answers, "earlier answers\n").unwrap();
    dlx()
        .arg("solve")
        .arg(&missing)
        .arg("-o")
        .arg(&answers)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("missing.txt"));
    assert_eq!(fs::read_to_string(&answers).unwrap(), "earlier answers\n");
    let good = puzzles(dir.path());
    for option in ["--json", "--markdown", "--plot"] {
        let report = dir.path().join("old.report");
        fs::write(&report, "earlier report\n").unwrap();
        dlx()
            .args(["bench", "--no-progress"])
            .arg(&good)
            .arg(&missing)
            .arg(option)
            .arg(&report)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("missing.txt"));
        assert_eq!(
            fs::read_to_string(&report).unwrap(),
            "earlier report\n",
            "{option}"
        );
    }
    // `/dev/stdin` is the same pipe as `-` (`write_stdin` gives a pipe).
    #[cfg(target_os = "linux")]
    dlx()
        .args(["solve", "-", "/dev/stdin"])
        .write_stdin(format!("{EASY}\n"))
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("read only once"));
    // A named pipe given twice: the second open would wait forever for a
    // writer. Refused before either is opened, naming it.
    #[cfg(target_os = "linux")]
    {
        let fifo = dir.path().join("fifo");
        let made = process::Command::new("mkfifo").arg(&fifo).status().unwrap();
        assert!(made.success());
        for args in [&["solve"][..], &["bench", "--no-progress"], &["check"]] {
            let mut cmd = dlx();
            cmd.args(args).arg(&fifo);
            if args[0] == "check" {
                cmd.arg("--solutions");
            }
            // Refused before the FIFO is opened: a regression would block
            // for good in the open, which only the hang limit catches.
            cmd.arg(&fifo)
                .timeout(HANG_LIMIT)
                .assert()
                .code(2)
                .stdout("")
                .stderr(predicate::str::contains(
                    "fifo is given twice, which can be read only once",
                ));
        }
        dlx()
            .args(["solve", "/proc/self/fd/0", "/dev/fd/0"])
            .write_stdin(format!("{EASY}\n"))
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "/proc/self/fd/0 and /dev/fd/0 are the same stream",
            ));
    }
    // Answers into the pipe the input comes from would be read back.
    #[cfg(target_os = "linux")]
    dlx()
        .args(["solve", "-o", "/dev/stdin"])
        .write_stdin(format!("{EASY}\n"))
        .timeout(HANG_LIMIT)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "is the pipe the input standard input is read from",
        ));
    // Standard output or error held on the input FIFO: the input would
    // never end. Refused before the FIFO is opened for reading.
    #[cfg(target_os = "linux")]
    {
        let fifo = dir.path().join("held");
        let made = process::Command::new("mkfifo").arg(&fifo).status().unwrap();
        assert!(made.success());
        for (args, stream) in [
            (&["solve"][..], "standard error"),
            (&["bench", "--no-progress"][..], "standard output"),
        ] {
            // Read and write: opening a FIFO so does not wait for a peer.
            let held = || {
                fs::OpenOptions::new()
                    .read(true)
                    .write(true)
                    .open(&fifo)
                    .unwrap()
            };
            let mut cmd = process::Command::new(env!("CARGO_BIN_EXE_dlx"));
            cmd.args(args).arg(&fifo);
            if stream == "standard error" {
                cmd.stderr(held()).stdout(Stdio::null());
            } else {
                cmd.stdout(held()).stderr(Stdio::piped());
            }
            let mut child = cmd.spawn().unwrap();
            // A dlx hung on its own pipe never exits: the hang limit
            // catches it, with no clock racing a refusal that is immediate.
            let status = wait_for_exit(&mut child);
            assert_eq!(status.code(), Some(2), "{args:?}");
        }
    }
    // Standard input from a regular file is opened afresh by its name.
    #[cfg(target_os = "linux")]
    {
        let file = dir.path().join("one.txt");
        fs::write(&file, format!("{EASY}\n")).unwrap();
        let out = process::Command::new(env!("CARGO_BIN_EXE_dlx"))
            .args(["solve", "-", "/dev/stdin"])
            .stdin(File::open(&file).unwrap())
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 2);
    }
    for args in [
        &["check", "-", "--solutions", "-"][..],
        &["bench", "-", "-"][..],
    ] {
        dlx()
            .args(args)
            .write_stdin(format!("{EASY}\n"))
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("read only once"));
    }
}

// ---- Bytes that are not UTF-8 in a Sudominoku file --------------------------

/// `dlx solve`, `dlx check` and `dlx bench` read a Sudominoku file with a
/// Latin-1 byte alike: in a `#` comment it is skipped, in a domino line it
/// spoils that puzzle alone. `check` used to stop the whole file with an
/// error naming neither the file nor the line.
#[test]
fn sudominoku_with_a_bad_byte_is_read_alike_by_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let sample = fs::read(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("puzzles/sudominoku/sample-own.txt"),
    )
    .unwrap();
    let text = String::from_utf8(sample).unwrap();
    let first_domino = text.lines().nth(1).unwrap().to_string();
    let mut bad = text
        .replacen(&first_domino, &format!("{first_domino}\u{0}"), 1)
        .into_bytes();
    // A Latin-1 `é` in place of the NUL marker, and in a comment at the end.
    let at = bad.iter().position(|&b| b == 0).unwrap();
    bad[at] = 0xe9;
    bad.extend_from_slice(b"# caf\xe9\n");
    let input = dir.path().join("bad.txt");
    fs::write(&input, &bad).unwrap();
    let answers = dir.path().join("bad.out");
    let solved = dlx()
        .arg("solve")
        .arg(&input)
        .arg("-o")
        .arg(&answers)
        .output()
        .unwrap();
    assert_eq!(solved.status.code(), Some(1), "{}", stderr_of(&solved));
    let err = stderr_of(&solved);
    assert!(err.contains("bad.txt:2:"), "{err}");
    assert_eq!(err.lines().count(), 1, "only the spoilt puzzle: {err}");
    dlx()
        .arg("check")
        .arg(&input)
        .arg("--solutions")
        .arg(&answers)
        .assert()
        .success()
        .stdout(predicate::str::contains("1 mark confirmed"));
    dlx()
        .args(["bench", "--no-progress", "--solvers", "dlx"])
        .arg(&input)
        .assert()
        .success()
        .stdout(predicate::str::contains("1 invalid record skipped"));
}

/// A negative number given to a numeric option is refused as that
/// option's value, not taken for an unknown option (whose tip, `-- -1`,
/// would make it a file name).
#[test]
fn negative_numbers_are_refused_as_values() {
    let whole = "(expected a whole number, 0 or more)";
    for (args, option, why) in [
        (
            &["solve", "--node-limit", "-1", "x"][..],
            "--node-limit <N>",
            whole,
        ),
        (
            &["solve", "-j", "-2", "x"][..],
            "--threads <N>",
            "not in 1..=1024",
        ),
        (&["gen", "--count", "-5"][..], "--count <COUNT>", whole),
        (
            &["bench", "--limit", "-3", "x"][..],
            "--limit <K>",
            "(expected a whole number of at least 1)",
        ),
    ] {
        dlx()
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!("for '{option}'")))
            .stderr(predicate::str::contains(why))
            .stderr(predicate::str::contains("tip").not());
    }
}
