//! §2 The Turret.
use super::common::*;
use chimera_core::{Color, Position};
use chimera_turret::{CastleSide, Cell, Piece, Role};

#[test]
fn turret_slides_like_a_queen_onto_empty_cells() {
    let p = setup("Kf1 kh8 Te4", "w - - 0 1");
    let d = dests(&p, "e4");
    // N e5–e8, S e3–e1, E f4–i4, W d4–b4, NE f5–i8, NW d5–a8, SE f3–h1, SW d3–b1.
    assert_eq!(d.len(), 4 + 3 + 4 + 3 + 4 + 4 + 3 + 3, "{d:?}");
    for c in ["e8", "e1", "i4", "b4", "i8", "a8", "h1", "b1"] {
        assert!(d.contains(&c.to_string()), "{c}");
    }
}

#[test]
fn turret_never_captures_by_its_own_move() {
    let p = setup("Kf1 kh8 Te4 ne6 nb4", "w - - 0 1");
    let d = dests(&p, "e4");
    assert!(d.contains(&"e5".to_string()));
    assert!(!d.contains(&"e6".to_string()) && !d.contains(&"b4".to_string()));
    assert!(!d.contains(&"e7".to_string()));
}

#[test]
fn sling_throws_the_piece_behind_the_start_to_the_cell_beyond_the_destination() {
    let p = setup("Kf1 kh8 Te4 Ne3", "w - - 0 1");
    let q = after(&p, "e4e6");
    assert_eq!(
        (at(&q, "e3"), at(&q, "e4"), at(&q, "e6"), at(&q, "e7")),
        ('.', '.', 'T', 'N')
    );
    let q = after(&p, "e4e5");
    assert_eq!((at(&q, "e3"), at(&q, "e5"), at(&q, "e6")), ('.', 'T', 'N'));
    // Diagonally: the Turret goes d5 → b7 (north-west); the piece behind its start, on e4,
    // lands on a8.
    let p = setup("Kf1 kh8 Td5 Be4", "w - - 0 1");
    let q = after(&p, "d5b7");
    assert_eq!((at(&q, "e4"), at(&q, "b7"), at(&q, "a8")), ('.', 'T', 'B'));
}

#[test]
fn sling_throws_pieces_of_either_colour_kings_included() {
    let p = setup("Kf1 kh8 Te4 ne3", "w - - 0 1");
    assert_eq!(at(&after(&p, "e4e6"), "e7"), 'n');
    let p = setup("Ke3 kh8 Te4", "w - - 0 1");
    let q = after(&p, "e4e6");
    assert_eq!(q.king(Color::White), Cell::parse("e7"));
}

#[test]
fn sling_captures_an_enemy_of_the_turrets_owner_on_the_landing_cell() {
    let p = setup("Kf1 kh8 Te4 Ne3 re7", "w - - 0 1");
    let q = after(&p, "e4e6");
    assert_eq!(at(&q, "e7"), 'N');
    assert!(q.by_role(Role::Rook).is_empty());
    assert_eq!(q.halfmove_clock(), 0);
    // Even an enemy piece thrown captures the piece of its own side it lands on.
    let p = setup("Kf1 kh8 Te4 ne3 re7", "w - - 0 1");
    let q = after(&p, "e4e6");
    assert_eq!(at(&q, "e7"), 'n');
    assert!(q.by_role(Role::Rook).is_empty());
}

#[test]
fn sling_is_compulsory() {
    let p = setup("Kf1 kh8 Te4 Ne3", "w - - 0 1");
    // One move only from e4 to e6, and it throws.
    assert_eq!(moves(&p).iter().filter(|m| m.as_str() == "e4e6").count(), 1);
    for q in [after(&p, "e4e5"), after(&p, "e4e6"), after(&p, "e4e7")] {
        assert_eq!(at(&q, "e3"), '.');
    }
}

#[test]
fn nothing_is_thrown_when_the_landing_cell_does_not_exist() {
    // Off the board: the Turret stops on the last rank.
    let p = setup("Kf1 kh8 Te4 Ne3", "w - - 0 1");
    let q = after(&p, "e4e8");
    assert_eq!((at(&q, "e3"), at(&q, "e8")), ('N', 'T'));
    // A missing cell: going west to b4, the landing cell a4 does not exist.
    let p = setup("Kf1 kh8 Te4 Nf4", "w - - 0 1");
    let q = after(&p, "e4b4");
    assert_eq!((at(&q, "f4"), at(&q, "b4")), ('N', 'T'));
}

#[test]
fn nothing_is_thrown_when_the_landing_cell_holds_a_piece_of_the_turrets_owner() {
    let p = setup("Kf1 kh8 Te4 Ne3 Pe7", "w - - 0 1");
    let q = after(&p, "e4e6");
    assert_eq!((at(&q, "e3"), at(&q, "e6"), at(&q, "e7")), ('N', 'T', 'P'));
}

#[test]
fn nothing_is_thrown_when_a_pawn_would_land_on_its_own_first_rank() {
    let p = setup("Kh3 kh8 Te4 Pe5", "w - - 0 1");
    let q = after(&p, "e4e2");
    assert_eq!((at(&q, "e5"), at(&q, "e2"), at(&q, "e1")), ('P', 'T', '.'));
    // One cell less and the pawn lands on its second rank.
    let q = after(&p, "e4e3");
    assert_eq!((at(&q, "e5"), at(&q, "e2")), ('.', 'P'));
    // Black's pawn on rank 8 likewise.
    let p = setup("Kh3 kh8 td5 pd4", "b - - 0 1");
    let q = after(&p, "d5d7");
    assert_eq!((at(&q, "d4"), at(&q, "d8")), ('p', '.'));
}

#[test]
fn a_pawn_thrown_onto_its_last_rank_becomes_a_queen() {
    let p = setup("Kf1 kh8 Te4 Pe3", "w - - 0 1");
    let q = after(&p, "e4e7");
    assert_eq!(at(&q, "e8"), 'Q');
    // A Black pawn thrown by White onto rank 1 becomes a Black queen.
    let p = setup("Kh3 kh8 Te5 pe6", "w - - 0 1");
    let q = after(&p, "e5e2");
    assert_eq!(at(&q, "e1"), 'q');
}

#[test]
fn a_thrown_piece_never_counts_as_having_moved_by_its_own_accord() {
    // The king is thrown away (f2 → f4 throws f1 to f5) and back (f4 → f2 throws f5 to f1).
    let p = setup("Kf1 Ri1 Tf2 ka8 pb7", "w K - 0 1");
    let q = after(&after(&p, "f2f4"), "b7b6");
    assert_eq!(q.king(Color::White), Cell::parse("f5"));
    assert_eq!(
        q.castling_rook(Color::White, CastleSide::King),
        Cell::parse("i1")
    );
    let r = after(&after(&q, "f4f2"), "b6b5");
    assert_eq!(r.king(Color::White), Cell::parse("f1"));
    assert!(legal(&r, "f1h1") && legal(&r, "f1i1"));
}

#[test]
fn a_thrown_pawn_creates_no_en_passant_right() {
    // The pawn on e2 is thrown over e3 and e4 to e5, beside a Black pawn on f5: no right.
    let p = setup("Kf1 kh8 Te3 Pe2 pf5", "w - - 0 1");
    let q = after(&p, "e3e4");
    assert_eq!(at(&q, "e5"), 'P');
    assert_eq!(q.ep_cell(), None);
    assert_eq!(q.to_text().split_whitespace().nth(3), Some("-"));
}

#[test]
fn a_pawn_thrown_back_onto_its_second_rank_may_double_step_again() {
    // Turret f4 → e3 (south-west) throws the pawn on g5 to d2.
    let p = setup("Kf1 kh8 Tf4 Pg5", "w - - 0 1");
    let q = after(&p, "f4e3");
    assert_eq!(at(&q, "d2"), 'P');
    let r = after(&q, "h8h7");
    assert!(legal(&r, "d2d4"));
}

#[test]
fn the_thrown_piece_lands_beyond_the_destination_never_on_the_turrets_path_or_start() {
    for k in 1..=3 {
        let p = setup("Kf1 kh8 Te4 Ne3", "w - - 0 1");
        let to = format!("e{}", 4 + k);
        let q = after(&p, &format!("e4{to}"));
        let landing = format!("e{}", 5 + k);
        assert_eq!(at(&q, &landing), 'N');
        for r in 3..4 + k {
            assert_eq!(at(&q, &format!("e{r}")), '.', "path and start stay empty");
        }
    }
}

#[test]
fn a_sling_that_captures_or_throws_a_pawn_resets_the_halfmove_clock() {
    let p = setup("Kf1 kh8 Te4 Pe3", "w - - 7 20");
    assert_eq!(after(&p, "e4e5").halfmove_clock(), 0);
    let p = setup("Kf1 kh8 Te4 Ne3", "w - - 7 20");
    assert_eq!(after(&p, "e4e5").halfmove_clock(), 8);
    let p = setup("Kf1 kh8 Te4 Ne3 pe7", "w - - 7 20");
    assert_eq!(after(&p, "e4e6").halfmove_clock(), 0);
}

#[test]
fn the_sling_is_described_by_sling() {
    let p = setup("Kf1 kh8 Te4 Ne3 re7", "w - - 0 1");
    let mv = p.parse_move("e4e6").unwrap();
    let s = p.sling(mv).unwrap();
    assert_eq!(
        (s.from, s.to),
        (Cell::parse("e3").unwrap(), Cell::parse("e7").unwrap())
    );
    assert_eq!(s.piece, Piece::new(Color::White, Role::Knight));
    assert_eq!(s.captured, Some(Piece::new(Color::Black, Role::Rook)));
    assert!(!s.promotes);
    assert!(p.sling(p.parse_move("e4e8").unwrap()).is_none());
}
