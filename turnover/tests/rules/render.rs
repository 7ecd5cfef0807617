//! Pictures: the text diagram and the SVG.

use super::{after, start_game};
use chimera_core::{Position, Render};

#[test]
fn render_text_diagram_shows_every_stack_the_last_move_and_the_side_to_move() {
    let mut game = start_game();
    game.play_text("d2-d4").unwrap();
    let text = game.position().text_diagram(game.last_move());
    println!("{text}");
    assert!(text.contains("(TF )"), "{text}");
    assert!(text.contains("( W )"), "{text}");
    assert!(text.contains("tfw") && text.contains("TFW"));
    assert!(text.contains("Black to move"));
    assert!(text.contains("Last move: d2-d4 (White)"));
    assert!(text.contains("Castle"));
    assert!(text.lines().next().unwrap().contains("a    b    c"));
    let plain = game.position().text_diagram(None);
    assert!(!plain.contains("(TF )") && !plain.contains("Last move"));
}

#[test]
fn render_svg_draws_board_coordinates_rings_and_last_move() {
    let mut game = start_game();
    game.play_text("d2-d4").unwrap();
    let svg = game.position().svg(game.last_move());
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("fill=\"#f4e04d\"").count(), 2); // the last move
                                                            // 15 Castles with three rings, the Citadel with two, the Wall with one: each ring a
                                                            // path, the Wall's of radius 29, the Tower's of radius 8.5.
    assert_eq!(svg.matches("<path").count(), 15 * 3 + 2 + 1);
    assert_eq!(svg.matches("a 29 29 0 1 0 58 0").count(), 16);
    assert_eq!(svg.matches("a 8.5 8.5 0 1 0 17 0").count(), 16);
    assert!(svg.contains(">a</text>") && svg.contains(">8</text>"));
    if let Ok(path) = std::env::var("TURNOVER_SVG_OUT") {
        let pos = after(game.position(), "b7-b5");
        std::fs::write(
            path,
            pos.svg(Some((game.position(), pos_move(game.position(), "b7-b5")))),
        )
        .unwrap();
    }
}

fn pos_move(pos: &chimera_turnover::Turnover, text: &str) -> chimera_turnover::Move {
    pos.parse_move(text).unwrap()
}

#[test]
fn render_move_cells_are_the_two_squares_named_in_the_svg() {
    let game = start_game();
    let pos = game.position();
    let svg = pos.svg(None);
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert!(!moves.is_empty());
    for mv in moves {
        let text = pos.move_text(mv);
        let cells = pos.move_cells(mv);
        // FROM-TO: the clicks are the two squares of the text, a split's or merge's too.
        assert_eq!(cells.picks, [[&text[..2]], [&text[3..5]]], "{text}");
        assert!(cells.also.is_empty());
        for cell in cells.picks.iter().flatten() {
            assert!(svg.contains(&format!(r#"class="cell" data-cell="{cell}""#)));
        }
    }
    // A Castle's dismount (a split) is clicked like any move.
    let split = pos.parse_move("b2-b4").unwrap();
    assert_eq!(pos.move_cells(split).picks, [["b2"], ["b4"]]);
}
