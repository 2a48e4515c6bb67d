//! `referee test PROBLEM DIR [-- CMD [ARG...]]`: every `*.in` under DIR
//! (recursively, in byte order of their paths) through CMD, each against
//! the `.out` or `.ans` beside it, or the referee's own answer where there
//! is none. One line per failing case, then `N passed, M failed`; exit 0
//! when all passed. `-j N` judges N cases at a time; the lines keep the
//! order of the cases.

use super::{cannot_run, judge, solver, summary, Solution, Verdict};
use crate::tool::problem::Problem;
use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

/// One case: its input and where its answer comes from.
#[derive(Debug, PartialEq, Eq)]
struct Case {
    /// The input's path below DIR, for the report.
    name: String,
    input: PathBuf,
    /// `.out` or `.ans` beside the input; `None`: the referee's answer.
    answer: Option<PathBuf>,
}

/// What came of one case.
enum Outcome {
    Judged(Verdict),
    /// The case itself is broken: an unreadable file, or an input the
    /// referee cannot answer while no answer file is given.
    Broken(String),
    /// The program could not be started (no use trying other cases).
    CannotRun(io::Error),
}

/// Runs the cases under `dir` through `command` (the referee's own solver
/// when empty) and returns the exit status.
pub fn test(problem: Problem, dir: &str, timeout: Duration, jobs: usize, command: &[String]) -> u8 {
    let cases = match find_cases(Path::new(dir)) {
        Ok(cases) => cases,
        Err(e) => {
            eprintln!("referee: {}: {}", dir, e);
            return 1;
        }
    };
    if cases.is_empty() {
        eprintln!("referee: {}: no `*.in` files to test", dir);
        return 1;
    }
    let solution = if command.is_empty() {
        Solution::Referee(problem)
    } else {
        Solution::Program(command)
    };
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (sender, outcomes) = mpsc::channel();
    let (mut passed, mut failed) = (0, 0);
    let mut broken_command = None;
    thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, cases.len()) {
            let sender = sender.clone();
            let (cases, next, stop) = (&cases, &next, &stop);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= cases.len() || stop.load(Ordering::Relaxed) {
                    break;
                }
                let outcome = judge_case(problem, &cases[i], solution, timeout);
                if matches!(outcome, Outcome::CannotRun(_)) {
                    stop.store(true, Ordering::Relaxed);
                }
                if sender.send((i, outcome)).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        // Outcomes come in any order: each is printed once those of all
        // the cases before it are.
        let mut waiting = BTreeMap::new();
        let mut shown = 0;
        for (i, outcome) in outcomes {
            waiting.insert(i, outcome);
            while let Some(outcome) = waiting.remove(&shown) {
                let name = &cases[shown].name;
                shown += 1;
                match outcome {
                    Outcome::Judged(Verdict::Accepted) => passed += 1,
                    Outcome::Judged(verdict) => {
                        failed += 1;
                        say!("{}: {}", name, verdict);
                    }
                    Outcome::Broken(why) => {
                        failed += 1;
                        say!("{}: {}", name, why);
                    }
                    Outcome::CannotRun(e) => {
                        broken_command.get_or_insert(e);
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            }
            if broken_command.is_some() {
                break;
            }
        }
    });
    if let Some(e) = broken_command {
        eprintln!("{}", cannot_run(command, &e));
        return 1;
    }
    say!("{}", summary(passed, failed));
    u8::from(failed > 0)
}

/// Judges one case.
fn judge_case(problem: Problem, case: &Case, solution: Solution<'_>, timeout: Duration) -> Outcome {
    let input = match fs::read(&case.input) {
        Ok(input) => input,
        Err(e) => return Outcome::Broken(format!("cannot read the input: {}", e)),
    };
    let expected = match &case.answer {
        Some(path) => match fs::read(path) {
            Ok(answer) => answer,
            Err(e) => {
                return Outcome::Broken(format!("cannot read {}: {}", path.display(), e));
            }
        },
        None => match solver::solve(problem, false, &input) {
            (answer, Ok(())) => answer,
            (_, Err(e)) => {
                return Outcome::Broken(format!("invalid input (and no .out or .ans): {}", e))
            }
        },
    };
    match solution.run(&input, expected.len(), timeout) {
        Ok(run) => Outcome::Judged(judge(&run, &expected, timeout)),
        Err(e) => Outcome::CannotRun(e),
    }
}

/// The cases under `dir` (or `dir` itself when it is an input file),
/// sorted by path.
fn find_cases(dir: &Path) -> io::Result<Vec<Case>> {
    let mut inputs = Vec::new();
    if fs::metadata(dir)?.is_dir() {
        collect_inputs(dir, &mut inputs)?;
    } else {
        inputs.push(dir.to_path_buf());
    }
    inputs.sort();
    Ok(inputs
        .into_iter()
        .map(|input| {
            let name = input.strip_prefix(dir).unwrap_or(&input);
            let name = if name.as_os_str().is_empty() {
                input.display().to_string()
            } else {
                name.display().to_string()
            };
            let answer = ["out", "ans"]
                .iter()
                .map(|ext| input.with_extension(ext))
                .find(|path| path.is_file());
            Case {
                name,
                input,
                answer,
            }
        })
        .collect())
}

/// Every `*.in` file below `dir`. Links to folders are not followed, so
/// a loop of links cannot make this endless.
fn collect_inputs(dir: &Path, inputs: &mut Vec<PathBuf>) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        if entry.file_type()?.is_dir() {
            collect_inputs(&path, inputs)?;
        } else if path.extension().is_some_and(|e| e == "in") && path.is_file() {
            inputs.push(path);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases_are_found_below_the_folder_in_order_with_their_answers() {
        let dir = std::env::temp_dir().join(format!("referee-suite-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("b")).unwrap();
        for file in [
            "b/2.in",
            "b/2.ans",
            "a.in",
            "a.out",
            "a.ans",
            "c.in",
            "notes.txt",
        ] {
            fs::write(dir.join(file), "").unwrap();
        }
        let cases = find_cases(&dir).unwrap();
        let shown: Vec<(String, Option<String>)> = cases
            .iter()
            .map(|c| {
                let answer = c
                    .answer
                    .as_ref()
                    .map(|a| a.extension().unwrap().to_string_lossy().into_owned());
                (c.name.replace('\\', "/"), answer)
            })
            .collect();
        assert_eq!(
            shown,
            [
                ("a.in".to_string(), Some("out".to_string())),
                ("b/2.in".to_string(), Some("ans".to_string())),
                ("c.in".to_string(), None),
            ]
        );
        fs::remove_dir_all(&dir).unwrap();
    }
}
