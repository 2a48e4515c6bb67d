//! The names a piece of code mentions, for reachability: paths as
//! written (`crate::io::Lines`, `Self::new`, `shown`), names after a dot
//! (methods and fields), macros called, and names given as inline format
//! arguments. Names being defined (`let x`, `fn f`, a field `x: T`) are no
//! mentions, nor are local bindings where they are in scope (`locals.rs`);
//! keeping too much is only a warning, keeping too little would not
//! compile, so everything else that may be a name counts.

use super::lex::{is_ident_continue, is_ident_start, Kind, Token};
use super::locals::{is_local, locals};
use super::uses;

/// The names a piece of code mentions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Mentions {
    /// Paths as written, `a::b::c` as `["a", "b", "c"]` and a name alone as
    /// `["a"]`; a path after generic arguments (`<T>::new`) starts with
    /// `"?"`, one after a leading `::` with `""`.
    pub paths: Vec<Vec<String>>,
    /// Names after a dot: methods and fields.
    pub members: Vec<String>,
    /// Names after a dot that are called (`.name(`, `.name::<T>(`): only
    /// these may be methods.
    pub methods: Vec<String>,
    /// Macros called (`name!`).
    pub macros: Vec<String>,
}

const PATH_KEYWORDS: [&str; 4] = ["crate", "self", "super", "Self"];

/// Whether `text` is one of Rust's keywords; `crate`, `self`, `super` and
/// `Self` may start a path.
pub fn is_keyword(text: &str) -> bool {
    matches!(
        text,
        "as" | "break"
            | "const"
            | "continue"
            | "crate"
            | "else"
            | "enum"
            | "extern"
            | "false"
            | "fn"
            | "for"
            | "if"
            | "impl"
            | "in"
            | "let"
            | "loop"
            | "match"
            | "mod"
            | "move"
            | "mut"
            | "pub"
            | "ref"
            | "return"
            | "self"
            | "Self"
            | "static"
            | "struct"
            | "super"
            | "trait"
            | "true"
            | "type"
            | "unsafe"
            | "use"
            | "where"
            | "while"
            | "async"
            | "await"
            | "dyn"
            | "abstract"
            | "become"
            | "box"
            | "do"
            | "final"
            | "macro"
            | "override"
            | "priv"
            | "typeof"
            | "unsized"
            | "virtual"
            | "yield"
            | "try"
    )
}

/// The names that the code tokens `code` mention.
pub fn mentions(src: &str, code: &[Token]) -> Mentions {
    let mut found = Mentions::default();
    let locals = locals(src, code);
    let t = |i: usize| code.get(i).map_or("", |t| t.text(src));
    let is_path_word = |i: usize| {
        code.get(i).is_some_and(|tok| tok.kind == Kind::Ident)
            && (!is_keyword(t(i)) || PATH_KEYWORDS.contains(&t(i)))
    };
    let mut i = 0;
    while i < code.len() {
        let token = code[i];
        let text = t(i);
        let prev = if i > 0 { t(i - 1) } else { "" };
        if token.kind == Kind::Literal {
            let before = found.paths.len();
            format_arguments(text, &mut found);
            // `"{count}"` where `count` is a local names no item.
            let mut k = before;
            while k < found.paths.len() {
                match is_local(&locals, &found.paths[k][0], i) {
                    true => drop(found.paths.remove(k)),
                    false => k += 1,
                }
            }
        }
        if text == "use" {
            // A `use` inside a body: its leaves are paths.
            let end = (i..code.len()).find(|&j| t(j) == ";").unwrap_or(code.len());
            let texts: Vec<&str> = (i + 1..end).map(t).collect();
            for leaf in uses::parse(&texts).unwrap_or_default() {
                found.paths.push(leaf.path);
            }
            i = end;
            continue;
        }
        if !is_path_word(i) {
            i += 1;
            continue;
        }
        if prev == "." {
            found.members.push(text.to_string());
            if matches!(t(i + 1), "(" | "::") {
                found.methods.push(text.to_string());
            }
            i += 1;
            continue;
        }
        if t(i + 1) == "!" {
            found.macros.push(text.to_string());
            if text == "write" || text == "writeln" {
                found.members.push("write_fmt".to_string());
                found.methods.push("write_fmt".to_string());
            }
            i += 1;
            continue;
        }
        let before = if i > 1 { t(i - 2) } else { "" };
        if defines(before, prev, t(i + 1)) || t(i + 1) == ":" {
            i += 1;
            continue;
        }
        let mut path = Vec::new();
        if prev == "::" {
            // After generic arguments (`<T>::new`) the qualifier is unknown;
            // otherwise the `::` starts the path (`::std::mem`).
            path.push(if i > 1 && t(i - 2) == ">" { "?" } else { "" }.to_string());
        }
        path.push(text.to_string());
        let mut j = i + 1;
        while t(j) == "::" && is_path_word(j + 1) && t(j + 2) != "!" {
            path.push(t(j + 1).to_string());
            j += 2;
        }
        // A name alone where a local binding of it is in scope is that.
        if path.len() > 1 || !is_local(&locals, text, i) {
            found.paths.push(path);
        }
        i = j;
    }
    found
}

/// Whether a name after `prev` (and `before` that), followed by `next`, is
/// being defined, not mentioned: an item's, a binding's. A pattern that
/// starts with a path (`let Some(x)`, `let Point { x, .. }`, `let
/// Kind::A(x)`) mentions it; `mut` after a reference (`&mut T`, `&'a mut
/// T`, `*mut T`) and `const` after `*` start a type.
fn defines(before: &str, prev: &str, next: &str) -> bool {
    match prev {
        "fn" | "struct" | "enum" | "union" | "trait" | "type" | "mod" | "static" | "ref" => true,
        "const" => before != "*",
        "let" => !matches!(next, "(" | "{" | "::" | "!"),
        "mut" => !matches!(before, "&" | "&&" | "*") && !before.starts_with('\''),
        _ => false,
    }
}

/// Names used as inline format arguments (`"{count}"`, `"{x:>4}"`) in a
/// string literal.
fn format_arguments(literal: &str, found: &mut Mentions) {
    let mut rest = literal;
    while let Some(open) = rest.find('{') {
        rest = &rest[open + 1..];
        if rest.starts_with('{') {
            rest = &rest[1..];
            continue;
        }
        let name_len = rest
            .find(|c: char| !is_ident_continue(c))
            .unwrap_or(rest.len());
        let name = &rest[..name_len];
        let closed = rest[name_len..].starts_with(['}', ':']);
        if closed && name.starts_with(is_ident_start) && !is_keyword(name) {
            found.paths.push(vec![name.to_string()]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tool::bundle::lex::lex;

    fn paths(m: &Mentions) -> Vec<String> {
        m.paths.iter().map(|p| p.join("::")).collect()
    }

    #[test]
    fn mentions_tell_paths_members_and_macros_from_definitions() {
        let src = r#"fn run(line: &Line) -> Result<(), io::Error> {
            let mut count = crate::io::parse(line.text)?;
            let x = &mut count;
            use std::io::{Read, Write as W};
            writeln!(out, "{count} {x:>4} {{not}}")?;
            Vec::<u8>::new().len();
            Point { x: 1, y };
            super::super::f(::std::mem::take(x))
        }"#;
        let tokens: Vec<Token> = lex(src)
            .unwrap()
            .into_iter()
            .filter(Token::is_code)
            .collect();
        let m = mentions(src, &tokens);
        // `line`, `count` and `x` are locals where they are used.
        assert_eq!(
            paths(&m),
            [
                "Line",
                "Result",
                "io::Error",
                "crate::io::parse",
                "std::io::Read",
                "std::io::Write",
                "out",
                "Vec",
                "u8",
                "?::new",
                "Point",
                "y",
                "super::super::f",
                "::std::mem::take",
            ]
        );
        assert_eq!(m.members, ["text", "write_fmt", "len"]);
        assert_eq!(m.methods, ["write_fmt", "len"]);
        assert_eq!(m.macros, ["writeln"]);
    }

    #[test]
    fn types_in_fields_references_generics_and_patterns_are_mentions() {
        let src = "struct R<'o, W: Write> { out: &'o mut Output<W>, raw: *const Raw, p: *mut Ptr }
            impl<'o, W: Write + Sized> R<'o, W> where Out<W>: Bound {
                fn new(out: &'o mut Output<W>, x: &mut Plain, y: &&mut Twice) -> Self {
                    let Pair(a, b) = make();
                    let Point { x, .. } = p;
                    if let Next::Turn(t) = next {}
                    let mut bound = 1;
                    R { out }
                }
            }";
        let tokens: Vec<Token> = lex(src)
            .unwrap()
            .into_iter()
            .filter(Token::is_code)
            .collect();
        let found = paths(&mentions(src, &tokens));
        for name in [
            "Write",
            "Output",
            "W",
            "Raw",
            "Ptr",
            "Sized",
            "R",
            "Out",
            "Bound",
            "Plain",
            "Twice",
            "Self",
            "Pair",
            "make",
            "Point",
            "Next::Turn",
        ] {
            assert!(found.iter().any(|p| p == name), "{} in {:?}", name, found);
        }
        for defined in ["bound", "new"] {
            assert!(!found.iter().any(|p| p == defined), "{}", defined);
        }
    }
}
