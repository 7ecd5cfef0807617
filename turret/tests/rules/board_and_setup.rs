//! §1 Board and setup.
use super::common::*;
use chimera_core::{Color, Game, Position};
use chimera_turret::{Cell, Piece, Role, Rules, Turret, START_FEN};

#[test]
fn board_has_68_cells_with_a2_to_a7_and_j2_to_j7_missing() {
    assert_eq!(Cell::all().count(), 68);
    for r in 2..=7 {
        assert!(Cell::parse(&format!("a{r}")).is_none());
        assert!(Cell::parse(&format!("j{r}")).is_none());
    }
    for c in ["a1", "a8", "j1", "j8", "b2", "i7", "e4"] {
        assert!(Cell::parse(c).is_some(), "{c}");
    }
}

#[test]
fn no_piece_may_stand_on_or_pass_through_missing_cells() {
    // A rook on b4 has no way west; a rook on a1 has no way north.
    let p = setup("Kf1 kf8 Rb4 Ra1", "w - - 0 1");
    assert!(!dests(&p, "b4").iter().any(|d| d.starts_with('a')));
    assert_eq!(dests(&p, "a1"), ["b1", "c1", "d1", "e1"]);
    // A queen on b2 reaches a1 along the diagonal, but not a3.
    let p = setup("Kf1 kf8 Qb2", "w - - 0 1");
    let d = dests(&p, "b2");
    assert!(d.contains(&"a1".to_string()) && !d.contains(&"a3".to_string()));
    // A knight on c3 does not land on a2 or a4.
    let p = setup("Kf1 kf8 Nc3", "w - - 0 1");
    assert_eq!(dests(&p, "c3"), ["b1", "b5", "d1", "d5", "e2", "e4"]);
    // A position text cannot put a piece on a missing cell.
    let err = Turret::from_text("5k4/*8*/*8*/*8*/R8*/*8*/*8*/5K4 w - - 0 1", Rules::Standard)
        .unwrap_err();
    assert!(err.reason.contains("not on the board"), "{err}");
    assert_eq!(err.place, "row 5 (rank 4), column 1");
}

#[test]
fn setup_is_the_orthodox_array_on_files_b_to_i_with_a_turret_on_each_extra_cell() {
    let p = Turret::start(Rules::Standard);
    assert_eq!(p.to_text(), START_FEN);
    let back = [
        Role::Rook,
        Role::Knight,
        Role::Bishop,
        Role::Queen,
        Role::King,
        Role::Bishop,
        Role::Knight,
        Role::Rook,
    ];
    for (i, &role) in back.iter().enumerate() {
        let f = i as u8 + 1;
        assert_eq!(
            p.piece_at(Cell::new(f, 0).unwrap()),
            Some(Piece::new(Color::White, role))
        );
        assert_eq!(
            p.piece_at(Cell::new(f, 7).unwrap()),
            Some(Piece::new(Color::Black, role))
        );
        assert_eq!(
            p.piece_at(Cell::new(f, 1).unwrap()),
            Some(Piece::new(Color::White, Role::Pawn))
        );
        assert_eq!(
            p.piece_at(Cell::new(f, 6).unwrap()),
            Some(Piece::new(Color::Black, Role::Pawn))
        );
    }
    for (cell, color) in [
        ("a1", Color::White),
        ("j1", Color::White),
        ("a8", Color::Black),
        ("j8", Color::Black),
    ] {
        assert_eq!(
            p.piece_at(Cell::parse(cell).unwrap()),
            Some(Piece::new(color, Role::Turret))
        );
    }
    assert_eq!(p.occupied().count(), 36);
}

#[test]
fn white_king_starts_on_f1_black_king_on_f8_and_white_moves_first() {
    let p = Turret::start(Rules::Standard);
    assert_eq!(p.king(Color::White), Cell::parse("f1"));
    assert_eq!(p.king(Color::Black), Cell::parse("f8"));
    assert_eq!(p.turn(), Color::White);
}

#[test]
fn everything_else_is_orthodox_chess_pawns_step_double_step_and_capture() {
    let p = setup("Kf1 kf8 Pe2 pd3 pf3 Pc2 pc3", "w - - 0 1");
    assert_eq!(dests(&p, "e2"), ["d3", "e3", "e4", "f3"]);
    assert_eq!(dests(&p, "c2"), ["d3"]);
    // The start position has the orthodox 20 moves.
    assert_eq!(Turret::start(Rules::Standard).legal_move_list().len(), 20);
}

#[test]
fn everything_else_is_orthodox_chess_en_passant() {
    let p = setup("Kf1 kf8 Pe5 pd7", "b - - 0 1");
    let p = after(&p, "d7d5");
    assert_eq!(p.ep_cell(), Cell::parse("d6"));
    let q = after(&p, "e5d6");
    assert_eq!(at(&q, "d5"), '.');
    assert_eq!(at(&q, "d6"), 'P');
    // The right lasts one move only.
    let r = after(&after(&p, "f1g1"), "f8g8");
    assert!(!legal(&r, "e5d6"));
}

#[test]
fn everything_else_is_orthodox_chess_the_king_may_not_move_into_check() {
    let p = setup("Kf1 kf8 re8", "w - - 0 1");
    assert!(!legal(&p, "f1e1") && !legal(&p, "f1e2") && legal(&p, "f1g2"));
    let mut g = Game::new(p);
    assert!(g.play_text("f1e1").is_err());
}

#[test]
fn a_move_fits_in_4_bytes_and_a_position_stays_small() {
    assert!(std::mem::size_of::<chimera_turret::Move>() <= 4);
    assert!(std::mem::size_of::<Option<chimera_turret::Move>>() <= 8);
    assert!(
        std::mem::size_of::<Turret>() <= 288,
        "{}",
        std::mem::size_of::<Turret>()
    );
}
