//! [`super::perft_run`] on several threads: the root's moves (and, when the root is narrow,
//! the replies to each) are the work items, taken in turn by worker threads, each counting
//! on its own copy of the game (history included, so Ko applies as on one thread). The
//! calling thread waits, reports progress and collects the counts: every total is exact and
//! the split is in generation order, as on one thread.

use super::{
    buffers, recurse, Moves, PerftControl, PerftError, PerftProgress, PerftSplit, Watch, Within,
    CHECK_EVERY, PROGRESS_EVERY,
};
use crate::{Game, Position};
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{channel, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

/// The replies to the root moves are split too (the items are then the root's grandchildren)
/// when the root has fewer moves than this per thread: then the threads share the work
/// evenly, whatever the sizes of the root moves' subtrees.
const ROOT_MOVES_PER_THREAD: usize = 32;

/// One work item: the subtree below a root move, or below one reply to it.
#[derive(Clone, Copy)]
struct Item<M> {
    /// The root move's index.
    root: usize,
    reply: Option<M>,
}

/// What the workers share with each other and the calling thread.
struct Shared<'s> {
    /// The next item to take.
    next: AtomicUsize,
    /// Set when a worker's move generation was stopped: every worker stops.
    halt: AtomicBool,
    /// The caller's stop flag.
    stop: Option<&'s AtomicBool>,
    /// Leaves and visited nodes counted so far (each worker adds its own now and then).
    nodes: AtomicU64,
    visited: AtomicU64,
    /// Per item, once counted: its count and the nodes visited below it.
    results: Mutex<Vec<Option<(u64, u64)>>>,
}

impl Shared<'_> {
    fn halted(&self) -> bool {
        self.halt.load(Ordering::Relaxed) || self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }

    fn results(&self) -> MutexGuard<'_, Vec<Option<(u64, u64)>>> {
        // A worker never panics while holding the lock; if one did, the counts stored are
        // still whole.
        self.results.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A worker's [`Watch`]: counts locally, and every [`CHECK_EVERY`] nodes adds its counts to
/// the shared ones and looks whether to stop.
struct WorkerWatch<'w, 's> {
    shared: &'w Shared<'s>,
    countdown: u32,
    /// Not yet added to the shared counts.
    nodes: u64,
    visited: u64,
    /// Every node this worker visited.
    visited_total: u64,
    stopped: bool,
}

impl WorkerWatch<'_, '_> {
    #[cold]
    fn check(&mut self) -> bool {
        self.countdown = CHECK_EVERY;
        self.flush();
        if self.shared.halted() {
            self.stopped = true;
            return false;
        }
        true
    }

    fn flush(&mut self) {
        self.shared.nodes.fetch_add(self.nodes, Ordering::Relaxed);
        self.shared
            .visited
            .fetch_add(self.visited, Ordering::Relaxed);
        self.nodes = 0;
        self.visited = 0;
    }
}

impl Watch for WorkerWatch<'_, '_> {
    #[inline]
    fn visit(&mut self) -> bool {
        self.visited += 1;
        self.visited_total += 1;
        self.countdown -= 1;
        if self.countdown == 0 {
            return self.check();
        }
        true
    }
    #[inline]
    fn leaves(&mut self, n: u64) {
        self.nodes = self.nodes.wrapping_add(n);
    }
    #[inline]
    fn stopped(&self) -> bool {
        self.stopped
    }
    fn stop(&mut self) {
        self.stopped = true;
    }
}

/// A worker: takes items in turn and counts them on its own game until none is left or
/// the count is stopped; then drops `done`, which tells the calling thread.
fn work<P: Position>(
    mut game: Game<P>,
    root: &[P::Move],
    items: &[Item<P::Move>],
    depth: u32,
    shared: &Shared<'_>,
    stop: Option<Arc<AtomicBool>>,
    done: Sender<()>,
) {
    let mut moves = Within::new(stop.as_ref());
    let mut buffers = buffers::<P>(depth);
    let mut watch = WorkerWatch {
        shared,
        countdown: CHECK_EVERY,
        nodes: 0,
        visited: 0,
        visited_total: 0,
        stopped: false,
    };
    loop {
        let k = shared.next.fetch_add(1, Ordering::Relaxed);
        let Some(item) = items.get(k) else { break };
        if shared.halted() {
            break;
        }
        game.play_unchecked(root[item.root]);
        let mut below = depth - 1;
        if let Some(reply) = item.reply {
            game.play_unchecked(reply);
            below -= 1;
        }
        let before = watch.visited_total;
        let count = recurse(&mut game, below, &mut buffers, &mut moves, &mut watch);
        game.undo();
        if item.reply.is_some() {
            game.undo();
        }
        if watch.stopped {
            shared.halt.store(true, Ordering::Relaxed);
            break;
        }
        shared.results()[k] = Some((count, watch.visited_total - before));
    }
    watch.flush();
    drop(done);
}

/// The work items of a count to `depth` (at least 2) from the root moves `root`, with, per
/// root move, the range of its items; `None` if a move generation was stopped. `visited`
/// counts the nodes whose moves were listed to split.
#[allow(clippy::type_complexity)]
fn items<P: Position>(
    game: &mut Game<P>,
    depth: u32,
    root: &[P::Move],
    threads: usize,
    moves: &mut Within<P::Move>,
    visited: &mut u64,
) -> Option<(Vec<Item<P::Move>>, Vec<Range<usize>>)> {
    if depth < 3 || root.len() >= ROOT_MOVES_PER_THREAD.saturating_mul(threads) {
        let items = (0..root.len()).map(|i| Item {
            root: i,
            reply: None,
        });
        return Some((items.collect(), (0..root.len()).map(|i| i..i + 1).collect()));
    }
    let mut items = Vec::new();
    let mut ranges = Vec::with_capacity(root.len());
    let mut replies = Vec::new();
    for (i, &mv) in root.iter().enumerate() {
        game.play_unchecked(mv);
        *visited += 1;
        let listed = moves.list(game, &mut replies);
        game.undo();
        if !listed {
            return None;
        }
        let first = items.len();
        items.extend(replies.iter().map(|&r| Item {
            root: i,
            reply: Some(r),
        }));
        ranges.push(first..items.len());
    }
    Some((items, ranges))
}

/// Where the count is: the root moves whose items are all counted (the first ones in
/// generation order, for [`PerftProgress::root_done`]), and the nodes counted so far.
fn progress(
    shared: &Shared<'_>,
    ranges: &[Range<usize>],
    base: u64,
    started: Instant,
) -> PerftProgress {
    let results = shared.results();
    let mut root_done = 0;
    let mut visited_done = base;
    for range in ranges {
        let Some(visited) = results[range.clone()]
            .iter()
            .map(|r| r.map(|(_, v)| v))
            .sum::<Option<u64>>()
        else {
            break;
        };
        root_done += 1;
        visited_done += visited;
    }
    PerftProgress {
        root_done,
        root_total: ranges.len(),
        nodes: shared.nodes.load(Ordering::Relaxed),
        visited: base + shared.visited.load(Ordering::Relaxed),
        visited_done,
        elapsed: started.elapsed(),
    }
}

/// [`super::perft_run`] to `depth` (at least 2) on `control.threads` (at least 2) threads.
pub(super) fn run<P>(
    game: &mut Game<P>,
    depth: u32,
    control: &mut PerftControl<'_>,
) -> Result<PerftSplit<P::Move>, PerftError<P::Move>>
where
    P: Position + Send,
    P::Move: Send,
{
    let started = Instant::now();
    let mut moves = Within::new(control.stop.as_ref());
    let stop_set = || {
        control
            .stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    };
    let mut root = Vec::new();
    let mut base = 1;
    let split = if !stop_set() && moves.list(game, &mut root) {
        items(game, depth, &root, control.threads, &mut moves, &mut base)
    } else {
        None
    };
    let Some((items, ranges)) = split else {
        return Err(PerftError::Stopped {
            done: Vec::new(),
            root_total: root.len(),
            progress: PerftProgress {
                root_done: 0,
                root_total: root.len(),
                nodes: 0,
                visited: base,
                visited_done: base,
                elapsed: started.elapsed(),
            },
        });
    };
    let workers = control.threads.min(items.len()).max(1);
    let shared = Shared {
        next: AtomicUsize::new(0),
        halt: AtomicBool::new(false),
        stop: control.stop.as_deref(),
        nodes: AtomicU64::new(0),
        visited: AtomicU64::new(0),
        results: Mutex::new(vec![None; items.len()]),
    };
    // The calling thread blocks (no polling: it would take a core's share from the
    // workers) until every worker has dropped its end of the channel, waking every
    // PROGRESS_EVERY to report.
    let (done, finished) = channel::<()>();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let (game, root, items) = (game.clone(), root.clone(), items.clone());
            let (shared, stop, done) = (&shared, control.stop.clone(), done.clone());
            scope.spawn(move || work(game, &root, &items, depth, shared, stop, done));
        }
        drop(done);
        loop {
            let Some(report) = control.progress.as_mut() else {
                while finished.recv().is_ok() {}
                break;
            };
            match finished.recv_timeout(PROGRESS_EVERY) {
                Err(RecvTimeoutError::Timeout) => {
                    report(&progress(&shared, &ranges, base, started));
                }
                Err(RecvTimeoutError::Disconnected) => break,
                Ok(()) => {}
            }
        }
    });
    let state = progress(&shared, &ranges, base, started);
    let results = shared.results();
    let mut done = Vec::with_capacity(root.len());
    for (&mv, range) in root.iter().zip(&ranges) {
        let counts: Option<u64> = results[range.clone()]
            .iter()
            .map(|r| r.map(|(n, _)| n))
            .sum();
        if let Some(count) = counts {
            done.push((mv, count));
        }
    }
    if done.len() < root.len() {
        return Err(PerftError::Stopped {
            done,
            root_total: root.len(),
            progress: state,
        });
    }
    if let Some(report) = control.progress.as_mut() {
        report(&state);
    }
    Ok(done)
}
