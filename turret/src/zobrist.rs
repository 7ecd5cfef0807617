//! Zobrist keys, generated at compile time by SplitMix64.

use chimera_core::zobrist::splitmix64_next as splitmix;

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

const fn make_keys() -> Keys {
    let mut k = Keys {
        piece: [[0; 80]; 17],
        castle: [[[0; 80]; 2]; 2],
        ep: [0; 80],
        black: 0,
    };
    let mut s = 0x7475_7272_6574_2121u64; // "turret!!"
    let mut i = 1;
    while i < 17 {
        let mut c = 0;
        while c < 80 {
            let (ns, v) = splitmix(s);
            s = ns;
            k.piece[i][c] = v;
            c += 1;
        }
        i += 1;
    }
    let mut col = 0;
    while col < 2 {
        let mut side = 0;
        while side < 2 {
            let mut c = 0;
            while c < 80 {
                let (ns, v) = splitmix(s);
                s = ns;
                k.castle[col][side][c] = v;
                c += 1;
            }
            side += 1;
        }
        col += 1;
    }
    let mut c = 0;
    while c < 80 {
        let (ns, v) = splitmix(s);
        s = ns;
        k.ep[c] = v;
        c += 1;
    }
    let (_, v) = splitmix(s);
    k.black = v;
    k
}

pub(crate) static KEYS: Keys = make_keys();
