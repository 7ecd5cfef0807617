//! One test per rule of `chess/RULES.md`, named after it.
use chimera_chess::prelude::*;
use std::collections::BTreeSet;

fn pos(fen: &str) -> Chess {
    Chess::from_text(fen, Rules::default()).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves as UCI texts.
fn moves(p: &Chess) -> BTreeSet<String> {
    p.legal_move_list()
        .into_iter()
        .map(|m| p.move_text(m))
        .collect()
}

/// The destinations of the legal moves from one square.
fn from(p: &Chess, square: &str) -> BTreeSet<String> {
    moves(p)
        .into_iter()
        .filter(|m| m.starts_with(square))
        .map(|m| m[2..].to_string())
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn game(fen: &str, record: &[&str]) -> Game<Chess> {
    let mut g = Game::new(pos(fen));
    for m in record {
        g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

#[test]
fn board_and_setup() {
    let p = Chess::start(Rules::default());
    assert_eq!(p.to_text(), START_FEN);
    let e1 = Square::parse("e1").unwrap();
    assert_eq!(
        p.piece_at(e1),
        Some(Piece {
            color: Color::White,
            role: Role::King
        })
    );
    assert_eq!(
        p.piece_at(Square::parse("d8").unwrap()).map(|x| x.role),
        Some(Role::Queen)
    );
    // h1 is a light square at White's right.
    assert!(p.svg(None).contains(
        r##"id="cell-h1" class="cell" data-cell="h1" points="420,420 476,420 476,476 420,476" fill="#f0d9b5""##
    ));
    assert_eq!(moves(&p).len(), 20);
}

#[test]
fn king_moves_one_square_and_never_into_check() {
    let p = pos("7k/8/8/8/8/8/8/K6r w - - 0 1");
    assert_eq!(from(&p, "a1"), set(&["a2", "b2"]));
    let q = pos("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
    assert_eq!(
        from(&q, "e1"),
        set(&["d2", "f1"]),
        "d1, e2 and f2 are attacked by the rook"
    );
}

#[test]
fn sliders_stop_at_the_first_piece() {
    let p = pos("4k3/8/8/3p4/8/1P6/8/R2QK2B w - - 0 1");
    assert_eq!(
        from(&p, "a1"),
        set(&["a2", "a3", "a4", "a5", "a6", "a7", "a8", "b1", "c1"])
    );
    assert!(
        from(&p, "d1").contains("d5"),
        "the queen captures the first enemy piece"
    );
    assert!(!from(&p, "d1").contains("d6"));
    assert_eq!(from(&p, "h1"), set(&["g2", "f3", "e4", "d5"]));
}

#[test]
fn knight_jumps() {
    let p = Chess::start(Rules::default());
    assert_eq!(from(&p, "g1"), set(&["f3", "h3"]));
    let q = pos("4k3/8/8/8/3N4/8/7P/4K3 w - - 0 1");
    assert_eq!(from(&q, "d4").len(), 8);
}

#[test]
fn pawn_steps_double_steps_and_captures() {
    let p = pos("4k3/8/8/8/8/p1p5/1P5P/4K3 w - - 0 1");
    assert_eq!(from(&p, "b2"), set(&["a3", "b3", "b4", "c3"]));
    let q = pos("4k3/8/8/8/8/7n/7P/4K3 w - - 0 1");
    assert!(
        from(&q, "h2").is_empty(),
        "blocked, and a pawn does not capture forwards"
    );
    let r = pos("4k3/8/8/8/8/8/4p3/K7 b - - 0 1");
    assert_eq!(from(&r, "e2").len(), 4, "Black's pawns move down the board");
}

#[test]
fn en_passant_only_on_the_next_move() {
    let mut g = game("4k3/2p5/8/3P4/8/8/8/4K3 b - - 0 1", &["c7c5"]);
    assert!(
        g.position().to_text().contains(" c6 "),
        "the square passed over is recorded"
    );
    assert!(
        g.play_text("d5c6").is_ok(),
        "captured as if it had made a single step"
    );
    assert_eq!(g.position().piece_at(Square::parse("c5").unwrap()), None);
    let mut late = game(
        "4k3/2p5/8/3P4/8/8/8/4K3 b - - 0 1",
        &["c7c5", "e1e2", "e8e7"],
    );
    assert!(late.play_text("d5c6").is_err(), "only on the next move");
    // Not when it would expose the king along the rank.
    let pinned = game("8/8/8/8/R3p1k1/8/3P4/4K3 w - - 0 1", &["d2d4"]);
    assert!(!moves(pinned.position()).contains("e4d3"));
    assert!(
        pinned.position().to_text().contains(" - 0 1"),
        "no en-passant square kept"
    );
}

#[test]
fn promotion_to_four_pieces() {
    let p = pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(from(&p, "b7"), set(&["b8b", "b8n", "b8q", "b8r"]));
    assert!(
        p.parse_move("b7b8")
            .is_ok_and(|m| !p.legal_move_list().contains(&m)),
        "must choose a piece"
    );
    let mut g = Game::new(p);
    g.play_text("b8=N").unwrap();
    assert_eq!(
        g.position()
            .piece_at(Square::parse("b8").unwrap())
            .map(|x| x.role),
        Some(Role::Knight)
    );
}

#[test]
fn castling_conditions() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(moves(&p).is_superset(&set(&["e1g1", "e1c1"])));
    let mut g = Game::new(p.clone());
    g.play_text("O-O").unwrap();
    let after = g.position();
    assert_eq!(
        after.piece_at(Square::parse("f1").unwrap()).map(|x| x.role),
        Some(Role::Rook)
    );
    assert!(after.to_text().contains(" kq "), "White's rights are gone");
    // Through an attacked square, out of check, with a piece between: no.
    let crossed = pos("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1");
    assert!(!moves(&crossed).contains("e1g1") && moves(&crossed).contains("e1c1"));
    let in_check = pos("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1");
    assert!(!moves(&in_check).contains("e1g1") && !moves(&in_check).contains("e1c1"));
    let blocked = pos("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1");
    assert!(
        !moves(&blocked).contains("e1c1"),
        "b1 must be empty even though the king does not cross it"
    );
    // The right is lost when the rook moves or is captured.
    let g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &["a1a8"]);
    assert!(g.position().to_text().contains(" Kk "));
    // A right needs its king and rook at home.
    assert!(Chess::from_text("r3k2r/8/8/8/8/8/8/R3K1R1 w KQkq - 0 1", Rules::default()).is_err());
}

#[test]
fn no_move_leaves_the_king_in_check() {
    let pinned = pos("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    assert!(
        from(&pinned, "e2").is_empty(),
        "a pinned knight cannot move"
    );
    // In check along the first rank: only blocking moves; f1, on the line beyond the
    // king, is attacked too.
    let in_check = pos("4k3/8/8/8/8/2N5/3PPP2/r3K3 w - - 0 1");
    assert_eq!(moves(&in_check), set(&["c3b1", "c3d1"]));
    let double = pos("4k3/8/8/8/8/5n2/3P1P2/r3K2B w - - 0 1");
    assert_eq!(
        moves(&double),
        set(&["e1e2"]),
        "double check: only the king moves"
    );
    let single = pos("4k3/8/8/8/8/5n2/3P1P2/4K2B w - - 0 1");
    assert!(
        moves(&single).contains("h1f3"),
        "a single check may be answered by capturing"
    );
}

#[test]
fn checkmate_wins() {
    let g = game(START_FEN, &["f3", "e5", "g4", "Qh4#"]);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Checkmate
        })
    );
    assert!(g.legal_move_list().is_empty());
}

#[test]
fn stalemate_draws() {
    let p = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Stalemate
        })
    );
}

#[test]
fn insufficient_material_draws() {
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4KN2 w - - 0 1",
        "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1",
    ] {
        assert_eq!(
            pos(fen).outcome(),
            Some(Outcome::Draw {
                reason: DrawReason::InsufficientMaterial
            }),
            "{fen}"
        );
    }
    for fen in [
        "4k3/8/8/8/8/8/8/3NKN2 w - - 0 1",
        "4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "4k3/8/8/8/8/8/P7/4K3 w - - 0 1",
    ] {
        assert_eq!(pos(fen).outcome(), None, "{fen}");
    }
}

#[test]
fn threefold_repetition_draws() {
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let mut g = game(START_FEN, &shuffle);
    assert_eq!(g.outcome(), None, "twice");
    for m in &shuffle[..3] {
        g.play_text(m).unwrap();
    }
    assert_eq!(g.outcome(), None);
    g.play_text(shuffle[3]).unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        })
    );
    // Castling rights are part of the position: after the kings move and come back the
    // start position is not repeated.
    let kings = [
        "e2e4", "e7e5", "e1e2", "e8e7", "e2e1", "e7e8", "e1e2", "e8e7", "e2e1", "e7e8",
    ];
    let g = game(START_FEN, &kings);
    assert_eq!(g.outcome(), None);
}

#[test]
fn fifty_move_rule_draws() {
    let near = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80";
    let g = game(near, &["a1a2"]);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::MoveLimit
        })
    );
    assert!(g.legal_move_list().is_empty());
    let reset = game("4k3/8/8/8/8/8/r7/R3K3 w - - 99 80", &["a1a2"]);
    assert_eq!(reset.outcome(), None, "a capture resets the count");
    // A checkmate given on the hundredth ply stands.
    let mate = game("k7/8/1K6/8/8/8/8/7R w - - 99 80", &["h1h8"]);
    assert_eq!(mate.outcome().and_then(|o| o.winner()), Some(Color::White));
}

#[test]
fn fen_round_trips_and_counters_never_overflow() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 b - - 4294967295 4294967295";
    let mut p = pos(fen);
    let mv = p.parse_move("e8e7").unwrap();
    p.play(mv).unwrap_err();
    let high = "4k3/8/8/8/8/8/8/R3K3 b - - 5 4294967295";
    let mut q = pos(high);
    q.play(q.parse_move("e8e7").unwrap()).unwrap();
    let text = q.to_text();
    assert!(text.ends_with(" 6 4294967295"), "{text}");
    assert_eq!(pos(&text), q);
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/R3K3 w - -").to_text(),
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
    );
    for (bad, place) in [
        ("4k3/8/8/8/8/8/8/R3K3 w - - x 1", "field 5"),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 0", "field 6"),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 4294967296", "field 6"),
        ("4k3/8/8/8/9/8/8/R3K3 w - - 0 1", "row 5"),
        ("4k3/8/8/8/8/8/8/R3K3 x - - 0 1", "field 2"),
        ("4k3/8/8/8/8/8/8/R3K3 w Z - 0 1", "field 3"),
        ("4k3/8/8/8/8/8/8/R3K3 w - e4 0 1", "field 4"),
        ("4k3/8/8/8/8/8/8/R7 w - - 0 1", "field 1"),
        ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "a8"),
        ("4k3/8/8/8/8/8/8/4K2r b - - 0 1", "field 2"),
    ] {
        let err = Chess::from_text(bad, Rules::default()).unwrap_err();
        assert!(err.place.contains(place), "{bad}: {err}");
    }
}

#[test]
fn moves_read_in_uci_and_san() {
    let p = Chess::start(Rules::default());
    let e4 = p.parse_move("e2e4").unwrap();
    for text in ["e4", "E2-E4", "e2e4", "e2-e4+"] {
        assert_eq!(p.parse_move(text), Ok(e4), "{text}");
    }
    assert_eq!(p.move_text(p.parse_move("Nf3").unwrap()), "g1f3");
    assert!(p.parse_move("Nf4").is_err());
    assert!(p.parse_move("").is_err());
    assert!(p.parse_move("e2e9").is_err());
    let q = pos("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    assert_eq!(q.move_text(q.parse_move("0-0-0").unwrap()), "e8c8");
    let two_knights = pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    let nd2 = two_knights.parse_move("b1d2").unwrap();
    assert_eq!(two_knights.san(nd2), "Nbd2");
    assert_eq!(two_knights.parse_move("Nbd2"), Ok(nd2));
    assert!(two_knights.parse_move("Nd2").is_err(), "ambiguous");
    // Every legal move's SAN reads back.
    for p in [Chess::start(Rules::default()), q, two_knights] {
        for m in p.legal_move_list() {
            assert_eq!(p.parse_move(&p.san(m)), Ok(m), "{}", p.san(m));
        }
    }
}

#[test]
fn an_illegal_move_changes_nothing() {
    let mut g: Game<Chess> = Game::start(Rules::default());
    let before = g.clone();
    assert!(g.play_text("e2e5").is_err());
    assert!(g.play_text("O-O").is_err());
    assert!(g.play_text("garbage").is_err());
    assert_eq!(g, before);
}

#[test]
fn the_text_diagram_marks_the_last_move() {
    let before = Chess::start(Rules::default());
    let mv = before.parse_move("e4").unwrap();
    let mut after = before.clone();
    after.play(mv).unwrap();
    let d = after.text_diagram(Some((&before, mv)));
    assert!(
        d.contains("[P]") && d.contains("Last move: e4") && d.contains("black to move"),
        "{d}"
    );
    assert!(after
        .text_diagram_flipped(None)
        .unwrap()
        .starts_with("    h "));
    let svg = after.svg(Some((&before, mv)));
    assert_eq!(svg.matches("data-cell=").count(), 64);
}

#[test]
fn every_rule_has_its_test() {
    let rules = include_str!("../RULES.md");
    let tests = include_str!("rules.rs");
    let names: Vec<&str> = rules
        .split("(test `")
        .skip(1)
        .filter_map(|rest| rest.split('`').next())
        .collect();
    assert_eq!(names.len(), 16);
    for name in names {
        assert!(tests.contains(&format!("fn {name}()")), "no test `{name}`");
    }
}
