//! The dancing-links arena: flat vectors of `u32` links, as in Knuth's DLX1.
//!
//! Layout (Knuth, TAOCP 7.2.2.1, with items numbered from 1):
//! - node 0 is the root of the list of active primary items;
//! - nodes `1..=N` are the item headers; `ulink`/`dlink` of a header run
//!   through the column of that item's options;
//! - then every option's nodes, with a *spacer* node before the first option,
//!   between consecutive options and after the last. A spacer has `top == 0`;
//!   its `ulink` is the first node of the option before it and its `dlink` the
//!   last node of the option after it, so `hide`/`unhide` can walk an option
//!   cyclically without knowing its length.
//!
//! Item lengths live in their own contiguous array so the MRV scan touches one
//! cache-friendly vector.

use std::sync::Arc;

use super::problem::{ItemKind, Problem, ProblemError};

/// Marks nodes that belong to no option (headers, spacers).
pub(crate) const NO_OPTION: u32 = u32::MAX;

/// The mutable part of the arena: everything the dance changes.
#[derive(Debug, Clone)]
pub(crate) struct Links {
    /// Left neighbour of each item in the active list (index 0 = root).
    pub llink: Vec<u32>,
    /// Right neighbour of each item in the active list (index 0 = root).
    pub rlink: Vec<u32>,
    /// Number of options currently in each item's column (index 0 unused).
    pub len: Vec<u32>,
    /// Node above, per node.
    pub ulink: Vec<u32>,
    /// Node below, per node.
    pub dlink: Vec<u32>,
}

/// The immutable part: shared by every solver built from one matrix.
#[derive(Debug)]
pub(crate) struct Shape {
    /// Item of each node (1-based), 0 for spacers and headers.
    pub top: Vec<u32>,
    /// Option number of each node, [`NO_OPTION`] for headers and spacers.
    pub node_option: Vec<u32>,
    /// First node of each option.
    pub option_first: Vec<u32>,
    /// Number of primary items.
    pub primaries: usize,
    /// The arena in its starting state, copied by every new solver.
    pub links: Links,
    /// The problem this was compiled from (names, kinds, options).
    pub problem: Problem,
}

/// A compiled exact-cover problem: the dancing-links arena in its starting
/// state. Cheap to clone (shared); build it once per problem shape and create
/// one [`Solver`](crate::exact_cover::Solver) per thread from it.
#[derive(Debug, Clone)]
pub struct Matrix {
    pub(crate) shape: Arc<Shape>,
}

impl Matrix {
    /// Compiles `problem` into an arena.
    pub fn new(problem: &Problem) -> Result<Self, ProblemError> {
        let items = problem.items().len();
        let options = problem.options();
        let nodes = items + 1 + options + 1 + problem.option_nodes();
        if nodes >= u32::MAX as usize / 2 {
            return Err(ProblemError::TooLarge(nodes));
        }
        let mut llink = vec![0u32; items + 1];
        let mut rlink = vec![0u32; items + 1];
        // Primary items form the circular active list through the root 0;
        // secondary items point at themselves so covering them is harmless.
        let mut last = 0u32;
        let mut primaries = 0;
        for (k, item) in problem.items().iter().enumerate() {
            let i = k as u32 + 1;
            if item.kind == ItemKind::Primary {
                primaries += 1;
                llink[i as usize] = last;
                rlink[last as usize] = i;
                last = i;
            } else {
                llink[i as usize] = i;
                rlink[i as usize] = i;
            }
        }
        llink[0] = last;
        rlink[last as usize] = 0;

        let mut top = vec![0u32; items + 1];
        let mut ulink: Vec<u32> = (0..=items as u32).collect();
        let mut dlink: Vec<u32> = (0..=items as u32).collect();
        let mut len = vec![0u32; items + 1];
        let mut node_option = vec![NO_OPTION; items + 1];
        let mut option_first = Vec::with_capacity(options);
        top.reserve(nodes - top.len());

        // The first spacer.
        let mut spacer = top.len();
        top.push(0);
        ulink.push(0);
        dlink.push(0);
        node_option.push(NO_OPTION);
        for k in 0..options {
            let first = top.len() as u32;
            option_first.push(first);
            for item in problem.option(k) {
                let header = item as u32 + 1;
                let p = top.len() as u32;
                top.push(header);
                node_option.push(k as u32);
                // Append p at the bottom of the header's column.
                let above = ulink[header as usize];
                ulink.push(above);
                dlink.push(header);
                dlink[above as usize] = p;
                ulink[header as usize] = p;
                len[header as usize] += 1;
            }
            let last_node = top.len() as u32 - 1;
            dlink[spacer] = last_node;
            spacer = top.len();
            top.push(0);
            ulink.push(first);
            dlink.push(0);
            node_option.push(NO_OPTION);
        }

        Ok(Matrix {
            shape: Arc::new(Shape {
                top,
                node_option,
                option_first,
                primaries,
                links: Links {
                    llink,
                    rlink,
                    len,
                    ulink,
                    dlink,
                },
                problem: problem.clone(),
            }),
        })
    }

    /// The problem this matrix was compiled from.
    pub fn problem(&self) -> &Problem {
        &self.shape.problem
    }

    /// Number of items (primary and secondary).
    pub fn items(&self) -> usize {
        self.shape.problem.items().len()
    }

    /// Number of primary items.
    pub fn primary_items(&self) -> usize {
        self.shape.primaries
    }

    /// Number of options.
    pub fn options(&self) -> usize {
        self.shape.option_first.len()
    }

    /// Number of nodes in the arena (headers, option nodes and spacers).
    pub fn nodes(&self) -> usize {
        self.shape.top.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_matches_knuth() {
        let mut p = Problem::new();
        p.add_primary("a").unwrap();
        p.add_primary("b").unwrap();
        p.add_secondary("c").unwrap();
        p.add_option_by_name(["a", "c"]).unwrap();
        p.add_option_by_name(["b"]).unwrap();
        let m = p.compile().unwrap();
        let s = &m.shape;
        // headers 0..=3, spacer 4, option 0 at 5..=6, spacer 7, option 1 at 8, spacer 9
        assert_eq!(s.top, vec![0, 0, 0, 0, 0, 1, 3, 0, 2, 0]);
        assert_eq!(s.option_first, vec![5, 8]);
        assert_eq!(s.links.rlink[..3], [1, 2, 0]);
        assert_eq!(s.links.rlink[3], 3, "secondary items are self-linked");
        assert_eq!(s.links.len[1..], [1, 1, 1]);
        assert_eq!(
            s.links.dlink[4], 6,
            "spacer dlink = last node of next option"
        );
        assert_eq!(
            s.links.ulink[7], 5,
            "spacer ulink = first node of previous option"
        );
        assert_eq!(s.links.dlink[7], 8);
        assert_eq!(s.links.ulink[9], 8);
        assert_eq!(m.nodes(), 10);
        assert_eq!(m.primary_items(), 2);
    }
}
