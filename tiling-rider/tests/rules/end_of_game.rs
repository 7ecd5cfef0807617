//! End of the game: checkmate, stalemate, threefold repetition, 50 turns without capture.

use super::{position_with, setup_with};
use chimera_core::{Color, DrawReason, Game, Outcome, WinReason};
use chimera_tiling_rider::{Rules, TilingRider};

#[test]
fn checkmate_at_the_start_of_a_turn_loses() {
    // Checked by a black rook aggregate down the a-file units, boxed in by its own knight,
    // and only one move allowed: no sequence ends the turn safe.
    let pos = position_with(
        Rules::Standard,
        Color::White,
        1,
        "a1",
        "q15",
        &[
            ("a9", 'w'),
            ("b9", 'w'),
            ("a10", 'w'),
            ("b10", 'w'),
            ("d1", 'N'),
        ],
    );
    let game = Game::new(pos);
    assert!(game.legal_move_list().is_empty());
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Checkmate
        })
    );
}

#[test]
fn stalemate_no_legal_complete_turn_not_in_check_is_a_draw() {
    // The lone white king on a1: c1 is covered by the wazir on d3, a3 by the wazir on a5.
    let pos = position_with(
        Rules::Standard,
        Color::White,
        3,
        "a1",
        "q15",
        &[("d3", 'w'), ("a5", 'w')],
    );
    assert!(!pos.in_check(Color::White));
    let game = Game::new(pos);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Stalemate
        })
    );
}

#[test]
fn threefold_repetition_of_a_turn_start_position_is_a_draw() {
    let pos = position_with(
        Rules::Standard,
        Color::White,
        3,
        "a1",
        "q15",
        &[("e5", 'W'), ("e12", 'w')],
    );
    let mut game = Game::new(pos);
    for m in ["e5-e6", ";", "e12-e11", ";", "e6-e5", ";", "e11-e12", ";"] {
        game.play_text(m).unwrap();
    }
    // Turn starts so far: (e6 e12, Black, limit 2), (e6 e11, White), (e5 e11, Black),
    // (e5 e12, White), each once. One more cycle makes each twice.
    let cycle = ["e5-e6", ";", "e12-e11", ";", "e6-e5", ";", "e11-e12", ";"];
    for m in cycle {
        assert!(game.outcome().is_none());
        game.play_text(m).unwrap();
    }
    game.play_text("e5-e6").unwrap();
    // Mid-turn positions never count as repetitions.
    assert!(game.outcome().is_none());
    game.play_text(";").unwrap();
    // (e6 e12, Black to move, limit 2) for the third time.
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        })
    );
}

#[test]
fn fifty_turns_by_each_side_without_a_capture_is_a_draw() {
    // White's turn 60 of up to two moves, 100 turn ends after the last capture.
    let mut setup = setup_with(
        Rules::Standard,
        Color::White,
        2,
        "a1",
        "q15",
        &[("e5", 'W'), ("e12", 'w')],
    );
    let pos = setup
        .set_turn_number(60)
        .set_turn_clock(100)
        .build()
        .unwrap();
    let mut game = Game::new(pos);
    assert!(game.outcome().is_none());
    game.play_text("e5-e6").unwrap();
    assert!(game.outcome().is_none()); // the turn goes on
    game.play_text(";").unwrap(); // the 101st turn end since the last capture
    assert_eq!(game.position().turn_clock(), 101);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::MoveLimit
        })
    );
    assert!(game.legal_move_list().is_empty());
    // A capture resets the count.
    let mut setup = setup_with(
        Rules::Standard,
        Color::White,
        2,
        "a1",
        "q15",
        &[("e5", 'W'), ("e6", 'w'), ("e12", 'w')],
    );
    let capture = setup
        .set_turn_number(60)
        .set_turn_clock(100)
        .build()
        .unwrap();
    let mut game = Game::new(capture);
    game.play_text("e5xe6").unwrap();
    game.play_text(";").unwrap();
    assert_eq!(game.position().turn_clock(), 1);
    assert!(game.outcome().is_none());
    let _: Option<TilingRider> = None;
}
