//! `dlx solve -j 2` lends a long record's search to the idle thread
//! (`--lend-after N`, see `DlxSudoku::lend_after`): the answers are those of
//! `-j 1`, byte for byte, while the node totals of `--stats` show that the
//! counts were searched in parts. The expected answers are `-j 1`'s, which
//! the rest of the suite checks against published counts and solutions.

use std::path::Path;

use assert_cmd::Command;

/// Wikipedia's example solution with 50 to 56 cells cleared at random
/// (kept if they have a few hundred to a few thousand solutions), then a
/// unique puzzle (Wikipedia's) and a bad record.
const SPARSE: [&str; 6] = [
    "..4..8..2.72..5...198.4..........4...2..5.....1..24..6.6153..842.741.6.......6...",
    "......9....2.9..4.....4.....59.61.2.........1.1.9.4.5..6...7.8..8.419..5...286179",
    "53467....672.9.......3..56.8......2....8...........85..6.5..2.42...1..35.45...17.",
    ".34.7.91...21.....19...........61.2...6.53..1.13..4..69..5.....28..19...3.....1.9",
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
];

fn count_file(dir: &Path) -> std::path::PathBuf {
    let path = dir.join("sparse.txt");
    std::fs::write(&path, SPARSE.join("\n") + "\n").unwrap();
    path
}

/// Runs `dlx solve ARGS FILE --stats`: its answers, and the search nodes
/// its statistics report.
fn solve(args: &[&str], file: &Path) -> (String, u64) {
    let out = Command::cargo_bin("dlx")
        .unwrap()
        .arg("solve")
        .args(args)
        .arg("--stats")
        .arg(file)
        .output()
        .unwrap();
    assert!(out.status.code().is_some_and(|c| c <= 1), "{out:?}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    let nodes = stderr
        .lines()
        .find_map(|l| l.trim().strip_prefix("search nodes: "))
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no node total in {stderr}"));
    (String::from_utf8(out.stdout).unwrap(), nodes)
}

#[test]
fn lent_counts_answer_as_one_thread() {
    let dir = tempfile::tempdir().unwrap();
    let file = count_file(dir.path());
    for mode in ["--count", "--unique"] {
        let (alone, alone_nodes) = solve(&[mode, "-j", "1", "--lend-after", "50"], &file);
        let (lent, lent_nodes) = solve(&[mode, "-j", "2", "--lend-after", "50"], &file);
        assert_eq!(lent, alone, "{mode}");
        if mode == "--count" {
            // Parts do not search the levels above them again: fewer nodes.
            assert!(lent_nodes < alone_nodes, "{lent_nodes} vs {alone_nodes}");
            // Several solutions each, counted whole.
            assert!(
                alone.lines().take(4).all(|l| l.parse::<u64>().unwrap() > 1),
                "{alone}"
            );
        }
        // `--lend-after 0` never lends: one thread's nodes on two threads.
        let (kept, kept_nodes) = solve(&[mode, "-j", "2", "--lend-after", "0"], &file);
        assert_eq!((kept, kept_nodes), (alone, alone_nodes), "{mode}");
    }
}

#[test]
fn lent_sudominoku_answers_as_one_thread() {
    // The first puzzle of the bundled set with only its first six
    // dominoes placed: a search of some 40,000 nodes.
    let text = std::fs::read_to_string("puzzles/sudominoku/generated-100.txt").unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let n: usize = lines[0].parse().unwrap();
    let open = format!("6\n{}\n{}\n", lines[1..7].join("\n"), lines[1 + n]);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("open.txt");
    std::fs::write(&file, format!("{open}{open}0\n")).unwrap();
    for mode in [&[][..], &["--count"][..]] {
        let run = |j: &str| {
            let mut args = mode.to_vec();
            args.extend(["--kind", "sudominoku", "-j", j, "--lend-after", "20"]);
            solve(&args, &file)
        };
        let ((alone, alone_nodes), (lent, lent_nodes)) = (run("1"), run("2"));
        assert_eq!(lent, alone, "{mode:?}");
        // Searched in parts.
        assert_ne!(lent_nodes, alone_nodes, "{mode:?}");
        assert!(alone.contains("Puzzle 2"), "{alone}");
    }
}
