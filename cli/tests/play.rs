//! `chimera play` through the built binary: playing against the computer in every
//! variant, the computer playing itself, save / --record / resign / flip / help, and bad
//! input that must neither panic nor change the game.

use crate::common;
use common::{chimera, chimera_with_input, stderr, stdout};

use chimera_core::PlayError;
use std::path::PathBuf;

/// A path in the temporary folder, unique to this test run (the file is not created).
fn temp_path(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("chimera-play-test-{}-{name}", std::process::id()))
}

/// A first move for White in each variant, legal from the start.
const FIRST_MOVES: [(&str, &str); 5] = [
    ("turtle-shell", "C2-C3"),
    ("turret", "e2e4"),
    ("turnover", "b2-b3"),
    ("triagonal", "J@Cc3,J@Cd3,Ab1-Ac3"),
    ("tiling-rider", "e4-d5 i4-j5 l4-k5 f4-g5"),
];

/// `black plays X (score S, depth D, T s)` lines.
fn computer_lines<'a>(text: &'a str, side: &str) -> Vec<&'a str> {
    text.lines()
        .filter_map(|l| {
            l.split_once(&format!("{side} plays "))
                .map(|(_, rest)| rest)
        })
        .collect()
}

#[test]
fn the_computer_answers_a_move_in_every_variant() {
    for (variant, first) in FIRST_MOVES {
        let out = chimera_with_input(
            &["play", variant, "--computer", "black", "--nodes", "300"],
            &format!("{first}\nquit\n"),
        );
        assert!(out.status.success(), "{variant}: {}", stderr(&out));
        let text = stdout(&out);
        assert!(
            text.contains("the computer plays Black"),
            "{variant}: {text}"
        );
        let replies = computer_lines(&text, "black");
        assert!(!replies.is_empty(), "{variant}: {text}");
        for reply in &replies {
            assert!(
                reply.contains("(score ") && reply.contains(", depth ") && reply.ends_with(" s)"),
                "{variant}: {reply}"
            );
        }
        // Tiling Rider: Black's first turn is exactly 8 actions, one search each.
        let expected = if variant == "tiling-rider" { 8 } else { 1 };
        assert_eq!(replies.len(), expected, "{variant}: {text}");
        // The moves are printed on quit, the human's first.
        let moves = text.split("Moves (").nth(1).expect("the moves on quit");
        let first_word = first.split_whitespace().next().expect("a move");
        assert!(moves.contains(first_word), "{variant}: {moves}");
        assert!(text.contains("Bye."), "{variant}: {text}");
    }
}

#[test]
fn the_computer_moves_first_when_it_plays_white_and_the_same_every_time() {
    let run = || {
        let out = chimera_with_input(
            &["play", "turret", "--computer", "white", "--depth", "2"],
            "quit\n",
        );
        assert!(out.status.success(), "{}", stderr(&out));
        let text = stdout(&out);
        let lines = computer_lines(&text, "white");
        assert_eq!(lines.len(), 1, "{text}");
        assert!(lines[0].contains("depth 2"), "{text}");
        lines[0]
            .split_whitespace()
            .next()
            .expect("a move")
            .to_string()
    };
    assert_eq!(run(), run());
}

#[test]
fn the_computer_plays_itself_to_the_end_of_a_game() {
    let out = chimera(&[
        "play",
        "turtle-shell",
        "--computer",
        "both",
        "--nodes",
        "300",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Game over: "), "{text}");
    assert!(!text.contains("white> "), "no prompt: {text}");
    let plies = computer_lines(&text, "white").len() + computer_lines(&text, "black").len();
    assert!(plies > 0 && plies < 1000, "{plies}");
    assert!(text.contains(&format!("Moves ({plies}):")), "{text}");
}

#[test]
fn the_computer_playing_itself_stops_at_the_ply_cap() {
    let out = chimera(&["play", "tiling-rider", "--computer", "both", "--nodes", "1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let plies = computer_lines(&text, "white").len() + computer_lines(&text, "black").len();
    if !text.contains("Game over: ") {
        assert!(text.contains("Stopped after 1000 plies"), "{text}");
        assert_eq!(plies, 1000);
    }
}

#[test]
fn undo_against_the_computer_takes_back_its_reply_too() {
    let out = chimera_with_input(
        &[
            "play",
            "turtle-shell",
            "--computer",
            "black",
            "--nodes",
            "200",
        ],
        "C2-C3\nundo\nquit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let reply = computer_lines(&text, "black")[0]
        .split_whitespace()
        .next()
        .expect("a reply")
        .to_string();
    assert!(
        text.contains(&format!("Took back C2-C3 {reply}.")),
        "{text}"
    );
    // The computer answers again after the undo? No: it is White's (the human's) turn.
    assert_eq!(computer_lines(&text, "black").len(), 1, "{text}");
    assert!(text.contains("Moves: none"), "{text}");
}

#[test]
fn bad_limits_are_refused() {
    for args in [
        &["play", "turret", "--computer", "black", "--depth", "0"][..],
        &[
            "play",
            "turret",
            "--computer",
            "black",
            "--nodes",
            "5",
            "--depth",
            "2",
        ],
        &["play", "turret", "--computer", "nobody"],
        &["play", "turret", "--record", "x.txt", "--moves", "e2e4"],
        &["play", "turret", "--nodes", "5"],
    ] {
        let out = chimera_with_input(args, "quit\n");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stdout(&out));
    }
}

#[test]
fn a_saved_game_validates_and_resumes() {
    let path = temp_path("saved.txt");
    let file = path.to_str().expect("UTF-8 path");
    let out = chimera_with_input(
        &["play", "turtle-shell", "--rules", "none"],
        &format!("C2-C3 D7-E7\nsave {file}\nquit\n"),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains(&format!("Saved 2 moves to {file}")), "{text}");
    assert!(text.contains("--rules none"), "{text}");
    let saved = std::fs::read_to_string(&path).expect("the file was written");
    assert!(saved.contains("[Rules \"none\"]"), "{saved}");
    assert!(saved.contains("C2-C3 D7-E7"), "{saved}");

    let checked = chimera(&["validate", "turtle-shell", file, "--rules", "none"]);
    assert!(checked.status.success(), "{}", stderr(&checked));
    assert!(stdout(&checked).contains("2 plies, all legal"));

    // --record takes the rules from the record's header and goes on from its last move.
    let resumed = chimera_with_input(&["play", "turtle-shell", "--record", file], "C3-C4\nquit\n");
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    let text = stdout(&resumed);
    assert!(text.contains("rules: none"), "{text}");
    assert!(text.contains("Resumed"), "{text}");
    assert!(text.contains("Moves (3):\n  C2-C3 D7-E7 C3-C4"), "{text}");
    let _ = std::fs::remove_file(&path);
}

#[test]
fn a_game_from_a_given_position_saves_its_start() {
    let start = chimera(&[
        "show",
        "turnover",
        "--moves",
        "b2-b3 b7-b6",
        "--format",
        "json",
    ]);
    let value: serde_json::Value = serde_json::from_slice(&start.stdout).expect("JSON");
    let position = value["position"].as_str().expect("a position").to_string();
    let path = temp_path("from-position.txt");
    let file = path.to_str().expect("UTF-8 path");
    let out = chimera_with_input(
        &["play", "turnover", "--position", &position],
        &format!("d2-d3\nsave {file}\nquit\n"),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let saved = std::fs::read_to_string(&path).expect("the file was written");
    assert!(
        saved.contains(&format!("[Position \"{position}\"]")),
        "{saved}"
    );
    let checked = chimera(&["validate", "turnover", file, "--position", &position]);
    assert!(checked.status.success(), "{}", stderr(&checked));
    // Resuming reads the start position from the header.
    let resumed = chimera_with_input(&["play", "turnover", "--record", file], "quit\n");
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    assert!(
        stdout(&resumed).contains("Last move: d2-d3"),
        "{}",
        stdout(&resumed)
    );
    let _ = std::fs::remove_file(&path);
}

#[test]
fn a_finished_record_resumes_at_its_end() {
    let out = chimera_with_input(
        &[
            "play",
            "turtle-shell",
            "--record",
            "examples/turtle-shell-game.txt",
        ],
        "quit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("Game over: "), "{}", stdout(&out));
}

#[test]
fn a_bad_record_is_refused() {
    let illegal = temp_path("illegal.txt");
    std::fs::write(&illegal, "C2-C3 E9-E1\n").expect("write");
    let out = chimera_with_input(
        &[
            "play",
            "turtle-shell",
            "--record",
            illegal.to_str().expect("UTF-8"),
        ],
        "quit\n",
    );
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(stderr(&out).contains("ply 2"), "{}", stderr(&out));

    let other = temp_path("other-variant.txt");
    std::fs::write(&other, "[Variant \"turret\"]\ne2e4\n").expect("write");
    let out = chimera_with_input(
        &[
            "play",
            "turtle-shell",
            "--record",
            other.to_str().expect("UTF-8"),
        ],
        "quit\n",
    );
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("a record of turret"),
        "{}",
        stderr(&out)
    );

    let out = chimera_with_input(
        &["play", "turtle-shell", "--record", "/nonexistent/game.txt"],
        "quit\n",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("cannot read"), "{}", stderr(&out));
    let _ = std::fs::remove_file(&illegal);
    let _ = std::fs::remove_file(&other);
}

#[test]
fn resign_ends_the_game_for_the_side_to_move() {
    let out = chimera_with_input(&["play", "turret"], "e2e4\nresign\nboard\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Black resigns: White wins (1-0)."), "{text}");
    assert!(text.contains("Moves (1):\n  e2e4"), "{text}");
    // Nothing is read after the resignation.
    assert_eq!(text.matches("> ").count(), 2, "{text}");
}

#[test]
fn flip_turns_the_board_round_in_every_variant() {
    let out = chimera_with_input(&["play", "turret"], "flip\nflip\nquit\n");
    let text = stdout(&out);
    assert!(text.contains("    j  i  h  g  f  e  d  c  b  a"), "{text}");
    assert!(
        text.contains(" 1  T  R  N  B  K  Q  B  N  R  T  1"),
        "{text}"
    );
    let boards: Vec<&str> = text.split("white> ").collect();
    // The second flip turns it back.
    assert!(boards[2].contains("    a  b  c  d"), "{}", boards[2]);

    let out = chimera_with_input(&["play", "turnover"], "flip\nquit\n");
    assert!(
        stdout(&out).contains("      h    g    f    e"),
        "{}",
        stdout(&out)
    );

    let out = chimera_with_input(&["play", "tiling-rider"], "flip\nquit\n");
    assert!(
        stdout(&out).contains("      r   q   p   o"),
        "{}",
        stdout(&out)
    );

    let out = chimera_with_input(&["play", "triagonal"], "flip\nquit\n");
    let flipped = stdout(&out)
        .split("white> ")
        .nth(1)
        .unwrap_or("")
        .to_string();
    assert!(flipped.trim_start().starts_with("Level H"), "{flipped}");

    let out = chimera_with_input(&["play", "turtle-shell"], "flip\nquit\n");
    let flipped = stdout(&out)
        .split("white> ")
        .nth(1)
        .unwrap_or("")
        .to_string();
    assert!(
        flipped.contains("Turtle Shell Chess          White's side"),
        "{flipped}"
    );
}

#[test]
fn help_shows_each_variants_own_notation() {
    let own = [
        ("turtle-shell", "`E7-E8=R`"),
        ("turret", "`O-O`"),
        ("turnover", "`d2*e3`"),
        ("triagonal", "`J@Cc3,J@Cd3,Ab1-Ac3`"),
        ("tiling-rider", "`;`"),
    ];
    for (variant, example) in own {
        let out = chimera_with_input(&["play", variant], "help\nquit\n");
        let text = stdout(&out);
        assert!(text.contains(example), "{variant}: {text}");
        assert!(text.contains("save FILE"), "{variant}: {text}");
        if variant != "turtle-shell" {
            assert!(!text.contains("C2-C3"), "{variant}: {text}");
        }
    }
}

/// The examples in backquotes in each variant's help (several moves in one: each word).
fn examples(help: &str) -> Vec<&str> {
    help.split('`')
        .skip(1)
        .step_by(2)
        .flat_map(str::split_whitespace)
        .collect()
}

#[test]
fn every_example_in_the_help_reads_in_the_start_position() {
    for variant in chimera_cli::registry::variants() {
        let game = (variant.new_game)(None, None).expect("the start");
        let help = game.notation_help();
        let words = examples(help);
        assert!(words.len() >= 4, "{}: {help}", variant.name);
        for word in words {
            let mut game = (variant.new_game)(None, None).expect("the start");
            let mut budget = chimera_core::Budget::nodes(10_000);
            if let Err(PlayError::Parse(e)) = game.play_within(word, &[], &mut budget, true) {
                panic!("{}: `{word}` does not read: {e}", variant.name);
            }
        }
    }
}

#[test]
fn the_help_examples_that_are_moves_from_the_start_play() {
    // Sequences from the help texts, played from the start.
    let lines = [
        ("turtle-shell", "C2-C3 D7-E7 D2-E2"),
        ("turret", "E2E4 e7e5 Nd3"),
        ("turnover", "b2-b3 b7-b6 d2-d4"),
        ("triagonal", "J@Cc3,J@Cd3,Ab1-Ac3 Gb7-Gb6 Ae2-Ae4"),
        ("tiling-rider", "e4-d5 i4-j5 l4-k5 f4-g5"),
    ];
    for (variant, line) in lines {
        let out = chimera_with_input(&["play", variant], &format!("{line}\nquit\n"));
        assert!(out.status.success(), "{variant}: {}", stderr(&out));
        let text = stdout(&out);
        let n = line.split_whitespace().count();
        assert!(text.contains(&format!("Moves ({n}):")), "{variant}: {text}");
    }
}

#[test]
fn special_tokens_are_explained() {
    let out = chimera_with_input(&["play", "tiling-rider"], ";\nquit\n");
    let text = stdout(&out);
    assert!(text.contains("`;` ends the turn early"), "{text}");
    assert!(text.contains("Moves: none"), "{text}");

    let out = chimera_with_input(&["play", "triagonal"], "J@Cc3,J@Cd3\nquit\n");
    let text = stdout(&out);
    assert!(
        text.contains("A placement is part of a whole turn"),
        "{text}"
    );
    assert!(text.contains("Moves: none"), "{text}");
}

#[test]
fn bad_input_changes_nothing() {
    let input =
        "frobnicate\nE9-E1\nZ9-Z1\nsave\nsave /nonexistent/dir/game.txt\n\n   \nundo\nquit\n";
    let out = chimera_with_input(&["play", "turtle-shell"], input);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("`frobnicate` is neither a command nor a move"),
        "{text}"
    );
    assert!(text.contains("illegal move `E9-E1`"), "{text}");
    assert!(text.contains("cannot read move `Z9-Z1`"), "{text}");
    assert!(text.contains("Give a file name: save FILE"), "{text}");
    assert!(
        text.contains("Cannot save to /nonexistent/dir/game.txt"),
        "{text}"
    );
    assert!(text.contains("Nothing to take back."), "{text}");
    assert!(text.contains("Moves: none"), "{text}");
    assert!(!std::path::Path::new("/nonexistent/dir/game.txt").exists());
}
