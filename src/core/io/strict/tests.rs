//! Tests of the strict reading's checks.

use super::*;
use crate::core::io::lines::MAX_LINE;

fn records(text: &[u8]) -> Result<Vec<(usize, usize)>, String> {
    let mut lines = Lines::new(text);
    let mut strict = Strict::new();
    strict.start(&mut lines).map_err(|e| e.to_string())?;
    let mut seen = Vec::new();
    while strict.next_record(&mut lines).map_err(|e| e.to_string())? {
        seen.push((lines.current().number, strict.blanks));
    }
    Ok(seen)
}

#[test]
fn blank_lines_are_counted_and_must_be_empty() {
    assert_eq!(records(b"a\n\n\nb\nc\n"), Ok(vec![(1, 0), (4, 2), (5, 0)]));
    assert_eq!(
        records(b"a\n \nb\n"),
        Err("2:1: expected a line without tokens to be empty, found blanks".to_string())
    );
}

#[test]
fn line_ends_and_byte_order_marks() {
    assert_eq!(
        records(b"a\r\nb\n"),
        Err("1:2: expected a LF line end, found CR LF".to_string())
    );
    assert_eq!(
        records(b"a\nb"),
        Err("2:2: expected a newline at the end of the last line, found end of input".to_string())
    );
    assert_eq!(
        records(b"a\nb\r"),
        Err("2:2: expected a LF line end, found a CR at the end of input".to_string())
    );
    assert!(records(b"\xef\xbb\xbfa\n")
        .unwrap_err()
        .contains("byte-order mark"));
}

#[test]
fn blanks_where_the_format_wants_them() {
    let mut lines = Lines::new(&b"a\n\n\nb\n"[..]);
    let mut strict = Strict::new();
    strict.next_record(&mut lines).unwrap();
    strict.next_record(&mut lines).unwrap();
    let line = lines.current();
    let e = strict
        .expect_blanks(&line, 1, "before every frame")
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "3:1: expected no blank line here (before every frame), found one"
    );
    assert!(strict.expect_blanks(&line, 2, "x").is_ok());
    let e = strict.expect_blanks(&line, 3, "before x").unwrap_err();
    assert_eq!(
        e.to_string(),
        "4:1: expected an empty line before x, found none"
    );
}

#[test]
fn nothing_after_the_last_case_not_even_a_blank_line() {
    let mut lines = Lines::new(&b"a\n\n"[..]);
    let mut strict = Strict::new();
    strict.next_record(&mut lines).unwrap();
    let e = strict.end(&mut lines, "the last frame (1)").unwrap_err();
    assert_eq!(
        e.to_string(),
        "2:1: expected no blank line here (after the last frame (1)), found one"
    );
}

#[test]
fn a_fault_after_the_last_token_waits_until_the_record_was_read() {
    for (text, fault) in [
        (
            &b"a b \nc\n"[..],
            "1:4: expected single spaces between tokens, found a trailing space",
        ),
        // A run of blanks at the end: at its first.
        (
            b"a b  \t \nc\n",
            "1:4: expected single spaces between tokens, found a trailing space",
        ),
        (b"a b\r\nc\n", "1:4: expected a LF line end, found CR LF"),
        (
            b"a b",
            "1:4: expected a newline at the end of the last line, found end of input",
        ),
    ] {
        let mut lines = Lines::new(text);
        let mut strict = Strict::new();
        assert!(strict.next_record(&mut lines).unwrap());
        assert!(strict.check_layout(&lines.current()).is_ok());
        let reported = strict.end(&mut lines, "the last case").unwrap_err();
        assert_eq!(reported.to_string(), fault);
    }
    // Before the last token, a fault waits for the record's tokens
    // (one of them may be wrong before it), not for what they lead to.
    let mut strict = Strict::new();
    assert!(strict.check_layout(&Line::new(1, b"a  b")).is_ok());
    let at_a = Error::at(1, 1, "a".to_string());
    assert_eq!(strict.first_fault(at_a).to_string(), "1:1: a");
    assert!(strict.check_layout(&Line::new(1, b"a  b")).is_ok());
    let at_b = Error::at(1, 4, "b".to_string());
    let two_spaces = "1:3: expected single spaces between tokens, found two spaces";
    assert_eq!(strict.first_fault(at_b).to_string(), two_spaces);
    assert!(strict.check_layout(&Line::new(1, b"a  b")).is_ok());
    assert_eq!(strict.line_done().unwrap_err().to_string(), two_spaces);
    assert!(strict.report_pending().is_ok() && strict.line_done().is_ok());
}

#[test]
fn a_line_refused_for_its_bytes_is_named_at_a_layout_fault_before_them() {
    let first = |text: &[u8]| {
        let mut lines = Lines::new(text);
        Strict::new()
            .next_record(&mut lines)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        first(b"a  b\xff\n"),
        "1:3: expected single spaces between tokens, found two spaces"
    );
    // Past 1 MiB, a byte that is not UTF-8 before comes first, and
    // nothing after it counts.
    let mut long = b"a\xff  b".to_vec();
    long.resize(MAX_LINE + 10, b'c');
    assert_eq!(
        first(&long),
        "1:2: expected UTF-8 text, found a byte that is not UTF-8"
    );
    // A space before the byte separates: it does not trail.
    assert_eq!(
        first(b"a b \xff\n"),
        "1:5: expected UTF-8 text, found a byte that is not UTF-8"
    );
}

#[test]
fn layout_digits_and_limits() {
    for (text, col) in [
        (" a", 1),
        ("a ", 2),
        ("a  b", 3),
        ("a\tb", 2),
        ("a\x0bb", 2),
    ] {
        let fault = layout_fault(&Line::new(1, text.as_bytes()));
        assert_eq!(fault.map(|(c, _)| c), Some(col), "{:?}", text);
    }
    assert!(layout_fault(&Line::new(1, b"a b c")).is_none());
    let line = Line::new(1, b"007");
    assert!(check_digits(&line, 1, b"0", "n").is_ok());
    assert_eq!(
        check_digits(&line, 1, b"007", "the count")
            .unwrap_err()
            .to_string(),
        "1:1: expected the count without leading zeros, found `007`"
    );
    let token = |text| Token { col: 1, text };
    assert!(check_limit(&line, &token(b"7"), 1..=9, "n").is_ok());
    for (text, shown) in [
        (&b"0"[..], "0"),
        (b"99999999999999999999", "99999999999999999999"),
    ] {
        assert_eq!(
            check_limit(&line, &token(text), 1..=9, "n")
                .unwrap_err()
                .to_string(),
            format!("1:1: expected n from 1 to 9, found {}", shown)
        );
    }
}
