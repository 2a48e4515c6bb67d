//! `referee package` and the folder it writes into: a re-run replaces
//! its own files and keeps a coach's, and nothing it did not write is
//! written over, through a link or in place of a folder.

mod common;

use assert_cmd::Command;
use common::package::tree;
use std::fs;
use std::path::PathBuf;

/// A fresh folder for one test.
fn scratch(name: &str) -> PathBuf {
    common::scratch("package-folder", name)
}

fn referee() -> Command {
    Command::cargo_bin("referee").unwrap()
}

#[test]
fn a_rerun_replaces_its_own_files_and_keeps_the_coachs() {
    let dir = scratch("coach");
    let package = |problem: &str, force: bool| {
        let mut command = referee();
        command.args(["package", problem]).arg(&dir);
        if force {
            command.arg("--force");
        }
        command.assert()
    };
    package("fourrow", false).success();
    let mine = dir.join("data/secret/99-mine.in");
    fs::write(&mine, "1\nGame #1: 1\n").unwrap();
    let four = dir.join("submissions/wrong_answer/four.py");
    fs::write(&four, "print()\n").unwrap();
    let yaml = dir.join("problem.yaml");
    let timelimit = dir.join(".timelimit");
    fs::remove_file(&timelimit).unwrap();
    // A file the manifest lists that this run no longer writes goes.
    let manifest = dir.join("referee-manifest.txt");
    let mut listed = fs::read_to_string(&manifest).unwrap();
    listed.push_str("data/secret/98-old.in\n");
    fs::write(&manifest, listed).unwrap();
    fs::write(dir.join("data/secret/98-old.in"), "1\nGame #1: 2\n").unwrap();

    package("fourrow", false).success();
    assert_eq!(fs::read(&mine).unwrap(), b"1\nGame #1: 1\n");
    assert_eq!(fs::read(&four).unwrap(), b"print()\n");
    assert!(timelimit.exists());
    assert!(!dir.join("data/secret/98-old.in").exists());

    // A file of ours that someone changed is theirs until --force.
    fs::write(&yaml, "changed").unwrap();
    let before = tree(&dir);
    package("fourrow", false)
        .code(1)
        .stderr(predicates::str::contains(
            "problem.yaml was changed since referee package wrote it; \
             to write over the change, add --force",
        ));
    assert_eq!(tree(&dir), before);
    package("fourrow", true).success();
    assert!(fs::read_to_string(&yaml).unwrap().contains("name: "));

    package("snooker", false)
        .code(1)
        .stderr(predicates::str::contains(
            "holds the package of fourrow; to write snooker over it, add --force",
        ));
    assert!(fs::read_to_string(&yaml).unwrap().contains("fourrow"));
    // The refusal names a changed file of ours, which --force writes over.
    fs::write(&yaml, "changed again").unwrap();
    package("snooker", false)
        .code(1)
        .stderr(predicates::str::contains(
            "holds the package of fourrow, and problem.yaml was changed since \
             referee package wrote it; to write snooker over it, add --force",
        ));
    package("snooker", true).success();
    assert!(fs::read_to_string(&yaml).unwrap().contains("snooker"));
    assert!(!dir.join("submissions/accepted/fourrow.rs").exists());
    assert_eq!(fs::read(&mine).unwrap(), b"1\nGame #1: 1\n");
    assert_eq!(fs::read(&four).unwrap(), b"print()\n");
}

#[test]
fn a_folder_holding_only_version_control_is_new_and_that_is_left_alone() {
    let dir = scratch("git-first");
    fs::create_dir_all(dir.join(".git/objects")).unwrap();
    fs::write(dir.join(".git/HEAD"), "ref: refs/heads/main\n").unwrap();
    let vcs = tree(&dir.join(".git"));
    let package = || referee().args(["package", "rating"]).arg(&dir).assert();
    package().success();
    package().success();
    assert!(dir.join("problem.yaml").exists());
    assert_eq!(tree(&dir.join(".git")), vcs);
    // A manifest that lists a file in it was not written by this tool:
    // the run stops, and removes nothing.
    let manifest = dir.join("referee-manifest.txt");
    let mut listed = fs::read_to_string(&manifest).unwrap();
    listed.push_str("data/.GIT/HEAD\n");
    fs::write(&manifest, listed).unwrap();
    package()
        .code(1)
        .stderr(predicates::str::contains("neither empty nor a package"));
    assert_eq!(tree(&dir.join(".git")), vcs);
    // A version control's folder is known in any letter case, as some
    // file systems do not tell them apart.
    let upper = scratch("upper-case-vcs");
    fs::create_dir_all(upper.join(".SVN")).unwrap();
    referee()
        .args(["package", "rating"])
        .arg(&upper)
        .assert()
        .success();
    assert!(upper.join("problem.yaml").exists() && upper.join(".SVN").is_dir());
    // Anything else beside it is someone's: not a new folder.
    let other = scratch("git-and-more");
    fs::create_dir_all(other.join(".git")).unwrap();
    fs::write(other.join("notes.txt"), "mine\n").unwrap();
    referee()
        .args(["package", "rating"])
        .arg(&other)
        .assert()
        .code(1)
        .stderr(predicates::str::contains("neither empty nor a package"));
}

#[test]
fn a_rerun_never_writes_over_a_file_it_did_not_write_nor_through_a_link() {
    let dir = scratch("not-ours");
    let package = || referee().args(["package", "fourrow"]).arg(&dir).assert();
    package().success();
    // A file of this package's whose path the manifest no longer lists is
    // someone's: the run stops before writing anything.
    let manifest = dir.join("referee-manifest.txt");
    let listed = fs::read_to_string(&manifest).unwrap();
    let taken = "problem.yaml";
    let unlisted: String = listed
        .lines()
        .filter(|l| l.split("  ").last() != Some(taken))
        .map(|l| format!("{}\n", l))
        .collect();
    fs::write(&manifest, &unlisted).unwrap();
    fs::write(dir.join(taken), "a coach's own\n").unwrap();
    package()
        .code(1)
        .stderr(predicates::str::contains("problem.yaml is there already"));
    assert_eq!(fs::read(dir.join(taken)).unwrap(), b"a coach's own\n");
    fs::write(&manifest, &listed).unwrap();
    fs::remove_file(dir.join(taken)).unwrap();
    // A link put where a file of ours was is replaced, not written through.
    #[cfg(unix)]
    {
        let outside = scratch("not-ours-outside").join("notes.txt");
        fs::write(&outside, "outside\n").unwrap();
        let ours = dir.join("data/sample/sample.ans");
        fs::remove_file(&ours).unwrap();
        std::os::unix::fs::symlink(&outside, &ours).unwrap();
        package().success();
        assert_eq!(fs::read(&outside).unwrap(), b"outside\n");
        assert!(!fs::symlink_metadata(&ours)
            .unwrap()
            .file_type()
            .is_symlink());
        // A link put where a folder of ours was stops the run.
        let elsewhere = scratch("not-ours-folder");
        fs::write(elsewhere.join("keep.txt"), "keep\n").unwrap();
        let folder = dir.join("submissions/wrong_answer");
        fs::remove_dir_all(&folder).unwrap();
        std::os::unix::fs::symlink(&elsewhere, &folder).unwrap();
        package().code(1).stderr(predicates::str::contains(
            "submissions/wrong_answer is a link; the package's folders must be its own",
        ));
        assert_eq!(
            tree(&elsewhere),
            vec![("keep.txt".to_string(), b"keep\n".to_vec())]
        );
    }
}

/// A folder where the package keeps a file (this run's, or the earlier
/// run's, which it would remove) stops the run before anything is
/// written, and is named.
#[test]
fn a_folder_in_place_of_a_file_of_ours_stops_the_run_before_any_write() {
    let dir = scratch("folder-in-the-way");
    let package = || referee().args(["package", "fourrow"]).arg(&dir).assert();
    package().success();
    let gone = dir.join("problem.yaml");
    fs::remove_file(&gone).unwrap();
    let manifest = dir.join("referee-manifest.txt");
    let listed = fs::read_to_string(&manifest).unwrap();
    for (path, manifest_text) in [
        ("data/secret/01-edge.in", listed.clone()),
        ("data/gone.in", format!("{}data/gone.in\n", listed)),
    ] {
        fs::write(&manifest, &manifest_text).unwrap();
        let taken = dir.join(path);
        let _ = fs::remove_file(&taken);
        fs::create_dir_all(&taken).unwrap();
        fs::write(taken.join("coach.txt"), "mine\n").unwrap();
        let before = tree(&dir);
        package().code(1).stderr(predicates::str::contains(format!(
            "{} is a folder where the package keeps a file",
            path
        )));
        assert_eq!(tree(&dir), before, "{}", path);
        fs::remove_dir_all(&taken).unwrap();
    }
    fs::write(&manifest, &listed).unwrap();
    package().success();
    assert!(gone.exists());
}

/// A package written before manifests were kept is known by its
/// `problem.yaml`: a run replaces its files and keeps the rest; a file
/// beside one of ours, named like the run's own, is kept too.
#[test]
fn a_package_without_a_manifest_is_written_over() {
    let dir = scratch("no-manifest");
    let package = || referee().args(["package", "rating"]).arg(&dir).assert();
    package().success();
    let written = tree(&dir);
    fs::remove_file(dir.join("referee-manifest.txt")).unwrap();
    fs::write(dir.join("data/sample/sample.ans"), "stale\n").unwrap();
    fs::write(dir.join("NOTES.txt"), "mine\n").unwrap();
    fs::write(dir.join(".problem.yaml.partial"), "mine\n").unwrap();
    package().success();
    let mut expected = written;
    expected.push(("NOTES.txt".to_string(), b"mine\n".to_vec()));
    expected.push((".problem.yaml.partial".to_string(), b"mine\n".to_vec()));
    expected.sort();
    assert_eq!(tree(&dir), expected);
    // Another problem's package without a manifest: whose files are
    // whose is not known, so none is written over, even with --force.
    // The message says so, and offers no --force that would not help.
    fs::remove_file(dir.join("referee-manifest.txt")).unwrap();
    let before = tree(&dir);
    for force in [&[][..], &["--force"]] {
        let refused = referee()
            .args(["package", "fourrow"])
            .args(force)
            .arg(&dir)
            .assert()
            .code(1);
        let message = String::from_utf8_lossy(&refused.get_output().stderr).into_owned();
        assert!(
            message.contains("a package of rating written before"),
            "{}",
            message
        );
        assert!(
            message.contains("not written over even with --force"),
            "{}",
            message
        );
        assert_eq!(tree(&dir), before);
    }
}

/// The manifest is written as the other files are: a link put in its
/// place is replaced, and what it pointed to is left alone.
#[cfg(unix)]
#[test]
fn a_link_in_place_of_the_manifest_is_not_written_through() {
    let dir = scratch("manifest-link");
    let package = || referee().args(["package", "rating"]).arg(&dir).assert();
    package().success();
    let outside = scratch("manifest-link-outside").join("mine.txt");
    let manifest = dir.join("referee-manifest.txt");
    fs::copy(&manifest, &outside).unwrap();
    let copied = fs::read(&outside).unwrap();
    fs::remove_file(&manifest).unwrap();
    std::os::unix::fs::symlink(&outside, &manifest).unwrap();
    package().success();
    assert_eq!(fs::read(&outside).unwrap(), copied);
    assert!(!fs::symlink_metadata(&manifest)
        .unwrap()
        .file_type()
        .is_symlink());
}

/// An empty folder name is refused before anything is written: it was
/// taken for the current folder, whatever that held. So is `-`, which
/// made a folder of that name.
#[test]
fn an_empty_folder_name_or_a_dash_writes_nothing() {
    let dir = scratch("empty-name");
    fs::write(dir.join("mine.txt"), "keep\n").unwrap();
    for (name, shown) in [("", "''"), ("-", "-")] {
        referee()
            .current_dir(&dir)
            .args(["package", "fourrow", name])
            .assert()
            .code(1)
            .stderr(format!(
                "referee: {}: the folder's name is empty or `-`; name a new folder\n",
                shown
            ));
        assert_eq!(
            tree(&dir),
            vec![("mine.txt".to_string(), b"keep\n".to_vec())]
        );
    }
}
