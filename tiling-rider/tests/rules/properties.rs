//! Property tests: random playouts through the conformance kit, the fast engine against the
//! reference action by action, and the parsers on arbitrary text.

use crate::reference::RefPos;
use crate::start_game;
use chimera_core::conformance::{check_parsers, check_playout, SplitMix64};
use chimera_core::{Game, Position};
use chimera_tiling_rider::{Move, TilingRider};
use proptest::prelude::*;

#[test]
fn move_is_small() {
    assert!(std::mem::size_of::<Move>() <= 6);
}

/// Plays a random game, comparing at every ply the legal actions with the reference's, and
/// the position after every legal action with the reference's move making.
pub fn compare_with_reference(start: Game<TilingRider>, seed: u64, plies: usize) -> Result<(), String> {
    let mut rng = SplitMix64::new(seed);
    let mut game = start;
    let mut moves = Vec::new();
    for _ in 0..plies {
        let pos = game.position().clone();
        game.legal_moves(&mut moves);
        let reference = RefPos::of(&pos);
        let mut expected: Vec<Move> = reference.legal().into_iter().map(|m| m.to_move()).collect();
        let mut got = moves.clone();
        got.sort();
        expected.sort();
        if got != expected && game.outcome().is_none() {
            return Err(format!(
                "moves differ in `{}`: fast {:?}, reference {:?}",
                pos.to_text(),
                got.iter().map(|&m| pos.move_text(m)).collect::<Vec<_>>(),
                expected.iter().map(|&m| pos.move_text(m)).collect::<Vec<_>>()
            ));
        }
        for (i, &mv) in moves.iter().enumerate() {
            if i % 7 != 0 {
                continue;
            }
            let mut fast = pos.clone();
            fast.play_unchecked(mv);
            let mut slow = reference.clone();
            let rm = reference
                .legal()
                .into_iter()
                .find(|r| r.to_move() == mv)
                .expect("same moves");
            slow.play(rm);
            let mut back = RefPos::of(&fast);
            back.just_ended = slow.just_ended;
            if back != slow {
                return Err(format!(
                    "{} in `{}` gives `{}`, the reference differs",
                    pos.move_text(mv),
                    pos.to_text(),
                    fast.to_text(),
                ));
            }
        }
        if moves.is_empty() {
            break;
        }
        game.play_unchecked(moves[rng.below(moves.len())]);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn conformance_playouts_from_the_start(seed in any::<u64>()) {
        let result = check_playout(start_game(), seed, 120);
        prop_assert!(result.is_ok(), "{}", result.unwrap_err());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    #[test]
    fn playouts_agree_with_the_reference(seed in any::<u64>()) {
        let result = compare_with_reference(start_game(), seed, 60);
        prop_assert!(result.is_ok(), "{}", result.unwrap_err());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn parsers_never_panic_on_arbitrary_strings(text in ".{0,80}") {
        let result = check_parsers(&TilingRider::standard(), &text);
        prop_assert!(result.is_ok(), "{}", result.unwrap_err());
    }

    #[test]
    fn parsers_never_panic_on_position_like_strings(
        text in "[WFGNKwfgnk1-9/]{0,90}( [wbx]( [0-9]{1,2}/[0-9]{1,2}( [a-r0-9,*K-]{1,12}( [0-9-]{1,2}( [0-9]{1,3}( [0-9]{1,3})?)?)?)?)?)?"
    ) {
        let result = check_parsers(&TilingRider::standard(), &text);
        prop_assert!(result.is_ok(), "{}", result.unwrap_err());
    }

    #[test]
    fn parsers_never_panic_on_move_like_strings(text in "[a-rA-Z0-9xX;:\\- ]{0,9}") {
        let result = check_parsers(&TilingRider::standard(), &text);
        prop_assert!(result.is_ok(), "{}", result.unwrap_err());
    }
}
