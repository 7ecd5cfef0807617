//! Property tests: the fast engine against the reference move by move, long playouts, and
//! the parsers on position-like and move-like text (random playouts from the start and
//! parsers on any text are the kit's conformance tests, `tests/conformance.rs`).

use super::reference::RefBoard;
use super::start_game;
use chimera_core::{Game, Position};
use chimera_test_kit::{check_parsers, check_playout, SplitMix64};
use chimera_turnover::{Move, Turnover};
use proptest::prelude::*;

#[test]
fn move_is_small() {
    assert!(std::mem::size_of::<Move>() <= 4);
    assert_eq!(std::mem::size_of::<Move>(), 2);
}

/// Plays a random game, comparing at every ply the legal moves with the reference's and
/// the position after every legal move with the reference's move making.
fn compare_with_reference(seed: u64, plies: usize) -> Result<(), String> {
    let mut rng = SplitMix64::new(seed);
    let mut game = start_game();
    let mut moves = Vec::new();
    for _ in 0..plies {
        let pos = game.position().clone();
        game.legal_moves(&mut moves);
        let reference = RefBoard::of(&pos);
        let mut expected = Vec::new();
        super::reference::generate(&game, &mut expected);
        let mut got = moves.clone();
        got.sort();
        expected.sort();
        if got != expected {
            return Err(format!(
                "moves differ in `{}`: fast {:?}, reference {:?}",
                pos.to_text(),
                got.iter().map(|&m| pos.move_text(m)).collect::<Vec<_>>(),
                expected
                    .iter()
                    .map(|&m| pos.move_text(m))
                    .collect::<Vec<_>>()
            ));
        }
        if pos.count_legal_moves() != pos.legal_move_count_slow()
            || pos.has_legal_move() != (pos.count_legal_moves() > 0)
        {
            return Err(format!("move counting disagrees in `{}`", pos.to_text()));
        }
        for &mv in &moves {
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
        }
        if moves.is_empty() {
            break;
        }
        game.play_unchecked(moves[rng.below(moves.len())]);
    }
    Ok(())
}

trait SlowCount {
    fn legal_move_count_slow(&self) -> usize;
}

impl SlowCount for Turnover {
    fn legal_move_count_slow(&self) -> usize {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.len()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn playouts_agree_with_the_reference(seed in any::<u64>()) {
        let result = compare_with_reference(seed, 200);
        prop_assert!(result.is_ok(), "{}", result.unwrap_err());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn parsers_never_panic_on_position_like_strings(
        text in "[TFWtfw\\[\\]1-9/]{0,70}( [wbx]( [0-9]{1,3}( [0-9]{1,3})?)?)?"
    ) {
        prop_assert_eq!(check_parsers(&Turnover::standard(), &text), Ok(()));
    }

    #[test]
    fn parsers_never_panic_on_move_like_strings(text in "[a-j0-9xX*:\\- ]{0,7}") {
        prop_assert_eq!(check_parsers(&Turnover::standard(), &text), Ok(()));
    }
}

#[test]
fn long_playouts_reach_the_ends_of_games() {
    // Over many random games, every kind of end the rules have shows up, and the
    // conformance checks hold throughout.
    let mut ends = std::collections::BTreeMap::new();
    for seed in 0..300 {
        let game: Game<Turnover> = check_playout(start_game(), seed, 1000).unwrap();
        if let Some(outcome) = game.outcome() {
            *ends.entry(format!("{outcome:?}")).or_insert(0) += 1;
        }
    }
    assert!(
        ends.keys().any(|e| e.contains("no-royal-piece")),
        "{ends:?}"
    );
}

#[test]
fn playouts_near_the_fifty_move_limit_end_in_draws() {
    let mut start = Turnover::standard();
    start.set_halfmove_clock(90);
    let mut draws = 0;
    for seed in 0..50 {
        let game = check_playout(Game::new(start.clone()), seed, 40).unwrap();
        if game.outcome()
            == Some(chimera_core::Outcome::Draw {
                reason: chimera_core::DrawReason::MoveLimit,
            })
        {
            draws += 1;
        }
    }
    assert!(draws > 0);
}
