//! Pictures: the text diagram and the SVG.

use super::{after, board, start_game};
use chimera_core::{Color, Position, Render};

#[test]
fn render_text_diagram_shows_tiles_pieces_kings_moved_pieces_and_the_turn() {
    let mut game = start_game();
    game.play_text("a4-b6").unwrap();
    let text = game.position().text_diagram(game.last_move());
    println!("{text}");
    assert!(text.contains("Last move: a4-b6 (White)"));
    assert!(text.contains("White to move · turn 1 · 1 of at most 4 moves made (exactly 4)"));
    assert!(text.contains("(F)"), "{text}"); // the last move's end square
    assert!(text.contains(" K   K ")); // the king drawn as one figure
    assert!(text.lines().next().unwrap().contains("a   b   c"));
    let plain = game.position().text_diagram(None);
    assert!(!plain.contains("Last move"));
    assert!(plain.contains(" F*"), "{plain}"); // moved this turn
}

#[test]
fn render_svg_draws_tiles_pieces_kings_aggregates_and_marks() {
    let pos = board(
        Color::White,
        3,
        &[
            ("e5", 'W'),
            ("f5", 'W'),
            ("e6", 'W'),
            ("g6", 'W'),
            ("h9", 'n'),
        ],
    );
    let before = after(&pos, &["g6-f6"]);
    let mv = before.parse_move("We5-e9").unwrap();
    let now = after(&before, &["We5-e9"]);
    let svg = now.svg(Some((&before, mv)));
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("class=\"tile\"").count(), 144);
    assert_eq!(svg.matches("class=\"king\"").count(), 2);
    assert_eq!(svg.matches("class=\"piece\"").count(), 5);
    assert_eq!(svg.matches("class=\"aggregate\"").count(), 1);
    assert_eq!(svg.matches("class=\"moved\"").count(), 4);
    assert_eq!(svg.matches("class=\"last-move\"").count(), 8);
    assert!(svg.contains(">r</text>") && svg.contains(">16</text>"));
    if let Ok(path) = std::env::var("TILING_RIDER_SVG_OUT") {
        std::fs::write(path, &svg).unwrap();
    }
}

#[test]
fn render_svg_marks_a_checked_king() {
    let pos = super::position_with(
        chimera_tiling_rider::Rules::Standard,
        Color::White,
        2,
        "e5",
        "q15",
        &[("c4", 'n')],
    );
    assert!(pos.svg(None).contains("class=\"check\""));
    assert!(pos.text_diagram(None).contains("in check"));
    let start = chimera_tiling_rider::TilingRider::standard();
    assert!(!start.svg(None).contains("class=\"check\""));
    let _ = start.to_text();
}

#[test]
fn render_move_cells_pick_squares_or_whole_units_and_the_svg_names_every_square() {
    let game = start_game();
    let start = game.position();
    let single = start.move_cells(start.parse_move("a4-b6").unwrap());
    assert_eq!(single.picks, [["a4"], ["b6"]]);
    assert!(start
        .move_cells(start.parse_move(";").unwrap())
        .picks
        .is_empty());
    // Four wazirs filling e5's unit: an aggregate; the kings on a1 and q15.
    let names: Vec<String> = super::sq("e5")
        .unit()
        .squares()
        .iter()
        .map(|s| s.to_string())
        .collect();
    let quad: Vec<(&str, char)> = names.iter().map(|n| (n.as_str(), 'W')).collect();
    let pos = board(Color::White, 2, &quad);
    let svg = pos.svg(None);
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let (mut units, mut kings) = (0, 0);
    for &mv in &moves {
        let text = pos.move_text(mv);
        let cells = pos.move_cells(mv);
        assert_eq!(cells.picks.len(), 2, "{text}");
        let first = &cells.picks[0];
        if text.starts_with(|c: char| c.is_ascii_uppercase()) {
            // An aggregate or the king: its unit's four squares, the named one first.
            units += 1;
            kings += usize::from(text.starts_with('K'));
            assert_eq!(first.len(), 4, "{text}");
            assert_eq!(cells.picks[1].len(), 4, "{text}");
            assert!(text[1..].starts_with(first[0].as_str()), "{text}");
        } else {
            assert_eq!(first.len(), 1, "{text}");
        }
        for cell in cells.picks.iter().flatten() {
            assert!(svg.contains(&format!(r#"data-cell="{cell}""#)), "{cell}");
        }
    }
    assert!(
        units > kings && kings > 0,
        "{units} unit moves, {kings} of the king"
    );
    assert_eq!(
        pos.move_cells(pos.parse_move("We5-e7").unwrap()).picks[0],
        names
    );
}
