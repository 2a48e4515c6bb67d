//! Splits a file's tokens into its items, each with its attributes and the
//! comments before it, the name it defines and the names its code mentions.
//! Inside `impl` and `trait` blocks and inline modules the member items are
//! split the same way, so that reachability can keep some and drop others.
//!
//! Items are found by their keyword and ended by the first `;` or braced
//! body at bracket depth 0, which is all the grammar the bundler needs.

use super::lex::{is_ident_start, Kind, Token};
use super::mentions::{is_keyword, mentions, Mentions};
use super::uses::{self, Leaf};

/// What an item is, as far as reachability cares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum What {
    Use(Vec<Leaf>),
    /// `struct`, `enum`, `union` or `type`: something an `impl` is for.
    Type,
    /// `fn`, `const`, `static`.
    Value,
    /// `macro_rules! name`.
    Macro,
    /// A trait; its members are in `members`.
    Trait,
    /// An `impl`: of a trait or inherent, each named by its path as
    /// written, generic arguments left out (`fmt::Display`, `Out`);
    /// members in `members`.
    Impl {
        trait_path: Option<Vec<String>>,
        self_path: Vec<String>,
    },
    /// `mod name;`, whose items are in a file of their own.
    ModFile,
    /// `mod name { .. }`, its items in `members`.
    ModInline,
    /// Anything else (`extern crate`, a macro call): kept as it is.
    Other,
}

/// One item of a file, a module, an `impl` or a `trait`.
#[derive(Clone, Debug)]
pub struct Item {
    pub what: What,
    /// The name it defines (none for `use`, `impl` and `Other`).
    pub name: Option<String>,
    /// Marked `#[cfg(test)]` or `#[test]`: never bundled.
    pub test_only: bool,
    /// Where its text starts: the line of its first comment or attribute.
    pub lead: usize,
    /// Its first code token (an attribute, maybe) and the byte past its end.
    pub start: usize,
    pub end: usize,
    /// Where its text ends: past a comment on its last line, if any.
    pub tail: usize,
    /// Where the keyword that says what it is starts (after attributes and
    /// visibility): a pruned `use` is written again from there.
    pub keyword: usize,
    /// The bytes of the `{` and `}` of an `impl`, `trait` or inline module.
    pub body: Option<(usize, usize)>,
    pub members: Vec<Item>,
    /// What its own code mentions, its members' code left out.
    pub mentions: Mentions,
    /// For an inline module: where its inner attributes and docs end.
    pub inner_end: usize,
}

/// The items of a file, and where its inner attributes and docs end.
pub struct Parsed {
    pub inner_end: usize,
    pub items: Vec<Item>,
}

/// Splits the file `src`, lexed as `tokens`.
pub fn parse_file(src: &str, tokens: &[Token]) -> Result<Parsed, String> {
    let parser = Parser::new(src, tokens);
    let (inner_end, items) = parser.region(0, parser.code.len(), 0)?;
    Ok(Parsed { inner_end, items })
}

struct Parser<'a> {
    src: &'a str,
    code: Vec<Token>,
    /// Inner doc comments, which belong to the module they start.
    inner_docs: Vec<Token>,
}

impl<'a> Parser<'a> {
    fn new(src: &'a str, tokens: &[Token]) -> Parser<'a> {
        Parser {
            src,
            code: tokens.iter().copied().filter(Token::is_code).collect(),
            inner_docs: tokens
                .iter()
                .copied()
                .filter(|t| t.kind == Kind::InnerDoc)
                .collect(),
        }
    }

    /// The text of code token `i`, or "" past the end.
    fn t(&self, i: usize) -> &'a str {
        self.code.get(i).map_or("", |t| t.text(self.src))
    }

    fn line(&self, i: usize) -> usize {
        let at = self.code.get(i).map_or(self.src.len(), |t| t.start);
        self.src[..at].matches('\n').count() + 1
    }

    fn error(&self, i: usize, what: &str) -> String {
        format!("line {}: {}", self.line(i), what)
    }

    /// The index past the group that opens at `i`.
    fn skip_group(&self, i: usize) -> Result<usize, String> {
        let mut depth = 0usize;
        for j in i..self.code.len() {
            match self.t(j) {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" | "}" => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(j + 1);
                    }
                }
                _ => {}
            }
        }
        Err(self.error(i, "unclosed delimiter"))
    }

    /// The index past the item whose rest starts at `i`: its first `;` at
    /// depth 0, or with `braced` its first braced group, returned too.
    fn item_end(
        &self,
        mut i: usize,
        to: usize,
        braced: bool,
    ) -> Result<(usize, Option<usize>), String> {
        while i < to {
            match self.t(i) {
                ";" => return Ok((i + 1, None)),
                "{" if braced => return Ok((self.skip_group(i)?, Some(i))),
                "(" | "[" | "{" => i = self.skip_group(i)?,
                _ => i += 1,
            }
        }
        Err(self.error(i, "item without an end"))
    }

    /// The items of code tokens `from..to`, whose text starts at byte
    /// `text_start`; first any inner attributes and docs, whose end is
    /// returned.
    fn region(
        &self,
        mut from: usize,
        to: usize,
        text_start: usize,
    ) -> Result<(usize, Vec<Item>), String> {
        let mut inner_end = text_start;
        while self.t(from) == "#" && self.t(from + 1) == "!" && self.t(from + 2) == "[" {
            let end = self.skip_group(from + 2)?;
            inner_end = self.code[end - 1].end;
            from = end;
        }
        let first_code = self.code.get(from).map_or(self.src.len(), |t| t.start);
        for doc in &self.inner_docs {
            if doc.start >= text_start && doc.end <= first_code {
                inner_end = inner_end.max(doc.end);
            }
        }
        let mut items = Vec::new();
        let mut after = inner_end;
        while from < to {
            let (mut item, next) = self.item(from, to)?;
            item.lead = line_start_after(self.src, after, item.start);
            item.tail = line_end_after(self.src, item.end);
            after = item.tail;
            items.push(item);
            from = next;
        }
        Ok((inner_end, items))
    }

    /// The item whose first token is code token `i`, and the index past it.
    fn item(&self, start: usize, to: usize) -> Result<(Item, usize), String> {
        let mut i = start;
        let mut test_only = false;
        while self.t(i) == "#" && self.t(i + 1) == "[" {
            let end = self.skip_group(i + 1)?;
            let attr: Vec<&str> = (i + 2..end - 1).map(|j| self.t(j)).collect();
            test_only |= attr == ["test"] || attr == ["cfg", "(", "test", ")"];
            i = end;
        }
        if self.t(i) == "pub" {
            i += 1;
            if self.t(i) == "(" {
                i = self.skip_group(i)?;
            }
        }
        loop {
            match (self.t(i), self.t(i + 1)) {
                ("const", "fn" | "unsafe" | "async" | "extern")
                | ("async" | "unsafe" | "default", _) => i += 1,
                ("extern", next) if next.starts_with('"') => i += 2,
                ("extern", "fn") => i += 1,
                _ => break,
            }
        }
        let keyword = i;
        let name_at = |j: usize| Some(self.t(j).to_string());
        let (what, name, end, body) = match self.t(i) {
            "use" => {
                let (end, _) = self.item_end(i, to, false)?;
                let texts: Vec<&str> = (i + 1..end - 1).map(|j| self.t(j)).collect();
                let leaves = uses::parse(&texts).map_err(|e| self.error(i, &e))?;
                (What::Use(leaves), None, end, None)
            }
            "fn" => {
                let (end, _) = self.item_end(i, to, true)?;
                (What::Value, name_at(i + 1), end, None)
            }
            kw @ ("const" | "static") => {
                let skip = usize::from(kw == "static" && self.t(i + 1) == "mut");
                let (end, _) = self.item_end(i, to, false)?;
                (What::Value, name_at(i + 1 + skip), end, None)
            }
            "struct" | "enum" | "union" => {
                let (end, _) = self.item_end(i, to, true)?;
                (What::Type, name_at(i + 1), end, None)
            }
            "type" => {
                let (end, _) = self.item_end(i, to, false)?;
                (What::Type, name_at(i + 1), end, None)
            }
            "trait" | "impl" | "mod" => {
                let (end, open) = self.item_end(i, to, true)?;
                let what = match self.t(i) {
                    "trait" => What::Trait,
                    "impl" => self.impl_header(i + 1, open.unwrap_or(end)),
                    _ if open.is_some() => What::ModInline,
                    _ => What::ModFile,
                };
                let name = if matches!(what, What::Impl { .. }) {
                    None
                } else {
                    name_at(i + 1)
                };
                (what, name, end, open)
            }
            "macro_rules" if self.t(i + 1) == "!" => {
                let (end, _) = self.item_end(i + 3, to, true)?;
                (What::Macro, name_at(i + 2), end, None)
            }
            "extern" if self.t(i + 1) == "crate" => {
                (What::Other, None, self.item_end(i, to, false)?.0, None)
            }
            word if self.t(i + 1) == "!" && word.starts_with(is_ident_start) => {
                (What::Other, None, self.item_end(i + 2, to, true)?.0, None)
            }
            other => {
                return Err(self.error(i, &format!("cannot read an item starting with `{}`", other)))
            }
        };
        let mut item = Item {
            name,
            test_only,
            lead: 0,
            start: self.code[start].start,
            end: self.code[end - 1].end,
            tail: 0,
            keyword: self.code[keyword].start,
            body: None,
            members: Vec::new(),
            mentions: Mentions::default(),
            inner_end: 0,
            what,
        };
        let own_end = match body {
            Some(open) => {
                let close = end - 1;
                item.body = Some((self.code[open].start, self.code[close].start));
                if item.what != What::ModFile {
                    let (inner_end, members) = self.region(open + 1, close, self.code[open].end)?;
                    item.inner_end = inner_end;
                    item.members = members;
                }
                open
            }
            None => end,
        };
        if !matches!(item.what, What::Use(_) | What::ModInline) {
            item.mentions = mentions(self.src, &self.code[start..own_end]);
        }
        Ok((item, end))
    }

    /// What an `impl` whose header is code tokens `from..to` is for.
    fn impl_header(&self, mut from: usize, to: usize) -> What {
        if self.t(from) == "<" {
            from = self.skip_angles(from);
        }
        if self.t(from) == "!" {
            from += 1;
        }
        let (split, end) = split_impl_header(|j| self.t(j), from, to);
        match split {
            Some(at) => What::Impl {
                trait_path: Some(self.type_path(from, at)),
                self_path: self.type_path(at + 1, end),
            },
            None => What::Impl {
                trait_path: None,
                self_path: self.type_path(from, end),
            },
        }
    }

    /// The index past the `<...>` that opens at `i`.
    fn skip_angles(&self, i: usize) -> usize {
        let mut depth = 0i32;
        for j in i..self.code.len() {
            depth += match self.t(j) {
                "<" => 1,
                "<<" => 2,
                ">" => -1,
                ">>" => -2,
                _ => 0,
            };
            if depth <= 0 {
                return j + 1;
            }
        }
        self.code.len()
    }

    /// The path of the type or trait in code tokens `from..to`: its last
    /// path outside generic arguments (`io::Error` is `["io", "Error"]`,
    /// `&'a mut Out<T>` is `["Out"]`).
    fn type_path(&self, from: usize, to: usize) -> Vec<String> {
        let mut depth = 0i32;
        let mut path: Vec<String> = Vec::new();
        for j in from..to {
            let text = self.t(j);
            match text {
                "<" => depth += 1,
                ">" => depth -= 1,
                ">>" => depth -= 2,
                _ if depth == 0
                    && self.code[j].kind == Kind::Ident
                    && (!is_keyword(text) || matches!(text, "crate" | "self" | "super")) =>
                {
                    if j == from || self.t(j - 1) != "::" {
                        path.clear();
                    }
                    path.push(text.to_string());
                }
                _ => {}
            }
        }
        path
    }
}

/// Where an item's text starts: the line after the previous item's last
/// line (`after`), so that its comments and indentation come with it.
fn line_start_after(src: &str, after: usize, start: usize) -> usize {
    let gap = &src[after..start];
    match gap.find('\n') {
        Some(n) => after + n + 1,
        None => after,
    }
}

/// The end of the line of byte `end` when only a comment or blanks follow
/// on it: that comment belongs to the item that ends there.
fn line_end_after(src: &str, end: usize) -> usize {
    let rest = &src[end..];
    let line = rest.find('\n').map_or(rest, |n| &rest[..n]);
    let trimmed = line.trim_start();
    if trimmed.is_empty() || trimmed.starts_with("//") {
        end + line.len()
    } else {
        end
    }
}

/// Where the header of an `impl` (tokens `from..to`, past its generics,
/// `t` giving each token's text) splits: the `for` between the trait and
/// the type, outside angle brackets, if there is one, and where the type
/// ends (at a `where` clause, or at `to`).
pub fn split_impl_header<'a>(
    t: impl Fn(usize) -> &'a str,
    from: usize,
    to: usize,
) -> (Option<usize>, usize) {
    let mut depth = 0i32;
    let mut split = None;
    for j in from..to {
        match t(j) {
            "<" => depth += 1,
            ">" => depth -= 1,
            ">>" => depth -= 2,
            "for" if depth == 0 && split.is_none() => split = Some(j),
            "where" if depth == 0 => return (split, j),
            _ => {}
        }
    }
    (split, to)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tool::bundle::lex::lex;

    fn parse(src: &str) -> Parsed {
        parse_file(src, &lex(src).unwrap()).unwrap()
    }

    fn paths(m: &Mentions) -> Vec<String> {
        m.paths.iter().map(|p| p.join("::")).collect()
    }

    #[test]
    fn items_with_their_comments_attributes_and_names() {
        let src = "//! Module docs.\n#![allow(x)]\n\n// Why.\n/// What.\n#[derive(Debug)]\npub(crate) struct A { x: u8 } // trailing\n\
                   const fn f() -> [u8; 2] { [0; 2] }\nstatic mut S: u8 = { 1 };\n#[cfg(test)]\nmod tests { }\n";
        let parsed = parse(src);
        assert_eq!(&src[..parsed.inner_end], "//! Module docs.\n#![allow(x)]");
        let names: Vec<(Option<&str>, &What, bool)> = parsed
            .items
            .iter()
            .map(|i| (i.name.as_deref(), &i.what, i.test_only))
            .collect();
        assert_eq!(
            names,
            [
                (Some("A"), &What::Type, false),
                (Some("f"), &What::Value, false),
                (Some("S"), &What::Value, false),
                (Some("tests"), &What::ModInline, true),
            ]
        );
        let a = &parsed.items[0];
        assert_eq!(
            &src[a.lead..a.end],
            "\n// Why.\n/// What.\n#[derive(Debug)]\npub(crate) struct A { x: u8 }"
        );
        assert_eq!(&src[a.keyword..a.keyword + 6], "struct");
        assert_eq!(&src[parsed.items[1].lead..parsed.items[1].start], "");
    }

    #[test]
    fn impls_and_traits_are_split_into_members() {
        let src = "impl<'a, W: Write> fmt::Display for Out<'a, W> where W: Sized {\n    /// Doc.\n    fn fmt(&self) {}\n    const N: u8 = 1;\n}\n\
                   impl Lines<Vec<Vec<u8>>> { pub fn new() -> Self { Self::make() } }\ntrait T { fn a(); fn b() {} }\n";
        let parsed = parse(src);
        let what: Vec<&What> = parsed.items.iter().map(|i| &i.what).collect();
        assert_eq!(
            what,
            [
                &What::Impl {
                    trait_path: Some(vec!["fmt".into(), "Display".into()]),
                    self_path: vec!["Out".into()]
                },
                &What::Impl {
                    trait_path: None,
                    self_path: vec!["Lines".into()]
                },
                &What::Trait,
            ]
        );
        let members: Vec<&str> = parsed.items[0]
            .members
            .iter()
            .map(|m| m.name.as_deref().unwrap())
            .collect();
        assert_eq!(members, ["fmt", "N"]);
        let fmt = &parsed.items[0].members[0];
        assert_eq!(
            &src[fmt.lead..fmt.end],
            "    /// Doc.\n    fn fmt(&self) {}"
        );
        assert_eq!(
            paths(&parsed.items[0].mentions),
            ["Write", "fmt::Display", "Out", "W", "Sized"]
        );
        assert_eq!(
            paths(&parsed.items[1].members[0].mentions),
            ["Self", "Self::make"]
        );
        assert_eq!(parsed.items[2].members.len(), 2);
    }

    #[test]
    fn modules_uses_and_macros() {
        let src = "pub mod io;\nmod inner {\n    //! Inner docs.\n    use super::{a, b as c};\n}\nmacro_rules! m { () => {} }\nm!();\nthread_local! { static X: u8 = 1; }\n";
        let parsed = parse(src);
        assert_eq!(parsed.items[0].what, What::ModFile);
        let inner = &parsed.items[1];
        assert_eq!(inner.what, What::ModInline);
        assert_eq!(
            &src[inner.body.unwrap().0..inner.inner_end],
            "{\n    //! Inner docs."
        );
        match &inner.members[0].what {
            What::Use(leaves) => assert_eq!(leaves.len(), 2),
            other => panic!("{:?}", other),
        }
        assert_eq!(parsed.items[2].what, What::Macro);
        assert_eq!(parsed.items[2].name.as_deref(), Some("m"));
        assert_eq!(parsed.items[3].what, What::Other);
        assert_eq!(parsed.items[4].what, What::Other);
    }

    #[test]
    fn unreadable_items_are_errors_with_their_line() {
        let src = "fn a() {}\nlet x = 1;\n";
        let err = parse_file(src, &lex(src).unwrap()).err().unwrap();
        assert_eq!(err, "line 2: cannot read an item starting with `let`");
        let src = "fn a() {";
        assert!(parse_file(src, &lex(src).unwrap()).is_err());
    }
}
