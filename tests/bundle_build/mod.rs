//! Compiling and running bundles for `tests/bundle.rs`, fast: every
//! compiler at hand builds each bundle as each edition, at most as many at
//! once as there are cores, and each build is kept in
//! `CARGO_TARGET_TMPDIR/bundle-builds/` under its slot (bundle, compiler,
//! edition) with a hash of everything it depends on (the source, the
//! compiler's path and version, the edition and the flags). A slot whose
//! hash matches is used again, its program and the compiler's messages as
//! they were, so a run where nothing changed compiles nothing.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::{Condvar, Mutex, OnceLock};

/// The editions every bundle is built as.
pub const EDITIONS: [&str; 3] = ["2015", "2018", "2021"];

/// The flags of every build: no optimization (the tests want the
/// compiler's verdict and the program's output, not its speed), no
/// symbols to link.
const FLAGS: [&str; 4] = ["-C", "opt-level=0", "-C", "strip=symbols"];

/// A compiler: a name for messages, the program to run and what
/// `--version --verbose` says (part of each build's hash).
pub struct Compiler {
    pub name: &'static str,
    program: PathBuf,
    version: String,
}

/// The rustc beside cargo, and rustc 1.63 where it has been fetched (a
/// visible note says how to fetch it where it has not).
pub fn compilers() -> &'static [Compiler] {
    static FOUND: OnceLock<Vec<Compiler>> = OnceLock::new();
    FOUND.get_or_init(|| {
        let cargo = PathBuf::from(std::env::var_os("CARGO").expect("cargo sets CARGO"));
        let beside = cargo.with_file_name(format!("rustc{}", std::env::consts::EXE_SUFFIX));
        let stable = match beside.exists() {
            true => beside,
            false => PathBuf::from("rustc"),
        };
        let mut found = vec![compiler("stable", stable)];
        let old = std::env::var_os("REFEREE_OLD_RUSTC")
            .map(PathBuf::from)
            .unwrap_or_else(|| {
                Path::new(env!("CARGO_MANIFEST_DIR")).join("target/old-rustc/rustc")
            });
        if old.exists() {
            found.push(compiler("rustc 1.63", old));
        } else {
            // Past the test harness's capture, so that it shows in every run.
            let _ = writeln!(
                std::io::stderr(),
                "skipping rustc 1.63: run .ci/old-rustc to fetch it (or set REFEREE_OLD_RUSTC)"
            );
        }
        found
    })
}

fn compiler(name: &'static str, program: PathBuf) -> Compiler {
    let output = Command::new(&program)
        .arg("-vV")
        .output()
        .unwrap_or_else(|e| panic!("{}: {}", program.display(), e));
    assert!(output.status.success(), "{} -vV failed", program.display());
    Compiler {
        name,
        program,
        version: String::from_utf8_lossy(&output.stdout).into_owned(),
    }
}

/// A bundle built by one compiler as one edition.
pub struct Build {
    pub label: String,
    pub program: PathBuf,
    /// What the compiler wrote: its warnings.
    pub warnings: String,
}

/// Builds `source` (named `name` in labels and slots) with each of
/// `compilers` as each of `editions`, in parallel; a bundle that does not
/// compile fails the test with every compiler's errors.
pub fn build_all(
    name: &str,
    source: &str,
    compilers: &[&Compiler],
    editions: &[&str],
) -> Vec<Build> {
    let jobs: Vec<(&Compiler, &str)> = compilers
        .iter()
        .flat_map(|&c| editions.iter().map(move |&e| (c, e)))
        .collect();
    let results = parallel(&jobs, |&(compiler, edition)| {
        build(name, source, compiler, edition)
    });
    let (built, failed): (Vec<_>, Vec<_>) = results.into_iter().partition(Result::is_ok);
    let failed: Vec<String> = failed.into_iter().filter_map(Result::err).collect();
    assert!(failed.is_empty(), "{}", failed.join("\n"));
    built.into_iter().filter_map(Result::ok).collect()
}

/// One build, from its slot when the slot's hash matches.
fn build(name: &str, source: &str, compiler: &Compiler, edition: &str) -> Result<Build, String> {
    let label = format!("{} by {} as edition {}", name, compiler.name, edition);
    let slot_name = format!("{}-{}-{}", name, compiler.name.replace(' ', ""), edition);
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bundle-builds");
    let slot = root.join(&slot_name);
    let hash = format!(
        "{:016x}",
        fnv1a(&[
            source.as_bytes(),
            compiler.program.to_string_lossy().as_bytes(),
            compiler.version.as_bytes(),
            edition.as_bytes(),
            FLAGS.join(" ").as_bytes(),
        ])
    );
    let program = slot.join(format!("bundle{}", std::env::consts::EXE_SUFFIX));
    let read = |file: &str| fs::read_to_string(slot.join(file)).ok();
    if read("hash").as_deref() != Some(hash.as_str()) {
        // Built aside and moved in whole, so that a slot is never half made.
        let fresh = root.join(format!("{}.partial-{}", slot_name, std::process::id()));
        let _ = fs::remove_dir_all(&fresh);
        fs::create_dir_all(&fresh).unwrap();
        fs::write(fresh.join("bundle.rs"), source).unwrap();
        let compiled = with_core(|| {
            Command::new(&compiler.program)
                .args(["--edition", edition])
                .args(FLAGS)
                .arg("-o")
                .arg(fresh.join(program.file_name().unwrap()))
                .arg(fresh.join("bundle.rs"))
                .stdin(Stdio::null())
                .output()
                .unwrap_or_else(|e| panic!("{}: {}", compiler.program.display(), e))
        });
        let status = if compiled.status.success() {
            "ok"
        } else {
            "failed"
        };
        fs::write(fresh.join("stderr"), &compiled.stderr).unwrap();
        fs::write(fresh.join("status"), status).unwrap();
        fs::write(fresh.join("hash"), &hash).unwrap();
        let _ = fs::remove_dir_all(&slot);
        fs::rename(&fresh, &slot).unwrap();
    }
    let warnings = read("stderr").unwrap_or_default();
    match read("status").as_deref() {
        Some("ok") => Ok(Build {
            label,
            program,
            warnings,
        }),
        _ => Err(format!("{} does not compile:\n{}", label, warnings)),
    }
}

/// FNV-1a, 64 bits, over each part and its length.
fn fnv1a(parts: &[&[u8]]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for &byte in part.iter().chain(&(part.len() as u64).to_le_bytes()) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    hash
}

/// The number of cores, the most processes this file runs at once.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

/// Runs `work` when fewer than `cores()` others run through here.
fn with_core<T>(work: impl FnOnce() -> T) -> T {
    static FREE: OnceLock<(Mutex<usize>, Condvar)> = OnceLock::new();
    let (free, freed) = FREE.get_or_init(|| (Mutex::new(cores()), Condvar::new()));
    {
        let mut n = free.lock().unwrap();
        while *n == 0 {
            n = freed.wait(n).unwrap();
        }
        *n -= 1;
    }
    // Given back even if `work` panics.
    struct Release<'a>(&'a Mutex<usize>, &'a Condvar);
    impl Drop for Release<'_> {
        fn drop(&mut self) {
            *self.0.lock().unwrap_or_else(|e| e.into_inner()) += 1;
            self.1.notify_one();
        }
    }
    let _release = Release(free, freed);
    work()
}

/// `f` of each of `items`, in their order, on as many threads as cores.
pub fn parallel<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let next = Mutex::new(0usize);
    let results: Vec<Mutex<Option<R>>> = items.iter().map(|_| Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..cores().min(items.len()) {
            scope.spawn(|| loop {
                let i = {
                    let mut next = next.lock().unwrap();
                    *next += 1;
                    *next - 1
                };
                let Some(item) = items.get(i) else {
                    break;
                };
                *results[i].lock().unwrap() = Some(f(item));
            });
        }
    });
    results
        .into_iter()
        .map(|r| r.into_inner().unwrap().expect("every item ran"))
        .collect()
}

/// Runs `program` on `input`, as one of the processes `cores()` allows.
pub fn run(program: &Path, input: &[u8]) -> Output {
    with_core(|| {
        let mut child = Command::new(program)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{}: {}", program.display(), e));
        let mut stdin = child.stdin.take().unwrap();
        // Written from a thread of its own: a program that answers before
        // reading all its input must not block the write.
        std::thread::scope(|scope| {
            scope.spawn(move || {
                let _ = stdin.write_all(input);
            });
            child.wait_with_output().unwrap()
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_tells_parts_apart() {
        assert_ne!(fnv1a(&[b"ab", b"c"]), fnv1a(&[b"a", b"bc"]));
        assert_eq!(fnv1a(&[b"x"]), fnv1a(&[b"x"]));
    }

    #[test]
    fn parallel_keeps_the_order() {
        let items: Vec<usize> = (0..50).collect();
        assert_eq!(
            parallel(&items, |&i| i * 2),
            (0..50).map(|i| i * 2).collect::<Vec<_>>()
        );
    }
}
