//! `referee man`: the manual page in roff (man(7) macros), written from
//! the tables like the help, so it lists every subcommand and flag.

use super::help::{self, Part};
use super::table::{self, Count, Flag, Subcommand, EXIT_STATUS, FLAGS, SUBCOMMANDS};

/// Text made safe for roff: backslashes and dashes escaped, and no line
/// starting with a control character (`.` or `'`).
pub(crate) fn escape(text: &str) -> String {
    let escaped = text.replace('\\', "\\e").replace('-', "\\-");
    escaped
        .lines()
        .map(|line| {
            if line.starts_with('.') || line.starts_with('\'') {
                format!("\\&{}", line)
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Running text: escaped, and what the help quotes in backticks (a
/// command, a flag, a file) set in bold instead, as man pages do.
fn prose(text: &str) -> String {
    let escaped = escape(text);
    let mut out = String::with_capacity(escaped.len());
    let pieces: Vec<&str> = escaped.split('`').collect();
    for (i, piece) in pieces.iter().enumerate() {
        // An odd piece was quoted; a last one without its closing quote
        // was not.
        if i % 2 == 1 && i + 1 < pieces.len() {
            out.push_str(&format!("\\fB{}\\fR", piece));
        } else {
            if i % 2 == 1 {
                out.push('`');
            }
            out.push_str(piece);
        }
    }
    out
}

fn bold(text: &str) -> String {
    format!("\\fB{}\\fR", escape(text))
}

fn italic(text: &str) -> String {
    format!("\\fI{}\\fR", escape(text))
}

/// A flag in bold and the name of its value, if any, in italics.
fn flag_and_value(flag: &str, value: &Option<String>) -> String {
    match value {
        Some(value) => format!("{}\\ {}", bold(flag), italic(value)),
        None => bold(flag),
    }
}

/// One word of a usage line in roff fonts: flags bold, values italic,
/// joined by unbreakable spaces so a line never breaks inside a word.
fn part(part: &Part) -> String {
    match part {
        Part::Flag(flag, value) => format!("[{}]", flag_and_value(flag, value)),
        Part::Either([a, b]) => format!(
            "[{}\\ |\\ {}]",
            flag_and_value(&a.0, &a.1),
            flag_and_value(&b.0, &b.1)
        ),
        Part::Arg(name, Count::One) => italic(name),
        Part::Arg(name, Count::Optional) => format!("[{}]", italic(name)),
        Part::Arg(name, Count::Many) => format!("[{}...]", italic(name)),
        Part::Command(required) => {
            let command = format!(
                "{}\\ {}\\ [{}...]",
                bold("--"),
                italic("CMD"),
                italic("ARG")
            );
            if *required {
                command
            } else {
                format!("[{}]", command)
            }
        }
    }
}

/// `referee NAME ARGS...` in roff fonts, on one input line.
fn usage_line(sub: &Subcommand) -> String {
    let name = bold(&format!("referee {}", sub.name));
    let parts: Vec<String> = std::iter::once(name)
        .chain(help::parts(sub).iter().map(part))
        .collect();
    parts.join(" ")
}

/// Paragraphs separated by blank lines, each after a `.PP`-like macro.
fn paragraphs(text: &str, macro_: &str) -> String {
    text.split("\n\n")
        .map(|p| format!("{}\n{}\n", macro_, prose(p)))
        .collect()
}

/// The OPTIONS entry of one flag: names, help, where it is taken and with
/// which bounds and default there.
fn option(flag: &Flag) -> String {
    let mut names = Vec::new();
    if let Some(short) = flag.short {
        names.push(bold(&format!("-{}", short)));
    }
    names.push(bold(&format!("--{}", flag.long)));
    let value = flag
        .value_name()
        .map(|v| format!(" {}", italic(&v)))
        .unwrap_or_default();
    let mut out = format!(
        ".TP\n{}{}\n{}.\n",
        names.join(", "),
        value,
        prose(flag.help)
    );
    let subs = flag.subcommands();
    let uses: Vec<String> = subs
        .iter()
        .map(|sub| {
            let use_ = flag.use_in(Some(sub)).expect("taken where it says");
            match help::limits(flag, use_) {
                Some(limits) => format!("{} ({})", bold(sub), escape(&limits)),
                None => bold(sub),
            }
        })
        .collect();
    if uses.is_empty() {
        out.push_str("Given before any subcommand.\n");
    } else if uses.len() == SUBCOMMANDS.len() {
        out.push_str("Taken by every subcommand, and before any.\n");
    } else {
        out.push_str(&format!("Taken by {}.\n", uses.join(", ")));
    }
    out
}

/// The whole page.
pub(crate) fn page() -> String {
    let version = env!("CARGO_PKG_VERSION");
    let mut out = format!(
        ".TH REFEREE 1 \"\" \"referee {}\" \"User Commands\"\n",
        version
    );
    out.push_str(&format!(
        ".SH NAME\nreferee \\- {}\n",
        escape(env!("CARGO_PKG_DESCRIPTION"))
    ));
    // The usage lines left-aligned, not hyphenated, and a line that wraps
    // indented under its subcommand: no gaps stretched between words.
    out.push_str(".SH SYNOPSIS\n.nh\n.ad l\n.in +8n\n");
    // `referee --help | -h`, `referee --version | -V`, as the usage has them.
    let top = table::flags_in(None).map(|(f, _)| {
        let long = Some(format!("--{}", f.long));
        let spellings = long.into_iter().chain(f.short.map(|s| format!("-{}", s)));
        let bolds: Vec<String> = spellings.map(|s| bold(&s)).collect();
        format!("{} {}", bold("referee"), bolds.join(" | "))
    });
    let lines: Vec<String> = SUBCOMMANDS.iter().map(usage_line).chain(top).collect();
    for line in lines {
        out.push_str(&format!(".ti -8n\n{}\n.br\n", line));
    }
    out.push_str(".in\n.ad\n.hy\n");
    out.push_str(".SH DESCRIPTION\n");
    out.push_str(&paragraphs(help::NOTES, ".PP"));
    out.push_str(".SH COMMANDS\n");
    for sub in SUBCOMMANDS {
        out.push_str(&format!(
            ".TP\n{}\n{}.\n",
            usage_line(sub),
            prose(sub.summary)
        ));
        out.push_str(&paragraphs(sub.about, ".IP"));
        for arg in sub.args {
            out.push_str(&format!(
                ".IP\n{}: {}.\n",
                italic(arg.name),
                prose(arg.help)
            ));
        }
    }
    out.push_str(".SH OPTIONS\n");
    for flag in FLAGS {
        out.push_str(&option(flag));
    }
    out.push_str(".SH EXIT STATUS\n");
    for status in EXIT_STATUS {
        let (code, meaning) = (status.code, status.meaning_for_all());
        out.push_str(&format!(".TP\n{}\n{}.\n", bold(code), prose(&meaning)));
    }
    out.push_str(&format!(
        ".SH SEE ALSO\n{}, and {} for any subcommand.\n",
        bold("referee --help"),
        bold("referee help SUBCOMMAND")
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_words_are_bold_and_no_backtick_is_left() {
        assert_eq!(
            prose("run `referee man` now"),
            "run \\fBreferee man\\fR now"
        );
        assert_eq!(prose("a `b"), "a `b");
        let page = page();
        assert!(!page.contains('`'), "a backtick is left in the page");
    }

    #[test]
    fn the_synopsis_is_left_aligned_not_justified() {
        let page = page();
        let synopsis = page.split(".SH SYNOPSIS\n").nth(1).unwrap();
        assert!(synopsis.starts_with(".nh\n.ad l\n"), "{}", synopsis);
        // The usage's last lines, short spellings too.
        for line in [
            "\\-\\-help\\fR | \\fB\\-h\\fR",
            "\\-\\-version\\fR | \\fB\\-V\\fR",
        ] {
            assert!(synopsis.contains(line), "{}", synopsis);
        }
    }

    #[test]
    fn escaping() {
        assert_eq!(escape("a-b \\n"), "a\\-b \\en");
        assert_eq!(escape(".x\n'y\nz."), "\\&.x\n\\&'y\nz.");
    }

    #[test]
    fn the_page_has_every_section_and_no_bare_control_line() {
        let page = page();
        for section in [
            "NAME",
            "SYNOPSIS",
            "DESCRIPTION",
            "COMMANDS",
            "OPTIONS",
            "EXIT STATUS",
        ] {
            assert!(
                page.contains(&format!("\n.SH {}\n", section)),
                "{}",
                section
            );
        }
        let known = [
            ".TH", ".SH", ".TP", ".IP", ".PP", ".br", ".nh", ".hy", ".ad", ".in", ".ti",
        ];
        for line in page.lines().filter(|l| l.starts_with('.')) {
            assert!(known.contains(&line.split(' ').next().unwrap()), "{}", line);
        }
    }
}

#[cfg(test)]
mod every_name {
    use super::*;

    #[test]
    fn the_page_names_every_subcommand_and_flag() {
        let page = page();
        assert!(
            page.lines().all(|line| !line.ends_with(' ')),
            "a line ends in a space"
        );
        for sub in SUBCOMMANDS {
            let usage = format!("\\fBreferee {}\\fR", escape(sub.name));
            assert_eq!(page.matches(&usage).count(), 2, "{}", sub.name);
        }
        for flag in FLAGS {
            let entry = format!(
                ".TP\n{}",
                match flag.short {
                    Some(short) =>
                        format!("\\fB\\-{}\\fR, \\fB\\-\\-{}\\fR", short, escape(flag.long)),
                    None => format!("\\fB\\-\\-{}\\fR", escape(flag.long)),
                }
            );
            assert!(page.contains(&entry), "--{}", flag.long);
        }
    }
}
