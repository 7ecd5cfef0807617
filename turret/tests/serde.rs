//! Serde (feature `serde`): positions, moves and games round-trip through JSON.
#![cfg(feature = "serde")]
use chimera_core::{Game, Position};
use chimera_turret::{Move, Rules, Turret};

#[test]
fn positions_moves_and_games_round_trip_through_json() {
    let mut game: Game<Turret> = Game::start(Rules::Kwagga);
    for m in ["i2i4", "e7e5", "j1g4"] {
        game.play_text(m).unwrap();
    }
    let p = game.position().clone();
    let json = serde_json::to_string(&p).unwrap();
    assert!(
        json.contains("kwagga") && json.contains(&p.to_text()),
        "{json}"
    );
    assert_eq!(serde_json::from_str::<Turret>(&json).unwrap(), p);
    let mv = game.moves()[2];
    let back: Move = serde_json::from_str(&serde_json::to_string(&mv).unwrap()).unwrap();
    assert_eq!(back, mv);
    let json = serde_json::to_string(&game).unwrap();
    assert!(json.contains(r#""moves":["i2i4","e7e5","j1g4"]"#), "{json}");
    let g: Game<Turret> = serde_json::from_str(&json).unwrap();
    assert_eq!(g, game);
    assert!(serde_json::from_str::<Turret>(r#"{"rules":"standard","position":"8/8 w"}"#).is_err());
}

#[test]
fn a_lone_move_is_its_text() {
    let start = Turret::start(Rules::Standard);
    let castles = Turret::from_text(
        "tr3k2rt/*pp1ppppp*/*8*/*2pP4*/*8*/*8*/*PPP1PPPP*/TR3K2RT w KQkq d6 0 8",
        Rules::Standard,
    )
    .unwrap();
    let promotes = Turret::from_text(
        "5k4/*P7*/*8*/*8*/*8*/*8*/*8*/5K4 w - - 0 1",
        Rules::Standard,
    )
    .unwrap();
    for (pos, text, json) in [
        (&start, "e2e4", r#""e2e4""#),
        (&castles, "f1i1", r#""f1i1(castle)""#),
        (&castles, "e5d6", r#""e5d6(ep)""#),
        (&promotes, "b7b8t", r#""b7b8t""#),
    ] {
        let mv = pos.parse_move(text).unwrap();
        assert_eq!(serde_json::to_string(&mv).unwrap(), json);
        assert_eq!(serde_json::from_str::<Move>(json).unwrap(), mv);
    }
    for bad in [r#""e2""#, r#""a4a5""#, r#""e7e8k""#, r#""e2e4(x)""#, "17"] {
        let err = serde_json::from_str::<Move>(bad).unwrap_err().to_string();
        assert!(!err.is_empty(), "{bad}");
    }
    let err = serde_json::from_str::<Move>(r#""a4a5""#)
        .unwrap_err()
        .to_string();
    assert!(err.contains("a4"), "{err}");
}
