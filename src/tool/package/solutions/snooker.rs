// Snooker referee: a solution written apart from the referee, std only.
// Plays every frame stroke by stroke on a table of reds and colours and
// prints what the referee says after each line.

use std::io::{self, Read, Write};

const COLOURS: [&str; 6] = ["Yellow", "Green", "Brown", "Blue", "Pink", "Black"];
const BLACK: u32 = 7;

/// What the striker must hit first.
#[derive(Clone, Copy, PartialEq)]
enum On {
    Reds,
    /// A colour after a potted red: the first colour hit is nominated.
    AnyColour,
    /// Phase two: the colour of this value.
    Colour(u32),
}

struct Frame {
    names: [String; 2],
    scores: [u32; 2],
    reds: u32,
    /// Colours on the table, by value (2 to 7).
    colours: [bool; 8],
    on: On,
    striker: usize,
    /// After a foul: the offender and whether the white went down.
    last_foul: Option<(usize, bool)>,
    lot_due: bool,
    over: bool,
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let blank = |line: &&str| line.trim().is_empty();
    let mut lines = input.lines().peekable();
    let frames: usize = lines.find(|l| !blank(l)).unwrap().trim().parse().unwrap();
    let mut out = String::new();
    for k in 1..=frames {
        if k > 1 {
            out.push('\n');
        }
        // A frame is the lines up to the next blank line (S1), read from
        // its names line on: a solution whose rules end a frame early or
        // late (a wrong one) still reads the next frame from its start.
        while lines.next_if(blank).is_some() {}
        let mut names = lines.next().unwrap().split_whitespace();
        let (a, b) = (names.next().unwrap(), names.next().unwrap());
        let mut frame = Frame {
            names: [a.to_string(), b.to_string()],
            scores: [0, 0],
            reds: 15,
            colours: [false, false, true, true, true, true, true, true],
            on: On::Reds,
            striker: 0,
            last_foul: None,
            lot_due: false,
            over: false,
        };
        out.push_str(&format!("Frame {}\n{}'s turn, in-hand\n", k, a));
        while let Some(line) = lines.next_if(|l| !blank(l)) {
            if !frame.over {
                frame.line(line, &mut out);
            }
        }
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}

/// A ball's value from its name: 1 for a red, 0 for the white, the
/// colours 2 to 7; `None` for the word `None` (and for a word that names
/// no ball, which only a solution out of step with the frame meets).
fn value(name: &str) -> Option<u32> {
    let name = name.to_ascii_lowercase();
    match name.as_str() {
        "red" => Some(1),
        "white" => Some(0),
        _ => COLOURS
            .iter()
            .position(|c| c.to_ascii_lowercase() == name)
            .map(|at| at as u32 + 2),
    }
}

impl Frame {
    fn line(&mut self, line: &str, out: &mut String) {
        let words: Vec<&str> = line.split_whitespace().collect();
        if self.lot_due {
            self.lot_due = false;
            self.striker = if words[0] == self.names[0] { 0 } else { 1 };
            self.turn(true, out);
        } else if words.len() == 2
            && words[0].eq_ignore_ascii_case("play")
            && words[1].eq_ignore_ascii_case("again")
        {
            // After a foul, which valid input always has there.
            if let Some((offender, white)) = self.last_foul.take() {
                self.striker = offender;
                self.turn(white, out);
            }
        } else {
            self.last_foul = None;
            let first = value(words[0]);
            let potted: Vec<u32> = words[1..].iter().filter_map(|w| value(w)).collect();
            self.stroke(first, &potted, out);
        }
    }

    fn turn(&self, in_hand: bool, out: &mut String) {
        let hand = if in_hand { ", in-hand" } else { "" };
        out.push_str(&format!("{}'s turn{}\n", self.names[self.striker], hand));
    }

    fn lowest_colour(&self) -> u32 {
        (2..=BLACK).find(|&v| self.colours[v as usize]).unwrap_or(BLACK)
    }

    fn only_black_left(&self) -> bool {
        self.reds == 0 && self.on == On::Colour(BLACK)
    }

    fn stroke(&mut self, first: Option<u32>, potted: &[u32], out: &mut String) {
        let last_black = self.only_black_left();
        // The value of the ball on; with a colour open, the colour first
        // hit is nominated, else the yellow.
        let on_value = match self.on {
            On::Reds => 1,
            On::AnyColour => match first {
                Some(v) if v >= 2 => v,
                _ => 2,
            },
            On::Colour(v) => v,
        };
        let is_on = |v: u32| v == on_value;
        let mut foul = false;
        let mut penalty = 4.max(on_value);
        match first {
            None => foul = true,
            Some(v) if !is_on(v) => {
                foul = true;
                penalty = penalty.max(v);
            }
            _ => {}
        }
        for &v in potted {
            if v == 0 || !is_on(v) {
                foul = true;
                penalty = penalty.max(if v == 0 { 4 } else { v });
            }
        }
        let opponent = 1 - self.striker;
        let reds_potted = potted.iter().filter(|&&v| v == 1).count() as u32;
        self.reds -= reds_potted;
        if foul {
            out.push_str("Foul!\n");
            self.scores[opponent] += penalty;
            self.score(out);
            if last_black {
                self.end(out);
                return;
            }
            let mut respot: Vec<u32> = potted.iter().copied().filter(|&v| v >= 2).collect();
            respot.sort();
            self.respot(&respot, out);
            self.on = if self.reds > 0 {
                On::Reds
            } else {
                On::Colour(self.lowest_colour())
            };
            let white = potted.contains(&0);
            self.last_foul = Some((self.striker, white));
            self.striker = opponent;
            self.turn(white, out);
            return;
        }
        let points: u32 = potted.iter().sum();
        self.scores[self.striker] += points;
        self.score(out);
        if points == 0 {
            if !last_black {
                self.on = if self.reds > 0 {
                    On::Reds
                } else {
                    On::Colour(self.lowest_colour())
                };
            }
            self.striker = opponent;
            self.turn(false, out);
            return;
        }
        match self.on {
            On::Reds => self.on = On::AnyColour,
            On::AnyColour => {
                self.respot(&[on_value], out);
                self.on = if self.reds > 0 {
                    On::Reds
                } else {
                    On::Colour(self.lowest_colour())
                };
            }
            On::Colour(v) => {
                if last_black {
                    self.end(out);
                    return;
                }
                self.colours[v as usize] = false;
                self.on = On::Colour(self.lowest_colour());
            }
        }
    }

    fn score(&self, out: &mut String) {
        out.push_str(&format!("{} : {}\n", self.scores[0], self.scores[1]));
    }

    fn respot(&self, colours: &[u32], out: &mut String) {
        if colours.is_empty() {
            return;
        }
        out.push_str("Respot");
        for &v in colours {
            out.push(' ');
            out.push_str(COLOURS[v as usize - 2]);
        }
        out.push('\n');
    }

    /// The frame ends after a score or foul on the last black.
    fn end(&mut self, out: &mut String) {
        let [a, b] = self.scores;
        if a == b {
            out.push_str("Tie\nRespot Black\n");
            self.lot_due = true;
            return;
        }
        let winner = if a > b { 0 } else { 1 };
        out.push_str(&format!("{} wins\n", self.names[winner]));
        self.over = true;
    }
}
