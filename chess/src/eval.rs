//! [`Evaluate`] for the engine: material, a small bonus for central and advanced pieces,
//! and mobility.

use crate::board::sq;
use crate::position::Chess;
use crate::types::{Move, MoveKind, Role};
use chimera_core::{Color, Evaluate};

/// The value of each role in centipawns, in the order of [`Role::ALL`] (the king's is 0).
pub const ROLE_VALUES: [i32; 6] = [100, 320, 330, 500, 900, 0];

fn centrality(index: usize) -> i32 {
    let (f, r) = ((index % 8) as i32, (index / 8) as i32);
    6 - ((2 * f - 7).abs() + (2 * r - 7).abs()) / 2
}

impl Chess {
    fn side_score(&self, color: Color) -> i32 {
        let mut score = 0;
        for role in Role::ALL {
            for s in self.pieces(color, role) {
                score += ROLE_VALUES[role.index()];
                score += match role {
                    Role::Knight | Role::Bishop => 4 * centrality(s),
                    Role::Pawn => {
                        let rank = sq(s).rank() as i32;
                        let advance = color.fold(rank - 1, 6 - rank);
                        3 * advance * advance + centrality(s)
                    }
                    _ => 0,
                };
            }
        }
        score
    }
}

impl Evaluate for Chess {
    fn evaluate(&self) -> i32 {
        let material = self.side_score(self.turn) - self.side_score(!self.turn);
        let mobility = self.raw_moves().len() as i32;
        material + 2 * mobility
    }

    fn capture_value(&self, mv: Move) -> i32 {
        let taken = match self.move_kind(mv) {
            MoveKind::Capture(role) => ROLE_VALUES[role.index()],
            MoveKind::EnPassant => ROLE_VALUES[0],
            _ => 0,
        };
        taken
            + mv.promotion()
                .map_or(0, |r| ROLE_VALUES[r.index()] - ROLE_VALUES[0])
    }
}
