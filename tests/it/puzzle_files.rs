//! The exact-cover files in `puzzles/xc/` are written by the library's
//! problem builders; this test keeps them in step (set
//! `DLX_REGENERATE=1` to rewrite them) and checks they parse back.

use std::path::PathBuf;

use dlx_engine::exact_cover::{knuth_format, Problem};
use dlx_engine::problems::{
    knuth_example, knuth_text, langford_pairs, n_queens, polyomino_packing, PENTOMINOES,
};

fn files() -> Vec<(String, String, Problem)> {
    let mut v = vec![(
        "knuth-example.dlx".to_string(),
        "Knuth's example from \"Dancing Links\" (2000): exactly one solution".to_string(),
        knuth_example(),
    )];
    let queens = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
    for (n, count) in (1..=10).zip(queens) {
        v.push((
            format!("queens-{n}.dlx"),
            format!("{n}-queens, diagonals as secondary items: {count} solutions"),
            n_queens(n),
        ));
    }
    for (n, count) in [(3, 2), (4, 2), (7, 52), (8, 300)] {
        v.push((
            format!("langford-{n}.dlx"),
            format!("Langford pairs n = {n}: {count} solutions (both mirror images)"),
            langford_pairs(n),
        ));
    }
    v.push((
        "pentominoes-6x10.dlx".to_string(),
        "the 12 pentominoes in a 6x10 box: 9356 solutions (2339 up to symmetry)".to_string(),
        polyomino_packing(6, 10, &PENTOMINOES),
    ));
    // Colours and multiplicities, from the Knuth-format family (their
    // counts are those of Knuth's DLX2 and DLX3 in tests/data/knuth_counts.tsv).
    let knuth = |text: String| knuth_format::parse(&text, "family").unwrap().problem;
    v.push((
        "latin-xcc-4.dlx".to_string(),
        "Latin squares of order 4, the cells coloured by symbol (DLX2): 576 solutions".to_string(),
        knuth(knuth_text::latin_square_xcc(4, 0, 0)),
    ));
    v.push((
        "words-4-a3-l24.dlx".to_string(),
        "4x4 word squares over 24 random words of 3 letters (DLX2 colours): 3744 solutions"
            .to_string(),
        knuth(knuth_text::random_word_square(4, 3, 24, 3)),
    ));
    v.push((
        "bounded-queens-8.dlx".to_string(),
        "8 queens, one per column, 0 to 2 per row (DLX3 bounds): 17550 solutions".to_string(),
        knuth(knuth_text::bounded_queens(8, (0, 2), (1, 1))),
    ));
    v
}

#[test]
fn xc_files_match_their_builders() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("puzzles/xc");
    let regenerate = std::env::var_os("DLX_REGENERATE").is_some();
    for (name, comment, problem) in files() {
        let text = format!(
            // The files name this test by its path before the tests were
            // folded into `tests/it/`: kept, so that the move alone does
            // not rewrite every file.
            "| {comment}\n| written by tests/puzzle_files.rs\n{}",
            knuth_format::write(&problem)
        );
        let path = dir.join(&name);
        if regenerate {
            std::fs::write(&path, &text).unwrap();
        }
        let on_disk =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(
            on_disk, text,
            "{name} is stale: run DLX_REGENERATE=1 cargo test --test it puzzle_files"
        );
        let parsed = knuth_format::parse(&on_disk, &name).unwrap();
        assert_eq!(parsed.problem.options(), problem.options());
    }
}
