//! Serde (feature `serde`): positions, moves and games round-trip through JSON.
#![cfg(feature = "serde")]
use chimera_core::{Game, Position};
use chimera_turret::{Move, Rules, TurretChess};

#[test]
fn positions_moves_and_games_round_trip_through_json() {
    let mut game: Game<TurretChess> = Game::start(Rules::Kwagga);
    for m in ["i2i4", "e7e5", "j1g4"] {
        game.play_text(m).unwrap();
    }
    let p = game.position().clone();
    let json = serde_json::to_string(&p).unwrap();
    assert!(
        json.contains("kwagga") && json.contains(&p.to_text()),
        "{json}"
    );
    assert_eq!(serde_json::from_str::<TurretChess>(&json).unwrap(), p);
    let mv = game.moves()[2];
    let back: Move = serde_json::from_str(&serde_json::to_string(&mv).unwrap()).unwrap();
    assert_eq!(back, mv);
    let json = serde_json::to_string(&game).unwrap();
    assert!(json.contains(r#""moves":["i2i4","e7e5","j1g4"]"#), "{json}");
    let g: Game<TurretChess> = serde_json::from_str(&json).unwrap();
    assert_eq!(g, game);
    assert!(
        serde_json::from_str::<TurretChess>(r#"{"rules":"standard","position":"8/8 w"}"#).is_err()
    );
}
