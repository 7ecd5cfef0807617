//! Pictures of a position: a terminal diagram and an SVG drawing, both showing the tiles,
//! the pieces, the kings and giant ferzes as one 2 × 2 figure each, the aggregates, the
//! pieces moved so far this turn, the last move and a checked king. Only the rule set's
//! board is drawn, with its own file names (`a`–`p` under `paulowich-16`).

use crate::board::{Board, Square, Unit, RANKS};
use crate::position::{Move, Role, TilingRider};
use chimera_core::{Budget, Color, MoveCells, Position, Render, Status};
use chimera_kit::svg::{rect, Point, Scene};
use std::fmt::Write;

/// The search nodes a picture may spend deciding whether the game is over (a few tens of
/// milliseconds at most).
pub const PICTURE_BUDGET_NODES: u64 = 20_000;

fn side_name(color: Color) -> &'static str {
    color.fold("White", "Black")
}

/// Whether two orthogonally adjacent squares are drawn as one figure: the same tile (the
/// same unit under `color-rider`, which has no tiles: its diagram shows the units the kings
/// stand on), or both under one king or one giant ferz.
fn joined(pos: &TilingRider, a: Square, b: Square) -> bool {
    (if pos.rules.has_tiles() {
        a.tile_mate() == b
    } else {
        a.unit() == b.unit()
    }) || (a.unit() == b.unit() && (pos.king_at(a).is_some() || pos.giant_ferz_at(a).is_some()))
}

fn last_squares(last: Option<(&TilingRider, Move)>) -> Vec<Square> {
    match last {
        Some((_, mv)) => {
            let mut v = mv.from_squares();
            v.extend(mv.to_squares());
            v
        }
        None => Vec::new(),
    }
}

fn status_lines(pos: &TilingRider, last: Option<(&TilingRider, Move)>) -> Vec<String> {
    let mut out = Vec::new();
    if let Some((before, mv)) = last {
        out.push(format!(
            "Last move: {} ({})",
            before.move_text(mv),
            side_name(before.turn())
        ));
    }
    // A picture never waits on the turn search: whether the game is over is asked within a
    // fixed budget (deterministic: the same position always draws the same).
    let status = pos.status_within(&mut Budget::nodes(PICTURE_BUDGET_NODES));
    match status {
        Status::Over(outcome) => out.push(format!("Game over: {outcome}")),
        Status::Ongoing | Status::Undecided => {
            let unit = if pos.rules == crate::Rules::Wheeler {
                "points"
            } else {
                "moves"
            };
            let exact = if pos.min_moves() > 1 {
                format!(" (exactly {})", pos.limit)
            } else {
                String::new()
            };
            out.push(format!(
                "{} to move · turn {} · {} of at most {} {unit} made{exact}{}",
                side_name(pos.side),
                pos.turn_no,
                pos.made,
                pos.limit,
                if pos.in_check(pos.side) {
                    " · in check"
                } else {
                    ""
                }
            ));
            if status == Status::Undecided {
                out.push(format!(
                    "Not known whether any legal action remains: the diagram stops looking \
                     after {PICTURE_BUDGET_NODES} search nodes (`chimera moves` decides it)"
                ));
            }
        }
    }
    let mut aggs = Vec::new();
    for c in Color::ALL {
        for (sq, p) in pos.aggregate_blocks(c) {
            aggs.push(format!(
                "{} {} on {}",
                side_name(c),
                p.name(),
                pos.board().square_name(sq)
            ));
        }
    }
    if !aggs.is_empty() {
        out.push(format!("Aggregates: {}", aggs.join(", ")));
    }
    out
}

impl Render for TilingRider {
    /// A piece's move: its square, then its destination. An aggregate's, a king's or a giant
    /// ferz's: its unit, then the unit it goes to (each pick any of the unit's four squares,
    /// the lower-left one first, the square the notation names). "End turn": no click.
    fn move_cells(&self, mv: Move) -> MoveCells {
        let board = self.board();
        let names = |squares: Vec<Square>| -> Vec<String> {
            squares.iter().map(|&s| board.square_name(s)).collect()
        };
        let (from, to) = (names(mv.from_squares()), names(mv.to_squares()));
        if from.is_empty() || to.is_empty() {
            return MoveCells::default();
        }
        MoveCells {
            picks: vec![from, to],
            also: Vec::new(),
        }
    }

    fn notation_hint(word: &str, unreadable: bool) -> Option<&'static str> {
        let end = word.eq_ignore_ascii_case(";") || word.eq_ignore_ascii_case("end");
        (end && !unreadable).then_some(
            "`;` ends the turn early: it is legal only after at least one move this turn, \
             once the turn's minimum is reached (White's first turn is exactly 4 moves, \
             Black's exactly 8) and with your king not attacked.",
        )
    }

    fn notation_help() -> &'static str {
        "Tiling Rider notation: each action is one token. A piece's move is FROM-TO,\n\
         `e4-d5` (also `e4d5`), a capture FROMxTO, `d4xe5`. An aggregate (four like\n\
         pieces filling a unit) moves as one, named by a square of its unit with its\n\
         kind letter (W F G N): `Wc1-c9`, `Nd1xd9`; the giant king likewise: `Ki1-i3`.\n\
         Under the color-rider rule set (no tiles, no elongation) an aggregate is any 2x2\n\
         block of four like pieces, named by its lower-left square exactly: `Wd5-d9`.\n\
         A turn has several actions and the side to move does not change until it ends:\n\
         it ends by itself after its last allowed move, or earlier with `;` (also\n\
         `end`), which is legal after at least one move once the turn's minimum is\n\
         reached (White's first turn is exactly 4 moves, Black's exactly 8) and with\n\
         your king safe. Several actions may go on one line: `e4-d5 i4-j5 l4-k5 f4-g5`."
    }

    /// A diagram with rank 16 on top. Each square is a 3-character cell: the piece letter
    /// (`W F G N`, upper case White, lower case Black; `K`/`k` on all four squares of a
    /// king, `Z`/`z` on those of a giant ferz), `.` for empty, `*` after a piece that moved
    /// this turn, `(` `)` around the last move's squares. `|` and `---` are tile borders (a
    /// king's or giant ferz's unit is drawn as one figure); then the last move, the turn
    /// state or the result, and the aggregates.
    fn text_diagram(&self, last: Option<(&Self, Move)>) -> String {
        diagram(self, last, false)
    }

    /// The diagram of [`Render::text_diagram`] turned round: rank 1 on top, the last file
    /// on the left (Black's view).
    fn text_diagram_flipped(&self, last: Option<(&Self, Move)>) -> Option<String> {
        Some(diagram(self, last, true))
    }

    /// An SVG drawing: orange and blue tiles with their borders, coordinates, small pieces
    /// as discs with their letters, each king as one large disc over its unit, each giant
    /// ferz as one large diamond (`Z`) over its unit, aggregates outlined in purple (shaded in
    /// the owner's colour), the pieces moved this turn ringed with red dashes, the last move
    /// highlighted, a checked king ringed in red, and a caption.
    fn svg(&self, last: Option<(&Self, Move)>) -> String {
        let pic = Picture::new(self.board());
        let mut scene = Scene::new(pic.width, pic.board_h);
        scene.background("#ffffff");
        if self.rules.has_tiles() {
            pic.tiles(&mut scene);
        } else {
            pic.plain_squares(&mut scene);
        }
        for sq in last_squares(last) {
            scene
                .highlight(&self.board().square_name(sq), "#ffef5a", 0.55)
                .class("last-move");
        }
        pic.coordinates(&mut scene);
        for c in Color::ALL {
            for (sq, _) in self.aggregate_blocks(c) {
                pic.aggregate(&mut scene, sq, c);
            }
        }
        for sq in self.board().squares() {
            if let Some((p, c)) = self.piece_at(sq) {
                let moved = self.moved.has(sq) || self.used.has(sq);
                pic.piece(&mut scene, sq, p, c, moved);
            }
        }
        for c in Color::ALL {
            let moved = self.side == c && self.king_moved;
            pic.king(
                &mut scene,
                self.kings[c.index()],
                c,
                self.in_check(c),
                moved,
            );
        }
        for c in Color::ALL {
            if let Some(u) = self.gferz[c.index()] {
                pic.giant_ferz(&mut scene, u, c, self.side == c && self.gferz_moved);
            }
        }
        for line in status_lines(self, last) {
            scene.caption(&line);
        }
        scene.to_svg()
    }
}

/// The side of a square in the SVG picture, and the margin around the board.
const S: f64 = 40.0;
const M: f64 = 28.0;
/// The red of the rings around the pieces moved this turn.
const MOVED: &str = "#d62728";

/// The picture's geometry, and the steps that describe each layer in the kit's [`Scene`].
struct Picture {
    board: Board,
    width: f64,
    /// The height of the board with its margins (the captions go below).
    board_h: f64,
}

impl Picture {
    fn new(board: Board) -> Picture {
        Picture {
            board,
            width: 2.0 * M + f64::from(board.files()) * S,
            board_h: 2.0 * M + f64::from(RANKS) * S,
        }
    }

    /// The x of a square's left edge, from its internal 18-file file.
    fn x_of(&self, file: u8) -> f64 {
        M + f64::from(file - self.board.first_file()) * S
    }

    /// The y of a square's top edge.
    fn y_of(&self, rank: u8) -> f64 {
        M + f64::from(RANKS - 1 - rank) * S
    }

    /// The top-left corner of a square.
    fn corner(&self, sq: Square) -> Point {
        (self.x_of(sq.file()), self.y_of(sq.rank()))
    }

    /// The centre of a square.
    fn centre(&self, sq: Square) -> Point {
        let (x, y) = self.corner(sq);
        (x + S / 2.0, y + S / 2.0)
    }

    /// The centre of a unit (the common corner of its four squares).
    fn unit_centre(&self, unit: Unit) -> Point {
        let (x, y) = self.corner(unit.lower_left());
        (x + S, y)
    }

    /// Every square a cell named for a page that is clicked, in its tile's colour, and each
    /// tile (domino) framed.
    fn tiles(&self, scene: &mut Scene) {
        for unit in self.board.units() {
            let [ll, lr, ul, ur] = unit.squares();
            // An orange unit is cut into columns, a blue one into rows; the first tile darker.
            let (tiles, fills) = if unit.is_orange() {
                ([[ll, ul], [lr, ur]], ["#f2a65a", "#f7c08a"])
            } else {
                ([[ll, lr], [ul, ur]], ["#6fa8dc", "#9fc5e8"])
            };
            for (tile, fill) in tiles.into_iter().zip(fills) {
                for sq in tile {
                    let (x, y) = self.corner(sq);
                    scene.cell(&self.board.square_name(sq), &rect(x, y, S, S), fill);
                }
                let (x0, y0) = self.corner(tile[0]);
                let (x1, y1) = self.corner(tile[1]);
                let (x, y) = (x0.min(x1), y0.min(y1));
                let (w, h) = ((x1 - x0).abs() + S, (y1 - y0).abs() + S);
                scene.frame(&rect(x, y, w, h), "#3a3a3a", 2.0).class("tile");
            }
        }
    }

    /// The file letters above and below the board, the rank numbers on both sides.
    fn coordinates(&self, scene: &mut Scene) {
        for f in 0..self.board.files() {
            let x = M + f64::from(f) * S + S / 2.0;
            let letter = self.board.file_letter(f).to_string();
            for y in [M / 2.0, self.board_h - M / 2.0] {
                scene.label((x, y), &letter, 14.0);
            }
        }
        for r in 0..RANKS {
            let y = self.y_of(r) + S / 2.0;
            for x in [M / 2.0, self.width - M / 2.0] {
                scene.label((x, y), &(r + 1).to_string(), 13.0);
            }
        }
    }

    /// `color-rider`'s board, which has no tiles: plain alternating light and dark squares,
    /// each a cell named for a page that is clicked, and the units (where the kings stand)
    /// framed faintly.
    fn plain_squares(&self, scene: &mut Scene) {
        for sq in self.board.squares() {
            let light = (sq.file() + sq.rank()) % 2 == 1;
            let fill = if light { "#f0d9b5" } else { "#b58863" };
            let (x, y) = self.corner(sq);
            scene.cell(&self.board.square_name(sq), &rect(x, y, S, S), fill);
        }
        for unit in self.board.units() {
            let (x, y) = self.corner(unit.squares()[2]);
            scene
                .frame(&rect(x, y, 2.0 * S, 2.0 * S), "#7a7a7a", 0.75)
                .class("unit");
        }
    }

    /// An aggregate: its 2 × 2 block (named by its lower-left square `sq`: a unit, or under
    /// `color-rider` any block) shaded in its owner's colour and framed in purple.
    fn aggregate(&self, scene: &mut Scene, sq: Square, c: Color) {
        let upper_left = Square::from_coords(sq.file(), sq.rank() + 1).expect("a block's square");
        let (x, y) = self.corner(upper_left);
        let square = rect(x + 3.0, y + 3.0, 2.0 * S - 6.0, 2.0 * S - 6.0);
        scene.tint(&square, c.fold("#ffffff", "#111111"), 0.25);
        scene.frame(&square, "#6a1b9a", 4.0).class("aggregate");
    }

    /// A small piece: a disc with its letter, ringed with red dashes if it moved this turn.
    fn piece(&self, scene: &mut Scene, sq: Square, p: Role, c: Color, moved: bool) {
        let at = self.centre(sq);
        if moved {
            scene.dashed_ring(at, 18.5, MOVED, "4 3").class("moved");
        }
        let (fill, ink) = colours(c);
        scene
            .disc(at, 14.0, fill, &p.letter().to_string(), ink)
            .class("piece");
    }

    /// A king: one large disc over its unit, on a red disc if in check, ringed with red
    /// dashes if it moved this turn.
    fn king(&self, scene: &mut Scene, unit: Unit, c: Color, in_check: bool, moved: bool) {
        let at = self.unit_centre(unit);
        if in_check {
            scene
                .annulus(at, 38.0, 0.0, "#ff3b30", "#c00000")
                .class("check");
        }
        if moved {
            scene.dashed_ring(at, 36.0, MOVED, "6 4").class("moved");
        }
        let (fill, ink) = colours(c);
        scene.disc(at, 32.0, fill, "K", ink).class("king");
    }

    /// A giant ferz: one large diamond (`Z`) over its unit, ringed if it moved this turn.
    fn giant_ferz(&self, scene: &mut Scene, unit: Unit, c: Color, moved: bool) {
        let (cx, cy) = self.unit_centre(unit);
        if moved {
            scene
                .dashed_ring((cx, cy), 37.0, MOVED, "6 4")
                .class("moved");
        }
        let (fill, ink) = colours(c);
        let r = 33.0;
        let diamond = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)];
        scene.area(&diamond, fill);
        scene.frame(&diamond, "#555555", 2.0).class("giant-ferz");
        scene.piece((cx, cy), "Z", ink, 30.0);
    }
}

/// The fill and the ink of a piece of colour `c`.
fn colours(c: Color) -> (&'static str, &'static str) {
    c.fold(("#fdfdfd", "#111111"), ("#1b1b1b", "#f5f5f5"))
}

/// The text diagram, from White's side or (`flipped`) from Black's.
fn diagram(pos: &TilingRider, last: Option<(&TilingRider, Move)>, flipped: bool) -> String {
    let marked = last_squares(last);
    let board = pos.board();
    let nfiles = board.files();
    let sq_at = |file: u8, rank: u8| board.square(file, rank).expect("on board");
    let mut out = String::with_capacity(4096);
    // The file shown in column `i`, and the ranks from the top row down.
    let col = |i: u8| if flipped { nfiles - 1 - i } else { i };
    let rows: Vec<u8> = if flipped {
        (0..RANKS).collect()
    } else {
        (0..RANKS).rev().collect()
    };
    let files: String = (0..nfiles)
        .map(|i| format!("  {} ", board.file_letter(col(i))))
        .collect();
    let _ = writeln!(out, "    {files}");
    let border = |out: &mut String, upper: Option<u8>, lower: Option<u8>| {
        out.push_str("    ");
        for i in 0..nfiles {
            let file = col(i);
            let open = match (upper, lower) {
                (Some(u), Some(l)) => joined(pos, sq_at(file, u), sq_at(file, l)),
                _ => false,
            };
            out.push('+');
            out.push_str(if open { "   " } else { "---" });
        }
        out.push_str("+\n");
    };
    for (j, &rank) in rows.iter().enumerate() {
        let above = j.checked_sub(1).map(|k| rows[k]);
        border(&mut out, above, Some(rank));
        let _ = write!(out, "{:>3} ", rank + 1);
        for i in 0..nfiles {
            let sq = sq_at(col(i), rank);
            let open_left = i > 0 && joined(pos, sq_at(col(i - 1), rank), sq);
            out.push(if open_left { ' ' } else { '|' });
            let letter = match pos.piece_at(sq) {
                Some((p, Color::White)) => p.letter(),
                Some((p, Color::Black)) => p.letter().to_ascii_lowercase(),
                None => match (pos.king_at(sq), pos.giant_ferz_at(sq)) {
                    (Some(c), _) => c.fold('K', 'k'),
                    (None, Some(c)) => c.fold('Z', 'z'),
                    (None, None) => '.',
                },
            };
            let is_marked = marked.contains(&sq);
            let moved = pos.moved.has(sq)
                || pos.used.has(sq)
                || (pos.gferz_moved && pos.giant_ferz_at(sq) == Some(pos.side));
            let left = if is_marked { '(' } else { ' ' };
            let right = if is_marked {
                ')'
            } else if moved {
                '*'
            } else {
                ' '
            };
            let _ = write!(out, "{left}{letter}{right}");
        }
        let _ = writeln!(out, "| {}", rank + 1);
    }
    border(&mut out, None, None);
    let _ = writeln!(out, "    {files}");
    for line in status_lines(pos, last) {
        let _ = writeln!(out, "  {line}");
    }
    let _ = writeln!(
        out,
        "  W wazir · F ferz · G guard · N knight · {}",
        if pos.rules.has_giant_ferz() {
            "K giant king, Z giant ferz (2×2 each)"
        } else {
            "K giant king (2×2)"
        }
    );
    let _ = writeln!(
        out,
        "  upper case White · * moved this turn · ( ) last move · | and --- {}",
        if pos.rules.has_tiles() {
            "tile borders"
        } else {
            "unit borders"
        }
    );
    out
}
