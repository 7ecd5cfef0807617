//! Pruning, of a node before its moves are searched ([`Searcher::prune`]) and of its late
//! moves before each is searched ([`Searcher::play_unless_pruned`]), where the variant
//! allows it ([`Evaluate::null_move`] gives a position: not in check, no likely zugzwang,
//! never in the middle of a multi-action turn):
//!
//! - reverse futility pruning: near the leaves, a static score far above beta is taken as
//!   a cutoff;
//! - razoring: at the last plies, a static score far below beta is checked by quiescence
//!   alone, whose score is taken if it stays below beta too;
//! - null-move pruning: if passing and searching the opponent's reply shallower still
//!   leaves the score at or above beta, the node is cut. The line after the null move is
//!   searched on a game of its own (no earlier position can repeat in it), one per ply,
//!   reused; two null moves never follow each other;
//! - futility and late-move pruning: near the leaves, quiet moves are skipped where the
//!   static score with a margin stays below alpha, and after the first few moves;
//! - exchange pruning: near the leaves, late quiet moves and losing captures are skipped
//!   where they lose more material in the exchange on their target
//!   ([`Evaluate::exchange_value`]) than the depth allows (see [`loses_too_much`]).
//!
//! The static score is corrected by the node's stored result where there is one: a lower
//! bound above it, an upper bound below it or an exact score replaces it (not a mate score).
//! At 25,000 nodes a move, 400 games against the search without it: +23.5 Elo (−4.8 to
//! +52.1).
//!
//! The static score of a node where pruning is allowed (on the principal variation too) is
//! kept per ply: the search extends singular moves at such nodes only, and the singular
//! search of a node prunes on its score.

use crate::ordering::{by_history, KEY_COUNTER};
use crate::score::{from_tt, is_decisive, INF};
use crate::search::Searcher;
use crate::tt::{Bound, Entry};
use chimera_core::{Evaluate, Game};

/// Reverse futility pruning applies up to this depth (6 before session 41; 8 together
/// with the futility and late-move pruning depths below and `Searcher::sound_check`:
/// SPRT H1, docs/strength-log.md, session 41).
const RFP_DEPTH: i32 = 8;
/// Its margin per ply of depth.
const RFP_MARGIN: i32 = 80;
/// Null-move pruning applies from this depth.
const NMP_DEPTH: i32 = 3;
/// Razoring applies up to this depth. With singular extensions from depth 6, SPRT H1 at
/// 25,000 nodes a move: 500 pairs, +29.6 (+12.1 to +47.2).
const RAZOR_DEPTH: i32 = 2;
/// Its margin per ply of depth.
const RAZOR_MARGIN: i32 = 300;

/// Futility pruning applies up to this depth (3 before session 41).
const FUTILITY_DEPTH: i32 = 5;
/// Its margin: this, plus this per ply of depth.
const FUTILITY_MARGIN: i32 = 100;
/// Late-move pruning applies up to this depth (4 before session 41).
const LMP_DEPTH: i32 = 6;

/// Exchange pruning applies up to this depth.
const EXCHANGE_DEPTH: i32 = 8;
/// A late quiet move is skipped where it loses more than this × depth² + this × depth …
const EXCHANGE_QUIET: (i32, i32) = (25, 20);
/// … a losing capture where it loses more than this × depth.
const EXCHANGE_NOISY: i32 = 200;

/// Whether a late move `mv` (not the first searched, not the hash move, a killer or the
/// countermove) of a node that prunes, searched to `depth`, is skipped because it loses
/// too much in the exchange on its target: a quiet move more than 25 × depth² + 20 ×
/// depth, a capture more than 200 × depth (a pawn is 100), up to depth 8. Checks are
/// searched all the same (the caller's test, after the move).
#[inline]
fn loses_too_much<P: Evaluate>(pos: &P, mv: P::Move, depth: i32, quiet: bool) -> bool {
    if depth > EXCHANGE_DEPTH {
        return false;
    }
    let floor = if quiet {
        EXCHANGE_QUIET.0 * depth * depth + EXCHANGE_QUIET.1 * depth
    } else {
        EXCHANGE_NOISY * depth
    };
    !pos.exchange_at_least(mv, -floor)
}

/// What [`Searcher::prune`] decides.
pub(crate) enum Pruning {
    /// The node's score, without searching its moves.
    Cut(i32),
    /// Search the moves; with the static score if the variant allows pruning on it.
    Search(Option<i32>),
}

/// Whether a quiet move (not giving check, not the first searched) of a node with static
/// score `eval` (if pruning is allowed there), searched to `depth` after `searched` others
/// against `alpha`, is skipped: futility (the static score with a margin stays below
/// alpha) or late-move pruning (near the leaves, after the first few moves). The score to
/// count for it if so.
#[inline]
fn futile(eval: Option<i32>, depth: i32, searched: usize, alpha: i32) -> Option<i32> {
    let eval = eval?;
    if is_decisive(alpha) {
        return None;
    }
    let margin = eval + FUTILITY_MARGIN * (depth + 1);
    if depth <= FUTILITY_DEPTH && margin <= alpha {
        return Some(margin);
    }
    if depth <= LMP_DEPTH && searched as i32 >= 3 + depth * depth {
        return Some(-crate::score::INF);
    }
    None
}

impl<P: Evaluate> Searcher<'_, P> {
    /// What to do with a node at `ply` (not in check), to be searched to `depth` against
    /// `beta`, whose stored result is `entry` (if any); on the principal variation
    /// (`pv_node`) nothing is cut, the static score is only kept.
    pub(crate) fn prune(
        &mut self,
        (depth, ply): (i32, usize),
        beta: i32,
        pv_node: bool,
        entry: Option<Entry>,
    ) -> Pruning {
        // Right after a null move (its game has no move yet), no second one.
        if is_decisive(beta) || self.game.moves().is_empty() {
            return Pruning::Search(None);
        }
        let pos = self.game.position();
        let Some(null) = pos.null_move() else {
            return Pruning::Search(None);
        };
        let mut eval = pos.evaluate();
        // A stored bound on the node's score that lies beyond the static score in its
        // direction is the better estimate.
        if let Some(e) = entry {
            let s = from_tt(e.score, ply);
            let better = match e.bound {
                Bound::Exact => true,
                Bound::Lower => s > eval,
                Bound::Upper => s < eval,
            };
            if better && !is_decisive(s) {
                eval = s;
            }
        }
        self.evals[ply] = Some(eval);
        if pv_node {
            return Pruning::Search(Some(eval));
        }
        if depth <= RFP_DEPTH && eval - RFP_MARGIN * depth >= beta {
            return Pruning::Cut(eval);
        }
        if depth <= RAZOR_DEPTH && eval + RAZOR_MARGIN * depth < beta {
            let score = self.quiescence(ply, 0, beta - 1, beta);
            if self.aborted {
                return Pruning::Cut(0);
            }
            if score < beta {
                return Pruning::Cut(score);
            }
        }
        if depth >= NMP_DEPTH && eval >= beta {
            let reduction = 3 + depth / 4;
            let score = -self.null_search(null, depth - 1 - reduction, ply, beta);
            if self.aborted {
                return Pruning::Cut(0);
            }
            if score >= beta {
                return Pruning::Cut(if is_decisive(score) { beta } else { score });
            }
        }
        Pruning::Search(Some(eval))
    }

    /// Plays `mv`, keyed `key` in the order of a node with static score `eval` (where the
    /// node prunes) searched to `depth` after `searched` other moves against `alpha`, whose
    /// best score so far is `best`, unless it is pruned first ([`Searcher::skip_score`]). A
    /// move that gives check, or the first searched, is never pruned. Where the variant
    /// tells whether a move gives check without playing it ([`Evaluate::gives_check`]), a
    /// move pruned is never played. Whether the move played gives check; if it was pruned,
    /// the score to count for it (−[`INF`]: none).
    pub(crate) fn play_unless_pruned(
        &mut self,
        mv: P::Move,
        key: i64,
        (eval, depth): (Option<i32>, i32),
        (searched, alpha, best): (usize, i32, i32),
    ) -> Result<bool, i32> {
        if searched == 0 {
            self.game.play_unchecked(mv);
            return Ok(self.game.position().in_check());
        }
        let known = self.game.position().gives_check(mv);
        let skip = match known {
            Some(true) => None,
            _ => self.skip_score(mv, key, (eval, depth), (searched, alpha, best)),
        };
        if known == Some(false) {
            if let Some(score) = skip {
                return Err(score);
            }
        }
        self.game.play_unchecked(mv);
        let gives_check = self.game.position().in_check();
        debug_assert!(known.map_or(true, |k| k == gives_check), "gives_check");
        if let (false, Some(score)) = (gives_check, skip) {
            self.game.undo();
            return Err(score);
        }
        Ok(gives_check)
    }

    /// The score to count for a late move (not the first searched) if it is pruned unless
    /// it gives check, or `None` to search it: late-move pruning of a quiet one
    /// ([`futile`]: decided first, as it needs no exchange), exchange pruning of one that
    /// loses too much ([`loses_too_much`], not before a first move has a score that is not
    /// a forced loss), then futility pruning of a quiet one.
    fn skip_score(
        &self,
        mv: P::Move,
        key: i64,
        (eval, depth): (Option<i32>, i32),
        (searched, alpha, best): (usize, i32, i32),
    ) -> Option<i32> {
        let quiet = by_history(key);
        let futility = if quiet {
            futile(eval, depth, searched, alpha)
        } else {
            None
        };
        if futility == Some(-INF) {
            return futility;
        }
        // Exchange pruning takes those and the losing captures, all ordered after the
        // killers and the countermove.
        let losing = eval.is_some()
            && !is_decisive(best)
            && key < KEY_COUNTER
            && loses_too_much(self.game.position(), mv, depth, quiet);
        if losing {
            Some(-INF)
        } else {
            futility
        }
    }

    /// The score, for the side that passed, of the null position `null` searched to
    /// `depth` against the null window at `beta`.
    fn null_search(&mut self, null: P, depth: i32, ply: usize, beta: i32) -> i32 {
        let mut game = match self.null_games[ply].take() {
            Some(mut game) => {
                game.restart(null);
                game
            }
            None => Game::new(null),
        };
        std::mem::swap(&mut self.game, &mut game);
        self.stack[ply] = 0;
        // Every position of the null game is inside the searched line.
        let root_len = std::mem::replace(&mut self.root_len, 0);
        let score = self.search(depth, ply + 1, -beta, -beta + 1);
        self.root_len = root_len;
        std::mem::swap(&mut self.game, &mut game);
        self.null_games[ply] = Some(game);
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::tests::with_searcher;
    use chimera_chess::Chess;
    use chimera_core::Position;

    /// What [`Searcher::prune`] decides at `depth` against `beta` off the principal
    /// variation, in the chess position `fen` after its side to move plays `mv`, and the
    /// quiescence score of that node against the null window at `beta`.
    fn prune_after(fen: &str, mv: &str, depth: i32, beta: i32) -> (Pruning, i32) {
        with_searcher(fen, mv, |searcher| {
            let decision = searcher.prune((depth, 1), beta, false, None);
            let quiescence = searcher.quiescence(1, 0, beta - 1, beta);
            (decision, quiescence)
        })
    }

    #[test]
    fn exchange_pruning_skips_moves_that_lose_more_than_the_depth_allows() {
        let pos = Chess::from_fen("4k3/3p4/4p3/8/8/8/3QR3/4K3 w - - 0 1").unwrap();
        let mv = |text: &str| pos.parse_move(text).unwrap();
        // The queen steps where a pawn takes it: a quiet move that loses 900, skipped up to
        // depth 5 (25 × 5² + 20 × 5 = 725) and searched from depth 6 (1,020).
        let hanging = mv("d2d5");
        assert_eq!(pos.exchange_value(hanging), -900);
        for depth in 1..=5 {
            assert!(loses_too_much(&pos, hanging, depth, true), "{depth}");
        }
        assert!(!loses_too_much(&pos, hanging, 6, true));
        // The rook takes a pawn another pawn defends: a capture that loses 400, skipped at
        // depth 1 (200) and searched from depth 2 (400).
        let capture = mv("e2e6");
        assert_eq!(pos.exchange_value(capture), -400);
        assert!(loses_too_much(&pos, capture, 1, false));
        assert!(!loses_too_much(&pos, capture, 2, false));
        // A quiet move that loses nothing is never skipped, nor anything beyond the depth.
        let safe = mv("d2d3");
        assert!((1..=EXCHANGE_DEPTH).all(|d| !loses_too_much(&pos, safe, d, true)));
        assert!(!loses_too_much(&pos, hanging, EXCHANGE_DEPTH + 1, true));
    }

    #[test]
    fn razoring_returns_the_quiescence_score_far_below_beta() {
        // White, a knight against a queen, has no capture: the static score stays far below
        // beta at depth 1 and 2, and quiescence confirms it.
        let fen = "q3k3/8/8/8/8/8/8/4K2N b - - 0 1";
        for depth in 1..=RAZOR_DEPTH {
            let (decision, quiescence) = prune_after(fen, "e8e7", depth, 0);
            assert!(quiescence < -RAZOR_MARGIN, "{quiescence}");
            assert!(
                matches!(decision, Pruning::Cut(s) if s == quiescence),
                "depth {depth}"
            );
        }
        // Deeper, the node is searched.
        let (decision, _) = prune_after(fen, "e8e7", RAZOR_DEPTH + 1, 0);
        assert!(matches!(decision, Pruning::Search(Some(_))));
    }

    #[test]
    fn razoring_searches_where_quiescence_reaches_beta() {
        // White's rook against a queen: the static score is far below beta, but the rook
        // takes the undefended queen on d8, so the node is searched.
        let (decision, quiescence) = prune_after("3qk3/8/8/8/8/8/8/3RK3 b - - 0 1", "e8f7", 1, -50);
        assert!(quiescence >= -50, "{quiescence}");
        assert!(matches!(decision, Pruning::Search(Some(eval)) if eval + RAZOR_MARGIN < -50));
    }
}
