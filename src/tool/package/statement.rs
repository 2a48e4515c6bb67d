//! The package's statement: the project's own account of each problem, in
//! the LaTeX layout problemtools expects (`\problemname{}`, then the text,
//! `\section*{Input}`, `\section*{Output}`; the sample is shown from
//! `data/sample` by the judge system itself).
//!
//! The texts live in `statements/*.tex` with `@NAME@` marks where a limit
//! goes; the limits are filled in from [`crate::core::limits`], so that
//! the statement, `--strict` and the generators cannot disagree.

use crate::core::limits;
use crate::tool::problem::Problem;

/// The problem's name as the statement gives it.
pub(crate) fn title(problem: Problem) -> &'static str {
    match problem {
        Problem::Snooker => "Snooker Referee",
        Problem::Fourrow => "Four in a Row",
        Problem::Rating => "Rating Points Exchange",
    }
}

fn template(problem: Problem) -> &'static str {
    match problem {
        Problem::Snooker => include_str!("statements/snooker.tex"),
        Problem::Fourrow => include_str!("statements/fourrow.tex"),
        Problem::Rating => include_str!("statements/rating.tex"),
    }
}

/// A number of hundredths written with two decimals.
fn hundredths(value: i64) -> String {
    format!("{}.{:02}", value / 100, value % 100)
}

/// What each `@NAME@` mark of a problem's text stands for.
fn marks(problem: Problem) -> Vec<(&'static str, String)> {
    match problem {
        Problem::Snooker => {
            use limits::snooker::{FRAMES, NAME_LETTERS};
            vec![
                ("FRAMES_MIN", FRAMES.start().to_string()),
                ("FRAMES_MAX", FRAMES.end().to_string()),
                ("NAME_MIN", NAME_LETTERS.start().to_string()),
                ("NAME_MAX", NAME_LETTERS.end().to_string()),
            ]
        }
        Problem::Fourrow => {
            use limits::fourrow::{COLUMNS, GAMES, MAX_MOVES, ROWS};
            vec![
                ("GAMES_MIN", GAMES.start().to_string()),
                ("GAMES_MAX", GAMES.end().to_string()),
                ("COLUMNS", COLUMNS.to_string()),
                ("ROWS", ROWS.to_string()),
                ("MAX_MOVES", MAX_MOVES.to_string()),
            ]
        }
        Problem::Rating => {
            use limits::rating::{GAMES, MAX_RATING, NAME_LETTERS, PLAYERS, TOURNAMENTS};
            vec![
                ("TOURNAMENTS_MIN", TOURNAMENTS.start().to_string()),
                ("TOURNAMENTS_MAX", TOURNAMENTS.end().to_string()),
                ("PLAYERS_MIN", PLAYERS.start().to_string()),
                ("PLAYERS_MAX", PLAYERS.end().to_string()),
                ("GAMES_MIN", GAMES.start().to_string()),
                ("GAMES_MAX", GAMES.end().to_string()),
                ("NAME_MIN", NAME_LETTERS.start().to_string()),
                ("NAME_MAX", NAME_LETTERS.end().to_string()),
                ("MAX_RATING", hundredths(MAX_RATING)),
            ]
        }
    }
}

/// The statement of `problem`, its limits filled in.
pub(crate) fn tex(problem: Problem) -> String {
    let mut text = template(problem).to_string();
    for (name, value) in marks(problem) {
        text = text.replace(&format!("@{}@", name), &value);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mark_is_filled_and_every_value_used() {
        for problem in Problem::ALL {
            let text = tex(problem);
            assert!(!text.contains('@'), "{}: a mark is left", problem.name());
            for (name, _) in marks(problem) {
                let mark = format!("@{}@", name);
                assert!(template(problem).contains(&mark), "{} unused", mark);
            }
        }
    }

    #[test]
    fn each_statement_has_the_layout_problemtools_reads() {
        for problem in Problem::ALL {
            let text = tex(problem);
            let name = format!("\\problemname{{{}}}\n", title(problem));
            assert!(text.starts_with(&name), "{}", problem.name());
            let input = text.find("\\section*{Input}").unwrap();
            let output = text.find("\\section*{Output}").unwrap();
            assert!(input < output);
            // Braces balance, and no LaTeX special character is left bare.
            assert_eq!(text.matches('{').count(), text.matches('}').count());
            let outside_verbatim: String = text
                .split("\\begin{verbatim}")
                .map(|part| part.split("\\end{verbatim}").last().unwrap())
                .collect();
            for special in ['#', '%', '&', '_', '~'] {
                let bare = outside_verbatim
                    .match_indices(special)
                    .filter(|&(i, _)| !outside_verbatim[..i].ends_with('\\'))
                    .count();
                assert_eq!(bare, 0, "{}: a bare {}", problem.name(), special);
            }
        }
    }

    #[test]
    fn the_rating_bound_is_written_with_two_decimals() {
        assert_eq!(hundredths(999_999_999_999_999), "9999999999999.99");
        assert_eq!(hundredths(1205), "12.05");
    }
}
