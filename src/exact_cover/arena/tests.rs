use super::choice::choose_in;
use super::*;
use crate::exact_cover::Problem;

#[test]
fn layout_matches_knuth() {
    let mut p = Problem::new();
    p.add_primary("a").unwrap();
    p.add_secondary("c").unwrap();
    p.add_primary("b").unwrap();
    p.add_option_by_name(["a", "c"]).unwrap();
    p.add_option_by_name(["b"]).unwrap();
    let m = p.compile().unwrap();
    let s = &m.shape;
    // Arena items: a=1, b=2 (primaries first), c=3.
    assert_eq!(s.slot, vec![1, 3, 2]);
    assert_eq!(s.external[1..], [0, 2, 1]);
    // headers 0..=3, spacer 4, option 0 at 5..=6, spacer 7, option 1 at 8, spacer 9
    assert_eq!(
        s.links.meta.iter().map(|m| m.item).collect::<Vec<_>>(),
        [0, 0, 0, 0, 0, 1, 3, 0, 2, 0]
    );
    assert_eq!(s.links.meta[5].next, 6, "next runs round the option");
    assert_eq!(s.links.meta[6].next, 5);
    assert_eq!(
        s.links.meta[8].next, 8,
        "an option of one node is its own ring"
    );
    assert_eq!(s.option_first, vec![5, 8]);
    assert_eq!(s.links.len[1..], [1, 1, SECONDARY_BASE + 1]);
    assert_eq!(
        (1..=3).map(|i| s.links.options_in(i)).collect::<Vec<_>>(),
        [1, 1, 1]
    );
    assert_eq!(s.links.primaries, 2);
    assert_eq!(s.links.active, 2);
    let n = &s.links.nodes;
    assert_eq!(n[4].down, 6, "spacer down = last node of next option");
    assert_eq!(n[7].up, 5, "spacer up = first node of previous option");
    assert_eq!(n[7].down, 8);
    assert_eq!(n[9].up, 8);
    assert_eq!((n[1].down, n[1].up, n[5].up, n[5].down), (5, 5, 1, 1));
    assert_eq!(s.node_option[5..], [0, 0, NO_OPTION, 1, NO_OPTION]);
    assert_eq!(m.nodes(), 10);
    assert_eq!(m.primary_items(), 2);
    assert_eq!(s.option_items(0), [1, 3]);
}

/// Each item's column lists, in order, exactly the options naming it.
#[test]
fn columns_are_the_transpose_of_the_options() {
    for problem in [
        crate::problems::n_queens(6),
        crate::problems::langford_pairs(5),
    ] {
        let m = problem.compile().unwrap();
        let s = &m.shape;
        for slot in 1..=m.items() as u32 {
            let expected: Vec<u32> = (0..m.options())
                .filter(|&o| s.option_items(o).contains(&slot))
                .map(|o| o as u32)
                .collect();
            assert_eq!(s.column(slot), expected, "item {slot}");
        }
    }
}

/// The chunked MRV scan picks the same item as a plain first-minimum
/// loop, for every length pattern around the chunk boundaries.
#[test]
fn choose_is_the_first_minimum() {
    let mut rng = 0x9e37_79b9_7f4a_7c15u64;
    for primaries in [1usize, 2, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 324] {
        for _ in 0..200 {
            let mut links = Links::empty(primaries + 2, primaries, 0);
            for i in 1..=primaries {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                links.len[i] = (rng % 5) as u32;
                if rng % 7 == 0 {
                    links.len[i] |= COVERED;
                    links.active -= 1;
                }
            }
            if links.active == 0 {
                continue;
            }
            let lens = links.len[1..=primaries].to_vec();
            let min = *lens.iter().min().unwrap();
            let expected = lens.iter().position(|&l| l == min).unwrap();
            links.zeros = lens.iter().filter(|&&l| l == 0).count() as u32;
            let zeros = links.zeros;
            assert_eq!(
                links.dance(|d| d.choose()) as usize,
                expected + 1,
                "{lens:?}"
            );
            assert_eq!(links.zeros, zeros, "choosing changes nothing");
            assert_eq!(choose_in(&lens, min.min(1)), expected, "{lens:?}");
        }
    }
}
