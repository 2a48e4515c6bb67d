//! The bundled core: reading input and writing output ([`io`]), each
//! problem's limits ([`limits`]) and the three solvers. Std only, no
//! `unsafe`, nothing newer than Rust 1.63: `referee bundle` pastes the
//! parts a judge needs into one-file submissions, so nothing here reaches
//! into [`crate::tool`].

pub mod fourrow;
pub mod io;
pub mod limits;
pub mod rating;
pub mod snooker;
