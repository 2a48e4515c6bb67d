//! `referee package`, end to end: the same bytes every time, data that
//! the package's own validator accepts with the referee's own answers, a
//! validator that compiles alone and speaks the Kattis exit statuses, and
//! the junk that problemtools' `verifyproblem` feeds validators rejected.

use assert_cmd::Command;
use referee::tool::package::{self, PackageFile};
use referee::tool::problem::Problem;
use referee::tool::solvers;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::OnceLock;

/// The files of each problem's package, made once for all the tests (the
/// wrong solutions' stress runs take seconds).
fn package_files(problem: Problem) -> &'static [PackageFile] {
    static PACKAGES: OnceLock<Vec<Vec<PackageFile>>> = OnceLock::new();
    let packages = PACKAGES.get_or_init(|| {
        Problem::ALL
            .into_iter()
            .map(|p| package::files(p).unwrap())
            .collect()
    });
    &packages[Problem::ALL.iter().position(|&p| p == problem).unwrap()]
}

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
/// optimisation and with every warning an error; an earlier build is
/// reused while its source is the same.
fn compiled_validator(problem: Problem) -> PathBuf {
    let files = package_files(problem);
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
        .args(["--edition", "2021", "-D", "warnings", "-o"])
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
        (Problem::Snooker, "a leading zero", 1, Some("01"),
         "1:1: expected the number of frames without leading zeros, found `01`"),
        (Problem::Snooker, "a count one too big", 1, Some("2"),
         "41:1: expected the two players' names of frame 2, found end of input"),
        (Problem::Snooker, "a name one letter too long", 3, Some("Zero Maxbreakmaxbreakmaxbr"),
         "3:6: expected a name of 1 to 20 English letters, found `Maxbreakmaxbreakmaxbr`"),
        (Problem::Snooker, "a missing line", 40, None,
         "40:1: expected a stroke, `Play again` or a lot line (frame 1 is not over), found end of input"),
        (Problem::Fourrow, "a leading zero", 1, Some("02"),
         "1:1: expected the number of games without leading zeros, found `02`"),
        (Problem::Fourrow, "a count one too big", 1, Some("3"),
         "4:1: expected game 3 of 3 (a header `Game #n:`), found end of input"),
        (Problem::Fourrow, "a game number one too big", 3, Some("Game #3: 123456"),
         "3:7: expected the header `Game #2: `, found `3`"),
        (Problem::Fourrow, "a missing line", 2, None,
         "2:7: expected the header `Game #1: `, found `2`"),
        (Problem::Rating, "a leading zero", 1, Some("04"),
         "1:1: expected the number of tournaments without leading zeros, found `04`"),
        (Problem::Rating, "a leading zero in a count of players", 2, Some("02 1"),
         "2:1: expected the number of players without leading zeros, found `02`"),
        (Problem::Rating, "a count one too big", 1, Some("5"),
         "21:1: expected `n m` (players and games) of tournament 5, found end of input"),
        (Problem::Rating, "a count of players one too big", 2, Some("3 1"),
         "5:11: expected player 3 of 3: `name rating`, found an extra token `lost`"),
        (Problem::Rating, "a name one letter too long", 3, Some("alicealicea 76.91"),
         "3:1: expected a name of 1 to 10 lower-case letters, found `alicealicea`"),
        (Problem::Rating, "a missing line", 4, None,
         "4:11: expected player 2 of 2: `name rating`, found an extra token `lost`"),
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

/// `source` compiled (without optimisation: the inputs are small) into
/// the tests' folder as `name`.
fn compiled_solution(name: &str, source: &[u8]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("package-solutions");
    fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{}.rs", name));
    let program = dir.join(format!("{}{}", name, std::env::consts::EXE_SUFFIX));
    if fs::read(&file).ok().as_deref() == Some(source) && program.exists() {
        return program;
    }
    let _ = fs::remove_file(&program);
    fs::write(&file, source).unwrap();
    let built = std::process::Command::new("rustc")
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

/// What `program` writes for `input`.
fn output_of(program: &Path, input: &[u8]) -> Vec<u8> {
    let mut child = std::process::Command::new(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let _ = std::io::Write::write_all(&mut child.stdin.take().unwrap(), input);
    child.wait_with_output().unwrap().stdout
}

#[test]
fn each_wrong_solution_fails_on_its_killer_test_and_the_right_one_on_none() {
    for problem in Problem::ALL {
        let files = package_files(problem);
        let bytes = |path: &str| &files.iter().find(|f| f.path == path).unwrap().bytes;
        let cases: Vec<&str> = files
            .iter()
            .filter(|f| f.path.starts_with("data/secret/") && f.path.ends_with(".in"))
            .map(|f| f.path.trim_end_matches(".in"))
            .collect();
        // The solution the mistakes are made in, written apart from the
        // referee, gets every answer right.
        let right = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("src/tool/package/solutions/{}.rs", problem.name()));
        let right = compiled_solution(
            &format!("{}-right", problem.name()),
            &fs::read(right).unwrap(),
        );
        for case in &cases {
            let answer = bytes(&format!("{}.ans", case));
            assert!(
                &output_of(&right, bytes(&format!("{}.in", case))) == answer,
                "{}",
                case
            );
        }
        let wrong: Vec<&PackageFile> = files
            .iter()
            .filter(|f| f.path.starts_with("submissions/wrong_answer/"))
            .collect();
        assert!(wrong.len() >= 4, "{}", problem.name());
        for solution in wrong {
            let name = solution
                .path
                .rsplit('/')
                .next()
                .unwrap()
                .trim_end_matches(".rs");
            let program =
                compiled_solution(&format!("{}-{}", problem.name(), name), &solution.bytes);
            let killer = cases
                .iter()
                .find(|c| c.ends_with(&format!("-catches-{}", name)))
                .unwrap_or_else(|| panic!("no killer test for {}", name));
            let description =
                String::from_utf8(bytes(&format!("{}.desc", killer)).clone()).unwrap();
            assert!(
                description.contains(&format!("{}.rs", name)),
                "{}",
                description
            );
            let input = bytes(&format!("{}.in", killer));
            assert!(
                &output_of(&program, input) != bytes(&format!("{}.ans", killer)),
                "{}",
                killer
            );
        }
    }
}
