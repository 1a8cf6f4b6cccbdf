//! Knuth's DLX1 text format for exact-cover problems.
//!
//! ```text
//! | lines that begin with a bar are comments
//! a b c d e f g | x y      <- items: primary, then (after a lone |) secondary
//! c e                      <- one option per line: item names
//! a d g
//! b c f x
//! ```
//! Lines may end in `\n`, `\r\n` or (in a file without `\n`) a lone `\r`. Blank lines are ignored,
//! and so are comment lines beginning with `|` (after blanks). An option naming only secondary items is left out, as
//! DLX1 leaves it out: [`XcFile::ignored_lines`] says where.
//! Colors (DLX2's `item:color`) are not supported and are reported as errors.

use std::fmt::Write as _;

use super::problem::{ItemKind, Problem, ProblemError};
use crate::error::InputError;

/// A parsed file: the problem, and the line each option came from.
#[derive(Debug, Clone)]
pub struct XcFile {
    /// The problem the file states.
    pub problem: Problem,
    /// 1-based source line of the item line: where the problem starts.
    pub item_line: usize,
    /// 1-based source line of each option.
    pub option_lines: Vec<usize>,
    /// 1-based source lines of options naming only secondary items, left
    /// out of the problem as Knuth's DLX1 leaves them out (with a warning):
    /// Algorithm X chooses options through primary items, so no solution
    /// could hold one.
    pub ignored_lines: Vec<usize>,
}

/// A quick test of whether `text` could be in Knuth's format: it starts
/// with a `|` comment, or its first line that is neither blank nor a
/// comment has at least two words, one of them not all digits.
///
/// It is only a first sieve: a grouped or pretty Sudoku row
/// (`5 3 . | . 7 . | . . .`) or a titled grid (`Grid 01` above its rows)
/// passes it, and a file of numeric item names (`1 2`) does not. The
/// command line decides with [`crate::puzzles::prepare`], which weighs
/// every reading of the first lines against each other.
pub fn looks_like(text: &str) -> bool {
    let mut meaningful = lines(text).filter(|l| !is_skipped(l)).map(str::trim);
    let Some(first) = meaningful.next() else {
        return lines(text).any(|l| l.starts_with('|'));
    };
    let has_letters = first
        .split_whitespace()
        .any(|w| !w.chars().all(|c| c.is_ascii_digit()));
    let starts_with_comment = text.trim_start().starts_with('|');
    starts_with_comment || (has_letters && first.split_whitespace().count() > 1)
}

/// The lines of `text`: ended by `\n` or `\r\n`, or by a lone `\r` in a
/// text without a `\n` (an old Mac file), as the command line reads every
/// input. A stray `\r` in a `\n` text stays in its line (a blank there).
fn lines(text: &str) -> Box<dyn Iterator<Item = &str> + '_> {
    if text.contains('\n') {
        return Box::new(text.lines());
    }
    let text = text.strip_suffix('\r').unwrap_or(text);
    Box::new(text.split('\r').filter(move |_| !text.is_empty()))
}

/// Whether a line is skipped by the format: blank, or a comment (a `|`
/// after blanks, as in Knuth's DLX1).
fn is_skipped(line: &str) -> bool {
    let line = line.trim();
    line.is_empty() || line.starts_with('|')
}

/// Whether `text` states no problem at all: it has no item line, only
/// blank and comment lines (or nothing). [`parse`] refuses such a text;
/// a batch reader may rather note it as an input with no record.
pub fn is_empty(text: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    lines(text).all(is_skipped)
}

/// Parses Knuth's format; `file` names the source in error messages. A
/// leading UTF-8 byte-order mark is skipped.
///
/// ```
/// use dlx_engine::exact_cover::{knuth_format, Solver};
///
/// let text = "| two ways to cover a b c\na b c\na b\nc\nb c\na\n";
/// let xc = knuth_format::parse(text, "abc.dlx")?;
/// assert_eq!((xc.item_line, xc.option_lines), (2, vec![3, 4, 5, 6]));
/// let mut solver = Solver::new(&xc.problem.compile()?);
/// let first = solver.first_solution().expect("a b, then c");
/// let names: Vec<Vec<&str>> = first.iter().map(|&o| xc.problem.option_names(o)).collect();
/// assert_eq!(names, [vec!["a", "b"], vec!["c"]]);
///
/// let err = knuth_format::parse("a b\na z\n", "bad.dlx").unwrap_err();
/// assert!(err.to_string().starts_with("bad.dlx:2: "), "{err}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse(text: &str, file: &str) -> Result<XcFile, InputError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let err = |line: usize, reason: String| InputError::new(file, line, reason);
    let mut problem = Problem::new();
    let mut option_lines = Vec::new();
    let mut ignored_lines = Vec::new();
    let mut item_line = None;
    for (index, raw) in lines(text).enumerate() {
        let line_no = index + 1;
        let line = raw.trim_end_matches('\r');
        if is_skipped(line) {
            continue;
        }
        let Some(item_line) = item_line else {
            item_line = Some(line_no);
            let mut kind = ItemKind::Primary;
            for mut word in line.split_whitespace() {
                // As in DLX1, a `|` starting a word is the separator even
                // with a name glued after it (`a b |c`); inside a name it
                // is refused (`add_item`).
                while let Some(rest) = word.strip_prefix('|') {
                    if kind == ItemKind::Secondary {
                        return Err(err(line_no, "a second `|` in the item line".into()));
                    }
                    kind = ItemKind::Secondary;
                    word = rest;
                }
                if word.is_empty() {
                    continue;
                }
                problem
                    .add_item(word.to_string(), kind)
                    .map_err(|e| err(line_no, e.to_string()))?;
            }
            // Not empty: the line is neither blank nor a comment, and a
            // lone `|` would have made it one.
            debug_assert!(!problem.items().is_empty());
            continue;
        };
        let names: Vec<&str> = line.split_whitespace().collect();
        if let Some(colored) = names
            .iter()
            .find(|n| n.contains(':') && problem.item_id(n).is_none())
        {
            return Err(err(
                line_no,
                format!(
                    "`{}`: colors (item:color, DLX2) are not supported",
                    crate::error::excerpt(colored)
                ),
            ));
        }
        match problem.add_option_by_name(&names) {
            Ok(_) => option_lines.push(line_no),
            Err(ProblemError::NoPrimaryItem { .. }) => ignored_lines.push(line_no),
            Err(e @ ProblemError::UnknownItem(_)) => {
                return Err(err(line_no, unknown_item(e, text, item_line)))
            }
            Err(e) => return Err(err(line_no, e.to_string())),
        }
    }
    let Some(item_line) = item_line else {
        return Err(err(
            lines(text).count().max(1),
            "no item line: the file has only comments or blank lines".into(),
        ));
    };
    Ok(XcFile {
        problem,
        item_line,
        option_lines,
        ignored_lines,
    })
}

/// The reason for an option naming an item the item line does not
/// declare. When the item line starts with `#`, it was probably meant as a
/// comment (as `#` is in the Sudoku formats), so the reason says where the
/// items were taken from.
fn unknown_item(e: ProblemError, text: &str, item_line: usize) -> String {
    let items = lines(text).nth(item_line - 1).unwrap_or_default().trim();
    if !items.starts_with('#') {
        // A `#` comment among the options reads as an option of `#`, …
        return match &e {
            ProblemError::UnknownItem(name) if name.starts_with('#') => {
                format!("{e}: in this format comments start with `|`, not `#`")
            }
            _ => e.to_string(),
        };
    }
    format!(
        "{e}; the items were read from line {item_line}, `{}`: in this format \
         comments start with `|`, not `#`",
        crate::error::excerpt(items)
    )
}

/// Writes `problem` in Knuth's format: parsing the result gives it back
/// (primary items listed first), except for a problem with no primary
/// item: with no items its text has no item line, and with only secondary
/// ones its item line starts with `|`, which the format reads as a comment.
/// (Such a problem compiles, and its one solution is the empty cover.)
pub fn write(problem: &Problem) -> String {
    let mut out = String::new();
    let names = |kind| {
        problem
            .items()
            .iter()
            .filter(move |i| i.kind == kind)
            .map(|i| i.name.as_str())
    };
    let primary: Vec<&str> = names(ItemKind::Primary).collect();
    let secondary: Vec<&str> = names(ItemKind::Secondary).collect();
    out.push_str(&primary.join(" "));
    if !secondary.is_empty() {
        let _ = write!(out, " | {}", secondary.join(" "));
    }
    out.push('\n');
    for k in 0..problem.options() {
        out.push_str(&problem.option_names(k).join(" "));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const KNUTH_EXAMPLE: &str = "| Knuth's example from Dancing Links\n\
        a b c d e f g\n\
        c e\n\
        a d g\n\
        b c f\n\
        a d f\n\
        b g\n\
        d e g\n";

    #[test]
    fn parses_and_round_trips() {
        let xc = parse(KNUTH_EXAMPLE, "ex.dlx").unwrap();
        assert_eq!(xc.problem.items().len(), 7);
        assert_eq!(xc.problem.options(), 6);
        assert_eq!(xc.option_lines, vec![3, 4, 5, 6, 7, 8]);
        let again = parse(&write(&xc.problem), "w").unwrap();
        let marked = parse(&format!("\u{feff}{KNUTH_EXAMPLE}"), "bom").unwrap();
        assert_eq!(write(&marked.problem), write(&xc.problem));
        assert_eq!(write(&again.problem), write(&xc.problem));
        assert!(looks_like(KNUTH_EXAMPLE));
        assert!(!looks_like(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"
        ));
        assert!(!looks_like("0 0 1\n2 3 4\n"));
    }

    #[test]
    fn every_line_end_reads_the_same() {
        let unix = "| c\na b | x\n\na\nb x\n";
        let want = parse(unix, "f").unwrap();
        for text in [
            unix.replace('\n', "\r\n"),
            unix.replace('\n', "\r"),
            unix.trim_end().into(),
        ] {
            let got = parse(&text, "f").unwrap();
            assert_eq!(write(&got.problem), write(&want.problem), "{text:?}");
            assert_eq!(got.option_lines, want.option_lines, "{text:?}");
            assert!(looks_like(&text) && !is_empty(&text));
        }
        let e = parse("a b\ra\rz\r", "f").unwrap_err();
        assert_eq!(e.to_string(), "f:3: unknown item `z`");
        // A stray `\r` in a `\n` file is a blank inside its line.
        let stray = parse("a b c\na b\rc\na\nb\nc\n", "f").unwrap();
        assert_eq!(write(&stray.problem), "a b c\na b c\na\nb\nc\n");
        let e = parse("a b\r\r\na\r\r\n\r\r\nz\r\r\n", "f").unwrap_err();
        assert_eq!(e.to_string(), "f:4: unknown item `z`");
    }

    #[test]
    fn secondary_items_after_bar() {
        let xc = parse("a b | x y\na x\nb\n", "s").unwrap();
        let kinds: Vec<_> = xc.problem.items().iter().map(|i| i.kind).collect();
        assert_eq!(
            kinds,
            [
                ItemKind::Primary,
                ItemKind::Primary,
                ItemKind::Secondary,
                ItemKind::Secondary
            ]
        );
        assert_eq!(write(&xc.problem), "a b | x y\na x\nb\n");
    }

    #[test]
    fn indented_comments_are_comments() {
        // Knuth's DLX1 skips blanks before looking for the comment's `|`.
        let xc = parse("  | before\na b\n\t| between\na\n   |\nb\n", "i").unwrap();
        assert_eq!(write(&xc.problem), "a b\na\nb\n");
        assert_eq!(xc.option_lines, vec![4, 6]);
    }

    #[test]
    fn options_without_primary_items_are_left_out() {
        let xc = parse("a b | x\nx\na\nb x\n", "f").unwrap();
        assert_eq!(write(&xc.problem), "a b | x\na\nb x\n");
        assert_eq!((xc.option_lines, xc.ignored_lines), (vec![3, 4], vec![2]));
        // Still an error when something else is wrong with the option.
        let e = parse("a | x\nx x\n", "f").unwrap_err();
        assert_eq!(e.to_string(), "f:2: item `x` appears twice in one option");
    }

    /// DLX1 reads a `|` that starts a word as the separator, whatever
    /// follows it; inside a name it is refused.
    #[test]
    fn a_separator_glued_to_a_name() {
        let glued = parse("p q r |x y\np x\nq y\nr\n", "f").unwrap();
        let spaced = parse("p q r | x y\np x\nq y\nr\n", "f").unwrap();
        assert_eq!(write(&glued.problem), write(&spaced.problem));
        assert_eq!(write(&glued.problem).lines().next(), Some("p q r | x y"));
        assert_eq!(
            parse("a |b |c\na\n", "f").unwrap_err().to_string(),
            "f:1: a second `|` in the item line"
        );
        assert_eq!(
            parse("a ||b\na\n", "f").unwrap_err().to_string(),
            "f:1: a second `|` in the item line"
        );
        assert!(parse("a c|x\na\n", "f").is_err());
    }

    #[test]
    fn errors_name_file_and_line() {
        let cases = [
            ("a b\n| c\na z\n", "f:3: unknown item `z`"),
            (
                "a b\na\n# a note\n",
                "f:3: unknown item `#`: in this format comments start with `|`, not `#`",
            ),
            ("a b\na a\n", "f:2: item `a` appears twice in one option"),
            ("a | b | c\n", "f:1: a second `|` in the item line"),
            ("a a\n", "f:1: item `a` is declared twice"),
            (
                "| only comments\n",
                "f:1: no item line: the file has only comments or blank lines",
            ),
            (
                "",
                "f:1: no item line: the file has only comments or blank lines",
            ),
            (
                "|c\n |\n",
                "f:2: no item line: the file has only comments or blank lines",
            ),
            (
                "a b\na:red b\n",
                "f:2: `a:red`: colors (item:color, DLX2) are not supported",
            ),
        ];
        for (text, message) in cases {
            let e = parse(text, "f").unwrap_err();
            assert_eq!(e.to_string(), message, "input {text:?}");
        }
    }
}
