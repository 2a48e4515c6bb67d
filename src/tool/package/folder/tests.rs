//! The folder's writing cut short at each kind of point, and what a
//! later run makes of what it left.

use super::*;

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
/// call (the manifest's writes counted; 0: none fails): the folder,
/// with what the run left, the earlier package's files and the new
/// ones. Files are made in the folder first with `before_run`.
fn cut_short(
    name: &str,
    fail: usize,
    before_run: impl Fn(&Path),
) -> (PathBuf, Vec<String>, [PackageFile; 3]) {
    let dir = std::env::temp_dir().join(format!("referee-{}-{}", name, std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("data")).unwrap();
    let before = [("a.txt", "A1"), ("data/b.in", "B1"), ("old.txt", "O1")];
    for (path, bytes) in before {
        fs::write(dir.join(path), bytes).unwrap();
    }
    let files = before.map(|(path, _)| path.to_string()).to_vec();
    let digests = before.map(|(path, bytes)| (path.to_string(), digest(bytes)));
    let now = [("a.txt", "A2"), ("data/b.in", "B2"), ("data/c.in", "C2")];
    let now = now.map(|(path, bytes)| PackageFile {
        path: path.to_string(),
        bytes: bytes.into(),
    });
    let earlier = Earlier {
        files: &files,
        digests: &digests,
        held: &[],
    };
    let calls = std::cell::Cell::new(0);
    let put = |path: &Path, bytes: &[u8]| {
        calls.set(calls.get() + 1);
        match calls.get() == fail {
            true => Err(io::Error::other("cut short")),
            false => write_whole(path, bytes),
        }
    };
    before_run(&dir);
    let result = write_files(&dir, "rating", earlier, &now, put);
    assert_eq!(result.is_err(), fail != 0, "{:?}", result);
    (dir, files, now)
}

fn digest(bytes: &str) -> u64 {
    manifest::digest(bytes.as_bytes())
}

/// What the manifest in `dir` lists: its files and their digests.
fn listed(dir: &Path) -> (Vec<String>, Vec<(String, u64)>) {
    match manifest::look(dir).unwrap() {
        Found::Package { files, digests, .. } => (files, digests),
        other => panic!("not a package: {:?}", other),
    }
}

fn pairs(listed: &[(&str, &str)]) -> Vec<(String, u64)> {
    let pair = |(path, bytes): &(&str, &str)| (path.to_string(), digest(bytes));
    listed.iter().map(pair).collect()
}

// The calls of `put`: the manifest, again once the earlier package's
// other files are removed, then each file and the manifest again:
// a.txt is the 3rd, data/b.in the 5th, data/c.in the 7th.

#[test]
fn a_run_cut_short_lists_every_file_of_ours_with_the_digest_of_what_it_holds() {
    let (dir, _, _) = cut_short("cut-short", 5, |_| {});
    let (files, digests) = listed(&dir);
    fs::write(dir.join("data/b.in"), "mine").unwrap();
    let (_, after) = listed(&dir);
    let changed = manifest::changed(&dir, &after).map(String::from);
    let old_there = dir.join("old.txt").exists();
    fs::remove_dir_all(&dir).unwrap();
    // data/b.in was next, but not written: its earlier digest stands;
    // data/c.in is not written yet: not listed.
    assert_eq!(files, ["a.txt", "data/b.in"]);
    assert_eq!(digests, pairs(&[("a.txt", "A2"), ("data/b.in", "B1")]));
    assert!(!old_there);
    // Someone's change to a file the run did not reach is still seen.
    assert_eq!(changed.as_deref(), Some("data/b.in"));
}

#[test]
fn a_file_someone_puts_where_a_new_one_was_to_be_is_theirs() {
    let (dir, _, now) = cut_short("cut-first", 3, |_| {});
    let (files, digests) = listed(&dir);
    fs::write(dir.join("data/c.in"), "mine").unwrap();
    // old.txt, removed, is not ours any more either.
    fs::write(dir.join("old.txt"), "mine").unwrap();
    let (after, after_digests) = listed(&dir);
    let theirs = someones(&dir, &after, &now).map(String::from);
    let changed = manifest::changed(&dir, &after_digests).map(String::from);
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(files, ["a.txt", "data/b.in"]);
    assert_eq!(digests, pairs(&[("a.txt", "A1"), ("data/b.in", "B1")]));
    assert_eq!(theirs.as_deref(), Some("data/c.in"));
    assert_eq!(changed, None);
}

#[test]
fn a_file_someone_puts_where_a_removed_one_was_is_theirs() {
    // Cut once the earlier package's other files are removed, before
    // the manifest says so.
    let (dir, _, _) = cut_short("cut-removed", 2, |_| {});
    let old_there = dir.join("old.txt").exists();
    fs::write(dir.join("old.txt"), "mine").unwrap();
    let (files, digests) = listed(&dir);
    let changed = manifest::changed(&dir, &digests).map(String::from);
    fs::remove_dir_all(&dir).unwrap();
    assert!(!old_there);
    assert_eq!(files, ["a.txt", "data/b.in"]);
    assert_eq!(changed, None);
}

#[test]
fn a_file_written_before_the_manifest_said_so_is_ours_if_it_holds_its_bytes() {
    // Cut at the manifest's write after a.txt, which the manifest
    // named as next: it holds the new bytes.
    let (dir, _, _) = cut_short("cut-between", 4, |_| {});
    let (_, digests) = listed(&dir);
    let changed = manifest::changed(&dir, &digests).map(String::from);
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(digests[0], (String::from("a.txt"), digest("A2")));
    assert_eq!(changed, None);
    // Cut at the manifest's write after data/c.in, new: ours, even to
    // a package of another problem, which writes other bytes there.
    let (dir, _, _) = cut_short("cut-new", 8, |_| {});
    let (files, _) = listed(&dir);
    let other = [PackageFile {
        path: "data/c.in".to_string(),
        bytes: b"C3".to_vec(),
    }];
    let theirs = someones(&dir, &files, &other).map(String::from);
    // Not once someone wrote over it.
    fs::write(dir.join("data/c.in"), "mine").unwrap();
    let (files_now, _) = listed(&dir);
    let theirs_now = someones(&dir, &files_now, &other).map(String::from);
    fs::remove_dir_all(&dir).unwrap();
    assert!(files.contains(&"data/c.in".to_string()));
    assert_eq!(theirs, None);
    assert_eq!(theirs_now.as_deref(), Some("data/c.in"));
}

#[test]
fn a_run_removes_what_a_killed_one_left_beside_the_files_it_writes_or_removes() {
    let left = [
        ".a.txt.9-0.partial",
        "data/.c.in.9-2.partial",
        ".old.txt.9-0.partial",
    ];
    let folder_of_that_name = "data/.b.in.9-0.partial";
    let (dir, _, _) = cut_short("partials", 0, |dir| {
        for path in left {
            fs::write(dir.join(path), "half").unwrap();
        }
        fs::create_dir_all(dir.join(folder_of_that_name)).unwrap();
    });
    let there = left.map(|path| dir.join(path).exists());
    let folder_kept = dir.join(folder_of_that_name).is_dir();
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(there, [false; 3]);
    assert!(folder_kept);
}

#[test]
fn a_run_of_another_problem_removes_what_a_killed_one_left_of_its_next_file() {
    // Cut at data/c.in, new, which the manifest holds as next; the
    // kill left it half written.
    let (dir, _, _) = cut_short("partial-next", 7, |_| {});
    let half = dir.join("data/.c.in.9-0.partial");
    fs::write(&half, "half").unwrap();
    let (files, digests, held) = match manifest::look(&dir).unwrap() {
        Found::Package {
            files,
            digests,
            held,
            ..
        } => (files, digests, held),
        other => panic!("not a package: {:?}", other),
    };
    let earlier = Earlier {
        files: &files,
        digests: &digests,
        held: &held,
    };
    let other = [PackageFile {
        path: "a.txt".to_string(),
        bytes: b"A3".to_vec(),
    }];
    let written = write_files(&dir, "fourrow", earlier, &other, write_whole);
    let left = half.exists();
    fs::remove_dir_all(&dir).unwrap();
    written.unwrap();
    assert_eq!(held, ["data/c.in"]);
    assert!(!left);
}

#[test]
fn what_a_killed_run_left_half_written_is_removed_and_no_bar_to_a_new_folder() {
    let dir = std::env::temp_dir().join(format!("referee-partials-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let left = [
        ".referee-manifest.txt.99-0.partial",
        "data/.c.in.99-1.partial",
    ];
    fs::write(dir.join(left[0]), "half").unwrap();
    let empty = manifest::look(&dir).unwrap();
    fs::create_dir_all(dir.join("data")).unwrap();
    fs::write(dir.join(left[1]), "half").unwrap();
    fs::write(dir.join("data/.notes.99-0.partial"), "theirs").unwrap();
    let paths = ["data/c.in", manifest::NAME];
    remove_partials(&dir, paths.into_iter()).unwrap();
    let kept = left.map(|path| dir.join(path).exists());
    let theirs = dir.join("data/.notes.99-0.partial").exists();
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(empty, Found::Nothing);
    assert_eq!(kept, [false, false]);
    assert!(theirs);
}
