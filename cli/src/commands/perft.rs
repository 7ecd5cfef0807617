//! `chimera perft`: estimate first, refuse what cannot finish, count with progress, stop on
//! Ctrl-C.

use crate::{new_game, Failure, GameArgs, Io, MovesArg};
use chimera_core::{
    Budget, DynGame, EstimateOptions, PerftControl, PerftError, PerftEstimate, PerftProgress,
    PerftSplit, Status, MAX_PERFT_DEPTH,
};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long a run lasts before progress is shown.
const QUIET_FOR: Duration = Duration::from_millis(1500);

/// How often at most the progress line is redrawn.
const REDRAW_EVERY: Duration = Duration::from_millis(250);

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
    let mut line = ProgressLine {
        shown: io.progress,
        last_drawn: None,
        width: 0,
    };
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

/// The progress line of a long count on a terminal, redrawn in place.
struct ProgressLine {
    /// Whether progress is shown at all (standard error is a terminal).
    shown: bool,
    last_drawn: Option<Instant>,
    /// The width of the line last drawn.
    width: usize,
}

impl ProgressLine {
    /// Draws the progress, once the count has run [`QUIET_FOR`], at most every
    /// [`REDRAW_EVERY`] (and after the last root move).
    fn draw(&mut self, err: &mut dyn Write, p: &PerftProgress, estimate: &PerftEstimate) {
        if !self.shown || p.elapsed < QUIET_FOR {
            return;
        }
        let now = Instant::now();
        if self
            .last_drawn
            .is_some_and(|t| now.duration_since(t) < REDRAW_EVERY)
            && p.root_done < p.root_total
        {
            return;
        }
        self.last_drawn = Some(now);
        let line = progress_line(p, estimate.remaining(p));
        let pad = self.width.saturating_sub(line.chars().count());
        let _ = write!(err, "\r{line}{:pad$}", "");
        let _ = err.flush();
        self.width = line.chars().count();
    }

    /// Wipes the line, if one was drawn or the count was `stopped` (by Ctrl-C), and the
    /// `^C` the terminal echoed after it.
    fn wipe(&self, err: &mut dyn Write, stopped: bool) {
        if self.last_drawn.is_some() || (stopped && self.shown) {
            let width = self.width + 4;
            let _ = write!(err, "\r{:width$}\r", "");
            let _ = err.flush();
        }
    }
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

fn print_split(io: &mut Io<'_>, split: &[(String, u64)]) -> Result<(), Failure> {
    let width = split.iter().map(|(m, _)| m.len()).max().unwrap_or(0);
    for (mv, count) in split {
        writeln!(io.out, "{mv:width$}  {count}")?;
    }
    Ok(())
}

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

/// Refuses (exit code 2) a depth over [`MAX_PERFT_DEPTH`], a count estimated to take more
/// than `max_time`, or one estimated to overflow 64 bits; says which depth would do. A note
/// to print if the estimate could not tell.
fn refuse_what_cannot_finish(
    what: &str,
    depth: u32,
    estimate: &PerftEstimate,
    max_time: Duration,
) -> Result<Option<String>, Failure> {
    let hint = || depth_that_would_do(estimate, max_time);
    if depth > MAX_PERFT_DEPTH {
        return Err(Failure::input(format!(
            "{what}: depth {depth} is over the deepest perft chimera counts ({MAX_PERFT_DEPTH} \
             plies: beyond that no count could finish or fit in 64 bits); from this position {}",
            hint()
        )));
    }
    if let Some(count) = estimate.count(depth) {
        if count > u64::MAX as f64 {
            return Err(Failure::input(format!(
                "{what}: the count would be about {} nodes, more than 64 bits hold (1.8e19); {}",
                sci(count),
                hint()
            )));
        }
    }
    // An estimate cut short (one position's moves took long to list) reaches fewer plies;
    // the time of the plies it reached is still a lower bound.
    let reached = estimate.depth().min(depth);
    let time = estimate.time(reached).unwrap_or_default();
    if time > max_time {
        return Err(Failure::input(format!(
            "{what} {}, over the limit of {} (--max-time); {}",
            how_long(estimate, depth, reached, time),
            human_time(max_time),
            hint()
        )));
    }
    if reached < depth {
        return Ok(Some(format!(
            "note: {what}: no estimate of its time (listing the moves of one position took \
             most of the {} the estimate had); counting anyway, Ctrl-C stops",
            human_time(ESTIMATE_TIME)
        )));
    }
    Ok(None)
}

/// The deepest depth estimated to finish within `max_time`, in words, for a refusal.
fn depth_that_would_do(estimate: &PerftEstimate, max_time: Duration) -> String {
    let limit = human_time(max_time);
    let (best, time) = estimate.deepest_within(max_time);
    if best == 0 && estimate.depth() == 0 {
        String::from("no shallower depth could be estimated either: listing the root moves took the estimate's whole time")
    } else if best == 0 {
        format!("even depth 1 is estimated to take over {limit}")
    } else if best == estimate.depth() && estimate.cut_short {
        format!(
            "depth {best} is estimated to finish within {limit} (about {}); the estimate \
             reached no deeper",
            human_time(time)
        )
    } else {
        format!(
            "depth {best} is the deepest estimated to finish within {limit} (about {})",
            human_time(time)
        )
    }
}

/// How long a count to `depth` would take, `time` as estimated to the ply `reached`:
/// `would take about 3 days (an estimated … nodes at … nodes/s, from … random probes of the
/// tree)`, or for an estimate that reached fewer plies, `would take over …`.
fn how_long(estimate: &PerftEstimate, depth: u32, reached: u32, time: Duration) -> String {
    if reached == depth {
        let count = estimate.count(depth).unwrap_or_default();
        let speed = count / time.as_secs_f64().max(1e-9);
        format!(
            "would take about {} (an estimated {} nodes at about {} nodes/s, from {} \
             random probes of the tree)",
            human_time(time),
            sci(count),
            si(speed),
            estimate.probes
        )
    } else {
        format!(
            "would take over {} (its first {reached} plies alone, as far as the estimate \
             got)",
            human_time(time)
        )
    }
}

/// `[3/8 root moves] 1.23 G nodes, 95.2 M nodes/s, 12 s, about 1 min 20 s left`.
fn progress_line(p: &PerftProgress, remaining: Option<Duration>) -> String {
    let secs = p.elapsed.as_secs_f64().max(1e-9);
    let left = match remaining {
        Some(t) => format!("about {} left", human_time(t)),
        None => String::from("time left unknown"),
    };
    format!(
        "[{}/{} root moves] {} nodes, {} nodes/s, {}, {left} (Ctrl-C stops)",
        p.root_done,
        p.root_total,
        si(p.nodes as f64),
        si(p.nodes as f64 / secs),
        human_time(p.elapsed),
    )
}

/// A count in SI prefixes, three significant figures: `950`, `12.3 k`, `1.23 G`.
fn si(n: f64) -> String {
    const PREFIXES: [&str; 7] = ["", " k", " M", " G", " T", " P", " E"];
    if n < 1000.0 {
        return format!("{n:.0}");
    }
    let mut value = n;
    let mut i = 0;
    while value >= 1000.0 && i + 1 < PREFIXES.len() {
        value /= 1000.0;
        i += 1;
    }
    if value >= 1000.0 {
        return sci(n);
    }
    let digits = if value >= 100.0 {
        0
    } else if value >= 10.0 {
        1
    } else {
        2
    };
    format!("{value:.digits$}{}", PREFIXES[i])
}

/// A large number in scientific notation: `4.1e17`.
fn sci(n: f64) -> String {
    if n < 1e6 {
        format!("{n:.0}")
    } else {
        format!("{n:.1e}")
    }
}

/// A duration for people: `0.8 s`, `45 s`, `3 min 20 s`, `2 h 5 min`, `3 days 4 h`,
/// `12 years`, `4.1e12 years`.
fn human_time(d: Duration) -> String {
    const MIN: u64 = 60;
    const HOUR: u64 = 60 * MIN;
    const DAY: u64 = 24 * HOUR;
    const YEAR: u64 = 365 * DAY;
    let secs = d.as_secs_f64();
    let s = d.as_secs();
    if secs < 10.0 {
        format!("{secs:.1} s")
    } else if s < MIN {
        format!("{s} s")
    } else if s < HOUR {
        format!("{} min {} s", s / MIN, s % MIN)
    } else if s < DAY {
        format!("{} h {} min", s / HOUR, s % HOUR / MIN)
    } else if s < YEAR {
        let days = s / DAY;
        let plural = if days == 1 { "day" } else { "days" };
        match s % DAY / HOUR {
            0 => format!("{days} {plural}"),
            h => format!("{days} {plural} {h} h"),
        }
    } else if d == Duration::MAX || secs / YEAR as f64 >= 1e6 {
        format!("{:.1e} years", secs / YEAR as f64)
    } else {
        format!("{} years", s / YEAR)
    }
}

/// Reads `--max-time`: a number with a unit, `s`, `min` (or `m`), `h` or `d` (`90s`,
/// `30min`, `12h`, `3d`); a bare number is seconds.
pub fn parse_max_time(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let value: f64 = number.parse().map_err(|_| {
        format!(
            "`{}` is not a duration (e.g. 90s, 30min, 12h, 3d)",
            chimera_core::excerpt(text)
        )
    })?;
    let scale = match unit.trim() {
        "" | "s" => 1.0,
        "m" | "min" => 60.0,
        "h" => 3600.0,
        "d" => 86400.0,
        other => {
            return Err(format!(
                "unknown unit `{}` (use s, min, h or d)",
                chimera_core::excerpt(other)
            ))
        }
    };
    Duration::try_from_secs_f64(value * scale).map_err(|_| format!("`{text}` is too long"))
}

/// Ctrl-C: the first press asks the count to stop (it prints what it has and exits 130);
/// if it has not stopped within [`interrupt::GRACE`] (say, inside one long move
/// generation), or at a second press, the program exits with 130 at once.
mod interrupt {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, OnceLock};
    use std::time::{Duration, Instant};

    /// How long the count has to stop after Ctrl-C before the program exits anyway.
    pub const GRACE: Duration = Duration::from_secs(2);

    static STOP: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    static HANDLED: AtomicBool = AtomicBool::new(false);

    /// The stop flag, cleared, with the Ctrl-C handler installed (once per process; if
    /// another handler is there already the flag is never set, and Ctrl-C does what that
    /// handler does).
    pub fn arm() -> Arc<AtomicBool> {
        let stop = STOP.get_or_init(|| {
            let stop = Arc::new(AtomicBool::new(false));
            let flag = stop.clone();
            let _ = ctrlc::set_handler(move || on_interrupt(&flag));
            stop
        });
        stop.store(false, Ordering::SeqCst);
        HANDLED.store(false, Ordering::SeqCst);
        stop.clone()
    }

    /// The count has stopped (or finished): Ctrl-C need not end the program by force.
    pub fn handled() {
        HANDLED.store(true, Ordering::SeqCst);
    }

    fn on_interrupt(stop: &AtomicBool) {
        if stop.swap(true, Ordering::SeqCst) {
            if !HANDLED.load(Ordering::SeqCst) {
                // A second Ctrl-C before the count has stopped.
                std::process::exit(super::INTERRUPTED);
            }
            return;
        }
        // The handler's thread must stay free to hear a second Ctrl-C: wait elsewhere.
        std::thread::spawn(|| {
            let until = Instant::now() + GRACE;
            while Instant::now() < until {
                if HANDLED.load(Ordering::SeqCst) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            eprintln!(
                "\nerror: perft did not stop within {} s of Ctrl-C; exiting",
                GRACE.as_secs()
            );
            std::process::exit(super::INTERRUPTED);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_with_units() {
        assert_eq!(parse_max_time("90"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_max_time("90s"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_max_time("30min"), Ok(Duration::from_secs(1800)));
        assert_eq!(parse_max_time("1.5h"), Ok(Duration::from_secs(5400)));
        assert_eq!(
            parse_max_time(DEFAULT_MAX_TIME),
            Ok(Duration::from_secs(3 * 86400))
        );
        assert!(parse_max_time("soon").is_err());
        assert!(parse_max_time("3 weeks").is_err());
        assert!(parse_max_time("1e999").is_err());
        assert!(parse_max_time(&"9".repeat(10_000)).is_err());
    }

    #[test]
    fn durations_read_for_people() {
        assert_eq!(human_time(Duration::from_millis(800)), "0.8 s");
        assert_eq!(human_time(Duration::from_secs(45)), "45 s");
        assert_eq!(human_time(Duration::from_secs(200)), "3 min 20 s");
        assert_eq!(human_time(Duration::from_secs(7500)), "2 h 5 min");
        assert_eq!(human_time(Duration::from_secs(3 * 86400)), "3 days");
        assert_eq!(human_time(Duration::from_secs(86400 + 3600)), "1 day 1 h");
        assert_eq!(
            human_time(Duration::from_secs(12 * 365 * 86400)),
            "12 years"
        );
        assert!(human_time(Duration::MAX).ends_with("e11 years"));
    }

    #[test]
    fn counts_read_for_people() {
        assert_eq!(si(950.0), "950");
        assert_eq!(si(12_345.0), "12.3 k");
        assert_eq!(si(1_234_567_890.0), "1.23 G");
        assert_eq!(si(123e6), "123 M");
        assert_eq!(si(1e40), "1.0e40");
        assert_eq!(sci(4.1e17), "4.1e17");
    }

    #[test]
    fn the_progress_line_says_where_and_how_long() {
        let p = PerftProgress {
            root_done: 3,
            root_total: 8,
            nodes: 1_230_000_000,
            visited: 10_000_000,
            visited_done: 9_000_000,
            elapsed: Duration::from_secs(12),
        };
        let line = progress_line(&p, Some(Duration::from_secs(80)));
        assert_eq!(
            line,
            "[3/8 root moves] 1.23 G nodes, 102 M nodes/s, 12 s, about 1 min 20 s left \
             (Ctrl-C stops)"
        );
        assert!(progress_line(&p, None).contains("time left unknown"));
    }
}
