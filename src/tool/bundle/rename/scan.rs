//! What the renamer reads from a bundle's tokens: the names the bundle
//! declares (items, fields, variants, parameters, bindings, generic
//! parameters), and the names it must keep because some occurrence may
//! be std's: a method call (unless the bundle has a method of that name
//! and std's common types have none), a macro, an attribute, a format
//! argument, an associated type binding, a member of an impl of a std
//! trait, a path segment after something unknown (a generic parameter),
//! or anything a `use` of std names. A path segment that is std's for
//! certain keeps its name in that place only.
//!
//! Paths are followed through the bundle's modules (`mod x { }` blocks)
//! and their `use` items, so that `io::Error` is std's where `use
//! std::io;` is in scope and the bundle's where `use crate::io;` is.

use super::super::lex::{is_ident_continue, is_ident_start, Kind};
use super::code::Code;
use super::names::{self, StdMethods};
use super::scope::{At, Keep, Scope};
use std::collections::{HashMap, HashSet};

/// What the scan found.
#[derive(Default)]
pub struct Found {
    /// Names in a declaring place.
    pub declared: HashSet<String>,
    /// Names that some occurrence of may be std's.
    pub kept: HashSet<String>,
    /// Code tokens that name std's items for certain (`io::Error` where
    /// `io` is `std::io`): they stay, whatever their name becomes elsewhere.
    pub std_at: HashSet<usize>,
    /// A glob import of something outside the bundle: the names it brings
    /// are unknown, so nothing may be renamed.
    pub foreign_glob: bool,
}

/// Scans `code`; `std` has the method names of std's that bundle methods
/// must not take away.
pub fn scan(code: &Code, std: &StdMethods) -> Found {
    let mut found = Found::default();
    let scope = Scope::build(code, &mut found);
    let mut scanner = Scanner {
        code,
        std,
        scope,
        methods: HashSet::new(),
        found,
    };
    scanner.declarations();
    scanner.impls();
    scanner.contexts();
    scanner.found
}

struct Scanner<'c, 'a> {
    code: &'c Code<'a>,
    std: &'c StdMethods,
    scope: Scope,
    /// Methods of the bundle's inherent impls and traits, which calls may
    /// use under a new name unless std has a method of that name.
    methods: HashSet<String>,
    found: Found,
}

impl<'a> Scanner<'_, 'a> {
    fn t(&self, i: usize) -> &'a str {
        self.code.t(i)
    }

    fn keep(&mut self, name: &str) {
        self.found.kept.insert(name.to_string());
    }

    fn declare(&mut self, i: usize) {
        if self.code.is_ident(i) {
            self.found.declared.insert(self.t(i).to_string());
        }
    }

    /// Declared names, the bundle's types and the generic parameters.
    fn declarations(&mut self) {
        let n = self.code.text.len();
        for i in 0..n {
            if self.scope.skip[i] {
                continue;
            }
            let (before, prev, next) = (
                self.code.before(i.saturating_sub(1)),
                self.code.before(i),
                self.t(i + 1),
            );
            if self.code.is_ident(i) && !names::KEYWORDS.contains(&self.t(i)) {
                let defines = match prev {
                    "fn" | "mod" | "static" | "ref" => true,
                    "struct" | "enum" | "union" | "trait" | "type" => {
                        self.scope.types.insert(self.t(i).to_string());
                        true
                    }
                    "const" => before != "*",
                    "let" => !matches!(next, "(" | "{" | "::" | "!"),
                    "mut" => !matches!(before, "&" | "&&" | "*") && !before.starts_with('\''),
                    _ => false,
                };
                if defines || next == ":" {
                    self.declare(i);
                }
                let item = matches!(prev, "fn" | "struct" | "enum" | "union" | "trait" | "type");
                if item && next == "<" {
                    self.generics_at(i + 1);
                }
                if prev == "enum" {
                    self.variants(i + 1);
                }
                continue;
            }
            match self.t(i) {
                "impl" if next == "<" => self.generics_at(i + 1),
                "let" => {
                    let end = self.pattern_end(i + 1, &["=", ";", ":"]);
                    self.bindings(i + 1, end);
                }
                "for" => {
                    let end = self.pattern_end(i + 1, &["in", "{", ";"]);
                    if self.t(end) == "in" {
                        self.bindings(i + 1, end);
                    }
                }
                "|" if matches!(
                    prev,
                    "(" | "," | "=" | "move" | "{" | ";" | "=>" | "return" | ":"
                ) =>
                {
                    let end = self.pattern_end(i + 1, &["|"]);
                    self.bindings(i + 1, end);
                }
                "=>" => {
                    let start = self.arm_start(i);
                    let end = (start..i).find(|&j| self.t(j) == "if").unwrap_or(i);
                    self.bindings(start, end);
                }
                _ => {}
            }
        }
    }

    /// The generic parameters in the `<...>` that opens at `open`.
    fn generics_at(&mut self, open: usize) {
        let end = self.code.past_angles(open);
        let mut depth = 0i32;
        for j in open..end {
            match self.t(j) {
                "<" => depth += 1,
                ">" => depth -= 1,
                ">>" => depth -= 2,
                _ if depth == 1 && self.code.is_ident(j) => {
                    let prev = self.code.before(j);
                    let starts = matches!(prev, "<" | ",")
                        || (prev == "const" && matches!(self.code.before(j - 1), "<" | ","));
                    if starts && self.t(j) != "const" {
                        self.scope.generics.insert(self.t(j).to_string());
                        self.declare(j);
                    }
                }
                _ => {}
            }
        }
    }

    /// The variants of the enum whose name is before `from`.
    fn variants(&mut self, from: usize) {
        let Some(open) = (from..self.code.text.len()).find(|&j| self.t(j) == "{") else {
            return;
        };
        let close = self.code.past(open) - 1;
        let mut j = open + 1;
        let mut start = true;
        while j < close {
            match self.t(j) {
                "#" => j = self.code.past(j + 1),
                "(" | "{" | "[" => j = self.code.past(j),
                "," => {
                    start = true;
                    j += 1;
                }
                _ => {
                    if start && self.code.is_ident(j) {
                        self.declare(j);
                    }
                    start = false;
                    j += 1;
                }
            }
        }
    }

    /// The first token from `from` on that is one of `ends` outside any
    /// bracket (or that closes the enclosing one).
    fn pattern_end(&self, from: usize, ends: &[&str]) -> usize {
        let mut j = from;
        while j < self.code.text.len() {
            let t = self.t(j);
            if ends.contains(&t) || matches!(t, ")" | "]" | "}") {
                return j;
            }
            j = match t {
                "(" | "[" | "{" => self.code.past(j),
                _ => j + 1,
            };
        }
        j
    }

    /// Where the match arm (or `macro_rules!` rule) whose `=>` is at `at`
    /// starts: after a `,`, a `;`, the bracket that encloses it, or a `}`
    /// that ends the arm before (a struct pattern's fields are left out).
    fn arm_start(&self, at: usize) -> usize {
        let mut j = at;
        while j > 0 {
            let t = self.t(j - 1);
            match t {
                "," | ";" | "{" | "(" | "[" | "}" => return j,
                ")" | "]" => match self.code.open[j - 1] {
                    usize::MAX => return j,
                    o => j = o,
                },
                _ => j -= 1,
            }
        }
        j
    }

    /// The names that a pattern in `from..to` binds: lower-case names
    /// that are no path, call or struct.
    fn bindings(&mut self, from: usize, to: usize) {
        for j in from..to {
            let text = self.t(j);
            let binding = self.code.is_ident(j)
                && !self.scope.skip[j]
                && text.starts_with(|c: char| c.is_ascii_lowercase())
                && !matches!(self.t(j + 1), "::" | "(" | "{" | "!")
                && !matches!(self.code.before(j), "::" | ".");
            if binding {
                self.declare(j);
            }
        }
    }

    /// The names to keep: see the module's docs.
    fn contexts(&mut self) {
        let n = self.code.text.len();
        let mut visited = vec![false; n];
        for i in 0..n {
            if self.scope.skip[i] {
                continue;
            }
            let (prev, next) = (self.code.before(i), self.t(i + 1));
            match self.code.kind[i] {
                Kind::Literal => self.format_arguments(i),
                Kind::Ident => {
                    let text = self.t(i).to_string();
                    let method = prev == "."
                        && matches!(next, "(" | "::")
                        && (!self.methods.contains(&text) || self.std.contains(&text));
                    let binding = matches!(prev, "<" | ",") && next == "=" && self.in_angles(i);
                    let macro_name =
                        next == "!" || (prev == "!" && self.code.before(i - 1) == "macro_rules");
                    if method || binding || macro_name {
                        self.keep(&text);
                    } else if prev == "::" && !visited[i] {
                        // After `<T as Trait>::` or a leading `::`.
                        self.keep(&text);
                    } else if prev != "::" && next == "::" {
                        self.path(i, &mut visited);
                    }
                }
                _ => {}
            }
        }
    }

    /// Whether token `i` is inside generic arguments (`Iterator<Item = u8>`)
    /// rather than brackets (`enum E { A = 1, B = 2 }`).
    fn in_angles(&self, i: usize) -> bool {
        let mut depth = 0i32;
        let mut j = i;
        while j > 0 {
            j -= 1;
            match self.t(j) {
                ">" => depth += 1,
                ">>" => depth += 2,
                "<" if depth == 0 => return true,
                "<" => depth -= 1,
                ")" | "]" | "}" => match self.code.open[j] {
                    usize::MAX => return false,
                    o => j = o,
                },
                "(" | "[" | "{" | ";" => return false,
                _ => {}
            }
        }
        false
    }

    /// Follows the path whose first segment is token `i`, keeping the
    /// segments that may be std's.
    fn path(&mut self, i: usize, visited: &mut [bool]) {
        let m = self.scope.module_of[i];
        let mut at = self.scope.head(m, self.t(i), 0);
        let mut j = i;
        loop {
            if self.t(j + 1) != "::" {
                break;
            }
            let mut next = j + 2;
            if self.t(next) == "<" {
                next = self.code.past_angles(next);
                if self.t(next) != "::" {
                    break;
                }
                next += 1;
            }
            if !self.code.is_ident(next) {
                break;
            }
            let (stepped, keep) = self.scope.step(at, self.t(next), 0);
            match keep {
                Keep::No => {}
                Keep::Here => {
                    self.found.std_at.insert(next);
                }
                Keep::Everywhere => self.keep(self.t(next)),
            }
            visited[next] = true;
            at = stepped;
            j = next;
        }
    }

    /// Names used as format arguments in the string literal `i`.
    fn format_arguments(&mut self, i: usize) {
        let mut rest = self.t(i);
        while let Some(open) = rest.find('{') {
            rest = &rest[open + 1..];
            let end = rest.find('}').unwrap_or(rest.len());
            for word in rest[..end].split(|c: char| !is_ident_continue(c)) {
                if word.starts_with(is_ident_start) {
                    self.keep(word);
                }
            }
        }
    }

    /// Impls and traits: the members of an impl of a trait that is not the
    /// bundle's keep their names (`fn fmt`, `fn next`, `type Item`); the
    /// methods of inherent impls and of the bundle's traits are noted, but
    /// a trait of the bundle implemented for a type that is not (a generic
    /// `T`, `u64`, `[A; 2]`) keeps its methods' names, since calls on that
    /// type could not be told from std's.
    fn impls(&mut self) {
        let mut trait_members: HashMap<&str, Vec<&str>> = HashMap::new();
        let mut open_traits = Vec::new();
        for i in 0..self.code.text.len() {
            if self.scope.skip[i]
                || !matches!(
                    self.code.before(i),
                    "" | "}" | ";" | "{" | "]" | ")" | "pub" | "unsafe"
                )
            {
                continue;
            }
            match self.t(i) {
                "trait" if self.code.is_ident(i + 1) => {
                    let open = (i..self.code.text.len()).find(|&j| matches!(self.t(j), "{" | ";"));
                    if let Some(open) = open.filter(|&j| self.t(j) == "{") {
                        let members = self.members(open, &["fn"]);
                        self.methods.extend(members.iter().map(|m| m.to_string()));
                        trait_members
                            .entry(self.t(i + 1))
                            .or_default()
                            .extend(members);
                    }
                }
                "impl" => {
                    let Some((trait_path, self_ours, open)) = self.impl_header(i) else {
                        continue;
                    };
                    let m = self.scope.module_of[i];
                    let ours = match &trait_path {
                        None => true,
                        Some(path) => {
                            matches!(self.scope.resolve(m, path, 0), At::Type | At::Module(_))
                        }
                    };
                    if !ours {
                        for name in self.members(open, &["fn", "type", "const"]) {
                            self.keep(name);
                        }
                        continue;
                    }
                    let methods = self.members(open, &["fn"]);
                    self.methods.extend(methods.iter().map(|m| m.to_string()));
                    if let (Some(path), false) = (&trait_path, self_ours) {
                        open_traits.extend(path.last().cloned());
                    }
                }
                _ => {}
            }
        }
        for name in open_traits {
            for member in trait_members.get(name.as_str()).into_iter().flatten() {
                self.keep(member);
            }
        }
    }

    /// The names of the members after one of `keywords` in the body that
    /// opens at `open`.
    fn members(&self, open: usize, keywords: &[&str]) -> Vec<&'a str> {
        let close = self.code.past(open) - 1;
        let mut found = Vec::new();
        let mut k = open + 1;
        while k < close {
            match self.t(k) {
                "{" | "(" | "[" => k = self.code.past(k),
                word if keywords.contains(&word) && self.code.is_ident(k + 1) => {
                    found.push(self.t(k + 1));
                    k += 2;
                }
                _ => k += 1,
            }
        }
        found
    }

    /// The header of the impl item at `i`: the trait's path, if any,
    /// whether it is for a type of the bundle, and where its body opens.
    fn impl_header(&self, i: usize) -> Option<(Option<Vec<String>>, bool, usize)> {
        let n = self.code.text.len();
        let mut j = i + 1;
        if self.t(j) == "<" {
            j = self.code.past_angles(j);
        }
        let header = j;
        let mut depth = 0i32;
        let mut split = None;
        let mut end = None;
        while j < n && !matches!(self.t(j), "{" | ";") {
            match self.t(j) {
                "<" => depth += 1,
                ">" => depth -= 1,
                ">>" => depth -= 2,
                "for" if depth == 0 && split.is_none() => split = Some(j),
                "where" if depth == 0 => end = end.or(Some(j)),
                "(" | "[" => {
                    j = self.code.past(j);
                    continue;
                }
                _ => {}
            }
            j += 1;
        }
        if self.t(j) != "{" {
            return None;
        }
        let end = end.unwrap_or(j);
        let (trait_path, self_from) = match split {
            Some(at) => (Some(self.path_in(header, at)), at + 1),
            None => (None, header),
        };
        let mut from = self_from;
        while matches!(self.t(from), "&" | "mut")
            || self.code.kind.get(from) == Some(&Kind::Lifetime)
        {
            from += 1;
        }
        let simple = self.code.is_ident(from) && !matches!(self.t(from), "dyn" | "impl");
        let path = self.path_in(from, end);
        let ours = simple && self.scope.resolve(self.scope.module_of[i], &path, 0) == At::Type;
        Some((trait_path, ours, j))
    }

    /// The path in tokens `from..to` outside generic arguments.
    fn path_in(&self, from: usize, to: usize) -> Vec<String> {
        let mut path = Vec::new();
        let mut depth = 0i32;
        for j in from..to {
            match self.t(j) {
                "<" => depth += 1,
                ">" => depth -= 1,
                ">>" => depth -= 2,
                "dyn" => {}
                t if depth == 0 && self.code.is_ident(j) => {
                    if self.code.before(j) != "::" {
                        path.clear();
                    }
                    path.push(t.to_string());
                }
                "::" if depth == 0 && path.is_empty() => path.push(String::new()),
                _ => {}
            }
        }
        path
    }
}

/// Whether the name may be renamed at all, whatever the bundle does.
pub fn renamable(name: &str) -> bool {
    !names::owned(name) && !name.starts_with("r#") && name.len() > 1
}
