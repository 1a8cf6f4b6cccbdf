//! The [`Problem`] builder: named items and the options that cover them.
//!
//! A problem is stated once, in terms a person can read (item names, lists of
//! items), and then compiled into a [`Matrix`](crate::exact_cover::Matrix) for
//! fast repeated solving.

use std::collections::{HashMap, HashSet};

use thiserror::Error;

use crate::error::excerpt;

/// Options up to this many items are checked for repeated items by a scan
/// (no allocation); longer ones by a set.
const SHORT_OPTION: usize = 32;

/// Whether an item must be covered exactly once or at most once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ItemKind {
    /// Covered by exactly one option of every solution.
    Primary,
    /// Covered by at most one option of every solution.
    Secondary,
}

/// One named item of a [`Problem`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// The item's name, unique within its problem.
    pub name: String,
    /// Primary (exactly once) or secondary (at most once).
    pub kind: ItemKind,
}

/// Why a [`Problem`] rejected an item or an option.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ProblemError {
    /// An item was declared twice.
    #[error("item `{}` is declared twice", excerpt(.0))]
    DuplicateItem(String),
    /// An item name was empty or contained whitespace, `|` or a byte-order
    /// mark (U+FEFF, which a reader strips from the start of a file, so the
    /// name would not come back from Knuth's format).
    #[error(
        "item name `{}` is not allowed (empty, or contains whitespace, `|` or U+FEFF)",
        excerpt(.0)
    )]
    BadItemName(String),
    /// An option named an item that was never declared.
    #[error("unknown item `{}`", excerpt(.0))]
    UnknownItem(String),
    /// An option referred to an item index past the end.
    #[error("item index {0} is out of range")]
    ItemOutOfRange(usize),
    /// An option listed the same item twice.
    #[error("item `{}` appears twice in one option", excerpt(.0))]
    RepeatedItem(String),
    /// An option listed no items at all.
    #[error("option {option} is empty: an option lists at least one item")]
    EmptyOption {
        /// The number the option would have had.
        option: usize,
    },
    /// An option listed only secondary items: Algorithm X chooses options
    /// through primary items, so it could never be part of a solution.
    #[error("option {option} (`{}`) has no primary item", excerpt(.items))]
    NoPrimaryItem {
        /// The number the option would have had.
        option: usize,
        /// Its items' names, separated by spaces.
        items: String,
    },
    /// More items or option nodes than the 32-bit arena can address. The
    /// number is the nodes the problem would need (items, option nodes and
    /// spacers); the limit is about 2^31.
    #[error("problem too large: it would need {0} nodes, and the arena addresses fewer than 2^31")]
    TooLarge(usize),
}

/// An exact-cover problem: items and options.
///
/// Items are numbered from 0 in the order they are added; options likewise.
/// Solutions are reported as option numbers.
///
/// ```
/// use dlx_engine::exact_cover::{Problem, Solver};
///
/// let mut p = Problem::new();
/// for name in ["a", "b", "c"] {
///     p.add_primary(name).unwrap();
/// }
/// p.add_option_by_name(["a", "b"]).unwrap(); // option 0
/// p.add_option_by_name(["c"]).unwrap(); //      option 1
/// p.add_option_by_name(["b", "c"]).unwrap(); // option 2
/// let mut solver = Solver::new(&p.compile().unwrap());
/// assert_eq!(solver.first_solution().unwrap(), vec![0, 1]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    items: Vec<Item>,
    index: HashMap<String, usize>,
    /// Item numbers of every option, concatenated; `option_starts[k]..option_starts[k+1]`.
    option_items: Vec<u32>,
    option_starts: Vec<usize>,
}

/// The same as [`Problem::new`]: an empty problem. (A derived `Default` would
/// leave out the start of the first option.)
impl Default for Problem {
    fn default() -> Self {
        Problem::new()
    }
}

impl Problem {
    /// An empty problem.
    pub fn new() -> Self {
        Problem {
            items: Vec::new(),
            index: HashMap::new(),
            option_items: Vec::new(),
            // Option `k` ends where `k + 1` starts: one entry before the first.
            option_starts: vec![0],
        }
    }

    /// Declares a primary item (covered exactly once); returns its number.
    ///
    /// # Errors
    /// As [`add_item`](Self::add_item).
    pub fn add_primary(&mut self, name: impl Into<String>) -> Result<usize, ProblemError> {
        self.add_item(name.into(), ItemKind::Primary)
    }

    /// Declares a secondary item (covered at most once); returns its number.
    ///
    /// # Errors
    /// As [`add_item`](Self::add_item).
    pub fn add_secondary(&mut self, name: impl Into<String>) -> Result<usize, ProblemError> {
        self.add_item(name.into(), ItemKind::Secondary)
    }

    /// Declares an item of the given kind; returns its number.
    ///
    /// # Errors
    /// [`ProblemError::BadItemName`] for an empty name or one with
    /// whitespace, `|` or U+FEFF; [`ProblemError::DuplicateItem`] for a name
    /// already declared. The problem is unchanged then.
    pub fn add_item(
        &mut self,
        name: impl Into<String>,
        kind: ItemKind,
    ) -> Result<usize, ProblemError> {
        let name = name.into();
        let bad = |c: char| c.is_whitespace() || c == '|' || c == '\u{feff}';
        if name.is_empty() || name.contains(bad) {
            return Err(ProblemError::BadItemName(name));
        }
        if self.index.contains_key(&name) {
            return Err(ProblemError::DuplicateItem(name));
        }
        let id = self.items.len();
        self.index.insert(name.clone(), id);
        self.items.push(Item { name, kind });
        Ok(id)
    }

    /// Adds an option given by item numbers; returns the option's number.
    ///
    /// # Errors
    /// [`ProblemError::EmptyOption`], [`ProblemError::ItemOutOfRange`],
    /// [`ProblemError::RepeatedItem`], [`ProblemError::NoPrimaryItem`] (an
    /// option of secondary items only could never be chosen), or
    /// [`ProblemError::TooLarge`] when the problem would outgrow the
    /// arena. The problem is unchanged then.
    pub fn add_option(&mut self, items: &[usize]) -> Result<usize, ProblemError> {
        if items.is_empty() {
            return Err(ProblemError::EmptyOption {
                option: self.options(),
            });
        }
        let mut has_primary = false;
        // A short option is checked for repeats by scanning what came before
        // it; a long one (an option may name every item) by a set, so the
        // check stays linear.
        let mut seen = (items.len() > SHORT_OPTION).then(|| HashSet::with_capacity(items.len()));
        for (k, &item) in items.iter().enumerate() {
            let spec = self
                .items
                .get(item)
                .ok_or(ProblemError::ItemOutOfRange(item))?;
            let repeated = match &mut seen {
                Some(seen) => !seen.insert(item),
                None => items[..k].contains(&item),
            };
            if repeated {
                return Err(ProblemError::RepeatedItem(spec.name.clone()));
            }
            has_primary |= spec.kind == ItemKind::Primary;
        }
        if !has_primary {
            let names: Vec<&str> = items.iter().map(|&i| self.items[i].name.as_str()).collect();
            return Err(ProblemError::NoPrimaryItem {
                option: self.options(),
                items: names.join(" "),
            });
        }
        // Items, options and spacers must all fit in u32 arena links.
        let nodes = self.items.len() + self.option_items.len() + items.len() + self.options() + 3;
        if nodes >= u32::MAX as usize / 2 {
            return Err(ProblemError::TooLarge(nodes));
        }
        self.option_items.extend(items.iter().map(|&i| i as u32));
        self.option_starts.push(self.option_items.len());
        Ok(self.options() - 1)
    }

    /// Adds an option given by item names; returns the option's number.
    ///
    /// # Errors
    /// [`ProblemError::UnknownItem`] for a name never declared, else as
    /// [`add_option`](Self::add_option). The problem is unchanged then.
    pub fn add_option_by_name<I, S>(&mut self, names: I) -> Result<usize, ProblemError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let ids = names
            .into_iter()
            .map(|n| {
                let n = n.as_ref();
                self.item_id(n)
                    .ok_or_else(|| ProblemError::UnknownItem(n.to_string()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        self.add_option(&ids)
    }

    /// The number of the item called `name`, if declared.
    pub fn item_id(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }

    /// All items, in declaration order.
    pub fn items(&self) -> &[Item] {
        &self.items
    }

    /// How many options have been added.
    pub fn options(&self) -> usize {
        self.option_starts.len() - 1
    }

    /// The options that name `item`, in order: the branches of a search
    /// split on that item (one per thread, each `select`ed first), or the
    /// options a symmetry argument leaves out. One pass over every option's
    /// items; an item number out of range has none.
    ///
    /// ```
    /// use dlx_engine::problems::knuth_example;
    ///
    /// let p = knuth_example();
    /// let d = p.item_id("D").unwrap();
    /// assert_eq!(p.options_with(d).collect::<Vec<_>>(), [1, 3, 5]);
    /// assert_eq!(p.options_with(99).count(), 0);
    /// ```
    pub fn options_with(&self, item: usize) -> impl Iterator<Item = usize> + '_ {
        self.option_starts
            .windows(2)
            .enumerate()
            .filter(move |(_, span)| {
                self.option_items[span[0]..span[1]]
                    .iter()
                    .any(|&i| i as usize == item)
            })
            .map(|(k, _)| k)
    }

    /// The item numbers of option `k`, in the order given.
    ///
    /// # Panics
    /// If `k >= self.options()`.
    pub fn option(&self, k: usize) -> impl ExactSizeIterator<Item = usize> + '_ {
        let options = self.options();
        assert!(
            k < options,
            "option {k} out of range: the problem has {options} options"
        );
        self.option_items[self.option_starts[k]..self.option_starts[k + 1]]
            .iter()
            .map(|&i| i as usize)
    }

    /// The item names of option `k`, in the order given.
    ///
    /// # Panics
    /// If `k >= self.options()`.
    pub fn option_names(&self, k: usize) -> Vec<&str> {
        self.option(k)
            .map(|i| self.items[i].name.as_str())
            .collect()
    }

    /// Total number of item occurrences over all options.
    pub fn option_nodes(&self) -> usize {
        self.option_items.len()
    }

    /// Compiles the problem into a dancing-links [`Matrix`](crate::exact_cover::Matrix).
    ///
    /// # Errors
    /// [`ProblemError::TooLarge`] if the arena (items, option nodes and
    /// spacers) would not fit 32-bit links.
    pub fn compile(&self) -> Result<crate::exact_cover::Matrix, ProblemError> {
        crate::exact_cover::Matrix::new(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn abc() -> Problem {
        let mut p = Problem::new();
        p.add_primary("a").unwrap();
        p.add_primary("b").unwrap();
        p.add_secondary("s").unwrap();
        p
    }

    /// `Problem::default()` (or a problem inside a user's derived
    /// `Default`) must be as usable as `new()`: the derived one numbered
    /// the first option `usize::MAX` and lost it.
    #[test]
    fn default_is_new() {
        assert_eq!(Problem::default(), Problem::new());
        let mut p = Problem::default();
        p.add_primary("a").unwrap();
        p.add_primary("b").unwrap();
        assert_eq!(p.add_option_by_name(["a"]), Ok(0));
        assert_eq!(p.add_option_by_name(["b"]), Ok(1));
        assert_eq!(p.options(), 2);
        let mut solver = crate::exact_cover::Solver::new(&p.compile().unwrap());
        assert_eq!(solver.first_solution(), Some(vec![0, 1]));
        assert_eq!(Problem::default().compile().unwrap().options(), 0);
        let write = crate::exact_cover::knuth_format::write;
        assert_eq!(write(&Problem::default()), write(&Problem::new()));
    }

    #[test]
    fn rejects_bad_items_and_options() {
        let mut p = abc();
        assert_eq!(
            p.add_primary("a"),
            Err(ProblemError::DuplicateItem("a".into()))
        );
        assert_eq!(
            p.add_primary("x y"),
            Err(ProblemError::BadItemName("x y".into()))
        );
        assert_eq!(p.add_primary(""), Err(ProblemError::BadItemName("".into())));
        assert_eq!(
            p.add_primary("\u{feff}a"),
            Err(ProblemError::BadItemName("\u{feff}a".into()))
        );
        assert_eq!(
            p.add_option_by_name(["a", "zz"]),
            Err(ProblemError::UnknownItem("zz".into()))
        );
        assert_eq!(
            p.add_option_by_name(["a", "s", "a"]),
            Err(ProblemError::RepeatedItem("a".into()))
        );
        let empty = p.add_option_by_name(Vec::<&str>::new()).unwrap_err();
        assert_eq!(empty, ProblemError::EmptyOption { option: 0 });
        assert_eq!(
            empty.to_string(),
            "option 0 is empty: an option lists at least one item"
        );
        let secondary = p.add_option_by_name(["s"]).unwrap_err();
        assert_eq!(
            secondary.to_string(),
            "option 0 (`s`) has no primary item",
            "the message says which option, by number and items"
        );
        assert_eq!(p.add_option(&[7]), Err(ProblemError::ItemOutOfRange(7)));
        assert_eq!(p.options(), 0, "rejected options must not be kept");
        assert_eq!(p.add_option_by_name(["b", "s"]), Ok(0));
        assert_eq!(p.option_names(0), vec!["b", "s"]);
        assert_eq!(
            p.add_option_by_name(Vec::<&str>::new()).unwrap_err(),
            ProblemError::EmptyOption { option: 1 },
            "numbered as the option would have been"
        );
    }

    /// Long options take the set path: the same errors, in the same order
    /// (the first position that is out of range or repeats an earlier item).
    #[test]
    fn long_options_report_like_short_ones() {
        let mut p = Problem::new();
        let n = 5 * SHORT_OPTION;
        for k in 0..n {
            p.add_primary(format!("i{k}")).unwrap();
        }
        let mut all: Vec<usize> = (0..n).collect();
        assert_eq!(p.add_option(&all), Ok(0));
        all.push(3);
        assert_eq!(
            p.add_option(&all),
            Err(ProblemError::RepeatedItem("i3".into()))
        );
        // The repeat at position n comes before the bad index after it.
        all.push(n + 7);
        assert_eq!(
            p.add_option(&all),
            Err(ProblemError::RepeatedItem("i3".into()))
        );
        let mut bad_first: Vec<usize> = (0..n).collect();
        bad_first[40] = n + 7;
        bad_first[41] = 0;
        assert_eq!(
            p.add_option(&bad_first),
            Err(ProblemError::ItemOutOfRange(n + 7))
        );
        assert_eq!(p.options(), 1, "rejected options must not be kept");
    }

    /// An option naming 4,000,000 items is checked in linear time: scanning
    /// the items before each one was quadratic and took seconds on options a
    /// tenth as long (`docs/perf-log.md`, "Figures moved out of code
    /// comments"), so on this one it would take many minutes. The limit
    /// only catches that: no verdict here depends on the machine's speed
    /// or load (a linear check takes a fraction of a second).
    #[test]
    fn one_huge_option_is_fast() {
        let mut p = Problem::new();
        let n = 4_000_000;
        for k in 0..n {
            p.add_primary(format!("i{k}")).unwrap();
        }
        let all: Vec<usize> = (0..n).collect();
        let start = std::time::Instant::now();
        assert_eq!(p.add_option(&all), Ok(0));
        assert!(
            start.elapsed() < std::time::Duration::from_secs(300),
            "{:?}",
            start.elapsed()
        );
    }
}
