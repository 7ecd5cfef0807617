//! Geometry: attack tables built at compile time with the kit's `const_table!`, ray
//! attacks for the sliding pieces, and the Zobrist keys.

use crate::types::{Role, Square};
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

/// The squares a slider attacks from `sq` along direction `dir` given the occupied
/// squares: the ray up to and including its first blocker (what the magic tables hold).
#[inline]
fn ray_attacks(sq: usize, dir: usize, occupied: u64) -> u64 {
    let ray = RAYS[dir][sq];
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

/// The attacks of a slider moving along `dirs` (four of [`DIRS`]) by following its rays:
/// what fills the magic tables, and their reference in the tests.
fn slide(sq: usize, dirs: std::ops::Range<usize>, occupied: u64) -> u64 {
    dirs.fold(0, |m, d| m | ray_attacks(sq, d, occupied))
}

/// The squares of a slider's rays from `sq` whose occupancy matters: each ray less its
/// last square (a blocker there changes nothing).
const fn relevant(sq: usize, first_dir: usize) -> u64 {
    let mut m = 0;
    let mut d = first_dir;
    while d < first_dir + 4 {
        // `ray` rather than `RAYS`: a `const fn` reads no `static` before Rust 1.83.
        let r = ray(sq, d);
        // The ray's last square: the farthest from `sq` (highest index on rising rays).
        let last = if r == 0 {
            0
        } else if matches!(d, 0 | 1 | 4 | 5) {
            1u64 << (63 - r.leading_zeros())
        } else {
            1u64 << r.trailing_zeros()
        };
        m |= r & !last;
        d += 1;
    }
    m
}

/// Fancy magic bitboards: per square, the relevant occupancy times a magic number, shifted,
/// indexes that square's part of one table of attacks (no two occupancies with different
/// attacks meet). The magic numbers were found by a search over sparse random numbers.
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

/// The magic entries of the rook (0) and bishop (1), and their shared table. Code that
/// looks up many attacks takes it once ([`sliders`]) and asks it directly
/// ([`Sliders::rook`], [`Sliders::bishop`]), rather than through [`rook`] and [`bishop`],
/// each of which checks that the table is built.
pub(crate) struct Sliders {
    magics: [[Magic; 64]; 2],
    table: Vec<u64>,
}

impl Sliders {
    fn build() -> Sliders {
        let mut table = Vec::new();
        let magics = [0, 1].map(|kind| {
            let numbers = if kind == 0 {
                &ROOK_MAGICS
            } else {
                &BISHOP_MAGICS
            };
            std::array::from_fn(|sq| {
                let mask = relevant(sq, 4 * kind);
                let bits = mask.count_ones();
                let m = Magic {
                    mask,
                    magic: numbers[sq],
                    shift: 64 - bits,
                    offset: table.len(),
                };
                table.resize(table.len() + (1 << bits), 0);
                // Every subset of the mask (Carry-Rippler), with its attacks.
                let mut occ = 0u64;
                loop {
                    table[m.index(occ)] = slide(sq, 4 * kind..4 * kind + 4, occ);
                    occ = occ.wrapping_sub(mask) & mask;
                    if occ == 0 {
                        break;
                    }
                }
                m
            })
        });
        Sliders { magics, table }
    }
}

impl Magic {
    #[inline(always)]
    fn index(&self, occupied: u64) -> usize {
        self.offset + ((occupied & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

static SLIDERS: std::sync::LazyLock<Sliders> = std::sync::LazyLock::new(Sliders::build);

/// The magic tables (built on first use).
#[inline]
pub(crate) fn sliders() -> &'static Sliders {
    &SLIDERS
}

impl Sliders {
    /// The squares a slider of `kind` (0 rook, 1 bishop) on square `s` attacks given the
    /// occupied squares.
    #[inline(always)]
    fn attacks(&self, kind: usize, s: usize, occupied: u64) -> u64 {
        let m = &self.magics[kind & 1][s & 63];
        self.table[m.index(occupied)]
    }

    /// The squares a rook on square `s` attacks given the occupied squares.
    #[inline(always)]
    pub(crate) fn rook(&self, s: usize, occupied: u64) -> u64 {
        self.attacks(0, s, occupied)
    }

    /// The squares a bishop on square `s` attacks given the occupied squares.
    #[inline(always)]
    pub(crate) fn bishop(&self, s: usize, occupied: u64) -> u64 {
        self.attacks(1, s, occupied)
    }

    /// The squares a knight, bishop, rook or queen (`role`; any other role is taken for a
    /// queen) on square `s` attacks given the occupied squares.
    #[inline(always)]
    pub(crate) fn piece(&self, role: Role, s: usize, occupied: u64) -> u64 {
        match role {
            Role::Knight => u64::from(knight(sq(s))),
            Role::Bishop => self.bishop(s, occupied),
            Role::Rook => self.rook(s, occupied),
            _ => self.rook(s, occupied) | self.bishop(s, occupied),
        }
    }
}

/// Iterates over the squares of a bit set, lowest first.
#[inline(always)]
pub(crate) fn squares(mut bits: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let s = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            s
        })
    })
}

#[inline(always)]
fn magic_attacks(kind: usize, sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard::from(sliders().attacks(kind, sq.index(), u64::from(occupied)))
}

/// The rook's and the bishop's squares on an empty board, by square.
static EMPTY_BOARD: [[u64; 64]; 2] = [
    const_table!(0; 64, |i| RAYS[0][i] | RAYS[1][i] | RAYS[2][i] | RAYS[3][i]),
    const_table!(0; 64, |i| RAYS[4][i] | RAYS[5][i] | RAYS[6][i] | RAYS[7][i]),
];

/// The squares a rook on `sq` attacks on an empty board.
#[inline]
pub fn rook_lines(sq: Square) -> Bitboard {
    Bitboard::from(EMPTY_BOARD[0][sq.index()])
}

/// The squares a bishop on `sq` attacks on an empty board.
#[inline]
pub fn bishop_lines(sq: Square) -> Bitboard {
    Bitboard::from(EMPTY_BOARD[1][sq.index()])
}

/// The squares a rook on `sq` attacks given the occupied squares.
#[inline]
pub fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_attacks(0, sq, occupied)
}

/// The squares a bishop on `sq` attacks given the occupied squares.
#[inline]
pub fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_attacks(1, sq, occupied)
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

/// The rooks' magic numbers, by square.
const ROOK_MAGICS: [u64; 64] = [
    0x1080004008801020,
    0x0840092002c03000,
    0x1900200010400900,
    0x0880100008000480,
    0x4200100420080200,
    0x8100020100080400,
    0x0200040110886200,
    0x0200008040220411,
    0x0404800084400220,
    0x0000401000402000,
    0x0086001081220440,
    0x0408800800100280,
    0x000a001201040820,
    0x8848800200840080,
    0x4001000100040200,
    0x0442000102105084,
    0x9080010020804100,
    0x0040404000201009,
    0x0000808010002009,
    0x2200090021d00100,
    0x0008008008040080,
    0x0004004002010040,
    0x0011040008015042,
    0x00000a0001768104,
    0x0000800080204009,
    0x2010004140002001,
    0x9800200280100080,
    0x1000100080080080,
    0x0442000a00049020,
    0x2100040080020080,
    0x0800120400900148,
    0x0010040a00128541,
    0x2800804000800030,
    0x1010002000400041,
    0x4000200011004100,
    0x0610008410800800,
    0x0400802402800800,
    0xc100020080800400,
    0x0002000802000401,
    0x0182085882000401,
    0x0220204000808000,
    0x2860100040024022,
    0x0001002004110040,
    0x99101042000a0020,
    0x0004080004008080,
    0x0010040002008080,
    0x2012004881020004,
    0x8300842444820011,
    0x0088403882010200,
    0x0820400080210100,
    0x0110910040a00300,
    0x0801100280080480,
    0x0242009008200600,
    0x1002000489500200,
    0x0040800200010080,
    0x0091800041000080,
    0x0000209300488001,
    0x04c1002414824001,
    0x020020000b001041,
    0x7000100004200901,
    0x8002002004100802,
    0x30010002084c0007,
    0x0888221800813004,
    0x4000002840840112,
];
/// The bishops' magic numbers, by square.
const BISHOP_MAGICS: [u64; 64] = [
    0xa010041108003100,
    0x006082020a002900,
    0x6810010619200000,
    0x08281a0520000408,
    0x0001104001000400,
    0x0018901008048400,
    0x00040a0210245280,
    0x000200210808a402,
    0x9140048410821200,
    0x0800091010820041,
    0x20504804832202c0,
    0x0100091401081000,
    0x8021011140000012,
    0x0810020804450400,
    0x208b0542109008a2,
    0x0080084a08040204,
    0x0040e2a80811244c,
    0x2505022008008108,
    0x0430220100420040,
    0x010a040420220040,
    0x1105000290400000,
    0x0093001200822120,
    0x4000a62048043004,
    0x280120048a015004,
    0x006090002a020814,
    0x44042000240800d0,
    0x01102800040a4400,
    0x1004080080220040,
    0x0001001011004024,
    0x0010044000805040,
    0x0914041200820100,
    0x0004821012821480,
    0x0024040500c05021,
    0x0088611002080200,
    0x0116080a00040020,
    0x4000020080080080,
    0x2450450140840040,
    0x0000880201484100,
    0x0222020404020092,
    0x8081110600002e00,
    0x2842101105000801,
    0x1100809008001025,
    0x00020202221c0400,
    0x0422014022009020,
    0x0210046102100c00,
    0xc004008082029102,
    0x00aa461801101200,
    0x0404080080201108,
    0x020542108c205002,
    0x0410544804100100,
    0x0040910841100000,
    0x0400200042021100,
    0x00004204850400c0,
    0x0200100410a42102,
    0x1040020801210102,
    0x0805040410420000,
    0x2884804130100200,
    0x800c262201242000,
    0x1058000194108800,
    0x0014221054420204,
    0x0104000012a02200,
    0x0200881003300100,
    0x0140400202840100,
    0x0402020801010201,
];

#[cfg(test)]
mod tests {
    use super::*;

    /// The magic tables give the attacks found by following the rays, for every square
    /// and many occupancies (random ones, sparse and dense, and every subset of a mask).
    #[test]
    fn magic_attacks_follow_the_rays() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for s in 0..64 {
            let mut occupancies = vec![0, u64::MAX];
            for _ in 0..300 {
                let (a, b, c) = (next(), next(), next());
                occupancies.extend([a, a & b, a & b & c, a | b]);
            }
            for occ in occupancies {
                let o = Bitboard::from(occ);
                assert_eq!(
                    u64::from(rook(sq(s), o)),
                    slide(s, 0..4, occ),
                    "{s} {occ:x}"
                );
                assert_eq!(
                    u64::from(bishop(sq(s), o)),
                    slide(s, 4..8, occ),
                    "{s} {occ:x}"
                );
            }
            assert_eq!(rook_lines(sq(s)), rook(sq(s), Bitboard::EMPTY));
            assert_eq!(bishop_lines(sq(s)), bishop(sq(s), Bitboard::EMPTY));
        }
    }
}
