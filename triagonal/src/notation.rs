//! Move text (`Ae2-Ae4`, `Bc2xCd3`, `Gb7-Hb8=N`, `Bb1^Bb2`, `J@Cc3,J@Cd3,Ab1-Ac3`) and
//! position text (levels A to H separated by `|`, ranks 8 to 1 by `/`, holes `*`).

use crate::board::{is_hole, Cell};
use crate::position::{code, pawn_start, MoveKind, Role, Triagonal};
use crate::setup::Setup;
use crate::Move;
use chimera_core::{Color, MoveErrorKind, ParseMoveError, ParsePositionError, PositionErrorKind};
use chimera_kit::grid::{read_counter, GridFormat};
use std::fmt::Write;

/// Writes a move: the placement first (`J@Cc3,J@Cd3,`, lower cell index first), then
/// `FROM-TO`, with `x` for a capture or en passant, `^` for a knight's capture without
/// moving, and `=Q` for a promotion.
pub(crate) fn write_move(pos: &Triagonal, mv: Move) -> String {
    let mut out = String::with_capacity(24);
    if let Some((a, b)) = mv.placement() {
        let _ = write!(out, "J@{a},J@{b},");
    }
    let sep = match pos.describe(mv.without_placement()).map(|(_, k)| k) {
        Some(MoveKind::Capture | MoveKind::EnPassant) => 'x',
        Some(MoveKind::CaptureWithoutMoving) => '^',
        _ => '-',
    };
    let _ = write!(out, "{}{sep}{}", mv.from(), mv.to());
    if let Some(p) = mv.promotion() {
        let _ = write!(out, "={}", p.letter());
    }
    out
}

fn cell_at(bytes: &[u8], i: usize) -> Option<Cell> {
    match bytes.get(i..i + 3) {
        Some(&[l, f, r]) => Cell::from_bytes(l, f, r),
        _ => None,
    }
}

fn show(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Reads the normal part of a move: `Ae2-Ae4`, `Ae2Ae4`, `Bc2xCd3`, `Bb1^Bb2`,
/// `Gb7-Hb8=N` (or `Gb7-Hb8N`), any case.
fn read_normal(text: &str, part: &[u8]) -> Result<Move, ParseMoveError> {
    let err = |kind: MoveErrorKind, reason: String| ParseMoveError::of_kind(kind, text, reason);
    // A level, a file and a rank that name no cell: an unknown cell rather than bad syntax.
    let missing_cell = |i: usize| match part.get(i..i + 3) {
        Some(&[l, f, r])
            if l.is_ascii_alphabetic() && f.is_ascii_alphabetic() && r.is_ascii_digit() =>
        {
            MoveErrorKind::UnknownCell
        }
        _ => MoveErrorKind::Syntax,
    };
    let Some(from) = cell_at(part, 0) else {
        return Err(err(
            missing_cell(0),
            format!(
                "expected the origin cell (level A-H, file a-h, rank 1-8, like `Ae2`) at the start of `{}`",
                show(part)
            ),
        ));
    };
    let mut i = 3;
    if matches!(part.get(3), Some(b'-' | b'x' | b'X' | b'^' | b':')) {
        i = 4;
    }
    let Some(to) = cell_at(part, i) else {
        return Err(err(
            missing_cell(i),
            format!(
                "expected the target cell (like `Ae4`) after `{}`, found `{}`",
                show(&part[..i.min(part.len())]),
                show(part.get(i..).unwrap_or_default())
            ),
        ));
    };
    if from == to {
        return Err(err(
            MoveErrorKind::Syntax,
            "the origin and the target are the same cell".into(),
        ));
    }
    let mut mv = Move::new(from, to);
    let mut rest = &part[i + 3..];
    if let Some(r) = rest.strip_prefix(b"=") {
        rest = r;
        if rest.is_empty() {
            return Err(err(
                MoveErrorKind::Syntax,
                "expected a promotion piece (N, B, R or Q) after `=`".into(),
            ));
        }
    }
    match rest {
        [] => {}
        [c] => match Role::from_letter(char::from(*c)) {
            Some(p @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen)) => {
                mv = mv.with_promotion(p);
            }
            _ => {
                return Err(err(
                    MoveErrorKind::BadPiece,
                    format!("`{}` is not a promotion piece (N, B, R or Q)", show(rest)),
                ))
            }
        },
        _ => {
            return Err(err(
                MoveErrorKind::Syntax,
                format!("unexpected `{}` after the target cell", show(rest)),
            ))
        }
    }
    Ok(mv)
}

/// Reads a placement part `J@Cc3` (also `j@cc3` or `@Cc3`).
fn read_placement(text: &str, part: &[u8], which: &str) -> Result<Cell, ParseMoveError> {
    let rest = part
        .strip_prefix(b"J@")
        .or_else(|| part.strip_prefix(b"j@"))
        .or_else(|| part.strip_prefix(b"@"));
    match rest {
        Some(cell) if cell.len() == 3 => cell_at(cell, 0).ok_or_else(|| {
            ParseMoveError::of_kind(
                MoveErrorKind::UnknownCell,
                text,
                format!(
                    "the {which} placement `{}` does not name a cell",
                    show(part)
                ),
            )
        }),
        _ => Err(ParseMoveError::of_kind(
            MoveErrorKind::Syntax,
            text,
            format!(
                "expected the {which} placement as `J@` and a cell (like `J@Cc3`), found `{}`",
                show(part)
            ),
        )),
    }
}

/// Reads a whole turn: a normal move, or two placements and a normal move joined by commas.
pub(crate) fn read_move(text: &str) -> Result<Move, ParseMoveError> {
    let trimmed = text.trim().as_bytes();
    if trimmed.is_empty() {
        return Err(ParseMoveError::of_kind(
            MoveErrorKind::Syntax,
            text,
            "empty move",
        ));
    }
    let parts: Vec<&[u8]> = trimmed
        .split(|&b| b == b',')
        .map(|p| p.trim_ascii())
        .collect();
    match parts.as_slice() {
        [normal] => read_normal(text, normal),
        [a, b, normal] => {
            let a = read_placement(text, a, "first")?;
            let b = read_placement(text, b, "second")?;
            if a == b {
                return Err(ParseMoveError::of_kind(
                    MoveErrorKind::Syntax,
                    text,
                    "the two Jacks are placed on the same cell",
                ));
            }
            Ok(read_normal(text, normal)?.with_placement(a, b))
        }
        _ => Err(ParseMoveError::of_kind(
            MoveErrorKind::Syntax,
            text,
            format!(
                "expected a move (`Ae2-Ae4`) or two placements and a move (`J@Cc3,J@Cd3,Ab1-Ac3`), found {} comma-separated parts",
                parts.len()
            ),
        )),
    }
}

/// The level letter of level index `l`.
fn level_letter(l: u8) -> char {
    char::from(b'A' + l)
}

/// The victim the en-passant field means when it names only the skipped cell: the pawn one
/// forward step of the side that just moved beyond it, along the rank first, else along the
/// level, whose double step started on a pawn start cell.
fn default_victim(pos: &Triagonal, skipped: Cell) -> Option<Cell> {
    let mover = !pos.turn;
    let s = if mover == Color::White { 1 } else { -1 };
    let pawn = code(Role::Pawn, mover);
    [(0, s, 0), (0, 0, s)].into_iter().find_map(|(df, dr, dl)| {
        let victim = skipped.offset(df, dr, dl)?;
        let origin = skipped.offset(-df, -dr, -dl)?;
        (pos.board[victim.index()] == pawn && pawn_start(mover, origin)).then_some(victim)
    })
}

/// The fields of a position text in order, as errors name them.
const FIELDS: [&str; 7] = [
    "the board",
    "the side to move",
    "White's Jacks in hand",
    "Black's Jacks in hand",
    "the en-passant cell",
    "the half-move clock",
    "the move number",
];

/// Whether cell `i` (`8 * rank + file`) of level D or E is in the hole.
fn hole_of_middle_level(i: usize) -> bool {
    is_hole((i % 8) as u8, (i / 8) as u8, 3)
}

/// The grid of one level: 8 × 8 cells, with the hole (written `*`) on levels D and E. The
/// other levels have the hole character too, with no cell in the hole, so that a `*` there
/// reads as a misplaced hole rather than an unknown piece.
fn level_grid(level: u8) -> GridFormat {
    const FULL: GridFormat = GridFormat::new(8, 8).with_holes('*', |_| false);
    const HOLED: GridFormat = GridFormat::new(8, 8).with_holes('*', hole_of_middle_level);
    if matches!(level, 3 | 4) {
        HOLED
    } else {
        FULL
    }
}

/// The letter of a coloured piece: upper case for White.
fn piece_char(&(piece, color): &(Role, Color)) -> char {
    match color {
        Color::White => piece.letter(),
        Color::Black => piece.letter().to_ascii_lowercase(),
    }
}

/// The coloured piece of a letter (upper case for White), if it is one.
fn char_piece(ch: char) -> Option<(Role, Color)> {
    let piece = Role::from_letter(ch).filter(|_| ch.is_ascii())?;
    let color = if ch.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    Some((piece, color))
}

/// Writes the position text.
pub(crate) fn write_position(pos: &Triagonal) -> String {
    let mut out = String::with_capacity(300);
    for level in 0..8u8 {
        if level > 0 {
            out.push('|');
        }
        let at =
            |i: usize| Cell::from_index(64 * usize::from(level) + i).and_then(|c| pos.piece_at(c));
        out.push_str(&level_grid(level).write(at, piece_char));
    }
    let ep = match pos.en_passant() {
        None => "-".to_string(),
        Some((skipped, victim)) if default_victim(pos, skipped) == Some(victim) => {
            skipped.to_string()
        }
        Some((skipped, victim)) => format!("{skipped}>{victim}"),
    };
    let _ = write!(
        out,
        " {} {} {} {ep} {} {}",
        pos.turn.char(),
        pos.hand[0],
        pos.hand[1],
        pos.halfmove,
        pos.fullmove
    );
    out
}

/// Reads a position text, saying what is wrong and where (the field; on the board the
/// level, then the row and column within it as the kit's grid reader names them).
pub(crate) fn read_position(text: &str) -> Result<Triagonal, ParsePositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != FIELDS.len() {
        return Err(ParsePositionError::of_kind(
            PositionErrorKind::Syntax,
            "whole text",
            format!(
                "expected 7 space-separated fields (board, side to move, White's and Black's Jacks in hand, en-passant cell or -, half-move clock, move number), found {}",
                fields.len()
            ),
        ));
    }
    let mut setup = Setup::new(Color::White);
    read_board(fields[0], &mut setup)?;
    setup.set_turn(read_turn(fields[1])?);
    for (i, color) in [(2, Color::White), (3, Color::Black)] {
        let jacks = read_counter(fields[i], FIELDS[i], 0, u32::from(u16::MAX))?;
        setup.set_jacks_in_hand(color, jacks as u16);
    }
    setup.set_halfmove_clock(read_counter(fields[5], FIELDS[5], 0, u32::MAX)?);
    setup.set_fullmove_number(read_counter(fields[6], FIELDS[6], 1, u32::MAX)?);
    read_en_passant(fields[4], &mut setup)?;
    setup.build()
}

/// Reads the board field (levels A to H separated by `|`) onto the empty `setup`.
fn read_board(board: &str, setup: &mut Setup) -> Result<(), ParsePositionError> {
    let levels: Vec<&str> = board.split('|').collect();
    if levels.len() != 8 {
        return Err(ParsePositionError::of_kind(
            PositionErrorKind::Syntax,
            FIELDS[0],
            format!(
                "expected 8 levels (A to H) separated by `|`, found {}",
                levels.len()
            ),
        ));
    }
    for (level, level_text) in (0..8u8).zip(levels) {
        let name = level_letter(level);
        let ranks = level_text.split('/').count();
        if ranks != 8 {
            return Err(ParsePositionError::of_kind(
                PositionErrorKind::Syntax,
                format!("level {name}"),
                format!("expected 8 ranks (8 to 1) separated by `/`, found {ranks}"),
            ));
        }
        let cells = level_grid(level)
            .read(level_text, char_piece)
            .map_err(|mut e| {
                e.place = format!("level {name}, {}", e.place);
                e
            })?;
        for (i, piece) in cells.into_iter().enumerate() {
            if piece.is_some() {
                setup.set_piece(Cell::at(64 * usize::from(level) + i), piece);
            }
        }
    }
    Ok(())
}

/// Reads the side to move: `w` or `b`.
fn read_turn(field: &str) -> Result<Color, ParsePositionError> {
    Color::from_text(field)
        .filter(|_| field.len() == 1)
        .ok_or_else(|| {
            ParsePositionError::of_kind(
                PositionErrorKind::BadField,
                FIELDS[1],
                format!("expected `w` or `b`, found `{field}`"),
            )
        })
}

/// Reads the en-passant field (`-`, the skipped cell, or the skipped cell `>` the pawn's
/// cell) and sets it on `setup`, whose pieces and side to move are already read
/// ([`Setup::build`] checks it).
fn read_en_passant(field: &str, setup: &mut Setup) -> Result<(), ParsePositionError> {
    if field == "-" {
        return Ok(());
    }
    let err = |kind, reason: String| ParsePositionError::of_kind(kind, FIELDS[4], reason);
    let (skipped, victim) = match field.split_once('>') {
        Some((s, v)) => (s, Some(v)),
        None => (field, None),
    };
    let skipped = Cell::parse(skipped).ok_or_else(|| {
        err(
            PositionErrorKind::UnknownCell,
            format!("`{field}` is not `-`, a cell, or a cell `>` a cell"),
        )
    })?;
    let victim = match victim {
        Some(v) => Cell::parse(v).ok_or_else(|| {
            err(
                PositionErrorKind::UnknownCell,
                format!("`{v}` after `>` is not a cell"),
            )
        })?,
        None => default_victim(&setup.draft, skipped).ok_or_else(|| {
            err(
                PositionErrorKind::BadField,
                format!(
                    "no pawn of the side that just moved can have double-stepped over {skipped}"
                ),
            )
        })?,
    };
    setup.set_en_passant(Some((skipped, victim)));
    Ok(())
}
