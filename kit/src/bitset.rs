//! [`BitSet`]: a fixed-width set of small indices, `W` words of 64 bits.

use std::fmt;
use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

/// A set of indices `0..64 * W`, stored as `W` words of 64 bits (index `i` is bit `i % 64`
/// of word `i / 64`). `Copy`, with set operations as operators (`|` union, `&`
/// intersection, `-` difference, `^` symmetric difference, `!` complement within the
/// whole width) and iteration over the members in increasing order.
///
/// An index of `64 * W` or more is the caller's bug: [`BitSet::insert`] and the other
/// methods taking an index panic on it (an array index out of bounds, never undefined
/// behaviour). Use [`BitSet::full_within`] for the set of a board's valid cells and mask
/// with it.
///
/// ```
/// use chimera_kit::BitSet;
/// let a: BitSet<2> = [1, 5, 70].into_iter().collect();
/// let b = BitSet::<2>::from_indices(&[5, 100]);
/// assert_eq!((a | b).iter().collect::<Vec<_>>(), [1, 5, 70, 100]);
/// assert_eq!((a & b).first(), Some(5));
/// assert_eq!((a - b).count(), 2);
/// assert!(BitSet::<2>::full_within(80).contains(79));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BitSet<const W: usize> {
    words: [u64; W],
}

impl<const W: usize> Default for BitSet<W> {
    #[inline]
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const W: usize> BitSet<W> {
    /// The number of indices the set can hold: `64 * W`.
    pub const CAPACITY: usize = 64 * W;
    /// The empty set.
    pub const EMPTY: Self = BitSet { words: [0; W] };

    /// The empty set.
    #[inline]
    pub const fn new() -> Self {
        Self::EMPTY
    }

    /// The empty set (the same as [`BitSet::new`]).
    #[inline]
    pub const fn empty() -> Self {
        Self::EMPTY
    }

    /// The set from its words, word 0 holding indices 0–63.
    #[inline]
    pub const fn from_words(words: [u64; W]) -> Self {
        BitSet { words }
    }

    /// The words, word 0 holding indices 0–63.
    #[inline]
    pub const fn words(&self) -> [u64; W] {
        self.words
    }

    /// The set `{0, 1, …, n - 1}` (`n` at most [`BitSet::CAPACITY`]): a board's valid cells.
    #[inline]
    pub const fn full_within(n: usize) -> Self {
        let mut words = [0u64; W];
        let mut i = 0;
        while i < W {
            let lo = i * 64;
            words[i] = if n >= lo + 64 {
                u64::MAX
            } else if n > lo {
                (1u64 << (n - lo)) - 1
            } else {
                0
            };
            i += 1;
        }
        BitSet { words }
    }

    /// The set of one index.
    #[inline]
    pub const fn single(index: usize) -> Self {
        let mut words = [0u64; W];
        words[index / 64] = 1u64 << (index % 64);
        BitSet { words }
    }

    /// The set of the given indices (usable in `const` tables).
    #[inline]
    pub const fn from_indices(indices: &[usize]) -> Self {
        let mut words = [0u64; W];
        let mut i = 0;
        while i < indices.len() {
            words[indices[i] / 64] |= 1u64 << (indices[i] % 64);
            i += 1;
        }
        BitSet { words }
    }

    /// Adds `index`; returns whether it was absent.
    #[inline]
    pub fn insert(&mut self, index: usize) -> bool {
        let (w, b) = (index / 64, 1u64 << (index % 64));
        let absent = self.words[w] & b == 0;
        self.words[w] |= b;
        absent
    }

    /// Removes `index`; returns whether it was present.
    #[inline]
    pub fn remove(&mut self, index: usize) -> bool {
        let (w, b) = (index / 64, 1u64 << (index % 64));
        let present = self.words[w] & b != 0;
        self.words[w] &= !b;
        present
    }

    /// Adds `index` if `on`, else removes it.
    #[inline]
    pub fn set(&mut self, index: usize, on: bool) {
        if on {
            self.insert(index);
        } else {
            self.remove(index);
        }
    }

    /// Flips `index`.
    #[inline]
    pub fn toggle(&mut self, index: usize) {
        self.words[index / 64] ^= 1u64 << (index % 64);
    }

    /// Whether `index` is a member.
    #[inline]
    pub const fn contains(&self, index: usize) -> bool {
        self.words[index / 64] & (1u64 << (index % 64)) != 0
    }

    /// The number of members.
    #[inline]
    pub const fn count(&self) -> u32 {
        let mut n = 0;
        let mut i = 0;
        while i < W {
            n += self.words[i].count_ones();
            i += 1;
        }
        n
    }

    /// Whether the set has no member.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        let mut i = 0;
        while i < W {
            if self.words[i] != 0 {
                return false;
            }
            i += 1;
        }
        true
    }

    /// Whether the set has at least two members (cheaper than [`BitSet::count`]).
    #[inline]
    pub fn more_than_one(&self) -> bool {
        let mut seen = false;
        for &w in &self.words {
            if w != 0 {
                if seen || w & (w - 1) != 0 {
                    return true;
                }
                seen = true;
            }
        }
        false
    }

    /// Whether the two sets share a member.
    #[inline]
    pub fn intersects(&self, other: &Self) -> bool {
        self.words.iter().zip(&other.words).any(|(a, b)| a & b != 0)
    }

    /// Whether every member of `self` is in `other`.
    #[inline]
    pub fn is_subset(&self, other: &Self) -> bool {
        self.words
            .iter()
            .zip(&other.words)
            .all(|(a, b)| a & !b == 0)
    }

    /// The smallest member.
    #[inline]
    pub fn first(&self) -> Option<usize> {
        for (i, &w) in self.words.iter().enumerate() {
            if w != 0 {
                return Some(i * 64 + w.trailing_zeros() as usize);
            }
        }
        None
    }

    /// The largest member.
    #[inline]
    pub fn last(&self) -> Option<usize> {
        for (i, &w) in self.words.iter().enumerate().rev() {
            if w != 0 {
                return Some(i * 64 + 63 - w.leading_zeros() as usize);
            }
        }
        None
    }

    /// Removes and returns the smallest member.
    #[inline]
    pub fn pop_first(&mut self) -> Option<usize> {
        for (i, w) in self.words.iter_mut().enumerate() {
            if *w != 0 {
                let bit = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(i * 64 + bit);
            }
        }
        None
    }

    /// The members in increasing order.
    #[inline]
    pub fn iter(&self) -> Iter<W> {
        Iter {
            words: self.words,
            word: 0,
            current: if W > 0 { self.words[0] } else { 0 },
        }
    }
}

/// The members of a [`BitSet`] in increasing order (the lowest bit popped at each step).
#[derive(Clone, Debug)]
pub struct Iter<const W: usize> {
    words: [u64; W],
    /// The word being popped.
    word: usize,
    /// What is left of it.
    current: u64,
}

impl<const W: usize> Iterator for Iter<W> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.current == 0 {
            self.word += 1;
            if self.word >= W {
                self.word = W;
                return None;
            }
            self.current = self.words[self.word];
        }
        let bit = self.current.trailing_zeros() as usize;
        self.current &= self.current - 1;
        Some(self.word * 64 + bit)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let rest: usize = self
            .words
            .iter()
            .skip(self.word + 1)
            .map(|w| w.count_ones() as usize)
            .sum();
        let n = rest + self.current.count_ones() as usize;
        (n, Some(n))
    }

    #[inline]
    fn fold<B, F: FnMut(B, usize) -> B>(self, init: B, mut f: F) -> B {
        let mut acc = init;
        let mut current = self.current;
        let mut word = self.word;
        while word < W {
            while current != 0 {
                acc = f(acc, word * 64 + current.trailing_zeros() as usize);
                current &= current - 1;
            }
            word += 1;
            if word < W {
                current = self.words[word];
            }
        }
        acc
    }
}

impl<const W: usize> ExactSizeIterator for Iter<W> {}
impl<const W: usize> std::iter::FusedIterator for Iter<W> {}

impl<const W: usize> IntoIterator for BitSet<W> {
    type Item = usize;
    type IntoIter = Iter<W>;
    #[inline]
    fn into_iter(self) -> Iter<W> {
        self.iter()
    }
}

impl<const W: usize> IntoIterator for &BitSet<W> {
    type Item = usize;
    type IntoIter = Iter<W>;
    #[inline]
    fn into_iter(self) -> Iter<W> {
        self.iter()
    }
}

impl<const W: usize> FromIterator<usize> for BitSet<W> {
    #[inline]
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Self {
        let mut s = Self::EMPTY;
        for i in iter {
            s.insert(i);
        }
        s
    }
}

impl<const W: usize> Extend<usize> for BitSet<W> {
    #[inline]
    fn extend<I: IntoIterator<Item = usize>>(&mut self, iter: I) {
        for i in iter {
            self.insert(i);
        }
    }
}

impl<const W: usize> fmt::Debug for BitSet<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

macro_rules! binary_op {
    ($Trait:ident, $method:ident, $AssignTrait:ident, $assign:ident, |$a:ident, $b:ident| $e:expr) => {
        impl<const W: usize> $Trait for BitSet<W> {
            type Output = Self;
            #[inline]
            fn $method(mut self, rhs: Self) -> Self {
                self.$assign(rhs);
                self
            }
        }
        impl<const W: usize> $AssignTrait for BitSet<W> {
            #[inline]
            fn $assign(&mut self, rhs: Self) {
                for (a, b) in self.words.iter_mut().zip(rhs.words) {
                    let ($a, $b) = (*a, b);
                    *a = $e;
                }
            }
        }
    };
}

binary_op!(BitOr, bitor, BitOrAssign, bitor_assign, |a, b| a | b);
binary_op!(BitAnd, bitand, BitAndAssign, bitand_assign, |a, b| a & b);
binary_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, |a, b| a ^ b);
binary_op!(Sub, sub, SubAssign, sub_assign, |a, b| a & !b);

impl<const W: usize> Not for BitSet<W> {
    type Output = Self;
    /// The complement within the whole width (all `64 * W` indices): mask with
    /// [`BitSet::full_within`] for a board that does not fill it.
    #[inline]
    fn not(mut self) -> Self {
        for w in &mut self.words {
            *w = !*w;
        }
        self
    }
}

impl From<u64> for BitSet<1> {
    #[inline]
    fn from(w: u64) -> Self {
        BitSet { words: [w] }
    }
}

impl From<BitSet<1>> for u64 {
    #[inline]
    fn from(s: BitSet<1>) -> u64 {
        s.words[0]
    }
}

impl From<u128> for BitSet<2> {
    #[inline]
    fn from(w: u128) -> Self {
        BitSet {
            words: [w as u64, (w >> 64) as u64],
        }
    }
}

impl From<BitSet<2>> for u128 {
    #[inline]
    fn from(s: BitSet<2>) -> u128 {
        u128::from(s.words[0]) | (u128::from(s.words[1]) << 64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_within_fills_exactly_n() {
        assert_eq!(BitSet::<2>::full_within(0), BitSet::EMPTY);
        assert_eq!(BitSet::<2>::full_within(64).count(), 64);
        assert_eq!(BitSet::<2>::full_within(65).count(), 65);
        assert_eq!(BitSet::<2>::full_within(128).count(), 128);
        assert_eq!(BitSet::<3>::full_within(130).last(), Some(129));
    }

    #[test]
    fn u128_round_trips() {
        let x: u128 = (1 << 100) | 7;
        let s = BitSet::<2>::from(x);
        assert_eq!(s.iter().collect::<Vec<_>>(), [0, 1, 2, 100]);
        assert_eq!(u128::from(s), x);
    }
}
