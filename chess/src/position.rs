//! The position: pieces as bit sets, castling rights, en passant, clocks; FEN in and out;
//! making moves.

use crate::board::{self, sq, Bitboard};
use crate::types::{Move, MoveKind, Piece, Role, Square};
use chimera_core::{Color, ParsePositionError, PositionErrorKind};
use chimera_kit::grid::{read_counter, GridFormat};

/// White may castle king side (`K`).
pub const WHITE_KING_SIDE: u8 = 1;
/// White may castle queen side (`Q`).
pub const WHITE_QUEEN_SIDE: u8 = 2;
/// Black may castle king side (`k`).
pub const BLACK_KING_SIDE: u8 = 4;
/// Black may castle queen side (`q`).
pub const BLACK_QUEEN_SIDE: u8 = 8;

/// The castling rights' letters with their bits, king square and rook square.
const CASTLING: [(char, u8, &str, &str); 4] = [
    ('K', WHITE_KING_SIDE, "e1", "h1"),
    ('Q', WHITE_QUEEN_SIDE, "e1", "a1"),
    ('k', BLACK_KING_SIDE, "e8", "h8"),
    ('q', BLACK_QUEEN_SIDE, "e8", "a8"),
];

/// Per square, the castling rights lost when a move leaves or reaches it (`e1`, `h1`,
/// `a1`, `e8`, `h8`, `a8`, as [`CASTLING`] lists them).
const RIGHTS_LOST: [u8; 64] = {
    let mut t = [0u8; 64];
    t[4] = WHITE_KING_SIDE | WHITE_QUEEN_SIDE;
    t[7] = WHITE_KING_SIDE;
    t[0] = WHITE_QUEEN_SIDE;
    t[60] = BLACK_KING_SIDE | BLACK_QUEEN_SIDE;
    t[63] = BLACK_KING_SIDE;
    t[56] = BLACK_QUEEN_SIDE;
    t
};

/// The FEN board grid: 8 × 8, no holes.
const GRID: GridFormat = GridFormat::new(8, 8);

/// A validated chess position: each side has exactly one king, no pawn stands on the
/// first or last rank, the side not to move is not in check, every castling right has its
/// king and rook at home, and an en-passant square is kept only when a capture there is
/// legal (so that equal positions in the sense of the repetition rule are equal values).
/// Its fields are private: it changes only by playing moves.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Chess {
    pub(crate) roles: [Bitboard; 6],
    pub(crate) colors: [Bitboard; 2],
    pub(crate) turn: Color,
    pub(crate) castling: u8,
    pub(crate) ep: Option<Square>,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) key: u64,
    /// Material and piece-square values (middlegame, endgame), White's less Black's, kept
    /// up to date as pieces come and go (a function of the pieces alone).
    pub(crate) psqt: (i32, i32),
    /// The enemy pieces that attack the king of the side to move (kept by `make`).
    pub(crate) checkers: Bitboard,
}

fn square(name: &str) -> Square {
    Square::parse(name).unwrap_or(Square::wrap(0))
}

impl Chess {
    /// The piece on a square.
    pub fn piece_at(&self, s: Square) -> Option<Piece> {
        let color = if self.colors[0].contains(s.index()) {
            Color::White
        } else if self.colors[1].contains(s.index()) {
            Color::Black
        } else {
            return None;
        };
        let role = Role::ALL
            .into_iter()
            .find(|r| self.roles[r.index()].contains(s.index()))?;
        Some(Piece { color, role })
    }

    /// The squares holding pieces of this colour and role.
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.roles[role.index()] & self.colors[color.index()]
    }

    /// The occupied squares.
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    /// The king's square of a side.
    pub fn king(&self, color: Color) -> Option<Square> {
        self.pieces(color, Role::King).first().map(sq)
    }

    /// The castling rights, as the bits [`WHITE_KING_SIDE`] … [`BLACK_QUEEN_SIDE`].
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    /// The en-passant target square, kept only when a capture there is legal.
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }

    /// Plies since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The move number (starting at 1, increased after Black's move).
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// Every piece of either colour that attacks `s` given the occupied squares `occ`.
    // Not inlined: move generation asks it for each of the king's squares, and inlined
    // there it made `gen_legal` dearer (perft 5: 379.0 M instructions against 374.6 M).
    #[inline(never)]
    pub fn attackers_to(&self, s: Square, occ: Bitboard) -> Bitboard {
        let r = &self.roles;
        let straight = r[Role::Rook.index()] | r[Role::Queen.index()];
        let diagonal = r[Role::Bishop.index()] | r[Role::Queen.index()];
        let white_pawns = r[0] & self.colors[0];
        let black_pawns = r[0] & self.colors[1];
        let sliders = board::sliders();
        let occ = u64::from(occ);
        (board::knight(s) & r[Role::Knight.index()])
            | (board::king(s) & r[Role::King.index()])
            | (board::pawn_attacks(1, s) & white_pawns)
            | (board::pawn_attacks(0, s) & black_pawns)
            | (Bitboard::from(sliders.rook(s.index(), occ)) & straight)
            | (Bitboard::from(sliders.bishop(s.index(), occ)) & diagonal)
    }

    /// The enemy pieces that attack the king of the side to move, from the pieces.
    pub(crate) fn compute_checkers(&self) -> Bitboard {
        let us = self.turn;
        let Some(k) = self.king(us) else {
            return Bitboard::EMPTY;
        };
        // `attackers_to` with only the enemy's pawns' direction looked at.
        let r = &self.roles;
        let occ = self.occupied();
        let straight = r[Role::Rook.index()] | r[Role::Queen.index()];
        let diagonal = r[Role::Bishop.index()] | r[Role::Queen.index()];
        ((board::knight(k) & r[Role::Knight.index()])
            | (board::king(k) & r[Role::King.index()])
            | (board::pawn_attacks(us.index(), k) & r[Role::Pawn.index()])
            | (board::rook(k, occ) & straight)
            | (board::bishop(k, occ) & diagonal))
            & self.colors[(!us).index()]
    }

    /// [`Chess::compute_checkers`] after a move that changed the squares `touched` (the
    /// squares left and reached, a pawn taken en passant, a castling rook's two): the
    /// leapers' checks are looked up, the sliders' only along the king's lines through a
    /// touched square. Before the move this side was not to move, so not in check: a
    /// slider's check needs a line the move opened or reached.
    fn checkers_after(&self, touched: u64) -> Bitboard {
        let us = self.turn;
        let Some(k) = self.king(us) else {
            return Bitboard::EMPTY;
        };
        let r = &self.roles;
        let mut attackers = (board::knight(k) & r[Role::Knight.index()])
            | (board::king(k) & r[Role::King.index()])
            | (board::pawn_attacks(us.index(), k) & r[Role::Pawn.index()]);
        let occ = self.occupied();
        if u64::from(board::rook_lines(k)) & touched != 0 {
            attackers |= board::rook(k, occ) & (r[Role::Rook.index()] | r[Role::Queen.index()]);
        }
        if u64::from(board::bishop_lines(k)) & touched != 0 {
            attackers |= board::bishop(k, occ) & (r[Role::Bishop.index()] | r[Role::Queen.index()]);
        }
        attackers & self.colors[(!us).index()]
    }

    /// Whether `mv` (legal here) leaves the other side in check, read off this position
    /// without playing the move. That side was not in check before (it was not to move),
    /// so a check after the move comes from the piece that landed, or from a slider of ours
    /// whose line to the king the move opened (through a square it left: the one moved
    /// from or a pawn's taken en passant; a corner a castling rook left lies on no line
    /// between two squares), or from the castling rook.
    pub(crate) fn move_gives_check(&self, mv: Move) -> bool {
        let us = self.turn;
        let (Some(k), Some(role)) = (self.king(!us), self.role_at(mv.from())) else {
            return false;
        };
        let (from, to) = (mv.from(), mv.to());
        let king = 1u64 << k.index();
        let mut occ = (u64::from(self.occupied()) & !(1u64 << from.index())) | (1u64 << to.index());
        let landed = mv.promotion().unwrap_or(role);
        let sliders = board::sliders();
        let reach = match landed {
            Role::Pawn => u64::from(board::pawn_attacks(us.index(), to)),
            Role::King => 0,
            role => sliders.piece(role, to.index(), occ),
        };
        if reach & king != 0 {
            return true;
        }
        let ours = |r: Role| u64::from(self.roles[r.index()] & self.colors[us.index()]);
        let queens = ours(Role::Queen);
        let mut straight = (ours(Role::Rook) | queens) & !(1u64 << from.index());
        let diagonal = (ours(Role::Bishop) | queens) & !(1u64 << from.index());
        let mut opened = 1u64 << from.index();
        if role == Role::Pawn && from.file() != to.file() && Some(to) == self.ep {
            let taken = 1u64 << (to.index() ^ 8);
            occ &= !taken;
            opened |= taken;
        } else if role == Role::King && from.file().abs_diff(to.file()) == 2 {
            // The rook goes from the corner to the square the king crossed.
            let corner = if to.file() > from.file() {
                from.index() + 3
            } else {
                from.index() - 4
            };
            let crossed = (from.index() + to.index()) / 2;
            occ = (occ & !(1u64 << corner)) | (1u64 << crossed);
            straight = (straight & !(1u64 << corner)) | (1u64 << crossed);
            if sliders.rook(crossed, occ) & king != 0 {
                return true;
            }
        }
        (u64::from(board::rook_lines(k)) & opened != 0
            && sliders.rook(k.index(), occ) & straight != 0)
            || (u64::from(board::bishop_lines(k)) & opened != 0
                && sliders.bishop(k.index(), occ) & diagonal != 0)
    }

    /// Whether `color`'s king is attacked.
    pub fn in_check(&self, color: Color) -> bool {
        if color == self.turn {
            return !self.checkers.is_empty();
        }
        self.king(color).is_some_and(|k| {
            (self.attackers_to(k, self.occupied()) & self.colors[(!color).index()]).count() > 0
        })
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.in_check(self.turn)
    }

    /// What `mv` does here (whether or not it is legal).
    pub fn move_kind(&self, mv: Move) -> MoveKind {
        let (from, to) = (mv.from(), mv.to());
        let role = self.piece_at(from).map(|p| p.role);
        if role == Some(Role::King)
            && from.file().abs_diff(to.file()) == 2
            && from.rank() == to.rank()
        {
            return MoveKind::Castle {
                king_side: to.file() > from.file(),
            };
        }
        match self.piece_at(to) {
            Some(p) => MoveKind::Capture(p.role),
            None if role == Some(Role::Pawn) && from.file() != to.file() && Some(to) == self.ep => {
                MoveKind::EnPassant
            }
            None => MoveKind::Quiet,
        }
    }

    /// Puts (`put`) a piece of `color` and `role` on the empty square `s`, or takes it off
    /// (`!put`), with its key and piece-square values.
    #[inline]
    fn toggle(&mut self, color: Color, role: Role, s: Square, put: bool) {
        self.colors[color.index()].toggle(s.index());
        self.roles[role.index()].toggle(s.index());
        self.key ^= board::piece_key(color.index(), role.index(), s);
        let (mg, eg) = crate::eval::PSQT[color.index()][role.index()][s.index()];
        if put {
            self.psqt = (self.psqt.0 + mg, self.psqt.1 + eg);
        } else {
            self.psqt = (self.psqt.0 - mg, self.psqt.1 - eg);
        }
    }

    /// The material and piece-square sums computed from the pieces.
    pub(crate) fn compute_psqt(&self) -> (i32, i32) {
        let mut sum = (0, 0);
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                for s in self.pieces(color, role) {
                    let (mg, eg) = crate::eval::PSQT[color.index()][role.index()][s];
                    sum = (sum.0 + mg, sum.1 + eg);
                }
            }
        }
        sum
    }

    /// The Zobrist key computed from the pieces, rights, en-passant square and side.
    pub(crate) fn compute_key(&self) -> u64 {
        let mut key = board::castling_key(self.castling);
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                for s in self.pieces(color, role) {
                    key ^= board::piece_key(color.index(), role.index(), sq(s));
                }
            }
        }
        if let Some(ep) = self.ep {
            key ^= board::ep_key(ep.file());
        }
        if self.turn == Color::Black {
            key ^= board::side_key();
        }
        key
    }

    /// The role of the piece on `s` (of either colour), if any.
    #[inline]
    pub(crate) fn role_at(&self, s: Square) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|r| self.roles[r.index()].contains(s.index()))
    }

    /// What the move of the piece of `role` from `from` to `to` does: [`Chess::move_kind`]
    /// with the mover's role known.
    #[inline]
    fn kind_of(&self, role: Role, from: Square, to: Square) -> MoveKind {
        if role == Role::King && from.file().abs_diff(to.file()) == 2 && from.rank() == to.rank() {
            return MoveKind::Castle {
                king_side: to.file() > from.file(),
            };
        }
        if self.occupied().contains(to.index()) {
            return self.role_at(to).map_or(MoveKind::Quiet, MoveKind::Capture);
        }
        if role == Role::Pawn && from.file() != to.file() && Some(to) == self.ep {
            MoveKind::EnPassant
        } else {
            MoveKind::Quiet
        }
    }

    /// Plays `mv`, assumed legal; anything else leaves the position inconsistent but never
    /// panics.
    pub(crate) fn make(&mut self, mv: Move) {
        let (us, from, to) = (self.turn, mv.from(), mv.to());
        let Some(role) = self.role_at(from) else {
            return;
        };
        let kind = self.kind_of(role, from, to);
        self.key ^= board::castling_key(self.castling);
        if let Some(ep) = self.ep.take() {
            self.key ^= board::ep_key(ep.file());
        }
        self.halfmove = self.halfmove.saturating_add(1);
        match kind {
            MoveKind::Capture(role) => {
                self.toggle(!us, role, to, false);
                self.halfmove = 0;
            }
            MoveKind::EnPassant => {
                self.toggle(!us, Role::Pawn, sq(to.index() ^ 8), false);
            }
            MoveKind::Castle { king_side } => {
                let rank = from.rank() * 8;
                let (rf, rt) = if king_side { (7, 5) } else { (0, 3) };
                self.toggle(us, Role::Rook, sq(usize::from(rank + rf)), false);
                self.toggle(us, Role::Rook, sq(usize::from(rank + rt)), true);
            }
            MoveKind::Quiet => {}
        }
        self.toggle(us, role, from, false);
        self.toggle(us, mv.promotion().unwrap_or(role), to, true);
        let mut double_step = None;
        if role == Role::Pawn {
            self.halfmove = 0;
            if from.rank().abs_diff(to.rank()) == 2 {
                double_step = Some(sq((from.index() + to.index()) / 2));
            }
        }
        // A move from or to a king's or rook's home square ends the rights that need it.
        self.castling &= !(RIGHTS_LOST[from.index()] | RIGHTS_LOST[to.index()]);
        self.key ^= board::castling_key(self.castling);
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn = !us;
        self.key ^= board::side_key();
        let mut touched = (1u64 << from.index()) | (1u64 << to.index());
        match kind {
            MoveKind::EnPassant => touched |= 1u64 << (to.index() ^ 8),
            MoveKind::Castle { king_side } => {
                let rank = usize::from(from.rank()) * 8;
                touched |= (if king_side { 0xa0u64 } else { 0x09 }) << rank;
            }
            _ => {}
        }
        self.checkers = self.checkers_after(touched);
        if let Some(ep) = double_step {
            self.ep = Some(ep);
            if self.ep_capture_is_legal() {
                self.key ^= board::ep_key(ep.file());
            } else {
                self.ep = None;
            }
        }
    }

    /// The pawns of the side to move that attack the en-passant square.
    pub(crate) fn ep_capturers(&self) -> Bitboard {
        match self.ep {
            Some(ep) => {
                board::pawn_attacks((!self.turn).index(), ep) & self.pieces(self.turn, Role::Pawn)
            }
            None => Bitboard::EMPTY,
        }
    }

    /// Whether playing `mv` leaves the mover's king safe (make and test).
    pub(crate) fn leaves_king_safe(&self, mv: Move) -> bool {
        let mut after = self.clone();
        after.make(mv);
        !after.in_check(self.turn)
    }

    fn ep_capture_is_legal(&self) -> bool {
        let Some(ep) = self.ep else { return false };
        self.ep_capturers()
            .iter()
            .any(|from| self.leaves_king_safe(Move::new(sq(from), ep, None)))
    }

    /// Reads a FEN: board, side to move, castling rights, en-passant square, and optionally
    /// the half-move clock and move number (default `0 1`).
    pub fn from_fen(text: &str) -> Result<Chess, ParsePositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if !(fields.len() == 4 || fields.len() == 6) {
            return Err(ParsePositionError::of_kind(
                PositionErrorKind::Syntax,
                "whole text",
                format!("{} fields; a FEN has 4 or 6", fields.len()),
            ));
        }
        let cells = GRID.read(fields[0], Piece::from_char)?;
        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => {
                return Err(ParsePositionError::of_kind(
                    PositionErrorKind::BadField,
                    "field 2 (side to move)",
                    format!("`{}`: expected w or b", chimera_core::excerpt(other)),
                ))
            }
        };
        let mut pos = Chess {
            roles: [Bitboard::EMPTY; 6],
            colors: [Bitboard::EMPTY; 2],
            turn,
            castling: 0,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            key: 0,
            psqt: (0, 0),
            checkers: Bitboard::EMPTY,
        };
        for (i, p) in cells.iter().enumerate() {
            if let Some(p) = p {
                pos.colors[p.color.index()].insert(i);
                pos.roles[p.role.index()].insert(i);
            }
        }
        pos.validate_pieces()?;
        pos.checkers = pos.compute_checkers();
        pos.castling = pos.read_castling(fields[2])?;
        pos.ep = pos.read_ep(fields[3])?;
        if fields.len() == 6 {
            pos.halfmove = read_counter(fields[4], "field 5 (half-move clock)", 0, u32::MAX)?;
            pos.fullmove = read_counter(fields[5], "field 6 (move number)", 1, u32::MAX)?;
        }
        if !pos.ep_capture_is_legal() {
            pos.ep = None;
        }
        pos.key = pos.compute_key();
        pos.psqt = pos.compute_psqt();
        Ok(pos)
    }

    fn validate_pieces(&self) -> Result<(), ParsePositionError> {
        for color in [Color::White, Color::Black] {
            let kings = self.pieces(color, Role::King).count();
            if kings != 1 {
                return Err(ParsePositionError::of_kind(
                    PositionErrorKind::Invalid,
                    "field 1 (board)",
                    format!("{color} has {kings} kings; each side needs exactly one"),
                ));
            }
        }
        let back_ranks = Bitboard::from(0xFF00_0000_0000_00FFu64);
        if let Some(s) = (self.roles[0] & back_ranks).first() {
            return Err(ParsePositionError::of_kind(
                PositionErrorKind::Invalid,
                format!("field 1 (board), square {}", sq(s)),
                "a pawn on the first or last rank",
            ));
        }
        if self.in_check(!self.turn) {
            return Err(ParsePositionError::of_kind(
                PositionErrorKind::Invalid,
                "field 2 (side to move)",
                "the side not to move is in check",
            ));
        }
        Ok(())
    }

    fn read_castling(&self, field: &str) -> Result<u8, ParsePositionError> {
        let place = "field 3 (castling rights)";
        if field == "-" {
            return Ok(0);
        }
        let mut rights = 0;
        for c in field.chars() {
            let Some(&(_, bit, k, r)) = CASTLING.iter().find(|x| x.0 == c) else {
                return Err(ParsePositionError::of_kind(
                    PositionErrorKind::BadField,
                    place,
                    format!("`{c}` is not one of KQkq"),
                ));
            };
            if rights & bit != 0 {
                return Err(ParsePositionError::of_kind(
                    PositionErrorKind::BadField,
                    place,
                    format!("`{c}` given twice"),
                ));
            }
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let home = |s: &str, role| self.piece_at(square(s)) == Some(Piece { color, role });
            if !home(k, Role::King) || !home(r, Role::Rook) {
                return Err(ParsePositionError::of_kind(
                    PositionErrorKind::BadField,
                    place,
                    format!("`{c}` needs the {color} king on {k} and a rook on {r}"),
                ));
            }
            rights |= bit;
        }
        Ok(rights)
    }

    fn read_ep(&self, field: &str) -> Result<Option<Square>, ParsePositionError> {
        let place = "field 4 (en-passant square)";
        if field == "-" {
            return Ok(None);
        }
        let s = Square::parse(field).ok_or_else(|| {
            ParsePositionError::of_kind(
                PositionErrorKind::UnknownCell,
                place,
                format!("`{}` is not a square", chimera_core::excerpt(field)),
            )
        })?;
        let (rank, pawn_at) = match self.turn {
            Color::White => (5, s.index().wrapping_sub(8)),
            Color::Black => (2, s.index() + 8),
        };
        let pawn = Some(Piece {
            color: !self.turn,
            role: Role::Pawn,
        });
        if s.rank() != rank
            || self.piece_at(sq(pawn_at)) != pawn
            || self.piece_at(s).is_some()
            || self.piece_at(sq(2 * s.index() - pawn_at)).is_some()
        {
            return Err(ParsePositionError::of_kind(
                PositionErrorKind::BadField,
                place,
                format!("{s} is not the square a pawn just passed over"),
            ));
        }
        Ok(Some(s))
    }

    /// The position as FEN (six fields).
    pub fn to_fen(&self) -> String {
        let board = GRID.write(|i| self.piece_at(sq(i)), |p| p.char());
        let castling: String = CASTLING
            .iter()
            .filter(|x| self.castling & x.1 != 0)
            .map(|x| x.0)
            .collect();
        format!(
            "{board} {} {} {} {} {}",
            self.turn.char(),
            if castling.is_empty() {
                "-".into()
            } else {
                castling
            },
            self.ep.map_or("-".into(), |s| s.to_string()),
            self.halfmove,
            self.fullmove
        )
    }
}
