//! The tokenizer: the whitespace-separated tokens of a line with their
//! byte columns, read 8 bytes at a time where the line is padded.

use super::lines::{is_blank, word, Line};

/// A token: its 1-based byte column, its bytes, and its first (up to) 8
/// bytes as a little-endian integer, zero above the token, so that a short
/// word is matched in one comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    pub col: usize,
    pub text: &'a [u8],
    pub head: u64,
}

/// The low `len` bytes (1 to 8) of a word.
#[inline(always)]
pub fn low_bytes(word: u64, len: usize) -> u64 {
    word & (u64::MAX >> (64 - 8 * len))
}

/// The first 8 bytes of a token packed as in `Token::head` (`const`, so
/// that solvers can make the heads of their words at compile time).
pub const fn head_of(token: &[u8]) -> u64 {
    let mut head = 0;
    let mut i = 0;
    while i < token.len() && i < 8 {
        head |= (token[i] as u64) << (8 * i);
        i += 1;
    }
    head
}

/// The tokens of a line.
#[derive(Clone, Debug)]
pub struct Tokens<'a> {
    text: &'a [u8],
    padded: &'a [u8],
    pos: usize,
}

impl<'a> Line<'a> {
    pub fn tokens(&self) -> Tokens<'a> {
        Tokens {
            text: self.text,
            padded: self.padded,
            pos: 0,
        }
    }

    /// The column just past the last token: where a missing token was due.
    pub fn end_col(&self) -> usize {
        let trimmed = self.text.iter().rposition(|&b| !is_blank(b));
        trimmed.map_or(0, |i| i + 1) + 1
    }
}

impl<'a> Tokens<'a> {
    /// The end and head of the token that starts at `start`, 8 bytes at a
    /// time; `None` (a control byte, or the padding runs out) sends the
    /// caller to the byte-by-byte scan.
    #[inline(always)]
    fn token_at(&self, start: usize) -> Option<(usize, u64)> {
        const ONES: u64 = 0x0101_0101_0101_0101;
        const HIGHS: u64 = 0x8080_8080_8080_8080;
        let first = word(self.padded.get(start..start + 8)?);
        let mut chunk = first;
        let mut at = start;
        loop {
            // The first byte at or below b' ' (a blank, a control byte or
            // the line end) ends the token; the lowest flagged byte is exact.
            let low = chunk.wrapping_sub(ONES * 0x21) & !chunk & HIGHS;
            let left = self.text.len() - at;
            let len = (low.trailing_zeros() as usize / 8).min(left);
            if len == left || (len < 8 && is_blank(self.text[at + len])) {
                let end = at + len;
                if end == start {
                    return None;
                }
                return Some((end, low_bytes(first, (end - start).min(8))));
            }
            if len < 8 {
                return None;
            }
            at += 8;
            chunk = word(self.padded.get(at..at + 8)?);
        }
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    #[inline(always)]
    fn next(&mut self) -> Option<Token<'a>> {
        let text = self.text;
        let mut pos = self.pos;
        while pos < text.len() && is_blank(text[pos]) {
            pos += 1;
        }
        if pos == text.len() {
            self.pos = pos;
            return None;
        }
        let start = pos;
        let head = match self.token_at(start) {
            Some((end, head)) => {
                pos = end;
                head
            }
            None => {
                while pos < text.len() && !is_blank(text[pos]) {
                    pos += 1;
                }
                head_of(&text[start..pos])
            }
        };
        self.pos = pos;
        Some(Token {
            col: start + 1,
            text: &text[start..pos],
            head,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::lines::Lines;
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
    /// lengths, read from a reader's buffer (8-byte loads) and on their own
    /// (one byte at a time), give the same tokens as a plain split.
    #[test]
    fn tokens_read_eight_bytes_at_once_as_they_read_one() {
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
            let plain: Vec<(usize, &[u8], u64)> = text
                .split(|&b| is_blank(b))
                .scan(1, |col, t| {
                    let at = *col;
                    *col += t.len() + 1;
                    Some((at, t))
                })
                .filter(|(_, t)| !t.is_empty())
                .map(|(col, t)| (col, t, head_of(t)))
                .collect();
            let mut input = text.clone();
            input.extend_from_slice(b"\nzzzzzzzzzz\n");
            let mut lines = Lines::new(&input[..]);
            let buffered = lines.next_line().unwrap().unwrap();
            for line in [buffered, Line::new(1, &text)] {
                let got: Vec<(usize, &[u8], u64)> =
                    line.tokens().map(|t| (t.col, t.text, t.head)).collect();
                assert_eq!(got, plain, "{:?}", String::from_utf8_lossy(&text));
            }
        }
        assert_eq!(head_of(b"Red"), u64::from_le_bytes(*b"Red\0\0\0\0\0"));
    }
}
