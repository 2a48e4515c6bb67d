//! `referee`: parse the command line, run the command, exit with its
//! status (2 for a usage error).
#![deny(unsafe_code)]

use referee::core::io::stderr_text;
use referee::tool::{cli, run};
use std::process::ExitCode;

fn main() -> ExitCode {
    match cli::parse_os(std::env::args_os().skip(1)) {
        Ok(command) => ExitCode::from(run::run(command)),
        Err(usage) => {
            stderr_text(format_args!("{}", usage.report()));
            ExitCode::from(2)
        }
    }
}
