//! Perft: counting the legal move sequences of a given length.
//!
//! [`perft`], [`perft_with`] and [`perft_divide`] count, for callers that choose the depth
//! themselves (tests, benchmarks). For a depth that comes from a user, there are
//! [`perft_estimate`], which predicts the size of the tree and the time the count would
//! take before any of it is counted, and [`perft_run`], which counts split by first move,
//! reports its progress and stops when asked. Every count is exact: the estimate only
//! decides whether a count is worth starting, and how long it has left.
//!
//! Depth is at most [`MAX_PERFT_DEPTH`], so the recursion and its move buffers stay small
//! whatever depth is asked for.

use crate::{Budget, Game, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use thiserror::Error;

mod plan;
mod threads;

pub use plan::PerftPlan;

/// The deepest perft counted: 64 plies.
///
/// A tree of more plies cannot be counted in any variant here: with at least two moves at
/// most nodes its leaves outnumber `u64` (2^64), and at a hundred million nodes a second
/// even 2^50 of them take four months. The cap keeps the recursion (one small stack frame
/// per ply) and its move buffers (one per ply, allocated when that ply is first reached)
/// bounded whatever depth a caller passes.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// Counts the legal move sequences of length `depth` from the game's current position,
/// history included (so Ko applies). A finished game has no legal moves.
///
/// The last ply is *bulk counted*: at depth 1 the count is the number of legal moves,
/// without playing them ([`Position::count_legal_moves_within`], which a variant may answer
/// without listing them either). `perft(game, 0) == 1`.
///
/// # Panics
///
/// If `depth` is over [`MAX_PERFT_DEPTH`]. For a depth chosen by a user, check it with
/// [`perft_estimate`] and count with [`perft_run`], which returns an error instead.
pub fn perft<P: Position>(game: &mut Game<P>, depth: u32) -> u64 {
    assert_depth(depth);
    let mut buffers = buffers::<P>(depth);
    let mut moves = Plain {
        budget: Budget::unlimited(),
        undecided: Vec::new(),
    };
    recurse(game, depth, &mut buffers, &mut moves, &mut Unwatched)
}

/// Like [`perft`] but with the moves of each node produced by `generate`: tests use it to
/// count with an independent generator (pseudo-legal moves plus a legality filter) and
/// compare.
///
/// # Panics
///
/// If `depth` is over [`MAX_PERFT_DEPTH`].
pub fn perft_with<P, G>(game: &mut Game<P>, depth: u32, generate: &mut G) -> u64
where
    P: Position,
    G: FnMut(&Game<P>, &mut Vec<P::Move>),
{
    assert_depth(depth);
    let mut buffers = buffers::<P>(depth);
    recurse(
        game,
        depth,
        &mut buffers,
        &mut Given(generate),
        &mut Unwatched,
    )
}

/// Perft split by the first move: each legal move with the count below it, in generation
/// order. `progress` is called after each root move with (done, total, move, count).
///
/// # Panics
///
/// If `depth` is over [`MAX_PERFT_DEPTH`].
pub fn perft_divide<P: Position>(
    game: &mut Game<P>,
    depth: u32,
    progress: &mut dyn FnMut(usize, usize, P::Move, u64),
) -> Vec<(P::Move, u64)> {
    assert_depth(depth);
    if depth == 0 {
        return Vec::new();
    }
    let root = game.legal_move_list();
    let mut out = Vec::with_capacity(root.len());
    for (i, &mv) in root.iter().enumerate() {
        game.play_unchecked(mv);
        let count = perft(game, depth - 1);
        game.undo();
        out.push((mv, count));
        progress(i + 1, root.len(), mv, count);
    }
    out
}

fn assert_depth(depth: u32) {
    assert!(
        depth <= MAX_PERFT_DEPTH,
        "perft depth {depth} is over MAX_PERFT_DEPTH ({MAX_PERFT_DEPTH}); \
         perft_run refuses such a depth with an error"
    );
}

/// One move buffer per ply, empty: a buffer allocates only when its ply is reached.
fn buffers<P: Position>(depth: u32) -> Vec<Vec<P::Move>> {
    (0..depth.min(MAX_PERFT_DEPTH))
        .map(|_| Vec::new())
        .collect()
}

/// How the recursion gets the moves of a node, to play them, and the number of moves of a
/// node at the last ply, to count them.
trait Moves<P: Position> {
    /// Lists the legal moves into `buf`; `false` if stopped before all were listed.
    fn list(&mut self, game: &Game<P>, buf: &mut Vec<P::Move>) -> bool;
    /// The number of legal moves (`buf` is scratch); `None` if stopped.
    fn count(&mut self, game: &Game<P>, buf: &mut Vec<P::Move>) -> Option<u64>;
}

/// The moves from a caller's generator ([`perft_with`]): counted by listing them.
struct Given<'g, G>(&'g mut G);

impl<P, G> Moves<P> for Given<'_, G>
where
    P: Position,
    G: FnMut(&Game<P>, &mut Vec<P::Move>),
{
    #[inline]
    fn list(&mut self, game: &Game<P>, buf: &mut Vec<P::Move>) -> bool {
        (self.0)(game, buf);
        true
    }
    #[inline]
    fn count(&mut self, game: &Game<P>, buf: &mut Vec<P::Move>) -> Option<u64> {
        (self.0)(game, buf);
        Some(buf.len() as u64)
    }
}

/// The legal moves as [`Game::legal_moves`] lists them, counted by
/// [`Position::count_legal_moves_within`] (with no limit).
struct Plain<M> {
    budget: Budget,
    undecided: Vec<M>,
}

impl<P: Position> Moves<P> for Plain<P::Move> {
    #[inline]
    fn list(&mut self, game: &Game<P>, buf: &mut Vec<P::Move>) -> bool {
        game.legal_moves(buf);
        true
    }
    #[inline]
    fn count(&mut self, game: &Game<P>, buf: &mut Vec<P::Move>) -> Option<u64> {
        count_within(game, buf, &mut self.undecided, &mut self.budget)
    }
}

/// The legal moves asked within a budget (see [`legal_moves_within`]), so that a variant
/// whose move generation searches stops when the budget is spent.
struct Within<M> {
    budget: Budget,
    undecided: Vec<M>,
}

impl<M> Within<M> {
    /// Within no limit but the stop flag `stop`, if any.
    fn new(stop: Option<&Arc<AtomicBool>>) -> Self {
        Within {
            budget: match stop {
                Some(stop) => Budget::unlimited().with_stop(stop.clone()),
                None => Budget::unlimited(),
            },
            undecided: Vec::new(),
        }
    }
}

impl<P: Position> Moves<P> for Within<P::Move> {
    #[inline]
    fn list(&mut self, game: &Game<P>, buf: &mut Vec<P::Move>) -> bool {
        legal_moves_within(game, buf, &mut self.undecided, &mut self.budget)
    }
    #[inline]
    fn count(&mut self, game: &Game<P>, buf: &mut Vec<P::Move>) -> Option<u64> {
        count_within(game, buf, &mut self.undecided, &mut self.budget)
    }
}

/// The number of legal moves now, history included (none once the history ends the game),
/// `None` if the budget left one undecided.
#[inline]
fn count_within<P: Position>(
    game: &Game<P>,
    scratch: &mut Vec<P::Move>,
    undecided: &mut Vec<P::Move>,
    budget: &mut Budget,
) -> Option<u64> {
    let (current, earlier) = (game.position(), game.history());
    if current.history_outcome(earlier).is_some() {
        return Some(0);
    }
    current.count_legal_moves_within(earlier, scratch, undecided, budget)
}

/// What the recursion reports to, and asks whether to go on. The plain counters use
/// [`Unwatched`], whose methods do nothing and compile away, so they count exactly as fast
/// as a recursion without them.
trait Watch {
    /// A node whose moves are about to be generated; `false` stops the count.
    fn visit(&mut self) -> bool;
    /// `n` leaves were counted.
    fn leaves(&mut self, n: u64);
    /// Whether the count was stopped (by [`Watch::visit`] or by the generator).
    fn stopped(&self) -> bool;
    /// The generator was stopped: the count stops.
    fn stop(&mut self);
}

struct Unwatched;

impl Watch for Unwatched {
    #[inline(always)]
    fn visit(&mut self) -> bool {
        true
    }
    #[inline(always)]
    fn leaves(&mut self, _: u64) {}
    #[inline(always)]
    fn stopped(&self) -> bool {
        false
    }
    #[inline(always)]
    fn stop(&mut self) {}
}

/// The count below the current position; 0 if `moves` was stopped (then the count stops).
fn recurse<P, M, W>(
    game: &mut Game<P>,
    depth: u32,
    buffers: &mut [Vec<P::Move>],
    moves: &mut M,
    watch: &mut W,
) -> u64
where
    P: Position,
    M: Moves<P>,
    W: Watch,
{
    if depth == 0 {
        return 1;
    }
    let (buffer, rest) = buffers.split_first_mut().expect("one buffer per ply");
    if !watch.visit() {
        return 0;
    }
    if depth == 1 {
        let Some(n) = moves.count(game, buffer) else {
            watch.stop();
            return 0;
        };
        watch.leaves(n);
        return n;
    }
    if !moves.list(game, buffer) {
        watch.stop();
        return 0;
    }
    let mut total = 0;
    for &mv in buffer.iter() {
        game.play_unchecked(mv);
        total += recurse(game, depth - 1, rest, moves, watch);
        game.undo();
        if watch.stopped() {
            break;
        }
    }
    total
}

/// The legal moves now, history included, as [`Game::legal_moves`] lists them, but asking
/// the position through [`Position::legal_moves_within`] so that a variant whose move
/// generation searches stops when `budget` is spent. Returns `false` if it did.
fn legal_moves_within<P: Position>(
    game: &Game<P>,
    moves: &mut Vec<P::Move>,
    undecided: &mut Vec<P::Move>,
    budget: &mut Budget,
) -> bool {
    let (current, earlier) = (game.position(), game.history());
    if current.history_outcome(earlier).is_some() {
        moves.clear();
        return true;
    }
    current.legal_moves_within(moves, undecided, budget);
    if !undecided.is_empty() {
        return false;
    }
    current.retain_history_legal(earlier, moves);
    true
}

/// How [`perft_run`] is watched: a stop flag, and a progress report.
#[derive(Default)]
pub struct PerftControl<'a> {
    /// Once this is set (by a Ctrl-C handler, another thread) the count stops within about
    /// a thousand nodes, and [`perft_run`] returns [`PerftError::Stopped`].
    pub stop: Option<Arc<AtomicBool>>,
    /// Called with the progress so far, at most every [`PROGRESS_EVERY`] (and after the
    /// last root move).
    pub progress: Option<&'a mut dyn FnMut(&PerftProgress)>,
    /// The threads that count: 0 or 1 counts on the calling thread; more split the root's
    /// moves (and the replies to them when the root has few moves) among that many worker
    /// threads while the calling thread reports progress. The counts are the same.
    pub threads: usize,
}

/// How often at most [`PerftControl::progress`] is called.
pub const PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// How many nodes [`perft_run`] visits between two looks at the stop flag and the clock: a
/// node costs between 0.01 and 100 microseconds in the variants here.
const CHECK_EVERY: u32 = 1024;

/// Where a [`perft_run`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerftProgress {
    /// Root moves whose count is complete.
    pub root_done: usize,
    /// Root moves in all.
    pub root_total: usize,
    /// Leaves counted so far (the count of the root moves done, and part of the next).
    pub nodes: u64,
    /// Nodes whose moves were generated so far (the root included): the work done.
    pub visited: u64,
    /// Of [`PerftProgress::visited`], those below the root moves done (and the root).
    pub visited_done: u64,
    /// Time since the count started.
    pub elapsed: Duration,
}

/// Perft split by first move: each root move with its count, in generation order.
pub type PerftSplit<M> = Vec<(M, u64)>;

/// Why [`perft_run`] returned no count.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PerftError<M> {
    /// The depth is over [`MAX_PERFT_DEPTH`].
    #[error("depth {depth} is over the deepest perft counted ({MAX_PERFT_DEPTH} plies)")]
    TooDeep {
        /// The depth asked for.
        depth: u32,
    },
    /// The stop flag was set.
    #[error("perft stopped after {} of {root_total} root moves", done.len())]
    Stopped {
        /// The root moves counted to the end, with their (exact) counts.
        done: PerftSplit<M>,
        /// Root moves in all.
        root_total: usize,
        /// How far it got.
        progress: PerftProgress,
    },
}

struct Watched<'c, 'a> {
    countdown: u32,
    stop: Option<&'c AtomicBool>,
    progress: Option<&'c mut (dyn FnMut(&PerftProgress) + 'a)>,
    started: Instant,
    last_report: Instant,
    state: PerftProgress,
    stopped: bool,
}

impl<'c, 'a> Watched<'c, 'a> {
    /// A watch over a count starting now, through `control`.
    fn new(control: &'c mut PerftControl<'a>) -> Self {
        let started = Instant::now();
        Watched {
            countdown: CHECK_EVERY,
            stop: control.stop.as_deref(),
            progress: control.progress.as_deref_mut(),
            started,
            last_report: started,
            state: PerftProgress {
                root_done: 0,
                root_total: 0,
                nodes: 0,
                visited: 0,
                visited_done: 0,
                elapsed: Duration::ZERO,
            },
            stopped: false,
        }
    }

    /// Looks at the stop flag and the clock; reports progress if it is time (or `force`).
    #[cold]
    fn check(&mut self, force: bool) -> bool {
        self.countdown = CHECK_EVERY;
        if self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            self.stopped = true;
            return false;
        }
        if let Some(report) = self.progress.as_mut() {
            let now = Instant::now();
            if force || now.duration_since(self.last_report) >= PROGRESS_EVERY {
                self.last_report = now;
                self.state.elapsed = now.duration_since(self.started);
                report(&self.state);
            }
        }
        true
    }
}

impl Watch for Watched<'_, '_> {
    #[inline]
    fn visit(&mut self) -> bool {
        self.state.visited += 1;
        self.countdown -= 1;
        if self.countdown == 0 {
            return self.check(false);
        }
        true
    }
    #[inline]
    fn leaves(&mut self, n: u64) {
        self.state.nodes = self.state.nodes.wrapping_add(n);
    }
    #[inline]
    fn stopped(&self) -> bool {
        self.stopped
    }
    fn stop(&mut self) {
        self.stopped = true;
    }
}

/// Perft split by the first move, watched: like [`perft_divide`], but the count can be
/// stopped through `control.stop`, reports its progress to `control.progress`, and runs
/// on `control.threads` threads. Every count returned is exact.
///
/// On several threads, a stopped count's [`PerftError::Stopped::done`] holds the root
/// moves whose counts were finished, in generation order, which need not be the first
/// ones; [`PerftProgress::root_done`] counts the first ones finished.
///
/// A variant whose move generation searches (see [`Position::legal_moves_within`]) is
/// asked with a [`Budget`] holding the stop flag, so that a stop is heard inside a long
/// search too.
///
/// At depth 0 the split is empty (perft 0 is 1, the empty sequence). A depth over
/// [`MAX_PERFT_DEPTH`] is refused with [`PerftError::TooDeep`] (check a user's depth with
/// [`perft_estimate`] first: most depths below it cannot finish either).
pub fn perft_run<P>(
    game: &mut Game<P>,
    depth: u32,
    control: &mut PerftControl<'_>,
) -> Result<PerftSplit<P::Move>, PerftError<P::Move>>
where
    P: Position + Send,
    P::Move: Send,
{
    if depth > MAX_PERFT_DEPTH {
        return Err(PerftError::TooDeep { depth });
    }
    if depth == 0 {
        return Ok(Vec::new());
    }
    if control.threads > 1 && depth > 1 {
        return threads::run(game, depth, control);
    }
    run_here(game, depth, control)
}

/// [`perft_run`] on the calling thread, to `depth` (at least 1).
fn run_here<P: Position>(
    game: &mut Game<P>,
    depth: u32,
    control: &mut PerftControl<'_>,
) -> Result<PerftSplit<P::Move>, PerftError<P::Move>> {
    let mut moves = Within::new(control.stop.as_ref());
    let mut watch = Watched::new(control);
    let mut root = Vec::new();
    let listed = watch.check(false) && {
        watch.state.visited = 1;
        moves.list(game, &mut root)
    };
    watch.state.root_total = root.len();
    watch.state.visited_done = watch.state.visited;
    let mut out = Vec::with_capacity(root.len());
    if listed {
        let mut buffers = buffers::<P>(depth - 1);
        for &mv in &root {
            game.play_unchecked(mv);
            let count = recurse(game, depth - 1, &mut buffers, &mut moves, &mut watch);
            game.undo();
            if watch.stopped {
                break;
            }
            if depth == 1 {
                watch.state.nodes += 1;
            }
            out.push((mv, count));
            watch.state.root_done = out.len();
            watch.state.visited_done = watch.state.visited;
            let last = out.len() == root.len();
            if !watch.check(last) {
                break;
            }
        }
    }
    watch.state.elapsed = watch.started.elapsed();
    if !listed || out.len() < root.len() {
        let progress = watch.state;
        return Err(PerftError::Stopped {
            done: out,
            root_total: root.len(),
            progress,
        });
    }
    Ok(out)
}

/// How [`perft_estimate`] works: for how long at most, and a stop flag.
#[derive(Clone, Debug)]
pub struct EstimateOptions {
    /// The most time spent on the estimate. Less is spent when the count itself would be
    /// short: at most about 1% of the predicted count, after [`MIN_PROBES`] probes.
    pub time: Duration,
    /// Once this is set the estimate stops (with what it has).
    pub stop: Option<Arc<AtomicBool>>,
}

impl Default for EstimateOptions {
    fn default() -> Self {
        EstimateOptions {
            time: Duration::from_millis(300),
            stop: None,
        }
    }
}

/// The fewest random probes an estimate makes (if it has time for them).
pub const MIN_PROBES: u64 = 64;
/// The most random probes an estimate makes.
const MAX_PROBES: u64 = 1 << 20;

/// A prediction of a perft's tree, made by [`perft_estimate`]: how many nodes each ply
/// has, what a node costs here, and so how long the count would take.
///
/// The figures are Knuth's unbiased random-probe estimates (D. E. Knuth, *Estimating the
/// efficiency of backtrack programs*, 1975): a probe walks one random line from the root
/// and multiplies the numbers of moves it meets; the mean of these products over many
/// probes estimates the number of nodes at each ply. A line that ends (the game is over)
/// contributes nothing below, so a tree that dies out is estimated as small as it is. Deep
/// trees are irregular and the estimate can be off by some factor, which matters little
/// for a question of minutes against years.
#[derive(Clone, Debug, PartialEq)]
pub struct PerftEstimate {
    /// `nodes[k]`: the estimated number of nodes `k` plies deep (`nodes[0] == 1.0`, and
    /// `nodes[1]` is the exact number of root moves). It covers the plies the probes reached
    /// ([`PerftEstimate::depth`] of them, all asked for unless time ran out).
    pub nodes: Vec<f64>,
    /// `seconds[k]`: the measured time to list the moves of a node `k` plies deep (and to
    /// play the move that reached it).
    pub seconds: Vec<f64>,
    /// Per root move, in generation order: the estimated number of nodes whose moves the
    /// count lists in its subtree (for [`PerftEstimate::remaining`]).
    pub root_work: Vec<f64>,
    /// The number of random probes made.
    pub probes: u64,
    /// The time the estimate took.
    pub elapsed: Duration,
    /// Whether the estimate was cut short (its time ran out, or it was stopped) before its
    /// first [`MIN_PROBES`] probes or inside a single node's move generation.
    pub cut_short: bool,
}

impl PerftEstimate {
    /// An estimate of nothing (no ply beyond the root known), cut short: what a game that
    /// cannot estimate answers.
    pub fn unknown() -> PerftEstimate {
        PerftEstimate {
            nodes: vec![1.0],
            seconds: Vec::new(),
            root_work: Vec::new(),
            probes: 0,
            elapsed: Duration::ZERO,
            cut_short: true,
        }
    }

    /// The deepest depth the estimate covers.
    pub fn depth(&self) -> u32 {
        (self.nodes.len() - 1) as u32
    }

    /// The estimated perft count at `depth` (`None` beyond [`PerftEstimate::depth`]).
    pub fn count(&self, depth: u32) -> Option<f64> {
        self.nodes.get(depth as usize).copied()
    }

    /// The estimated number of nodes whose moves a perft to `depth` lists (those above the
    /// last ply, which is bulk counted): the work of the count.
    pub fn work(&self, depth: u32) -> Option<f64> {
        (depth <= self.depth()).then(|| self.nodes[..depth as usize].iter().sum())
    }

    /// The estimated time of a perft to `depth` at the measured speed.
    pub fn time(&self, depth: u32) -> Option<Duration> {
        if depth > self.depth() {
            return None;
        }
        let secs: f64 = (0..depth as usize)
            .map(|k| self.nodes[k] * self.seconds[k])
            .sum();
        Some(seconds(secs))
    }

    /// The deepest depth (up to [`PerftEstimate::depth`]) estimated to take at most `limit`
    /// and to count at most `u64::MAX`, with its estimated time.
    pub fn deepest_within(&self, limit: Duration) -> (u32, Duration) {
        let mut best = (0, Duration::ZERO);
        for depth in 1..=self.depth() {
            match self.time(depth) {
                Some(t) if t <= limit && self.nodes[depth as usize] <= u64::MAX as f64 => {
                    best = (depth, t)
                }
                _ => break,
            }
        }
        best
    }

    /// The estimated time left of a [`perft_run`] to this estimate's depth, from its
    /// progress: the estimated work of the root moves not yet done (scaled by how the root
    /// moves done compared with their estimate) at the speed measured so far. `None` until
    /// there is a speed to go by.
    pub fn remaining(&self, progress: &PerftProgress) -> Option<Duration> {
        let secs = progress.elapsed.as_secs_f64();
        if progress.visited < 2 || secs <= 0.0 || self.root_work.len() != progress.root_total {
            return None;
        }
        let done = progress.root_done.min(self.root_work.len());
        // Shrink the correction towards 1 by one average root move's worth: one root move
        // done says little.
        let prior = self.root_work.iter().sum::<f64>() / self.root_work.len().max(1) as f64;
        let estimated_done: f64 = self.root_work[..done].iter().sum();
        let actual_done = progress.visited_done.saturating_sub(1) as f64;
        let scale = (actual_done + prior) / (estimated_done + prior).max(f64::MIN_POSITIVE);
        let current = (progress.visited - progress.visited_done) as f64;
        let mut left = self
            .root_work
            .get(done)
            .map_or(0.0, |w| w * scale - current);
        if left < 0.0 {
            // The current root move is bigger than estimated: say nothing of it.
            left = 0.0;
        }
        left += self.root_work[(done + 1).min(self.root_work.len())..]
            .iter()
            .sum::<f64>()
            * scale;
        let speed = progress.visited as f64 / secs;
        Some(seconds(left / speed))
    }
}

fn seconds(secs: f64) -> Duration {
    // `Duration::from_secs_f64` panics on huge values; cap at about 10^17 years.
    Duration::try_from_secs_f64(secs).unwrap_or(Duration::MAX)
}

/// Estimates the tree of a perft to `depth` (at most [`MAX_PERFT_DEPTH`]) from the game's
/// current position, and the time its count would take here, by random probes (see
/// [`PerftEstimate`]). Bounded in time by `options.time`, and stopped by its stop flag;
/// a variant whose move generation searches is given a [`Budget`] of the time left.
///
/// The probes use a fixed seed: the same position gives the same probes (their timings
/// vary).
pub fn perft_estimate<P: Position>(
    game: &mut Game<P>,
    depth: u32,
    options: &EstimateOptions,
) -> PerftEstimate {
    let depth = depth.min(MAX_PERFT_DEPTH) as usize;
    let started = Instant::now();
    let mut budget = Budget::time(options.time);
    if let Some(stop) = &options.stop {
        budget = budget.with_stop(stop.clone());
    }
    let mut estimate = PerftEstimate {
        cut_short: false,
        ..PerftEstimate::unknown()
    };
    if depth == 0 {
        return estimate;
    }
    let mut undecided = Vec::new();
    let mut root = Vec::new();
    if !legal_moves_within(game, &mut root, &mut undecided, &mut budget) {
        estimate.cut_short = true;
        estimate.elapsed = started.elapsed();
        return estimate;
    }
    estimate.seconds.push(started.elapsed().as_secs_f64());
    estimate.nodes.push(root.len() as f64);
    if depth == 1 || root.is_empty() {
        // Nothing below the root to probe: the tree is known.
        estimate.nodes.resize(depth + 1, 0.0);
        estimate.seconds.resize(depth, estimate.seconds[0]);
        estimate.root_work = vec![0.0; root.len()];
    } else {
        let mut probes = Probes::new(depth, root, undecided);
        estimate.cut_short = probes.run(game, &mut budget, options, started);
        probes.finish(&mut estimate);
    }
    estimate.elapsed = started.elapsed();
    estimate
}

/// Whether the estimate's stop flag is set.
fn stop_asked(options: &EstimateOptions) -> bool {
    options
        .stop
        .as_ref()
        .is_some_and(|s| s.load(Ordering::Relaxed))
}

/// The random probes of a [`perft_estimate`] below the root, and what they found.
///
/// A probe plays one root move, then random moves down to the depth, multiplying the
/// numbers of moves it meets (Knuth's estimator): at ply `k` the product estimates the
/// nodes `k` plies deep below that root move.
struct Probes<M> {
    depth: usize,
    /// The root moves.
    root: Vec<M>,
    /// The root moves' indices in a fixed random order, probed in turn (so that each gets
    /// its share however few probes there is time for).
    order: Vec<usize>,
    rng: crate::SplitMix64,
    /// Per ply `k` (2..=depth): the sum of the probes' products, and how many probes gave
    /// one (a line that ended gives 0 for every ply below it).
    sums: Vec<f64>,
    samples: Vec<u64>,
    /// Per ply `k` (1..depth): the time spent listing moves there, and how many listings.
    time_sums: Vec<f64>,
    time_samples: Vec<u64>,
    /// Per root move: the sum of its probes' work (the nodes whose moves the count lists
    /// below it), and how many probes it had.
    work_sums: Vec<f64>,
    work_samples: Vec<u64>,
    /// The moves of the node being probed, and those the budget left undecided.
    moves: Vec<M>,
    undecided: Vec<M>,
    /// The probes made to the end.
    made: u64,
}

impl<M: Copy> Probes<M> {
    /// Probes below `root` (not empty) to `depth` (at least 2).
    fn new(depth: usize, root: Vec<M>, undecided: Vec<M>) -> Self {
        let width = root.len();
        let mut rng = crate::SplitMix64::new(0x9e37_79b9_7f4a_7c15 ^ depth as u64);
        let mut order: Vec<usize> = (0..width).collect();
        for i in (1..width).rev() {
            order.swap(i, rng.below(i + 1));
        }
        Probes {
            depth,
            root,
            order,
            rng,
            sums: vec![0.0; depth + 1],
            samples: vec![0; depth + 1],
            time_sums: vec![0.0; depth],
            time_samples: vec![0; depth],
            work_sums: vec![0.0; width],
            work_samples: vec![0; width],
            moves: Vec::new(),
            undecided,
            made: 0,
        }
    }

    /// Probes until the time is spent, the stop flag is set or [`MAX_PROBES`] are made, or
    /// (after [`MIN_PROBES`]) once the estimate has taken 1% of the count's predicted time.
    /// Returns whether the estimate was cut short: before [`MIN_PROBES`] probes, or inside
    /// a move generation the budget stopped.
    fn run<P: Position<Move = M>>(
        &mut self,
        game: &mut Game<P>,
        budget: &mut Budget,
        options: &EstimateOptions,
        started: Instant,
    ) -> bool {
        loop {
            let spent = started.elapsed();
            if spent >= options.time || stop_asked(options) || self.made >= MAX_PROBES {
                return self.made < MIN_PROBES;
            }
            if self.made >= MIN_PROBES && spent.as_secs_f64() >= 0.01 * self.predicted_seconds() {
                return false;
            }
            if !self.probe(game, budget) {
                return true;
            }
        }
    }

    /// The time the count would take as the probes predict it so far (the root's own
    /// listing, done already, left out).
    fn predicted_seconds(&self) -> f64 {
        let width = self.root.len() as f64;
        let mut secs = width * mean(self.time_sums[1], self.time_samples[1]);
        for k in 2..self.depth {
            let nodes = width * mean(self.sums[k], self.samples[k]);
            secs += nodes * mean(self.time_sums[k], self.time_samples[k]);
        }
        secs
    }

    /// One probe below the next root move in turn; the game is left as it was. Returns
    /// `false` if the budget stopped a move generation (the probe is not counted).
    fn probe<P: Position<Move = M>>(&mut self, game: &mut Game<P>, budget: &mut Budget) -> bool {
        let i = self.order[(self.made % self.root.len() as u64) as usize];
        game.play_unchecked(self.root[i]);
        let mut played = 1;
        let mut product = 1.0f64;
        let mut work = 0.0f64;
        let mut whole = true;
        for k in 1..self.depth {
            let t = Instant::now();
            if !legal_moves_within(game, &mut self.moves, &mut self.undecided, budget) {
                whole = false;
                break;
            }
            self.time_sums[k] += t.elapsed().as_secs_f64();
            self.time_samples[k] += 1;
            work += product;
            product *= self.moves.len() as f64;
            self.sums[k + 1] += product;
            self.samples[k + 1] += 1;
            if self.moves.is_empty() {
                // The line ends: nothing below it at any deeper ply.
                for s in &mut self.samples[k + 2..] {
                    *s += 1;
                }
                break;
            }
            if k + 1 < self.depth {
                let pick = self.rng.below(self.moves.len());
                game.play_unchecked(self.moves[pick]);
                played += 1;
            }
        }
        for _ in 0..played {
            game.undo();
        }
        if whole {
            self.work_sums[i] += work;
            self.work_samples[i] += 1;
            self.made += 1;
        }
        whole
    }

    /// Writes what the probes found into `estimate` (which has the root's ply): the nodes
    /// of each ply they reached, the time of listing a node's moves at each (a ply never
    /// timed takes the figure of the ply above it), each root move's work, and the number
    /// of probes.
    fn finish(&self, estimate: &mut PerftEstimate) {
        let width = self.root.len() as f64;
        for k in 2..=self.depth {
            if self.samples[k] == 0 {
                break;
            }
            estimate
                .nodes
                .push(width * self.sums[k] / self.samples[k] as f64);
        }
        let reached = estimate.nodes.len() - 1;
        let mut last = estimate.seconds[0];
        for k in 1..reached {
            if self.time_samples[k] > 0 {
                last = self.time_sums[k] / self.time_samples[k] as f64;
            }
            estimate.seconds.push(last);
        }
        estimate.root_work = self.root_work();
        estimate.probes = self.made;
    }

    /// Each root move's mean work over its probes; a root move never probed gets the mean
    /// of those probed.
    fn root_work(&self) -> Vec<f64> {
        let probed = |i: usize| {
            (self.work_samples[i] > 0).then(|| self.work_sums[i] / self.work_samples[i] as f64)
        };
        let known: Vec<f64> = (0..self.root.len()).filter_map(probed).collect();
        let fallback = if known.is_empty() {
            0.0
        } else {
            known.iter().sum::<f64>() / known.len() as f64
        };
        (0..self.root.len())
            .map(|i| probed(i).unwrap_or(fallback))
            .collect()
    }
}

fn mean(sum: f64, samples: u64) -> f64 {
    if samples == 0 {
        0.0
    } else {
        sum / samples as f64
    }
}
