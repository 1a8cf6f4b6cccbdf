//! CSV records and grids written by spreadsheets.

use super::*;
use crate::puzzles::lines::{csv_grid_row, csv_row_with_blanks};

/// A grid saved from a spreadsheet as CSV (numbers between commas or
/// semicolons) is a numeric grid, also for detection when two of its
/// rows are alike (which Knuth's format would read as an option naming
/// the first line's item).
#[test]
fn csv_grid_rows_are_numeric_grid_rows() {
    let grid: String = GRID
        .lines()
        .map(|row| format!("{}\n", row.split_whitespace().collect::<Vec<_>>().join(",")))
        .collect();
    let twice = format!(
        "0,0,0,0,0,0,0,0,0\n{}",
        grid.replacen(grid.lines().next().unwrap(), "0,0,0,0,0,0,0,0,0", 1,)
    );
    for text in [grid.clone(), grid.replace(',', ";"), twice] {
        assert_eq!(detect(&text), Kind::Sudoku, "{text}");
    }
    let got: Vec<_> = SudokuReader::new(grid.as_bytes())
        .map(|r| r.unwrap())
        .collect();
    assert_eq!(got.len(), 1);
    let (g, style) = got[0].puzzle.as_ref().unwrap();
    assert_eq!(*style, Style::Grid);
    assert_eq!(
        *g,
        Grid::from_rows(&GRID.lines().collect::<Vec<_>>()).unwrap()
    );
    // A Kaggle line (two 81-digit fields) is no grid row.
    assert_eq!(csv_grid_row(&format!("{P},{P}").replace('.', "0")), None);
    assert_eq!(csv_grid_row("1,2,3,4,5,6,7,8,10"), None, "10 > 9");
}

/// A spreadsheet may end every CSV grid row with a separator: one empty
/// field after the last cell is allowed (not two, nor a missing cell).
#[test]
fn csv_grid_rows_may_end_in_a_separator() {
    let g16 = crate::puzzles::sudoku::samples::pattern_solution(4);
    for (rows, side) in [(GRID.to_string(), 9), (g16.to_numeric_rows(), 16)] {
        let expected = Grid::from_rows(&rows.lines().collect::<Vec<_>>()).unwrap();
        for sep in [",", ";"] {
            let csv: String = rows
                .lines()
                .map(|r| {
                    format!(
                        "{}{sep}\n",
                        r.split_whitespace().collect::<Vec<_>>().join(sep)
                    )
                })
                .collect();
            assert_eq!(detect(&csv), Kind::Sudoku, "{csv}");
            let got: Vec<_> = SudokuReader::new(csv.as_bytes())
                .map(|r| r.unwrap().puzzle)
                .collect();
            assert_eq!(got, vec![Ok((expected.clone(), Style::Grid))], "{csv}");
            let first = csv.lines().next().unwrap();
            assert_eq!(csv_grid_row(&format!("{first}{sep}")), None, "{side}");
            // A row short of its last cell, with a trailing separator,
            // has a row's worth of fields: the last is an empty cell
            // (as a spreadsheet writes one). Two short is no row.
            let short = first.rsplitn(3, sep).nth(2).unwrap();
            assert_eq!(csv_grid_row(&format!("{short}{sep}")), None, "{side}");
            let blank_last = csv_row_with_blanks(&format!("{short}{sep}")).unwrap();
            assert!(blank_last.ends_with(" 0"), "{blank_last}");
            // Two short is no row of this side (it may be one of the side
            // below, as 7 cells of 1 to 8 and a separator are a row of an
            // 8x8 grid, boxes of 2x4).
            let shorter = short.rsplit_once(sep).unwrap().0;
            let shorter = format!("{shorter}{sep}");
            let got = csv_row_with_blanks(&shorter).map(|r| r.split(' ').count());
            assert_ne!(got, Some(side), "{side}");
        }
    }
}

/// A spreadsheet saved as CSV leaves blank cells empty: `4,,,,,,,,`
/// is a row of one given, with or without a trailing separator.
#[test]
fn empty_csv_fields_are_blank_cells() {
    assert_eq!(
        csv_row_with_blanks("4,,,,,,,,").as_deref(),
        Some("4 0 0 0 0 0 0 0 0")
    );
    assert_eq!(
        csv_row_with_blanks(",,,,,,,,7,").as_deref(),
        Some("0 0 0 0 0 0 0 0 7")
    );
    // Only where a grid is: not for every line.
    assert_eq!(csv_grid_row("4,,,,,,,,"), None);
    // A row of empty fields alone is left to the reader.
    assert_eq!(csv_row_with_blanks(",,;,"), None);
    assert_eq!(empty_csv_row_side(",,;,"), Some(4));
    assert_eq!(empty_csv_row_side(" , ,;,"), Some(4), "trailing");
    assert_eq!(empty_csv_row_side(",,"), None);
    assert_eq!(
        csv_row_with_blanks(" ; 2;;;;;;;9").as_deref(),
        Some("0 2 0 0 0 0 0 0 9")
    );
    // Still a row's worth of fields, each a cell: 8 fields are a row of
    // an 8x8 grid (boxes of 2x4), 3 or 5 no row at all.
    assert_eq!(
        csv_row_with_blanks("4,,,,,,,").as_deref(),
        Some("4 0 0 0 0 0 0 0"),
        "8 fields"
    );
    assert_eq!(csv_row_with_blanks("4,,"), None, "3 fields");
    assert_eq!(csv_row_with_blanks("4,,,,x,,,,"), None);
    let empty_cells: String = GRID
        .lines()
        .map(|row| {
            let cells: Vec<&str> = row
                .split_whitespace()
                .map(|c| if c == "0" { "" } else { c })
                .collect();
            format!("{}\n", cells.join(","))
        })
        .collect();
    assert_eq!(detect(&empty_cells), Kind::Sudoku, "{empty_cells}");
    let got: Vec<_> = SudokuReader::new(empty_cells.as_bytes())
        .map(|r| r.unwrap().puzzle)
        .collect();
    let expected = Grid::from_rows(&GRID.lines().collect::<Vec<_>>()).unwrap();
    assert_eq!(got, vec![Ok((expected, Style::Grid))]);
}

/// `GRID` as a spreadsheet writes it, empty cells empty, with its
/// first row's givens taken out when `empty_first_row`.
fn spreadsheet_grid(empty_first_row: bool) -> (String, Grid) {
    let rows: Vec<String> = GRID
        .lines()
        .enumerate()
        .map(|(r, row)| {
            let cells: Vec<&str> = row
                .split_whitespace()
                .map(|c| {
                    if c == "0" || (r == 0 && empty_first_row) {
                        ""
                    } else {
                        c
                    }
                })
                .collect();
            cells.join(",")
        })
        .collect();
    let grid = Grid::from_rows(
        &rows
            .iter()
            .map(|r| csv_row_with_blanks(r).unwrap_or_else(|| empty_row(9)))
            .collect::<Vec<_>>(),
    )
    .unwrap();
    (rows.iter().map(|r| format!("{r}\n")).collect(), grid)
}

fn puzzles_read(text: &str) -> Vec<(usize, Result<Grid, String>)> {
    records_as(text, |(g, _)| g)
}

/// A row of empty fields is a grid's empty row inside a grid, a
/// grid's first row when a whole grid with givens follows, and
/// otherwise a spreadsheet's blank line: between grids, or a whole
/// grid's worth of them.
#[test]
fn empty_csv_rows_are_empty_grid_rows_or_blank_lines() {
    let (full, full_grid) = spreadsheet_grid(false);
    let (first_empty, first_empty_grid) = spreadsheet_grid(true);
    assert!(first_empty.starts_with(",,,,,,,,\n"), "{first_empty}");
    let blank = ",,,,,,,,\n";
    // Alone, after a blank row, and between others.
    assert_eq!(
        puzzles_read(&first_empty),
        vec![(1, Ok(first_empty_grid.clone()))]
    );
    assert_eq!(
        puzzles_read(&format!("{blank}{first_empty}")),
        vec![(2, Ok(first_empty_grid.clone()))]
    );
    assert_eq!(
        puzzles_read(&format!(
            "{full}{blank}{full}{blank}{first_empty}{blank}{full}"
        )),
        vec![
            (1, Ok(full_grid.clone())),
            (11, Ok(full_grid.clone())),
            (21, Ok(first_empty_grid.clone())),
            (31, Ok(full_grid.clone())),
        ]
    );
    // A comment between box bands, as in any grid.
    let mut commented: Vec<&str> = first_empty.lines().collect();
    commented.insert(3, "# band 2");
    assert_eq!(
        puzzles_read(&format!("{}\n", commented.join("\n"))),
        vec![(1, Ok(first_empty_grid.clone()))]
    );
    // A grid of empty rows (or a trailing few) is no puzzle.
    assert_eq!(puzzles_read(&blank.repeat(9)), vec![]);
    assert_eq!(puzzles_read(&",,,\n".repeat(4)), vec![]);
    // A title above a spreadsheet grid is the grid's.
    let titled = format!("Grid 01\n{full}");
    let got: Vec<_> = SudokuReader::new(titled.as_bytes())
        .map(|r| r.unwrap())
        .map(|r| (r.line, r.title, r.puzzle.map(|(g, _)| g)))
        .collect();
    assert_eq!(got, [(2, Some("Grid 01".into()), Ok(full_grid.clone()))]);
    // After a CSV record, rows of an id alone and empty rows are
    // records missing their fields, not a 4x4 grid or blank lines.
    let csv = format!("1,{P},,\n2,,,\n3,,,\n4,,,\n1,,,\n,,,\n");
    let read = puzzles_read(&csv);
    assert_eq!(read.len(), 6, "{read:?}");
    assert!(read[0].1.is_ok(), "{read:?}");
    assert!(
        read[1..].iter().all(|(_, p)| p
            .as_ref()
            .is_err_and(|e| e == "no puzzle among the CSV fields")),
        "{read:?}"
    );
    // A spreadsheet grid after CSV records (rows of another width) is
    // a grid.
    let read = puzzles_read(&format!("1,{P},,\n{first_empty}"));
    assert_eq!(read.len(), 2, "{read:?}");
    assert_eq!(read[1], (2, Ok(first_empty_grid.clone())));
    // Under a header naming the puzzle column, empty rows and rows of
    // an id alone are records without their puzzle, not grid rows.
    let header = "id,puzzle,solution,clues\n";
    let read = puzzles_read(&format!("{header}1,,,\n2,,,\n,,,\n,,,\n"));
    assert_eq!(read.len(), 4, "{read:?}");
    assert!(
        read.iter().all(|(_, p)| p
            .as_ref()
            .is_err_and(|e| e.contains("column (field 2) is empty"))),
        "{read:?}"
    );
}

/// Kaggle-style CSV: a `quizzes,solutions` header, then the puzzle in
/// the column it names, or without a header in the first field meant
/// as a puzzle, valid or not.
#[test]
fn csv_lines_give_their_puzzle_field() {
    let solution =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let p = Grid::from_line(P).unwrap();
    let puzzles = |text: &str| -> Vec<(usize, Result<Grid, String>)> {
        SudokuReader::new(text.as_bytes())
            .map(|r| {
                let r = r.unwrap();
                (r.line, r.puzzle.map(|(g, _)| g))
            })
            .collect()
    };
    let text = format!("quizzes,solutions\n{P},{solution}\nid,puzzle\n{solution}\n");
    assert_eq!(detect(&text), Kind::Sudoku);
    let got = puzzles(&text);
    assert_eq!(got[0], (2, Ok(p.clone())));
    // A header is taken as one only first and above a CSV puzzle line.
    assert_eq!(got[1], (3, Err("no puzzle among the CSV fields".into())));
    assert_eq!(got.len(), 3);
    // The column the header names, even behind a 16-digit id; without
    // a header, the first long field of puzzle symbols.
    let ids = format!("id,puzzle,solution\n0000000000000001,{P},{solution}\n");
    let rated = format!("7,\"{P}\",{solution},30,1.5\n");
    let dated = format!("created,puzzle\n2024-01-01T10:00,{P}\n");
    for text in [ids, rated, dated] {
        assert_eq!(detect(&text), Kind::Sudoku, "{text}");
        assert_eq!(puzzles(&text).len(), 1, "{text}");
        assert_eq!(puzzles(&text)[0].1, Ok(p.clone()), "{text}");
    }
    // A damaged puzzle field is reported, not the solution beside it solved.
    let damaged = format!("quizzes,solutions\n{},{solution}\n", &P[..80]);
    assert_eq!(
        puzzles(&damaged),
        vec![(
            2,
            Err("wrong length: 80 cells (expected 16, 36, 64, 81, 100, 144, 196, 225, 256, 324, 400, 441, 484, 576 or 625)".into())
        )]
    );
    let damaged = format!("{},{solution}\n", &P[..80]);
    let got = puzzles(&damaged);
    assert!(got[0]
        .1
        .as_ref()
        .is_err_and(|e| e.starts_with("wrong length: 80")));
    // An id that looks like a puzzle is not taken for one: a header is
    // asked for.
    let four = "..2..1.41....2..";
    let ids = [
        ("20240101-000001", P),
        ("100200300400", P),
        ("0000000000000001", four),
        ("20240101-000001", four),
    ];
    for (id, p) in ids {
        let got = puzzles(&format!("{id},{p}\n"));
        assert!(
            got[0]
                .1
                .as_ref()
                .is_err_and(|e| e.contains("name the columns")),
            "{id}: {got:?}"
        );
    }
    // A 16-character header is a header, not a 4x4 puzzle; so is a
    // pandas export's, with an empty first name.
    for (header, row) in [
        ("puzzle,solutions", format!("{P},{solution}")),
        (",quizzes,solutions", format!("0,{P},{solution}")),
        ("puzzle,rating (0-10)", format!("{P},3.5")),
    ] {
        let text = format!("{header}\n{row}\n");
        assert_eq!(puzzles(&text), vec![(2, Ok(p.clone()))], "{header}");
    }
    // A first line naming the puzzle column is the header even above a
    // damaged row, a row without separators, or nothing; an empty
    // puzzle field is reported as such.
    let p0 = P.replace('.', "0");
    let cases = [
        (
            format!("id,puzzle\n1,\n2,{P}\n"),
            vec![(2, false), (3, true)],
        ),
        (
            format!("quizzes,solutions\n{p0}\n{p0},{solution}\n"),
            vec![(2, true), (3, true)],
        ),
        ("quizzes,solutions\n".to_string(), vec![]),
    ];
    for (text, expected) in cases {
        let got: Vec<_> = puzzles(&text)
            .iter()
            .map(|(l, r)| (*l, r.is_ok()))
            .collect();
        assert_eq!(got, expected, "{text}");
    }
    assert_eq!(
        puzzles(&format!("id,puzzle,solution\n1,,{solution}\n")),
        vec![(2, Err("the `puzzle` column (field 2) is empty".into()))]
    );
    // A byte that is not UTF-8 in a field never read spoils nothing;
    // in the puzzle field it is a bad symbol there.
    let mut latin1 = format!("id;puzzle\n\u{1};{P}\n1;{}\u{2}{}\n", &P[..5], &P[6..]).into_bytes();
    for b in latin1.iter_mut().filter(|b| **b < 3) {
        *b = 0xc9;
    }
    let got: Vec<_> = SudokuReader::new(&latin1[..])
        .map(|r| {
            let r = r.unwrap();
            (r.line, r.puzzle.map(|(g, _)| g))
        })
        .collect();
    assert_eq!(got[0], (2, Ok(p.clone())));
    assert_eq!(
        got[1],
        (
            3,
            Err("bad symbol `\u{fffd}` at cell 6 (row 1, column 6)".into())
        )
    );
    // A one-column CSV file: its header, a puzzle column's name alone,
    // is no record, also further down; a name above no puzzle line is
    // one (the word `Grid` above a grid is its title, tested above).
    for header in ["puzzle", "Quizzes", "sudokus"] {
        let text = format!("{header}\n{P}\n\n{header}\n{}x\n", &P[..80]);
        assert_eq!(detect(&text), Kind::Sudoku, "{header}");
        let got = puzzles(&text);
        assert_eq!(got.len(), 2, "{header}");
        assert_eq!(got[0], (2, Ok(p.clone())), "{header}");
        assert_eq!(got[1].0, 5, "{header}");
        assert!(got[1].1.is_err(), "{header}");
    }
    for text in [format!("{P}\npuzzle\n"), "puzzles\n1 2 3\n".to_string()] {
        let got = puzzles(&text);
        assert_eq!(got.len(), 2, "{text}");
        assert!(got[1].1.is_err(), "{text}");
    }
    // A stray blank symbol: the field is still the puzzle (reported).
    let star = format!("*{},{solution}\n", &P[1..]);
    assert!(puzzles(&star)[0]
        .1
        .as_ref()
        .is_err_and(|e| e.starts_with("bad symbol `*`")));
    // Headers: a blank line below, long names, ids and solutions named
    // like the puzzles, camel case, a quoted separator, a second file's
    // header further down.
    for text in [
        format!("id,solution,puzzle\n\n1,{solution},{P}\n"),
        format!("solution_string,puzzle_string\n{solution},{P}\n"),
        format!("puzzle_id,puzzle,solution\n1,{P},{solution}\n"),
        format!("puzzleId,puzzleString,solutionString\n1,{P},{solution}\n"),
        format!("sudoku_solution,sudoku_puzzle\n{solution},{P}\n"),
        format!("id,comment,puzzle\n1,\"hard, very\",{P}\n"),
    ] {
        assert_eq!(puzzles(&text).len(), 1, "{text}");
        assert_eq!(puzzles(&text)[0].1, Ok(p.clone()), "{text}");
    }
    let two_files = format!("id,puzzle\n1,{P}\npuzzle,solution\n{P},{solution}\n");
    let got = puzzles(&two_files);
    assert_eq!(got, vec![(2, Ok(p.clone())), (4, Ok(p.clone()))]);
    // Without a header, what is not clear is reported, never guessed:
    // the solution first, puzzle-like ids, a damaged or empty puzzle
    // beside its solution.
    let unclear = "which CSV field is the puzzle is unclear";
    for text in [
        format!("{solution},{P}\n"),
        format!("0000000000000001,{P},{solution}\n"),
        format!("000000000001,{P},{solution}\n"),
        format!("1,,{solution}\n"),
        format!("{},{solution}\n", &P[..9]),
    ] {
        let got = puzzles(&text);
        assert_eq!(got.len(), 1, "{text}");
        assert!(
            got[0].1.as_ref().is_err_and(|e| e.starts_with(unclear)),
            "{text}: {got:?}"
        );
    }
    let got = records(&format!("Puzzle 1, easy\n{GRID}"));
    assert_eq!(got, vec![(2, Ok(Style::Grid))]);
    assert_eq!(
        records("a,b\n"),
        vec![(1, Err("no puzzle among the CSV fields".into()))]
    );
    // Semicolons, tabs, one quoted field.
    let got = records(&format!("{P};x\n{P}\t7\n\"{P}\"\n"));
    assert_eq!(
        got,
        vec![
            (1, Ok(Style::Line)),
            (2, Ok(Style::Line)),
            (3, Ok(Style::Line))
        ]
    );
    // Prose with a comma is not taken for CSV.
    assert_eq!(
        records("Hello, world\n"),
        vec![(1, Err(TITLE_WITHOUT_GRID.into()))]
    );
}
