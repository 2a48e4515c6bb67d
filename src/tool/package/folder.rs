//! Writing a package into its folder, DIR: what the folder may hold
//! (nothing, or an earlier package, whose manifest says which files are
//! ours), the refusals that come before any write, then the files and
//! the manifest (`manifest.rs`).

use super::manifest::{self, Found};
use super::{files, PackageFile, Problem};
use std::fs;
use std::io;
use std::path::Path;

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
    // A file of ours that someone changed since holds their work: named
    // in either refusal, since --force writes over it.
    let wanted = |path: &str| {
        let file = files.iter().find(|f| f.path == path);
        file.map(|f| manifest::digest(&f.bytes))
    };
    let changed = manifest::changed(dir, &digests, wanted).filter(|_| !force);
    if let Some(other) = earlier_problem.filter(|other| other != problem.name() && !force) {
        let change = changed.map_or(String::new(), |path| {
            format!(", and {} was changed since referee package wrote it", path)
        });
        return Err(in_the_way(format!(
            "the folder holds the package of {}{}; to write {} over it, add --force",
            other,
            change,
            problem.name()
        )));
    }
    if let Some(path) = changed {
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
    let earlier = Earlier {
        files: &earlier,
        digests: &digests,
    };
    write_files(
        dir,
        problem.name(),
        earlier,
        &files,
        crate::tool::files::write_whole,
    )
}

/// What the earlier package in the folder wrote: its files, and the
/// digest of those whose bytes its manifest knows.
struct Earlier<'a> {
    files: &'a [String],
    digests: &'a [(String, u64)],
}

impl Earlier<'_> {
    fn digest(&self, path: &str) -> Option<u64> {
        let listed = self.digests.iter().find(|(listed, _)| listed == path);
        listed.map(|&(_, digest)| digest)
    }
}

/// Writes the package's `files` into `dir` with `put`, and the manifest
/// before the first and after each. Every file of ours is listed before
/// anything is written: an earlier package's with the digest of the bytes
/// it holds until it is written over, a new one with that of the bytes
/// it is to hold. So a run cut short leaves no file of ours unlisted, a
/// change made to one of them after it is still seen, and a file someone
/// puts where a new one was to be is not taken for ours.
fn write_files(
    dir: &Path,
    problem: &str,
    earlier: Earlier,
    files: &[PackageFile],
    mut put: impl FnMut(&Path, &[u8]) -> io::Result<()>,
) -> io::Result<()> {
    let manifest = dir.join(manifest::NAME);
    let paths: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
    let is_earlier = |path: &str| earlier.files.iter().any(|e| e == path);
    // Before it is written: the earlier package's digest, or the new one.
    let before = |f: &PackageFile| match is_earlier(&f.path) {
        true => earlier.digest(&f.path),
        false => Some(manifest::digest(&f.bytes)),
    };
    let mut listing: Vec<(&str, Option<u64>)> =
        files.iter().map(|f| (f.path.as_str(), before(f))).collect();
    let stale = earlier.files.iter().map(String::as_str);
    let stale = stale.filter(|path| !paths.contains(path));
    let first = stale.map(|path| (path, earlier.digest(path)));
    let first = first.chain(listing.iter().copied());
    put(&manifest, manifest::text(problem, first).as_bytes())?;
    manifest::remove_stale(dir, earlier.files, &paths)?;
    for (at, f) in files.iter().enumerate() {
        let path = dir.join(&f.path);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent)?;
        }
        put(&path, &f.bytes)?;
        listing[at].1 = Some(manifest::digest(&f.bytes));
        put(
            &manifest,
            manifest::text(problem, listing.iter().copied()).as_bytes(),
        )?;
    }
    Ok(())
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

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

    /// An earlier package of three files, and a run that writes two of
    /// them anew and one new file, its `put` failing on the `fail`-th
    /// call (the manifest's writes counted): the folder, with what the run
    /// left, and the new files.
    fn cut_short(name: &str, fail: usize) -> (PathBuf, [PackageFile; 3]) {
        let dir = std::env::temp_dir().join(format!("referee-{}-{}", name, std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("data")).unwrap();
        let before = [("a.txt", "A1"), ("data/b.in", "B1"), ("old.txt", "O1")];
        for (path, bytes) in before {
            fs::write(dir.join(path), bytes).unwrap();
        }
        let files = before.map(|(path, _)| path.to_string());
        let digests = before.map(|(path, bytes)| (path.to_string(), digest(bytes)));
        let now = [("a.txt", "A2"), ("data/b.in", "B2"), ("data/c.in", "C2")];
        let now = now.map(|(path, bytes)| PackageFile {
            path: path.to_string(),
            bytes: bytes.into(),
        });
        let earlier = Earlier {
            files: &files,
            digests: &digests,
        };
        let calls = std::cell::Cell::new(0);
        let put = |path: &Path, bytes: &[u8]| {
            calls.set(calls.get() + 1);
            match calls.get() == fail {
                true => Err(io::Error::other("cut short")),
                false => crate::tool::files::write_whole(path, bytes),
            }
        };
        assert!(write_files(&dir, "rating", earlier, &now, put).is_err());
        (dir, now)
    }

    fn digest(bytes: &str) -> u64 {
        manifest::digest(bytes.as_bytes())
    }

    /// The files and digests the manifest in `dir` lists, and the first
    /// file changed since (`wanted`: what a next run writes there).
    fn listed(
        dir: &Path,
        wanted: impl Fn(&str) -> Option<u64>,
    ) -> (Vec<(String, u64)>, Option<String>) {
        match manifest::look(dir).unwrap() {
            Found::Package { digests, .. } => {
                let changed = manifest::changed(dir, &digests, wanted).map(String::from);
                (digests, changed)
            }
            other => panic!("not a package: {:?}", other),
        }
    }

    fn pairs(listed: &[(&str, &str)]) -> Vec<(String, u64)> {
        listed
            .iter()
            .map(|(path, bytes)| (path.to_string(), digest(bytes)))
            .collect()
    }

    #[test]
    fn a_run_cut_short_lists_every_file_with_the_digest_of_what_it_holds() {
        // Cut at the package's second file (the manifest's first write,
        // the first file, the manifest again, then the second).
        let (dir, _) = cut_short("cut-short", 4);
        let (digests, _) = listed(&dir, |_| None);
        let expected = [("a.txt", "A2"), ("data/b.in", "B1"), ("data/c.in", "C2")];
        assert_eq!(digests, pairs(&expected));
        assert!(!dir.join("old.txt").exists());
        // Someone's change to a file the run did not reach is still seen.
        fs::write(dir.join("data/b.in"), "mine").unwrap();
        let (_, changed) = listed(&dir, |_| None);
        fs::remove_dir_all(&dir).unwrap();
        assert_eq!(changed.as_deref(), Some("data/b.in"));
    }

    #[test]
    fn a_file_someone_puts_where_a_new_one_was_to_be_is_seen() {
        // Cut at the first file: the manifest lists the earlier package
        // and the file still to come, with the digest of its bytes.
        let (dir, _) = cut_short("cut-first", 2);
        let (digests, _) = listed(&dir, |_| None);
        let expected = [
            ("old.txt", "O1"),
            ("a.txt", "A1"),
            ("data/b.in", "B1"),
            ("data/c.in", "C2"),
        ];
        assert_eq!(digests, pairs(&expected));
        fs::write(dir.join("data/c.in"), "mine").unwrap();
        let (_, changed) = listed(&dir, |_| None);
        fs::remove_dir_all(&dir).unwrap();
        assert_eq!(changed.as_deref(), Some("data/c.in"));
    }

    #[test]
    fn a_file_written_before_the_manifest_said_so_is_not_taken_for_a_change() {
        // Cut at the manifest's write after the first file: `a.txt` holds
        // the new bytes, the manifest the earlier digest.
        let (dir, now) = cut_short("cut-between", 3);
        let wanted = |path: &str| {
            let file = now.iter().find(|f| f.path == path);
            file.map(|f| manifest::digest(&f.bytes))
        };
        let (_, taken_for_a_change) = listed(&dir, |_| None);
        let (_, changed) = listed(&dir, wanted);
        fs::remove_dir_all(&dir).unwrap();
        assert_eq!(taken_for_a_change.as_deref(), Some("a.txt"));
        assert_eq!(changed, None);
    }
}
