//! `referee match` and the files around it: the report (`--html`) is never
//! written over a file the match did not make, nor over its log; and what
//! the tolerant reading lets through among the entries and in a log: blank
//! lines (R0.1), which are no entries, and a byte-order mark (R0.5).

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

/// A scratch folder of this test's own.
fn scratch(name: &str) -> PathBuf {
    common::scratch("match-files", name)
}

/// `referee match ARGS` in `dir`, the entries `entries` on stdin.
fn run(dir: &Path, args: &[&str], entries: &str) -> Output {
    assert_cmd::Command::cargo_bin("referee")
        .unwrap()
        .arg("match")
        .args(args)
        .current_dir(dir)
        .write_stdin(entries)
        .output()
        .unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Runs a match with `--html FILE` given in `args`, where FILE holds
/// someone's `contents`: the start is refused, naming FILE, and FILE is
/// left as it was.
#[track_caller]
fn refused_for_a_file_there(dir: &Path, args: &[&str], file: &str, contents: &str) {
    let out = run(dir, args, "r r\n");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let said = format!("{}: the file is there already", file);
    assert!(stderr(&out).contains(&said), "{}", stderr(&out));
    assert_eq!(fs::read_to_string(dir.join(file)).unwrap(), contents);
}

#[test]
fn the_report_never_writes_over_a_file_the_match_did_not_make() {
    let dir = scratch("report-files");
    let theirs = "a file of someone's\n";

    // Someone's file.
    fs::write(dir.join("notes.html"), theirs).unwrap();
    let args = ["Ann", "Bob", "--log", "a.log", "--html", "notes.html"];
    refused_for_a_file_there(&dir, &args, "notes.html", theirs);
    assert!(
        !dir.join("a.log").exists(),
        "no log for a match not started"
    );
    // `-` names no file of the match's: standard input and output are busy.
    for option in ["--log", "--resume", "--html"] {
        let out = run(&dir, &["Ann", "Bob", option, "-"], "r r\n");
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(stderr(&out).contains("takes a file, found `-`"));
        assert!(!dir.join("-").exists());
    }
    // Someone's link to nowhere is no report either.
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("nowhere.html", dir.join("link.html")).unwrap();
        let out = run(
            &dir,
            &["Ann", "Bob", "--log", "a.log", "--html", "link.html"],
            "r r\n",
        );
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        assert!(stderr(&out).contains("link.html: the file is there already"));
        let link = fs::symlink_metadata(dir.join("link.html")).unwrap();
        assert!(link.file_type().is_symlink());
        assert!(!dir.join("a.log").exists());
    }

    // The log itself, resumed or new.
    let out = run(&dir, &["Ann", "Bob", "--log", "m.log"], "r r\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let log = fs::read_to_string(dir.join("m.log")).unwrap();
    for args in [
        &["Ann", "Bob", "--resume", "m.log", "--html", "m.log"][..],
        &["Ann", "Bob", "--resume", "m.log", "--html", "./m.log"][..],
        &["Ann", "Bob", "--log", "new.log", "--html", "new.log"][..],
    ] {
        let out = run(&dir, args, "k k\n");
        assert_eq!(out.status.code(), Some(2), "{:?}: {}", args, stderr(&out));
        assert!(stderr(&out).contains("the log's file"), "{}", stderr(&out));
    }
    assert_eq!(fs::read_to_string(dir.join("m.log")).unwrap(), log);
    assert!(!dir.join("new.log").exists());

    // A log that is there already stops the start before the report.
    let out = run(
        &dir,
        &["Ann", "Bob", "--log", "m.log", "--html", "r.html"],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(!dir.join("r.html").exists());

    // A match's own report is written again when the match goes on.
    let out = run(
        &dir,
        &["Ann", "Bob", "--log", "b.log", "--html", "r.html"],
        "r r\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let out = run(
        &dir,
        &["Ann", "Bob", "--resume", "b.log", "--html", "r.html"],
        "k k\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let page = fs::read_to_string(dir.join("r.html")).unwrap();
    assert!(page.contains("In play: Ann 8 : 0 Bob"), "{}", page);
    // A match that goes on but cannot write its report leaves its log as
    // it was, even one without a final line end.
    let cut = log.strip_suffix('\n').unwrap();
    fs::write(dir.join("cut.log"), cut).unwrap();
    let out = run(
        &dir,
        &[
            "Ann",
            "Bob",
            "--resume",
            "cut.log",
            "--html",
            "nowhere/r.html",
        ],
        "k k\n",
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(fs::read_to_string(dir.join("cut.log")).unwrap(), cut);
    // A folder is no log to go on with.
    let out = run(&dir, &["Ann", "Bob", "--log", "."], "r r\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "referee: .: a folder, where the log's file is to go\n"
    );
    // A match that cannot be logged leaves another match's report alone.
    let out = run(
        &dir,
        &["Cy", "Dee", "--log", "nowhere/x.log", "--html", "r.html"],
        "r r\n",
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("nowhere/x.log"), "{}", stderr(&out));
    assert_eq!(fs::read_to_string(dir.join("r.html")).unwrap(), page);
    // A report of `scoreboard --html` is no match's: not written over.
    fs::write(dir.join("frames.html"), "<!DOCTYPE html>\n<html>\n").unwrap();
    let out = run(
        &dir,
        &["Ann", "Bob", "--log", "c.log", "--html", "frames.html"],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    // Nor is a log whose player is named by the line a report is known by.
    let mark = "<meta name=\"generator\" content=\"referee match\">";
    let out = run(&dir, &[mark, "Bob", "--log", "marked.log"], "r r\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let marked = fs::read_to_string(dir.join("marked.log")).unwrap();
    assert!(marked.contains(mark), "{}", marked);
    let args = ["Cy", "Dee", "--log", "d.log", "--html", "marked.log"];
    refused_for_a_file_there(&dir, &args, "marked.log", &marked);
}

#[test]
fn the_report_cannot_take_the_name_the_log_is_given_by_default() {
    let dir = scratch("report-on-default-log");
    let out = run(&dir, &["Ann", "Bob"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let said = stderr(&out);
    let log = said
        .trim_end()
        .strip_prefix("referee: the match is logged in ")
        .unwrap_or_else(|| panic!("{}", said))
        .to_string();
    fs::remove_file(dir.join(&log)).unwrap();
    let out = run(&dir, &["Ann", "Bob", "--html", &log], "r r\n");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("the log's file"), "{}", stderr(&out));
    let left: Vec<_> = fs::read_dir(&dir).unwrap().collect();
    assert!(left.is_empty(), "{:?}", left);
}

#[test]
fn blank_lines_among_the_entries_are_passed_unanswered_and_unlogged() {
    let dir = scratch("blank-entries");
    let entries = "r r\n\n \t\r\nk k\n\n";
    let out = run(&dir, &["Ann", "Bob", "--log", "a.log"], entries);
    assert!(out.status.success(), "{}", stderr(&out));
    let board = String::from_utf8(out.stdout).unwrap();
    assert_eq!(board.lines().count(), 2, "{}", board);
    assert!(!board.contains("refused"), "{}", board);
    let log = fs::read_to_string(dir.join("a.log")).unwrap();
    assert!(log.ends_with("\nRed Red\nBlack Black\n"), "{}", log);

    let out = run(&dir, &["Ann", "Bob", "--log", "b.log", "--json"], entries);
    let answers = String::from_utf8(out.stdout).unwrap();
    assert_eq!(answers.lines().count(), 2, "{}", answers);
    assert!(answers.lines().all(|a| a.ends_with("\"error\":null}")));
}

#[test]
fn a_byte_order_mark_starts_the_entries_or_the_log_unseen() {
    let dir = scratch("byte-order-mark");
    let out = run(&dir, &["Ann", "Bob", "--log", "a.log"], "\u{feff}Red Red\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let board = String::from_utf8(out.stdout).unwrap();
    assert!(board.starts_with("frame 1: Ann 1 - 0 Bob"), "{}", board);
    let log = fs::read_to_string(dir.join("a.log")).unwrap();
    fs::write(dir.join("b.log"), format!("\u{feff}{}", log)).unwrap();
    let out = run(&dir, &["Ann", "Bob", "--resume", "b.log"], "Black Black\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let board = String::from_utf8(out.stdout).unwrap();
    assert!(board.starts_with("frame 1: Ann 8 - 0 Bob"), "{}", board);
}

#[test]
fn a_log_of_other_players_is_refused_with_their_names_spelled_out() {
    let dir = scratch("other-players");
    fs::write(dir.join("m.log"), "player A: Ann\nplayer B: Bo\u{1b}[2Jb\n").unwrap();
    let out = run(&dir, &["Ann", "Bob", "--resume", "m.log"], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "referee: m.log:2:11: expected player B `Bob`, as on the command line, found `Bo\\x1b[2Jb`\n"
    );
}

/// A log of one endless line is read up to its first line too long, not
/// into all the memory there is.
#[test]
fn a_log_of_one_endless_line_is_refused_at_its_first_line_too_long() {
    let dir = scratch("endless-log");
    fs::write(dir.join("m.log"), vec![b'x'; (1 << 20) + 100]).unwrap();
    let out = run(&dir, &["Ann", "Bob", "--resume", "m.log"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).starts_with("referee: m.log:1:1048577: line too long"),
        "{}",
        stderr(&out)
    );
}

/// What is not a file is no log: a pipe would be waited on for ever, a
/// device read without end. Each is refused before it is opened (a
/// match that waited would be stopped by the test's guard, and fail).
#[cfg(unix)]
#[test]
fn a_pipe_or_a_device_to_go_on_with_is_refused_unopened() {
    let dir = scratch("resume-pipe");
    let made = std::process::Command::new("mkfifo")
        .arg(dir.join("m.log"))
        .status();
    assert!(made.unwrap().success());
    for log in ["m.log", "/dev/zero"] {
        let out = assert_cmd::Command::cargo_bin("referee")
            .unwrap()
            .args(["match", "Ann", "Bob", "--resume", log])
            .current_dir(&dir)
            .timeout(std::time::Duration::from_secs(60))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{}", log);
        let message = format!("referee: {}: not a file, so no match's log", log);
        assert!(stderr(&out).starts_with(&message), "{}", stderr(&out));
    }
}

/// A pipe given for the report is refused without a look inside: the
/// match would wait for a writer, or take another's data.
#[cfg(unix)]
#[test]
fn a_pipe_for_the_report_is_refused_unread() {
    use std::io::{Read, Write};
    let dir = scratch("report-pipe");
    let fifo = dir.join("board.html");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.unwrap().success());
    // Both ends held here, and more in the pipe than the match would read
    // of a file: no open and no read waits, whatever the match does.
    let mut ends = fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(&fifo)
        .unwrap();
    let theirs = vec![b'x'; 5000];
    ends.write_all(&theirs).unwrap();
    let out = run(
        &dir,
        &["Ann", "Bob", "--log", "a.log", "--html", "board.html"],
        "r r\n",
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("board.html: the file is there already"));
    let mut held = vec![0; 8000];
    let n = ends.read(&mut held).unwrap();
    assert_eq!(n, theirs.len(), "the pipe's data is all there");
}

/// A `--best-of` that the log's head does not give is shown at the
/// head's number, or after the head when the log leaves it out (1).
#[test]
fn a_resume_of_another_length_is_refused_at_the_logs_number_of_frames() {
    let dir = scratch("other-length");
    fs::write(
        dir.join("m.log"),
        "player A: Ann\nplayer B: Bob\nbest of:   3  \nRed Red\n",
    )
    .unwrap();
    let out = run(
        &dir,
        &["Ann", "Bob", "--resume", "m.log", "--best-of", "5"],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "referee: m.log:3:12: expected best of 5 as `--best-of` says, found 3\n"
    );
    fs::write(dir.join("n.log"), "player A: Ann\n\nplayer B: Bob\nRed\n").unwrap();
    let out = run(
        &dir,
        &["Ann", "Bob", "--resume", "n.log", "--best-of", "3"],
        "",
    );
    assert_eq!(
        stderr(&out),
        "referee: n.log:4:1: expected best of 3 as `--best-of` says, found 1\n"
    );
}

/// A log that cannot take a whole entry (here the file size limit, as a
/// full disk would) keeps none of it: the match stops there, and the log
/// holds exactly the entries answered, each on a line of its own.
#[cfg(unix)]
#[test]
fn an_entry_the_log_takes_only_in_part_is_cut_off_again() {
    let dir = scratch("log-cut-short");
    let referee = assert_cmd::cargo::cargo_bin("referee");
    // The limit is a whole number of blocks, and neither 512 nor 1024
    // bytes ends a line of this log (a head of 96 bytes, then 5 a line).
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg("trap '' XFSZ; ulimit -f 1 && exec \"$0\" match Ann Bob --log m.log")
        .arg(referee)
        .current_dir(&dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            let entries = "None\n".repeat(1000);
            let _ = child.stdin.take().unwrap().write_all(entries.as_bytes());
            child.wait_with_output()
        })
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("m.log: "), "{}", stderr(&out));
    let log = fs::read_to_string(dir.join("m.log")).unwrap();
    assert!(log.ends_with('\n'), "{:?}", log);
    let entries = log.lines().skip(4).collect::<Vec<_>>();
    assert!(entries.iter().all(|&entry| entry == "None"), "{:?}", log);
    let answered = String::from_utf8_lossy(&out.stdout).lines().count();
    assert!(answered > 10, "{}", answered);
    assert_eq!(entries.len(), answered);
}

/// While a match writes its log, a second `referee match` on that log is
/// refused before it reads or writes anything; once the first has ended,
/// the log goes on.
#[test]
fn a_log_in_use_by_another_match_is_refused() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let dir = scratch("log-in-use");
    let mut first = Command::new(assert_cmd::cargo::cargo_bin("referee"))
        .args(["match", "Ann", "Bob", "--log", "m.log"])
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut entries = first.stdin.take().unwrap();
    entries.write_all(b"r\n").unwrap();
    // The board's answer: the first match has its log, and holds it.
    let mut board = String::new();
    BufReader::new(first.stdout.take().unwrap())
        .read_line(&mut board)
        .unwrap();
    assert!(board.starts_with("frame 1:"), "{}", board);
    let second = run(&dir, &["Ann", "Bob", "--resume", "m.log"], "r\n");
    assert_eq!(second.status.code(), Some(1));
    assert_eq!(
        stderr(&second),
        "referee: m.log: the log is in use by another `referee match`; end that one first\n"
    );
    drop(entries);
    assert!(first.wait().unwrap().success());
    let log = fs::read_to_string(dir.join("m.log")).unwrap();
    assert!(log.ends_with("best of: 1\nRed\n"), "{:?}", log);
    let third = run(&dir, &["Ann", "Bob", "--resume", "m.log"], "k\n");
    assert_eq!(third.status.code(), Some(0), "{}", stderr(&third));
}

/// Entries from a folder (`< DIR`) are refused before a log is made.
#[cfg(unix)]
#[test]
fn a_folder_as_the_entries_is_refused_before_the_log_is_made() {
    let dir = scratch("entries-from-a-folder");
    let output = std::process::Command::new(common::referee_path())
        .args(["match", "Ann", "Bob"])
        .current_dir(&dir)
        .stdin(fs::File::open(&dir).unwrap())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).starts_with("referee: <stdin>: "),
        "{}",
        stderr(&output)
    );
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 0, "no log is made");
}
