//! An independent check of a claimed solution, written without the arena.

use std::collections::HashMap;

use thiserror::Error;

use super::problem::{ItemKind, Problem};

/// Why a claimed solution is not an exact cover.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum CoverError {
    /// An option number past the end of the problem.
    #[error("option {0} does not exist")]
    NoSuchOption(usize),
    /// An option is listed twice: a solution is a set of options.
    #[error("option {0} is chosen twice")]
    RepeatedOption(usize),
    /// Some item is covered by more options than it allows (two, for a
    /// plain item or a secondary one without colours).
    #[error("item `{0}` is covered more than once")]
    CoveredTwice(String),
    /// A primary item is not covered.
    #[error("primary item `{0}` is not covered")]
    Uncovered(String),
    /// A primary item with bounds is covered too few or too many times.
    #[error("item `{item}` is covered {count} times, outside its bounds {lo}..={hi}")]
    OutOfBounds {
        /// The item's name.
        item: String,
        /// How many chosen options name it.
        count: u32,
        /// Its lower bound.
        lo: u32,
        /// Its upper bound.
        hi: u32,
    },
    /// Two chosen options give a secondary item different colours, or one
    /// gives it no colour while another names it too.
    #[error("item `{item}` has colour {first} in one option and {second} in another")]
    ColorClash {
        /// The item's name.
        item: String,
        /// Its colour in the first option naming it (`none` for none).
        first: String,
        /// Its colour in a later option.
        second: String,
    },
}

/// Checks that `solution` (option numbers) is a solution of `problem`:
/// every primary item covered between its bounds (exactly once when it
/// has none), and every secondary item either named by at most one option
/// or given one and the same colour by every option naming it.
pub fn verify(problem: &Problem, solution: &[usize]) -> Result<(), CoverError> {
    let items = problem.items();
    let mut count = vec![0u32; items.len()];
    // Per secondary item, the colour of the first option naming it.
    let mut colors: HashMap<usize, Option<&str>> = HashMap::new();
    let mut chosen = std::collections::HashSet::new();
    for &option in solution {
        if option >= problem.options() {
            return Err(CoverError::NoSuchOption(option));
        }
        if !chosen.insert(option) {
            return Err(CoverError::RepeatedOption(option));
        }
        for (item, color) in problem.option_entries(option) {
            count[item] += 1;
            let spec = &items[item];
            if spec.kind == ItemKind::Primary {
                if count[item] > spec.hi {
                    return Err(if spec.is_bounded() {
                        out_of_bounds(spec, count[item])
                    } else {
                        CoverError::CoveredTwice(spec.name.clone())
                    });
                }
                continue;
            }
            match colors.insert(item, color) {
                None => {}
                Some(None) if color.is_none() => {
                    return Err(CoverError::CoveredTwice(spec.name.clone()))
                }
                Some(first) if first.is_none() || first != color => {
                    let name = |c: Option<&str>| c.map_or("none".to_string(), |c| format!("`{c}`"));
                    return Err(CoverError::ColorClash {
                        item: spec.name.clone(),
                        first: name(first),
                        second: name(color),
                    });
                }
                Some(_) => {}
            }
        }
    }
    for (spec, &n) in items.iter().zip(&count) {
        if spec.kind == ItemKind::Primary && n < spec.lo {
            return Err(if spec.is_bounded() {
                out_of_bounds(spec, n)
            } else {
                CoverError::Uncovered(spec.name.clone())
            });
        }
    }
    Ok(())
}

fn out_of_bounds(spec: &super::Item, count: u32) -> CoverError {
    CoverError::OutOfBounds {
        item: spec.name.clone(),
        count,
        lo: spec.lo,
        hi: spec.hi,
    }
}
