//! The session's searches: `go` starts one on a thread of its own, `ponderhit` starts the
//! move's time of a pondering one, `stop` (or the search's own end) reports it.
//!
//! A search's limits are fixed when it starts, but a pondering search gets its time only
//! at `ponderhit`: from then on the session's main thread stops it at the move's hard time
//! (it looks every few milliseconds), and the search thread stops it after an iteration
//! that ends past the soft time (as the engine itself does for a timed `go`).

use super::go::Go;
use super::info::info_lines;
use super::session::Session;
use super::words::{complain, one_line, start_message, Answer};
use crate::game::{start, GameSpec};
use crate::player::{Computer, Report};
use crate::replay::replay;
use crate::{registry, Error, Limit};
use chimera_core::record::RecordMove;
use chimera_core::{excerpt, Budget, Color, DynGame, Status};
use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// The search thread's stack (reserved, not used, unless a deep search needs it).
const SEARCH_STACK: usize = 64 << 20;
/// The legality budget for playing the best move to see whose turn follows it (whether the
/// second move of the principal variation is the opponent's, to ponder on).
const PONDER_CHECK_NODES: u64 = 2_000;

/// What the search thread gives back: the computer, and what it found.
type Finished = (Box<dyn Computer>, Result<Report, Error>);

/// The times of a move that started at `ponderhit`.
#[derive(Clone, Copy, Debug)]
struct Deadlines {
    /// No new iteration after it.
    soft: Instant,
    /// The search stops at it.
    hard: Instant,
}

/// A search running on its own thread.
pub(super) struct Search {
    stop: Arc<AtomicBool>,
    handle: JoinHandle<Finished>,
    /// The `info` lines of each iteration the search completes, as it completes it.
    info: Receiver<Vec<String>>,
    /// `go infinite`: `bestmove` waits for `stop`.
    infinite: bool,
    /// A pondering search before `ponderhit`: the `go` line and the side whose move it
    /// times then. `bestmove` waits for `ponderhit` or `stop`.
    ponder: Option<(Go, Color)>,
    /// The move's times once they run from `ponderhit`, shared with the search thread.
    deadlines: Arc<Mutex<Option<Deadlines>>>,
}

impl Search {
    /// Whether `bestmove` waits for `stop` (`go infinite`, or pondering before `ponderhit`).
    pub(super) fn waits(&self) -> bool {
        self.infinite || self.ponder.is_some()
    }

    /// Whether the search is over and may be reported: it ended (by its limits, or
    /// stopped here at its hard time) and `bestmove` does not wait for `stop`.
    pub(super) fn is_done(&mut self) -> bool {
        if passed(&self.deadlines, |d| d.hard) {
            self.stop.store(true, Ordering::Relaxed);
        }
        self.handle.is_finished() && !self.waits()
    }
}

/// Whether the deadline `which` picks is set and past.
fn passed(deadlines: &Mutex<Option<Deadlines>>, which: fn(&Deadlines) -> Instant) -> bool {
    let now = Instant::now();
    deadlines
        .lock()
        .map(|d| d.as_ref().is_some_and(|d| now >= which(d)))
        .unwrap_or(false)
}

impl Session<'_> {
    /// `go [wtime MS btime MS winc MS binc MS movestogo N | movetime MS | time T | depth N |
    /// nodes N | infinite | ponder …]`: starts a search on its own thread; `bestmove` comes
    /// when it ends. A game already over is answered with an error and `bestmove (none)`.
    pub(super) fn go(&mut self, rest: &str) -> Answer {
        if self.search.is_some() {
            return complain("go: a search is already running (send `stop` first)");
        }
        let go = Go::parse(rest)?;
        let (threads, multipv, hash_mb) = (
            self.options.threads,
            self.options.multipv,
            self.options.hash_mb,
        );
        let current = self.current_game("go")?;
        if let Status::Over(outcome) = current.game.status(&mut Limit::DEFAULT.budget()) {
            self.say(&format!(
                "info string error go: the game is over ({outcome})"
            ))
            .map_err(Err)?;
            return self.say("bestmove (none)").map_err(Err);
        }
        let Some(mut computer) = current.computer.take() else {
            return complain(format!(
                "go: no computer player for {} yet",
                current.game.variant()
            ));
        };
        let turn = current.game.turn();
        let spec = GameSpec {
            variant: current.game.variant().to_string(),
            position: current.start.clone(),
            rules: Some(current.game.rules_name().to_string()),
        };
        let moves = current.game.moves_played();
        let stop = Arc::new(AtomicBool::new(false));
        let limits = go
            .search_limits(turn)
            .with_threads(threads)
            .with_multipv(multipv)
            .with_stop(Arc::clone(&stop));
        let deadlines = Arc::new(Mutex::new(None));
        let (info_sender, info) = mpsc::channel();
        let (thread_stop, thread_deadlines) = (Arc::clone(&stop), Arc::clone(&deadlines));
        // The computer comes back through the handle; if the thread cannot start, the
        // closure is dropped with it, so a fresh one is made instead.
        let spawned = thread::Builder::new()
            .name("chimera-search".into())
            .stack_size(SEARCH_STACK)
            .spawn(move || {
                let mut progress = |report: &Report| {
                    // The receiver is gone only when the session ended: nothing to tell.
                    let _ = info_sender.send(info_lines(report));
                    if passed(&thread_deadlines, |d| d.soft) {
                        thread_stop.store(true, Ordering::Relaxed);
                    }
                };
                let result = rebuild(&spec, &moves).and_then(|game| {
                    computer.search_reporting(game.as_ref(), &limits, &mut progress)
                });
                (computer, result)
            });
        match spawned {
            Ok(handle) => {
                self.search = Some(Search {
                    stop,
                    handle,
                    info,
                    infinite: go.infinite,
                    ponder: go.ponder.then(|| (go.clone(), turn)),
                    deadlines,
                });
                Ok(())
            }
            Err(e) => {
                current.computer = fresh_computer(current.game.as_ref(), hash_mb);
                complain(format!("go: cannot start the search: {e}"))
            }
        }
    }

    /// `ponderhit`: the expected move was played; the pondering search goes on, now as the
    /// search of the move, timed from now by the `go` line's clock.
    pub(super) fn ponderhit(&mut self) -> Answer {
        let Some(search) = self.search.as_mut() else {
            return complain("ponderhit: no search is running");
        };
        let Some((go, turn)) = search.ponder.take() else {
            return complain("ponderhit: the search is not pondering");
        };
        let limits = go.move_limits(turn);
        let hard = limits.time.unwrap_or(Duration::ZERO);
        let soft = limits.soft_time.unwrap_or(hard).min(hard);
        let now = Instant::now();
        if let Ok(mut d) = search.deadlines.lock() {
            *d = Some(Deadlines {
                soft: now + soft,
                hard: now + hard,
            });
        }
        Ok(())
    }

    /// Writes the `info` lines of the iterations the running search has completed since
    /// last asked.
    pub(super) fn tell_progress(&mut self) -> io::Result<()> {
        let lines: Vec<String> = match &self.search {
            Some(search) => search.info.try_iter().flatten().collect(),
            None => return Ok(()),
        };
        for line in lines {
            self.say(&line)?;
        }
        Ok(())
    }

    /// Ends the running search, if any (at once if `stop`), and reports it: the `info`
    /// lines of its iterations not yet written, the last `info` lines (the whole search's
    /// figures) and `bestmove M [ponder R]`, or an error line and `bestmove (none)`.
    pub(super) fn end_search(&mut self, stop: bool) -> io::Result<()> {
        let Some(search) = self.search.take() else {
            return Ok(());
        };
        if stop {
            search.stop.store(true, Ordering::Relaxed);
        }
        let joined = search.handle.join();
        for line in search.info.try_iter().flatten().collect::<Vec<_>>() {
            self.say(&line)?;
        }
        let hash_mb = self.options.hash_mb;
        let result = match joined {
            Ok((computer, result)) => {
                if let Some(current) = &mut self.current {
                    current.computer = Some(computer);
                }
                result
            }
            Err(_) => {
                if let Some(current) = &mut self.current {
                    current.computer = fresh_computer(current.game.as_ref(), hash_mb);
                }
                Err(Error::new(
                    "the search failed (an internal error); the computer was reset",
                ))
            }
        };
        match result {
            Ok(report) => {
                for line in info_lines(&report) {
                    self.say(&line)?;
                }
                let ponder = self.ponder_move(&report);
                self.say(&match ponder {
                    Some(reply) => format!("bestmove {} ponder {reply}", report.best_move),
                    None => format!("bestmove {}", report.best_move),
                })
            }
            Err(failure) => {
                self.say(&format!(
                    "info string error go: {}",
                    one_line(&failure.message)
                ))?;
                self.say("bestmove (none)")
            }
        }
    }

    /// The move to ponder on after `report`'s best move: the principal variation's second
    /// move, if it is the opponent's (in a turn of several moves it is not).
    fn ponder_move(&mut self, report: &Report) -> Option<String> {
        let reply = report.pv.get(1)?.clone();
        let game = self.current.as_mut()?.game.as_mut();
        let turn = game.turn();
        let mut budget = Budget::nodes(PONDER_CHECK_NODES);
        game.play_within(&report.best_move, &[], &mut budget, true)
            .ok()?;
        let changed = game.turn() != turn;
        game.undo();
        changed.then_some(reply)
    }
}

/// A fresh computer for `game`'s variant, its table of `hash_mb` MiB.
fn fresh_computer(game: &dyn DynGame, hash_mb: usize) -> Option<Box<dyn Computer>> {
    let mut computer = registry::computer(game.variant())?;
    computer.set_hash_mb(hash_mb);
    Some(computer)
}

/// Rebuilds a game from its record, for the search thread.
fn rebuild(spec: &GameSpec, moves: &[String]) -> Result<Box<dyn DynGame>, Error> {
    let mut game = start(spec, None, Limit::DEFAULT)
        .map_err(|e| Error::new(start_message(&e, Limit::DEFAULT)))?;
    let record = moves.iter().map(|text| RecordMove {
        line: 1,
        text: text.as_str().into(),
    });
    replay(game.as_mut(), record, Limit::DEFAULT).map_err(|stop| {
        Error::new(format!(
            "cannot replay move {} `{}` of the game: {}",
            stop.index + 1,
            excerpt(moves.get(stop.index).map_or("", String::as_str)),
            stop.reason
        ))
    })?;
    Ok(game)
}
