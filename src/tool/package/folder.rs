//! Writing a package into its folder, DIR: what the folder may hold
//! (nothing, or an earlier package, whose manifest says which files are
//! ours), the refusals that come before any write, then the files and
//! the manifest (`manifest.rs`).

use super::manifest::{self, Found};
use super::{files, PackageFile, Problem};
use crate::tool::files::{is_partial_of, write_whole};
use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

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
    let (earlier_problem, earlier, digests, held) = match manifest::look(dir)? {
        Found::Nothing => (None, Vec::new(), Vec::new(), Vec::new()),
        Found::Package {
            problem,
            files,
            digests,
            held,
        } => (Some(problem), files, digests, held),
        // Of the same problem, every file this package writes was the
        // earlier one's: they are replaced, and nothing is removed. Of
        // another, which of its files are whose is not known: none is
        // written over.
        Found::Unlisted { problem: other } if other == problem.name() => (
            Some(other),
            paths.iter().map(|p| p.to_string()).collect(),
            Vec::new(),
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
    let changed = manifest::changed(dir, &digests).filter(|_| !force);
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
    if let Some(path) = someones(dir, &earlier, &files) {
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
        held: &held,
    };
    write_files(dir, problem.name(), earlier, &files, write_whole)
}

/// The first of the package's files whose place holds something that the
/// earlier package did not list: someone's own, even where this package
/// would put one of its files.
fn someones<'a>(dir: &Path, earlier: &[String], files: &'a [PackageFile]) -> Option<&'a str> {
    let theirs = |f: &&PackageFile| {
        let listed = earlier.contains(&f.path);
        !listed && dir.join(&f.path).symlink_metadata().is_ok()
    };
    files.iter().find(theirs).map(|f| f.path.as_str())
}

/// What the earlier package in the folder wrote: its files, the digest
/// of those whose bytes its manifest knows, and the files its run was
/// about to remove or write if it was cut short (`Found::Package`).
struct Earlier<'a> {
    files: &'a [String],
    digests: &'a [(String, u64)],
    held: &'a [String],
}

impl Earlier<'_> {
    fn digest(&self, path: &str) -> Option<u64> {
        let listed = self.digests.iter().find(|(listed, _)| listed == path);
        listed.map(|&(_, digest)| digest)
    }
}

/// Writes the package's `files` into `dir` with `put`, and the manifest
/// before the first and after each. The manifest lists the files of
/// ours there are, each with the digest of the bytes it holds (the
/// earlier package's until it is written over), and the file to be
/// written next, which is ours if it holds that file's bytes. So a run
/// cut short anywhere leaves every file of ours listed, a change made to
/// one of them after it is still seen, and a file someone puts where a
/// new one was to be is theirs.
fn write_files(
    dir: &Path,
    problem: &str,
    earlier: Earlier,
    files: &[PackageFile],
    mut put: impl FnMut(&Path, &[u8]) -> io::Result<()>,
) -> io::Result<()> {
    let manifest = dir.join(manifest::NAME);
    let paths: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
    // What a run cut short left half written is beside a file it wrote,
    // removed or was about to write (a held file of any problem's).
    let earlier_paths = earlier.files.iter().chain(earlier.held).map(String::as_str);
    let all = paths.iter().copied().chain(earlier_paths);
    remove_partials(dir, all.chain([manifest::NAME]))?;
    let mut written = vec![false; files.len()];
    // The earlier package's files that this one does not write, about to
    // be removed: ours while they hold what they hold now (a run cut
    // short while removing them leaves someone's file at such a place
    // theirs). Any change to them passed the checks only with --force.
    let stale: Vec<(&str, u64)> = earlier
        .files
        .iter()
        .map(String::as_str)
        .filter(|path| !paths.contains(path))
        .filter_map(|path| Some((path, manifest::digest_of(&dir.join(path))?)))
        .collect();
    // The files of ours there are, with the digests of what they hold;
    // those about to be removed (`stale_there`); and the file to be
    // written `next`, ours if it holds its bytes.
    let listing = |written: &[bool], stale_there: bool, next: Option<usize>| {
        let ours = files.iter().zip(written).filter_map(|(f, &written)| {
            let path = f.path.as_str();
            match (written, earlier.files.iter().any(|e| e == path)) {
                (true, _) => Some((path, Some(manifest::digest(&f.bytes)))),
                (false, true) => Some((path, earlier.digest(path))),
                (false, false) => None,
            }
        });
        let next = next.and_then(|at| files.get(at));
        let next = next.map(|f| (f.path.as_str(), manifest::digest(&f.bytes)));
        let removed = stale.iter().copied().filter(|_| stale_there);
        manifest::text(problem, ours, removed.chain(next))
    };
    put(&manifest, listing(&written, true, None).as_bytes())?;
    manifest::remove_stale(dir, earlier.files, &paths)?;
    // The files removed are no longer ours: one someone puts there is
    // theirs.
    put(&manifest, listing(&written, false, Some(0)).as_bytes())?;
    for (at, f) in files.iter().enumerate() {
        let path = dir.join(&f.path);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent)?;
        }
        put(&path, &f.bytes)?;
        written[at] = true;
        put(&manifest, listing(&written, false, Some(at + 1)).as_bytes())?;
    }
    Ok(())
}

/// Removes what a run killed half way through writing one of `paths`
/// left beside it (`is_partial_of`), before they are written again.
fn remove_partials<'a>(dir: &Path, paths: impl Iterator<Item = &'a str>) -> io::Result<()> {
    let mut names_by_folder: BTreeMap<PathBuf, Vec<String>> = BTreeMap::new();
    for path in paths {
        let at = dir.join(path);
        if let (Some(folder), Some(name)) = (at.parent(), at.file_name()) {
            let names = names_by_folder.entry(folder.to_path_buf()).or_default();
            names.push(name.to_string_lossy().into_owned());
        }
    }
    for (folder, names) in names_by_folder {
        let Ok(entries) = fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries {
            let entry = entry?;
            let found = entry.file_name();
            let found = found.to_string_lossy();
            // Only a file: a folder or a link of that name is not ours.
            let file = entry.file_type().is_ok_and(|kind| kind.is_file());
            if file && names.iter().any(|name| is_partial_of(&found, name)) {
                let at = folder.join(&*found);
                fs::remove_file(&at).map_err(|e| in_the_way(format!("{}: {}", at.display(), e)))?;
            }
        }
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
mod tests;
