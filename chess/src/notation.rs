//! Move texts: UCI (`e2e4`, `e7e8q`, `e1g1`) written and read, and SAN (`Nf3`, `exd5`,
//! `O-O`, `e8=Q+`) written and read.

use crate::position::Chess;
use crate::types::{Move, MoveKind, Role, Square};
use chimera_core::{Color, MoveErrorKind, ParseMoveError};

/// Reads a UCI move (`e2e4`, `e7e8q`), also with a separator (`e2-e4`, `e2xe4`), an `=`
/// before the promotion, any case, and check marks (`+`, `#`) at the end. `None` if the
/// text is not of that form.
pub fn parse_uci(text: &str) -> Option<Move> {
    let t: String = text
        .trim()
        .trim_end_matches(['+', '#', '!', '?'])
        .chars()
        .filter(|c| !matches!(c, '-' | 'x' | 'X' | ':' | '='))
        .collect::<String>()
        .to_ascii_lowercase();
    if !(t.len() == 4 || t.len() == 5) || !t.is_ascii() {
        return None;
    }
    let from = Square::parse(&t[0..2])?;
    let to = Square::parse(&t[2..4])?;
    let promotion = match t.as_bytes().get(4) {
        None => None,
        Some(&c) => match Role::from_char(c as char)? {
            Role::Pawn | Role::King => return None,
            r => Some(r),
        },
    };
    Some(Move::new(from, to, promotion))
}

impl Chess {
    /// Reads a move: UCI as [`parse_uci`] reads it, castling as `O-O` / `O-O-O` (or with
    /// zeros), or SAN as [`Chess::san`] writes it (the check mark optional; if the exact
    /// letters match no legal move, case is ignored when that leaves one).
    pub fn read_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        let trimmed = text.trim().trim_end_matches(['+', '#', '!', '?']);
        if trimmed.is_empty() {
            return Err(ParseMoveError::of_kind(
                MoveErrorKind::Syntax,
                text,
                "empty move",
            ));
        }
        let castle = trimmed.replace('0', "O").to_ascii_uppercase();
        if castle == "O-O" || castle == "O-O-O" {
            let king = self.king(self.turn).unwrap_or(Square::wrap(4));
            let to = if castle == "O-O" { 6 } else { 2 };
            return Ok(Move::new(
                king,
                Square::wrap((king.index() & !7) + to),
                None,
            ));
        }
        if let Some(mv) = parse_uci(trimmed) {
            return Ok(mv);
        }
        let legal = self.raw_moves();
        let sans: Vec<(String, Move)> = legal.iter().map(|&m| (self.san_plain(m), m)).collect();
        if let Some((_, m)) = sans.iter().find(|(s, _)| s == trimmed) {
            return Ok(*m);
        }
        let folded: Vec<Move> = sans
            .iter()
            .filter(|(s, _)| s.eq_ignore_ascii_case(trimmed))
            .map(|(_, m)| *m)
            .collect();
        match folded.as_slice() {
            [m] => Ok(*m),
            [] => Err(ParseMoveError::of_kind(
                if names_a_square(trimmed) {
                    MoveErrorKind::NoSuchMove
                } else {
                    MoveErrorKind::Syntax
                },
                text,
                "expected a UCI move (e2e4, e7e8q), O-O, O-O-O or the SAN of a legal move (Nf3, exd5, e8=Q)",
            )),
            _ => Err(ParseMoveError::of_kind(
                MoveErrorKind::Ambiguous,
                text,
                "ambiguous without its capitals (b for the bishop, B for a b-pawn…)",
            )),
        }
    }

    /// The move in standard algebraic notation (`Nbd2`, `exd6`, `O-O`, `e8=Q#`), for a
    /// legal move.
    pub fn san(&self, mv: Move) -> String {
        let mut s = self.san_plain(mv);
        let mut after = self.clone();
        after.make(mv);
        if after.is_check() {
            s.push(if after.gen_legal_is_empty() { '#' } else { '+' });
        }
        s
    }

    fn gen_legal_is_empty(&self) -> bool {
        let mut v = Vec::new();
        self.gen_legal(&mut v);
        v.is_empty()
    }

    /// SAN without the check mark.
    fn san_plain(&self, mv: Move) -> String {
        let kind = self.move_kind(mv);
        if let MoveKind::Castle { king_side } = kind {
            return if king_side { "O-O" } else { "O-O-O" }.into();
        }
        let Some(piece) = self.piece_at(mv.from()) else {
            return mv.to_string();
        };
        let capture = !matches!(kind, MoveKind::Quiet);
        let mut s = String::new();
        if piece.role == Role::Pawn {
            if capture {
                s.push((b'a' + mv.from().file()) as char);
            }
        } else {
            s.push(piece.role.char().to_ascii_uppercase());
            s.push_str(&self.disambiguation(mv, piece.role));
        }
        if capture {
            s.push('x');
        }
        s.push_str(&mv.to().to_string());
        if let Some(r) = mv.promotion() {
            s.push('=');
            s.push(r.char().to_ascii_uppercase());
        }
        s
    }

    fn disambiguation(&self, mv: Move, role: Role) -> String {
        let others: Vec<Square> = self
            .raw_moves()
            .into_iter()
            .filter(|m| m.to() == mv.to() && m.from() != mv.from())
            .filter(|m| self.piece_at(m.from()).map(|p| p.role) == Some(role))
            .map(|m| m.from())
            .collect();
        if others.is_empty() {
            return String::new();
        }
        let from = mv.from().to_string();
        if others.iter().all(|o| o.file() != mv.from().file()) {
            from[0..1].to_string()
        } else if others.iter().all(|o| o.rank() != mv.from().rank()) {
            from[1..2].to_string()
        } else {
            from
        }
    }

    /// The moves of the legal move generator, whether or not the game is over.
    pub(crate) fn raw_moves(&self) -> Vec<Move> {
        let mut v = Vec::new();
        self.gen_legal(&mut v);
        v
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.turn
    }
}

/// Whether `text` names a square somewhere (a file letter then a rank digit): a text that
/// does is taken for a move of this position that does not exist, not for noise.
fn names_a_square(text: &str) -> bool {
    text.as_bytes()
        .windows(2)
        .any(|w| matches!(w[0], b'a'..=b'h') && matches!(w[1], b'1'..=b'8'))
}
