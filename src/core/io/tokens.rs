//! The tokenizer: the whitespace-separated tokens of a line with their
//! byte columns.

use super::lines::{is_blank, Line};

/// A token: its 1-based byte column and its bytes.
#[derive(Clone, Copy)]
pub struct Token<'a> {
    pub col: usize,
    pub text: &'a [u8],
}

/// The low `len` bytes (1 to 8) of a word.
#[inline(always)]
pub(crate) fn low_bytes(word: u64, len: usize) -> u64 {
    word & (u64::MAX >> (64 - 8 * len))
}

/// The first (up to) 8 bytes of a token as a little-endian word, zero
/// above the token, so that a short word is matched in one comparison
/// (`const`, so that solvers can make the heads of their words at compile
/// time).
pub(crate) const fn head_of(token: &[u8]) -> u64 {
    let mut head = 0;
    let mut i = 0;
    while i < token.len() && i < 8 {
        head |= (token[i] as u64) << (8 * i);
        i += 1;
    }
    head
}

/// The tokens of a line: `text[pos..]` is not read yet.
pub struct Tokens<'a> {
    text: &'a [u8],
    pos: usize,
}

impl<'a> Line<'a> {
    pub fn tokens(&self) -> Tokens<'a> {
        Tokens {
            text: self.text,
            pos: 0,
        }
    }

    /// The column just past the last token: where a missing token was due.
    pub(crate) fn end_col(&self) -> usize {
        let trimmed = self.text.iter().rposition(|&b| !is_blank(b));
        trimmed.map_or(0, |i| i + 1) + 1
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        let text = self.text;
        let at = self.pos + text[self.pos..].iter().position(|&b| !is_blank(b))?;
        let after = text[at..].iter().position(|&b| is_blank(b));
        self.pos = after.map_or(text.len(), |n| at + n);
        let token = &text[at..self.pos];
        Some(Token {
            col: at + 1,
            text: token,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_know_their_columns() {
        let line = Line::new(1, b"  Red\t Red  White ");
        let tokens: Vec<(usize, &[u8])> = line.tokens().map(|t| (t.col, t.text)).collect();
        assert_eq!(
            tokens,
            vec![(3, &b"Red"[..]), (8, &b"Red"[..]), (13, &b"White"[..])]
        );
        assert_eq!(line.end_col(), 18);
        assert_eq!(Line::new(1, b"  ").end_col(), 1);
    }

    /// Lines of blanks, control bytes, non-ASCII and tokens of many
    /// lengths give the same tokens as a plain split.
    #[test]
    fn tokens_are_what_a_plain_split_gives() {
        let alphabet: [&[u8]; 8] = [
            b"a",
            b"R",
            b"b",
            b" ",
            b"\t",
            b"\x01",
            b"\x0b",
            "é".as_bytes(),
        ];
        let mut seed = 12345u64;
        for _ in 0..3000 {
            let mut text = Vec::new();
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let len = (seed >> 59) as usize;
            for i in 0..len {
                let pick = (seed >> (i % 40)) as usize ^ i;
                text.extend_from_slice(alphabet[pick % alphabet.len()]);
                seed = seed.rotate_left(7) ^ i as u64;
            }
            let plain: Vec<(usize, &[u8])> = text
                .split(|&b| is_blank(b))
                .scan(1, |col, t| {
                    let at = *col;
                    *col += t.len() + 1;
                    Some((at, t))
                })
                .filter(|(_, t)| !t.is_empty())
                .collect();
            let got: Vec<(usize, &[u8])> = Line::new(1, &text)
                .tokens()
                .map(|t| (t.col, t.text))
                .collect();
            assert_eq!(got, plain, "{:?}", String::from_utf8_lossy(&text));
        }
        assert_eq!(head_of(b"Red"), u64::from_le_bytes(*b"Red\0\0\0\0\0"));
    }
}
