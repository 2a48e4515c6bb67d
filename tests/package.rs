//! `referee package`, end to end: the same bytes every time, data that
//! the package's own validator accepts with the referee's own answers, a
//! validator that compiles alone and speaks the Kattis exit statuses, and
//! the junk that problemtools' `verifyproblem` feeds validators rejected.

use assert_cmd::Command;
use referee::tool::package;
use referee::tool::problem::Problem;
use referee::tool::solvers;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Stdio;

/// A fresh folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("package")
        .join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn referee() -> Command {
    Command::cargo_bin("referee").unwrap()
}

/// Every file under `dir`: path from `dir` and bytes, sorted by path.
fn tree(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(folder) = todo.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                todo.push(path);
            } else {
                let name = path
                    .strip_prefix(dir)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                files.push((name, fs::read(&path).unwrap()));
            }
        }
    }
    files.sort();
    files
}

/// The `.in` files of a written package, sorted.
fn inputs(dir: &Path) -> Vec<PathBuf> {
    tree(dir)
        .into_iter()
        .filter(|(name, _)| name.ends_with(".in"))
        .map(|(name, _)| dir.join(name))
        .collect()
}

#[test]
fn the_same_command_gives_the_same_bytes() {
    for problem in Problem::ALL {
        let dir = scratch(&format!("twice-{}", problem.name()));
        let (first, second) = (dir.join("first"), dir.join("second"));
        // Once more over the first for the cheapest package: a package
        // is written over an earlier one.
        let again = (problem == Problem::Fourrow).then_some(&first);
        for target in [Some(&first), Some(&second), again].into_iter().flatten() {
            referee()
                .args(["package", problem.name()])
                .arg(target)
                .assert()
                .success()
                .stdout("");
        }
        let written = tree(&first);
        assert_eq!(written, tree(&second), "{}", problem.name());
        for part in [
            "problem.yaml",
            "problem_statement/problem.en.tex",
            "data/sample/sample.in",
            "data/sample/sample.ans",
        ] {
            assert!(written.iter().any(|(name, _)| name == part), "{}", part);
        }
        let secret = written
            .iter()
            .filter(|(name, _)| name.starts_with("data/secret/") && name.ends_with(".in"));
        assert!(secret.count() >= 20, "{}", problem.name());
    }
}

#[test]
fn every_input_is_valid_and_every_answer_the_referees() {
    for problem in Problem::ALL {
        let dir = scratch(&format!("answers-{}", problem.name()));
        referee()
            .args(["package", problem.name()])
            .arg(&dir)
            .assert()
            .success();
        let inputs = inputs(&dir);
        let validated = referee()
            .args(["validate", problem.name()])
            .args(&inputs)
            .output()
            .unwrap();
        let report = String::from_utf8(validated.stdout).unwrap();
        assert!(validated.status.success(), "{}", report);
        assert_eq!(report.lines().count(), inputs.len());
        assert!(report.lines().all(|l| l.ends_with(": ok")), "{}", report);
        for input in &inputs {
            let expected = fs::read(input.with_extension("ans")).unwrap();
            referee()
                .args([problem.name(), "--strict"])
                .arg(input)
                .assert()
                .success()
                .stdout(expected);
        }
    }
}

/// The package's validator compiled by the rustc beside cargo, without
/// optimisation; an earlier build is reused while its source is the same.
fn compiled_validator(problem: Problem) -> PathBuf {
    let files = package::files(problem).unwrap();
    let source = files
        .iter()
        .find(|f| f.path.starts_with("input_validators/"))
        .unwrap();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("package-validators");
    fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{}.rs", problem.name()));
    let program = dir.join(format!(
        "{}{}",
        problem.name(),
        std::env::consts::EXE_SUFFIX
    ));
    if fs::read(&file).ok().as_ref() == Some(&source.bytes) && program.exists() {
        return program;
    }
    let _ = fs::remove_file(&program);
    fs::write(&file, &source.bytes).unwrap();
    let cargo = PathBuf::from(std::env::var_os("CARGO").unwrap());
    let beside = cargo.with_file_name(format!("rustc{}", std::env::consts::EXE_SUFFIX));
    let rustc = if beside.exists() {
        beside
    } else {
        PathBuf::from("rustc")
    };
    let built = std::process::Command::new(rustc)
        .args(["--edition", "2021", "-o"])
        .arg(&program)
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    program
}

/// The validator's exit status and stderr for `input`.
fn validate_with(program: &Path, input: &[u8]) -> (Option<i32>, String) {
    let mut child = std::process::Command::new(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A validator may stop reading early; a closed pipe is fine then.
    let _ = std::io::Write::write_all(&mut child.stdin.take().unwrap(), input);
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    (output.status.code(), stderr)
}

#[test]
fn the_validator_says_42_for_the_data_and_43_for_junk() {
    for problem in Problem::ALL {
        let program = compiled_validator(problem);
        // The small inputs: all of them pass `referee validate` anyway.
        for f in package::files(problem).unwrap() {
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
            let starts = before.map_or(true, |b| !word(b) && b != b'.');
            let ends = bytes.get(end).map_or(true, |&b| !word(b));
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
        for f in package::files(problem).unwrap() {
            if !f.path.ends_with(".in") {
                continue;
            }
            let text = String::from_utf8(f.bytes).unwrap();
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
        for f in package::files(problem).unwrap() {
            if f.path.ends_with(".in") {
                let text = String::from_utf8(f.bytes).unwrap();
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

#[test]
fn a_rerun_replaces_its_own_files_and_keeps_the_coachs() {
    let dir = scratch("coach");
    let package = |problem: &str, force: bool| {
        let mut command = referee();
        command.args(["package", problem]).arg(&dir);
        if force {
            command.arg("--force");
        }
        command.assert()
    };
    package("fourrow", false).success();
    let mine = dir.join("data/secret/99-mine.in");
    fs::write(&mine, "1\nGame #1: 1\n").unwrap();
    let four = dir.join("submissions/wrong_answer/four.py");
    fs::write(&four, "print()\n").unwrap();
    let yaml = dir.join("problem.yaml");
    fs::write(&yaml, "changed").unwrap();
    // A file the manifest lists that this run no longer writes goes.
    let manifest = dir.join("referee-manifest.txt");
    let mut listed = fs::read_to_string(&manifest).unwrap();
    listed.push_str("data/secret/98-old.in\n");
    fs::write(&manifest, listed).unwrap();
    fs::write(dir.join("data/secret/98-old.in"), "1\nGame #1: 2\n").unwrap();

    package("fourrow", false).success();
    assert_eq!(fs::read(&mine).unwrap(), b"1\nGame #1: 1\n");
    assert_eq!(fs::read(&four).unwrap(), b"print()\n");
    assert!(fs::read_to_string(&yaml).unwrap().contains("name: "));
    assert!(!dir.join("data/secret/98-old.in").exists());

    package("snooker", false)
        .code(1)
        .stderr(predicates::str::contains(
            "holds the package of fourrow; to write snooker over it, add --force",
        ));
    assert!(fs::read_to_string(&yaml).unwrap().contains("fourrow"));
    package("snooker", true).success();
    assert!(fs::read_to_string(&yaml).unwrap().contains("snooker"));
    assert!(!dir.join("submissions/accepted/fourrow.rs").exists());
    assert_eq!(fs::read(&mine).unwrap(), b"1\nGame #1: 1\n");
    assert_eq!(fs::read(&four).unwrap(), b"print()\n");
}
