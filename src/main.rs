//! `referee`: parse the command line, run the command, exit with its
//! status (2 for a usage error).
//!
//! The program starts at C's `main`, not through std's start-up: that
//! reads `/proc/self/maps` and sets up a signal stack before `main`, which
//! on a contest's sample made a run about a tenth slower than `cat` of the
//! same file. What the program needs of that start-up is in
//! [`referee::tool::start`]; a stack overflow now ends in a plain
//! segmentation fault, not std's message.
#![no_main]

use referee::tool::{cli, run, start};
use std::io::Write;
use std::os::raw::{c_char, c_int};

#[no_mangle]
pub extern "C" fn main(_argc: c_int, _argv: *const *const c_char) -> c_int {
    start::prepare();
    // A panic cannot unwind out of this function: it ends as std's `main`
    // would end it, with status 101 after the panic's message.
    let status = std::panic::catch_unwind(run_command).unwrap_or(101);
    // Std's start-up would flush its standard output at exit; nothing is
    // left in it unless a line was printed without its newline.
    let _ = std::io::stdout().flush();
    c_int::from(status)
}

fn run_command() -> u8 {
    match cli::parse_os(std::env::args_os().skip(1)) {
        Ok(command) => run::run(command),
        Err(usage) => {
            eprint!("{}", usage.report());
            2
        }
    }
}
