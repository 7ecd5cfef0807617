//! Property tests: random playouts without Jacks through the conformance kit, the fast
//! engine against the reference move by move (generation and move making), and the parsers
//! on position-like and move-like text (playouts from the start and parsers on any text are
//! the kit's conformance tests, `tests/conformance.rs`).

use super::reference::RefBoard;
use super::EMPTY_HANDS;
use chimera_core::{Game, Position};
use chimera_test_kit::{check_parsers, check_playout, SplitMix64};
use chimera_triagonal::{Move, Rules, Triagonal};
use proptest::prelude::*;

#[test]
fn move_is_small() {
    assert_eq!(std::mem::size_of::<Move>(), 8);
}

/// Plays a random game from `start`, comparing at every ply the legal moves with the
/// reference's, and the position after some of the legal moves (every one when there are
/// few) with the reference's move making. Placements are chosen with probability
/// `placement_share`, so that games also run long without filling the board with Jacks.
fn compare_with_reference(
    start: Triagonal,
    seed: u64,
    plies: usize,
    placement_share: u64,
) -> Result<Game<Triagonal>, String> {
    let mut rng = SplitMix64::new(seed);
    let mut game = Game::new(start);
    let mut moves = Vec::new();
    for _ in 0..plies {
        let pos = game.position().clone();
        pos.legal_moves(&mut moves);
        let reference = RefBoard::of(&pos);
        let mut expected = reference.legal_moves();
        let mut got = moves.clone();
        got.sort();
        expected.sort();
        if got != expected {
            let missing: Vec<String> = expected
                .iter()
                .filter(|m| got.binary_search(m).is_err())
                .take(10)
                .map(|&m| pos.move_text(m))
                .collect();
            let extra: Vec<String> = got
                .iter()
                .filter(|m| expected.binary_search(m).is_err())
                .take(10)
                .map(|&m| pos.move_text(m))
                .collect();
            return Err(format!(
                "moves differ in `{}`: fast {} moves, reference {}; missing {missing:?}, extra {extra:?}",
                pos.to_text(),
                got.len(),
                expected.len()
            ));
        }
        let step = (moves.len() / 200).max(1);
        for &mv in moves.iter().step_by(step) {
            let mut fast = pos.clone();
            fast.play_unchecked(mv);
            let mut slow = reference.clone();
            slow.play(mv);
            if RefBoard::of(&fast) != slow {
                return Err(format!(
                    "{} in `{}` gives `{}`, the reference {:?}",
                    pos.move_text(mv),
                    pos.to_text(),
                    fast.to_text(),
                    slow
                ));
            }
            if fast.zobrist() != fast.zobrist_from_scratch() {
                return Err(format!("zobrist after {}", pos.move_text(mv)));
            }
        }
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let normal: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| m.placement().is_none())
            .collect();
        let mv = if normal.len() < moves.len() && rng.below(100) < placement_share as usize {
            moves[normal.len() + rng.below(moves.len() - normal.len())]
        } else {
            normal[rng.below(normal.len())]
        };
        let _ = normal;
        game.play_unchecked(mv);
    }
    Ok(game)
}

/// The placement turns come after the normal moves in generation order: check that, since
/// `compare_with_reference` relies on it for choosing.
#[test]
fn placements_are_generated_after_the_normal_moves() {
    let pos = Triagonal::start(Rules::Standard);
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let first = moves.iter().position(|m| m.placement().is_some()).unwrap();
    assert!(moves[..first].iter().all(|m| m.placement().is_none()));
    assert!(moves[first..].iter().all(|m| m.placement().is_some()));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn conformance_playouts_without_jacks(seed in any::<u64>()) {
        let start = Triagonal::from_text(EMPTY_HANDS, Rules::Standard).unwrap();
        let result = check_playout(Game::new(start), seed, 150);
        prop_assert!(result.is_ok(), "{}", result.unwrap_err());
    }

    #[test]
    fn playouts_agree_with_the_reference(seed in any::<u64>()) {
        let result = compare_with_reference(Triagonal::start(Rules::Standard), seed, 60, 30);
        prop_assert!(result.is_ok(), "{}", result.unwrap_err());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn parsers_never_panic_on_position_like_strings(
        text in "([PNBRQKJpnbrqkj1-8*]{0,9}/){7}[PNBRQKJpnbrqkj1-8*]{0,9}(\\|([PNBRQKJpnbrqkj1-8*]{0,9}/){7}[PNBRQKJpnbrqkj1-8*]{0,9}){0,8}( [wbx]( [0-9]{1,3}){0,2}( -| [A-Ia-i][a-i][0-9](>[A-H][a-h][1-8])?)?( [0-9]{1,3}){0,2})?"
    ) {
        prop_assert_eq!(check_parsers(&Triagonal::standard(), &text), Ok(()));
    }

    #[test]
    fn parsers_never_panic_on_move_like_strings(
        text in "((J|j)?@[A-Ia-i][a-i][0-9],){0,3}[A-Ia-i][a-i][0-9][x^:\\-]?[A-Ia-i][a-i][0-9](=?[QRBNKJP])?"
    ) {
        prop_assert_eq!(check_parsers(&Triagonal::standard(), &text), Ok(()));
    }
}

#[test]
fn long_playouts_agree_with_the_reference_and_reach_ends_of_games() {
    let mut ends = std::collections::BTreeMap::new();
    for seed in 0..12 {
        let start = Triagonal::from_text(EMPTY_HANDS, Rules::Standard).unwrap();
        let game = compare_with_reference(start, seed, 400, 0).unwrap();
        if let Some(outcome) = game.outcome() {
            *ends.entry(format!("{outcome:?}")).or_insert(0) += 1;
        }
    }
    println!("{ends:?}");
    assert!(ends.keys().any(|e| e.contains("king-captured")), "{ends:?}");
}
