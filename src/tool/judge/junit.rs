//! `referee test --junit FILE`: the run as a JUnit XML report, the format
//! CI systems (GitHub Actions, GitLab, Jenkins) display: one `testcase`
//! per input with its time, and for a failing one a `failure` whose
//! message is the verdict, first difference included; a case not run is
//! `skipped`, with the reason. A run stopped before
//! its cases were judged is a testcase in `error`, so that the report
//! shows it failed rather than pass as an empty or an earlier one would.

use crate::tool::markup::escape;
use std::time::Duration;

/// One case of the report: its name, time, and how it did not pass.
pub(crate) struct Entry {
    pub(crate) name: String,
    pub(crate) time: Duration,
    pub(crate) failure: Option<Fault>,
}

/// How a case did not pass.
pub(crate) enum Fault {
    /// A verdict on its run: the verdict's kind and the verdict.
    Failure(&'static str, String),
    /// No verdict: why the run could not be judged.
    Error(String),
    /// Not run, for this reason.
    Skipped(&'static str),
}

/// How every report starts, up to the problem's name: what tells a
/// report of ours, which may be written over, from someone's file.
const HEAD: &str =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n  <testsuite name=\"referee test ";

/// Whether `text` (the start of a file will do) is a report of ours.
pub(crate) fn is_report(text: &[u8]) -> bool {
    text.starts_with(HEAD.as_bytes())
}

/// The whole report for the cases of `suite` (the problem's name).
pub(crate) fn report(suite: &str, entries: &[Entry]) -> String {
    let count = |kind: fn(&Fault) -> bool| {
        let faults = entries.iter().filter_map(|e| e.failure.as_ref());
        faults.filter(|&fault| kind(fault)).count()
    };
    let total: Duration = entries.iter().map(|e| e.time).sum();
    let mut out = String::from(HEAD);
    out.push_str(&format!(
        "{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" time=\"{:.3}\">\n",
        escape(suite),
        entries.len(),
        count(|fault| matches!(fault, Fault::Failure(..))),
        count(|fault| matches!(fault, Fault::Error(_))),
        count(|fault| matches!(fault, Fault::Skipped(_))),
        total.as_secs_f64()
    ));
    for entry in entries {
        let head = format!(
            "    <testcase classname=\"{}\" name=\"{}\" time=\"{:.3}\"",
            escape(suite),
            escape(&entry.name),
            entry.time.as_secs_f64()
        );
        match &entry.failure {
            None => out.push_str(&format!("{}/>\n", head)),
            Some(Fault::Failure(kind, message)) => out.push_str(&format!(
                "{}>\n      <failure type=\"{}\" message=\"{}\">{}</failure>\n    </testcase>\n",
                head,
                escape(kind),
                escape(message),
                escape(message)
            )),
            Some(Fault::Error(message)) => out.push_str(&format!(
                "{}>\n      <error message=\"{}\">{}</error>\n    </testcase>\n",
                head,
                escape(message),
                escape(message)
            )),
            Some(Fault::Skipped(message)) => out.push_str(&format!(
                "{}>\n      <skipped message=\"{}\"/>\n    </testcase>\n",
                head,
                escape(message)
            )),
        }
    }
    out.push_str("  </testsuite>\n</testsuites>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_has_a_testcase_per_entry_and_the_failures() {
        let entries = [
            Entry {
                name: "a.in".to_string(),
                time: Duration::from_millis(12),
                failure: None,
            },
            Entry {
                name: "b<1>.in".to_string(),
                time: Duration::from_millis(3),
                failure: Some(Fault::Failure(
                    "wrong answer",
                    "1:1: expected `a`, found `b`".to_string(),
                )),
            },
        ];
        let xml = report("fourrow", &entries);
        assert!(xml.contains(
            "<testsuite name=\"referee test fourrow\" tests=\"2\" failures=\"1\" errors=\"0\" skipped=\"0\" time=\"0.015\">"
        ));
        assert!(xml.contains("<testcase classname=\"fourrow\" name=\"a.in\" time=\"0.012\"/>"));
        assert!(xml.contains(
            "name=\"b&lt;1&gt;.in\" time=\"0.003\">\n      <failure type=\"wrong answer\" \
             message=\"1:1: expected `a`, found `b`\">"
        ));
        assert_eq!(escape("\u{1b}&\"'"), "\\x1b&amp;&quot;&#39;");
        assert_eq!(escape("a\u{ffff}b\u{fffe}"), "a\u{fffd}b\u{fffd}");
    }

    #[test]
    fn a_case_not_run_is_skipped_with_its_reason() {
        let entries = [Entry {
            name: "a.in".to_string(),
            time: Duration::ZERO,
            failure: Some(Fault::Skipped("not <run>")),
        }];
        let xml = report("snooker", &entries);
        assert!(
            xml.contains("failures=\"0\" errors=\"0\" skipped=\"1\""),
            "{}",
            xml
        );
        assert!(xml.contains(
            "name=\"a.in\" time=\"0.000\">\n      <skipped message=\"not &lt;run&gt;\"/>"
        ));
    }

    #[test]
    fn a_run_that_could_not_be_judged_is_an_error() {
        let entries = [Entry {
            name: "cases".to_string(),
            time: Duration::ZERO,
            failure: Some(Fault::Error("cases: no `*.in` <files>".to_string())),
        }];
        let xml = report("rating", &entries);
        assert!(
            xml.contains("tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\""),
            "{}",
            xml
        );
        assert!(xml.contains(
            "name=\"cases\" time=\"0.000\">\n      <error message=\"cases: no `*.in` &lt;files&gt;\">"
        ));
        assert!(is_report(xml.as_bytes()));
    }
}
