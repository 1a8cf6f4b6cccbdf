//! The reader's unit tests, with the inputs and helpers they share (also
//! with the tests of detection and of `prepare`, in `crate::io`).

use super::*;
use crate::io::lines::MAX_LINE;
use crate::puzzles::{detect, Kind};

mod csv;
mod grids;
mod titles;

/// `P` cut into its nine rows of nine symbols.
pub(crate) fn nine_groups_of_p() -> Vec<&'static str> {
    (0..9).map(|r| &P[9 * r..9 * r + 9]).collect()
}

/// The records of `text`: each one's line and what `f` takes from its
/// puzzle, or its error.
pub(crate) fn records_as<T>(
    text: &str,
    f: impl Fn((Grid, Style)) -> T,
) -> Vec<(usize, Result<T, String>)> {
    SudokuReader::new(text.as_bytes())
        .map(|r| {
            let r = r.unwrap();
            (r.line, r.puzzle.map(&f))
        })
        .collect()
}

pub(crate) fn records(text: &str) -> Vec<(usize, Result<Style, String>)> {
    records_as(text, |(_, s)| s)
}

pub(crate) const P: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Baekjoon 2580's example grid.
pub(crate) const GRID: &str = "0 3 5 4 6 9 2 7 8\n7 8 2 1 0 5 6 0 9\n0 6 0 2 7 8 1 3 5\n\
                    3 2 1 0 4 6 8 9 7\n8 0 4 9 1 3 5 0 6\n5 9 6 8 2 0 4 1 3\n\
                    9 1 7 6 5 2 0 8 0\n6 0 3 7 0 1 9 5 2\n2 5 8 3 9 4 7 6 0\n";

/// `puzzles/sudominoku/sample-own.txt`.
pub(crate) const SUDOMINOKU: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/puzzles/sudominoku/sample-own.txt"
));

#[test]
fn mixed_records_keep_their_lines() {
    let grid = Grid::from_line(P).unwrap();
    let text = format!(
        "# comment\n{P} # rated\r\n\n{}\n\n{}\nshort\n",
        grid.to_numeric_rows(),
        grid.to_pretty()
    );
    let got = records(&text);
    assert_eq!(got.len(), 4);
    assert_eq!(got[0], (2, Ok(Style::Line)));
    assert_eq!(got[1], (4, Ok(Style::Grid)));
    assert_eq!(got[2], (14, Ok(Style::Pretty)));
    assert_eq!(
        got[3],
        (
            25,
            Err("wrong length: 5 cells (expected 16, 36, 64, 81, 100, 144, 196, 225, 256, 324, 400, 441, 484, 576 or 625)".into())
        )
    );
}

#[test]
fn long_and_binary_lines_are_errors() {
    let mut text = "x".repeat(MAX_LINE + 10).into_bytes();
    text.extend_from_slice(b"\n\xff\xfe\n");
    text.extend_from_slice(P.as_bytes());
    let got: Vec<_> = SudokuReader::new(&text[..]).map(|r| r.unwrap()).collect();
    assert_eq!(got.len(), 3);
    assert!(got[0]
        .puzzle
        .as_ref()
        .unwrap_err()
        .starts_with("line too long"));
    assert!(got[1]
        .puzzle
        .as_ref()
        .unwrap_err()
        .starts_with("not valid UTF-8"));
    assert!(got[2].puzzle.is_ok());
    assert_eq!(got[2].line, 3);

    // A bad byte in a `#` comment is dropped with the comment; one
    // before the comment, or in a `#` that starts no comment, is not.
    let mut text = b"# caf\xe9\n".to_vec();
    for tail in [&b" # caf\xe9"[..], b"\xe9 # ok", b"#\xe9"] {
        text.extend_from_slice(P.as_bytes());
        text.extend_from_slice(tail);
        text.push(b'\n');
    }
    let got: Vec<_> = SudokuReader::new(&text[..]).map(|r| r.unwrap()).collect();
    let summary: Vec<_> = got.iter().map(|r| (r.line, r.puzzle.is_ok())).collect();
    assert_eq!(summary, [(2, true), (3, false), (4, false)]);
    assert!(got[1]
        .puzzle
        .as_ref()
        .unwrap_err()
        .starts_with("not valid UTF-8 (byte 82"));

    // A title in Latin-1 (`Grille n°1`) above a grid stays its title,
    // the bad byte replaced; a puzzle line with a bad byte is still bad.
    let rows = Grid::from_line(P).unwrap().to_numeric_rows();
    let mut text = b"Grille n\xb0 1\n".to_vec();
    text.extend_from_slice(rows.as_bytes());
    text.extend_from_slice(
        b"\n8\xb0..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n",
    );
    let got: Vec<_> = SudokuReader::new(&text[..]).map(|r| r.unwrap()).collect();
    assert_eq!(got.len(), 2);
    assert_eq!(got[0].title.as_deref(), Some("Grille n\u{fffd} 1"));
    assert_eq!(got[0].line, 2);
    assert!(got[0].puzzle.is_ok());
    assert!(got[1]
        .puzzle
        .as_ref()
        .unwrap_err()
        .starts_with("not valid UTF-8"));
    // A stray one, with no grid under it, is a bad record that says
    // why: its bytes, as before, not its shape.
    let mut text = b"Grille n\xb0 2\n".to_vec();
    text.extend_from_slice(P.as_bytes());
    let got: Vec<_> = SudokuReader::new(&text[..]).map(|r| r.unwrap()).collect();
    assert_eq!(got.len(), 2);
    assert_eq!(
        got[0].puzzle.as_ref().unwrap_err(),
        "not valid UTF-8 (byte 9 of the line)"
    );
    assert!(got[1].puzzle.is_ok());
}

/// A one-line puzzle of every size written as n² groups of n² symbols,
/// separated by single blanks or tabs, reads as the line without them,
/// in the line style; four groups of four are a 4x4 puzzle unless rows of
/// a 16x16 grid follow (as for 16 symbols in a row). Groups of other
/// sizes, or two blanks between them, are no puzzle.
#[test]
fn puzzles_in_groups_read_as_their_line() {
    for n in 2..=5 {
        let mut g = crate::puzzles::sudoku::samples::pattern_solution(n);
        (0..n * n).for_each(|k| g.set(k, (3 * k) % (n * n), 0));
        let line = g.to_line();
        let groups: Vec<String> = line
            .chars()
            .collect::<Vec<_>>()
            .chunks(n * n)
            .map(|c| c.iter().collect())
            .collect();
        for sep in [" ", "\t"] {
            let text = format!("{}\n", groups.join(sep)).repeat(3);
            assert_eq!(detect(&text), Kind::Sudoku, "{text}");
            let got: Vec<_> = SudokuReader::new(text.as_bytes())
                .map(|r| r.unwrap().puzzle)
                .collect();
            assert_eq!(got, vec![Ok((g.clone(), Style::Line)); 3], "{text}");
        }
    }
    // Rows of a 16x16 grid in groups of four, the first of only 1-4.
    let mut g16 = crate::puzzles::sudoku::samples::pattern_solution(4);
    for c in 0..16 {
        if g16.get(0, c) > 4 {
            g16.set(0, c, 0);
        }
    }
    let rows: String = g16
        .to_bare_rows()
        .lines()
        .map(|r| format!("{} {} {} {}\n", &r[..4], &r[4..8], &r[8..12], &r[12..]))
        .collect();
    let got: Vec<_> = SudokuReader::new(rows.as_bytes())
        .map(|r| r.unwrap().puzzle)
        .collect();
    assert_eq!(got, vec![Ok((g16, Style::Pretty))]);
    // Several lines, tabs between the groups: not Knuth's item line
    // above lines naming unknown items.
    let groups = nine_groups_of_p();
    let tabbed = groups.join("\t");
    assert_eq!(detect(&format!("{tabbed}\n{tabbed}\n")), Kind::Sudoku);
    assert_eq!(detect(&format!("a b c\n{tabbed}\n")), Kind::Sudoku);
    // Groups of eight and ten, or two blanks: reported, not guessed at.
    let uneven = format!("{} {} {}", &P[..8], &P[8..18], groups[2..].join(" "));
    for text in [uneven, groups.join("  ")] {
        let got = records(&text);
        assert_eq!(got.len(), 1, "{text}");
        assert!(got[0].1.is_err(), "{text}: {got:?}");
    }
}

/// Files joined with `cat`: the second one's byte-order mark is skipped
/// like the first one's.
#[test]
fn byte_order_marks_of_joined_files_are_skipped() {
    let joined = format!("\u{feff}{P}\n\u{feff}{P}\n");
    let got: Vec<_> = SudokuReader::new(joined.as_bytes())
        .map(|r| r.unwrap())
        .collect();
    assert_eq!(got.len(), 2);
    assert!(got.iter().all(|r| r.puzzle.is_ok()), "{got:?}");
}
