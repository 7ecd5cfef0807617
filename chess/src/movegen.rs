//! Legal move generation: king moves to unattacked squares, check evasion by a target
//! mask, pinned pieces kept on their pin lines, en passant by make-and-test, castling
//! through unattacked squares.

use crate::board::{self, sq, squares, Bitboard};
use crate::position::{
    Chess, BLACK_KING_SIDE, BLACK_QUEEN_SIDE, WHITE_KING_SIDE, WHITE_QUEEN_SIDE,
};
use crate::types::{Move, Role, Square};
use chimera_core::Color;

impl Chess {
    /// Fills `out` (cleared first) with the legal moves, ignoring the end of the game.
    pub(crate) fn gen_legal(&self, out: &mut Vec<Move>) {
        out.clear();
        let us = self.turn;
        let Some(k) = self.king(us) else { return };
        let (ours, theirs) = (self.colors[us.index()], self.colors[(!us).index()]);
        let occ = self.occupied();
        let without_king = occ - Bitboard::single(k.index());
        for t in board::king(k) - ours {
            if (self.attackers_to(sq(t), without_king) & theirs).is_empty() {
                out.push(Move::new(k, sq(t), None));
            }
        }
        let checkers = self.checkers;
        if checkers.more_than_one() {
            return;
        }
        let target = match checkers.first() {
            Some(c) => board::between(k, sq(c)) | Bitboard::single(c),
            None => !Bitboard::EMPTY,
        };
        let pinned = u64::from(self.pinned(k));
        let target = u64::from(target);
        let allowed = |from: usize| {
            if pinned & (1 << from) != 0 {
                // A pinned piece stays on the line from its king through it.
                target & u64::from(board::ray_through(k, sq(from)))
            } else {
                target
            }
        };
        self.gen_pieces(out, allowed);
        self.gen_pawns(out, allowed);
        for from in self.ep_capturers() {
            let mv = Move::new(sq(from), self.ep.unwrap_or(k), None);
            if self.leaves_king_safe(mv) {
                out.push(mv);
            }
        }
        if checkers.is_empty() {
            self.gen_castling(out, k);
        }
    }

    /// Fills `out` (cleared first) with the legal captures, en-passant captures and
    /// promotions, in the order [`Chess::gen_legal`] lists them, and returns `true`; or
    /// returns `false` (for the caller to list every move) when the side to move is in
    /// check, or when no knight, bishop, rook or queen of its is free to move (so that a
    /// legal move is not known to exist without listing them all).
    pub(crate) fn gen_noisy(&self, out: &mut Vec<Move>) -> bool {
        out.clear();
        let us = self.turn;
        let Some(k) = self.king(us) else { return false };
        let (ours, theirs) = (self.colors[us.index()], self.colors[(!us).index()]);
        let occ = self.occupied();
        if !self.checkers.is_empty() {
            return false;
        }
        let pinned = self.pinned(k);
        let sliders = board::sliders();
        let (free_of, occupied) = (!u64::from(ours), u64::from(occ));
        let free = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
            .into_iter()
            .any(|role| {
                squares(u64::from(self.pieces(us, role) - pinned))
                    .any(|from| sliders.piece(role, from, occupied) & free_of != 0)
            });
        if !free {
            return false;
        }
        let without_king = occ - Bitboard::single(k.index());
        for t in board::king(k) & theirs {
            if (self.attackers_to(sq(t), without_king) & theirs).is_empty() {
                out.push(Move::new(k, sq(t), None));
            }
        }
        let last_rank = Bitboard::from(match us {
            Color::White => 0xFF00_0000_0000_0000u64,
            Color::Black => 0xFFu64,
        });
        let pinned = u64::from(pinned);
        let allowed = |from: usize, mask: Bitboard| {
            if pinned & (1 << from) != 0 {
                u64::from(mask & board::ray_through(k, sq(from)))
            } else {
                u64::from(mask)
            }
        };
        self.gen_pieces(out, |from| allowed(from, theirs));
        self.gen_pawns(out, |from| allowed(from, theirs | last_rank));
        for from in self.ep_capturers() {
            let mv = Move::new(sq(from), self.ep.unwrap_or(k), None);
            if self.leaves_king_safe(mv) {
                out.push(mv);
            }
        }
        true
    }

    /// Our pieces pinned to our king `k` (each may move only along the line from the king
    /// through it: the squares up to the pinning piece, which it may capture).
    fn pinned(&self, k: Square) -> Bitboard {
        let them = !self.turn;
        let snipers = (board::rook_lines(k)
            & (self.pieces(them, Role::Rook) | self.pieces(them, Role::Queen)))
            | (board::bishop_lines(k)
                & (self.pieces(them, Role::Bishop) | self.pieces(them, Role::Queen)));
        let ours = self.colors[self.turn.index()];
        let occ = self.occupied();
        let mut pinned = Bitboard::EMPTY;
        for s in snipers {
            let blockers = board::between(k, sq(s)) & occ;
            if !blockers.more_than_one() && blockers.is_subset(&ours) {
                pinned |= blockers;
            }
        }
        pinned
    }

    /// The knights', bishops', rooks' and queens' moves to the squares `allowed` gives
    /// for each piece's square (the squares of its own side left out here).
    #[inline(always)]
    fn gen_pieces(&self, out: &mut Vec<Move>, allowed: impl Fn(usize) -> u64) {
        let us = self.turn;
        let ours = u64::from(self.colors[us.index()]);
        let occ = u64::from(self.occupied());
        let sliders = board::sliders();
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            for from in squares(u64::from(self.pieces(us, role))) {
                let attacks = sliders.piece(role, from, occ);
                for to in squares(attacks & !ours & allowed(from)) {
                    out.push(Move::new(sq(from), sq(to), None));
                }
            }
        }
    }

    /// The pawns' moves (captures, pushes, promotions; not en passant) to the squares
    /// `allowed` gives for each pawn's square.
    #[inline(always)]
    fn gen_pawns(&self, out: &mut Vec<Move>, allowed: impl Fn(usize) -> u64) {
        let us = self.turn;
        let occ = u64::from(self.occupied());
        let theirs = self.colors[(!us).index()];
        let (forward, start_rank, last_rank): (i32, u8, u8) = match us {
            Color::White => (8, 1, 7),
            Color::Black => (-8, 6, 0),
        };
        for from in squares(u64::from(self.pieces(us, Role::Pawn))) {
            let s = sq(from);
            let mut targets = u64::from(board::pawn_attacks(us.index(), s) & theirs);
            // A pawn never stands on the last rank: one step forward is a square.
            let one = (from as i32 + forward) as usize & 63;
            if occ & (1 << one) == 0 {
                targets |= 1 << one;
                let two = (one as i32 + forward) as usize & 63;
                if s.rank() == start_rank && occ & (1 << two) == 0 {
                    targets |= 1 << two;
                }
            }
            for to in squares(targets & allowed(from)) {
                let to = sq(to);
                if to.rank() == last_rank {
                    for role in Role::PROMOTIONS {
                        out.push(Move::new(s, to, Some(role)));
                    }
                } else {
                    out.push(Move::new(s, to, None));
                }
            }
        }
    }

    fn gen_castling(&self, out: &mut Vec<Move>, k: Square) {
        let (king_side, queen_side) = match self.turn {
            Color::White => (WHITE_KING_SIDE, WHITE_QUEEN_SIDE),
            Color::Black => (BLACK_KING_SIDE, BLACK_QUEEN_SIDE),
        };
        let base = k.index() & !7;
        let occ = self.occupied();
        let theirs = self.colors[(!self.turn).index()];
        let safe = |i: usize| (self.attackers_to(sq(base + i), occ) & theirs).is_empty();
        // (right, squares that must be empty, squares the king crosses or reaches, to)
        let sides: [(u8, &[usize], [usize; 2], usize); 2] = [
            (king_side, &[5, 6], [5, 6], 6),
            (queen_side, &[1, 2, 3], [3, 2], 2),
        ];
        for (right, empty, crossed, to) in sides {
            if self.castling & right != 0
                && empty.iter().all(|&i| !occ.contains(base + i))
                && crossed.iter().all(|&i| safe(i))
            {
                out.push(Move::new(k, sq(base + to), None));
            }
        }
    }
}
