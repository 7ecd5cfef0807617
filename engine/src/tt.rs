//! The transposition table: search results keyed by the position's Zobrist key.

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
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry<M> {
    pub key: u64,
    pub mv: Option<M>,
    /// Mate scores are stored relative to this node (distance from here), not the root.
    pub score: i32,
    pub depth: i16,
    pub bound: Bound,
}

/// A fixed-size, always-replace table. Its memory is allocated once, when it is made.
#[derive(Clone, Debug)]
pub(crate) struct Table<M> {
    entries: Vec<Option<Entry<M>>>,
    mask: u64,
}

impl<M: Copy> Table<M> {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table<M> {
        let len = 1usize << bits;
        Table {
            entries: vec![None; len],
            mask: (len - 1) as u64,
        }
    }

    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = None);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        // The low bits index; the whole key is compared on probing.
        (key & self.mask) as usize
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.entries[self.index(key)].filter(|e| e.key == key)
    }

    #[inline]
    pub fn store(&mut self, entry: Entry<M>) {
        let i = self.index(entry.key);
        // Keep a deeper result of the same position over a shallower one.
        if let Some(old) = &self.entries[i] {
            if old.key == entry.key && old.depth > entry.depth && entry.bound != Bound::Exact {
                return;
            }
        }
        self.entries[i] = Some(entry);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_by_the_whole_key() {
        let mut t: Table<u32> = Table::new(4);
        let e = Entry {
            key: 0x1234_0003,
            mv: Some(7),
            score: 42,
            depth: 3,
            bound: Bound::Exact,
        };
        t.store(e);
        assert_eq!(t.probe(0x1234_0003).map(|e| e.score), Some(42));
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
}
