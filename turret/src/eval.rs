//! [`Evaluate`] for Turret Chess: material, mobility and pawn advance, as in chess.

use crate::board::{bishop_attacks, rook_attacks, KNIGHT};
use crate::position::TurretChess;
use crate::types::{Move, MoveKind, Piece, Role};
use chimera_core::{Color, Evaluate};

/// The value of each [`Role`] in centipawns (the king counts nothing: checkmate decides).
pub const ROLE_VALUES: [i32; 8] = [100, 300, 320, 500, 900, 0, 450, 350];

/// Centipawns per cell a piece attacks (not holding a friendly piece).
const MOBILITY: i32 = 4;
/// Centipawns per rank a pawn has advanced.
const PAWN_ADVANCE: i32 = 6;

impl TurretChess {
    /// `color`'s side of the static score: material, mobility of the sliders, knights and
    /// Turrets, pawn advance, and a small bonus for knights near the centre.
    fn side_score(&self, color: Color) -> i32 {
        let c = color.index();
        let own = self.by_color[c];
        let occ = self.by_color[0] | self.by_color[1];
        let mut score = 0;
        let mut bits = own;
        while bits != 0 {
            let i = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            let Some(p) = Piece::from_code(self.cells[i as usize]) else {
                continue;
            };
            score += ROLE_VALUES[p.role as usize];
            let (file, rank) = (i32::from(i % 10), i32::from(i / 10));
            let reach = match p.role {
                Role::Pawn => {
                    let advanced = if color == Color::White {
                        rank - 1
                    } else {
                        6 - rank
                    };
                    score += PAWN_ADVANCE * advanced.max(0);
                    0
                }
                Role::Knight => {
                    // Centre files are d-g (3..=6), centre ranks 3-6 (2..=5).
                    let central =
                        i32::from((3..=6).contains(&file)) + i32::from((2..=5).contains(&rank));
                    score += 8 * central;
                    KNIGHT[i as usize]
                }
                Role::Bishop => bishop_attacks(i, occ),
                Role::Rook => rook_attacks(i, occ),
                Role::Queen | Role::Turret => bishop_attacks(i, occ) | rook_attacks(i, occ),
                Role::King | Role::Kwagga => 0,
            };
            score += MOBILITY * (reach & !own).count_ones() as i32;
        }
        score
    }
}

impl Evaluate for TurretChess {
    fn evaluate(&self) -> i32 {
        let us = self.turn;
        self.side_score(us) - self.side_score(!us)
    }

    fn capture_value(&self, mv: Move) -> i32 {
        let mut value = match mv.kind() {
            MoveKind::EnPassant => ROLE_VALUES[Role::Pawn as usize],
            MoveKind::Castle => 0,
            MoveKind::Normal => Piece::from_code(self.cells[mv.dst_index() as usize & 127])
                .filter(|p| p.color != self.turn)
                .map_or(0, |p| ROLE_VALUES[p.role as usize]),
        };
        if let Some(role) = mv.promotion() {
            value += ROLE_VALUES[role as usize] - ROLE_VALUES[Role::Pawn as usize];
        }
        if let Some(sling) = self.sling(mv) {
            if let Some(victim) = sling.captured.filter(|v| v.color != self.turn) {
                value += ROLE_VALUES[victim.role as usize];
            }
            if sling.promotes {
                // A pawn thrown onto its last rank becomes a queen of its owner.
                let gain = ROLE_VALUES[Role::Queen as usize] - ROLE_VALUES[Role::Pawn as usize];
                value += if sling.piece.color == self.turn {
                    gain
                } else {
                    -gain
                };
            }
        }
        value
    }
}
