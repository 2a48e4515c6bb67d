//! Reading lines in place, for the fast paths: they read the line
//! reader's unread bytes (`Lines::unread`), eight at a time where they
//! can, and hand what they took back through `Lines::consume`.

use super::lines::{is_blank, MAX_LINE};

/// Eight bytes as a little-endian word.
#[inline(always)]
pub(crate) fn word(bytes: &[u8]) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&bytes[..8]);
    u64::from_le_bytes(w)
}

/// Where the blanks from `at` on end in a reader's unread bytes, a LF
/// not counted as one (it ends the line): `at` if none are there.
///
/// This and the next two read a line in one of two forms: with `ANY`
/// false, only the plainest (one space or tab between tokens, none before
/// the first or after the last, a LF or CR LF at the end); with `ANY`
/// true, blanks of any kind and number (R0.1), a CR before the LF among
/// them. A fast path reads a line in the plainest form first, the
/// commonest by far, and in the other only when that fails.
#[inline(always)]
pub(crate) fn after_blanks<const ANY: bool>(bytes: &[u8], mut at: usize) -> usize {
    while ANY && matches!(bytes.get(at), Some(&b) if b != b'\n' && is_blank(b)) {
        at += 1;
    }
    at
}

/// Where the next token starts when `at` is the end of one: past the
/// blanks between them, at least one; `None` if no blank is at `at`.
#[inline(always)]
pub(crate) fn after_gap<const ANY: bool>(bytes: &[u8], at: usize) -> Option<usize> {
    match *bytes.get(at)? {
        b' ' | b'\t' if !ANY => Some(at + 1),
        byte if ANY && byte != b'\n' && is_blank(byte) => Some(after_blanks::<ANY>(bytes, at)),
        _ => None,
    }
}

/// Where the next line starts when only blanks, if any, are left of this
/// one from `at` on: just past its LF. The plainest form takes a CR LF
/// too. `bytes` starts where the line does, and a line that does not
/// `fit` is left to the general reading.
#[inline(always)]
pub(crate) fn after_line_end<const ANY: bool>(bytes: &[u8], at: usize) -> Option<usize> {
    let end = after_blanks::<ANY>(bytes, at);
    let newline = match *bytes.get(end)? {
        b'\n' => end,
        b'\r' if !ANY && bytes.get(end + 1) == Some(&b'\n') => end + 1,
        _ => return None,
    };
    fits(newline).then_some(newline + 1)
}

/// Whether a fast path may take a line whose LF is `newline` bytes from
/// its start: not when its text may be longer than `MAX_LINE`, which the
/// general reading refuses.
#[inline(always)]
pub(crate) fn fits(newline: usize) -> bool {
    newline <= MAX_LINE
}

/// The high bit of every byte of the word `w` at or below b' ' (a blank,
/// a line end or another control byte), and maybe of bytes after the
/// first such: only the lowest bit set is exact. A byte of ASCII below
/// 0x21 borrows when 0x21 is taken from it; a byte over 0x7f is never
/// marked.
#[inline(always)]
pub(crate) fn at_or_below_space(w: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    w.wrapping_sub(ONES * 0x21) & !w & (ONES * 0x80)
}

/// Where the first byte at or below b' ' is in `bytes`, looked for eight
/// bytes at a time.
#[inline(always)]
pub(crate) fn first_at_or_below_space(bytes: &[u8]) -> Option<usize> {
    let mut at = 0;
    while let Some(eight) = bytes.get(at..at + 8) {
        let found = at_or_below_space(word(eight));
        if found != 0 {
            return Some(at + found.trailing_zeros() as usize / 8);
        }
        at += 8;
    }
    let rest = bytes[at..].iter().position(|&b| b <= b' ');
    rest.map(|i| at + i)
}

/// 2^64 over the golden ratio: multiplied by it, a word's bits all count
/// in the product's high bits, which the fast paths' tables are indexed
/// by.
pub(crate) const MIX: u64 = 0x9e37_79b9_7f4a_7c15;

/// How many of the low bytes of `word` are ASCII digits before the first
/// that is not (8 if all are). With `t` each byte minus b'0', a byte is a
/// digit when `t` is below 10: its top bit is clear, and stays clear with
/// 0x76 added. A byte below b'0' borrows from the next and one from 0xba
/// up carries into it, but no digit does, so the lowest byte that shows a
/// high bit is the first that is not one.
#[inline(always)]
pub(crate) fn leading_digits(word: u64) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let t = word.wrapping_sub(ONES * u64::from(b'0'));
    let others = (t | t.wrapping_add(ONES * 0x76)) & (ONES * 0x80);
    others.trailing_zeros() as usize / 8
}

/// The number the low `count` bytes of `word` write, `count` (1 to 8)
/// ASCII digits that `leading_digits` counted, the first the most
/// significant, found without a step for each digit: the digits' values
/// are moved to the top of the word (zeros before them), then
/// neighbours are joined three times, each a multiply: pairs of digits
/// into numbers below 100, pairs of those into numbers below 10,000, and
/// the two halves. (A borrow from the bytes after the digits goes up, and
/// out of the word.)
#[inline(always)]
pub(crate) fn digits_value(word: u64, count: usize) -> u64 {
    debug_assert!((1..=8).contains(&count), "{}", count);
    const ONES: u64 = 0x0101_0101_0101_0101;
    let digits = word.wrapping_sub(ONES * u64::from(b'0')) << (8 * (8 - count));
    let pairs = (digits.wrapping_mul(10 << 8 | 1) >> 8) & 0x00ff_00ff_00ff_00ff;
    let fours = (pairs.wrapping_mul(100 << 16 | 1) >> 16) & 0x0000_ffff_0000_ffff;
    fours.wrapping_mul(10_000 << 32 | 1) >> 32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_byte_at_or_below_a_space_is_found_anywhere() {
        for at in 0..20 {
            for byte in [b' ', b'\t', b'\n', 0, b'\x1f'] {
                let mut bytes = [b'a'; 20];
                bytes[at] = byte;
                // A byte over 0x7f, or a later blank, changes nothing.
                bytes[(at + 3) % 20] = if at + 3 < 20 { b' ' } else { 0xc3 };
                let found = first_at_or_below_space(&bytes);
                assert_eq!(found, Some(at), "{} {}", at, byte);
            }
        }
        assert_eq!(first_at_or_below_space(b"abcdefgh\xc3\xa9ijklmn!"), None);
        assert_eq!(first_at_or_below_space(b""), None);
    }

    #[test]
    fn blanks_gaps_and_line_ends_in_place() {
        let bytes = b"ann \t\x0b bob\r\n \n";
        assert_eq!(after_blanks::<true>(bytes, 3), 7);
        assert_eq!(after_blanks::<false>(bytes, 3), 3);
        assert_eq!(after_gap::<true>(bytes, 3), Some(7));
        assert_eq!(after_gap::<false>(bytes, 3), Some(4));
        assert_eq!(after_gap::<true>(bytes, 2), None);
        assert_eq!(after_gap::<true>(b"a\n", 1), None);
        assert_eq!(after_gap::<false>(b"a\tb", 1), Some(2));
        assert_eq!(after_gap::<false>(b"a\rb", 1), None);
        assert_eq!(after_line_end::<true>(bytes, 10), Some(12));
        assert_eq!(after_line_end::<false>(bytes, 9), None);
        assert_eq!(after_line_end::<false>(bytes, 10), Some(12));
        assert_eq!(after_line_end::<false>(bytes, 11), Some(12));
        assert_eq!(after_line_end::<true>(bytes, 12), Some(14));
        assert_eq!(after_line_end::<true>(bytes, 9), None);
        assert_eq!(after_line_end::<true>(b"a  ", 1), None);
        let mut long = vec![b' '; MAX_LINE + 1];
        long.push(b'\n');
        assert_eq!(after_line_end::<true>(&long, 0), None);
        assert_eq!(after_line_end::<true>(&long[1..], 0), Some(MAX_LINE + 1));
    }

    #[test]
    fn leading_digits_are_counted_up_to_the_first_other_byte() {
        let stops = [b'/', b':', b' ', b'\0', b'a', 0x7f, 0x80, 0xaf, 0xb0, 0xff];
        for stop in stops {
            for at in 0..=8 {
                // The bytes after the first stop: any of them, or digits.
                for after in stops.into_iter().chain([b'5']) {
                    let mut bytes = *b"90123456";
                    for (i, byte) in bytes.iter_mut().enumerate().skip(at) {
                        *byte = if i == at { stop } else { after };
                    }
                    assert_eq!(leading_digits(u64::from_le_bytes(bytes)), at);
                }
            }
        }
    }

    #[test]
    fn digits_are_read_as_the_number_they_write() {
        for number in [
            0u64, 7, 10, 42, 99, 100, 305, 4096, 65_535, 1_000_000, 9_999_999, 12_345_678,
            99_999_999,
        ] {
            let text = number.to_string();
            for after in [b' ', b'\n', b'\r', b'.', b'\0', b'/', 0xff] {
                let mut bytes = [after; 8];
                bytes[..text.len()].copy_from_slice(text.as_bytes());
                let word = u64::from_le_bytes(bytes);
                assert_eq!(leading_digits(word), text.len(), "{}", number);
                assert_eq!(
                    digits_value(word, text.len()),
                    number,
                    "{} {}",
                    number,
                    after
                );
            }
        }
        // Leading zeros, and every count of a run of digits.
        let word = u64::from_le_bytes(*b"00705123");
        let expected = [0, 0, 7, 70, 705, 7_051, 70_512, 705_123];
        for (count, &value) in (1..=8).zip(expected.iter()) {
            assert_eq!(digits_value(word, count), value, "{}", count);
        }
    }
}
