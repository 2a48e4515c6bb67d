//! A small crate laid out as the core is, for the bundler's end-to-end
//! test: `crate::core::` paths, files several per module, a trait, a
//! strict mode that only the validator's root reaches, and tests.

pub mod io;
pub mod limits;
pub mod shapes;
