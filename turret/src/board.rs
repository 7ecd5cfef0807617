//! The Gustavian board: cells, bitboards and precomputed tables.
//!
//! Cells are numbered `rank * 10 + file` (`a1` = 0, `j1` = 9, `a8` = 70, `j8` = 79) and a
//! set of cells is a [`Bitboard`] over a `u128`. The twelve cells `a2`–`a7` and `j2`–`j7` do
//! not exist: no table ever leads onto them.

use std::fmt;

/// The number of files (`a`–`j`).
pub const FILES: u8 = 10;
/// The number of ranks (`1`–`8`).
pub const RANKS: u8 = 8;

/// A cell of the 10 × 8 grid, numbered `rank * 10 + file`. Only the 68 cells of
/// [`Bitboard::BOARD`] exist on the board; [`Cell::new`] refuses the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cell(u8);

impl Cell {
    /// The cell at `file` (0 = `a` … 9 = `j`) and `rank` (0 = `1` … 7 = `8`), if it exists.
    pub const fn new(file: u8, rank: u8) -> Option<Cell> {
        if file < FILES && rank < RANKS && exists(file, rank) {
            Some(Cell(rank * 10 + file))
        } else {
            None
        }
    }

    /// The cell with this index (`rank * 10 + file`), if it exists.
    pub const fn from_index(index: u8) -> Option<Cell> {
        if index < 80 {
            Cell::new(index % 10, index / 10)
        } else {
            None
        }
    }

    /// Internal: a cell index known to be valid.
    #[inline]
    pub(crate) const fn from_index_unchecked(index: u8) -> Cell {
        Cell(index)
    }

    /// The index `rank * 10 + file`.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The file, 0 (`a`) to 9 (`j`).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % 10
    }

    /// The rank, 0 (`1`) to 7 (`8`).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / 10
    }

    /// The set holding only this cell.
    #[inline]
    pub const fn bb(self) -> Bitboard {
        Bitboard(1u128 << self.0)
    }

    /// Reads a cell name such as `e4` or `j8` (lower or upper case).
    pub fn parse(text: &str) -> Option<Cell> {
        let b = text.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let f = b[0].to_ascii_lowercase();
        if !(b'a'..=b'j').contains(&f) || !(b'1'..=b'8').contains(&b[1]) {
            return None;
        }
        Cell::new(f - b'a', b[1] - b'1')
    }

    /// The file letter, `a`–`j`.
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// The rank digit, `1`–`8`.
    pub const fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }

    /// The neighbouring cell one step in `dir`, if it exists.
    #[inline]
    pub fn step(self, dir: Dir) -> Option<Cell> {
        let t = STEP[dir as usize][self.0 as usize];
        (t != NONE).then_some(Cell(t))
    }

    /// Every existing cell, `a1` first, rank by rank.
    pub fn all() -> impl Iterator<Item = Cell> {
        Bitboard::BOARD.into_iter()
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

const fn exists(file: u8, rank: u8) -> bool {
    !((file == 0 || file == 9) && rank >= 1 && rank <= 6)
}

/// A set of cells, one bit per cell index.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Bitboard(pub u128);

impl Bitboard {
    /// No cell.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// The 68 existing cells.
    pub const BOARD: Bitboard = Bitboard(board_mask());

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds `cell`.
    #[inline]
    pub const fn contains(self, cell: Cell) -> bool {
        self.0 >> cell.0 & 1 != 0
    }

    /// The number of cells in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest-numbered cell, if any.
    #[inline]
    pub const fn first(self) -> Option<Cell> {
        if self.0 == 0 {
            None
        } else {
            Some(Cell(self.0.trailing_zeros() as u8))
        }
    }

    /// The highest-numbered cell, if any.
    #[inline]
    pub const fn last(self) -> Option<Cell> {
        if self.0 == 0 {
            None
        } else {
            Some(Cell(127 - self.0.leading_zeros() as u8))
        }
    }
}

impl std::ops::BitOr for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitor(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 | o.0)
    }
}
impl std::ops::BitAnd for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitand(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 & o.0)
    }
}
impl std::ops::BitXor for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitxor(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 ^ o.0)
    }
}
impl std::ops::Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & board_mask())
    }
}
impl std::ops::BitOrAssign for Bitboard {
    #[inline]
    fn bitor_assign(&mut self, o: Bitboard) {
        self.0 |= o.0;
    }
}
impl std::ops::BitAndAssign for Bitboard {
    #[inline]
    fn bitand_assign(&mut self, o: Bitboard) {
        self.0 &= o.0;
    }
}
impl std::ops::BitXorAssign for Bitboard {
    #[inline]
    fn bitxor_assign(&mut self, o: Bitboard) {
        self.0 ^= o.0;
    }
}

/// Iterates over the cells of a set, lowest index first.
#[derive(Clone, Debug)]
pub struct Cells(u128);

impl Iterator for Cells {
    type Item = Cell;
    #[inline]
    fn next(&mut self) -> Option<Cell> {
        if self.0 == 0 {
            None
        } else {
            let i = self.0.trailing_zeros() as u8;
            self.0 &= self.0 - 1;
            Some(Cell(i))
        }
    }
}

impl IntoIterator for Bitboard {
    type Item = Cell;
    type IntoIter = Cells;
    #[inline]
    fn into_iter(self) -> Cells {
        Cells(self.0)
    }
}

/// One of the eight queen directions. The first four increase the cell index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Towards rank 8 (+10).
    N = 0,
    /// Towards file j (+1).
    E = 1,
    /// Towards j8 (+11).
    NE = 2,
    /// Towards a8 (+9).
    NW = 3,
    /// Towards rank 1 (−10).
    S = 4,
    /// Towards file a (−1).
    W = 5,
    /// Towards a1 (−11).
    SW = 6,
    /// Towards j1 (−9).
    SE = 7,
}

impl Dir {
    /// All eight directions.
    pub const ALL: [Dir; 8] = [
        Dir::N,
        Dir::E,
        Dir::NE,
        Dir::NW,
        Dir::S,
        Dir::W,
        Dir::SW,
        Dir::SE,
    ];

    /// The opposite direction.
    #[inline]
    pub const fn opposite(self) -> Dir {
        Dir::ALL[(self as usize + 4) & 7]
    }

    /// Whether the direction is along a file or rank.
    #[inline]
    pub const fn is_orthogonal(self) -> bool {
        matches!(self, Dir::N | Dir::E | Dir::S | Dir::W)
    }

    /// (file step, rank step).
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::N => (0, 1),
            Dir::E => (1, 0),
            Dir::NE => (1, 1),
            Dir::NW => (-1, 1),
            Dir::S => (0, -1),
            Dir::W => (-1, 0),
            Dir::SW => (-1, -1),
            Dir::SE => (1, -1),
        }
    }
}

pub(crate) const NONE: u8 = 0xFF;

const fn board_mask() -> u128 {
    let mut m = 0u128;
    let mut i = 0u8;
    while i < 80 {
        if exists(i % 10, i / 10) {
            m |= 1u128 << i;
        }
        i += 1;
    }
    m
}

const fn offset(index: u8, df: i8, dr: i8) -> u8 {
    let f = (index % 10) as i8 + df;
    let r = (index / 10) as i8 + dr;
    if f < 0 || f >= 10 || r < 0 || r >= 8 {
        return NONE;
    }
    if !exists(f as u8, r as u8) {
        return NONE;
    }
    (r * 10 + f) as u8
}

const fn dir_delta(d: usize) -> (i8, i8) {
    Dir::ALL[d].delta()
}

const fn make_step() -> [[u8; 80]; 8] {
    let mut t = [[NONE; 80]; 8];
    let mut d = 0;
    while d < 8 {
        let (df, dr) = dir_delta(d);
        let mut i = 0u8;
        while i < 80 {
            if exists(i % 10, i / 10) {
                t[d][i as usize] = offset(i, df, dr);
            }
            i += 1;
        }
        d += 1;
    }
    t
}

/// Rider rays for a leap vector: all cells `s + k·v` for k ≥ 1 until the grid ends or a
/// missing cell is met.
const fn make_rays(vectors: &[(i8, i8)]) -> [[u128; 80]; 8] {
    let mut t = [[0u128; 80]; 8];
    let mut d = 0;
    while d < vectors.len() {
        let (df, dr) = vectors[d];
        let mut i = 0u8;
        while i < 80 {
            if exists(i % 10, i / 10) {
                let mut m = 0u128;
                let mut c = offset(i, df, dr);
                while c != NONE {
                    m |= 1u128 << c;
                    c = offset(c, df, dr);
                }
                t[d][i as usize] = m;
            }
            i += 1;
        }
        d += 1;
    }
    t
}

const fn make_leaps(vectors: &[(i8, i8)]) -> [u128; 80] {
    let mut t = [0u128; 80];
    let mut i = 0u8;
    while i < 80 {
        if exists(i % 10, i / 10) {
            let mut m = 0u128;
            let mut v = 0;
            while v < vectors.len() {
                let c = offset(i, vectors[v].0, vectors[v].1);
                if c != NONE {
                    m |= 1u128 << c;
                }
                v += 1;
            }
            t[i as usize] = m;
        }
        i += 1;
    }
    t
}

const QUEEN_VECTORS: [(i8, i8); 8] = [
    (0, 1),
    (1, 0),
    (1, 1),
    (-1, 1),
    (0, -1),
    (-1, 0),
    (-1, -1),
    (1, -1),
];
/// Camel (1,3) vectors, the first four increasing the index.
pub(crate) const CAMEL_VECTORS: [(i8, i8); 8] = [
    (1, 3),
    (-1, 3),
    (3, 1),
    (-3, 1),
    (-1, -3),
    (1, -3),
    (-3, -1),
    (3, -1),
];

/// `STEP[dir][cell]`: the neighbour in that direction, or `NONE`.
pub(crate) static STEP: [[u8; 80]; 8] = make_step();
/// `RAYS[dir][cell]`: the cells from `cell` (exclusive) in that direction.
pub(crate) static RAYS: [[u128; 80]; 8] = QUEEN_RAYS;
/// [`RAYS`] as a constant, for the tables built from it at compile time (a `const fn` may
/// not read a `static` before Rust 1.83; the libraries' minimum is 1.80).
const QUEEN_RAYS: [[u128; 80]; 8] = make_rays(&QUEEN_VECTORS);
/// `CAMEL_RAYS[v][cell]`: the cells of repeated camel leaps along vector `v`.
pub(crate) static CAMEL_RAYS: [[u128; 80]; 8] = make_rays(&CAMEL_VECTORS);
/// Single camel leaps.
pub(crate) static CAMEL: [u128; 80] = make_leaps(&CAMEL_VECTORS);
/// Knight leaps.
pub(crate) static KNIGHT: [u128; 80] = make_leaps(&chimera_kit::steps::KNIGHT);
/// King steps.
pub(crate) static KING: [u128; 80] = make_leaps(&QUEEN_VECTORS);
/// `PAWN_ATTACKS[colour][cell]`: the cells a pawn of that colour attacks.
pub(crate) static PAWN_ATTACKS: [[u128; 80]; 2] = [
    make_leaps(&[(-1, 1), (1, 1)]),
    make_leaps(&[(-1, -1), (1, -1)]),
];

/// `RANK[r]`: the existing cells of rank `r` (0 = rank 1).
pub(crate) static RANK: [u128; 8] = {
    let mut t = [0u128; 8];
    let mut r = 0;
    while r < 8 {
        t[r] = board_mask() & (0x3FF << (10 * r));
        r += 1;
    }
    t
};

/// Every cell `d` leads to from a cell, over the directions `dirs`, as if the board were
/// empty: the lines a slider along those directions could attack the cell from.
const fn make_lines(dirs: [usize; 4]) -> [u128; 80] {
    let mut t = [0u128; 80];
    let mut i = 0;
    while i < 80 {
        let mut k = 0;
        while k < 4 {
            t[i] |= QUEEN_RAYS[dirs[k]][i];
            k += 1;
        }
        i += 1;
    }
    t
}

/// The orthogonal lines through each cell.
pub(crate) static ROOK_LINES: [u128; 80] = make_lines([0, 1, 4, 5]);
/// The diagonal lines through each cell.
pub(crate) static BISHOP_LINES: [u128; 80] = make_lines([2, 3, 6, 7]);

/// `LINE_DIR[a][b]`: the direction (index into [`Dir::ALL`]) of the line from `a` to `b`
/// when `b` is on one of `a`'s eight rays (else 0).
pub(crate) static LINE_DIR: [[u8; 80]; 80] = {
    let mut t = [[0u8; 80]; 80];
    let mut a = 0;
    while a < 80 {
        let mut d = 0;
        while d < 8 {
            let mut b = 0;
            while b < 80 {
                if QUEEN_RAYS[d][a] >> b & 1 != 0 {
                    t[a][b] = d as u8;
                }
                b += 1;
            }
            d += 1;
        }
        a += 1;
    }
    t
};

/// The first occupied cell of the ray from `from` in direction `d` (index 0–3 increase).
#[inline(always)]
pub(crate) fn first_blocker(d: usize, from: u8, occ: u128) -> Option<u8> {
    let b = RAYS[d][from as usize] & occ;
    if b == 0 {
        None
    } else if d < 4 {
        Some(b.trailing_zeros() as u8)
    } else {
        Some(127 - b.leading_zeros() as u8)
    }
}

/// Cells a rider along `rays` (directions `dirs`) attacks from `from` given `occ`.
///
/// Along a direction that increases the index the cells up to the lowest blocker `b` are
/// `b ^ (b - 1)` (every cell when there is none), without a branch or a bit scan (a
/// 128-bit scan is several instructions on baseline x86-64); along one that decreases it,
/// the ray beyond the highest blocker is cut off. (Branch-free there too, with `b | 1`,
/// measured 5 % more instructions in perft.)
#[inline(always)]
pub(crate) fn slide(rays: &[[u128; 80]; 8], d: usize, from: u8, occ: u128) -> u128 {
    let ray = rays[d][from as usize];
    let b = ray & occ;
    if d < 4 {
        ray & (b ^ b.wrapping_sub(1))
    } else if b == 0 {
        ray
    } else {
        let s = 127 - b.leading_zeros();
        ray & !(rays[d][s as usize])
    }
}

/// The cells a rider attacks from `from` along the directions `up` (which increase the
/// index) and `down` (which decrease it), given `occ`: the union of their [`slide`]s, with
/// half of the directions worked in one 64-bit word (issue 26). A ray that decreases from a
/// cell below 64 lies in the low word, and one that increases from a cell at 64 or above
/// lies in the high word: there a blocker is found by a 64-bit scan, not a 128-bit one.
#[inline(always)]
pub(crate) fn slides<const N: usize>(
    up: [usize; N],
    down: [usize; N],
    from: u8,
    occ: u128,
) -> u128 {
    let f = from as usize;
    let mut attacks = 0;
    if from < 64 {
        let occ_low = occ as u64;
        let mut low = 0u64;
        for d in down {
            let ray = RAYS[d][f] as u64;
            let b = ray & occ_low;
            low |= if b == 0 {
                ray
            } else {
                ray & !(RAYS[d][63 - b.leading_zeros() as usize] as u64)
            };
        }
        for d in up {
            attacks |= slide(&RAYS, d, from, occ);
        }
        attacks | u128::from(low)
    } else {
        let occ_high = (occ >> 64) as u64;
        let mut high = 0u64;
        for d in up {
            let ray = (RAYS[d][f] >> 64) as u64;
            let b = ray & occ_high;
            high |= ray & (b ^ b.wrapping_sub(1));
        }
        for d in down {
            attacks |= slide(&RAYS, d, from, occ);
        }
        attacks | u128::from(high) << 64
    }
}

/// Rook attacks (orthogonal slides) from `from`.
#[inline(always)]
pub(crate) fn rook_attacks(from: u8, occ: u128) -> u128 {
    slides([0, 1], [4, 5], from, occ)
}

/// Bishop attacks (diagonal slides) from `from`.
#[inline(always)]
pub(crate) fn bishop_attacks(from: u8, occ: u128) -> u128 {
    slides([2, 3], [6, 7], from, occ)
}

/// Queen attacks (the rook's and the bishop's) from `from`.
#[inline(always)]
pub(crate) fn queen_attacks(from: u8, occ: u128) -> u128 {
    slides([0, 1, 2, 3], [4, 5, 6, 7], from, occ)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The attacks of the directions `dirs` by [`slide`] alone.
    fn by_slides(dirs: &[usize], from: u8, occ: u128) -> u128 {
        dirs.iter().fold(0, |a, &d| a | slide(&RAYS, d, from, occ))
    }

    #[test]
    fn the_split_slides_are_the_slides() {
        let mut x = 0x2545_f491_4f6c_dd1d_9e37_79b9_7f4a_7c15_u128;
        for _ in 0..2_000 {
            // xorshift: pseudo-random occupancies, thinned to about a quarter of the cells.
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occ = x & x.rotate_left(41) & Bitboard::BOARD.0;
            for from in Bitboard::BOARD {
                let i = from.index();
                let occ = occ | 1 << i;
                assert_eq!(rook_attacks(i, occ), by_slides(&[0, 1, 4, 5], i, occ));
                assert_eq!(bishop_attacks(i, occ), by_slides(&[2, 3, 6, 7], i, occ));
                assert_eq!(
                    queen_attacks(i, occ),
                    by_slides(&[0, 1, 2, 3, 4, 5, 6, 7], i, occ)
                );
            }
        }
    }
}
