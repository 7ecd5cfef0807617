//! [`Evaluate`] for Turnover Chess: the Castles first (a player without a Castle loses, so
//! the last ones are worth the most), then the other stacks.

use crate::position::{Effect, Move, Turnover};
use crate::stack::Stack;
use chimera_core::{Color, Evaluate};

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

impl Turnover {
    fn side_score(&self, color: Color) -> i32 {
        let mut score = castle_score(self.castles(color).count_ones());
        for stack in &Stack::ALL[..5] {
            score += value(*stack) * self.stacks(color, *stack).count_ones() as i32;
        }
        // Walls walk forward only: a little for each rank they have advanced.
        let walls = self.stacks(color, Stack::Wall);
        let mut bits = walls;
        while bits != 0 {
            let sq = bits.trailing_zeros() as i32;
            bits &= bits - 1;
            let rank = sq / 8;
            score += 5 * if color == Color::White {
                rank
            } else {
                7 - rank
            };
        }
        score
    }

    /// What the opponent loses and the mover gains in material by `mv`.
    fn gain(&self, mv: Move) -> i32 {
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

impl Evaluate for Turnover {
    fn evaluate(&self) -> i32 {
        self.side_score(self.turn) - self.side_score(!self.turn)
    }

    fn capture_value(&self, mv: Move) -> i32 {
        self.gain(mv).max(0)
    }
}
