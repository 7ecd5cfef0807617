//! Pictures: the terminal diagram and the SVG.
use super::common::*;
use chimera_core::{Position, Render};
use chimera_turret::{Rules, Turret};

#[test]
fn the_text_diagram_shows_68_cells_coordinates_pieces_and_the_slings_path() {
    let p = setup("Kf1 kh8 Te4 Ne3 re7", "w - - 0 1");
    let m = p.parse_move("e4e6").unwrap();
    let q = after(&p, "e4e6");
    let t = q.text_diagram(Some((&p, m)));
    assert!(t.starts_with("    a  b  c  d  e  f  g  h  i  j\n"), "{t}");
    // Rank 4: missing a4 and j4 blank; the Turret's start in brackets.
    assert!(t.contains(" 4     .  .  . [.] .  .  .  .     4"), "{t}");
    // The thrown knight's path: from e3 to e7 in < >.
    assert!(t.contains("<N>") && t.contains("<.>"), "{t}");
    assert!(
        t.contains("the sling throws the white knight from e3 to e7, capturing the black rook"),
        "{t}"
    );
    let start = Turret::start(Rules::Standard).text_diagram(None);
    assert!(
        start.contains(" 8  t  r  n  b  q  k  b  n  r  t  8"),
        "{start}"
    );
    assert!(
        start.contains(" 7     p  p  p  p  p  p  p  p     7"),
        "{start}"
    );
}

#[test]
fn the_svg_draws_68_cells_the_last_move_the_slings_arrow_and_a_checked_king() {
    let p = setup("Kf1 kh8 Te4 Ne3 re7", "w - - 0 1");
    let m = p.parse_move("e4e6").unwrap();
    let q = after(&p, "e4e6");
    let svg = q.svg(Some((&p, m)));
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches(r#"class="cell""#).count(), 68);
    assert!(svg.contains(r#"id="cell-a1" class="cell" data-cell="a1""#));
    assert!(
        !svg.contains(r#"data-cell="a2""#),
        "a missing cell is not drawn"
    );
    assert_eq!(svg.matches("#f6f669").count(), 2, "from and to highlighted");
    assert_eq!(
        svg.matches("#8fc1ff").count(),
        2,
        "the sling's cells highlighted"
    );
    assert!(svg.contains(r##"stroke="#1e6fd9""##), "the sling's arrow");
    assert!(
        svg.contains("the sling throws the white") && svg.contains("knight from e3 to e7"),
        "the legend"
    );
    assert!(!svg.contains(r##"stroke="#e00000""##));
    // A checked king is ringed.
    let p = setup("Ke7 kh8 te4 ne3", "w - - 0 1");
    let svg = p.svg(None);
    assert!(svg.contains(r##"stroke="#e00000""##), "{svg}");
    assert!(svg.contains("white to move, in check"), "{svg}");
}

/// Every cell a move's clicks or marks name is a `data-cell` of the SVG picture.
fn assert_cells_in_svg(p: &Turret) {
    let svg = p.svg(None);
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    for mv in moves {
        let cells = p.move_cells(mv);
        assert_eq!(cells.picks.len(), 2, "{}", p.move_text(mv));
        for cell in cells.picks.iter().flatten().chain(&cells.also) {
            assert!(
                svg.contains(&format!(r#"data-cell="{cell}""#)),
                "{cell} of {}",
                p.move_text(mv)
            );
        }
    }
}

#[test]
fn render_move_cells_name_the_from_and_to_cells_the_slings_throw_and_the_castling_rook() {
    let p = setup("Kf1 kh8 Te4 Ne3 re7", "w - - 0 1");
    let sling = p.move_cells(p.parse_move("e4e6").unwrap());
    assert_eq!(sling.picks, [["e4"], ["e6"]]);
    assert_eq!(sling.also, ["e3", "e7"]); // the knight is thrown from e3 to e7
    let plain = p.move_cells(p.parse_move("f1g1").unwrap());
    assert!(plain.also.is_empty());
    let castles = pos("tr3k2rt/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/TR3K2RT w KQkq - 0 8");
    for (mv, rook) in [
        ("f1h1", ["i1", "g1"]),
        ("f1i1", ["i1", "g1"]),
        ("f1d1", ["b1", "e1"]),
        ("f1c1", ["b1", "e1"]),
    ] {
        let cells = castles.move_cells(castles.parse_move(mv).unwrap());
        assert_eq!(cells.picks, [[&mv[..2]], [&mv[2..]]], "{mv}");
        assert_eq!(cells.also, rook, "{mv}");
    }
    for p in [p, castles, Turret::start(Rules::Standard)] {
        assert_cells_in_svg(&p);
    }
}
