//! The two tables the whole command line is written from: [`FLAGS`], every
//! flag once, and [`SUBCOMMANDS`], every subcommand once. A flag says which
//! subcommands take it, with its bounds and default in each; a subcommand
//! says its positional arguments and builds its [`Command`] from what the
//! parser found. Nothing else in `cli` names a flag or a subcommand.
//!
//! This file holds the shapes of the entries; `flags.rs` and
//! `subcommands.rs` hold the tables themselves.

mod exit;
mod flags;
mod subcommands;

pub use exit::EXIT_STATUS;
pub use flags::{FLAGS, RENAMED};
pub use subcommands::SUBCOMMANDS;

use super::{Command, Shell, Style};
use crate::tool::problem::Problem;
use std::time::Duration;

/// What the flags of one command line set. Flags with a default in the
/// subcommand are set to it before parsing, so `build` finds them `Some`.
#[derive(Debug, Default)]
pub(crate) struct Options {
    pub(crate) help: bool,
    pub(crate) version: bool,
    pub(crate) strict: bool,
    pub(crate) tsv: bool,
    pub(crate) readable: bool,
    pub(crate) coverage: bool,
    pub(crate) force: bool,
    pub(crate) seed: Option<u64>,
    pub(crate) cases: Option<u64>,
    pub(crate) inputs: Option<u64>,
    pub(crate) style: Option<Style>,
    pub(crate) mb: Option<u64>,
    pub(crate) timeout: Option<Duration>,
    pub(crate) jobs: Option<u64>,
    pub(crate) verbose: bool,
    pub(crate) junit: Option<String>,
    pub(crate) ignore_space: bool,
    pub(crate) out: Option<String>,
    /// `scoreboard --html`.
    pub(crate) html_page: bool,
    /// `match --html FILE`.
    pub(crate) html: Option<String>,
    pub(crate) best_of: Option<u64>,
    pub(crate) log: Option<String>,
    pub(crate) resume: Option<String>,
    pub(crate) json: bool,
}

/// A flag's value, its checks and how it sets [`Options`].
pub(crate) enum Kind {
    /// No value.
    Switch(fn(&mut Options)),
    /// A whole number from `min` to the subcommand's `Use::max`.
    Whole {
        name: &'static str,
        min: u64,
        set: fn(&mut Options, u64),
    },
    /// More than zero seconds, fractions allowed, at most `Use::max`.
    Seconds(fn(&mut Options, Duration)),
    /// One of a few words.
    Word {
        words: &'static [&'static str],
        set: fn(&mut Options, &str),
    },
    /// A file name.
    Path {
        name: &'static str,
        set: fn(&mut Options, String),
    },
}

/// Where a flag may be given.
pub(crate) enum Scope {
    /// Before any subcommand and after every one (`--help`).
    Everywhere,
    /// Only before a subcommand (`--version`).
    Top,
    /// After these subcommands.
    In(&'static [Use]),
}

/// One subcommand's use of a flag: the upper bound of a number and the
/// default, both as that subcommand wants them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Use {
    pub(crate) sub: &'static str,
    pub(crate) max: u64,
    /// Parsed like a value from the command line, before the real ones.
    pub(crate) default: Option<&'static str>,
}

impl Use {
    pub(crate) const fn on(sub: &'static str) -> Use {
        Use {
            sub,
            max: u64::MAX,
            default: None,
        }
    }

    pub(crate) const fn max(self, max: u64) -> Use {
        Use { max, ..self }
    }

    pub(crate) const fn default(self, default: &'static str) -> Use {
        Use {
            default: Some(default),
            ..self
        }
    }
}

/// One flag: everything parsing, help, man page and completions need.
pub struct Flag {
    /// Without the dashes.
    pub long: &'static str,
    pub(crate) short: Option<char>,
    /// One line, lower case, no final period.
    pub(crate) help: &'static str,
    pub(crate) kind: Kind,
    pub(crate) scope: Scope,
}

impl Flag {
    /// The name of its value in usage lines (`N`, `plain|varied`), or
    /// None for a switch.
    pub(crate) fn value_name(&self) -> Option<String> {
        match &self.kind {
            Kind::Switch(_) => None,
            Kind::Whole { name, .. } | Kind::Path { name, .. } => Some(name.to_string()),
            Kind::Seconds(_) => Some("SECS".to_string()),
            Kind::Word { words, .. } => Some(words.join("|")),
        }
    }

    /// How usage lines spell it: the short name when there is one.
    pub(crate) fn spelling(&self) -> String {
        match self.short {
            Some(short) => format!("-{}", short),
            None => format!("--{}", self.long),
        }
    }

    /// The flag's use in subcommand `sub` (None: before any subcommand),
    /// or None when it is not taken there.
    pub(crate) fn use_in(&self, sub: Option<&str>) -> Option<Use> {
        match (&self.scope, sub) {
            // Taken everywhere, with no bounds or default to tell apart.
            (Scope::Everywhere, _) | (Scope::Top, None) => Some(Use::on("")),
            (Scope::Top, Some(_)) | (Scope::In(_), None) => None,
            (Scope::In(uses), Some(sub)) => uses.iter().copied().find(|u| u.sub == sub),
        }
    }

    /// The subcommands that take it after them.
    pub(crate) fn subcommands(&self) -> Vec<&'static str> {
        match &self.scope {
            Scope::Everywhere => SUBCOMMANDS.iter().map(|s| s.name).collect(),
            Scope::Top => Vec::new(),
            Scope::In(uses) => uses.iter().map(|u| u.sub).collect(),
        }
    }
}

/// The flags taken in `sub` (None: before any subcommand), in table order.
pub(crate) fn flags_in(sub: Option<&str>) -> impl Iterator<Item = (&'static Flag, Use)> + '_ {
    FLAGS
        .iter()
        .filter_map(move |flag| flag.use_in(sub).map(|u| (flag, u)))
}

/// What a positional argument names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ArgKind {
    Problem,
    /// A file (`-`, where the subcommand says so, is stdin).
    File,
    Dir,
    /// A word taken as it is, such as a player's name.
    Name,
    Shell,
    /// A subcommand's name (`referee help SUBCOMMAND`).
    Subcommand,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Count {
    One,
    Optional,
    /// Any number, none included; only as the last argument.
    Many,
}

/// A positional argument.
pub(crate) struct Arg {
    pub(crate) name: &'static str,
    pub(crate) kind: ArgKind,
    pub(crate) count: Count,
    pub(crate) help: &'static str,
}

/// Whether the words after `--` are a command to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tail {
    /// `--` only ends the options.
    No,
    Optional,
    Required,
}

/// What the parser found for a subcommand, handed to its `build`.
#[derive(Default)]
pub(crate) struct Found {
    pub(crate) options: Options,
    pub(crate) problem: Option<Problem>,
    pub(crate) shell: Option<Shell>,
    pub(crate) topic: Option<&'static Subcommand>,
    /// FILE, DIR, NAME and the like, in the order given.
    pub(crate) paths: Vec<String>,
    /// The words after `--`, for a subcommand with a [`Tail`].
    pub(crate) command: Vec<std::ffi::OsString>,
}

impl Found {
    /// The PROBLEM argument; only for subcommands that require one.
    pub(crate) fn problem(&self) -> Problem {
        self.problem.expect("the table requires PROBLEM here")
    }

    /// The next required path argument.
    pub(crate) fn path(&mut self) -> String {
        assert!(!self.paths.is_empty(), "the table requires this path");
        self.paths.remove(0)
    }

    /// The next optional path, as given.
    pub(crate) fn optional_path(&mut self) -> Option<String> {
        (!self.paths.is_empty()).then(|| self.paths.remove(0))
    }

    /// The next optional FILE: None when absent or `-` (stdin).
    pub(crate) fn file(&mut self) -> Option<String> {
        Some(self.paths.pop()?).filter(|f| f != "-")
    }
}

/// A value that the subcommand's [`Use::default`] always sets.
pub(crate) fn given<T>(value: Option<T>) -> T {
    value.expect("the table gives this flag a default here")
}

pub struct Subcommand {
    pub name: &'static str,
    pub(crate) args: &'static [Arg],
    pub(crate) tail: Tail,
    /// One line, lower case, no final period.
    pub(crate) summary: &'static str,
    /// Paragraphs separated by blank lines, wrapped at 72 columns.
    pub(crate) about: &'static str,
    pub(crate) build: fn(Found) -> Command,
}

pub(crate) fn subcommand(name: &str) -> Option<&'static Subcommand> {
    SUBCOMMANDS.iter().find(|s| s.name == name)
}

/// Two flags of a subcommand that exclude each other, and why: at most
/// one of them is given, and usage lines show them as `[--a | --b]`.
pub(crate) struct Exclusive {
    pub(crate) sub: &'static str,
    /// Their long names, in the order of the table of flags.
    pub(crate) flags: [&'static str; 2],
    pub(crate) why: &'static str,
}

static EXCLUSIVE: &[Exclusive] = &[
    Exclusive {
        sub: "scoreboard",
        flags: ["tsv", "html"],
        why: "`--tsv` and `--html` are two views",
    },
    Exclusive {
        sub: "match",
        flags: ["log", "resume"],
        why: "`--log` starts a new log and `--resume` goes on with one",
    },
];

/// The pairs of `sub`'s flags that exclude each other.
pub(crate) fn exclusive_in(sub: &str) -> impl Iterator<Item = &'static Exclusive> + '_ {
    EXCLUSIVE.iter().filter(move |pair| pair.sub == sub)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A name may be two flags only in different subcommands (`--html`
    /// is a switch of `scoreboard` and takes a FILE in `match`).
    #[test]
    fn no_flag_is_defined_twice() {
        for (i, a) in FLAGS.iter().enumerate() {
            for b in &FLAGS[i + 1..] {
                let shared = a
                    .subcommands()
                    .into_iter()
                    .any(|s| b.subcommands().contains(&s));
                let top = |f: &Flag| matches!(f.scope, Scope::Everywhere | Scope::Top);
                if shared || top(a) || top(b) {
                    assert_ne!(a.long, b.long);
                }
                assert!(a.short.is_none() || a.short != b.short, "-{:?}", a.short);
            }
        }
    }

    #[test]
    fn no_subcommand_is_defined_twice_and_uses_name_real_ones() {
        for (i, a) in SUBCOMMANDS.iter().enumerate() {
            assert!(SUBCOMMANDS[i + 1..].iter().all(|b| b.name != a.name));
        }
        for flag in FLAGS {
            if let Scope::In(uses) = &flag.scope {
                for (i, u) in uses.iter().enumerate() {
                    assert!(subcommand(u.sub).is_some(), "--{}: {}", flag.long, u.sub);
                    assert!(uses[i + 1..].iter().all(|v| v.sub != u.sub));
                }
            }
        }
    }

    #[test]
    fn only_the_last_positional_repeats_and_optional_ones_come_last() {
        for sub in SUBCOMMANDS {
            let counts: Vec<Count> = sub.args.iter().map(|a| a.count).collect();
            let first_optional = counts.iter().position(|&c| c != Count::One);
            if let Some(i) = first_optional {
                assert_eq!(counts.len(), i + 1, "{}", sub.name);
            }
        }
    }

    #[test]
    fn help_lines_are_one_lower_case_line() {
        let lines = FLAGS
            .iter()
            .map(|f| f.help)
            .chain(SUBCOMMANDS.iter().map(|s| s.summary));
        for line in lines {
            assert!(!line.contains('\n') && !line.ends_with('.'), "{}", line);
            assert!(
                !line.starts_with(|c: char| c.is_ascii_uppercase()),
                "{}",
                line
            );
        }
        for sub in SUBCOMMANDS {
            assert!(sub.about.lines().all(|l| l.len() <= 80), "{}", sub.name);
        }
    }
}
