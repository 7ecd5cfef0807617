//! Pictures of a position: a terminal diagram and an SVG drawing.

use crate::board::Cell;
use crate::position::{CastleSide, Sling, Turret};
use crate::types::{Move, MoveKind, Piece, Role};
use chimera_core::{Color, MoveCells, Position, Render};
use chimera_kit::svg::Scene;
use std::fmt::Write;

/// What the last move touched, for marking.
struct Marks {
    moved: Vec<Cell>,
    sling: Option<Sling>,
    legend: String,
}

fn marks(last: Option<(&Turret, Move)>) -> Option<Marks> {
    let (before, mv) = last?;
    if mv.from().index() >= 80 || mv.to().index() >= 80 {
        return None;
    }
    let piece = before.piece_at(mv.from())?;
    let sling = before.sling(mv);
    let mut legend = format!(
        "last move: {} ({}, {} {})",
        before.move_text(mv),
        before.san(mv),
        piece.color,
        piece.role.name()
    );
    match mv.kind() {
        MoveKind::Castle => legend.push_str(", castling"),
        MoveKind::EnPassant => legend.push_str(", en passant"),
        MoveKind::Normal => {}
    }
    if let Some(s) = &sling {
        let _ = write!(
            legend,
            "; the sling throws the {} {} from {} to {}",
            s.piece.color,
            s.piece.role.name(),
            s.from,
            s.to
        );
        if let Some(c) = s.captured {
            let _ = write!(legend, ", capturing the {} {}", c.color, c.role.name());
        }
        if s.promotes {
            legend.push_str(", where it becomes a queen");
        }
    }
    Some(Marks {
        moved: vec![mv.from(), mv.to()],
        sling,
        legend,
    })
}

fn glyph(p: Piece) -> char {
    match p.role {
        Role::King => '♚',
        Role::Queen => '♛',
        Role::Rook => '♜',
        Role::Bishop => '♝',
        Role::Knight => '♞',
        Role::Pawn => '♟',
        Role::Turret => 'T',
        Role::Kwagga => 'Z',
    }
}

impl Render for Turret {
    /// The from and to cells; a Turret's sling adds the cell it throws a piece from and the
    /// cell the piece lands on, castling the rook's two cells, en passant the captured
    /// pawn's cell. A promotion's choices share their cells.
    fn move_cells(&self, mv: Self::Move) -> MoveCells {
        let mut cells = MoveCells::from_to(mv.from(), mv.to());
        match mv.kind() {
            MoveKind::Castle => {
                let side = if mv.to().index() > mv.from().index() {
                    CastleSide::King
                } else {
                    CastleSide::Queen
                };
                let rook_to = Cell::new(
                    if side == CastleSide::King {
                        mv.from().file() + 1
                    } else {
                        mv.from().file().wrapping_sub(1)
                    },
                    mv.from().rank(),
                );
                if let (Some(from), Some(to)) = (self.castling_rook(self.turn(), side), rook_to) {
                    cells.also = vec![from.to_string(), to.to_string()];
                }
            }
            MoveKind::EnPassant => {
                if let Some(c) = Cell::new(mv.to().file(), mv.from().rank()) {
                    cells.also = vec![c.to_string()];
                }
            }
            MoveKind::Normal => {
                if let Some(sl) = self.sling(mv) {
                    cells.also = vec![sl.from.to_string(), sl.to.to_string()];
                }
            }
        }
        cells
    }

    fn notation_help() -> &'static str {
        "Turret notation: long algebraic, the from and to cells on files a to j: `e2e4`\n\
         (any case: `E2E4`); SAN is read too: `Nd3`, `e4`. A capture is the same:\n\
         `d4e5`. Promotion adds the piece: `e7e8q` (or `e7e8=Q`; r, b, n, t for a\n\
         Turret, z for a Kwagga under the kwagga rules). A Turret moves like a queen,\n\
         written as its own move, `a1c3`: its sling is automatic (the piece directly\n\
         behind it is thrown to the cell just beyond its destination; SAN writes Txc3\n\
         when the throw captures). Castling is the king's move: `f1h1` or `O-O` (two\n\
         cells), `f1i1` (three cells), `f1d1` or `O-O-O`, `f1c1` (Black: `f8h8`,\n\
         `f8i8`, `f8d8`, `f8c8`)."
    }

    /// Ten columns `a`–`j`, ranks 8 to 1; missing cells are blank, empty cells `.`, White
    /// upper case, Black lower case. The last move's cells are in `[ ]`, the cells the sling
    /// threw a piece from and to in `< >`, with a legend line below.
    fn text_diagram(&self, last: Option<(&Self, Self::Move)>) -> String {
        diagram(self, last, false)
    }

    /// The diagram of [`Render::text_diagram`] turned round: rank 1 on top, file `j` on the
    /// left (Black's view).
    fn text_diagram_flipped(&self, last: Option<(&Self, Self::Move)>) -> Option<String> {
        Some(diagram(self, last, true))
    }

    /// The 68 cells (missing cells not drawn; ids `cell-a1` … with `data-cell="a1"`),
    /// coordinates, pieces (Unicode glyphs; a Turret is a disc marked `T`, a Kwagga a disc
    /// marked `Z`), the last move's cells highlighted in yellow and the sling's cells in
    /// blue with its throw as a blue arrow from B to L (under the pieces), a checked king ringed in red, and
    /// captions: the last move's legend and whose turn it is. Drawn with the kit's
    /// [`Scene`].
    fn svg(&self, last: Option<(&Self, Self::Move)>) -> String {
        let (width, height) = (2.0 * MARGIN + 10.0 * SIZE, 2.0 * MARGIN + 8.0 * SIZE);
        let mut scene = Scene::new(width, height);
        for c in Cell::all() {
            let (x, y) = corner(c);
            let fill = if (c.file() + c.rank()) % 2 == 0 {
                "#f0d9b5"
            } else {
                "#b58863"
            };
            let square = chimera_kit::svg::rect(x, y, SIZE, SIZE);
            scene.cell(&c.to_string(), &square, fill);
        }
        let m = marks(last);
        if let Some(m) = &m {
            for c in &m.moved {
                scene.highlight(&c.to_string(), "#f6f669", 0.65);
            }
            if let Some(sl) = m.sling {
                scene.highlight(&sl.from.to_string(), "#8fc1ff", 0.6);
                scene.highlight(&sl.to.to_string(), "#8fc1ff", 0.6);
            }
        }
        if self.is_check() {
            if let Some(k) = self.king(self.turn()) {
                scene.ring(centre(k), SIZE / 2.0 - 3.0, "#e00000");
            }
        }
        coordinates(&mut scene, width, height);
        if let Some(sl) = m.as_ref().and_then(|m| m.sling) {
            scene.arrow(centre(sl.from), centre(sl.to), "#1e6fd9");
        }
        for c in Cell::all() {
            if let Some(p) = self.piece_at(c) {
                draw_piece(&mut scene, c, p);
            }
        }
        if let Some(m) = &m {
            for line in wrap(&m.legend, 64) {
                scene.caption(&line);
            }
        }
        scene.caption(&status_line(self));
        scene.to_svg()
    }
}

/// The side of a cell and the margin around the board, in picture units.
const SIZE: f64 = 56.0;
const MARGIN: f64 = 30.0;

/// The top-left corner of a cell in the picture.
fn corner(c: Cell) -> (f64, f64) {
    (
        MARGIN + f64::from(c.file()) * SIZE,
        MARGIN + f64::from(7 - c.rank()) * SIZE,
    )
}

/// The centre of a cell in the picture.
fn centre(c: Cell) -> (f64, f64) {
    let (x, y) = corner(c);
    (x + SIZE / 2.0, y + SIZE / 2.0)
}

/// File letters above and below the board, rank numbers on both sides.
fn coordinates(scene: &mut Scene, width: f64, height: f64) {
    for f in 0..10u8 {
        let x = MARGIN + (f64::from(f) + 0.5) * SIZE;
        let letter = ((b'a' + f) as char).to_string();
        scene.label((x, MARGIN / 2.0), &letter, 16.0);
        scene.label((x, height - MARGIN / 2.0), &letter, 16.0);
    }
    for r in 0..8u8 {
        let y = MARGIN + (f64::from(7 - r) + 0.5) * SIZE;
        let number = (r + 1).to_string();
        scene.label((MARGIN / 2.0, y), &number, 16.0);
        scene.label((width - MARGIN / 2.0, y), &number, 16.0);
    }
}

/// A piece: its figurine, or a marked disc for the Turret and the Kwagga (no figurine).
fn draw_piece(scene: &mut Scene, c: Cell, p: Piece) {
    let (fill, ink) = match p.color {
        Color::White => ("#ffffff", "#000000"),
        Color::Black => ("#1a1a1a", "#ffffff"),
    };
    let glyph = glyph(p).to_string();
    match p.role {
        Role::Turret | Role::Kwagga => {
            scene.disc(centre(c), 18.0, fill, &glyph, ink);
        }
        _ => {
            scene.piece(centre(c), &glyph, fill, 44.0);
        }
    }
}

/// Splits a long text into lines of at most about `width` characters, between words.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if line.len() + 1 + word.len() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// Whose turn it is, and whether that side is in check.
fn status_line(pos: &Turret) -> String {
    let mut s = format!("{} to move", pos.turn());
    if pos.is_check() {
        s.push_str(", in check");
    }
    s
}

/// The text diagram, from White's side or (`flipped`) from Black's.
fn diagram(pos: &Turret, last: Option<(&Turret, Move)>, flipped: bool) -> String {
    let m = marks(last);
    let mut s = String::new();
    let files = if flipped {
        "    j  i  h  g  f  e  d  c  b  a\n"
    } else {
        "    a  b  c  d  e  f  g  h  i  j\n"
    };
    s.push_str(files);
    let ranks: Vec<u8> = if flipped {
        (0..8).collect()
    } else {
        (0..8).rev().collect()
    };
    for rank in ranks {
        let _ = write!(s, " {} ", rank + 1);
        for i in 0..10u8 {
            let file = if flipped { 9 - i } else { i };

            match Cell::new(file, rank) {
                None => s.push_str("   "),
                Some(c) => {
                    let ch = pos.piece_at(c).map_or('.', |p| p.char());
                    let (l, r) = match &m {
                        Some(m) if m.moved.contains(&c) => ('[', ']'),
                        Some(Marks {
                            sling: Some(sl), ..
                        }) if sl.from == c || sl.to == c => ('<', '>'),
                        _ => (' ', ' '),
                    };
                    s.push(l);
                    s.push(ch);
                    s.push(r);
                }
            }
        }
        let _ = writeln!(s, " {}", rank + 1);
    }
    s.push_str(files);
    if let Some(m) = &m {
        s.push_str(&m.legend);
        s.push('\n');
    }
    s.push_str(&status_line(pos));
    s.push('\n');
    s
}
