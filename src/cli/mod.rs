//! The command-line layer: argument definitions and the small commands
//! that only glue library calls together.

pub mod args;
pub mod bench;
pub mod check;
pub mod gen;
