//! The routes of the page and the JSON API, and their answers: the state of a game, its
//! legal moves click by click, moves, undo, records.

use super::reply::{blocking, parse, thinking_reply, Reply};
use super::state::{game_of, listing_of, state_known, state_reply, with_heavy};
use super::store::{Clickable, Entry, LegalMove, State};
use super::{analysis, new_game, search, QUESTION};
use crate::commands::record;
use crate::registry;
use crate::setup::bounded;
use crate::setup::FOLLOWING;
use chimera_core::{excerpt, Budget, Verdict};
use serde_json::{json, Value};
use std::sync::{Arc, OnceLock};

use tokio::sync::OwnedMutexGuard;

/// The page and its assets, files of the repository embedded at compile time.
const INDEX_HTML: &str = include_str!("../../../assets/index.html");
const APP_JS: &str = include_str!("../../../assets/app.js");
const APP_CSS: &str = include_str!("../../../assets/app.css");
const FAVICON: &str = include_str!("../../../assets/favicon.svg");

/// The most clicks a question about the moves may name, and the longest cell name.
const MAX_CLICKS: usize = 32;
const MAX_CELL: usize = 16;

/// Answers one request (its Host, Origin and body already checked).
pub(super) async fn route(
    state: Arc<State>,
    method: String,
    path: String,
    query: String,
    body: Vec<u8>,
) -> Reply {
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    let brief = query.split('&').any(|q| q == "brief" || q == "brief=1");
    match (method.as_str(), parts.as_slice()) {
        ("GET", [""] | ["index.html"]) => Reply::text("text/html; charset=utf-8", INDEX_HTML),
        ("GET", ["app.js"]) => Reply::text("text/javascript; charset=utf-8", APP_JS),
        ("GET", ["app.css"]) => Reply::text("text/css; charset=utf-8", APP_CSS),
        ("GET", ["favicon.svg" | "favicon.ico"]) => Reply::text("image/svg+xml", FAVICON),
        ("GET", ["api", "variants"]) => variants(),
        // A panic on purpose, as a bug in a variant crate would be, for the test that the
        // server survives it (in the release build too); only with this variable set.
        ("GET", ["api", "panic"]) if std::env::var_os("CHIMERA_SERVE_PANIC_TEST").is_some() => {
            blocking(|| panic!("CHIMERA_SERVE_PANIC_TEST")).await
        }
        ("POST", ["api", "games"]) => {
            blocking(move || new_game::create(&state, &body, brief)).await
        }
        ("GET", ["api", "games", id]) => game_state(&state, id, brief).await,
        ("GET", ["api", "games", id, "moves"]) => {
            let clicks = clicks(&query);
            with_game(&state, id, move |entry| moves_reply(entry, &clicks?)).await
        }
        ("GET", ["api", "games", id, "at"]) => {
            with_game(&state, id, move |entry| at_ply(entry, &query)).await
        }
        ("POST", ["api", "games", id, "move"]) => match parse::<MoveRequest>(&body) {
            Ok(request) => with_game(&state, id, move |e| play(e, &request.r#move, brief)).await,
            Err(reply) => reply,
        },
        ("POST", ["api", "games", id, "undo"]) => {
            with_game(&state, id, move |entry| undo(entry, brief)).await
        }
        ("POST", ["api", "games", id, "computer"]) => match parse(&body) {
            Ok(request) => search::computer(&state, id, request, brief).await,
            Err(reply) => reply,
        },
        ("POST", ["api", "games", id, "stop"]) => search::stop(&state, id).await,
        ("GET", ["api", "games", id, "record"]) => with_game(&state, id, record_reply).await,
        ("GET", ["api", "games", id, "analysis"]) => analysis::position(&state, id, &query).await,
        ("GET", ["api", "games", id, "graph"]) => analysis::graph(&state, id, &query).await,
        (_, parts) => no_route(&method, &path, parts),
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
            | ["api", "games", _, "move" | "undo" | "computer" | "stop" | "record" | "moves" | "at" | "analysis"
            | "graph"],
        ) => Reply::error(
            405,
            format!("method {} not allowed for /{path}", excerpt(method)),
        ),
        (_, ["api", ..]) => Reply::error(404, format!("no such API endpoint: {method} /{path}")),
        ("GET", _) => Reply::error(404, format!("no such page: /{path}")),
        _ => Reply::error(405, format!("method {} not allowed here", excerpt(method))),
    }
}

/// Locks game `id` (waiting without a thread while another request works on it), then
/// runs `work` on it on the blocking pool.
async fn with_game(
    state: &State,
    id: &str,
    work: impl FnOnce(&mut Entry) -> Result<Reply, Reply> + Send + 'static,
) -> Reply {
    match state.lock_game(id).await {
        Ok(mut entry) => blocking(move || work(&mut entry).unwrap_or_else(|e| e)).await,
        Err(reply) => reply,
    }
}

/// `GET /api/games/ID`: the state, answered at once when it is known (as while the
/// computer thinks), else computed on the blocking pool.
async fn game_state(state: &State, id: &str, brief: bool) -> Reply {
    let entry: OwnedMutexGuard<Entry> = match state.lock_game(id).await {
        Ok(entry) => entry,
        Err(reply) => return reply,
    };
    if state_known(&entry, brief) {
        let mut entry = entry;
        return state_reply(&mut entry, brief).unwrap_or_else(|e| e);
    }
    let mut entry = entry;
    blocking(move || state_reply(&mut entry, brief).unwrap_or_else(|e| e)).await
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    r#move: String,
}

/// `GET /api/variants`, computed once.
fn variants() -> Reply {
    static ANSWER: OnceLock<Arc<String>> = OnceLock::new();
    let body = ANSWER.get_or_init(|| {
        let list: Vec<Value> = registry::variants()
            .iter()
            .map(|v| {
                let help = (v.new_game)(None, None)
                    .map(|g| g.notation_help())
                    .unwrap_or("");
                // The rule sets with numbered starts, and how many (0 to count - 1).
                let starts: serde_json::Map<String, Value> = v
                    .rule_sets
                    .iter()
                    .filter_map(|r| {
                        registry::numbered_starts(v.name, Some(r))
                            .map(|n| (r.to_string(), json!(n)))
                    })
                    .collect();
                json!({
                    "name": v.name,
                    "about": v.about,
                    "rule_sets": v.rule_sets,
                    "starts": starts,
                    "notation_help": help,
                })
            })
            .collect();
        Arc::new(json!({ "variants": list }).to_string())
    });
    Reply::shared(200, Arc::clone(body))
}

/// The cells clicked so far, from `clicks=A,B` (at most [`MAX_CLICKS`]).
fn clicks(query: &str) -> Result<Vec<String>, Reply> {
    let value = query
        .split('&')
        .find_map(|q| q.strip_prefix("clicks="))
        .unwrap_or("");
    // The page escapes each cell (`encodeURIComponent`): a hand's `W:P@` is `W%3AP%40`.
    let value = percent_decoded(value).ok_or_else(|| {
        Reply::error(
            400,
            format!(
                "clicks: `{}` is not a percent-encoded UTF-8 text",
                excerpt(value)
            ),
        )
    })?;
    let clicks: Vec<String> = value
        .split(',')
        .filter(|c| !c.is_empty())
        .map(str::to_string)
        .collect();
    if clicks.len() > MAX_CLICKS || clicks.iter().any(|c| c.len() > MAX_CELL) {
        return Err(Reply::error(
            400,
            format!("clicks: at most {MAX_CLICKS} cells of at most {MAX_CELL} characters"),
        ));
    }
    Ok(clicks)
}

/// `text` with each `%XX` replaced by its byte; `None` for a `%` not followed by two hex
/// digits, or bytes that are not UTF-8.
fn percent_decoded(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes.get(i + 1..i + 3)?;
            if !hex.iter().all(u8::is_ascii_hexdigit) {
                return None;
            }
            out.push(u8::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// `GET /api/games/ID/moves?clicks=A,B`: the legal moves that start with these clicks,
/// grouped by the next click: `{"clicks": [...], "complete": [moves made by these clicks],
/// "next": [{"cells": [a click's cells], "moves": [moves it completes], "further": moves
/// it leads on to}]}`, each move `{"text", "also"}` (`also`: the other cells it changes).
fn moves_reply(entry: &mut Entry, clicks: &[String]) -> Result<Reply, Reply> {
    let listing = listing_of(entry);
    entry.thaw()?;
    let game = entry.game.as_deref().ok_or_else(thinking_reply)?;
    Ok(with_heavy(&listing, game, true, |heavy| {
        match &heavy.moves {
            Some(clickable) => click_options(clickable, clicks),
            None => click_options(&Clickable::new(game, &[]), clicks),
        }
    }))
}

/// The answer of [`moves_reply`] from the position's legal moves.
fn click_options(all: &Clickable, clicks: &[String]) -> Reply {
    let n = clicks.len();
    // A cell no move has: no move matches (u32::MAX is no cell's index).
    let wanted: Vec<u32> = clicks
        .iter()
        .map(|c| all.index(c).unwrap_or(u32::MAX))
        .collect();
    let matching = all.moves.iter().filter(|m| {
        m.clicks() >= n
            && wanted
                .iter()
                .enumerate()
                .all(|(i, c)| m.click(i).is_some_and(|group| group.contains(c)))
    });
    let described = |m: &LegalMove| json!({ "text": m.text, "also": all.names(&m.also) });
    let mut complete = Vec::new();
    let mut next: Vec<(&[u32], Vec<Value>, usize)> = Vec::new();
    for m in matching {
        let Some(group) = m.click(n) else {
            if n > 0 {
                complete.push(described(m));
            }
            continue;
        };
        let at = match next.iter().position(|(g, _, _)| *g == group) {
            Some(at) => at,
            None => {
                next.push((group, Vec::new(), 0));
                next.len() - 1
            }
        };
        if m.clicks() == n + 1 {
            next[at].1.push(described(m));
        } else {
            next[at].2 += 1;
        }
    }
    let next: Vec<Value> = next
        .into_iter()
        .map(|(cells, moves, further)| {
            json!({ "cells": all.names(cells), "moves": moves, "further": further })
        })
        .collect();
    Reply::json(
        200,
        &json!({ "clicks": clicks, "complete": complete, "next": next }),
    )
}

/// `POST /api/games/ID/move`.
fn play(entry: &mut Entry, text: &str, brief: bool) -> Result<Reply, Reply> {
    let game = game_of(entry)?;
    let side = game.turn();
    match game.play_within(text, &[], &mut QUESTION.budget(), false) {
        Ok((_, Verdict::Yes)) => {}
        Ok(_) => {
            // Not proven legal: taken back (play_within does not play it without
            // allow_undecided, but be sure).
            game.undo();
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
    state_reply(entry, brief)
}

/// `POST /api/games/ID/undo`.
fn undo(entry: &mut Entry, brief: bool) -> Result<Reply, Reply> {
    if game_of(entry)?.undo().is_none() {
        return Err(Reply::error(422, "no move to take back"));
    }
    entry.sides.pop();
    entry.listing = None;
    entry.computer = None;
    state_reply(entry, brief)
}

/// The game's record, as a text file to download.
fn record_reply(entry: &mut Entry) -> Result<Reply, Reply> {
    let start = entry.start_position.clone();
    let game = game_of(entry)?;
    Ok(Reply::text(
        "text/plain; charset=utf-8",
        record::write_by(game.as_ref(), start.as_deref(), QUESTION, "chimera serve"),
    ))
}

/// `GET /api/games/ID/at?ply=N`: the game as it was after its first `N` moves, to look at
/// (`{"ply", "position", "turn", "svg"}`); the game itself is unchanged (its later moves
/// are taken back, the picture drawn, and they are played again, each already proven).
fn at_ply(entry: &mut Entry, query: &str) -> Result<Reply, Reply> {
    let ply = query
        .split('&')
        .find_map(|q| q.strip_prefix("ply="))
        .and_then(|n| n.parse::<usize>().ok())
        .ok_or_else(|| Reply::error(400, "ply: give the number of moves, ply=N"))?;
    let game = game_of(entry)?;
    let played = game.moves_played();
    if ply > played.len() {
        return Err(Reply::error(
            422,
            format!("ply {ply}: the game has {} moves", played.len()),
        ));
    }
    for _ in ply..played.len() {
        game.undo();
    }
    let view = json!({
        "ply": ply,
        "position": game.position_text(),
        "turn": game.turn().to_string(),
        "svg": game.svg(),
    });
    for (i, text) in played.iter().enumerate().skip(ply) {
        let following: Vec<&str> = played[i + 1..played.len().min(i + 1 + FOLLOWING)]
            .iter()
            .map(String::as_str)
            .collect();
        // Proven when it was played: no budget is needed to play it again.
        if let Err(e) = game.play_within(text, &following, &mut Budget::nodes(0), true) {
            return Err(Reply::error(
                500,
                format!("move {}: {e} (a bug: please report it)", i + 1),
            ));
        }
    }
    Ok(Reply::json(200, &view))
}
