//! Whole-turn search, for variants whose turn is several actions (Tiling Rider): the side
//! to move does not change after most of its moves, and a turn is up to dozens of them.
//!
//! An alpha-beta search counted in actions sees only the first one or two actions of such a
//! turn at a tenth of a second, and scores the middle of a turn, where checks may stand
//! that the rest of the turn must answer. This planner, as Arimaa programs search their
//! four-step turns, works on whole turns instead:
//!
//! - **Our turn, by beam search over actions.** From the root, every proven-legal action is
//!   played; a child whose turn has ended is a *complete turn*, scored where the opponent
//!   is to move; a child still in our turn is ranked by the static score plus the variant's
//!   [`Evaluate::horizon_estimate`], and the best `width` of them are expanded in turn, to
//!   the end of the turn, at most one child of each state while others are left (so that
//!   the beam follows `width` different lines, not one turn and its near copies). The
//!   middle of a turn only ranks; scores come from complete turns.
//! - **Reordered turns are searched once.** States are keyed by [`Position::zobrist`], which
//!   covers the turn state (actions made, which pieces moved, the turn's limit): two orders
//!   of the same actions reach one state, expanded once per beam step.
//! - **The opponent's answer.** The best complete turns are then answered by the
//!   opponent's own best turn (the same beam, narrower), and ranked by the score after it
//!   from our side: a plan that hangs a piece to the answer is seen as such.
//! - **Iterative widening.** The beam is 1, then 2, 4, 8, … wide until the time or node
//!   limit; each finished width gives a complete plan, and the best found is played. A
//!   widening the limits left cannot finish (estimated from the one before) is not
//!   started: the widest that fits is tried instead (3 after 1, say), so that twice the
//!   nodes buy a wider beam rather than a widening thrown away.
//! - **The plan is kept.** [`crate::Engine`] keeps the chosen turn and answers the turn's
//!   later actions from it at once while the position is the one the plan expects, so that
//!   a time limit is a time per turn.
//!
//! Moves are listed with the variant's legality under a budget, as in the search: an
//! action the budget leaves undecided is never played. Repetition and other history rules
//! are applied to the root's actions (listed by the search with the game's history).
//! Inside the plan, a complete turn (ours or the opponent's answer) that reaches a position
//! the game has already seen, or the root, is scored as a draw, as the search scores a
//! first repetition: ahead, the planner does not shuffle back to where it was (two planners
//! drew every game by repetition before); behind, it takes the draw. Other history rules
//! are not judged inside the plan.
//!
//! [`Position::zobrist`]: chimera_core::Position::zobrist

use crate::limits::Limits;
use crate::result::{PvLine, SearchResult};
use crate::score::{is_decisive, outcome_score, Score};
use crate::NODE_LEGALITY_NODES;
use chimera_core::{Budget, Color, Evaluate, History, Position};
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The widest beam tried over our own turn.
const MAX_WIDTH: usize = 64;
/// How many of our best complete turns are answered by the opponent's turn (at most).
const ANSWERED: usize = 6;
/// The opponent's beam is this many times narrower than ours (at least 1).
const ANSWER_NARROWING: usize = 4;
/// The share of the estimated room a widening may be planned to fill (the estimate is
/// from the narrower widening before it; a widening that overruns is thrown away).
const FIT_MARGIN: f64 = 0.85;
/// The most children of one state in the beam's next frontier while children of others
/// are left. The best children of a state differ from it in one action, so the best `width`
/// of all children were mostly one state's, and the beam's turns differed in their last
/// actions only: a beam of w states was one turn and its near copies. One child a state
/// keeps w different lines (see docs/strength.md, "more search that counts").
const PER_PARENT: usize = 1;
/// The most actions one plan follows (a turn is at most this long in any rule set).
const MAX_ACTIONS: usize = 256;

/// A state in the beam: a position inside a turn and the actions that led to it.
struct State<P: Position> {
    pos: P,
    path: Vec<P::Move>,
}

/// A ranked child of a beam state, still in the turn: the state's index in the frontier
/// and the action. Only the children the beam keeps are made into [`State`]s (the
/// position replayed, the path copied): a width-1 beam ranks some 150 children a step and
/// keeps one, and copying each one's position and path cost more than replaying the few.
#[derive(Clone, Copy)]
struct Child<M> {
    rank: i32,
    parent: usize,
    mv: M,
}

/// A complete turn: the actions, the position after them (the other side to move) and its
/// score from the planning side's point of view.
struct Turn<P: Position> {
    path: Vec<P::Move>,
    after: P,
    score: i32,
}

/// The plan chosen: our turn and the answer expected to it.
pub(crate) struct Plan<M> {
    /// Our actions, to the end of the turn.
    pub(crate) actions: Vec<M>,
    /// The opponent's expected answer (may be empty).
    pub(crate) answer: Vec<M>,
    /// The score after the answer, from the planning side's point of view.
    pub(crate) score: i32,
    /// The widest beam completed.
    pub(crate) width: usize,
}

/// Whether `pos` (whose proven-legal moves are `moves`) is inside a turn of several
/// actions: some move leaves the same side to move.
pub(crate) fn is_multi_action<P: Position>(pos: &P, moves: &[P::Move]) -> bool {
    let us = pos.turn();
    moves.iter().any(|&mv| {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        child.turn() == us && child.terminal().is_none()
    })
}

/// How many of our complete turns a widening of `width` answers.
fn answered(width: usize) -> usize {
    ANSWERED.min(width.max(2))
}

/// The opponent's beam width in a widening of `width`.
fn answer_width(width: usize) -> usize {
    (width / ANSWER_NARROWING).max(1)
}

/// The work of a widening of `width`, in beams of width 1: our beam and the answers.
fn work(width: usize) -> usize {
    width + answered(width) * answer_width(width)
}

/// The planner's counters at a moment, to measure what a widening spends.
struct Spent {
    nodes: u64,
    legality_nodes: u64,
    at: Instant,
}

impl Spent {
    fn now(planner: &Planner) -> Spent {
        Spent {
            nodes: planner.nodes,
            legality_nodes: planner.legality_nodes,
            at: Instant::now(),
        }
    }
}

/// The planner's limits and counters.
pub(crate) struct Planner {
    deadline: Option<Instant>,
    max_nodes: Option<u64>,
    stop: Option<Arc<AtomicBool>>,
    /// Positions scored or ranked.
    pub(crate) nodes: u64,
    /// Legality nodes spent listing actions.
    legality_nodes: u64,
    aborted: bool,
    /// The keys of the game's earlier positions and of the root: a complete turn that
    /// reaches one of them repeats the game, scored as a draw.
    repeated: HashSet<u64>,
}

impl Planner {
    /// A planner within `limits`, its clock started at `start`.
    pub(crate) fn new(limits: &Limits, start: Instant) -> Planner {
        Planner {
            deadline: limits.time.map(|t| start.checked_add(t).unwrap_or(start)),
            max_nodes: limits.nodes,
            stop: limits.stop.clone(),
            nodes: 0,
            legality_nodes: 0,
            aborted: false,
            repeated: HashSet::new(),
        }
    }

    /// Counts a node; whether a limit is reached (then every later call says so too).
    fn spent(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        self.nodes += 1;
        let over_nodes = self.max_nodes.is_some_and(|m| {
            self.nodes > m
                || self.legality_nodes >= m.saturating_mul(crate::LEGALITY_NODES_PER_NODE)
        });
        let check = self.nodes % 64 == 0;
        if over_nodes
            || (check && self.deadline.is_some_and(|d| Instant::now() >= d))
            || (check
                && self
                    .stop
                    .as_ref()
                    .is_some_and(|s| s.load(Ordering::Relaxed)))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// The proven-legal actions of `pos`, within a legality budget cut by the limits;
    /// whether the budget left some undecided.
    fn actions<P: Position>(&mut self, pos: &P, out: &mut Vec<P::Move>) -> bool {
        let mut undecided = Vec::new();
        let mut nodes = NODE_LEGALITY_NODES;
        if let Some(m) = self.max_nodes {
            nodes = nodes.min(
                m.saturating_mul(crate::LEGALITY_NODES_PER_NODE)
                    .saturating_sub(self.legality_nodes),
            );
        }
        let mut budget = Budget::nodes(nodes);
        if let Some(d) = self.deadline {
            budget = budget.with_time(d.saturating_duration_since(Instant::now()));
        }
        if let Some(stop) = &self.stop {
            budget = budget.with_stop(stop.clone());
        }
        out.clear();
        pos.legal_moves_within(out, &mut undecided, &mut budget);
        self.legality_nodes += budget.used();
        !undecided.is_empty()
    }

    /// The rules' result for the side to move in `pos`, `plies` actions from the root, if
    /// it has no legal action (proven: none listed, none undecided), scored from its side.
    fn no_action_score<P: Position>(&mut self, pos: &P, plies: usize) -> Option<i32> {
        if let Some(outcome) = pos.terminal() {
            return Some(outcome_score(outcome, pos.turn(), plies));
        }
        let mut moves = Vec::new();
        let undecided = self.actions(pos, &mut moves);
        (moves.is_empty() && !undecided)
            .then(|| outcome_score(pos.no_move_outcome(), pos.turn(), plies))
    }

    /// Plans the turn of `root` (the side to move), whose proven-legal actions are
    /// `root_moves`: iterative widening of the beam until a limit (see [`Planner::next_width`]).
    /// `None` if no complete turn was found within the limits.
    pub(crate) fn plan<P: Evaluate>(
        &mut self,
        root: &P,
        root_moves: &[P::Move],
        max_width: Option<usize>,
    ) -> Option<Plan<P::Move>> {
        let mut best: Option<Plan<P::Move>> = None;
        let mut width = 1;
        let cap = max_width.unwrap_or(MAX_WIDTH).clamp(1, MAX_WIDTH);
        loop {
            let before = Spent::now(self);
            let turns = self.beam(root, Some(root_moves), width);
            if self.aborted && best.is_some() {
                break;
            }
            // A wider beam's plan replaces a narrower one's; an interrupted widening's
            // only when there is no other.
            if let Some(plan) = self.answer_best(turns, width) {
                if !self.aborted || best.is_none() {
                    best = Some(Plan { width, ..plan });
                }
            }
            if self.aborted {
                break;
            }
            match self.next_width(width, &before, cap) {
                Some(next) => width = next,
                None => break,
            }
        }
        best
    }

    /// The width of the next widening after one of `width` that started at `before`: the
    /// widest (up to `cap`) that the limits left fit, its cost estimated from the last
    /// widening's in proportion to [`work`] (with a margin, [`FIT_MARGIN`]), at most
    /// twice `width` without a node limit; `None` if no wider one fits or `cap` is reached. An
    /// interrupted widening is thrown away, so one that cannot finish is not started:
    /// with doubling alone a budget between two widths' costs was spent on a widening
    /// thrown away, and twice the nodes often bought no wider beam.
    fn next_width(&self, width: usize, before: &Spent, cap: usize) -> Option<usize> {
        if width >= cap {
            return None;
        }
        let units = work(width) as f64;
        let mut room = f64::INFINITY;
        if let Some(m) = self.max_nodes {
            let per_unit = (self.nodes - before.nodes).max(1) as f64 / units;
            room = room.min(m.saturating_sub(self.nodes) as f64 / per_unit);
            let legality_cap = m.saturating_mul(crate::LEGALITY_NODES_PER_NODE);
            let per_unit = (self.legality_nodes - before.legality_nodes).max(1) as f64 / units;
            room = room.min(legality_cap.saturating_sub(self.legality_nodes) as f64 / per_unit);
        }
        if let Some(d) = self.deadline {
            let now = Instant::now();
            let per_unit = now.duration_since(before.at).as_secs_f64().max(1e-6) / units;
            room = room.min(d.saturating_duration_since(now).as_secs_f64() / per_unit);
        }
        room *= FIT_MARGIN;
        // Under a node limit the estimate is exact enough to go straight to the widest;
        // a clock is noisier: at most twice as wide.
        let mut next = if self.max_nodes.is_some() {
            cap
        } else {
            (width * 2).min(cap)
        };
        while next > width && work(next) as f64 > room {
            next -= 1;
        }
        (next > width).then_some(next)
    }

    /// Our best complete turns answered by the opponent's turn: the plan whose answer
    /// leaves us best off.
    fn answer_best<P: Evaluate>(
        &mut self,
        mut turns: Vec<Turn<P>>,
        width: usize,
    ) -> Option<Plan<P::Move>> {
        turns.sort_by_key(|t| std::cmp::Reverse(t.score));
        turns.truncate(answered(width));
        let answer_width = answer_width(width);
        let mut best: Option<Plan<P::Move>> = None;
        for turn in turns {
            let (score, answer) = if is_decisive(turn.score) || self.aborted {
                (turn.score, Vec::new())
            } else if let Some(theirs) = self.no_action_score(&turn.after, turn.path.len()) {
                // Our turn leaves the opponent without a legal turn: checkmate or stalemate.
                (-theirs, Vec::new())
            } else {
                match self.best_turn(&turn.after, answer_width) {
                    // The opponent's best turn, scored from its side: ours is the negation,
                    // unless it leaves us without a legal turn.
                    Some(reply) => match self
                        .no_action_score(&reply.after, turn.path.len() + reply.path.len())
                    {
                        Some(ours) => (ours, reply.path),
                        None => (-reply.score, reply.path),
                    },
                    None => (turn.score, Vec::new()),
                }
            };
            if best.as_ref().map_or(true, |b| score > b.score) {
                best = Some(Plan {
                    actions: turn.path,
                    answer,
                    score,
                    width,
                });
            }
        }
        best
    }

    /// The best complete turn of the side to move in `pos` by a beam of `width`.
    fn best_turn<P: Evaluate>(&mut self, pos: &P, width: usize) -> Option<Turn<P>> {
        if let Some(outcome) = pos.terminal() {
            return Some(Turn {
                path: Vec::new(),
                after: pos.clone(),
                score: outcome_score(outcome, pos.turn(), 0),
            });
        }
        self.beam(pos, None, width)
            .into_iter()
            .max_by_key(|t| t.score)
    }

    /// Every complete turn the beam of `width` reaches from `root`, scored from the root's
    /// side. `root_moves` are the root's actions when already listed.
    fn beam<P: Evaluate>(
        &mut self,
        root: &P,
        root_moves: Option<&[P::Move]>,
        width: usize,
    ) -> Vec<Turn<P>> {
        let us = root.turn();
        let mut done: Vec<Turn<P>> = Vec::new();
        let mut frontier = vec![State {
            pos: root.clone(),
            path: Vec::new(),
        }];
        let mut moves = Vec::new();
        let mut seen: HashSet<u64> = HashSet::new();
        let mut finished: HashSet<u64> = HashSet::new();
        for step in 0..MAX_ACTIONS {
            let mut next: Vec<Child<P::Move>> = Vec::new();
            for (parent, state) in frontier.iter().enumerate() {
                match (step, root_moves) {
                    (0, Some(listed)) => {
                        moves.clear();
                        moves.extend_from_slice(listed);
                    }
                    _ => {
                        self.actions(&state.pos, &mut moves);
                    }
                }
                for &mv in &moves {
                    if self.spent() {
                        return done;
                    }
                    let mut child = state.pos.clone();
                    child.play_unchecked(mv);
                    let key = child.zobrist();
                    let ended = child.turn() != us || child.terminal().is_some();
                    if ended {
                        if finished.insert(key) {
                            let mut path = state.path.clone();
                            path.push(mv);
                            // A turn back to a position of the game or of the plan
                            // repeats it: a draw (as in the search, the first repetition).
                            let score =
                                if child.terminal().is_none() && self.repeated.contains(&key) {
                                    0
                                } else {
                                    turn_score(&child, us, path.len())
                                };
                            done.push(Turn {
                                path,
                                after: child,
                                score,
                            });
                        }
                    } else if seen.insert(key) {
                        let rank = child.evaluate() + child.horizon_estimate();
                        next.push(Child { rank, parent, mv });
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            next.sort_by_key(|c| std::cmp::Reverse(c.rank));
            frontier = select(next, width, frontier.len())
                .into_iter()
                .map(|c| {
                    let from = &frontier[c.parent];
                    let mut pos = from.pos.clone();
                    pos.play_unchecked(c.mv);
                    let mut path = Vec::with_capacity(from.path.len() + 1);
                    path.extend_from_slice(&from.path);
                    path.push(c.mv);
                    State { pos, path }
                })
                .collect();
        }
        done
    }
}

/// The next frontier: the best `width` of `next` (sorted best first), at most
/// [`PER_PARENT`] children of one state while children of others are left (then the best
/// of the rest fill the beam).
fn select<M>(next: Vec<Child<M>>, width: usize, parents: usize) -> Vec<Child<M>> {
    if next.len() <= width {
        return next;
    }
    let cap = PER_PARENT;
    let mut taken = vec![0usize; parents];
    let mut chosen = Vec::with_capacity(width);
    let mut rest = Vec::new();
    for s in next {
        if chosen.len() < width && taken[s.parent] < cap {
            taken[s.parent] += 1;
            chosen.push(s);
        } else {
            rest.push(s);
        }
    }
    let missing = width - chosen.len();
    chosen.extend(rest.into_iter().take(missing));
    chosen.sort_by_key(|s| std::cmp::Reverse(s.rank));
    chosen
}

/// The score of `after` (the turn just ended: the other side to move, or the game over)
/// from `us`'s point of view, `plies` actions from the turn's start.
fn turn_score<P: Evaluate>(after: &P, us: Color, plies: usize) -> i32 {
    if let Some(outcome) = after.terminal() {
        return outcome_score(outcome, us, plies);
    }
    let theirs = after.evaluate() + after.horizon_estimate();
    if after.turn() == us {
        theirs
    } else {
        -theirs
    }
}

/// The search result of a plan.
pub(crate) fn result_of<M: Copy>(
    plan: &Plan<M>,
    nodes: u64,
    elapsed: Duration,
    stopped: bool,
) -> SearchResult<M> {
    let score = Score::from_internal(plan.score);
    let pv: Vec<M> = plan
        .actions
        .iter()
        .chain(plan.answer.iter())
        .copied()
        .collect();
    SearchResult {
        best_move: plan.actions[0],
        score,
        pv: pv.clone(),
        // The widening's iterations: width 1 is the first (2 and 3 the second, 4 to 7 the
        // third, …).
        depth: usize::BITS - plan.width.leading_zeros(),
        seldepth: pv.len() as u32,
        nodes,
        elapsed,
        stopped,
        lines: vec![PvLine { score, pv }],
    }
}

/// The rest of a planned turn, kept by the engine between the turn's actions.
#[derive(Clone, Debug)]
pub(crate) struct Kept<M> {
    /// Each action still to play, with the key of the position it is planned from.
    steps: Vec<(u64, M)>,
    /// The opponent's expected answer.
    answer: Vec<M>,
    /// The plan's score.
    score: i32,
    /// The beam's width that chose it.
    width: usize,
}

/// The share of the limits the action-by-action search gets before the planner, to prove
/// wins and losses within reach (the planner's scores are estimates).
const TACTICAL_SHARE: f64 = 0.3;

/// Whether the whole-turn planner searches `pos` (whose proven-legal actions are `root`):
/// the limits do not ask for actions one by one and the turn has more than one action left.
pub(crate) fn applies<P: Position>(limits: &Limits, pos: &P, root: &[P::Move]) -> bool {
    !limits.per_action && is_multi_action(pos, root)
}

/// The limits of the action-by-action search that runs first: [`TACTICAL_SHARE`] of the
/// time and nodes, the same depth.
pub(crate) fn tactical_limits(limits: &Limits) -> Limits {
    Limits {
        time: limits.time.map(|t| t.mul_f64(TACTICAL_SHARE)),
        soft_time: limits.soft_time.map(|t| t.mul_f64(TACTICAL_SHARE)),
        nodes: limits
            .nodes
            .map(|n| ((n as f64 * TACTICAL_SHARE) as u64).max(1)),
        multipv: 1,
        ..limits.clone()
    }
}

/// Plans the turn of `pos` (whose proven-legal actions, history included, are `root`;
/// `earlier` the game's positions before it, for repetitions) within what `limits` leave after `spent` nodes (a depth `d` caps the beam at 2^(d-1)
/// wide), keeps the rest of the plan in `kept`, and gives the plan's first action; `None`
/// if no complete turn was found within the limits.
pub(crate) fn plan_turn<P: Evaluate>(
    kept: &mut Option<Kept<P::Move>>,
    earlier: History<'_, P>,
    pos: &P,
    root: &[P::Move],
    limits: &Limits,
    start: Instant,
    spent: u64,
) -> Option<SearchResult<P::Move>> {
    // The tactical share counts as spent even where that search stopped short of it (its
    // legality work is bounded by its share of the nodes), so that the node limit bounds
    // the legality work of the two searches together.
    let charged = spent.max(tactical_limits(limits).nodes.unwrap_or(0));
    let rest = Limits {
        nodes: limits.nodes.map(|n| n.saturating_sub(charged).max(1)),
        ..limits.clone()
    };
    let mut planner = Planner::new(&rest, start);
    planner.repeated = earlier
        .positions()
        .iter()
        .map(|p| p.zobrist())
        .chain(std::iter::once(pos.zobrist()))
        .collect();
    let max_width = limits
        .depth
        .map(|d| 1usize << d.saturating_sub(1).min(MAX_WIDTH.trailing_zeros()));
    let plan = planner.plan(pos, root, max_width)?;
    let result = result_of(
        &plan,
        spent + planner.nodes,
        start.elapsed(),
        planner.aborted,
    );
    let mut at = pos.clone();
    let mut steps = Vec::with_capacity(plan.actions.len());
    for &mv in &plan.actions {
        steps.push((at.zobrist(), mv));
        at.play_unchecked(mv);
    }
    steps.remove(0);
    *kept = Some(Kept {
        steps,
        answer: plan.answer,
        score: plan.score,
        width: plan.width,
    });
    Some(result)
}

/// The kept plan's next action, if `pos` is where the plan expects it and it is among the
/// legal actions `root`; the plan moves on by one.
pub(crate) fn follow<M: Copy + PartialEq>(
    kept: &mut Option<Kept<M>>,
    pos_key_of: &impl Position<Move = M>,
    root: &[M],
    start: Instant,
) -> Option<SearchResult<M>> {
    let plan = kept.as_mut()?;
    let &(key, mv) = plan.steps.first()?;
    if key != pos_key_of.zobrist() || !root.contains(&mv) {
        return None;
    }
    plan.steps.remove(0);
    let rest = Plan {
        actions: std::iter::once(mv)
            .chain(plan.steps.iter().map(|&(_, m)| m))
            .collect(),
        answer: plan.answer.clone(),
        score: plan.score,
        width: plan.width,
    };
    Some(result_of(&rest, 0, start.elapsed(), false))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A child of `parent` ranked `rank` (the action does not matter here).
    fn state(parent: usize, rank: i32) -> Child<()> {
        Child {
            rank,
            parent,
            mv: (),
        }
    }

    #[test]
    fn the_next_frontier_takes_one_child_of_each_state_first() {
        // Sorted best first: parent 0's three children rank above parent 1's and 2's.
        let next = vec![
            state(0, 90),
            state(0, 80),
            state(0, 70),
            state(1, 60),
            state(2, 50),
            state(1, 40),
        ];
        let chosen = select(next, 3, 3);
        let picked: Vec<(usize, i32)> = chosen.iter().map(|s| (s.parent, s.rank)).collect();
        assert_eq!(picked, vec![(0, 90), (1, 60), (2, 50)]);
    }

    #[test]
    fn the_best_of_the_rest_fill_the_beam() {
        let next = vec![state(0, 90), state(0, 80), state(1, 60), state(0, 70)];
        let chosen = select(next, 3, 2);
        let picked: Vec<(usize, i32)> = chosen.iter().map(|s| (s.parent, s.rank)).collect();
        // One child each of parents 0 and 1, then parent 0's next best, best first.
        assert_eq!(picked, vec![(0, 90), (0, 80), (1, 60)]);
        // Fewer children than the width: all of them.
        let few = select(vec![state(0, 5), state(0, 4)], 3, 1);
        assert_eq!(few.len(), 2);
    }

    #[test]
    fn a_beam_of_one_keeps_the_best_child() {
        let chosen = select(vec![state(0, 9), state(0, 7), state(0, 3)], 1, 1);
        assert_eq!(chosen.len(), 1);
        assert_eq!(chosen[0].rank, 9);
    }
}
