//! Rules section "Options": rule sets, `shuffle`, `drops`, `marshal` and the extra pieces.
//! Each test is named after the rule or [ruling] it checks.

use crate::common;

use chimera_core::{Color, Game, Outcome, Position, RuleSet, WinReason};
use chimera_turtle_shell::{shuffle_row, Cell, Move, Repetition, Role, Rules, TurtleShell};
use common::{cell, game_move_texts, move_texts, moves_from, pos_with, with_kings_under, Slow};

/// The rules of a name.
fn r(name: &str) -> Rules {
    Rules::parse(name).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The letters of White's back row B0..G0 in a position.
fn back_row(p: &TurtleShell, color: Color) -> String {
    let row = match color {
        Color::White => ["B0", "C0", "D0", "E0", "F0", "G0"],
        Color::Black => ["B9", "C9", "D9", "E9", "F9", "G9"],
    };
    row.iter()
        .map(|c| p.piece_at(cell(c)).map_or('.', |(_, piece)| piece.char()))
        .collect()
}

/// The cells a piece on `from` reaches, as sorted names (from the legal moves).
fn targets(p: &TurtleShell, from: &str) -> Vec<String> {
    let mut t: Vec<String> = moves_from(p, from)
        .iter()
        .map(|m| m[3..5].to_string())
        .collect();
    t.sort();
    t.dedup();
    t
}

/// The position `base` with White's piece `item` (`MD5`) added, if valid.
fn with_piece(base: &str, item: &str, rules: Rules) -> Option<TurtleShell> {
    TurtleShell::from_text(&base.replacen("W:", &format!("W:{item},"), 1), rules).ok()
}

/// The cells the extra-piece tests put a piece on, and the position around it.
const SPOTS: [&str; 5] = ["D5", "C3", "E3", "F3", "E5"];
const AROUND: &str = "W:KH4,PC2,PD2 B:KA6,NE6,PD7 w";

/// The legal moves (history ignored) as sorted texts, by the slow generator.
fn slow_texts(p: &TurtleShell) -> Vec<String> {
    let mut t: Vec<String> = Slow::of(p)
        .legal()
        .into_iter()
        .map(|(m, _)| p.move_text(m))
        .collect();
    t.sort();
    t
}

// ---------------------------------------------------------------------------------------
// Rule sets.

#[test]
fn a_rule_set_is_a_repetition_rule_plus_options_joined_with_plus() {
    assert_eq!(r("ko+drops"), Rules::new(Repetition::Ko).with_drops());
    assert_eq!(
        r("none+shuffle+marshal"),
        Rules::new(Repetition::None).with_shuffle().with_marshal()
    );
    assert_eq!(
        r("Modified-Ko+MARSHAL+drops+shuffle").name(),
        "modified-ko+shuffle+drops+marshal"
    );
    assert_eq!(Rules::NAMES.len(), 24);
    for name in Rules::NAMES {
        assert_eq!(Rules::from_name(name).unwrap().name(), *name);
        assert_eq!(r(name).to_string(), *name);
    }
}

#[test]
fn an_option_alone_means_the_default_repetition_rule_ko_with_it() {
    assert_eq!(r("drops"), r("ko+drops"));
    assert_eq!(r("shuffle"), r("ko+shuffle"));
    assert_eq!(r("marshal+shuffle"), r("ko+shuffle+marshal"));
}

#[test]
fn none_of_the_options_is_part_of_the_standard_game() {
    let standard = Rules::default();
    assert_eq!(standard, Rules::new(Repetition::Ko));
    assert!(!standard.shuffle && !standard.drops && !standard.marshal);
    assert_eq!(Rules::NAMES[0], "ko");
    let start = TurtleShell::start(standard);
    assert_eq!(start.pieces().count(), 28);
    assert_eq!(move_texts(&start).len(), 8);
}

#[test]
fn rule_set_names_are_refused_with_the_reason() {
    let reason = |name: &str| Rules::parse(name).unwrap_err();
    assert!(reason("ko+none").contains("two repetition rules"));
    assert!(reason("ko+drops+drops").contains("twice"));
    assert!(reason("ko++drops").contains("empty"));
    assert!(reason("ko+shufle").contains("unknown part `shufle`"));
    assert!(reason("").contains("empty"));
    assert_eq!(Rules::from_name("ko+shufle"), None);
}

// ---------------------------------------------------------------------------------------
// `shuffle`.

fn start(n: u32) -> TurtleShell {
    TurtleShell::numbered_start(r("shuffle"), n).unwrap()
}

#[test]
fn shuffle_the_king_stays_on_e1_and_e8() {
    for n in 0..90 {
        let p = start(n);
        assert_eq!(p.king(Color::White), Some(cell("E1")));
        assert_eq!(p.king(Color::Black), Some(cell("E8")));
    }
}

#[test]
fn shuffle_the_six_back_pieces_stand_on_b0_to_g0_black_mirroring_white() {
    for n in 0..90 {
        let p = start(n);
        let white = back_row(&p, Color::White);
        let mut letters: Vec<char> = white.chars().collect();
        letters.sort_unstable();
        assert_eq!(letters, ['G', 'G', 'N', 'N', 'R', 'R'], "start {n}");
        assert_eq!(
            back_row(&p, Color::Black),
            white,
            "start {n}: the same files"
        );
        for c in ["B0", "C0", "D0", "E0", "F0", "G0"] {
            assert_eq!(p.piece_at(cell(c)).map(|(col, _)| col), Some(Color::White));
        }
    }
}

#[test]
fn shuffle_pawns_stand_as_in_the_standard_setup() {
    let standard = TurtleShell::start(Rules::default());
    for n in 0..90 {
        let p = start(n);
        for color in Color::ALL {
            assert_eq!(
                p.bitboard(color, Role::Pawn),
                standard.bitboard(color, Role::Pawn)
            );
        }
        assert_eq!(p.pieces().count(), 28);
    }
}

#[test]
fn shuffle_there_are_90_distinct_starts() {
    let mut rows: Vec<String> = (0..90).map(|n| back_row(&start(n), Color::White)).collect();
    rows.sort();
    rows.dedup();
    assert_eq!(rows.len(), 90);
    assert!(TurtleShell::numbered_start(r("shuffle"), 90).is_err());
    assert_eq!(shuffle_row(90), None);
}

#[test]
fn shuffle_starts_are_numbered_in_dictionary_order_over_g_n_r() {
    let word = |n| back_row(&start(n), Color::White);
    assert_eq!(word(0), "GGNNRR");
    assert_eq!(word(89), "RRNNGG");
    assert_eq!(word(72), "RNGGNR");
    // Dictionary order over G < N < R is the byte order of these letters.
    for n in 1..90 {
        assert!(word(n - 1) < word(n), "{n}");
    }
}

#[test]
fn shuffle_start_72_is_the_standard_start() {
    let standard = TurtleShell::start(Rules::default());
    assert_eq!(start(72).to_text(), standard.to_text());
    assert_eq!(
        TurtleShell::start(r("shuffle")).to_text(),
        standard.to_text()
    );
    assert_eq!(chimera_turtle_shell::STANDARD_START, 72);
}

#[test]
fn shuffle_the_start_number_is_a_position_text_so_a_game_replays() {
    let rules = r("shuffle");
    let p = TurtleShell::from_text("start 17", rules).unwrap();
    assert_eq!(p, start(17));
    assert_eq!(TurtleShell::from_text("START 0", rules).unwrap(), start(0));
    let err = |text: &str, rules| TurtleShell::from_text(text, rules).unwrap_err().to_string();
    assert!(err("start 90", rules).contains("0 to 89"));
    assert!(err("start x", rules).contains("not a start number"));
    assert!(err("start 3 w", rules).contains("stands alone"));
    assert!(err("start 3", Rules::default()).contains("option `shuffle`"));
    // With the marshal too.
    let p = TurtleShell::from_text("start 5", r("shuffle+marshal")).unwrap();
    assert_eq!(p.piece_at(cell("D1")), Some((Color::White, Role::Marshal)));
}

// ---------------------------------------------------------------------------------------
// `marshal` and the extra pieces.

#[test]
fn marshal_stands_on_d1_and_d8() {
    let p = TurtleShell::start(r("marshal"));
    assert_eq!(p.piece_at(cell("D1")), Some((Color::White, Role::Marshal)));
    assert_eq!(p.piece_at(cell("D8")), Some((Color::Black, Role::Marshal)));
    assert_eq!(p.pieces().count(), 30);
    let standard = TurtleShell::start(Rules::default());
    assert_eq!(standard.piece_at(cell("D1")), None);
    assert_eq!(standard.piece_at(cell("D8")), None);
}

#[test]
fn marshal_moves_as_a_rook_or_as_a_knight() {
    let mut checked = 0;
    for from in SPOTS {
        let Some(m) = with_piece(AROUND, &format!("M{from}"), r("marshal")) else {
            continue;
        };
        let rook = with_piece(AROUND, &format!("R{from}"), Rules::default()).unwrap();
        let knight = with_piece(AROUND, &format!("N{from}"), Rules::default()).unwrap();
        checked += 1;
        let mut union = targets(&rook, from);
        union.extend(targets(&knight, from));
        union.sort();
        union.dedup();
        assert_eq!(targets(&m, from), union, "marshal on {from}");
        assert_eq!(move_texts(&m), slow_texts(&m));
    }
    assert!(checked >= 3);
}

#[test]
fn marshal_pawns_still_promote_only_to_rooks() {
    let p = pos_with("W:KH4,MD1,PE7 B:KA3,MD8 w", r("marshal"));
    let promotions: Vec<String> = moves_from(&p, "E7");
    assert!(!promotions.is_empty());
    assert!(promotions
        .iter()
        .all(|m| m.ends_with("=R") || !m.contains('=')));
    assert!(p.parse_move("E7-E8=M").is_err());
}

#[test]
fn vertical_mover_slides_along_the_files_or_steps_as_a_guard() {
    let mut checked = 0;
    for from in SPOTS {
        let Some(v) = with_piece(AROUND, &format!("V{from}"), Rules::default()) else {
            continue;
        };
        let guard = with_piece(AROUND, &format!("G{from}"), Rules::default()).unwrap();
        checked += 1;
        let mut want = targets(&guard, from);
        // The slides: along n, np, s, sp only, the same table every step.
        let c = cell(from);
        for table in 4..8 {
            let mut x = c;
            while let Some(n) = x.step(table) {
                match v.piece_at(n) {
                    None => want.push(n.name().to_string()),
                    Some((col, _)) => {
                        if col != Color::White {
                            want.push(n.name().to_string());
                        }
                        break;
                    }
                }
                x = n;
            }
        }
        want.sort();
        want.dedup();
        assert_eq!(targets(&v, from), want, "vertical mover on {from}");
        assert_eq!(move_texts(&v), slow_texts(&v));
    }
    assert!(checked >= 3);
}

#[test]
fn guard_knight_moves_as_a_guard_or_as_a_knight() {
    let mut checked = 0;
    for from in SPOTS {
        let Some(a) = with_piece(AROUND, &format!("A{from}"), Rules::default()) else {
            continue;
        };
        let guard = with_piece(AROUND, &format!("G{from}"), Rules::default()).unwrap();
        let knight = with_piece(AROUND, &format!("N{from}"), Rules::default()).unwrap();
        checked += 1;
        let mut union = targets(&guard, from);
        union.extend(targets(&knight, from));
        union.sort();
        union.dedup();
        assert_eq!(targets(&a, from), union, "guard-knight on {from}");
        assert_eq!(move_texts(&a), slow_texts(&a));
    }
    assert!(checked >= 3);
}

#[test]
fn extra_pieces_may_stand_in_any_position_text_under_any_rule_set() {
    let text = "W:KH4,MD1,VC3,AF3 B:KA6,MD8,VC6,AF6 w";
    for name in Rules::NAMES {
        let p = pos_with(text, r(name));
        assert_eq!(p.to_text(), "W:KH4,MD1,VC3,AF3 B:KA6,MD8,VC6,AF6 w");
        assert_eq!(
            TurtleShell::from_text(&p.to_text(), r(name)).as_ref(),
            Ok(&p)
        );
    }
}

#[test]
fn extra_pieces_give_check() {
    let king = cell("D5");
    // A vertical mover two steps up the king's file (n), nothing between.
    let mut up = king;
    for _ in 0..2 {
        up = up.step(4).unwrap();
    }
    let knight_cell = Cell::ALL
        .into_iter()
        .find(|c| chimera_turtle_shell::board_data::KNIGHT[king.index()] & c.bit() != 0)
        .unwrap();
    for (item, checks) in [
        (format!("V{up}"), true),
        (format!("M{up}"), true),
        (format!("A{knight_cell}"), true),
        (format!("M{knight_cell}"), true),
        (format!("V{knight_cell}"), false),
    ] {
        let text = format!("W:K{king} B:KA6,{item} w");
        let p = pos_with(&text, Rules::default());
        assert_eq!(p.is_check(), checks, "{text}");
        assert_eq!(move_texts(&p), slow_texts(&p), "{text}");
    }
}

#[test]
fn no_rule_set_places_the_extra_pieces() {
    for name in Rules::NAMES {
        let p = TurtleShell::start(r(name));
        for color in Color::ALL {
            assert_eq!(p.bitboard(color, Role::VerticalMover), 0);
            assert_eq!(p.bitboard(color, Role::GuardKnight), 0);
            let marshals = p.bitboard(color, Role::Marshal).count_ones();
            assert_eq!(marshals, u32::from(r(name).marshal), "{name}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// `drops`.

fn drops() -> Rules {
    r("drops")
}

#[test]
fn drops_a_captured_piece_goes_to_the_captors_hand_and_changes_colour() {
    for rules in [drops(), Rules::default()] {
        let mut g = Game::new(with_kings_under("RD5", "ND7", 'w', rules));
        g.play_text("D5xD7").unwrap();
        let p = g.position();
        assert_eq!(
            p.in_hand(Color::White, Role::Knight),
            u32::from(rules.drops)
        );
        assert_eq!(p.in_hand(Color::Black, Role::Knight), 0);
        assert_eq!(p.to_text().contains(",@N"), rules.drops, "{}", p.to_text());
    }
    // The knight comes back White's.
    let mut g = Game::new(with_kings_under("RD5", "ND7", 'w', drops()));
    g.play_text("D5xD7").unwrap();
    let reply = g.legal_move_list()[0];
    g.play_unchecked(reply);
    let drop = g
        .legal_move_list()
        .into_iter()
        .find(|m| m.is_drop())
        .expect("a drop");
    let to = drop.to();
    g.play_unchecked(drop);
    assert_eq!(
        g.position().piece_at(to),
        Some((Color::White, Role::Knight))
    );
}

#[test]
fn drops_never_a_king_in_hand() {
    let err = TurtleShell::from_text("W:KH4,@K B:KA6 w", drops()).unwrap_err();
    assert!(err.to_string().contains("cannot be in hand"), "{err}");
    assert!(TurtleShell::start(drops()).parse_move("K@D4").is_err());
}

#[test]
fn drops_a_promoted_rook_goes_to_the_hand_as_a_pawn() {
    // White's pawn promotes on E8-E9 (forced), then Black captures the new rook.
    let mut g = Game::new(pos_with("W:KH4,PE8 B:KA6,RD9 w", drops()));
    g.play_text("E8-E9").unwrap();
    assert!(g.position().is_promoted(cell("E9")));
    assert_eq!(g.position().to_text(), "W:KH4,+RE9 B:KA6,RD9 b");
    g.play_text("D9xE9").unwrap();
    let p = g.position();
    assert_eq!(p.in_hand(Color::Black, Role::Pawn), 1);
    assert_eq!(p.in_hand(Color::Black, Role::Rook), 0);
    // An original rook goes to the hand as a rook.
    let mut g = Game::new(pos_with("W:KH4,RE9 B:KA6,RD9 b", drops()));
    g.play_text("D9xE9").unwrap();
    assert_eq!(g.position().in_hand(Color::Black, Role::Rook), 1);
}

#[test]
fn drops_the_position_remembers_which_rooks_are_promoted_pawns() {
    let mut g = Game::new(pos_with("W:KH4,+RE9 B:KA6,RD8 w", drops()));
    let first = moves_from(g.position(), "E9")[0].clone();
    g.play_text(&first).unwrap();
    let p = g.position().clone();
    let promoted: Vec<Cell> = Cell::ALL
        .into_iter()
        .filter(|&c| p.is_promoted(c))
        .collect();
    assert_eq!(promoted.len(), 1, "{}", p.to_text());
    assert_eq!(p.piece_at(promoted[0]), Some((Color::White, Role::Rook)));
    // Promotion marks only under drops.
    let err = TurtleShell::from_text("W:KH4,+RE9 B:KA6 w", Rules::default()).unwrap_err();
    assert!(err.to_string().contains("option `drops`"), "{err}");
    let err = TurtleShell::from_text("W:KH4,+NE9 B:KA6 w", drops()).unwrap_err();
    assert!(err.to_string().contains("only a rook"), "{err}");
}

#[test]
fn drops_a_piece_in_hand_may_be_dropped_on_any_empty_cell_instead_of_moving() {
    let p = with_kings_under("@N", "", 'w', drops());
    let moves = move_texts(&p);
    let dropping: Vec<&String> = moves.iter().filter(|m| m.starts_with("N@")).collect();
    assert_eq!(dropping.len(), 64 - 2);
    assert!(moves.contains(&"N@D5".to_string()));
    assert_eq!(
        moves.len(),
        dropping.len() + moves_from(&p, &p.king(Color::White).unwrap().to_string()).len()
    );
    let mut g = Game::new(p.clone());
    g.play_text("N@D5").unwrap();
    let after = g.position();
    assert_eq!(
        after.piece_at(cell("D5")),
        Some((Color::White, Role::Knight))
    );
    assert_eq!(after.in_hand(Color::White, Role::Knight), 0);
    assert_eq!(after.turn(), Color::Black);
    // Not onto an occupied cell.
    let king = p.king(Color::Black).unwrap();
    assert!(Game::new(p).play_text(&format!("N@{king}")).is_err());
}

#[test]
fn drops_a_pawn_is_never_dropped_where_it_has_no_forward_step() {
    for (color, side) in [(Color::White, 'w'), (Color::Black, 'b')] {
        let text = if color == Color::White {
            format!("W:KH4,@P B:KA6 {side}")
        } else {
            format!("W:KH4 B:KA6,@P {side}")
        };
        let p = pos_with(&text, drops());
        let dropping: Vec<String> = move_texts(&p)
            .into_iter()
            .filter(|m| m.starts_with("P@"))
            .collect();
        let tables = if color == Color::White {
            [4, 5]
        } else {
            [6, 7]
        };
        for c in Cell::ALL {
            let forward = tables.iter().any(|&t| c.step(t).is_some());
            let empty = p.piece_at(c).is_none();
            assert_eq!(
                dropping.contains(&format!("P@{c}")),
                forward && empty,
                "{color:?} pawn on {c}"
            );
        }
        // White cannot drop on the top row (B9..G9), Black on the bottom one.
        let last = if color == Color::White {
            "P@D9"
        } else {
            "P@D0"
        };
        assert!(!dropping.contains(&last.to_string()));
    }
}

#[test]
fn drops_never_promote_a_dropped_pawn_promotes_only_when_it_later_moves() {
    // E8 lies in Black's end zone and White's promotion zone, yet has a forward step.
    let mut g = Game::new(pos_with("W:KH4,@P B:KA6 w", drops()));
    g.play_text("P@E8").unwrap();
    assert_eq!(
        g.position().piece_at(cell("E8")),
        Some((Color::White, Role::Pawn))
    );
    assert!(!g.position().is_promoted(cell("E8")));
    assert!(g.position().parse_move("P@E8=R").is_err());
    g.play_text("A6-A5").unwrap();
    // Its next step is into the end zone: it must promote.
    let moves = game_move_texts(&g);
    assert!(moves
        .iter()
        .any(|m| m.starts_with("E8-") && m.ends_with("=R")));
    assert!(!moves
        .iter()
        .any(|m| m.starts_with("E8-") && !m.ends_with("=R")));
    // The position text with a dropped pawn in the end zone reads back.
    let text = "W:KH4,PE8 B:KA6 b";
    assert_eq!(pos_with(text, drops()).to_text(), text);
    assert!(TurtleShell::from_text(text, Rules::default()).is_err());
}

#[test]
fn drops_may_give_check_and_checkmate() {
    let p = with_kings_under("@R", "", 'w', drops());
    let checking = move_texts(&p)
        .into_iter()
        .filter(|m| p.after(p.parse_move(m).unwrap()).is_check())
        .count();
    assert!(checking > 0);
    let (text, mate) = find_drop_mate();
    let mut g = Game::new(pos_with(&text, drops()));
    g.play_text(&mate).unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Checkmate
        })
    );
}

/// A position and a drop that mates in it: the black king on an edge cell, White's king
/// and a guard near it, a piece in hand (searched).
fn find_drop_mate() -> (String, String) {
    let near = |k: Cell| {
        let g = &chimera_turtle_shell::board_data::GUARD;
        let mut m = g[k.index()];
        for c in Cell::ALL {
            if m & c.bit() != 0 {
                m |= g[c.index()];
            }
        }
        Cell::ALL
            .into_iter()
            .filter(move |c| m & c.bit() != 0 && *c != k)
    };
    for k in ["A3", "H3", "A6", "H6", "A4", "H4", "A5", "H5"].map(cell) {
        for wk in near(k) {
            for g1 in near(k) {
                for hand in ['G', 'N', 'R', 'P'] {
                    let text = format!("W:K{wk},G{g1},@{hand} B:K{k} w");
                    let Ok(p) = TurtleShell::from_text(&text, drops()) else {
                        continue;
                    };
                    for m in move_texts(&p) {
                        if !m.contains('@') {
                            continue;
                        }
                        let after = p.after(p.parse_move(&m).unwrap());
                        let mut replies = Vec::new();
                        after.legal_moves(&mut replies);
                        if after.is_check() && replies.is_empty() {
                            return (text, m);
                        }
                    }
                }
            }
        }
    }
    panic!("no mate by a drop found");
}

#[test]
fn drops_no_limit_on_pawns_per_file() {
    // D5's file runs D5 D6 E7 D7: pawns on D5 and D6, and two more dropped on E7 and D7.
    let mut g = Game::new(with_kings_under("PD5,PD6,@PP", "", 'w', drops()));
    g.play_text("P@E7").unwrap();
    let reply = g
        .legal_move_list()
        .into_iter()
        .find(|m| !m.is_drop())
        .unwrap();
    g.play_unchecked(reply);
    g.play_text("P@D7").unwrap();
    assert_eq!(
        g.position().bitboard(Color::White, Role::Pawn).count_ones(),
        4
    );
}

#[test]
fn drops_ko_compares_whole_positions_including_both_hands() {
    // The same pieces on the same cells with the same side to move but other hands are
    // other positions.
    let a = pos_with("W:KH4,@N B:KA6 w", drops());
    let b = pos_with("W:KH4 B:KA6,@N w", drops());
    let c = pos_with("W:KH4 B:KA6 w", drops());
    assert_ne!(a, b);
    assert_ne!(a.zobrist(), b.zobrist());
    assert_ne!(a.zobrist(), c.zobrist());
    // In a game: see drops_a_drop_that_recreates_an_earlier_position_is_illegal, where
    // the board of E1 recurs with the hands of E1 (forbidden) and, before that, with other
    // hands (allowed).
    let mut g = Game::new(pos_with(RECREATE_START, drops()));
    for m in RECREATE_MOVES.split_whitespace() {
        g.play_text(m).unwrap();
    }
    assert!(g.play_text("N@D5").is_err());
}

/// A game of drops that comes back by a drop: White's knight on D5 is taken by Black's
/// guard (into Black's hand), the guard goes back, Black drops the knight on C4, White's
/// rook takes it (into White's hand) and goes back, and the kings step to and fro. White's
/// drop N@D5 would then recreate the position after White's first move, H5-H4.
const RECREATE_START: &str = "W:KH5,ND5,RC3 B:KA6,GD6 w";
const RECREATE_MOVES: &str = "H5-H4 D6xD5 H4-H5 D5-D6 H5-H4 N@C4 C3xC4 A6-A5 C4-C3 A5-A6";

#[test]
fn drops_a_drop_that_recreates_an_earlier_position_is_illegal() {
    for (name, forbidden) in [("drops", true), ("none+drops", false)] {
        let mut g = Game::new(pos_with(RECREATE_START, r(name)));
        for m in RECREATE_MOVES.split_whitespace() {
            g.play_text(m).unwrap();
        }
        let drop = g.position().parse_move("N@D5").unwrap();
        let after = g.position().after(drop);
        assert_eq!(after, g.positions()[1], "the position after H5-H4");
        assert_eq!(
            !game_move_texts(&g).contains(&"N@D5".to_string()),
            forbidden,
            "{name}"
        );
        assert_eq!(g.play_text("N@D5").is_err(), forbidden, "{name}");
    }
    // And in random games: under Ko no legal move leads to an earlier position (hands
    // included) and every move the history removes does; under `none+drops` none is
    // removed.
    for (name, ko) in [("drops", true), ("none+drops", false)] {
        for seed in 0..20u64 {
            let mut rng = chimera_core::SplitMix64::new(seed);
            let mut g = Game::new(pos_with("W:KH4,GD5,@NG B:KA6,GD6,@NG w", r(name)));
            for _ in 0..60 {
                let mut all = Vec::new();
                g.position().legal_moves(&mut all);
                let allowed = g.legal_move_list();
                let earlier = &g.positions()[..g.positions().len() - 1];
                for &m in &all {
                    let repeats = earlier.contains(&g.position().after(m));
                    assert_eq!(allowed.contains(&m), !(repeats && ko), "{name} {seed}");
                }
                if allowed.is_empty() || g.outcome().is_some() {
                    break;
                }
                g.play_unchecked(allowed[rng.below(allowed.len())]);
            }
        }
    }
}

#[test]
fn drops_stalemate_and_checkmate_count_drops_as_moves() {
    // Black's king has no move (its cells attacked or taken) but Black holds a piece: not
    // stalemate while a drop is legal.
    let text = stalemate_with_a_hand();
    let without = pos_with(&text.replace(",@N", ""), drops());
    let with = pos_with(&text, drops());
    assert!(move_texts(&without).is_empty(), "{text}");
    assert_eq!(without.no_move_outcome().winner(), Some(Color::Black));
    assert!(!move_texts(&with).is_empty());
    assert!(move_texts(&with).iter().all(|m| m.starts_with("N@")));
    // In check, a drop that blocks the check is a legal move, and only such drops are.
    let p = pos_with("W:KH4,RB1 B:KA6,@N b", drops());
    assert!(p.is_check());
    let blocks: Vec<String> = move_texts(&p)
        .into_iter()
        .filter(|m| m.contains('@'))
        .collect();
    assert!(!blocks.is_empty());
    assert!(blocks.len() < 62);
    for m in &blocks {
        assert!(!p
            .after(p.parse_move(m).unwrap())
            .is_attacked(cell("A6"), Color::White));
    }
}

/// A position where Black, to move, has no move on the board but a knight in hand.
fn stalemate_with_a_hand() -> String {
    for k in ["A3", "H3", "A6", "H6", "B0", "G0", "B9", "G9"] {
        for g1 in Cell::ALL {
            for g2 in Cell::ALL {
                if g2 <= g1 {
                    continue;
                }
                let text = format!("W:KD5,R{g1},R{g2} B:K{k},@N b");
                let Ok(p) = TurtleShell::from_text(&text, drops()) else {
                    continue;
                };
                if p.is_check() {
                    continue;
                }
                let bare = text.replace(",@N", "");
                let Ok(q) = TurtleShell::from_text(&bare, drops()) else {
                    continue;
                };
                if move_texts(&q).is_empty() {
                    return text;
                }
            }
        }
    }
    panic!("no stalemate found");
}

#[test]
fn drops_notation_is_the_piece_letter_at_and_the_cell() {
    let p = pos_with("W:KH4,@PR B:KA6 w", drops());
    let m = p.parse_move("P@D5").unwrap();
    assert_eq!(m, Move::drop(Role::Pawn, cell("D5")));
    assert!(m.is_drop());
    assert_eq!(m.dropped(), Some(Role::Pawn));
    assert_eq!(p.move_text(m), "P@D5");
    assert_eq!(
        p.parse_move("r@c3").unwrap(),
        Move::drop(Role::Rook, cell("C3"))
    );
    assert_eq!(
        p.parse_move(" R @ C3 ").unwrap(),
        Move::drop(Role::Rook, cell("C3"))
    );
    assert_eq!("P@D5".parse::<Move>().unwrap(), m);
    assert_eq!(m.to_string(), "P@D5");
    for bad in ["@D5", "PP@D5", "K@D5", "P@D4", "P@Z9", "P@", "X@D5"] {
        assert!(p.parse_move(bad).is_err(), "{bad}");
    }
}

#[test]
fn drops_the_position_text_lists_both_hands_marks_promoted_pawns_and_reads_back() {
    let text = "W:KH4,+RC3,RD5,@PPN B:KA6,PD7,@RMVA w";
    let p = pos_with(text, r("drops"));
    // Hands are written in piece order (K G N R P M V A), read in any order.
    assert_eq!(p.to_text(), "W:KH4,+RC3,RD5,@NPP B:KA6,PD7,@RMVA w");
    assert_eq!(p.in_hand(Color::White, Role::Pawn), 2);
    assert_eq!(p.in_hand(Color::Black, Role::VerticalMover), 1);
    assert!(p.is_promoted(cell("C3")));
    assert!(!p.is_promoted(cell("D5")));
    assert_eq!(
        TurtleShell::from_text(&p.to_text(), drops()).as_ref(),
        Ok(&p)
    );
    // Hands need the option.
    let err = TurtleShell::from_text("W:KH4,@P B:KA6 w", Rules::default()).unwrap_err();
    assert!(err.to_string().contains("option `drops`"), "{err}");
}

#[test]
fn drops_zobrist_keys_include_the_hands() {
    let p = pos_with("W:KH4,@PPN B:KA6,@R w", drops());
    assert_eq!(p.zobrist(), p.zobrist_from_scratch());
    let q = pos_with("W:KH4,@PN B:KA6,@R w", drops());
    assert_ne!(p.zobrist(), q.zobrist());
    let mut g = Game::new(p);
    for m in ["P@D5", "R@C6", "D5-D6"] {
        g.play_text(m).unwrap();
        assert_eq!(g.position().zobrist(), g.position().zobrist_from_scratch());
    }
}

#[test]
fn drops_are_found_as_the_slow_generator_finds_them() {
    for (white, black, side) in [
        ("RD5,@PN", "ND7,@G", 'w'),
        ("RD5", "@NP", 'b'),
        ("PE8,@R", "RD9,@PP", 'w'),
        ("+RC3,GD5,@MVA", "PD7,NE6,@RR", 'b'),
    ] {
        let p = with_kings_under(white, black, side, drops());
        assert_eq!(move_texts(&p), slow_texts(&p), "{}", p.to_text());
    }
}
