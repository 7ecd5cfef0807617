//! What a match's games add up to: a's score, overall and by colour, and the Elo
//! difference with its margin.

use super::adjudicate::AdjudicatedCounts;
use super::played::{End, Played, SideStats};
use crate::sprt::{GameResult, Pairing, Results};
use std::collections::BTreeMap;

/// The Elo difference for an expected score `s` (0 < s < 1).
fn elo(s: f64) -> f64 {
    // `+ 0.0` turns a negative zero into a positive one.
    -400.0 * (1.0 / s - 1.0).log10() + 0.0
}

/// The Elo difference of a score of `wins`, `draws`, `losses`, with its 95% margin, in
/// words: `+312 ± 85`, or for a perfect (or nil) score a bound.
pub fn elo_text(wins: u64, draws: u64, losses: u64) -> String {
    let n = (wins + draws + losses) as f64;
    if n == 0.0 {
        return "no games".into();
    }
    let s = (wins as f64 + draws as f64 / 2.0) / n;
    // A per-game score of expectation p is 1 with a probability of at most p: N wins in
    // N games have a probability of at most p^N, under 5% when p < 0.05^(1/N).
    let bound = elo(0.05f64.powf(1.0 / n));
    if wins as f64 == n {
        return format!(
            "beyond measure (a won every game); at least {bound:+.0} at 95% confidence"
        );
    }
    if losses as f64 == n {
        return format!(
            "beyond measure (a lost every game); at most {:+.0} at 95% confidence",
            -bound
        );
    }
    let var = (wins as f64 * (1.0 - s).powi(2)
        + draws as f64 * (0.5 - s).powi(2)
        + losses as f64 * s.powi(2))
        / n;
    if var == 0.0 {
        return "+0 (every game drawn: no spread to measure a margin)".into();
    }
    let delta = 1.96 * (var / n).sqrt();
    let e = elo(s);
    let (lo, hi) = (s - delta, s + delta);
    match (lo > 0.0, hi < 1.0) {
        (true, true) => format!(
            "{e:+.0} ± {:.0} (95% confidence: {:+.0} to {:+.0})",
            (elo(hi) - elo(lo)) / 2.0,
            elo(lo),
            elo(hi)
        ),
        (true, false) => format!("{e:+.0} (95% confidence: at least {:+.0})", elo(lo)),
        (false, true) => format!("{e:+.0} (95% confidence: at most {:+.0})", elo(hi)),
        (false, false) => format!("{e:+.0} (95% confidence: any)"),
    }
}

/// Wins, draws and losses of a.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    /// a's wins.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// a's losses.
    pub losses: u64,
}

impl Tally {
    /// Counts a game in which a scored `score` (1, 0.5 or 0).
    pub fn add(&mut self, score: f64) {
        if score == 1.0 {
            self.wins += 1;
        } else if score == 0.0 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }
    /// The games counted.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }
    /// a's points.
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }
    /// A row of the score table: `label`, games, wins, draws, losses, score.
    pub fn row(&self, label: &str) -> String {
        let g = self.games();
        let pct = if g == 0 {
            "-".to_string()
        } else {
            format!("{:.1}%", 100.0 * self.points() / g as f64)
        };
        format!(
            "{label:<12} {g:>6} {:>6} {:>6} {:>7} {:>7}",
            self.wins, self.draws, self.losses, pct
        )
    }
}

/// What the games of a match add up to, from a's side.
#[derive(Default)]
pub struct Summary {
    /// All games.
    pub all: Tally,
    /// The games a played White.
    pub white: Tally,
    /// The games a played Black.
    pub black: Tally,
    /// How many games ended each way (`win by checkmate`…).
    pub endings: BTreeMap<String, u64>,
    /// The games adjudicated (stopped at `--max-plies` or undecided, counted as draws).
    pub adjudicated: u64,
    /// The games adjudicated by the engines' scores (`--resign`, `--draw`).
    pub by_scores: AdjudicatedCounts,
    /// The games a and b lost by forfeit.
    pub forfeits: [u64; 2],
    /// a's pairs of games (and any game outside a pair), for the Elo and the SPRT.
    pub results: Results,
    /// a's and b's statistics.
    pub stats: [SideStats; 2],
    /// Plies (turns) played in all.
    pub plies: usize,
    /// Moves played in all.
    pub moves: usize,
    /// Games.
    pub games: usize,
}

impl Summary {
    /// The summary of `results`, games stopped at `max_plies`.
    pub fn of(results: &[Played], max_plies: u32) -> Summary {
        let mut sum = Summary::default();
        let mut pairing = Pairing::default();
        for p in results {
            let s = p.a_score();
            pairing.add(p.index, GameResult::from_score(s));
            if let End::Forfeit { side, .. } = p.end {
                sum.forfeits[side] += 1;
            }
            sum.all.add(s);
            if p.a_white {
                sum.white.add(s);
            } else {
                sum.black.add(s);
            }
            if !matches!(
                p.end,
                End::Rules(_) | End::Forfeit { .. } | End::Adjudicated { .. }
            ) {
                sum.adjudicated += 1;
            }
            let ending = p.ending(max_plies);
            sum.by_scores.add(&ending, s);
            *sum.endings.entry(ending).or_default() += 1;
            sum.stats[0].add(&p.stats[0]);
            sum.stats[1].add(&p.stats[1]);
            sum.plies += p.plies;
            sum.moves += p.moves.len();
        }
        sum.games = results.len();
        sum.results = pairing.finish();
        sum
    }

    /// a's score as a table (overall, as White, as Black), a blank line, and the Elo
    /// difference: the lines, each ended.
    pub fn scores_text(&self) -> String {
        let all = &self.all;
        format!(
            "{:<12} {:>6} {:>6} {:>6} {:>7} {:>7}\n{}\n{}\n{}\n\nElo difference (a - b): {}\n",
            "a",
            "games",
            "wins",
            "draws",
            "losses",
            "score",
            self.all.row("overall"),
            self.white.row("as White"),
            self.black.row("as Black"),
            elo_text(all.wins, all.draws, all.losses)
        )
    }

    /// The endings, most frequent first: `win by checkmate: 12; draw by stalemate: 3`.
    pub fn endings_text(&self) -> String {
        let mut by_count: Vec<(&String, &u64)> = self.endings.iter().collect();
        by_count.sort_by(|x, y| y.1.cmp(x.1).then(x.0.cmp(y.0)));
        let texts: Vec<String> = by_count.iter().map(|(e, n)| format!("{e}: {n}")).collect();
        texts.join("; ")
    }

    /// `Average game: 57 plies`, with the moves too when a turn has several; `None` without
    /// games.
    pub fn average_text(&self) -> Option<String> {
        if self.games == 0 {
            return None;
        }
        let n = self.games as f64;
        Some(if self.moves == self.plies {
            format!("Average game: {:.0} plies", self.plies as f64 / n)
        } else {
            format!(
                "Average game: {:.0} plies (turns), {:.0} moves",
                self.plies as f64 / n,
                self.moves as f64 / n
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_follows_the_standard_formula() {
        // 75% is +191 Elo, 25% is -191.
        assert!(
            elo_text(30, 0, 10).starts_with("+191 ± "),
            "{}",
            elo_text(30, 0, 10)
        );
        assert!(
            elo_text(10, 0, 30).starts_with("-191"),
            "{}",
            elo_text(10, 0, 30)
        );
        assert!(elo_text(10, 80, 10).starts_with("+0 ± "));
        assert!(elo_text(0, 5, 0).starts_with("+0 (every game drawn"));
        // The margin shrinks with more games.
        let margin = |w: u64, d: u64, l: u64| -> f64 {
            let t = elo_text(w, d, l);
            let m = t.split("± ").nth(1).unwrap().split(' ').next().unwrap();
            m.parse().unwrap()
        };
        assert!(margin(60, 20, 20) < margin(6, 2, 2));
        // A perfect score: a bound, p^100 >= 0.05.
        assert_eq!(
            elo_text(100, 0, 0),
            "beyond measure (a won every game); at least +607 at 95% confidence"
        );
        assert!(elo_text(0, 0, 100).contains("at most -607"));
        // 99 wins and one draw: the upper end of the interval is beyond 100%.
        assert!(
            elo_text(99, 1, 0).contains("at least"),
            "{}",
            elo_text(99, 1, 0)
        );
    }
}
