//! Perft. From the Turret Chess start the counts are cross-checked two ways: the crate's
//! fast generator against the independent reference generator of `tests/common` (a 10 × 8
//! mailbox with ray walking and make-and-test legality, written from the rules text), both
//! counted by `chimera_core::perft_with`, and move by move over whole trees (same move sets
//! at every node, same position after every move). Orthodox chess is checked against
//! published chess perft counts. All counts are bulk counted (the last ply is the length of
//! the legal move list).
use crate::common;
use chimera_core::SplitMix64;
use chimera_core::{perft, perft_with, Game, Position};
use chimera_test_kit::perft_counts;
use chimera_turret::{Move, MoveKind, Role, Rules, Turret};
use common::*;

/// The crate's perft data file, where the counts below come from.
const PERFT: &str = include_str!("../perft.epd");

fn fast_perft(p: &Turret, depth: u32) -> u64 {
    perft(&mut Game::new(p.clone()), depth)
}

/// Perft from the Turret Chess start, depths 1–4: fast and reference generators agree.
fn start() -> [u64; 5] {
    perft_counts(PERFT, "start", 1)
}
/// The same with the Kwagga option.
fn kwagga_start() -> [u64; 5] {
    perft_counts(PERFT, "Kwagga start", 1)
}

/// A middle game with Turrets of both sides in play, slings of both colours, and a castle.
const TURRET_MIDDLE_GAME: &str =
    "t3k4t/*1pp2pp1*/*2n1b3*/*3pT3*/*2tP1N2*/*2B1Q3*/*1PP2PP1*/T3K3R1 w K - 0 12";
fn turret_middle_game_perft() -> [u64; 4] {
    perft_counts(PERFT, "Turret middle game", 1)
}
/// Both sides ready for every form of extended castling, Turrets in the corners.
const CASTLES: &str = "tr3k2rt/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/TR3K2RT w KQkq - 0 8";
fn castles_perft() -> [u64; 4] {
    perft_counts(PERFT, "extended castling", 1)
}

#[test]
fn perft_of_a_turret_middle_game_and_of_extended_castling_agrees_with_the_reference() {
    for (fen, counts) in [
        (TURRET_MIDDLE_GAME, turret_middle_game_perft()),
        (CASTLES, castles_perft()),
    ] {
        let p = pos(fen);
        for d in 1..=3 {
            assert_eq!(
                two_ways(&p, d),
                Ok(counts[d as usize - 1]),
                "depth {d}, {fen}"
            );
        }
        assert_eq!(fast_perft(&p, 4), counts[3], "fast, depth 4, {fen}");
    }
}

#[test]
#[ignore = "a few seconds: run with --ignored"]
fn deeper_perft_agrees_with_the_reference() {
    for (fen, counts) in [
        (TURRET_MIDDLE_GAME, turret_middle_game_perft()),
        (CASTLES, castles_perft()),
    ] {
        assert_eq!(two_ways(&pos(fen), 4), Ok(counts[3]), "{fen}");
    }
    let p = Turret::start(Rules::Kwagga);
    assert_eq!(two_ways(&p, 5), Ok(kwagga_start()[4]));
}

#[test]
fn perft_from_the_start_to_depth_4_agrees_with_the_reference_generator() {
    let p = Turret::start(Rules::Standard);
    for d in 1..=4 {
        assert_eq!(two_ways(&p, d), Ok(start()[d as usize - 1]), "depth {d}");
    }
}

#[test]
#[ignore = "a few seconds: run with --ignored"]
fn perft_from_the_start_depth_5_agrees_with_the_reference_generator() {
    let p = Turret::start(Rules::Standard);
    assert_eq!(two_ways(&p, 5), Ok(start()[4]));
}

#[test]
fn perft_from_the_kwagga_start_agrees_with_the_reference_generator() {
    let p = Turret::start(Rules::Kwagga);
    for d in 1..=3 {
        let expected = kwagga_start()[d as usize - 1];
        assert_eq!(two_ways(&p, d), Ok(expected), "depth {d}");
    }
    assert_eq!(fast_perft(&p, 4), kwagga_start()[3], "depth 4");
}

#[test]
fn move_sets_and_positions_agree_with_the_reference_over_the_start_tree() {
    let p = Turret::start(Rules::Standard);
    assert_eq!(compare_tree(&p, 3), Ok(start()[2]));
}

/// Positions where Turrets, slings, thrown kings and rooks, castling and Kwaggas meet.
const TACTICAL: [(&str, Rules); 10] = [
    // Turrets in the middle with pieces of both colours behind them.
    (
        "t3k4t/*1pp2pp1*/*2n1b3*/*3pT3*/*2tP1N2*/*2B1Q3*/*1PP2PP1*/T3K3R1 w K - 0 12",
        Rules::Standard,
    ),
    // A king beside a Turret: it can be thrown; castling after a throw.
    (
        "t4k2rt/*3p4*/*8*/*4T3*/*3t4*/*8*/*3P4*/TR3KR3 w Qk - 0 20",
        Rules::Standard,
    ),
    // Turrets aimed at kings along open lines, pawns behind them.
    (
        "4k5/*1p3p2*/*3t4*/*8*/*2T5*/*1P2p3*/*3P4*/5K4 w - - 0 30",
        Rules::Standard,
    ),
    // Slings that promote thrown pawns and capture on the corners.
    (
        "t4k3r/*P6p*/*1T6*/*8*/*8*/*6t1*/*p6P*/R4K3T b - - 0 25",
        Rules::Standard,
    ),
    // Extended castling both ways with Turrets near.
    (
        "tr3k2rt/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/TR3K2RT w KQkq - 0 8",
        Rules::Standard,
    ),
    // Rights with thrown rooks (written with their cells).
    (
        "1r3k2rt/*pp3ppp*/*8*/*3R4*/*8*/*8*/*PP3PPP*/T4K4 w Qe5kq - 0 15",
        Rules::Standard,
    ),
    // En passant next to Turrets.
    (
        "4k5/*8*/*8*/*2pP4*/*8*/*3T4*/*8*/5K4 w - d6 0 9",
        Rules::Standard,
    ),
    // Kwaggas riding.
    (
        "trzbqkbzrt/*pp1ppppp*/*8*/*2p5*/*4P3*/*8*/*PPPP1PPP*/TRZBQKBZRT w KQkq - 0 3",
        Rules::Kwagga,
    ),
    (
        "4k5/*2z5*/*8*/*3T4*/*8*/*5Z2*/*8*/5K4 w - - 0 40",
        Rules::Kwagga,
    ),
    // A king in check from a Turret, answers by moving the piece behind it.
    (
        "5k4/*8*/*8*/*8*/*8*/*2t5*/*1n6*/5K4 w - - 0 50",
        Rules::Standard,
    ),
];

#[test]
fn move_sets_and_positions_agree_with_the_reference_in_tactical_positions() {
    for (fen, rules) in TACTICAL {
        let p = Turret::from_text(fen, rules).unwrap_or_else(|e| panic!("{fen}: {e}"));
        compare_tree(&p, 3).unwrap_or_else(|e| panic!("{fen}: {e}"));
    }
}

#[test]
fn move_sets_agree_with_the_reference_along_random_games() {
    for seed in 0..60u64 {
        let mut rng = SplitMix64::new(seed);
        let rules = if seed % 3 == 0 {
            Rules::Kwagga
        } else {
            Rules::Standard
        };
        let mut p = Turret::start(rules);
        for ply in 0..150 {
            if let Err(e) = compare_tree(&p, 1) {
                panic!("seed {seed}, ply {ply}: {e}");
            }
            let m = p.legal_move_list();
            if m.is_empty() {
                break;
            }
            p.play_unchecked(m[rng.below(m.len())]);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Orthodox chess.

/// A chess position (FEN on the 8 × 8 board) placed on files b–i of the Gustavian board.
fn from_chess(fen: &str) -> Turret {
    let mut parts = fen.split_whitespace();
    let ranks: Vec<String> = parts
        .next()
        .expect("board")
        .split('/')
        .enumerate()
        .map(|(i, r)| {
            if i == 0 || i == 7 {
                format!("1{r}1")
            } else {
                format!("*{r}*")
            }
        })
        .collect();
    let mut rest: Vec<String> = parts.map(str::to_string).collect();
    if rest.len() > 2 && rest[2] != "-" {
        let b = rest[2].as_bytes();
        rest[2] = format!("{}{}", (b[0] + 1) as char, b[1] as char);
    }
    pos(&format!("{} {}", ranks.join("/"), rest.join(" ")))
}

/// Whether a move exists in orthodox chess too: it does not touch files a or j, is not a
/// three-cell castle and does not promote to a Turret.
fn orthodox(m: Move) -> bool {
    let f = |c: chimera_turret::Cell| (1..=8).contains(&c.file());
    f(m.from())
        && f(m.to())
        && m.promotion() != Some(Role::Turret)
        && !(m.kind() == MoveKind::Castle && m.from().file().abs_diff(m.to().file()) == 3)
}

/// Perft counting only the moves orthodox chess also has. For a chess position placed on
/// files b–i (extra cells empty, no Turret) this is exactly orthodox chess: the excluded
/// moves are the only ones chess lacks, the extra cells never hold a piece, so they neither
/// attack nor block, and the two-cell castles are the chess castles with the same
/// conditions.
fn orthodox_perft(p: &Turret, depth: u32) -> u64 {
    perft_with(&mut Game::new(p.clone()), depth, &mut |g: &Game<Turret>,
                                                       buf: &mut Vec<
        Move,
    >| {
        g.legal_moves(buf);
        buf.retain(|&m| orthodox(m));
    })
}

/// Published chess perft counts (chessprogramming.org "Perft Results"; also recomputed with
/// shakmaty 0.27).
const PUBLISHED: [(&str, &str, &[u64]); 6] = [
    (
        "initial position",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[20, 400, 8902, 197281, 4865609],
    ),
    (
        "Kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[48, 2039, 97862, 4085603],
    ),
    (
        "position 3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        &[14, 191, 2812, 43238, 674624],
    ),
    (
        "position 4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        &[6, 264, 9467, 422333],
    ),
    (
        "position 5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        &[44, 1486, 62379, 2103487],
    ),
    (
        "position 6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        &[46, 2079, 89890, 3894594],
    ),
];

#[test]
fn orthodox_chess_moves_count_as_published_perft() {
    for (name, fen, counts) in PUBLISHED {
        let p = from_chess(fen);
        for (d, &n) in counts.iter().enumerate() {
            assert_eq!(
                orthodox_perft(&p, d as u32 + 1),
                n,
                "{name}, depth {}",
                d + 1
            );
        }
    }
}

/// Whether no move of the whole tree to `depth` plies is one orthodox chess lacks.
fn stays_orthodox(p: &Turret, depth: u32) -> bool {
    p.legal_move_list().into_iter().all(|m| {
        orthodox(m) && {
            let mut q = p.clone();
            q.play_unchecked(m);
            depth <= 1 || stays_orthodox(&q, depth - 1)
        }
    })
}

/// Chess positions and depths at which no piece can reach an extra cell or promote, so
/// that the full, unfiltered perft must equal the chess count. Counts from shakmaty 0.27
/// (position 3's are the published ones).
const EXACT: [(&str, &[u64]); 4] = [
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", &[14, 191]),
    ("8/1p3k2/2p1b3/3pP3/3P1N2/2B5/4K3/8 w - - 0 1", &[21, 270]),
    (
        "8/2k5/3p4/p2P1p2/P2P1P2/8/5K2/8 w - - 0 1",
        &[8, 48, 282, 1457],
    ),
    ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &[5, 25, 170, 1156, 7922]),
];

#[test]
fn orthodox_positions_out_of_reach_of_the_extra_cells_have_chess_perft() {
    for (fen, counts) in EXACT {
        let p = from_chess(fen);
        let depth = counts.len() as u32;
        assert!(
            stays_orthodox(&p, depth),
            "{fen} reaches an extra cell within {depth} plies"
        );
        for (d, &n) in counts.iter().enumerate() {
            assert_eq!(fast_perft(&p, d as u32 + 1), n, "{fen}, depth {}", d + 1);
        }
    }
}

/// A random legal-looking position: kings, a few pieces of every kind (Turrets and Kwaggas
/// included) on random cells, random castling rights where the pieces allow them.
fn random_position(rng: &mut SplitMix64) -> Option<Turret> {
    let cells: Vec<chimera_turret::Cell> = chimera_turret::Cell::all().collect();
    let mut used = std::collections::HashSet::new();
    let mut items = Vec::new();
    type Used = std::collections::HashSet<chimera_turret::Cell>;
    let place = |letter: char, rng: &mut SplitMix64, items: &mut Vec<String>, used: &mut Used| {
        for _ in 0..20 {
            let c = cells[rng.below(cells.len())];
            let pawn = letter.eq_ignore_ascii_case(&'p');
            if used.contains(&c) || (pawn && (c.rank() == 0 || c.rank() == 7)) {
                continue;
            }
            used.insert(c);
            items.push(format!("{letter}{c}"));
            return;
        }
    };
    // Kings and rooks on their castling cells sometimes.
    let castle = rng.below(2) == 0;
    if castle {
        for s in ["Kf1", "Ri1", "Rb1", "kf8", "ri8", "rb8"] {
            used.insert(chimera_turret::Cell::parse(&s[1..]).unwrap());
            items.push(s.to_string());
        }
    } else {
        place('K', rng, &mut items, &mut used);
        place('k', rng, &mut items, &mut used);
    }
    let n = 4 + rng.below(14);
    for _ in 0..n {
        let letter = b"PPPNBRQTTZpppnbrqttz"[rng.below(20)] as char;
        place(letter, rng, &mut items, &mut used);
    }
    let side = if rng.below(2) == 0 { "w" } else { "b" };
    let rights = if castle {
        ["KQkq", "Kq", "Qk", "-"][rng.below(4)]
    } else {
        "-"
    };
    Turret::from_text(
        &setup_text(&items.join(" "), &format!("{side} {rights} - 0 1")),
        Rules::Standard,
    )
    .ok()
}

#[test]
fn move_sets_and_positions_agree_with_the_reference_in_random_positions() {
    let mut rng = SplitMix64::new(2026);
    let mut tested = 0;
    while tested < 400 {
        let Some(p) = random_position(&mut rng) else {
            continue;
        };
        compare_tree(&p, 2).unwrap_or_else(|e| panic!("{e}"));
        tested += 1;
    }
}

/// Perft counts its last ply without listing the moves (pawns in sets): in the positions
/// of random games (checks, pins, Turrets aimed at the king, promotions, en passant) the
/// count is the number of listed moves.
#[test]
fn the_last_ply_counted_is_the_number_of_listed_moves() {
    for rules in [Rules::Standard, Rules::Kwagga] {
        let start = Turret::start(rules);
        for p in chimera_test_kit::random_positions(&start, 20, 200, 26) {
            let listed = p.legal_move_list().len() as u64;
            assert_eq!(fast_perft(&p, 1), listed, "{rules:?}: {}", p.to_text());
        }
    }
}
