//! Secret cases that reach the bounds the other data leaves unreached
//! (`validate::coverage`): for each bound or kind not reached, the first
//! input that reaches it among a fixed list of candidates, so that the
//! same command adds the same cases.
//!
//! The candidates: the most and the fewest cases the statement allows,
//! then small generated inputs of both styles, then a few written here for
//! ends no generator aims at (the largest and smallest ratings, the
//! largest piece value).

use crate::tool::cli::Style;
use crate::tool::gen;
use crate::tool::problem::Problem;
use crate::tool::validate::coverage::Coverage;

/// Generated seeds tried for each style.
const SEEDS: u64 = 300;

/// Inputs for ends that no generator aims at.
fn written(problem: Problem) -> Vec<Vec<u8>> {
    match problem {
        Problem::Rating => vec![b"1\n3 1\nmost 9999999999999.99\nleast -9999999999999.99\n\
                                 zero 0.00\nmost zero won 9223372036854775807 0\n"
            .to_vec()],
        // A full board without a winner, without its last chip.
        Problem::Fourrow => {
            vec![b"1\nGame #1: 13337372456354512146246441652266375211577\n".to_vec()]
        }
        Problem::Snooker => Vec::new(),
    }
}

/// The candidates, in the order they are tried.
fn candidates(problem: Problem) -> impl Iterator<Item = Vec<u8>> {
    let limits = gen::case_limits(problem);
    let counts = [Some(*limits.end()), Some(*limits.start())]
        .into_iter()
        .map(move |count| (Style::Plain, 1, count));
    let small = Style::ALL
        .into_iter()
        .flat_map(|style| (1..=SEEDS).map(move |seed| (style, seed, Some(1))));
    counts
        .chain(small)
        .map(move |(style, seed, count)| {
            let mut input = Vec::new();
            gen::generate_styled(problem, style, seed, count, &mut input)
                .expect("writing to memory cannot fail");
            input
        })
        .chain(written(problem))
}

/// Whether `input` reaches `item` (a line of [`Coverage::unreached`]).
fn reaches(problem: Problem, input: &[u8], item: &str) -> bool {
    let mut coverage = Coverage::new(problem);
    let known = coverage.unreached().iter().any(|u| u == item);
    known && coverage.add(input).is_ok() && !coverage.unreached().iter().any(|u| u == item)
}

/// A case that reaches the items of `validate --coverage` named.
#[derive(Debug)]
pub(crate) struct Reaching {
    pub(crate) items: Vec<String>,
    pub(crate) input: Vec<u8>,
}

/// Cases that reach every item of `unreached`, each with the items it
/// reaches; an error names an item that no candidate reaches.
pub(crate) fn cases(problem: Problem, unreached: &[String]) -> Result<Vec<Reaching>, String> {
    let mut cases: Vec<Reaching> = Vec::new();
    for item in unreached {
        if let Some(case) = cases
            .iter_mut()
            .find(|case| reaches(problem, &case.input, item))
        {
            case.items.push(item.clone());
            continue;
        }
        let input = candidates(problem)
            .find(|input| reaches(problem, input, item))
            .ok_or_else(|| format!("no candidate input reaches {}", item))?;
        cases.push(Reaching {
            items: vec![item.clone()],
            input,
        });
    }
    Ok(cases)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_written_inputs_reach_the_largest_values() {
        let cases = cases(
            Problem::Rating,
            &[
                "rating in hundredths 999999999999999".to_string(),
                "rating in hundredths -999999999999999".to_string(),
                "pieces 9223372036854775807".to_string(),
            ],
        )
        .unwrap();
        assert_eq!(cases.len(), 1);
        assert_eq!(cases[0].items.len(), 3);
    }

    #[test]
    fn an_item_nothing_reaches_is_an_error() {
        let error = cases(Problem::Fourrow, &["games 100".to_string()]).unwrap_err();
        assert!(error.contains("games 100"), "{}", error);
    }
}
