//! Killer tests: for each wrong solution of a package (`wrong`), an input
//! on which it fails, found by the judge's stress run and shrunk to a
//! 1-minimal input (no case, line, token or move can go and it still
//! fail). Each becomes a secret case with a description of the mistake it
//! catches.
//!
//! The wrong solutions are compiled with `rustc -O` (the compiler named by
//! `RUSTC`, else `rustc` on the path) into the user's own cache folder, by
//! the hash of their source, and reused from there ([`compiled`], which
//! `timing` uses too).
//! The run's seed and length are fixed, and the shrinking is
//! deterministic: the same command finds the same bytes.

use super::wrong::{self, Mistake};
use crate::tool::judge;
use crate::tool::problem::Problem;
use std::collections::hash_map::DefaultHasher;
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The stress run's seed: part of the package.
const SEED: u64 = 26;

/// Inputs tried before a wrong solution counts as not caught.
const INPUTS: u64 = 400;

/// Far beyond any run of these small programs: a failure is a wrong
/// answer, never a busy machine.
const TIMEOUT: Duration = Duration::from_secs(20);

/// One killer test: the name of the mistake it catches, its input, and the
/// text of its `.desc` file.
pub(crate) struct Killer {
    pub(crate) name: &'static str,
    pub(crate) input: Vec<u8>,
    pub(crate) description: String,
}

/// A killer test for every wrong solution of `problem`, in the order of the
/// mistakes; an error names a wrong solution that stress cannot catch (or
/// that crashes instead of answering wrong).
pub(crate) fn killers(problem: Problem) -> Result<Vec<Killer>, String> {
    wrong::mistakes(problem)
        .iter()
        .map(|mistake| killer(problem, mistake, INPUTS))
        .collect()
}

/// The killer test of one wrong solution, stress trying `inputs` inputs.
fn killer(problem: Problem, mistake: &Mistake, inputs: u64) -> Result<Killer, String> {
    let what = format!("wrong solution {}", file_name(mistake));
    let program = compiled(
        &format!("{}-{}", problem.name(), mistake.name),
        &mistake.source(problem),
    )
    .map_err(|e| format!("{}: {}", what, e))?;
    let command = [program.into_os_string()];
    let found = judge::killer(problem, SEED, inputs, TIMEOUT, &command)
        .map_err(|e| format!("{}: {}", what, e))?
        .ok_or_else(|| {
            format!(
                "{} passes all {} stress inputs of seed {}: no test shown to reject it",
                what, inputs, SEED
            )
        })?;
    if !found.verdict.starts_with("wrong answer") || !found.minimal {
        return Err(format!(
            "{}: stress found no 1-minimal wrong answer ({})",
            what, found.verdict
        ));
    }
    Ok(Killer {
        name: mistake.name,
        input: found.input,
        description: format!(
            "Catches {}, which breaks the rule {}. Found by `referee stress {} \
             --inputs {} --seed {}` and shrunk to a 1-minimal input.\n",
            file_name(mistake),
            mistake.breaks,
            problem.name(),
            inputs,
            SEED
        ),
    })
}

/// The wrong solution's file name in `submissions/wrong_answer/`.
pub(crate) fn file_name(mistake: &Mistake) -> String {
    format!("{}.rs", mistake.name)
}

/// `source` compiled with `rustc -O`, named `label` and the hash of the
/// source in the cache, and reused from there when it was built before.
pub(crate) fn compiled(label: &str, source: &str) -> Result<PathBuf, String> {
    let mut hasher = DefaultHasher::new();
    source.hash(&mut hasher);
    let program = cache_dir()?.join(format!(
        "{}-{:016x}{}",
        label,
        hasher.finish(),
        std::env::consts::EXE_SUFFIX
    ));
    if !program.exists() {
        compile(source, &program)?;
    }
    Ok(program)
}

/// Where compiled programs are kept: the user's own cache folder
/// (`$XDG_CACHE_HOME`, `~/.cache`, or `%LOCALAPPDATA%` on Windows), so
/// that nobody else can put a program there for `package` to run. Without
/// one, a folder of this run's own, made new in the temporary folder (a
/// folder that was there already is not taken), once for the whole run.
fn cache_dir() -> Result<PathBuf, String> {
    DIR.get_or_init(|| cache_dir_in(user_cache_base(|name| std::env::var_os(name))))
        .clone()
}

/// `cache_dir`, once found.
static DIR: std::sync::OnceLock<Result<PathBuf, String>> = std::sync::OnceLock::new();

/// Removes the folder of this run's own that `cache_dir` made, if it made
/// one, with the programs in it: they are no use to another run. For the
/// end of the run: it is not made again.
pub(crate) fn remove_run_folder() {
    let base = user_cache_base(|name| std::env::var_os(name));
    if let (None, Some(Ok(dir))) = (base, DIR.get()) {
        let _ = fs::remove_dir_all(dir);
    }
}

/// `cache_dir` for the user's cache folder `base`, if any.
fn cache_dir_in(base: Option<PathBuf>) -> Result<PathBuf, String> {
    if let Some(base) = base {
        return Ok(base.join("referee").join("programs"));
    }
    let temp = std::env::temp_dir();
    for attempt in 0..100 {
        let dir = temp.join(format!(
            "referee-programs-{}-{}",
            std::process::id(),
            attempt
        ));
        match fs::create_dir(&dir) {
            Ok(()) => return Ok(dir),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(format!("{}: {}", dir.display(), e)),
        }
    }
    Err(format!(
        "{}: no new folder could be made for the programs",
        temp.display()
    ))
}

/// The user's cache folder, from the environment's absolute paths only
/// (a relative `XDG_CACHE_HOME` is ignored, as the XDG convention says).
fn user_cache_base(env: impl Fn(&str) -> Option<std::ffi::OsString>) -> Option<PathBuf> {
    let var = |name: &str| {
        env(name)
            .map(PathBuf::from)
            .filter(|path| path.is_absolute())
    };
    var("XDG_CACHE_HOME")
        .or_else(|| var("HOME").map(|home| home.join(".cache")))
        .or_else(|| var("LOCALAPPDATA"))
}

/// Compiles `source` into `program`: built under a name of its own, then
/// moved, so that a build cut short is never reused.
fn compile(source: &str, program: &Path) -> Result<(), String> {
    let dir = program.parent().expect("a program in a folder");
    fs::create_dir_all(dir).map_err(|e| format!("{}: {}", dir.display(), e))?;
    let partial = program.with_extension(format!("{}.partial", std::process::id()));
    let file = partial.with_extension("rs");
    fs::write(&file, source).map_err(|e| format!("{}: {}", file.display(), e))?;
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let built = Command::new(&rustc)
        .args(["--edition", "2021", "-O", "--crate-name", "solution", "-o"])
        .arg(&partial)
        .arg(&file)
        .output()
        .map_err(|e| format!("cannot run {}: {}", rustc.to_string_lossy(), e))?;
    let _ = fs::remove_file(&file);
    if !built.status.success() {
        return Err(format!(
            "rustc failed: {}",
            String::from_utf8_lossy(&built.stderr).trim_end()
        ));
    }
    fs::rename(&partial, program).map_err(|e| format!("{}: {}", program.display(), e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wrong_solution_that_stress_cannot_catch_is_named() {
        let harmless = Mistake {
            name: "harmless",
            breaks: "none",
            find: "fn main() {",
            replace: "fn main() {\n    // Nothing changed.",
        };
        let error = killer(Problem::Fourrow, &harmless, 5).err().unwrap();
        assert_eq!(
            error,
            "wrong solution harmless.rs passes all 5 stress inputs of seed 26: \
             no test shown to reject it"
        );
    }

    #[test]
    fn programs_are_kept_in_the_users_own_cache() {
        // Absolute paths on every system.
        let home = std::env::temp_dir().join("home-of-ann");
        let cache = std::env::temp_dir().join("cache-of-ann");
        let (home, cache) = (home.to_str().unwrap(), cache.to_str().unwrap());
        let base = |vars: &[(&str, &str)]| {
            user_cache_base(|name| {
                let found = vars.iter().find(|(n, _)| *n == name);
                found.map(|(_, value)| std::ffi::OsString::from(value))
            })
        };
        let home_cache = Some(PathBuf::from(home).join(".cache"));
        assert_eq!(base(&[("HOME", home)]), home_cache);
        let xdg = [("XDG_CACHE_HOME", cache), ("HOME", home)];
        assert_eq!(base(&xdg), Some(PathBuf::from(cache)));
        // Relative or empty: not taken.
        let relative = [("XDG_CACHE_HOME", "c"), ("HOME", home)];
        assert_eq!(base(&relative), home_cache);
        assert_eq!(base(&[("XDG_CACHE_HOME", ""), ("HOME", "")]), None);
        // No cache of the user's: a folder of this run's own, made new.
        let first = cache_dir_in(None).unwrap();
        let second = cache_dir_in(None).unwrap();
        assert_ne!(first, second);
        fs::remove_dir(first).unwrap();
        fs::remove_dir(second).unwrap();
    }

    #[test]
    fn a_killer_fails_its_wrong_solution_and_is_the_same_every_time() {
        let mistake = &wrong::mistakes(Problem::Fourrow)[0];
        let first = killer(Problem::Fourrow, mistake, INPUTS).unwrap();
        let again = killer(Problem::Fourrow, mistake, INPUTS).unwrap();
        assert_eq!(first.input, again.input);
        assert!(first.description.contains(mistake.breaks));
    }
}
