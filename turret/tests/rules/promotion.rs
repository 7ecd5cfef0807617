//! §3 Promotion.
use super::common::*;
use chimera_core::Position;

#[test]
fn a_pawn_reaching_its_last_rank_promotes_to_queen_rook_bishop_knight_or_turret() {
    let p = setup("Kf1 kh8 Pc7", "w - - 0 1");
    let m: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("c7"))
        .collect();
    assert_eq!(m, ["c7c8b", "c7c8n", "c7c8q", "c7c8r", "c7c8t"]);
    let q = after(&p, "c7c8t");
    assert_eq!(at(&q, "c8"), 'T');
    // Black promotes on rank 1.
    let p = setup("Kf8 kh3 pc2", "b - - 0 1");
    assert_eq!(at(&after(&p, "c2c1t"), "c1"), 't');
}

#[test]
fn a_promotion_by_capture_offers_the_same_choice() {
    let p = setup("Kf1 kh8 Pc7 nb8 nd8", "w - - 0 1");
    let m: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("c7"))
        .collect();
    assert_eq!(m.len(), 15);
    assert!(m.contains(&"c7b8t".to_string()) && m.contains(&"c7d8q".to_string()));
}

#[test]
fn a_pawn_may_promote_on_an_extra_corner_cell() {
    let p = setup("Kf1 kh8 Pb7 na8", "w - - 0 1");
    assert!(legal(&p, "b7a8q"));
    assert_eq!(at(&after(&p, "b7a8t"), "a8"), 'T');
}

#[test]
fn pawns_never_stand_on_their_first_or_last_rank() {
    let err = chimera_turret::Turret::from_text(
        "4kP4/*8*/*8*/*8*/*8*/*8*/*8*/5K4 w - - 0 1",
        chimera_turret::Rules::Standard,
    )
    .unwrap_err();
    assert!(err.reason.contains("pawn"), "{err}");
}
