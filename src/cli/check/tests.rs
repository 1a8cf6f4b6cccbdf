use super::*;
use dlx_engine::baseline::BitmaskSudoku;
use dlx_engine::puzzles::sudoku::samples::{EASY, EASY_SOLUTION};
use dlx_engine::puzzles::sudoku::Solution;

/// The bitmask solver, recording the limits of every search.
#[derive(Default)]
struct Recording {
    solver: BitmaskSudoku,
    seen: Vec<Limits>,
}

impl SudokuSolver for Recording {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Solution {
        self.seen.push(limits);
        self.solver.solve(puzzle, limits)
    }
}

const EMPTY: &str =
    ".................................................................................";

fn check(
    puzzles: &str,
    answers: &str,
    cap: Option<u64>,
    budget: u64,
) -> (Result<CheckReport, CheckError>, Vec<Limits>) {
    let mut solver = Recording::default();
    let result = check_sudoku_with_budget(
        "p.txt",
        puzzles.as_bytes(),
        "a.txt",
        answers.as_bytes(),
        cap,
        &mut solver,
        budget,
        None,
    );
    (result, solver.seen)
}

fn mismatch(result: Result<CheckReport, CheckError>) -> InputError {
    match result {
        Err(CheckError::Mismatch(m)) => m,
        other => panic!("expected a mismatch, got {other:?}"),
    }
}

/// A read error names the file it happened in: a check reads two.
#[test]
fn read_errors_name_their_file() {
    /// Gives its bytes, then fails as a disk that is gone.
    struct Failing<'a>(&'a [u8]);
    impl io::Read for Failing<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Err(io::Error::other("the disk is gone"));
            }
            let n = buf.len().min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    let line = format!("{EMPTY}\n");
    let solved = BitmaskSudoku::default()
        .solve(&Grid::from_line(EMPTY).unwrap(), Limits::none())
        .grid
        .unwrap()
        .to_line();
    let answer = format!("{solved}\n");
    let run = |puzzles: Failing, answers: Failing| {
        check_sudoku(
            "p.txt",
            io::BufReader::new(puzzles),
            "a.txt",
            io::BufReader::new(answers),
            None,
            &mut BitmaskSudoku::default(),
        )
    };
    for (result, file) in [
        (
            run(Failing(line.as_bytes()), Failing(answer.as_bytes())),
            "p.txt: ",
        ),
        (run(Failing(line.as_bytes()), Failing(b"")), "a.txt: "),
    ] {
        match result {
            Err(CheckError::Io(e)) => assert!(e.to_string().starts_with(file), "{e}"),
            other => panic!("expected a read error of {file}, got {other:?}"),
        }
    }
}

#[test]
fn a_huge_claim_runs_out_of_budget_and_says_so() {
    let (result, seen) = check(
        &format!("{EMPTY}\n{EMPTY}\n"),
        &format!("{}\n{}\n", u64::MAX, u64::MAX),
        None,
        10_000,
    );
    let m = mismatch(result);
    assert_eq!((m.file.as_str(), m.line), ("a.txt", 1));
    assert!(m.reason.contains("could not be verified"), "{}", m.reason);
    assert!(m.reason.contains("10000 search nodes"), "{}", m.reason);
    assert!(m.reason.contains("p.txt:1"), "{}", m.reason);
    // The first record settles it: the second is never searched.
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0].max_nodes, Some(10_000));
}

/// A 25x25 puzzle of the bundled set: the engine proves it unique in a
/// few thousand nodes, the bitmask solver not in 100,000. Its claims are
/// settled by the engine and counted apart; a wrong one is still caught.
#[test]
fn the_engine_settles_what_the_bitmask_budget_cannot() {
    let file = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/puzzles/sudoku/25x25-20.txt"
    ));
    let puzzle = file
        .lines()
        .find(|l| !l.starts_with('#'))
        .expect("a puzzle");
    let (result, seen) = check(&format!("{puzzle}\n"), "unique\n", None, 100_000);
    let report = result.expect("unique, by the engine");
    assert_eq!((report.counts, report.engine_recounts), (1, 1));
    assert_eq!(seen.len(), 1, "the bitmask solver tried first");
    let (result, _) = check(&format!("{puzzle}\n"), "multiple\n", None, 100_000);
    assert!(mismatch(result).reason.contains("recount finds 1 solution"));
    // Within its budget the bitmask solver settles an easy claim alone.
    let (result, _) = check(&format!("{EASY}\n"), "unique\n", None, 100_000);
    assert_eq!(result.expect("unique").engine_recounts, 0);
}

/// A `! limit` mark is not verifiable, but it must be one `dlx solve`
/// writes.
#[test]
fn limit_marks_must_be_well_formed() {
    let (result, _) = check(
        &format!("{EASY}\n"),
        "! limit: node budget of 5 reached\n",
        None,
        10,
    );
    assert_eq!(result.expect("a limit mark").limits, 1);
    let (result, _) = check(&format!("{EASY}\n"), "! limit: banana\n", None, 10);
    assert!(mismatch(result)
        .reason
        .starts_with("unknown mark `! limit: banana`"));
    // Numbers as `dlx solve` writes them, and at least one solution
    // when it says it found some.
    for bad in [
        "! limit: node budget of ... reached after . solution(s)",
        "! limit: node budget of 5 reached after 0 solution(s)",
    ] {
        let (result, _) = check(&format!("{EASY}\n"), &format!("{bad}\n"), None, 10);
        assert!(mismatch(result).reason.starts_with("unknown mark"), "{bad}");
    }
}

/// A `! limit` mark saying it found K solutions is refused when the
/// puzzle has fewer; when the recount's budget runs out first, it
/// stays unverified.
#[test]
fn limit_marks_cannot_claim_more_solutions_than_there_are() {
    let mark = |k: u64| format!("! limit: time limit of 5 ms reached after {k} solution(s)\n");
    let (result, seen) = check(&format!("{EASY}\n"), &mark(1), None, 1_000);
    assert_eq!(result.expect("one solution found").limits, 1);
    assert_eq!(seen[0].max_solutions, Some(1));
    let (result, _) = check(&format!("{EASY}\n"), &mark(9), None, 1_000);
    let reason = mismatch(result).reason;
    assert!(reason.contains("the mark says 9 solution(s)"), "{reason}");
    assert!(reason.contains("the puzzle has only 1"), "{reason}");
    let (result, _) = check(&format!("{EMPTY}\n"), &mark(1_000_000), None, 1_000);
    assert_eq!(result.expect("budget out: unverified").limits, 1);
    // Sudominoku answers too: one domino and the nine numbers on row A
    // has thousands of solutions, a full puzzle one.
    let open = "1\n1 B4 2 B5\nA1 A2 A3 A4 A5 A6 A7 A8 A9\n0\n";
    let sudominoku = |puzzle: &str, k: u64| {
        check_sudominoku_with_budget(
            "p.txt",
            puzzle.as_bytes(),
            "a.txt",
            format!("Puzzle 1\n{}", mark(k)).as_bytes(),
            None,
            1_000_000,
        )
    };
    assert_eq!(sudominoku(open, 100).unwrap().limits, 1);
    let full = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/puzzles/sudominoku/sample-own.txt"
    ));
    let first: String = {
        let mut lines = full.lines();
        let n: usize = lines.next().unwrap().trim().parse().unwrap();
        let mut text = format!("{n}\n");
        for _ in 0..n + 1 {
            text += lines.next().unwrap();
            text.push('\n');
        }
        text + "0\n"
    };
    let reason = mismatch(sudominoku(&first, 2)).reason;
    assert!(reason.contains("the puzzle has only 1"), "{reason}");
}

/// Answers with their grids' titles taken out are checked as they
/// are, verdicts included (`unique` is word-like, as titles are).
#[test]
fn answers_without_titles_are_checked() {
    let rows: String = EASY
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
        .collect();
    let puzzle = format!("Grid 01\n{rows}");
    for answer in ["unique\n", "1\n", &format!("{EASY_SOLUTION}\n")] {
        let (result, _) = check(&puzzle, answer, None, 100_000);
        assert!(result.is_ok(), "{answer}: {result:?}");
    }
    let (result, _) = check(&puzzle, "Grid 02\nunique\n", None, 100_000);
    assert!(mismatch(result)
        .reason
        .contains("expected the title `Grid 01`"));
}

/// Answers may carry ` # ...` comments as puzzle lines do; a mark's
/// reason is free text and stays whole.
#[test]
fn answers_with_trailing_comments_are_checked() {
    let solution = dlx_engine::puzzles::sudoku::samples::EASY_SOLUTION;
    let puzzles = format!("{EASY}\n{EASY}\n{EASY}\n");
    let grid = Grid::from_line(solution).unwrap().to_numeric_rows();
    let rows: Vec<String> = grid.lines().map(|r| format!("{r} # row")).collect();
    let answers = format!(
        "{solution} # from elsewhere\n1 # count\n{}\n",
        rows.join("\n")
    );
    let (result, _) = check(&puzzles, &answers, None, 100_000);
    let report = result.unwrap();
    assert_eq!((report.solutions, report.counts), (2, 1));
    // A wrong solution is still wrong with a comment after it.
    let wrong = solution.replacen('4', "9", 1);
    let (result, _) = check(
        &format!("{EASY}\n"),
        &format!("{wrong} # mine\n"),
        None,
        100_000,
    );
    assert!(mismatch(result).reason.contains("9"));
}

/// A solved grid written with commas or semicolons between its cells
/// is read as `dlx solve` reads such rows; a changed given still fails.
#[test]
fn comma_separated_grid_answers_are_read() {
    let rows = |sep: &str, solution: &str| -> String {
        (solution.as_bytes().chunks(9))
            .map(|r| {
                let cells: Vec<String> = r.iter().map(|&b| char::from(b).to_string()).collect();
                format!("{}\n", cells.join(sep))
            })
            .collect()
    };
    for sep in [",", ";", ", "] {
        let (result, _) = check(&format!("{EASY}\n"), &rows(sep, EASY_SOLUTION), None, 10);
        assert_eq!(result.expect(sep).solutions, 1);
    }
    let first_given = EASY.find(|c: char| c.is_ascii_digit()).unwrap();
    let mut wrong = EASY_SOLUTION.as_bytes().to_vec();
    wrong[first_given] = if wrong[first_given] == b'1' {
        b'2'
    } else {
        b'1'
    };
    let wrong = String::from_utf8(wrong).unwrap();
    let (result, _) = check(&format!("{EASY}\n"), &rows(",", &wrong), None, 10);
    assert!(mismatch(result).reason.contains("was changed"));
}

#[test]
fn recounts_never_look_past_what_the_claim_needs() {
    // Uncapped: one more than the claim.
    let (result, seen) = check(&format!("{EMPTY}\n"), "7\n", None, 1_000_000);
    assert!(mismatch(result).reason.contains("more than 7"));
    assert_eq!(seen[0].max_solutions, Some(8));
    // Equal to the cap: the claim itself, and a lower bound is enough.
    let (result, seen) = check(&format!("{EMPTY}\n"), "7\n", Some(7), 1_000_000);
    assert_eq!(result.unwrap().counts, 1);
    assert_eq!(seen[0].max_solutions, Some(7));
    // Above the cap: wrong without any search.
    let (result, seen) = check(&format!("{EMPTY}\n"), "8\n", Some(7), 1_000_000);
    assert!(mismatch(result).reason.contains("--max-solutions cap of 7"));
    assert!(seen.is_empty());
    // Verdicts and marks: at most two, one.
    let (result, seen) = check(
        &format!("{EMPTY}\n{EASY}\n"),
        "multiple\nunique\n",
        None,
        1_000_000,
    );
    assert_eq!(result.unwrap().counts, 2);
    assert!(seen.iter().all(|l| l.max_solutions == Some(2)));
}

#[test]
fn right_answers_pass_within_a_small_budget() {
    let (result, _) = check(
        &format!("{EASY}\n{EASY}\n{EASY}\n"),
        "1\nunique\n1\n",
        None,
        10_000,
    );
    let report = result.unwrap();
    assert_eq!((report.records, report.counts), (3, 3));
}

#[test]
fn verdicts_and_marks_the_budget_cannot_settle_are_unverifiable() {
    // A budget of 0 nodes settles nothing that needs a search.
    for answer in ["unique", "none", "! unsolvable", "1"] {
        let (result, _) = check(&format!("{EASY}\n"), &format!("{answer}\n"), None, 0);
        let m = mismatch(result);
        assert!(
            m.reason.contains("could not be verified"),
            "{answer}: {}",
            m.reason
        );
    }
}

#[test]
fn judgements() {
    use Judgement::*;
    // (claim, found, limited, at_least)
    assert_eq!(judge(3, 3, false, false), Confirmed);
    assert_eq!(judge(3, 3, true, false), Unverifiable);
    assert_eq!(judge(3, 2, true, false), Unverifiable);
    assert_eq!(judge(3, 2, false, false), Wrong);
    assert_eq!(judge(3, 4, false, false), Wrong);
    assert_eq!(judge(3, 4, true, false), Wrong);
    assert_eq!(judge(3, 3, true, true), Confirmed);
    assert_eq!(judge(3, 2, true, true), Unverifiable);
    assert_eq!(judge(3, 2, false, true), Wrong);
    assert_eq!(judge(0, 0, false, false), Confirmed);
    assert_eq!(judge(0, 0, true, false), Unverifiable);
}

/// What the textbook solver cannot recount within the budget, the
/// engine does, counted apart; a right answer is not failed for it.
#[test]
fn sudominoku_recounts_fall_back_to_the_engine() {
    let puzzles = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/puzzles/sudominoku/generated-100.txt"
    ));
    let answers: String = (1..=100).map(|k| format!("Puzzle {k}\nunique\n")).collect();
    let report = check_sudominoku_with_budget(
        "p.txt",
        puzzles.as_bytes(),
        "a.txt",
        answers.as_bytes(),
        None,
        5_000,
    )
    .unwrap();
    assert_eq!(report.counts, 100);
    // The textbook solver needs about 33,000 nodes on average here, the
    // engine about 170.
    assert!((1..100).contains(&report.engine_recounts), "{report:?}");
}

#[test]
fn sudominoku_claims_have_a_budget_too() {
    // One domino and the nine numbers on row A: thousands of solutions.
    let puzzle = "1\n1 B4 2 B5\nA1 A2 A3 A4 A5 A6 A7 A8 A9\n0\n";
    let answers = format!("Puzzle 1\n{}\n", u64::MAX);
    let result = check_sudominoku_with_budget(
        "p.txt",
        puzzle.as_bytes(),
        "a.txt",
        answers.as_bytes(),
        None,
        10_000,
    );
    let m = mismatch(result);
    assert_eq!(m.line, 2);
    assert!(m.reason.contains("could not be verified"), "{}", m.reason);
    // A right count under the cap passes.
    let result = check_sudominoku_with_budget(
        "p.txt",
        puzzle.as_bytes(),
        "a.txt",
        b"Puzzle 1\n10\n".as_slice(),
        Some(10),
        1_000_000,
    );
    assert_eq!(result.unwrap().counts, 1);
}

/// A grid answer's fault is reported at the row it is in; a
/// Sudominoku grid cut short by the next `Puzzle k`, at that header.
#[test]
fn grid_faults_name_their_row() {
    let puzzle = "1\n1 B4 2 B5\nA1 A2 A3 A4 A5 A6 A7 A8 A9\n0\n";
    let grid = DlxSudominoku::new()
        .solve(
            &sudominoku::parse(puzzle).records[0].puzzle.clone().unwrap(),
            Limits::solutions(1),
        )
        .grid
        .unwrap();
    let rows: Vec<String> = grid.to_bare_rows().lines().map(str::to_string).collect();
    let answers = |rows: &[String]| format!("Puzzle 1\n{}\n", rows.join("\n"));
    let domino = |rows: &[String]| {
        mismatch(check_sudominoku_with_budget(
            "p.txt",
            puzzle.as_bytes(),
            "a.txt",
            answers(rows).as_bytes(),
            None,
            1_000,
        ))
    };
    // Row 4 (line 5) a cell short.
    let mut short = rows.clone();
    short[3].pop();
    let m = domino(&short);
    assert_eq!(m.line, 5, "{m}");
    assert!(m.reason.starts_with("row 4 has 8 entries"), "{m}");
    // Row 2 (line 3) left out: the header after the grid cuts it.
    let mut cut = rows.clone();
    cut.remove(1);
    cut.push("Puzzle 2".into());
    let m = domino(&cut);
    assert_eq!(m.line, 10, "{m}");
    assert!(
        m.reason
            .starts_with("the grid of `Puzzle 1` ends after 8 of 9 rows, at `Puzzle 2`"),
        "{m}"
    );

    // Sudoku: a pretty grid's rules are not rows; the bad symbol of
    // row 8 is on line 10.
    let puzzle = Grid::from_line(EMPTY).unwrap();
    let solved = BitmaskSudoku::default()
        .solve(&puzzle, Limits::none())
        .grid
        .unwrap();
    let pretty = solved.to_pretty();
    let mut lines: Vec<String> = pretty.lines().map(str::to_string).collect();
    lines[9].replace_range(0..1, "x");
    let (result, _) = check(&format!("{EMPTY}\n"), &lines.join("\n"), None, 1_000);
    let m = mismatch(result);
    assert_eq!(m.line, 10, "{m}");
    assert!(m.reason.starts_with("bad symbol `x`"), "{m}");
}
