//! Reading judge input, whitespace-tolerant (R0.1), and the entry point a
//! bundle's `main` calls.

use std::io::{Read, Write};

/// The input text and how far it has been read.
pub struct Input<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Input<'a> {
    /// The whole input, a byte-order mark at its start skipped (R0.5).
    pub fn new(text: &'a str) -> Input<'a> {
        let pos = if text.starts_with('\u{feff}') { 3 } else { 0 };
        Input { text, pos }
    }

    fn skip_whitespace(&mut self) {
        let rest = &self.text[self.pos..];
        self.pos += rest.len() - rest.trim_start_matches(is_blank).len();
    }

    /// The next run of characters without whitespace.
    pub fn token(&mut self) -> Option<&'a str> {
        self.skip_whitespace();
        let rest = &self.text[self.pos..];
        let len = rest.find(is_blank).unwrap_or(rest.len());
        self.pos += len;
        if len == 0 {
            None
        } else {
            Some(&rest[..len])
        }
    }

    /// The next token read as a number; `what` names it in the error.
    pub fn number<T: std::str::FromStr>(&mut self, what: &str) -> Result<T, String> {
        match self.token() {
            Some(token) => token
                .parse()
                .map_err(|_| format!("expected {}, found `{}`", what, token)),
            None => Err(format!("expected {}, found end of input", what)),
        }
    }

    /// The tokens of the next line that holds any.
    pub fn line(&mut self) -> Option<Vec<&'a str>> {
        self.skip_whitespace();
        let rest = &self.text[self.pos..];
        let len = rest.find('\n').unwrap_or(rest.len());
        self.pos += len;
        let tokens: Vec<&str> = rest[..len]
            .split(is_blank)
            .filter(|t| !t.is_empty())
            .collect();
        if tokens.is_empty() {
            None
        } else {
            Some(tokens)
        }
    }

    /// The next character that is not whitespace, left unread.
    pub fn peek(&mut self) -> Option<char> {
        self.skip_whitespace();
        self.text[self.pos..].chars().next()
    }

    /// Reads `word` if the input goes on with it, whitespace first.
    pub fn eat(&mut self, word: &str) -> bool {
        self.skip_whitespace();
        let found = self.text[self.pos..].starts_with(word);
        if found {
            self.pos += word.len();
        }
        found
    }

    /// The run of ASCII digits that follows, whitespace first; it may be
    /// empty.
    pub fn digits(&mut self) -> &'a str {
        self.skip_whitespace();
        let rest = &self.text[self.pos..];
        let len = rest.bytes().take_while(u8::is_ascii_digit).count();
        self.pos += len;
        &rest[..len]
    }

    /// Reads one character (after whitespace).
    pub fn next_char(&mut self) -> Option<char> {
        let next = self.peek()?;
        self.pos += next.len_utf8();
        Some(next)
    }

    /// Whether nothing but whitespace is left (R0.2).
    pub fn at_end(&mut self) -> bool {
        self.peek().is_none()
    }

    /// An error unless nothing but whitespace is left (R0.2).
    pub fn expect_end(&mut self) -> Result<(), String> {
        match self.token() {
            None => Ok(()),
            Some(token) => Err(format!(
                "expected end of input after the last case, found `{}`",
                token
            )),
        }
    }
}

/// Whitespace as the tool reads it: space, tab, and the ASCII line and
/// page breaks.
fn is_blank(c: char) -> bool {
    matches!(c, '\t'..='\r' | ' ')
}

/// What a problem's `solve` is: the whole input in, the output appended.
pub type Solve = fn(&str, &mut String) -> Result<(), String>;

/// A judge submission's `main`: standard input through `solve` to standard
/// output; on an error, the output so far, then the message on standard
/// error and exit status 1.
pub fn run(solve: Solve) {
    let mut bytes = Vec::new();
    let read = std::io::stdin().read_to_end(&mut bytes);
    let mut out = String::new();
    let result = match read {
        Err(error) => Err(error.to_string()),
        Ok(_) => match String::from_utf8(bytes) {
            Ok(text) => solve(&text, &mut out),
            Err(_) => Err("the input is not UTF-8".to_string()),
        },
    };
    let written = std::io::stdout().write_all(out.as_bytes());
    if let Err(message) = result {
        eprintln!("input error: {}", message);
        std::process::exit(1);
    }
    if written.is_err() {
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_skip_blank_ones_and_tolerate_crlf_and_tabs() {
        let mut input = Input::new("\u{feff}2\r\n\r\n \tAnn\t Bob \r\nRed\n");
        assert_eq!(input.number::<u32>("a count"), Ok(2));
        assert_eq!(input.line(), Some(vec!["Ann", "Bob"]));
        assert_eq!(input.line(), Some(vec!["Red"]));
        assert_eq!(input.line(), None);
        assert!(input.at_end());
    }

    #[test]
    fn pieces_of_a_header_are_read_across_blanks() {
        let mut input = Input::new("Game # 007 :12\n 3");
        assert!(input.eat("Game"));
        assert!(input.eat("#"));
        assert_eq!(input.digits(), "007");
        assert_eq!(input.next_char(), Some(':'));
        assert_eq!(input.digits(), "12");
        assert_eq!(input.digits(), "3");
        assert_eq!(input.peek(), None);
    }

    #[test]
    fn a_bad_number_and_text_after_the_end_are_errors() {
        let mut input = Input::new("x 1");
        assert!(input.number::<u32>("a count").is_err());
        assert!(input.expect_end().is_err());
    }
}
