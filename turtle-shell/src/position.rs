//! [`TurtleShell`]: the position, making moves, attacks and move generation.

use crate::board::{
    bits, first_blocker, pawn_reach, piece_key, rook_targets, END_ZONE, PAWN_FROM, PAWN_STEPS,
    PIECE_KEYS, PROMOTION_ZONE, RAYS, ROOK_REACH, ROOK_STEPS, ZOBRIST_BLACK, ZOBRIST_HAND,
    ZOBRIST_PROMOTED,
};
use crate::board_data as bd;
use crate::{Cell, Move, Role, Rules};
use chimera_core::{Color, Outcome, ParseMoveError, ParsePositionError, Position, WinReason};

/// The winner's king reached the opponent's end zone (rules, "End of the game"). A way to win this variant defines (the core knows only the common ones).
pub const END_ZONE_REACHED: WinReason =
    WinReason::variant("end-zone", "reaching the end zone with the king");

/// The most cells a rook reaches on an empty board (23).
const MAX_ROOK_MOVES: usize = {
    let mut most = 0;
    let mut c = 0;
    while c < 64 {
        let n = ROOK_REACH[c].count_ones() as usize;
        if n > most {
            most = n;
        }
        c += 1;
    }
    most
};

/// More moves than any position can have: a king (4 moves at most) and 15 other pieces,
/// none with more moves than a rook can have (a knight has 8 at most, a pawn 4 counting
/// promotions).
const MAX_MOVES: usize = 4 + 15
    * if MAX_ROOK_MOVES > 8 {
        MAX_ROOK_MOVES
    } else {
        8
    };

const KING: usize = Role::King as usize;
const GUARD: usize = Role::Guard as usize;
const KNIGHT: usize = Role::Knight as usize;
const ROOK: usize = Role::Rook as usize;
const PAWN: usize = Role::Pawn as usize;

/// What checks and pins leave the pieces other than the king free to do. (The line a
/// pinned piece may move along is found again when asked, [`TurtleShell::pin_line`]: pins
/// are rare, and not storing them keeps this small for perft's last ply.)
struct Limits {
    /// The cells a move must reach to meet a check (all cells when not in check; none in a
    /// double check).
    evasion: u64,
    /// The pieces pinned to the king by a rook.
    pinned: u64,
    /// The king's cell.
    king: usize,
}

impl Limits {
    /// The cells the piece on `s` may move to as far as pins go, in `pos`.
    #[inline(always)]
    fn pin_mask(&self, pos: &TurtleShell, s: usize) -> u64 {
        if self.pinned & (1u64 << s) == 0 {
            return !0;
        }
        pos.pin_line(self.king, s)
    }
}

/// The number of cells in a set, bit by bit: the sets counted are small, and on baseline
/// x86-64 (no `popcnt`) `count_ones` is a longer fixed sequence.
#[inline(always)]
fn ones(mut set: u64) -> u32 {
    let mut n = 0;
    while set != 0 {
        set &= set - 1;
        n += 1;
    }
    n
}

/// A Turtle Shell Chess position: where the pieces stand, whose turn it is, and the rules
/// it is played under; under option `drops`, also both hands and which rooks are promoted
/// pawns. History (for Ko) is kept by [`chimera_core::Game`].
///
/// Bitboards (bit `i` is cell `i`, see [`Cell`]) per piece kind and per colour, with an
/// incrementally kept Zobrist key. Every value of this type holds exactly one king per
/// side: positions come from [`Position::start`], [`Position::from_text`] (which validates)
/// or from playing moves.
///
/// A position with only the standard five kinds of piece and no drops is played by the
/// fast move generator; one with a Marshal, a Vertical Mover or a Guard-Knight, or under
/// option `drops`, by a general one (see `general.rs`): the choice is one flag, tested
/// once per move generated or played.
#[derive(Clone, Debug)]
pub struct TurtleShell {
    /// By [`Role`] index: K G N R P, then M V A (empty outside the general generator).
    pub(crate) pieces: [u64; 8],
    pub(crate) colors: [u64; 2],
    pub(crate) key: u64,
    /// The rooks that are promoted pawns (option `drops` only; empty otherwise).
    pub(crate) promoted: u64,
    /// The hands, `[colour][piece]` (option `drops` only; empty otherwise).
    pub(crate) hands: [[u8; 8]; 2],
    /// How many moves in a row, up to this position, neither captured, moved a pawn nor
    /// dropped a piece (255 at most; 0 at the start and in a position read from text): only
    /// the positions that many moves back or fewer can come back (see `history.rs`). Not
    /// part of equality: the Ko rule compares where the pieces stand.
    pub(crate) quiet: u8,
    pub(crate) turn: Color,
    pub(crate) rules: Rules,
    /// Whether the general move generator plays this position: option `drops` or
    /// `marshal`, or pieces beyond the standard five were placed. Not part of equality.
    pub(crate) general: bool,
}

impl PartialEq for TurtleShell {
    fn eq(&self, other: &TurtleShell) -> bool {
        self.pieces == other.pieces
            && self.colors == other.colors
            && self.key == other.key
            && self.promoted == other.promoted
            && self.hands == other.hands
            && self.turn == other.turn
            && self.rules == other.rules
    }
}

impl Eq for TurtleShell {}

impl std::hash::Hash for TurtleShell {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.key.hash(state);
        self.pieces.hash(state);
        self.colors.hash(state);
        self.promoted.hash(state);
        self.hands.hash(state);
        self.turn.hash(state);
        self.rules.hash(state);
    }
}

impl TurtleShell {
    /// An empty board (not a valid position until both kings are placed).
    pub(crate) fn empty(turn: Color, rules: Rules) -> TurtleShell {
        TurtleShell {
            pieces: [0; 8],
            colors: [0; 2],
            key: if turn == Color::Black {
                ZOBRIST_BLACK
            } else {
                0
            },
            promoted: 0,
            hands: [[0; 8]; 2],
            quiet: 0,
            turn,
            rules,
            general: rules.needs_general(),
        }
    }

    /// Puts a piece on an empty cell.
    pub(crate) fn put(&mut self, cell: Cell, color: Color, piece: Role) {
        debug_assert!(self.occupied() & cell.bit() == 0);
        self.pieces[piece.index()] |= cell.bit();
        self.colors[color.index()] |= cell.bit();
        self.key ^= piece_key(color.index(), piece.index(), cell.index());
        self.general |= piece.index() >= 5;
    }

    /// Marks the rook on `cell` as a promoted pawn (option `drops`).
    pub(crate) fn mark_promoted(&mut self, cell: Cell) {
        debug_assert!(self.pieces[ROOK] & cell.bit() != 0);
        if self.promoted & cell.bit() == 0 {
            self.promoted |= cell.bit();
            self.key ^= ZOBRIST_PROMOTED[cell.index()];
        }
    }

    /// Sets how many pieces of a kind `color` holds in hand (option `drops`).
    pub(crate) fn set_hand(&mut self, color: Color, piece: Role, count: u8) {
        let (c, k) = (color.index(), piece.index());
        self.key ^= ZOBRIST_HAND[c][k][usize::from(self.hands[c][k] & 63)]
            ^ ZOBRIST_HAND[c][k][usize::from(count & 63)];
        self.hands[c][k] = count;
    }

    /// How many pieces of kind `piece` `color` holds in hand (option `drops`; always 0
    /// without it).
    pub fn in_hand(&self, color: Color, piece: Role) -> u32 {
        u32::from(self.hands[color.index()][piece.index()])
    }

    /// The pieces `color` holds in hand (option `drops`), each kind once with its count, in
    /// [`Role`] order.
    pub fn hand(&self, color: Color) -> Vec<(Role, u32)> {
        Role::ALL
            .into_iter()
            .map(|p| (p, self.in_hand(color, p)))
            .filter(|&(_, n)| n > 0)
            .collect()
    }

    /// Whether the piece on `cell` is a rook that was promoted from a pawn (tracked under
    /// option `drops` only, where it goes back to the hand as a pawn).
    pub fn is_promoted(&self, cell: Cell) -> bool {
        self.promoted & cell.bit() != 0
    }

    /// Every occupied cell.
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.colors[0] | self.colors[1]
    }

    /// The cells of one side's pieces, as a bitboard.
    #[inline]
    pub fn pieces_of(&self, color: Color) -> u64 {
        self.colors[color.index()]
    }

    /// The cells of one kind of piece of one side, as a bitboard.
    #[inline]
    pub fn bitboard(&self, color: Color, piece: Role) -> u64 {
        self.pieces[piece.index()] & self.colors[color.index()]
    }

    /// The piece on a cell, with its colour.
    pub fn piece_at(&self, cell: Cell) -> Option<(Color, Role)> {
        let b = cell.bit();
        let color = if self.colors[0] & b != 0 {
            Color::White
        } else if self.colors[1] & b != 0 {
            Color::Black
        } else {
            return None;
        };
        let kind = if self.general {
            self.kind_general(cell.index())
        } else {
            self.kind_at(cell.index())
        };
        Some((color, kind))
    }

    /// The kind of the piece on an occupied cell, any of the eight kinds.
    #[inline]
    pub(crate) fn kind_general(&self, i: usize) -> Role {
        let b = 1u64 << i;
        let k = self.pieces.iter().position(|&p| p & b != 0).unwrap_or(0);
        Role::ALL[k]
    }

    /// The index of the kind of the piece on an occupied cell, among the standard five
    /// (branch-free: exactly one of the piece bitboards holds the cell, and the king's
    /// index is 0, which an empty cell reads as too). Below 8, so that it indexes
    /// [`PIECE_KEYS`] and the piece boards without a bounds check.
    #[inline(always)]
    fn kind_index(&self, i: usize) -> usize {
        // A rook's index (3) is a guard's bit and a knight's bit: three boards to read.
        let p = &self.pieces;
        let k = (((p[GUARD] | p[ROOK]) >> i) & 1)
            | ((((p[KNIGHT] | p[ROOK]) >> i) & 1) << 1)
            | (((p[PAWN] >> i) & 1) << 2);
        k as usize & 7
    }

    /// The kind of the piece on an occupied cell, among the standard five.
    #[inline]
    pub(crate) fn kind_at(&self, i: usize) -> Role {
        const KINDS: [Role; 8] = [
            Role::King,
            Role::Guard,
            Role::Knight,
            Role::Rook,
            Role::Pawn,
            Role::Pawn,
            Role::Pawn,
            Role::Pawn,
        ];
        KINDS[self.kind_index(i)]
    }

    /// Every piece on the board with its cell, in cell order.
    pub fn pieces(&self) -> impl Iterator<Item = (Cell, Color, Role)> + '_ {
        bits(self.occupied()).map(move |i| {
            let cell = Cell::of(i);
            let (color, piece) = self.piece_at(cell).expect("occupied");
            (cell, color, piece)
        })
    }

    /// The king's cell of one side.
    pub fn king(&self, color: Color) -> Option<Cell> {
        let k = self.bitboard(color, Role::King);
        (k != 0).then(|| Cell::of(k.trailing_zeros() as usize))
    }

    /// Whether `cell` is attacked by a piece of `by`: could a piece of `by` move onto it (as
    /// a capture, were an enemy piece there), pins and checks aside.
    pub fn is_attacked(&self, cell: Cell, by: Color) -> bool {
        self.attacked(cell.index(), by, self.occupied())
    }

    /// Attack test with the board occupied as `occ`, by every kind of piece.
    #[inline]
    pub(crate) fn attacked(&self, c: usize, by: Color, occ: u64) -> bool {
        self.attacked_std(c, by, occ) || (self.general && self.attacked_by_extras(c, by, occ))
    }

    /// Attack test with the board occupied as `occ` (used with the moving king removed), by
    /// the standard five kinds of piece only (the fast generator's positions have no other).
    #[inline(always)]
    pub(crate) fn attacked_std(&self, c: usize, by: Color, occ: u64) -> bool {
        let them = self.colors[by.index()];
        let p = &self.pieces;
        let leapers = (bd::KNIGHT[c] & p[KNIGHT])
            | (bd::GUARD[c] & (p[GUARD] | p[KING]))
            | (PAWN_FROM[by.index()][c] & p[PAWN]);
        if leapers & them != 0 {
            return true;
        }
        let rooks = p[ROOK] & them & occ;
        if ROOK_REACH[c] & rooks == 0 {
            return false;
        }
        rook_targets(c, occ) & rooks != 0
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        match self.king(self.turn) {
            Some(k) => self.is_attacked(k, !self.turn),
            None => false,
        }
    }

    /// Whether `mv` captures (its target holds an enemy piece).
    pub fn is_capture(&self, mv: Move) -> bool {
        !mv.is_drop() && self.colors[(!self.turn).index()] & mv.to().bit() != 0
    }

    /// Whether `mv` would be a promotion-capable pawn move: its mover is a pawn of the side
    /// to move and its target lies in that side's promotion zone.
    pub fn may_promote(&self, mv: Move) -> bool {
        let us = self.turn.index();
        !mv.is_drop()
            && self.pieces[PAWN] & self.colors[us] & mv.from().bit() != 0
            && PROMOTION_ZONE[us] & mv.to().bit() != 0
    }

    /// Whether a pawn of the side to move going `mv` must promote (its target lies in the
    /// opponent's end zone).
    pub fn must_promote(&self, mv: Move) -> bool {
        let us = self.turn.index();
        !mv.is_drop()
            && self.pieces[PAWN] & self.colors[us] & mv.from().bit() != 0
            && END_ZONE[us] & mv.to().bit() != 0
    }

    /// The winner by the end-zone rule: the side that just moved, if its king stands in the
    /// opponent's end zone and is not attacked.
    #[inline]
    fn end_zone_winner(&self) -> Option<Color> {
        let mover = !self.turn;
        let k = self.bitboard(mover, Role::King) & END_ZONE[mover.index()];
        (k != 0 && !self.attacked(k.trailing_zeros() as usize, self.turn, self.occupied()))
            .then_some(mover)
    }

    /// [`TurtleShell::end_zone_winner`] for the fast generator's positions (standard
    /// pieces only).
    #[inline(always)]
    fn end_zone_winner_std(&self) -> bool {
        let mover = !self.turn;
        let k = self.bitboard(mover, Role::King) & END_ZONE[mover.index()];
        k != 0 && !self.attacked_std(k.trailing_zeros() as usize, self.turn, self.occupied())
    }

    /// The legal moves (ignoring history), written into `moves` after clearing it. Empty
    /// when the game is over by the end-zone rule.
    #[inline(always)]
    pub fn legal_moves_into(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.general {
            if self.end_zone_winner().is_none() {
                self.general_moves(moves);
            }
            return;
        }
        if self.end_zone_winner_std() {
            return;
        }
        let kings = self.pieces[KING] & self.colors[self.turn.index()];
        if kings == 0 {
            return;
        }
        let k = kings.trailing_zeros() as usize;
        moves.reserve(MAX_MOVES);
        self.king_moves(k, moves);
        let limits = self.checks_and_pins(k);
        if limits.evasion != 0 {
            self.piece_moves(&limits, moves);
        }
    }

    /// The number of legal moves (ignoring history): the length of
    /// [`TurtleShell::legal_moves_into`]'s list, counted without listing (perft's last ply).
    #[inline(always)]
    pub(crate) fn count_legal(&self) -> u64 {
        if self.general {
            return self.general_count();
        }
        if self.end_zone_winner_std() {
            return 0;
        }
        let kings = self.pieces[KING] & self.colors[self.turn.index()];
        if kings == 0 {
            return 0;
        }
        let k = kings.trailing_zeros() as usize;
        let mut n = self.king_move_count(k);
        let limits = self.checks_and_pins(k);
        if limits.evasion != 0 {
            n += self.piece_move_count(&limits);
        }
        u64::from(n)
    }

    /// What checks and pins allow the pieces other than the king (on `k`) to do.
    #[inline(always)]
    fn checks_and_pins(&self, k: usize) -> Limits {
        let them = !self.turn;
        let enemy = self.colors[them.index()];
        let occ = self.occupied();
        let p = &self.pieces;
        let leapers = ((bd::KNIGHT[k] & p[KNIGHT])
            | (bd::GUARD[k] & (p[GUARD] | p[KING]))
            | (PAWN_FROM[them.index()][k] & p[PAWN]))
            & enemy;
        // No leaper checks: anything goes; one: capture it; two: only the king may move.
        let mut limits = Limits {
            evasion: if leapers == 0 {
                !0
            } else if leapers & (leapers - 1) == 0 {
                leapers
            } else {
                0
            },
            pinned: 0,
            king: k,
        };
        let erooks = p[ROOK] & enemy;
        if ROOK_REACH[k] & erooks == 0 {
            return limits;
        }
        for (t, &ray) in RAYS[k].iter().enumerate() {
            if ray & erooks == 0 {
                continue;
            }
            let blockers = ray & occ;
            let b1 = first_blocker(t, blockers);
            let bit1 = 1u64 << b1;
            if erooks & bit1 != 0 {
                // Check along this table: block between, or capture the rook.
                limits.evasion &= ray & !RAYS[b1][t];
                continue;
            }
            if enemy & bit1 != 0 {
                continue;
            }
            let rest = blockers & RAYS[b1][t];
            if rest == 0 {
                continue;
            }
            let b2 = first_blocker(t, rest);
            if erooks & (1u64 << b2) != 0 {
                limits.pinned |= bit1;
            }
        }
        limits
    }

    /// The cells the own piece on `s`, pinned to the own king on `k` by an enemy rook, may
    /// move to: the line between them, the rook included (the common part of the lines if
    /// it is pinned along several tables). Found as [`TurtleShell::checks_and_pins`] found
    /// the pin.
    #[cold]
    #[inline(never)]
    fn pin_line(&self, k: usize, s: usize) -> u64 {
        let erooks = self.pieces[ROOK] & self.colors[(!self.turn).index()];
        let occ = self.occupied();
        let mut line = !0;
        for (t, &ray) in RAYS[k & 63].iter().enumerate() {
            if ray & (1u64 << s) == 0 || ray & erooks == 0 {
                continue;
            }
            let blockers = ray & occ;
            if first_blocker(t, blockers) != s {
                continue;
            }
            let rest = blockers & RAYS[s & 63][t];
            if rest == 0 {
                continue;
            }
            let b2 = first_blocker(t, rest);
            if erooks & (1u64 << b2) != 0 {
                line &= ray & !RAYS[b2][t];
            }
        }
        line
    }

    /// The king's steps onto cells the enemy does not attack (with the king gone from `k`,
    /// so that it cannot hide behind itself from a rook).
    #[inline(always)]
    fn king_moves(&self, k: usize, moves: &mut Vec<Move>) {
        let own = self.colors[self.turn.index()];
        let occ_without_king = self.occupied() ^ (1u64 << k);
        for to in bits(bd::GUARD[k] & !own) {
            if !self.attacked_std(to, !self.turn, occ_without_king) {
                moves.push(Move::from_indices(k, to, false));
            }
        }
    }

    /// The number of [`TurtleShell::king_moves`].
    #[inline(always)]
    fn king_move_count(&self, k: usize) -> u32 {
        let own = self.colors[self.turn.index()];
        let occ_without_king = self.occupied() ^ (1u64 << k);
        let mut n = 0;
        for to in bits(bd::GUARD[k] & !own) {
            n += u32::from(!self.attacked_std(to, !self.turn, occ_without_king));
        }
        n
    }

    /// The number of [`TurtleShell::piece_moves`]: the targets of each piece, with a pawn's
    /// target in the promotion zone but outside the end zone counted twice (it may promote
    /// or not).
    #[inline(always)]
    fn piece_move_count(&self, limits: &Limits) -> u32 {
        let us = self.turn;
        let own = self.colors[us.index()];
        let occ = self.occupied();
        let p = &self.pieces;
        let allowed = !own & limits.evasion;
        let twice = PROMOTION_ZONE[us.index()] & !END_ZONE[us.index()];
        // The pieces not pinned first, with no pin mask to look up (the pinned are own
        // pieces, see checks_and_pins).
        let free = own & !limits.pinned;
        let mut n = 0;
        for s in bits(p[GUARD] & free) {
            n += ones(bd::GUARD[s] & allowed);
        }
        for s in bits(p[KNIGHT] & free) {
            n += ones(bd::KNIGHT[s] & allowed);
        }
        for s in bits(p[ROOK] & free) {
            if ROOK_STEPS[s] & !own != 0 {
                n += ones(rook_targets(s, occ) & allowed);
            }
        }
        // The pawns' steps as two sets: the cells some pawn reaches, and those two reach (no
        // cell is reached by three: one pawn at most comes by each of the two tables of a
        // colour, see PAWN_FROM), counted once each, not pawn by pawn.
        let (along, across) = pawn_reach(p[PAWN] & free, us.index());
        let (reached, reached_twice) = ((along | across) & allowed, along & across & allowed);
        n += reached.count_ones() + ones(reached & twice);
        if reached_twice != 0 {
            n += ones(reached_twice) + ones(reached_twice & twice);
        }
        for s in bits(limits.pinned) {
            let targets = self.reach(s, us.index(), occ) & allowed & limits.pin_mask(self, s);
            n += ones(targets);
            if p[PAWN] & (1u64 << s) != 0 {
                n += ones(targets & twice);
            }
        }
        n
    }

    /// The moves of the guards, knights and rooks onto `targets` (cells within `limits`
    /// without own pieces) as far as pins allow: [`TurtleShell::piece_moves`] asks for all
    /// such cells, [`TurtleShell::noisy_piece_moves`] for the enemy pieces among them.
    #[inline(always)]
    fn steps(&self, limits: &Limits, targets: u64, moves: &mut Vec<Move>) {
        let own = self.colors[self.turn.index()];
        let occ = self.occupied();
        let p = &self.pieces;
        for s in bits(p[GUARD] & own) {
            for to in bits(bd::GUARD[s] & targets & limits.pin_mask(self, s)) {
                moves.push(Move::from_indices(s, to, false));
            }
        }
        for s in bits(p[KNIGHT] & own) {
            for to in bits(bd::KNIGHT[s] & targets & limits.pin_mask(self, s)) {
                moves.push(Move::from_indices(s, to, false));
            }
        }
        for s in bits(p[ROOK] & own) {
            // A rook whose every step is an own piece has no move (see ROOK_STEPS).
            if ROOK_STEPS[s] & !own == 0 {
                continue;
            }
            for to in bits(rook_targets(s, occ) & targets & limits.pin_mask(self, s)) {
                moves.push(Move::from_indices(s, to, false));
            }
        }
    }

    /// The moves of the guards, knights, rooks and pawns within `limits`; a pawn entering
    /// the end zone promotes, elsewhere in the promotion zone it may.
    #[inline(always)]
    fn piece_moves(&self, limits: &Limits, moves: &mut Vec<Move>) {
        let us = self.turn;
        let own = self.colors[us.index()];
        let p = &self.pieces;
        let allowed = !own & limits.evasion;
        self.steps(limits, allowed, moves);
        let (promo, end) = (PROMOTION_ZONE[us.index()], END_ZONE[us.index()]);
        for s in bits(p[PAWN] & own) {
            for to in bits(PAWN_STEPS[us.index()][s] & allowed & limits.pin_mask(self, s)) {
                let b = 1u64 << to;
                if end & b != 0 {
                    moves.push(Move::from_indices(s, to, true));
                } else {
                    moves.push(Move::from_indices(s, to, false));
                    if promo & b != 0 {
                        moves.push(Move::from_indices(s, to, true));
                    }
                }
            }
        }
    }

    /// The noisy legal moves (ignoring history), written into `moves` after clearing it:
    /// exactly those of [`TurtleShell::legal_moves_into`] that `Evaluate::is_noisy` calls
    /// noisy (captures, promotions, the king stepping into the end zone), in the same
    /// order, without listing the quiet ones. Returns `true` only where the search may use
    /// this list instead of all the moves: the fast generator's position is not over, has
    /// some legal move, and the history cannot forbid every move (the list holds a capture
    /// or a promotion, which never recreate a position, or fewer than three quiet moves
    /// were played since the last capture or pawn move, or positions may repeat).
    pub(crate) fn noisy_moves_into(&self, moves: &mut Vec<Move>) -> bool {
        moves.clear();
        if self.general || self.end_zone_winner_std() {
            return false;
        }
        let us = self.turn.index();
        let own = self.colors[us];
        let kings = self.pieces[KING] & own;
        if kings == 0 {
            return false;
        }
        let k = kings.trailing_zeros() as usize;
        let victims = self.colors[1 - us] & !self.pieces[KING];
        moves.reserve(MAX_MOVES);
        let occ_without_king = self.occupied() ^ (1u64 << k);
        for to in bits(bd::GUARD[k] & !own & (victims | END_ZONE[us])) {
            if !self.attacked_std(to, !self.turn, occ_without_king) {
                moves.push(Move::from_indices(k, to, false));
            }
        }
        let limits = self.checks_and_pins(k);
        if limits.evasion != 0 {
            self.noisy_piece_moves(&limits, victims, moves);
        }
        let irreversible = moves
            .iter()
            .any(|m| m.is_promotion() || victims & (1u64 << m.to_ix()) != 0);
        if irreversible {
            return true;
        }
        if self.quiet >= 3 && self.rules.repetition != crate::Repetition::None {
            // Ko might forbid every move, which only the full list shows.
            return false;
        }
        !moves.is_empty()
            || (limits.evasion != 0 && self.piece_move_count(&limits) != 0)
            || self.king_move_count(k) != 0
    }

    /// The noisy moves of [`TurtleShell::piece_moves`]: captures of `victims` (the enemy
    /// pieces but the king) and promotions, in its order.
    #[inline(always)]
    fn noisy_piece_moves(&self, limits: &Limits, victims: u64, moves: &mut Vec<Move>) {
        let us = self.turn;
        let own = self.colors[us.index()];
        let p = &self.pieces;
        self.steps(limits, victims & limits.evasion, moves);
        let (promo, end) = (PROMOTION_ZONE[us.index()], END_ZONE[us.index()]);
        let allowed = !own & limits.evasion & (victims | promo | end);
        for s in bits(p[PAWN] & own) {
            for to in bits(PAWN_STEPS[us.index()][s] & allowed & limits.pin_mask(self, s)) {
                let b = 1u64 << to;
                if end & b != 0 {
                    moves.push(Move::from_indices(s, to, true));
                } else {
                    if victims & b != 0 {
                        moves.push(Move::from_indices(s, to, false));
                    }
                    if promo & b != 0 {
                        moves.push(Move::from_indices(s, to, true));
                    }
                }
            }
        }
    }

    /// The pseudo-legal moves: every move by the pieces' movement rules, without regard to
    /// the own king's safety or the end of the game. Written into `moves` after clearing it.
    pub fn pseudo_legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        let us = self.turn.index();
        let own = self.colors[us];
        let occ = self.occupied();
        let p = &self.pieces;
        for s in bits(own) {
            let targets = self.reach(s, us, occ) & !own;
            let pawn = p[PAWN] & (1u64 << s) != 0;
            for to in bits(targets) {
                let tb = 1u64 << to;
                if pawn && END_ZONE[us] & tb != 0 {
                    moves.push(Move::from_indices(s, to, true));
                } else {
                    moves.push(Move::from_indices(s, to, false));
                    if pawn && PROMOTION_ZONE[us] & tb != 0 {
                        moves.push(Move::from_indices(s, to, true));
                    }
                }
            }
        }
        self.drops(moves);
    }

    /// The cells the piece on `s` (of the side with index `us`) could move to by its
    /// movement rule with the board occupied as `occ`, own pieces included.
    #[inline]
    fn reach(&self, s: usize, us: usize, occ: u64) -> u64 {
        let b = 1u64 << s;
        let p = &self.pieces;
        if p[PAWN] & b != 0 {
            PAWN_STEPS[us][s]
        } else if p[ROOK] & b != 0 {
            rook_targets(s, occ)
        } else if p[KNIGHT] & b != 0 {
            bd::KNIGHT[s]
        } else if (p[GUARD] | p[KING]) & b != 0 {
            bd::GUARD[s]
        } else {
            self.extra_reach(s, occ)
        }
    }

    /// Whether a pseudo-legal move is legal (ignoring history): it does not leave the own
    /// king attacked, and the game is not already over by the end-zone rule.
    pub fn is_legal(&self, mv: Move) -> bool {
        if self.end_zone_winner().is_some() {
            return false;
        }
        let mut after = self.clone();
        after.play_unchecked(mv);
        match after.king(self.turn) {
            Some(k) => !after.is_attacked(k, after.turn),
            None => false,
        }
    }

    /// How many capture moves `by` could make in this position, whoever is to move: pairs
    /// (own piece, enemy piece other than the king that it could move onto), promotion
    /// choices counted once, pins and checks ignored (an attack on the king is a check,
    /// counted separately). Used by the modified-Ko rule to find the attacker of a loop.
    pub fn capture_count(&self, by: Color) -> u32 {
        let us = by.index();
        let own = self.colors[us];
        let enemy = self.colors[1 - us] & !self.pieces[KING];
        let occ = self.occupied();
        bits(own)
            .map(|s| (self.reach(s, us, occ) & enemy).count_ones())
            .sum()
    }

    /// The Zobrist key after a move that neither captures nor moves a pawn (nor
    /// promotes), computed without playing it.
    #[inline]
    pub(crate) fn key_after_quiet(&self, mv: Move) -> u64 {
        if self.general {
            return self.general_key_after(mv);
        }
        let us = self.turn.index();
        let kind = self.kind_index(mv.src_ix());
        self.key
            ^ PIECE_KEYS[us][kind][mv.src_ix()]
            ^ PIECE_KEYS[us][kind][mv.to_ix()]
            ^ ZOBRIST_BLACK
    }

    /// Whether `mv` is reversible in principle: no capture, no pawn move. (Never asked of a
    /// drop: under option `drops` the repetition rules take another way, see `history.rs`.)
    #[inline]
    pub(crate) fn is_quiet_piece_move(&self, mv: Move) -> bool {
        (self.occupied() & (1u64 << mv.to_ix())) == 0
            && self.pieces[PAWN] & (1u64 << mv.src_ix()) == 0
    }

    /// The position after `mv`, played unchecked on a copy.
    pub fn after(&self, mv: Move) -> TurtleShell {
        let mut next = self.clone();
        next.play_unchecked(mv);
        next
    }

    fn compute_key(&self) -> u64 {
        let mut key = if self.turn == Color::Black {
            ZOBRIST_BLACK
        } else {
            0
        };
        for (cell, color, piece) in self.pieces() {
            key ^= piece_key(color.index(), piece.index(), cell.index());
        }
        for i in bits(self.promoted) {
            key ^= ZOBRIST_PROMOTED[i];
        }
        for (c, hand) in self.hands.iter().enumerate() {
            for (k, &n) in hand.iter().enumerate() {
                key ^= ZOBRIST_HAND[c][k][usize::from(n & 63)];
            }
        }
        key
    }

    /// The start numbered `n` (0–89) of option `shuffle` under `rules` (which must have
    /// it): the back row of [`crate::board_data`]'s setup replaced by the `n`th arrangement
    /// (see [`crate::board::shuffle_row`]), Black mirroring White; with option `marshal`,
    /// the Marshals too. Start 72 is the standard setup.
    pub fn numbered_start(rules: Rules, n: u32) -> Result<TurtleShell, String> {
        if !rules.shuffle {
            return Err(format!(
                "numbered starts need option `shuffle` (rules `{}` have one start)",
                chimera_core::RuleSet::name(&rules)
            ));
        }
        let row = crate::board::shuffle_row(n).ok_or_else(|| {
            format!(
                "start {n} does not exist: starts are numbered 0 to {}",
                crate::board::SHUFFLE_STARTS - 1
            )
        })?;
        let mut pos = TurtleShell::empty(Color::White, rules);
        for color in Color::ALL {
            let c = color.index();
            for piece in [Role::King, Role::Pawn] {
                for i in bits(bd::SETUP[c][piece.index()]) {
                    pos.put(Cell::of(i), color, piece);
                }
            }
            for (&i, &piece) in crate::board::SHUFFLE_CELLS[c].iter().zip(&row) {
                pos.put(Cell::of(i), color, piece);
            }
        }
        pos.put_marshals();
        Ok(pos)
    }

    /// Option `marshal`: the Marshals on D1 and D8.
    fn put_marshals(&mut self) {
        if self.rules.marshal {
            for (color, name) in [(Color::White, "D1"), (Color::Black, "D8")] {
                let cell = Cell::from_name(name).expect("a cell");
                self.put(cell, color, Role::Marshal);
            }
        }
    }
}

impl Position for TurtleShell {
    type Move = Move;
    type Rules = Rules;
    const VARIANT: &'static str = "turtle-shell";

    fn start(rules: Rules) -> Self {
        let mut pos = TurtleShell::empty(Color::White, rules);
        for color in Color::ALL {
            for piece in &Role::ALL[..5] {
                for i in bits(bd::SETUP[color.index()][piece.index()]) {
                    pos.put(Cell::of(i), color, *piece);
                }
            }
        }
        pos.put_marshals();
        pos
    }

    fn from_text(text: &str, rules: Rules) -> Result<Self, ParsePositionError> {
        crate::notation::position_from_text(text, rules)
    }

    fn to_text(&self) -> String {
        crate::notation::position_to_text(self)
    }

    fn rules(&self) -> Rules {
        self.rules
    }

    fn turn(&self) -> Color {
        self.turn
    }

    #[inline]
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.legal_moves_into(moves);
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        if self.general {
            return self.play_general(mv);
        }
        // Each field written in place, without branches (the general generator's fields
        // are not touched: this position has none of their pieces). The victim's kind on an
        // empty target reads as the king's (index 0), which then loses no bit.
        let (from, to) = (mv.src_ix(), mv.to_ix());
        let (fb, tb) = (1u64 << from, 1u64 << to);
        let us = self.turn.index();
        let them = 1 - us;
        let captured = self.colors[them] & tb;
        let capture_mask = 0u64.wrapping_sub(u64::from(captured != 0));
        // Nonzero after a capture or a pawn move, which set the quiet-move count back to 0.
        let irreversible = captured | (self.pieces[PAWN] & fb);
        let victim = self.kind_index(to);
        let kind = self.kind_index(from);
        let new_kind = if mv.is_promotion() { ROOK } else { kind };
        self.pieces[victim] &= !captured;
        self.pieces[kind] ^= fb;
        self.pieces[new_kind] |= tb;
        self.colors[them] ^= captured;
        self.colors[us] ^= fb | tb;
        self.key ^= (PIECE_KEYS[them][victim][to] & capture_mask)
            ^ PIECE_KEYS[us][kind][from]
            ^ PIECE_KEYS[us][new_kind][to]
            ^ ZOBRIST_BLACK;
        // A mask rather than a test: whether a move captures or moves a pawn is
        // unpredictable, and the branch the compiler made of a test was a fifth of perft's
        // mispredictions (black_box keeps it from turning the mask back into one).
        let keep = std::hint::black_box(0u8.wrapping_sub(u8::from(irreversible == 0)));
        self.quiet = self.quiet.saturating_add(1) & keep;
        self.turn = !self.turn;
    }

    fn terminal(&self) -> Option<Outcome> {
        self.end_zone_winner().map(|winner| Outcome::Win {
            winner,
            reason: END_ZONE_REACHED,
        })
    }

    fn no_move_outcome(&self) -> Outcome {
        if self.is_check() {
            Outcome::Win {
                winner: !self.turn,
                reason: WinReason::Checkmate,
            }
        } else {
            Outcome::Win {
                winner: self.turn,
                reason: WinReason::Stalemate,
            }
        }
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.key
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.compute_key()
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        crate::notation::parse_move(self, text)
    }

    fn move_text(&self, mv: Move) -> String {
        crate::notation::move_text(self, mv)
    }

    const HISTORY_RESTRICTS_MOVES: bool = true;

    #[inline]
    fn retain_history_legal(
        &self,
        earlier: chimera_core::History<'_, Self>,
        moves: &mut Vec<Move>,
    ) {
        crate::history::retain_history_legal(self, earlier, moves);
    }

    /// Counts without listing, unless the history may forbid a move (Ko): then lists and
    /// filters.
    #[inline]
    fn count_legal_moves_within(
        &self,
        earlier: chimera_core::History<'_, Self>,
        scratch: &mut Vec<Move>,
        undecided: &mut Vec<Move>,
        _: &mut chimera_core::Budget,
    ) -> Option<u64> {
        undecided.clear();
        if crate::history::may_forbid(self, earlier) {
            self.legal_moves_into(scratch);
            crate::history::retain_history_legal(self, earlier, scratch);
            return Some(scratch.len() as u64);
        }
        Some(self.count_legal())
    }
}
