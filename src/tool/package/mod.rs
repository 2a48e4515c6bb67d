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
//! validator accepts all of its data.

mod data;
mod killers;
mod manifest;
mod reach;
mod statement;
mod timing;
mod wrong;

pub(crate) use self::killers::remove_run_folder;

use crate::tool::bundle::{self, Form};
use crate::tool::problem::Problem;
use crate::tool::solvers;
use crate::tool::validate::coverage::Coverage;
use manifest::{Found, MARK};
use std::fs;
use std::io;
use std::path::Path;

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

/// The folders inside `dir` that hold `path`, outermost first.
fn folders_of(dir: &Path, path: &str) -> Vec<std::path::PathBuf> {
    let mut folders: Vec<_> = Path::new(path)
        .ancestors()
        .skip(1)
        .filter(|folder| !folder.as_os_str().is_empty())
        .map(|folder| dir.join(folder))
        .collect();
    folders.reverse();
    folders
}

fn is_link(path: &Path) -> bool {
    path.symlink_metadata()
        .is_ok_and(|m| m.file_type().is_symlink())
}

/// Writes the package of `problem` into `dir`: a new or empty folder, or
/// one that holds an earlier package (of another problem only when
/// `force`), whose files are replaced (those changed since only when
/// `force`); no other file is touched.
pub(crate) fn write(problem: Problem, dir: &Path, force: bool) -> io::Result<()> {
    // An empty name would be the current folder's files; `-`, standard
    // input or output elsewhere, names no folder.
    if dir.as_os_str().is_empty() || dir == Path::new("-") {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "the folder's name is empty or `-`; name a new folder",
        ));
    }
    let files = files(problem).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
    let paths: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
    let (earlier_problem, earlier, digests) = match manifest::look(dir)? {
        Found::Nothing => (None, Vec::new(), Vec::new()),
        Found::Package {
            problem,
            files,
            digests,
        } => (Some(problem), files, digests),
        // Of the same problem, every file this package writes was the
        // earlier one's: they are replaced, and nothing is removed. Of
        // another, which of its files are whose is not known: none is
        // written over.
        Found::Unlisted { problem: other } if other == problem.name() => (
            Some(other),
            paths.iter().map(|p| p.to_string()).collect(),
            Vec::new(),
        ),
        Found::Unlisted { problem: other } => {
            return Err(in_the_way(format!(
                "the folder holds a package of {} written before packages listed \
                 their files, which is not written over even with --force; \
                 move it away or choose a new folder",
                other
            )))
        }
        Found::Other => {
            return Err(in_the_way(
                "the folder is neither empty nor a package written by referee; \
                 choose a new folder",
            ))
        }
    };
    if let Some(other) = earlier_problem.filter(|other| other != problem.name() && !force) {
        return Err(in_the_way(format!(
            "the folder holds the package of {}; to write {} over it, add --force",
            other,
            problem.name()
        )));
    }
    // A file of ours that someone changed since holds their work.
    if let Some(path) = manifest::changed(dir, &digests).filter(|_| !force) {
        return Err(in_the_way(format!(
            "{} was changed since referee package wrote it; to write over the change, add --force",
            path
        )));
    }
    // A file that the earlier package did not list is someone's own, even
    // where this package would put one of its files.
    let theirs = paths.iter().find(|path| {
        !earlier.iter().any(|e| e == *path) && dir.join(path).symlink_metadata().is_ok()
    });
    if let Some(path) = theirs {
        return Err(in_the_way(format!(
            "{} is there already and is no file of the earlier package's; move it away first",
            path
        )));
    }
    // A folder of the package that is a link would take our files, and
    // lose theirs, elsewhere.
    if let Some(link) = all_paths(&paths, &earlier)
        .flat_map(|path| folders_of(dir, path))
        .find(|f| is_link(f))
    {
        return Err(in_the_way(format!(
            "{} is a link; the package's folders must be its own: move it away first",
            link.strip_prefix(dir).unwrap_or(&link).display()
        )));
    }
    // A folder where a file of ours is to be written, or was and is to be
    // removed, would stop the run half way: said before anything is
    // written.
    let folder = all_paths(&paths, &earlier).find(|path| {
        let found = dir.join(path).symlink_metadata();
        found.is_ok_and(|found| found.is_dir())
    });
    if let Some(path) = folder {
        return Err(in_the_way(format!(
            "{} is a folder where the package keeps a file; move it away first",
            path
        )));
    }
    fs::create_dir_all(dir)?;
    // Everything of ours listed before anything is written: a run cut
    // short leaves no file of ours unlisted.
    let both = earlier.iter().map(String::as_str).chain(
        paths
            .iter()
            .copied()
            .filter(|p| !earlier.iter().any(|e| e == p)),
    );
    crate::tool::files::write_whole(
        &dir.join(manifest::NAME),
        manifest::text(problem.name(), both.map(|path| (path, None))).as_bytes(),
    )?;
    manifest::remove_stale(dir, &earlier, &paths)?;
    for f in &files {
        let path = dir.join(&f.path);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent)?;
        }
        crate::tool::files::write_whole(&path, &f.bytes)?;
    }
    let written = files
        .iter()
        .map(|f| (f.path.as_str(), Some(manifest::digest(&f.bytes))));
    crate::tool::files::write_whole(
        &dir.join(manifest::NAME),
        manifest::text(problem.name(), written).as_bytes(),
    )
}

/// What to tell the user when problemtools will not take `dir`'s name as
/// the problem's short name (lower-case letters and digits), which its
/// `verifyproblem` requires.
pub(crate) fn short_name_note(dir: &Path) -> Option<String> {
    let name = dir
        .canonicalize()
        .ok()?
        .file_name()?
        .to_string_lossy()
        .into_owned();
    let short = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit());
    (!short).then(|| {
        format!(
            "problemtools' verifyproblem takes the folder's name, `{}`, for the problem's \
             short name and wants lower-case letters and digits only; rename the folder \
             before checking it there",
            crate::core::io::error::escaped_name(&name)
        )
    })
}

/// The error of a run that something in DIR stops before any write.
fn in_the_way(why: impl Into<String>) -> io::Error {
    io::Error::new(io::ErrorKind::AlreadyExists, why.into())
}

/// The paths of the files this package writes, then those of the earlier
/// one's.
fn all_paths<'a>(paths: &'a [&str], earlier: &'a [String]) -> impl Iterator<Item = &'a str> {
    paths
        .iter()
        .copied()
        .chain(earlier.iter().map(String::as_str))
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

    #[test]
    fn a_folder_of_other_files_is_left_alone() {
        let dir = std::env::temp_dir().join(format!("referee-package-{}", std::process::id()));
        fs::create_dir_all(dir.join("data")).unwrap();
        fs::write(dir.join("notes.txt"), "mine").unwrap();
        let error = write(Problem::Rating, &dir, true).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::AlreadyExists);
        assert!(dir.join("notes.txt").exists() && dir.join("data").exists());
        fs::remove_dir_all(&dir).unwrap();
    }
}
