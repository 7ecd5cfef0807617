//! `POST /api/games`: a new game, from a position and with moves replayed, each proven
//! legal within a budget; the side of each move noted as it is played (one replay).

use super::reply::{parse, Reply};
use super::state::state_reply;
use super::store::{Entry, State};
use super::{MAX_MOVES, MAX_REPLAY, REPLAY_QUESTION};
use crate::registry;
use crate::setup::{bounded, replay, StopKind};
use crate::Limit;
use chimera_core::record::read_record;
use chimera_core::{
    excerpt, Budget, Color, DynGame, MoveListing, Outcome, PlayError, Status, Verdict,
};
use std::any::Any;
use std::time::Instant;

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateRequest {
    variant: String,
    rules: Option<String>,
    position: Option<String>,
    moves: Option<String>,
    /// The numbered start of a rule set with several (Turtle Shell's option `shuffle`:
    /// 0-89), the same as the position `start N`.
    #[serde(default, deserialize_with = "start_number")]
    start: Option<u32>,
}

/// Reads `start`: a whole number from 0 up (or null), the error naming the field.
fn start_number<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    let value = <Option<serde_json::Value> as serde::Deserialize>::deserialize(d)?;
    match value {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(v) => v
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .map(Some)
            .ok_or_else(|| {
                serde::de::Error::custom(format!(
                    "start: give a start number, a whole number from 0 up, not {}",
                    excerpt(&v.to_string())
                ))
            }),
    }
}

/// Makes the game a request asks for and keeps it: 201 with its state, or the 4xx answer
/// that says what is wrong.
pub(super) fn create(state: &State, body: &[u8], brief: bool) -> Reply {
    let request = match parse::<CreateRequest>(body) {
        Ok(r) => r,
        Err(reply) => return reply,
    };
    let variant = match registry::lookup(&request.variant) {
        Ok(variant) => variant,
        Err(unknown) => return Reply::error(422, unknown),
    };
    let position = match start_position(&request, variant.name) {
        Ok(position) => position,
        Err(reply) => return reply,
    };
    let position = position.as_deref();
    let mut game = match (variant.new_game)(request.rules.as_deref(), position) {
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
        let mut recording = Recording {
            game: game.as_mut(),
            sides: &mut sides,
        };
        if let Err(reply) = replay_moves(&mut recording, text, deadline) {
            return reply;
        }
    }
    let mut entry = Entry {
        id: state.new_id(),
        game: Some(game),
        frozen: None,
        start_position: position.map(str::to_string),
        sides,
        listing: None,
        thinking: None,
        computer: None,
        analyses: [None, None],
    };
    let mut reply = state_reply(&mut entry, brief).unwrap_or_else(|e| e);
    reply.status = 201;
    state.keep(entry);
    reply
}

/// The position text a new game starts from: the request's `position`, or `start N` for
/// its `start` (checked against the rule set's numbered starts), or, for a rule set with
/// numbered starts and neither nor any moves, one drawn at random (so that the game's
/// record names it); `None`: the rule set's start. A `start` the rule set does not have
/// is answered 422.
fn start_position(request: &CreateRequest, variant: &str) -> Result<Option<String>, Reply> {
    let position = request
        .position
        .as_deref()
        .map(str::trim)
        .filter(|p| !p.is_empty());
    let starts = registry::numbered_starts(variant, request.rules.as_deref());
    let rules = request.rules.as_deref().unwrap_or("standard");
    match (request.start, position, starts) {
        (Some(_), Some(_), _) => Err(Reply::error(
            422,
            "start: give a start number or a position, not both",
        )),
        (Some(n), None, None) => Err(Reply::error(
            422,
            format!(
                "start {n}: the rule set `{}` of {variant} has one start (numbered starts \
                 come with Turtle Shell's option shuffle)",
                excerpt(rules)
            ),
        )),
        (Some(n), None, Some(count)) if n >= count => Err(Reply::error(
            422,
            format!("start {n}: starts are numbered 0 to {}", count - 1),
        )),
        (Some(n), None, Some(_)) => Ok(Some(format!("start {n}"))),
        (None, Some(p), _) => Ok(Some(p.to_string())),
        (None, None, Some(count)) if no_moves(request) => {
            Ok(Some(format!("start {}", random_below(count))))
        }
        (None, None, _) => Ok(None),
    }
}

/// Whether the request replays no moves.
fn no_moves(request: &CreateRequest) -> bool {
    request.moves.as_deref().is_none_or(|m| m.trim().is_empty())
}

/// A number below `n` (at least 1), drawn from the clock and a counter.
fn random_below(n: u32) -> u32 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let clock = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let seed = clock ^ COUNTER.fetch_add(0x9E37_79B9_7F4A_7C15, Ordering::Relaxed);
    let (_, random) = chimera_core::zobrist::splitmix64_next(seed);
    (random % u64::from(n.max(1))) as u32
}

/// Plays a new game's `moves` (a record's text), each proven within [`REPLAY_QUESTION`]
/// and all by `deadline`, or answers 422 saying which move could not be played, or that
/// there are too many or they took too long.
fn replay_moves(game: &mut dyn DynGame, moves: &str, deadline: Instant) -> Result<(), Reply> {
    let list = read_record(moves)
        .map_err(|e| Reply::error(422, format!("moves: {}", bounded(&e.reason))))?;
    if list.len() > MAX_MOVES {
        return Err(Reply::error(
            422,
            format!("moves: at most {MAX_MOVES} moves, not {}", list.len()),
        ));
    }
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
                list.get(stop.index)
                    .map(|m| excerpt(&m.text).to_string())
                    .unwrap_or_default(),
                bounded(&reason)
            ),
        ));
    }
    if game.moves_played().len() < list.len() {
        return Err(Reply::error(
            422,
            format!(
                "moves: replaying them took over {} s (stopped at move {})",
                MAX_REPLAY.as_secs(),
                game.moves_played().len() + 1
            ),
        ));
    }
    Ok(())
}

/// A game that notes the side of each move played (and forgets it when the move is taken
/// back), so that a replay tells who made each move without playing them twice.
struct Recording<'a> {
    game: &'a mut dyn DynGame,
    sides: &'a mut Vec<Color>,
}

impl DynGame for Recording<'_> {
    fn as_any(&self) -> &dyn Any {
        self.game.as_any()
    }
    fn variant(&self) -> &'static str {
        self.game.variant()
    }
    fn rules_name(&self) -> &'static str {
        self.game.rules_name()
    }
    fn position_text(&self) -> String {
        self.game.position_text()
    }
    fn turn(&self) -> Color {
        self.game.turn()
    }
    fn legal_moves(&self) -> Vec<String> {
        self.game.legal_moves()
    }
    fn play(&mut self, text: &str) -> Result<String, PlayError> {
        let side = self.game.turn();
        let played = self.game.play(text)?;
        self.sides.push(side);
        Ok(played)
    }
    fn undo(&mut self) -> Option<String> {
        let undone = self.game.undo()?;
        self.sides.pop();
        Some(undone)
    }
    fn legal_moves_within(&self, budget: &mut Budget) -> MoveListing {
        self.game.legal_moves_within(budget)
    }
    fn status(&self, budget: &mut Budget) -> Status {
        self.game.status(budget)
    }
    fn play_within(
        &mut self,
        text: &str,
        following: &[&str],
        budget: &mut Budget,
        allow_undecided: bool,
    ) -> Result<(String, Verdict), PlayError> {
        let side = self.game.turn();
        let played = self
            .game
            .play_within(text, following, budget, allow_undecided)?;
        self.sides.push(side);
        Ok(played)
    }
    fn moves_played(&self) -> Vec<String> {
        self.game.moves_played()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }
    fn text_diagram(&self) -> String {
        self.game.text_diagram()
    }
    fn svg(&self) -> String {
        self.game.svg()
    }
    fn perft(&mut self, depth: u32) -> u64 {
        self.game.perft(depth)
    }
    fn perft_divide(
        &mut self,
        depth: u32,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Vec<(String, u64)> {
        self.game.perft_divide(depth, progress)
    }
}
