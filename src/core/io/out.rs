//! The output buffer: the solvers' lines are gathered in one buffer and
//! handed to the writer in big blocks, always at line boundaries, so that
//! a small write is a copy and nothing more.

use super::error::Error;
use std::io::Write;

/// The size of the blocks handed to the writer.
const BLOCK: usize = 1 << 16;

/// The buffer's size at first: a contest's output fits; it grows, a few
/// times, for a bigger one.
const FIRST: usize = 1 << 12;

/// `n` below 1000 in decimal: the digits in the low bytes, their count in
/// the top byte.
const fn small_decimals() -> [u32; 1000] {
    let mut table = [0u32; 1000];
    let mut n = 0;
    while n < 1000 {
        let (digits, len) = if n < 10 {
            (48 + n as u32, 1)
        } else if n < 100 {
            ((48 + (n / 10) as u32) | ((48 + (n % 10) as u32) << 8), 2)
        } else {
            let high = 48 + (n / 100) as u32;
            (
                high | ((48 + (n / 10 % 10) as u32) << 8) | ((48 + (n % 10) as u32) << 16),
                3,
            )
        };
        table[n] = digits | len << 24;
        n += 1;
    }
    table
}

static SMALL: [u32; 1000] = small_decimals();

/// `n` in decimal as the low bytes of a word, and how many they are, for
/// `n` below 1000.
#[inline(always)]
pub fn small_decimal(n: u64) -> Option<(u64, usize)> {
    let entry = *SMALL.get(n as usize)?;
    Some((u64::from(entry & 0xff_ffff), (entry >> 24) as usize))
}

/// Gathers output and writes it in blocks. `buf[..len]` is gathered;
/// `buf` is kept longer than that, so that short pieces are copied at a
/// fixed width and only their length counted.
pub struct Output<W: Write> {
    out: W,
    buf: Vec<u8>,
    len: usize,
}

impl<W: Write> Output<W> {
    pub fn new(out: W) -> Output<W> {
        Output {
            out,
            buf: vec![0; FIRST],
            len: 0,
        }
    }

    /// Makes room for `n` more bytes.
    #[inline(always)]
    fn room(&mut self, n: usize) {
        if self.len + n > self.buf.len() {
            self.grow(n);
        }
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self, n: usize) {
        let size = (self.len + n).max(2 * self.buf.len());
        self.buf.resize(size, 0);
    }

    #[inline(always)]
    pub fn put(&mut self, bytes: &[u8]) {
        self.room(bytes.len());
        self.buf[self.len..self.len + bytes.len()].copy_from_slice(bytes);
        self.len += bytes.len();
    }

    /// Puts the first `n` (at most 8) bytes of `bytes`, little-endian.
    #[inline(always)]
    pub fn put_word(&mut self, bytes: u64, n: usize) {
        self.room(8);
        self.buf[self.len..self.len + 8].copy_from_slice(&bytes.to_le_bytes());
        self.len += n;
    }

    /// The free room after what is gathered, at least `n` bytes of it: a
    /// solver may write there and then `advance` past what it wrote.
    #[inline(always)]
    pub fn reserve(&mut self, n: usize) -> &mut [u8] {
        self.room(n);
        &mut self.buf[self.len..]
    }

    /// Counts `n` bytes written into `reserve`'s room as gathered.
    #[inline(always)]
    pub fn advance(&mut self, n: usize) {
        self.len += n;
    }

    /// Puts `n` in decimal; numbers below 1000 from a table.
    #[inline(always)]
    pub fn put_u64(&mut self, n: u64) {
        match small_decimal(n) {
            Some((digits, len)) => self.put_word(digits, len),
            None => self.put_large(n),
        }
    }

    /// `put_u64` from 1000 on: three digits at a time, the first group
    /// from the table.
    #[inline(never)]
    fn put_large(&mut self, mut n: u64) {
        let mut digits = [0u8; 24];
        let mut start = digits.len();
        while n >= 1000 {
            let group = (n % 1000) as u32;
            n /= 1000;
            start -= 3;
            digits[start] = b'0' + (group / 100) as u8;
            digits[start + 1] = b'0' + (group / 10 % 10) as u8;
            digits[start + 2] = b'0' + (group % 10) as u8;
        }
        let head = SMALL[n as usize];
        let len = (head >> 24) as usize;
        start -= len;
        digits[start..start + len].copy_from_slice(&head.to_le_bytes()[..len]);
        self.put(&digits[start..]);
    }

    /// Hands the gathered bytes to the writer once there is a block of
    /// them. The solvers call it after whole lines only: what the writer
    /// has is always whole lines (R0.3).
    #[inline(always)]
    pub fn end_lines(&mut self) -> Result<(), Error> {
        if self.len >= BLOCK {
            self.write_out()?;
        }
        Ok(())
    }

    #[inline(never)]
    fn write_out(&mut self) -> Result<(), Error> {
        let result = self.out.write_all(&self.buf[..self.len]);
        self.len = 0;
        result.map_err(Error::Write)
    }

    /// Writes out everything gathered and flushes the writer; then hands
    /// back `result`. Every run ends through here, so all output for the
    /// input before an error is written before the error is reported.
    pub fn finish(mut self, result: Result<(), Error>) -> Result<(), Error> {
        let written = self
            .write_out()
            .and_then(|_| self.out.flush().map_err(Error::Write));
        result.and(written)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_in_decimal_at_every_width() {
        let mut written = Vec::new();
        let mut out = Output::new(&mut written);
        for n in [0, 9, 10, 99, 100, 999, 1000, 65536, u64::MAX] {
            out.put_u64(n);
            out.put(b" ");
        }
        out.finish(Ok(())).unwrap();
        assert_eq!(
            written,
            b"0 9 10 99 100 999 1000 65536 18446744073709551615 "
        );
    }

    #[test]
    fn blocks_go_out_at_line_ends_and_the_rest_on_finish() {
        let mut written = Vec::new();
        let mut out = Output::new(&mut written);
        out.put(b"short\n");
        out.end_lines().unwrap();
        assert_eq!(out.len, 6, "a short output stays gathered");
        let long = vec![b'x'; 3 * BLOCK];
        out.put(&long);
        out.put_word(u64::from_le_bytes(*b"\nabcdefg"), 1);
        out.end_lines().unwrap();
        assert_eq!(out.len, 0, "a full block goes to the writer");
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
