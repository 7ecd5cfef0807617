//! "Dropping Jacks": two Jacks from hand, each next to two of the player's pieces that were
//! already on the board, next to each other; then a normal move that neither moves a Jack
//! nor captures.

use super::{after, at, is_legal, move_texts, with_kings};
use chimera_core::{Color, Position};
use chimera_triagonal::{Rules, Setup, Triagonal};

/// White pawns on Cc3 and Cd3, a white knight far away on Ga1, Jacks in hand.
fn two_pawns(hand: u16) -> Triagonal {
    let mut pos = with_kings(Color::White, &[("Cc3", 'P'), ("Cd3", 'P'), ("Ga1", 'N')]);
    pos = Setup::from_position(&pos)
        .set_jacks_in_hand(Color::White, hand)
        .build()
        .unwrap();
    pos
}

#[test]
fn placement_puts_two_jacks_from_hand_before_the_normal_move() {
    let pos = two_pawns(80);
    let next = after(&pos, "J@Bc2,J@Bd2,Cc3-Cc4");
    assert_eq!(at(&next, "Bc2"), Some('J'));
    assert_eq!(at(&next, "Bd2"), Some('J'));
    assert_eq!(at(&next, "Cc4"), Some('P'));
    assert_eq!(next.jacks_in_hand(Color::White), 78);
    assert_eq!(next.jacks_in_hand(Color::Black), 0);
    assert_eq!(next.turn(), Color::Black);
}

#[test]
fn a_placement_is_optional() {
    let pos = two_pawns(80);
    assert!(is_legal(&pos, "Cc3-Cc4"));
}

#[test]
fn placement_on_empty_cells_only() {
    let mut pos = two_pawns(80);
    pos.put(
        super::cell("Bc2"),
        Some((chimera_triagonal::Role::Rook, Color::Black)),
    )
    .unwrap();
    assert!(!is_legal(&pos, "J@Bc2,J@Bd2,Cc3-Cc4"));
    assert!(!is_legal(&pos, "J@Cc3,J@Bd2,Ga1-Gb3"));
}

#[test]
fn each_jack_adjacent_to_at_least_two_of_the_players_own_pieces() {
    let pos = two_pawns(80);
    // Bb2 touches Cc3 only.
    assert!(!is_legal(&pos, "J@Bb2,J@Bc2,Ga1-Gb3"));
    assert!(is_legal(&pos, "J@Bc2,J@Bd2,Ga1-Gb3"));
    // Enemy pieces do not count.
    let mut pos = with_kings(Color::White, &[("Cc3", 'P'), ("Cd3", 'p'), ("Ga1", 'N')]);
    pos = Setup::from_position(&pos)
        .set_jacks_in_hand(Color::White, 80)
        .build()
        .unwrap();
    assert!(!is_legal(&pos, "J@Bc2,J@Bd2,Ga1-Gb3"));
    assert!(move_texts(&pos).iter().all(|m| !m.starts_with("J@")));
}

#[test]
fn ruling_adjacent_in_any_of_the_26_directions() {
    // Bd2 touches Cc3 triagonally, Cd3 diagonally; Bc2 touches Cc3 diagonally, Cd3
    // triagonally.
    let pos = two_pawns(80);
    assert!(is_legal(&pos, "J@Bc2,J@Bd2,Ga1-Gb3"));
    // Orthogonal and diagonal neighbours count as well: Cc4 and Cd4 touch both pawns.
    assert!(is_legal(&pos, "J@Cc4,J@Cd4,Ga1-Gb3"));
}

#[test]
fn adjacency_counts_only_pieces_on_the_board_before_the_placement() {
    // Pawns on Cc3 and Ce3: Cd3 touches both; Cc4 touches Cc3 and (after placing) Cd3 only.
    let mut pos = with_kings(Color::White, &[("Cc3", 'P'), ("Ce3", 'P'), ("Ga1", 'N')]);
    pos = Setup::from_position(&pos)
        .set_jacks_in_hand(Color::White, 80)
        .build()
        .unwrap();
    assert!(is_legal(&pos, "J@Cd3,J@Cd2,Ga1-Gb3"));
    assert!(!is_legal(&pos, "J@Cd3,J@Cc4,Ga1-Gb3"));
}

#[test]
fn the_two_jacks_adjacent_to_each_other() {
    let pos = two_pawns(80);
    // Both touch both pawns, but they are two levels apart.
    assert!(!is_legal(&pos, "J@Bc2,J@Dc2,Ga1-Gb3"));
    assert!(is_legal(&pos, "J@Bc2,J@Cc2,Ga1-Gb3"));
}

#[test]
fn placement_needs_two_jacks_in_hand() {
    let pos = two_pawns(1);
    assert!(move_texts(&pos).iter().all(|m| !m.starts_with("J@")));
    let pos = two_pawns(2);
    let next = after(&pos, "J@Bc2,J@Bd2,Cc3-Cc4");
    assert_eq!(next.jacks_in_hand(Color::White), 0);
    assert!(move_texts(&two_pawns(0))
        .iter()
        .all(|m| !m.starts_with("J@")));
}

#[test]
fn after_a_placement_the_normal_move_may_not_move_a_jack() {
    let mut pos = two_pawns(80);
    pos.put(
        super::cell("Fa1"),
        Some((chimera_triagonal::Role::Jack, Color::White)),
    )
    .unwrap();
    assert!(is_legal(&pos, "Fa1-Fa2"));
    assert!(!is_legal(&pos, "J@Bc2,J@Bd2,Fa1-Fa2"));
    // Nor one of the Jacks just placed.
    assert!(!is_legal(&pos, "J@Bc2,J@Bd2,Bc2-Bc3"));
}

#[test]
fn after_a_placement_no_capture_of_any_kind() {
    // An ordinary capture, a knight's capture without moving, en passant.
    let mut ep = with_kings(
        Color::Black,
        &[
            ("Cc3", 'P'),
            ("Cd3", 'P'),
            ("Ga1", 'N'),
            ("Ga2", 'r'),
            ("Gb3", 'r'),
            ("Hd7", 'p'),
            ("He5", 'P'),
        ],
    );
    ep = Setup::from_position(&ep)
        .set_jacks_in_hand(Color::White, 80)
        .build()
        .unwrap();
    let ep = after(&ep, "Hd7-Hd5");
    assert!(is_legal(&ep, "He5xHd6"));
    assert!(is_legal(&ep, "Ga1^Ga2"));
    assert!(is_legal(&ep, "Ga1xGb3"));
    for capture in ["He5xHd6", "Ga1^Ga2", "Ga1xGb3"] {
        assert!(
            !is_legal(&ep, &format!("J@Bc2,J@Bd2,{capture}")),
            "{capture}"
        );
    }
    assert!(move_texts(&ep)
        .iter()
        .filter(|m| m.starts_with("J@"))
        .all(|m| !m.contains('x') && !m.contains('^')));
}

#[test]
fn a_placement_is_part_of_a_turn_that_still_needs_its_normal_move() {
    let pos = two_pawns(80);
    assert!(pos.parse_move("J@Bc2,J@Bd2").is_err());
    // The placed Jacks block the move's path: Cc4 is where the pawn would go.
    assert!(!is_legal(&pos, "J@Cc4,J@Cd4,Cc3-Cc4"));
    assert!(is_legal(&pos, "J@Cc4,J@Cd4,Ga1-Gb3"));
    // With only Jack moves and captures left, no placement at all.
    let mut pos = with_kings(Color::White, &[("Cc3", 'J'), ("Cd3", 'J')]);
    pos.put(super::cell("Aa8"), None).unwrap();
    pos.put(
        super::cell("Ca1"),
        Some((chimera_triagonal::Role::King, Color::White)),
    )
    .unwrap();
    pos.put(
        super::cell("Ca2"),
        Some((chimera_triagonal::Role::Pawn, Color::Black)),
    )
    .unwrap();
    pos.put(
        super::cell("Cb1"),
        Some((chimera_triagonal::Role::Pawn, Color::Black)),
    )
    .unwrap();
    pos.put(
        super::cell("Cb2"),
        Some((chimera_triagonal::Role::Pawn, Color::Black)),
    )
    .unwrap();
    pos.put(
        super::cell("Ba1"),
        Some((chimera_triagonal::Role::Pawn, Color::Black)),
    )
    .unwrap();
    pos.put(
        super::cell("Ba2"),
        Some((chimera_triagonal::Role::Pawn, Color::Black)),
    )
    .unwrap();
    pos.put(
        super::cell("Bb1"),
        Some((chimera_triagonal::Role::Pawn, Color::Black)),
    )
    .unwrap();
    pos.put(
        super::cell("Bb2"),
        Some((chimera_triagonal::Role::Pawn, Color::Black)),
    )
    .unwrap();
    pos.put(
        super::cell("Da1"),
        Some((chimera_triagonal::Role::Pawn, Color::Black)),
    )
    .unwrap();
    pos.put(
        super::cell("Da2"),
        Some((chimera_triagonal::Role::Pawn, Color::Black)),
    )
    .unwrap();
    pos.put(
        super::cell("Db1"),
        Some((chimera_triagonal::Role::Pawn, Color::Black)),
    )
    .unwrap();
    pos.put(
        super::cell("Db2"),
        Some((chimera_triagonal::Role::Pawn, Color::Black)),
    )
    .unwrap();
    pos = Setup::from_position(&pos)
        .set_jacks_in_hand(Color::White, 80)
        .build()
        .unwrap();
    let moves = move_texts(&pos);
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| !m.starts_with("J@")), "{moves:?}");
}

#[test]
fn the_placement_pair_is_unordered_one_move() {
    let pos = Triagonal::start(Rules::Standard);
    let a = pos.parse_move("J@Cc3,J@Cd3,Ab1-Ac3").unwrap();
    let b = pos.parse_move("J@Cd3,J@Cc3,Ab1-Ac3").unwrap();
    assert_eq!(a, b);
    let texts = move_texts(&pos);
    assert_eq!(
        texts
            .iter()
            .filter(|m| m.as_str() == "J@Cc3,J@Cd3,Ab1-Ac3")
            .count(),
        1
    );
    assert!(!texts.iter().any(|m| m.as_str() == "J@Cd3,J@Cc3,Ab1-Ac3"));
    // Every turn of the start: the 84 normal moves and 11 576 placement turns.
    assert_eq!(texts.len(), 11_660);
    assert_eq!(texts.iter().filter(|m| m.starts_with("J@")).count(), 11_576);
}

#[test]
fn a_placement_resets_the_fifty_move_clock() {
    let mut pos = two_pawns(80);
    pos = Setup::from_position(&pos)
        .set_halfmove_clock(40)
        .build()
        .unwrap();
    assert_eq!(after(&pos, "Ga1-Gb3").halfmove_clock(), 41);
    assert_eq!(after(&pos, "J@Bc2,J@Bd2,Ga1-Gb3").halfmove_clock(), 0);
}

#[test]
fn interpretation_castling_and_promotion_by_a_step_are_allowed_after_a_placement() {
    let mut pos = super::board(
        Color::White,
        &[
            ("Ae1", 'K'),
            ("Ah1", 'R'),
            ("Be2", 'P'),
            ("Bf2", 'P'),
            ("Hb7", 'P'),
            ("Hh1", 'k'),
        ],
    );
    pos = Setup::from_position(&pos)
        .set_jacks_in_hand(Color::White, 80)
        .build()
        .unwrap();
    // Ae2 and Af2 touch the king, the rook's neighbourhood and the pawns.
    assert!(is_legal(&pos, "J@Ae2,J@Af2,Ae1-Ag1"));
    assert!(is_legal(&pos, "J@Ae2,J@Af2,Hb7-Hb8=Q"));
    // A Jack placed between king and rook forbids castling.
    assert!(!is_legal(&pos, "J@Af1,J@Af2,Ae1-Ag1"));
}

#[test]
fn the_players_own_jacks_and_king_count_as_pieces_for_adjacency() {
    // A king and a Jack of White's: Cb2 and Cc2 touch both.
    let mut pos = super::board(
        Color::White,
        &[("Bb1", 'K'), ("Bc1", 'J'), ("Hh8", 'k'), ("Ga1", 'N')],
    );
    pos = Setup::from_position(&pos)
        .set_jacks_in_hand(Color::White, 80)
        .build()
        .unwrap();
    assert!(is_legal(&pos, "J@Cb2,J@Cc2,Ga1-Gb3"));
}
