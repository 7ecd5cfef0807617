//! `chimera match-report`: the slices of a match (`chimera match --shard I/N --save DIR`)
//! merged: the table, the pentanomial counts, the Elo and the SPRT's state.

use crate::{Failure, Io};
use chimera_arena::shard::{merge, results_files, Merged, ShardResults};
use chimera_arena::sprt::Sprt;
use clap::Args;
use std::path::PathBuf;

/// The arguments of `chimera match-report`.
#[derive(Clone, Debug, Args)]
pub struct MatchReportArgs {
    /// The save folders of the slices (their results*.json files are read), or results
    /// files.
    #[arg(value_name = "DIR|FILE", required = true)]
    pub paths: Vec<PathBuf>,
    /// Test with these bounds instead of the match's own `--sprt` (e.g. elo0=0 elo1=10
    /// alpha=0.05 beta=0.05).
    #[arg(long, value_name = "SETTINGS", num_args = 1..=4, value_delimiter = None)]
    pub sprt: Option<Vec<String>>,
}

/// Reads, merges and prints.
pub fn run(io: &mut Io<'_>, args: &MatchReportArgs) -> Result<(), Failure> {
    let sprt = match &args.sprt {
        Some(words) => Some(
            words
                .join(" ")
                .parse::<Sprt>()
                .map_err(|e| Failure::input(format!("--sprt: {e}")))?,
        ),
        None => None,
    };
    let files = results_files(&args.paths).map_err(Failure::input)?;
    let slices = files
        .iter()
        .map(|f| ShardResults::read(f))
        .collect::<Result<Vec<_>, String>>()
        .map_err(Failure::input)?;
    let merged = merge(&slices).map_err(Failure::input)?;
    print(io, &merged, sprt.or(merged.key.sprt))
}

/// Prints the merged match.
fn print(io: &mut Io<'_>, merged: &Merged, sprt: Option<Sprt>) -> Result<(), Failure> {
    let key = &merged.key;
    let out = &mut io.out;
    writeln!(
        out,
        "Match: {}, rules {}: a = {}, b = {}",
        key.variant, key.rules, key.a, key.b
    )?;
    writeln!(
        out,
        "{} of {} slices read, {} games of {}; seed {}; at most {} plies a game; openings: {}",
        merged.shards.len(),
        merged.shard_count,
        merged.games,
        key.games,
        key.seed,
        key.max_plies,
        key.openings
    )?;
    if !merged.missing.is_empty() {
        writeln!(out, "Slices missing: {}", list(&merged.missing))?;
    }
    if !merged.incomplete.is_empty() {
        writeln!(
            out,
            "Slices not played to their end: {}",
            list(&merged.incomplete)
        )?;
    }
    writeln!(out)?;
    let (wins, draws, losses) = merged.results.wins_draws_losses();
    let games = wins + draws + losses;
    writeln!(
        out,
        "{:<12} {:>6} {:>6} {:>6} {:>7} {:>7}",
        "a", "games", "wins", "draws", "losses", "score"
    )?;
    let score = if games == 0 {
        "-".to_string()
    } else {
        format!(
            "{:.1}%",
            100.0 * (wins as f64 + draws as f64 / 2.0) / games as f64
        )
    };
    writeln!(
        out,
        "{:<12} {games:>6} {wins:>6} {draws:>6} {losses:>7} {score:>7}",
        "overall"
    )?;
    writeln!(out)?;
    for line in merged.results.report_lines(sprt.as_ref()) {
        writeln!(out, "{line}")?;
    }
    if let Some(rules) = &key.adjudication {
        writeln!(
            out,
            "Adjudicated by the engines' scores ({rules}): {}",
            merged.by_scores.text()
        )?;
    }
    if !merged.endings.is_empty() {
        writeln!(out, "Endings: {}", endings_text(&merged.endings))?;
    }
    Ok(())
}

/// The endings, most frequent first: `win by checkmate: 12; draw by stalemate: 3`.
fn endings_text(endings: &std::collections::BTreeMap<String, u64>) -> String {
    let mut by_count: Vec<(&String, &u64)> = endings.iter().collect();
    by_count.sort_by(|x, y| y.1.cmp(x.1).then(x.0.cmp(y.0)));
    let texts: Vec<String> = by_count.iter().map(|(e, n)| format!("{e}: {n}")).collect();
    texts.join("; ")
}

/// `0, 3, 7` (the first 20, then how many more).
fn list(indices: &[u32]) -> String {
    let mut text: Vec<String> = indices.iter().take(20).map(u32::to_string).collect();
    if indices.len() > 20 {
        text.push(format!("… ({} in all)", indices.len()));
    }
    text.join(", ")
}
