//! The package's manifest, `referee-manifest.txt`: the problem and
//! every file that `referee package` wrote, one a line, with a digest
//! of the bytes written (`DIGEST  PATH`; a path alone where the bytes
//! are not known). While a run removes files and writes them, lines
//! `held DIGEST  PATH` name those it removes and the one it writes
//! next, ours only while they hold those bytes. A later run replaces
//! exactly those files, removes those it no longer writes, and leaves
//! everything else in the folder alone (a coach's own tests and
//! submissions stay). A file changed since it was written, and a
//! package of another problem, are only written over with `--force`.

use crate::tool::files;
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
    /// A package of `problem` listing the files it wrote, and the digest
    /// of those whose bytes it knows; `held`, the files its run was about
    /// to remove or write when it was cut short, ours or not.
    Package {
        problem: String,
        files: Vec<String>,
        digests: Vec<(String, u64)>,
        held: Vec<String>,
    },
    /// A package of `problem` written before manifests were kept: the
    /// files it wrote are not listed.
    Unlisted { problem: String },
    /// Files that are not a package of ours.
    Other,
}

/// The manifest's text for a package of `problem` with `files`, each
/// with the digest of its bytes if they are known, and the files that
/// are ours only while they hold the bytes given (`held`: those about to
/// be removed or written).
pub(crate) fn text<'a>(
    problem: &str,
    files: impl IntoIterator<Item = (&'a str, Option<u64>)>,
    held: impl IntoIterator<Item = (&'a str, u64)>,
) -> String {
    let mut text = format!("{}{}\n", HEADING, problem);
    for (file, digest) in files {
        if let Some(digest) = digest {
            text.push_str(&format!("{:016x}  ", digest));
        }
        text.push_str(file);
        text.push('\n');
    }
    for (file, digest) in held {
        text.push_str(&format!("{}{:016x}  {}\n", HELD, digest, file));
    }
    text
}

/// The start of the line of a file about to be removed or written: ours
/// if it holds those bytes (a run cut short left it so), else not.
const HELD: &str = "held ";

/// A digest of `bytes` that stays the same from build to build (64-bit
/// FNV-1a): enough to see that someone changed a file.
pub(crate) fn digest(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A file of the manifest: its path, and its digest where the line
/// gives one.
type Listed = (String, Option<u64>);

/// What a manifest says: the problem, the files of ours, and the paths
/// of its held lines.
type Contents = (String, Vec<Listed>, Vec<String>);

/// Reads the manifest's text: `None` unless it is one of ours whose every
/// path stays inside the package and out of version control. A file of
/// a held line is among ours if `holds` says it holds the bytes its line
/// gives.
fn parse(text: &str, holds: impl Fn(&str, u64) -> bool) -> Option<Contents> {
    let mut lines = text.lines();
    let problem = lines.next()?.strip_prefix(HEADING)?.to_string();
    let lines: Vec<(Listed, bool)> = lines
        .map(|line| match line.strip_prefix(HELD) {
            Some(rest) => (listed(rest), true),
            None => (listed(line), false),
        })
        .collect();
    // A path out of the folder, or into a version control's folder
    // (never ours), is not one this tool wrote: such a manifest is not
    // trusted with what a re-run removes, nor read further.
    let inside = |f: &str| {
        !f.is_empty()
            && !f.starts_with('/')
            && f.split('/')
                .all(|part| !part.is_empty() && part != "." && part != "..")
            && !f.split('/').any(in_version_control)
    };
    if !lines.iter().all(|((path, _), _)| inside(path)) {
        return None;
    }
    let mut files: Vec<Listed> = Vec::new();
    let mut held_paths = Vec::new();
    for ((path, digest), held) in lines {
        if held {
            held_paths.push(path.clone());
        }
        match (held, digest) {
            (false, _) => files.push((path, digest)),
            (true, Some(digest)) if holds(&path, digest) => {
                match files.iter_mut().find(|(listed, _)| *listed == path) {
                    Some(listed) => listed.1 = Some(digest),
                    None => files.push((path, Some(digest))),
                }
            }
            (true, _) => {}
        }
    }
    Some((problem, files, held_paths))
}

/// A manifest line: `DIGEST  PATH`, or a path alone (as manifests were
/// first written). Our paths hold no blanks.
fn listed(line: &str) -> Listed {
    let digest = line
        .split_once("  ")
        .filter(|(digest, _)| digest.len() == 16)
        .and_then(|(digest, path)| Some((u64::from_str_radix(digest, 16).ok()?, path)));
    match digest {
        Some((digest, path)) => (path.to_string(), Some(digest)),
        None => (line.to_string(), None),
    }
}

/// The first file of `digests` in `dir` whose bytes are not those
/// listed: someone changed it. A file that is gone is not changed, nor
/// one replaced by a link (the link is replaced, its target left alone).
pub(crate) fn changed<'a>(dir: &Path, digests: &'a [(String, u64)]) -> Option<&'a str> {
    let differs = |path: &str, listed: u64| {
        let now = digest_of(&dir.join(path));
        now.is_some_and(|now| now != listed)
    };
    digests
        .iter()
        .find(|(path, listed)| differs(path, *listed))
        .map(|(path, _)| path.as_str())
}

/// The digest of the file at `path`; `None` if there is none, or a link
/// or a folder is there instead.
pub(crate) fn digest_of(path: &Path) -> Option<u64> {
    let file = fs::symlink_metadata(path).is_ok_and(|m| m.is_file());
    file.then(|| fs::read(path).ok().map(|bytes| digest(&bytes)))?
}

/// The folders of version control systems: a folder that holds one of
/// them and nothing else is new (`git init` first), and the package is
/// written beside it.
const VERSION_CONTROL: [&str; 3] = [".git", ".hg", ".svn"];

/// Whether a path's part names a version control's folder, in any case
/// (a file system may not tell `.GIT` from `.git`).
fn in_version_control(part: &str) -> bool {
    VERSION_CONTROL
        .iter()
        .any(|vc| part.eq_ignore_ascii_case(vc))
}

/// What `dir` holds.
pub(crate) fn look(dir: &Path) -> io::Result<Found> {
    if !dir.exists() {
        return Ok(Found::Nothing);
    }
    let names = fs::read_dir(dir)?
        .map(|entry| Ok(entry?.file_name()))
        .collect::<io::Result<Vec<_>>>()?;
    // A run killed before its manifest's first write left a file half
    // written, which is ours too.
    let ours_or_version_control =
        |name: &str| in_version_control(name) || files::is_partial_of(name, NAME);
    if names
        .iter()
        .all(|name| name.to_str().is_some_and(ours_or_version_control))
    {
        return Ok(Found::Nothing);
    }
    let text = match fs::read_to_string(dir.join(NAME)) {
        Ok(text) => text,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(without_manifest(dir)),
        Err(e) => return Err(e),
    };
    let holds = |path: &str, digest: u64| digest_of(&dir.join(path)) == Some(digest);
    Ok(match parse(&text, holds) {
        Some((problem, listed, held)) => Found::Package {
            problem,
            held,
            digests: listed
                .iter()
                .filter_map(|(path, digest)| Some((path.clone(), (*digest)?)))
                .collect(),
            files: listed.into_iter().map(|(path, _)| path).collect(),
        },
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
        let files = [
            ("problem.yaml", Some(digest(b"name: x\n"))),
            ("data/secret/01-edge.in", None),
        ];
        let text = text("rating", files, []);
        let files = files.map(|(path, digest)| (path.to_string(), digest));
        assert_eq!(
            parse(&text, |_, _| false),
            Some(("rating".to_string(), files.to_vec(), Vec::new()))
        );
        // As manifests were first written: paths alone.
        let first = format!("{}rating\nproblem.yaml\n", HEADING);
        let alone = vec![("problem.yaml".to_string(), None)];
        assert_eq!(
            parse(&first, |_, _| false),
            Some(("rating".to_string(), alone, Vec::new()))
        );
    }

    #[test]
    fn a_held_file_is_listed_only_if_it_holds_its_bytes() {
        let files = [("a.txt", Some(1)), ("b.txt", Some(2))];
        let text = text("rating", files, [("b.txt", 3)]);
        let holds = |path: &str, digest: u64| path == "b.txt" && digest == 3;
        let (_, written, held) = parse(&text, holds).unwrap();
        let listed = |path: &str, digest| (path.to_string(), Some(digest));
        assert_eq!(written, [listed("a.txt", 1), listed("b.txt", 3)]);
        assert_eq!(held, ["b.txt"]);
        let (_, not_written, _) = parse(&text, |_, _| false).unwrap();
        assert_eq!(not_written, [listed("a.txt", 1), listed("b.txt", 2)]);
        let new = super::text("rating", files, [("c.txt", 4)]);
        let (_, with_new, _) = parse(&new, |_, _| true).unwrap();
        assert_eq!(with_new.last(), Some(&listed("c.txt", 4)));
        let (_, without_new, held) = parse(&new, |_, _| false).unwrap();
        assert_eq!(
            (without_new.len(), &held[..]),
            (2, &["c.txt".to_string()][..])
        );
    }

    #[test]
    fn digests_are_fnv_1a() {
        assert_eq!(digest(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(digest(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_ne!(digest(b"ab"), digest(b"ba"));
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
            let text = text("rating", [(path, None)], []);
            assert_eq!(parse(&text, |_, _| false), None, "{}", path);
        }
        assert_eq!(parse("problem.yaml\n", |_, _| false), None);
    }
}
