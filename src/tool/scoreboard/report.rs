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

/// The breaks a frame lists.
const LISTED_BREAK: u64 = 20;
/// Seconds between two reloads of a live report.
const REFRESH_SECS: u32 = 3;

const STYLE: &str = "body{font-family:sans-serif;margin:1.5em;color:#222;background:#fdfdf8}\
h1{font-size:1.4em}h2{font-size:1.1em;margin-top:1.5em}h1,h2,p{overflow-wrap:anywhere}\
.scroll{overflow-x:auto}table{border-collapse:collapse}thead th{white-space:nowrap}\
th[scope=row]{min-width:5em;max-width:16em;overflow-wrap:anywhere}\
td,th{border:1px solid #bbb;padding:.2em .6em;text-align:right}\
th:first-child,td:first-child{text-align:left}.now{font-size:1.2em;font-weight:bold}.a{stroke:#1f5fbf}.b{stroke:#c0392b}\
.worm{background:#fff;border:1px solid #ccc;width:100%;max-width:600px;height:auto}\
.foul{fill:#b07a00;stroke:#fff;stroke-width:1}.axis{font-size:11px;fill:#555}\
.end-a{font-size:11px;fill:#1f5fbf}.end-b{font-size:11px;fill:#c0392b}\
.key-a{color:#1f5fbf}.key-b{color:#c0392b}.dot{color:#b07a00}\
@media (max-width:600px){body{margin:.8em}table{font-size:.8em}td,th{padding:.2em .25em}\
thead th{white-space:normal}.axis,.end-a,.end-b{font-size:18px}.foul{r:5px}}";

/// A live match's state for its report.
pub(crate) struct Live<'a> {
    /// The board's line: the state of play, or the result.
    pub(crate) now: &'a str,
    /// The match is over: the page is no longer reloaded.
    pub(crate) over: bool,
}

/// How every page begins.
const HEAD: &str = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
                    <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";

/// What a live report says of itself right after `HEAD`, so that a match
/// knows its report from a file it must not write over.
const LIVE_MARK: &str = "<meta name=\"generator\" content=\"referee match\">\n";

/// Whether `text` is a page `html` made for a live match: it begins with
/// the head and mark such a page begins with, not merely holds them (a
/// log holds whatever the players are called).
pub(crate) fn is_live_report(text: &[u8]) -> bool {
    text.strip_prefix(HEAD.as_bytes())
        .is_some_and(|rest| rest.starts_with(LIVE_MARK.as_bytes()))
}

/// The page for `steps`; `live` adds the state of play and the refresh.
pub(crate) fn html(title: &str, steps: &[Step], live: Option<Live>) -> String {
    let frames = frames(steps);
    let mut page = String::from(HEAD);
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
    if frames.is_empty() {
        page.push_str("<p>No frame yet.</p>\n");
    }
    for frame in &frames {
        page.push_str(&frame_section(frame));
    }
    page.push_str("</body>\n</html>\n");
    page
}

/// The players' totals as a table.
fn summary(frames: &[FrameRecord]) -> String {
    let mut text = String::from(
        "<h2>Match</h2>\n<div class=\"scroll\"><table>\n<thead><tr><th scope=\"col\">Player</th>\
         <th scope=\"col\">Frames</th><th scope=\"col\">Highest break</th>\
         <th scope=\"col\">Centuries</th><th scope=\"col\">Fouls</th>\
         <th scope=\"col\">Points per visit</th></tr></thead>\n<tbody>\n",
    );
    for t in totals(frames) {
        let per_visit = if t.visits == 0 {
            "-".to_string()
        } else {
            format!("{:.1}", t.points as f64 / t.visits as f64)
        };
        let _ = writeln!(
            text,
            "<tr><th scope=\"row\">{}</th><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(&t.name),
            t.frames_won,
            t.highest,
            t.centuries,
            t.fouls,
            per_visit
        );
    }
    text.push_str("</tbody>\n</table></div>\n");
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
            if conceded {
                format!(" ({} conceded)", escape(&frame.names[1 - winner]))
            } else {
                String::new()
            }
        ),
        None => format!("In play: {}", score),
    };
    let _ = writeln!(text, "<p class=\"result\">{}</p>", result);
    text.push_str(&worm(frame));
    if frame.fouls.iter().any(|&fouls| fouls > 0) {
        text.push_str(
            "<p><span class=\"dot\">&#9679;</span> a foul, on the line of the player who made it</p>\n",
        );
    }
    let listed: Vec<String> = frame
        .breaks
        .iter()
        .filter(|(_, points)| *points >= LISTED_BREAK)
        .map(|&(player, points)| format!("{} {}", escape(&frame.names[player]), points))
        .collect();
    let listed = if listed.is_empty() {
        "none".to_string()
    } else {
        listed.join(", ")
    };
    let _ = writeln!(
        text,
        "<p>Breaks of {} or more: {}</p>",
        LISTED_BREAK, listed
    );
    text.push_str("</section>\n");
    text
}

/// The most points a worm is drawn with: about one a pixel. A longer
/// frame is drawn with every n-th stroke (and its last), a foul dot
/// standing for the fouls between two points drawn.
const WORM_POINTS: usize = 600;

/// The score worm: both scores against the strokes, the frame's top score
/// and 0 on the left, the scores now at the right end of the lines, and
/// fouls as dots on the line of the player who made them.
fn worm(frame: &FrameRecord) -> String {
    const WIDTH: f64 = 600.0;
    const HEIGHT: f64 = 180.0;
    const MARGIN: f64 = 6.0;
    // Room for the scores written beside the lines.
    const LEFT: f64 = 40.0;
    const RIGHT: f64 = 40.0;
    let strokes = frame.worm.len();
    let top_score = frame.worm.iter().flat_map(|p| p.scores).max().unwrap_or(0);
    let top = top_score.max(1) as f64;
    let at = |i: usize, score: u64| {
        (
            LEFT + (WIDTH - LEFT - RIGHT) * i as f64 / strokes.max(1) as f64,
            HEIGHT - MARGIN - (HEIGHT - 2.0 * MARGIN) * score as f64 / top,
        )
    };
    // The strokes drawn (counted from 1), each with which players fouled
    // since the one drawn before, and the scores then.
    let step = strokes.div_ceil(WORM_POINTS).max(1);
    let mut drawn: Vec<(usize, [bool; 2], [u64; 2])> = vec![(0, [false; 2], [0, 0])];
    let mut fouled = [false; 2];
    for (i, point) in frame.worm.iter().enumerate() {
        fouled[point.striker] |= point.foul;
        if (i + 1) % step == 0 || i + 1 == strokes {
            drawn.push((i + 1, std::mem::take(&mut fouled), point.scores));
        }
    }
    let [a, b] = &frame.names;
    let [score_a, score_b] = frame.scores();
    let mut text = format!(
        "<svg class=\"worm\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" role=\"img\">\n\
         <title>Score worm of frame {}: {} {}, {} {}, stroke by stroke; a dot marks a foul \
         on the line of the player who made it</title>\n",
        WIDTH,
        HEIGHT,
        WIDTH,
        HEIGHT,
        frame.number,
        escape(a),
        score_a,
        escape(b),
        score_b
    );
    let axis = [(top_score, MARGIN + 8.0), (0, HEIGHT - MARGIN)];
    // A frame of no score has one mark: 0.
    for &(score, y) in &axis[usize::from(top_score == 0)..] {
        let _ = writeln!(
            text,
            "<text class=\"axis\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            LEFT - 4.0,
            y,
            score
        );
    }
    // The scores now, beside the lines' ends, apart when they are close:
    // the higher one (A's when level) above, both within the worm.
    let ends = frame
        .scores()
        .map(|score| (at(strokes, score).1 + 4.0).clamp(19.0, HEIGHT - 2.0));
    // Far enough apart for the larger labels of a narrow screen.
    let apart = if (ends[0] - ends[1]).abs() < 18.0 {
        let up = usize::from(frame.scores()[1] > frame.scores()[0]);
        let mid = ((ends[0] + ends[1]) / 2.0).clamp(23.0, HEIGHT - 10.0);
        let mut apart = [mid + 9.0; 2];
        apart[up] = mid - 9.0;
        apart
    } else {
        ends
    };
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
        let now = frame.scores()[player];
        let _ = writeln!(
            text,
            "<text class=\"end-{}\" x=\"{:.1}\" y=\"{:.1}\">{}</text>",
            class,
            at(strokes, now).0 + 4.0,
            apart[player],
            now
        );
    }
    for &(i, fouled, scores) in &drawn {
        for fouler in (0..2).filter(|&p| fouled[p]) {
            let (x, y) = at(i, scores[fouler]);
            let _ = writeln!(
                text,
                "<circle class=\"foul\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"3\"><title>foul by {}</title></circle>",
                x,
                y,
                escape(&frame.names[fouler])
            );
        }
    }
    text.push_str("</svg>\n");
    text
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
        // The foul is marked on the line of the player who made it, who
        // still has 0 (the bottom of the worm).
        assert!(page.contains("cy=\"174.0\" r=\"3\"><title>foul by &lt;Ann&gt;</title>"));
        assert!(page.contains("<meta name=\"viewport\""));
        assert!(!page.contains("<script") && !page.contains("http://"));
        let over = html("x", &steps, Some(live(true)));
        assert!(over.contains("class=\"now\"") && !over.contains("refresh"));
        let contest = html("x", &steps, None);
        assert!(!contest.contains("refresh") && !contest.contains("class=\"now\""));
    }

    #[test]
    fn a_live_report_is_known_by_how_it_begins() {
        let live = Live {
            now: "Ann to play",
            over: false,
        };
        assert!(is_live_report(html("A v B", &[], Some(live)).as_bytes()));
        assert!(!is_live_report(html("A v B", &[], None).as_bytes()));
        // A log holds the players' names, which may hold the mark.
        let log = format!("# a log\nplayer A: {}player B: Bob\n", LIVE_MARK);
        assert!(!is_live_report(log.as_bytes()));
        assert!(!is_live_report(
            format!("{}\n{}{}", HEAD, LIVE_MARK, HEAD).as_bytes()
        ));
    }

    #[test]
    fn a_conceded_frame_names_who_conceded() {
        let steps = vec![
            Step::Frame {
                number: 1,
                names: ["Ann".to_string(), "Bob".to_string()],
            },
            Step::Stroke {
                striker: 0,
                foul: false,
                points: 1,
                scores: [1, 0],
                visit_ends: false,
            },
            Step::End {
                winner: 0,
                conceded: true,
            },
        ];
        let page = html("x", &steps, None);
        assert!(
            page.contains("Ann 1 : 0 Bob, Ann wins (Bob conceded)"),
            "{}",
            page
        );
        assert!(html("x", &[], None).contains("<p>No frame yet.</p>"));
    }

    #[test]
    fn fouls_of_both_players_drawn_together_are_both_marked() {
        let mut steps = vec![Step::Frame {
            number: 1,
            names: ["Ann".to_string(), "Bob".to_string()],
        }];
        // 2000 misses, each a foul: drawn every fourth stroke or so.
        let mut scores = [0, 0];
        for n in 0..2000 {
            let striker = n % 2;
            scores[1 - striker] += 4;
            steps.push(Step::Stroke {
                striker,
                foul: true,
                points: 4,
                scores,
                visit_ends: true,
            });
        }
        let page = html("x", &steps, None);
        let by = |name: &str| {
            page.matches(&format!("<title>foul by {}</title>", name))
                .count()
        };
        assert!(
            by("Ann") > 400 && by("Bob") > 400,
            "{} {}",
            by("Ann"),
            by("Bob")
        );
        // Level at the end: the two scores are written apart, within the
        // worm (11-pixel text in 180 pixels).
        let ends: Vec<&str> = page.split("<text class=\"end-").skip(1).collect();
        let y = |end: &str| -> f64 {
            let after = end.split("y=\"").nth(1).unwrap();
            after[..after.find('"').unwrap()].parse().unwrap()
        };
        assert!((y(ends[0]) - y(ends[1])).abs() >= 11.0);
        for end in &ends {
            assert!((11.0..=180.0).contains(&y(end)), "{}", y(end));
        }
        // No stroke yet: one mark on the axis, 0.
        let empty = html("x", &steps[..1], None);
        assert_eq!(empty.matches("class=\"axis\"").count(), 1);
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
        assert!(worm_a.contains("560.0,6.0"), "the last stroke is drawn");
    }
}
