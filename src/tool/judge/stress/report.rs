//! What `stress` says of the failure it found, and where it keeps it:
//! the shrunk input written to a file of its own, then shown with the
//! verdict on it and the solver's output beside the expected one.

use super::{Judge, MOST_RUNS, MOST_TIMEOUTS};
use crate::core::io::error::{char_start, escaped_name};
use crate::core::io::stderr_about;
use crate::tool::files;
use crate::tool::judge::{diff, may_write_over, shrink, solver, write_ours};
use crate::tool::problem::Problem;
use std::path::Path;

/// The most lines of a shrunk input or an output printed, and the most
/// bytes of one line; what is left is counted.
const SHOWN_LINES: usize = 30;
const SHOWN_BYTES: usize = 200;

/// The file of the shrunk input when `--out` is not given.
const DEFAULT_OUT: &str = "stress-failure.in";

/// Why `--out` names no file to write.
pub(super) const TAKEN: &str =
    "there already, and not written over: name a file that is not there, \
or leave out `--out` for a free name";

/// Writes the shrunk input to `out` and prints what it is and the verdict;
/// says whether it was written.
pub(super) fn report(
    problem: Problem,
    original: &[u8],
    shrunk: &shrink::Shrunk,
    oracle: &Judge<'_>,
    out: Option<&str>,
) -> bool {
    say!("{}", what_came_of_shrinking(original, shrunk, oracle));
    if shrunk.failed_again && oracle.wrote_another_output(original) {
        say!("(run again on the input found, the solution wrote another output: its answers vary from run to run)");
    }
    let written = match write_out(out, &shrunk.input) {
        Ok(path) => {
            say!("wrote {}", escaped_name(files::shown(&path)));
            Some(path)
        }
        Err((path, e)) => {
            stderr_about(files::shown(&path), e);
            None
        }
    };
    show("input", &shrunk.input, 1, true);
    if let Some(expected) = solver::strict_answer(problem, &shrunk.input) {
        match diff::first_difference(&expected, &oracle.last_output.bytes) {
            // The same output: it failed another way.
            None => {
                show("expected output", &expected, 1, true);
                say!("solver's output: the same");
            }
            Some(difference) => {
                show("expected output", &expected, difference.line, true);
                // Past what is kept, the solver wrote more than is shown.
                let output = &oracle.last_output;
                show(
                    "solver's output",
                    &output.bytes,
                    difference.line,
                    output.whole,
                );
            }
        }
    }
    if oracle.last.failure() != Some(oracle.failure) {
        say!("(a smaller input fails another way: shown is how it fails)");
    }
    // The file that holds the input found; printed among these lines, it
    // is "the shrunk input" (`<stdout>` would read as the solver's).
    let name = match written.as_deref() {
        Some(path) if !files::is_standard_output(path) => escaped_name(path),
        _ => "the shrunk input".to_string(),
    };
    say!("{}: {}", name, oracle.last);
    if let (false, Some((again, _))) = (shrunk.failed_again, oracle.judged(original)) {
        say!("(on the first run; run again: {})", again);
    }
    written.is_some()
}

/// The line that says how far the input was shrunk, or why it was not.
fn what_came_of_shrinking(original: &[u8], shrunk: &shrink::Shrunk, oracle: &Judge<'_>) -> String {
    let lines = |text: &[u8]| text.iter().filter(|&&b| b == b'\n').count();
    let how = match (shrunk.failed_again, oracle.not_started) {
        (false, 0) => {
            return "not shrunk: run again on it, the solution did not fail \
the same way (its answers vary from run to run)"
                .to_string()
        }
        (false, _) => return "not shrunk: the solution could not be started again".to_string(),
        (true, n) if n > 0 => format!(
            "not 1-minimal: the solution could not be started {} {}",
            n,
            if n == 1 { "time" } else { "times" }
        ),
        _ if shrunk.minimal => "1-minimal".to_string(),
        _ => format!(
            "stopped by the bound of {} runs or {} time limits, not 1-minimal",
            MOST_RUNS, MOST_TIMEOUTS
        ),
    };
    format!(
        "shrunk from {} lines ({} bytes) to {} lines ({} bytes) in {} runs ({})",
        lines(original),
        original.len(),
        lines(&shrunk.input),
        shrunk.input.len(),
        oracle.runs,
        how
    )
}

/// Writes `input` to `out` (see `may_write_over`; a path under `/dev` as
/// `write_ours` does), or without it to a new file, `DEFAULT_OUT`, else
/// `stress-failure-2.in` and so on, so that a file that is there already,
/// maybe someone's, is never written over.
/// The path written, or the one that failed and why.
fn write_out(out: Option<&str>, input: &[u8]) -> Result<String, (String, String)> {
    if let Some(path) = out {
        // Asked again: a file may have come there during the run.
        return match may_write_over(Path::new(path), |_| false) {
            true => write_ours(Path::new(path), input)
                .map(|()| path.to_string())
                .map_err(|e| (path.to_string(), e.to_string())),
            false => Err((path.to_string(), TAKEN.to_string())),
        };
    }
    let stem = DEFAULT_OUT.trim_end_matches(".in");
    for n in 1.. {
        let path = match n {
            1 => DEFAULT_OUT.to_string(),
            n => format!("{}-{}.in", stem, n),
        };
        let created = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path);
        match created {
            Ok(mut file) => {
                return std::io::Write::write_all(&mut file, input)
                    .map(|()| path.clone())
                    .map_err(|e| (path, e.to_string()))
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err((path, e.to_string())),
        }
    }
    unreachable!("a free name among all numbers")
}

/// Prints a text from its line `from` (counted from 1) on, indented under
/// a heading, each line with its invisible characters spelled out as in a
/// difference (a CR, a control byte, a trailing space), so that what a
/// program wrote cannot reach the terminal raw. At most `SHOWN_LINES`
/// lines of at most `SHOWN_BYTES` bytes are printed; the rest is counted,
/// as a least count when `text` is not all that was written (`whole`).
fn show(heading: &str, text: &[u8], from: usize, whole: bool) {
    let body = text.strip_suffix(b"\n").unwrap_or(text);
    let lines: Vec<&[u8]> = match text.is_empty() {
        true => Vec::new(),
        false => body.split(|&b| b == b'\n').skip(from - 1).collect(),
    };
    match from {
        1 if lines.is_empty() => say!("{}: none", heading),
        _ if lines.is_empty() => say!("{} from line {}: none", heading, from),
        1 => say!("{}:", heading),
        _ => say!("{} from line {}:", heading, from),
    }
    // Where the text is not whole, its last line was cut.
    let at_least = |last: bool| if last && !whole { "at least " } else { "" };
    for (i, line) in lines.iter().enumerate().take(SHOWN_LINES) {
        match line.len() {
            0 => say!(""),
            len if len > SHOWN_BYTES => {
                let cut = char_start(line, SHOWN_BYTES);
                say!(
                    "    {}... ({}{} more bytes)",
                    diff::visible_start(&line[..cut]),
                    at_least(i + 1 == lines.len()),
                    len - cut
                )
            }
            // A last line cut where no more was kept goes on.
            _ if i + 1 == lines.len() && !whole && !text.ends_with(b"\n") => {
                say!("    {}", diff::visible_start(line))
            }
            _ => say!("    {}", diff::visible(line)),
        }
    }
    if lines.len() > SHOWN_LINES {
        say!(
            "    ... ({}{} more lines)",
            at_least(true),
            lines.len() - SHOWN_LINES
        );
    } else if !whole {
        say!("    ... (and more, not kept)");
    } else if !text.is_empty() && !text.ends_with(b"\n") {
        say!("    (no newline at the end)");
    }
}
