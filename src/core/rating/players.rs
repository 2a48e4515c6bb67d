//! The players of one tournament: an open-addressing table whose slots
//! hold a name's first 16 bytes, its length, the player's number and the
//! player's rating, so that finding a player of a game and updating the
//! rating touch one slot. Names are hashed with a key drawn anew for every
//! run, so no set of names can make lookups collide on purpose (a name
//! chosen to collide under one run's key is spread out under the next).

use super::exchange::Hundredths;
use crate::core::io::lines::word;
use crate::core::io::tokens::{head_of, low_bytes};
use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};

/// A name as the table compares it: its first 8 bytes, the next 8, both
/// zero past the name, and its length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    head: u64,
    tail: u64,
    len: usize,
}

impl Key {
    /// The key of `name`; `padded` is the name followed by at least 8 more
    /// bytes when the caller has them (a line in a reader's buffer), so the
    /// name's words are loaded at once.
    #[inline(always)]
    pub fn of(name: &[u8], padded: &[u8]) -> Key {
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
}

#[derive(Clone, Copy, Default)]
struct Slot {
    head: u64,
    tail: u64,
    len: u32,
    /// The player's number plus one; 0 for an empty slot.
    player: u32,
    rating: Hundredths,
}

/// The players of one tournament.
pub struct Players {
    /// The names side by side, in the order they were listed.
    names: Vec<u8>,
    /// Per player: where the name starts in `names`, and its slot.
    starts: Vec<(usize, usize)>,
    /// A power of two long, at most seven eighths full.
    slots: Vec<Slot>,
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
            names: Vec::new(),
            starts: Vec::new(),
            slots: vec![Slot::default(); 16],
            key,
        }
    }
}

/// The most players a tournament's table is made ready for before they
/// are read: 128 Ki slots, 4 MiB.
const PRESIZED_PLAYERS: usize = 1 << 16;

/// The high and low halves of a 128-bit product, folded.
#[inline(always)]
fn fold(a: u64, b: u64) -> u64 {
    let product = u128::from(a) * u128::from(b);
    (product >> 64) as u64 ^ product as u64
}

impl Players {
    /// Empties the table for a tournament of about `expected` players. The
    /// count is the input's claim: past `PRESIZED_PLAYERS` the table grows
    /// as players come, so that a huge claim costs no memory up front.
    /// The table starts at most half full: linear probing's chains stay
    /// short (a lookup per name in every game).
    pub fn clear(&mut self, expected: usize) {
        self.names.clear();
        self.starts.clear();
        let size = (expected.min(PRESIZED_PLAYERS) * 2)
            .next_power_of_two()
            .max(16);
        self.slots.clear();
        self.slots.resize(size, Slot::default());
    }

    pub fn count(&self) -> usize {
        self.starts.len()
    }

    /// The first slot to try for a name.
    #[inline(always)]
    fn home(&self, key: &Key, name: &[u8]) -> usize {
        let mut hash = fold(
            key.head ^ self.key[0] ^ key.len as u64,
            key.tail ^ self.key[1],
        );
        if key.len > 16 {
            for chunk in name[16..].chunks(8) {
                hash = fold(hash ^ head_of(chunk), self.key[1]);
            }
        }
        (hash as usize) & (self.slots.len() - 1)
    }

    /// The slot of the player named so, or `Err` with the slot where the
    /// name would go.
    #[inline(always)]
    fn find(&self, key: &Key, name: &[u8]) -> Result<usize, usize> {
        let mask = self.slots.len() - 1;
        let mut at = self.home(key, name);
        loop {
            let slot = &self.slots[at];
            if slot.player == 0 {
                return Err(at);
            }
            if slot.head == key.head
                && slot.tail == key.tail
                && slot.len as usize == key.len
                && (key.len <= 16 || self.name(slot.player as usize - 1)[16..] == name[16..])
            {
                return Ok(at);
            }
            at = (at + 1) & mask;
        }
    }

    /// The slot of a listed player.
    #[inline(always)]
    pub fn get(&self, key: &Key, name: &[u8]) -> Option<usize> {
        self.find(key, name).ok()
    }

    /// Adds a player; `false` if the name is listed already. (Names are
    /// lines' parts, far below 4 GiB; a tournament of 4 billion players
    /// would not fit in memory.)
    #[inline(always)]
    pub fn add(&mut self, key: &Key, name: &[u8], rating: Hundredths) -> bool {
        let at = match self.find(key, name) {
            Ok(_) => return false,
            Err(at) => at,
        };
        self.slots[at] = Slot {
            head: key.head,
            tail: key.tail,
            len: key.len as u32,
            player: self.count() as u32 + 1,
            rating,
        };
        self.starts.push((self.names.len(), at));
        self.names.extend_from_slice(name);
        if 8 * self.count() > 7 * self.slots.len() {
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
        for slot in old.into_iter().filter(|s| s.player > 0) {
            let player = slot.player as usize - 1;
            let key = Key {
                head: slot.head,
                tail: slot.tail,
                len: slot.len as usize,
            };
            // Names are unique: the search ends at the empty slot for it.
            let at = match self.find(&key, self.name(player)) {
                Ok(at) | Err(at) => at,
            };
            self.slots[at] = slot;
            self.starts[player].1 = at;
        }
    }

    /// Player `player`'s name (players count from 0 in listing order).
    pub fn name(&self, player: usize) -> &[u8] {
        let start = self.starts[player].0;
        let end = self
            .starts
            .get(player + 1)
            .map_or(self.names.len(), |s| s.0);
        &self.names[start..end]
    }

    /// The rating kept in a slot.
    #[inline(always)]
    pub fn rating(&self, slot: usize) -> Hundredths {
        self.slots[slot].rating
    }

    #[inline(always)]
    pub fn set_rating(&mut self, slot: usize, rating: Hundredths) {
        self.slots[slot].rating = rating;
    }

    /// Player `player`'s rating.
    pub fn rating_of(&self, player: usize) -> Hundredths {
        self.slots[self.starts[player].1].rating
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(name: &str) -> Key {
        Key::of(name.as_bytes(), name.as_bytes())
    }

    #[test]
    fn a_huge_claimed_count_takes_no_memory_up_front() {
        let mut players = Players::default();
        players.clear(usize::MAX);
        assert!(players.slots.len() <= 1 << 17, "{}", players.slots.len());
    }

    #[test]
    fn players_are_found_by_name_of_any_length() {
        let mut players = Players::default();
        players.clear(2);
        let names: Vec<String> = (0..300)
            .map(|i| "ab".repeat(i % 13) + &i.to_string())
            .collect();
        for (i, name) in names.iter().enumerate() {
            assert!(players.add(&key(name), name.as_bytes(), i as i64));
        }
        assert!(!players.add(&key(&names[7]), names[7].as_bytes(), 0));
        for (i, name) in names.iter().enumerate() {
            let slot = players.get(&key(name), name.as_bytes()).unwrap();
            assert_eq!(players.rating(slot), i as i64);
            assert_eq!(players.name(i), name.as_bytes());
            assert_eq!(players.rating_of(i), i as i64);
        }
        assert!(players.get(&key("zz"), b"zz").is_none());
    }

    #[test]
    fn keys_from_a_padded_line_equal_keys_from_the_name_alone() {
        let line = b"abcdefghijklmnopqrstuvwxyz0123456789 more words here";
        for len in 1..=30 {
            let name = &line[..len];
            assert_eq!(Key::of(name, line), Key::of(name, name), "{}", len);
        }
    }

    /// Names that all share their hash under one key are spread out under
    /// the keys of other runs: the table's work stays linear.
    #[test]
    fn lookups_stay_short_for_names_chosen_against_one_key() {
        let first = Players::default();
        let mut colliding = Vec::new();
        let mut i = 0u64;
        while colliding.len() < 200 {
            let name = format!("n{:07}", i);
            let key = key(&name);
            if fold(
                key.head ^ first.key[0] ^ key.len as u64,
                key.tail ^ first.key[1],
            ) & 0xfff
                == 0
            {
                colliding.push(name);
            }
            i += 1;
        }
        let mut players = Players::default();
        players.clear(colliding.len());
        for name in &colliding {
            players.add(&key(name), name.as_bytes(), 0);
        }
        let probes: usize = colliding
            .iter()
            .map(|name| {
                let home = players.home(&key(name), name.as_bytes());
                let at = players.get(&key(name), name.as_bytes()).unwrap();
                (at + players.slots.len() - home) % players.slots.len()
            })
            .sum();
        assert!(probes < 4 * colliding.len(), "{} probes", probes);
    }
}
