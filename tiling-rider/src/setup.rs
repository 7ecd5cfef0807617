//! [`Setup`]: a position put together piece by piece and checked as a whole when built,
//! with the checks the position text reader makes (the reader builds its positions through
//! it).

use crate::board::{block, Bb, Square, Unit};
use crate::position::{
    limit_after, max_limit, Role, Rules, TilingRider, FIFTY_TURN_LIMIT, MAX_TURN_LIMIT,
};
use chimera_core::{Color, ParsePositionError, PositionErrorKind};

/// The turn counters of a position: the side to move, the moves (points) made this turn
/// and the most allowed, the opponent's last turn length (0 before it had one), the turns
/// since the last capture and the turn number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Counters {
    pub side: Color,
    pub made: u8,
    pub limit: u8,
    pub last: u8,
    pub clock: u16,
    pub turn_no: u16,
}

impl Counters {
    /// The counters of a position.
    fn of(pos: &TilingRider) -> Counters {
        Counters {
            side: pos.side,
            made: pos.made,
            limit: pos.limit,
            last: pos.last,
            clock: pos.clock,
            turn_no: pos.turn_no,
        }
    }
}

/// A position under construction: place the pieces, kings and giant ferzes, set the turn
/// counters and mark what has moved this turn, then [`Setup::build`] checks the whole as
/// the position text reader does (only turn states a game can reach; see `RULES.md`,
/// "Notation") and gives the position, or an error saying what is wrong and where (in
/// the terms of the position text's fields).
///
/// ```
/// use chimera_tiling_rider::{Color, Role, Rules, Setup, Square};
/// let sq = |s| Square::parse(s).unwrap();
/// let mut setup = Setup::new(Rules::Standard);
/// setup.set_king(Color::White, sq("a1").unit());
/// setup.set_king(Color::Black, sq("q15").unit());
/// setup.set_piece(sq("e3"), Some((Role::Knight, Color::Black)));
/// // Black's second turn, after White's of 3 moves: up to 4.
/// setup.set_turn(Color::Black, 0, 4).set_turn_number(2).set_last_turn_length(3);
/// let pos = setup.build().unwrap();
/// assert_eq!(pos.move_limit(), 4);
/// // A limit the last turn does not give is refused.
/// setup.set_turn(Color::Black, 0, 7);
/// assert!(setup.build().unwrap_err().place.contains("limit"));
/// ```
#[derive(Clone, Debug)]
pub struct Setup {
    /// The board, the turn counters and the marks, in an unchecked position (its key is
    /// computed when built).
    draft: TilingRider,
}

impl Setup {
    /// An empty board of `rules` (both kings on their start units, no giant ferz), White to
    /// move at the start of its first turn.
    pub fn new(rules: Rules) -> Setup {
        let draft = TilingRider::empty(rules);
        Setup::from_position(&draft)
    }

    /// The setup of a position, to change and build again.
    pub fn from_position(pos: &TilingRider) -> Setup {
        Setup { draft: pos.clone() }
    }

    /// The rule set.
    pub fn rules(&self) -> Rules {
        self.draft.rules
    }

    /// The small piece on a square, as the built position will have it.
    pub fn piece_at(&self, sq: Square) -> Option<(Role, Color)> {
        self.draft.piece_at(sq)
    }

    /// The king covering a square, if any.
    pub fn king_at(&self, sq: Square) -> Option<Color> {
        self.draft.king_at(sq)
    }

    /// The giant ferz covering a square, if any.
    pub fn giant_ferz_at(&self, sq: Square) -> Option<Color> {
        self.draft.giant_ferz_at(sq)
    }

    /// The unit `color`'s giant ferz stands on, if it has one.
    pub fn giant_ferz_unit(&self, color: Color) -> Option<Unit> {
        self.draft.giant_ferz_unit(color)
    }

    /// Puts a piece on a square (or empties it): a giant ferz covering the square is
    /// removed, and the square's moved mark. `false`, changing nothing, if the square is
    /// off the rule set's board. A piece may be put where a king stands for now (moving the
    /// king there later removes it; [`Setup::build`] refuses a piece under a king).
    pub fn set_piece(&mut self, sq: Square, piece: Option<(Role, Color)>) -> bool {
        let done = self.draft.place_piece(sq, piece);
        if done {
            self.draft.moved.clear(sq);
            self.draft.used.clear(sq);
        }
        done
    }

    /// Puts a colour's king on a unit, removing any pieces (a giant ferz included) there.
    /// `false`, changing nothing, if the unit is off the rule set's board.
    pub fn set_king(&mut self, color: Color, unit: Unit) -> bool {
        let done = self.draft.set_king(color, unit);
        if done {
            self.unmark_unit(unit);
        }
        done
    }

    /// Puts `color`'s giant ferz on a unit (removing any pieces there, and the colour's giant
    /// ferz from where it stood), or takes it off the board (`None`). `false`, changing
    /// nothing, if the rule set has no giant ferz, or the unit is off its board or holds a
    /// king.
    pub fn set_giant_ferz(&mut self, color: Color, unit: Option<Unit>) -> bool {
        // The giant ferz's moved mark is the setup's to set (mark_giant_ferz_moved) and
        // stays as it was, whichever side moves.
        let marked = self.draft.gferz_moved;
        let done = self.draft.set_giant_ferz(color, unit);
        self.draft.gferz_moved = marked;
        if let (true, Some(u)) = (done, unit) {
            self.unmark_unit(u);
        }
        done
    }

    fn unmark_unit(&mut self, unit: Unit) {
        self.draft.moved &= !Bb::unit(unit);
        self.draft.used &= !Bb::unit(unit);
    }

    /// Sets the side to move, the moves (points) made this turn and the most allowed.
    pub fn set_turn(&mut self, side: Color, made: u8, limit: u8) -> &mut Self {
        self.draft.side = side;
        self.draft.made = made;
        self.draft.limit = limit;
        self
    }

    /// Sets the length of the opponent's last turn (0 before it had one).
    pub fn set_last_turn_length(&mut self, n: u8) -> &mut Self {
        self.draft.last = n;
        self
    }

    /// Sets the turn number (from 1).
    pub fn set_turn_number(&mut self, n: u16) -> &mut Self {
        self.draft.turn_no = n;
        self
    }

    /// Sets the count of turns since the last capture.
    pub fn set_turn_clock(&mut self, n: u16) -> &mut Self {
        self.draft.clock = n;
        self
    }

    /// Marks the piece on `sq` as moved alone this turn.
    pub fn mark_moved_alone(&mut self, sq: Square) -> &mut Self {
        self.draft.moved.set(sq);
        self
    }

    /// Marks the piece on `sq` as used by an aggregate move this turn (all four of the
    /// aggregate's squares are marked).
    pub fn mark_used_by_aggregate(&mut self, sq: Square) -> &mut Self {
        self.draft.used.set(sq);
        self
    }

    /// Marks the king of the side to move as moved this turn.
    pub fn mark_king_moved(&mut self) -> &mut Self {
        self.draft.king_moved = true;
        self
    }

    /// Marks the giant ferz of the side to move as moved this turn.
    pub fn mark_giant_ferz_moved(&mut self) -> &mut Self {
        self.draft.gferz_moved = true;
        self
    }

    /// Clears every moved mark (pieces moved alone, used by an aggregate move, the king and
    /// the giant ferz), as at the start of a turn.
    pub fn clear_marks(&mut self) -> &mut Self {
        self.draft.moved = Bb::EMPTY;
        self.draft.used = Bb::EMPTY;
        self.draft.king_moved = false;
        self.draft.gferz_moved = false;
        self
    }

    pub(crate) fn set_counters(&mut self, c: Counters) {
        self.set_turn(c.side, c.made, c.limit)
            .set_last_turn_length(c.last)
            .set_turn_clock(c.clock)
            .set_turn_number(c.turn_no);
    }

    pub(crate) fn king_marked(&self) -> bool {
        self.draft.king_moved
    }

    pub(crate) fn giant_ferz_marked(&self) -> bool {
        self.draft.gferz_moved
    }

    /// Whether `sq` is marked as moved alone or as used by an aggregate move.
    pub(crate) fn square_marked(&self, sq: Square) -> bool {
        (self.draft.moved | self.draft.used).has(sq)
    }

    /// The position, if the whole is one a game can reach in its turn state: the kings on
    /// two units and no piece under them; turn counters a game can reach (White's first
    /// turn allows 4 and follows none, a later turn allows what the opponent's last turn
    /// gives, the capture clock within the turns ended and the 50-turn rule); marks on
    /// pieces of the side to move (whole aggregates for those used by an aggregate move)
    /// that account for the moves made. The errors name the position text's fields.
    pub fn build(&self) -> Result<TilingRider, ParsePositionError> {
        let pos = &self.draft;
        check_board(pos)?;
        check_turn_counters(self.rules(), &Counters::of(pos))?;
        let marked = (pos.moved | pos.used).any() || pos.king_moved || pos.gferz_moved;
        if pos.made == 0 && marked {
            return Err(perr(
                PositionErrorKind::BadField,
                "field 4 (moved pieces)",
                "no move has been made this turn (made is 0), so nothing can have moved",
            ));
        }
        check_mark_squares(pos)?;
        check_marks(pos)?;
        let mut pos = pos.clone();
        pos.key = pos.board_key_from_scratch();
        Ok(pos)
    }
}

pub(crate) fn perr(
    kind: PositionErrorKind,
    place: impl Into<String>,
    reason: impl Into<String>,
) -> ParsePositionError {
    ParsePositionError::of_kind(kind, place, reason)
}

/// `moves`, or `points` under `wheeler`.
pub(crate) fn unit_word(rules: Rules) -> &'static str {
    if rules.progressive() {
        "moves"
    } else {
        "points"
    }
}

fn side_name(color: Color) -> &'static str {
    color.fold("White", "Black")
}

/// The kings stand on two units with no piece under them.
fn check_board(pos: &TilingRider) -> Result<(), ParsePositionError> {
    let board = pos.rules.board();
    if pos.kings[0] == pos.kings[1] {
        return Err(perr(
            PositionErrorKind::Invalid,
            "board",
            format!(
                "both kings stand on the unit of {}",
                board.square_name(pos.kings[0].lower_left())
            ),
        ));
    }
    let under = (pos.occ[0] | pos.occ[1]) & (Bb::unit(pos.kings[0]) | Bb::unit(pos.kings[1]));
    if let Some(sq) = under.first() {
        return Err(perr(
            PositionErrorKind::Invalid,
            "board",
            format!("a piece stands under a king, on {}", board.square_name(sq)),
        ));
    }
    Ok(())
}

/// The turn counters of a position: only those a game can reach (`RULES.md`,
/// "Notation"). White's first turn allows 4 and follows no turn; every later turn follows
/// the opponent's previous turn, whose length is possible at its turn number (exactly 4
/// and 8 for the standard first turns), and allows what that length gives; the turns
/// since the last capture are no more than the turns ended so far, and no more than the
/// 50-turn rule lets a game go on.
pub(crate) fn check_turn_counters(rules: Rules, c: &Counters) -> Result<(), ParsePositionError> {
    check_made_and_limit(rules, c.made, c.limit)?;
    check_turn_number(c.turn_no)?;
    if c.side == Color::White && c.turn_no == 1 {
        check_first_turn(rules, c)?;
    } else {
        check_turn_after(rules, c)?;
    }
    check_clock(c)
}

/// Turns are numbered from 1.
pub(crate) fn check_turn_number(turn_no: u16) -> Result<(), ParsePositionError> {
    if turn_no == 0 {
        return Err(perr(
            PositionErrorKind::BadCounter,
            "field 7 (turn number)",
            "turns are numbered from 1",
        ));
    }
    Ok(())
}

/// Fewer moves made than the limit, which is 1 to [`MAX_TURN_LIMIT`].
pub(crate) fn check_made_and_limit(
    rules: Rules,
    made: u8,
    limit: u8,
) -> Result<(), ParsePositionError> {
    if limit == 0 || made >= limit {
        return Err(perr(
            PositionErrorKind::BadCounter,
            "field 3 (moves made/limit)",
            format!("need 0 <= made < limit and limit >= 1, found {made}/{limit}"),
        ));
    }
    if limit > MAX_TURN_LIMIT {
        return Err(perr(
            PositionErrorKind::BadCounter,
            "field 3 (limit)",
            format!(
                "a turn allows at most {MAX_TURN_LIMIT} {}, not {limit}",
                unit_word(rules)
            ),
        ));
    }
    Ok(())
}

/// White's first turn follows no turn and allows exactly (`wheeler`: up to) 4.
fn check_first_turn(rules: Rules, c: &Counters) -> Result<(), ParsePositionError> {
    if c.last != 0 {
        return Err(perr(
            PositionErrorKind::BadCounter,
            "field 5 (opponent's last turn length)",
            "White's first turn follows no turn of Black's: write `-`",
        ));
    }
    let expected = max_limit(rules, c.side, 1);
    if c.limit != expected {
        let how = if rules.progressive() {
            "exactly"
        } else {
            "up to"
        };
        return Err(perr(
            PositionErrorKind::BadCounter,
            "field 3 (limit)",
            format!(
                "White's first turn allows {how} {expected} {}, not {}",
                unit_word(rules),
                c.limit
            ),
        ));
    }
    Ok(())
}

/// A later turn follows the opponent's previous turn, whose length is possible at its
/// turn number, and allows what that length gives.
fn check_turn_after(rules: Rules, c: &Counters) -> Result<(), ParsePositionError> {
    let unit = unit_word(rules);
    let (us, them) = (side_name(c.side), side_name(!c.side));
    let (turn_no, last) = (c.turn_no, c.last);
    // The opponent's turn before this one, and what it could have been.
    let prev_no = if c.side == Color::White {
        turn_no - 1
    } else {
        turn_no
    };
    let prev_max = max_limit(rules, !c.side, prev_no);
    let prev_min = if rules.progressive() && prev_no == 1 {
        prev_max
    } else {
        1
    };
    let place = "field 5 (opponent's last turn length)";
    if last == 0 {
        return Err(perr(
            PositionErrorKind::BadCounter,
            place,
            format!(
                "{us}'s turn {turn_no} follows {them}'s turn {prev_no}: its length is needed \
                 (`-` only on White's first turn)"
            ),
        ));
    }
    if !(prev_min..=prev_max).contains(&last) {
        let bound = if prev_min == prev_max {
            format!("exactly {prev_max}")
        } else {
            format!("at most {prev_max}")
        };
        return Err(perr(
            PositionErrorKind::BadCounter,
            place,
            format!("{them}'s turn {prev_no} has {bound} {unit}, not {last}"),
        ));
    }
    let expected = limit_after(rules, !c.side, prev_no, last);
    if c.limit != expected {
        return Err(perr(
            PositionErrorKind::BadCounter,
            "field 3 (limit)",
            format!(
                "after {them}'s turn of {last} {unit}, {us}'s turn allows {expected}, not {}",
                c.limit
            ),
        ));
    }
    Ok(())
}

/// The turns since the last capture are no more than the turns ended so far, and no more
/// than the 50-turn rule lets a game go on.
fn check_clock(c: &Counters) -> Result<(), ParsePositionError> {
    let (clock, turn_no) = (c.clock, c.turn_no);
    let place = "field 6 (turns since a capture)";
    let ended = 2 * (u32::from(turn_no) - 1) + u32::from(c.side == Color::Black);
    if u32::from(clock) > ended {
        return Err(perr(
            PositionErrorKind::BadCounter,
            place,
            format!(
                "only {ended} turns have ended before {}'s turn {turn_no}, not {clock}",
                side_name(c.side)
            ),
        ));
    }
    // A turn starting past the 50-turn limit is a drawn game's end; none is played.
    let most = if c.made == 0 {
        FIFTY_TURN_LIMIT + 1
    } else {
        FIFTY_TURN_LIMIT
    };
    if clock > most {
        return Err(perr(
            PositionErrorKind::BadCounter,
            place,
            format!(
                "the game is drawn once more than {FIFTY_TURN_LIMIT} turns pass without a \
                 capture: at most {most} here, not {clock}"
            ),
        ));
    }
    Ok(())
}

/// Each marked square holds a piece of the side to move; the squares used by an aggregate
/// move fill whole units that still hold its aggregate; a marked giant ferz is on the
/// board.
fn check_mark_squares(pos: &TilingRider) -> Result<(), ParsePositionError> {
    let board = pos.rules.board();
    let side = pos.side;
    if pos.gferz_moved && pos.gferz[side.index()].is_none() {
        return Err(perr(
            PositionErrorKind::BadField,
            "field 4 (moved pieces), `Z`",
            "the side to move has no giant ferz on the board",
        ));
    }
    for sq in (pos.moved | pos.used).iter() {
        if !matches!(pos.piece_at(sq), Some((_, c)) if c == side) {
            let star = if pos.used.has(sq) { "*" } else { "" };
            return Err(perr(
                PositionErrorKind::BadField,
                format!("field 4 (moved pieces), `{}{star}`", board.square_name(sq)),
                "no piece of the side to move stands there",
            ));
        }
    }
    if pos.rules.blocks_at_any_offset() {
        return check_used_blocks(pos);
    }
    // An aggregate move uses up whole units, and they still hold its aggregate.
    for sq in pos.used.iter() {
        let reason = if pos.used.nib(sq.unit()) != 0xF {
            "pieces used by an aggregate move fill a whole unit; list all four"
        } else if pos.aggregate_at(side, sq.unit()).is_none() {
            "the pieces used by an aggregate move are four of one kind"
        } else {
            continue;
        };
        return Err(perr(
            PositionErrorKind::BadField,
            "field 4 (moved pieces)",
            format!("`{}*`: {reason}", board.square_name(sq)),
        ));
    }
    Ok(())
}

/// `color-rider`: the squares used by aggregate moves are whole 2 × 2 blocks (at any
/// offset, not overlapping), each still holding four pieces of one kind. The lowest used
/// square (rank by rank) is the lower-left square of the block that covers it, so taking
/// blocks off from there finds the only way to cut the set into blocks.
fn check_used_blocks(pos: &TilingRider) -> Result<(), ParsePositionError> {
    let board = pos.rules.board();
    let mut left: Vec<Square> = pos.used.iter().collect();
    left.sort_by_key(|sq| (sq.rank(), sq.file()));
    let mut rest = pos.used;
    for sq in left {
        if !rest.has(sq) {
            continue;
        }
        let b = block(sq);
        let reason = if b.is_empty() || (b & !rest).any() {
            "pieces used by an aggregate move fill a whole 2 × 2 block; list all four"
        } else if pos.block_at(pos.side, sq).is_none() {
            "the pieces used by an aggregate move are four of one kind"
        } else {
            rest &= !b;
            continue;
        };
        return Err(perr(
            PositionErrorKind::BadField,
            "field 4 (moved pieces)",
            format!("`{}*`: {reason}", board.square_name(sq)),
        ));
    }
    Ok(())
}

/// The pieces marked as moved must account for the moves made: each mark of a piece
/// moved alone, of an aggregate move (its four pieces), of the king and of the giant
/// ferz is one move (4 points for an aggregate or king move under `wheeler`), and up to
/// four lone moves more for each aggregate move (its pieces may have moved alone before
/// it, their marks then replaced by the aggregate's).
fn check_marks(pos: &TilingRider) -> Result<(), ParsePositionError> {
    let lone = pos.moved.count();
    let aggregates = pos.used.count() / 4;
    let big = u32::from(pos.king_moved) + u32::from(pos.gferz_moved);
    let (low, high) = if pos.rules.progressive() {
        (lone + aggregates + big, lone + 5 * aggregates + big)
    } else {
        (
            lone + 4 * aggregates + 4 * big,
            lone + 8 * aggregates + 4 * big,
        )
    };
    let made = u32::from(pos.made);
    if (low..=high).contains(&made) {
        return Ok(());
    }
    let unit = unit_word(pos.rules);
    let account = if low == high {
        format!("exactly {low}")
    } else {
        format!("{low} to {high}")
    };
    Err(perr(
        PositionErrorKind::BadField,
        "field 4 (moved pieces)",
        format!("{made} {unit} made, but the pieces marked as moved account for {account}"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chimera_core::Position;

    /// Kings on a1 and q15, these pieces, `side` to move at turn `turn_no` after an
    /// opponent's turn of `last`, allowing `limit`; then `made` moves set as made, without
    /// the marks that would account for them (too many pieces for a small test board).
    fn mid_turn(
        rules: Rules,
        pieces: &[(&str, Role)],
        turn: (u16, u8, u8),
        made: u8,
    ) -> TilingRider {
        let sq = |s| Square::parse(s).expect("square");
        let mut setup = Setup::new(rules);
        setup.set_king(Color::White, sq("a1").unit());
        setup.set_king(Color::Black, sq("q15").unit());
        for &(s, piece) in pieces {
            setup.set_piece(sq(s), Some((piece, Color::White)));
        }
        let (turn_no, last, limit) = turn;
        setup
            .set_turn(Color::White, 0, limit)
            .set_turn_number(turn_no)
            .set_last_turn_length(last);
        let mut pos = setup.build().expect("a reachable turn start");
        pos.made = made;
        pos
    }

    #[test]
    fn a_turn_of_252_hands_the_opponent_252() {
        // (RULES.md, "Limits stop at 252".) A wheeler rider move from 248 points, and a
        // small piece's move from 251 moves, end turns of 252: the opponent's limit is 252,
        // not an overflow, and the position reads back.
        use Role::{Knight, Wazir};
        let wazirs = [("e5", Wazir), ("f5", Wazir), ("e6", Wazir), ("f6", Wazir)];
        let cases = [
            (Rules::Wheeler, (100, 248, 252), 248, "We5-e9"),
            (Rules::Standard, (200, 251, 252), 251, "m3-n5"),
        ];
        for (rules, turn, made, mv) in cases {
            let mut pieces = wazirs.to_vec();
            pieces.push(("m3", Knight));
            let mut pos = mid_turn(rules, &pieces, turn, made);
            let mv = pos.parse_move(mv).expect("a move");
            pos.play(mv).expect("legal");
            assert_eq!(pos.turn(), Color::Black);
            assert_eq!((pos.move_limit(), pos.last_turn_length()), (252, 252));
            assert_eq!(TilingRider::from_text(&pos.to_text(), rules), Ok(pos));
        }
    }
}
