//! The statement's limits, which only strict mode checks, and one that
//! the solver needs too.

/// At most this many shapes (strict).
pub const MAX_COUNT: usize = 100;

/// Sizes from 1 to this (strict); the solver rejects sizes far past it.
pub const MAX_SIZE: u64 = 1_000_000;

/// Whether a size is within the limits, checked at compile time too.
pub const fn fits(size: u64) -> bool {
    size >= 1 && size <= MAX_SIZE
}
