//! The three contest problems, by the names the command line gives them.

/// The three contest problems.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Problem {
    Snooker,
    Fourrow,
    Rating,
}

impl Problem {
    pub const ALL: [Problem; 3] = [Problem::Snooker, Problem::Fourrow, Problem::Rating];

    pub fn name(self) -> &'static str {
        match self {
            Problem::Snooker => "snooker",
            Problem::Fourrow => "fourrow",
            Problem::Rating => "rating",
        }
    }

    pub fn from_name(name: &str) -> Option<Problem> {
        Problem::ALL.into_iter().find(|p| p.name() == name)
    }
}
