//! Position text (FEN with `*` for missing cells) and move text (long algebraic, SAN).

use crate::board::{Cell, NONE};
use crate::position::{first_rank, last_rank, CastleSide, TurretChess, KING_FILE};
use crate::types::{Move, MoveKind, Piece, Role, Rules};
use chimera_core::{Color, MoveErrorKind, ParseMoveError, ParsePositionError, PositionErrorKind};
use std::fmt::Write;

impl TurretChess {
    /// Reads a position text; see the crate documentation for the format.
    pub(crate) fn parse_fen(text: &str, rules: Rules) -> Result<TurretChess, ParsePositionError> {
        let err = |kind: PositionErrorKind, place: String, reason: String| {
            ParsePositionError::of_kind(kind, place, reason)
        };
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.is_empty() {
            return Err(err(
                PositionErrorKind::Syntax,
                "whole text".into(),
                "the text is empty".into(),
            ));
        }
        if fields.len() > 6 {
            return Err(err(
                PositionErrorKind::Syntax,
                format!("field 7 (`{}`)", fields[6]),
                "at most six fields: board, side, castling, en passant, halfmove clock, move number"
                    .into(),
            ));
        }
        let mut pos = TurretChess::empty(rules);
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(err(
                PositionErrorKind::Syntax,
                "field 1 (board)".into(),
                format!("expected 8 ranks separated by `/`, found {}", ranks.len()),
            ));
        }
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 7 - i as u8;
            let rank_name = rank + 1;
            let mut file: u8 = 0;
            let chars: Vec<char> = rank_text.chars().collect();
            let mut j = 0;
            while j < chars.len() {
                let ch = chars[j];
                let place = |file: u8, j: usize| {
                    format!(
                        "rank {rank_name}, file {}, character {} (`{ch}`)",
                        if file < 10 {
                            (b'a' + file) as char
                        } else {
                            '?'
                        },
                        j + 1
                    )
                };
                if file >= 10 {
                    return Err(err(
                        PositionErrorKind::Syntax,
                        place(file, j),
                        "more than ten files on this rank".into(),
                    ));
                }
                if ch == '*' {
                    if Cell::new(file, rank).is_some() {
                        return Err(err(
                            PositionErrorKind::Syntax,
                            place(file, j),
                            format!(
                                "`*` marks a missing cell, but {}{rank_name} exists",
                                (b'a' + file) as char
                            ),
                        ));
                    }
                    file += 1;
                    j += 1;
                } else if let Some(d) = ch.to_digit(10) {
                    let mut n = d;
                    if d == 1 && chars.get(j + 1) == Some(&'0') {
                        n = 10;
                        j += 1;
                    }
                    if n == 0 {
                        return Err(err(
                            PositionErrorKind::Syntax,
                            place(file, j),
                            "an empty-cell count must be 1 to 10".into(),
                        ));
                    }
                    for _ in 0..n {
                        if file >= 10 {
                            return Err(err(
                                PositionErrorKind::Syntax,
                                place(file, j),
                                "more than ten files on this rank".into(),
                            ));
                        }
                        if Cell::new(file, rank).is_none() {
                            return Err(err(
                                PositionErrorKind::Syntax,
                                place(file, j),
                                format!(
                                    "{}{rank_name} does not exist: write it as `*`",
                                    (b'a' + file) as char
                                ),
                            ));
                        }
                        file += 1;
                    }
                    j += 1;
                } else if let Some(p) = Piece::from_char(ch) {
                    let Some(cell) = Cell::new(file, rank) else {
                        return Err(err(
                            PositionErrorKind::Syntax,
                            place(file, j),
                            format!(
                                "a piece on {}{rank_name}, which does not exist",
                                (b'a' + file) as char
                            ),
                        ));
                    };
                    if p.role == Role::Pawn && (rank == 0 || rank == 7) {
                        return Err(err(
                            PositionErrorKind::Invalid,
                            place(file, j),
                            format!("a pawn on {cell}: pawns never stand on rank 1 or 8"),
                        ));
                    }
                    pos.put::<false>(cell.index(), p.code());
                    file += 1;
                    j += 1;
                } else {
                    return Err(err(
                        PositionErrorKind::BadPiece,
                        place(file, j),
                        "expected a piece letter (PNBRQKTZ, lower case for Black), a count of empty cells, or `*`".into(),
                    ));
                }
            }
            if file != 10 {
                return Err(err(
                    PositionErrorKind::Syntax,
                    format!("rank {rank_name}"),
                    format!("describes {file} files, expected 10 (`*` for a missing cell)"),
                ));
            }
        }
        for c in Color::ALL {
            let n = pos.pieces(c, Role::King).count_ones();
            if n != 1 {
                return Err(err(
                    PositionErrorKind::Invalid,
                    "field 1 (board)".into(),
                    format!("{c} has {n} kings, expected exactly one"),
                ));
            }
        }
        pos.turn = match fields.get(1) {
            None => {
                return Err(err(
                    PositionErrorKind::Syntax,
                    "field 2 (side to move)".into(),
                    "missing: expected `w` or `b`".into(),
                ))
            }
            Some(&"w") | Some(&"W") => Color::White,
            Some(&"b") | Some(&"B") => Color::Black,
            Some(s) => {
                return Err(err(
                    PositionErrorKind::BadField,
                    "field 2 (side to move)".into(),
                    format!("`{s}`: expected `w` or `b`"),
                ))
            }
        };
        let castling = fields.get(2).copied().unwrap_or("-");
        if castling != "-" {
            let chars: Vec<char> = castling.chars().collect();
            let mut j = 0;
            while j < chars.len() {
                let ch = chars[j];
                let place = format!("field 3 (castling), character {} (`{ch}`)", j + 1);
                let (color, side) =
                    match ch {
                        'K' => (Color::White, CastleSide::King),
                        'Q' => (Color::White, CastleSide::Queen),
                        'k' => (Color::Black, CastleSide::King),
                        'q' => (Color::Black, CastleSide::Queen),
                        _ => return Err(err(
                            PositionErrorKind::BadField,
                            place,
                            "expected K, Q, k or q, each optionally followed by the rook's cell"
                                .into(),
                        )),
                    };
                j += 1;
                let mut cell = Cell::new(side.rook_file(), first_rank(color)).expect("home");
                if chars.get(j).is_some_and(|c| ('a'..='j').contains(c)) {
                    let name: String = chars[j..(j + 2).min(chars.len())].iter().collect();
                    cell = Cell::parse(&name).ok_or_else(|| {
                        err(
                            PositionErrorKind::UnknownCell,
                            place.clone(),
                            format!("`{name}` is not a cell of the board"),
                        )
                    })?;
                    j += 2;
                }
                let (ci, si) = (color.index(), side as usize);
                if pos.castle[ci][si] != NONE {
                    return Err(err(
                        PositionErrorKind::BadField,
                        place,
                        "this right is given twice".into(),
                    ));
                }
                if pos.castle[ci][1 - si] == cell.index() {
                    return Err(err(
                        PositionErrorKind::BadField,
                        place,
                        format!("both rights name the rook on {cell}"),
                    ));
                }
                if pos.piece_at(cell) != Some(Piece::new(color, Role::Rook)) {
                    return Err(err(
                        PositionErrorKind::BadField,
                        place,
                        format!("the right needs a {color} rook on {cell}"),
                    ));
                }
                pos.castle[ci][si] = cell.index();
            }
        }
        let ep = fields.get(3).copied().unwrap_or("-");
        if ep != "-" {
            let place = format!("field 4 (en passant, `{ep}`)");
            let cell = Cell::parse(ep).ok_or_else(|| {
                err(
                    PositionErrorKind::UnknownCell,
                    place.clone(),
                    "not a cell".into(),
                )
            })?;
            let them = !pos.turn;
            let ep_rank = if them == Color::White { 2 } else { 5 };
            let dir: i16 = if them == Color::White { 10 } else { -10 };
            let i = cell.index() as i16;
            let ok = cell.rank() == ep_rank
                && pos.piece_at(cell).is_none()
                && pos.cells[(i - dir) as usize] == 0
                && pos.piece_at(Cell::from_index_unchecked((i + dir) as u8))
                    == Some(Piece::new(them, Role::Pawn));
            if !ok {
                return Err(err(
                    PositionErrorKind::BadField,
                    place,
                    format!("no {them} pawn can just have passed over {cell} by a double step"),
                ));
            }
            pos.ep = cell.index();
        }
        let number = |k: usize, name: &str, default: u32| -> Result<u32, ParsePositionError> {
            match fields.get(k) {
                None => Ok(default),
                Some(s) => s.parse().map_err(|_| {
                    err(
                        PositionErrorKind::BadCounter,
                        format!("field {} ({name}, `{s}`)", k + 1),
                        "not a number".into(),
                    )
                }),
            }
        };
        pos.halfmove = number(4, "halfmove clock", 0)?;
        pos.fullmove = number(5, "move number", 1)?;
        if pos.fullmove == 0 {
            return Err(err(
                PositionErrorKind::BadCounter,
                "field 6 (move number)".into(),
                "the move number starts at 1".into(),
            ));
        }
        // Any move number reads (it saturates at u32::MAX when played), so every text
        // read here still reads after any legal move. A clock past the move limit ends the
        // game (no move follows it), so the bound on it never refuses a played text.
        if pos.halfmove > 10_000 {
            return Err(err(
                PositionErrorKind::BadCounter,
                "field 5 (halfmove clock)".into(),
                "implausibly large (the game ends at 100)".into(),
            ));
        }
        let them = !pos.turn;
        let k = pos.king_idx(them).expect("one king each");
        if pos.attacked_by(k, pos.turn, pos.occ()) {
            return Err(err(
                PositionErrorKind::Invalid,
                "field 1 (board)".into(),
                format!("{them} is in check but it is {}'s move", pos.turn),
            ));
        }
        pos.key = pos.compute_key();
        Ok(pos)
    }

    /// Writes the position text.
    pub(crate) fn write_fen(&self) -> String {
        let mut s = String::with_capacity(100);
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..10u8 {
                match Cell::new(file, rank) {
                    None => {
                        if empty > 0 {
                            let _ = write!(s, "{empty}");
                            empty = 0;
                        }
                        s.push('*');
                    }
                    Some(c) => match self.piece_at(c) {
                        None => empty += 1,
                        Some(p) => {
                            if empty > 0 {
                                let _ = write!(s, "{empty}");
                                empty = 0;
                            }
                            s.push(p.char());
                        }
                    },
                }
            }
            if empty > 0 {
                let _ = write!(s, "{empty}");
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push(' ');
        s.push(self.turn.char());
        s.push(' ');
        let mut any = false;
        for color in Color::ALL {
            for side in CastleSide::ALL {
                if let Some(cell) = self.castling_rook(color, side) {
                    any = true;
                    let letter = match side {
                        CastleSide::King => 'K',
                        CastleSide::Queen => 'Q',
                    };
                    s.push(if color == Color::White {
                        letter
                    } else {
                        letter.to_ascii_lowercase()
                    });
                    if cell.file() != side.rook_file() || cell.rank() != first_rank(color) {
                        let _ = write!(s, "{cell}");
                    }
                }
            }
        }
        if !any {
            s.push('-');
        }
        s.push(' ');
        match self.ep_cell() {
            Some(c) => {
                let _ = write!(s, "{c}");
            }
            None => s.push('-'),
        }
        let _ = write!(s, " {} {}", self.halfmove, self.fullmove);
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
