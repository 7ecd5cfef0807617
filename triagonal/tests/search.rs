//! The search's result at a fixed node count, pinned: the move, score, principal variation,
//! depth and nodes that `chimera bestmove triagonal --nodes 100000` gives from the start and
//! after the 24 plies of `MIDGAME` (re-pinned for the fitted weights of issue 21's tune3). A
//! change to the variant's evaluation, capture values, noisy moves or move order that should
//! not change the search shows here.

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
            "Aa2-Aa4",
            Score::Centipawns(-1),
            "Aa2-Aa4 Ga7-Ga5 Ab2-Ab4 Gb7-Gb5",
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
            "Bc2-Bc4",
            Score::Centipawns(-1),
            "Bc2-Bc4 Hc7-Hc5 Bg2-Bg4 Hg7-Hg5",
            4,
            100001
        )
    );
}
