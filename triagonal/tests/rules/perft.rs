//! Perft cross-checked two ways: the fast generator (`perft`) against the slow reference
//! generator of `reference.rs` (cell-by-cell walking over an array, written from the rules
//! text), both counted by `chimera_core::perft` / `perft_with`, bulk counted (the last ply
//! is the length of the move list).

use super::reference;
use super::{start_game, EMPTY_HANDS};
use chimera_core::{perft, Game, Position};
use chimera_test_kit::{perft_counts, perft_two_ways};
use chimera_triagonal::{Rules, Triagonal};

/// The crate's perft data file, where the counts below come from.
const PERFT: &str = include_str!("../../perft.epd");

/// Perft from the start position, depths 0 to 2 (both agree with the reference).
fn start_perft() -> [u64; 3] {
    perft_counts(PERFT, "start", 0)
}

/// Perft from the start with both hands empty ([`EMPTY_HANDS`]), depths 0 to 4 (all agree
/// with the reference) and 5 (the fast generator only).
fn empty_hands_perft() -> [u64; 6] {
    perft_counts(PERFT, "start with empty hands", 0)
}

/// Perft counted by the crate and by the reference, the count if they agree.
fn both(game: &mut Game<Triagonal>, depth: u32) -> Result<u64, String> {
    perft_two_ways(game, depth, &mut reference::generate)
}

fn empty_hands() -> Game<Triagonal> {
    Game::new(Triagonal::from_text(EMPTY_HANDS, Rules::Standard).unwrap())
}

#[test]
fn perft_start_depth_1_agrees_with_the_reference_and_depth_2() {
    let mut game = start_game();
    for depth in 0..=1 {
        let expected = start_perft()[depth as usize];
        assert_eq!(both(&mut game, depth), Ok(expected), "depth {depth}");
    }
    assert_eq!(perft(&mut game, 2), start_perft()[2]);
}

#[test]
#[ignore = "slow: about 20 s for the reference generator"]
fn perft_start_depth_2_agrees_with_the_reference() {
    assert_eq!(both(&mut start_game(), 2), Ok(start_perft()[2]));
}

#[test]
fn perft_empty_hands_depth_1_to_4_agrees_with_the_reference() {
    let mut game = empty_hands();
    for depth in 0..=4 {
        let expected = empty_hands_perft()[depth as usize];
        assert_eq!(both(&mut game, depth), Ok(expected), "depth {depth}");
    }
}

#[test]
#[ignore = "slow: about a minute for the fast generator in the test profile"]
fn perft_empty_hands_depth_5() {
    let mut game = empty_hands();
    assert_eq!(perft(&mut game, 5), empty_hands_perft()[5]);
}

/// Middle-game positions (captures, en passant, promotions, castling, Jacks on the board and
/// in hand), counted both ways.
#[test]
fn perft_middle_game_positions_agree_with_the_reference() {
    for (text, depth) in MIDDLE_GAMES {
        let pos = Triagonal::from_text(text, Rules::Standard).unwrap();
        let mut game = Game::new(pos);
        for d in 1..=depth {
            both(&mut game, d).unwrap_or_else(|e| panic!("{e}"));
        }
    }
}

/// Positions for [`perft_middle_game_positions_agree_with_the_reference`], with the depth:
/// random games with placements (counted to depth 1: tens of thousands of turns each), a
/// random game without Jacks, a finished game, and a set position with castling both ways,
/// promotions for both sides, Jacks and an en-passant chance.
pub const MIDDLE_GAMES: [(&str, u32); 9] = [
    ("8/8/B7/8/4PP2/8/PPPP2PP/R1BQK1NR|8/8/8/8/P7/1JJ5/JP1PPP1P/PP1PPPPP|8/8/1j6/8/8/1J4JJ/1JPJ2P1/8|8/j7/jn6/2j**3/3**3/8/8/2P5|1p6/j7/j7/3**3/3**3/8/8/8|3p4/j2j4/5j2/4n3/8/8/8/8|pjp1pppp/p1pppp1p/jp1j4/j5pj/8/8/8/8|2bqkb1r/rppppppp/8/p7/8/8/8/8 w 72 66 - 0 16", 1),
    ("8/8/8/8/P7/8/1PPPPP1P/R2QK2R|8/8/8/8/2N5/1J6/PP2PP2/PPP1P2P|1n6/8/8/8/8/J5P1/2P5/3P4|8/j7/8/3**3/3**3/8/2JP3P/5PP1|p5p1/j5p1/8/3**3/3**3/8/8/3N4|1j3p2/4p3/8/5p2/8/8/8/8|1j1Bp1jp/p2p2jp/3p3j/4j1j1/4j3/8/8/8|2kr2nr/1b3pp1/2p2jjp/4p3/8/8/8/8 w 76 68 - 0 31", 1),
    ("8/8/8/8/6J1/5P1J/PPP1P3/R1B1K2R|8/8/8/8/P1J3JP/2JJ1PP1/1PP1PBPP/1PP1PJPP|8/8/8/6J1/3N4/J4JJ1/2JJ1J2/P1J2P1J|8/8/8/2J**3/3**1J1/6jJ/1QJP2J1/2JP4|8/j7/8/1j1**3/1jj**3/5J2/8/8|2p5/2jjj1p1/j1jjj3/jj1jjj2/8/8/8/8|ppjppppp/p1p2pjp/3ppj2/1p1pj1p1/2j5/8/8/8|r1bq1bjr/ppj2p2/2pkp2p/3j4/8/8/8/8 w 56 54 - 2 36", 1),
    ("8/8/8/8/2P5/1P6/8/8|8/1p6/8/P1P1P3/1P2P1P1/8/P3K3/3P4|8/8/8/8/8/8/5P2/P4P2|8/8/8/3**3/3**3/3P4/1P5P/2P5|1B6/3p4/8/3**k2/3**3/8/8/8|4p3/6Rp/8/5p2/8/8/8/8|8/8/8/8/4p3/8/8/8|8/8/8/7p/8/8/8/8 w 0 0 - 3 81", 3),
    ("8/8/8/8/1P1P4/2N4P/P1P3PR/R3K3|8/8/8/P7/5b2/6N1/1PPP3P/3P1P1P|8/8/8/8/8/8/8/1PP5|8/8/8/3**3/2n**3/8/6P1/8|7p/8/8/3**3/3**3/8/8/8|p3p1p1/8/8/8/8/8/8/8|1ppp1p1r/2ppp1p1/7p/p7/8/8/8/8|r7/1p1pQp1p/8/8/8/8/n7/8 b 0 0 - 0 35", 2),
    ("8/8/8/8/2B5/8/1p6/R3K2R|8/8/8/8/8/1p6/2P2Q2/8|8/8/8/8/8/2JN4/8/8|8/8/8/3**3/3**3/8/8/8|8/8/8/3**3/3**3/8/8/8|8/8/2j1q3/8/8/8/8/8|8/6n1/8/8/8/8/8/8|rb2k2r/2Pp4/8/4P3/8/8/8/8 b 0 0 - 0 1", 3),
    ("8/8/8/8/2B5/8/1p6/R3K2R|8/8/8/8/8/1p6/2P2Q2/8|8/8/8/8/8/2JN4/8/8|8/8/8/3**3/3**3/8/8/8|8/8/8/3**3/3**3/8/8/8|8/8/2j1q3/8/8/8/8/8|8/6n1/8/8/8/8/8/8|rb2k2r/2Pp4/8/4P3/8/8/8/8 w 0 0 - 0 1", 3),
    ("8/8/8/8/2B5/8/1p6/R3K2R|8/8/8/8/8/1p6/2P2Q2/8|8/8/8/8/8/2JN4/8/8|8/8/8/3**3/3**3/8/8/8|8/8/8/3**3/3**3/8/8/8|8/8/2j1q3/8/8/8/8/8|8/6n1/8/8/8/8/8/8|rb2k2r/2P5/8/3pP3/8/8/8/8 w 0 0 Hd6 0 2", 3),
    ("8/8/8/8/2B5/8/1p6/R3K2R|8/8/8/8/8/1p6/2P2Q2/8|8/8/8/8/8/2JN4/8/8|8/8/8/3**3/3**3/8/8/8|8/8/8/3**3/3**3/8/8/8|8/8/2j1q3/8/8/8/8/8|8/6n1/8/8/8/8/8/8|rb2k2r/2P5/8/3pP3/8/8/8/8 w 2 2 Hd6 0 2", 1),
];

/// The set position after Black's double step (en passant possible), perft known both ways.
#[test]
fn perft_set_position_with_en_passant_castling_and_promotions() {
    let pos = Triagonal::from_text(MIDDLE_GAMES[7].0, Rules::Standard).unwrap();
    let mut game = Game::new(pos);
    assert_eq!(perft(&mut game, 1), 197);
    assert_eq!(perft(&mut game, 2), 31_559);
    assert_eq!(perft(&mut game, 3), 6_135_276);
    // With two Jacks in each hand.
    let pos = Triagonal::from_text(MIDDLE_GAMES[8].0, Rules::Standard).unwrap();
    let mut game = Game::new(pos);
    assert_eq!(perft(&mut game, 1), 32_234);
    assert_eq!(perft(&mut game, 2), 681_428_925);
}
