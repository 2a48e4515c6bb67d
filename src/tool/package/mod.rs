//! `referee package PROBLEM DIR`: a problem package in the Kattis format
//! (the legacy layout, which DOMjudge imports), for a coach to run the
//! problem on a judge of their own:
//!
//! - `problem.yaml`: source, licence, rights owner, a fixed uuid, and the
//!   output compared case- and space-exactly;
//! - `problem_statement/problem.en.tex`: the statement (`statement.rs`);
//! - `data/sample` and `data/secret`: inputs with the referee's own
//!   answers (`data.rs`);
//! - `input_validators/`: the strict parser bundled into one Rust file
//!   (exit status 42 for valid input, 43 for invalid);
//! - `submissions/accepted/`: the judge bundle.
//!
//! Everything is made in memory first ([`files`]), from fixed seeds and
//! fixed texts: the same command gives the same bytes every time. Every
//! input is checked strictly before anything is written, so the package's
//! validator accepts all of its data.

mod data;
mod statement;

use crate::tool::bundle::{self, Form};
use crate::tool::problem::Problem;
use crate::tool::solvers;
use std::fs;
use std::io;
use std::path::Path;

/// The first line of every `problem.yaml` written here: how a later run
/// knows that a folder is a package it may write over.
const MARK: &str = "# Written by `referee package ";

/// The folders a package consists of, besides `problem.yaml`.
const FOLDERS: [&str; 4] = [
    "data",
    "input_validators",
    "problem_statement",
    "submissions",
];

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
         name: {title}\n\
         source: {source}\n\
         license: cc by-sa\n\
         rights_owner: The referee project\n\
         uuid: {uuid}\n\
         validator_flags: case_sensitive space_change_sensitive\n",
        mark = MARK,
        name = problem.name(),
        title = statement::title(problem),
        source = source,
        uuid = uuid,
    )
}

/// Every file of the package of `problem`, in a fixed order; an error if
/// an input would not pass the package's own validator.
pub fn files(problem: Problem) -> Result<Vec<PackageFile>, String> {
    let name = problem.name();
    let mut files = vec![
        file("problem.yaml", problem_yaml(problem)),
        file("problem_statement/problem.en.tex", statement::tex(problem)),
        file(
            format!("input_validators/{}_validator.rs", name),
            bundle::bundle(problem, Form::Validator)?,
        ),
        file(
            format!("submissions/accepted/{}.rs", name),
            bundle::bundle(problem, Form::Judge)?,
        ),
    ];
    for case in data::cases(problem) {
        solvers::check(problem, &case.input[..])
            .map_err(|e| solvers::describe(&format!("{}.in", case.path), &e))?;
        let answer = solvers::answer(problem, &case.input)
            .map_err(|e| solvers::describe(&format!("{}.in", case.path), &e))?;
        files.push(file(format!("{}.in", case.path), case.input));
        files.push(file(format!("{}.ans", case.path), answer));
    }
    Ok(files)
}

/// Writes the package of `problem` into `dir`: a new or empty folder, or
/// one that holds an earlier package, whose parts are replaced.
pub fn write(problem: Problem, dir: &Path) -> io::Result<()> {
    let files = files(problem).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
    clear(dir)?;
    for f in &files {
        let path = dir.join(&f.path);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent)?;
        }
        fs::write(&path, &f.bytes)?;
    }
    Ok(())
}

/// Makes `dir` ready for a package: created when missing; emptied of an
/// earlier package's parts when it holds one; left alone (an error) when
/// it holds anything else, so that no one's files are ever removed.
fn clear(dir: &Path) -> io::Result<()> {
    if !dir.exists() {
        return fs::create_dir_all(dir);
    }
    if fs::read_dir(dir)?.next().is_none() {
        return Ok(());
    }
    let yaml = fs::read_to_string(dir.join("problem.yaml")).unwrap_or_default();
    if !yaml.starts_with(MARK) {
        return Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            "the folder is neither empty nor a package written by referee; \
             choose a new folder",
        ));
    }
    for folder in FOLDERS {
        let path = dir.join(folder);
        if path.exists() {
            fs::remove_dir_all(path)?;
        }
    }
    fs::remove_file(dir.join("problem.yaml"))
}

#[cfg(test)]
mod tests {
    use super::*;

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
                f.path == "problem.yaml" || FOLDERS.contains(&top),
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
        let error = write(Problem::Rating, &dir).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::AlreadyExists);
        assert!(dir.join("notes.txt").exists() && dir.join("data").exists());
        fs::remove_dir_all(&dir).unwrap();
    }
}
