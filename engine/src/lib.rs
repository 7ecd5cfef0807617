//! # chimera-engine
//!
//! A computer opponent for every Chimera variant: one game-tree search, generic over the
//! core's [`Position`], for any variant that implements [`chimera_core::Evaluate`].
//!
//! ## Where the evaluation lives
//!
//! The [`Evaluate`] trait (a static score, what a move captures, which moves are noisy, and
//! optionally a selection of moves away from the root) is defined in `chimera-core`, and
//! each variant implements it in its own crate (`src/eval.rs`), next to its board
//! representation. The variant crates do not depend on this crate, and this crate depends
//! on the core alone: a new variant gets the computer opponent by implementing that one
//! trait. Putting the trait here instead would have forced either every variant crate to
//! depend on the search, or this crate to depend on every variant and evaluate them through
//! their public API only.
//!
//! ## The search
//!
//! - Iterative deepening principal variation search (alpha-beta with null windows),
//!   with a transposition table keyed by [`Position::zobrist`] (allocated once),
//!   move ordering (the hash move, then noisy moves by [`Evaluate::capture_value`], then two
//!   killer moves per ply, then a history table), late-move reductions for quiet moves,
//!   and quiescence over the moves [`Evaluate::is_noisy`] calls noisy.
//! - History rules hold inside the search: it walks a [`Game`] (Ko through
//!   [`Position::retain_history_legal`], repetition through [`Position::history_outcome`]).
//! - A ply that does not hand the turn to the other side (Tiling Rider's multi-move turns:
//!   [`Position::turn`] is the same after the move) is searched as such: scores are negated
//!   only where the side to move changes, never per ply.
//! - Limits ([`Limits`]): a depth, a node count, a time and a stop flag, any of them
//!   together. The clock and the flag are read every 256 nodes, so a time limit is kept to
//!   within a few milliseconds (a node costs microseconds). A search limited by depth or
//!   nodes only, on one thread, is deterministic: the same game and limits give the same
//!   result.
//! - Threads ([`Limits::threads`]): Lazy SMP. Helper threads search the same root on their
//!   own copies of the game, every other one a ply deeper, sharing the transposition
//!   table, which is lock-free (two atomic words per entry, the key stored xor the data, so
//!   that a torn entry is never taken for another position's). The main thread's result is
//!   reported, with the nodes of all; the helpers stop when it does.
//! - Won and lost games are scored as "win in N" / "loss in N" plies ([`Score`]).
//! - No allocation per node: move lists, the principal-variation table and the game's
//!   position stack are reused from ply to ply.
//!
//! ## Expensive legality (Tiling Rider)
//!
//! Each node lists its moves with [`Position::legal_moves_within`] under a budget of its
//! own ([`ROOT_LEGALITY_NODES`] at the root, [`NODE_LEGALITY_NODES`] elsewhere, also cut by
//! the search's deadline and stop flag). Under a node limit of `n`, the nodes below the root
//! share at most `n` × [`LEGALITY_NODES_PER_NODE`] legality nodes, and the search stops when
//! they are spent, so that a node limit bounds the time too: without it, a Tiling Rider
//! search limited to 6,000 nodes could spend minutes proving which moves can still finish
//! the turn. A move the budget leaves undecided is treated as
//! not available: the search never plays a move that was not proven legal. A node with no
//! proven move but some undecided ones is scored statically (it is not a proven loss or
//! draw). For every other variant legality is immediate and the budget plays no part.
//!
//! ## Long turns (Tiling Rider)
//!
//! A Tiling Rider turn is up to dozens of actions, and at 0.1 s a move the search completes
//! about two of them: it sees neither the end of its own turn nor the opponent's answer.
//! Where it stands pat it therefore adds the variant's [`Evaluate::horizon_estimate`] to the
//! static score: the captures still on offer in this turn, the pieces the opponent's next
//! turn can take, pressure on each king and, far ahead, the hunt of the enemy king. Chosen
//! by measurement against the one-ply greedy player (which judges by the static score
//! alone, so the estimate does not strengthen it): at 0.1 s a move, without the estimate
//! the engine drew most games by the no-progress rule (20 games: 6 wins, 13 draws, 1
//! loss, 62.5 %); with it, 100 games gave 84 wins by checkmate, 16 draws and no loss
//! (92 %), and 100 games against a random mover 92 wins and 8 draws (96 %), as the
//! README's strength table records.
//!
//! ## Many moves (Triagonal)
//!
//! Triagonal has 11,660 turns at the start, almost all of them a Jack placement followed by a
//! normal move. Its [`Evaluate::selective_moves`] lists the turns without placement, and the
//! search considers only those (about 100), at the root too: the engine never places a
//! Jack. Chosen by measurement (`chimera match triagonal --games 100 --a time=0.1s --jobs 2`):
//! with every placement searched at the root, the first iteration did not even finish at
//! 0.1 s a move (average depth 0.4–0.9) and the engine scored 97.5 % against a random mover
//! and 96 % against the one-ply greedy player (4 kings lost); with the selection it reaches
//! depth 3 and scored 100 % against both. Valuing placements needs a cheaper way to
//! choose among them (a few candidate cells by a static rule, say) than searching all.
//!
//! ## Known approximations
//!
//! - The transposition table is keyed by the position alone, so a stored score may come
//!   from a line with another history (a repetition or a Ko that differs): as in chess
//!   engines, accepted. Legality never comes from the table: a stored move (kept as a
//!   32-bit hash of it) only orders the node's own legal moves.
//! - Quiescence stands pat on the static score, even in check or in the middle of a Tiling
//!   Rider turn.
//! - Scores count plies (actions); in Tiling Rider a turn is several plies.
//!
//! ```
//! use chimera_core::{Game, Position};
//! use chimera_engine::{Engine, Limits};
//! use chimera_turret::TurretChess;
//!
//! let game = Game::new(TurretChess::start(Default::default()));
//! let mut engine = Engine::new();
//! let result = engine.search(&game, &Limits::depth(2)).unwrap();
//! assert!(game.legal_move_list().contains(&result.best_move));
//! assert_eq!(result.depth, 2);
//! ```
#![forbid(unsafe_code)]

pub mod baseline;
mod tt;

use chimera_core::{Budget, Color, Evaluate, Game, Outcome, Position};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tt::{move_hash, Bound, Entry, Table};

/// The deepest search, in plies (iterations and the length of any line).
pub const MAX_PLY: usize = 128;
/// The most plies quiescence adds below a line's depth.
pub const MAX_QUIESCENCE_PLY: usize = 12;
/// The legality budget (in the variant's search nodes) for listing the root's moves.
pub const ROOT_LEGALITY_NODES: u64 = 2_000_000;
/// The legality budget for listing the moves of any other node.
pub const NODE_LEGALITY_NODES: u64 = 20_000;
/// Under a node limit, the legality nodes (below the root) that count as one search node:
/// a search limited to `n` nodes spends at most `n * LEGALITY_NODES_PER_NODE` of them.
pub const LEGALITY_NODES_PER_NODE: u64 = 64;
/// The default size of the transposition table, as a power of two (entries).
pub const DEFAULT_TT_BITS: u32 = 18;

/// The score of a win on the spot; a win in `n` plies is `MATE - n`.
const MATE: i32 = 1_000_000;
/// Scores beyond this are wins or losses.
const MATE_BOUND: i32 = MATE - 1_000;
const INF: i32 = MATE + 1;
/// How many nodes pass between two looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 256;
const HISTORY_SIZE: usize = 4096;

/// What limits a search: any combination of a depth, a node count, a time and a stop flag.
/// With none of them the search goes to [`MAX_PLY`], which may take forever: a program
/// facing users always sets one.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
    /// The most nodes (each position visited, quiescence included).
    pub nodes: Option<u64>,
    /// The longest time.
    pub time: Option<Duration>,
    /// Stops the search as soon as it is set (from another thread).
    pub stop: Option<Arc<AtomicBool>>,
    /// The threads searching (Lazy SMP on a shared transposition table); 0 or 1 for one.
    /// Only a one-thread search is deterministic. Each thread keeps the node limit, so a
    /// search of `n` threads visits at most `n` times [`Limits::nodes`].
    pub threads: usize,
}

impl Limits {
    /// Search to `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search at most `nodes` nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// Search for at most `time`.
    pub fn time(time: Duration) -> Limits {
        Limits {
            time: Some(time),
            ..Limits::default()
        }
    }

    /// These limits, searched on `threads` threads.
    pub fn with_threads(mut self, threads: usize) -> Limits {
        self.threads = threads;
        self
    }

    /// These limits, also stopped by `stop`.
    pub fn with_stop(mut self, stop: Arc<AtomicBool>) -> Limits {
        self.stop = Some(stop);
        self
    }
}

/// A search's score, from the point of view of the side to move at the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// No forced result seen: an estimate in centipawn-like units.
    Centipawns(i32),
    /// The side to move wins in this many plies (actions) at most, whatever the replies.
    WinIn(u32),
    /// The side to move loses in this many plies at most, whatever it plays.
    LossIn(u32),
}

impl Score {
    fn from_internal(s: i32) -> Score {
        if s >= MATE_BOUND {
            Score::WinIn((MATE - s) as u32)
        } else if s <= -MATE_BOUND {
            Score::LossIn((MATE + s) as u32)
        } else {
            Score::Centipawns(s)
        }
    }
}

impl fmt::Display for Score {
    /// `+0.35`, `win in 3 plies`, `loss in 1 ply`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plies = |n: u32| if n == 1 { "ply" } else { "plies" };
        match *self {
            Score::Centipawns(cp) => write!(
                f,
                "{}{}.{:02}",
                if cp < 0 { "-" } else { "+" },
                cp.unsigned_abs() / 100,
                cp.unsigned_abs() % 100
            ),
            Score::WinIn(n) => write!(f, "win in {n} {}", plies(n)),
            Score::LossIn(n) => write!(f, "loss in {n} {}", plies(n)),
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The move to play: always one proven legal, history included.
    pub best_move: M,
    /// Its score for the side to move.
    pub score: Score,
    /// The principal variation, starting with `best_move`.
    pub pv: Vec<M>,
    /// The deepest iteration completed (0 if a limit cut even the first one short: the move
    /// is then the best found so far, or the first in the search's order).
    pub depth: u32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// The nodes visited.
    pub nodes: u64,
    /// The time spent.
    pub elapsed: Duration,
    /// Whether a limit (time, nodes, stop flag) cut the search short, rather than the depth
    /// limit or a forced result.
    pub stopped: bool,
}

impl<M> SearchResult<M> {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            (self.nodes as f64 / secs) as u64
        } else {
            0
        }
    }
}

/// Why a search could not start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// The game is over.
    GameOver(Outcome),
    /// No move was proven legal within the root's legality budget (Tiling Rider), and the
    /// game is not proven over.
    NoProvenMove,
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::GameOver(outcome) => write!(f, "the game is over ({outcome})"),
            SearchError::NoProvenMove => f.write_str(
                "no move could be proven legal within the search's budget (and the game is \
                 not proven over); give the search more time",
            ),
        }
    }
}

impl std::error::Error for SearchError {}

/// A search engine for variant `P`: its transposition table and history persist between
/// searches (call [`Engine::clear`] for a fresh start).
#[derive(Clone, Debug)]
pub struct Engine<P: Evaluate> {
    tt: Table,
    history: Vec<i32>,
    /// The table stores moves by hash: the variant appears in the searches alone.
    variant: PhantomData<fn() -> P>,
}

impl<P: Evaluate> Default for Engine<P> {
    fn default() -> Self {
        Engine::new()
    }
}

impl<P: Evaluate> Engine<P> {
    /// An engine with the default transposition table (2^[`DEFAULT_TT_BITS`] entries).
    pub fn new() -> Engine<P> {
        Engine::with_tt_bits(DEFAULT_TT_BITS)
    }

    /// An engine with a transposition table of `2^bits` entries (`bits` at most 30).
    pub fn with_tt_bits(bits: u32) -> Engine<P> {
        Engine {
            tt: Table::new(bits.min(30)),
            history: vec![0; 2 * HISTORY_SIZE],
            variant: PhantomData,
        }
    }

    /// Forgets everything learnt in earlier searches.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
    }

    /// Searches the current position of `game` within `limits`, history included, on
    /// [`Limits::threads`] threads (Lazy SMP: the threads share the transposition table; the
    /// first thread's result is reported, with the nodes of all).
    pub fn search(
        &mut self,
        game: &Game<P>,
        limits: &Limits,
    ) -> Result<SearchResult<P::Move>, SearchError>
    where
        P: Send,
        P::Move: Send,
    {
        self.search_reporting(game, limits, &mut |_| {})
    }

    /// As [`Engine::search`], calling `progress` after each iteration the first thread
    /// completes with the result so far (its nodes are the first thread's): a protocol or
    /// a user interface shows how the search goes while it runs.
    pub fn search_reporting(
        &mut self,
        game: &Game<P>,
        limits: &Limits,
        progress: &mut dyn FnMut(&SearchResult<P::Move>),
    ) -> Result<SearchResult<P::Move>, SearchError>
    where
        P: Send,
        P::Move: Send,
    {
        let start = Instant::now();
        let tt = &self.tt;
        let mut main = Searcher::new(game, tt, &mut self.history, limits, start, 0);
        // The root's moves first: is there anything to search?
        if let Some(outcome) = game.position().terminal() {
            return Err(SearchError::GameOver(outcome));
        }
        let (earlier, current) = split(game);
        if let Some(outcome) = current.history_outcome(earlier) {
            return Err(SearchError::GameOver(outcome));
        }
        main.list_moves(0);
        if main.lists[0].is_empty() {
            return Err(if main.undecided.is_empty() {
                SearchError::GameOver(current.no_move_outcome())
            } else {
                SearchError::NoProvenMove
            });
        }
        let threads = limits.threads.max(1);
        if threads == 1 {
            return Ok(main.iterate(limits, start, progress));
        }
        // Helpers: their own history table (a copy), stopped when the main thread is done.
        let done = Arc::new(AtomicBool::new(false));
        let history = main.history.clone();
        std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads)
                .map(|i| {
                    let (game, mut history) = (game.clone(), history.clone());
                    let limits = Limits {
                        stop: Some(done.clone()),
                        ..limits.clone()
                    };
                    scope.spawn(move || {
                        let mut s = Searcher::new(&game, tt, &mut history, &limits, start, i);
                        s.list_moves(0);
                        let r = s.iterate(&limits, start, &mut |_| {});
                        (r.nodes, r.seldepth)
                    })
                })
                .collect();
            // The user's stop flag stops the main thread, which then stops the helpers.
            let mut result = main.iterate(limits, start, progress);
            done.store(true, Ordering::Relaxed);
            for h in helpers {
                if let Ok((nodes, seldepth)) = h.join() {
                    result.nodes += nodes;
                    result.seldepth = result.seldepth.max(seldepth);
                }
            }
            result.elapsed = start.elapsed();
            Ok(result)
        })
    }
}

/// The game's earlier positions (indexed, as the history hooks take them) and its current one.
fn split<P: Position>(game: &Game<P>) -> (chimera_core::History<'_, P>, &P) {
    (game.history(), game.position())
}

/// A score for `outcome`, seen by `to_move`, `ply` plies from the root.
fn outcome_score(outcome: Outcome, to_move: Color, ply: usize) -> i32 {
    match outcome.winner() {
        Some(w) if w == to_move => MATE - ply as i32,
        Some(_) => -(MATE - ply as i32),
        None => 0,
    }
}

fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
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
/// stores part of it ([`tt::move_hash`]).
#[inline]
fn hash_of<M: Hash>(mv: &M) -> u64 {
    let mut h = MoveHasher(0);
    mv.hash(&mut h);
    h.finish()
}

fn history_index(hash: u64, side: Color) -> usize {
    side.index() * HISTORY_SIZE + (hash as usize & (HISTORY_SIZE - 1))
}

// Ordering keys.
const KEY_HASH: i64 = 1 << 40;
const KEY_NOISY: i64 = 1 << 32;
const KEY_KILLER: i64 = 1 << 28;

/// Orders a list by key, highest first, and on equal keys in the order generated: one
/// in-place sort (no allocation), the generation index folded into the key.
fn order<M>(list: &mut [(M, i64)]) {
    let n = list.len() as i64;
    for (i, e) in list.iter_mut().enumerate() {
        e.1 = e.1 * (1 << 17) + (n - i as i64);
    }
    list.sort_unstable_by_key(|e| std::cmp::Reverse(e.1));
}

/// The ordering key of an entry [`order`] has sorted.
fn key_of(folded: i64) -> i64 {
    folded >> 17
}

struct Searcher<'a, P: Evaluate> {
    game: Game<P>,
    tt: &'a Table,
    history: &'a mut Vec<i32>,
    /// 0 for the main thread; helper threads (Lazy SMP) number from 1.
    thread: usize,
    /// Per ply: the moves with their ordering keys.
    lists: Vec<Vec<(P::Move, i64)>>,
    /// Scratch for listing moves.
    legal: Vec<P::Move>,
    undecided: Vec<P::Move>,
    /// Triangular principal-variation table.
    pv: Vec<Vec<P::Move>>,
    killers: Vec<[Option<P::Move>; 2]>,
    nodes: u64,
    /// Legality nodes spent listing moves below the root (see [`LEGALITY_NODES_PER_NODE`]).
    legality_nodes: u64,
    seldepth: u32,
    max_nodes: Option<u64>,
    deadline: Option<Instant>,
    stop: Option<Arc<AtomicBool>>,
    aborted: bool,
    /// The best root move of the current iteration so far, with its score.
    root_best: Option<(P::Move, i32)>,
}

impl<'a, P: Evaluate> Searcher<'a, P> {
    fn new(
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
            nodes: 0,
            legality_nodes: 0,
            seldepth: 0,
            max_nodes: limits.nodes,
            deadline: limits.time.map(|t| start.checked_add(t).unwrap_or(start)),
            stop: limits.stop.clone(),
            aborted: false,
            root_best: None,
        }
    }

    /// Iterative deepening from the root, whose moves are listed (and not empty). A helper
    /// thread with an odd number searches each depth one ply deeper than the main thread.
    fn iterate(
        &mut self,
        limits: &Limits,
        start: Instant,
        progress: &mut dyn FnMut(&SearchResult<P::Move>),
    ) -> SearchResult<P::Move> {
        let first = self.lists[0][0].0;
        let max_depth = limits
            .depth
            .map_or(MAX_PLY as u32 - 1, |d| d.clamp(1, MAX_PLY as u32 - 1));
        let mut result = SearchResult {
            best_move: first,
            score: Score::Centipawns(0),
            pv: vec![first],
            depth: 0,
            seldepth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            stopped: false,
        };
        let skew = (self.thread % 2) as u32;
        for depth in (1 + skew)..=max_depth {
            self.root_best = None;
            let score = self.search(depth as i32, 0, -INF, INF);
            if self.aborted {
                if result.depth == 0 {
                    if let Some((mv, score)) = self.root_best {
                        result.best_move = mv;
                        result.pv = vec![mv];
                        result.score = Score::from_internal(score);
                    }
                }
                break;
            }
            result.depth = depth;
            result.score = Score::from_internal(score);
            result.pv = self.pv[0].clone();
            if let Some(&mv) = result.pv.first() {
                result.best_move = mv;
            }
            result.nodes = self.nodes;
            result.seldepth = self.seldepth;
            result.elapsed = start.elapsed();
            progress(&result);
            // A forced result found within the depth searched cannot change any more.
            if score.abs() >= MATE_BOUND && (MATE - score.abs()) as u32 <= depth {
                break;
            }
        }
        result.stopped = self.aborted;
        result.nodes = self.nodes;
        result.seldepth = self.seldepth;
        result.elapsed = start.elapsed();
        result
    }

    /// The principal variation at `ply` becomes `mv` followed by the one found below it.
    fn record_pv(&mut self, ply: usize, mv: P::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// Counts a node; `true` when a limit says stop.
    #[inline]
    fn out_of_budget(&mut self) -> bool {
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
    fn list_moves(&mut self, ply: usize) {
        let (earlier, current) = split(&self.game);
        self.undecided.clear();
        if !current.selective_moves(&mut self.legal) {
            let mut budget = self.legality_budget(ply);
            current.legal_moves_within(&mut self.legal, &mut self.undecided, &mut budget);
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

    /// The score of a position where no proven move is left: the rules' result, or the
    /// static score if some moves were left undecided.
    fn no_move_score(&self, ply: usize) -> i32 {
        let pos = self.game.position();
        if self.undecided.is_empty() {
            outcome_score(pos.no_move_outcome(), pos.turn(), ply)
        } else {
            pos.evaluate()
        }
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

    fn search(&mut self, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
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
        if ply > 0 {
            if let Some(outcome) = pos.terminal().or_else(|| pos.history_outcome(earlier)) {
                return outcome_score(outcome, us, ply);
            }
        }
        let key = pos.zobrist();
        let (hash_move, cutoff) = self.probe(key, depth, ply, (alpha, beta), pv_node);
        if let Some(s) = cutoff {
            return s;
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
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = None;
        for i in 0..list.len() {
            let (mv, folded) = list[i];
            let quiet = key_of(folded) < KEY_KILLER;
            self.game.play_unchecked(mv);
            let score = if i == 0 {
                self.child(us, depth - 1, ply, alpha, beta)
            } else {
                // Late quiet moves are searched one ply shallower first.
                let reduction = i32::from(depth >= 3 && i >= 4 && quiet && ply > 0);
                let mut s = self.child(us, depth - 1 - reduction, ply, alpha, alpha + 1);
                if s > alpha && reduction > 0 && !self.aborted {
                    s = self.child(us, depth - 1, ply, alpha, alpha + 1);
                }
                if s > alpha && s < beta && !self.aborted {
                    s = self.child(us, depth - 1, ply, alpha, beta);
                }
                s
            };
            self.game.undo();
            if self.aborted {
                self.lists[ply] = list;
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if ply == 0 {
                    self.root_best = Some((mv, score));
                }
                if score > alpha {
                    alpha = score;
                    self.record_pv(ply, mv);
                    if score >= beta {
                        if quiet {
                            self.remember_cutoff(mv, depth, ply, us);
                        }
                        break;
                    }
                }
            }
        }
        self.lists[ply] = list;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
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
        best
    }

    /// The transposition table's word on this node: the move it remembers (to order first),
    /// and a score to return at once when a stored bound settles the node (never at the
    /// root or on the principal variation).
    fn probe(
        &self,
        key: u64,
        depth: i32,
        ply: usize,
        (alpha, beta): (i32, i32),
        pv_node: bool,
    ) -> (Option<u32>, Option<i32>) {
        let Some(e) = self.tt.probe(key) else {
            return (None, None);
        };
        if ply == 0 || pv_node || i32::from(e.depth) < depth {
            return (e.mv, None);
        }
        let s = from_tt(e.score, ply);
        let settled = match e.bound {
            Bound::Exact => true,
            Bound::Lower => s >= beta,
            Bound::Upper => s <= alpha,
        };
        (e.mv, settled.then_some(s))
    }

    /// Orders a node's moves: the hash move, then noisy moves by what they capture, then
    /// the killers, then the quiet moves by their history.
    fn order_moves(
        &self,
        list: &mut [(P::Move, i64)],
        hash_move: Option<u32>,
        ply: usize,
        us: Color,
    ) {
        let pos = self.game.position();
        let killers = self.killers[ply];
        for (mv, k) in list.iter_mut() {
            let h = hash_of(mv);
            *k = if hash_move.is_some_and(|hm| move_hash(h) == hm) {
                KEY_HASH
            } else if pos.is_noisy(*mv) {
                KEY_NOISY + i64::from(pos.capture_value(*mv))
            } else if Some(*mv) == killers[0] {
                KEY_KILLER + 1
            } else if Some(*mv) == killers[1] {
                KEY_KILLER
            } else {
                i64::from(self.history[history_index(h, us)])
            };
        }
        order(list);
    }

    /// A quiet move that caused a cutoff becomes this ply's first killer and gains history.
    fn remember_cutoff(&mut self, mv: P::Move, depth: i32, ply: usize, us: Color) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        let h = &mut self.history[history_index(hash_of(&mv), us)];
        *h = (*h + depth * depth).min(1 << 20);
    }

    /// Quiescence: the static score, or better by playing noisy moves.
    fn quiescence(&mut self, ply: usize, qply: usize, mut alpha: i32, beta: i32) -> i32 {
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
        let stand = pos.evaluate() + pos.horizon_estimate();
        if stand >= beta || qply >= MAX_QUIESCENCE_PLY || ply >= MAX_PLY + MAX_QUIESCENCE_PLY {
            return stand;
        }
        self.list_moves(ply);
        let mut list = std::mem::take(&mut self.lists[ply]);
        if list.is_empty() {
            self.lists[ply] = list;
            return self.no_move_score(ply);
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        {
            let pos = self.game.position();
            list.retain(|&(mv, _)| pos.is_noisy(mv));
            for (mv, k) in list.iter_mut() {
                *k = i64::from(pos.capture_value(*mv));
            }
        }
        order(&mut list);
        for i in 0..list.len() {
            let mv = list[i].0;
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
