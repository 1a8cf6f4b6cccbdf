//! The choice of the item to branch on (Knuth's step X3, C3, M3): scans of
//! the primary items' lengths, with no item list to walk.

use super::COVERED;

/// [`Dance::choose`](super::Dance::choose) on the primaries' lengths `lens`, with `zeros` of them 0.
#[inline(always)]
pub(crate) fn choose(lens: &[u32], zeros: u32) -> u32 {
    let floor = if zeros > 0 { 0 } else { 1 };
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2, the only requirement of this function.
        return unsafe { choose_avx2(lens, floor) } as u32 + 1;
    }
    choose_in(lens, floor) as u32 + 1
}

/// Index of the first minimum of `lens` (not empty), given that no length
/// is below `floor`: the first length equal to `floor` if there is one,
/// else the first minimum (a vectorised minimum, then its first position).
#[inline(always)]
pub(super) fn choose_in(lens: &[u32], floor: u32) -> usize {
    if let Some(k) = first_equal(lens, floor) {
        return k;
    }
    let min = lens.iter().fold(u32::MAX, |a, &b| a.min(b));
    first_equal(lens, min).unwrap_or(0)
}

/// Index of the first length equal to `value`, eight at a time: each group
/// of eight compares becomes one bit mask (a compare and a `movemask` when
/// vectorised), and the first set bit is the answer.
#[inline(always)]
fn first_equal(lens: &[u32], value: u32) -> Option<usize> {
    const LANES: usize = 8;
    let mut groups = lens.chunks_exact(LANES);
    for (g, group) in (&mut groups).enumerate() {
        let mask = group
            .iter()
            .enumerate()
            .fold(0u32, |m, (i, &l)| m | (u32::from(l == value) << i));
        if mask != 0 {
            return Some(g * LANES + mask.trailing_zeros() as usize);
        }
    }
    let base = lens.len() - groups.remainder().len();
    groups
        .remainder()
        .iter()
        .position(|&l| l == value)
        .map(|k| base + k)
}

/// [`choose_in`] with AVX2 intrinsics: eight lengths per compare, whose
/// `movemask` gives the first match directly, and eight per `vpminud` for
/// the minimum. Baseline x86-64 (SSE2) has no unsigned 32-bit minimum and the
/// compiler does not turn the scalar first-match loop into a `movemask`, so
/// this makes the MRV scan much cheaper (measured; see `docs/perf-log.md`,
/// "Figures moved out of code comments").
///
/// # Safety
/// The CPU must support AVX2. All loads are from 8-element arrays borrowed
/// from `lens`, so they stay in bounds.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn choose_avx2(lens: &[u32], floor: u32) -> usize {
    use std::arch::x86_64::*;
    const LANES: usize = 8;
    /// Lengths tested per step: four vectors, whose compares are OR-ed
    /// into one `movemask` test, so a scan costs about half the
    /// instructions of one test per vector.
    const BLOCK: usize = 4 * LANES;
    // SAFETY (all closures): `group` is exactly 8 u32s = 32 bytes, read
    // with an unaligned load; the other intrinsics need only AVX2.
    let load = |group: &[u32]| unsafe { _mm256_loadu_si256(group.as_ptr().cast()) };
    let mask = |v: __m256i| _mm256_movemask_ps(_mm256_castsi256_ps(v)) as u32;
    let first_equal = |value: u32| -> Option<usize> {
        let target = _mm256_set1_epi32(value as i32);
        let equal = |group: &[u32]| _mm256_cmpeq_epi32(load(group), target);
        let blocks = lens.chunks_exact(BLOCK);
        let rest = blocks.remainder();
        for (b, block) in blocks.enumerate() {
            let e = [
                equal(&block[..LANES]),
                equal(&block[LANES..2 * LANES]),
                equal(&block[2 * LANES..3 * LANES]),
                equal(&block[3 * LANES..]),
            ];
            let any = _mm256_or_si256(_mm256_or_si256(e[0], e[1]), _mm256_or_si256(e[2], e[3]));
            if mask(any) != 0 {
                let bits = e
                    .iter()
                    .enumerate()
                    .fold(0u32, |m, (k, &v)| m | mask(v) << (8 * k));
                return Some(b * BLOCK + bits.trailing_zeros() as usize);
            }
        }
        let base = lens.len() - rest.len();
        let groups = rest.chunks_exact(LANES);
        let tail = groups.remainder();
        for (g, group) in groups.enumerate() {
            let bits = mask(equal(group));
            if bits != 0 {
                return Some(base + g * LANES + bits.trailing_zeros() as usize);
            }
        }
        let base = lens.len() - tail.len();
        tail.iter().position(|&l| l == value).map(|k| base + k)
    };
    if let Some(k) = first_equal(floor) {
        return k;
    }
    let groups = lens.chunks_exact(LANES);
    let tail = groups.remainder();
    let mut least = _mm256_set1_epi32(-1);
    for group in groups {
        least = _mm256_min_epu32(least, load(group));
    }
    let mut lanes = [0u32; LANES];
    _mm256_storeu_si256(lanes.as_mut_ptr().cast(), least);
    let min = lanes.iter().chain(tail).fold(u32::MAX, |a, &b| a.min(b));
    first_equal(min).unwrap_or(0)
}

/// The item Algorithm M branches on among the open primary items `open`
/// (whose lengths, bounds and slacks `len`, `bound` and `slack` give by
/// item number), and its branching degree, as Knuth's DLX3 chooses: the
/// least `len + s - bound + 1`, where `s` is the smaller of slack and
/// bound; ties go to the smaller `s`, then the longer list (which Knuth
/// found gives smaller trees), then the first item. A degree of 0 or less
/// means the item cannot reach its lower bound, and any such item is
/// returned at once (the search backtracks whichever it gets). On a problem
/// without bounds (every bound 1, slack 0) it is the MRV choice. `(0,
/// i64::MAX)` when no item is open.
///
/// With `sharp` not empty (one flag per item), Knuth's sharp preference as
/// his `dlx3-sharp` change makes it: an item not marked sharp whose degree
/// is above 1 ranks after every sharp one (its degree raised by
/// [`SHARP_BIAS`] for the comparison only).
pub(crate) fn choose_bounded(
    open: &[u32],
    len: &[u32],
    bound: &[u32],
    slack: &[u32],
    sharp: &[bool],
) -> (u32, i64) {
    let mut best = (0u32, i64::MAX, u32::MAX, 0u32);
    for &item in open {
        let i = item as usize;
        let (len, bound, slack) = (len[i], bound[i], slack[i]);
        debug_assert!(len & COVERED == 0, "item {item} is open");
        let s = slack.min(bound);
        let mut degree = i64::from(len) + i64::from(s) - i64::from(bound) + 1;
        if degree <= 0 {
            return (item, degree);
        }
        if degree > 1 && !sharp.is_empty() && !sharp[i] {
            degree += SHARP_BIAS;
        }
        let (best_item, best_degree, best_s, best_len) = best;
        let better = degree < best_degree
            || (degree == best_degree
                && (s < best_s
                    || (s == best_s && (len > best_len || (len == best_len && item < best_item)))));
        if better {
            best = (item, degree, s, len);
        }
    }
    let (item, degree) = (best.0, best.1);
    (
        item,
        if degree > SHARP_BIAS {
            degree - SHARP_BIAS
        } else {
            degree
        },
    )
}

/// What Knuth's sharp preference adds to the rank of an item that is not
/// sharp: more than any length or degree (lengths are below 2^31).
const SHARP_BIAS: i64 = 1 << 40;

/// [`choose`] with Knuth's sharp preference (his `dlx2-sharp` change): the
/// first primary item of fewest options, except that an item not marked in
/// `sharp` with more than one option ranks after every sharp item. `lens`
/// and `sharp` are the primaries' (item `k + 1` at index `k`); covered
/// items have [`COVERED`] set. Requires an uncovered item.
pub(crate) fn choose_sharp(lens: &[u32], sharp: &[bool]) -> u32 {
    let rank = |(k, (&len, &sharp)): (usize, (&u32, &bool))| {
        let biased = match u64::from(len) {
            _ if len & COVERED != 0 => u64::MAX,
            len if len > 1 && !sharp => len + (1 << 33),
            len => len,
        };
        (biased, k)
    };
    let best = lens.iter().zip(sharp).enumerate().map(rank).min();
    best.map_or(0, |(_, k)| k as u32 + 1)
}
