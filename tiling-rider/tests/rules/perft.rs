//! Perft (actions as plies) from the start, cross-checked two ways: the bitboard generator
//! with its fast proofs and memoised search (`perft`) against the slow reference generator of
//! `reference.rs` (an array, direction vectors, brute-force turn completion without memo),
//! both counted by `chimera_core::perft_with` / `perft`, bulk counted (the last ply is the
//! length of the action list).

use crate::reference;
use crate::start_game;
use chimera_core::{perft, perft_with, Game};
use chimera_kit::conformance::perft_counts;
use chimera_tiling_rider::{Rules, TilingRider};

/// The crate's perft data file, where the counts below come from.
const PERFT: &str = include_str!("../../perft.epd");

/// Perft from the start position, depths 0 to 4 (all cross-checked with the reference).
fn start_perft() -> [u64; 5] {
    perft_counts(PERFT, "start", 0)
}

/// Perft from the `paulowich-16` start position, depths 0 to 4 (all cross-checked with the
/// reference; depth 4 in the ignored test).
fn paulowich_perft() -> [u64; 5] {
    perft_counts(PERFT, "Paulowich-16 start", 0)
}

fn both(game: &mut Game<TilingRider>, depth: u32) -> (u64, u64) {
    let fast = perft(game, depth);
    let slow = perft_with(game, depth, &mut reference::generate);
    (fast, slow)
}

#[test]
fn perft_start_depth_1_to_3_agrees_with_the_reference() {
    let mut game = start_game();
    for depth in 0..=3 {
        let (fast, slow) = both(&mut game, depth);
        assert_eq!(fast, slow, "depth {depth}");
        assert_eq!(fast, start_perft()[depth as usize], "depth {depth}");
    }
}

#[test]
#[ignore = "slow: the reference's brute-force search proves Black's 8-move first turn for every action"]
fn perft_start_depth_4_agrees_with_the_reference() {
    let mut game = start_game();
    let (fast, slow) = both(&mut game, 4);
    assert_eq!(fast, slow);
    assert_eq!(fast, start_perft()[4]);
}

#[test]
fn perft_start_depth_4() {
    let mut game = start_game();
    assert_eq!(perft(&mut game, 4), start_perft()[4]);
}

#[test]
fn perft_paulowich_start_depth_1_to_3_agrees_with_the_reference() {
    let mut game = Game::<TilingRider>::start(Rules::Paulowich16);
    for depth in 0..=3 {
        let (fast, slow) = both(&mut game, depth);
        assert_eq!(fast, slow, "depth {depth}");
        assert_eq!(fast, paulowich_perft()[depth as usize], "depth {depth}");
    }
}

#[test]
fn perft_paulowich_start_depth_4() {
    let mut game = Game::<TilingRider>::start(Rules::Paulowich16);
    assert_eq!(perft(&mut game, 4), paulowich_perft()[4]);
}

#[test]
#[ignore = "slow: the reference's brute-force search proves Black's 8-move first turn for every action"]
fn perft_paulowich_start_depth_4_agrees_with_the_reference() {
    let mut game = Game::<TilingRider>::start(Rules::Paulowich16);
    let (fast, slow) = both(&mut game, 4);
    assert_eq!(fast, slow);
    assert_eq!(fast, paulowich_perft()[4]);
}
