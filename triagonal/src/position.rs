//! The position: a mailbox of 512 bytes, one cell set per colour, piece counts, the Jacks in
//! hand, the en-passant cell, the clocks and the incrementally kept Zobrist key; making
//! moves; the end of the game.

use crate::board::{ep_key, hand_key, Cell, CellSet, INDICES, ZOBRIST, ZOBRIST_BLACK};
use chimera_core::{Color, DrawReason, Outcome, ParseMoveError, ParsePositionError};
use chimera_core::{Position, WinReason};
use chimera_kit::history::is_third_occurrence;
use std::fmt;

/// The winner captured the opponent's king. A way to win this variant defines (the core knows only the common ones).
pub const KING_CAPTURED: WinReason = WinReason::variant("king-captured", "capturing the king");

/// The winner's king reached the cell where the opponent's king started. A way to win this variant defines (the core knows only the common ones).
pub const KING_REACHED_START: WinReason = WinReason::variant(
    "king-reached-start",
    "moving the king onto the enemy king's start cell",
);

/// Triagonal's rule options: one rule set, the standard game of the rules file.
pub type Rules = chimera_core::StandardRules;

chimera_kit::lettered_enum! {
    /// A kind of piece.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    pub enum Role: letter, from_letter {
        /// Steps forward, captures diagonally forward or triagonally backward.
        Pawn = 'P', "pawn";
        /// Leaps (2,1,0), steps triagonally, captures orthogonal neighbours without moving,
        /// double-leaps (4,2,0) without capturing.
        Knight = 'N', "knight";
        /// Slides diagonally or triagonally.
        Bishop = 'B', "bishop";
        /// Slides orthogonally or triagonally.
        Rook = 'R', "rook";
        /// Slides orthogonally or diagonally; steps triagonally without capturing.
        Queen = 'Q', "queen";
        /// Steps in any of the 26 directions; castles.
        King = 'K', "king";
        /// Placed from hand; steps triagonally or like a pawn without capturing.
        Jack = 'J', "Jack";
    }
}

impl Role {
    /// The kinds a pawn may promote to, in the order moves are generated.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    #[inline(always)]
    pub(crate) const fn from_index(i: usize) -> Role {
        Role::ALL[i]
    }
}

/// The mailbox code of a coloured piece: `1 + kind + 7 * colour` (0 is an empty cell).
#[inline(always)]
pub(crate) const fn code(piece: Role, color: Color) -> u8 {
    1 + piece as u8 + 7 * color as u8
}

/// The coloured piece of a non-zero mailbox code.
#[inline(always)]
pub(crate) const fn decode(code: u8) -> (Role, Color) {
    let c = (code - 1) as usize;
    (Role::from_index(c % 7), Color::from_index(c / 7))
}

const NO_CELL: u16 = u16::MAX;

/// A whole turn: an optional placement of two Jacks, then the normal move (from, to, and a
/// promotion kind). Eight bytes.
///
/// What else the move does (a capture, en passant, a knight's capture without moving,
/// castling) follows from the position it is played in; [`Triagonal::describe`] says it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Bits 0–8 the origin cell index, bits 12–14 the promotion (0 none, else 1 + kind).
    from: u16,
    to: u16,
    /// The placed Jacks, the lower index first, or `NO_CELL` twice.
    jacks: [u16; 2],
}

impl Move {
    /// The normal move from `from` to `to`, without promotion or placement.
    #[inline(always)]
    pub const fn new(from: Cell, to: Cell) -> Move {
        Move {
            from: from.index() as u16,
            to: to.index() as u16,
            jacks: [NO_CELL; 2],
        }
    }

    /// This move promoting to `piece` (a knight, bishop, rook or queen; other kinds are
    /// ignored).
    #[inline(always)]
    pub const fn with_promotion(self, piece: Role) -> Move {
        let p = match piece {
            Role::Knight | Role::Bishop | Role::Rook | Role::Queen => piece as u16 + 1,
            _ => 0,
        };
        Move {
            from: (self.from & 0x1ff) | (p << 12),
            ..self
        }
    }

    /// This move preceded by placing Jacks on `a` and `b` (in either order).
    #[inline(always)]
    pub const fn with_placement(self, a: Cell, b: Cell) -> Move {
        let (a, b) = (a.index() as u16, b.index() as u16);
        Move {
            jacks: if a <= b { [a, b] } else { [b, a] },
            ..self
        }
    }

    /// The same normal move without the placement.
    #[inline(always)]
    pub const fn without_placement(self) -> Move {
        Move {
            jacks: [NO_CELL; 2],
            ..self
        }
    }

    /// The cell the moving piece leaves (for a knight's capture without moving, the
    /// knight's cell).
    #[inline(always)]
    pub const fn from(self) -> Cell {
        Cell::at((self.from & 0x1ff) as usize)
    }

    /// The cell the moving piece goes to (for a knight's capture without moving, the cell
    /// of the piece taken).
    #[inline(always)]
    pub const fn to(self) -> Cell {
        Cell::at(self.to as usize)
    }

    /// The promotion kind, if any.
    #[inline(always)]
    pub const fn promotion(self) -> Option<Role> {
        match self.from >> 12 {
            0 => None,
            p => Some(Role::from_index(p as usize - 1)),
        }
    }

    /// The two cells Jacks are placed on before the move (lower index first), if any.
    #[inline(always)]
    pub const fn placement(self) -> Option<(Cell, Cell)> {
        if self.jacks[0] == NO_CELL {
            None
        } else {
            Some((
                Cell::at(self.jacks[0] as usize),
                Cell::at(self.jacks[1] as usize),
            ))
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Move {
    /// The position-free form, `J@Cc3,J@Cd3,Ab1-Ac3` (always `-`; a position's
    /// [`Position::move_text`] writes `x` and `^` for captures).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((a, b)) = self.placement() {
            write!(f, "J@{a},J@{b},")?;
        }
        write!(f, "{}-{}", self.from(), self.to())?;
        if let Some(p) = self.promotion() {
            write!(f, "={}", p.letter())?;
        }
        Ok(())
    }
}

/// What a normal move does, as [`Triagonal::describe`] works it out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// To an empty cell (steps, slides, leaps, double steps and double leaps).
    Quiet,
    /// Onto an enemy piece, which is removed.
    Capture,
    /// A pawn onto the skipped cell of an enemy double step, removing that pawn.
    EnPassant,
    /// A knight removes the enemy on an orthogonally adjacent cell and stays.
    CaptureWithoutMoving,
    /// The king two cells along its back rank, the rook over it.
    Castle,
}

/// A Triagonal Chess position: the pieces on the 504 cells, the side to move, the Jacks in
/// each hand, the en-passant cell, the half-move clock and the move number.
///
/// Build one with [`Position::start`], from a position text with [`Position::from_text`],
/// or piece by piece with a [`crate::Setup`] (checked like the reader); [`Triagonal::put`]
/// changes a cell of a position, checked the same way.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Triagonal {
    /// Mailbox: 0 empty, else [`code`]. Hole indices stay 0.
    pub(crate) board: [u8; INDICES],
    /// The cells of each colour.
    pub(crate) occ: [CellSet; 2],
    /// `counts[colour][kind]`.
    pub(crate) counts: [[u16; 7]; 2],
    pub(crate) hand: [u16; 2],
    /// (skipped cell, cell of the pawn that double-stepped), or `NO_CELL` twice.
    pub(crate) ep: [u16; 2],
    pub(crate) turn: Color,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) key: u64,
    /// What the evaluation reads of each side, kept as pieces come and go.
    pub(crate) tally: [Tally; 2],
}

/// What the evaluation reads of one side's pieces, kept up to date by every change of the
/// board (issue 26: the evaluation then visits no piece).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Tally {
    /// The pawns' progress: ranks and levels forward, summed.
    pub(crate) progress: u16,
    /// The side's Jacks within two king steps of its own king's start cell.
    pub(crate) wall: u16,
    /// The king's cell, or `NO_CELL` when it has none.
    pub(crate) king: u16,
}

impl Tally {
    /// No piece.
    const EMPTY: Tally = Tally {
        progress: 0,
        wall: 0,
        king: NO_CELL,
    };
}

/// `PROGRESS[colour][index]`: a pawn's progress there (rank and level forward).
static PROGRESS: [[u16; INDICES]; 2] = {
    let mut t = [[0u16; INDICES]; 2];
    let mut i = 0;
    while i < INDICES {
        let ahead = ((i >> 3) & 7) + (i >> 6);
        t[0][i] = ahead as u16;
        t[1][i] = if ahead <= 14 { (14 - ahead) as u16 } else { 0 };
        i += 1;
    }
    t
};

/// `NEAR_START[colour][index]`: whether the index lies within two king steps of that
/// colour's king start cell.
pub(crate) static NEAR_START: [[bool; INDICES]; 2] = {
    let mut t = [[false; INDICES]; 2];
    let mut c = 0;
    while c < 2 {
        let h = if c == 0 {
            king_start(Color::White).index()
        } else {
            king_start(Color::Black).index()
        };
        let mut i: usize = 0;
        while i < INDICES {
            t[c][i] = (i & 7).abs_diff(h & 7) <= 2
                && ((i >> 3) & 7).abs_diff((h >> 3) & 7) <= 2
                && (i >> 6).abs_diff(h >> 6) <= 2;
            i += 1;
        }
        c += 1;
    }
    t
};

impl fmt::Debug for Triagonal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Triagonal({})", crate::notation::write_position(self))
    }
}

/// The start cell of `color`'s king: Ae1 for White, He8 for Black.
#[inline(always)]
pub const fn king_start(color: Color) -> Cell {
    match color {
        Color::White => Cell::at(4),
        Color::Black => Cell::at(7 * 64 + 7 * 8 + 4),
    }
}

/// Whether `cell` is in `color`'s promotion zone (where the opponent's non-pawns start:
/// `Ha8`–`Hh8` for White, `Aa1`–`Ah1` for Black).
#[inline(always)]
pub const fn promotion_zone(color: Color, cell: Cell) -> bool {
    match color {
        Color::White => cell.index() >> 3 == 63,
        Color::Black => cell.index() >> 3 == 0,
    }
}

/// Whether one of `color`'s pawns starts on `cell` (White: `A?2`, `B?1`, `B?2`; Black:
/// `H?7`, `G?8`, `G?7`).
#[inline(always)]
pub const fn pawn_start(color: Color, cell: Cell) -> bool {
    let (rank, level) = match color {
        Color::White => (cell.rank(), cell.level()),
        Color::Black => (7 - cell.rank(), 7 - cell.level()),
    };
    (level == 0 && rank == 1) || (level == 1 && rank <= 1)
}

impl Triagonal {
    /// An empty board (no kings: the game is over until both are placed) with `turn` to
    /// move, no Jacks in hand, clocks at 0 and move 1: the draft a [`crate::Setup`] starts
    /// from. This and the setters below are the crate's own, unchecked.
    pub(crate) fn empty(turn: Color) -> Triagonal {
        let mut pos = Triagonal {
            board: [0; INDICES],
            occ: [CellSet::EMPTY; 2],
            counts: [[0; 7]; 2],
            hand: [0; 2],
            ep: [NO_CELL; 2],
            turn,
            halfmove: 0,
            fullmove: 1,
            key: 0,
            tally: [Tally::EMPTY; 2],
        };
        pos.key = pos.compute_key();
        pos
    }

    /// The standard start: White on levels A–B, Black on levels G–H, 80 Jacks in each hand,
    /// White to move.
    pub fn standard() -> Triagonal {
        let mut pos = Triagonal::empty(Color::White);
        let back = [
            Role::Rook,
            Role::Knight,
            Role::Bishop,
            Role::Queen,
            Role::King,
            Role::Bishop,
            Role::Knight,
            Role::Rook,
        ];
        for file in 0..8u8 {
            let put = |pos: &mut Triagonal, rank, level, piece, color| {
                let cell = Cell::new(file, rank, level).expect("on the board");
                pos.set_piece(cell, Some((piece, color)));
            };
            put(&mut pos, 0, 0, back[file as usize], Color::White);
            put(&mut pos, 1, 0, Role::Pawn, Color::White);
            put(&mut pos, 0, 1, Role::Pawn, Color::White);
            put(&mut pos, 1, 1, Role::Pawn, Color::White);
            put(&mut pos, 7, 7, back[file as usize], Color::Black);
            put(&mut pos, 6, 7, Role::Pawn, Color::Black);
            put(&mut pos, 7, 6, Role::Pawn, Color::Black);
            put(&mut pos, 6, 6, Role::Pawn, Color::Black);
        }
        pos.set_jacks_in_hand(Color::White, 80);
        pos.set_jacks_in_hand(Color::Black, 80);
        pos
    }

    /// The piece on `cell` and its colour, if any.
    #[inline(always)]
    pub fn piece_at(&self, cell: Cell) -> Option<(Role, Color)> {
        match self.board[cell.index()] {
            0 => None,
            c => Some(decode(c)),
        }
    }

    /// Puts a piece on a cell (replacing what was there), or empties it with `None`, checked
    /// as the position reader checks a board: a king where its side already has one
    /// elsewhere is refused (kind [`chimera_core::PositionErrorKind::Invalid`], the place
    /// naming the cell) and changes nothing. Clears the en-passant cell if that changes
    /// which pawn it names.
    pub fn put(
        &mut self,
        cell: Cell,
        piece: Option<(Role, Color)>,
    ) -> Result<(), ParsePositionError> {
        if let Some((Role::King, color)) = piece {
            if self.count(color, Role::King) > 0 && self.piece_at(cell) != piece {
                return Err(crate::setup::second_king(cell, color));
            }
        }
        self.set_piece(cell, piece);
        Ok(())
    }

    /// Puts a piece on a cell like [`Triagonal::put`] but unchecked: it may give a side a
    /// second king. Clears the en-passant cell if that changes which pawn it names.
    pub(crate) fn set_piece(&mut self, cell: Cell, piece: Option<(Role, Color)>) {
        if self.board[cell.index()] != 0 {
            self.toggle(self.board[cell.index()], cell);
        }
        if let Some((p, c)) = piece {
            self.toggle(code(p, c), cell);
        }
        if self.ep[0] != NO_CELL && !self.ep_consistent() {
            self.set_ep(None);
        }
    }

    /// The cells holding `color`'s pieces.
    #[inline]
    pub fn occupied_by(&self, color: Color) -> CellSet {
        self.occ[color.index()]
    }

    /// How many pieces of `kind` `color` has on the board.
    #[inline]
    pub fn count(&self, color: Color, kind: Role) -> usize {
        usize::from(self.counts[color.index()][kind as usize])
    }

    /// The Jacks in `color`'s hand.
    #[inline]
    pub fn jacks_in_hand(&self, color: Color) -> u16 {
        self.hand[color.index()]
    }

    /// Sets the Jacks in `color`'s hand.
    pub(crate) fn set_jacks_in_hand(&mut self, color: Color, count: u16) {
        let c = color.index();
        self.key ^= hand_key(c, self.hand[c]) ^ hand_key(c, count);
        self.hand[c] = count;
    }

    /// The en-passant cell (the cell an enemy pawn skipped on the last move) and the cell
    /// of that pawn, if the last move was a double step.
    #[inline]
    pub fn en_passant(&self) -> Option<(Cell, Cell)> {
        (self.ep[0] != NO_CELL)
            .then(|| (Cell::at(self.ep[0] as usize), Cell::at(self.ep[1] as usize)))
    }

    /// Sets the en-passant cell and the cell of the pawn that can be taken there, as after
    /// a double step of the side not to move. Refused (with `Err` and no change) unless the
    /// skipped cell is empty, the pawn cell holds a pawn of the side not to move, and the two
    /// lie one forward step apart for that side.
    pub(crate) fn set_en_passant(&mut self, ep: Option<(Cell, Cell)>) -> Result<(), String> {
        let old = self.en_passant();
        self.set_ep(ep);
        if ep.is_some() && !self.ep_consistent() {
            self.set_ep(old);
            return Err(
                "no pawn of the side that just moved can have double-stepped over that cell".into(),
            );
        }
        Ok(())
    }

    fn set_ep(&mut self, ep: Option<(Cell, Cell)>) {
        if self.ep[0] != NO_CELL {
            self.key ^= ep_key(self.ep[0], self.ep[1]);
        }
        self.ep = match ep {
            Some((s, v)) => [s.index() as u16, v.index() as u16],
            None => [NO_CELL; 2],
        };
        if self.ep[0] != NO_CELL {
            self.key ^= ep_key(self.ep[0], self.ep[1]);
        }
    }

    /// Whether the en-passant fields name an empty skipped cell behind a pawn of the side
    /// that just moved, one of its forward steps away.
    pub(crate) fn ep_consistent(&self) -> bool {
        let Some((skipped, victim)) = self.en_passant() else {
            return true;
        };
        let mover = !self.turn;
        let s = if mover == Color::White { 1 } else { -1 };
        let behind = [skipped.offset(0, s, 0), skipped.offset(0, 0, s)];
        let from_ok = [skipped.offset(0, -s, 0), skipped.offset(0, 0, -s)];
        self.board[skipped.index()] == 0
            && self.board[victim.index()] == code(Role::Pawn, mover)
            && (0..2).any(|i| {
                behind[i] == Some(victim) && from_ok[i].is_some_and(|f| pawn_start(mover, f))
            })
    }

    /// Sets the side to move (clearing the en-passant cell).
    pub(crate) fn set_turn(&mut self, turn: Color) {
        if turn != self.turn {
            self.set_ep(None);
            self.turn = turn;
            self.key ^= ZOBRIST_BLACK;
        }
    }

    /// Plies since the last capture, pawn move or Jack placement.
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The move number: 1 at the start, increased after each Black turn.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// Whether the two positions are the same for the repetition rule: pieces, side to move,
    /// Jacks in hand and en-passant cell (the clocks do not count).
    #[inline]
    pub fn same_for_repetition(&self, other: &Triagonal) -> bool {
        self.key == other.key
            && self.turn == other.turn
            && self.hand == other.hand
            && self.ep == other.ep
            && self.board == other.board
    }

    #[inline(always)]
    fn toggle(&mut self, code: u8, cell: Cell) {
        let i = cell.index();
        let (piece, color) = decode(code);
        let c = color.index();
        self.occ[c].toggle(cell);
        self.key ^= ZOBRIST[code as usize - 1][i];
        let on = self.board[i] != code;
        if on {
            self.board[i] = code;
            self.counts[c][piece as usize] += 1;
        } else {
            self.board[i] = 0;
            self.counts[c][piece as usize] -= 1;
        }
        let tally = &mut self.tally[c];
        let change = |v: &mut u16, by: u16| {
            *v = if on {
                v.wrapping_add(by)
            } else {
                v.wrapping_sub(by)
            }
        };
        match piece {
            Role::Pawn => change(&mut tally.progress, PROGRESS[c][i]),
            Role::Jack => change(&mut tally.wall, u16::from(NEAR_START[c][i])),
            Role::King => {
                if on {
                    tally.king = i as u16;
                } else if tally.king == i as u16 {
                    tally.king = NO_CELL;
                }
            }
            _ => {}
        }
    }

    pub(crate) fn compute_key(&self) -> u64 {
        let mut key = if self.turn == Color::Black {
            ZOBRIST_BLACK
        } else {
            0
        };
        for (i, &code) in self.board.iter().enumerate() {
            if code != 0 {
                key ^= ZOBRIST[code as usize - 1][i];
            }
        }
        key ^= hand_key(0, self.hand[0]) ^ hand_key(1, self.hand[1]);
        if self.ep[0] != NO_CELL {
            key ^= ep_key(self.ep[0], self.ep[1]);
        }
        key
    }

    /// Works out what the normal part of `mv` does here for the side to move (without
    /// checking that it is legal): `None` if `from` holds no piece of the side to move.
    pub fn describe(&self, mv: Move) -> Option<(Role, MoveKind)> {
        let us = self.turn;
        let (piece, color) = self.piece_at(mv.from())?;
        if color != us {
            return None;
        }
        let (from, to) = (mv.from(), mv.to());
        let target = self.board[to.index()];
        let df = i32::from(to.file()) - i32::from(from.file());
        let dr = i32::from(to.rank()) - i32::from(from.rank());
        let dl = i32::from(to.level()) - i32::from(from.level());
        let kind = match piece {
            Role::Knight if df.abs() + dr.abs() + dl.abs() == 1 => MoveKind::CaptureWithoutMoving,
            Role::King if from == king_start(us) && df.abs() == 2 && dr == 0 && dl == 0 => {
                MoveKind::Castle
            }
            Role::Pawn if df != 0 || (dr != 0 && dl != 0) => {
                if target == 0 {
                    MoveKind::EnPassant
                } else {
                    MoveKind::Capture
                }
            }
            _ if target != 0 => MoveKind::Capture,
            _ => MoveKind::Quiet,
        };
        Some((piece, kind))
    }

    /// Applies a turn (placement and normal move) without checking it.
    pub(crate) fn make(&mut self, mv: Move) {
        let us = self.turn;
        let mut reset = false;
        if let Some((a, b)) = mv.placement() {
            let jack = code(Role::Jack, us);
            for cell in [a, b] {
                if self.board[cell.index()] == 0 {
                    self.toggle(jack, cell);
                }
            }
            let left = self.hand[us.index()].saturating_sub(2);
            self.set_jacks_in_hand(us, left);
            reset = true;
        }
        let old_ep = self.en_passant();
        self.set_ep(None);
        let (from, to) = (mv.from(), mv.to());
        let Some((piece, kind)) = self.describe(mv) else {
            self.finish_turn(reset);
            return;
        };
        let mover = code(piece, us);
        match kind {
            MoveKind::CaptureWithoutMoving => {
                let t = self.board[to.index()];
                if t != 0 {
                    self.toggle(t, to);
                }
                reset = true;
            }
            MoveKind::Castle => {
                let (rook_from, rook_to) = if to.file() > from.file() {
                    (Cell::at(from.index() + 3), Cell::at(from.index() + 1))
                } else {
                    (Cell::at(from.index() - 4), Cell::at(from.index() - 1))
                };
                self.toggle(mover, from);
                self.toggle(mover, to);
                let rook = self.board[rook_from.index()];
                if rook != 0 {
                    self.toggle(rook, rook_from);
                    self.toggle(rook, rook_to);
                }
            }
            _ => {
                if kind == MoveKind::EnPassant {
                    if let Some((skipped, victim)) = old_ep {
                        if skipped == to && self.board[victim.index()] != 0 {
                            self.toggle(self.board[victim.index()], victim);
                        }
                    }
                    reset = true;
                }
                let t = self.board[to.index()];
                if t != 0 {
                    self.toggle(t, to);
                    reset = true;
                }
                self.toggle(mover, from);
                let placed = match (piece, mv.promotion()) {
                    (Role::Pawn, Some(p)) => code(p, us),
                    _ => mover,
                };
                self.toggle(placed, to);
                if piece == Role::Pawn {
                    reset = true;
                    let dr = i32::from(to.rank()) - i32::from(from.rank());
                    let dl = i32::from(to.level()) - i32::from(from.level());
                    if dr.abs() == 2 || dl.abs() == 2 {
                        let skipped = Cell::at((from.index() + to.index()) / 2);
                        self.set_ep(Some((skipped, to)));
                    }
                }
            }
        }
        self.finish_turn(reset);
    }

    #[inline(always)]
    fn finish_turn(&mut self, reset: bool) {
        self.halfmove = if reset {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if self.turn == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn = !self.turn;
        self.key ^= ZOBRIST_BLACK;
    }

    /// The win, if a king was captured or reached the enemy king's start cell. The side
    /// that just moved (`!turn`) is looked at first.
    #[inline]
    pub(crate) fn win(&self) -> Option<Outcome> {
        for winner in [!self.turn, self.turn] {
            let loser = !winner;
            if self.counts[loser.index()][Role::King as usize] == 0 {
                return Some(Outcome::Win {
                    winner,
                    reason: KING_CAPTURED,
                });
            }
            if self.board[king_start(loser).index()] == code(Role::King, winner) {
                return Some(Outcome::Win {
                    winner,
                    reason: KING_REACHED_START,
                });
            }
        }
        None
    }

    /// The result that needs neither the legal moves nor the history: a win, or the
    /// 50-move draw.
    #[inline]
    pub(crate) fn over(&self) -> Option<Outcome> {
        if let Some(win) = self.win() {
            return Some(win);
        }
        (self.halfmove >= 100).then_some(Outcome::Draw {
            reason: DrawReason::MoveLimit,
        })
    }
}

impl Position for Triagonal {
    type Move = Move;
    type Rules = Rules;
    const VARIANT: &'static str = "triagonal";

    fn start(_rules: Rules) -> Self {
        Triagonal::standard()
    }

    fn from_text(text: &str, _rules: Rules) -> Result<Self, ParsePositionError> {
        crate::notation::read_position(text)
    }

    fn to_text(&self) -> String {
        crate::notation::write_position(self)
    }

    fn rules(&self) -> Rules {
        Rules::Standard
    }

    #[inline]
    fn turn(&self) -> Color {
        self.turn
    }

    #[inline]
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.over().is_some() {
            return;
        }
        self.generate(moves);
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        self.make(mv);
    }

    /// Looks at normal moves only (every placement needs one), not at the 11,660 turns of
    /// the start.
    fn has_legal_move(&self) -> bool {
        self.over().is_none() && self.has_normal_move()
    }

    fn terminal(&self) -> Option<Outcome> {
        self.over()
    }

    fn no_move_outcome(&self) -> Outcome {
        Outcome::Draw {
            reason: DrawReason::Stalemate,
        }
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.key
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.compute_key()
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        crate::notation::read_move(text)
    }

    fn move_text(&self, mv: Move) -> String {
        crate::notation::write_move(self, mv)
    }

    /// Threefold repetition: the third occurrence of the same pieces, side to move, Jacks in
    /// hand and en-passant cell. Only positions since the last capture, pawn move or
    /// placement can be equal, and an equal one is at least 4 plies back: a half-move clock
    /// under 4 answers at once.
    fn history_outcome(&self, earlier: chimera_core::History<'_, Self>) -> Option<Outcome> {
        if self.halfmove < 4 {
            return None;
        }
        is_third_occurrence(self, earlier, Triagonal::same_for_repetition).then_some(
            Outcome::Draw {
                reason: DrawReason::Repetition,
            },
        )
    }
}

// With the `serde` feature a lone move serializes as its position-free text (its
// `Display`, such as "J@Cc3,J@Cd3,Ab1-Ac3") and deserializes by reading that text, refusing bad text with
// the reader's error (what was wrong and where).
#[cfg(feature = "serde")]
chimera_kit::impl_move_serde_via_text!(Move, crate::notation::read_move);
