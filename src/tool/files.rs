//! Files written whole: through a new file of our own beside them,
//! renamed over them, so that a reader never sees half a file and a link
//! put where the file was is replaced, not written through. A device, a
//! pipe or a socket, and any path under `/dev`, is appended to: renamed
//! over, `/dev/null` would become a file, and what `/dev/fd/3` leads to
//! would lose what it held.

use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Where standard output is written as a file (`is_special`).
const STANDARD_OUTPUT: &str = "/dev/stdout";

/// A file we write, as the command line names it: `-` is standard
/// output, as it is standard input for the files we read.
pub(crate) fn written_to(path: String) -> String {
    match path.as_str() {
        "-" => STANDARD_OUTPUT.to_string(),
        _ => path,
    }
}

/// Whether `path` is standard output (`written_to`).
pub(crate) fn is_standard_output(path: &str) -> bool {
    path == STANDARD_OUTPUT
}

/// How a file we write is named in messages: standard output as
/// `<stdout>`, as standard input is `<stdin>`.
pub(crate) fn shown(path: &str) -> &str {
    match is_standard_output(path) {
        true => "<stdout>",
        false => path,
    }
}

/// Writes `bytes` to `path` through a file beside it that this call
/// creates (never one that was there: a name taken is passed over).
pub(crate) fn write_whole(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if is_special(path) {
        return append(path, bytes);
    }
    let (beside, mut file) = new_file_beside(path)?;
    // The file keeps the permissions it had (a report made private stays so).
    let kept = match fs::metadata(path) {
        Ok(before) if before.is_file() => file.set_permissions(before.permissions()),
        _ => Ok(()),
    };
    let written = kept
        .and_then(|()| file.write_all(bytes))
        .and_then(|()| fs::rename(&beside, path));
    if written.is_err() {
        let _ = fs::remove_file(&beside);
    }
    written
}

/// Whether `path` is something other than a file, a folder or a link (a
/// device, a pipe, a socket), or is under `/dev`, where even a link
/// (`/dev/stdout`) is the system's. A link elsewhere is replaced.
pub(crate) fn is_special(path: &Path) -> bool {
    let kind = fs::symlink_metadata(path).map(|m| m.file_type());
    let other = |kind: fs::FileType| !kind.is_file() && !kind.is_dir() && !kind.is_symlink();
    path.starts_with("/dev") || kind.is_ok_and(other)
}

/// Appends `bytes` to what `path` is, made if need be: what a special
/// path (`is_special`) is written with, so that it keeps what it held.
pub(crate) fn append(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = OpenOptions::new().append(true).create(true).open(path)?;
    file.write_all(bytes)
}

/// A new file in `path`'s folder, named after it and this process
/// (`partial_name`).
fn new_file_beside(path: &Path) -> io::Result<(PathBuf, fs::File)> {
    let name = path
        .file_name()
        .map_or("file".into(), |n| n.to_string_lossy().into_owned());
    let mut attempt = 0;
    loop {
        let beside = path.with_file_name(partial_name(&name, std::process::id(), attempt));
        match OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&beside)
        {
            Ok(file) => return Ok((beside, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempt < 1000 => attempt += 1,
            Err(e) => return Err(e),
        }
    }
}

/// The name of the file that `write_whole` writes `name` through:
/// `.NAME.PID-ATTEMPT.partial`.
fn partial_name(name: &str, pid: u32, attempt: u32) -> String {
    format!(".{}.{}-{}.partial", name, pid, attempt)
}

/// Whether `found` is the name of a file that `write_whole` wrote
/// `name` through and did not rename (a run killed half way left it).
pub(crate) fn is_partial_of(found: &str, name: &str) -> bool {
    let middle = found
        .strip_prefix('.')
        .and_then(|rest| rest.strip_prefix(name))
        .and_then(|rest| rest.strip_prefix('.'))
        .and_then(|rest| rest.strip_suffix(".partial"));
    let number = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    middle
        .and_then(|middle| middle.split_once('-'))
        .is_some_and(|(pid, attempt)| number(pid) && number(attempt))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A new folder of the test's own, named `name` and this process.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("referee-{}-{}", name, std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_file_left_half_written_is_known_by_its_name() {
        let left = partial_name("a.in", 4321, 0);
        assert!(is_partial_of(&left, "a.in"));
        assert!(!is_partial_of(&left, "b.in"));
        for other in [
            ".a.in.partial",
            ".a.in.12-x.partial",
            "a.in.1-0.partial",
            ".a.in.1-0",
        ] {
            assert!(!is_partial_of(other, "a.in"), "{}", other);
        }
    }

    #[test]
    fn a_file_already_beside_is_left_alone() {
        let dir = scratch("files");
        let target = dir.join("page.html");
        let theirs = dir.join(format!(".page.html.{}-0.partial", std::process::id()));
        fs::write(&theirs, "mine").unwrap();
        write_whole(&target, b"ours").unwrap();
        let (kept, written) = (fs::read(&theirs).unwrap(), fs::read(&target).unwrap());
        let left: Vec<_> = fs::read_dir(&dir).unwrap().collect();
        fs::remove_dir_all(&dir).unwrap();
        assert_eq!(kept, b"mine");
        assert_eq!(written, b"ours");
        assert_eq!(left.len(), 2, "no file of ours is left beside");
    }

    #[cfg(unix)]
    #[test]
    fn a_pipe_is_written_through_and_a_link_to_a_device_replaced() {
        use std::os::unix::fs::FileTypeExt;
        let dir = scratch("special");
        let fifo = dir.join("report.html");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.unwrap().success());
        // Both ends held here, so that no open waits, and a mark written
        // after the page, so that no read waits whatever went wrong.
        let mut ends = OpenOptions::new()
            .read(true)
            .write(true)
            .open(&fifo)
            .unwrap();
        write_whole(&fifo, b"page").unwrap();
        ends.write_all(b"!").unwrap();
        let mut held = [0; 16];
        let n = std::io::Read::read(&mut ends, &mut held).unwrap();
        assert_eq!(&held[..n], b"page!");
        let still = fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo();
        // A link is replaced, not written through, even to a device.
        let link = dir.join("link.html");
        std::os::unix::fs::symlink("/dev/null", &link).unwrap();
        write_whole(&link, b"page").unwrap();
        let replaced = fs::symlink_metadata(&link).unwrap().file_type().is_file();
        let left = fs::read_dir(&dir).unwrap().count();
        fs::remove_dir_all(&dir).unwrap();
        assert!(still, "the pipe is still one");
        assert!(replaced, "the link is a file now");
        assert_eq!(left, 2, "no file of ours is left beside");
        assert!(is_special(Path::new("/dev/stdout")));
    }

    #[cfg(unix)]
    #[test]
    fn a_file_written_again_keeps_its_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("modes");
        let target = dir.join("report.html");
        fs::write(&target, "old").unwrap();
        fs::set_permissions(&target, fs::Permissions::from_mode(0o600)).unwrap();
        write_whole(&target, b"new").unwrap();
        let mode = fs::metadata(&target).unwrap().permissions().mode() & 0o777;
        fs::remove_dir_all(&dir).unwrap();
        assert_eq!(mode, 0o600);
    }
}
