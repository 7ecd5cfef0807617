//! Pictures of a position: a terminal diagram and an SVG drawing.

use crate::board::Square;
use crate::position::{Move, Turnover};
use crate::stack::Ring;
use chimera_core::{Color, MoveCells, Position, Render};
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
    /// move's two squares highlighted, and a caption with the side to move or the result.
    fn svg(&self, last: Option<(&Self, Move)>) -> String {
        const S: f64 = 64.0; // square size
        const M: f64 = 28.0; // margin for the coordinates
        let width = 2.0 * M + 8.0 * S;
        let height = width + 28.0;
        let mut out = String::with_capacity(16 * 1024);
        let _ = write!(
            out,
            r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" font-family="sans-serif">
<title>Turnover Chess position</title>
<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>
"##
        );
        let origin = |sq: Square| {
            (
                M + f64::from(sq.file()) * S,
                M + f64::from(7 - sq.rank()) * S,
            )
        };
        for sq in Square::all() {
            let (x, y) = origin(sq);
            let dark = (sq.file() + sq.rank()) % 2 == 0;
            let fill = if dark { "#b58863" } else { "#f0d9b5" };
            let _ = writeln!(
                out,
                r#"<rect x="{x}" y="{y}" width="{S}" height="{S}" fill="{fill}" class="cell" data-cell="{sq}"/>"#
            );
        }
        if let Some((_, mv)) = last {
            for sq in [mv.from(), mv.to()] {
                let (x, y) = origin(sq);
                let _ = writeln!(
                    out,
                    r##"<rect class="last-move" x="{x}" y="{y}" width="{S}" height="{S}" fill="#f4e04d" fill-opacity="0.6" stroke="#c8a800" stroke-width="2"/>"##
                );
            }
        }
        for i in 0..8u8 {
            let file = char::from(b'a' + i);
            let rank = char::from(b'1' + i);
            let fx = M + (f64::from(i) + 0.5) * S;
            let ry = M + (f64::from(7 - i) + 0.5) * S + 5.0;
            for (x, y, label) in [
                (fx, M - 9.0, file),
                (fx, M + 8.0 * S + 19.0, file),
                (M / 2.0, ry, rank),
                (M + 8.0 * S + M / 2.0, ry, rank),
            ] {
                let _ = writeln!(
                    out,
                    r##"<text x="{x}" y="{y}" font-size="15" text-anchor="middle" fill="#333">{label}</text>"##
                );
            }
        }
        for sq in Square::all() {
            let Some((stack, color)) = self.stack_at(sq) else {
                continue;
            };
            let (x, y) = origin(sq);
            let (cx, cy) = (x + S / 2.0, y + S / 2.0);
            let (fill, stroke) = match color {
                Color::White => ("#fbfbf4", "#1a1a1a"),
                Color::Black => ("#1e1e1e", "#e8e8e8"),
            };
            let _ = writeln!(
                out,
                r#"<g class="stack" data-square="{sq}" data-stack="{}" data-color="{color}" fill="{fill}" stroke="{stroke}" stroke-width="1.5" fill-rule="evenodd">"#,
                stack.letters()
            );
            for (ring, outer, inner) in [
                (Ring::Wall, 29.0, 21.0),
                (Ring::Fort, 18.5, 11.0),
                (Ring::Tower, 8.5, 0.0),
            ] {
                if stack.has(ring) {
                    let _ = writeln!(
                        out,
                        r#"<path class="ring-{}" d="{}"/>"#,
                        ring.letter(),
                        annulus(cx, cy, outer, inner)
                    );
                }
            }
            out.push_str("</g>\n");
        }
        let caption = match self.outcome() {
            Some(outcome) => format!("Game over: {outcome}"),
            None => format!("{} to move", side_name(self.turn())),
        };
        let caption = match last {
            Some((before, mv)) => format!("Last move {} · {caption}", before.move_text(mv)),
            None => caption,
        };
        let _ = writeln!(
            out,
            r##"<text x="{}" y="{}" font-size="16" text-anchor="middle" fill="#111">{caption}</text>"##,
            width / 2.0,
            height - 8.0
        );
        out.push_str("</svg>\n");
        out
    }
}

/// An SVG path for a ring between radii `outer` and `inner` (a disc when `inner` is 0).
fn annulus(cx: f64, cy: f64, outer: f64, inner: f64) -> String {
    let circle = |r: f64| {
        format!(
            "M {} {cy} a {r} {r} 0 1 0 {} 0 a {r} {r} 0 1 0 {} 0 Z",
            cx - r,
            2.0 * r,
            -2.0 * r
        )
    };
    if inner > 0.0 {
        format!("{} {}", circle(outer), circle(inner))
    } else {
        circle(outer)
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
