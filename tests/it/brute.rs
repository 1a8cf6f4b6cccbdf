//! An independent brute-force counter for exact cover with colours and
//! multiplicities (Knuth's XCC and MCC), reading Knuth's DLX1/DLX2/DLX3
//! text with its own parser (nothing of the crate's), to check the crate's
//! solver against on small instances.
//!
//! The rules, from the headers of Knuth's DLX2 and DLX3:
//! - a primary item with bounds `lo:hi` (`k|` is k:k, plain is 1:1) is
//!   named by between `lo` and `hi` chosen options;
//! - a secondary item named uncoloured by a chosen option is named by no
//!   other chosen option; otherwise the chosen options naming it give it
//!   one colour;
//! - an option naming no primary item is left out (Knuth warns and drops
//!   it), so it is never chosen.
//!
//! Two counters: [`count_subsets`] tries every subset of the options (up
//! to [`MAX_SUBSET_OPTIONS`] of them) and checks it whole, the definition
//! itself; [`count_backtrack`] decides the options in input order, include
//! or leave out, dropping a branch as soon as an upper bound or a colour is
//! broken or a lower bound can no longer be reached. No item choice, no
//! links: it shares nothing with dancing links but the rules. The tests
//! below check the two against each other, against hand counts, and
//! against the counts of Knuth's programs in `tests/data/knuth_counts.tsv`.

use std::collections::HashMap;

use dlx_engine::problems::knuth_text::{family, Size};

/// [`count_subsets`] refuses more options than this (2^18 subsets).
pub const MAX_SUBSET_OPTIONS: usize = 18;

/// A parsed instance: primary items `0..bounds.len()` with their bounds,
/// then the secondary items; each kept option as (item, colour) pairs.
#[derive(Debug, Clone)]
pub struct Instance {
    /// `(lo, hi)` per primary item.
    pub bounds: Vec<(u32, u32)>,
    /// Number of secondary items (numbered after the primary ones).
    pub secondary: usize,
    /// The options that name a primary item, in input order.
    pub options: Vec<Vec<(usize, Option<char>)>>,
    /// How many options were left out for naming no primary item.
    pub dropped: usize,
}

/// Reads Knuth's DLX1/DLX2/DLX3 text: comment lines (`|` first) and blank
/// lines skipped; the first other line names the items (`|` alone or
/// before a name starts the secondary ones; a primary name may carry a
/// `lo:hi|` or `k|` prefix); each later line is an option.
pub fn parse(text: &str) -> Result<Instance, String> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('|'));
    let (_, first) = lines.next().ok_or("no item line")?;
    let mut names: HashMap<String, usize> = HashMap::new();
    let mut bounds = Vec::new();
    let mut secondary = 0;
    let mut in_secondary = false;
    for token in first.split_whitespace() {
        let mut name = token;
        if !in_secondary {
            if let Some(rest) = token.strip_prefix('|') {
                in_secondary = true;
                if rest.is_empty() {
                    continue;
                }
                name = rest;
            }
        }
        let (lo, hi, name) = if in_secondary {
            (0, 0, name)
        } else {
            match name.split_once('|') {
                None => (1, 1, name),
                Some((bound, name)) => {
                    let number = |s: &str| {
                        s.parse::<u32>()
                            .map_err(|_| format!("bad bound {bound:?} in {token:?}"))
                    };
                    let (lo, hi) = match bound.split_once(':') {
                        Some((lo, hi)) => (number(lo)?, number(hi)?),
                        None => (number(bound)?, number(bound)?),
                    };
                    if hi == 0 || lo > hi {
                        return Err(format!("bounds {lo}:{hi} of {name:?}"));
                    }
                    (lo, hi, name)
                }
            }
        };
        if name.is_empty() || name.contains([':', '|']) {
            return Err(format!("bad item name {token:?}"));
        }
        let index = names.len();
        if names.insert(name.to_string(), index).is_some() {
            return Err(format!("item {name:?} twice"));
        }
        if in_secondary {
            secondary += 1;
        } else {
            bounds.push((lo, hi));
        }
    }
    let primary = bounds.len();
    let mut options = Vec::new();
    let mut dropped = 0;
    for (number, line) in lines {
        let mut option: Vec<(usize, Option<char>)> = Vec::new();
        for token in line.split_whitespace() {
            let (name, colour) = match token.split_once(':') {
                None => (token, None),
                Some((name, c)) => {
                    let mut chars = c.chars();
                    match (chars.next(), chars.next()) {
                        (Some(c), None) => (name, Some(c)),
                        _ => return Err(format!("line {number}: colour of {token:?}")),
                    }
                }
            };
            let &item = names
                .get(name)
                .ok_or_else(|| format!("line {number}: unknown item {name:?}"))?;
            if colour.is_some() && item < primary {
                return Err(format!("line {number}: primary item {name:?} coloured"));
            }
            if option.iter().any(|&(i, _)| i == item) {
                return Err(format!("line {number}: {name:?} twice"));
            }
            option.push((item, colour));
        }
        if option.iter().any(|&(i, _)| i < primary) {
            options.push(option);
        } else {
            dropped += 1;
        }
    }
    Ok(Instance {
        bounds,
        secondary,
        options,
        dropped,
    })
}

/// Whether the chosen options (indices into `inst.options`) are a
/// solution: every primary item within its bounds, every secondary item
/// used uncoloured once or in one colour.
pub fn is_solution(inst: &Instance, chosen: &[usize]) -> bool {
    let primary = inst.bounds.len();
    let mut covered = vec![0u32; primary];
    let mut uses: Vec<Vec<Option<char>>> = vec![Vec::new(); inst.secondary];
    for &o in chosen {
        for &(item, colour) in &inst.options[o] {
            if item < primary {
                covered[item] += 1;
            } else {
                uses[item - primary].push(colour);
            }
        }
    }
    let bounds_hold = covered
        .iter()
        .zip(&inst.bounds)
        .all(|(&n, &(lo, hi))| lo <= n && n <= hi);
    let colours_hold = uses.iter().all(|u| match u.as_slice() {
        [] | [_] => true,
        [first, rest @ ..] => first.is_some() && rest.iter().all(|c| c == first),
    });
    bounds_hold && colours_hold
}

/// The number of solutions, by checking every subset of the options.
///
/// # Panics
/// With more than [`MAX_SUBSET_OPTIONS`] options.
pub fn count_subsets(inst: &Instance) -> u64 {
    let n = inst.options.len();
    assert!(n <= MAX_SUBSET_OPTIONS, "{n} options: too many subsets");
    let mut chosen = Vec::with_capacity(n);
    (0u32..1 << n)
        .filter(|mask| {
            chosen.clear();
            chosen.extend((0..n).filter(|i| mask >> i & 1 == 1));
            is_solution(inst, &chosen)
        })
        .count() as u64
}

/// The number of solutions, deciding the options in input order (include
/// or leave out) and pruning broken bounds and colours. `budget` caps the
/// decisions made; `None` when it runs out.
pub fn count_backtrack(inst: &Instance, budget: u64) -> Option<u64> {
    let primary = inst.bounds.len();
    let n = inst.options.len();
    // later[i][p]: options at index >= i naming primary item p, for the
    // lower-bound test.
    let mut later = vec![vec![0u32; primary]; n + 1];
    for i in (0..n).rev() {
        later[i] = later[i + 1].clone();
        for &(item, _) in &inst.options[i] {
            if item < primary {
                later[i][item] += 1;
            }
        }
    }
    let mut search = Backtrack {
        inst,
        later,
        covered: vec![0; primary],
        uncoloured: vec![0; inst.secondary],
        coloured: vec![0; inst.secondary],
        colour: vec!['\0'; inst.secondary],
        budget,
        solutions: 0,
    };
    search.run(0).then_some(search.solutions)
}

struct Backtrack<'a> {
    inst: &'a Instance,
    later: Vec<Vec<u32>>,
    covered: Vec<u32>,
    uncoloured: Vec<u32>,
    coloured: Vec<u32>,
    colour: Vec<char>,
    budget: u64,
    solutions: u64,
}

impl Backtrack<'_> {
    /// False when the budget ran out.
    fn run(&mut self, i: usize) -> bool {
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        let reachable = self
            .covered
            .iter()
            .zip(&self.later[i])
            .zip(&self.inst.bounds)
            .all(|((&have, &more), &(lo, _))| have + more >= lo);
        if !reachable {
            return true;
        }
        if i == self.inst.options.len() {
            self.solutions += 1;
            return true;
        }
        if self.fits(i) {
            self.apply(i, true);
            let finished = self.run(i + 1);
            self.apply(i, false);
            if !finished {
                return false;
            }
        }
        self.run(i + 1)
    }

    fn fits(&self, i: usize) -> bool {
        let primary = self.inst.bounds.len();
        self.inst.options[i].iter().all(|&(item, colour)| {
            if item < primary {
                return self.covered[item] < self.inst.bounds[item].1;
            }
            let s = item - primary;
            match colour {
                None => self.uncoloured[s] == 0 && self.coloured[s] == 0,
                Some(c) => {
                    self.uncoloured[s] == 0 && (self.coloured[s] == 0 || self.colour[s] == c)
                }
            }
        })
    }

    fn apply(&mut self, i: usize, include: bool) {
        let primary = self.inst.bounds.len();
        for &(item, colour) in &self.inst.options[i] {
            let counter = if item < primary {
                &mut self.covered[item]
            } else if let Some(c) = colour {
                self.colour[item - primary] = c;
                &mut self.coloured[item - primary]
            } else {
                &mut self.uncoloured[item - primary]
            };
            if include {
                *counter += 1;
            } else {
                *counter -= 1;
            }
        }
    }
}

/// A small xorshift-style generator (splitmix64), the random source of
/// [`random_text`]: its own, so that these instances do not come from the
/// crate's generators.
pub struct SplitMix(pub u64);

impl SplitMix {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (> 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random small instance as Knuth-format text: 1 to 5 primary items, 0
/// to 4 secondary ones, up to `max_options` options (some naming no
/// primary item), colours `a`..`c` mixed with uncoloured uses; with
/// `bounds`, primary items get bounds `lo:hi` with `lo` from 0 (DLX3),
/// else none (DLX2).
pub fn random_text(seed: u64, max_options: u64, bounds: bool) -> String {
    let mut rng = SplitMix(seed);
    let primary = 1 + rng.below(5);
    let secondary = rng.below(5);
    let options = 1 + rng.below(max_options);
    let mut out = format!("| brute::random_text({seed}, {max_options}, {bounds})\n");
    for p in 0..primary {
        if bounds {
            let hi = 1 + rng.below(3);
            let lo = rng.below(hi + 1);
            match (lo, hi) {
                (1, 1) => {}
                _ if lo == hi && rng.below(2) == 0 => out.push_str(&format!("{hi}|")),
                _ => out.push_str(&format!("{lo}:{hi}|")),
            }
        }
        out.push_str(&format!("P{p} "));
    }
    if secondary > 0 {
        out.push('|');
        for s in 0..secondary {
            out.push_str(&format!(" s{s}"));
        }
    }
    out.push('\n');
    for _ in 0..options {
        let mut line = Vec::new();
        for p in 0..primary {
            if rng.below(3) == 0 {
                line.push(format!("P{p}"));
            }
        }
        for s in 0..secondary {
            match rng.below(6) {
                0 => line.push(format!("s{s}")),
                1..=3 => line.push(format!("s{s}:{}", ["a", "b", "c"][rng.below(3) as usize])),
                _ => {}
            }
        }
        if line.is_empty() {
            line.push(format!("P{}", rng.below(primary)));
        }
        out.push_str(&line.join(" "));
        out.push('\n');
    }
    out
}

/// The rows of `tests/data/knuth_counts.tsv` (counts of Knuth's DLX1,
/// DLX2, DLX3, SSXCC and SSMCC on the instances of
/// `problems::knuth_text::family`, run on the files written by
/// `cargo run --example knuth_family -- DIR`; each row has the command):
/// (instance, program, solutions, input FNV-1a hash).
pub fn knuth_counts() -> Vec<(String, String, u64, String)> {
    let tsv = include_str!("../data/knuth_counts.tsv");
    let mut lines = tsv.lines();
    let head: Vec<&str> = lines.next().expect("a header line").split('\t').collect();
    let column = |name: &str| {
        head.iter()
            .position(|h| *h == name)
            .unwrap_or_else(|| panic!("no column {name} in knuth_counts.tsv"))
    };
    let (inst, prog, sols, hash) = (
        column("instance"),
        column("program"),
        column("solutions"),
        column("input_fnv1a64"),
    );
    lines
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            let count = f[sols]
                .parse()
                .unwrap_or_else(|_| panic!("bad count in {line:?}"));
            (f[inst].into(), f[prog].into(), count, f[hash].into())
        })
        .collect()
}

/// The one count Knuth's programs agree on for `instance` (they must).
pub fn knuth_count(rows: &[(String, String, u64, String)], instance: &str) -> Option<u64> {
    let counts: Vec<u64> = rows
        .iter()
        .filter(|r| r.0 == instance)
        .map(|r| r.2)
        .collect();
    let first = *counts.first()?;
    assert!(
        counts.iter().all(|&c| c == first),
        "Knuth's programs disagree on {instance}: {counts:?}"
    );
    Some(first)
}

/// FNV-1a (64 bits) of a text, the `input_fnv1a64` column of the TSV.
pub fn fnv1a64(text: &str) -> String {
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{hash:016x}")
}

fn count_text(text: &str) -> u64 {
    let inst = parse(text).expect("a valid instance");
    let by_subsets = count_subsets(&inst);
    assert_eq!(count_backtrack(&inst, u64::MAX), Some(by_subsets), "{text}");
    by_subsets
}

/// Hand counts, each worked out in its comment.
#[test]
fn brute_force_on_hand_counted_cases() {
    // Knuth's DLX1 example: one cover, as his documentation says.
    let dlx1 = "| DLX1\nA B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";
    assert_eq!(count_text(dlx1), 1);
    // Knuth's DLX2 example: one solution; `X:0 Y:1` has no primary item.
    let dlx2 = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n";
    assert_eq!(parse(dlx2).unwrap().dropped, 1);
    assert_eq!(count_text(dlx2), 1);
    // Knuth's DLX3 example: one solution.
    let dlx3 = "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
    assert_eq!(count_text(dlx3), 1);
    // Two options giving X colour a may go together; A is 1:2, so {1},
    // {2} and {1,2}: 3.
    assert_eq!(count_text("1:2|A | X\nA X:a\nA X:a\n"), 3);
    // The same with different colours: {1,2} clashes: 2.
    assert_eq!(count_text("1:2|A | X\nA X:a\nA X:b\n"), 2);
    // Uncoloured and coloured uses of X never go together: 2.
    assert_eq!(count_text("1:2|A | X\nA X\nA X:a\n"), 2);
    // Two uncoloured uses clash even with one option: {1}, {2}: 2.
    assert_eq!(count_text("1:2|A | X\nA X\nA X\n"), 2);
    // All lower bounds 0: the empty selection counts. 0:2|A with three
    // free options: 1 + 3 + 3 = 7 (C(3,0) + C(3,1) + C(3,2)).
    assert_eq!(count_text("0:2|A\nA\nA\nA\n"), 7);
    // `k|` is k:k: choose exactly 2 of 4: 6.
    assert_eq!(count_text("2|A\nA\nA\nA\nA\n"), 6);
    // `|` may touch the first secondary name.
    let inst = parse("A |X Y\nA X:a\n").unwrap();
    assert_eq!((inst.bounds.len(), inst.secondary), (1, 2));
    // No option names B: no solution.
    assert_eq!(count_text("A B\nA\n"), 0);
}

#[test]
fn parser_refuses_malformed_text() {
    for bad in [
        "A\nB\n",             // unknown item
        "A | X\nA:a\n",       // coloured primary item
        "A | X\nA X:ab\n",    // colour of two characters
        "A A\nA\n",           // item twice in the first line
        "A\nA A\n",           // item twice in an option
        "0|A\nA\n",           // upper bound 0
        "3:2|A\nA\n",         // lo > hi
        "x:2|A\nA\n",         // not a number
        "| only a comment\n", // no items
    ] {
        assert!(parse(bad).is_err(), "accepted {bad:?}");
    }
}

/// The pruned search agrees with the whole-subset check on random small
/// instances, coloured and bounded (so the faster one can be trusted on
/// the family's bigger tiny instances).
#[test]
fn backtrack_agrees_with_subsets_on_random_instances() {
    let mut nonzero = 0;
    for seed in 0..300 {
        let text = random_text(seed, 14, seed % 2 == 1);
        let inst = parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let count = count_subsets(&inst);
        assert_eq!(count_backtrack(&inst, u64::MAX), Some(count), "{text}");
        nonzero += u32::from(count > 0);
    }
    // The instances are not all trivially empty.
    assert!(nonzero > 100, "only {nonzero} instances with a solution");
}

/// The brute force gives Knuth's counts (knuth_counts.tsv) on every tiny
/// instance of the family, and the texts are still the ones Knuth counted.
#[test]
fn brute_force_matches_knuth_on_the_tiny_family() {
    let rows = knuth_counts();
    for inst in family().into_iter().filter(|i| i.size == Size::Test) {
        let knuth = knuth_count(&rows, &inst.name)
            .unwrap_or_else(|| panic!("{} has no Knuth count", inst.name));
        let parsed = parse(&inst.text).unwrap_or_else(|e| panic!("{}: {e}", inst.name));
        // graceful-k5 takes the most: about 2.6e8 decisions (4 s at the
        // test profile); the budget only stops a runaway.
        let brute = count_backtrack(&parsed, 1_000_000_000)
            .unwrap_or_else(|| panic!("{}: brute force over budget", inst.name));
        assert_eq!(brute, knuth, "{}", inst.name);
    }
}
