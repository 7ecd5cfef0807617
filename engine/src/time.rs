//! The time manager: from the mover's clock ([`Clock`]) to a soft limit (no new iteration
//! after it) and a hard one (the search stops).
//!
//! The move's share is the time left over the moves still to play (`moves_to_go`, or
//! [`DEFAULT_MOVES_TO_GO`] in sudden death) plus most of the increment. The soft limit is
//! that share; the hard limit allows up to [`HARD_FACTOR`] times it for an iteration under
//! way. Neither goes beyond a fixed fraction of the time left, after a safety margin
//! ([`MOVE_OVERHEAD`]) for the time the protocol and the operating system take.

use std::time::Duration;

/// The moves a sudden-death clock (no `moves_to_go`) is shared over.
pub const DEFAULT_MOVES_TO_GO: u32 = 30;
/// Kept back from the clock for communication and scheduling.
pub const MOVE_OVERHEAD: Duration = Duration::from_millis(20);
/// How many times the soft limit the hard limit allows.
pub const HARD_FACTOR: u32 = 4;
/// The shortest limit given (a clock at zero still gets a move).
pub const MIN_TIME: Duration = Duration::from_millis(1);

/// The mover's clock, as UCI's `go wtime/btime winc/binc movestogo` gives it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// The time left on the mover's clock.
    pub time_left: Duration,
    /// The time added after each move.
    pub increment: Duration,
    /// The moves to play before the next time control; `None` for sudden death.
    pub moves_to_go: Option<u32>,
}

impl Clock {
    /// The soft and the hard time for this move (soft ≤ hard, both at least [`MIN_TIME`]).
    pub fn budget(&self) -> (Duration, Duration) {
        let left = self
            .time_left
            .saturating_sub(MOVE_OVERHEAD.min(self.time_left / 4));
        let to_go = self
            .moves_to_go
            .unwrap_or(DEFAULT_MOVES_TO_GO)
            .clamp(1, 1_000);
        // With the last move before the control, most of the time; otherwise at most half.
        let (soft_cap, hard_cap) = if to_go == 1 {
            (left * 3 / 4, left * 9 / 10)
        } else {
            (left / 2, left * 4 / 5)
        };
        let share = left / to_go + self.increment * 3 / 4;
        let soft = share.min(soft_cap).max(MIN_TIME);
        let hard = (share * HARD_FACTOR).min(hard_cap).max(soft);
        (soft, hard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn shares_the_clock() {
        // Sudden death, one minute: 1/30 of it, the hard limit four times that.
        let c = Clock {
            time_left: ms(60_000),
            ..Clock::default()
        };
        let (soft, hard) = c.budget();
        assert!(soft > ms(1_900) && soft < ms(2_000), "{soft:?}");
        assert_eq!(hard, soft * 4);
        // The increment counts.
        let inc = Clock {
            increment: ms(1_000),
            ..c
        };
        assert!(inc.budget().0 > soft + ms(700));
        // The last move before the control may take most of the clock, never all of it.
        let last = Clock {
            time_left: ms(10_000),
            moves_to_go: Some(1),
            ..Clock::default()
        };
        let (soft, hard) = last.budget();
        assert!(soft >= ms(7_000) && hard < ms(10_000) && soft <= hard);
    }

    #[test]
    fn never_beyond_the_clock() {
        for left in [0, 1, 5, 50, 300, 2_000] {
            for inc in [0, 100, 5_000] {
                for to_go in [None, Some(0), Some(1), Some(40)] {
                    let c = Clock {
                        time_left: ms(left),
                        increment: ms(inc),
                        moves_to_go: to_go,
                    };
                    let (soft, hard) = c.budget();
                    assert!(MIN_TIME <= soft && soft <= hard, "{c:?}");
                    assert!(hard <= ms(left).max(MIN_TIME), "{c:?}: {hard:?}");
                }
            }
        }
        // A huge increment does not let a move take more than the clock holds.
        let c = Clock {
            time_left: ms(1_000),
            increment: ms(60_000),
            moves_to_go: None,
        };
        assert!(c.budget().1 <= ms(800));
    }
}
