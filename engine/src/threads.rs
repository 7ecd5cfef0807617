//! Lazy SMP: helper threads search the same root on their own copies of the game, every
//! other one a ply deeper, sharing the (lock-free) transposition table. The main thread's
//! result is reported, with the nodes of all; the helpers stop when it does.

use crate::limits::Limits;
use crate::result::SearchResult;
use crate::search::Searcher;
use crate::tt::Table;
use chimera_core::{Evaluate, Game};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// Runs the search of `main` (whose root moves are listed) on [`Limits::threads`] threads.
pub(crate) fn run<P: Evaluate + Send>(
    mut main: Searcher<'_, P>,
    game: &Game<P>,
    tt: &Table,
    limits: &Limits,
    start: Instant,
    progress: &mut dyn FnMut(&SearchResult<P::Move>),
) -> SearchResult<P::Move>
where
    P::Move: Send,
{
    let threads = limits.threads.max(1);
    if threads == 1 {
        return main.iterate(limits, start, progress);
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
                    multipv: 1,
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
        result
    })
}
