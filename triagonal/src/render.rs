//! Pictures of a position: a terminal diagram and an SVG drawing, both showing the eight
//! levels as eight labelled 8×8 boards.

use crate::board::Cell;
use crate::position::{Move, Role, Triagonal};
use chimera_core::{Color, MoveCells, Position, Render};
use chimera_kit::svg::Scene;
use std::fmt::Write;

fn side_name(color: Color) -> &'static str {
    color.fold("White", "Black")
}

/// The cells the last move marks: (from, to, placed Jacks).
fn marks(last: Option<(&Triagonal, Move)>) -> (Vec<Cell>, Vec<Cell>) {
    match last {
        None => (Vec::new(), Vec::new()),
        Some((_, mv)) => (
            vec![mv.from(), mv.to()],
            mv.placement().map(|(a, b)| vec![a, b]).unwrap_or_default(),
        ),
    }
}

fn status(pos: &Triagonal, last: Option<(&Triagonal, Move)>) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some((before, mv)) = last {
        lines.push(format!(
            "Last move: {} ({})",
            before.move_text(mv),
            side_name(before.turn())
        ));
    }
    lines.push(match pos.outcome() {
        Some(outcome) => format!("Game over: {outcome}"),
        None => format!(
            "{} to move · move {} · {} since a capture, pawn move or placement",
            side_name(pos.turn()),
            pos.fullmove_number(),
            match pos.halfmove_clock() {
                1 => "1 ply".to_string(),
                n => format!("{n} plies"),
            }
        ),
    });
    lines.push(format!(
        "Jacks in hand: White {} · Black {}{}",
        pos.jacks_in_hand(Color::White),
        pos.jacks_in_hand(Color::Black),
        match pos.en_passant() {
            Some((skipped, _)) => format!(" · en passant on {skipped}"),
            None => String::new(),
        }
    ));
    lines
}

impl Render for Triagonal {
    /// The cells of the two Jacks placed first, if any (the lower cell index first, as the
    /// notation writes them), then the moving piece's cell and its destination (for a
    /// knight's capture without moving, the captured piece's cell). A promotion's choices
    /// share their cells.
    fn move_cells(&self, mv: Move) -> MoveCells {
        let mut picks = Vec::with_capacity(4);
        if let Some((a, b)) = mv.placement() {
            picks.push(vec![a.to_string()]);
            picks.push(vec![b.to_string()]);
        }
        picks.push(vec![mv.from().to_string()]);
        picks.push(vec![mv.to().to_string()]);
        MoveCells {
            picks,
            also: Vec::new(),
        }
    }

    fn notation_hint(word: &str, _unreadable: bool) -> Option<&'static str> {
        word.contains('@').then_some(
            "A placement is part of a whole turn, one token: two Jacks on empty cells next \
             to each other and to two of your pieces, then the move, joined by commas: \
             J@Cc3,J@Cd3,Ab1-Ac3 (a Jack just placed may not move this turn).",
        )
    }

    fn notation_help() -> &'static str {
        "Triagonal notation: a cell is level A-H, file a-h, rank 1-8 (Ae2 is level A,\n\
         file e, rank 2). A move is FROM-TO: `Ae2-Ae4`, `Ab1-Ac3`; a capture with x,\n\
         `Bc2xCd3`; promotion adds the piece, `Gb7xHb8=N` (Q, R, B, N); a\n\
         knight's capture without moving is `Bb1^Bb2`; castling is the king's move,\n\
         `Ae1-Ag1`. A turn may start by placing two Jacks from hand on empty cells next\n\
         to each other and to two of your pieces: the whole turn is one token, the two\n\
         placements and the move joined by commas without spaces: `J@Cc3,J@Cd3,Ab1-Ac3`\n\
         (a Jack just placed may not move this turn)."
    }

    /// Two rows of four boards (levels A–D, then E–H), rank 8 on top, each cell two
    /// characters: `>` before the last move's cells and `+` before the Jacks it placed, then
    /// the piece letter (upper case White, lower case Black, `J` a Jack), `.` for an empty
    /// cell, `#` for a hole. Then the last move, the side to move or the result, the Jacks
    /// in hand, and a legend; no line is over 80 columns.
    fn text_diagram(&self, last: Option<(&Self, Move)>) -> String {
        diagram(self, last, false)
    }

    /// The diagram of [`Render::text_diagram`] seen from Black's side: levels H–E above
    /// D–A, each board turned round (rank 1 on top, file `h` on the left).
    fn text_diagram_flipped(&self, last: Option<(&Self, Move)>) -> Option<String> {
        Some(diagram(self, last, true))
    }

    /// Eight labelled 8×8 boards (levels A–D above, E–H below), hole cells grey, pieces as
    /// chess glyphs and Jacks as a `J` in a disc, the last move's cells in yellow and the
    /// Jacks it placed in green, and captions with the last move, the side to move or the
    /// result, and the Jacks in hand.
    fn svg(&self, last: Option<(&Self, Move)>) -> String {
        let mut scene = Scene::new(WIDTH, TOP + 2.0 * ROW - 40.0);
        scene.background("#ffffff");
        for level in 0..8u8 {
            draw_level(&mut scene, level);
        }
        let (moved, placed) = marks(last);
        for (cells, color) in [(&moved, "#f4e04d"), (&placed, "#5fd35f")] {
            for cell in cells {
                scene.highlight(&cell.to_string(), color, 0.65);
            }
        }
        for cell in Cell::all() {
            let Some((piece, color)) = self.piece_at(cell) else {
                continue;
            };
            let (x, y) = corner(cell.file(), cell.rank(), cell.level());
            let centre = (x + S / 2.0, y + S / 2.0);
            if piece == Role::Jack {
                let (fill, ink) = color.fold(("#fdfdf5", "#111"), ("#1c1c1c", "#f4f4f4"));
                scene.disc(centre, S * 0.38, fill, "J", ink);
            } else {
                let fill = color.fold("#ffffff", "#000000");
                scene.piece(centre, &glyph(piece).to_string(), fill, 28.0);
            }
        }
        for line in status(self, last) {
            scene.caption(&line);
        }
        scene.to_svg()
    }
}

/// The SVG's cell size.
const S: f64 = 36.0;
/// The SVG's space between two boards of a row.
const GAP: f64 = 44.0;
/// The SVG's margin left of the first board, for the rank numbers.
const LEFT: f64 = 30.0;
/// The SVG's margin above the first row of boards, for the level names.
const TOP: f64 = 40.0;
/// The height of a row of boards in the SVG, with its labels.
const ROW: f64 = 8.0 * S + 70.0;
/// The SVG's width: four boards.
const WIDTH: f64 = LEFT + 4.0 * (8.0 * S + GAP);

/// The top-left corner of a cell (or hole) in the SVG.
fn corner(file: u8, rank: u8, level: u8) -> (f64, f64) {
    let bx = LEFT + f64::from(level % 4) * (8.0 * S + GAP);
    let by = TOP + f64::from(level / 4) * ROW;
    (bx + f64::from(file) * S, by + f64::from(7 - rank) * S)
}

/// One level's board in the SVG: its name, its cells (holes grey, not cells), and its
/// file letters and rank numbers.
fn draw_level(scene: &mut Scene, level: u8) {
    let (bx, by) = corner(0, 7, level);
    let name = format!("Level {}", char::from(b'A' + level));
    scene.label((bx + 4.0 * S, by - 14.0), &name, 17.0);
    for rank in 0..8u8 {
        for file in 0..8u8 {
            let (x, y) = corner(file, rank, level);
            let square = chimera_kit::svg::rect(x, y, S, S);
            match Cell::new(file, rank, level) {
                None => {
                    scene.area(&square, "#6b6b6b");
                }
                Some(cell) => {
                    let dark = (file + rank + level) % 2 == 0;
                    scene.cell(
                        &cell.to_string(),
                        &square,
                        if dark { "#b58863" } else { "#f0d9b5" },
                    );
                }
            }
        }
    }
    for i in 0..8u8 {
        let (x, _) = corner(i, 0, level);
        let (_, y) = corner(0, i, level);
        let file = char::from(b'a' + i).to_string();
        scene.label((x + S / 2.0, by + 8.0 * S + 10.0), &file, 12.0);
        scene.label((bx - 10.0, y + S / 2.0), &(i + 1).to_string(), 12.0);
    }
}

/// The chess glyph of a piece (the filled, "black" glyphs, coloured by fill).
fn glyph(piece: Role) -> char {
    match piece {
        Role::King => '\u{265A}',
        Role::Queen => '\u{265B}',
        Role::Rook => '\u{265C}',
        Role::Bishop => '\u{265D}',
        Role::Knight => '\u{265E}',
        Role::Pawn => '\u{265F}',
        Role::Jack => 'J',
    }
}

/// The text diagram, from White's side or (`flipped`) from Black's.
fn diagram(pos: &Triagonal, last: Option<(&Triagonal, Move)>, flipped: bool) -> String {
    let (moved, placed) = marks(last);
    let mut out = String::new();
    for row in 0..2u8 {
        let mut levels: Vec<u8> = (row * 4..row * 4 + 4).collect();
        if flipped {
            levels = levels.iter().map(|l| 7 - l).collect();
        }
        for &l in &levels {
            let _ = write!(out, "    Level {}         ", char::from(b'A' + l));
        }
        out.push('\n');
        let ranks: Vec<u8> = if flipped {
            (0..8).collect()
        } else {
            (0..8).rev().collect()
        };
        for rank in ranks {
            for &l in &levels {
                let _ = write!(out, " {} ", rank + 1);
                for i in 0..8u8 {
                    let file = if flipped { 7 - i } else { i };
                    match Cell::new(file, rank, l) {
                        None => out.push_str(" #"),
                        Some(cell) => {
                            out.push(if moved.contains(&cell) {
                                '>'
                            } else if placed.contains(&cell) {
                                '+'
                            } else {
                                ' '
                            });
                            out.push(match pos.piece_at(cell) {
                                None => '.',
                                Some((p, Color::White)) => p.letter(),
                                Some((p, Color::Black)) => p.letter().to_ascii_lowercase(),
                            });
                        }
                    }
                }
                out.push(' ');
            }
            out.push('\n');
        }
        for _ in &levels {
            out.push_str(if flipped {
                "    h g f e d c b a "
            } else {
                "    a b c d e f g h "
            });
        }
        out.push_str("\n\n");
    }
    for line in status(pos, last) {
        let _ = writeln!(out, "  {line}");
    }
    let _ = writeln!(
        out,
        "  P pawn N knight B bishop R rook Q queen K king J Jack (upper case White)"
    );
    let _ = writeln!(
        out,
        "  # hole · > the last move's cells · + the Jacks it placed · a cell is level,"
    );
    let _ = writeln!(out, "  file and rank: Ae1 is level A, file e, rank 1");
    // No line ends in spaces: the boards' padding is trimmed.
    out.lines()
        .map(|line| line.trim_end().to_string() + "\n")
        .collect()
}
