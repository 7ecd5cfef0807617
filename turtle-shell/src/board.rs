//! Geometry: cells, and the tables derived from [`crate::board_data`] at compile time
//! (rays along the link tables, pawn steps, Zobrist keys).

use crate::board_data as bd;
use std::fmt;

/// One of the 64 cells of the board, numbered 0–63 bottom to top (by centre), left to
/// right within a row of centres; see [`crate::board_data::NAMES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub struct Cell(u8);

impl Cell {
    /// All 64 cells in index order.
    pub const ALL: [Cell; 64] = {
        let mut all = [Cell(0); 64];
        let mut i = 0;
        while i < 64 {
            all[i] = Cell(i as u8);
            i += 1;
        }
        all
    };

    /// The cell with this index, if `index < 64`.
    #[inline]
    pub const fn new(index: u8) -> Option<Cell> {
        if index < 64 {
            Some(Cell(index))
        } else {
            None
        }
    }

    /// The cell of an index known to be below 64 (masked to 6 bits).
    #[inline]
    pub(crate) const fn of(index: usize) -> Cell {
        Cell((index & 63) as u8)
    }

    /// The cell's index, 0–63.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The cell as a one-bit mask of a 64-bit bitboard.
    #[inline]
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// The cell's name, upper case (`E1`).
    pub const fn name(self) -> &'static str {
        bd::NAMES[self.0 as usize]
    }

    /// Reads a cell name, case-insensitively (`e1`, `E1`); surrounding spaces are not
    /// allowed.
    pub fn from_name(name: &str) -> Option<Cell> {
        let b = name.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let (l, d) = (b[0].to_ascii_uppercase(), b[1]);
        bd::NAMES
            .iter()
            .position(|n| n.as_bytes() == [l, d])
            .map(|i| Cell(i as u8))
    }

    /// Whether the cell is a square (otherwise a triangle).
    pub const fn is_square(self) -> bool {
        bd::SQUARES & self.bit() != 0
    }

    /// The next cell along link table `table` (0–7 in the order of
    /// [`crate::board_data::LINK_NAMES`]: `e ep w wp n np s sp`), if any.
    pub fn step(self, table: usize) -> Option<Cell> {
        let next = *bd::LINKS.get(table)?.get(self.index())?;
        Cell::new(next)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl From<Cell> for String {
    fn from(c: Cell) -> String {
        c.name().to_string()
    }
}

impl TryFrom<String> for Cell {
    type Error = String;
    fn try_from(s: String) -> Result<Cell, String> {
        Cell::from_name(&s).ok_or_else(|| format!("unknown cell `{s}`"))
    }
}

/// The set bits of a bitboard as cell indices, lowest first.
#[inline(always)]
pub(crate) fn bits(set: u64) -> Bits {
    Bits(set)
}

/// The iterator of [`bits`]: one word, the lowest bit popped at each step (the kit's
/// `BitSet` iterator walks an array of words, which costs a loop more per cell here).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bits(u64);

impl Iterator for Bits {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

/// `RAYS[cell][table]`: every cell reached from `cell` by following `table` to its end.
pub(crate) const RAYS: [[u64; 8]; 64] = {
    let mut rays = [[0u64; 8]; 64];
    let mut c = 0;
    while c < 64 {
        let mut t = 0;
        while t < 8 {
            let mut mask = 0u64;
            let mut x = bd::LINKS[t][c];
            let mut guard = 0;
            while x != bd::NONE && guard < 64 {
                mask |= 1u64 << x;
                x = bd::LINKS[t][x as usize];
                guard += 1;
            }
            rays[c][t] = mask;
            t += 1;
        }
        c += 1;
    }
    rays
};

/// `DEPTH[table][cell]`: how many steps remain along `table` from `cell`. Along a ray the
/// depth strictly decreases, so the first piece met is the one of greatest depth.
pub(crate) const DEPTH: [[u8; 64]; 8] = {
    let mut depth = [[0u8; 64]; 8];
    let mut c = 0;
    while c < 64 {
        let mut t = 0;
        while t < 8 {
            depth[t][c] = RAYS[c][t].count_ones() as u8;
            t += 1;
        }
        c += 1;
    }
    depth
};

/// Every cell a rook could reach from each cell on an empty board.
pub(crate) const ROOK_REACH: [u64; 64] = {
    let mut reach = [0u64; 64];
    let mut c = 0;
    while c < 64 {
        let mut t = 0;
        while t < 8 {
            reach[c] |= RAYS[c][t];
            t += 1;
        }
        c += 1;
    }
    reach
};

/// `ROOK_STEPS[cell]`: the first cell along each table from `cell` (a rook's moves of one
/// step). A rook whose steps are all own pieces has no move: the move counter skips it
/// without looking its lines up (the usual case in the opening, where perft spends most).
pub(crate) const ROOK_STEPS: [u64; 64] = {
    let mut steps = [0u64; 64];
    let mut c = 0;
    while c < 64 {
        let mut t = 0;
        while t < 8 {
            if bd::LINKS[t][c] != bd::NONE {
                steps[c] |= 1u64 << bd::LINKS[t][c];
            }
            t += 1;
        }
        c += 1;
    }
    steps
};

const fn step_mask(c: usize, a: usize, b: usize) -> u64 {
    let mut m = 0;
    if bd::LINKS[a][c] != bd::NONE {
        m |= 1u64 << bd::LINKS[a][c];
    }
    if bd::LINKS[b][c] != bd::NONE {
        m |= 1u64 << bd::LINKS[b][c];
    }
    m
}

/// `PAWN_STEPS[colour][cell]`: where a pawn of that colour on `cell` may go (White: tables
/// `n`, `np`; Black: `s`, `sp`).
pub(crate) const PAWN_STEPS: [[u64; 64]; 2] = {
    let mut steps = [[0u64; 64]; 2];
    let mut c = 0;
    while c < 64 {
        steps[0][c] = step_mask(c, 4, 5);
        steps[1][c] = step_mask(c, 6, 7);
        c += 1;
    }
    steps
};

/// `PAWN_FROM[colour][cell]`: the cells from which a pawn of that colour reaches `cell`
/// (computed by brute force, not from the reverse tables).
pub(crate) const PAWN_FROM: [[u64; 64]; 2] = {
    let mut from = [[0u64; 64]; 2];
    let mut col = 0;
    while col < 2 {
        let mut p = 0;
        while p < 64 {
            let mut m = PAWN_STEPS[col][p];
            while m != 0 {
                let to = m.trailing_zeros() as usize;
                from[col][to] |= 1u64 << p;
                m &= m - 1;
            }
            p += 1;
        }
        col += 1;
    }
    from
};

// No cell is reached by more than two pawns of a colour (one by each of its two tables):
// perft's count of the pawns' moves relies on it (`piece_move_count`).
const _: () = {
    let mut col = 0;
    while col < 2 {
        let mut c = 0;
        while c < 64 {
            assert!(
                PAWN_FROM[col][c].count_ones() <= 2,
                "a cell three pawns reach"
            );
            c += 1;
        }
        col += 1;
    }
};

/// How far (in cell numbers) a pawn step may go: at most 9 up or down.
const MAX_PAWN_SHIFT: usize = 9;

/// `PAWN_SHIFTS[colour][table][d]`: the cells from which a pawn of that colour steps along
/// its table (0: `n` for White, `s` for Black; 1: `np`, `sp`) to the cell `d` numbers up
/// (White) or down (Black), unless the first table leads there too. The pawns' steps of a
/// colour are then a few shifts of masked boards, not a lookup per pawn: see
/// [`pawn_reach`].
pub(crate) const PAWN_SHIFTS: [[[u64; MAX_PAWN_SHIFT + 1]; 2]; 2] = {
    let mut shifts = [[[0u64; MAX_PAWN_SHIFT + 1]; 2]; 2];
    let mut col = 0;
    while col < 2 {
        let mut k = 0;
        while k < 2 {
            let t = 4 + 2 * col + k;
            let mut reached = 0u64;
            let mut c = 0;
            while c < 64 {
                let to = bd::LINKS[t][c];
                // A step along the second table to where the first leads too is one move.
                if to != bd::NONE && (k == 0 || bd::LINKS[t - 1][c] != to) {
                    let d = if col == 0 {
                        to as usize - c
                    } else {
                        c - to as usize
                    };
                    assert!(d >= 1 && d <= MAX_PAWN_SHIFT, "a pawn step too long");
                    // Each table reaches a cell from one cell at most: pawn_reach's
                    // "reached along both tables" is then "reached by two pawns".
                    assert!(reached & (1u64 << to) == 0, "a pawn table not one-to-one");
                    reached |= 1u64 << to;
                    shifts[col][k][d] |= 1u64 << c;
                }
                c += 1;
            }
            k += 1;
        }
        col += 1;
    }
    shifts
};

/// The cells the pawns `pawns` of colour `us` step to along each of the colour's two
/// tables (see [`PAWN_SHIFTS`]): their union is every cell a pawn reaches, their common
/// part the cells two pawns reach.
#[inline(always)]
pub(crate) fn pawn_reach(pawns: u64, us: usize) -> (u64, u64) {
    if us == 0 {
        pawn_reach_of::<0>(pawns)
    } else {
        pawn_reach_of::<1>(pawns)
    }
}

/// [`pawn_reach`] for colour `C` (a constant, so that the empty masks drop out).
#[inline(always)]
fn pawn_reach_of<const C: usize>(pawns: u64) -> (u64, u64) {
    let masks = &PAWN_SHIFTS[C];
    let mut reach = [0u64; 2];
    for (part, masks) in reach.iter_mut().zip(masks) {
        for (d, &mask) in masks.iter().enumerate() {
            let from = pawns & mask;
            *part |= if C == 0 { from << d } else { from >> d };
        }
    }
    (reach[0], reach[1])
}

/// Where each colour's pawns may promote.
pub(crate) const PROMOTION_ZONE: [u64; 2] = [bd::WHITE_PROMOTION, bd::BLACK_PROMOTION];
/// Where each colour's pawns must promote and its king wins (the opponent's end zone).
pub(crate) const END_ZONE: [u64; 2] = [bd::WHITE_END_ZONE, bd::BLACK_END_ZONE];

use chimera_core::zobrist::splitmix64_next as splitmix;

/// Zobrist keys `[colour][piece][cell]`: the kit's SplitMix64 key table from a fixed seed.
pub(crate) const ZOBRIST: [[[u64; 64]; 5]; 2] = chimera_kit::zobrist::keys3(0x7475_7274_6c65); // "turtle"

/// Zobrist key of "Black to move".
pub(crate) const ZOBRIST_BLACK: u64 = splitmix(0x0073_6865_6c6c).1;

/// Zobrist keys `[colour][piece − 5][cell]` of the pieces beyond the standard five (Marshal,
/// Vertical Mover, Guard-Knight), from a seed of their own so that the standard keys stay
/// as they were.
pub(crate) const ZOBRIST_EXTRA: [[[u64; 64]; 3]; 2] = chimera_kit::zobrist::keys3(0x6578_7472_6173); // "extras"

/// Zobrist keys `[colour][piece][count]` of the hands (option `drops`): a hand holding
/// `count` pieces of a kind adds its key (`count` 0 adds nothing; counts are below 64,
/// the number of cells).
pub(crate) const ZOBRIST_HAND: [[[u64; 64]; 8]; 2] = {
    let mut keys: [[[u64; 64]; 8]; 2] = chimera_kit::zobrist::keys3(0x0068_616e_6473); // "hands"
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 8 {
            keys[c][k][0] = 0;
            k += 1;
        }
        c += 1;
    }
    keys
};

/// Zobrist keys of "the rook on this cell is a promoted pawn" (option `drops`).
pub(crate) const ZOBRIST_PROMOTED: [u64; 64] =
    chimera_kit::zobrist::keys2::<1, 64>(0x0070_726f_6d6f)[0]; // "promo"

/// Every piece's Zobrist key in one table, `[colour][kind][cell]` for all eight kinds
/// ([`ZOBRIST`] for the standard five, [`ZOBRIST_EXTRA`] for the others): indexed by a kind
/// masked to 3 bits and a cell masked to 6 bits, a lookup needs no bounds check.
pub(crate) const PIECE_KEYS: [[[u64; 64]; 8]; 2] = {
    let mut keys = [[[0u64; 64]; 8]; 2];
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 8 {
            keys[c][k] = if k < 5 {
                ZOBRIST[c][k]
            } else {
                ZOBRIST_EXTRA[c][k - 5]
            };
            k += 1;
        }
        c += 1;
    }
    keys
};

/// The Zobrist key of a piece of kind `kind` (any of the eight) and colour `c` on `cell`.
#[inline]
pub(crate) const fn piece_key(c: usize, kind: usize, cell: usize) -> u64 {
    if kind < 5 {
        ZOBRIST[c][kind][cell]
    } else {
        ZOBRIST_EXTRA[c][kind - 5][cell]
    }
}

/// The cells a Vertical Mover on `from` slides to along the file tables (`n np s sp`, the
/// same table each step) with the board occupied as `occ`, up to and including the first
/// piece met.
#[inline]
pub(crate) fn vertical_targets(from: usize, occ: u64) -> u64 {
    let r = &RAYS[from];
    let mut targets = 0;
    for &ray in &r[4..6] {
        let b = ray & occ;
        targets |= ray & (b ^ b.wrapping_sub(1));
    }
    for &ray in &r[6..8] {
        let b = (ray & occ) | 1;
        targets |= ray & !((1u64 << (63 - b.leading_zeros())) - 1);
    }
    targets
}

/// The number of shuffled starts (option `shuffle`).
pub const SHUFFLE_STARTS: u32 = 90;

/// The shuffled start of the standard setup's back row (`RNGGNR`).
pub const STANDARD_START: u32 = 72;

/// The back row of start `n` (option `shuffle`), the piece on B0 C0 D0 E0 F0 G0 (Black:
/// B9 C9 D9 E9 F9 G9): the `n`th word, from 0, in dictionary order over G < N < R of the
/// arrangements of two guards, two knights and two rooks. `None` if `n` ≥ 90.
pub fn shuffle_row(n: u32) -> Option<[crate::Role; 6]> {
    use crate::Role::{Guard, Knight, Rook};
    let mut index = 0;
    // The words in dictionary order: count up in base 3 over G < N < R, keeping those
    // with two of each letter.
    for code in 0..729u32 {
        let mut word = [Guard; 6];
        let mut counts = [0; 3];
        let mut rest = code;
        for place in (0..6).rev() {
            let letter = (rest % 3) as usize;
            rest /= 3;
            counts[letter] += 1;
            word[place] = [Guard, Knight, Rook][letter];
        }
        if counts != [2, 2, 2] {
            continue;
        }
        if index == n {
            return Some(word);
        }
        index += 1;
    }
    None
}

/// The back-row cells of the shuffle, White's (B0 C0 D0 E0 F0 G0) and Black's (B9 C9 D9 E9
/// F9 G9), by index.
pub(crate) const SHUFFLE_CELLS: [[usize; 6]; 2] = [[5, 3, 0, 1, 4, 6], [57, 59, 62, 63, 60, 58]];

/// The first piece met along `table` among `blockers` (a non-empty subset of one ray of
/// that table). Files are monotone in the cell numbering (numbered bottom to top): along
/// `n` and `np` it is the lowest cell, along `s` and `sp` the highest; rows are not, and
/// there the first piece is the one with the most steps left beyond it.
#[inline]
pub(crate) fn first_blocker(table: usize, blockers: u64) -> usize {
    debug_assert!(blockers != 0);
    match table {
        4 | 5 => blockers.trailing_zeros() as usize,
        6 | 7 => 63 - blockers.leading_zeros() as usize,
        _ => {
            let mut best = blockers.trailing_zeros() as usize;
            let mut rest = blockers & (blockers - 1);
            let depth = &DEPTH[table];
            while rest != 0 {
                let c = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if depth[c] > depth[best] {
                    best = c;
                }
            }
            best
        }
    }
}

/// A row line (a path of tables `e`/`w`, or of `ep`/`wp`) seen from one of its cells: what
/// [`row_line_attacks`] needs to look up a slider's moves along it.
///
/// Every row line occupies a contiguous range of cell indices (checked at compile time, see
/// [`row_line`]), in some order along the line: shifted down by `shift` and masked by
/// `mask`, the occupancy of the line is a small number (at most 9 bits, the cell's own
/// included), which indexes the block of [`ROW_ATTACKS`] at `offset`: the cells reached
/// along the line both ways, also shifted down by `shift`. A cell on no line of a kind (no
/// `ep`/`wp` link) has `mask` 0 and `offset` 0, whose entry is empty.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RowLine {
    offset: u16,
    mask: u16,
    shift: u8,
}

/// The row line through `c` along tables `fwd` (`e` or `ep`) and `back` (`w` or `wp`, its
/// inverse): its first cell (no `back` link), its lowest cell index and its length. Panics
/// (a compile error, since it runs in constants) if the line's cells are not a contiguous
/// range of indices, which [`row_line_attacks`] relies on.
const fn row_line(c: usize, fwd: usize, back: usize) -> (usize, usize, usize) {
    let mut start = c;
    let mut guard = 0;
    while bd::LINKS[back][start] != bd::NONE && guard < 64 {
        start = bd::LINKS[back][start] as usize;
        guard += 1;
    }
    let (mut lo, mut hi, mut len, mut x) = (start, start, 1, start);
    while bd::LINKS[fwd][x] != bd::NONE && len < 64 {
        let next = bd::LINKS[fwd][x] as usize;
        // `back` must undo `fwd` for the line to be a path.
        assert!(
            bd::LINKS[back][next] as usize == x,
            "row tables not inverse"
        );
        x = next;
        if x < lo {
            lo = x;
        }
        if x > hi {
            hi = x;
        }
        len += 1;
    }
    assert!(
        hi - lo + 1 == len,
        "a row line is not a contiguous range of cells"
    );
    (start, lo, len)
}

/// The two kinds of row line: tables `e`/`w` and `ep`/`wp`.
const ROW_TABLES: [(usize, usize); 2] = [(0, 2), (1, 3)];

/// Each cell's two row lines (see [`RowLine`]); blocks of [`ROW_ATTACKS`] are laid out line
/// by line (in order of the lines' first cells), cell by cell in index order within a line,
/// each `2^len` entries long, after one empty entry.
pub(crate) const ROW_LINES: [[RowLine; 2]; 64] = {
    let empty = RowLine {
        offset: 0,
        mask: 0,
        shift: 0,
    };
    let mut lines = [[empty; 2]; 64];
    let mut next = 1usize;
    let mut kind = 0;
    while kind < 2 {
        let (fwd, back) = ROW_TABLES[kind];
        let mut start = 0;
        while start < 64 {
            let (first, lo, len) = row_line(start, fwd, back);
            if first == start && len >= 2 {
                let block = 1usize << len;
                let mut p = 0;
                while p < len {
                    lines[lo + p][kind] = RowLine {
                        offset: (next + p * block) as u16,
                        mask: ((1u32 << len) - 1) as u16,
                        shift: lo as u8,
                    };
                    p += 1;
                }
                next += len * block;
            }
            start += 1;
        }
        kind += 1;
    }
    assert!(next <= ROW_ATTACKS_LEN, "ROW_ATTACKS too small");
    lines
};

/// The length of [`ROW_ATTACKS`]: a power of two, so that an index masked by it needs no
/// bounds check (the blocks fill 18,689 entries).
const ROW_ATTACKS_LEN: usize = 1 << 15;

/// The cells a slider reaches along its row lines, both ways, up to and including the
/// first piece met each way, by line, cell and occupancy (see [`RowLine`]).
pub(crate) static ROW_ATTACKS: [u16; ROW_ATTACKS_LEN] = {
    let mut table = [0u16; ROW_ATTACKS_LEN];
    let mut c = 0;
    while c < 64 {
        let mut kind = 0;
        while kind < 2 {
            let line = ROW_LINES[c][kind];
            if line.mask != 0 {
                let len = (line.mask as u32).count_ones() as usize;
                let (fwd, back) = ROW_TABLES[kind];
                let mut idx = 0usize;
                while idx < 1 << len {
                    let occ = (idx as u64) << line.shift;
                    let mut reached = 0u64;
                    let mut way = 0;
                    while way < 2 {
                        let table_index = if way == 0 { fwd } else { back };
                        let mut x = bd::LINKS[table_index][c];
                        while x != bd::NONE {
                            reached |= 1u64 << x;
                            if occ & (1u64 << x) != 0 {
                                break;
                            }
                            x = bd::LINKS[table_index][x as usize];
                        }
                        way += 1;
                    }
                    table[line.offset as usize + idx] = (reached >> line.shift) as u16;
                    idx += 1;
                }
            }
            kind += 1;
        }
        c += 1;
    }
    table
};

/// The cells on a second row line (tables `ep`/`wp`, 22 cells).
const ON_TWO_ROWS: u64 = {
    let mut cells = 0u64;
    let mut c = 0;
    while c < 64 {
        if ROW_LINES[c][1].mask != 0 {
            cells |= 1 << c;
        }
        c += 1;
    }
    cells
};

/// The cells on a second file (a ray along `np` or `sp`, 13 cells).
const ON_TWO_FILES: u64 = {
    let mut cells = 0u64;
    let mut c = 0;
    while c < 64 {
        if RAYS[c][5] | RAYS[c][7] != 0 {
            cells |= 1 << c;
        }
        c += 1;
    }
    cells
};

/// The cells a slider on the row line `line` reaches both ways, with the board occupied
/// as `occ`: one table lookup (see [`RowLine`]).
#[inline(always)]
fn row_line_attacks(line: &RowLine, occ: u64) -> u64 {
    let idx = (occ >> line.shift) as u32 & u32::from(line.mask);
    let entry = ROW_ATTACKS[(usize::from(line.offset) + idx as usize) & (ROW_ATTACKS_LEN - 1)];
    u64::from(entry) << line.shift
}

/// The cells a slider reaches northward along `ray` (a ray of table `n` or `np`, whose
/// cells are numbered upwards) up to and including the lowest-numbered piece on it.
#[inline(always)]
fn north(ray: u64, occ: u64) -> u64 {
    let b = ray & occ;
    ray & (b ^ b.wrapping_sub(1))
}

/// The cells a slider reaches southward along `ray` (table `s` or `sp`) up to and
/// including the highest-numbered piece on it.
#[inline(always)]
fn south(ray: u64, occ: u64) -> u64 {
    let b = (ray & occ) | 1;
    ray & (1u64 << (63 - b.leading_zeros())).wrapping_neg()
}

/// The cells a rook on `from` reaches (moving or capturing, own pieces not removed) with
/// the board occupied as `occ`: along each table up to and including the first piece met.
/// Rows are looked up by line; files, whose cells are numbered upwards, found by bit
/// tricks; the second row line and file only on the cells that have them.
#[inline]
pub(crate) fn rook_targets(from: usize, occ: u64) -> u64 {
    let from = from & 63;
    let r = &RAYS[from];
    let lines = &ROW_LINES[from];
    let mut targets = row_line_attacks(&lines[0], occ) | north(r[4], occ) | south(r[6], occ);
    if ON_TWO_ROWS & (1 << from) != 0 {
        targets |= row_line_attacks(&lines[1], occ);
    }
    if ON_TWO_FILES & (1 << from) != 0 {
        targets |= north(r[5], occ) | south(r[7], occ);
    }
    targets
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pawn_reach_is_the_steps() {
        for (us, steps) in PAWN_STEPS.iter().enumerate() {
            for (s, &step) in steps.iter().enumerate() {
                let (a, b) = pawn_reach(1u64 << s, us);
                assert_eq!(a | b, step, "colour {us} cell {s}");
                assert_eq!(a & b, 0);
            }
        }
    }

    #[test]
    fn names_round_trip() {
        for c in Cell::ALL {
            assert_eq!(Cell::from_name(c.name()), Some(c));
            assert_eq!(Cell::from_name(&c.name().to_lowercase()), Some(c));
        }
        assert_eq!(Cell::from_name("A0"), None);
        assert_eq!(Cell::from_name("E10"), None);
        assert_eq!(Cell::from_name("é"), None);
    }

    #[test]
    fn rays_are_walks_of_the_tables() {
        for (c, rays) in RAYS.iter().enumerate() {
            for (t, &ray) in rays.iter().enumerate() {
                let mut walked = 0u64;
                let mut x = c;
                while let Some(n) = Cell::new(bd::LINKS[t][x]) {
                    walked |= n.bit();
                    x = n.index();
                }
                assert_eq!(walked, ray);
                assert_eq!(walked & (1 << c), 0, "no table loops");
            }
        }
    }

    #[test]
    fn files_are_monotone_in_the_cell_numbering() {
        for c in 0..64 {
            for t in 4..8 {
                let mut x = c;
                while let Some(n) = Cell::new(bd::LINKS[t][x]) {
                    assert_eq!(n.index() > x, t < 6, "table {t} from {c}");
                    x = n.index();
                }
            }
        }
    }

    /// The cells a slider on `from` reaches along link table `t`, cell by cell, up to and
    /// including the first occupied one: what the ray tables must agree with.
    fn walk(from: usize, t: usize, occ: u64) -> u64 {
        let mut reached = 0;
        let mut x = from;
        while let Some(n) = Cell::new(bd::LINKS[t][x]) {
            reached |= n.bit();
            if occ & n.bit() != 0 {
                break;
            }
            x = n.index();
        }
        reached
    }

    #[test]
    #[allow(clippy::needless_range_loop)]
    fn rook_targets_match_a_walk() {
        let mut rng = 0x1234_5678_u64;
        for _ in 0..2000 {
            let (s, r) = splitmix(rng);
            rng = s;
            let occ = r & splitmix(r).1;
            for from in 0..64 {
                let mut want = 0;
                for t in 0..8 {
                    want |= walk(from, t, occ);
                    let blockers = RAYS[from][t] & occ;
                    if blockers != 0 {
                        let b = first_blocker(t, blockers);
                        let mut x = from;
                        let mut first = None;
                        while let Some(n) = Cell::new(bd::LINKS[t][x]) {
                            if occ & n.bit() != 0 {
                                first = Some(n.index());
                                break;
                            }
                            x = n.index();
                        }
                        assert_eq!(Some(b), first);
                    }
                }
                assert_eq!(rook_targets(from, occ), want);
            }
        }
    }

    #[test]
    fn shuffle_cells_are_the_back_rows() {
        let names = |c: usize| SHUFFLE_CELLS[c].map(|i| bd::NAMES[i]);
        assert_eq!(names(0), ["B0", "C0", "D0", "E0", "F0", "G0"]);
        assert_eq!(names(1), ["B9", "C9", "D9", "E9", "F9", "G9"]);
    }

    #[test]
    fn vertical_targets_match_a_walk() {
        let mut rng = 0x9876_5432_u64;
        for _ in 0..500 {
            let (s, r) = splitmix(rng);
            rng = s;
            let occ = r & splitmix(r).1;
            for from in 0..64 {
                let mut want = 0;
                for t in 4..8 {
                    want |= walk(from, t, occ);
                }
                assert_eq!(vertical_targets(from, occ), want);
            }
        }
    }

    #[test]
    fn zobrist_keys_are_distinct() {
        let mut all: Vec<u64> = ZOBRIST.iter().flatten().flatten().copied().collect();
        all.extend(ZOBRIST_EXTRA.iter().flatten().flatten());
        all.extend(ZOBRIST_HAND.iter().flatten().flat_map(|k| &k[1..]));
        all.extend(ZOBRIST_PROMOTED);
        all.push(ZOBRIST_BLACK);
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
