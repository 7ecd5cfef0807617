//! A small deterministic random-number generator.

/// A small deterministic random-number generator (SplitMix64): no dependency, and the
/// same seed gives the same numbers everywhere (a failing test's seed replays exactly; the
/// baseline player and perft's estimate draw from it).
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let (state, value) = crate::zobrist::splitmix64_next(self.0);
        self.0 = state;
        value
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}
