//! Move generation with bitboards: for each stack of the side to move, the set of target
//! squares, computed with set operations from the landing table.
//!
//! With `own`/`enemy` the squares of the mover's/opponent's stacks and `t`, `f`, `w` the
//! mover's ring boards, the landing table reduces to three masks of allowed targets:
//! - an arriving T may land anywhere but on a friendly stack holding T or a friendly lone
//!   W: `!own | (f & !t)` (merging onto F or F+W; T+W is invalid);
//! - an arriving F may land anywhere but on a friendly stack holding F: `!f`;
//! - an arriving W may land anywhere but on a friendly stack that is not F or T+F:
//!   `!own | (f & !w)`.
//!
//! Capturing an enemy stack and merging onto it are both allowed by these masks; the
//! special moves (Wall, Castle) intersect them with their own restrictions.

use crate::board::{
    bishop_attacks, rook_attacks, Bits, Square, KING, KNIGHT, WALL_DIAGONAL, WALL_STEP,
};
use crate::position::Turnover;
use chimera_core::Color;

impl Turnover {
    /// Calls `visit(from, targets)` for each stack of the side to move that has at least one
    /// move, with the bitboard of its target squares, until `visit` returns `false`. Ignores
    /// whether the game is over.
    #[inline(always)]
    pub(crate) fn visit_targets<V: FnMut(Square, u64) -> bool>(&self, mut visit: V) {
        let us = self.turn.index();
        let [t, f, w] = self.rings[us];
        let [et, ef, ew] = self.rings[us ^ 1];
        let own = t | f | w;
        let occ = own | et | ef | ew;
        let empty = !occ;
        // Forts and Citadels of either colour: what a Wall or a Castle's W may merge onto.
        let fort_or_citadel = (f | ef) & !(w | ew);
        let onto_t = !own | (f & !t);
        let onto_f = !f;
        let onto_w = !own | (f & !w);

        macro_rules! each {
            ($set:expr, |$sq:ident| $targets:expr) => {
                for $sq in Bits($set) {
                    let targets = $targets;
                    if targets != 0 && !visit($sq, targets) {
                        return;
                    }
                }
            };
        }

        // Tower (T alone; T+W does not exist): rook slides, the whole piece travels.
        each!(t & !f, |sq| rook_attacks(sq, occ) & onto_t);
        // Fort (F alone): bishop slides.
        each!(f & !t & !w, |sq| bishop_attacks(sq, occ) & onto_f);
        // Citadel (T+F): queen slides, only its F travels.
        each!(t & f & !w, |sq| (rook_attacks(sq, occ)
            | bishop_attacks(sq, occ))
            & onto_f);
        // Fortress (F+W): knight leaps, only its W travels.
        each!(f & w & !t, |sq| KNIGHT[sq.index()] & onto_w);
        // Wall (W alone): straight forward to an empty square or onto a Fort/Citadel of
        // either colour; diagonally forward never to an empty square.
        each!(w & !f, |sq| (WALL_STEP[us][sq.index()]
            & (empty | fort_or_citadel))
            | (WALL_DIAGONAL[us][sq.index()] & occ & onto_w));
        // Castle: one step as a whole (to an empty square or capturing an enemy T, W, F+W,
        // T+F+W) or its W alone onto a Fort/Citadel of either colour: together exactly the
        // W landing mask. Dismount: the W two squares straight forward over an empty square
        // onto an empty square or a Fort/Citadel.
        each!(t & f & w, |sq| {
            let mid = WALL_STEP[us][sq.index()] & empty;
            let two = if self.turn == Color::White {
                mid << 8
            } else {
                mid >> 8
            };
            (KING[sq.index()] & onto_w) | (two & (empty | fort_or_citadel))
        });
    }

    /// Whether the side to move has a legal move (ignoring history), without listing them.
    /// `false` once the game is over.
    pub fn has_legal_move(&self) -> bool {
        !self.finished_without_moves() && self.has_any_move()
    }

    /// Whether the side to move has a move by the movement rules, whatever the clocks and
    /// Castles say (what Siege asks).
    pub(crate) fn has_any_move(&self) -> bool {
        let mut any = false;
        self.visit_targets(|_, _| {
            any = true;
            false
        });
        any
    }

    /// The number of legal moves (ignoring history), without listing them.
    pub fn count_legal_moves(&self) -> usize {
        if self.finished_without_moves() {
            return 0;
        }
        let mut n = 0;
        self.visit_targets(|_, targets| {
            n += targets.count_ones() as usize;
            true
        });
        n
    }
}
