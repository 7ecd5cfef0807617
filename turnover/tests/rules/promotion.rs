//! §5 Promotion: a W ring arriving on its last rank, whole Castles stepping there, Castles
//! formed there. Each test says which rings stand on the square afterwards.

use super::{after, at, board, with_castles};
use chimera_core::{Color, Position};

#[test]
fn promotion_wall_stepping_onto_an_empty_last_rank_square_becomes_a_citadel() {
    let pos = with_castles(Color::White, &[("d7", "W")]);
    let next = after(&pos, "d7-d8");
    assert_eq!(at(&next, "d8"), "TF");
    assert_eq!(next.halfmove_clock(), 1, "promotion alone is no capture");
}

#[test]
fn promotion_wall_capturing_on_the_last_rank_becomes_a_citadel() {
    let pos = with_castles(Color::White, &[("d7", "W"), ("e8", "t")]);
    let next = after(&pos, "d7-e8");
    assert_eq!(at(&next, "e8"), "TF");
    assert_eq!(next.halfmove_clock(), 0);
}

#[test]
fn promotion_wall_that_would_form_a_castle_becomes_a_citadel() {
    // Onto a friendly Citadel: the square keeps T+F (a Citadel, not a Castle); the W ring
    // is gone.
    let pos = with_castles(Color::White, &[("d7", "W"), ("d8", "TF")]);
    let next = after(&pos, "d7-d8");
    assert_eq!(
        (at(&next, "d7").as_str(), at(&next, "d8").as_str()),
        ("", "TF")
    );
    // Onto an enemy Citadel (diagonally): it is turned over, still T+F, now White.
    let pos = with_castles(Color::White, &[("d7", "W"), ("c8", "tf")]);
    assert_eq!(pos.move_text(pos.parse_move("d7c8").unwrap()), "d7*c8");
    let next = after(&pos, "d7-c8");
    assert_eq!(at(&next, "c8"), "TF");
    assert_eq!(next.halfmove_clock(), 0, "a turnover");
    assert_eq!(
        next.castles(Color::White).count_ones(),
        1,
        "no Castle formed"
    );
}

#[test]
fn promotion_merging_onto_a_lone_fort_gives_a_fortress_without_promotion() {
    let pos = with_castles(Color::White, &[("d7", "W"), ("d8", "f"), ("e8", "F")]);
    let next = after(&pos, "d7-d8");
    assert_eq!(at(&next, "d8"), "FW");
    let next = after(&pos, "d7-e8");
    assert_eq!(at(&next, "e8"), "FW");
}

#[test]
fn promotion_applies_to_a_fortress_wall_leaping_to_the_last_rank() {
    let pos = with_castles(Color::White, &[("d6", "FW"), ("e8", "tf"), ("f7", "f")]);
    let next = after(&pos, "d6-c8");
    assert_eq!(
        (at(&next, "d6").as_str(), at(&next, "c8").as_str()),
        ("F", "TF")
    );
    let next = after(&pos, "d6-e8");
    assert_eq!(
        at(&next, "e8"),
        "TF",
        "would form a Castle: a Citadel, turned over"
    );
    let next = after(&pos, "d6-f7");
    assert_eq!(at(&next, "f7"), "FW", "not the last rank");
}

#[test]
fn promotion_applies_to_a_castle_dismounting_to_the_last_rank() {
    let pos = with_castles(Color::White, &[("d6", "TFW"), ("h2", "TFW")]);
    let next = after(&pos, "d6-d8");
    assert_eq!(
        (at(&next, "d6").as_str(), at(&next, "d8").as_str()),
        ("TF", "TF")
    );
    let pos = with_castles(Color::White, &[("d6", "TFW"), ("d8", "f")]);
    let next = after(&pos, "d6-d8");
    assert_eq!(at(&next, "d8"), "FW", "onto a lone Fort: no promotion");
    let pos = with_castles(Color::White, &[("d6", "TFW"), ("d8", "tf")]);
    let next = after(&pos, "d6-d8");
    assert_eq!(at(&next, "d8"), "TF", "would form a Castle: a Citadel");
}

#[test]
fn promotion_applies_to_a_castle_wall_step_onto_a_citadel_on_the_last_rank() {
    let pos = with_castles(Color::White, &[("d7", "TFW"), ("e8", "tf"), ("c8", "f")]);
    let next = after(&pos, "d7-e8");
    assert_eq!(
        (at(&next, "d7").as_str(), at(&next, "e8").as_str()),
        ("TF", "TF")
    );
    let next = after(&pos, "d7-c8");
    assert_eq!(at(&next, "c8"), "FW");
}

#[test]
fn ruling_whole_castle_stepping_onto_its_last_rank_becomes_a_citadel() {
    let pos = with_castles(Color::White, &[("d7", "TFW"), ("e8", "t")]);
    let next = after(&pos, "d7-d8");
    assert_eq!(
        (at(&next, "d7").as_str(), at(&next, "d8").as_str()),
        ("", "TF")
    );
    let next = after(&pos, "d7-e8");
    assert_eq!(at(&next, "e8"), "TF", "capturing there too");
    // Black's last rank is rank 1.
    let pos = with_castles(Color::Black, &[("d2", "tfw")]);
    let next = after(&pos, "d2-d1");
    assert_eq!(at(&next, "d1"), "tf");
}

#[test]
fn ruling_any_castle_formed_on_the_last_rank_becomes_a_citadel() {
    // A Tower merging onto a Fortress on the mover's last rank would form a Castle: the
    // square holds a Citadel (T+F) of the mover, the W ring is gone.
    let pos = with_castles(Color::White, &[("d1", "T"), ("d8", "FW"), ("f8", "fw")]);
    let next = after(&pos, "d1-d8");
    assert_eq!(at(&next, "d8"), "TF");
    let pos = super::board(
        Color::White,
        &[("f1", "T"), ("f8", "fw"), ("a1", "TFW"), ("a8", "tfw")],
    );
    let next = after(&pos, "f1-f8");
    assert_eq!(at(&next, "f8"), "TF", "turned over and promoted");
    assert_eq!(next.halfmove_clock(), 0);
    // Elsewhere the Castle stays a Castle.
    let pos = with_castles(Color::White, &[("d1", "T"), ("d7", "FW")]);
    assert_eq!(at(&after(&pos, "d1-d7"), "d7"), "TFW");
}

#[test]
fn promotion_only_on_arrival() {
    // A Castle written on its own last rank stays one, and moving along the rank it is a
    // Castle arriving there: it becomes a Citadel.
    let pos = board(Color::White, &[("d8", "TFW"), ("a1", "TFW"), ("h1", "tfw")]);
    assert_eq!(at(&pos, "d8"), "TFW");
    let next = after(&pos, "d8-c8");
    assert_eq!(at(&next, "c8"), "TF");
    // Leaving the last rank it stays a Castle.
    let next = after(&pos, "d8-d7");
    assert_eq!(at(&next, "d7"), "TFW");
}

#[test]
fn promotion_not_on_the_own_first_rank() {
    let pos = with_castles(Color::White, &[("d3", "FW")]);
    let next = after(&pos, "d3-c1");
    assert_eq!(at(&next, "c1"), "W");
    let pos = with_castles(Color::Black, &[("d6", "fw")]);
    let next = after(&pos, "d6-c8");
    assert_eq!(at(&next, "c8"), "w");
    let next = after(&pos, "d6-c4");
    assert_eq!(at(&next, "c4"), "w");
}

#[test]
fn promotion_black_wall_promotes_on_rank_1() {
    let pos = with_castles(Color::Black, &[("e2", "w")]);
    let next = after(&pos, "e2-e1");
    assert_eq!(at(&next, "e1"), "tf");
}
