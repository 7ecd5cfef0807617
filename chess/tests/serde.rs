//! Serde (feature `serde`): positions as their FEN, moves as their UCI text, games.
#![cfg(feature = "serde")]
use chimera_chess::prelude::*;

#[test]
fn positions_moves_and_games_round_trip_through_json() {
    let mut game: Game<Chess> = Game::start(Rules::default());
    for m in ["e4", "c5", "e5", "d5"] {
        game.play_text(m).unwrap();
    }
    let p = game.position().clone();
    let json = serde_json::to_string(&p).unwrap();
    assert_eq!(
        json,
        format!(r#"{{"rules":"standard","position":"{}"}}"#, p.to_text())
    );
    assert_eq!(serde_json::from_str::<Chess>(&json).unwrap(), p);
    let mv = p.parse_move("exd6").unwrap();
    assert_eq!(serde_json::to_string(&mv).unwrap(), r#""e5d6""#);
    assert_eq!(serde_json::from_str::<Move>(r#""e5d6""#).unwrap(), mv);
    assert!(serde_json::from_str::<Move>(r#""e5d9""#).is_err());
    let json = serde_json::to_string(&game).unwrap();
    assert!(
        json.contains(r#""moves":["e2e4","c7c5","e4e5","d7d5"]"#),
        "{json}"
    );
    let g: Game<Chess> = serde_json::from_str(&json).unwrap();
    assert_eq!(g, game);
    let broken = r#"{"rules":"standard","position":"8/8/8/8/8/8/8/8 w - - 0 1"}"#;
    assert!(
        serde_json::from_str::<Chess>(broken).is_err(),
        "no kings: refused"
    );
}
