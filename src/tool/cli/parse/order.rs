//! Where the subcommand is when flags come before it. Each word that
//! names a subcommand is tried in turn, with the words before it read as
//! that subcommand's flags, their values and its other words, and the
//! first reading that parses is taken: a flag whose value depends on the
//! subcommand (`--html`, a switch of `scoreboard` and `match`'s FILE) is
//! read each way, and a flag's value that names a subcommand (`--log man
//! match`) is the value. A word near a subcommand's name before it is
//! taken for a mistyped name.

use super::{find_flag, is_flag, no_subcommand, parse_subcommand, top_flag};
use crate::tool::cli::suggest::{nearest, unknown_subcommand};
use crate::tool::cli::table::{self, ArgKind, Flag, Subcommand};
use crate::tool::cli::{help, Command, Usage};
use std::ffi::OsString;

/// Where the subcommand's name is among `args`: the first word that names
/// one, not counting the value of a flag that takes one (`--log man
/// match`).
pub(super) fn subcommand_at<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Option<usize> {
    let word = |at: usize| args.get(at).and_then(|arg| arg.as_ref().to_str());
    let mut at = 0;
    while let Some(arg) = args.get(at) {
        let arg = arg.as_ref().to_str().unwrap_or_default();
        if table::subcommand(arg).is_some() {
            return Some(at);
        }
        at += if takes_next_as_value(arg, word(at + 1)) {
            2
        } else {
            1
        };
    }
    None
}

/// Whether `arg` is a flag that takes a value and was given without it
/// (`--log`, `-j`; not `--log=x`, `-j4`), so that `next` is its value.
/// A flag that is a switch of the subcommand `next` names is that
/// subcommand's (`--html scoreboard`, though `match` takes `--html FILE`).
fn takes_next_as_value(arg: &str, next: Option<&str>) -> bool {
    let flags = flags_named(arg);
    let next_sub = next.and_then(table::subcommand).map(|sub| sub.name);
    let switch_of_next = next_sub.is_some()
        && flags
            .iter()
            .any(|f| f.value_name().is_none() && f.use_in(next_sub).is_some());
    is_flag(arg) && !switch_of_next && flags.iter().any(|f| f.value_name().is_some())
}

/// The flags, of any subcommand, that `arg` names without a value
/// (`--log`, `-j`).
fn flags_named(arg: &str) -> Vec<&'static Flag> {
    let named = |flag: &&Flag| match arg.strip_prefix("--") {
        Some(long) => flag.long == long,
        None => arg.len() == 2 && arg.starts_with('-') && flag.short == arg[1..].chars().next(),
    };
    table::FLAGS.iter().filter(named).collect()
}

/// A command line that starts with a flag. `--help SUBCOMMAND` is that
/// subcommand's help; flags of a subcommand given before it are taken as
/// if after it (options go anywhere); else the flag is one of the tool's.
pub(super) fn before_subcommand(
    first: String,
    rest: Vec<String>,
    tail: Vec<OsString>,
) -> Result<Command, Usage> {
    let top = find_flag(None, &first).ok();
    let asks_help = top
        .as_ref()
        .is_some_and(|(flag, _, value)| flag.short == Some('h') && value.is_none());
    let named_next = rest.first().and_then(|word| table::subcommand(word));
    match (first.as_str(), rest.first(), named_next) {
        // After `--` every word is a word: the first must name a subcommand.
        ("--", None, _) => return Err(no_subcommand()),
        ("--", Some(word), None) => return Err(unknown_subcommand(word)),
        ("--", Some(_), Some(sub)) => {
            let args: Vec<String> = std::iter::once(first)
                .chain(rest.into_iter().skip(1))
                .collect();
            return parse_subcommand(sub, args.into_iter(), tail).map_err(|u| u.of(sub.name));
        }
        // `--help WORD` is `help WORD`: a word that names no subcommand is
        // refused, with the nearest name.
        (_, Some(word), None) if asks_help && !is_flag(word) => {
            return Err(unknown_subcommand(word))
        }
        (_, _, Some(sub)) if asks_help => return Ok(Command::Help(help::subcommand(sub))),
        // `--help` or `--version` before anything else: the flags that
        // follow are not looked at.
        _ if top.is_some() => return top_flag(&first),
        _ => {}
    }
    // The first reading that parses, of each word that names a subcommand
    // with the words before it as its flags, their values and its other
    // words (`--html scoreboard match A B` is `match` with `--html
    // scoreboard`).
    let args: Vec<String> = std::iter::once(first).chain(rest).collect();
    let mut first_fit: Option<Usage> = None;
    for (at, word) in args.iter().enumerate().skip(1) {
        let sub = match table::subcommand(word) {
            Some(sub) if fits(&args[..at], sub) => sub,
            _ => continue,
        };
        // A word before it near another subcommand's name was meant as
        // that one (`-j 2 tst snooker DIR`: `snooker` is a problem there),
        // but where the subcommand takes names, which may be any word
        // (`--json Dan Bob match`).
        let before: Vec<&str> = args[..at].iter().map(String::as_str).collect();
        let takes_names = sub.args.iter().any(|arg| arg.kind == ArgKind::Name);
        if let (false, Some(word)) = (takes_names, mistyped_subcommand(&before)) {
            return Err(unknown_subcommand(word));
        }
        let others: Vec<String> = args[..at].iter().chain(&args[at + 1..]).cloned().collect();
        match parse_subcommand(sub, others.into_iter(), tail.clone()) {
            Ok(command) => return Ok(command),
            Err(usage) if first_fit.is_none() => first_fit = Some(usage.of(sub.name)),
            Err(_) => {}
        }
    }
    if let Some(usage) = first_fit {
        return Err(usage);
    }
    // No subcommand is named: a word near one's name was meant as it
    // (`--strict snoker`), else the flag is looked at alone.
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    match mistyped_subcommand(&words) {
        Some(word) => Err(unknown_subcommand(word)),
        None => top_flag(&args[0]),
    }
}

/// Whether the words before a subcommand's name can be its flags, their
/// values and its other words, as they would be after it: none of its
/// flags that take a value takes the name, and no other subcommand is
/// named before it but as a flag's value. A flag it does not take is
/// taken with what may be its value: the word after it (so that the
/// flag's error is the one given), or the name if another subcommand
/// takes a value after the flag (`--log man match`).
fn fits(before: &[String], sub: &Subcommand) -> bool {
    let mut at = 0;
    while let Some(arg) = before.get(at) {
        // Another subcommand's name that is no flag's value is that
        // subcommand's (`--strict bundle snooker` is `bundle`).
        if !is_flag(arg) && table::subcommand(arg).is_some() {
            return false;
        }
        let takes_next = is_flag(arg)
            && match find_flag(Some(sub), arg) {
                Ok((flag, _, inline)) => flag.value_name().is_some() && inline.is_none(),
                Err(_) => match before.get(at + 1) {
                    Some(next) => !is_flag(next),
                    None => takes_next_as_value(arg, Some(sub.name)),
                },
            };
        at += if takes_next { 2 } else { 1 };
    }
    at == before.len()
}

/// The first of `args` that is neither a flag nor what may be a flag's
/// value, nor a file's name (`snooker.in`), and is near a subcommand's
/// name.
fn mistyped_subcommand<'a>(args: &[&'a str]) -> Option<&'a str> {
    let names = || table::SUBCOMMANDS.iter().map(|s| s.name);
    let mut at = 0;
    while let Some(&arg) = args.get(at) {
        let word = !is_flag(arg) && !arg.contains(['.', '/']) && table::subcommand(arg).is_none();
        if word && nearest(arg, names()).is_some() {
            return Some(arg);
        }
        // The word after a flag that always takes a value is its value, and
        // so may be the word after a flag not known (`--otu tset`), but not
        // after `--html`, a switch of `scoreboard`, nor after a flag given
        // as `--opt=VALUE` or `-jVALUE`.
        let attached = arg.contains('=') || (!arg.starts_with("--") && arg.len() > 2);
        let flags = flags_named(arg);
        let value_next =
            is_flag(arg) && !attached && flags.iter().all(|f| f.value_name().is_some());
        at += if value_next { 2 } else { 1 };
    }
    None
}
