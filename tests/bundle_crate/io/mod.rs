//! Reading lines and reporting errors.

pub mod error;
pub mod lines;

pub use self::error::{Error, Result, Strictness};
pub use self::lines::Lines;
