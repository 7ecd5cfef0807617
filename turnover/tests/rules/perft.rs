//! Perft from the start, cross-checked two ways: the bitboard generator (`perft`) against
//! the slow reference generator of `reference.rs` (square-by-square walking over an array,
//! written from the rules text), both counted by `chimera_core::perft_with` / `perft`, bulk
//! counted (the last ply is the length of the move list).

use super::reference;
use super::start_game;
use chimera_core::{perft, Game, Position};
use chimera_test_kit::{perft_counts, perft_two_ways};
use chimera_turnover::{Rules, Turnover};

/// The crate's perft data file, where the counts below come from.
const PERFT: &str = include_str!("../../perft.epd");

/// Perft from the start position, depths 0 to 6 (all cross-checked with the reference).
fn start_perft() -> [u64; 7] {
    perft_counts(PERFT, "start", 0)
}

/// Perft counted by the crate and by the reference, the count if they agree.
fn both(game: &mut Game<Turnover>, depth: u32) -> Result<u64, String> {
    perft_two_ways(game, depth, &mut reference::generate)
}

#[test]
fn perft_start_depth_1_to_4_agrees_with_the_reference() {
    let mut game = start_game();
    for depth in 0..=4 {
        let expected = start_perft()[depth as usize];
        assert_eq!(both(&mut game, depth), Ok(expected), "depth {depth}");
    }
}

#[test]
#[ignore = "slow: about 10 s for the reference generator"]
fn perft_start_depth_5_agrees_with_the_reference() {
    assert_eq!(both(&mut start_game(), 5), Ok(start_perft()[5]));
}

#[test]
#[ignore = "very slow: about 4 minutes for the reference generator"]
fn perft_start_depth_6_agrees_with_the_reference() {
    assert_eq!(both(&mut start_game(), 6), Ok(start_perft()[6]));
}

#[test]
#[ignore = "slow: the fast generator alone, about 30 s in the test profile"]
fn perft_start_depth_6() {
    let mut game = start_game();
    assert_eq!(perft(&mut game, 6), start_perft()[6]);
}

/// Middle-game positions reached by fixed sequences, counted both ways to depth 3.
#[test]
fn perft_middle_game_positions_agree_with_the_reference() {
    for text in [
        // Dismounts, Citadels, Walls and Forts everywhere.
        "[tfw]1[tfw]1[tfw]1[tfw]1/1[tf]1[tfw]1[tfw]1[tfw]/3f4/1w1W4/3[FW]4/2T1w3/1[TFW]1[TF]1[TFW]1[TFW]/[TFW]1[TFW]1F1[TFW]1 w 4 9",
        "[tfw]1[tf]1[tfw]1[tfw]1/1[tfw]1t1[fw]1[tfw]/2w1W3/1F2[tf]3/3[FW]1T2/2T1w3/1[TFW]1[TF]1[TFW]1[TFW]/[TFW]1[TFW]1F1[TFW]1 b 0 12",
        // Walls about to promote, Castles near the last rank.
        "1f1[tf]2[tfw]1/3W1[TFW]2/8/8/8/8/w1[tfw]5/[TF]3[TFW]3 w 0 40",
        "1f1[tf]2[tfw]1/3W1[TFW]2/8/8/8/8/w1[tfw]5/[TF]3[TFW]3 b 0 40",
    ] {
        let pos = Turnover::from_text(text, Rules::Standard).unwrap();
        let mut game = Game::new(pos);
        for depth in 1..=3 {
            both(&mut game, depth).unwrap_or_else(|e| panic!("{e}"));
        }
    }
}
