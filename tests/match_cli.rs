//! `referee match`'s command line: the names and settings it refuses,
//! and the log it names (never a file that is there already).

mod common;

use std::fs;
use std::process::{Command, Stdio};

#[test]
fn the_command_line_refuses_what_cannot_be_a_match() {
    let dir = common::scratch("match-cli", "refusals");
    let run = |args: &[&str]| {
        Command::new(common::referee_path())
            .arg("match")
            .args(args)
            .current_dir(&dir)
            .stdin(Stdio::null())
            .output()
            .unwrap()
    };
    for (args, status) in [
        (&["Ann", "ann"][..], 2),
        (&["Ann\nLee", "Bob"][..], 2),
        (&["Ann", "Bob", "--best-of", "4"][..], 2),
        (&["Ann", "Bob", "--best-of", "37"][..], 2),
        (&["Ann", "Bob", "--log", "a", "--resume", "b"][..], 2),
        (&["Ann", "Bob", "--resume", "missing.log"][..], 1),
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(status), "{:?}", args);
        assert!(String::from_utf8_lossy(&out.stderr).starts_with("referee: "));
    }
    // Names are told apart as entries are read, in any letter case.
    let same = run(&["Ann", " ann"]);
    assert!(String::from_utf8_lossy(&same.stderr)
        .contains("still differ with letter case ignored and runs of blanks taken as one, found `Ann` and `ann`"));
    let spaced = run(&["Ann  B", "ann b"]);
    assert_eq!(spaced.status.code(), Some(2));
    assert!(run(&["Ann B", "annb", "--json"]).status.success());
    // A name that is an entry `undo` or `quit` could take while a lot is
    // due would hide that entry.
    for names in [["undo", "Bob"], ["Ann", " Q "]] {
        let out = run(&names);
        assert_eq!(out.status.code(), Some(2), "{:?}", names);
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(said.contains("cannot be a player's name"), "{}", said);
    }
    // The other words are listed, not the one given.
    let undo = String::from_utf8_lossy(&run(&["undo", "Bob"]).stderr).into_owned();
    assert!(undo.contains("(so are `u`, `quit` and `q`)"), "{}", undo);
    // The value refused is quoted, as in every usage message.
    let even = run(&["Ann", "Bob", "--best-of", "4"]);
    assert!(String::from_utf8_lossy(&even.stderr).contains("frames, found `4`"));
    // A log that is there already is never written over.
    fs::write(dir.join("mine.txt"), "a file of someone's\n").unwrap();
    let out = run(&["Ann", "Bob", "--log", "mine.txt"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        fs::read_to_string(dir.join("mine.txt")).unwrap(),
        "a file of someone's\n"
    );
    // The default log is named after the players and said on stderr.
    let out = run(&["Ann Lee", "Bob"]);
    assert!(out.status.success());
    let said = String::from_utf8_lossy(&out.stderr).into_owned();
    let name = said.trim().rsplit(' ').next().unwrap().to_string();
    assert!(
        name.starts_with("Ann_Lee-v-Bob-") && name.ends_with(".log"),
        "{}",
        said
    );
    assert!(fs::read_to_string(dir.join(&name))
        .unwrap()
        .contains("player A: Ann Lee\n"));
    let again = run(&["Ann Lee", "Bob"]);
    assert!(String::from_utf8_lossy(&again.stderr).contains("-2.log"));
}
