//! The package's manifest, `referee-manifest.txt`: the problem and every
//! file that `referee package` wrote, one path a line. A later run
//! replaces exactly those files, removes those it no longer writes, and
//! leaves everything else in the folder alone (a coach's own tests and
//! submissions stay). A package of another problem is only written over
//! with `--force`.

use std::fs;
use std::io;
use std::path::Path;

/// The manifest's file name, in the package's root.
pub(crate) const NAME: &str = "referee-manifest.txt";

/// The first words of every `problem.yaml` written here, before the
/// problem's name: how a package written before manifests were kept is
/// known.
pub(crate) const MARK: &str = "# Written by `referee package ";

/// The first words of the manifest's first line; the problem follows.
const HEADING: &str = "# Files written by `referee package`, replaced by its next run: ";

/// What a folder holds before a package is written into it.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Found {
    /// Nothing: no folder, or an empty one.
    Nothing,
    /// A package of `problem` listing the files it wrote.
    Package { problem: String, files: Vec<String> },
    /// A package of `problem` written before manifests were kept: the
    /// files it wrote are not listed.
    Unlisted { problem: String },
    /// Files that are not a package of ours.
    Other,
}

/// The manifest's text for a package of `problem` with `files`.
pub(crate) fn text<'a>(problem: &str, files: impl IntoIterator<Item = &'a str>) -> String {
    let mut text = format!("{}{}\n", HEADING, problem);
    for file in files {
        text.push_str(file);
        text.push('\n');
    }
    text
}

/// Reads the manifest's text: `None` unless it is one of ours whose every
/// path stays inside the package.
fn parse(text: &str) -> Option<(String, Vec<String>)> {
    let mut lines = text.lines();
    let problem = lines.next()?.strip_prefix(HEADING)?.to_string();
    let files: Vec<String> = lines.map(str::to_string).collect();
    let inside = |f: &String| {
        !f.is_empty()
            && !f.starts_with('/')
            && f.split('/')
                .all(|part| !part.is_empty() && part != "." && part != "..")
    };
    files.iter().all(inside).then_some((problem, files))
}

/// What `dir` holds.
pub(crate) fn look(dir: &Path) -> io::Result<Found> {
    if !dir.exists() || fs::read_dir(dir)?.next().is_none() {
        return Ok(Found::Nothing);
    }
    let text = match fs::read_to_string(dir.join(NAME)) {
        Ok(text) => text,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(without_manifest(dir)),
        Err(e) => return Err(e),
    };
    Ok(match parse(&text) {
        Some((problem, files)) => Found::Package { problem, files },
        None => Found::Other,
    })
}

/// A package written before manifests were kept, known by the first line
/// of its `problem.yaml`.
fn without_manifest(dir: &Path) -> Found {
    let yaml = fs::read_to_string(dir.join("problem.yaml")).unwrap_or_default();
    let problem = yaml
        .lines()
        .next()
        .and_then(|l| l.strip_prefix(MARK))
        .and_then(|rest| rest.strip_suffix("`."));
    match problem {
        Some(problem) => Found::Unlisted {
            problem: problem.to_string(),
        },
        None => Found::Other,
    }
}

/// Removes the files of an earlier package that the new one does not
/// write, and then the folders they leave empty (the earlier run made
/// them).
pub(crate) fn remove_stale(dir: &Path, earlier: &[String], now: &[&str]) -> io::Result<()> {
    for stale in earlier.iter().filter(|f| !now.contains(&f.as_str())) {
        let path = dir.join(stale);
        match fs::remove_file(&path) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
            Err(e) => return Err(e),
        }
        let mut parent = path.parent();
        while let Some(folder) = parent.filter(|p| *p != dir) {
            if fs::remove_dir(folder).is_err() {
                break;
            }
            parent = folder.parent();
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manifest_reads_back() {
        let text = text("rating", ["problem.yaml", "data/secret/01-edge.in"]);
        assert_eq!(
            parse(&text),
            Some((
                "rating".to_string(),
                vec![
                    "problem.yaml".to_string(),
                    "data/secret/01-edge.in".to_string()
                ]
            ))
        );
    }

    #[test]
    fn a_package_written_before_manifests_is_known_by_its_problem_yaml() {
        let dir = std::env::temp_dir().join(format!("referee-manifest-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let yaml = format!("{}fourrow`.\nname: Four in a Row\n", MARK);
        fs::write(dir.join("problem.yaml"), yaml).unwrap();
        let found = look(&dir).unwrap();
        fs::write(dir.join("problem.yaml"), "name: mine\n").unwrap();
        let other = look(&dir).unwrap();
        fs::remove_dir_all(&dir).unwrap();
        assert_eq!(
            found,
            Found::Unlisted {
                problem: "fourrow".to_string()
            }
        );
        assert_eq!(other, Found::Other);
    }

    #[test]
    fn a_manifest_that_leaves_the_package_is_not_ours() {
        for path in ["../x", "/etc/passwd", "data/../../x", "", "a//b"] {
            assert_eq!(parse(&text("rating", [path])), None, "{}", path);
        }
        assert_eq!(parse("problem.yaml\n"), None);
    }
}
