//! Evaluations linear in their weights, and Texel's method to tune those weights.
//!
//! A variant's static score is a feature vector times a weight vector: the variant lists
//! its features once ([`Features::features`], written to a [`FeatureSink`]), and the same
//! code serves the search (a [`Dot`] sink multiplies by the weights as it goes, with no
//! vector in between) and the tuner (a [`Dense`] sink records the vector). The weights are
//! data: a text file in the variant crate (`name value` lines, see [`parse_weights`]),
//! read with `include_str!` into a [`WeightSet`], which also holds the evaluation as it
//! was before tuning (its `legacy` weights) so that old and new can be measured against
//! each other in one process.
//!
//! Tuning ([`fit_k`], [`fit_weights`]) is Texel's method: positions from engine games,
//! each with the game's result for the side to move (1, ½ or 0); the predicted result is
//! the logistic `1 / (1 + e^(-k·score))`; first the scale `k` that best fits the current
//! weights, then the weights that minimise the mean squared error of the predictions, by
//! gradient descent (Adam, on the whole data set at each step). Adam moves every weight
//! at about the same pace however little the data says of it, so a fit needs a check on
//! positions it does not see ([`descend`] with a held-out set: early stopping) and a pull
//! towards the starting weights ([`Fit::l2`]), or weights of rare features drift.
//!
//! ```
//! use chimera_kit::tune::{fit_k, fit_weights, Dataset, Dense, FeatureSink, Fit};
//!
//! // One feature (a material difference); the side ahead by 100 wins 3 games of 4.
//! let mut data = Dataset::new(1);
//! for (lead, result) in [(100, 1.0), (100, 1.0), (100, 1.0), (100, 0.0), (0, 0.5)] {
//!     let mut sink = Dense::new(1);
//!     sink.add(0, lead);
//!     data.push(sink.values(), result);
//! }
//! let k = fit_k(&data, &[1.0]);
//! let weights = fit_weights(&data, &[1.0], k, &Fit::default());
//! // The fitted score predicts about 3 wins in 4 for a lead of 100.
//! let p = 1.0 / (1.0 + (-k * 100.0 * weights[0]).exp());
//! assert!((p - 0.75).abs() < 0.02, "{p}");
//! ```

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::OnceLock;

/// Where a variant writes the features of a position: `add(feature, value)` for each
/// nonzero term (a feature may be added several times: the values add up).
pub trait FeatureSink {
    /// Adds `value` to feature number `feature`.
    fn add(&mut self, feature: usize, value: i32);
}

/// A variant's evaluation as features: a position's feature vector, from the point of
/// view of the side to move (each term is the side to move's minus the opponent's, or a
/// term of the side to move alone such as being in check).
pub trait Features {
    /// The features' names, in order: the weight files list them so.
    const NAMES: &'static [&'static str];

    /// The score is the weighted sum divided by this (1 unless the weights are in finer
    /// units than the score, e.g. 16 for sixteenths of a centipawn).
    const SCALE: i32 = 1;

    /// Writes this position's features to `sink`.
    fn features<S: FeatureSink>(&self, sink: &mut S);
}

/// A sink that multiplies each feature by its weight as it comes: the evaluation.
#[derive(Clone, Copy, Debug)]
pub struct Dot<'a> {
    weights: &'a [i32],
    sum: i32,
}

impl<'a> Dot<'a> {
    /// A sum of nothing yet, with these weights.
    #[inline]
    pub fn new(weights: &'a [i32]) -> Dot<'a> {
        Dot { weights, sum: 0 }
    }

    /// The weighted sum of the features added.
    #[inline]
    pub fn sum(&self) -> i32 {
        self.sum
    }
}

impl FeatureSink for Dot<'_> {
    #[inline(always)]
    fn add(&mut self, feature: usize, value: i32) {
        if let Some(w) = self.weights.get(feature) {
            self.sum = self.sum.wrapping_add(w.wrapping_mul(value));
        }
    }
}

/// A sink that records the feature vector (the tuner's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dense {
    values: Vec<i32>,
}

impl Dense {
    /// A vector of `len` zeros.
    pub fn new(len: usize) -> Dense {
        Dense {
            values: vec![0; len],
        }
    }

    /// The features recorded.
    pub fn values(&self) -> &[i32] {
        &self.values
    }
}

impl FeatureSink for Dense {
    fn add(&mut self, feature: usize, value: i32) {
        if let Some(v) = self.values.get_mut(feature) {
            *v += value;
        }
    }
}

/// Which weights every [`WeightSet`] of this process evaluates with (see [`select`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// The weights in the variant crate's weight file (the default).
    Tuned,
    /// The evaluation as it was before its weights were tuned.
    Legacy,
    /// Weights loaded at run time into slot 0 or 1 ([`WeightSet::load`]); the tuned ones
    /// where the slot is empty.
    Loaded(u8),
}

static CHOICE: AtomicU8 = AtomicU8::new(0);

/// Makes every [`WeightSet`] of this process evaluate with `choice` from now on. For
/// measuring two sets of weights against each other in one process, whose players move
/// one at a time: the match selects the weights of the player to move before its search.
pub fn select(choice: Choice) {
    let code = match choice {
        Choice::Tuned => 0,
        Choice::Legacy => 1,
        Choice::Loaded(slot) => 2 + slot.min(1),
    };
    CHOICE.store(code, Ordering::Relaxed);
}

/// The weights in use: selected with [`select`].
pub fn selected() -> Choice {
    match CHOICE.load(Ordering::Relaxed) {
        0 => Choice::Tuned,
        1 => Choice::Legacy,
        code => Choice::Loaded(code - 2),
    }
}

/// A variant's weights: the tuned ones (the text of its weight file), the legacy ones (the
/// evaluation before tuning, as weights of the same features), and two slots for weights
/// loaded at run time.
#[derive(Debug)]
pub struct WeightSet {
    names: &'static [&'static str],
    text: &'static str,
    legacy: &'static [i32],
    tuned: OnceLock<Vec<i32>>,
    slots: [OnceLock<Vec<i32>>; 2],
}

impl WeightSet {
    /// The weights of the features `names`: `text` is the weight file (read on first use),
    /// `legacy` the evaluation before tuning.
    pub const fn new(
        names: &'static [&'static str],
        text: &'static str,
        legacy: &'static [i32],
    ) -> WeightSet {
        WeightSet {
            names,
            text,
            legacy,
            tuned: OnceLock::new(),
            slots: [OnceLock::new(), OnceLock::new()],
        }
    }

    /// The weights selected for this process ([`select`]).
    #[inline]
    pub fn get(&self) -> &[i32] {
        match CHOICE.load(Ordering::Relaxed) {
            0 => self.tuned(),
            1 => self.legacy,
            code => match self.slots[usize::from(code - 2) & 1].get() {
                Some(weights) => weights,
                None => self.tuned(),
            },
        }
    }

    /// The weights of the weight file (the legacy ones if it does not read, which the
    /// variant's tests rule out).
    #[inline]
    pub fn tuned(&self) -> &[i32] {
        self.tuned.get_or_init(|| {
            parse_weights(self.text, self.names).unwrap_or_else(|_| self.legacy.to_vec())
        })
    }

    /// The evaluation before tuning, as weights.
    pub fn legacy(&self) -> &[i32] {
        self.legacy
    }

    /// The weight file's text.
    pub fn text(&self) -> &'static str {
        self.text
    }

    /// The features' names.
    pub fn names(&self) -> &'static [&'static str] {
        self.names
    }

    /// Loads the weight file `text` into `slot` (0 or 1), once per process.
    pub fn load(&self, slot: u8, text: &str) -> Result<(), String> {
        let weights = parse_weights(text, self.names)?;
        let cell = &self.slots[usize::from(slot.min(1))];
        let stored = cell.get_or_init(|| weights.clone());
        if *stored == weights {
            Ok(())
        } else {
            Err(format!("weight slot {slot} is already loaded"))
        }
    }
}

/// Reads a weight file: one `name value` line per feature, in the order of `names`; blank
/// lines and `#` comments are ignored. Errors name the line.
pub fn parse_weights(text: &str, names: &[&str]) -> Result<Vec<i32>, String> {
    let mut weights = Vec::with_capacity(names.len());
    for (number, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let mut words = line.split_whitespace();
        let (Some(name), Some(value), None) = (words.next(), words.next(), words.next()) else {
            return Err(format!("line {}: expected `name value`", number + 1));
        };
        let Some(&expected) = names.get(weights.len()) else {
            return Err(format!(
                "line {}: `{name}` is one weight too many (there are {} features)",
                number + 1,
                names.len()
            ));
        };
        if name != expected {
            return Err(format!(
                "line {}: expected the weight of `{expected}`, found `{name}`",
                number + 1
            ));
        }
        let value = value
            .parse::<i32>()
            .map_err(|e| format!("line {}: `{value}`: {e}", number + 1))?;
        weights.push(value);
    }
    if weights.len() != names.len() {
        return Err(format!(
            "{} weights for {} features (the first missing: `{}`)",
            weights.len(),
            names.len(),
            names[weights.len()]
        ));
    }
    Ok(weights)
}

/// A weight file: `header` as `#` comment lines, then `name value` lines.
pub fn write_weights(names: &[&str], weights: &[i32], header: &str) -> String {
    let mut text = String::new();
    for line in header.lines() {
        text.push_str("# ");
        text.push_str(line);
        text.push('\n');
    }
    let width = names.iter().map(|n| n.len()).max().unwrap_or(0);
    for (name, weight) in names.iter().zip(weights) {
        text.push_str(&format!("{name:width$} {weight}\n"));
    }
    text
}

/// Positions' feature vectors with the game results for their side to move, stored sparse:
/// each position keeps only its nonzero features (index and value), so that an evaluation
/// of many features of which few are nonzero at a time (piece-square tables) costs memory
/// and time by its nonzero ones. The sums over a position run over its nonzero features in
/// the order of the features, so they are the dense sums exactly (a zero term adds
/// nothing).
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    features: usize,
    /// The feature numbers of the nonzero values, position after position.
    index: Vec<u32>,
    /// The nonzero values.
    x: Vec<f32>,
    /// Where each position's nonzero values end in `index` and `x`.
    ends: Vec<usize>,
    y: Vec<f32>,
}

impl Dataset {
    /// An empty data set of vectors of `features` features.
    pub fn new(features: usize) -> Dataset {
        Dataset {
            features,
            ..Dataset::default()
        }
    }

    /// Adds a position: its features (extra ones ignored, missing ones 0) and the result
    /// for its side to move (1 a win, 0.5 a draw, 0 a loss).
    pub fn push(&mut self, features: &[i32], result: f32) {
        for (i, &value) in features.iter().enumerate().take(self.features) {
            if value != 0 {
                self.index.push(i as u32);
                self.x.push(value as f32);
            }
        }
        self.ends.push(self.x.len());
        self.y.push(result);
    }

    /// How many positions.
    pub fn len(&self) -> usize {
        self.y.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.y.is_empty()
    }

    /// How many nonzero feature values all the positions hold.
    pub fn nonzero(&self) -> usize {
        self.x.len()
    }

    /// Splits the data set in two at position `at`: this keeps the first `at` positions,
    /// the one returned holds the rest (all of them past the end: none).
    pub fn split_off(&mut self, at: usize) -> Dataset {
        let at = at.min(self.len());
        let offset = if at == 0 { 0 } else { self.ends[at - 1] };
        Dataset {
            features: self.features,
            index: self.index.split_off(offset),
            x: self.x.split_off(offset),
            ends: self
                .ends
                .split_off(at)
                .into_iter()
                .map(|e| e - offset)
                .collect(),
            y: self.y.split_off(at),
        }
    }

    /// Each position's nonzero features (their numbers and values) and result.
    fn rows(&self) -> impl Iterator<Item = (&[u32], &[f32], f32)> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(self.ends.iter().copied())
            .zip(self.y.iter().copied())
            .map(|((start, end), y)| (&self.index[start..end], &self.x[start..end], y))
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn score(index: &[u32], row: &[f32], weights: &[f64]) -> f64 {
    index
        .iter()
        .zip(row)
        .map(|(&i, &x)| f64::from(x) * weights.get(i as usize).copied().unwrap_or(0.0))
        .sum()
}

/// The mean squared error of the predictions `1 / (1 + e^(-k·score))` against the results.
pub fn error(data: &Dataset, weights: &[f64], k: f64) -> f64 {
    if data.is_empty() {
        return 0.0;
    }
    let total: f64 = data
        .rows()
        .map(|(index, row, y)| {
            let d = f64::from(y) - sigmoid(k * score(index, row, weights));
            d * d
        })
        .sum();
    total / data.len() as f64
}

/// The scale `k` (per unit of score) that best fits the results with these weights: a
/// scan of 1e-5 to 1e-1 in steps of 1.1, then a golden-section search around the best.
pub fn fit_k(data: &Dataset, weights: &[f64]) -> f64 {
    let mut best = (f64::INFINITY, 1e-3);
    let mut k = 1e-5;
    while k < 0.1 {
        let e = error(data, weights, k);
        if e < best.0 {
            best = (e, k);
        }
        k *= 1.1;
    }
    let (mut lo, mut hi) = (best.1 / 1.1, best.1 * 1.1);
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - phi * (hi - lo);
        let b = lo + phi * (hi - lo);
        if error(data, weights, a) < error(data, weights, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// How [`fit_weights`] descends.
#[derive(Clone, Debug)]
pub struct Fit {
    /// Steps of gradient descent (each over the whole data set), at most.
    pub iterations: usize,
    /// Adam's step size, in units of weight.
    pub rate: f64,
    /// The features whose weights stay as given (by index); the others are fitted.
    pub frozen: Vec<usize>,
    /// The pull towards the starting weights (L2): the descent minimises the mean squared
    /// error plus `l2 · Σ ((w − w₀) / 100)²`, so that moving a weight by 100 units (a
    /// pawn) costs as much as `l2` of error. Weights the data hardly sees stay near their
    /// start instead of drifting. 0: no pull.
    pub l2: f64,
    /// Features whose pull is their own instead of [`Fit::l2`] (by index, with their
    /// `l2`): e.g. many weights of one kind, each seen in few positions, pulled harder.
    pub l2_of: Vec<(usize, f64)>,
    /// With a held-out set: stop after this many steps without a lower held-out error and
    /// keep the weights of the lowest (early stopping); 0: run every step, still keeping
    /// the weights of the lowest held-out error.
    pub patience: usize,
}

impl Default for Fit {
    fn default() -> Fit {
        Fit {
            iterations: 2000,
            rate: 1.0,
            frozen: Vec::new(),
            l2: 0.0,
            l2_of: Vec::new(),
            patience: 0,
        }
    }
}

/// What [`descend`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct Descent {
    /// The weights kept: those of the lowest held-out error, or the last ones without a
    /// held-out set.
    pub weights: Vec<f64>,
    /// The step they come from (0: the starting weights).
    pub iteration: usize,
    /// The steps run (fewer than asked when early stopping ended the descent).
    pub steps: usize,
    /// The held-out error of the weights kept (`None` without a held-out set).
    pub held_out: Option<f64>,
}

/// The weights, starting from `initial`, that minimise [`error`] at scale `k`: Adam on the
/// gradient of the mean squared error over the whole data set (and the pull of
/// [`Fit::l2`]).
pub fn fit_weights(data: &Dataset, initial: &[f64], k: f64, fit: &Fit) -> Vec<f64> {
    descend(data, None, initial, k, fit).weights
}

/// The gradient of the mean squared error at `w`, written to `grad`.
fn gradient(data: &Dataset, w: &[f64], k: f64, grad: &mut [f64]) {
    grad.iter_mut().for_each(|g| *g = 0.0);
    for (index, row, y) in data.rows() {
        let p = sigmoid(k * score(index, row, w));
        // d/dw of (y - p)^2 = -2 (y - p) p (1 - p) k x
        let common = -2.0 * (f64::from(y) - p) * p * (1.0 - p) * k;
        for (&i, &x) in index.iter().zip(row) {
            if let Some(g) = grad.get_mut(i as usize) {
                *g += common * f64::from(x);
            }
        }
    }
    let scale = 1.0 / data.len().max(1) as f64;
    grad.iter_mut().for_each(|g| *g *= scale);
}

/// As [`fit_weights`], watching the error on `held_out` (positions kept out of the fit,
/// from other games) after every step: the weights of its lowest error are kept, and with
/// [`Fit::patience`] the descent stops once it has not improved for that many steps.
pub fn descend(
    data: &Dataset,
    held_out: Option<&Dataset>,
    initial: &[f64],
    k: f64,
    fit: &Fit,
) -> Descent {
    let n = initial.len();
    let mut w = initial.to_vec();
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-12);
    let mut grad = vec![0.0; n];
    let mut frozen = vec![false; n];
    let mut l2 = vec![fit.l2; n];
    for &j in &fit.frozen {
        if let Some(f) = frozen.get_mut(j) {
            *f = true;
        }
    }
    for &(j, pull) in &fit.l2_of {
        if let Some(l) = l2.get_mut(j) {
            *l = pull;
        }
    }
    let mut best = Descent {
        weights: w.clone(),
        iteration: 0,
        steps: 0,
        held_out: held_out.map(|h| error(h, &w, k)),
    };
    for t in 1..=fit.iterations {
        gradient(data, &w, k, &mut grad);
        for j in 0..n {
            if frozen[j] {
                continue;
            }
            // d/dw of l2 ((w - w0) / 100)^2
            let g = grad[j] + l2[j] * 2.0 * (w[j] - initial[j]) / 1e4;
            m[j] = b1 * m[j] + (1.0 - b1) * g;
            v[j] = b2 * v[j] + (1.0 - b2) * g * g;
            let mh = m[j] / (1.0 - b1.powi(t as i32));
            let vh = v[j] / (1.0 - b2.powi(t as i32));
            w[j] -= fit.rate * mh / (vh.sqrt() + eps);
        }
        best.steps = t;
        match (held_out, best.held_out) {
            (Some(h), Some(lowest)) => {
                let e = error(h, &w, k);
                if e < lowest {
                    best.weights.copy_from_slice(&w);
                    best.iteration = t;
                    best.held_out = Some(e);
                } else if fit.patience > 0 && t - best.iteration >= fit.patience {
                    break;
                }
            }
            _ => {
                best.weights.copy_from_slice(&w);
                best.iteration = t;
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAMES: &[&str] = &["pawn", "knight"];

    #[test]
    fn weight_files_read_back_and_errors_name_the_line() {
        let text = write_weights(NAMES, &[100, -320], "tuned\non 5 games");
        assert!(text.starts_with("# tuned\n# on 5 games\n"));
        assert_eq!(parse_weights(&text, NAMES), Ok(vec![100, -320]));
        assert_eq!(
            parse_weights("pawn 100\nbishop 3\n", NAMES),
            Err("line 2: expected the weight of `knight`, found `bishop`".into())
        );
        assert!(parse_weights("pawn 100\n", NAMES)
            .unwrap_err()
            .contains("`knight`"));
        assert!(parse_weights("pawn x\nknight 1", NAMES)
            .unwrap_err()
            .starts_with("line 1"));
        assert!(parse_weights("pawn 1\nknight 1\nrook 5", NAMES).is_err());
    }

    #[test]
    fn the_selected_weights_are_used() {
        static SET: WeightSet = WeightSet::new(NAMES, "pawn 100\nknight 300\n", &[90, 280]);
        assert_eq!(SET.tuned(), &[100, 300]);
        assert_eq!(SET.legacy(), &[90, 280]);
        assert!(SET.load(1, "pawn 1\nknight 2\n").is_ok());
        assert!(SET.load(1, "pawn 1\nknight 3\n").is_err());
        // The only test that selects: the choice is process-wide.
        select(Choice::Legacy);
        assert_eq!(SET.get(), &[90, 280]);
        select(Choice::Loaded(1));
        assert_eq!(SET.get(), &[1, 2]);
        select(Choice::Loaded(0));
        assert_eq!(
            SET.get(),
            &[100, 300],
            "an empty slot falls back on the tuned"
        );
        select(Choice::Tuned);
        assert_eq!(selected(), Choice::Tuned);
        let mut dot = Dot::new(SET.get());
        dot.add(0, 2);
        dot.add(1, -1);
        dot.add(7, 5); // no such feature: ignored
        assert_eq!(dot.sum(), -100);
    }

    #[test]
    fn fitting_recovers_the_weights_that_made_the_results() {
        // Results drawn from a known logistic model of two features.
        let truth = [0.8, -0.3];
        let k = 0.01;
        let data = logistic_samples(
            12345,
            4000,
            |rng, _| rng.below(401) as i32 - 200,
            |a, b| k * (truth[0] * f64::from(a) + truth[1] * f64::from(b)),
        );
        let fit = Fit {
            iterations: 1500,
            rate: 0.01,
            ..Fit::default()
        };
        let w = fit_weights(&data, &[0.0, 0.0], k, &fit);
        assert!((w[0] - truth[0]).abs() < 0.15, "{w:?}");
        assert!((w[1] - truth[1]).abs() < 0.15, "{w:?}");
        assert!(error(&data, &w, k) < error(&data, &[0.0, 0.0], k));
        let frozen = fit_weights(
            &data,
            &[0.5, 0.0],
            k,
            &Fit {
                frozen: vec![0],
                ..fit
            },
        );
        assert_eq!(frozen[0], 0.5);
    }

    /// A data set where feature 0 decides the results and feature 1, rare and pure noise,
    /// is nonzero in one position of 50.
    fn noisy_rare_feature() -> Dataset {
        logistic_samples(
            99,
            3000,
            |_, i| i32::from(i % 50 == 0),
            |a, _| 0.01 * f64::from(a),
        )
    }

    /// `count` positions of two features, the first uniform in -200..=200, the second
    /// `second(rng, i)`, each with a result drawn from the logistic curve of `logit(a, b)`
    /// (seeded: the same data every run).
    fn logistic_samples(
        seed: u64,
        count: usize,
        mut second: impl FnMut(&mut chimera_core::SplitMix64, usize) -> i32,
        logit: impl Fn(i32, i32) -> f64,
    ) -> Dataset {
        let mut rng = chimera_core::SplitMix64::new(seed);
        let mut data = Dataset::new(2);
        for i in 0..count {
            let a = rng.below(401) as i32 - 200;
            let b = second(&mut rng, i);
            let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            data.push(&[a, b], if u < sigmoid(logit(a, b)) { 1.0 } else { 0.0 });
        }
        data
    }

    #[test]
    fn the_sparse_sums_are_the_dense_sums_exactly() {
        // Positions of 40 features, most of them 0; the error and gradient over the
        // nonzero ones against the sums over every feature, as a dense set computes them.
        let mut rng = chimera_core::SplitMix64::new(7);
        let mut data = Dataset::new(40);
        let mut dense = Vec::new();
        for _ in 0..500 {
            let row: Vec<i32> = (0..40)
                .map(|_| match rng.below(5) {
                    0 => rng.below(301) as i32 - 150,
                    _ => 0,
                })
                .collect();
            let y = rng.below(3) as f32 / 2.0;
            data.push(&row, y);
            dense.push((row, y));
        }
        let weights: Vec<f64> = (0..40).map(|i| f64::from(i) / 7.0 - 2.5).collect();
        let k = 0.004;
        let mut total = 0.0;
        let mut expected = vec![0.0; 40];
        for (row, y) in &dense {
            let s: f64 = row
                .iter()
                .zip(&weights)
                .map(|(&x, &w)| f64::from(x as f32) * w)
                .sum();
            let p = sigmoid(k * s);
            let d = f64::from(*y) - p;
            total += d * d;
            let common = -2.0 * d * p * (1.0 - p) * k;
            for (g, &x) in expected.iter_mut().zip(row) {
                *g += common * f64::from(x as f32);
            }
        }
        assert!(data.nonzero() < 500 * 40 / 3, "{}", data.nonzero());
        assert_eq!(error(&data, &weights, k), total / 500.0);
        let mut grad = vec![0.0; 40];
        gradient(&data, &weights, k, &mut grad);
        let expected: Vec<f64> = expected.iter().map(|g| g * (1.0 / 500.0)).collect();
        assert_eq!(grad, expected);
        // Split, each half keeps its own positions.
        let rest = data.split_off(200);
        assert_eq!((data.len(), rest.len()), (200, 300));
        let tail: Vec<(Vec<i32>, f32)> = dense.split_off(200);
        let mut again = Dataset::new(40);
        for (row, y) in &tail {
            again.push(row, *y);
        }
        assert_eq!(error(&rest, &weights, k), error(&again, &weights, k));
        assert_eq!(rest.nonzero() + data.nonzero(), {
            let mut all = data.clone();
            all.x.extend(&rest.x);
            all.x.len()
        });
    }

    #[test]
    fn a_feature_pulled_harder_moves_less() {
        let data = noisy_rare_feature();
        let fit = Fit {
            iterations: 400,
            rate: 1.0,
            l2: 0.0,
            ..Fit::default()
        };
        let loose = fit_weights(&data, &[1.0, 0.0], 0.01, &fit);
        let pulled = fit_weights(
            &data,
            &[1.0, 0.0],
            0.01,
            &Fit {
                l2_of: vec![(1, 0.05)],
                ..fit
            },
        );
        assert!(
            pulled[1].abs() < loose[1].abs() / 3.0,
            "{pulled:?} {loose:?}"
        );
    }

    #[test]
    fn the_l2_pull_keeps_an_unseen_weight_near_its_start() {
        let data = noisy_rare_feature();
        let free = Fit {
            iterations: 400,
            rate: 1.0,
            ..Fit::default()
        };
        let loose = fit_weights(&data, &[1.0, 0.0], 0.01, &free);
        let pulled = fit_weights(&data, &[1.0, 0.0], 0.01, &Fit { l2: 0.05, ..free });
        assert!(loose[1].abs() > 10.0, "the rare weight drifts: {loose:?}");
        assert!(
            pulled[1].abs() < loose[1].abs() / 3.0,
            "{pulled:?} against {loose:?}"
        );
        assert!((pulled[0] - 1.0).abs() < 0.3, "{pulled:?}");
    }

    #[test]
    fn early_stopping_keeps_the_weights_of_the_lowest_held_out_error() {
        let mut data = noisy_rare_feature();
        let held_out = data.split_off(2400);
        assert_eq!((data.len(), held_out.len()), (2400, 600));
        assert!(data.clone().split_off(5000).is_empty());
        let fit = Fit {
            iterations: 300,
            rate: 1.0,
            patience: 20,
            ..Fit::default()
        };
        let start = [0.5, 0.0];
        let found = descend(&data, Some(&held_out), &start, 0.01, &fit);
        let e = found.held_out.unwrap();
        assert!((e - error(&held_out, &found.weights, 0.01)).abs() < 1e-12);
        assert!(e < error(&held_out, &start, 0.01));
        assert!(
            found.steps < 300 && found.steps >= found.iteration + 20,
            "{found:?}"
        );
        // Without a held-out set every step runs and the last weights are kept.
        let all = descend(&data, None, &start, 0.01, &fit);
        assert_eq!((all.steps, all.iteration, all.held_out), (300, 300, None));
        assert_eq!(all.weights, fit_weights(&data, &start, 0.01, &fit));
    }
}
