//! The engine's UCI options (`uci` lists them, `setoption` sets them), and how a variant
//! and its rule set are named in `UCI_Variant`.
//!
//! `UCI_Variant` (Fairy-Stockfish's convention) takes a variant's name for its standard
//! rules (`chess`, `turtle-shell`, `tiling-rider`), or the name, a hyphen and a rule set for
//! another (`turtle-shell-none`, `tiling-rider-wheeler`, `turret-kwagga`). The standard rule
//! set may be named too (`turtle-shell-ko`).

use super::words::{complain, Answer};
use crate::player::MAX_THREADS;
use crate::registry;
use chimera_core::excerpt;

/// The variant selected when the session starts (UCI's default).
pub const DEFAULT_VARIANT: &str = "chess";
/// The transposition table's default size, in MiB (the engine's default table).
pub const DEFAULT_HASH_MB: usize = 4;
/// The largest `Hash`, in MiB.
pub const MAX_HASH_MB: usize = 1024;
/// The most `MultiPV` lines.
pub const MAX_MULTIPV: usize = 32;

/// The options' values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// `Hash`: the transposition table's size, in MiB.
    pub hash_mb: usize,
    /// `Threads`: the threads a search runs on.
    pub threads: usize,
    /// `MultiPV`: the root lines each search reports.
    pub multipv: usize,
    /// `Ponder`: whether the client may ask the engine to ponder (UCI's hint; `go ponder`
    /// works either way).
    pub ponder: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            multipv: 1,
            ponder: false,
        }
    }
}

/// What a `setoption` line asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    /// `UCI_Variant`: this variant, with this rule set (`None`: its standard one).
    Variant(String, Option<String>),
    /// `Hash` in MiB.
    Hash(usize),
    /// `Threads`.
    Threads(usize),
    /// `MultiPV`.
    MultiPv(usize),
    /// `Ponder`.
    Ponder(bool),
}

/// The `UCI_Variant` values: every variant's name (its standard rules), then its name and
/// each other rule set, joined by a hyphen. The default variant comes first.
pub fn variant_values() -> Vec<String> {
    let mut variants = registry::variants();
    variants.sort_by_key(|v| v.name != DEFAULT_VARIANT);
    let mut values = Vec::new();
    for variant in variants {
        values.push(variant.name.to_string());
        for rules in variant.rule_sets.iter().skip(1) {
            values.push(format!("{}-{rules}", variant.name));
        }
    }
    values
}

/// The variant and rule set a `UCI_Variant` value names (case-insensitive).
pub fn parse_variant(value: &str) -> Result<(String, Option<String>), String> {
    let wanted = value.to_ascii_lowercase();
    for variant in registry::variants() {
        if wanted == variant.name {
            return Ok((variant.name.to_string(), None));
        }
        let Some(rules) = wanted
            .strip_prefix(variant.name)
            .and_then(|r| r.strip_prefix('-'))
        else {
            continue;
        };
        if let Some(r) = variant.rule_sets.iter().find(|r| **r == rules) {
            return Ok((variant.name.to_string(), Some(r.to_string())));
        }
    }
    Err(format!(
        "unknown UCI_Variant `{}`; the values are: {}",
        excerpt(value),
        variant_values().join(", ")
    ))
}

/// The `option` lines of the `uci` answer.
pub fn option_lines() -> Vec<String> {
    let values = variant_values();
    let mut combo = format!("option name UCI_Variant type combo default {DEFAULT_VARIANT}");
    for value in &values {
        combo.push_str(" var ");
        combo.push_str(value);
    }
    vec![
        combo,
        format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"),
        format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
        format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
        "option name Ponder type check default false".to_string(),
    ]
}

/// Reads the words after `setoption`: `name NAME [value VALUE]`. Names are
/// case-insensitive, as UCI says.
pub fn parse_setoption(rest: &str) -> Answer<Setting> {
    let Some(after_name) = rest.strip_prefix("name ") else {
        return complain(format!(
            "setoption: expected `setoption name NAME value VALUE`, got `setoption {}`",
            excerpt(rest)
        ));
    };
    let (name, value) = match after_name.find(" value ") {
        Some(at) => (after_name[..at].trim(), after_name[at + 7..].trim()),
        None => (after_name.trim(), ""),
    };
    let key = name.to_ascii_lowercase();
    let spin = |max: usize| -> Answer<usize> {
        match value.parse::<usize>() {
            Ok(n) if (1..=max).contains(&n) => Ok(n),
            _ => complain(format!(
                "setoption {name}: give a value from 1 to {max} (got `{}`)",
                excerpt(value)
            )),
        }
    };
    match key.as_str() {
        "uci_variant" => parse_variant(value)
            .map(|(v, r)| Setting::Variant(v, r))
            .or_else(|e| complain(format!("setoption: {e}"))),
        "hash" => spin(MAX_HASH_MB).map(Setting::Hash),
        "threads" => spin(MAX_THREADS).map(Setting::Threads),
        "multipv" => spin(MAX_MULTIPV).map(Setting::MultiPv),
        "ponder" => match value.to_ascii_lowercase().as_str() {
            "true" => Ok(Setting::Ponder(true)),
            "false" => Ok(Setting::Ponder(false)),
            _ => complain(format!(
                "setoption Ponder: give true or false (got `{}`)",
                excerpt(value)
            )),
        },
        _ => complain(format!(
            "setoption: unknown option `{}` (the options: UCI_Variant, Hash, Threads, MultiPV, Ponder)",
            excerpt(name)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_and_rule_set_has_a_uci_variant_value_that_reads_back() {
        let values = variant_values();
        assert_eq!(values[0], DEFAULT_VARIANT);
        let mut count = 0;
        for variant in registry::variants() {
            for (i, rules) in variant.rule_sets.iter().enumerate() {
                count += 1;
                let value = if i == 0 {
                    variant.name.to_string()
                } else {
                    format!("{}-{rules}", variant.name)
                };
                assert!(values.contains(&value), "{value}");
                let expected_rules = (i > 0).then(|| rules.to_string());
                assert_eq!(
                    parse_variant(&value),
                    Ok((variant.name.to_string(), expected_rules))
                );
                // The standard rule set may be named as well.
                assert_eq!(
                    parse_variant(&format!("{}-{rules}", variant.name.to_uppercase())),
                    Ok((variant.name.to_string(), Some(rules.to_string())))
                );
            }
        }
        assert_eq!(values.len(), count);
        assert!(parse_variant("xiangqi").is_err());
        assert!(parse_variant("turtle-shell-").is_err());
        assert!(parse_variant("turtle-shell-nonsense").is_err());
    }

    #[test]
    fn setoption_reads_each_option_within_its_bounds() {
        let ok = |line: &str| parse_setoption(line).ok().unwrap();
        assert_eq!(
            ok("name UCI_Variant value tiling-rider-wheeler"),
            Setting::Variant("tiling-rider".into(), Some("wheeler".into()))
        );
        assert_eq!(ok("name Hash value 64"), Setting::Hash(64));
        assert_eq!(ok("name hash value 1"), Setting::Hash(1));
        assert_eq!(ok("name Threads value 2"), Setting::Threads(2));
        assert_eq!(ok("name MultiPV value 3"), Setting::MultiPv(3));
        assert_eq!(ok("name Ponder value true"), Setting::Ponder(true));
        for bad in [
            "",
            "Hash value 4",
            "name Hash",
            "name Hash value 0",
            "name Hash value 1025",
            "name Hash value -1",
            "name Threads value 257",
            "name MultiPV value 33",
            "name Ponder value maybe",
            "name UCI_Variant value xiangqi",
            "name Contempt value 10",
        ] {
            assert!(parse_setoption(bad).is_err(), "{bad}");
        }
    }
}
