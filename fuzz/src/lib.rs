//! The properties the fuzz targets check, one function per target.
//!
//! Shared by the cargo-fuzz targets in `fuzz_targets/` and by the main
//! crate's `tests/it/reliability.rs` (which includes this file as a module and
//! feeds it the saved inputs of `tests/fuzz_regressions/`), so a regression
//! input runs exactly the code the fuzzer ran.
//!
//! Every function takes arbitrary bytes and panics only when a property of
//! the library fails: parsers must never panic, must report 1-based line
//! numbers inside the input, and whatever they accept must round-trip and be
//! solved (or reported unsolvable) with verified answers.

use std::cell::RefCell;
use std::collections::HashSet;
use std::ops::ControlFlow;

use dlx_engine::exact_cover::{self, knuth_format, End, ItemKind, Limits, Problem, Solver};
use dlx_engine::puzzles::sudoku::SudokuReader;
use dlx_engine::puzzles::sudoku::{DlxSudoku, Grid, SudokuSolver};
use dlx_engine::puzzles::sudominoku::{self, DlxSudominoku};

/// Node budget for solving a fuzzed Sudoku grid.
pub const SUDOKU_NODES: u64 = 2_000;
/// Node budget for solving a fuzzed Sudominoku puzzle.
pub const SUDOMINOKU_NODES: u64 = 20_000;
/// Node budget for a fuzzed exact-cover file (the engine target's matrices
/// are small enough never to reach its own, larger budget).
pub const XC_NODES: u64 = 20_000;

thread_local! {
    static SUDOKU: RefCell<DlxSudoku> = RefCell::new(DlxSudoku::new());
    static SUDOMINOKU: RefCell<DlxSudominoku> = RefCell::new(DlxSudominoku::new());
}

/// Number of lines of `text` as the readers count them (at least 1).
fn line_count(text: &[u8]) -> usize {
    let newlines = text.iter().filter(|&&b| b == b'\n').count();
    let unterminated = usize::from(!text.is_empty() && text.last() != Some(&b'\n'));
    (newlines + unterminated).max(1)
}

/// The lines `dlx solve` numbers in `text`: as [`line_count`], except that
/// an old-Mac input (`\r` and no `\n`) has `\r`, `\r\n` and `\n` line ends
/// (`dlx_engine::puzzles::prepare`). `prepare` decides on its read-ahead (32 meaningful
/// lines, 64 KiB), this on the whole input: the same unless a `\n` first
/// appears past the read-ahead of a `\r` input.
fn solve_line_count(text: &[u8]) -> usize {
    let old_mac = text.contains(&b'\r') && !text.contains(&b'\n');
    if !old_mac {
        return line_count(text);
    }
    let mut unix = Vec::with_capacity(text.len());
    let mut after_cr = false;
    for &b in text {
        match b {
            b'\r' => unix.push(b'\n'),
            b'\n' if after_cr => {}
            b => unix.push(b),
        }
        after_cr = b == b'\r';
    }
    line_count(&unix)
}

/// Round-trips a parsed grid through its three written forms and solves it
/// if its givens are consistent; any answer must pass the independent check.
fn check_grid(grid: &Grid) {
    let side = grid.side();
    if side <= 25 {
        assert_eq!(
            &Grid::from_line(&grid.to_line()).expect("to_line reads back"),
            grid
        );
    }
    let numeric: Vec<String> = grid.to_numeric_rows().lines().map(String::from).collect();
    assert_eq!(
        &Grid::from_rows(&numeric).expect("numeric rows read back"),
        grid
    );
    let pretty: Vec<String> = grid.to_pretty().lines().map(String::from).collect();
    assert_eq!(
        &Grid::from_rows(&pretty).expect("pretty rows read back"),
        grid
    );
    if grid.check_givens().is_err() {
        return;
    }
    let limits = Limits {
        max_solutions: Some(2),
        max_nodes: Some(SUDOKU_NODES),
        ..Limits::default()
    };
    let s = SUDOKU.with(|s| s.borrow_mut().solve(grid, limits));
    match &s.grid {
        Some(solved) => {
            assert!(s.count >= 1);
            solved
                .check_solution(grid)
                .unwrap_or_else(|e| panic!("wrong solution: {e}"));
        }
        None => assert_eq!(s.count, 0),
    }
    assert!(s.count <= 2);
    if s.end == End::NodeLimit {
        assert!(s.nodes <= SUDOKU_NODES);
    }
}

/// `sudoku_line`: `Grid::from_line` on any text.
pub fn sudoku_line(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Grid::from_line(text) {
        Ok(grid) => check_grid(&grid),
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}

/// `variant_reader`: `dlx solve --variant` on any bytes. The first line is
/// the rules (`x,windoku`, read as `--variant` reads them), the rest a
/// Sudoku input read by the streaming reader. Bad rules are refused with
/// a reason; for every record, a grid whose givens break a rule or whose
/// boxes the rules do not fit is refused with a reason; any other is
/// solved within [`SUDOKU_NODES`] by the engine and by the peer
/// backtracker (which shares no code with it): an answer passes the rule
/// verifier, and two searches that both finished agree on the count (to 2).
pub fn variant_reader(data: &[u8]) {
    use dlx_engine::puzzles::sudoku::variants::{PeerSudoku, VariantSudoku, Variants};
    let (head, rest) = match data.iter().position(|&b| b == b'\n') {
        Some(k) => (&data[..k], &data[k + 1..]),
        None => (data, &[][..]),
    };
    let Ok(head) = std::str::from_utf8(head) else {
        return;
    };
    let rules: Variants = match head.parse() {
        Ok(rules) => rules,
        Err(reason) => {
            assert!(!String::is_empty(&reason));
            return;
        }
    };
    for record in SudokuReader::new(rest) {
        let record = record.expect("reading from memory cannot fail");
        let Ok((grid, _)) = &record.puzzle else {
            continue;
        };
        if grid.check_givens().is_err() {
            continue;
        }
        if let Err(reason) = rules.check_givens(grid) {
            assert!(!reason.is_empty());
            continue;
        }
        // Large grids cost the fuzzer a matrix each; their rules are the
        // same code as 9x9's.
        if grid.side() > 16 {
            continue;
        }
        let limits = Limits::solutions(2).with_max_nodes(SUDOKU_NODES);
        let engine = VariantSudoku::new(rules).solve(grid, limits);
        if let Some(answer) = &engine.grid {
            if let Err(e) = rules.check_solution(answer, grid) {
                panic!("engine answer fails the {rules} verifier: {}", e.0);
            }
        }
        let peers = PeerSudoku::new(rules).solve(grid, limits);
        if let Some(answer) = &peers.grid {
            if let Err(e) = rules.check_solution(answer, grid) {
                panic!("peer answer fails the {rules} verifier: {}", e.0);
            }
        }
        if !engine.end.is_limit() && !peers.end.is_limit() {
            assert_eq!(engine.count, peers.count, "counts to 2 under {rules}");
        }
    }
}

/// `sudoku_reader`: the streaming reader over any bytes. Every record is
/// consumed; record lines rise strictly and stay inside the input; every
/// accepted grid, written in its own style, reads back as one equal record.
pub fn sudoku_reader(data: &[u8]) {
    let lines = line_count(data);
    let mut last = 0;
    for record in SudokuReader::new(data) {
        let record = record.expect("reading from memory cannot fail");
        assert!(
            record.line > last,
            "record lines must rise: {} after {last}",
            record.line
        );
        assert!(
            record.line <= lines,
            "record line {} past the input's {lines} lines",
            record.line
        );
        last = record.line;
        match &record.puzzle {
            Ok((grid, style)) => {
                let text = style.write(grid);
                let back: Vec<_> = SudokuReader::new(text.as_bytes())
                    .map(|r| r.expect("in memory"))
                    .collect();
                assert_eq!(back.len(), 1, "answer {text:?} reads back as one record");
                let (again, _) = back[0].puzzle.as_ref().expect("answer reads back");
                assert_eq!(again, grid);
                check_grid(grid);
            }
            Err(reason) => assert!(!reason.is_empty()),
        }
    }
}

/// `baekjoon_grid`: `Grid::from_rows` on the lines of any text.
pub fn baekjoon_grid(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let rows: Vec<&str> = text.lines().collect();
    match Grid::from_rows(&rows) {
        Ok(grid) => check_grid(&grid),
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}

/// `sudominoku_parse`: the Baekjoon 4574 reader on any text. Records come in
/// line order with lines inside the input; each accepted puzzle round-trips
/// through `write_puzzle` and is solved (verified) or found unsolvable, or
/// stops at the node budget, without panicking.
pub fn sudominoku_parse(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let lines = text.lines().count().max(1);
    let parsed = sudominoku::parse(text);
    let mut last = 0;
    for record in &parsed.records {
        assert!(record.line > last, "record lines must rise");
        last = record.line;
        match &record.puzzle {
            Err(e) => {
                assert!(
                    (record.line..=lines).contains(&e.line),
                    "error line {} outside {}..={lines}",
                    e.line,
                    record.line
                );
                assert!(!e.reason.is_empty());
            }
            Ok(puzzle) => {
                let again = sudominoku::parse(&sudominoku::write_puzzle(puzzle));
                assert!(again.missing_terminator);
                assert_eq!(again.records.len(), 1);
                assert_eq!(again.records[0].puzzle.as_ref().ok(), Some(puzzle));
                let limits = Limits {
                    max_solutions: Some(1),
                    max_nodes: Some(SUDOMINOKU_NODES),
                    ..Limits::default()
                };
                let s = SUDOMINOKU.with(|s| s.borrow_mut().solve(puzzle, limits));
                match &s.grid {
                    Some(grid) => {
                        assert!(s.count >= 1);
                        sudominoku::verify(puzzle, grid)
                            .unwrap_or_else(|e| panic!("wrong solution: {e}"));
                        let _ = sudominoku::format_solution(1, grid);
                    }
                    None => assert_eq!(s.count, 0),
                }
            }
        }
    }
}

/// `knuth_parse`: Knuth's DLX1 reader on any text. Errors name a line of the
/// input; accepted files round-trip through `write`, compile, and every
/// solution found within a node budget is an exact cover.
pub fn knuth_parse(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let lines = text.lines().count().max(1);
    match knuth_format::parse(text, "f") {
        Err(e) => {
            assert_eq!(e.file, "f");
            assert!((1..=lines).contains(&e.line), "error line {}", e.line);
            assert!(!e.reason.is_empty());
        }
        Ok(xc) => {
            let problem = &xc.problem;
            assert_eq!(xc.option_lines.len(), problem.options());
            assert!(xc.option_lines.windows(2).all(|w| w[0] < w[1]));
            assert!(xc.option_lines.iter().all(|&l| (1..=lines).contains(&l)));
            let written = knuth_format::write(problem);
            let again = knuth_format::parse(&written, "w")
                .unwrap_or_else(|e| panic!("written form {written:?} does not read back: {e}"));
            assert_eq!(knuth_format::write(&again.problem), written);
            let matrix = problem.compile().expect("a parsed problem compiles");
            let mut solver = Solver::new(&matrix);
            let report = solver.search(
                Limits {
                    max_solutions: Some(1000),
                    max_nodes: Some(XC_NODES),
                    ..Limits::default()
                },
                |solution| {
                    exact_cover::verify(problem, solution)
                        .unwrap_or_else(|e| panic!("not an exact cover: {e}"));
                    ControlFlow::Continue(())
                },
            );
            assert!(report.stats.nodes <= XC_NODES);
        }
    }
}

/// Number of subsets of the options that are exact covers (every primary
/// item exactly once, every secondary item at most once) and contain every
/// option of `must`. Checks `exact_cover::verify` on every subset too.
fn brute_force(problem: &Problem, must: &[usize]) -> u64 {
    let options = problem.options();
    assert!(options <= 16);
    let items = problem.items();
    let mut count = 0;
    for mask in 0u32..(1 << options) {
        let chosen: Vec<usize> = (0..options).filter(|&o| mask >> o & 1 == 1).collect();
        let mut covered = vec![0u32; items.len()];
        for &o in &chosen {
            for i in problem.option(o) {
                covered[i] += 1;
            }
        }
        let exact = items
            .iter()
            .zip(&covered)
            .all(|(item, &c)| match item.kind {
                ItemKind::Primary => c == 1,
                ItemKind::Secondary => c <= 1,
            });
        assert_eq!(
            exact_cover::verify(problem, &chosen).is_ok(),
            exact,
            "verify disagrees on options {chosen:?}"
        );
        if exact && must.iter().all(|o| chosen.contains(o)) {
            count += 1;
        }
    }
    count
}

/// Counts every solution, checking each one; returns the count.
fn count_checked(solver: &mut Solver, problem: &Problem, selected: &[usize]) -> u64 {
    let mut seen = HashSet::new();
    let report = solver.search(
        Limits {
            max_solutions: None,
            max_nodes: Some(1_000_000),
            ..Limits::default()
        },
        |solution| {
            exact_cover::verify(problem, solution)
                .unwrap_or_else(|e| panic!("not an exact cover {solution:?}: {e}"));
            assert_eq!(&solution[..selected.len()], selected, "givens come first");
            let mut set = solution.to_vec();
            set.sort_unstable();
            assert!(seen.insert(set), "solution {solution:?} visited twice");
            ControlFlow::Continue(())
        },
    );
    assert_eq!(report.end, End::Exhausted);
    assert_eq!(report.solutions, seen.len() as u64);
    report.solutions
}

/// `engine`: a small exact-cover matrix decoded from the bytes (up to 8
/// items, some secondary, up to 12 attempted options, some of which the
/// builder rejects). The engine's count must match a brute-force
/// enumeration of option subsets, with and without pre-selected options,
/// after early stops and resets.
pub fn engine(data: &[u8]) {
    let mut bytes = data.iter().copied();
    let mut next = move || bytes.next().unwrap_or(0) as usize;
    let n_items = 1 + next() % 8;
    let secondary = next();
    let mut problem = Problem::new();
    for i in 0..n_items {
        let kind = if secondary >> i & 1 == 1 {
            ItemKind::Secondary
        } else {
            ItemKind::Primary
        };
        problem.add_item(format!("i{i}"), kind).expect("fresh name");
    }
    let attempts = next() % 13;
    for _ in 0..attempts {
        let len = next() % (n_items + 2);
        // `n_items` itself is out of range: the builder must reject it.
        let items: Vec<usize> = (0..len).map(|_| next() % (n_items + 1)).collect();
        let before = problem.options();
        let valid = !items.is_empty()
            && items.iter().all(|&i| i < n_items)
            && (0..items.len()).all(|k| !items[..k].contains(&items[k]))
            && items
                .iter()
                .any(|&i| problem.items()[i].kind == ItemKind::Primary);
        match problem.add_option(&items) {
            Ok(k) => {
                assert!(valid, "builder accepted {items:?}");
                assert_eq!(k, before);
            }
            Err(_) => {
                assert!(!valid, "builder rejected {items:?}");
                assert_eq!(problem.options(), before, "a rejected option was kept");
            }
        }
    }
    let options = problem.options();
    let matrix = problem.compile().expect("small problem compiles");
    assert_eq!(matrix.options(), options);
    let mut solver = Solver::new(&matrix);
    let expected = brute_force(&problem, &[]);
    assert_eq!(count_checked(&mut solver, &problem, &[]), expected);

    // An early stop, then a full count again on the same solver.
    let k = 1 + next() as u64 % 3;
    let report = solver.count(Limits::solutions(k));
    assert_eq!(report.solutions, expected.min(k));
    let end = if expected >= k {
        End::Stopped
    } else {
        End::Exhausted
    };
    assert_eq!(report.end, end);
    let budget = next() as u64 % 8;
    let report = solver.count(Limits::none().with_max_nodes(Some(budget)));
    assert!(report.stats.nodes <= budget);
    match report.end {
        End::Exhausted => assert_eq!(report.solutions, expected),
        End::NodeLimit => assert!(report.solutions <= expected),
        End::Stopped => panic!("no solution limit was set"),
        End::TimeLimit => panic!("no deadline was set"),
        other => panic!("unexpected end {other:?}"),
    }
    assert_eq!(count_checked(&mut solver, &problem, &[]), expected);

    // Pre-selected options: one, then a second that may clash with it.
    if options > 0 {
        let a = next() % options;
        let b = next() % options;
        solver.reset();
        solver.select(a).expect("first selection cannot clash");
        assert_eq!(
            count_checked(&mut solver, &problem, &[a]),
            brute_force(&problem, &[a])
        );
        let shares = problem.option(a).any(|i| problem.option(b).any(|j| i == j));
        match solver.select(b) {
            Ok(()) => {
                assert!(!shares, "options {a} and {b} share an item");
                assert_eq!(
                    count_checked(&mut solver, &problem, &[a, b]),
                    brute_force(&problem, &[a, b])
                );
            }
            Err(conflict) => {
                assert!(shares, "options {a} and {b} do not clash: {conflict}");
                assert_eq!(conflict.option, b);
                assert_eq!(solver.selected().collect::<Vec<_>>(), vec![a]);
                assert_eq!(
                    count_checked(&mut solver, &problem, &[a]),
                    brute_force(&problem, &[a])
                );
            }
        }
        solver.reset();
        assert_eq!(solver.selected().count(), 0);
        assert_eq!(count_checked(&mut solver, &problem, &[]), expected);
    }
}

/// `solve_file`: the whole `dlx solve` path on any bytes: format detection,
/// then the Sudoku, Sudominoku or exact-cover front-end and the batch
/// pipeline, with a node budget. The pipeline lives in the `dlx` binary, not
/// the library, so this runs the binary (`dlx solve -j 1 -`, the bytes on
/// its standard input): the one named by `DLX_BIN`, else the one cargo built
/// beside the calling test. It exits 0 or 1, or 2 for text that is not UTF-8
/// where a format reads whole files; every record that is not solved gets
/// exactly one `<stdin>:LINE: reason` line on stderr, with LINE inside the
/// input, and exactly one answer marked `!` in its place on stdout.
pub fn solve_file(data: &[u8]) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let head = String::from_utf8_lossy(&data[..data.len().min(1 << 16)]);
    let _ = dlx_engine::puzzles::detect(&head);
    let _ = sudominoku::looks_like(&head);
    let _ = knuth_format::looks_like(&head);
    let bin = std::env::var_os("DLX_BIN")
        .or_else(|| option_env!("CARGO_BIN_EXE_dlx").map(Into::into))
        .expect("set DLX_BIN to the dlx binary to run");
    let mut child = Command::new(bin)
        .args(["solve", "-j", "1", "--no-progress", "--node-limit"])
        .arg(SUDOKU_NODES.to_string())
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dlx runs");
    let mut stdin = child.stdin.take().expect("piped");
    let feed = {
        let data = data.to_vec();
        std::thread::spawn(move || {
            // dlx may stop reading early (a refusal): a broken pipe is fine.
            let _ = stdin.write_all(&data);
        })
    };
    let output = child.wait_with_output().expect("dlx runs");
    feed.join().expect("the feeding thread does not panic");
    let err = String::from_utf8(output.stderr).expect("messages are UTF-8");
    let out = String::from_utf8(output.stdout).expect("answers are UTF-8");
    match output.status.code() {
        Some(0 | 1) => {}
        Some(2) => {
            assert!(
                err.starts_with("dlx: "),
                "exit status 2 must say why: {err:?}"
            );
            return;
        }
        other => panic!("dlx solve ended with {other:?}:\n{err}"),
    }
    let lines = solve_line_count(data);
    let mut reported = 0usize;
    for message in err.lines() {
        // A note or warning about the whole file (the kind it was read as).
        if message.starts_with("<stdin>: note: ") || message.starts_with("<stdin>: warning: ") {
            continue;
        }
        let rest = message
            .strip_prefix("<stdin>:")
            .unwrap_or_else(|| panic!("message without the file name: {message:?}"));
        let (line, reason) = rest
            .split_once(": ")
            .unwrap_or_else(|| panic!("message without a line: {message:?}"));
        let line: usize = line
            .parse()
            .unwrap_or_else(|_| panic!("bad line number: {message:?}"));
        assert!(
            (1..=lines).contains(&line),
            "line {line} of {lines}: {message:?}"
        );
        assert!(!reason.is_empty());
        if !reason.starts_with("warning: ") && !reason.starts_with("note: ") {
            reported += 1;
        }
    }
    let marked = out.lines().filter(|l| l.starts_with("! ")).count();
    assert_eq!(
        reported, marked,
        "one message per record not solved, one `!` answer each:\n{err}\n{out}"
    );
    assert_eq!(
        output.status.code() == Some(1),
        reported > 0,
        "exit status 1 exactly when some record was not solved:\n{err}"
    );
}

/// Number of subsets of the options that solve `problem` with Knuth's
/// colours and multiplicities, containing every option of `must`: each
/// primary item covered between its bounds; each secondary item named by
/// one option only, or given one and the same colour by every option that
/// names it. Counted here from the options' entries, without the engine or
/// `exact_cover::verify`, which is checked against it on every subset.
fn family_brute_force(problem: &Problem, must: &[usize]) -> u64 {
    let options = problem.options();
    assert!(options <= 14);
    let items = problem.items();
    let mut count = 0;
    for mask in 0u32..(1 << options) {
        let chosen: Vec<usize> = (0..options).filter(|&o| mask >> o & 1 == 1).collect();
        let mut covered = vec![0u32; items.len()];
        // Per secondary item, the colours of its uses (None: uncoloured).
        let mut colours: Vec<Vec<Option<&str>>> = vec![Vec::new(); items.len()];
        for &o in &chosen {
            for (i, colour) in problem.option_entries(o) {
                covered[i] += 1;
                colours[i].push(colour);
            }
        }
        let valid = items.iter().enumerate().all(|(i, item)| match item.kind {
            ItemKind::Primary => (item.lo..=item.hi).contains(&covered[i]),
            ItemKind::Secondary => {
                colours[i].len() <= 1
                    || (colours[i][0].is_some() && colours[i].iter().all(|c| *c == colours[i][0]))
            }
        });
        assert_eq!(
            exact_cover::verify(problem, &chosen).is_ok(),
            valid,
            "verify disagrees on options {chosen:?}"
        );
        if valid && must.iter().all(|o| chosen.contains(o)) {
            count += 1;
        }
    }
    count
}

/// `family`: a small problem with Knuth's colours and multiplicities
/// decoded from the bytes (up to 6 items, some secondary, primary ones
/// with bounds `lo..=hi` drawn from 0..=3, up to 14 attempted options whose
/// entries may carry one of two colours). The builder must accept exactly
/// the valid options; the engine's count must match
/// [`family_brute_force`], with and without a pre-selected option, after
/// early stops; every solution is verified and visited once.
pub fn family(data: &[u8]) {
    let mut bytes = data.iter().copied();
    let mut next = move || bytes.next().unwrap_or(0) as usize;
    let n_items = 1 + next() % 6;
    let secondary = next();
    let mut problem = Problem::new();
    for i in 0..n_items {
        let name = format!("i{i}");
        if secondary >> i & 1 == 1 {
            problem.add_secondary(name).expect("fresh name");
            continue;
        }
        let (lo, hi) = (next() % 4, next() % 4);
        let valid = hi > 0 && lo <= hi;
        match problem.add_bounded(name, lo as u32, hi as u32) {
            Ok(_) => assert!(valid, "bounds {lo}..={hi} accepted"),
            Err(_) => {
                assert!(!valid, "bounds {lo}..={hi} refused");
                problem.add_primary(format!("i{i}")).expect("fresh name");
            }
        }
    }
    let attempts = next() % 15;
    for _ in 0..attempts {
        let len = next() % (n_items + 2);
        let entries: Vec<(usize, Option<&str>)> = (0..len)
            .map(|_| {
                let item = next() % (n_items + 1);
                (item, [None, Some("a"), Some("b")][next() % 3])
            })
            .collect();
        let before = problem.options();
        let kind = |i: usize| problem.items()[i].kind;
        let valid = !entries.is_empty()
            && entries.iter().all(|&(i, _)| i < n_items)
            && (0..len).all(|k| !entries[..k].iter().any(|e| e.0 == entries[k].0))
            && entries.iter().any(|&(i, _)| kind(i) == ItemKind::Primary)
            && entries
                .iter()
                .all(|&(i, c)| c.is_none() || kind(i) == ItemKind::Secondary);
        match problem.add_colored_option(&entries) {
            Ok(k) => {
                assert!(valid, "builder accepted {entries:?}");
                assert_eq!(k, before);
            }
            Err(_) => {
                assert!(!valid, "builder rejected {entries:?}");
                assert_eq!(problem.options(), before, "a rejected option was kept");
            }
        }
    }
    // The text form reads back as the same problem (with no primary item
    // it has no item line Knuth's format can read: see `write`).
    if problem.items().iter().any(|i| i.kind == ItemKind::Primary) {
        let written = knuth_format::write(&problem);
        let again = knuth_format::parse(&written, "w")
            .unwrap_or_else(|e| panic!("written form {written:?} does not read back: {e}"));
        assert_eq!(knuth_format::write(&again.problem), written);
    }

    let matrix = problem.compile().expect("small problem compiles");
    let mut solver = Solver::new(&matrix);
    let expected = family_brute_force(&problem, &[]);
    assert_eq!(count_checked(&mut solver, &problem, &[]), expected);
    let k = 1 + next() as u64 % 3;
    let report = solver.count(Limits::solutions(k));
    assert_eq!(report.solutions, expected.min(k));
    let budget = next() as u64 % 8;
    let report = solver.count(Limits::none().with_max_nodes(Some(budget)));
    assert!(report.stats.nodes <= budget);
    assert_eq!(count_checked(&mut solver, &problem, &[]), expected);
    let options = problem.options();
    if options > 0 {
        let a = next() % options;
        solver.reset();
        match solver.select(a) {
            Ok(()) => assert_eq!(
                count_checked(&mut solver, &problem, &[a]),
                family_brute_force(&problem, &[a])
            ),
            // Only an option that can be in no solution (its bound is
            // already 0, or it repeats an item) could clash when alone.
            Err(conflict) => panic!("a lone selection clashed: {conflict}"),
        }
        solver.reset();
        assert_eq!(count_checked(&mut solver, &problem, &[]), expected);
    }
}

/// `layout_reader`: the jigsaw, killer and samurai readers over any bytes
/// (the first byte picks the layout). Every record is consumed, its line
/// inside the input and after the last; a bad one has a reason naming its
/// field; an accepted puzzle written back reads as an equal one; a
/// puzzle of 9x9 at most is solved within [`SUDOKU_NODES`] by the engine
/// and by the peer backtracker: each answer passes the verifier, and two
/// searches that both finished agree on the count (to 2).
pub fn layout_reader(data: &[u8]) {
    use dlx_engine::puzzles::sudoku::variants::{Layout, LayoutPuzzle, LayoutReader};
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let layout = Layout::ALL[usize::from(pick) % 3];
    let lines = line_count(rest);
    let mut last = 0;
    for record in LayoutReader::new(layout, rest) {
        let record = record.expect("reading from memory cannot fail");
        assert!(
            record.line > last && record.line <= lines.max(1),
            "line {}",
            record.line
        );
        last = record.line;
        let puzzle = match record.puzzle {
            Ok(puzzle) => puzzle,
            Err(reason) => {
                assert!(!reason.is_empty());
                continue;
            }
        };
        let again = LayoutPuzzle::parse(layout, &puzzle.to_record()).expect("written back, read");
        assert_eq!(again, puzzle, "round trip");
        if puzzle.side() > 9 {
            continue;
        }
        let limits = Limits::solutions(2).with_max_nodes(SUDOKU_NODES);
        let engine = puzzle.solve(limits);
        let peers = puzzle.solve_by_peers(limits);
        for found in [&engine, &peers] {
            if let Some(cells) = &found.cells {
                if let Err(e) = puzzle.check_solution(cells) {
                    panic!("{layout} answer fails the verifier: {e}");
                }
            }
        }
        if !engine.end.is_limit() && !peers.end.is_limit() {
            assert_eq!(engine.count, peers.count, "counts to 2 under {layout}");
        }
    }
}
