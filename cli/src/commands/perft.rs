//! `chimera perft`.

use crate::{new_game, Failure, GameArgs, Io, MovesArg};
use std::time::{Duration, Instant};

/// How long a run lasts before progress is shown.
const QUIET_FOR: Duration = Duration::from_millis(1500);

pub fn run(
    io: &mut Io<'_>,
    args: &GameArgs,
    moves: &MovesArg,
    depth: u32,
    divide: bool,
) -> Result<(), Failure> {
    let mut game = new_game(args, moves)?;
    writeln!(
        io.out,
        "perft {depth} of {} (rules: {}), {} to move",
        game.variant(),
        game.rules_name(),
        game.turn()
    )?;
    let started = Instant::now();
    let (total, split) = if depth == 0 {
        (game.perft(0), Vec::new())
    } else {
        let show_progress = io.progress;
        let err = &mut *io.err;
        let mut shown = false;
        let split = game.perft_divide(depth, &mut |done, total| {
            if show_progress && started.elapsed() > QUIET_FOR {
                let _ = write!(err, "\r[{done}/{total} root moves]");
                let _ = err.flush();
                shown = true;
            }
        });
        if shown {
            let _ = write!(err, "\r{:30}\r", "");
        }
        (split.iter().map(|(_, n)| n).sum(), split)
    };
    let elapsed = started.elapsed();
    if divide {
        let width = split.iter().map(|(m, _)| m.len()).max().unwrap_or(0);
        for (mv, count) in &split {
            writeln!(io.out, "{mv:width$}  {count}")?;
        }
        writeln!(io.out, "{} root moves", split.len())?;
    }
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
        "(the last ply is bulk counted: its moves are counted, not played)"
    )?;
    Ok(())
}
