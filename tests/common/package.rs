//! Helpers for the package's end-to-end tests: the packages made once,
//! and the package's programs compiled and run.

use referee::tool::package::{self, PackageFile};
use referee::tool::problem::Problem;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Mutex, OnceLock};

/// The files of each problem's package, made once for all the tests of a
/// binary (the wrong solutions' stress runs take seconds).
pub fn package_files(problem: Problem) -> &'static [PackageFile] {
    static PACKAGES: OnceLock<Vec<Vec<PackageFile>>> = OnceLock::new();
    let packages = PACKAGES.get_or_init(|| {
        Problem::ALL
            .into_iter()
            .map(|p| package::files(p).unwrap())
            .collect()
    });
    &packages[Problem::ALL.iter().position(|&p| p == problem).unwrap()]
}

/// The bytes of the package file at `path`.
pub fn package_file(problem: Problem, path: &str) -> &'static [u8] {
    let files = package_files(problem);
    &files.iter().find(|f| f.path == path).unwrap().bytes
}

/// `source` compiled without optimisation (the inputs are small) by the
/// rustc beside cargo into the tests' folder `dir` as `name`, with
/// `flags`; an earlier build is reused while its source is the same.
/// One build at a time: tests running at once may ask for the same
/// program, and one must not replace it while another runs it.
pub fn compiled(dir: &str, name: &str, source: &[u8], flags: &[&str]) -> PathBuf {
    static BUILDING: Mutex<()> = Mutex::new(());
    let _building = BUILDING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(dir);
    fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{}.rs", name));
    let program = dir.join(format!("{}{}", name, std::env::consts::EXE_SUFFIX));
    if fs::read(&file).ok().as_deref() == Some(source) && program.exists() {
        return program;
    }
    let _ = fs::remove_file(&program);
    fs::write(&file, source).unwrap();
    let cargo = PathBuf::from(std::env::var_os("CARGO").unwrap());
    let beside = cargo.with_file_name(format!("rustc{}", std::env::consts::EXE_SUFFIX));
    let rustc = if beside.exists() {
        beside
    } else {
        PathBuf::from("rustc")
    };
    let built = Command::new(rustc)
        .args(["--edition", "2021"])
        .args(flags)
        .arg("-o")
        .arg(&program)
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    program
}

/// `program` run on `input`: its exit status, stdout and stderr.
pub fn run_on(program: &Path, input: &[u8]) -> (Option<i32>, Vec<u8>, String) {
    let mut child = Command::new(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A program may stop reading early; a closed pipe is fine then.
    let _ = std::io::Write::write_all(&mut child.stdin.take().unwrap(), input);
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    (output.status.code(), output.stdout, stderr)
}

/// Every file under `dir`: path from `dir` and bytes, sorted by path.
pub fn tree(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(folder) = todo.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                todo.push(path);
            } else {
                let name = path
                    .strip_prefix(dir)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                files.push((name, fs::read(&path).unwrap()));
            }
        }
    }
    files.sort();
    files
}
