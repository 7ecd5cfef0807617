//! Rules section "Check, mate and the end of the game".

use crate::common;

use chimera_core::{Color, Game, Outcome, Position, WinReason};
use chimera_turtle_shell::{Repetition, Rules, TurtleShell};
use common::{move_texts, moves_from, pos, pos_with};

#[test]
fn a_move_may_not_leave_the_own_king_attacked() {
    // The king may not step onto an attacked cell: a black rook on C1 covers C0 and B1.
    let p = pos("W:KB0,GG0 B:KE8,RC1 w");
    assert!(moves_from(&p, "B0").is_empty());
    // A pinned piece may not leave the line: the knight on D0 shields E1 from the rook on
    // B0 (table `w`: E1 D0 C0 B0), and a knight never moves along a line.
    let p = pos("W:KE1,ND0 B:KE8,RB0 w");
    assert!(moves_from(&p, "D0").is_empty());
    let free = pos("W:KE1,ND0 B:KE8 w");
    assert!(!moves_from(&free, "D0").is_empty());
    // A pinned guard may move along the line, or capture the pinner's side of it.
    let p = pos("W:KE1,GD0 B:KE8,RB0 w");
    assert_eq!(moves_from(&p, "D0"), ["D0-C0"]);
}

#[test]
fn in_check_a_move_must_end_the_check() {
    // Black's rook on B0 checks the king on E1 along D0, C0: block, capture, or step away.
    let p = pos("W:KE1,GC1,ND1 B:KE8,RB0 w");
    assert!(p.is_check());
    for m in move_texts(&p) {
        let mut q = p.clone();
        q.play(q.parse_move(&m).unwrap()).unwrap();
        let k = q.king(Color::White).unwrap();
        assert!(
            !q.is_attacked(k, Color::Black),
            "{m} leaves the king in check"
        );
    }
    assert!(move_texts(&p).contains(&"C1-C0".to_string()));
    assert!(move_texts(&p).contains(&"D1-C0".to_string()));
}

#[test]
fn checkmate_loses() {
    let p = pos("W:KB0 B:KE8,RD0,GB2 w");
    assert!(p.is_check());
    assert!(move_texts(&p).is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Checkmate
        })
    );
    assert_eq!(
        Game::new(p).outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Checkmate
        })
    );
}

#[test]
fn stalemate_wins_for_the_stalemated_side_ruling() {
    let p = pos("W:KB0 B:KE8,RC1,GD0 w");
    assert!(!p.is_check());
    assert!(move_texts(&p).is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Stalemate
        })
    );
}

#[test]
fn end_zone_win_for_a_king_reaching_the_opponents_end_zone() {
    let mut game = Game::new(pos("W:KD8 B:KA5 w"));
    game.play_text("D8-E8").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: chimera_turtle_shell::END_ZONE_REACHED
        })
    );
    // The game is over: no legal moves remain, whatever the rules.
    assert!(game.legal_move_list().is_empty());
    assert!(move_texts(game.position()).is_empty());
    // Black's goal is White's end zone.
    let mut game = Game::new(pos("W:KA6 B:KD1 b"));
    game.play_text("D1-E1").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: chimera_turtle_shell::END_ZONE_REACHED
        })
    );
}

#[test]
fn end_zone_win_requires_king_not_in_check() {
    // The guard on D9 covers E8: the king on D8 may not step there (it would be in
    // check), so it does not win; without the guard it does.
    let p = pos("W:KD8 B:KA5,GD9 w");
    let m = moves_from(&p, "D8");
    assert!(!m.contains(&"D8-E8".to_string()), "{m:?}");
    assert_eq!(p.outcome(), None);
    let p = pos("W:KD8 B:KA5 w");
    assert!(moves_from(&p, "D8").contains(&"D8-E8".to_string()));
    // A position with the king of the side that just moved in the end zone and attacked
    // cannot arise, and is refused as text.
    assert!(TurtleShell::from_text("W:KE8 B:KA5,GD9 b", Rules::default()).is_err());
    // Unattacked, it is a finished game.
    let done = pos("W:KE8 B:KA5 b");
    assert_eq!(
        done.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: chimera_turtle_shell::END_ZONE_REACHED
        })
    );
}

#[test]
fn a_king_on_its_own_back_cells_does_not_win() {
    // White's king starts on E1, inside Black's end zone: that wins nothing for anyone.
    let p = TurtleShell::start(Rules::default());
    assert_eq!(p.outcome(), None);
    let mut game: Game<TurtleShell> = Game::start(Rules::default());
    game.play_text("E1-D1").unwrap();
    game.play_text("E8-D8").unwrap();
    game.play_text("D1-E1").unwrap();
    assert_eq!(game.outcome(), None);
}

#[test]
fn no_draws_under_the_default_rules() {
    // Whatever happens, an outcome is a win: random games under each rule set.
    for repetition in [Repetition::Ko, Repetition::ModifiedKo, Repetition::None] {
        for seed in 0..20 {
            let mut rng = chimera_core::SplitMix64::new(seed);
            let mut game = Game::new(TurtleShell::start(Rules::new(repetition)));
            for _ in 0..300 {
                let moves = game.legal_move_list();
                if moves.is_empty() {
                    break;
                }
                game.play_unchecked(moves[rng.below(moves.len())]);
            }
            if let Some(o) = game.outcome() {
                assert!(o.winner().is_some(), "{o:?}");
            }
        }
    }
    let _ = pos_with("W:KB0 B:KE8,RC1,GD0 w", Rules::default());
}
