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
use std::num::Wrapping;

/// The value of each [`Role`] (king, guard, knight, rook, pawn, marshal, vertical mover,
/// guard-knight) in centipawns; the king counts nothing (checkmate, stalemate and the end
/// zone decide). The extra pieces are valued as the sum of what they combine: a marshal a
/// rook and a knight and a little more (850), a vertical mover a guard and half a rook
/// (450), a guard-knight a guard and a knight (600).
pub const PIECE_VALUES: [i32; 8] = [0, 300, 300, 500, 100, 850, 450, 600];

/// The most king steps from any cell to an end zone (the board is 10 rows deep).
const FAR: u8 = 12;

/// `DISTANCES[colour][cell]`: king steps from `cell` to `colour`'s winning end zone (the
/// opponent's), ignoring the pieces (a breadth-first walk from the zone, at compile time).
const DISTANCES: [[u8; 64]; 2] = {
    let mut out = [[FAR; 64]; 2];
    let mut c = 0;
    while c < 2 {
        let mut frontier = END_ZONE[c];
        let mut seen = frontier;
        let mut d = 0;
        while frontier != 0 {
            let mut next = 0;
            let mut f = frontier;
            while f != 0 {
                let i = f.trailing_zeros() as usize;
                f &= f - 1;
                out[c][i] = d;
                next |= GUARD[i];
            }
            next &= !seen;
            seen |= next;
            frontier = next;
            d += 1;
        }
        c += 1;
    }
    out
};

/// `ADVANCE[colour][cell]`: a pawn's advance on `cell`, the `pawn_advance` feature's unit
/// (`FAR` less its distance to the end zone, at least 0).
const ADVANCE: [[i32; 64]; 2] = {
    let mut out = [[0; 64]; 2];
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < 64 {
            out[c][i] = FAR.saturating_sub(DISTANCES[c][i]) as i32;
            i += 1;
        }
        c += 1;
    }
    out
};

/// The number of cells in a small set, bit by bit (cheaper than `count_ones` on baseline
/// x86-64, which has no `popcnt`, for the few bits the evaluation counts).
#[inline(always)]
fn ones(mut set: u64) -> i32 {
    let mut n = 0;
    while set != 0 {
        set &= set - 1;
        n += 1;
    }
    n
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
        let dist = &DISTANCES[c];
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

impl TurtleShell {
    /// One side's part of [`Evaluate::evaluate`] for the fast generator's positions
    /// (standard pieces only, no hand: the extra material and `in_hand` are 0), with the
    /// weights `w`: the same terms as [`TurtleShell::side_features`], summed directly (by
    /// bit sets, without a feature sink), and the king's distance to its end zone.
    #[inline(always)]
    fn side_score(&self, w: &[i32; FEATURES.len()], c: usize) -> (Wrapping<i32>, u8) {
        let p = &self.pieces;
        let own = self.colors[c];
        let enemy = self.colors[1 - c];
        let f = |i: usize, n: i32| Wrapping(w[i]) * Wrapping(n);
        let mut s = f(0, ones(p[Role::Guard as usize] & own))
            + f(1, ones(p[Role::Knight as usize] & own))
            + f(2, ones(p[Role::Rook as usize] & own));
        let mut pawns = p[Role::Pawn as usize] & own;
        let (mut n, mut advance) = (0, 0);
        while pawns != 0 {
            let i = pawns.trailing_zeros() as usize;
            pawns &= pawns - 1;
            n += 1;
            advance += ADVANCE[c][i];
        }
        s += f(3, n) + f(PAWN_ADVANCE, advance) + f(ZONE_GUARDS, ones(own & END_ZONE[1 - c]));
        let king = p[Role::King as usize] & own;
        if king == 0 {
            return (s, FAR);
        }
        let k = king.trailing_zeros() as usize;
        let d = DISTANCES[c][k];
        if (1..8).contains(&d) {
            s += Wrapping(w[RACE + usize::from(d) - 1]);
        }
        let around = GUARD[k];
        s += f(KING_SHELTER, ones(around & own))
            + f(KING_ATTACKERS, ones((around | KNIGHT[k]) & enemy))
            + f(KING_FLIGHTS, ones(around & !(own | enemy)));
        (s, d)
    }

    /// [`Evaluate::evaluate`] for the fast generator's positions: the dot product of the
    /// weights and [`Features::features`], term for term (wrapping, as [`Dot`] sums).
    #[inline]
    fn fast_score(&self, w: &[i32; FEATURES.len()]) -> i32 {
        let us = self.turn.index();
        let (ours, d_ours) = self.side_score(w, us);
        let (theirs, d_theirs) = self.side_score(w, 1 - us);
        let lead = (i32::from(d_theirs) - i32::from(d_ours)).clamp(-4, 4);
        (ours - theirs + Wrapping(w[RACE_LEAD]) * Wrapping(lead) + Wrapping(w[TEMPO])).0
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

impl TurtleShell {
    /// The evaluation worked out (no cache) with `weights`.
    fn evaluate_with(&self, weights: &[i32]) -> i32 {
        if !self.general {
            if let Ok(w) = <&[i32; FEATURES.len()]>::try_from(weights) {
                return self.fast_score(w);
            }
        }
        let mut dot = Dot::new(weights);
        self.features(&mut dot);
        dot.sum()
    }
}

impl Evaluate for TurtleShell {
    fn evaluate(&self) -> i32 {
        let weights = WEIGHTS.get();
        let tag = chimera_kit::eval_cache::weights_tag(weights);
        chimera_kit::eval_cache::cached(self.key, tag, || self.evaluate_with(weights))
    }

    fn capture_value(&self, mv: Move) -> i32 {
        if mv.is_drop() {
            return 0;
        }
        // The victim's value, read from the boards (no colour and kind to work out for an
        // empty target).
        let to = mv.to_ix();
        let mut value = if self.colors[(!self.turn).index()] & (1u64 << to) == 0 {
            0
        } else if self.general {
            PIECE_VALUES[self.kind_general(to).index()]
        } else {
            PIECE_VALUES[self.kind_at(to).index()]
        };
        if mv.is_promotion() {
            value += PIECE_VALUES[Role::Rook.index()] - PIECE_VALUES[Role::Pawn.index()];
        }
        value
    }

    fn noisy_moves(&self, moves: &mut Vec<Move>) -> bool {
        self.noisy_moves_into(moves)
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

    /// The evaluation as it was before issue 21, for the check that its weights reproduce it.
    fn legacy_side_score(pos: &TurtleShell, color: Color) -> i32 {
        const RACE: [i32; 8] = [0, 260, 150, 90, 50, 25, 10, 4];
        let dist = &DISTANCES[color.index()];
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
        chimera_test_kit::check_weight_file(&WEIGHTS);
    }

    #[test]
    fn the_legacy_weights_are_the_old_evaluation() {
        let old = |pos: &TurtleShell| {
            legacy_side_score(pos, pos.turn) - legacy_side_score(pos, !pos.turn)
        };
        chimera_test_kit::check_legacy_weights(&positions(), &WEIGHTS, old, |p| p.to_text());
    }

    #[test]
    fn the_direct_score_is_the_weighted_features() {
        // The search's evaluation (summed directly) against the dot product of the weights
        // and the feature vector, under the tuned and the legacy weights.
        for pos in positions() {
            for weights in [WEIGHTS.tuned(), WEIGHTS.legacy()] {
                let mut dot = Dot::new(weights);
                pos.features(&mut dot);
                let w = <&[i32; FEATURES.len()]>::try_from(weights).unwrap();
                assert_eq!(pos.fast_score(w), dot.sum(), "{}", pos.to_text());
            }
            let mut dot = Dot::new(WEIGHTS.get());
            pos.features(&mut dot);
            assert_eq!(pos.evaluate(), dot.sum(), "{}", pos.to_text());
        }
    }

    #[test]
    fn the_cached_evaluation_is_the_evaluation() {
        let positions = positions();
        for _ in 0..2 {
            for pos in &positions {
                assert_eq!(pos.evaluate(), pos.evaluate_with(WEIGHTS.get()));
            }
        }
    }

    #[test]
    fn the_noisy_list_is_the_noisy_legal_moves() {
        // Where the noisy generator answers, its list is the legal moves `is_noisy` keeps,
        // in their order, and some legal move exists; it answers on most positions.
        let mut answered = 0;
        let all = positions();
        for pos in &all {
            let (mut noisy, mut legal) = (Vec::new(), Vec::new());
            pos.legal_moves(&mut legal);
            if !pos.noisy_moves(&mut noisy) {
                continue;
            }
            answered += 1;
            assert!(!legal.is_empty(), "{}", pos.to_text());
            legal.retain(|&mv| pos.is_noisy(mv));
            assert_eq!(noisy, legal, "{}", pos.to_text());
        }
        assert!(answered * 2 > all.len(), "{answered} of {}", all.len());
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
