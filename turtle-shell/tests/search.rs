//! The search's result at a fixed node count, pinned: the move, score, principal variation,
//! depth and nodes that `chimera bestmove turtle-shell --nodes 200000` gave from the start
//! and after the 24 plies of `MIDGAME` before the search speed-ups of issue 26 (main at
//! 9d40dc6). A change to the variant's evaluation, capture values, noisy moves or move
//! order that should not change the search shows here.
//! Re-pinned after the engine's own changes of issue 21 (a repetition inside the searched
//! line scores as a draw, internal iterative reduction, history from quiet hash moves and
//! killers), which change the search's tree in every variant; the variant's side was
//! unchanged.

use chimera_engine::Score;
use chimera_test_kit::search::{pinned_search, Pinned};
use chimera_turtle_shell::prelude::*;

/// Searches 200,000 nodes after `moves` (from the start).
fn search(moves: &str) -> Pinned {
    pinned_search::<TurtleShell>(moves, 200_000)
}

/// 24 plies of engine play from the start (a midgame; `chimera bestmove` at 3,000 nodes a
/// move).
const MIDGAME: &str = "F0-D1 C9-D8 E0-F0 D9-C9 E1-E0 E8-D9 F0-F1 C9-C8 B1-B3 B7-B6 C0-B1 B9-B7 \
                       G1-G3 G7-G6 G0-G1 F9-G7 D0-C0 E9-F9 C0-C1 F9-F8 B1-A3 G7-F6 B0-B1 G9-G7";

#[test]
fn the_search_from_the_start_is_pinned() {
    let (best, score, pv, depth, nodes) = search("");
    assert_eq!(
        (best.as_str(), score, pv.as_str(), depth, nodes),
        (
            "F0-D1",
            Score::Centipawns(1),
            "F0-D1 C9-D8 E0-F0 D9-C9 E1-E0 E8-D9 F0-F1 C9-C8 B1-B3 B7-B6 B0-B1 B9-B7",
            12,
            200001
        )
    );
}

#[test]
fn the_search_from_a_midgame_is_pinned() {
    let (best, score, pv, depth, nodes) = search(MIDGAME);
    assert_eq!(
        (best.as_str(), score, pv.as_str(), depth, nodes),
        (
            "D2-E2",
            Score::Centipawns(-1),
            "D2-E2 B6-A6 E2-D3 D7-E7 D3-D5 A6-A5 G3-H3 A5-A4 A3-C3",
            9,
            200001
        )
    );
}
