//! [`Evaluate`]: what a computer opponent needs to know of a variant beyond its rules.

use crate::Position;

/// A variant's static knowledge for a game-tree search (the `chimera-engine` crate): a score
/// for a position, which moves are *noisy*, and what a move gains in material.
///
/// This is the one trait of the core that is not about the rules. It lives here, not in the
/// engine crate, so that a variant crate implements it next to its own board
/// representation (with access to its bitboards) without depending on the search: a new
/// variant gets the computer opponent by implementing this trait alone.
///
/// Scores are in centipawn-like units (a pawn or its equivalent is about 100), from the
/// point of view of the side to move ([`Position::turn`]), positive when that side stands
/// better. They must stay well inside ±100,000: larger values are reserved for won and lost
/// games, which the search scores itself from [`Position::terminal`] and
/// [`Position::no_move_outcome`].
pub trait Evaluate: Position {
    /// The static score of this position for the side to move. Need not consider a
    /// finished game (the search asks the rules first).
    fn evaluate(&self) -> i32;

    /// What `mv` (legal here) gains at once in material, in the units of
    /// [`Evaluate::evaluate`]: the value of everything it captures or turns over, plus what a
    /// promotion adds; 0 for a quiet move. The search orders moves by it (most valuable
    /// victim first).
    fn capture_value(&self, mv: Self::Move) -> i32;

    /// Whether `mv` (legal here) is noisy: a move that changes the material balance or wins
    /// at once, which the search keeps playing past its depth (quiescence) until the
    /// position is quiet. The default: a move with a positive [`Evaluate::capture_value`].
    fn is_noisy(&self, mv: Self::Move) -> bool {
        self.capture_value(mv) > 0
    }

    /// Quiescence may list the noisy moves alone, where a variant can do that faster than
    /// listing every move: it fills `moves` (cleared first) with exactly the legal moves
    /// (ignoring history) that [`Evaluate::is_noisy`] calls noisy, in the order
    /// [`Position::legal_moves`] lists them, and returns `true` — only where the position is
    /// not over and has some legal move (so that an empty list means "nothing noisy", not
    /// "no move"). The default returns `false`: quiescence lists every move and keeps the
    /// noisy ones.
    fn noisy_moves(&self, moves: &mut Vec<Self::Move>) -> bool {
        let _ = moves;
        false
    }

    /// The search may restrict itself to a selection of the legal moves, at the root too: a
    /// variant with very many turns of little value each (Triagonal's 11,660 opening turns,
    /// most of them Jack placements) fills `moves` (cleared first) with a subset of its legal
    /// moves (ignoring history) that is non-empty whenever a legal move exists, and returns
    /// `true`. The default returns `false`: every legal move is searched.
    fn selective_moves(&self, moves: &mut Vec<Self::Move>) -> bool {
        let _ = moves;
        false
    }

    /// What the search adds to [`Evaluate::evaluate`] where it stops (a leaf, where
    /// quiescence stands pat): an estimate of what lies beyond its horizon that the static
    /// score leaves out, for variants whose turns are too long for the search to see to the
    /// end of the next one (Tiling Rider: the captures the rest of this turn and the
    /// opponent's next turn have on offer, and the hunt of a king when far ahead). It is
    /// search knowledge, like a static exchange evaluation: the one-ply greedy baseline,
    /// which judges moves by the static score alone, does not use it. The default: 0.
    fn horizon_estimate(&self) -> i32 {
        0
    }

    /// What `mv` (legal here) gains in material once the exchanges it starts on its target
    /// are played out, the cheapest pieces capturing first (a static exchange evaluation):
    /// negative when it loses material (a quiet move that steps where it can be taken for
    /// less). The search orders noisy moves that lose after the killers, quiescence leaves
    /// them out, and where the variant allows pruning ([`Evaluate::null_move`]) late moves
    /// that lose too much near the leaves are skipped. The default:
    /// [`Evaluate::capture_value`], at least 0 (no move is seen to lose).
    fn exchange_value(&self, mv: Self::Move) -> i32 {
        self.capture_value(mv).max(0)
    }

    /// Whether [`Evaluate::exchange_value`] of `mv` (legal here) is at least `threshold`:
    /// the search asks only this, and a variant may find the answer without playing the
    /// whole exchange out (where what the move takes, less what it leaves on the target,
    /// already settles it). Always the same answer as the comparison. The default: the
    /// comparison.
    fn exchange_at_least(&self, mv: Self::Move, threshold: i32) -> bool {
        self.exchange_value(mv) >= threshold
    }

    /// Whether the side to move is in check (its king attacked, in the variant's sense):
    /// the search then looks one ply further (a check extension), does not prune, and
    /// quiescence answers with every move instead of standing pat. The default: `false`.
    fn in_check(&self) -> bool {
        false
    }

    /// Whether `mv` (legal here) gives check, that is [`Evaluate::in_check`] of the position
    /// after it, where the variant can tell without playing the move: the search then
    /// decides whether to prune a move before playing it. The default: `None` (not known;
    /// the search plays the move to see).
    fn gives_check(&self, _mv: Self::Move) -> Option<bool> {
        None
    }

    /// The position after a null move (the side to move passes; only what the rules tie to
    /// the turn, such as an en-passant right, changes), if the search may assume here that
    /// some move is better than passing: null-move pruning and the pruning of static scores
    /// far above the window rest on that assumption. A variant returns `None` where it
    /// fails: in check, where zugzwang is likely (only a king and pawns), in the middle of
    /// a multi-action turn. The default: `None` (the search never prunes on it).
    fn null_move(&self) -> Option<Self> {
        None
    }
}
