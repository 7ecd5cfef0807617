//! The statistics of an engine match, as fishtest and the match runners built on its
//! mathematics use them: games played in pairs from one opening with the colours swapped,
//! the pairs counted by the points they gave (the *pentanomial* counts), the Elo difference
//! with its 95% confidence interval from the variance of the pair scores, and the
//! sequential probability ratio test that stops a match once it has decided between two
//! Elo differences.
//!
//! # The model
//!
//! Elo is *logistic* Elo: a score `s` (0 < s < 1) is `-400 log10(1/s - 1)` Elo, and an
//! Elo difference `e` gives the expected score `1 / (1 + 10^(-e/400))`.
//!
//! A pair of games is one sample: its score is a's points in the pair divided by two
//! (0, 0.25, 0.5, 0.75 or 1). Counting pairs rather than games removes most of the
//! noise an opening brings (an opening that favours White gives each side one good game),
//! which is why fishtest went over to it. A game outside a complete pair (a match of an
//! odd number of games) cannot be paired: then every game is a sample of its own, scored
//! 0, 0.5 or 1 (the *trinomial* model), as before pairs were used.
//!
//! # The test
//!
//! [`Sprt`] is the *generalized* SPRT (GSPRT) of H0: Elo = elo0 against H1: Elo = elo1, in
//! logistic Elo, over the pentanomial (or trinomial) samples. Its log-likelihood ratio is
//! that of Michel Van den Bergh's `LLRcalc.LLR_logistic`
//! (<https://github.com/vdbergh/pentanomial>, `LLRcalc.py`; the mathematics in
//! <http://hardy.uhasselt.be/Fishtest/support_MLE_multinomial.pdf>; fishtest's SPRT comes
//! from the same author's work, and can also state its bounds in normalized Elo, which
//! this module does not):
//!
//! ```text
//! LLR = N · ( max log L(p | E_p = s1)  -  max log L(p | E_p = s0) ),   s_i = 1/(1 + 10^(-elo_i/400))
//! ```
//!
//! where each maximum is over the distributions `p` of a sample with the given expected
//! score, given the observed frequencies. The maximum is found exactly (one variable,
//! Lagrange's multiplier, found by bisection), not by the variance approximation
//! `N/2 · ln(σ²(s0)/σ²(s1))` (`LLRcalc.LLR_alt`); the two agree closely for the usual
//! small Elo differences. As in `LLRcalc`, when some count is zero a prior of 0.001 sample
//! is spread over all the cells, so that the maximum exists. The test stops when the LLR
//! leaves `(ln(β/(1-α)), ln((1-β)/α))`: H1 is accepted above, H0 below. There is no
//! overshoot correction (fishtest adds a dynamic one): the error rates are then slightly
//! below α and β, not above.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The result of one game from a's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// a lost.
    Loss,
    /// A draw (adjudicated draws included).
    Draw,
    /// a won.
    Win,
}

impl GameResult {
    /// a's points in half points: 0, 1 or 2.
    pub fn half_points(self) -> usize {
        match self {
            GameResult::Loss => 0,
            GameResult::Draw => 1,
            GameResult::Win => 2,
        }
    }

    /// The result from a score of a: 1 a win, 0 a loss, anything else a draw.
    pub fn from_score(score: f64) -> GameResult {
        if score >= 1.0 {
            GameResult::Win
        } else if score <= 0.0 {
            GameResult::Loss
        } else {
            GameResult::Draw
        }
    }
}

/// The counts of a match (or of a slice of it) from a's side: its pairs of games by the
/// points a took in them, and every game by its result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Results {
    /// The complete pairs by a's points in the pair: 0, ½, 1, 1½, 2 (fishtest's
    /// `LL, LD+DL, LW+DD+WL, DW+WD, WW`).
    pub pairs: [u64; 5],
    /// Every game (in a pair or not) by a's result: losses, draws, wins.
    pub games: [u64; 3],
    /// The games outside a complete pair (counted in `games` only).
    pub unpaired: u64,
}

/// Which samples a statistic is computed from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Model {
    /// Pairs of games, scored 0, ¼, ½, ¾ or 1.
    Pentanomial,
    /// Single games, scored 0, ½ or 1: used when some game is outside a complete pair.
    Trinomial,
}

impl Results {
    /// Adds a complete pair: a's results in its two games.
    pub fn add_pair(&mut self, first: GameResult, second: GameResult) {
        self.pairs[first.half_points() + second.half_points()] += 1;
        self.games[first.half_points()] += 1;
        self.games[second.half_points()] += 1;
    }

    /// Adds a game outside a complete pair.
    pub fn add_single(&mut self, result: GameResult) {
        self.games[result.half_points()] += 1;
        self.unpaired += 1;
    }

    /// Adds the counts of another slice of the match.
    pub fn merge(&mut self, other: &Results) {
        for (mine, theirs) in self.pairs.iter_mut().zip(other.pairs) {
            *mine += theirs;
        }
        for (mine, theirs) in self.games.iter_mut().zip(other.games) {
            *mine += theirs;
        }
        self.unpaired += other.unpaired;
    }

    /// The complete pairs.
    pub fn pair_count(&self) -> u64 {
        self.pairs.iter().sum()
    }

    /// All the games.
    pub fn game_count(&self) -> u64 {
        self.games.iter().sum()
    }

    /// a's wins, draws and losses.
    pub fn wins_draws_losses(&self) -> (u64, u64, u64) {
        (self.games[2], self.games[1], self.games[0])
    }

    /// The model the statistics use: pairs when every game is in one, else single games.
    pub fn model(&self) -> Model {
        if self.unpaired == 0 && self.pair_count() > 0 {
            Model::Pentanomial
        } else {
            Model::Trinomial
        }
    }

    /// The samples' counts under [`Results::model`]: five for pairs (score i/4), three for
    /// games (score i/2).
    pub fn samples(&self) -> &[u64] {
        match self.model() {
            Model::Pentanomial => &self.pairs,
            Model::Trinomial => &self.games,
        }
    }

    /// a's Elo difference over b with its 95% confidence interval; `None` without games.
    pub fn elo(&self) -> Option<EloEstimate> {
        let counts = self.samples();
        let n: u64 = counts.iter().sum();
        if n == 0 {
            return None;
        }
        let (mean, variance) = mean_variance(counts);
        let delta = 1.96 * (variance / n as f64).sqrt();
        Some(EloEstimate {
            model: self.model(),
            samples: n,
            score: mean,
            elo: elo_of_score(mean),
            lower: elo_of_score(mean - delta),
            upper: elo_of_score(mean + delta),
        })
    }
}

impl Results {
    /// The report's lines: the pentanomial counts, the Elo difference with its interval,
    /// and the SPRT's state when there is one.
    ///
    /// ```text
    /// Pairs by a's points (0, ½, 1, 1½, 2): 10, 40, 100, 55, 15 (220 pairs)
    /// Elo (a - b) from the pairs: +19.8 ± 21.6 (95%: -1.7 to +41.4)
    /// SPRT elo0=0 elo1=10 alpha=0.05 beta=0.05: LLR 1.21 (-2.94, 2.94): continue
    /// ```
    pub fn report_lines(&self, sprt: Option<&Sprt>) -> Vec<String> {
        let p = &self.pairs;
        let mut pairs = format!(
            "Pairs by a's points (0, ½, 1, 1½, 2): {}, {}, {}, {}, {} ({} pair{}",
            p[0],
            p[1],
            p[2],
            p[3],
            p[4],
            self.pair_count(),
            if self.pair_count() == 1 { "" } else { "s" }
        );
        if self.unpaired > 0 {
            pairs += &format!(
                "; {} game{} outside a pair: the Elo and LLR count single games",
                self.unpaired,
                if self.unpaired == 1 { "" } else { "s" }
            );
        }
        pairs.push(')');
        let mut lines = vec![pairs];
        let from = match self.model() {
            Model::Pentanomial => "the pairs",
            Model::Trinomial => "single games",
        };
        lines.push(match self.elo() {
            Some(e) => format!("Elo (a - b) from {from}: {e}"),
            None => "Elo (a - b): no games".into(),
        });
        if let Some(sprt) = sprt {
            lines.push(format!("SPRT {sprt}: {}", sprt.state(self)));
        }
        lines
    }
}

/// Results counted as games end, in any order: games `2p` and `2p + 1` make pair `p`,
/// counted once both are in; a game whose partner is not in when the match ends counts
/// alone ([`Pairing::finish`]).
#[derive(Clone, Debug, Default)]
pub struct Pairing {
    waiting: std::collections::BTreeMap<usize, GameResult>,
    results: Results,
}

impl Pairing {
    /// Counts game `index`; true when it completed its pair.
    pub fn add(&mut self, index: usize, result: GameResult) -> bool {
        match self.waiting.remove(&(index ^ 1)) {
            Some(partner) => {
                self.results.add_pair(partner, result);
                true
            }
            None => {
                self.waiting.insert(index, result);
                false
            }
        }
    }

    /// The complete pairs so far (the games waiting for their partner left out).
    pub fn pairs_so_far(&self) -> &Results {
        &self.results
    }

    /// Every game: the complete pairs, and the games without their partner alone.
    pub fn finish(&self) -> Results {
        let mut results = self.results;
        for &result in self.waiting.values() {
            results.add_single(result);
        }
        results
    }
}

/// The mean and variance of samples whose `i`th count scores `i / (len - 1)`.
fn mean_variance(counts: &[u64]) -> (f64, f64) {
    let n: u64 = counts.iter().sum();
    let n = n as f64;
    let last = (counts.len() - 1) as f64;
    let value = |i: usize| i as f64 / last;
    let mean = counts
        .iter()
        .enumerate()
        .map(|(i, &c)| c as f64 * value(i))
        .sum::<f64>()
        / n;
    let variance = counts
        .iter()
        .enumerate()
        .map(|(i, &c)| c as f64 * (value(i) - mean).powi(2))
        .sum::<f64>()
        / n;
    (mean, variance)
}

/// The logistic Elo difference of an expected score: minus infinity at 0 and below, plus
/// infinity at 1 and above.
pub fn elo_of_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        // `+ 0.0` turns a negative zero into a positive one.
        -400.0 * (1.0 / score - 1.0).log10() + 0.0
    }
}

/// The expected score of a logistic Elo difference.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// a's Elo difference over b as a match measured it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// Pairs or single games.
    pub model: Model,
    /// The samples (pairs or games) counted.
    pub samples: u64,
    /// a's mean score (0 to 1).
    pub score: f64,
    /// The Elo difference of that score (infinite for a score of 0 or 1).
    pub elo: f64,
    /// The lower end of the 95% confidence interval (mean score minus 1.96 standard
    /// errors), minus infinity when that score is 0 or below.
    pub lower: f64,
    /// The upper end, plus infinity when that score is 1 or above.
    pub upper: f64,
}

impl EloEstimate {
    /// Half the width of the interval, when both ends are finite.
    pub fn margin(&self) -> Option<f64> {
        (self.lower.is_finite() && self.upper.is_finite()).then(|| (self.upper - self.lower) / 2.0)
    }
}

/// An Elo figure with its sign, or `-inf`/`+inf`.
fn signed(elo: f64) -> String {
    if elo.is_finite() {
        format!("{elo:+.1}")
    } else if elo > 0.0 {
        "+inf".into()
    } else {
        "-inf".into()
    }
}

impl fmt::Display for EloEstimate {
    /// `+19.8 ± 21.6 (95%: -1.7 to +41.4)`; without a finite margin
    /// `+607.2 (95%: +310.0 to +inf)`; for a perfect score `+inf (a won every pair: no
    /// finite estimate)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sample = match self.model {
            Model::Pentanomial => "pair",
            Model::Trinomial => "game",
        };
        if self.score >= 1.0 {
            return write!(f, "+inf (a won every {sample}: no finite estimate)");
        }
        if self.score <= 0.0 {
            return write!(f, "-inf (a lost every {sample}: no finite estimate)");
        }
        if self.lower == self.upper {
            return write!(
                f,
                "{} (every {sample} scored the same: no spread to measure a margin)",
                signed(self.elo)
            );
        }
        let range = format!("95%: {} to {}", signed(self.lower), signed(self.upper));
        match self.margin() {
            Some(m) => write!(f, "{} ± {m:.1} ({range})", signed(self.elo)),
            None => write!(f, "{} ({range})", signed(self.elo)),
        }
    }
}

/// A sequential probability ratio test of H0: Elo = `elo0` against H1: Elo = `elo1`
/// (logistic Elo of a over b), with error rates `alpha` (accepting H1 when H0 holds) and
/// `beta` (accepting H0 when H1 holds). See the module's documentation for the formula.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sprt {
    /// The Elo difference of H0.
    pub elo0: f64,
    /// The Elo difference of H1 (above `elo0`).
    pub elo1: f64,
    /// The false positive rate.
    pub alpha: f64,
    /// The false negative rate.
    pub beta: f64,
}

/// The largest Elo bound an SPRT takes (either sign).
pub const MAX_SPRT_ELO: f64 = 1000.0;

/// What an SPRT says after the results so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// H0 accepted: a is not `elo1` stronger (the LLR fell to the lower bound).
    H0,
    /// H1 accepted: a is `elo1` stronger (the LLR rose to the upper bound).
    H1,
    /// Play on.
    Continue,
}

/// The state of an SPRT: the log-likelihood ratio, its bounds, and the decision.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtState {
    /// The log-likelihood ratio of H1 over H0.
    pub llr: f64,
    /// The lower bound, `ln(β/(1-α))`.
    pub lower: f64,
    /// The upper bound, `ln((1-β)/α)`.
    pub upper: f64,
    /// Where the LLR stands.
    pub decision: Decision,
}

impl fmt::Display for SprtState {
    /// `LLR 1.21 (-2.94, 2.94): continue`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let decision = match self.decision {
            Decision::H0 => "H0 accepted",
            Decision::H1 => "H1 accepted",
            Decision::Continue => "continue",
        };
        write!(
            f,
            "LLR {:.2} ({:.2}, {:.2}): {decision}",
            self.llr, self.lower, self.upper
        )
    }
}

impl Sprt {
    /// The bounds of the LLR: `(ln(β/(1-α)), ln((1-β)/α))`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 over H0 after `results` (0 without games).
    pub fn llr(&self, results: &Results) -> f64 {
        gsprt_llr(
            results.samples(),
            score_of_elo(self.elo0),
            score_of_elo(self.elo1),
        )
    }

    /// The LLR, its bounds and the decision after `results`.
    pub fn state(&self, results: &Results) -> SprtState {
        let llr = self.llr(results);
        let (lower, upper) = self.bounds();
        let decision = if llr >= upper {
            Decision::H1
        } else if llr <= lower {
            Decision::H0
        } else {
            Decision::Continue
        };
        SprtState {
            llr,
            lower,
            upper,
            decision,
        }
    }

    /// Checks the bounds: `elo0 < elo1`, both within ±[`MAX_SPRT_ELO`], `alpha` and `beta`
    /// in (0, 0.5).
    pub fn check(&self) -> Result<(), String> {
        let finite = [self.elo0, self.elo1, self.alpha, self.beta]
            .iter()
            .all(|x| x.is_finite());
        if !finite {
            return Err("give finite numbers".into());
        }
        if self.elo0.abs() > MAX_SPRT_ELO || self.elo1.abs() > MAX_SPRT_ELO {
            return Err(format!("elo0 and elo1 must lie within ±{MAX_SPRT_ELO} Elo"));
        }
        if self.elo0 >= self.elo1 {
            return Err(format!(
                "elo0 ({}) must be below elo1 ({})",
                self.elo0, self.elo1
            ));
        }
        for (name, rate) in [("alpha", self.alpha), ("beta", self.beta)] {
            if !(rate > 0.0 && rate < 0.5) {
                return Err(format!(
                    "{name} = {rate}: give a rate above 0 and below 0.5"
                ));
            }
        }
        Ok(())
    }
}

impl fmt::Display for Sprt {
    /// As it is written on the command line: `elo0=0 elo1=10 alpha=0.05 beta=0.05`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0={} elo1={} alpha={} beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

impl FromStr for Sprt {
    type Err = String;

    /// Reads `elo0=X elo1=Y [alpha=A] [beta=B]` (spaces or commas between; alpha and beta
    /// 0.05 when not given), checked by [`Sprt::check`].
    fn from_str(text: &str) -> Result<Sprt, String> {
        let mut values: [Option<f64>; 4] = [None; 4];
        const KEYS: [&str; 4] = ["elo0", "elo1", "alpha", "beta"];
        let words = text.split(|c: char| c == ',' || c.is_whitespace());
        for word in words.filter(|w| !w.is_empty()) {
            let Some((key, value)) = word.split_once('=') else {
                return Err(format!(
                    "`{}`: give key=value (elo0=0 elo1=10 alpha=0.05 beta=0.05)",
                    chimera_core::excerpt(word)
                ));
            };
            let key = key.to_ascii_lowercase();
            let Some(at) = KEYS.iter().position(|k| *k == key) else {
                return Err(format!(
                    "unknown SPRT setting `{}`: give elo0, elo1, alpha, beta",
                    chimera_core::excerpt(&key)
                ));
            };
            let number: f64 = value
                .parse()
                .map_err(|_| format!("{key}={}: give a number", chimera_core::excerpt(value)))?;
            if values[at].replace(number).is_some() {
                return Err(format!("`{key}` given twice"));
            }
        }
        let (Some(elo0), Some(elo1)) = (values[0], values[1]) else {
            return Err("give both elo0 and elo1 (e.g. elo0=0 elo1=10)".into());
        };
        let sprt = Sprt {
            elo0,
            elo1,
            alpha: values[2].unwrap_or(0.05),
            beta: values[3].unwrap_or(0.05),
        };
        sprt.check()?;
        Ok(sprt)
    }
}

/// The generalized log-likelihood ratio of "expected sample score `s1`" over "`s0`" for
/// samples whose `i`th count scores `i / (len - 1)` (3 or 5 counts), as
/// `LLRcalc.LLR_logistic` computes it (see the module's documentation); 0 without samples.
pub fn gsprt_llr(counts: &[u64], s0: f64, s1: f64) -> f64 {
    let total: u64 = counts.iter().sum();
    if total == 0 || counts.len() < 2 {
        return 0.0;
    }
    let n = total as f64;
    // LLRcalc's prior: with a zero count, ε = 0.001 sample spread over every cell.
    let epsilon = 1e-3;
    let cells = counts.len() as f64;
    let has_zero = counts.contains(&0);
    let last = (counts.len() - 1) as f64;
    let pdf: Vec<(f64, f64)> = counts
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let c = c as f64;
            let c = if has_zero {
                c * (1.0 - epsilon / n) + epsilon / cells
            } else {
                c
            };
            (i as f64 / last, c / n)
        })
        .collect();
    n * (max_dual(&pdf, s0) - max_dual(&pdf, s1))
}

/// `max over x of Σ p·ln(1 + x(a - s))` for a distribution `pdf` of (value a, frequency p)
/// with every frequency positive, values from 0 to 1, and 0 < s < 1. The maximum log
/// likelihood of a distribution with expectation `s` is the entropy term minus this (the
/// dual of the constrained maximum); the function is concave in x, its derivative
/// `Σ p(a - s)/(1 + x(a - s))` falls from +∞ to -∞ over `(-1/(1 - s), 1/s)`, and its
/// root is found by bisection.
fn max_dual(pdf: &[(f64, f64)], s: f64) -> f64 {
    let derivative = |x: f64| -> f64 {
        pdf.iter()
            .map(|&(a, p)| p * (a - s) / (1.0 + x * (a - s)))
            .sum()
    };
    let (mut lo, mut hi) = (-1.0 / (1.0 - s), 1.0 / s);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if derivative(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let x = 0.5 * (lo + hi);
    pdf.iter().map(|&(a, p)| p * (1.0 + x * (a - s)).ln()).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use GameResult::{Draw, Loss, Win};

    fn close(x: f64, y: f64, tolerance: f64) -> bool {
        (x - y).abs() <= tolerance
    }

    fn penta(pairs: [u64; 5]) -> Results {
        let mut r = Results::default();
        // Each count as pairs of the right points (1 point as a draw and a draw).
        let shapes = [
            (Loss, Loss),
            (Loss, Draw),
            (Draw, Draw),
            (Draw, Win),
            (Win, Win),
        ];
        for (i, &n) in pairs.iter().enumerate() {
            for _ in 0..n {
                r.add_pair(shapes[i].0, shapes[i].1);
            }
        }
        r
    }

    #[test]
    fn pairs_are_counted_by_their_points() {
        let mut r = Results::default();
        r.add_pair(Win, Loss);
        r.add_pair(Loss, Win);
        r.add_pair(Draw, Draw);
        r.add_pair(Win, Draw);
        r.add_pair(Loss, Loss);
        assert_eq!(r.pairs, [1, 0, 3, 1, 0]);
        assert_eq!(r.games, [4, 3, 3]);
        assert_eq!(r.wins_draws_losses(), (3, 3, 4));
        assert_eq!(r.model(), Model::Pentanomial);
        r.add_single(Win);
        assert_eq!(r.model(), Model::Trinomial);
        assert_eq!(r.samples(), &[4, 3, 4]);
        let mut merged = penta([1, 2, 3, 4, 5]);
        merged.merge(&r);
        assert_eq!(merged.pairs, [2, 2, 6, 5, 5]);
        assert_eq!(merged.unpaired, 1);
        assert_eq!(merged.game_count(), 2 * 15 + 11);
    }

    #[test]
    fn elo_and_interval_from_pair_variance() {
        // By hand, pairs [10, 40, 100, 55, 15] (220 pairs): mean pair score
        // (40·0.25 + 100·0.5 + 55·0.75 + 15)/220 = 116.25/220 = 0.528409; Elo
        // -400·log10(1/0.528409 - 1) = +19.76. The interval (python3, from the variance
        // Σ p(a - mean)² and mean ± 1.96·sqrt(var/220)): -1.7133 to +41.3893.
        let e = penta([10, 40, 100, 55, 15]).elo().unwrap();
        assert_eq!(e.model, Model::Pentanomial);
        assert_eq!(e.samples, 220);
        assert!(close(e.score, 116.25 / 220.0, 1e-12));
        assert!(close(e.elo, 19.7619, 1e-4), "{e:?}");
        assert!(close(e.lower, -1.7133, 1e-4), "{e:?}");
        assert!(close(e.upper, 41.3893, 1e-4), "{e:?}");
        assert_eq!(e.to_string(), "+19.8 ± 21.6 (95%: -1.7 to +41.4)");
        // 75% is +190.8 Elo, 25% -190.8 (games scored singly: trinomial).
        let mut r = Results::default();
        for _ in 0..3 {
            r.add_single(Win);
        }
        r.add_single(Loss);
        let e = r.elo().unwrap();
        assert_eq!(e.model, Model::Trinomial);
        assert!(close(e.elo, 190.85, 0.01), "{e:?}");
        // All won: an infinite estimate, said so.
        let e = penta([0, 0, 0, 0, 3]).elo().unwrap();
        assert_eq!(e.to_string(), "+inf (a won every pair: no finite estimate)");
        let e = penta([0, 0, 4, 0, 0]).elo().unwrap();
        assert_eq!(
            e.to_string(),
            "+0.0 (every pair scored the same: no spread to measure a margin)"
        );
        // 3 pairs won and one 1½: the upper end is beyond a score of 1.
        let e = penta([0, 0, 0, 1, 3]).elo().unwrap();
        assert!(e.upper.is_infinite() && e.margin().is_none());
        assert!(e.to_string().ends_with(" to +inf)"), "{e}");
        assert!(Results::default().elo().is_none());
    }

    #[test]
    fn llr_matches_an_independent_computation() {
        // Figures from an independent python3 computation (run once): the same profile
        // likelihood, maximised by golden-section search over the multiplier instead of
        // bisection on its derivative, with LLRcalc's prior for zero counts:
        //   [10,40,100,55,15] elo0=0 elo1=10 -> 1.213181 (the variance approximation
        //   LLR_alt: 1.218888); elo0=0 elo1=5 -> 0.707556;
        //   [30,20,10,0,0] 0/10 -> -1.751772; [5,0,20,0,7] -5/5 -> 0.153425;
        //   trinomial [L,D,W] = [20,30,50] 0/10 -> 1.177401;
        //   [0,0,3,0,0] 0/10 -> -0.086251; [0,0,0,0,4] 0/10 -> 0.113461;
        //   trinomial [12,0,0] 0/10 -> -0.350338.
        let sprt = |elo0, elo1| Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        };
        let cases: [(&[u64], f64, f64, f64); 8] = [
            (&[10, 40, 100, 55, 15], 0.0, 10.0, 1.213181),
            (&[10, 40, 100, 55, 15], 0.0, 5.0, 0.707556),
            (&[30, 20, 10, 0, 0], 0.0, 10.0, -1.751772),
            (&[5, 0, 20, 0, 7], -5.0, 5.0, 0.153425),
            (&[20, 30, 50], 0.0, 10.0, 1.177401),
            (&[0, 0, 3, 0, 0], 0.0, 10.0, -0.086251),
            (&[0, 0, 0, 0, 4], 0.0, 10.0, 0.113461),
            (&[12, 0, 0], 0.0, 10.0, -0.350338),
        ];
        for (counts, elo0, elo1, expected) in cases {
            let s = sprt(elo0, elo1);
            let llr = gsprt_llr(counts, score_of_elo(elo0), score_of_elo(elo1));
            assert!(
                close(llr, expected, 2e-6),
                "{counts:?}: {llr} vs {expected}"
            );
            let results = if counts.len() == 5 {
                penta(counts.try_into().unwrap())
            } else {
                let mut r = Results::default();
                for (i, result) in [Loss, Draw, Win].into_iter().enumerate() {
                    for _ in 0..counts[i] {
                        r.add_single(result);
                    }
                }
                r
            };
            assert!(close(s.llr(&results), expected, 2e-6));
        }
        assert_eq!(gsprt_llr(&[0, 0, 0, 0, 0], 0.5, 0.6), 0.0);
    }

    #[test]
    fn the_test_decides_at_its_bounds() {
        let sprt: Sprt = "elo0=0 elo1=10 alpha=0.05 beta=0.05".parse().unwrap();
        // ln(0.05/0.95) and ln(0.95/0.05).
        let (lower, upper) = sprt.bounds();
        assert!(close(lower, -2.944439, 1e-6) && close(upper, 2.944439, 1e-6));
        assert_eq!(
            sprt.state(&penta([10, 40, 100, 55, 15])).decision,
            Decision::Continue
        );
        // Far more of the same (a +20 Elo sample): H1; a losing one: H0.
        assert_eq!(
            sprt.state(&penta([40, 160, 400, 220, 60])).decision,
            Decision::H1
        );
        assert_eq!(
            sprt.state(&penta([30, 20, 10, 0, 0])).decision,
            Decision::Continue
        );
        assert_eq!(
            sprt.state(&penta([60, 40, 20, 0, 0])).decision,
            Decision::H0
        );
        assert_eq!(
            sprt.state(&penta([10, 40, 100, 55, 15])).to_string(),
            "LLR 1.21 (-2.94, 2.94): continue"
        );
        assert_eq!(sprt.state(&Results::default()).llr, 0.0);
    }

    #[test]
    fn the_report_gives_pairs_elo_and_sprt() {
        let sprt: Sprt = "elo0=0 elo1=10".parse().unwrap();
        let r = penta([10, 40, 100, 55, 15]);
        assert_eq!(
            r.report_lines(Some(&sprt)),
            [
                "Pairs by a's points (0, ½, 1, 1½, 2): 10, 40, 100, 55, 15 (220 pairs)",
                "Elo (a - b) from the pairs: +19.8 ± 21.6 (95%: -1.7 to +41.4)",
                "SPRT elo0=0 elo1=10 alpha=0.05 beta=0.05: LLR 1.21 (-2.94, 2.94): continue",
            ]
        );
        let mut odd = penta([0, 1, 0, 0, 0]);
        odd.add_single(Win);
        let lines = odd.report_lines(None);
        assert_eq!(lines.len(), 2);
        assert!(
            lines[0]
                .ends_with("(1 pair; 1 game outside a pair: the Elo and LLR count single games)"),
            "{lines:?}"
        );
        assert!(
            lines[1].starts_with("Elo (a - b) from single games: +0.0 ± "),
            "{lines:?}"
        );
        assert_eq!(
            Results::default().report_lines(None)[1],
            "Elo (a - b): no games"
        );
    }

    #[test]
    fn games_pair_up_in_any_order() {
        let mut pairing = Pairing::default();
        assert!(!pairing.add(3, Win));
        assert!(!pairing.add(0, Draw));
        assert!(pairing.add(2, Win));
        assert_eq!(pairing.pairs_so_far().pairs, [0, 0, 0, 0, 1]);
        assert!(pairing.add(1, Loss));
        assert!(!pairing.add(4, Loss));
        assert_eq!(pairing.pairs_so_far().pairs, [0, 1, 0, 0, 1]);
        let all = pairing.finish();
        assert_eq!(all.pairs, [0, 1, 0, 0, 1]);
        assert_eq!(all.unpaired, 1);
        assert_eq!(all.wins_draws_losses(), (2, 1, 2));
    }

    #[test]
    fn settings_are_read_and_checked() {
        let s: Sprt = "elo0=-1.5,elo1=4 beta=0.1".parse().unwrap();
        assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (-1.5, 4.0, 0.05, 0.1));
        assert_eq!(s.to_string(), "elo0=-1.5 elo1=4 alpha=0.05 beta=0.1");
        assert_eq!(s.to_string().parse::<Sprt>(), Ok(s));
        for bad in [
            "",
            "elo0=0",
            "elo0=10 elo1=0",
            "elo0=0 elo1=10 alpha=0",
            "elo0=0 elo1=10 beta=0.5",
            "elo0=0 elo1=10 gamma=1",
            "elo0=0 elo1=x",
            "elo0=0 elo0=1 elo1=2",
            "elo0=0 elo1=5000",
            "elo0=NaN elo1=1",
            "elo0 0",
        ] {
            assert!(bad.parse::<Sprt>().is_err(), "{bad}");
        }
    }
}
