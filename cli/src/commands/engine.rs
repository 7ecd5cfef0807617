//! `chimera engine`: the UCI protocol on standard input and output (see
//! [`chimera_arena::uci`], its only implementation, and the README's section "The engine
//! protocol").

use crate::{Failure, Io};
use chimera_arena::uci::{serve, SessionError};
use std::io::{self, BufReader};

/// Runs the protocol on the process's standard input and output until `quit` or the end of
/// the input.
///
/// The input is read on a thread of its own, so the engine reads standard input through a
/// handle of its own rather than `io.input` (which is locked to the calling thread).
pub fn run(io: &mut Io<'_>) -> Result<(), Failure> {
    let input =
        stdin_reader().map_err(|e| Failure::input(format!("cannot read standard input: {e}")))?;
    serve(BufReader::new(input), io.out).map_err(|e| match e {
        SessionError::Output(e) => Failure::from(e),
        SessionError::Start(_) => Failure::input(e),
    })
}

/// A reader of standard input that does not go through the standard library's lock on it
/// (the program's `Io` holds that lock for the whole command).
#[cfg(unix)]
fn stdin_reader() -> io::Result<std::fs::File> {
    use std::os::fd::AsFd;
    Ok(std::fs::File::from(
        io::stdin().as_fd().try_clone_to_owned()?,
    ))
}

/// A reader of standard input that does not go through the standard library's lock on it
/// (the program's `Io` holds that lock for the whole command).
#[cfg(windows)]
fn stdin_reader() -> io::Result<std::fs::File> {
    use std::os::windows::io::AsHandle;
    Ok(std::fs::File::from(
        io::stdin().as_handle().try_clone_to_owned()?,
    ))
}

#[cfg(not(any(unix, windows)))]
fn stdin_reader() -> io::Result<std::fs::File> {
    Err(io::Error::new(
        io::ErrorKind::Unsupported,
        "`chimera engine` needs Unix or Windows",
    ))
}
