//! `--budget`: how much the engine may spend on each question a command asks: a time, a
//! number of work units (search nodes, and solver steps counted in the same units), or both.

use chimera_core::Budget;
use std::fmt;
use std::time::Duration;

/// The work the engine may spend on one question (one move's legality, the list of legal
/// moves, whether the game is over): a time, a number of work units, both (whichever runs
/// out first), or no limit. Most variants answer at once; Tiling Rider's legality is a
/// search (and a SAT solver) that a limit may cut short, leaving an answer undecided.
///
/// A time depends on the machine and its load; a number of units does not: the same
/// question under `nodes=N` gets the same answer on every machine, however busy. The
/// default is such a number ([`Budget::DEFAULT_UNITS`]), so that a command run without `--budget`
/// answers the same on a busy machine as on a quiet one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit {
    time: Option<Duration>,
    nodes: Option<u64>,
}

impl Default for Limit {
    fn default() -> Self {
        Limit::DEFAULT
    }
}

/// The most work units `--budget nodes=N` accepts (10^12: days of work).
pub const MAX_BUDGET_NODES: u64 = 1_000_000_000_000;

impl Limit {
    /// The default: [`Budget::DEFAULT_UNITS`] work units a question (800,000, about 2 s of
    /// one quiet core), whatever the machine's load (no clock: `--budget 2s` asks for one).
    /// The hardest Tiling Rider listings (crowded camps early in a long turn, where search
    /// nodes are dearer) measured 1-8 s of CPU time, about 3 s in the middle, when it ran
    /// out (under a load of about 11). Every question of the Tiling Rider random-games test
    /// (`tiling-rider/tests/rules/random_games.rs`) is asked within exactly this budget.
    pub const DEFAULT: Limit = Limit {
        time: None,
        nodes: Some(Budget::DEFAULT_UNITS),
    };

    /// The default as `--budget` is written.
    pub const DEFAULT_ARG: &'static str = "nodes=800000";

    /// No limit: exact answers, however long they take.
    pub fn unlimited() -> Limit {
        Limit {
            time: None,
            nodes: None,
        }
    }

    /// At most `d` a question.
    pub fn time(d: Duration) -> Limit {
        Limit {
            time: Some(d),
            nodes: None,
        }
    }

    /// At most `n` work units a question (search nodes; a SAT solver's decisions and the
    /// clauses it is given count in the same units), whatever the machine's load.
    pub fn nodes(n: u64) -> Limit {
        Limit {
            time: None,
            nodes: Some(n),
        }
    }

    /// This limit, also bounded by `n` work units.
    pub fn with_nodes(self, n: u64) -> Limit {
        Limit {
            nodes: Some(n),
            ..self
        }
    }

    /// The time a question may take, or `None` for no time limit.
    pub fn duration(self) -> Option<Duration> {
        self.time
    }

    /// The work units a question may take, or `None` for no such limit.
    pub fn node_count(self) -> Option<u64> {
        self.nodes
    }

    /// A fresh budget for one question.
    pub fn budget(self) -> Budget {
        let mut budget = Budget::unlimited();
        if let Some(d) = self.time {
            budget = budget.with_time(d);
        }
        if let Some(n) = self.nodes {
            budget = budget.with_nodes(n);
        }
        budget
    }

    /// How `--budget` writes this limit: `2s`, `500ms`, `10m`, `nodes=4000000`,
    /// `2s,nodes=4000000`, `none`.
    pub fn arg(self) -> String {
        match (self.time, self.nodes) {
            (None, None) => "none".into(),
            (Some(d), None) => time_arg(d),
            (None, Some(n)) => format!("nodes={n}"),
            (Some(d), Some(n)) => format!("{},nodes={n}", time_arg(d)),
        }
    }

    /// A larger limit to suggest when this one left something undecided (ten times as
    /// long, at least 10 s; ten times as many units, at least 10 million).
    pub fn larger(self) -> Limit {
        Limit {
            time: self.time.map(|d| {
                d.saturating_mul(10)
                    .max(Duration::from_secs(10))
                    .min(Duration::from_secs(24 * 3600))
            }),
            nodes: self
                .nodes
                .map(|n| n.saturating_mul(10).clamp(10_000_000, MAX_BUDGET_NODES)),
        }
    }

    /// What to do when this limit left a question undecided.
    pub fn advice(self) -> String {
        format!(
            "rerun with a larger budget (--budget {}), or --budget none for an exact answer \
             however long it takes",
            self.larger().arg()
        )
    }
}

fn time_arg(d: Duration) -> String {
    let (secs, nanos) = (d.as_secs(), d.subsec_nanos());
    if nanos == 0 {
        if secs > 0 && secs % 3600 == 0 {
            format!("{}h", secs / 3600)
        } else if secs > 0 && secs % 60 == 0 {
            format!("{}m", secs / 60)
        } else {
            format!("{secs}s")
        }
    } else if secs == 0 && nanos % 1_000_000 == 0 {
        format!("{}ms", nanos / 1_000_000)
    } else {
        format!("{}s", trim_decimals(d.as_secs_f64()))
    }
}

fn time_words(d: Duration) -> String {
    let arg = time_arg(d);
    for (suffix, word) in [("ms", "ms"), ("h", "h"), ("m", "min"), ("s", "s")] {
        if let Some(number) = arg.strip_suffix(suffix) {
            return format!("{number} {word}");
        }
    }
    format!("{} s", trim_decimals(d.as_secs_f64()))
}

/// `2 s`, `500 ms`, `10 min`, `4000000-node`, `2 s, 4000000-node`, `unlimited`: the limit
/// for a sentence ("within the 2 s budget", "within the 4000000-node budget").
impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.time, self.nodes) {
            (None, None) => f.write_str("unlimited"),
            (Some(d), None) => f.write_str(&time_words(d)),
            (None, Some(n)) => write!(f, "{n}-node"),
            (Some(d), Some(n)) => write!(f, "{}, {n}-node", time_words(d)),
        }
    }
}

fn trim_decimals(x: f64) -> String {
    let text = format!("{x:.3}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text.is_empty() {
        "0".into()
    } else {
        text.into()
    }
}

/// Reads `--budget`: a duration (`2s`, `500ms`, `0.5s`, `10m`, `1h`; also `sec`, `min`;
/// `0`), a number of work units (`nodes=4000000`, `nodes=4_000_000`; also `time=2s`), both
/// separated by a comma (`2s,nodes=4000000`: whichever runs out first), or `none` /
/// `unlimited` for no limit.
pub fn parse_limit(text: &str) -> Result<Limit, String> {
    let t = text.trim().to_ascii_lowercase();
    if t == "none" || t == "unlimited" {
        return Ok(Limit::unlimited());
    }
    let mut limit = Limit::unlimited();
    for part in t.split(',').map(str::trim) {
        if let Some(n) = part.strip_prefix("nodes=") {
            if limit.nodes.is_some() {
                return Err("give nodes= at most once".into());
            }
            limit.nodes = Some(parse_nodes(n)?);
        } else {
            if limit.time.is_some() {
                return Err("give the time at most once".into());
            }
            let d = parse_duration(part.strip_prefix("time=").unwrap_or(part))?;
            limit.time = Some(d);
        }
    }
    Ok(limit)
}

fn parse_nodes(text: &str) -> Result<u64, String> {
    let digits: String = text.trim().chars().filter(|&c| c != '_').collect();
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!(
            "nodes={text}: give a whole number of work units, such as nodes=4000000"
        ));
    }
    match digits.parse::<u64>() {
        Ok(n) if (1..=MAX_BUDGET_NODES).contains(&n) => Ok(n),
        _ => Err(format!(
            "nodes={text}: give from 1 to {MAX_BUDGET_NODES} work units"
        )),
    }
}

fn parse_duration(t: &str) -> Result<Duration, String> {
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = (&t[..split], t[split..].trim());
    let well_formed = !number.is_empty()
        && number.matches('.').count() <= 1
        && number.chars().any(|c| c.is_ascii_digit());
    if !well_formed {
        return Err(
            "expected a duration such as 2s, 500ms, 0.5s or 10m, a number of work \
                    units such as nodes=4000000, or `none` for no limit"
                .into(),
        );
    }
    let value: f64 = number
        .parse()
        .map_err(|_| format!("`{number}` is not a number"))?;
    let seconds_per_unit = match unit {
        "ms" => 0.001,
        "s" | "sec" | "secs" => 1.0,
        "m" | "min" | "mins" => 60.0,
        "h" => 3600.0,
        "" if value == 0.0 => 1.0,
        "" => return Err(format!("give a unit: {number}s, {number}ms or {number}m")),
        _ => {
            return Err(format!(
                "unknown unit `{unit}` (use ms, s, m or h; nodes=N for work units; or `none` \
                 for no limit)"
            ))
        }
    };
    Duration::try_from_secs_f64(value * seconds_per_unit)
        .map_err(|_| format!("`{t}` is too long a duration"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_with_their_units() {
        let ms = |n| Ok(Limit::time(Duration::from_millis(n)));
        assert_eq!(parse_limit("2s"), ms(2000));
        assert_eq!(parse_limit("500ms"), ms(500));
        assert_eq!(parse_limit("0.5s"), ms(500));
        assert_eq!(parse_limit("10m"), ms(600_000));
        assert_eq!(parse_limit("1h"), ms(3_600_000));
        assert_eq!(parse_limit(" 3 sec "), ms(3000));
        assert_eq!(parse_limit("0"), ms(0));
        assert_eq!(parse_limit("none"), Ok(Limit::unlimited()));
        assert_eq!(parse_limit("Unlimited"), Ok(Limit::unlimited()));
    }

    #[test]
    fn junk_is_refused_with_a_reason() {
        for junk in [
            "", "s", "2", "2x", "-1s", "1.2.3s", "..s", "fast", "1e9s", "nan", "inf",
        ] {
            let err = parse_limit(junk).unwrap_err();
            assert!(!err.is_empty(), "{junk}");
        }
        assert!(parse_limit("99999999999999999999999h").is_err());
    }

    #[test]
    fn limits_write_back_as_they_read() {
        for text in ["2s", "500ms", "1.5s", "10m", "1h", "90s", "none", "0s"] {
            let limit = parse_limit(text).unwrap();
            assert_eq!(limit.arg(), text);
            assert_eq!(parse_limit(&limit.arg()), Ok(limit));
        }
        assert_eq!(parse_limit("2s").unwrap().to_string(), "2 s");
        assert_eq!(parse_limit("500ms").unwrap().to_string(), "500 ms");
        assert_eq!(parse_limit("10m").unwrap().to_string(), "10 min");
        assert_eq!(parse_limit("2s").unwrap().larger().arg(), "20s");
        assert_eq!(parse_limit("0").unwrap().larger().arg(), "10s");
    }

    #[test]
    fn node_budgets_read_write_and_grow() {
        let n = parse_limit("nodes=4000000").unwrap();
        assert_eq!(n, Limit::nodes(4_000_000));
        assert_eq!(parse_limit("NODES=4_000_000"), Ok(n));
        assert_eq!(n.to_string(), "4000000-node");
        assert_eq!(n.arg(), "nodes=4000000");
        assert_eq!(n.larger().arg(), "nodes=40000000");
        assert_eq!(Limit::nodes(5).larger().arg(), "nodes=10000000");
        let both = parse_limit("2s, nodes=1000").unwrap();
        assert_eq!(both, Limit::time(Duration::from_secs(2)).with_nodes(1000));
        assert_eq!(parse_limit("nodes=1000,time=2s"), Ok(both));
        assert_eq!(both.to_string(), "2 s, 1000-node");
        assert_eq!(parse_limit(&both.arg()), Ok(both));
        assert_eq!(both.larger().arg(), "20s,nodes=10000000");
        assert_eq!(n.budget().used(), 0);
        for junk in [
            "nodes=",
            "nodes=0",
            "nodes=-5",
            "nodes=1e6",
            "nodes=1,nodes=2",
            "1s,2s",
        ] {
            assert!(parse_limit(junk).is_err(), "{junk}");
        }
        assert!(parse_limit("nodes=1000000000001").is_err());
    }

    #[test]
    fn the_default_is_work_units_not_a_clock() {
        assert_eq!(Limit::DEFAULT, Limit::nodes(Budget::DEFAULT_UNITS));
        assert_eq!(Limit::default(), Limit::DEFAULT);
        assert_eq!(Limit::DEFAULT.duration(), None);
        assert_eq!(Limit::DEFAULT.arg(), Limit::DEFAULT_ARG);
        assert_eq!(parse_limit(Limit::DEFAULT_ARG), Ok(Limit::DEFAULT));
        assert_eq!(Limit::DEFAULT.to_string(), "800000-node");
        assert_eq!(Limit::DEFAULT.larger().arg(), "nodes=10000000");
        let mut budget = Limit::DEFAULT.budget();
        for _ in 0..Budget::DEFAULT_UNITS {
            assert!(budget.tick());
        }
        assert!(!budget.tick());
    }

    #[test]
    fn a_node_budget_runs_out_after_its_units() {
        let mut budget = Limit::nodes(3).budget();
        assert!(budget.tick() && budget.tick() && budget.tick());
        assert!(!budget.tick());
        assert!(budget.is_spent());
    }
}
