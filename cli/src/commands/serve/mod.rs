//! `chimera serve`: a local web server with a page to play every variant in the browser,
//! and the JSON API the page (or a bot) uses.
//!
//! The server holds no rules of its own: every legal move, move text, clickable cell and
//! outcome comes from the variant crates through [`chimera_core::DynGame`]. It keeps many
//! games at once, each under an id, the least recently used forgotten past
//! [`ServeOptions::max_games`].
//!
//! It is built by job:
//! - `http`: the connections (at most [`ServeOptions::max_connections`]), the Host and Origin
//!   checks, the bounded reading of bodies;
//! - `reply`: the answers (JSON or a stream of events) and the running of a game's work on
//!   the blocking pool, a panic answered 500;
//! - `store`: the games, each behind an asynchronous lock, so that a request waiting for a
//!   busy game waits without holding a worker thread (and gives up after [`GAME_WAIT`]);
//! - `api`: the routes and their answers (its moves per click, moves, undo, records);
//! - `state`: a game's state as the page reads it, made once per position;
//! - `snapshot`: a game as its moves, and its making again;
//! - `analysis`: the engine's analysis of a position and of the game, streamed as
//!   server-sent events (at most [`MAX_ANALYSES`] at once, each with a budget, each stopped
//!   when its client leaves);
//! - `search`: the computer's searches, on threads of their own (at most [`MAX_SEARCHES`]),
//!   with engines taken from `pool`, shared by all games (at most [`MAX_ENGINES`] kept).
//!
//! Every request is bounded: the body ([`MAX_BODY`]), each legality question
//! ([`QUESTION`]), the moves a new game replays ([`MAX_MOVES`], [`REPLAY_QUESTION`],
//! [`MAX_REPLAY`]), the computer's time ([`MAX_COMPUTER_TIME`], [`MAX_COMPUTER_NODES`]) and
//! the searches running at once ([`MAX_SEARCHES`]). A bad request gets `{"error": "..."}`
//! with a 4xx status and changes nothing.

mod analysis;
mod api;
mod http;
mod new_game;
mod pool;
mod reply;
mod search;
mod snapshot;
mod state;
mod store;

use crate::{Failure, Io, Limit};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

/// The largest request body read (64 KiB); a larger one gets 413.
pub const MAX_BODY: usize = 64 * 1024;
/// The time each legality question may take (a move's legality, the legal moves, whether
/// the game is over): Tiling Rider's legality is a search.
pub const QUESTION: Limit = Limit::DEFAULT;
/// The most moves a new game replays.
pub const MAX_MOVES: usize = 5000;
/// The time each move a new game replays may take to be proven legal (a record's moves are
/// proven by the record's next moves at once, where they finish the turn).
pub const REPLAY_QUESTION: Duration = Duration::from_millis(500);
/// The longest a new game's replay of its moves may take.
pub const MAX_REPLAY: Duration = Duration::from_secs(20);
/// The longest a computer move may think.
pub const MAX_COMPUTER_TIME: Duration = Duration::from_secs(10);
/// The computer's time when the request gives none.
pub const DEFAULT_COMPUTER_TIME: Duration = Duration::from_secs(1);
/// The most nodes one computer move searches.
pub const MAX_COMPUTER_NODES: u64 = 50_000_000;
/// The most computer searches running at once (each on a thread of its own); more get 429.
pub const MAX_SEARCHES: usize = 2;
/// The most engines kept idle between searches, shared by all games (an engine is mostly
/// its transposition table, 2^18 entries: about 4.2 MB). With the [`MAX_SEARCHES`] engines
/// searching, the server holds at most `MAX_ENGINES + MAX_SEARCHES` engines (about 25 MB)
/// however many games it keeps.
pub const MAX_ENGINES: usize = 4;
/// The most analyses running at once, of all the games (each on a thread of its own with
/// an engine from the pool); one more waits up to [`ANALYSIS_WAIT`] for one to end, then
/// gets 429.
pub const MAX_ANALYSES: usize = 4;
/// The longest a request for an analysis waits for a slot (an analysis the page has just
/// left ends within milliseconds).
pub const ANALYSIS_WAIT: Duration = Duration::from_secs(2);
/// The longest an analysis of a position may run.
pub const MAX_ANALYSIS_TIME: Duration = Duration::from_secs(60);
/// An analysis's time when the request gives none.
pub const DEFAULT_ANALYSIS_TIME: Duration = Duration::from_secs(20);
/// The most nodes an analysis of a position searches.
pub const MAX_ANALYSIS_NODES: u64 = 200_000_000;
/// The nodes each position of a game's score graph is searched, when the request gives no
/// number, and the most it may ask.
pub const DEFAULT_GRAPH_NODES: u64 = 20_000;
/// See [`DEFAULT_GRAPH_NODES`].
pub const MAX_GRAPH_NODES: u64 = 1_000_000;
/// The longest the evaluation of a game's positions for its graph may take, all together.
pub const MAX_GRAPH_TIME: Duration = Duration::from_secs(60);
/// The most games kept ready to play (their whole history in memory); the others, the
/// least recently asked for, are kept frozen to their moves and made again when asked for
/// (a Triagonal game of 120 moves: about 100 KB ready, 2 KB frozen).
pub const MAX_LIVE: usize = 32;
/// The most positions (of all the games) whose legal moves are kept between requests; a
/// game's state as JSON is kept with the game.
pub const MAX_LISTINGS: usize = 16;
/// The longest a request waits for its game while another request of the same game is
/// worked on (a legality question: at most a few seconds); past it, 503.
pub const GAME_WAIT: Duration = Duration::from_secs(15);
/// The longest a client may take to send a request's headers, or its body.
pub const READ_TIMEOUT: Duration = Duration::from_secs(30);

/// How `chimera serve` runs: its command-line options.
#[derive(Clone, Debug, clap::Args)]
pub struct ServeOptions {
    /// The port to listen on (0: any free port, printed at start).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Open the page in the system's browser.
    #[arg(long)]
    pub open: bool,
    /// The most games kept (the least recently used is forgotten past it).
    #[arg(long, default_value_t = 1000, value_name = "N")]
    pub max_games: usize,
    /// The most requests worked on at once (each on its own thread: legal moves, moves);
    /// the computer's searches run on threads of their own, at most 2.
    #[arg(long, default_value_t = 8, value_name = "N")]
    pub threads: usize,
    /// The most connections open at once; one more is answered 503 and closed.
    #[arg(long, default_value_t = 512, value_name = "N")]
    pub max_connections: usize,
    /// Another web origin allowed to use the API (`http://host:port`, repeatable). By
    /// default only the page's own origin may, and only with the Host the server listens
    /// on (`localhost` and `127.0.0.1` alike on the loopback).
    #[arg(long, value_name = "ORIGIN")]
    pub allow_origin: Vec<String>,
}

/// Runs the server until the process is stopped.
pub fn run(io: &mut Io<'_>, options: &ServeOptions) -> Result<(), Failure> {
    if options.threads == 0 || options.threads > 256 {
        return Err(Failure::input("--threads: give 1 to 256"));
    }
    if options.max_games == 0 {
        return Err(Failure::input("--max-games: give at least 1"));
    }
    if options.max_connections == 0 || options.max_connections > 100_000 {
        return Err(Failure::input("--max-connections: give 1 to 100000"));
    }
    let origins = http::Origins::new(options)?;
    let (runtime, listener) = http::listen(options)?;
    let addr = listener
        .local_addr()
        .map_err(|e| Failure::input(format!("cannot listen: {e}")))?;
    let url = format!("http://{addr}/");
    writeln!(io.out, "chimera serve: listening on {url} (Ctrl-C stops)")?;
    io.out.flush()?;
    if options.open {
        open_browser(&url);
    }
    let state = Arc::new(store::State::new(options.max_games));
    let origins = Arc::new(origins.with_port(addr.port()));
    runtime.block_on(http::serve_connections(
        listener,
        state,
        origins,
        options.max_connections,
    ))
}

fn open_browser(url: &str) {
    for program in ["xdg-open", "open"] {
        if std::process::Command::new(program)
            .arg(url)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .is_ok()
        {
            return;
        }
    }
}

/// Locks a plain (short-held) lock. A panic while it was held leaves data that is still
/// consistent here (every change is made whole or not at all), so a poisoned lock is used
/// as it is.
pub(super) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}
