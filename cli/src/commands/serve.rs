//! `chimera serve`: a local web server with a page to play every variant in the browser,
//! and the JSON API the page (or a bot) uses.
//!
//! The server holds no rules of its own: every legal move, move text, clickable cell and
//! outcome comes from the variant crates through [`DynGame`]. It keeps many games at once,
//! each under an id, the least recently used forgotten past [`ServeOptions::max_games`].
//! Every request is bounded: the body ([`MAX_BODY`]), each legality question
//! ([`QUESTION`]), the moves a new game replays ([`MAX_MOVES`], [`REPLAY_QUESTION`],
//! [`MAX_REPLAY`]), the computer's time
//! ([`MAX_COMPUTER_TIME`], [`MAX_COMPUTER_NODES`]) and the searches running at once
//! ([`MAX_SEARCHES`]). A bad request gets `{"error": "..."}` with a 4xx status and changes
//! nothing.

use super::play::record;
use super::{game_json, Survey};
use crate::setup::{bounded, replay, StopKind, FOLLOWING};
use crate::{registry, Computer, Failure, Io, Limit, Report};
use chimera_core::record::read_record;
use chimera_core::{excerpt, Color, DynGame, Verdict};
use chimera_engine::Limits;
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::convert::Infallible;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

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
/// The most computer searches running at once; more get 429.
pub const MAX_SEARCHES: usize = 2;

/// The page and its assets, files of the repository embedded at compile time.
const INDEX_HTML: &str = include_str!("../../assets/index.html");
const APP_JS: &str = include_str!("../../assets/app.js");
const APP_CSS: &str = include_str!("../../assets/app.css");

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
    /// The most requests worked on at once (each on its own thread: legal moves, the
    /// computer); reading and writing the connections takes two more.
    #[arg(long, default_value_t = 8, value_name = "N")]
    pub threads: usize,
}

/// A game the server keeps.
struct Entry {
    id: String,
    game: Box<dyn DynGame + Send>,
    /// The position it started from, if not the standard start (for its record).
    start_position: Option<String>,
    /// The side that made each move played, for the count of moves in the current turn.
    sides: Vec<Color>,
    /// The computer, made at its first move and kept (it learns from one move to the next).
    computer: Option<Box<dyn Computer>>,
    /// The state as last computed, in full and brief (the legal moves take time in some
    /// variants).
    cached: [Option<Arc<String>>; 2],
    /// Whether the request being answered asked for the brief state (`?brief`).
    brief: bool,
}

impl Entry {
    /// Notes a move just played by `side` (the state last computed is out of date).
    fn played(&mut self, side: Color) {
        self.sides.push(side);
        self.cached = Default::default();
    }
}

/// The games, each behind its own lock so that a long search blocks only its own game.
struct Games {
    map: HashMap<String, (u64, Arc<Mutex<Entry>>)>,
    max: usize,
}

struct State {
    games: Mutex<Games>,
    clock: AtomicU64,
    searches: AtomicUsize,
    ids: std::collections::hash_map::RandomState,
}

/// An answer: status and JSON (or another content type).
struct Reply {
    status: u16,
    body: Arc<String>,
    content_type: &'static str,
}

impl Reply {
    fn json(status: u16, value: &Value) -> Reply {
        Reply {
            status,
            body: Arc::new(value.to_string()),
            content_type: "application/json",
        }
    }
    fn error(status: u16, message: impl std::fmt::Display) -> Reply {
        Reply::json(status, &json!({ "error": message.to_string() }))
    }
    fn text(content_type: &'static str, body: impl Into<String>) -> Reply {
        Reply {
            status: 200,
            body: Arc::new(body.into()),
            content_type,
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while a lock was held leaves data that is still consistent here (every change
    // is made whole or not at all), so a poisoned lock is used as it is.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs the server until the process is stopped.
pub fn run(io: &mut Io<'_>, options: &ServeOptions) -> Result<(), Failure> {
    if options.threads == 0 || options.threads > 256 {
        return Err(Failure::input("--threads: give 1 to 256"));
    }
    if options.max_games == 0 {
        return Err(Failure::input("--max-games: give at least 1"));
    }
    let (runtime, listener) = listen(options)?;
    let addr = listener
        .local_addr()
        .map_err(|e| Failure::input(format!("cannot listen: {e}")))?;
    let url = format!("http://{addr}/");
    writeln!(io.out, "chimera serve: listening on {url} (Ctrl-C stops)")?;
    io.out.flush()?;
    if options.open {
        open_browser(&url);
    }
    let state = Arc::new(State {
        games: Mutex::new(Games {
            map: HashMap::new(),
            max: options.max_games,
        }),
        clock: AtomicU64::new(0),
        searches: AtomicUsize::new(0),
        ids: std::collections::hash_map::RandomState::new(),
    });
    runtime.block_on(serve_connections(listener, state))
}

/// The runtime, and a socket listening on the address `options` give. Two threads read and
/// write the connections; the games are played on a pool of `--threads` threads (a search
/// or a legality question may take seconds).
fn listen(
    options: &ServeOptions,
) -> Result<(tokio::runtime::Runtime, tokio::net::TcpListener), Failure> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(options.threads)
        .enable_all()
        .build()
        .map_err(|e| Failure::input(format!("cannot start the server: {e}")))?;
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind((
            options.host.as_str(),
            options.port,
        )))
        .map_err(|e| {
            Failure::input(format!(
                "cannot listen on {}:{}: {e}",
                options.host, options.port
            ))
        })?;
    Ok((runtime, listener))
}

/// Accepts connections for ever, each served on a task of its own.
async fn serve_connections(listener: tokio::net::TcpListener, state: Arc<State>) -> ! {
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(_) => {
                // Out of file descriptors, say: wait a little rather than spin.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let state = Arc::clone(&state);
        tokio::spawn(async move {
            let service = service_fn(move |request| answer(Arc::clone(&state), request));
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(READ_TIMEOUT)
                .serve_connection(TokioIo::new(stream), service)
                .await;
        });
    }
}

/// The longest a client may take to send a request's headers, or its body.
pub const READ_TIMEOUT: Duration = Duration::from_secs(30);

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

/// Answers one request: reads its body (bounded in size and time), then routes it on the
/// blocking pool (the games' work may take seconds).
async fn answer(
    state: Arc<State>,
    request: hyper::Request<hyper::body::Incoming>,
) -> Result<hyper::Response<Full<Bytes>>, Infallible> {
    let method = request.method().as_str().to_string();
    let uri = request.uri().clone();
    let reply = match read_body(request).await {
        Err(reply) => reply,
        Ok(body) => {
            let path = uri.path().to_string();
            let brief = uri
                .query()
                .unwrap_or("")
                .split('&')
                .any(|q| q == "brief" || q == "brief=1");
            tokio::task::spawn_blocking(move || {
                // A panic in a variant crate must not take the server down with it.
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    route(&state, &method, &path, &body, brief)
                }))
                .unwrap_or_else(|_| Reply::error(500, "internal error (a bug: please report it)"))
            })
            .await
            .unwrap_or_else(|_| Reply::error(500, "internal error (a bug: please report it)"))
        }
    };
    let mut response = hyper::Response::builder()
        .status(reply.status)
        .header("Content-Type", reply.content_type)
        .header("Cache-Control", "no-store");
    if reply.content_type.starts_with("text/plain") {
        response = response.header("Content-Disposition", "attachment; filename=\"game.txt\"");
    }
    let body = Full::new(Bytes::from(reply.body.as_bytes().to_vec()));
    Ok(response
        .body(body)
        .unwrap_or_else(|_| hyper::Response::new(Full::new(Bytes::new()))))
}

/// A body over [`MAX_BODY`] is still read (and dropped) up to this size, so that the client
/// gets its 413 answer rather than a connection closed under it; past this the connection is
/// closed.
const MAX_DRAINED: u64 = 16 * 1024 * 1024;

async fn read_body(request: hyper::Request<hyper::body::Incoming>) -> Result<Vec<u8>, Reply> {
    let too_large = || Reply::error(413, format!("the request body is over {MAX_BODY} bytes"));
    let declared = request
        .headers()
        .get(hyper::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_DRAINED) {
        return Err(too_large());
    }
    let mut body = request.into_body();
    let read = async {
        let (mut kept, mut seen) = (Vec::new(), 0u64);
        while let Some(frame) = body.frame().await {
            let frame = frame.map_err(|e| format!("cannot read the request body: {e}"))?;
            if let Some(data) = frame.data_ref() {
                seen += data.len() as u64;
                if seen <= MAX_BODY as u64 {
                    kept.extend_from_slice(data);
                } else if seen > MAX_DRAINED {
                    break;
                }
            }
        }
        Ok::<_, String>((kept, seen))
    };
    match tokio::time::timeout(READ_TIMEOUT, read).await {
        Err(_) => Err(Reply::error(
            408,
            "the request body took too long to arrive",
        )),
        Ok(Err(e)) => Err(Reply::error(400, e)),
        Ok(Ok((_, seen))) if seen > MAX_BODY as u64 => Err(too_large()),
        Ok(Ok((kept, _))) => Ok(kept),
    }
}

fn route(state: &State, method: &str, path: &str, body: &[u8], brief: bool) -> Reply {
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    match (method, parts.as_slice()) {
        ("GET", [""] | ["index.html"]) => Reply::text("text/html; charset=utf-8", INDEX_HTML),
        ("GET", ["app.js"]) => Reply::text("text/javascript; charset=utf-8", APP_JS),
        ("GET", ["app.css"]) => Reply::text("text/css; charset=utf-8", APP_CSS),
        ("GET", ["api", "variants"]) => variants(),
        ("POST", ["api", "games"]) => create(state, body, brief),
        ("GET", ["api", "games", id]) => {
            with_game(state, id, brief, |entry| Ok(reply_state(entry)))
        }
        ("POST", ["api", "games", id, "move"]) => match parse::<MoveRequest>(body) {
            Ok(request) => with_game(state, id, brief, |entry| play(entry, &request.r#move)),
            Err(reply) => reply,
        },
        ("POST", ["api", "games", id, "undo"]) => with_game(state, id, brief, undo),
        ("POST", ["api", "games", id, "computer"]) => match parse::<ComputerRequest>(body) {
            Ok(request) => computer_move(state, id, &request, brief),
            Err(reply) => reply,
        },
        ("GET", ["api", "games", id, "record"]) => {
            with_game(state, id, brief, |entry| Ok(record_reply(entry)))
        }
        (_, parts) => no_route(method, path, parts),
    }
}

/// The answer to a request no route takes: 405 for a known path asked with another
/// method, 404 for an unknown one.
fn no_route(method: &str, path: &str, parts: &[&str]) -> Reply {
    let path = excerpt(path.trim_matches('/'));
    match (method, parts) {
        (
            _,
            ["api", "variants"]
            | ["api", "games"]
            | ["api", "games", _]
            | ["api", "games", _, "move" | "undo" | "computer" | "record"],
        ) => Reply::error(
            405,
            format!("method {} not allowed for /{path}", excerpt(method)),
        ),
        (_, ["api", ..]) => Reply::error(404, format!("no such API endpoint: {method} /{path}")),
        ("GET", _) => Reply::error(404, format!("no such page: /{path}")),
        _ => Reply::error(405, format!("method {} not allowed here", excerpt(method))),
    }
}

/// The game's record, as a text file to download.
fn record_reply(entry: &Entry) -> Reply {
    Reply::text(
        "text/plain; charset=utf-8",
        record::write_by(
            entry.game.as_ref(),
            entry.start_position.as_deref(),
            QUESTION,
            "chimera serve",
        ),
    )
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateRequest {
    variant: String,
    rules: Option<String>,
    position: Option<String>,
    moves: Option<String>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    r#move: String,
}

#[derive(serde::Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ComputerRequest {
    time_ms: Option<u64>,
}

fn parse<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, Reply> {
    serde_json::from_slice(body).map_err(|e| {
        Reply::error(
            400,
            format!("malformed JSON request: {}", bounded(&e.to_string())),
        )
    })
}

fn variants() -> Reply {
    let list: Vec<Value> = registry::variants()
        .iter()
        .map(|v| {
            let help = (v.new_game)(None, None)
                .map(|g| g.notation_help())
                .unwrap_or("");
            json!({
                "name": v.name,
                "about": v.about,
                "rule_sets": v.rule_sets,
                "notation_help": help,
            })
        })
        .collect();
    Reply::json(200, &json!({ "variants": list }))
}

fn create(state: &State, body: &[u8], brief: bool) -> Reply {
    let request = match parse::<CreateRequest>(body) {
        Ok(r) => r,
        Err(reply) => return reply,
    };
    let variant = match registry::lookup(&request.variant) {
        Ok(variant) => variant,
        Err(unknown) => return Reply::error(422, unknown),
    };
    let position = request
        .position
        .as_deref()
        .map(str::trim)
        .filter(|p| !p.is_empty());
    let new_game = || (variant.new_game)(request.rules.as_deref(), position);
    let mut game = match new_game() {
        Ok(g) => g,
        Err(e) => {
            return Reply::error(
                422,
                format!("{}: {}", variant.name, bounded(&e.to_string())),
            )
        }
    };
    let mut sides = Vec::new();
    if let Some(text) = request.moves.as_deref().filter(|t| !t.trim().is_empty()) {
        let deadline = Instant::now() + MAX_REPLAY;
        let texts = match replay_moves(game.as_mut(), text, deadline) {
            Ok(texts) => texts,
            Err(reply) => return reply,
        };
        // The side of each move, replayed on a fresh game with the record's own
        // continuation as proof (the replay above proved every move).
        if let Ok(mut again) = new_game() {
            sides = sides_of(again.as_mut(), &texts, deadline + MAX_REPLAY);
        }
    }
    sides.resize(game.moves_played().len(), game.turn());
    let mut entry = Entry {
        id: new_id(state),
        game,
        start_position: position.map(str::to_string),
        sides,
        computer: None,
        cached: Default::default(),
        brief,
    };
    let mut reply = reply_state(&mut entry);
    reply.status = 201;
    keep(state, entry);
    reply
}

/// Plays a new game's `moves` (a record's text), each proven within [`REPLAY_QUESTION`]
/// and all by `deadline`; returns their texts, or the 422 answer that says which move
/// could not be played, or that there are too many or they took too long.
fn replay_moves(
    game: &mut dyn DynGame,
    moves: &str,
    deadline: Instant,
) -> Result<Vec<String>, Reply> {
    let list = read_record(moves)
        .map_err(|e| Reply::error(422, format!("moves: {}", bounded(&e.reason))))?;
    if list.len() > MAX_MOVES {
        return Err(Reply::error(
            422,
            format!("moves: at most {MAX_MOVES} moves, not {}", list.len()),
        ));
    }
    let texts: Vec<String> = list.iter().map(|m| m.text.to_string()).collect();
    let limit = Limit::time(REPLAY_QUESTION);
    let in_time = (&list)
        .into_iter()
        .take_while(|_| Instant::now() < deadline);
    if let Err(stop) = replay(game, in_time, limit) {
        let reason = match stop.kind {
            StopKind::Undecided => crate::setup::undecided_reason(limit),
            _ => stop.reason,
        };
        return Err(Reply::error(
            422,
            format!(
                "moves: move {} `{}`: {}",
                stop.index + 1,
                excerpt(&texts[stop.index]),
                bounded(&reason)
            ),
        ));
    }
    if game.moves_played().len() < texts.len() {
        return Err(Reply::error(
            422,
            format!(
                "moves: replaying them took over {} s (stopped at move {})",
                MAX_REPLAY.as_secs(),
                game.moves_played().len() + 1
            ),
        ));
    }
    Ok(texts)
}

/// The side that played each of `moves` (proven legal already) in `game`, as far as they
/// play by `deadline` (past it only the count of moves in the current turn is missing).
fn sides_of(game: &mut dyn DynGame, moves: &[String], deadline: Instant) -> Vec<Color> {
    let limit = Limit::time(REPLAY_QUESTION);
    let mut sides = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        if Instant::now() > deadline {
            break;
        }
        let following: Vec<&str> = moves[i + 1..moves.len().min(i + 1 + FOLLOWING)]
            .iter()
            .map(String::as_str)
            .collect();
        let side = game.turn();
        if game
            .play_within(text, &following, &mut limit.budget(), true)
            .is_err()
        {
            break;
        }
        sides.push(side);
    }
    sides
}

/// Keeps a new game, forgetting the least recently used one if there are too many.
fn keep(state: &State, entry: Entry) {
    let mut games = lock(&state.games);
    if games.map.len() >= games.max {
        if let Some(oldest) = games
            .map
            .iter()
            .min_by_key(|(_, (used, _))| *used)
            .map(|(id, _)| id.clone())
        {
            games.map.remove(&oldest);
        }
    }
    let used = state.clock.fetch_add(1, Ordering::Relaxed);
    games
        .map
        .insert(entry.id.clone(), (used, Arc::new(Mutex::new(entry))));
}

fn new_id(state: &State) -> String {
    let mut hasher = state.ids.build_hasher();
    hasher.write_u64(state.clock.fetch_add(1, Ordering::Relaxed));
    hasher.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0),
    );
    format!("{:016x}", hasher.finish())
}

/// Finds game `id` and runs `f` on it.
fn with_game(
    state: &State,
    id: &str,
    brief: bool,
    f: impl FnOnce(&mut Entry) -> Result<Reply, Reply>,
) -> Reply {
    let Some(entry) = find(state, id) else {
        return unknown_game(id);
    };
    let mut entry = lock(&entry);
    entry.brief = brief;
    f(&mut entry).unwrap_or_else(|e| e)
}

fn unknown_game(id: &str) -> Reply {
    Reply::error(
        404,
        format!("no game `{}` (it may have been forgotten: the server keeps the most recently used games)", excerpt(id)),
    )
}

fn find(state: &State, id: &str) -> Option<Arc<Mutex<Entry>>> {
    let mut games = lock(&state.games);
    let used = state.clock.fetch_add(1, Ordering::Relaxed);
    let (last, entry) = games.map.get_mut(id)?;
    *last = used;
    Some(Arc::clone(entry))
}

/// The game's state as JSON (see README): [`game_json`] with the legal moves' cells, the
/// SVG picture, the moves made in the current turn and the game's id.
/// The brief state (`?brief`) has the legal moves as texts (`legal_moves`) and no picture.
fn state_json(entry: &Entry) -> String {
    let game = entry.game.as_ref();
    let survey = Survey::of(game, QUESTION);
    let mut map = serde_json::Map::new();
    map.insert("id".into(), json!(entry.id));
    map.extend(game_json(game, &survey));
    let turn = game.turn();
    let in_turn = entry.sides.iter().rev().take_while(|&&s| s == turn).count();
    map.insert("turn_moves".into(), json!(in_turn));
    let sides: Vec<String> = entry.sides.iter().map(|s| s.to_string()).collect();
    map.insert("sides".into(), json!(sides));
    if entry.brief {
        return Value::Object(map).to_string();
    }
    map.remove("legal_moves");
    let legal: Vec<Value> = survey
        .listing
        .legal
        .iter()
        .map(|text| {
            let cells = game.move_cells(text).unwrap_or_default();
            json!({ "text": text, "picks": cells.picks, "also": cells.also })
        })
        .collect();
    map.insert("legal".into(), Value::Array(legal));
    map.insert("start_position".into(), json!(entry.start_position));
    map.insert("notation_help".into(), json!(game.notation_help()));
    map.insert("svg".into(), json!(game.svg()));
    Value::Object(map).to_string()
}

fn reply_state(entry: &mut Entry) -> Reply {
    let slot = usize::from(entry.brief);
    let body = match &entry.cached[slot] {
        Some(body) => Arc::clone(body),
        None => {
            let body = Arc::new(state_json(entry));
            entry.cached[slot] = Some(Arc::clone(&body));
            body
        }
    };
    Reply {
        status: 200,
        body,
        content_type: "application/json",
    }
}

fn play(entry: &mut Entry, text: &str) -> Result<Reply, Reply> {
    let side = entry.game.turn();
    match entry
        .game
        .play_within(text, &[], &mut QUESTION.budget(), false)
    {
        Ok((_, Verdict::Yes)) => {}
        Ok(_) => {
            // Not proven legal: taken back (play_within does not play it without
            // allow_undecided, but be sure).
            entry.game.undo();
            return Err(Reply::error(
                422,
                format!(
                    "`{}`: {}",
                    excerpt(text),
                    crate::setup::undecided_reason(QUESTION)
                ),
            ));
        }
        Err(e) => return Err(Reply::error(422, bounded(&e.to_string()))),
    }
    entry.played(side);
    Ok(reply_state(entry))
}

fn undo(entry: &mut Entry) -> Result<Reply, Reply> {
    if entry.game.undo().is_none() {
        return Err(Reply::error(422, "no move to take back"));
    }
    entry.sides.pop();
    entry.cached = Default::default();
    Ok(reply_state(entry))
}

/// Counts a running search; at most [`MAX_SEARCHES`] at once.
struct SearchSlot<'a>(&'a AtomicUsize);

impl<'a> SearchSlot<'a> {
    fn take(counter: &'a AtomicUsize) -> Option<SearchSlot<'a>> {
        let mut n = counter.load(Ordering::Relaxed);
        loop {
            if n >= MAX_SEARCHES {
                return None;
            }
            match counter.compare_exchange(n, n + 1, Ordering::AcqRel, Ordering::Relaxed) {
                Ok(_) => return Some(SearchSlot(counter)),
                Err(now) => n = now,
            }
        }
    }
}

impl Drop for SearchSlot<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

fn computer_move(state: &State, id: &str, request: &ComputerRequest, brief: bool) -> Reply {
    let time = match computer_time(request) {
        Ok(time) => time,
        Err(reply) => return reply,
    };
    let Some(entry) = find(state, id) else {
        return unknown_game(id);
    };
    let Some(_slot) = SearchSlot::take(&state.searches) else {
        return Reply::error(
            429,
            format!("the computer is already thinking in {MAX_SEARCHES} games: try again shortly"),
        );
    };
    let mut entry = lock(&entry);
    let entry = &mut *entry;
    entry.brief = brief;
    if entry.computer.is_none() {
        entry.computer = registry::computer(entry.game.variant());
    }
    let Some(computer) = entry.computer.as_mut() else {
        return Reply::error(422, format!("{}: no computer player", entry.game.variant()));
    };
    let limits = Limits {
        time: Some(time),
        nodes: Some(MAX_COMPUTER_NODES),
        ..Limits::default()
    };
    let started = Instant::now();
    let report = match computer.search(entry.game.as_ref(), &limits) {
        Ok(report) => report,
        Err(failure) => return Reply::error(422, bounded(&failure.message)),
    };
    let side = entry.game.turn();
    // The engine's move, proven legal by its search; played within a budget all the same
    // (and kept if the budget leaves it undecided).
    if let Err(e) = entry
        .game
        .play_within(&report.best_move, &[], &mut QUESTION.budget(), true)
    {
        return Reply::error(
            500,
            format!(
                "the computer's move `{}` was refused: {e}",
                report.best_move
            ),
        );
    }
    entry.played(side);
    with_computer_info(reply_state(entry), &report, started.elapsed())
}

/// The computer's time the request asks for (`time_ms`), or the answer that refuses it.
fn computer_time(request: &ComputerRequest) -> Result<Duration, Reply> {
    match request.time_ms {
        None => Ok(DEFAULT_COMPUTER_TIME),
        Some(ms) if ms == 0 || ms > MAX_COMPUTER_TIME.as_millis() as u64 => Err(Reply::error(
            400,
            format!("time_ms: give 1 to {}", MAX_COMPUTER_TIME.as_millis()),
        )),
        Some(ms) => Ok(Duration::from_millis(ms)),
    }
}

/// The game's state with the computer's move and search first: `{"computer": {"move": …,
/// "score": …, "depth": …, "nodes": …, "time_ms": …}, …}`.
fn with_computer_info(state_reply: Reply, report: &Report, elapsed: Duration) -> Reply {
    let info = json!({
        "move": report.best_move,
        "score": report.score.to_string(),
        "depth": report.depth,
        "nodes": report.nodes,
        "time_ms": elapsed.as_millis() as u64,
    });
    let body = format!("{{\"computer\":{info},{}", &state_reply.body[1..]);
    Reply {
        body: Arc::new(body),
        ..state_reply
    }
}
