//! The packages' input validators, end to end: compiled alone without a
//! warning, they accept the package's data (exit status 42) and reject
//! (43) problemtools' junk, the changes `verifyproblem` makes to valid
//! inputs, and one-token changes of every sample, each at its place with
//! its message.

mod common;

use common::package::{compiled, package_file, package_files, run_on};
use referee::tool::problem::Problem;
use referee::tool::solvers;
use std::path::{Path, PathBuf};

/// The package's validator, compiled with every warning an error.
fn compiled_validator(problem: Problem) -> PathBuf {
    let path = format!("input_validators/{}_validator.rs", problem.name());
    let source = package_file(problem, &path);
    compiled(
        "package-validators",
        problem.name(),
        source,
        &["-D", "warnings"],
    )
}

/// The validator's exit status and stderr for `input`.
fn validate_with(program: &Path, input: &[u8]) -> (Option<i32>, String) {
    let (code, _, stderr) = run_on(program, input);
    (code, stderr)
}

#[test]
fn the_validator_says_42_for_the_data_and_43_for_junk() {
    for problem in Problem::ALL {
        let program = compiled_validator(problem);
        // The small inputs: all of them pass `referee validate` anyway.
        for f in package_files(problem) {
            if f.path.ends_with(".in") && f.bytes.len() < 1 << 16 {
                let (code, stderr) = validate_with(&program, &f.bytes);
                assert_eq!(code, Some(42), "{}: {}", f.path, stderr);
            }
        }
        for junk in [&b""[..], b"1\n\n", b"-1", b"\xef\xbb\xbf1\n"] {
            let (code, stderr) = validate_with(&program, junk);
            assert_eq!(code, Some(43), "{} on {:?}", problem.name(), junk);
            assert!(stderr.starts_with("referee: <stdin>:"), "{}", stderr);
        }
    }
}

/// `text` with `extra` put before every whole number that does not follow a
/// decimal point, as problemtools' leading-zeros check does.
fn with_leading_zeros(text: &str) -> String {
    let bytes = text.as_bytes();
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut out = String::new();
    let mut i = 0;
    while i < bytes.len() {
        let end = i + bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
        if end > i {
            let before = i.checked_sub(1).map(|j| bytes[j]);
            let starts = before.is_none_or(|b| !word(b) && b != b'.');
            let ends = bytes.get(end).is_none_or(|&b| !word(b));
            if starts && ends {
                out.push_str("0000000000");
            }
            out.push_str(&text[i..end]);
            i = end;
        } else {
            out.push(bytes[i] as char);
            i += 1;
        }
    }
    out
}

/// The other changes `verifyproblem` makes to valid inputs, each of which
/// the validator must reject: (what, changed text, or `None` when the
/// change does not apply to this input).
fn spoiled(text: &str) -> Vec<(&'static str, Option<String>)> {
    let spaced: String = text
        .chars()
        .flat_map(|c| Some(c).into_iter().chain(c.is_whitespace().then_some(' ')))
        .collect();
    let decimals = text.contains('.').then(|| {
        let mut out = String::new();
        let mut after_dot = false;
        for c in text.chars() {
            if after_dot && !c.is_ascii_digit() {
                out.push_str("0000000000");
            }
            after_dot = (after_dot && c.is_ascii_digit()) || c == '.';
            out.push(c);
        }
        out
    });
    vec![
        ("spaces after whitespace", Some(spaced)),
        (
            "a space after every newline",
            Some(text.replace('\n', "\n ")),
        ),
        ("newlines doubled", Some(text.replace('\n', "\n\n"))),
        ("zeros after decimals", decimals),
        ("junk at the end", Some(format!("{}x1 Red\t}}~", text))),
        ("a byte-order mark", Some(format!("\u{feff}{}", text))),
        ("no final newline", Some(text.trim_end().to_string())),
        ("CRLF line ends", Some(text.replace('\n', "\r\n"))),
    ]
}

fn valid(problem: Problem, text: &str) -> bool {
    solvers::check(problem, text.as_bytes()).is_ok()
}

#[test]
fn junk_made_from_every_input_is_rejected() {
    for problem in Problem::ALL {
        for f in package_files(problem) {
            if !f.path.ends_with(".in") {
                continue;
            }
            let text = String::from_utf8(f.bytes.clone()).unwrap();
            for (what, changed) in spoiled(&text) {
                if let Some(changed) = changed {
                    assert!(!valid(problem, &changed), "{}: {} accepted", f.path, what);
                }
            }
        }
        for junk in ["", " ", "\n", "1", "0\n", "-1\n", "a\n"] {
            assert!(!valid(problem, junk), "{}: {:?}", problem.name(), junk);
        }
    }
}

#[test]
fn inputs_with_leading_zeros_are_rejected() {
    for problem in Problem::ALL {
        for f in package_files(problem) {
            if f.path.ends_with(".in") {
                let text = String::from_utf8(f.bytes.clone()).unwrap();
                let zeros = with_leading_zeros(&text);
                assert!(!valid(problem, &zeros), "{}: accepted", f.path);
            }
        }
    }
}

#[test]
fn leading_zeros_go_where_problemtools_puts_them() {
    assert_eq!(
        with_leading_zeros("2\nab 76.91 x7 7x\n3 4"),
        "00000000002\nab 000000000076.91 x7 7x\n00000000003 00000000004"
    );
}

/// `text` with its line `number` (from 1) replaced, or taken out.
fn with_line(text: &str, number: usize, line: Option<&str>) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    match line {
        Some(line) => lines[number - 1] = line,
        None => {
            lines.remove(number - 1);
        }
    }
    lines.iter().map(|l| format!("{}\n", l)).collect()
}

#[test]
fn one_token_changes_of_each_sample_are_rejected_at_their_place() {
    // (problem, what, line, its replacement or `None` to take it out, the
    // validator's message)
    let cases: [(Problem, &str, usize, Option<&str>, &str); 14] = [
        (
            Problem::Snooker,
            "a leading zero",
            1,
            Some("01"),
            "1:1: expected the number of frames without leading zeros, found `01`",
        ),
        (
            Problem::Snooker,
            "a count one too big",
            1,
            Some("2"),
            "41:1: expected the two players' names of frame 2, found end of input",
        ),
        (
            Problem::Snooker,
            "a name one letter too long",
            3,
            Some("Zero Maxbreakmaxbreakmaxbr"),
            "3:6: expected a name of 1 to 20 English letters, found `Maxbreakmaxbreakmaxbr`",
        ),
        (
            Problem::Snooker,
            "a missing line",
            40,
            None,
            "40:1: expected a stroke (frame 1 is not over), found end of input",
        ),
        (
            Problem::Fourrow,
            "a leading zero",
            1,
            Some("02"),
            "1:1: expected the number of games without leading zeros, found `02`",
        ),
        (
            Problem::Fourrow,
            "a count one too big",
            1,
            Some("3"),
            "4:1: expected game 3 of 3 (a header `Game #n:`), found end of input",
        ),
        (
            Problem::Fourrow,
            "a game number one too big",
            3,
            Some("Game #3: 123456"),
            "3:7: expected the header `Game #2: `, found `3`",
        ),
        (
            Problem::Fourrow,
            "a missing line",
            2,
            None,
            "2:7: expected the header `Game #1: `, found `2`",
        ),
        (
            Problem::Rating,
            "a leading zero",
            1,
            Some("04"),
            "1:1: expected the number of tournaments without leading zeros, found `04`",
        ),
        (
            Problem::Rating,
            "a leading zero in a count of players",
            2,
            Some("02 1"),
            "2:1: expected the number of players without leading zeros, found `02`",
        ),
        (
            Problem::Rating,
            "a count one too big",
            1,
            Some("5"),
            "21:1: expected `n m` (players and games) of tournament 5, found end of input",
        ),
        (
            Problem::Rating,
            "a count of players one too big",
            2,
            Some("3 1"),
            "5:11: expected player 3 of 3: `name rating`, found an extra token `lost`",
        ),
        (
            Problem::Rating,
            "a name one letter too long",
            3,
            Some("alicealicea 76.91"),
            "3:1: expected a name of 1 to 10 lower-case letters, found `alicealicea`",
        ),
        (
            Problem::Rating,
            "a missing line",
            4,
            None,
            "4:11: expected player 2 of 2: `name rating`, found an extra token `lost`",
        ),
    ];
    for (problem, what, line, replacement, message) in cases {
        let sample = package_files(problem)
            .iter()
            .find(|f| f.path == "data/sample/sample.in")
            .unwrap();
        let changed = with_line(
            &String::from_utf8(sample.bytes.clone()).unwrap(),
            line,
            replacement,
        );
        let (code, stderr) = validate_with(&compiled_validator(problem), changed.as_bytes());
        let expected = format!("referee: <stdin>:{}\n", message);
        assert_eq!(
            (code, stderr),
            (Some(43), expected),
            "{}: {}",
            problem.name(),
            what
        );
    }
}

#[test]
fn problemtools_junk_is_rejected_with_a_place_and_what_was_expected() {
    let mut rng = referee::tool::gen::Rng::new(42);
    let random: Vec<u8> = (0..1024).map(|_| rng.next_u64() as u8).collect();
    let printable: Vec<u8> = (0..200).map(|_| b' ' + (rng.below(95) as u8)).collect();
    let ascii: Vec<u8> = (32..127).collect();
    let mut junk: Vec<&[u8]> = vec![b"", &random, &ascii, &printable];
    junk.extend([
        &b"-1"[..],
        b"2147483647",
        b"2147483648",
        b"9223372036854775808",
        b"0",
        b"1",
        b"1.0",
        b"a",
        b"2\n-1 1",
        b"2\n1",
        b"1\n-1 1",
        b"1\na",
    ]);
    for problem in Problem::ALL {
        let program = compiled_validator(problem);
        for input in &junk {
            let (code, stderr) = validate_with(&program, input);
            assert_eq!(code, Some(43), "{} on {:?}", problem.name(), input);
            let place_and_message = stderr
                .strip_prefix("referee: <stdin>:")
                .and_then(|rest| rest.split_once(": "))
                .map(|(place, message)| (place.split(':').count(), message));
            assert!(
                matches!(place_and_message, Some((2, m)) if m.starts_with("expected ")),
                "{} on {:?}: {}",
                problem.name(),
                input,
                stderr
            );
        }
    }
}
