//! Clicking moves on the SVG picture: [`Render::move_cells`] and the cells' `data-cell`.

use chimera_core::{Position, Render};
use chimera_turtle_shell::TurtleShell;

#[test]
fn move_cells_are_the_from_and_to_cells_and_the_svg_names_all_64_cells() {
    let pos = TurtleShell::start(Default::default());
    let svg = pos.svg(None);
    assert_eq!(svg.matches(r#"class="cell" data-cell=""#).count(), 64);
    let mv = pos.parse_move("C2-C3").unwrap();
    let cells = pos.move_cells(mv);
    assert_eq!(cells.picks, [["C2"], ["C3"]]);
    assert!(cells.also.is_empty());
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    for mv in moves {
        for cell in pos.move_cells(mv).picks.iter().flatten() {
            assert!(svg.contains(&format!(r#"data-cell="{cell}""#)), "{cell}");
        }
    }
}
