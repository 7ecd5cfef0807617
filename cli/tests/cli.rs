//! Runs the built `chimera` binary: every command's success paths and its errors.

use crate::common;
use common::{chimera, chimera_with_input, stderr, stdout};

use std::path::PathBuf;
use std::process::Output;

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).expect("the output is JSON")
}

/// A file in the temporary folder, unique to this test run.
fn temp_file(name: &str, contents: &[u8]) -> PathBuf {
    let path = std::env::temp_dir().join(format!("chimera-cli-test-{}-{name}", std::process::id()));
    std::fs::write(&path, contents).expect("write a temporary file");
    path
}

#[test]
fn variants_lists_turtle_shell_with_its_rule_sets() {
    let out = chimera(&["variants"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("turtle-shell"), "{text}");
    assert!(
        text.contains("ko (default), ko+shuffle, ko+drops"),
        "{text}"
    );
    assert!(text.contains(", modified-ko, "), "{text}");
    assert!(text.contains(", none+shuffle+drops+marshal"), "{text}");
}

#[test]
fn show_draws_the_start_position() {
    let out = chimera(&["show", "turtle-shell"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("E1:K") && text.contains("E8:k"), "{text}");
    assert!(text.contains("White to move"), "{text}");
    assert!(text.contains("Position: "), "{text}");
}

#[test]
fn show_marks_the_last_move() {
    let out = chimera(&["show", "turtle-shell", "--moves", "C2-C3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("C3:P*"), "{text}");
    assert!(text.contains("Last move: C2-C3"), "{text}");
    assert!(text.contains("Black to move"), "{text}");
}

#[test]
fn show_svg_is_an_svg_document() {
    let out = chimera(&["show", "turtle-shell", "--format", "svg", "--moves", "c2c3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("<?xml") || text.starts_with("<svg"));
    assert!(text.contains("<svg") && text.trim_end().ends_with("</svg>"));
}

#[test]
fn show_json_has_the_game_state() {
    let out = chimera(&[
        "show",
        "turtle-shell",
        "--format",
        "json",
        "--moves",
        "C2-C3",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let value = json(&out);
    assert_eq!(value["variant"], "turtle-shell");
    assert_eq!(value["rules"], "ko");
    assert_eq!(value["turn"], "black");
    assert_eq!(value["moves_played"], serde_json::json!(["C2-C3"]));
    let legal = value["legal_moves"].as_array().expect("a list of moves");
    assert_eq!(value["legal_move_count"].as_u64(), Some(legal.len() as u64));
    assert!(value["outcome"].is_null());
    assert!(value["position"].as_str().is_some_and(|p| !p.is_empty()));
}

#[test]
fn show_writes_a_file_with_output() {
    let path = temp_file("board.svg", b"");
    let out = chimera(&[
        "show",
        "turtle-shell",
        "--format",
        "svg",
        "--output",
        path.to_str().expect("a UTF-8 path"),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).is_empty());
    let svg = std::fs::read_to_string(&path).expect("the file was written");
    assert!(svg.starts_with("<?xml") || svg.starts_with("<svg"));
    let _ = std::fs::remove_file(path);
}

#[test]
fn show_position_text_round_trips() {
    let first = json(&chimera(&[
        "show",
        "turtle-shell",
        "--format",
        "json",
        "--moves",
        "C2-C3 D7-E7",
    ]));
    let text = first["position"].as_str().expect("position text");
    let second = json(&chimera(&[
        "show",
        "turtle-shell",
        "--format",
        "json",
        "--position",
        text,
    ]));
    assert_eq!(second["position"], first["position"]);
    assert_eq!(second["legal_moves"], first["legal_moves"]);
    assert_eq!(second["moves_played"], serde_json::json!([]));
}

#[test]
fn moves_lists_the_legal_moves() {
    let out = chimera(&["moves", "turtle-shell"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("legal moves (White to move)"), "{text}");
    assert!(text.contains("C2-C3"), "{text}");

    let value = json(&chimera(&[
        "moves",
        "turtle-shell",
        "--json",
        "--moves",
        "C2-C3",
    ]));
    assert_eq!(value["turn"], "black");
    assert!(value["legal_moves"]
        .as_array()
        .is_some_and(|m| !m.is_empty()));
}

#[test]
fn an_illegal_move_in_moves_exits_1_and_says_why() {
    let out = chimera(&["moves", "turtle-shell", "--moves", "C2-C3 E1-E9"]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("move 2 `E1-E9`"), "{err}");
    assert!(err.contains("illegal move"), "{err}");
    assert!(err.contains("legal moves here"), "{err}");
    let out = chimera(&["moves", "turtle-shell", "--moves", "Z9-Q1"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("cannot read move"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn an_unknown_variant_lists_the_known_ones() {
    let out = chimera(&["show", "no-such-chess"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("unknown variant `no-such-chess`"), "{err}");
    assert!(err.contains("turtle-shell"), "{err}");
}

#[test]
fn unknown_rules_and_bad_positions_exit_2() {
    let out = chimera(&["moves", "turtle-shell", "--rules", "fifty-move"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("modified-ko"), "{}", stderr(&out));
    let out = chimera(&["moves", "turtle-shell", "--position", "not a position"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("cannot read position"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn perft_counts_and_divides() {
    let out = chimera(&["perft", "turtle-shell", "1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let legal = json(&chimera(&["moves", "turtle-shell", "--json"]))["legal_move_count"]
        .as_u64()
        .expect("a count");
    assert!(text.contains(&format!("nodes: {legal}\n")), "{text}");
    assert!(text.contains("bulk counted"), "{text}");
    assert!(text.contains("nodes/s"), "{text}");

    let out = chimera(&["perft", "turtle-shell", "2", "--divide", "--rules", "none"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let total: u64 = text
        .lines()
        .filter(|l| l.contains('-') && !l.starts_with("perft") && !l.starts_with('('))
        .map(|l| {
            l.split_whitespace()
                .last()
                .and_then(|n| n.parse::<u64>().ok())
                .expect("a count")
        })
        .sum();
    assert!(text.contains(&format!("{legal} root moves")), "{text}");
    assert!(text.contains(&format!("nodes: {total}\n")), "{text}");
    // No progress on stderr when it is not a terminal.
    assert!(stderr(&out).is_empty());
}

#[test]
fn validate_accepts_the_bundled_games() {
    for file in [
        "examples/turtle-shell-game.txt",
        "examples/turtle-shell-game.zsg",
    ] {
        let out = chimera(&["validate", "turtle-shell", file]);
        assert!(out.status.success(), "{file}: {}", stderr(&out));
        let text = stdout(&out);
        assert!(text.contains("all legal"), "{text}");
        assert!(text.contains("Outcome: "), "{text}");
        assert!(text.contains("Position: "), "{text}");
        let value = json(&chimera(&["validate", "turtle-shell", file, "--json"]));
        assert_eq!(value["valid"], true);
        assert!(value["error"].is_null());
    }
}

#[test]
fn validate_reads_standard_input() {
    let out = chimera_with_input(
        &["validate", "turtle-shell", "-"],
        "1. C2-C3 D7-E7 # two moves\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("2 plies, all legal"),
        "{}",
        stdout(&out)
    );
    assert!(
        stdout(&out).contains("game not finished"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn validate_reports_the_first_illegal_move() {
    let path = temp_file("bad.txt", b"# a game\n1. C2-C3 D7-E7\n2. E1-E9 E7-E6\n");
    let out = chimera(&["validate", "turtle-shell", path.to_str().expect("UTF-8")]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.contains("ply 3 (move 2, white), line 3: `E1-E9`"),
        "{text}"
    );
    assert!(text.contains("illegal move"), "{text}");
    assert!(text.contains("legal moves ("), "{text}");
    assert!(stderr(&out).contains("ply 3"), "{}", stderr(&out));

    let out = chimera(&[
        "validate",
        "turtle-shell",
        path.to_str().expect("UTF-8"),
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let value = json(&out);
    assert_eq!(value["valid"], false);
    assert_eq!(value["error"]["ply"], 3);
    assert_eq!(value["error"]["move_number"], 2);
    assert_eq!(value["error"]["line"], 3);
    assert_eq!(value["error"]["text"], "E1-E9");
    assert_eq!(value["plies"], 2);
    let _ = std::fs::remove_file(path);
}

#[test]
fn validate_rejects_a_move_after_the_end() {
    let game = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/turtle-shell-game.txt"
    ))
    .expect("the bundled game");
    let finished = json(&chimera(&[
        "validate",
        "turtle-shell",
        "examples/turtle-shell-game.txt",
        "--json",
    ]));
    if finished["outcome"].is_null() {
        return; // the bundled game is unfinished: nothing to check here
    }
    let path = temp_file("after-end.txt", format!("{game}\nC2-C3\n").as_bytes());
    let out = chimera(&["validate", "turtle-shell", path.to_str().expect("UTF-8")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("already over"), "{}", stdout(&out));
    let _ = std::fs::remove_file(path);
}

#[test]
fn validate_exits_2_on_unreadable_files() {
    let out = chimera(&["validate", "turtle-shell", "no/such/file.txt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("cannot read no/such/file.txt"),
        "{}",
        stderr(&out)
    );

    let path = temp_file("latin1.txt", b"C2-C3 \xe9\xff\n");
    let out = chimera(&["validate", "turtle-shell", path.to_str().expect("UTF-8")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("not UTF-8"), "{}", stderr(&out));
    let _ = std::fs::remove_file(path);

    let path = temp_file("open-comment.txt", b"C2-C3 { never closed\nD7-E7\n");
    let out = chimera(&["validate", "turtle-shell", path.to_str().expect("UTF-8")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("line 1"), "{}", stderr(&out));
    let _ = std::fs::remove_file(path);
}

#[test]
fn play_reads_moves_and_commands_from_a_pipe() {
    let input = "help\nC2-C3\nE9-E1\nboard\nmoves\nundo\nC2-C3 D7-E7\nquit\n";
    let out = chimera_with_input(&["play", "turtle-shell"], input);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("white> "), "{text}");
    assert!(text.contains("black> "), "{text}");
    assert!(text.contains("undo"), "{text}");
    assert!(text.contains("illegal move `E9xE1`"), "{text}");
    assert!(text.contains("legal moves:"), "{text}");
    assert!(text.contains("Took back C2-C3"), "{text}");
    assert!(text.contains("Last move: D7-E7"), "{text}");
    assert!(text.contains("Bye."), "{text}");
}

#[test]
fn play_quits_at_the_end_of_input() {
    let out = chimera_with_input(&["play", "turtle-shell", "--moves", "C2-C3"], "D7-E7\n");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("end of input"), "{}", stdout(&out));
}

#[test]
fn play_announces_the_outcome() {
    let finished = json(&chimera(&[
        "validate",
        "turtle-shell",
        "examples/turtle-shell-game.txt",
        "--json",
    ]));
    let Some(moves) = finished["moves_played"].as_array() else {
        panic!("moves_played is a list");
    };
    if finished["outcome"].is_null() {
        return;
    }
    let moves: Vec<&str> = moves.iter().filter_map(|m| m.as_str()).collect();
    let (last, before) = moves.split_last().expect("some moves");
    let out = chimera_with_input(
        &["play", "turtle-shell", "--moves", &before.join(" ")],
        &format!("{last}\n"),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let outcome = finished["outcome"]["text"].as_str().expect("outcome text");
    assert!(text.contains(&format!("Game over: {outcome}")), "{text}");
}

#[test]
fn help_is_there_for_every_command() {
    for command in ["variants", "show", "moves", "perft", "validate", "play"] {
        let out = chimera(&[command, "--help"]);
        assert!(out.status.success(), "{command}");
        assert!(stdout(&out).contains("Usage: chimera"), "{command}");
    }
    let out = chimera(&["--help"]);
    assert!(stdout(&out).contains("validate"));
}

/// Every registered variant, with its bundled example game and whether that game ends.
/// Every registered variant with its example game, `examples/NAME-game.txt`, and the
/// result that game's `# Result:` comment line states (`1-0`, `0-1`, `1/2-1/2`, or `*`
/// when it does not end the game). A new variant needs no line here, only its example.
fn variants_with_examples() -> Vec<(&'static str, String, String)> {
    common::variants()
        .into_iter()
        .map(|name| {
            let game = format!("examples/{name}-game.txt");
            let path = format!("{}/../{game}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{name} needs an example game {game}: {e}"));
            let result = text
                .lines()
                .find_map(|l| l.strip_prefix("# Result: "))
                .and_then(|r| r.split_whitespace().next())
                .unwrap_or_else(|| panic!("{game} needs a `# Result: …` comment line"))
                .to_string();
            (name, game, result)
        })
        .collect()
}

#[test]
fn every_variant_is_listed() {
    let text = stdout(&chimera(&["variants"]));
    let names = common::variants();
    assert!(names.len() >= 6, "{names:?}");
    for name in names {
        assert!(text.contains(name), "{name} missing from:\n{text}");
    }
}

#[test]
fn every_command_works_for_every_variant() {
    for (name, game, result) in variants_with_examples() {
        let game = game.as_str();
        let out = chimera(&["show", name]);
        assert!(out.status.success(), "show {name}: {}", stderr(&out));
        let svg = chimera(&["show", name, "--format", "svg"]);
        assert!(stdout(&svg).contains("<svg"), "svg of {name}");
        let state = json(&chimera(&["show", name, "--format", "json"]));
        let moves = state["legal_moves"].as_array().expect("legal moves");
        assert!(!moves.is_empty(), "{name} has moves at the start");
        let first = moves[0].as_str().expect("a move text");
        // The first legal move plays through --moves and shows up as played.
        let after = json(&chimera(&[
            "show", name, "--moves", first, "--format", "json",
        ]));
        assert_eq!(after["moves_played"][0].as_str(), Some(first), "{name}");
        let position = after["position"].as_str().expect("position text");
        let again = json(&chimera(&["moves", name, "--position", position, "--json"]));
        assert_eq!(again["position"].as_str(), Some(position), "{name}");
        let perft = chimera(&["perft", name, "2"]);
        assert!(perft.status.success(), "perft {name}: {}", stderr(&perft));
        let validated = chimera(&["validate", name, game, "--json"]);
        assert!(validated.status.success(), "validate {name} {game}");
        let outcome = &json(&validated)["outcome"];
        let score = outcome["score"].as_str().unwrap_or("*");
        assert_eq!(score, result, "{game}: {outcome}");
        let played = chimera_with_input(&["play", name], &format!("{first}\nundo\nquit\n"));
        assert!(played.status.success(), "play {name}: {}", stderr(&played));
    }
}

#[test]
fn errors_list_a_long_move_list_only_in_part() {
    let out = chimera(&["moves", "triagonal", "--moves", "Zz9"]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("legal moves here (11660)"), "{err}");
    assert!(err.contains("and 11600 more"), "{err}");
    assert!(err.lines().count() < 40, "{err}");
}

#[test]
fn tiling_rider_paulowich_16_works_in_every_command() {
    fn with<'a>(args: &[&'a str]) -> Vec<&'a str> {
        let mut all = args.to_vec();
        all.extend_from_slice(&["--rules", "paulowich-16"]);
        all
    }
    let shown = chimera(&with(&["show", "tiling-rider", "--moves", "a4-b5"]));
    assert!(shown.status.success(), "{}", stderr(&shown));
    let text = stdout(&shown);
    assert!(text.contains(" p ") && text.contains(" Z   Z "), "{text}");
    let state = json(&chimera(&with(&[
        "show",
        "tiling-rider",
        "--format",
        "json",
    ])));
    assert_eq!(state["rules"].as_str(), Some("paulowich-16"));
    assert_eq!(state["legal_moves"].as_array().map(Vec::len), Some(88));
    let svg = chimera(&with(&["show", "tiling-rider", "--format", "svg"]));
    assert!(stdout(&svg).contains("giant-ferz"));
    let moves = chimera(&with(&["moves", "tiling-rider"]));
    assert!(
        stdout(&moves).contains("88 legal moves"),
        "{}",
        stdout(&moves)
    );
    let perft = chimera(&with(&["perft", "tiling-rider", "2"]));
    assert!(stdout(&perft).contains("7108"), "{}", stdout(&perft));
    let game = temp_file("paulowich.txt", b"a4-b5 c4-d5 e4-f5 g4-h5\n");
    let validated = chimera(&with(&["validate", "tiling-rider", game.to_str().unwrap()]));
    assert!(validated.status.success(), "{}", stderr(&validated));
    let _ = std::fs::remove_file(game);
    let played = chimera_with_input(&with(&["play", "tiling-rider"]), "a4-b5\nundo\nquit\n");
    assert!(played.status.success(), "{}", stderr(&played));
    // Squares off its 16 files are errors naming the square.
    let bad = chimera(&with(&["show", "tiling-rider", "--moves", "q4-q5"]));
    assert_eq!(bad.status.code(), Some(1));
    assert!(
        stderr(&bad).contains("`q4` is not a square (a1–p16)"),
        "{}",
        stderr(&bad)
    );
}

// ---------------------------------------------------------------------------------------
// --budget: every command answers within a limit, and says what the limit left undecided.

/// Tiling Rider: White checked at the start of an 8-move turn, in a crowded position. The
/// exact search takes tens of seconds to list the moves; a tiny budget leaves some of them
/// undecided. `o1-n1` is legal (`h3xh4` then takes the checking knight).
const CHECKED: &str = "wgwgwgwgkkgwgwgwgw/fnfnfnf1kknfnfnfnf/wgwg1wwgw1gww1gwgw/1nf2g1fn1gf1f1fn1/3n4n5g1f1/f4f1f7n2/5n4N7/5NN11/17N/1n5N10/4F1F4F6/2N4F2F2n1F1N/FNF1N2n3G1F2NF/WGWGWGWGWGWNFWGWGW/FNF1FNFNKK1GNGNFNF/WGWGWGWGKKGWG1WWGW w 0/8 - 7 12 7";

#[test]
fn budget_reads_durations_and_none_in_every_command_that_takes_it() {
    for budget in [
        "2s",
        "500ms",
        "0.5s",
        "10m",
        "1h",
        "none",
        "unlimited",
        "0",
        "nodes=100000",
        "2s,nodes=100000",
    ] {
        let out = chimera(&["moves", "turtle-shell", "--budget", budget, "--json"]);
        assert!(out.status.success(), "{budget}: {}", stderr(&out));
        let expected = match budget {
            "0.5s" => "500ms",
            "unlimited" => "none",
            "0" => "0s",
            other => other,
        };
        assert_eq!(json(&out)["budget"], expected, "{budget}");
        let out = chimera(&["show", "turtle-shell", "--budget", budget]);
        assert!(out.status.success(), "{budget}: {}", stderr(&out));
        let out = chimera(&[
            "validate",
            "turtle-shell",
            "examples/turtle-shell-game.txt",
            "--budget",
            budget,
        ]);
        assert!(out.status.success(), "{budget}: {}", stderr(&out));
        let out = chimera_with_input(&["play", "turtle-shell", "--budget", budget], "quit\n");
        assert!(out.status.success(), "{budget}: {}", stderr(&out));
    }
}

#[test]
fn a_bad_budget_is_a_command_line_error() {
    for junk in [
        "junk",
        "2",
        "-1s",
        "2 parsecs",
        "1.2.3s",
        "",
        "nodes=",
        "nodes=0",
        "nodes=1e6",
    ] {
        let out = chimera(&["moves", "turtle-shell", &format!("--budget={junk}")]);
        assert_eq!(out.status.code(), Some(2), "{junk}");
        let err = stderr(&out);
        assert!(err.contains("--budget <BUDGET>"), "{junk}: {err}");
        assert!(stdout(&out).is_empty());
    }
    let err = stderr(&chimera(&["show", "turtle-shell", "--budget", "2"]));
    assert!(err.contains("give a unit: 2s"), "{err}");
    let help = stdout(&chimera(&["moves", "--help"]));
    assert!(
        help.contains("--budget <BUDGET>") && help.contains("[default: nodes=800000]"),
        "{help}"
    );
}

#[test]
fn a_decided_listing_says_it_is_complete() {
    let value = json(&chimera(&["moves", "turtle-shell", "--json"]));
    assert_eq!(value["undecided"], serde_json::json!([]));
    assert_eq!(value["complete"], true);
    assert_eq!(value["status"], "ongoing");
    assert_eq!(value["budget"], "nodes=800000");
    let value = json(&chimera(&["show", "turtle-shell", "--format", "json"]));
    assert_eq!(value["complete"], true);
    assert_eq!(value["status"], "ongoing");
    // A finished game: status over, no moves, still complete.
    let finished = json(&chimera(&[
        "validate",
        "turtle-shell",
        "examples/turtle-shell-game.txt",
        "--json",
    ]));
    assert_eq!(finished["status"], "over");
    let moves: Vec<&str> = finished["moves_played"]
        .as_array()
        .expect("moves")
        .iter()
        .filter_map(|m| m.as_str())
        .collect();
    let over = json(&chimera(&[
        "moves",
        "turtle-shell",
        "--json",
        "--moves",
        &moves.join(" "),
    ]));
    assert_eq!(over["status"], "over");
    assert_eq!(over["complete"], true);
    assert_eq!(over["legal_move_count"], 0);
    assert!(!over["outcome"].is_null());
    // No undecided moves: the text says nothing about them.
    let text = stdout(&chimera(&["moves", "tiling-rider"]));
    assert!(!text.contains("undecided"), "{text}");
}

#[test]
fn the_svg_carries_the_status_line() {
    let out = chimera(&["show", "turtle-shell", "--format", "svg"]);
    let svg = stdout(&out);
    assert!(svg.contains("<!-- chimera: Legal moves: 8 -->"), "{svg}");
    assert!(svg.trim_end().ends_with("</svg>"));
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
}

#[test]
fn validate_json_says_what_kind_of_move_stopped_it() {
    let path = temp_file("kinds.txt", b"C2-C3 E8-E1\n");
    let value = json(&chimera(&[
        "validate",
        "turtle-shell",
        path.to_str().expect("UTF-8"),
        "--json",
    ]));
    assert_eq!(value["error"]["kind"], "illegal");
    assert_eq!(value["error"]["undecided"], serde_json::json!([]));
    assert!(value["status"].is_null() && value["outcome"].is_null());
    std::fs::write(&path, b"C2-C3 Q9-Z1\n").expect("rewrite");
    let value = json(&chimera(&[
        "validate",
        "turtle-shell",
        path.to_str().expect("UTF-8"),
        "--json",
    ]));
    assert_eq!(value["error"]["kind"], "unreadable");
    assert_eq!(value["plies"], 1);
    let _ = std::fs::remove_file(path);
}

#[test]
fn a_huge_bad_token_is_quoted_only_in_part() {
    // A one-token record of 50 MB: the report quotes an excerpt, not the token.
    let big = "C2".repeat(25_000_000);
    let path = temp_file("huge-token.txt", format!("1. {big}\n").as_bytes());
    let file = path.to_str().expect("UTF-8");
    for variant in ["turtle-shell", "tiling-rider"] {
        let out = chimera(&["validate", variant, file]);
        assert_eq!(out.status.code(), Some(1), "{variant}");
        assert!(
            out.stdout.len() < 8_000,
            "{variant}: {} bytes",
            out.stdout.len()
        );
        assert!(
            out.stderr.len() < 2_000,
            "{variant}: {} bytes",
            out.stderr.len()
        );
        assert!(stderr(&out).contains("bytes in all)"), "{}", stderr(&out));
        let out = chimera(&["validate", variant, file, "--json"]);
        assert_eq!(out.status.code(), Some(1), "{variant}");
        assert!(
            out.stdout.len() < 8_000,
            "{variant}: {} bytes",
            out.stdout.len()
        );
        assert_eq!(json(&out)["error"]["kind"], "unreadable");
    }
    let _ = std::fs::remove_file(path);
    // Also in --moves (as long as a command-line argument may be) and at the play prompt.
    let long = "C2".repeat(50_000);
    let out = chimera(&["moves", "turtle-shell", "--moves", &long]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stderr.len() < 2_000, "{} bytes", out.stderr.len());
    // (A play line is read up to 64 KiB: a longer one is refused, see hostile.rs.)
    let line = "C2".repeat(32_000);
    let out = chimera_with_input(&["play", "turtle-shell"], &format!("{line}\nquit\n"));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(out.stdout.len() < 20_000, "{} bytes", out.stdout.len());
    assert!(
        stdout(&out).contains("cannot read move"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn a_long_tiling_rider_record_replays_fast() {
    // 1091 actions over 269 turns: each move is proven by the record's own next moves, and
    // the game's end (a draw by the 50-turn rule) needs no search.
    let start = std::time::Instant::now();
    let out = chimera(&[
        "validate",
        "tiling-rider",
        "cli/tests/data/tiling-rider-long-game.txt",
        "--json",
    ]);
    let elapsed = start.elapsed();
    assert!(out.status.success(), "{}", stderr(&out));
    let value = json(&out);
    assert_eq!(value["valid"], true);
    assert_eq!(value["plies"], 1091);
    assert_eq!(value["status"], "over");
    assert_eq!(
        value["outcome"]["reason"], "move-limit",
        "{}",
        value["outcome"]
    );
    assert!(elapsed.as_secs_f64() < 10.0, "took {elapsed:?}");
    // The same moves through --moves.
    let record = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/tiling-rider-long-game.txt"
    ))
    .expect("the record");
    let moves: Vec<&str> = record
        .lines()
        .filter(|l| !l.starts_with('#'))
        .flat_map(str::split_whitespace)
        .collect();
    let value = json(&chimera(&[
        "show",
        "tiling-rider",
        "--format",
        "json",
        "--moves",
        &moves.join(" "),
    ]));
    assert_eq!(value["status"], "over");
    assert_eq!(value["moves_played"].as_array().map(Vec::len), Some(1091));
}

#[test]
fn play_takes_back_moves_within_a_tiling_rider_turn() {
    let out = chimera_with_input(
        &["play", "tiling-rider"],
        "a4-b5\nb4-c6\nundo\nundo\nboard\nquit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("2 of at most 4 moves made"), "{text}");
    assert!(text.contains("Took back b4-c6"), "{text}");
    assert!(text.contains("Took back a4-b5"), "{text}");
    let last = text
        .rsplit("white> ")
        .nth(1)
        .expect("a board after the undos");
    assert!(last.contains("0 of at most 4 moves made"), "{last}");
}

#[test]
fn a_record_in_the_checked_position_is_proven_by_its_own_continuation() {
    let path = temp_file("checked.txt", b"o1-n1 h3xh4 ;\n");
    let file = path.to_str().expect("UTF-8");
    let out = chimera(&[
        "validate",
        "tiling-rider",
        "--position",
        CHECKED,
        file,
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let value = json(&out);
    assert_eq!(value["plies"], 3);
    assert_eq!(value["turn"], "black");
    let _ = std::fs::remove_file(path);
}

// The tests below use Tiling Rider's budgeted search: `--budget 0` leaves every question
// that needs a search undecided.

#[test]
fn moves_lists_undecided_moves_apart_and_says_how_to_raise_the_budget() {
    let out = chimera(&[
        "moves",
        "tiling-rider",
        "--position",
        CHECKED,
        "--budget",
        "0",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("undecided moves (neither proven legal nor illegal within the 0 s budget)"),
        "{text}"
    );
    assert!(text.contains("The budget, not the rules, left"), "{text}");
    assert!(
        text.contains("--budget 10s") && text.contains("--budget none"),
        "{text}"
    );
    let value = json(&chimera(&[
        "moves",
        "tiling-rider",
        "--position",
        CHECKED,
        "--budget",
        "0",
        "--json",
    ]));
    assert_eq!(value["complete"], false);
    assert_eq!(value["budget"], "0s");
    let undecided = value["undecided"].as_array().expect("a list");
    assert!(!undecided.is_empty(), "{value}");
    let legal = value["legal_moves"].as_array().expect("a list");
    assert!(undecided.iter().all(|m| !legal.contains(m)), "{value}");
}

/// A node budget does not depend on the machine's load: the same question gets the same
/// answer. One unit leaves the checked position's hard moves undecided, and says so in
/// units; four million decide every move (the search, then the SAT planner).
#[test]
fn a_node_budget_decides_the_same_everywhere_and_says_so_in_units() {
    let ask = |budget: &str| {
        json(&chimera(&[
            "moves",
            "tiling-rider",
            "--position",
            CHECKED,
            "--budget",
            budget,
            "--json",
        ]))
    };
    let tiny = ask("nodes=1");
    assert_eq!(tiny["complete"], false, "{tiny}");
    assert_eq!(tiny["budget"], "nodes=1");
    assert_eq!(ask("nodes=1"), tiny, "the same answer every time");
    let text = stdout(&chimera(&[
        "moves",
        "tiling-rider",
        "--position",
        CHECKED,
        "--budget",
        "nodes=1",
    ]));
    assert!(text.contains("within the 1-node budget"), "{text}");
    assert!(text.contains("--budget nodes=10000000"), "{text}");
    let full = ask("nodes=4000000");
    assert_eq!(full["complete"], true, "{full}");
    assert_eq!(full["undecided"], serde_json::json!([]));
    let exact = ask("none");
    assert_eq!(full["legal_moves"], exact["legal_moves"]);
}

#[test]
fn show_marks_undecided_moves_in_text_json_and_svg() {
    let out = chimera(&[
        "show",
        "tiling-rider",
        "--position",
        CHECKED,
        "--budget",
        "0",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("undecided within the 0 s budget)"), "{text}");
    let value = json(&chimera(&[
        "show",
        "tiling-rider",
        "--position",
        CHECKED,
        "--budget",
        "0",
        "--format",
        "json",
    ]));
    assert_eq!(value["complete"], false);
    let out = chimera(&[
        "show",
        "tiling-rider",
        "--position",
        CHECKED,
        "--budget",
        "0",
        "--format",
        "svg",
    ]);
    assert!(stdout(&out).contains("undecided within the 0 s budget)"));
    assert!(
        stderr(&out).starts_with("note: Legal moves:"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn an_undecided_move_in_a_record_exits_1_and_says_how_to_decide_it() {
    // `o1-n1` alone: nothing in the record finishes the turn, and a zero budget cannot
    // search for a rescue.
    let path = temp_file("undecided.txt", b"o1-n1\n");
    let file = path.to_str().expect("UTF-8");
    let args = [
        "validate",
        "tiling-rider",
        "--position",
        CHECKED,
        file,
        "--budget",
        "0",
    ];
    let out = chimera(&args);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains("could not be decided within the 0 s budget; rerun with --budget none or a larger budget"),
        "{err}"
    );
    assert!(
        stdout(&out).contains("ply 1 (move 1, white)"),
        "{}",
        stdout(&out)
    );
    let mut json_args = args.to_vec();
    json_args.push("--json");
    let value = json(&chimera(&json_args));
    assert_eq!(value["error"]["kind"], "undecided");
    assert_eq!(value["plies"], 0);
    // The same in --moves.
    let out = chimera(&[
        "moves",
        "tiling-rider",
        "--position",
        CHECKED,
        "--moves",
        "o1-n1",
        "--budget",
        "0",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("could not be decided within the 0 s budget"),
        "{}",
        stderr(&out)
    );
    // With the rest of its turn the record proves it, with no search at all.
    std::fs::write(&path, b"o1-n1 h3xh4 ;\n").expect("rewrite");
    let out = chimera(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let _ = std::fs::remove_file(path);
}

#[test]
fn a_record_of_complete_turns_needs_no_search() {
    let out = chimera(&[
        "validate",
        "tiling-rider",
        "cli/tests/data/tiling-rider-long-game.txt",
        "--budget",
        "0",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(json(&out)["plies"], 1091);
}

#[test]
fn play_lets_a_player_make_an_undecided_move_and_take_it_back() {
    let out = chimera_with_input(
        &[
            "play",
            "tiling-rider",
            "--position",
            CHECKED,
            "--budget",
            "0",
        ],
        "o1-n1\nundo\nquit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Legal moves: "), "{text}");
    assert!(text.contains("undecided within the 0 s budget"), "{text}");
    assert!(
        text.contains("Note: o1-n1 was played, but not proven legal within the 0 s budget"),
        "{text}"
    );
    assert!(text.contains("Took back o1-n1"), "{text}");
}

#[test]
fn bestmove_finds_a_mate_in_one_in_turret() {
    let out = chimera(&[
        "bestmove",
        "turret",
        "--position",
        "5k4/*3ppp2*/*8*/*8*/*8*/*8*/*8*/1R3K4 w - - 0 1",
        "--depth",
        "3",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("bestmove b1b8"), "{text}");
    assert!(text.contains("win in 1 ply"), "{text}");
    assert!(text.contains("nodes"), "{text}");
}

#[test]
fn bestmove_answers_in_json_for_every_variant() {
    for variant in [
        "turtle-shell",
        "turret",
        "turnover",
        "triagonal",
        "tiling-rider",
    ] {
        let out = chimera(&["bestmove", variant, "--nodes", "2000", "--json"]);
        assert!(out.status.success(), "{variant}: {}", stderr(&out));
        let v = json(&out);
        let best = v["best_move"].as_str().unwrap().to_string();
        assert_eq!(v["pv"][0].as_str(), Some(best.as_str()), "{variant}");
        assert!(v["nodes"].as_u64().unwrap() <= 2001, "{variant}");
        // The move is legal: it plays.
        let played = chimera(&["moves", variant, "--moves", &best]);
        assert!(
            played.status.success(),
            "{variant} {best}: {}",
            stderr(&played)
        );
    }
}

#[test]
fn bestmove_with_a_node_limit_is_deterministic() {
    let args = ["bestmove", "turnover", "--nodes", "5000", "--json"];
    let (a, b) = (json(&chimera(&args)), json(&chimera(&args)));
    for field in ["best_move", "score", "pv", "depth", "nodes"] {
        assert_eq!(a[field], b[field], "{field}");
    }
}

#[test]
fn bestmove_keeps_its_time() {
    let start = std::time::Instant::now();
    let out = chimera(&["bestmove", "triagonal", "--time", "300ms"]);
    assert!(out.status.success(), "{}", stderr(&out));
    // The process starts, sets up and prints too; the search itself stops on time.
    assert!(start.elapsed() < std::time::Duration::from_secs(3));
}

#[test]
fn bestmove_refuses_bad_input_clearly() {
    let cases: &[(&[&str], &str)] = &[
        (&["bestmove", "turtle-shell", "--depth", "0"], "--depth"),
        (&["bestmove", "turtle-shell", "--depth", "1000"], "--depth"),
        (&["bestmove", "turtle-shell", "--nodes", "0"], "--nodes"),
        (&["bestmove", "turtle-shell", "--time", "none"], "bounded"),
        (&["bestmove", "turtle-shell", "--time", "2h"], "--time"),
        (
            &["bestmove", "turtle-shell", "--time", "1s", "--depth", "3"],
            "at most one",
        ),
        (
            &["bestmove", "turtle-shell", "--rules", "nonsense"],
            "nonsense",
        ),
        (&["bestmove", "xiangqi"], "unknown variant"),
        (
            &["bestmove", "turtle-shell", "--position", "W:KE8 B:KA5 b"],
            "game is over",
        ),
    ];
    for (args, needle) in cases {
        let out = chimera(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}
