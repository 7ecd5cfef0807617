//! The `info` lines a search reports, as UCI writes them.

use crate::player::{Line, Report};
use chimera_engine::Score;

/// A score as UCI writes it, from the side to move's point of view: `cp X`, or `mate N` in
/// moves (not plies): positive when the side to move mates, negative when it is mated.
/// (In a variant of several actions a turn, a ply is an action.)
pub fn score_text(score: Score) -> String {
    match score {
        Score::Centipawns(cp) => format!("cp {cp}"),
        Score::WinIn(plies) => format!("mate {}", plies.div_ceil(2)),
        Score::LossIn(plies) => format!("mate -{}", plies.div_ceil(2).max(1)),
    }
}

/// The `info` lines of a report: one per root line (`multipv 1`, `2`, …), each
/// `info depth D seldepth S multipv K score cp X|mate N nodes N nps N time MS [hashfull H]
/// pv M…`.
pub fn info_lines(report: &Report) -> Vec<String> {
    let main = Line {
        score: report.score,
        pv: report.pv.clone(),
    };
    let lines: &[Line] = if report.lines.is_empty() {
        std::slice::from_ref(&main)
    } else {
        &report.lines
    };
    lines
        .iter()
        .enumerate()
        .map(|(i, line)| info_line(report, i + 1, line))
        .collect()
}

/// The `info` line of root line number `k` (from 1).
fn info_line(report: &Report, k: usize, line: &Line) -> String {
    let mut text = format!(
        "info depth {} seldepth {} multipv {k} score {} nodes {} nps {} time {}",
        report.depth,
        report.seldepth.max(report.depth),
        score_text(line.score),
        report.nodes,
        report.nps,
        report.elapsed.as_millis()
    );
    if let Some(h) = report.hashfull {
        text.push_str(&format!(" hashfull {}", h.min(1000)));
    }
    if !line.pv.is_empty() {
        text.push_str(" pv ");
        text.push_str(&line.pv.join(" "));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn mates_are_counted_in_moves_with_the_side_to_move_s_sign() {
        assert_eq!(score_text(Score::Centipawns(-35)), "cp -35");
        assert_eq!(score_text(Score::WinIn(1)), "mate 1");
        assert_eq!(score_text(Score::WinIn(3)), "mate 2");
        assert_eq!(score_text(Score::LossIn(2)), "mate -1");
        assert_eq!(score_text(Score::LossIn(4)), "mate -2");
        assert_eq!(score_text(Score::LossIn(0)), "mate -1");
    }

    #[test]
    fn one_info_line_per_root_line() {
        let line = |cp, mv: &str| Line {
            score: Score::Centipawns(cp),
            pv: vec![mv.to_string(), "e7e5".to_string()],
        };
        let mut report = Report {
            best_move: "e2e4".into(),
            score: Score::Centipawns(30),
            pv: vec!["e2e4".into(), "e7e5".into()],
            depth: 5,
            seldepth: 9,
            nodes: 1234,
            elapsed: Duration::from_millis(56),
            nps: 22035,
            stopped: false,
            lines: vec![line(30, "e2e4"), line(20, "d2d4")],
            hashfull: Some(7),
        };
        let lines = info_lines(&report);
        assert_eq!(
            lines,
            [
                "info depth 5 seldepth 9 multipv 1 score cp 30 nodes 1234 nps 22035 time 56 hashfull 7 pv e2e4 e7e5",
                "info depth 5 seldepth 9 multipv 2 score cp 20 nodes 1234 nps 22035 time 56 hashfull 7 pv d2d4 e7e5",
            ]
        );
        report.lines.clear();
        report.hashfull = None;
        assert_eq!(
            info_lines(&report),
            ["info depth 5 seldepth 9 multipv 1 score cp 30 nodes 1234 nps 22035 time 56 pv e2e4 e7e5"]
        );
    }
}
