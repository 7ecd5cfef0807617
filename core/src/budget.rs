//! Bounded questions: a [`Budget`] of work, and the three-valued [`Verdict`] a budgeted
//! question returns.
//!
//! Most variants decide legality at once, and their budgeted answers are always exact. A
//! variant whose legality needs a search (Tiling Rider: can the rest of the turn end with
//! the king safe?) spends the budget as it searches and answers [`Verdict::Undecided`] when
//! the budget, not the rules, stops it; it never presents a guess as an answer.

use crate::Outcome;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How many ticks pass between two looks at the clock and the stop flag. A search node
/// costs a microsecond or more, so a deadline is kept to well within a millisecond.
const CHECK_EVERY: u64 = 64;

/// A limit on the work of one or several questions: search nodes, a deadline, a stop flag,
/// any of them or none. One budget may be spent across several questions (say, every move
/// of a listing); once spent it stays spent.
///
/// ```
/// use chimera_core::Budget;
/// use std::time::Duration;
///
/// let mut budget = Budget::nodes(3);
/// assert!(budget.tick() && budget.tick() && budget.tick());
/// assert!(!budget.tick());
/// assert!(budget.is_spent());
///
/// let budget = Budget::time(Duration::from_secs(2)).with_nodes(1_000_000);
/// assert!(!budget.is_spent());
/// assert!(Budget::unlimited().is_unlimited());
/// ```
#[derive(Clone, Debug)]
pub struct Budget {
    max_nodes: Option<u64>,
    deadline: Option<Instant>,
    stop: Option<Arc<AtomicBool>>,
    used: u64,
    spent: bool,
}

impl Default for Budget {
    fn default() -> Self {
        Budget::unlimited()
    }
}

impl Budget {
    /// The work units a question gets when its asker sets no budget: the commands' default
    /// `--budget nodes=800000` (`chimera_arena`'s `Limit::DEFAULT`). A unit is about a
    /// search node (2.5 µs of one core) and a SAT solver's units are counted to match, so
    /// this is about 2 s of one quiet core; under load a question takes longer, but its
    /// answer is the same.
    pub const DEFAULT_UNITS: u64 = 800_000;

    /// No limit: the question is answered exactly, however long it takes. For perft and
    /// tests; never for input a user or a client controls.
    pub fn unlimited() -> Budget {
        Budget {
            max_nodes: None,
            deadline: None,
            stop: None,
            used: 0,
            spent: false,
        }
    }

    /// At most `n` units of work (search nodes).
    pub fn nodes(n: u64) -> Budget {
        Budget::unlimited().with_nodes(n)
    }

    /// Until `d` from now.
    pub fn time(d: Duration) -> Budget {
        Budget::unlimited().with_time(d)
    }

    /// This budget, also limited to `n` units of work in all.
    pub fn with_nodes(mut self, n: u64) -> Budget {
        self.max_nodes = Some(n);
        self
    }

    /// This budget, also limited to `d` from now.
    pub fn with_time(mut self, d: Duration) -> Budget {
        self.deadline = Some(Instant::now().checked_add(d).unwrap_or_else(far_future));
        self
    }

    /// This budget, also spent as soon as `stop` is set (by another thread, a Ctrl-C
    /// handler, a `stop` command).
    pub fn with_stop(mut self, stop: Arc<AtomicBool>) -> Budget {
        self.stop = Some(stop);
        self
    }

    /// Whether nothing limits this budget.
    pub fn is_unlimited(&self) -> bool {
        self.max_nodes.is_none() && self.deadline.is_none() && self.stop.is_none()
    }

    /// Counts one unit of work; `false` once the budget is spent (and from then on). Looks
    /// at the clock and the stop flag every few ticks, and at once on the first.
    #[inline]
    pub fn tick(&mut self) -> bool {
        if self.spent {
            return false;
        }
        self.used += 1;
        if let Some(max) = self.max_nodes {
            if self.used > max {
                self.spent = true;
                return false;
            }
        }
        if self.used % CHECK_EVERY == 1 && self.out_of_time() {
            self.spent = true;
            return false;
        }
        true
    }

    fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
            || self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// Whether the budget is spent: a tick was refused, or the deadline has passed, or the
    /// stop flag is set.
    pub fn is_spent(&self) -> bool {
        self.spent || self.out_of_time()
    }

    /// The units of work counted so far.
    pub fn used(&self) -> u64 {
        self.used
    }

    /// A budget for one part of this one's work: at most `n` more units, and this
    /// budget's own limits. Hand it back with [`Budget::absorb`]. A search that shares its
    /// budget among several sub-questions in turns (so that an easy answer to one is found
    /// before a hard one is searched to the end) gives each turn a slice.
    pub fn slice(&self, n: u64) -> Budget {
        let cap = self.used.saturating_add(n);
        let mut part = self.clone();
        part.max_nodes = Some(self.max_nodes.map_or(cap, |max| max.min(cap)));
        part
    }

    /// Counts the work a [`Budget::slice`] of this budget did, and is spent if the slice
    /// ran into this budget's own limits (not merely the slice's).
    pub fn absorb(&mut self, part: &Budget) {
        self.used = part.used;
        if self.max_nodes.is_some_and(|max| self.used > max) || self.out_of_time() {
            self.spent = true;
        }
    }
}

fn far_future() -> Instant {
    // About thirty years: `Instant` has no maximum, and adding more may overflow.
    Instant::now() + Duration::from_secs(60 * 60 * 24 * 365 * 30)
}

/// The answer to a yes-or-no question asked within a [`Budget`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Verdict {
    /// Proven true.
    Yes,
    /// Proven false.
    No,
    /// The budget ran out before the rules decided.
    Undecided,
}

impl Verdict {
    /// `Some(answer)` when decided.
    pub fn decided(self) -> Option<bool> {
        match self {
            Verdict::Yes => Some(true),
            Verdict::No => Some(false),
            Verdict::Undecided => None,
        }
    }

    /// Whether proven true.
    pub fn is_yes(self) -> bool {
        self == Verdict::Yes
    }
}

impl From<bool> for Verdict {
    fn from(b: bool) -> Verdict {
        if b {
            Verdict::Yes
        } else {
            Verdict::No
        }
    }
}

/// Whether a game is over, asked within a [`Budget`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The side to move has a legal move (proven) and no rule has ended the game.
    Ongoing,
    /// The game is over.
    Over(Outcome),
    /// The budget ran out before a legal move was found or their absence proven.
    Undecided,
}

impl Status {
    /// The outcome, if the game is proven over.
    pub fn outcome(self) -> Option<Outcome> {
        match self {
            Status::Over(outcome) => Some(outcome),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_budget_is_spent_after_its_nodes_and_stays_spent() {
        let mut b = Budget::nodes(2);
        assert!(b.tick());
        assert!(b.tick());
        assert!(!b.tick());
        assert!(!b.tick());
        assert!(b.is_spent());
        assert_eq!(b.used(), 3);
    }

    #[test]
    fn a_past_deadline_spends_the_budget_on_the_first_tick() {
        let mut b = Budget::time(Duration::ZERO);
        assert!(!b.tick());
        assert!(b.is_spent());
    }

    #[test]
    fn a_stop_flag_spends_the_budget() {
        let flag = Arc::new(AtomicBool::new(false));
        let mut b = Budget::unlimited().with_stop(flag.clone());
        assert!(b.tick());
        flag.store(true, Ordering::Relaxed);
        assert!(b.is_spent());
        // The flag is read every few ticks.
        assert!((0..CHECK_EVERY + 1).any(|_| !b.tick()));
    }

    #[test]
    fn an_enormous_time_does_not_overflow() {
        let b = Budget::time(Duration::MAX);
        assert!(!b.is_spent());
    }

    #[test]
    fn verdicts_convert() {
        assert_eq!(Verdict::from(true), Verdict::Yes);
        assert_eq!(Verdict::No.decided(), Some(false));
        assert_eq!(Verdict::Undecided.decided(), None);
    }
}
