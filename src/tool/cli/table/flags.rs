//! The table of flags: each flag once, with where it is taken, its bounds
//! and default there, its help line and what it sets.

use super::{Flag, Kind, Scope, Use};
use crate::tool::cli::Style;
use crate::tool::files;

pub static FLAGS: &[Flag] = &[
    Flag {
        long: "help",
        short: Some('h'),
        help: "print this help and exit",
        kind: Kind::Switch(|o| o.help = true),
        scope: Scope::Everywhere,
    },
    Flag {
        long: "version",
        short: Some('V'),
        help: "print the version and exit",
        kind: Kind::Switch(|o| o.version = true),
        scope: Scope::Top,
    },
    Flag {
        long: "strict",
        short: None,
        help: "first hold every line to the statement's exact format and limits",
        kind: Kind::Switch(|o| o.strict = true),
        scope: Scope::In(&[Use::on("snooker"), Use::on("fourrow"), Use::on("rating")]),
    },
    Flag {
        long: "tsv",
        short: None,
        help: "one tab-separated row per input line (ruling K3)",
        kind: Kind::Switch(|o| o.tsv = true),
        scope: Scope::In(&[Use::on("scoreboard")]),
    },
    Flag {
        long: "html",
        short: None,
        help: "the report for people instead: one HTML page with score worms",
        kind: Kind::Switch(|o| o.html_page = true),
        scope: Scope::In(&[Use::on("scoreboard")]),
    },
    Flag {
        long: "best-of",
        short: None,
        help: "the number of frames of the match, odd (default 1, or the resumed log's)",
        kind: Kind::Whole {
            name: "N",
            min: 1,
            set: |o, n| o.best_of = Some(n),
        },
        scope: Scope::In(&[Use::on("match").max(35)]),
    },
    Flag {
        long: "log",
        short: None,
        help:
            "the new file the entries are logged in (default: named after the players and the date)",
        kind: Kind::Path {
            name: "FILE",
            set: |o, path| o.log = Some(path),
        },
        scope: Scope::In(&[Use::on("match")]),
    },
    Flag {
        long: "resume",
        short: None,
        help: "go on with the match logged in FILE, logging on into it",
        kind: Kind::Path {
            name: "FILE",
            set: |o, path| o.resume = Some(path),
        },
        scope: Scope::In(&[Use::on("match")]),
    },
    Flag {
        long: "json",
        short: None,
        help: "answer each entry with one JSON object instead of the board",
        kind: Kind::Switch(|o| o.json = true),
        scope: Scope::In(&[Use::on("match")]),
    },
    Flag {
        long: "html",
        short: None,
        help: "keep an HTML report of the match in FILE, rewritten after every entry",
        kind: Kind::Path {
            name: "FILE",
            set: |o, path| o.html = Some(path),
        },
        scope: Scope::In(&[Use::on("match")]),
    },
    Flag {
        long: "readable",
        short: None,
        help: "keep the sources' comments, for people to read (a bigger file)",
        kind: Kind::Switch(|o| o.readable = true),
        scope: Scope::In(&[Use::on("bundle")]),
    },
    Flag {
        long: "coverage",
        short: None,
        help:
            "say for each bound of the statement the least and most seen and whether it is reached",
        kind: Kind::Switch(|o| o.coverage = true),
        scope: Scope::In(&[Use::on("validate")]),
    },
    Flag {
        long: "force",
        short: None,
        help: "write over the package of another problem, or files of the package changed since",
        kind: Kind::Switch(|o| o.force = true),
        scope: Scope::In(&[Use::on("package")]),
    },
    Flag {
        long: "inputs",
        short: None,
        help: "how many inputs to generate and run",
        kind: Kind::Whole {
            name: "N",
            min: 1,
            set: |o, n| o.inputs = Some(n),
        },
        scope: Scope::In(&[Use::on("stress").max(1_000_000).default("1000")]),
    },
    Flag {
        long: "seed",
        short: None,
        help: "seed of the random inputs (without it: a random seed, printed on stderr)",
        kind: Kind::Whole {
            name: "N",
            min: 0,
            set: |o, n| o.seed = Some(n),
        },
        scope: Scope::In(&[Use::on("gen"), Use::on("stress")]),
    },
    Flag {
        long: "cases",
        short: None,
        help: "how many cases to generate in the input",
        kind: Kind::Whole {
            name: "N",
            min: 0,
            set: |o, n| o.cases = Some(n),
        },
        scope: Scope::In(&[Use::on("gen").max(10_000_000)]),
    },
    Flag {
        long: "mb",
        short: None,
        help: "megabytes of input to generate per problem",
        kind: Kind::Whole {
            name: "N",
            min: 1,
            set: |o, n| o.mb = Some(n),
        },
        scope: Scope::In(&[Use::on("bench").max(1024).default("64")]),
    },
    Flag {
        long: "style",
        short: None,
        help: "plain: everyday cases; varied: more of the rare ones (short and long \
               names, fouls, invalid games, big tournaments); both within the \
               statement's limits",
        kind: Kind::Word {
            words: Style::NAMES,
            set: |o, word| o.style = Style::from_name(word),
        },
        scope: Scope::In(&[
            Use::on("gen").default("plain"),
            Use::on("bench").default("plain"),
        ]),
    },
    Flag {
        long: "timeout",
        short: None,
        help: "time limit of one run of the solver, in seconds (0.5 is half a second)",
        kind: Kind::Seconds(|o, secs| o.timeout = Some(secs)),
        scope: Scope::In(&[
            Use::on("test").max(86_400).default("10"),
            Use::on("stress").max(86_400).default("10"),
        ]),
    },
    Flag {
        long: "jobs",
        short: Some('j'),
        help: "how many runs of the solver at the same time",
        kind: Kind::Whole {
            name: "N",
            min: 1,
            set: |o, n| o.jobs = Some(n),
        },
        scope: Scope::In(&[
            Use::on("test").max(256).default("1"),
            Use::on("stress").max(256).default("1"),
        ]),
    },
    Flag {
        long: "verbose",
        short: Some('v'),
        help: "a line for every case, with its time",
        kind: Kind::Switch(|o| o.verbose = true),
        scope: Scope::In(&[Use::on("test")]),
    },
    Flag {
        long: "junit",
        short: None,
        help: "also write the run as a JUnit XML report, for CI (over an \
               earlier report, never over another file; - for standard output)",
        kind: Kind::Path {
            name: "FILE",
            set: |o, path| o.junit = Some(files::written_to(path)),
        },
        scope: Scope::In(&[Use::on("test")]),
    },
    Flag {
        long: "ignore-space",
        short: None,
        help: "forgive spaces, tabs and CRs at line ends (so CR LF too), blank \
               lines at the end and a missing final newline",
        kind: Kind::Switch(|o| o.ignore_space = true),
        scope: Scope::In(&[Use::on("test")]),
    },
    Flag {
        long: "out",
        short: None,
        help: "where to write the first input the solver fails on, shrunk: \
               a FILE that is not there yet, one under /dev, or - for standard \
               output [default stress-failure.in, or stress-failure-2.in and \
               so on when taken]",
        kind: Kind::Path {
            name: "FILE",
            set: |o, path| o.out = Some(files::written_to(path)),
        },
        scope: Scope::In(&[Use::on("stress")]),
    },
];

/// Flags that a subcommand once took under another name: `(subcommand,
/// old name, new name)`, for a did-you-mean.
pub static RENAMED: &[(&str, &str, &str)] = &[("stress", "cases", "inputs")];
