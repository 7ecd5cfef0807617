//! §3 The Wall (a lone W): straight forward to empty or merging onto F/T+F of either colour
//! (never capturing); diagonally forward never to empty, merging onto F/T+F, capturing
//! enemy T, W, F+W, T+F+W; forward is the direction of its current colour.

use super::{after, at, is_legal, moves_from, targets, with_castles};
use chimera_core::Color;

#[test]
fn wall_steps_straight_forward_to_an_empty_square() {
    let pos = with_castles(Color::White, &[("d4", "W")]);
    assert_eq!(targets(&pos, "d4"), ["d5"]);
    let next = after(&pos, "d4-d5");
    assert_eq!(
        (at(&next, "d4").as_str(), at(&next, "d5").as_str()),
        ("", "W")
    );
}

#[test]
fn wall_straight_forward_merges_onto_fort_or_citadel_of_either_colour() {
    for (target, result, sep) in [
        ("F", "FW", '-'),
        ("f", "FW", '*'),
        ("TF", "TFW", '-'),
        ("tf", "TFW", '*'),
    ] {
        let pos = with_castles(Color::White, &[("d4", "W"), ("d5", target)]);
        assert_eq!(
            moves_from(&pos, "d4"),
            [format!("d4{sep}d5")],
            "onto {target}"
        );
        let next = after(&pos, "d4-d5");
        assert_eq!(at(&next, "d5"), result);
    }
}

#[test]
fn wall_never_captures_straight_forward_so_t_w_fw_tfw_block_it() {
    for target in ["T", "t", "W", "w", "FW", "fw", "TFW", "tfw"] {
        let pos = with_castles(Color::White, &[("d4", "W"), ("d5", target)]);
        assert!(targets(&pos, "d4").is_empty(), "blocked by {target}");
    }
}

#[test]
fn wall_diagonal_forward_never_to_an_empty_square() {
    let pos = with_castles(Color::White, &[("d4", "W"), ("d5", "T")]);
    assert!(targets(&pos, "d4").is_empty());
    assert!(!is_legal(&pos, "d4-e5") && !is_legal(&pos, "d4-c5"));
}

#[test]
fn wall_diagonal_forward_merges_onto_fort_or_citadel_of_either_colour() {
    for (target, result) in [("F", "FW"), ("f", "FW"), ("TF", "TFW"), ("tf", "TFW")] {
        let pos = with_castles(Color::White, &[("d4", "W"), ("e5", target), ("c5", target)]);
        assert_eq!(targets(&pos, "d4"), ["c5", "d5", "e5"], "onto {target}");
        let next = after(&pos, "d4-e5");
        assert_eq!(at(&next, "e5"), result);
    }
}

#[test]
fn wall_diagonal_forward_captures_enemy_t_w_fw_tfw() {
    for target in ["t", "w", "fw", "tfw"] {
        let pos = with_castles(Color::White, &[("d4", "W"), ("c5", target)]);
        assert_eq!(moves_from(&pos, "d4"), ["d4-d5", "d4xc5"], "onto {target}");
        let next = after(&pos, "d4-c5");
        assert_eq!(at(&next, "c5"), "W");
    }
}

#[test]
fn wall_diagonal_forward_not_onto_friendly_t_w_fw_tfw() {
    for target in ["T", "W", "FW", "TFW"] {
        let pos = with_castles(Color::White, &[("d4", "W"), ("c5", target)]);
        assert_eq!(targets(&pos, "d4"), ["d5"], "onto {target}");
    }
}

#[test]
fn wall_has_no_double_step_and_never_moves_backwards_or_sideways() {
    let pos = with_castles(
        Color::White,
        &[
            ("d2", "W"),
            ("c2", "t"),
            ("e2", "t"),
            ("c1", "t"),
            ("d1", "t"),
        ],
    );
    assert_eq!(targets(&pos, "d2"), ["d3"]);
}

#[test]
fn wall_forward_is_the_direction_of_its_current_colour() {
    // Black Walls walk down the board.
    let pos = with_castles(Color::Black, &[("d5", "w"), ("c4", "T")]);
    assert_eq!(targets(&pos, "d5"), ["c4", "d4"]);
    // A black Wall ring turned over (a White Fort merges onto it) walks up once it travels
    // alone: the new Fortress's W leaps to d3, then steps to d4.
    let pos = with_castles(Color::White, &[("b3", "F"), ("e6", "w"), ("g2", "t")]);
    let pos = after(&pos, "b3-e6");
    assert_eq!(at(&pos, "e6"), "FW");
    let pos = after(&pos, "g2-g3");
    let pos = after(&pos, "e6-d4");
    assert_eq!(at(&pos, "d4"), "W");
    let pos = after(&pos, "g3-g2");
    assert_eq!(targets(&pos, "d4"), ["d5"]);
}

#[test]
fn wall_on_its_own_last_rank_has_no_move() {
    // Only possible in a position text: arriving there promotes.
    let pos = with_castles(Color::White, &[("d8", "W"), ("c7", "t")]);
    assert!(targets(&pos, "d8").is_empty());
}
