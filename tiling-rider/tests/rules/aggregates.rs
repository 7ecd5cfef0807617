//! Aggregates: four like friendly pieces filling a unit ride together.

use super::{after, board, is_legal, legal_texts, sq};
use chimera_core::{Color, Position};
use chimera_tiling_rider::Role;

fn unit_moves(pos: &chimera_tiling_rider::TilingRider, prefix: &str) -> Vec<String> {
    legal_texts(pos)
        .into_iter()
        .filter(|m| m.starts_with(prefix))
        .collect()
}

fn quad(letter: char, ll: &str) -> Vec<(&'static str, char)> {
    let s = sq(ll);
    let names: Vec<&'static str> = s
        .unit()
        .squares()
        .iter()
        .map(|q| &*Box::leak(q.to_string().into_boxed_str()))
        .collect();
    names.into_iter().map(|n| (n, letter)).collect()
}

#[test]
fn four_wazirs_filling_a_unit_ride_as_a_rook() {
    let pos = board(Color::White, 2, &quad('W', "e5"));
    let moves = unit_moves(&pos, "We5");
    assert_eq!(moves.len(), 15, "{moves:?}");
    for m in ["We5-e7", "We5-e15", "We5-e1", "We5-a5", "We5-q5"] {
        assert!(moves.contains(&m.to_string()), "{m}");
    }
    assert!(!moves.iter().any(|m| m == "We5-g7"));
}

#[test]
fn four_ferzes_filling_a_unit_ride_as_a_bishop() {
    let pos = board(Color::White, 2, &quad('F', "e5"));
    let moves = unit_moves(&pos, "Fe5");
    // Up-right to o15 (5 units), down-right 2, up-left 2, down-left 1 (the king on a1).
    assert_eq!(moves.len(), 10, "{moves:?}");
    assert!(moves.contains(&"Fe5-o15".to_string()));
    assert!(moves.contains(&"Fe5-c3".to_string()));
    assert!(!moves.iter().any(|m| m.ends_with("a1")));
}

#[test]
fn four_guards_filling_a_unit_ride_as_a_queen() {
    let pos = board(Color::White, 2, &quad('G', "e5"));
    assert_eq!(unit_moves(&pos, "Ge5").len(), 25);
}

#[test]
fn four_knights_filling_a_unit_ride_as_a_nightrider() {
    let pos = board(Color::White, 2, &quad('N', "e5"));
    let moves = unit_moves(&pos, "Ne5");
    for m in [
        "Ne5-g9", "Ne5-i13", "Ne5-i7", "Ne5-m9", "Ne5-q11", "Ne5-i3", "Ne5-g1", "Ne5-c1", "Ne5-a7",
        "Ne5-c9", "Ne5-a13",
    ] {
        assert!(moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
    assert!(moves.contains(&"Ne5-a3".to_string())); // (−2, −1) units from (2, 2)
    assert_eq!(moves.len(), 13, "{moves:?}");
}

#[test]
fn nightrider_intermediate_landing_units_must_be_entirely_empty() {
    let mut pieces = quad('N', "e5");
    pieces.push(("h10", 'n')); // in unit g9 (the first landing unit of the (1,2) line)
    let pos = board(Color::White, 2, &pieces);
    let moves = unit_moves(&pos, "Ne5");
    assert!(moves.contains(&"Ne5xg9".to_string()));
    assert!(!moves.iter().any(|m| m.ends_with("i13")));
}

#[test]
fn aggregate_slides_only_across_entirely_empty_units() {
    let mut pieces = quad('W', "e5");
    pieces.push(("f9", 'f')); // unit e9
    pieces.push(("h5", 'G')); // unit g5, friendly
    let pos = board(Color::White, 2, &pieces);
    let moves = unit_moves(&pos, "We5");
    assert!(moves.contains(&"We5xe9".to_string()));
    assert!(!moves.iter().any(|m| m.ends_with("e11")));
    assert!(!moves.iter().any(|m| m.ends_with("g5") || m.ends_with("i5")));
}

#[test]
fn aggregate_destination_may_hold_neither_a_friendly_piece_nor_a_king() {
    let mut pieces = quad('W', "e5");
    pieces.push(("e10", 'W'));
    let pos = super::position_with(
        chimera_tiling_rider::Rules::Standard,
        Color::White,
        2,
        "a1",
        "g5",
        &pieces,
    );
    let moves = unit_moves(&pos, "We5");
    assert!(!moves
        .iter()
        .any(|m| m.ends_with("e9") || m.ends_with("g5") || m.ends_with("i5")));
    assert!(moves.contains(&"We5-e7".to_string()));
}

#[test]
fn aggregate_captures_every_enemy_piece_in_the_destination_at_once() {
    let mut pieces = quad('W', "e5");
    pieces.extend(quad('g', "e11"));
    pieces.push(("e9", 'n'));
    pieces.push(("f10", 'f'));
    let pos = board(Color::White, 3, &pieces);
    let next = after(&pos, &["We5xe9"]);
    assert_eq!(next.piece_at(sq("e9")), Some((Role::Wazir, Color::White)));
    assert_eq!(next.piece_at(sq("f10")), Some((Role::Wazir, Color::White)));
    assert_eq!(next.piece_at(sq("f9")), Some((Role::Wazir, Color::White)));
    // An enemy aggregate is taken whole by an aggregate move.
    let pos2 = board(
        Color::White,
        3,
        &[quad('W', "e5"), quad('g', "e9")].concat(),
    );
    let next2 = after(&pos2, &["We5xe9"]);
    assert!(next2.aggregates(Color::Black).is_empty());
    assert_eq!(next2.aggregates(Color::White).len(), 1);
}

#[test]
fn aggregate_stays_an_aggregate_after_moving() {
    let pos = board(Color::White, 2, &quad('W', "e5"));
    let next = after(&pos, &["We5-e9"]);
    assert_eq!(
        next.aggregates(Color::White),
        vec![(super::unit("e9"), Role::Wazir)]
    );
    for s in ["e9", "f9", "e10", "f10"] {
        assert_eq!(next.piece_at(sq(s)), Some((Role::Wazir, Color::White)));
    }
}

#[test]
fn aggregate_parts_are_captured_one_at_a_time() {
    let mut pieces = quad('w', "e9");
    pieces.push(("g8", 'N'));
    let pos = board(Color::White, 2, &pieces);
    let next = after(&pos, &["g8xf10"]);
    assert_eq!(next.piece_at(sq("e9")), Some((Role::Wazir, Color::Black)));
    assert_eq!(next.piece_at(sq("f10")), Some((Role::Knight, Color::White)));
    assert!(next.aggregates(Color::Black).is_empty());
}

#[test]
fn aggregate_parts_may_still_move_alone() {
    let pos = board(Color::White, 2, &quad('W', "e5"));
    assert!(is_legal(&pos, "e5-d5"));
    assert!(is_legal(&pos, "f6-f7"));
}

#[test]
fn a_unit_of_mixed_pieces_is_not_an_aggregate() {
    let pos = board(
        Color::White,
        2,
        &[("e5", 'W'), ("f5", 'W'), ("e6", 'W'), ("f6", 'G')],
    );
    assert!(unit_moves(&pos, "W").is_empty() && unit_moves(&pos, "G").is_empty());
    let mixed_colours = board(
        Color::White,
        2,
        &[("e5", 'W'), ("f5", 'W'), ("e6", 'W'), ("f6", 'w')],
    );
    assert!(mixed_colours.aggregates(Color::White).is_empty());
}

#[test]
fn aggregate_formed_this_turn_may_move_in_the_same_turn() {
    // The seed's question 1: form a rider and move it in the same turn.
    let pos = board(
        Color::White,
        3,
        &[("e5", 'W'), ("f5", 'W'), ("e6", 'W'), ("g6", 'W')],
    );
    let formed = after(&pos, &["g6-f6"]);
    assert!(is_legal(&formed, "We5-e11"));
    let moved = after(&formed, &["We5-e11"]);
    assert_eq!(moved.aggregates(Color::White).len(), 1);
    let _ = moved.to_text();
}
