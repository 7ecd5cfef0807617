//! Zobrist key material shared by every variant: the SplitMix64 mixer as a `const fn`, so
//! that a variant can build its key tables at compile time from a fixed seed.

/// The SplitMix64 increment (the golden ratio in 64-bit fixed point).
pub const SPLITMIX64_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64: the 64 random bits it produces from `state` (the state is advanced by
/// [`SPLITMIX64_GAMMA`] first). Feeding it `seed`, `seed + γ`, `seed + 2γ`, … yields the
/// SplitMix64 sequence; feeding it distinct inputs yields well-mixed, distinct keys.
pub const fn splitmix64(state: u64) -> u64 {
    let mut z = state.wrapping_add(SPLITMIX64_GAMMA);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One step of the SplitMix64 sequence: the next state and the value it produces.
pub const fn splitmix64_next(state: u64) -> (u64, u64) {
    (state.wrapping_add(SPLITMIX64_GAMMA), splitmix64(state))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_reference_sequence() {
        // SplitMix64 seeded with 0: the first outputs of the reference implementation.
        let (s, a) = splitmix64_next(0);
        let (_, b) = splitmix64_next(s);
        assert_eq!(a, 0xE220_A839_7B1D_CDAF);
        assert_eq!(b, 0x6E78_9E6A_A1B9_65F4);
    }
}
