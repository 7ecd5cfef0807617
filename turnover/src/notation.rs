//! Move text (`d2-d3`, `d2xe3`, `d2*e3`) and position text (FEN-like).

use crate::board::Square;
use crate::position::{Effect, Move, Turnover};
use crate::stack::{Ring, Stack};
use chimera_core::{Color, MoveErrorKind, ParseMoveError, ParsePositionError, PositionErrorKind};
use chimera_kit::grid::read_counter;

/// Writes a move: `-` for a move to an empty square or a friendly merge, `x` for a capture,
/// `*` for a turnover.
pub(crate) fn write_move(pos: &Turnover, mv: Move) -> String {
    let sep = match pos.describe(mv).map(|info| info.effect) {
        Some(Effect::Capture) => 'x',
        Some(Effect::Turnover) => '*',
        _ => '-',
    };
    format!("{}{sep}{}", mv.from(), mv.to())
}

/// Reads `d2-d3`, `d2d3`, `d2xe3`, `d2*e3` (also `:`), any case, surrounding spaces ignored.
pub(crate) fn read_move(text: &str) -> Result<Move, ParseMoveError> {
    let err = |kind: MoveErrorKind, reason: String| ParseMoveError::of_kind(kind, text, reason);
    let chars: Vec<char> = text.trim().chars().collect();
    let square_at = |i: usize| match (chars.get(i), chars.get(i + 1)) {
        (Some(&f), Some(&r)) => Square::from_chars(f, r),
        _ => None,
    };
    // A letter and a digit that name no square: an unknown square rather than bad syntax.
    let missing_square = |i: usize| match (chars.get(i), chars.get(i + 1)) {
        (Some(f), Some(r)) if f.is_ascii_alphabetic() && r.is_ascii_digit() => {
            MoveErrorKind::UnknownCell
        }
        _ => MoveErrorKind::Syntax,
    };
    let Some(from) = square_at(0) else {
        return Err(err(
            missing_square(0),
            "expected the origin square (a file a-h and a rank 1-8, like `d2`) first".into(),
        ));
    };
    let mut i = 2;
    if matches!(chars.get(2), Some('-' | 'x' | 'X' | '*' | ':')) {
        i = 3;
    }
    let Some(to) = square_at(i) else {
        let rest: String = chars[i.min(chars.len())..].iter().collect();
        return Err(err(
            missing_square(i),
            format!(
                "expected the target square (like `d3`) after `{}`, found `{rest}`",
                chars[..i.min(chars.len())].iter().collect::<String>()
            ),
        ));
    };
    if chars.len() > i + 2 {
        let rest: String = chars[i + 2..].iter().collect();
        return Err(err(
            MoveErrorKind::Syntax,
            format!("unexpected `{rest}` after the target square"),
        ));
    }
    if from == to {
        return Err(err(
            MoveErrorKind::Syntax,
            "the origin and the target are the same square".into(),
        ));
    }
    Ok(Move::new(from, to))
}

fn stack_text(stack: Stack, color: Color) -> String {
    let letters = stack.letters();
    let letters = match color {
        Color::White => letters.to_string(),
        Color::Black => letters.to_ascii_lowercase(),
    };
    if letters.len() == 1 {
        letters
    } else {
        format!("[{letters}]")
    }
}

/// Writes the position text: ranks 8 to 1 separated by `/`, each square's stack (a single
/// ring as its letter, two or three rings in brackets: `T`, `[TF]`, `[tfw]`), runs of empty
/// squares as digits; then the side to move, the plies since the last capture or turnover,
/// and the move number.
pub(crate) fn write_position(pos: &Turnover) -> String {
    let mut out = String::with_capacity(96);
    for rank in (0..8).rev() {
        let mut empties = 0;
        for file in 0..8 {
            let sq = Square::from_coords(file, rank).expect("on the board");
            match pos.stack_at(sq) {
                None => empties += 1,
                Some((stack, color)) => {
                    if empties > 0 {
                        out.push(char::from(b'0' + empties));
                        empties = 0;
                    }
                    out.push_str(&stack_text(stack, color));
                }
            }
        }
        if empties > 0 {
            out.push(char::from(b'0' + empties));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push_str(&format!(
        " {} {} {}",
        pos.turn.char(),
        pos.halfmove,
        pos.fullmove
    ));
    out
}

/// Reads the rings of one stack (the letters between brackets, or one letter).
fn read_stack(letters: &str, place: &str) -> Result<(Stack, Color), ParsePositionError> {
    let err =
        |kind: PositionErrorKind, reason: String| ParsePositionError::of_kind(kind, place, reason);
    if letters.is_empty() {
        return Err(err(
            PositionErrorKind::Syntax,
            "`[]` is an empty stack".into(),
        ));
    }
    let mut set = 0u8;
    let mut color = None;
    for c in letters.chars() {
        let Some(ring) = Ring::from_letter(c) else {
            return Err(err(
                PositionErrorKind::BadPiece,
                format!("`{c}` is not a ring (T, F or W; lower case for Black)"),
            ));
        };
        let this = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        if color.is_some_and(|k| k != this) {
            return Err(err(
                PositionErrorKind::BadPiece,
                format!(
                    "`{letters}` mixes colours: the rings of one stack share a colour (all upper or all lower case)"
                ),
            ));
        }
        color = Some(this);
        if set & ring.bit() != 0 {
            return Err(err(
                PositionErrorKind::BadPiece,
                format!("`{letters}` holds the ring {} twice", ring.letter()),
            ));
        }
        set |= ring.bit();
    }
    let stack = Stack::from_rings(set).ok_or_else(|| {
        err(
            PositionErrorKind::BadPiece,
            format!("`{letters}` is T+W, which is not a valid stack (the rings do not connect)"),
        )
    })?;
    Ok((stack, color.unwrap_or(Color::White)))
}

/// The place of the side-to-move field in errors.
const SIDE_FIELD: &str = "field 2 (side to move)";

/// Reads a position text (see [`write_position`]). The clock and move number may be left
/// out (0 and 1); single rings may also be bracketed (`[T]`) and stacked rings may come in
/// any order (`[FT]`).
///
/// The board is not read with the kit's grid reader: a square may hold a bracketed stack
/// of several letters (`[TF]`), where the kit reads one character per square.
pub(crate) fn read_position(text: &str) -> Result<Turnover, ParsePositionError> {
    let (board, side, clock, number) = split_fields(text)?;
    let turn = Color::from_text(side).ok_or_else(|| {
        ParsePositionError::of_kind(
            PositionErrorKind::BadField,
            SIDE_FIELD,
            format!("`{side}`: expected `w` or `b`"),
        )
    })?;
    let mut pos = Turnover::empty(turn);
    read_board(board, &mut pos)?;
    if let Some(clock) = clock {
        let place = "field 3 (plies since the last capture or turnover)";
        pos.set_halfmove_clock(read_counter(clock, place, 0, u32::MAX)?);
    }
    if let Some(number) = number {
        pos.set_fullmove_number(read_counter(number, "field 4 (move number)", 1, u32::MAX)?);
    }
    Ok(pos)
}

/// A position text's fields: the board, the side to move, and the optional clock and move
/// number.
type Fields<'a> = (&'a str, &'a str, Option<&'a str>, Option<&'a str>);

/// Splits a position text into its board, side to move, and the optional clock and move
/// number.
fn split_fields(text: &str) -> Result<Fields<'_>, ParsePositionError> {
    let mut fields = text.split_whitespace();
    let board = fields.next().ok_or_else(|| {
        ParsePositionError::of_kind(
            PositionErrorKind::Syntax,
            "the whole text",
            "empty: expected the board, then `w` or `b`",
        )
    })?;
    let side = fields.next().ok_or_else(|| {
        ParsePositionError::of_kind(
            PositionErrorKind::Syntax,
            SIDE_FIELD,
            "missing: expected `w` or `b` after the board",
        )
    })?;
    let clock = fields.next();
    let number = fields.next();
    if let Some(extra) = fields.next() {
        return Err(ParsePositionError::of_kind(
            PositionErrorKind::Syntax,
            "field 5",
            format!(
                "unexpected `{extra}`: the text has 4 fields (board, side, plies, move number)"
            ),
        ));
    }
    Ok((board, side, clock, number))
}

/// Reads the board field (ranks 8 to 1 separated by `/`) onto the empty `pos`.
fn read_board(board: &str, pos: &mut Turnover) -> Result<(), ParsePositionError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(ParsePositionError::of_kind(
            PositionErrorKind::Syntax,
            "field 1 (board)",
            format!("{} ranks, expected 8 separated by `/`", ranks.len()),
        ));
    }
    let mut column = 0; // character column within the board field, from 1
    for (rank, rank_text) in (0..8u8).rev().zip(ranks) {
        read_rank(rank_text, rank, &mut column, pos)?;
        column += 1; // the `/`
    }
    Ok(())
}

/// Reads one rank's squares (stacks and runs of empty squares) onto `pos`; `column` counts
/// the board field's characters read so far.
fn read_rank(
    text: &str,
    rank: u8,
    column: &mut usize,
    pos: &mut Turnover,
) -> Result<(), ParsePositionError> {
    let mut file = 0u8;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        *column += 1;
        let place = format!("rank {}, board character {column} `{c}`", rank + 1);
        let syntax = |reason: String| {
            ParsePositionError::of_kind(PositionErrorKind::Syntax, place.as_str(), reason)
        };
        if file >= 8 {
            return Err(syntax("the rank already has 8 squares".into()));
        }
        if let '1'..='8' = c {
            file += c as u8 - b'0';
            if file > 8 {
                return Err(syntax(format!("the rank has {file} squares, expected 8")));
            }
            continue;
        }
        let stack = read_square(c, &mut chars, column, &place)?;
        let sq = Square::from_coords(file, rank).expect("file < 8");
        pos.set_stack(sq, Some(stack));
        file += 1;
    }
    if file < 8 {
        return Err(ParsePositionError::of_kind(
            PositionErrorKind::Syntax,
            format!("rank {}", rank + 1),
            format!("{file} squares, expected 8"),
        ));
    }
    Ok(())
}

/// Reads the stack of one square that starts with `c`: a ring letter, or `[`, letters and
/// `]` (taken from `rest`, counted in `column`).
fn read_square(
    c: char,
    rest: &mut std::str::Chars<'_>,
    column: &mut usize,
    place: &str,
) -> Result<(Stack, Color), ParsePositionError> {
    match c {
        '[' => {
            let mut letters = String::new();
            for d in rest.by_ref() {
                *column += 1;
                if d == ']' {
                    return read_stack(&letters, place);
                }
                letters.push(d);
            }
            Err(ParsePositionError::of_kind(
                PositionErrorKind::Syntax,
                place,
                "`[` is not closed by `]` in this rank",
            ))
        }
        _ if Ring::from_letter(c).is_some() => read_stack(&c.to_string(), place),
        _ => Err(ParsePositionError::of_kind(
            PositionErrorKind::BadPiece,
            place,
            "expected a ring letter (T, F, W; lower case for Black), a stack in brackets like `[TF]`, or a digit 1-8",
        )),
    }
}
