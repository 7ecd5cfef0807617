//! `chimera variants`.

use crate::{registry, Failure, Io};

/// Variants the project means to add; listed as planned until they are registered.
const PLANNED: [&str; 4] = ["turret", "tiling-rider", "turnover", "triagonal"];

pub fn run(io: &mut Io<'_>) -> Result<(), Failure> {
    let variants = registry::variants();
    let width = variants.iter().map(|v| v.name.len()).max().unwrap_or(0);
    for v in &variants {
        writeln!(io.out, "{:width$}  {}", v.name, v.about)?;
        let mut sets = v.rule_sets.iter();
        let mut line = String::new();
        if let Some(first) = sets.next() {
            line = format!("{first} (default)");
        }
        for set in sets {
            line.push_str(", ");
            line.push_str(set);
        }
        writeln!(io.out, "{:width$}  rule sets: {line}", "")?;
    }
    let planned: Vec<&str> = PLANNED
        .iter()
        .copied()
        .filter(|name| !variants.iter().any(|v| v.name == *name))
        .collect();
    if !planned.is_empty() {
        writeln!(io.out, "\nPlanned: {}.", planned.join(", "))?;
    }
    Ok(())
}
