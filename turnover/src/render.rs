//! Pictures of a position: a terminal diagram and an SVG drawing.

use crate::board::Square;
use crate::position::{Move, Turnover};
use crate::stack::{Ring, Stack};
use chimera_core::{Color, MoveCells, Position, Render};
use chimera_kit::svg::Scene;
use std::fmt::Write;

const LEGEND: [&str; 2] = [
    "T Tower (rook) · F Fort (bishop) · W Wall (steps forward) · TFW Castle (royal)",
    "TF Citadel (queen, its F moves) · FW Fortress (knight, its W moves)",
];

fn cell_letters(pos: &Turnover, sq: Square) -> String {
    match pos.stack_at(sq) {
        None => " . ".to_string(),
        Some((stack, color)) => {
            let letters = match color {
                Color::White => stack.letters().to_string(),
                Color::Black => stack.letters().to_ascii_lowercase(),
            };
            format!("{letters:^3}")
        }
    }
}

fn side_name(color: Color) -> &'static str {
    color.fold("White", "Black")
}

impl Render for Turnover {
    /// The two squares: every move, a stack's split or merge included, is FROM-TO.
    fn move_cells(&self, mv: Move) -> MoveCells {
        MoveCells::from_to(mv.from(), mv.to())
    }

    fn notation_help() -> &'static str {
        "Turnover notation: every move is FROM-TO, the two squares deciding which rings\n\
         travel: `b2-b3` (a Castle steps as a whole). The diagram writes x for a\n\
         capture, `d4xe5`, and * for a turnover, `d2*e3` (rings landing on an enemy\n\
         stack they share no ring with merge with it, and the whole stack becomes\n\
         yours); a merge onto a friendly stack is written with -, `c3-d4`. Stacks\n\
         split by moving part of themselves: a Castle's dismount slides its Wall two\n\
         squares straight forward, `b2-b4`, leaving a Citadel (TF) behind; a Citadel\n\
         moves only its Fort (a queen's move), a Fortress (FW) only its Wall (a\n\
         knight's leap). The separator is never checked (`d2d3`, `d2:d3` read as\n\
         `d2-d3`). Promotion is automatic: nothing to write."
    }

    /// A diagram with rank 8 on top: each square's stack in a 3-character cell (`TFW` upper
    /// case for White, `tfw` lower case for Black, `.` empty), the last move's squares in
    /// parentheses, coordinates on all sides, then the last move, the side to move (or the
    /// result) and a legend.
    fn text_diagram(&self, last: Option<(&Self, Move)>) -> String {
        diagram(self, last, false)
    }

    /// The diagram of [`Render::text_diagram`] turned round: rank 1 on top, file `h` on the
    /// left (Black's view).
    fn text_diagram_flipped(&self, last: Option<(&Self, Move)>) -> Option<String> {
        Some(diagram(self, last, true))
    }

    /// An SVG drawing: the 8×8 board with coordinates, every stack as concentric rings in
    /// its owner's colour (W outermost, F in the middle, T a disc in the centre), the last
    /// move's two squares highlighted, and a caption with the last move and the side to move
    /// or the result.
    fn svg(&self, last: Option<(&Self, Move)>) -> String {
        let side = 2.0 * M + 8.0 * S;
        let mut scene = Scene::new(side, side);
        scene.background("#ffffff");
        for sq in Square::all() {
            let (x, y) = corner(sq);
            let dark = (sq.file() + sq.rank()) % 2 == 0;
            let square = chimera_kit::svg::rect(x, y, S, S);
            scene.cell(
                &sq.to_string(),
                &square,
                if dark { "#b58863" } else { "#f0d9b5" },
            );
        }
        if let Some((_, mv)) = last {
            scene.highlight(&mv.from().to_string(), "#f4e04d", 0.6);
            scene.highlight(&mv.to().to_string(), "#f4e04d", 0.6);
        }
        for i in 0..8u8 {
            let (file, rank) = (char::from(b'a' + i).to_string(), (i + 1).to_string());
            let x = M + (f64::from(i) + 0.5) * S;
            let y = M + (f64::from(7 - i) + 0.5) * S;
            scene.label((x, M / 2.0), &file, 15.0);
            scene.label((x, side - M / 2.0), &file, 15.0);
            scene.label((M / 2.0, y), &rank, 15.0);
            scene.label((side - M / 2.0, y), &rank, 15.0);
        }
        for sq in Square::all() {
            if let Some((stack, color)) = self.stack_at(sq) {
                let (x, y) = corner(sq);
                draw_stack(&mut scene, (x + S / 2.0, y + S / 2.0), stack, color);
            }
        }
        let caption = match self.outcome() {
            Some(outcome) => format!("Game over: {outcome}"),
            None => format!("{} to move", side_name(self.turn())),
        };
        scene.caption(&match last {
            Some((before, mv)) => format!("Last move {} · {caption}", before.move_text(mv)),
            None => caption,
        });
        scene.to_svg()
    }
}

/// The SVG's square size.
const S: f64 = 64.0;
/// The SVG's margin for the coordinates.
const M: f64 = 28.0;

/// The top-left corner of a square in the SVG.
fn corner(sq: Square) -> (f64, f64) {
    (
        M + f64::from(sq.file()) * S,
        M + f64::from(7 - sq.rank()) * S,
    )
}

/// A stack as concentric rings centred on `at`: the Wall outermost, the Fort in the
/// middle, the Tower a disc in the centre.
fn draw_stack(scene: &mut Scene, at: (f64, f64), stack: Stack, color: Color) {
    let (fill, stroke) = color.fold(("#fbfbf4", "#1a1a1a"), ("#1e1e1e", "#e8e8e8"));
    for (ring, outer, inner) in [
        (Ring::Wall, 29.0, 21.0),
        (Ring::Fort, 18.5, 11.0),
        (Ring::Tower, 8.5, 0.0),
    ] {
        if stack.has(ring) {
            scene.annulus(at, outer, inner, fill, stroke);
        }
    }
}

/// The text diagram, from White's side or (`flipped`) from Black's.
fn diagram(pos: &Turnover, last: Option<(&Turnover, Move)>, flipped: bool) -> String {
    let marked = |sq: Square| last.is_some_and(|(_, mv)| mv.from() == sq || mv.to() == sq);
    let files = if flipped {
        "      h    g    f    e    d    c    b    a\n"
    } else {
        "      a    b    c    d    e    f    g    h\n"
    };
    let mut out = String::from(files);
    let ranks: Vec<u8> = if flipped {
        (0..8).collect()
    } else {
        (0..8).rev().collect()
    };
    for rank in ranks {
        let _ = write!(out, "  {} ", rank + 1);
        for i in 0..8 {
            let file = if flipped { 7 - i } else { i };
            let sq = Square::from_coords(file, rank).expect("on the board");
            let (l, r) = if marked(sq) { ('(', ')') } else { (' ', ' ') };
            let _ = write!(out, "{l}{}{r}", cell_letters(pos, sq));
        }
        let _ = writeln!(out, " {}", rank + 1);
    }
    out.push_str(files);
    if let Some((before, mv)) = last {
        let _ = writeln!(
            out,
            "  Last move: {} ({})",
            before.move_text(mv),
            side_name(before.turn())
        );
    }
    match pos.outcome() {
        Some(outcome) => {
            let _ = writeln!(out, "  Game over: {outcome}");
        }
        None => {
            let _ = writeln!(
                out,
                "  {} to move · move {} · {} since the last capture or turnover",
                side_name(pos.turn()),
                pos.fullmove_number(),
                match pos.halfmove_clock() {
                    1 => "1 ply".to_string(),
                    n => format!("{n} plies"),
                }
            );
        }
    }
    for line in LEGEND {
        let _ = writeln!(out, "  {line}");
    }
    let _ = writeln!(
        out,
        "  Upper case White, lower case Black; ( ) the last move's squares."
    );
    out
}
