//! Matches split into slices (`--shard I/N`) that run apart, on one machine or many, and
//! the merge of their results (`chimera match-report`).
//!
//! Slice `I` of `N` plays the pairs of games whose index `p` has `p % N == I`, with the
//! seeds and openings the whole match would give them, so the union of the `N` slices is
//! the whole match, game for game. Each slice writes a [`ShardResults`] as JSON into its
//! save folder ([`ShardResults::file_name`]); [`merge`] checks that the files are slices of
//! one match, none twice, and adds up their counts.

use crate::matches::AdjudicatedCounts;
use crate::sprt::{Results, Sprt};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// The format tag written in every results file.
pub const FORMAT: &str = "chimera-match-results/1";
/// The most slices a match may be split into.
pub const MAX_SHARDS: u32 = 100_000;
/// The largest results file read, in bytes.
pub const MAX_RESULTS_BYTES: u64 = 64 << 20;

/// A slice of a match: slice `index` of `count` (`--shard 3/10`: index 3, 0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// Which slice (0 to `count - 1`).
    pub index: u32,
    /// Into how many slices the match is split.
    pub count: u32,
}

impl Shard {
    /// The whole match, as one slice.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Whether this slice plays pair `pair`.
    pub fn has_pair(&self, pair: usize) -> bool {
        pair as u64 % u64::from(self.count) == u64::from(self.index)
    }

    /// Whether this slice is the whole match.
    pub fn is_whole(&self) -> bool {
        self.count == 1
    }
}

impl fmt::Display for Shard {
    /// `3/10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = String;

    /// Reads `I/N`: 0 ≤ I < N ≤ [`MAX_SHARDS`].
    fn from_str(text: &str) -> Result<Shard, String> {
        let usage = "give I/N, slice I (from 0) of N, e.g. 0/4";
        let (i, n) = text
            .trim()
            .split_once('/')
            .ok_or_else(|| usage.to_string())?;
        let (Ok(index), Ok(count)) = (i.trim().parse::<u32>(), n.trim().parse::<u32>()) else {
            return Err(usage.into());
        };
        if count == 0 || count > MAX_SHARDS {
            return Err(format!("{text}: N goes from 1 to {MAX_SHARDS}"));
        }
        if index >= count {
            return Err(format!(
                "{text}: I goes from 0 to N - 1 ({} here)",
                count - 1
            ));
        }
        Ok(Shard { index, count })
    }
}

/// What makes a match the same match: two slices merge only when these agree.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchKey {
    /// The variant.
    pub variant: String,
    /// The rule set.
    pub rules: String,
    /// Player a, as given.
    pub a: String,
    /// Player b, as given.
    pub b: String,
    /// The games of the whole match.
    pub games: u64,
    /// The seed.
    pub seed: u64,
    /// The longest game, in plies.
    pub max_plies: u64,
    /// Where the openings come from (`none`, `random 8 plies, margin 100`, a file and its
    /// digest).
    pub openings: String,
    /// Where the games start (`--start N`, or starts drawn from the seed), when not the
    /// rule set's start; absent in the files of matches before `--start`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// The adjudication by the engines' scores (`--resign 1000/4 --draw 80/10/8`), when
    /// asked for; absent in the files of matches without it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adjudication: Option<String>,
    /// The SPRT, if one was asked for.
    pub sprt: Option<Sprt>,
}

/// One game of a slice, as the results file lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameEntry {
    /// Its index in the whole match (from 0).
    pub index: u64,
    /// Whether a had White.
    pub a_white: bool,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// How it ended (`win by checkmate`, `adjudicated draw (400 plies)`, `b forfeits: …`).
    pub ending: String,
    /// Its length in plies.
    pub plies: u64,
}

impl GameEntry {
    /// a's score in the game (1, 0.5 or 0), from its result and colour.
    pub fn a_score(&self) -> f64 {
        let white = match self.result.as_str() {
            "1-0" => 1.0,
            "0-1" => 0.0,
            _ => 0.5,
        };
        if self.a_white {
            white
        } else {
            1.0 - white
        }
    }
}

/// What a slice of a match (or a whole match) writes to its save folder.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardResults {
    /// [`FORMAT`].
    pub format: String,
    /// The match.
    #[serde(flatten)]
    pub key: MatchKey,
    /// This slice.
    pub shard: Shard,
    /// a's counts over this slice's games.
    pub results: Results,
    /// Whether every game of the slice was played (not stopped by an SPRT decision, a
    /// failure or Ctrl-C).
    pub complete: bool,
    /// The games, by index.
    pub game_list: Vec<GameEntry>,
}

impl ShardResults {
    /// The file name of a slice's results: `results.json` for a whole match,
    /// `results-shard-3-of-10.json` for a slice.
    pub fn file_name(shard: Shard) -> String {
        if shard.is_whole() {
            "results.json".into()
        } else {
            format!("results-shard-{}-of-{}.json", shard.index, shard.count)
        }
    }

    /// The JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }

    /// Reads a results file (at most [`MAX_RESULTS_BYTES`]).
    pub fn read(path: &Path) -> Result<ShardResults, String> {
        use std::io::Read as _;
        let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut text = String::new();
        file.take(MAX_RESULTS_BYTES + 1)
            .read_to_string(&mut text)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        if text.len() as u64 > MAX_RESULTS_BYTES {
            return Err(format!("{}: too large for a results file", path.display()));
        }
        let results: ShardResults = serde_json::from_str(&text)
            .map_err(|e| format!("{}: not a match results file: {e}", path.display()))?;
        if results.format != FORMAT {
            return Err(format!(
                "{}: format `{}`, expected `{FORMAT}`",
                path.display(),
                chimera_core::excerpt(&results.format)
            ));
        }
        Ok(results)
    }
}

/// The results files under `paths`: a file as it is, a folder's `results*.json` files
/// (not its subfolders), sorted.
pub fn results_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let entries =
                std::fs::read_dir(path).map_err(|e| format!("{}: {e}", path.display()))?;
            let mut found: Vec<PathBuf> = entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| {
                    p.is_file()
                        && p.file_name()
                            .and_then(|n| n.to_str())
                            .is_some_and(|n| n.starts_with("results") && n.ends_with(".json"))
                })
                .collect();
            if found.is_empty() {
                return Err(format!(
                    "{}: no results*.json in this folder (the --save folder of `chimera match`)",
                    path.display()
                ));
            }
            found.sort();
            files.extend(found);
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
}

/// Slices merged into one match.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// The match.
    pub key: MatchKey,
    /// Into how many slices it was split.
    pub shard_count: u32,
    /// The slices read, by index.
    pub shards: Vec<u32>,
    /// The slices not read.
    pub missing: Vec<u32>,
    /// The slices read that were not played to their end.
    pub incomplete: Vec<u32>,
    /// a's counts over every game read.
    pub results: Results,
    /// The games read.
    pub games: u64,
    /// How many games read ended each way (`win by checkmate`…).
    pub endings: std::collections::BTreeMap<String, u64>,
    /// The games read that were adjudicated by the engines' scores.
    pub by_scores: AdjudicatedCounts,
}

/// Merges slices of one match: they must agree on the match and its split, and none may
/// come twice. Slices may be missing (the report says which).
pub fn merge(slices: &[ShardResults]) -> Result<Merged, String> {
    let first = slices.first().ok_or("no results to merge")?;
    let count = first.shard.count;
    let mut seen = vec![false; count as usize];
    let mut merged = Merged {
        key: first.key.clone(),
        shard_count: count,
        shards: Vec::new(),
        missing: Vec::new(),
        incomplete: Vec::new(),
        results: Results::default(),
        games: 0,
        endings: Default::default(),
        by_scores: AdjudicatedCounts::default(),
    };
    for slice in slices {
        if slice.key != first.key {
            return Err(format!(
                "slice {} is of another match than slice {} ({})",
                slice.shard,
                first.shard,
                key_difference(&first.key, &slice.key)
            ));
        }
        if slice.shard.count != count || slice.shard.index >= count {
            return Err(format!(
                "slice {} and slice {} split the match differently",
                slice.shard, first.shard
            ));
        }
        if std::mem::replace(&mut seen[slice.shard.index as usize], true) {
            return Err(format!("slice {} is given twice", slice.shard));
        }
        merged.shards.push(slice.shard.index);
        if !slice.complete {
            merged.incomplete.push(slice.shard.index);
        }
        merged.results.merge(&slice.results);
        merged.games += slice.game_list.len() as u64;
        for game in &slice.game_list {
            *merged.endings.entry(game.ending.clone()).or_default() += 1;
            merged.by_scores.add(&game.ending, game.a_score());
        }
    }
    merged.shards.sort_unstable();
    merged.incomplete.sort_unstable();
    merged.missing = (0..count).filter(|&i| !seen[i as usize]).collect();
    Ok(merged)
}

/// What differs between two matches, in words.
fn key_difference(x: &MatchKey, y: &MatchKey) -> String {
    let fields = [
        ("variant", x.variant.clone(), y.variant.clone()),
        ("rules", x.rules.clone(), y.rules.clone()),
        ("a", x.a.clone(), y.a.clone()),
        ("b", x.b.clone(), y.b.clone()),
        ("games", x.games.to_string(), y.games.to_string()),
        ("seed", x.seed.to_string(), y.seed.to_string()),
        (
            "max plies",
            x.max_plies.to_string(),
            y.max_plies.to_string(),
        ),
        ("openings", x.openings.clone(), y.openings.clone()),
        (
            "start",
            x.start.clone().unwrap_or_else(|| "the rule set's".into()),
            y.start.clone().unwrap_or_else(|| "the rule set's".into()),
        ),
        (
            "adjudication",
            x.adjudication.clone().unwrap_or_else(|| "none".into()),
            y.adjudication.clone().unwrap_or_else(|| "none".into()),
        ),
        (
            "sprt",
            x.sprt.map_or("none".into(), |s| s.to_string()),
            y.sprt.map_or("none".into(), |s| s.to_string()),
        ),
    ];
    let diffs: Vec<String> = fields
        .iter()
        .filter(|(_, p, q)| p != q)
        .map(|(name, p, q)| format!("{name}: {p} against {q}"))
        .collect();
    diffs.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sprt::GameResult::{Draw, Loss, Win};

    fn key() -> MatchKey {
        MatchKey {
            variant: "turret".into(),
            rules: "standard".into(),
            a: "nodes=2000".into(),
            b: "greedy".into(),
            games: 8,
            seed: 5,
            max_plies: 400,
            openings: "none".into(),
            start: None,
            adjudication: None,
            sprt: Some("elo0=0 elo1=10".parse().unwrap()),
        }
    }

    fn slice(
        index: u32,
        count: u32,
        pairs: &[(crate::sprt::GameResult, crate::sprt::GameResult)],
    ) -> ShardResults {
        let mut results = Results::default();
        let mut game_list = Vec::new();
        for (k, &(x, y)) in pairs.iter().enumerate() {
            results.add_pair(x, y);
            for g in 0..2 {
                game_list.push(GameEntry {
                    index: (k * 2 + g) as u64,
                    a_white: g == 0,
                    result: "1/2-1/2".into(),
                    ending: "test".into(),
                    plies: 1,
                });
            }
        }
        ShardResults {
            format: FORMAT.into(),
            key: key(),
            shard: Shard { index, count },
            results,
            complete: true,
            game_list,
        }
    }

    #[test]
    fn a_shard_reads_and_selects_its_pairs() {
        let s: Shard = "1/3".parse().unwrap();
        assert_eq!(s, Shard { index: 1, count: 3 });
        assert_eq!(s.to_string(), "1/3");
        let pairs: Vec<usize> = (0..10).filter(|&p| s.has_pair(p)).collect();
        assert_eq!(pairs, [1, 4, 7]);
        // The slices of a split cover every pair once.
        for p in 0..50 {
            assert_eq!(
                (0..3)
                    .filter(|&i| Shard { index: i, count: 3 }.has_pair(p))
                    .count(),
                1
            );
        }
        assert!(Shard::WHOLE.has_pair(12345));
        for bad in ["3/3", "0/0", "1", "a/b", "-1/3", "0/100001"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        assert_eq!(ShardResults::file_name(s), "results-shard-1-of-3.json");
        assert_eq!(ShardResults::file_name(Shard::WHOLE), "results.json");
    }

    #[test]
    fn slices_merge_into_the_match() {
        let a = slice(0, 3, &[(Win, Loss), (Win, Win)]);
        let b = slice(2, 3, &[(Draw, Draw)]);
        let json = a.to_json();
        assert!(
            json.contains("\"format\": \"chimera-match-results/1\""),
            "{json}"
        );
        assert!(json.contains("\"variant\": \"turret\""), "{json}");
        let back: ShardResults = serde_json::from_str(&json).unwrap();
        assert_eq!(back, a);
        let merged = merge(&[b.clone(), a.clone()]).unwrap();
        assert_eq!(merged.results.pairs, [0, 0, 2, 0, 1]);
        assert_eq!(merged.results.games, [1, 2, 3]);
        assert_eq!(merged.games, 6);
        assert_eq!(merged.shards, [0, 2]);
        assert_eq!(merged.missing, [1]);
        assert!(merged.incomplete.is_empty());
        // Twice the same slice, another split, another match: refused.
        assert!(merge(&[a.clone(), a.clone()])
            .unwrap_err()
            .contains("given twice"));
        let other_split = slice(1, 4, &[]);
        assert!(merge(&[a.clone(), other_split])
            .unwrap_err()
            .contains("differently"));
        let mut other = slice(1, 3, &[]);
        other.key.seed = 6;
        let e = merge(&[a, other]).unwrap_err();
        assert!(e.contains("seed: 5 against 6"), "{e}");
        assert!(merge(&[]).is_err());
    }

    #[test]
    fn results_files_are_found_and_read() {
        let dir = std::env::temp_dir().join(format!("chimera-shard-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let a = slice(0, 2, &[(Win, Draw)]);
        let file = dir.join(ShardResults::file_name(a.shard));
        std::fs::write(&file, a.to_json()).unwrap();
        std::fs::write(dir.join("game-001.txt"), "not results").unwrap();
        let files = results_files(std::slice::from_ref(&dir)).unwrap();
        assert_eq!(files, std::slice::from_ref(&file));
        assert_eq!(ShardResults::read(&file).unwrap(), a);
        std::fs::write(&file, "{\"format\": \"other\"}").unwrap();
        assert!(ShardResults::read(&file).is_err());
        let empty = dir.join("empty");
        std::fs::create_dir_all(&empty).unwrap();
        assert!(results_files(&[empty]).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
