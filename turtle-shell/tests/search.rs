//! The search's result at a fixed node count, pinned: the move, score, principal variation,
//! depth and nodes that `chimera bestmove turtle-shell --nodes 200000` gave from the start
//! and after the 24 plies of `MIDGAME` before the search speed-ups of issue 26 (main at
//! 9d40dc6). A change to the variant's evaluation, capture values, noisy moves or move
//! order that should not change the search shows here.

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
            Score::Centipawns(81),
            "F0-D1 F9-D8 E0-F0 E9-F9 E1-E0 F9-F8 F0-F1 D7-E7 B1-B3 E8-E9 C0-B1",
            11,
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
            "D2-E2 B6-A6 G3-H3 A6-A5 A3-C3 C7-C6 B3-A3 D7-E7 A3-A4 A5xA4 C3xA4",
            10,
            200001
        )
    );
}
