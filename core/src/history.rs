//! [`History`]: a game's earlier positions, with an index by Zobrist key, as the history
//! hooks of [`Position`] see them.

use crate::Position;
use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::sync::OnceLock;

/// The earlier positions of a game, oldest first (not the current one), as the history
/// hooks [`Position::retain_history_legal`] and [`Position::history_outcome`] receive them.
///
/// Besides the positions themselves ([`History::positions`]), it answers "which earlier
/// positions have this Zobrist key" ([`History::with_key`]) without scanning them: a
/// [`crate::Game`] keeps an index of its positions by key, so a rule that asks about
/// repetitions costs the same on the ten-thousandth move as on the tenth. A history made
/// from a bare slice ([`History::new`], for tests and for callers without a `Game`) answers
/// the same questions by scanning.
#[derive(Debug)]
pub struct History<'a, P> {
    earlier: &'a [P],
    index: Option<&'a KeyIndex>,
}

// Not derived: those would ask `P: Clone` / `P: Copy`.
impl<P> Clone for History<'_, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P> Copy for History<'_, P> {}

impl<'a, P: Position> History<'a, P> {
    /// A history of these earlier positions (oldest first), without an index: key lookups
    /// scan the slice.
    pub fn new(earlier: &'a [P]) -> Self {
        History {
            earlier,
            index: None,
        }
    }

    /// A history of `earlier`, indexed by `index` up to its length (the positions after
    /// that are scanned).
    pub(crate) fn indexed(earlier: &'a [P], index: &'a KeyIndex) -> Self {
        History {
            earlier,
            index: Some(index),
        }
    }

    /// The earlier positions, oldest first.
    #[inline]
    pub fn positions(&self) -> &'a [P] {
        self.earlier
    }

    /// The number of earlier positions.
    #[inline]
    pub fn len(&self) -> usize {
        self.earlier.len()
    }

    /// Whether there is no earlier position.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.earlier.is_empty()
    }

    /// The indices (into [`History::positions`]) of the earlier positions whose
    /// [`Position::zobrist`] key is `key`, the most recent first. Positions with equal keys
    /// are usually equal, but callers that need equality still compare the positions.
    ///
    /// From a [`crate::Game`] this takes time proportional to the number of positions
    /// yielded (plus a scan of at most a few dozen keys), not to the length of the history.
    #[inline]
    pub fn with_key(&self, key: u64) -> WithKey<'a, P> {
        let n = self.earlier.len();
        let (tail_start, chain) = match self.index {
            Some(index) => {
                let indexed = index.len().min(n);
                (indexed, index.latest(key))
            }
            None => (0, (NONE, None)),
        };
        WithKey {
            earlier: self.earlier,
            key,
            tail: (tail_start, n),
            chain: chain.0,
            index: chain.1,
        }
    }

    /// The number of earlier positions whose key is `key`, counting at most `limit` of
    /// them (so the answer is `min(count, limit)`, found in time proportional to it).
    #[inline]
    pub fn count_key(&self, key: u64, limit: usize) -> usize {
        self.with_key(key).take(limit).count()
    }
}

/// The iterator of [`History::with_key`].
#[derive(Debug)]
pub struct WithKey<'a, P> {
    earlier: &'a [P],
    key: u64,
    /// The positions not in the index, still to scan: `tail.0..tail.1`, from the end.
    tail: (usize, usize),
    /// The next position of the index's chain for the key, or [`NONE`].
    chain: u32,
    index: Option<&'a KeyIndex>,
}

impl<P: Position> Iterator for WithKey<'_, P> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.tail.1 > self.tail.0 {
            self.tail.1 -= 1;
            let i = self.tail.1;
            if self.earlier[i].zobrist() == self.key {
                return Some(i);
            }
        }
        let index = self.index?;
        loop {
            let at = self.chain;
            if at == NONE {
                return None;
            }
            self.chain = index.previous[at as usize];
            // The index may cover positions after these (the current one).
            if (at as usize) < self.earlier.len() {
                return Some(at as usize);
            }
        }
    }
}

/// No position.
const NONE: u32 = u32::MAX;

/// A game's first positions by Zobrist key: for each key the latest position with it, and
/// for each position the previous one with the same key. Pushing and popping a position
/// are one hash-map operation each. A [`crate::Game`] indexes its positions only once a few
/// dozen are waiting (the rest are scanned), so the plies perft plays and takes back near
/// the end of a game cost no hashing.
#[derive(Clone, Debug, Default)]
pub(crate) struct KeyIndex {
    latest: HashMap<u64, u32, KeySeed>,
    previous: Vec<u32>,
}

impl KeyIndex {
    /// Records the next position, with key `key`.
    #[inline]
    pub(crate) fn push(&mut self, key: u64) {
        let i = u32::try_from(self.previous.len()).expect("fewer than 2^32 positions");
        let previous = self.latest.insert(key, i).unwrap_or(NONE);
        self.previous.push(previous);
    }

    /// Forgets the last position, whose key was `key`.
    #[inline]
    pub(crate) fn pop(&mut self, key: u64) {
        let Some(previous) = self.previous.pop() else {
            return;
        };
        if previous == NONE {
            self.latest.remove(&key);
        } else {
            self.latest.insert(key, previous);
        }
    }

    /// The number of positions indexed.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.previous.len()
    }

    #[inline]
    fn latest(&self, key: u64) -> (u32, Option<&KeyIndex>) {
        (self.latest.get(&key).copied().unwrap_or(NONE), Some(self))
    }
}

/// The index describes the positions it was built from, so two games with the same
/// positions have equal indices: it takes no part in comparing games.
impl PartialEq for KeyIndex {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for KeyIndex {}

/// Hashes Zobrist keys: they are already uniform, but a game record comes from outside,
/// so the keys are mixed with a secret drawn once per process (a record cannot be made
/// to pile its positions into one bucket).
#[derive(Clone, Copy, Debug)]
struct KeySeed(u64);

impl Default for KeySeed {
    fn default() -> Self {
        static SEED: OnceLock<u64> = OnceLock::new();
        KeySeed(*SEED.get_or_init(|| std::collections::hash_map::RandomState::new().hash_one(0u64)))
    }
}

impl BuildHasher for KeySeed {
    type Hasher = KeyHasher;
    #[inline]
    fn build_hasher(&self) -> KeyHasher {
        KeyHasher(self.0)
    }
}

#[derive(Clone, Copy, Debug)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    #[inline]
    fn write_u64(&mut self, key: u64) {
        // A folded multiply: every bit of the key and the seed reaches every bit.
        let x = u128::from(key ^ self.0) * u128::from(0x9e37_79b9_7f4a_7c15_u64);
        self.0 = (x as u64) ^ ((x >> 64) as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}
