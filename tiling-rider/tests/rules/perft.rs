//! Perft (actions as plies) from the start, cross-checked two ways: the bitboard generator
//! with its fast proofs and memoised search (`perft`) against the slow reference generator of
//! `reference.rs` (an array, direction vectors, brute-force turn completion without memo),
//! both counted by `chimera_core::perft_with` / `perft`, bulk counted (the last ply is the
//! length of the action list).

use super::reference;
use super::start_game;
use chimera_core::Position;
use chimera_core::{perft, Game};
use chimera_test_kit::{perft_counts, perft_two_ways};
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

/// Perft counted by the crate and by the reference, the count if they agree.
fn both(game: &mut Game<TilingRider>, depth: u32) -> Result<u64, String> {
    perft_two_ways(game, depth, &mut reference::generate)
}

#[test]
fn perft_start_depth_1_to_3_agrees_with_the_reference() {
    let mut game = start_game();
    for depth in 0..=3 {
        let expected = start_perft()[depth as usize];
        assert_eq!(both(&mut game, depth), Ok(expected), "depth {depth}");
    }
}

#[test]
#[ignore = "slow: the reference's brute-force search proves Black's 8-move first turn for every action"]
fn perft_start_depth_4_agrees_with_the_reference() {
    assert_eq!(both(&mut start_game(), 4), Ok(start_perft()[4]));
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
        let expected = paulowich_perft()[depth as usize];
        assert_eq!(both(&mut game, depth), Ok(expected), "depth {depth}");
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
    assert_eq!(both(&mut game, 4), Ok(paulowich_perft()[4]));
}

/// Perft under `color-rider` from the start (depths 0 to 3) and from a position with
/// aggregates at every offset, overlapping wazir blocks, an aggregate shielding its king
/// from an enemy block at an offset, captures by blocks (depths 0 to 3): the crate's count
/// against the reference's, which implements `color-rider` from the rules text.
#[test]
fn perft_color_rider_agrees_with_the_reference() {
    for (name, deepest) in [
        ("Color Rider start", 3),
        ("Color Rider blocks at offsets", 3),
    ] {
        let counts: [u64; 4] = perft_counts(PERFT, name, 0);
        let case = chimera_test_kit::parse_perft_file(PERFT)
            .unwrap()
            .into_iter()
            .find(|c| c.name == name)
            .unwrap();
        let mut game = case.game::<TilingRider>().unwrap();
        assert_eq!(game.position().rules(), Rules::ColorRider);
        for depth in 0..=deepest {
            assert_eq!(
                both(&mut game, depth),
                Ok(counts[depth as usize]),
                "{name} depth {depth}"
            );
        }
    }
}

#[test]
#[ignore = "slow: the reference's brute-force search proves Black's 8-move first turn for every action"]
fn perft_color_rider_start_depth_4_agrees_with_the_reference() {
    let mut game = Game::<TilingRider>::start(Rules::ColorRider);
    let expected: [u64; 1] = perft_counts(PERFT, "Color Rider start", 4);
    assert_eq!(both(&mut game, 4), Ok(expected[0]));
}

/// Perft counts its last ply without listing the small pieces' moves when every non-king
/// move is legal: in the positions of random games (turns of every length, kings on the
/// move, checks) the count is the number of listed actions.
#[test]
fn the_last_ply_counted_is_the_number_of_listed_actions() {
    for rules in [
        Rules::Standard,
        Rules::Wheeler,
        Rules::Paulowich16,
        Rules::ColorRider,
    ] {
        let start = TilingRider::start(rules);
        for pos in chimera_test_kit::random_positions(&start, 8, 200, 26) {
            let mut game = Game::new(pos.clone());
            let listed = game.legal_move_list().len() as u64;
            assert_eq!(perft(&mut game, 1), listed, "{rules:?}: {}", pos.to_text());
        }
    }
}
