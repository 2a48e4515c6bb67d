//! A small crate laid out as the core is, for the bundler's end-to-end
//! test: `crate::core::` paths, files several per module, a trait, a
//! strict mode that only the validator's root reaches, and tests; and what
//! the one module of a minified bundle must tell apart: two constants of
//! one name, a `Result` beside the prelude's, an import under another
//! name, enum variants through a glob import and through `Self::`.

pub mod io;
pub mod limits;
pub mod shapes;
