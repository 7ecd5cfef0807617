//! Property tests: the legal moves against the slow generator along random games, and
//! parsers that never panic (random playouts under each repetition rule are the kit's
//! conformance tests, `tests/conformance.rs`).

use crate::common;

use chimera_core::{Game, Position};
use chimera_test_kit::{check_parsers, check_playout};
use chimera_turtle_shell::{parse_zsg, read_record, Cell, Repetition, Rules, TurtleShell};
use proptest::prelude::*;

/// A random game in which, at every ply, the engine's legal moves (history included) equal
/// the independent slow generator's.
fn agrees_with_slow_generator(repetition: Repetition, seed: u64) -> Result<(), String> {
    agrees_from(Game::start(Rules::new(repetition)), seed)
}

/// [`agrees_with_slow_generator`] from a given game.
fn agrees_from(mut game: Game<TurtleShell>, seed: u64) -> Result<(), String> {
    let mut rng = chimera_core::SplitMix64::new(seed);
    let (mut fast, mut slow) = (Vec::new(), Vec::new());
    for _ in 0..200 {
        game.legal_moves(&mut fast);
        common::slow_generate(&game, &mut slow);
        fast.sort_by_key(|m| m.to_string());
        slow.sort_by_key(|m| m.to_string());
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

/// The start with pieces in both hands (option `drops`).
const HANDS: &str = "W:KE1,GD0,GE0,NC0,NF0,RB0,RG0,PB1,PB2,PG2,PG1,PC2,PD2,PF2,@NP \
    B:KE8,GD9,GE9,NC9,NF9,RB9,RG9,PC7,PD7,PF7,PB7,PB8,PG8,PG7,@GP w";

/// A random position text with hands and promoted rooks (option `drops`), from a seed: the
/// kings on fixed cells, other pieces on random cells, random hands.
fn random_drops_text(seed: u64) -> String {
    let mut rng = chimera_core::SplitMix64::new(seed);
    let mut sides = [vec!["KE1".to_string()], vec!["KE8".to_string()]];
    let mut used = vec![
        Cell::from_name("E1").unwrap(),
        Cell::from_name("E8").unwrap(),
    ];
    for _ in 0..rng.below(20) {
        let cell = Cell::ALL[rng.below(64)];
        if used.contains(&cell) {
            continue;
        }
        used.push(cell);
        let letter = ["G", "N", "R", "+R", "P", "M", "V", "A"][rng.below(8)];
        sides[rng.below(2)].push(format!("{letter}{cell}"));
    }
    for side in &mut sides {
        let hand: String = (0..rng.below(6))
            .map(|_| ['G', 'N', 'R', 'P', 'M', 'V', 'A'][rng.below(7)])
            .collect();
        if !hand.is_empty() {
            side.push(format!("@{hand}"));
        }
    }
    format!(
        "W:{} B:{} {}",
        sides[0].join(","),
        sides[1].join(","),
        ["w", "b"][rng.below(2)]
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    #[test]
    fn legal_moves_agree_with_the_slow_generator_drops(seed in any::<u64>()) {
        let start = TurtleShell::from_text(HANDS, Rules::parse("drops").unwrap()).unwrap();
        prop_assert_eq!(agrees_from(Game::new(start), seed), Ok(()));
    }

    #[test]
    fn legal_moves_agree_with_the_slow_generator_shuffle_marshal(seed in any::<u64>(), n in 0u32..90) {
        let rules = Rules::parse("ko+shuffle+drops+marshal").unwrap();
        let start = TurtleShell::numbered_start(rules, n).unwrap();
        prop_assert_eq!(agrees_from(Game::new(start), seed), Ok(()));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, .. ProptestConfig::default() })]

    #[test]
    fn position_texts_with_hands_read_back_what_they_write(seed in any::<u64>()) {
        let rules = Rules::parse("drops").unwrap();
        let text = random_drops_text(seed);
        if let Ok(pos) = TurtleShell::from_text(&text, rules) {
            let written = pos.to_text();
            let back = TurtleShell::from_text(&written, rules);
            prop_assert_eq!(back.as_ref(), Ok(&pos));
            prop_assert_eq!(back.unwrap().to_text(), written);
            prop_assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
        }
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
    let mut rng = chimera_core::SplitMix64::new(7);
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
