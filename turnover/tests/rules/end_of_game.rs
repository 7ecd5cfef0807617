//! §7 End of the game, in the rules' order: opponent without Castle (mover wins), mover
//! without Castle (mover loses), Siege (no legal move loses), then the draws: threefold
//! repetition and the 50-move rule.

use super::{after, board, with_castles};
use chimera_core::{Color, DrawReason, Game, History, Outcome, Position, WinReason};
use chimera_turnover::Turnover;

fn win(winner: Color, reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

#[test]
fn end_opponent_without_castle_mover_wins() {
    let pos = board(
        Color::White,
        &[("a1", "TFW"), ("d4", "T"), ("d7", "tfw"), ("h8", "t")],
    );
    let next = after(&pos, "d4-d7");
    assert_eq!(
        next.outcome(),
        win(Color::White, chimera_turnover::NO_ROYAL_PIECE)
    );
    let mut moves = Vec::new();
    next.legal_moves(&mut moves);
    assert!(moves.is_empty(), "a finished game has no legal moves");
}

#[test]
fn end_move_leaving_both_sides_without_castle_mover_wins() {
    // White's last Castle captures Black's last Castle on White's last rank and becomes a
    // Citadel: neither side has a Castle; the mover wins (rule 1 comes first).
    let pos = board(Color::White, &[("d7", "TFW"), ("e8", "tfw"), ("a1", "t")]);
    let next = after(&pos, "d7-e8");
    assert_eq!(next.castles(Color::White) | next.castles(Color::Black), 0);
    assert_eq!(
        next.outcome(),
        win(Color::White, chimera_turnover::NO_ROYAL_PIECE)
    );
}

#[test]
fn end_mover_without_castle_loses() {
    let pos = board(Color::White, &[("d4", "TFW"), ("h8", "tfw")]);
    let next = after(&pos, "d4-d6");
    assert_eq!(
        next.outcome(),
        win(Color::Black, chimera_turnover::NO_ROYAL_PIECE)
    );
}

#[test]
fn end_siege_side_to_move_without_legal_move_loses() {
    let pos = siege_position();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert!(moves.is_empty());
    assert!(!pos.has_legal_move());
    assert_eq!(pos.terminal(), None);
    assert_eq!(
        Some(pos.no_move_outcome()),
        win(Color::White, chimera_turnover::SIEGE)
    );
    assert_eq!(pos.outcome(), win(Color::White, chimera_turnover::SIEGE));
    let game = Game::new(pos);
    assert_eq!(game.outcome(), win(Color::White, chimera_turnover::SIEGE));
}

/// Black to move with no legal move: its Castle on a1 is boxed in by its own Walls on a2,
/// b2, b1 (Black Walls walk down: those on rank 1 are stuck, those on rank 2 are blocked by
/// the Castle and the Wall below them and have no diagonal target), and the Castle cannot
/// dismount downwards off the board.
pub fn siege_position() -> Turnover {
    Turnover::from_text(
        "8/8/8/8/8/8/ww6/[tfw]w5[TFW] b 0 1",
        chimera_turnover::Rules::Standard,
    )
    .unwrap()
}

#[test]
fn end_castle_rules_come_before_siege() {
    // Black to move has no legal move and White has no Castle: White just moved and left
    // itself without one, so White loses (rule 2), not Black by Siege.
    let pos = Turnover::from_text(
        "8/8/8/8/8/8/ww6/[tfw]w5T b 0 1",
        chimera_turnover::Rules::Standard,
    )
    .unwrap();
    assert_eq!(
        pos.outcome(),
        win(Color::Black, chimera_turnover::NO_ROYAL_PIECE)
    );
}

#[test]
fn end_fifty_moves_without_capture_or_turnover_is_a_draw() {
    let mut pos = with_castles(Color::White, &[("d4", "T"), ("d2", "t")]);
    pos.set_halfmove_clock(99);
    assert_eq!(pos.outcome(), None);
    let next = after(&pos, "d4-d3");
    assert_eq!(next.halfmove_clock(), 100);
    assert_eq!(
        next.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::MoveLimit
        })
    );
    let mut moves = Vec::new();
    next.legal_moves(&mut moves);
    assert!(moves.is_empty(), "a finished game has no legal moves");
    // A capture on the 100th ply resets the clock instead.
    let next = after(&pos, "d4-d2");
    assert_eq!(next.halfmove_clock(), 0);
    assert_eq!(next.outcome(), None);
}

#[test]
fn end_fifty_move_clock_counts_only_enemy_captures_and_turnovers() {
    let mut pos = with_castles(
        Color::White,
        &[
            ("d4", "T"),
            ("d6", "F"),
            ("d2", "t"),
            ("f4", "F"),
            ("e5", "w"),
        ],
    );
    pos.set_halfmove_clock(10);
    assert_eq!(after(&pos, "d4-d5").halfmove_clock(), 11, "quiet move");
    assert_eq!(after(&pos, "d4-d6").halfmove_clock(), 11, "friendly merge");
    assert_eq!(after(&pos, "d4-d2").halfmove_clock(), 0, "capture");
    assert_eq!(after(&pos, "f4-e5").halfmove_clock(), 0, "turnover");
    assert_eq!(after(&pos, "f4-e5").fullmove_number(), 1);
    let black = after(&pos, "d4-d5");
    assert_eq!(after(&black, "e5-e4").fullmove_number(), 2);
}

#[test]
fn end_siege_comes_before_the_fifty_move_draw() {
    let mut pos = siege_position();
    pos.set_halfmove_clock(150);
    assert_eq!(pos.outcome(), win(Color::White, chimera_turnover::SIEGE));
}

#[test]
fn end_threefold_repetition_is_a_draw() {
    let start = with_castles(Color::White, &[("d4", "T"), ("e5", "t")]);
    let mut game = Game::new(start);
    for _ in 0..2 {
        for mv in ["d4-d3", "e5-e6", "d3-d4", "e6-e5"] {
            assert_eq!(game.outcome(), None);
            game.play_text(mv).unwrap();
        }
    }
    // The start position (White to move) has occurred for the third time.
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        })
    );
    assert!(game.legal_move_list().is_empty());
    // The same positions with different clocks still count as repetitions: the clock went
    // from 0 to 8 meanwhile.
    assert_eq!(game.position().halfmove_clock(), 8);
}

#[test]
fn end_repetition_needs_the_same_side_to_move() {
    let mut a = with_castles(Color::White, &[("d4", "T")]);
    let mut b = a.clone();
    b.set_turn(Color::Black);
    assert_eq!(
        a.history_outcome(History::new(&[b.clone(), a.clone(), b.clone()])),
        None
    );
    a.set_halfmove_clock(7);
    let mut c = a.clone();
    c.set_halfmove_clock(3);
    assert_eq!(
        a.history_outcome(History::new(&[c.clone(), b.clone(), c.clone(), b])),
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        })
    );
}

#[test]
fn end_siege_comes_before_repetition() {
    // The history hook leaves a repeated position without legal moves to Siege.
    let p = siege_position();
    let q = board(Color::White, &[("a1", "TFW"), ("h8", "tfw")]);
    assert_eq!(
        p.history_outcome(History::new(&[p.clone(), q.clone(), p.clone(), q])),
        None
    );
}
