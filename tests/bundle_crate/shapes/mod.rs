//! The problem: `n`, then `n` lines naming a shape and its sizes; the
//! answer is each shape's area (a circle's with pi taken as 3), a line
//! `total: T`, and the banner.

pub mod area;
pub mod strict;

use self::area::Shape::*;
use self::area::*;
use crate::core::io::{Error, Lines};
use crate::core::limits::MAX_SIZE as SIZE_LIMIT;
use std::io::{BufRead, Write};

/// Writes a line (a macro, to be bundled like any item).
macro_rules! line_out {
    ($out:expr, $($arg:tt)*) => {
        writeln!($out, $($arg)*).map_err(crate::core::io::Error::from)
    };
}

/// Written after the answers: quotes, slashes and a `#` inside a raw string.
const BANNER: &str = r##"-- "shapes" // done #"##;

/// Reads one shape from its words.
pub fn parse<R: BufRead>(lines: &Lines<R>, words: &[String]) -> Result<Shape, Error> {
    let size = |i: usize| -> Result<u64, Error> {
        let word = words.get(i).ok_or_else(|| lines.error(format!("expected {} sizes", i + 1)))?;
        match word.parse::<u64>() {
            // Far past the limit, areas could overflow.
            Ok(n) if n > 0 && n / 1000 < SIZE_LIMIT => Ok(n),
            _ => Err(lines.error(format!("expected a size, found `{word}`"))),
        }
    };
    match words[0].as_bytes() {
        [b's', ..] => Ok(Square(size(1)?)),
        [b'c', ..] => Ok(Circle(size(1)?)),
        [b'r', ..] => Ok(Rect(size(1)?, size(2)?)),
        [b'\'', ..] => Err(lines.error("a quote is no shape".to_string())),
        _ => Err(lines.error(format!("unknown shape `{}`", words[0]))),
    }
}

/// Solves the input tolerantly: blank lines and extra blanks are fine.
pub fn solve<R: BufRead, W: Write>(input: R, mut out: W) -> Result<(), Error> {
    let mut lines = Lines::new(input);
    let count = match lines.next_nonblank()? {
        Some((_, words)) => words[0].parse::<usize>().map_err(|_| lines.error("expected the count".to_string()))?,
        None => return Err(lines.error("expected the count".to_string())),
    };
    let mut total = Total::default();
    'shapes: for _ in 0..count {
        let (_, words) = match lines.next_nonblank()? {
            Some(line) => line,
            None => break 'shapes,
        };
        let shape = parse(&lines, &words)?;
        total.add(&shape);
        line_out!(out, "{}", shape.area())?;
    }
    line_out!(out, "total: {}", total.0)?;
    line_out!(out, "{}", BANNER)?;
    out.flush()?;
    Ok(())
}
