//! The rules of `rules/turnover.md` (and the crate's `RULES.md`), one module per section.
//! Every rule and every [ruling] has a test named after it.

mod castle;
mod end_of_game;
mod landing;
mod no_check;
mod notation;
mod perft;
mod pieces;
mod promotion;
mod properties;
mod reference;
mod render;
mod setup;
mod wall;

use chimera_core::{Color, Game, Position};
use chimera_turnover::{Rules, Square, Stack, Turnover};

/// A square by name.
pub fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("bad square {name}"))
}

/// A stack from letters: upper case White, lower case Black (`"TF"`, `"fw"`).
pub fn stack_of(letters: &str) -> (Stack, Color) {
    let color = if letters.chars().all(|c| c.is_ascii_uppercase()) {
        Color::White
    } else {
        Color::Black
    };
    let stack = match letters.to_ascii_uppercase().as_str() {
        "T" => Stack::Tower,
        "F" => Stack::Fort,
        "W" => Stack::Wall,
        "TF" => Stack::Citadel,
        "FW" => Stack::Fortress,
        "TFW" => Stack::Castle,
        other => panic!("bad stack {other}"),
    };
    (stack, color)
}

/// A position with exactly these stacks, `turn` to move.
pub fn board(turn: Color, stacks: &[(&str, &str)]) -> Turnover {
    let mut pos = Turnover::empty(turn);
    for &(square, letters) in stacks {
        pos.set_stack(sq(square), Some(stack_of(letters)));
    }
    pos
}

/// A position with these stacks plus a White Castle on h1 and a Black Castle on a8 (so
/// that the game is not over), `turn` to move.
pub fn with_castles(turn: Color, stacks: &[(&str, &str)]) -> Turnover {
    let mut all = vec![("h1", "TFW"), ("a8", "tfw")];
    all.extend_from_slice(stacks);
    board(turn, &all)
}

/// The stack on a square as letters (upper case White, lower case Black), `""` if empty.
pub fn at(pos: &Turnover, square: &str) -> String {
    match pos.stack_at(sq(square)) {
        None => String::new(),
        Some((stack, Color::White)) => stack.letters().to_string(),
        Some((stack, Color::Black)) => stack.letters().to_ascii_lowercase(),
    }
}

/// The legal moves from `from`, as move texts, sorted.
pub fn moves_from(pos: &Turnover, from: &str) -> Vec<String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut out: Vec<String> = moves
        .into_iter()
        .filter(|m| m.from() == sq(from))
        .map(|m| pos.move_text(m))
        .collect();
    out.sort();
    out
}

/// The target squares of the legal moves from `from`, sorted.
pub fn targets(pos: &Turnover, from: &str) -> Vec<String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut out: Vec<String> = moves
        .into_iter()
        .filter(|m| m.from() == sq(from))
        .map(|m| m.to().to_string())
        .collect();
    out.sort();
    out
}

/// Whether the move `text` is legal in `pos`.
pub fn is_legal(pos: &Turnover, text: &str) -> bool {
    let mv = pos.parse_move(text).expect("well-formed move");
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.contains(&mv)
}

/// Plays a legal move (checked) and returns the new position.
pub fn after(pos: &Turnover, text: &str) -> Turnover {
    let mut next = pos.clone();
    let mv = next.parse_move(text).expect("well-formed move");
    next.play(mv)
        .unwrap_or_else(|e| panic!("{text} in {}: {e}", pos.to_text()));
    next
}

/// A game from the standard start.
pub fn start_game() -> Game<Turnover> {
    Game::start(Rules::Standard)
}
