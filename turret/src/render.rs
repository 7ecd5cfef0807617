//! Pictures of a position: a terminal diagram and an SVG drawing.

use crate::board::Cell;
use crate::position::{CastleSide, Sling, TurretChess};
use crate::types::{Move, MoveKind, Piece, Role};
use chimera_core::{Color, MoveCells, Position, Render};
use chimera_kit::svg::escape;
use std::fmt::Write;

/// What the last move touched, for marking.
struct Marks {
    moved: Vec<Cell>,
    sling: Option<Sling>,
    legend: String,
}

fn marks(last: Option<(&TurretChess, Move)>) -> Option<Marks> {
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

impl Render for TurretChess {
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

    /// The 68 cells (missing cells not drawn), coordinates, pieces (Unicode glyphs; a Turret
    /// is a tower disc marked `T`, a Kwagga a disc marked `Z`), the last move's cells
    /// highlighted, the sling's throw as a blue arrow from B to L, and a checked king on a
    /// red glow.
    fn svg(&self, last: Option<(&Self, Self::Move)>) -> String {
        const SZ: i32 = 56;
        const M: i32 = 30;
        let w = 2 * M + 10 * SZ;
        let h = 2 * M + 8 * SZ;
        let m = marks(last);
        let xy = |c: Cell| (M + c.file() as i32 * SZ, M + (7 - c.rank() as i32) * SZ);
        let mut s = String::new();
        let _ = writeln!(
            s,
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans, Noto Sans Symbols2, sans-serif">"##
        );
        s.push_str(concat!(
            "<defs>",
            r##"<marker id="head" markerWidth="4" markerHeight="4" refX="2.2" refY="2" orient="auto"><path d="M0,0 L4,2 L0,4 z" fill="#1e6fd9"/></marker>"##,
            r##"<radialGradient id="check"><stop offset="0%" stop-color="#ff0000" stop-opacity="1"/><stop offset="60%" stop-color="#e00000" stop-opacity="0.6"/><stop offset="100%" stop-color="#a00000" stop-opacity="0"/></radialGradient>"##,
            "</defs>\n"
        ));
        let _ = writeln!(s, r##"<rect width="{w}" height="{h}" fill="#f7f3ea"/>"##);
        let check_king = if self.is_check() {
            self.king(self.turn())
        } else {
            None
        };
        for c in Cell::all() {
            let (x, y) = xy(c);
            let light = (c.file() + c.rank()) % 2 == 0;
            let fill = if light { "#f0d9b5" } else { "#b58863" };
            let _ = writeln!(
                s,
                r#"<rect x="{x}" y="{y}" width="{SZ}" height="{SZ}" fill="{fill}" class="cell" data-cell="{c}"/>"#
            );
            if let Some(m) = &m {
                if m.moved.contains(&c) {
                    let _ = writeln!(
                        s,
                        r##"<rect x="{x}" y="{y}" width="{SZ}" height="{SZ}" fill="#f6f669" fill-opacity="0.65"/>"##
                    );
                } else if m.sling.is_some_and(|sl| sl.from == c || sl.to == c) {
                    let _ = writeln!(
                        s,
                        r##"<rect x="{x}" y="{y}" width="{SZ}" height="{SZ}" fill="#8fc1ff" fill-opacity="0.6"/>"##
                    );
                }
            }
            if check_king == Some(c) {
                let _ = writeln!(
                    s,
                    r#"<circle cx="{}" cy="{}" r="{}" fill="url(#check)"/>"#,
                    x + SZ / 2,
                    y + SZ / 2,
                    SZ / 2
                );
            }
        }
        // Coordinates.
        for f in 0..10 {
            let x = M + f * SZ + SZ / 2;
            let letter = (b'a' + f as u8) as char;
            let _ = writeln!(
                s,
                r##"<text x="{x}" y="{}" font-size="16" text-anchor="middle" fill="#555">{letter}</text>"##,
                M - 9
            );
            let _ = writeln!(
                s,
                r##"<text x="{x}" y="{}" font-size="16" text-anchor="middle" fill="#555">{letter}</text>"##,
                h - 10
            );
        }
        for r in 0..8 {
            let y = M + (7 - r) * SZ + SZ / 2 + 6;
            let _ = writeln!(
                s,
                r##"<text x="{}" y="{y}" font-size="16" text-anchor="middle" fill="#555">{}</text>"##,
                M / 2,
                r + 1
            );
            let _ = writeln!(
                s,
                r##"<text x="{}" y="{y}" font-size="16" text-anchor="middle" fill="#555">{}</text>"##,
                w - M / 2,
                r + 1
            );
        }
        // Pieces.
        for c in Cell::all() {
            let Some(p) = self.piece_at(c) else { continue };
            let (x, y) = xy(c);
            let (cx, cy) = (x + SZ / 2, y + SZ / 2);
            let (fill, ink) = match p.color {
                Color::White => ("#ffffff", "#000000"),
                Color::Black => ("#1a1a1a", "#ffffff"),
            };
            match p.role {
                Role::Turret | Role::Kwagga => {
                    // A tower: a disc with battlements, marked with the letter.
                    let _ = writeln!(
                        s,
                        r##"<g><rect x="{}" y="{}" width="30" height="8" fill="{fill}" stroke="#000" stroke-width="1.5"/><rect x="{}" y="{}" width="6" height="6" fill="{fill}" stroke="#000" stroke-width="1.5"/><rect x="{}" y="{}" width="6" height="6" fill="{fill}" stroke="#000" stroke-width="1.5"/><rect x="{}" y="{}" width="6" height="6" fill="{fill}" stroke="#000" stroke-width="1.5"/><circle cx="{cx}" cy="{}" r="16" fill="{fill}" stroke="#000" stroke-width="2"/><text x="{cx}" y="{}" font-size="20" font-weight="bold" text-anchor="middle" fill="{ink}">{}</text></g>"##,
                        cx - 15,
                        cy - 21,
                        cx - 15,
                        cy - 26,
                        cx - 3,
                        cy - 26,
                        cx + 9,
                        cy - 26,
                        cy + 3,
                        cy + 10,
                        glyph(p)
                    );
                }
                _ => {
                    let _ = writeln!(
                        s,
                        r##"<text x="{cx}" y="{}" font-size="44" text-anchor="middle" fill="{fill}" stroke="#000" stroke-width="1.2">{}</text>"##,
                        cy + 15,
                        glyph(p)
                    );
                }
            }
        }
        if let Some(Marks {
            sling: Some(sl), ..
        }) = &m
        {
            let (x1, y1) = xy(sl.from);
            let (x2, y2) = xy(sl.to);
            let _ = writeln!(
                s,
                r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#1e6fd9" stroke-width="6" stroke-opacity="0.8" marker-end="url(#head)"/>"##,
                x1 + SZ / 2,
                y1 + SZ / 2,
                x2 + SZ / 2,
                y2 + SZ / 2
            );
        }
        if let Some(m) = &m {
            let _ = writeln!(s, "<title>{}</title>", escape(&m.legend));
        }
        s.push_str("</svg>\n");
        s
    }
}

/// The text diagram, from White's side or (`flipped`) from Black's.
fn diagram(pos: &TurretChess, last: Option<(&TurretChess, Move)>, flipped: bool) -> String {
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
    let _ = write!(s, "{} to move", pos.turn());
    if pos.is_check() {
        s.push_str(", in check");
    }
    s.push('\n');
    s
}
