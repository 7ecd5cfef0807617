//! `--budget DURATION`: how long the engine may spend on each question a command asks.

use chimera_core::Budget;
use std::fmt;
use std::time::Duration;

/// The time the engine may spend on one question (one move's legality, the list of legal
/// moves, whether the game is over), or no limit. Most variants answer at once; Tiling
/// Rider's legality is a search that a limit may cut short, leaving an answer undecided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit(Option<Duration>);

impl Default for Limit {
    fn default() -> Self {
        Limit::DEFAULT
    }
}

impl Limit {
    /// The default: 2 seconds a question.
    pub const DEFAULT: Limit = Limit(Some(Duration::from_secs(2)));

    /// The default as `--budget` is written.
    pub const DEFAULT_ARG: &'static str = "2s";

    /// No limit: exact answers, however long they take.
    pub fn unlimited() -> Limit {
        Limit(None)
    }

    /// At most `d` a question.
    pub fn time(d: Duration) -> Limit {
        Limit(Some(d))
    }

    /// The time a question may take, or `None` for no limit.
    pub fn duration(self) -> Option<Duration> {
        self.0
    }

    /// A fresh budget for one question.
    pub fn budget(self) -> Budget {
        match self.0 {
            Some(d) => Budget::time(d),
            None => Budget::unlimited(),
        }
    }

    /// How `--budget` writes this limit: `2s`, `500ms`, `10m`, `none`.
    pub fn arg(self) -> String {
        let Some(d) = self.0 else {
            return "none".into();
        };
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

    /// A larger limit to suggest when this one left something undecided (ten times as
    /// long, at least 10 s).
    pub fn larger(self) -> Limit {
        match self.0 {
            None => self,
            Some(d) => Limit(Some(
                d.saturating_mul(10)
                    .max(Duration::from_secs(10))
                    .min(Duration::from_secs(24 * 3600)),
            )),
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

/// `2 s`, `500 ms`, `10 min`, `no limit`: the limit for a sentence ("within the 2 s
/// budget").
impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(d) = self.0 else {
            return f.write_str("unlimited");
        };
        let arg = self.arg();
        for (suffix, word) in [("ms", "ms"), ("h", "h"), ("m", "min"), ("s", "s")] {
            if let Some(number) = arg.strip_suffix(suffix) {
                return write!(f, "{number} {word}");
            }
        }
        write!(f, "{} s", trim_decimals(d.as_secs_f64()))
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

/// Reads `--budget`: a number with a unit (`2s`, `500ms`, `0.5s`, `10m`, `1h`; also
/// `sec`, `min`), `0`, or `none` / `unlimited` for no limit.
pub fn parse_limit(text: &str) -> Result<Limit, String> {
    let t = text.trim().to_ascii_lowercase();
    if t == "none" || t == "unlimited" {
        return Ok(Limit::unlimited());
    }
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = (&t[..split], t[split..].trim());
    let well_formed = !number.is_empty()
        && number.matches('.').count() <= 1
        && number.chars().any(|c| c.is_ascii_digit());
    if !well_formed {
        return Err(
            "expected a duration such as 2s, 500ms, 0.5s or 10m, or `none` for no limit".into(),
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
                "unknown unit `{unit}` (use ms, s, m or h; or `none` for no limit)"
            ))
        }
    };
    let d = Duration::try_from_secs_f64(value * seconds_per_unit)
        .map_err(|_| format!("`{text}` is too long a duration"))?;
    Ok(Limit::time(d))
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
        assert_eq!(Limit::DEFAULT.arg(), Limit::DEFAULT_ARG);
        assert_eq!(Limit::DEFAULT.to_string(), "2 s");
        assert_eq!(parse_limit("500ms").unwrap().to_string(), "500 ms");
        assert_eq!(parse_limit("10m").unwrap().to_string(), "10 min");
        assert_eq!(Limit::DEFAULT.larger().arg(), "20s");
        assert_eq!(parse_limit("0").unwrap().larger().arg(), "10s");
    }
}
