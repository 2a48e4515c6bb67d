//! Code tokens as the renamer reads them: texts, kinds, and where each
//! bracket's partner is.

use super::super::lex::Kind;

/// Code tokens: their texts and kinds, and the partner of each bracket.
pub struct Code<'a> {
    pub text: Vec<&'a str>,
    pub kind: Vec<Kind>,
    /// For `(`, `[`, `{`: the index of the bracket that closes it.
    pub close: Vec<usize>,
    /// For `)`, `]`, `}`: the index of the bracket that opens it.
    pub open: Vec<usize>,
}

impl<'a> Code<'a> {
    pub fn new(text: Vec<&'a str>, kind: Vec<Kind>) -> Code<'a> {
        let mut close = vec![usize::MAX; text.len()];
        let mut open = vec![usize::MAX; text.len()];
        let mut opened = Vec::new();
        for (i, t) in text.iter().enumerate() {
            match *t {
                "(" | "[" | "{" => opened.push(i),
                ")" | "]" | "}" => {
                    if let Some(o) = opened.pop() {
                        close[o] = i;
                        open[i] = o;
                    }
                }
                _ => {}
            }
        }
        Code {
            text,
            kind,
            close,
            open,
        }
    }

    pub fn t(&self, i: usize) -> &'a str {
        self.text.get(i).copied().unwrap_or("")
    }

    /// The text before token `i`, or "".
    pub fn before(&self, i: usize) -> &'a str {
        i.checked_sub(1).map_or("", |j| self.t(j))
    }

    pub fn is_ident(&self, i: usize) -> bool {
        self.kind.get(i) == Some(&Kind::Ident)
    }

    /// The index past the group that opens at `i` (or `i + 1`).
    pub fn past(&self, i: usize) -> usize {
        match self.close.get(i) {
            Some(&c) if c != usize::MAX => c + 1,
            _ => i + 1,
        }
    }

    /// The index past the `<...>` that opens at `i`.
    pub fn past_angles(&self, i: usize) -> usize {
        let mut depth = 0i32;
        let mut j = i;
        while j < self.text.len() {
            depth += match self.t(j) {
                "<" => 1,
                "<<" => 2,
                ">" => -1,
                ">>" => -2,
                "(" | "[" | "{" => {
                    j = self.past(j);
                    continue;
                }
                ";" => return j,
                _ => 0,
            };
            j += 1;
            if depth <= 0 {
                return j;
            }
        }
        j
    }
}
