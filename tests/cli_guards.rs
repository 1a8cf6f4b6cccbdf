//! Guards of the `dlx` command line: no hang under a progress bar.

use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::{self, Stdio};
use std::time::{Duration, Instant};

use dlx_engine::puzzles::sudoku::samples::{EASY, EASY_SOLUTION};

/// Three lines: two copies of `EASY` around an unsolvable puzzle (two 5s
/// in its first row).
fn puzzles(dir: &Path) -> PathBuf {
    let unsolvable = format!("55{}", &EASY[2..]);
    let path = dir.join("puzzles.txt");
    fs::write(&path, format!("{EASY}\n{unsolvable}\n{EASY}\n")).unwrap();
    path
}

// ---- 1. No deadlock with the progress bar on a terminal -----------------

/// Runs `command` with a pseudo-terminal as stdout and stderr (util-linux
/// `script`), so that `dlx` shows its progress bar. `None` when `script`
/// is not installed. Panics if the command is still running after `limit`.
fn under_a_terminal(command: &str, dir: &Path, limit: Duration) -> Option<(i32, String)> {
    let available = process::Command::new("script")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !available {
        eprintln!("skipped: util-linux `script` is not installed");
        return None;
    }
    let log = dir.join("terminal.log");
    let mut child = process::Command::new("script")
        .args(["-qec", command, "/dev/null"])
        .stdin(Stdio::null())
        .stdout(File::create(&log).unwrap())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("`{command}` hung under a terminal (killed after {limit:?})");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let screen = String::from_utf8_lossy(&fs::read(&log).unwrap()).into_owned();
    Some((status.code().unwrap_or(-1), screen))
}

/// `dlx solve` used to hang for good whenever its progress bar came on:
/// it held the stderr lock the bar's ticking thread needed, and then waited
/// for that thread. Standard input and files over 1 MiB turn the bar on.
#[test]
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
    let limit = Duration::from_secs(30);

    let command = format!(
        "cat '{}' | '{bin}' solve -j 2 -o '{}'; echo EXIT=$?",
        small.display(),
        dir.path().join("stdin.out").display()
    );
    let Some((_, screen)) = under_a_terminal(&command, dir.path(), limit) else {
        return;
    };
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
    let (_, screen) = under_a_terminal(&command, dir.path(), limit).unwrap();
    assert!(screen.contains("EXIT=1"), "{screen}");
    // The bar was on, and the diagnostic is whole on its own line.
    assert!(screen.contains("records solved"), "{screen}");
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
    let (_, screen) = under_a_terminal(&command, dir.path(), limit).unwrap();
    assert!(screen.contains(EASY_SOLUTION), "{screen}");
    assert!(screen.contains("EXIT=1"), "{screen}");
}
