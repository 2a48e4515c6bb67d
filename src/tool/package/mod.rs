//! `referee package PROBLEM DIR`: a problem package in the Kattis format
//! (the legacy layout, which DOMjudge imports), for a coach to run the
//! problem on a judge of their own:
//!
//! - `problem.yaml`: source, licence, rights owner, a fixed uuid, the
//!   output compared case- and space-exactly, problemtools' time
//!   multiplier, and why there is no too-slow submission (`timing.rs`);
//! - `.timelimit`: the time limit measured on the secret data;
//! - `problem_statement/problem.en.tex`: the statement (`statement.rs`);
//! - `data/sample` and `data/secret`: inputs with the referee's own
//!   answers (`data.rs`), then a killer test for each wrong solution
//!   (`killers.rs`) and cases for the bounds not reached yet (`reach.rs`);
//! - `input_validators/`: the strict parser bundled into one Rust file
//!   (exit status 42 for valid input, 43 for invalid);
//! - `submissions/accepted/`: the judge bundle;
//! - `submissions/wrong_answer/`: the wrong solutions (`wrong.rs`);
//! - `referee-manifest.txt`: the files written (`manifest.rs`).
//!
//! Everything is made in memory first ([`files`]), from fixed seeds and
//! fixed texts: the same command gives the same bytes every time. Every
//! input is checked strictly before anything is written, so the package's
//! validator accepts all of its data. `folder.rs` writes it into DIR.

mod data;
mod folder;
mod killers;
mod manifest;
mod reach;
mod statement;
mod timing;
mod wrong;

pub(crate) use self::folder::{short_name_note, write};
pub(crate) use self::killers::remove_run_folder;

use crate::tool::bundle::{self, Form};
use crate::tool::problem::Problem;
use crate::tool::solvers;
use crate::tool::validate::coverage::Coverage;
use manifest::MARK;

/// One file of the package: its path inside the package and its bytes.
pub struct PackageFile {
    pub path: String,
    pub bytes: Vec<u8>,
}

fn file(path: impl Into<String>, bytes: impl Into<Vec<u8>>) -> PackageFile {
    PackageFile {
        path: path.into(),
        bytes: bytes.into(),
    }
}

/// The facts of `problem.yaml` for each problem. The uuids are fixed, so
/// that a judge sees a new package of the same problem as the same problem.
fn metadata(problem: Problem) -> (&'static str, &'static str) {
    match problem {
        Problem::Snooker => (
            "ICPC Asia Regional Contest, Chengdu 2010",
            "79c852a0-35c9-4bff-af1c-6e4f85a8ae06",
        ),
        Problem::Fourrow => (
            "Sphere Online Judge (SPOJ), problem FOUROW",
            "5ffd16fd-024d-43b5-9bdf-efbc549c5db3",
        ),
        Problem::Rating => (
            "ICPC South Pacific Regional Contest 2007",
            "fb77ef02-51dc-4f2d-b286-a23ddbeb1da8",
        ),
    }
}

/// `problem.yaml`. The answers are compared exactly: a chip `X` is not an
/// `x`, and the spaces of a four-in-a-row board are part of the answer.
fn problem_yaml(problem: Problem) -> String {
    let (source, uuid) = metadata(problem);
    format!(
        "{mark}{name}`.\n\
         # The statement, the test data and the programs are the referee\n\
         # project's own work; the problem itself comes from the source below.\n\
         # The programs are under the MIT licence, as all of the project's\n\
         # code; the statement and the test data under CC BY 4.0 (below).\n\
         name: {title}\n\
         source: {source}\n\
         license: cc by\n\
         rights_owner: The referee project\n\
         uuid: {uuid}\n\
         validator_flags: case_sensitive space_change_sensitive\n\
         # The time limit in .timelimit follows problemtools' rule: the\n\
         # slowest accepted run (measured when the package was written)\n\
         # times the multiplier, rounded up to whole seconds, at least 1.\n\
         limits:\n  \
         time_multiplier: {multiplier}\n  \
         time_safety_margin: {margin}\n\
         {output}\
         # No submission in submissions/time_limit_exceeded/:\n\
         {no_slow}",
        mark = MARK,
        name = problem.name(),
        title = statement::title(problem),
        source = source,
        uuid = uuid,
        multiplier = timing::TIME_MULTIPLIER,
        margin = timing::TIME_SAFETY_MARGIN,
        no_slow = timing::no_slow_solution(problem),
        output = output_limit(problem).map_or(String::new(), |mib| {
            format!(
                "  # The longest answer the statement's limits allow, in MiB:\n  \
                 output: {}\n",
                mib
            )
        }),
    )
}

/// The output limit in MiB, when the longest answer within the
/// statement's limits passes problemtools' default of 8 MiB: rating's,
/// 1000 tournaments of 500 players with the longest names and ratings.
/// Four in a row's answers are small; snooker's grow with the input, one
/// line or a few for each line read.
fn output_limit(problem: Problem) -> Option<u64> {
    use crate::core::limits::rating::{MAX_RATING, NAME_LETTERS, PLAYERS, TOURNAMENTS};
    use crate::judge::rating::{rating_text, RATINGS_AFTER};
    if problem != Problem::Rating {
        return None;
    }
    let heading = format!("{} {}:\n", RATINGS_AFTER, TOURNAMENTS.end()).len();
    let player = NAME_LETTERS.end() + 1 + rating_text(-MAX_RATING).len() + 1;
    let tournament = heading + *PLAYERS.end() as usize * player;
    let bytes = *TOURNAMENTS.end() as usize * tournament;
    const MIB: usize = 1 << 20;
    Some(bytes.div_ceil(MIB) as u64)
}

/// Every file of the package of `problem`, in a fixed order; an error if
/// an input would not pass the package's own validator.
pub fn files(problem: Problem) -> Result<Vec<PackageFile>, String> {
    let name = problem.name();
    let accepted: Vec<u8> = bundle::bundle(problem, Form::Judge)?.into();
    let mut files = vec![
        file("problem.yaml", problem_yaml(problem)),
        file("problem_statement/problem.en.tex", statement::tex(problem)),
        file(
            format!("input_validators/{}_validator.rs", name),
            bundle::bundle(problem, Form::Validator)?,
        ),
        file(
            format!("submissions/accepted/{}.rs", name),
            accepted.clone(),
        ),
    ];
    for mistake in wrong::mistakes(problem) {
        files.push(file(
            format!("submissions/wrong_answer/{}", killers::file_name(mistake)),
            mistake.source(problem),
        ));
    }
    let mut cases = data::cases(problem);
    for killer in killers::killers(problem)? {
        // An input already there catches the mistake as well: its
        // description says so.
        if let Some(case) = cases.iter().find(|c| c.input == killer.input) {
            let description = format!("{}.desc", case.path);
            match files.iter_mut().find(|f| f.path == description) {
                Some(known) => known.bytes.extend_from_slice(killer.description.as_bytes()),
                None => files.push(file(description, killer.description)),
            }
            continue;
        }
        let path = format!("data/secret/{:02}-catches-{}", cases.len(), killer.name);
        files.push(file(format!("{}.desc", path), killer.description));
        cases.push(data::Case {
            path,
            input: killer.input,
        });
    }
    for reach::Reaching { items, input } in reach::cases(problem, &unreached(problem, &cases)?)? {
        let slug: String = items[0]
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '-'
                }
            })
            .collect();
        let path = format!("data/secret/{:02}-reaches-{}", cases.len(), slug);
        files.push(file(
            format!("{}.desc", path),
            format!(
                "Reaches {}, which the other secret cases do not.\n",
                items.join("; ")
            ),
        ));
        cases.push(data::Case { path, input });
    }
    let left = unreached(problem, &cases)?;
    if !left.is_empty() {
        return Err(format!(
            "the secret data does not reach {}",
            left.join(", ")
        ));
    }
    let secret: Vec<&[u8]> = cases
        .iter()
        .filter(|c| c.path.starts_with("data/secret/"))
        .map(|c| &c.input[..])
        .collect();
    let slowest = timing::slowest_run(&accepted, &secret)?;
    files.push(file(
        ".timelimit",
        format!("{}\n", timing::limit_for(slowest)),
    ));
    for case in cases {
        solvers::check(problem, &case.input[..])
            .map_err(|e| solvers::describe(&format!("{}.in", case.path), &e))?;
        let answer = solvers::answer(problem, &case.input)
            .map_err(|e| solvers::describe(&format!("{}.in", case.path), &e))?;
        files.push(file(format!("{}.in", case.path), case.input));
        files.push(file(format!("{}.ans", case.path), answer));
    }
    Ok(files)
}

/// The bounds and kinds of `validate --coverage` that the secret cases
/// do not reach.
fn unreached(problem: Problem, cases: &[data::Case]) -> Result<Vec<String>, String> {
    let mut coverage = Coverage::new(problem);
    for case in cases.iter().filter(|c| c.path.starts_with("data/secret/")) {
        coverage
            .add(&case.input)
            .map_err(|e| solvers::describe(&format!("{}.in", case.path), &e))?;
    }
    Ok(coverage.unreached())
}

#[cfg(test)]
mod tests {
    #[test]
    fn ratings_output_limit_holds_the_longest_answer() {
        // A tournament at the statement's limits, with the longest names and
        // ratings, and a game that moves nothing (a player meets himself).
        let mut input = String::from("1\n500 1\n");
        for player in 0..500u64 {
            let name: String = (0..10)
                .map(|i| char::from(b'a' + (player / 26u64.pow(i) % 26) as u8))
                .collect();
            input.push_str(&format!("{} -9999999999999.99\n", name));
        }
        input.push_str("aaaaaaaaaa aaaaaaaaaa drew 0 0\n");
        let answer = solvers::answer(Problem::Rating, input.as_bytes()).unwrap();
        // Tournament 1000's heading is three bytes longer than tournament 1's.
        let longest = 1000 * (answer.len() + 3);
        let limit = output_limit(Problem::Rating).unwrap();
        assert!(
            limit << 20 >= longest as u64,
            "{} MiB < {} bytes",
            limit,
            longest
        );
        assert!(
            (limit - 1) << 20 < longest as u64,
            "{} MiB is more than needed",
            limit
        );
        assert_eq!(output_limit(Problem::Fourrow), None);
    }

    use super::*;

    /// The folders a package consists of, besides its root's files.
    const FOLDERS: [&str; 4] = [
        "data",
        "input_validators",
        "problem_statement",
        "submissions",
    ];

    #[test]
    fn problem_yaml_names_source_licence_and_a_fixed_uuid() {
        let mut uuids = Vec::new();
        for problem in Problem::ALL {
            let yaml = problem_yaml(problem);
            assert!(yaml.starts_with("# Written by `referee package "));
            for key in [
                "name: ",
                "source: ",
                "license: ",
                "rights_owner: ",
                "uuid: ",
            ] {
                assert_eq!(yaml.matches(&format!("\n{}", key)).count(), 1, "{}", key);
            }
            let uuid = yaml.split("uuid: ").nth(1).unwrap().lines().next().unwrap();
            assert_eq!(uuid.len(), 36);
            uuids.push(uuid.to_string());
        }
        uuids.dedup();
        assert_eq!(uuids.len(), 3);
    }

    #[test]
    fn every_file_lies_in_a_known_part() {
        let files = files(Problem::Fourrow).unwrap();
        for f in &files {
            let top = f.path.split('/').next().unwrap();
            assert!(
                ["problem.yaml", ".timelimit"].contains(&f.path.as_str()) || FOLDERS.contains(&top),
                "{}",
                f.path
            );
        }
    }
}
