//! Knuth's text format for exact-cover problems, as his DLX1, DLX2 and
//! DLX3 read it: plain items, colours and multiplicities.
//!
//! ```text
//! | lines that begin with a bar are comments
//! a b 2|c 0:3|d | x y      <- items: primary, then (after a lone |) secondary
//! a c                      <- one option per line: item names
//! b c d x:red              <- a secondary item may have a colour (DLX2)
//! d y x:red
//! ```
//! - A primary item may carry bounds (DLX3): `lo:hi|name` is covered
//!   between `lo` and `hi` times, `k|name` exactly `k` times, a bare name
//!   once. `lo` may be 0; `hi` is at least 1 and at least `lo`.
//! - In an option, `name:colour` gives a secondary item a colour: options
//!   that agree on it may share the item, and an entry without a colour
//!   excludes every other option naming it (Algorithm C). Knuth's colours
//!   are one character; any name without blanks, `:` or `|` is taken here.
//! - Lines may end in `\n`, `\r\n` or (in a file without `\n`) a lone
//!   `\r`. Blank lines are ignored, and so are comment lines beginning with
//!   `|` (after blanks).
//! - An option naming only secondary items is left out, as Knuth's
//!   programs leave it out: [`XcFile::ignored_lines`] says where.

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
                add_declared(&mut problem, word, kind).map_err(|why| err(line_no, why))?;
            }
            // Not empty: the line is neither blank nor a comment, and a
            // lone `|` would have made it one.
            debug_assert!(!problem.items().is_empty());
            continue;
        };
        let declared = (
            item_line,
            lines(text).nth(item_line - 1).unwrap_or_default(),
        );
        let entries = entries(&problem, line, declared).map_err(|why| err(line_no, why))?;
        match problem.add_colored_option(&entries) {
            Ok(_) => option_lines.push(line_no),
            Err(ProblemError::NoPrimaryItem { .. }) => ignored_lines.push(line_no),
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

/// Declares the item `word` of the item line, of `kind`: a name, or for a
/// primary item a name after Knuth's DLX3 bounds, `lo:hi|name` or
/// `k|name` (lo <= hi, hi >= 1). The error is the reason, naming the token.
fn add_declared(problem: &mut Problem, word: &str, kind: ItemKind) -> Result<(), String> {
    let token = crate::error::excerpt(word);
    let Some((bounds, name)) = word.split_once('|') else {
        if word.contains(':') && kind == ItemKind::Primary {
            return Err(format!(
                "`{token}`: a lower bound needs an upper one (`lo:hi|name`), \
                 and names in the item line cannot contain `:`"
            ));
        }
        return problem
            .add_item(word, kind)
            .map(drop)
            .map_err(|e| e.to_string());
    };
    if kind == ItemKind::Secondary {
        return Err(format!(
            "`{token}`: bounds are for primary items only (this one is after the `|` that starts the secondary items)"
        ));
    }
    let number = |digits: &str, what: &str| {
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!(
                "`{token}`: the {what} bound `{}` is not a number",
                crate::error::excerpt(digits)
            ));
        }
        digits
            .parse::<u32>()
            .map_err(|_| format!("`{token}`: the {what} bound {digits} is too large"))
    };
    let (lo, hi) = match bounds.split_once(':') {
        Some((lo, hi)) => (number(lo, "lower")?, number(hi, "upper")?),
        None => {
            let k = number(bounds, "upper")?;
            (k, k)
        }
    };
    if name.is_empty() {
        return Err(format!("`{token}`: the bounds name no item"));
    }
    problem
        .add_bounded(name, lo, hi)
        .map(drop)
        .map_err(|e| e.to_string())
}

/// The entries of an option line: each word an item name, or for a
/// secondary item `name:colour` (DLX2). A word that is the name of a
/// declared item is that item even when it contains `:`, as DLX1 read it.
/// The error is the reason, naming the word; `declared` is the item line's
/// number and text, for the reason of an unknown item.
fn entries<'a>(
    problem: &Problem,
    line: &'a str,
    declared: (usize, &str),
) -> Result<Vec<(usize, Option<&'a str>)>, String> {
    line.split_whitespace()
        .map(|word| {
            if let Some(id) = problem.item_id(word) {
                return Ok((id, None));
            }
            let Some((name, color)) = word.split_once(':') else {
                return Err(unknown_item(word, declared));
            };
            let Some(id) = problem.item_id(name) else {
                return Err(unknown_item(name, declared));
            };
            if color.is_empty() {
                return Err(format!(
                    "`{}`: the colour after `:` is empty",
                    crate::error::excerpt(word)
                ));
            }
            Ok((id, Some(color)))
        })
        .collect()
}

/// The reason for an option naming an item the item line does not
/// declare; `declared` is the item line's number and text. A `#` word was
/// probably meant as a comment (as `#` is in the Sudoku formats), and an
/// item line starting with `#` too: the reason says so.
fn unknown_item(name: &str, (item_line, items): (usize, &str)) -> String {
    let e = ProblemError::UnknownItem(name.to_string());
    let items = items.trim();
    if items.starts_with('#') {
        return format!(
            "{e}; the items were read from line {item_line}, `{}`: in this format \
             comments start with `|`, not `#`",
            crate::error::excerpt(items)
        );
    }
    if name.starts_with('#') {
        return format!("{e}: in this format comments start with `|`, not `#`");
    }
    e.to_string()
}

/// Writes `problem` in Knuth's format: parsing the result gives it back
/// (primary items listed first), except for a problem with no primary
/// item: with no items its text has no item line, and with only secondary
/// ones its item line starts with `|`, which the format reads as a comment.
/// (Such a problem compiles, and its one solution is the empty cover.)
pub fn write(problem: &Problem) -> String {
    let mut out = String::new();
    let primary: Vec<String> = problem
        .items()
        .iter()
        .filter(|i| i.kind == ItemKind::Primary)
        .map(|i| match (i.lo, i.hi) {
            (1, 1) => i.name.clone(),
            (lo, hi) if lo == hi => format!("{hi}|{}", i.name),
            (lo, hi) => format!("{lo}:{hi}|{}", i.name),
        })
        .collect();
    let secondary: Vec<&str> = problem
        .items()
        .iter()
        .filter(|i| i.kind == ItemKind::Secondary)
        .map(|i| i.name.as_str())
        .collect();
    out.push_str(&primary.join(" "));
    if !secondary.is_empty() {
        let _ = write!(out, " | {}", secondary.join(" "));
    }
    out.push('\n');
    for k in 0..problem.options() {
        out.push_str(&problem.option_text(k));
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

    /// Knuth's DLX3 bounds and DLX2 colours are read and written back as
    /// they were given (a bound of `1:1` is a plain name).
    #[test]
    fn bounds_and_colours_round_trip() {
        let text = "a 2|b 0:3|c 1:1|d | x y\na b x:red\nb c y x:red\nc d\n";
        let xc = parse(text, "f").unwrap();
        let items = xc.problem.items();
        let bounds: Vec<(u32, u32)> = items.iter().map(|i| (i.lo, i.hi)).collect();
        assert_eq!(bounds, [(1, 1), (2, 2), (0, 3), (1, 1), (0, 1), (0, 1)]);
        assert!(xc.problem.has_bounds() && xc.problem.has_colors());
        assert_eq!(xc.problem.option_text(1), "b c y x:red");
        let written = write(&xc.problem);
        assert_eq!(
            written,
            "a 2|b 0:3|c d | x y\na b x:red\nb c y x:red\nc d\n"
        );
        assert_eq!(write(&parse(&written, "w").unwrap().problem), written);
        // A word naming a declared item is that item, `:` or not (DLX1).
        let plain = parse("c | a:b\nc a:b\nc\n", "f").unwrap();
        assert!(!plain.problem.has_colors());
        assert_eq!(plain.problem.option_text(0), "c a:b");
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
                "f:2: item `a` is primary and cannot have a colour (only secondary items take colours)",
            ),
            ("a | x\na x:\n", "f:2: `x:`: the colour after `:` is empty"),
            ("a | x\na y:r\n", "f:2: unknown item `y`"),
            (
                "a | x\na x:r x:s\n",
                "f:2: item `x` appears twice in one option",
            ),
            (
                "a | x\na x:r:s\n",
                "f:2: colour `r:s` of item `x` is not allowed (empty, or contains whitespace, `:` or `|`)",
            ),
            (
                "0|a b\na\n",
                "f:1: item `a`: the upper bound is 0, so no option could cover it",
            ),
            (
                "3:2|a\na\n",
                "f:1: item `a`: the lower bound 3 exceeds the upper bound 2",
            ),
            (
                "2:3a\n",
                "f:1: `2:3a`: a lower bound needs an upper one (`lo:hi|name`), and names in the item line cannot contain `:`",
            ),
            (
                "a | 2|x\na\n",
                "f:1: `2|x`: bounds are for primary items only (this one is after the `|` that starts the secondary items)",
            ),
            ("x|a\na\n", "f:1: `x|a`: the upper bound `x` is not a number"),
            ("1:|a\na\n", "f:1: `1:|a`: the upper bound `` is not a number"),
            ("2|\n", "f:1: `2|`: the bounds name no item"),
            (
                "99999999999|a\n",
                "f:1: `99999999999|a`: the upper bound 99999999999 is too large",
            ),
            ("2|a 1:3|a\n", "f:1: item `a` is declared twice"),
        ];
        for (text, message) in cases {
            let e = parse(text, "f").unwrap_err();
            assert_eq!(e.to_string(), message, "input {text:?}");
        }
    }
}
