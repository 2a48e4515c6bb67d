//! The help texts, written from the tables: `referee --help` (the usage of
//! every subcommand, a summary of each, the exit statuses) and
//! `referee SUBCOMMAND --help`, which `referee help SUBCOMMAND` also prints.
//! The usage lines are built as `Part`s so the man page can set them in
//! its own fonts.

use super::table::{self, Count, Flag, Kind, Subcommand, Tail, Use, EXIT_STATUS, SUBCOMMANDS};
use crate::tool::terminal;

/// Lines are wrapped to fit this width.
const WIDTH: usize = 80;

/// One word of a usage line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Part {
    /// An optional flag: its spelling and the name of its value, if any.
    Flag(String, Option<String>),
    /// Two optional flags that exclude each other, each as in `Flag`.
    Either([(String, Option<String>); 2]),
    /// A positional argument and how many it takes.
    Arg(&'static str, Count),
    /// The command after `--`: required or not.
    Command(bool),
}

impl Part {
    pub(crate) fn plain(&self) -> String {
        match self {
            Part::Flag(flag, value) => format!("[{}]", flag_and_value(flag, value)),
            Part::Either([a, b]) => format!(
                "[{} | {}]",
                flag_and_value(&a.0, &a.1),
                flag_and_value(&b.0, &b.1)
            ),
            Part::Arg(name, Count::One) => name.to_string(),
            Part::Arg(name, Count::Optional) => format!("[{}]", name),
            Part::Arg(name, Count::Many) => format!("[{}...]", name),
            Part::Command(true) => "-- CMD [ARG...]".to_string(),
            Part::Command(false) => "[-- CMD [ARG...]]".to_string(),
        }
    }
}

/// A flag and the name of its value, as usage lines write them.
fn flag_and_value(flag: &str, value: &Option<String>) -> String {
    match value {
        Some(value) => format!("{} {}", flag, value),
        None => flag.to_string(),
    }
}

/// The words after `referee SUBCOMMAND` in its usage line: the required
/// arguments and PROBLEM, the flags (but `--help`; two that exclude each
/// other together, where the first is), the rest, the command.
pub(crate) fn parts(sub: &Subcommand) -> Vec<Part> {
    let first = |a: &&table::Arg| a.count == Count::One || a.kind == table::ArgKind::Problem;
    let arg = |a: &table::Arg| Part::Arg(a.name, a.count);
    let mut parts: Vec<Part> = sub.args.iter().filter(first).map(arg).collect();
    let shown = |flag: &Flag| (flag.spelling(), flag.value_name());
    for (flag, _) in table::flags_in(Some(sub.name)).filter(|(flag, _)| flag.short != Some('h')) {
        let pair = table::exclusive_in(sub.name).find(|pair| pair.flags.contains(&flag.long));
        match pair {
            Some(pair) if pair.flags[1] == flag.long => {}
            Some(pair) => {
                let other = table::flags_in(Some(sub.name))
                    .find(|(other, _)| other.long == pair.flags[1])
                    .map(|(other, _)| shown(other))
                    .expect("an exclusive flag is a flag of its subcommand");
                parts.push(Part::Either([shown(flag), other]));
            }
            None => {
                let (spelling, value) = shown(flag);
                parts.push(Part::Flag(spelling, value));
            }
        }
    }
    parts.extend(sub.args.iter().filter(|a| !first(a)).map(arg));
    match sub.tail {
        Tail::No => {}
        Tail::Optional => parts.push(Part::Command(false)),
        Tail::Required => parts.push(Part::Command(true)),
    }
    parts
}

/// `text` cut into lines of at most `width` characters at spaces.
pub(crate) fn wrap(text: &str, width: usize) -> Vec<String> {
    let words: Vec<String> = text.split(' ').map(String::from).collect();
    fill(&words, width)
}

/// Words (which may hold spaces) put on lines of at most `width`
/// terminal columns, one space apart; a longer word has a line of its
/// own.
fn fill(words: &[String], width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in words {
        let line = lines.last_mut().expect("never empty");
        if !line.is_empty() && terminal::columns(line) + 1 + terminal::columns(word) > width {
            lines.push(word.to_string());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines
}

/// A usage line: `head` then the subcommand's parts, wrapped under the
/// first part, never inside one (`[--out FILE]` stays whole).
fn usage_lines(head: &str, sub: &Subcommand) -> String {
    let words: Vec<String> = parts(sub).iter().map(Part::plain).collect();
    let mut out = String::new();
    for (i, line) in fill(&words, WIDTH - head.len()).iter().enumerate() {
        let start = if i == 0 {
            head.to_string()
        } else {
            " ".repeat(head.len())
        };
        out.push_str(format!("{}{}", start, line).trim_end());
        out.push('\n');
    }
    out
}

/// Two columns: each left cell padded to the widest, each right cell
/// wrapped to the rest of the width.
fn columns(rows: &[(String, String)]) -> String {
    let left = rows.iter().map(|(l, _)| l.len()).max().unwrap_or(0) + 2;
    let mut out = String::new();
    for (l, r) in rows {
        for (i, line) in wrap(r, WIDTH.saturating_sub(left).max(20))
            .iter()
            .enumerate()
        {
            let cell = if i == 0 { l.as_str() } else { "" };
            out.push_str(format!("{:<left$}{}", cell, line, left = left).trim_end());
            out.push('\n');
        }
    }
    out
}

/// The usage of every subcommand, one each (the block `referee` alone
/// prints on stderr).
pub fn usage() -> String {
    let name_width = SUBCOMMANDS.iter().map(|s| s.name.len()).max().unwrap_or(0);
    let mut out = String::from("Usage:\n");
    for sub in SUBCOMMANDS {
        out.push_str(&usage_lines(
            &format!("  referee {:<w$} ", sub.name, w = name_width),
            sub,
        ));
    }
    let top: Vec<String> = table::flags_in(None)
        .map(|(f, _)| match f.short {
            Some(short) => format!("referee --{} | -{}", f.long, short),
            None => format!("referee --{}", f.long),
        })
        .collect();
    out.push_str(&format!("  {}\n", top.join(",  ")));
    out
}

/// `referee --help`.
pub(crate) fn top() -> String {
    let summaries: Vec<(String, String)> = SUBCOMMANDS
        .iter()
        .map(|s| (format!("  {}", s.name), s.summary.to_string()))
        .collect();
    let title = format!(
        "referee {}: {}",
        env!("CARGO_PKG_VERSION"),
        env!("CARGO_PKG_DESCRIPTION")
    );
    format!(
        "{}\n\n{}\nSubcommands:\n{}\n{}\n\nExit status:\n{}",
        wrap(&title, WIDTH).join("\n"),
        usage(),
        columns(&summaries),
        NOTES,
        exit_status(None),
    )
}

/// What the top help says under the subcommands.
pub(crate) const NOTES: &str = "\
PROBLEM is snooker, fourrow or rating. FILE absent or `-` is standard input.
Output goes to standard output, messages to standard error. Options may come
before or after the other words; `--opt VALUE` is also `--opt=VALUE`; `--`
ends the options. `referee SUBCOMMAND --help` tells more about one.";

/// The exit statuses of `sub`, or of every subcommand.
fn exit_status(sub: Option<&str>) -> String {
    let rows: Vec<(String, String)> = EXIT_STATUS
        .iter()
        .filter(|status| sub.is_none_or(|sub| status.of(sub)))
        .map(|status| {
            let meaning = match sub {
                Some(sub) => status.meaning_for(sub).to_string(),
                None => status.meaning_for_all(),
            };
            (format!("  {}", status.code), meaning)
        })
        .collect();
    columns(&rows)
}

/// `--mb N`, `-j, --jobs N`: the flag's names as the help lists them.
pub(crate) fn names(flag: &Flag) -> String {
    let value = flag
        .value_name()
        .map(|v| format!(" {}", v))
        .unwrap_or_default();
    match flag.short {
        Some(short) => format!("-{}, --{}{}", short, flag.long, value),
        None => format!("    --{}{}", flag.long, value),
    }
}

/// The bounds and default of a flag in one use (`1 to 1024; default 64`),
/// or None when it has neither.
pub(crate) fn limits(flag: &Flag, use_: Use) -> Option<String> {
    let bounds = match flag.kind {
        Kind::Whole { min, .. } if min > 0 || use_.max < u64::MAX => {
            Some(format!("{} to {}", min, use_.max))
        }
        Kind::Seconds(_) => Some(format!("above 0, at most {}", use_.max)),
        _ => None,
    };
    let default = use_.default.map(|d| format!("default {}", d));
    let both: Vec<String> = bounds.into_iter().chain(default).collect();
    Some(both.join("; ")).filter(|s| !s.is_empty())
}

/// `referee SUBCOMMAND --help` and `referee help SUBCOMMAND`.
pub(crate) fn subcommand(sub: &Subcommand) -> String {
    let mut out = usage_lines(&format!("Usage: referee {} ", sub.name), sub);
    out.push_str(&format!(
        "\n{}: {}.\n\n{}\n",
        sub.name, sub.summary, sub.about
    ));
    let mut args: Vec<(String, String)> = sub
        .args
        .iter()
        .map(|a| (format!("  {}", a.name), a.help.to_string()))
        .collect();
    if sub.tail != Tail::No {
        let solver = "the solver's command line, word for word".to_string();
        args.push(("  -- CMD [ARG...]".to_string(), solver));
    }
    if !args.is_empty() {
        out.push_str(&format!("\nArguments:\n{}", columns(&args)));
    }
    let flags: Vec<(String, String)> = table::flags_in(Some(sub.name))
        .map(|(flag, use_)| {
            let help = match limits(flag, use_) {
                Some(limits) => format!("{} [{}]", flag.help, limits),
                None => flag.help.to_string(),
            };
            (format!("  {}", names(flag)), help)
        })
        .collect();
    out.push_str(&format!("\nOptions:\n{}", columns(&flags)));
    out.push_str(&format!("\nExit status:\n{}", exit_status(Some(sub.name))));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usage_lines_follow_the_spec_order() {
        let line = |name: &str| {
            let parts = parts(table::subcommand(name).unwrap());
            parts.iter().map(Part::plain).collect::<Vec<_>>().join(" ")
        };
        assert_eq!(line("snooker"), "[--strict] [FILE]");
        assert_eq!(line("scoreboard"), "[--tsv | --html] [FILE]");
        assert_eq!(
            line("match"),
            "NAME_A NAME_B [--best-of N] [--log FILE | --resume FILE] [--json] [--html FILE]"
        );
        assert_eq!(line("bench"), "[PROBLEM] [--mb N] [--style plain|varied]");
        assert_eq!(line("validate"), "PROBLEM [--coverage] [FILE...]");
        assert_eq!(line("package"), "PROBLEM DIR [--force]");
        assert_eq!(
            line("test"),
            "PROBLEM DIR [--timeout SECS] [-j N] [-v] [--junit FILE] [--ignore-space] [-- CMD [ARG...]]"
        );
        assert_eq!(
            line("stress"),
            "PROBLEM [--inputs N] [--seed N] [--timeout SECS] [-j N] [--out FILE] -- CMD [ARG...]"
        );
        assert_eq!(line("check"), "PROBLEM INPUT OUTPUT [ANSWER]");
    }

    #[test]
    fn every_help_states_the_exit_statuses() {
        for sub in SUBCOMMANDS {
            let text = subcommand(sub);
            assert!(text.contains("\nExit status:\n  0 "), "{}", sub.name);
            // Those a verdict gives, only where there is one.
            let verdict = ["check", "test", "stress"].contains(&sub.name);
            assert_eq!(text.contains("\n  3 "), verdict, "{}", sub.name);
            assert_eq!(
                text.contains("\n  4 "),
                verdict && sub.name != "check",
                "{}",
                sub.name
            );
            // What they mean there, and nothing of the others.
            let (zero, one) = match sub.name {
                "check" => ("accepted", "a wrong answer"),
                "test" | "stress" => ("all passed", "a wrong answer"),
                _ => ("success", "bad input"),
            };
            assert!(text.contains(&format!("\n  0  {}\n", zero)), "{}", text);
            assert!(text.contains(&format!("\n  1  {}", one)), "{}", text);
            assert!(!text.contains("for check"), "{}", text);
        }
        // The top help says which subcommands each is for.
        let top = top();
        for said in [
            "\n  0  success; for check, accepted; for test and stress, all passed\n",
            "\n  3  for check, test and stress: the input",
            "\n  4  for test and stress: the solution cannot be started\n",
        ] {
            assert!(top.contains(said), "{}", top);
        }
    }

    #[test]
    fn wrapping_keeps_words_whole() {
        assert_eq!(wrap("aa bb cc", 5), ["aa bb", "cc"]);
        assert_eq!(wrap("toolongword x", 4), ["toolongword", "x"]);
        assert_eq!(wrap("", 4), [""]);
    }

    #[test]
    fn no_line_of_any_help_is_wider_than_the_width() {
        let texts = SUBCOMMANDS.iter().map(subcommand).chain([top()]);
        for text in texts {
            for line in text.lines() {
                assert!(line.chars().count() <= WIDTH, "{:?}", line);
            }
        }
    }

    #[test]
    fn limits_show_bounds_and_defaults() {
        let flag = |long: &str| table::FLAGS.iter().find(|f| f.long == long).unwrap();
        let use_in = |long: &str, sub: &str| flag(long).use_in(Some(sub)).unwrap();
        assert_eq!(
            limits(flag("mb"), use_in("mb", "bench")).as_deref(),
            Some("1 to 1024; default 64")
        );
        assert_eq!(limits(flag("seed"), use_in("seed", "gen")), None);
        assert_eq!(
            limits(flag("timeout"), use_in("timeout", "test")).as_deref(),
            Some("above 0, at most 86400; default 10")
        );
        assert_eq!(limits(flag("strict"), use_in("strict", "rating")), None);
    }
}
