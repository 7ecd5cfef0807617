//! Perft from the start position, cross-checked between the engine's legal move
//! generator and an independent slow one (plain array board walked straight from the link
//! tables, check found by brute force, Ko by comparing whole boards).

use crate::common;

use chimera_core::{perft_divide, perft_with, Game, Position};
use chimera_test_kit::{perft_counts, perft_two_ways};
use chimera_turtle_shell::{Move, Repetition, TurtleShell};
use common::{rules, slow_generate};

/// The crate's perft data file, where the counts below come from.
const PERFT: &str = include_str!("../perft.epd");

/// Depths 1–6 from the start under `ko` (bulk counted).
fn ko() -> [u64; 6] {
    perft_counts(PERFT, "start, Ko", 1)
}
/// Depths 1–6 from the start under `none`.
fn none() -> [u64; 6] {
    perft_counts(PERFT, "start, no Ko", 1)
}

fn game(repetition: Repetition) -> Game<TurtleShell> {
    Game::start(rules(repetition))
}

/// Perft of `depth` from the start under `repetition`, by the engine and by the slow
/// generator: the count if they agree.
fn two_ways(repetition: Repetition, depth: u32) -> Result<u64, String> {
    perft_two_ways(&mut game(repetition), depth, &mut slow_generate)
}

#[test]
fn perft_ko_to_depth_5_two_ways() {
    for depth in 1..=5 {
        let expected = ko()[depth as usize - 1];
        assert_eq!(
            two_ways(Repetition::Ko, depth),
            Ok(expected),
            "depth {depth}"
        );
    }
}

#[test]
fn perft_none_to_depth_5_two_ways() {
    for depth in 1..=5 {
        let expected = none()[depth as usize - 1];
        assert_eq!(
            two_ways(Repetition::None, depth),
            Ok(expected),
            "depth {depth}"
        );
    }
}

/// The engine's own pseudo-legal generator plus its make-and-test filter.
fn pseudo_then_filter(g: &Game<TurtleShell>, buf: &mut Vec<Move>) {
    let pos = g.position();
    pos.pseudo_legal_moves(buf);
    buf.retain(|&m| pos.is_legal(m));
    pos.retain_history_legal(g.history(), buf);
}

#[test]
fn perft_pseudo_legal_plus_filter_agrees_to_depth_5() {
    for (r, counts) in [(Repetition::Ko, ko()), (Repetition::None, none())] {
        let n = perft_with(&mut game(r), 5, &mut pseudo_then_filter);
        assert_eq!(n, counts[4], "{r:?}");
    }
}

#[test]
fn perft_from_random_middlegames_two_ways() {
    // Positions after random openings (with pieces exchanged, promotions, checks) read
    // from text, so each starts a fresh history; depth 3 both ways, Ko and none.
    let mut checked = 0;
    for seed in 0..40 {
        let mut rng = chimera_core::SplitMix64::new(seed);
        let mut g = game(Repetition::None);
        for _ in 0..(20 + seed as usize * 3) {
            let moves = g.legal_move_list();
            if moves.is_empty() {
                break;
            }
            g.play_unchecked(moves[rng.below(moves.len())]);
        }
        let text = g.position().to_text();
        for r in [Repetition::Ko, Repetition::None] {
            let start = TurtleShell::from_text(&text, rules(r)).unwrap();
            let counted = perft_two_ways(&mut Game::new(start), 3, &mut slow_generate);
            assert!(counted.is_ok(), "{text} under {r:?}: {counted:?}");
            checked += 1;
        }
    }
    assert_eq!(checked, 80);
}

#[test]
fn perft_divide_sums_to_perft() {
    let mut g = game(Repetition::Ko);
    let split = perft_divide(&mut g, 3, &mut |_, _, _, _| {});
    assert_eq!(split.len(), 8);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), ko()[2]);
    let start = g.position().clone();
    assert!(split.iter().any(|&(m, _)| start.move_text(m) == "B1-B3"));
}

#[test]
fn perft_of_the_options_two_ways() {
    // Every `option …` line of the data file, both ways, to the depths whose counts are at
    // most 300,000 nodes.
    let cases = chimera_test_kit::parse_perft_file(PERFT).unwrap();
    let mut checked = 0;
    for case in cases.iter().filter(|c| c.name.starts_with("option")) {
        for &(depth, expected) in case.counts.iter().filter(|&&(_, n)| n <= 300_000) {
            let mut g = case.game::<TurtleShell>().unwrap();
            let counted = perft_two_ways(&mut g, depth, &mut slow_generate);
            assert_eq!(counted, Ok(expected), "{} depth {depth}", case.name);
            checked += 1;
        }
    }
    assert!(checked >= 30, "{checked}");
}

#[test]
#[ignore = "deep: run with cargo test --release -p chimera-turtle-shell -- --ignored"]
fn perft_depth_6() {
    for (r, counts) in [(Repetition::Ko, ko()), (Repetition::None, none())] {
        assert_eq!(two_ways(r, 6), Ok(counts[5]), "{r:?}");
    }
}
