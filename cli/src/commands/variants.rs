//! `chimera variants`.

use crate::{registry, Failure, Io};

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
    writeln!(
        io.out,
        "\nPlanned: turret, tiling-rider, turnover, triagonal."
    )?;
    Ok(())
}
