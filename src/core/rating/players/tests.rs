//! Tests of the players' table and its standings.

use super::*;
use crate::core::limits::rating::MAX_RATING;

fn key(name: &str) -> Key {
    Key::of(name.as_bytes(), name.as_bytes())
}

#[test]
fn a_huge_claimed_count_takes_no_memory_up_front() {
    let mut players = Players::default();
    players.clear(usize::MAX);
    assert!(players.slots.len() <= 1 << 17, "{}", players.slots.len());
}

/// The standings as `put_player` writes them.
fn standings_text(players: &Players) -> String {
    let mut order = Vec::new();
    players.standings(&mut order, &mut Vec::new());
    let mut written = Vec::new();
    let mut out = Output::new(&mut written);
    for &standing in order.iter() {
        players.put_player(&mut out, standing);
    }
    out.finish(Ok(())).unwrap();
    String::from_utf8(written).unwrap()
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
    }
    assert!(players.get(&key("zz"), b"zz").is_none());
    let expected: String = (0..300)
        .rev()
        .map(|i| format!("{} {}.{:02}\n", names[i], i / 100, i % 100))
        .collect();
    assert_eq!(standings_text(&players), expected);
}

/// Names alike in their first bytes, of every length around the
/// words', some going on with zeros, with equal ratings: in byte order,
/// descending; and ratings of every size and sign.
#[test]
fn standings_order_names_alike_in_their_first_bytes() {
    let mut names = Vec::new();
    for len in 0..=20 {
        names.push("abcdefghijklmnopqrstuvwxyz"[..len].to_string());
        names.push("abcdefgh".to_string() + &"\0".repeat(len));
        names.push("abcdefghijklmnop".to_string() + &"z".repeat(len));
    }
    names.retain(|name| !name.is_empty());
    names.sort();
    names.dedup();
    for rating in [0, -5, 12345, 99999, 100000, MAX_RATING, -MAX_RATING] {
        let mut players = Players::default();
        players.clear(names.len());
        for name in names.iter().rev() {
            assert!(players.add(&key(name), name.as_bytes(), rating));
        }
        let rating = super::super::exchange::rating_text(rating);
        let expected: String = names
            .iter()
            .rev()
            .map(|name| format!("{} {}\n", name, rating))
            .collect();
        assert_eq!(standings_text(&players), expected);
    }
}

/// The standings in the judge core's order (P5), on random players:
/// names of 1 to 24 letters from a small alphabet, so that many share
/// their first bytes or begin one another, with few ratings, so that
/// many tie.
#[test]
fn standings_are_in_the_judge_cores_order() {
    use crate::judge::rating::{rating_text, Standings};
    let mut rng = crate::tool::gen::Rng::new(5);
    for _ in 0..300 {
        let count = 1 + rng.below(60) as usize;
        let names: Vec<String> = (0..count)
            .map(|_| {
                let len = 1 + rng.below(24) as usize;
                (0..len)
                    .map(|_| ['a', 'b', 'z'][rng.below(3) as usize])
                    .collect()
            })
            .collect();
        let mut players = Players::default();
        players.clear(count);
        let mut judged = Standings::default();
        for name in &names {
            let rating = [-MAX_RATING, -5, 0, 7, 12345, MAX_RATING][rng.below(6) as usize];
            let fresh = judged.add(name, rating);
            assert_eq!(players.add(&key(name), name.as_bytes(), rating), fresh);
        }
        let expected: String = judged
            .ranked()
            .iter()
            .map(|(name, rating)| format!("{} {}\n", name, rating_text(*rating)))
            .collect();
        assert_eq!(standings_text(&players), expected);
    }
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
            let home = players.home(&key(name), &[]);
            let at = players.get(&key(name), name.as_bytes()).unwrap();
            (at + players.slots.len() - home) % players.slots.len()
        })
        .sum();
    assert!(probes < 4 * colliding.len(), "{} probes", probes);
}
