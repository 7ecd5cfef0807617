//! The search proper: iterative deepening over a principal variation search (alpha-beta
//! with null windows), with the transposition table, late-move reductions and multi-PV at
//! the root. One [`Searcher`] per thread.

use crate::limits::Limits;
use crate::pruning::Pruning;
use crate::result::{PvLine, SearchResult};
use crate::score::{from_tt, is_decisive, outcome_score, to_tt, Score, INF, MATE};
use crate::tt::{move_hash, Bound, Entry, Table};
use crate::{ordering, LEGALITY_NODES_PER_NODE, MAX_PLY, MAX_QUIESCENCE_PLY};
use crate::{NODE_LEGALITY_NODES, ROOT_LEGALITY_NODES};
use chimera_core::{Budget, Color, Evaluate, Game, Position};
use ordering::{hash_of, key_of, HISTORY_SIZE, KEY_COUNTER, KEY_HASH, KEY_NOISY};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How many nodes pass between two looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 256;
/// The first iteration searched in an aspiration window.
const ASPIRATION_DEPTH: i32 = 4;
/// The aspiration window's half width at first; it doubles on each failure.
const ASPIRATION_WINDOW: i32 = 35;
/// Past this half width the window is opened fully.
const ASPIRATION_MAX: i32 = 1_000;
/// Internal iterative reduction applies from this depth.
const IIR_DEPTH: i32 = 4;
/// Singular extensions apply from this depth, to a hash move stored at least this deep
/// less [`SINGULAR_TT_MARGIN`] plies, as a lower bound or an exact score. From depth 6
/// rather than 8: SPRT H1 at 25,000 nodes a move, 828 pairs, +21.2 (+7.1 to +35.4).
const SINGULAR_DEPTH: i32 = 6;
const SINGULAR_TT_MARGIN: i32 = 3;
/// The singular search's window lies this much per ply of depth below the stored score.
const SINGULAR_MARGIN: i32 = 2;
/// The quiet moves of a node whose history a cutoff lowers: the first this many.
const MAX_QUIETS_REMEMBERED: usize = 64;
/// A late quiet move's reduction shrinks by one ply per this much history score (butterfly
/// plus continuation), and grows as much for a score as far below 0.
const LMR_HISTORY_DIVISOR: i32 = 12_000;

/// What the move loop needs to know of its node.
#[derive(Clone, Copy)]
struct Node {
    depth: i32,
    ply: usize,
    us: Color,
    pv_node: bool,
    in_check: bool,
    /// The static score, where the variant allows pruning on it (see `pruning`).
    eval: Option<i32>,
    /// Whether the hash move is singular (see [`Searcher::singular_extension`]): searched a
    /// ply deeper.
    singular: bool,
}

/// Late-move reductions: `table[depth][moves searched]`, about ln(depth) × ln(moves) / 2.
pub(crate) struct Reductions {
    table: [[u8; 64]; 64],
}

impl Reductions {
    /// The reduction of the `searched`-th move (from 0) at `depth`; one less on the
    /// principal variation.
    #[inline]
    fn get(&self, depth: i32, searched: usize, pv_node: bool) -> i32 {
        if depth < 3 || searched < 3 {
            return 0;
        }
        let r = i32::from(self.table[(depth as usize).min(63)][searched.min(63)]);
        r - i32::from(pv_node && r > 0)
    }
}

/// The reductions table, computed once.
fn reductions() -> &'static Reductions {
    static TABLE: std::sync::OnceLock<Reductions> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = [[0u8; 64]; 64];
        for (d, row) in table.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                let v = 0.75 + (d as f64).ln() * (m as f64).ln() / 2.25;
                *r = v.clamp(0.0, 32.0) as u8;
            }
        }
        Reductions { table }
    })
}

/// Whether a search from `root` uses the countermoves, the continuation histories and the
/// reductions by history: where the variant says what a check is or allows a null move at
/// the root ([`Evaluate::in_check`], [`Evaluate::null_move`]), which chess alone does (at
/// every root but one where the side to move, not in check, has only its king and pawns).
/// Measured for chess. In the other variants (at 20,000 nodes a move against main's
/// search) they were no clear gain: Turret 58.0 % over 100 games (Elo +56 ± 68), Turtle
/// Shell 46.5 % and 50.0 % in two matches of 100 (Elo −12, −59 to +34, together); there the search
/// stays main's, move for move.
fn uses_histories<P: Evaluate>(root: &P) -> bool {
    root.in_check() || root.null_move().is_some()
}

/// The game's earlier positions (indexed, as the history hooks take them) and its current one.
pub(crate) fn split<P: Position>(game: &Game<P>) -> (chimera_core::History<'_, P>, &P) {
    (game.history(), game.position())
}

/// One thread's search: its own copy of the game, move lists and tables per ply; the
/// transposition table shared.
pub(crate) struct Searcher<'a, P: Evaluate> {
    pub(crate) game: Game<P>,
    pub(crate) tt: &'a Table,
    pub(crate) history: &'a mut Vec<i32>,
    /// 0 for the main thread; helper threads (Lazy SMP) number from 1.
    thread: usize,
    /// Per ply: the moves with their ordering keys.
    pub(crate) lists: Vec<Vec<(P::Move, i64)>>,
    /// Scratch for listing moves.
    legal: Vec<P::Move>,
    pub(crate) undecided: Vec<P::Move>,
    /// Triangular principal-variation table.
    pub(crate) pv: Vec<Vec<P::Move>>,
    pub(crate) killers: Vec<[Option<P::Move>; 2]>,
    /// Per ply, the hash of the move played there in the line searched (0 for a null
    /// move): the continuation histories and the countermoves are indexed by it.
    pub(crate) stack: Vec<u64>,
    /// The countermoves, by side and the opponent's move before (as the history table).
    pub(crate) counters: Vec<Option<P::Move>>,
    /// Whether the countermoves, the continuation histories and the reductions by history
    /// are used: where the variant gives the search the means to prune (see
    /// [`uses_histories`]).
    pub(crate) histories: bool,
    /// Per ply, the static score where pruning is allowed (see `pruning`).
    pub(crate) evals: Vec<Option<i32>>,
    /// Per ply, the hash move left out of a singular search of that node (its
    /// [`move_hash`]), 0 for none.
    singular: Vec<u32>,
    /// Per ply, the quiet moves searched so far at that node (their history is lowered when
    /// a later quiet move cuts off).
    quiets: Vec<Vec<P::Move>>,
    /// Root moves left out of this search (the lines already found, under multi-PV).
    excluded: Vec<P::Move>,
    /// Per ply, a game reused for the line after a null move (see `pruning`).
    pub(crate) null_games: Vec<Option<Game<P>>>,
    /// Late-move reductions by depth and move number.
    reductions: &'static Reductions,
    nodes: u64,
    /// Legality nodes spent listing moves below the root (see [`LEGALITY_NODES_PER_NODE`]).
    legality_nodes: u64,
    pub(crate) seldepth: u32,
    /// Whether listing moves has ever spent legality nodes (Tiling Rider): only then does
    /// a node's legality budget look at the clock and the stop flag.
    legality_costs: bool,
    max_nodes: Option<u64>,
    deadline: Option<Instant>,
    stop: Option<Arc<AtomicBool>>,
    pub(crate) aborted: bool,
    /// The best root move of the current iteration so far, with its score.
    root_best: Option<(P::Move, i32)>,
    /// The score of the last iteration completed (the centre of the aspiration window).
    last_score: i32,
    /// The number of the game's positions before the root: a position repeated at or after
    /// this index is a repetition inside the searched line.
    pub(crate) root_len: usize,
}

impl<'a, P: Evaluate> Searcher<'a, P> {
    pub(crate) fn new(
        game: &Game<P>,
        tt: &'a Table,
        history: &'a mut Vec<i32>,
        limits: &Limits,
        start: Instant,
        thread: usize,
    ) -> Searcher<'a, P> {
        Searcher {
            game: game.clone(),
            tt,
            history,
            thread,
            lists: (0..=MAX_PLY + MAX_QUIESCENCE_PLY)
                .map(|_| Vec::with_capacity(64))
                .collect(),
            legal: Vec::with_capacity(256),
            undecided: Vec::new(),
            pv: (0..=MAX_PLY + MAX_QUIESCENCE_PLY)
                .map(|_| Vec::with_capacity(MAX_PLY))
                .collect(),
            killers: vec![[None; 2]; MAX_PLY + MAX_QUIESCENCE_PLY + 1],
            stack: vec![0; MAX_PLY + MAX_QUIESCENCE_PLY + 1],
            counters: vec![None; 2 * HISTORY_SIZE],
            histories: uses_histories(game.position()),
            evals: vec![None; MAX_PLY + MAX_QUIESCENCE_PLY + 1],
            singular: vec![0; MAX_PLY + 1],
            quiets: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            excluded: Vec::with_capacity(limits.multipv.max(1)),
            null_games: (0..=MAX_PLY).map(|_| None).collect(),
            reductions: reductions(),
            nodes: 0,
            legality_nodes: 0,
            seldepth: 0,
            legality_costs: false,
            max_nodes: limits.nodes,
            deadline: limits.time.map(|t| start.checked_add(t).unwrap_or(start)),
            stop: limits.stop.clone(),
            aborted: false,
            root_best: None,
            last_score: 0,
            root_len: game.history().len(),
        }
    }

    /// Searches within `limits` from now on (its node count, deadline from `start` and stop
    /// flag), the root's moves kept: the whole-turn search gives this search a share.
    pub(crate) fn limit_to(&mut self, limits: &Limits, start: Instant) {
        self.max_nodes = limits.nodes;
        self.deadline = limits.time.map(|t| start.checked_add(t).unwrap_or(start));
        self.stop = limits.stop.clone();
    }

    /// Iterative deepening from the root, whose moves are listed (and not empty). A helper
    /// thread with an odd number searches each depth one ply deeper than the main thread.
    pub(crate) fn iterate(
        &mut self,
        limits: &Limits,
        start: Instant,
        progress: &mut dyn FnMut(&SearchResult<P::Move>),
    ) -> SearchResult<P::Move> {
        let first = self.lists[0][0].0;
        let max_depth = limits
            .depth
            .map_or(MAX_PLY as u32 - 1, |d| d.clamp(1, MAX_PLY as u32 - 1));
        let wanted = limits.multipv.clamp(1, self.lists[0].len());
        let mut result = SearchResult {
            best_move: first,
            score: Score::Centipawns(0),
            pv: vec![first],
            depth: 0,
            seldepth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            stopped: false,
            lines: vec![PvLine {
                score: Score::Centipawns(0),
                pv: vec![first],
            }],
        };
        let skew = (self.thread % 2) as u32;
        for depth in (1 + skew)..=max_depth {
            let Some(lines) = self.search_lines(depth as i32, wanted) else {
                // The cut iteration's best move so far, if it found one that raised alpha:
                // at the first depth anything, later the move it prefers to the last
                // iteration's (one line only).
                if let Some((mv, score)) = self.root_best {
                    if result.depth == 0 || (wanted == 1 && mv != result.best_move) {
                        result.best_move = mv;
                        result.pv = self.pv[0].clone();
                        if result.pv.first() != Some(&mv) {
                            result.pv = vec![mv];
                        }
                        result.score = Score::from_internal(score);
                        result.lines = vec![PvLine {
                            score: result.score,
                            pv: result.pv.clone(),
                        }];
                    }
                }
                break;
            };
            let score = lines[0].0;
            result.depth = depth;
            result.score = Score::from_internal(score);
            result.pv = lines[0].1.clone();
            if let Some(&mv) = result.pv.first() {
                result.best_move = mv;
            }
            result.lines = lines
                .into_iter()
                .map(|(s, pv)| PvLine {
                    score: Score::from_internal(s),
                    pv,
                })
                .collect();
            result.nodes = self.nodes;
            result.seldepth = self.seldepth;
            result.elapsed = start.elapsed();
            progress(&result);
            // A forced result found within the depth searched cannot change any more.
            if is_decisive(score) && (MATE - score.abs()) as u32 <= depth {
                break;
            }
            if limits.soft_time.is_some_and(|soft| start.elapsed() >= soft) {
                break;
            }
        }
        result.stopped = self.aborted;
        result.nodes = self.nodes;
        result.seldepth = self.seldepth;
        result.elapsed = start.elapsed();
        result
    }

    /// One iteration: the best `wanted` root lines at `depth` (each search leaving out the
    /// moves of the lines before it), best first, with their scores; `None` if a limit cut
    /// the iteration short.
    fn search_lines(&mut self, depth: i32, wanted: usize) -> Option<Vec<(i32, Vec<P::Move>)>> {
        self.excluded.clear();
        let mut lines: Vec<(i32, Vec<P::Move>)> = Vec::with_capacity(wanted);
        for k in 0..wanted {
            self.root_best = None;
            let score = if k == 0 {
                self.aspiration(depth)
            } else {
                self.search(depth, 0, -INF, INF)
            };
            if self.aborted {
                return None;
            }
            let Some(&mv) = self.pv[0].first() else {
                break;
            };
            lines.push((score, self.pv[0].clone()));
            self.excluded.push(mv);
        }
        // Later lines searched without the first ones may come out a little higher.
        lines.sort_by_key(|l| std::cmp::Reverse(l.0));
        Some(lines)
    }

    /// The root searched to `depth` in a window around the last iteration's score, widened
    /// until the score falls inside it (aspiration windows).
    fn aspiration(&mut self, depth: i32) -> i32 {
        let previous = self.last_score;
        if depth < ASPIRATION_DEPTH || is_decisive(previous) {
            let score = self.search(depth, 0, -INF, INF);
            self.last_score = score;
            return score;
        }
        let mut delta = ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = (previous - delta, previous + delta);
        loop {
            let score = self.search(depth, 0, alpha, beta);
            if self.aborted {
                return score;
            }
            if score <= alpha {
                alpha = (score - delta).max(-INF);
            } else if score >= beta {
                beta = (score + delta).min(INF);
            } else {
                self.last_score = score;
                return score;
            }
            delta *= 2;
            if delta > ASPIRATION_MAX {
                (alpha, beta) = (-INF, INF);
            }
        }
    }

    /// The principal variation at `ply` becomes `mv` followed by the one found below it.
    pub(crate) fn record_pv(&mut self, ply: usize, mv: P::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// Whether the position with `key` occurred earlier in the searched line (at the root
    /// or after it; the most recent earlier occurrence is enough).
    #[inline]
    pub(crate) fn repeats_in_line(&self, earlier: chimera_core::History<'_, P>, key: u64) -> bool {
        earlier
            .with_key(key)
            .next()
            .is_some_and(|j| j >= self.root_len)
    }

    /// Counts a node; `true` when a limit says stop.
    #[inline]
    pub(crate) fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        self.nodes += 1;
        let over_nodes = self.max_nodes.is_some_and(|m| {
            self.nodes > m || self.legality_nodes >= m.saturating_mul(LEGALITY_NODES_PER_NODE)
        });
        let check = self.nodes % CHECK_EVERY == 0;
        if over_nodes
            || (check && self.deadline.is_some_and(|d| Instant::now() >= d))
            || (check
                && self
                    .stop
                    .as_ref()
                    .is_some_and(|s| s.load(Ordering::Relaxed)))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// The budget for listing the moves at `ply`. Below the root, under a node limit, it is
    /// also cut to what is left of the search's share of legality nodes, so that a node limit
    /// bounds the whole search's work (the root's list is always allowed its own budget).
    fn legality_budget(&self, ply: usize) -> Budget {
        let mut budget = Budget::nodes(match (ply, self.max_nodes) {
            (0, _) => ROOT_LEGALITY_NODES,
            (_, None) => NODE_LEGALITY_NODES,
            (_, Some(m)) => NODE_LEGALITY_NODES.min(
                m.saturating_mul(LEGALITY_NODES_PER_NODE)
                    .saturating_sub(self.legality_nodes),
            ),
        });
        if ply > 0 && !self.legality_costs {
            // Legality has been immediate so far: no need to read the clock at every node.
            return budget;
        }
        if let Some(d) = self.deadline {
            budget = budget.with_time(d.saturating_duration_since(Instant::now()));
        }
        if let Some(stop) = &self.stop {
            budget = budget.with_stop(stop.clone());
        }
        budget
    }

    /// Fills `lists[ply]` with the moves of the current position proven legal (history
    /// included), ordering keys zero; `self.undecided` keeps those the budget left open.
    /// Away from the root, the variant's selection of moves when it has one.
    pub(crate) fn list_moves(&mut self, ply: usize) {
        let (earlier, current) = split(&self.game);
        self.undecided.clear();
        if !current.selective_moves(&mut self.legal) {
            let mut budget = self.legality_budget(ply);
            current.legal_moves_within(&mut self.legal, &mut self.undecided, &mut budget);
            if ply == 0
                && self.legal.is_empty()
                && !self.undecided.is_empty()
                && self.deadline.is_some()
                && budget.used() < ROOT_LEGALITY_NODES
            {
                // The clock cut the root's list before any move was proven (Tiling Rider
                // at a short time a turn): a move is owed, so the list is made again on
                // the root's node budget alone (bounded; the stop flag still cuts it),
                // rather than the search giving up with no move to play.
                self.legal.clear();
                self.undecided.clear();
                let mut budget = Budget::nodes(ROOT_LEGALITY_NODES);
                if let Some(stop) = &self.stop {
                    budget = budget.with_stop(stop.clone());
                }
                current.legal_moves_within(&mut self.legal, &mut self.undecided, &mut budget);
            }
            self.legality_costs |= budget.used() > 0;
            if ply > 0 {
                self.legality_nodes += budget.used();
            }
            current.retain_history_legal(earlier, &mut self.undecided);
        }
        current.retain_history_legal(earlier, &mut self.legal);
        let list = &mut self.lists[ply];
        list.clear();
        list.extend(self.legal.iter().map(|&m| (m, 0)));
    }

    /// Fills `lists[ply]` with the noisy moves of the current position (history included)
    /// where the variant lists them alone ([`Evaluate::noisy_moves`]), and says whether it
    /// did; a position with some legal move then, even if none is noisy.
    pub(crate) fn list_noisy(&mut self, ply: usize) -> bool {
        let (earlier, current) = split(&self.game);
        if !current.noisy_moves(&mut self.legal) {
            return false;
        }
        self.undecided.clear();
        current.retain_history_legal(earlier, &mut self.legal);
        let list = &mut self.lists[ply];
        list.clear();
        list.extend(self.legal.iter().map(|&m| (m, 0)));
        true
    }

    /// The score of a position where no proven move is left: the rules' result, or the
    /// static score if some moves were left undecided.
    pub(crate) fn no_move_score(&self, ply: usize) -> i32 {
        let pos = self.game.position();
        if self.undecided.is_empty() {
            outcome_score(pos.no_move_outcome(), pos.turn(), ply)
        } else {
            pos.evaluate()
        }
    }

    /// Whether the move just played (a check) does not lose material in the exchange on its
    /// target ([`Evaluate::exchange_value`] at least 0, judged in the position before it):
    /// only such checks are extended. A check that hangs the checking piece is answered by
    /// taking it more often than not, and extending it spends the ply on a lost line. With
    /// reverse futility pruning to depth 8, futility to 5 and late-move pruning to 6, SPRT
    /// at 25,000 nodes a move: see docs/strength-log.md (session 41).
    fn sound_check(&self) -> bool {
        self.game
            .last_move()
            .map_or(true, |(before, mv)| before.exchange_at_least(mv, 0))
    }

    /// Searches the child reached by the move just played, from the parent's side's point
    /// of view: negated only if the side to move changed.
    #[inline]
    fn child(&mut self, us: Color, depth: i32, ply: usize, alpha: i32, beta: i32) -> i32 {
        if self.game.position().turn() == us {
            self.search(depth, ply + 1, alpha, beta)
        } else {
            -self.search(depth, ply + 1, -beta, -alpha)
        }
    }

    /// The principal variation search of the current position, `ply` plies from the root,
    /// to `depth` plies (then quiescence), within the window (`alpha`, `beta`).
    pub(crate) fn search(&mut self, depth: i32, ply: usize, alpha: i32, beta: i32) -> i32 {
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiescence(ply, 0, alpha, beta);
        }
        self.pv[ply].clear();
        if self.out_of_budget() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply as u32);
        let pv_node = beta - alpha > 1;
        let (earlier, pos) = split(&self.game);
        let us = pos.turn();
        let key = pos.zobrist();
        if ply > 0 {
            if let Some(outcome) = pos.terminal().or_else(|| pos.history_outcome(earlier)) {
                return outcome_score(outcome, us, ply);
            }
            // A position met again inside the searched line is scored as the draw the rules
            // make of its third occurrence: the side that could repeat once can repeat again.
            if self.repeats_in_line(earlier, key) {
                return 0;
            }
        }
        let in_check = pos.in_check();
        // A singular search (the node again without its hash move) neither takes nor
        // leaves a result in the table.
        let excluded = self.singular[ply] != 0;
        let (entry, cutoff) = if excluded {
            (None, None)
        } else {
            self.probe(key, depth, ply, (alpha, beta), pv_node)
        };
        if let Some(s) = cutoff {
            return s;
        }
        let hash_move = entry.and_then(|e| e.mv);
        // Internal iterative reduction: a node the table has no move for is searched a ply
        // shallower (its ordering is a guess; the next iteration finds the move).
        let depth = if ply > 0 && hash_move.is_none() && depth >= IIR_DEPTH {
            depth - 1
        } else {
            depth
        };
        // A singular search keeps the node's static score (and prunes on it).
        let mut eval = if excluded { self.evals[ply] } else { None };
        if !excluded {
            self.evals[ply] = None;
        }
        if ply > 0 && !in_check && !excluded {
            match self.prune((depth, ply), beta, pv_node, entry) {
                Pruning::Cut(s) => return s,
                Pruning::Search(e) => eval = e,
            }
        }
        // Singular extensions where the variant allows pruning.
        let prunable = eval.is_some();
        // The static score prunes off the principal variation only.
        let eval = eval.filter(|_| !pv_node);
        let mut singular = false;
        if let Some(e) = entry.filter(|_| ply > 0 && prunable && !excluded) {
            match self.singular_extension(e, depth, ply, beta) {
                Err(score) => return score,
                Ok(s) => singular = s,
            }
        }
        if ply > 0 {
            self.list_moves(ply);
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        if list.is_empty() {
            self.lists[ply] = list;
            return self.no_move_score(ply);
        }
        self.order_moves(&mut list, hash_move, ply, us);
        let node = Node {
            depth,
            ply,
            us,
            pv_node,
            in_check,
            eval,
            singular,
        };
        let (best, best_move) = self.search_moves(&mut list, node, alpha, beta);
        self.lists[ply] = list;
        if self.aborted {
            return 0;
        }
        if (ply > 0 || self.excluded.is_empty()) && !excluded {
            self.store(key, best, best_move, depth, ply, (alpha, beta));
        }
        best
    }

    /// The moves of a node, in order: the best score and move (the score is 0 and
    /// meaningless if the search was aborted).
    fn search_moves(
        &mut self,
        list: &mut [(P::Move, i64)],
        node: Node,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, Option<P::Move>) {
        let Node {
            depth,
            ply,
            us,
            pv_node,
            in_check,
            eval,
            singular,
        } = node;
        let mut best = -INF;
        let mut best_move = None;
        let mut searched = 0;
        let mut quiets = std::mem::take(&mut self.quiets[ply]);
        quiets.clear();
        for i in 0..list.len() {
            ordering::pick(list, i);
            let (mv, folded) = list[i];
            if ply == 0 && self.excluded.contains(&mv) {
                continue;
            }
            let key = key_of(folded);
            let hash = hash_of(&mv);
            if self.singular[ply] != 0 && crate::tt::move_hash(hash) == self.singular[ply] {
                continue;
            }
            // Reduced and pruned: the quiet moves ordered by history alone.
            let quiet = ordering::by_history(key);
            // Rewarded and penalised in the history: every quiet move, killers and a quiet
            // hash move included.
            let quiet_move = quiet
                || (KEY_COUNTER..KEY_NOISY).contains(&key)
                || (key >= KEY_HASH && !self.game.position().is_noisy(mv));
            self.stack[ply] = hash;
            let gives_check =
                match self.play_unless_pruned(mv, key, (eval, depth), (searched, alpha, best)) {
                    Ok(gives_check) => gives_check,
                    Err(skip) => {
                        best = best.max(skip);
                        continue;
                    }
                };
            // Checks that do not lose material in the exchange and a singular hash move are
            // searched a ply further (within the first half of the plies).
            let extend = (gives_check && self.sound_check()) || (singular && key >= KEY_HASH);
            let new_depth = depth - 1 + i32::from(extend && ply < MAX_PLY / 2);
            let score = if searched == 0 {
                self.child(us, new_depth, ply, alpha, beta)
            } else {
                // Late quiet moves are searched shallower first.
                let reduction = if quiet && !in_check && !gives_check && ply > 0 {
                    self.reduction(depth, searched, pv_node, key)
                } else {
                    0
                }
                .min(new_depth - 1)
                .max(0);
                self.search_late(us, (new_depth, reduction), ply, alpha, beta)
            };
            self.game.undo();
            searched += 1;
            if self.aborted {
                self.quiets[ply] = quiets;
                return (0, None);
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.record_pv(ply, mv);
                    if ply == 0 {
                        // Better than the window's floor: a move the iteration prefers
                        // even if a limit cuts it short.
                        self.root_best = Some((mv, score));
                    }
                    if score >= beta {
                        if quiet_move {
                            self.remember_cutoff(mv, depth, ply, us, &quiets);
                        }
                        break;
                    }
                }
            }
            if quiet_move && quiets.len() < MAX_QUIETS_REMEMBERED {
                quiets.push(mv);
            }
        }
        self.quiets[ply] = quiets;
        (best, best_move)
    }

    /// A move after the first (played) searched with a null window, `reduction` plies less
    /// than `depth` first, then to `depth` if it beats alpha, then with the whole window if
    /// it lands inside it: its score from the parent's side.
    fn search_late(
        &mut self,
        us: Color,
        (depth, reduction): (i32, i32),
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let mut s = self.child(us, depth - reduction, ply, alpha, alpha + 1);
        if s > alpha && reduction > 0 && !self.aborted {
            s = self.child(us, depth, ply, alpha, alpha + 1);
        }
        if s > alpha && s < beta && !self.aborted {
            s = self.child(us, depth, ply, alpha, beta);
        }
        s
    }

    /// The late-move reduction of a quiet move (its history score `history`), the
    /// `searched`-th at `depth`: the table's, less a ply per [`LMR_HISTORY_DIVISOR`] of
    /// history (more for a history below 0) where the search uses the histories.
    #[inline]
    fn reduction(&self, depth: i32, searched: usize, pv_node: bool, history: i64) -> i32 {
        let r = self.reductions.get(depth, searched, pv_node);
        if r > 0 && self.histories {
            r - history as i32 / LMR_HISTORY_DIVISOR
        } else {
            r
        }
    }

    /// Stores a node's result in the transposition table.
    fn store(
        &self,
        key: u64,
        best: i32,
        best_move: Option<P::Move>,
        depth: i32,
        ply: usize,
        (alpha, beta): (i32, i32),
    ) {
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(Entry {
            key,
            mv: best_move.map(|mv| move_hash(hash_of(&mv))),
            score: to_tt(best, ply),
            depth: depth.clamp(0, 255) as u8,
            bound,
        });
    }

    /// Singular extensions, at a node (not the root) where pruning is allowed, searched to
    /// `depth` against `beta`, whose stored entry `e` has a move and a lower bound or exact
    /// score from nearly as deep: the node is searched again without that move, half as
    /// deep, against a window below the stored score. `Ok(true)` if every other move fails
    /// low there (the hash move is singular: extend it); `Err(score)` if the other moves
    /// reach beta even so (several moves refute: the node's score, a multi-cut).
    fn singular_extension(
        &mut self,
        e: Entry,
        depth: i32,
        ply: usize,
        beta: i32,
    ) -> Result<bool, i32> {
        let Some(mv) = e.mv else {
            return Ok(false);
        };
        let tt_score = from_tt(e.score, ply);
        if depth < SINGULAR_DEPTH
            || e.bound == Bound::Upper
            || i32::from(e.depth) < depth - SINGULAR_TT_MARGIN
            || is_decisive(tt_score)
        {
            return Ok(false);
        }
        let singular_beta = tt_score - SINGULAR_MARGIN * depth;
        self.singular[ply] = mv;
        let score = self.search((depth - 1) / 2, ply, singular_beta - 1, singular_beta);
        self.singular[ply] = 0;
        if self.aborted {
            return Err(0);
        }
        if score < singular_beta {
            Ok(true)
        } else if singular_beta >= beta {
            Err(singular_beta)
        } else {
            Ok(false)
        }
    }

    /// The transposition table's entry for this node (its move orders first), and a score
    /// to return at once when a stored bound settles the node (never at the root or on the
    /// principal variation).
    fn probe(
        &self,
        key: u64,
        depth: i32,
        ply: usize,
        (alpha, beta): (i32, i32),
        pv_node: bool,
    ) -> (Option<Entry>, Option<i32>) {
        let Some(e) = self.tt.probe(key) else {
            return (None, None);
        };
        if ply == 0 || pv_node || i32::from(e.depth) < depth {
            return (Some(e), None);
        }
        let s = from_tt(e.score, ply);
        let settled = match e.bound {
            Bound::Exact => true,
            Bound::Lower => s >= beta,
            Bound::Upper => s <= alpha,
        };
        (Some(e), settled.then_some(s))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::ordering::HISTORY_LEN;
    use chimera_chess::Chess;

    /// `f` on a fresh searcher (a table of 2^16 entries, no history, no limits) of the chess
    /// position `fen` after its side to move plays `before` (a node with a move before it,
    /// so that it is not the one after a null move).
    pub(crate) fn with_searcher<R>(
        fen: &str,
        before: &str,
        f: impl FnOnce(&mut Searcher<'_, Chess>) -> R,
    ) -> R {
        let mut game = Game::new(Chess::from_fen(fen).unwrap());
        game.play_text(before).unwrap();
        let tt = Table::new(16);
        let mut history = vec![0; HISTORY_LEN];
        let limits = Limits::default();
        let mut searcher = Searcher::new(&game, &tt, &mut history, &limits, Instant::now(), 0);
        f(&mut searcher)
    }

    /// [`Searcher::singular_extension`] at `depth` against `beta`, at the chess position
    /// `fen` after its side to move plays `before`, for the hash move `mv` stored as a
    /// lower bound of `score` from `depth`.
    fn singular_at(fen: &str, before: &str, mv: &str, score: i32, depth: i32) -> Result<bool, i32> {
        with_searcher(fen, before, |searcher| {
            let mv = searcher.game.position().parse_move(mv).unwrap();
            let entry = Entry {
                key: 0,
                mv: Some(move_hash(hash_of(&mv))),
                score,
                depth: depth as u8,
                bound: Bound::Lower,
            };
            searcher.singular_extension(entry, depth, 1, score)
        })
    }

    #[test]
    fn singular_extensions_apply_from_their_depth() {
        let depth = SINGULAR_DEPTH;
        // White's rook takes the queen that attacks it: every other move loses the rook.
        let fen = "4k3/8/8/8/3q4/8/8/3RK3 b - - 0 1";
        assert_eq!(singular_at(fen, "e8e7", "d1d4", 500, depth), Ok(true));
        assert_eq!(singular_at(fen, "e8e7", "d1d4", 500, depth - 1), Ok(false));
        // A rook move that leaves the queen: taking it is better, so not singular.
        assert_eq!(singular_at(fen, "e8e7", "d1d2", 500, depth), Ok(false));
    }

    /// Whether the check `mv`, played by the side to move of the chess position `fen` after
    /// `before`, is extended ([`Searcher::sound_check`]).
    fn extended(fen: &str, before: &str, mv: &str) -> bool {
        with_searcher(fen, before, |searcher| {
            let mv = searcher.game.position().parse_move(mv).unwrap();
            searcher.game.play_unchecked(mv);
            assert!(
                Evaluate::in_check(searcher.game.position()),
                "{mv:?} gives check"
            );
            searcher.sound_check()
        })
    }

    #[test]
    fn only_checks_that_do_not_lose_material_are_extended() {
        // After …Ke8-e7: the queen checks from e2 and the rook from a7, where nothing can
        // take them; the queen checks from d7 and d6 too, next to the king, which takes her.
        let fen = "4k3/8/8/8/8/8/8/R2QK3 b - - 0 1";
        assert!(extended(fen, "e8e7", "d1e2"));
        assert!(extended(fen, "e8e7", "a1a7"));
        assert!(!extended(fen, "e8e7", "d1d7"));
        assert!(!extended(fen, "e8e7", "d1d6"));
    }
}
