//! A snooker referee for the judge's tests that runs the referee (the
//! path in its first argument) and makes one mistake, named by its second
//! argument:
//! - none: it forgets to respot the colours potted in a foul, dropping
//!   the `Respot` line that follows a foul's score;
//! - `lot-ignoring-case`: it reads a lot line ignoring letter case, so
//!   that of two players whose names differ only in case the lot always
//!   names the first.

use std::io::{self, Read, Write};
use std::process::{Command, Stdio};

fn main() {
    let referee = std::env::args().nth(1).expect("the referee's path");
    let mode = std::env::args().nth(2).unwrap_or_default();
    let mut input = Vec::new();
    io::stdin().read_to_end(&mut input).unwrap();
    if mode == "lot-ignoring-case" {
        input = lots_to_the_first_name(&String::from_utf8(input).unwrap()).into_bytes();
    }
    let mut child = Command::new(referee)
        .arg("snooker")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    if mode == "lot-ignoring-case" {
        io::stdout().write_all(text.as_bytes()).unwrap();
        return;
    }
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        let after_foul = i >= 2 && lines[i - 2] == "Foul!\n";
        if !(after_foul && line.starts_with("Respot ")) {
            out.push_str(line);
        }
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}

/// The input (frames one empty line apart) with every line inside a
/// frame that names its second player put as the first player's name
/// when the two names differ only in letter case.
fn lots_to_the_first_name(input: &str) -> String {
    let mut out = String::new();
    let mut names: Option<(String, String)> = None;
    let mut after_empty = false;
    for (i, line) in input.lines().enumerate() {
        let mut written = line.to_string();
        if i > 0 && after_empty {
            let mut tokens = line.split_whitespace();
            names = match (tokens.next(), tokens.next()) {
                (Some(a), Some(b)) => Some((a.to_string(), b.to_string())),
                _ => None,
            };
        } else if let Some((first, second)) = &names {
            if line == second && second.eq_ignore_ascii_case(first) {
                written = first.clone();
            }
        }
        after_empty = line.is_empty();
        out.push_str(&written);
        out.push('\n');
    }
    out
}
