//! Analysis, as the page's analysis board shows it: the engine on a position of a game,
//! its evaluation, best line and depth streamed as server-sent events as the search
//! deepens (`GET /api/games/ID/analysis`), and every position of the game evaluated in
//! turn for the score graph (`GET /api/games/ID/graph`).
//!
//! Each analysis runs on a thread of its own, on a copy of the game (the game itself stays
//! free for moves), with an engine from the shared pool. Every one is bounded: a time and
//! node budget, at most [`MAX_ANALYSES`] at once (a request waits up to [`ANALYSIS_WAIT`]
//! for a slot, then gets 429), and it stops as soon as its client leaves (the stream is
//! dropped) or asks for another analysis of the same kind in the same game.

use super::reply::{thinking_reply, Events, Reply};
use super::snapshot::{copy_game, play_again, Snapshot};
use super::store::State;
use super::{
    ANALYSIS_WAIT, DEFAULT_ANALYSIS_TIME, DEFAULT_GRAPH_NODES, MAX_ANALYSES, MAX_ANALYSIS_NODES,
    MAX_ANALYSIS_TIME, MAX_GRAPH_NODES, MAX_GRAPH_TIME,
};
use crate::setup::bounded;
use crate::{Computer, Report};
use chimera_arena::player::white_view;
use chimera_core::{Color, DynGame, Outcome};
use chimera_engine::{Limits, Score};
use hyper::body::Bytes;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// The two kinds of analysis a game may have running, one of each at most.
#[derive(Clone, Copy)]
pub(super) enum Kind {
    /// The engine on one position (`…/analysis`).
    Position = 0,
    /// Every position of the game, for the graph (`…/graph`).
    Graph = 1,
}

/// An analysis ready to run on its thread.
struct Job {
    snapshot: Snapshot,
    stop: Arc<AtomicBool>,
    state: Arc<State>,
    sender: mpsc::Sender<Bytes>,
    _slot: tokio::sync::OwnedSemaphorePermit,
}

/// The value of `name=` in a query, if given.
fn param<'a>(query: &'a str, name: &str) -> Option<&'a str> {
    query
        .split('&')
        .find_map(|q| q.strip_prefix(name)?.strip_prefix('='))
}

/// The number `name=` gives in `range`, `default` if not given, or the 400 answer.
fn number(
    query: &str,
    name: &str,
    range: std::ops::RangeInclusive<u64>,
    default: Option<u64>,
) -> Result<Option<u64>, Reply> {
    let Some(text) = param(query, name) else {
        return Ok(default);
    };
    match text.parse::<u64>() {
        Ok(n) if range.contains(&n) => Ok(Some(n)),
        _ => Err(Reply::error(
            400,
            format!(
                "{name}: give a whole number from {} to {}",
                range.start(),
                range.end()
            ),
        )),
    }
}

/// `GET /api/games/ID/analysis?ply=N&time_ms=T`: the engine on the game's position after
/// its first `N` moves (default: now) for `T` ms (default [`DEFAULT_ANALYSIS_TIME`], at
/// most [`MAX_ANALYSIS_TIME`]), an event after each iteration of the search and a last one
/// with `"done": true`.
pub(super) async fn position(state: &Arc<State>, id: &str, query: &str) -> Reply {
    let max = MAX_ANALYSIS_TIME.as_millis() as u64;
    let default = DEFAULT_ANALYSIS_TIME.as_millis() as u64;
    let asked = number(query, "ply", 0..=u32::MAX as u64, None)
        .and_then(|ply| Ok((ply, number(query, "time_ms", 1..=max, Some(default))?)));
    let (ply, time_ms) = match asked {
        Ok((ply, time)) => (ply, time.unwrap_or(default)),
        Err(reply) => return reply,
    };
    let (job, events, ply) = match prepare(state, id, Kind::Position, ply).await {
        Ok(prepared) => prepared,
        Err(reply) => return reply,
    };
    let limits = Limits {
        time: Some(Duration::from_millis(time_ms)),
        nodes: Some(MAX_ANALYSIS_NODES),
        stop: Some(Arc::clone(&job.stop)),
        ..Limits::default()
    };
    spawn(job, events, move |job| analyse_position(job, ply, &limits))
}

/// `GET /api/games/ID/graph?from=K&nodes=N`: every position of the game from the one after
/// `K` moves (default 0) searched `N` nodes (default [`DEFAULT_GRAPH_NODES`], at most
/// [`MAX_GRAPH_NODES`]), an event for each, in order, all within [`MAX_GRAPH_TIME`], and a
/// last one with `"done": true`.
pub(super) async fn graph(state: &Arc<State>, id: &str, query: &str) -> Reply {
    let asked = number(query, "from", 0..=u32::MAX as u64, Some(0)).and_then(|from| {
        let nodes = number(
            query,
            "nodes",
            1..=MAX_GRAPH_NODES,
            Some(DEFAULT_GRAPH_NODES),
        )?;
        Ok((from.unwrap_or(0), nodes.unwrap_or(DEFAULT_GRAPH_NODES)))
    });
    let (from, nodes) = match asked {
        Ok(asked) => asked,
        Err(reply) => return reply,
    };
    let (job, events, from) = match prepare(state, id, Kind::Graph, Some(from)).await {
        Ok(prepared) => prepared,
        Err(reply) => return reply,
    };
    spawn(job, events, move |job| analyse_graph(job, from, nodes))
}

/// Takes what the analysis needs of game `id` (stopping the game's analysis of the same
/// kind under way), checks `ply` (default: the moves played) and waits for a slot.
async fn prepare(
    state: &Arc<State>,
    id: &str,
    kind: Kind,
    ply: Option<u64>,
) -> Result<(Job, Events, usize), Reply> {
    let stop = Arc::new(AtomicBool::new(false));
    let snapshot = {
        let mut entry = state.lock_game(id).await?;
        let snapshot = match (&entry.frozen, entry.game.as_deref()) {
            (Some(frozen), _) => frozen.clone(),
            (None, Some(game)) => Snapshot {
                id: entry.id.clone(),
                variant: game.variant(),
                rules: game.rules_name(),
                start: entry.start_position.clone(),
                moves: game.moves_played(),
            },
            (None, None) => return Err(thinking_reply()),
        };
        if let Some(old) = entry.analyses[kind as usize].replace(Arc::clone(&stop)) {
            old.store(true, Ordering::Relaxed);
        }
        snapshot
    };
    let played = snapshot.moves.len();
    let ply = match ply {
        None => played,
        Some(n) if n as usize <= played => n as usize,
        Some(n) => {
            return Err(Reply::error(
                422,
                format!("ply {n}: the game has {played} moves"),
            ))
        }
    };
    let wait = Arc::clone(&state.analyses).acquire_owned();
    let slot = match tokio::time::timeout(ANALYSIS_WAIT, wait).await {
        Ok(Ok(slot)) => slot,
        _ => {
            return Err(Reply::error(
                429,
                format!(
                    "the engine is already analysing {MAX_ANALYSES} positions: try again shortly"
                ),
            ))
        }
    };
    // Generous: a graph's events are all kept until read, so that its thread never waits.
    let (sender, receiver) = mpsc::channel(played + 64);
    let events = Events::new(receiver, Arc::clone(&stop));
    let job = Job {
        snapshot,
        stop,
        state: Arc::clone(state),
        sender,
        _slot: slot,
    };
    Ok((job, events, ply))
}

/// Runs `work` on a thread of its own, and answers with the stream of its events.
fn spawn(job: Job, events: Events, work: impl FnOnce(&Job) + Send + 'static) -> Reply {
    let spawned = std::thread::Builder::new()
        .name("chimera-analysis".into())
        .spawn(move || {
            let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(&job)));
            if caught.is_err() {
                send(
                    &job,
                    &json!({ "done": true, "error": "internal error in the analysis (a bug: please report it)" }),
                );
            }
        });
    match spawned {
        Ok(_) => Reply::events(events),
        Err(e) => Reply::error(503, format!("cannot start an analysis: {e}")),
    }
}

/// Sends one event (dropped if the client has fallen that far behind or left).
fn send(job: &Job, value: &Value) {
    let message = format!("data: {value}\n\n");
    let _ = job.sender.try_send(Bytes::from(message));
}

/// White's winning chances in [-1, 1] for a score (for the side `to_move`), as lichess
/// draws them: `2 / (1 + e^(-0.00368208 cp)) - 1`, a win ±1.
fn white_chances(score: Score, to_move: Color) -> f64 {
    let sign = if to_move == Color::White { 1.0 } else { -1.0 };
    let mine = match score {
        Score::Centipawns(cp) => 2.0 / (1.0 + (-0.003_682_08 * f64::from(cp)).exp()) - 1.0,
        Score::WinIn(_) => 1.0,
        Score::LossIn(_) => -1.0,
    };
    sign * mine
}

/// An event for a search's findings in `game`'s position: `{"ply", "depth", "seldepth",
/// "nodes", "nps", "time_ms", "score" (from White's side, in words), "white" (White's
/// chances), "best", "pv", "arrow" (the best move's clicks: groups of cells)}`.
fn report_json(game: &dyn DynGame, ply: usize, report: &Report) -> Value {
    let turn = game.turn();
    json!({
        "ply": ply,
        "depth": report.depth,
        "seldepth": report.seldepth,
        "nodes": report.nodes,
        "nps": report.nps,
        "time_ms": report.elapsed.as_millis() as u64,
        "score": white_view(report.score, turn),
        "white": white_chances(report.score, turn),
        "best": report.best_move,
        "pv": report.pv,
        "arrow": game.move_cells(&report.best_move).map(|c| c.picks),
    })
}

/// An event for a position where the game is over: `{"ply", "over", "white"}`.
fn over_json(ply: usize, outcome: Outcome) -> Value {
    let white = match outcome {
        Outcome::Win {
            winner: Color::White,
            ..
        } => 1.0,
        Outcome::Win { .. } => -1.0,
        _ => 0.0,
    };
    json!({ "ply": ply, "over": outcome.to_string(), "white": white })
}

/// The engine on the position after `ply` moves, an event after each iteration.
fn analyse_position(job: &Job, ply: usize, limits: &Limits) {
    let game = match copy_game(&job.snapshot, ply) {
        Ok(game) => game,
        Err(e) => return send(job, &json!({ "done": true, "error": e })),
    };
    if let Some(outcome) = game.outcome() {
        let mut value = over_json(ply, outcome);
        value["done"] = json!(true);
        return send(job, &value);
    }
    let Some(found) = with_computer(job, |computer| {
        let mut progress = |report: &Report| send(job, &report_json(game.as_ref(), ply, report));
        computer.search_reporting(game.as_ref(), limits, &mut progress)
    }) else {
        return;
    };
    let mut last = match found {
        Ok(report) => report_json(game.as_ref(), ply, &report),
        Err(e) => json!({ "ply": ply, "error": bounded(&e.message) }),
    };
    last["done"] = json!(true);
    last["cancelled"] = json!(job.stop.load(Ordering::Relaxed));
    send(job, &last);
}

/// Every position of the game from the one after `from` moves, searched `nodes` nodes
/// each, in order, within [`MAX_GRAPH_TIME`].
fn analyse_graph(job: &Job, from: usize, nodes: u64) {
    let deadline = Instant::now() + MAX_GRAPH_TIME;
    let mut game = match copy_game(&job.snapshot, from) {
        Ok(game) => game,
        Err(e) => return send(job, &json!({ "done": true, "error": e })),
    };
    let Some(complete) = with_computer(job, |computer| {
        graph_positions(job, game.as_mut(), computer, (from, nodes), deadline)
    }) else {
        return;
    };
    send(job, &json!({ "done": true, "complete": complete }));
}

/// Searches and sends each position of the graph in turn (see [`analyse_graph`]); `false`
/// when the deadline, a stop or a failed replay cut it short.
fn graph_positions(
    job: &Job,
    game: &mut dyn DynGame,
    computer: &mut Box<dyn Computer>,
    (from, nodes): (usize, u64),
    deadline: Instant,
) -> bool {
    let moves = &job.snapshot.moves;
    let mut complete = true;
    for ply in from..=moves.len() {
        let now = Instant::now();
        if job.stop.load(Ordering::Relaxed) || now >= deadline {
            complete = false;
            break;
        }
        let value = match game.outcome() {
            Some(outcome) => over_json(ply, outcome),
            None => {
                let limits = Limits {
                    nodes: Some(nodes),
                    time: Some(deadline - now),
                    stop: Some(Arc::clone(&job.stop)),
                    ..Limits::default()
                };
                match computer.search(&*game, &limits) {
                    Ok(report) => report_json(&*game, ply, &report),
                    Err(e) => json!({ "ply": ply, "error": bounded(&e.message) }),
                }
            }
        };
        send(job, &value);
        if ply < moves.len() {
            if let Err(e) = play_again(game, moves, ply) {
                send(job, &json!({ "ply": ply, "error": e }));
                complete = false;
                break;
            }
        }
    }
    complete
}

/// Runs `work` with a computer player from the shared pool for the job's game and gives
/// the player back; `None`, the stream ended with an error, when there is none.
fn with_computer<R>(job: &Job, work: impl FnOnce(&mut Box<dyn Computer>) -> R) -> Option<R> {
    let Snapshot {
        id, variant, rules, ..
    } = &job.snapshot;
    let pool = &job.state.pool;
    let Some(mut computer) = pool.take(variant, rules, id) else {
        let error = format!("{variant}: no computer player");
        send(job, &json!({ "done": true, "error": error }));
        return None;
    };
    let result = work(&mut computer);
    pool.give(variant, rules, id, computer);
    Some(result)
}
