//! The integration tests, one crate: each file of this folder is a module,
//! so they build and link once (one binary against the library and its
//! dependencies, where one crate per file made eighteen), and run in one
//! process. Run one module's tests with a filter, e.g.
//! `cargo test --test it cli_guards::`.

mod common;

mod bench_cli;
mod cells;
mod cli_guards;
mod cli_sudoku;
mod cli_xc;
mod engine_props;
mod forced_moves;
mod generate;
mod input_detection;
mod known_counts;
mod malformed;
mod panic_safety;
mod puzzle_files;
mod reliability;
mod restarts;
mod solvers_agree;
mod sudominoku;
mod timeout;
