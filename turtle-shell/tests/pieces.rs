//! Rules section "Pieces": rook, guard, king, knight, pawn, and the setup.

use crate::common;

use chimera_core::{Color, Position};
use chimera_turtle_shell::board_data as bd;
use chimera_turtle_shell::{Cell, Role, Rules, TurtleShell};
use common::{cell, moves_from, pos};

fn targets(p: &TurtleShell, from: &str) -> Vec<String> {
    moves_from(p, from)
        .iter()
        .map(|m| m[3..5].to_string())
        .collect()
}

fn cells(mask: u64) -> Vec<String> {
    let mut v: Vec<String> = Cell::ALL
        .iter()
        .filter(|c| mask & c.bit() != 0)
        .map(|c| c.name().to_string())
        .collect();
    v.sort();
    v
}

#[test]
fn each_side_has_king_two_guards_two_knights_two_rooks_seven_pawns() {
    let p = TurtleShell::start(Rules::default());
    for color in Color::ALL {
        let count = |piece| p.bitboard(color, piece).count_ones();
        assert_eq!(count(Role::King), 1);
        assert_eq!(count(Role::Guard), 2);
        assert_eq!(count(Role::Knight), 2);
        assert_eq!(count(Role::Rook), 2);
        assert_eq!(count(Role::Pawn), 7);
    }
    assert_eq!(p.piece_at(cell("E1")), Some((Color::White, Role::King)));
    assert_eq!(p.piece_at(cell("E8")), Some((Color::Black, Role::King)));
    assert_eq!(p.piece_at(cell("B0")), Some((Color::White, Role::Rook)));
    assert_eq!(p.piece_at(cell("D5")), None);
    assert_eq!(p.king(Color::Black), Some(cell("E8")));
    assert_eq!(p.turn(), Color::White);
}

#[test]
fn piece_letters() {
    let letters: String = Role::ALL.iter().map(|p| p.char()).collect();
    assert_eq!(letters, "KGNRPMVA");
    for p in Role::ALL {
        assert_eq!(Role::from_char(p.char().to_ascii_lowercase()), Some(p));
    }
}

#[test]
fn rook_slides_until_blocked_on_an_empty_board() {
    // From B1 on an otherwise empty board (but for the kings), along every table.
    let p = common::with_kings("RB1", "", 'w');
    let mut expected: Vec<String> = (0..8)
        .flat_map(|t| {
            let mut v = Vec::new();
            let mut x = cell("B1");
            while let Some(n) = x.step(t) {
                match p.piece_at(n) {
                    None => v.push(n.name().to_string()),
                    Some((Color::White, _)) => break,
                    Some(_) => {
                        v.push(n.name().to_string());
                        break;
                    }
                }
                x = n;
            }
            v
        })
        .collect();
    expected.sort();
    expected.dedup();
    assert_eq!(targets(&p, "B1"), expected);
}

#[test]
fn rook_follows_the_same_table() {
    // From B1, table `e` runs B2 C2 D2 F2 G2 G1 and table `ep` runs B2 C1 D1 F1 G2 G1.
    // With C2 blocked, D2 is out of reach: the rook may not switch from `ep` to `e` at B2.
    let p = pos("W:KE0,RB1,PC2 B:KE8 w");
    let t = targets(&p, "B1");
    assert!(t.contains(&"D1".to_string()), "{t:?}");
    assert!(t.contains(&"G1".to_string()), "{t:?}");
    assert!(!t.contains(&"D2".to_string()), "{t:?}");
    assert!(!t.contains(&"F2".to_string()), "{t:?}");
}

#[test]
fn two_tables_reaching_one_cell_is_one_move() {
    // B2 is the first step of both `e` and `ep` from B1; G2 is reached along both too.
    assert_eq!(cell("B1").step(0), Some(cell("B2")));
    assert_eq!(cell("B1").step(1), Some(cell("B2")));
    let p = pos("W:KE0,RB1 B:KE8 w");
    let t = moves_from(&p, "B1");
    assert_eq!(t.iter().filter(|m| m.as_str() == "B1-B2").count(), 1);
    assert_eq!(t.iter().filter(|m| m.as_str() == "B1-G2").count(), 1);
    let mut dedup = t.clone();
    dedup.dedup();
    assert_eq!(dedup, t);
}

#[test]
fn rook_captures_the_first_enemy_piece_and_stops() {
    let p = pos("W:KE0,RB1 B:KE8,PC2,GD2 w");
    let t = moves_from(&p, "B1");
    assert!(t.contains(&"B1xC2".to_string()), "{t:?}");
    assert!(!t.iter().any(|m| m.ends_with("D2")), "{t:?}");
}

#[test]
fn rook_is_blocked_by_own_pieces() {
    let p = pos("W:KE0,RB1,GB2 B:KE8 w");
    let t = targets(&p, "B1");
    // Both `e` and `ep` start through B2.
    for c in ["B2", "C2", "C1", "D1", "D2", "G2", "G1"] {
        assert!(!t.contains(&c.to_string()), "{c} in {t:?}");
    }
}

#[test]
fn guard_moves_to_cells_sharing_an_edge() {
    // A square has up to four edge neighbours, a triangle up to three.
    let p = pos("W:KH4,GD1,GE2 B:KA6 w");
    assert_eq!(targets(&p, "D1"), cells(bd::GUARD[cell("D1").index()]));
    assert_eq!(targets(&p, "D1"), ["C1", "D2", "E1", "F1"]);
    assert_eq!(targets(&p, "E2"), ["D2", "D3", "E3"]);
    // Captures too.
    let p = pos("W:KH4,GD1 B:KA6,NE1 w");
    assert!(moves_from(&p, "D1").contains(&"D1xE1".to_string()));
}

#[test]
fn king_moves_as_a_guard() {
    let p = pos("W:KD5 B:KA6 w");
    assert_eq!(targets(&p, "D5"), cells(bd::GUARD[cell("D5").index()]));
    assert_eq!(targets(&p, "D5"), ["B5", "D3", "D6", "E5"]);
}

#[test]
fn knight_leaps_to_cells_sharing_only_a_corner() {
    // Eight from a square, six from a triangle; it leaps over anything.
    let p = pos("W:KH4,ND1,NE2,GC1,GD2,GF1 B:KA6 w");
    assert_eq!(
        targets(&p, "D1"),
        ["B2", "C0", "C2", "D0", "E0", "F0", "F2", "G2"]
    );
    assert_eq!(targets(&p, "E2"), ["C2", "C3", "D5", "E5", "F2", "F3"]);
    let max = |squares: bool| {
        Cell::ALL
            .iter()
            .filter(|c| c.is_square() == squares)
            .map(|c| bd::KNIGHT[c.index()].count_ones())
            .max()
            .unwrap()
    };
    assert_eq!(max(true), 8);
    assert_eq!(max(false), 6);
}

#[test]
fn pawn_e2_goes_to_d3_or_e3() {
    // The seed's example, and its mirror for Black: E7 to D6 or E6.
    let p = pos("W:KH4,PE2 B:KA6,PE7 w");
    assert_eq!(moves_from(&p, "E2"), ["E2-D3", "E2-E3"]);
    let p = pos("W:KH4,PE2 B:KA6,PE7 b");
    assert_eq!(moves_from(&p, "E7"), ["E7-D6", "E7-E6"]);
}

#[test]
fn pawn_moves_and_captures_alike() {
    // The same cells, empty or holding an enemy piece; an own piece blocks.
    let p = pos("W:KH4,PE2 B:KA6,ND3 w");
    assert_eq!(moves_from(&p, "E2"), ["E2-E3", "E2xD3"]);
    let p = pos("W:KH4,PE2,GD3 B:KA6,NE3 w");
    assert_eq!(moves_from(&p, "E2"), ["E2xE3"]);
    // Nothing sideways or diagonal as in chess: a pawn on D3 goes only to D5.
    let p = pos("W:KH4,PD3 B:KA6,NC4,NE3 w");
    assert_eq!(moves_from(&p, "D3"), ["D3-D5"]);
}

#[test]
fn pawn_follows_n_and_np_for_white_and_s_and_sp_for_black() {
    for c in Cell::ALL {
        let mut white: Vec<Cell> = [4, 5].iter().filter_map(|&t| c.step(t)).collect();
        white.sort();
        white.dedup();
        let mut black: Vec<Cell> = [6, 7].iter().filter_map(|&t| c.step(t)).collect();
        black.sort();
        black.dedup();
        let zone = |col: Color| {
            if col == Color::White {
                bd::WHITE_END_ZONE
            } else {
                bd::BLACK_END_ZONE
            }
        };
        for (col, want) in [(Color::White, white), (Color::Black, black)] {
            if zone(col) & c.bit() != 0 {
                continue; // no pawn stands there
            }
            let p = match col {
                Color::White => common::with_kings(&format!("P{c}"), "", 'w'),
                Color::Black => common::with_kings("", &format!("P{c}"), 'b'),
            };
            let (wk, bk) = (p.king(Color::White).unwrap(), p.king(Color::Black).unwrap());
            let got: Vec<Cell> = {
                let mut v: Vec<Cell> = Vec::new();
                let mut moves = Vec::new();
                p.legal_moves(&mut moves);
                for m in moves {
                    if m.from() == c && !v.contains(&m.to()) {
                        v.push(m.to());
                    }
                }
                v.sort();
                v
            };
            let want: Vec<Cell> = want.into_iter().filter(|t| ![wk, bk].contains(t)).collect();
            assert_eq!(got, want, "{col} pawn on {c}");
        }
    }
}
