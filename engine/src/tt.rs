//! The transposition table: search results keyed by the position's Zobrist key.
//!
//! Lock-free, so that the threads of one search share it by reference (Lazy SMP): each
//! entry is two `AtomicU64`, the packed data and the key xor the data. A probe that reads
//! the halves of two different writes (a torn entry) sees a key that does not match and
//! finds nothing, so a result is never taken from another position (short of a Zobrist
//! collision). All accesses are relaxed: an entry is a hint, checked as a whole.
//!
//! The move is stored as a 32-bit hash ([`move_hash`]), not the move itself: the table is
//! then independent of the variant's move type, and a stored move only ever orders the
//! node's own legal moves (a colliding hash misorders, it never plays an illegal move).

use std::sync::atomic::{AtomicU64, Ordering};

/// What a stored score says about the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (a beta cutoff).
    Lower,
    /// The true score is at most this (no move raised alpha).
    Upper,
}

/// One stored result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub key: u64,
    /// The best move's [`move_hash`] (never 0), if any.
    pub mv: Option<u32>,
    /// Mate scores are stored relative to this node (distance from here), not the root.
    pub score: i32,
    /// The depth searched, 0 to 255.
    pub depth: u8,
    pub bound: Bound,
}

// The packed data: the move hash (32 bits, 0 for none), the score (22 bits, biased), the
// depth (8 bits), the bound (2 bits).
const SCORE_BIAS: i64 = 1 << 21;
const SCORE_SHIFT: u32 = 32;
const DEPTH_SHIFT: u32 = 54;
const BOUND_SHIFT: u32 = 62;

impl Entry {
    fn pack(&self) -> u64 {
        let score = (i64::from(self.score) + SCORE_BIAS) as u64 & ((1 << 22) - 1);
        let bound = match self.bound {
            Bound::Exact => 1u64,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        u64::from(self.mv.unwrap_or(0))
            | score << SCORE_SHIFT
            | u64::from(self.depth) << DEPTH_SHIFT
            | bound << BOUND_SHIFT
    }

    fn unpack(key: u64, data: u64) -> Option<Entry> {
        let bound = match data >> BOUND_SHIFT {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None, // an empty slot
        };
        let mv = data as u32;
        Some(Entry {
            key,
            mv: (mv != 0).then_some(mv),
            score: (((data >> SCORE_SHIFT) & ((1 << 22) - 1)) as i64 - SCORE_BIAS) as i32,
            depth: (data >> DEPTH_SHIFT) as u8,
            bound,
        })
    }
}

/// The 32-bit hash under which a move is stored (never 0), from a 64-bit hash of it.
#[inline]
pub(crate) fn move_hash(h: u64) -> u32 {
    (h >> 32) as u32 | 1
}

/// The bytes of one entry.
pub(crate) const ENTRY_BYTES: usize = 16;

/// The most entries a table of `mb` mebibytes holds, as a power of two (`2^bits` entries,
/// `bits` from 10 to 30: at least 16 KiB, at most 16 GiB).
pub(crate) fn bits_for_mb(mb: usize) -> u32 {
    let entries = mb.max(1).saturating_mul(1 << 20) / ENTRY_BYTES;
    (usize::BITS - 1 - entries.leading_zeros()).clamp(10, 30)
}

/// A fixed-size, always-replace table. Its memory is allocated once, when it is made.
#[derive(Debug)]
pub(crate) struct Table {
    /// Per entry: the key xor the data, then the data (0 for an empty slot).
    entries: Vec<[AtomicU64; 2]>,
    mask: u64,
}

impl Clone for Table {
    fn clone(&self) -> Table {
        Table {
            entries: self
                .entries
                .iter()
                .map(|[a, b]| {
                    [
                        AtomicU64::new(a.load(Ordering::Relaxed)),
                        AtomicU64::new(b.load(Ordering::Relaxed)),
                    ]
                })
                .collect(),
            mask: self.mask,
        }
    }
}

impl Table {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table {
        let len = 1usize << bits;
        Table {
            entries: (0..len)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
            mask: (len - 1) as u64,
        }
    }

    /// The entries in use among the first thousand (or all, if fewer), per mille.
    pub fn hashfull(&self) -> u32 {
        let sample = &self.entries[..self.entries.len().min(1_000)];
        let used = sample
            .iter()
            .filter(|[_, data]| data.load(Ordering::Relaxed) != 0)
            .count();
        (used * 1_000 / sample.len()) as u32
    }

    pub fn clear(&mut self) {
        for [a, b] in self.entries.iter_mut() {
            *a.get_mut() = 0;
            *b.get_mut() = 0;
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> &[AtomicU64; 2] {
        // The low bits index; the whole key is compared on probing.
        &self.entries[(key & self.mask) as usize]
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let [check, data] = self.slot(key);
        let data = data.load(Ordering::Relaxed);
        if check.load(Ordering::Relaxed) ^ data != key {
            return None;
        }
        Entry::unpack(key, data)
    }

    #[inline]
    pub fn store(&self, entry: Entry) {
        let [check, data] = self.slot(entry.key);
        // Keep a deeper result of the same position over a shallower one.
        if entry.bound != Bound::Exact {
            let old = data.load(Ordering::Relaxed);
            if check.load(Ordering::Relaxed) ^ old == entry.key
                && Entry::unpack(entry.key, old).is_some_and(|o| o.depth > entry.depth)
            {
                return;
            }
        }
        let packed = entry.pack();
        check.store(entry.key ^ packed, Ordering::Relaxed);
        data.store(packed, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_by_the_whole_key() {
        let mut t = Table::new(4);
        let e = Entry {
            key: 0x1234_0003,
            mv: Some(7),
            score: 42,
            depth: 3,
            bound: Bound::Exact,
        };
        t.store(e);
        assert_eq!(t.probe(0x1234_0003), Some(e));
        // Same slot, different key: not found.
        assert!(t.probe(0x5678_0003).is_none());
        // A shallower bound does not replace a deeper result of the same position.
        t.store(Entry {
            depth: 1,
            bound: Bound::Lower,
            score: 5,
            ..e
        });
        assert_eq!(t.probe(0x1234_0003).map(|e| e.score), Some(42));
        t.clear();
        assert!(t.probe(0x1234_0003).is_none());
    }

    #[test]
    fn sizes_and_fill() {
        assert_eq!(bits_for_mb(1), 16);
        assert_eq!(bits_for_mb(16), 20);
        assert_eq!(bits_for_mb(3), 17);
        assert_eq!(bits_for_mb(0), 16);
        assert_eq!(bits_for_mb(usize::MAX), 30);
        let t = Table::new(10);
        assert_eq!(t.entries.len(), 1024);
        assert_eq!(t.hashfull(), 0);
        for key in 0..500u64 {
            t.store(Entry {
                key,
                mv: None,
                score: 0,
                depth: 1,
                bound: Bound::Exact,
            });
        }
        assert_eq!(t.hashfull(), 500);
    }

    #[test]
    fn packs_every_field() {
        let t = Table::new(4);
        for (score, depth, bound, mv) in [
            (-1_000_001, 0, Bound::Upper, None),
            (1_000_001, 255, Bound::Lower, Some(u32::MAX)),
            (0, 7, Bound::Exact, Some(1)),
            (-999_990, 12, Bound::Lower, Some(0x8000_0001)),
        ] {
            let e = Entry {
                key: 0xdead_beef_0000_0005,
                mv,
                score,
                depth,
                bound,
            };
            t.store(e);
            assert_eq!(t.probe(e.key), Some(e));
        }
    }

    #[test]
    fn a_torn_entry_is_not_found() {
        let t = Table::new(4);
        let a = Entry {
            key: 0x1111_0002,
            mv: Some(3),
            score: 10,
            depth: 4,
            bound: Bound::Exact,
        };
        t.store(a);
        // Another position's data written over the data half only, as a racing writer
        // might leave it.
        let b = Entry {
            key: 0x2222_0002,
            score: -10,
            ..a
        };
        let [_, data] = t.slot(a.key);
        data.store(b.pack(), Ordering::Relaxed);
        assert!(t.probe(a.key).is_none());
        assert!(t.probe(b.key).is_none());
    }
}
