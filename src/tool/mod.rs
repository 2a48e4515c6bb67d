//! The tool around the core: command line, generators, benchmark,
//! scoreboard view, bundler, the judging of a contestant's own solution,
//! and strict validation and problem packages for judges.

pub(crate) mod bench;
pub mod bundle;
pub mod cli;
mod files;
pub mod gen;
pub(crate) mod judge;
mod markup;
pub mod package;
pub mod problem;
pub mod run;
pub mod scoreboard;
pub mod solvers;
pub(crate) mod terminal;
pub(crate) mod validate;
