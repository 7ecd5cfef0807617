//! Geometry: attack tables built at compile time with the kit's `const_table!`, ray
//! attacks for the sliding pieces, and the Zobrist keys.

use crate::types::Square;
use chimera_kit::zobrist::ZobristTable;
use chimera_kit::{const_table, BitSet};

/// A set of squares.
pub type Bitboard = BitSet<1>;

/// The eight directions as (file, rank) steps: the four rook directions, then the four
/// bishop directions. Directions 0, 1, 4, 5 go towards higher square indices.
const DIRS: [(i8, i8); 8] = [
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];

const fn step_mask(sq: usize, steps: &[(i8, i8)]) -> u64 {
    let (f, r) = ((sq % 8) as i8, (sq / 8) as i8);
    let mut m = 0u64;
    let mut k = 0;
    while k < steps.len() {
        let (nf, nr) = (f + steps[k].0, r + steps[k].1);
        if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
            m |= 1 << (nr * 8 + nf);
        }
        k += 1;
    }
    m
}

const fn ray(sq: usize, dir: usize) -> u64 {
    let (mut f, mut r) = ((sq % 8) as i8, (sq / 8) as i8);
    let mut m = 0u64;
    loop {
        f += DIRS[dir].0;
        r += DIRS[dir].1;
        if f < 0 || f >= 8 || r < 0 || r >= 8 {
            return m;
        }
        m |= 1 << (r * 8 + f);
    }
}

static KNIGHT: [u64; 64] = const_table!(0; 64, |i| step_mask(i, &chimera_kit::steps::KNIGHT));
static KING: [u64; 64] = const_table!(0; 64, |i| step_mask(i, &DIRS));
/// Squares a pawn of each colour attacks from a square.
static PAWN: [[u64; 64]; 2] = [
    const_table!(0; 64, |i| step_mask(i, &[(-1, 1), (1, 1)])),
    const_table!(0; 64, |i| step_mask(i, &[(-1, -1), (1, -1)])),
];
static RAYS: [[u64; 64]; 8] = const_table!([0; 64]; 8, |d| const_table!(0; 64, |i| ray(i, d)));

/// The knight's squares from `sq`.
#[inline]
pub fn knight(sq: Square) -> Bitboard {
    Bitboard::from(KNIGHT[sq.index()])
}

/// The king's squares from `sq`.
#[inline]
pub fn king(sq: Square) -> Bitboard {
    Bitboard::from(KING[sq.index()])
}

/// The squares a pawn of colour `color` (index) attacks from `sq`.
#[inline]
pub fn pawn_attacks(color: usize, sq: Square) -> Bitboard {
    Bitboard::from(PAWN[color][sq.index()])
}

#[inline]
fn ray_attacks(sq: Square, dir: usize, occupied: u64) -> u64 {
    let ray = RAYS[dir][sq.index()];
    let blockers = ray & occupied;
    if blockers == 0 {
        return ray;
    }
    let first = if matches!(dir, 0 | 1 | 4 | 5) {
        blockers.trailing_zeros()
    } else {
        63 - blockers.leading_zeros()
    };
    ray ^ RAYS[dir][first as usize]
}

/// The squares a rook on `sq` attacks given the occupied squares.
#[inline]
pub fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
    let occ = u64::from(occupied);
    Bitboard::from((0..4).fold(0, |m, d| m | ray_attacks(sq, d, occ)))
}

/// The squares a bishop on `sq` attacks given the occupied squares.
#[inline]
pub fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
    let occ = u64::from(occupied);
    Bitboard::from((4..8).fold(0, |m, d| m | ray_attacks(sq, d, occ)))
}

/// The squares strictly between `a` and `b` if they share a line, else none.
pub fn between(a: Square, b: Square) -> Bitboard {
    for rays in &RAYS {
        let (ra, rb) = (rays[a.index()], rays[b.index()]);
        if ra & (1 << b.index()) != 0 {
            return Bitboard::from(ra & !rb & !(1 << b.index()));
        }
    }
    Bitboard::EMPTY
}

/// The squares from `a` (excluded) in the direction of `b` to the edge of the board, if
/// they share a line, else none.
pub fn ray_through(a: Square, b: Square) -> Bitboard {
    for rays in &RAYS {
        let ra = rays[a.index()];
        if ra & (1 << b.index()) != 0 {
            return Bitboard::from(ra);
        }
    }
    Bitboard::EMPTY
}

/// The square with this index (from a bit set of squares, always below 64).
#[inline]
pub fn sq(index: usize) -> Square {
    Square::wrap(index)
}

/// Key layout: 12 × 64 piece keys, 16 castling-rights keys, 8 en-passant file keys, the
/// side to move.
pub const KEY_COUNT: usize = 12 * 64 + 16 + 8 + 1;
/// The Zobrist keys, seeded by the variant's name.
pub static KEYS: ZobristTable<KEY_COUNT> = ZobristTable::for_variant("chess");

/// The key of a piece (colour index, role index) on a square.
#[inline]
pub fn piece_key(color: usize, role: usize, sq: Square) -> u64 {
    KEYS.key((color * 6 + role) * 64 + sq.index())
}

/// The key of a set of castling rights (4 bits).
#[inline]
pub fn castling_key(rights: u8) -> u64 {
    KEYS.key(12 * 64 + (rights & 15) as usize)
}

/// The key of an en-passant file.
#[inline]
pub fn ep_key(file: u8) -> u64 {
    KEYS.key(12 * 64 + 16 + (file & 7) as usize)
}

/// The key of Black to move.
#[inline]
pub fn side_key() -> u64 {
    KEYS.key(KEY_COUNT - 1)
}
