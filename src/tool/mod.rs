//! The tool around the core: command line, generators, benchmark,
//! scoreboard view, bundler, and the two-core driver.

pub mod bench;
pub mod bundle;
pub mod cli;
pub mod gen;
pub mod parallel;
pub mod problem;
pub mod scoreboard;
