//! Pictures: a terminal diagram, and an SVG drawn with the kit's scene.

use crate::board::sq;
use crate::position::Chess;
use crate::types::MoveKind;
use crate::types::{Move, Piece, Role, Square};
use chimera_core::{MoveCells, Position, Render};
use chimera_kit::svg::Scene;
use std::fmt::Write;

const SIZE: f64 = 56.0;
const MARGIN: f64 = 28.0;

/// The figurine of a piece (the solid shapes, filled in the piece's colour in SVG).
fn glyph(role: Role) -> &'static str {
    match role {
        Role::King => "♚",
        Role::Queen => "♛",
        Role::Rook => "♜",
        Role::Bishop => "♝",
        Role::Knight => "♞",
        Role::Pawn => "♟",
    }
}

fn status_line(pos: &Chess) -> String {
    match pos.outcome() {
        Some(outcome) => outcome.to_string(),
        None => format!(
            "{} to move{}",
            pos.turn(),
            if pos.is_check() { " (check)" } else { "" }
        ),
    }
}

fn diagram(pos: &Chess, last: Option<(&Chess, Move)>, flipped: bool) -> String {
    let marked = |s: Square| last.is_some_and(|(_, m)| m.from() == s || m.to() == s);
    let files = "abcdefgh";
    let mut out = String::new();
    let header: String = if flipped {
        files.chars().rev().map(|c| format!(" {c} ")).collect()
    } else {
        files.chars().map(|c| format!(" {c} ")).collect()
    };
    let _ = writeln!(out, "   {header}");
    for row in 0..8u8 {
        let rank = if flipped { row } else { 7 - row };
        let _ = write!(out, " {} ", rank + 1);
        for col in 0..8u8 {
            let file = if flipped { 7 - col } else { col };
            let s = Square::new(file, rank).unwrap_or(Square::wrap(0));
            let c = pos.piece_at(s).map_or('.', Piece::char);
            let (l, r) = if marked(s) { ('[', ']') } else { (' ', ' ') };
            let _ = write!(out, "{l}{c}{r}");
        }
        let _ = writeln!(out, " {}", rank + 1);
    }
    let _ = writeln!(out, "   {header}");
    if let Some((before, mv)) = last {
        let _ = writeln!(out, "Last move: {}", before.san(mv));
    }
    let _ = writeln!(out, "{}", status_line(pos));
    out
}

impl Render for Chess {
    /// Ranks 8 to 1 with files `a`–`h`, pieces as FEN letters, `.` for empty squares, the
    /// last move's squares in `[ ]`, then the last move in SAN and whose turn it is.
    fn text_diagram(&self, last: Option<(&Self, Self::Move)>) -> String {
        diagram(self, last, false)
    }

    fn text_diagram_flipped(&self, last: Option<(&Self, Self::Move)>) -> Option<String> {
        Some(diagram(self, last, true))
    }

    /// The 64 squares (ids `cell-a1` … with `data-cell="a1"`), coordinates, figurines, the
    /// last move highlighted with an arrow, a checked king ringed in red, and a caption.
    fn svg(&self, last: Option<(&Self, Self::Move)>) -> String {
        let side = 2.0 * MARGIN + 8.0 * SIZE;
        let mut scene = Scene::new(side, side);
        let corner = |s: Square| {
            (
                MARGIN + f64::from(s.file()) * SIZE,
                MARGIN + f64::from(7 - s.rank()) * SIZE,
            )
        };
        for s in Square::all() {
            let (x, y) = corner(s);
            let fill = if (s.file() + s.rank()) % 2 == 1 {
                "#f0d9b5"
            } else {
                "#b58863"
            };
            let square = chimera_kit::svg::rect(x, y, SIZE, SIZE);
            scene.cell(&s.to_string(), &square, fill);
        }
        let centre = |s: Square| (corner(s).0 + SIZE / 2.0, corner(s).1 + SIZE / 2.0);
        if let Some((_, mv)) = last {
            scene.highlight(&mv.from().to_string(), "#f6f669", 0.6);
            scene.highlight(&mv.to().to_string(), "#f6f669", 0.6);
        }
        if self.is_check() {
            if let Some(k) = self.king(self.turn()) {
                scene.ring(centre(k), SIZE / 2.0 - 3.0, "#e00000");
            }
        }
        for i in 0..8u8 {
            let file = ((b'a' + i) as char).to_string();
            let x = MARGIN + (f64::from(i) + 0.5) * SIZE;
            scene.label((x, MARGIN / 2.0), &file, 14.0);
            scene.label((x, side - MARGIN / 2.0), &file, 14.0);
            let y = MARGIN + (f64::from(7 - i) + 0.5) * SIZE;
            scene.label((MARGIN / 2.0, y), &(i + 1).to_string(), 14.0);
            scene.label((side - MARGIN / 2.0, y), &(i + 1).to_string(), 14.0);
        }
        for index in self.occupied() {
            if let Some(p) = self.piece_at(sq(index)) {
                let fill = p.color.fold("#ffffff", "#202020");
                scene.piece(centre(sq(index)), glyph(p.role), fill, 44.0);
            }
        }
        if let Some((before, mv)) = last {
            scene.arrow(centre(mv.from()), centre(mv.to()), "#1e6fd9");
            scene.caption(&format!("Last move: {}", before.san(mv)));
        }
        scene.caption(&status_line(self));
        scene.to_svg()
    }

    /// The piece's square then its destination (a promotion's four choices share them);
    /// castling also shows its rook's squares, en passant the captured pawn's.
    fn move_cells(&self, mv: Self::Move) -> MoveCells {
        let mut cells = MoveCells::from_to(mv.from(), mv.to());
        let at = |file: u8, rank: u8| sq(usize::from(rank) * 8 + usize::from(file)).to_string();
        let rank = mv.from().rank();
        match self.move_kind(mv) {
            MoveKind::Castle { king_side: true } => cells.also = vec![at(7, rank), at(5, rank)],
            MoveKind::Castle { king_side: false } => cells.also = vec![at(0, rank), at(3, rank)],
            MoveKind::EnPassant => cells.also = vec![at(mv.to().file(), rank)],
            MoveKind::Quiet | MoveKind::Capture(_) => {}
        }
        cells
    }

    fn notation_help() -> &'static str {
        "Moves are written in UCI (`e2e4`; a promotion `e7e8q`; castling as the king's move, \
         `e1g1`) or in SAN (`Nf3`, `e4`, `O-O`, `O-O-O`; captures with x as in exd5, \
         promotions as in e8=Q)."
    }
}
