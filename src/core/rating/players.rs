//! The players of one tournament: an open-addressing table whose slots
//! hold a name's first 16 bytes, its length, the player's number and the
//! player's rating, so that finding a player of a game and updating the
//! rating touch one slot. Names are hashed with a key drawn anew for every
//! run, so no set of names can make lookups collide on purpose (a name
//! chosen to collide under one run's key is spread out under the next).

use super::exchange::{put_rating, rating_word, Hundredths};
use super::rank;
use crate::core::io::in_place::word;
use crate::core::io::tokens::{head_of, low_bytes};
use crate::core::io::Output;
use crate::judge::rating::standing_key;
use std::cmp::Ordering;
use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::io::Write;

/// A name as the table compares it: its first 8 bytes, the next 8, both
/// zero past the name, and its length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Key {
    head: u64,
    tail: u64,
    len: usize,
}

impl Key {
    /// The key of `name`; `padded` is the name followed by at least 8 more
    /// bytes when the caller has them (a line in a reader's buffer), so the
    /// name's words are loaded at once.
    #[inline(always)]
    pub(crate) fn of(name: &[u8], padded: &[u8]) -> Key {
        let len = name.len();
        let (head, tail) = match padded.get(..16) {
            Some(words) if len <= 16 => (
                low_bytes(word(words), len.min(8)),
                if len > 8 {
                    low_bytes(word(&words[8..]), len - 8)
                } else {
                    0
                },
            ),
            _ => (head_of(name), head_of(name.get(8..).unwrap_or(&[]))),
        };
        Key { head, tail, len }
    }

    /// The key of a name of 1 to 16 bytes, already split into its words.
    #[inline(always)]
    pub(crate) fn of_words(head: u64, tail: u64, len: usize) -> Key {
        Key { head, tail, len }
    }
}

#[derive(Clone, Copy, Default)]
struct Slot {
    head: u64,
    tail: u64,
    /// The name's length; 0 for an empty slot (a name is never empty).
    len: u32,
    /// For a name longer than 16 bytes: which of those it is.
    long: u32,
    rating: Hundredths,
}

/// A player's place in the standings: the rating and the slot.
pub(crate) type Standing = (Hundredths, u32);

/// The players of one tournament.
pub(crate) struct Players {
    /// A power of two long, at most seven eighths full.
    slots: Vec<Slot>,
    /// The players' slots, in the order they were listed.
    listed: Vec<usize>,
    /// What names longer than 16 bytes hold past their first 16 bytes
    /// (the rest is in their slots), side by side, and where each starts.
    long_names: Vec<u8>,
    long_starts: Vec<usize>,
    key: [u64; 2],
}

impl Default for Players {
    fn default() -> Players {
        // Two keys from std's per-process random hashing keys.
        let state = RandomState::new();
        let key = [0, 1].map(|i| {
            let mut hasher = state.build_hasher();
            hasher.write_usize(i);
            hasher.finish() | 1
        });
        Players {
            slots: vec![Slot::default(); 16],
            listed: Vec::new(),
            long_names: Vec::new(),
            long_starts: Vec::new(),
            key,
        }
    }
}

/// The most players a tournament's table is made ready for before they
/// are read: 128 Ki slots, 4 MiB.
const PRESIZED_PLAYERS: usize = 1 << 14;

/// The high and low halves of a 128-bit product, folded.
#[inline(always)]
fn fold(a: u64, b: u64) -> u64 {
    let product = u128::from(a) * u128::from(b);
    (product >> 64) as u64 ^ product as u64
}

/// What a name holds past its first 16 bytes.
fn rest_of(name: &[u8]) -> &[u8] {
    name.get(16..).unwrap_or(&[])
}

impl Players {
    /// Empties the table for a tournament of about `expected` players, in
    /// time for the players listed before. The count is the input's claim:
    /// past `PRESIZED_PLAYERS` the table grows as players come, so that a
    /// huge claim costs no memory up front. The table starts at most an
    /// eighth full: linear probing finds nearly every name in its first
    /// slot (a lookup per name in every game, where a second slot is a
    /// turn the processor cannot foresee).
    pub(crate) fn clear(&mut self, expected: usize) {
        // Only a slot's length tells whether it is taken: the table is
        // empty once the listed players' slots are.
        for &at in &self.listed {
            self.slots[at].len = 0;
        }
        self.listed.clear();
        self.long_names.clear();
        self.long_starts.clear();
        // A table kept from a bigger tournament serves as it is: only the
        // slots of players are ever visited.
        let size = (expected.min(PRESIZED_PLAYERS) * 8).next_power_of_two();
        if size > self.slots.len() {
            self.slots.resize(size, Slot::default());
        }
    }

    /// The first slot to try for a name; `rest` is what it holds past its
    /// first 16 bytes.
    #[inline(always)]
    fn home(&self, key: &Key, rest: &[u8]) -> usize {
        let mut hash = fold(
            key.head ^ self.key[0] ^ key.len as u64,
            key.tail ^ self.key[1],
        );
        if key.len > 16 {
            for chunk in rest.chunks(8) {
                hash = fold(hash ^ head_of(chunk), self.key[1]);
            }
        }
        (hash as usize) & (self.slots.len() - 1)
    }

    /// The slot of the player named so (`rest` as for `home`), or `Err`
    /// with the slot where the name would go.
    #[inline(always)]
    fn find(&self, key: &Key, rest: &[u8]) -> Result<usize, usize> {
        let mask = self.slots.len() - 1;
        let mut at = self.home(key, rest);
        loop {
            let slot = &self.slots[at];
            if slot.len == 0 {
                return Err(at);
            }
            if slot.head == key.head
                && slot.tail == key.tail
                && slot.len as usize == key.len
                && (key.len <= 16 || self.rest(slot) == rest)
            {
                return Ok(at);
            }
            at = (at + 1) & mask;
        }
    }

    /// The slot of a listed player.
    #[inline(always)]
    pub(crate) fn get(&self, key: &Key, name: &[u8]) -> Option<usize> {
        self.find(key, rest_of(name)).ok()
    }

    /// Adds a player; `false` if the name is listed already. (Names are
    /// lines' parts, far below 4 GiB; a tournament of 4 billion players
    /// would not fit in memory.)
    #[inline(always)]
    pub(crate) fn add(&mut self, key: &Key, name: &[u8], rating: Hundredths) -> bool {
        let rest = rest_of(name);
        let at = match self.find(key, rest) {
            Ok(_) => return false,
            Err(at) => at,
        };
        let long = if key.len > 16 {
            self.long_starts.push(self.long_names.len());
            self.long_names.extend_from_slice(rest);
            self.long_starts.len() - 1
        } else {
            0
        };
        self.slots[at] = Slot {
            head: key.head,
            tail: key.tail,
            len: key.len as u32,
            long: long as u32,
            rating,
        };
        self.listed.push(at);
        if 8 * self.listed.len() > 7 * self.slots.len() {
            self.grow();
        }
        true
    }

    /// Doubles the table and puts every player back (rare: kept out of
    /// the readers' loops).
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        self.slots = vec![Slot::default(); 2 * old.len()];
        for player in 0..self.listed.len() {
            let slot = old[self.listed[player]];
            let key = Key {
                head: slot.head,
                tail: slot.tail,
                len: slot.len as usize,
            };
            // Names are unique: the search ends at the empty slot for it.
            let at = match self.find(&key, self.rest(&slot)) {
                Ok(at) | Err(at) => at,
            };
            self.slots[at] = slot;
            self.listed[player] = at;
        }
    }

    /// What a slot's name holds past its first 16 bytes.
    fn rest(&self, slot: &Slot) -> &[u8] {
        if slot.len <= 16 {
            return &[];
        }
        let long = slot.long as usize;
        let end = self
            .long_starts
            .get(long + 1)
            .map_or(self.long_names.len(), |&end| end);
        &self.long_names[self.long_starts[long]..end]
    }

    /// The rating kept in a slot.
    #[inline(always)]
    pub(crate) fn rating(&self, slot: usize) -> Hundredths {
        self.slots[slot].rating
    }

    #[inline(always)]
    pub(crate) fn set_rating(&mut self, slot: usize, rating: Hundredths) {
        self.slots[slot].rating = rating;
    }

    /// Moves a player's rating by `change` (P7 is the caller's to check).
    #[inline(always)]
    pub(crate) fn change_rating(&mut self, slot: usize, change: Hundredths) {
        self.slots[slot].rating += change;
    }

    /// The players in the order of the judge core's key: each its rating
    /// and its slot (`spare` is room for the sort, kept by the caller).
    pub(crate) fn standings(&self, order: &mut Vec<Standing>, spare: &mut Vec<Standing>) {
        order.clear();
        order.extend(
            self.listed
                .iter()
                .map(|&at| (self.slots[at].rating, at as u32)),
        );
        let name = |slot: u32| SlotName {
            players: self,
            slot: slot as usize,
        };
        rank::sort_by_key(order, spare, |&(rating, slot)| {
            standing_key(name(slot), rating)
        });
    }

    /// Two slots' names in byte order (for players of equal ratings: rare,
    /// kept out of the sort's loops): the first 16 bytes as numbers, then
    /// the rest of long names, then the length (a name that another
    /// begins with comes first, even when that one goes on with zeros).
    #[cold]
    #[inline(never)]
    fn name_order(&self, a: usize, b: usize) -> Ordering {
        let (a, b) = (&self.slots[a], &self.slots[b]);
        let first = |s: &Slot| (s.head.swap_bytes(), s.tail.swap_bytes());
        first(a)
            .cmp(&first(b))
            .then_with(|| self.rest(a).cmp(self.rest(b)))
            .then(a.len.cmp(&b.len))
    }

    /// Puts the name and rating of a player of the standings: a line.
    #[inline(always)]
    pub(crate) fn put_player<W: Write>(&self, out: &mut Output<W>, standing: Standing) {
        let slot = &self.slots[standing.1 as usize];
        let len = slot.len as usize;
        match rating_word(slot.rating) {
            // The most common line, at most 24 bytes, in three words.
            Some((rating, rating_len)) if len <= 16 => {
                let room = &mut out.reserve(24)[..24];
                room[..8].copy_from_slice(&slot.head.to_le_bytes());
                room[8..16].copy_from_slice(&slot.tail.to_le_bytes());
                room[len..len + 8].copy_from_slice(&rating.to_le_bytes());
                out.advance(len + rating_len);
            }
            _ => {
                out.put_word(slot.head, len.min(8));
                out.put_word(slot.tail, len.clamp(8, 16) - 8);
                out.put(self.rest(slot));
                put_rating(out, slot.rating);
            }
        }
    }
}

/// A player's name, compared in byte order.
struct SlotName<'a> {
    players: &'a Players,
    slot: usize,
}

impl Ord for SlotName<'_> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.players.name_order(self.slot, other.slot)
    }
}

impl PartialOrd for SlotName<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for SlotName<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for SlotName<'_> {}

#[cfg(test)]
mod tests;
