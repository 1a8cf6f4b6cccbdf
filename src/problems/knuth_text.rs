//! Exact-cover instances with colours and multiplicities, written as text in
//! Knuth's formats, so that any program reading them (Knuth's DLX2, DLX3,
//! SSXCC, SSMCC, or this crate's) can be checked and timed on the same
//! files.
//!
//! The formats, from the headers of Knuth's programs:
//!
//! - DLX1 (exact cover, XC): a first line naming the primary items, then
//!   `|` and the secondary items; then one option per line, the names of
//!   its items. Lines starting with `|` are comments. Names are one to
//!   eight characters, any but whitespace, `:` and `|`.
//! - DLX2 (XCC, colours): an option may name a secondary item as
//!   `name:c`, `c` one character (a colour). Options that give a secondary
//!   item the same colour may be chosen together; an uncoloured use of it
//!   excludes every other option using it. An option naming no primary
//!   item is left out (Knuth warns).
//! - DLX3 (MCC, multiplicities): a primary item in the first line may be
//!   prefixed `lo:hi|` (covered between `lo` and `hi` times) or `k|` (`k`
//!   times); plain means once. `lo` may be 0, `hi` at least 1; with every
//!   lower bound 0 the empty selection is a solution, and Knuth counts it.
//!
//! Every generator here is deterministic: the random ones take a seed and
//! draw from [`Xoshiro256PlusPlus`] through its raw 64-bit output only (no
//! `rand` distribution whose algorithm might change). Each text starts
//! with a comment line naming the call that made it. [`family`] lists the
//! instances of the test suite and of the benchmarks, and
//! `examples/knuth_family.rs` writes them to files.
//!
//! ```
//! use dlx_engine::problems::knuth_text::{choose_k_of_n, latin_square_xcc};
//!
//! // Choosing 2 to 3 of 5 options: C(5,2) + C(5,3) = 20 solutions.
//! let text = choose_k_of_n(5, 2, 3);
//! assert!(text.lines().any(|l| l.starts_with("2:3|X |")));
//!
//! // Latin squares of order 3 as XCC: the cells are secondary items
//! // coloured by their symbol.
//! let text = latin_square_xcc(3, 0, 1);
//! assert!(text.contains("r0_0 x0_0:0\n"));
//! ```

use std::collections::BTreeSet;
use std::fmt::Write as _;

use rand_xoshiro::rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The 62 characters used as colours: digits, then lower-case, then
/// upper-case letters (the encoding of Knuth's `graceful-dlx`). Colours in
/// Knuth's formats are single characters, so a generator that colours by a
/// number supports at most 62 values.
pub const COLOUR_CODES: &[u8; 62] =
    b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

fn colour(x: usize) -> char {
    assert!(
        x < COLOUR_CODES.len(),
        "colour {x} has no single-character code (at most 62 colours)"
    );
    char::from(COLOUR_CODES[x])
}

/// The prefix of a primary item with bounds `lo..=hi` in the DLX3 format:
/// nothing for 1:1, `k|` for k:k, `lo:hi|` otherwise.
fn bound_prefix(lo: usize, hi: usize) -> String {
    assert!(
        hi >= 1 && lo <= hi,
        "bounds {lo}:{hi} need 0 <= lo <= hi, hi >= 1"
    );
    match (lo, hi) {
        (1, 1) => String::new(),
        _ if lo == hi => format!("{hi}|"),
        _ => format!("{lo}:{hi}|"),
    }
}

/// The first lines of a text: the comment naming the call, then the items.
fn header(title: &str, primary: &[String], secondary: &[String]) -> String {
    let mut out = format!("| {title}\n{}", primary.join(" "));
    if !secondary.is_empty() {
        let _ = write!(out, " | {}", secondary.join(" "));
    }
    out.push('\n');
    out
}

/// The seeded generator of every random choice here.
fn rng(seed: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(seed)
}

/// A number below `n` (> 0); the modulo bias (at most n / 2^64) does not
/// matter for test instances, and the result depends on the raw stream only.
fn below(rng: &mut Xoshiro256PlusPlus, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

/// True with probability `p`, from the top 53 bits of one draw.
fn chance(rng: &mut Xoshiro256PlusPlus, p: f64) -> bool {
    ((rng.next_u64() >> 11) as f64) < p * (1u64 << 53) as f64
}

fn shuffle<T>(rng: &mut Xoshiro256PlusPlus, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        items.swap(i, below(rng, i + 1));
    }
}

/// `count` distinct pseudo-random words of `len` letters from the first
/// `alphabet` lower-case letters, sorted; fewer if there are not that many
/// words (`alphabet^len`). The same arguments give the same list.
///
/// # Panics
/// If `alphabet` is not in 1..=26 or `len` is 0.
pub fn word_list(len: usize, alphabet: usize, count: usize, seed: u64) -> Vec<String> {
    assert!(
        (1..=26).contains(&alphabet),
        "alphabet of {alphabet} letters"
    );
    assert!(len >= 1, "words of no letter");
    let possible = u32::try_from(len)
        .ok()
        .and_then(|l| alphabet.checked_pow(l))
        .unwrap_or(usize::MAX);
    let count = count.min(possible);
    let mut rng = rng(seed);
    let mut words = BTreeSet::new();
    while words.len() < count {
        let word: String = (0..len)
            .map(|_| char::from(b'a' + below(&mut rng, alphabet) as u8))
            .collect();
        words.insert(word);
    }
    words.into_iter().collect()
}

/// Word squares: `k` x `k` grids of letters whose rows and columns are all
/// words of `words` (a word may be used several times, a row and the
/// column of the same index may be the same word), as XCC.
///
/// Primary items `r{i}` and `c{j}` (one word per row and column);
/// secondary items `x{i}_{j}`, one per cell, coloured by its letter. The
/// option `r{i} x{i}_0:w0 ... ` puts word `w` in row `i`, the option
/// `c{j} x0_{j}:w0 ...` in column `j`. The colours make the rows and
/// columns agree on every cell, so each grid is one solution.
///
/// # Panics
/// If a word is not `k` letters from `a`..=`z`, or two words are equal.
pub fn word_square(k: usize, words: &[String]) -> String {
    word_square_titled(
        &format!("word_square({k}, {} words)", words.len()),
        k,
        words,
    )
}

fn word_square_titled(title: &str, k: usize, words: &[String]) -> String {
    for w in words {
        assert!(
            w.len() == k && w.bytes().all(|b| b.is_ascii_lowercase()),
            "word {w:?} is not {k} lower-case letters"
        );
    }
    assert!(
        words.iter().collect::<BTreeSet<_>>().len() == words.len(),
        "a word is listed twice: each grid would be counted once per copy"
    );
    let primary: Vec<String> = (0..k)
        .map(|i| format!("r{i}"))
        .chain((0..k).map(|j| format!("c{j}")))
        .collect();
    let cells: Vec<String> = (0..k)
        .flat_map(|i| (0..k).map(move |j| format!("x{i}_{j}")))
        .collect();
    let mut out = header(title, &primary, &cells);
    for i in 0..k {
        for w in words {
            let _ = write!(out, "r{i}");
            for (j, letter) in w.chars().enumerate() {
                let _ = write!(out, " x{i}_{j}:{letter}");
            }
            out.push('\n');
        }
    }
    for j in 0..k {
        for w in words {
            let _ = write!(out, "c{j}");
            for (i, letter) in w.chars().enumerate() {
                let _ = write!(out, " x{i}_{j}:{letter}");
            }
            out.push('\n');
        }
    }
    out
}

/// [`word_square`] on the [`word_list`] of `list_size` words of `k`
/// letters from an alphabet of `alphabet` letters drawn with `seed`.
pub fn random_word_square(k: usize, alphabet: usize, list_size: usize, seed: u64) -> String {
    let words = word_list(k, alphabet, list_size, seed);
    word_square_titled(
        &format!("random_word_square({k}, {alphabet}, {list_size}, {seed})"),
        k,
        &words,
    )
}

/// Latin squares of order `n` as plain exact cover (DLX1): primary items
/// `x{r}_{c}` (each cell one symbol), `r{r}_{v}` (each row each symbol),
/// `k{c}_{v}` (each column each symbol); one option per cell and symbol.
///
/// The counts are the number of Latin squares, OEIS A002860: 1, 2, 12,
/// 576, 161280 for n = 1..=5.
pub fn latin_square(n: usize) -> String {
    latin_plain(&format!("latin_square({n})"), n, 0, 0)
}

/// For a Latin square completion: a random Latin square of order `n` (a
/// cyclic one with rows, columns and symbols permuted, drawn with `seed`),
/// `givens` of its cells (also drawn) fixed; says whether symbol `v` may
/// go in cell (r, c).
fn latin_givens(n: usize, givens: usize, seed: u64) -> impl Fn(usize, usize, usize) -> bool {
    assert!(givens <= n * n, "{givens} givens in {} cells", n * n);
    let mut rng = rng(seed);
    let mut perms: Vec<Vec<usize>> = (0..3).map(|_| (0..n).collect()).collect();
    for p in &mut perms {
        shuffle(&mut rng, p);
    }
    let mut cells: Vec<(usize, usize)> = (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).collect();
    shuffle(&mut rng, &mut cells);
    let mut fixed = vec![None; n * n];
    for &(r, c) in &cells[..givens] {
        fixed[r * n + c] = Some(perms[2][(perms[0][r] + perms[1][c]) % n]);
    }
    move |r, c, v| !matches!(fixed[r * n + c], Some(s) if s != v)
}

/// Latin square completion as plain exact cover: [`latin_square`] with
/// `givens` cells of a random Latin square fixed (chosen with `seed`, as
/// in [`latin_square_xcc`], which fixes the same cells for the same
/// arguments): a fixed cell has only the option of its symbol. With
/// `givens` = 0 it is [`latin_square`].
///
/// # Panics
/// If `givens` > n².
pub fn latin_square_completion(n: usize, givens: usize, seed: u64) -> String {
    latin_plain(
        &format!("latin_square_completion({n}, {givens}, {seed})"),
        n,
        givens,
        seed,
    )
}

fn latin_plain(title: &str, n: usize, givens: usize, seed: u64) -> String {
    let allowed = latin_givens(n, givens, seed);
    let mut primary = Vec::new();
    for a in 0..n {
        for b in 0..n {
            primary.push(format!("x{a}_{b}"));
            primary.push(format!("r{a}_{b}"));
            primary.push(format!("k{a}_{b}"));
        }
    }
    let mut out = header(title, &primary, &[]);
    for r in 0..n {
        for c in 0..n {
            for v in (0..n).filter(|&v| allowed(r, c, v)) {
                let _ = writeln!(out, "x{r}_{c} r{r}_{v} k{c}_{v}");
            }
        }
    }
    out
}

/// Latin squares of order `n` as XCC, where the colours do the work: the
/// cells `x{r}_{c}` are secondary items coloured by their symbol. Primary
/// items `r{r}_{v}` take an option `r{r}_{v} x{r}_{c}:v` (symbol `v` of row
/// `r` is in column `c`), primary items `k{c}_{v}` an option
/// `k{c}_{v} x{r}_{c}:v` (symbol `v` of column `c` is in row `r`). The row
/// options colour every cell once, so each row is a permutation; the
/// column options must agree with those colours, so each column is one
/// too. Each Latin square is one solution.
///
/// With `givens` > 0, that many cells (chosen with `seed`) of a random
/// Latin square (a cyclic one with rows, columns and symbols permuted) are
/// fixed: the options giving them another colour are left out, and the
/// count is the number of completions. With `givens` = 0 the counts are
/// OEIS A002860, as for [`latin_square`].
///
/// # Panics
/// If `n` > 62 (symbols are single-character colours) or `givens` > n².
pub fn latin_square_xcc(n: usize, givens: usize, seed: u64) -> String {
    // Force the colour-code check up front, not mid-output.
    if n > 0 {
        colour(n - 1);
    }
    let allowed = latin_givens(n, givens, seed);

    let mut primary = Vec::new();
    for a in 0..n {
        for v in 0..n {
            primary.push(format!("r{a}_{v}"));
            primary.push(format!("k{a}_{v}"));
        }
    }
    let cell_items: Vec<String> = (0..n)
        .flat_map(|r| (0..n).map(move |c| format!("x{r}_{c}")))
        .collect();
    let mut out = header(
        &format!("latin_square_xcc({n}, {givens}, {seed})"),
        &primary,
        &cell_items,
    );
    for r in 0..n {
        for v in 0..n {
            for c in (0..n).filter(|&c| allowed(r, c, v)) {
                let _ = writeln!(out, "r{r}_{v} x{r}_{c}:{}", colour(v));
            }
        }
    }
    for c in 0..n {
        for v in 0..n {
            for r in (0..n).filter(|&r| allowed(r, c, v)) {
                let _ = writeln!(out, "k{c}_{v} x{r}_{c}:{}", colour(v));
            }
        }
    }
    out
}

/// The edges of the path on `n` vertices, `0-1-...-(n-1)`.
pub fn path_graph(n: usize) -> Vec<(usize, usize)> {
    (1..n).map(|v| (v - 1, v)).collect()
}

/// The edges of the cycle on `n` >= 3 vertices (none for fewer).
pub fn cycle_graph(n: usize) -> Vec<(usize, usize)> {
    let mut edges = path_graph(n);
    if n >= 3 {
        edges.push((n - 1, 0));
    }
    edges
}

/// The edges of the complete graph on `n` vertices.
pub fn complete_graph(n: usize) -> Vec<(usize, usize)> {
    (0..n)
        .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
        .collect()
}

/// The edges of the wheel: a hub (vertex 0) joined to every vertex of a
/// cycle on vertices `1..=rim` (`rim` >= 3).
pub fn wheel_graph(rim: usize) -> Vec<(usize, usize)> {
    let mut edges: Vec<(usize, usize)> = (1..=rim).map(|v| (0, v)).collect();
    edges.extend(cycle_graph(rim).into_iter().map(|(u, v)| (u + 1, v + 1)));
    edges
}

/// Graceful labellings of a graph with `vertices` vertices and the given
/// edges, as XCC, after Knuth's `graceful-dlx`: label the vertices with
/// distinct numbers in `0..=m` (m edges) so that the differences along
/// the edges are `1..=m`, each once. Unlike Knuth's program, both a
/// labelling and its complement (`m - label`) are counted.
///
/// Primary items `d{k}` (difference `k` used once) and `e{i}` (edge `i`
/// labelled once); secondary `v{u}`, coloured by the label of vertex `u`,
/// and `l{a}`, coloured by the vertex that has label `a` (so labels are
/// distinct). The option `d{k} e{i} v{u}:a v{w}:a+k l{a}:u l{a+k}:w` gives
/// edge `i` = (u, w) the labels a and a+k, for both orientations.
///
/// Counts that do not come from running a solver: a cycle on `n` vertices
/// has none unless n mod 4 is 0 or 3 (Rosa, 1967); the complete graph on
/// `n` vertices has none for n >= 5 (Golomb, 1972).
///
/// # Panics
/// If an edge joins a vertex to itself or names a vertex `>= vertices`, an
/// edge is listed twice, or the graph is too big for single-character
/// colours (more than 62 vertices, or more than 61 edges).
pub fn graceful_labelling(vertices: usize, edges: &[(usize, usize)]) -> String {
    let m = edges.len();
    assert!(
        vertices <= 62 && m <= 61,
        "too big for one-character colours"
    );
    let mut seen = BTreeSet::new();
    for &(u, w) in edges {
        assert!(u != w && u < vertices && w < vertices, "bad edge {u}-{w}");
        assert!(seen.insert((u.min(w), u.max(w))), "edge {u}-{w} twice");
    }
    let primary: Vec<String> = (1..=m)
        .map(|k| format!("d{k}"))
        .chain((0..m).map(|i| format!("e{i}")))
        .collect();
    let secondary: Vec<String> = (0..vertices)
        .map(|u| format!("v{u}"))
        .chain((0..=m).map(|a| format!("l{a}")))
        .collect();
    let title = format!("graceful_labelling({vertices}, {edges:?})");
    let mut out = header(&title, &primary, &secondary);
    for k in 1..=m {
        for a in 0..=m - k {
            for (i, &(u, w)) in edges.iter().enumerate() {
                for (lo, hi) in [(u, w), (w, u)] {
                    let _ = writeln!(
                        out,
                        "d{k} e{i} v{lo}:{} v{hi}:{} l{a}:{} l{}:{}",
                        colour(a),
                        colour(a + k),
                        colour(lo),
                        a + k,
                        colour(hi)
                    );
                }
            }
        }
    }
    out
}

/// Bounded queens (MCC): queens on an `n` x `n` board, each row holding
/// between `rows.0` and `rows.1` queens, each column between `cols.0` and
/// `cols.1`, no two queens on a diagonal. Primary items `r{i}` and `c{j}`
/// with those bounds, secondary items `a{i+j}` and `b{i-j+n-1}` for the
/// diagonals; one option `r{i} c{j} a.. b..` per square.
///
/// With both bounds 1:1 it is the n-queens problem (counts 1, 0, 0, 2,
/// 10, 4, 40, 92 for n = 1..=8).
///
/// # Panics
/// If a bound pair has `lo > hi` or `hi` = 0.
pub fn bounded_queens(n: usize, rows: (usize, usize), cols: (usize, usize)) -> String {
    let rp = bound_prefix(rows.0, rows.1);
    let cp = bound_prefix(cols.0, cols.1);
    let primary: Vec<String> = (0..n)
        .map(|i| format!("{rp}r{i}"))
        .chain((0..n).map(|j| format!("{cp}c{j}")))
        .collect();
    let diagonals = (2 * n).saturating_sub(1);
    let secondary: Vec<String> = (0..diagonals)
        .map(|d| format!("a{d}"))
        .chain((0..diagonals).map(|d| format!("b{d}")))
        .collect();
    let title = format!(
        "bounded_queens({n}, ({}, {}), ({}, {}))",
        rows.0, rows.1, cols.0, cols.1
    );
    let mut out = header(&title, &primary, &secondary);
    for i in 0..n {
        for j in 0..n {
            let _ = writeln!(out, "r{i} c{j} a{} b{}", i + j, i + n - 1 - j);
        }
    }
    out
}

/// Choose between `lo` and `hi` of `n` options (MCC): one primary item `X`
/// with bounds `lo:hi`, and `n` options `X s{i}` (the secondary item
/// `s{i}` only tells the options apart). The count is the sum of the
/// binomial coefficients C(n, k) for k in `lo..=hi`: a check that owes
/// nothing to any solver. With `lo` = 0 the empty selection is one of them.
///
/// # Panics
/// If `lo > hi` or `hi` = 0.
pub fn choose_k_of_n(n: usize, lo: usize, hi: usize) -> String {
    let secondary: Vec<String> = (0..n).map(|i| format!("s{i}")).collect();
    let mut out = header(
        &format!("choose_k_of_n({n}, {lo}, {hi})"),
        &[format!("{}X", bound_prefix(lo, hi))],
        &secondary,
    );
    for i in 0..n {
        let _ = writeln!(out, "X s{i}");
    }
    out
}

/// The shape of a random instance for [`random_instance`].
#[derive(Clone, Debug, PartialEq)]
pub struct RandomSpec {
    /// Seed of the generator: the same spec gives the same text.
    pub seed: u64,
    /// Number of primary items, `p0`...
    pub primary: usize,
    /// Number of secondary items, `q0`...
    pub secondary: usize,
    /// Number of options.
    pub options: usize,
    /// Probability that an option names a given item. An option that
    /// would name no primary item names one drawn at random instead, so
    /// every option counts.
    pub density: f64,
    /// Number of colours (`a`, `b`, ...; at most 26); 0 for none (DLX1).
    pub colours: usize,
    /// Probability that a use of a secondary item is coloured, when there
    /// are colours.
    pub coloured: f64,
    /// The largest upper bound of a primary item: 1 for XCC (every item
    /// 1:1); above 1, each primary item gets `hi` in `1..=max_bound` and
    /// `lo` in `0..=hi` (MCC, DLX3 format).
    pub max_bound: usize,
}

/// A random XC, XCC or MCC instance of the given [`RandomSpec`].
///
/// # Panics
/// If the spec has no primary item, more than 26 colours, or
/// `max_bound` = 0.
pub fn random_instance(spec: &RandomSpec) -> String {
    assert!(spec.primary >= 1, "no primary item");
    assert!(spec.colours <= 26, "{} colours", spec.colours);
    assert!(spec.max_bound >= 1, "max_bound 0");
    let mut rng = rng(spec.seed);
    let primary: Vec<String> = (0..spec.primary)
        .map(|i| {
            let prefix = if spec.max_bound > 1 {
                let hi = 1 + below(&mut rng, spec.max_bound);
                let lo = below(&mut rng, hi + 1);
                bound_prefix(lo, hi)
            } else {
                String::new()
            };
            format!("{prefix}p{i}")
        })
        .collect();
    let secondary: Vec<String> = (0..spec.secondary).map(|i| format!("q{i}")).collect();
    let mut out = header(&format!("random_instance({spec:?})"), &primary, &secondary);
    for _ in 0..spec.options {
        let mut names: Vec<usize> = (0..spec.primary)
            .filter(|_| chance(&mut rng, spec.density))
            .collect();
        if names.is_empty() {
            names.push(below(&mut rng, spec.primary));
        }
        let mut line: Vec<String> = names.iter().map(|i| format!("p{i}")).collect();
        for i in 0..spec.secondary {
            if chance(&mut rng, spec.density) {
                if spec.colours > 0 && chance(&mut rng, spec.coloured) {
                    let c = char::from(b'a' + below(&mut rng, spec.colours) as u8);
                    line.push(format!("q{i}:{c}"));
                } else {
                    line.push(format!("q{i}"));
                }
            }
        }
        out.push_str(&line.join(" "));
        out.push('\n');
    }
    out
}

/// Small instances on the corners of the colour and multiplicity rules,
/// each `(name, format, text)`, counted by hand in its comments (and by Knuth's
/// programs in `tests/data/knuth_counts.tsv`):
///
/// - `mixed-use`: a secondary item used coloured by some options and
///   uncoloured by another (3 solutions);
/// - `several-colours`: options colouring several secondary items (3);
/// - `no-primary`: an option naming no primary item, left out (1, where
///   counting it would make 2);
/// - `all-lo-zero`: every lower bound 0, so the empty selection counts (9);
/// - `lo-zero-colours`: lower bounds 0 mixed with colours (7);
/// - `unreachable-lo`: a lower bound no selection reaches (0);
/// - `knuth-dlx1`, `knuth-dlx2`, `knuth-dlx3`: the examples of Knuth's
///   DLX1, DLX2 and DLX3 documentation (1 each, as stated there).
pub fn tricky_instances() -> Vec<(&'static str, Format, String)> {
    use Format::{Mcc, Xc, Xcc};
    let cases: [(&str, Format, &str); 9] = [
        (
            "mixed-use",
            Xcc,
            "| X coloured a by options 1 and 2 (a 6th gives it b), uncoloured by 3.\n\
             | Covers: {4,3} {4,5} {1,2,5}; {1,2,3} mixes coloured and uncoloured\n\
             | uses, {1,6,..} mixes colours: 3 solutions.\n\
             A B C | X\nA X:a\nB X:a\nC X\nA B\nC\nB X:b\n",
        ),
        (
            "several-colours",
            Xcc,
            "| A by 1 or 2, B by 3, 4 or 5: {1,3} {2,4} {2,5} agree on X, Y, Z: 3 solutions.\n\
             A B | X Y Z\nA X:a Y:b\nA X:b Y:a\nB X:a Z:c\nB Y:a Z:c\nB X:b Y:a\n",
        ),
        (
            "no-primary",
            Xcc,
            "| The option `Y` names no primary item: left out, so only {1,3}\n\
             | (1 solution; counting it would add {1,3,Y}). {1,4} clash on X.\n\
             A B | X Y\nA X:a\nY\nB\nB X:b\n",
        ),
        (
            "all-lo-zero",
            Mcc,
            "| Subsets of the 4 options without {1,3} (A twice), {1,2,4} (B three\n\
             | times) or {2,3} (X a and b): 16 - 4 - 1 - 2 = 9, the empty one included.\n\
             0:1|A 0:2|B | X\nA B\nB X:a\nA X:b\nB\n",
        ),
        (
            "lo-zero-colours",
            Mcc,
            "| B once: by 3, with nothing, 1 or 2 (3); by 4, with nothing or 1 (2);\n\
             | by 5, which takes Y alone, with nothing or 1 (2): 7 solutions.\n\
             0:2|A 1|B | X Y\nA X:a\nA X:b Y:a\nA B Y:a\nB X:a\nB Y\n",
        ),
        (
            "unreachable-lo",
            Mcc,
            "| A must be covered 3 to 4 times but only 2 options name it: 0 solutions.\n\
             3:4|A 0:1|B | X\nA X:a\nA B X:a\nB\n",
        ),
        (
            "knuth-dlx1",
            Xc,
            "| DLX1's example: 1 solution (A D, E F C, B G)\n\
             A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n",
        ),
        (
            "knuth-dlx2",
            Xcc,
            "| DLX2's example: 1 solution (A C X:1 Y:1, B X:1)\n\
             A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n",
        ),
        (
            "knuth-dlx3",
            Mcc,
            "| DLX3's example: 1 solution (A C X:1 Y:1, B X:1, C Y:1)\n\
             A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n",
        ),
    ];
    cases
        .into_iter()
        .map(|(name, format, text)| (name, format, text.to_string()))
        .collect()
}

/// Which of Knuth's formats an instance uses, hence which of his programs
/// read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Plain exact cover (DLX1; every later program reads it too).
    Xc,
    /// Colours (DLX2, SSXCC; DLX3 and SSMCC read it too).
    Xcc,
    /// Multiplicities, maybe colours (DLX3, SSMCC).
    Mcc,
}

/// What an instance of [`family`] is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Size {
    /// Tiny: the test suite counts it (Knuth's programs take well under
    /// 0.05 s).
    Test,
    /// A benchmark: Knuth's fastest program takes about 0.5 to 2 s to count
    /// its solutions.
    Bench,
}

/// One instance of [`family`].
#[derive(Clone, Debug)]
pub struct Instance {
    /// A file-name-safe name, unique in the family.
    pub name: String,
    /// The call that made `text`, as written in this file.
    pub call: String,
    /// Its format.
    pub format: Format,
    /// Test or benchmark.
    pub size: Size,
    /// The text in Knuth's format.
    pub text: String,
}

/// The family of instances of the test suite and the benchmarks, in a
/// fixed order. Their counts by Knuth's programs are recorded in
/// `tests/data/knuth_counts.tsv` under the same names.
pub fn family() -> Vec<Instance> {
    macro_rules! inst {
        ($name:expr, $size:ident, $format:ident, $call:expr) => {
            Instance {
                name: $name.to_string(),
                call: stringify!($call)
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" "),
                format: Format::$format,
                size: Size::$size,
                text: $call,
            }
        };
    }
    let mut all = vec![
        inst!("words-3-a3-l9", Test, Xcc, random_word_square(3, 3, 9, 1)),
        inst!("words-3-a4-l20", Test, Xcc, random_word_square(3, 4, 20, 2)),
        inst!("words-4-a3-l24", Test, Xcc, random_word_square(4, 3, 24, 3)),
        inst!("latin-4", Test, Xc, latin_square(4)),
        inst!("latin-6-g12", Test, Xc, latin_square_completion(6, 12, 9)),
        inst!("latin-xcc-3", Test, Xcc, latin_square_xcc(3, 0, 0)),
        inst!("latin-xcc-4", Test, Xcc, latin_square_xcc(4, 0, 0)),
        inst!("latin-xcc-5-g12", Test, Xcc, latin_square_xcc(5, 12, 4)),
        inst!(
            "graceful-p5",
            Test,
            Xcc,
            graceful_labelling(5, &path_graph(5))
        ),
        inst!(
            "graceful-c4",
            Test,
            Xcc,
            graceful_labelling(4, &cycle_graph(4))
        ),
        inst!(
            "graceful-c5",
            Test,
            Xcc,
            graceful_labelling(5, &cycle_graph(5))
        ),
        inst!(
            "graceful-c6",
            Test,
            Xcc,
            graceful_labelling(6, &cycle_graph(6))
        ),
        inst!(
            "graceful-k4",
            Test,
            Xcc,
            graceful_labelling(4, &complete_graph(4))
        ),
        inst!(
            "graceful-k5",
            Test,
            Xcc,
            graceful_labelling(5, &complete_graph(5))
        ),
        inst!(
            "bqueens-4-r12",
            Test,
            Mcc,
            bounded_queens(4, (1, 2), (0, 2))
        ),
        inst!(
            "bqueens-5-r12-c01",
            Test,
            Mcc,
            bounded_queens(5, (1, 2), (0, 1))
        ),
        inst!("queens-6", Test, Mcc, bounded_queens(6, (1, 1), (1, 1))),
        inst!("choose-3-of-7", Test, Mcc, choose_k_of_n(7, 3, 3)),
        inst!("choose-0-2-of-6", Test, Mcc, choose_k_of_n(6, 0, 2)),
        inst!("choose-2-5-of-8", Test, Mcc, choose_k_of_n(8, 2, 5)),
        inst!(
            "random-xcc-1",
            Test,
            Xcc,
            random_instance(&RandomSpec {
                seed: 1,
                primary: 6,
                secondary: 4,
                options: 16,
                density: 0.3,
                colours: 2,
                coloured: 0.7,
                max_bound: 1
            })
        ),
        inst!(
            "random-xcc-2",
            Test,
            Xcc,
            random_instance(&RandomSpec {
                seed: 2,
                primary: 8,
                secondary: 5,
                options: 24,
                density: 0.25,
                colours: 3,
                coloured: 0.8,
                max_bound: 1
            })
        ),
        inst!(
            "random-mcc-1",
            Test,
            Mcc,
            random_instance(&RandomSpec {
                seed: 1,
                primary: 5,
                secondary: 4,
                options: 16,
                density: 0.3,
                colours: 2,
                coloured: 0.7,
                max_bound: 3
            })
        ),
        inst!(
            "random-mcc-2",
            Test,
            Mcc,
            random_instance(&RandomSpec {
                seed: 2,
                primary: 6,
                secondary: 3,
                options: 18,
                density: 0.3,
                colours: 3,
                coloured: 0.6,
                max_bound: 2
            })
        ),
        // Bench sizes: tuned so that Knuth's fastest program for the
        // format counts all solutions in about 0.5 to 2 s of CPU.
        inst!(
            "bench-words-4",
            Bench,
            Xcc,
            random_word_square(4, 5, 150, 11)
        ),
        inst!(
            "bench-latin-6-g4",
            Bench,
            Xc,
            latin_square_completion(6, 4, 5)
        ),
        inst!(
            "bench-latin-xcc-6-g8",
            Bench,
            Xcc,
            latin_square_xcc(6, 8, 5)
        ),
        inst!(
            "bench-graceful-w8",
            Bench,
            Xcc,
            graceful_labelling(9, &wheel_graph(8))
        ),
        inst!(
            "bench-bqueens-10",
            Bench,
            Mcc,
            bounded_queens(10, (0, 2), (1, 1))
        ),
        inst!("bench-choose-26", Bench, Mcc, choose_k_of_n(26, 12, 14)),
        inst!(
            "bench-random-xcc",
            Bench,
            Xcc,
            random_instance(&RandomSpec {
                seed: 4,
                primary: 50,
                secondary: 15,
                options: 320,
                density: 0.07,
                colours: 3,
                coloured: 0.7,
                max_bound: 1
            })
        ),
        inst!(
            "bench-random-mcc",
            Bench,
            Mcc,
            random_instance(&RandomSpec {
                seed: 8,
                primary: 24,
                secondary: 10,
                options: 120,
                density: 0.12,
                colours: 3,
                coloured: 0.7,
                max_bound: 3
            })
        ),
        // Outside that range, kept for their published counts (OEIS
        // A002860: 161280 Latin squares of order 5), plain and coloured.
        inst!("bench-latin-5", Bench, Xc, latin_square(5)),
        inst!("bench-latin-xcc-5", Bench, Xcc, latin_square_xcc(5, 0, 0)),
    ];
    for (name, format, text) in tricky_instances() {
        all.push(Instance {
            name: format!("tricky-{name}"),
            call: format!("tricky_instances()[{name:?}]"),
            format,
            size: Size::Test,
            text,
        });
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Knuth's programs read names of at most 8 characters without `:` or
    /// `|` (bounds aside), single-character colours, and want every line
    /// ended; each instance of the family keeps to that.
    #[test]
    fn family_texts_keep_to_knuths_limits() {
        let all = family();
        let names: BTreeSet<&str> = all.iter().map(|i| i.name.as_str()).collect();
        assert_eq!(names.len(), all.len(), "instance names repeat");
        for inst in &all {
            assert!(inst.text.ends_with('\n'), "{}", inst.name);
            let mut lines = inst.text.lines().filter(|l| !l.starts_with('|'));
            let items = lines.next().expect("an item line");
            for token in items.split_whitespace().filter(|t| *t != "|") {
                let name = token.rsplit('|').next().unwrap_or(token);
                assert!(
                    name.len() <= 8 && !name.contains(':'),
                    "{}: {token}",
                    inst.name
                );
                // Bounds (`lo:hi|name`) are for DLX3 files only.
                let bounded = token.contains('|');
                assert!(
                    !bounded || inst.format == Format::Mcc,
                    "{}: {token}",
                    inst.name
                );
            }
            for line in lines {
                for token in line.split_whitespace() {
                    let (name, colour) = token.split_once(':').unwrap_or((token, "x"));
                    assert!(
                        name.len() <= 8 && !name.contains('|'),
                        "{}: {token}",
                        inst.name
                    );
                    assert_eq!(colour.chars().count(), 1, "{}: {token}", inst.name);
                    assert!(
                        inst.format != Format::Xc || !token.contains(':'),
                        "{}",
                        inst.name
                    );
                }
            }
        }
    }

    #[test]
    fn random_generators_follow_their_seed() {
        let spec = RandomSpec {
            seed: 3,
            primary: 6,
            secondary: 3,
            options: 20,
            density: 0.3,
            colours: 2,
            coloured: 0.5,
            max_bound: 3,
        };
        assert_eq!(random_instance(&spec), random_instance(&spec));
        let other = RandomSpec {
            seed: 4,
            ..spec.clone()
        };
        assert_ne!(random_instance(&spec), random_instance(&other));
        assert_eq!(word_list(4, 3, 20, 9), word_list(4, 3, 20, 9));
        assert_ne!(latin_square_xcc(5, 5, 1), latin_square_xcc(5, 5, 2));
    }

    #[test]
    fn word_lists_are_distinct_sorted_and_capped() {
        let words = word_list(3, 4, 30, 1);
        assert_eq!(words.len(), 30);
        assert!(words.windows(2).all(|w| w[0] < w[1]));
        assert!(words
            .iter()
            .all(|w| w.len() == 3 && w.bytes().all(|b| (b'a'..=b'd').contains(&b))));
        // Only 2^2 = 4 words of 2 letters from `ab`.
        assert_eq!(word_list(2, 2, 10, 1), ["aa", "ab", "ba", "bb"]);
    }

    #[test]
    fn bounds_are_written_as_knuth_reads_them() {
        assert_eq!(bound_prefix(1, 1), "");
        assert_eq!(bound_prefix(2, 2), "2|");
        assert_eq!(bound_prefix(0, 3), "0:3|");
        assert!(choose_k_of_n(3, 0, 1).contains("\n0:1|X | s0 s1 s2\n"));
    }

    /// The plain and coloured completions fix the same cells to the same
    /// symbols, as their docs say.
    #[test]
    fn latin_completions_agree_on_the_givens() {
        let (n, givens, seed) = (5, 9, 7);
        let mut plain: BTreeSet<(String, String)> = BTreeSet::new();
        let mut per_cell: std::collections::BTreeMap<String, Vec<String>> = Default::default();
        for line in latin_square_completion(n, givens, seed).lines().skip(2) {
            let mut t = line.split_whitespace();
            let (cell, row_symbol) = (t.next().unwrap_or(""), t.next().unwrap_or(""));
            let symbol = row_symbol.rsplit('_').next().unwrap_or("").to_string();
            per_cell.entry(cell.to_string()).or_default().push(symbol);
        }
        for (cell, symbols) in per_cell {
            if let [only] = symbols.as_slice() {
                plain.insert((cell, only.clone()));
            }
        }
        let mut colours: std::collections::BTreeMap<String, BTreeSet<String>> = Default::default();
        for line in latin_square_xcc(n, givens, seed).lines().skip(2) {
            let cell_colour = line.split_whitespace().nth(1).unwrap_or("");
            let (cell, colour) = cell_colour.split_once(':').unwrap_or((cell_colour, ""));
            colours
                .entry(cell.to_string())
                .or_default()
                .insert(colour.to_string());
        }
        let coloured: BTreeSet<(String, String)> = colours
            .into_iter()
            .filter(|(_, c)| c.len() == 1)
            .map(|(cell, c)| (cell, c.into_iter().next().unwrap_or_default()))
            .collect();
        assert_eq!(plain.len(), givens);
        assert_eq!(plain, coloured);
    }

    #[test]
    #[should_panic(expected = "edge 1-0 twice")]
    fn graceful_refuses_a_repeated_edge() {
        graceful_labelling(3, &[(0, 1), (1, 0)]);
    }
}
