//! An independent check of a claimed solution, written without the arena.

use bitvec::prelude::*;
use thiserror::Error;

use super::problem::{ItemKind, Problem};

/// Why a claimed solution is not an exact cover.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum CoverError {
    /// An option number past the end of the problem.
    #[error("option {0} does not exist")]
    NoSuchOption(usize),
    /// Some item is covered by two options of the solution.
    #[error("item `{0}` is covered more than once")]
    CoveredTwice(String),
    /// A primary item is not covered.
    #[error("primary item `{0}` is not covered")]
    Uncovered(String),
}

/// Checks that `solution` (option numbers) covers every primary item of
/// `problem` exactly once and every secondary item at most once.
pub fn verify(problem: &Problem, solution: &[usize]) -> Result<(), CoverError> {
    let items = problem.items();
    let mut covered = bitvec![0; items.len()];
    for &option in solution {
        if option >= problem.options() {
            return Err(CoverError::NoSuchOption(option));
        }
        for item in problem.option(option) {
            if covered.replace(item, true) {
                return Err(CoverError::CoveredTwice(items[item].name.clone()));
            }
        }
    }
    let uncovered = items
        .iter()
        .zip(covered.iter().by_vals())
        .find(|&(item, c)| item.kind == ItemKind::Primary && !c);
    match uncovered {
        Some((item, _)) => Err(CoverError::Uncovered(item.name.clone())),
        None => Ok(()),
    }
}
