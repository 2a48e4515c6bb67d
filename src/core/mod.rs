//! The tool's readings of the three problems: reading input with places
//! in its errors and writing output ([`io`]), each problem's limits
//! ([`limits`]), the general, strict and fast readings. The rules are the
//! judge core's (`crate::judge`). Std only; nothing here reaches into
//! [`crate::tool`], since `referee package` pastes these files, with the
//! judge core beside them, into the problems' input validators.

pub mod fourrow;
pub mod io;
pub mod limits;
pub mod rating;
pub mod snooker;
