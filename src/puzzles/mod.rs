//! Puzzle front-ends: each encodes its puzzle as an exact-cover problem and
//! decodes solutions. They never print.

pub(crate) mod lines;
pub mod sudoku;
pub mod sudominoku;
