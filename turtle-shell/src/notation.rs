//! Move notation and the position text.

use crate::board::{bits, END_ZONE};
use crate::{Cell, Move, Role, Rules, TurtleShell};
use chimera_core::{
    Color, MoveErrorKind, ParseMoveError, ParsePositionError, Position, PositionErrorKind,
};
use std::fmt::Write;

/// Reads the two cells and the promotion suffix of a move text, without any position:
/// `B1-B3`, `b1b3`, `D5xC6`, `E5-E3=R`, `e5e3r`, `D5 x C6` (spaces are ignored).
/// Returns (from, to, promotion written).
pub(crate) fn parse_move_syntax(text: &str) -> Result<(Cell, Cell, bool), ParseMoveError> {
    let err = |reason: String| ParseMoveError::of_kind(MoveErrorKind::Syntax, text, reason);
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if !t.is_ascii() {
        return Err(err(
            "only letters, digits, `-`, `x` and `=R` are allowed".into()
        ));
    }
    let u = t.to_ascii_uppercase();
    let cell = |s: Option<&str>, which: &str| -> Result<Cell, ParseMoveError> {
        match s {
            None => Err(err(format!("missing the {which} cell"))),
            Some(name) => Cell::from_name(name).ok_or_else(|| {
                err(format!("unknown {which} cell `{name}`")).with_kind(MoveErrorKind::UnknownCell)
            }),
        }
    };
    let from = cell(u.get(0..2), "from")?;
    let mut rest = &u[2..];
    if let Some(r) = rest.strip_prefix('-').or_else(|| rest.strip_prefix('X')) {
        rest = r;
    }
    let to = cell(rest.get(0..2), "to")?;
    let promotion = match &rest[2..] {
        "" => false,
        "=R" | "R" | "=ROOK" => true,
        other => {
            return Err(err(format!(
                "unexpected `{other}` after the move (only `=R` may follow)"
            )))
        }
    };
    if from == to {
        return Err(err("from and to cells are the same".into()));
    }
    Ok((from, to, promotion))
}

pub(crate) fn parse_move(pos: &TurtleShell, text: &str) -> Result<Move, ParseMoveError> {
    let (from, to, promotion) = parse_move_syntax(text)?;
    let mv = Move::new(from, to, promotion);
    // A promotion the rules force may be written without `=R`.
    let forced = !promotion && pos.must_promote(mv);
    Ok(Move::new(from, to, promotion || forced))
}

pub(crate) fn move_text(pos: &TurtleShell, mv: Move) -> String {
    format!(
        "{}{}{}{}",
        mv.from(),
        if pos.is_capture(mv) { 'x' } else { '-' },
        mv.to(),
        if mv.is_promotion() { "=R" } else { "" }
    )
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// Writes the position text: `W:` and White's pieces, `B:` and Black's pieces, then the
/// side to move; each piece is its letter and cell, king first, then guards, knights,
/// rooks and pawns, each kind in cell order.
pub(crate) fn position_to_text(pos: &TurtleShell) -> String {
    let mut out = String::new();
    for color in Color::ALL {
        out.push_str(if color == Color::White { "W:" } else { " B:" });
        let mut first = true;
        for piece in Role::ALL {
            for i in bits(pos.bitboard(color, piece)) {
                if !first {
                    out.push(',');
                }
                first = false;
                let _ = write!(out, "{}{}", piece.char(), Cell::of(i));
            }
        }
    }
    out.push(' ');
    out.push(pos.turn().char());
    out
}

/// Reads the position text [`position_to_text`] writes (pieces may come in any order,
/// separated by commas or spaces), checking that the position could occur in a game.
pub(crate) fn position_from_text(
    text: &str,
    rules: Rules,
) -> Result<TurtleShell, ParsePositionError> {
    let tokens: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .collect();
    let Some((&last, items)) = tokens.split_last() else {
        return Err(ParsePositionError::of_kind(
            PositionErrorKind::Syntax,
            "whole text",
            "empty; expected `W:<pieces> B:<pieces> w|b`",
        ));
    };
    let turn = Color::from_text(last).ok_or_else(|| {
        ParsePositionError::of_kind(
            PositionErrorKind::BadField,
            format!("side to move `{last}`"),
            "expected `w` or `b` at the end of the text",
        )
    })?;
    let mut pos = TurtleShell::empty(turn, rules);
    let mut side: Option<Color> = None;
    for &token in items {
        let item = match token.split_once(':') {
            Some((marker, rest)) => {
                side = Some(side_marker(token, marker)?);
                rest
            }
            None => token,
        };
        if item.is_empty() {
            continue;
        }
        let Some(color) = side else {
            return Err(ParsePositionError::of_kind(
                PositionErrorKind::Syntax,
                format!("`{token}`"),
                "a piece before any `W:` or `B:`",
            ));
        };
        place_item(&mut pos, color, item)?;
    }
    for color in Color::ALL {
        check_one_king(&pos, color)?;
    }
    check_turn(&pos)?;
    Ok(pos)
}

/// The side a `W:` or `B:` marker (also `white:`, `black:`) names.
fn side_marker(token: &str, marker: &str) -> Result<Color, ParsePositionError> {
    match marker.to_ascii_lowercase().as_str() {
        "w" | "white" => Ok(Color::White),
        "b" | "black" => Ok(Color::Black),
        _ => Err(ParsePositionError::of_kind(
            PositionErrorKind::Syntax,
            format!("`{token}`"),
            format!("unknown side `{marker}:`, expected `W:` or `B:`"),
        )),
    }
}

/// Puts the piece an item names (`KE1`: a letter, then a cell) on an empty cell, refusing a
/// pawn in the opponent's end zone.
fn place_item(pos: &mut TurtleShell, color: Color, item: &str) -> Result<(), ParsePositionError> {
    let place = || format!("{} pieces, item `{item}`", side_name(color));
    let mut chars = item.chars();
    let letter = chars.next().unwrap_or(' ');
    let piece = Role::from_char(letter).ok_or_else(|| {
        ParsePositionError::of_kind(
            PositionErrorKind::BadPiece,
            place(),
            format!("unknown piece letter `{letter}` (expected K, G, N, R or P)"),
        )
    })?;
    let name = chars.as_str();
    let cell = Cell::from_name(name).ok_or_else(|| {
        ParsePositionError::of_kind(
            PositionErrorKind::UnknownCell,
            place(),
            format!("unknown cell `{name}`"),
        )
    })?;
    if let Some((c, p)) = pos.piece_at(cell) {
        return Err(ParsePositionError::of_kind(
            PositionErrorKind::Invalid,
            place(),
            format!("cell {cell} is already taken by the {} {p}", side_name(c)),
        ));
    }
    if piece == Role::Pawn && END_ZONE[color.index()] & cell.bit() != 0 {
        return Err(ParsePositionError::of_kind(
            PositionErrorKind::Invalid,
            place(),
            format!(
                "a {} pawn cannot stand on {cell}, in the opponent's end zone (it would have promoted)",
                side_name(color)
            ),
        ));
    }
    pos.put(cell, color, piece);
    Ok(())
}

/// Refuses a side with no king or with several.
fn check_one_king(pos: &TurtleShell, color: Color) -> Result<(), ParsePositionError> {
    let kings: Vec<&str> = bits(pos.bitboard(color, Role::King))
        .map(|i| Cell::of(i).name())
        .collect();
    let reason = match kings.as_slice() {
        [_] => return Ok(()),
        [] => format!("no {} king", side_name(color)),
        many => format!(
            "more than one {} king ({})",
            side_name(color),
            many.join(", ")
        ),
    };
    Err(ParsePositionError::of_kind(
        PositionErrorKind::Invalid,
        format!("{} pieces", side_name(color)),
        reason,
    ))
}

/// Refuses a side to move that could not be: the other king in check, or its own king
/// already in the opponent's end zone (the game would have ended when it got there).
fn check_turn(pos: &TurtleShell) -> Result<(), ParsePositionError> {
    let turn = pos.turn();
    let mover = !turn;
    let mover_king = pos.king(mover).expect("checked");
    if pos.is_attacked(mover_king, turn) {
        return Err(ParsePositionError::of_kind(
            PositionErrorKind::Invalid,
            "side to move",
            format!(
                "{} is to move while the {} king on {mover_king} is in check",
                side_name(turn),
                side_name(mover)
            ),
        ));
    }
    let own_king = pos.king(turn).expect("checked");
    if END_ZONE[turn.index()] & own_king.bit() != 0 {
        return Err(ParsePositionError::of_kind(
            PositionErrorKind::Invalid,
            "side to move",
            format!(
                "the {} king on {own_king} already stands in the opponent's end zone: the game would have ended when it got there",
                side_name(turn)
            ),
        ));
    }
    Ok(())
}
