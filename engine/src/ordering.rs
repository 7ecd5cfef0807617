//! Move ordering: the hash move, then noisy moves by what they capture (most valuable
//! victim first), then two killer moves per ply, then the countermove (the quiet move that
//! last refuted the opponent's previous move), then the noisy moves that lose material
//! in the exchange ([`Evaluate::exchange_value`] below 0), then the quiet moves by their
//! history: the butterfly history (by the move and its side) plus two continuation
//! histories (by the move together with the move one ply and two plies before it).

use crate::search::Searcher;
use chimera_core::{Color, Evaluate};
use std::hash::{Hash, Hasher};

/// The entries of the history table per side (a power of two; moves index it by hash).
pub(crate) const HISTORY_SIZE: usize = 4096;
/// The continuation histories' entries, as a power of two: one table indexed by a hash of
/// (the earlier move, its distance of one or two plies, the side, the move).
const CONT_BITS: u32 = 16;
/// The length of the engine's history vector: the butterfly history of each side, then the
/// continuation histories.
pub(crate) const HISTORY_LEN: usize = 2 * HISTORY_SIZE + (1 << CONT_BITS);

// Ordering keys.
pub(crate) const KEY_HASH: i64 = 1 << 40;
pub(crate) const KEY_NOISY: i64 = 1 << 32;
pub(crate) const KEY_KILLER: i64 = 1 << 28;
/// The countermove: after the killers, before the losing noisy moves.
pub(crate) const KEY_COUNTER: i64 = KEY_KILLER - 1;
/// Noisy moves that lose material; below it, the quiet moves (history within
/// ±[`HISTORY_MAX`]).
pub(crate) const KEY_BAD_NOISY: i64 = 1 << 24;

/// Whether a move with ordering key `key` is ordered by its history alone (a quiet move
/// not the hash move, a killer or the countermove): the moves that late-move reductions
/// and pruning take.
#[inline]
pub(crate) fn by_history(key: i64) -> bool {
    key < KEY_BAD_NOISY
}

/// History scores stay within ±this.
pub(crate) const HISTORY_MAX: i32 = 16_384;
/// A cutoff at depth `d` moves a history score by this × d², up to [`HISTORY_BONUS_MAX`].
const HISTORY_BONUS_PER_DEPTH2: i32 = 16;
/// The largest step of a history score.
const HISTORY_BONUS_MAX: i32 = 1_600;

/// Moves a history score by `bonus` with gravity: the closer it already is to ±
/// [`HISTORY_MAX`] in that direction, the less it moves, so that it never leaves the range
/// and old knowledge fades as new cutoffs come.
#[inline]
pub(crate) fn gravity(h: &mut i32, bonus: i32) {
    *h += bonus - *h * bonus.abs() / HISTORY_MAX;
}

/// A small, fixed hasher for indexing the history table by a move.
struct MoveHasher(u64);

impl Hasher for MoveHasher {
    fn finish(&self) -> u64 {
        chimera_core::zobrist::splitmix64(self.0)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }
    fn write_u16(&mut self, i: u16) {
        self.write_u64(u64::from(i));
    }
    fn write_u32(&mut self, i: u32) {
        self.write_u64(u64::from(i));
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(17) ^ i).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
}

/// A 64-bit hash of a move: it indexes the history table, and the transposition table
/// stores part of it ([`crate::tt::move_hash`]).
#[inline]
pub(crate) fn hash_of<M: Hash>(mv: &M) -> u64 {
    let mut h = MoveHasher(0);
    mv.hash(&mut h);
    h.finish()
}

/// The history table's entry for a move (by its hash) of `side`.
pub(crate) fn history_index(hash: u64, side: Color) -> usize {
    side.index() * HISTORY_SIZE + (hash as usize & (HISTORY_SIZE - 1))
}

/// The continuation history's entry for a move (by its hash) of `side` played `distance`
/// plies (1 or 2) after the move `earlier` (by its hash).
#[inline]
pub(crate) fn cont_index(earlier: u64, distance: u64, hash: u64, side: Color) -> usize {
    let k = (earlier.rotate_left(23) ^ hash ^ (distance << 1 | side.index() as u64))
        .wrapping_mul(0x9E37_79B9_7F4A_7C15);
    2 * HISTORY_SIZE + (k >> (64 - CONT_BITS)) as usize
}

#[cfg(test)]
/// Orders a list by key, highest first, and on equal keys in the order generated: one
/// in-place sort (no allocation), the generation index folded into the key.
pub(crate) fn order<M>(list: &mut [(M, i64)]) {
    fold(list);
    list.sort_unstable_by_key(|e| std::cmp::Reverse(e.1));
}

/// Folds each entry's generation index into its key (so that keys are distinct and ties
/// keep the order generated), for [`pick`].
pub(crate) fn fold<M>(list: &mut [(M, i64)]) {
    let n = list.len() as i64;
    for (i, e) in list.iter_mut().enumerate() {
        e.1 = e.1 * (1 << 17) + (n - i as i64);
    }
}

/// The first moves are picked one at a time (most nodes that cut off do so in the first
/// few moves); past these the rest is sorted at once.
const PICKS: usize = 3;

/// Brings the `i`-th move in [`order`]'s order to `list[i]`, the entries before it being
/// the first `i` already (picked in turn, `i` = 0, 1, 2, …, on a [`fold`]ed list): the
/// highest key of the rest while `i` < [`PICKS`], then the rest sorted at once. The same
/// order as [`order`], the keys being distinct, without sorting the moves never reached.
#[inline]
pub(crate) fn pick<M>(list: &mut [(M, i64)], i: usize) {
    if i < PICKS {
        // The best key so far kept at hand, not read again from the list at each step.
        let Some(&(_, mut best_key)) = list.get(i) else {
            return;
        };
        let mut best = i;
        for (j, e) in list.iter().enumerate().skip(i + 1) {
            if e.1 > best_key {
                (best, best_key) = (j, e.1);
            }
        }
        list.swap(i, best);
    } else if i == PICKS {
        list[i..].sort_unstable_by_key(|e| std::cmp::Reverse(e.1));
    }
}

/// The ordering key of an entry [`order`] has sorted.
pub(crate) fn key_of(folded: i64) -> i64 {
    folded >> 17
}

impl<P: Evaluate> Searcher<'_, P> {
    /// Keys a node's moves for [`pick`]: the hash move, then noisy moves by what they
    /// capture, then the killers, then the losing noisy moves, then the quiet moves by
    /// their history.
    pub(crate) fn order_moves(
        &self,
        list: &mut [(P::Move, i64)],
        hash_move: Option<u32>,
        ply: usize,
        us: Color,
    ) {
        let pos = self.game.position();
        let killers = self.killers[ply];
        let counter = self.counter_move(ply, us);
        let (prev1, prev2) = (self.earlier_move(ply, 1), self.earlier_move(ply, 2));
        for (mv, k) in list.iter_mut() {
            let h = hash_of(mv);
            *k = if hash_move.is_some_and(|hm| crate::tt::move_hash(h) == hm) {
                KEY_HASH
            } else if pos.is_noisy(*mv) {
                let value = i64::from(pos.capture_value(*mv));
                if !pos.exchange_at_least(*mv, 0) {
                    KEY_BAD_NOISY + value
                } else {
                    KEY_NOISY + value
                }
            } else if Some(*mv) == killers[0] {
                KEY_KILLER + 1
            } else if Some(*mv) == killers[1] {
                KEY_KILLER
            } else if Some(*mv) == counter {
                KEY_COUNTER
            } else {
                i64::from(self.quiet_score(h, us, prev1, prev2))
            };
        }
        fold(list);
    }

    /// The hash of the move played `distance` plies before `ply` in the searched line, if
    /// there is one (not before the root, not a null move) and the search uses the
    /// continuation histories and countermoves ([`Searcher::histories`]).
    #[inline]
    pub(crate) fn earlier_move(&self, ply: usize, distance: usize) -> Option<u64> {
        if !self.histories {
            return None;
        }
        ply.checked_sub(distance)
            .map(|p| self.stack[p])
            .filter(|&h| h != 0)
    }

    /// The countermove of `us` at `ply`: the quiet move that last refuted the move before.
    #[inline]
    fn counter_move(&self, ply: usize, us: Color) -> Option<P::Move> {
        self.earlier_move(ply, 1)
            .and_then(|h| self.counters[history_index(h, us)])
    }

    /// A quiet move's history score (its hash `h`, its side `us`, the hashes of the moves
    /// one and two plies before it): the butterfly history plus the continuation histories.
    #[inline]
    pub(crate) fn quiet_score(
        &self,
        h: u64,
        us: Color,
        prev1: Option<u64>,
        prev2: Option<u64>,
    ) -> i32 {
        let mut score = self.history[history_index(h, us)];
        if let Some(p) = prev1 {
            score += self.history[cont_index(p, 1, h, us)];
        }
        if let Some(p) = prev2 {
            score += self.history[cont_index(p, 2, h, us)];
        }
        score
    }

    /// Moves the histories of a quiet move (by its hash) of `us` at `ply` by `bonus`.
    fn update_histories(&mut self, h: u64, us: Color, ply: usize, bonus: i32) {
        gravity(&mut self.history[history_index(h, us)], bonus);
        if let Some(p) = self.earlier_move(ply, 1) {
            gravity(&mut self.history[cont_index(p, 1, h, us)], bonus);
        }
        if let Some(p) = self.earlier_move(ply, 2) {
            gravity(&mut self.history[cont_index(p, 2, h, us)], bonus);
        }
    }

    /// A quiet move that caused a cutoff becomes this ply's first killer and the countermove
    /// of the move before, and gains history (butterfly and continuation); the quiet moves
    /// searched before it at that node (`tried`) lose as much.
    pub(crate) fn remember_cutoff(
        &mut self,
        mv: P::Move,
        depth: i32,
        ply: usize,
        us: Color,
        tried: &[P::Move],
    ) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        if let Some(p) = self.earlier_move(ply, 1) {
            self.counters[history_index(p, us)] = Some(mv);
        }
        let bonus = (HISTORY_BONUS_PER_DEPTH2 * depth * depth).min(HISTORY_BONUS_MAX);
        self.update_histories(hash_of(&mv), us, ply, bonus);
        for other in tried {
            self.update_histories(hash_of(other), us, ply, -bonus);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_stays_in_range() {
        let mut h = 0;
        for _ in 0..1_000 {
            gravity(&mut h, HISTORY_BONUS_MAX);
            assert!((0..=HISTORY_MAX).contains(&h), "{h}");
        }
        assert!(h > HISTORY_MAX / 2);
        for _ in 0..1_000 {
            gravity(&mut h, -HISTORY_BONUS_MAX);
            assert!((-HISTORY_MAX..=HISTORY_MAX).contains(&h), "{h}");
        }
        assert!(h < -HISTORY_MAX / 2);
    }

    #[test]
    fn continuation_entries_follow_the_butterfly_history() {
        let mut seen = std::collections::HashSet::new();
        for i in 0..10_000u64 {
            let (earlier, mv) = (hash_of(&i), hash_of(&(i * 7 + 3)));
            for distance in [1, 2] {
                for side in [Color::White, Color::Black] {
                    let k = cont_index(earlier, distance, mv, side);
                    assert!((2 * HISTORY_SIZE..HISTORY_LEN).contains(&k), "{k}");
                    seen.insert(k);
                }
            }
        }
        // 40,000 keys spread over the 65,536 entries (few collisions).
        assert!(seen.len() > 28_000, "{}", seen.len());
    }

    #[test]
    fn orders_by_key_then_generation() {
        let mut list = [('a', 1), ('b', 5), ('c', 1), ('d', 5), ('e', 0)];
        order(&mut list);
        let moves: Vec<char> = list.iter().map(|e| e.0).collect();
        assert_eq!(moves, ['b', 'd', 'a', 'c', 'e']);
        assert_eq!(key_of(list[0].1), 5);
        assert_eq!(key_of(list[4].1), 0);
    }

    /// Picking the moves one at a time gives [`order`]'s order, on lists of every length
    /// up to 40 with keys drawn from a few values (many ties).
    #[test]
    fn picking_in_turn_is_ordering() {
        let mut x = 12_345u64;
        for len in 0..=40usize {
            for _ in 0..20 {
                let keys: Vec<(usize, i64)> = (0..len)
                    .map(|m| {
                        x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                        (m, (x >> 60) as i64 - 4)
                    })
                    .collect();
                let mut sorted = keys.clone();
                order(&mut sorted);
                let mut picked = keys;
                fold(&mut picked);
                for i in 0..picked.len() {
                    pick(&mut picked, i);
                }
                assert_eq!(picked, sorted, "{len}");
            }
        }
    }
}
