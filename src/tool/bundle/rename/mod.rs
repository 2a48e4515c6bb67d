//! Short names for the minified forms: every identifier that the bundle
//! declares and that nothing of std's may share is given a name of one or
//! two characters, the most used first, one new name per old name wherever
//! it occurs. A renaming that is one-to-one on the names themselves, into
//! names the file does not hold, changes no resolution among the renamed
//! names, so no scope analysis is needed; what it must never touch is a
//! name that refers to something outside the bundle in even one place,
//! because that place would break.
//!
//! So a name is renamed only when the bundle declares it (`scan.rs`) and
//! none of its occurrences may be std's: it is never the name of a method
//! call that the bundle declares no method of, or that std's common types
//! and traits have a method of (`.len()`: the receiver's type is unknown),
//! of a macro, of an attribute's word, of a format argument (`"{count}"`),
//! of a member of an impl of a std trait (`fn fmt`), nor anything a `use`
//! of std binds, nor a name std or the language owns (`names.rs`); a path
//! segment through std (`io::Error` where `io` is `std::io`) keeps its
//! name in that place only. New names keep the old name's case, so that
//! no naming lint fires, are never keywords of any edition, never a name
//! the file already holds, and never a method of std's: a call of std's
//! renamed by mistake fails to compile rather than call another method.

mod code;
pub(super) mod names;
mod scan;
mod scope;

use super::lex::Kind;
pub use code::Code;
use std::collections::{HashMap, HashSet};

/// The new names of `code`'s identifiers, and the code tokens that keep
/// their names whatever they are (std's items named by path).
pub struct Renames {
    pub names: HashMap<String, String>,
    pub kept_at: HashSet<usize>,
}

impl Renames {
    /// The text of code token `i`, `text` before renaming.
    pub fn of<'a>(&'a self, i: usize, text: &'a str) -> &'a str {
        match self.kept_at.contains(&i) {
            true => text,
            false => self.names.get(text).map_or(text, String::as_str),
        }
    }
}

/// The new name of each renamed identifier of `code`.
pub fn renames(code: &Code) -> Renames {
    let std = names::StdMethods::new();
    let found = scan::scan(code, &std);
    let mut renamed = HashMap::new();
    if found.foreign_glob {
        return Renames {
            names: renamed,
            kept_at: found.std_at,
        };
    }
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for (text, kind) in code.text.iter().zip(&code.kind) {
        if *kind == Kind::Ident {
            *counts.entry(text).or_default() += 1;
        }
    }
    let mut candidates: Vec<(&str, names::Case, usize)> = counts
        .iter()
        .filter(|(name, _)| {
            found.declared.contains(**name) && !found.kept.contains(**name) && scan::renamable(name)
        })
        .filter_map(|(name, &count)| Some((*name, names::case_of(name)?, count * name.len())))
        .collect();
    // The most bytes first; names break ties, so that the result is the
    // same every time.
    candidates.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(b.0)));
    let mut taken: HashSet<String> = counts.keys().map(|s| s.to_string()).collect();
    let mut next: HashMap<names::Case, usize> = HashMap::new();
    for (name, case, _) in candidates {
        let at = next.entry(case).or_default();
        let mut fresh = names::nth(case, *at);
        while taken.contains(&fresh) || std.reserved(&fresh) {
            *at += 1;
            fresh = names::nth(case, *at);
        }
        if fresh.len() < name.len() {
            *at += 1;
            taken.insert(fresh.clone());
            renamed.insert(name.to_string(), fresh);
        }
    }
    Renames {
        names: renamed,
        kept_at: found.std_at,
    }
}

#[cfg(test)]
mod tests;
