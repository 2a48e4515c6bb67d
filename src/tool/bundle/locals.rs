//! Local bindings and where they are in scope, so that a name a pattern
//! binds (`for (word, chunk) in ..`, `let count = ..`, `|line| ..`) is not
//! taken for an item of the same name where the binding hides it: such an
//! item, or a `use` of it, would be kept for nothing, a dead-code or
//! unused-import warning.
//!
//! The scopes are those of Rust, as far as brackets tell: a `let` binds
//! from the end of its statement to the end of its block (an `if let` or
//! `while let` in the block after it), a `for` in its body, a function's
//! or a closure's parameters in its body, a match arm's pattern in its
//! guard and its expression. Only lower-case names are bindings (upper-case
//! ones in patterns are variants and constants).

use super::lex::{Kind, Token};
use super::mentions::is_keyword;

/// A name bound by a pattern and the code tokens `from..to` where an
/// occurrence of it is the binding (its pattern included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Local {
    pub name: String,
    pub from: usize,
    pub to: usize,
}

/// The local bindings of the code tokens `code` (an item's).
pub fn locals(src: &str, code: &[Token]) -> Vec<Local> {
    let reader = Reader::new(src, code);
    let mut found = Vec::new();
    for i in 0..code.len() {
        reader.at(i, &mut found);
    }
    found
}

struct Reader<'a> {
    src: &'a str,
    code: &'a [Token],
    /// For an opening bracket, the index past its closing one.
    past: Vec<usize>,
    /// For every token, the index of the bracket that closes the group
    /// around it (or the end).
    group_end: Vec<usize>,
}

impl<'a> Reader<'a> {
    fn new(src: &'a str, code: &'a [Token]) -> Reader<'a> {
        let n = code.len();
        let mut past = vec![0; n];
        let mut group_end = vec![n; n];
        let mut open: Vec<usize> = Vec::new();
        for (i, token) in code.iter().enumerate() {
            match token.text(src) {
                "(" | "[" | "{" => open.push(i),
                ")" | "]" | "}" => {
                    if let Some(o) = open.pop() {
                        past[o] = i + 1;
                        for end in &mut group_end[o + 1..i] {
                            if *end == n {
                                *end = i;
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        Reader {
            src,
            code,
            past,
            group_end,
        }
    }

    fn t(&self, i: usize) -> &'a str {
        self.code.get(i).map_or("", |t| t.text(self.src))
    }

    /// The index past the group opening at `i`, or `i + 1`.
    fn skip(&self, i: usize) -> usize {
        match self.t(i) {
            "(" | "[" | "{" if self.past[i] > i => self.past[i],
            _ => i + 1,
        }
    }

    /// The first token from `from` on, outside brackets, that is one of
    /// `ends`; the end of the enclosing group when none is.
    fn find(&self, from: usize, ends: &[&str]) -> usize {
        let end = self.group_end.get(from).copied().unwrap_or(self.code.len());
        let mut j = from;
        while j < end {
            if ends.contains(&self.t(j)) {
                return j;
            }
            j = self.skip(j);
        }
        end
    }

    /// The bindings that start at token `i`, if any.
    fn at(&self, i: usize, found: &mut Vec<Local>) {
        let prev = if i > 0 { self.t(i - 1) } else { "" };
        match self.t(i) {
            "let" => {
                let pattern_end = self.find(i + 1, &["=", ";", ":"]);
                let scope = match prev {
                    // `if let P = e { .. }`: the block.
                    "if" | "while" | "&&" => {
                        let open = self.find(pattern_end, &["{"]);
                        (open, self.skip(open))
                    }
                    // After the statement: its initializer sees what was
                    // there before.
                    _ => (self.find(pattern_end, &[";"]), self.group_end[i]),
                };
                self.bind(i + 1, pattern_end, scope, found);
            }
            "for" => {
                let end = self.find(i + 1, &["in", "{", ";"]);
                if self.t(end) == "in" {
                    let open = self.find(end, &["{"]);
                    self.bind(i + 1, end, (open, self.skip(open)), found);
                }
            }
            "fn" => {
                let open = self.find(i + 1, &["(", "{", ";"]);
                if self.t(open) == "(" {
                    let body = self.find(self.skip(open), &["{", ";"]);
                    let params_end = self.skip(open) - 1;
                    self.parameters(open + 1, params_end, self.skip(body), found);
                }
            }
            "|" if matches!(
                prev,
                "(" | "," | "=" | "move" | "{" | ";" | "=>" | "return" | ":" | ""
            ) =>
            {
                let close = self.find(i + 1, &["|"]);
                let body = close + 1;
                let end = match self.t(body) {
                    "{" => self.skip(body),
                    _ => self.find(body, &[",", ";"]),
                };
                self.parameters(i + 1, close, end, found);
            }
            "=>" => {
                let start = self.arm_start(i);
                let pattern_end = (start..i).find(|&j| self.t(j) == "if").unwrap_or(i);
                let end = match self.t(i + 1) {
                    "{" => self.skip(i + 1),
                    _ => self.find(i + 1, &[","]),
                };
                self.bind(start, pattern_end, (pattern_end, end), found);
            }
            _ => {}
        }
    }

    /// Where the match arm whose `=>` is at `at` starts.
    fn arm_start(&self, at: usize) -> usize {
        let mut j = at;
        while j > 0 {
            let open = || (0..j - 1).rev().find(|&o| self.past[o] == j);
            match self.t(j - 1) {
                // A struct pattern (`Point { x, .. }`), not a block.
                "}" => match open() {
                    Some(o) if o > 0 && self.code[o - 1].kind == Kind::Ident => j = o,
                    _ => return j,
                },
                "," | ";" | "{" | "(" | "[" => return j,
                ")" | "]" => match open() {
                    Some(o) => j = o,
                    None => return j,
                },
                _ => j -= 1,
            }
        }
        j
    }

    /// The names bound by `pat: Type` parameters in `from..to`, in scope
    /// from `from` to `end`.
    fn parameters(&self, from: usize, to: usize, end: usize, found: &mut Vec<Local>) {
        let mut start = from;
        while start < to {
            let comma = self.find(start, &[","]).min(to);
            let colon = self.find(start, &[":"]).min(comma);
            self.bind_names(start, colon, from, end, found);
            start = comma + 1;
        }
    }

    /// The names the pattern in `from..to` binds: there, and in `scope`.
    fn bind(&self, from: usize, to: usize, scope: (usize, usize), found: &mut Vec<Local>) {
        self.bind_names(from, to, from, to, found);
        self.bind_names(from, to, scope.0, scope.1, found);
    }

    fn bind_names(&self, from: usize, to: usize, scope: usize, end: usize, found: &mut Vec<Local>) {
        for j in from..to.min(self.code.len()) {
            let text = self.t(j);
            let binding = self.code[j].kind == Kind::Ident
                && text.starts_with(|c: char| c.is_ascii_lowercase())
                && !is_keyword(text)
                && !matches!(self.t(j + 1), "(" | "{" | "::" | "!")
                // A field's name in a struct pattern (`Point { x: 0, .. }`).
                && (self.t(j + 1) != ":" || j + 1 >= to)
                && !matches!(self.t(j.wrapping_sub(1)), "::" | "." | "$");
            if binding {
                found.push(Local {
                    name: text.to_string(),
                    from: scope,
                    to: end,
                });
            }
        }
    }
}

/// Whether the occurrence of `name` at code token `i` is a local binding.
pub fn is_local(locals: &[Local], name: &str, i: usize) -> bool {
    locals
        .iter()
        .any(|l| l.name == name && l.from <= i && i < l.to)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tool::bundle::lex::lex;

    /// The locals of `src` as (name, the code between its scope's ends).
    fn scopes(src: &str) -> Vec<(String, String)> {
        let code: Vec<Token> = lex(src)
            .unwrap()
            .into_iter()
            .filter(Token::is_code)
            .collect();
        locals(src, &code)
            .into_iter()
            .map(|l| {
                let text: Vec<&str> = code[l.from..l.to].iter().map(|t| t.text(src)).collect();
                (l.name, text.join(" "))
            })
            .collect()
    }

    #[test]
    fn bindings_are_in_scope_where_rust_has_them() {
        let src = "fn f(line: &Line, (a, b): (u8, u8)) -> u8 {
            let word = word(line);
            for (index, chunk) in line.chunks() { use_it(index); }
            if let Some(found) = find() { found } else { other }
            match x { Kind::One(value) if value > 0 => value, Point { left, .. } => left, _ => 0 }
            let add = |left: u8, right| left + right;
            word
        }";
        let found = scopes(src);
        let mut names: Vec<&str> = Vec::new();
        for (name, _) in &found {
            if !names.contains(&name.as_str()) {
                names.push(name);
            }
        }
        assert_eq!(
            names,
            [
                "line", "a", "b", "word", "index", "chunk", "found", "value", "left", "add",
                "right"
            ]
        );
        // Each pattern, then where its names are in scope.
        let scopes = |name: &str| -> Vec<String> {
            found
                .iter()
                .filter(|(n, _)| n == name)
                .map(|(_, s)| s.clone())
                .collect()
        };
        // The initializer sees the item, not the binding.
        assert_eq!(scopes("word")[0], "word");
        assert!(
            scopes("word")[1].starts_with("; for"),
            "{:?}",
            scopes("word")
        );
        assert!(scopes("word")[1].ends_with("word"), "{:?}", scopes("word"));
        assert_eq!(scopes("found")[1], "{ found }");
        assert_eq!(scopes("index")[1], "{ use_it ( index ) ; }");
        assert_eq!(scopes("value")[1], "if value > 0 => value");
        assert_eq!(scopes("right"), ["left : u8 , right | left + right"]);
        assert_eq!(scopes("line"), ["line : & Line , ( a , b ) : ( u8 , u8 ) ) -> u8 { let word = word ( line ) ; for ( index , chunk ) in line . chunks ( ) { use_it ( index ) ; } if let Some ( found ) = find ( ) { found } else { other } match x { Kind :: One ( value ) if value > 0 => value , Point { left , .. } => left , _ => 0 } let add = | left : u8 , right | left + right ; word }"]);
    }
}
