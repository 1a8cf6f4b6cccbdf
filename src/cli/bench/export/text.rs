//! The report for a terminal: run facts first, then one aligned table per
//! file with its legend and notes.

use super::table::{self, Table};
use crate::cli::bench::{
    count_of, kind_name, solver_name, Config, FileReport, Machine, BLOCK_TARGET,
};

/// Lays out a table in aligned columns (text left, numbers right), with a
/// rule under the header.
pub fn render(t: &Table) -> String {
    let width = |s: &str| s.chars().count();
    let mut widths: Vec<usize> = t.headers.iter().map(|h| width(h)).collect();
    for row in &t.rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(width(cell));
        }
    }
    let line = |cells: &[String]| {
        let mut out = String::new();
        for (k, (cell, &w)) in cells.iter().zip(&widths).enumerate() {
            let pad = " ".repeat(w - width(cell));
            if k == 0 {
                out += cell;
                out += &pad;
            } else {
                out += "  ";
                out += &pad;
                out += cell;
            }
        }
        out.trim_end().to_string() + "\n"
    };
    let mut out = line(&t.headers);
    let rule: Vec<String> = widths.iter().map(|&w| "-".repeat(w)).collect();
    out += &line(&rule);
    for row in &t.rows {
        out += &line(row);
    }
    out
}

/// The node budget of every solver, e.g. `dlx none, naive 10000000`.
pub fn budgets(config: &Config) -> String {
    config
        .solvers
        .iter()
        .map(|&s| match config.budget(s) {
            Some(n) => format!("{} {n}", solver_name(s)),
            None => format!("{} none", solver_name(s)),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// How the figures were taken: what one time is, and how the solvers
/// share the run.
pub fn method(config: &Config) -> [String; 2] {
    let how = if config.threads <= 1 {
        // Taking turns, each solver's share of the run is its own solves.
        "solvers interleaved puzzle by puzzle on 1 thread; puzzles/s = puzzles / the sum \
         of the solver's solve times"
            .to_string()
    } else {
        format!(
            "solvers interleaved in blocks of {} puzzles at first, doubled while a block \
             takes the fastest solver under {} ms, each block on a pool of {} threads; \
             puzzles/s = puzzles / the wall-clock time of the solver's blocks; a solve \
             that waited for a CPU counts the wait (p99, max)",
            config.block_size(),
            BLOCK_TARGET.as_millis(),
            config.threads
        )
    };
    [
        "time to the first solution of one puzzle on one thread, solver warmed, \
         verification excluded"
            .to_string(),
        how,
    ]
}

/// The lines printed before the tables: version, machine, settings.
pub fn preamble(machine: &Machine, config: &Config) -> String {
    let mut out = format!("dlx bench {}\n", machine.dlx_version);
    out += &format!("machine: {}\n", machine.describe());
    if machine.profile == "debug" {
        out += "warning: this is a debug build; its times are not representative (build with --release)\n";
    }
    let names: Vec<&str> = config.solvers.iter().map(|&s| solver_name(s)).collect();
    out += &format!("solvers: {}\n", names.join(", "));
    out += &format!("node budget per puzzle: {}", budgets(config));
    if config.node_limit.is_none() && config.solvers.iter().any(|s| config.budget(*s).is_some()) {
        out += " (the backtracking solvers' default; --node-limit sets one budget for all)";
    }
    out += "\n";
    let [what, how] = method(config);
    out += &format!("timing: {what};\n        {how}\n");
    out
}

/// One file's title line, e.g. `top1465.txt: sudoku, 200 puzzles (200 records read)`.
pub fn title(file: &FileReport) -> String {
    format!("{}: {}", file.file, contents(file))
}

/// What a file's title says after its name: its kind and how many puzzles
/// and records were read.
pub fn contents(file: &FileReport) -> String {
    let puzzles = if file.not_measured > 0 {
        format!(
            "interrupted after {} of {}",
            file.puzzles(),
            count_of((file.puzzles() + file.not_measured) as u64, "puzzle")
        )
    } else {
        count_of(file.puzzles() as u64, "puzzle")
    };
    format!(
        "{}, {puzzles} ({} read)",
        kind_name(file.kind),
        count_of(file.records as u64, "record")
    )
}

/// One file's section: title, table, ratio legend and notes.
pub fn file_section(file: &FileReport) -> String {
    let mut out = format!("\n{}\n", title(file));
    if file.puzzles() > 0 && !file.results.is_empty() {
        out += &render(&table::results(file));
        out += &table::legend(file);
        out += "\n";
    }
    for note in file.notes() {
        out += &format!("note: {note}\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_align() {
        let t = Table {
            headers: vec!["solver".into(), "median µs".into()],
            rows: vec![
                vec!["dlx".into(), "1.5".into()],
                vec!["bitmask".into(), ">=12345".into()],
            ],
        };
        let text = render(&t);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "solver   median µs");
        assert_eq!(lines[1], "-------  ---------");
        assert_eq!(lines[2], "dlx            1.5");
        assert_eq!(lines[3], "bitmask    >=12345");
    }

    #[test]
    fn budgets_name_every_solver() {
        let config = Config::default();
        assert_eq!(
            budgets(&config),
            "dlx none, bitmask 10000000, naive 10000000"
        );
        assert!(preamble(&Machine::detect(1), &config).contains("backtracking solvers' default"));
    }
}
