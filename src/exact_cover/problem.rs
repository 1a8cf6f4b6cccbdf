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
    /// Fewest options of a solution that may name a primary item (Knuth's
    /// multiplicities, DLX3's `lo:hi|name`): 1 for a plain primary item, 0
    /// for a secondary one.
    pub lo: u32,
    /// Most options of a solution that may name the item: 1 unless a
    /// primary item was given bounds ([`Problem::add_bounded`]).
    pub hi: u32,
}

impl Item {
    /// Whether the item has bounds other than a plain item's (a primary
    /// item not covered exactly once).
    pub fn is_bounded(&self) -> bool {
        self.kind == ItemKind::Primary && (self.lo, self.hi) != (1, 1)
    }
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
    /// A primary item was given bounds a solution cannot meet: an upper
    /// bound of 0, or a lower bound above the upper.
    #[error("item `{}`: {why}", excerpt(.item))]
    BadBounds {
        /// The item's name.
        item: String,
        /// What is wrong, in words.
        why: String,
    },
    /// An option gave a colour to a primary item: only secondary items
    /// take colours (Knuth's DLX2).
    #[error("item `{}` is primary and cannot have a colour (only secondary items take colours)", excerpt(.0))]
    ColorOnPrimary(String),
    /// A colour name was empty or contained whitespace, `:` or `|`.
    #[error(
        "colour `{}` of item `{}` is not allowed (empty, or contains whitespace, `:` or `|`)",
        excerpt(.color), excerpt(.item)
    )]
    BadColor {
        /// The item the colour was given to.
        item: String,
        /// The colour as written.
        color: String,
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
    /// Colour of each entry of `option_items`: 0 for none, else `k + 1`
    /// for `colors[k]`. Empty while no option has a colour (most problems,
    /// and `colors` is empty too), then as long as `option_items`.
    option_colors: Vec<u32>,
    option_starts: Vec<usize>,
    /// Colour names, in order of first use.
    colors: Vec<String>,
    /// Number of each colour name, 1-based (as in `option_colors`).
    color_index: HashMap<String, u32>,
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
            option_colors: Vec::new(),
            // Option `k` ends where `k + 1` starts: one entry before the first.
            option_starts: vec![0],
            colors: Vec::new(),
            color_index: HashMap::new(),
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
        let lo = u32::from(kind == ItemKind::Primary);
        self.items.push(Item {
            name,
            kind,
            lo,
            hi: 1,
        });
        Ok(id)
    }

    /// Declares a primary item that every solution covers between `lo` and
    /// `hi` times (Knuth's multiplicities: `lo:hi|name` in DLX3's format);
    /// returns its number. `lo` may be 0; `(1, 1)` is a plain primary item.
    ///
    /// ```
    /// use dlx_engine::exact_cover::{Limits, Problem, Solver};
    ///
    /// // Choose two of the four options: C(4, 2) = 6 ways.
    /// let mut p = Problem::new();
    /// let pick = p.add_bounded("pick", 2, 2)?;
    /// for k in 0..4 {
    ///     let own = p.add_secondary(format!("o{k}"))?;
    ///     p.add_option(&[pick, own])?;
    /// }
    /// assert_eq!(Solver::new(&p.compile()?).count(Limits::none()).solutions, 6);
    /// # Ok::<(), dlx_engine::exact_cover::ProblemError>(())
    /// ```
    ///
    /// # Errors
    /// [`ProblemError::BadBounds`] if `hi` is 0 or `lo > hi`, else as
    /// [`add_item`](Self::add_item). The problem is unchanged then.
    pub fn add_bounded(
        &mut self,
        name: impl Into<String>,
        lo: u32,
        hi: u32,
    ) -> Result<usize, ProblemError> {
        let name = name.into();
        let why = if hi == 0 {
            Some("the upper bound is 0, so no option could cover it".to_string())
        } else if lo > hi {
            Some(format!("the lower bound {lo} exceeds the upper bound {hi}"))
        } else {
            None
        };
        if let Some(why) = why {
            return Err(ProblemError::BadBounds { item: name, why });
        }
        let id = self.add_item(name, ItemKind::Primary)?;
        self.items[id].lo = lo;
        self.items[id].hi = hi;
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
        self.check_option(items)?;
        self.option_items.extend(items.iter().map(|&i| i as u32));
        if !self.colors.is_empty() {
            self.option_colors.resize(self.option_items.len(), 0);
        }
        self.option_starts.push(self.option_items.len());
        Ok(self.options() - 1)
    }

    /// Adds an option whose secondary items may have colours (Knuth's
    /// DLX2 `item:colour`): options that give an item the same colour may
    /// share it; an entry without a colour excludes every other option
    /// naming the item. Returns the option's number.
    ///
    /// ```
    /// use dlx_engine::exact_cover::{Limits, Problem, Solver};
    ///
    /// // Two primary items; the secondary `x` is shared only when coloured alike.
    /// let mut p = Problem::new();
    /// let (a, b, x) = (p.add_primary("a")?, p.add_primary("b")?, p.add_secondary("x")?);
    /// p.add_colored_option(&[(a, None), (x, Some("red"))])?;
    /// p.add_colored_option(&[(b, None), (x, Some("red"))])?;
    /// p.add_colored_option(&[(b, None), (x, Some("blue"))])?;
    /// assert_eq!(p.option_text(0), "a x:red");
    /// let mut solver = Solver::new(&p.compile()?);
    /// assert_eq!(solver.first_solution(), Some(vec![0, 1]));
    /// assert_eq!(solver.count(Limits::none()).solutions, 1);
    /// # Ok::<(), dlx_engine::exact_cover::ProblemError>(())
    /// ```
    ///
    /// # Errors
    /// [`ProblemError::ColorOnPrimary`], [`ProblemError::BadColor`], else as
    /// [`add_option`](Self::add_option). The problem is unchanged then.
    pub fn add_colored_option<S: AsRef<str>>(
        &mut self,
        entries: &[(usize, Option<S>)],
    ) -> Result<usize, ProblemError> {
        let items: Vec<usize> = entries.iter().map(|&(i, _)| i).collect();
        self.check_option(&items)?;
        for (item, color) in entries {
            let Some(color) = color else { continue };
            let (color, spec) = (color.as_ref(), &self.items[*item]);
            if spec.kind == ItemKind::Primary {
                return Err(ProblemError::ColorOnPrimary(spec.name.clone()));
            }
            let bad = |c: char| c.is_whitespace() || c == ':' || c == '|';
            if color.is_empty() || color.contains(bad) {
                return Err(ProblemError::BadColor {
                    item: spec.name.clone(),
                    color: color.to_string(),
                });
            }
        }
        let colored = !self.colors.is_empty() || entries.iter().any(|(_, c)| c.is_some());
        if colored {
            self.option_colors.resize(self.option_items.len(), 0);
        }
        for (item, color) in entries {
            self.option_items.push(*item as u32);
            if !colored {
                continue;
            }
            let id = match color {
                None => 0,
                Some(c) => self.color_id(c.as_ref()),
            };
            self.option_colors.push(id);
        }
        self.option_starts.push(self.option_items.len());
        Ok(self.options() - 1)
    }

    /// The number (from 1) of colour `name`, made on first use.
    fn color_id(&mut self, name: &str) -> u32 {
        if let Some(&id) = self.color_index.get(name) {
            return id;
        }
        self.colors.push(name.to_string());
        let id = self.colors.len() as u32;
        self.color_index.insert(name.to_string(), id);
        id
    }

    /// Checks an option's items before it is added (see
    /// [`add_option`](Self::add_option) for the errors).
    fn check_option(&self, items: &[usize]) -> Result<(), ProblemError> {
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
        Ok(())
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

    /// The items of option `k` with their colours, in the order given.
    ///
    /// # Panics
    /// If `k >= self.options()`.
    pub fn option_entries(
        &self,
        k: usize,
    ) -> impl ExactSizeIterator<Item = (usize, Option<&str>)> + '_ {
        let start = self.option_starts[k];
        self.option(k).enumerate().map(move |(j, item)| {
            let color = self.option_colors.get(start + j).copied().unwrap_or(0);
            (item, self.color_name(color))
        })
    }

    /// Option `k` as Knuth's format writes it: item names separated by
    /// spaces, each coloured one as `item:colour`.
    ///
    /// # Panics
    /// If `k >= self.options()`.
    pub fn option_text(&self, k: usize) -> String {
        let mut text = String::new();
        for (item, color) in self.option_entries(k) {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(&self.items[item].name);
            if let Some(color) = color {
                text.push(':');
                text.push_str(color);
            }
        }
        text
    }

    /// Whether some option gives an item a colour (Knuth's XCC problems).
    pub fn has_colors(&self) -> bool {
        self.option_colors.iter().any(|&c| c != 0)
    }

    /// Whether some primary item has bounds other than exactly once
    /// (Knuth's MCC problems).
    pub fn has_bounds(&self) -> bool {
        self.items.iter().any(Item::is_bounded)
    }

    /// The colour numbers (0 for none, else from 1 in order of first use)
    /// of every option's entries, concatenated as [`Problem::option`] gives
    /// the items; empty when no option has a colour.
    pub(crate) fn entry_colors(&self) -> &[u32] {
        &self.option_colors
    }

    /// The name of colour number `id` (None for 0, no colour).
    fn color_name(&self, id: u32) -> Option<&str> {
        id.checked_sub(1).map(|k| self.colors[k as usize].as_str())
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
