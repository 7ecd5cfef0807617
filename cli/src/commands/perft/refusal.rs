//! The words of a refused count: how long it would take, and which depth would do.

use super::units::{human_time, sci, si};
use super::ESTIMATE_TIME;
use crate::Failure;
use chimera_core::{PerftEstimate, PerftPlan, MAX_PERFT_DEPTH};
use std::time::Duration;

/// Refuses (exit code 2) what [`PerftEstimate::plan`] refuses (a depth over
/// [`MAX_PERFT_DEPTH`], a count estimated to take more than `max_time` or to overflow 64
/// bits), saying which depth would do; a note to print if the estimate could not tell.
pub fn refuse_what_cannot_finish(
    what: &str,
    depth: u32,
    estimate: &PerftEstimate,
    max_time: Duration,
) -> Result<Option<String>, Failure> {
    let hint = || depth_that_would_do(estimate, max_time);
    match estimate.plan(depth, max_time) {
        PerftPlan::Count => Ok(None),
        PerftPlan::CountUnestimated { .. } => Ok(Some(format!(
            "note: {what}: no estimate of its time (listing the moves of one position took \
             most of the {} the estimate had); counting anyway, Ctrl-C stops",
            human_time(ESTIMATE_TIME)
        ))),
        PerftPlan::TooDeep => Err(Failure::input(format!(
            "{what}: depth {depth} is over the deepest perft chimera counts ({MAX_PERFT_DEPTH} \
             plies: beyond that no count could finish or fit in 64 bits); from this position {}",
            hint()
        ))),
        PerftPlan::Overflows { count } => Err(Failure::input(format!(
            "{what}: the count would be about {} nodes, more than 64 bits hold (1.8e19); {}",
            sci(count),
            hint()
        ))),
        PerftPlan::TooLong { reached, time } => Err(Failure::input(format!(
            "{what} {}, over the limit of {} (--max-time); {}",
            how_long(estimate, depth, reached, time),
            human_time(max_time),
            hint()
        ))),
    }
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
