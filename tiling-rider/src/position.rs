//! The position: boards per colour and piece type, the kings' units, the turn state, and
//! making moves.

use crate::board::{
    block, block_tables, ray_block, splitmix, tables, Bb, Board, Geometry, Square, Unit, LINE_DIAG,
    LINE_KNIGHT, LINE_ORTH,
};
pub(crate) use crate::moves::{Move, MoveKind};
use crate::search::Memo;
use chimera_core::{
    Budget, Color, DrawReason, IllegalMoveError, Outcome, ParseMoveError, ParsePositionError,
    Position, RuleSet, Verdict,
};

chimera_kit::lettered_enum! {
    /// A small piece (the king and the giant ferz are apart: each is a whole unit).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub enum Role: letter, from_letter {
        /// Steps one square orthogonally; four in a unit ride as a rook.
        Wazir = 'W', "wazir";
        /// Steps one square diagonally; four in a unit ride as a bishop.
        Ferz = 'F', "ferz";
        /// Steps one square in any of 8 directions (not royal); four ride as a queen.
        Guard = 'G', "guard";
        /// Leaps (2,1); four in a unit ride as a nightrider.
        Knight = 'N', "knight";
    }
}

impl Role {
    #[inline]
    pub(crate) const fn from_index(i: usize) -> Role {
        match i {
            0 => Role::Wazir,
            1 => Role::Ferz,
            2 => Role::Guard,
            _ => Role::Knight,
        }
    }

    /// Whether an aggregate of this kind rides along lines of this kind.
    #[inline]
    pub(crate) const fn rides(self, line: u8) -> bool {
        match self {
            Role::Wazir => line == LINE_ORTH,
            Role::Ferz => line == LINE_DIAG,
            Role::Guard => line == LINE_ORTH || line == LINE_DIAG,
            Role::Knight => line == LINE_KNIGHT,
        }
    }

    /// The unit-ray directions (indices into the ray table) of an aggregate of this kind.
    #[inline]
    pub(crate) const fn ray_dirs(self) -> std::ops::Range<usize> {
        match self {
            Role::Wazir => 0..4,
            Role::Ferz => 4..8,
            Role::Guard => 0..8,
            Role::Knight => 8..16,
        }
    }
}

/// The rule sets (see the crate's `RULES.md`, "Options").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Rules {
    /// Moderate Progressive turns: White's first turn exactly 4 moves, Black's exactly 8,
    /// then 1 up to the opponent's previous turn length + 1.
    #[default]
    Standard,
    /// Larry Wheeler's tally: turns are counted in points (a small-piece move 1, an
    /// aggregate or king move 4); White starts with up to 4, then a turn may reach the
    /// opponent's previous tally rounded up to a multiple of 4, plus 4.
    Wheeler,
    /// David Paulowich's variant: the files `a`–`b` removed (a 16 × 16 board, whose files
    /// are renamed `a`–`p`), a non-royal giant ferz beside each king, the standard turns.
    Paulowich16,
    /// Color Rider Chess, the seed's sibling game: no tiles (no elongated moves), and an
    /// aggregate on any 2 × 2 block of squares at any offset, riding in steps of its own
    /// size ([`Move::Block`]); the standard board, setup and turns.
    ColorRider,
}

impl Rules {
    /// The board this rule set plays on (its squares and its notation's file names).
    pub const fn board(self) -> Board {
        match self {
            Rules::Standard | Rules::Wheeler | Rules::ColorRider => Board::FULL,
            Rules::Paulowich16 => Board::PAULOWICH_16,
        }
    }

    /// Whether this rule set has the giant ferz.
    pub const fn has_giant_ferz(self) -> bool {
        matches!(self, Rules::Paulowich16)
    }

    /// Whether the board is cut into tiles, so that small pieces have elongated moves (all
    /// but `color-rider`).
    pub const fn has_tiles(self) -> bool {
        !matches!(self, Rules::ColorRider)
    }

    /// Whether aggregates stand on any 2 × 2 block at any offset and ride in steps of their
    /// own size (`color-rider`: their moves are [`Move::Block`]), rather than on the units.
    pub const fn blocks_at_any_offset(self) -> bool {
        matches!(self, Rules::ColorRider)
    }

    /// Whether turns follow the standard Moderate Progressive method (exact first turns of
    /// 4 and 8 moves), rather than Wheeler's tally.
    pub(crate) const fn progressive(self) -> bool {
        !matches!(self, Rules::Wheeler)
    }

    #[inline]
    pub(crate) fn geo(self) -> &'static Geometry {
        &tables().geo[self.board().index()]
    }
}

impl RuleSet for Rules {
    const NAMES: &'static [&'static str] = &["standard", "wheeler", "paulowich-16", "color-rider"];

    fn from_name(name: &str) -> Option<Self> {
        match name.to_ascii_lowercase().as_str() {
            "standard" => Some(Rules::Standard),
            "wheeler" => Some(Rules::Wheeler),
            "paulowich-16" => Some(Rules::Paulowich16),
            "color-rider" => Some(Rules::ColorRider),
            _ => None,
        }
    }

    fn name(&self) -> &'static str {
        match self {
            Rules::Standard => "standard",
            Rules::Wheeler => "wheeler",
            Rules::Paulowich16 => "paulowich-16",
            Rules::ColorRider => "color-rider",
        }
    }
}

/// A Tiling Rider Chess position, turn state included.
///
/// One bitboard per colour and piece kind (288 bits, unit-major), the kings' units, the giant
/// ferzes' units (`paulowich-16`), the side whose turn it is, and the turn state: the moves
/// (points, under `wheeler`) made so far this turn, the most allowed, which of the mover's
/// pieces have moved alone, which were used up by an aggregate move, whether the king and
/// the giant ferz have moved, the opponent's last turn length, the turns since the last
/// capture and the turn number. The Zobrist key covers the board and the whole turn state
/// (not the clocks). Squares off the rule set's [`Board`] never hold anything.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TilingRider {
    pub(crate) pieces: [[Bb; 4]; 2],
    /// Each colour's small pieces and the squares of its giant ferz.
    pub(crate) occ: [Bb; 2],
    pub(crate) kings: [Unit; 2],
    /// Each colour's giant ferz, if it has one.
    pub(crate) gferz: [Option<Unit>; 2],
    pub(crate) side: Color,
    pub(crate) made: u8,
    pub(crate) limit: u8,
    pub(crate) king_moved: bool,
    /// Whether the side to move has moved its giant ferz this turn.
    pub(crate) gferz_moved: bool,
    pub(crate) moved: Bb,
    pub(crate) used: Bb,
    pub(crate) last: u8,
    pub(crate) clock: u16,
    pub(crate) turn_no: u16,
    pub(crate) rules: Rules,
    pub(crate) key: u64,
}

/// Turns since the last capture after which the game is drawn (50 by each side, counted
/// from the end of the capturing turn; see `RULES.md`).
pub const FIFTY_TURN_LIMIT: u16 = 100;

/// The most moves (points, under `wheeler`) a turn may allow: a turn's limit stops
/// growing here (see `RULES.md`, "Notation"). A multiple of 4, so that `wheeler`'s limits
/// stay multiples of 4. No game from the standard start comes near it: one turn has at
/// most 86 moves (17 pieces of each kind moving once alone, 17 aggregate moves, the king),
/// or 140 points under `wheeler`.
pub const MAX_TURN_LIMIT: u8 = 252;

/// The limit of the turn that follows `ender`'s turn number `turn_no` of `len` moves
/// (points): Black's first turn is 8 (standard), otherwise one more than `len` (standard),
/// or `len` rounded up to a multiple of 4, plus 4 (`wheeler`); never above
/// [`MAX_TURN_LIMIT`].
#[inline]
pub(crate) fn limit_after(rules: Rules, ender: Color, turn_no: u16, len: u8) -> u8 {
    let next = match rules {
        Rules::Standard | Rules::Paulowich16 | Rules::ColorRider
            if ender == Color::White && turn_no == 1 =>
        {
            8
        }
        Rules::Standard | Rules::Paulowich16 | Rules::ColorRider => u16::from(len) + 1,
        Rules::Wheeler => u16::from(len).div_ceil(4) * 4 + 4,
    };
    next.min(u16::from(MAX_TURN_LIMIT)) as u8
}

/// The largest limit `side`'s turn number `turn_no` can have in a game: White's first 4,
/// then each turn at most one more than the turn before it (standard: Black's first 8,
/// White's second 9, …), or 4 more (`wheeler`: 8, 12, …); never above [`MAX_TURN_LIMIT`].
pub(crate) fn max_limit(rules: Rules, side: Color, turn_no: u16) -> u8 {
    let n = u32::from(turn_no.max(1));
    let max = match (rules.progressive(), side) {
        (_, Color::White) if n == 1 => 4,
        (true, Color::White) => 2 * n + 5,
        (true, Color::Black) => 2 * n + 6,
        (false, Color::White) => 8 * n - 4,
        (false, Color::Black) => 8 * n,
    };
    max.min(u32::from(MAX_TURN_LIMIT)) as u8
}

impl TilingRider {
    /// An empty board (no kings placed yet: both on their start units; no giant ferz), White
    /// to move at the start of its first turn: the draft a [`crate::Setup`] starts from.
    /// This and the setters below are the crate's own, unchecked; outside the crate a
    /// position is built with [`crate::Setup`], which checks the whole.
    pub(crate) fn empty(rules: Rules) -> TilingRider {
        let mut p = TilingRider {
            pieces: [[Bb::EMPTY; 4]; 2],
            occ: [Bb::EMPTY; 2],
            kings: [
                Unit::from_coords(4, 0).expect("on board"),
                Unit::from_coords(4, 7).expect("on board"),
            ],
            gferz: [None, None],
            side: Color::White,
            made: 0,
            limit: 4,
            king_moved: false,
            gferz_moved: false,
            moved: Bb::EMPTY,
            used: Bb::EMPTY,
            last: 0,
            clock: 0,
            turn_no: 1,
            rules,
            key: 0,
        };
        p.key = p.board_key_from_scratch();
        p
    }

    /// The standard start position (see `RULES.md`, "Setup").
    pub fn standard() -> TilingRider {
        Self::start_position(Rules::Standard)
    }

    pub(crate) fn start_position(rules: Rules) -> TilingRider {
        let mut p = TilingRider::empty(rules);
        if rules.has_giant_ferz() {
            // On the units right of the kings (k1 k2 l1 l2 / k15 k16 l15 l16 of the 18-file
            // naming; i1 … j2 / i15 … j16 of paulowich-16's).
            for (c, v) in [(Color::White, 0), (Color::Black, 7)] {
                let unit = Unit::from_coords(5, v).expect("on board");
                p.set_giant_ferz(c, Some(unit));
            }
        }
        let board = rules.board();
        for v in 0..2u8 {
            for u in 0..9u8 {
                let unit = Unit::from_coords(u, v).expect("on board");
                if unit == p.kings[0] || Some(unit) == p.gferz[0] || !board.contains_unit(unit) {
                    continue;
                }
                let [ll, lr, ul, ur] = unit.squares();
                let (lower, upper) = if u < 5 {
                    (
                        [(ll, Role::Wazir), (lr, Role::Guard)],
                        [(ul, Role::Ferz), (ur, Role::Knight)],
                    )
                } else {
                    (
                        [(ll, Role::Guard), (lr, Role::Wazir)],
                        [(ul, Role::Knight), (ur, Role::Ferz)],
                    )
                };
                for (sq, piece) in lower.into_iter().chain(upper) {
                    p.set_piece(sq, Some((piece, Color::White)));
                    let mirror = Square::from_coords(sq.file(), 15 - sq.rank()).expect("on board");
                    p.set_piece(mirror, Some((piece, Color::Black)));
                }
            }
        }
        p.limit = match rules {
            Rules::Standard | Rules::Wheeler | Rules::Paulowich16 | Rules::ColorRider => 4,
        };
        p
    }

    /// The piece on a square (kings and giant ferzes are not small pieces: see
    /// [`TilingRider::king_at`] and [`TilingRider::giant_ferz_at`]).
    pub fn piece_at(&self, sq: Square) -> Option<(Role, Color)> {
        for c in Color::ALL {
            if self.occ[c.index()].has(sq) {
                for (i, bb) in self.pieces[c.index()].iter().enumerate() {
                    if bb.has(sq) {
                        return Some((Role::from_index(i), c));
                    }
                }
            }
        }
        None
    }

    /// The king covering a square, if any.
    pub fn king_at(&self, sq: Square) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|c| self.kings[c.index()] == sq.unit())
    }

    /// The unit a king stands on.
    pub fn king_unit(&self, color: Color) -> Unit {
        self.kings[color.index()]
    }

    /// The giant ferz covering a square, if any (`paulowich-16`).
    pub fn giant_ferz_at(&self, sq: Square) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|c| self.gferz[c.index()] == Some(sq.unit()))
    }

    /// The unit `color`'s giant ferz stands on, if it has one.
    pub fn giant_ferz_unit(&self, color: Color) -> Option<Unit> {
        self.gferz[color.index()]
    }

    /// Whether the side to move has moved its giant ferz this turn.
    pub fn giant_ferz_has_moved(&self) -> bool {
        self.gferz_moved
    }

    /// The rule set's board (see [`Board`]).
    pub fn board(&self) -> Board {
        self.rules.board()
    }

    /// Puts a piece on a square (or empties it); a giant ferz covering the square is
    /// removed. The turn state is kept (a square leaving a piece is no longer marked as
    /// moved). Returns `false`, changing nothing, if the square is not on the rule set's
    /// board or a king covers it.
    pub(crate) fn set_piece(&mut self, sq: Square, piece: Option<(Role, Color)>) -> bool {
        self.king_at(sq).is_none() && self.place_piece(sq, piece)
    }

    /// [`TilingRider::set_piece`] without the king test: a piece may go under a king (which
    /// [`crate::Setup::build`] refuses, and [`TilingRider::set_king`] clears).
    pub(crate) fn place_piece(&mut self, sq: Square, piece: Option<(Role, Color)>) -> bool {
        if !self.rules.board().contains(sq) {
            return false;
        }
        if let Some(c) = self.giant_ferz_at(sq) {
            self.take_gferz(c);
        }
        if let Some((old, c)) = self.piece_at(sq) {
            self.remove(c, old as usize, sq);
            self.unmark(sq);
        }
        if let Some((p, c)) = piece {
            self.add(c, p as usize, sq);
        }
        true
    }

    /// Puts a colour's king on a unit, removing any pieces (a giant ferz included) there.
    /// Returns `false`, changing nothing, if the unit is not on the rule set's board.
    pub(crate) fn set_king(&mut self, color: Color, unit: Unit) -> bool {
        if !self.rules.board().contains_unit(unit) {
            return false;
        }
        for sq in unit.squares() {
            self.place_piece(sq, None);
        }
        let t = tables();
        let c = color.index();
        self.key ^= t.z_king[c][self.kings[c].index()] ^ t.z_king[c][unit.index()];
        self.kings[c] = unit;
        true
    }

    /// Puts `color`'s giant ferz on a unit (removing any pieces there, and the colour's giant
    /// ferz from where it stood), or takes it off the board (`None`). Placing or removing the
    /// giant ferz of the side to move clears its "moved this turn" mark. Returns `false`,
    /// changing nothing, if the rule set has no giant ferz, or the unit is off its board or
    /// holds a king.
    pub(crate) fn set_giant_ferz(&mut self, color: Color, unit: Option<Unit>) -> bool {
        if !self.rules.has_giant_ferz() {
            return false;
        }
        if let Some(u) = unit {
            if !self.rules.board().contains_unit(u) || self.kings.contains(&u) {
                return false;
            }
        }
        self.take_gferz(color);
        if let Some(u) = unit {
            for sq in u.squares() {
                self.place_piece(sq, None);
            }
            self.put_gferz(color, u);
        }
        if color == self.side {
            self.gferz_moved = false;
        }
        true
    }

    /// Moves (points under `wheeler`) made so far in this turn.
    pub fn moves_made(&self) -> u8 {
        self.made
    }

    /// The most moves (points) this turn may have.
    pub fn move_limit(&self) -> u8 {
        self.limit
    }

    /// The fewest moves this turn must have before it may end (the first turns are exact).
    pub fn min_moves(&self) -> u8 {
        if self.rules.progressive() && self.turn_no == 1 {
            self.limit
        } else {
            1
        }
    }

    /// Whether the piece on `sq` has moved alone this turn.
    pub fn has_moved_alone(&self, sq: Square) -> bool {
        self.moved.has(sq)
    }

    /// Whether the piece on `sq` was used up by an aggregate move this turn.
    pub fn used_by_aggregate(&self, sq: Square) -> bool {
        self.used.has(sq)
    }

    /// Whether the side to move has moved its king this turn.
    pub fn king_has_moved(&self) -> bool {
        self.king_moved
    }

    /// The squares of the mover's pieces that moved this turn (alone or in an aggregate).
    pub fn moved_squares(&self) -> Vec<Square> {
        (self.moved | self.used).iter().collect()
    }

    /// The length of the opponent's previous turn (moves, or points under `wheeler`);
    /// 0 before it has had one.
    pub fn last_turn_length(&self) -> u8 {
        self.last
    }

    /// Turns ended since the last capture (the capturing turn's own end included).
    pub fn turn_clock(&self) -> u16 {
        self.clock
    }

    /// The turn number: 1 for the first turns of both sides, growing after Black's turns.
    pub fn turn_number(&self) -> u16 {
        self.turn_no
    }

    /// The squares holding an aggregate of `color`: units filled by four of its pieces of
    /// one kind, with that kind. (Under `color-rider` aggregates stand on blocks at any
    /// offset: [`TilingRider::aggregate_blocks`] lists them all.)
    pub fn aggregates(&self, color: Color) -> Vec<(Unit, Role)> {
        let mut out = Vec::new();
        for (i, bb) in self.pieces[color.index()].iter().enumerate() {
            for sq in bb.full_units().iter() {
                out.push((sq.unit(), Role::from_index(i)));
            }
        }
        out.sort();
        out
    }

    /// The aggregates of `color` as the rule set has them, by the lower-left squares of their
    /// blocks, with their kind: under `color-rider` every 2 × 2 block at any offset filled
    /// by four of its pieces of one kind (overlapping blocks each count), otherwise the
    /// filled units ([`TilingRider::aggregates`]).
    pub fn aggregate_blocks(&self, color: Color) -> Vec<(Square, Role)> {
        if !self.rules.blocks_at_any_offset() {
            let units = self.aggregates(color);
            return units
                .into_iter()
                .map(|(u, r)| (u.lower_left(), r))
                .collect();
        }
        let mut out = Vec::new();
        for (i, bb) in self.pieces[color.index()].iter().enumerate() {
            for sq in full_blocks(bb).iter() {
                out.push((sq, Role::from_index(i)));
            }
        }
        out.sort();
        out
    }

    /// Whether `color`'s king is in check: one of its squares attacked.
    pub fn in_check(&self, color: Color) -> bool {
        self.attacked(self.kings[color.index()], !color)
    }

    /// Whether `by` attacks the unit: one of `by`'s pieces could capture on one of its
    /// squares, or `by`'s king, giant ferz or one of its aggregates could move onto it
    /// (ignoring what stands on the unit itself).
    pub fn attacked(&self, unit: Unit, by: Color) -> bool {
        attacked_with(
            unit,
            &self.pieces[by.index()],
            self.kings[by.index()],
            self.gferz[by.index()],
            self.occ_all(),
            self.rules.blocks_at_any_offset(),
        )
    }

    /// The squares of the mover's pieces that have not moved this turn (alone or in an
    /// aggregate move), among others: mask it with a piece set.
    #[inline]
    pub(crate) fn unmoved(&self) -> Bb {
        !(self.moved | self.used)
    }

    /// The squares a small piece of the mover may end a move on: empty squares of the
    /// board and enemy pieces.
    #[inline]
    pub(crate) fn free_squares(&self) -> Bb {
        (!self.occ_all() & self.rules.geo().on_board) | self.occ[(!self.side).index()]
    }

    #[inline]
    pub(crate) fn occ_all(&self) -> Bb {
        self.occ[0] | self.occ[1] | Bb::unit(self.kings[0]) | Bb::unit(self.kings[1])
    }

    #[inline]
    pub(crate) fn add(&mut self, c: Color, ty: usize, sq: Square) {
        self.pieces[c.index()][ty].set(sq);
        self.occ[c.index()].set(sq);
        self.key ^= tables().z_piece[c.index()][ty][sq.index()];
    }

    #[inline]
    pub(crate) fn remove(&mut self, c: Color, ty: usize, sq: Square) {
        self.pieces[c.index()][ty].clear(sq);
        self.occ[c.index()].clear(sq);
        self.key ^= tables().z_piece[c.index()][ty][sq.index()];
    }

    /// Puts `c`'s giant ferz on an empty unit.
    fn put_gferz(&mut self, c: Color, unit: Unit) {
        self.occ[c.index()] |= Bb::unit(unit);
        self.gferz[c.index()] = Some(unit);
        self.key ^= tables().z_gferz[c.index()][unit.index()];
    }

    /// Takes `c`'s giant ferz (if any) off the board.
    fn take_gferz(&mut self, c: Color) {
        if let Some(unit) = self.gferz[c.index()].take() {
            self.occ[c.index()] &= !Bb::unit(unit);
            self.key ^= tables().z_gferz[c.index()][unit.index()];
        }
    }

    #[inline]
    fn toggle_moved(&mut self, sq: Square) {
        self.moved.toggle(sq);
        self.key ^= tables().z_moved[sq.index()];
    }

    #[inline]
    fn toggle_used(&mut self, sq: Square) {
        self.used.toggle(sq);
        self.key ^= tables().z_used[sq.index()];
    }

    /// Removes every piece of `c` in `mask` (a whole unit), its giant ferz included; whether
    /// any was there.
    fn capture_all(&mut self, c: Color, mask: Bb) -> bool {
        let hit = self.occ[c.index()] & mask;
        if hit.is_empty() {
            return false;
        }
        let t = tables();
        if let Some(g) = self.gferz[c.index()] {
            if mask.nib(g) != 0 {
                self.key ^= t.z_gferz[c.index()][g.index()];
                self.gferz[c.index()] = None;
            }
        }
        for ty in 0..4 {
            let h = self.pieces[c.index()][ty] & mask;
            for sq in h.iter() {
                self.key ^= t.z_piece[c.index()][ty][sq.index()];
            }
            self.pieces[c.index()][ty] = self.pieces[c.index()][ty] & !mask;
        }
        self.occ[c.index()] = self.occ[c.index()] & !mask;
        true
    }

    /// The cost of a move against the turn's limit: 1, or 4 for rider and king moves under
    /// `wheeler`.
    #[inline]
    pub(crate) fn cost(&self, kind: MoveKind) -> u8 {
        match (self.rules, kind) {
            (Rules::Wheeler, MoveKind::Aggregate | MoveKind::King) => 4,
            _ => 1,
        }
    }

    /// The Zobrist part for the turn state (side, moves made, limit, exactness, king moved,
    /// giant ferz moved);
    /// a pure function of those fields, so it is "incremental" for free.
    #[inline]
    pub(crate) fn state_key(&self) -> u64 {
        let exact = u64::from(self.min_moves() > 1);
        splitmix(
            self.side.index() as u64
                | u64::from(self.made) << 1
                | u64::from(self.limit) << 9
                | u64::from(self.king_moved) << 17
                | exact << 18
                | u64::from(self.gferz_moved) << 19
                | 0xA5 << 24,
        )
    }

    pub(crate) fn board_key_from_scratch(&self) -> u64 {
        let t = tables();
        let mut k = 0;
        for c in 0..2 {
            for ty in 0..4 {
                for sq in self.pieces[c][ty].iter() {
                    k ^= t.z_piece[c][ty][sq.index()];
                }
            }
            k ^= t.z_king[c][self.kings[c].index()];
            if let Some(g) = self.gferz[c] {
                k ^= t.z_gferz[c][g.index()];
            }
        }
        for sq in self.moved.iter() {
            k ^= t.z_moved[sq.index()];
        }
        for sq in self.used.iter() {
            k ^= t.z_used[sq.index()];
        }
        k
    }

    /// The piece kind of `c` on `sq` (assumed present).
    #[inline]
    pub(crate) fn kind_at(&self, c: Color, sq: Square) -> Option<usize> {
        (0..4).find(|&ty| self.pieces[c.index()][ty].has(sq))
    }

    /// The kind of `c`'s aggregate on `unit`, if it holds one.
    #[inline]
    pub(crate) fn aggregate_at(&self, c: Color, unit: Unit) -> Option<usize> {
        (0..4).find(|&ty| self.pieces[c.index()][ty].nib(unit) == 0xF)
    }

    /// How many aggregates the pieces `bb` (of one colour and kind) form: filled units, or
    /// under `color-rider` filled 2 × 2 blocks at any offset (overlapping ones each count).
    #[inline]
    pub(crate) fn aggregate_count(&self, bb: &Bb) -> u32 {
        if self.rules.blocks_at_any_offset() {
            full_blocks(bb).count()
        } else {
            bb.full_units().count()
        }
    }

    /// The kind of `c`'s aggregate on the block with lower-left square `sq` (`color-rider`),
    /// if four of its pieces of one kind fill it.
    #[inline]
    pub(crate) fn block_at(&self, c: Color, sq: Square) -> Option<usize> {
        let b = block(sq);
        if b.is_empty() {
            return None;
        }
        (0..4).find(|&ty| (b & !self.pieces[c.index()][ty]).is_empty())
    }

    /// Applies a move without any legality check (it must come from the move generator).
    pub(crate) fn apply(&mut self, mv: Move) {
        let done = match mv {
            Move::EndTurn => {
                self.end_turn();
                return;
            }
            Move::Single { from, to } => self.move_single(from, to),
            Move::Aggregate { from, to } => self.move_aggregate(from, to),
            Move::Block { from, to } => self.move_block(from, to),
            Move::King { to, .. } => {
                self.capture_on_unit(to);
                let t = tables();
                let c = self.side.index();
                self.key ^= t.z_king[c][self.kings[c].index()] ^ t.z_king[c][to.index()];
                self.kings[c] = to;
                self.king_moved = true;
                true
            }
            Move::GiantFerz { to, .. } => {
                self.capture_on_unit(to);
                self.take_gferz(self.side);
                self.put_gferz(self.side, to);
                self.gferz_moved = true;
                true
            }
        };
        if !done {
            return;
        }
        self.made = self.made.saturating_add(self.cost(mv.kind()));
        if self.made >= self.limit {
            self.end_turn();
        }
    }

    /// The small piece on `from` moves to `to`, capturing what stands there (a giant ferz
    /// whole). `false`, changing nothing, if no piece of the side to move is on `from`.
    fn move_single(&mut self, from: Square, to: Square) -> bool {
        let (us, them) = (self.side, !self.side);
        let Some(ty) = self.kind_at(us, from) else {
            return false;
        };
        if self.occ[them.index()].has(to) {
            match self.kind_at(them, to) {
                Some(cty) => self.remove(them, cty, to),
                // A small piece on any square of the giant ferz captures it whole.
                None => self.take_gferz(them),
            }
            self.clock = 0;
        }
        self.remove(us, ty, from);
        self.add(us, ty, to);
        self.unmark(from);
        self.toggle_moved(to);
        true
    }

    /// The aggregate on `from` rides to `to`, capturing every enemy piece there. `false`,
    /// changing nothing, if `from` holds no aggregate of the side to move.
    fn move_aggregate(&mut self, from: Unit, to: Unit) -> bool {
        let us = self.side;
        let Some(ty) = self.aggregate_at(us, from) else {
            return false;
        };
        self.capture_on_unit(to);
        for s in from.squares() {
            self.remove(us, ty, s);
            self.unmark(s);
        }
        for t in to.squares() {
            self.add(us, ty, t);
            self.toggle_used(t);
        }
        true
    }

    /// `color-rider`: the aggregate on the block at `from` rides to the block at `to`,
    /// capturing every enemy piece there. `false`, changing nothing, if `from`'s block holds
    /// no aggregate of the side to move.
    fn move_block(&mut self, from: Square, to: Square) -> bool {
        let us = self.side;
        let Some(ty) = self.block_at(us, from) else {
            return false;
        };
        let dest = block(to);
        if self.capture_all(!us, dest) {
            self.clock = 0;
        }
        for s in block(from).iter() {
            self.remove(us, ty, s);
            self.unmark(s);
        }
        for t in dest.iter() {
            self.add(us, ty, t);
            self.toggle_used(t);
        }
        true
    }

    /// Captures every enemy piece on `unit` (resetting the capture clock if any).
    #[inline]
    fn capture_on_unit(&mut self, unit: Unit) {
        if self.capture_all(!self.side, Bb::unit(unit)) {
            self.clock = 0;
        }
    }

    /// Clears the square's marks of a piece moved alone or used by an aggregate move.
    #[inline]
    fn unmark(&mut self, sq: Square) {
        if self.moved.has(sq) {
            self.toggle_moved(sq);
        }
        if self.used.has(sq) {
            self.toggle_used(sq);
        }
    }

    /// Ends the turn: the other side's turn begins with its limit.
    pub(crate) fn end_turn(&mut self) {
        for sq in self.moved.iter() {
            self.toggle_moved(sq);
        }
        for sq in self.used.iter() {
            self.toggle_used(sq);
        }
        let len = self.made.min(MAX_TURN_LIMIT);
        self.limit = limit_after(self.rules, self.side, self.turn_no, len);
        self.last = len;
        self.made = 0;
        self.king_moved = false;
        self.gferz_moved = false;
        self.clock = self.clock.saturating_add(1);
        if self.side == Color::Black {
            self.turn_no = self.turn_no.saturating_add(1);
        }
        self.side = !self.side;
    }

    /// Whether "end turn" is allowed now: a move made, the minimum reached, the king safe.
    #[inline]
    pub(crate) fn end_allowed(&self) -> bool {
        self.made >= 1 && self.made >= self.min_moves()
    }
}

/// Whether a unit is attacked by the side owning `pieces`, `king` and the giant ferz
/// `gferz`, with `occ_all` the occupied squares (for the aggregates' paths).
#[inline]
pub(crate) fn attacked_with(
    unit: Unit,
    pieces: &[Bb; 4],
    king: Unit,
    gferz: Option<Unit>,
    occ_all: Bb,
    blocks: bool,
) -> bool {
    let t = tables();
    let u = unit.index();
    if (pieces[0] & t.unit_att[0][u]).any()
        || (pieces[1] & t.unit_att[1][u]).any()
        || (pieces[2] & t.unit_att[2][u]).any()
        || (pieces[3] & t.unit_att[3][u]).any()
    {
        return true;
    }
    let (du, dv) = (
        king.u() as i8 - unit.u() as i8,
        king.v() as i8 - unit.v() as i8,
    );
    if du.abs() + dv.abs() == 1 {
        return true;
    }
    if let Some(g) = gferz {
        // The giant ferz attacks the four squares of each diagonally adjacent unit.
        if g.u().abs_diff(unit.u()) == 1 && g.v().abs_diff(unit.v()) == 1 {
            return true;
        }
    }
    if blocks {
        return block_attacks(unit, pieces, king, occ_all);
    }
    for (ty, bb) in pieces.iter().enumerate() {
        let full = bb.full_units();
        if full.is_empty() {
            continue;
        }
        let piece = Role::from_index(ty);
        for sq in full.iter() {
            let a = sq.unit();
            let (between, line) = t.between[a.index() * crate::board::UNITS + u];
            if piece.rides(line) && (between & occ_all).is_empty() {
                return true;
            }
        }
    }
    false
}

/// The lower-left squares of the 2 × 2 blocks, at any offset, all of whose squares are in
/// `bb` (`color-rider`'s aggregates of one kind).
#[inline]
pub(crate) fn full_blocks(bb: &Bb) -> Bb {
    let mut out = Bb::EMPTY;
    if bb.count() < 4 {
        return out;
    }
    for sq in bb.iter() {
        let b = block(sq);
        if b.any() && (b & !*bb).is_empty() {
            out.set(sq);
        }
    }
    out
}

/// `color-rider`: whether an aggregate of the side owning `pieces` and `king`, on any
/// 2 × 2 block, could ride onto a block meeting `unit`: along its line, over blocks all
/// empty in `occ_all`, to a block holding none of that side's pieces and no square of its
/// king (the squares of `unit` count as the enemy's, whatever stands there: a king there
/// could be taken if it were a piece). The ride stops at the first block holding anything.
#[cold]
#[inline(never)]
pub(crate) fn block_attacks(unit: Unit, pieces: &[Bb; 4], king: Unit, occ_all: Bb) -> bool {
    let t = block_tables();
    let target = Bb::unit(unit);
    let own = pieces[0] | pieces[1] | pieces[2] | pieces[3] | Bb::unit(king);
    for (ty, bb) in pieces.iter().enumerate() {
        let piece = Role::from_index(ty);
        for sq in full_blocks(bb).iter() {
            for d in piece.ray_dirs() {
                for &n in t.block_rays[sq.index()][d].iter() {
                    let Some(to) = ray_block(n) else { break };
                    let dest = t.block[to.index()];
                    if (dest & target).any() && (dest & own).is_empty() {
                        return true;
                    }
                    if (dest & occ_all).any() {
                        break;
                    }
                }
            }
        }
    }
    false
}

impl Position for TilingRider {
    type Move = Move;
    type Rules = Rules;
    const VARIANT: &'static str = "tiling-rider";

    fn start(rules: Rules) -> Self {
        TilingRider::start_position(rules)
    }

    fn from_text(text: &str, rules: Rules) -> Result<Self, ParsePositionError> {
        crate::notation::parse_position(text, rules)
    }

    fn to_text(&self) -> String {
        crate::notation::write_position(self)
    }

    fn rules(&self) -> Rules {
        self.rules
    }

    fn turn(&self) -> Color {
        self.side
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.generate_legal(moves);
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.apply(mv);
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.decide_legal(mv, &mut Memo::exact()) == Verdict::Yes
    }

    fn has_legal_move(&self) -> bool {
        self.has_legal_action()
    }

    fn is_legal_within(&self, mv: Move, budget: &mut Budget) -> Verdict {
        Memo::with_budget(budget, |memo| self.decide_legal(mv, memo))
    }

    fn legal_moves_within(
        &self,
        legal: &mut Vec<Move>,
        undecided: &mut Vec<Move>,
        budget: &mut Budget,
    ) {
        Memo::with_budget(budget, |memo| {
            self.generate_legal_with(legal, undecided, memo)
        })
    }

    /// Counts without listing the small pieces' moves when every non-king move is legal
    /// (perft's last ply); lists them otherwise.
    fn count_legal_moves_within(
        &self,
        _: chimera_core::History<'_, Self>,
        scratch: &mut Vec<Move>,
        undecided: &mut Vec<Move>,
        budget: &mut Budget,
    ) -> Option<u64> {
        Memo::with_budget(budget, |memo| {
            self.count_legal_with(scratch, undecided, memo)
        })
    }

    fn has_legal_move_within(&self, budget: &mut Budget) -> Verdict {
        Memo::with_budget(budget, |memo| self.any_legal_action(memo))
    }

    /// The record's own continuation of the turn proves a move legal with no search.
    fn is_legal_given(&self, mv: Move, following: &[&str], budget: &mut Budget) -> Verdict {
        Memo::with_budget(budget, |memo| self.legal_given(mv, following, memo))
    }

    fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        if self.is_legal(mv) {
            self.apply(mv);
            Ok(())
        } else {
            Err(IllegalMoveError::new(self.move_text(mv), self.refusal(mv)))
        }
    }

    fn terminal(&self) -> Option<Outcome> {
        (self.made == 0 && self.clock > FIFTY_TURN_LIMIT).then_some(Outcome::Draw {
            reason: DrawReason::MoveLimit,
        })
    }

    fn no_move_outcome(&self) -> Outcome {
        Outcome::checkmate_or_stalemate(self.side, self.in_check(self.side))
    }

    fn zobrist(&self) -> u64 {
        self.key ^ self.state_key()
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.board_key_from_scratch() ^ self.state_key()
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        crate::notation::parse_move(self, text)
    }

    fn move_text(&self, mv: Move) -> String {
        crate::notation::move_text(self, mv)
    }

    /// Threefold repetition of a turn-start position (same board, same side, same limit).
    fn history_outcome(&self, earlier: chimera_core::History<'_, Self>) -> Option<Outcome> {
        if self.made != 0 {
            return None;
        }
        // Only positions with this key can count (the kit looks them up by key, without
        // scanning the game), and only at the start of a turn.
        let third = chimera_kit::history::is_third_occurrence(self, earlier, |p, q| {
            p.made == 0 && p.same_board(q)
        });
        third.then_some(Outcome::Draw {
            reason: DrawReason::Repetition,
        })
    }
}

impl TilingRider {
    /// Why `mv`, not legal here, is refused: a move of another rule set's kind says so (an
    /// aggregate at an offset outside `color-rider`, an elongated move or a unit-lattice
    /// aggregate move within it); any other is not among the legal actions.
    fn refusal(&self, mv: Move) -> String {
        let board = self.rules.board();
        let rules = RuleSet::name(&self.rules);
        let blocks = self.rules.blocks_at_any_offset();
        match mv {
            Move::Block { from, .. } if !blocks => format!(
                "an aggregate on the 2 × 2 block of {} at any offset is `color-rider`'s: \
                 under `{rules}` an aggregate fills a unit",
                board.square_name(from)
            ),
            Move::Aggregate { .. } if blocks => {
                "under `color-rider` an aggregate move names its 2 × 2 block (a block move), \
                 not a unit"
                    .to_string()
            }
            Move::Single { from, to } if !self.rules.has_tiles() => {
                let leap = self
                    .piece_at(from)
                    .filter(|&(_, c)| c == self.side)
                    .map(|(role, _)| tables().att[role as usize][from.index()].has(to));
                match leap {
                    Some(false) => format!(
                        "no elongated moves under `color-rider` (there are no tiles): the \
                         piece on {} does not reach {}",
                        board.square_name(from),
                        board.square_name(to)
                    ),
                    _ => "not among the legal actions of this position".to_string(),
                }
            }
            _ => "not among the legal actions of this position".to_string(),
        }
    }

    fn same_board(&self, other: &TilingRider) -> bool {
        self.pieces == other.pieces
            && self.kings == other.kings
            && self.gferz == other.gferz
            && self.side == other.side
            && self.limit == other.limit
    }
}
