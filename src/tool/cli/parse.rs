//! Parsing, driven by the tables: a subcommand, then flags and positional
//! words in any order, `--opt VALUE` or `--opt=VALUE`, `--` ending the
//! options (or starting the command to run, for `test` and `stress`).
//! Every value is checked against its bounds here, so no out-of-range
//! number reaches the rest of the tool.

use super::suggest::{flag_name, unknown, unknown_flag, unknown_subcommand};
use super::table::{self, ArgKind, Count, Flag, Found, Kind, Options, Subcommand, Tail, Use};
use super::{help, Command, Shell, Usage};
use crate::core::io::error::escaped_path;
use crate::tool::problem::Problem;
use std::ffi::OsString;
use std::time::Duration;

mod order;

use self::order::{before_subcommand, subcommand_at};

/// Parses the arguments after the program name, as the OS gave them. The
/// words after the `--` that ends a subcommand's options are kept as they
/// are, for the command that `test` and `stress` run; any other argument
/// that is not UTF-8 is a usage error.
pub fn parse_os<I: IntoIterator<Item = OsString>>(args: I) -> Result<Command, Usage> {
    let mut args: Vec<OsString> = args.into_iter().collect();
    // The subcommand's name and where it is.
    let named = subcommand_at(&args).map(|at| {
        let name = args[at].to_str().expect("a subcommand's name is UTF-8");
        (at, table::subcommand(name).expect("found by subcommand_at"))
    });
    // The first `--` after the subcommand's name; one before it is not the
    // subcommand's (`referee --strict -- fourrow`).
    let dashes = named.and_then(|(at, _)| {
        let after = args[at + 1..].iter().position(|arg| arg == "--");
        after.map(|dashes| at + 1 + dashes)
    });
    let tail = match dashes {
        Some(at) => args.split_off(at + 1),
        None => Vec::new(),
    };
    let head = args.into_iter().map(OsString::into_string);
    match head.collect::<Result<Vec<String>, OsString>>() {
        Ok(head) => parse_parts(head, tail),
        Err(arg) => Err(match named {
            Some((_, sub)) => not_utf8(arg).of(sub.name),
            None => not_utf8(arg),
        }),
    }
}

/// The usage error for an argument that is not UTF-8 where text is
/// wanted.
fn not_utf8(arg: OsString) -> Usage {
    let shown = escaped_path(std::path::Path::new(&arg));
    Usage::new(format!("argument `{}` is not valid UTF-8", shown))
}

/// Parses the arguments after the program name.
pub(crate) fn parse(args: Vec<String>) -> Result<Command, Usage> {
    parse_os(args.into_iter().map(OsString::from))
}

/// Parses the arguments up to the `--` that ends the options (included),
/// and `tail`, the words after it.
fn parse_parts(args: Vec<String>, tail: Vec<OsString>) -> Result<Command, Usage> {
    let mut args = args.into_iter();
    let first = match args.next() {
        Some(first) => first,
        None => return Err(no_subcommand()),
    };
    if is_flag(&first) {
        let rest: Vec<String> = args.collect();
        return before_subcommand(first, rest, tail);
    }
    let sub = table::subcommand(&first).ok_or_else(|| unknown_subcommand(&first))?;
    parse_subcommand(sub, args, tail).map_err(|usage| usage.of(sub.name))
}

/// The error for a command line that names no subcommand.
fn no_subcommand() -> Usage {
    Usage {
        message: "a subcommand is needed".to_string(),
        with_usage: true,
        subcommand: None,
    }
}

/// `-x`, `--xyz`, `--xyz=v`; `-` alone is a word (stdin), `--` is handled
/// by the caller.
fn is_flag(arg: &str) -> bool {
    arg.len() > 1 && arg.starts_with('-')
}

/// A flag before any subcommand: `--help` or `--version` (the flags that
/// follow are not looked at, as with other tools).
fn top_flag(arg: &str) -> Result<Command, Usage> {
    let (flag, _, value) = find_flag(None, arg)?;
    if value.is_some() {
        return Err(Usage::new(format!("`--{}` takes no value", flag.long)));
    }
    let mut options = Options::default();
    if let Kind::Switch(set) = flag.kind {
        set(&mut options);
    }
    Ok(if options.version {
        Command::Version
    } else {
        Command::Help(help::top())
    })
}

fn parse_subcommand(
    sub: &'static Subcommand,
    mut args: std::vec::IntoIter<String>,
    tail: Vec<OsString>,
) -> Result<Command, Usage> {
    let mut found = Found::default();
    for (flag, use_) in table::flags_in(Some(sub.name)) {
        if let Some(default) = use_.default {
            let name = format!("--{}", flag.long);
            set_value(
                flag,
                use_,
                &name,
                Some(default.to_string()),
                &mut found.options,
            )
            .expect("a default is within its flag's bounds");
        }
    }
    let mut words = Vec::new();
    let mut command = None;
    let mut given: Vec<&str> = Vec::new();
    while let Some(arg) = args.next() {
        if arg == "--" {
            let rest = args.by_ref().map(OsString::from).chain(tail);
            if sub.tail == Tail::No {
                for word in rest {
                    words.push(word.into_string().map_err(not_utf8)?);
                }
            } else {
                command = Some(rest.collect());
            }
            break;
        }
        if !is_flag(&arg) {
            words.push(arg);
            continue;
        }
        let (flag, use_, inline) = find_flag(Some(sub), &arg)?;
        let name = flag_name(&arg);
        if given.contains(&flag.long) {
            return Err(Usage::new(format!("`{}` is given twice", name)));
        }
        given.push(flag.long);
        let value = match (&flag.kind, inline) {
            (Kind::Switch(_), Some(_)) => {
                return Err(Usage::new(format!("`{}` takes no value", name)))
            }
            (Kind::Switch(_), None) => None,
            (_, Some(value)) => Some(value),
            // `--` ends the options: it is no value (`--out -- CMD`).
            (_, None) => Some(args.next().filter(|next| next != "--").ok_or_else(|| {
                let value = flag.value_name().unwrap_or_default();
                Usage::new(format!("`{}` needs a value: {} {}", name, name, value))
            })?),
        };
        set_value(flag, use_, name, value, &mut found.options)?;
        if found.options.help {
            return Ok(Command::Help(help::subcommand(sub)));
        }
    }
    for pair in table::exclusive_in(sub.name) {
        if pair.flags.iter().all(|long| given.contains(long)) {
            return Err(Usage::new(format!("{}: give one", pair.why)));
        }
    }
    take_words(sub, words, &mut found)?;
    // `--` with nothing after it names no command, whether one is needed
    // or not.
    let dashes = command.is_some();
    found.command = command.unwrap_or_default();
    if (sub.tail == Tail::Required || dashes) && found.command.is_empty() {
        return Err(Usage::new(format!(
            "`{}` needs the command to run, after `--`",
            sub.name
        )));
    }
    Ok((sub.build)(found))
}

/// The flag `arg` names where it is given (`sub` None: before any
/// subcommand), its use there and its `=VALUE` (or `-jVALUE`) if any.
fn find_flag(
    sub: Option<&Subcommand>,
    arg: &str,
) -> Result<(&'static Flag, Use, Option<String>), Usage> {
    let sub_name = sub.map(|s| s.name);
    let taken = || table::flags_in(sub_name);
    let hit = if let Some(long) = arg.strip_prefix("--") {
        let (name, value) = match long.split_once('=') {
            Some((name, value)) => (name, Some(value.to_string())),
            None => (long, None),
        };
        taken()
            .find(|(f, _)| f.long == name)
            .map(|(f, u)| (f, u, value))
    } else {
        // `-json` is `--json` with one dash, not `-j` with `son`.
        let long = arg[1..].split('=').next().unwrap_or_default();
        if long.chars().count() > 1 {
            if let Some((flag, _)) = taken().find(|(f, _)| f.long == long) {
                let start = match sub_name {
                    None => format!("unknown option `-{}`", long),
                    Some(sub) => format!("unknown option `-{}` for `{}`", long, sub),
                };
                return Err(Usage::new(format!(
                    "{}; did you mean `--{}`?",
                    start, flag.long
                )));
            }
            // Another subcommand's long option with one dash: say whose.
            let named: Vec<&Flag> = table::FLAGS.iter().filter(|f| f.long == long).collect();
            if !named.is_empty() {
                let mut owners: Vec<&str> = named.iter().flat_map(|f| f.subcommands()).collect();
                owners.dedup();
                let owners = owners.join(", ");
                return Err(Usage::new(match sub_name {
                    _ if owners.is_empty() => {
                        format!(
                            "unknown option `-{}`; `--{}` goes before any subcommand",
                            long, long
                        )
                    }
                    None => format!(
                        "unknown option `-{}`; `--{}` goes after a subcommand: {}",
                        long, long, owners
                    ),
                    Some(sub) => format!(
                        "unknown option `-{}` for `{}`; `--{}` is an option of {} only",
                        long, sub, long, owners
                    ),
                }));
            }
        }
        let mut chars = arg[1..].chars();
        let short = chars.next();
        // `-j4`, and `-j=4` like `--jobs=4`.
        let value = match chars.as_str() {
            "" => None,
            rest => Some(rest.strip_prefix('=').unwrap_or(rest).to_string()),
        };
        taken()
            .find(|(f, _)| f.short.is_some() && f.short == short)
            .filter(|(f, _)| value.is_none() || !matches!(f.kind, Kind::Switch(_)))
            .map(|(f, u)| (f, u, value))
    };
    hit.ok_or_else(|| unknown_flag(sub_name, arg))
}

/// Checks `value` against the flag's kind and bounds in this use, and sets
/// it. `name` is the flag as the user spelled it, for the messages.
fn set_value(
    flag: &Flag,
    use_: Use,
    name: &str,
    value: Option<String>,
    options: &mut Options,
) -> Result<(), Usage> {
    let value = value.unwrap_or_default();
    match flag.kind {
        Kind::Switch(set) => set(options),
        // Digits only: `parse` would take a `+` too, which `--timeout` does not.
        Kind::Whole { min, set, .. } => match value.parse::<u64>() {
            Ok(n) if (min..=use_.max).contains(&n) && !value.starts_with('+') => set(options, n),
            _ => {
                return Err(Usage::new(format!(
                    "`{}` takes a whole number from {} to {}, found `{}`",
                    name, min, use_.max, value
                )))
            }
        },
        Kind::Seconds(set) => match seconds(&value) {
            Some(d) if !d.is_zero() && d <= Duration::from_secs(use_.max) => set(options, d),
            _ => {
                return Err(Usage::new(format!(
                    "`{}` takes a number of seconds above 0 and at most {} (such as 2 or 0.5), found `{}`",
                    name, use_.max, value
                )))
            }
        },
        Kind::Word { words, set } => {
            if !words.contains(&value.as_str()) {
                let message = format!("`{}` takes {}, found `{}`", name, words.join(" or "), value);
                return Err(unknown(message, &value, words.iter().copied(), ""));
            }
            set(options, &value)
        }
        Kind::Path { set, .. } => {
            if value.is_empty() {
                return Err(Usage::new(format!("`{}` needs a file name", name)));
            }
            set(options, value)
        }
    }
    Ok(())
}

/// A number of seconds: digits, with a fraction or not (`2`, `0.5`, `.5`),
/// to the nanosecond, rounded up so that what is above 0 stays so; None for
/// anything else (`-1`, `1e3`, `inf`).
fn seconds(text: &str) -> Option<Duration> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !digits(fraction) || whole.len() + fraction.len() == 0 {
        return None;
    }
    let secs = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    // Nanoseconds from the first nine digits of the fraction.
    let (first, rest) = fraction.split_at(fraction.len().min(9));
    let nanos = format!("{:0<9}", first);
    let up = Duration::from_nanos(u64::from(rest.bytes().any(|b| b != b'0')));
    Duration::new(secs, nanos.parse().ok()?).checked_add(up)
}

/// Gives the positional words to the subcommand's arguments, checking
/// problem, shell and subcommand names.
fn take_words(sub: &Subcommand, words: Vec<String>, found: &mut Found) -> Result<(), Usage> {
    let mut words = words.into_iter();
    for arg in sub.args {
        let wanted = if arg.count == Count::Many {
            usize::MAX
        } else {
            1
        };
        let mut taken = 0;
        for word in words.by_ref().take(wanted) {
            take_word(arg.kind, word, found)?;
            taken += 1;
        }
        if taken == 0 && arg.count == Count::One {
            return Err(Usage::new(format!(
                "`{}` needs {} ({})",
                sub.name, arg.name, arg.help
            )));
        }
    }
    match words.next() {
        Some(extra) => Err(Usage::new(format!(
            "unexpected argument `{}` for `{}`",
            extra, sub.name
        ))),
        None => Ok(()),
    }
}

fn take_word(kind: ArgKind, word: String, found: &mut Found) -> Result<(), Usage> {
    let wrong = |what: &str, names: &[&'static str]| {
        let message = format!("unknown {} `{}`: expected {}", what, word, names.join(", "));
        unknown(message, &word, names.iter().copied(), "")
    };
    match kind {
        ArgKind::Problem => {
            let names: Vec<&'static str> = Problem::ALL.iter().map(|p| p.name()).collect();
            found.problem =
                Some(Problem::from_name(&word).ok_or_else(|| wrong("problem", &names))?);
        }
        ArgKind::Shell => {
            found.shell =
                Some(Shell::from_name(&word).ok_or_else(|| wrong("shell", Shell::NAMES))?);
        }
        ArgKind::Subcommand => {
            let names: Vec<&'static str> = table::SUBCOMMANDS.iter().map(|s| s.name).collect();
            found.topic =
                Some(table::subcommand(&word).ok_or_else(|| wrong("subcommand", &names))?);
        }
        ArgKind::File | ArgKind::Dir | ArgKind::Name => found.paths.push(word),
    }
    Ok(())
}

#[cfg(test)]
mod tests;
