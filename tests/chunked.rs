//! Big inputs through the built binary, which solves snooker and
//! four-in-a-row files of more than one chunk on every core: the output
//! and the error message are the sequential solver's (the library's `run`),
//! from a file and from stdin.

use assert_cmd::Command;
use referee::core::io::Error;
use referee::core::{fourrow, snooker};
use referee::tool::gen;
use referee::tool::problem::Problem;
use std::path::PathBuf;

/// The library's sequential answer: stdout, and stderr as the binary
/// writes it for `name`.
fn sequential(problem: Problem, input: &[u8], name: &str) -> (Vec<u8>, String) {
    let mut out = Vec::new();
    let result = match problem {
        Problem::Snooker => snooker::run(input, &mut out),
        Problem::Fourrow => fourrow::run(input, &mut out),
        Problem::Rating => unreachable!("rating is always sequential"),
    };
    let err = match result {
        Ok(()) => String::new(),
        Err(Error::Input { .. }) => format!("referee: {}:{}\n", name, result.unwrap_err()),
        Err(e) => panic!("{}", e),
    };
    (out, err)
}

/// Runs the binary on `input` from a file and from stdin and checks both
/// against the sequential answer; returns the message on stdin.
fn check(problem: Problem, input: &[u8], file: &str) -> String {
    let mut message = String::new();
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(file);
    std::fs::write(&path, input).unwrap();
    let path = path.to_str().unwrap().to_string();
    for (args, name) in [
        (vec![problem.name(), path.as_str()], path.as_str()),
        (vec![problem.name()], "<stdin>"),
    ] {
        let (want_out, want_err) = sequential(problem, input, name);
        let output = Command::cargo_bin("referee")
            .unwrap()
            .args(&args)
            .write_stdin(input.to_vec())
            .output()
            .unwrap();
        assert!(
            output.stdout == want_out,
            "{} {}: stdout differs ({} bytes, want {})",
            problem.name(),
            name,
            output.stdout.len(),
            want_out.len()
        );
        assert_eq!(String::from_utf8_lossy(&output.stderr), want_err);
        assert_eq!(output.status.code(), Some(i32::from(!want_err.is_empty())));
        message = want_err;
    }
    message
}

#[test]
fn big_valid_inputs_give_the_sequential_output() {
    let snooker = gen::generate_bytes(Problem::Snooker, 5, 3 << 20);
    assert_eq!(check(Problem::Snooker, &snooker, "chunked-snooker.in"), "");
    let fourrow = gen::generate_bytes(Problem::Fourrow, 5, 3 << 20);
    assert_eq!(check(Problem::Fourrow, &fourrow, "chunked-fourrow.in"), "");
}

#[test]
fn an_error_deep_in_a_big_input_comes_after_all_output_before_it() {
    let snooker = gen::generate_bytes(Problem::Snooker, 6, 3 << 20);
    let at = snooker.len() * 2 / 3;
    let at = at + snooker[at..].iter().position(|&b| b == b'\n').unwrap() + 1;
    let mut broken = snooker[..at].to_vec();
    broken.extend_from_slice(b"Red Purple\n");
    broken.extend_from_slice(&snooker[at..]);
    let message = check(Problem::Snooker, &broken, "chunked-snooker-error.in");
    assert!(message.contains("found `Purple`"), "{}", message);

    let fourrow = gen::generate_bytes(Problem::Fourrow, 6, 3 << 20);
    let text = String::from_utf8(fourrow).unwrap();
    let last = text.rfind("\nGame").unwrap();
    // One game more than announced, then one header without its colon.
    let extra = format!("{}\nGame #1: 1", text.trim_end());
    let message = check(
        Problem::Fourrow,
        extra.as_bytes(),
        "chunked-fourrow-extra.in",
    );
    assert!(message.contains("expected end of input"), "{}", message);
    let broken = format!("{}\nGame #9 1{}", &text[..last], &text[last..]);
    let message = check(
        Problem::Fourrow,
        broken.as_bytes(),
        "chunked-fourrow-error.in",
    );
    assert!(message.contains("expected `:`"), "{}", message);
}
