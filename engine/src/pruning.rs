//! Pruning before a node's moves are searched, where the variant allows it
//! ([`Evaluate::null_move`] gives a position: not in check, no likely zugzwang, never in
//! the middle of a multi-action turn):
//!
//! - reverse futility pruning: near the leaves, a static score far above beta is taken as
//!   a cutoff;
//! - null-move pruning: if passing and searching the opponent's reply shallower still
//!   leaves the score at or above beta, the node is cut. The line after the null move is
//!   searched on a game of its own (no earlier position can repeat in it), one per ply,
//!   reused; two null moves never follow each other.

use crate::score::is_decisive;
use crate::search::Searcher;
use chimera_core::{Evaluate, Game};

/// Reverse futility pruning applies up to this depth.
const RFP_DEPTH: i32 = 6;
/// Its margin per ply of depth.
const RFP_MARGIN: i32 = 80;
/// Null-move pruning applies from this depth.
const NMP_DEPTH: i32 = 3;

impl<P: Evaluate> Searcher<'_, P> {
    /// A score to return at once for a node at `ply` (not on the principal variation nor in
    /// check), to be searched to `depth` against `beta`; `None` to search it.
    pub(crate) fn prune(&mut self, depth: i32, ply: usize, beta: i32) -> Option<i32> {
        // Right after a null move (its game has no move yet), no second one.
        if is_decisive(beta) || self.game.moves().is_empty() {
            return None;
        }
        let pos = self.game.position();
        let null = pos.null_move()?;
        let eval = pos.evaluate();
        if depth <= RFP_DEPTH && eval - RFP_MARGIN * depth >= beta {
            return Some(eval);
        }
        if depth >= NMP_DEPTH && eval >= beta {
            let reduction = 3 + depth / 4;
            let score = -self.null_search(null, depth - 1 - reduction, ply, beta);
            if self.aborted {
                return Some(0);
            }
            if score >= beta {
                return Some(if is_decisive(score) { beta } else { score });
            }
        }
        None
    }

    /// The score, for the side that passed, of the null position `null` searched to
    /// `depth` against the null window at `beta`.
    fn null_search(&mut self, null: P, depth: i32, ply: usize, beta: i32) -> i32 {
        let mut game = match self.null_games[ply].take() {
            Some(mut game) => {
                game.restart(null);
                game
            }
            None => Game::new(null),
        };
        std::mem::swap(&mut self.game, &mut game);
        let score = self.search(depth, ply + 1, -beta, -beta + 1);
        std::mem::swap(&mut self.game, &mut game);
        self.null_games[ply] = Some(game);
        score
    }
}
