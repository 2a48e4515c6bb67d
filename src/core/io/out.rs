//! The output buffer: the solvers' lines are gathered in one buffer and
//! handed to the writer in big blocks, always at line boundaries, so that
//! a small write is a copy and nothing more.

use super::error::Error;
use std::io::Write;

/// The size of the blocks handed to the writer: each write to a pipe
/// wakes its reader, which on one core then runs at once, so few big
/// writes beat many small ones; but every page of the buffer is memory
/// to be given by the system and kept in the processor's caches. Twice
/// what a pipe holds on Linux (64 KiB).
const BLOCK: usize = 1 << 17;

/// The most digits a u64 has.
const MAX_DIGITS: usize = 20;

/// `n` below 1000 in decimal: the digits in the low bytes, their count in
/// the top byte. Each number's digits are those of `n / 10`, then one.
const fn small_decimals() -> [u32; 1000] {
    let mut table = [0u32; 1000];
    let mut n = 0;
    while n < 1000 {
        let (high, len) = if n < 10 {
            (0, 0)
        } else {
            (table[n / 10] & 0xff_ffff, table[n / 10] >> 24)
        };
        table[n] = high | (b'0' as u32 + (n % 10) as u32) << (8 * len) | (len + 1) << 24;
        n += 1;
    }
    table
}

static SMALL: [u32; 1000] = small_decimals();

/// Every number below 1000 as three digits, leading zeros included.
const fn three_digit_table() -> [[u8; 3]; 1000] {
    let mut table = [[0u8; 3]; 1000];
    let mut n = 0;
    while n < 1000 {
        table[n] = [
            b'0' + (n / 100) as u8,
            b'0' + (n / 10 % 10) as u8,
            b'0' + (n % 10) as u8,
        ];
        n += 1;
    }
    table
}

static THREE_DIGITS: [[u8; 3]; 1000] = three_digit_table();

/// `n` as three digits, leading zeros included, for `n` below 1000.
#[inline(always)]
pub(crate) fn three_digits(n: u64) -> Option<[u8; 3]> {
    THREE_DIGITS.get(n as usize).copied()
}

/// `n` in decimal as the low bytes of a word, and how many they are, for
/// `n` below 1000.
#[inline(always)]
pub(crate) fn small_decimal(n: u64) -> Option<(u64, usize)> {
    let entry = *SMALL.get(n as usize)?;
    Some((u64::from(entry & 0xff_ffff), (entry >> 24) as usize))
}

/// Gathers output and writes it in blocks. `buf[..gathered]` is gathered;
/// `buf` is kept longer than that, so that short pieces are copied at a
/// fixed width and only their length counted.
pub struct Output<W: Write> {
    out: W,
    buf: Vec<u8>,
    gathered: usize,
}

impl<W: Write> Output<W> {
    pub(crate) fn new(out: W) -> Output<W> {
        // Room for a block and a piece of up to a block. Zeroed memory this
        // big comes from the system untouched: a page is taken only when
        // output is first written to it, so a small output costs little.
        Output {
            out,
            buf: vec![0; 2 * BLOCK],
            gathered: 0,
        }
    }

    /// The free room after what is gathered, at least `n` bytes of it: a
    /// solver may write there and then `advance` past what it wrote.
    #[inline(always)]
    pub(crate) fn reserve(&mut self, n: usize) -> &mut [u8] {
        if self.gathered + n > self.buf.len() {
            self.grow(n);
        }
        &mut self.buf[self.gathered..]
    }

    /// `reserve` for a fixed width `N`, as an array, so that writes at
    /// fixed places in it need no bounds check.
    #[inline(always)]
    pub(crate) fn room<const N: usize>(&mut self) -> &mut [u8; N] {
        let room = &mut self.reserve(N)[..N];
        room.try_into().expect("N bytes")
    }

    /// Makes room for a piece longer than a block, out of the writers' way.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, n: usize) {
        self.buf.resize(self.gathered + n, 0);
    }

    /// Counts `n` bytes written into `reserve`'s room as gathered.
    #[inline(always)]
    pub(crate) fn advance(&mut self, n: usize) {
        self.gathered += n;
    }

    #[inline(always)]
    pub(crate) fn put(&mut self, bytes: &[u8]) {
        self.reserve(bytes.len())[..bytes.len()].copy_from_slice(bytes);
        self.gathered += bytes.len();
    }

    /// Puts the first `n` (at most 8) bytes of `bytes`, little-endian.
    #[inline(always)]
    pub(crate) fn put_word(&mut self, bytes: u64, n: usize) {
        self.reserve(8)[..8].copy_from_slice(&bytes.to_le_bytes());
        self.gathered += n;
    }

    /// Puts `n` in decimal.
    pub(crate) fn put_u64(&mut self, mut n: u64) {
        // The digits end a room of 20 bytes (the most a u64 has) and some
        // to spare, which is copied whole from where they start: a copy of
        // a fixed width, whatever the number's length. They are written
        // three at a time from the last, the first three without their
        // leading zeros.
        let mut digits = [0u8; 3 + 2 * MAX_DIGITS];
        let end = 3 + MAX_DIGITS;
        let mut at = end;
        while n >= 1000 {
            at -= 3;
            digits[at..at + 3].copy_from_slice(&THREE_DIGITS[(n % 1000) as usize]);
            n /= 1000;
        }
        let (_, len) = small_decimal(n).expect("a number below 1000");
        at -= 3;
        digits[at..at + 3].copy_from_slice(&THREE_DIGITS[n as usize]);
        at += 3 - len;
        let room: &mut [u8; MAX_DIGITS] = self.room();
        room.copy_from_slice(&digits[at..at + MAX_DIGITS]);
        self.advance(end - at);
    }

    /// Hands the gathered bytes to the writer once there is a block of
    /// them. The solvers call it after whole lines only: what the writer
    /// has is always whole lines (R0.3).
    #[inline(always)]
    pub(crate) fn end_lines(&mut self) -> Result<(), Error> {
        if self.gathered < BLOCK {
            return Ok(());
        }
        self.write_out()
    }

    /// Hands everything gathered to the writer, and forgets it even when
    /// the write fails, so that nothing is written twice.
    #[inline(never)]
    fn write_out(&mut self) -> Result<(), Error> {
        let gathered = std::mem::replace(&mut self.gathered, 0);
        self.out
            .write_all(&self.buf[..gathered])
            .map_err(Error::Write)
    }

    /// Writes out everything gathered and flushes the writer; then hands
    /// back `result`. Every run ends through here, so all output for the
    /// input before an error is written before the error is reported. An
    /// output that could not be written is said first, before any input
    /// error: as it would have been had it been written earlier.
    pub(crate) fn finish(mut self, result: Result<(), Error>) -> Result<(), Error> {
        let written = self
            .write_out()
            .and_then(|()| self.out.flush().map_err(Error::Write));
        written.and(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_output_that_cannot_be_written_is_said_before_an_input_error() {
        struct Full;
        impl Write for Full {
            fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
                Err(std::io::ErrorKind::WriteZero.into())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let mut out = Output::new(Full);
        out.put(b"Frame 1\n");
        let bad_input = Err(Error::at(5, 1, "expected a ball".to_string()));
        assert!(matches!(out.finish(bad_input), Err(Error::Write(_))));
        let nothing = Output::new(Full);
        let bad_input = Err(Error::at(5, 1, "expected a ball".to_string()));
        assert!(matches!(
            nothing.finish(bad_input),
            Err(Error::Input { .. })
        ));
    }

    #[test]
    fn the_buffer_grows_only_for_a_piece_longer_than_a_block() {
        let mut out = Output::new(std::io::sink());
        for _ in 0..10_000 {
            out.put(&[b'x'; 100]);
            out.end_lines().unwrap();
        }
        out.put(&[b'x'; BLOCK]);
        assert_eq!(out.buf.len(), 2 * BLOCK, "pieces of up to a block fit");
        out.put(&[b'x'; BLOCK + 1]);
        assert_eq!(out.buf.len(), out.gathered);
    }

    #[test]
    fn numbers_are_written_in_decimal_at_every_width() {
        let mut written = Vec::new();
        let mut out = Output::new(&mut written);
        let mut numbers: Vec<u64> = (0..200_000).collect();
        let mut power: u64 = 1_000_000;
        while let Some(next) = power.checked_mul(10) {
            numbers.extend([power - 1, power, power + 1, power + 7070, next / 3]);
            power = next;
        }
        numbers.extend([u64::MAX - 1, u64::MAX]);
        let mut expected = String::new();
        for &n in &numbers {
            out.put_u64(n);
            out.put(b" ");
            expected.push_str(&format!("{} ", n));
        }
        out.finish(Ok(())).unwrap();
        assert!(written == expected.as_bytes());
    }

    #[test]
    fn the_table_holds_every_small_number() {
        for n in 0..1000u64 {
            let (digits, len) = small_decimal(n).unwrap();
            assert_eq!(digits.to_le_bytes()[..len], *n.to_string().as_bytes());
            assert_eq!(digits >> (8 * len), 0, "{}", n);
        }
        assert_eq!(small_decimal(1000), None);
    }

    #[test]
    fn blocks_go_out_at_line_ends_and_the_rest_on_finish() {
        let mut written = Vec::new();
        let mut out = Output::new(&mut written);
        out.put(b"short\n");
        out.end_lines().unwrap();
        assert_eq!(out.gathered, 6, "a short output stays gathered");
        let long = vec![b'x'; 3 * BLOCK];
        out.put(&long);
        out.put_word(u64::from_le_bytes(*b"\nabcdefg"), 1);
        out.end_lines().unwrap();
        assert_eq!(out.gathered, 0, "a full block goes to the writer");
        out.put(b"end\n");
        let result = out.finish(Err(Error::at(1, 1, "bad".to_string())));
        assert!(
            result.is_err(),
            "the run's error comes back after the flush"
        );
        assert_eq!(written.len(), 6 + 3 * BLOCK + 1 + 4);
        assert!(written.ends_with(b"x\nend\n"));
    }
}
