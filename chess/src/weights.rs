//! The evaluation's weights, as data: every number [`crate::Chess`]'s evaluation uses, in
//! centipawns, each as a pair (middlegame, endgame) blended by the game phase (tapered
//! evaluation).
//!
//! The material values and piece-square tables are PeSTO's (Ronald Friederich's engine
//! RofChade, tuned by Texel's method and published on the Chess Programming Wiki, "PeSTO's
//! Evaluation Function"). The tables are written as a board diagram from White's side,
//! eighth rank first (index 0 is a8): White's piece on square `s` (a1 = 0) reads entry
//! `s ^ 56`, Black's reads entry `s` (the board mirrored). The other terms (mobility, pawn
//! structure, king safety, rooks on open files, the bishop pair, the tempo) are the usual
//! ones of small engines, at conventional values.

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

/// Mobility per square a piece reaches (not held by its own side nor attacked by an enemy
/// pawn), in the order of [`crate::Role::ALL`] (pawns and kings: none).
pub const MOBILITY: [Pair; 6] = [(0, 0), (4, 4), (5, 5), (2, 4), (1, 2), (0, 0)];
/// The squares a piece of each role typically reaches: mobility counts above or below it,
/// so that the material values keep their meaning.
pub const MOBILITY_BASE: [i32; 6] = [0, 4, 6, 7, 13, 0];

/// Each pawn on a file beyond the first.
pub const DOUBLED_PAWN: Pair = (-10, -20);
/// A pawn with no pawn of its side on a neighbouring file.
pub const ISOLATED_PAWN: Pair = (-8, -12);
/// A passed pawn (no enemy pawn ahead on its file or a neighbouring one), by its rank
/// counted from its side (index 1: its starting rank; 6: one step from promotion).
pub const PASSED_PAWN: [Pair; 8] = [
    (0, 0),
    (0, 5),
    (0, 10),
    (5, 20),
    (10, 35),
    (20, 55),
    (35, 80),
    (0, 0),
];

/// Endgame, per passed pawn on its fourth relative rank or further, times its rank less
/// two: the enemy king's distance (at most 5) to the square in front of it times the
/// first value, less its own king's times the second.
pub const PASSER_KING_DISTANCE: (i32, i32) = (5, 2);
/// Per passed pawn on its fourth relative rank or further, times its rank less two: the
/// square in front of it is empty and the enemy does not attack it.
pub const PASSER_FREE: Pair = (2, 8);

/// A rook on a file without pawns.
pub const ROOK_OPEN_FILE: Pair = (25, 10);
/// A rook on a file without pawns of its side.
pub const ROOK_SEMI_OPEN_FILE: Pair = (12, 8);
/// Both bishops.
pub const BISHOP_PAIR: Pair = (25, 45);

/// Middlegame: the pawn shelter of a king, per file of the three around it (the king's
/// file moved off the edge), by the relative rank of the side's own rearmost pawn on that
/// file level with or in front of the king (index 0: none there).
pub const SHELTER: [i32; 8] = [0, 28, 20, 8, 3, 0, 0, 0];
/// Middlegame: the penalty for an enemy pawn storming a king, per file of the three around
/// it, by the relative rank (from the king's side) of the enemy's foremost pawn on that file
/// level with or in front of the king, when no pawn of the king's side stands in its way
/// (index 0: none there).
pub const STORM: [i32; 8] = [0, 0, 60, 40, 18, 6, 0, 0];
/// Middlegame: as [`STORM`], when a pawn of the king's side blocks the storming pawn.
pub const BLOCKED_STORM: [i32; 8] = [0, 0, 20, 4, 0, 0, 0, 0];
/// The attack units of a piece on the enemy king's zone (the king's square, its
/// neighbours and the squares in front of those), per square of the zone it attacks, in
/// the order of [`crate::Role::ALL`].
pub const KING_ATTACK_WEIGHT: [i32; 6] = [0, 2, 2, 3, 5, 0];
/// The attack units of a safe check (a checking square the piece reaches that no enemy
/// piece guards and no own piece holds), once per role that has one.
pub const SAFE_CHECK: [i32; 6] = [0, 8, 5, 8, 6, 0];
/// The attack units per square of the enemy king's zone that the attacker reaches and
/// the defender guards at most once, by its king or queen.
pub const WEAK_ZONE_SQUARE: i32 = 2;
/// The share (percent) of the king danger counted by the number of pieces that attack
/// the zone (one alone counts nothing).
pub const ATTACKERS_SCALE: [i32; 8] = [0, 0, 50, 75, 88, 94, 97, 99];
/// The middlegame king danger is `units² / KING_DANGER_DIVISOR`, at most
/// [`KING_DANGER_MAX`].
pub const KING_DANGER_DIVISOR: i32 = 4;
/// The largest middlegame king danger.
pub const KING_DANGER_MAX: i32 = 600;
/// The share (percent) of the king danger counted when the attacker has no queen.
pub const NO_QUEEN_DANGER: i32 = 25;

/// A threat: an enemy piece other than a pawn attacked by a pawn, per piece.
pub const THREAT_BY_PAWN: Pair = (30, 20);
/// A threat: an enemy piece attacked by a knight or bishop, when it is a rook or queen or
/// the enemy does not guard it, by its role (in the order of [`crate::Role::ALL`]).
pub const THREAT_BY_MINOR: [Pair; 6] = [(2, 8), (15, 12), (15, 12), (25, 20), (25, 30), (0, 0)];
/// A threat: an enemy piece attacked by a rook, when it is a queen or the enemy does not
/// guard it, by its role.
pub const THREAT_BY_ROOK: [Pair; 6] = [(1, 9), (10, 12), (10, 12), (0, 0), (25, 25), (0, 0)];
/// An enemy piece other than a pawn or king that is attacked and not guarded.
pub const HANGING: Pair = (15, 10);

/// The side to move's bonus.
pub const TEMPO: i32 = 10;
