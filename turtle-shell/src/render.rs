//! Pictures of a position: a terminal diagram laid out like the board, and an SVG drawing.

use crate::board_data::{
    BLACK_END_ZONE, BLACK_PROMOTION, CENTRES, GUARD, NAMES, POLYGONS, SQUARES, WHITE_END_ZONE,
    WHITE_PROMOTION,
};
use crate::{Cell, Role, TurtleShell};
use chimera_core::{Color, MoveCells, Outcome, Position, Render};
use chimera_kit::svg::{Point, Scene};
use std::fmt::Write;

/// What a picture shows, read from the position once.
struct View {
    /// The piece on each cell, by cell number.
    pieces: [Option<(Color, Role)>; 64],
    /// The side to move.
    turn: Color,
    /// The last move: its cells and its text.
    last: Option<(usize, usize, String)>,
    /// The cell of the side to move's king, if it is in check.
    checked: Option<usize>,
    /// The result, if the position alone shows the game is over (checkmate, stalemate, a
    /// king in the end zone). Endings that depend on the history are not seen here.
    over: Option<Outcome>,
    /// Each side's hand (option `drops`), as (piece, count); `None` without drops.
    hands: Option<[Vec<(Role, u32)>; 2]>,
    /// The cells of rooks that are promoted pawns (option `drops`).
    promoted: u64,
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
        // A drop has no from cell: its two cells are both the cell dropped on.
        let last = last.map(|(before, mv)| {
            let from = if mv.is_drop() { mv.to() } else { mv.from() };
            (from.index(), mv.to().index(), before.move_text(mv))
        });
        View {
            pieces,
            turn,
            last,
            checked,
            over: pos.outcome(),
            hands: pos
                .rules()
                .drops
                .then(|| Color::ALL.map(|color| pos.hand(color))),
            promoted: pos.promoted,
        }
    }

    fn on_last_move(&self, i: usize) -> bool {
        matches!(self.last, Some((from, to, _)) if from == i || to == i)
    }

    /// Whether a piece beyond the standard five is on the board or in a hand.
    fn extra_kinds(&self) -> Vec<Role> {
        let mut kinds: Vec<Role> = self.pieces.iter().flatten().map(|&(_, p)| p).collect();
        if let Some(hands) = &self.hands {
            kinds.extend(hands.iter().flatten().map(|&(p, _)| p));
        }
        kinds.retain(|p| p.index() >= 5);
        kinds.sort();
        kinds.dedup();
        kinds
    }

    /// "Hands: White P P N; Black none." (option `drops`).
    fn hands_line(&self) -> Option<String> {
        let hands = self.hands.as_ref()?;
        let side = |hand: &[(Role, u32)]| {
            if hand.is_empty() {
                return "none".to_string();
            }
            let mut letters = Vec::new();
            for &(piece, n) in hand {
                for _ in 0..n {
                    letters.push(piece.char().to_string());
                }
            }
            letters.join(" ")
        };
        Some(format!(
            "In hand: White {}; Black {}.",
            side(&hands[0]),
            side(&hands[1])
        ))
    }
}

/// The key to the pieces beyond the standard five, each named once.
fn extra_key(kinds: &[Role]) -> Option<String> {
    if kinds.is_empty() {
        return None;
    }
    let parts: Vec<String> = kinds
        .iter()
        .map(|&p| match p {
            Role::Marshal => "M marshal (rook + knight)".to_string(),
            Role::VerticalMover => {
                "V vertical mover (slides along files, steps as a guard)".to_string()
            }
            Role::GuardKnight => "A guard-knight (guard + knight)".to_string(),
            other => format!("{} {}", other.char(), other.name()),
        })
        .collect();
    Some(parts.join(", "))
}

impl View {
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
fn piece_letter(color: Color, piece: Role) -> char {
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
    if let Some(key) = extra_key(&view.extra_kinds()) {
        let _ = writeln!(out, "  Also: {key}.");
    }
    if view.promoted != 0 {
        let cells: Vec<&str> = (0..64)
            .filter(|i| view.promoted >> i & 1 == 1)
            .map(|i| NAMES[i])
            .collect();
        let _ = writeln!(out, "  Promoted pawns (rooks): {}.", cells.join(" "));
    }
    if let Some(line) = view.hands_line() {
        let _ = writeln!(out, "  {line}");
    }
    out
}

/// SVG: pixels per unit of length, margin, and room for the title (the scene adds room
/// for the captions).
const SCALE: f32 = 100.0;
const MARGIN: f32 = 30.0;
const TITLE: f32 = 40.0;

/// Screen coordinates of a board point (y flipped: White at the bottom).
fn px(x: f32, y: f32) -> Point {
    (
        f64::from(MARGIN + x * SCALE),
        f64::from(TITLE + (HEIGHT - y) * SCALE),
    )
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
fn name_spot(i: usize) -> Point {
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

/// The picture, drawn with the kit's [`Scene`]: a heading, the cells (squares light,
/// triangles in two tones) with the promotion and end zones tinted, the last move and a
/// checked king marked, cell names, the pieces, and captions.
fn svg(view: &View) -> String {
    let width = f64::from(2.0 * MARGIN + WIDTH * SCALE);
    let board_height = f64::from(TITLE + HEIGHT * SCALE);
    let strip = if view.hands.is_some() {
        HAND_STRIP
    } else {
        0.0
    };
    let mut scene = Scene::new(width, board_height + strip);
    scene.background("#fbf8f1").outline("#4a3b2c", 1.2);
    scene.label((width / 2.0, 24.0), "Turtle Shell Chess", 20.0);
    let tones = triangle_tones();
    for i in 0..64 {
        let fill = if SQUARES >> i & 1 == 1 {
            "#ecd9b4"
        } else if tones[i] == 0 {
            "#c8a27a"
        } else {
            "#b48a62"
        };
        let corners: Vec<Point> = POLYGONS[i].iter().map(|&(x, y)| px(x, y)).collect();
        scene.cell(NAMES[i], &corners, fill);
    }
    tint_zones(&mut scene);
    if let Some((from, to, _)) = view.last {
        scene.highlight(NAMES[from], "#f5d442", 0.65);
        scene.highlight(NAMES[to], "#f5d442", 0.65);
    }
    if let Some(i) = view.checked {
        scene.highlight(NAMES[i], "#e0201b", 0.75);
    }
    for (i, name) in NAMES.iter().enumerate() {
        let spot = if view.pieces[i].is_some() {
            name_spot(i)
        } else {
            px(CENTRES[i].0, CENTRES[i].1)
        };
        scene.label(spot, name, 10.0);
    }
    for (i, piece) in view.pieces.iter().enumerate() {
        if let Some((color, piece)) = *piece {
            let at = px(CENTRES[i].0, CENTRES[i].1);
            draw_piece(&mut scene, at, color, piece);
            if view.promoted >> i & 1 == 1 {
                scene.dashed_ring(at, 20.0, "#2e8b57", "4 3");
            }
        }
    }
    if let Some(hands) = &view.hands {
        draw_hands(&mut scene, hands, board_height, width);
    }
    let (first, second) = view.status_parts();
    scene.caption(&first);
    if let Some(second) = second {
        scene.caption(&second);
    }
    if let Some(key) = extra_key(&view.extra_kinds()) {
        scene.caption(&key);
    }
    if let Some(line) = view.hands_line() {
        scene.caption(&line);
        if view.promoted != 0 {
            scene.caption("Dashed green ring: a rook that is a promoted pawn");
        }
    }
    scene.caption("Blue: White promotes, darker in Black's end zone");
    scene.caption("Red: Black promotes, darker in White's end zone");
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{}",
        scene.to_svg()
    )
}

/// SVG: the height of the strip below the board that shows the hands (option `drops`).
const HAND_STRIP: f64 = 56.0;

/// The name of the picture's cell for a piece in hand, the first click of a drop
/// ([`Render::move_cells`]): `W:P@` for a white pawn, `B:R@` for a black rook.
pub(crate) fn hand_cell_name(color: Color, piece: Role) -> String {
    format!("{}:{}@", color.char().to_ascii_uppercase(), piece.char())
}

/// The hands, in a strip below the board: White's on the left, Black's on the right, one
/// clickable box per kind in hand (named by [`hand_cell_name`]) with the piece and its
/// count.
fn draw_hands(scene: &mut Scene, hands: &[Vec<(Role, u32)>; 2], top: f64, width: f64) {
    let size = 40.0;
    let y = top + 8.0;
    for (c, hand) in hands.iter().enumerate() {
        let color = Color::ALL[c];
        let x0 = if c == 0 { 10.0 } else { width / 2.0 + 10.0 };
        let title = if c == 0 {
            "White's hand"
        } else {
            "Black's hand"
        };
        let mut x = x0 + 60.0;
        scene.label((x0 + 28.0, y + size / 2.0), title, 9.0);
        for &(piece, n) in hand {
            let name = hand_cell_name(color, piece);
            let corners = chimera_kit::svg::rect(x, y, size, size);
            scene.cell(&name, &corners, "#ecd9b4");
            let at = (x + size / 2.0, y + size / 2.0);
            draw_piece(scene, at, color, piece);
            if n > 1 {
                scene.label((x + size - 4.0, y + size - 4.0), &format!("{n}"), 11.0);
            }
            x += size + 6.0;
        }
    }
}

/// Promotion zones (faint) and end zones (stronger): blue where White promotes (at the
/// top), red where Black promotes (at the bottom).
fn tint_zones(scene: &mut Scene) {
    for (i, name) in NAMES.iter().enumerate() {
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
            scene.highlight(name, color, opacity);
        }
    }
}

/// A piece: a disc, White light and Black dark, with its chess figure (a guard, which has
/// none, its letter G); a king ringed in gold.
fn draw_piece(scene: &mut Scene, at: Point, color: Color, piece: Role) {
    let (fill, ink) = match color {
        Color::White => ("#ffffff", "#111111"),
        Color::Black => ("#1c1c1c", "#ffffff"),
    };
    scene.disc(at, 17.0, fill, "", ink);
    if piece == Role::King {
        scene.ring(at, 15.0, "#d4a017");
    }
    let (figure, size) = match piece {
        Role::King => ("\u{265A}", 26.0),
        Role::Knight => ("\u{265E}", 26.0),
        Role::Rook => ("\u{265C}", 26.0),
        Role::Pawn => ("\u{265F}", 26.0),
        Role::Guard => ("G", 20.0),
        Role::Marshal => ("M", 20.0),
        Role::VerticalMover => ("V", 20.0),
        Role::GuardKnight => ("A", 20.0),
    };
    scene.piece(at, figure, ink, size);
}

impl Render for TurtleShell {
    /// The move's two cells (a promotion shares them with the move that does not promote);
    /// a drop's first click is the piece in the mover's hand, drawn below the board as the
    /// cell `W:P@` (White's pawns in hand; `B:R@` Black's rooks), then the cell dropped on.
    fn move_cells(&self, mv: Self::Move) -> MoveCells {
        match mv.dropped() {
            Some(piece) => MoveCells::from_to(hand_cell_name(self.turn(), piece), mv.to()),
            None => MoveCells::from_to(mv.from(), mv.to()),
        }
    }

    fn notation_help() -> &'static str {
        "Turtle Shell notation: a move is its two cells, FROM-TO, as the diagram names\n\
         them (A0 to H9): `C2-C3`, `D2-E2` (a pawn steps along its file, and D2's file\n\
         runs on to E2). Case, spaces and the - are free: `c2c3`. A capture may be\n\
         written with x: `D5xC6`. Promotion (to a rook only): `E7-E8=R`, also written\n\
         `E7-E8R`; a pawn entering the end zone must promote and may leave =R out;\n\
         elsewhere in the zone the move without =R does not promote. With option\n\
         drops, a piece in hand is dropped on an empty cell as `P@D5` (letter, @, cell)."
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
