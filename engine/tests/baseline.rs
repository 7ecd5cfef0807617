//! The baseline players: only legal moves, in every variant; the greedy player takes a win
//! at once and material, scoring a multi-move turn from the mover's side; the same seed
//! gives the same game.

use crate::common;

use chimera_core::{Color, Evaluate, Game, Position};
use chimera_engine::baseline::{Baseline, BaselineKind, WIN_SCORE};
use chimera_engine::SearchError;

/// Plays up to `plies` plies, random and greedy alternating by ply, checking each choice
/// with the game's own checked play; returns the moves.
fn plays_only_legal_moves<P: Evaluate>(start: P, plies: usize, seed: u64) -> Vec<P::Move> {
    let mut game = Game::new(start);
    let mut random = Baseline::random(seed);
    let mut greedy = Baseline::greedy(seed + 1);
    for ply in 0..plies {
        let player = if ply % 2 == 0 {
            &mut random
        } else {
            &mut greedy
        };
        match player.choose(&game) {
            Ok(choice) => {
                assert!(choice.choices > 0);
                let text = game.position().move_text(choice.mv);
                if let Err(e) = game.play(choice.mv) {
                    panic!("ply {ply}: {} chose {text}: {e}", player.kind());
                }
            }
            Err(SearchError::GameOver(outcome)) => {
                assert_eq!(game.outcome(), Some(outcome));
                break;
            }
            Err(e) => panic!("ply {ply}: {e}"),
        }
    }
    game.moves().to_vec()
}

#[test]
fn turtle_shell_baselines_play_legal_moves() {
    plays_only_legal_moves(
        chimera_turtle_shell::TurtleShell::start(Default::default()),
        80,
        1,
    );
}

#[test]
fn turret_baselines_play_legal_moves() {
    plays_only_legal_moves(chimera_turret::Turret::start(Default::default()), 80, 2);
}

#[test]
fn turnover_baselines_play_legal_moves() {
    plays_only_legal_moves(chimera_turnover::Turnover::start(Default::default()), 80, 3);
}

#[test]
fn triagonal_baselines_play_legal_moves() {
    plays_only_legal_moves(
        chimera_triagonal::Triagonal::start(Default::default()),
        12,
        4,
    );
}

#[test]
fn tiling_rider_baselines_play_legal_moves() {
    plays_only_legal_moves(
        chimera_tiling_rider::TilingRider::start(Default::default()),
        40,
        5,
    );
}

#[test]
fn the_same_seed_plays_the_same_game() {
    use chimera_turret::Turret;
    let start = Turret::start(Default::default());
    let a = plays_only_legal_moves(start.clone(), 60, 9);
    let b = plays_only_legal_moves(start.clone(), 60, 9);
    let c = plays_only_legal_moves(start, 60, 10);
    assert_eq!(a, b);
    assert_ne!(a, c, "another seed, another game");
}

#[test]
fn a_finished_game_has_no_choice() {
    use chimera_turret::{Rules, Turret};
    // Black is checkmated.
    let pos = Turret::from_text(
        "1R3k4/*3ppp2*/*8*/*8*/*8*/*8*/*8*/5K4 b - - 0 1",
        Rules::Standard,
    )
    .unwrap();
    let game = Game::new(pos);
    assert!(matches!(
        Baseline::random(1).choose(&game),
        Err(SearchError::GameOver(_))
    ));
}

/// Checks that the greedy player, whatever its seed, plays a move that wins at once.
fn greedy_wins_at_once<P: Evaluate>(pos: P) -> P::Move {
    let game = Game::new(pos.clone());
    let mut chosen = None;
    for seed in 0..8 {
        let choice = Baseline::greedy(seed).choose(&game).expect("a move");
        assert_eq!(choice.score, WIN_SCORE);
        let mut after = game.clone();
        after.play(choice.mv).expect("legal");
        let outcome = after.outcome().expect("over");
        assert_eq!(outcome.winner(), Some(pos.turn()), "{outcome}");
        chosen = Some(choice.mv);
    }
    chosen.expect("chosen")
}

#[test]
fn greedy_mates_in_one_in_turret() {
    let pos = common::turret_back_rank_mate();
    let mv = greedy_wins_at_once(pos.clone());
    assert_eq!(pos.move_text(mv), "b1b8");
    // The random player usually does not.
    let game = Game::new(pos.clone());
    let random: Vec<_> = (0..8)
        .map(|s| Baseline::random(s).choose(&game).unwrap().mv)
        .collect();
    assert!(random.iter().any(|&m| pos.move_text(m) != "b1b8"));
}

#[test]
fn greedy_walks_into_the_end_zone_in_turtle_shell() {
    greedy_wins_at_once(common::turtle_shell_end_zone_step());
}

#[test]
fn greedy_captures_the_king_in_triagonal() {
    let (pos, king) = common::triagonal_king_capture();
    let mv = greedy_wins_at_once(pos);
    assert_eq!(mv.to(), king);
}

#[test]
fn greedy_mates_with_an_aggregate_in_tiling_rider() {
    greedy_wins_at_once(common::tiling_rider_aggregate_mate());
}

#[test]
fn greedy_takes_material_within_a_turn_in_tiling_rider() {
    use chimera_tiling_rider::{Role, Rules, Setup, Square};
    let sq = |s: &str| Square::parse(s).unwrap();
    let mut setup = Setup::new(Rules::Standard);
    setup.set_king(Color::White, sq("a1").unit());
    setup.set_king(Color::Black, sq("q15").unit());
    setup.set_piece(sq("i8"), Some((Role::Knight, Color::Black)));
    for s in ["j10", "k9", "k7", "j6", "h6", "g7", "g9", "h10"] {
        setup.set_piece(sq(s), Some((Role::Wazir, Color::White)));
    }
    // Black's turn of up to three moves: after the first, Black is still to move, and the
    // greedy player must score the position from Black's side, not negate it.
    let pos = common::tiling_rider_turn(&mut setup, Color::Black, 3)
        .unwrap()
        .build()
        .unwrap();
    let game = Game::new(pos.clone());
    let legal = game.legal_move_list();
    assert!(
        legal.iter().any(|&m| pos.capture_value(m) > 0),
        "the test needs a capture"
    );
    for seed in 0..4 {
        let choice = Baseline::greedy(seed).choose(&game).unwrap();
        assert!(
            pos.capture_value(choice.mv) > 0,
            "seed {seed}: {} is no capture",
            pos.move_text(choice.mv)
        );
        let mut after = game.clone();
        after.play(choice.mv).unwrap();
        assert_eq!(after.position().turn(), Color::Black);
        assert_eq!(choice.score, after.position().evaluate());
    }
}

#[test]
fn kinds_read_and_write_their_names() {
    assert_eq!("Random".parse::<BaselineKind>(), Ok(BaselineKind::Random));
    assert_eq!("greedy".parse::<BaselineKind>(), Ok(BaselineKind::Greedy));
    assert!("grumpy".parse::<BaselineKind>().is_err());
    assert_eq!(BaselineKind::Greedy.to_string(), "greedy");
}
