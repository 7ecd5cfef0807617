//! Pictures: the terminal diagram and the SVG.
use crate::common::*;
use chimera_core::{Position, Render};
use chimera_turret::{Rules, TurretChess};

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
    let start = TurretChess::start(Rules::Standard).text_diagram(None);
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
    let cells = svg
        .matches(r##"width="56" height="56" fill="#f0d9b5""##)
        .count()
        + svg
            .matches(r##"width="56" height="56" fill="#b58863""##)
            .count();
    assert_eq!(cells, 68);
    assert_eq!(svg.matches("#f6f669").count(), 2, "from and to highlighted");
    assert!(
        svg.contains("marker-end=\"url(#head)\""),
        "the sling's arrow"
    );
    assert!(!svg.contains("url(#check)\"/>"));
    // A checked king is marked.
    let p = setup("Ke7 kh8 te4 ne3", "w - - 0 1");
    assert!(p.svg(None).contains(r#"fill="url(#check)"/>"#));
}
