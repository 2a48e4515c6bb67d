//! `referee`: parse the command line, run the command, exit with its
//! status (2 for a usage error).
//!
//! On Linux with glibc the program starts at C's `main`, not through std's
//! start-up: that reads `/proc/self/maps` and sets up a signal stack
//! before `main`, which made a run on a contest's sample about a tenth
//! slower than `cat` of the same file (README, Performance). What the
//! program needs of that start-up is in [`referee::tool::start`]; a stack
//! overflow now ends in a plain segmentation fault, not std's message.
//! There std reads the arguments before any `main` (glibc hands them to
//! its initialisers); elsewhere it reads them in its start-up, which then
//! runs.
#![cfg_attr(all(target_os = "linux", target_env = "gnu"), no_main)]

use referee::tool::{cli, run, start};

#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[no_mangle]
pub extern "C" fn main(
    _argc: std::os::raw::c_int,
    _argv: *const *const std::os::raw::c_char,
) -> std::os::raw::c_int {
    use std::io::Write;
    // A panic cannot unwind out of this function: it ends as std's `main`
    // would end it, with status 101 after the panic's message.
    let status = std::panic::catch_unwind(run_command).unwrap_or(101);
    // Std's start-up would flush its standard output at exit; nothing is
    // left in it unless a line was printed without its newline.
    let _ = std::io::stdout().flush();
    status.into()
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn main() -> std::process::ExitCode {
    run_command().into()
}

fn run_command() -> u8 {
    start::prepare();
    match cli::parse_os(std::env::args_os().skip(1)) {
        Ok(command) => run::run(command),
        Err(usage) => {
            eprint!("{}", usage.report());
            2
        }
    }
}
