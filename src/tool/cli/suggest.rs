//! What a usage error says of a word not known where it was given: where
//! a flag belongs if it is another subcommand's, and "did you mean" the
//! known name nearest to a mistyped one, by edit distance with swapped
//! neighbours counting as one edit (`strcit`).

use super::table::{self, Flag};
use super::Usage;

/// The error for a word where a subcommand's name was expected, with the
/// nearest name.
pub(super) fn unknown_subcommand(word: &str) -> Usage {
    let names = table::SUBCOMMANDS.iter().map(|s| s.name);
    unknown(format!("unknown subcommand `{}`", word), word, names, "")
}

/// The error for a flag not taken where it was given: where it belongs if
/// it is another subcommand's, else the nearest one taken here.
pub(super) fn unknown_flag(sub: Option<&str>, arg: &str) -> Usage {
    let is_short = |f: &Flag, name: &str| {
        f.short.is_some() && Some(&name[1..]) == f.short.map(String::from).as_deref()
    };
    // `-j4` is about `-j`, but `-strict` is a misspelt `--strict`.
    let name = match flag_name(arg) {
        short if !arg.starts_with("--") && !table::FLAGS.iter().any(|f| is_short(f, short)) => arg,
        name => name,
    };
    // Every flag of that name (`--html` is a switch of one subcommand and
    // takes a value in another).
    let named: Vec<&Flag> = table::FLAGS
        .iter()
        .filter(|f| is_short(f, name) || name.strip_prefix("--") == Some(f.long))
        .collect();
    let elsewhere = named.first().copied();
    let mut owners: Vec<&str> = named.iter().flat_map(|f| f.subcommands()).collect();
    owners.dedup();
    let owners = owners.join(", ");
    let bare = name.trim_start_matches('-');
    let renamed = table::RENAMED
        .iter()
        .find(|(owner, old, _)| Some(*owner) == sub && Some(*old) == name.strip_prefix("--"));
    if let (Some((owner, old, new)), Some(_)) = (renamed, elsewhere) {
        return Usage::new(format!(
            "`--{}` is not an option of `{}` (only of {}); did you mean `--{}`?",
            old, owner, owners, new
        ));
    }
    if let Some(flag) = named.iter().find(|f| f.use_in(sub).is_some()) {
        // Taken here, so only a value after a switch (`-hx`) fails.
        return Usage::new(format!("`-{}` takes no value", flag.short.unwrap_or('?')));
    }
    if elsewhere.is_some() {
        return Usage::new(match sub {
            _ if owners.is_empty() => format!("`{}` goes before any subcommand", name),
            None => format!("`{}` goes after a subcommand: {}", name, owners),
            Some(sub) => format!(
                "`{}` is not an option of `{}` (only of {})",
                name, sub, owners
            ),
        });
    }
    let start = match sub {
        None => format!("unknown option `{}`", name),
        Some(sub) => format!("unknown option `{}` for `{}`", name, sub),
    };
    // A short option in the other case, or with two dashes: `-J` or `--j`
    // for `-j`.
    let mut letters = bare.chars();
    if let (Some(letter), None) = (letters.next(), letters.next()) {
        let near = table::flags_in(sub)
            .find_map(|(f, _)| f.short.filter(|short| short.eq_ignore_ascii_case(&letter)));
        if let Some(short) = near {
            return Usage::new(format!("{}; did you mean `-{}`?", start, short));
        }
    }
    let longs: Vec<&str> = table::flags_in(sub).map(|(f, _)| f.long).collect();
    // A long option that one of ours starts (`--output`, `--logfile`):
    // among options only, where no name or file is taken for one.
    let started = || {
        let bare = bare.to_lowercase();
        let ours = longs.iter().filter(|long| long.len() >= 3);
        ours.filter(|long| bare.starts_with(*long))
            .max_by_key(|long| long.len())
            .copied()
    };
    match nearest(bare, longs.iter().copied()).or_else(started) {
        Some(long) => Usage::new(format!("{}; did you mean `--{}`?", start, long)),
        None => Usage::new(start),
    }
}

/// The flag part of an argument, for messages: `--seed` of `--seed=3`,
/// `-j` of `-j4`.
pub(super) fn flag_name(arg: &str) -> &str {
    if arg.starts_with("--") {
        arg.split('=').next().unwrap_or(arg)
    } else {
        let end = arg.char_indices().nth(2).map_or(arg.len(), |(i, _)| i);
        &arg[..end]
    }
}

/// `message`, and "did you mean" the nearest of `names` if one is near.
pub(super) fn unknown<'a, I: IntoIterator<Item = &'a str>>(
    message: String,
    typed: &str,
    names: I,
    prefix: &str,
) -> Usage {
    match nearest(typed, names) {
        Some(name) => Usage::new(format!("{}; did you mean `{}{}`?", message, prefix, name)),
        None => Usage::new(message),
    }
}

/// Edits from `a` to `b`: insertions, deletions, substitutions and swaps of
/// two neighbouring characters (optimal string alignment distance).
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Three rows of the usual table: two back are needed for swaps.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut last: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut row = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            row[j] = (last[j] + 1).min(row[j - 1] + 1).min(last[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                row[j] = row[j].min(before[j - 2] + 1);
            }
        }
        before = std::mem::replace(&mut last, row);
    }
    last[b.len()]
}

/// The candidate nearest to `typed`, if one is near enough to be what was
/// meant: a third of the word may be wrong (at least one letter, never all
/// of it), case aside; or `typed` starts it (three letters at least).
pub(crate) fn nearest<'a, I>(typed: &str, candidates: I) -> Option<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let typed = typed.to_lowercase();
    let length = typed.chars().count();
    let allowed = (length / 3).max(1);
    let mut best: Option<(usize, &'a str)> = None;
    for candidate in candidates {
        let mut d = distance(&typed, candidate);
        if length >= 3 && candidate.starts_with(&typed) {
            d = d.min(1);
        }
        let near = d <= allowed && d < length;
        if near && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, candidate));
        }
    }
    best.map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(distance("strict", "strict"), 0);
        assert_eq!(distance("strcit", "strict"), 1);
        assert_eq!(distance("snoker", "snooker"), 1);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("abc", ""), 3);
        assert_eq!(distance("kitten", "sitting"), 3);
    }

    #[test]
    fn near_names_are_suggested() {
        let problems = ["snooker", "fourrow", "rating"];
        assert_eq!(nearest("snoker", problems), Some("snooker"));
        assert_eq!(nearest("fourow", problems), Some("fourrow"));
        assert_eq!(nearest("Rating", problems), Some("rating"));
        assert_eq!(nearest("snook", problems), Some("snooker"));
        assert_eq!(nearest("strcit", ["strict", "tsv"]), Some("strict"));
        assert_eq!(nearest("plian", ["plain", "varied"]), Some("plain"));
    }

    #[test]
    fn a_short_option_with_two_dashes_and_a_long_one_too_long_are_pointed_to_ours() {
        let said = |sub, arg| unknown_flag(Some(sub), arg).message;
        let j = "unknown option `--j` for `test`; did you mean `-j`?";
        assert_eq!(said("test", "--j"), j);
        let out = "unknown option `--output` for `stress`; did you mean `--out`?";
        assert_eq!(said("stress", "--output"), out);
        assert!(said("stress", "--OUTPUT").ends_with("did you mean `--out`?"));
        let log = "unknown option `--logfile` for `match`; did you mean `--log`?";
        assert_eq!(said("match", "--logfile"), log);
    }

    #[test]
    fn far_names_are_not() {
        assert_eq!(nearest("chess", ["snooker", "fourrow", "rating"]), None);
        assert_eq!(nearest("x", ["j", "h"]), None);
        assert_eq!(nearest("", ["j"]), None);
        assert_eq!(nearest("jobs", ["j"]), None);
        // A word that one of ours starts is a name, not a mistyped word.
        assert_eq!(nearest("manuel", ["man", "match"]), None);
    }
}
