//! Unit tests of the usage errors `parse` gives: the nearest name to a
//! mistyped one, a flag in the wrong place, and the rest.

use super::*;

#[test]
fn mistyped_names_get_the_nearest_one() {
    assert_eq!(
        error("snooker --strcit"),
        "unknown option `--strcit` for `snooker`; did you mean `--strict`?"
    );
    assert_eq!(
        error("snoker"),
        "unknown subcommand `snoker`; did you mean `snooker`?"
    );
    assert!(error("gen fourow").ends_with("did you mean `fourrow`?"));
    assert!(error("bench snookr").ends_with("did you mean `snooker`?"));
    assert!(error("completions bsh").ends_with("did you mean `bash`?"));
    assert!(error("help gne").ends_with("did you mean `gen`?"));
    assert!(error("gen rating --style varid").ends_with("did you mean `varied`?"));
    assert!(error("snooker -strict").ends_with("did you mean `--strict`?"));
    assert_eq!(error("nosuch"), "unknown subcommand `nosuch`");
    // Also after a flag, and after a flag's value.
    assert_eq!(
        error("--strict snoker a.in"),
        "unknown subcommand `snoker`; did you mean `snooker`?"
    );
    assert!(error("-j 2 tst dir").ends_with("did you mean `test`?"));
    // Before a problem's name, which is a subcommand's too.
    assert!(error("-j 2 tst snooker dir").ends_with("did you mean `test`?"));
    assert!(error("--strict valdate snooker").ends_with("did you mean `validate`?"));
    assert!(error("--strict four-row").ends_with("did you mean `fourrow`?"));
    // Words keep their order: the first is the subcommand's name.
    assert!(error("--strict tests snooker").ends_with("did you mean `test`?"));
    // A file's name is no mistyped subcommand.
    assert!(error("--strict a.in").contains("goes after a subcommand"));
    assert!(error("--strict snooker.in").contains("goes after a subcommand"));
    // A flag not known, with what may be its value, is the fault named.
    assert_eq!(
        error("--otu tset stress rating -- x"),
        "unknown option `--otu` for `stress`; did you mean `--out`?"
    );
    assert!(error("--lgo mach match A B").ends_with("did you mean `--log`?"));
    // `--html` is a switch of `scoreboard`: what follows may be its name.
    assert!(error("--html scorebord a.in").ends_with("did you mean `scoreboard`?"));
    // Players' names before `match` are names, whatever they are near.
    for names in ["Dan Bob", "Manuel Tess", "Gene Mat", "Gentry Checkers"] {
        let line = format!("--json {} match", names);
        assert!(matches!(run(&line), Ok(Command::Match(_))), "{}", line);
    }
    assert_eq!(
        error("--json Dan Bob Cy match"),
        "unexpected argument `Cy` for `match`"
    );
}

#[test]
fn flags_in_the_wrong_place_say_where_they_go() {
    assert_eq!(
        error("snooker --tsv"),
        "`--tsv` is not an option of `snooker` (only of scoreboard)"
    );
    assert!(error("--strict").contains("goes after a subcommand"));
    // A flag of two subcommands, a switch in one, names both.
    assert!(error("snooker --html").ends_with("(only of scoreboard, match)"));
    assert!(error("gen snooker --version").contains("before any subcommand"));
    assert!(error("gen snooker -j 2").contains("only of test"));
    assert_eq!(
        error("stress fourrow --cases 5 -- x"),
        "`--cases` is not an option of `stress` (only of gen); did you mean `--inputs`?"
    );
}

#[test]
fn other_usage_errors() {
    for (line, message) in [
        ("", "a subcommand is needed"),
        ("--", "a subcommand is needed"),
        (
            "bundle",
            "`bundle` needs PROBLEM (snooker, fourrow or rating)",
        ),
        (
            "package snooker",
            "`package` needs DIR (the folder to write the package into)",
        ),
        ("gen snooker --seed", "`--seed` needs a value: --seed N"),
        ("snooker a b", "unexpected argument `b` for `snooker`"),
        ("snooker --strict --strict", "`--strict` is given twice"),
        ("gen snooker --seed 1 --seed=2", "`--seed` is given twice"),
        ("snooker --strict=yes", "`--strict` takes no value"),
        ("--help=x", "`--help` takes no value"),
        ("stress snooker --out= -- x", "`--out` needs a file name"),
    ] {
        assert_eq!(error(line), message, "{}", line);
    }
    assert!(run("").unwrap_err().with_usage);
}
