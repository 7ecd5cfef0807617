//! Move text (`Ae2-Ae4`, `Bc2xCd3`, `Gb7-Hb8=N`, `Bb1^Bb2`, `J@Cc3,J@Cd3,Ab1-Ac3`) and
//! position text (levels A to H separated by `|`, ranks 8 to 1 by `/`, holes `*`).

use crate::board::{is_hole, Cell};
use crate::position::{code, pawn_start, MoveKind, Piece, Triagonal};
use crate::Move;
use chimera_core::{Color, MoveErrorKind, ParseMoveError, ParsePositionError, PositionErrorKind};
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
        [c] => match Piece::from_letter(char::from(*c)) {
            Some(p @ (Piece::Knight | Piece::Bishop | Piece::Rook | Piece::Queen)) => {
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
    let pawn = code(Piece::Pawn, mover);
    [(0, s, 0), (0, 0, s)].into_iter().find_map(|(df, dr, dl)| {
        let victim = skipped.offset(df, dr, dl)?;
        let origin = skipped.offset(-df, -dr, -dl)?;
        (pos.board[victim.index()] == pawn && pawn_start(mover, origin)).then_some(victim)
    })
}

/// Writes the position text.
pub(crate) fn write_position(pos: &Triagonal) -> String {
    let mut out = String::with_capacity(300);
    for level in 0..8u8 {
        if level > 0 {
            out.push('|');
        }
        for rank in (0..8u8).rev() {
            if rank < 7 {
                out.push('/');
            }
            let mut empty = 0;
            for file in 0..8u8 {
                let cell = Cell::new(file, rank, level);
                let piece = cell.and_then(|c| pos.piece_at(c));
                if cell.is_some() && piece.is_none() {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    let _ = write!(out, "{empty}");
                    empty = 0;
                }
                match piece {
                    None => out.push('*'),
                    Some((p, Color::White)) => out.push(p.letter()),
                    Some((p, Color::Black)) => out.push(p.letter().to_ascii_lowercase()),
                }
            }
            if empty > 0 {
                let _ = write!(out, "{empty}");
            }
        }
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

/// Reads a position text, saying what is wrong and where (level, rank, file, and the
/// character column in the text, counted from 1).
pub(crate) fn read_position(text: &str) -> Result<Triagonal, ParsePositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    const NAMES: [&str; 7] = [
        "the board",
        "the side to move",
        "White's Jacks in hand",
        "Black's Jacks in hand",
        "the en-passant cell",
        "the half-move clock",
        "the move number",
    ];
    if fields.len() != 7 {
        return Err(ParsePositionError::of_kind(
            PositionErrorKind::Syntax,
            "whole text",
            format!(
                "expected 7 space-separated fields (board, side to move, White's and Black's Jacks in hand, en-passant cell or -, half-move clock, move number), found {}",
                fields.len()
            ),
        ));
    }
    let board_start = text.len() - text.trim_start().len();
    let mut pos = Triagonal::empty(Color::White);
    let levels: Vec<&str> = fields[0].split('|').collect();
    if levels.len() != 8 {
        return Err(ParsePositionError::of_kind(
            PositionErrorKind::Syntax,
            "the board",
            format!(
                "expected 8 levels (A to H) separated by `|`, found {}",
                levels.len()
            ),
        ));
    }
    let mut column = board_start + 1;
    for (l, level_text) in levels.iter().enumerate() {
        let l = l as u8;
        let lname = level_letter(l);
        let ranks: Vec<&str> = level_text.split('/').collect();
        if ranks.len() != 8 {
            return Err(ParsePositionError::of_kind(
                PositionErrorKind::Syntax,
                format!("level {lname}, column {column}"),
                format!(
                    "expected 8 ranks (8 to 1) separated by `/`, found {}",
                    ranks.len()
                ),
            ));
        }
        for (ri, rank_text) in ranks.iter().enumerate() {
            let rank = 7 - ri as u8;
            let rname = rank + 1;
            let mut file = 0u8;
            for ch in rank_text.chars() {
                let place = |file: u8| {
                    if file < 8 {
                        format!(
                            "level {lname}, rank {rname}, file {}, column {column}",
                            char::from(b'a' + file)
                        )
                    } else {
                        format!("level {lname}, rank {rname}, column {column}")
                    }
                };
                if file >= 8 {
                    return Err(ParsePositionError::of_kind(
                        PositionErrorKind::Syntax,
                        place(file),
                        format!("`{ch}` after the rank's 8 cells are filled"),
                    ));
                }
                match ch {
                    '1'..='8' => {
                        let n = ch as u8 - b'0';
                        for k in 0..n {
                            if file + k >= 8 {
                                return Err(ParsePositionError::of_kind(
                                    PositionErrorKind::Syntax,
                                    place(file),
                                    format!("{n} empty cells run past file h"),
                                ));
                            }
                            if is_hole(file + k, rank, l) {
                                return Err(ParsePositionError::of_kind(
                                    PositionErrorKind::Syntax,
                                    place(file + k),
                                    "this cell is a hole: write it as `*`",
                                ));
                            }
                        }
                        file += n;
                    }
                    '*' => {
                        if !is_hole(file, rank, l) {
                            return Err(ParsePositionError::of_kind(
                                PositionErrorKind::Syntax,
                                place(file),
                                "`*` marks a hole, but this cell is not one (the holes are Dd4 Dd5 De4 De5 Ed4 Ed5 Ee4 Ee5)",
                            ));
                        }
                        file += 1;
                    }
                    _ => {
                        let Some(piece) = Piece::from_letter(ch).filter(|_| ch.is_ascii()) else {
                            return Err(ParsePositionError::of_kind(
                                PositionErrorKind::BadPiece,
                                place(file),
                                format!("`{ch}` is not a piece (PNBRQKJ, lower case for Black), a digit 1-8 or `*`"),
                            ));
                        };
                        let Some(cell) = Cell::new(file, rank, l) else {
                            return Err(ParsePositionError::of_kind(
                                PositionErrorKind::Syntax,
                                place(file),
                                "this cell is a hole: no piece can stand on it",
                            ));
                        };
                        let color = if ch.is_ascii_uppercase() {
                            Color::White
                        } else {
                            Color::Black
                        };
                        if piece == Piece::King && pos.count(color, Piece::King) > 0 {
                            return Err(ParsePositionError::of_kind(
                                PositionErrorKind::Invalid,
                                place(file),
                                format!("a second {color} king"),
                            ));
                        }
                        pos.set_piece(cell, Some((piece, color)));
                        file += 1;
                    }
                }
                column += ch.len_utf8();
            }
            if file != 8 {
                return Err(ParsePositionError::of_kind(
                    PositionErrorKind::Syntax,
                    format!("level {lname}, rank {rname}, column {column}"),
                    format!("the rank has {file} cells, expected 8"),
                ));
            }
            column += 1;
        }
    }
    let turn = Color::from_text(fields[1])
        .filter(|_| fields[1].len() == 1)
        .ok_or_else(|| {
            ParsePositionError::of_kind(
                PositionErrorKind::BadField,
                NAMES[1],
                format!("expected `w` or `b`, found `{}`", fields[1]),
            )
        })?;
    pos.set_turn(turn);
    for (i, color) in [(2, Color::White), (3, Color::Black)] {
        let n: u16 = fields[i].parse().map_err(|_| {
            ParsePositionError::of_kind(
                PositionErrorKind::BadCounter,
                NAMES[i],
                format!(
                    "expected a number of Jacks (0 to 65535), found `{}`",
                    fields[i]
                ),
            )
        })?;
        pos.set_jacks_in_hand(color, n);
    }
    let halfmove: u32 = fields[5].parse().map_err(|_| {
        ParsePositionError::of_kind(
            PositionErrorKind::BadCounter,
            NAMES[5],
            format!("expected a number of plies, found `{}`", fields[5]),
        )
    })?;
    pos.set_halfmove_clock(halfmove);
    let fullmove: u32 = fields[6].parse().ok().filter(|&n| n >= 1).ok_or_else(|| {
        ParsePositionError::of_kind(
            PositionErrorKind::BadCounter,
            NAMES[6],
            format!("expected a move number from 1, found `{}`", fields[6]),
        )
    })?;
    pos.set_fullmove_number(fullmove);
    let ep = fields[4];
    if ep != "-" {
        let (skipped, victim) = match ep.split_once('>') {
            Some((s, v)) => (s, Some(v)),
            None => (ep, None),
        };
        let skipped = Cell::parse(skipped).ok_or_else(|| {
            ParsePositionError::of_kind(
                PositionErrorKind::UnknownCell,
                NAMES[4],
                format!("`{ep}` is not `-`, a cell, or a cell `>` a cell"),
            )
        })?;
        let victim = match victim {
            Some(v) => Cell::parse(v).ok_or_else(|| {
                ParsePositionError::of_kind(
                    PositionErrorKind::UnknownCell,
                    NAMES[4],
                    format!("`{v}` after `>` is not a cell"),
                )
            })?,
            None => default_victim(&pos, skipped).ok_or_else(|| {
                ParsePositionError::of_kind(
                    PositionErrorKind::BadField,
                    NAMES[4],
                    format!("no pawn of the side that just moved can have double-stepped over {skipped}"),
                )
            })?,
        };
        pos.set_en_passant(Some((skipped, victim))).map_err(|e| {
            ParsePositionError::of_kind(PositionErrorKind::BadField, NAMES[4], format!("{ep}: {e}"))
        })?;
    }
    Ok(pos)
}
