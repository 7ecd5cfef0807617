//! Game records: the one format every command writes (`play`'s `save`, `match --save`,
//! `serve`'s export, `validate --save`), and the records written before it, which must
//! still load (`cli/tests/data/records/*-before-issue-24.txt`, saved by the program as it
//! was before the one writer).

use crate::common;

use common::{chimera, chimera_with_input, stderr, stdout};
use serde_json::Value;
use std::path::PathBuf;

/// A file name in the temporary folder, unique to this test run.
fn temp_path(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!(
        "chimera-records-test-{}-{name}",
        std::process::id()
    ))
}

const OLD_PLAY: &str = "cli/tests/data/records/play-before-issue-24.txt";
const OLD_MATCH: &str = "cli/tests/data/records/match-before-issue-24.txt";

fn validate_json(args: &[&str]) -> Value {
    let out = chimera(args);
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    serde_json::from_str(&stdout(&out)).expect("JSON")
}

#[test]
fn records_written_before_still_validate_with_their_headers() {
    // `play`'s old save: its `[Rules "ko"]` header is read (no --rules given).
    let value = validate_json(&["validate", "turtle-shell", OLD_PLAY, "--json"]);
    assert_eq!(value["valid"], true);
    assert_eq!(value["rules"], "ko");
    assert_eq!(value["moves_played"][2], "D2-E2");
    // `match --save`'s old record: comments, numbered lines, a result line.
    let value = validate_json(&["validate", "turret", OLD_MATCH, "--json"]);
    assert_eq!(value["valid"], true);
    assert_eq!(value["plies"], 12);
    assert_eq!(value["moves_played"][11], "a8f3");
}

#[test]
fn records_written_before_still_resume() {
    for (variant, file, moves) in [("turtle-shell", OLD_PLAY, 3), ("turret", OLD_MATCH, 12)] {
        let out = chimera_with_input(&["play", variant, "--record", file], "quit\n");
        assert!(out.status.success(), "{}", stderr(&out));
        let text = stdout(&out);
        assert!(
            text.contains(&format!("Resumed {file}: {moves} moves played.")),
            "{text}"
        );
    }
}

#[test]
fn a_record_of_another_variant_is_refused() {
    let out = chimera(&["validate", "turret", OLD_PLAY]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("is a record of turtle-shell, not turret"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn validate_save_rewrites_an_old_record_in_the_one_format() {
    let path = temp_path("rewritten.txt");
    let _ = std::fs::remove_file(&path);
    let file = path.to_str().expect("UTF-8 path");
    let out = chimera(&["validate", "turret", OLD_MATCH, "--save", file]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&path).expect("the record was written");
    assert!(
        text.starts_with("# A turret game saved by `chimera validate` (12 moves).\n"),
        "{text}"
    );
    assert!(
        text.contains("[Variant \"turret\"]\n[Rules \"standard\"]\n"),
        "{text}"
    );
    assert!(text.contains("f2f4 f7f5 b2b4"), "{text}");
    // It validates as it is, and is not overwritten.
    let value = validate_json(&["validate", "turret", file, "--json"]);
    assert_eq!(value["plies"], 12);
    let again = chimera(&["validate", "turret", OLD_MATCH, "--save", file]);
    assert_eq!(again.status.code(), Some(2));
    assert!(
        stderr(&again).contains("--save: cannot write"),
        "{}",
        stderr(&again)
    );
    let _ = std::fs::remove_file(&path);
}

#[test]
fn play_and_match_write_the_same_headers() {
    let dir = temp_path("match");
    let _ = std::fs::remove_dir_all(&dir);
    let out = chimera(&[
        "match",
        "turtle-shell",
        "--games",
        "1",
        "--a",
        "random",
        "--b",
        "random",
        "--max-plies",
        "6",
        "--seed",
        "5",
        "--quiet",
        "--save",
        dir.to_str().expect("UTF-8 path"),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let matched = std::fs::read_to_string(dir.join("game-001.txt")).expect("the game was saved");
    assert!(
        matched.starts_with("# chimera match: game 1 of 1"),
        "{matched}"
    );
    assert!(
        matched.contains("[Variant \"turtle-shell\"]\n[Rules \"ko\"]\n[Result \"1/2-1/2\"]\n\n1. "),
        "{matched}"
    );
    assert!(matched.ends_with("\n1/2-1/2\n"), "{matched}");
    let path = temp_path("played.txt");
    let _ = std::fs::remove_file(&path);
    let save = format!("C2-C3 D7-E7\nsave {}\nquit\n", path.display());
    let out = chimera_with_input(&["play", "turtle-shell"], &save);
    assert!(out.status.success(), "{}", stderr(&out));
    let played = std::fs::read_to_string(&path).expect("the game was saved");
    assert!(
        played.contains("[Variant \"turtle-shell\"]\n[Rules \"ko\"]\n\nC2-C3 D7-E7\n"),
        "{played}"
    );
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_file(&path);
}
