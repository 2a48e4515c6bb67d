//! Unit tests of `complete`.

use super::fish::fish_quote;
use super::*;

/// The text from the line `        NAME)` to the first `end` after it.
fn section<'a>(script: &'a str, name: &str, end: &str) -> &'a str {
    let start = script
        .find(&format!("\n        {})\n", name))
        .unwrap_or_else(|| panic!("no section for {}", name));
    let rest = &script[start..];
    &rest[..rest.find(end).expect("the section ends")]
}

/// Every flag a subcommand takes, in each of its spellings.
fn flags_of_each() -> Vec<(&'static str, Vec<String>)> {
    SUBCOMMANDS
        .iter()
        .map(|s| (s.name, flags_of(Some(s.name))))
        .collect()
}

#[test]
fn bash_has_every_subcommand_and_its_flags() {
    let script = bash();
    for (name, flags) in flags_of_each() {
        let section = section(&script, name, "esac ;;");
        let words: Vec<&str> = section
            .split(|c: char| c.is_whitespace() || c == '"')
            .collect();
        for flag in flags {
            assert!(words.contains(&flag.as_str()), "{} {}", name, flag);
        }
    }
    for word in problems().into_iter().chain(Shell::NAMES.iter().copied()) {
        assert!(script.contains(word), "{}", word);
    }
    assert!(script.contains("\"plain varied\""));
}

#[test]
fn zsh_has_every_subcommand_and_its_flags() {
    let script = zsh();
    for (name, flags) in flags_of_each() {
        assert!(script.contains(&format!("    '{}:", name)), "{}", name);
        let section = section(&script, name, ";;");
        for flag in flags {
            let long = flag.starts_with("--");
            let found = if long {
                section.contains(&format!("'{}", flag)) || section.contains(&format!(",{}", flag))
            } else {
                section.contains(&format!("{{{}", flag))
            };
            assert!(found, "{} {}", name, flag);
        }
    }
    assert!(script.contains("(plain varied)") && script.contains("(bash zsh fish)"));
}

#[test]
fn fish_has_every_subcommand_and_its_flags() {
    let script = fish();
    for flag in table::FLAGS {
        for sub in flag.subcommands() {
            let condition = format!("-n '__referee_in {}'", sub);
            let line = script
                .lines()
                .filter(|l| l.contains(&condition))
                .find(|l| l.contains(&format!(" -l {} ", flag.long)));
            let line = line.unwrap_or_else(|| panic!("{} --{}", sub, flag.long));
            if let Some(short) = flag.short {
                assert!(line.contains(&format!(" -s {} ", short)), "{}", line);
            }
        }
    }
    for sub in SUBCOMMANDS {
        assert!(
            script.contains(&format!("-a {} -d", sub.name)),
            "{}",
            sub.name
        );
    }
    assert!(script.contains("'plain varied'") && script.contains("'bash zsh fish'"));
}

#[test]
fn quoting() {
    assert_eq!(zsh_quote("it's [x]: y"), "it'\\''s \\[x\\]\\: y");
    assert_eq!(fish_quote("it's a \\"), "'it\\'s a \\\\'");
}

#[test]
fn a_folder_only_is_completed_as_one_and_tests_dir_as_any_path() {
    let script = bash();
    let package = section(&script, "package", "esac ;;");
    assert!(package.contains("compgen -d"), "{}", package);
    // `test`'s DIR may be one `.in` file.
    let test = section(&script, "test", "esac ;;");
    assert!(
        test.contains("1) mapfile -t COMPREPLY < <(compgen -f"),
        "{}",
        test
    );
}
