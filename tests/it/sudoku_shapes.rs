//! Sudoku with boxes of R x C: every reader takes every shape, counts agree
//! with published figures and across the three solvers, bad shapes are
//! refused with their reason, and empty grids of every shape solve within
//! a node budget (no verdict here depends on time).

use assert_cmd::Command;
use dlx_engine::baseline::{BitmaskSudoku, NaiveSudoku};
use dlx_engine::exact_cover::{End, Limits};
use dlx_engine::generate::{generate, GenOptions};
use dlx_engine::puzzles::sudoku::samples::pattern_solution;
use dlx_engine::puzzles::sudoku::{
    BoxShape, DlxSudoku, Grid, Restarts, Style, SudokuReader, SudokuSolver,
};

fn dlx() -> Command {
    Command::cargo_bin("dlx").unwrap()
}

/// Every supported shape, sides 4 to 64 (2x2 ... 32x2).
fn all_shapes() -> Vec<BoxShape> {
    (4..=64).flat_map(BoxShape::all_for_side).collect()
}

/// The records of `text` read with `--box shape` (if any): grids or reasons.
fn read(text: &str, shape: Option<BoxShape>) -> Vec<Result<(Grid, Style), String>> {
    SudokuReader::new(text.as_bytes())
        .with_box(shape)
        .map(|r| r.unwrap().puzzle)
        .collect()
}

/// A grid of `shape` with about a third of its cells given, from the
/// pattern solution.
fn some_givens(shape: BoxShape) -> Grid {
    let solution = pattern_solution(shape);
    let side = shape.side();
    let cells = (solution.cells().iter().enumerate())
        .map(|(k, &v)| if (k * 7 + k / side) % 3 == 0 { v } else { 0 })
        .collect();
    Grid::from_cells(shape, cells).unwrap()
}

#[test]
fn shapes_parse_and_default_to_nearest_square() {
    assert_eq!(all_shapes().len(), 153);
    let shape = |s: &str| s.parse::<BoxShape>();
    assert_eq!(shape("3x4").unwrap().side(), 12);
    assert_eq!(shape("4X3").unwrap().to_string(), "4x3");
    for bad in ["1x6", "3x", "3y4", "9x9", "2x33"] {
        let e = shape(bad).unwrap_err();
        assert!(e.contains("box") || e.contains("boxes"), "{bad}: {e}");
    }
    for (side, default) in [
        (6, "2x3"),
        (8, "2x4"),
        (12, "3x4"),
        (24, "4x6"),
        (64, "8x8"),
    ] {
        assert_eq!(BoxShape::for_side(side).unwrap().to_string(), default);
    }
    for prime in [5, 7, 11, 13, 61] {
        let e = BoxShape::for_side(prime).unwrap_err().to_string();
        assert!(e.contains(&format!("{prime} is prime")), "{e}");
    }
    let e = BoxShape::for_side(65).unwrap_err().to_string();
    assert!(e.contains("sides 4 to 64"), "{e}");
}

/// Every shape round-trips through every writer and the reader: lines,
/// bare rows (up to 25x25), numeric and pretty grids; with `--box`, and a
/// pretty grid without it, since its `|` rules give the boxes; and through
/// the CSV forms.
#[test]
fn every_shape_round_trips_through_every_reader() {
    for shape in all_shapes() {
        let grid = some_givens(shape);
        let mut forms = vec![
            (Style::Grid, grid.to_numeric_rows()),
            (Style::Pretty, grid.to_pretty()),
        ];
        if shape.side() <= 25 {
            forms.push((Style::Line, grid.to_line()));
            forms.push((Style::Rows, grid.to_bare_rows()));
        }
        for (style, text) in forms {
            let text = format!("{text}\n");
            let got = read(&text, Some(shape));
            assert_eq!(got.len(), 1, "{shape} {style:?}");
            let (read_back, _) = got[0]
                .clone()
                .unwrap_or_else(|e| panic!("{shape} {style:?}: {e}"));
            assert_eq!(read_back, grid, "{shape} {style:?}");
            assert_eq!(read_back.shape(), shape);
            assert_eq!(
                style.write(&read_back),
                text.trim_end(),
                "{shape} {style:?}"
            );
        }
        let pretty = read(&format!("{}\n", grid.to_pretty()), None);
        assert_eq!(pretty[0].as_ref().map(|(g, _)| g.shape()), Ok(shape));
        // CSV: a spreadsheet's grid (numbers between commas) and, up to
        // 25x25, a puzzle column under a header (answered as lines and
        // grids with blanks, so only the grids are compared).
        let mut csv = vec![format!("{}\n", grid.to_numeric_rows().replace(' ', ","))];
        if shape.side() <= 25 {
            csv.push(format!("id,puzzle\n1,{}\n", grid.to_line()));
        }
        for text in csv {
            let got = read(&text, Some(shape));
            assert_eq!(got.len(), 1, "{shape} {text}");
            let (read_back, _) = got[0]
                .clone()
                .unwrap_or_else(|e| panic!("{shape} CSV: {e}"));
            assert_eq!(read_back, grid, "{shape} CSV");
        }
    }
}

/// Counts from the literature: 288 4x4 grids (OEIS A107739) and
/// 28,200,960 6x6 grids of 2x3 boxes (Wikipedia, "Mathematics of Sudoku",
/// Sudoku with rectangular regions; Pettersen's enumeration). Relabelling
/// the digits maps the grids with any first row one to one onto those with
/// first row 1-6, so 28,200,960 / 6! = 39,168 have that first row; boxes
/// of 3x2 are the transpose, as many. All three solvers count them.
#[test]
fn counts_match_the_literature() {
    let first_row = |shape: BoxShape| {
        let side = shape.side();
        let mut cells = vec![0; side * side];
        for (c, cell) in cells.iter_mut().take(side).enumerate() {
            *cell = c as u8 + 1;
        }
        Grid::from_cells(shape, cells).unwrap()
    };
    let two_by_three = BoxShape::new(2, 3).unwrap();
    let three_by_two = BoxShape::new(3, 2).unwrap();
    assert_eq!(28_200_960 / 720, 39_168);
    let cases = [
        (Grid::empty(2), 288),
        (first_row(two_by_three), 39_168),
        (first_row(three_by_two), 39_168),
    ];
    let mut solvers: Vec<(&str, Box<dyn SudokuSolver>)> = vec![
        ("dlx", Box::new(DlxSudoku::new())),
        ("bitmask", Box::new(BitmaskSudoku::new())),
        ("naive", Box::new(NaiveSudoku::new())),
    ];
    for (grid, count) in cases {
        for (name, solver) in &mut solvers {
            let found = solver.solve(
                &grid,
                Limits::solutions(u64::MAX).with_max_nodes(20_000_000),
            );
            assert_eq!(
                (found.count, found.end),
                (count, End::Exhausted),
                "{name} {}",
                grid.shape()
            );
            found.grid.unwrap().check_solution(&grid).unwrap();
        }
    }
}

/// Generated puzzles of oblong shapes are unique by all three solvers, and
/// each one's solution passes the independent verifier in its own boxes.
#[test]
fn generated_oblong_puzzles_are_unique_by_every_solver() {
    for (rows, cols) in [(2, 3), (3, 2), (2, 4), (2, 5), (3, 4), (4, 3)] {
        let shape = BoxShape::new(rows, cols).unwrap();
        let made = generate(&GenOptions::new(shape, 7), 0).unwrap();
        assert_eq!(made.puzzle.shape(), shape);
        made.solution.check_solution(&made.puzzle).unwrap();
        let mut solvers: Vec<Box<dyn SudokuSolver>> =
            vec![Box::new(DlxSudoku::new()), Box::new(BitmaskSudoku::new())];
        // The textbook solver is exponential: minimal 10x10 and 12x12
        // puzzles take it millions of nodes.
        if shape.side() <= 8 {
            solvers.push(Box::new(NaiveSudoku::new()));
        }
        for mut solver in solvers {
            let found = solver.solve(&made.puzzle, Limits::solutions(2).with_max_nodes(5_000_000));
            assert_eq!((found.count, found.end), (1, End::Exhausted), "{shape}");
            assert_eq!(found.grid.unwrap(), made.solution, "{shape}");
        }
    }
}

/// Empty grids of every shape: the first restart, ordered by a reference
/// solution, fills the grid without backtracking, so the search takes at
/// most the first attempt's nodes and one per cell. (With the default
/// policy the first attempt is 250,000 nodes; 5,000 here keeps the test
/// short, the property being the same.)
#[test]
fn empty_grids_of_every_shape_solve_without_backtracking_after_a_restart() {
    let restarts = Restarts {
        first_attempt: 5_000,
        unit: 10_000,
    };
    let mut solver = DlxSudoku::with_restarts(Some(restarts));
    for shape in all_shapes() {
        let empty = Grid::empty(shape);
        let cells = (shape.side() * shape.side()) as u64;
        let budget = restarts.first_attempt + cells;
        let found = solver.solve(&empty, Limits::none().with_max_nodes(budget));
        assert_eq!(found.count, 1, "{shape}: {} nodes", found.nodes);
        found.grid.unwrap().check_solution(&empty).unwrap();
    }
}

/// Bad shapes are refused with the reason, each in its own record, and
/// every record of a mixed file gets exactly one answer.
#[test]
fn bad_shapes_are_named_and_every_record_answered() {
    let six = pattern_solution(BoxShape::new(2, 3).unwrap());
    let mut clash = six.clone();
    // r1c1 and r2c3 share box 1 of 2x3 (rows 1-2, columns 1-3), not a row
    // or a column.
    clash.set(1, 2, six.get(0, 0));
    clash.set(1, 0, 0);
    let seven = ["0 0 0 0 0 0 0"; 7].join("\n");
    let twelve = pattern_solution(BoxShape::new(4, 3).unwrap());
    let mut blank = twelve.clone();
    for c in 0..12 {
        blank.set(5, c, 0);
    }
    let input = format!(
        "{}\n\n{seven}\n\n{}\n\n{}\n{}\n",
        blank.to_pretty(),
        clash.to_numeric_rows(),
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        &six.to_line()[..35],
    );
    let out = dlx()
        .args(["solve", "-j", "1"])
        .write_stdin(input)
        .assert()
        .code(1);
    let out = out.get_output();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let answers: Vec<&str> = stdout.split("\n\n").collect();
    assert!(answers[0].starts_with(&twelve.to_pretty()), "{stdout}");
    assert!(
        stderr.contains("unsupported side 7: 7 is prime"),
        "{stderr}"
    );
    assert!(
        stderr.contains("appears twice in box 1 (rows 1-2, columns 1-3)"),
        "{stderr}"
    );
    assert!(stderr.contains("wrong length: 35 cells"), "{stderr}");
    // The seven rows of the 7x7 grid are a bad record each.
    let marks = stdout.lines().filter(|l| l.starts_with("! ")).count();
    assert_eq!(marks, 7 + 2, "{stdout}");
    assert!(stdout.contains(
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    ));

    // --box for another side, and `|` rules that disagree with --box.
    let input = format!("{}\n\n{}\n", six.to_line(), twelve.to_pretty());
    let out = dlx()
        .args(["solve", "-j", "1", "--box", "3x4"])
        .write_stdin(input)
        .assert()
        .code(1);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(
        stderr.contains("<stdin>:1: a 6x6 grid, but --box 3x4 makes 12x12 grids"),
        "{stderr}"
    );
    assert!(
        stderr
            .contains("the `|` rules stand every 3 cells, but --box 3x4 makes boxes 4 cells wide"),
        "{stderr}"
    );
    let out = dlx()
        .args(["solve", "--box", "1x12"])
        .write_stdin("")
        .assert()
        .code(2);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(
        stderr.contains("a box needs 2 rows and 2 columns at least"),
        "{stderr}"
    );
}

/// `dlx gen --box`, `dlx solve --box`, `--count`, `--unique` and
/// `dlx check --box` on boxes of 4x3, which a line alone would read as 3x4.
#[test]
fn gen_solve_and_check_with_box() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = dir.path().join("p.txt");
    let out = dlx()
        .args([
            "gen", "--box", "4x3", "--count", "3", "--seed", "5", "-j", "1",
        ])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert!(
        text.starts_with("# dlx gen --box 4x3 --count 3 --seed 5"),
        "{text}"
    );
    std::fs::write(&puzzles, &text).unwrap();
    let unique = dlx()
        .args(["solve", "--unique", "--box", "4x3"])
        .arg(&puzzles)
        .assert()
        .success();
    assert_eq!(
        String::from_utf8_lossy(&unique.get_output().stdout),
        "unique\nunique\nunique\n"
    );
    let answers = dir.path().join("a.txt");
    dlx()
        .args(["solve", "--box", "4x3", "-o"])
        .arg(&answers)
        .arg(&puzzles)
        .assert()
        .success();
    dlx()
        .args(["check", "--box", "4x3", "--solutions"])
        .arg(&answers)
        .arg(&puzzles)
        .assert()
        .success();
    // Read as 3x4 (the default for 12x12), the answers break its boxes.
    dlx()
        .args(["check", "--solutions"])
        .arg(&answers)
        .arg(&puzzles)
        .assert()
        .failure();
    // Lines stop at 25x25, and so does the generator.
    dlx()
        .args(["gen", "--box", "6x6"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "dlx gen makes grids up to 25x25 (written as lines), and --box asks for 36x36",
        ));
    // --size and --box must agree.
    dlx()
        .args(["gen", "--size", "9x9", "--box", "2x3"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--size and --box disagree"));
}
