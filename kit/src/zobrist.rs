//! Zobrist keys and static tables, built one way for every variant: at compile time, from a
//! seed derived from the variant's name.
//!
//! A variant writes
//!
//! ```
//! use chimera_kit::zobrist::{seed_of, ZobristTable};
//! // 12 piece kinds × 64 cells, plus 16 castling states, 8 en-passant files and the side.
//! static KEYS: ZobristTable<{ 12 * 64 + 16 + 8 + 1 }> = ZobristTable::new(seed_of("chess"));
//! assert_ne!(KEYS.key(0), KEYS.key(1));
//! ```
//!
//! and gets the same keys in every build. The keys come from the SplitMix64 sequence of
//! [`chimera_core::zobrist`] started at the seed, so two variants (two names) never share a
//! key table by accident. Other per-variant tables (attack sets, neighbours) are built with
//! [`crate::const_table!`].

use chimera_core::zobrist::splitmix64_next;

/// A 64-bit seed from a variant's name: FNV-1a over its bytes, then one SplitMix64 round.
/// A `const fn`, so key tables stay compile-time constants.
pub const fn seed_of(name: &str) -> u64 {
    let bytes = name.as_bytes();
    let mut h: u64 = 0xCBF2_9CE4_8422_2325;
    let mut i = 0;
    while i < bytes.len() {
        h ^= bytes[i] as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01B3);
        i += 1;
    }
    chimera_core::zobrist::splitmix64(h)
}

/// `N` Zobrist keys: the first `N` values of the SplitMix64 sequence started at a seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZobristTable<const N: usize> {
    keys: [u64; N],
}

impl<const N: usize> ZobristTable<N> {
    /// The keys from `seed` (use [`seed_of`] with the variant's name).
    pub const fn new(seed: u64) -> Self {
        let mut keys = [0u64; N];
        let mut state = seed;
        let mut i = 0;
        while i < N {
            let (next, value) = splitmix64_next(state);
            keys[i] = value;
            state = next;
            i += 1;
        }
        ZobristTable { keys }
    }

    /// The keys for the variant called `name`: `ZobristTable::new(seed_of(name))`.
    pub const fn for_variant(name: &str) -> Self {
        Self::new(seed_of(name))
    }

    /// Key number `index` (`index < N`).
    #[inline]
    pub const fn key(&self, index: usize) -> u64 {
        self.keys[index]
    }

    /// All the keys.
    pub const fn keys(&self) -> &[u64; N] {
        &self.keys
    }
}

/// The seed whose SplitMix64 sequence is that of `seed` without its first `n` keys: to
/// draw several tables one after another from one seed.
pub const fn advance(seed: u64, n: usize) -> u64 {
    seed.wrapping_add(chimera_core::zobrist::SPLITMIX64_GAMMA.wrapping_mul(n as u64))
}

/// Keys in a two-level table `[[u64; B]; A]`, filled row by row from the SplitMix64
/// sequence started at `seed` (the same keys as `ZobristTable::<{ A * B }>::new(seed)`,
/// in that order): `keys2::<2, 64>(seed)[colour][cell]`.
pub const fn keys2<const A: usize, const B: usize>(seed: u64) -> [[u64; B]; A] {
    let mut out = [[0u64; B]; A];
    let mut state = seed;
    let mut a = 0;
    while a < A {
        let mut b = 0;
        while b < B {
            let (next, value) = splitmix64_next(state);
            out[a][b] = value;
            state = next;
            b += 1;
        }
        a += 1;
    }
    out
}

/// Keys in a three-level table `[[[u64; C]; B]; A]`, filled in order from the SplitMix64
/// sequence started at `seed`: `keys3::<2, 6, 64>(seed)[colour][role][cell]`.
pub const fn keys3<const A: usize, const B: usize, const C: usize>(
    seed: u64,
) -> [[[u64; C]; B]; A] {
    let mut out = [[[0u64; C]; B]; A];
    let mut a = 0;
    while a < A {
        // Row `a` starts where the rows before it stopped: B × C values further on.
        let start = seed
            .wrapping_add(chimera_core::zobrist::SPLITMIX64_GAMMA.wrapping_mul((a * B * C) as u64));
        out[a] = keys2::<B, C>(start);
        a += 1;
    }
    out
}

/// A `[T; N]` table computed at compile time, entry `i` given by an expression of `i`:
/// `const_table!(init; N, |i| expr)` where `init` fills the array first. The expression
/// may call `const fn`s only.
///
/// ```
/// use chimera_kit::const_table;
/// // The knight's neighbours on an 8 × 8 board, as bit masks.
/// const fn knight(i: usize) -> u64 {
///     let (f, r) = ((i % 8) as i32, (i / 8) as i32);
///     let d = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
///     let mut m = 0u64;
///     let mut k = 0;
///     while k < 8 {
///         let (nf, nr) = (f + d[k].0, r + d[k].1);
///         if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
///             m |= 1 << (nr * 8 + nf);
///         }
///         k += 1;
///     }
///     m
/// }
/// const KNIGHT: [u64; 64] = const_table!(0; 64, |i| knight(i));
/// assert_eq!(KNIGHT[0].count_ones(), 2);
/// ```
#[macro_export]
macro_rules! const_table {
    ($init:expr; $n:expr, |$i:ident| $body:expr) => {{
        let mut table = [$init; $n];
        let mut $i = 0;
        while $i < $n {
            table[$i] = $body;
            $i += 1;
        }
        table
    }};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_tables_follow_the_flat_sequence() {
        const FLAT: ZobristTable<{ 2 * 3 * 4 }> = ZobristTable::new(99);
        let nested = keys3::<2, 3, 4>(99);
        let flat: Vec<u64> = nested.iter().flatten().flatten().copied().collect();
        assert_eq!(flat, FLAT.keys());
        assert_eq!(keys2::<3, 4>(99)[2][3], FLAT.key(11));
    }

    #[test]
    fn seeds_differ_by_name_and_keys_are_distinct() {
        assert_ne!(seed_of("chess"), seed_of("turret"));
        const T: ZobristTable<1000> = ZobristTable::for_variant("chess");
        let mut keys = T.keys().to_vec();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), 1000);
    }
}
