//! One module per command, and what they share.

pub mod moves;
pub mod perft;
pub mod play;
pub mod show;
pub mod validate;
pub mod variants;

use chimera_core::{DynGame, Outcome};
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

/// The state of a game as JSON: variant, rules, position, side to move, moves played,
/// legal moves, outcome.
pub fn game_json(game: &dyn DynGame) -> serde_json::Map<String, Value> {
    let legal = game.legal_moves();
    let mut map = serde_json::Map::new();
    map.insert("variant".into(), json!(game.variant()));
    map.insert("rules".into(), json!(game.rules_name()));
    map.insert("position".into(), json!(game.position_text()));
    map.insert("turn".into(), json!(game.turn().to_string()));
    map.insert("moves_played".into(), json!(game.moves_played()));
    map.insert("legal_move_count".into(), json!(legal.len()));
    map.insert("legal_moves".into(), json!(legal));
    map.insert("outcome".into(), outcome_json(game.outcome()));
    map
}

/// Pretty JSON text of a value, with a final newline.
pub fn to_text(value: &Value) -> String {
    let mut text = serde_json::to_string_pretty(value).unwrap_or_else(|_| "null".into());
    text.push('\n');
    text
}

/// The one-line status under a diagram (which says whose move it is): the outcome, or the
/// number of legal moves. History counts here (Ko), unlike in the diagram.
pub fn status_line(game: &dyn DynGame) -> String {
    match game.outcome() {
        Some(outcome) => format!("Outcome: {outcome}"),
        None => format!("Legal moves: {}", game.legal_moves().len()),
    }
}

/// `white` → `White`.
pub fn capitalise(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
