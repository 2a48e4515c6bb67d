//! The command line, std only; `referee --help` and the README show it.
//!
//! Every flag and every subcommand is defined once, in [`table`]; the
//! parser ([`mod@parse`]), the help texts ([`help`]), the man page (`man`)
//! and the shell completions (`complete`) are all written from that one
//! table, so none of them can forget a flag or describe it differently.
//!
//! What main needs: [`parse_os`] (or `parse()`) turns the arguments into a
//! [`Command`] or a [`Usage`] error; `man_page` and `completions` give
//! the texts of `referee man` and `referee completions SHELL`.

pub(crate) mod complete;
pub mod help;
pub(crate) mod man;
pub mod parse;
pub(crate) mod suggest;
pub mod table;

pub(crate) use parse::parse;
pub use parse::parse_os;

use crate::core::io::error::escaped_name;
use crate::tool::problem::Problem;
use std::ffi::OsString;
use std::fmt;
use std::time::Duration;

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Print this text to stdout (the tool's or a subcommand's help).
    Help(String),
    Version,
    /// `referee snooker|fourrow|rating`: `file` None is stdin.
    Solve {
        problem: Problem,
        strict: bool,
        file: Option<String>,
    },
    Scoreboard {
        tsv: bool,
        html: bool,
        file: Option<String>,
    },
    Match(crate::tool::scoreboard::live::Options),
    Bundle {
        problem: Problem,
        readable: bool,
    },
    /// `seed` None: the caller picks a random one and prints it on stderr.
    Gen {
        problem: Problem,
        seed: Option<u64>,
        cases: Option<u64>,
        style: Style,
    },
    /// `problem` None: all three.
    Bench {
        problem: Option<Problem>,
        mb: u64,
        style: Style,
    },
    /// `files` empty: stdin.
    Validate {
        problem: Problem,
        coverage: bool,
        files: Vec<String>,
    },
    Package {
        problem: Problem,
        force: bool,
        dir: String,
    },
    /// `answer` None: the referee's own answer.
    Check {
        problem: Problem,
        input: String,
        output: String,
        answer: Option<String>,
    },
    /// `command` empty: the referee's own solver.
    Test {
        problem: Problem,
        dir: String,
        timeout: Duration,
        jobs: usize,
        verbose: bool,
        junit: Option<String>,
        ignore_space: bool,
        command: Vec<OsString>,
    },
    /// `command` is never empty; `seed` None as for `Gen`.
    Stress {
        problem: Problem,
        inputs: u64,
        seed: Option<u64>,
        timeout: Duration,
        jobs: usize,
        /// `None`: a new file of the default name.
        out: Option<String>,
        command: Vec<OsString>,
    },
    /// Print the man page (roff) to stdout.
    Man,
    /// Print the completion script for this shell to stdout.
    Completions(Shell),
}

/// How generated input is written (`--style`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Plain,
    Varied,
}

impl Style {
    pub const ALL: [Style; 2] = [Style::Plain, Style::Varied];
    /// The names `--style` takes, in the order of [`Style::ALL`].
    pub(crate) const NAMES: &'static [&'static str] = &["plain", "varied"];

    pub fn name(self) -> &'static str {
        Style::NAMES[self as usize]
    }

    pub(crate) fn from_name(name: &str) -> Option<Style> {
        Style::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// The shells `referee completions` writes for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shell {
    Bash,
    Zsh,
    Fish,
}

impl Shell {
    pub(crate) const ALL: [Shell; 3] = [Shell::Bash, Shell::Zsh, Shell::Fish];
    /// The names `referee completions` takes, in the order of [`Shell::ALL`].
    pub(crate) const NAMES: &'static [&'static str] = &["bash", "zsh", "fish"];

    pub(crate) fn name(self) -> &'static str {
        Shell::NAMES[self as usize]
    }

    pub(crate) fn from_name(name: &str) -> Option<Shell> {
        Shell::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// A usage error (exit status 2). [`Usage::report`] is the whole text for
/// stderr: `referee: MESSAGE`, the usage when asked for, the hint line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Usage {
    /// One line, without the `referee: ` in front.
    pub(crate) message: String,
    /// Whether to print the tool's usage before the hint (`referee` alone).
    pub(crate) with_usage: bool,
    /// The subcommand whose command line it is, for the hint.
    pub(crate) subcommand: Option<&'static str>,
}

impl Usage {
    /// The error `message`, which quotes the arguments as given: their
    /// control and invisible characters are spelled out, so that no
    /// argument reaches the terminal raw.
    pub(crate) fn new(message: impl Into<String>) -> Usage {
        Usage {
            message: escaped_name(&message.into()),
            with_usage: false,
            subcommand: None,
        }
    }

    /// The same error, in the command line of `subcommand`.
    pub(crate) fn of(self, subcommand: &'static str) -> Usage {
        Usage {
            subcommand: Some(subcommand),
            ..self
        }
    }

    /// The line that ends the error: where to read about the command line.
    pub(crate) fn hint(&self) -> String {
        match self.subcommand {
            Some(name) => format!("Try `referee {} --help`.", name),
            None => "Try `referee --help`.".to_string(),
        }
    }

    /// Everything main writes to stderr for this error.
    pub fn report(&self) -> String {
        let usage = if self.with_usage {
            format!("\n{}\n", help::usage())
        } else {
            String::new()
        };
        format!("referee: {}\n{}{}\n", self.message, usage, self.hint())
    }
}

impl fmt::Display for Usage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// The text of `referee man`.
pub(crate) fn man_page() -> String {
    man::page()
}

/// The text of `referee completions SHELL`.
pub(crate) fn completions(shell: Shell) -> String {
    match shell {
        Shell::Bash => complete::bash(),
        Shell::Zsh => complete::zsh(),
        Shell::Fish => complete::fish(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for style in Style::ALL {
            assert_eq!(Style::from_name(style.name()), Some(style));
        }
        for shell in Shell::ALL {
            assert_eq!(Shell::from_name(shell.name()), Some(shell));
        }
        assert_eq!(Style::from_name("Plain"), None);
    }

    #[test]
    fn a_report_is_the_message_then_the_hint() {
        assert_eq!(
            Usage::new("unknown subcommand `x`").report(),
            "referee: unknown subcommand `x`\nTry `referee --help`.\n"
        );
        let alone = Usage {
            subcommand: None,
            message: "a subcommand is needed".into(),
            with_usage: true,
        };
        assert!(alone.report().contains("referee snooker"));
        assert!(alone.report().ends_with("\nTry `referee --help`.\n"));
    }
}
