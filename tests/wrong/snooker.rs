//! A snooker referee for the judge's tests that forgets to respot the
//! colours potted in a foul: it runs the referee (the path in its first
//! argument) and drops the `Respot` line that follows a foul's score.

use std::io::{self, Read, Write};
use std::process::{Command, Stdio};

fn main() {
    let referee = std::env::args().nth(1).expect("the referee's path");
    let mut input = Vec::new();
    io::stdin().read_to_end(&mut input).unwrap();
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
