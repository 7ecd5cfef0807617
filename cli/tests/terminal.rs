//! The terminal's edges, through the built binary (issue 24): `save` keeps an existing
//! file unless told to replace it, a finished game stays open until `quit`, every diagram
//! fits in 80 columns, `moves --from` and `--limit`, and every word of a typed line is
//! either played or named as not played.

use crate::common;
use common::{chimera, chimera_with_input, stderr, stdout, variants};

use std::path::PathBuf;

/// A fresh folder for this file's test `name` ([`common::temp_dir`]).
fn temp_dir(name: &str) -> PathBuf {
    common::temp_dir("terminal", name)
}

#[test]
fn save_keeps_an_existing_file_unless_told_to_replace_it() {
    let dir = temp_dir("save");
    let path = dir.join("my game.txt");
    let file = path.display().to_string();
    let input = format!(
        "C2-C3\nsave {file}\nD7-E7\nsave {file}\nsave! '{file}'\nC3-C4\nsave --force {file}\nquit\n"
    );
    let out = chimera_with_input(&["play", "turtle-shell"], &input);
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    // The name has a space: messages show it in quotes, as a shell reads it back.
    let shown = format!("'{file}'");
    assert!(text.contains(&format!("Saved 1 move to {shown}")), "{text}");
    assert!(
        text.contains(&format!(
            "{shown} already exists: nothing was written. `save! {shown}` replaces it"
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!("Saved 2 moves to {shown}")),
        "{text}"
    );
    assert!(
        text.contains(&format!("Saved 3 moves to {shown}")),
        "{text}"
    );
    assert!(
        text.contains(&format!("chimera validate turtle-shell {shown}")),
        "{text}"
    );
    let saved = std::fs::read_to_string(&path).expect("the record");
    assert!(saved.contains("C2-C3 D7-E7 C3-C4"), "{saved}");
    // The refused save left the first record as it was until `save!` replaced it; only the
    // one file was written (the quotes typed with `save!` are not part of the name).
    let files = std::fs::read_dir(&dir).expect("the folder").count();
    assert_eq!(files, 1);
    let out = chimera(&["validate", "turtle-shell", &file]);
    assert!(out.status.success(), "{}", stderr(&out));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_finished_game_stays_open_for_undo_save_and_review_until_quit() {
    let dir = temp_dir("finished");
    let path = dir.join("undone.txt");
    let file = path.display().to_string();
    let input = format!("moves\nC2-C3\nresign\nundo\nsave {file}\nquit\n");
    let out = chimera_with_input(
        &[
            "play",
            "turtle-shell",
            "--record",
            "examples/turtle-shell-game.txt",
        ],
        &input,
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        text.contains("Game over: 0-1 black wins by checkmate\nThe game stays open"),
        "{text}"
    );
    assert!(
        text.contains("game over> No legal moves: the game is over: 0-1 black wins"),
        "{text}"
    );
    assert!(
        text.contains("Not played (the game is over: 0-1 black wins by checkmate): C2-C3."),
        "{text}"
    );
    assert!(text.contains("The game is already over"), "{text}");
    assert!(text.contains("Took back B6-E7."), "{text}");
    assert!(text.contains("Saved 29 moves to"), "{text}");
    assert!(text.contains("Moves (29):"), "{text}");
    let saved = std::fs::read_to_string(&path).expect("the record");
    assert!(!saved.contains("[Result"), "{saved}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_word_of_a_line_is_played_or_named() {
    let out = chimera_with_input(
        &["play", "turtle-shell"],
        "C2-C3 C7-C6 E1-E5 D2-E2 F2-F3\nquit\n",
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(text.contains("illegal move `E1-E5`"), "{text}");
    assert!(
        text.contains("Not played (`E1-E5` stopped the line): D2-E2 F2-F3 (2 words)."),
        "{text}"
    );
    assert!(text.contains("Moves (2):\n  C2-C3 C7-C6"), "{text}");
    // Against the computer, the words typed past the human's turn are named too.
    let out = chimera_with_input(
        &[
            "play",
            "turtle-shell",
            "--computer",
            "black",
            "--nodes",
            "200",
        ],
        "C2-C3 C7-C6\nquit\n",
    );
    let text = stdout(&out);
    assert!(
        text.contains("Not played (it is the computer's turn): C7-C6."),
        "{text}"
    );
}

/// The widest line of a diagram in characters (the `Position:` line, a text to copy, is
/// not a diagram's).
fn widest(text: &str) -> (usize, String) {
    text.lines()
        .filter(|l| !l.starts_with("Position:"))
        .map(|l| (l.chars().count(), l.to_string()))
        .max()
        .unwrap_or_default()
}

#[test]
fn every_diagram_fits_in_80_columns() {
    for variant in variants() {
        let rule_sets = chimera_cli::registry::find(variant)
            .expect("a variant")
            .rule_sets;
        for rules in rule_sets {
            let out = chimera(&["show", variant, "--rules", rules]);
            assert!(out.status.success(), "{}", stderr(&out));
            let (width, line) = widest(&stdout(&out));
            assert!(width <= 80, "{variant} {rules}: {width} columns: {line}");
            let out = chimera_with_input(&["play", variant, "--rules", rules], "flip\nquit\n");
            let (width, line) = widest(&stdout(&out));
            assert!(width <= 80, "{variant} {rules} flipped: {width}: {line}");
        }
    }
    // Triagonal after a placement turn: the marks of the last move and its Jacks.
    let out = chimera(&["show", "triagonal", "--moves", "J@Cc3,J@Cd3,Ab1-Ac3"]);
    let (width, line) = widest(&stdout(&out));
    assert!(width <= 80, "triagonal: {width}: {line}");
}

#[test]
fn moves_from_a_cell_and_at_most_a_limit() {
    let out = chimera(&["moves", "turtle-shell", "--from", "c2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "1 of 8 legal moves start on c2 (White to move):\nC2-C3\n"
    );
    let out = chimera(&["moves", "chess", "--from", "g1"]);
    assert_eq!(
        stdout(&out),
        "2 of 20 legal moves start on g1 (White to move):\ng1f3 g1h3\n"
    );
    // Triagonal's placement turns count as moves of the piece that moves after them.
    let out = chimera(&["moves", "triagonal", "--from", "Ab1", "--limit", "3"]);
    let text = stdout(&out);
    assert!(
        text.starts_with("1390 of 11660 legal moves start on Ab1 (White to move):\n"),
        "{text}"
    );
    assert!(
        text.ends_with("Ab1-Aa3 Ab1-Ac3 Ab1-Bb3\n(3 of 1390 shown; a larger --limit shows more)\n"),
        "{text}"
    );
    let out = chimera(&["moves", "triagonal", "--limit", "2"]);
    let text = stdout(&out);
    assert_eq!(text.lines().nth(1), Some("Ab1-Aa3 Ab1-Ac3"), "{text}");
    assert!(
        text.contains("(2 of 11660 shown; a larger --limit shows more)"),
        "{text}"
    );
    // A cell the board does not have, a limit of 0, and --json with a filter are refused.
    let out = chimera(&["moves", "turtle-shell", "--from", "Z9"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("turtle-shell has no cell `Z9`"),
        "{}",
        stderr(&out)
    );
    for args in [["--limit", "0"], ["--from", "C2"]] {
        let mut all = vec!["moves", "turtle-shell", "--json"];
        all.extend(args);
        if args[0] == "--limit" {
            all.retain(|a| *a != "--json");
        }
        let out = chimera(&all);
        assert_eq!(out.status.code(), Some(2), "{all:?}");
    }
}
