//! [`Evaluate`] for Turtle Shell Chess: the race of the kings to the end zones, material,
//! pawn advance and king safety, the same terms for both sides, scored for the side to move.
//! (Checkmate and the winning stalemate are scored by the search from the rules.)
//!
//! The score is linear in its weights ([`Features`]): the weights are data, `weights.txt`
//! beside this file, fitted to engine games by `chimera tune turtle-shell` (Texel's method).

use crate::board::END_ZONE;
use crate::board_data::{GUARD, KNIGHT};
use crate::position::TurtleShell;
use crate::types::{Move, Role};
use chimera_core::{Color, Evaluate};
use chimera_kit::tune::{Dot, FeatureSink, Features, WeightSet};
use std::sync::OnceLock;

/// The value of each [`Role`] (king, guard, knight, rook, pawn, marshal, vertical mover,
/// guard-knight) in centipawns; the king counts nothing (checkmate, stalemate and the end
/// zone decide). The extra pieces are valued as the sum of what they combine: a marshal a
/// rook and a knight and a little more (850), a vertical mover a guard and half a rook
/// (450), a guard-knight a guard and a knight (600).
pub const PIECE_VALUES: [i32; 8] = [0, 300, 300, 500, 100, 850, 450, 600];

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

/// The features of the evaluation, in the order of the weight file (`weights.txt`). Each is
/// the side to move's count minus the opponent's, except `tempo` (1: the move is ours).
pub const FEATURES: &[&str] = &[
    "guard",
    "knight",
    "rook",
    "pawn",
    "pawn_advance",
    "race_1",
    "race_2",
    "race_3",
    "race_4",
    "race_5",
    "race_6",
    "race_7",
    "race_lead",
    "king_shelter",
    "king_attackers",
    "king_flights",
    "zone_guards",
    "tempo",
    "marshal",
    "vertical_mover",
    "guard_knight",
    "in_hand",
];

/// The evaluation before issue 21 as weights of [`FEATURES`]: material, pawn advance and
/// the race table, nothing else.
const LEGACY: [i32; 22] = [
    300, 300, 500, 100, 6, 260, 150, 90, 50, 25, 10, 4, 0, 0, 0, 0, 0, 0, 850, 450, 600, 10,
];

/// The weights of the evaluation: `weights.txt` (written by `chimera tune turtle-shell`).
pub static WEIGHTS: WeightSet = WeightSet::new(FEATURES, include_str!("weights.txt"), &LEGACY);

const PAWN_ADVANCE: usize = 4;
const RACE: usize = 5;
const RACE_LEAD: usize = 12;
const KING_SHELTER: usize = 13;
const KING_ATTACKERS: usize = 14;
const KING_FLIGHTS: usize = 15;
const ZONE_GUARDS: usize = 16;
const TEMPO: usize = 17;
const EXTRA_MATERIAL: usize = 18;
const IN_HAND: usize = 21;

impl TurtleShell {
    /// `color`'s side of the features, each added with `sign` (+1 for the side to move, −1
    /// for the opponent); returns the king's distance to its winning end zone.
    fn side_features<S: FeatureSink>(&self, color: Color, sign: i32, sink: &mut S) -> u8 {
        let c = color.index();
        let dist = &distances()[c];
        let own = self.pieces_of(color);
        let enemy = self.pieces_of(!color);
        for (f, piece) in [Role::Guard, Role::Knight, Role::Rook, Role::Pawn]
            .into_iter()
            .enumerate()
        {
            sink.add(f, sign * self.bitboard(color, piece).count_ones() as i32);
        }
        let mut pawns = self.bitboard(color, Role::Pawn);
        let mut advance = 0;
        while pawns != 0 {
            let i = pawns.trailing_zeros() as usize;
            pawns &= pawns - 1;
            advance += i32::from(FAR.saturating_sub(dist[i]));
        }
        sink.add(PAWN_ADVANCE, sign * advance);
        for (f, piece) in [Role::Marshal, Role::VerticalMover, Role::GuardKnight]
            .into_iter()
            .enumerate()
        {
            sink.add(
                EXTRA_MATERIAL + f,
                sign * self.bitboard(color, piece).count_ones() as i32,
            );
        }
        // Option `drops`: the hand, by its pieces' nominal values in tens of centipawns.
        let hand: i32 = self.hands[c]
            .iter()
            .zip(PIECE_VALUES)
            .map(|(&n, value)| value / 10 * i32::from(n))
            .sum();
        sink.add(IN_HAND, sign * hand);
        // The zone the enemy king races to: own pieces standing in it bar the way.
        sink.add(
            ZONE_GUARDS,
            sign * (own & END_ZONE[1 - c]).count_ones() as i32,
        );
        let king = self.bitboard(color, Role::King);
        if king == 0 {
            return FAR;
        }
        let k = king.trailing_zeros() as usize;
        let d = dist[k];
        if (1..8).contains(&d) {
            sink.add(RACE + usize::from(d) - 1, sign);
        }
        let around = GUARD[k];
        sink.add(KING_SHELTER, sign * (around & own).count_ones() as i32);
        sink.add(
            KING_ATTACKERS,
            sign * ((around | KNIGHT[k]) & enemy).count_ones() as i32,
        );
        sink.add(
            KING_FLIGHTS,
            sign * (around & !(own | enemy)).count_ones() as i32,
        );
        d
    }
}

impl Features for TurtleShell {
    const NAMES: &'static [&'static str] = FEATURES;

    fn features<S: FeatureSink>(&self, sink: &mut S) {
        let ours = self.side_features(self.turn, 1, sink);
        let theirs = self.side_features(!self.turn, -1, sink);
        // Who is ahead in the race to the end zones (in king steps, at most 4 either way).
        sink.add(
            RACE_LEAD,
            (i32::from(theirs) - i32::from(ours)).clamp(-4, 4),
        );
        sink.add(TEMPO, 1);
    }
}

impl Evaluate for TurtleShell {
    fn evaluate(&self) -> i32 {
        let mut dot = Dot::new(WEIGHTS.get());
        self.features(&mut dot);
        dot.sum()
    }

    fn capture_value(&self, mv: Move) -> i32 {
        if mv.is_drop() {
            return 0;
        }
        let mut value = match self.piece_at(mv.to()) {
            Some((color, piece)) if color != self.turn => PIECE_VALUES[piece.index()],
            _ => 0,
        };
        if mv.is_promotion() {
            value += PIECE_VALUES[Role::Rook.index()] - PIECE_VALUES[Role::Pawn.index()];
        }
        value
    }

    fn is_noisy(&self, mv: Move) -> bool {
        // Captures, promotions, and a king stepping into the end zone (it may win at once).
        self.capture_value(mv) > 0
            || (!mv.is_drop()
                && self.bitboard(self.turn, Role::King) & mv.from().bit() != 0
                && END_ZONE[self.turn.index()] & mv.to().bit() != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chimera_core::Position;
    use chimera_kit::tune::parse_weights;

    /// The evaluation as it was before issue 21, for the check that its weights reproduce it.
    fn legacy_side_score(pos: &TurtleShell, color: Color) -> i32 {
        const RACE: [i32; 8] = [0, 260, 150, 90, 50, 25, 10, 4];
        let dist = &distances()[color.index()];
        let mut score = 0;
        for piece in [Role::Guard, Role::Knight, Role::Rook] {
            score += PIECE_VALUES[piece.index()] * pos.bitboard(color, piece).count_ones() as i32;
        }
        let mut pawns = pos.bitboard(color, Role::Pawn);
        while pawns != 0 {
            let i = pawns.trailing_zeros() as usize;
            pawns &= pawns - 1;
            score += 100 + 6 * i32::from(FAR.saturating_sub(dist[i]));
        }
        let king = pos.bitboard(color, Role::King);
        if king != 0 {
            let d = dist[king.trailing_zeros() as usize] as usize;
            score += RACE.get(d).copied().unwrap_or(0);
        }
        score
    }

    /// Positions of a few random games from the start.
    fn positions() -> Vec<TurtleShell> {
        chimera_test_kit::random_positions(&TurtleShell::start(Default::default()), 20, 80, 7)
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
        for pos in positions() {
            let mut dot = Dot::new(WEIGHTS.legacy());
            pos.features(&mut dot);
            let old = legacy_side_score(&pos, pos.turn) - legacy_side_score(&pos, !pos.turn);
            assert_eq!(dot.sum(), old, "{}", pos.to_text());
        }
    }

    #[test]
    fn the_evaluation_is_symmetric() {
        // The same position with the other side to move: every term changes sign but the
        // tempo, so odd and even depths of a search agree.
        let flip = |pos: &TurtleShell| {
            let mut other = pos.clone();
            other.turn = !other.turn;
            other
        };
        chimera_test_kit::check_features_symmetric(&positions(), TEMPO, flip, |p| p.to_text());
    }
}
