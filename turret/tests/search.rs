//! The search's result at a fixed node count, pinned: the move, score, principal variation,
//! depth and nodes that `chimera bestmove turret --nodes 100000` gave from the start and
//! after the 24 plies of `MIDGAME` before the speed-ups of issue 26. A change to the variant's evaluation,
//! capture values, noisy moves or move order that should not change the search shows here.
//! Re-pinned after the engine's own changes of issue 21 (a repetition inside the searched
//! line scores as a draw, internal iterative reduction, history from quiet hash moves and
//! killers), which change the search's tree in every variant; the variant's side was
//! unchanged. Re-pinned for the tapered evaluation of issue 21's tune4 with its fitted
//! weights (`src/weights.txt`).

use chimera_engine::Score;
use chimera_test_kit::search::{pinned_search, Pinned};
use chimera_turret::prelude::*;

/// Searches 100,000 nodes after `moves` (from the start).
fn search(moves: &str) -> Pinned {
    pinned_search::<Turret>(moves, 100_000)
}

/// 24 plies of engine play from the start (a midgame).
const MIDGAME: &str = "b2b4 i7i5 a1c3 j8h6 c3g3 f7f5 e2e4 h6c6 d2d3 f5f4 g3g6 f8g7 g6g4 g3h4 f2f3 h4g5 g4g2 g5h6 b4b5 c6c3 d1c2 c3c7 i2i4 g8e6";

#[test]
fn the_search_from_the_start_is_pinned() {
    let (best, score, pv, depth, nodes) = search("");
    assert_eq!(
        (best.as_str(), score, pv.as_str(), depth, nodes),
        (
            "b2b4",
            Score::Centipawns(62),
            "b2b4 b7b6 b4b5 c8d6 a1c3 a8e4 i2i4",
            6,
            100001
        )
    );
}

#[test]
fn the_search_from_a_midgame_is_pinned() {
    let (best, score, pv, depth, nodes) = search(MIDGAME);
    assert_eq!(
        (best.as_str(), score, pv.as_str(), depth, nodes),
        (
            "j1g4",
            Score::Centipawns(183),
            "j1g4 h8g6 g2h3 g6h4 g4f5 c7c3 e1c3 d7e6",
            6,
            100001
        )
    );
}
