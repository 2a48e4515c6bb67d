//! Unit tests of `lines`: the cache.

use super::super::super::parse::stroke;
use super::super::scan::tests::padded;
use super::*;

#[test]
fn blank_lines_are_kept_in_the_cache_like_event_lines() {
    let mut cache = LineCache::default();
    cache.fit(BIG_INPUT_LINES);
    for line in ["\n", " \t\r\n", &format!("{}\n", " ".repeat(40))] {
        for _ in 0..2 {
            let known = cache.entry(&padded(line)).map(|k| (k.event, k.len));
            assert_eq!(known, Some((None, line.len() as u32)), "{:?}", line);
        }
    }
    let known = cache.entry(&padded("Red\n")).map(|k| k.event);
    assert_eq!(known, Some(Some(Event::Stroke(stroke("Red")))));
}

#[test]
fn the_short_table_is_small_for_a_contest_file_and_big_after_it() {
    let mut cache = LineCache::default();
    cache.fit(0);
    assert_eq!(cache.short.len(), 1 << SMALL_BITS);
    cache.fit(BIG_INPUT_LINES - 1);
    assert_eq!(cache.short.len(), 1 << SMALL_BITS);
    cache.fit(BIG_INPUT_LINES);
    assert_eq!(cache.short.len(), 1 << BIG_BITS);
    cache.fit(0);
    assert_eq!(cache.short.len(), 1 << BIG_BITS);
}

/// Lines of 20 bytes, all different: five reds, each in one of eight
/// letter cases (S13).
fn long_lines() -> impl Iterator<Item = Vec<u8>> {
    (0..1u32 << 15).map(|n| {
        let reds = (0..5).map(|place| match n >> (3 * place) & 7 {
            0 => "Red",
            1 => "rED",
            2 => "RED",
            3 => "red",
            4 => "ReD",
            5 => "rEd",
            6 => "REd",
            _ => "reD",
        });
        padded(&format!("{}\n", reds.collect::<Vec<_>>().join(" ")))
    })
}

#[test]
fn the_tables_of_long_lines_are_made_small_by_the_first_such_lines() {
    let mut cache = LineCache::default();
    cache.fit(BIG_INPUT_LINES);
    cache.entry(&padded("Red Red\n")).unwrap();
    assert!(cache.long.slots.is_empty() && cache.longest.slots.is_empty());
    let line = "Red Red Red Red Red\n";
    let known = cache.entry(&padded(line)).map(|k| k.len as usize);
    assert_eq!(known, Some(line.len()));
    assert_eq!(cache.long.slots.len(), 1 << SMALL_BITS);
    assert!(cache.longest.slots.is_empty());
    let line = "Red Red Red Red Red Red Red Red Red\n";
    let known = cache.entry(&padded(line)).map(|k| k.len as usize);
    assert_eq!(known, Some(line.len()));
    assert_eq!(cache.longest.slots.len(), 1 << LONGEST_BITS);
}

/// The table of lines of 33 to 64 bytes stays small, however many of
/// them miss.
#[test]
fn the_table_of_the_longest_lines_stays_small() {
    let mut cache = LineCache::default();
    cache.fit(BIG_INPUT_LINES);
    let lines = long_lines().map(|line| {
        let text = std::str::from_utf8(&line[..line.iter().position(|&b| b == b'\n').unwrap()]);
        padded(&format!("{} Red Red Red Red\n", text.unwrap()))
    });
    for line in lines.take(4 << BIG_BITS) {
        let known = cache.entry(&line).unwrap();
        assert!((33..=64).contains(&known.len));
        assert_eq!(cache.longest.slots.len(), 1 << SMALL_BITS);
    }
}

/// A table of long lines grows once its misses add up to its big size at
/// `BYTES_PER_MISS` each, and not before; lines found again, and lines
/// the fast path does not take, are not misses.
#[test]
fn a_table_of_long_lines_is_made_big_by_its_misses() {
    let mut cache = LineCache::default();
    cache.fit(0);
    let big = 1 << BIG_BITS;
    let misses_to_grow = big * size_of::<Slot<4>>() / BYTES_PER_MISS;
    let lines: Vec<Vec<u8>> = long_lines().take(misses_to_grow + 1).collect();
    for _ in 0..3 {
        for line in &lines[..8] {
            cache.entry(line).unwrap();
        }
    }
    for _ in 0..100 {
        assert!(cache.entry(&padded("Red Red Red Red Whitish\n")).is_none());
    }
    assert_eq!(cache.long.misses_left, misses_to_grow - 8);
    for line in &lines[8..misses_to_grow] {
        cache.entry(line).unwrap();
    }
    assert_eq!(cache.long.slots.len(), 1 << SMALL_BITS);
    cache.entry(&lines[misses_to_grow]).unwrap();
    assert_eq!(cache.long.slots.len(), big);
    assert_eq!(cache.long.misses_left, usize::MAX - 1);
}

/// Lines of every length up to 64 bytes and past it are looked up and
/// found again, and what is known of them is what `fast_event` reads.
#[test]
fn lines_of_every_length_are_found_again() {
    let mut cache = LineCache::default();
    cache.fit(BIG_INPUT_LINES);
    for reds in 0..=16 {
        for white in [false, true] {
            let mut line = "Red ".repeat(reds);
            line.push_str(if white { "White" } else { "Red" });
            for end in ["\n", "\r\n", " \n"] {
                let bytes = padded(&format!("{}{}", line, end));
                let read = fast_event(&bytes).map(|(e, stop, len)| (e, stop as u32, len as u32));
                for _ in 0..2 {
                    let known = cache.entry(&bytes).map(|k| (k.event, k.stop, k.len));
                    assert_eq!(known, read, "{:?}{:?}", line, end);
                }
            }
        }
    }
    // Lines of 33 to 64 bytes were kept in their table, and only they.
    let kept = cache.longest.slots.iter().map(|slot| slot.known.len);
    let kept: Vec<u32> = kept.filter(|&len| len > 0).collect();
    assert!(!kept.is_empty() && kept.iter().all(|len| (33..=64).contains(len)));
}

/// Every ball on has a place of its own among a line's calls.
#[test]
fn each_ball_on_has_its_own_place_among_the_calls() {
    use crate::judge::snooker::balls::Ball;
    use crate::judge::snooker::frame::On;
    let colours = Ball::COLOURS.iter().map(|&colour| On::Colour(colour));
    let places: Vec<usize> = [On::Reds, On::AnyColour]
        .into_iter()
        .chain(colours)
        .map(on_index)
        .collect();
    assert_eq!(places, (0..8).collect::<Vec<_>>());
}

/// A line of up to 32 bytes, what a lookup reads of it and its first
/// call are in the slot's first cache line, and slots start one.
#[test]
fn a_lookup_of_a_line_of_up_to_32_bytes_reads_one_cache_line() {
    /// Where the last byte a lookup reads ends, from the slot's start.
    fn read_ends<const WORDS: usize>(slot: &Slot<WORDS>) -> usize {
        fn end<T>(field: &T) -> usize {
            field as *const T as usize + size_of::<T>()
        }
        let known = &slot.known;
        let ends = [
            end(&slot.key),
            end(&known.event),
            end(&known.stop),
            end(&known.len),
            end(&known.stroke),
            end(&known.calls[0]),
        ];
        ends.iter().max().unwrap() - slot as *const Slot<WORDS> as usize
    }
    let short = Slot {
        key: [0; 2],
        known: UNKNOWN,
    };
    let long = Slot {
        key: [0; 4],
        known: UNKNOWN,
    };
    assert!(read_ends(&short) <= 64 && read_ends(&long) <= 64);
    assert_eq!(std::mem::align_of::<Slot<2>>(), 64);
}
