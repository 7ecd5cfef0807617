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
//! ## The house
//!
//! The engine's code is laid out by job: [`limits`] (what bounds a search), [`time`] (the
//! time manager: a game clock to soft and hard limits), [`score`] (scores, wins and losses),
//! `ordering` (move ordering, killers, history), `search` (iterative deepening, principal
//! variation search, multi-PV), `quiescence`, `threads` (Lazy SMP), `tt` (the
//! transposition table), `result` (what a search gives back) and [`baseline`] (the random
//! and greedy players that measure it).
//!
//! ## The search
//!
//! - Iterative deepening principal variation search (alpha-beta with null windows), the
//!   root searched in an aspiration window around the last iteration's score, with a
//!   transposition table keyed by [`Position::zobrist`] (allocated once), move ordering
//!   (the hash move, then noisy moves by [`Evaluate::capture_value`], then two killer moves
//!   per ply, then the noisy moves that lose in the exchange ([`Evaluate::exchange_value`]),
//!   then a history table with gravity: a cutoff raises the move's score and lowers the
//!   quiet moves tried before it, each within ±16,384), late-move reductions for quiet
//!   moves (about ln(depth) × ln(move number) / 2.25 plies), and quiescence over the
//!   moves [`Evaluate::is_noisy`] calls noisy and that do not lose in the exchange
//!   (listed alone where the variant offers them: [`Evaluate::noisy_moves`]).
//! - Where the variant says so: a move that gives check ([`Evaluate::in_check`]) and does
//!   not lose material in the exchange ([`Evaluate::exchange_value`]) is searched a ply
//!   deeper, quiescence in check searches every move instead of standing pat, and
//!   where [`Evaluate::null_move`] gives a position (not in check, no likely zugzwang, never
//!   inside a multi-action turn) the search prunes by a null move, by a static score far
//!   above the window (reverse futility), and near the leaves skips quiet moves whose
//!   static score with a margin stays below alpha (futility) or that come late (late-move
//!   pruning), and late quiet moves and captures that lose more in the exchange on their
//!   target than the depth allows (exchange pruning); where the variant tells whether a
//!   move gives check without playing it ([`Evaluate::gives_check`]), a move so pruned is
//!   never played. Chess does all of these. Measured at 50,000 nodes a move over 40 games
//!   (`scripts/vs-stockfish.py --versus`): check extension, quiescence in check, null-move
//!   and reverse futility pruning, the LMR table and aspiration windows together scored
//!   70 % (+147 Elo, 95 %: +57 to +262) against the same evaluation without them; exchange
//!   ordering and pruning on top +35 (−52 to +126); futility and late-move pruning on top
//!   of that +53 (−33 to +145).
//! - Chess alone (where the variant says what a check is or allows a null move at the
//!   root): a countermove per side and opponent's move, ordered after the killers;
//!   continuation histories (the quiet move together with the move one and two plies
//!   before it, by hash, in one table of 65,536 entries) added to the butterfly history;
//!   late quiet moves reduced less for a good history and more for a bad one; and, where
//!   the variant allows pruning, singular extensions (a hash move that a search of the
//!   node without it, at half depth and below the stored score, shows to be the only good
//!   one is searched a ply deeper; a multi-cut where other moves reach beta even so).
//!   Measured at 25,000 nodes a move (`docs/strength.md`): the histories +48 Elo (+7 to
//!   +90) over 168 games against the search before, singular extensions on top +30 ± 39
//!   over 200, and applied from depth 6 rather than 8: SPRT H1, +21.2 (+7.1 to +35.4)
//!   over 828 pairs. In the other variants the histories were no clear gain, and they search
//!   as before. Where the variant allows pruning (chess), the static score that prunes is
//!   corrected by the node's stored bound (a lower bound above it, an upper bound below
//!   it, an exact score): +23.5 Elo (−4.8 to +52.1) over 400 games at 25,000 nodes; and
//!   at the last two plies a static score far below beta is checked by quiescence alone
//!   (razoring): SPRT H1, +29.6 (+12.1 to +47.2) over 500 pairs; exchange pruning on top:
//!   SPRT H1, +53.8 (+29.5 to +78.7) over 270 pairs; then pruning deeper (reverse futility
//!   to depth 8, futility to 5, late-move pruning to 6) and checks extended only where they
//!   do not lose material in the exchange: SPRT H1, +13.6 (+3.4 to +23.9) over 1,440 pairs.
//! - History rules hold inside the search: it walks a [`Game`] (Ko through
//!   [`Position::retain_history_legal`], repetition through [`Position::history_outcome`]),
//!   and a position met again inside the searched line (at the root or after it) scores as
//!   a draw at once, as its third occurrence would: the side that could repeat once can
//!   repeat again. Before this, only a third occurrence counted, and the chess engine,
//!   ahead, walked into repetitions its opponent could then claim.
//! - A node at depth 4 or more with no move from the transposition table is searched a ply
//!   shallower (internal iterative reduction); quiescence takes any stored result that
//!   settles its window. If a limit cuts an iteration short, the move that iteration
//!   preferred (one that raised alpha) is played.
//! - A ply that does not hand the turn to the other side (Tiling Rider's multi-move turns:
//!   [`Position::turn`] is the same after the move) is searched as such: scores are negated
//!   only where the side to move changes, never per ply.
//! - Limits ([`Limits`]): a depth, a node count, a time (with a soft time after which no
//!   new iteration starts, which [`Limits::clock`] sets from a game [`Clock`]) and a stop
//!   flag, any of them together. The clock and the flag are read every 256 nodes, so a
//!   time limit is kept to within a few milliseconds (a node costs microseconds). A search limited by depth or
//!   nodes only, on one thread, is deterministic: the same game and limits give the same
//!   result.
//! - Threads ([`Limits::threads`]): Lazy SMP. Helper threads search the same root on their
//!   own copies of the game, every other one a ply deeper, sharing the transposition
//!   table, which is lock-free (two atomic words per entry, the key stored xor the data, so
//!   that a torn entry is never taken for another position's). The main thread's result is
//!   reported, with the nodes of all; the helpers stop when it does.
//! - Multi-PV ([`Limits::multipv`]): the root is searched once per line asked, each time
//!   without the moves of the lines already found; [`SearchResult::lines`] has them all.
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
//! draw). If the clock cuts the root's list before any move is proven, the list is made
//! again on [`ROOT_LEGALITY_NODES`] alone (the stop flag still cuts it): a move is owed, so
//! the search overruns a short time rather than give none (session 46: 7 of 100 games at
//! 0.1 s a turn ended that way, adjudicated). For every other variant legality is
//! immediate and the budget plays no part.
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
//! ## Whole turns (Tiling Rider)
//!
//! A turn of several actions is searched whole (the `turns` module) unless
//! [`Limits::per_action`] asks otherwise: the action-by-action search on 30 % of the limits
//! (it proves the wins and losses in reach), then a beam over our own actions to the end of
//! the turn, widened 1, 2, 4, … until the limits, whose best complete turns are answered
//! by the opponent's beam turn; states are keyed by the position's key (which covers the
//! turn state: the actions made and left, the pieces moved), so reordered actions are
//! expanded once. The chosen turn is kept and its later actions are answered at once while
//! the game follows it, so that a time or node limit is a limit per turn. Chosen by
//! measurement (`docs/strength.md`): with the attack terms of Tiling Rider's evaluation
//! (the army's advance, the attackers of the king's surroundings), the planner at 10,000
//! nodes a turn won 7 of 9 games against the one-ply greedy player within 80 turns, where
//! without them it drew all 10 by playing one-action turns, and the action-by-action search
//! at 20,000 nodes an action had won 3 of the 4 games it finished in 20.
//!
//! ## Many moves (Triagonal)
//!
//! Triagonal has 11,660 turns at the start, almost all of them a Jack placement followed by a
//! normal move. Its [`Evaluate::selective_moves`] lists the turns without placement (about
//! 100) and, where a Jack wall matters (an empty cell on a clear line between an enemy
//! queen, rook or bishop and our king; the cells next to our king's start cell when the
//! enemy king is near it), the turns with a few chosen placements; the search considers
//! only those, at the root too. Chosen by measurement: with every placement searched at the
//! root, the first iteration did not even finish at 0.1 s a move (average depth 0.4–0.9)
//! and the engine scored 97.5 % against a random mover and 96 % against the one-ply greedy
//! player; with no placement it reaches depth 3 and scored 100 % against both; the chosen
//! placements against none, 100 games at 2,000 nodes a move: 15 wins, 79 draws, 6 losses,
//! +31 ± 31 (`triagonal/src/weights.txt` says how).
//!
//! ## Known approximations
//!
//! - The transposition table is keyed by the position alone, so a stored score may come
//!   from a line with another history (a repetition or a Ko that differs): as in chess
//!   engines, accepted. Legality never comes from the table: a stored move (kept as a
//!   32-bit hash of it) only orders the node's own legal moves.
//! - Quiescence stands pat on the static score in the middle of a Tiling Rider turn, and
//!   in check in the variants that do not say what a check is ([`Evaluate::in_check`]).
//! - Scores count plies (actions); in Tiling Rider a turn is several plies.
//!
//! ```
//! use chimera_core::{Game, Position};
//! use chimera_engine::{Engine, Limits};
//! use chimera_turret::Turret;
//!
//! let game = Game::new(Turret::start(Default::default()));
//! let mut engine = Engine::new();
//! let result = engine.search(&game, &Limits::depth(2)).unwrap();
//! assert!(game.legal_move_list().contains(&result.best_move));
//! assert_eq!(result.depth, 2);
//! ```
#![forbid(unsafe_code)]

pub mod baseline;
pub mod limits;
mod ordering;
mod pruning;
mod quiescence;
mod result;
pub mod score;
mod search;
mod threads;
pub mod time;
mod tt;
mod turns;

pub use limits::Limits;
pub use result::{PvLine, SearchError, SearchResult};
pub use score::Score;
pub use time::Clock;

#[cfg(doc)]
use chimera_core::Position;
use chimera_core::{Evaluate, Game};
use ordering::HISTORY_LEN;
use search::{split, Searcher};
use std::marker::PhantomData;
use std::time::Instant;
use tt::Table;

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

/// A search engine for variant `P`: its transposition table and history persist between
/// searches (call [`Engine::clear`] for a fresh start).
#[derive(Clone, Debug)]
pub struct Engine<P: Evaluate> {
    tt: Table,
    history: Vec<i32>,
    /// The rest of the turn planned for a variant of several actions a turn (see
    /// [`Engine::search`]), answered from without a search while the game follows it.
    plan: Option<turns::Kept<P::Move>>,
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
            history: vec![0; HISTORY_LEN],
            plan: None,
            variant: PhantomData,
        }
    }

    /// An engine with a transposition table of at most `mb` mebibytes (UCI's `Hash`): the
    /// largest power of two of 16-byte entries that fits, from 16 KiB (`mb` 0) to 16 GiB.
    pub fn with_hash_mb(mb: usize) -> Engine<P> {
        Engine::with_tt_bits(tt::bits_for_mb(mb))
    }

    /// Resizes the transposition table to at most `mb` mebibytes (as
    /// [`Engine::with_hash_mb`]); the table is then empty. The history is kept.
    pub fn set_hash_mb(&mut self, mb: usize) {
        self.tt = Table::new(tt::bits_for_mb(mb));
    }

    /// How full the transposition table is, per mille (UCI's `info hashfull`), from a
    /// sample of its first thousand entries. Entries are never emptied except by
    /// [`Engine::clear`], so this counts everything stored since.
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// Forgets everything learnt in earlier searches.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
        self.plan = None;
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
        self.search_reporting_hashfull(game, limits, &mut |result, _| progress(result))
    }

    /// As [`Engine::search_reporting`], `progress` also given how full the transposition
    /// table is at that moment (per mille, as [`Engine::hashfull`]): UCI's `info hashfull`
    /// in the lines sent while the search runs.
    pub fn search_reporting_hashfull(
        &mut self,
        game: &Game<P>,
        limits: &Limits,
        progress: &mut dyn FnMut(&SearchResult<P::Move>, u32),
    ) -> Result<SearchResult<P::Move>, SearchError>
    where
        P: Send,
        P::Move: Send,
    {
        let start = Instant::now();
        let tt = &self.tt;
        let progress = &mut |result: &SearchResult<P::Move>| progress(result, tt.hashfull());
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
        // Whole turns (see the `turns` module): the kept plan's next action, or the
        // action-by-action search on a share of the limits (it proves wins and losses in
        // reach), then the planner on the rest.
        let root: Vec<P::Move> = main.lists[0].iter().map(|&(mv, _)| mv).collect();
        if let Some(result) = turns::follow(&mut self.plan, current, &root, start) {
            progress(&result);
            return Ok(result);
        }
        self.plan = None;
        if !turns::applies(limits, current, &root) {
            return Ok(threads::run(main, game, tt, limits, start, progress));
        }
        let tactical = turns::tactical_limits(limits);
        main.limit_to(&tactical, start);
        let proof = threads::run(main, game, tt, &tactical, start, progress);
        if matches!(proof.score, Score::WinIn(_) | Score::LossIn(_)) {
            return Ok(proof);
        }
        let planned = turns::plan_turn(
            &mut self.plan,
            earlier,
            current,
            &root,
            limits,
            start,
            proof.nodes,
        );
        match planned {
            Some(result) => {
                progress(&result);
                Ok(result)
            }
            None => Ok(proof),
        }
    }
}
