//! Move texts and position texts, in the naming of the rule set's board (under
//! `paulowich-16` its files `a`–`p` are the internal files `c`–`r`).

use crate::board::{Bb, Board, Square, Unit, RANKS};
use crate::position::{
    limit_after, max_limit, Move, MoveKind, Piece, Rules, TilingRider, FIFTY_TURN_LIMIT,
    MAX_TURN_LIMIT,
};
use chimera_core::{Color, MoveErrorKind, ParseMoveError, ParsePositionError, PositionErrorKind};
use std::fmt::Write;

/// The letter of the giant ferz (upper case White, lower case Black).
pub(crate) const GIANT_FERZ: char = 'Z';

/// The canonical text of a move: `d4-e5`, `d4xe5`, `Wc1-c9`, `Ki1xi3`, `Zi1-j3`, `;`.
pub(crate) fn move_text(pos: &TilingRider, mv: Move) -> String {
    let them = (!pos.side).index();
    let board = pos.rules.board();
    match mv.kind() {
        MoveKind::EndTurn => ";".to_string(),
        MoveKind::Single => {
            let (Some(s), Some(t)) = (mv.from_square(), mv.to_square()) else {
                return "?".to_string();
            };
            let sep = if pos.occ[them].has(t) { 'x' } else { '-' };
            format!("{}{sep}{}", board.square_name(s), board.square_name(t))
        }
        MoveKind::Aggregate | MoveKind::King | MoveKind::GiantFerz => {
            let (Some(a), Some(b)) = (mv.from_unit(), mv.to_unit()) else {
                return "?".to_string();
            };
            let sep = if pos.occ[them].nib(b) != 0 { 'x' } else { '-' };
            let letter = match mv.kind() {
                MoveKind::King => 'K',
                MoveKind::GiantFerz => GIANT_FERZ,
                _ => pos
                    .aggregate_at(pos.side, a)
                    .map(|ty| Piece::from_index(ty).letter())
                    .unwrap_or('A'),
            };
            format!(
                "{letter}{}{sep}{}",
                board.square_name(a.lower_left()),
                board.square_name(b.lower_left())
            )
        }
    }
}

/// Splits `FROM[-x:]TO` (or `FROMTO`) into two squares of the board.
fn two_squares(text: &str, board: Board) -> Result<(Square, Square), (MoveErrorKind, String)> {
    let bytes = text.as_bytes();
    // first square: a letter and digits
    if bytes.is_empty() || !bytes[0].is_ascii_alphabetic() {
        return Err((
            MoveErrorKind::Syntax,
            "expected a square such as `d4` first".into(),
        ));
    }
    let mut i = 1;
    while i < bytes.len() && bytes[i].is_ascii_digit() {
        i += 1;
    }
    let first = &text[..i];
    let last = board.last_square_name();
    let from = board.parse_square(first).ok_or_else(|| {
        let kind = if square_shaped(first) {
            MoveErrorKind::UnknownCell
        } else {
            MoveErrorKind::Syntax
        };
        (kind, format!("`{first}` is not a square (a1–{last})"))
    })?;
    let mut rest = &text[i..];
    if let Some(r) = rest.strip_prefix(['-', 'x', 'X', ':']) {
        rest = r;
    }
    let to = board.parse_square(rest).ok_or_else(|| {
        let kind = if square_shaped(rest) {
            MoveErrorKind::UnknownCell
        } else {
            MoveErrorKind::Syntax
        };
        (kind, format!("`{rest}` is not a square (a1–{last})"))
    })?;
    Ok((from, to))
}

/// Reads a move: `d4-e5`, `d4xe5`, `d4e5`, `Wc1-c9`, `Ki1-i3`, `Zi1-j3`, `;` (any case,
/// spaces ignored).
pub(crate) fn parse_move(pos: &TilingRider, text: &str) -> Result<Move, ParseMoveError> {
    let clean: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let err = |kind: MoveErrorKind, reason: String| ParseMoveError::of_kind(kind, text, reason);
    if clean == ";" || clean.eq_ignore_ascii_case("end") {
        return Ok(Move::END_TURN);
    }
    if !clean.is_ascii() {
        return Err(err(
            MoveErrorKind::Syntax,
            "only ASCII letters, digits, `-`, `x` and `;` belong in a move".into(),
        ));
    }
    let board = pos.rules.board();
    let b = clean.as_bytes();
    if b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1].is_ascii_alphabetic() {
        let prefix = b[0].to_ascii_uppercase() as char;
        let has_gferz = pos.rules.has_giant_ferz();
        let (s, t) = two_squares(&clean[1..], board).map_err(|(kind, reason)| err(kind, reason))?;
        let (a, bu) = (s.unit(), t.unit());
        if prefix == 'K' {
            return Ok(Move::king(a, bu));
        }
        if prefix == GIANT_FERZ && has_gferz {
            return Ok(Move::giant_ferz(a, bu));
        }
        let piece = Piece::from_letter(prefix).ok_or_else(|| {
            err(
                MoveErrorKind::BadPiece,
                format!(
                    "`{prefix}` is not a unit-move prefix (W, F, G, N for aggregates, K for the king{})",
                    if has_gferz { ", Z for the giant ferz" } else { "" }
                ),
            )
        })?;
        if let Some(ty) = pos.aggregate_at(pos.side, a) {
            if ty != piece as usize {
                return Err(err(
                    MoveErrorKind::BadPiece,
                    format!(
                        "the aggregate on {} is of {}s, not {}s",
                        board.square_name(a.lower_left()),
                        Piece::from_index(ty).name(),
                        piece.name()
                    ),
                ));
            }
        }
        return Ok(Move::aggregate(a, bu));
    }
    let (s, t) = two_squares(&clean, board).map_err(|(kind, reason)| err(kind, reason))?;
    Ok(Move::single(s, t))
}

fn piece_char(piece: Piece, color: Color) -> char {
    match color {
        Color::White => piece.letter(),
        Color::Black => piece.letter().to_ascii_lowercase(),
    }
}

/// The position text: 16 ranks (16 first) of the board's files (18, or 16 under
/// `paulowich-16`), then the side to move, `made/limit`, the moved pieces, the opponent's
/// last turn length, the capture clock and the turn number.
pub(crate) fn write_position(pos: &TilingRider) -> String {
    let board = pos.rules.board();
    let mut out = String::with_capacity(200);
    for rank in (0..RANKS).rev() {
        let mut run = 0;
        for file in 0..board.files() {
            let sq = board.square(file, rank).expect("on board");
            let c = if let Some((p, col)) = pos.piece_at(sq) {
                Some(piece_char(p, col))
            } else if let Some(col) = pos.king_at(sq) {
                Some(col.fold('K', 'k'))
            } else {
                pos.giant_ferz_at(sq)
                    .map(|col| col.fold(GIANT_FERZ, GIANT_FERZ.to_ascii_lowercase()))
            };
            match c {
                None => run += 1,
                Some(c) => {
                    if run > 0 {
                        let _ = write!(out, "{run}");
                        run = 0;
                    }
                    out.push(c);
                }
            }
        }
        if run > 0 {
            let _ = write!(out, "{run}");
        }
        if rank > 0 {
            out.push('/');
        }
    }
    let _ = write!(out, " {} {}/{} ", pos.side.char(), pos.made, pos.limit);
    let mut marks: Vec<String> = Vec::new();
    let mut squares: Vec<Square> = (pos.moved | pos.used).iter().collect();
    squares.sort_by_key(|s| (s.rank(), s.file()));
    for sq in squares {
        if pos.used.has(sq) {
            marks.push(format!("{}*", board.square_name(sq)));
        } else {
            marks.push(board.square_name(sq));
        }
    }
    if pos.king_moved {
        marks.push("K".to_string());
    }
    if pos.gferz_moved {
        marks.push(GIANT_FERZ.to_string());
    }
    if marks.is_empty() {
        out.push('-');
    } else {
        out.push_str(&marks.join(","));
    }
    if pos.last == 0 {
        out.push_str(" -");
    } else {
        let _ = write!(out, " {}", pos.last);
    }
    let _ = write!(out, " {} {}", pos.clock, pos.turn_no);
    out
}

fn perr(
    kind: PositionErrorKind,
    place: impl Into<String>,
    reason: impl Into<String>,
) -> ParsePositionError {
    ParsePositionError::of_kind(kind, place, reason)
}

/// Whether `text` is shaped like a square name (a letter and digits), so that not naming
/// a square of the board makes it an unknown square rather than bad syntax.
fn square_shaped(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1..].iter().all(u8::is_ascii_digit)
}

/// The kind of a position error about `name`, which names no square of the board.
fn square_kind(name: &str) -> PositionErrorKind {
    if square_shaped(name) {
        PositionErrorKind::UnknownCell
    } else {
        PositionErrorKind::BadField
    }
}

fn number<T: std::str::FromStr>(
    kind: PositionErrorKind,
    text: &str,
    place: &str,
) -> Result<T, ParsePositionError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) || text.len() > 5 {
        return Err(perr(kind, place, format!("`{text}` is not a number")));
    }
    text.parse()
        .map_err(|_| perr(kind, place, format!("`{text}` is out of range")))
}

fn unit_word(rules: Rules) -> &'static str {
    if rules.progressive() {
        "moves"
    } else {
        "points"
    }
}

fn side_name(color: Color) -> &'static str {
    color.fold("White", "Black")
}

/// The turn counters of a position text: only those a game can reach (`RULES.md`,
/// "Notation"). White's first turn allows 4 and follows no turn; every later turn follows
/// the opponent's previous turn, whose length is possible at its turn number (exactly 4
/// and 8 for the standard first turns), and allows what that length gives; the turns
/// since the last capture are no more than the turns ended so far, and no more than the
/// 50-turn rule lets a game go on.
fn check_turn_counters(
    rules: Rules,
    side: Color,
    made: u8,
    limit: u8,
    last: u8,
    clock: u16,
    turn_no: u16,
) -> Result<(), ParsePositionError> {
    let unit = unit_word(rules);
    let (us, them) = (side_name(side), side_name(!side));
    if side == Color::White && turn_no == 1 {
        if last != 0 {
            return Err(perr(
                PositionErrorKind::BadCounter,
                "field 5 (opponent's last turn length)",
                "White's first turn follows no turn of Black's: write `-`",
            ));
        }
        let expected = max_limit(rules, side, 1);
        if limit != expected {
            let how = if rules.progressive() {
                "exactly"
            } else {
                "up to"
            };
            return Err(perr(
                PositionErrorKind::BadCounter,
                "field 3 (limit)",
                format!("White's first turn allows {how} {expected} {unit}, not {limit}"),
            ));
        }
    } else {
        // The opponent's turn before this one, and what it could have been.
        let prev_no = if side == Color::White {
            turn_no - 1
        } else {
            turn_no
        };
        let prev_max = max_limit(rules, !side, prev_no);
        let prev_min = if rules.progressive() && prev_no == 1 {
            prev_max
        } else {
            1
        };
        if last == 0 {
            return Err(perr(
                PositionErrorKind::BadCounter,
                "field 5 (opponent's last turn length)",
                format!(
                    "{us}'s turn {turn_no} follows {them}'s turn {prev_no}: its length is needed \
                     (`-` only on White's first turn)"
                ),
            ));
        }
        if !(prev_min..=prev_max).contains(&last) {
            let bound = if prev_min == prev_max {
                format!("exactly {prev_max}")
            } else {
                format!("at most {prev_max}")
            };
            return Err(perr(
                PositionErrorKind::BadCounter,
                "field 5 (opponent's last turn length)",
                format!("{them}'s turn {prev_no} has {bound} {unit}, not {last}"),
            ));
        }
        let expected = limit_after(rules, !side, prev_no, last);
        if limit != expected {
            return Err(perr(
                PositionErrorKind::BadCounter,
                "field 3 (limit)",
                format!(
                    "after {them}'s turn of {last} {unit}, {us}'s turn allows {expected}, \
                     not {limit}"
                ),
            ));
        }
    }
    let ended = 2 * (u32::from(turn_no) - 1) + u32::from(side == Color::Black);
    if u32::from(clock) > ended {
        return Err(perr(
            PositionErrorKind::BadCounter,
            "field 6 (turns since a capture)",
            format!("only {ended} turns have ended before {us}'s turn {turn_no}, not {clock}"),
        ));
    }
    // A turn starting past the 50-turn limit is a drawn game's end; none is played.
    let most = if made == 0 {
        FIFTY_TURN_LIMIT + 1
    } else {
        FIFTY_TURN_LIMIT
    };
    if clock > most {
        return Err(perr(
            PositionErrorKind::BadCounter,
            "field 6 (turns since a capture)",
            format!(
                "the game is drawn once more than {FIFTY_TURN_LIMIT} turns pass without a \
                 capture: at most {most} here, not {clock}"
            ),
        ));
    }
    Ok(())
}

/// The pieces marked as moved must account for the moves made: each mark of a piece
/// moved alone, of an aggregate move (its four pieces), of the king and of the giant
/// ferz is one move (4 points for an aggregate or king move under `wheeler`), and up to
/// four lone moves more for each aggregate move (its pieces may have moved alone before
/// it, their marks then replaced by the aggregate's).
fn check_marks(pos: &TilingRider) -> Result<(), ParsePositionError> {
    let lone = pos.moved.count();
    let aggregates = pos.used.count() / 4;
    let big = u32::from(pos.king_moved) + u32::from(pos.gferz_moved);
    let (low, high) = if pos.rules.progressive() {
        (lone + aggregates + big, lone + 5 * aggregates + big)
    } else {
        (
            lone + 4 * aggregates + 4 * big,
            lone + 8 * aggregates + 4 * big,
        )
    };
    let made = u32::from(pos.made);
    if (low..=high).contains(&made) {
        return Ok(());
    }
    let unit = unit_word(pos.rules);
    let account = if low == high {
        format!("exactly {low}")
    } else {
        format!("{low} to {high}")
    };
    Err(perr(
        PositionErrorKind::BadField,
        "field 4 (moved pieces)",
        format!("{made} {unit} made, but the pieces marked as moved account for {account}"),
    ))
}

/// Reads a position text (the format [`write_position`] writes).
pub(crate) fn parse_position(text: &str, rules: Rules) -> Result<TilingRider, ParsePositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 7 {
        return Err(perr(
            PositionErrorKind::Syntax,
            "whole text",
            format!(
                "expected 7 fields (board, side, made/limit, moved, last turn, clock, turn number), found {}",
                fields.len()
            ),
        ));
    }
    let mut pos = TilingRider::empty(rules);
    let board = rules.board();
    let files = board.files();
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != RANKS as usize {
        return Err(perr(
            PositionErrorKind::Syntax,
            "board",
            format!("expected 16 ranks separated by `/`, found {}", ranks.len()),
        ));
    }
    let mut king_sq: [Vec<Square>; 2] = [Vec::new(), Vec::new()];
    let mut gferz_sq: [Vec<Square>; 2] = [Vec::new(), Vec::new()];
    for (i, row) in ranks.iter().enumerate() {
        let rank = RANKS - 1 - i as u8;
        let place = format!("rank {}", rank + 1);
        let mut file: u32 = 0;
        let mut digits = String::new();
        let flush = |digits: &mut String, file: &mut u32| -> Result<(), ParsePositionError> {
            if !digits.is_empty() {
                let n: u32 = number(PositionErrorKind::Syntax, digits, &place)?;
                if n == 0 {
                    return Err(perr(
                        PositionErrorKind::Syntax,
                        &place,
                        "an empty run of 0 squares",
                    ));
                }
                *file += n;
                digits.clear();
            }
            Ok(())
        };
        for c in row.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            flush(&mut digits, &mut file)?;
            if file >= u32::from(files) {
                return Err(perr(
                    PositionErrorKind::Syntax,
                    &place,
                    format!("more than {files} files"),
                ));
            }
            let sq = board.square(file as u8, rank).expect("checked");
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            if c == 'K' || c == 'k' {
                king_sq[color.index()].push(sq);
            } else if c.eq_ignore_ascii_case(&GIANT_FERZ) && rules.has_giant_ferz() {
                gferz_sq[color.index()].push(sq);
            } else if let Some(p) = c
                .is_ascii_alphabetic()
                .then(|| Piece::from_letter(c))
                .flatten()
            {
                pos.set_piece(sq, Some((p, color)));
            } else {
                let letters = if rules.has_giant_ferz() {
                    "W F G N K Z"
                } else {
                    "W F G N K"
                };
                return Err(perr(
                    PositionErrorKind::BadPiece,
                    format!("{place}, file {}", board.file_letter(file as u8)),
                    format!("`{c}` is not a piece ({letters}, lower case for Black) nor a digit"),
                ));
            }
            file += 1;
        }
        flush(&mut digits, &mut file)?;
        if file != u32::from(files) {
            return Err(perr(
                PositionErrorKind::Syntax,
                &place,
                format!("describes {file} files, not {files}"),
            ));
        }
    }
    // A whole unit, or an error naming the squares found.
    let one_unit = |squares: &[Square], name: &str| -> Result<Unit, ParsePositionError> {
        let unit = squares[0].unit();
        let mut expected: Vec<Square> = unit.squares().to_vec();
        expected.sort();
        let mut got = squares.to_vec();
        got.sort();
        if got != expected {
            let example = ["i1 i2 j1 j2", "g1 g2 h1 h2"][board.index()];
            return Err(perr(
                PositionErrorKind::Invalid,
                "board",
                format!(
                    "{name} must cover exactly one whole unit (such as {example}); found it on {}",
                    squares
                        .iter()
                        .map(|&s| board.square_name(s))
                        .collect::<Vec<_>>()
                        .join(" ")
                ),
            ));
        }
        Ok(unit)
    };
    for color in Color::ALL {
        let squares = &king_sq[color.index()];
        let name = color.fold("White's king (K)", "Black's king (k)");
        if squares.is_empty() {
            return Err(perr(
                PositionErrorKind::Invalid,
                "board",
                format!("{name} is missing"),
            ));
        }
        let unit = one_unit(squares, name)?;
        pos.set_king(color, unit);
    }
    for color in Color::ALL {
        let squares = &gferz_sq[color.index()];
        if squares.is_empty() {
            continue; // a giant ferz may have been captured
        }
        let name = color.fold("White's giant ferz (Z)", "Black's giant ferz (z)");
        let unit = one_unit(squares, name)?;
        pos.set_giant_ferz(color, Some(unit));
    }
    let side = Color::from_text(fields[1]).ok_or_else(|| {
        perr(
            PositionErrorKind::BadField,
            "field 2 (side to move)",
            format!("`{}` is not w or b", fields[1]),
        )
    })?;
    let (made, limit) = fields[2].split_once('/').ok_or_else(|| {
        perr(
            PositionErrorKind::BadCounter,
            "field 3 (moves made/limit)",
            format!(
                "`{}` is not of the form made/limit (such as 0/4)",
                fields[2]
            ),
        )
    })?;
    let made: u8 = number(PositionErrorKind::BadCounter, made, "field 3 (moves made)")?;
    let limit: u8 = number(PositionErrorKind::BadCounter, limit, "field 3 (limit)")?;
    if limit == 0 || made >= limit {
        return Err(perr(
            PositionErrorKind::BadCounter,
            "field 3 (moves made/limit)",
            format!("need 0 <= made < limit and limit >= 1, found {made}/{limit}"),
        ));
    }
    if limit > MAX_TURN_LIMIT {
        return Err(perr(
            PositionErrorKind::BadCounter,
            "field 3 (limit)",
            format!(
                "a turn allows at most {MAX_TURN_LIMIT} {}, not {limit}",
                unit_word(rules)
            ),
        ));
    }
    let turn_no: u16 = number(
        PositionErrorKind::BadCounter,
        fields[6],
        "field 7 (turn number)",
    )?;
    if turn_no == 0 {
        return Err(perr(
            PositionErrorKind::BadCounter,
            "field 7 (turn number)",
            "turns are numbered from 1",
        ));
    }
    let clock: u16 = number(
        PositionErrorKind::BadCounter,
        fields[5],
        "field 6 (turns since a capture)",
    )?;
    let last: u8 = if fields[4] == "-" {
        0
    } else {
        match number(
            PositionErrorKind::BadCounter,
            fields[4],
            "field 5 (opponent's last turn length)",
        )? {
            0 => {
                return Err(perr(
                    PositionErrorKind::BadCounter,
                    "field 5 (opponent's last turn length)",
                    "a turn has at least one move (`-` means the opponent has had no turn yet)",
                ))
            }
            n => n,
        }
    };
    check_turn_counters(rules, side, made, limit, last, clock, turn_no)?;
    pos.set_turn(side, made, limit);
    pos.set_turn_number(turn_no);
    pos.set_turn_clock(clock);
    pos.set_last_turn_length(last);
    if fields[3] != "-" {
        if made == 0 {
            return Err(perr(
                PositionErrorKind::BadField,
                "field 4 (moved pieces)",
                "no move has been made this turn (made is 0), so nothing can have moved",
            ));
        }
        let mut moved = Bb::EMPTY;
        let mut used = Bb::EMPTY;
        for token in fields[3].split(',') {
            let place = format!("field 4 (moved pieces), `{token}`");
            if token == "K" || token == "k" {
                if pos.king_moved {
                    return Err(perr(
                        PositionErrorKind::BadField,
                        place,
                        "the king is listed twice",
                    ));
                }
                pos.king_moved = true;
                continue;
            }
            if rules.has_giant_ferz() && token.eq_ignore_ascii_case("Z") {
                if pos.gferz_moved {
                    return Err(perr(
                        PositionErrorKind::BadField,
                        place,
                        "the giant ferz is listed twice",
                    ));
                }
                if pos.gferz[side.index()].is_none() {
                    return Err(perr(
                        PositionErrorKind::BadField,
                        place,
                        "the side to move has no giant ferz on the board",
                    ));
                }
                pos.gferz_moved = true;
                continue;
            }
            let (name, agg) = match token.strip_suffix('*') {
                Some(n) => (n, true),
                None => (token, false),
            };
            let sq = board.parse_square(name).ok_or_else(|| {
                perr(
                    square_kind(name),
                    &place,
                    format!(
                        "not a square (a1–{}), `K`{}, or a square with `*`",
                        board.last_square_name(),
                        if rules.has_giant_ferz() { ", `Z`" } else { "" }
                    ),
                )
            })?;
            if (moved | used).has(sq) {
                return Err(perr(PositionErrorKind::BadField, &place, "listed twice"));
            }
            match pos.piece_at(sq) {
                Some((_, c)) if c == side => {}
                _ => {
                    return Err(perr(
                        PositionErrorKind::BadField,
                        &place,
                        "no piece of the side to move stands there",
                    ))
                }
            }
            if agg {
                used.set(sq);
            } else {
                moved.set(sq);
            }
        }
        // An aggregate move uses up whole units, and they still hold its aggregate.
        for sq in used.iter() {
            if used.nib(sq.unit()) != 0xF {
                return Err(perr(
                    PositionErrorKind::BadField,
                    "field 4 (moved pieces)",
                    format!(
                        "`{}*`: pieces used by an aggregate move fill a whole unit; list all four",
                        board.square_name(sq)
                    ),
                ));
            }
            if pos.aggregate_at(side, sq.unit()).is_none() {
                return Err(perr(
                    PositionErrorKind::BadField,
                    "field 4 (moved pieces)",
                    format!(
                        "`{}*`: the pieces used by an aggregate move are four of one kind",
                        board.square_name(sq)
                    ),
                ));
            }
        }
        pos.moved = moved;
        pos.used = used;
    }
    check_marks(&pos)?;
    pos.key = pos.board_key_from_scratch();
    Ok(pos)
}
