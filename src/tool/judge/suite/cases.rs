//! The cases of `test`: every `*.in` below its folder, but those of
//! another problem, with the files beside each.

use crate::core::io::error::escaped_path;
use crate::tool::problem::Problem;
use std::ffi::OsStr;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// One case: its input and the files beside it.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Case {
    /// The input's path below DIR, for the report.
    pub(super) name: String,
    pub(super) input: PathBuf,
    /// `.ans`, else `.out`, beside the input; `None`: the referee's answer.
    pub(super) answer: Option<PathBuf>,
    /// `.args`: options of `referee PROBLEM` for this case.
    pub(super) args: Option<PathBuf>,
    /// `.err`: the expected standard error of a run that fails.
    pub(super) error: Option<PathBuf>,
}

/// The cases under `dir` (or `dir` itself when it is an input file),
/// sorted by path a part at a time, as problemtools runs a package's
/// data: a folder's cases come together (`g/x.in`, `g-2/x.in`, `g.in`).
pub(super) fn find_cases(dir: &Path, problem: Problem) -> Result<Vec<Case>, (PathBuf, io::Error)> {
    let mut inputs = Vec::new();
    let metadata = fs::metadata(dir).map_err(|e| (dir.to_path_buf(), e))?;
    if metadata.is_dir() {
        collect_inputs(dir, problem, &mut inputs)?;
    } else if dir.extension().is_none_or(|e| e != "in") {
        // An answer given for its input would be judged against itself.
        let wrong = io::Error::new(
            io::ErrorKind::InvalidInput,
            "expected a folder of cases or one `.in` file",
        );
        return Err((dir.to_path_buf(), wrong));
    } else {
        inputs.push(dir.to_path_buf());
    }
    inputs.sort();
    Ok(inputs
        .into_iter()
        .map(|input| {
            let name = input.strip_prefix(dir).unwrap_or(&input);
            let name = if name.as_os_str().is_empty() {
                &input
            } else {
                name
            };
            // A control character in a file's name does not reach the
            // terminal raw, nor a byte that is not UTF-8.
            let name = escaped_path(name);
            // A file beside the input counts whatever it is (a link to
            // nothing, a folder): it is then a case that cannot be read.
            let beside = |ext: &str| {
                Some(input.with_extension(ext)).filter(|p| p.symlink_metadata().is_ok())
            };
            Case {
                name,
                // `.ans` is an answer by name; `.out` may be a program's
                // output left beside it.
                answer: beside("ans").or_else(|| beside("out")),
                args: beside("args"),
                error: beside("err"),
                input,
            }
        })
        .collect())
}

/// Every `*.in` below `dir`, but those named after other problems and
/// commands, and those in their folders; an error names the folder that
/// could not be read. Links to folders are not followed, so a loop of
/// links cannot make this endless; any other `*.in` is an input, a link to
/// nothing too (a case that cannot be read, not one passed over).
fn collect_inputs(
    dir: &Path,
    problem: Problem,
    inputs: &mut Vec<PathBuf>,
) -> Result<(), (PathBuf, io::Error)> {
    let failed = |e| (dir.to_path_buf(), e);
    for entry in fs::read_dir(dir).map_err(failed)? {
        let entry = entry.map_err(failed)?;
        let path = entry.path();
        if entry.file_type().map_err(failed)?.is_dir() {
            if !belongs_elsewhere(&entry.file_name(), problem) {
                collect_inputs(&path, problem, inputs)?;
            }
        } else if path.extension().is_some_and(|e| e == "in")
            && !path
                .file_stem()
                .is_some_and(|stem| belongs_elsewhere(stem, problem))
        {
            inputs.push(path);
        }
    }
    Ok(())
}

/// Whether a folder holds the cases of another problem or of
/// `scoreboard`, or an input (by its name without `.in`) is one: named
/// after it, alone or before a `-`.
fn belongs_elsewhere(folder: &OsStr, problem: Problem) -> bool {
    let name = folder.to_string_lossy();
    let owner = name.split('-').next().unwrap_or_default();
    let others = Problem::ALL
        .iter()
        .filter(|&&p| p != problem)
        .map(|p| p.name());
    others.chain(["scoreboard"]).any(|other| other == owner)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases_are_found_below_the_folder_in_order_with_their_answers() {
        let dir = std::env::temp_dir().join(format!("referee-suite-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        for folder in [
            "b",
            "fourrow-strict",
            "rating",
            "snooker-errors",
            "scoreboard",
            "g",
            "g-2",
        ] {
            fs::create_dir_all(dir.join(folder)).unwrap();
        }
        for file in [
            "fourrow-strict/s.in",
            "fourrow-strict/s.args",
            "fourrow-strict/s.err",
            "rating/r.in",
            "snooker-errors/e.in",
            "scoreboard/t.in",
            "b/2.in",
            "b/2.ans",
            "a.in",
            "a.out",
            "a.ans",
            "c.in",
            "fourrow-sample.in",
            "rating-sample.in",
            "snooker.in",
            "notes.txt",
            "g.in",
            "g-2/x.in",
            "g/x.in",
        ] {
            fs::write(dir.join(file), "").unwrap();
        }
        let cases = find_cases(&dir, Problem::Fourrow).unwrap();
        let shown: Vec<(String, Option<String>)> = cases
            .iter()
            .map(|c| {
                let answer = c
                    .answer
                    .as_ref()
                    .map(|a| a.extension().unwrap().to_string_lossy().into_owned());
                (c.name.replace('\\', "/"), answer)
            })
            .collect();
        assert_eq!(
            shown,
            [
                ("a.in".to_string(), Some("ans".to_string())),
                ("b/2.in".to_string(), Some("ans".to_string())),
                ("c.in".to_string(), None),
                ("fourrow-sample.in".to_string(), None),
                ("fourrow-strict/s.in".to_string(), None),
                // A part at a time: a folder's cases together, before a
                // longer name it starts.
                ("g/x.in".to_string(), None),
                ("g-2/x.in".to_string(), None),
                ("g.in".to_string(), None),
            ]
        );
        let own = &cases[4];
        assert!(own.args.is_some() && own.error.is_some());
        assert!(cases[0].args.is_none() && cases[0].error.is_none());
        let rating = find_cases(&dir.join("rating"), Problem::Fourrow).unwrap();
        assert_eq!(
            rating.len(),
            1,
            "a folder given is walked whatever its name"
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn control_characters_in_a_cases_name_are_spelled_out() {
        let dir = std::env::temp_dir().join(format!("referee-names-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("a\u{1}b\tc.in"), "").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            let not_utf8 = std::ffi::OsStr::from_bytes(b"d\xff.in");
            fs::write(dir.join(not_utf8), "").unwrap();
        }
        let cases = find_cases(&dir, Problem::Fourrow).unwrap();
        let names: Vec<&str> = cases.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names[0], "a\\x01b\\tc.in");
        #[cfg(unix)]
        assert_eq!(names[1], "d\\xff.in");
        fs::remove_dir_all(&dir).unwrap();
    }
}
