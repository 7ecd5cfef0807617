//! Zobrist keys, generated at compile time by the kit from a fixed seed.

pub(crate) struct Keys {
    /// `piece[code][cell]`, code as in `Piece::code` (0 unused).
    pub piece: [[u64; 80]; 17],
    /// `castle[colour][side][cell of the original rook]`.
    pub castle: [[[u64; 80]; 2]; 2],
    /// `ep[cell]`.
    pub ep: [u64; 80],
    /// Black to move.
    pub black: u64,
}

const SEED: u64 = 0x7475_7272_6574_2121; // "turret!!"

/// The kit's SplitMix64 key tables drawn one after another from [`SEED`].
const fn make_keys() -> Keys {
    use chimera_kit::zobrist::{advance, keys2, keys3};
    let pieces = keys2::<16, 80>(SEED);
    let mut piece = [[0; 80]; 17];
    let mut code = 1;
    while code < 17 {
        piece[code] = pieces[code - 1];
        code += 1;
    }
    Keys {
        piece,
        castle: keys3::<2, 2, 80>(advance(SEED, 16 * 80)),
        ep: keys2::<1, 80>(advance(SEED, 20 * 80))[0],
        black: keys2::<1, 1>(advance(SEED, 21 * 80))[0][0],
    }
}

pub(crate) static KEYS: Keys = make_keys();
