//! The one error type: bad input at a line, or an I/O failure.

use std::fmt;
use std::io;

/// What went wrong.
#[derive(Debug)]
pub enum Error {
    /// Bad input on a 1-based line.
    Input { line: usize, message: String },
    Io(io::Error),
}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Error {
        Error::Io(e)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Input { line, message } => write!(f, "{}: {}", line, message),
            Error::Io(e) => write!(f, " {}", e),
        }
    }
}

/// What can fail: a name of the prelude's, which the prelude keeps
/// in the modules that do not import this one.
pub type Result<T> = std::result::Result<T, Error>;

/// How strictly the validator reads (strict mode only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strictness {
    Layout,
    Limits,
}

impl fmt::Display for Strictness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Strictness::Layout => "layout",
            Strictness::Limits => "limits",
        })
    }
}
