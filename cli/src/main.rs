//! The `chimera` program. Everything but reading the command line lives in the library
//! (`chimera_cli`), so that it can be tested.

use clap::Parser;
use std::io::IsTerminal;

fn main() {
    let cli = chimera_cli::Cli::parse();
    let stdin = std::io::stdin();
    let mut io = chimera_cli::Io {
        out: &mut std::io::stdout().lock(),
        err: &mut std::io::stderr(),
        input: &mut stdin.lock(),
        progress: std::io::stderr().is_terminal(),
    };
    std::process::exit(chimera_cli::run(cli, &mut io));
}
