//! `referee validate PROBLEM [--coverage] [FILE...]`: the strict check
//! alone, for problem setters. Every file is checked, each file read gets
//! one line on stdout (`FILE: ok`, or where and why it breaks the format;
//! control characters in FILE spelled out), a file that cannot be opened
//! or read (a folder) a message on stderr, as every command gives one,
//! and the run succeeds only when all of them are valid. With
//! `--coverage`, the valid files' reach towards the statement's bounds
//! follows (`coverage`).

pub(crate) mod coverage;

use crate::core::io::error::escaped_name;
use crate::core::io::stderr_about;
use crate::tool::problem::Problem;
use crate::tool::run::open_input;
use crate::tool::solvers::{self, Error};
use std::io::{self, Read, Write};

/// The verdict line of one input read from `input`, and whether it is
/// valid; an error when it cannot be read, which is no verdict on it.
pub(crate) fn verdict<R: Read>(
    problem: Problem,
    name: &str,
    input: R,
) -> io::Result<(String, bool)> {
    match solvers::check(problem, input) {
        Ok(()) => Ok((format!("{}: ok", name), true)),
        Err(Error::Read(e)) => Err(e),
        Err(e) => Ok((solvers::describe(name, &e), false)),
    }
}

/// Checks `files` (standard input when there are none, or for `-`),
/// writing a line per file to `out` as it goes, then the coverage of the
/// valid ones when asked; `Ok(true)` when all are valid. A file that
/// cannot be opened or read is named on stderr and counts as invalid, and
/// the others are still checked.
pub fn run<W: Write>(
    problem: Problem,
    files: &[String],
    coverage: bool,
    out: &mut W,
) -> io::Result<bool> {
    let stdin = ["-".to_string()];
    let files = if files.is_empty() { &stdin[..] } else { files };
    let mut all_valid = true;
    let mut seen = coverage::Coverage::new(problem);
    for name in files {
        let shown = if name == "-" {
            "<stdin>".to_string()
        } else {
            escaped_name(name)
        };
        let shown = shown.as_str();
        // Read as it is checked, so that an endless or huge input is
        // stopped at its first fault; a copy is kept only for coverage.
        let mut kept = Vec::new();
        let checked = open_input(name).and_then(|input| {
            let kept = coverage.then_some(&mut kept);
            verdict(problem, shown, Copying { input, kept })
        });
        let (line, valid) = match checked {
            Ok(checked) => checked,
            Err(e) => {
                // What was written for the files before comes first.
                out.flush()?;
                stderr_about(if name == "-" { "<stdin>" } else { name }, e);
                all_valid = false;
                continue;
            }
        };
        if valid && coverage {
            seen.add(&kept)
                .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e.to_string()))?;
        }
        all_valid &= valid;
        writeln!(out, "{}", line)?;
        out.flush()?;
    }
    if coverage {
        write!(out, "{}", seen.report())?;
    }
    Ok(all_valid)
}

/// A reader that copies what is read into `kept`, when there is one.
struct Copying<'k, R> {
    input: R,
    kept: Option<&'k mut Vec<u8>>,
}

impl<R: Read> Read for Copying<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.input.read(buf)?;
        if let Some(kept) = &mut self.kept {
            kept.extend_from_slice(&buf[..n]);
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_valid_input_is_ok() {
        let sample = include_bytes!("../../../fixtures/snooker/sample.in");
        let (line, valid) = verdict(Problem::Snooker, "s.in", &sample[..]).unwrap();
        assert_eq!(line, "s.in: ok");
        assert!(valid);
    }

    #[test]
    fn an_invalid_input_gets_its_first_violation() {
        let (line, valid) = verdict(Problem::Fourrow, "f.in", &b"1\nGame #1:  1\n"[..]).unwrap();
        assert!(line.starts_with("f.in:2:"), "{}", line);
        assert!(!valid);
        let (line, valid) = verdict(Problem::Rating, "r.in", &b""[..]).unwrap();
        assert!(line.starts_with("r.in:1:"), "{}", line);
        assert!(!valid);
    }

    #[test]
    fn every_file_is_checked_even_after_a_bad_one() {
        let dir = std::env::temp_dir().join(format!("referee-validate-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("good.in");
        std::fs::write(&good, "1\nGame #1: 1\n").unwrap();
        let files = [
            dir.join("missing.in").to_string_lossy().into_owned(),
            good.to_string_lossy().into_owned(),
        ];
        let mut out = Vec::new();
        assert!(!run(Problem::Fourrow, &files, false, &mut out).unwrap());
        let out = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        // The missing file is named on stderr.
        assert_eq!(lines, [format!("{}: ok", files[1])]);
        assert!(run(Problem::Fourrow, &files[1..], false, &mut Vec::new()).unwrap());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// (Unix: other systems take no line end in a file's name.)
    #[cfg(unix)]
    #[test]
    fn a_file_name_with_a_line_end_still_takes_one_line() {
        let dir =
            std::env::temp_dir().join(format!("referee-validate-names-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("bad\nname\x1b.in");
        std::fs::write(&file, "1\nGame #1:  1\n").unwrap();
        let mut out = Vec::new();
        let files = [file.to_string_lossy().into_owned()];
        let valid = run(Problem::Fourrow, &files, false, &mut out).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(!valid);
        let out = String::from_utf8(out).unwrap();
        assert_eq!(out.lines().count(), 1, "{}", out);
        assert!(out.contains("bad\\nname\\x1b.in:2:"), "{}", out);
    }
}
