//! Jigsaw, killer and samurai: the encodings against brute force, the
//! peer backtracker and published puzzles; the readers' reasons.

use super::*;
use crate::exact_cover::End;
use crate::puzzles::sudoku::samples::{EASY, EASY_SOLUTION};

/// Every 4x4 Latin square (576, the known count), by plain backtracking
/// over the cells with rows and columns checked by hand.
fn latin_squares_4() -> Vec<Vec<u8>> {
    fn fill(cells: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        let k = cells.len();
        if k == 16 {
            out.push(cells.clone());
            return;
        }
        for v in 1..=4u8 {
            let clash = (0..k).any(|j| cells[j] == v && (j / 4 == k / 4 || j % 4 == k % 4));
            if !clash {
                cells.push(v);
                fill(cells, out);
                cells.pop();
            }
        }
    }
    let mut out = Vec::new();
    fill(&mut Vec::new(), &mut out);
    out
}

fn all() -> Limits {
    Limits::solutions(u64::MAX)
}

fn jigsaw(line: &str) -> LayoutPuzzle {
    LayoutPuzzle::parse(Layout::Jigsaw, line).unwrap()
}

/// With the boxes as its region map, a jigsaw is classic Sudoku: the
/// empty 4x4 has the 288 Shidoku grids, and Wikipedia's puzzle its one
/// published solution.
#[test]
fn jigsaw_with_box_regions_is_classic() {
    let empty = jigsaw(&format!("{} AABBAABBCCDDCCDD", ".".repeat(16)));
    let found = empty.solve(all());
    assert_eq!((found.count, found.end), (288, End::Exhausted));
    let boxes: String = (0..81)
        .map(|k| char::from(b'a' + ((k / 27) * 3 + (k % 9) / 3) as u8))
        .collect();
    let p = jigsaw(&format!("{EASY} {boxes}"));
    let found = p.solve(Limits::solutions(2));
    assert_eq!((found.count, found.end), (1, End::Exhausted));
    let cells = found.cells.unwrap();
    assert_eq!(p.write_answer(&cells), EASY_SOLUTION);
    p.check_solution(&cells).unwrap();
}

/// Region maps of 4x4 (connected or not): the engine's count of the
/// empty grid equals the number of the 576 hand-enumerated Latin squares
/// whose regions each hold 1-4, and the peer backtracker's.
#[test]
fn jigsaw_counts_match_brute_force() {
    let squares = latin_squares_4();
    assert_eq!(squares.len(), 576);
    for map in [
        "AABBAABBCCDDCCDD",
        "AAAABBBBCCCCDDDD",
        "AABBABBCACCDCDDD",
        "ABCDABCDABCDABCD",
        "ABABCDCDABABCDCD",
        "AAABACCCBBBDDDCD",
    ] {
        let p = jigsaw(&format!("{} {map}", ".".repeat(16)));
        let LayoutPuzzle::Jigsaw(j) = &p else {
            unreachable!()
        };
        let brute = (squares.iter())
            .filter(|s| {
                (0..4u8).all(|g| {
                    let mut seen: Vec<u8> = (0..16)
                        .filter(|&k| j.regions()[k] == g)
                        .map(|k| s[k])
                        .collect();
                    seen.sort_unstable();
                    seen == [1, 2, 3, 4]
                })
            })
            .count() as u64;
        let found = p.solve(all());
        assert_eq!((found.count, found.end), (brute, End::Exhausted), "{map}");
        assert_eq!(p.solve_by_peers(all()).count, brute, "{map}");
        if let Some(cells) = found.cells {
            p.check_solution(&cells).unwrap();
        }
    }
}

/// Killer 4x4: for cages cut from a few grids, the engine's count equals
/// the number of the 288 Shidoku grids (Latin squares whose boxes hold
/// 1-4) meeting the cages, by hand, and the peer backtracker's.
#[test]
fn killer_counts_match_brute_force() {
    let grids: Vec<Vec<u8>> = (latin_squares_4().into_iter())
        .filter(|s| {
            (0..4).all(|b| {
                let mut seen: Vec<u8> = (0..16)
                    .filter(|&k| (k / 8) * 2 + (k % 4) / 2 == b)
                    .map(|k| s[k])
                    .collect();
                seen.sort_unstable();
                seen == [1, 2, 3, 4]
            })
        })
        .collect();
    assert_eq!(grids.len(), 288);
    let mut compared = 0;
    for (g, map) in [
        (0, "AABB..CCDDEE.F.F"),
        (7, "AAB.CDB.CDEEFFGG"),
        (100, "A..B.CC.DD.EE..F"),
        (200, "AB.CAB.CDDEEFFGG"),
        (287, "................"),
    ] {
        let grid = &grids[g];
        let (labels, of_cell) = super::layout::labels_of(map, true).unwrap();
        let sums: Vec<u32> = (0..labels.len())
            .map(|i| {
                (0..16)
                    .filter(|&k| of_cell[k] == Some(i))
                    .map(|k| u32::from(grid[k]))
                    .sum()
            })
            .collect();
        // Cages that repeat a digit in this grid are skipped.
        let distinct = (0..labels.len()).all(|i| {
            let mut ds: Vec<u8> = (0..16)
                .filter(|&k| of_cell[k] == Some(i))
                .map(|k| grid[k])
                .collect();
            let n = ds.len();
            ds.sort_unstable();
            ds.dedup();
            ds.len() == n
        });
        if !distinct {
            continue;
        }
        let sums_text: Vec<String> = (labels.iter().zip(&sums))
            .map(|(l, s)| format!("{l}={s}"))
            .collect();
        let line = if sums_text.is_empty() {
            // No cage at all: a sum field is still required.
            continue;
        } else {
            format!("{map} {}", sums_text.join(","))
        };
        let p = LayoutPuzzle::parse(Layout::Killer, &line).unwrap();
        let brute = (grids.iter())
            .filter(|s| {
                (0..labels.len()).all(|i| {
                    let cells: Vec<usize> = (0..16).filter(|&k| of_cell[k] == Some(i)).collect();
                    let mut ds: Vec<u8> = cells.iter().map(|&k| s[k]).collect();
                    let total: u32 = ds.iter().map(|&d| u32::from(d)).sum();
                    ds.sort_unstable();
                    ds.dedup();
                    ds.len() == cells.len() && total == sums[i]
                })
            })
            .count() as u64;
        assert!(brute >= 1, "the grid it came from meets its cages");
        let found = p.solve(all());
        assert_eq!((found.count, found.end), (brute, End::Exhausted), "{line}");
        assert_eq!(p.solve_by_peers(all()).count, brute, "{line}");
        p.check_solution(&found.cells.unwrap()).unwrap();
        compared += 1;
    }
    assert!(compared >= 3, "{compared}");
}

/// The engine and the peer backtracker agree (counts to 50) on samurai
/// puzzles cut from the first solution of the empty frame, and both
/// answers pass the verifier.
#[test]
fn samurai_engine_and_peers_agree() {
    let empty: LayoutPuzzle =
        LayoutPuzzle::parse(Layout::Samurai, &vec![".".repeat(81); 5].join(" ")).unwrap();
    let full = empty.solve(Limits::none()).cells.unwrap();
    empty.check_solution(&full).unwrap();
    let mut seed = 7u64;
    for keep in [300usize, 250, 200] {
        let mut givens = full.clone();
        let mut blanks = 369 - keep;
        while blanks > 0 {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let k = (seed >> 33) as usize % 369;
            if givens[k] != 0 {
                givens[k] = 0;
                blanks -= 1;
            }
        }
        let p = empty.with_givens(givens);
        let limits = Limits::solutions(50).with_max_nodes(2_000_000);
        let a = p.solve(limits);
        let b = p.solve_by_peers(limits);
        assert!(!a.end.is_limit() && !b.end.is_limit(), "{keep}");
        assert_eq!((a.count, a.end), (b.count, b.end), "{keep}");
        p.check_solution(&a.cells.unwrap()).unwrap();
        p.check_solution(&b.cells.unwrap()).unwrap();
    }
}

/// The frame form reads the same cells as the line form, and each is
/// written back as read.
#[test]
fn samurai_forms_round_trip() {
    let empty = LayoutPuzzle::parse(Layout::Samurai, &vec![".".repeat(81); 5].join(" ")).unwrap();
    let full = empty.solve(Limits::none()).cells.unwrap();
    let line = empty.write_answer(&full);
    assert_eq!(line.split(' ').count(), 5);
    let LayoutPuzzle::Samurai(s) = &empty else {
        unreachable!()
    };
    let frame = Samurai::new(full.clone(), SamuraiForm::Frame).unwrap();
    let text = frame.to_string();
    assert_eq!(text.lines().count(), 21);
    assert_eq!(text.lines().nth(9).unwrap().len(), 15, "{text}");
    assert!(text.lines().nth(9).unwrap().starts_with("      "));
    assert_eq!(s.read_cells(&text).unwrap(), full);
    assert_eq!(s.read_cells(&line).unwrap(), full);
    let back: Samurai = text.parse().unwrap();
    assert_eq!(back.givens(), &full[..]);
}

/// Bad records: each reason names its field.
#[test]
fn bad_records_name_their_field() {
    let dots = ".".repeat(81);
    let boxes: String = (0..81)
        .map(|k| char::from(b'a' + ((k / 27) * 3 + (k % 9) / 3) as u8))
        .collect();
    let jig = |line: &str| LayoutPuzzle::parse(Layout::Jigsaw, line).unwrap_err();
    let e = jig(&format!("{dots} {}", &boxes[1..]));
    assert_eq!(e, "region map: 80 labels for the 81 cells of the givens");
    let e = jig(&format!("{dots} b{}", &boxes[1..]));
    assert_eq!(e, "region map: region `b` has 10 cells; each region has 9");
    let e = jig(&format!("55{} {boxes}", &dots[2..]));
    assert_eq!(e, "givens: digit 5 stands twice in row 1 (r1c1 and r1c2)");
    let e = jig(&dots);
    assert!(e.contains("has 1 field(s)"), "{e}");
    // Disconnected regions are allowed: the rules ask only for sizes.
    jig_ok(&format!("{} ABABCDCDABABCDCD", ".".repeat(16)));

    let kil = |line: &str| LayoutPuzzle::parse(Layout::Killer, line).unwrap_err();
    let map = format!("AA{}", ".".repeat(79));
    assert_eq!(
        kil(&format!("{map} A=2")),
        "sums: cage `A` of 2 cells cannot add up to 2 (distinct digits 1 to 9 give 3 to 17)"
    );
    assert!(kil(&format!("{map} A=18")).contains("cannot add up to 18"));
    assert_eq!(
        kil(&format!("{map} A=5,B=7")),
        "sums: `B=7` names no cage of the cage map"
    );
    let map2 = format!("AAB{}", ".".repeat(78));
    assert_eq!(kil(&format!("{map2} A=5")), "sums: cage `B` has no sum");
    assert_eq!(
        kil(&format!("{map2} A=5,A=6,B=1")),
        "sums: cage `A` is given two sums"
    );
    assert_eq!(
        kil(&format!("{map} A=5 33{}", &dots[2..])),
        "givens: digit 3 stands twice in row 1 (r1c1 and r1c2)"
    );
    assert_eq!(
        kil(&format!("{map} A=5 6{}", &dots[1..])),
        "givens: the digits of cage `A` add up to 6 already, and its sum is 5"
    );

    let sam = |text: &str| LayoutPuzzle::parse(Layout::Samurai, text).unwrap_err();
    let mut fields = vec![dots.clone(); 5];
    // Grid 1's r9c9 is the frame's r9c9, the centre grid's r3c3.
    fields[0] = format!("{}5", &dots[1..]);
    fields[2] = format!("{}3{}", &dots[..20], &dots[21..]);
    assert_eq!(
        sam(&fields.join(" ")),
        "fields 1 and 3: the shared cell r9c9 of the frame holds 5 in one and 3 in the other"
    );
    assert!(sam(&vec![dots.clone(); 4].join(" ")).contains("has 4 field(s)"));
}

fn jig_ok(line: &str) {
    LayoutPuzzle::parse(Layout::Jigsaw, line).unwrap();
}

/// The reader gives one record per line or frame, bad ones in place.
#[test]
fn reader_keeps_bad_records_in_place() {
    let dots = ".".repeat(16);
    let text =
        format!("# a note\n{dots} AABBAABBCCDDCCDD\n\n{dots} AABB\n{dots} ABCDABCDABCDABCD # c\n");
    let records: Vec<LayoutRecord> = LayoutReader::new(Layout::Jigsaw, text.as_bytes())
        .map(Result::unwrap)
        .collect();
    let lines: Vec<usize> = records.iter().map(|r| r.line).collect();
    assert_eq!(lines, [2, 4, 5]);
    assert!(records[0].puzzle.is_ok() && records[1].puzzle.is_err() && records[2].puzzle.is_ok());
    // A samurai frame cut short, then a line record.
    let frame = Samurai::new(vec![0; 369], SamuraiForm::Frame)
        .unwrap()
        .to_string();
    let short: Vec<&str> = frame.lines().take(5).collect();
    let text = format!(
        "{}\n\n{frame}\n{}\n",
        short.join("\n"),
        vec![".".repeat(81); 5].join(" ")
    );
    let records: Vec<LayoutRecord> = LayoutReader::new(Layout::Samurai, text.as_bytes())
        .map(Result::unwrap)
        .collect();
    assert_eq!(records.len(), 3);
    assert_eq!(
        records[0].puzzle.clone().unwrap_err(),
        "grid: the samurai frame ends after 5 of its 21 rows"
    );
    assert_eq!((records[1].line, records[2].line), (7, 28));
    assert!(records[1].puzzle.is_ok() && records[2].puzzle.is_ok());
}
