//! Value parsers shared by the commands' arguments (each command owns its
//! own argument struct, beside its code).

use std::ffi::OsStr;
use std::marker::PhantomData;

use clap::builder::{EnumValueParser, PossibleValue, TypedValueParser};
use clap::error::ErrorKind;
use clap::ValueEnum;
use dlx_engine::puzzles::sudoku::variants::{Layout, Variants};
use dlx_engine::puzzles::sudoku::BoxShape;
use dlx_engine::puzzles::Kind;

/// The most worker threads `-j` takes. Each thread holds its own solver,
/// and rayon starts them all up front: tens of thousands took minutes to
/// start on three puzzles. No machine this runs on has more cores.
pub const MAX_THREADS: i64 = 1024;

/// Reads a whole number of at least 1 (a count or budget where 0 would
/// mean nothing can happen), saying so in words rather than as clap's
/// range `1..18446744073709551615`.
pub fn positive(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("must be at least 1".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(format!("{e} (expected a whole number of at least 1)")),
    }
}

/// Value parser of a count or budget that may be 0 (`--node-limit`,
/// `--timeout-ms`, `--count`): says what was expected, so `-1` is not just
/// "invalid digit found in string".
pub fn whole(text: &str) -> Result<u64, String> {
    text.parse::<u64>()
        .map_err(|e| format!("{e} (expected a whole number, 0 or more)"))
}

/// Value parser of `--box RxC`: the rows and columns of a Sudoku's boxes
/// (`2x3`, `3x4`), both at least 2, making a side from 4 to 64.
pub fn box_shape(text: &str) -> Result<BoxShape, String> {
    text.parse()
}

/// What `--variant` asks for: rules added to classic grids, or a layout
/// with its own format (never both).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct VariantArg {
    /// Rules added to classic Sudoku grids (empty with a layout).
    pub rules: Variants,
    /// Jigsaw, killer or samurai: its own reader and encoding.
    pub layout: Option<Layout>,
}

/// As given: the layout's name, or the rules (`classic` for none).
impl std::fmt::Display for VariantArg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.layout {
            Some(layout) => write!(f, "{layout}"),
            None => write!(f, "{}", self.rules),
        }
    }
}

/// Value parser of `--variant`: Sudoku rules joined by commas
/// (`x,windoku,anti-knight,anti-king`, any of them, each once), or one
/// layout alone (`jigsaw`, `killer`, `samurai`), whose puzzles have a line
/// format of their own and take no other rule.
pub fn variants(text: &str) -> Result<VariantArg, String> {
    let names: Vec<&str> = text.split(',').map(str::trim).collect();
    let layouts: Vec<Layout> = names.iter().filter_map(|n| n.parse().ok()).collect();
    match (&layouts[..], names.len()) {
        ([], _) => Ok(VariantArg {
            rules: text.parse()?,
            layout: None,
        }),
        ([layout], 1) => Ok(VariantArg {
            rules: Variants::NONE,
            layout: Some(*layout),
        }),
        ([layout, ..], _) => Err(format!(
            "{layout} puzzles have a line format of their own and combine with no other \
             variant: give --variant {layout} alone"
        )),
    }
}

/// Value parser of `dlx gen --size`: a box size n for boxes of n x n (2 to
/// 5, as it always was), or a side as `NxN` (`6x6`, `12x12`) for the
/// side's default boxes (R <= C, nearest to square).
pub fn gen_size(text: &str) -> Result<BoxShape, String> {
    if let Ok(n) = text.parse::<usize>() {
        return match n {
            2..=5 => Ok(BoxShape::square(n)),
            _ => Err(format!(
                "box size {n}: expected 2 (4x4), 3 (9x9), 4 (16x16) or 5 (25x25), \
                 or a side as NxN (6x6, 12x12, ...)"
            )),
        };
    }
    let side = match text.split_once(['x', 'X']) {
        Some((a, b)) if a == b => a.parse::<usize>().ok(),
        _ => None,
    };
    let side = side.ok_or_else(|| {
        format!("`{text}`: expected a box size (2 to 5) or a side as NxN, such as 6x6")
    })?;
    BoxShape::for_side(side).map_err(|e| e.to_string())
}

/// The values of one comma-separated list option (`--solvers dlx,naive`),
/// in the order given. An option given more than once holds one list per
/// occurrence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommaList<T>(pub Vec<T>);

/// The value parser of a [`CommaList`] of `T` names: each name between the
/// commas must be one of `T`'s possible values.
///
/// clap's own `value_delimiter` answers an empty name (`dlx,,naive`,
/// `,dlx`, `dlx,`) with "a value is required", which names neither the
/// list nor the stray comma; this parser says which name is empty and how
/// to write the list. An unknown name gets clap's own message (the possible
/// values, a similar one if any).
#[derive(Debug, Clone, Copy)]
pub struct CommaListParser<T> {
    /// What each name names, for messages: `solver` for `--solvers`.
    noun: &'static str,
    names: PhantomData<T>,
}

impl<T> CommaListParser<T> {
    /// A parser of lists of `T` names, each naming a `noun` in messages.
    pub fn new(noun: &'static str) -> Self {
        CommaListParser {
            noun,
            names: PhantomData,
        }
    }

    /// The usage error (exit status 2) for a list with an empty name:
    /// `--OPTION: PROBLEM; list NOUNs separated by single commas: EXAMPLE`,
    /// the example being the option's default, or else every possible
    /// name.
    fn empty_name(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        problem: &str,
    ) -> clap::Error {
        let option = match arg {
            Some(arg) => match arg.get_long() {
                Some(long) => format!("--{long}"),
                None => arg.get_id().to_string(),
            },
            None => "the list".to_string(),
        };
        let joined = |names: Vec<String>| names.join(",");
        let example = match arg {
            Some(arg) if !arg.get_default_values().is_empty() => joined(
                (arg.get_default_values().iter())
                    .map(|d| d.to_string_lossy().into_owned())
                    .collect(),
            ),
            Some(arg) => joined(
                (arg.get_possible_values().iter())
                    .map(|v| v.get_name().to_string())
                    .collect(),
            ),
            None => String::new(),
        };
        let noun = self.noun;
        cmd.clone().error(
            ErrorKind::InvalidValue,
            format!("{option}: {problem}; list {noun}s separated by single commas: {example}"),
        )
    }
}

impl<T: ValueEnum + Clone + Send + Sync + 'static> TypedValueParser for CommaListParser<T> {
    type Value = CommaList<T>;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Self::Value, clap::Error> {
        let names = EnumValueParser::<T>::new();
        // Not UTF-8: no name can match; clap says so in its words.
        let Some(text) = value.to_str() else {
            return names
                .parse_ref(cmd, arg, value)
                .map(|one| CommaList(vec![one]));
        };
        if text.is_empty() {
            let problem = format!("no {} named", self.noun);
            return Err(self.empty_name(cmd, arg, &problem));
        }
        let pieces: Vec<&str> = text.split(',').collect();
        if let Some(k) = pieces.iter().position(|piece| piece.is_empty()) {
            let noun = self.noun;
            let problem = format!(
                "empty {noun} name in `{text}` ({noun} {} of the list)",
                k + 1
            );
            return Err(self.empty_name(cmd, arg, &problem));
        }
        let values = (pieces.into_iter())
            .map(|piece| names.parse_ref(cmd, arg, OsStr::new(piece)))
            .collect::<Result<_, _>>()?;
        Ok(CommaList(values))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            T::value_variants()
                .iter()
                .filter_map(ValueEnum::to_possible_value),
        ))
    }
}

/// The `--kind` of an input: a kind, or `auto` to decide from each input's
/// content (no kind requested).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum KindArg {
    /// Decide from the content.
    Auto,
    /// Classic Sudoku: one-line puzzles, CSV lines, or grids (numeric,
    /// pretty or bare rows), titled or not.
    Sudoku,
    /// Baekjoon 4574 Sudominoku.
    Sudominoku,
    /// An exact-cover problem in Knuth's DLX1 format.
    Xc,
}

impl KindArg {
    /// The kind requested; `None` for `auto`.
    pub fn requested(self) -> Option<Kind> {
        match self {
            KindArg::Auto => None,
            KindArg::Sudoku => Some(Kind::Sudoku),
            KindArg::Sudominoku => Some(Kind::Sudominoku),
            KindArg::Xc => Some(Kind::Xc),
        }
    }
}
