//! A Rust lexer over source text, as precise as the bundler needs: it must
//! find every comment, never look inside a literal, and tell a lifetime from
//! a character. Tokens keep their byte span in the source, so that the
//! readable form can copy the text as it was written.
//!
//! It follows rustc's own rules where they matter: `0.1` after a dot is one
//! float (the parser splits it), `1.` is a float but `1..2` and `1.max(2)`
//! are not, a literal's suffix is part of it (`0x1fu8`, `b'a'as` would be
//! one token), and `'a'` is a character while `'a` is a lifetime. Operators
//! of several characters (`::`, `->`, `<<=`) are one token, found by longest
//! match.

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// An identifier or keyword, raw ones (`r#type`) included.
    Ident,
    /// `'a`, `'static`, or a loop label.
    Lifetime,
    /// A number, character, byte, string, byte-string or raw string literal,
    /// with its suffix.
    Literal,
    /// Punctuation: a delimiter or an operator.
    Punct,
    /// A line or block comment that is not documentation.
    Comment,
    /// `///` or `/** */`: documentation of the item after it.
    OuterDoc,
    /// `//!` or `/*! */`: documentation of the enclosing module.
    InnerDoc,
}

/// One token: its kind and its byte span in the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    pub(crate) kind: Kind,
    pub(crate) start: usize,
    pub(crate) end: usize,
}

impl Token {
    pub(crate) fn text<'a>(&self, src: &'a str) -> &'a str {
        &src[self.start..self.end]
    }

    /// Whether the compiler sees it: anything but a comment.
    pub(crate) fn is_code(&self) -> bool {
        !matches!(self.kind, Kind::Comment | Kind::OuterDoc | Kind::InnerDoc)
    }
}

/// Operators of three and two characters; anything else is one character.
pub(super) const LONG_PUNCT: [&str; 25] = [
    "<<=", ">>=", "...", "..=", "::", "->", "=>", "==", "!=", "<=", ">=", "&&", "||", "+=", "-=",
    "*=", "/=", "%=", "^=", "&=", "|=", "<<", ">>", "..", "<-",
];

fn is_ident_start(c: char) -> bool {
    c == '_' || c.is_alphabetic()
}

pub(crate) fn is_ident_continue(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

/// The tokens of `src`, comments included, or where the text stops being
/// Rust (an unterminated literal or comment).
pub(crate) fn lex(src: &str) -> Result<Vec<Token>, String> {
    let mut lexer = Lexer { src, pos: 0 };
    let mut tokens = Vec::new();
    // A `#!` line at the very start that is not an attribute is a shebang.
    if src.starts_with("#!") && !src[2..].trim_start().starts_with('[') {
        lexer.pos = src.find('\n').unwrap_or(src.len());
    }
    let bytes = src.as_bytes();
    while let Some(c) = lexer.peek(0) {
        let start = lexer.pos;
        if c.is_whitespace() {
            lexer.bump();
            while bytes.get(lexer.pos).is_some_and(u8::is_ascii_whitespace) {
                lexer.pos += 1;
            }
            continue;
        }
        let kind = lexer.token(c)?;
        tokens.push(Token {
            kind,
            start,
            end: lexer.pos,
        });
    }
    Ok(tokens)
}

struct Lexer<'a> {
    src: &'a str,
    pos: usize,
}

impl<'a> Lexer<'a> {
    fn rest(&self) -> &'a str {
        &self.src[self.pos..]
    }

    /// The character `n` characters ahead.
    fn peek(&self, n: usize) -> Option<char> {
        // Nearly all of it is ASCII, where characters are bytes.
        let bytes = &self.src.as_bytes()[self.pos..];
        match bytes.get(..=n) {
            Some(ahead) if ahead.is_ascii() => Some(char::from(ahead[n])),
            _ => self.rest().chars().nth(n),
        }
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek(0)?;
        self.pos += c.len_utf8();
        Some(c)
    }

    fn eat_while(&mut self, keep: impl Fn(char) -> bool) {
        let bytes = self.src.as_bytes();
        loop {
            match bytes.get(self.pos) {
                Some(&b) if b.is_ascii() && keep(char::from(b)) => self.pos += 1,
                Some(&b) if b.is_ascii() => return,
                _ => match self.peek(0) {
                    Some(c) if keep(c) => self.pos += c.len_utf8(),
                    _ => return,
                },
            }
        }
    }

    fn error(&self, at: usize, what: &str) -> String {
        let line = self.src[..at].matches('\n').count() + 1;
        format!("line {}: {}", line, what)
    }

    /// Lexes the token that starts with `c` (not whitespace).
    fn token(&mut self, c: char) -> Result<Kind, String> {
        let rest = self.rest();
        if is_ident_start(c) && !matches!(c, 'r' | 'b' | 'c') {
            self.eat_while(is_ident_continue);
            return Ok(Kind::Ident);
        }
        if rest.starts_with("//") {
            return Ok(self.line_comment());
        }
        if rest.starts_with("/*") {
            return self.block_comment();
        }
        // Literal prefixes: `r"`, `r#"`, `b"`, `b'`, `br"`, `c"`, `cr#"` ...
        let prefix = rest
            .find(|c: char| !c.is_ascii_alphabetic())
            .map_or(rest, |n| &rest[..n]);
        let after = rest[prefix.len()..].chars().next();
        match (prefix, after) {
            ("r" | "br" | "cr", Some('"' | '#')) if self.raw_string_ahead(prefix.len()) => {
                self.pos += prefix.len();
                return self.raw_string();
            }
            ("b" | "c", Some('"')) => {
                self.bump();
                return self.string();
            }
            ("b", Some('\'')) => {
                self.bump();
                return self.char_literal();
            }
            ("r", Some('#')) if self.peek(2).is_some_and(is_ident_start) => {
                self.pos += 2;
                self.eat_while(is_ident_continue);
                return Ok(Kind::Ident);
            }
            _ => {}
        }
        if is_ident_start(c) {
            self.eat_while(is_ident_continue);
            return Ok(Kind::Ident);
        }
        if c.is_ascii_digit() {
            self.number();
            return Ok(Kind::Literal);
        }
        match c {
            '"' => self.string(),
            '\'' => self.quote(),
            '(' | ')' | '[' | ']' | '{' | '}' | ',' | ';' | '@' | '?' | '$' | '~' => {
                self.pos += 1;
                Ok(Kind::Punct)
            }
            _ => {
                let long = LONG_PUNCT.iter().find(|p| rest.starts_with(*p));
                match long {
                    Some(p) => self.pos += p.len(),
                    None => {
                        self.bump();
                    }
                }
                Ok(Kind::Punct)
            }
        }
    }

    fn line_comment(&mut self) -> Kind {
        let rest = self.rest();
        let kind = if rest.starts_with("//!") {
            Kind::InnerDoc
        } else if rest.starts_with("///") && !rest.starts_with("////") {
            Kind::OuterDoc
        } else {
            Kind::Comment
        };
        self.pos += rest.find('\n').unwrap_or(rest.len());
        kind
    }

    /// A block comment; they nest.
    fn block_comment(&mut self) -> Result<Kind, String> {
        let start = self.pos;
        let rest = self.rest();
        let kind = if rest.starts_with("/*!") {
            Kind::InnerDoc
        } else if rest.starts_with("/**") && !rest.starts_with("/**/") && !rest.starts_with("/***")
        {
            Kind::OuterDoc
        } else {
            Kind::Comment
        };
        self.pos += 2;
        let mut depth = 1;
        while depth > 0 {
            let rest = self.rest();
            if rest.starts_with("/*") {
                depth += 1;
                self.pos += 2;
            } else if rest.starts_with("*/") {
                depth -= 1;
                self.pos += 2;
            } else if self.bump().is_none() {
                return Err(self.error(start, "unterminated block comment"));
            }
        }
        Ok(kind)
    }

    /// Whether a raw string starts `skip` bytes ahead: hashes, then a quote.
    fn raw_string_ahead(&self, skip: usize) -> bool {
        let rest = &self.rest()[skip..];
        rest.trim_start_matches('#').starts_with('"')
    }

    /// `#...#"..."#...#`, the prefix already read.
    fn raw_string(&mut self) -> Result<Kind, String> {
        let start = self.pos;
        let hashes = self.rest().len() - self.rest().trim_start_matches('#').len();
        self.pos += hashes + 1;
        let close = format!("\"{}", "#".repeat(hashes));
        match self.rest().find(&close) {
            Some(n) => self.pos += n + close.len(),
            None => return Err(self.error(start, "unterminated raw string")),
        }
        self.suffix();
        Ok(Kind::Literal)
    }

    /// `"..."` with its escapes, the prefix already read.
    fn string(&mut self) -> Result<Kind, String> {
        let start = self.pos;
        self.bump();
        loop {
            match self.bump() {
                Some('\\') => {
                    self.bump();
                }
                Some('"') => break,
                Some(_) => {}
                None => return Err(self.error(start, "unterminated string")),
            }
        }
        self.suffix();
        Ok(Kind::Literal)
    }

    /// After a `'`: a character literal or a lifetime, as rustc decides.
    fn quote(&mut self) -> Result<Kind, String> {
        let next = self.peek(1);
        let is_char = next == Some('\\') || self.peek(2) == Some('\'');
        if !is_char && next.is_some_and(is_ident_start) {
            self.bump();
            if self.rest().starts_with("r#") {
                self.pos += 2;
            }
            self.eat_while(is_ident_continue);
            return Ok(Kind::Lifetime);
        }
        self.char_literal()
    }

    /// `'x'`, `'\''`, `'\u{1F600}'`, the prefix already read.
    fn char_literal(&mut self) -> Result<Kind, String> {
        let start = self.pos;
        self.bump();
        loop {
            match self.bump() {
                Some('\\') => {
                    self.bump();
                }
                Some('\'') => break,
                Some('\n') | None => return Err(self.error(start, "unterminated character")),
                Some(_) => {}
            }
        }
        self.suffix();
        Ok(Kind::Literal)
    }

    fn number(&mut self) {
        let radix = self.rest().get(..2);
        if let Some("0x" | "0o" | "0b") = radix {
            let hex = radix == Some("0x");
            self.pos += 2;
            self.eat_while(|c| {
                c == '_'
                    || if hex {
                        c.is_ascii_hexdigit()
                    } else {
                        c.is_ascii_digit()
                    }
            });
        } else {
            self.eat_while(|c| c == '_' || c.is_ascii_digit());
            // A dot makes a float unless a second dot (a range) or a name
            // (a method or field) follows it.
            let dot = self.peek(0) == Some('.')
                && !self.peek(1).is_some_and(|c| c == '.' || is_ident_start(c));
            if dot {
                self.bump();
                self.eat_while(|c| c == '_' || c.is_ascii_digit());
            }
            self.exponent();
        }
        self.suffix();
    }

    fn exponent(&mut self) {
        if !matches!(self.peek(0), Some('e' | 'E')) {
            return;
        }
        let sign = matches!(self.peek(1), Some('+' | '-'));
        let first = self.peek(if sign { 2 } else { 1 });
        if first.is_some_and(|c| c == '_' || c.is_ascii_digit()) {
            self.pos += if sign { 2 } else { 1 };
            self.eat_while(|c| c == '_' || c.is_ascii_digit());
        }
    }

    /// A literal's suffix (`u8`, `f64`, or any name, as rustc lexes it).
    fn suffix(&mut self) {
        if self.peek(0).is_some_and(is_ident_start) {
            self.eat_while(is_ident_continue);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(src: &str) -> Vec<(Kind, &str)> {
        lex(src)
            .unwrap()
            .iter()
            .map(|t| (t.kind, t.text(src)))
            .collect()
    }

    fn texts(src: &str) -> Vec<&str> {
        tokens(src).into_iter().map(|(_, t)| t).collect()
    }

    #[test]
    fn raw_strings_keep_quotes_and_slashes_inside() {
        let src = r####"let s = r##"a "# quote // not a comment"##; br#"x"#"####;
        assert_eq!(
            texts(src),
            [
                "let",
                "s",
                "=",
                r###"r##"a "# quote // not a comment"##"###,
                ";",
                r##"br#"x"#"##
            ]
        );
        assert_eq!(texts(r#"r"" cr"c""#), [r#"r"""#, r#"cr"c""#]);
    }

    #[test]
    fn characters_and_lifetimes() {
        use Kind::*;
        assert_eq!(
            tokens(r"'a' 'a '\'' b'\'' '\u{1F600}' 'é' 'static '_ &'b"),
            [
                (Literal, "'a'"),
                (Lifetime, "'a"),
                (Literal, r"'\''"),
                (Literal, r"b'\''"),
                (Literal, r"'\u{1F600}'"),
                (Literal, "'é'"),
                (Lifetime, "'static"),
                (Lifetime, "'_"),
                (Punct, "&"),
                (Lifetime, "'b"),
            ]
        );
        assert_eq!(
            texts("fn f<'a>(x: &'a str)"),
            ["fn", "f", "<", "'a", ">", "(", "x", ":", "&", "'a", "str", ")"]
        );
    }

    #[test]
    fn numbers_dots_and_suffixes() {
        assert_eq!(
            texts("1.0 1..2 1..=2 x.0.1 0x1fu8 1.max(2) 1e-3f64 2. 0b1_0"),
            [
                "1.0", "1", "..", "2", "1", "..=", "2", "x", ".", "0.1", "0x1fu8", "1", ".", "max",
                "(", "2", ")", "1e-3f64", "2.", "0b1_0"
            ]
        );
        assert_eq!(texts("b'a'as u8"), ["b'a'as", "u8"]);
        assert_eq!(texts("1.e5"), ["1", ".", "e5"]);
    }

    #[test]
    fn comments_nest_and_docs_are_told_apart() {
        use Kind::*;
        let src =
            "/* a /* b */ c */ x //! inner\n/// outer\n//// plain\n/** outer */ /**/ /*! inner */";
        assert_eq!(
            tokens(src),
            [
                (Comment, "/* a /* b */ c */"),
                (Ident, "x"),
                (InnerDoc, "//! inner"),
                (OuterDoc, "/// outer"),
                (Comment, "//// plain"),
                (OuterDoc, "/** outer */"),
                (Comment, "/**/"),
                (InnerDoc, "/*! inner */"),
            ]
        );
    }

    #[test]
    fn strings_escapes_and_raw_identifiers() {
        assert_eq!(
            texts(r#""a\"b // c" b"\\" r#type x"#),
            [r#""a\"b // c""#, r#"b"\\""#, "r#type", "x"]
        );
        assert_eq!(texts("\"two\nlines\""), ["\"two\nlines\""]);
    }

    #[test]
    fn operators_are_matched_longest_first() {
        assert_eq!(
            texts("a<<=b>>c::d->e..=f...g<-h!=i&&j||k"),
            [
                "a", "<<=", "b", ">>", "c", "::", "d", "->", "e", "..=", "f", "...", "g", "<-",
                "h", "!=", "i", "&&", "j", "||", "k"
            ]
        );
        assert_eq!(
            texts("#![a] #[b] $x @ ?"),
            ["#", "!", "[", "a", "]", "#", "[", "b", "]", "$", "x", "@", "?"]
        );
    }

    #[test]
    fn unterminated_text_is_an_error_with_its_line() {
        assert_eq!(lex("a\n\"open").unwrap_err(), "line 2: unterminated string");
        assert!(lex("/* /* */").is_err());
        assert!(lex("r#\"x\"").is_err());
        assert!(lex("'\\'").is_err());
    }
}
