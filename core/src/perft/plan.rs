//! Whether a perft asked for by a user can be started: [`PerftEstimate::plan`].

use super::{PerftEstimate, MAX_PERFT_DEPTH};
use std::time::Duration;

/// What to do with a perft to some depth, given its estimate and the longest time it may
/// take: decided by [`PerftEstimate::plan`], worded by the caller.
#[derive(Clone, Debug, PartialEq)]
pub enum PerftPlan {
    /// Count: the estimate says it finishes in time.
    Count,
    /// Count, though the estimate could not tell how long it takes: it reached only
    /// `reached` plies (listing one position's moves took most of its time), and those
    /// plies alone fit in the time.
    CountUnestimated {
        /// The plies the estimate reached.
        reached: u32,
    },
    /// Refuse: the depth is over [`MAX_PERFT_DEPTH`].
    TooDeep,
    /// Refuse: the count would be about `count` nodes, more than 64 bits hold.
    Overflows {
        /// The estimated count.
        count: f64,
    },
    /// Refuse: the count would take longer than allowed. The estimate reached `reached`
    /// plies (the depth asked for, or fewer), and those plies alone take about `time`.
    TooLong {
        /// The plies the estimate reached (at most the depth asked for).
        reached: u32,
        /// The estimated time of those plies: a lower bound when `reached` is short of
        /// the depth.
        time: Duration,
    },
}

impl PerftPlan {
    /// Whether the count is to be started.
    pub fn counts(&self) -> bool {
        matches!(self, PerftPlan::Count | PerftPlan::CountUnestimated { .. })
    }
}

impl PerftEstimate {
    /// Whether a perft to `depth` can be started when it may take at most `max_time`: it is
    /// refused over [`MAX_PERFT_DEPTH`], when its count would overflow 64 bits, or when it
    /// is estimated to take longer (an estimate cut short still gives a lower bound, the
    /// time of the plies it reached). [`PerftEstimate::deepest_within`] says which depth
    /// would do instead.
    pub fn plan(&self, depth: u32, max_time: Duration) -> PerftPlan {
        if depth > MAX_PERFT_DEPTH {
            return PerftPlan::TooDeep;
        }
        if let Some(count) = self.count(depth) {
            if count > u64::MAX as f64 {
                return PerftPlan::Overflows { count };
            }
        }
        let reached = self.depth().min(depth);
        let time = self.time(reached).unwrap_or_default();
        if time > max_time {
            PerftPlan::TooLong { reached, time }
        } else if reached < depth {
            PerftPlan::CountUnestimated { reached }
        } else {
            PerftPlan::Count
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An estimate of a tree with `branching` moves at every node, each node taking one
    /// microsecond, reaching `depth` plies.
    fn regular(branching: f64, depth: usize) -> PerftEstimate {
        PerftEstimate {
            nodes: (0..=depth).map(|k| branching.powi(k as i32)).collect(),
            seconds: vec![1e-6; depth],
            root_work: Vec::new(),
            probes: 100,
            elapsed: Duration::from_millis(300),
            cut_short: false,
        }
    }

    #[test]
    fn a_count_that_fits_is_started() {
        let estimate = regular(20.0, 6);
        assert_eq!(estimate.plan(4, Duration::from_secs(60)), PerftPlan::Count);
        assert!(estimate.plan(4, Duration::from_secs(60)).counts());
    }

    #[test]
    fn too_deep_too_long_and_too_large_are_refused() {
        let estimate = regular(20.0, 6);
        assert_eq!(
            estimate.plan(MAX_PERFT_DEPTH + 1, Duration::MAX),
            PerftPlan::TooDeep
        );
        // 20^0 + ... + 20^5 nodes listed at 1 µs: about 3.4 s.
        match estimate.plan(6, Duration::from_secs(1)) {
            PerftPlan::TooLong { reached: 6, time } => {
                assert!(time > Duration::from_secs(3) && time < Duration::from_secs(4))
            }
            other => panic!("{other:?}"),
        }
        let huge = regular(1e4, 6);
        assert!(matches!(
            huge.plan(6, Duration::MAX),
            PerftPlan::Overflows { count } if count > 1e23
        ));
    }

    #[test]
    fn an_estimate_cut_short_counts_unless_its_plies_alone_are_too_long() {
        let estimate = regular(20.0, 3);
        assert_eq!(
            estimate.plan(5, Duration::from_secs(60)),
            PerftPlan::CountUnestimated { reached: 3 }
        );
        assert!(matches!(
            estimate.plan(5, Duration::from_nanos(1)),
            PerftPlan::TooLong { reached: 3, .. }
        ));
    }
}
