//! "Did you mean": the known name nearest to a mistyped one, by edit
//! distance with swapped neighbours counting as one edit (`strcit`).

/// Edits from `a` to `b`: insertions, deletions, substitutions and swaps of
/// two neighbouring characters (optimal string alignment distance).
pub(crate) fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Three rows of the usual table: two back are needed for swaps.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut last: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut row = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            row[j] = (last[j] + 1).min(row[j - 1] + 1).min(last[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                row[j] = row[j].min(before[j - 2] + 1);
            }
        }
        before = std::mem::replace(&mut last, row);
    }
    last[b.len()]
}

/// The candidate nearest to `typed`, if one is near enough to be what was
/// meant: a third of the word may be wrong (at least one letter, never all
/// of it), case aside; or `typed` starts it (three letters at least).
pub(crate) fn nearest<'a, I>(typed: &str, candidates: I) -> Option<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let typed = typed.to_lowercase();
    let length = typed.chars().count();
    let allowed = (length / 3).max(1);
    let mut best: Option<(usize, &'a str)> = None;
    for candidate in candidates {
        let mut d = distance(&typed, candidate);
        if length >= 3 && candidate.starts_with(&typed) {
            d = d.min(1);
        }
        let near = d <= allowed && d < length;
        if near && best.map_or(true, |(b, _)| d < b) {
            best = Some((d, candidate));
        }
    }
    best.map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(distance("strict", "strict"), 0);
        assert_eq!(distance("strcit", "strict"), 1);
        assert_eq!(distance("snoker", "snooker"), 1);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("abc", ""), 3);
        assert_eq!(distance("kitten", "sitting"), 3);
    }

    #[test]
    fn near_names_are_suggested() {
        let problems = ["snooker", "fourrow", "rating"];
        assert_eq!(nearest("snoker", problems), Some("snooker"));
        assert_eq!(nearest("fourow", problems), Some("fourrow"));
        assert_eq!(nearest("Rating", problems), Some("rating"));
        assert_eq!(nearest("snook", problems), Some("snooker"));
        assert_eq!(nearest("strcit", ["strict", "tsv"]), Some("strict"));
        assert_eq!(nearest("plian", ["plain", "varied"]), Some("plain"));
    }

    #[test]
    fn far_names_are_not() {
        assert_eq!(nearest("chess", ["snooker", "fourrow", "rating"]), None);
        assert_eq!(nearest("x", ["j", "h"]), None);
        assert_eq!(nearest("", ["j"]), None);
    }
}
