//! The command line through the built binary:
//! help, version, exit statuses, stdin, errors after flushed output, a
//! reader closing the pipe early; usage errors and their suggestions,
//! bounded numbers, the man page and the completion scripts.

mod common;

use assert_cmd::Command;
use common::{installed, run_with_input, skipped};
use predicates::prelude::*;
use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;

fn referee() -> Command {
    Command::cargo_bin("referee").unwrap()
}

#[test]
fn help_and_version_go_to_stdout() {
    referee()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("referee snooker"))
        .stderr("");
    referee()
        .args(["snooker", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("Usage: referee snooker"));
    referee()
        .arg("--version")
        .assert()
        .success()
        .stdout(format!("referee {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn usage_errors_exit_2_with_a_hint() {
    // The hint points at the help of the subcommand that was given.
    for (args, hint) in [
        (&["nosuch"][..], "Try `referee --help`.\n"),
        (&[], "Try `referee --help`.\n"),
        (&["snooker", "--bogus"], "Try `referee snooker --help`.\n"),
        // `gen snooker` alone is fine: without --seed it picks one.
        (&["gen"], "Try `referee gen --help`.\n"),
        (&["snooker", "a", "b"], "Try `referee snooker --help`.\n"),
        (&["--seed", "1", "gen"], "Try `referee gen --help`.\n"),
        (&["match", "A", "a"], "Try `referee match --help`.\n"),
        (
            &["check", "rating", "-", "-"],
            "Try `referee check --help`.\n",
        ),
    ] {
        referee()
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::ends_with(hint));
    }
}

#[test]
fn a_missing_file_is_exit_1() {
    referee()
        .args(["rating", "no/such/file.in"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::starts_with("referee: no/such/file.in: "));
}

#[test]
fn a_folder_is_refused_before_anything_is_written() {
    let folder = common::fixtures_dir().join("snooker");
    for view in [
        &["scoreboard", "--tsv"][..],
        &["scoreboard", "--html"],
        &["snooker"],
    ] {
        referee()
            .args(view)
            .arg(&folder)
            .assert()
            .code(1)
            .stdout("")
            .stderr(predicate::str::starts_with(format!(
                "referee: {}: ",
                folder.display()
            )));
        // A folder as standard input too.
        #[cfg(unix)]
        {
            let stdin = std::fs::File::open(&folder).unwrap();
            let output = std::process::Command::new(common::referee_path())
                .args(view)
                .stdin(stdin)
                .output()
                .unwrap();
            assert_eq!(output.status.code(), Some(1), "{:?}", view);
            assert_eq!(common::text(&output.stdout), "", "{:?}", view);
            let err = common::text(&output.stderr);
            assert!(err.starts_with("referee: <stdin>: "), "{}", err);
        }
    }
}

#[test]
fn stdin_by_default_and_by_dash() {
    let input = std::fs::read(common::fixtures_dir().join("fourrow/sample.in")).unwrap();
    let expected =
        std::fs::read_to_string(common::fixtures_dir().join("fourrow/sample.out")).unwrap();
    referee()
        .arg("fourrow")
        .write_stdin(input.clone())
        .assert()
        .success()
        .stdout(expected.clone());
    referee()
        .args(["fourrow", "-"])
        .write_stdin(input)
        .assert()
        .success()
        .stdout(expected);
}

#[test]
fn an_error_on_stdin_is_named_stdin_and_comes_after_the_output_before_it() {
    referee()
        .arg("snooker")
        .write_stdin("1\n\nAnn Bob\nRed\nBlue Purple\n")
        .assert()
        .code(1)
        .stdout("Frame 1\nAnn's turn, in-hand\n0 : 0\nBob's turn\n")
        .stderr("referee: <stdin>:5:6: expected a potted ball name, found `Purple`\n");
}

#[test]
fn a_closed_pipe_ends_the_program_quietly() {
    // About 4 MB of output: far more than the pipe and the output buffer hold.
    let frame = std::fs::read_to_string(common::fixtures_dir().join("snooker/sample.in")).unwrap();
    let frame = frame.split_once('\n').unwrap().1;
    let frames = 6000;
    let mut input = format!("{}\n", frames);
    for _ in 0..frames {
        input.push_str(frame);
    }
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("referee"))
        .arg("snooker")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        // The referee may stop reading early: a failed write is expected.
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first, "Frame 1\n");
    // The reader is dropped here, closing the pipe like `| head -1`.
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

#[test]
fn gen_is_the_same_for_the_same_seed_and_valid() {
    for problem in ["snooker", "fourrow", "rating"] {
        let run = |seed: &str| {
            referee()
                .args(["gen", problem, "--seed", seed, "--cases", "25"])
                .output()
                .unwrap()
        };
        let (a, b, c) = (run("11"), run("11"), run("12"));
        assert!(a.status.success());
        assert_eq!(a.stdout, b.stdout, "{}", problem);
        assert_ne!(a.stdout, c.stdout, "{}", problem);
        assert!(a.stdout.starts_with(b"25\n"), "{}", problem);
        referee()
            .arg(problem)
            .write_stdin(a.stdout)
            .assert()
            .success();
    }
}

/// Runs the binary; returns (status, stdout, stderr).
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let output = referee().args(args).output().unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn referee_alone_prints_the_usage_on_stderr() {
    let (code, out, err) = run(&[]);
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert!(
        err.starts_with("referee: a subcommand is needed\n"),
        "{}",
        err
    );
    assert!(err.contains("Usage:\n  referee snooker"), "{}", err);
    assert!(err.ends_with("Try `referee --help`.\n"), "{}", err);
}

#[test]
fn every_subcommand_has_its_own_help() {
    for sub in referee::tool::cli::table::SUBCOMMANDS {
        let (code, help, err) = run(&[sub.name, "--help"]);
        assert_eq!((code, err.as_str()), (Some(0), ""), "{}", sub.name);
        let first = help.lines().next().unwrap();
        assert!(
            first.starts_with(&format!("Usage: referee {} ", sub.name))
                || first == format!("Usage: referee {}", sub.name),
            "{}",
            first
        );
        assert_eq!(run(&["help", sub.name]).1, help, "{}", sub.name);
        assert_eq!(run(&[sub.name, "-h"]).1, help, "{}", sub.name);
    }
    // Per problem: snooker's help is about snooker alone.
    let snooker = run(&["snooker", "--help"]).1;
    assert!(snooker.starts_with("Usage: referee snooker [--strict] [FILE]\n"));
    assert!(!snooker.contains("fourrow") && !snooker.contains("rating"));
    assert_eq!(run(&["help"]).1, run(&["--help"]).1);
}

#[test]
fn referee_help_gen_is_gen_help() {
    let (code, help, _) = run(&["help", "gen"]);
    assert_eq!(code, Some(0));
    assert_eq!(help, run(&["gen", "--help"]).1);
    assert!(help.starts_with("Usage: referee gen PROBLEM"));
    assert_ne!(help, run(&["--help"]).1);
}

#[test]
fn equals_or_space_and_options_anywhere_give_the_same_run() {
    let a = run(&["gen", "rating", "--seed=1", "--cases=4"]);
    let b = run(&["gen", "--seed", "1", "rating", "--cases", "4"]);
    assert_eq!(a.0, Some(0));
    assert!(a.1.starts_with("4\n"));
    assert_eq!(a, b);
}

#[test]
fn gen_without_a_seed_prints_the_one_it_chose() {
    let (code, out, err) = run(&["gen", "fourrow", "--cases", "3"]);
    assert_eq!(code, Some(0));
    let seed = err
        .strip_prefix("referee: gen seed ")
        .and_then(|s| s.strip_suffix('\n'))
        .unwrap_or_else(|| panic!("{:?}", err));
    seed.parse::<u64>().unwrap();
    let again = run(&["gen", "fourrow", "--cases", "3", "--seed", seed]);
    assert_eq!(again, (Some(0), out, String::new()));
}

#[test]
fn mistyped_names_get_a_suggestion() {
    for (args, expected) in [
        (&["snooker", "--strcit"][..], "did you mean `--strict`?"),
        (&["snoker"], "did you mean `snooker`?"),
        (&["gen", "fourow"], "did you mean `fourrow`?"),
        (&["bundle", "ratng"], "did you mean `rating`?"),
        (&["completions", "zhs"], "did you mean `zsh`?"),
    ] {
        let (code, out, err) = run(args);
        assert_eq!((code, out.as_str()), (Some(2), ""), "{:?}", args);
        let mut lines = err.lines();
        let message = lines.next().unwrap();
        assert!(message.starts_with("referee: "), "{}", err);
        assert!(message.ends_with(expected), "{}", err);
        let subcommand = args.first().filter(|_| args.len() > 1);
        let hint = match subcommand {
            Some(name) => format!("Try `referee {} --help`.", name),
            None => "Try `referee --help`.".to_string(),
        };
        assert_eq!(lines.next(), Some(hint.as_str()));
        assert_eq!(lines.next(), None);
    }
}

#[test]
fn help_for_a_mistyped_subcommand_is_a_usage_error_with_a_suggestion() {
    for flag in ["--help", "-h"] {
        let (code, out, err) = run(&[flag, "snoker"]);
        assert_eq!((code, out.as_str()), (Some(2), ""), "{}", flag);
        assert_eq!(
            err,
            "referee: unknown subcommand `snoker`; did you mean `snooker`?\n\
             Try `referee --help`.\n"
        );
    }
}

#[test]
fn out_of_range_numbers_are_usage_errors_not_aborts() {
    for (args, message) in [
        (
            &["bench", "--mb", "1000000"][..],
            "`--mb` takes a whole number from 1 to 1024, found `1000000`",
        ),
        (
            &["bench", "--mb", "0"],
            "`--mb` takes a whole number from 1 to 1024, found `0`",
        ),
        (
            &["test", "snooker", "dir", "-j", "0"],
            "`-j` takes a whole number from 1 to 256, found `0`",
        ),
        (
            &["test", "snooker", "dir", "--timeout", "-1"],
            "`--timeout` takes a number of seconds",
        ),
        (
            &["gen", "snooker", "--cases", "10000001"],
            "`--cases` takes a whole number from 0 to 10000000",
        ),
        (
            &["stress", "snooker", "--inputs", "0", "--", "x"],
            "`--inputs` takes a whole number from 1 to 1000000",
        ),
        (
            &["gen", "snooker", "--seed", "99999999999999999999"],
            "`--seed` takes a whole number",
        ),
    ] {
        let (code, out, err) = run(args);
        assert_eq!((code, out.as_str()), (Some(2), ""), "{:?}: {}", args, err);
        assert!(err.starts_with(&format!("referee: {}", message)), "{}", err);
        let hint = format!("\nTry `referee {} --help`.\n", args[0]);
        assert!(err.ends_with(&hint), "{}", err);
    }
}

#[test]
fn double_dash_ends_the_options() {
    // A file named like a flag.
    let (code, _, err) = run(&["snooker", "--", "--strict"]);
    assert_eq!(code, Some(1));
    assert!(err.starts_with("referee: --strict: "), "{}", err);
    // `stress` needs its command after `--`.
    let (code, _, err) = run(&["stress", "snooker", "--seed", "3"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("after `--`"), "{}", err);
    // After `--`, words that look like flags belong to the command.
    let (code, _, err) = run(&[
        "test", "snooker", "dir", "--", "./sol", "--bogus", "-j", "0",
    ]);
    assert_eq!(code, Some(3), "{}", err);
}

#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8_is_a_usage_error() {
    use std::os::unix::ffi::OsStrExt;
    let bad = std::ffi::OsStr::from_bytes(b"\xffx.in");
    referee()
        .arg("snooker")
        .arg(bad)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is not valid UTF-8"));
}

#[test]
fn the_man_page_is_roff_with_every_subcommand_and_flag() {
    let (code, page, _) = run(&["man"]);
    assert_eq!(code, Some(0));
    assert!(page.starts_with(".TH REFEREE 1 "));
    for sub in referee::tool::cli::table::SUBCOMMANDS {
        assert!(
            page.contains(&format!("\\fBreferee {}\\fR", sub.name)),
            "{}",
            sub.name
        );
    }
    for flag in referee::tool::cli::table::FLAGS {
        assert!(
            page.contains(&format!("\\fB\\-\\-{}\\fR", flag.long.replace('-', "\\-"))),
            "--{}",
            flag.long
        );
    }
    if installed("groff") {
        let warnings = run_with_input("groff", &["-man", "-Tutf8", "-ww", "-z"], &page);
        assert_eq!(warnings, "");
    } else {
        skipped("groff is not installed; the man page was not typeset");
    }
}

#[test]
fn the_readme_shows_the_tools_own_usage() {
    let usage = referee::tool::cli::help::usage();
    let block: String = usage
        .lines()
        .skip(1) // `Usage:`
        .map(|line| format!("  {}\n", line))
        .collect();
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    assert!(
        readme.contains(&format!("\n{}\n", block)),
        "README.md's usage block should be, indented by four:\n{}",
        block
    );
}

#[test]
fn the_readmes_regression_session_has_todays_count() {
    let root = env!("CARGO_MANIFEST_DIR");
    let run = Command::cargo_bin("referee")
        .unwrap()
        .current_dir(root)
        .args(["test", "fourrow", "fixtures"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(run.stdout).unwrap();
    let count = stdout.lines().last().unwrap();
    assert!(count.ends_with(" passed, 0 failed"), "{}", stdout);
    let readme = std::fs::read_to_string(format!("{}/README.md", root)).unwrap();
    let session = &readme[readme.find("$ referee test fourrow fixtures\n").unwrap()..];
    let shown = session.lines().nth(2).unwrap();
    assert_eq!(
        shown, count,
        "README.md's session of `referee test fourrow fixtures`"
    );
}
