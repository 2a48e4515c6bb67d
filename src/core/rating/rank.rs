//! The ratings list put in the order of the judge core's key
//! (`standing_key`, P5). The key's first part, the rating, decides almost
//! every place, and a tournament's ratings lie close together: so the
//! list is put in order of that part by counting, two stable passes of
//! eight bits over each one's distance from the first in the key's order,
//! and then each run of equal first parts by the whole key. A short list,
//! or first parts spread too far for two passes, is sorted by comparing
//! keys.

use std::cmp::Reverse;

/// A key's first part that counting can order: how far it comes after
/// `first`, a part that comes before or with it.
pub(crate) trait Counted: Ord + Copy {
    fn distance(self, first: Self) -> u64;
}

/// Numbers in reverse order, the greatest first.
impl Counted for Reverse<i64> {
    fn distance(self, first: Self) -> u64 {
        first.0.abs_diff(self.0)
    }
}

/// Shorter lists are sorted by comparing keys: counting has a cost of its
/// own, 256 places a pass, that only longer lists make up for.
const FEW: usize = 64;

/// Bits of a distance each counting pass takes, and the passes.
const DIGIT_BITS: u32 = 8;
const PASSES: u32 = 2;

/// Sorts `items` by `key`, no two of whose keys are alike, so that the
/// order is the one any sort gives. `spare` is room for the counting,
/// kept from list to list by the caller.
pub(crate) fn sort_by_key<T, P, R>(
    items: &mut Vec<T>,
    spare: &mut Vec<T>,
    key: impl Fn(&T) -> (P, R),
) where
    T: Copy,
    P: Counted,
    R: Ord,
{
    let by_key = |a: &T, b: &T| key(a).cmp(&key(b));
    let first_part = |item: &T| key(item).0;
    // Counting pays for a long list whose first parts lie close together.
    if items.len() < FEW {
        return items.sort_unstable_by(by_key);
    }
    let close = |first: P, last: P| last.distance(first) >> (DIGIT_BITS * PASSES) == 0;
    let parts = || items.iter().map(first_part);
    let first = match (parts().min(), parts().max()) {
        (Some(first), Some(last)) if close(first, last) => first,
        _ => return items.sort_unstable_by(by_key),
    };
    for pass in 0..PASSES {
        let digit = |item: &T| {
            let distance = first_part(item).distance(first);
            (distance >> (pass * DIGIT_BITS)) as usize & ((1 << DIGIT_BITS) - 1)
        };
        count_into(items, spare, digit);
        std::mem::swap(items, spare);
    }
    // Equal first parts stand together now, in the order they came.
    let mut start = 0;
    while start < items.len() {
        let part = first_part(&items[start]);
        let run = items[start..]
            .iter()
            .take_while(|&item| first_part(item) == part)
            .count();
        if run > 1 {
            items[start..start + run].sort_unstable_by(by_key);
        }
        start += run;
    }
}

/// Puts `items` into `out` in the order of their `digit`s, items of equal
/// digits in the order they came (`items` is not empty).
fn count_into<T: Copy>(items: &[T], out: &mut Vec<T>, digit: impl Fn(&T) -> usize) {
    let mut next = [0; 1 << DIGIT_BITS];
    for item in items {
        next[digit(item)] += 1;
    }
    // Each digit's items start where the smaller digits' end.
    let mut start = 0;
    for place in next.iter_mut() {
        let count = *place;
        *place = start;
        start += count;
    }
    out.clear();
    out.resize(items.len(), items[0]);
    for item in items {
        let place = &mut next[digit(item)];
        out[*place] = *item;
        *place += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tool::gen::Rng;

    /// Lists of every length around `FEW`, their numbers close together
    /// (counted), far apart (compared), and with many alike.
    #[test]
    fn the_order_is_the_keys_however_the_list_is_sorted() {
        let mut rng = Rng::new(7);
        let mut spare = Vec::new();
        for len in (0..FEW + 40).chain([300, 1000]) {
            for spread in [1, 40, 1 << 16, i64::MAX / 4] {
                let mut items: Vec<(i64, u32)> = (0..len as u32)
                    .map(|name| (rng.below(spread as u64) as i64 - spread / 2, name))
                    .collect();
                let key = |&(number, name): &(i64, u32)| (Reverse(number), Reverse(name));
                let mut expected = items.clone();
                expected.sort_by_key(key);
                sort_by_key(&mut items, &mut spare, key);
                assert_eq!(items, expected, "{} {}", len, spread);
            }
        }
    }

    #[test]
    fn distances_in_reverse_order_count_from_the_greatest() {
        assert_eq!(Reverse(5).distance(Reverse(7)), 2);
        assert_eq!(Reverse(i64::MIN).distance(Reverse(i64::MAX)), u64::MAX);
    }
}
