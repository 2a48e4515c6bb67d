//! `referee bundle PROBLEM`: one Rust source file that an online judge
//! accepts, made from the judge core's own files (`include_str!`), so that
//! the submission is the code the tests run.
//!
//! The bundler pastes: the problem's module of the judge core and the
//! modules it names through `crate::` go into the file as `mod` blocks
//! (`paste`), after a `fn main` that calls the problem's `solve`. Test
//! code and `#[inline]` go, and the judge form also loses its comments
//! and all whitespace but what keeps tokens apart (`squeeze`); the
//! readable form keeps the rest as written. Nothing is renamed or
//! reordered.
//!
//! The input validator of a problem package is made the same way from the
//! tool's core (`src/core`), which holds the strict reading.
//!
//! Whatever cannot be carried into one file is an error naming its cause,
//! and so is a judge bundle over `JUDGE_LIMIT`. A bundle builds alone with
//! rustc 1.63 and later as edition 2015, 2018 or 2021, without warnings:
//! it allows dead code and unused imports, since a problem's `main` uses
//! only part of the library's public API.

mod lex;
mod paste;
mod squeeze;

use self::paste::{Library, Need};
use crate::tool::problem::Problem;

/// Which file to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// The judge submission: the problem's `solve` on stdin and stdout,
    /// squeezed.
    Judge,
    /// The judge submission with the sources' comments and layout.
    Readable,
    /// An input validator: the strict reading on stdin, exit status 42
    /// for valid input and 43 (the first violation on stderr) for
    /// invalid, the Kattis convention. Squeezed.
    Validator,
}

/// The most bytes a judge bundle may take: SPOJ's limit on a submission,
/// which hosts four in a row; the others are held to it too.
pub const JUDGE_LIMIT: usize = 10_000;

/// The judge core's files, by module path (`""` is its root, `lib.rs`).
pub const JUDGE: &[(&str, &str)] = &[
    ("", include_str!("../../judge/lib.rs")),
    ("read", include_str!("../../judge/read.rs")),
    ("fourrow", include_str!("../../judge/fourrow.rs")),
    ("rating", include_str!("../../judge/rating.rs")),
    ("snooker", include_str!("../../judge/snooker/mod.rs")),
    (
        "snooker::balls",
        include_str!("../../judge/snooker/balls.rs"),
    ),
    (
        "snooker::frame",
        include_str!("../../judge/snooker/frame.rs"),
    ),
];

/// The tool's core, by module path under `crate::core` (`""` is
/// `core/mod.rs`).
const CORE: &[(&str, &str)] = &[
    ("", include_str!("../../core/mod.rs")),
    ("io", include_str!("../../core/io/mod.rs")),
    ("io::error", include_str!("../../core/io/error.rs")),
    ("io::in_place", include_str!("../../core/io/in_place.rs")),
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
        "fourrow::fast::slots",
        include_str!("../../core/fourrow/fast/slots.rs"),
    ),
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
    ("rating::rank", include_str!("../../core/rating/rank.rs")),
    (
        "rating::strict",
        include_str!("../../core/rating/strict.rs"),
    ),
    ("snooker", include_str!("../../core/snooker/mod.rs")),
    (
        "snooker::balls",
        include_str!("../../core/snooker/balls.rs"),
    ),
    (
        "snooker::fast",
        include_str!("../../core/snooker/fast/mod.rs"),
    ),
    (
        "snooker::fast::lines",
        include_str!("../../core/snooker/fast/lines.rs"),
    ),
    (
        "snooker::fast::scan",
        include_str!("../../core/snooker/fast/scan.rs"),
    ),
    (
        "snooker::parse",
        include_str!("../../core/snooker/parse.rs"),
    ),
    (
        "snooker::render",
        include_str!("../../core/snooker/render.rs"),
    ),
    (
        "snooker::render::quick",
        include_str!("../../core/snooker/render/quick.rs"),
    ),
    (
        "snooker::rules",
        include_str!("../../core/snooker/rules.rs"),
    ),
    (
        "snooker::rules::convert",
        include_str!("../../core/snooker/rules/convert.rs"),
    ),
    ("snooker::said", include_str!("../../core/snooker/said.rs")),
    (
        "snooker::strict",
        include_str!("../../core/snooker/strict.rs"),
    ),
];

/// The judge form's `main`: the problem's `solve` through the judge
/// core's entry point.
fn judge_main(problem: Problem) -> String {
    format!(
        "\n/// The referee's answer for the input on stdin, on stdout.\nfn main() {{\n    read::run({}::solve);\n}}\n",
        problem.name()
    )
}

/// The validator form's `main`: the problem's strict check of stdin.
fn validator_main(problem: Problem) -> String {
    format!(
        "
/// Checks the input on stdin: exit status 42 when valid, 43 when not.
fn main() {{
    let stdin = std::io::stdin();
    let valid = crate::io::report(crate::{}::strict::validate(stdin.lock()), \"<stdin>\") == 0;
    std::process::exit(if valid {{ 42 }} else {{ 43 }});
}}
",
        problem.name()
    )
}

/// The bundle of `problem` in `form`, or why it cannot be made.
pub fn bundle(problem: Problem, form: Form) -> Result<String, String> {
    let files = match form {
        Form::Judge | Form::Readable => JUDGE,
        Form::Validator => CORE,
    };
    bundle_from(files, problem, form)
}

/// The bundle of `problem` in `form` made from `files`, a table laid out
/// as [`JUDGE`] for the judge forms and as the tool's core for the
/// validator: how a change to the sources would bundle.
pub fn bundle_from(files: &[(&str, &str)], problem: Problem, form: Form) -> Result<String, String> {
    let judge_core = |files, mount| Library::new("the judge core", files, &["crate"], mount, &[]);
    let (libraries, main, what) = match form {
        Form::Judge | Form::Readable => (
            vec![judge_core(files, "")?],
            judge_main(problem),
            "judge submission",
        ),
        // The tool's core names the judge core `crate::judge`.
        Form::Validator => (
            vec![
                Library::new("the tool's core", files, &["crate", "core"], "", &["judge"])?,
                judge_core(JUDGE, "judge")?,
            ],
            validator_main(problem),
            "input validator",
        ),
    };
    // A judge submission builds as any edition from Rust 1.63 on; a
    // validator carries the tool's core, which is edition 2021.
    let builds = match form {
        Form::Judge | Form::Readable => "any edition",
        Form::Validator => "edition 2021",
    };
    let heading = format!(
        "// {} {} by referee {}; std only, {}.\n",
        problem.name(),
        what,
        env!("CARGO_PKG_VERSION"),
        builds
    );
    let lints = match form {
        Form::Judge | Form::Readable => JUDGE_LINTS,
        Form::Validator => VALIDATOR_LINTS,
    };
    let body = assemble(&libraries, problem.name(), lints, &main)?;
    let text = match form {
        Form::Readable => body,
        Form::Judge | Form::Validator => squeeze::squeeze(&body)?,
    };
    let bundle = heading + &text;
    if form == Form::Judge && bundle.len() > JUDGE_LIMIT {
        return Err(format!(
            "the {} judge bundle is {} bytes, over the {} a judge takes",
            problem.name(),
            bundle.len(),
            JUDGE_LIMIT
        ));
    }
    Ok(bundle)
}

/// A problem's `main` uses only part of a library's public API (the
/// judge core's reader serves all three problems): what it leaves unused is
/// no fault of the bundle. Every import of the judge core is used; the
/// tool's core, in a validator, re-exports for the tool too.
const JUDGE_LINTS: &str = "#![allow(dead_code)]\n";
const VALIDATOR_LINTS: &str = "#![allow(dead_code, unused_imports)]\n";

/// The first library's crate attributes, `lints`, `main`, then the module `first`
/// of the first library and every module it names through `crate::`, in
/// each library's order, each as a `mod` block; those of a library mounted
/// in a module go into that module, with its crate attributes.
fn assemble(libraries: &[Library], first: &str, lints: &str, main: &str) -> Result<String, String> {
    let root = &libraries[0];
    let mut needs: Vec<Need> = vec![(String::new(), first.to_string())];
    for module in root.modules() {
        if main.contains(&format!("crate::{}::", module)) {
            needs.push((String::new(), module.to_string()));
        }
    }
    let mut pasted: Vec<(Need, String)> = Vec::new();
    let mut next = 0;
    while next < needs.len() {
        let need = needs[next].clone();
        next += 1;
        if pasted.iter().any(|(done, _)| *done == need) {
            continue;
        }
        let library = libraries.iter().find(|l| l.mount == need.0);
        let library = library.ok_or_else(|| format!("no library mounted as `{}`", need.0))?;
        let body = library.paste(&need.1, &mut needs)?;
        pasted.push((need, body));
    }
    let mut text = root.crate_attributes()? + lints + main;
    for library in libraries {
        // A module inside a mounted library is reached from beside it.
        let visibility = if library.mount.is_empty() { "" } else { "pub " };
        let mine = |module: &&str| {
            pasted
                .iter()
                .find(|((m, n), _)| *m == library.mount && n == module)
        };
        let blocks: Vec<String> = library
            .modules()
            .iter()
            .filter_map(|module| {
                mine(module)
                    .map(|(_, body)| format!("\n{}mod {} {{\n{}}}\n", visibility, module, body))
            })
            .collect();
        if library.mount.is_empty() {
            text.extend(blocks);
        } else if !blocks.is_empty() {
            let attributes = library.crate_attributes()?;
            text.push_str(&format!(
                "\nmod {} {{\n{}{}}}\n",
                library.mount,
                attributes,
                blocks.concat()
            ));
        }
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FORMS: [Form; 3] = [Form::Judge, Form::Readable, Form::Validator];

    #[test]
    fn every_problem_and_form_bundles_with_one_main() {
        for problem in Problem::ALL {
            for form in FORMS {
                let text = bundle(problem, form).unwrap();
                assert!(
                    text.starts_with(&format!("// {} ", problem.name())),
                    "{}",
                    text
                );
                let squeezed: String = text.split_whitespace().collect();
                assert_eq!(squeezed.matches("fnmain()").count(), 1, "{:?}", form);
                assert!(!squeezed.contains("cfg(test)"), "{:?}", form);
            }
        }
    }

    #[test]
    fn a_judge_bundle_holds_the_problems_module_and_what_it_names_only() {
        let text = bundle(Problem::Fourrow, Form::Readable).unwrap();
        assert!(text.contains("mod fourrow {") && text.contains("mod read {"));
        assert!(!text.contains("mod snooker {") && !text.contains("mod rating {"));
        assert!(text.contains("#![forbid(unsafe_code)]"));
    }
}
