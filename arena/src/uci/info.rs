//! The `info` lines a search reports.

use crate::player::Report;
use chimera_engine::Score;

/// `info depth D seldepth S score cp X|win N|loss N nodes N nps N time MS pv M…`.
pub fn info_line(report: &Report) -> String {
    let score = match report.score {
        Score::Centipawns(cp) => format!("cp {cp}"),
        Score::WinIn(n) => format!("win {n}"),
        Score::LossIn(n) => format!("loss {n}"),
    };
    let mut line = format!(
        "info depth {} seldepth {} score {score} nodes {} nps {} time {}",
        report.depth,
        report.seldepth,
        report.nodes,
        report.nps,
        report.elapsed.as_millis()
    );
    if !report.pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&report.pv.join(" "));
    }
    line
}
