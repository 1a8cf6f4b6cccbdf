//! Deciding an input's kind from its first lines: a vote of the shapes of
//! those lines, as Sudoku, Sudominoku and Knuth's exact-cover format see
//! them ([`detect`]), after [`read_ahead`] took them from the input
//! ([`prepare`] does both).

use std::collections::HashSet;
use std::io::{self, BufRead};

use crate::io::{read_ahead, Prepared};

use crate::puzzles::lines::{
    ascii_box_drawing, csv_fields, csv_row_with_blanks, grid_row_side, grouped_puzzle, is_csv_like,
    is_domino_line, is_puzzle_column_name, is_separator, is_singles_line, is_small_count,
    is_sudoku_line, is_valid_puzzle_line, row_cells, row_like, strip_comment,
};
use crate::puzzles::sudoku::shape_of_side;

/// The kinds of input the tool understands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(serde::Serialize))]
#[cfg_attr(feature = "cli", serde(rename_all = "lowercase"))]
pub enum Kind {
    /// Classic Sudoku: one-line puzzles, CSV lines, or grids (numeric,
    /// pretty or bare rows), titled or not.
    Sudoku,
    /// Baekjoon 4574 Sudominoku.
    Sudominoku,
    /// An exact-cover problem in Knuth's DLX1 format.
    Xc,
}

/// How many meaningful lines (not blank, not a `#` comment) [`prepare`]
/// reads ahead to decide an input's kind, unless the input or
/// [`DETECT_BYTES`](crate::io::DETECT_BYTES) ends first. [`detect`] votes
/// over at most these.
pub const DETECT_LINES: usize = 32;

/// Opens an input for its records: reads its start ahead ([`read_ahead`]:
/// UTF-16 text and compressed files refused, a byte-order mark dropped,
/// old-Mac line ends read as `\n`) and decides its kind, the one
/// `requested` or, with `None`, the one [`detect`] votes for over the first
/// [`DETECT_LINES`] meaningful lines (with a kind given, only the first line
/// is read ahead). The returned reader replays what was read ahead.
pub fn prepare<R: BufRead>(requested: Option<Kind>, input: R) -> io::Result<(Kind, Prepared<R>)> {
    let wanted = if requested.is_none() { DETECT_LINES } else { 1 };
    let prepared = read_ahead(wanted, input)?;
    let kind = match requested {
        Some(kind) => kind,
        None => detect(&prepared.head_text()),
    };
    Ok((kind, prepared))
}

/// Decides the kind of an input from its first lines (as read ahead by
/// [`prepare`]), by a vote over up to [`DETECT_LINES`] meaningful lines:
/// lines that are blank or `#` comments do not count, and neither do
/// Knuth's `|` comment lines (a line starting with `|` is a comment unless
/// it is a bordered grid row or rule, with a second `|`). Lines may end in
/// `\n`, `\r\n` or `\r`. In order:
///
/// - no meaningful line: Sudoku (no records), or exact cover if there was a
///   `|` comment;
/// - exact cover if the first line that counts is a `|` comment;
/// - Sudominoku if every line is a small number (such as the lone `0` of an
///   input with no puzzles), or if domino lines `U LU V LV`, lines of nine
///   positions and numbers are most lines, with a domino line among them or
///   numbers beside the lines of positions (which alone are just as much
///   options of exact cover: `a1 a2 a3 b1 …`);
/// - Sudoku if at least half the lines are valid one-line puzzles, CSV
///   lines with a puzzle field, grid rows or rule lines;
/// - exact cover if every line fits Knuth's format: a first line of distinct
///   item names, then options each naming distinct declared items (so
///   numbered items and options shaped like grid rows are exact cover);
/// - exact cover if the one line is an item line split by Knuth's `|`
///   (`p0 p1 | s0`; `KnuthVote::is_split_item_line`);
/// - Sudoku if at least half the lines look like grid rows, valid or not
///   (a bad symbol, a cell too many);
/// - exact cover if the first line names items (one of them not a number,
///   none a one-line puzzle) and more of the lines after it are options
///   over those items than look like Sudoku, or none looks like Sudoku and
///   some is an option with a typo (naming an unknown item): the item line
///   alone is no evidence (`KnuthVote::outvotes`);
/// - otherwise Sudoku, whose reader then reports each bad line.
pub fn detect(head: &str) -> Kind {
    let head = head.strip_prefix('\u{feff}').unwrap_or(head);
    let mut counted = 0usize;
    let (mut sudoku, mut numbers, mut dominoes, mut singles) = (0usize, 0usize, 0usize, 0usize);
    // Lines that are valid Sudoku as they stand (not merely row-shaped).
    let mut strict = 0usize;
    let mut bar_first = false;
    let mut bar_seen = false;
    let mut knuth = KnuthVote::default();
    for line in head.split(['\n', '\r']).map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        // The Sudoku reader reads a frame drawn in box-drawing characters
        // as its ASCII (`ascii_box_drawing`); the other formats' votes see
        // the line as written.
        let framed = ascii_box_drawing(line);
        let body = strip_comment(framed.as_deref().unwrap_or(line));
        let valid = is_sudoku_line(body)
            || grouped_puzzle(body).is_some_and(|p| is_valid_puzzle_line(&p))
            || (is_csv_like(body)
                && csv_fields(body).any(|f| f.len() >= 81 && is_valid_puzzle_line(f)))
            || (is_separator(body) && body.contains(['-', '+', '=']))
            || grid_row_side(body).is_some();
        // A one-column CSV header (`puzzle`) leans to Sudoku too; an item
        // line of that name with options of it still fits Knuth's format.
        // So does a valid puzzle with a note after it (`<puzzle> hard`),
        // which the reader reports as such.
        let sudoku_like = valid
            || body
                .split_whitespace()
                .next()
                .is_some_and(|w| w.len() < body.len() && is_valid_puzzle_line(w))
            || (row_like(body).is_some_and(|words| {
                // Sides of oblong boxes (6, 8, 10, 12, ...) are common word
                // counts: a line of as many long words names items.
                let square = (2..=8).any(|n| n * n == words);
                shape_of_side(words).is_some()
                    && (square || row_cells(body).all(|w| w.chars().count() <= 2))
            }) && !knuth.is_near_option(body))
            || is_puzzle_column_name(body)
            || csv_row_with_blanks(body).is_some();
        // A line starting with `|` is Knuth's comment unless it is a bordered
        // grid row or rule, which has a second bar (`| 9 x 9 sudoku` is a
        // comment).
        if line.starts_with('|') && !(sudoku_like && line.matches('|').count() >= 2) {
            bar_first |= counted == 0 && !bar_seen;
            bar_seen = true;
            continue;
        }
        if counted == DETECT_LINES {
            break;
        }
        counted += 1;
        sudoku += usize::from(sudoku_like);
        strict += usize::from(valid);
        if is_small_count(line) {
            numbers += 1;
        } else if is_domino_line(line) {
            dominoes += 1;
        } else if is_singles_line(line) {
            singles += 1;
        }
        knuth.add(line);
    }
    if counted == 0 {
        return if bar_seen { Kind::Xc } else { Kind::Sudoku };
    }
    if bar_first {
        return Kind::Xc;
    }
    // Sudominoku: mostly count, domino and singles lines, and not singles
    // lines alone: nine cell names (`a1 a2 a3 b1 …`) are just as much an
    // option of exact cover.
    let sudominoku = dominoes + singles + numbers;
    if numbers == counted
        || ((dominoes > 0 || (singles > 0 && numbers > 0)) && 2 * sudominoku > counted)
    {
        return Kind::Sudominoku;
    }
    if strict > 0 && 2 * strict >= counted {
        return Kind::Sudoku;
    }
    // An item line alone, split by `|` into primary and secondary items
    // (`p0 p1 | s0`): a problem with no options yet, though its words
    // could pass for a bordered grid row.
    if counted == 1 && knuth.is_split_item_line() {
        return Kind::Xc;
    }
    // Every line fits Knuth's format: exact cover, even with numbered items
    // or options of 4, 9 or 16 items that are shaped like grid rows.
    if counted > 1 && knuth.options == counted - 1 && knuth.items_distinct {
        return Kind::Xc;
    }
    if sudoku > 0 && 2 * sudoku >= counted {
        return Kind::Sudoku;
    }
    if knuth.outvotes(sudoku, counted) {
        return Kind::Xc;
    }
    Kind::Sudoku
}

/// The lines of an input as Knuth's format sees them, for [`detect`]: the
/// first line, which would be the item line, and how many of the lines
/// after it are options over its items. The item line itself is no vote:
/// any line of words could be one.
#[derive(Default)]
struct KnuthVote<'a> {
    /// The first line and its words (the declared items, `|` aside).
    items: Option<(&'a str, HashSet<&'a str>)>,
    /// No word of the first line repeats.
    items_distinct: bool,
    /// Later lines that name only declared items (or `item:color`), each
    /// once.
    options: usize,
    /// Later lines shaped like options (no word repeats) that name an item
    /// not declared: an option with a typo, which the parser then names.
    typos: usize,
}

impl<'a> KnuthVote<'a> {
    /// Takes the next meaningful line.
    fn add(&mut self, line: &'a str) {
        let Some((_, declared)) = &self.items else {
            // Taken even with a repeated name: the parser then says which
            // item is declared twice.
            // An item's name, without the `|` glued before a secondary one
            // or the bounds before a primary one (DLX3's `lo:hi|name`).
            let names = line
                .split_whitespace()
                .map(|w| w.trim_start_matches('|'))
                .map(|w| w.split_once('|').map_or(w, |(_, name)| name))
                .filter(|w| !w.is_empty());
            self.items_distinct = distinct_words(names.clone()).is_some();
            self.items = Some((line, names.collect()));
            return;
        };
        let Some(words) = distinct_words(line.split_whitespace()) else {
            return;
        };
        if words
            .iter()
            .all(|w| declared.contains(w) || w.contains(':'))
        {
            self.options += 1;
        } else {
            self.typos += 1;
        }
    }

    /// Whether `line`, after the first line, is an option over the declared
    /// items but for one word at most (a typo): at least two declared items,
    /// no word twice. Such a line is no Sudoku vote even when it has a grid
    /// row's number of words (`p q r s` under `p q r`).
    fn is_near_option(&self, line: &str) -> bool {
        let Some((_, declared)) = &self.items else {
            return false;
        };
        let Some(words) = distinct_words(line.split_whitespace()) else {
            return false;
        };
        let known = words.iter().filter(|w| declared.contains(*w)).count();
        known >= 2 && known + 1 >= words.len()
    }

    /// Whether the first line is an item line with Knuth's `|` between
    /// primary and secondary items: one lone `|` after at least one name,
    /// no name twice, some name no grid cell could be (two characters or
    /// more, not all digits), and nothing of a puzzle with a note after a
    /// bar (`<puzzle> | hard`) or a bordered row of groups (`5. | .3`): no
    /// name holds a blank cell's `.` or `_` or is a one-line puzzle.
    fn is_split_item_line(&self) -> bool {
        let Some((line, _)) = self.items else {
            return false;
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        let bars = words.iter().filter(|w| **w == "|").count();
        let names = || words.iter().copied().filter(|w| *w != "|");
        bars == 1
            && words[0] != "|"
            && self.items_distinct
            && names().any(|w| w.chars().count() >= 2 && !w.bytes().all(|b| b.is_ascii_digit()))
            && !names().any(|w| w.contains(['.', '_']) || is_sudoku_line(w))
    }

    /// Whether the lines make exact cover against `sudoku` lines that look
    /// like Sudoku, out of `counted`: the first line names items (one of
    /// them not a number, none a one-line puzzle; a single name needs an
    /// option) and more lines are options over them than look like Sudoku,
    /// or, when none looks like Sudoku, some line is an option with a typo.
    /// A first line alone with more distinct words than any grid row has
    /// cells (64), or longer than any Sudoku line ([`LONG_LINE`] bytes), is
    /// taken too, even if its words are all numbers: an item line cut short
    /// by the read-ahead, with no room left for options.
    fn outvotes(&self, sudoku: usize, counted: usize) -> bool {
        let Some((line, _)) = self.items else {
            return false;
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        let long = (words.len() > 64 || line.len() > LONG_LINE)
            && distinct_words(words.iter().copied()).is_some();
        let names_items = (words.iter().any(|w| !w.bytes().all(|b| b.is_ascii_digit())) || long)
            && !words.iter().any(|w| is_sudoku_line(w))
            && (words.len() > 1 || self.options > 0);
        let voted = self.options > sudoku || (sudoku == 0 && self.typos > 0);
        names_items && (voted || (counted == 1 && long))
    }
}

/// Bytes past which a line cannot be Sudoku: a 25x25 one-line puzzle is 625
/// symbols (649 in groups), a 64x64 numeric or CSV row under 300 bytes.
const LONG_LINE: usize = 4096;

/// The set of `words` if no word repeats (as in an item line or an option).
fn distinct_words<'a>(words: impl Iterator<Item = &'a str>) -> Option<HashSet<&'a str>> {
    let mut set = HashSet::new();
    words.into_iter().all(|w| set.insert(w)).then_some(set)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::sudoku::format::reader::tests::{nine_groups_of_p, GRID, P, SUDOMINOKU};

    #[test]
    fn detection() {
        assert_eq!(detect(P), Kind::Sudoku);
        assert_eq!(detect("5 3 0 0 7 0 0 0 0\n"), Kind::Sudoku);
        assert_eq!(detect("10\n6 B2 1 B3\n"), Kind::Sudominoku);
        assert_eq!(detect("| comment\na b c\na b\n"), Kind::Xc);
        // Tab-separated exact cover with 16-digit names is not CSV Sudoku.
        assert_eq!(
            detect("a\t0000000000000001\na\t0000000000000001\n"),
            Kind::Xc
        );
        assert_eq!(detect("a b c\na\n"), Kind::Xc);
        assert_eq!(detect("5 3 . | . 7 . | . . .\n"), Kind::Sudoku);
        // Numbered items: every line fits Knuth's format, none is Sudoku.
        assert_eq!(detect("1 2 3 4 5\n1 2\n3 4 5\n"), Kind::Xc);
        assert_eq!(detect("1 2 3\n1 2\n3\n"), Kind::Xc);
        // An option with a typo, with a 4x4 row's four words, is still an
        // option (the parser then names the unknown item).
        assert_eq!(detect("p q r\np q r s\n"), Kind::Xc);
        let hint = |text: &str| {
            let (_, head) = prepare(None, text.as_bytes()).unwrap();
            head.head_reads_as_exact_cover()
        };
        assert!(hint("1 2 3 4 5 6 7 8 9\n1 2 3 4 5 6 7 8 9\n"));
        let puzzle =
            "11...............1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....";
        assert!(!hint(&format!("{puzzle}\n{puzzle}\n")), "one name");
        assert!(!hint("1 2 3\n"), "no option");
        assert_eq!(detect("p q r\np q r s\np q\n"), Kind::Xc);
        assert_eq!(detect("1 2 3 4\n3 4 1 x\n2 1 4 3\n4 3 2 1\n"), Kind::Sudoku);
        // ... but a lone line of numbers, or a stray option, is not enough.
        assert_eq!(detect("1 2 3 4 5\n"), Kind::Sudoku);
        assert_eq!(detect("1 2 3 4 5\n1 6\n"), Kind::Sudoku);
        // A numbered item line longer than the read-ahead arrives cut short,
        // with no option line after it: more distinct numbers than a grid
        // row has cells still name items.
        let items: Vec<String> = (1..=100).map(|k| k.to_string()).collect();
        assert_eq!(detect(&items.join(" ")), Kind::Xc);
        let row: Vec<String> = (1..=100).map(|k| (k % 10).to_string()).collect();
        assert_eq!(detect(&row.join(" ")), Kind::Sudoku);
        // So do a few long names on a line longer than any Sudoku line.
        let names: Vec<String> = (0..10).map(|k| format!("{k}").repeat(500)).collect();
        assert_eq!(detect(&names.join(" ")), Kind::Xc);
        assert_eq!(detect(&names[..3].join(" ")), Kind::Sudoku, "1,500 bytes");
        let repeated = vec![names[0].clone(); 10];
        assert_eq!(detect(&repeated.join(" ")), Kind::Sudoku, "an item twice");
    }

    /// Options of nine cells named like chess squares are shaped like a
    /// Sudominoku singles line; with no count or domino line they are
    /// exact cover, as when every line fits Knuth's format.
    #[test]
    fn options_shaped_like_singles_lines_are_exact_cover() {
        let cells = |r: usize, c: usize| -> Vec<String> {
            (0..9)
                .map(|k| format!("{}{}", (b'a' + (r + k / 3) as u8) as char, c + 1 + k % 3))
                .collect()
        };
        let items: Vec<String> = (0..6)
            .flat_map(|r| (1..=6).map(move |c| format!("{}{c}", (b'a' + r) as char)))
            .collect();
        let mut text = items.join(" ") + "\n";
        for (r, c) in [(0, 0), (0, 3), (3, 0), (3, 3), (1, 1)] {
            text += &(cells(r, c).join(" ") + "\n");
        }
        assert_eq!(detect(&text), Kind::Xc);
        // One option naming an undeclared item: not every line fits, and
        // still no count or domino line makes it Sudominoku.
        text += &(cells(1, 1).join(" ").replace("b2", "z9") + "\n");
        assert_ne!(detect(&text), Kind::Sudominoku, "{text}");
        // The Baekjoon sample stays Sudominoku.
        assert_eq!(detect(SUDOMINOKU), Kind::Sudominoku);
    }

    /// The item line is no vote for Knuth's format: a line of words alone,
    /// or above lines that are not options over it, is not exact cover
    /// (a one-line puzzle written in nine groups of nine was an item line
    /// with no options, "unsolvable"). Options, even few, still are; so is
    /// an option with a typo when nothing looks like Sudoku.
    #[test]
    fn an_item_line_alone_is_no_knuth_vote() {
        let groups = nine_groups_of_p();
        let grouped = groups.join(" ");
        for text in [
            format!("{grouped}\n"),
            "a b c\n".to_string(),
            "a b c\nx x\n".to_string(),
            // A title above puzzles with notes (each then a bad record of
            // its own), even when the notes repeat a word of the title.
            format!("Weekend puzzles\n{P} hard\n{P} easy\n"),
            format!("Hard ones\n{P} hard\n"),
            format!("Puzzles rated hard\n{P} hard\n{P} easy\n"),
            format!("hard puzzles\n{P} hard\n{P} hard\n"),
        ] {
            assert_eq!(detect(&text), Kind::Sudoku, "{text}");
        }
        for text in [
            "a b c\na\n",
            "a b c\na y\n",
            "a b c\ny\n",
            // Options that name none of the items: still exact cover, for
            // the parser to say which item is unknown.
            "a b c\nx y\n",
            "a b c\nA B\nC D\n",
            "a b\na:red b\n",
            "item\nitem\n",
        ] {
            assert_eq!(detect(text), Kind::Xc, "{text}");
        }
    }

    /// The first line of an input is not enough: each of these was read as
    /// the wrong kind when only the first meaningful line was looked at.
    #[test]
    fn detection_votes_over_several_lines() {
        let cases = [
            (
                "a title line",
                format!("My puzzles\n{P}\n{P}\n"),
                Kind::Sudoku,
            ),
            (
                "a rating after the puzzle",
                format!("{P} hard\n{P}\n"),
                Kind::Sudoku,
            ),
            (
                "a title before a grid",
                format!("My puzzles\n{GRID}"),
                Kind::Sudoku,
            ),
            (
                "a grid whose first cell is x",
                format!("x{}", &GRID[1..]),
                Kind::Sudoku,
            ),
            ("old-Mac line ends", format!("{P}\r{P}\r"), Kind::Sudoku),
            (
                "one-column CSV headers and a damaged puzzle",
                format!("puzzle\n{P}\npuzzle\n{}\n", &P[..80]),
                Kind::Sudoku,
            ),
            (
                "an item named like a puzzle column",
                "puzzle\npuzzle\n".into(),
                Kind::Xc,
            ),
            (
                "old-Mac line ends, a grid",
                GRID.replace('\n', "\r"),
                Kind::Sudoku,
            ),
            (
                "a Sudominoku count that is not a number",
                SUDOMINOKU.replacen("10", "ten", 1),
                Kind::Sudominoku,
            ),
            (
                "a bad position in the first domino",
                SUDOMINOKU.replacen("F4", "F10", 1),
                Kind::Sudominoku,
            ),
            (
                "a bad first domino and count",
                SUDOMINOKU
                    .replacen("10", "x", 1)
                    .replacen("3 F4", "three F4", 1),
                Kind::Sudominoku,
            ),
            ("Sudominoku with no puzzles", "0\n".into(), Kind::Sudominoku),
            (
                "Sudominoku with no puzzles, CRLF",
                "\r\n0\r\n".into(),
                Kind::Sudominoku,
            ),
            (
                "old-Mac Sudominoku",
                SUDOMINOKU.replace('\n', "\r"),
                Kind::Sudominoku,
            ),
            ("a byte-order mark", format!("\u{feff}{P}\n"), Kind::Sudoku),
            (
                "a byte-order mark, Knuth",
                "\u{feff}a b\na\nb\n".into(),
                Kind::Xc,
            ),
            ("Knuth, a bad option", "a b c\nx y\n".into(), Kind::Xc),
            ("Knuth, a bare `|` line", "| c\n |\na\n".into(), Kind::Xc),
            (
                "Knuth, items split by `|`, no option",
                "p0 p1 p2 | s0\n".into(),
                Kind::Xc,
            ),
            (
                "Knuth, items and a trailing `|`",
                "alpha beta |\n".into(),
                Kind::Xc,
            ),
            (
                "a bordered 4x4 row alone",
                "1 2 | 3 4\n".into(),
                Kind::Sudoku,
            ),
            (
                "a bordered 4x4 row with a typo",
                "1 2 | 3 x\n".into(),
                Kind::Sudoku,
            ),
            (
                "a bordered 4x4 row of groups",
                "5. | .3\n".into(),
                Kind::Sudoku,
            ),
            (
                "a bordered 4x4 row of letters",
                ".A | B.\n".into(),
                Kind::Sudoku,
            ),
            (
                "a puzzle with a note after a bar",
                format!("{} | hardest\n", ".".repeat(81)),
                Kind::Sudoku,
            ),
            (
                "a puzzle of digits with a note after a bar",
                format!("{} | 17 clues\n", "0".repeat(81)),
                Kind::Sudoku,
            ),
            (
                "Knuth, only comments",
                "| only\n| comments\n".into(),
                Kind::Xc,
            ),
            ("Knuth, colors", "a b\na:red b\n".into(), Kind::Xc),
            ("nothing", "\n# a comment\n\n".into(), Kind::Sudoku),
            (
                "one puzzle with a rating",
                format!("{P} hard\n"),
                Kind::Sudoku,
            ),
            ("a short line", "short\n".into(), Kind::Sudoku),
            (
                "numbers only (not Knuth)",
                "0 0 1\n2 3 4\n".into(),
                Kind::Sudoku,
            ),
        ];
        for (name, text, kind) in cases {
            assert_eq!(detect(&text), kind, "{name}: {text:?}");
            let (got, _) = prepare(None, text.as_bytes()).unwrap();
            assert_eq!(got, kind, "{name} (prepare): {text:?}");
        }
        // The bundled inputs.
        let root = env!("CARGO_MANIFEST_DIR");
        for (file, kind) in [
            ("puzzles/sudoku/examples.txt", Kind::Sudoku),
            ("puzzles/sudoku/baekjoon-2580.txt", Kind::Sudoku),
            ("puzzles/sudoku/pretty.txt", Kind::Sudoku),
            ("puzzles/sudoku/16x16-100.txt", Kind::Sudoku),
            ("puzzles/sudoku/25x25-20.txt", Kind::Sudoku),
            ("puzzles/bad/sudoku-bad-records.txt", Kind::Sudoku),
            ("puzzles/sudominoku/sample-own.txt", Kind::Sudominoku),
            ("puzzles/sudominoku/generated-100.txt", Kind::Sudominoku),
            ("puzzles/xc/knuth-example.dlx", Kind::Xc),
            ("puzzles/xc/pentominoes-6x10.dlx", Kind::Xc),
            ("puzzles/xc/queens-8.dlx", Kind::Xc),
        ] {
            let text = std::fs::read(format!("{root}/{file}")).unwrap();
            let (got, _) = prepare(None, &text[..]).unwrap();
            assert_eq!(got, kind, "{file}");
        }
        for entry in std::fs::read_dir(format!("{root}/puzzles/sudominoku/bad-inputs")).unwrap() {
            let path = entry.unwrap().path();
            let text = std::fs::read(&path).unwrap();
            let (got, _) = prepare(None, &text[..]).unwrap();
            assert_eq!(got, Kind::Sudominoku, "{}", path.display());
        }
    }
}
