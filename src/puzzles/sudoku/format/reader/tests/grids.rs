//! How the reader finds where grids start and end, damaged or not.

use super::*;

/// Grids written back to back: a row lost or doubled in one makes that
/// grid a bad record, and the grids after it are still read whole
/// (they were read across two puzzles each, some of those "solved");
/// a clash of the puzzle's own moves nothing.
#[test]
fn back_to_back_grids_survive_a_row_lost_or_doubled() {
    use crate::puzzles::sudoku::samples::{EASY, HARD};
    let third = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..";
    let rows: Vec<String> = [EASY, HARD, third]
        .iter()
        .flat_map(|p| {
            Grid::from_line(p)
                .unwrap()
                .to_numeric_rows()
                .lines()
                .map(String::from)
                .collect::<Vec<_>>()
        })
        .collect();
    let read =
        |rows: &[String]| records_as(&format!("{}\n", rows.join("\n")), |(g, _)| g.to_line());
    let whole = |p: &str| Ok(Grid::from_line(p).unwrap().to_line());
    let mut doubled = rows.clone();
    doubled.insert(2, rows[1].clone());
    assert_eq!(
        read(&doubled),
        [
            (
                1,
                Err("grid has a row too many: 10 rows up to line 10, then the next grid".into())
            ),
            (11, whole(HARD)),
            (20, whole(third)),
        ]
    );
    let mut lost = rows.clone();
    lost.remove(10);
    assert_eq!(
        read(&lost),
        [
            (1, whole(EASY)),
            (
                10,
                // The rows cannot tell a row lost here from one lost in
                // the grid before, whose givens need not clash if so.
                Err(
                    "grid ends after 8 of 9 rows: the next grid starts on line 18; \
                     the grid on lines 1-9, written back to back with it, may be cut \
                     wrong too (its answer would then solve a grid no one wrote): a \
                     blank line between grids shows where each ends"
                        .into()
                )
            ),
            (18, whole(third)),
        ]
    );
    // A clash in the first grid's givens: the grids stay where they are.
    let mut typo = rows.clone();
    typo[0] = typo[0].replacen("5 3", "5 5", 1);
    let got = read(&typo);
    assert_eq!(got[1..], [(10, whole(HARD)), (19, whole(third))]);
    assert!(Grid::from_line(got[0].1.as_ref().unwrap())
        .unwrap()
        .check_givens()
        .is_err());
    // So when the next grid clashes too and the file ends there.
    let mut two = typo[..18].to_vec();
    two[9] = two[9].replacen("8 0", "8 8", 1);
    let got = read(&two);
    assert_eq!(
        got.iter().map(|(line, _)| *line).collect::<Vec<_>>(),
        [1, 10]
    );
    assert!(got.iter().all(|(_, grid)| grid.is_ok()), "{got:?}");
}

/// Grids of oblong boxes read as grids of their side: numeric rows in
/// the side's default boxes (2x3 for 6x6), pretty rows in the boxes their
/// `|` rules mark, and rows of a side cut short as a grid cut short.
#[test]
fn grids_of_oblong_boxes_are_read() {
    use crate::puzzles::sudoku::{samples, BoxShape};
    let two_by_three = BoxShape::new(2, 3).unwrap();
    let three_by_two = BoxShape::new(3, 2).unwrap();
    let grids = |text: &str| records_as(text, |(grid, _)| grid);
    let six = samples::pattern_solution(two_by_three);
    let numeric = format!("{}\n", six.to_numeric_rows());
    assert_eq!(grids(&numeric), [(1, Ok(six.clone()))]);
    let tall = samples::pattern_solution(three_by_two);
    let pretty = format!("{}\n", tall.to_pretty());
    assert!(pretty.starts_with("1 2 | 3 4 | 5 6\n"), "{pretty}");
    assert_eq!(grids(&pretty), [(1, Ok(tall))]);
    let twelve = samples::pattern_solution(BoxShape::new(4, 3).unwrap());
    assert_eq!(
        grids(&format!("{}\n", twelve.to_pretty())),
        [(1, Ok(twelve))]
    );
    let text = "1 0 0 0 5 0\n0 5 0 1 0 0\n";
    assert_eq!(
        grids(text),
        [(1, Err("input ends after 2 of 6 grid rows".into()))]
    );
    // A side of no boxes (7 is prime) is no grid row.
    let alone = "not a puzzle line or a grid row";
    assert_eq!(grids("1 2 3 4 5 6 7\n"), [(1, Err(alone.into()))]);
}

/// Grids framed in box-drawing characters (light and double lines)
/// read as grids framed in ASCII, and are detected as Sudoku.
#[test]
fn box_drawing_frames_read_as_ascii_rules() {
    use crate::puzzles::sudoku::samples::EASY;
    let easy = Grid::from_line(EASY).unwrap();
    let framed = |[top, mid, bottom, outer, inner]: [&str; 5]| {
        let mut text = format!("{top}\n");
        for r in 0..9 {
            if r == 3 || r == 6 {
                text.push_str(mid);
                text.push('\n');
            }
            let row: Vec<String> = (0..3)
                .map(|b| {
                    (0..3)
                        .map(|c| match easy.get(r, 3 * b + c) {
                            0 => ".".to_string(),
                            v => v.to_string(),
                        })
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect();
            text.push_str(&format!(
                "{outer} {} {inner} {} {inner} {} {outer}\n",
                row[0], row[1], row[2]
            ));
        }
        format!("{text}{bottom}\n")
    };
    let light = framed([
        "┌───────┬───────┬───────┐",
        "├───────┼───────┼───────┤",
        "└───────┴───────┴───────┘",
        "│",
        "│",
    ]);
    let double = framed([
        "╔═══════╤═══════╤═══════╗",
        "╟───────┼───────┼───────╢",
        "╚═══════╧═══════╧═══════╝",
        "║",
        "│",
    ]);
    for text in [light, double] {
        assert_eq!(detect(&text), Kind::Sudoku, "{text}");
        let got = records_as(&format!("{text}\n{text}"), |(g, s)| (g.to_line(), s));
        let want = Ok((easy.to_line(), Style::Pretty));
        assert_eq!(got, [(2, want.clone()), (16, want)], "{text}");
    }
    assert_eq!(ascii_box_drawing("no frame here"), None);
    assert_eq!(ascii_box_drawing("╠═╪═╣").as_deref(), Some("+-+-+"));
    // Other lines are left as written: a title keeps its dash, and a
    // line that is no frame is no Knuth comment (`|`) to detection.
    assert_eq!(ascii_box_drawing("Puzzle ─ 1"), None);
    assert_eq!(ascii_box_drawing("│ Puzzle one"), None);
    assert_eq!(
        detect(&format!("│ Puzzle one\n{EASY}\n{EASY}\n")),
        Kind::Sudoku
    );
    let titled = format!("Puzzle ─ 1\n{}", easy.to_numeric_rows());
    let got: Vec<_> = SudokuReader::new(titled.as_bytes())
        .map(|r| r.unwrap().title)
        .collect();
    assert_eq!(got, [Some("Puzzle ─ 1".to_string())]);
}

/// Sparse grids back to back, one of them a row short, where no grid
/// read across two puzzles clashes: nothing tells which grid lost the
/// row, so the grid that comes up short says that the grids of the run
/// before it may be cut wrong too. A blank line ends the run.
#[test]
fn a_short_grid_after_sparse_grids_back_to_back_casts_doubt_on_them() {
    use crate::puzzles::sudoku::samples::HARD;
    const SPARSE: &str =
        ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...";
    let rows = |p: &str| -> Vec<String> {
        let grid = Grid::from_line(p).unwrap().to_numeric_rows();
        grid.lines().map(String::from).collect()
    };
    let read = |lines: &[String]| records(&format!("{}\n", lines.join("\n")));
    let doubt = |grids: &str, last: usize| {
        format!(
            "; {grids} on lines 1-{last}, written back to back with it, may be cut wrong \
             too ({} no one wrote): a blank line between grids shows where each ends",
            if grids == "the grid" {
                "its answer would then solve a grid"
            } else {
                "their answers would then solve grids"
            }
        )
    };
    let mut lines = [rows(HARD), rows(SPARSE), rows(HARD)].concat();
    lines.remove(12);
    let got = read(&lines);
    assert_eq!(got.len(), 3, "{got:?}");
    assert!(got[..2].iter().all(|(_, r)| r.is_ok()), "{got:?}");
    assert_eq!(
        got[2],
        (
            19,
            Err(format!(
                "input ends after 8 of 9 grid rows{}",
                doubt("the 2 grids", 18)
            ))
        )
    );
    // One whole grid before a short one that a blank line ends.
    let mut lines = [rows(SPARSE), rows(HARD)].concat();
    lines.remove(3);
    lines.push(String::new());
    lines.extend(rows(HARD));
    let got = read(&lines);
    assert_eq!(
        got[1],
        (
            10,
            Err(format!(
                "grid ends after 8 of 9 rows: the blank line 18 ends a grid{}",
                doubt("the grid", 9)
            ))
        )
    );
    assert_eq!(got[2], (19, Ok(Style::Grid)));
    // Apart, a short grid says nothing of the whole grid before it.
    let mut lines = rows(SPARSE);
    lines.push(String::new());
    lines.extend(rows(HARD).into_iter().take(8));
    assert_eq!(
        read(&lines)[1],
        (11, Err("input ends after 8 of 9 grid rows".into()))
    );
}

/// A grid with a row doubled (or one row more) before a blank line, a
/// title or the end is one bad record that takes the extra row: read
/// alone, that row was one answer more than there are grids.
#[test]
fn a_row_too_many_before_a_blank_line_is_one_bad_record() {
    use crate::puzzles::sudoku::samples::{EASY, HARD};
    let rows = |p: &str| -> Vec<String> {
        let grid = Grid::from_line(p).unwrap().to_numeric_rows();
        grid.lines().map(String::from).collect()
    };
    let read = |text: String| records_as(&text, |(g, _)| g.to_line());
    let whole = |p: &str| Ok(Grid::from_line(p).unwrap().to_line());
    let too_many = |last: usize| {
        Err(format!(
            "grid has a row too many: 10 rows up to line {last}"
        ))
    };
    for doubled_row in [3, 8] {
        let mut first = rows(EASY);
        first.insert(doubled_row, first[doubled_row].clone());
        let (first, second) = (first.join("\n"), rows(HARD).join("\n"));
        assert_eq!(
            read(format!("{first}\n\n{second}\n")),
            [(1, too_many(10)), (12, whole(HARD))]
        );
        assert_eq!(
            read(format!("Grid 01\n{first}\nGrid 02\n{second}\n")),
            [(2, too_many(11)), (13, whole(HARD))]
        );
        assert_eq!(
            read(format!("{second}\n\n{first}\n")),
            [(1, whole(HARD)), (11, too_many(20))]
        );
    }
    // A spreadsheet's empty row after a grid is a blank line, not a
    // row too many.
    for empty in [",,,,,,,,", ",,,,,,,,,"] {
        let grid = rows(EASY).join("\n");
        assert_eq!(read(format!("{grid}\n{empty}\n")), [(1, whole(EASY))]);
    }
    // Whole grids, and a 16x16 of bare rows before a 4x4 puzzle line
    // (in groups or not), are read as before.
    let both = format!("{}\n\n{}\n", rows(EASY).join("\n"), rows(HARD).join("\n"));
    assert_eq!(read(both), [(1, whole(EASY)), (11, whole(HARD))]);
    let g16 = crate::puzzles::sudoku::samples::pattern_solution(4).to_line();
    let bare16: Vec<&str> = (0..16).map(|r| &g16[r * 16..(r + 1) * 16]).collect();
    for four in ["1.3..4.........2", "1.3. .4.. .... ...2"] {
        let got = read(format!("{}\n{four}\n\n", bare16.join("\n")));
        assert_eq!(got.len(), 2, "{got:?}");
        assert_eq!(got[1].0, 17, "{got:?}");
    }
}

/// A bad first row costs only its own grid: the whole grid is one bad
/// record, and the grid after it is read.
#[test]
fn bad_first_row_keeps_the_next_grid() {
    let bad_rows = [
        ("10 3 5", "bad symbol `10` at cell 1 (row 1, column 1)"),
        ("x 3 5", "bad symbol `x` at cell 1 (row 1, column 1)"),
        ("3 5", "row 1 has 8 entries, expected 9"),
        ("0 0 3 5", "row 1 has 10 entries, expected 9"),
    ];
    for (start, reason) in bad_rows {
        let bad = GRID.replacen("0 3 5", start, 1);
        for between in ["", "\n", "# next\n"] {
            let text = format!("{bad}{between}{GRID}");
            let next = 10 + between.len().min(1);
            assert_eq!(
                records(&text),
                vec![(1, Err(reason.to_string())), (next, Ok(Style::Grid))],
                "{start:?} {between:?}"
            );
        }
    }
    // A pretty grid.
    let pretty = Grid::from_line(P).unwrap().to_pretty();
    let text = format!("{}\n{pretty}\n", pretty.replacen("5 3", "5 x", 1));
    assert_eq!(
        records(&text),
        vec![
            (1, Err("bad symbol `x` at cell 2 (row 1, column 2)".into())),
            (12, Ok(Style::Pretty))
        ]
    );
    // A line that only looks a little like a row is not a damaged row:
    // with words it is the grid's title, without them a record of its own.
    for title in ["Grid 1 2 3", "My puzzles"] {
        let got: Vec<_> = SudokuReader::new(format!("{title}\n{GRID}").as_bytes())
            .map(|r| r.unwrap())
            .collect();
        assert_eq!(got.len(), 1, "{title}");
        assert_eq!(got[0].title.as_deref(), Some(title));
        assert_eq!(got[0].line, 2);
    }
    // A row of six cells is the first row of a 6x6 grid, cut short.
    assert_eq!(
        records(&format!("1 2 3 4 5 6\n{GRID}")),
        vec![
            (1, Err("grid ends after 1 of 6 rows".into())),
            (2, Ok(Style::Grid))
        ]
    );
}

/// A row of 16 symbols that uses only blanks and 1-4 may be a 4x4
/// puzzle, but in a 16x16 grid whose other rows use symbols beyond 4 it
/// is a row, wherever it stands (even first, even several); in a 4x4
/// file such lines stay 4x4 puzzles, clashing or not.
#[test]
fn rows_of_16_with_only_1_to_4_stay_in_their_grid() {
    let solution = crate::puzzles::sudoku::samples::pattern_solution(4);
    type Records = Vec<(usize, Result<(Grid, Style), String>)>;
    let grids = |text: &str| -> Records {
        SudokuReader::new(text.as_bytes())
            .map(|r| {
                let r = r.unwrap();
                (r.line, r.puzzle)
            })
            .collect()
    };
    for low_rows in [
        &[2][..],
        &[1, 2],
        &[0],
        &[0, 1],
        &[0, 1, 2, 3, 4, 5, 6],
        &[15],
    ] {
        let mut g = solution.clone();
        for &r in low_rows {
            for c in 0..16 {
                if g.get(r, c) > 4 {
                    g.set(r, c, 0);
                }
            }
        }
        let rows = format!("{}\n", g.to_bare_rows().trim_end());
        let one = |line| (line, Ok((g.clone(), Style::Rows)));
        for (text, expected) in [
            (rows.clone(), vec![one(1)]),
            (format!("{rows}{rows}"), vec![one(1), one(17)]),
            (format!("{rows}\n{rows}"), vec![one(1), one(18)]),
        ] {
            assert_eq!(grids(&text), expected, "{low_rows:?}\n{text}");
        }
        let titled = SudokuReader::new(format!("Grid 01\n{rows}").as_bytes())
            .map(|r| r.unwrap())
            .collect::<Vec<_>>();
        assert_eq!(titled.len(), 1, "{low_rows:?}");
        assert_eq!(titled[0].title.as_deref(), Some("Grid 01"));
    }
    // A 4x4 file: clashing lines (only 1-4; the clash is found when
    // solving) three in a row, a bad symbol, good puzzles.
    let good = "1..4............";
    let clash = "11..............";
    let text = format!(
        "{}5{}\n{}",
        format!("{clash}\n").repeat(3),
        &good[1..],
        format!("{good}\n").repeat(12)
    );
    let got = records(&text);
    assert_eq!(got.len(), 16);
    assert!(got[3]
        .1
        .as_ref()
        .is_err_and(|e| e.starts_with("bad symbol `5`")));
    assert!(got
        .iter()
        .enumerate()
        .all(|(k, r)| k == 3 || r.1 == Ok(Style::Line)));
}

/// Sudoku Explainer's frame (`*-----------*` above and below a pretty
/// grid) is a rule line, so the grid is one record; a line of `*` and
/// symbols is no rule.
#[test]
fn starred_frames_are_rules() {
    let rows: Vec<String> = P
        .as_bytes()
        .chunks(9)
        .map(|r| {
            let r = std::str::from_utf8(r).unwrap();
            format!("|{}|{}|{}|", &r[..3], &r[3..6], &r[6..])
        })
        .collect();
    let text = format!(
        "*-----------*\n{}\n|---+---+---|\n{}\n|---+---+---|\n{}\n*-----------*\n",
        rows[..3].join("\n"),
        rows[3..6].join("\n"),
        rows[6..].join("\n")
    );
    let got: Vec<_> = SudokuReader::new(text.as_bytes())
        .map(|r| r.unwrap())
        .collect();
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].line, 2);
    assert_eq!(
        got[0].puzzle.as_ref().unwrap().0,
        Grid::from_line(P).unwrap()
    );
    assert!(is_separator("*-----------*") && is_separator("*===*"));
    assert!(!is_separator("*1-2*") && !is_separator("**"));
}

/// A line of numbers that is no grid row says what its count suggests:
/// a whole puzzle written with blanks (81 numbers up to 9), or a row of
/// a grid beyond 64x64 (81 numbers up to 81); other counts keep the
/// general reason.
#[test]
fn lines_of_spaced_numbers_say_what_they_look_like() {
    let spaced = |numbers: &[usize]| {
        numbers
            .iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join(" ")
            + "\n"
    };
    let puzzle: Vec<usize> = P
        .bytes()
        .map(|b| if b == b'.' { 0 } else { usize::from(b - b'0') })
        .collect();
    assert_eq!(
        records(&spaced(&puzzle))[0].1,
        Err(
            "81 numbers on one line, as many as a 9x9 puzzle's cells: write it as 9 rows \
             of 9 numbers, or as one line of symbols without blanks"
                .into()
        )
    );
    assert_eq!(
        records(&spaced(&[0; 4096]))[0].1,
        Err(
            "4096 numbers on one line, as many as a 64x64 puzzle's cells: write it as 64 \
             rows of 64 numbers"
                .into()
        )
    );
    let row81: Vec<usize> = (1..=81).collect();
    let reason = "a row of 81 numbers: grids go up to 64x64";
    assert_eq!(
        records(&spaced(&row81).repeat(2)),
        vec![(1, Err(reason.into())), (2, Err(reason.into()))]
    );
    assert_eq!(
        records(&spaced(&[11; 100]))[0].1,
        Err("a row of 100 numbers: grids go up to 64x64".into())
    );
    // Numbers up to 10: a 10x10 puzzle's cells (boxes of 2x5).
    assert!(records(&spaced(&[1; 100]))[0]
        .1
        .as_ref()
        .is_err_and(|e| e.starts_with("100 numbers on one line, as many as a 10x10")));
    for n in [70, 82] {
        assert_eq!(
            records(&spaced(&vec![1; n]))[0].1,
            Err("not a puzzle line or a grid row".into()),
            "{n}"
        );
    }
}

/// Both ways a grid can end early point at the grid's first line.
#[test]
fn short_grids_are_reported_at_their_first_line() {
    let five: String = GRID.lines().take(5).map(|l| format!("{l}\n")).collect();
    assert_eq!(
        records(&format!("{P}\n{five}")),
        vec![
            (1, Ok(Style::Line)),
            (2, Err("input ends after 5 of 9 grid rows".into()))
        ]
    );
    assert_eq!(
        records(&format!("{P}\n{five}\n{P}\n")),
        vec![
            (1, Ok(Style::Line)),
            (
                2,
                Err("grid ends after 5 of 9 rows: the blank line 7 ends a grid".into())
            ),
            (8, Ok(Style::Line))
        ]
    );
    assert_eq!(
        records("1\n"),
        vec![(
            1,
            Err("wrong length: 1 cell (expected 16, 36, 64, 81, 100, 144, 196, 225, 256, 324, 400, 441, 484, 576 or 625)".into())
        )]
    );
}
