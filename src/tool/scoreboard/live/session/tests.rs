//! Tests of a session's own parts: reading entries.

use super::*;

/// Reads what it is given, and after each piece an end of input, as
/// a terminal does at Ctrl-D.
struct Terminal(Vec<&'static [u8]>);

impl Read for Terminal {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        match self.0.first_mut() {
            Some(&mut []) => {
                self.0.remove(0);
                Ok(0)
            }
            Some(piece) => {
                let n = piece.len().min(buffer.len());
                buffer[..n].copy_from_slice(&piece[..n]);
                *piece = &piece[n..];
                Ok(n)
            }
            None => Ok(0),
        }
    }
}

#[test]
fn a_line_the_end_of_input_ended_is_the_last() {
    let mut input = io::BufReader::new(Terminal(vec![b"r r\nk k", b"n\n"]));
    let mut line = Vec::new();
    assert_eq!(read_entry(&mut input, &mut line).unwrap(), Got::Line);
    assert_eq!(read_entry(&mut input, &mut line).unwrap(), Got::LastLine);
    assert_eq!(line, b"k k");
}
