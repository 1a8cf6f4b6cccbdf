//! [`Matrix`]: a problem compiled once into its starting arena, with what
//! never changes about it ([`Shape`]), shared by every solver of it.

use std::sync::Arc;

use super::arena::{Kind, Links, COVERED, NO_OPTION};
use super::problem::{ItemKind, Problem, ProblemError};

/// The immutable part: shared by every solver built from one matrix.
#[derive(Debug)]
pub(crate) struct Shape {
    /// First node of each option in the full arena.
    pub option_first: Vec<u32>,
    /// Option number of each node, [`NO_OPTION`] for headers and spacers.
    pub node_option: Vec<u32>,
    /// Arena items of every option, concatenated: option `k` is
    /// `option_slots[slots_start[k]..slots_start[k + 1]]`.
    pub option_slots: Vec<u32>,
    /// Where each option's items start in `option_slots` (one extra at the end).
    pub slots_start: Vec<u32>,
    /// The options of every arena item's column, in order, and where each
    /// item's start (see [`Shape::column`]): made on first use, so only
    /// matrices that [`ReducedSolver::load_after`] reads pay for them.
    ///
    /// [`ReducedSolver::load_after`]: super::ReducedSolver::load_after
    pub columns: std::sync::OnceLock<(Vec<u32>, Vec<u32>)>,
    /// Arena item number (1-based, primaries first) of every problem item.
    pub slot: Vec<u32>,
    /// Problem item number (0-based) of every arena item (index 0 unused).
    pub external: Vec<u32>,
    /// Number of primary items.
    pub primaries: usize,
    /// Which search the problem needs: colours, bounds, both or neither.
    pub kind: Kind,
    /// The full arena in its starting state, copied by every new solver.
    pub links: Links,
    /// The problem this was compiled from (names, kinds, options).
    pub problem: Problem,
}

impl Shape {
    /// Arena items (1-based) of option `option`: its nodes in the full arena.
    pub fn option_items(&self, option: usize) -> &[u32] {
        let options = self.slots_start.len() - 1;
        assert!(
            option < options,
            "option {option} out of range: the matrix has {options} options"
        );
        let (a, b) = (self.slots_start[option], self.slots_start[option + 1]);
        &self.option_slots[a as usize..b as usize]
    }

    /// Arena item of problem item `item` (0-based).
    ///
    /// # Panics
    /// If `item` is not an item of the problem, with a message saying so.
    pub fn slot_of(&self, item: usize) -> u32 {
        let items = self.slot.len();
        assert!(
            item < items,
            "item {item} out of range: the matrix has {items} items"
        );
        self.slot[item]
    }

    /// Problem item (0-based) of arena item `slot`.
    pub fn item_of(&self, slot: u32) -> usize {
        self.external[slot as usize] as usize
    }

    /// The options (in order) whose items include arena item `slot`.
    pub fn column(&self, slot: u32) -> &[u32] {
        let (options, start) = self
            .columns
            .get_or_init(|| columns(&self.option_slots, &self.slots_start, self.slot.len()));
        let (a, b) = (start[slot as usize], start[slot as usize + 1]);
        &options[a as usize..b as usize]
    }
}

/// The transpose of the options' items (`option_slots`, split by
/// `slots_start`) over arena items `1..=items`: each item's options in
/// order, concatenated, and where each item's start (a counting sort).
fn columns(option_slots: &[u32], slots_start: &[u32], items: usize) -> (Vec<u32>, Vec<u32>) {
    let mut start = vec![0u32; items + 2];
    for &slot in option_slots {
        start[slot as usize + 1] += 1;
    }
    for s in 1..start.len() {
        start[s] += start[s - 1];
    }
    let mut next = start.clone();
    let mut options = vec![0u32; option_slots.len()];
    for (option, bounds) in (0u32..).zip(slots_start.windows(2)) {
        for &slot in &option_slots[bounds[0] as usize..bounds[1] as usize] {
            options[next[slot as usize] as usize] = option;
            next[slot as usize] += 1;
        }
    }
    (options, start)
}

/// A compiled exact-cover problem: the dancing-links arena in its starting
/// state. Cheap to clone (shared); build it once per problem shape and create
/// one [`Solver`](crate::exact_cover::Solver) per thread from it.
#[derive(Clone)]
pub struct Matrix {
    pub(crate) shape: Arc<Shape>,
}

/// Its sizes, not the arena (a 9x9 Sudoku's would be 330 KB of text).
impl std::fmt::Debug for Matrix {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Matrix")
            .field("items", &self.items())
            .field("primary_items", &self.primary_items())
            .field("options", &self.options())
            .field("nodes", &self.nodes())
            .finish()
    }
}

impl Matrix {
    /// Compiles `problem` into an arena.
    pub fn new(problem: &Problem) -> Result<Self, ProblemError> {
        let items = problem.items().len();
        let options = problem.options();
        let nodes = items + 1 + options + 1 + problem.option_nodes();
        if nodes >= COVERED as usize {
            return Err(ProblemError::TooLarge(nodes));
        }
        // Arena items: primaries first, each kind in declaration order, so
        // the MRV scan runs over one contiguous range and ties still go to
        // the item declared first.
        let (primary, secondary): (Vec<usize>, Vec<usize>) =
            (0..items).partition(|&i| problem.items()[i].kind == ItemKind::Primary);
        let mut slot = vec![0u32; items];
        let mut external = vec![u32::MAX; items + 1];
        for (k, &item) in primary.iter().chain(&secondary).enumerate() {
            slot[item] = k as u32 + 1;
            external[k + 1] = item as u32;
        }

        let mut links = Links::empty(items, primary.len(), nodes);
        let mut option_first = Vec::with_capacity(options);
        let mut option_slots = Vec::with_capacity(problem.option_nodes());
        let mut slots_start = Vec::with_capacity(options + 1);
        slots_start.push(0);
        for k in 0..options {
            option_first.push(links.node_count() as u32);
            let start = option_slots.len();
            option_slots.extend(problem.option(k).map(|i| slot[i]));
            slots_start.push(option_slots.len() as u32);
            links.push_option(&option_slots[start..]);
        }
        let mut node_option = vec![NO_OPTION; links.node_count()];
        for (k, &first) in option_first.iter().enumerate() {
            let size = (slots_start[k + 1] - slots_start[k]) as usize;
            node_option[first as usize..first as usize + size].fill(k as u32);
        }
        let kind = match (problem.has_colors(), problem.has_bounds()) {
            (false, false) => Kind::Xc,
            (true, false) => Kind::Xcc,
            (false, true) => Kind::Mc,
            (true, true) => Kind::Mcc,
        };
        if problem.has_colors() {
            // Option k's entries are its nodes, in order, from its first.
            let colors = problem.entry_colors();
            let mut color = vec![0; links.node_count()];
            for (k, &first) in option_first.iter().enumerate() {
                let (a, b) = (slots_start[k] as usize, slots_start[k + 1] as usize);
                color[first as usize..first as usize + (b - a)].copy_from_slice(&colors[a..b]);
            }
            links.set_colors(color);
        }
        if problem.has_bounds() {
            let (mut hi, mut slack) = (vec![0; items + 1], vec![0; items + 1]);
            for (k, &item) in primary.iter().enumerate() {
                let spec = &problem.items()[item];
                hi[k + 1] = spec.hi;
                slack[k + 1] = spec.hi - spec.lo;
            }
            links.set_bounds(hi, slack);
        }
        Ok(Matrix {
            shape: Arc::new(Shape {
                option_first,
                node_option,
                option_slots,
                slots_start,
                columns: std::sync::OnceLock::new(),
                slot,
                external,
                primaries: primary.len(),
                kind,
                links,
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
        self.shape.links.node_count()
    }
}
