//! Unit tests of `parse`.

use super::*;
use crate::tool::cli::Style;

mod mistakes;

/// Parses words split at spaces.
fn run(line: &str) -> Result<Command, Usage> {
    parse(line.split_whitespace().map(String::from).collect())
}

fn error(line: &str) -> String {
    run(line).expect_err(line).message
}

fn secs(s: f64) -> Duration {
    Duration::from_secs_f64(s)
}

#[test]
fn options_before_or_after_the_other_words() {
    let expected = Command::Solve {
        problem: Problem::Snooker,
        strict: true,
        file: Some("a.in".to_string()),
    };
    assert_eq!(run("snooker --strict a.in"), Ok(expected.clone()));
    assert_eq!(run("snooker a.in --strict"), Ok(expected.clone()));
    assert_eq!(run("--strict snooker a.in"), Ok(expected));
    assert_eq!(run("--seed 3 gen rating"), run("gen rating --seed 3"));
    assert_eq!(run("gen --cases 3 rating"), run("gen rating --cases 3"));
    assert_eq!(
        run("test -j 2 snooker --timeout 1 dir"),
        run("test snooker dir -j2 --timeout=1")
    );
    // A flag's value that is a subcommand's name is the value, but for a
    // switch of that subcommand (`--html` takes FILE in `match` only).
    assert_eq!(run("--log man match A B"), run("match A B --log man"));
    assert_eq!(run("--html scoreboard a.in"), run("scoreboard a.in --html"));
    assert_eq!(
        run("--html scoreboard match A B"),
        run("match A B --html scoreboard")
    );
    // Other words may come first too, but not another subcommand's name.
    assert_eq!(run("--strict a.in snooker"), run("snooker a.in --strict"));
    assert_eq!(
        error("--strict bundle snooker"),
        error("bundle snooker --strict")
    );
    // A flag's value named as a subcommand is no subcommand for a flag
    // it does not take: the error is the one the line gives in order.
    assert_eq!(error("--log man match A"), error("match A --log man"));
    assert_eq!(error("--mb snooker bench"), error("bench --mb snooker"));
    assert_eq!(run("-j 4 test snooker dir"), run("test snooker dir -j 4"));
    assert_eq!(
        run("--out stress stress rating -- x"),
        run("stress rating --out stress -- x")
    );
}

#[test]
fn dash_is_stdin_and_double_dash_ends_the_options() {
    let stdin = Command::Solve {
        problem: Problem::Rating,
        strict: false,
        file: None,
    };
    assert_eq!(run("rating -"), Ok(stdin.clone()));
    assert_eq!(run("rating"), Ok(stdin));
    assert_eq!(
        run("fourrow -- --strict"),
        Ok(Command::Solve {
            problem: Problem::Fourrow,
            strict: false,
            file: Some("--strict".to_string())
        })
    );
}

#[test]
fn double_dash_is_no_value_and_no_option() {
    assert_eq!(
        error("test fourrow d --junit -- ./a"),
        "`--junit` needs a value: --junit FILE"
    );
    assert_eq!(
        error("stress rating --out -- ./a"),
        "`--out` needs a value: --out FILE"
    );
    // A value may start with dashes, given either way.
    assert_eq!(
        run("stress rating --out --inputs -- ./a"),
        run("stress rating --out=--inputs -- ./a")
    );
    assert_eq!(
        error("-- --help"),
        "unknown subcommand `--help`; did you mean `help`?"
    );
    assert_eq!(run("-- rating a.in"), run("rating a.in"));
    assert_eq!(error("-- a.in rating"), "unknown subcommand `a.in`");
    // A subcommand's options given before it, then `--`.
    assert_eq!(
        run("--strict -- fourrow a.in"),
        run("fourrow --strict a.in")
    );
    assert_eq!(
        run("-j 2 test fourrow d -- ./sol"),
        run("test fourrow d -j 2 -- ./sol")
    );
}

#[test]
fn equals_and_space_are_the_same() {
    assert_eq!(run("gen snooker --seed=1"), run("gen snooker --seed 1"));
    assert_eq!(run("bench --style=varied"), run("bench --style varied"));
    assert_eq!(run("test rating d -j=3"), run("test rating d -j 3"));
    assert_eq!(run("test rating d -j3"), run("test rating d --jobs=3"));
}

#[test]
fn every_subcommand_builds_with_its_defaults() {
    assert_eq!(
        run("gen fourrow"),
        Ok(Command::Gen {
            problem: Problem::Fourrow,
            seed: None,
            cases: None,
            style: Style::Plain
        })
    );
    assert_eq!(
        run("bench"),
        Ok(Command::Bench {
            problem: None,
            mb: 64,
            style: Style::Plain
        })
    );
    assert_eq!(
        run("test snooker d"),
        Ok(Command::Test {
            problem: Problem::Snooker,
            dir: "d".into(),
            timeout: secs(10.0),
            jobs: 1,
            verbose: false,
            junit: None,
            ignore_space: false,
            command: vec![]
        })
    );
    assert_eq!(
        run("stress rating -- ./sol"),
        Ok(Command::Stress {
            problem: Problem::Rating,
            inputs: 1000,
            seed: None,
            timeout: secs(10.0),
            jobs: 1,
            out: None,
            command: vec!["./sol".into()]
        })
    );
    assert_eq!(
        run("check fourrow in out"),
        Ok(Command::Check {
            problem: Problem::Fourrow,
            input: "in".into(),
            output: "out".into(),
            answer: None
        })
    );
    assert_eq!(
        run("check fourrow in out ans"),
        Ok(Command::Check {
            problem: Problem::Fourrow,
            input: "in".into(),
            output: "out".into(),
            answer: Some("ans".into())
        })
    );
    assert_eq!(
        run("validate rating a b"),
        Ok(Command::Validate {
            problem: Problem::Rating,
            coverage: false,
            files: vec!["a".into(), "b".into()]
        })
    );
    assert_eq!(
        run("package snooker out"),
        Ok(Command::Package {
            problem: Problem::Snooker,
            force: false,
            dir: "out".into()
        })
    );
    assert_eq!(
        run("bundle rating --readable"),
        Ok(Command::Bundle {
            problem: Problem::Rating,
            readable: true
        })
    );
    assert_eq!(run("man"), Ok(Command::Man));
    assert_eq!(
        run("completions fish"),
        Ok(Command::Completions(Shell::Fish))
    );
    assert_eq!(
        run("scoreboard --tsv f"),
        Ok(Command::Scoreboard {
            tsv: true,
            html: false,
            file: Some("f".into())
        })
    );
    match run("match Ann Bob --best-of 5 --html r.html --json") {
        Ok(Command::Match(options)) => {
            assert_eq!(options.names, ["Ann".to_string(), "Bob".to_string()]);
            assert_eq!((options.best_of, options.json), (Some(5), true));
            assert_eq!(options.html.as_deref(), Some("r.html"));
        }
        other => panic!("{:?}", other),
    }
    assert!(error("match Ann Bob --best-of 37").contains("1 to 35"));
    assert!(error("match Ann").contains("NAME_B"));
}

#[test]
fn the_command_after_double_dash_is_kept_word_for_word() {
    let words = ["./sol", "--strict", "-j", "3", "--", "-", "--help"];
    let line = format!("test snooker d --timeout 0.5 -- {}", words.join(" "));
    match run(&line) {
        Ok(Command::Test {
            command, timeout, ..
        }) => {
            assert_eq!(command, words);
            assert_eq!(timeout, secs(0.5));
        }
        other => panic!("{:?}", other),
    }
    match run("stress fourrow --seed 5 -- python3 -u sol.py --cases 3") {
        Ok(Command::Stress { command, seed, .. }) => {
            assert_eq!(command, ["python3", "-u", "sol.py", "--cases", "3"]);
            assert_eq!(seed, Some(5));
        }
        other => panic!("{:?}", other),
    }
    assert!(error("stress fourrow").contains("after `--`"));
    assert!(error("stress fourrow --").contains("after `--`"));
    assert!(error("test fourrow d --").contains("after `--`"));
    assert_eq!(
        error("scoreboard --html x --tsv"),
        "`--tsv` and `--html` are two views: give one"
    );
    assert!(error("match a b --resume x --log y").ends_with("goes on with one: give one"));
    assert!(matches!(run("test fourrow d"), Ok(Command::Test { .. })));
    assert_eq!(error("-hV"), "`-h` takes no value");
    // A short option in the other case.
    assert_eq!(
        error("test fourrow d -J 2"),
        "unknown option `-J` for `test`; did you mean `-j`?"
    );
    assert_eq!(error("fourrow -S"), "unknown option `-S` for `fourrow`");
    // A long option with one dash.
    assert_eq!(
        error("-help"),
        "unknown option `-help`; did you mean `--help`?"
    );
    assert_eq!(
        error("match a b -json"),
        "unknown option `-json` for `match`; did you mean `--json`?"
    );
    assert_eq!(
        error("test fourrow d -junit=x"),
        "unknown option `-junit` for `test`; did you mean `--junit`?"
    );
    assert_eq!(
        error("test fourrow d -json"),
        "unknown option `-json` for `test`; `--json` is an option of match only"
    );
    assert_eq!(
        error("-strict"),
        "unknown option `-strict`; `--strict` goes after a subcommand: snooker, fourrow, rating"
    );
    assert!(matches!(
        run("test fourrow d -j4"),
        Ok(Command::Test { .. })
    ));
    assert_eq!(
        error("snooker -- a b"),
        "unexpected argument `b` for `snooker`"
    );
}

#[test]
fn help_and_version() {
    assert_eq!(run("--help"), Ok(Command::Help(help::top())));
    assert_eq!(run("-h"), Ok(Command::Help(help::top())));
    assert_eq!(run("help"), Ok(Command::Help(help::top())));
    assert_eq!(run("-V"), Ok(Command::Version));
    assert_eq!(run("--version"), Ok(Command::Version));
    for sub in table::SUBCOMMANDS {
        let text = Command::Help(help::subcommand(sub));
        assert_eq!(run(&format!("{} --help", sub.name)), Ok(text.clone()));
        assert_eq!(run(&format!("{} -h", sub.name)), Ok(text.clone()));
        assert_eq!(run(&format!("help {}", sub.name)), Ok(text));
    }
    for sub in ["gen", "snooker"] {
        let text = Ok(Command::Help(help::subcommand(
            table::subcommand(sub).unwrap(),
        )));
        assert_eq!(run(&format!("--help {}", sub)), text);
        assert_eq!(run(&format!("-h {}", sub)), text);
    }
    // Help wins over what is missing, not over what came before.
    assert!(matches!(run("stress --help"), Ok(Command::Help(_))));
    assert!(run("gen --bogus --help").is_err());
    // First, they end the command line.
    assert_eq!(run("--version tst snooker"), Ok(Command::Version));
    assert_eq!(run("-h -j 2 tst snooker"), Ok(Command::Help(help::top())));
}

#[test]
fn numbers_are_held_to_their_bounds() {
    for ok in [
        "bench --mb 1",
        "bench --mb 1024",
        "gen snooker --cases 10000000",
        "gen snooker --cases 0",
        "stress snooker --inputs 1000000 -- x",
        "stress snooker -j 256 -- x",
        "gen snooker --seed 0",
        "gen snooker --seed 18446744073709551615",
        "test snooker d --timeout 86400",
        "test snooker d --timeout 0.000000001",
        "test snooker d --timeout 0.0000000005",
        "test snooker d --timeout .5",
        "test snooker d --timeout 5.",
        "test snooker d -j 256",
    ] {
        assert!(run(ok).is_ok(), "{}", ok);
    }
    for bad in [
        "bench --mb 0",
        "bench --mb 4097",
        "bench --mb 1000000",
        "bench --mb -3",
        "bench --mb x",
        "gen snooker --cases 10000001",
        "stress snooker --inputs 1000001 -- x",
        "stress snooker -j 257 -- x",
        "gen snooker --seed 18446744073709551616",
        "gen snooker --seed -1",
        "test snooker d --timeout 0",
        "test snooker d --timeout -1",
        "test snooker d --timeout 86400.000000001",
        "test snooker d --timeout 86400.0000000001",
        "test snooker d --timeout 1e3",
        "test snooker d --timeout inf",
        "test snooker d --timeout .",
        "test snooker d -j 0",
        "test snooker d -j 257",
        "test snooker d -j +2",
        "gen snooker --seed +5",
        "match A B --best-of +3",
    ] {
        let message = error(bad);
        assert!(message.contains("takes"), "{}: {}", bad, message);
    }
    assert_eq!(
        error("bench --mb 0"),
        "`--mb` takes a whole number from 1 to 1024, found `0`"
    );
}

#[cfg(unix)]
#[test]
fn arguments_that_are_not_utf8_are_a_usage_error() {
    use std::os::unix::ffi::OsStringExt;
    let bad = OsString::from_vec(vec![b'a', 0xff]);
    let usage = parse_os(vec![OsString::from("snooker"), bad.clone()]).unwrap_err();
    assert_eq!(usage.message, "argument `a\\xff` is not valid UTF-8");
    // The hint points at the subcommand's help.
    assert_eq!(usage.subcommand, Some("snooker"));
    let words = |words: &[&str]| words.iter().map(OsString::from).collect::<Vec<_>>();
    // After `--`, the command to run is taken word for word, in any bytes;
    // other words after it must still be text.
    let mut line = words(&["test", "fourrow", "d", "--", "sh", "-c", "x"]);
    line.push(bad.clone());
    match parse_os(line) {
        Ok(Command::Test { command, .. }) => {
            assert_eq!(command[3], bad);
            assert_eq!(command.len(), 4);
        }
        other => panic!("{:?}", other),
    }
    let mut line = words(&["validate", "rating", "--"]);
    line.push(bad.clone());
    assert!(parse_os(line).is_err());
    // An argument's control characters are spelled out in any message.
    assert_eq!(
        error("fourrow --x\u{1b}[31m"),
        "unknown option `--x\\x1b[31m` for `fourrow`"
    );
    assert_eq!(parse_os(vec![OsString::from("man")]), Ok(Command::Man));
}
