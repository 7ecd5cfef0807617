//! `chimera match --resign/--draw` through the built binary: games ended by the engines'
//! scores are recorded as adjudications (in the records, the summary, the results file
//! and `match-report`), their records still validate, a baseline never triggers them, and
//! bad values are refused with exit code 2.

use crate::common;
use common::{chimera, stderr, stdout};

use std::path::{Path, PathBuf};

/// A fresh folder for this file's test `name` ([`common::temp_dir`]).
fn temp_dir(name: &str) -> PathBuf {
    common::temp_dir("adjudication", name)
}

/// Plays a 4-game Turret match between `a` and `b` with `extra` arguments, saved in `dir`;
/// returns the report.
fn turret_match(a: &str, b: &str, extra: &[&str], dir: &Path) -> String {
    let mut args = vec![
        "match",
        "turret",
        "--games",
        "4",
        "--a",
        a,
        "--b",
        b,
        "--openings",
        "4",
        "--seed",
        "1",
        "--jobs",
        "2",
        "--quiet",
        "--save",
        dir.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let out = chimera(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    stdout(&out)
}

/// The saved records of `dir` and their first comment line on the result.
fn records(dir: &Path) -> Vec<(PathBuf, String)> {
    (1..=4)
        .map(|i| {
            let file = dir.join(format!("game-00{i}.txt"));
            let text = std::fs::read_to_string(&file).expect("a saved game");
            let result = text
                .lines()
                .find(|l| l.starts_with("# Result: "))
                .expect("a result comment")
                .to_string();
            (file, result)
        })
        .collect()
}

/// The number in `text` after `label` (`a won 1`).
fn count_after(text: &str, label: &str) -> u64 {
    let at = text
        .find(label)
        .unwrap_or_else(|| panic!("no `{label}` in {text}"))
        + label.len();
    text[at..]
        .trim_start()
        .split(|c: char| !c.is_ascii_digit())
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no number after `{label}` in {text}"))
}

#[test]
fn scores_end_games_as_adjudications_that_are_recorded_counted_and_validate() {
    let dir = temp_dir("both");
    let text = turret_match(
        "nodes=2000",
        "nodes=500",
        &["--resign", "100/1", "--draw", "200/5/20"],
        &dir,
    );
    let line = text
        .lines()
        .find(|l| {
            l.starts_with("Adjudicated by the engines' scores (--resign 100/1 --draw 200/5/20): ")
        })
        .unwrap_or_else(|| panic!("no adjudication line in:\n{text}"));
    let (a_won, b_won, drawn) = (
        count_after(line, "a won"),
        count_after(line, "b won"),
        count_after(line, "drawn"),
    );
    // Both engines past 1 pawn for one move each comes early in every game.
    assert!(a_won + b_won >= 1, "{text}");
    let (mut wins_by_records, mut draws_by_records) = (0, 0);
    for (file, result) in records(&dir) {
        if !result.contains("by adjudication") {
            continue;
        }
        assert!(
            result.contains("win by adjudication (resign: both scores beyond 100 for 1 moves)")
                || result.contains("draw by adjudication (draw: both scores within 5 for 20 moves after 200 plies)"),
            "{result}"
        );
        wins_by_records += u64::from(result.contains("win by"));
        draws_by_records += u64::from(result.contains("draw by"));
        // The record replays: its moves are legal, the result was the match's, not the
        // rules' (the game was not over).
        let check = chimera(&["validate", "turret", file.to_str().unwrap()]);
        assert!(check.status.success(), "{}", stderr(&check));
        let said = stdout(&check);
        assert!(said.contains("all legal."), "{said}");
        assert!(
            said.contains(": adjudicated, not decided by the rules"),
            "{said}"
        );
        let json = chimera(&["validate", "turret", file.to_str().unwrap(), "--json"]);
        let json = stdout(&json);
        assert!(json.contains("\"adjudicated\": true"), "{json}");
    }
    assert_eq!(wins_by_records, a_won + b_won);
    // The results file knows the rules, and match-report counts the same.
    let results = std::fs::read_to_string(dir.join("results.json")).unwrap();
    assert!(
        results.contains("\"adjudication\": \"--resign 100/1 --draw 200/5/20\""),
        "{results}"
    );
    let report = chimera(&["match-report", dir.to_str().unwrap()]);
    assert!(report.status.success(), "{}", stderr(&report));
    let report = stdout(&report);
    assert!(report.contains(line), "{line}\nnot in:\n{report}");
    assert!(report.contains("Endings: "), "{report}");
    assert_eq!(draws_by_records, drawn);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_draw_adjudication_waits_for_its_plies_and_is_a_draw() {
    let dir = temp_dir("draw");
    // Any score within 100,000 centipawns: every game is drawn as soon as 6 plies are
    // played (the opening's 4 included) and each side has moved once.
    let text = turret_match("nodes=300", "nodes=300", &["--draw", "6/100000/1"], &dir);
    assert!(
        text.contains(
            "Adjudicated by the engines' scores (--draw 6/100000/1): 4 (a won 0, b won 0, drawn 4)"
        ),
        "{text}"
    );
    assert!(
        text.contains("overall           4      0      4       0"),
        "{text}"
    );
    for (_, result) in records(&dir) {
        assert!(
            result.starts_with("# Result: 1/2-1/2 draw by adjudication (draw: both scores within 100000 for 1 moves after 6 plies), after 6 plies"),
            "{result}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn off_by_default_and_never_against_a_baseline() {
    let dir = temp_dir("off");
    let text = turret_match("nodes=300", "nodes=300", &[], &dir);
    assert!(!text.contains("by adjudication"), "{text}");
    assert!(!text.contains("engines' scores"), "{text}");
    let results = std::fs::read_to_string(dir.join("results.json")).unwrap();
    assert!(!results.contains("adjudication"), "{results}");
    let _ = std::fs::remove_dir_all(&dir);
    // greedy gives no score: even the loosest rules never end a game against it.
    let dir = temp_dir("greedy");
    let text = turret_match(
        "nodes=300",
        "greedy",
        &["--resign", "1/1", "--draw", "0/100000/1"],
        &dir,
    );
    assert!(
        text.contains("Adjudicated by the engines' scores (--resign 1/1 --draw 0/100000/1): 0 (a won 0, b won 0, drawn 0)"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_external_engines_info_score_counts() {
    let dir = temp_dir("external");
    let engine = format!("nodes=300,cmd='{}' engine", env!("CARGO_BIN_EXE_chimera"));
    let text = turret_match(&engine, "nodes=300", &["--draw", "6/100000/1"], &dir);
    assert!(
        text.contains("(--draw 6/100000/1): 4 (a won 0, b won 0, drawn 4)"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_adjudication_values_are_refused_with_exit_code_2() {
    for (flag, value, want) in [
        ("--resign", "1000", "give SCORE/MOVES"),
        ("--resign", "0/4", "SCORE 0: give from 1"),
        ("--resign", "1000/x", "MOVES `x` is not a whole number"),
        ("--draw", "80/10", "give PLY/SCORE/MOVES"),
        ("--draw", "80/10/0", "MOVES 0: give from 1"),
        ("--draw", "80/-1/8", "SCORE `-1` is not a whole number"),
    ] {
        let out = chimera(&[
            "match", "turret", "--a", "nodes=10", "--b", "random", flag, value,
        ]);
        assert_eq!(out.status.code(), Some(2), "{flag} {value}");
        let err = stderr(&out);
        assert!(err.contains(want), "{flag} {value}: {err}");
    }
}
