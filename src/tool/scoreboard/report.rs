//! The report for people: one self-contained HTML page (inline CSS and
//! SVG, no scripts, nothing fetched) from a record of strokes. Per frame a
//! score worm (each player's score stroke by stroke, fouls marked), the
//! breaks of 20 or more and the result; for the match the frames, highest
//! breaks, centuries, fouls and points per visit of every player.
//! `referee match --html` rewrites it after every entry, with the board's
//! line (who is at the table, the break, the points remaining, the ball
//! on, or the match's result) and, until the match is over, a refresh, so
//! that a browser on a second screen follows the match.

use super::record::{frames, totals, FrameRecord, Step};
use crate::tool::markup::escape;
use std::fmt::Write as _;
use std::io;
use std::path::Path;

/// The breaks a frame lists.
const LISTED_BREAK: u64 = 20;
/// Seconds between two reloads of a live report.
const REFRESH_SECS: u32 = 3;

const STYLE: &str = "body{font-family:sans-serif;margin:1.5em;color:#222;background:#fdfdf8}\
h1{font-size:1.4em}h2{font-size:1.1em;margin-top:1.5em}\
table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:.2em .6em;text-align:right}\
th:first-child,td:first-child{text-align:left}.now{font-size:1.2em;font-weight:bold}.a{stroke:#1f5fbf}.b{stroke:#c0392b}\
.worm{background:#fff;border:1px solid #ccc}.foul{fill:#e6a700}\
.key-a{color:#1f5fbf}.key-b{color:#c0392b}";

/// A live match's state for its report.
pub(crate) struct Live<'a> {
    /// The board's line: the state of play, or the result.
    pub(crate) now: &'a str,
    /// The match is over: the page is no longer reloaded.
    pub(crate) over: bool,
}

/// What a live report says of itself in its head, so that a match knows
/// its report from a file it must not write over.
const LIVE_MARK: &str = "<meta name=\"generator\" content=\"referee match\">\n";

/// Whether `text` is a page `html` made for a live match.
pub(crate) fn is_live_report(text: &[u8]) -> bool {
    text.windows(LIVE_MARK.len())
        .take(256)
        .any(|w| w == LIVE_MARK.as_bytes())
}

/// The page for `steps`; `live` adds the state of play and the refresh.
pub(crate) fn html(title: &str, steps: &[Step], live: Option<Live>) -> String {
    let frames = frames(steps);
    let mut page =
        String::from("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    if live.is_some() {
        page.push_str(LIVE_MARK);
    }
    if live.as_ref().is_some_and(|live| !live.over) {
        let _ = writeln!(
            page,
            "<meta http-equiv=\"refresh\" content=\"{}\">",
            REFRESH_SECS
        );
    }
    let _ = write!(
        page,
        "<title>{}</title>\n<style>{}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        escape(title),
        STYLE,
        escape(title)
    );
    if let Some(live) = live {
        let _ = writeln!(page, "<p class=\"now\">{}</p>", escape(live.now));
    }
    page.push_str(&summary(&frames));
    for frame in &frames {
        page.push_str(&frame_section(frame));
    }
    page.push_str("</body>\n</html>\n");
    page
}

/// The players' totals as a table.
fn summary(frames: &[FrameRecord]) -> String {
    let mut text = String::from(
        "<h2>Match</h2>\n<table>\n<tr><th>Player</th><th>Frames</th><th>Highest break</th>\
         <th>Centuries</th><th>Fouls</th><th>Points per visit</th></tr>\n",
    );
    for t in totals(frames) {
        let per_visit = if t.visits == 0 {
            "-".to_string()
        } else {
            format!("{:.1}", t.points as f64 / t.visits as f64)
        };
        let _ = writeln!(
            text,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(&t.name),
            t.frames_won,
            t.highest,
            t.centuries,
            t.fouls,
            per_visit
        );
    }
    text.push_str("</table>\n");
    text
}

fn frame_section(frame: &FrameRecord) -> String {
    let [a, b] = &frame.names;
    let [score_a, score_b] = frame.scores();
    let mut text = format!(
        "<section>\n<h2>Frame {}: <span class=\"key-a\">{}</span> v <span class=\"key-b\">{}</span></h2>\n",
        frame.number,
        escape(a),
        escape(b)
    );
    let score = format!("{} {} : {} {}", escape(a), score_a, score_b, escape(b));
    let result = match frame.result {
        Some((winner, conceded)) => format!(
            "{}, {} wins{}",
            score,
            escape(&frame.names[winner]),
            if conceded { " (conceded)" } else { "" }
        ),
        None => format!("In play: {}", score),
    };
    let _ = writeln!(text, "<p class=\"result\">{}</p>", result);
    text.push_str(&worm(frame));
    let listed: Vec<String> = frame
        .breaks
        .iter()
        .filter(|(_, points)| *points >= LISTED_BREAK)
        .map(|&(player, points)| format!("{} {}", escape(&frame.names[player]), points))
        .collect();
    if !listed.is_empty() {
        let _ = writeln!(
            text,
            "<p>Breaks of {} or more: {}</p>",
            LISTED_BREAK,
            listed.join(", ")
        );
    }
    text.push_str("</section>\n");
    text
}

/// The most points a worm is drawn with: about one a pixel. A longer
/// frame is drawn with every n-th stroke (and its last), a foul dot
/// standing for the fouls between two points drawn.
const WORM_POINTS: usize = 600;

/// The score worm: both scores against the strokes, fouls as dots on the
/// line of the player they gave points to.
fn worm(frame: &FrameRecord) -> String {
    const WIDTH: f64 = 600.0;
    const HEIGHT: f64 = 180.0;
    const MARGIN: f64 = 6.0;
    let strokes = frame.worm.len();
    let top = frame
        .worm
        .iter()
        .flat_map(|p| p.scores)
        .max()
        .unwrap_or(0)
        .max(1) as f64;
    let at = |i: usize, score: u64| {
        (
            MARGIN + (WIDTH - 2.0 * MARGIN) * i as f64 / strokes.max(1) as f64,
            HEIGHT - MARGIN - (HEIGHT - 2.0 * MARGIN) * score as f64 / top,
        )
    };
    // The strokes drawn (counted from 1), each with whether a foul was
    // made since the one drawn before, and the scores then.
    let step = ((strokes + WORM_POINTS - 1) / WORM_POINTS).max(1);
    let mut drawn: Vec<(usize, bool, [u64; 2])> = vec![(0, false, [0, 0])];
    let mut foul_since = false;
    for (i, point) in frame.worm.iter().enumerate() {
        foul_since |= point.foul;
        if (i + 1) % step == 0 || i + 1 == strokes {
            drawn.push((i + 1, foul_since, point.scores));
            foul_since = false;
        }
    }
    let mut text = format!(
        "<svg class=\"worm\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" role=\"img\">\n<title>score worm</title>\n",
        WIDTH, HEIGHT, WIDTH, HEIGHT
    );
    for (player, class) in [(0, "a"), (1, "b")] {
        let coords: Vec<String> = drawn
            .iter()
            .map(|&(i, _, scores)| {
                let (x, y) = at(i, scores[player]);
                format!("{:.1},{:.1}", x, y)
            })
            .collect();
        let _ = writeln!(
            text,
            "<polyline class=\"{}\" fill=\"none\" stroke-width=\"2\" points=\"{}\"/>",
            class,
            coords.join(" ")
        );
    }
    for pair in drawn.windows(2) {
        let ((_, _, before), (i, foul, scores)) = (pair[0], pair[1]);
        if foul {
            let gainer = usize::from(scores[1] - before[1] > scores[0] - before[0]);
            let (x, y) = at(i, scores[gainer]);
            let _ = writeln!(
                text,
                "<circle class=\"foul\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"4\"><title>foul</title></circle>",
                x, y
            );
        }
    }
    text.push_str("</svg>\n");
    text
}

/// Writes `text` to `path` through a file of its own beside it, renamed
/// over `path`, so that a reader never sees half a page.
pub(crate) fn write_whole(path: &str, text: &str) -> io::Result<()> {
    let target = Path::new(path);
    let file_name = target
        .file_name()
        .map_or("report".into(), |n| n.to_string_lossy().into_owned());
    let temporary = target.with_file_name(format!(".{}.{}.tmp", file_name, std::process::id()));
    std::fs::write(&temporary, text)?;
    std::fs::rename(&temporary, target).map_err(|e| {
        let _ = std::fs::remove_file(&temporary);
        e
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_is_whole_and_escapes_names() {
        let steps = vec![
            Step::Frame {
                number: 1,
                names: ["<Ann>".to_string(), "Bob & Co".to_string()],
            },
            Step::Stroke {
                striker: 0,
                foul: true,
                points: 4,
                scores: [0, 4],
                visit_ends: true,
            },
        ];
        let live = |over| Live {
            now: "<Ann> to play",
            over,
        };
        let page = html("A v B", &steps, Some(live(false)));
        assert!(page.contains("&lt;Ann&gt;") && page.contains("Bob &amp; Co"));
        assert!(page.contains("In play: &lt;Ann&gt; 0 : 4 Bob &amp; Co"));
        assert!(page.contains("<p class=\"now\">&lt;Ann&gt; to play</p>"));
        assert!(page.contains("http-equiv=\"refresh\""));
        assert!(page.contains("class=\"foul\""));
        assert!(!page.contains("<script") && !page.contains("http://"));
        let over = html("x", &steps, Some(live(true)));
        assert!(over.contains("class=\"now\"") && !over.contains("refresh"));
        let contest = html("x", &steps, None);
        assert!(!contest.contains("refresh") && !contest.contains("class=\"now\""));
    }

    #[test]
    fn a_long_frame_is_drawn_with_about_one_point_a_pixel() {
        let mut steps = vec![Step::Frame {
            number: 1,
            names: ["A".to_string(), "B".to_string()],
        }];
        for n in 1..=10_000 {
            steps.push(Step::Stroke {
                striker: 1,
                foul: n == 5_000,
                points: 4,
                scores: [4 * n, 0],
                visit_ends: true,
            });
        }
        let page = html("long", &steps, None);
        let worm_a = page.split("points=\"").nth(1).unwrap();
        let points = worm_a[..worm_a.find('"').unwrap()].split(' ').count();
        assert!(
            (WORM_POINTS / 2..=WORM_POINTS + 2).contains(&points),
            "{}",
            points
        );
        assert_eq!(page.matches("class=\"foul\" cx").count(), 1);
        assert!(worm_a.contains("594.0,6.0"), "the last stroke is drawn");
    }
}
