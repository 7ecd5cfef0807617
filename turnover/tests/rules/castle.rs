//! §4 The Castle (T+F+W): whole step, Wall step onto a Fort or Citadel, dismount, and the
//! two rulings.

use super::{after, at, is_legal, moves_from, targets, with_castles};
use chimera_core::{Color, Position};

#[test]
fn castle_whole_step_in_eight_directions_to_an_empty_square() {
    let pos = with_castles(Color::White, &[("d4", "TFW")]);
    assert_eq!(
        targets(&pos, "d4"),
        ["c3", "c4", "c5", "d3", "d5", "d6", "e3", "e4", "e5"]
    );
    for to in ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"] {
        let next = after(&pos, &format!("d4-{to}"));
        assert_eq!(at(&next, "d4"), "");
        assert_eq!(at(&next, to), "TFW");
    }
}

#[test]
fn castle_whole_step_captures_enemy_castle_fortress_tower_wall() {
    for target in ["tfw", "fw", "t", "w"] {
        let pos = with_castles(Color::White, &[("d4", "TFW"), ("e5", target)]);
        assert!(moves_from(&pos, "d4").contains(&"d4xe5".to_string()));
        let next = after(&pos, "d4-e5");
        assert_eq!(
            (at(&next, "d4").as_str(), at(&next, "e5").as_str()),
            ("", "TFW")
        );
    }
}

#[test]
fn castle_step_onto_friendly_tower_wall_fortress_castle_is_illegal() {
    for target in ["TFW", "FW", "T", "W"] {
        let pos = with_castles(Color::White, &[("d4", "TFW"), ("e5", target)]);
        assert!(!is_legal(&pos, "d4-e5"), "onto {target}");
    }
}

#[test]
fn castle_step_onto_fort_or_citadel_of_either_colour_moves_only_its_wall() {
    for (target, result, sep) in [
        ("F", "FW", '-'),
        ("f", "FW", '*'),
        ("TF", "TFW", '-'),
        ("tf", "TFW", '*'),
    ] {
        let pos = with_castles(Color::White, &[("d4", "TFW"), ("c3", target)]);
        assert!(moves_from(&pos, "d4").contains(&format!("d4{sep}c3")));
        let next = after(&pos, "d4-c3");
        assert_eq!(at(&next, "d4"), "TF", "the Citadel stays ({target})");
        assert_eq!(at(&next, "c3"), result);
    }
}

#[test]
fn castle_dismount_slides_its_wall_two_squares_forward_and_the_citadel_stays() {
    let pos = with_castles(Color::White, &[("d4", "TFW")]);
    let next = after(&pos, "d4-d6");
    assert_eq!(at(&next, "d4"), "TF");
    assert_eq!(at(&next, "d6"), "W");
    // Black's forward is down.
    let pos = with_castles(Color::Black, &[("e5", "tfw")]);
    assert!(targets(&pos, "e5").contains(&"e3".to_string()));
    assert!(!targets(&pos, "e5").contains(&"e7".to_string()));
    let next = after(&pos, "e5-e3");
    assert_eq!(
        (at(&next, "e5").as_str(), at(&next, "e3").as_str()),
        ("tf", "w")
    );
}

#[test]
fn castle_dismount_needs_an_empty_middle_square() {
    for middle in ["F", "t", "W", "tf"] {
        let pos = with_castles(Color::White, &[("d4", "TFW"), ("d5", middle)]);
        assert!(!is_legal(&pos, "d4-d6"), "over {middle}");
    }
}

#[test]
fn castle_dismount_onto_fort_or_citadel_merges_or_turns_over() {
    for (target, result, sep) in [
        ("F", "FW", '-'),
        ("f", "FW", '*'),
        ("TF", "TFW", '-'),
        ("tf", "TFW", '*'),
    ] {
        let pos = with_castles(Color::White, &[("d4", "TFW"), ("d6", target)]);
        assert!(moves_from(&pos, "d4").contains(&format!("d4{sep}d6")));
        let next = after(&pos, "d4-d6");
        assert_eq!(
            (at(&next, "d4").as_str(), at(&next, "d6").as_str()),
            ("TF", result)
        );
    }
}

#[test]
fn castle_dismount_never_captures() {
    for target in ["t", "w", "fw", "tfw", "T", "W"] {
        let pos = with_castles(Color::White, &[("d4", "TFW"), ("d6", target)]);
        assert!(!is_legal(&pos, "d4-d6"), "onto {target}");
    }
}

#[test]
fn castle_dismount_from_any_square() {
    for from in ["b1", "c3", "f5"] {
        let pos = with_castles(Color::White, &[(from, "TFW")]);
        let to = format!("{}{}", &from[..1], from[1..].parse::<u8>().unwrap() + 2);
        assert!(is_legal(&pos, &format!("{from}-{to}")), "{from}-{to}");
    }
    // No dismount off the board.
    let pos = with_castles(Color::White, &[("d7", "TFW")]);
    assert!(!targets(&pos, "d7").contains(&"d9".to_string()));
}

#[test]
fn ruling_no_other_decomposing_moves() {
    // The W of a Castle has no single-step moves of its own: one step to an empty square
    // or a capture moves the whole Castle; its only other moves are the Wall step onto a
    // Fort/Citadel and the dismount.
    let pos = with_castles(Color::White, &[("d4", "TFW"), ("e5", "t"), ("c5", "w")]);
    for to in ["d5", "e5", "c5"] {
        let next = after(&pos, &format!("d4-{to}"));
        assert_eq!(at(&next, "d4"), "", "d4-{to} moves the whole Castle");
        assert_eq!(at(&next, to), "TFW");
    }
    assert_eq!(targets(&pos, "d4").len(), 9);
}

#[test]
fn ruling_castle_cannot_capture_fort_or_citadel() {
    for target in ["f", "tf"] {
        let pos = with_castles(Color::White, &[("d4", "TFW"), ("e5", target)]);
        assert_eq!(
            moves_from(&pos, "d4")
                .iter()
                .filter(|m| m.ends_with("e5"))
                .collect::<Vec<_>>(),
            ["d4*e5"],
            "only a turnover onto {target}"
        );
        let next = after(&pos, "d4-e5");
        assert_eq!(at(&next, "d4"), "TF", "the Castle's Citadel stays");
        assert!(at(&next, "e5").starts_with(|c: char| c.is_ascii_uppercase()));
    }
}

#[test]
fn castle_is_the_royal_piece() {
    // Taking the last enemy Castle wins at once.
    let pos = super::board(Color::White, &[("d4", "TFW"), ("e5", "tfw")]);
    let next = after(&pos, "d4-e5");
    assert_eq!(next.outcome().map(|o| o.winner()), Some(Some(Color::White)));
}
