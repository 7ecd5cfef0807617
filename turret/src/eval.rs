//! [`Evaluate`] for Turret Chess: a symmetric, tapered evaluation. Both sides' terms are
//! counted and the score is their difference from the side to move's point of view, each
//! term with a middlegame and an endgame weight blended by the material left (the phase).
//! The terms: material; pawn advance, knight and king centrality (the board's
//! piece-square terms); mobility of each piece type; passed pawns by rank; doubled,
//! isolated and protected pawns; rooks and Turrets on open files; the bishop pair; the
//! Turret's lines and slings (loaded lines, enemy pieces and checks a sling reaches); king
//! safety (pawn shelter, the attacks on the cells around the king, and its danger: the
//! attacking pieces times their attacks there); threats (pieces attacked by pawns, and
//! hanging pieces); and a tempo for the side to move.
//!
//! The score is linear in its weights ([`Features`]): the weights are data, `weights.txt`
//! beside this file, fitted to engine games by `chimera tune turret` (Texel's method). A
//! feature is a term's count for the side to move less the opponent's, times the phase
//! share of its weight (`_mg` weights: the phase, out of [`PHASE_TOTAL`] with all the
//! pieces; `_eg` weights: the rest), so the score is the weighted sum over
//! [`PHASE_TOTAL`] ([`Features::SCALE`]), and a weight is in centipawns.

use crate::board::{
    bishop_attacks, queen_attacks, rook_attacks, KING, KNIGHT, LINE_DIR, NONE, PAWN_ATTACKS, STEP,
};
use crate::position::{direction, last_rank, Turret};
use crate::types::{Move, MoveKind, Piece, Role};
use chimera_core::{Color, Evaluate};
use chimera_kit::tune::{FeatureSink, Features, WeightSet};

/// The value of each [`Role`] in centipawns (the king counts nothing: checkmate decides).
pub const ROLE_VALUES: [i32; 8] = [100, 300, 320, 500, 900, 0, 450, 350];

/// The phase with every piece of the start on the board: knights, bishops and Kwaggas
/// count 1, rooks and Turrets 2, queens 4 (more material, a middlegame phase up to this).
pub const PHASE_TOTAL: i32 = 28;

/// What a piece of each material term (pawn to Kwagga) adds to the phase.
const PHASE_OF_TERM: [i32; 7] = [0, 1, 1, 2, 4, 2, 1];

/// The number of terms; each has a middlegame and an endgame feature.
const TERMS: usize = 36;

/// The features of the evaluation, in the order of the weight file (`weights.txt`): each
/// term's middlegame (`_mg`) and endgame (`_eg`) feature, then `tempo` (the move is ours).
pub const FEATURES: &[&str] = &[
    "pawn_mg",
    "pawn_eg",
    "knight_mg",
    "knight_eg",
    "bishop_mg",
    "bishop_eg",
    "rook_mg",
    "rook_eg",
    "queen_mg",
    "queen_eg",
    "turret_mg",
    "turret_eg",
    "kwagga_mg",
    "kwagga_eg",
    "pawn_advance_mg",
    "pawn_advance_eg",
    "knight_centre_mg",
    "knight_centre_eg",
    "king_centre_mg",
    "king_centre_eg",
    "knight_mobility_mg",
    "knight_mobility_eg",
    "bishop_mobility_mg",
    "bishop_mobility_eg",
    "rook_mobility_mg",
    "rook_mobility_eg",
    "queen_mobility_mg",
    "queen_mobility_eg",
    "turret_mobility_mg",
    "turret_mobility_eg",
    "passed_2_mg",
    "passed_2_eg",
    "passed_3_mg",
    "passed_3_eg",
    "passed_4_mg",
    "passed_4_eg",
    "passed_5_mg",
    "passed_5_eg",
    "passed_6_mg",
    "passed_6_eg",
    "passed_7_mg",
    "passed_7_eg",
    "doubled_pawns_mg",
    "doubled_pawns_eg",
    "isolated_pawns_mg",
    "isolated_pawns_eg",
    "protected_pawns_mg",
    "protected_pawns_eg",
    "rook_open_file_mg",
    "rook_open_file_eg",
    "rook_semi_open_file_mg",
    "rook_semi_open_file_eg",
    "turret_open_file_mg",
    "turret_open_file_eg",
    "bishop_pair_mg",
    "bishop_pair_eg",
    "turret_loaded_mg",
    "turret_loaded_eg",
    "sling_threats_mg",
    "sling_threats_eg",
    "sling_checks_mg",
    "sling_checks_eg",
    "king_shelter_mg",
    "king_shelter_eg",
    "king_zone_attacks_mg",
    "king_zone_attacks_eg",
    "king_danger_mg",
    "king_danger_eg",
    "pawn_threats_mg",
    "pawn_threats_eg",
    "hanging_mg",
    "hanging_eg",
    "tempo",
];

// The terms (feature `2 * term` is its middlegame weight's, `2 * term + 1` its endgame's).
// The material terms come first, pawn to Kwagga (0 to 6).
/// Pawns' ranks beyond their second.
const PAWN_ADVANCE: usize = 7;
/// Knights on the centre files and ranks.
const KNIGHT_CENTRE: usize = 8;
/// The king's closeness to the centre (0 in a corner to 4 on the four centre cells).
const KING_CENTRE: usize = 9;
/// Mobility: the cells a piece reaches that its side does not hold; knights, bishops,
/// rooks, queens and Turrets, in this order from here.
const MOBILITY: usize = 10;
/// Passed pawns (no enemy pawn ahead on their file or the next ones) on their second to
/// seventh ranks, in this order from here.
const PASSED: usize = 15;
/// Pawns behind another of their side on their file.
const DOUBLED: usize = 21;
/// Pawns with no pawn of their side on the next files.
const ISOLATED: usize = 22;
/// Pawns that a pawn of their side protects.
const PROTECTED: usize = 23;
/// Rooks on files without pawns.
const ROOK_OPEN: usize = 24;
/// Rooks on files with enemy pawns only.
const ROOK_SEMI_OPEN: usize = 25;
/// Turrets on files without pawns.
const TURRET_OPEN: usize = 26;
/// Two bishops or more.
const BISHOP_PAIR: usize = 27;
/// The Turrets' loaded lines (a piece behind the Turret to throw).
const TURRET_LOADED: usize = 28;
/// Enemy pieces (the king apart) a sling reaches.
const SLING_THREATS: usize = 29;
/// Enemy kings a sling reaches.
const SLING_CHECKS: usize = 30;
/// Pawns of the king's side next to it.
const KING_SHELTER: usize = 31;
/// The cells around the enemy king that the side's pieces (pawns and the king apart)
/// attack.
const KING_ZONE_ATTACKS: usize = 32;
/// With two attackers or more of those cells: the attackers times their attacks there.
const KING_DANGER: usize = 33;
/// Enemy pieces (pawns and the king apart) that the side's pawns attack.
const PAWN_THREATS: usize = 34;
/// Enemy pieces (the king apart) the side attacks that no enemy piece defends.
const HANGING: usize = 35;
/// The tempo's feature (the last).
const TEMPO: usize = 2 * TERMS;

/// The evaluation before issue 21 as weights of [`FEATURES`]: material, pawn advance,
/// knight centrality and mobility, each the same in the middlegame and the endgame.
const LEGACY: [i32; 2 * TERMS + 1] = {
    let old: [(usize, i32); 14] = [
        (0, 100),
        (1, 300),
        (2, 320),
        (3, 500),
        (4, 900),
        (5, 450),
        (6, 350),
        (PAWN_ADVANCE, 6),
        (KNIGHT_CENTRE, 8),
        (MOBILITY, 4),
        (MOBILITY + 1, 4),
        (MOBILITY + 2, 4),
        (MOBILITY + 3, 4),
        (MOBILITY + 4, 4),
    ];
    let mut w = [0; 2 * TERMS + 1];
    let mut i = 0;
    while i < old.len() {
        w[2 * old[i].0] = old[i].1;
        w[2 * old[i].0 + 1] = old[i].1;
        i += 1;
    }
    w
};

/// The weights of the evaluation: `weights.txt` (written by `chimera tune turret`).
pub static WEIGHTS: WeightSet = WeightSet::new(FEATURES, include_str!("weights.txt"), &LEGACY);

/// `PAWN_ADVANCE_BY_CELL[colour][cell]`: the ranks a pawn of that colour on that cell has
/// advanced beyond its second rank (0 on its first two).
static PAWN_ADVANCE_BY_CELL: [[u8; 80]; 2] = {
    let mut t = [[0u8; 80]; 2];
    let mut i = 0;
    while i < 80 {
        let rank = i / 10;
        t[0][i] = if rank >= 1 { rank as u8 - 1 } else { 0 };
        t[1][i] = if rank <= 6 { 6 - rank as u8 } else { 0 };
        i += 1;
    }
    t
};

/// `KNIGHT_CENTRE_BY_CELL[cell]`: 1 for a centre file (d-g), 1 more for a centre rank (3-6).
static KNIGHT_CENTRE_BY_CELL: [u8; 80] = {
    let mut t = [0u8; 80];
    let mut i = 0;
    while i < 80 {
        let (file, rank) = (i % 10, i / 10);
        t[i] = (file >= 3 && file <= 6) as u8 + (rank >= 2 && rank <= 5) as u8;
        i += 1;
    }
    t
};

/// `KING_CENTRE_BY_CELL[cell]`: 4 less the king steps to the four centre cells (e4, f4,
/// e5, f5), at least 0.
static KING_CENTRE_BY_CELL: [u8; 80] = {
    let mut t = [0u8; 80];
    let mut i = 0;
    while i < 80 {
        let (file, rank) = (i % 10, i / 10);
        let df = if file <= 4 { 4 - file } else { file - 5 };
        let dr = if rank <= 3 { 3 - rank } else { rank - 4 };
        let d = if df > dr { df } else { dr };
        t[i] = if d >= 4 { 0 } else { 4 - d as u8 };
        i += 1;
    }
    t
};

/// `FILE_CELLS[file]`: the cells of a file (existing or not: no piece stands on the others).
static FILE_CELLS: [u128; 10] = {
    let mut t = [0u128; 10];
    let mut i = 0;
    while i < 80 {
        t[i % 10] |= 1u128 << i;
        i += 1;
    }
    t
};

/// `PASSED_SPAN[colour][cell]`: the cells ahead of a pawn of that colour on that cell, on
/// its file and the next ones: it is passed when no enemy pawn stands there.
static PASSED_SPAN: [[u128; 80]; 2] = {
    let mut t = [[0u128; 80]; 2];
    let mut i = 0;
    while i < 80 {
        let (file, rank) = (i % 10, i / 10);
        let mut j = 0;
        while j < 80 {
            let (f, r) = (j % 10, j / 10);
            if f + 1 >= file && f <= file + 1 {
                if r > rank {
                    t[0][i] |= 1u128 << j;
                }
                if r < rank {
                    t[1][i] |= 1u128 << j;
                }
            }
            j += 1;
        }
        i += 1;
    }
    t
};

/// `RELATIVE_RANK[colour][cell]`: the cell's rank for that colour, 0 (its first) to 7.
static RELATIVE_RANK: [[u8; 80]; 2] = {
    let mut t = [[0u8; 80]; 2];
    let mut i = 0;
    while i < 80 {
        t[0][i] = (i / 10) as u8;
        t[1][i] = 7 - (i / 10) as u8;
        i += 1;
    }
    t
};

/// The cells of a set, lowest first: the low 64-bit word's, then the high word's, each
/// scanned and cleared as a 64-bit word (a 128-bit scan and clear is about twice the
/// instructions on baseline x86-64, and most sets lie in one word).
#[inline(always)]
fn bits(b: u128) -> impl Iterator<Item = u8> {
    let (mut low, mut high) = (b as u64, (b >> 64) as u64);
    std::iter::from_fn(move || {
        if low != 0 {
            let i = low.trailing_zeros() as u8;
            low &= low - 1;
            Some(i)
        } else if high != 0 {
            let i = high.trailing_zeros() as u8 + 64;
            high &= high - 1;
            Some(i)
        } else {
            None
        }
    })
}

/// The number of cells in a set: `count_ones` without the `popcnt` instruction (the build
/// targets baseline x86-64, where `u128::count_ones` is two 64-bit bit-parallel counts and
/// their sum). Here the two halves are summed once their 4-bit partial counts are formed
/// (each at most 8 then, so the bytes' sums are at most 16), and one byte sum and one
/// multiplication finish both: about ten instructions fewer a count (issue 26). Exact for
/// every `u128` (at most 128).
#[inline(always)]
fn count(b: u128) -> i32 {
    const M1: u64 = 0x5555_5555_5555_5555;
    const M2: u64 = 0x3333_3333_3333_3333;
    const M4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    const H01: u64 = 0x0101_0101_0101_0101;
    let (lo, hi) = (b as u64, (b >> 64) as u64);
    let lo = lo - (lo >> 1 & M1);
    let hi = hi - (hi >> 1 & M1);
    let nibbles = (lo & M2) + (lo >> 2 & M2) + (hi & M2) + (hi >> 2 & M2);
    let bytes = (nibbles & M4) + (nibbles >> 4 & M4);
    (bytes.wrapping_mul(H01) >> 56) as i32
}

/// The number of cells in a set of a few (a king's neighbours): one step a cell, fewer
/// instructions than [`count`] for up to about four.
#[inline(always)]
fn count_few(mut b: u128) -> i32 {
    let mut n = 0;
    while b != 0 {
        b &= b - 1;
        n += 1;
    }
    n
}

/// One side's terms, gathered in one pass over its pieces.
struct Side {
    /// Its counts of the terms, in the order of the terms ([`FEATURES`] in pairs), all but
    /// [`HANGING`], which needs both sides.
    counts: [i32; TERMS],
    /// The cells its pawns, knights, bishops, rooks, queens and king attack: what it can
    /// capture on, or recapture on.
    captures: u128,
    /// What its pieces add to the phase.
    phase: i32,
}

/// The pieces' reach as one side's pieces are visited: its mobility, its attacks and the
/// attacks on the enemy king's neighbours.
struct Reach {
    /// The side's own cells.
    own: u128,
    /// The cells around the enemy king (none without one).
    zone: u128,
    /// The cells its knights, bishops, rooks, queens and Turrets attack.
    attacks: u128,
    /// The cells its capturing pieces attack (the Turret captures only by its sling).
    captures: u128,
    /// Its pieces that attack a cell of `zone`.
    attackers: i32,
    /// Their attacks on the cells of `zone`, one per piece and cell.
    hits: i32,
}

impl Reach {
    /// A piece reaching `r`: its mobility added to `counts[term]`.
    #[inline(always)]
    fn add(&mut self, r: u128, counts: &mut [i32; TERMS], term: usize, captures: bool) {
        self.attacks |= r;
        if captures {
            self.captures |= r;
        }
        counts[term] += count(r & !self.own);
        if r & self.zone != 0 {
            self.attackers += 1;
            self.hits += count_few(r & self.zone);
        }
    }
}

impl Turret {
    /// `color`'s counts of the terms (all but the hanging pieces), what it can capture on,
    /// and its share of the phase.
    ///
    /// The pieces are visited role by role (their sets), each term summed as it goes.
    #[inline(always)]
    fn side_features(&self, color: Color) -> Side {
        let c = color.index();
        let own = self.by_color[c];
        let enemy = self.by_color[1 - c];
        let occ = own | enemy;
        let of = |role: Role| self.by_role[role as usize] & own;
        let enemy_pawns = self.by_role[Role::Pawn as usize] & enemy;
        let enemy_kings = self.by_role[Role::King as usize] & enemy;
        // The last king in cell order, should there be more than one.
        let last = |set: u128| (set != 0).then(|| 127 - set.leading_zeros() as u8);
        let mut n = [0; TERMS];
        let mut reach = Reach {
            own,
            zone: last(enemy_kings).map_or(0, |k| KING[k as usize]),
            attacks: 0,
            captures: 0,
            attackers: 0,
            hits: 0,
        };
        let pawns = of(Role::Pawn);
        let pawn_attacks = self.pawn_terms(c, pawns, enemy_pawns, &mut n);
        n[PROTECTED] = count(pawns & pawn_attacks);
        n[PAWN_THREATS] = count(pawn_attacks & enemy & !enemy_pawns & !enemy_kings);
        reach.captures = pawn_attacks;
        let all_pawns = pawns | enemy_pawns;
        let open = |i: u8| FILE_CELLS[usize::from(i % 10)] & all_pawns == 0;
        let semi_open = |i: u8| FILE_CELLS[usize::from(i % 10)] & pawns == 0;
        for i in bits(of(Role::Knight)) {
            n[1] += 1;
            n[KNIGHT_CENTRE] += i32::from(KNIGHT_CENTRE_BY_CELL[i as usize]);
            reach.add(KNIGHT[i as usize], &mut n, MOBILITY, true);
        }
        for i in bits(of(Role::Bishop)) {
            n[2] += 1;
            reach.add(bishop_attacks(i, occ), &mut n, MOBILITY + 1, true);
        }
        n[BISHOP_PAIR] = i32::from(n[2] >= 2);
        for i in bits(of(Role::Rook)) {
            n[3] += 1;
            reach.add(rook_attacks(i, occ), &mut n, MOBILITY + 2, true);
            if open(i) {
                n[ROOK_OPEN] += 1;
            } else if semi_open(i) {
                n[ROOK_SEMI_OPEN] += 1;
            }
        }
        for i in bits(of(Role::Queen)) {
            n[4] += 1;
            reach.add(queen_attacks(i, occ), &mut n, MOBILITY + 3, true);
        }
        for i in bits(of(Role::Turret)) {
            n[5] += 1;
            let r = queen_attacks(i, occ);
            let [loaded, threats, checks] = self.turret_lines(i, r, enemy);
            n[TURRET_LOADED] += loaded;
            n[SLING_THREATS] += threats;
            n[SLING_CHECKS] += checks;
            n[TURRET_OPEN] += i32::from(open(i));
            reach.add(r, &mut n, MOBILITY + 4, false);
        }
        // Kwaggas are in play only under their rule option: most positions have none.
        n[6] = match of(Role::Kwagga) {
            0 => 0,
            set => count(set),
        };
        if let Some(k) = last(of(Role::King)) {
            n[KING_CENTRE] = i32::from(KING_CENTRE_BY_CELL[k as usize]);
            n[KING_SHELTER] = count_few(KING[k as usize] & pawns);
            reach.captures |= KING[k as usize];
        }
        n[KING_ZONE_ATTACKS] = count_few(reach.zone & reach.attacks);
        if reach.attackers >= 2 {
            n[KING_DANGER] = reach.attackers * reach.hits;
        }
        let phase = (0..7).map(|t| n[t] * PHASE_OF_TERM[t]).sum();
        Side {
            counts: n,
            captures: reach.captures,
            phase,
        }
    }

    /// The pawns' terms of one side (colour index `c`): their number, advance, passed
    /// pawns by rank, doubled and isolated pawns, in `n`. Returns the cells they attack.
    #[inline(always)]
    fn pawn_terms(&self, c: usize, pawns: u128, enemy_pawns: u128, n: &mut [i32; TERMS]) -> u128 {
        let mut attacks = 0;
        let mut files = 0u16;
        for i in bits(pawns) {
            let i = i as usize;
            n[0] += 1;
            n[PAWN_ADVANCE] += i32::from(PAWN_ADVANCE_BY_CELL[c][i]);
            attacks |= PAWN_ATTACKS[c][i];
            let file = i % 10;
            n[DOUBLED] += i32::from(files >> file & 1 == 1);
            files |= 1 << file;
            if PASSED_SPAN[c][i] & enemy_pawns == 0 {
                let rank = usize::from(RELATIVE_RANK[c][i]).clamp(1, 6);
                n[PASSED + rank - 1] += 1;
            }
        }
        if files != 0 {
            for i in bits(pawns) {
                let f = 1u16 << (i % 10);
                n[ISOLATED] += i32::from(files & (f << 1 | f >> 1) == 0);
            }
        }
        attacks
    }

    /// The Turret on `s`, whose queen-like attacks are `reach`: in each direction with a
    /// piece behind it to throw, the loaded line counts, and the first piece on the line two
    /// or more cells away, if it is an enemy's (in `enemy`), is what the sling threatens
    /// (the king: a check). As `[loaded, threats, checks]`.
    ///
    /// From the sets (issue 26): each occupied neighbour loads the opposite direction, so
    /// the loaded lines are the occupied neighbours; the first pieces along the lines are
    /// the occupied cells of `reach`, and only the enemy's beyond the neighbours are looked
    /// at one by one (is the cell behind the Turret, away from it, occupied?).
    #[inline(always)]
    fn turret_lines(&self, s: u8, reach: u128, enemy: u128) -> [i32; 3] {
        let occ = self.by_color[0] | self.by_color[1];
        let near = KING[s as usize];
        let loaded = count(near & occ);
        let (mut threats, mut checks) = (0, 0);
        for cell in bits(reach & enemy & !near) {
            let d = LINE_DIR[s as usize][cell as usize] as usize;
            let behind = STEP[(d + 4) & 7][s as usize];
            if behind == NONE || occ >> behind & 1 == 0 {
                continue;
            }
            if self.by_role[Role::King as usize] >> cell & 1 != 0 {
                checks += 1;
            } else {
                threats += 1;
            }
        }
        [loaded, threats, checks]
    }

    /// The terms (the side to move's counts less the opponent's) and the phase (0 to
    /// [`PHASE_TOTAL`]).
    #[inline(always)]
    fn terms(&self) -> ([i32; TERMS], i32) {
        let us = self.side_features(self.turn);
        let them = self.side_features(!self.turn);
        let mut d = [0; TERMS];
        for ((d, a), b) in d.iter_mut().zip(us.counts).zip(them.counts) {
            *d = a - b;
        }
        let kings = self.by_role[Role::King as usize];
        let (ours, theirs) = (
            self.by_color[self.turn.index()] & !kings,
            self.by_color[(!self.turn).index()] & !kings,
        );
        d[HANGING] = count(theirs & us.captures & !them.captures)
            - count(ours & them.captures & !us.captures);
        (d, (us.phase + them.phase).min(PHASE_TOTAL))
    }

    /// The weighted sum of the features with `weights`, as [`Dot`](chimera_kit::tune::Dot)
    /// sums it (wrapping; a feature without a weight counts nothing): [`PHASE_TOTAL`]
    /// times the score.
    #[inline(always)]
    fn weighted_sum(&self, weights: &[i32]) -> i32 {
        let (d, phase) = self.terms();
        // A whole weight vector as an array (no bounds checks); a shorter one padded.
        let mut padded = [0; 2 * TERMS + 1];
        let w: &[i32; 2 * TERMS + 1] = match weights.try_into() {
            Ok(w) => w,
            Err(_) => {
                for (p, &w) in padded.iter_mut().zip(weights) {
                    *p = w;
                }
                &padded
            }
        };
        let (mut mg, mut eg) = (0i32, 0i32);
        for (t, &v) in d.iter().enumerate() {
            mg = mg.wrapping_add(w[2 * t].wrapping_mul(v));
            eg = eg.wrapping_add(w[2 * t + 1].wrapping_mul(v));
        }
        mg.wrapping_mul(phase)
            .wrapping_add(eg.wrapping_mul(PHASE_TOTAL - phase))
            .wrapping_add(w[TEMPO].wrapping_mul(PHASE_TOTAL))
    }

    /// The evaluation worked out (no cache): the weighted sum over [`PHASE_TOTAL`].
    fn evaluate_with(&self, weights: &[i32]) -> i32 {
        self.weighted_sum(weights) / PHASE_TOTAL
    }
}

impl Features for Turret {
    const NAMES: &'static [&'static str] = FEATURES;

    /// The weights are in centipawns at full phase: a feature counts its term times the
    /// phase share of its weight (out of [`PHASE_TOTAL`]).
    const SCALE: i32 = PHASE_TOTAL;

    fn features<S: FeatureSink>(&self, sink: &mut S) {
        let (d, phase) = self.terms();
        for (t, &v) in d.iter().enumerate() {
            if v != 0 {
                sink.add(2 * t, v * phase);
                sink.add(2 * t + 1, v * (PHASE_TOTAL - phase));
            }
        }
        sink.add(TEMPO, PHASE_TOTAL);
    }
}

impl Evaluate for Turret {
    fn evaluate(&self) -> i32 {
        let weights = WEIGHTS.get();
        let tag = chimera_kit::eval_cache::weights_tag(weights);
        chimera_kit::eval_cache::cached(self.key, tag, || self.evaluate_with(weights))
    }

    /// The legal moves that [`Evaluate::is_noisy`] calls noisy, without listing the quiet
    /// steps (see `Turret::gen_noisy`).
    fn noisy_moves(&self, moves: &mut Vec<Move>) -> bool {
        if self.halfmove >= crate::MOVE_LIMIT {
            return false; // the move limit: let the search list the moves (there are none)
        }
        self.gen_noisy(moves)
    }

    fn capture_value(&self, mv: Move) -> i32 {
        let mut value = match mv.kind() {
            MoveKind::EnPassant => ROLE_VALUES[Role::Pawn as usize],
            MoveKind::Castle => 0,
            MoveKind::Normal => Piece::from_code(self.cells[mv.dst_index() as usize & 127])
                .filter(|p| p.color != self.turn)
                .map_or(0, |p| ROLE_VALUES[p.role as usize]),
        };
        if let Some(role) = mv.promotion() {
            value += ROLE_VALUES[role as usize] - ROLE_VALUES[Role::Pawn as usize];
        }
        let mover = self
            .cells
            .get(mv.src_index() as usize)
            .copied()
            .unwrap_or(0);
        if mover == 0 || (mover - 1) & 7 != Role::Turret as u8 {
            return value; // only a Turret's move slings
        }
        value + self.sling_value(mv)
    }
}

impl Turret {
    /// What the sling of the Turret's move `mv` gains for the mover: the enemy piece it
    /// captures, and a pawn thrown onto its last rank (a queen for its owner). As
    /// `Turret::sling` works it out, without building its description; apart from
    /// [`Evaluate::capture_value`], whose common case (no Turret moves) then needs no
    /// saved registers (issue 26).
    #[inline(never)]
    fn sling_value(&self, mv: Move) -> i32 {
        let (s, d) = (mv.src_index(), mv.dst_index());
        if mv.promotion().is_some() || s >= 80 || d >= 80 {
            return 0;
        }
        let Some((b, l)) = direction(s, d).and_then(|dir| self.sling_cells(s, d, dir)) else {
            return 0;
        };
        let mut value = 0;
        if let Some(victim) = Piece::from_code(self.cells[l as usize]) {
            if victim.color != self.turn {
                value += ROLE_VALUES[victim.role as usize];
            }
        }
        if let Some(thrown) = Piece::from_code(self.cells[b as usize]) {
            if thrown.role == Role::Pawn && l / 10 == last_rank(thrown.color) {
                // A pawn thrown onto its last rank becomes a queen of its owner.
                let gain = ROLE_VALUES[Role::Queen as usize] - ROLE_VALUES[Role::Pawn as usize];
                value += if thrown.color == self.turn {
                    gain
                } else {
                    -gain
                };
            }
        }
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Dir;
    use chimera_core::Position;
    use chimera_kit::tune::{Dense, Dot};

    /// The evaluation as it was before issue 21, for the check that its weights reproduce it.
    fn legacy_side_score(pos: &Turret, color: Color) -> i32 {
        let own = pos.by_color[color.index()];
        let occ = pos.by_color[0] | pos.by_color[1];
        let mut score = 0;
        let mut bits = own;
        while bits != 0 {
            let i = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            let p = Piece::from_code(pos.cells[i as usize]).expect("a piece");
            score += ROLE_VALUES[p.role as usize];
            let (file, rank) = (i32::from(i % 10), i32::from(i / 10));
            let reach = match p.role {
                Role::Pawn => {
                    let advanced = if color == Color::White {
                        rank - 1
                    } else {
                        6 - rank
                    };
                    score += 6 * advanced.max(0);
                    0
                }
                Role::Knight => {
                    let central =
                        i32::from((3..=6).contains(&file)) + i32::from((2..=5).contains(&rank));
                    score += 8 * central;
                    KNIGHT[i as usize]
                }
                Role::Bishop => bishop_attacks(i, occ),
                Role::Rook => rook_attacks(i, occ),
                Role::Queen | Role::Turret => bishop_attacks(i, occ) | rook_attacks(i, occ),
                Role::King | Role::Kwagga => 0,
            };
            score += 4 * (reach & !own).count_ones() as i32;
        }
        score
    }

    /// The term of each [`Role`]'s material (the king has none).
    const MATERIAL: [Option<usize>; 8] = [
        Some(0),
        Some(1),
        Some(2),
        Some(3),
        Some(4),
        None,
        Some(5),
        Some(6),
    ];

    /// The cell at `file`, `rank`, if the board has one.
    fn cell_at(file: i32, rank: i32) -> Option<usize> {
        let (f, r) = (u8::try_from(file).ok()?, u8::try_from(rank).ok()?);
        crate::board::Cell::new(f, r).map(|c| usize::from(c.index()))
    }

    /// The piece on `file`, `rank`, if any.
    fn piece_at(pos: &Turret, file: i32, rank: i32) -> Option<Piece> {
        cell_at(file, rank).and_then(|i| Piece::from_code(pos.cells[i]))
    }

    /// One side's terms counted piece by piece, cell by cell (all but the hanging pieces),
    /// the cells it can capture on, and its phase.
    fn reference_side(pos: &Turret, color: Color) -> ([i32; TERMS], u128, i32) {
        let own = pos.by_color[color.index()];
        let occ = pos.by_color[0] | pos.by_color[1];
        let fwd = if color == Color::White { 1 } else { -1 };
        let enemy_king = (0..80)
            .rev()
            .find(|&i| Piece::from_code(pos.cells[i]) == Some(Piece::new(!color, Role::King)));
        let zone = enemy_king.map_or(0, |k| KING[k]);
        let mut n = [0; TERMS];
        let (mut attacks, mut captures, mut phase) = (0u128, 0u128, 0);
        let (mut attackers, mut hits) = (0, 0);
        // The enemy pieces its pawns attack (each once).
        let mut threatened = 0u128;
        let mut pawns_on_file = [0; 10];
        let pawn_of = |p: Option<Piece>, c: Color| p == Some(Piece::new(c, Role::Pawn));
        for i in 0..80usize {
            let Some(p) = Piece::from_code(pos.cells[i]).filter(|p| p.color == color) else {
                continue;
            };
            let (file, rank) = ((i % 10) as i32, (i / 10) as i32);
            if let Some(t) = MATERIAL[p.role as usize] {
                n[t] += 1;
                phase += PHASE_OF_TERM[t];
            }
            let open = (0..8).all(|r| piece_at(pos, file, r).map(|q| q.role) != Some(Role::Pawn));
            let reach = match p.role {
                Role::Pawn => {
                    pawns_on_file[i % 10] += 1;
                    let relative = if fwd == 1 { rank } else { 7 - rank };
                    n[PAWN_ADVANCE] += (relative - 1).max(0);
                    let passed = (0..80).all(|j: i32| {
                        let (f, r) = (j % 10, j / 10);
                        !pawn_of(piece_at(pos, f, r), !color)
                            || (f - file).abs() > 1
                            || (r - rank) * fwd <= 0
                    });
                    if passed {
                        n[PASSED + relative.clamp(1, 6) as usize - 1] += 1;
                    }
                    let protected = [-1, 1]
                        .iter()
                        .any(|df| pawn_of(piece_at(pos, file + df, rank - fwd), color));
                    n[PROTECTED] += i32::from(protected);
                    for df in [-1, 1] {
                        let q = piece_at(pos, file + df, rank + fwd);
                        if q.is_some_and(|q| {
                            q.color != color && q.role != Role::Pawn && q.role != Role::King
                        }) {
                            threatened |= 1 << cell_at(file + df, rank + fwd).unwrap_or(0);
                        }
                        if let Some(j) = cell_at(file + df, rank + fwd) {
                            captures |= 1 << j;
                        }
                    }
                    continue;
                }
                Role::Knight => {
                    let central =
                        i32::from((3..=6).contains(&file)) + i32::from((2..=5).contains(&rank));
                    n[KNIGHT_CENTRE] += central;
                    KNIGHT[i]
                }
                Role::Bishop => bishop_attacks(i as u8, occ),
                Role::Rook => {
                    let semi = (0..8).all(|r| !pawn_of(piece_at(pos, file, r), color));
                    n[ROOK_OPEN] += i32::from(open);
                    n[ROOK_SEMI_OPEN] += i32::from(!open && semi);
                    rook_attacks(i as u8, occ)
                }
                Role::Queen | Role::Turret => {
                    if p.role == Role::Turret {
                        n[TURRET_OPEN] += i32::from(open);
                        reference_turret_lines(pos, i as u8, color, &mut n);
                    }
                    bishop_attacks(i as u8, occ) | rook_attacks(i as u8, occ)
                }
                Role::King => {
                    let df = if file <= 4 { 4 - file } else { file - 5 };
                    let dr = if rank <= 3 { 3 - rank } else { rank - 4 };
                    n[KING_CENTRE] = (4 - df.max(dr)).max(0);
                    n[KING_SHELTER] = 0;
                    for (df, dr) in [
                        (-1, -1),
                        (0, -1),
                        (1, -1),
                        (-1, 0),
                        (1, 0),
                        (-1, 1),
                        (0, 1),
                        (1, 1),
                    ] {
                        n[KING_SHELTER] +=
                            i32::from(pawn_of(piece_at(pos, file + df, rank + dr), color));
                    }
                    captures |= KING[i];
                    continue;
                }
                Role::Kwagga => continue,
            };
            let mobility = [0, 0, 1, 2, 3, 0, 4, 0][p.role as usize];
            n[MOBILITY + mobility] += (reach & !own).count_ones() as i32;
            attacks |= reach;
            if p.role != Role::Turret {
                captures |= reach;
            }
            if reach & zone != 0 {
                attackers += 1;
                hits += (reach & zone).count_ones() as i32;
            }
        }
        for file in 0..10usize {
            let neighbours = [file.wrapping_sub(1), file + 1]
                .iter()
                .filter_map(|&f| pawns_on_file.get(f))
                .sum::<i32>();
            n[DOUBLED] += (pawns_on_file[file] - 1).max(0);
            n[ISOLATED] += if neighbours == 0 {
                pawns_on_file[file]
            } else {
                0
            };
        }
        n[BISHOP_PAIR] = i32::from(n[2] >= 2);
        n[PAWN_THREATS] = threatened.count_ones() as i32;
        n[KING_ZONE_ATTACKS] = (zone & attacks).count_ones() as i32;
        n[KING_DANGER] = if attackers >= 2 { attackers * hits } else { 0 };
        (n, captures, phase)
    }

    /// The Turret on `s`: in each direction with a piece behind it to throw, the loaded
    /// line counts, and the first piece on the line two or more cells away, if it is an
    /// enemy's, is what the sling threatens (the king: a check).
    fn reference_turret_lines(pos: &Turret, s: u8, color: Color, n: &mut [i32; TERMS]) {
        for dir in Dir::ALL {
            let behind = STEP[dir.opposite() as usize][s as usize];
            if behind == NONE || pos.cells[behind as usize] == 0 {
                continue;
            }
            n[TURRET_LOADED] += 1;
            let mut cell = STEP[dir as usize][s as usize];
            let mut steps = 0;
            while cell != NONE && pos.cells[cell as usize] == 0 {
                cell = STEP[dir as usize][cell as usize];
                steps += 1;
            }
            if cell == NONE || steps == 0 {
                continue;
            }
            if let Some(target) = Piece::from_code(pos.cells[cell as usize]) {
                if target.color != color {
                    n[if target.role == Role::King {
                        SLING_CHECKS
                    } else {
                        SLING_THREATS
                    }] += 1;
                }
            }
        }
    }

    /// All the terms and the phase, piece by piece.
    fn reference_terms(pos: &Turret) -> ([i32; TERMS], i32) {
        let (us, our_captures, our_phase) = reference_side(pos, pos.turn);
        let (them, their_captures, their_phase) = reference_side(pos, !pos.turn);
        let mut d = [0; TERMS];
        for t in 0..TERMS {
            d[t] = us[t] - them[t];
        }
        for i in 0..80 {
            let Some(p) = Piece::from_code(pos.cells[i]).filter(|p| p.role != Role::King) else {
                continue;
            };
            let (attacked, defended) = if p.color == pos.turn {
                (their_captures, our_captures)
            } else {
                (our_captures, their_captures)
            };
            if attacked >> i & 1 == 1 && defended >> i & 1 == 0 {
                d[HANGING] += if p.color == pos.turn { -1 } else { 1 };
            }
        }
        (d, (our_phase + their_phase).min(PHASE_TOTAL))
    }

    #[test]
    fn the_terms_are_those_counted_piece_by_piece() {
        let mut seen = [0; TERMS];
        for pos in positions() {
            let (d, phase) = pos.terms();
            assert_eq!((d, phase), reference_terms(&pos), "{}", pos.to_text());
            for (s, v) in seen.iter_mut().zip(d) {
                *s += usize::from(v != 0);
            }
        }
        // Every term but the Kwaggas' occurs in the positions compared.
        for (t, &s) in seen.iter().enumerate() {
            assert!(s > 0 || t == 6, "{} never occurs", FEATURES[2 * t]);
        }
    }

    #[test]
    fn the_features_are_the_terms_times_their_phase_shares() {
        for pos in positions() {
            let (d, phase) = pos.terms();
            let mut f = Dense::new(FEATURES.len());
            pos.features(&mut f);
            for (t, v) in d.into_iter().enumerate() {
                assert_eq!(f.values()[2 * t], v * phase);
                assert_eq!(f.values()[2 * t + 1], v * (PHASE_TOTAL - phase));
            }
            assert_eq!(f.values()[TEMPO], PHASE_TOTAL);
        }
    }

    #[test]
    fn the_evaluation_is_the_dot_product_of_the_features() {
        let weights: Vec<i32> = (0..FEATURES.len() as i32).map(|i| 7 * i - 40).collect();
        for pos in positions() {
            for w in [WEIGHTS.get(), WEIGHTS.legacy(), &weights[..], &weights[..5]] {
                let mut dot = Dot::new(w);
                pos.features(&mut dot);
                assert_eq!(pos.weighted_sum(w), dot.sum(), "{}", pos.to_text());
                assert_eq!(pos.evaluate_with(w), dot.sum() / Turret::SCALE);
            }
        }
    }

    #[test]
    fn the_weight_file_reads() {
        chimera_test_kit::check_weight_file(&WEIGHTS);
        // And the hand-set weights the fit started from.
        let hand = chimera_kit::tune::parse_weights(include_str!("weights-hand.txt"), FEATURES);
        assert_eq!(hand.map(|w| w.len()), Ok(FEATURES.len()));
    }

    #[test]
    fn the_legacy_weights_are_the_old_evaluation() {
        let old = |pos: &Turret| {
            PHASE_TOTAL * (legacy_side_score(pos, pos.turn) - legacy_side_score(pos, !pos.turn))
        };
        chimera_test_kit::check_legacy_weights(&positions(), &WEIGHTS, old, |p| p.to_text());
    }

    #[test]
    fn the_evaluation_is_symmetric() {
        for pos in positions() {
            let mut other = pos.clone();
            other.turn = !other.turn;
            let (mut a, mut b) = (Dense::new(FEATURES.len()), Dense::new(FEATURES.len()));
            pos.features(&mut a);
            other.features(&mut b);
            for (i, (x, y)) in a.values().iter().zip(b.values()).enumerate() {
                if i == TEMPO {
                    assert_eq!((*x, *y), (PHASE_TOTAL, PHASE_TOTAL));
                } else {
                    assert_eq!(*x, -*y, "{} in {}", FEATURES[i], pos.to_text());
                }
            }
        }
    }

    #[test]
    fn a_loaded_turret_threatens_with_its_sling() {
        // The white Turret on e4 has a pawn behind it (e3) to throw up the e-file, where the
        // black knight on e7 is the first piece: a sling threat along one loaded line.
        let text = "5k4/*3n4*/*8*/*8*/*3T4*/*3P4*/*8*/5K4 w - - 0 1";
        let pos = Turret::from_text(text, Default::default()).expect("a position");
        let (d, _) = pos.terms();
        assert_eq!((d[TURRET_LOADED], d[SLING_THREATS]), (1, 1));
        // With the king there instead, the sling gives check (Black to move: for Black, the
        // opponent's check counts against it).
        let text = "10/*3k4*/*8*/*8*/*3T4*/*3P4*/*8*/5K4 b - - 0 1";
        let pos = Turret::from_text(text, Default::default()).expect("a position");
        let (d, _) = pos.terms();
        assert_eq!((d[SLING_THREATS], d[SLING_CHECKS]), (0, -1));
    }

    #[test]
    fn a_passed_pawn_counts_by_its_rank_and_an_isolated_one_is_seen() {
        // White's pawn on e6 (its sixth rank) is passed (no black pawn ahead on d-f) and
        // isolated; Black's on b7 and c7 (their second rank) are passed and neighbours.
        let text = "5k4/*pp6*/*3P4*/*8*/*8*/*8*/*8*/5K4 w - - 0 1";
        let pos = Turret::from_text(text, Default::default()).expect("a position");
        let (d, _) = pos.terms();
        // e6 is White's sixth rank; b7 and c7 are Black's second.
        assert_eq!(d[PASSED + 4], 1, "{d:?}");
        assert_eq!(d[PASSED], -2, "{d:?}");
        assert_eq!(d[ISOLATED], 1, "{d:?}");
    }

    #[test]
    fn the_noisy_moves_are_the_legal_moves_that_gain() {
        let (mut all, mut noisy) = (Vec::new(), Vec::new());
        let mut seen = 0;
        for pos in positions() {
            pos.legal_moves(&mut all);
            assert_eq!(pos.noisy_moves(&mut noisy), !all.is_empty());
            if !all.is_empty() {
                all.retain(|&m| pos.is_noisy(m));
                assert_eq!(noisy, all, "{}", pos.to_text());
                seen += noisy.len();
            }
        }
        assert!(seen > 0);
    }

    /// Positions of a few random games from the start.
    fn positions() -> Vec<Turret> {
        chimera_test_kit::random_positions(&Turret::start(Default::default()), 20, 80, 11)
    }

    #[test]
    fn the_cached_evaluation_is_the_evaluation() {
        let positions = positions();
        for _ in 0..2 {
            for pos in &positions {
                assert_eq!(pos.evaluate(), pos.evaluate_with(WEIGHTS.get()));
            }
        }
    }

    /// The capture value as it was worked out before issue 26, through `Turret::sling`.
    fn reference_capture_value(pos: &Turret, mv: Move) -> i32 {
        let mut value = match mv.kind() {
            MoveKind::EnPassant => ROLE_VALUES[Role::Pawn as usize],
            MoveKind::Castle => 0,
            MoveKind::Normal => Piece::from_code(pos.cells[mv.dst_index() as usize & 127])
                .filter(|p| p.color != pos.turn)
                .map_or(0, |p| ROLE_VALUES[p.role as usize]),
        };
        if let Some(role) = mv.promotion() {
            value += ROLE_VALUES[role as usize] - ROLE_VALUES[Role::Pawn as usize];
        }
        if let Some(sling) = pos.sling(mv) {
            if let Some(victim) = sling.captured.filter(|v| v.color != pos.turn) {
                value += ROLE_VALUES[victim.role as usize];
            }
            if sling.promotes {
                let gain = ROLE_VALUES[Role::Queen as usize] - ROLE_VALUES[Role::Pawn as usize];
                value += if sling.piece.color == pos.turn {
                    gain
                } else {
                    -gain
                };
            }
        }
        value
    }

    #[test]
    fn the_capture_values_are_those_worked_out_through_the_sling() {
        let mut moves = Vec::new();
        let mut slings = 0;
        for pos in positions() {
            pos.legal_moves(&mut moves);
            for &mv in &moves {
                assert_eq!(
                    pos.capture_value(mv),
                    reference_capture_value(&pos, mv),
                    "{} {}",
                    pos.to_text(),
                    pos.move_text(mv)
                );
                slings += usize::from(pos.sling(mv).is_some());
            }
        }
        assert!(slings > 0, "some slings were compared");
    }

    #[test]
    fn the_cells_of_a_set_are_its_bits_lowest_first() {
        let mut x = 0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c834_u128;
        for _ in 0..1_000 {
            let cells: Vec<u8> = bits(x).collect();
            let expected: Vec<u8> = (0..128u8).filter(|&i| x >> i & 1 != 0).collect();
            assert_eq!(cells, expected);
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
        }
        assert_eq!(bits(0).count(), 0);
    }

    #[test]
    fn the_count_is_count_ones() {
        let mut x = 0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c834_u128;
        for _ in 0..10_000 {
            assert_eq!(count(x), x.count_ones() as i32);
            assert_eq!(count_few(x), x.count_ones() as i32);
            // xorshift
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
        }
        for x in [
            0,
            !0,
            1,
            1 << 127,
            u128::from(u64::MAX),
            u128::from(u64::MAX) << 64,
        ] {
            assert_eq!(count(x), x.count_ones() as i32);
            assert_eq!(count_few(x), x.count_ones() as i32);
        }
    }
}
