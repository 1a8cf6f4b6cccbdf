//! Titles above grids: kept with their grid, told from damaged rows.

use super::*;

/// Project Euler 96's `sudoku.txt`: a `Grid NN` title above rows of
/// nine digits. The title stays with its grid; a title with no grid
/// after it is still a bad record.
#[test]
fn titles_stay_with_their_grids() {
    let rows: String = Grid::from_line(P)
        .unwrap()
        .to_line()
        .replace('.', "0")
        .as_bytes()
        .chunks(9)
        .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
        .collect();
    let text = format!("Grid 01\n{rows}Grid 02 # rated\n{rows}Grid 03\n\n{P}\nshort\n");
    let got: Vec<_> = SudokuReader::new(text.as_bytes())
        .map(|r| r.unwrap())
        .collect();
    let summary: Vec<_> = got
        .iter()
        .map(|r| (r.line, r.title.as_deref(), r.puzzle.is_ok()))
        .collect();
    assert_eq!(
        summary,
        vec![
            (2, Some("Grid 01"), true),
            (12, Some("Grid 02 # rated"), true),
            (21, None, false),
            (23, None, true),
            (24, None, false),
        ]
    );
    assert_eq!(
        got[0].puzzle.as_ref().unwrap().0,
        Grid::from_line(P).unwrap()
    );
    assert_eq!(got[0].puzzle.as_ref().unwrap().1, Style::Rows);
    assert_eq!(got[2].puzzle.as_ref().unwrap_err(), TITLE_WITHOUT_GRID);
}

/// The edges of titles: a damaged first row keeps its grid and title
/// together; comment and rule lines may stand between a title and its
/// grid; a grid cut short ends at the next title or CSV line; a puzzle
/// with a note, or a damaged puzzle line, is never a title.
#[test]
fn titles_and_damaged_grids() {
    let bare: Vec<String> = Grid::from_line(P)
        .unwrap()
        .to_line()
        .as_bytes()
        .chunks(9)
        .map(|row| String::from_utf8(row.to_vec()).unwrap())
        .collect();
    let rows = |from: usize| -> String { bare[from..].iter().map(|r| format!("{r}\n")).collect() };
    let summary = |text: &str| -> Vec<(usize, Option<String>, Result<Style, String>)> {
        SudokuReader::new(text.as_bytes())
            .map(|r| {
                let r = r.unwrap();
                (r.line, r.title, r.puzzle.map(|(_, s)| s))
            })
            .collect()
    };
    let title = || Some("Grid 01".to_string());
    // A damaged first row, with and without a title.
    let damaged = format!("{}x\n{}", &bare[0][..8], rows(1));
    assert_eq!(
        summary(&format!("Grid 01\n{damaged}")),
        vec![(
            2,
            title(),
            Err("bad symbol `x` at cell 9 (row 1, column 9)".into())
        )]
    );
    assert_eq!(summary(&damaged)[0].0, 1);
    assert_eq!(summary(&damaged).len(), 1);
    // A comment and a rule between the title and the grid.
    let pretty = Grid::from_line(P).unwrap().to_pretty();
    let text = format!("Grid 01\n# easy\n+-------+\n{pretty}\n");
    assert_eq!(summary(&text), vec![(4, title(), Ok(Style::Pretty))]);
    // A grid cut short ends at the next title or CSV line.
    let short = rows(1);
    for next in [format!("Grid 02\n{}", rows(0)), format!("{P},x\n")] {
        let got = summary(&format!("{short}{next}"));
        assert_eq!(got.len(), 2, "{next}");
        assert_eq!(got[0].2, Err("grid ends after 8 of 9 rows".into()));
        assert!(got[1].2.is_ok(), "{next}");
    }
    // Never titles: a puzzle with a note, a damaged puzzle line, letters.
    let note = format!("{} easy\n1 0 0 4\n0 0 1 0\n0 1 0 0\n4 0 0 1\n", &P[..16]);
    assert!(summary(&note)[0]
        .2
        .as_ref()
        .is_err_and(|e| e.starts_with("text after")));
    // A title without blanks whose digits and `_` would make most of a
    // row: too many letters for a typo, so it is the grid's title; a
    // row with two bad letters is still a damaged first row.
    assert_eq!(
        summary(&format!("Grid_0001\n{}", rows(0))),
        vec![(2, Some("Grid_0001".into()), Ok(Style::Rows))]
    );
    // In capitals too, above bare or numeric rows, even as long as a
    // puzzle line or a row.
    for title in [
        "GRID_0001",
        "SUDOKU_1",
        "PUZZLE_0001",
        "SUDOKU_PUZZLE_01",
        "DAILY_SUDOKU_0001",
    ] {
        for grid in [rows(0), GRID.to_string()] {
            let got = summary(&format!("{title}\n{grid}"));
            assert_eq!(got.len(), 1, "{title}: {got:?}");
            assert_eq!(got[0].1.as_deref(), Some(title));
            assert!(got[0].2.is_ok(), "{title}: {got:?}");
        }
    }
    let two_letters = format!("ab{}\n{}", &bare[0][2..], rows(1));
    assert_eq!(
        summary(&two_letters),
        vec![(
            1,
            None,
            Err("bad symbol `a` at cell 1 (row 1, column 1)".into())
        )]
    );
    let typo = format!("{}x{}\n{}", &P[..40], &P[41..80], rows(0));
    assert_eq!(summary(&typo)[0].1, None);
    assert!(summary(&typo)[0]
        .2
        .as_ref()
        .is_err_and(|e| e.starts_with("wrong length: 80")));
    // A damaged row of a 16x16 grid in grouped rows (starting with two
    // letters, like a title) is a row, and the grid is one record.
    let g16 = crate::puzzles::sudoku::samples::pattern_solution(4);
    let mut grouped: Vec<String> = g16
        .to_bare_rows()
        .lines()
        .map(|r| {
            r.as_bytes()
                .chunks(4)
                .map(|c| std::str::from_utf8(c).unwrap())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    grouped[7].replace_range(18.., "H");
    let got = summary(&format!("{}\n{}", grouped.join("\n"), g16.to_bare_rows()));
    assert_eq!(got.len(), 2);
    assert!(got[0]
        .2
        .as_ref()
        .is_err_and(|e| e.contains("(row 8, column 16)")));
    assert_eq!(got[1].2, Ok(Style::Rows));
    // One 4x4 line with a symbol beyond 4 is a bad 4x4 puzzle, not the
    // start of a 16x16 grid that swallows the lines after it.
    let four = "..2..1.41....2..";
    let text = format!("5{}\n{}", &four[1..], format!("{four}\n").repeat(15));
    let got = records(&text);
    assert_eq!(got.len(), 16);
    assert!(got[0]
        .1
        .as_ref()
        .is_err_and(|e| e.starts_with("bad symbol `5`")));
    // Two bad lines in a row are not a 16x16 grid either.
    let text = format!(
        "{four}\n3....2....4.1..5\n....3..4.12....6\n{}",
        format!("{four}\n").repeat(15)
    );
    assert_eq!(records(&text).len(), 18);
    // A title with digits above bare rows is a title, not a bad row.
    let got = summary(&format!("Game 12345\n{}Game 12346\n{}", rows(0), rows(0)));
    let titles: Vec<_> = got.iter().map(|r| r.1.as_deref()).collect();
    assert_eq!(titles, vec![Some("Game 12345"), Some("Game 12346")]);
    assert!(got.iter().all(|r| r.2.is_ok()));
    // A title above a 16x16 grid of bare rows; a bare first row with a
    // cell too many.
    let got = summary(&format!("Grid 01\n{}", g16.to_bare_rows()));
    assert_eq!(got, vec![(2, title(), Ok(Style::Rows))]);
    let extra = format!("Grid 01\n{}1\n{}", bare[0], rows(1));
    assert_eq!(
        summary(&extra),
        vec![(2, title(), Err("row 1 has 10 entries, expected 9".into()))]
    );
    // A grid row is never a title, even in lower-case letters.
    let g25 = crate::puzzles::sudoku::samples::pattern_solution(5);
    let lower = g25.to_bare_rows().to_lowercase();
    let got: Vec<_> = SudokuReader::new(lower.as_bytes())
        .map(|r| r.unwrap().puzzle.unwrap())
        .collect();
    assert_eq!(got, vec![(g25, Style::Rows)]);
    // Bare rows of 16 symbols are a 16x16 grid when they cannot be 4x4.
    let g16 = crate::puzzles::sudoku::samples::pattern_solution(4);
    let got: Vec<_> = SudokuReader::new(g16.to_bare_rows().as_bytes())
        .map(|r| r.unwrap().puzzle.unwrap())
        .collect();
    assert_eq!(got, vec![(g16.clone(), Style::Rows)]);
    // ... also when the first row could be a 4x4 puzzle (empty, or only
    // 1-4), since the next two rows cannot.
    let mut first_blank = g16.clone();
    (0..16).for_each(|c| first_blank.set(0, c, 0));
    let text = first_blank.to_bare_rows();
    assert!(text.starts_with(&format!("{}\n", ".".repeat(16))));
    let got: Vec<_> = SudokuReader::new(text.as_bytes())
        .map(|r| r.unwrap().puzzle.unwrap())
        .collect();
    assert_eq!(got, vec![(first_blank, Style::Rows)]);
    // A 4x4 puzzle followed by a 4x4 puzzle stays one, whatever comes
    // after.
    let four = "1..4............";
    let rows16: Vec<String> = g16.to_bare_rows().lines().map(String::from).collect();
    let text = format!("{four}\n{four}\n{}\n{}\n", rows16[1], rows16[2]);
    assert_eq!(records(&text).len(), 4);
}

/// A title with a comma or semicolon (`Puzzle 1, hard`) above a grid is
/// the grid's title, first in the file too: a line of names is a CSV
/// header only above CSV records (or nothing).
#[test]
fn titles_with_separators_are_no_csv_headers() {
    let grid = Grid::from_line(P).unwrap();
    let bare: String = P
        .replace('.', "0")
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
        .collect();
    let mut g16 = crate::puzzles::sudoku::samples::pattern_solution(4);
    g16.set(0, 9, 0);
    let grids = [
        (GRID.to_string(), Style::Grid),
        (bare, Style::Rows),
        (format!("{}\n", grid.to_pretty()), Style::Pretty),
        (format!("{}\n", g16.to_bare_rows().trim_end()), Style::Rows),
    ];
    for title in [
        "Puzzle 1, hard",
        "Puzzle 1; hard",
        "grid,puzzle",
        "Sudoku 3, \"x, y\"",
    ] {
        for (rows, style) in &grids {
            for text in [
                format!("{title}\n{rows}"),
                format!("{title}\n{rows}{title}\n{rows}"),
            ] {
                let got: Vec<_> = SudokuReader::new(text.as_bytes())
                    .map(|r| {
                        let r = r.unwrap();
                        (r.line, r.title, r.puzzle.map(|(_, s)| s))
                    })
                    .collect();
                // The grids start on line 2, and on the line after
                // the second title.
                let starts = [2, rows.lines().count() + 3];
                let expected: Vec<_> = starts[..text.matches(title).count()]
                    .iter()
                    .map(|&l| (l, Some(title.to_string()), Ok(*style)))
                    .collect();
                assert_eq!(got, expected, "{text}");
            }
        }
    }
    // Above CSV records, or a puzzle alone, it is a header; above
    // anything else it is a bad record of its own.
    assert_eq!(
        records(&format!("Puzzle 1, hard\n{P}\n")),
        vec![(2, Ok(Style::Line))]
    );
    assert_eq!(records("id,puzzle\nhello world\n").len(), 2);
}
