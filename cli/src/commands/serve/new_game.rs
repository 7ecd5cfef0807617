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
    let position = request
        .position
        .as_deref()
        .map(str::trim)
        .filter(|p| !p.is_empty());
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
