//! The names the renamer never gives away and never takes: keywords of
//! every edition, what the language and std own, and the short names it
//! hands out, each of the case its original had so that no naming lint
//! fires (`snake_case`, `CamelCase`, `UPPER_CASE`).
//!
//! `std_methods.txt` lists the methods of the std types and traits that a
//! solver uses. A method of the bundle's own that shares a name with one
//! of them keeps its name, because a call `.name(` cannot be told from
//! std's. A new name is never one of them either, so that a call of std's
//! method that were renamed by mistake (its name missing from the list)
//! finds no method and fails to compile, and never calls another.

use std::collections::HashSet;

/// Keywords of every edition, reserved words and contextual keywords.
pub const KEYWORDS: [&str; 60] = [
    "as",
    "break",
    "const",
    "continue",
    "crate",
    "else",
    "enum",
    "extern",
    "false",
    "fn",
    "for",
    "if",
    "impl",
    "in",
    "let",
    "loop",
    "match",
    "mod",
    "move",
    "mut",
    "pub",
    "ref",
    "return",
    "self",
    "Self",
    "static",
    "struct",
    "super",
    "trait",
    "true",
    "type",
    "unsafe",
    "use",
    "where",
    "while",
    "async",
    "await",
    "dyn",
    "abstract",
    "become",
    "box",
    "do",
    "final",
    "macro",
    "override",
    "priv",
    "typeof",
    "unsized",
    "virtual",
    "yield",
    "try",
    "gen",
    "union",
    "auto",
    "default",
    "macro_rules",
    "raw",
    "safe",
    "_",
    "main",
];

/// Names that std or the language owns and that code may use without a
/// path or an import (the prelude, primitive types, crates), that derives
/// and std's traits give to bundle types (`X::default()`), that std's
/// and that `macro_rules!`
/// reads (`$x:expr`): never renamed, whatever else uses them.
pub const OWNED: [&str; 109] = [
    // Primitive types and crates.
    "bool",
    "char",
    "str",
    "u8",
    "u16",
    "u32",
    "u64",
    "u128",
    "usize",
    "i8",
    "i16",
    "i32",
    "i64",
    "i128",
    "isize",
    "f16",
    "f32",
    "f64",
    "f128",
    "std",
    "core",
    "alloc",
    "proc_macro",
    "test",
    // The prelude, every edition.
    "Copy",
    "Send",
    "Sized",
    "Sync",
    "Unpin",
    "Drop",
    "Fn",
    "FnMut",
    "FnOnce",
    "drop",
    "Box",
    "ToOwned",
    "Clone",
    "PartialEq",
    "PartialOrd",
    "Eq",
    "Ord",
    "AsRef",
    "AsMut",
    "Into",
    "From",
    "Default",
    "Iterator",
    "Extend",
    "IntoIterator",
    "DoubleEndedIterator",
    "ExactSizeIterator",
    "Option",
    "Some",
    "None",
    "Result",
    "Ok",
    "Err",
    "String",
    "ToString",
    "Vec",
    "TryFrom",
    "TryInto",
    "FromIterator",
    "size_of",
    "size_of_val",
    "align_of",
    "align_of_val",
    "Debug",
    "Hash",
    // Methods that derives and std's traits give to any type.
    "default",
    "clone",
    "clone_from",
    "eq",
    "ne",
    "cmp",
    "partial_cmp",
    "lt",
    "le",
    "gt",
    "ge",
    "max",
    "min",
    "clamp",
    "hash",
    "fmt",
    "from",
    "into",
    "try_from",
    "try_into",
    "to_string",
    "to_owned",
    "as_ref",
    "as_mut",
    // The associated type of std's iterators.
    "Item",
    // Fragment specifiers of `macro_rules!`.
    "block",
    "expr",
    "expr_2021",
    "ident",
    "item",
    "lifetime",
    "literal",
    "meta",
    "pat",
    "pat_param",
    "path",
    "stmt",
    "tt",
    "ty",
    "vis",
];

/// Whether the renamer must leave `name` alone wherever it is.
pub fn owned(name: &str) -> bool {
    KEYWORDS.contains(&name) || OWNED.contains(&name)
}

/// The methods of std's common types and traits (`std_methods.txt`).
pub struct StdMethods(HashSet<&'static str>);

impl StdMethods {
    pub fn new() -> StdMethods {
        let text = include_str!("std_methods.txt");
        let names = text
            .lines()
            .filter(|line| !line.starts_with('#'))
            .flat_map(str::split_whitespace);
        StdMethods(names.collect())
    }

    pub fn contains(&self, name: &str) -> bool {
        self.0.contains(name)
    }

    /// Whether `name` may never be handed out.
    pub fn reserved(&self, name: &str) -> bool {
        owned(name) || self.contains(name) || matches!(name, "io" | "fs" | "os" | "id")
    }
}

/// The case of a name, which its new name keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Case {
    /// `snake_case`: functions, bindings, fields, modules.
    Snake,
    /// `CamelCase`: types, traits, variants, type parameters.
    Camel,
    /// `UPPER_CASE`: constants and statics.
    Upper,
}

/// The case of `name`, or `None` when it is none of them (a leading
/// underscore, which silences the unused lints, or a non-ASCII letter).
pub fn case_of(name: &str) -> Option<Case> {
    let first = name.chars().next()?;
    if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let lower = name.chars().any(|c| c.is_ascii_lowercase());
    let upper = name.chars().any(|c| c.is_ascii_uppercase());
    if first.is_ascii_lowercase() && !upper {
        Some(Case::Snake)
    } else if first.is_ascii_uppercase() && !lower {
        Some(Case::Upper)
    } else if first.is_ascii_uppercase() && !name.contains('_') {
        Some(Case::Camel)
    } else {
        None
    }
}

/// The `n`th name of `case`, shortest first: `a`..`z`, `aa`, `ab`, ...,
/// `a0`.. for snake case; `A`..`Z` then `Aa`.. (camel) or `AA`.. (upper).
pub fn nth(case: Case, mut n: usize) -> String {
    const LOWER: &[u8] = b"abcdefghijklmnopqrstuvwxyz";
    const UPPER: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const LOWER_DIGITS: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    const UPPER_DIGITS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let (first, rest) = match case {
        Case::Snake => (LOWER, LOWER_DIGITS),
        Case::Camel => (UPPER, LOWER_DIGITS),
        Case::Upper => (UPPER, UPPER_DIGITS),
    };
    // How many names of each length: 26, 26 * 36, 26 * 36 * 36, ...
    let mut len = 1;
    let mut count = first.len();
    while n >= count {
        n -= count;
        len += 1;
        count *= rest.len();
    }
    let mut tail = Vec::with_capacity(len);
    for _ in 1..len {
        tail.push(rest[n % rest.len()]);
        n /= rest.len();
    }
    tail.push(first[n]);
    tail.reverse();
    String::from_utf8(tail).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases_follow_the_spelling() {
        assert_eq!(case_of("next_line"), Some(Case::Snake));
        assert_eq!(case_of("x2"), Some(Case::Snake));
        assert_eq!(case_of("Lines"), Some(Case::Camel));
        assert_eq!(case_of("MAX_RATING"), Some(Case::Upper));
        assert_eq!(case_of("W"), Some(Case::Upper));
        assert_eq!(case_of("_line"), None);
        assert_eq!(case_of("camelCase"), None);
        assert_eq!(case_of("Mixed_Case"), None);
        assert_eq!(case_of("é"), None);
    }

    #[test]
    fn names_come_shortest_first_in_their_case() {
        assert_eq!(nth(Case::Snake, 0), "a");
        assert_eq!(nth(Case::Snake, 25), "z");
        assert_eq!(nth(Case::Snake, 26), "aa");
        assert_eq!(nth(Case::Snake, 26 + 36), "ba");
        assert_eq!(nth(Case::Snake, 26 + 35), "a9");
        assert_eq!(nth(Case::Snake, 26 + 26 * 36), "aaa");
        assert_eq!(nth(Case::Camel, 26), "Aa");
        assert_eq!(nth(Case::Upper, 27), "AB");
        let names: Vec<String> = (0..2000).map(|n| nth(Case::Snake, n)).collect();
        let distinct: std::collections::HashSet<&String> = names.iter().collect();
        assert_eq!(distinct.len(), names.len());
        assert!(names.iter().all(|n| case_of(n) == Some(Case::Snake)));
        for n in 0..2000 {
            let camel = nth(Case::Camel, n);
            // Upper-case spellings of one letter and digits are camel too.
            assert!(camel.starts_with(|c: char| c.is_ascii_uppercase()) && !camel.contains('_'));
            assert_eq!(case_of(&nth(Case::Upper, n)), Some(Case::Upper));
        }
    }

    #[test]
    fn keywords_and_std_names_are_never_handed_out() {
        let std = StdMethods::new();
        for name in [
            "fn", "gen", "try", "dyn", "Some", "u8", "or", "main", "Self", "len",
        ] {
            assert!(std.reserved(name), "{}", name);
        }
        assert!(!std.reserved("a"));
        assert!(std.contains("copy_from_slice") && std.contains("write_all"));
        assert!(!std.contains("next_nonblank"));
    }
}
