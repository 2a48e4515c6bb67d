//! `referee` as a library, around the judge core (the `judge` crate,
//! what the one-file judge submissions run):
//! - [`core`]: the tool's readings of the three problems (places in
//!   errors, strict and fast readings), which knows nothing of the tool
//!   and goes into the packages' input validators;
//! - [`tool`]: the binary's own code: command line, generators, bench,
//!   scoreboards and the match, bundler, packages and judging.

#![deny(unsafe_code)]

/// The judge core, named `crate::judge` here as in the validator bundles,
/// which paste it beside the tool's core.
pub use judge;

pub mod core;
pub mod tool;
