//! §7 Notation.
use super::common::*;
use chimera_core::Position;
use chimera_core::SplitMix64;
use chimera_turret::{Rules, Turret, START_FEN};

#[test]
fn position_text_is_fen_with_a_star_for_each_missing_cell_and_t_for_the_turret() {
    let p = Turret::start(Rules::Standard);
    assert_eq!(p.to_text(), START_FEN);
    assert_eq!(Turret::from_text(START_FEN, Rules::Standard).unwrap(), p);
    // Short forms: the last four fields may be left out; `10` counts a whole empty rank,
    // and adjacent counts add up (`181`: an extra cell, eight cells, an extra cell).
    let r = Turret::from_text("181/*8*/*8*/*3k4*/*8*/*8*/*8*/5K4 w", Rules::Standard).unwrap();
    assert_eq!(r.to_text(), "10/*8*/*8*/*3k4*/*8*/*8*/*8*/5K4 w - - 0 1");
    assert!(Turret::from_text("1801/*8*/*8*/*3k4*/*8*/*8*/*8*/5K4 w", Rules::Standard).is_err());
    let q = Turret::from_text("10/*8*/*8*/*3k4*/*8*/*8*/*8*/5K4 w", Rules::Standard).unwrap();
    assert_eq!(q.to_text(), "10/*8*/*8*/*3k4*/*8*/*8*/*8*/5K4 w - - 0 1");
}

fn error(text: &str) -> String {
    let e = Turret::from_text(text, Rules::Standard).expect_err(text);
    format!("{} | {}", e.place, e.reason)
}

#[test]
fn position_text_errors_say_what_and_where() {
    let e = error("trnbqkbnrt/pppppppp/*8*/*8*/*8*/*8*/*PPPPPPPP*/TRNBQKBNRT w KQkq - 0 1");
    assert!(
        e.contains("row 2 (rank 7), column 1") && e.contains("not on the board: expected `*`"),
        "{e}"
    );
    let e = error("trnbqkbnrt/*pppppppp*/*8*/*8*/*8*/*8*/*PPPxPPPP*/TRNBQKBNRT w KQkq - 0 1");
    assert!(
        e.contains("row 7 (rank 2), column 5") && e.contains("`x`"),
        "{e}"
    );
    let e = error("*rnbqkbnrt/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/TRNBQKBNRT w KQkq - 0 1");
    assert!(
        e.contains("row 1 (rank 8), column 1") && e.contains("this cell is on the board"),
        "{e}"
    );
    let e = error("trnbqkbnrt/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/TRNBQKBNR w KQkq - 0 1");
    assert!(e.contains("rank 1") && e.contains("9 cells"), "{e}");
    let e = error("trnbqkbnrt/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/TRNBQQBNRT w KQkq - 0 1");
    assert!(e.contains("white has 0 kings"), "{e}");
    let e = error("trnbqkbnrt/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/TRNBQKBNRT x KQkq - 0 1");
    assert!(e.contains("field 2"), "{e}");
    let e = error("trnbqkbnrt/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/T1NBQKBNRT w KQkq - 0 1");
    assert!(
        e.contains("field 3") && e.contains("`Q`") && e.contains("rook on b1"),
        "{e}"
    );
    let e = error("trnbqkbnrt/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/TRNBQKBNRT w KQkqX - 0 1");
    assert!(e.contains("character 5 (`X`)"), "{e}");
    let e = error("trnbqkbnrt/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/TRNBQKBNRT w KQkq e3 0 1");
    assert!(e.contains("field 4"), "{e}");
    let e = error("trnbqkbnrt/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/TRNBQKBNRT w KQkq - x 1");
    assert!(e.contains("field 5"), "{e}");
    let e = error("5k4/*4Q3*/*8*/*8*/*8*/*8*/*8*/5K4 w - - 0 1");
    assert!(
        e.contains("black is in check but it is white's move"),
        "{e}"
    );
    let e = error("");
    assert!(e.contains("empty"), "{e}");
}

#[test]
fn castling_rights_are_written_kqkq_with_the_rooks_cell_when_it_was_thrown_away() {
    let p = setup("Kf1 Ri1 Ti2 Rb1 kf8 rb8 ri8", "w KQkq - 0 1");
    let q = after(&p, "i2i4");
    assert_eq!(q.to_text().split_whitespace().nth(2), Some("Ki5Qkq"));
    assert_eq!(Turret::from_text(&q.to_text(), Rules::Standard).unwrap(), q);
}

#[test]
fn moves_are_written_in_long_algebraic_in_the_ten_file_coordinates() {
    let p = Turret::start(Rules::Standard);
    let m = p.parse_move("e2e4").unwrap();
    assert_eq!(p.move_text(m), "e2e4");
    assert_eq!(p.parse_move("E2E4"), Ok(m));
    let p = setup("Kf1 kh8 Pe7", "w - - 0 1");
    let m = p.parse_move("e7e8t").unwrap();
    assert_eq!(p.move_text(m), "e7e8t");
    assert_eq!(p.parse_move("e7e8=T"), Ok(m));
    assert!(p.parse_move("e7e8").is_err(), "a promotion needs its piece");
    assert!(p.parse_move("e7e8k").is_err());
    assert!(p.parse_move("a4a5").is_err(), "a4 does not exist");
}

#[test]
fn a_turret_move_is_written_by_its_from_and_to_cells() {
    let p = setup("Kf1 kh8 Te4 Ne3 re7", "w - - 0 1");
    let m = p.parse_move("e4e6").unwrap();
    assert_eq!(p.move_text(m), "e4e6");
}

#[test]
fn castling_is_written_as_the_kings_move_and_o_o_and_o_o_o_are_accepted() {
    let p = setup("Kf1 Rb1 Ri1 kf8", "w KQ - 0 1");
    let short = p.parse_move("f1h1").unwrap();
    assert_eq!(p.parse_move("O-O"), Ok(short));
    assert_eq!(p.parse_move("0-0"), Ok(short));
    assert_eq!(p.parse_move("O-O-O"), Ok(p.parse_move("f1d1").unwrap()));
    for m in ["f1h1", "f1i1", "f1d1", "f1c1"] {
        let mv = p.parse_move(m).unwrap();
        assert_eq!(p.move_text(mv), m);
        assert!(p.legal_move_list().contains(&mv));
    }
    assert_eq!(p.san(short), "O-O");
    assert_eq!(p.san(p.parse_move("f1i1").unwrap()), "Ki1");
    assert_eq!(p.san(p.parse_move("f1c1").unwrap()), "Kc1");
    assert_eq!(p.parse_move("Ki1"), p.parse_move("f1i1"));
}

#[test]
fn san_marks_a_turret_move_whose_sling_captures_as_a_capture() {
    let p = setup("Kf1 kh8 Te4 Ne3 re7", "w - - 0 1");
    let m = p.parse_move("e4e6").unwrap();
    assert_eq!(p.san(m), "Txe6");
    assert_eq!(p.parse_move("Txe6"), Ok(m));
    assert_eq!(p.san(p.parse_move("e4e5").unwrap()), "Te5");
}

#[test]
fn san_disambiguates_and_marks_check_mate_and_promotion() {
    let p = setup("Kf1 kh8 Rb4 Rg4 Ne2 Nc2", "w - - 0 1");
    assert_eq!(p.san(p.parse_move("b4e4").unwrap()), "Rbe4");
    assert_eq!(p.san(p.parse_move("c2d4").unwrap()), "Ncd4");
    let p = setup("Kf1 kh8 Rb4 Rb2", "w - - 0 1");
    assert_eq!(p.san(p.parse_move("b4b3").unwrap()), "R4b3");
    assert_eq!(p.san(p.parse_move("b4h4").unwrap()), "Rh4+");
    let p = setup("Kh6 kj8 Qi2", "w - - 0 1");
    assert_eq!(p.san(p.parse_move("i2i7").unwrap()), "Qi7#");
    // `B` is a file and the bishop: `B5g6` is SAN, `b5g6` long algebraic.
    let p = setup("Kf1 kb8 Bh5 Bh7", "w - - 0 1");
    let m = p.parse_move("h5g6").unwrap();
    assert_eq!(p.san(m), "B5g6");
    assert_eq!(p.parse_move("B5g6"), Ok(m));
    let p = setup("Kf1 kh5 Pe7 nd8", "w - - 0 1");
    assert_eq!(p.san(p.parse_move("e7d8q").unwrap()), "exd8=Q");
    assert_eq!(p.parse_move("exd8=Q"), p.parse_move("e7d8q"));
    assert_eq!(p.parse_move("exd8Q"), p.parse_move("e7d8q"));
}

#[test]
fn san_and_long_algebraic_read_back_every_legal_move_along_random_games() {
    for seed in 0..12u64 {
        let mut rng = SplitMix64::new(seed);
        let mut p = Turret::start(if seed % 2 == 0 {
            Rules::Standard
        } else {
            Rules::Kwagga
        });
        for _ in 0..100 {
            let ms = p.legal_move_list();
            if ms.is_empty() {
                break;
            }
            for &m in &ms {
                let san = p.san(m);
                assert_eq!(p.parse_move(&san), Ok(m), "{san} in {}", p.to_text());
                assert_eq!(p.parse_move(&p.move_text(m)), Ok(m));
            }
            p.play_unchecked(ms[rng.below(ms.len())]);
        }
    }
}

#[test]
fn unreadable_moves_are_errors() {
    let p = Turret::start(Rules::Standard);
    for t in [
        "", "x", "e9e4", "Qz9", "Ke2", "O-O-O-O", "e2e4e6", "Nf3", "é",
    ] {
        assert!(p.parse_move(t).is_err(), "{t}");
    }
}
