//! Property tests: the legal moves against the slow generator along random games, and
//! parsers that never panic (random playouts under each repetition rule are the kit's
//! conformance tests, `tests/kit_conformance.rs`).

mod common;

use chimera_core::conformance::{check_parsers, check_playout};
use chimera_core::{Game, Position};
use chimera_turtle_shell::{parse_zsg, read_record, Cell, Repetition, Rules, TurtleShell};
use proptest::prelude::*;

/// A random game in which, at every ply, the engine's legal moves (history included) equal
/// the independent slow generator's.
fn agrees_with_slow_generator(repetition: Repetition, seed: u64) -> Result<(), String> {
    let mut rng = chimera_core::conformance::SplitMix64::new(seed);
    let mut game: Game<TurtleShell> = Game::start(Rules::new(repetition));
    let (mut fast, mut slow) = (Vec::new(), Vec::new());
    for _ in 0..200 {
        game.legal_moves(&mut fast);
        common::slow_generate(&game, &mut slow);
        fast.sort_by_key(|m| (m.from(), m.to(), m.is_promotion()));
        slow.sort_by_key(|m| (m.from(), m.to(), m.is_promotion()));
        if fast != slow {
            return Err(format!(
                "fast {fast:?} slow {slow:?} in {}",
                game.position().to_text()
            ));
        }
        if fast.is_empty() {
            break;
        }
        game.play_unchecked(fast[rng.below(fast.len())]);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    #[test]
    fn legal_moves_agree_with_the_slow_generator_ko(seed in any::<u64>()) {
        prop_assert_eq!(agrees_with_slow_generator(Repetition::Ko, seed), Ok(()));
    }

    #[test]
    fn legal_moves_agree_with_the_slow_generator_none(seed in any::<u64>()) {
        prop_assert_eq!(agrees_with_slow_generator(Repetition::None, seed), Ok(()));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, .. ProptestConfig::default() })]

    #[test]
    fn parsers_never_panic_on_any_text(text in "\\PC*") {
        let start = TurtleShell::start(Rules::default());
        prop_assert_eq!(check_parsers(&start, &text), Ok(()));
        let _ = Cell::from_name(&text);
        let _ = parse_zsg(&text);
        let _ = read_record(&text);
    }

    #[test]
    fn parsers_never_panic_on_near_misses(
        text in "[WBwb]:[KGNRPkgnrpx]?[A-Ia-i][0-9]{0,2}(,[KGNRP][A-H][0-9]){0,6} [Bb]:[KGNRP][A-H][0-9](,[KGNRP][A-H][0-9]){0,6} [wbx]?"
    ) {
        let start = TurtleShell::start(Rules::default());
        prop_assert_eq!(check_parsers(&start, &text), Ok(()));
    }

    #[test]
    fn move_and_record_parsers_never_panic_on_near_misses(
        text in "([0-9]{1,2}\\.{1,3} )?([a-z]{3,6} )?[A-Ha-h][0-9] ?[-xX]? ?[A-Ha-h][0-9]( ?= ?[A-Za-z]{0,5})?[ #;{}]*"
    ) {
        let start = TurtleShell::start(Rules::default());
        prop_assert_eq!(check_parsers(&start, &text), Ok(()));
        let _ = parse_zsg(&text);
        let _ = read_record(&text);
    }
}

#[test]
fn random_positions_from_text_are_consistent() {
    // Random placements: those accepted are consistent (key, round trip, moves playable).
    let names: Vec<&str> = Cell::ALL.iter().map(|c| c.name()).collect();
    let mut rng = chimera_core::conformance::SplitMix64::new(7);
    let mut accepted = 0;
    for _ in 0..3000 {
        let mut cells = names.clone();
        let mut text = String::from("W:");
        for side in 0..2 {
            if side == 1 {
                text.push_str(" B:");
            }
            for i in 0..(1 + rng.below(8)) {
                let c = cells.swap_remove(rng.below(cells.len()));
                let piece = if i == 0 {
                    'K'
                } else {
                    ['G', 'N', 'R', 'P'][rng.below(4)]
                };
                if i > 0 {
                    text.push(',');
                }
                text.push(piece);
                text.push_str(c);
            }
        }
        text.push_str(if rng.below(2) == 0 { " w" } else { " b" });
        if let Ok(p) = TurtleShell::from_text(&text, Rules::default()) {
            accepted += 1;
            check_playout(Game::new(p), rng.next_u64(), 20).unwrap();
        }
    }
    assert!(accepted > 1000, "{accepted}");
}
