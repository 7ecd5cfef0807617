//! The turn-completion search: can the rest of the turn end with the mover's king safe?
//! Each question is first given to the search on a slice of its budget, then, if the slice
//! ran out, to the rescue planner (`plan.rs`, planning as SAT) with the rest.
//!
//! Every question is asked within a [`Budget`] and answered with a [`Verdict`]: `Yes` and
//! `No` are exact, `Undecided` means the budget ran out first. The exact entry points
//! (perft, tests, the unbudgeted [`chimera_core::Position`] methods) pass
//! [`Budget::unlimited`], under which the answer is never `Undecided`.
//!
//! The search deepens iteratively (at most one more move, two, four, ..., then the whole
//! turn), orders children closest to safety first, and cuts hopeless states with the sound
//! relaxations of `movegen.rs`. Failed turn states are memoised under a 128-bit key (see
//! [`Memo`] for why a collision cannot change an answer in practice), in a table of bounded
//! size.

use crate::board::Unit;
use crate::movegen::touches;
use crate::plan::relax_shared::SharedRelax;
use crate::plan::{Answer, GrowingPlanner, Planner};
use crate::position::{Move, TilingRider};
use chimera_core::{Budget, Position, Verdict};
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, DefaultHasher, Hash, Hasher};

/// Witness continuations kept per legal-move generation.
const MAX_WITNESSES: usize = 4;

/// The most failed turn states one search's memo keeps: 2²¹ keys of 16 bytes, about 40 MB
/// with the table's overhead. A full memo stops growing (the search stays exact, it only
/// forgets), so a search's memory is bounded whatever the position.
pub(crate) const MEMO_CAPACITY: usize = 1 << 21;

/// The search nodes each unit gets in the first round of [`TilingRider::finish_by_units`].
const FIRST_UNIT_SLICE: u64 = 1_000;

/// The search's memory within one question (one legal-move generation, one legality or
/// outcome query): the turn states known to fail, one move buffer per search depth, the
/// line of the last successful search, the continuations (from the question's position)
/// that proved moves legal, and the budget being spent.
///
/// **Exact memo.** A failed state is stored under 128 bits: its Zobrist key (64 bits, from
/// random tables) and a second, independent 64-bit hash of every field the search reads
/// (SipHash over the boards, kings, giant ferzes and the turn state). A wrong "failed"
/// answer needs two states of one search to agree on both: with at most `n` states stored
/// and `m` looked up, the chance is at most `n·m / 2¹²⁸`; for the 2²¹ states the memo
/// holds and 10⁹ lookups (far beyond any budget) that is below 10⁻²⁰.
pub(crate) struct Memo {
    failed: HashSet<u128, BuildHasherDefault<KeyHasher>>,
    buffers: Vec<Vec<Move>>,
    path: Vec<Move>,
    witnesses: Vec<Vec<Move>>,
    replay: Vec<Move>,
    /// While set, the search looks only for continuations that end the turn with the king
    /// on this unit (see [`TilingRider::finish_by_units`]); part of every memo key.
    target: Option<Unit>,
    /// The budget this question spends (one tick per search node, one per solver check).
    pub(crate) budget: Budget,
    /// Which procedures decide (the search, the planner, or the search first).
    pub(crate) mode: Mode,
    /// The rescue planners built in this question, by the memo key of their position.
    planners: Vec<(u128, Planner)>,
    /// Whether this question has needed the planner: the search then gets only
    /// [`SMALL_SEARCH_SLICE`] nodes before it for each further move.
    planner_used: bool,
    /// In a listing, the planner units each move's question gets in the current round
    /// (see [`TilingRider::decide_in_rounds`]); `None`: the whole budget.
    pub(crate) plan_slice: Option<u64>,
    /// The moves whose continuations the ordered relaxation could not refute in this
    /// question (see [`TilingRider::relaxation_decides`]): it is asked once a move.
    relaxed: Vec<Move>,
    /// The ordered relaxation of the position listed, shared by its moves' first-pass
    /// questions (see [`TilingRider::relaxation_decides`]), with its memo key (`None`:
    /// not worked out there).
    shared: Option<(u128, Option<SharedRelax>)>,
    /// Whether this question asked the relaxation of its position for any action (see
    /// [`TilingRider::relaxation_decides_any`]).
    relaxed_any: bool,
    /// The moves of the listing whose first-pass question was deferred (see
    /// [`TilingRider::planned`]): the planner's probe and the shared relaxation left them
    /// open, and their planner slices come after the first pass.
    pub(crate) deferred: Vec<Move>,
    /// Whether the last relaxation asked in a listing's first pass found a model of the
    /// rest of the turn (replayed or not; see [`TilingRider::planned`]).
    relax_model: bool,
    /// How many first-pass questions in a row the shared relaxation refuted (see
    /// [`PROBE_AFTER_REFUTATIONS`]).
    relax_refuted: u32,
    /// The budget's work when the question began (see [`QUESTION_SEARCH_UNITS`]).
    started: u64,
}

/// Which procedures decide a question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// The search on a slice of the budget ([`SEARCH_SLICE`] nodes), then the planner
    /// with the rest: what every question of the crate's API does.
    Hybrid,
    /// The search alone, with the whole budget (for cross-checking).
    SearchOnly,
    /// The planner alone (for cross-checking).
    PlannerOnly,
}

/// The search nodes the turn search gets for each question before the rescue planner
/// (`plan.rs`) takes over: the search decides ordinary positions in far fewer (the corpus's
/// ordinary positions need under 4,000 nodes for every action together), and hands the
/// hard ones, which it may not decide at all, to the planner after about 50 ms.
pub(crate) const SEARCH_SLICE: u64 = 20_000;

/// The search nodes each further move gets before the planner, once the search has run
/// out of [`SEARCH_SLICE`] in a question: its position is hard (a crowded camp with a long
/// turn left), where the search seldom decides a move it did not decide at once (and the
/// planner's questions there mostly take a few hundred units: 2,000 nodes were measured
/// to waste more than they saved).
pub(crate) const SMALL_SEARCH_SLICE: u64 = 500;

/// The work a question may spend before its position counts as hard even though the
/// planner has not been needed: each further move then gets [`SMALL_SEARCH_SLICE`] search
/// nodes before the planner, as after the planner's first use. Without it, a listing whose
/// moves each take the search a few thousand nodes (a crowded camp late in a long turn:
/// standard random game 63, 102 moves of 13,000 nodes or so) spends over a million nodes
/// without asking the planner once. Every listing of the corpus takes under 200,000 units
/// (its ordinary ones under 20,000), so none changes; at 20,000 one corpus listing (a
/// 24-move turn, where the planner's formula is large) went from 65,271 units to 311,948.
pub(crate) const QUESTION_SEARCH_UNITS: u64 = 200_000;

/// The planner units each move of a listing gets in the first round (see
/// `TilingRider::decide_in_rounds`); most planner questions take far fewer. It was
/// 20,000 (session 36 measured it too small): a plan the solver is close to finding is
/// lost when its question is cut short, and asked again in a later round it costs many
/// times more (standard random game 284's `f13-f14`: a plan in 49,920 units asked once,
/// 789,685 units over six rounds from 20,000), so a listing of a crowded camp spent its
/// budget on cut-short questions. At 80,000, 3 of the 10 listings where random games
/// stopped are decided within the default 800,000 units (none at 20,000), and every
/// corpus listing still is (the dearest 500,631 units). Doubled to 160,000 in session 43
/// with [`FIRST_RELAX_SLICE`], when a conflict of the solver's came to count 40 units and
/// a check 10 (20 and 40 before): the same slices then stopped the solver after half as
/// many conflicts, and listings lost their nearly found plans (stops standard 22 `b 0/14`
/// 154,172 -> 1,331,338 units, `wheeler` 1811 `w 5/44` 406,431 -> over 1,600,000); with
/// both doubled every stop decided before is decided within 800,000 units
/// (tiling-rider/RULES.md, the sixteenth round).
pub(crate) const FIRST_PLAN_SLICE: u64 = 160_000;

/// The units a move's question in a listing's first pass gives the shared ordered
/// relaxation (`plan/relax_shared.rs`) once the planner's [`FIRST_PROBE_SLICE`] left it
/// open, before the rest of the planner's [`FIRST_PLAN_SLICE`] (session 42): the
/// formula's building (about 5,000–30,000 units in a camp, once for the position) and
/// the move's own solving (most hard moves of a camp are refuted, or proven by a
/// replayed model, in a few hundred units, where the planner's first slice was cut
/// short). The game-over question asks the relaxation of its position within as many.
/// 40,000 until session 43, doubled with [`FIRST_PLAN_SLICE`] when conflicts came to
/// count twice as many units.
pub(crate) const FIRST_RELAX_SLICE: u64 = 80_000;

/// The planner units a move's question in a listing's first pass gets before the shared
/// relaxation is asked (session 42). Most planner questions of a hard position take a
/// few hundred units; a question still open after this many goes to the relaxation. On
/// the 42 stop positions (`corpus/stops-s36.tsv` to `stops-s41.tsv`) at the default
/// budget (before the game-over question asked the relaxation too): with no probe (the
/// relaxation first) 2 listings undecided, 12,629,378 units; 2,000: 2, 11,475,684;
/// 4,000: 3 undecided in the first 21 (the engine checkmate's among them). The corpus's
/// 23 listings over 20,000 units: 2,138,114 / 1,543,910 / 1,482,124 units (1,000:
/// 1,680,409), `main` 1,667,331 (tiling-rider/RULES.md, the fourteenth round).
pub(crate) const FIRST_PROBE_SLICE: u64 = 2_000;

/// When a listing's first pass asks the shared relaxation (after [`FIRST_PROBE_SLICE`]):
/// at once where at least [`LONG_TURN`] moves (points under `wheeler`) of the turn are
/// left, otherwise once the listing has spent this much work. Below both, each move's
/// question gets the planner's whole [`FIRST_PLAN_SLICE`], as before session 42. The
/// relaxation pays where the turn is long (its formula has no time steps, the planner's
/// grows with them); on a short turn the planner's formula is small, and the relaxation's
/// can cost far more processor time than its units say: the 8-move example of RULES.md
/// (a listing of 68,493 units, 0.4 s) took 1.5–1.9 s with the relaxation asked at once,
/// its shared question for `h3-i4` 24,960 units but 0.79 s, about 50 µs a unit against
/// 5–10 µs on the stops. Of the 48 stops of `corpus/stops-s36.tsv` to `stops-s42.tsv`,
/// all but two have 10 or more moves (points) of their turn left; those two (standard
/// 1931 and 1960, 8 and 9 left) are decided through this count (tiling-rider/RULES.md,
/// the fourteenth round).
pub(crate) const FIRST_RELAX_AFTER: u64 = 100_000;

/// The share of a round's planner slice (see `TilingRider::decide_in_rounds`) that the
/// fresh relaxation of the position after a move gets, once a move, before the planner's
/// question (session 44; the whole slice before). Where the relaxation does not decide,
/// the whole slice went before the planner, which had learnt from the move's first-pass
/// question: `wheeler` 2258's `g15-f16` (`corpus/stops-s43.tsv`) spent 320,001 units in
/// the relaxation, then the planner refuted it in 28,400 (976,589 units for the listing).
/// With a quarter (80,000 units in the first round) that listing takes 736,589 units,
/// decided within the default budget, and no other listing's work changes among the 50
/// stops of `stops-s36.tsv` to `stops-s43.tsv` and the corpus. Dropped from the rounds,
/// the relaxation no longer refutes `wheeler` 1811 `w 5/44`'s `j5-j4` (56,013 units in
/// its round) and that listing is undecided (tiling-rider/RULES.md, the seventeenth
/// round). Since session 45 the rounds ask the listing's shared relaxation (the formula
/// of the first pass, its solver keeping what it learnt) rather than a fresh formula:
/// 2258 628,188 units, 1811 `w 5/44` 504,481, 2107 `b 1/24` (undecided before) 364,162
/// (the nineteenth round).
pub(crate) const ROUND_RELAX_SHARE: u64 = 4;

/// The further planner units a listing's first-pass question gets, after its
/// [`FIRST_PROBE_SLICE`] and the shared relaxation, before it is deferred (session 44):
/// a question is deferred when the relaxation found a model that did not replay (the move
/// is likely legal, its plan late) and the listing has a plan already; deferred questions
/// get the rest of the planner's first slice after the first pass
/// (`TilingRider::decide_deferred`), once the plans found for later moves were replayed.
/// Standard 2663 `b 3/32` (`corpus/stops-s44.tsv`): 1,482,011 units before (at 4 M),
/// 512,017 with 20,000; 0 (deferred at once) 891,706, 30,000 701,182, 40,000 1,229,399,
/// 60,000 1,099,432; deferring every question the relaxation left open (not only those
/// with a model) lost `wheeler` 2258 `b 4/28` (tiling-rider/RULES.md, the eighteenth
/// round). Deferring a question whose relaxation was cut short too, once a plan came from
/// the planner or a relaxation, decided 2107 `b 1/24` (663,524 units) but was dropped in
/// session 45 when the rounds came to reuse the shared relaxation, which decides it alone
/// in 364,162 (the nineteenth round).
pub(crate) const FIRST_DEFER_SLICE: u64 = 20_000;

/// How many first-pass questions in a row the shared relaxation must have refuted before
/// a listing's first pass asks it before the planner's [`FIRST_PROBE_SLICE`] rather than
/// after (session 46). Where the relaxation refutes move after move, the probe is work
/// that decides nothing: standard 22 `b 1/14` (`corpus/stops-s36.tsv`) spent 118 probes,
/// 234,781 units, beside 115 refutations. The probe still follows a question the
/// relaxation leaves open, and any answer but a refutation ends the run. Alone it decides
/// none of the stops; with a first-pass question whose relaxation found no model left to
/// the rounds (see [`TilingRider::planned`]) every stop is decided (tiling-rider/RULES.md,
/// the twentieth round).
pub(crate) const PROBE_AFTER_REFUTATIONS: u32 = 2;

/// The moves (points) left in a turn from which a listing's first pass asks the shared
/// relaxation at once (see [`FIRST_RELAX_AFTER`]).
pub(crate) const LONG_TURN: u8 = 10;

/// The first horizon of `TilingRider::planned_any`: the game-over question looks for plans
/// of at most this many moves first, then twice as many, ...
const FIRST_HORIZON: usize = 2;

/// The budget units each step of a horizon of `TilingRider::planned_any` gets for solving
/// (500 before a check counted 40 units and a conflict 20; unchanged when, in session 43,
/// a check came to count 10 and a conflict 40).
const HORIZON_UNITS: u64 = 2_500;

/// The planners one question keeps (its position, and a capped copy of it).
const MAX_PLANNERS: usize = 2;

impl Memo {
    /// A memo spending `budget`.
    pub(crate) fn new(budget: Budget) -> Memo {
        let started = budget.used();
        Memo {
            failed: HashSet::default(),
            buffers: Vec::new(),
            path: Vec::new(),
            witnesses: Vec::new(),
            replay: Vec::new(),
            target: None,
            budget,
            mode: Mode::Hybrid,
            planners: Vec::new(),
            planner_used: false,
            plan_slice: None,
            relaxed: Vec::new(),
            shared: None,
            relaxed_any: false,
            deferred: Vec::new(),
            relax_model: false,
            relax_refuted: 0,
            started,
        }
    }

    /// A memo with no limit (exact answers, however long they take).
    pub(crate) fn exact() -> Memo {
        Memo::new(Budget::unlimited())
    }

    /// The search nodes visited so far.
    #[cfg(test)]
    pub(crate) fn nodes(&self) -> u64 {
        self.budget.used()
    }

    /// Keeps a line that proved a move legal (the oldest goes when there are enough).
    fn keep_witness(&mut self, line: Vec<Move>) {
        if self.witnesses.len() == MAX_WITNESSES {
            self.witnesses.remove(0);
        }
        self.witnesses.push(line);
    }

    fn remember_failed(&mut self, key: u128) {
        if self.failed.len() < MEMO_CAPACITY {
            self.failed.insert(key);
        }
    }

    /// Runs `f` on a slice of at most `n` units of the budget (`None`: the whole).
    fn sliced<T>(&mut self, n: Option<u64>, f: impl FnOnce(&mut Memo) -> T) -> T {
        let Some(n) = n else { return f(self) };
        let part = self.budget.slice(n);
        let whole = std::mem::replace(&mut self.budget, part);
        let out = f(self);
        let part = std::mem::replace(&mut self.budget, whole);
        self.budget.absorb(&part);
        out
    }

    /// Runs `f` with a memo spending `budget`, and hands the budget back spent.
    pub(crate) fn with_budget<T>(budget: &mut Budget, f: impl FnOnce(&mut Memo) -> T) -> T {
        let mut memo = Memo::new(std::mem::take(budget));
        let out = f(&mut memo);
        *budget = memo.budget;
        out
    }
}

/// The memo's keys are already uniformly random bits: the table hashes them by taking 64
/// of them.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u128(&mut self, n: u128) {
        self.0 = n as u64;
    }
}

impl TilingRider {
    /// The memo key of this turn state: the Zobrist key and an independent hash of every
    /// field the turn search reads (see [`Memo`]).
    fn memo_key(&self, target: Option<Unit>) -> u128 {
        let mut h = DefaultHasher::new();
        target.map(Unit::index).hash(&mut h);
        self.pieces.hash(&mut h);
        self.kings.hash(&mut h);
        self.gferz.hash(&mut h);
        self.side.hash(&mut h);
        (self.made, self.limit, self.king_moved, self.gferz_moved).hash(&mut h);
        self.moved.hash(&mut h);
        self.used.hash(&mut h);
        (u128::from(self.zobrist()) << 64) | u128::from(h.finish())
    }

    /// Whether `mv` is legal, by the search; but first by replaying, after `mv`, the
    /// continuations that proved other moves of this position legal (a successful replay is
    /// a proof: often the rescue does not depend on the move asked about).
    pub(crate) fn slow_legal(&self, mv: Move, memo: &mut Memo) -> Verdict {
        if self.replayed(mv, memo) {
            return Verdict::Yes;
        }
        self.finish_after(mv, memo)
    }

    /// [`TilingRider::slow_legal`] in a later round of a listing: the witnesses replayed,
    /// then the planner (the search had its slice in the first round).
    pub(crate) fn replanned(&self, mv: Move, memo: &mut Memo) -> Verdict {
        if self.replayed(mv, memo) {
            return Verdict::Yes;
        }
        self.planned(Some(mv), memo)
    }

    /// Whether one of the memo's witnesses, replayed after `mv`, finishes the turn. Once
    /// the question has needed the planner (its position is hard), a witness's moves that
    /// cannot be played when their turn comes are skipped rather than failing the replay:
    /// after another move of the piece a plan began with (the knight's other moves, in a
    /// camp where the knight had to leave), the rest of that plan often still works. The
    /// line actually played is checked as every witness is (each move pseudo-legal when
    /// it comes, the turn ending, or allowed to end, with the king safe), so this stays
    /// exact; ordinary positions, where the planner is never asked, replay as before.
    fn replayed(&self, mv: Move, memo: &mut Memo) -> bool {
        let mut buf = std::mem::take(&mut memo.replay);
        let skip = memo.planner_used;
        let replayed = memo
            .witnesses
            .iter()
            .any(|w| self.replay_finishes(mv, w, &mut buf, skip));
        memo.replay = buf;
        replayed
    }

    /// Whether the turn can be finished after `mv`: by the search on a slice of the budget
    /// (a line it finds is kept as a witness), then, if the slice ran out, by the planner.
    fn finish_after(&self, mv: Move, memo: &mut Memo) -> Verdict {
        let mut child = self.clone();
        child.apply(mv);
        let verdict = self.searched(memo, |memo| {
            memo.path.clear();
            child.finish_turn(memo)
        });
        if verdict == Verdict::Yes {
            // The search's line (pushed deepest first), after `mv`: keep it as a witness.
            let mut witness = vec![mv];
            witness.extend(memo.path.iter().rev());
            memo.keep_witness(witness);
        }
        if verdict == Verdict::Undecided {
            return self.planned(Some(mv), memo);
        }
        verdict
    }

    /// A plan that finishes the turn, without the moves it does not need (in a turn that
    /// may end early: the planner fills its steps with any moves): each move, from the
    /// last, is dropped if the line still finishes. A shorter witness proves more of the
    /// position's other moves legal by replay.
    fn shortened(&self, mut plan: Vec<Move>) -> Vec<Move> {
        if self.min_moves() > 1 {
            return plan;
        }
        let mut buf = Vec::new();
        for i in (0..plan.len()).rev() {
            let mut line = plan
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &mv)| mv);
            if self.line_finishes(&mut buf, |_| line.next()) {
                plan.remove(i);
            }
        }
        plan
    }

    /// Runs a search question on the memo's budget as its mode says: a slice of
    /// [`SEARCH_SLICE`] nodes (hybrid), the whole (search only), or not at all (planner
    /// only: `Undecided`).
    fn searched(&self, memo: &mut Memo, f: impl FnOnce(&mut Memo) -> Verdict) -> Verdict {
        match memo.mode {
            Mode::SearchOnly => f(memo),
            Mode::PlannerOnly => Verdict::Undecided,
            Mode::Hybrid => {
                let spent = memo.budget.used().saturating_sub(memo.started);
                let slice = if memo.planner_used || spent > QUESTION_SEARCH_UNITS {
                    SMALL_SEARCH_SLICE
                } else {
                    SEARCH_SLICE
                };
                memo.sliced(Some(slice), f)
            }
        }
    }

    /// Whether the turn can be finished starting with `first` (or with some move, for
    /// `None`), by the rescue planner, within the memo's budget. A plan it reports is
    /// replayed by the rules code before it counts (each move pseudo-legal when it comes,
    /// the turn ending, or allowed to end, with the king safe), and kept as a witness.
    pub(crate) fn planned(&self, first: Option<Move>, memo: &mut Memo) -> Verdict {
        if memo.mode == Mode::SearchOnly || memo.budget.is_spent() {
            return Verdict::Undecided;
        }
        if first.is_none() {
            if let Some(verdict) = self.relaxation_decides_any(memo) {
                return verdict;
            }
        }
        if first.is_none() && self.min_moves() <= 1 {
            return self.planned_any(memo);
        }
        let first_pass = memo.plan_slice == Some(FIRST_PLAN_SLICE);
        if let (Some(mv), false) = (first, first_pass) {
            if let Some(verdict) = self.relaxation_decides(mv, memo) {
                return verdict;
            }
        }
        let Some(i) = self.planner_index(memo) else {
            return Verdict::Undecided;
        };
        // In a listing's rounds, a move's question gets the round's slice of the budget.
        let mut slice = memo.plan_slice.filter(|_| first.is_some());
        let long_turn = self.move_limit().saturating_sub(self.moves_made()) >= LONG_TURN;
        let shared_due = first_pass
            && (long_turn || memo.budget.used().saturating_sub(memo.started) >= FIRST_RELAX_AFTER);
        if let (Some(mv), true) = (first, shared_due) {
            // The first pass: the planner for a few units (most of its questions need no
            // more), then the position's shared relaxation, then the rest of the slice.
            // Once the relaxation has refuted PROBE_AFTER_REFUTATIONS questions in a row,
            // it comes first and the probe only after it (session 46).
            let probe_after = memo.relax_refuted >= PROBE_AFTER_REFUTATIONS;
            if !probe_after {
                if let Some(verdict) =
                    self.planner_question(i, first, Some(FIRST_PROBE_SLICE), memo)
                {
                    memo.relax_refuted = 0;
                    return verdict;
                }
            }
            memo.relax_model = false;
            if let Some(verdict) = self.relaxation_decides(mv, memo) {
                memo.relax_refuted = match verdict {
                    Verdict::No => memo.relax_refuted + 1,
                    _ => 0,
                };
                return verdict;
            }
            memo.relax_refuted = 0;
            if probe_after {
                if let Some(verdict) =
                    self.planner_question(i, first, Some(FIRST_PROBE_SLICE), memo)
                {
                    return verdict;
                }
            }
            // Deferred (session 44) when the relaxation's model of the rest of the turn did
            // not replay (the move is likely legal, its plan hard to find) and the listing
            // has a plan already: a plan found for a later move may prove it by replay. The
            // planner gets a further FIRST_DEFER_SLICE first; the rest of its first slice
            // comes after the first pass (`TilingRider::decide_deferred`).
            if memo.relax_model && !memo.witnesses.is_empty() {
                if let Some(verdict) =
                    self.planner_question(i, first, Some(FIRST_DEFER_SLICE), memo)
                {
                    return verdict;
                }
                memo.deferred.push(mv);
                return Verdict::Undecided;
            }
            if !memo.relax_model {
                // The relaxation found no model (it was cut short): the move is left to
                // the rounds (session 46), where the shared relaxation is asked again
                // first, its solver keeping what it learnt on the moves between, rather
                // than the planner getting the rest of its first slice now. A refutation
                // that needs more than one slice of solving is paid for once, across the
                // listing's questions: standard 22 `b 1/14`'s shared relaxation refutes
                // its first move in 539,450 units when asked alone, the next in 10,000-
                // 46,000 each.
                return Verdict::Undecided;
            }
            slice = Some(FIRST_PLAN_SLICE - FIRST_PROBE_SLICE);
        }
        self.planner_question(i, first, slice, memo)
            .unwrap_or(Verdict::Undecided)
    }

    /// The question of `first` (or of any move, for `None`) to the memo's planner `i`
    /// within `slice` units of the budget (the whole, for `None`): `None` when the planner
    /// did not answer; `No` when it proves no plan exists; for a plan, what
    /// [`TilingRider::accepted`] makes of it (`Yes` when it replays).
    fn planner_question(
        &self,
        i: usize,
        first: Option<Move>,
        slice: Option<u64>,
        memo: &mut Memo,
    ) -> Option<Verdict> {
        let answer = memo.sliced(slice, |memo| {
            memo.planners[i].1.solve(first, &mut memo.budget)
        });
        match answer {
            Answer::NoPlan => Some(Verdict::No),
            Answer::Undecided => None,
            Answer::Plan(plan) => Some(self.accepted(first, plan, memo)),
        }
    }

    /// A deferred first-pass question of `mv` (see [`TilingRider::planned`]): the plans
    /// found since replayed, then the rest of the planner's [`FIRST_PLAN_SLICE`] (its
    /// probe and the shared relaxation were asked already).
    pub(crate) fn decide_deferred(&self, mv: Move, memo: &mut Memo) -> Verdict {
        if self.replayed(mv, memo) {
            return Verdict::Yes;
        }
        if memo.budget.is_spent() {
            return Verdict::Undecided;
        }
        let Some(i) = self.planner_index(memo) else {
            return Verdict::Undecided;
        };
        let slice = Some(FIRST_PLAN_SLICE - FIRST_PROBE_SLICE);
        self.planner_question(i, Some(mv), slice, memo)
            .unwrap_or(Verdict::Undecided)
    }

    /// Whether the ordered final-state relaxation (`plan/relax.rs`) decides `mv`: `No` when
    /// it refutes every continuation after `mv` (a proof that `mv` is illegal, with no
    /// time steps; session 40); `Yes` when its model, replayed by the rules code in the
    /// order of its levels, finishes the turn (session 41: checked as every plan is, so a
    /// model that is no real continuation only leaves the question open). Asked in a
    /// listing only, where the search left the move open (ordinary positions never get
    /// here): in the first pass, the position's shared relaxation with the move assumed
    /// first, within [`FIRST_RELAX_SLICE`] (session 42); in the rounds, once a move and
    /// question, within a quarter of the round's slice ([`ROUND_RELAX_SHARE`]), the planner
    /// then getting the round's slice as before: the shared relaxation again, its solver
    /// keeping what it learnt (session 45), or, where the first pass built none, a fresh
    /// relaxation of the position after the move.
    fn relaxation_decides(&self, mv: Move, memo: &mut Memo) -> Option<Verdict> {
        let first_pass = memo.plan_slice == Some(FIRST_PLAN_SLICE);
        let in_rounds = memo.plan_slice.is_some_and(|s| s > FIRST_PLAN_SLICE);
        if !(first_pass || in_rounds) || (in_rounds && memo.relaxed.contains(&mv)) {
            return None;
        }
        let mut child = self.clone();
        child.apply(mv);
        if mv == Move::END_TURN || child.side != self.side {
            // The turn ended: nothing left to refute.
            return None;
        }
        let answer = if first_pass {
            self.shared_relaxation(mv, memo)
        } else {
            memo.relaxed.push(mv);
            let slice = memo.plan_slice.map(|s| s / ROUND_RELAX_SHARE);
            let key = self.memo_key(None);
            memo.sliced(slice, |memo| match memo.shared.as_mut() {
                // The listing's shared formula, asked again with the move first: what its
                // solver learnt in the first pass serves (session 45).
                Some((k, Some(shared))) if *k == key => shared.ask(mv, &mut memo.budget),
                _ => crate::plan::relax::refutes(&child, &mut memo.budget),
            })
        };
        match answer {
            Answer::NoPlan => Some(Verdict::No),
            Answer::Plan(events) => {
                memo.relax_model = true;
                let line = self.candidate_line(Some(mv), &events)?;
                let witness = self.shortened(line);
                memo.keep_witness(witness);
                Some(Verdict::Yes)
            }
            Answer::Undecided => None,
        }
    }

    /// Whether the ordered relaxation of this position itself decides whether the side to
    /// move has a legal action (session 42): `No` when it refutes every continuation of
    /// the turn from here (it is true of every one, as after a move), `Yes` when its
    /// model, replayed by the rules code, finishes the turn. Asked once a question, in the
    /// crate's own answers only (not when the planner alone is checked), before the
    /// planner, within [`FIRST_RELAX_SLICE`]: a checkmate in a crowded camp that the
    /// planner's growing formula did not settle within the default budget is refuted with
    /// no time steps.
    fn relaxation_decides_any(&self, memo: &mut Memo) -> Option<Verdict> {
        if memo.mode != Mode::Hybrid || memo.relaxed_any {
            return None;
        }
        memo.relaxed_any = true;
        let answer = memo.sliced(Some(FIRST_RELAX_SLICE), |memo| {
            crate::plan::relax::refutes(self, &mut memo.budget)
        });
        match answer {
            Answer::NoPlan => Some(Verdict::No),
            Answer::Plan(events) => {
                let line = self.candidate_line(None, &events)?;
                let witness = self.shortened(line);
                memo.keep_witness(witness);
                Some(Verdict::Yes)
            }
            Answer::Undecided => None,
        }
    }

    /// The shared relaxation of this position (built on the first move asked, its
    /// building charged to that move's slice) asked with `mv` first, within
    /// [`FIRST_RELAX_SLICE`] units.
    fn shared_relaxation(&self, mv: Move, memo: &mut Memo) -> Answer {
        let key = self.memo_key(None);
        memo.sliced(Some(FIRST_RELAX_SLICE), |memo| {
            if memo.shared.as_ref().map(|s| s.0) != Some(key) {
                memo.shared = Some((key, SharedRelax::new(self, &mut memo.budget)));
            }
            match memo.shared.as_mut().and_then(|s| s.1.as_mut()) {
                Some(shared) if !memo.budget.is_spent() => shared.ask(mv, &mut memo.budget),
                _ => Answer::Undecided,
            }
        })
    }

    /// The relaxation's events after `mv` (if given), played by the rules code: at each point the
    /// first event (in the order of their levels) that is a pseudo-legal move then. The
    /// line played if it finishes the turn with the king safe (each move checked by
    /// [`TilingRider::line_finishes`]), else `None`.
    fn candidate_line(&self, mv: Option<Move>, events: &[Move]) -> Option<Vec<Move>> {
        let mut left = events.to_vec();
        let mut played = Vec::new();
        let mut buf = Vec::new();
        let mut first = mv;
        let finishes = self.line_finishes(&mut Vec::new(), |pos| {
            let next = match first.take() {
                Some(m) => m,
                None => {
                    buf.clear();
                    pos.gen_pseudo(&mut buf);
                    let i = left.iter().position(|m| buf.contains(m))?;
                    left.remove(i)
                }
            };
            played.push(next);
            Some(next)
        });
        finishes.then_some(played)
    }

    /// A plan the planner reported, replayed by the rules code: `Yes` (and the plan, cut
    /// to the moves it needs, kept as a witness) if it starts with `first` (when given),
    /// each move is pseudo-legal when it comes and the turn ends, or may end, with the
    /// king safe; `Undecided` otherwise (a bug: a debug build stops).
    fn accepted(&self, first: Option<Move>, plan: Vec<Move>, memo: &mut Memo) -> Verdict {
        let mut line = plan.iter().copied();
        let starts = first.map_or(true, |mv| plan.first() == Some(&mv));
        let checked = starts && self.line_finishes(&mut Vec::new(), |_| line.next());
        debug_assert!(checked, "a plan the rules refuse: {plan:?}");
        if !checked {
            return Verdict::Undecided;
        }
        let witness = self.shortened(plan);
        memo.keep_witness(witness);
        Verdict::Yes
    }

    /// Whether any continuation finishes the turn, by the rescue planner, in a turn that
    /// may end early: short plans first. One formula grows step by step
    /// ([`GrowingPlanner`]) and is asked for a plan of at most 2, 4, 8, ... moves (points,
    /// under `wheeler`) and of the whole turn, in rounds: in round `r` each horizon `h`
    /// still open gets `HORIZON_UNITS · h · 2^r` units of solving (encoding the new steps
    /// costs what it costs: the whole formula is encoded at most once). A horizon's "no"
    /// closes it and the shorter ones (it proves only that no plan is that short); the
    /// whole turn's "no" proves no action legal. The solver's cost is heavy-tailed (a
    /// horizon hard to settle at once is often easy after the others), so no horizon waits
    /// long behind another. A plan is replayed by the rules code before it counts.
    fn planned_any(&self, memo: &mut Memo) -> Verdict {
        memo.planner_used = true;
        let mut planner = GrowingPlanner::new(self);
        let steps = planner.steps();
        let mut open: Vec<usize> = std::iter::successors(Some(FIRST_HORIZON), |h| Some(h * 2))
            .take_while(|&h| h < steps)
            .chain([steps])
            .collect();
        let mut round = 0;
        loop {
            let mut i = 0;
            while i < open.len() {
                let h = open[i];
                if memo.budget.is_spent() || !planner.grow(h, &mut memo.budget) {
                    return Verdict::Undecided;
                }
                let slice = (HORIZON_UNITS * h as u64).saturating_mul(1 << round.min(40));
                let answer = memo.sliced(Some(slice), |memo| planner.solve(h, &mut memo.budget));
                match answer {
                    Answer::Plan(plan) => {
                        if self.accepted(None, plan, memo) == Verdict::Yes {
                            return Verdict::Yes;
                        }
                        i += 1;
                    }
                    Answer::NoPlan if h == steps => return Verdict::No,
                    Answer::NoPlan => {
                        open.drain(..=i);
                        i = 0;
                    }
                    Answer::Undecided => i += 1,
                }
            }
            round += 1;
        }
    }

    /// The index in the memo of this position's planner, built if need be (`None`: the
    /// budget ran out while it was built).
    fn planner_index(&self, memo: &mut Memo) -> Option<usize> {
        memo.planner_used = true;
        let key = self.memo_key(None);
        if let Some(i) = memo.planners.iter().position(|p| p.0 == key) {
            return Some(i);
        }
        let planner = Planner::new(self, &mut memo.budget)?;
        if memo.planners.len() == MAX_PLANNERS {
            memo.planners.remove(0);
        }
        memo.planners.push((key, planner));
        Some(memo.planners.len() - 1)
    }

    /// Whether playing `first`, then the moves of `line` other than `first` in order, each
    /// pseudo-legal when its turn comes, reaches a point where the turn ends, or may end,
    /// with the mover's king safe. With `skip`, the moves of `line` that are not
    /// pseudo-legal when their turn comes are left out (never `first`).
    fn replay_finishes(&self, first: Move, line: &[Move], buf: &mut Vec<Move>, skip: bool) -> bool {
        let mut rest = line.iter().copied().filter(|&m| m != first);
        if !skip {
            let mut moves = std::iter::once(first).chain(rest);
            return self.line_finishes(buf, |_| moves.next());
        }
        let (mut first, mut pseudo) = (Some(first), Vec::new());
        self.line_finishes(buf, |pos| {
            if let Some(mv) = first.take() {
                return Some(mv);
            }
            pseudo.clear();
            pos.gen_pseudo(&mut pseudo);
            rest.find(|m| pseudo.contains(m))
        })
    }

    /// Whether playing the moves `next` gives (asked with the position reached; `None` ends
    /// the line), each pseudo-legal when its turn comes, reaches a point where the turn
    /// ends, or may end, with the mover's king safe.
    fn line_finishes(
        &self,
        buf: &mut Vec<Move>,
        mut next: impl FnMut(&TilingRider) -> Option<Move>,
    ) -> bool {
        let side = self.side;
        let mut pos = self.clone();
        while let Some(mv) = next(&pos) {
            buf.clear();
            pos.gen_pseudo(buf);
            if !buf.contains(&mv) {
                return false;
            }
            pos.apply(mv);
            if pos.made == 0 {
                return !pos.in_check(side);
            }
            if pos.end_allowed() && !pos.in_check(side) {
                return true;
            }
        }
        false
    }

    /// In a position reached by a move of the current turn: can the turn be finished with
    /// the mover's king safe? The search deepens iteratively: it first looks for a
    /// continuation of at most one more move, then two, four, eight, ..., then the whole
    /// turn. A rescue found within a cap is a real one (the cap is never below the turn's
    /// minimum, so the turn may end there); only the last, uncapped search can answer no.
    /// Short rescues, the usual case, are so found before the search wanders down long
    /// sequences, and the cuts are sharper under a small cap (they count the moves left).
    pub(crate) fn finish_turn(&self, memo: &mut Memo) -> Verdict {
        let mut extra: u8 = 1;
        loop {
            if let Some(answer) = self.finish_turn_within(memo, extra) {
                return answer;
            }
            extra = extra.saturating_mul(2);
        }
    }

    /// One step of [`TilingRider::finish_turn`]: the answer if a continuation of at most
    /// `extra` more moves finishes the turn (`Yes`), if the answer is final anyway (the cap
    /// reaches the turn's limit, the turn is exact or over, the king is safe or the
    /// relaxation rules every unit out), or if the budget ran out (`Undecided`); `None` if
    /// no such short continuation exists and a longer one might.
    pub(crate) fn finish_turn_within(&self, memo: &mut Memo, extra: u8) -> Option<Verdict> {
        if self.made == 0 || self.min_moves() > 1 || self.made.saturating_add(1) >= self.limit {
            // The turn is over, exact (its minimum is its limit), or has one move left.
            return Some(self.finishable(memo, 0));
        }
        let safe = !self.in_check(self.side);
        if safe || self.viable_king_units().iter().all(Option::is_none) {
            // Safe now with the turn allowed to end (made >= 1 = the minimum), or lost.
            return Some(safe.into());
        }
        let cap = self.made.saturating_add(extra);
        if cap >= self.limit {
            return Some(self.finish_by_units(memo));
        }
        let mut capped = self.clone();
        capped.limit = cap;
        match capped.finish_by_units(memo) {
            Verdict::No => None,
            decided_or_spent => Some(decided_or_spent),
        }
    }

    /// [`TilingRider::finishable`] for a checked king in a turn that may end as soon as it
    /// is safe, asked once for each unit the king could end on: a continuation ending with
    /// the king on unit `u` still works when the moves touching nothing relevant to `u`
    /// are dropped (`relevant_squares` of `u` alone), so each search looks only at the
    /// moves relevant to one unit, and the turn can be finished exactly when one of them
    /// succeeds. In a crowded camp the relevant squares of all the units together cover
    /// far more of the board than those of any one of them.
    fn finish_by_units(&self, memo: &mut Memo) -> Verdict {
        if memo.target.is_some() || self.made < self.min_moves() || !self.in_check(self.side) {
            return self.finishable(memo, 0);
        }
        // The units take turns, each with a slice of the budget that doubles every round,
        // so that a rescue easy to find on one unit is not kept waiting while another
        // unit's refutation is searched to the end. A unit refuted is dropped; the failed
        // states a slice proves stay in the memo for the next round.
        let mut open: Vec<Unit> = self.viable_king_units().into_iter().flatten().collect();
        let mut slice: u64 = FIRST_UNIT_SLICE;
        let answer = loop {
            if open.is_empty() {
                break Verdict::No;
            }
            let mut found = None;
            let mut i = 0;
            while i < open.len() {
                memo.target = Some(open[i]);
                let part = memo.budget.slice(slice);
                let whole = std::mem::replace(&mut memo.budget, part);
                let verdict = self.finishable(memo, 0);
                let part = std::mem::replace(&mut memo.budget, whole);
                memo.budget.absorb(&part);
                match verdict {
                    Verdict::Yes => {
                        found = Some(Verdict::Yes);
                        break;
                    }
                    Verdict::No => {
                        open.swap_remove(i);
                    }
                    Verdict::Undecided if memo.budget.is_spent() => {
                        found = Some(Verdict::Undecided);
                        break;
                    }
                    Verdict::Undecided => i += 1,
                }
            }
            if let Some(verdict) = found {
                break verdict;
            }
            slice = slice.saturating_mul(2);
        };
        memo.target = None;
        answer
    }

    /// In a position reached by a move of the current turn: can the turn be finished with
    /// the mover's king safe? (If the move ended the turn, whether the king is safe.)
    pub(crate) fn finishable(&self, memo: &mut Memo, depth: usize) -> Verdict {
        if self.made == 0 {
            // The turn just ended: the player who moved is now `!self.side`.
            return (!self.in_check(!self.side)).into();
        }
        let safe = !self.in_check(self.side);
        if safe && self.end_allowed() {
            return Verdict::Yes;
        }
        if !memo.budget.tick() {
            return Verdict::Undecided;
        }
        let key = self.memo_key(memo.target);
        if memo.failed.contains(&key) {
            return Verdict::No;
        }
        let need = self.min_moves().saturating_sub(self.made) as usize;
        if safe && self.unexposable() && self.witness_covers(need) {
            // Only the count of further moves was in question (an exact turn).
            return Verdict::Yes;
        }
        // The units the king could still end the turn on (all of them while it is safe).
        let viable = if safe {
            None
        } else {
            let mut v = self.viable_king_units();
            if let Some(target) = memo.target {
                v.iter_mut()
                    .filter(|u| **u != Some(target))
                    .for_each(|u| *u = None);
            }
            if v.iter().all(Option::is_none) {
                memo.remember_failed(key);
                return Verdict::No;
            }
            Some(v)
        };
        if need > 0 && need > self.max_more_moves() {
            memo.remember_failed(key);
            return Verdict::No;
        }
        if memo.buffers.len() <= depth {
            memo.buffers.push(Vec::with_capacity(256));
        }
        let mut buf = std::mem::take(&mut memo.buffers[depth]);
        buf.clear();
        self.gen_pseudo(&mut buf);
        if let (true, Some(units)) = (self.made >= self.min_moves(), viable) {
            // The turn may end as soon as the king is safe (it is in check now): only moves
            // touching the squares relevant to the units it could end on can matter (see
            // `relevant_squares`).
            // A move with k moves after it in a continuation touches the k-th round of
            // the closure (`relevant_squares_within`).
            let left = usize::from(self.limit.saturating_sub(self.made));
            let r = self.relevant_squares_within(&units, left.saturating_sub(1));
            buf.retain(|&mv| touches(mv, r));
        }
        // Goal-directed order: the children closest to a safe king first (a greedy descent
        // finds the usual rescues at once), ties broken by kind (king, captures, rest).
        self.order_moves(&mut buf);
        let mut children: Vec<(u32, usize, TilingRider)> = buf
            .iter()
            .enumerate()
            .map(|(i, &mv)| {
                let mut child = self.clone();
                child.apply(mv);
                let h = if child.made == 0 {
                    0
                } else {
                    child.distance_to_safety()
                };
                (h, i, child)
            })
            .collect();
        children.sort_by_key(|c| (c.0, c.1));
        let mut answer = Verdict::No;
        for (_, i, child) in children.iter() {
            match child.finishable(memo, depth + 1) {
                Verdict::No => {}
                Verdict::Yes => {
                    memo.path.push(buf[*i]);
                    answer = Verdict::Yes;
                    break;
                }
                Verdict::Undecided => {
                    answer = Verdict::Undecided;
                    break;
                }
            }
        }
        memo.buffers[depth] = buf;
        if answer == Verdict::No {
            memo.remember_failed(key);
        }
        answer
    }

    /// Whether the side to move has at least one legal action, within the memo's budget
    /// (cheaper than listing them: it stops at the first move after which the turn can be
    /// finished).
    pub(crate) fn any_legal_action(&self, memo: &mut Memo) -> Verdict {
        if self.terminal_draw() {
            return Verdict::No;
        }
        if self.end_allowed() && !self.in_check(self.side) {
            return Verdict::Yes;
        }
        match self.searched(memo, |memo| self.any_legal_search(memo)) {
            Verdict::Undecided => self.planned(None, memo),
            decided => decided,
        }
    }

    /// [`TilingRider::any_legal_action`] by the search alone.
    fn any_legal_search(&self, memo: &mut Memo) -> Verdict {
        if self.terminal_draw() {
            return Verdict::No;
        }
        let safe = !self.in_check(self.side);
        if self.end_allowed() && safe {
            return Verdict::Yes;
        }
        let mut moves = Vec::new();
        self.gen_pseudo(&mut moves);
        if !safe && self.min_moves() <= 1 {
            // In check, in a turn that may end after any move: a rescue needs only moves
            // touching the squares relevant to the units the king could end on, and it
            // starts with one of them.
            let Some(r) = self.rescue_squares() else {
                return Verdict::No;
            };
            moves.retain(|&mv| touches(mv, r));
        }
        self.order_moves(&mut moves);
        // Deepening across the moves: every move is first tried with short continuations, so
        // an easy rescue after a later move is found before a hard refutation of an earlier
        // one is searched to the end.
        let mut open: Vec<TilingRider> = moves
            .iter()
            .map(|&mv| {
                let mut child = self.clone();
                child.apply(mv);
                child
            })
            .collect();
        let mut extra: u8 = 1;
        while !open.is_empty() {
            let mut still_open = Vec::with_capacity(open.len());
            for child in open {
                match child.finish_turn_within(memo, extra) {
                    Some(Verdict::No) => {}
                    Some(decided_or_spent) => return decided_or_spent,
                    None => still_open.push(child),
                }
            }
            open = still_open;
            extra = extra.saturating_mul(2);
        }
        Verdict::No
    }

    /// For the side to move, in check in a turn that may end after any move: whether a move
    /// of cost `cost` touching none of the squares relevant to the king's rescue (the
    /// relevant squares of the units it could end on, `relevant_squares`) is legal. All
    /// such moves share the answer: such a move `m` followed by a continuation `C` finishes
    /// the turn exactly when `C`'s moves touching the relevant squares, played from here,
    /// finish it within the limit less `cost` (dropping the others keeps a continuation
    /// working, and `m` touches nothing they use: not their pieces, the squares they may
    /// end on or pass, the attackers, or the lines aimed at those units). So one search
    /// decides them all.
    pub(crate) fn rescue_after_irrelevant(&self, cost: u8, memo: &mut Memo) -> Verdict {
        let limit = self.limit.saturating_sub(cost);
        if limit <= self.made {
            return Verdict::No;
        }
        let mut capped = self.clone();
        capped.limit = limit;
        capped.any_legal_action(memo)
    }

    /// Whether the side to move has at least one legal action (exact; see
    /// [`chimera_core::Position::has_legal_move_within`] for a bounded question).
    pub fn has_legal_action(&self) -> bool {
        self.any_legal_action(&mut Memo::exact()) == Verdict::Yes
    }

    /// Whether one action is legal (without listing the others), within the memo's budget.
    pub(crate) fn decide_legal(&self, mv: Move, memo: &mut Memo) -> Verdict {
        if self.terminal_draw() {
            return Verdict::No;
        }
        if mv == Move::END_TURN {
            return (self.end_allowed() && !self.in_check(self.side)).into();
        }
        if !self.is_pseudo_legal(mv) {
            return Verdict::No;
        }
        self.finish_after(mv, memo)
    }

    /// Whether `mv` (not "end turn") is among the pseudo-legal moves here.
    fn is_pseudo_legal(&self, mv: Move) -> bool {
        let mut moves = Vec::new();
        self.gen_pseudo(&mut moves);
        moves.contains(&mv)
    }

    /// Whether `mv` is legal here given the record's next actions (`following`): proven when
    /// the record's own continuation, each action pseudo-legal when it comes, ends the turn
    /// or reaches a point where it may end with the mover's king safe. Reads at most the
    /// rest of one turn. Otherwise the search decides, within the memo's budget.
    pub(crate) fn legal_given(&self, mv: Move, following: &[&str], memo: &mut Memo) -> Verdict {
        if self.terminal_draw() {
            return Verdict::No;
        }
        if mv != Move::END_TURN && self.record_proves(mv, following) {
            return Verdict::Yes;
        }
        self.decide_legal(mv, memo)
    }

    /// The witness check of [`TilingRider::legal_given`].
    fn record_proves(&self, mv: Move, following: &[&str]) -> bool {
        let mut first = Some(mv);
        let mut rest = following.iter();
        self.line_finishes(&mut Vec::new(), |pos| {
            first
                .take()
                .or_else(|| rest.next().and_then(|text| pos.parse_move(text).ok()))
        })
    }
}

impl TilingRider {
    /// The legal actions as the rescue planner alone decides them, with no turn search:
    /// each pseudo-legal move asked of the planner (planning as SAT, see the crate's
    /// `RULES.md`, §5), within `budget`; those it could not decide go to `undecided`. The
    /// crate's own answers ([`chimera_core::Position::legal_moves_within`]) come from the
    /// search first and the planner when the search's share of the budget runs out; this
    /// and [`TilingRider::legal_moves_searched`] let the two be checked against each other.
    pub fn legal_moves_planned(
        &self,
        legal: &mut Vec<Move>,
        undecided: &mut Vec<Move>,
        budget: &mut Budget,
    ) {
        Memo::with_budget(budget, |memo| {
            memo.mode = Mode::PlannerOnly;
            legal.clear();
            undecided.clear();
            if self.terminal_draw() {
                return;
            }
            self.gen_pseudo(legal);
            legal.retain(|&mv| match self.planned(Some(mv), memo) {
                Verdict::Yes => true,
                Verdict::No => false,
                Verdict::Undecided => {
                    undecided.push(mv);
                    false
                }
            });
            if self.end_allowed() && !self.in_check(self.side) {
                legal.push(Move::END_TURN);
            }
        });
    }

    /// Whether the side to move has a legal action (the question behind "is the game
    /// over?"), as the rescue planner alone decides it (in a turn that may end early, the
    /// growing formula of `RULES.md` §5; no search), within `budget`. The crate's own
    /// answer ([`chimera_core::Position::has_legal_move_within`]) comes from the search
    /// first and the planner after; this and [`TilingRider::has_legal_action_searched`]
    /// let the two be checked against each other.
    pub fn has_legal_action_planned(&self, budget: &mut Budget) -> Verdict {
        Memo::with_budget(budget, |memo| {
            memo.mode = Mode::PlannerOnly;
            self.any_legal_action(memo)
        })
    }

    /// Whether the side to move has a legal action, by the turn search alone (the
    /// counterpart of [`TilingRider::has_legal_action_planned`], for cross-checking).
    pub fn has_legal_action_searched(&self, budget: &mut Budget) -> Verdict {
        Memo::with_budget(budget, |memo| {
            memo.mode = Mode::SearchOnly;
            self.any_legal_action(memo)
        })
    }

    /// The legal actions as the turn search alone decides them (the fast proofs and the
    /// memoised search of `RULES.md` §5, with the whole budget and no planner); those it
    /// could not decide go to `undecided`. See [`TilingRider::legal_moves_planned`].
    pub fn legal_moves_searched(
        &self,
        legal: &mut Vec<Move>,
        undecided: &mut Vec<Move>,
        budget: &mut Budget,
    ) {
        Memo::with_budget(budget, |memo| {
            memo.mode = Mode::SearchOnly;
            self.generate_legal_with(legal, undecided, memo);
        });
    }
}

/// Diagnostics of the search, run by hand: they print figures and assert nothing about time.
#[cfg(test)]
mod diagnostics {
    use super::*;

    /// The search nodes each action of the position `POS` needs (budget `LIMIT` nodes per
    /// action): `POS='…' cargo test --release -p chimera-tiling-rider --lib one_position --
    /// --ignored --nocapture`. With `FIRST=move`, that move is played first; with `CAP=n`,
    /// only whether the turn can be finished within a limit of n moves is asked. `RULES`
    /// names the rule set.
    #[test]
    #[ignore = "diagnostic of one position given in POS"]
    fn one_position() {
        let Ok(text) = std::env::var("POS") else {
            return;
        };
        let limit = std::env::var("LIMIT")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(300_000);
        let rules = std::env::var("RULES")
            .ok()
            .and_then(|s| <crate::Rules as chimera_core::RuleSet>::from_name(&s))
            .unwrap_or_default();
        let mut pos = TilingRider::from_text(text.trim(), rules).expect("position");
        if let Ok(first) = std::env::var("FIRST") {
            let mv = pos.parse_move(&first).expect("FIRST move");
            pos.apply(mv);
        }
        println!("{}", chimera_core::Render::text_diagram(&pos, None));
        println!("units the king could end on: {:?}", pos.viable_king_units());
        if let Some(capped) = std::env::var("CAP").ok().and_then(|s| s.parse::<u8>().ok()) {
            let mut c = pos.clone();
            c.limit = capped;
            let mut memo = Memo::new(Budget::nodes(limit));
            let started = std::time::Instant::now();
            let verdict = c.any_legal_action(&mut memo);
            println!(
                "rescue within {capped}: {verdict:?} after {} nodes, {:?}",
                memo.nodes(),
                started.elapsed()
            );
            return;
        }
        let mut moves = Vec::new();
        pos.gen_pseudo(&mut moves);
        println!(
            "in check: {}; {} pseudo-legal moves",
            pos.in_check(pos.side),
            moves.len()
        );
        for mv in moves {
            let mut memo = Memo::new(Budget::nodes(limit));
            let started = std::time::Instant::now();
            let verdict = pos.decide_legal(mv, &mut memo);
            if memo.nodes() > 100 {
                println!(
                    "{}: {verdict:?} after {} nodes, {:?}",
                    pos.move_text(mv),
                    memo.nodes(),
                    started.elapsed()
                );
            }
        }
        let started = std::time::Instant::now();
        let any = pos.any_legal_action(&mut Memo::new(Budget::nodes(limit)));
        println!("has a legal action: {any:?} ({:?})", started.elapsed());
    }
}
