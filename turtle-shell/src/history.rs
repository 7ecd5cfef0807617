//! The repetition rules (Ko, modified Ko), applied through the core's history hook.
//!
//! Only a move that neither captures nor moves a pawn can recreate an earlier position:
//! the number of pieces never grows and a pawn never goes back (every pawn step moves it
//! strictly up the board for White, down for Black; promotion removes a pawn). For the
//! same reason, only the positions since the last capture or pawn move can come back. Each
//! position counts those moves (its `quiet` field, kept by playing moves), so the rule
//! looks at no earlier position at all unless the last three moves were quiet, which is
//! what makes perft's and the search's Ko check cost almost nothing at most nodes.
//!
//! The run of quiet moves is short in most games (a pawn moves every few plies), but not
//! always, and it would be scanned at every move. So the rule scans at most [`SCAN`]
//! positions; past that, each quiet move's resulting key is looked up in the game's index
//! of earlier positions by key ([`History::with_key`]), which costs the same however long
//! the run.

use crate::{Move, Repetition, TurtleShell};
use chimera_core::{History, Position};

/// How far back the history is scanned before the index by key is asked instead.
const SCAN: usize = 48;

/// The earliest index of `earlier` from which every position may equal a position reached
/// from `pos` by reversible moves: those after the last capture or pawn move, which `pos`
/// counts (`TurtleShell::quiet`), if that run is at most [`SCAN`] positions long; `None`
/// if it is longer.
#[inline(always)]
fn reversible_start(pos: &TurtleShell, earlier: &[TurtleShell]) -> Option<usize> {
    let n = earlier.len();
    let run = usize::from(pos.quiet).min(n);
    (run <= SCAN).then(|| n - run)
}

/// The most recent earlier position equal to `pos` after the quiet move `mv`, found
/// through the index by key: the first candidate, most recent first, that is not one of
/// the last two positions (see [`repeated_index`]) and is equal.
#[inline]
fn repeated_index_by_key(
    pos: &TurtleShell,
    earlier: History<'_, TurtleShell>,
    mv: Move,
) -> Option<usize> {
    let n = earlier.len();
    let mut after = None;
    earlier
        .with_key(pos.key_after_quiet(mv))
        .filter(|&j| j + 3 <= n)
        .find(|&j| *after.get_or_insert_with(|| pos.after(mv)) == earlier.positions()[j])
}

/// The most recent earlier position equal to `pos` after the quiet move `mv`, as an index
/// into `earlier` (used by the modified Ko rule). Candidates are `earlier[n-3]`, `earlier[n-5]`, … (`n = earlier.len()`,
/// `pos` itself being position `n`): those have the same side to move as the position
/// after `mv`; position `n-1` cannot recur, since the opponent's last move changed where
/// the opponent's pieces stand and `mv` moves only the mover's.
#[inline]
fn repeated_index(
    pos: &TurtleShell,
    earlier: &[TurtleShell],
    lo: usize,
    mv: Move,
) -> Option<usize> {
    let n = earlier.len();
    let key = pos.key_after_quiet(mv);
    let mut j = n - 3;
    loop {
        let e = &earlier[j];
        if e.key == key && *e == pos.after(mv) {
            return Some(j);
        }
        if j < lo + 2 {
            return None;
        }
        j -= 2;
    }
}

pub(crate) fn retain_history_legal(
    pos: &TurtleShell,
    history: History<'_, TurtleShell>,
    moves: &mut Vec<Move>,
) {
    // As in may_forbid: nothing can come back after fewer than three quiet moves.
    if pos.quiet < 3 && !pos.rules.drops {
        return;
    }
    if pos.rules.repetition == Repetition::None {
        return;
    }
    if pos.rules.drops {
        return retain_with_drops(pos, history, moves);
    }
    let earlier = history.positions();
    let n = earlier.len();
    if n < 3 {
        return;
    }
    let Some(lo) = reversible_start(pos, earlier) else {
        return retain_by_key(pos, history, moves);
    };
    if lo + 3 > n {
        return;
    }
    match pos.rules.repetition {
        Repetition::None => {}
        Repetition::Ko => ko_filter(pos, earlier, lo, moves),
        Repetition::ModifiedKo => moves.retain(|&mv| {
            if !pos.is_quiet_piece_move(mv) {
                return true;
            }
            match repeated_index(pos, earlier, lo, mv) {
                None => true,
                Some(j) => loop_attacker(pos, earlier, j, mv) != pos.turn(),
            }
        }),
    }
}

/// Whether the history may forbid a move of `pos` (so that counting its moves must list
/// and filter them): under Ko, when some earlier position that [`ko_filter`] looks at
/// differs from `pos` by one quiet move whose key matches (without asking whether that
/// move is legal); under modified Ko, or after a run of quiet moves too long to scan,
/// always. The same walk as [`ko_filter`]'s, with no move list: not a scan per move.
pub(crate) fn may_forbid(pos: &TurtleShell, history: History<'_, TurtleShell>) -> bool {
    // Most positions: fewer than three quiet moves since the last capture or pawn move, so
    // no earlier position can come back (see reversible_start), unless drops bring pieces
    // back.
    if pos.quiet < 3 && !pos.rules.drops {
        return false;
    }
    if pos.rules.repetition == Repetition::None {
        return false;
    }
    let earlier = history.positions();
    let n = earlier.len();
    if n < 3 {
        return false;
    }
    if pos.rules.drops {
        return true;
    }
    let Some(lo) = reversible_start(pos, earlier) else {
        return true;
    };
    if lo + 3 > n {
        return false;
    }
    if pos.rules.repetition != Repetition::Ko {
        return true;
    }
    let mut j = n - 3;
    loop {
        let e = &earlier[j];
        if let Some(mv) = recreating_move(pos, e) {
            if pos.is_quiet_piece_move(mv) && pos.key_after_quiet(mv) == e.key {
                return true;
            }
        }
        if j < lo + 2 {
            return false;
        }
        j -= 2;
    }
}

/// The only single move of the side to move in `pos` that could recreate `earlier`: when
/// the two differ by exactly one of the mover's pieces standing elsewhere (one own cell
/// emptied, one empty cell filled, the opponent's pieces unchanged), the move between those
/// two cells; otherwise none. [`ko_filter`] and [`may_forbid`] walk the history with it.
#[inline]
fn recreating_move(pos: &TurtleShell, earlier: &TurtleShell) -> Option<Move> {
    let us = pos.turn().index();
    let own = pos.colors[us];
    let diff = earlier.colors[us] ^ own;
    // Exactly two bits differ (tested without counting bits, slow on baseline x86-64).
    let rest = diff & diff.wrapping_sub(1);
    if earlier.colors[1 - us] != pos.colors[1 - us] || rest == 0 || rest & (rest - 1) != 0 {
        return None;
    }
    let (from, to) = (diff & own, diff & !own);
    (from != 0 && to != 0).then(|| {
        Move::from_indices(
            from.trailing_zeros() as usize,
            to.trailing_zeros() as usize,
            false,
        )
    })
}

/// [`retain_history_legal`] after a long run of quiet moves: each quiet move's resulting
/// key is looked up in the game's index, instead of scanning the run.
#[inline(never)]
fn retain_by_key(pos: &TurtleShell, history: History<'_, TurtleShell>, moves: &mut Vec<Move>) {
    let forbidden = |mv: Move| {
        if !pos.is_quiet_piece_move(mv) {
            return false;
        }
        match repeated_index_by_key(pos, history, mv) {
            None => false,
            Some(j) => match pos.rules.repetition {
                Repetition::None => false,
                Repetition::Ko => true,
                Repetition::ModifiedKo => {
                    loop_attacker(pos, history.positions(), j, mv) == pos.turn()
                }
            },
        }
    };
    moves.retain(|&mv| !forbidden(mv));
}

/// [`retain_history_legal`] under option `drops`, where a capture or a pawn move does not
/// make the earlier positions unreachable (the piece can come back by a drop): every move
/// is played, and its position looked up among the earlier ones by key, then compared
/// whole (hands included).
#[inline(never)]
fn retain_with_drops(pos: &TurtleShell, history: History<'_, TurtleShell>, moves: &mut Vec<Move>) {
    let earlier = history.positions();
    moves.retain(|&mv| {
        let after = pos.after(mv);
        let Some(j) = history.with_key(after.key).find(|&j| earlier[j] == after) else {
            return true;
        };
        match pos.rules.repetition {
            Repetition::None => true,
            Repetition::Ko => false,
            Repetition::ModifiedKo => loop_attacker(pos, earlier, j, mv) != pos.turn(),
        }
    });
}

/// The Ko rule, driven by the earlier positions rather than by the moves: an earlier
/// position (with the side to move the position after a move would have) can only be
/// recreated by a single quiet move if it differs from `pos` by exactly one of the mover's
/// pieces standing elsewhere: one own cell emptied, one empty cell filled, the opponent's
/// pieces unchanged. That names the only move that could recreate it; if that move is in
/// the list, its key after the move (computed without playing it) is compared, and a match
/// is confirmed by comparing whole positions.
#[inline]
fn ko_filter(pos: &TurtleShell, earlier: &[TurtleShell], lo: usize, moves: &mut Vec<Move>) {
    let n = earlier.len();
    let mut j = n - 3;
    loop {
        let e = &earlier[j];
        if let Some(mv) = recreating_move(pos, e) {
            if let Some(i) = moves.iter().position(|&m| m == mv) {
                if pos.is_quiet_piece_move(mv)
                    && pos.key_after_quiet(mv) == e.key
                    && pos.after(mv) == *e
                {
                    moves.remove(i);
                }
            }
        }
        if j < lo + 2 {
            return;
        }
        j -= 2;
    }
}

/// The attacking player of the loop that `mv` would close: positions `earlier[j..]`, then
/// `pos`, then the position after `mv` (equal to `earlier[j]`).
///
/// For every move of the loop, the player X who made it is credited with the number of
/// capture moves X could make in the resulting position
/// ([`TurtleShell::capture_count`]), and with a check if that position has the opponent in
/// check. The attacker has more captures summed over the loop; on a tie, more checks; on a
/// tie, it is the player whose move started the loop (the move played in `earlier[j]`).
pub(crate) fn loop_attacker(
    pos: &TurtleShell,
    earlier: &[TurtleShell],
    j: usize,
    mv: Move,
) -> chimera_core::Color {
    let after = pos.after(mv);
    let mut captures = [0u64; 2];
    let mut checks = [0u32; 2];
    let loop_positions: Vec<&TurtleShell> = earlier[j..]
        .iter()
        .chain(std::iter::once(pos))
        .chain(std::iter::once(&after))
        .collect();
    for w in loop_positions.windows(2) {
        let mover = w[0].turn();
        let result = w[1];
        captures[mover.index()] += u64::from(result.capture_count(mover));
        if result.is_check() {
            checks[mover.index()] += 1;
        }
    }
    use chimera_core::Color::{Black, White};
    let starter = earlier[j].turn();
    if captures[0] != captures[1] {
        if captures[0] > captures[1] {
            White
        } else {
            Black
        }
    } else if checks[0] != checks[1] {
        if checks[0] > checks[1] {
            White
        } else {
            Black
        }
    } else {
        starter
    }
}
