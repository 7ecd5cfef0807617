//! `chimera match` through the built binary: small matches in every variant finish, print
//! the table and save records that `chimera validate` accepts; bad settings are refused
//! with exit code 2.

use crate::common;
use common::{chimera, stderr, stdout};

use std::path::PathBuf;

/// A fresh folder for this file's test `name` ([`common::temp_dir`]).
fn temp_dir(name: &str) -> PathBuf {
    common::temp_dir("match", name)
}

/// Runs a 4-game random-vs-greedy match in `variant`, saving the games; checks the table
/// and validates every saved game with the binary.
fn small_match(variant: &str, max_plies: &str) {
    let dir = temp_dir(variant);
    let d = dir.to_str().unwrap();
    let out = chimera(&[
        "match",
        variant,
        "--games",
        "4",
        "--a",
        "random",
        "--b",
        "greedy",
        "--max-plies",
        max_plies,
        "--seed",
        "3",
        "--save",
        d,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    for want in [
        &format!("Match: {variant}"),
        "a = random, b = greedy",
        "4 games",
        "overall           4",
        "as White          2",
        "as Black          2",
        "Elo difference (a - b): ",
        "Endings: ",
    ] {
        assert!(text.contains(want), "no `{want}` in:\n{text}");
    }
    // A line per game on standard error (not a terminal).
    assert_eq!(stderr(&out).matches("game ").count(), 4, "{}", stderr(&out));
    for i in 1..=4 {
        let file = dir.join(format!("game-00{i}.txt"));
        let record = std::fs::read_to_string(&file).expect("a saved game");
        assert!(record.contains("# chimera match: game"), "{record}");
        let check = chimera(&["validate", variant, file.to_str().unwrap()]);
        assert!(
            check.status.success(),
            "{}: {}{}\n{record}",
            file.display(),
            stdout(&check),
            stderr(&check)
        );
        assert!(stdout(&check).contains("all legal"), "{}", stdout(&check));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn turtle_shell_match_finishes_and_saves_valid_games() {
    small_match("turtle-shell", "60");
}

#[test]
fn turret_match_finishes_and_saves_valid_games() {
    small_match("turret", "60");
}

#[test]
fn turnover_match_finishes_and_saves_valid_games() {
    small_match("turnover", "60");
}

#[test]
fn triagonal_match_finishes_and_saves_valid_games() {
    small_match("triagonal", "16");
}

#[test]
fn tiling_rider_match_finishes_and_saves_valid_games() {
    small_match("tiling-rider", "12");
}

#[test]
fn the_engine_beats_random_at_depth_two() {
    let out = chimera(&[
        "match",
        "turret",
        "--games",
        "2",
        "--a",
        "depth=2",
        "--b",
        "random",
        "--max-plies",
        "200",
        "--seed",
        "1",
        "--quiet",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("a = depth=2, b = random"), "{text}");
    assert!(text.contains("overall           2      2"), "{text}");
    assert!(text.contains("beyond measure (a won every game)"), "{text}");
    assert!(text.contains("a: "), "the engine's statistics: {text}");
    assert!(stderr(&out).is_empty(), "--quiet: {}", stderr(&out));
}

#[test]
fn a_seeded_match_with_node_limits_replays_exactly() {
    let run = |dir: &PathBuf| {
        let out = chimera(&[
            "match",
            "turtle-shell",
            "--games",
            "2",
            "--a",
            "nodes=300",
            "--b",
            "greedy",
            "--openings",
            "2",
            "--max-plies",
            "40",
            "--seed",
            "11",
            "--jobs",
            "2",
            "--quiet",
            "--save",
            dir.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        let read = |n: u32| std::fs::read_to_string(dir.join(format!("game-00{n}.txt"))).unwrap();
        (read(1), read(2))
    };
    let (one, two) = (temp_dir("replay-1"), temp_dir("replay-2"));
    let first = run(&one);
    let second = run(&two);
    // The records name their own file; compare the moves.
    let moves = |s: &str| {
        s.lines()
            .filter(|l| !l.starts_with('#'))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(moves(&first.0), moves(&second.0));
    assert_eq!(moves(&first.1), moves(&second.1));
    // Both games of the pair open with the same two random plies.
    let opening = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| !l.starts_with('#'))
            .flat_map(|l| l.split_whitespace())
            .filter(|t| !t.ends_with('.'))
            .take(2)
            .map(str::to_string)
            .collect()
    };
    assert_eq!(opening(&first.0), opening(&first.1));
    assert!(first.0.contains("The first 2 plies are a random opening"));
    let _ = std::fs::remove_dir_all(&one);
    let _ = std::fs::remove_dir_all(&two);
}

#[test]
fn bad_settings_are_refused_with_exit_code_2() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["--a", "smart", "--b", "random"],
            "unknown setting `smart`",
        ),
        (
            &["--a", "depth=0", "--b", "random"],
            "give a depth from 1 to 64",
        ),
        (&["--a", "depth=x", "--b", "random"], "depth=x"),
        (&["--a", "time=0s", "--b", "random"], "time"),
        (&["--a", "time=forever", "--b", "random"], "time=forever"),
        (&["--a", "depth=3,depth=4", "--b", "random"], "given twice"),
        (
            &["--a", "random,depth=3", "--b", "random"],
            "takes no engine limits",
        ),
        (
            &["--a", "colour=red", "--b", "random"],
            "unknown setting `colour`",
        ),
        (&["--a", "random", "--b", ""], "empty setting"),
        (
            &["--a", "random", "--b", "greedy", "--games", "100001"],
            "100000",
        ),
        (
            &["--a", "random", "--b", "greedy", "--games", "0"],
            "1 to 100000",
        ),
        (
            &["--a", "random", "--b", "greedy", "--jobs", "0"],
            "--jobs 0",
        ),
        (
            &["--a", "random", "--b", "greedy", "--max-plies", "0"],
            "--max-plies 0",
        ),
        (
            &["--a", "random", "--b", "greedy", "--rules", "nonsense"],
            "nonsense",
        ),
        (&["--b", "greedy"], "--a"),
    ];
    for (args, want) in cases {
        let mut all = vec!["match", "turret"];
        all.extend_from_slice(args);
        let out = chimera(&all);
        assert_eq!(out.status.code(), Some(2), "{all:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains(want),
            "{all:?}: no `{want}` in {}",
            stderr(&out)
        );
        assert!(stdout(&out).is_empty(), "{all:?}");
    }
    let out = chimera(&["match", "xiangqi", "--a", "random", "--b", "random"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("unknown variant `xiangqi`"));
}

#[test]
fn combined_engine_limits_are_accepted() {
    let out = chimera(&[
        "match",
        "turnover",
        "--games",
        "1",
        "--a",
        "time=2s,depth=1",
        "--b",
        "nodes=200",
        "--max-plies",
        "10",
        "--seed",
        "5",
        "--quiet",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("a = time=2s,depth=1, b = nodes=200"),
        "{text}"
    );
    assert!(text.contains("overall           1"), "{text}");
}

#[test]
fn a_tiling_rider_ply_is_a_whole_turn() {
    let dir = temp_dir("tiling-rider-turns");
    let out = chimera(&[
        "match",
        "tiling-rider",
        "--games",
        "2",
        "--a",
        "random",
        "--b",
        "random",
        "--max-plies",
        "3",
        "--openings",
        "1",
        "--seed",
        "8",
        "--quiet",
        "--save",
        dir.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("adjudicated draw (3 plies): 2"), "{text}");
    // White's first turn is exactly 4 moves, Black's 8: three turns are over 12 moves.
    assert!(text.contains("Average game: 3 plies (turns), "), "{text}");
    let record = std::fs::read_to_string(dir.join("game-001.txt")).unwrap();
    assert!(record.contains("after 3 plies ("), "{record}");
    assert!(
        record.contains("The first 1 plies (4 moves) are a random opening"),
        "{record}"
    );
    // The game stops between turns: the record replays.
    let check = chimera(&[
        "validate",
        "tiling-rider",
        dir.join("game-001.txt").to_str().unwrap(),
    ]);
    assert!(check.status.success(), "{}", stdout(&check));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The `[Position "…"]` header of each saved game of `dir` (game-001.txt, …), validated
/// with the binary under `rules`.
fn saved_starts(dir: &std::path::Path, games: usize, rules: &str) -> Vec<String> {
    (1..=games)
        .map(|i| {
            let file = dir.join(format!("game-00{i}.txt"));
            let record = std::fs::read_to_string(&file).expect("a saved game");
            let check = chimera(&[
                "validate",
                "turtle-shell",
                file.to_str().unwrap(),
                "--rules",
                rules,
            ]);
            assert!(
                check.status.success() && stdout(&check).contains("all legal"),
                "{}: {}{}\n{record}",
                file.display(),
                stdout(&check),
                stderr(&check)
            );
            record
                .lines()
                .find_map(|l| {
                    l.strip_prefix("[Position \"")
                        .and_then(|l| l.strip_suffix("\"]"))
                })
                .unwrap_or_else(|| panic!("no [Position] in {record}"))
                .to_string()
        })
        .collect()
}

#[test]
fn match_start_n_plays_every_game_from_that_shuffled_start_and_records_it() {
    let dir = temp_dir("start-17");
    let d = dir.to_str().unwrap();
    let out = chimera(&[
        "match",
        "turtle-shell",
        "--rules",
        "ko+shuffle",
        "--start",
        "17",
        "--games",
        "4",
        "--a",
        "random",
        "--b",
        "greedy",
        "--max-plies",
        "30",
        "--seed",
        "3",
        "--save",
        d,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("Match: turtle-shell, rules ko+shuffle, from start 17:"),
        "{}",
        stdout(&out)
    );
    assert_eq!(saved_starts(&dir, 4, "ko+shuffle"), ["start 17"; 4]);
    let record = std::fs::read_to_string(dir.join("game-001.txt")).unwrap();
    assert!(
        record.contains("# The game starts from start 17."),
        "{record}"
    );
    let results = std::fs::read_to_string(dir.join("results.json")).unwrap();
    assert!(
        results.contains("\"start\": \"start 17\"") || results.contains("\"start\":\"start 17\""),
        "{results}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn match_under_shuffle_draws_each_pairs_start_from_the_seed_and_replays_it() {
    let run = |name: &str, seed: &str| {
        let dir = temp_dir(name);
        let d = dir.to_str().unwrap();
        let out = chimera(&[
            "match",
            "turtle-shell",
            "--rules",
            "shuffle",
            "--games",
            "6",
            "--a",
            "random",
            "--b",
            "greedy",
            "--max-plies",
            "20",
            "--seed",
            seed,
            "--save",
            d,
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(
            stdout(&out).contains("from a start drawn from the seed for each pair (of 90)"),
            "{}",
            stdout(&out)
        );
        let starts = saved_starts(&dir, 6, "ko+shuffle");
        let moves: Vec<String> = (1..=6)
            .map(|i| std::fs::read_to_string(dir.join(format!("game-00{i}.txt"))).unwrap())
            .map(|r| {
                r.lines()
                    .filter(|l| !l.starts_with('#'))
                    .collect::<Vec<_>>()
                    .join("\n")
            })
            .collect();
        let _ = std::fs::remove_dir_all(&dir);
        (starts, moves)
    };
    let (starts, moves) = run("drawn-a", "11");
    // Both games of a pair from one start; the pairs' starts drawn (not all the same).
    for pair in starts.chunks(2) {
        assert_eq!(pair[0], pair[1], "{starts:?}");
    }
    assert!(starts.iter().all(|s| s.starts_with("start ")), "{starts:?}");
    assert!(
        starts[0] != starts[2] || starts[2] != starts[4],
        "{starts:?}"
    );
    // The same seed: the same starts and games.
    assert_eq!(run("drawn-b", "11"), (starts.clone(), moves));
    let (other, _) = run("drawn-c", "12");
    assert_ne!(other, starts, "another seed, other starts");
}

#[test]
fn match_refuses_a_start_the_rule_set_does_not_have() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["--rules", "ko+shuffle", "--start", "90"],
            "--start 90: the starts are numbered 0 to 89",
        ),
        (&["--rules", "ko", "--start", "3"], "has one start"),
        (&["--start", "3"], "has one start"),
        (&["--rules", "ko+shuffle", "--start=-1"], "--start"),
        (&["--rules", "ko+shuffle", "--start", "x"], "--start"),
    ];
    for (args, want) in cases {
        let mut all = vec![
            "match",
            "turtle-shell",
            "--a",
            "random",
            "--b",
            "greedy",
            "--games",
            "2",
        ];
        all.extend_from_slice(args);
        let out = chimera(&all);
        assert_eq!(out.status.code(), Some(2), "{all:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains(want),
            "{all:?}: no `{want}` in {}",
            stderr(&out)
        );
        assert!(stdout(&out).is_empty(), "{all:?}");
    }
}
