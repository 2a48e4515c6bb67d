//! `referee bundle PROBLEM`: one self-contained Rust file for an online
//! judge, assembled from the crate's own sources (`include_str!`), so that
//! the submission is exactly the code the tests run.
//!
//! The file is `mod input { .. }`, `mod PROBLEM { .. }` and a `main` that
//! runs the solver on locked stdin and stdout. It builds alone with
//! `rustc --edition 2018` or `--edition 2021`: the solver files keep to std,
//! reach shared code only as `crate::core::io::...`, and leave their tests in a
//! trailing `#[cfg(test)] mod tests`, which is cut here with the comment
//! lines.

use crate::tool::problem::Problem;

const INPUT: &str = include_str!("../core/io.rs");
const SNOOKER: &str = include_str!("../core/snooker.rs");
const FOURROW: &str = include_str!("../core/fourrow.rs");
const RATING: &str = include_str!("../core/rating.rs");

/// Where a source file's test module starts; it must be the file's last item.
const TESTS_MARKER: &str = "\n#[cfg(test)]\nmod tests {";

/// A source file without its trailing test module.
fn without_tests(source: &str) -> &str {
    match source.find(TESTS_MARKER) {
        Some(at) => &source[..at + 1],
        None => source,
    }
}

/// A source without its comment lines: a judge needs the code only, and
/// many judges take at most 64 KiB.
fn without_comments(source: &str) -> String {
    source
        .split_inclusive('\n')
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect()
}

fn source(problem: Problem) -> &'static str {
    match problem {
        Problem::Snooker => SNOOKER,
        Problem::Fourrow => FOURROW,
        Problem::Rating => RATING,
    }
}

/// The whole one-file submission for `problem`.
pub fn bundle(problem: Problem) -> String {
    let name = problem.name();
    let mut out = String::with_capacity(64 * 1024);
    out.push_str(&format!(
        "// {} solver: a one-file judge submission made by `referee bundle {}` (referee {}).\n\
         // Std only; builds with `rustc --edition 2018` or `--edition 2021`. Reads stdin, writes stdout.\n\
         #![allow(dead_code)]\n\n",
        name,
        name,
        env!("CARGO_PKG_VERSION")
    ));
    out.push_str("mod core {\n");
    for (module, text) in [("io", INPUT), (name, source(problem))] {
        out.push_str(&format!("pub mod {} {{\n", module));
        out.push_str(&without_comments(without_tests(text)));
        out.push_str("}\n\n");
    }
    out.push_str("}\n\n");
    out.push_str(&format!(
        r#"fn main() {{
    use std::io::{{BufReader, BufWriter, ErrorKind}};
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let input = BufReader::with_capacity(1 << 16, stdin.lock());
    let output = BufWriter::with_capacity(1 << 16, stdout.lock());
    match core::{}::run(input, output) {{
        Ok(()) => {{}}
        Err(core::io::Error::Io(ref e)) if e.kind() == ErrorKind::BrokenPipe => {{}}
        Err(core::io::Error::Io(e)) => {{
            eprintln!("referee: <stdin>: {{}}", e);
            std::process::exit(1);
        }}
        Err(e) => {{
            eprintln!("referee: <stdin>:{{}}", e);
            std::process::exit(1);
        }}
    }}
}}
"#,
        name
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_modules_are_cut_and_nothing_else() {
        for problem in Problem::ALL {
            let text = source(problem);
            assert_eq!(text.matches(TESTS_MARKER).count(), 1, "{}", problem.name());
            let kept = without_tests(text);
            assert!(!kept.contains("#[cfg(test)]"), "{}", problem.name());
            assert!(kept.len() > text.len() / 3, "{}", problem.name());
        }
        assert!(!without_tests(INPUT).contains("mod tests"));
    }

    #[test]
    fn comment_lines_are_cut_and_code_lines_kept() {
        let text = "//! Module.\nfn a() {\n    // why\n    let s = \"//\"; // end\n}\n";
        assert_eq!(
            without_comments(text),
            "fn a() {\n    let s = \"//\"; // end\n}\n"
        );
        for problem in Problem::ALL {
            let text = bundle(problem);
            let comments = text.lines().filter(|l| l.trim_start().starts_with("//"));
            assert_eq!(comments.count(), 2, "{}: only the heading", problem.name());
        }
    }

    #[test]
    fn bundles_stay_small_and_std_only() {
        for problem in Problem::ALL {
            let text = bundle(problem);
            assert!(
                text.len() < 64 * 1024,
                "{}: {} bytes",
                problem.name(),
                text.len()
            );
            assert!(!text.contains("extern crate"));
            for line in text
                .lines()
                .map(str::trim_start)
                .filter(|l| l.starts_with("use "))
            {
                let path = &line["use ".len()..];
                assert!(
                    ["std::", "crate::core::io", "super::", "self::"]
                        .iter()
                        .any(|p| path.starts_with(p)),
                    "{}: {}",
                    problem.name(),
                    line
                );
            }
            assert!(!text.contains("unsafe"), "{}", problem.name());
        }
    }
}
