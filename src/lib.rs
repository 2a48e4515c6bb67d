//! `referee` as a library. Two halves:
//! - [`core`]: what goes into the one-file judge submissions and knows
//!   nothing of the tool: reading input, the three solvers, the rules;
//! - [`tool`]: the binary's own code built around it: command line,
//!   generators, bench, scoreboard view, bundler, packages and judging.

#![deny(unsafe_code)]

pub mod core;
pub mod tool;
