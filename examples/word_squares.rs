//! Word squares with colours (Knuth's Algorithm C): a k x k grid whose rows
//! and columns, read left to right and top to bottom, are all words.
//!
//! ```text
//! cargo run --example word_squares            # 3 x 3 squares from the list below
//! ```
//!
//! The encoding shows what colours are for. Each row `r0..` and each
//! column `c0..` is a primary item (it gets exactly one word); each cell is
//! a secondary item. An option puts a word in a row (or a column) and
//! gives each of its cells the colour of the letter it writes there. Two
//! options may share a cell only if they give it the same colour, so the
//! word across and the word down agree on every letter: no option needs to
//! know which words cross it. Without colours the same puzzle needs an
//! item per (cell, letter) pair and options that name the letters a word
//! does *not* write, the complement trick colours replace.
//!
//! A word may be used in several rows and columns (a symmetric square reads
//! the same words across and down); every square is counted once per
//! placement, so a square and its transpose are two solutions unless they
//! are the same.

use std::ops::ControlFlow;

use dlx_engine::exact_cover::{knuth_format, Limits, Problem, ProblemError, Solver};

/// Three-letter words, enough for a few hundred squares.
const WORDS: &[&str] = &[
    "ace", "act", "add", "age", "ago", "aid", "aim", "air", "ale", "all", "and", "ant", "ape",
    "arc", "are", "ark", "arm", "art", "ash", "ate", "awe", "bad", "bat", "bee", "beg", "bet",
    "boa", "cab", "can", "cat", "cod", "dab", "dew", "die", "doe", "dot", "ear", "eat", "ebb",
    "eel", "egg", "ego", "elk", "emu", "end", "era", "eve", "ewe", "eye", "gap", "gas", "gem",
    "get", "hat", "hoe", "ice", "ire", "lab", "lad", "lee", "let", "nab", "net", "oak", "oar",
    "oat", "odd", "ode", "one", "ore", "owe", "pal", "pea", "pet", "rat", "red", "roe", "sea",
    "tab", "tar", "tea", "tee", "ten", "toe", "urn", "use",
];

/// The word squares of side `k` over `words` (each of length `k`), as
/// an exact-cover problem with colours.
fn word_squares(k: usize, words: &[&str]) -> Result<Problem, ProblemError> {
    let mut p = Problem::new();
    let rows: Vec<usize> = (0..k)
        .map(|i| p.add_primary(format!("r{i}")))
        .collect::<Result<_, _>>()?;
    let cols: Vec<usize> = (0..k)
        .map(|j| p.add_primary(format!("c{j}")))
        .collect::<Result<_, _>>()?;
    let mut cells = Vec::new();
    for i in 0..k {
        for j in 0..k {
            cells.push(p.add_secondary(format!("x{i}{j}"))?);
        }
    }
    for word in words {
        let letters: Vec<String> = word.chars().map(String::from).collect();
        for line in 0..k {
            // Across in row `line`, then down in column `line`.
            let across = (0..k).map(|j| (cells[line * k + j], Some(letters[j].as_str())));
            let down = (0..k).map(|i| (cells[i * k + line], Some(letters[i].as_str())));
            let mut option = vec![(rows[line], None)];
            option.extend(across);
            p.add_colored_option(&option)?;
            let mut option = vec![(cols[line], None)];
            option.extend(down);
            p.add_colored_option(&option)?;
        }
    }
    Ok(p)
}

fn main() -> Result<(), ProblemError> {
    let k = 3;
    let problem = word_squares(k, WORDS)?;
    let matrix = problem.compile()?;
    let mut solver = Solver::new(&matrix);
    let report = solver.count(Limits::none());
    println!(
        "{} words of {k} letters: {} word squares ({} search nodes, {} link updates, {} cleansings)",
        WORDS.len(),
        report.solutions,
        report.stats.nodes,
        report.stats.updates,
        report.stats.cleansings
    );

    // The same count by brute force, without the engine: every choice of
    // three rows whose columns are words too.
    let is_word = |w: &str| WORDS.contains(&w);
    let mut squares = 0u64;
    for a in WORDS {
        for b in WORDS {
            for c in WORDS {
                let column = |j: usize| -> String {
                    [a, b, c].iter().map(|w| w.as_bytes()[j] as char).collect()
                };
                squares += u64::from((0..k).all(|j| is_word(&column(j))));
            }
        }
    }
    assert_eq!(report.solutions, squares, "the brute force disagrees");
    println!("(brute force over every three rows: {squares})");

    // The first three squares, read from their row options.
    let mut shown = 0;
    solver.search(Limits::none(), |options| {
        let mut rows = vec![String::new(); k];
        for &o in options {
            let text = problem.option_text(o);
            let mut words = text.split(' ');
            let Some(row) = words.next().and_then(|w| w.strip_prefix('r')) else {
                continue;
            };
            let row: usize = row.parse().expect("rows are numbered");
            rows[row] = words.filter_map(|w| w.split(':').nth(1)).collect();
        }
        println!("\n{}", rows.join("\n"));
        shown += 1;
        if shown == 3 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });

    // The same problem in Knuth's DLX2 format, for `dlx solve` or his programs.
    let text = knuth_format::write(&problem);
    println!(
        "\nIn Knuth's format ({} lines); its first option: {}",
        text.lines().count(),
        text.lines().nth(1).unwrap_or_default()
    );
    Ok(())
}
