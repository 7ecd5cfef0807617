//! The evaluation's weights, as data: every number [`crate::Chess`]'s evaluation uses, in
//! centipawns, each as a pair (middlegame, endgame) blended by the game phase (tapered
//! evaluation).
//!
//! The material values and piece-square tables are PeSTO's (Ronald Friederich's engine
//! RofChade, tuned by Texel's method and published on the Chess Programming Wiki, "PeSTO's
//! Evaluation Function"). The tables are written as a board diagram from White's side,
//! eighth rank first (index 0 is a8): White's piece on square `s` (a1 = 0) reads entry
//! `s ^ 56`, Black's reads entry `s` (the board mirrored). They stay Rust constants: they are
//! already tuned by Texel's method (the tuner sees their sums as two frozen features,
//! `psqt_mg` and `psqt_eg`, of weight 1); the material values are corrected by ten weights
//! of the file, `material_<role>_*` (session 45), and the tables by 768,
//! `pst_<role>_<square>_*` (session 46), all summed into the incremental piece-square table.
//!
//! The other weights (mobility, pawn structure, passed pawns, rooks on open files, the
//! bishop pair, the pawn shelter and storm, the king danger's scale, threats, the tempo) are
//! data: `src/weights.txt`, one `name value` line per feature of [`NAMES`], written by
//! `chimera tune chess` and read at compile time into [`WEIGHTS`] (a `const`, so the
//! evaluation compiles to the same code as with literal constants). A malformed file is a
//! compile error; the crate's tests also read it with `chimera_kit::tune::parse_weights`,
//! whose errors name the line.
//!
//! The king danger is not linear: attack units (below) squared, capped, scaled by the
//! number of attackers. Its inner weights are frozen here, and one weight of the file,
//! `king_danger_mg` (in sixteenths), scales the danger so computed: the evaluation is linear
//! in every weight of the file.

/// A middlegame and an endgame value.
pub type Pair = (i32, i32);

/// Material, in the order of [`crate::Role::ALL`] (pawn, knight, bishop, rook, queen, king).
pub const MATERIAL: [Pair; 6] = [
    (82, 94),
    (337, 281),
    (365, 297),
    (477, 512),
    (1025, 936),
    (0, 0),
];

/// The phase each role adds (a full board is [`PHASE_TOTAL`]: the middlegame).
pub const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// The phase of the starting material.
pub const PHASE_TOTAL: i32 = 24;

/// A piece-square table: 64 entries, a8 first.
pub type Table = [i32; 64];

/// Middlegame piece-square tables, in the order of [`crate::Role::ALL`].
#[rustfmt::skip]
pub const PST_MG: [Table; 6] = [
    [   0,   0,   0,   0,   0,   0,  0,   0,
       98, 134,  61,  95,  68, 126, 34, -11,
       -6,   7,  26,  31,  65,  56, 25, -20,
      -14,  13,   6,  21,  23,  12, 17, -23,
      -27,  -2,  -5,  12,  17,   6, 10, -25,
      -26,  -4,  -4, -10,   3,   3, 33, -12,
      -35,  -1, -20, -23, -15,  24, 38, -22,
        0,   0,   0,   0,   0,   0,  0,   0],
    [-167, -89, -34, -49,  61, -97, -15, -107,
      -73, -41,  72,  36,  23,  62,   7,  -17,
      -47,  60,  37,  65,  84, 129,  73,   44,
       -9,  17,  19,  53,  37,  69,  18,   22,
      -13,   4,  16,  13,  28,  19,  21,   -8,
      -23,  -9,  12,  10,  19,  17,  25,  -16,
      -29, -53, -12,  -3,  -1,  18, -14,  -19,
     -105, -21, -58, -33, -17, -28, -19,  -23],
    [ -29,   4, -82, -37, -25, -42,   7,  -8,
      -26,  16, -18, -13,  30,  59,  18, -47,
      -16,  37,  43,  40,  35,  50,  37,  -2,
       -4,   5,  19,  50,  37,  37,   7,  -2,
       -6,  13,  13,  26,  34,  12,  10,   4,
        0,  15,  15,  15,  14,  27,  18,  10,
        4,  15,  16,   0,   7,  21,  33,   1,
      -33,  -3, -14, -21, -13, -12, -39, -21],
    [  32,  42,  32,  51,  63,   9,  31,  43,
       27,  32,  58,  62,  80,  67,  26,  44,
       -5,  19,  26,  36,  17,  45,  61,  16,
      -24, -11,   7,  26,  24,  35,  -8, -20,
      -36, -26, -12,  -1,   9,  -7,   6, -23,
      -45, -25, -16, -17,   3,   0,  -5, -33,
      -44, -16, -20,  -9,  -1,  11,  -6, -71,
      -19, -13,   1,  17,  16,   7, -37, -26],
    [ -28,   0,  29,  12,  59,  44,  43,  45,
      -24, -39,  -5,   1, -16,  57,  28,  54,
      -13, -17,   7,   8,  29,  56,  47,  57,
      -27, -27, -16, -16,  -1,  17,  -2,   1,
       -9, -26,  -9, -10,  -2,  -4,   3,  -3,
      -14,   2, -11,  -2,  -5,   2,  14,   5,
      -35,  -8,  11,   2,   8,  15,  -3,   1,
       -1, -18,  -9,  10, -15, -25, -31, -50],
    [ -65,  23,  16, -15, -56, -34,   2,  13,
       29,  -1, -20,  -7,  -8,  -4, -38, -29,
       -9,  24,   2, -16, -20,   6,  22, -22,
      -17, -20, -12, -27, -30, -25, -14, -36,
      -49,  -1, -27, -39, -46, -44, -33, -51,
      -14, -14, -22, -46, -44, -30, -15, -27,
        1,   7,  -8, -64, -43, -16,   9,   8,
      -15,  36,  12, -54,   8, -28,  24,  14],
];

/// Endgame piece-square tables, in the order of [`crate::Role::ALL`].
#[rustfmt::skip]
pub const PST_EG: [Table; 6] = [
    [   0,   0,   0,   0,   0,   0,   0,   0,
      178, 173, 158, 134, 147, 132, 165, 187,
       94, 100,  85,  67,  56,  53,  82,  84,
       32,  24,  13,   5,  -2,   4,  17,  17,
       13,   9,  -3,  -7,  -7,  -8,   3,  -1,
        4,   7,  -6,   1,   0,  -5,  -1,  -8,
       13,   8,   8,  10,  13,   0,   2,  -7,
        0,   0,   0,   0,   0,   0,   0,   0],
    [ -58, -38, -13, -28, -31, -27, -63, -99,
      -25,  -8, -25,  -2,  -9, -25, -24, -52,
      -24, -20,  10,   9,  -1,  -9, -19, -41,
      -17,   3,  22,  22,  22,  11,   8, -18,
      -18,  -6,  16,  25,  16,  17,   4, -18,
      -23,  -3,  -1,  15,  10,  -3, -20, -22,
      -42, -20, -10,  -5,  -2, -20, -23, -44,
      -29, -51, -23, -15, -22, -18, -50, -64],
    [ -14, -21, -11,  -8,  -7,  -9, -17, -24,
       -8,  -4,   7, -12,  -3, -13,  -4, -14,
        2,  -8,   0,  -1,  -2,   6,   0,   4,
       -3,   9,  12,   9,  14,  10,   3,   2,
       -6,   3,  13,  19,   7,  10,  -3,  -9,
      -12,  -3,   8,  10,  13,   3,  -7, -15,
      -14, -18,  -7,  -1,   4,  -9, -15, -27,
      -23,  -9, -23,  -5,  -9, -16,  -5, -17],
    [  13,  10,  18,  15,  12,  12,   8,   5,
       11,  13,  13,  11,  -3,   3,   8,   3,
        7,   7,   7,   5,   4,  -3,  -5,  -3,
        4,   3,  13,   1,   2,   1,  -1,   2,
        3,   5,   8,   4,  -5,  -6,  -8, -11,
       -4,   0,  -5,  -1,  -7, -12,  -8, -16,
       -6,  -6,   0,   2,  -9,  -9, -11,  -3,
       -9,   2,   3,  -1,  -5, -13,   4, -20],
    [  -9,  22,  22,  27,  27,  19,  10,  20,
      -17,  20,  32,  41,  58,  25,  30,   0,
      -20,   6,   9,  49,  47,  35,  19,   9,
        3,  22,  24,  45,  57,  40,  57,  36,
      -18,  28,  19,  47,  31,  34,  39,  23,
      -16, -27,  15,   6,   9,  17,  10,   5,
      -22, -23, -30, -16, -16, -23, -36, -32,
      -33, -28, -22, -43,  -5, -32, -20, -41],
    [ -74, -35, -18, -18, -11,  15,   4, -17,
      -12,  17,  14,  17,  17,  38,  23,  11,
       10,  17,  23,  15,  20,  45,  44,  13,
       -8,  22,  24,  27,  26,  33,  26,   3,
      -18,  -4,  21,  24,  27,  23,   9, -11,
      -19,  -3,  11,  21,  23,  16,   7,  -9,
      -27, -11,   4,  13,  14,   4,  -5, -17,
      -53, -34, -21, -11, -28, -14, -24, -43],
];

/// The inner weights of the king danger (frozen: not features; the file's
/// `king_danger_mg` and `king_danger_eg` scale the result). The model is Stockfish's
/// classical king danger (Stockfish 12's `evaluate.cpp`, GPL, its weights in its internal
/// units, converted to centipawns at the end): danger units summed from the attack on the
/// king's ring, checks, weak squares, pinned pieces and the king's flank, less the
/// defence and the shelter; above [`KING_DANGER_FLOOR`] the middlegame penalty is
/// `units² / KING_DANGER_MG_DIVISOR` and the endgame one `units / KING_DANGER_EG_DIVISOR`.
///
/// The weight of a piece that attacks the enemy king's ring (the king's square and its
/// neighbours, moved off the edge, less the squares two defending pawns guard), in the
/// order of [`crate::Role::ALL`]; the sum over the attackers is multiplied by their number.
pub const KING_ATTACK_WEIGHT: [i32; 6] = [0, 81, 52, 44, 10, 0];
/// The units of a safe check (a checking square the piece reaches that the defender does
/// not guard, or guards weakly while the attacker reaches it twice), once per role that
/// has one: `[role][1]` when it has more than one such square.
pub const SAFE_CHECK: [[i32; 2]; 6] = [
    [0, 0],
    [792, 1283],
    [645, 967],
    [1084, 1897],
    [772, 1119],
    [0, 0],
];
/// The units per checking square that is not safe (of a role without a safe check).
pub const UNSAFE_CHECK: i32 = 148;
/// The units per square of the king's ring that the attacker reaches and the defender
/// guards at most once, and then only by its king or queen (or not at all).
pub const WEAK_RING_SQUARE: i32 = 185;
/// The units per piece (of either side) pinned to the defending king or blocking a
/// slider's line to it.
pub const KING_BLOCKER: i32 = 98;
/// The units per attack of a piece on a square next to the king.
pub const KING_ADJACENT_ATTACK: i32 = 69;
/// The units of the attack on the king's flank (its three or four files, in the
/// defender's camp): `KING_FLANK_ATTACK * n² / 8`, `n` the squares the attacker reaches
/// there plus those it reaches twice.
pub const KING_FLANK_ATTACK: i32 = 3;
/// The units subtracted per square of the king's flank the defender guards.
pub const KING_FLANK_DEFENCE: i32 = 4;
/// The units subtracted when the attacker has no queen.
pub const NO_QUEEN: i32 = 873;
/// The units subtracted when a knight of the defender guards a square next to its king.
pub const KNIGHT_DEFENDER: i32 = 100;
/// The units subtracted per middlegame centipawn of the defender's shelter (in eighths).
pub const SHELTER_DEFENCE: i32 = 9;
/// The constant term of the units.
pub const KING_DANGER_BIAS: i32 = 37;
/// No danger is counted at or below this many units.
pub const KING_DANGER_FLOOR: i32 = 100;
/// The units are capped here (a penalty of about 15 pawns in the middlegame).
pub const KING_DANGER_CAP: i32 = 3000;
/// The middlegame penalty is `units² / KING_DANGER_MG_DIVISOR` centipawns (Stockfish's
/// `/ 4096` times 2/3, its middlegame pawn of 124 units against PeSTO's 82 centipawns).
pub const KING_DANGER_MG_DIVISOR: i32 = 6144;
/// The endgame penalty is `units / KING_DANGER_EG_DIVISOR` centipawns (Stockfish's `/ 16`
/// times its endgame pawn of 206 units against PeSTO's 94).
pub const KING_DANGER_EG_DIVISOR: i32 = 35;
/// The phase at or below which no king danger is counted (Stockfish's endgame limit);
/// above it the middlegame danger is scaled to reach its full share at the full phase.
pub const DANGER_PHASE_FLOOR: i32 = 6;
/// The middlegame centipawns per square of the king's flank the attacker reaches (plus
/// those it reaches twice).
pub const FLANK_ATTACK: i32 = 5;
/// The penalty (middlegame, endgame) for a king on a flank without pawns.
pub const PAWNLESS_FLANK: Pair = (11, 44);
/// The squares a piece of each role typically reaches: mobility counts above or below it,
/// so that the material values keep their meaning (frozen: the mobility weights absorb a
/// change of it).
pub const MOBILITY_BASE: [i32; 6] = [0, 4, 6, 7, 13, 0];

/// The list of names given, followed by the names of the piece-square corrections
/// (`pst_<role>_<square>_mg`, `…_eg`) in the order [`NAMES`] describes.
macro_rules! with_tables {
    ($($name:literal,)*) => {
        with_tables!(@role [$($name,)*] [pawn knight bishop rook queen king]
            [a1 b1 c1 d1 e1 f1 g1 h1 a2 b2 c2 d2 e2 f2 g2 h2
             a3 b3 c3 d3 e3 f3 g3 h3 a4 b4 c4 d4 e4 f4 g4 h4
             a5 b5 c5 d5 e5 f5 g5 h5 a6 b6 c6 d6 e6 f6 g6 h6
             a7 b7 c7 d7 e7 f7 g7 h7 a8 b8 c8 d8 e8 f8 g8 h8])
    };
    (@role [$($done:expr,)*] [] [$($square:ident)*]) => { &[$($done,)*] };
    (@role [$($done:expr,)*] [$role:ident $($rest:ident)*] [$($square:ident)*]) => {
        with_tables!(@role [$($done,)* $(
            concat!("pst_", stringify!($role), "_", stringify!($square), "_mg"),
            concat!("pst_", stringify!($role), "_", stringify!($square), "_eg"),
        )*] [$($rest)*] [$($square)*])
    };
}

/// The features of the evaluation, in the order of the weight file. A name ending in `_mg`
/// counts with the middlegame share of the phase, `_eg` with the endgame share; each is the
/// side to move's count less the opponent's.
///
/// - `psqt_mg`, `psqt_eg`: PeSTO's material and piece-square sums (weight 1, frozen).
/// - `mobility_<role>_*`: per square a knight, bishop, rook or queen reaches (not held by its
///   own side nor attacked by an enemy pawn), above [`MOBILITY_BASE`].
/// - `doubled_pawn_*`: per pawn beyond the first on its file; `isolated_pawn_*`: per pawn
///   with no pawn of its side on a neighbouring file.
/// - `passed_pawn_<rank>_*`: per passed pawn (no enemy pawn ahead on its file or a
///   neighbouring one), by its rank counted from its side (1: its starting rank; 0 and 7
///   never occur).
/// - `passer_free_*`: per passed pawn on its fourth rank or further, times its rank less
///   two, whose square in front is empty and not attacked by the enemy;
///   `passer_enemy_king_eg`: the same pawns, the enemy king's distance (at most 5) to that
///   square times the rank less two; `passer_own_king_eg`: the own king's, subtracted.
/// - `rook_open_file_*`: a rook on a file without pawns; `rook_semi_open_file_*`: without
///   pawns of its side; `bishop_pair_*`: both bishops.
/// - `shelter_<rank>_mg`: per file of the three around the king (the king's file moved off
///   the edge), the relative rank of the side's own rearmost pawn on that file level with
///   or in front of the king (0: none there); `storm_<rank>_mg`, subtracted: the relative
///   rank of the enemy's foremost pawn there when no own pawn blocks it;
///   `blocked_storm_<rank>_mg`, subtracted: when one does. Counted where the king stands,
///   or where it can still castle if the shelter is better there.
/// - `king_danger_mg`, `king_danger_eg`: the danger to the enemy king (Stockfish's
///   classical model with the frozen weights above: the attack on its ring, safe and
///   unsafe checks, weak squares, blockers, the flank, less the defence and the shelter,
///   squared in the middlegame, linear in the endgame), in sixteenths: 16 counts it as
///   computed.
/// - `threat_by_pawn_*`: an enemy piece other than a pawn attacked by a pawn;
///   `threat_by_minor_<role>_*`: an enemy piece of that role attacked by a knight or bishop
///   when it is a rook or queen or unguarded; `threat_by_rook_<role>_*`: attacked by a rook
///   when it is a queen or unguarded; `hanging_*`: an enemy piece other than a pawn or king
///   attacked and not guarded.
/// - `tempo`: the side to move's bonus (not tapered).
/// - `material_<role>_*`: per pawn, knight, bishop, rook or queen, added to PeSTO's
///   material value of it ([`MATERIAL`], in `psqt_mg` and `psqt_eg`): a fitted correction
///   of PeSTO's values (0: as published).
/// - `pst_<role>_<square>_*` (since session 46): per piece of that role on that square,
///   the square named from its side's point of view (White's e2 is Black's e7), added to
///   PeSTO's piece-square value ([`PST_MG`], [`PST_EG`], in `psqt_mg` and `psqt_eg`): a
///   fitted correction of PeSTO's tables (0: as published). In the order of
///   [`crate::Role::ALL`], squares a1, b1, …, h8, a pair (`_mg`, `_eg`) each: the one of
///   role `r` on square `s` (a1 = 0) is [`F_PST_CORRECTION`]` + 2 * (64 * r + s)`.
pub const NAMES: &[&str] = with_tables![
    "psqt_mg",
    "psqt_eg",
    "mobility_knight_mg",
    "mobility_knight_eg",
    "mobility_bishop_mg",
    "mobility_bishop_eg",
    "mobility_rook_mg",
    "mobility_rook_eg",
    "mobility_queen_mg",
    "mobility_queen_eg",
    "doubled_pawn_mg",
    "doubled_pawn_eg",
    "isolated_pawn_mg",
    "isolated_pawn_eg",
    "passed_pawn_0_mg",
    "passed_pawn_0_eg",
    "passed_pawn_1_mg",
    "passed_pawn_1_eg",
    "passed_pawn_2_mg",
    "passed_pawn_2_eg",
    "passed_pawn_3_mg",
    "passed_pawn_3_eg",
    "passed_pawn_4_mg",
    "passed_pawn_4_eg",
    "passed_pawn_5_mg",
    "passed_pawn_5_eg",
    "passed_pawn_6_mg",
    "passed_pawn_6_eg",
    "passed_pawn_7_mg",
    "passed_pawn_7_eg",
    "passer_free_mg",
    "passer_free_eg",
    "passer_enemy_king_eg",
    "passer_own_king_eg",
    "rook_open_file_mg",
    "rook_open_file_eg",
    "rook_semi_open_file_mg",
    "rook_semi_open_file_eg",
    "bishop_pair_mg",
    "bishop_pair_eg",
    "shelter_0_mg",
    "shelter_1_mg",
    "shelter_2_mg",
    "shelter_3_mg",
    "shelter_4_mg",
    "shelter_5_mg",
    "shelter_6_mg",
    "shelter_7_mg",
    "storm_0_mg",
    "storm_1_mg",
    "storm_2_mg",
    "storm_3_mg",
    "storm_4_mg",
    "storm_5_mg",
    "storm_6_mg",
    "storm_7_mg",
    "blocked_storm_0_mg",
    "blocked_storm_1_mg",
    "blocked_storm_2_mg",
    "blocked_storm_3_mg",
    "blocked_storm_4_mg",
    "blocked_storm_5_mg",
    "blocked_storm_6_mg",
    "blocked_storm_7_mg",
    "king_danger_mg",
    "king_danger_eg",
    "threat_by_pawn_mg",
    "threat_by_pawn_eg",
    "threat_by_minor_pawn_mg",
    "threat_by_minor_pawn_eg",
    "threat_by_minor_knight_mg",
    "threat_by_minor_knight_eg",
    "threat_by_minor_bishop_mg",
    "threat_by_minor_bishop_eg",
    "threat_by_minor_rook_mg",
    "threat_by_minor_rook_eg",
    "threat_by_minor_queen_mg",
    "threat_by_minor_queen_eg",
    "threat_by_rook_pawn_mg",
    "threat_by_rook_pawn_eg",
    "threat_by_rook_knight_mg",
    "threat_by_rook_knight_eg",
    "threat_by_rook_bishop_mg",
    "threat_by_rook_bishop_eg",
    "threat_by_rook_rook_mg",
    "threat_by_rook_rook_eg",
    "threat_by_rook_queen_mg",
    "threat_by_rook_queen_eg",
    "hanging_mg",
    "hanging_eg",
    "tempo",
    "material_pawn_mg",
    "material_pawn_eg",
    "material_knight_mg",
    "material_knight_eg",
    "material_bishop_mg",
    "material_bishop_eg",
    "material_rook_mg",
    "material_rook_eg",
    "material_queen_mg",
    "material_queen_eg",
];

/// How many features.
pub const FEATURE_COUNT: usize = 101 + 768;

/// The weights of the weight file, in the order of [`NAMES`], read at compile time.
pub const WEIGHTS: [i32; FEATURE_COUNT] = parse(include_str!("weights.txt"));

/// The weights of the evaluation before tuning (hand-set; commit 5b3ce83), as the weight
/// file listed them then (the corrections added since, 0).
pub const LEGACY: [i32; FEATURE_COUNT] = {
    let mut legacy = [0; FEATURE_COUNT];
    let mut f = 0;
    while f < LEGACY_LISTED.len() {
        legacy[f] = LEGACY_LISTED[f];
        f += 1;
    }
    legacy
};

/// [`LEGACY`]'s weights up to the piece-square corrections.
const LEGACY_LISTED: [i32; F_PST_CORRECTION] = [
    1,   // psqt_mg
    1,   // psqt_eg
    4,   // mobility_knight_mg
    4,   // mobility_knight_eg
    5,   // mobility_bishop_mg
    5,   // mobility_bishop_eg
    2,   // mobility_rook_mg
    4,   // mobility_rook_eg
    1,   // mobility_queen_mg
    2,   // mobility_queen_eg
    -10, // doubled_pawn_mg
    -20, // doubled_pawn_eg
    -8,  // isolated_pawn_mg
    -12, // isolated_pawn_eg
    0,   // passed_pawn_0_mg
    0,   // passed_pawn_0_eg
    0,   // passed_pawn_1_mg
    5,   // passed_pawn_1_eg
    0,   // passed_pawn_2_mg
    10,  // passed_pawn_2_eg
    5,   // passed_pawn_3_mg
    20,  // passed_pawn_3_eg
    10,  // passed_pawn_4_mg
    35,  // passed_pawn_4_eg
    20,  // passed_pawn_5_mg
    55,  // passed_pawn_5_eg
    35,  // passed_pawn_6_mg
    80,  // passed_pawn_6_eg
    0,   // passed_pawn_7_mg
    0,   // passed_pawn_7_eg
    2,   // passer_free_mg
    8,   // passer_free_eg
    5,   // passer_enemy_king_eg
    2,   // passer_own_king_eg
    25,  // rook_open_file_mg
    10,  // rook_open_file_eg
    12,  // rook_semi_open_file_mg
    8,   // rook_semi_open_file_eg
    25,  // bishop_pair_mg
    45,  // bishop_pair_eg
    0,   // shelter_0_mg
    28,  // shelter_1_mg
    20,  // shelter_2_mg
    8,   // shelter_3_mg
    3,   // shelter_4_mg
    0,   // shelter_5_mg
    0,   // shelter_6_mg
    0,   // shelter_7_mg
    0,   // storm_0_mg
    0,   // storm_1_mg
    60,  // storm_2_mg
    40,  // storm_3_mg
    18,  // storm_4_mg
    6,   // storm_5_mg
    0,   // storm_6_mg
    0,   // storm_7_mg
    0,   // blocked_storm_0_mg
    0,   // blocked_storm_1_mg
    20,  // blocked_storm_2_mg
    4,   // blocked_storm_3_mg
    0,   // blocked_storm_4_mg
    0,   // blocked_storm_5_mg
    0,   // blocked_storm_6_mg
    0,   // blocked_storm_7_mg
    16,  // king_danger_mg
    0,   // king_danger_eg
    30,  // threat_by_pawn_mg
    20,  // threat_by_pawn_eg
    2,   // threat_by_minor_pawn_mg
    8,   // threat_by_minor_pawn_eg
    15,  // threat_by_minor_knight_mg
    12,  // threat_by_minor_knight_eg
    15,  // threat_by_minor_bishop_mg
    12,  // threat_by_minor_bishop_eg
    25,  // threat_by_minor_rook_mg
    20,  // threat_by_minor_rook_eg
    25,  // threat_by_minor_queen_mg
    30,  // threat_by_minor_queen_eg
    1,   // threat_by_rook_pawn_mg
    9,   // threat_by_rook_pawn_eg
    10,  // threat_by_rook_knight_mg
    12,  // threat_by_rook_knight_eg
    10,  // threat_by_rook_bishop_mg
    12,  // threat_by_rook_bishop_eg
    0,   // threat_by_rook_rook_mg
    0,   // threat_by_rook_rook_eg
    25,  // threat_by_rook_queen_mg
    25,  // threat_by_rook_queen_eg
    15,  // hanging_mg
    10,  // hanging_eg
    10,  // tempo
    0,   // material_pawn_mg
    0,   // material_pawn_eg
    0,   // material_knight_mg
    0,   // material_knight_eg
    0,   // material_bishop_mg
    0,   // material_bishop_eg
    0,   // material_rook_mg
    0,   // material_rook_eg
    0,   // material_queen_mg
    0,   // material_queen_eg
];

/// Where each group of features starts in [`NAMES`] (a pair `_mg`, `_eg` takes two).
pub const F_PSQT: usize = 0;
/// Mobility of the knight, bishop, rook and queen: a pair each.
pub const F_MOBILITY: usize = 2;
/// Doubled pawns (a pair).
pub const F_DOUBLED_PAWN: usize = 10;
/// Isolated pawns (a pair).
pub const F_ISOLATED_PAWN: usize = 12;
/// Passed pawns by relative rank 0 to 7: a pair each.
pub const F_PASSED_PAWN: usize = 14;
/// A passed pawn's free square in front (a pair).
pub const F_PASSER_FREE: usize = 30;
/// The enemy king's distance to a passed pawn's square in front (endgame only).
pub const F_PASSER_ENEMY_KING: usize = 32;
/// The own king's distance to it (endgame only, subtracted).
pub const F_PASSER_OWN_KING: usize = 33;
/// A rook on an open file (a pair).
pub const F_ROOK_OPEN_FILE: usize = 34;
/// A rook on a semi-open file (a pair).
pub const F_ROOK_SEMI_OPEN_FILE: usize = 36;
/// The bishop pair (a pair).
pub const F_BISHOP_PAIR: usize = 38;
/// The shelter by relative rank 0 to 7 (middlegame only).
pub const F_SHELTER: usize = 40;
/// The storm by relative rank 0 to 7 (middlegame only, subtracted).
pub const F_STORM: usize = 48;
/// The blocked storm by relative rank 0 to 7 (middlegame only, subtracted).
pub const F_BLOCKED_STORM: usize = 56;
/// The king danger's scale, in sixteenths (a pair: middlegame, endgame).
pub const F_KING_DANGER: usize = 64;
/// Threats by pawns (a pair).
pub const F_THREAT_BY_PAWN: usize = 66;
/// Threats by minor pieces, by the target's role pawn to queen: a pair each.
pub const F_THREAT_BY_MINOR: usize = 68;
/// Threats by rooks, by the target's role pawn to queen: a pair each.
pub const F_THREAT_BY_ROOK: usize = 78;
/// Hanging pieces (a pair).
pub const F_HANGING: usize = 88;
/// The tempo.
pub const F_TEMPO: usize = 90;
/// Corrections of PeSTO's material values, by role pawn to queen: a pair each.
pub const F_MATERIAL: usize = 91;
/// Corrections of PeSTO's piece-square tables, by role (pawn to king) and square from the
/// side's point of view (a1 = 0): a pair each.
pub const F_PST_CORRECTION: usize = 101;

/// The side to move's bonus.
pub const TEMPO: i32 = WEIGHTS[F_TEMPO];

/// The weight pair (middlegame, endgame) of the features `f` and `f + 1`.
pub const fn pair(f: usize) -> Pair {
    (WEIGHTS[f], WEIGHTS[f + 1])
}

const fn same(text: &[u8], start: usize, end: usize, name: &str) -> bool {
    let name = name.as_bytes();
    if end - start != name.len() {
        return false;
    }
    let mut i = 0;
    while i < name.len() {
        if text[start + i] != name[i] {
            return false;
        }
        i += 1;
    }
    true
}

const fn blank(c: u8) -> bool {
    c == b' ' || c == b'\t' || c == b'\r'
}

/// Reads the weight file at compile time: `name value` lines in the order of [`NAMES`],
/// blank lines and `#` comments skipped. Anything else stops the build.
const fn parse(text: &str) -> [i32; FEATURE_COUNT] {
    let b = text.as_bytes();
    let mut out = [0; FEATURE_COUNT];
    let (mut i, mut n) = (0, 0);
    while i < b.len() {
        while i < b.len() && blank(b[i]) {
            i += 1;
        }
        if i < b.len() && b[i] != b'#' && b[i] != b'\n' {
            let start = i;
            while i < b.len() && !blank(b[i]) && b[i] != b'\n' {
                i += 1;
            }
            assert!(n < FEATURE_COUNT, "weights.txt: more weights than features");
            assert!(
                same(b, start, i, NAMES[n]),
                "weights.txt: a name out of the order of NAMES"
            );
            while i < b.len() && blank(b[i]) {
                i += 1;
            }
            let negative = i < b.len() && b[i] == b'-';
            if negative {
                i += 1;
            }
            let digits = i;
            let mut value: i32 = 0;
            while i < b.len() && b[i].is_ascii_digit() {
                value = value * 10 + (b[i] - b'0') as i32;
                i += 1;
            }
            assert!(i > digits, "weights.txt: a weight is not a number");
            out[n] = if negative { -value } else { value };
            n += 1;
            while i < b.len() && blank(b[i]) {
                i += 1;
            }
        }
        // The rest of the line must be a comment.
        assert!(
            i >= b.len() || b[i] == b'#' || b[i] == b'\n',
            "weights.txt: something after a weight"
        );
        while i < b.len() && b[i] != b'\n' {
            i += 1;
        }
        i += 1;
    }
    assert!(n == FEATURE_COUNT, "weights.txt: weights missing");
    out
}
