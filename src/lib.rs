//! # dlx-engine
//!
//! An exact-cover engine (Knuth's Algorithm X over a dancing-links arena) and
//! puzzle front-ends built on it.
//!
//! - [`exact_cover`]: the engine. State a [`Problem`](exact_cover::Problem),
//!   compile it to a [`Matrix`](exact_cover::Matrix), solve it with a
//!   [`Solver`](exact_cover::Solver).
//!
//! ```
//! use dlx_engine::exact_cover::{knuth_format, Limits, Solver};
//!
//! let xc = knuth_format::parse("a b c\na b\nc\nb c\na\n", "example").unwrap();
//! let mut solver = Solver::new(&xc.problem.compile().unwrap());
//! assert_eq!(solver.count(Limits::none()).solutions, 2);
//! ```
#![warn(missing_docs)]

pub mod baseline;
pub mod error;
pub mod exact_cover;
pub mod generate;
pub mod io;
pub mod problems;
pub mod puzzles;

/// The README's Rust examples, compiled and run as doc tests so that they
/// cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;
