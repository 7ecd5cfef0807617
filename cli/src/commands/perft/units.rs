//! Durations and counts for people, and `--max-time` read.

use std::time::Duration;

/// A count in SI prefixes, three significant figures: `950`, `12.3 k`, `1.23 G`.
pub fn si(n: f64) -> String {
    const PREFIXES: [&str; 7] = ["", " k", " M", " G", " T", " P", " E"];
    if n < 1000.0 {
        return format!("{n:.0}");
    }
    let mut value = n;
    let mut i = 0;
    while value >= 1000.0 && i + 1 < PREFIXES.len() {
        value /= 1000.0;
        i += 1;
    }
    if value >= 1000.0 {
        return sci(n);
    }
    let digits = if value >= 100.0 {
        0
    } else if value >= 10.0 {
        1
    } else {
        2
    };
    format!("{value:.digits$}{}", PREFIXES[i])
}

/// A large number in scientific notation: `4.1e17`.
pub fn sci(n: f64) -> String {
    if n < 1e6 {
        format!("{n:.0}")
    } else {
        format!("{n:.1e}")
    }
}

/// A duration for people: `0.8 s`, `45 s`, `3 min 20 s`, `2 h 5 min`, `3 days 4 h`,
/// `12 years`, `4.1e12 years`.
pub fn human_time(d: Duration) -> String {
    const MIN: u64 = 60;
    const HOUR: u64 = 60 * MIN;
    const DAY: u64 = 24 * HOUR;
    const YEAR: u64 = 365 * DAY;
    let secs = d.as_secs_f64();
    let s = d.as_secs();
    if secs < 10.0 {
        format!("{secs:.1} s")
    } else if s < MIN {
        format!("{s} s")
    } else if s < HOUR {
        format!("{} min {} s", s / MIN, s % MIN)
    } else if s < DAY {
        format!("{} h {} min", s / HOUR, s % HOUR / MIN)
    } else if s < YEAR {
        let days = s / DAY;
        let plural = if days == 1 { "day" } else { "days" };
        match s % DAY / HOUR {
            0 => format!("{days} {plural}"),
            h => format!("{days} {plural} {h} h"),
        }
    } else if d == Duration::MAX || secs / YEAR as f64 >= 1e6 {
        format!("{:.1e} years", secs / YEAR as f64)
    } else {
        format!("{} years", s / YEAR)
    }
}

/// Reads `--max-time`: a number with a unit, `s`, `min` (or `m`), `h` or `d` (`90s`,
/// `30min`, `12h`, `3d`); a bare number is seconds.
pub fn parse_max_time(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let value: f64 = number.parse().map_err(|_| {
        format!(
            "`{}` is not a duration (e.g. 90s, 30min, 12h, 3d)",
            chimera_core::excerpt(text)
        )
    })?;
    let scale = match unit.trim() {
        "" | "s" => 1.0,
        "m" | "min" => 60.0,
        "h" => 3600.0,
        "d" => 86400.0,
        other => {
            return Err(format!(
                "unknown unit `{}` (use s, min, h or d)",
                chimera_core::excerpt(other)
            ))
        }
    };
    Duration::try_from_secs_f64(value * scale).map_err(|_| format!("`{text}` is too long"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::perft::DEFAULT_MAX_TIME;

    #[test]
    fn durations_read_with_units() {
        assert_eq!(parse_max_time("90"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_max_time("90s"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_max_time("30min"), Ok(Duration::from_secs(1800)));
        assert_eq!(parse_max_time("1.5h"), Ok(Duration::from_secs(5400)));
        assert_eq!(
            parse_max_time(DEFAULT_MAX_TIME),
            Ok(Duration::from_secs(3 * 86400))
        );
        assert!(parse_max_time("soon").is_err());
        assert!(parse_max_time("3 weeks").is_err());
        assert!(parse_max_time("1e999").is_err());
        assert!(parse_max_time(&"9".repeat(10_000)).is_err());
    }

    #[test]
    fn durations_read_for_people() {
        assert_eq!(human_time(Duration::from_millis(800)), "0.8 s");
        assert_eq!(human_time(Duration::from_secs(45)), "45 s");
        assert_eq!(human_time(Duration::from_secs(200)), "3 min 20 s");
        assert_eq!(human_time(Duration::from_secs(7500)), "2 h 5 min");
        assert_eq!(human_time(Duration::from_secs(3 * 86400)), "3 days");
        assert_eq!(human_time(Duration::from_secs(86400 + 3600)), "1 day 1 h");
        assert_eq!(
            human_time(Duration::from_secs(12 * 365 * 86400)),
            "12 years"
        );
        assert!(human_time(Duration::MAX).ends_with("e11 years"));
    }

    #[test]
    fn counts_read_for_people() {
        assert_eq!(si(950.0), "950");
        assert_eq!(si(12_345.0), "12.3 k");
        assert_eq!(si(1_234_567_890.0), "1.23 G");
        assert_eq!(si(123e6), "123 M");
        assert_eq!(si(1e40), "1.0e40");
        assert_eq!(sci(4.1e17), "4.1e17");
    }
}
