//! The package's wrong solutions (`submissions/wrong_answer/`): each one
//! believable mistake made in a solution of the project's own, written
//! apart from the referee (`solutions/*.rs`, plain std-only Rust).
//!
//! A wrong solution is that solution with one piece of code replaced, and
//! a comment on top saying which rule of the problem the change breaks:
//! the solution is written once, and each mistake is the few characters
//! that make it. The test data must reject every one of them (`killers`
//! adds the inputs that do).

use crate::tool::problem::Problem;

/// One mistake: a name for its file, the rule it breaks, and the code of
/// the right solution it replaces (found exactly once) with its own.
pub(crate) struct Mistake {
    pub(crate) name: &'static str,
    pub(crate) breaks: &'static str,
    pub(crate) find: &'static str,
    pub(crate) replace: &'static str,
}

/// The right solution of each problem, written apart from the referee.
fn right_solution(problem: Problem) -> &'static str {
    match problem {
        Problem::Snooker => include_str!("solutions/snooker.rs"),
        Problem::Fourrow => include_str!("solutions/fourrow.rs"),
        Problem::Rating => include_str!("solutions/rating.rs"),
    }
}

const SNOOKER: &[Mistake] = &[
    Mistake {
        name: "foul_colours_stay_down",
        breaks: "S6: every colour potted in a foul is respotted",
        find: "            self.respot(&respot, out);\n",
        replace: "",
    },
    Mistake {
        name: "penalty_without_ball_on",
        breaks: "S4: the penalty is at least the value of the ball on",
        find: "let mut penalty = 4.max(on_value);",
        replace: "let mut penalty = 4;",
    },
    Mistake {
        name: "last_red_colour_stays_down",
        breaks: "S6: the colour potted right after the last red is respotted too",
        find: "                self.respot(&[on_value], out);\n",
        replace: "                if self.reds > 0 {\n                    self.respot(&[on_value], out);\n                } else {\n                    self.colours[on_value as usize] = false;\n                }\n",
    },
    Mistake {
        name: "in_hand_after_every_foul",
        breaks: "S12: the next player is in-hand after a foul only when it potted the white",
        find: "            self.striker = opponent;\n            self.turn(white, out);",
        replace: "            self.striker = opponent;\n            self.turn(true, out);",
    },
    Mistake {
        name: "play_again_in_hand",
        breaks: "S11: the offender plays again in-hand only when the foul potted the white",
        find: "if let Some((offender, white)) = self.last_foul.take() {\n                self.striker = offender;\n                self.turn(white, out);",
        replace: "if let Some((offender, _)) = self.last_foul.take() {\n                self.striker = offender;\n                self.turn(true, out);",
    },
];

const FOURROW: &[Mistake] = &[
    Mistake {
        name: "top_row_diagonals",
        breaks: "F3: diagonal runs that touch the top row win like any other",
        find: "if on_board && line",
        replace: "if on_board && !(dr == 1 && dc != 0 && row == 2) && line",
    },
    Mistake {
        name: "moves_after_a_win",
        breaks: "F2: a move after a win makes the game invalid",
        find: "if winner != 0 || heights[column] == ROWS {",
        replace: "if heights[column] == ROWS {",
    },
    Mistake {
        name: "first_run_only",
        breaks: "F3: every chip of every winning run is marked, not only the first run's four",
        find: "cells.extend(line.iter().map(|&(r, c)| (r as usize, c as usize)));",
        replace: "if cells.is_empty() {\n                        cells.extend(line.iter().map(|&(r, c)| (r as usize, c as usize)));\n                    }",
    },
    Mistake {
        name: "empty_rows_drawn",
        breaks: "F4: rows without chips are not drawn",
        find: "        if grid[row].iter().all(|&c| c == 0) {\n            continue;\n        }\n",
        replace: "",
    },
    Mistake {
        name: "full_board_not_over",
        breaks: "F2: a full board without a winner is over",
        find: "_ if moves.len() == ROWS * COLUMNS =>",
        replace: "_ if moves.len() > ROWS * COLUMNS =>",
    },
];

const RATING: &[Mistake] = &[
    Mistake {
        name: "core_exchange_truncated",
        breaks: "P1: the core exchange is a tenth of the gap rounded half up",
        find: "let core = (gap + 5) / 10;",
        replace: "let core = gap / 10;",
    },
    Mistake {
        name: "no_white_handicap",
        breaks: "P2: the white player counts as three points stronger (the handicap)",
        find: "let counted = white + 300;",
        replace: "let counted = white;",
    },
    Mistake {
        name: "doubled_on_equal_pieces",
        breaks: "P3: the exchange is doubled only when the winner has strictly less left",
        find: "if winner_pieces < loser_pieces {",
        replace: "if winner_pieces <= loser_pieces {",
    },
    Mistake {
        name: "ties_by_name_ascending",
        breaks: "P5: equal ratings are listed by name in decreasing byte order",
        find: ".then_with(|| names[b].cmp(&names[a]))",
        replace: ".then_with(|| names[a].cmp(&names[b]))",
    },
    Mistake {
        name: "sign_read_off_the_whole_part",
        breaks: "P6: a rating's minus sign holds for its decimals too, -0.50 included",
        find: "    let (negative, digits) = match text.strip_prefix('-') {\n        Some(rest) => (true, rest),\n        None => (false, text),\n    };\n    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, \"\"));\n    let mut value: i64 = whole.parse::<i64>().unwrap() * 100;\n    let fraction = format!(\"{:0<2}\", fraction);\n    value += fraction[..2].parse::<i64>().unwrap();\n    if negative {\n        -value\n    } else {\n        value\n    }",
        replace: "    let (whole, fraction) = text.split_once('.').unwrap_or((text, \"\"));\n    let whole: i64 = whole.parse().unwrap();\n    let fraction: i64 = format!(\"{:0<2}\", fraction)[..2].parse().unwrap();\n    if whole < 0 {\n        whole * 100 - fraction\n    } else {\n        whole * 100 + fraction\n    }",
    },
    Mistake {
        name: "pieces_compared_as_floats",
        breaks: "P3, P7: piece values are 64-bit integers, compared exactly",
        find: "if winner_pieces < loser_pieces {",
        replace: "if (winner_pieces as f64) < (loser_pieces as f64) {",
    },
    Mistake {
        name: "small_negatives_unsigned",
        breaks: "P5: a negative rating has its minus sign, -0.05 too",
        find: "    let sign = if value < 0 { \"-\" } else { \"\" };\n    format!(\"{}{}.{:02}\", sign, value.abs() / 100, value.abs() % 100)",
        replace: "    format!(\"{}.{:02}\", value / 100, (value % 100).abs())",
    },
];

/// The mistakes made in the solutions of `problem`.
pub(crate) fn mistakes(problem: Problem) -> &'static [Mistake] {
    match problem {
        Problem::Snooker => SNOOKER,
        Problem::Fourrow => FOURROW,
        Problem::Rating => RATING,
    }
}

impl Mistake {
    /// The wrong solution's file, comment first.
    pub(crate) fn source(&self, problem: Problem) -> String {
        let right = right_solution(problem);
        let body = right.replacen(self.find, self.replace, 1);
        format!(
            "// Wrong on purpose: the test data must reject this solution.\n\
             // It breaks the rule {}.\n\
             {}",
            self.breaks, body
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_mistake_changes_its_solution_in_one_place() {
        for problem in Problem::ALL {
            let right = right_solution(problem);
            assert!(mistakes(problem).len() >= 4, "{}", problem.name());
            for mistake in mistakes(problem) {
                assert_eq!(right.matches(mistake.find).count(), 1, "{}", mistake.name);
                assert!(mistake.source(problem).contains(mistake.breaks));
            }
        }
    }

    #[test]
    fn names_are_distinct_file_names() {
        for problem in Problem::ALL {
            let mut names: Vec<&str> = mistakes(problem).iter().map(|m| m.name).collect();
            assert!(names
                .iter()
                .all(|n| n.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')));
            names.sort_unstable();
            names.dedup();
            assert_eq!(names.len(), mistakes(problem).len());
        }
    }
}
