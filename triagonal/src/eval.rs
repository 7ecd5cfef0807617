//! [`Evaluate`] for Triagonal Chess: material (Jacks on the board and in hand included) and
//! the march of the king to the enemy king's start cell; capturing the king wins, which the
//! search sees from the rules.
//!
//! Triagonal has about 11,660 turns at the start, almost all of them a Jack placement with
//! a normal move: [`Evaluate::selective_moves`] gives the search the normal moves alone
//! (about 100) away from the root.

use crate::position::{king_start, Move, MoveKind, Piece, Triagonal};
use chimera_core::{Color, Evaluate, Position};

/// The value of each [`Piece`] on the board (pawn, knight, bishop, rook, queen, king, Jack)
/// in centipawns. The king's is used only to order its capture first.
pub const PIECE_VALUES: [i32; 7] = [100, 350, 400, 500, 900, 20_000, 80];
/// The value of a Jack in hand.
pub const JACK_IN_HAND: i32 = 40;
/// A king `d` steps (in any of the 26 directions) from the enemy king's start cell earns
/// `MARCH[d]` (0 beyond).
const MARCH: [i32; 8] = [0, 300, 160, 90, 50, 25, 12, 5];

/// King steps between two cells (the hole ignored).
fn king_distance(a: crate::Cell, b: crate::Cell) -> usize {
    let d = |x: u8, y: u8| x.abs_diff(y);
    d(a.file(), b.file())
        .max(d(a.rank(), b.rank()))
        .max(d(a.level(), b.level())) as usize
}

impl Triagonal {
    fn side_score(&self, color: Color) -> i32 {
        let c = color.index();
        let mut score = JACK_IN_HAND * i32::from(self.hand[c]);
        for piece in Piece::ALL {
            if piece != Piece::King {
                score += PIECE_VALUES[piece as usize] * i32::from(self.counts[c][piece as usize]);
            }
        }
        let target = king_start(!color);
        for cell in self.occ[c].iter() {
            match self.piece_at(cell) {
                Some((Piece::King, _)) => {
                    score += MARCH.get(king_distance(cell, target)).copied().unwrap_or(0);
                }
                Some((Piece::Pawn, _)) => {
                    // Forward is +rank and +level for White.
                    let progress = if color == Color::White {
                        cell.rank() + cell.level()
                    } else {
                        14 - cell.rank() - cell.level()
                    };
                    score += 3 * i32::from(progress);
                }
                _ => {}
            }
        }
        score
    }
}

impl Evaluate for Triagonal {
    fn evaluate(&self) -> i32 {
        self.side_score(self.turn) - self.side_score(!self.turn)
    }

    fn capture_value(&self, mv: Move) -> i32 {
        let Some((piece, kind)) = self.describe(mv) else {
            return 0;
        };
        let mut value = match kind {
            MoveKind::Capture | MoveKind::CaptureWithoutMoving => self
                .piece_at(mv.to())
                .map_or(0, |(victim, _)| PIECE_VALUES[victim as usize]),
            MoveKind::EnPassant => PIECE_VALUES[Piece::Pawn as usize],
            MoveKind::Quiet | MoveKind::Castle => 0,
        };
        if let Some(promoted) = mv.promotion() {
            value += PIECE_VALUES[promoted as usize] - PIECE_VALUES[Piece::Pawn as usize];
        }
        if piece == Piece::King && mv.to() == king_start(!self.turn) {
            // Reaching the enemy king's start cell wins at once.
            value += PIECE_VALUES[Piece::King as usize];
        }
        value
    }

    fn selective_moves(&self, moves: &mut Vec<Move>) -> bool {
        moves.clear();
        if self.terminal().is_none() {
            self.generate_normal(moves);
        }
        true
    }
}
