//! The one door from `validate`, `package` and the generators' tests into
//! the core's solvers: a strict check that writes nothing, and the strict
//! solver's answer. A change of the core's API is a change of this file.

pub(crate) use crate::core::io::Error;
use crate::core::{fourrow, rating, snooker};
use crate::tool::problem::Problem;
use std::io::Read;

/// Holds `input` to the statement exactly (`--strict`), writing nothing.
pub fn check<R: Read>(problem: Problem, input: R) -> Result<(), Error> {
    match problem {
        Problem::Snooker => snooker::strict::validate(input),
        Problem::Fourrow => fourrow::strict::validate(input),
        Problem::Rating => rating::strict::validate(input),
    }
}

/// The referee's answer to `input`, which must pass `--strict`.
pub(crate) fn answer(problem: Problem, input: &[u8]) -> Result<Vec<u8>, Error> {
    let mut out = Vec::new();
    match problem {
        Problem::Snooker => snooker::solve_strict(input, &mut out),
        Problem::Fourrow => fourrow::solve_strict(input, &mut out),
        Problem::Rating => rating::solve_strict(input, &mut out),
    }?;
    Ok(out)
}

/// An error as one line about the input `name`: `NAME:LINE:COL: message`
/// for bad input, `NAME: message` for a failed read.
pub fn describe(name: &str, error: &Error) -> String {
    match error {
        Error::Input { .. } => format!("{}:{}", name, error),
        _ => format!("{}: {}", name, error),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_samples_pass_and_get_their_answers() {
        let sample = include_bytes!("../../fixtures/fourrow/sample.in");
        assert!(check(Problem::Fourrow, &sample[..]).is_ok());
        let expected = include_bytes!("../../fixtures/fourrow/sample.out");
        assert_eq!(answer(Problem::Fourrow, sample).unwrap(), expected);
    }

    #[test]
    fn errors_name_their_place() {
        let error = check(Problem::Rating, &b"1\n2  1\n"[..]).unwrap_err();
        let line = describe("in.txt", &error);
        assert!(line.starts_with("in.txt:2:"), "{}", line);
        let read = Error::Read(std::io::Error::new(std::io::ErrorKind::NotFound, "gone"));
        assert_eq!(describe("x", &read), "x: gone");
    }
}
