//! "Board and names": the cube, the hole, cell names, the seed's diagram, directions.

use super::{at, board, cell, targets, with_kings};
use chimera_core::{Color, Position};
use chimera_triagonal::{Cell, Rules, Triagonal};

#[test]
fn the_board_is_an_8x8x8_cube_less_a_2x2x2_hole_504_cells() {
    assert_eq!(Cell::all().count(), 504);
    let holes: Vec<String> = (0..8u8)
        .flat_map(|l| (0..8u8).flat_map(move |r| (0..8u8).map(move |f| (f, r, l))))
        .filter(|&(f, r, l)| Cell::new(f, r, l).is_none())
        .map(|(f, r, l)| {
            format!(
                "{}{}{}",
                char::from(b'A' + l),
                char::from(b'a' + f),
                char::from(b'1' + r)
            )
        })
        .collect();
    assert_eq!(
        holes,
        ["Dd4", "De4", "Dd5", "De5", "Ed4", "Ee4", "Ed5", "Ee5"]
    );
}

#[test]
fn ruling_the_holes_are_dd4_dd5_de4_de5_ed4_ed5_ee4_ee5() {
    for name in ["Dd4", "Dd5", "De4", "De5", "Ed4", "Ed5", "Ee4", "Ee5"] {
        assert_eq!(Cell::parse(name), None, "{name}");
    }
    for name in ["Dc4", "Dd3", "Cd4", "Fe5", "Ef5", "Ee6"] {
        assert!(Cell::parse(name).is_some(), "{name}");
    }
}

#[test]
fn pieces_can_neither_land_on_nor_pass_through_a_hole() {
    // A rook below the hole on level D slides up the d file: it stops at Dd3.
    let pos = with_kings(Color::White, &[("Dd1", 'R')]);
    let t = targets(&pos, "Dd1");
    assert!(t.contains(&"Dd3".to_string()));
    for beyond in ["Dd6", "Dd7", "Dd8"] {
        assert!(!t.contains(&beyond.to_string()), "{beyond}");
    }
    // A bishop on Cc3: the triagonal (1,1,1) starts with the hole Dd4; Ff6 is unreachable.
    let pos = with_kings(Color::White, &[("Cc3", 'B')]);
    let t = targets(&pos, "Cc3");
    assert!(!t.contains(&"Ff6".to_string()));
    assert!(t.contains(&"Aa1".to_string()));
    // A knight never lands in the hole: from Cd3 the leap (0,1,2) would be Ed4.
    let pos = with_kings(Color::White, &[("Cd3", 'N')]);
    assert!(targets(&pos, "Cd3")
        .iter()
        .all(|c| Cell::parse(c).is_some()));
    assert!(!targets(&pos, "Cd3").contains(&"Ed4".to_string()));
}

#[test]
fn ruling_cells_are_named_level_file_rank() {
    let c = cell("Ae1");
    assert_eq!((c.level(), c.file(), c.rank()), (0, 4, 0));
    assert_eq!(c.to_string(), "Ae1");
    let c = Cell::parse("hc7").unwrap();
    assert_eq!((c.level(), c.file(), c.rank()), (7, 2, 6));
    assert_eq!(c.to_string(), "Hc7");
    for bad in ["", "A", "Ae", "Ie1", "Ai1", "Ae9", "Ae0", "Ae11", "e1A"] {
        assert_eq!(Cell::parse(bad), None, "{bad}");
    }
    // White on levels A–B at ranks 1–2, Black on levels G–H at ranks 7–8.
    let pos = Triagonal::start(Rules::Standard);
    for c in pos.occupied_by(Color::White).iter() {
        assert!(c.level() <= 1 && c.rank() <= 1, "{c}");
    }
    for c in pos.occupied_by(Color::Black).iter() {
        assert!(c.level() >= 6 && c.rank() >= 6, "{c}");
    }
}

/// The seed's diagram: eight 8×8 blocks, the rightmost level A, the bottom row rank 1,
/// the columns files a–h left to right.
const SEED_DIAGRAM: &str = "\
rnbqkbnr  pppppppp  ........  ........  ........  ........  ........  ........
pppppppp  pppppppp  ........  ........  ........  ........  ........  ........
........  ........  ........  ........  ........  ........  ........  ........
........  ........  ........  ...**...  ...**...  ........  ........  ........
........  ........  ........  ...**...  ...**...  ........  ........  ........
........  ........  ........  ........  ........  ........  ........  ........
........  ........  ........  ........  ........  ........  PPPPPPPP  PPPPPPPP
........  ........  ........  ........  ........  ........  PPPPPPPP  RNBQKBNR";

#[test]
fn ruling_the_seed_diagram_rightmost_block_is_level_a_bottom_row_rank_1() {
    let pos = Triagonal::start(Rules::Standard);
    for (row, line) in SEED_DIAGRAM.lines().enumerate() {
        let rank = 7 - row as u8;
        for (block, text) in line.split("  ").enumerate() {
            let level = 7 - block as u8;
            for (file, ch) in text.chars().enumerate() {
                let file = file as u8;
                match Cell::new(file, rank, level) {
                    None => assert_eq!(ch, '*'),
                    Some(c) => {
                        let expected = (ch != '.').then_some(ch);
                        assert_eq!(at(&pos, &c.to_string()), expected, "{c}");
                    }
                }
            }
        }
    }
}

#[test]
fn directions_orthogonal_6_diagonal_12_triagonal_8() {
    // A king in open space steps in all 26 directions; a rook's first steps are the 6
    // orthogonal and 8 triagonal ones; a bishop's the 12 diagonal and 8 triagonal ones.
    let one_step = |piece: char| {
        // The white king itself, or a piece beside both kings (one king a side).
        let pos = if piece == 'K' {
            board(Color::White, &[("Bb2", 'K'), ("Hh1", 'k')])
        } else {
            with_kings(Color::White, &[("Bb2", piece)])
        };
        targets(&pos, "Bb2")
            .into_iter()
            .filter(|t| {
                let t = cell(t);
                let d = |a: u8, b: u8| (i32::from(a) - i32::from(b)).abs();
                let c = cell("Bb2");
                d(t.file(), c.file())
                    .max(d(t.rank(), c.rank()))
                    .max(d(t.level(), c.level()))
                    == 1
            })
            .count()
    };
    assert_eq!(one_step('K'), 26);
    assert_eq!(one_step('R'), 6 + 8);
    assert_eq!(one_step('B'), 12 + 8);
    assert_eq!(one_step('Q'), 6 + 12 + 8);
}
