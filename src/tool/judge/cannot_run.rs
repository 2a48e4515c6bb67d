//! Why a solution cannot be started, for the user: the system's words,
//! and a hint where the usual slips explain them.

use crate::core::io::error::{escaped_bytes, escaped_path};
use std::ffi::OsString;
use std::io::{self, Read};
use std::path::Path;

/// The message for a program that cannot be started, with a hint for the
/// usual slips: a program in the current folder named without `./`, a
/// script whose `#!` line names no program there (or ends with a CR), and
/// a whole command line given as one word.
pub(super) fn cannot_run(command: &[OsString], error: &io::Error) -> String {
    // Words as shown, their bytes that are not UTF-8 spelled out.
    let shown = |word: &OsString| escaped_path(Path::new(word));
    let has = |word: &OsString, c: char| word.to_string_lossy().contains(c);
    let hint = match command {
        [program, ..]
            if error.kind() == io::ErrorKind::NotFound
                && !has(program, '/')
                && Path::new(program).is_file() =>
        {
            let program = shown(program);
            format!(
                " (to run `{}` of the current folder, write `./{}`)",
                program, program
            )
        }
        // The file is there: what is not found is its interpreter.
        [program, ..]
            if error.kind() == io::ErrorKind::NotFound
                && has(program, '/')
                && Path::new(program).is_file() =>
        {
            interpreter_hint(Path::new(program))
        }
        [whole] if has(whole, ' ') => {
            " (the program and each argument are words of their own after `--`)".to_string()
        }
        _ => String::new(),
    };
    format!(
        "referee: cannot run `{}`: {}{}",
        command.iter().map(shown).collect::<Vec<_>>().join(" "),
        error,
        hint
    )
}

/// The hint for a script that is there but cannot be found: the program
/// its `#!` line names is not, or the line ends with a CR (the file was
/// saved with CR LF line ends).
fn interpreter_hint(script: &Path) -> String {
    let mut head = Vec::new();
    let read = std::fs::File::open(script).and_then(|f| f.take(512).read_to_end(&mut head));
    let line = match (read, head.strip_prefix(b"#!")) {
        (Ok(_), Some(rest)) => rest.split(|&b| b == b'\n').next().unwrap_or_default(),
        _ => return String::new(),
    };
    if line.ends_with(b"\r") {
        return " (its `#!` line ends with a CR: save the script with LF line ends)".to_string();
    }
    let interpreter = line
        .split(|b| b.is_ascii_whitespace())
        .find(|w| !w.is_empty());
    match interpreter {
        Some(program) => format!(
            " (the program its `#!` line names, `{}`, is not there)",
            escaped_bytes(program)
        ),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_in_one_word_gets_a_hint() {
        let missing = io::Error::new(io::ErrorKind::NotFound, "not found");
        let one = [OsString::from("python3 sol.py")];
        assert!(cannot_run(&one, &missing).ends_with("after `--`)"));
        let two = [OsString::from("python3"), OsString::from("sol.py")];
        assert_eq!(
            cannot_run(&two, &missing),
            "referee: cannot run `python3 sol.py`: not found"
        );
        // Each word is spelled out on its own: an empty one shows, and so
        // do bytes that are not UTF-8.
        let odd = [OsString::new(), OsString::from("x\u{1b}")];
        assert_eq!(
            cannot_run(&odd, &missing),
            "referee: cannot run `'' x\\x1b`: not found"
        );
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStringExt;
            let bytes = [OsString::from_vec(b"x\xff".to_vec())];
            assert_eq!(
                cannot_run(&bytes, &missing),
                "referee: cannot run `x\\xff`: not found"
            );
        }
    }

    #[test]
    fn a_program_of_the_current_folder_without_dot_slash_gets_a_hint() {
        // The tests run in the package's folder, which holds `Cargo.toml`.
        let missing = io::Error::new(io::ErrorKind::NotFound, "not found");
        let here = [OsString::from("Cargo.toml")];
        assert!(cannot_run(&here, &missing).ends_with("write `./Cargo.toml`)"));
        let nowhere = [OsString::from("no-such-file-here")];
        assert!(cannot_run(&nowhere, &missing).ends_with("not found"));
    }

    /// A script with CR LF line ends, and one whose interpreter is not
    /// there: the system says "not found" of a file that is there.
    #[test]
    fn a_script_whose_interpreter_is_not_there_gets_a_hint() {
        let dir = std::env::temp_dir().join(format!("referee-hashbang-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let script = |name: &str, text: &str| {
            let path = dir.join(name);
            std::fs::write(&path, text).unwrap();
            cannot_run(&[path.into_os_string()], &io::ErrorKind::NotFound.into())
        };
        let crlf = script("crlf.sh", "#!/bin/sh\r\necho 1\r\n");
        let elsewhere = script("elsewhere.py", "#! /no/such/python3 -u\nprint(1)\n");
        let plain = script("plain.txt", "1 2 3\n");
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(
            crlf.ends_with("(its `#!` line ends with a CR: save the script with LF line ends)"),
            "{}",
            crlf
        );
        assert!(
            elsewhere
                .ends_with("(the program its `#!` line names, `/no/such/python3`, is not there)"),
            "{}",
            elsewhere
        );
        assert!(plain.ends_with("entity not found"), "{}", plain);
    }
}
