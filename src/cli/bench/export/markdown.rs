//! The report as a Markdown document: the same tables as the terminal.

use super::table::{self, Table};
use super::text;
use crate::cli::bench::{count_of, Report};

/// Escapes the characters that would break a table cell.
fn cell(s: &str) -> String {
    s.replace('|', "\\|")
}

/// Escapes text (a file name, a note) for a heading or list item, so that
/// a name such as `*new*.txt` or `<b>.txt` prints as itself: each character
/// Markdown gives a meaning to gets a backslash, which CommonMark allows
/// before any ASCII punctuation. An `_` inside a word (`hardest1905_11plus`)
/// is left alone: GitHub does not read it as emphasis there.
fn inline(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    for (k, &c) in chars.iter().enumerate() {
        let inside_word = |k: usize| {
            let alnum = |c: Option<&char>| c.is_some_and(|c| c.is_alphanumeric());
            k > 0 && alnum(chars.get(k - 1)) && alnum(chars.get(k + 1))
        };
        // GitHub also links bare `www.` names and `scheme://` addresses:
        // an escaped `.` or `:` breaks the pattern.
        let after = |prefix: &str| {
            let p: Vec<char> = prefix.chars().collect();
            k >= p.len()
                && chars[k - p.len()..k]
                    .iter()
                    .map(char::to_ascii_lowercase)
                    .eq(p)
        };
        let special = match c {
            '\\' | '`' | '*' | '[' | ']' | '<' | '>' | '|' | '~' | '#' | '&' | '!' => true,
            '_' => !inside_word(k),
            '.' => after("www"),
            ':' => chars.get(k + 1..k + 3) == Some(&['/', '/']),
            _ => false,
        };
        if special {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// `s` as a code span: shown exactly as written, with no markup, entity
/// or autolink (`www.example.com.txt`, `a@b.org`) read into it, and its
/// leading spaces kept. The fence is one backtick longer than any run of
/// backticks in `s`; a space pads each side when `s` starts or ends with a
/// backtick or with a space at both ends (CommonMark strips one such pair).
fn code(s: &str) -> String {
    let longest = s.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    let pad = s.starts_with('`')
        || s.ends_with('`')
        || (s.starts_with(' ') && s.ends_with(' ') && !s.trim().is_empty());
    let pad = if pad { " " } else { "" };
    format!("{fence}{pad}{s}{pad}{fence}")
}

/// A GitHub-flavoured Markdown table (numbers right-aligned).
pub fn render(t: &Table) -> String {
    let row = |cells: &[String]| {
        let inner: Vec<String> = cells.iter().map(|c| cell(c)).collect();
        format!("| {} |\n", inner.join(" | "))
    };
    let mut out = row(&t.headers);
    let rule: Vec<&str> = (0..t.headers.len())
        .map(|k| if k == 0 { ":---" } else { "---:" })
        .collect();
    out += &format!("| {} |\n", rule.join(" | "));
    for r in &t.rows {
        out += &row(r);
    }
    out
}

/// The whole report: machine and settings as a list, then a section with
/// a table per file.
pub fn document(report: &Report) -> String {
    let m = &report.machine;
    let mut out = String::from("# dlx bench\n\n");
    out += &format!("- dlx {}, {} build\n", m.dlx_version, m.profile);
    out += &format!(
        "- CPU: {} ({}), {} used, {} {}\n",
        m.cpu_model,
        count_of(m.logical_cpus as u64, "logical CPU"),
        count_of(m.threads as u64, "thread"),
        m.os,
        m.arch
    );
    if let Some(rustc) = &m.rustc {
        out += &format!("- {rustc}\n");
    }
    out += &format!(
        "- node budget per puzzle: {}\n",
        text::budgets(&report.config)
    );
    let [what, how] = text::method(&report.config);
    out += &format!("- timing: {what}; {how}\n");
    if let Some(said) = report.interruption(&code) {
        out += &format!("- {said}\n");
    }
    for file in &report.files {
        out += &format!(
            "\n## {}: {}\n",
            code(&file.file),
            inline(&text::contents(file))
        );
        if file.puzzles() > 0 && !file.results.is_empty() {
            out += "\n";
            out += &render(&table::results(file));
            out += &format!("\n{}\n", table::legend(file));
        }
        let notes = file.notes_with(&code, &inline);
        if !notes.is_empty() {
            out += "\n";
            for note in notes {
                out += &format!("- note: {note}\n");
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// File names become code spans that read back as the name.
    #[test]
    fn names_are_code_spans() {
        assert_eq!(code("www.example.com.txt"), "`www.example.com.txt`");
        assert_eq!(code("  lead"), "`  lead`");
        assert_eq!(code("a`b``c"), "```a`b``c```");
        assert_eq!(code("`x"), "`` `x ``");
        assert_eq!(code(" x "), "`  x  `");
        assert_eq!(code(""), "``");
    }

    /// Characters Markdown would read as markup print as themselves.
    #[test]
    fn names_are_escaped_in_headings() {
        assert_eq!(inline("*new* [1] <b>.txt"), "\\*new\\* \\[1\\] \\<b\\>.txt");
        assert_eq!(inline("hardest1905_11plus.txt"), "hardest1905_11plus.txt");
        assert_eq!(inline("_a_ b_ c\\d|e"), "\\_a\\_ b\\_ c\\\\d\\|e");
        assert_eq!(inline("# 1 & `x`"), "\\# 1 \\& \\`x\\`");
        assert_eq!(
            inline("see WWW.a.org or http://b.org"),
            "see WWW\\.a.org or http\\://b.org"
        );
    }

    #[test]
    fn pipes_are_escaped() {
        let t = Table {
            headers: vec!["solver".into(), "p90 µs".into()],
            rows: vec![vec!["a|b".into(), "1".into()]],
        };
        assert_eq!(
            render(&t),
            "| solver | p90 µs |\n| :--- | ---: |\n| a\\|b | 1 |\n"
        );
    }
}
