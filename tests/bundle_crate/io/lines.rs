//! Lines with their numbers, blank ones skipped unless strict.

use super::{Error, Result};
use std::io::{self, BufRead};

/// The number of the first line (another module has a `FIRST` too).
const FIRST: usize = 1;

/// The lines of an input, numbered from 1.
pub struct Lines<R> {
    input: R,
    number: usize,
    text: String,
}

impl<R: BufRead> Lines<R> {
    pub fn new(input: R) -> Lines<R> {
        Lines {
            input,
            number: 0,
            text: String::new(),
        }
    }

    /// The next line without its line end, or `None` at the end.
    pub fn next_line(&mut self) -> Result<Option<&str>> {
        self.text.clear();
        if self.input.read_line(&mut self.text)? == 0 {
            return Ok(None);
        }
        self.number += FIRST;
        Ok(Some(self.text.trim_end_matches(&['\r', '\n'][..])))
    }

    /// The next line that is not blank.
    pub fn next_nonblank(&mut self) -> Result<Option<(usize, Vec<String>)>> {
        loop {
            let number = self.number + FIRST;
            match self.next_line()? {
                None => return Ok(None),
                Some(line) if line.trim().is_empty() => continue,
                Some(line) => {
                    return Ok(Some((number, line.split_whitespace().map(String::from).collect())));
                }
            }
        }
    }

    pub fn number(&self) -> usize {
        self.number
    }

    /// An error on the current line.
    pub fn error(&self, message: String) -> Error {
        Error::Input {
            line: self.number,
            message,
        }
    }

    /// Strict mode: single spaces, nothing around them (never judged).
    pub fn check_layout(&self, line: &str) -> Result<()> {
        let bad = line.starts_with(' ') || line.ends_with(' ') || line.contains("  ") || line.contains('\t');
        if bad {
            return Err(self.error(format!("expected single spaces ({})", super::Strictness::Layout)));
        }
        Ok(())
    }
}

/// Reads all of an input into memory (only tests use it).
pub fn read_all(input: &mut dyn io::Read) -> io::Result<String> {
    let mut text = String::new();
    input.read_to_string(&mut text)?;
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_numbered() {
        let mut lines = Lines::new(&b"a\n\nb"[..]);
        assert_eq!(lines.next_nonblank().unwrap(), Some((1, vec!["a".to_string()])));
        assert_eq!(read_all(&mut &b"x"[..]).unwrap(), "x");
    }
}
