//! Geometry: squares, units and tiles, 288-bit boards and the precomputed tables.
//!
//! Squares are numbered **unit-major**: unit `v * 9 + u` (file-unit `u` in 0..9, rank-unit
//! `v` in 0..8) holds squares `4 * unit + 2 * dy + dx`. A unit is therefore one aligned
//! nibble of a [`Bb`], which makes "is this unit full / empty / an aggregate" one shift and
//! one mask, and the tile-mate of a square one bit flip (bit 1 in an orange unit, whose
//! tiles are columns; bit 0 in a blue unit, whose tiles are rows).
//!
//! Every rule set uses this 18-file geometry internally. A rule set's [`Board`] says which
//! of its squares are on the board: all of them, or (`paulowich-16`) all but the two
//! leftmost files, a whole column of units. The tables that depend on the board (the set of
//! its squares, the unit rays an aggregate, king or giant ferz follows) exist once per
//! board, so the standard game's hot path pays nothing for the narrower one.

use chimera_kit::steps::KNIGHT;
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};
use std::sync::LazyLock;

/// Files of the board (`a`–`r`).
pub const FILES: u8 = 18;
/// Ranks of the board (`1`–`16`).
pub const RANKS: u8 = 16;
/// Units across (file-units).
pub const UNIT_FILES: u8 = 9;
/// Units up (rank-units).
pub const UNIT_RANKS: u8 = 8;
/// Number of units.
pub const UNITS: usize = 72;
/// Number of squares.
pub const SQUARES: usize = 288;

/// One square of the 18 × 16 board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u16);

impl Square {
    /// `a1`, the first square (index 0).
    pub(crate) const A1: Square = Square(0);

    /// The square on `file` (0 = `a`) and `rank` (0 = rank 1), if on the board.
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file >= FILES || rank >= RANKS {
            return None;
        }
        let unit = (rank / 2) as u16 * UNIT_FILES as u16 + (file / 2) as u16;
        Some(Square(unit * 4 + (rank % 2) as u16 * 2 + (file % 2) as u16))
    }

    /// The square with this internal index (`0..288`, unit-major), if in range.
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < SQUARES {
            Some(Square(index as u16))
        } else {
            None
        }
    }

    /// The internal index (`0..288`, unit-major; see the module documentation).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 for `a` to 17 for `r`.
    #[inline]
    pub const fn file(self) -> u8 {
        let unit = self.0 / 4;
        ((unit % UNIT_FILES as u16) * 2 + (self.0 & 1)) as u8
    }

    /// The rank, 0 for rank 1 to 15 for rank 16.
    #[inline]
    pub const fn rank(self) -> u8 {
        let unit = self.0 / 4;
        ((unit / UNIT_FILES as u16) * 2 + ((self.0 >> 1) & 1)) as u8
    }

    /// The unit (2 × 2 block) the square belongs to.
    #[inline]
    pub const fn unit(self) -> Unit {
        Unit((self.0 / 4) as u8)
    }

    /// The other half of this square's tile (domino).
    #[inline]
    pub const fn tile_mate(self) -> Square {
        if self.unit().is_orange() {
            Square(self.0 ^ 2)
        } else {
            Square(self.0 ^ 1)
        }
    }

    /// Every square, in internal (unit-major) order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES as u16).map(Square)
    }

    /// Reads a square name such as `d4` or `r16` (any case).
    pub fn parse(text: &str) -> Option<Square> {
        let bytes = text.as_bytes();
        let (&f, digits) = bytes.split_first()?;
        let f = f.to_ascii_lowercase();
        if !(b'a'..b'a' + FILES).contains(&f) || digits.is_empty() || digits.len() > 2 {
            return None;
        }
        if !digits.iter().all(u8::is_ascii_digit) || digits[0] == b'0' {
            return None;
        }
        let rank: u8 = std::str::from_utf8(digits).ok()?.parse().ok()?;
        if rank == 0 {
            return None;
        }
        Square::from_coords(f - b'a', rank - 1)
    }

    /// Reads a square name in the naming of `rules`' board (see [`Board`]): under
    /// `paulowich-16` files `a`–`p` name the internal files `c`–`r`. `None` for a name off
    /// that board.
    pub fn parse_in(text: &str, rules: crate::Rules) -> Option<Square> {
        rules.board().parse_square(text)
    }

    /// The square's name in the naming of `rules`' board (see [`Board::square_name`]).
    pub fn name_in(self, rules: crate::Rules) -> String {
        rules.board().square_name(self)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// One unit: an aligned 2 × 2 block of squares (the king's size, an aggregate's home).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Unit(u8);

impl Unit {
    /// The unit at file-unit `u` (0..9) and rank-unit `v` (0..8), if on the board.
    pub const fn from_coords(u: u8, v: u8) -> Option<Unit> {
        if u >= UNIT_FILES || v >= UNIT_RANKS {
            None
        } else {
            Some(Unit(v * UNIT_FILES + u))
        }
    }

    /// The unit with this index (`0..72`, `v * 9 + u`), if in range.
    pub const fn from_index(index: usize) -> Option<Unit> {
        if index < UNITS {
            Some(Unit(index as u8))
        } else {
            None
        }
    }

    /// The index `v * 9 + u`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file-unit `u` (0..9): files `2u` and `2u + 1`.
    #[inline]
    pub const fn u(self) -> u8 {
        self.0 % UNIT_FILES
    }

    /// The rank-unit `v` (0..8): ranks `2v + 1` and `2v + 2`.
    #[inline]
    pub const fn v(self) -> u8 {
        self.0 / UNIT_FILES
    }

    /// Orange (u + v even: tiles are its two columns) or blue (tiles are its two rows).
    #[inline]
    pub const fn is_orange(self) -> bool {
        (self.u() + self.v()) % 2 == 0
    }

    /// The lower-left square, which names the unit in notation.
    #[inline]
    pub const fn lower_left(self) -> Square {
        Square(self.0 as u16 * 4)
    }

    /// The four squares: lower-left, lower-right, upper-left, upper-right.
    pub const fn squares(self) -> [Square; 4] {
        let b = self.0 as u16 * 4;
        [Square(b), Square(b + 1), Square(b + 2), Square(b + 3)]
    }

    /// Every unit, in index order.
    pub fn all() -> impl Iterator<Item = Unit> {
        (0..UNITS as u8).map(Unit)
    }

    /// The unit `(du, dv)` units away, if on the board.
    pub const fn offset(self, du: i8, dv: i8) -> Option<Unit> {
        let u = self.u() as i8 + du;
        let v = self.v() as i8 + dv;
        if u < 0 || v < 0 {
            None
        } else {
            Unit::from_coords(u as u8, v as u8)
        }
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.lower_left(), f)
    }
}

impl fmt::Debug for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unit {}", self.lower_left())
    }
}

/// The board of a rule set, over the 18-file geometry of [`Square`] and [`Unit`].
///
/// `standard` and `wheeler` play on all 18 files ([`Board::FULL`]); `paulowich-16` removes
/// the two leftmost files, the units of file-unit 0 ([`Board::PAULOWICH_16`]), and keeps
/// every other square, unit, colour and tile where it physically was. Its notation names
/// files from its own leftmost file: its `a` is the internal file `c`, its `p` the internal
/// `r`. [`Square`]'s own `Display` and [`Square::parse`] always use the 18-file names; the
/// methods here (and [`Square::parse_in`], [`Square::name_in`]) use the board's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    first_unit: u8,
}

impl Board {
    /// All 18 files (`a`–`r`).
    pub const FULL: Board = Board { first_unit: 0 };
    /// `paulowich-16`: 16 files, the internal files `c`–`r`, named `a`–`p`.
    pub const PAULOWICH_16: Board = Board { first_unit: 1 };

    /// The number of files (18 or 16).
    pub const fn files(self) -> u8 {
        FILES - 2 * self.first_unit
    }

    /// The internal file (0 = `a` of the 18-file board) of the board's first file.
    pub const fn first_file(self) -> u8 {
        2 * self.first_unit
    }

    /// The first file-unit on the board (0, or 1 under `paulowich-16`).
    pub const fn first_unit_file(self) -> u8 {
        self.first_unit
    }

    /// Whether the square is on this board.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        sq.unit().u() >= self.first_unit
    }

    /// Whether the unit is on this board.
    #[inline]
    pub const fn contains_unit(self, unit: Unit) -> bool {
        unit.u() >= self.first_unit
    }

    /// The board's squares, in internal order.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        Square::all().filter(move |&s| self.contains(s))
    }

    /// The board's units, in index order.
    pub fn units(self) -> impl Iterator<Item = Unit> {
        Unit::all().filter(move |&u| self.contains_unit(u))
    }

    /// The square on the board's own `file` (0 = its `a`) and `rank` (0 = rank 1).
    pub const fn square(self, file: u8, rank: u8) -> Option<Square> {
        if file >= self.files() {
            return None;
        }
        Square::from_coords(file + self.first_file(), rank)
    }

    /// The square's file in the board's own numbering (0 = its `a`); `None` off the board.
    pub const fn file_of(self, sq: Square) -> Option<u8> {
        if self.contains(sq) {
            Some(sq.file() - self.first_file())
        } else {
            None
        }
    }

    /// The letter of the board's own file `file` (0 = `a`).
    pub const fn file_letter(self, file: u8) -> char {
        (b'a' + file) as char
    }

    /// The square's name in the board's naming (`a1`–`p16` under `paulowich-16`). A square
    /// off the board (which never holds anything) is written as its 18-file name in
    /// brackets, `[a1]`, which no parser reads.
    pub fn square_name(self, sq: Square) -> String {
        match self.file_of(sq) {
            Some(f) => format!("{}{}", self.file_letter(f), sq.rank() + 1),
            None => format!("[{sq}]"),
        }
    }

    /// The name of the board's last square (`r16` or `p16`), for messages.
    pub fn last_square_name(self) -> String {
        format!("{}{}", self.file_letter(self.files() - 1), RANKS)
    }

    /// Reads a square name in the board's naming (any case); `None` if it is not a square
    /// of this board.
    pub fn parse_square(self, text: &str) -> Option<Square> {
        let bytes = text.as_bytes();
        let (&f, digits) = bytes.split_first()?;
        let f = f.to_ascii_lowercase();
        if !(b'a'..b'a' + self.files()).contains(&f) {
            return None;
        }
        // The 18-file parser checks the rank; shift the file into internal naming.
        let mut internal = String::with_capacity(text.len());
        internal.push((f + self.first_file()) as char);
        internal.push_str(std::str::from_utf8(digits).ok()?);
        Square::parse(&internal)
    }

    /// Index of the board's geometry tables.
    #[inline]
    pub(crate) const fn index(self) -> usize {
        self.first_unit as usize
    }
}

/// A set of squares: 288 bits in five words, unit-major (one nibble per unit).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub(crate) struct Bb(pub [u64; 5]);

const LAST_WORD: u64 = (1 << 32) - 1;
const NIB_LOW: u64 = 0x1111_1111_1111_1111;

impl Bb {
    pub const EMPTY: Bb = Bb([0; 5]);

    #[inline]
    pub fn from_square(sq: Square) -> Bb {
        let mut b = Bb::EMPTY;
        b.set(sq);
        b
    }

    #[inline]
    pub fn unit(unit: Unit) -> Bb {
        let i = unit.index();
        let mut b = Bb::EMPTY;
        b.0[i >> 4] = 0xF << ((i & 15) * 4);
        b
    }

    #[inline]
    pub fn has(&self, sq: Square) -> bool {
        let i = sq.index();
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }

    #[inline]
    pub fn set(&mut self, sq: Square) {
        let i = sq.index();
        self.0[i >> 6] |= 1 << (i & 63);
    }

    #[inline]
    pub fn clear(&mut self, sq: Square) {
        let i = sq.index();
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    #[inline]
    pub fn toggle(&mut self, sq: Square) {
        let i = sq.index();
        self.0[i >> 6] ^= 1 << (i & 63);
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3] | self.0[4]) == 0
    }

    #[inline]
    pub fn any(&self) -> bool {
        !self.is_empty()
    }

    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// [`Bb::count`] bit by bit: fewer instructions for the few squares of one piece's
    /// targets on baseline x86-64, which has no population-count instruction.
    #[inline]
    pub fn count_sparse(&self) -> u32 {
        let mut n = 0;
        for &w in &self.0 {
            let mut w = w;
            while w != 0 {
                w &= w - 1;
                n += 1;
            }
        }
        n
    }

    /// The unit's four bits, as a number 0..16.
    #[inline]
    pub fn nib(&self, unit: Unit) -> u64 {
        let i = unit.index();
        (self.0[i >> 4] >> ((i & 15) * 4)) & 0xF
    }

    /// The set of every square's tile-mate.
    #[inline]
    pub fn mates(&self) -> Bb {
        self.mates_with(&tables().orange)
    }

    /// [`Bb::mates`] given the orange squares (for building the tables).
    #[inline]
    fn mates_with(&self, orange: &Bb) -> Bb {
        let orange = &orange.0;
        let mut out = [0u64; 5];
        for (i, o) in out.iter_mut().enumerate() {
            let x = self.0[i];
            let swap1 = ((x & 0x5555_5555_5555_5555) << 1) | ((x >> 1) & 0x5555_5555_5555_5555);
            let swap2 = ((x & 0x3333_3333_3333_3333) << 2) | ((x >> 2) & 0x3333_3333_3333_3333);
            *o = (swap2 & orange[i]) | (swap1 & !orange[i]);
        }
        Bb(out)
    }

    /// Lowest bit of each full unit (all four squares set), as a set.
    #[inline]
    pub fn full_units(&self) -> Bb {
        let mut out = [0u64; 5];
        for (i, o) in out.iter_mut().enumerate() {
            let x = self.0[i];
            *o = x & (x >> 1) & (x >> 2) & (x >> 3) & NIB_LOW;
        }
        Bb(out)
    }

    /// The lowest square, if any.
    #[inline]
    pub fn first(&self) -> Option<Square> {
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return Some(Square((i * 64 + w.trailing_zeros() as usize) as u16));
            }
        }
        None
    }

    #[inline]
    pub fn iter(self) -> BbIter {
        BbIter { bb: self, word: 0 }
    }
}

pub(crate) struct BbIter {
    bb: Bb,
    word: usize,
}

impl Iterator for BbIter {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.word < 5 {
            let w = self.bb.0[self.word];
            if w != 0 {
                self.bb.0[self.word] = w & (w - 1);
                return Some(Square(
                    (self.word * 64 + w.trailing_zeros() as usize) as u16,
                ));
            }
            self.word += 1;
        }
        None
    }
}

macro_rules! bb_op {
    ($tr:ident, $f:ident, $op:tt) => {
        impl $tr for Bb {
            type Output = Bb;
            #[inline]
            fn $f(self, o: Bb) -> Bb {
                Bb([
                    self.0[0] $op o.0[0],
                    self.0[1] $op o.0[1],
                    self.0[2] $op o.0[2],
                    self.0[3] $op o.0[3],
                    self.0[4] $op o.0[4],
                ])
            }
        }
    };
}
bb_op!(BitAnd, bitand, &);
bb_op!(BitOr, bitor, |);
bb_op!(BitXor, bitxor, ^);

impl BitAndAssign for Bb {
    #[inline]
    fn bitand_assign(&mut self, o: Bb) {
        *self = *self & o;
    }
}

impl BitOrAssign for Bb {
    #[inline]
    fn bitor_assign(&mut self, o: Bb) {
        *self = *self | o;
    }
}

impl Not for Bb {
    type Output = Bb;
    #[inline]
    fn not(self) -> Bb {
        Bb([
            !self.0[0],
            !self.0[1],
            !self.0[2],
            !self.0[3],
            !self.0[4] & LAST_WORD,
        ])
    }
}

impl fmt::Debug for Bb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Step directions of the small pieces, (file, rank).
pub(crate) const ORTH: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
pub(crate) const DIAG: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Kind of a straight line between two units, for aggregate attacks.
pub(crate) const LINE_NONE: u8 = 0;
pub(crate) const LINE_ORTH: u8 = 1;
pub(crate) const LINE_DIAG: u8 = 2;
pub(crate) const LINE_KNIGHT: u8 = 3;

/// A unit ray: up to 8 units, `NO_UNIT` after the last.
pub(crate) const NO_UNIT: u8 = 0xFF;

pub(crate) struct Tables {
    /// Leap targets of wazir, ferz, guard, knight from each square.
    pub att: [[Bb; SQUARES]; 4],
    /// The elongations of those leaps: the tile-mates of the targets outside the square's
    /// own tile (`mates(att & !tile)`); an elongated move ends on one of them when it and
    /// its mate are empty.
    pub elong: [[Bb; SQUARES]; 4],
    /// Squares from which a wazir/ferz/guard/knight attacks some square of the unit.
    pub unit_att: [[Bb; UNITS]; 4],
    /// The squares of orange units.
    pub orange: Bb,
    /// The geometry of each board ([`Board::index`]).
    pub geo: [Geometry; 2],
    /// For each pair (a, b): the squares of the units strictly between a and b on the line
    /// an aggregate would take, and the line's kind.
    pub between: Vec<(Bb, u8)>,
    /// Zobrist keys: `piece[colour][type][square]`, `king[colour][unit]`, and the turn-state
    /// marks `moved-alone[square]`, `used-by-aggregate[square]`.
    pub z_piece: [[[u64; SQUARES]; 4]; 2],
    pub z_king: [[u64; UNITS]; 2],
    pub z_moved: [u64; SQUARES],
    pub z_used: [u64; SQUARES],
    /// Zobrist keys of a giant ferz, giant_ferz[colour][unit].
    pub z_gferz: [[u64; UNITS]; 2],
}

/// `color-rider`'s tables, built the first time that rule set needs them (the other rule
/// sets never pay for them).
pub(crate) struct BlockTables {
    /// `color-rider`'s blocks: the four squares of the 2 × 2 block whose lower-left square
    /// is each square (empty where the block would leave the board: file `r`, rank 16).
    pub block: Vec<Bb>,
    /// `color-rider`'s block rays: from each block (by its lower-left square), the blocks
    /// (lower-left square indices) one step of its own size apart along each unit
    /// direction ([`unit_dir`]: two squares orthogonally, two along both axes, four by two
    /// for the (2,1) leaps), [`NO_BLOCK`] after the last on the board.
    pub block_rays: Vec<[[u16; 8]; 16]>,
}

/// The end of a block ray.
pub(crate) const NO_BLOCK: u16 = u16::MAX;

/// The tables that depend on the board.
pub(crate) struct Geometry {
    /// The board's squares.
    pub on_board: Bb,
    /// Rays of units from each unit, staying on the board: directions 0..4 orthogonal,
    /// 4..8 diagonal, 8..16 the (2,1) unit leaps (nightrider lines).
    pub rays: [[[u8; 8]; 16]; UNITS],
}

pub(crate) use chimera_core::zobrist::splitmix64 as splitmix;

fn step(sq: Square, df: i8, dr: i8) -> Option<Square> {
    let f = sq.file() as i8 + df;
    let r = sq.rank() as i8 + dr;
    if f < 0 || r < 0 {
        return None;
    }
    Square::from_coords(f as u8, r as u8)
}

/// Unit directions matching `rays`' numbering.
pub(crate) fn unit_dir(d: usize) -> (i8, i8) {
    match d {
        0..=3 => ORTH[d],
        4..=7 => DIAG[d - 4],
        _ => KNIGHT[d - 8],
    }
}

fn build() -> Box<Tables> {
    let empty_geometry = || Geometry {
        on_board: Bb::EMPTY,
        rays: [[[NO_UNIT; 8]; 16]; UNITS],
    };
    let mut t = Box::new(Tables {
        att: [[Bb::EMPTY; SQUARES]; 4],
        elong: [[Bb::EMPTY; SQUARES]; 4],
        unit_att: [[Bb::EMPTY; UNITS]; 4],
        orange: Bb::EMPTY,
        geo: [empty_geometry(), empty_geometry()],
        between: vec![(Bb::EMPTY, LINE_NONE); UNITS * UNITS],
        z_piece: [[[0; SQUARES]; 4]; 2],
        z_king: [[0; UNITS]; 2],
        z_moved: [0; SQUARES],
        z_used: [0; SQUARES],
        z_gferz: [[0; UNITS]; 2],
    });
    square_tables(&mut t);
    for sq in Square::all() {
        let tile = Bb::from_square(sq) | Bb::from_square(sq.tile_mate());
        for ty in 0..4 {
            t.elong[ty][sq.index()] = (t.att[ty][sq.index()] & !tile).mates_with(&t.orange);
        }
    }
    for unit in Unit::all() {
        for ty in 0..4 {
            let mut m = Bb::EMPTY;
            for sq in unit.squares() {
                m |= t.att[ty][sq.index()];
            }
            t.unit_att[ty][unit.index()] = m;
        }
        for d in 0..16 {
            unit_lines(&mut t, unit, d);
        }
    }
    zobrist_keys(&mut t);
    for board in [Board::FULL, Board::PAULOWICH_16] {
        for sq in board.squares() {
            t.geo[board.index()].on_board.set(sq);
        }
    }
    t
}

/// The leap targets of each piece kind from each square, and the orange squares.
fn square_tables(t: &mut Tables) {
    for sq in Square::all() {
        let dirs: [&[(i8, i8)]; 4] = [&ORTH, &DIAG, &[], &KNIGHT];
        for (ty, ds) in dirs.iter().enumerate() {
            for &(df, dr) in ds.iter() {
                if let Some(to) = step(sq, df, dr) {
                    t.att[ty][sq.index()].set(to);
                }
            }
        }
        t.att[2][sq.index()] = t.att[0][sq.index()] | t.att[1][sq.index()];
        if sq.unit().is_orange() {
            t.orange.set(sq);
        }
    }
}

/// `color-rider`'s blocks and their rays (see [`BlockTables`]).
fn build_blocks() -> BlockTables {
    let mut t = BlockTables {
        block: vec![Bb::EMPTY; SQUARES],
        block_rays: vec![[[NO_BLOCK; 8]; 16]; SQUARES],
    };
    for sq in Square::all() {
        let Some(b) = block_of(sq) else { continue };
        t.block[sq.index()] = b;
        for d in 0..16 {
            let (du, dv) = unit_dir(d);
            let mut cur = sq;
            for k in 0..8 {
                match step(cur, 2 * du, 2 * dv).filter(|&n| block_of(n).is_some()) {
                    Some(next) => {
                        t.block_rays[sq.index()][d][k] = next.0;
                        cur = next;
                    }
                    None => break,
                }
            }
        }
    }
    t
}

/// The squares of the 2 × 2 block whose lower-left square is `sq`, if it fits the board.
fn block_of(sq: Square) -> Option<Bb> {
    let mut b = Bb::from_square(sq);
    for (df, dr) in [(1, 0), (0, 1), (1, 1)] {
        b.set(step(sq, df, dr)?);
    }
    Some(b)
}

/// The squares of the 2 × 2 block whose lower-left square is `sq` (empty if it does not
/// fit the board).
#[inline]
pub(crate) fn block(sq: Square) -> Bb {
    block_tables().block[sq.index()]
}

static BLOCK_TABLES: LazyLock<BlockTables> = LazyLock::new(build_blocks);

/// `color-rider`'s tables.
#[inline]
pub(crate) fn block_tables() -> &'static BlockTables {
    &BLOCK_TABLES
}

/// The block at index `b` of a block ray (`None` for [`NO_BLOCK`]).
#[inline]
pub(crate) fn ray_block(b: u16) -> Option<Square> {
    if b == NO_BLOCK {
        None
    } else {
        Some(Square(b))
    }
}

/// The units from `unit` in direction `d` ([`unit_dir`]): each board's ray (ending where
/// it would leave that board), and the units between `unit` and each unit on the line.
fn unit_lines(t: &mut Tables, unit: Unit, d: usize) {
    let (du, dv) = unit_dir(d);
    let kind = match d {
        0..=3 => LINE_ORTH,
        4..=7 => LINE_DIAG,
        _ => LINE_KNIGHT,
    };
    let mut cur = unit;
    let mut k = 0;
    let mut between = Bb::EMPTY;
    while let Some(next) = cur.offset(du, dv) {
        for board in [Board::FULL, Board::PAULOWICH_16] {
            // A ray from a unit on the board ends where it would leave the board (the
            // removed units are all on one edge).
            let g = &mut t.geo[board.index()];
            let on =
                board.contains_unit(unit) && (k == 0 || g.rays[unit.index()][d][k - 1] != NO_UNIT);
            if on && board.contains_unit(next) {
                g.rays[unit.index()][d][k] = next.0;
            }
        }
        t.between[unit.index() * UNITS + next.index()] = (between, kind);
        between |= Bb::unit(next);
        cur = next;
        k += 1;
    }
}

/// The Zobrist keys, drawn in a fixed order (pieces and kings per colour, the turn-state
/// marks, then the giant ferzes, added last so that the others kept their values).
fn zobrist_keys(t: &mut Tables) {
    let mut seed = 0x7111_1116_0000_0002u64;
    let mut next = || {
        seed = splitmix(seed);
        seed
    };
    for c in 0..2 {
        for ty in 0..4 {
            for sq in 0..SQUARES {
                t.z_piece[c][ty][sq] = next();
            }
        }
        for u in 0..UNITS {
            t.z_king[c][u] = next();
        }
    }
    for sq in 0..SQUARES {
        t.z_moved[sq] = next();
        t.z_used[sq] = next();
    }
    for c in 0..2 {
        for u in 0..UNITS {
            t.z_gferz[c][u] = next();
        }
    }
}

static TABLES: LazyLock<Box<Tables>> = LazyLock::new(build);

/// The precomputed tables.
#[inline]
pub(crate) fn tables() -> &'static Tables {
    &TABLES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip() {
        for sq in Square::all() {
            assert_eq!(Square::from_coords(sq.file(), sq.rank()), Some(sq));
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
            assert_eq!(sq.tile_mate().tile_mate(), sq);
            assert_ne!(sq.tile_mate(), sq);
            assert_eq!(sq.tile_mate().unit(), sq.unit());
        }
        let a1 = Square::parse("a1").unwrap();
        assert_eq!(a1.tile_mate(), Square::parse("a2").unwrap());
        let c1 = Square::parse("c1").unwrap();
        assert_eq!(c1.tile_mate(), Square::parse("d1").unwrap());
        assert_eq!(Square::parse("r16").unwrap().index(), 287);
        assert!(Square::parse("s1").is_none() && Square::parse("a17").is_none());
        assert!(Square::parse("a0").is_none() && Square::parse("a01").is_none());
    }

    #[test]
    fn mates_and_nibbles() {
        let mut b = Bb::EMPTY;
        for sq in Square::all().step_by(7) {
            b.set(sq);
        }
        let m = b.mates();
        for sq in Square::all() {
            assert_eq!(m.has(sq), b.has(sq.tile_mate()));
        }
        let u = Unit::from_coords(4, 3).unwrap();
        let full = Bb::unit(u);
        assert_eq!(full.nib(u), 0xF);
        assert_eq!(full.full_units().first(), Some(u.lower_left()));
        assert_eq!((!Bb::EMPTY).count(), 288);
    }
}
