//! The computer's moves: each search on a thread of its own (at most [`MAX_SEARCHES`]), the
//! game taken out of its entry meanwhile, so that the game's other requests are answered
//! at once (its state as last computed, `"thinking"` saying that the computer thinks; a
//! move or undo gets 409), with an engine from a pool shared by all the games (at most
//! [`super::MAX_ENGINES`] kept idle).

use super::lock;
use super::reply::{blocking, thinking_reply, Reply};
use super::snapshot::{copy_game, Snapshot};
use super::state::{state_body, state_reply};
use super::store::{Entry, Slot, State, Thinking};
use super::{DEFAULT_COMPUTER_TIME, MAX_COMPUTER_NODES, MAX_COMPUTER_TIME};
use super::{MAX_SEARCHES, QUESTION};
use crate::setup::bounded;
use crate::Report;
use chimera_core::DynGame;
use chimera_engine::Limits;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{oneshot, OwnedMutexGuard};

/// `POST /api/games/ID/computer`: `{"time_ms": 1 to 10000, "wait": true}`.
#[derive(serde::Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct ComputerRequest {
    time_ms: Option<u64>,
    /// Whether to answer when the computer has moved (the default), or at once with 202
    /// (the game's state then says `"thinking"` until the move is played).
    wait: Option<bool>,
}

/// Counts a running search; at most [`MAX_SEARCHES`] at once.
struct SearchSlot(Arc<State>);

impl SearchSlot {
    fn take(state: &Arc<State>) -> Option<SearchSlot> {
        let counter = &state.searches;
        let mut n = counter.load(Ordering::Relaxed);
        loop {
            if n >= MAX_SEARCHES {
                return None;
            }
            match counter.compare_exchange(n, n + 1, Ordering::AcqRel, Ordering::Relaxed) {
                Ok(_) => return Some(SearchSlot(Arc::clone(state))),
                Err(now) => n = now,
            }
        }
    }
}

impl Drop for SearchSlot {
    fn drop(&mut self) {
        self.0.searches.fetch_sub(1, Ordering::AcqRel);
    }
}

/// A search ready to run: the game taken out of its entry.
struct Job {
    slot: Slot,
    id: String,
    game: Box<dyn DynGame + Send>,
    limits: Limits,
    _counted: SearchSlot,
    restore: Restore,
}

/// Gives a game back to its entry if its search thread panics anywhere (in the engine, in
/// playing its move, in answering): the game is made again from its start and the moves
/// it had when the search began, and the entry no longer says the computer thinks (else
/// the game would answer 409 for ever).
struct Restore {
    slot: Slot,
    game: Snapshot,
    armed: bool,
}

impl Drop for Restore {
    fn drop(&mut self) {
        if !self.armed {
            return;
        }
        let mut entry = self.slot.blocking_lock();
        entry.thinking = None;
        let mut error = "internal error in the search (a bug: please report it)".to_string();
        if entry.game.is_none() {
            match copy_game(&self.game, self.game.moves.len()) {
                Ok(game) => entry.game = Some(game),
                Err(e) => error = e,
            }
            entry.listing = None;
        }
        entry.computer = Some(json!({ "error": error }));
    }
}

/// `POST /api/games/ID/computer`: starts the computer's search on the game; answers with
/// the game's state once the move is played (`{"computer": {"move", "score", "depth",
/// "nodes", "time_ms"}, …}`), or at once with 202 if the request says `"wait": false`.
pub(super) async fn computer(
    state: &Arc<State>,
    id: &str,
    request: ComputerRequest,
    brief: bool,
) -> Reply {
    let time = match computer_time(&request) {
        Ok(time) => time,
        Err(reply) => return reply,
    };
    let entry = match state.lock_game(id).await {
        Ok(entry) => entry,
        Err(reply) => return reply,
    };
    let state = Arc::clone(state);
    let (done, answer) = oneshot::channel();
    let started = blocking(move || match start(entry, &state, time) {
        Err(reply) => reply,
        Ok((job, mut entry)) => {
            let reply = state_reply(&mut entry, brief).unwrap_or_else(|e| e);
            drop(entry);
            // Shared, so that the game goes back to its entry if no thread starts.
            let job = Arc::new(Mutex::new(Some(job)));
            let theirs = Arc::clone(&job);
            let spawned = std::thread::Builder::new()
                .name("chimera-search".into())
                .spawn(move || {
                    if let Some(job) = lock(&theirs).take() {
                        let _ = done.send(run(job, brief));
                    }
                });
            match spawned {
                Ok(_) => Reply {
                    status: 202,
                    ..reply
                },
                Err(e) => {
                    if let Some(job) = lock(&job).take() {
                        let mut entry = job.slot.blocking_lock();
                        entry.game = Some(job.game);
                        entry.thinking = None;
                    }
                    Reply::error(503, format!("cannot start a search: {e}"))
                }
            }
        }
    })
    .await;
    if started.status != 202 || request.wait == Some(false) {
        return started;
    }
    answer
        .await
        .unwrap_or_else(|_| Reply::error(500, "internal error (a bug: please report it)"))
}

/// Takes the game out of its entry for a search, or answers why not.
fn start(
    mut entry: OwnedMutexGuard<Entry>,
    state: &Arc<State>,
    time: Duration,
) -> Result<(Job, OwnedMutexGuard<Entry>), Reply> {
    if entry.thinking.is_some() {
        return Err(thinking_reply());
    }
    // The states the game's other requests get while the computer thinks.
    let states = [
        state_body(&mut entry, false)?,
        state_body(&mut entry, true)?,
    ];
    let counted = SearchSlot::take(state).ok_or_else(|| {
        Reply::error(
            429,
            format!("the computer is already thinking in {MAX_SEARCHES} games: try again shortly"),
        )
    })?;
    entry.thaw()?;
    let game = entry.game.take().ok_or_else(thinking_reply)?;
    let cancel = Arc::new(AtomicBool::new(false));
    entry.thinking = Some(Thinking {
        cancel: Arc::clone(&cancel),
        since: Instant::now(),
        time_ms: time.as_millis() as u64,
        state: states,
    });
    let limits = Limits {
        time: Some(time),
        nodes: Some(MAX_COMPUTER_NODES),
        stop: Some(cancel),
        ..Limits::default()
    };
    let slot = Arc::clone(OwnedMutexGuard::mutex(&entry));
    let restore = Restore {
        slot: Arc::clone(&slot),
        game: Snapshot {
            id: entry.id.clone(),
            variant: game.variant(),
            rules: game.rules_name(),
            start: entry.start_position.clone(),
            moves: game.moves_played(),
        },
        armed: true,
    };
    let job = Job {
        slot,
        id: entry.id.clone(),
        game,
        limits,
        _counted: counted,
        restore,
    };
    Ok((job, entry))
}

/// Runs a search on its own thread, then puts the game back with the computer's move
/// played (unless it was stopped), and answers with the game's state.
fn run(job: Job, brief: bool) -> Reply {
    let Job {
        slot,
        id,
        mut game,
        limits,
        _counted,
        mut restore,
    } = job;
    let pool = &_counted.0.pool;
    let (variant, rules) = (game.variant(), game.rules_name());
    let started = Instant::now();
    let found = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let mut computer = pool
            .take(variant, rules, &id)
            .ok_or_else(|| format!("{variant}: no computer player"))?;
        let report = computer
            .search(game.as_ref(), &limits)
            .map_err(|f| bounded(&f.message));
        pool.give(variant, rules, &id, computer);
        report
    }))
    .unwrap_or_else(|_| Err("internal error in the search (a bug: please report it)".into()));
    let cancelled = limits
        .stop
        .as_ref()
        .is_some_and(|s| s.load(Ordering::Relaxed));
    let mut entry = slot.blocking_lock();
    entry.thinking = None;
    let side = game.turn();
    let outcome = match found {
        Err(message) => Err(Reply::error(422, message)),
        Ok(_) if cancelled => Err(Reply::error(409, "the computer was stopped")),
        Ok(report) => play_found(game.as_mut(), &report, started.elapsed()),
    };
    entry.game = Some(game);
    let reply = match outcome {
        Err(reply) => {
            entry.computer = Some(json!({ "error": error_text(&reply) }));
            reply
        }
        Ok(info) => {
            entry.played(side);
            entry.computer = Some(info);
            state_reply(&mut entry, brief).unwrap_or_else(|e| e)
        }
    };
    restore.armed = false;
    reply
}

/// Plays the move a search found: its report as JSON (`{"move", "score", "depth", "nodes",
/// "time_ms", "pv"}`), or the 500 answer if the game refuses it.
fn play_found(game: &mut dyn DynGame, report: &Report, elapsed: Duration) -> Result<Value, Reply> {
    // A panic here, as a bug in a variant crate would be, for the test that the game is
    // given back; only with this variable set so.
    if std::env::var_os("CHIMERA_SERVE_PANIC_TEST").is_some_and(|v| v == "search") {
        panic!("CHIMERA_SERVE_PANIC_TEST=search");
    }
    // The engine's move, proven legal by its search; played within a budget all the same
    // (and kept if the budget leaves it undecided).
    if let Err(e) = game.play_within(&report.best_move, &[], &mut QUESTION.budget(), true) {
        return Err(Reply::error(
            500,
            format!(
                "the computer's move `{}` was refused: {e}",
                report.best_move
            ),
        ));
    }
    Ok(json!({
        "move": report.best_move,
        "score": report.score.to_string(),
        "depth": report.depth,
        "nodes": report.nodes,
        "time_ms": elapsed.as_millis() as u64,
        "pv": report.pv,
    }))
}

/// The message of an error answer.
fn error_text(reply: &Reply) -> String {
    serde_json::from_str::<Value>(&reply.body)
        .ok()
        .and_then(|v| v["error"].as_str().map(str::to_string))
        .unwrap_or_default()
}

/// `POST /api/games/ID/stop`: stops the computer's search in the game (its move is not
/// played); `{"stopped": whether a search was running}`.
pub(super) async fn stop(state: &State, id: &str) -> Reply {
    match state.lock_game(id).await {
        Err(reply) => reply,
        Ok(entry) => {
            let thinking = entry.thinking.as_ref();
            if let Some(t) = thinking {
                t.cancel.store(true, Ordering::Relaxed);
            }
            Reply::json(200, &json!({ "stopped": thinking.is_some() }))
        }
    }
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
