//! "Pieces — Pawn" and "Forward": steps, the capture directions, the double step from any
//! start cell, en passant. Black's vectors negate rank and level.

use super::{after, at, is_legal, moves_from, targets, with_kings};
use chimera_core::Color;

fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

#[test]
fn forward_means_plus_rank_or_plus_level_for_white_minus_for_black() {
    let pos = with_kings(Color::White, &[("Cb3", 'P')]);
    assert_eq!(targets(&pos, "Cb3"), sorted(&["Cb4", "Db3"]));
    let pos = with_kings(Color::Black, &[("Fc6", 'p')]);
    assert_eq!(targets(&pos, "Fc6"), sorted(&["Fc5", "Ec6"]));
}

#[test]
fn pawn_moves_one_step_orthogonally_forward_without_capturing() {
    // Enemies straight ahead block the pawn; it cannot take them.
    let pos = with_kings(Color::White, &[("Cb3", 'P'), ("Cb4", 'n'), ("Db3", 'n')]);
    assert!(targets(&pos, "Cb3").is_empty());
    let pos = with_kings(Color::Black, &[("Fc6", 'p'), ("Fc5", 'N'), ("Ec6", 'N')]);
    assert!(targets(&pos, "Fc6").is_empty());
}

#[test]
fn ruling_pawn_captures_on_the_five_diagonals_with_no_backward_part() {
    // Enemies on all 26 neighbours of Cb3 (the forward steps left empty): the pawn
    // captures on (±1,+1,0), (±1,0,+1), (0,+1,+1) and the two backward triagonals only.
    let mut pieces = vec![("Cb3", 'P')];
    let names: Vec<String> = [
        "Ba2", "Bb2", "Bc2", "Ba3", "Bb3", "Bc3", "Ba4", "Bb4", "Bc4", "Ca2", "Cb2", "Cc2", "Ca3",
        "Cc3", "Ca4", "Cc4", "Da2", "Db2", "Dc2", "Da3", "Dc3", "Da4", "Db4", "Dc4",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for n in &names {
        pieces.push((n.as_str(), 'r'));
    }
    let pos = with_kings(Color::White, &pieces);
    assert_eq!(
        targets(&pos, "Cb3"),
        sorted(&[
            "Cb4", "Db3", // forward steps
            "Ca4", "Cc4", "Da3", "Dc3", "Db4", // five diagonals forward
            "Ba2", "Bc2", // two triagonals backward
        ])
    );
    assert_eq!(
        moves_from(&pos, "Cb3")
            .iter()
            .filter(|m| m.contains('x'))
            .count(),
        7
    );
}

#[test]
fn pawn_captures_one_step_triagonally_toward_its_own_edge() {
    let pos = with_kings(
        Color::White,
        &[("Cb3", 'P'), ("Ba2", 'b'), ("Bc2", 'n'), ("Da4", 'q')],
    );
    let m = moves_from(&pos, "Cb3");
    assert!(m.contains(&"Cb3xBa2".to_string()));
    assert!(m.contains(&"Cb3xBc2".to_string()));
    // The forward triagonal is not a pawn capture.
    assert!(!m.contains(&"Cb3xDa4".to_string()));
    // Black: (±1,+1,+1).
    let pos = with_kings(Color::Black, &[("Fc6", 'p'), ("Gb7", 'B'), ("Gd7", 'N')]);
    let m = moves_from(&pos, "Fc6");
    assert!(m.contains(&"Fc6xGb7".to_string()) && m.contains(&"Fc6xGd7".to_string()));
}

#[test]
fn pawn_double_step_along_either_forward_axis_middle_cell_empty() {
    let pos = with_kings(Color::White, &[("Bc2", 'P')]);
    assert_eq!(targets(&pos, "Bc2"), sorted(&["Bc3", "Bc4", "Cc2", "Dc2"]));
    let pos = with_kings(Color::White, &[("Bc2", 'P'), ("Bc3", 'n'), ("Cc2", 'N')]);
    assert!(targets(&pos, "Bc2").is_empty());
    // The target must be empty too: a double step never captures.
    let pos = with_kings(Color::White, &[("Bc2", 'P'), ("Bc4", 'n')]);
    assert!(!targets(&pos, "Bc2").contains(&"Bc4".to_string()));
    // Black from G?7: down in rank and level.
    let pos = with_kings(Color::Black, &[("Gc7", 'p')]);
    assert_eq!(targets(&pos, "Gc7"), sorted(&["Gc6", "Gc5", "Fc7", "Ec7"]));
}

#[test]
fn pawn_double_step_from_any_cell_where_one_of_the_players_pawns_starts() {
    // Every start cell of White's pawns allows it (A?2, B?1, B?2), no other cell does.
    for (from, double) in [
        ("Ad2", "Ad4"),
        ("Bd1", "Dd1"),
        ("Bd2", "Bd4"),
        ("Bd2", "Dd2"),
    ] {
        let pos = with_kings(Color::White, &[(from, 'P')]);
        assert!(
            targets(&pos, from).contains(&double.to_string()),
            "{from}-{double}"
        );
    }
    for from in ["Ad3", "Cd2", "Ad1"] {
        let pos = with_kings(Color::White, &[(from, 'P')]);
        assert_eq!(targets(&pos, from).len(), 2, "{from}");
    }
}

#[test]
fn pawn_double_step_even_if_this_pawn_has_moved_before() {
    // A pawn captures backward onto Ba2, a start cell, and may then double-step from it.
    let pos = with_kings(Color::White, &[("Cb3", 'P'), ("Ba2", 'n'), ("Hh8", 'p')]);
    let pos = after(&pos, "Cb3xBa2");
    let pos = after(&pos, "Hh8-Gh8");
    assert!(is_legal(&pos, "Ba2-Ba4"));
    assert!(is_legal(&pos, "Ba2-Da2"));
}

#[test]
fn en_passant_on_the_very_next_move_removes_the_pawn_that_double_stepped() {
    // White's Ac2-Ac4 skips Ac3; Black's pawns on Bb3 ((+1,0,−1)) and Ab4 ((+1,−1,0)) may
    // take there.
    let pos = with_kings(Color::White, &[("Ac2", 'P'), ("Bb3", 'p'), ("Ab4", 'p')]);
    let pos = after(&pos, "Ac2-Ac4");
    assert_eq!(
        pos.en_passant()
            .map(|(s, v)| (s.to_string(), v.to_string())),
        Some(("Ac3".into(), "Ac4".into()))
    );
    let m = moves_from(&pos, "Bb3");
    assert!(m.contains(&"Bb3xAc3".to_string()), "{m:?}");
    assert!(moves_from(&pos, "Ab4").contains(&"Ab4xAc3".to_string()));
    let taken = after(&pos, "Bb3xAc3");
    assert_eq!(at(&taken, "Ac4"), None);
    assert_eq!(at(&taken, "Ac3"), Some('p'));
    assert_eq!(at(&taken, "Bb3"), None);
}

#[test]
fn en_passant_by_a_backward_triagonal_capture() {
    // White's Ae2-Ce2 (a double step along the level) skips Be2; Black's pawn on Ad1 takes
    // there with its backward triagonal (+1,+1,+1).
    let pos = with_kings(Color::White, &[("Ae2", 'P'), ("Ad1", 'p')]);
    let pos = after(&pos, "Ae2-Ce2");
    assert!(is_legal(&pos, "Ad1xBe2"));
    let taken = after(&pos, "Ad1xBe2");
    assert_eq!(at(&taken, "Ce2"), None);
    assert_eq!(at(&taken, "Be2"), Some('p'));
}

#[test]
fn en_passant_only_on_the_very_next_move() {
    let pos = with_kings(
        Color::White,
        &[("Ac2", 'P'), ("Bb3", 'p'), ("Hh7", 'p'), ("Ba8", 'N')],
    );
    let pos = after(&pos, "Ac2-Ac4");
    let pos = after(&pos, "Hh7-Hh6");
    let pos = after(&pos, "Ba8-Bb6");
    assert_eq!(pos.en_passant(), None);
    assert!(!moves_from(&pos, "Bb3").contains(&"Bb3xAc3".to_string()));
}

#[test]
fn en_passant_only_by_a_pawn_that_could_capture_onto_the_skipped_cell() {
    // A black pawn beside the double-stepper on Ad4 cannot reach Ac3 with a capture.
    // Black pawns beside the skipped cell on Ab3 and above it on Bc3 cannot capture onto
    // Ac3 (Bc3 may step there, which takes nothing).
    let pos = with_kings(Color::White, &[("Ac2", 'P'), ("Ab3", 'p'), ("Bc3", 'p')]);
    let pos = after(&pos, "Ac2-Ac4");
    assert!(!moves_from(&pos, "Ab3").iter().any(|m| m.ends_with("Ac3")));
    assert_eq!(moves_from(&pos, "Bc3"), ["Bc3-Ac3", "Bc3-Bc2"]);
    let stepped = after(&pos, "Bc3-Ac3");
    assert_eq!(at(&stepped, "Ac4"), Some('P'));
}

#[test]
fn interpretation_a_double_step_needs_its_target_empty_too() {
    let pos = with_kings(Color::White, &[("Bc2", 'P'), ("Bc4", 'n'), ("Dc2", 'N')]);
    let t = targets(&pos, "Bc2");
    assert!(!t.contains(&"Bc4".to_string()) && !t.contains(&"Dc2".to_string()));
}

#[test]
fn interpretation_the_en_passant_cell_is_recorded_after_every_double_step() {
    // No black pawn anywhere near: the cell is still recorded (and part of the position).
    let pos = with_kings(Color::White, &[("Ac2", 'P')]);
    let next = after(&pos, "Ac2-Ac4");
    assert_eq!(
        next.en_passant().map(|(s, _)| s.to_string()),
        Some("Ac3".to_string())
    );
    use chimera_core::Position;
    assert!(next.to_text().contains(" Ac3 "));
}
