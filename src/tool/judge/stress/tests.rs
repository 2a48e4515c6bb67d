//! Unit tests of `stress`: its inputs, and `killer`.

use super::*;

fn count_of(input: &[u8]) -> u64 {
    let line = input.split(|&b| b == b'\n').next().unwrap();
    std::str::from_utf8(line).unwrap().parse().unwrap()
}

#[test]
fn inputs_grow_stay_valid_and_repeat_for_a_seed() {
    for problem in Problem::ALL {
        let n = 40;
        let made: Vec<Vec<u8>> = (0..n)
            .map(|i| input(problem, 9, i, n).expect("valid cases").0)
            .collect();
        assert_eq!(count_of(&made[0]), 1, "{}", problem.name());
        assert_eq!(count_of(&made[n as usize - 1]), usual_cases(problem));
        assert!(made.windows(2).all(|w| count_of(&w[0]) <= count_of(&w[1])));
        assert_eq!(input(problem, 9, 17, n).unwrap().0, made[17]);
        assert_ne!(input(problem, 10, 17, n).unwrap().0, made[17]);
    }
}

/// Lines of the first 40 inputs of a run of 40 with seed 9.
fn lines_of_inputs(problem: Problem) -> Vec<String> {
    let text: Vec<u8> = (0..40)
        .flat_map(|i| input(problem, 9, i, 40).expect("valid cases").0)
        .collect();
    String::from_utf8(text)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

/// Only the varied style writes a stroke of more than 20 balls and a
/// rating past 32 bits of hundredths: the inputs hold both styles.
#[test]
fn inputs_take_cases_of_both_styles() {
    let snooker = lines_of_inputs(Problem::Snooker);
    assert!(snooker.iter().any(|l| l.split(' ').count() > 21));
    let rating = lines_of_inputs(Problem::Rating);
    let large = |line: &String| {
        let rating = line.split(' ').nth(1).and_then(|r| r.parse::<f64>().ok());
        rating.is_some_and(|r| r.abs() * 100.0 > f64::from(i32::MAX))
    };
    assert!(rating.iter().any(large));
}

#[test]
fn a_long_run_ends_at_the_statements_limits() {
    let counts = |problem| {
        let n = 1000;
        let all: Vec<u64> = (0..n).map(|i| case_count(problem, i, n)).collect();
        assert!(all.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(all[0], 1);
        all[n as usize - 4..].to_vec()
    };
    assert_eq!(counts(Problem::Rating), [9, 10, 100, 1000]);
    assert_eq!(counts(Problem::Snooker), [19, 19, 20, 200]);
    assert_eq!(counts(Problem::Fourrow), [98, 98, 98, 99]);
    assert_eq!(case_count(Problem::Rating, 99, 100), 1000);
    assert_eq!(case_count(Problem::Rating, 98, 99), 10);
    assert_eq!(case_count(Problem::Rating, 0, 1), 1);
}

#[test]
fn four_in_a_row_games_are_numbered_from_1() {
    let (made, _) = input(Problem::Fourrow, 1, 99, 100).unwrap();
    let text = String::from_utf8(made).unwrap();
    for (k, line) in text.lines().skip(1).enumerate() {
        assert!(line.starts_with(&format!("Game #{}: ", k + 1)), "{}", line);
    }
}

/// A program wrong on its first run and crashing on the next: `killer`
/// says so rather than hand on an input that no longer fails that way.
#[cfg(unix)]
#[test]
fn a_killer_that_does_not_fail_again_the_same_way_is_refused() {
    let marker = std::env::temp_dir().join(format!("referee-killer-{}", std::process::id()));
    let _ = std::fs::remove_file(&marker);
    let script = format!(
        "if [ -e '{0}' ]; then exit 3; fi; touch '{0}'; echo wrong",
        marker.display()
    );
    let command: Vec<OsString> = ["sh", "-c", &script].iter().map(OsString::from).collect();
    let found = killer(Problem::Fourrow, 1, 3, Duration::from_secs(20), &command);
    let _ = std::fs::remove_file(&marker);
    let why = found.err().expect("refused");
    assert!(
        why.starts_with("input 1 failed (wrong answer: ")
            && why.ends_with(", and run again the solution did not fail the same way"),
        "{}",
        why
    );
}

/// A program gone after its first run: `killer` says it could not be
/// started again.
#[cfg(unix)]
#[test]
fn a_killer_whose_program_is_gone_is_refused() {
    let script = std::env::temp_dir().join(format!("referee-gone-{}.sh", std::process::id()));
    std::fs::write(&script, "#!/bin/sh\nrm -f \"$0\"\necho wrong\n").unwrap();
    let executable = std::os::unix::fs::PermissionsExt::from_mode(0o755);
    std::fs::set_permissions(&script, executable).unwrap();
    let command = [script.clone().into_os_string()];
    let found = killer(Problem::Fourrow, 1, 3, Duration::from_secs(20), &command);
    let _ = std::fs::remove_file(&script);
    let why = found.err().expect("refused");
    assert!(
        why.ends_with(", and run again the solution could not be started"),
        "{}",
        why
    );
}
