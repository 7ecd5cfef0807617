//! [`Evaluate`] for Turnover Chess: the Castles first (a player without a Castle loses, so
//! the last ones are worth the most) and their safety (Castles an enemy stack can take at
//! once, stacks guarding them), then the other stacks and the Walls' advance: the same
//! terms for both sides, scored for the side to move.
//!
//! The score is linear in its weights ([`Features`]): the weights are data, `weights.txt`
//! beside this file, fitted to engine games by `chimera tune turnover` (Texel's method).

use crate::board::{
    bishop_attacks, last_rank, rook_attacks, Bits, Square, KING, KNIGHT, WALL_DIAGONAL,
};
use crate::position::{Effect, Move, Turnover};
use crate::stack::Stack;
use chimera_core::{Color, Evaluate};
use chimera_kit::tune::{Dot, FeatureSink, Features, WeightSet};

/// The value of each stack in centipawns, in the order of [`Stack::ALL`] (Tower, Fort,
/// Wall, Citadel, Fortress, Castle). A Castle's worth grows as a side has fewer of them
/// (see [`castle_score`]).
pub const STACK_VALUES: [i32; 6] = [450, 300, 100, 800, 400, 600];

/// What `n` Castles are worth together: each is a [`STACK_VALUES`] Castle, and the last
/// two are worth much more, since losing every Castle loses the game.
pub fn castle_score(n: u32) -> i32 {
    let n = n as i32;
    STACK_VALUES[5] * n + 700 * n.min(2)
}

fn value(stack: Stack) -> i32 {
    STACK_VALUES[stack as usize]
}

/// The features of the evaluation, in the order of the weight file (`weights.txt`). Each is
/// the side to move's count minus the opponent's, except `tempo` (1: the move is ours).
pub const FEATURES: &[&str] = &[
    "tower",
    "fort",
    "wall",
    "citadel",
    "fortress",
    "castle",
    "castle_first_two",
    "wall_advance",
    "last_castle",
    "castles_attacked",
    "last_castle_attacked",
    "castle_guards",
    "tempo",
];

/// The evaluation before issue 21 as weights of [`FEATURES`]: the stacks, the Castles
/// (the last two worth more) and the Walls' advance.
const LEGACY: [i32; 13] = [450, 300, 100, 800, 400, 600, 700, 5, 0, 0, 0, 0, 0];

/// The weights of the evaluation: `weights.txt` (written by `chimera tune turnover`).
pub static WEIGHTS: WeightSet = WeightSet::new(FEATURES, include_str!("weights.txt"), &LEGACY);

const CASTLES: usize = 5;
const CASTLE_FIRST_TWO: usize = 6;
const WALL_ADVANCE: usize = 7;
const LAST_CASTLE: usize = 8;
const CASTLES_ATTACKED: usize = 9;
const LAST_CASTLE_ATTACKED: usize = 10;
const CASTLE_GUARDS: usize = 11;
const TEMPO: usize = 12;

impl Turnover {
    /// `color`'s side of the features, added with `sign` (+1 for the side to move, −1 for
    /// the opponent): its stacks, its Castles (the last two, and the very last, worth
    /// more), the Walls' advance, and its Castles' safety: those an enemy stack can take
    /// at once (all the more if it is the last), and its stacks standing next to them.
    fn side_features<S: FeatureSink>(&self, color: Color, sign: i32, sink: &mut S) {
        for (f, stack) in Stack::ALL[..5].iter().enumerate() {
            sink.add(f, sign * self.stacks(color, *stack).count_ones() as i32);
        }
        let castles = self.castles(color);
        let n = castles.count_ones() as i32;
        sink.add(CASTLES, sign * n);
        sink.add(CASTLE_FIRST_TWO, sign * n.min(2));
        sink.add(LAST_CASTLE, sign * i32::from(n == 1));
        // Walls walk forward only: each rank they have advanced.
        let mut bits = self.stacks(color, Stack::Wall);
        let mut advance = 0;
        while bits != 0 {
            let rank = bits.trailing_zeros() as i32 / 8;
            bits &= bits - 1;
            advance += if color == Color::White {
                rank
            } else {
                7 - rank
            };
        }
        sink.add(WALL_ADVANCE, sign * advance);
        let own = self.occupied_by(color);
        let (mut attacked, mut guards) = (0, 0);
        let mut bits = castles;
        while bits != 0 {
            let sq = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            attacked += i32::from(self.attacked_by(sq, !color));
            guards += (KING[sq] & own & !castles).count_ones() as i32;
        }
        sink.add(CASTLES_ATTACKED, sign * attacked);
        sink.add(LAST_CASTLE_ATTACKED, sign * attacked * i32::from(n == 1));
        sink.add(CASTLE_GUARDS, sign * guards);
    }

    /// Whether a stack of `by` can move onto `sq` at once (every stack's move onto an
    /// enemy Castle captures it): a Tower or Citadel along a clear rank or file, a Fort or
    /// Citadel along a clear diagonal, a Fortress's leap, a Castle's step, a Wall's
    /// diagonal step forward.
    fn attacked_by(&self, sq: usize, by: Color) -> bool {
        let occ = self.occupied();
        let square = Square::from_index(sq as u32);
        let stacks = |stack| self.stacks(by, stack);
        let citadels = stacks(Stack::Citadel);
        // A Wall of `by` stands where a Wall of the other colour on `sq` would step.
        WALL_DIAGONAL[(!by).index()][sq] & stacks(Stack::Wall) != 0
            || KNIGHT[sq] & stacks(Stack::Fortress) != 0
            || KING[sq] & stacks(Stack::Castle) != 0
            || rook_attacks(square, occ) & (stacks(Stack::Tower) | citadels) != 0
            || bishop_attacks(square, occ) & (stacks(Stack::Fort) | citadels) != 0
    }

    /// What the opponent loses and the mover gains in material by `mv`.
    fn gain(&self, mv: Move) -> i32 {
        // Only a move onto an enemy stack or onto the last rank (a promotion) gains: the
        // others need no working out (most moves, asked about by every move ordering).
        let to = mv.to().bit();
        if (self.occupied_by(!self.turn) | last_rank(self.turn)) & to == 0 {
            return 0;
        }
        self.worked_out_gain(mv)
    }

    /// [`Turnover::gain`] worked out from what the move does ([`Turnover::describe`]).
    fn worked_out_gain(&self, mv: Move) -> i32 {
        let Some(info) = self.describe(mv) else {
            return 0;
        };
        let mut gain = match (info.effect, info.target) {
            (Effect::Capture, Some((stack, _))) => enemy_value(self, stack),
            // The enemy stack becomes ours: it loses it, we gain the merged stack.
            (Effect::Turnover, Some((stack, _))) => {
                enemy_value(self, stack) + value(info.result) - value(info.traveller)
            }
            _ => 0,
        };
        if info.promotion {
            gain += value(Stack::Citadel) - value(Stack::Wall);
        }
        gain
    }
}

/// What losing `stack` costs the side not to move (a Castle as its marginal worth).
fn enemy_value(pos: &Turnover, stack: Stack) -> i32 {
    if stack == Stack::Castle {
        let n = pos.castles(!pos.turn).count_ones();
        castle_score(n) - castle_score(n.saturating_sub(1))
    } else {
        value(stack)
    }
}

impl Features for Turnover {
    const NAMES: &'static [&'static str] = FEATURES;

    fn features<S: FeatureSink>(&self, sink: &mut S) {
        self.side_features(self.turn, 1, sink);
        self.side_features(!self.turn, -1, sink);
        sink.add(TEMPO, 1);
    }
}

impl Evaluate for Turnover {
    fn evaluate(&self) -> i32 {
        let mut dot = Dot::new(WEIGHTS.get());
        self.features(&mut dot);
        dot.sum()
    }

    fn capture_value(&self, mv: Move) -> i32 {
        self.gain(mv).max(0)
    }

    /// The moves onto an enemy stack or onto the last rank that gain material, in the
    /// order of [`chimera_core::Position::legal_moves`], without listing the others.
    fn noisy_moves(&self, moves: &mut Vec<Move>) -> bool {
        moves.clear();
        if self.finished_without_moves() {
            return false;
        }
        let mut any = false;
        let interesting = self.occupied_by(!self.turn) | last_rank(self.turn);
        self.visit_targets(|from, targets| {
            any = true;
            for to in Bits(targets & interesting) {
                let mv = Move::new(from, to);
                if self.gain(mv) > 0 {
                    moves.push(mv);
                }
            }
            true
        });
        any
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chimera_core::Position;
    use chimera_kit::tune::Dense;

    /// The evaluation as it was before issue 21, for the check that its weights reproduce it.
    fn legacy_side_score(pos: &Turnover, color: Color) -> i32 {
        let mut score = castle_score(pos.castles(color).count_ones());
        for stack in &Stack::ALL[..5] {
            score += value(*stack) * pos.stacks(color, *stack).count_ones() as i32;
        }
        let mut bits = pos.stacks(color, Stack::Wall);
        while bits != 0 {
            let rank = bits.trailing_zeros() as i32 / 8;
            bits &= bits - 1;
            score += 5 * if color == Color::White {
                rank
            } else {
                7 - rank
            };
        }
        score
    }

    /// Positions of a few random games from the start.
    fn positions() -> Vec<Turnover> {
        chimera_test_kit::random_positions(&Turnover::start(Default::default()), 20, 80, 5)
    }

    #[test]
    fn the_shortcut_gain_and_the_noisy_list_agree_with_the_full_ones() {
        let mut moves = Vec::new();
        let mut noisy = Vec::new();
        let mut checked = 0;
        for pos in positions() {
            pos.legal_moves(&mut moves);
            for &mv in &moves {
                assert_eq!(pos.gain(mv), pos.worked_out_gain(mv), "{}", pos.to_text());
            }
            let listed = pos.noisy_moves(&mut noisy);
            assert_eq!(listed, !moves.is_empty(), "{}", pos.to_text());
            if listed {
                let expected: Vec<Move> =
                    moves.iter().copied().filter(|&m| pos.is_noisy(m)).collect();
                assert_eq!(noisy, expected, "{}", pos.to_text());
                checked += noisy.len();
            }
        }
        assert!(checked > 0, "some noisy moves were compared");
    }

    #[test]
    fn the_weight_file_reads() {
        chimera_test_kit::check_weight_file(&WEIGHTS);
    }

    #[test]
    fn the_legacy_weights_are_the_old_evaluation() {
        let old =
            |pos: &Turnover| legacy_side_score(pos, pos.turn) - legacy_side_score(pos, !pos.turn);
        chimera_test_kit::check_legacy_weights(&positions(), &WEIGHTS, old, |p| p.to_text());
    }

    #[test]
    fn the_evaluation_is_symmetric() {
        let flip = |pos: &Turnover| {
            let mut other = pos.clone();
            other.turn = !other.turn;
            other
        };
        chimera_test_kit::check_features_symmetric(&positions(), TEMPO, flip, |p| p.to_text());
    }

    #[test]
    fn castles_under_attack_are_seen() {
        let sq = |name: &str| Square::parse(name).expect("a square").index();
        let mut pos = Turnover::empty(Color::White);
        pos.set_stack(
            Square::parse("a1").unwrap(),
            Some((Stack::Castle, Color::White)),
        );
        pos.set_stack(
            Square::parse("h8").unwrap(),
            Some((Stack::Castle, Color::Black)),
        );
        assert!(!pos.attacked_by(sq("a1"), Color::Black));
        // A black Tower on a5 sees a1 down the clear file; a stack between blocks it.
        pos.set_stack(
            Square::parse("a5").unwrap(),
            Some((Stack::Tower, Color::Black)),
        );
        assert!(pos.attacked_by(sq("a1"), Color::Black));
        pos.set_stack(
            Square::parse("a3").unwrap(),
            Some((Stack::Wall, Color::White)),
        );
        assert!(!pos.attacked_by(sq("a1"), Color::Black));
        // A black Fortress leaps from b3; a black Wall on b2 steps diagonally down onto a1.
        pos.set_stack(
            Square::parse("b3").unwrap(),
            Some((Stack::Fortress, Color::Black)),
        );
        assert!(pos.attacked_by(sq("a1"), Color::Black));
        pos.set_stack(Square::parse("b3").unwrap(), None);
        pos.set_stack(
            Square::parse("b2").unwrap(),
            Some((Stack::Wall, Color::Black)),
        );
        assert!(pos.attacked_by(sq("a1"), Color::Black));
        // White (to move) has its last Castle attacked: both features count it.
        let mut f = Dense::new(FEATURES.len());
        pos.features(&mut f);
        assert_eq!(f.values()[CASTLES_ATTACKED], 1);
        assert_eq!(f.values()[LAST_CASTLE_ATTACKED], 1);
    }
}
