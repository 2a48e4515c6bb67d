//! The table of subcommands: each one's positional arguments, summary,
//! description and how it builds its [`Command`]; and the exit statuses.

use super::{given, Arg, ArgKind, Count, Subcommand, Tail};
use crate::tool::cli::{help, Command};
use crate::tool::problem::Problem;

const PROBLEM: Arg = Arg {
    name: "PROBLEM",
    kind: ArgKind::Problem,
    count: Count::One,
    help: "snooker, fourrow or rating",
};

const INPUT_FILE: Arg = Arg {
    name: "FILE",
    kind: ArgKind::File,
    count: Count::Optional,
    help: "the input; standard input when absent or `-`",
};

/// What `referee PROBLEM` does, said once for the three problems.
/// What the three solving subcommands say of themselves (a macro, so
/// that `rating` can add its limits with `concat!`).
macro_rules! solve_about {
    () => {
        "\
Reads the contest input from FILE and writes the expected output, byte for
byte. The input is read tolerantly (CRLF, tabs, runs of spaces, blank
lines); --strict is for problem setters. An input error is reported as
`referee: FILE:LINE:COL: message` after all the output for the lines
before it."
    };
}

const SOLVE_ABOUT: &str = solve_about!();

/// The rating limits (P6, P7); `tests` checks them against `MAX_RATING`.
const RATING_ABOUT: &str = concat!(
    solve_about!(),
    "

Every rating read or reached lies within -9999999999999.99 to
9999999999999.99: a rating beyond, read or reached by a game, is an input
error at its line. Piece values are integers within 64 bits (--strict:
0 or more, without leading zeros). --strict takes a rating below zero
(`-5.00`), not `-0.00`."
);

/// What `referee match` does, with its entries and their short forms.
const MATCH_ABOUT: &str = "\
Scores a snooker match as it is played: one entry a line on standard
input, each answered at once with the board (drawn in place on a
terminal, one line per entry through a pipe, one JSON object with
--json). Names holding spaces are quoted: \"Ronnie O'Sullivan\". The
two names differ in more than letter case and runs of blanks, and
neither is undo, u, quit or q (a lot's winner is entered by name, when
undo and quit may be too).

Entries: a stroke in the contest's notation, any letter case (`Red Red`:
hit a red, potted a red; `None White`); short forms r y g br bl p k for
the balls, w for White, n for None (`r r`, `bl bl w`); `again` (a) after
a foul; the name of the lot's winner after a tie on the black; `free
BALL FIRST [POTTED...]` (f) on the first stroke after the opponent's
foul; `concede`; `undo` (u), as often as needed; `quit` (q) or the end
of the input. A refused entry changes nothing; a blank line is no entry
and is not answered.

Every accepted entry is written to the log before it is answered: a new
file named after the players and the date unless --log says; --resume
replays a log and goes on writing it (a log is held by one match at a
time). No file that is there already is written over, but for the report
of --html when a match made it.";

pub static SUBCOMMANDS: &[Subcommand] = &[
    Subcommand {
        name: "snooker",
        args: &[INPUT_FILE],
        tail: Tail::No,
        summary: "referee snooker frames (ICPC Chengdu 2010)",
        about: SOLVE_ABOUT,
        build: |mut f| Command::Solve {
            problem: Problem::Snooker,
            strict: f.options.strict,
            file: f.file(),
        },
    },
    Subcommand {
        name: "fourrow",
        args: &[INPUT_FILE],
        tail: Tail::No,
        summary: "judge four-in-a-row games (SPOJ FOUROW)",
        about: SOLVE_ABOUT,
        build: |mut f| Command::Solve {
            problem: Problem::Fourrow,
            strict: f.options.strict,
            file: f.file(),
        },
    },
    Subcommand {
        name: "rating",
        args: &[INPUT_FILE],
        tail: Tail::No,
        summary: "exchange rating points (ICPC South Pacific 2007)",
        about: RATING_ABOUT,
        build: |mut f| Command::Solve {
            problem: Problem::Rating,
            strict: f.options.strict,
            file: f.file(),
        },
    },
    Subcommand {
        name: "scoreboard",
        args: &[INPUT_FILE],
        tail: Tail::No,
        summary: "follow snooker input as a scoreboard",
        about: "\
Follows snooker contest input for people: after every line the score,
the striker and the break, the points left on the table, the ball on and
who needs snookers; at the end of a frame the winner and the highest
breaks. --tsv writes one tab-separated row per event line instead,
--html one HTML page: a score worm per frame and each player's totals.",
        build: |mut f| Command::Scoreboard {
            tsv: f.options.tsv,
            html: f.options.html_page,
            file: f.file(),
        },
    },
    Subcommand {
        name: "match",
        args: &[
            Arg {
                name: "NAME_A",
                kind: ArgKind::Name,
                count: Count::One,
                help: "the player who breaks off the odd frames",
            },
            Arg {
                name: "NAME_B",
                kind: ArgKind::Name,
                count: Count::One,
                help: "the other player",
            },
        ],
        tail: Tail::No,
        summary: "score a snooker match live, entry by entry",
        about: MATCH_ABOUT,
        build: |mut f| {
            let a = f.path();
            let b = f.path();
            Command::Match(crate::tool::scoreboard::live::Options {
                names: [a, b],
                best_of: f.options.best_of,
                log: f.options.log.take(),
                resume: f.options.resume.take(),
                json: f.options.json,
                html: f.options.html.take(),
            })
        },
    },
    Subcommand {
        name: "bundle",
        args: &[PROBLEM],
        tail: Tail::No,
        summary: "write a one-file judge submission",
        about: "\
Writes one self-contained Rust source file that solves PROBLEM from
standard input, for an online judge: std only, rustc 1.63 or later, any
edition; the judge core's modules the problem needs, without their tests
and comments, whitespace squeezed. --readable keeps the comments and
layout.",
        build: |f| Command::Bundle {
            problem: f.problem(),
            readable: f.options.readable,
        },
    },
    Subcommand {
        name: "gen",
        args: &[PROBLEM],
        tail: Tail::No,
        summary: "write a valid random input",
        about: "\
Writes a valid input for PROBLEM: the same bytes for the same seed on
every machine. Every case is within the statement's limits and the input
passes --strict. Without --cases, the number of cases is drawn within the
limits too; a --cases outside them is written with a note on stderr.",
        build: |f| Command::Gen {
            problem: f.problem(),
            seed: f.options.seed,
            cases: f.options.cases,
            style: given(f.options.style),
        },
    },
    Subcommand {
        name: "bench",
        args: &[Arg {
            name: "PROBLEM",
            kind: ArgKind::Problem,
            count: Count::Optional,
            help: "snooker, fourrow or rating; all three when absent",
        }],
        tail: Tail::No,
        summary: "measure the solvers' throughput",
        about: "\
Generates input in memory, runs the solver over it five times into a
sink and prints the median throughput; without PROBLEM, then times how
long the match board takes to answer an entry late in a long match. A
measurement, not a test.",
        build: |f| Command::Bench {
            problem: f.problem,
            mb: given(f.options.mb),
            style: given(f.options.style),
        },
    },
    Subcommand {
        name: "validate",
        args: &[
            PROBLEM,
            Arg {
                name: "FILE",
                kind: ArgKind::File,
                count: Count::Many,
                help: "inputs to check; standard input when none",
            },
        ],
        tail: Tail::No,
        summary: "check that inputs follow the statement exactly",
        about: "\
Holds each input to the statement's exact format and limits, as --strict
does, without writing answers. One line per file on stdout, in the order
given: `FILE: ok`, or `FILE:LINE:COL: message` for the first violation; a
file that cannot be read is named on stderr. Every file is checked; the
exit status is 0 when all are valid, else 1.
--coverage then prints, for the valid files, the least and most of every
bounded value of the statement and whether each bound is reached, and how
often each kind of ball, event and result was seen.",
        build: |mut f| Command::Validate {
            problem: f.problem(),
            coverage: f.options.coverage,
            files: std::mem::take(&mut f.paths),
        },
    },
    Subcommand {
        name: "package",
        args: &[
            PROBLEM,
            Arg {
                name: "DIR",
                kind: ArgKind::Dir,
                count: Count::One,
                help: "the folder to write the package into",
            },
        ],
        tail: Tail::No,
        summary: "write a problem package for a judge system",
        about: "\
Writes a problem package for PROBLEM into DIR in the Kattis format
(which DOMjudge imports): problem.yaml, the statement in LaTeX, the sample
and secret tests with the referee's answers, an input validator (exit
status 42 for a valid input, 43 for an invalid one), the judge bundle as
the accepted submission, wrong solutions, for each a killer test found
by stress (compiled with rustc -O), and a time limit measured on the
secret data. The same bytes every time. DIR must be new, empty (but for
a .git, .hg or .svn folder in any letter case, left alone), or an
earlier package: a re-run replaces exactly the files it wrote (listed
in referee-manifest.txt); files changed since, and a package of another
problem, only with --force.",
        build: |mut f| Command::Package {
            problem: f.problem(),
            force: f.options.force,
            dir: f.path(),
        },
    },
    Subcommand {
        name: "check",
        args: &[
            PROBLEM,
            Arg {
                name: "INPUT",
                kind: ArgKind::File,
                count: Count::One,
                help: "the contest input",
            },
            Arg {
                name: "OUTPUT",
                kind: ArgKind::File,
                count: Count::One,
                help: "the output to judge",
            },
            Arg {
                name: "ANSWER",
                kind: ArgKind::File,
                count: Count::Optional,
                help: "the right output; the referee's own answer when absent",
            },
        ],
        tail: Tail::No,
        summary: "judge an output against its input",
        about: "\
Judges OUTPUT as an answer to INPUT, byte for byte: against ANSWER when
it is given (the order in which testlib and online-judge-tools call a
checker: `oj t --judge-command \"referee check fourrow\"`), else against
the referee's own answer. Prints `accepted` or `wrong answer`, with the
first difference on stderr. One of the files may be `-`, standard input.",
        build: |mut f| Command::Check {
            problem: f.problem(),
            input: f.path(),
            output: f.path(),
            answer: f.optional_path(),
        },
    },
    Subcommand {
        name: "test",
        args: &[
            PROBLEM,
            Arg {
                name: "DIR",
                // A file too: completed as any path is.
                kind: ArgKind::File,
                count: Count::One,
                help: "a folder of tests, each NAME.in with NAME.ans or NAME.out beside it, or one .in file",
            },
        ],
        tail: Tail::Optional,
        summary: "run a solver on a folder of tests",
        about: "\
Runs a solver on every NAME.in below DIR (or on the one file DIR) and
compares its output with NAME.ans beside it, else NAME.out, or with the
referee's own answer when there is neither. The solver is the command
after `--`, taken word for word. One line per failing case (-v: per
case, with its time), the slowest case, then `N passed, M failed`.

Without a command the referee itself is run, a regression run: NAME.args
then holds options of `referee PROBLEM` (such as --strict) and NAME.err
the error that the run must end with, exit status 1; a command skips
those cases. Subfolders and inputs named after another problem or
scoreboard (alone or before a `-`, as in snooker-sample.in) are passed
over. A case that cannot be used (a file that cannot be read, an input
the referee refuses) is counted as failed, with status 3 unless a case
failed on its answer (status 1); a run that skipped every case is
status 3.",
        build: |mut f| Command::Test {
            problem: f.problem(),
            dir: f.path(),
            timeout: given(f.options.timeout),
            jobs: given(f.options.jobs) as usize,
            verbose: f.options.verbose,
            junit: f.options.junit.take(),
            ignore_space: f.options.ignore_space,
            command: f.command,
        },
    },
    Subcommand {
        name: "stress",
        args: &[PROBLEM],
        tail: Tail::Required,
        summary: "compare a solver with the referee on random inputs",
        about: "\
Generates random inputs, small ones first, their cases made by gen in
its plain and varied styles by turns, and runs the command after
`--` (taken word for word) on each against the referee's answer. The
first input in order that fails is shrunk, written to --out and shown
with the verdict on it, the expected output and the solver's, from the
first difference. Ends with `N passed, M failed`. On a terminal a
progress line is kept on stderr. The same --seed and --inputs give the
same inputs.",
        build: |f| Command::Stress {
            problem: f.problem(),
            inputs: given(f.options.inputs),
            seed: f.options.seed,
            timeout: given(f.options.timeout),
            jobs: given(f.options.jobs) as usize,
            out: f.options.out.clone(),
            command: f.command,
        },
    },
    Subcommand {
        name: "man",
        args: &[],
        tail: Tail::No,
        summary: "print the manual page (roff)",
        about: "\
Prints this tool's manual page in roff; `referee man | man -l -` shows it.",
        build: |_| Command::Man,
    },
    Subcommand {
        name: "completions",
        args: &[Arg {
            name: "SHELL",
            kind: ArgKind::Shell,
            count: Count::One,
            help: "bash, zsh or fish",
        }],
        tail: Tail::No,
        summary: "print a shell completion script",
        about: "\
Prints the completion script for SHELL. To install it for bash, for
instance, write it to ~/.local/share/bash-completion/completions/referee.",
        build: |f| Command::Completions(f.shell.expect("the table requires SHELL here")),
    },
    Subcommand {
        name: "help",
        args: &[Arg {
            name: "SUBCOMMAND",
            kind: ArgKind::Subcommand,
            count: Count::Optional,
            help: "the subcommand to describe; the whole tool when absent",
        }],
        tail: Tail::No,
        summary: "print the help of the tool or of one subcommand",
        about: "Prints the same text as `referee --help` or `referee SUBCOMMAND --help`.",
        build: |f| {
            Command::Help(match f.topic {
                Some(sub) => help::subcommand(sub),
                None => help::top(),
            })
        },
    },
];

#[cfg(test)]
mod tests {
    #[test]
    fn the_rating_limits_told_are_those_the_reading_keeps() {
        let max = crate::core::limits::rating::MAX_RATING;
        let text = format!("{}.{:02}", max / 100, max % 100);
        let about = super::RATING_ABOUT.replace('\n', " ");
        assert!(about.contains(&format!("within -{} to {}:", text, text)));
    }
}
