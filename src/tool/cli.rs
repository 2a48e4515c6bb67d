//! Command-line parsing, by hand and std only (shared/spec/CLI.md): the
//! subcommands, their options in any order around FILE, `--` and `-`.

use crate::tool::problem::Problem;
use std::fmt;
use std::time::Duration;

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
    Check {
        problem: Problem,
        input: String,
        output: String,
    },
    Test {
        problem: Problem,
        dir: String,
        timeout: Duration,
        jobs: usize,
        command: Vec<String>,
    },
    Stress {
        problem: Problem,
        cases: u64,
        seed: Option<u64>,
        timeout: Duration,
        out: String,
        command: Vec<String>,
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
  referee bundle     PROBLEM             one-file judge submission on stdout
  referee gen        PROBLEM --seed N [--cases K]   a valid input on stdout
  referee bench      [PROBLEM] [--mb N]  throughput of the solvers
  referee check      PROBLEM INPUT OUTPUT               judge one output
  referee test       PROBLEM DIR [-- CMD [ARG...]]      run a folder of cases
  referee stress     PROBLEM [--cases N] -- CMD [ARG...] generated inputs
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
Usage: referee bundle snooker|fourrow|rating

Writes one self-contained Rust file (std only, edition 2018 and 2021) that
solves the problem, for submission to an online judge.
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
    let mut seed = None;
    let mut cases = None;
    let mut mb = None;
    let (help, allowed): (&'static str, &[&str]) = match sub.as_str() {
        "-h" | "--help" | "help" => return Ok(Command::Help(HELP)),
        "-V" | "--version" => return Ok(Command::Version),
        "snooker" | "fourrow" | "rating" => (HELP_SOLVE, &["--strict"]),
        "scoreboard" => (HELP_SCOREBOARD, &["--tsv"]),
        "bundle" => (HELP_BUNDLE, &[]),
        "gen" => (HELP_GEN, &["--seed", "--cases"]),
        "bench" => (HELP_BENCH, &["--mb"]),
        "check" | "test" | "stress" => return parse_judge(&sub, words.args.collect()),
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

const HELP_CHECK: &str = "\
Usage: referee check snooker|fourrow|rating INPUT OUTPUT

Is OUTPUT exactly the referee's answer for INPUT? Prints `accepted` (exit
0), or the first difference (exit 1). Exit 3 when INPUT is not valid.
";

const HELP_TEST: &str = "\
Usage: referee test snooker|fourrow|rating DIR [--timeout SECS] [-j N] [-- CMD [ARG...]]

Runs CMD (default: the referee itself) on every *.in under DIR and compares
with the .out or .ans beside it (or the referee's answer). One line per
failing case, then `N passed, M failed`. Default timeout 10 s per case.
";

const HELP_STRESS: &str = "\
Usage: referee stress snooker|fourrow|rating [--cases N] [--seed S] [--timeout SECS] [--out FILE] -- CMD [ARG...]

Runs CMD on N generated inputs (default 1000), small ones first, against
the referee's answers. The first failing input is shrunk and written to
FILE (default stress-failure.in).
";

/// `check`, `test` and `stress`: their options, and after `--` the
/// command to run.
fn parse_judge(sub: &str, args: Vec<String>) -> Result<Command, Usage> {
    let help = match sub {
        "check" => HELP_CHECK,
        "test" => HELP_TEST,
        _ => HELP_STRESS,
    };
    let (args, command) = match args.iter().position(|a| a == "--") {
        Some(at) if sub != "check" => (args[..at].to_vec(), args[at + 1..].to_vec()),
        _ => (args, Vec::new()),
    };
    let mut plain = Vec::new();
    let (mut timeout, mut jobs, mut cases, mut seed, mut out) = (None, None, None, None, None);
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let mut value = |flag: &str| {
            args.next()
                .ok_or_else(|| Usage(format!("{} needs a value", flag)))
        };
        let number = |flag: &str, text: String| {
            text.parse::<u64>()
                .map_err(|_| Usage(format!("{} takes a whole number, found `{}`", flag, text)))
        };
        match arg.as_str() {
            "-h" | "--help" => return Ok(Command::Help(help)),
            "--timeout" if sub != "check" => {
                let text = value("--timeout")?;
                let secs = text.parse::<f64>().ok().filter(|s| *s > 0.0 && *s < 1e9);
                let secs = secs.ok_or_else(|| {
                    Usage(format!("--timeout takes seconds above 0, found `{}`", text))
                })?;
                timeout = Some(Duration::from_secs_f64(secs));
            }
            "-j" if sub == "test" => {
                let n = number("-j", value("-j")?)?;
                if n == 0 {
                    return Err(Usage("-j takes a number of at least 1".to_string()));
                }
                jobs = Some(n as usize);
            }
            "--cases" if sub == "stress" => cases = Some(number("--cases", value("--cases")?)?),
            "--seed" if sub == "stress" => seed = Some(number("--seed", value("--seed")?)?),
            "--out" if sub == "stress" => out = Some(value("--out")?),
            flag if flag.starts_with('-') && flag != "-" => {
                return Err(Usage(format!("unknown option `{}` for `{}`", flag, sub)))
            }
            _ => plain.push(arg),
        }
    }
    let wanted = match sub {
        "check" => 3,
        "test" => 2,
        _ => 1,
    };
    if plain.len() > wanted {
        return Err(Usage(format!("unexpected argument `{}`", plain[wanted])));
    }
    let mut plain = plain.into_iter();
    let problem = problem_arg(plain.next(), sub)?;
    let mut operand = |what: &str| {
        plain
            .next()
            .ok_or_else(|| Usage(format!("{} needs {}", sub, what)))
    };
    let timeout = timeout.unwrap_or(Duration::from_secs(10));
    Ok(match sub {
        "check" => Command::Check {
            problem,
            input: operand("INPUT and OUTPUT")?,
            output: operand("OUTPUT")?,
        },
        "test" => Command::Test {
            problem,
            dir: operand("DIR")?,
            timeout,
            jobs: jobs.unwrap_or(1),
            command,
        },
        _ => {
            if command.is_empty() {
                return Err(Usage("stress needs `-- CMD [ARG...]`".to_string()));
            }
            Command::Stress {
                problem,
                cases: cases.unwrap_or(1000),
                seed,
                timeout,
                out: out.unwrap_or_else(|| "stress-failure.in".to_string()),
                command,
            }
        }
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

    #[test]
    fn check_test_and_stress() {
        assert_eq!(
            parse_words(&["check", "fourrow", "a.in", "a.out"]),
            Ok(Command::Check {
                problem: Problem::Fourrow,
                input: "a.in".to_string(),
                output: "a.out".to_string()
            })
        );
        assert_eq!(
            parse_words(&[
                "test",
                "snooker",
                "dir",
                "-j",
                "2",
                "--timeout",
                "0.5",
                "--",
                "./a",
                "-x"
            ]),
            Ok(Command::Test {
                problem: Problem::Snooker,
                dir: "dir".to_string(),
                timeout: Duration::from_millis(500),
                jobs: 2,
                command: vec!["./a".to_string(), "-x".to_string()]
            })
        );
        assert_eq!(
            parse_words(&["stress", "rating", "--seed", "4", "--", "./a", "--cases"]),
            Ok(Command::Stress {
                problem: Problem::Rating,
                cases: 1000,
                seed: Some(4),
                timeout: Duration::from_secs(10),
                out: "stress-failure.in".to_string(),
                command: vec!["./a".to_string(), "--cases".to_string()]
            })
        );
        for words in [
            &["check", "fourrow", "a.in"][..],
            &["test", "fourrow"],
            &["test", "fourrow", "d", "-j", "0"],
            &["test", "fourrow", "d", "--timeout", "0"],
            &["stress", "fourrow"],
            &["stress", "fourrow", "--cases", "x", "--", "./a"],
            &["check", "fourrow", "a", "b", "--timeout", "1"],
        ] {
            assert!(parse_words(words).is_err(), "{:?}", words);
        }
    }
}
