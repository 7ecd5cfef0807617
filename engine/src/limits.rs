//! What limits a search: [`Limits`].

use crate::time::Clock;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// What limits a search: any combination of a depth, a node count, a time and a stop flag.
/// With none of them the search goes to [`crate::MAX_PLY`], which may take forever: a program
/// facing users always sets one.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
    /// The most nodes (each position visited, quiescence included).
    pub nodes: Option<u64>,
    /// The longest time (the hard limit: the search stops within a few milliseconds of it).
    pub time: Option<Duration>,
    /// Stops the search as soon as it is set (from another thread).
    pub stop: Option<Arc<AtomicBool>>,
    /// The threads searching (Lazy SMP on a shared transposition table); 0 or 1 for one.
    /// Only a one-thread search is deterministic. Each thread keeps the node limit, so a
    /// search of `n` threads visits at most `n` times [`Limits::nodes`].
    pub threads: usize,
    /// The soft time limit: no new iteration starts after it (one under way goes on, up to
    /// [`Limits::time`]). [`Limits::clock`] sets both from a game clock.
    pub soft_time: Option<Duration>,
    /// The lines searched at the root (multi-PV): the best `multipv` moves each get an exact
    /// score and principal variation in [`crate::SearchResult::lines`]. 0 or 1 for one.
    pub multipv: usize,
    /// Search a turn of several actions (Tiling Rider's) action by action, as every other
    /// ply, instead of whole (the default: the action-by-action search on a share of the
    /// limits, then the whole-turn planner; see the crate's docs, "Whole turns", where the
    /// measurements that chose it are).
    pub per_action: bool,
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

    /// Soft and hard time from the time manager ([`Clock::budget`]) for the mover's clock:
    /// [`Limits::soft_time`] and [`Limits::time`].
    pub fn clock(clock: Clock) -> Limits {
        let (soft, hard) = clock.budget();
        Limits {
            time: Some(hard),
            soft_time: Some(soft),
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

    /// These limits, searching the best `lines` root moves (multi-PV).
    pub fn with_multipv(mut self, lines: usize) -> Limits {
        self.multipv = lines;
        self
    }
}
