//! Unit tests of `lines`.

use super::*;
use std::io;

fn all_lines(lines: &mut Lines<impl Read>) -> Vec<(usize, String)> {
    let mut seen = Vec::new();
    while lines.next_line().unwrap() {
        let line = lines.current();
        seen.push((line.number, String::from_utf8(line.text.to_vec()).unwrap()));
    }
    seen
}

#[test]
fn line_ends_are_stripped_and_lines_counted_across_reads() {
    let text = "first line\r\n\nsecond, longer line\nend\r";
    for capacity in [1, 2, 3, 7, 64] {
        let mut lines = Lines::new(io::BufReader::with_capacity(capacity, text.as_bytes()));
        let expected = [
            (1, "first line"),
            (2, ""),
            (3, "second, longer line"),
            (4, "end\r"),
        ];
        let expected: Vec<(usize, String)> =
            expected.iter().map(|&(n, t)| (n, t.to_string())).collect();
        assert_eq!(all_lines(&mut lines), expected, "capacity {}", capacity);
        assert!(!lines.terminated());
        assert_eq!(
            lines.eof_error("expected x").to_string(),
            "4:5: expected x, found end of input"
        );
    }
}

#[test]
fn blank_lines_are_skipped_and_still_counted() {
    let mut text = b"\n \t\n".to_vec();
    text.extend(std::iter::repeat_n(b'\n', 1000));
    text.extend_from_slice(b"  a\n\r\n\n");
    let mut lines = Lines::new(&text[..]);
    assert!(lines.next_nonblank().unwrap());
    let line = lines.current();
    assert_eq!((line.number, line.text), (1003, &b"  a"[..]));
    assert!(!lines.next_nonblank().unwrap());
    assert_eq!(
        lines.eof_error("expected x").to_string(),
        "1006:1: expected x, found end of input"
    );
}

#[test]
fn end_of_input_is_placed_after_the_last_line() {
    let mut lines = Lines::new(&b"1\n"[..]);
    while lines.next_line().unwrap() {}
    assert_eq!(
        lines.eof_error("expected x").to_string(),
        "2:1: expected x, found end of input"
    );
    let mut lines = Lines::new(&b"12"[..]);
    while lines.next_line().unwrap() {}
    assert_eq!(
        lines.eof_error("expected x").to_string(),
        "1:3: expected x, found end of input"
    );
}

#[test]
fn a_byte_order_mark_is_skipped_only_at_the_start() {
    let mut lines = Lines::new(&b"\xef\xbb\xbf3\n\xef\xbb\xbf\n"[..]);
    assert!(lines.skip_bom().unwrap());
    assert!(lines.next_line().unwrap());
    assert_eq!(lines.current().text, b"3");
    assert!(lines.next_line().unwrap());
    assert_eq!(lines.current().text, b"\xef\xbb\xbf");
    assert!(!Lines::new(&b"3\n"[..]).skip_bom().unwrap());
    assert!(!Lines::new(&b""[..]).skip_bom().unwrap());
}

#[test]
fn a_line_too_long_with_a_byte_that_is_not_utf8_is_named_at_the_byte() {
    let mut text = b"ab\xff".to_vec();
    text.resize(MAX_LINE + 10, b'c');
    let e = Lines::new(&text[..]).next_line().unwrap_err().to_string();
    assert_eq!(
        e,
        "1:3: expected UTF-8 text, found a byte that is not UTF-8"
    );
    // A character the limit cuts is not a fault of its own.
    let mut text = b"a".to_vec();
    text.extend("é".repeat(MAX_LINE / 2).as_bytes());
    let e = Lines::new(&text[..]).next_line().unwrap_err().to_string();
    assert!(e.starts_with("1:1048577: line too long"), "{}", e);
}

#[test]
fn bytes_that_are_not_utf8_are_errors_at_their_place() {
    let mut lines = Lines::new(&b"ok\nab\xffc\n"[..]);
    lines.next_line().unwrap();
    let e = lines.next_line().unwrap_err().to_string();
    assert_eq!(
        e,
        "2:3: expected UTF-8 text, found a byte that is not UTF-8"
    );
}

/// Lines of every length around the limit, read through readers that
/// hand out bytes in chunks of several sizes, after a line that has
/// already grown the buffer: a line is refused exactly when it is
/// longer than `MAX_LINE`, however it arrives.
#[test]
fn the_line_limit_holds_however_the_input_arrives() {
    for first in [MAX_LINE, 10] {
        for len in [MAX_LINE - 1, MAX_LINE, MAX_LINE + 1, MAX_LINE + 2] {
            for cr in [false, true] {
                let mut text = vec![b'a'; first];
                text.push(b'\n');
                text.extend(std::iter::repeat_n(b'b', len));
                if cr {
                    text.push(b'\r');
                }
                text.extend_from_slice(b"\nc\n");
                for capacity in [1 << 16, 3 << 20] {
                    let reader = io::BufReader::with_capacity(capacity, &text[..]);
                    let mut lines = Lines::new(reader);
                    lines.next_line().unwrap();
                    match lines.next_line() {
                        Ok(true) => {
                            assert!(len <= MAX_LINE && lines.current().text.len() == len)
                        }
                        Ok(false) => panic!("line 2 missing"),
                        Err(e) => {
                            assert!(len > MAX_LINE, "{} refused", len);
                            assert!(e.to_string().starts_with("2:1048577: line too long"));
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn a_line_past_the_bytes_at_hand_is_read_on_until_its_newline() {
    let long = format!("{}\n", "7".repeat(10_000));
    let text = format!("1\n{}end", long);
    for capacity in [7, 4096, 1 << 16] {
        let mut lines = Lines::new(io::BufReader::with_capacity(capacity, text.as_bytes()));
        assert!(lines.next_line().unwrap());
        assert!(lines.read_on().unwrap(), "capacity {}", capacity);
        assert_eq!(&lines.unread()[..long.len()], long.as_bytes());
        // Its newline is at hand: nothing more is read.
        let at_hand = lines.unread().len();
        assert!(!lines.read_on().unwrap());
        assert_eq!(lines.unread().len(), at_hand);
        lines.consume(long.len(), 1);
        // The last line, with no newline, is read on to the end of input.
        while lines.read_on().unwrap() {}
        assert_eq!(&lines.unread()[..4], b"end\0");
        assert!(lines.next_line().unwrap());
        assert_eq!(
            (lines.current().number, lines.current().text),
            (3, &b"end"[..])
        );
    }
}
