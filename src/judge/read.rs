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

    /// A count: the next line that holds any tokens, if it holds one, a
    /// whole number (a count is a line of its own).
    pub fn count(&mut self, what: &str) -> Result<u64, String> {
        match self.line().as_deref() {
            Some(&[count]) => number(count, what),
            found => Err(format!("expected {}, found {:?}", what, found)),
        }
    }

    /// The tokens of the next line that holds any.
    pub fn line(&mut self) -> Option<Vec<&'a str>> {
        let rest = self.rest();
        let len = rest.find('\n').unwrap_or(rest.len());
        self.pos += len;
        let tokens: Vec<&str> = rest[..len]
            .split(is_blank)
            .filter(|t| !t.is_empty())
            .collect();
        Some(tokens).filter(|tokens| !tokens.is_empty())
    }

    /// What is left to read, whitespace first skipped.
    pub fn rest(&mut self) -> &'a str {
        let rest = self.text[self.pos..].trim_start_matches(is_blank);
        self.pos = self.text.len() - rest.len();
        rest
    }

    /// Takes the first `bytes` bytes of what is left as read.
    pub fn advance(&mut self, bytes: usize) {
        self.pos += bytes;
    }

    /// An error unless nothing but whitespace is left (R0.2).
    pub fn expect_end(&mut self) -> Result<(), String> {
        match self.line() {
            None => Ok(()),
            found => Err(format!("text after the last case: {:?}", found)),
        }
    }
}

/// `token` read as a whole number that fits in `T`: digits, with a minus
/// sign or not (no plus); `what` names it in the error. Read wide first,
/// so that `-0` is 0 for a count too, as `00` is (R0.6).
pub fn number<T: std::convert::TryFrom<i128>>(token: &str, what: &str) -> Result<T, String> {
    let signed = token
        .parse::<i128>()
        .ok()
        .filter(|_| !token.starts_with('+'));
    let number = signed.and_then(|n| T::try_from(n).ok());
    number.ok_or(format!("expected {}, found {:?}", what, token))
}

/// Whitespace as the tool reads it: space, tab, and the ASCII line and
/// page breaks.
pub fn is_blank(c: char) -> bool {
    matches!(c, '\t'..='\r' | ' ')
}

/// A judge submission's `main`: standard input through `solve` (the whole
/// input in, the output appended) to standard output; on an error in the
/// input, the output so far, then the message on standard error and exit
/// status 1. Input that cannot be read as UTF-8 text is such an error
/// before anything is written.
pub fn run(solve: fn(&str, &mut String) -> Result<(), String>) {
    let mut text = String::new();
    let mut out = String::new();
    let result = match std::io::stdin().read_to_string(&mut text) {
        Ok(_) => solve(&text, &mut out),
        Err(error) => Err(error.to_string()),
    };
    let written = std::io::stdout().write_all(out.as_bytes());
    if let Err(message) = &result {
        eprintln!("input error: {}", message);
    }
    if result.is_err() || written.is_err() {
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_skip_blank_ones_and_tolerate_crlf_and_tabs() {
        let mut input = Input::new("\u{feff}2\r\n\r\n \tAnn\t Bob \r\nRed\n");
        assert_eq!(input.count("a count"), Ok(2));
        assert_eq!(input.line(), Some(vec!["Ann", "Bob"]));
        assert_eq!(input.line(), Some(vec!["Red"]));
        assert_eq!(input.line(), None);
        assert_eq!(input.rest(), "");
    }

    #[test]
    fn the_rest_is_read_after_whitespace() {
        let mut input = Input::new(" \n Game #1");
        assert_eq!(input.rest(), "Game #1");
        input.advance(4);
        assert_eq!(input.line(), Some(vec!["#1"]));
        assert_eq!(input.rest(), "");
    }

    #[test]
    fn a_count_is_a_line_of_its_own() {
        let mut input = Input::new(" 3 \r\n1 Game #1: 1\n");
        assert_eq!(input.count("a count"), Ok(3));
        assert!(input.count("a count").is_err());
    }

    #[test]
    fn a_bad_number_and_text_after_the_end_are_errors() {
        assert!(number::<u32>("x", "a count").is_err());
        assert!(number::<u32>("-1", "a count").is_err());
        assert_eq!(number::<u32>("-0", "a count"), Ok(0));
        assert_eq!(number::<u32>("007", "a count"), Ok(7));
        assert!(number::<u32>("+1", "a count").is_err());
        let mut input = Input::new("1\n \n\t1\n");
        assert_eq!(input.count("a count"), Ok(1));
        assert!(input.expect_end().is_err());
        assert!(input.expect_end().is_ok());
    }
}
