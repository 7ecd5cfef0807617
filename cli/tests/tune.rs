//! `chimera selfplay` and `chimera tune` from the command line: a data file, a fit with a
//! held-out share, the L2 pull and quiescence leaves, and the options' checks.

use crate::common;

use common::{chimera, stderr, stdout, temp_dir};

#[test]
fn tune_holds_out_games_plays_out_captures_and_reports_the_weights_moves() {
    let dir = temp_dir("tune", "fit");
    let data = dir.join("turnover.data");
    let data = data.to_str().unwrap();
    let out = chimera(&[
        "selfplay",
        "turnover",
        "--games",
        "4",
        "--nodes",
        "300",
        "--seed",
        "3",
        "--sample-every",
        "1",
        "--output",
        data,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let weights = dir.join("weights.txt");
    let weights = weights.to_str().unwrap();
    let out = chimera(&[
        "tune",
        "turnover",
        data,
        "--output",
        weights,
        "--iterations",
        "30",
        "--rate",
        "2",
        "--holdout",
        "0.25",
        "--patience",
        "10",
        "--l2",
        "0.01",
        "--l2-for",
        "c*=0.5",
        "--freeze",
        "fort*",
        "--quiet",
    ]);
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        text.contains("positions held out: mean squared error"),
        "{text}"
    );
    assert!(text.contains("(the weights of step "), "{text}");
    assert!(text.contains("quiescence leaves: "), "{text}");
    // Each weight that moved is listed with its move.
    assert!(text.lines().any(|l| l.contains(" -> ")), "{text}");
    let file = std::fs::read_to_string(weights).unwrap();
    assert!(
        file.contains("--holdout 0.25 --patience 10 --l2 0.01 --l2-for c*=0.5 --quiet"),
        "{file}"
    );
    assert!(file.contains("positions held out: "), "{file}");
    let names = chimera_tune::weight_set("turnover").unwrap().names();
    assert!(chimera_kit::tune::parse_weights(&file, names).is_ok());
    // The frozen `fort` and `fortress` (`fort*`) did not move.
    assert!(!text.lines().any(|l| l.starts_with("fort")), "{text}");
    for (option, value) in [
        ("--holdout", "0.95"),
        ("--l2", "nan"),
        ("--l2-for", "c*"),
        ("--l2-for", "c*=-1"),
        ("--l2-for", "queen*=0.1"),
        ("--freeze", "queen*"),
    ] {
        let out = chimera(&["tune", "turnover", data, "--output", weights, option, value]);
        assert_eq!(out.status.code(), Some(2), "{option} {value}");
        assert!(stderr(&out).contains(option), "{}", stderr(&out));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn selfplay_with_scores_writes_the_search_score_before_each_result_and_tune_refuses_it() {
    let dir = temp_dir("tune", "scores");
    let data = dir.join("turnover.scores");
    let data = data.to_str().unwrap();
    let out = chimera(&[
        "selfplay",
        "turnover",
        "--games",
        "2",
        "--nodes",
        "300",
        "--seed",
        "3",
        "--sample-every",
        "1",
        "--with-scores",
        "--output",
        data,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(data).unwrap();
    assert!(text.lines().count() > 0, "{}", stdout(&out));
    for line in text.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 3, "{line}");
        let cp: i64 = fields[0].parse().unwrap();
        assert!((-10_000..=10_000).contains(&cp), "{line}");
        assert!(["1", "0.5", "0"].contains(&fields[1]), "{line}");
    }
    // The scores' format is for `scripts/sf-games.py --blend`, not for `tune`.
    let weights = dir.join("weights.txt");
    let out = chimera(&[
        "tune",
        "turnover",
        data,
        "--output",
        weights.to_str().unwrap(),
    ]);
    assert!(!out.status.success(), "{}", stdout(&out));
    assert!(stderr(&out).contains("line 1"), "{}", stderr(&out));
    let _ = std::fs::remove_dir_all(&dir);
}
