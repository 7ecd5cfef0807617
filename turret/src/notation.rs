//! Position text (FEN with `*` for missing cells) and move text (long algebraic, SAN).

use crate::board::{Cell, FILES, NONE, RANKS};
use crate::position::{first_rank, last_rank, CastleSide, Turret, KING_FILE};
use crate::types::{Move, MoveKind, Piece, Role, Rules};
use chimera_core::{Color, MoveErrorKind, ParseMoveError, ParsePositionError, PositionErrorKind};
use chimera_kit::grid::{read_counter, GridFormat};
use std::fmt::Write;

/// The board field: ten files, eight ranks, `*` for each of the twelve missing cells.
const GRID: GridFormat = GridFormat::new(FILES as usize, RANKS as usize).with_holes('*', missing);

/// Whether a cell index of the 10 × 8 grid is one of the missing cells.
fn missing(index: usize) -> bool {
    Cell::from_index(index as u8).is_none()
}

/// The board field with each series of adjacent empty-cell counts written as one count:
/// this format counts digit by digit (`10` being ten), so that `181` (an extra cell, an
/// empty rank of the 8 × 8 board, an extra cell) is `10`, as the grid reader expects. A
/// series holding a count of zero becomes `0`, which the reader refuses.
fn merge_runs(board: &str) -> String {
    let mut out = String::with_capacity(board.len());
    let mut chars = board.chars().peekable();
    let (mut total, mut zero, mut in_run) = (0, false, false);
    while let Some(c) = chars.next() {
        match c.to_digit(10) {
            Some(1) if chars.peek() == Some(&'0') => {
                chars.next();
                total += 10;
            }
            Some(d) => {
                zero |= d == 0;
                total += d;
            }
            None => {
                if in_run {
                    let _ = write!(out, "{}", if zero { 0 } else { total });
                    (total, zero) = (0, false);
                }
                out.push(c);
                in_run = false;
                continue;
            }
        }
        in_run = true;
    }
    if in_run {
        let _ = write!(out, "{}", if zero { 0 } else { total });
    }
    out
}

fn syntax(place: impl Into<String>, reason: impl Into<String>) -> ParsePositionError {
    ParsePositionError::of_kind(PositionErrorKind::Syntax, place, reason)
}

fn bad_field(place: impl Into<String>, reason: impl Into<String>) -> ParsePositionError {
    ParsePositionError::of_kind(PositionErrorKind::BadField, place, reason)
}

/// Reads the side to move: `w` or `b` (either case).
fn read_side(field: Option<&str>) -> Result<Color, ParsePositionError> {
    match field {
        None => Err(syntax(
            "field 2 (side to move)",
            "missing: expected `w` or `b`",
        )),
        Some("w") | Some("W") => Ok(Color::White),
        Some("b") | Some("B") => Ok(Color::Black),
        Some(s) => Err(bad_field(
            "field 2 (side to move)",
            format!("`{}`: expected `w` or `b`", chimera_core::excerpt(s)),
        )),
    }
}

fn invalid(place: impl Into<String>, reason: impl Into<String>) -> ParsePositionError {
    ParsePositionError::of_kind(PositionErrorKind::Invalid, place, reason)
}

impl Turret {
    /// Reads a position text; see the crate documentation for the format.
    pub(crate) fn parse_fen(text: &str, rules: Rules) -> Result<Turret, ParsePositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.is_empty() {
            return Err(syntax("whole text", "the text is empty"));
        }
        if fields.len() > 6 {
            return Err(syntax(
                format!("field 7 (`{}`)", chimera_core::excerpt(fields[6])),
                "at most six fields: board, side, castling, en passant, halfmove clock, move number",
            ));
        }
        let field = |i: usize| fields.get(i).copied();
        let mut pos = Turret::empty(rules);
        pos.read_board(fields[0])?;
        pos.turn = read_side(field(1))?;
        pos.read_castling(field(2).unwrap_or("-"))?;
        pos.read_en_passant(field(3).unwrap_or("-"))?;
        // Any move number reads (it saturates at u32::MAX when played), so every text
        // read here still reads after any legal move. A clock past the move limit ends the
        // game (no move follows it), so the bound on it never refuses a played text.
        if let Some(clock) = field(4) {
            pos.halfmove = read_counter(clock, "field 5 (halfmove clock)", 0, 10_000)?;
        }
        if let Some(number) = field(5) {
            pos.fullmove = read_counter(number, "field 6 (move number)", 1, u32::MAX)?;
        }
        let them = !pos.turn;
        let k = pos.king_idx(them).expect("one king each");
        if pos.attacked_by(k, pos.turn, pos.occ()) {
            return Err(invalid(
                "field 1 (board)",
                format!("{them} is in check but it is {}'s move", pos.turn),
            ));
        }
        pos.key = pos.compute_key();
        Ok(pos)
    }

    /// Places the pieces of the board field (the kit's grid reader), then checks that no
    /// pawn stands on rank 1 or 8 and that each side has one king.
    fn read_board(&mut self, board: &str) -> Result<(), ParsePositionError> {
        let cells = GRID.read(&merge_runs(board), Piece::from_char)?;
        for (index, piece) in cells.into_iter().enumerate() {
            let Some(p) = piece else { continue };
            let cell = Cell::from_index_unchecked(index as u8);
            if p.role == Role::Pawn && (cell.rank() == 0 || cell.rank() == 7) {
                return Err(invalid(
                    format!("field 1 (board), {cell}"),
                    format!("a pawn on {cell}: pawns never stand on rank 1 or 8"),
                ));
            }
            self.put::<false>(cell.index(), p.code());
        }
        for c in Color::ALL {
            let n = self.pieces(c, Role::King).count_ones();
            if n != 1 {
                return Err(invalid(
                    "field 1 (board)",
                    format!("{c} has {n} kings, expected exactly one"),
                ));
            }
        }
        Ok(())
    }

    /// Reads the castling field: `-`, or `K`, `Q`, `k`, `q`, each followed by its rook's
    /// cell when that rook is not on its initial cell (`Ki5`).
    fn read_castling(&mut self, field: &str) -> Result<(), ParsePositionError> {
        if field == "-" {
            return Ok(());
        }
        let chars: Vec<char> = field.chars().collect();
        let mut j = 0;
        while j < chars.len() {
            let ch = chars[j];
            let place = format!("field 3 (castling), character {} (`{ch}`)", j + 1);
            let (color, side) = match ch {
                'K' => (Color::White, CastleSide::King),
                'Q' => (Color::White, CastleSide::Queen),
                'k' => (Color::Black, CastleSide::King),
                'q' => (Color::Black, CastleSide::Queen),
                _ => {
                    return Err(bad_field(
                        place,
                        "expected K, Q, k or q, each optionally followed by the rook's cell",
                    ))
                }
            };
            j += 1;
            let mut cell = Cell::new(side.rook_file(), first_rank(color)).expect("home");
            if chars.get(j).is_some_and(|c| ('a'..='j').contains(c)) {
                let name: String = chars[j..(j + 2).min(chars.len())].iter().collect();
                cell = Cell::parse(&name).ok_or_else(|| {
                    ParsePositionError::of_kind(
                        PositionErrorKind::UnknownCell,
                        place.clone(),
                        format!("`{name}` is not a cell of the board"),
                    )
                })?;
                j += 2;
            }
            self.grant_castling(color, side, cell)
                .map_err(|reason| bad_field(place, reason))?;
        }
        Ok(())
    }

    /// Gives `color` the right to castle on `side` with the rook on `cell`, if that is a
    /// right it may have; else says why not.
    fn grant_castling(&mut self, color: Color, side: CastleSide, cell: Cell) -> Result<(), String> {
        let (ci, si) = (color.index(), side as usize);
        if self.castle[ci][si] != NONE {
            return Err("this right is given twice".into());
        }
        if self.castle[ci][1 - si] == cell.index() {
            return Err(format!("both rights name the rook on {cell}"));
        }
        if self.piece_at(cell) != Some(Piece::new(color, Role::Rook)) {
            return Err(format!("the right needs a {color} rook on {cell}"));
        }
        self.castle[ci][si] = cell.index();
        Ok(())
    }

    /// Reads the en-passant field: `-`, or the cell a pawn of the side that just moved
    /// passed over by a double step.
    fn read_en_passant(&mut self, field: &str) -> Result<(), ParsePositionError> {
        if field == "-" {
            return Ok(());
        }
        let place = format!("field 4 (en passant, `{}`)", chimera_core::excerpt(field));
        let cell = Cell::parse(field).ok_or_else(|| {
            ParsePositionError::of_kind(PositionErrorKind::UnknownCell, place.clone(), "not a cell")
        })?;
        let them = !self.turn;
        let ep_rank = if them == Color::White { 2 } else { 5 };
        let dir: i16 = if them == Color::White { 10 } else { -10 };
        let i = cell.index() as i16;
        let ok = cell.rank() == ep_rank
            && self.piece_at(cell).is_none()
            && self.cells[(i - dir) as usize] == 0
            && self.piece_at(Cell::from_index_unchecked((i + dir) as u8))
                == Some(Piece::new(them, Role::Pawn));
        if !ok {
            return Err(bad_field(
                place,
                format!("no {them} pawn can just have passed over {cell} by a double step"),
            ));
        }
        self.ep = cell.index();
        Ok(())
    }

    /// Writes the position text.
    pub(crate) fn write_fen(&self) -> String {
        let mut s = GRID.write(
            |i| self.piece_at(Cell::from_index_unchecked(i as u8)),
            |p| p.char(),
        );
        let _ = write!(s, " {} {} ", self.turn.char(), self.castling_text());
        match self.ep_cell() {
            Some(c) => {
                let _ = write!(s, "{c}");
            }
            None => s.push('-'),
        }
        let _ = write!(s, " {} {}", self.halfmove, self.fullmove);
        s
    }

    /// The castling field: `KQkq` for the rights that last, each with its rook's cell when
    /// that rook was thrown away from its initial cell; `-` for none.
    fn castling_text(&self) -> String {
        let mut s = String::new();
        for color in Color::ALL {
            for side in CastleSide::ALL {
                if let Some(cell) = self.castling_rook(color, side) {
                    let letter = match side {
                        CastleSide::King => 'K',
                        CastleSide::Queen => 'Q',
                    };
                    s.push(match color {
                        Color::White => letter,
                        Color::Black => letter.to_ascii_lowercase(),
                    });
                    if cell.file() != side.rook_file() || cell.rank() != first_rank(color) {
                        let _ = write!(s, "{cell}");
                    }
                }
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }

    /// Long algebraic text: from and to cells, and the promotion letter (`e7e8t`);
    /// castling as the king's move (`f1i1`).
    pub fn lan(&self, mv: Move) -> String {
        let mut s = format!("{}{}", mv.from(), mv.to());
        if let Some(r) = mv.promotion() {
            s.push(r.lower());
        }
        s
    }

    /// Reads a move: long algebraic (`e2e4`, `f1i1`, `e7e8t`, any case), `O-O` / `O-O-O`
    /// (also with zeros), or SAN (`Nc3`, `Txg5`, `exd6`, `e8=Q+`).
    pub(crate) fn parse_move_text(&self, text: &str) -> Result<Move, ParseMoveError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(ParseMoveError::of_kind(
                MoveErrorKind::Syntax,
                text,
                "the text is empty",
            ));
        }
        // `B` is both a file and the bishop: `B5g6` is SAN (the bishop on rank 5), while
        // `b5g6` and `B5G6` read as long algebraic.
        if t.starts_with('B') && t[1..].chars().any(|c| c.is_ascii_lowercase()) {
            if let Ok(mv) = self.parse_san(text, t.trim_end_matches(['+', '#', '!', '?'])) {
                return Ok(mv);
            }
        }
        if let Some(mv) = self.parse_lan(t)? {
            return Ok(mv);
        }
        let core = t.trim_end_matches(['+', '#', '!', '?']);
        let castle = match core {
            "O-O" | "0-0" | "o-o" => Some(CastleSide::King),
            "O-O-O" | "0-0-0" | "o-o-o" => Some(CastleSide::Queen),
            _ => None,
        };
        if let Some(side) = castle {
            let rank = first_rank(self.turn);
            let from = Cell::new(KING_FILE, rank).expect("f1/f8");
            let to_file = match side {
                CastleSide::King => KING_FILE + 2,
                CastleSide::Queen => KING_FILE - 2,
            };
            let to = Cell::new(to_file, rank).expect("h/d");
            return Ok(Move::castle(from, to));
        }
        self.parse_san(text, core)
    }

    fn parse_lan(&self, t: &str) -> Result<Option<Move>, ParseMoveError> {
        let lower = t.to_ascii_lowercase();
        let b = lower.as_bytes();
        let is_cell = |i: usize| {
            b.len() > i + 1 && (b'a'..=b'j').contains(&b[i]) && (b'1'..=b'8').contains(&b[i + 1])
        };
        if !(is_cell(0) && is_cell(2)) {
            return Ok(None);
        }
        let rest = &lower[4..];
        let rest = rest.strip_prefix('=').unwrap_or(rest);
        let promo = match rest {
            "" => None,
            r if r.len() == 1 => match Role::from_char(r.chars().next().expect("one char")) {
                Some(role) => Some(role),
                None => {
                    return Err(ParseMoveError::of_kind(
                        MoveErrorKind::BadPiece,
                        t,
                        format!("`{r}` is not a piece letter (q r b n t z)"),
                    ))
                }
            },
            _ => return Ok(None),
        };
        let e = |kind: MoveErrorKind, reason: String| Err(ParseMoveError::of_kind(kind, t, reason));
        let (Some(from), Some(to)) = (Cell::parse(&lower[0..2]), Cell::parse(&lower[2..4])) else {
            return e(
                MoveErrorKind::UnknownCell,
                "a cell named here does not exist on the board (a2–a7, j2–j7)".into(),
            );
        };
        let piece = self.piece_at(from);
        if let Some(r) = promo {
            if !matches!(
                r,
                Role::Queen
                    | Role::Rook
                    | Role::Bishop
                    | Role::Knight
                    | Role::Turret
                    | Role::Kwagga
            ) {
                return e(
                    MoveErrorKind::BadPiece,
                    format!("cannot promote to a {}", r.name()),
                );
            }
            if piece.map(|p| p.role) != Some(Role::Pawn) || to.rank() != last_rank(self.turn) {
                return e(
                    MoveErrorKind::BadPiece,
                    "only a pawn reaching its last rank promotes".into(),
                );
            }
            return Ok(Some(Move::normal(from, to, Some(r))));
        }
        match piece {
            Some(p)
                if p.role == Role::King
                    && from.rank() == to.rank()
                    && from.file().abs_diff(to.file()) >= 2 =>
            {
                Ok(Some(Move::castle(from, to)))
            }
            Some(p) if p.role == Role::Pawn => {
                if to.rank() == last_rank(p.color) {
                    return e(
                        MoveErrorKind::Syntax,
                        "a pawn reaching its last rank needs a promotion letter (q r b n t, or z with Kwaggas)".into(),
                    );
                }
                if from.file() != to.file() && self.ep == to.index() {
                    Ok(Some(Move::en_passant(from, to)))
                } else {
                    Ok(Some(Move::normal(from, to, None)))
                }
            }
            _ => Ok(Some(Move::normal(from, to, None))),
        }
    }

    fn parse_san(&self, text: &str, core: &str) -> Result<Move, ParseMoveError> {
        let e = |kind: MoveErrorKind, reason: &str| ParseMoveError::of_kind(kind, text, reason);
        let mut s: &str = core;
        let role = match s.chars().next() {
            Some(c @ ('K' | 'Q' | 'R' | 'B' | 'N' | 'T' | 'Z')) => {
                s = &s[1..];
                Role::from_char(c).expect("letter")
            }
            _ => Role::Pawn,
        };
        let mut promo = None;
        if let Some(last) = s.chars().last() {
            if matches!(last, 'Q' | 'R' | 'B' | 'N' | 'T' | 'Z') && role == Role::Pawn {
                promo = Role::from_char(last);
                s = &s[..s.len() - 1];
                s = s.strip_suffix('=').unwrap_or(s);
            }
        }
        if s.len() < 2 || !s.is_ascii() {
            return Err(e(
                MoveErrorKind::Syntax,
                "not a move: expected e.g. `e2e4`, `Nf3`, `Txg5`, `O-O`",
            ));
        }
        let dest = Cell::parse(&s[s.len() - 2..]).ok_or_else(|| {
            e(
                MoveErrorKind::Syntax,
                "not a move: expected a destination cell at the end",
            )
        })?;
        let mut mid = &s[..s.len() - 2];
        mid = mid.strip_suffix('x').unwrap_or(mid);
        mid = mid.strip_suffix(':').unwrap_or(mid);
        let mut dfile = None;
        let mut drank = None;
        for c in mid.chars() {
            match c {
                'a'..='j' if dfile.is_none() && drank.is_none() => dfile = Some(c as u8 - b'a'),
                '1'..='8' if drank.is_none() => drank = Some(c as u8 - b'1'),
                _ => {
                    return Err(e(
                        MoveErrorKind::Syntax,
                        "not a move: unexpected characters before the destination",
                    ))
                }
            }
        }
        let mut moves = Vec::new();
        self.gen_legal(&mut moves);
        let mut found = None;
        for &m in &moves {
            let from = m.from();
            let Some(p) = self.piece_at(from) else {
                continue;
            };
            if p.role != role
                || m.to() != dest
                || dfile.is_some_and(|f| f != from.file())
                || drank.is_some_and(|r| r != from.rank())
                || m.promotion() != promo
            {
                continue;
            }
            if found.is_some() {
                return Err(e(
                    MoveErrorKind::Ambiguous,
                    "ambiguous: more than one legal move fits",
                ));
            }
            found = Some(m);
        }
        found.ok_or_else(|| {
            if role == Role::Pawn && promo.is_none() && dest.rank() == last_rank(self.turn) {
                e(
                    MoveErrorKind::Syntax,
                    "a pawn reaching its last rank needs a promotion piece (`=Q`)",
                )
            } else {
                e(MoveErrorKind::NoSuchMove, "no legal move fits")
            }
        })
    }

    /// Standard algebraic notation of a legal move, as this crate prints it:
    /// piece letter (`K Q R B N T Z`, none for pawns), the least disambiguation (file, then
    /// rank, then both), `x` for a capture (a Turret's move whose sling captures counts:
    /// `Txg5`), the destination (for a Turret, where the Turret goes), `=Q` for a promotion,
    /// and `+` or `#`. Castling is `O-O` / `O-O-O` for the two-cell forms and the king's
    /// move for the three-cell ones (`Ki1`, `Kc1`).
    pub fn san(&self, mv: Move) -> String {
        let mut s = String::new();
        let from = mv.from();
        let to = mv.to();
        let Some(piece) = (from.index() < 80 && to.index() < 80)
            .then(|| self.piece_at(from))
            .flatten()
        else {
            return self.lan(mv);
        };
        if mv.kind() == MoveKind::Castle {
            let two = from.file().abs_diff(to.file()) == 2;
            match (two, to.file() > from.file()) {
                (true, true) => s.push_str("O-O"),
                (true, false) => s.push_str("O-O-O"),
                (false, _) => {
                    let _ = write!(s, "K{to}");
                }
            }
        } else {
            let capture = match mv.kind() {
                MoveKind::EnPassant => true,
                _ if piece.role == Role::Turret => {
                    self.sling(mv).is_some_and(|sl| sl.captured.is_some())
                }
                _ => self.piece_at(to).is_some(),
            };
            if piece.role == Role::Pawn {
                if capture {
                    s.push(from.file_char());
                }
            } else {
                s.push(piece.role.upper());
                let mut moves = Vec::new();
                self.gen_legal(&mut moves);
                let others: Vec<Cell> = moves
                    .iter()
                    .filter(|m| {
                        m.to() == to
                            && m.from() != from
                            && self.piece_at(m.from()) == Some(piece)
                            && m.kind() != MoveKind::Castle
                    })
                    .map(|m| m.from())
                    .collect();
                if !others.is_empty() {
                    if others.iter().all(|c| c.file() != from.file()) {
                        s.push(from.file_char());
                    } else if others.iter().all(|c| c.rank() != from.rank()) {
                        s.push(from.rank_char());
                    } else {
                        s.push(from.file_char());
                        s.push(from.rank_char());
                    }
                }
            }
            if capture {
                s.push('x');
            }
            let _ = write!(s, "{to}");
            if let Some(r) = mv.promotion() {
                s.push('=');
                s.push(r.upper());
            }
        }
        let mut after = self.clone();
        after.make::<true>(mv);
        if after.is_check() {
            let mut replies = Vec::new();
            after.gen_legal(&mut replies);
            s.push(if replies.is_empty() { '#' } else { '+' });
        }
        s
    }
}
