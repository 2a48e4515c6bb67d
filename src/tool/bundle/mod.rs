//! `referee bundle PROBLEM`: one self-contained Rust file for an online
//! judge, made from the core's own sources (`include_str!`), so that the
//! submission is the code the tests run.
//!
//! The core's files become nested `mod` blocks at the bundle's top level
//! (`crate::core::x` is written `crate::x`), after a `fn main` is added to
//! the root. Only what that `main` reaches is kept (`reach.rs`), found by
//! name: no test code, no strict mode when the judge path does not name it,
//! no unused import. That is the readable form, which keeps the kept
//! items' comments, layout and names.
//!
//! The judge and validator forms are then minified (`minify.rs`): the
//! modules become one (`flat/`), so that no `use` of the core's own items,
//! no `pub` and no path through a module is written, every module-level
//! item under a name unique in the bundle; then their identifiers are
//! shortened where nothing of std's can share them (`rename/`).
//!
//! A bundle builds alone with rustc 1.63 and later as edition 2015, 2018
//! or 2021, without warnings as long as the core has no dead code on the
//! judge path (fields never read, variants never built, and the like).

mod alias;
mod emit;
mod flat;
mod items;
mod lex;
mod locals;
mod mentions;
mod minify;
mod reach;
mod rename;
mod std_traits;
mod strip;
mod tree;
mod uses;

use crate::tool::problem::Problem;

/// Which file to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// The judge submission: the tolerant solver on stdin and stdout,
    /// minified.
    Judge,
    /// The judge submission with its comments and layout, for people.
    Readable,
    /// An input validator: the strict parser on stdin, exit status 42 for
    /// valid input and 43 (the first violation on stderr) for invalid, the
    /// Kattis convention. Minified.
    Validator,
}

/// How the kept items are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Comments and layout as in the sources.
    Readable,
    /// No comments, spaces only where needed, short names, lines of about
    /// 150 bytes.
    Minified,
}

/// The core's files: module path under `crate::core` (`""` is
/// `core/mod.rs`, `"io::lines"` is `core/io/lines.rs`) and text. Every
/// `mod x;` of a bundled module needs its file here.
pub const CORE: &[(&str, &str)] = &[
    ("", include_str!("../../core/mod.rs")),
    ("io", include_str!("../../core/io/mod.rs")),
    ("io::error", include_str!("../../core/io/error.rs")),
    ("io::lines", include_str!("../../core/io/lines.rs")),
    ("io::out", include_str!("../../core/io/out.rs")),
    ("io::strict", include_str!("../../core/io/strict.rs")),
    ("io::tokens", include_str!("../../core/io/tokens.rs")),
    ("limits", include_str!("../../core/limits.rs")),
    ("fourrow", include_str!("../../core/fourrow/mod.rs")),
    (
        "fourrow::board",
        include_str!("../../core/fourrow/board.rs"),
    ),
    ("fourrow::fast", include_str!("../../core/fourrow/fast.rs")),
    (
        "fourrow::parse",
        include_str!("../../core/fourrow/parse.rs"),
    ),
    (
        "fourrow::strict",
        include_str!("../../core/fourrow/strict.rs"),
    ),
    ("rating", include_str!("../../core/rating/mod.rs")),
    (
        "rating::exchange",
        include_str!("../../core/rating/exchange.rs"),
    ),
    ("rating::fast", include_str!("../../core/rating/fast.rs")),
    ("rating::parse", include_str!("../../core/rating/parse.rs")),
    (
        "rating::players",
        include_str!("../../core/rating/players.rs"),
    ),
    (
        "rating::strict",
        include_str!("../../core/rating/strict.rs"),
    ),
    ("snooker", include_str!("../../core/snooker/mod.rs")),
    (
        "snooker::balls",
        include_str!("../../core/snooker/balls.rs"),
    ),
    ("snooker::fast", include_str!("../../core/snooker/fast.rs")),
    (
        "snooker::parse",
        include_str!("../../core/snooker/parse.rs"),
    ),
    (
        "snooker::render",
        include_str!("../../core/snooker/render.rs"),
    ),
    (
        "snooker::rules",
        include_str!("../../core/snooker/rules.rs"),
    ),
    (
        "snooker::strict",
        include_str!("../../core/snooker/strict.rs"),
    ),
];

/// What each problem's `main` calls: the judge form's solver of stdin
/// into stdout, and the validator's strict check of stdin.
pub(super) fn entries(problem: Problem) -> (&'static str, &'static str) {
    match problem {
        Problem::Snooker => (
            "crate::core::snooker::solve_with(stdin.lock(), stdout.lock(), &mut crate::core::io::Tolerant)",
            "crate::core::snooker::strict::validate(stdin.lock())",
        ),
        Problem::Fourrow => (
            "crate::core::fourrow::solve_with(stdin.lock(), stdout.lock(), &mut crate::core::io::Tolerant)",
            "crate::core::fourrow::strict::validate(stdin.lock())",
        ),
        Problem::Rating => (
            "crate::core::rating::solve_with(stdin.lock(), stdout.lock(), &mut crate::core::io::Tolerant)",
            "crate::core::rating::strict::validate(stdin.lock())",
        ),
    }
}

/// The judge form's `main`, around the problem's `{call}`: a failure is
/// reported as `referee PROBLEM` reports it, a closed stdout ends quietly.
const JUDGE_MAIN: &str = r#"
/// Solves the input on stdin, writing the answers to stdout.
fn main() {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    std::process::exit(crate::core::io::report({call}, "<stdin>"));
}
"#;

/// The validator form's `main`, around the problem's `{call}`.
const VALIDATOR_MAIN: &str = r#"
/// Checks the input on stdin: exit status 42 when valid, 43 when not.
fn main() {
    let stdin = std::io::stdin();
    if crate::core::io::report({call}, "<stdin>") == 0 {
        std::process::exit(42);
    }
    std::process::exit(43);
}
"#;

/// The bundle of `problem` in `form`.
pub fn bundle(problem: Problem, form: Form) -> String {
    let (judge, validator) = entries(problem);
    let (main, what, style) = match form {
        Form::Judge => (
            JUDGE_MAIN.replace("{call}", judge),
            "judge submission",
            Style::Minified,
        ),
        Form::Readable => (
            JUDGE_MAIN.replace("{call}", judge),
            "judge submission (readable form)",
            Style::Readable,
        ),
        Form::Validator => (
            VALIDATOR_MAIN.replace("{call}", validator),
            "input validator",
            Style::Minified,
        ),
    };
    let heading = format!(
        "// {} {} made by referee {} from its core; std only, any edition.\n",
        problem.name(),
        what,
        env!("CARGO_PKG_VERSION")
    );
    assemble(CORE, "core", &main, style, &heading)
        .unwrap_or_else(|e| panic!("the core cannot be bundled: {}", e))
}

/// The bytes that each item of the core takes in the judge bundle of
/// `problem`, largest first: `module::item` (`module::Type::method` for a
/// member of an impl; `module::impl Trait for Type` for the rest of one).
/// What is no item's (the heading, module blocks) is left out.
pub fn sizes(problem: Problem) -> Vec<(String, usize)> {
    let (judge, _) = entries(problem);
    let main = JUDGE_MAIN.replace("{call}", judge);
    let tree = tree::Tree::build(CORE, "core", &main)
        .unwrap_or_else(|e| panic!("the core cannot be bundled: {}", e));
    let reach = reach::Reach::of(&tree);
    let (text, spans) = emit::readable_spans(&tree, &reach);
    let (_, bytes) = minify::sized(&text, true, &spans)
        .unwrap_or_else(|e| panic!("the core cannot be bundled: {}", e));
    let mut sizes: Vec<(String, usize)> = Vec::new();
    for (label, n) in spans.into_iter().map(|s| s.label).zip(bytes) {
        // An impl written in pieces has one label for all of them.
        match sizes.iter_mut().find(|(l, _)| *l == label) {
            Some((_, total)) => *total += n,
            None => sizes.push((label, n)),
        }
    }
    sizes.retain(|(_, n)| *n > 0);
    sizes.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    sizes
}

/// One file of the code that `main` reaches in `files`: each a module
/// path under `crate::MOUNT` and its text, the root (`""`) first among
/// them; `main` is root code (`fn main` and what it needs), and `heading`
/// starts the file.
pub fn assemble(
    files: &[(&str, &str)],
    mount: &str,
    main: &str,
    style: Style,
    heading: &str,
) -> Result<String, String> {
    let tree = tree::Tree::build(files, mount, main)?;
    let reach = reach::Reach::of(&tree);
    let text = emit::readable(&tree, &reach);
    let body = match style {
        Style::Readable => text,
        Style::Minified => minify::minify(&text, true)?,
    };
    Ok(format!("{}{}", heading, body))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::OnceLock;

    const FORMS: [Form; 3] = [Form::Judge, Form::Readable, Form::Validator];

    /// The bundle of `problem` in `form`, made once for all tests.
    fn made(problem: Problem, form: Form) -> &'static str {
        static MADE: OnceLock<Vec<(Problem, Form, String)>> = OnceLock::new();
        let all = MADE.get_or_init(|| {
            let jobs: Vec<(Problem, Form)> = Problem::ALL
                .into_iter()
                .flat_map(|p| FORMS.map(|f| (p, f)))
                .collect();
            std::thread::scope(|scope| {
                let running: Vec<_> = jobs
                    .iter()
                    .map(|&(p, f)| scope.spawn(move || (p, f, bundle(p, f))))
                    .collect();
                running.into_iter().map(|r| r.join().unwrap()).collect()
            })
        });
        all.iter()
            .find(|(p, f, _)| *p == problem && *f == form)
            .map(|(_, _, text)| text.as_str())
            .unwrap()
    }

    #[test]
    fn every_problem_and_form_bundles() {
        for problem in Problem::ALL {
            for form in FORMS {
                let text = made(problem, form);
                let first = text.lines().next().unwrap();
                assert!(
                    first.starts_with(&format!("// {} ", problem.name())),
                    "{}",
                    first
                );
                let squeezed: String = text.split_whitespace().collect();
                assert_eq!(
                    squeezed.matches("fnmain()").count(),
                    1,
                    "{} {:?}",
                    problem.name(),
                    form
                );
                assert!(
                    !text.contains("crate::core::"),
                    "{} {:?}",
                    problem.name(),
                    form
                );
                assert!(
                    !text.contains("#[cfg(test)]"),
                    "{} {:?}",
                    problem.name(),
                    form
                );
                assert!(!text.contains("dead_code"), "{} {:?}", problem.name(), form);
            }
        }
    }

    #[test]
    fn the_judge_form_has_no_comment_but_its_heading() {
        for problem in Problem::ALL {
            let judge = made(problem, Form::Judge);
            let readable = made(problem, Form::Readable);
            assert!(judge.len() < readable.len() * 2 / 3, "{}", problem.name());
            assert_eq!(judge.matches("\n//").count(), 0, "{}", problem.name());
            assert!(readable.matches("\n///").count() > 10, "{}", problem.name());
        }
    }

    #[test]
    fn sizes_add_up_to_nearly_the_judge_form() {
        for problem in Problem::ALL {
            let sizes = sizes(problem);
            let total: usize = sizes.iter().map(|(_, n)| n).sum();
            let judge = made(problem, Form::Judge).len();
            // Left out: the heading.
            assert!(
                total < judge && total > judge * 9 / 10,
                "{} of {}",
                total,
                judge
            );
            let mut labels: Vec<&String> = sizes.iter().map(|(l, _)| l).collect();
            labels.sort();
            labels.dedup();
            assert_eq!(labels.len(), sizes.len());
            assert!(sizes.windows(2).all(|w| w[0].1 >= w[1].1));
        }
        let fourrow = sizes(Problem::Fourrow);
        assert!(
            fourrow
                .iter()
                .any(|(l, _)| l == "io::lines::Lines::next_line"),
            "{:?}",
            fourrow
        );
    }

    #[test]
    fn every_core_file_is_a_declared_module() {
        // A file that no `mod` declares would be left out without a word.
        let tree = tree::Tree::build(CORE, "core", "").unwrap();
        assert_eq!(tree.files.len(), CORE.len());
    }
}
