//! [`Evaluate`] for the engine: a symmetric, tapered evaluation. Both sides' terms are
//! counted and the score is their difference from the side to move's point of view (so
//! that odd and even search depths agree), each term a pair (middlegame, endgame) blended
//! by the material left. The terms: material and piece-square tables (PeSTO's), mobility
//! of the knights, bishops, rooks and queens, pawn structure (doubled, isolated and passed
//! pawns, and for passed pawns the kings' distances to the square in front and whether
//! it is free), rooks on open files, the bishop pair, threats (pieces
//! attacked by pawns, by minor pieces and by rooks, hanging pieces), king safety and a tempo for the side to
//! move. King safety has two parts: the pawn shelter and the enemy's pawn storm on the
//! three files around the king wherever it stands (or where it can still castle), and the
//! king danger, Stockfish's classical model: units for the pieces that attack the king's
//! ring (their number times their summed weights), the safe checks by piece type, the
//! unsafe ones, the ring's weak squares, the pieces pinned to the king, the attacks next to
//! it and on its flank, less the defender's flank, knight and shelter and a lot without
//! the attacker's queen; squared in the middlegame, scaled to Stockfish's phase.
//! The weights are data, in [`crate::weights`] and `src/weights.txt`.
//!
//! The same code serves the search and the tuner: each term is written to a [`Sink`] by
//! feature number; the search's sink ([`Terms`]) adds the weights at once (constants, read
//! at compile time), the tuner's ([`Counts`]) counts the features, and [`Features`] gives
//! them to `chimera tune` (each count times the phase share of its weight, so that the
//! score is the weighted sum over [`Features::SCALE`], the full phase).

use crate::board::{self, sq, squares, Bitboard};
use crate::position::Chess;
use crate::types::{Move, Role, Square};
use crate::weights::{self as w, Pair};
use chimera_core::{Color, Evaluate};
use chimera_kit::tune::{FeatureSink, Features, WeightSet};

/// The value of each role in centipawns, in the order of [`Role::ALL`] (the king's is 0):
/// what a capture gains, for ordering moves.
pub const ROLE_VALUES: [i32; 6] = [100, 320, 330, 500, 900, 0];

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// The files of a king's flank, by the king's file (Stockfish's `KingFlank`): a to d for a
/// king on a, a to d on b and c, c to f on d and e, e to h on f and g, f to h on h.
const KING_FLANK: [u64; 8] = {
    let (queen_side, centre, king_side) = (FILE_A * 0x0f, FILE_A * 0x3c, FILE_A * 0xf0);
    [
        queen_side & !(FILE_A << 3),
        queen_side,
        queen_side,
        centre,
        centre,
        king_side,
        king_side,
        king_side & !(FILE_A << 4),
    ]
};

/// Each colour's camp: its first five ranks.
const CAMP: [u64; 2] = [0x0000_00ff_ffff_ffff, 0xffff_ffff_ff00_0000];

/// The fitted corrections of PeSTO's material values (`material_<role>_*` of the weight
/// file; the king's 0), by role.
const MATERIAL_CORRECTION: [Pair; 6] = {
    let mut c = [(0, 0); 6];
    let mut r = 0;
    while r < 5 {
        c[r] = w::pair(w::F_MATERIAL + 2 * r);
        r += 1;
    }
    c
};

/// The fitted corrections of PeSTO's piece-square tables (`pst_<role>_<square>_*` of the
/// weight file), by role and square from the side's point of view (a1 = 0: White's a1,
/// Black's a8).
const PST_CORRECTION: [[Pair; 64]; 6] = {
    let mut c = [[(0, 0); 64]; 6];
    let mut r = 0;
    while r < 6 {
        let mut s = 0;
        while s < 64 {
            c[r][s] = w::pair(w::F_PST_CORRECTION + 2 * (64 * r + s));
            s += 1;
        }
        r += 1;
    }
    c
};

/// Material (PeSTO's values plus [`MATERIAL_CORRECTION`]) plus piece-square values
/// (PeSTO's plus [`PST_CORRECTION`]) by colour, role and square (a1 = 0), signed for White
/// (Black's negative): what [`Chess`] keeps summed as its pieces move. The corrections are
/// summed here, so that the search's evaluation pays nothing for them; the tuner's
/// features take them out of `psqt_*` and count them apart.
pub(crate) const PSQT: [[[Pair; 64]; 6]; 2] = {
    let mut table = [[[(0, 0); 64]; 6]; 2];
    let mut r = 0;
    while r < 6 {
        let mut s = 0;
        while s < 64 {
            let (m, e) = w::MATERIAL[r];
            let (m, e) = (m + MATERIAL_CORRECTION[r].0, e + MATERIAL_CORRECTION[r].1);
            let (white, black) = (s ^ 56, s);
            // White's piece on `s` is on its own `s`, Black's on its own `s ^ 56`.
            let (wc, bc) = (PST_CORRECTION[r][s], PST_CORRECTION[r][s ^ 56]);
            table[0][r][s] = (
                m + w::PST_MG[r][white] + wc.0,
                e + w::PST_EG[r][white] + wc.1,
            );
            table[1][r][s] = (
                -(m + w::PST_MG[r][black] + bc.0),
                -(e + w::PST_EG[r][black] + bc.1),
            );
            s += 1;
        }
        r += 1;
    }
    table
};

/// The squares of a file and its neighbours.
#[cfg(test)]
fn adjacent_files(file: usize) -> u64 {
    let f = FILE_A << file;
    ((f << 1) & !FILE_A) | ((f >> 1) & !FILE_H)
}

/// The squares attacked by the pawns `pawns` of `color`.
fn pawn_attacks(color: Color, pawns: u64) -> u64 {
    match color {
        Color::White => ((pawns << 7) & !FILE_H) | ((pawns << 9) & !FILE_A),
        Color::Black => ((pawns >> 9) & !FILE_H) | ((pawns >> 7) & !FILE_A),
    }
}

/// Every square of the files that hold a square of `b`.
fn file_fill(mut b: u64) -> u64 {
    b |= b << 8;
    b |= b << 16;
    b |= b << 32;
    b |= b >> 8;
    b |= b >> 16;
    b | b >> 32
}

/// The squares where a pawn of `color` is not passed given the enemy pawns `enemy`: those
/// behind (for `color`) an enemy pawn on its file or a neighbouring one, or level with it.
fn not_passed(color: Color, enemy: u64) -> u64 {
    let spread = enemy | ((enemy << 1) & !FILE_A) | ((enemy >> 1) & !FILE_H);
    match color {
        Color::White => {
            let mut b = spread >> 8;
            b |= b >> 8;
            b |= b >> 16;
            b | b >> 32
        }
        Color::Black => {
            let mut b = spread << 8;
            b |= b << 8;
            b |= b << 16;
            b | b << 32
        }
    }
}

/// The term `f` (a pair) once for each square of `bits`; nothing counted where there is
/// none, the most common case of the terms it counts (the threats).
#[inline(always)]
fn pair_bits<S: Sink>(t: &mut S, f: usize, bits: u64) {
    if bits != 0 {
        t.pair(f, bits.count_ones() as i32);
    }
}

/// Where the evaluation's terms go, by feature number of [`w::NAMES`]: summed with their
/// weights ([`Terms`], the search) or counted ([`Counts`], the tuner).
trait Sink: Default {
    /// Whether the sink counts the features for the tuner (the material corrections,
    /// summed into the piece-square values for the search, are counted only then).
    const COUNTS: bool = false;
    /// A term with a middlegame and an endgame weight (the features `f` and `f + 1`),
    /// `times` times.
    fn pair(&mut self, f: usize, times: i32);
    /// A term with a middlegame weight only (feature `f`).
    fn mg(&mut self, f: usize, times: i32);
    /// A term with an endgame weight only (feature `f`).
    fn eg(&mut self, f: usize, times: i32);
    /// The king shelter of `color`, best at square `k` (`score`: its middlegame value).
    fn shelter(&mut self, pos: &Chess, color: Color, score: i32, k: usize);
}

/// A sum of (middlegame, endgame) terms: the weights of [`w::WEIGHTS`] times the terms.
#[derive(Clone, Copy, Default)]
struct Terms(i32, i32);

impl Sink for Terms {
    #[inline(always)]
    fn pair(&mut self, f: usize, times: i32) {
        let (mg, eg): Pair = w::pair(f);
        self.0 += mg * times;
        self.1 += eg * times;
    }

    #[inline(always)]
    fn mg(&mut self, f: usize, times: i32) {
        self.0 += w::WEIGHTS[f] * times;
    }

    #[inline(always)]
    fn eg(&mut self, f: usize, times: i32) {
        self.1 += w::WEIGHTS[f] * times;
    }

    #[inline(always)]
    fn shelter(&mut self, _: &Chess, _: Color, score: i32, _: usize) {
        self.0 += score;
    }
}

/// How many times each feature counts (for the tuner).
#[derive(Clone, Copy)]
struct Counts([i32; w::FEATURE_COUNT]);

impl Default for Counts {
    fn default() -> Counts {
        Counts([0; w::FEATURE_COUNT])
    }
}

impl Sink for Counts {
    const COUNTS: bool = true;

    fn pair(&mut self, f: usize, times: i32) {
        self.0[f] += times;
        self.0[f + 1] += times;
    }

    fn mg(&mut self, f: usize, times: i32) {
        self.0[f] += times;
    }

    fn eg(&mut self, f: usize, times: i32) {
        self.0[f] += times;
    }

    fn shelter(&mut self, pos: &Chess, color: Color, _: i32, k: usize) {
        pos.shelter_at(color, k, self);
    }
}

impl Counts {
    /// Adds (`sign` 1) or subtracts (-1) the counts of `other`.
    fn merge(&mut self, other: &Counts, sign: i32) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a += sign * b;
        }
    }
}

/// One side's terms and what its pieces attack, gathered in one pass over its pieces.
#[derive(Default)]
struct Side<S> {
    /// The side's terms so far.
    terms: S,
    /// The squares its pieces attack, by role.
    by_role: [u64; 6],
    /// Every square it attacks.
    all: u64,
    /// The squares it attacks at least twice.
    twice: u64,
    /// The enemy king's ring (see [`Chess::king_ring`]).
    ring: u64,
    /// The number of its pieces (pawns included) that attack the enemy king's ring.
    ring_attackers: i32,
    /// The sum of [`w::KING_ATTACK_WEIGHT`] over those pieces.
    ring_weight: i32,
    /// Its attacks on the squares next to the enemy king, counted per piece.
    adjacent_attacks: i32,
    /// Its own king's shelter, in middlegame centipawns.
    shelter: i32,
    /// Its knights', bishops', rooks' and queens' share of the game phase (see
    /// [`Chess::phase`]).
    phase: i32,
}

/// What a side's pieces are measured against in [`Chess::piece_side`], found once for all
/// of them.
struct Board {
    /// The magic tables.
    sliders: &'static board::Sliders,
    /// The occupied squares.
    occ: u64,
    /// The squares that count for no mobility: the side's own, and those enemy pawns attack.
    unsafe_squares: u64,
    /// The enemy king's ring.
    ring: u64,
    /// The squares next to the enemy king.
    adjacent: u64,
}

impl<S> Side<S> {
    /// Notes the squares `attacks` a piece of `role` attacks.
    #[inline]
    fn attack(&mut self, role: Role, attacks: u64) {
        self.by_role[role.index()] |= attacks;
        self.twice |= self.all & attacks;
        self.all |= attacks;
    }
}

impl Chess {
    fn bits(&self, color: Color, role: Role) -> u64 {
        u64::from(self.pieces(color, role))
    }

    /// The ring of `color`'s king (Stockfish's): the square and neighbours of the king's
    /// square moved off the edge (to files b to g and ranks 2 to 7), less the squares two
    /// of its pawns guard.
    fn king_ring(&self, color: Color) -> u64 {
        let Some(k) = self.king(color) else {
            return 0;
        };
        let (file, rank) = ((k.index() % 8).clamp(1, 6), (k.index() / 8).clamp(1, 6));
        let centre = rank * 8 + file;
        let ring = u64::from(board::king(sq(centre))) | 1u64 << centre;
        let pawns = self.bits(color, Role::Pawn);
        let (left, right) = match color {
            Color::White => ((pawns << 7) & !FILE_H, (pawns << 9) & !FILE_A),
            Color::Black => ((pawns >> 9) & !FILE_H, (pawns >> 7) & !FILE_A),
        };
        ring & !(left & right)
    }

    /// `color`'s terms other than material and piece-square values (kept in `psqt`) and
    /// the danger to the enemy king, with what its pieces attack.
    fn side_terms<S: Sink>(&self, color: Color) -> Side<S> {
        let mut side = self.piece_side::<S>(color);
        self.pawn_terms(color, &mut side.terms);
        if let Some((score, k)) = self.best_shelter(color) {
            side.terms.shelter(self, color, score, k);
            side.shelter = score;
        }
        side
    }

    /// [`Chess::side_terms`] but for the terms read from the pawns alone (the pawn
    /// structure and the king's shelter), which [`crate::pawns`] remembers.
    fn piece_side<S: Sink>(&self, color: Color) -> Side<S> {
        let mut side = Side::<S>::default();
        let own = u64::from(self.colors[color.index()]);
        let enemy_pawns = self.bits(!color, Role::Pawn);
        let ring = self.king_ring(!color);
        let all = u64::from(self.occupied());
        let at = Board {
            sliders: board::sliders(),
            occ: all,
            unsafe_squares: pawn_attacks(!color, enemy_pawns) | own,
            ring,
            adjacent: self.king(!color).map_or(0, |k| u64::from(board::king(k))),
        };
        let pawns = self.bits(color, Role::Pawn);
        side.attack(Role::Pawn, pawn_attacks(color, pawns));
        side.ring = ring;
        side.ring_attackers = (ring & pawn_attacks(color, pawns)).count_ones() as i32;
        // Squares two pawns attack (the two diagonals' shifts overlap there).
        let (left, right) = match color {
            Color::White => ((pawns << 7) & !FILE_H, (pawns << 9) & !FILE_A),
            Color::Black => ((pawns >> 9) & !FILE_H, (pawns >> 7) & !FILE_A),
        };
        side.twice |= left & right;
        // The sliders' attacks on the ring go through queens (and rooks through rooks of
        // their side), as Stockfish counts them; a knight's and a queen's through nothing.
        let queens = u64::from(self.roles[Role::Queen.index()]);
        self.role_side(&mut side, &at, color, Role::Knight, all);
        self.role_side(&mut side, &at, color, Role::Bishop, all & !queens);
        let rooks = self.bits(color, Role::Rook);
        self.role_side(&mut side, &at, color, Role::Rook, all & !queens & !rooks);
        self.role_side(&mut side, &at, color, Role::Queen, all);
        if let Some(k) = self.king(color) {
            side.attack(Role::King, u64::from(board::king(k)));
        }
        self.piece_terms(color, &mut side.terms);
        side
    }

    /// The part of [`Chess::piece_side`] of `color`'s pieces of `role` (a knight, bishop,
    /// rook or queen): their mobility, their attacks on the enemy king's ring (seen
    /// through the pieces not in `through`) and their squares attacked.
    #[inline(always)]
    fn role_side<S: Sink>(
        &self,
        side: &mut Side<S>,
        at: &Board,
        color: Color,
        role: Role,
        through: u64,
    ) {
        let r = role.index();
        for s in squares(self.bits(color, role)) {
            let attacks = at.sliders.piece(role, s, at.occ);
            let reach = (attacks & !at.unsafe_squares).count_ones() as i32;
            side.terms
                .pair(w::F_MOBILITY + 2 * (r - 1), reach - w::MOBILITY_BASE[r]);
            // Only a line that meets a piece seen through can reach further.
            let reach = if attacks & at.occ & !through != 0 {
                at.sliders.piece(role, s, through)
            } else {
                attacks
            };
            if reach & at.ring != 0 {
                side.ring_attackers += 1;
                side.ring_weight += w::KING_ATTACK_WEIGHT[r];
                side.adjacent_attacks += (reach & at.adjacent).count_ones() as i32;
            }
            side.attack(role, attacks);
            side.phase += w::PHASE[r];
        }
    }

    /// The danger (middlegame, endgame penalties in centipawns) to the king of `!color`
    /// from `color`'s pieces (`us`), given what the defender's pieces attack (`them`):
    /// Stockfish's classical king danger (see [`w::KING_ATTACK_WEIGHT`] and the weights
    /// after it).
    fn king_danger<S>(&self, color: Color, us: &Side<S>, them: &Side<S>) -> Pair {
        self.king_danger_at(self.phase(), color, us, them)
    }

    /// [`Chess::king_danger`] with the game phase given.
    fn king_danger_at<S>(&self, phase: i32, color: Color, us: &Side<S>, them: &Side<S>) -> Pair {
        // Stockfish's phase reaches the endgame with a rook and a minor piece a side
        // (phase 6 here): no danger is counted there, and above it the middlegame danger
        // is scaled to its share of the phase.
        let floor = w::DANGER_PHASE_FLOOR;
        let Some(k) = self.king(!color).filter(|_| phase > floor) else {
            return (0, 0);
        };
        let units = self.danger_units(color, k, us, them);
        let flank = KING_FLANK[k.index() % 8] & CAMP[(!color).index()];
        let attacked = us.all & flank;
        let flank_attack = (attacked.count_ones() + (attacked & us.twice).count_ones()) as i32;
        let mut mg = w::FLANK_ATTACK * flank_attack;
        let mut eg = 0;
        if u64::from(self.roles[Role::Pawn.index()]) & KING_FLANK[k.index() % 8] == 0 {
            mg += w::PAWNLESS_FLANK.0;
            eg += w::PAWNLESS_FLANK.1;
        }
        let defence = (them.all & flank).count_ones() as i32;
        let units = (units + w::KING_FLANK_ATTACK * flank_attack * flank_attack / 8
            - w::KING_FLANK_DEFENCE * defence)
            .min(w::KING_DANGER_CAP);
        if units > w::KING_DANGER_FLOOR {
            mg += units * units / w::KING_DANGER_MG_DIVISOR;
            eg += units / w::KING_DANGER_EG_DIVISOR;
        }
        mg = mg * (phase - floor) * w::PHASE_TOTAL / ((w::PHASE_TOTAL - floor) * phase);
        (mg, eg)
    }

    /// The danger units to `color`'s enemy king on `k` but for the flank's: the attack on
    /// its ring, the checks, the weak squares of the ring, the blockers, less the defence
    /// and the shelter.
    fn danger_units<S>(&self, color: Color, k: Square, us: &Side<S>, them: &Side<S>) -> i32 {
        let occ = u64::from(self.occupied());
        let by = |side: &Side<S>, role: Role| side.by_role[role.index()];
        // Squares the attacker reaches that the defender guards at most once, and then only
        // by its king or queen.
        let weak =
            us.all & !them.twice & (!them.all | by(them, Role::King) | by(them, Role::Queen));
        let safe = !u64::from(self.colors[color.index()]) & (!them.all | (weak & us.twice));
        let no_queen = occ & !self.bits(!color, Role::Queen);
        let sliders = board::sliders();
        let straight = sliders.rook(k.index(), no_queen);
        let diagonal = sliders.bishop(k.index(), no_queen);
        let check = |checks: u64, role: Role| {
            w::SAFE_CHECK[role.index()][usize::from(checks & (checks - 1) != 0)]
        };
        let mut units = 0;
        let mut unsafe_checks = 0;
        let rook_checks = straight & by(us, Role::Rook) & safe;
        if rook_checks != 0 {
            units += check(rook_checks, Role::Rook);
        } else {
            unsafe_checks |= straight & by(us, Role::Rook);
        }
        let queen_checks = (straight | diagonal)
            & by(us, Role::Queen)
            & safe
            & !(by(them, Role::Queen) | rook_checks);
        if queen_checks != 0 {
            units += check(queen_checks, Role::Queen);
        }
        let bishop_checks = diagonal & by(us, Role::Bishop) & safe & !queen_checks;
        if bishop_checks != 0 {
            units += check(bishop_checks, Role::Bishop);
        } else {
            unsafe_checks |= diagonal & by(us, Role::Bishop);
        }
        let knight_checks = u64::from(board::knight(k)) & by(us, Role::Knight);
        if knight_checks & safe != 0 {
            units += check(knight_checks & safe, Role::Knight);
        } else {
            unsafe_checks |= knight_checks;
        }
        // Most often there is no unsafe check and no blocker: nothing to count.
        if unsafe_checks != 0 {
            units += w::UNSAFE_CHECK * unsafe_checks.count_ones() as i32;
        }
        let blockers = self.king_blockers(color, k);
        if blockers != 0 {
            units += w::KING_BLOCKER * blockers.count_ones() as i32;
        }
        units += us.ring_attackers * us.ring_weight
            + w::WEAK_RING_SQUARE * (us.ring & weak).count_ones() as i32
            + w::KING_ADJACENT_ATTACK * us.adjacent_attacks
            - w::SHELTER_DEFENCE * them.shelter / 8
            + w::KING_DANGER_BIAS;
        if self.bits(color, Role::Queen) == 0 {
            units -= w::NO_QUEEN;
        }
        if by(them, Role::Knight) & by(them, Role::King) != 0 {
            units -= w::KNIGHT_DEFENDER;
        }
        units
    }

    /// The pieces (of either side) alone between the king on `k` and a slider of `color`
    /// on its line.
    fn king_blockers(&self, color: Color, k: Square) -> u64 {
        let occ = u64::from(self.occupied());
        let queens = self.bits(color, Role::Queen);
        let snipers = (u64::from(board::rook_lines(k)) & (self.bits(color, Role::Rook) | queens))
            | (u64::from(board::bishop_lines(k)) & (self.bits(color, Role::Bishop) | queens));
        let mut blockers = 0;
        for s in squares(snipers) {
            let b = u64::from(board::between(k, sq(s))) & occ;
            if b != 0 && b & (b - 1) == 0 {
                blockers |= b;
            }
        }
        blockers
    }

    /// `color`'s passed pawns from the fourth rank on, beyond their rank's value: the
    /// kings' distances to the square in front of each, and whether that square is free
    /// (empty, and not attacked by the enemy, whose attacks are `them`).
    fn passer_terms<S: Sink>(&self, color: Color, them: &Side<S>) -> S {
        self.passer_terms_of(color, them, self.passers(color))
    }

    /// `color`'s passed pawns.
    pub(crate) fn passers(&self, color: Color) -> u64 {
        self.bits(color, Role::Pawn) & !not_passed(color, self.bits(!color, Role::Pawn))
    }

    /// [`Chess::passer_terms`] of the passed pawns `passers`.
    fn passer_terms_of<S: Sink>(&self, color: Color, them: &Side<S>, passers: u64) -> S {
        let mut t = S::default();
        let (Some(own_king), Some(enemy_king)) = (self.king(color), self.king(!color)) else {
            return t;
        };
        let distance = |a: usize, b: usize| -> i32 {
            let files = (a % 8).abs_diff(b % 8);
            let ranks = (a / 8).abs_diff(b / 8);
            files.max(ranks).min(5) as i32
        };
        let blocked = u64::from(self.occupied()) | them.all;
        for s in squares(passers) {
            let rank = color.fold(s / 8, 7 - s / 8);
            if rank < 3 {
                continue;
            }
            // On the fourth rank or further (and never on the last), so `stop` is a square.
            let stop = if color == Color::White { s + 8 } else { s - 8 };
            let weight = rank as i32 - 2;
            t.eg(
                w::F_PASSER_ENEMY_KING,
                distance(enemy_king.index(), stop) * weight,
            );
            t.eg(
                w::F_PASSER_OWN_KING,
                -distance(own_king.index(), stop) * weight,
            );
            if blocked & (1u64 << stop) == 0 {
                t.pair(w::F_PASSER_FREE, weight);
            }
        }
        t
    }

    /// `color`'s threats (its pieces as `us`) against the enemy pieces (theirs as
    /// `them`): pieces attacked by pawns, by minor pieces and by rooks, and hanging pieces.
    fn threats<S: Sink>(&self, color: Color, us: &Side<S>, them: &Side<S>) -> S {
        let mut t = S::default();
        let enemy = u64::from(self.colors[(!color).index()]);
        let pieces = enemy & !self.bits(!color, Role::Pawn) & !self.bits(!color, Role::King);
        pair_bits(
            &mut t,
            w::F_THREAT_BY_PAWN,
            pieces & us.by_role[Role::Pawn.index()],
        );
        let unguarded = enemy & !them.all;
        let heavy = self.bits(!color, Role::Rook) | self.bits(!color, Role::Queen);
        let queens = self.bits(!color, Role::Queen);
        let by_minor = us.by_role[Role::Knight.index()] | us.by_role[Role::Bishop.index()];
        let by_rook = us.by_role[Role::Rook.index()];
        for role in [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ] {
            let targets = self.bits(!color, role);
            let r = role.index();
            // Most often nothing is attacked: no term (adding 0 changes nothing).
            if targets & (by_minor | by_rook) == 0 {
                continue;
            }
            let minor_hits = targets & by_minor & (unguarded | heavy);
            pair_bits(&mut t, w::F_THREAT_BY_MINOR + 2 * r, minor_hits);
            let rook_hits = targets & by_rook & (unguarded | queens);
            pair_bits(&mut t, w::F_THREAT_BY_ROOK + 2 * r, rook_hits);
        }
        pair_bits(&mut t, w::F_HANGING, pieces & unguarded & us.all);
        t
    }

    /// The middlegame pawn shelter of `color`'s king, less the enemy's pawn storm: where
    /// it stands, or where it can still castle if that is better.
    #[cfg(test)]
    fn shelter(&self, color: Color) -> i32 {
        self.best_shelter(color).map_or(0, |(score, _)| score)
    }

    /// The shelter of `color`'s king at `k`, in middlegame centipawns.
    #[inline]
    fn shelter_score(&self, color: Color, k: usize) -> i32 {
        let mut t = Terms::default();
        self.shelter_at(color, k, &mut t);
        t.0
    }

    /// The best shelter of `color`'s king and where (see [`Chess::shelter`]); `None`
    /// without a king.
    pub(crate) fn best_shelter(&self, color: Color) -> Option<(i32, usize)> {
        use crate::position::{
            BLACK_KING_SIDE, BLACK_QUEEN_SIDE, WHITE_KING_SIDE, WHITE_QUEEN_SIDE,
        };
        let k = self.king(color)?.index();
        let mut best = (self.shelter_score(color, k), k);
        let (king_side, queen_side, back) = match color {
            Color::White => (WHITE_KING_SIDE, WHITE_QUEEN_SIDE, 0),
            Color::Black => (BLACK_KING_SIDE, BLACK_QUEEN_SIDE, 56),
        };
        for (side, square) in [(king_side, back + 6), (queen_side, back + 2)] {
            if self.castling & side != 0 {
                let score = self.shelter_score(color, square);
                if score > best.0 {
                    best = (score, square);
                }
            }
        }
        Some(best)
    }

    /// The shelter less the storm for a king of `color` on square `k`.
    #[inline(always)]
    fn shelter_at<S: Sink>(&self, color: Color, k: usize, t: &mut S) {
        let rank = k / 8;
        let front = match color {
            Color::White => u64::MAX << (8 * rank),
            Color::Black => u64::MAX >> (8 * (7 - rank)),
        };
        let ours = self.bits(color, Role::Pawn) & front;
        let theirs = self.bits(!color, Role::Pawn) & front;
        // The relative rank of the pawn of `b` nearest `color`'s first rank (0: none).
        let nearest = |b: u64| -> usize {
            match (b, color) {
                (0, _) => 0,
                (_, Color::White) => b.trailing_zeros() as usize / 8,
                (_, Color::Black) => 7 - (63 - b.leading_zeros() as usize) / 8,
            }
        };
        let centre = (k % 8).clamp(1, 6);
        for file in centre - 1..=centre + 1 {
            let on_file = FILE_A << file;
            let (our_rank, their_rank) = (nearest(ours & on_file), nearest(theirs & on_file));
            t.mg(w::F_SHELTER + our_rank, 1);
            if our_rank != 0 && our_rank + 1 == their_rank {
                t.mg(w::F_BLOCKED_STORM + their_rank, -1);
            } else {
                t.mg(w::F_STORM + their_rank, -1);
            }
        }
    }

    /// The game phase: [`w::PHASE_TOTAL`] with the starting material, less as it goes.
    fn phase(&self) -> i32 {
        let phase: i32 = Role::ALL
            .into_iter()
            .map(|role| w::PHASE[role.index()] * self.roles[role.index()].count() as i32)
            .sum();
        phase.min(w::PHASE_TOTAL)
    }

    /// Doubled, isolated and passed pawns.
    fn pawn_terms<S: Sink>(&self, color: Color, t: &mut S) {
        let pawns = self.bits(color, Role::Pawn);
        let enemy_pawns = self.bits(!color, Role::Pawn);
        let files = file_fill(pawns);
        // Every pawn beyond the first on its file is doubled.
        t.pair(
            w::F_DOUBLED_PAWN,
            pawns.count_ones() as i32 - (files & 0xff).count_ones() as i32,
        );
        let neighbours = ((files << 1) & !FILE_A) | ((files >> 1) & !FILE_H);
        t.pair(
            w::F_ISOLATED_PAWN,
            (pawns & !neighbours).count_ones() as i32,
        );
        for s in squares(pawns & !not_passed(color, enemy_pawns)) {
            let rank = color.fold(s / 8, 7 - s / 8);
            t.pair(w::F_PASSED_PAWN + 2 * rank, 1);
        }
    }

    /// The pawn structure's terms (doubled, isolated and passed pawns), White's less
    /// Black's, and each side's passed pawns: what [`crate::pawns`] remembers by pawns.
    pub(crate) fn pawn_structure(&self) -> (Pair, [u64; 2]) {
        let (mut white, mut black) = (Terms::default(), Terms::default());
        self.pawn_terms(Color::White, &mut white);
        self.pawn_terms(Color::Black, &mut black);
        (
            (white.0 - black.0, white.1 - black.1),
            [self.passers(Color::White), self.passers(Color::Black)],
        )
    }

    /// Rooks on open files and the bishop pair.
    fn piece_terms<S: Sink>(&self, color: Color, t: &mut S) {
        let pawns = self.bits(color, Role::Pawn);
        let all_pawns = pawns | self.bits(!color, Role::Pawn);
        for s in squares(self.bits(color, Role::Rook)) {
            let file = FILE_A << (s % 8);
            if all_pawns & file == 0 {
                t.pair(w::F_ROOK_OPEN_FILE, 1);
            } else if pawns & file == 0 {
                t.pair(w::F_ROOK_SEMI_OPEN_FILE, 1);
            }
        }
        if self.bits(color, Role::Bishop).count_ones() >= 2 {
            t.pair(w::F_BISHOP_PAIR, 1);
        }
        if S::COUNTS {
            for (r, role) in Role::ALL[..5].iter().enumerate() {
                let count = self.bits(color, *role).count_ones() as i32;
                if count != 0 {
                    t.pair(w::F_MATERIAL + 2 * r, count);
                }
            }
        }
    }
}

/// The values of the roles in exchanges (the king's: more than any gain).
const SEE_VALUES: [i32; 6] = [100, 320, 330, 500, 900, 20_000];

/// An exchange after its first move ([`Chess::exchange_start`]).
#[derive(Clone, Copy)]
struct ExchangeStart {
    /// What the move takes (and gains by promoting).
    gain: i32,
    /// The role it leaves on the target.
    on_square: Role,
    /// The occupied squares after it.
    occ: u64,
}

impl Chess {
    /// The static exchange evaluation of `mv`: the material it wins once the captures on
    /// its target square are played out, each side capturing with its cheapest piece (and
    /// stopping when that is better), x-rays included.
    fn see(&self, mv: Move) -> i32 {
        match self.exchange_start(mv) {
            Some(start) => self.exchange_rest(mv.to(), start),
            None => 0,
        }
    }

    /// The exchange on `mv`'s target after the move itself (`None` if no piece stands on
    /// its square).
    #[inline]
    fn exchange_start(&self, mv: Move) -> Option<ExchangeStart> {
        let (from, to) = (mv.from(), mv.to());
        let mover = self.role_at(from)?;
        let mut occ = u64::from(self.occupied()) & !(1u64 << from.index());
        // What `move_kind` says, read from the roles alone (a castling king's target is
        // empty and gains nothing, as a quiet move's).
        let mut gain = if let Some(taken) = self.role_at(to) {
            SEE_VALUES[taken.index()]
        } else if mover == Role::Pawn && from.file() != to.file() && Some(to) == self.ep {
            let victim = to.index() as i64 + if self.turn == Color::White { -8 } else { 8 };
            occ &= !(1u64 << victim.clamp(0, 63));
            SEE_VALUES[0]
        } else {
            0
        };
        let mut on_square = mover;
        if let Some(p) = mv.promotion() {
            gain += SEE_VALUES[p.index()] - SEE_VALUES[0];
            on_square = p;
        }
        Some(ExchangeStart {
            gain,
            on_square,
            occ,
        })
    }

    /// The static exchange evaluation from its `start` on the square `to`: the captures
    /// played out.
    fn exchange_rest(&self, to: Square, start: ExchangeStart) -> i32 {
        let ExchangeStart {
            gain: first,
            mut on_square,
            mut occ,
        } = start;
        let mut gain = [0i32; 34];
        gain[0] = first;
        let mut side = !self.turn;
        let mut d = 0;
        let r = &self.roles;
        let diagonal = u64::from(r[Role::Bishop.index()] | r[Role::Queen.index()]);
        let straight = u64::from(r[Role::Rook.index()] | r[Role::Queen.index()]);
        // The attackers, updated as each capture uncovers the sliders behind it.
        let sliders = board::sliders();
        let mut attackers = u64::from(self.attackers_to(to, Bitboard::from(occ))) & occ;
        while d + 1 < gain.len() {
            let ours = attackers & u64::from(self.colors[side.index()]);
            let Some(role) = Role::ALL
                .into_iter()
                .find(|r| ours & self.bits(side, *r) != 0)
            else {
                break;
            };
            // A king captures only where the other side has nothing left to take back.
            if role == Role::King && attackers & !ours != 0 {
                break;
            }
            d += 1;
            gain[d] = SEE_VALUES[on_square.index()] - gain[d - 1];
            if (-gain[d - 1]).max(gain[d]) < 0 {
                break;
            }
            let square = (ours & self.bits(side, role)).trailing_zeros();
            occ &= !(1u64 << square);
            if matches!(role, Role::Pawn | Role::Bishop | Role::Queen | Role::King) {
                attackers |= sliders.bishop(to.index(), occ) & diagonal;
            }
            if matches!(role, Role::Rook | Role::Queen | Role::King) {
                attackers |= sliders.rook(to.index(), occ) & straight;
            }
            attackers &= occ;
            on_square = role;
            side = !side;
        }
        while d > 0 {
            gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
            d -= 1;
        }
        gain[0]
    }
}

/// The king danger (the difference of the two sides', middlegame and endgame) scaled by
/// the weights `king_danger_mg` and `king_danger_eg`, in sixteenths.
#[inline(always)]
fn scale_danger(danger: Pair) -> Pair {
    const MG: i32 = w::WEIGHTS[w::F_KING_DANGER];
    const EG: i32 = w::WEIGHTS[w::F_KING_DANGER + 1];
    let scale = |d: i32, weight: i32| if weight == 16 { d } else { d * weight / 16 };
    (scale(danger.0, MG), scale(danger.1, EG))
}

/// The weights of the evaluation for the tuner: `src/weights.txt` (what the evaluation
/// compiles with) and the hand-set ones before tuning. The evaluation itself reads the
/// weights as constants ([`w::WEIGHTS`]), for speed: it does not follow
/// [`chimera_kit::tune::select`], so two weight sets are measured against each other with
/// two builds (`chimera match --a cmd=…`).
pub static WEIGHTS: WeightSet = WeightSet::new(w::NAMES, include_str!("weights.txt"), &w::LEGACY);

impl Features for Chess {
    const NAMES: &'static [&'static str] = w::NAMES;

    /// The weights are per unit of a feature at full phase: a feature counts its terms
    /// times the phase share of its weight (out of [`w::PHASE_TOTAL`]).
    const SCALE: i32 = w::PHASE_TOTAL;

    /// The evaluation's terms for the side to move less the opponent's, each times its
    /// share of the phase (`_mg` features the phase, `_eg` the rest): the weighted sum over
    /// [`Features::SCALE`] is the static score (the king danger's feature rounded to
    /// sixteenths of its share).
    fn features<F: FeatureSink>(&self, sink: &mut F) {
        let white = self.side_terms::<Counts>(Color::White);
        let black = self.side_terms::<Counts>(Color::Black);
        let mut counts = white.terms;
        counts.merge(&black.terms, -1);
        counts.merge(&self.passer_terms(Color::White, &black), 1);
        counts.merge(&self.passer_terms(Color::Black, &white), -1);
        counts.merge(&self.threats(Color::White, &white, &black), 1);
        counts.merge(&self.threats(Color::Black, &black, &white), -1);
        let sign = self.turn.fold(1, -1);
        let phase = self.phase();
        let (mg, eg) = (phase, w::PHASE_TOTAL - phase);
        for (f, (&count, name)) in counts.0.iter().zip(w::NAMES).enumerate() {
            if count != 0 {
                let share = if name.ends_with("_eg") { eg } else { mg };
                sink.add(f, sign * count * share);
            }
        }
        // PeSTO's sums alone: the material corrections kept in `psqt` taken out (they
        // are the features `material_<role>_*`), and the piece-square corrections (the
        // features `pst_<role>_<square>_*`, counted here piece by piece).
        let (mut psqt_mg, mut psqt_eg) = self.psqt;
        for (r, role) in Role::ALL[..5].iter().enumerate() {
            let count = self.bits(Color::White, *role).count_ones() as i32
                - self.bits(Color::Black, *role).count_ones() as i32;
            psqt_mg -= MATERIAL_CORRECTION[r].0 * count;
            psqt_eg -= MATERIAL_CORRECTION[r].1 * count;
        }
        for (color, side, flip) in [(Color::White, 1, 0), (Color::Black, -1, 56)] {
            for (r, role) in Role::ALL.iter().enumerate() {
                for s in squares(self.bits(color, *role)) {
                    let own = s ^ flip;
                    let (c_mg, c_eg) = PST_CORRECTION[r][own];
                    psqt_mg -= side * c_mg;
                    psqt_eg -= side * c_eg;
                    let f = w::F_PST_CORRECTION + 2 * (64 * r + own);
                    sink.add(f, sign * side * mg);
                    sink.add(f + 1, sign * side * eg);
                }
            }
        }
        sink.add(w::F_PSQT, sign * psqt_mg * mg);
        sink.add(w::F_PSQT + 1, sign * psqt_eg * eg);
        let (w_danger, b_danger) = (
            self.king_danger(Color::White, &white, &black),
            self.king_danger(Color::Black, &black, &white),
        );
        // In sixteenths of the danger's share, rounded to the nearest.
        for (f, danger, share) in [
            (w::F_KING_DANGER, w_danger.0 - b_danger.0, mg),
            (w::F_KING_DANGER + 1, w_danger.1 - b_danger.1, eg),
        ] {
            let x = sign * danger * share;
            sink.add(f, (x + 8 * x.signum()) / 16);
        }
        sink.add(w::F_TEMPO, w::PHASE_TOTAL);
    }
}

/// What tags this evaluation in the per-thread cache of static scores
/// ([`chimera_kit::eval_cache`]): the address of this static, the chess evaluation's own.
static EVAL_TAG: u8 = 0;

impl Chess {
    /// The static score computed from the position (what the cache keeps).
    fn evaluate_uncached(&self) -> i32 {
        let pawns = crate::pawns::entry(self);
        let mut white = self.piece_side::<Terms>(Color::White);
        let mut black = self.piece_side::<Terms>(Color::Black);
        (white.shelter, black.shelter) = (pawns.shelter[0], pawns.shelter[1]);
        // `Chess::phase`, counted on the way.
        let phase = (white.phase + black.phase).min(w::PHASE_TOTAL);
        let (w_danger, b_danger) = (
            self.king_danger_at(phase, Color::White, &white, &black),
            self.king_danger_at(phase, Color::Black, &black, &white),
        );
        let (w_passers, b_passers): (Terms, Terms) = (
            self.passer_terms_of(Color::White, &black, pawns.passers[0]),
            self.passer_terms_of(Color::Black, &white, pawns.passers[1]),
        );
        let (w_threats, b_threats): (Terms, Terms) = (
            self.threats(Color::White, &white, &black),
            self.threats(Color::Black, &black, &white),
        );
        let danger = scale_danger((w_danger.0 - b_danger.0, w_danger.1 - b_danger.1));
        // The pawn terms and shelters (the pawn entry's) summed apart: the same integers in
        // another order.
        let mg =
            w_threats.0 - b_threats.0 + w_passers.0 - b_passers.0 + self.psqt.0 + white.terms.0
                - black.terms.0
                + danger.0
                + pawns.terms.0
                + pawns.shelter[0]
                - pawns.shelter[1];
        let eg =
            w_threats.1 - b_threats.1 + w_passers.1 - b_passers.1 + self.psqt.1 + white.terms.1
                - black.terms.1
                + danger.1
                + pawns.terms.1;
        let score = (mg * phase + eg * (w::PHASE_TOTAL - phase)) / w::PHASE_TOTAL;
        self.turn.fold(score, -score) + w::TEMPO
    }
}

impl Evaluate for Chess {
    /// The static score, remembered by Zobrist key (the key covers everything the score
    /// reads: the pieces and the side to move), so that a position met again (a re-search,
    /// a transposition, the next iteration) is not evaluated again.
    fn evaluate(&self) -> i32 {
        let tag = std::ptr::addr_of!(EVAL_TAG) as usize;
        chimera_kit::eval_cache::cached(self.key, tag, || self.evaluate_uncached())
    }

    fn capture_value(&self, mv: Move) -> i32 {
        // As `move_kind` says, read from the bit sets (the search asks for every move).
        let (from, to) = (1u64 << mv.from().index(), 1u64 << mv.to().index());
        let taken = if u64::from(self.occupied()) & to != 0 {
            Role::ALL
                .into_iter()
                .find(|r| u64::from(self.roles[r.index()]) & to != 0)
                .map_or(0, |r| ROLE_VALUES[r.index()])
        } else if Some(mv.to()) == self.ep
            && u64::from(self.roles[0]) & from != 0
            && mv.from().file() != mv.to().file()
        {
            ROLE_VALUES[0]
        } else {
            0
        };
        taken
            + mv.promotion()
                .map_or(0, |r| ROLE_VALUES[r.index()] - ROLE_VALUES[0])
    }

    fn exchange_value(&self, mv: Move) -> i32 {
        self.see(mv)
    }

    /// Settled by the exchange's first capture where it can be: the exchange wins at most
    /// what the move takes, and at least that less the piece it leaves on the target (the
    /// most the opponent's recaptures can cost); played out otherwise.
    fn exchange_at_least(&self, mv: Move, threshold: i32) -> bool {
        let Some(start) = self.exchange_start(mv) else {
            return 0 >= threshold;
        };
        if start.gain < threshold {
            return false;
        }
        if start.gain - SEE_VALUES[start.on_square.index()] >= threshold {
            return true;
        }
        self.exchange_rest(mv.to(), start) >= threshold
    }

    /// The captures and promotions alone, where some other move is known to exist (see
    /// `Chess::gen_noisy`), and the game is not drawn by the rules.
    fn noisy_moves(&self, moves: &mut Vec<Move>) -> bool {
        if self.halfmove >= crate::MOVE_LIMIT || self.insufficient_material() {
            return false;
        }
        self.gen_noisy(moves)
    }

    fn in_check(&self) -> bool {
        self.is_check()
    }

    fn gives_check(&self, mv: Move) -> Option<bool> {
        Some(self.move_gives_check(mv))
    }

    /// Passing, unless in check or with nothing but the king and pawns (zugzwang).
    fn null_move(&self) -> Option<Chess> {
        let us = u64::from(self.colors[self.turn.index()]);
        let pawns_and_king = self.bits(self.turn, Role::Pawn) | self.bits(self.turn, Role::King);
        if us == pawns_and_king || self.is_check() {
            return None;
        }
        let mut next = self.clone();
        if let Some(ep) = next.ep.take() {
            next.key ^= board::ep_key(ep.file());
        }
        next.turn = !next.turn;
        next.key ^= board::side_key();
        // The side that passed was not in check, and a legal position never leaves the
        // side not to move in check: nothing attacks the king of the new side to move.
        next.checkers = Bitboard::EMPTY;
        next.halfmove += 1;
        Some(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::MoveKind;
    use chimera_core::{Game, Position};

    fn fen(text: &str) -> Chess {
        Chess::from_fen(text).unwrap()
    }

    #[test]
    fn the_start_is_level_and_symmetric() {
        let start = Chess::start(Default::default());
        assert_eq!(start.evaluate(), w::TEMPO);
        // The same position with the colours swapped (board mirrored) scores the same.
        let a = fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        let b = fen("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3");
        assert_eq!(a.evaluate(), b.evaluate());
    }

    /// `position` with the colours swapped: the board mirrored top to bottom, the other
    /// side to move, castling rights and the en passant square mirrored too.
    fn mirrored(position: &Chess) -> Chess {
        let text = position.to_fen();
        let fields: Vec<&str> = text.split(' ').collect();
        let swap = |text: &str| -> String {
            text.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        };
        let board: Vec<String> = fields[0].split('/').rev().map(swap).collect();
        let turn = if fields[1] == "w" { "b" } else { "w" };
        let castling = if fields[2] == "-" {
            "-".to_owned()
        } else {
            let swapped = swap(fields[2]);
            let (upper, lower): (String, String) =
                swapped.chars().partition(char::is_ascii_uppercase);
            upper + &lower
        };
        let en_passant = match fields[3].as_bytes() {
            [file, rank] => format!("{}{}", *file as char, (b'1' + b'8' - rank) as char),
            _ => "-".to_owned(),
        };
        fen(&format!(
            "{} {turn} {castling} {en_passant} {} {}",
            board.join("/"),
            fields[4],
            fields[5]
        ))
    }

    #[test]
    fn the_evaluation_is_the_same_with_the_colours_swapped() {
        // Positions from random games, every ply: the side to move's score does not depend
        // on which colour it has.
        let mut checked = 0;
        for seed in 0..40 {
            let game = chimera_test_kit::random_game(
                Game::new(Chess::start(Default::default())),
                seed,
                120,
            );
            let mut replay = Game::new(Chess::start(Default::default()));
            for mv in game.moves() {
                let position = replay.position();
                let mirror = mirrored(position);
                assert_eq!(mirrored(&mirror).to_fen(), position.to_fen());
                assert_eq!(
                    position.evaluate(),
                    mirror.evaluate(),
                    "{} against {}",
                    position.to_fen(),
                    mirror.to_fen()
                );
                checked += 1;
                replay.play_unchecked(*mv);
            }
        }
        assert!(checked > 2_000, "{checked}");
    }

    #[test]
    fn the_weight_file_reads_the_same_at_run_time() {
        use chimera_kit::tune::parse_weights;
        assert_eq!(w::NAMES.len(), w::FEATURE_COUNT);
        assert_eq!(
            parse_weights(WEIGHTS.text(), w::NAMES),
            Ok(w::WEIGHTS.to_vec())
        );
        assert_eq!(WEIGHTS.tuned(), &w::WEIGHTS[..]);
        assert_eq!(WEIGHTS.legacy(), &w::LEGACY[..]);
        // The groups start where their names say.
        for (f, name) in [
            (w::F_PSQT, "psqt_mg"),
            (w::F_MOBILITY, "mobility_knight_mg"),
            (w::F_DOUBLED_PAWN, "doubled_pawn_mg"),
            (w::F_ISOLATED_PAWN, "isolated_pawn_mg"),
            (w::F_PASSED_PAWN, "passed_pawn_0_mg"),
            (w::F_PASSER_FREE, "passer_free_mg"),
            (w::F_PASSER_ENEMY_KING, "passer_enemy_king_eg"),
            (w::F_PASSER_OWN_KING, "passer_own_king_eg"),
            (w::F_ROOK_OPEN_FILE, "rook_open_file_mg"),
            (w::F_ROOK_SEMI_OPEN_FILE, "rook_semi_open_file_mg"),
            (w::F_BISHOP_PAIR, "bishop_pair_mg"),
            (w::F_SHELTER, "shelter_0_mg"),
            (w::F_STORM, "storm_0_mg"),
            (w::F_BLOCKED_STORM, "blocked_storm_0_mg"),
            (w::F_KING_DANGER, "king_danger_mg"),
            (w::F_THREAT_BY_PAWN, "threat_by_pawn_mg"),
            (w::F_THREAT_BY_MINOR, "threat_by_minor_pawn_mg"),
            (w::F_THREAT_BY_ROOK, "threat_by_rook_pawn_mg"),
            (w::F_HANGING, "hanging_mg"),
            (w::F_TEMPO, "tempo"),
            (w::F_MATERIAL, "material_pawn_mg"),
            (w::F_PST_CORRECTION, "pst_pawn_a1_mg"),
            (w::F_PST_CORRECTION + 2 * (64 + 28), "pst_knight_e4_mg"),
            (
                w::F_PST_CORRECTION + 2 * (64 * 5 + 63) + 1,
                "pst_king_h8_eg",
            ),
        ] {
            assert_eq!(w::NAMES[f], name);
        }
        // The pairs: an `_mg` feature followed by its `_eg` one.
        for f in (w::F_MOBILITY..w::F_PASSER_ENEMY_KING).step_by(2) {
            assert_eq!(
                w::NAMES[f].replace("_mg", "_eg"),
                w::NAMES[f + 1],
                "{}",
                w::NAMES[f]
            );
        }
    }

    #[test]
    fn the_piece_square_corrections_are_summed_into_the_table_mirrored_for_black() {
        assert_eq!(w::NAMES.len(), w::F_PST_CORRECTION + 768);
        for f in (w::F_PST_CORRECTION..w::FEATURE_COUNT).step_by(2) {
            assert!(w::NAMES[f].starts_with("pst_") && w::NAMES[f].ends_with("_mg"));
            assert_eq!(w::NAMES[f].replace("_mg", "_eg"), w::NAMES[f + 1]);
        }
        for r in 0..6 {
            let material = (
                w::MATERIAL[r].0 + MATERIAL_CORRECTION[r].0,
                w::MATERIAL[r].1 + MATERIAL_CORRECTION[r].1,
            );
            for s in 0..64 {
                let f = w::F_PST_CORRECTION + 2 * (64 * r + s);
                let correction = (w::WEIGHTS[f], w::WEIGHTS[f + 1]);
                assert_eq!(PST_CORRECTION[r][s], correction);
                // White's piece on `s`: PeSTO's diagram entry `s ^ 56` plus the correction
                // of its own square `s`.
                assert_eq!(
                    PSQT[0][r][s],
                    (
                        material.0 + w::PST_MG[r][s ^ 56] + correction.0,
                        material.1 + w::PST_EG[r][s ^ 56] + correction.1
                    )
                );
                // Black's piece on the mirrored square counts the same against White.
                assert_eq!(PSQT[1][r][s ^ 56], (-PSQT[0][r][s].0, -PSQT[0][r][s].1));
            }
        }
    }

    #[test]
    fn the_piece_square_features_count_each_piece_on_its_own_square() {
        use chimera_kit::tune::Dense;
        let feature = |r: usize, s: usize| w::F_PST_CORRECTION + 2 * (64 * r + s);
        let (e2, e4) = (12, 28);
        // Start: every piece of one side cancels the other's on the mirrored square.
        let start = Chess::start(Default::default());
        let mut dense = Dense::new(w::FEATURE_COUNT);
        start.features(&mut dense);
        assert!(dense.values()[w::F_PST_CORRECTION..]
            .iter()
            .all(|&x| x == 0));
        // After 1. e4, Black to move: White's pawn counts on e4, Black's (on its own e2)
        // is alone on e2; at the full phase, the middlegame's share is 24 and the
        // endgame's 0.
        let pos = fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        let mut dense = Dense::new(w::FEATURE_COUNT);
        pos.features(&mut dense);
        let x = dense.values();
        assert_eq!((x[feature(0, e4)], x[feature(0, e4) + 1]), (-24, 0));
        assert_eq!((x[feature(0, e2)], x[feature(0, e2) + 1]), (24, 0));
        let nonzero = x[w::F_PST_CORRECTION..].iter().filter(|&&v| v != 0).count();
        assert_eq!(nonzero, 2);
    }

    #[test]
    fn the_features_times_the_weights_are_the_evaluation() {
        use chimera_kit::tune::{Dense, Dot};
        let mut checked = 0;
        let mut dangers = 0;
        for seed in 0..30 {
            let start = chimera_core::Game::new(Chess::start(Default::default()));
            let game = chimera_test_kit::random_game(start, 200 + seed, 160);
            for pos in game.positions() {
                let mut dense = Dense::new(w::FEATURE_COUNT);
                pos.features(&mut dense);
                let x = dense.values();
                // The king danger exactly, as the evaluation scales it.
                let (white, black) = (
                    pos.side_terms::<Terms>(Color::White),
                    pos.side_terms::<Terms>(Color::Black),
                );
                let (w_danger, b_danger) = (
                    pos.king_danger(Color::White, &white, &black),
                    pos.king_danger(Color::Black, &black, &white),
                );
                let danger = scale_danger((w_danger.0 - b_danger.0, w_danger.1 - b_danger.1));
                let sign = pos.turn.fold(1, -1);
                let phase = pos.phase();
                let exact = sign * (danger.0 * phase + danger.1 * (w::PHASE_TOTAL - phase));
                let f = w::F_KING_DANGER;
                let rounded = x[f] * w::WEIGHTS[f] + x[f + 1] * w::WEIGHTS[f + 1];
                let tolerance = 8 * (w::WEIGHTS[f].abs() + w::WEIGHTS[f + 1].abs());
                assert!((exact - rounded).abs() <= tolerance);
                dangers += usize::from(danger != (0, 0));
                let mut dot = Dot::new(&w::WEIGHTS);
                for (f, &value) in x.iter().enumerate() {
                    if f != w::F_KING_DANGER && f != w::F_KING_DANGER + 1 && f != w::F_TEMPO {
                        dot.add(f, value);
                    }
                }
                assert_eq!(x[w::F_TEMPO], w::PHASE_TOTAL);
                let score = (dot.sum() + exact) / w::PHASE_TOTAL + w::TEMPO;
                assert_eq!(score, pos.evaluate_uncached(), "{}", pos.to_fen());
                checked += 1;
            }
        }
        assert!(checked > 3_000 && dangers > 100, "{checked} {dangers}");
    }

    /// The static score as computed before the pawn cache: every side's terms from the
    /// pieces, pawns and shelter included.
    fn evaluate_from_scratch(pos: &Chess) -> i32 {
        let white = pos.side_terms::<Terms>(Color::White);
        let black = pos.side_terms::<Terms>(Color::Black);
        let phase = pos.phase();
        let (w_danger, b_danger) = (
            pos.king_danger(Color::White, &white, &black),
            pos.king_danger(Color::Black, &black, &white),
        );
        let (w_passers, b_passers): (Terms, Terms) = (
            pos.passer_terms(Color::White, &black),
            pos.passer_terms(Color::Black, &white),
        );
        let (w_threats, b_threats): (Terms, Terms) = (
            pos.threats(Color::White, &white, &black),
            pos.threats(Color::Black, &black, &white),
        );
        let danger = scale_danger((w_danger.0 - b_danger.0, w_danger.1 - b_danger.1));
        let mg = w_threats.0 - b_threats.0 + w_passers.0 - b_passers.0 + pos.psqt.0 + white.terms.0
            - black.terms.0
            + danger.0;
        let eg = w_threats.1 - b_threats.1 + w_passers.1 - b_passers.1 + pos.psqt.1 + white.terms.1
            - black.terms.1
            + danger.1;
        let score = (mg * phase + eg * (w::PHASE_TOTAL - phase)) / w::PHASE_TOTAL;
        pos.turn.fold(score, -score) + w::TEMPO
    }

    /// The evaluation with the pawn cache is the one computed from scratch, on the positions
    /// of random games (forwards and backwards, so that cached pawn entries are met again).
    #[test]
    fn the_pawn_cache_changes_no_score() {
        let mut checked = 0;
        for seed in 0..40 {
            let start = chimera_core::Game::new(Chess::start(Default::default()));
            let game = chimera_test_kit::random_game(start, 500 + seed, 200);
            let positions = game.positions();
            for pos in positions.iter().chain(positions.iter().rev()) {
                assert_eq!(
                    pos.evaluate_uncached(),
                    evaluate_from_scratch(pos),
                    "{}",
                    pos.to_fen()
                );
                checked += 1;
            }
        }
        assert!(checked > 5_000, "{checked}");
    }

    /// The phase [`Chess::piece_side`] counts on the way (what the evaluation uses) is
    /// [`Chess::phase`], on the positions of random games (promotions included).
    #[test]
    fn the_phase_counted_with_the_pieces_is_the_phase() {
        let mut below_full = 0;
        for seed in 0..20 {
            let start = chimera_core::Game::new(Chess::start(Default::default()));
            let game = chimera_test_kit::random_game(start, 900 + seed, 300);
            for pos in game.positions() {
                let white = pos.piece_side::<Terms>(Color::White);
                let black = pos.piece_side::<Terms>(Color::Black);
                let counted = (white.phase + black.phase).min(w::PHASE_TOTAL);
                assert_eq!(counted, pos.phase(), "{}", pos.to_fen());
                below_full += usize::from(counted < w::PHASE_TOTAL);
            }
        }
        assert!(below_full > 1_000, "{below_full}");
    }

    #[test]
    fn material_counts_for_either_side() {
        // White is a queen up: good for White to move, bad for Black to move.
        let white = fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        let black = fen("4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
        assert!(white.evaluate() > 700);
        assert!(black.evaluate() < -700);
        assert_eq!(white.evaluate() - w::TEMPO, -(black.evaluate() - w::TEMPO));
    }

    #[test]
    fn passed_pawns_and_structure() {
        let passed = fen("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1");
        let blocked = fen("4k3/3p4/8/3P4/8/8/8/4K3 w - - 0 1");
        // A passed pawn on the fifth rank is worth more than a pawn against a pawn.
        assert!(passed.evaluate() > blocked.evaluate());
        let doubled = fen("4k3/8/8/8/8/3P4/3P4/4K3 w - - 0 1");
        let apart = fen("4k3/8/8/8/8/2P5/3P4/4K3 w - - 0 1");
        assert!(apart.evaluate() > doubled.evaluate());
    }

    #[test]
    fn shelter_and_storm() {
        let at_home = fen("6k1/6pp/8/8/8/8/5PPP/6K1 w - - 0 1");
        let stormed = fen("6k1/8/8/8/6pp/8/5PPP/6K1 w - - 0 1");
        // No enemy pawn on the f-file (storm 0); on the g- and h-files Black's, on their
        // seventh rank (storm 6) at home.
        let full = 3 * w::WEIGHTS[w::F_SHELTER + 1] - w::WEIGHTS[w::F_STORM];
        assert_eq!(
            at_home.shelter(Color::White),
            full - 2 * w::WEIGHTS[w::F_STORM + 6]
        );
        // Black's pawns on g4 and h4 storm the king (not yet blocked: g3 and h3 are empty).
        assert_eq!(
            stormed.shelter(Color::White),
            full - 2 * w::WEIGHTS[w::F_STORM + 3]
        );
        // Pushed shelter pawns count by their rank, a missing one as shelter 0; no enemy
        // pawn on any of the three files.
        let pushed = fen("6k1/8/8/8/8/6P1/5P2/6K1 w - - 0 1");
        let no_storm = 3 * w::WEIGHTS[w::F_STORM];
        assert_eq!(
            pushed.shelter(Color::White),
            w::WEIGHTS[w::F_SHELTER + 1] + w::WEIGHTS[w::F_SHELTER + 2] + w::WEIGHTS[w::F_SHELTER]
                - no_storm
        );
        // A king that may still castle counts the better of where it stands and where
        // it would go; one that may not counts where it stands.
        let castle = fen("4k3/8/8/8/8/8/5PPP/4K2R w K - 0 1");
        let stuck = fen("4k3/8/8/8/8/8/5PPP/4K2R w - - 0 1");
        assert_eq!(
            castle.shelter(Color::White),
            3 * w::WEIGHTS[w::F_SHELTER + 1] - no_storm
        );
        // On e1: the d- and e-files bare, the f-pawn at home.
        assert_eq!(
            stuck.shelter(Color::White),
            w::WEIGHTS[w::F_SHELTER + 1] + 2 * w::WEIGHTS[w::F_SHELTER] - no_storm
        );
        // The mirrored position scores the same for Black.
        let mirrored = fen("6k1/5ppp/8/6PP/8/8/8/6K1 b - - 0 1");
        assert_eq!(
            mirrored.shelter(Color::Black),
            full - 2 * w::WEIGHTS[w::F_STORM + 3]
        );
    }

    #[test]
    fn king_danger_grows_with_the_attackers() {
        let danger = |text: &str, color: Color| {
            let pos = fen(text);
            let (white, black) = (
                pos.side_terms::<Terms>(Color::White),
                pos.side_terms::<Terms>(Color::Black),
            );
            match color {
                Color::White => pos.king_danger(color, &white, &black).0,
                Color::Black => pos.king_danger(color, &black, &white).0,
            }
        };
        // A queen alone near the king: a little danger (the flank's squares it reaches).
        let queen = "rn4k1/5ppp/8/7Q/8/8/5PPP/RN4K1 w - - 0 1";
        // Queen and bishop: more; queen, bishop and knight: more still.
        let two = "rn4k1/5ppp/8/7Q/8/3B4/5PPP/RN4K1 w - - 0 1";
        let three = "rn4k1/5ppp/8/6NQ/8/3B4/5PPP/RN4K1 w - - 0 1";
        assert!(danger(two, Color::White) > danger(queen, Color::White));
        assert!(danger(three, Color::White) > danger(two, Color::White));
        // Without the queen the same attack counts far less.
        let rooks = "rn4k1/5ppp/8/6NR/8/3B4/5PPP/RN4K1 w - - 0 1";
        assert!(danger(rooks, Color::White) < danger(three, Color::White) / 2);
        // Black's king is the one in danger, not White's.
        assert_eq!(danger(three, Color::Black), 0);
        // With a rook and a knight a side (phase 6) the middlegame danger is gone.
        assert_eq!(
            danger("6k1/5ppp/8/6NQ/8/3B4/5PPP/6K1 w - - 0 1", Color::White),
            0
        );
        // A queen check protected by the bishop (Qxh7+) counts more than none (h6 blocks).
        let blocked = "rn4k1/5pp1/7p/7Q/8/3B4/5PPP/RN4K1 w - - 0 1";
        assert!(danger(blocked, Color::White) < danger(two, Color::White));
        // The danger makes the attacked side's evaluation worse.
        let quiet = fen("rn4k1/5ppp/8/8/8/3B4/5PPP/RN4KQ w - - 0 1");
        let attacked = fen(two);
        let side = |pos: &Chess| pos.side_terms::<Terms>(Color::White).terms.0;
        assert!(
            attacked.evaluate() - side(&attacked) > quiet.evaluate() - side(&quiet),
            "{} {}",
            attacked.evaluate(),
            quiet.evaluate()
        );
    }

    #[test]
    fn passed_pawns_race_the_kings() {
        let passer = |text: &str| {
            let pos = fen(text);
            let black = pos.side_terms::<Terms>(Color::Black);
            let t: Terms = pos.passer_terms(Color::White, &black);
            (t.0, t.1)
        };
        // A pawn on d6 (relative rank 5: weight 3), the square in front d7; kings far
        // (Black's a1: 5 at most; White's h1: 5 at most) or near.
        let (far, near) = (
            w::WEIGHTS[w::F_PASSER_ENEMY_KING],
            w::WEIGHTS[w::F_PASSER_OWN_KING],
        );
        let free = w::pair(w::F_PASSER_FREE);
        assert_eq!(
            passer("8/8/3P4/8/8/8/8/k6K w - - 0 1"),
            (3 * free.0, (5 * far - 5 * near) * 3 + 3 * free.1)
        );
        // Black's king on d8 blocks nothing but guards d7: no free square, and it is near.
        assert_eq!(
            passer("3k4/8/3P4/8/8/8/8/7K w - - 0 1"),
            (0, (far - 5 * near) * 3)
        );
        // A pawn on its third rank counts nothing here (its rank's value is elsewhere).
        assert_eq!(passer("8/8/8/8/8/3P4/8/k6K w - - 0 1"), (0, 0));
        // Black's passer mirrored scores the same for Black.
        let pos = fen("K6k/8/8/8/8/3p4/8/8 b - - 0 1");
        let white = pos.side_terms::<Terms>(Color::White);
        let t: Terms = pos.passer_terms(Color::Black, &white);
        assert_eq!((t.0, t.1), passer("8/8/3P4/8/8/8/8/k6K w - - 0 1"));
    }

    #[test]
    fn threats() {
        let threats = |text: &str| {
            let pos = fen(text);
            let (white, black) = (
                pos.side_terms::<Terms>(Color::White),
                pos.side_terms::<Terms>(Color::Black),
            );
            let t: Terms = pos.threats(Color::White, &white, &black);
            (t.0, t.1)
        };
        // A pawn attacks an unguarded knight: a threat by a pawn and a hanging piece.
        let (pawn, hanging) = (w::pair(w::F_THREAT_BY_PAWN), w::pair(w::F_HANGING));
        assert_eq!(
            threats("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1"),
            (pawn.0 + hanging.0, pawn.1 + hanging.1)
        );
        // Guarded by a pawn, the knight no longer hangs.
        assert_eq!(threats("4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1"), pawn);
        // A knight attacks a rook its king guards (a threat by a minor piece), a rook attacks an
        // unguarded knight (a threat by a rook, and it hangs).
        let (minor, rook) = (
            w::pair(w::F_THREAT_BY_MINOR + 2 * 3),
            w::pair(w::F_THREAT_BY_ROOK + 2),
        );
        assert_eq!(threats("rk6/2p5/1N6/8/8/8/8/4K3 w - - 0 1"), minor);
        assert_eq!(
            threats("4k3/8/8/8/8/8/n7/R3K3 w - - 0 1"),
            (rook.0 + hanging.0, rook.1 + hanging.1)
        );
    }

    /// The pawn terms counted square by square and file by file, as they were before the
    /// bit-set version: the two agree on the positions of random games.
    fn pawn_terms_by_file(pos: &Chess, color: Color) -> (i32, i32) {
        let mut t = Terms::default();
        let pawns = pos.bits(color, Role::Pawn);
        let enemy_pawns = pos.bits(!color, Role::Pawn);
        for file in 0..8 {
            let on_file = (pawns & (FILE_A << file)).count_ones() as i32;
            if on_file == 0 {
                continue;
            }
            t.pair(w::F_DOUBLED_PAWN, on_file - 1);
            if pawns & adjacent_files(file) == 0 {
                t.pair(w::F_ISOLATED_PAWN, on_file);
            }
        }
        for s in squares(pawns) {
            let files = (FILE_A << (s % 8)) | adjacent_files(s % 8);
            let rank = s / 8;
            let ahead = match color {
                Color::White if rank < 7 => u64::MAX << (8 * (rank + 1)),
                Color::Black if rank > 0 => u64::MAX >> (8 * (8 - rank)),
                _ => 0,
            };
            if enemy_pawns & files & ahead == 0 {
                t.pair(w::F_PASSED_PAWN + 2 * color.fold(rank, 7 - rank), 1);
            }
        }
        (t.0, t.1)
    }

    /// [`Evaluate::exchange_at_least`], settled by bounds where it can be, answers as the
    /// exchange played out does, for every legal move of random games and thresholds
    /// around each value (the ones the search asks, 0 and the pruning margins, among them).
    #[test]
    fn exchange_bounds_answer_as_the_whole_exchange() {
        let mut checked = 0;
        for seed in 0..40 {
            let start = chimera_core::Game::new(Chess::start(Default::default()));
            let game = chimera_test_kit::random_game(start, seed, 160);
            for pos in game.positions() {
                for mv in pos.legal_move_list() {
                    let value = pos.exchange_value(mv);
                    for t in [-1_020, -900, -400, -200, -100, -1, 0, 1, 100, 320, 900]
                        .into_iter()
                        .chain([value - 1, value, value + 1])
                    {
                        assert_eq!(
                            pos.exchange_at_least(mv, t),
                            value >= t,
                            "{} {mv} {t}",
                            pos.to_fen()
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    #[test]
    fn pawn_terms_agree_with_the_count_by_file() {
        let mut checked = 0;
        for seed in 0..30 {
            let start = chimera_core::Game::new(Chess::start(Default::default()));
            let game = chimera_test_kit::random_game(start, seed, 150);
            for pos in game.positions() {
                for color in [Color::White, Color::Black] {
                    let mut t = Terms::default();
                    pos.pawn_terms(color, &mut t);
                    assert_eq!(
                        (t.0, t.1),
                        pawn_terms_by_file(pos, color),
                        "{}",
                        pos.to_fen()
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 3_000, "{checked}");
    }

    #[test]
    fn exchanges() {
        let see = |f: &str, m: &str| {
            let pos = fen(f);
            pos.see(crate::parse_uci(m).unwrap())
        };
        // A pawn defended by a pawn: the rook loses itself for a pawn.
        assert_eq!(see("4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), 100 - 500);
        // An undefended knight: won outright.
        assert_eq!(see("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", "d1d5"), 320);
        // Rooks doubled behind each other (an x-ray) against one defender.
        assert_eq!(see("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 100);
        // Pawn takes a defended knight: wins knight for pawn.
        assert_eq!(
            see("4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5"),
            320 - 100
        );
        // En passant, undefended.
        assert_eq!(see("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 100);
        // A quiet queen move onto a square a pawn guards loses the queen.
        assert_eq!(see("4k3/8/2p5/8/8/8/8/3QK3 w - - 0 1", "d1d5"), -900);
    }

    #[test]
    fn capture_values_agree_with_the_move_kinds() {
        use chimera_core::Game;
        let mut checked = 0;
        for seed in 0..20 {
            let mut game = Game::new(Chess::start(Default::default()));
            for ply in 0..200 {
                let g = chimera_test_kit::random_game(game.clone(), seed * 1000 + ply, 1);
                if g.moves().len() == game.moves().len() {
                    break;
                }
                let pos = g.position();
                for mv in g.legal_move_list() {
                    let taken = match pos.move_kind(mv) {
                        MoveKind::Capture(role) => ROLE_VALUES[role.index()],
                        MoveKind::EnPassant => ROLE_VALUES[0],
                        _ => 0,
                    };
                    let promotion = mv
                        .promotion()
                        .map_or(0, |r| ROLE_VALUES[r.index()] - ROLE_VALUES[0]);
                    assert_eq!(pos.capture_value(mv), taken + promotion, "{mv}");
                    checked += 1;
                }
                game = g;
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn noisy_moves_are_the_noisy_legal_moves_in_order() {
        let (mut listed, mut fell_back) = (0, 0);
        for seed in 0..30 {
            let start = chimera_core::Game::new(Chess::start(Default::default()));
            let game = chimera_test_kit::random_game(start, 100 + seed, 200);
            for pos in game.positions() {
                let mut noisy = Vec::new();
                if pos.noisy_moves(&mut noisy) {
                    let expected: Vec<Move> = pos
                        .legal_move_list()
                        .into_iter()
                        .filter(|&mv| pos.is_noisy(mv))
                        .collect();
                    assert_eq!(noisy, expected, "{}", pos.to_fen());
                    assert!(!pos.legal_move_list().is_empty());
                    listed += 1;
                } else {
                    fell_back += 1;
                }
            }
        }
        assert!(listed > 1_000 && fell_back > 0, "{listed} {fell_back}");
    }

    #[test]
    fn the_null_move_passes() {
        let pos = fen("4kn2/8/8/8/3pP3/8/8/R3K3 b - e3 0 1");
        assert!(pos.ep.is_some());
        let null = pos.null_move().unwrap();
        assert_eq!(null.turn, Color::White);
        assert_eq!(null.ep, None);
        assert_eq!(null.zobrist(), null.compute_key());
        // Not in check, nor with only a king and pawns.
        assert!(fen("4k3/8/8/8/8/8/4p3/R3K3 w - - 0 1")
            .null_move()
            .is_some());
        assert!(fen("4k3/8/8/8/8/8/8/R3K2r w - - 0 1").null_move().is_none());
        assert!(fen("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1").null_move().is_none());
        assert!(Evaluate::in_check(&fen("4k3/8/8/8/8/8/8/R3K2r w - - 0 1")));
    }

    /// Walks every line three plies deep (captures, en passant, castling and promotions
    /// included) and checks what is kept as moves are made (the material and piece-square
    /// sums, the checking pieces) and the cached static score.
    fn psqt_walk(pos: &Chess, depth: u32, checked: &mut u32) {
        assert_eq!(pos.psqt, pos.compute_psqt(), "{}", pos.to_fen());
        assert_eq!(pos.checkers, pos.compute_checkers(), "{}", pos.to_fen());
        // The cached static score is the one computed.
        assert_eq!(pos.evaluate(), pos.evaluate_uncached(), "{}", pos.to_fen());
        assert_eq!(pos.evaluate_uncached(), evaluate_from_scratch(pos));
        *checked += 1;
        if depth == 0 {
            return;
        }
        for mv in pos.legal_move_list() {
            let mut next = pos.clone();
            next.make(mv);
            psqt_walk(&next, depth - 1, checked);
        }
    }

    /// The checkers `make` finds (the sliders' only along the lines a move touched) are
    /// those computed from the pieces, on the positions of random games.
    #[test]
    fn checkers_after_a_move_are_the_computed_ones() {
        let (mut checked, mut checks) = (0, 0);
        for seed in 0..60 {
            let start = chimera_core::Game::new(Chess::start(Default::default()));
            let game = chimera_test_kit::random_game(start, 700 + seed, 250);
            for pos in game.positions() {
                assert_eq!(pos.checkers, pos.compute_checkers(), "{}", pos.to_fen());
                checked += 1;
                checks += usize::from(!pos.checkers.is_empty());
            }
        }
        assert!(checked > 5_000 && checks > 100, "{checked} {checks}");
    }

    #[test]
    fn what_make_keeps_matches_the_pieces() {
        let mut checked = 0;
        for text in [
            crate::START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        ] {
            psqt_walk(&fen(text), 3, &mut checked);
        }
        assert!(checked > 100_000, "{checked}");
        // Mirrored colours give the opposite sums.
        let a = fen("4k3/8/8/8/8/8/PP6/R3K3 w - - 0 1");
        let b = fen("r3k3/pp6/8/8/8/8/8/4K3 b - - 0 1");
        assert_eq!((a.psqt.0, a.psqt.1), (-b.psqt.0, -b.psqt.1));
    }
}
