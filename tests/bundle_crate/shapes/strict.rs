//! Strict mode: the statement's exact layout and limits. Only the
//! validator reaches it.

use super::area::Area;
use crate::core::io::{Error, Lines, Strictness};
use crate::core::limits::{fits, MAX_COUNT};
use std::io::BufRead;

/// A violation of the limits, with what was found.
struct Violation<'a> {
    what: &'a str,
    found: u64,
}

impl<'a> Violation<'a> {
    fn message(&self) -> String {
        format!("{} out of range ({}): {}", self.what, Strictness::Limits, self.found)
    }
}

/// Checks the whole input; the first violation is the error.
pub fn validate<R: BufRead>(input: R) -> Result<(), Error> {
    let mut lines = Lines::new(input);
    let count = match lines.next_line()? {
        Some(line) => {
            let line = line.to_string();
            lines.check_layout(&line)?;
            line.parse::<usize>().map_err(|_| lines.error("expected the count".to_string()))?
        }
        None => return Err(lines.error("expected the count".to_string())),
    };
    if count > MAX_COUNT {
        let found = count as u64;
        return Err(lines.error(Violation { what: "count", found }.message()));
    }
    for _ in 0..count {
        let line = match lines.next_line()? {
            Some(line) => line.to_string(),
            None => return Err(lines.error("expected a shape".to_string())),
        };
        lines.check_layout(&line)?;
        let words: Vec<String> = line.split(' ').map(String::from).collect();
        let shape = super::parse(&lines, &words)?;
        let (_, (a, b)) = shape.sizes();
        for size in [a, b] {
            if !fits(size) || shape.double() > u64::MAX / 2 {
                return Err(lines.error(Violation { what: "size", found: size }.message()));
            }
        }
    }
    if lines.next_line()?.is_some() {
        return Err(lines.error(format!("expected the end after line {}", lines.number() - 1)));
    }
    Ok(())
}
