//! The bundled core: reading input and writing output ([`io`]) and the
//! three solvers. Std only; `referee bundle` pastes it into one-file judge
//! submissions, so nothing here reaches into [`crate::tool`].

pub mod fourrow;
pub mod io;
pub mod limits;
pub mod rating;
pub mod snooker;
