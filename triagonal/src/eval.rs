//! [`Evaluate`] for Triagonal Chess: material (Jacks on the board and in hand included),
//! the march of the king to the enemy king's start cell and the race between the two
//! marches, the guard of one's own start cell (pieces beside it, Jack walls around it), and
//! the safety of the king; the same terms for both sides, scored for the side to move.
//! Capturing the king wins, which the search sees from the rules.
//!
//! The score is linear in its weights ([`Features`]): the weights are data, `weights.txt`
//! beside this file, fitted to engine games by `chimera tune triagonal` (Texel's method).
//!
//! Triagonal has about 11,660 turns at the start, almost all of them a Jack placement with
//! a normal move: [`Evaluate::selective_moves`] gives the search the normal moves alone
//! (about 100) away from the root.

use crate::board::tables;
use crate::position::{king_start, Move, MoveKind, Piece, Triagonal};
use chimera_core::{Color, Evaluate, Position};
use chimera_kit::tune::{Dot, FeatureSink, Features, WeightSet};

/// The value of each [`Piece`] on the board (pawn, knight, bishop, rook, queen, king, Jack)
/// in centipawns. The king's is used only to order its capture first.
pub const PIECE_VALUES: [i32; 7] = [100, 350, 400, 500, 900, 20_000, 80];
/// The value of a Jack in hand.
pub const JACK_IN_HAND: i32 = 40;
/// The features of the evaluation, in the order of the weight file (`weights.txt`). Each is
/// the side to move's count minus the opponent's, except `tempo` (1: the move is ours).
pub const FEATURES: &[&str] = &[
    "pawn",
    "knight",
    "bishop",
    "rook",
    "queen",
    "jack",
    "jack_in_hand",
    "march_1",
    "march_2",
    "march_3",
    "march_4",
    "march_5",
    "march_6",
    "march_7",
    "pawn_progress",
    "march_lead",
    "start_guards",
    "jack_wall",
    "king_guards",
    "king_attackers",
    "tempo",
];

/// The evaluation before issue 21 as weights of [`FEATURES`]: material (Jacks in hand
/// too), the king's march and the pawns' progress.
const LEGACY: [i32; 21] = [
    100, 350, 400, 500, 900, 80, 40, 300, 160, 90, 50, 25, 12, 5, 3, 0, 0, 0, 0, 0, 0,
];

/// The weights of the evaluation: `weights.txt` (written by `chimera tune triagonal`).
pub static WEIGHTS: WeightSet = WeightSet::new(FEATURES, include_str!("weights.txt"), &LEGACY);

/// The material features of the pieces on the board, in [`Piece`] order (the king none).
const MATERIAL: [Option<usize>; 7] = [Some(0), Some(1), Some(2), Some(3), Some(4), None, Some(5)];
const JACKS_IN_HAND: usize = 6;
const MARCH: usize = 7;
const PAWN_PROGRESS: usize = 14;
const MARCH_LEAD: usize = 15;
const START_GUARDS: usize = 16;
const JACK_WALL: usize = 17;
const KING_GUARDS: usize = 18;
const KING_ATTACKERS: usize = 19;
const TEMPO: usize = 20;

/// King steps between two cells (the hole ignored).
fn king_distance(a: crate::Cell, b: crate::Cell) -> usize {
    let d = |x: u8, y: u8| x.abs_diff(y);
    d(a.file(), b.file())
        .max(d(a.rank(), b.rank()))
        .max(d(a.level(), b.level())) as usize
}

impl Triagonal {
    /// `color`'s side of the features, added with `sign` (+1 for the side to move, −1 for
    /// the opponent): material, the king's march to the enemy king's start cell, the
    /// pawns' progress, the guard of its own king's start cell (its pieces next to it, its
    /// Jacks within two steps: the wall the enemy king must break), and its king's safety
    /// (its pieces and the enemy's next to it: there is no check, a king is simply taken).
    /// Returns the king's distance to its goal.
    fn side_features<S: FeatureSink>(&self, color: Color, sign: i32, sink: &mut S) -> usize {
        let c = color.index();
        let t = tables();
        sink.add(JACKS_IN_HAND, sign * i32::from(self.hand[c]));
        for piece in Piece::ALL {
            if let Some(f) = MATERIAL[piece as usize] {
                sink.add(f, sign * i32::from(self.counts[c][piece as usize]));
            }
        }
        let target = king_start(!color);
        let home = king_start(color);
        let mut march = FAR;
        let (mut progress, mut wall) = (0, 0);
        for cell in self.occ[c].iter() {
            match self.piece_at(cell) {
                Some((Piece::King, _)) => {
                    march = king_distance(cell, target);
                    if (1..8).contains(&march) {
                        sink.add(MARCH + march - 1, sign);
                    }
                    let around = &t.neigh[cell.index()];
                    sink.add(KING_GUARDS, sign * around.and(&self.occ[c]).len() as i32);
                    sink.add(
                        KING_ATTACKERS,
                        sign * around.and(&self.occ[1 - c]).len() as i32,
                    );
                }
                Some((Piece::Pawn, _)) => {
                    // Forward is +rank and +level for White.
                    progress += if color == Color::White {
                        cell.rank() + cell.level()
                    } else {
                        14 - cell.rank() - cell.level()
                    };
                }
                Some((Piece::Jack, _)) => {
                    wall += i32::from(king_distance(cell, home) <= 2);
                }
                _ => {}
            }
        }
        sink.add(PAWN_PROGRESS, sign * i32::from(progress));
        sink.add(JACK_WALL, sign * wall);
        let guards = t.neigh[home.index()].and(&self.occ[c]).len();
        sink.add(START_GUARDS, sign * guards as i32);
        march
    }
}

/// A king's distance when it is not on the board.
const FAR: usize = 8;

impl Features for Triagonal {
    const NAMES: &'static [&'static str] = FEATURES;

    fn features<S: FeatureSink>(&self, sink: &mut S) {
        let ours = self.side_features(self.turn, 1, sink);
        let theirs = self.side_features(!self.turn, -1, sink);
        // Who is ahead in the race to the start cells (in king steps, at most 4 either way).
        sink.add(MARCH_LEAD, (theirs as i32 - ours as i32).clamp(-4, 4));
        sink.add(TEMPO, 1);
    }
}

impl Evaluate for Triagonal {
    fn evaluate(&self) -> i32 {
        let mut dot = Dot::new(WEIGHTS.get());
        self.features(&mut dot);
        dot.sum()
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

#[cfg(test)]
mod tests {
    use super::*;
    use chimera_kit::tune::{parse_weights, Dense};

    /// The evaluation as it was before issue 21, for the check that its weights reproduce it.
    fn legacy_side_score(pos: &Triagonal, color: Color) -> i32 {
        const OLD_MARCH: [i32; 8] = [0, 300, 160, 90, 50, 25, 12, 5];
        let c = color.index();
        let mut score = JACK_IN_HAND * i32::from(pos.hand[c]);
        for piece in Piece::ALL {
            if piece != Piece::King {
                score += PIECE_VALUES[piece as usize] * i32::from(pos.counts[c][piece as usize]);
            }
        }
        let target = king_start(!color);
        for cell in pos.occ[c].iter() {
            match pos.piece_at(cell) {
                Some((Piece::King, _)) => {
                    score += OLD_MARCH
                        .get(king_distance(cell, target))
                        .copied()
                        .unwrap_or(0);
                }
                Some((Piece::Pawn, _)) => {
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

    /// Positions of a few random games from the start (Jack placements included).
    fn positions() -> Vec<Triagonal> {
        let mut out = Vec::new();
        let mut state = 3u64;
        let mut moves = Vec::new();
        for _ in 0..10 {
            let mut pos = Triagonal::standard();
            for _ in 0..60 {
                pos.legal_moves(&mut moves);
                if moves.is_empty() || pos.terminal().is_some() {
                    break;
                }
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
                pos.play_unchecked(moves[(state >> 33) as usize % moves.len()]);
                out.push(pos.clone());
            }
        }
        out
    }

    #[test]
    fn the_weight_file_reads() {
        assert_eq!(
            parse_weights(WEIGHTS.text(), FEATURES).map(|w| w.len()),
            Ok(FEATURES.len())
        );
    }

    #[test]
    fn the_legacy_weights_are_the_old_evaluation() {
        let positions = positions();
        assert!(positions
            .iter()
            .any(|p| p.count(Color::White, Piece::Jack) > 0));
        for pos in positions {
            let mut dot = Dot::new(WEIGHTS.legacy());
            pos.features(&mut dot);
            let old = legacy_side_score(&pos, pos.turn) - legacy_side_score(&pos, !pos.turn);
            assert_eq!(dot.sum(), old, "{}", pos.to_text());
        }
    }

    #[test]
    fn the_evaluation_is_symmetric() {
        for pos in positions() {
            let mut other = pos.clone();
            other.turn = !other.turn;
            let (mut a, mut b) = (Dense::new(FEATURES.len()), Dense::new(FEATURES.len()));
            pos.features(&mut a);
            other.features(&mut b);
            for (i, (x, y)) in a.values().iter().zip(b.values()).enumerate() {
                if i == TEMPO {
                    assert_eq!((*x, *y), (1, 1));
                } else {
                    assert_eq!(*x, -*y, "{} in {}", FEATURES[i], pos.to_text());
                }
            }
        }
    }
}
