//! `Evaluate::gives_check`, which the search reads before playing a move it may prune,
//! against playing the move and asking `Evaluate::in_check`: every legal move of every
//! position two plies deep from each line of `perft.epd` (castling, en passant with
//! discovered checks, promotions) and along random games from each.
use chimera_chess::Chess;
use chimera_core::{Evaluate, Game, Position, SplitMix64};
use chimera_test_kit::perft_file_positions;

fn starts() -> Vec<Chess> {
    perft_file_positions::<Chess>(concat!(env!("CARGO_MANIFEST_DIR"), "/perft.epd"))
        .into_iter()
        .map(|(_, pos)| pos)
        .collect()
}

/// Checks every legal move of `pos`; the number of checks among them.
fn check_moves(pos: &Chess) -> usize {
    let mut checks = 0;
    for mv in pos.legal_move_list() {
        let mut after = pos.clone();
        after.play(mv).expect("a legal move plays");
        let check = Evaluate::in_check(&after);
        assert_eq!(pos.gives_check(mv), Some(check), "{} {mv}", pos.to_text());
        checks += usize::from(check);
    }
    checks
}

#[test]
fn gives_check_is_playing_the_move_and_looking_two_plies_deep() {
    let mut checks = 0;
    for start in starts() {
        checks += check_moves(&start);
        for a in start.legal_move_list() {
            let mut one = start.clone();
            one.play(a).unwrap();
            checks += check_moves(&one);
            for b in one.legal_move_list() {
                let mut two = one.clone();
                two.play(b).unwrap();
                checks += check_moves(&two);
            }
        }
    }
    // The positions hold checks of every kind; a test that met none would prove little.
    assert!(checks > 1_000, "{checks}");
}

#[test]
fn gives_check_is_playing_the_move_along_random_games() {
    let mut checks = 0;
    for start in starts() {
        for seed in 0..40 {
            let mut rng = SplitMix64::new(seed);
            let mut game = Game::new(start.clone());
            for _ in 0..200 {
                checks += check_moves(game.position());
                let moves = game.legal_move_list();
                if moves.is_empty() {
                    break;
                }
                game.play(moves[rng.below(moves.len())]).unwrap();
            }
        }
    }
    assert!(checks > 1_000, "{checks}");
}

#[test]
fn gives_check_sees_every_kind_of_check() {
    let gives = |fen: &str, mv: &str| {
        let pos = Chess::from_fen(fen).unwrap();
        let mv = pos.parse_move(mv).unwrap();
        check_moves(&pos);
        pos.gives_check(mv)
    };
    // En passant: the pawn taken uncovers the bishop's line to the king.
    assert_eq!(
        gives("6k1/8/8/3pP3/8/8/B7/4K3 w - d6 0 1", "e5d6"),
        Some(true)
    );
    // Castling: the rook lands on the king's file.
    assert_eq!(gives("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"), Some(true));
    // Promotion to a knight that checks (a queen there would not).
    assert_eq!(
        gives("8/4P3/8/5k2/8/8/8/4K3 w - - 0 1", "e7e8n"),
        Some(false)
    );
    assert_eq!(
        gives("8/4P3/5k2/8/8/8/8/4K3 w - - 0 1", "e7e8n"),
        Some(true)
    );
    assert_eq!(
        gives("8/4P3/5k2/8/8/8/8/4K3 w - - 0 1", "e7e8q"),
        Some(false)
    );
    // A discovered check: the knight leaves the rook's file.
    assert_eq!(
        gives("4k3/8/8/8/4N3/8/8/4RK2 w - - 0 1", "e4c5"),
        Some(true)
    );
    // A quiet move that checks nothing.
    assert_eq!(
        gives("4k3/8/8/8/4N3/8/8/4RK2 w - - 0 1", "f1g1"),
        Some(false)
    );
}
