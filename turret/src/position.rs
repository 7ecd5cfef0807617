//! The position: pieces, side to move, castling rights, en passant, clocks; making moves;
//! attacks.

use crate::board::{
    bishop_attacks, first_blocker, rook_attacks, Bitboard, Cell, Dir, BISHOP_LINES, CAMEL, KING,
    KNIGHT, LINE_DIR, NONE, PAWN_ATTACKS, RAYS, ROOK_LINES, STEP,
};
use crate::types::{Move, MoveKind, Piece, Role, Rules};
use crate::zobrist::KEYS;
use chimera_core::Color;

/// A side of the board to castle towards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CastleSide {
    /// Towards the `i` rook: the king goes to `h` (two cells) or `i` (three cells).
    King = 0,
    /// Towards the `b` rook: the king goes to `d` (two cells) or `c` (three cells).
    Queen = 1,
}

impl CastleSide {
    /// Both sides, king side first.
    pub const ALL: [CastleSide; 2] = [CastleSide::King, CastleSide::Queen];

    /// The file the original rook starts on (`i` or `b`).
    pub const fn rook_file(self) -> u8 {
        match self {
            CastleSide::King => 8,
            CastleSide::Queen => 1,
        }
    }
}

/// The file the kings start on (`f`).
pub const KING_FILE: u8 = 5;

/// What a Turret's sling does in a move: the piece on `from` (the cell behind the Turret's
/// start) is thrown to `to` (the cell beyond its destination).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sling {
    /// The cell B the thrown piece leaves.
    pub from: Cell,
    /// The cell L the thrown piece lands on.
    pub to: Cell,
    /// The thrown piece, as it was before the throw.
    pub piece: Piece,
    /// The enemy piece captured on `to`, if any.
    pub captured: Option<Piece>,
    /// Whether the thrown piece is a pawn that lands on its last rank and becomes a queen.
    pub promotes: bool,
}

/// A Turret Chess position under some [`Rules`]: see the crate documentation.
///
/// Castling rights follow the original king and rooks (see `RULES.md`): for each colour and
/// [`CastleSide`] the position remembers the cell where the original rook now stands while
/// its right lasts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Turret {
    pub(crate) by_color: [u128; 2],
    pub(crate) by_role: [u128; 8],
    pub(crate) cells: [u8; 80],
    pub(crate) turn: Color,
    /// `castle[colour][side]`: the original rook's cell while the right lasts, else `NONE`.
    pub(crate) castle: [[u8; 2]; 2],
    /// The en-passant target cell, or `NONE`.
    pub(crate) ep: u8,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) rules: Rules,
    pub(crate) key: u64,
}

/// `BIT[i] = 1 << i`: a table load is cheaper than a variable 128-bit shift.
static BIT: [u128; 128] = {
    let mut t = [0u128; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = 1u128 << i;
        i += 1;
    }
    t
};

#[inline(always)]
pub(crate) fn bit(i: u8) -> u128 {
    BIT[(i & 127) as usize]
}

/// The direction of a straight line from `a` to `b`, if they are on one.
#[inline]
pub(crate) fn direction(a: u8, b: u8) -> Option<Dir> {
    // Along a ray of the board (every move's line): one table look-up.
    if a < 80 && b < 80 {
        let d = LINE_DIR[a as usize][b as usize] as usize;
        if RAYS[d][a as usize] & bit(b) != 0 {
            return Some(Dir::ALL[d]);
        }
    }
    geometric_direction(a, b)
}

/// [`direction`] from the cells' files and ranks.
#[cold]
#[inline(never)]
fn geometric_direction(a: u8, b: u8) -> Option<Dir> {
    let (fa, ra) = ((a % 10) as i8, (a / 10) as i8);
    let (fb, rb) = ((b % 10) as i8, (b / 10) as i8);
    let (df, dr) = (fb - fa, rb - ra);
    if (df, dr) == (0, 0) || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return None;
    }
    let d = (df.signum(), dr.signum());
    Dir::ALL.into_iter().find(|x| x.delta() == d)
}

impl Turret {
    /// A position with no pieces (not a legal game position: kings are required by
    /// [`chimera_core::Position::from_text`]).
    pub(crate) fn empty(rules: Rules) -> Turret {
        Turret {
            by_color: [0; 2],
            by_role: [0; 8],
            cells: [0; 80],
            turn: Color::White,
            castle: [[NONE; 2]; 2],
            ep: NONE,
            halfmove: 0,
            fullmove: 1,
            rules,
            key: 0,
        }
    }

    /// The piece on `cell`, if any.
    #[inline]
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        Piece::from_code(self.cells[cell.index() as usize])
    }

    /// The occupied cells.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        Bitboard(self.by_color[0] | self.by_color[1])
    }

    /// The cells of one side's pieces.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        Bitboard(self.by_color[color.index()])
    }

    /// The cells of the pieces of one role (both sides).
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        Bitboard(self.by_role[role as usize])
    }

    /// The cell of `color`'s king.
    pub fn king(&self, color: Color) -> Option<Cell> {
        Bitboard(self.by_role[Role::King as usize] & self.by_color[color.index()]).first()
    }

    /// The en-passant target cell (set after a double step only when an enemy pawn stands
    /// beside the pawn that made it).
    pub fn ep_cell(&self) -> Option<Cell> {
        Cell::from_index(self.ep)
    }

    /// Plies since the last capture or pawn changing cell (thrown pawns included).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The move number, starting at 1 and increased after each Black move.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// While `color` keeps its castling right on `side`, the cell where the original rook of
    /// that side now stands (its initial cell `i1`/`b1`/`i8`/`b8` unless it was thrown away).
    pub fn castling_rook(&self, color: Color, side: CastleSide) -> Option<Cell> {
        Cell::from_index(self.castle[color.index()][side as usize])
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        let us = self.turn;
        match self.king_idx(us) {
            Some(k) => self.attacked_by(k, !us, self.occ()),
            None => false,
        }
    }

    #[inline(always)]
    pub(crate) fn occ(&self) -> u128 {
        self.by_color[0] | self.by_color[1]
    }

    #[inline(always)]
    pub(crate) fn king_idx(&self, c: Color) -> Option<u8> {
        let b = self.by_role[Role::King as usize] & self.by_color[c.index()];
        (b != 0).then(|| b.trailing_zeros() as u8)
    }

    #[inline(always)]
    pub(crate) fn pieces(&self, c: Color, r: Role) -> u128 {
        self.by_role[r as usize] & self.by_color[c.index()]
    }

    #[inline(always)]
    pub(crate) fn put<const HASH: bool>(&mut self, cell: u8, code: u8) {
        let p = Piece::from_code(code).expect("put a piece");
        self.cells[cell as usize] = code;
        self.by_color[p.color.index()] |= bit(cell);
        self.by_role[p.role as usize] |= bit(cell);
        if HASH {
            self.key ^= KEYS.piece[code as usize][cell as usize];
        }
    }

    /// Removes the piece on `cell` (which must hold one) and returns its code.
    #[inline(always)]
    pub(crate) fn take<const HASH: bool>(&mut self, cell: u8) -> u8 {
        let code = self.cells[cell as usize];
        if let Some(p) = Piece::from_code(code) {
            self.cells[cell as usize] = 0;
            self.by_color[p.color.index()] &= !bit(cell);
            self.by_role[p.role as usize] &= !bit(cell);
            if HASH {
                self.key ^= KEYS.piece[code as usize][cell as usize];
            }
        }
        code
    }

    #[inline(always)]
    fn set_castle<const HASH: bool>(&mut self, c: usize, s: usize, cell: u8) {
        let old = self.castle[c][s];
        if old == cell {
            return;
        }
        if HASH {
            if old != NONE {
                self.key ^= KEYS.castle[c][s][old as usize];
            }
            if cell != NONE {
                self.key ^= KEYS.castle[c][s][cell as usize];
            }
        }
        self.castle[c][s] = cell;
    }

    /// A piece on `cell` was captured: an original rook loses its right.
    #[inline(always)]
    fn captured_at<const HASH: bool>(&mut self, cell: u8) {
        for c in 0..2 {
            for s in 0..2 {
                if self.castle[c][s] == cell {
                    self.set_castle::<HASH>(c, s, NONE);
                }
            }
        }
    }

    /// A piece was thrown from `from` to `to`: an original rook keeps its right.
    #[inline(always)]
    fn thrown<const HASH: bool>(&mut self, from: u8, to: u8) {
        for c in 0..2 {
            for s in 0..2 {
                if self.castle[c][s] == from {
                    self.set_castle::<HASH>(c, s, to);
                }
            }
        }
    }

    /// The sling of a Turret moving from `s` to `d`, as (B, L) when a piece is thrown.
    #[inline(always)]
    pub(crate) fn sling_cells(&self, s: u8, d: u8, dir: Dir) -> Option<(u8, u8)> {
        let b = STEP[dir.opposite() as usize][s as usize];
        if b == NONE {
            return None;
        }
        let thrown = self.cells[b as usize];
        if thrown == 0 {
            return None;
        }
        let l = STEP[dir as usize][d as usize];
        if l == NONE {
            return None;
        }
        let owner = self.cells[s as usize];
        let target = self.cells[l as usize];
        if target != 0 && (target > 8) == (owner > 8) {
            return None; // a piece of the Turret's owner
        }
        let tp = Piece::from_code(thrown).expect("occupied");
        if tp.role == Role::Pawn && l / 10 == first_rank(tp.color) {
            return None;
        }
        Some((b, l))
    }

    /// What the sling does in `mv`, if `mv` is a Turret move that throws a piece.
    pub fn sling(&self, mv: Move) -> Option<Sling> {
        let (s, d) = (mv.src_index(), mv.dst_index());
        if s >= 80 || d >= 80 {
            return None;
        }
        let p = Piece::from_code(self.cells[s as usize])?;
        if p.role != Role::Turret || mv.promotion().is_some() {
            return None;
        }
        let dir = direction(s, d)?;
        let (b, l) = self.sling_cells(s, d, dir)?;
        let piece = Piece::from_code(self.cells[b as usize])?;
        Some(Sling {
            from: Cell::from_index_unchecked(b),
            to: Cell::from_index_unchecked(l),
            piece,
            captured: Piece::from_code(self.cells[l as usize]),
            promotes: piece.role == Role::Pawn && l / 10 == last_rank(piece.color),
        })
    }

    /// Makes a move (known legal) with or without key updates.
    pub(crate) fn make<const HASH: bool>(&mut self, mv: Move) {
        let (from, to) = (mv.src_index(), mv.dst_index());
        self.pass_turn::<HASH>();
        if from >= 80 || to >= 80 || self.cells[from as usize] == 0 {
            return; // not a move of this position: nothing more to do
        }
        match mv.kind() {
            MoveKind::Castle => self.make_castle::<HASH>(from, to),
            MoveKind::EnPassant => self.make_en_passant::<HASH>(from, to),
            MoveKind::Normal => {
                let role = Role::ALL[((self.cells[from as usize] - 1) & 7) as usize];
                if role == Role::Turret && !mv.is_promotion() {
                    self.make_turret::<HASH>(from, to);
                } else {
                    self.make_ordinary::<HASH>(from, to, role, mv.promotion());
                }
            }
        }
    }

    /// The part of every move that does not depend on it: the en-passant right lapses, the
    /// clocks advance, the other side is to move.
    #[inline(always)]
    fn pass_turn<const HASH: bool>(&mut self) {
        let us = self.turn;
        if HASH {
            if self.ep != NONE {
                self.key ^= KEYS.ep[self.ep as usize];
            }
            self.key ^= KEYS.black;
        }
        self.ep = NONE;
        self.halfmove = self.halfmove.saturating_add(1);
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn = !us;
    }

    /// The side that is making the move (`make` has already passed the turn).
    #[inline(always)]
    fn mover(&self) -> Color {
        !self.turn
    }

    /// Castling, the king going `from` → `to`: the rook first, then the king; both rights
    /// of the mover end.
    #[inline(always)]
    fn make_castle<const HASH: bool>(&mut self, from: u8, to: u8) {
        let ui = self.mover().index();
        let king_side = to > from;
        let rook_from = self.castle[ui][if king_side { 0 } else { 1 }];
        let rook_to = if king_side { from + 1 } else { from - 1 };
        if rook_from != NONE && self.cells[rook_from as usize] != 0 {
            let r = self.take::<HASH>(rook_from);
            self.put::<HASH>(rook_to, r);
        }
        let k = self.take::<HASH>(from);
        self.put::<HASH>(to, k);
        self.set_castle::<HASH>(ui, 0, NONE);
        self.set_castle::<HASH>(ui, 1, NONE);
    }

    /// An en-passant capture: the pawn beside `from` on the file of `to` is taken.
    #[inline(always)]
    fn make_en_passant<const HASH: bool>(&mut self, from: u8, to: u8) {
        let victim = (from / 10) * 10 + to % 10;
        self.take::<HASH>(victim);
        let p = self.take::<HASH>(from);
        self.put::<HASH>(to, p);
        self.halfmove = 0;
    }

    /// A Turret's move with its sling: the Turret goes `from` → `to`, then the piece behind
    /// its start (if the sling throws) flies beyond its destination.
    #[inline(always)]
    fn make_turret<const HASH: bool>(&mut self, from: u8, to: u8) {
        let sling = direction(from, to).and_then(|d| self.sling_cells(from, to, d));
        let t = self.take::<HASH>(from);
        self.put::<HASH>(to, t);
        if let Some((b, l)) = sling {
            self.throw::<HASH>(b, l);
        }
        self.rook_left::<HASH>(self.mover().index(), from);
    }

    /// The sling throws the piece on `b` to `l`, capturing what stands there; a pawn
    /// landing on its last rank becomes a queen.
    #[inline(always)]
    fn throw<const HASH: bool>(&mut self, b: u8, l: u8) {
        if self.cells[l as usize] != 0 {
            self.take::<HASH>(l);
            self.captured_at::<HASH>(l);
            self.halfmove = 0;
        }
        let mut thrown = self.take::<HASH>(b);
        let tp = Piece::from_code(thrown).expect("thrown piece");
        if tp.role == Role::Pawn {
            self.halfmove = 0;
            if l / 10 == last_rank(tp.color) {
                thrown = Piece::new(tp.color, Role::Queen).code();
            }
        }
        self.put::<HASH>(l, thrown);
        self.thrown::<HASH>(b, l);
    }

    /// Any other move of a piece of `role`: a capture on `to`, a pawn's step (with its
    /// promotion and en-passant right), the castling rights a king or rook loses.
    #[inline(always)]
    fn make_ordinary<const HASH: bool>(
        &mut self,
        from: u8,
        to: u8,
        role: Role,
        promotion: Option<Role>,
    ) {
        let us = self.mover();
        let ui = us.index();
        if self.cells[to as usize] != 0 {
            self.take::<HASH>(to);
            self.captured_at::<HASH>(to);
            self.halfmove = 0;
        }
        let mut p = self.take::<HASH>(from);
        match role {
            Role::Pawn => {
                self.halfmove = 0;
                if let Some(r) = promotion {
                    p = Piece::new(us, r).code();
                }
                if from.abs_diff(to) == 20 {
                    self.open_en_passant::<HASH>(us, (from + to) / 2);
                }
            }
            Role::King => {
                self.set_castle::<HASH>(ui, 0, NONE);
                self.set_castle::<HASH>(ui, 1, NONE);
            }
            _ => self.rook_left::<HASH>(ui, from),
        }
        self.put::<HASH>(to, p);
    }

    /// After `us`'s double step over `ep`: the right to take en passant, only when an
    /// enemy pawn could use it.
    #[inline(always)]
    fn open_en_passant<const HASH: bool>(&mut self, us: Color, ep: u8) {
        if PAWN_ATTACKS[us.index()][ep as usize] & self.pieces(!us, Role::Pawn) != 0 {
            self.ep = ep;
            if HASH {
                self.key ^= KEYS.ep[ep as usize];
            }
        }
    }

    /// A piece of colour `ui` left `from` by its own move: if it was an original rook, its
    /// right ends.
    #[inline(always)]
    fn rook_left<const HASH: bool>(&mut self, ui: usize, from: u8) {
        for s in 0..2 {
            if self.castle[ui][s] == from {
                self.set_castle::<HASH>(ui, s, NONE);
            }
        }
    }

    /// Whether a piece of `by` attacks `target` (as if something of the other side stood
    /// there), given occupancy `occ`.
    #[inline]
    pub(crate) fn attacked_by(&self, target: u8, by: Color, occ: u128) -> bool {
        let them = self.by_color[by.index()] & occ;
        let t = target as usize;
        if PAWN_ATTACKS[(!by).index()][t] & them & self.by_role[Role::Pawn as usize] != 0
            || KNIGHT[t] & them & self.by_role[Role::Knight as usize] != 0
            || KING[t] & them & self.by_role[Role::King as usize] != 0
            || CAMEL[t] & them & self.by_role[Role::Kwagga as usize] != 0
        {
            return true;
        }
        let q = self.by_role[Role::Queen as usize];
        let rq = them & (self.by_role[Role::Rook as usize] | q);
        if ROOK_LINES[t] & rq != 0 && rook_attacks(target, occ) & rq != 0 {
            return true;
        }
        let bq = them & (self.by_role[Role::Bishop as usize] | q);
        if BISHOP_LINES[t] & bq != 0 && bishop_attacks(target, occ) & bq != 0 {
            return true;
        }
        let turrets = them & self.by_role[Role::Turret as usize];
        if (ROOK_LINES[t] | BISHOP_LINES[t]) & turrets != 0 {
            for (d, step) in STEP.iter().enumerate() {
                if RAYS[d][t] & turrets == 0 {
                    continue;
                }
                if let Some(s) = first_blocker(d, target, occ) {
                    if turrets & bit(s) != 0
                        && step[t] != s
                        && self.turret_arm_hits(d, s, target, occ)
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// For a Turret on `s`, first blocker from `target` in direction `d` (at least two
    /// cells away): whether the cell behind it holds a piece the sling would throw onto
    /// `target`.
    #[inline]
    pub(crate) fn turret_arm_hits(&self, d: usize, s: u8, target: u8, occ: u128) -> bool {
        let arm = STEP[d][s as usize];
        if arm == NONE || occ & bit(arm) == 0 {
            return false;
        }
        match Piece::from_code(self.cells[arm as usize]) {
            Some(p) => !(p.role == Role::Pawn && target / 10 == first_rank(p.color)),
            None => false,
        }
    }

    /// The key from scratch.
    pub(crate) fn compute_key(&self) -> u64 {
        let mut k = 0;
        for i in 0..80 {
            let c = self.cells[i];
            if c != 0 {
                k ^= KEYS.piece[c as usize][i];
            }
        }
        for c in 0..2 {
            for s in 0..2 {
                let cell = self.castle[c][s];
                if cell != NONE {
                    k ^= KEYS.castle[c][s][cell as usize];
                }
            }
        }
        if self.ep != NONE {
            k ^= KEYS.ep[self.ep as usize];
        }
        if self.turn == Color::Black {
            k ^= KEYS.black;
        }
        k
    }

    /// Whether `self` and `other` are the same position for repetition.
    pub(crate) fn same_for_repetition(&self, other: &Turret) -> bool {
        self.key == other.key
            && self.turn == other.turn
            && self.cells == other.cells
            && self.castle == other.castle
            && self.ep == other.ep
    }
}

/// The rank index (0–7) a colour's pieces start on.
#[inline(always)]
pub(crate) const fn first_rank(c: Color) -> u8 {
    match c {
        Color::White => 0,
        Color::Black => 7,
    }
}

/// The rank index (0–7) where a colour's pawns promote.
#[inline(always)]
pub(crate) const fn last_rank(c: Color) -> u8 {
    match c {
        Color::White => 7,
        Color::Black => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_direction_table_is_the_geometric_direction() {
        for a in 0..80 {
            for b in 0..80 {
                assert_eq!(direction(a, b), geometric_direction(a, b), "{a} {b}");
            }
        }
    }
}
