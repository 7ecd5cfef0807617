//! The search's result at a fixed node count, as text, for the tests that pin it: a change
//! to a variant's evaluation, capture values, noisy moves or move order that should not
//! change the search shows there.

use chimera_core::{Evaluate, Game};
use chimera_engine::{Engine, Limits, Score};

/// What a pinned search gave: the best move, the score, the principal variation (moves as
/// text, separated by spaces), the depth and the nodes.
pub type Pinned = (String, Score, String, u32, u64);

/// Searches `nodes` nodes with a fresh engine after `moves` (as text, separated by spaces)
/// from the start of the default rules, and returns what [`Pinned`] lists.
///
/// # Panics
/// If a move of `moves` is not legal or the search finds no move: a test's mistake.
pub fn pinned_search<P>(moves: &str, nodes: u64) -> Pinned
where
    P: Evaluate + Send,
    P::Move: Send,
    P::Rules: Default,
{
    let mut game: Game<P> = Game::start(Default::default());
    for mv in moves.split_whitespace() {
        game.play_text(mv).expect("a legal move");
    }
    let result = Engine::new()
        .search(&game, &Limits::nodes(nodes))
        .expect("a move");
    let mut pos = game.position().clone();
    let mut pv = Vec::new();
    for &mv in &result.pv {
        pv.push(pos.move_text(mv));
        pos.play_unchecked(mv);
    }
    (
        game.position().move_text(result.best_move),
        result.score,
        pv.join(" "),
        result.depth,
        result.nodes,
    )
}
