//! The UCI protocol, server side: `chimera engine`'s session on a client's lines. A stock
//! UCI client drives it in every variant: `UCI_Variant` names the variant and rule set
//! ([`options`]), `go` takes a clock or other limits ([`go`]), `info` lines write the
//! scores as UCI does ([`info`]); a pondering search waits for `ponderhit`.
//!
//! Three threads: one reads the input line by line (each line at most
//! [`input::MAX_LINE`] bytes) and hands the lines over a bounded channel; the main thread
//! answers them and writes every line of output (flushed at once); a search started by
//! `go` runs on a thread of its own, which takes the [`Computer`] and gives it back when it
//! ends, so that `isready`, `stop`, `legal` and `show` are answered while it thinks. The
//! search thread rebuilds the game from its record (variant, rules, position text, moves),
//! since a [`DynGame`] cannot be sent to another thread.
//!
//! [`Computer`]: crate::player::Computer
//! [`DynGame`]: chimera_core::DynGame

pub mod go;
pub mod info;
pub mod input;
pub mod options;
mod search;
mod session;
pub mod words;

use input::read_lines;
use session::Session;
use std::io::{self, BufRead, Write};
use std::sync::mpsc;
use std::thread;

/// How many input lines may wait to be answered before the reader waits.
const QUEUE: usize = 64;

/// Why a session ended before `quit` or the end of its input.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// The output could not be written (the client went away).
    #[error("cannot write output: {0}")]
    Output(#[from] io::Error),
    /// The input thread could not be started.
    #[error("cannot start the input thread: {0}")]
    Start(io::Error),
}

/// Runs the protocol: reads commands from `input` until `quit` or its end, answers on
/// `out`. A search still running at the end is stopped and its move reported first.
/// Returns an error only when `out` cannot be written (or the input thread not started).
pub fn serve<R: BufRead + Send + 'static>(
    input: R,
    out: &mut dyn Write,
) -> Result<(), SessionError> {
    let (sender, receiver) = mpsc::sync_channel(QUEUE);
    thread::Builder::new()
        .name("chimera-input".into())
        .spawn(move || read_lines(input, &sender))
        .map_err(SessionError::Start)?;
    let mut session = Session::new(out);
    let result = session.answer(&receiver);
    let last = session.end_search(true);
    Ok(result.and(last)?)
}
