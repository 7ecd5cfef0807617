//! The general move generator: positions with a Marshal, a Vertical Mover or a
//! Guard-Knight, or played under option `drops` (hands, drops, promoted pawns remembered).
//!
//! The standard game never comes here (its positions take the fast generator of
//! `position.rs`, which knows only the five standard kinds and no hands): this one is
//! written for plainness, generating each piece's moves by its movement rule and keeping
//! those that leave the own king safe, tested by playing them.

use crate::board::{
    bits, piece_key, rook_targets, vertical_targets, END_ZONE, PAWN_STEPS, ZOBRIST_BLACK,
    ZOBRIST_PROMOTED,
};
use crate::board_data as bd;
use crate::{Move, Role, TurtleShell};
use chimera_core::Color;

const KING: usize = Role::King as usize;
const ROOK: usize = Role::Rook as usize;
const PAWN: usize = Role::Pawn as usize;
const MARSHAL: usize = Role::Marshal as usize;
const VERTICAL: usize = Role::VerticalMover as usize;
const GUARD_KNIGHT: usize = Role::GuardKnight as usize;

impl TurtleShell {
    /// Whether a Marshal, Vertical Mover or Guard-Knight of `by` attacks cell `c` with the
    /// board occupied as `occ` (each move is its own reverse: the knight and guard
    /// neighbourhoods are symmetric, and so are the link tables' rays, a file's `n`/`np`
    /// reversed by `s`/`sp`).
    #[cold]
    #[inline(never)]
    pub(crate) fn attacked_by_extras(&self, c: usize, by: Color, occ: u64) -> bool {
        let p = &self.pieces;
        let them = self.colors[by.index()];
        let (m, v, a) = (
            p[MARSHAL] & them,
            p[VERTICAL] & them,
            p[GUARD_KNIGHT] & them,
        );
        if m | v | a == 0 {
            return false;
        }
        (bd::KNIGHT[c] & (m | a)) != 0
            || (bd::GUARD[c] & (v | a)) != 0
            || (m != 0 && rook_targets(c, occ) & m != 0)
            || (v != 0 && vertical_targets(c, occ) & v != 0)
    }

    /// Where a Marshal, Vertical Mover or Guard-Knight on `s` could move with the board
    /// occupied as `occ`, own pieces included.
    #[cold]
    #[inline(never)]
    pub(crate) fn extra_reach(&self, s: usize, occ: u64) -> u64 {
        let b = 1u64 << s;
        let p = &self.pieces;
        if p[MARSHAL] & b != 0 {
            rook_targets(s, occ) | bd::KNIGHT[s]
        } else if p[VERTICAL] & b != 0 {
            vertical_targets(s, occ) | bd::GUARD[s]
        } else if p[GUARD_KNIGHT] & b != 0 {
            bd::GUARD[s] | bd::KNIGHT[s]
        } else {
            0
        }
    }

    /// The cells a pawn of `color` may be dropped on: empty, and with a forward step.
    pub(crate) fn pawn_drop_cells(&self, color: Color) -> u64 {
        let empty = !self.occupied();
        let mut cells = 0;
        for i in bits(empty) {
            if PAWN_STEPS[color.index()][i] != 0 {
                cells |= 1u64 << i;
            }
        }
        cells
    }

    /// The drops of the side to move (option `drops`), appended to `moves` without regard
    /// to the own king's safety: each kind in hand onto each empty cell, a pawn only where
    /// it has a forward step.
    pub(crate) fn drops(&self, moves: &mut Vec<Move>) {
        if !self.rules.drops {
            return;
        }
        let us = self.turn;
        let hand = &self.hands[us.index()];
        let empty = !self.occupied();
        for piece in Role::ALL {
            if hand[piece.index()] == 0 {
                continue;
            }
            let cells = if piece == Role::Pawn {
                self.pawn_drop_cells(us)
            } else {
                empty
            };
            for to in bits(cells) {
                moves.push(Move::drop(piece, crate::Cell::of(to)));
            }
        }
    }

    /// The legal moves (ignoring history) of a position for the general generator, written
    /// into `moves` (already cleared; the end-zone rule already checked by the caller).
    #[cold]
    #[inline(never)]
    pub(crate) fn general_moves(&self, moves: &mut Vec<Move>) {
        let us = self.turn;
        if self.bitboard(us, Role::King) == 0 {
            return;
        }
        self.pseudo_legal_moves(moves);
        let in_check = self.is_check();
        // A drop adds a piece of the mover's: it can only matter when in check.
        moves.retain(|&mv| (mv.is_drop() && !in_check) || self.leaves_king_safe(mv));
    }

    /// The number of [`TurtleShell::general_moves`].
    #[cold]
    #[inline(never)]
    pub(crate) fn general_count(&self) -> u64 {
        let mut moves = Vec::new();
        self.legal_moves_into(&mut moves);
        moves.len() as u64
    }

    /// The Zobrist key after `mv`, by playing it.
    #[cold]
    #[inline(never)]
    pub(crate) fn general_key_after(&self, mv: Move) -> u64 {
        self.after(mv).key
    }

    /// Whether the mover's king is safe after `mv`.
    fn leaves_king_safe(&self, mv: Move) -> bool {
        let after = self.after(mv);
        match after.king(self.turn) {
            Some(k) => !after.is_attacked(k, after.turn),
            None => false,
        }
    }

    /// Plays `mv` on a position of the general generator: a drop takes the piece from the
    /// hand; under option `drops` a capture puts the captured piece (a promoted rook as a
    /// pawn) into the captor's hand, and the promoted-pawn marks move with their rooks.
    #[cold]
    #[inline(never)]
    pub(crate) fn play_general(&mut self, mv: Move) {
        let us = self.turn.index();
        let them = 1 - us;
        let to = mv.to_ix();
        let tb = 1u64 << to;
        if let Some(piece) = mv.dropped() {
            let k = piece.index();
            let n = self.hands[us][k];
            self.set_hand(self.turn, piece, n.saturating_sub(1));
            self.pieces[k] |= tb;
            self.colors[us] |= tb;
            self.key ^= piece_key(us, k, to) ^ ZOBRIST_BLACK;
            self.quiet = 0;
            self.turn = !self.turn;
            return;
        }
        let from = mv.src_ix();
        let fb = 1u64 << from;
        let captures = self.colors[them] & tb != 0;
        if captures {
            let victim = self.kind_general(to).index();
            self.pieces[victim] &= !tb;
            self.colors[them] &= !tb;
            self.key ^= piece_key(them, victim, to);
            let was_promoted = self.promoted & tb != 0;
            if was_promoted {
                self.promoted &= !tb;
                self.key ^= ZOBRIST_PROMOTED[to];
            }
            if self.rules.drops && victim != KING {
                let back = if was_promoted { PAWN } else { victim };
                let n = self.hands[us][back];
                self.set_hand(self.turn, Role::ALL[back], n.saturating_add(1));
            }
        }
        let kind = self.kind_general(from).index();
        let new_kind = if mv.is_promotion() { ROOK } else { kind };
        self.quiet = if captures || kind == PAWN {
            0
        } else {
            self.quiet.saturating_add(1)
        };
        self.pieces[kind] &= !fb;
        self.pieces[new_kind] |= tb;
        self.colors[us] = (self.colors[us] & !fb) | tb;
        self.key ^= piece_key(us, kind, from) ^ piece_key(us, new_kind, to) ^ ZOBRIST_BLACK;
        if self.promoted & fb != 0 {
            self.promoted ^= fb | tb;
            self.key ^= ZOBRIST_PROMOTED[from] ^ ZOBRIST_PROMOTED[to];
        } else if mv.is_promotion() && self.rules.drops {
            self.promoted |= tb;
            self.key ^= ZOBRIST_PROMOTED[to];
        }
        self.turn = !self.turn;
    }
}

/// Whether a pawn of `color` may not stand on `cell` in a position text: in the opponent's
/// end zone it would have had to promote, unless (option `drops`) it was dropped there and
/// still has a forward step ([ruling] a drop never promotes).
pub(crate) fn pawn_cannot_stand(color: Color, cell: usize, drops: bool) -> bool {
    END_ZONE[color.index()] & (1u64 << cell) != 0
        && (!drops || PAWN_STEPS[color.index()][cell] == 0)
}
