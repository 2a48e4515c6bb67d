//! `referee match` end to end: driven through pipes entry by entry, its
//! log resumed after every prefix and after the process was killed, and
//! `scoreboard --html`. Its command line: `match_cli.rs`.

use referee::tool::gen::Rng;
use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

fn referee_path() -> PathBuf {
    assert_cmd::cargo::cargo_bin("referee")
}

/// A scratch folder of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("match")
        .join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// A running `referee match`, answering through a pipe.
struct Session {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Session {
    fn start(dir: &Path, args: &[&str]) -> Session {
        let mut child = Command::new(referee_path())
            .arg("match")
            .args(args)
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Session {
            child,
            input,
            output,
        }
    }

    /// Sends one entry and reads its answer; the next entry is sent only
    /// after that, so the answer came before the next entry was there.
    fn send(&mut self, entry: &str) -> String {
        writeln!(self.input, "{}", entry).unwrap();
        self.input.flush().unwrap();
        let mut answer = String::new();
        self.output.read_line(&mut answer).unwrap();
        assert!(answer.ends_with('\n'), "{:?} answered {:?}", entry, answer);
        answer
    }

    /// Ends the session with `quit`: exit status 0, nothing more written.
    fn quit(mut self) {
        writeln!(self.input, "quit").unwrap();
        drop(self.input);
        let mut rest = String::new();
        std::io::Read::read_to_string(&mut self.output, &mut rest).unwrap();
        assert_eq!(rest, "");
        assert!(self.child.wait().unwrap().success());
    }
}

/// The answer before any entry, as `undo` back to the start gives it.
const START: &str = "{\"frame\":1,\"frames\":[0,0],\"score\":[0,0],\"next\":\"Ann\",\
\"in_hand\":true,\"break\":0,\"remaining\":147,\"on\":\"Red\",\"foul\":false,\
\"frame_winner\":null,\"match_winner\":null,\"error\":null}\n";

/// An answer without its `error`, to compare states.
fn state_of(answer: &str) -> &str {
    &answer[..answer
        .find(",\"error\":")
        .expect("an answer has an error key")]
}

#[test]
fn each_entry_is_answered_before_the_next_is_read() {
    let dir = scratch("pipe");
    let mut session = Session::start(&dir, &["Ann", "Bob", "--best-of", "3", "--json"]);
    let answer = session.send("Red Red");
    assert_eq!(
        answer,
        "{\"frame\":1,\"frames\":[0,0],\"score\":[1,0],\"next\":\"Ann\",\"in_hand\":false,\
         \"break\":1,\"remaining\":146,\"on\":\"Colour\",\"foul\":false,\"frame_winner\":null,\
         \"match_winner\":null,\"error\":null}\n"
    );
    let refused = session.send("Blakc");
    assert!(refused.contains("did you mean `Black`?"), "{}", refused);
    assert_eq!(state_of(&refused), state_of(&answer));
    let foul = session.send("n w");
    assert!(
        foul.contains("\"score\":[1,4]") && foul.contains("\"foul\":true"),
        "{}",
        foul
    );
    assert!(
        foul.contains("\"next\":\"Bob\",\"in_hand\":true"),
        "{}",
        foul
    );
    let conceded = session.send("concede");
    assert!(conceded.contains("\"frames\":[1,0]"), "{}", conceded);
    assert!(conceded.contains("\"next\":\"Bob\"") && conceded.contains("\"frame_winner\":\"Ann\""));
    assert!(session.send("r").contains("\"frame\":2"));
    for _ in 0..3 {
        assert!(session.send("undo").contains("\"error\":null"));
    }
    assert_eq!(session.send("undo"), START);
    assert!(session.send("u").contains("\"error\":\"nothing to undo\""));
    session.quit();
}

#[test]
fn the_plain_board_is_one_line_per_entry() {
    let dir = scratch("plain");
    let mut session = Session::start(&dir, &["Ronnie O'Sullivan", "Judd Trump"]);
    let answer = session.send("r r");
    assert!(
        answer.starts_with("frame 1: Ronnie O'Sullivan 1 - 0 Judd Trump"),
        "{}",
        answer
    );
    assert!(session.send("quiet").starts_with("refused: "));
    // The frame that won the match is told with its winner, as any other.
    assert!(session.send("concede").contains(
        "Judd Trump wins frame 1 (Ronnie O'Sullivan conceded) | Judd Trump wins the match 1-0"
    ));
    session.quit();
}

/// Entries drawn from a small vocabulary, some refused, some undone.
fn entries(seed: u64, count: usize) -> Vec<&'static str> {
    const WORDS: [&str; 14] = [
        "Red Red",
        "r r",
        "Red",
        "Black Black",
        "pink pink",
        "None",
        "n w",
        "again",
        "undo",
        "Yellow",
        "Blakc",
        "free Blue Blue Blue",
        "Red Red Red",
        "Green Green",
    ];
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| match rng.below(60) {
            0 => "concede",
            n => WORDS[n as usize % WORDS.len()],
        })
        .collect()
}

/// Runs entries live; returns the answers and the log's text.
fn live(dir: &Path, entries: &[&str]) -> (Vec<String>, String) {
    let mut session = Session::start(
        dir,
        &["Ann", "Bob", "--best-of", "5", "--json", "--log", "m.log"],
    );
    let answers = entries.iter().map(|e| session.send(e)).collect();
    session.quit();
    (answers, fs::read_to_string(dir.join("m.log")).unwrap())
}

/// The state a resumed log gives: the answer to a refused entry.
fn resumed_state(dir: &Path, log: &str) -> String {
    let mut session = Session::start(dir, &["Ann", "Bob", "--json", "--resume", log]);
    let answer = session.send("?");
    session.quit();
    state_of(&answer).to_string()
}

#[test]
fn resuming_any_prefix_of_a_log_gives_the_live_state() {
    let dir = scratch("resume");
    let entries = entries(7, 120);
    let (answers, log) = live(&dir, &entries);
    let head = 4;
    let lines: Vec<&str> = log.lines().collect();
    assert!(lines.len() > head + 60, "{} lines logged", lines.len());
    // The state after each logged entry: the answers that were accepted.
    let accepted: Vec<&String> = answers
        .iter()
        .filter(|a| a.contains("\"error\":null"))
        .collect();
    assert_eq!(accepted.len(), lines.len() - head);
    for taken in 0..=accepted.len() {
        let prefix = format!("p{}.log", taken);
        fs::write(dir.join(&prefix), lines[..head + taken].join("\n") + "\n").unwrap();
        let expected = match taken {
            0 => state_of(START),
            n => state_of(accepted[n - 1]),
        };
        assert_eq!(
            resumed_state(&dir, &prefix),
            expected,
            "after {} entries",
            taken
        );
    }
    // Resuming goes on appending to the same log.
    let mut session = Session::start(&dir, &["Ann", "Bob", "--resume", "m.log"]);
    session.send("undo");
    session.quit();
    let after = fs::read_to_string(dir.join("m.log")).unwrap();
    assert_eq!(after, log + "undo\n");
}

#[test]
fn a_killed_process_loses_no_answered_entry() {
    let dir = scratch("killed");
    let entries = entries(11, 80);
    let mut session = Session::start(
        &dir,
        &["Ann", "Bob", "--best-of", "5", "--json", "--log", "k.log"],
    );
    let mut last = START.to_string();
    for entry in &entries {
        let answer = session.send(entry);
        if answer.contains("\"error\":null") {
            last = answer;
        }
    }
    session.child.kill().unwrap();
    session.child.wait().unwrap();
    assert_eq!(resumed_state(&dir, "k.log"), state_of(&last));
}

#[test]
fn the_report_follows_the_match_and_the_contest_input() {
    let dir = scratch("report");
    let mut session = Session::start(&dir, &["Ann", "Bob", "--html", "report.html"]);
    let page = || fs::read_to_string(dir.join("report.html")).unwrap();
    // The report is written before the first entry is read.
    session.send("?");
    assert!(page().contains("In play: Ann 0 : 0 Bob"));
    session.send("Red Red");
    assert!(page().contains("In play: Ann 1 : 0 Bob"));
    // The board's line for spectators, and the reload until the end.
    assert!(page().contains("<p class=\"now\">frame 1: Ann 1 - 0 Bob"));
    assert!(page().contains("http-equiv=\"refresh\""));
    session.send("concede");
    assert!(page().contains("Ann 1 : 0 Bob, Bob wins (Ann conceded)"));
    assert!(page().contains("Bob wins the match 1-0</p>"));
    assert!(!page().contains("refresh"));
    session.quit();
    let leftovers: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{:?}", leftovers);

    let both = assert_cmd::Command::new(referee_path())
        .args(["scoreboard", "--tsv", "--html"])
        .write_stdin("")
        .output()
        .unwrap();
    assert_eq!(both.status.code(), Some(2), "two views at once");
    // Contest input: the report of the lines before an input error.
    let input = "1\n\nAnn Bob\nRed Red\nBlack Black\nRed\nNone White\n";
    let out = assert_cmd::Command::new(referee_path())
        .args(["scoreboard", "--html"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let page = String::from_utf8(out.stdout).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>") && page.ends_with("</html>\n"));
    assert!(page.contains("In play: Ann 12 : 0 Bob") && !page.contains("refresh"));
}

#[test]
fn a_logs_faults_are_shown_at_their_line_and_column() {
    let dir = scratch("log-faults");
    let head = b"# a log\nplayer A: Ann\nplayer B: Bob\n".to_vec();
    let resume = |log: &[u8]| {
        fs::write(dir.join("m.log"), log).unwrap();
        let out = assert_cmd::Command::new(referee_path())
            .args(["match", "Ann", "Bob", "--resume", "m.log"])
            .current_dir(&dir)
            .write_stdin("")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        String::from_utf8(out.stderr).unwrap()
    };
    let expected_ball = "expected a ball, `None`, `White` or a command";
    for (entries, place, message) in [
        (&b"\tRed Zz\n"[..], "4:6", expected_ball),
        (
            b"  Red  Pink  Pink\n",
            "4:14",
            "expected each colour potted once",
        ),
        (b"Red \xffRed\n", "4:5", "expected UTF-8 text"),
        (
            b"free  Red Red\n",
            "4:7",
            "expected a colour as the free ball",
        ),
        (b"Red Red\n undo now\n", "5:7", "expected `undo` alone"),
        (b"Red \x1b[31mr\n", "4:5", "found `\\x1b[31mr`"),
        // Entries the frame cannot take, at the entry.
        (
            b"  r r r r r r r r r r r r r r r r r\n",
            "4:3",
            "expected an entry the match takes here, found `r r r r r r r r r r r r r r r r r` \
             (only 15 reds are left)",
        ),
        (
            b"Red Red\n again\n",
            "5:2",
            "found `again` (`again` is taken only right after a foul)",
        ),
        // The first fault in the order of the lines, whatever it is.
        (b"Red Zz\r\nRed \xff\n", "4:5", expected_ball),
    ] {
        let said = resume(&[&head[..], entries].concat());
        let start = format!("referee: m.log:{}: ", place);
        assert!(said.starts_with(&start), "{}", said);
        assert!(said.contains(message), "{}", said);
    }
    let long = [&head[..], &b"r".repeat(1 << 21), b"\n"].concat();
    assert_eq!(
        resume(&long),
        "referee: m.log:4:1048577: line too long: expected at most 1048576 bytes, found more\n"
    );
    assert_eq!(
        resume(b""),
        "referee: m.log:1:1: expected the head of a match log (`player A: NAME`), \
         found end of input\n"
    );
    assert_eq!(
        resume(b"player A: Ann\nbest of: 1\nRed Red\n"),
        "referee: m.log:3:1: expected the head of a match log (`player B: NAME`), \
         found `Red Red`\n"
    );
}

#[test]
fn an_entry_too_long_is_refused_and_not_shown_whole() {
    let dir = scratch("long-entry");
    let input = [&b"r r\n"[..], &b"r".repeat(3 << 20), b"\nk k\n"].concat();
    let out = assert_cmd::Command::new(referee_path())
        .args(["match", "Ann", "Bob", "--log", "m.log"])
        .current_dir(&dir)
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(out.status.success());
    let board = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = board.lines().collect();
    assert_eq!(lines.len(), 3, "{}", board);
    assert_eq!(
        lines[1],
        "refused: line too long: expected at most 1048576 bytes, found more"
    );
    assert!(lines[2].starts_with("frame 1: Ann 8 - 0 Bob"), "{}", board);
}

#[test]
fn an_entry_that_is_not_utf8_is_refused_and_the_log_stays_readable() {
    let dir = scratch("entry-not-utf8");
    let out = assert_cmd::Command::new(referee_path())
        .args(["match", "Ann", "Bob", "--log", "m.log", "--json"])
        .current_dir(&dir)
        .write_stdin(&b"r r\nk\xff\n\xfe\nk k\n"[..])
        .output()
        .unwrap();
    assert!(out.status.success());
    let answers = String::from_utf8(out.stdout).unwrap();
    let answers: Vec<&str> = answers.lines().collect();
    let refused = ",\"error\":\"expected UTF-8 text, found a byte that is not UTF-8\"}";
    for answer in &answers[1..3] {
        assert!(answer.ends_with(refused), "{}", answer);
    }
    assert!(answers[3].contains("\"score\":[8,0]"), "{}", answers[3]);
    assert_eq!(resumed_state(&dir, "m.log"), state_of(answers[3]));
}

#[cfg(target_os = "linux")]
#[test]
fn a_board_that_cannot_be_written_is_an_error_unless_its_reader_left() {
    let dir = scratch("board-unwritable");
    let full = fs::File::create("/dev/full").unwrap();
    let out = Command::new(referee_path())
        .args(["match", "Ann", "Bob", "--log", "a.log"])
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(full)
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child.stdin.take().unwrap().write_all(b"Red Red\n")?;
            child.wait_with_output()
        })
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("referee: <stdout>: No space left on device"),
        "{}",
        said
    );
    // The entry was taken before its board could not be written.
    assert!(fs::read_to_string(dir.join("a.log"))
        .unwrap()
        .ends_with("Red Red\n"));
}

#[test]
fn a_report_that_cannot_be_written_stops_the_start_and_is_said_once_later() {
    let dir = scratch("report-unwritable");
    let out = assert_cmd::Command::new(referee_path())
        .args(["match", "Ann", "Bob", "--log", "a.log"])
        .args(["--html", "missing/report.html"])
        .current_dir(&dir)
        .write_stdin("Red Red\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing/report.html: "));
    assert!(
        !dir.join("a.log").exists(),
        "no log for a match not started"
    );

    // The report's folder goes away during the match, comes back and
    // goes again: said once, the match goes on, and the status says it,
    // though the report could be written again for a while.
    fs::create_dir(dir.join("shown")).unwrap();
    let mut session = Session::start(
        &dir,
        &["Ann", "Bob", "--log", "b.log", "--html", "shown/r.html"],
    );
    session.send("Red Red");
    fs::remove_dir_all(dir.join("shown")).unwrap();
    session.send("Black Black");
    fs::create_dir(dir.join("shown")).unwrap();
    session.send("Red Red");
    assert!(dir.join("shown/r.html").exists(), "written again");
    fs::remove_dir_all(dir.join("shown")).unwrap();
    session.send("Black Black");
    session.send("Red");
    drop(session.input);
    let out = session.child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(said.matches("shown/r.html: ").count(), 1, "{}", said);
    assert!(fs::read_to_string(dir.join("b.log"))
        .unwrap()
        .ends_with("Red\n"));
}
