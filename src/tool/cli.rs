//! Command-line parsing, by hand and std only (shared/spec/CLI.md): the
//! subcommands, their options in any order around FILE, `--` and `-`.

use crate::tool::problem::Problem;
use std::fmt;

/// What the command line asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum Command {
    /// Print this help text to stdout.
    Help(&'static str),
    Version,
    Solve {
        problem: Problem,
        strict: bool,
        file: Option<String>,
    },
    Scoreboard {
        tsv: bool,
        file: Option<String>,
    },
    Bundle {
        problem: Problem,
        readable: bool,
    },
    Gen {
        problem: Problem,
        seed: u64,
        cases: Option<u64>,
    },
    Bench {
        problem: Option<Problem>,
        mb: u64,
    },
}

/// A usage error: the message; main adds the hint to `--help` and exits 2.
#[derive(Debug, PartialEq, Eq)]
pub struct Usage(pub String);

impl fmt::Display for Usage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

pub const HELP: &str = "\
referee: byte-exact referee for three contest problems

Usage:
  referee snooker    [--strict] [FILE]   the snooker frame referee
  referee fourrow    [--strict] [FILE]   the four-in-a-row validator
  referee rating     [--strict] [FILE]   the rating points exchange
  referee scoreboard [--tsv] [FILE]      a snooker scoreboard
  referee bundle     PROBLEM [--readable]  one-file judge submission on stdout
  referee gen        PROBLEM --seed N [--cases K]   a valid input on stdout
  referee bench      [PROBLEM] [--mb N]  throughput of the solvers
  referee --help | --version

PROBLEM is snooker, fourrow or rating. FILE absent or `-` reads stdin.
Exit status: 0 ok, 1 bad input or I/O error, 2 usage error.
";

const HELP_SOLVE: &str = "\
Usage: referee snooker|fourrow|rating [--strict] [FILE]

Reads the contest input from FILE (stdin when absent or `-`) and writes the
expected output. --strict first holds every line to the statement's exact
format and limits.
";

const HELP_SCOREBOARD: &str = "\
Usage: referee scoreboard [--tsv] [FILE]

Follows snooker contest input as a scoreboard: striker, break, points
remaining and ball on after every line. --tsv writes one tab-separated row
per input line (RULINGS K3).
";

const HELP_BUNDLE: &str = "\
Usage: referee bundle snooker|fourrow|rating [--readable]

Writes one self-contained Rust file (std only, rustc 1.63 or later, any
edition) that solves the problem, for submission to an online judge: only
the code the judge path reaches, minified. --readable keeps its comments
and layout.
";

const HELP_GEN: &str = "\
Usage: referee gen snooker|fourrow|rating --seed N [--cases K]

Writes a valid input, the same bytes for the same seed on every machine.
";

const HELP_BENCH: &str = "\
Usage: referee bench [snooker|fourrow|rating] [--mb N]

Generates about N MB of input per problem (default 64) in memory, runs the
solver five times into a sink and prints the median throughput.
";

/// The words after the subcommand, split into flags and plain words.
struct Words {
    args: std::vec::IntoIter<String>,
    options_done: bool,
}

enum Word {
    Flag(String),
    Plain(String),
}

impl Words {
    fn next(&mut self) -> Option<Word> {
        let arg = self.args.next()?;
        if self.options_done || arg == "-" || !arg.starts_with('-') {
            return Some(Word::Plain(arg));
        }
        if arg == "--" {
            self.options_done = true;
            return self.next();
        }
        Some(Word::Flag(arg))
    }

    fn value_of(&mut self, flag: &str) -> Result<u64, Usage> {
        let value = self
            .args
            .next()
            .ok_or_else(|| Usage(format!("{} needs a value", flag)))?;
        value
            .parse()
            .map_err(|_| Usage(format!("{} takes a whole number, found `{}`", flag, value)))
    }
}

fn problem_arg(word: Option<String>, sub: &str) -> Result<Problem, Usage> {
    let name = word.ok_or_else(|| {
        Usage(format!(
            "{} needs a problem: snooker, fourrow or rating",
            sub
        ))
    })?;
    Problem::from_name(&name).ok_or_else(|| {
        Usage(format!(
            "unknown problem `{}`: expected snooker, fourrow or rating",
            name
        ))
    })
}

/// Parses the arguments after the program name.
pub fn parse(args: Vec<String>) -> Result<Command, Usage> {
    let mut args = args.into_iter();
    let sub = match args.next() {
        Some(sub) => sub,
        None => return Err(Usage("a subcommand is needed".to_string())),
    };
    let mut words = Words {
        args,
        options_done: false,
    };
    let mut plain: Vec<String> = Vec::new();
    let mut strict = false;
    let mut tsv = false;
    let mut readable = false;
    let mut seed = None;
    let mut cases = None;
    let mut mb = None;
    let (help, allowed): (&'static str, &[&str]) = match sub.as_str() {
        "-h" | "--help" | "help" => return Ok(Command::Help(HELP)),
        "-V" | "--version" => return Ok(Command::Version),
        "snooker" | "fourrow" | "rating" => (HELP_SOLVE, &["--strict"]),
        "scoreboard" => (HELP_SCOREBOARD, &["--tsv"]),
        "bundle" => (HELP_BUNDLE, &["--readable"]),
        "gen" => (HELP_GEN, &["--seed", "--cases"]),
        "bench" => (HELP_BENCH, &["--mb"]),
        other => return Err(Usage(format!("unknown subcommand `{}`", other))),
    };
    while let Some(word) = words.next() {
        match word {
            Word::Plain(word) => plain.push(word),
            Word::Flag(flag) if flag == "--help" || flag == "-h" => return Ok(Command::Help(help)),
            Word::Flag(flag) if !allowed.contains(&flag.as_str()) => {
                return Err(Usage(format!("unknown option `{}` for `{}`", flag, sub)))
            }
            Word::Flag(flag) => match flag.as_str() {
                "--strict" => strict = true,
                "--tsv" => tsv = true,
                "--readable" => readable = true,
                "--seed" => seed = Some(words.value_of("--seed")?),
                "--cases" => cases = Some(words.value_of("--cases")?),
                _ => mb = Some(words.value_of("--mb")?),
            },
        }
    }
    // Every subcommand takes at most one plain word: FILE or PROBLEM.
    if plain.len() > 1 {
        return Err(Usage(format!("unexpected argument `{}`", plain[1])));
    }
    let word = plain.pop();
    let file = word.clone().filter(|f| f != "-");
    Ok(match sub.as_str() {
        "scoreboard" => Command::Scoreboard { tsv, file },
        "bundle" => Command::Bundle {
            problem: problem_arg(word, "bundle")?,
            readable,
        },
        "gen" => Command::Gen {
            problem: problem_arg(word, "gen")?,
            seed: seed.ok_or_else(|| Usage("gen needs --seed N".to_string()))?,
            cases,
        },
        "bench" => Command::Bench {
            problem: word.map(|w| problem_arg(Some(w), "bench")).transpose()?,
            mb: mb.unwrap_or(64),
        },
        _ => Command::Solve {
            problem: Problem::from_name(&sub).expect("matched above"),
            strict,
            file,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_words(words: &[&str]) -> Result<Command, Usage> {
        parse(words.iter().map(|w| w.to_string()).collect())
    }

    #[test]
    fn options_before_or_after_file() {
        let expected = Command::Solve {
            problem: Problem::Snooker,
            strict: true,
            file: Some("a.in".to_string()),
        };
        assert_eq!(parse_words(&["snooker", "--strict", "a.in"]), Ok(expected));
        let after = parse_words(&["snooker", "a.in", "--strict"]).unwrap();
        assert!(matches!(after, Command::Solve { strict: true, .. }));
    }

    #[test]
    fn dash_is_stdin_and_double_dash_ends_options() {
        assert_eq!(
            parse_words(&["rating", "-"]),
            Ok(Command::Solve {
                problem: Problem::Rating,
                strict: false,
                file: None
            })
        );
        assert_eq!(
            parse_words(&["fourrow", "--", "--strict"]),
            Ok(Command::Solve {
                problem: Problem::Fourrow,
                strict: false,
                file: Some("--strict".to_string())
            })
        );
    }

    #[test]
    fn usage_errors() {
        for words in [
            &[][..],
            &["nosuch"],
            &["snooker", "--tsv"],
            &["bundle", "nosuch"],
            &["bundle"],
            &["gen", "snooker"],
            &["gen", "snooker", "--seed"],
            &["gen", "snooker", "--seed", "x"],
            &["snooker", "a", "b"],
            &["bench", "--mb", "-3"],
        ] {
            assert!(parse_words(words).is_err(), "{:?}", words);
        }
    }

    #[test]
    fn help_and_version() {
        assert_eq!(parse_words(&["--help"]), Ok(Command::Help(HELP)));
        assert_eq!(parse_words(&["-V"]), Ok(Command::Version));
        assert_eq!(parse_words(&["gen", "--help"]), Ok(Command::Help(HELP_GEN)));
    }

    #[test]
    fn gen_and_bench() {
        assert_eq!(
            parse_words(&["gen", "rating", "--cases", "3", "--seed", "7"]),
            Ok(Command::Gen {
                problem: Problem::Rating,
                seed: 7,
                cases: Some(3)
            })
        );
        assert_eq!(
            parse_words(&["bench"]),
            Ok(Command::Bench {
                problem: None,
                mb: 64
            })
        );
    }
}
