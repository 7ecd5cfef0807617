//! "Pieces — Promotion": the zone, the four kinds, the three-of-a-kind limit and the
//! king-capture exception.

use super::{after, at, is_legal, moves_from, with_kings};
use chimera_core::{Color, Outcome, Position};

#[test]
fn pawn_promotes_on_reaching_the_cells_where_the_opponents_non_pawns_start() {
    let pos = with_kings(Color::White, &[("Hb7", 'P'), ("Gc8", 'P'), ("Gd7", 'P')]);
    assert_eq!(
        moves_from(&pos, "Hb7"),
        ["Hb7-Hb8=B", "Hb7-Hb8=N", "Hb7-Hb8=Q", "Hb7-Hb8=R"]
    );
    assert_eq!(moves_from(&pos, "Gc8").len(), 4); // Gc8-Hc8=…
                                                  // Hd7 and Gd8 are not in the zone (only Ha8–Hh8 are).
    assert_eq!(moves_from(&pos, "Gd7"), ["Gd7-Gd8", "Gd7-Hd7"]);
    let pos = after(&pos, "Hb7-Hb8=N");
    assert_eq!(at(&pos, "Hb8"), Some('N'));
    // Black promotes on Aa1–Ah1.
    let pos = with_kings(Color::Black, &[("Ab2", 'p')]);
    assert_eq!(
        moves_from(&pos, "Ab2"),
        ["Ab2-Ab1=B", "Ab2-Ab1=N", "Ab2-Ab1=Q", "Ab2-Ab1=R"]
    );
    assert_eq!(at(&after(&pos, "Ab2-Ab1=Q"), "Ab1"), Some('q'));
}

#[test]
fn promotion_to_a_rook_knight_bishop_or_queen_only() {
    let pos = with_kings(Color::White, &[("Hb7", 'P')]);
    for p in ["K", "J", "P"] {
        let mv = pos.parse_move(&format!("Hb7-Hb8={p}"));
        assert!(
            mv.is_err() || !is_legal(&pos, &format!("Hb7-Hb8={p}")),
            "{p}"
        );
    }
    // Without a promotion piece the move into the zone is not legal.
    assert!(!is_legal(&pos, "Hb7-Hb8"));
}

#[test]
fn a_player_may_never_have_more_than_three_of_one_kind() {
    // Three queens and three rooks: only bishop and knight can be chosen.
    let pos = with_kings(
        Color::White,
        &[
            ("Hb7", 'P'),
            ("Ac1", 'Q'),
            ("Ac2", 'Q'),
            ("Ac3", 'Q'),
            ("Ad1", 'R'),
            ("Ad2", 'R'),
            ("Ad3", 'R'),
            ("Ae1", 'B'),
            ("Ae2", 'B'),
        ],
    );
    assert_eq!(moves_from(&pos, "Hb7"), ["Hb7-Hb8=B", "Hb7-Hb8=N"]);
    // A third bishop is fine; then bishops are full too.
    let pos = after(&pos, "Hb7-Hb8=B");
    assert_eq!(pos.count(Color::White, chimera_triagonal::Role::Bishop), 3);
}

#[test]
fn if_no_kind_can_be_chosen_the_pawn_may_not_enter_the_zone() {
    let mut pieces = vec![("Hb7", 'P'), ("Ga7", 'P'), ("Hc8", 'r')];
    let full = [
        ("Ac1", 'Q'),
        ("Ac2", 'Q'),
        ("Ac3", 'Q'),
        ("Ad1", 'R'),
        ("Ad2", 'R'),
        ("Ad3", 'R'),
        ("Ae1", 'B'),
        ("Ae2", 'B'),
        ("Ae3", 'B'),
        ("Af1", 'N'),
        ("Af2", 'N'),
        ("Af3", 'N'),
    ];
    pieces.extend_from_slice(&full);
    let pos = with_kings(Color::White, &pieces);
    // Neither the step to Hb8 nor the capture on Hc8; the pawn on Ga7 still moves outside.
    assert!(moves_from(&pos, "Hb7").is_empty());
    assert_eq!(moves_from(&pos, "Ga7"), ["Ga7-Ga8", "Ga7-Ha7"]);
}

#[test]
fn unless_the_move_captures_the_opponents_king() {
    let full = [
        ("Ac1", 'Q'),
        ("Ac2", 'Q'),
        ("Ac3", 'Q'),
        ("Ad1", 'R'),
        ("Ad2", 'R'),
        ("Ad3", 'R'),
        ("Ae1", 'B'),
        ("Ae2", 'B'),
        ("Ae3", 'B'),
        ("Af1", 'N'),
        ("Af2", 'N'),
        ("Af3", 'N'),
    ];
    let mut pieces = vec![("Aa8", 'K'), ("Hb7", 'P'), ("Hc8", 'k')];
    pieces.extend_from_slice(&full);
    let pos = super::board(Color::White, &pieces);
    assert_eq!(moves_from(&pos, "Hb7"), ["Hb7xHc8"]);
    let done = after(&pos, "Hb7xHc8");
    assert_eq!(
        done.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: chimera_triagonal::KING_CAPTURED
        })
    );
    // The pawn stays a pawn: nothing could be chosen, and the game is over.
    assert_eq!(at(&done, "Hc8"), Some('P'));
    // With a kind free, the king capture promotes as usual.
    let pos = super::board(Color::White, &[("Aa8", 'K'), ("Hb7", 'P'), ("Hc8", 'k')]);
    assert_eq!(
        moves_from(&pos, "Hb7")
            .iter()
            .filter(|m| m.ends_with("Hc8=Q") || m.contains("xHc8="))
            .count(),
        4
    );
    assert!(!moves_from(&pos, "Hb7").contains(&"Hb7xHc8".to_string()));
}

#[test]
fn interpretation_promotion_is_compulsory() {
    let pos = with_kings(Color::White, &[("Hb7", 'P'), ("Hc8", 'r')]);
    assert!(!is_legal(&pos, "Hb7-Hb8"));
    assert!(!is_legal(&pos, "Hb7xHc8"));
    assert!(is_legal(&pos, "Hb7xHc8=R"));
}
