//! Rules section "Notation": moves, position text, and game records.

use crate::common;

use chimera_core::{Color, Game, Position};
use chimera_turtle_shell::{parse_zsg, read_record, Cell, Move, Rules, TurtleShell};
use common::{cell, pos};

const START: &str = "W:KE1,GD0,GE0,NC0,NF0,RB0,RG0,PB1,PB2,PG2,PG1,PC2,PD2,PF2 B:KE8,GD9,GE9,NC9,NF9,RB9,RG9,PC7,PD7,PF7,PB7,PB8,PG8,PG7 w";

#[test]
fn moves_are_written_from_dash_or_x_to_with_promotion_suffix() {
    let p = TurtleShell::start(Rules::default());
    assert_eq!(p.move_text(p.parse_move("b1b3").unwrap()), "B1-B3");
    let p = pos("W:KH4,ND5 B:KA3,PC6 w");
    let m = p.parse_move("D5xC6").unwrap();
    assert!(p.is_capture(m));
    assert_eq!(p.move_text(m), "D5xC6");
    let p = pos("W:KH4 B:KA6,PE5 b");
    let m = p.parse_move("E5-E3=R").unwrap();
    assert!(m.is_promotion());
    assert_eq!(p.move_text(m), "E5-E3=R");
}

#[test]
fn move_input_is_case_free_with_optional_separator() {
    let p = pos("W:KH4,ND5 B:KA3,PC6 w");
    let want = Move::new(cell("D5"), cell("C6"), false);
    for text in [
        "D5xC6", "d5xc6", "D5-C6", "d5c6", "D5XC6", " d5c6 ", "D5 x C6", "d5 c6",
    ] {
        assert_eq!(p.parse_move(text), Ok(want), "{text}");
    }
    let p = pos("W:KH4 B:KA6,PE5 b");
    let promo = Move::new(cell("E5"), cell("E3"), true);
    for text in ["E5-E3=R", "e5e3=r", "e5-e3r"] {
        assert_eq!(p.parse_move(text), Ok(promo), "{text}");
    }
    // Where promotion is optional, no `=R` means no promotion.
    assert_eq!(
        p.parse_move("E5-E3"),
        Ok(Move::new(cell("E5"), cell("E3"), false))
    );
}

#[test]
fn move_errors_say_what_is_wrong() {
    let p = TurtleShell::start(Rules::default());
    let reason = |t: &str| p.parse_move(t).unwrap_err().reason;
    assert!(reason("Z1-B3").contains("unknown from cell `Z1`"));
    assert!(reason("B1-A0").contains("unknown to cell `A0`"));
    assert!(reason("B1").contains("missing the to cell"));
    assert!(reason("").contains("missing the from cell"));
    assert!(reason("B1-B3=Q").contains("`=Q`"));
    assert!(reason("B1-B1").contains("same"));
    assert!(reason("B1–B3").contains("only"));
    // Well-formed but illegal: the game refuses it and stays unchanged.
    let mut g: Game<TurtleShell> = Game::start(Rules::default());
    assert!(g.play_text("B1-B5").is_err());
    assert!(g.moves().is_empty());
}

#[test]
fn move_struct_is_small_and_exposes_its_cells() {
    assert!(std::mem::size_of::<Move>() <= 4);
    assert!(std::mem::size_of::<TurtleShell>() <= 120);
    let m = Move::new(cell("E5"), cell("E3"), true);
    assert_eq!(
        (m.from(), m.to(), m.is_promotion()),
        (cell("E5"), cell("E3"), true)
    );
    assert_eq!(format!("{m:?}"), "E5-E3=R");
}

#[test]
fn position_text_of_the_start() {
    let p = TurtleShell::start(Rules::default());
    assert_eq!(p.to_text(), START);
    assert_eq!(
        TurtleShell::from_text(START, Rules::default()),
        Ok(p.clone())
    );
    // Any order and case, spaces after commas.
    let loose = "b: ke8, gd9,ge9,nc9,nf9,rb9,rg9,pc7,pd7,pf7,pb7,pb8,pg8,pg7 \
                 w: pb1,pb2,pg2,pg1,pc2,pd2,pf2, KE1,GD0,GE0,NC0,NF0,RB0,RG0 W";
    assert_eq!(TurtleShell::from_text(loose, Rules::default()), Ok(p));
}

#[test]
fn position_text_round_trips_through_a_game() {
    let mut g: Game<TurtleShell> = Game::start(Rules::default());
    for m in ["C2-C3", "C7-C6", "C0-D1", "B8-C7"] {
        g.play_text(m).unwrap();
        let p = g.position();
        assert_eq!(
            TurtleShell::from_text(&p.to_text(), p.rules()).as_ref(),
            Ok(p)
        );
    }
    assert_eq!(g.position().turn(), Color::White);
}

#[test]
fn position_text_errors_say_what_and_where() {
    let err = |t: &str| {
        let e = TurtleShell::from_text(t, Rules::default()).unwrap_err();
        format!("{} | {}", e.place, e.reason)
    };
    assert!(err("").contains("empty"));
    assert!(err("W:KE1 B:KE8").contains("side to move"));
    assert!(err("W:KE1 B:KE8 x").contains("side to move `x`"));
    assert!(err("W:KE1,RZ9 B:KE8 w").contains("unknown cell `Z9`"));
    assert!(err("W:KE1,RZ9 B:KE8 w").contains("white pieces, item `RZ9`"));
    assert!(err("W:KE1,QD5 B:KE8 w").contains("unknown piece letter `Q`"));
    assert!(err("W:KE1,RD5 B:KE8,ND5 w").contains("already taken by the white rook"));
    assert!(err("W:KE1,KD5 B:KE8 w").contains("more than one white king (E1, D5)"));
    assert!(err("W:RD5 B:KE8 w").contains("no white king"));
    assert!(err("W:KE1 B:RD5 w").contains("no black king"));
    assert!(err("KE1 B:KE8 w").contains("before any"));
    assert!(err("X:KE1 B:KE8 w").contains("unknown side"));
    assert!(err("W:KE1,PD9 B:KE8 w").contains("end zone"));
    assert!(err("W:KE1,RE5 B:KE6 w").contains("black king on E6 is in check"));
    assert!(err("W:KD9 B:KA5 w").contains("already stands in the opponent's end zone"));
}

#[test]
fn pawns_may_stand_on_their_own_back_cells() {
    // A white pawn on D0 (where none can come from) is allowed: it moves to E1 or D1.
    let p = pos("W:KH4,PD0 B:KA6 w");
    assert_eq!(common::moves_from(&p, "D0"), ["D0-E1"]);
}

fn example() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/example.zsg"
    ))
    .unwrap()
}

#[test]
fn zillions_records_are_read() {
    let moves = parse_zsg(&example()).unwrap();
    assert_eq!(moves.len(), 35);
    assert_eq!(
        (
            moves[0].line,
            moves[0].number,
            moves[0].piece.as_str(),
            moves[0].text.as_str()
        ),
        (4, 1, "wpawn", "F2-F3")
    );
    assert_eq!(moves[12].text, "C5xC6");
    assert_eq!(moves[34].text, "C7xB8=R");
    assert_eq!(moves[34].piece, "wpawn");
    // The example is a legal game under the default rules, ending in checkmate.
    let mut g: Game<TurtleShell> = Game::start(Rules::default());
    for m in &moves {
        let piece = g
            .position()
            .piece_at(Cell::from_name(&m.text[..2]).unwrap())
            .unwrap()
            .1;
        assert!(
            m.piece.ends_with(piece.name()),
            "line {}: {} is a {piece}",
            m.line,
            m.piece
        );
        let played = g
            .play_text(&m.text)
            .unwrap_or_else(|e| panic!("line {}: {e}", m.line));
        assert_eq!(g.move_texts().last().unwrap(), &m.text);
        let _ = played;
    }
    assert_eq!(
        g.outcome().map(|o| o.to_string()),
        Some("1-0 white wins by checkmate".into())
    );
}

#[test]
fn zillions_record_errors_name_the_line() {
    let e = parse_zsg("VariantName=TurtleShell\n1. wpawn B1 - B3\n1. bpawn G7 ~ G6\n").unwrap_err();
    assert_eq!(e.line, 3);
    let e = parse_zsg("1. wpawn B1 - B3\nhello\n").unwrap_err();
    assert_eq!(e.line, 2);
    assert!(e.reason.contains("hello"));
    let e = parse_zsg("14. Pawn E7 - E8 = Queen").unwrap_err();
    assert!(e.reason.contains("only to a rook"));
    let ok = parse_zsg("14. Pawn E7 - E8 = Rook\n2. Pawn D7 x D6\n").unwrap();
    assert_eq!(ok[0].text, "E7-E8=R");
    assert_eq!(ok[1].text, "D7xD6");
}

#[test]
fn records_read_zillions_lines_and_plain_lists() {
    let lines = |text: &str| -> Vec<(usize, String)> {
        read_record(text)
            .unwrap()
            .into_iter()
            .map(|m| (m.line, m.text.into_owned()))
            .collect()
    };
    let zsg = lines(&example());
    assert_eq!(zsg.len(), 35);
    assert_eq!(zsg[0], (4, "F2-F3".to_string()));
    assert_eq!(zsg[34], (38, "C7xB8=R".to_string()));
    let plain = "# a game\n1. B1-B3 G7-G6 # first moves\n2. b3a3 {a comment\nover lines} b7b6\n3...E5-E3=R 1-0\n";
    let want: Vec<(usize, String)> = vec![
        (2, "B1-B3".into()),
        (2, "G7-G6".into()),
        (3, "b3a3".into()),
        (4, "b7b6".into()),
        (5, "E5-E3=R".into()),
    ];
    assert_eq!(lines(plain), want);
    assert_eq!(read_record("1. B1-B3 {open").unwrap_err().line, 1);
}

#[cfg(feature = "serde")]
#[test]
fn serde_round_trips_positions_and_games() {
    let mut g: Game<TurtleShell> = Game::start(Rules::default());
    for m in ["C2-C3", "C7-C6", "C0-D1"] {
        g.play_text(m).unwrap();
    }
    let json = serde_json::to_string(g.position()).unwrap();
    assert!(json.contains("\"rules\":\"ko\""), "{json}");
    let back: TurtleShell = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, g.position());
    let bad = json.replace("KE1", "KZ1");
    assert!(serde_json::from_str::<TurtleShell>(&bad).is_err());
    let game_json = serde_json::to_string(&g).unwrap();
    // The moves are written as their text.
    let texts = serde_json::to_string(&g.move_texts()).unwrap();
    assert!(
        game_json.contains(&format!(r#""moves":{texts}"#)),
        "{game_json}"
    );
    let game_back: Game<TurtleShell> = serde_json::from_str(&game_json).unwrap();
    assert_eq!(game_back, g);
    let cell: Cell = serde_json::from_str("\"e1\"").unwrap();
    assert_eq!(cell, Cell::from_name("E1").unwrap());
}

#[cfg(feature = "serde")]
#[test]
fn a_lone_move_serializes_as_its_text() {
    let p = pos("W:KH4,ND5,PE7 B:KA3,PC6 w");
    for (text, json) in [("D5xC6", r#""D5-C6""#), ("E7-E8=R", r#""E7-E8=R""#)] {
        let mv = p.parse_move(text).unwrap();
        assert_eq!(serde_json::to_string(&mv).unwrap(), json);
        assert_eq!(serde_json::from_str::<Move>(json).unwrap(), mv);
    }
    let mv: Move = serde_json::from_str(r#""d5xc6""#).unwrap();
    assert_eq!(mv, p.parse_move("D5-C6").unwrap());
    for bad in [r#""D5""#, r#""Z1-A1""#, r#""D5-C6=Q""#, "7"] {
        assert!(serde_json::from_str::<Move>(bad).is_err(), "{bad}");
    }
    let err = serde_json::from_str::<Move>(r#""Z1-A1""#)
        .unwrap_err()
        .to_string();
    assert!(err.contains("Z1"), "{err}");
}
