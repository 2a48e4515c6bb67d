//! What the fast path knows of a line: a cache of the lines seen
//! before, by their bytes ([`LineCache`]), each read the first time by
//! the word-at-a-time scanner (`scan`).

use super::super::parse::Event;
use super::super::rules::judged_stroke;
use super::scan::fast_event;
use crate::core::io::in_place::{word, MIX};
use crate::judge::snooker as judged;
use std::mem::size_of;
use std::ops::RangeInclusive;

/// Lines of up to 64 bytes, their line end included, by their bytes:
/// what they say, and the judge core's calls of a stroke line as the frame
/// asks for them (by the ball on). A line's meaning depends on its bytes
/// alone, and the same few lines come again and again, so most lines are
/// looked up, not read. A slot holds the last line that hashed to it;
/// only lines the fast path took are kept. Lines of up to 16 bytes (the
/// most), of 17 to 32 and of 33 to 64 have a table each, with keys as
/// long as they need.
pub(super) struct LineCache {
    short: Vec<Slot<2>>,
    /// How far a hash is shifted down to index the short table: 64 less
    /// the number of bits of its length, kept so as not to count them anew.
    shift: u32,
    /// Lines of 17 to 32 bytes.
    long: LongTable<4>,
    /// Lines of 33 to 64 bytes.
    longest: LongTable<8>,
    /// Where a line over 64 bytes is put: read anew each time.
    spare: Known,
}

/// A table of lines over 16 bytes. Some inputs have few such lines, so
/// it is made small when the first comes, and made big only once reading
/// lines anew has cost about what a big table costs to set up.
struct LongTable<const WORDS: usize> {
    slots: Vec<Slot<WORDS>>,
    /// As `LineCache::shift`.
    shift: u32,
    /// Lines to be read into the table (each replacing the line its slot
    /// held, or filling an empty slot) before it is made big: none before
    /// it is made, and more than an input has once it is big.
    misses_left: usize,
}

/// A cached line: its bytes, zero past its newline (never all zero), as
/// `WORDS` little-endian words. A slot starts a cache line, and its
/// fields are laid out in the order written: a line of up to 32 bytes,
/// what every lookup of it reads and its first call share that cache
/// line.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Slot<const WORDS: usize> {
    key: [u64; WORDS],
    known: Known,
}

/// What the fast path knows of a line, the calls last (`Slot`).
#[derive(Clone, Copy)]
#[repr(C)]
pub(super) struct Known {
    /// `None` for a blank line (R0.1), which the fast path passes.
    pub(super) event: Option<Event>,
    /// Where the text ends (before a CR) and the line's whole length.
    pub(super) stop: u32,
    pub(super) len: u32,
    /// A stroke line's stroke as the judge core has it.
    pub(super) stroke: judged::Stroke,
    /// Its calls by the ball on (`on_index`), made as asked for.
    pub(super) calls: [Option<judged::frame::Call>; 8],
}

/// Nothing known: what an empty slot holds, its key matching no line.
const UNKNOWN: Known = Known {
    event: None,
    stop: 0,
    len: 0,
    stroke: judged::Stroke {
        first: None,
        reds: 0,
        colours: judged::balls::Colours(0),
        white: false,
    },
    calls: [None; 8],
};

impl Known {
    fn new(event: Option<Event>, stop: usize, len: usize) -> Known {
        let stroke = match event {
            Some(Event::Stroke(stroke)) => judged_stroke(&stroke),
            _ => UNKNOWN.stroke,
        };
        Known {
            event,
            stop: stop as u32,
            len: len as u32,
            stroke,
            calls: [None; 8],
        }
    }
}

/// The place of a ball on among a line's calls: the reds, a colour, then
/// each colour by value. (Written with one test of the two that are not
/// a colour, which compiles without a branch.)
#[inline(always)]
pub(super) fn on_index(on: judged::frame::On) -> usize {
    match on {
        judged::frame::On::Colour(colour) => colour.value() as usize,
        reds_or_any => usize::from(reds_or_any == judged::frame::On::AnyColour),
    }
}

/// The tables' sizes. Every slot is written when a table is made, so a
/// big table costs the time the system takes to give it memory. The
/// short table is small until the input has given twice the lines of a
/// contest's file (some 8,000 for `referee gen`'s file of the most frames
/// the statement allows), so that such a file costs little to set up, and
/// big from then on; the table of lines of 17 to 32 bytes has the same
/// two sizes and grows by its misses (`BYTES_PER_MISS`), and that of
/// longer lines stays small (`LONGEST_BITS`).
const SMALL_BITS: u32 = 8;
const BIG_BITS: u32 = 11;
const BIG_INPUT_LINES: usize = 1 << 14;

/// Lines of 33 to 64 bytes seldom come again (a stroke that pots many
/// balls, in one order of many): a bigger table finds few more of them
/// than a small one, so theirs stays small.
const LONGEST_BITS: u32 = SMALL_BITS;

/// Reading a line into the cache anew takes about as long as the system
/// takes to give 512 bytes of new memory: a table of longer lines is made
/// big once its misses since it was made, at this many bytes each, add
/// up to the big table's size.
const BYTES_PER_MISS: usize = 512;

/// The high bit of each byte of `w` that is a newline (and maybe of a
/// byte after one): the first set bit is the first newline.
#[inline(always)]
pub(super) fn newlines(w: u64) -> u64 {
    key_ends(w) & !(w ^ NEWLINE)
}

/// A word of newlines.
const NEWLINE: u64 = 0x0a0a_0a0a_0a0a_0a0a;

/// `newlines` for a cache key, two operations cheaper: the first set bit
/// is the first newline or a byte over 0x7f before it (no borrow comes
/// in below the first newline, and a byte is marked only when its xor
/// with a newline is 0x81 or more). Such a key ends in a byte no line
/// the fast path took has, so it matches no slot and `fast_event`
/// refuses the line.
#[inline(always)]
fn key_ends(w: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    (w ^ NEWLINE).wrapping_sub(ONES) & 0x8080_8080_8080_8080
}

/// The bytes of `w` through the byte whose high bit is the lowest set
/// bit of `found` (from `key_ends`), the rest zeroed; all of `w` if
/// `found` is zero.
#[inline(always)]
fn through_newline(w: u64, found: u64) -> u64 {
    w & (found ^ found.wrapping_sub(1))
}

/// How many bytes a key holds: through its last byte that is not zero,
/// the one that ended it (a newline, or a byte over 0x7f).
fn key_len(key: &[u64]) -> usize {
    let last = key.iter().rposition(|&w| w != 0).unwrap_or(0);
    8 * last + (71 - key[last].leading_zeros() as usize) / 8
}

impl Default for LineCache {
    fn default() -> LineCache {
        LineCache {
            short: Vec::new(),
            shift: 64,
            long: LongTable::default(),
            longest: LongTable::default(),
            spare: UNKNOWN,
        }
    }
}

impl LineCache {
    /// What is known of the line at the start of `bytes` (a reader's
    /// unread bytes), filled in if it was not there (a line over 64 bytes
    /// is read into the spare every time): `None` for a line the fast
    /// path does not take.
    #[inline(always)]
    pub(super) fn entry(&mut self, bytes: &[u8]) -> Option<&mut Known> {
        let both = bytes.get(..16)?;
        let low = word(&both[..8]);
        let found_low = key_ends(low);
        // A line of up to 8 bytes (`Red Red`, `Blue`, `None`) needs no
        // second word. The branch is well guessed in play, where pots of
        // a red and of a colour take turns.
        let key = if found_low != 0 {
            [through_newline(low, found_low), 0]
        } else {
            let high = word(&both[8..]);
            let found_high = key_ends(high);
            if found_high == 0 {
                return self.read_long(bytes, low, high);
            }
            [low, through_newline(high, found_high)]
        };
        let at = hash(&key) >> self.shift;
        fill(&mut self.short[at as usize], key, bytes)
    }

    /// Sizes the cache for an input that has given `lines` lines so far.
    pub(super) fn fit(&mut self, lines: usize) {
        let bits = if lines >= BIG_INPUT_LINES {
            BIG_BITS
        } else {
            SMALL_BITS
        };
        if self.short.len() < 1 << bits {
            self.short = empty_table(bits);
            self.shift = 64 - bits;
        }
    }

    /// A line over 16 bytes whose first 16 are `low` and `high`: from the
    /// table of lines of 17 to 32 bytes, or from `read_longest`.
    #[inline(never)]
    fn read_long(&mut self, bytes: &[u8], low: u64, high: u64) -> Option<&mut Known> {
        let rest = bytes.get(16..32)?;
        let (third, fourth) = (word(&rest[..8]), word(&rest[8..]));
        let key = match (key_ends(third), key_ends(fourth)) {
            (0, 0) => return self.read_longest(bytes, [low, high, third, fourth]),
            (0, found) => [low, high, third, through_newline(fourth, found)],
            (found, _) => [low, high, through_newline(third, found), 0],
        };
        self.long.entry(key, bytes, SMALL_BITS..=BIG_BITS)
    }

    /// A line over 32 bytes whose first 32 are `start`: from the table of
    /// lines of 33 to 64 bytes, or over 64 bytes into the spare (a line is
    /// far shorter than 4 GiB: the reader refuses lines over 1 MiB).
    #[inline(never)]
    fn read_longest(&mut self, bytes: &[u8], start: [u64; 4]) -> Option<&mut Known> {
        let rest = bytes.get(32..64)?;
        let mut key = [0; 8];
        key[..4].copy_from_slice(&start);
        for (at, eight) in rest.chunks_exact(8).enumerate() {
            let w = word(eight);
            match key_ends(w) {
                0 => key[4 + at] = w,
                found => {
                    key[4 + at] = through_newline(w, found);
                    return self.longest.entry(key, bytes, LONGEST_BITS..=LONGEST_BITS);
                }
            }
        }
        let (event, stop, len) = fast_event(bytes)?;
        self.spare = Known::new(event, stop, len);
        Some(&mut self.spare)
    }
}

impl<const WORDS: usize> Default for LongTable<WORDS> {
    fn default() -> LongTable<WORDS> {
        LongTable {
            slots: Vec::new(),
            shift: 64,
            misses_left: 0,
        }
    }
}

impl<const WORDS: usize> LongTable<WORDS> {
    /// As `LineCache::entry` for a line whose key is `key`, in a table of
    /// `bits` bits: made small by the first line, then big by its misses
    /// (if its big size is bigger).
    fn entry(
        &mut self,
        key: [u64; WORDS],
        bytes: &[u8],
        bits: RangeInclusive<u32>,
    ) -> Option<&mut Known> {
        if self.misses_left == 0 {
            self.grow(bits);
        }
        let slot = &mut self.slots[(hash(&key) >> self.shift) as usize];
        let missed = slot.key != key;
        let known = fill(slot, key, bytes)?;
        self.misses_left -= usize::from(missed);
        Some(known)
    }

    /// Makes the table small if it is not made, else big.
    #[cold]
    fn grow(&mut self, bits: RangeInclusive<u32>) {
        let (small, big) = bits.into_inner();
        let (bits, misses_left) = match self.slots.is_empty() {
            true if small == big => (small, usize::MAX),
            true => (
                small,
                (1 << big) * size_of::<Slot<WORDS>>() / BYTES_PER_MISS,
            ),
            false => (big, usize::MAX),
        };
        self.slots = empty_table(bits);
        self.shift = 64 - bits;
        self.misses_left = misses_left;
    }
}

/// A table of `bits` bits of empty slots.
fn empty_table<const WORDS: usize>(bits: u32) -> Vec<Slot<WORDS>> {
    let empty = Slot {
        key: [0; WORDS],
        known: UNKNOWN,
    };
    vec![empty; 1 << bits]
}

/// A key's hash, its words taken two at a time: a table's index is taken
/// from its high bits.
#[inline(always)]
fn hash<const WORDS: usize>(key: &[u64; WORDS]) -> u64 {
    let mut hash: u64 = 0;
    for pair in key.chunks_exact(2) {
        hash = (hash ^ pair[0] ^ pair[1].rotate_left(29)).wrapping_mul(MIX);
    }
    hash
}

/// `slot`'s line if its key is `key`, else the line at the start of
/// `bytes`, the key's length long, read into it; `None` if the fast path
/// does not take that line.
#[inline(always)]
fn fill<'a, const WORDS: usize>(
    slot: &'a mut Slot<WORDS>,
    key: [u64; WORDS],
    bytes: &[u8],
) -> Option<&'a mut Known> {
    if slot.key != key {
        let len = key_len(&key);
        let (event, stop, taken) = fast_event(bytes)?;
        if taken != len {
            return None;
        }
        *slot = Slot {
            key,
            known: Known::new(event, stop, len),
        };
    }
    Some(&mut slot.known)
}

#[cfg(test)]
mod tests;
