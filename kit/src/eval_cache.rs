//! A small per-thread cache of evaluations by Zobrist key, for variants whose evaluation is
//! dear enough that the search's repeated visits (the next iteration, a transposition) are
//! worth remembering.
//!
//! One cache serves every variant in a thread: an entry is tagged with what it was made
//! with, a number distinct for each evaluation and weight set ([`weights_tag`]: the address
//! of the weight slice, distinct for each variant's [`WeightSet`](crate::tune::WeightSet)
//! and for a set loaded at run time; or the address of a static of the variant's own, for
//! an evaluation with fixed weights), so two variants, or two weight sets of one variant,
//! never read each other's scores. Two positions with
//! the same 64-bit key and weights would share a score: possible, but as unlikely as a
//! transposition table's key collision.
//!
//! ```
//! use chimera_kit::eval_cache;
//!
//! let weights = [3, 4];
//! let mut computed = 0;
//! let tag = eval_cache::weights_tag(&weights);
//! let mut eval = |key| eval_cache::cached(key, tag, || { computed += 1; 7 });
//! assert_eq!((eval(42), eval(42)), (7, 7));
//! assert_eq!(computed, 1);
//! ```

use std::cell::RefCell;

/// The entries of each thread's cache (a power of two): 65,536 entries of 24 bytes
/// (1.5 MiB). Eight times the 8,192 of before: a chess search of 200,000 nodes takes 3 to
/// 6.5 % fewer instructions with it, the same search (2^14 entries gave 1 to 2 %, 2^18
/// entries, 6 MiB for each thread to clear first, 4 to 9 %); docs/development.md, session
/// 44.
pub const CACHE_SIZE: usize = 1 << 16;

/// A remembered evaluation: the position's key, the weights' address and the score.
#[derive(Clone, Copy, Default)]
struct Cached {
    key: u64,
    weights: usize,
    score: i32,
}

thread_local! {
    /// One slot per key's low bits, allocated on first use.
    static CACHE: RefCell<Vec<Cached>> = const { RefCell::new(Vec::new()) };
}

/// The tag of an evaluation by `weights`: their address (never 0).
#[inline]
pub fn weights_tag(weights: &[i32]) -> usize {
    weights.as_ptr() as usize
}

/// The score for the position with Zobrist `key` by the evaluation `tag` names (not 0):
/// remembered if this thread evaluated it last in its slot, otherwise `evaluate()`,
/// remembered for next time.
#[inline]
pub fn cached(key: u64, tag: usize, evaluate: impl FnOnce() -> i32) -> i32 {
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        if cache.is_empty() {
            cache.resize(CACHE_SIZE, Cached::default());
        }
        let slot = &mut cache[key as usize & (CACHE_SIZE - 1)];
        if slot.key == key && slot.weights == tag {
            return slot.score;
        }
        let score = evaluate();
        *slot = Cached {
            key,
            weights: tag,
            score,
        };
        score
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn another_weight_set_or_key_is_evaluated_afresh() {
        let (a, b) = ([1], [1]);
        let (a, b) = (weights_tag(&a), weights_tag(&b));
        assert_ne!(a, b);
        assert_eq!(cached(5, a, || 10), 10);
        assert_eq!(cached(5, a, || 99), 10, "remembered");
        assert_eq!(cached(5, b, || 20), 20, "other weights");
        let other = 5 + CACHE_SIZE as u64;
        assert_eq!(cached(other, b, || 30), 30, "same slot, other key");
        assert_eq!(cached(5, b, || 40), 40, "the slot was taken over");
        assert_eq!(cached(0, a, || 50), 50, "key 0 is a key like any other");
        assert_eq!(cached(0, a, || 60), 50);
    }
}
