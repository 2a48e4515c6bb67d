//! The first difference between the expected output and a program's, as
//! people read it: the line and byte column in the program's output, an
//! excerpt of both sides from the start of the word that differs (or from
//! a little before the difference, after `...`, in a long word), and a
//! note when the difference is only whitespace or a matter of the end.
//!
//! Excerpts make invisible characters visible: `\n` a line end, `\r` a
//! carriage return, `\t` a tab, `\\` a backslash, `\xHH` any other ASCII
//! control byte or a byte that is not UTF-8, `\u{202e}` a character that
//! shows nothing of itself or looks like a space (the control characters
//! beyond ASCII and `is_invisible`'s: bidirectional marks, zero widths,
//! the no-break space, tags, ...),
//! and `␠` a space that is trailing (only
//! spaces follow it on its line) or that starts the excerpt.

use crate::core::io::error::{each_utf8_run, is_invisible};
use std::fmt;

/// Characters shown of each side at most (an escape such as `\n` is one).
const EXCERPT_CHARS: usize = 40;

/// The most bytes an excerpt starts before the first difference: a long
/// word that both sides share is shown from near where they part, after
/// `...`.
const CONTEXT_BYTES: usize = 16;

/// Where and how two outputs first differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Difference {
    /// 1-based line and byte column of the first differing byte of the
    /// program's output (one past its end when it ends early).
    pub(crate) line: usize,
    pub(crate) col: usize,
    /// Excerpts in backticks, or `end of output`.
    pub(crate) expected: String,
    pub(crate) found: String,
    /// `only whitespace differs` and the like, `; `-separated; may be empty.
    pub(crate) note: String,
}

impl fmt::Display for Difference {
    /// `LINE:COL: expected X, found Y (note)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: expected {}, found {}",
            self.line, self.col, self.expected, self.found
        )?;
        if !self.note.is_empty() {
            write!(f, " ({})", self.note)?;
        }
        Ok(())
    }
}

/// The first difference of `found` from `expected`, or `None` when the two
/// are the same bytes.
pub(crate) fn first_difference(expected: &[u8], found: &[u8]) -> Option<Difference> {
    difference(expected, found, true)
}

/// `first_difference` when `found` is only the start of the output, which
/// goes on past it: what follows is unknown, so nothing is said of the
/// whitespace.
pub(crate) fn first_difference_in_start(expected: &[u8], found: &[u8]) -> Option<Difference> {
    difference(expected, found, false)
}

fn difference(expected: &[u8], found: &[u8], whole: bool) -> Option<Difference> {
    let at = expected
        .iter()
        .zip(found)
        .position(|(a, b)| a != b)
        .unwrap_or(expected.len().min(found.len()));
    if at == expected.len() && at == found.len() {
        return None;
    }
    let line_start = found[..at]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    // Both sides agree before `at`: back up to the start of the word there.
    let word_start = found[line_start..at]
        .iter()
        .rposition(|&b| is_space(b))
        .map_or(line_start, |i| line_start + i + 1);
    // Not too far before the difference, and not inside a UTF-8 character
    // (the two sides are the same bytes there): at most three bytes back,
    // the most a character has after its first.
    let mut start = word_start.max(at.saturating_sub(CONTEXT_BYTES));
    for _ in 0..3 {
        if start > word_start && found[start] & 0xc0 == 0x80 {
            start -= 1;
        }
    }
    let mut notes = Vec::new();
    // Only the last `\n` missing, and nothing else: a line cut short.
    let unended = !found.is_empty() && !found.ends_with(b"\n");
    if unended && expected.strip_suffix(b"\n") == Some(found) {
        notes.push("missing final newline");
    } else {
        if at == found.len() {
            notes.push("output ends early");
        } else if at == expected.len() {
            notes.push("extra output after the end");
        }
        if whole && words(expected).eq(words(found)) {
            notes.push("only whitespace differs");
        }
    }
    Some(Difference {
        line: 1 + found[..at].iter().filter(|&&b| b == b'\n').count(),
        col: at - line_start + 1,
        expected: excerpt(expected, start, start > word_start, true),
        found: excerpt(found, start, start > word_start, whole),
        note: notes.join("; "),
    })
}

/// `text` without what `--ignore-space` forgives: blanks (spaces, tabs,
/// carriage returns) at the end of each line, lines of nothing else at
/// the end of the text, and a missing final newline.
pub(crate) fn trimmed(text: &[u8]) -> Vec<u8> {
    let body = text.strip_suffix(b"\n").unwrap_or(text);
    let mut out = Vec::with_capacity(text.len() + 1);
    if text.is_empty() {
        return out;
    }
    for line in body.split(|&b| b == b'\n') {
        out.extend_from_slice(without_trailing_blanks(line));
        out.push(b'\n');
    }
    while out.ends_with(b"\n\n") {
        out.pop();
    }
    if out == b"\n" {
        out.clear();
    }
    out
}

fn without_trailing_blanks(line: &[u8]) -> &[u8] {
    let end = line
        .iter()
        .rposition(|&b| !matches!(b, b' ' | b'\t' | b'\r'))
        .map_or(0, |i| i + 1);
    &line[..end]
}

fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\r' | b'\n' | b'\x0b' | b'\x0c')
}

fn words(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    text.split(|&b| is_space(b)).filter(|w| !w.is_empty())
}

/// `text` from `start` to the end of its line, made visible, in backticks,
/// after `...` when it starts inside a word; cut after `EXCERPT_CHARS`
/// characters, never inside an escape. Unless `text` is `whole`, its last
/// line may go on past it: no space there is shown as trailing.
fn excerpt(text: &[u8], start: usize, inside_a_word: bool, whole: bool) -> String {
    if start >= text.len() {
        return "end of output".to_string();
    }
    let rest = &text[start..];
    let line = match rest.iter().position(|&b| b == b'\n') {
        Some(end) => &rest[..=end],
        None => rest,
    };
    let goes_on = !whole && !line.ends_with(b"\n");
    let mut shown = String::new();
    let mut count = 0;
    each_visible(line, goes_on, |piece| {
        if count < EXCERPT_CHARS {
            shown.push_str(piece);
        }
        count += 1;
    });
    let before = if inside_a_word { "..." } else { "" };
    let after = if count > EXCERPT_CHARS { "..." } else { "" };
    format!("`{}{}{}`", before, shown, after)
}

/// One line's bytes (at most one `\n`, at its end) with every invisible
/// character spelled out (see the module's documentation).
pub(crate) fn visible(line: &[u8]) -> String {
    let mut shown = String::new();
    each_visible(line, false, |piece| shown.push_str(piece));
    shown
}

/// `visible` of the start of a longer line: the spaces at its end are
/// not trailing, as the line goes on.
pub(crate) fn visible_start(start: &[u8]) -> String {
    let mut shown = String::new();
    each_visible(start, true, |piece| shown.push_str(piece));
    shown
}

/// Hands `piece` each character of `line` as `visible` writes it: an
/// escape whole. When the line `goes_on` past these bytes, none of its
/// spaces is trailing.
fn each_visible(line: &[u8], goes_on: bool, mut piece: impl FnMut(&str)) {
    // The line end is a LF, or a CR LF.
    let body = line.strip_suffix(b"\n").unwrap_or(line);
    let body_end = body.strip_suffix(b"\r").unwrap_or(body).len();
    // Spaces from here on to the line end are trailing.
    let trailing_from = match goes_on {
        true => line.len(),
        false => line[..body_end]
            .iter()
            .rposition(|&b| b != b' ')
            .map_or(0, |i| i + 1),
    };
    each_utf8_run(line, |at, valid, bad| {
        for (i, c) in valid.char_indices() {
            let pos = at + i;
            match c {
                '\n' => piece("\\n"),
                '\r' => piece("\\r"),
                '\t' => piece("\\t"),
                '\\' => piece("\\\\"),
                ' ' if pos == 0 || pos >= trailing_from => piece("␠"),
                c if c.is_ascii_control() => piece(&format!("\\x{:02x}", u32::from(c))),
                // `\u{85}`: not the lone byte `\x85`.
                c if c.is_control() || is_invisible(c) => piece(&c.escape_unicode().to_string()),
                c => piece(c.encode_utf8(&mut [0; 4])),
            }
        }
        for byte in bad {
            piece(&format!("\\x{:02x}", byte));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diff(expected: &str, found: &str) -> String {
        first_difference(expected.as_bytes(), found.as_bytes())
            .map_or("same".to_string(), |d| d.to_string())
    }

    #[test]
    fn the_start_of_an_output_says_nothing_of_its_whitespace() {
        let whole = first_difference(b"a b\n", b"a  b\n").unwrap();
        assert_eq!(whole.note, "only whitespace differs");
        let start = first_difference_in_start(b"a b\n", b"a  b\n").unwrap();
        assert_eq!((start.line, start.col, start.note.as_str()), (1, 3, ""));
    }

    #[test]
    fn a_control_character_beyond_ascii_is_not_shown_as_a_byte() {
        assert_eq!(visible("a\u{85}b".as_bytes()), "a\\u{85}b");
        assert_eq!(visible(b"a\x85b"), "a\\x85b");
    }

    #[test]
    fn same_bytes_have_no_difference() {
        assert_eq!(diff("a\nb\n", "a\nb\n"), "same");
        assert_eq!(diff("", ""), "same");
    }

    #[test]
    fn a_different_word_is_shown_from_its_start() {
        assert_eq!(
            diff("Frame 1\n0 : 12\n", "Frame 1\n0 : 13\n"),
            "2:6: expected `12\\n`, found `13\\n`"
        );
        assert_eq!(
            diff("x\nRespot Yellow\nBob's turn\n", "x\nBob's turn\n"),
            "2:1: expected `Respot Yellow\\n`, found `Bob's turn\\n`"
        );
    }

    #[test]
    fn whitespace_is_made_visible_and_named() {
        assert_eq!(
            diff("abc\nd\n", "abc \nd\n"),
            "1:4: expected `abc\\n`, found `abc␠\\n` (only whitespace differs)"
        );
        assert_eq!(
            diff("a\nb\n", "a\r\nb\r\n"),
            "1:2: expected `a\\n`, found `a\\r\\n` (only whitespace differs)"
        );
        assert_eq!(
            diff("won.\n", "won. \r\n"),
            "1:5: expected `won.\\n`, found `won.␠\\r\\n` (only whitespace differs)"
        );
        assert_eq!(
            diff("0 : 5\n", "0 :\t5\n"),
            "1:4: expected `: 5\\n`, found `:\\t5\\n` (only whitespace differs)"
        );
    }

    #[test]
    fn endings_are_named() {
        assert_eq!(
            diff("a\nb\n", "a\nb"),
            "2:2: expected `b\\n`, found `b` (missing final newline)"
        );
        assert_eq!(
            diff("a\nb\n", "a\n"),
            "2:1: expected `b\\n`, found end of output (output ends early)"
        );
        assert_eq!(
            diff("a\n", "a\nb\n"),
            "2:1: expected end of output, found `b\\n` (extra output after the end)"
        );
        assert_eq!(
            diff("a\n", "a\n\n"),
            "2:1: expected end of output, found `\\n` (extra output after the end; only whitespace differs)"
        );
        assert_eq!(
            diff("a\n", ""),
            "1:1: expected `a\\n`, found end of output (output ends early)"
        );
        assert_eq!(
            diff("a\n\n", "a\n"),
            "2:1: expected `\\n`, found end of output (output ends early; only whitespace differs)"
        );
        assert_eq!(
            diff("ab", "a"),
            "1:2: expected `ab`, found `a` (output ends early)"
        );
        assert_eq!(
            diff("\n", ""),
            "1:1: expected `\\n`, found end of output (output ends early; only whitespace differs)"
        );
    }

    #[test]
    fn trimming_takes_out_blanks_at_line_ends_only() {
        assert_eq!(trimmed(b"a \t\r\n b\r\nc"), b"a\n b\nc\n");
        assert_eq!(trimmed(b"a\n\n \n\r"), b"a\n");
        assert_eq!(trimmed(b"a\n\nb"), b"a\n\nb\n");
        assert_eq!(trimmed(b" \n\n"), b"");
        assert_eq!(trimmed(b""), b"");
    }

    #[test]
    fn odd_bytes_are_escaped_and_long_lines_cut() {
        assert_eq!(visible(b"a\x01\\\xff\xfeb\n"), "a\\x01\\\\\\xff\\xfeb\\n");
        assert_eq!(visible("é ".as_bytes()), "é␠");
        assert_eq!(visible_start(b"a  "), "a  ");
        assert_eq!(visible_start(b" a "), "␠a ");
        let invisible = "a\u{202e}b\u{200b}c\u{a0}\n";
        assert_eq!(
            visible(invisible.as_bytes()),
            "a\\u{202e}b\\u{200b}c\\u{a0}\\n"
        );
        let long = "x".repeat(100);
        let shown = diff(&long, "y");
        assert!(
            shown.contains(&format!("`{}...`", "x".repeat(EXCERPT_CHARS))),
            "{}",
            shown
        );
    }

    #[test]
    fn a_cut_never_splits_an_escape() {
        let expected = format!("{}\t\n", "x".repeat(EXCERPT_CHARS - 1));
        let shown = excerpt(expected.as_bytes(), 0, false, true);
        assert_eq!(shown, format!("`{}\\t...`", "x".repeat(EXCERPT_CHARS - 1)));
    }

    #[test]
    fn a_long_shared_word_is_shown_from_near_the_difference() {
        let name = "A".repeat(45);
        assert_eq!(
            diff(
                &format!("{}B's turn\n", name),
                &format!("{}C's turn\n", name)
            ),
            format!(
                "1:46: expected `...{}B's turn\\n`, found `...{}C's turn\\n`",
                "A".repeat(CONTEXT_BYTES),
                "A".repeat(CONTEXT_BYTES)
            )
        );
        // Not inside a character of several bytes.
        let name = "é".repeat(20);
        let shown = diff(&format!("{}a\n", name), &format!("{}b\n", name));
        assert!(
            shown.contains(&format!("`...{}a\\n`", "é".repeat(8))),
            "{}",
            shown
        );
    }
}
