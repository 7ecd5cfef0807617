//! Pictures: the text diagram and the SVG.

use super::{after, start_game};
use chimera_core::{Position, Render};
use chimera_triagonal::{Rules, Triagonal};

#[test]
fn text_diagram_shows_eight_labelled_levels_holes_and_the_last_move() {
    let pos = Triagonal::start(Rules::Standard);
    let next = after(&pos, "J@Ab3,J@Ac3,Bb2-Bb4");
    let mv = pos.parse_move("J@Ab3,J@Ac3,Bb2-Bb4").unwrap();
    let text = next.text_diagram(Some((&pos, mv)));
    for l in "ABCDEFGH".chars() {
        assert!(text.contains(&format!("Level {l}")), "{l}");
    }
    assert_eq!(text.matches('#').count(), 8 + 1); // the holes, and the legend's `#`
    assert!(text.contains(">P"), "{text}");
    assert!(text.contains("+J"));
    assert!(text.contains("Last move: J@Ab3,J@Ac3,Bb2-Bb4 (White)"));
    assert!(text.contains("Jacks in hand: White 78 · Black 80"));
    assert!(text.contains("Black to move"));
    assert!(
        text.contains("rnbqkbnr") || text.contains(" r n b q k b n r") || text.contains("r n b")
    );
}

#[test]
fn svg_shows_eight_boards_holes_pieces_jacks_in_hand_and_the_last_move() {
    let mut game = start_game();
    game.play_text("J@Ab3,J@Ac3,Bb2-Bb4").unwrap();
    let (before, mv) = game.last_move().unwrap();
    let svg = game.position().svg(Some((before, mv)));
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    for l in "ABCDEFGH".chars() {
        assert!(svg.contains(&format!("Level {l}</text>")), "{l}");
    }
    // The kit's scene: cells are classed polygons; holes, marks and pieces are drawn by
    // their colours and glyphs.
    assert_eq!(svg.matches("fill=\"#6b6b6b\"").count(), 8); // the holes
    assert_eq!(svg.matches("fill=\"#f4e04d\"").count(), 2); // from and to
    assert_eq!(svg.matches("fill=\"#5fd35f\"").count(), 2); // the placed Jacks
    assert_eq!(svg.matches(">J</text>").count(), 2);
    assert_eq!(svg.matches(['♚', '♛', '♜', '♝', '♞', '♟']).count(), 64);
    assert!(svg.contains("Jacks in hand: White 78 · Black 80"));
    assert!(svg.contains("♚") && svg.contains("♟"));
    // Without a last move: no marks.
    let svg = Triagonal::start(Rules::Standard).svg(None);
    assert!(!svg.contains("#f4e04d"));
}

#[test]
fn the_program_can_drive_a_game_through_dyn_game() {
    use chimera_core::Variant;
    let variant = Variant::of::<Triagonal>("Triagonal Chess");
    assert_eq!(variant.name, "triagonal");
    assert_eq!(variant.rule_sets, ["standard"]);
    let mut game = (variant.new_game)(None, None).unwrap();
    assert_eq!(game.legal_moves().len(), 11_660);
    assert_eq!(
        game.play("j@cd3,j@cc3,ab1ac3").unwrap(),
        "J@Cc3,J@Cd3,Ab1-Ac3"
    );
    assert!(game.svg().contains("#5fd35f"));
    assert!(game
        .text_diagram()
        .contains("Last move: J@Cc3,J@Cd3,Ab1-Ac3"));
    assert_eq!(game.undo().as_deref(), Some("J@Cc3,J@Cd3,Ab1-Ac3"));
    assert!((variant.new_game)(Some("nonsense"), None).is_err());
    assert!((variant.new_game)(None, Some("8/8 w")).is_err());
}

#[test]
fn render_move_cells_click_the_jacks_then_the_move_and_the_svg_names_every_cell() {
    let pos = Triagonal::start(Rules::Standard);
    let placed = pos.move_cells(pos.parse_move("J@Ac3,J@Ab3,Bb2-Bb4").unwrap());
    // The Jacks in the notation's order (the lower cell first), then from and to.
    assert_eq!(placed.picks, [["Ab3"], ["Ac3"], ["Bb2"], ["Bb4"]]);
    let plain = pos.move_cells(pos.parse_move("Ab1-Ac3").unwrap());
    assert_eq!(plain.picks, [["Ab1"], ["Ac3"]]);
    let svg = pos.svg(None);
    assert_eq!(svg.matches(r#"class="cell" data-cell=""#).count(), 504);
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    for mv in moves {
        for cell in pos.move_cells(mv).picks.iter().flatten() {
            assert!(svg.contains(&format!(r#"data-cell="{cell}""#)), "{cell}");
        }
    }
}
