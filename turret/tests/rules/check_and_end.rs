//! §5 Check and the end of the game.
use super::common::*;
use chimera_core::{Color, DrawReason, Game, Outcome, Position, WinReason};
use chimera_turret::{Rules, Turret};

#[test]
fn a_square_is_attacked_by_a_turret_with_a_piece_behind_it_and_empty_cells_between() {
    // Black Turret e4, a piece on e3 behind it, e5 and e6 empty: the king on e7 is in check.
    assert!(setup("Ke7 kh8 te4 ne3", "w - - 0 1").is_check());
    // Diagonally too.
    assert!(setup("Kh7 kb8 te4 nd3", "w - - 0 1").is_check());
}

#[test]
fn the_piece_behind_the_turret_may_be_of_either_colour() {
    assert!(setup("Ke7 kh8 te4 Ne3", "w - - 0 1").is_check());
    assert!(setup("Ke7 kh8 te4 re3", "w - - 0 1").is_check());
    // Kings included: the Black king behind its own Turret would be thrown onto White's.
    assert!(setup("Ke7 ke3 te4", "w - - 0 1").is_check());
}

#[test]
fn a_turret_attack_needs_a_piece_behind_the_turret() {
    assert!(!setup("Ke7 kh8 te4", "w - - 0 1").is_check());
}

#[test]
fn a_turret_attack_needs_at_least_one_empty_cell_between() {
    assert!(!setup("Ke5 kh8 te4 ne3", "w - - 0 1").is_check());
}

#[test]
fn a_turret_attacks_only_the_first_occupied_cell_of_the_line() {
    assert!(!setup("Ke7 kh8 te4 ne3 Pe6", "w - - 0 1").is_check());
    assert!(!setup("Ke7 kh8 te4 ne3 pe6", "w - - 0 1").is_check());
}

#[test]
fn a_pawn_behind_the_turret_that_could_not_land_there_does_not_count() {
    // A White pawn would be thrown onto e1, its own first rank: no check.
    assert!(!setup("Ke1 kh8 te3 Pe4", "w - - 0 1").is_check());
    // A Black pawn lands there (and would become a queen): check.
    assert!(setup("Ke1 kh8 te3 pe4", "w - - 0 1").is_check());
}

#[test]
fn a_move_may_not_leave_the_movers_king_attacked() {
    // The bishop on f3 is pinned by the rook on f7.
    let p = setup("Kf1 kh8 Bf3 rf7", "w - - 0 1");
    assert!(dests(&p, "f3").is_empty());
    // The knight on e3 stands between the king and a Turret with a piece behind it.
    let p = setup("Ke1 kh8 te5 pe6 Ne3", "w - - 0 1");
    assert!(dests(&p, "e3").is_empty());
    // Without the piece behind the Turret the knight may go.
    let p = setup("Ke1 kh8 te5 Ne3", "w - - 0 1");
    assert!(!dests(&p, "e3").is_empty());
}

#[test]
fn a_move_may_not_put_a_piece_behind_an_enemy_turret_aimed_at_the_king() {
    // The Turret on e4 looks down an open file at the king on e1; a piece on e5 would be
    // thrown onto it.
    let p = setup("Ke1 kh8 te4 Nc4", "w - - 0 1");
    assert!(!legal(&p, "c4e5"));
    assert!(legal(&p, "c4d6"));
    // The king itself may step aside.
    assert!(legal(&p, "e1d1"));
}

#[test]
fn a_move_may_not_throw_the_movers_own_king_onto_an_attacked_cell() {
    // The king on e3 behind its Turret: thrown to e7 it would stand on the rook's rank.
    let p = setup("Ke3 kh8 Te4 rb7", "w - - 0 1");
    assert!(!legal(&p, "e4e6"));
    assert!(legal(&p, "e4e5"));
}

#[test]
fn the_enemy_king_can_be_thrown_into_check() {
    let p = setup("Kh1 ke3 Te4 Rb7", "w - - 0 1");
    let q = after(&p, "e4e6");
    assert_eq!(q.king(Color::Black), chimera_turret::Cell::parse("e7"));
    assert!(q.is_check());
}

#[test]
fn checkmate_wins() {
    let p = setup("Kh6 kj8 Qi2", "w - - 0 1");
    let mut g = Game::new(p);
    g.play_text("i2i7").unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Checkmate
        })
    );
    assert!(g.legal_move_list().is_empty());
}

#[test]
fn stalemate_is_a_draw() {
    let p = setup("Kf1 kj8 Qh7", "b - - 0 1");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Stalemate
        })
    );
}

#[test]
fn threefold_repetition_is_a_draw() {
    let mut g: Game<Turret> = Game::start(Rules::Standard);
    for _ in 0..2 {
        for m in ["h1g3", "h8g6", "g3h1", "g6h8"] {
            assert_eq!(g.outcome(), None);
            g.play_text(m).unwrap();
        }
    }
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        })
    );
    assert!(g.legal_move_list().is_empty());
    // Twice is not enough.
    g.undo();
    assert_eq!(g.outcome(), None);
}

#[test]
fn hundred_plies_without_a_capture_or_a_pawn_changing_cell_is_a_draw() {
    let p = setup("Kf1 kf8 Rb1 pb7", "w - - 99 60");
    let mut g = Game::new(p.clone());
    g.play_text("b1c1").unwrap();
    assert_eq!(g.position().halfmove_clock(), 100);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::MoveLimit
        })
    );
    assert!(g.legal_move_list().is_empty());
    // A pawn move resets the count.
    let p = setup("Kf1 kf8 Rb1 pb7", "b - - 99 60");
    let q = after(&p, "b7b6");
    assert_eq!(q.halfmove_clock(), 0);
    assert_eq!(q.outcome(), None);
}

#[test]
fn checkmate_on_the_hundredth_ply_still_wins() {
    let p = setup("Kh6 kj8 Qi2", "w - - 99 80");
    let mut g = Game::new(p);
    g.play_text("i2i7").unwrap();
    assert_eq!(g.outcome().and_then(|o| o.winner()), Some(Color::White));
}
