//! `referee match` as people see it: the board in a real terminal (tmux,
//! 80 columns, 20-letter names) and the report in a real browser
//! (headless Chromium). Each test says it is skipped when its program is
//! not installed (`.ci/run` installs both on Linux).

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn referee_path() -> PathBuf {
    assert_cmd::cargo::cargo_bin("referee")
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("match-screens")
        .join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn installed(program: &str, version_flag: &str) -> bool {
    Command::new(program)
        .arg(version_flag)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// A tmux server of this test's own, ended when dropped.
struct Tmux(String);

impl Tmux {
    fn run(&self, args: &[&str]) -> Output {
        let out = Command::new("tmux")
            .args(["-L", &self.0])
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "tmux {:?}: {:?}", args, out);
        out
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.0, "kill-server"])
            .output();
    }
}

#[test]
fn the_terminal_board_fits_80_columns_with_20_letter_names() {
    if !installed("tmux", "-V") {
        eprintln!("skipped: tmux is not installed");
        return;
    }
    let dir = scratch("tmux");
    let (a, b) = ("Abcdefghijklmnopqrst", "Bcdefghijklmnopqrstu");
    let tmux = Tmux(format!("referee-test-{}", std::process::id()));
    // The pane stays open after the match until the test has read it.
    let script = format!(
        "unset NO_COLOR\ncd '{}'\n'{}' match {} {} --best-of 3\n\
         tmux -L {} wait-for -S played\ntmux -L {} wait-for read\n",
        dir.display(),
        referee_path().display(),
        a,
        b,
        tmux.0,
        tmux.0
    );
    fs::write(dir.join("play.sh"), script).unwrap();
    let shell = format!("sh '{}'", dir.join("play.sh").display());
    tmux.run(&[
        "new-session",
        "-d",
        "-x",
        "80",
        "-y",
        "24",
        "-s",
        "board",
        &shell,
    ]);
    for entry in ["r r", "k k", "n", "Blakc", "quit"] {
        tmux.run(&["send-keys", "-t", "board", entry, "Enter"]);
    }
    tmux.run(&["wait-for", "played"]);
    let screen = String::from_utf8(
        tmux.run(&["capture-pane", "-p", "-J", "-t", "board"])
            .stdout,
    )
    .unwrap();
    tmux.run(&["wait-for", "-S", "read"]);
    // `-J` joined the lines the terminal wrapped: none of the board's was.
    let lines: Vec<&str> = screen.lines().collect();
    let board = lines.iter().filter(|l| !l.starts_with("referee: "));
    assert!(board.clone().all(|l| l.chars().count() <= 80), "{}", screen);
    let row = |text: &str| lines.iter().find(|l| l.contains(text)).copied();
    let a_row = row(a).unwrap_or_else(|| panic!("no row of {}:\n{}", a, screen));
    assert!(
        a_row.contains("frames  0  score   8  highest break   8"),
        "{}",
        screen
    );
    assert!(
        row(&format!("{} to play | break 0", b)).is_some(),
        "{}",
        screen
    );
    assert!(
        row(&format!("Foul by {}: 4 to {}", a, b)).is_some(),
        "{}",
        screen
    );
    // The board says where the match is logged: what was said before it
    // was drawn over.
    assert!(row(&format!("log: {}-v-{}-", a, b)).is_some(), "{}", screen);
    let refused = row("refused:").unwrap_or_else(|| panic!("{}", screen));
    assert!(
        refused.starts_with("refused: expected a ball"),
        "{}",
        screen
    );
    assert!(row("mean `Black`?").is_some(), "{}", screen);
    assert!(
        row("last: Red Red | Black Black | None").is_some(),
        "{}",
        screen
    );
    assert!(
        !screen.contains("[2J") && !screen.contains('\u{1b}'),
        "{}",
        screen
    );
    // The screen was drawn over the log's name: it is said again at the end.
    let log = format!("{}-v-{}-", a, b);
    let again = row("to go on with it: ").unwrap_or_else(|| panic!("{}", screen));
    assert!(
        again.contains(&format!("referee match {} {} --resume {}", a, b, log)),
        "{}",
        screen
    );
}

/// Chromium as the issue asks for it, headless and on its own profile.
fn chromium(profile: &Path, args: &[&str]) -> Output {
    Command::new("/usr/bin/chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn the_report_shows_in_a_browser() {
    if !Path::new("/usr/bin/chromium").exists() {
        eprintln!("skipped: /usr/bin/chromium is not installed");
        return;
    }
    let dir = scratch("chromium");
    let mut child = Command::new(referee_path())
        .args([
            "match",
            "Ann",
            "Bob",
            "--best-of",
            "3",
            "--html",
            "report.html",
        ])
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let entries = "r r\nk k\nr r\np p\nn w\nconcede\nr r\nbl bl\nr\nn\nagain\nconcede\n";
    child
        .stdin
        .take()
        .unwrap()
        .write_all(entries.as_bytes())
        .unwrap();
    assert!(child.wait().unwrap().success());
    let report = format!("file://{}", dir.join("report.html").display());
    let profile = dir.join("profile");

    let dom = chromium(&profile, &["--dump-dom", &report]);
    let text = String::from_utf8_lossy(&dom.stdout);
    assert!(
        text.contains("Ann 15 : 4 Bob, Ann wins (Bob conceded)"),
        "{}",
        text
    );
    assert!(
        text.contains("Ann 0 : 10 Bob, Bob wins (Ann conceded)"),
        "{}",
        text
    );
    assert!(text.contains("<svg"), "{}", text);
    let log = String::from_utf8_lossy(&dom.stderr);
    assert!(!log.contains("CONSOLE"), "console messages: {}", log);

    // A screenshot of the report holds more than one of an empty page.
    fs::write(
        dir.join("blank.html"),
        "<!DOCTYPE html><html><body></body></html>\n",
    )
    .unwrap();
    let shot = |page: &str, png: &str| {
        let target = format!("--screenshot={}", dir.join(png).display());
        chromium(&profile, &[&target, "--window-size=800,900", page]);
        fs::read(dir.join(png)).unwrap_or_default()
    };
    let blank = shot(
        &format!("file://{}", dir.join("blank.html").display()),
        "blank.png",
    );
    let page = shot(&report, "report.png");
    assert!(blank.starts_with(b"\x89PNG") && page.starts_with(b"\x89PNG"));
    assert!(
        page.len() > 2 * blank.len(),
        "{} vs {} bytes",
        page.len(),
        blank.len()
    );
}
