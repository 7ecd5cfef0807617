//! "Pieces": bishop, rook, queen and Jack.

use super::{after, at, is_legal, moves_from, targets, with_kings};
use chimera_core::{Color, Position};
use chimera_triagonal::Setup;

fn kind(from: &str, to: &str) -> usize {
    let (a, b) = (super::cell(from), super::cell(to));
    [
        a.file() != b.file(),
        a.rank() != b.rank(),
        a.level() != b.level(),
    ]
    .iter()
    .filter(|&&x| x)
    .count()
}

#[test]
fn bishop_slides_diagonally_or_triagonally() {
    let pos = with_kings(Color::White, &[("Cc3", 'B')]);
    let t = targets(&pos, "Cc3");
    assert!(t.iter().all(|x| kind("Cc3", x) >= 2));
    for c in ["Ca1", "Ch8", "Aa3", "Ae3", "Cc3", "Aa1", "Ge7"] {
        assert_eq!(t.contains(&c.to_string()), c != "Cc3" && c != "Ge7", "{c}");
    }
    // Equal amounts only: Cd5 is not on a line.
    assert!(!t.contains(&"Cd5".to_string()));
}

#[test]
fn rook_slides_orthogonally_or_triagonally() {
    let pos = with_kings(Color::White, &[("Cc3", 'R')]);
    let t = targets(&pos, "Cc3");
    assert!(t.iter().all(|x| kind("Cc3", x) != 2));
    for c in ["Cc8", "Ca3", "Hc3", "Ac3", "Aa1", "Ae1", "Aa5"] {
        assert!(t.contains(&c.to_string()), "{c}");
    }
    assert!(!t.contains(&"Cd4".to_string()));
}

#[test]
fn queen_slides_orthogonally_or_diagonally() {
    let pos = with_kings(Color::White, &[("Cc3", 'Q')]);
    let t = targets(&pos, "Cc3");
    for c in ["Cc8", "Hc3", "Ch8", "Aa3", "Ae3"] {
        assert!(t.contains(&c.to_string()), "{c}");
    }
    // Triagonally only one step.
    assert!(t.contains(&"Bb2".to_string()));
    assert!(!t.contains(&"Aa1".to_string()));
}

#[test]
fn queen_steps_one_cell_triagonally_without_capturing() {
    let pos = with_kings(Color::White, &[("Cc3", 'Q'), ("Bb2", 'r'), ("Bd2", 'R')]);
    let m = moves_from(&pos, "Cc3");
    assert!(!m.iter().any(|x| x.ends_with("Bb2") || x.ends_with("Bd2")));
    assert!(m.contains(&"Cc3-Db2".to_string()));
}

#[test]
fn sliders_stop_at_the_first_piece_capturing_an_enemy_one() {
    let pos = with_kings(Color::White, &[("Ac1", 'R'), ("Ac4", 'p'), ("Ae1", 'P')]);
    let t = targets(&pos, "Ac1");
    assert!(t.contains(&"Ac4".to_string()) && !t.contains(&"Ac5".to_string()));
    assert!(t.contains(&"Ad1".to_string()) && !t.contains(&"Ae1".to_string()));
    assert!(is_legal(&pos, "Ac1xAc4"));
}

#[test]
fn jack_steps_one_cell_triagonally_moving_or_capturing() {
    let pos = with_kings(Color::White, &[("Cc3", 'J'), ("Bb2", 'r')]);
    let m = moves_from(&pos, "Cc3");
    assert!(m.contains(&"Cc3xBb2".to_string()));
    // 7 triagonals (Dd4 is the hole) and the two forward steps.
    assert_eq!(m.len(), 9, "{m:?}");
}

#[test]
fn jack_makes_a_non_capturing_pawn_step() {
    let pos = with_kings(Color::White, &[("Cc3", 'J')]);
    let t = targets(&pos, "Cc3");
    assert!(t.contains(&"Cc4".to_string()) && t.contains(&"Dc3".to_string()));
    let pos = with_kings(
        Color::White,
        &[("Cc3", 'J'), ("Cc4", 'p'), ("Dc3", 'p'), ("Cb4", 'p')],
    );
    let t = targets(&pos, "Cc3");
    for c in ["Cc4", "Dc3", "Cb4"] {
        assert!(!t.contains(&c.to_string()), "{c}");
    }
    // Black's Jack steps down in rank and level.
    let pos = with_kings(Color::Black, &[("Fc6", 'j')]);
    let t = targets(&pos, "Fc6");
    assert!(t.contains(&"Fc5".to_string()) && t.contains(&"Ec6".to_string()));
    assert!(!t.contains(&"Fc7".to_string()) && !t.contains(&"Gc6".to_string()));
}

#[test]
fn jack_no_double_step_no_en_passant_no_promotion() {
    // On a pawn start cell: no double step.
    let pos = with_kings(Color::White, &[("Bc2", 'J')]);
    let t = targets(&pos, "Bc2");
    assert!(!t.contains(&"Bc4".to_string()) && !t.contains(&"Dc2".to_string()));
    // Into the zone: stays a Jack.
    let pos = with_kings(Color::White, &[("Hb7", 'J')]);
    assert_eq!(
        moves_from(&pos, "Hb7")
            .iter()
            .filter(|m| m.ends_with("Hb8"))
            .count(),
        1
    );
    assert_eq!(at(&after(&pos, "Hb7-Hb8"), "Hb8"), Some('J'));
    // No en passant: a black Jack where a pawn could take.
    let pos = with_kings(Color::White, &[("Ac2", 'P'), ("Bb3", 'j')]);
    let pos = after(&pos, "Ac2-Ac4");
    assert!(!moves_from(&pos, "Bb3").iter().any(|m| m.ends_with("Ac3")));
    let _ = pos.turn();
}

#[test]
fn interpretation_captured_jacks_do_not_return_to_any_hand() {
    let mut pos = with_kings(Color::White, &[("Cc3", 'R'), ("Cc6", 'j')]);
    pos = Setup::from_position(&pos)
        .set_jacks_in_hand(Color::Black, 4)
        .build()
        .unwrap();
    let next = after(&pos, "Cc3xCc6");
    assert_eq!(next.jacks_in_hand(Color::Black), 4);
    assert_eq!(next.jacks_in_hand(Color::White), 0);
    assert_eq!(next.count(Color::Black, chimera_triagonal::Role::Jack), 0);
}
