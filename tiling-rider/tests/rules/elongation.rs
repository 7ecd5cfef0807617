//! Elongated moves, with each example of the seed text.

use super::{board, is_legal, sq, targets};
use chimera_core::Color;

fn has(pos: &chimera_tiling_rider::TilingRider, from: &str, to: &str) -> bool {
    targets(pos, from).contains(&to.to_string())
}

#[test]
fn elongated_move_may_end_on_the_other_half_of_the_tile_reached() {
    let pos = board(Color::White, 2, &[("e8", 'W')]);
    // e9 is on the tile e9-e10 (orange unit: columns): the wazir may end on e10.
    assert!(has(&pos, "e8", "e9") && has(&pos, "e8", "e10"));
}

#[test]
fn seed_example_ferz_i4_to_j5_may_end_on_j6() {
    let pos = board(Color::White, 2, &[("i4", 'F')]);
    assert!(has(&pos, "i4", "j5") && has(&pos, "i4", "j6"));
}

#[test]
fn seed_example_ferz_a4_to_b5_may_shift_to_b6() {
    let pos = board(Color::White, 2, &[("a4", 'F')]);
    assert!(has(&pos, "a4", "b5") && has(&pos, "a4", "b6"));
}

#[test]
fn seed_example_wazir_b4_to_b5_may_shift_to_b6() {
    let pos = board(Color::White, 2, &[("b4", 'W')]);
    assert!(has(&pos, "b4", "b5") && has(&pos, "b4", "b6"));
}

#[test]
fn seed_example_guard_c4_to_c5_may_shift_to_d5_and_vice_versa() {
    let pos = board(Color::White, 2, &[("c4", 'G')]);
    // c4-c5 shifted to d5, and c4-d5 shifted to c5: one move per end square.
    assert!(has(&pos, "c4", "c5") && has(&pos, "c4", "d5"));
    let to_d5 = targets(&pos, "c4").iter().filter(|t| *t == "d5").count();
    assert_eq!(to_d5, 1);
    // With c5 occupied the guard still reaches d5 directly, but not by shifting.
    let blocked = board(Color::White, 2, &[("c4", 'G'), ("c5", 'W')]);
    assert!(has(&blocked, "c4", "d5"));
    // With d5 occupied, c5 is reached directly only.
    let other = board(Color::White, 2, &[("d4", 'G'), ("c5", 'W')]);
    assert!(has(&other, "d4", "d5") && !has(&other, "d4", "c5"));
}

#[test]
fn seed_example_knight_d4_to_e6_may_shift_to_e5() {
    let pos = board(Color::White, 2, &[("d4", 'N')]);
    assert!(has(&pos, "d4", "e6") && has(&pos, "d4", "e5"));
}

#[test]
fn seed_example_knight_d4_to_c6_may_shift_to_d6() {
    let pos = board(Color::White, 2, &[("d4", 'N')]);
    assert!(has(&pos, "d4", "c6") && has(&pos, "d4", "d6"));
}

#[test]
fn seed_example_knight_d4_to_b5_may_shift_to_b6() {
    let pos = board(Color::White, 2, &[("d4", 'N')]);
    assert!(has(&pos, "d4", "b5") && has(&pos, "d4", "b6"));
}

#[test]
fn elongation_needs_the_first_square_empty() {
    // The seed's question 2: the initial side of the tile must be empty when moving.
    let pos = board(Color::White, 2, &[("a4", 'F'), ("b5", 'W')]);
    assert!(!has(&pos, "a4", "b6"));
    let enemy = board(Color::White, 2, &[("a4", 'F'), ("b5", 'w')]);
    assert!(has(&enemy, "a4", "b5") && !has(&enemy, "a4", "b6"));
}

#[test]
fn elongation_needs_the_tile_mate_empty() {
    let pos = board(Color::White, 2, &[("a4", 'F'), ("b6", 'w')]);
    assert!(has(&pos, "a4", "b5") && !has(&pos, "a4", "b6"));
}

#[test]
fn elongation_never_captures() {
    // b6 holds an enemy: reaching it by elongation would be a capture, which is not allowed.
    let pos = board(Color::White, 2, &[("a4", 'F'), ("b6", 'n')]);
    assert!(!is_legal(&pos, "a4xb6"));
}

#[test]
fn no_elongation_within_the_tile_left() {
    // The wazir on e7 (tile e7-f7 of a blue unit) steps to f7, its own tile: no shift to e7.
    // And it can never shift back onto its own square.
    let pos = board(
        Color::White,
        2,
        &[("e7", 'W'), ("e8", 'N'), ("e6", 'N'), ("d7", 'N')],
    );
    assert_eq!(targets(&pos, "e7"), ["f7"]);
}

#[test]
fn same_end_square_by_two_routes_is_one_move() {
    let pos = board(Color::White, 2, &[("c4", 'G')]);
    let ts = targets(&pos, "c4");
    let mut dedup = ts.clone();
    dedup.dedup();
    assert_eq!(ts, dedup);
    let _ = sq("c4");
}
