//! The exit statuses: what each means, and for which subcommands, for
//! the helps and the man page.

/// An exit status, for the help and the man page.
pub struct ExitStatus {
    pub code: &'static str,
    /// The subcommands that exit with it; empty: all of them.
    pub only: &'static [&'static str],
    pub meaning: &'static str,
    /// What it means instead for some subcommands (the verdict
    /// commands').
    pub instead: &'static [(&'static [&'static str], &'static str)],
}

impl ExitStatus {
    /// Whether `sub` exits with it.
    pub fn of(&self, sub: &str) -> bool {
        self.only.is_empty() || self.only.contains(&sub)
    }

    /// What it means for `sub`.
    pub fn meaning_for(&self, sub: &str) -> &'static str {
        let instead = self.instead.iter().find(|(subs, _)| subs.contains(&sub));
        instead.map_or(self.meaning, |&(_, meaning)| meaning)
    }

    /// What it means, said for every subcommand: `for check, test and
    /// stress: ...` where only some exit with it, `...; for check,
    /// accepted` where it means something else for some.
    pub fn meaning_for_all(&self) -> String {
        let mut text = match self.only {
            [] => self.meaning.to_string(),
            subs => format!("{}: {}", for_list(subs), self.meaning),
        };
        for (subs, meaning) in self.instead {
            text.push_str(&format!("; {}, {}", for_list(subs), meaning));
        }
        text
    }
}

/// `for check, test and stress`.
fn for_list(subs: &[&str]) -> String {
    match subs.split_last() {
        Some((last, [])) => format!("for {}", last),
        Some((last, rest)) => format!("for {} and {}", rest.join(", "), last),
        None => String::new(),
    }
}

/// Exit statuses, for the help and the man page; a subcommand's help
/// lists those it exits with, and what they mean for it.
pub const EXIT_STATUS: &[ExitStatus] = &[
    ExitStatus {
        code: "0",
        only: &[],
        meaning: "success",
        instead: &[
            (&["check"], "accepted"),
            (&["test", "stress"], "all passed"),
        ],
    },
    ExitStatus {
        code: "1",
        only: &[],
        meaning: "bad input or an I/O error, a missing FILE included",
        instead: &[(
            &["check", "test", "stress"],
            "a wrong answer or a failure of the solution",
        )],
    },
    ExitStatus {
        code: "2",
        only: &[],
        meaning: "usage error: an unknown subcommand or flag, a missing or out-of-range value",
        instead: &[],
    },
    ExitStatus {
        code: "3",
        only: &["check", "test", "stress"],
        meaning: "the input or a file of ours is unusable (an invalid input, a \
                  missing OUTPUT, ANSWER or DIR, a file that cannot be written)",
        instead: &[],
    },
    ExitStatus {
        code: "4",
        only: &["test", "stress"],
        meaning: "the solution cannot be started",
        instead: &[],
    },
];
