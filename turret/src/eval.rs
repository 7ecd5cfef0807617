//! [`Evaluate`] for Turret Chess: material, mobility and pawn advance as in chess, the
//! Turret's lines and slings (loaded lines, enemy pieces and checks a sling reaches) and
//! king safety, the same terms for both sides, scored for the side to move.
//!
//! The score is linear in its weights ([`Features`]): the weights are data, `weights.txt`
//! beside this file, fitted to engine games by `chimera tune turret` (Texel's method).

use crate::board::{
    bishop_attacks, queen_attacks, rook_attacks, KING, KNIGHT, LINE_DIR, NONE, STEP,
};
use crate::position::{direction, last_rank, Turret};
use crate::types::{Move, MoveKind, Piece, Role};
use chimera_core::{Color, Evaluate};
use chimera_kit::tune::{FeatureSink, Features, WeightSet};

/// The value of each [`Role`] in centipawns (the king counts nothing: checkmate decides).
pub const ROLE_VALUES: [i32; 8] = [100, 300, 320, 500, 900, 0, 450, 350];

/// The features of the evaluation, in the order of the weight file (`weights.txt`). Each is
/// the side to move's count minus the opponent's, except `tempo` (1: the move is ours).
pub const FEATURES: &[&str] = &[
    "pawn",
    "knight",
    "bishop",
    "rook",
    "queen",
    "turret",
    "kwagga",
    "pawn_advance",
    "knight_centre",
    "mobility",
    "turret_loaded",
    "sling_threats",
    "sling_checks",
    "king_shelter",
    "king_zone_attacks",
    "tempo",
];

/// The evaluation before issue 21 as weights of [`FEATURES`]: material, pawn advance,
/// knight centrality and mobility.
const LEGACY: [i32; 16] = [100, 300, 320, 500, 900, 450, 350, 6, 8, 4, 0, 0, 0, 0, 0, 0];

/// The weights of the evaluation: `weights.txt` (written by `chimera tune turret`).
pub static WEIGHTS: WeightSet = WeightSet::new(FEATURES, include_str!("weights.txt"), &LEGACY);

const PAWN_ADVANCE: usize = 7;
const KNIGHT_CENTRE: usize = 8;
const MOBILITY: usize = 9;
const TURRET_LOADED: usize = 10;
const SLING_THREATS: usize = 11;
const SLING_CHECKS: usize = 12;
const KING_SHELTER: usize = 13;
const KING_ZONE_ATTACKS: usize = 14;
const TEMPO: usize = 15;
/// The features counted for each side apart (the first ones, up to `KING_SHELTER`).
const SIDE_FEATURES: usize = KING_SHELTER + 1;

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

/// What one side's pieces do, for the features that compare it with the other side's.
struct Side {
    /// Its counts of the features up to `KING_SHELTER` (material, pawn advance, knight
    /// centrality, mobility, the Turrets' lines, king shelter), in the order of [`FEATURES`].
    counts: [i32; SIDE_FEATURES],
    /// The cells its sliders, knights and Turrets attack.
    attacks: u128,
    /// Its king's cell.
    king: Option<u8>,
}

impl Turret {
    /// `color`'s side of the features: material, pawn advance, knight centrality,
    /// mobility, the Turret's lines (the directions in which it is loaded, a piece behind
    /// it to throw, and the enemy pieces, the king apart, its slings reach) and king shelter.
    ///
    /// The pieces are visited role by role (their sets), each feature summed as it goes:
    /// the same sums as piece by piece, for fewer instructions (issue 26).
    #[inline(always)]
    fn side_features(&self, color: Color) -> Side {
        let c = color.index();
        let own = self.by_color[c];
        let occ = self.by_color[0] | self.by_color[1];
        let of = |role: Role| self.by_role[role as usize] & own;
        let mut attacks = 0u128;
        let mut mobility = 0;
        // Each piece's reach: what it attacks, and its moves to cells it does not hold.
        let mut reach = |r: u128| {
            attacks |= r;
            mobility += count(r & !own);
        };
        let (mut pawns, mut advance) = (0, 0);
        for i in bits(of(Role::Pawn)) {
            pawns += 1;
            advance += i32::from(PAWN_ADVANCE_BY_CELL[c][i as usize]);
        }
        let (mut knights, mut central) = (0, 0);
        for i in bits(of(Role::Knight)) {
            knights += 1;
            central += i32::from(KNIGHT_CENTRE_BY_CELL[i as usize]);
            reach(KNIGHT[i as usize]);
        }
        let mut bishops = 0;
        for i in bits(of(Role::Bishop)) {
            bishops += 1;
            reach(bishop_attacks(i, occ));
        }
        let mut rooks = 0;
        for i in bits(of(Role::Rook)) {
            rooks += 1;
            reach(rook_attacks(i, occ));
        }
        let mut queens = 0;
        for i in bits(of(Role::Queen)) {
            queens += 1;
            reach(queen_attacks(i, occ));
        }
        let mut turrets = 0;
        let enemy = self.by_color[1 - c];
        let (mut loaded, mut threats, mut checks) = (0, 0, 0);
        for i in bits(of(Role::Turret)) {
            turrets += 1;
            let r = queen_attacks(i, occ);
            let lines = self.turret_lines(i, r, enemy);
            loaded += lines[0];
            threats += lines[1];
            checks += lines[2];
            reach(r);
        }
        // The last king in cell order, should there be more than one.
        let kings = of(Role::King);
        let king = (kings != 0).then(|| 127 - kings.leading_zeros() as u8);
        let shelter = king.map_or(0, |k| count_few(KING[k as usize] & of(Role::Pawn)));
        let mut counts = [0; SIDE_FEATURES];
        // The material features come first, in this order.
        // Kwaggas are in play only under their rule option: most positions have none.
        let kwaggas = match of(Role::Kwagga) {
            0 => 0,
            set => count(set),
        };
        let material = [pawns, knights, bishops, rooks, queens, turrets, kwaggas];
        counts[..material.len()].copy_from_slice(&material);
        counts[PAWN_ADVANCE] = advance;
        counts[KNIGHT_CENTRE] = central;
        counts[MOBILITY] = mobility;
        counts[TURRET_LOADED] = loaded;
        counts[SLING_THREATS] = threats;
        counts[SLING_CHECKS] = checks;
        counts[KING_SHELTER] = shelter;
        Side {
            counts,
            attacks,
            king,
        }
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
}

impl Features for Turret {
    const NAMES: &'static [&'static str] = FEATURES;

    fn features<S: FeatureSink>(&self, sink: &mut S) {
        for (f, v) in self.feature_vector().into_iter().enumerate() {
            sink.add(f, v);
        }
    }
}

impl Turret {
    /// The features (the side to move's counts minus the opponent's), each summed over
    /// both sides before it meets its weight (issue 26: one multiplication a feature).
    #[inline(always)]
    fn feature_vector(&self) -> [i32; FEATURES.len()] {
        let us = self.side_features(self.turn);
        let them = self.side_features(!self.turn);
        let mut v = [0; FEATURES.len()];
        for ((v, a), b) in v.iter_mut().zip(us.counts).zip(them.counts) {
            *v = a - b;
        }
        // Pressure on the enemy king: the cells around it each side attacks.
        let zone = |king: Option<u8>, attacks: u128| {
            king.map_or(0, |k| count_few(KING[k as usize] & attacks))
        };
        v[KING_ZONE_ATTACKS] = zone(them.king, us.attacks) - zone(us.king, them.attacks);
        v[TEMPO] = 1;
        v
    }

    /// The evaluation worked out (no cache): the features' dot product with `weights`, as
    /// [`Dot`](chimera_kit::tune::Dot) sums it (wrapping; a feature without a weight counts nothing).
    fn evaluate_with(&self, weights: &[i32]) -> i32 {
        let v = self.feature_vector();
        v.iter()
            .zip(weights)
            .fold(0i32, |sum, (&v, &w)| sum.wrapping_add(w.wrapping_mul(v)))
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
    use chimera_kit::tune::FeatureSink;
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

    /// The feature of each [`Role`]'s material (the king has none).
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

    /// The features piece by piece, as they were computed before issue 26.
    fn reference_side<S: FeatureSink>(pos: &Turret, color: Color, sign: i32, sink: &mut S) -> Side {
        let c = color.index();
        let own = pos.by_color[c];
        let occ = pos.by_color[0] | pos.by_color[1];
        let mut side = Side {
            counts: [0; SIDE_FEATURES],
            attacks: 0,
            king: None,
        };
        let mut bits = own;
        while bits != 0 {
            let i = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            let Some(p) = Piece::from_code(pos.cells[i as usize]) else {
                continue;
            };
            if let Some(f) = MATERIAL[p.role as usize] {
                sink.add(f, sign);
            }
            let (file, rank) = (i32::from(i % 10), i32::from(i / 10));
            let reach = match p.role {
                Role::Pawn => {
                    let advanced = if color == Color::White {
                        rank - 1
                    } else {
                        6 - rank
                    };
                    sink.add(PAWN_ADVANCE, sign * advanced.max(0));
                    0
                }
                Role::Knight => {
                    // Centre files are d-g (3..=6), centre ranks 3-6 (2..=5).
                    let central =
                        i32::from((3..=6).contains(&file)) + i32::from((2..=5).contains(&rank));
                    sink.add(KNIGHT_CENTRE, sign * central);
                    KNIGHT[i as usize]
                }
                Role::Bishop => bishop_attacks(i, occ),
                Role::Rook => rook_attacks(i, occ),
                Role::Queen => bishop_attacks(i, occ) | rook_attacks(i, occ),
                Role::Turret => {
                    reference_turret_lines(pos, i, color, sign, sink);
                    bishop_attacks(i, occ) | rook_attacks(i, occ)
                }
                Role::King => {
                    side.king = Some(i);
                    0
                }
                Role::Kwagga => 0,
            };
            side.attacks |= reach;
            sink.add(MOBILITY, sign * (reach & !own).count_ones() as i32);
        }
        if let Some(k) = side.king {
            let pawns = KING[k as usize] & own;
            let mut shelter = 0;
            let mut b = pawns;
            while b != 0 {
                let i = b.trailing_zeros() as usize;
                b &= b - 1;
                shelter += i32::from(matches!(
                    Piece::from_code(pos.cells[i]),
                    Some(Piece {
                        role: Role::Pawn,
                        ..
                    })
                ));
            }
            sink.add(KING_SHELTER, sign * shelter);
        }
        side
    }

    /// The Turret on `s`: in each direction with a piece behind it to throw, the loaded
    /// line counts, and the first piece on the line two or more cells away, if it is an
    /// enemy's, is what the sling threatens (the king: a check).
    fn reference_turret_lines<S: FeatureSink>(
        pos: &Turret,
        s: u8,
        color: Color,
        sign: i32,
        sink: &mut S,
    ) {
        for dir in Dir::ALL {
            let behind = STEP[dir.opposite() as usize][s as usize];
            if behind == NONE || pos.cells[behind as usize] == 0 {
                continue;
            }
            sink.add(TURRET_LOADED, sign);
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
                    let f = if target.role == Role::King {
                        SLING_CHECKS
                    } else {
                        SLING_THREATS
                    };
                    sink.add(f, sign);
                }
            }
        }
    }

    /// All the features piece by piece, as before issue 26.
    fn reference_features(pos: &Turret) -> Vec<i32> {
        let mut f = Dense::new(FEATURES.len());
        let us = reference_side(pos, pos.turn, 1, &mut f);
        let them = reference_side(pos, !pos.turn, -1, &mut f);
        let zone = |king: Option<u8>, attacks: u128| {
            king.map_or(0, |k| (KING[k as usize] & attacks).count_ones() as i32)
        };
        f.add(
            KING_ZONE_ATTACKS,
            zone(them.king, us.attacks) - zone(us.king, them.attacks),
        );
        f.add(TEMPO, 1);
        f.values().to_vec()
    }

    #[test]
    fn the_features_are_those_counted_piece_by_piece() {
        for pos in positions() {
            let mut f = Dense::new(FEATURES.len());
            pos.features(&mut f);
            assert_eq!(f.values(), reference_features(&pos), "{}", pos.to_text());
        }
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

    #[test]
    fn the_evaluation_is_the_dot_product_of_the_features() {
        let weights: Vec<i32> = (0..FEATURES.len() as i32).map(|i| 7 * i - 40).collect();
        for pos in positions() {
            for w in [WEIGHTS.get(), WEIGHTS.legacy(), &weights[..], &weights[..5]] {
                let mut dot = Dot::new(w);
                pos.features(&mut dot);
                assert_eq!(pos.evaluate_with(w), dot.sum(), "{}", pos.to_text());
            }
        }
    }

    #[test]
    fn the_weight_file_reads() {
        chimera_test_kit::check_weight_file(&WEIGHTS);
    }

    #[test]
    fn the_legacy_weights_are_the_old_evaluation() {
        let old =
            |pos: &Turret| legacy_side_score(pos, pos.turn) - legacy_side_score(pos, !pos.turn);
        chimera_test_kit::check_legacy_weights(&positions(), &WEIGHTS, old, |p| p.to_text());
    }

    #[test]
    fn the_evaluation_is_symmetric() {
        let flip = |pos: &Turret| {
            let mut other = pos.clone();
            other.turn = !other.turn;
            other
        };
        chimera_test_kit::check_features_symmetric(&positions(), TEMPO, flip, |p| p.to_text());
    }

    #[test]
    fn a_loaded_turret_threatens_with_its_sling() {
        // The white Turret on e4 has a pawn behind it (e3) to throw up the e-file, where the
        // black knight on e7 is the first piece: a sling threat along one loaded line.
        let text = "5k4/*3n4*/*8*/*8*/*3T4*/*3P4*/*8*/5K4 w - - 0 1";
        let pos = Turret::from_text(text, Default::default()).expect("a position");
        let mut f = Dense::new(FEATURES.len());
        pos.features(&mut f);
        assert_eq!(f.values()[TURRET_LOADED], 1);
        assert_eq!(f.values()[SLING_THREATS], 1);
        // With the king there instead, the sling gives check (Black to move: for Black, the
        // opponent's check counts against it).
        let text = "10/*3k4*/*8*/*8*/*3T4*/*3P4*/*8*/5K4 b - - 0 1";
        let pos = Turret::from_text(text, Default::default()).expect("a position");
        let mut f = Dense::new(FEATURES.len());
        pos.features(&mut f);
        assert_eq!(
            (f.values()[SLING_THREATS], f.values()[SLING_CHECKS]),
            (0, -1)
        );
    }
}
