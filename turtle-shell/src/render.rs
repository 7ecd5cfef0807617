//! Pictures of a position: a terminal diagram laid out like the board, and an SVG drawing.

use crate::board_data::{
    BLACK_END_ZONE, BLACK_PROMOTION, CENTRES, GUARD, NAMES, POLYGONS, SQUARES, WHITE_END_ZONE,
    WHITE_PROMOTION,
};
use crate::{Cell, Piece, TurtleShell};
use chimera_core::{Color, MoveCells, Outcome, Position, Render};
use std::fmt::Write;

/// What a picture shows, read from the position once.
struct View {
    /// The piece on each cell, by cell number.
    pieces: [Option<(Color, Piece)>; 64],
    /// The side to move.
    turn: Color,
    /// The last move: its cells and its text.
    last: Option<(usize, usize, String)>,
    /// The cell of the side to move's king, if it is in check.
    checked: Option<usize>,
    /// The result, if the position alone shows the game is over (checkmate, stalemate, a
    /// king in the end zone). Endings that depend on the history are not seen here.
    over: Option<Outcome>,
}

impl View {
    fn new(pos: &TurtleShell, last: Option<(&TurtleShell, crate::Move)>) -> View {
        let mut pieces = [None; 64];
        for (i, slot) in pieces.iter_mut().enumerate() {
            *slot = cell(i).and_then(|c| pos.piece_at(c));
        }
        let turn = pos.turn();
        let checked = if pos.is_check() {
            pos.king(turn).map(|c| c.index())
        } else {
            None
        };
        let last =
            last.map(|(before, mv)| (mv.from().index(), mv.to().index(), before.move_text(mv)));
        View {
            pieces,
            turn,
            last,
            checked,
            over: pos.outcome(),
        }
    }

    fn on_last_move(&self, i: usize) -> bool {
        matches!(self.last, Some((from, to, _)) if from == i || to == i)
    }

    /// "White to move. Last move: C2-C3." and, if any, "Check!" or "Game over: …".
    fn status_parts(&self) -> (String, Option<String>) {
        let mut first = format!(
            "{} to move.",
            match self.turn {
                Color::White => "White",
                Color::Black => "Black",
            }
        );
        if let Some((_, _, text)) = &self.last {
            let _ = write!(first, " Last move: {text}.");
        }
        let second = match self.over {
            Some(outcome) => Some(format!("Game over: {outcome}.")),
            None if self.checked.is_some() => Some("Check!".to_string()),
            None => None,
        };
        (first, second)
    }

    /// The status on one line.
    fn status(&self) -> String {
        match self.status_parts() {
            (first, Some(second)) => format!("{first} {second}"),
            (first, None) => first,
        }
    }
}

/// Cell number `i` as a [`Cell`].
fn cell(i: usize) -> Option<Cell> {
    Cell::new(u8::try_from(i).ok()?)
}

/// A piece's letter: upper case for White, lower case for Black.
fn piece_letter(color: Color, piece: Piece) -> char {
    match color {
        Color::White => piece.char().to_ascii_uppercase(),
        Color::Black => piece.char().to_ascii_lowercase(),
    }
}

/// The board's extent (edge length 1).
const WIDTH: f32 = 5.7321;
const HEIGHT: f32 = 8.4641;

/// Text diagram: columns and lines per unit of length.
const COLUMNS_PER_UNIT: f32 = 12.0;
const LINES_PER_UNIT: f32 = 3.0;
/// Text diagram: the captions of the two sides.
const BLACK_SIDE: &str = "Black's side (end zone B9 C9 D9 E8 E9 F9 G9)";
const WHITE_SIDE: &str = "White's side (end zone B0 C0 D0 E1 E0 F0 G0)";
/// Text diagram: columns left of the board.
const LEFT_MARGIN: usize = 2;

/// The text diagram, White's side at the bottom or (`flipped`, turned through 180°)
/// Black's.
fn text_diagram(view: &View, flipped: bool) -> String {
    let lines = (HEIGHT * LINES_PER_UNIT).round() as usize + 1;
    let columns = LEFT_MARGIN + (WIDTH * COLUMNS_PER_UNIT).round() as usize + 6;
    let mut grid = vec![vec![' '; columns]; lines];
    for (i, &(x, y)) in CENTRES.iter().enumerate() {
        let (x, y) = if flipped {
            (WIDTH - x, HEIGHT - y)
        } else {
            (x, y)
        };
        let line = ((HEIGHT - y) * LINES_PER_UNIT).round() as usize;
        let column = LEFT_MARGIN + (x * COLUMNS_PER_UNIT).round() as usize;
        let piece = match view.pieces[i] {
            Some((color, piece)) => piece_letter(color, piece),
            None => '.',
        };
        let mark = if view.checked == Some(i) {
            '!'
        } else if view.on_last_move(i) {
            '*'
        } else {
            ' '
        };
        let label: Vec<char> = format!("{}:{piece}{mark}", NAMES[i]).chars().collect();
        if let Some(spot) = grid
            .get_mut(line)
            .and_then(|row| row.get_mut(column..column + label.len()))
        {
            spot.copy_from_slice(&label);
        }
    }
    let mut out = String::new();
    let rule = format!("  {}", "-".repeat(columns - 2));
    let (top, bottom) = if flipped {
        (WHITE_SIDE, BLACK_SIDE)
    } else {
        (BLACK_SIDE, WHITE_SIDE)
    };
    let _ = writeln!(out, "  Turtle Shell Chess          {top}");
    out.push_str(&rule);
    out.push('\n');
    for row in grid {
        let line: String = row.into_iter().collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str(&rule);
    out.push('\n');
    let _ = writeln!(out, "  {bottom}");
    let _ = writeln!(out, "  {}", view.status());
    let _ = writeln!(
        out,
        "  Cells NAME:piece. K king, G guard, N knight, R rook, P pawn; White upper case,"
    );
    let _ = writeln!(
        out,
        "  Black lower case, . empty; * the last move's cells, ! a king in check."
    );
    out
}

/// SVG: pixels per unit of length, margin, and room for the title and caption.
const SCALE: f32 = 100.0;
const MARGIN: f32 = 30.0;
const TITLE: f32 = 40.0;
const CAPTION: f32 = 92.0;

/// Screen coordinates of a board point (y flipped: White at the bottom).
fn px(x: f32, y: f32) -> (f32, f32) {
    (MARGIN + x * SCALE, TITLE + (HEIGHT - y) * SCALE)
}

fn points(i: usize) -> String {
    POLYGONS[i]
        .iter()
        .map(|&(x, y)| {
            let (a, b) = px(x, y);
            format!("{a:.1},{b:.1}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Two tones for the triangles, so that triangles sharing an edge differ where possible.
fn triangle_tones() -> [u8; 64] {
    let mut tone = [u8::MAX; 64];
    for start in 0..64 {
        if SQUARES >> start & 1 == 1 || tone[start] != u8::MAX {
            continue;
        }
        tone[start] = 0;
        let mut stack = vec![start];
        while let Some(i) = stack.pop() {
            let mut next = GUARD[i] & !SQUARES;
            while next != 0 {
                let j = next.trailing_zeros() as usize;
                next &= next - 1;
                if tone[j] == u8::MAX {
                    tone[j] = 1 - tone[i];
                    stack.push(j);
                }
            }
        }
    }
    tone
}

/// Where a cell's name goes: from the centre most of the way to its top (then leftmost)
/// corner, leaving the centre to the piece.
fn name_spot(i: usize) -> (f32, f32) {
    let (cx, cy) = CENTRES[i];
    let corner = POLYGONS[i]
        .iter()
        .copied()
        .fold(None::<(f32, f32)>, |best, (x, y)| match best {
            Some((bx, by)) if by - 0.3 * bx >= y - 0.3 * x => Some((bx, by)),
            _ => Some((x, y)),
        })
        .unwrap_or((cx, cy));
    let t = 0.6;
    px(cx + t * (corner.0 - cx), cy + t * (corner.1 - cy))
}

fn svg(view: &View) -> String {
    let width = 2.0 * MARGIN + WIDTH * SCALE;
    let height = TITLE + HEIGHT * SCALE + CAPTION;
    let tones = triangle_tones();
    let mut s = String::new();
    let _ = writeln!(s, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="DejaVu Sans, Verdana, Arial, sans-serif">"#
    );
    let _ = writeln!(s, "<title>Turtle Shell Chess: {}</title>", view.status());
    let _ = writeln!(s, r##"<rect width="100%" height="100%" fill="#fbf8f1"/>"##);
    let _ = writeln!(
        s,
        r##"<text x="{:.1}" y="27" text-anchor="middle" font-size="20" font-weight="bold" fill="#3b2f22">Turtle Shell Chess</text>"##,
        width / 2.0
    );

    // The cells.
    let _ = writeln!(
        s,
        r##"<g id="cells" stroke="#4a3b2c" stroke-width="1.2" stroke-linejoin="round">"##
    );
    for (i, tone) in tones.iter().enumerate() {
        let fill = if SQUARES >> i & 1 == 1 {
            "#ecd9b4"
        } else if *tone == 0 {
            "#c8a27a"
        } else {
            "#b48a62"
        };
        let _ = writeln!(
            s,
            r#"<polygon points="{}" fill="{fill}" class="cell" data-cell="{}"><title>{}</title></polygon>"#,
            points(i),
            NAMES[i],
            NAMES[i]
        );
    }
    s.push_str("</g>\n");

    // Promotion zones (faint) and end zones (stronger): blue where White promotes (at the
    // top), red where Black promotes (at the bottom).
    s.push_str("<g id=\"zones\" stroke=\"none\">\n");
    for i in 0..64 {
        let bit = 1u64 << i;
        let tint = if WHITE_END_ZONE & bit != 0 {
            Some(("#2f5fb3", 0.30))
        } else if WHITE_PROMOTION & bit != 0 {
            Some(("#2f5fb3", 0.12))
        } else if BLACK_END_ZONE & bit != 0 {
            Some(("#b3392f", 0.30))
        } else if BLACK_PROMOTION & bit != 0 {
            Some(("#b3392f", 0.12))
        } else {
            None
        };
        if let Some((color, opacity)) = tint {
            let _ = writeln!(
                s,
                r#"<polygon points="{}" fill="{color}" fill-opacity="{opacity}"/>"#,
                points(i)
            );
        }
    }
    s.push_str("</g>\n");

    // The last move and a checked king.
    s.push_str("<g id=\"marks\" stroke=\"none\">\n");
    if let Some((from, to, _)) = view.last {
        for i in [from, to] {
            let _ = writeln!(
                s,
                r##"<polygon points="{}" fill="#f5d442" fill-opacity="0.65"/>"##,
                points(i)
            );
        }
    }
    if let Some(i) = view.checked {
        let _ = writeln!(
            s,
            r##"<polygon points="{}" fill="#e0201b" fill-opacity="0.75"/>"##,
            points(i)
        );
    }
    s.push_str("</g>\n");

    // Cell names.
    s.push_str(
        "<g id=\"names\" font-size=\"10\" fill=\"#4a3b2c\" text-anchor=\"middle\" dominant-baseline=\"central\">\n",
    );
    for (i, name) in NAMES.iter().enumerate() {
        let (x, y) = if view.pieces[i].is_some() {
            name_spot(i)
        } else {
            let (x, y) = CENTRES[i];
            px(x, y)
        };
        let _ = writeln!(s, r#"<text x="{x:.1}" y="{y:.1}">{name}</text>"#);
    }
    s.push_str("</g>\n");

    // Pieces: discs with the piece's chess figure (a guard's letter G); White light, Black
    // dark; kings ringed.
    s.push_str(
        "<g id=\"pieces\" text-anchor=\"middle\" dominant-baseline=\"central\" font-weight=\"bold\" font-size=\"20\">\n",
    );
    for (i, piece) in view.pieces.iter().enumerate() {
        let Some((color, piece)) = *piece else {
            continue;
        };
        let (x, y) = px(CENTRES[i].0, CENTRES[i].1);
        let (fill, ink, ring) = match color {
            Color::White => ("#ffffff", "#111111", "#111111"),
            Color::Black => ("#1c1c1c", "#ffffff", "#000000"),
        };
        let r = 17.0;
        let _ = writeln!(
            s,
            r#"<circle cx="{x:.1}" cy="{y:.1}" r="{r}" fill="{fill}" stroke="{ring}" stroke-width="1.5"/>"#
        );
        if piece == Piece::King {
            let _ = writeln!(
                s,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none" stroke="#d4a017" stroke-width="2.5"/>"##,
                r - 3.0
            );
        }
        // Chess figures where the piece has one; the guard (no chess piece) keeps its G.
        let (figure, size) = match piece {
            Piece::King => ('\u{265A}', 26),
            Piece::Knight => ('\u{265E}', 26),
            Piece::Rook => ('\u{265C}', 26),
            Piece::Pawn => ('\u{265F}', 26),
            Piece::Guard => ('G', 20),
        };
        let _ = writeln!(
            s,
            r#"<text x="{x:.1}" y="{:.1}" fill="{ink}" font-size="{size}">{figure}</text>"#,
            y + 0.5
        );
    }
    s.push_str("</g>\n");

    // Caption: side to move, last move, check or the end; a key to the tints.
    let base = TITLE + HEIGHT * SCALE;
    let (first, second) = view.status_parts();
    let _ = writeln!(
        s,
        r##"<text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="16" fill="#222">{first}</text>"##,
        width / 2.0,
        base + 26.0
    );
    if let Some(second) = second {
        let _ = writeln!(
            s,
            r##"<text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="16" font-weight="bold" fill="#b01c17">{second}</text>"##,
            width / 2.0,
            base + 48.0
        );
    }
    let key_y = base + 76.0;
    let half = width / 2.0;
    for (x, color, label) in [
        (MARGIN, "#2f5fb3", "White promotes; Black's end zone darker"),
        (
            half + 8.0,
            "#b3392f",
            "Black promotes; White's end zone darker",
        ),
    ] {
        let _ = writeln!(
            s,
            r##"<rect x="{x:.1}" y="{:.1}" width="14" height="14" fill="#c8a27a" stroke="#4a3b2c" stroke-width="0.8"/><rect x="{x:.1}" y="{:.1}" width="14" height="14" fill="{color}" fill-opacity="0.3"/><text x="{:.1}" y="{:.1}" font-size="11" fill="#444">{label}</text>"##,
            key_y - 11.0,
            key_y - 11.0,
            x + 19.0,
            key_y
        );
    }
    s.push_str("</svg>\n");
    s
}

impl Render for TurtleShell {
    /// The move's two cells (a promotion shares them with the move that does not promote).
    fn move_cells(&self, mv: Self::Move) -> MoveCells {
        MoveCells::from_to(mv.from(), mv.to())
    }

    fn notation_help() -> &'static str {
        "Turtle Shell notation: a move is its two cells, FROM-TO, as the diagram names\n\
         them (A0 to H9): `C2-C3`, `D2-E2` (a pawn steps along its file, and D2's file\n\
         runs on to E2). Case, spaces and the - are free: `c2c3`. A capture may be\n\
         written with x: `D5xC6`. Promotion (to a rook only): `E7-E8=R`, also written\n\
         `E7-E8R`; a pawn entering the end zone must promote and may leave =R out;\n\
         elsewhere in the zone the move without =R does not promote."
    }

    fn text_diagram(&self, last: Option<(&Self, Self::Move)>) -> String {
        text_diagram(&View::new(self, last), false)
    }

    /// The diagram of [`Render::text_diagram`] turned through 180°: Black's side at the
    /// bottom.
    fn text_diagram_flipped(&self, last: Option<(&Self, Self::Move)>) -> Option<String> {
        Some(text_diagram(&View::new(self, last), true))
    }

    fn svg(&self, last: Option<(&Self, Self::Move)>) -> String {
        svg(&View::new(self, last))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_diagram_names_every_cell_once() {
        let pos = TurtleShell::start(Default::default());
        let flipped = pos.text_diagram_flipped(None).expect("a flipped diagram");
        for text in [pos.text_diagram(None), flipped] {
            for name in NAMES {
                assert_eq!(text.matches(&format!("{name}:")).count(), 1, "{name}");
            }
            assert!(text.contains("E1:K"));
            assert!(text.contains("White to move."));
            assert!(text.lines().all(|l| l.chars().count() <= 100));
        }
    }

    #[test]
    fn the_svg_is_a_whole_document_with_every_cell() {
        let pos = TurtleShell::start(Default::default());
        let svg = pos.svg(None);
        assert!(svg.starts_with("<?xml"));
        assert!(svg.trim_end().ends_with("</svg>"));
        assert!(svg.matches("<polygon").count() >= 64);
        assert!(svg.matches("<circle").count() >= 28);
    }

    /// The end of the bundled example game: White's king on D5 is checkmated.
    const MATE: &str = "W:KD5,GE0,GD1,NF0,NB2,RB0,RG0,PG2,PG1,PC2,PF2,PB3,PC3,PE3 \
        B:KC8,GE8,GD9,NC9,NF9,RE7,RG9,PC5,PA6,PG6,PD7,PF7,PB8,PG8 w";

    #[test]
    fn a_checked_king_and_the_end_are_shown() {
        let before = TurtleShell::from_text(
            &MATE.replace("RE7", "RB6").replace(" w", " b"),
            Default::default(),
        )
        .unwrap();
        let mate = TurtleShell::from_text(MATE, Default::default()).unwrap();
        let mv = before.parse_move("B6-E7").unwrap();
        let text = mate.text_diagram(Some((&before, mv)));
        assert!(text.contains("D5:K!"), "{text}");
        assert!(text.contains("E7:r*") && text.contains("B6:.*"), "{text}");
        assert!(text.contains("Last move: B6-E7."), "{text}");
        assert!(
            text.contains("Game over: 0-1 black wins by checkmate."),
            "{text}"
        );
        let svg = mate.svg(Some((&before, mv)));
        assert!(svg.contains("#e0201b"), "the checked king's cell is red");
        assert_eq!(
            svg.matches("#f5d442").count(),
            2,
            "the last move's two cells"
        );
        assert!(svg.contains("Game over: 0-1 black wins by checkmate."));
    }

    #[test]
    fn triangles_sharing_an_edge_get_different_tones() {
        let tones = triangle_tones();
        for i in 0..64 {
            let mut next = GUARD[i] & !SQUARES;
            if SQUARES >> i & 1 == 1 {
                continue;
            }
            while next != 0 {
                let j = next.trailing_zeros() as usize;
                next &= next - 1;
                assert_ne!(tones[i], tones[j], "{} {}", NAMES[i], NAMES[j]);
            }
        }
    }
}
