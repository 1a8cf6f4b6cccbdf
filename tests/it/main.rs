//! The integration tests, one crate: each file of this folder is a module,
//! so they build and link once (one binary against the library and its
//! dependencies, where one crate per file made eighteen), and run in one
//! process. Run one module's tests with a filter, e.g.
//! `cargo test --test it cli_guards::`.
//!
//! No verdict here depends on how fast the machine is or how loaded:
//! searches are bounded by node budgets or deadlines already past, a child
//! process is interrupted after an event it shows (a line of output, its
//! input taken, CPU time spent searching), never after a fixed sleep, and
//! the only wall-clock limits are hang guards of several minutes
//! ([`common::child::HANG_LIMIT`]).

mod common;

mod bench_cli;
mod brute;
mod cli_guards;
mod cli_sudoku;
mod cli_xc;
mod conventions;
mod engine_props;
mod family;
mod forced_moves;
mod generate;
mod input_detection;
mod known_counts;
mod lending;
mod malformed;
mod panic_safety;
mod puzzle_files;
mod records;
mod reliability;
mod restarts;
mod solvers_agree;
mod sudoku_shapes;
mod sudominoku;
mod timeout;
mod variants;
mod variants_layouts;
