//! Colours and outcomes.

use chimera_core::*;

#[test]
fn colours_flip_and_index() {
    assert_eq!(!Color::White, Color::Black);
    assert_eq!(Color::from_index(Color::Black.index()), Color::Black);
    assert_eq!(Color::from_text("W"), Some(Color::White));
    assert_eq!(Color::from_text("black"), Some(Color::Black));
    assert_eq!(Color::from_text("x"), None);
    assert_eq!(Color::White.fold(1, 2), 1);
}

#[test]
fn outcomes_print_score_and_reason() {
    let win = Outcome::Win {
        winner: Color::Black,
        reason: WinReason::Checkmate,
    };
    assert_eq!(win.winner(), Some(Color::Black));
    assert_eq!(win.to_string(), "0-1 black wins by checkmate");
    let draw = Outcome::Draw {
        reason: DrawReason::Repetition,
    };
    assert_eq!(draw.score(), "1/2-1/2");
    assert_eq!(draw.winner(), None);
}

/// A way to win that only a variant knows, declared as the variant crates declare theirs.
const END_ZONE: WinReason = WinReason::variant("end-zone", "reaching the end zone with the king");

#[test]
fn variant_reasons_need_no_core_change() {
    let win = Outcome::Win {
        winner: Color::White,
        reason: END_ZONE,
    };
    assert_eq!(
        win.to_string(),
        "1-0 white wins by reaching the end zone with the king"
    );
    assert_eq!(END_ZONE.name(), "end-zone");
    assert_ne!(END_ZONE, WinReason::Checkmate);
    const ADJUDICATED: DrawReason = DrawReason::variant("adjudicated", "adjudication");
    let draw = Outcome::Draw {
        reason: ADJUDICATED,
    };
    assert_eq!(draw.to_string(), "1/2-1/2 draw by adjudication");
    assert_eq!(
        Outcome::Draw {
            reason: DrawReason::MoveLimit
        }
        .to_string(),
        "1/2-1/2 draw by the move limit (no progress)"
    );
}

#[cfg(feature = "serde")]
#[test]
fn outcomes_serialize_with_reason_names_and_read_back() {
    let win = Outcome::Win {
        winner: Color::Black,
        reason: END_ZONE,
    };
    let json = serde_json::to_string(&win).unwrap();
    assert_eq!(
        json,
        r#"{"result":"win","winner":"black","reason":"end-zone"}"#
    );
    // A variant reason read back keeps its name: equal, and written back the same.
    let back: Outcome = serde_json::from_str(&json).unwrap();
    assert_eq!(back, win);
    assert_eq!(serde_json::to_string(&back).unwrap(), json);
    let mate = r#"{"result":"win","winner":"white","reason":"checkmate"}"#;
    let mate: Outcome = serde_json::from_str(mate).unwrap();
    assert_eq!(mate.to_string(), "1-0 white wins by checkmate");
    let draw = Outcome::Draw {
        reason: DrawReason::InsufficientMaterial,
    };
    let json = serde_json::to_string(&draw).unwrap();
    assert_eq!(
        json,
        r#"{"result":"draw","reason":"insufficient-material"}"#
    );
    assert_eq!(serde_json::from_str::<Outcome>(&json).unwrap(), draw);
    // Names that are not kebab-case, or too long, are refused.
    for bad in ["End Zone", "", "x\u{0}", &"a".repeat(65)] {
        let json = format!(r#"{{"result":"draw","reason":{bad:?}}}"#);
        assert!(serde_json::from_str::<Outcome>(&json).is_err(), "{bad}");
    }
}
