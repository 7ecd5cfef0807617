//! "No check; how the game ends": no check, the two wins, the three draws.

use super::{after, board, cell, is_legal, start_game, with_kings};
use chimera_core::{Color, DrawReason, Game, Outcome, Position, WinReason};
use chimera_triagonal::{Setup, Triagonal};

fn win(winner: Color, reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

#[test]
fn no_check_a_move_may_leave_the_king_attacked() {
    // The white king on Aa8 is attacked by a black rook; White may move anything else.
    let pos = with_kings(Color::White, &[("Aa1", 'r'), ("Cc3", 'P')]);
    assert!(is_legal(&pos, "Cc3-Cc4"));
    // And may step into an attack.
    assert!(is_legal(&pos, "Aa8-Aa7"));
}

#[test]
fn no_check_kings_may_stand_side_by_side() {
    let pos = board(Color::White, &[("Cc3", 'K'), ("Cc5", 'k')]);
    assert!(is_legal(&pos, "Cc3-Cc4"));
    let next = after(&pos, "Cc3-Cc4");
    assert_eq!(next.outcome(), None);
}

#[test]
fn a_player_wins_by_capturing_the_opponents_king() {
    let pos = board(Color::White, &[("Aa8", 'K'), ("Cc3", 'R'), ("Cc6", 'k')]);
    let next = after(&pos, "Cc3xCc6");
    assert_eq!(
        next.outcome(),
        win(Color::White, chimera_triagonal::KING_CAPTURED)
    );
    let mut moves = Vec::new();
    next.legal_moves(&mut moves);
    assert!(moves.is_empty());
    // Black too.
    let pos = board(Color::Black, &[("Aa8", 'K'), ("Ab8", 'n'), ("Hh1", 'k')]);
    let pos = after(&pos, "Ab8^Aa8");
    assert_eq!(
        pos.outcome(),
        win(Color::Black, chimera_triagonal::KING_CAPTURED)
    );
}

#[test]
fn a_player_wins_by_moving_their_king_onto_the_cell_where_the_opponents_king_started() {
    let pos = board(Color::White, &[("Hd8", 'K'), ("Aa1", 'k')]);
    let next = after(&pos, "Hd8-He8");
    assert_eq!(
        next.outcome(),
        win(Color::White, chimera_triagonal::KING_REACHED_START)
    );
    let pos = board(Color::Black, &[("Hd8", 'K'), ("Be2", 'k')]);
    let next = after(&pos, "Be2-Ae1");
    assert_eq!(
        next.outcome(),
        win(Color::Black, chimera_triagonal::KING_REACHED_START)
    );
    // Another piece on that cell wins nothing.
    let pos = board(Color::White, &[("Hd7", 'R'), ("Hd8", 'K'), ("Aa1", 'k')]);
    let next = after(&pos, "Hd7-He7");
    let next = after(&next, "Aa1-Aa2");
    let next = after(&next, "He7-He8");
    assert_eq!(next.outcome(), None);
}

/// White's king on Hh8 walled in by its own immobile pawns; Black's king far away.
fn no_legal_turn(hand: u16) -> Triagonal {
    let mut pos = board(
        Color::White,
        &[
            ("Hh8", 'K'),
            ("Hg8", 'P'),
            ("Hh7", 'P'),
            ("Hg7", 'P'),
            ("Gh8", 'P'),
            ("Gg8", 'P'),
            ("Gh7", 'P'),
            ("Gg7", 'P'),
            ("Aa1", 'k'),
        ],
    );
    pos = Setup::from_position(&pos)
        .set_jacks_in_hand(Color::White, hand)
        .build()
        .unwrap();
    pos
}

#[test]
fn ruling_a_side_to_move_with_no_legal_turn_draws() {
    for hand in [0, 80] {
        let pos = no_legal_turn(hand);
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        assert!(moves.is_empty(), "{moves:?}");
        assert_eq!(
            pos.outcome(),
            Some(Outcome::Draw {
                reason: DrawReason::Stalemate
            })
        );
        let game = Game::new(pos);
        assert_eq!(
            game.outcome(),
            Some(Outcome::Draw {
                reason: DrawReason::Stalemate
            })
        );
    }
}

#[test]
fn ruling_third_occurrence_of_the_same_position_draws() {
    let mut game = start_game();
    for _ in 0..2 {
        assert_eq!(game.outcome(), None);
        for mv in ["Ab1-Aa3", "Hb8-Ha6", "Aa3-Ab1", "Ha6-Hb8"] {
            game.play_text(mv).unwrap();
        }
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        })
    );
    assert!(game.legal_move_list().is_empty());
}

#[test]
fn ruling_repetition_compares_pieces_side_to_move_jacks_in_hand_and_en_passant() {
    // The Jacks in hand differ: no repetition even though the board is the same.
    let mut pos = board(
        Color::White,
        &[("Aa8", 'K'), ("Hh1", 'k'), ("Cc3", 'N'), ("Fc3", 'n')],
    );
    pos = Setup::from_position(&pos)
        .set_jacks_in_hand(Color::White, 2)
        .build()
        .unwrap();
    let other = Setup::from_position(&pos)
        .set_jacks_in_hand(Color::White, 4)
        .build()
        .unwrap();
    assert!(!pos.same_for_repetition(&other));
    assert_ne!(pos.zobrist(), other.zobrist());
    // The clocks do not count.
    let later = Setup::from_position(&pos)
        .set_halfmove_clock(7)
        .set_fullmove_number(12)
        .build()
        .unwrap();
    assert!(pos.same_for_repetition(&later));
    // The en-passant cell counts.
    let a = Triagonal::from_text(
        &super::notation::START_TEXT
            .replace(" w 80 80 - 0 1", " b 80 80 Ae3 0 1")
            .replace(
                "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR|",
                "8/8/8/8/4P3/8/PPPP1PPP/RNBQKBNR|",
            ),
        chimera_triagonal::Rules::Standard,
    )
    .unwrap();
    let b = Setup::from_position(&a)
        .set_en_passant(None)
        .build()
        .unwrap();
    assert!(!a.same_for_repetition(&b));
    assert_ne!(a.zobrist(), b.zobrist());
}

#[test]
fn ruling_fifty_moves_by_each_side_without_capture_pawn_move_or_placement_draws() {
    let mut pos = with_kings(Color::White, &[("Cc3", 'N'), ("Cc5", 'P'), ("Fc6", 'n')]);
    pos = Setup::from_position(&pos)
        .set_halfmove_clock(99)
        .build()
        .unwrap();
    assert_eq!(pos.outcome(), None);
    let drawn = after(&pos, "Cc3-Cb1");
    assert_eq!(drawn.halfmove_clock(), 100);
    assert_eq!(
        drawn.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::MoveLimit
        })
    );
    let mut moves = Vec::new();
    drawn.legal_moves(&mut moves);
    assert!(moves.is_empty());
    // A pawn move and a capture reset the clock (a placement too: see dropping_jacks).
    assert_eq!(after(&pos, "Cc5-Cc6").halfmove_clock(), 0);
    let mut pos = with_kings(Color::White, &[("Cc3", 'N'), ("Ce4", 'n')]);
    pos = Setup::from_position(&pos)
        .set_halfmove_clock(99)
        .build()
        .unwrap();
    assert_eq!(after(&pos, "Cc3xCe4").halfmove_clock(), 0);
    let _ = cell("Cc3");
}

#[test]
fn a_win_comes_before_the_fifty_move_draw() {
    let mut pos = board(Color::White, &[("Aa8", 'K'), ("Cc3", 'R'), ("Cc6", 'k')]);
    pos = Setup::from_position(&pos)
        .set_halfmove_clock(99)
        .build()
        .unwrap();
    let next = after(&pos, "Cc3xCc6");
    assert_eq!(
        next.outcome(),
        win(Color::White, chimera_triagonal::KING_CAPTURED)
    );
    let mut pos = board(Color::White, &[("Hd8", 'K'), ("Aa1", 'k')]);
    pos = Setup::from_position(&pos)
        .set_halfmove_clock(99)
        .build()
        .unwrap();
    assert_eq!(
        after(&pos, "Hd8-He8").outcome(),
        win(Color::White, chimera_triagonal::KING_REACHED_START)
    );
}

#[test]
fn a_jacks_pawn_step_is_not_a_pawn_move_for_the_fifty_move_clock() {
    let mut pos = with_kings(Color::White, &[("Cc3", 'J')]);
    pos = Setup::from_position(&pos)
        .set_halfmove_clock(10)
        .build()
        .unwrap();
    assert_eq!(after(&pos, "Cc3-Cc4").halfmove_clock(), 11);
}
