//! [`Evaluate`] for Turtle Shell Chess: the race of the kings to the end zones, then
//! material and pawn advance. (Checkmate and the winning stalemate are scored by the search
//! from the rules.)

use crate::board::END_ZONE;
use crate::board_data::GUARD;
use crate::position::TurtleShell;
use crate::types::{Move, Piece};
use chimera_core::{Color, Evaluate};
use std::sync::OnceLock;

/// The value of each [`Piece`] (king, guard, knight, rook, pawn) in centipawns; the king
/// counts nothing (checkmate, stalemate and the end zone decide).
pub const PIECE_VALUES: [i32; 5] = [0, 300, 300, 500, 100];

/// A king `d` king steps from the opponent's end zone earns `RACE[d]` (0 beyond).
const RACE: [i32; 8] = [0, 260, 150, 90, 50, 25, 10, 4];
/// Centipawns per king step a pawn has left behind on the way to its end zone.
const PAWN_ADVANCE: i32 = 6;
/// The most king steps from any cell to an end zone (the board is 10 rows deep).
const FAR: u8 = 12;

/// `distances()[colour][cell]`: king steps from `cell` to `colour`'s winning end zone (the
/// opponent's), ignoring the pieces.
fn distances() -> &'static [[u8; 64]; 2] {
    static TABLE: OnceLock<[[u8; 64]; 2]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut out = [[FAR; 64]; 2];
        for (c, dist) in out.iter_mut().enumerate() {
            let mut frontier = END_ZONE[c];
            let mut seen = frontier;
            let mut d = 0;
            while frontier != 0 {
                let mut next = 0;
                let mut f = frontier;
                while f != 0 {
                    let i = f.trailing_zeros() as usize;
                    f &= f - 1;
                    dist[i] = d;
                    next |= GUARD[i];
                }
                next &= !seen;
                seen |= next;
                frontier = next;
                d += 1;
            }
        }
        out
    })
}

impl TurtleShell {
    fn side_score(&self, color: Color) -> i32 {
        let c = color.index();
        let dist = &distances()[c];
        let mut score = 0;
        for piece in [Piece::Guard, Piece::Knight, Piece::Rook] {
            score += PIECE_VALUES[piece.index()] * self.bitboard(color, piece).count_ones() as i32;
        }
        let mut pawns = self.bitboard(color, Piece::Pawn);
        while pawns != 0 {
            let i = pawns.trailing_zeros() as usize;
            pawns &= pawns - 1;
            score += PIECE_VALUES[Piece::Pawn.index()]
                + PAWN_ADVANCE * i32::from(FAR.saturating_sub(dist[i]));
        }
        let king = self.bitboard(color, Piece::King);
        if king != 0 {
            let d = dist[king.trailing_zeros() as usize] as usize;
            score += RACE.get(d).copied().unwrap_or(0);
        }
        score
    }
}

impl Evaluate for TurtleShell {
    fn evaluate(&self) -> i32 {
        self.side_score(self.turn) - self.side_score(!self.turn)
    }

    fn capture_value(&self, mv: Move) -> i32 {
        let mut value = match self.piece_at(mv.to()) {
            Some((color, piece)) if color != self.turn => PIECE_VALUES[piece.index()],
            _ => 0,
        };
        if mv.is_promotion() {
            value += PIECE_VALUES[Piece::Rook.index()] - PIECE_VALUES[Piece::Pawn.index()];
        }
        value
    }

    fn is_noisy(&self, mv: Move) -> bool {
        // Captures, promotions, and a king stepping into the end zone (it may win at once).
        self.capture_value(mv) > 0
            || (self.bitboard(self.turn, Piece::King) & mv.from().bit() != 0
                && END_ZONE[self.turn.index()] & mv.to().bit() != 0)
    }
}
