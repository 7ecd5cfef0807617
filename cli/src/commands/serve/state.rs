//! A game's state as the page reads it (full, or brief), made once per position, with the
//! legal moves and outcome of the positions last asked about.

use super::lock;
use super::reply::{thinking_reply, Reply};
use super::store::{Clickable, Entry, Heavy, Listing};
use super::{MAX_LISTINGS, QUESTION};
use crate::commands::{game_json, Survey};
use chimera_core::DynGame;
use serde_json::{json, Value};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

/// The game, unless the computer thinks on it.
pub(super) fn game_of(entry: &mut Entry) -> Result<&mut Box<dyn DynGame + Send>, Reply> {
    entry.thaw()?;
    entry.game.as_mut().ok_or_else(thinking_reply)
}

/// What is known of the current position (made empty at the first question).
pub(super) fn listing_of(entry: &mut Entry) -> Arc<Listing> {
    Arc::clone(entry.listing.get_or_insert_with(|| {
        Arc::new(Listing {
            heavy: Mutex::new(None),
            state: Mutex::new([None, None]),
        })
    }))
}

/// Runs `f` on the legal moves of `game`'s current position and its outcome (with the
/// moves' cells if `cells`), computing what is not known. The last [`MAX_LISTINGS`]
/// positions asked about keep theirs; an older one forgets them.
pub(super) fn with_heavy<T>(
    listing: &Arc<Listing>,
    game: &dyn DynGame,
    cells: bool,
    f: impl FnOnce(&Heavy) -> T,
) -> T {
    let mut heavy = lock(&listing.heavy);
    let fresh = heavy.is_none();
    let known = heavy.get_or_insert_with(|| Heavy {
        survey: Survey::of(game, QUESTION),
        moves: None,
    });
    if cells && known.moves.is_none() {
        known.moves = Some(Clickable::new(game, &known.survey.listing.legal));
    }
    let out = f(known);
    drop(heavy);
    if fresh {
        static RECENT: Mutex<VecDeque<Arc<Listing>>> = Mutex::new(VecDeque::new());
        let mut recent = lock(&RECENT);
        recent.push_back(Arc::clone(listing));
        while recent.len() > MAX_LISTINGS {
            if let Some(old) = recent.pop_front() {
                *lock(&old.heavy) = None;
                *lock(&old.state) = [None, None];
            }
        }
    }
    out
}

/// The state as JSON (full, or brief), computed once per position.
pub(super) fn state_body(entry: &mut Entry, brief: bool) -> Result<Arc<String>, Reply> {
    let listing = listing_of(entry);
    let which = usize::from(brief);
    if let Some(body) = &lock(&listing.state)[which] {
        return Ok(Arc::clone(body));
    }
    entry.thaw()?;
    let Some(game) = entry.game.as_deref() else {
        // The computer thinks: the state as it was when it began.
        return entry
            .thinking
            .as_ref()
            .map(|t| Arc::clone(&t.state[which]))
            .ok_or_else(thinking_reply);
    };
    let mut map = serde_json::Map::new();
    map.insert("id".into(), json!(entry.id));
    with_heavy(&listing, game, !brief, |heavy| {
        map.extend(game_json(game, &heavy.survey));
        if !brief {
            map.remove("legal_moves");
            // The page asks for the moves click by click (`…/moves?clicks=`): the state
            // names only the first clicks, and the moves made by no click.
            let (mut starts, mut actions) = (Vec::new(), Vec::new());
            if let Some(clickable) = &heavy.moves {
                for m in &clickable.moves {
                    match m.click(0) {
                        Some(first) => starts.push(clickable.names(first)),
                        None => actions.push(&*m.text),
                    }
                }
            }
            starts.sort();
            starts.dedup();
            map.insert("starts".into(), json!(starts));
            map.insert("actions".into(), json!(actions));
        }
    });
    let turn = game.turn();
    let in_turn = entry.sides.iter().rev().take_while(|&&s| s == turn).count();
    map.insert("turn_moves".into(), json!(in_turn));
    let sides: Vec<String> = entry.sides.iter().map(|s| s.to_string()).collect();
    map.insert("sides".into(), json!(sides));
    if !brief {
        map.insert("start_position".into(), json!(entry.start_position));
        // The numbered start (Turtle Shell's option shuffle) the game began from, if any.
        let start = entry
            .start_position
            .as_deref()
            .and_then(|p| p.trim().strip_prefix("start "))
            .and_then(|n| n.trim().parse::<u32>().ok());
        map.insert("start".into(), json!(start));
        map.insert("notation_help".into(), json!(game.notation_help()));
        map.insert("svg".into(), json!(game.svg()));
    }
    let body = Arc::new(Value::Object(map).to_string());
    lock(&listing.state)[which] = Some(Arc::clone(&body));
    Ok(body)
}

/// Whether the state (full, or brief) of the current position is known already.
pub(super) fn state_known(entry: &Entry, brief: bool) -> bool {
    entry
        .listing
        .as_ref()
        .is_some_and(|l| lock(&l.state)[usize::from(brief)].is_some())
        || entry.thinking.is_some()
}

/// The game's state (see README): [`game_json`] with the first clicks of the legal moves,
/// the SVG picture, the moves made in the current turn, the game's id, and whether the
/// computer thinks (`thinking`) and what it last found (`computer`). The brief state
/// (`?brief`) has the legal moves as texts (`legal_moves`) and no picture.
pub(super) fn state_reply(entry: &mut Entry, brief: bool) -> Result<Reply, Reply> {
    let body = state_body(entry, brief)?;
    let thinking = entry.thinking.as_ref().map(|t| {
        json!({
            "elapsed_ms": t.since.elapsed().as_millis() as u64,
            "time_ms": t.time_ms,
        })
    });
    if thinking.is_none() && entry.computer.is_none() {
        return Ok(Reply::shared(200, body));
    }
    let extra = json!({ "thinking": thinking, "computer": entry.computer });
    let extra = extra.to_string();
    let body = format!("{},{}", &extra[..extra.len() - 1], &body[1..]);
    Ok(Reply::shared(200, Arc::new(body)))
}
