//! The rules of `rules/tiling-rider.md` (and the crate's `RULES.md`), one module per
//! section. Every rule and every [ruling] has a test named after it.

mod aggregates;
mod budget;
mod board;
mod check;
mod elongation;
mod end_of_game;
mod notation;
mod options;
mod paulowich;
mod perft;
mod pieces;
mod properties;
mod reference;
mod render;
mod setup;
mod turns;

use chimera_core::{Color, Game, Position};
use chimera_tiling_rider::{Move, Piece, Rules, Square, TilingRider, Unit};

/// A square by name.
pub fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("bad square {name}"))
}

/// The unit whose lower-left square is `name` (any of its squares works).
pub fn unit(name: &str) -> Unit {
    sq(name).unit()
}

/// A piece from a letter: upper case White, lower case Black.
pub fn piece_of(letter: char) -> (Piece, Color) {
    let color = if letter.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    (Piece::from_letter(letter).expect("W F G N"), color)
}

/// A position under `rules` with the White king on the unit of `white_king`, the Black king
/// on the unit of `black_king`, these pieces (`("d4", 'W')`), `turn` to move at the start of
/// a normal (not first) turn allowing `limit` moves.
pub fn position_with(
    rules: Rules,
    turn: Color,
    limit: u8,
    white_king: &str,
    black_king: &str,
    pieces: &[(&str, char)],
) -> TilingRider {
    let mut pos = TilingRider::empty(rules);
    pos.set_king(Color::White, unit(white_king));
    pos.set_king(Color::Black, unit(black_king));
    for &(s, letter) in pieces {
        pos.set_piece(sq(s), Some(piece_of(letter)));
    }
    pos.set_turn_number(2);
    pos.set_turn(turn, 0, limit);
    pos
}

/// `position_with` under the standard rules, kings on a1 (White) and q15 (Black).
pub fn board(turn: Color, limit: u8, pieces: &[(&str, char)]) -> TilingRider {
    position_with(Rules::Standard, turn, limit, "a1", "q15", pieces)
}

/// The legal actions as texts, sorted.
pub fn legal_texts(pos: &TilingRider) -> Vec<String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut out: Vec<String> = moves.into_iter().map(|m| pos.move_text(m)).collect();
    out.sort();
    out
}

/// The end squares of the legal single moves from `from`, sorted.
pub fn targets(pos: &TilingRider, from: &str) -> Vec<String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut out: Vec<String> = moves
        .into_iter()
        .filter(|m| m.from_square() == Some(sq(from)))
        .map(|m| m.to_square().unwrap().to_string())
        .collect();
    out.sort();
    out
}

/// Whether the action `text` is legal in `pos`.
pub fn is_legal(pos: &TilingRider, text: &str) -> bool {
    let mv = pos.parse_move(text).expect("well-formed move");
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.contains(&mv)
}

/// Plays legal actions (checked) and returns the new position.
pub fn after(pos: &TilingRider, texts: &[&str]) -> TilingRider {
    let mut next = pos.clone();
    for text in texts {
        let mv: Move = next.parse_move(text).expect("well-formed move");
        next.play(mv)
            .unwrap_or_else(|e| panic!("{text} in {}: {e}", next.to_text()));
    }
    next
}

/// A game from the standard start.
pub fn start_game() -> Game<TilingRider> {
    Game::start(Rules::Standard)
}
