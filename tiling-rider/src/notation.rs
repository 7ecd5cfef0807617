//! Move texts and position texts, in the naming of the rule set's board (under
//! `paulowich-16` its files `a`–`p` are the internal files `c`–`r`).

use crate::board::{block, tables, Board, Square, Unit, RANKS};
use crate::position::{Move, Role, Rules, TilingRider};
use crate::setup::{check_made_and_limit, check_turn_number, perr, Counters, Setup};
use chimera_core::{Color, MoveErrorKind, ParseMoveError, ParsePositionError, PositionErrorKind};
use chimera_kit::grid::GridFormat;
use std::fmt::Write;

/// The letter of the giant ferz (upper case White, lower case Black).
pub(crate) const GIANT_FERZ: char = 'Z';

/// The canonical text of a move: `d4-e5`, `d4xe5`, `Wc1-c9`, `Ki1xi3`, `Zi1-j3`, `;`.
pub(crate) fn move_text(pos: &TilingRider, mv: Move) -> String {
    let enemy = pos.occ[(!pos.side).index()];
    let board = pos.rules.board();
    let (letter, from, to, capture) = match mv {
        Move::EndTurn => return ";".to_string(),
        Move::Single { from, to } => {
            let sep = if enemy.has(to) { 'x' } else { '-' };
            return format!("{}{sep}{}", board.square_name(from), board.square_name(to));
        }
        Move::King { from, to } => ('K', from, to, enemy.nib(to) != 0),
        Move::GiantFerz { from, to } => (GIANT_FERZ, from, to, enemy.nib(to) != 0),
        Move::Aggregate { from, to } => {
            let letter = pos
                .aggregate_at(pos.side, from)
                .map_or('A', |ty| Role::from_index(ty).letter());
            (letter, from, to, enemy.nib(to) != 0)
        }
        Move::Block { from, to } => {
            let letter = pos
                .block_at(pos.side, from)
                .map_or('A', |ty| Role::from_index(ty).letter());
            let sep = if (enemy & block(to)).any() { 'x' } else { '-' };
            return format!(
                "{letter}{}{sep}{}",
                board.square_name(from),
                board.square_name(to)
            );
        }
    };
    let sep = if capture { 'x' } else { '-' };
    format!(
        "{letter}{}{sep}{}",
        board.square_name(from.lower_left()),
        board.square_name(to.lower_left())
    )
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
    let last = board.last_square_name();
    let square = |name: &str| {
        board.parse_square(name).ok_or_else(|| {
            let kind = if square_shaped(name) {
                MoveErrorKind::UnknownCell
            } else {
                MoveErrorKind::Syntax
            };
            (kind, format!("`{name}` is not a square (a1–{last})"))
        })
    };
    let from = square(&text[..i])?;
    let rest = &text[i..];
    let to = square(rest.strip_prefix(['-', 'x', 'X', ':']).unwrap_or(rest))?;
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
        let piece = Role::from_letter(prefix).ok_or_else(|| {
            err(
                MoveErrorKind::BadPiece,
                format!(
                    "`{prefix}` is not a unit-move prefix (W, F, G, N for aggregates, K for the king{})",
                    if has_gferz { ", Z for the giant ferz" } else { "" }
                ),
            )
        })?;
        if pos.rules.blocks_at_any_offset() {
            return block_move(pos, piece, s, t)
                .map_err(|reason| err(MoveErrorKind::BadPiece, reason));
        }
        if s != a.lower_left() {
            if let Some(ty) = pos.block_at(pos.side, s) {
                return Err(err(
                    MoveErrorKind::NoSuchMove,
                    format!(
                        "the {}s filling the block of {} stand at an offset from the units: \
                         under `{}` an aggregate fills a unit (named by its lower-left square); \
                         aggregates on any 2 × 2 block are `color-rider`'s",
                        Role::from_index(ty).name(),
                        board.square_name(s),
                        chimera_core::RuleSet::name(&pos.rules)
                    ),
                ));
            }
        }
        if let Some(ty) = pos.aggregate_at(pos.side, a) {
            if ty != piece as usize {
                return Err(err(
                    MoveErrorKind::BadPiece,
                    format!(
                        "the aggregate on {} is of {}s, not {}s",
                        board.square_name(a.lower_left()),
                        Role::from_index(ty).name(),
                        piece.name()
                    ),
                ));
            }
        }
        return Ok(Move::aggregate(a, bu));
    }
    let (s, t) = two_squares(&clean, board).map_err(|(kind, reason)| err(kind, reason))?;
    if !pos.rules.has_tiles() {
        if let Some((role, c)) = pos.piece_at(s) {
            let t_ = tables();
            let ty = role as usize;
            if c == pos.side && !t_.att[ty][s.index()].has(t) && t_.elong[ty][s.index()].has(t) {
                return Err(err(
                    MoveErrorKind::NoSuchMove,
                    format!(
                        "no elongated moves under `color-rider` (there are no tiles): the {} on \
                         {} does not reach {}",
                        role.name(),
                        board.square_name(s),
                        board.square_name(t)
                    ),
                ));
            }
        }
    }
    Ok(Move::single(s, t))
}

/// `color-rider`: the aggregate move of `piece`s from the block with lower-left square
/// `s` to the one with lower-left square `t`, or why the text names none.
fn block_move(pos: &TilingRider, piece: Role, s: Square, t: Square) -> Result<Move, String> {
    let board = pos.rules.board();
    for sq in [s, t] {
        if block(sq).is_empty() {
            return Err(format!(
                "`{}` is not the lower-left square of a 2 × 2 block (files a–q, ranks 1–15)",
                board.square_name(sq)
            ));
        }
    }
    if let Some(ty) = pos.block_at(pos.side, s) {
        if ty != piece as usize {
            return Err(format!(
                "the aggregate on the block of {} is of {}s, not {}s",
                board.square_name(s),
                Role::from_index(ty).name(),
                piece.name()
            ));
        }
    }
    Ok(Move::block(s, t))
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

/// What a character of the board field stands for.
#[derive(Clone, Copy)]
enum Glyph {
    Piece(Role, Color),
    King(Color),
    GiantFerz(Color),
}

impl Glyph {
    /// The glyph of a character (upper case White, lower case Black), if it is one.
    fn of_char(c: char, rules: Rules) -> Option<Glyph> {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match c.to_ascii_uppercase() {
            'K' => Some(Glyph::King(color)),
            GIANT_FERZ if rules.has_giant_ferz() => Some(Glyph::GiantFerz(color)),
            _ => Role::from_letter(c).map(|p| Glyph::Piece(p, color)),
        }
    }

    /// The character of the glyph.
    fn char(self) -> char {
        let (upper, color) = match self {
            Glyph::Piece(p, c) => (p.letter(), c),
            Glyph::King(c) => ('K', c),
            Glyph::GiantFerz(c) => (GIANT_FERZ, c),
        };
        color.fold(upper, upper.to_ascii_lowercase())
    }
}

/// The grid of a rule set's board: its files, 16 ranks.
fn grid(rules: Rules) -> GridFormat {
    GridFormat::new(usize::from(rules.board().files()), usize::from(RANKS))
}

/// The square of grid cell `cell` (`rank * files + file`, in the board's own files).
fn cell_square(board: Board, cell: usize) -> Square {
    let files = usize::from(board.files());
    board
        .square((cell % files) as u8, (cell / files) as u8)
        .expect("a grid cell is on the board")
}

/// The board field: the grid of the board's files, a king (or a giant ferz) written on
/// all four squares of its unit.
fn write_board(pos: &TilingRider) -> String {
    let board = pos.rules.board();
    grid(pos.rules).write(
        |cell| {
            let sq = cell_square(board, cell);
            if let Some((p, c)) = pos.piece_at(sq) {
                Some(Glyph::Piece(p, c))
            } else if let Some(c) = pos.king_at(sq) {
                Some(Glyph::King(c))
            } else {
                pos.giant_ferz_at(sq).map(Glyph::GiantFerz)
            }
        },
        |g| g.char(),
    )
}

/// The position text: 16 ranks (16 first) of the board's files (18, or 16 under
/// `paulowich-16`), then the side to move, `made/limit`, the moved pieces, the opponent's
/// last turn length, the capture clock and the turn number.
pub(crate) fn write_position(pos: &TilingRider) -> String {
    let mut out = write_board(pos);
    let _ = write!(out, " {} {}/{} ", pos.side.char(), pos.made, pos.limit);
    out.push_str(&moved_field(pos));
    if pos.last == 0 {
        out.push_str(" -");
    } else {
        let _ = write!(out, " {}", pos.last);
    }
    let _ = write!(out, " {} {}", pos.clock, pos.turn_no);
    out
}

/// The moved-pieces field: the squares by rank then file (`*` after those used by an
/// aggregate move), then `K` and `Z`; `-` for none.
fn moved_field(pos: &TilingRider) -> String {
    let board = pos.rules.board();
    let mut squares: Vec<Square> = (pos.moved | pos.used).iter().collect();
    squares.sort_by_key(|s| (s.rank(), s.file()));
    let mut marks: Vec<String> = squares
        .into_iter()
        .map(|sq| {
            let star = if pos.used.has(sq) { "*" } else { "" };
            format!("{}{star}", board.square_name(sq))
        })
        .collect();
    if pos.king_moved {
        marks.push("K".to_string());
    }
    if pos.gferz_moved {
        marks.push(GIANT_FERZ.to_string());
    }
    if marks.is_empty() {
        "-".to_string()
    } else {
        marks.join(",")
    }
}

/// Reads a position text (the format [`write_position`] writes): the board, the turn
/// counters and the moved pieces, then [`Setup::build`] checks the whole.
pub(crate) fn parse_position(text: &str, rules: Rules) -> Result<TilingRider, ParsePositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [board, side, made_limit, moved, last, clock, turn_no] = fields[..] else {
        return Err(perr(
            PositionErrorKind::Syntax,
            "whole text",
            format!(
                "expected 7 fields (board, side, made/limit, moved, last turn, clock, turn number), found {}",
                fields.len()
            ),
        ));
    };
    let mut setup = read_board(board, rules)?;
    setup.set_counters(read_counters(
        [side, made_limit, last, clock, turn_no],
        rules,
    )?);
    if moved != "-" {
        read_moved(moved, &mut setup)?;
    }
    setup.build()
}

/// Reads the board field into a setup: its pieces, both kings, the giant ferzes.
fn read_board(field: &str, rules: Rules) -> Result<Setup, ParsePositionError> {
    let board = rules.board();
    let cells = grid(rules)
        .read(field, |c| Glyph::of_char(c, rules))
        .map_err(|mut e| {
            if e.kind() == PositionErrorKind::BadPiece {
                let letters = if rules.has_giant_ferz() {
                    "W F G N K Z"
                } else {
                    "W F G N K"
                };
                e.reason = format!("{} ({letters}, lower case for Black)", e.reason);
            }
            e
        })?;
    let mut setup = Setup::new(rules);
    let mut king_sq: [Vec<Square>; 2] = [Vec::new(), Vec::new()];
    let mut gferz_sq: [Vec<Square>; 2] = [Vec::new(), Vec::new()];
    for (cell, glyph) in cells.into_iter().enumerate() {
        let sq = cell_square(board, cell);
        match glyph {
            None => {}
            Some(Glyph::Piece(p, c)) => {
                setup.set_piece(sq, Some((p, c)));
            }
            Some(Glyph::King(c)) => king_sq[c.index()].push(sq),
            Some(Glyph::GiantFerz(c)) => gferz_sq[c.index()].push(sq),
        }
    }
    for color in Color::ALL {
        let name = color.fold("White's king (K)", "Black's king (k)");
        let unit = one_unit(board, &king_sq[color.index()], name)?.ok_or_else(|| {
            perr(
                PositionErrorKind::Invalid,
                "board",
                format!("{name} is missing"),
            )
        })?;
        setup.set_king(color, unit);
    }
    for color in Color::ALL {
        let name = color.fold("White's giant ferz (Z)", "Black's giant ferz (z)");
        // A giant ferz may have been captured.
        if let Some(unit) = one_unit(board, &gferz_sq[color.index()], name)? {
            setup.set_giant_ferz(color, Some(unit));
        }
    }
    Ok(setup)
}

/// The unit the squares of a king or giant ferz cover (`None` if there are none), or an
/// error naming the squares found when they are not one whole unit.
fn one_unit(
    board: Board,
    squares: &[Square],
    name: &str,
) -> Result<Option<Unit>, ParsePositionError> {
    let Some(first) = squares.first() else {
        return Ok(None);
    };
    let unit = first.unit();
    let mut got = squares.to_vec();
    got.sort();
    if got == unit.squares() {
        return Ok(Some(unit));
    }
    let example = ["i1 i2 j1 j2", "g1 g2 h1 h2"][board.index()];
    let found: Vec<String> = squares.iter().map(|&s| board.square_name(s)).collect();
    Err(perr(
        PositionErrorKind::Invalid,
        "board",
        format!(
            "{name} must cover exactly one whole unit (such as {example}); found it on {}",
            found.join(" ")
        ),
    ))
}

/// Reads the counter fields (side, made/limit, last turn length, clock, turn number); the
/// setup checks that they fit together.
fn read_counters(fields: [&str; 5], rules: Rules) -> Result<Counters, ParsePositionError> {
    let [side, made_limit, last, clock, turn_no] = fields;
    let side = Color::from_text(side).ok_or_else(|| {
        perr(
            PositionErrorKind::BadField,
            "field 2 (side to move)",
            format!("`{side}` is not w or b"),
        )
    })?;
    let (made, limit) = made_limit.split_once('/').ok_or_else(|| {
        perr(
            PositionErrorKind::BadCounter,
            "field 3 (moves made/limit)",
            format!("`{made_limit}` is not of the form made/limit (such as 0/4)"),
        )
    })?;
    let counter = PositionErrorKind::BadCounter;
    let made = number(counter, made, "field 3 (moves made)")?;
    let limit = number(counter, limit, "field 3 (limit)")?;
    check_made_and_limit(rules, made, limit)?;
    let turn_no = number(counter, turn_no, "field 7 (turn number)")?;
    check_turn_number(turn_no)?;
    let clock = number(counter, clock, "field 6 (turns since a capture)")?;
    let last_place = "field 5 (opponent's last turn length)";
    let last = match last {
        "-" => 0,
        _ => match number(counter, last, last_place)? {
            0 => {
                return Err(perr(
                    counter,
                    last_place,
                    "a turn has at least one move (`-` means the opponent has had no turn yet)",
                ))
            }
            n => n,
        },
    };
    Ok(Counters {
        side,
        made,
        limit,
        last,
        clock,
        turn_no,
    })
}

/// Reads the moved-pieces field into marks on the setup (which checks that they fit the
/// board and the moves made).
fn read_moved(field: &str, setup: &mut Setup) -> Result<(), ParsePositionError> {
    let rules = setup.rules();
    let board = rules.board();
    for token in field.split(',') {
        let place = format!("field 4 (moved pieces), `{token}`");
        let twice = |what: &str| perr(PositionErrorKind::BadField, &place, what.to_string());
        if token.eq_ignore_ascii_case("K") {
            if setup.king_marked() {
                return Err(twice("the king is listed twice"));
            }
            setup.mark_king_moved();
            continue;
        }
        if rules.has_giant_ferz() && token.eq_ignore_ascii_case("Z") {
            if setup.giant_ferz_marked() {
                return Err(twice("the giant ferz is listed twice"));
            }
            setup.mark_giant_ferz_moved();
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
        if setup.square_marked(sq) {
            return Err(twice("listed twice"));
        }
        if agg {
            setup.mark_used_by_aggregate(sq);
        } else {
            setup.mark_moved_alone(sq);
        }
    }
    Ok(())
}
