//! # The judge core of `referee`
//!
//! What a judge runs and nothing else: the rules of the three problems in
//! plain types, the words each one writes, and a reader of judge input
//! that tolerates whitespace. `referee bundle PROBLEM` pastes [`read`] and
//! the problem's module into one source file, so every file here is
//! written to survive that: siblings are named `crate::read` or
//! `super::x`, nothing outside std is used, and test code sits in
//! `#[cfg(test)] mod tests` blocks, which the bundler drops.
//!
//! The crate is held by the compiler to what a judge accepts: no `unsafe`
//! (below) and nothing newer than Rust 1.63 (`rust-version` in its
//! Cargo.toml, and the bundles are built with rustc 1.63 in CI).
//!
//! Judges feed valid input. On input that is not, a problem's `solve`
//! returns an error (never a panic, never a hang) with a message; the
//! `referee` tool reads input its own way, with places and strict checks.
//!
//! ## Rulings common to the three problems (R0)
//!
//! - R0.1 Whitespace is tolerated: CR LF line ends, runs of spaces or
//!   tabs, blanks at either end of a line, blank lines anywhere, no final
//!   newline. Output is always LF, byte-exact.
//! - R0.2 Exactly the announced number of cases is read: input that ends
//!   early is an error, and so is text after the last case.
//! - R0.3 An input error names its place (`FILE:LINE:COL: message`, what
//!   was expected and what was found; FILE as given, `<stdin>` for
//!   standard input, LINE and COL from 1, COL in bytes, from after a
//!   byte-order mark) and exits with status 1, after the
//!   output of every case that ended before that place, with no partial
//!   line. (The tool's readings do this; a judge bundle only stops with a
//!   message and status 1.)
//! - R0.4 Counts are not capped at the contest's limits.
//! - R0.5 A UTF-8 byte-order mark at the very start is skipped.
//! - R0.6 `referee ... --strict` holds input to the statement exactly:
//!   everything R0.1 and R0.5 tolerate is an error there, and so are
//!   integers with a leading zero (`0` is one, `00`, `07` and `-0` are
//!   not) and values outside the statement's limits.
//! - R0.7 A count of zero is valid in the tolerant reading (nothing is
//!   printed); `--strict` holds counts to the statement's range.
#![forbid(unsafe_code)]

pub mod fourrow;
pub mod rating;
pub mod read;
pub mod snooker;
