//! The search's result at a fixed node count, pinned: the move, score, principal variation,
//! depth and nodes that `chimera bestmove triagonal --nodes 100000` gave from the start and
//! after the 24 plies of `MIDGAME` before the speed-ups of issue 26. A change to the variant's evaluation,
//! capture values, noisy moves or move order that should not change the search shows here.

use chimera_engine::Score;
use chimera_test_kit::search::{pinned_search, Pinned};
use chimera_triagonal::prelude::*;

/// Searches 100,000 nodes after `moves` (from the start).
fn search(moves: &str) -> Pinned {
    pinned_search::<Triagonal>(moves, 100_000)
}

/// 24 plies of engine play from the start (a midgame).
const MIDGAME: &str = "Aa2-Aa4 Ga7-Ga5 Ab2-Ab4 Gb7-Gb5 Ac2-Ac4 Gc7-Gc5 Ag2-Ag4 Gg7-Gg5 Ah2-Ah4 Gh7-Gh5 Ba1-Da1 Ga8-Ga6 Bb1-Db1 Gb8-Gb6 Bc1-Dc1 Gc8-Gc6 Bg1-Dg1 Gg8-Gg6 Bh1-Dh1 Gh8-Gh6 Ba2-Ba4 Ha7-Ha5 Bb2-Bb4 Hb7-Hb5";

#[test]
fn the_search_from_the_start_is_pinned() {
    let (best, score, pv, depth, nodes) = search("");
    assert_eq!(
        (best.as_str(), score, pv.as_str(), depth, nodes),
        (
            "Bd2-Cd2",
            Score::Centipawns(23),
            "Bd2-Cd2 Ga7-Ga5 Ae1-Bd2 Ha7-Fa7",
            4,
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
            "Bg2-Bg4",
            Score::Centipawns(10),
            "Bg2-Bg4 Hc7-Hc5 Bh2-Bh4 Hg7-Hg5",
            4,
            100001
        )
    );
}
