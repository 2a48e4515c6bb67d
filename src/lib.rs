//! `referee` as a library: the three solvers, the snooker state machine the
//! scoreboard and generator build on, and the command-line pieces the binary
//! (`src/main.rs`) puts together.

pub mod bench;
pub mod bundle;
pub mod cli;
pub mod fourrow;
pub mod gen;
pub mod input;
pub mod parallel;
pub mod rating;
pub mod scoreboard;
pub mod snooker;
