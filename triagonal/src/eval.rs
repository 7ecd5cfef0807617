//! [`Evaluate`] for Triagonal Chess: material (Jacks on the board and in hand included),
//! the march of the king to the enemy king's start cell and the race between the two
//! marches, the guard of one's own start cell (pieces beside it, Jack walls around it), and
//! the safety of the king; the same terms for both sides, scored for the side to move.
//! Capturing the king wins, which the search sees from the rules.
//!
//! The score is linear in its weights ([`Features`]): the weights are data, `weights.txt`
//! beside this file, fitted to engine games by `chimera tune triagonal` (Texel's method).
//!
//! Triagonal has about 11,660 turns at the start, almost all of them a Jack placement with
//! a normal move: [`Evaluate::selective_moves`] gives the search the normal moves (about
//! 100), and a few placements only where a static rule says a Jack wall matters (blocking
//! an enemy slider's line to the king, shielding the king's start cell from the enemy
//! king): how many is the weight file's `jack_pairs`.

use crate::board::tables;
use crate::position::{king_start, Move, MoveKind, Role, Triagonal};
use crate::{Cell, CellSet};
use chimera_core::{Color, Evaluate, Position};
use chimera_kit::tune::{Dot, FeatureSink, Features, WeightSet};

/// The value of each [`Role`] on the board (pawn, knight, bishop, rook, queen, king, Jack)
/// in centipawns. The king's is used only to order its capture first.
pub const PIECE_VALUES: [i32; 7] = [100, 350, 400, 500, 900, 20_000, 80];
/// The value of a Jack in hand.
pub const JACK_IN_HAND: i32 = 40;
/// The features of the evaluation, in the order of the weight file (`weights.txt`). Each is
/// the side to move's count minus the opponent's, except `tempo` (1: the move is ours).
pub const FEATURES: &[&str] = &[
    "pawn",
    "knight",
    "bishop",
    "rook",
    "queen",
    "jack",
    "jack_in_hand",
    "march_1",
    "march_2",
    "march_3",
    "march_4",
    "march_5",
    "march_6",
    "march_7",
    "pawn_progress",
    "march_lead",
    "start_guards",
    "jack_wall",
    "king_guards",
    "king_attackers",
    "tempo",
    "jack_pairs",
];

/// The evaluation before issue 21 as weights of [`FEATURES`]: material (Jacks in hand
/// too), the king's march and the pawns' progress; and no Jack placement searched.
const LEGACY: [i32; 22] = [
    100, 350, 400, 500, 900, 80, 40, 300, 160, 90, 50, 25, 12, 5, 3, 0, 0, 0, 0, 0, 0, 0,
];

/// The weights of the evaluation: `weights.txt` (written by `chimera tune triagonal`).
pub static WEIGHTS: WeightSet = WeightSet::new(FEATURES, include_str!("weights.txt"), &LEGACY);

/// The material features of the pieces on the board, in [`Role`] order (the king none).
const MATERIAL: [Option<usize>; 7] = [Some(0), Some(1), Some(2), Some(3), Some(4), None, Some(5)];
const JACKS_IN_HAND: usize = 6;
const MARCH: usize = 7;
const PAWN_PROGRESS: usize = 14;
const MARCH_LEAD: usize = 15;
const START_GUARDS: usize = 16;
const JACK_WALL: usize = 17;
const KING_GUARDS: usize = 18;
const KING_ATTACKERS: usize = 19;
const TEMPO: usize = 20;
/// Not a feature of the score (its value is always 0, so tuning leaves its weight alone):
/// its weight is how many Jack placements [`Evaluate::selective_moves`] offers the search
/// where they matter (0: never place), at most [`MAX_JACK_PAIRS`].
const JACK_PAIRS: usize = 21;
/// The most Jack placements offered in one position.
pub const MAX_JACK_PAIRS: usize = 4;

/// The cells of `a` in `b`, where `a` lies within one level of `level` (a cell's
/// neighbours): three words of the sets counted instead of eight.
#[inline(always)]
fn count_near(a: &CellSet, b: &CellSet, level: usize) -> u32 {
    let (a, b) = (a.0.words(), b.0.words());
    let mut n = 0;
    for l in level.saturating_sub(1)..(level + 2).min(8) {
        n += (a[l] & b[l]).count_ones();
    }
    n
}

/// King steps between two cells (the hole ignored).
fn king_distance(a: crate::Cell, b: crate::Cell) -> usize {
    let d = |x: u8, y: u8| x.abs_diff(y);
    d(a.file(), b.file())
        .max(d(a.rank(), b.rank()))
        .max(d(a.level(), b.level())) as usize
}

impl Triagonal {
    /// `color`'s side of the features, added with `sign` (+1 for the side to move, −1 for
    /// the opponent): material, the king's march to the enemy king's start cell, the
    /// pawns' progress, the guard of its own king's start cell (its pieces next to it, its
    /// Jacks within two steps: the wall the enemy king must break), and its king's safety
    /// (its pieces and the enemy's next to it: there is no check, a king is simply taken).
    /// Returns the king's distance to its goal.
    fn side_features<S: FeatureSink>(&self, color: Color, sign: i32, sink: &mut S) -> usize {
        let c = color.index();
        let t = tables();
        sink.add(JACKS_IN_HAND, sign * i32::from(self.hand[c]));
        for piece in Role::ALL {
            if let Some(f) = MATERIAL[piece as usize] {
                sink.add(f, sign * i32::from(self.counts[c][piece as usize]));
            }
        }
        // The pawns' progress, the Jack wall and the king's cell are kept by the position.
        let tally = &self.tally[c];
        let mut march = FAR;
        if let Some(king) = Cell::from_index(usize::from(tally.king)) {
            march = king_distance(king, king_start(!color));
            if (1..8).contains(&march) {
                sink.add(MARCH + march - 1, sign);
            }
            let (around, level) = (&t.neigh[king.index()], king.level() as usize);
            let guards = count_near(around, &self.occ[c], level);
            sink.add(KING_GUARDS, sign * guards as i32);
            let attackers = count_near(around, &self.occ[1 - c], level);
            sink.add(KING_ATTACKERS, sign * attackers as i32);
        }
        sink.add(PAWN_PROGRESS, sign * i32::from(tally.progress));
        sink.add(JACK_WALL, sign * i32::from(tally.wall));
        let home = king_start(color);
        let guards = count_near(&t.neigh[home.index()], &self.occ[c], home.level() as usize);
        sink.add(START_GUARDS, sign * guards as i32);
        march
    }
}

impl Triagonal {
    /// Up to `max` Jack placements (pairs of cells) worth searching for the side to move,
    /// chosen by a cheap static rule: the empty cells between an enemy slider (queen, rook,
    /// bishop) and our king on a clear line (a Jack there blocks it), and, with the enemy
    /// king within three steps of our king's start cell, the cells next to that cell (a
    /// wall the enemy king must go round). Each chosen cell is paired with a placement cell
    /// next to it (one that matters too, if any). None when nothing threatens.
    fn jack_candidates(&self, max: usize, out: &mut [(Cell, Cell); MAX_JACK_PAIRS]) -> usize {
        let us = self.turn.index();
        if max == 0 || self.hand[us] < 2 {
            return 0;
        }
        let t = tables();
        let king = Cell::from_index(usize::from(self.tally[us].king));
        let enemy_king = Cell::from_index(usize::from(self.tally[1 - us].king));
        let mut urgent = CellSet::EMPTY;
        if let Some(k) = king {
            for cell in self.occ[1 - us].iter() {
                if let Some((piece @ (Role::Queen | Role::Rook | Role::Bishop), _)) =
                    self.piece_at(cell)
                {
                    self.open_line(k, cell, piece, &mut urgent);
                }
            }
        }
        let home = king_start(self.turn);
        if enemy_king.is_some_and(|k| king_distance(k, home) <= 3) {
            urgent = CellSet(urgent.0 | t.neigh[home.index()].0);
        }
        if urgent.is_empty() {
            return 0; // nothing to place on (and no placement cells to find)
        }
        let cells = self.placement_cells();
        let first = urgent.and(&cells);
        let mut n = 0;
        for a in first.iter() {
            let partners = t.neigh[a.index()].and(&cells);
            let b = partners
                .and(&urgent)
                .iter()
                .next()
                .or_else(|| partners.iter().next());
            if let Some(b) = b {
                if !out[..n].contains(&(b, a)) {
                    out[n] = (a, b);
                    n += 1;
                    if n == max.min(MAX_JACK_PAIRS) {
                        break;
                    }
                }
            }
        }
        n
    }

    /// Adds to `cells` the cells strictly between our king on `king` and the enemy
    /// `piece` on `from` if the piece attacks the king along a clear line.
    fn open_line(&self, king: Cell, from: Cell, piece: Role, cells: &mut CellSet) {
        let delta = |a: u8, b: u8| i32::from(b) - i32::from(a);
        let d = [
            delta(king.file(), from.file()),
            delta(king.rank(), from.rank()),
            delta(king.level(), from.level()),
        ];
        let n = d.iter().map(|x| x.abs()).max().unwrap_or(0);
        if n < 2 || d.iter().any(|&x| x != 0 && x.abs() != n) {
            return;
        }
        let axes = d.iter().filter(|&&x| x != 0).count();
        let slides = match piece {
            Role::Rook => axes != 2,
            Role::Bishop => axes != 1,
            _ => axes != 3,
        };
        if !slides {
            return;
        }
        let mut between = CellSet::EMPTY;
        for i in 1..n {
            match king.offset(d[0] / n * i, d[1] / n * i, d[2] / n * i) {
                Some(cell) if self.piece_at(cell).is_none() => between.insert(cell),
                _ => return,
            }
        }
        *cells = CellSet(cells.0 | between.0);
    }
}

impl Triagonal {
    /// The Jack placements the selection offers here (see `Triagonal::jack_candidates`),
    /// as many as the weight file's `jack_pairs` says, into `pairs`: how many.
    fn chosen_pairs(&self, pairs: &mut [(Cell, Cell); MAX_JACK_PAIRS]) -> usize {
        let wanted = WEIGHTS.get().get(JACK_PAIRS).copied().unwrap_or(0);
        self.jack_candidates(wanted.clamp(0, MAX_JACK_PAIRS as i32) as usize, pairs)
    }

    /// The selection where placements are chosen (`pairs`, not empty): the normal moves
    /// and the placements on the chosen cells, then those of the pairs not chosen out:
    /// legal by construction, in the order of every legal turn.
    fn placing_on(&self, pairs: &[(Cell, Cell)], moves: &mut Vec<Move>) {
        let mut cells = CellSet::EMPTY;
        for &(a, b) in pairs {
            cells.insert(a);
            cells.insert(b);
        }
        self.generate_placing_on(moves, &cells);
        moves.retain(|mv| {
            mv.placement().map_or(true, |(a, b)| {
                pairs.iter().any(|&p| p == (a, b) || p == (b, a))
            })
        });
    }
}

/// A king's distance when it is not on the board.
const FAR: usize = 8;

impl Features for Triagonal {
    const NAMES: &'static [&'static str] = FEATURES;

    fn features<S: FeatureSink>(&self, sink: &mut S) {
        let ours = self.side_features(self.turn, 1, sink);
        let theirs = self.side_features(!self.turn, -1, sink);
        // Who is ahead in the race to the start cells (in king steps, at most 4 either way).
        sink.add(MARCH_LEAD, (theirs as i32 - ours as i32).clamp(-4, 4));
        sink.add(TEMPO, 1);
    }
}

impl Triagonal {
    /// [`Evaluate::capture_value`] worked out from what the move does
    /// ([`Triagonal::describe`]).
    fn worked_out_capture_value(&self, mv: Move) -> i32 {
        let Some((piece, kind)) = self.describe(mv) else {
            return 0;
        };
        let mut value = match kind {
            MoveKind::Capture | MoveKind::CaptureWithoutMoving => self
                .piece_at(mv.to())
                .map_or(0, |(victim, _)| PIECE_VALUES[victim as usize]),
            MoveKind::EnPassant => PIECE_VALUES[Role::Pawn as usize],
            MoveKind::Quiet | MoveKind::Castle => 0,
        };
        if let Some(promoted) = mv.promotion() {
            value += PIECE_VALUES[promoted as usize] - PIECE_VALUES[Role::Pawn as usize];
        }
        if piece == Role::King && mv.to() == king_start(!self.turn) {
            // Reaching the enemy king's start cell wins at once.
            value += PIECE_VALUES[Role::King as usize];
        }
        value
    }
}

impl Evaluate for Triagonal {
    fn evaluate(&self) -> i32 {
        let mut dot = Dot::new(WEIGHTS.get());
        self.features(&mut dot);
        dot.sum()
    }

    fn capture_value(&self, mv: Move) -> i32 {
        // Onto an empty cell, without promotion and short of the enemy king's start cell,
        // only a pawn taking en passant (onto the skipped cell) gains: no need to work the
        // other moves out (issue 26).
        let to = mv.to().index();
        if self.board[to] == 0 && mv.promotion().is_none() && mv.to() != king_start(!self.turn) {
            let mover = self.board[mv.from().index()];
            if mover == 0 || (mover - 1) % 7 != Role::Pawn as u8 || usize::from(self.ep[0]) != to {
                return 0;
            }
        }
        self.worked_out_capture_value(mv)
    }

    /// The noisy turns of [`Evaluate::selective_moves`]' selection, in its order (what
    /// quiescence keeps of it): where no placement is chosen, listed without the quiet
    /// moves. Triagonal's search lists the selection, not every legal turn (most of them
    /// placements), so this is the selection's share of the noisy turns.
    fn noisy_moves(&self, moves: &mut Vec<Move>) -> bool {
        moves.clear();
        if self.terminal().is_some() {
            return false;
        }
        let mut pairs = [(king_start(Color::White), king_start(Color::White)); MAX_JACK_PAIRS];
        let n = self.chosen_pairs(&mut pairs);
        if n == 0 {
            self.generate_noisy(moves);
            // Some legal turn exists if a move is listed or the king can step (else the
            // search lists the turns itself).
            return !moves.is_empty() || self.king_can_step();
        }
        self.placing_on(&pairs[..n], moves);
        if moves.is_empty() {
            return false;
        }
        moves.retain(|&mv| self.capture_value(mv) > 0);
        true
    }

    /// The turns without placement, and where a Jack wall matters (see
    /// `Triagonal::jack_candidates`) the turns with a few chosen placements.
    fn selective_moves(&self, moves: &mut Vec<Move>) -> bool {
        moves.clear();
        if self.terminal().is_some() {
            return true;
        }
        let mut pairs = [(king_start(Color::White), king_start(Color::White)); MAX_JACK_PAIRS];
        let n = self.chosen_pairs(&mut pairs);
        if n == 0 {
            self.generate_normal(moves);
        } else {
            self.placing_on(&pairs[..n], moves);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chimera_kit::tune::Dense;

    /// The evaluation as it was before issue 21, for the check that its weights reproduce it.
    fn legacy_side_score(pos: &Triagonal, color: Color) -> i32 {
        const OLD_MARCH: [i32; 8] = [0, 300, 160, 90, 50, 25, 12, 5];
        let c = color.index();
        let mut score = JACK_IN_HAND * i32::from(pos.hand[c]);
        for piece in Role::ALL {
            if piece != Role::King {
                score += PIECE_VALUES[piece as usize] * i32::from(pos.counts[c][piece as usize]);
            }
        }
        let target = king_start(!color);
        for cell in pos.occ[c].iter() {
            match pos.piece_at(cell) {
                Some((Role::King, _)) => {
                    score += OLD_MARCH
                        .get(king_distance(cell, target))
                        .copied()
                        .unwrap_or(0);
                }
                Some((Role::Pawn, _)) => {
                    let progress = if color == Color::White {
                        cell.rank() + cell.level()
                    } else {
                        14 - cell.rank() - cell.level()
                    };
                    score += 3 * i32::from(progress);
                }
                _ => {}
            }
        }
        score
    }

    /// Positions of a few random games from the start (Jack placements included).
    fn positions() -> Vec<Triagonal> {
        chimera_test_kit::random_positions(&Triagonal::standard(), 10, 60, 3)
    }

    /// [`Evaluate::selective_moves`] as it was before issue 26: every legal turn listed,
    /// then the placements not chosen left out.
    fn reference_selective(pos: &Triagonal) -> Vec<Move> {
        let mut moves = Vec::new();
        if pos.terminal().is_some() {
            return moves;
        }
        let wanted = WEIGHTS.get()[JACK_PAIRS].clamp(0, MAX_JACK_PAIRS as i32) as usize;
        let mut pairs = [(king_start(Color::White), king_start(Color::White)); MAX_JACK_PAIRS];
        let n = pos.jack_candidates(wanted, &mut pairs);
        if n == 0 {
            pos.generate_normal(&mut moves);
            return moves;
        }
        pos.generate(&mut moves);
        moves.retain(|mv| {
            mv.placement().map_or(true, |(a, b)| {
                pairs[..n].iter().any(|&p| p == (a, b) || p == (b, a))
            })
        });
        moves
    }

    /// Positions with enemy sliders in line with a king that has Jacks to place.
    fn threatened_positions() -> Vec<Triagonal> {
        let cell = |s| Cell::parse(s).expect("a cell");
        let mut out = Vec::new();
        for (rook, bishop) in [("Ae6", "Cc3"), ("Ae8", "Ce3"), ("Ce1", "Ag3")] {
            let mut setup = crate::Setup::new(Color::White);
            setup
                .set_piece(cell("Ae1"), Some((Role::King, Color::White)))
                .set_piece(cell("Ad2"), Some((Role::Pawn, Color::White)))
                .set_piece(cell("Af2"), Some((Role::Pawn, Color::White)))
                .set_piece(cell("Bd1"), Some((Role::Knight, Color::White)))
                .set_piece(cell("He8"), Some((Role::King, Color::Black)))
                .set_piece(cell(rook), Some((Role::Rook, Color::Black)))
                .set_piece(cell(bishop), Some((Role::Bishop, Color::Black)))
                .set_jacks_in_hand(Color::White, 4);
            if let Ok(pos) = setup.build() {
                out.push(pos);
            }
        }
        out
    }

    #[test]
    fn the_selection_and_the_capture_values_are_those_worked_out_in_full() {
        let mut placements = 0;
        let mut moves = Vec::new();
        for pos in positions().into_iter().chain(threatened_positions()) {
            assert!(pos.selective_moves(&mut moves));
            assert_eq!(moves, reference_selective(&pos), "{}", pos.to_text());
            placements += moves.iter().filter(|m| m.placement().is_some()).count();
            pos.legal_moves(&mut moves);
            for &mv in &moves {
                assert_eq!(
                    pos.capture_value(mv),
                    pos.worked_out_capture_value(mv),
                    "{} {}",
                    pos.to_text(),
                    pos.move_text(mv)
                );
            }
        }
        assert!(placements > 0, "some placements were compared");
    }

    /// A side's features cell by cell, as they were computed before issue 26.
    fn reference_side<S: FeatureSink>(
        pos: &Triagonal,
        color: Color,
        sign: i32,
        sink: &mut S,
    ) -> usize {
        let c = color.index();
        let t = tables();
        sink.add(JACKS_IN_HAND, sign * i32::from(pos.hand[c]));
        for piece in Role::ALL {
            if let Some(f) = MATERIAL[piece as usize] {
                sink.add(f, sign * i32::from(pos.counts[c][piece as usize]));
            }
        }
        let target = king_start(!color);
        let home = king_start(color);
        let mut march = FAR;
        let (mut progress, mut wall) = (0, 0);
        for cell in pos.occ[c].iter() {
            match pos.piece_at(cell) {
                Some((Role::King, _)) => {
                    march = king_distance(cell, target);
                    if (1..8).contains(&march) {
                        sink.add(MARCH + march - 1, sign);
                    }
                    let around = &t.neigh[cell.index()];
                    sink.add(KING_GUARDS, sign * around.and(&pos.occ[c]).len() as i32);
                    sink.add(
                        KING_ATTACKERS,
                        sign * around.and(&pos.occ[1 - c]).len() as i32,
                    );
                }
                Some((Role::Pawn, _)) => {
                    // Forward is +rank and +level for White.
                    progress += if color == Color::White {
                        cell.rank() + cell.level()
                    } else {
                        14 - cell.rank() - cell.level()
                    };
                }
                Some((Role::Jack, _)) => {
                    wall += i32::from(king_distance(cell, home) <= 2);
                }
                _ => {}
            }
        }
        sink.add(PAWN_PROGRESS, sign * i32::from(progress));
        sink.add(JACK_WALL, sign * wall);
        let guards = t.neigh[home.index()].and(&pos.occ[c]).len();
        sink.add(START_GUARDS, sign * guards as i32);
        march
    }

    #[test]
    fn the_features_are_those_counted_cell_by_cell() {
        for pos in positions().into_iter().chain(threatened_positions()) {
            let mut f = Dense::new(FEATURES.len());
            pos.features(&mut f);
            let mut g = Dense::new(FEATURES.len());
            let ours = reference_side(&pos, pos.turn, 1, &mut g);
            let theirs = reference_side(&pos, !pos.turn, -1, &mut g);
            g.add(MARCH_LEAD, (theirs as i32 - ours as i32).clamp(-4, 4));
            g.add(TEMPO, 1);
            assert_eq!(f, g, "{}", pos.to_text());
        }
    }

    #[test]
    fn the_noisy_turns_are_those_of_the_selection() {
        let (mut selected, mut noisy) = (Vec::new(), Vec::new());
        let mut seen = 0;
        for pos in positions().into_iter().chain(threatened_positions()) {
            assert!(pos.selective_moves(&mut selected));
            if pos.noisy_moves(&mut noisy) {
                assert!(!selected.is_empty(), "{}", pos.to_text());
                selected.retain(|&m| pos.is_noisy(m));
                assert_eq!(noisy, selected, "{}", pos.to_text());
                seen += noisy.len();
            }
        }
        assert!(seen > 0, "some noisy turns were compared");
    }

    #[test]
    fn the_weight_file_reads() {
        chimera_test_kit::check_weight_file(&WEIGHTS);
    }

    #[test]
    fn the_legacy_weights_are_the_old_evaluation() {
        let positions = positions();
        assert!(positions
            .iter()
            .any(|p| p.count(Color::White, Role::Jack) > 0));
        let old =
            |pos: &Triagonal| legacy_side_score(pos, pos.turn) - legacy_side_score(pos, !pos.turn);
        chimera_test_kit::check_legacy_weights(&positions, &WEIGHTS, old, |p| p.to_text());
    }

    #[test]
    fn the_evaluation_is_symmetric() {
        let flip = |pos: &Triagonal| {
            let mut other = pos.clone();
            other.turn = !other.turn;
            other
        };
        chimera_test_kit::check_features_symmetric(&positions(), TEMPO, flip, |p| p.to_text());
    }

    #[test]
    fn jacks_are_placed_to_block_a_line_to_the_king() {
        let cell = |s| Cell::parse(s).expect("a cell");
        let mut setup = crate::Setup::new(Color::White);
        setup
            .set_piece(cell("Ae1"), Some((Role::King, Color::White)))
            .set_piece(cell("Ad2"), Some((Role::Pawn, Color::White)))
            .set_piece(cell("Af2"), Some((Role::Pawn, Color::White)))
            .set_piece(cell("He8"), Some((Role::King, Color::Black)))
            .set_jacks_in_hand(Color::White, 2);
        let quiet = setup.build().expect("a position");
        let mut pairs = [(cell("Ae1"), cell("Ae1")); MAX_JACK_PAIRS];
        assert_eq!(quiet.jack_candidates(2, &mut pairs), 0, "nothing threatens");
        // A black rook on Ae6 sees the king down the file: Ae2-Ae5 block it.
        setup.set_piece(cell("Ae6"), Some((Role::Rook, Color::Black)));
        let threatened = setup.build().expect("a position");
        let n = threatened.jack_candidates(2, &mut pairs);
        assert!(n >= 1);
        let line = ["Ae2", "Ae3", "Ae4", "Ae5"].map(cell);
        assert!(line.contains(&pairs[0].0), "{:?}", &pairs[..n]);
        let mut selected = Vec::new();
        assert!(threatened.selective_moves(&mut selected));
        let mut legal = Vec::new();
        threatened.legal_moves(&mut legal);
        assert!(selected.iter().any(|mv| mv.placement().is_some()));
        assert!(selected.iter().all(|mv| legal.contains(mv)));
        assert!(selected.len() < legal.len());
    }
}
