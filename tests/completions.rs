//! The completion scripts: valid in their shells, and completing what
//! the command line takes where it takes it.

mod common;

use common::{installed, referee, run_with_input, skipped};

/// `referee completions SHELL`: its status, script and stderr.
fn completions(shell: &str) -> (Option<i32>, String, String) {
    let output = referee().args(["completions", shell]).output().unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn the_completion_scripts_are_valid_and_complete() {
    use referee::tool::cli::table::{FLAGS, SUBCOMMANDS};
    for shell in ["bash", "zsh", "fish"] {
        let (code, script, err) = completions(shell);
        assert_eq!((code, err.as_str()), (Some(0), ""), "{}", shell);
        for sub in SUBCOMMANDS {
            assert!(script.contains(sub.name), "{}: {}", shell, sub.name);
        }
        for flag in FLAGS {
            assert!(script.contains(flag.long), "{}: --{}", shell, flag.long);
        }
        if installed(shell) {
            run_with_input(shell, &["-n"], &script);
        } else {
            skipped(&format!(
                "{} is not installed; its script was not checked",
                shell
            ));
        }
    }
}

/// Needs bash, as the completion script does.
#[cfg(unix)]
#[test]
fn bash_completes_subcommands_problems_and_flags() {
    let script = completions("bash").1;
    let complete = |line: &str| {
        let probe = format!(
            "{}\nCOMP_WORDS=({}); COMP_CWORD=$((${{#COMP_WORDS[@]}} - 1)); _referee; \
             printf '%s\\n' \"${{COMPREPLY[@]}}\"",
            script, line
        );
        let output = std::process::Command::new("bash")
            .arg("-c")
            .arg(probe)
            .output()
            .unwrap();
        String::from_utf8(output.stdout).unwrap()
    };
    assert_eq!(complete("referee sno"), "snooker\n");
    assert_eq!(complete("referee gen ''"), "snooker\nfourrow\nrating\n");
    assert_eq!(complete("referee gen rating --st"), "--style\n");
    assert_eq!(complete("referee bench --style ''"), "plain\nvaried\n");
    assert_eq!(complete("referee snooker --s"), "--strict\n");
    assert_eq!(complete("referee completions ''"), "bash\nzsh\nfish\n");
    assert_eq!(complete("referee stress --inputs 5 fo"), "fourrow\n");
    // Bash splits `--opt=VALUE` into `--opt`, `=` and `VALUE`.
    assert_eq!(complete("referee gen --seed = 5 sno"), "snooker\n");
    assert_eq!(complete("referee --cases = 3 gen sno"), "snooker\n");
    assert_eq!(complete("referee gen --style = va"), "varied\n");
    assert_eq!(complete("referee bench --style ="), "plain\nvaried\n");
    // `--html` takes no value in `scoreboard` (it does in `match`): the
    // word after it is FILE, and nothing comes after FILE.
    assert_eq!(complete("referee scoreboard --html x.in ''"), "\n");
    assert_eq!(
        complete("referee match A B --html ''"),
        complete("referee fourrow ''")
    );
    // Before the subcommand, `--html scoreboard` is scoreboard's switch,
    // and `--html FILE` match's value.
    assert_eq!(complete("referee --html scoreboard --ts"), "--tsv\n");
    assert_eq!(complete("referee --html r.html match A B --js"), "--json\n");
    assert_eq!(
        complete("referee --html = scoreboard match A B --js"),
        "--json\n"
    );
    // After `--`, a word is no flag: a file (a command for test and stress).
    let ended = complete("referee snooker -- --");
    assert!(!ended.contains("--strict"), "{}", ended);
    // The words after it are still the subcommand's words, as the parser
    // reads them.
    assert_eq!(complete("referee completions -- ''"), "bash\nzsh\nfish\n");
    assert_eq!(complete("referee gen -- sn"), "snooker\n");
    // `--` is never a flag's value (but after `=`), and a word that bash
    // splits at `=` counts once after it.
    let commands = complete("referee stress --out -- ech");
    assert!(commands.lines().any(|c| c == "echo"), "{}", commands);
    assert_eq!(complete("referee -- -"), "\n");
    assert_eq!(
        complete("referee check -- snooker x = y.in ''"),
        complete("referee check snooker x.in ''")
    );
    // After `--`, each command once.
    let commands = complete("referee test fourrow d -- ech");
    let mut unique: Vec<&str> = commands.lines().collect();
    unique.dedup();
    assert_eq!(unique.len(), commands.lines().count(), "{}", commands);
}

/// Needs fish; skipped without it. What fish offers for a command line,
/// a word a line, without the descriptions.
#[test]
fn fish_completes_as_the_command_line_is_read() {
    if !installed("fish") {
        skipped("fish is not installed; its completions were not tried");
        return;
    }
    let script = completions("fish").1;
    let dir = common::scratch("completions", "fish");
    let path = dir.join("referee.fish");
    std::fs::write(&path, script).unwrap();
    let complete = |line: &str| {
        let probe = format!("source {}; complete -C '{}'", path.display(), line);
        let output = std::process::Command::new("fish")
            .args(["--no-config", "-c", &probe])
            .output()
            .unwrap();
        let offered = String::from_utf8(output.stdout).unwrap();
        let words: Vec<&str> = offered
            .lines()
            .map(|l| l.split('\t').next().unwrap())
            .collect();
        words.join(" ")
    };
    assert_eq!(complete("referee sno"), "snooker");
    assert_eq!(complete("referee gen "), "fourrow rating snooker");
    assert_eq!(complete("referee gen --seed 5 sno"), "snooker");
    assert_eq!(complete("referee --seed 5 gen sno"), "snooker");
    assert_eq!(complete("referee stress --inputs 5 fo"), "fourrow");
    assert_eq!(complete("referee scoreboard --ts"), "--tsv");
    // `--html` takes no value in `scoreboard` (it does in `match`): the
    // word after it is FILE, and nothing comes after FILE.
    assert_eq!(complete("referee scoreboard --html x.in "), "");
    // Before the subcommand, `--html scoreboard` is scoreboard's switch,
    // and `--html FILE` match's value.
    assert_eq!(complete("referee --html scoreboard --ts"), "--tsv");
    assert_eq!(complete("referee --html r.html match A B --js"), "--json");
    assert_eq!(
        complete("referee --html=scoreboard match A B --js"),
        "--json"
    );
    // `--` ends the options: the words after it are FILE and the like,
    // never flags; in `test` and `stress` it starts the command to run.
    let files = complete("referee snooker -- ");
    assert!(files.split(' ').any(|f| f == "Cargo.toml"), "{}", files);
    assert_eq!(complete("referee snooker -- --s"), "");
    assert_eq!(complete("referee -- sno"), "snooker");
    assert_eq!(complete("referee completions -- "), "bash fish zsh");
    assert_eq!(complete("referee gen -- sn"), "snooker");
    let commands = complete("referee stress --out -- ech");
    assert!(commands.split(' ').any(|c| c == "echo"), "{}", commands);
    let commands = complete("referee test fourrow d -- ech");
    assert!(commands.split(' ').any(|c| c == "echo"), "{}", commands);
    std::fs::remove_dir_all(&dir).unwrap();
}
