//! `chimera perft`: estimate first, refuse what cannot finish, count with progress, stop on
//! Ctrl-C. Whether a count can finish is decided by the core ([`PerftEstimate::plan`]);
//! here are its words ([`refusal`]), the progress line ([`progress`]), Ctrl-C
//! ([`interrupt`]) and the units people read ([`units`]).

mod interrupt;
mod progress;
mod refusal;
mod units;

pub use units::parse_max_time;

use crate::{new_game, Failure, GameArgs, Io, MovesArg};
use chimera_core::{
    Budget, DynGame, EstimateOptions, PerftControl, PerftError, PerftEstimate, PerftProgress,
    PerftSplit, Status, MAX_PERFT_DEPTH,
};
use progress::ProgressLine;
use refusal::refuse_what_cannot_finish;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use units::human_time;

/// The longest count `perft` starts by default (`--max-time`): three days.
pub const DEFAULT_MAX_TIME: &str = "3d";

/// The most time spent estimating a count before starting it (less for a short count).
const ESTIMATE_TIME: Duration = Duration::from_millis(300);

/// The exit code of a count stopped by Ctrl-C (128 + SIGINT, as shells report it).
pub const INTERRUPTED: i32 = 130;

/// `chimera perft`: counts on `threads` threads (`None`: one per core).
pub fn run(
    io: &mut Io<'_>,
    args: &GameArgs,
    moves: &MovesArg,
    depth: u32,
    divide: bool,
    max_time: Duration,
    threads: Option<u32>,
) -> Result<(), Failure> {
    let mut game = new_game(args, moves)?;
    let what = format!("perft {depth} of {}", game.variant());
    let threads = threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |n| n as usize,
    );
    let header = format!(
        "{what} (rules: {}), {} to move, {}",
        game.rules_name(),
        game.turn(),
        if threads == 1 {
            String::from("1 thread")
        } else {
            format!("{threads} threads")
        }
    );
    if depth == 0 {
        return nothing_to_count(io, &header, None, divide, 1);
    }
    let stop = interrupt::arm();
    // Asked within a budget: in a variant whose legality is a search, whether any move is
    // legal can itself take long (then the count goes on, and its estimate decides).
    let mut budget = Budget::time(ESTIMATE_TIME).with_stop(stop.clone());
    if let Status::Over(outcome) = game.status(&mut budget) {
        // Nothing to count at any depth: no need to bound it.
        interrupt::handled();
        let note = format!(
            "the game is over ({outcome}): no move is legal, so the count is 0 at every depth"
        );
        return nothing_to_count(io, &header, Some(&note), divide, 0);
    }
    let estimate = estimate(io, game.as_mut(), &what, depth, max_time, &stop)?;

    writeln!(io.out, "{header}")?;
    io.out.flush()?;
    let started = Instant::now();
    match count(io, game.as_mut(), depth, threads, &estimate, &stop) {
        Ok(split) => finish(io, &what, &split, divide, started.elapsed()),
        Err(PerftError::Stopped {
            done,
            root_total,
            progress,
        }) => Err(interrupted(
            io, &what, divide, &done, root_total, &progress,
        )?),
        // Refused above already; kept for completeness.
        Err(PerftError::TooDeep { .. }) => Err(Failure::input(format!(
            "{what}: depth {depth} is over the deepest perft counted ({MAX_PERFT_DEPTH} plies)"
        ))),
    }
}

/// A count done in `elapsed`: its split by root move (with `--divide`), and the total.
fn finish(
    io: &mut Io<'_>,
    what: &str,
    split: &[(String, u64)],
    divide: bool,
    elapsed: Duration,
) -> Result<(), Failure> {
    if divide {
        print_split(io, split)?;
        writeln!(io.out, "{} root moves", split.len())?;
    }
    let total = split
        .iter()
        .try_fold(0u64, |sum, (_, n)| sum.checked_add(*n))
        .ok_or_else(|| Failure::input(format!("{what}: the count overflows 64 bits")))?;
    report(io, total, elapsed)
}

/// The answer when there is no root move to count (depth 0, or a finished game): the
/// header, a note, and the count `total` (1 or 0) at once.
fn nothing_to_count(
    io: &mut Io<'_>,
    header: &str,
    note: Option<&str>,
    divide: bool,
    total: u64,
) -> Result<(), Failure> {
    writeln!(io.out, "{header}")?;
    if let Some(note) = note {
        writeln!(io.out, "{note}")?;
    }
    if divide {
        writeln!(io.out, "0 root moves")?;
    }
    report(io, total, Duration::ZERO)
}

/// Estimates the count's tree and time, and refuses a count that cannot finish (see
/// [`refuse_what_cannot_finish`]) or a Ctrl-C that came first; a note for standard error
/// if the estimate could not tell.
fn estimate(
    io: &mut Io<'_>,
    game: &mut dyn DynGame,
    what: &str,
    depth: u32,
    max_time: Duration,
    stop: &Arc<AtomicBool>,
) -> Result<PerftEstimate, Failure> {
    let estimate = game.perft_estimate(
        depth.min(MAX_PERFT_DEPTH),
        &EstimateOptions {
            time: ESTIMATE_TIME,
            stop: Some(stop.clone()),
        },
    );
    if stop.load(Ordering::Relaxed) {
        interrupt::handled();
        return Err(Failure {
            code: INTERRUPTED,
            message: format!("{what} interrupted (Ctrl-C) before counting started"),
        });
    }
    match refuse_what_cannot_finish(what, depth, &estimate, max_time) {
        Ok(None) => {}
        Ok(Some(note)) => writeln!(io.err, "{note}")?,
        Err(refusal) => {
            interrupt::handled();
            return Err(refusal);
        }
    }
    Ok(estimate)
}

/// Counts on `threads` threads, showing the progress on standard error when it is a
/// terminal, until done or stopped by Ctrl-C.
fn count(
    io: &mut Io<'_>,
    game: &mut dyn DynGame,
    depth: u32,
    threads: usize,
    estimate: &PerftEstimate,
    stop: &Arc<AtomicBool>,
) -> Result<PerftSplit<String>, PerftError<String>> {
    let mut line = ProgressLine::new(io.progress);
    let err = &mut *io.err;
    let result = game.perft_run(
        depth,
        &mut PerftControl {
            stop: Some(stop.clone()),
            progress: Some(&mut |p: &PerftProgress| line.draw(err, p, estimate)),
            threads,
        },
    );
    interrupt::handled();
    line.wipe(io.err, matches!(result, Err(PerftError::Stopped { .. })));
    result
}

/// A count stopped by Ctrl-C: prints the root moves counted (with `--divide`) and how far
/// it got; returns the failure to end with (exit code [`INTERRUPTED`]).
fn interrupted(
    io: &mut Io<'_>,
    what: &str,
    divide: bool,
    done: &[(String, u64)],
    root_total: usize,
    progress: &PerftProgress,
) -> Result<Failure, Failure> {
    if divide {
        print_split(io, done)?;
    }
    let counted: u64 = done.iter().map(|(_, n)| n).sum();
    writeln!(
        io.out,
        "interrupted: {} of {root_total} root moves counted ({counted} nodes below them); no total",
        done.len()
    )?;
    Ok(Failure {
        code: INTERRUPTED,
        message: format!(
            "{what} interrupted (Ctrl-C) after {}: {} of {root_total} root moves counted, \
             {} nodes in all so far",
            human_time(progress.elapsed),
            done.len(),
            progress.nodes
        ),
    })
}

/// The count of each root move, one a line.
fn print_split(io: &mut Io<'_>, split: &[(String, u64)]) -> Result<(), Failure> {
    let width = split.iter().map(|(m, _)| m.len()).max().unwrap_or(0);
    for (mv, count) in split {
        writeln!(io.out, "{mv:width$}  {count}")?;
    }
    Ok(())
}

/// The total, the time and the speed.
fn report(io: &mut Io<'_>, total: u64, elapsed: Duration) -> Result<(), Failure> {
    let secs = elapsed.as_secs_f64();
    let speed = if secs > 0.0 {
        format!("{:.2} M nodes/s", total as f64 / secs / 1e6)
    } else {
        "-".into()
    };
    writeln!(io.out, "nodes: {total}")?;
    writeln!(io.out, "time:  {secs:.3} s ({speed})")?;
    writeln!(
        io.out,
        "(an exact count; the last ply is bulk counted: its moves are counted, not played)"
    )?;
    Ok(())
}
