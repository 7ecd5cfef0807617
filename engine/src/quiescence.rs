//! Quiescence: past the search's depth, only noisy moves ([`Evaluate::is_noisy`]) are
//! played (those that do not lose material in the exchange, [`Evaluate::exchange_value`]),
//! until the position is quiet; the side to move may stand pat on the static score
//! (plus the variant's [`Evaluate::horizon_estimate`]), except in check
//! ([`Evaluate::in_check`]), where every move is searched. Where the variant lists its
//! noisy moves alone ([`Evaluate::noisy_moves`]: chess), quiescence does not list the others.

use crate::ordering::{fold, pick};
use crate::score::{from_tt, outcome_score, INF};
use crate::search::{split, Searcher};
use crate::tt::Bound;
use crate::{MAX_PLY, MAX_QUIESCENCE_PLY};
use chimera_core::Evaluate;

impl<P: Evaluate> Searcher<'_, P> {
    /// Quiescence: the static score, or better by playing noisy moves.
    pub(crate) fn quiescence(&mut self, ply: usize, qply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.pv[ply].clear();
        if self.out_of_budget() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply as u32);
        let (earlier, pos) = split(&self.game);
        let us = pos.turn();
        if let Some(outcome) = pos.terminal().or_else(|| pos.history_outcome(earlier)) {
            return outcome_score(outcome, us, ply);
        }
        // Any stored result (every depth reaches quiescence's) that settles the window.
        if let Some(e) = self.tt.probe(pos.zobrist()) {
            let s = from_tt(e.score, ply);
            let settled = match e.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
            };
            if settled {
                return s;
            }
        }
        let at_limit = qply >= MAX_QUIESCENCE_PLY || ply >= MAX_PLY + MAX_QUIESCENCE_PLY;
        // In check there is no standing pat: every move is an answer (up to the limit).
        let evading = pos.in_check() && !at_limit;
        let stand = if evading {
            -INF
        } else {
            pos.evaluate() + pos.horizon_estimate()
        };
        if stand >= beta || at_limit {
            return stand;
        }
        // The noisy moves alone where the variant lists them (then some move exists).
        let noisy_only = !evading && self.list_noisy(ply);
        if !noisy_only {
            self.list_moves(ply);
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        if list.is_empty() && !noisy_only {
            self.lists[ply] = list;
            return self.no_move_score(ply);
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        {
            let pos = self.game.position();
            if !noisy_only && !evading {
                list.retain(|&(mv, _)| pos.is_noisy(mv));
            }
            for (mv, k) in list.iter_mut() {
                *k = i64::from(pos.capture_value(*mv));
            }
        }
        fold(&mut list);
        for i in 0..list.len() {
            pick(&mut list, i);
            let mv = list[i].0;
            // A noisy move that loses in the exchange is left out, as it comes (the moves
            // after a cutoff are never judged; those kept keep their order).
            if !evading && !self.game.position().exchange_at_least(mv, 0) {
                continue;
            }
            self.game.play_unchecked(mv);
            let score = if self.game.position().turn() == us {
                self.quiescence(ply + 1, qply + 1, alpha, beta)
            } else {
                -self.quiescence(ply + 1, qply + 1, -beta, -alpha)
            };
            self.game.undo();
            if self.aborted {
                self.lists[ply] = list;
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.record_pv(ply, mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.lists[ply] = list;
        best
    }
}
