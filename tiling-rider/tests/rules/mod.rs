//! The rules of `rules/tiling-rider.md` (and the crate's `RULES.md`), one module per
//! section. Every rule and every [ruling] has a test named after it.

mod aggregates;
mod board;
mod budget;
mod check;
mod color_rider;
mod elongation;
mod end_of_game;
mod notation;
mod options;
mod paulowich;
mod perft;
mod pieces;
mod planner;
mod properties;
mod random_games;
mod reference;
mod render;
mod setup;
mod turns;

use chimera_core::{Color, Game, Position};
use chimera_tiling_rider::{Move, Role, Rules, Setup, Square, TilingRider, Unit};

/// A square by name.
pub fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("bad square {name}"))
}

/// The unit whose lower-left square is `name` (any of its squares works).
pub fn unit(name: &str) -> Unit {
    sq(name).unit()
}

/// A piece from a letter: upper case White, lower case Black.
pub fn piece_of(letter: char) -> (Role, Color) {
    let color = if letter.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    (Role::from_letter(letter).expect("W F G N"), color)
}

/// A setup under `rules` with the White king on the unit of `white_king`, the Black king
/// on the unit of `black_king`, these pieces (`("d4", 'W')`), `turn` to move at the start of
/// a normal (not exact) turn allowing `limit` moves (see [`normal_turn`]).
pub fn setup_with(
    rules: Rules,
    turn: Color,
    limit: u8,
    white_king: &str,
    black_king: &str,
    pieces: &[(&str, char)],
) -> Setup {
    let mut setup = Setup::new(rules);
    setup.set_king(Color::White, unit(white_king));
    setup.set_king(Color::Black, unit(black_king));
    for &(s, letter) in pieces {
        setup.set_piece(sq(s), Some(piece_of(letter)));
    }
    turn_of(&mut setup, turn, limit);
    setup
}

/// Sets `side` to move at the start of a normal turn of `limit` moves ([`normal_turn`]), or
/// for a `limit` of 1 (which no normal turn has) with exactly one move left: the last of
/// its exact first turn (White's 4 moves, Black's 8), the earlier ones made by wazirs of
/// its own put on its back rank's right-hand side (`n1 p1 r1`; `e16` to `q16`, on the
/// 18-file board) and marked as moved alone.
pub fn turn_of(setup: &mut Setup, side: Color, limit: u8) -> &mut Setup {
    if limit != 1 {
        return normal_turn(setup, side, limit);
    }
    let (spent, full, last): (&[&str], u8, u8) = match side {
        Color::White => (&["n1", "p1", "r1"], 4, 0),
        Color::Black => (&["e16", "g16", "i16", "k16", "m16", "o16", "q16"], 8, 4),
    };
    for &s in spent {
        setup.set_piece(sq(s), Some((Role::Wazir, side)));
        setup.mark_moved_alone(sq(s));
    }
    setup
        .set_turn(side, full - 1, full)
        .set_turn_number(1)
        .set_last_turn_length(last)
}

/// Sets `side` to move at the start of a turn allowing `limit` moves (points) that may end
/// after any move, with the first turn number, and an opponent's last turn length, at
/// which a game reaches such a turn (so the position reads back from its text). Panics if
/// no game does (a limit of 1, or one that is not a multiple of 4 under `wheeler`).
pub fn normal_turn(setup: &mut Setup, side: Color, limit: u8) -> &mut Setup {
    setup.set_turn(side, 0, limit);
    for turn_no in 1..=200 {
        for last in [0, limit.saturating_sub(1), limit.saturating_sub(4)] {
            setup.set_turn_number(turn_no).set_last_turn_length(last);
            if setup.build().is_ok_and(|pos| pos.min_moves() == 1) {
                return setup;
            }
        }
    }
    panic!("no game reaches a normal turn of {limit} for {side:?}")
}

/// [`setup_with`], built.
pub fn position_with(
    rules: Rules,
    turn: Color,
    limit: u8,
    white_king: &str,
    black_king: &str,
    pieces: &[(&str, char)],
) -> TilingRider {
    let setup = setup_with(rules, turn, limit, white_king, black_king, pieces);
    setup.build().expect("a position a game reaches")
}

/// `setup_with` under the standard rules, kings on a1 (White) and q15 (Black).
pub fn board_setup(turn: Color, limit: u8, pieces: &[(&str, char)]) -> Setup {
    setup_with(Rules::Standard, turn, limit, "a1", "q15", pieces)
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
