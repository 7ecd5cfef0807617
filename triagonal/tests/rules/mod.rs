//! The rules of `rules/triagonal.md` (and the crate's `RULES.md`), one module per section.
//! Every rule and every [ruling] has a test named after it.

mod board;
mod dropping_jacks;
mod end_of_game;
mod king;
mod knight;
mod notation;
mod pawn;
mod perft;
mod pieces;
mod promotion;
mod properties;
mod reference;
mod render;
mod setup;

use chimera_core::{Color, Game, Position};
use chimera_triagonal::{Cell, Role, Rules, Setup, Triagonal};

/// A cell by name.
pub fn cell(name: &str) -> Cell {
    Cell::parse(name).unwrap_or_else(|| panic!("bad cell {name}"))
}

/// A position with exactly these pieces (letter upper case White, lower case Black), `turn`
/// to move, no Jacks in hand.
pub fn board(turn: Color, pieces: &[(&str, char)]) -> Triagonal {
    let mut setup = Setup::new(turn);
    for &(name, letter) in pieces {
        let piece = Role::from_letter(letter).unwrap_or_else(|| panic!("bad piece {letter}"));
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        setup.set_piece(cell(name), Some((piece, color)));
    }
    setup.build().expect("a position the reader accepts")
}

/// Like [`board`] plus a White king on Aa8 and a Black king on Hh1 (out of the way, so
/// that the game is not over).
pub fn with_kings(turn: Color, pieces: &[(&str, char)]) -> Triagonal {
    let mut all = vec![("Aa8", 'K'), ("Hh1", 'k')];
    all.extend_from_slice(pieces);
    board(turn, &all)
}

/// The legal move texts of `pos`, sorted.
pub fn move_texts(pos: &Triagonal) -> Vec<String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut out: Vec<String> = moves.into_iter().map(|m| pos.move_text(m)).collect();
    out.sort();
    out
}

/// The legal moves without placement from `from`, as texts, sorted.
pub fn moves_from(pos: &Triagonal, from: &str) -> Vec<String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut out: Vec<String> = moves
        .into_iter()
        .filter(|m| m.from() == cell(from) && m.placement().is_none())
        .map(|m| pos.move_text(m))
        .collect();
    out.sort();
    out
}

/// The targets of the legal moves without placement from `from`, sorted.
pub fn targets(pos: &Triagonal, from: &str) -> Vec<String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut out: Vec<String> = moves
        .into_iter()
        .filter(|m| m.from() == cell(from) && m.placement().is_none())
        .map(|m| m.to().to_string())
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Whether the move `text` is legal in `pos`.
pub fn is_legal(pos: &Triagonal, text: &str) -> bool {
    let mv = pos.parse_move(text).expect("well-formed move");
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.contains(&mv)
}

/// Plays a legal move (checked) and returns the new position.
pub fn after(pos: &Triagonal, text: &str) -> Triagonal {
    let mut next = pos.clone();
    let mv = next.parse_move(text).expect("well-formed move");
    next.play(mv)
        .unwrap_or_else(|e| panic!("{text} in {}: {e}", pos.to_text()));
    next
}

/// The piece on a cell as a letter (upper case White, lower case Black), `None` if empty.
pub fn at(pos: &Triagonal, name: &str) -> Option<char> {
    pos.piece_at(cell(name)).map(|(p, c)| match c {
        Color::White => p.letter(),
        Color::Black => p.letter().to_ascii_lowercase(),
    })
}

/// A game from the standard start.
pub fn start_game() -> Game<Triagonal> {
    Game::start(Rules::Standard)
}

/// The start position with both hands empty.
pub const EMPTY_HANDS: &str = "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/PPPPPPPP/PPPPPPPP|8/8/8/8/8/8/8/8|8/8/8/3**3/3**3/8/8/8|8/8/8/3**3/3**3/8/8/8|8/8/8/8/8/8/8/8|pppppppp/pppppppp/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/8/8 w 0 0 - 0 1";
