//! One module per command, and what they share.

pub mod bestmove;
pub mod engine;
pub mod match_report;
pub mod matches;
pub mod moves;
pub mod perft;
pub mod play;
pub mod record;
pub mod selfplay;
pub mod serve;
pub mod show;
pub mod tune;
pub mod validate;
pub mod variants;

use crate::Limit;
use chimera_core::{Budget, DynGame, MoveListing, Outcome, Status};
use serde_json::{json, Value};

/// An outcome as JSON: `null`, or `{"result": "win", "winner": "white", "reason":
/// "end-zone", "score": "1-0", "text": "…"}`.
pub fn outcome_json(outcome: Option<Outcome>) -> Value {
    match outcome {
        None => Value::Null,
        Some(outcome) => {
            let mut value = serde_json::to_value(outcome).unwrap_or(Value::Null);
            if let Value::Object(map) = &mut value {
                map.insert("score".into(), json!(outcome.score()));
                map.insert("text".into(), json!(outcome.to_string()));
            }
            value
        }
    }
}

/// What a command knows about the current position within its budget: the legal moves
/// (proven, and those the budget left undecided) and whether the game is over.
pub struct Survey {
    /// The moves, as far as the budget decided them.
    pub listing: MoveListing,
    /// Over, going on, or undecided.
    pub status: Status,
    /// The budget each question had.
    pub limit: Limit,
}

impl Survey {
    /// Lists the moves within `limit`, then settles the status: a proven legal move shows
    /// the game is not over for lack of moves, so only the cheap rules (a position's own
    /// result, repetition) are then asked; otherwise the status gets a budget of its own
    /// (so a survey spends at most twice `limit`). The game-over question can be cheaper
    /// than deciding each move (Tiling Rider asks it of its rescue planner as one
    /// question), so it is asked even when the listing left moves undecided; if it proves
    /// the game over, no move can be played and none is left undecided.
    pub fn of(game: &dyn DynGame, limit: Limit) -> Survey {
        let mut listing = game.legal_moves_within(&mut limit.budget());
        let status = if listing.legal.is_empty() {
            let status = game.status(&mut limit.budget());
            if matches!(status, Status::Over(_)) {
                listing.undecided.clear();
            }
            status
        } else {
            match game.status(&mut Budget::nodes(0)) {
                Status::Over(outcome) => Status::Over(outcome),
                _ => Status::Ongoing,
            }
        };
        Survey {
            listing,
            status,
            limit,
        }
    }

    /// The outcome, if the game is proven over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.status.outcome()
    }

    /// `ongoing`, `over` or `undecided`.
    pub fn status_name(&self) -> &'static str {
        match self.status {
            Status::Ongoing => "ongoing",
            Status::Over(_) => "over",
            Status::Undecided => "undecided",
        }
    }

    /// Whether every question was answered.
    pub fn is_complete(&self) -> bool {
        self.listing.is_complete() && self.status != Status::Undecided
    }

    /// " (and 5 undecided within the 800000-node budget)", or nothing.
    pub fn undecided_note(&self) -> String {
        match self.listing.undecided.len() {
            0 => String::new(),
            n => format!(" (and {n} undecided within the {} budget)", self.limit),
        }
    }

    /// The one-line status under a diagram (which says whose move it is): the outcome, or
    /// the number of legal moves, saying what the budget left undecided. History counts
    /// here (Ko), unlike in the diagram.
    pub fn status_line(&self) -> String {
        let legal = self.listing.legal.len();
        match self.status {
            Status::Over(outcome) => format!("Outcome: {outcome}"),
            Status::Ongoing => format!("Legal moves: {legal}{}", self.undecided_note()),
            Status::Undecided if self.listing.is_complete() => format!(
                "Legal moves: none; the outcome was not decided within the {} budget",
                self.limit
            ),
            Status::Undecided => format!(
                "Legal moves: {legal} proven{}; outcome undecided",
                self.undecided_note()
            ),
        }
    }
}

/// The state of a game as JSON: variant, rules, position, side to move, moves played,
/// legal moves (and those the budget left undecided), outcome.
pub fn game_json(game: &dyn DynGame, survey: &Survey) -> serde_json::Map<String, Value> {
    let legal = &survey.listing.legal;
    let mut map = serde_json::Map::new();
    map.insert("variant".into(), json!(game.variant()));
    map.insert("rules".into(), json!(game.rules_name()));
    map.insert("position".into(), json!(game.position_text()));
    map.insert("turn".into(), json!(game.turn().to_string()));
    map.insert("moves_played".into(), json!(game.moves_played()));
    map.insert("legal_move_count".into(), json!(legal.len()));
    map.insert("legal_moves".into(), json!(legal));
    map.insert("undecided".into(), json!(survey.listing.undecided));
    map.insert("complete".into(), json!(survey.is_complete()));
    map.insert("status".into(), json!(survey.status_name()));
    map.insert("outcome".into(), outcome_json(survey.outcome()));
    map.insert("budget".into(), json!(survey.limit.arg()));
    map
}

/// Pretty JSON text of a value, with a final newline.
pub fn to_text(value: &Value) -> String {
    let mut text = serde_json::to_string_pretty(value).unwrap_or_else(|_| "null".into());
    text.push('\n');
    text
}

/// `white` → `White`.
pub fn capitalise(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
