//! Board geometry: cells, the 26 directions, 512-bit cell sets, and the precomputed
//! neighbour, leap, ray and Zobrist tables.
//!
//! A cell's index is `64 * level + 8 * rank + file` (Aa1 = 0, Ah1 = 7, Aa8 = 56, Ba1 = 64,
//! Hh8 = 511); the eight indices of the hole are never cells. A [`CellSet`] is one `u64` per
//! level with bit `8 * rank + file`.

use chimera_kit::BitSet;
use std::fmt;
use std::sync::OnceLock;

/// Number of cell indices (the 8×8×8 cube, hole included).
pub(crate) const INDICES: usize = 512;

/// Whether (file, rank, level) lies in the 2×2×2 hole (`Dd4 Dd5 De4 De5 Ed4 Ed5 Ee4 Ee5`).
#[inline]
pub(crate) const fn is_hole(file: u8, rank: u8, level: u8) -> bool {
    (file == 3 || file == 4) && (rank == 3 || rank == 4) && (level == 3 || level == 4)
}

/// One of the 504 cells of the board, named level–file–rank: `Ae1`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u16);

impl Cell {
    /// The cell at `file` (0 = a … 7 = h), `rank` (0 = rank 1 … 7 = rank 8) and `level`
    /// (0 = A … 7 = H); `None` off the cube or in the hole.
    #[inline]
    pub const fn new(file: u8, rank: u8, level: u8) -> Option<Cell> {
        if file < 8 && rank < 8 && level < 8 && !is_hole(file, rank, level) {
            Some(Cell(level as u16 * 64 + rank as u16 * 8 + file as u16))
        } else {
            None
        }
    }

    /// The cell with this index (`64 * level + 8 * rank + file`), if it is one.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Cell> {
        if index < INDICES {
            Cell::new(
                (index & 7) as u8,
                ((index >> 3) & 7) as u8,
                (index >> 6) as u8,
            )
        } else {
            None
        }
    }

    /// A cell from an index known to be a cell.
    #[inline(always)]
    pub(crate) const fn at(index: usize) -> Cell {
        Cell(index as u16)
    }

    /// The index `64 * level + 8 * rank + file`.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (a) to 7 (h).
    #[inline]
    pub const fn file(self) -> u8 {
        (self.0 & 7) as u8
    }

    /// The rank, 0 (rank 1) to 7 (rank 8).
    #[inline]
    pub const fn rank(self) -> u8 {
        ((self.0 >> 3) & 7) as u8
    }

    /// The level, 0 (A) to 7 (H).
    #[inline]
    pub const fn level(self) -> u8 {
        (self.0 >> 6) as u8
    }

    /// The cell `(df, dr, dl)` away, if it is one.
    pub fn offset(self, df: i32, dr: i32, dl: i32) -> Option<Cell> {
        let f = i32::from(self.file()) + df;
        let r = i32::from(self.rank()) + dr;
        let l = i32::from(self.level()) + dl;
        if (0..8).contains(&f) && (0..8).contains(&r) && (0..8).contains(&l) {
            Cell::new(f as u8, r as u8, l as u8)
        } else {
            None
        }
    }

    /// Every cell, by index: Aa1, Ab1, …, Ah8, Ba1, …, Hh8.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..INDICES).filter_map(Cell::from_index)
    }

    /// Reads a cell name such as `Ae1` (level letter, file letter, rank digit; any case).
    pub fn parse(text: &str) -> Option<Cell> {
        let b = text.as_bytes();
        if b.len() != 3 {
            return None;
        }
        Cell::from_bytes(b[0], b[1], b[2])
    }

    /// The cell named by a level letter, a file letter and a rank digit (any case).
    pub(crate) fn from_bytes(level: u8, file: u8, rank: u8) -> Option<Cell> {
        let level = level.to_ascii_lowercase().wrapping_sub(b'a');
        let file = file.to_ascii_lowercase().wrapping_sub(b'a');
        let rank = rank.wrapping_sub(b'1');
        Cell::new(file, rank, level)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}{}",
            char::from(b'A' + self.level()),
            char::from(b'a' + self.file()),
            char::from(b'1' + self.rank())
        )
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A set of cells: 512 bits, one `u64` per level, bit `8 * rank + file` (the kit's
/// [`BitSet`] of eight words, with cells for members).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CellSet(pub(crate) BitSet<8>);

impl CellSet {
    /// The empty set.
    pub const EMPTY: CellSet = CellSet(BitSet::new());

    /// Whether `cell` is in the set.
    #[inline(always)]
    pub fn contains(&self, cell: Cell) -> bool {
        self.0.contains(cell.index())
    }

    /// Adds or removes `cell`.
    #[inline(always)]
    pub(crate) fn toggle(&mut self, cell: Cell) {
        self.0.toggle(cell.index());
    }

    /// Adds `cell`.
    #[inline(always)]
    pub fn insert(&mut self, cell: Cell) {
        self.0.insert(cell.index());
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The number of cells in the set.
    #[inline]
    pub fn len(&self) -> usize {
        self.0.count() as usize
    }

    /// The cells, by index.
    #[inline]
    pub fn iter(&self) -> CellIter {
        CellIter(self.0.iter())
    }

    /// The cells in both sets.
    #[inline(always)]
    pub fn and(&self, other: &CellSet) -> CellSet {
        CellSet(self.0 & other.0)
    }

    /// The cells of `self` not in `other`.
    #[inline(always)]
    pub fn and_not(&self, other: &CellSet) -> CellSet {
        CellSet(self.0 - other.0)
    }

    /// The cells with an index greater than `cell`'s.
    #[inline(always)]
    pub(crate) fn above(&self, cell: Cell) -> CellSet {
        CellSet(self.0 - BitSet::full_within(cell.index() + 1))
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl IntoIterator for &CellSet {
    type Item = Cell;
    type IntoIter = CellIter;
    fn into_iter(self) -> CellIter {
        self.iter()
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Self {
        let mut set = CellSet::EMPTY;
        for c in iter {
            set.insert(c);
        }
        set
    }
}

/// The cells of a [`CellSet`], by index.
#[derive(Clone, Debug)]
pub struct CellIter(chimera_kit::Iter<8>);

impl Iterator for CellIter {
    type Item = Cell;
    #[inline(always)]
    fn next(&mut self) -> Option<Cell> {
        self.0.next().map(Cell::at)
    }
}

/// The 26 directions (file, rank, level): orthogonal ones at indices 0..6, diagonal ones at
/// 6..18, triagonal ones at 18..26.
pub(crate) const DIRS: [[i8; 3]; 26] = {
    let mut out = [[0i8; 3]; 26];
    let mut n = 0;
    let mut nonzero = 1;
    while nonzero <= 3 {
        let mut code = 0;
        while code < 27 {
            let v = [
                (code % 3) as i8 - 1,
                ((code / 3) % 3) as i8 - 1,
                (code / 9) as i8 - 1,
            ];
            let nz = (v[0] != 0) as i32 + (v[1] != 0) as i32 + (v[2] != 0) as i32;
            if nz == nonzero {
                out[n] = v;
                n += 1;
            }
            code += 1;
        }
        nonzero += 1;
    }
    out
};

/// Orthogonal direction indices.
pub(crate) const ORTH: std::ops::Range<usize> = 0..6;
/// Diagonal direction indices.
pub(crate) const DIAG: std::ops::Range<usize> = 6..18;
/// Triagonal direction indices.
pub(crate) const TRIAG: std::ops::Range<usize> = 18..26;

/// The index of direction `(df, dr, dl)` (each −1, 0 or 1, not all 0).
pub(crate) const fn dir_index(df: i8, dr: i8, dl: i8) -> usize {
    let mut i = 0;
    while i < 26 {
        if DIRS[i][0] == df && DIRS[i][1] == dr && DIRS[i][2] == dl {
            return i;
        }
        i += 1;
    }
    panic!("not a direction")
}

/// The index step of each direction.
pub(crate) const DELTA: [i16; 26] = {
    let mut out = [0i16; 26];
    let mut i = 0;
    while i < 26 {
        out[i] = DIRS[i][0] as i16 + 8 * DIRS[i][1] as i16 + 64 * DIRS[i][2] as i16;
        i += 1;
    }
    out
};

/// Precomputed geometry.
pub(crate) struct Tables {
    /// How many steps a slide from a cell in a direction can take before the edge or the hole.
    pub ray_len: [[u8; 26]; INDICES],
    /// The 26-neighbourhood of each cell.
    pub neigh: [CellSet; INDICES],
    /// Knight leaps (2,1,0)-type from each cell (up to 24), then their count.
    pub knight: [[u16; 24]; INDICES],
    pub knight_len: [u8; INDICES],
    /// Knight double leaps (4,2,0)-type from each cell: (first landing, target), then count.
    pub double: [[(u16, u16); 24]; INDICES],
    pub double_len: [u8; INDICES],
}

/// The 24 (2,1,0)-type vectors.
pub(crate) fn knight_vectors() -> Vec<[i32; 3]> {
    let mut out = Vec::new();
    for a in 0..3 {
        for b in 0..3 {
            if a == b {
                continue;
            }
            for sa in [-2, 2] {
                for sb in [-1, 1] {
                    let mut v = [0; 3];
                    v[a] = sa;
                    v[b] = sb;
                    out.push(v);
                }
            }
        }
    }
    out
}

fn build() -> Box<Tables> {
    let mut t = Box::new(Tables {
        ray_len: [[0; 26]; INDICES],
        neigh: [CellSet::EMPTY; INDICES],
        knight: [[0; 24]; INDICES],
        knight_len: [0; INDICES],
        double: [[(0, 0); 24]; INDICES],
        double_len: [0; INDICES],
    });
    let knights = knight_vectors();
    for cell in Cell::all() {
        let i = cell.index();
        for (d, v) in DIRS.iter().enumerate() {
            let (df, dr, dl) = (i32::from(v[0]), i32::from(v[1]), i32::from(v[2]));
            let mut n = 0;
            while cell
                .offset(df * (n + 1), dr * (n + 1), dl * (n + 1))
                .is_some()
            {
                n += 1;
            }
            t.ray_len[i][d] = n as u8;
            if let Some(nb) = cell.offset(df, dr, dl) {
                t.neigh[i].insert(nb);
            }
        }
        for v in &knights {
            if let Some(to) = cell.offset(v[0], v[1], v[2]) {
                let k = t.knight_len[i] as usize;
                t.knight[i][k] = to.0;
                t.knight_len[i] += 1;
                if let Some(far) = cell.offset(2 * v[0], 2 * v[1], 2 * v[2]) {
                    let k = t.double_len[i] as usize;
                    t.double[i][k] = (to.0, far.0);
                    t.double_len[i] += 1;
                }
            }
        }
    }
    t
}

/// The tables, computed on first use.
#[inline(always)]
pub(crate) fn tables() -> &'static Tables {
    static TABLES: OnceLock<Box<Tables>> = OnceLock::new();
    TABLES.get_or_init(build)
}

use chimera_core::zobrist::splitmix64 as splitmix;

/// Zobrist keys: `ZOBRIST[code - 1][index]` for each of the 14 coloured pieces.
pub(crate) static ZOBRIST: [[u64; INDICES]; 14] = {
    let mut out = [[0u64; INDICES]; 14];
    let mut p = 0;
    while p < 14 {
        let mut i = 0;
        while i < INDICES {
            out[p][i] = splitmix(0x7472_6961_0000_0000 ^ ((p as u64) << 16) ^ i as u64);
            i += 1;
        }
        p += 1;
    }
    out
};

/// The key of Black to move.
pub(crate) const ZOBRIST_BLACK: u64 = splitmix(0x5349_4445);

/// The key of `count` Jacks in the hand of colour index `c` (0 when the hand is empty).
#[inline]
pub(crate) const fn hand_key(c: usize, count: u16) -> u64 {
    if count == 0 {
        0
    } else {
        splitmix(0x4841_4e44_0000_0000 ^ ((c as u64) << 20) ^ count as u64)
    }
}

/// The key of an en-passant cell (the skipped cell and the pawn that can be taken).
#[inline]
pub(crate) const fn ep_key(skipped: u16, victim: u16) -> u64 {
    splitmix(0x4550_0000_0000_0000 ^ ((skipped as u64) << 16) ^ victim as u64)
}
