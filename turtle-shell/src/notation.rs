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

/// Reads a drop's text (`P@D5`, `r@c3`; spaces ignored): `None` if the text has no `@`
/// (it is then another kind of move).
pub(crate) fn parse_drop_syntax(text: &str) -> Result<Option<(Role, Cell)>, ParseMoveError> {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let Some((letter, cell)) = t.split_once('@') else {
        return Ok(None);
    };
    let err = |kind, reason: String| ParseMoveError::of_kind(kind, text, reason);
    let mut chars = letter.chars();
    let piece = match (chars.next(), chars.next()) {
        (Some(c), None) => Role::from_char(c).filter(|&p| p != Role::King),
        _ => None,
    }
    .ok_or_else(|| {
        err(
            MoveErrorKind::Syntax,
            format!(
                "a drop is a piece letter (P, G, N, R, M, V or A), `@` and a cell; `{}` is not a piece letter",
                chimera_core::excerpt(letter)
            ),
        )
    })?;
    let to = Cell::from_name(cell).ok_or_else(|| {
        err(
            MoveErrorKind::UnknownCell,
            format!("unknown cell `{}` to drop on", chimera_core::excerpt(cell)),
        )
    })?;
    Ok(Some((piece, to)))
}

pub(crate) fn parse_move(pos: &TurtleShell, text: &str) -> Result<Move, ParseMoveError> {
    if let Some((piece, to)) = parse_drop_syntax(text)? {
        return Ok(Move::drop(piece, to));
    }
    let (from, to, promotion) = parse_move_syntax(text)?;
    let mv = Move::new(from, to, promotion);
    // A promotion the rules force may be written without `=R`.
    let forced = !promotion && pos.must_promote(mv);
    Ok(Move::new(from, to, promotion || forced))
}

pub(crate) fn move_text(pos: &TurtleShell, mv: Move) -> String {
    if mv.is_drop() {
        return mv.to_string();
    }
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
/// rooks, pawns, marshals, vertical movers and guard-knights, each kind in cell order.
/// Under option `drops` a rook that is a promoted pawn is written `+R` (`+RC3`), and a
/// side's hand follows its pieces as one item, `@` and the letters (`@PPN`), when not
/// empty.
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
                let cell = Cell::of(i);
                let mark = if pos.is_promoted(cell) { "+" } else { "" };
                let _ = write!(out, "{mark}{}{cell}", piece.char());
            }
        }
        let hand = pos.hand(color);
        if !hand.is_empty() {
            out.push_str(",@");
            for (piece, n) in hand {
                for _ in 0..n {
                    out.push(piece.char());
                }
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
    if let Some(number) = tokens
        .first()
        .filter(|t| t.eq_ignore_ascii_case("start"))
        .and(tokens.get(1))
    {
        return numbered_start(&tokens, number, rules);
    }
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
        if let Some(letters) = item.strip_prefix('@') {
            fill_hand(&mut pos, color, letters)?;
        } else {
            place_item(&mut pos, color, item)?;
        }
    }
    for color in Color::ALL {
        check_one_king(&pos, color)?;
    }
    check_turn(&pos)?;
    Ok(pos)
}

/// The position text `start N`: the start numbered `N` of option `shuffle`.
fn numbered_start(
    tokens: &[&str],
    number: &str,
    rules: Rules,
) -> Result<TurtleShell, ParsePositionError> {
    let err = |reason: String| {
        ParsePositionError::of_kind(PositionErrorKind::BadField, "start number", reason)
    };
    if tokens.len() > 2 {
        return Err(err(format!(
            "`start N` stands alone; `{}` follows it",
            chimera_core::excerpt(tokens[2])
        )));
    }
    let n: u32 = number.parse().map_err(|_| {
        err(format!(
            "`{}` is not a start number (0 to 89)",
            chimera_core::excerpt(number)
        ))
    })?;
    TurtleShell::numbered_start(rules, n).map_err(err)
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

/// Adds the pieces a hand item names (`@PPN`, after the `@`) to `color`'s hand (option
/// `drops` only).
fn fill_hand(pos: &mut TurtleShell, color: Color, letters: &str) -> Result<(), ParsePositionError> {
    let place = || format!("{} hand `@{letters}`", side_name(color));
    if !pos.rules.drops {
        return Err(ParsePositionError::of_kind(
            PositionErrorKind::Invalid,
            place(),
            "pieces in hand need option `drops`",
        ));
    }
    for letter in letters.chars() {
        let piece = Role::from_char(letter)
            .filter(|&p| p != Role::King)
            .ok_or_else(|| {
                ParsePositionError::of_kind(
                    PositionErrorKind::BadPiece,
                    place(),
                    format!(
                        "`{}` cannot be in hand (expected G, N, R, P, M, V or A)",
                        letter.escape_debug()
                    ),
                )
            })?;
        let n = pos.hands[color.index()][piece.index()];
        if n >= 62 {
            return Err(ParsePositionError::of_kind(
                PositionErrorKind::Invalid,
                place(),
                "more pieces of one kind in hand than the board has cells",
            ));
        }
        pos.set_hand(color, piece, n + 1);
    }
    Ok(())
}

/// Puts the piece an item names (`KE1`: a letter, then a cell; `+RC3` a rook that is a
/// promoted pawn, option `drops`) on an empty cell, refusing a pawn in the opponent's end
/// zone.
fn place_item(pos: &mut TurtleShell, color: Color, item: &str) -> Result<(), ParsePositionError> {
    let place = || format!("{} pieces, item `{item}`", side_name(color));
    let (promoted, item) = match item.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, item),
    };
    let mut chars = item.chars();
    let letter = chars.next().unwrap_or(' ');
    let piece = Role::from_char(letter).ok_or_else(|| {
        ParsePositionError::of_kind(
            PositionErrorKind::BadPiece,
            place(),
            format!(
                "unknown piece letter `{}` (expected K, G, N, R, P, M, V or A)",
                letter.escape_debug()
            ),
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
    if promoted && (piece != Role::Rook || !pos.rules.drops) {
        return Err(ParsePositionError::of_kind(
            PositionErrorKind::Invalid,
            place(),
            "only a rook can be marked `+` (a promoted pawn), and only under option `drops`",
        ));
    }
    if piece == Role::Pawn
        && crate::general::pawn_cannot_stand(color, cell.index(), pos.rules.drops)
    {
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
    if promoted {
        pos.mark_promoted(cell);
    }
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
