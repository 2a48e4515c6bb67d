//! Unit tests of `scan`: the scanner against the general reading.

use super::super::super::parse::stroke;
use super::*;

/// `line` followed by enough bytes for the word-at-a-time reads.
pub(in super::super) fn padded(line: &str) -> Vec<u8> {
    let mut bytes = line.as_bytes().to_vec();
    bytes.extend_from_slice(&[b'x'; 80]);
    bytes
}

/// Every line of one to four words of the format, in the plainest
/// form and with other blanks and letter case: read here as the
/// general reading reads it, or left to it when it is an error there.
#[test]
fn lines_of_up_to_four_words_are_read_as_the_general_reading_reads_them() {
    use super::super::super::parse::parse_event;
    use crate::core::io::Line;
    let mut count = 0;
    for n in 1..=4u32 {
        for index in 0..WORDS.len().pow(n) {
            // The line's words, `index` written in base 11.
            let words: Vec<&str> = (0..n)
                .map(|place| WORDS[index / WORDS.len().pow(place) % WORDS.len()])
                .collect();
            let expected = parse_event(&Line::new(1, words.join(" ").as_bytes())).ok();
            let plain = format!("{}\n", words.join(" "));
            let loose = format!(" {}\t\r\n", words.join(" \x0b ").to_uppercase());
            for text in [plain, loose] {
                let read = fast_event(&padded(&text)).map(|(event, ..)| event);
                assert_eq!(read, expected.map(Some), "{:?}", text);
                count += 1;
            }
        }
    }
    assert_eq!(count, 2 * (11 + 11 * 11 + 11 * 11 * 11 + 11 * 11 * 11 * 11));
}

#[test]
fn event_lines_and_blank_lines_are_read_others_are_left() {
    let red_red = Some(Event::Stroke(stroke("Red Red")));
    for (line, event, stop) in [
        ("Red Red\n", red_red, 7),
        ("\tRED  red \r\n", red_red, 10),
        ("play again\n", Some(Event::PlayAgain), 10),
        ("\n", None, 0),
        ("\r\n", None, 0),
        (" \t \x0b\x0c\n", None, 5),
    ] {
        let read = fast_event(&padded(line));
        assert_eq!(read, Some((event, stop, line.len())), "{:?}", line);
    }
    for line in ["Play\n", "Red Play\n", "White\n", "Red x\n", "Red\x01\n"] {
        assert_eq!(fast_event(&padded(line)), None, "{:?}", line);
    }
}
