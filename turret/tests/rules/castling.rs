//! §4 Extended castling.
use super::common::*;
use chimera_core::{Color, Position};
use chimera_turret::{CastleSide, Cell};

const ALL: &str = "Kf1 Rb1 Ri1 Pb2 Pi2 kf8 rb8 ri8 pb7 pi7";
const RIGHTS: &str = "w KQkq - 0 1";

#[test]
fn the_king_moves_two_or_three_cells_toward_a_rook() {
    let p = setup(ALL, RIGHTS);
    for m in ["f1h1", "f1i1", "f1d1", "f1c1"] {
        assert!(legal(&p, m), "{m}");
    }
    assert!(!legal(&p, "f1b1") && !legal(&p, "f1j1"));
}

#[test]
fn the_rook_ends_on_the_cell_the_king_crossed_first() {
    let p = setup(ALL, RIGHTS);
    for (m, king, rook, empty) in [
        ("f1h1", "h1", "g1", "i1"),
        ("f1i1", "i1", "g1", "h1"),
        ("f1d1", "d1", "e1", "b1"),
        ("f1c1", "c1", "e1", "b1"),
    ] {
        let q = after(&p, m);
        assert_eq!(
            (at(&q, king), at(&q, rook), at(&q, empty), at(&q, "f1")),
            ('K', 'R', '.', '.'),
            "{m}"
        );
        assert_eq!(q.castling_rook(Color::White, CastleSide::King), None);
        assert_eq!(q.castling_rook(Color::White, CastleSide::Queen), None);
    }
}

#[test]
fn black_castles_likewise_on_rank_8() {
    let p = setup(ALL, "b KQkq - 0 1");
    for (m, king, rook) in [
        ("f8h8", "h8", "g8"),
        ("f8i8", "i8", "g8"),
        ("f8d8", "d8", "e8"),
        ("f8c8", "c8", "e8"),
    ] {
        let q = after(&p, m);
        assert_eq!((at(&q, king), at(&q, rook)), ('k', 'r'), "{m}");
    }
}

#[test]
fn when_the_king_lands_on_the_rooks_cell_the_rook_is_moved_first() {
    let q = after(&setup(ALL, RIGHTS), "f1i1");
    assert_eq!((at(&q, "i1"), at(&q, "g1")), ('K', 'R'));
    assert_eq!(q.by_color(Color::White).count(), 5);
}

#[test]
fn castling_needs_king_and_rook_that_never_moved_by_their_own_accord() {
    // The rook goes away and comes back by its own moves.
    let p = setup(ALL, RIGHTS);
    let q = after(&after(&after(&after(&p, "i1h1"), "b7b6"), "h1i1"), "b6b5");
    assert!(!legal(&q, "f1h1") && !legal(&q, "f1i1") && legal(&q, "f1d1"));
    // The king goes away and comes back.
    let q = after(&after(&after(&after(&p, "f1f2"), "b7b6"), "f2f1"), "b6b5");
    assert!(!legal(&q, "f1h1") && !legal(&q, "f1d1"));
}

#[test]
fn castling_needs_king_and_rook_on_their_initial_cells() {
    // The right lasts while the rook, thrown away, stands on e5.
    let p = setup("Kf1 Re5 kf8", "w Ke5 - 0 1");
    assert_eq!(
        p.castling_rook(Color::White, CastleSide::King),
        Cell::parse("e5")
    );
    assert!(!moves(&p).iter().any(|m| m == "f1h1" || m == "f1i1"));
    // The king thrown away from f1 cannot castle either.
    let p = setup("Ke2 Ri1 kf8", "w K - 0 1");
    assert!(!moves(&p)
        .iter()
        .any(|m| m.starts_with("e2") && (m.ends_with("g2") || m.ends_with("h2"))));
}

#[test]
fn castling_needs_every_cell_between_king_and_rook_empty() {
    let p = setup("Kf1 Rb1 Ri1 Nh1 Bc1 kf8", "w KQ - 0 1");
    for m in ["f1h1", "f1i1", "f1d1", "f1c1"] {
        assert!(!legal(&p, m), "{m}");
    }
}

#[test]
fn no_castling_out_of_check() {
    let p = setup("Kf1 Rb1 Ri1 kf8 rf7", "w KQ - 0 1");
    assert!(moves(&p)
        .iter()
        .all(|m| !["f1h1", "f1i1", "f1d1", "f1c1"].contains(&m.as_str())));
}

#[test]
fn no_castling_through_an_attacked_cell() {
    // g1 attacked: neither king-side form; h1 attacked: the three-cell form passes it.
    let p = setup("Kf1 Rb1 Ri1 kf8 rg8", "w KQ - 0 1");
    assert!(!legal(&p, "f1h1") && !legal(&p, "f1i1") && legal(&p, "f1d1"));
    let p = setup("Kf1 Rb1 Ri1 kf8 rh8", "w KQ - 0 1");
    assert!(!legal(&p, "f1h1") && !legal(&p, "f1i1"));
    // d1 attacked: the three-cell queen-side form passes it too.
    let p = setup("Kf1 Rb1 Ri1 kf8 rd8", "w KQ - 0 1");
    assert!(!legal(&p, "f1d1") && !legal(&p, "f1c1") && legal(&p, "f1h1"));
}

#[test]
fn no_castling_onto_an_attacked_cell() {
    // A bishop on f4 attacks i1 (through h2, g3): only the two-cell form remains.
    let p = setup("Kf1 Ri1 kf8 bf4", "w K - 0 1");
    assert!(legal(&p, "f1h1") && !legal(&p, "f1i1"));
    // c1 attacked: only f1d1 on the queen side.
    let p = setup("Kf1 Rb1 kf8 rc8", "w Q - 0 1");
    assert!(legal(&p, "f1d1") && !legal(&p, "f1c1"));
}

#[test]
fn castling_rights_follow_the_pieces() {
    // Each part of the ruling has its own test below; here the rights are seen to belong to
    // the original rook wherever it is thrown.
    let p = setup("Kf1 Ri1 Ti2 kf8 pb7", "w K - 0 1");
    let q = after(&p, "i2i4"); // the rook is thrown from i1 to i5
    assert_eq!(at(&q, "i5"), 'R');
    assert_eq!(
        q.castling_rook(Color::White, CastleSide::King),
        Cell::parse("i5")
    );
}

#[test]
fn a_rook_thrown_away_and_back_keeps_its_right() {
    let p = setup("Kf1 Ri1 Ti2 kf8 pb7", "w K - 0 1");
    let q = after(&after(&p, "i2i4"), "b7b6"); // rook i1 → i5
    assert!(!legal(&q, "f1h1"));
    let r = after(&after(&q, "i4i2"), "b6b5"); // back: the Turret i4 → i2 throws i5 → i1
    assert_eq!(at(&r, "i1"), 'R');
    assert_eq!(
        r.castling_rook(Color::White, CastleSide::King),
        Cell::parse("i1")
    );
    assert!(legal(&r, "f1h1"));
}

#[test]
fn a_king_thrown_away_and_back_keeps_its_rights() {
    let p = setup("Kf1 Rb1 Ri1 Tf2 ka8 pb7", "w KQ - 0 1");
    let q = after(&after(&p, "f2f4"), "b7b6");
    assert_eq!(q.king(Color::White), Cell::parse("f5"));
    let r = after(&after(&q, "f4f2"), "b6b5");
    assert_eq!(r.king(Color::White), Cell::parse("f1"));
    for m in ["f1h1", "f1i1", "f1d1", "f1c1"] {
        assert!(legal(&r, m), "{m}");
    }
}

#[test]
fn moving_by_its_own_accord_loses_the_right() {
    let p = setup(ALL, RIGHTS);
    let q = after(&p, "i1h1");
    assert_eq!(q.castling_rook(Color::White, CastleSide::King), None);
    assert_eq!(
        q.castling_rook(Color::White, CastleSide::Queen),
        Cell::parse("b1")
    );
    let q = after(&p, "f1e2");
    assert_eq!(q.castling_rook(Color::White, CastleSide::Queen), None);
    // Castling is the king's own move: both rights go.
    let q = after(&p, "f1h1");
    assert_eq!(q.to_text().split_whitespace().nth(2), Some("kq"));
}

#[test]
fn a_rook_merely_arriving_on_the_corner_cell_has_none() {
    // The original rook is captured on i1; another rook then moves there.
    let p = setup("Kf1 Ri1 Ri5 kf8 bf4", "b K - 0 1");
    let q = after(&p, "f4i1");
    assert_eq!(q.castling_rook(Color::White, CastleSide::King), None);
    let r = after(&after(&q, "i5i1"), "f8e8");
    assert!(!legal(&r, "f1h1"));
    // A rook thrown onto i1 has none either: the Turret g3 → h2 (south-east) throws the
    // rook on f4 to i1.
    let p = setup("Kf1 Rf4 Tg3 kc8", "w - - 0 1");
    let q = after(&p, "g3h2");
    assert_eq!(at(&q, "i1"), 'R');
    assert_eq!(q.castling_rook(Color::White, CastleSide::King), None);
    assert!(!legal(&after(&q, "c8d8"), "f1h1"));
}

#[test]
fn a_captured_rook_loses_its_right() {
    let p = setup("Kf1 Ri1 kf8 bf4", "b K - 0 1");
    let q = after(&p, "f4i1");
    assert_eq!(q.castling_rook(Color::White, CastleSide::King), None);
    assert_eq!(q.to_text().split_whitespace().nth(2), Some("-"));
}
