//! The progress line of a long count on a terminal.

use super::units::{human_time, si};
use chimera_core::{PerftEstimate, PerftProgress};
use std::io::Write;
use std::time::{Duration, Instant};

/// How long a run lasts before progress is shown.
const QUIET_FOR: Duration = Duration::from_millis(1500);

/// How often at most the progress line is redrawn.
const REDRAW_EVERY: Duration = Duration::from_millis(250);

/// The progress line of a long count on a terminal, redrawn in place.
pub struct ProgressLine {
    /// Whether progress is shown at all (standard error is a terminal).
    shown: bool,
    last_drawn: Option<Instant>,
    /// The width of the line last drawn.
    width: usize,
}

impl ProgressLine {
    /// A line not drawn yet; drawn at all only when `shown` (standard error is a
    /// terminal).
    pub fn new(shown: bool) -> Self {
        ProgressLine {
            shown,
            last_drawn: None,
            width: 0,
        }
    }

    /// Draws the progress, once the count has run [`QUIET_FOR`], at most every
    /// [`REDRAW_EVERY`] (and after the last root move).
    pub fn draw(&mut self, err: &mut dyn Write, p: &PerftProgress, estimate: &PerftEstimate) {
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
    pub fn wipe(&self, err: &mut dyn Write, stopped: bool) {
        if self.last_drawn.is_some() || (stopped && self.shown) {
            let width = self.width + 4;
            let _ = write!(err, "\r{:width$}\r", "");
            let _ = err.flush();
        }
    }
}

/// `[3/8 root moves] 1.23 G nodes, 95.2 M nodes/s, 12 s, about 1 min 20 s left`.
pub fn progress_line(p: &PerftProgress, remaining: Option<Duration>) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

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
