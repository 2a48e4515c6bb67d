//! The referee's words, cut once from what the judge core writes. Its
//! `write_frame_head`, `write_turn` and `write_outcome` are the one
//! statement of the output; the tool's writers (`render`) copy the pieces
//! kept here. Where a piece is cut follows the lines' order (`Foul!`, the
//! score, the rest), which the tests check by writing whole frames both
//! ways.

use super::render::WIDE;
use crate::judge::snooker as judged;

/// A piece of output padded with zeros to `WIDE` bytes, and its length.
#[derive(Clone, Copy)]
pub(crate) struct Piece {
    pub(crate) bytes: [u8; WIDE],
    pub(crate) len: usize,
}

impl Piece {
    pub(crate) const EMPTY: Piece = Piece {
        bytes: [0; WIDE],
        len: 0,
    };

    fn of(text: &str) -> Piece {
        let mut bytes = [0; WIDE];
        bytes[..text.len()].copy_from_slice(text.as_bytes());
        Piece {
            bytes,
            len: text.len(),
        }
    }

    pub(crate) fn text(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

/// The pieces of the referee's lines.
#[derive(Clone)]
pub(crate) struct Said {
    /// The empty line before every frame but the first; what comes
    /// before and after a frame's number.
    pub(crate) between_frames: String,
    pub(crate) frame: String,
    pub(crate) frame_end: String,
    /// What follows a player's name in a turn line: out of hand, in hand.
    pub(crate) turn_ends: [String; 2],
    /// What follows the winner's name.
    pub(crate) wins: String,
    pub(crate) foul: String,
    /// What comes between the two scores, and after them.
    pub(crate) colon: String,
    pub(crate) score_end: String,
    pub(crate) tie: Piece,
    /// The respot line of each set of colours, by the set's bits (bit 0
    /// for Yellow to bit 5 for Black); the empty set's is empty.
    pub(crate) respots: [Piece; 64],
}

/// What the judge core writes after a stroke of `outcome` in a frame at
/// 0 : 0 whose players have empty names, into room made for it at once
/// (the referee cuts 68 such texts at start).
fn after(outcome: judged::Outcome) -> String {
    let mut text = String::with_capacity(WIDE);
    judged::write_outcome(&mut text, &judged::Frame::default(), &outcome, ["", ""]);
    text
}

/// A stroke that pots nothing and is no foul: the striker plays on.
fn plain() -> judged::Outcome {
    let call = judged::frame::Call {
        foul: false,
        points: 0,
        respotted: judged::balls::Colours::default(),
        stays_down: None,
        in_hand: false,
    };
    judged::Outcome {
        call,
        next: judged::Next::SameStriker,
    }
}

/// `text` less `prefix`, which the judge core writes first.
fn after_prefix(text: &str, prefix: &str) -> String {
    let rest = text.strip_prefix(prefix);
    rest.expect("the judge core writes the score line first")
        .to_string()
}

impl Said {
    pub(crate) fn new() -> Said {
        let score_line = after(plain());
        // `0 : 0` and its line end.
        let last_zero = score_line.rfind('0').expect("a score");
        let mut foul = plain();
        foul.call.foul = true;
        let foul = after(foul);
        let won = after(judged::Outcome {
            next: judged::Next::Won(judged::Player::A),
            ..plain()
        });
        let tie = after(judged::Outcome {
            next: judged::Next::Tie,
            ..plain()
        });
        let mut respots = [Piece::of(""); 64];
        for (set, respot) in respots.iter_mut().enumerate() {
            let mut respotted = judged::balls::Colours::default();
            let colours = judged::Ball::COLOURS.iter().enumerate();
            colours
                .filter(|(bit, _)| set >> bit & 1 == 1)
                .for_each(|(_, &colour)| respotted.insert(colour));
            let mut respot_stroke = plain();
            respot_stroke.call.respotted = respotted;
            let text = after(respot_stroke);
            *respot = Piece::of(&after_prefix(&text, &score_line));
        }
        let turn_end = |in_hand| {
            let mut text = String::new();
            judged::write_turn(&mut text, "", in_hand);
            text
        };
        let head = |number| {
            let mut text = String::new();
            judged::write_frame_head(&mut text, number);
            text
        };
        let (first, second) = (head(1), head(2));
        let number_at = first.find('1').expect("the frame's number");
        let frame = first[..number_at].to_string();
        let second_at = second.find(&frame).expect("the same head");
        Said {
            between_frames: second[..second_at].to_string(),
            frame_end: first[number_at + 1..].to_string(),
            frame,
            turn_ends: [turn_end(false), turn_end(true)],
            wins: after_prefix(&won, &score_line),
            foul: foul
                .strip_suffix(&score_line)
                .expect("the judge core writes Foul! before the score line")
                .to_string(),
            colon: score_line[1..last_zero].to_string(),
            score_end: score_line[last_zero + 1..].to_string(),
            tie: Piece::of(&after_prefix(&tie, &score_line)),
            respots,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pieces_are_the_judge_cores_words() {
        let said = Said::new();
        assert_eq!(
            (said.frame.as_str(), said.frame_end.as_str()),
            ("Frame ", "\n")
        );
        assert_eq!(said.between_frames, "\n");
        assert_eq!(said.turn_ends, ["'s turn\n", "'s turn, in-hand\n"]);
        assert_eq!(
            (said.wins.as_str(), said.foul.as_str()),
            (" wins\n", "Foul!\n")
        );
        assert_eq!(
            (said.colon.as_str(), said.score_end.as_str()),
            (" : ", "\n")
        );
        assert_eq!(said.tie.text(), b"Tie\nRespot Black\n");
        assert_eq!(said.respots[0].len, 0);
        assert_eq!(said.respots[0b10_0001].text(), b"Respot Yellow Black\n");
    }
}
