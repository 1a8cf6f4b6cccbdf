//! The report as a Markdown document: the same tables as the terminal.

use super::table::{self, Table};
use super::text;
use crate::bench::Report;

/// Escapes the characters that would break a table cell.
fn cell(s: &str) -> String {
    s.replace('|', "\\|")
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
        "- CPU: {} ({} logical CPUs), {} thread(s) used, {} {}\n",
        m.cpu_model, m.logical_cpus, m.threads, m.os, m.arch
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
    for file in &report.files {
        out += &format!("\n## {}\n", cell(&text::title(file)));
        if file.puzzles() > 0 && !file.results.is_empty() {
            out += "\n";
            out += &render(&table::results(file));
            out += &format!("\n{}\n", table::ratio_legend(file));
        }
        let notes = file.notes();
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
