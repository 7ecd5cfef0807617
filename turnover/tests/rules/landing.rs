//! §2 Landing on an occupied square: the landing table, cell by cell (18 entries, each
//! onto a friendly and onto an enemy stack), both as the `land` function and as real moves:
//! an arriving T from a Tower sliding d4-d6, an arriving F from a Fort sliding d4-f6, an
//! arriving W from a Fortress leaping d4-e6.

use super::{after, at, is_legal, stack_of, with_castles};
use chimera_core::{Color, Position};
use chimera_turnover::{land, Landing, Stack};

/// Checks one cell: `land` gives `expected`, and the real move does what it says.
fn cell(arriving: &str, target: &str, friendly: bool, expected: Landing) {
    let (arr_stack, _) = stack_of(arriving);
    let (tgt_stack, _) = stack_of(target);
    assert_eq!(
        land(arr_stack, tgt_stack, friendly),
        expected,
        "{arriving} onto {} {target}",
        if friendly { "friendly" } else { "enemy" }
    );
    let (piece, to) = match arriving {
        "T" => ("T", "d6"),
        "F" => ("F", "f6"),
        "W" => ("FW", "e6"),
        _ => unreachable!(),
    };
    let target_text = if friendly {
        target.to_string()
    } else {
        target.to_ascii_lowercase()
    };
    let pos = with_castles(Color::White, &[("d4", piece), (to, &target_text)]);
    let mv = format!("d4-{to}");
    match expected {
        Landing::Illegal => assert!(!is_legal(&pos, &mv), "{mv} in {}", pos.to_text()),
        Landing::Merge(s) | Landing::Turnover(s) => {
            let next = after(&pos, &mv);
            assert_eq!(at(&next, to), s.letters(), "{mv} in {}", pos.to_text());
            let sep = if matches!(expected, Landing::Turnover(_)) {
                '*'
            } else {
                '-'
            };
            assert_eq!(
                pos.move_text(pos.parse_move(&mv).unwrap()),
                format!("d4{sep}{to}")
            );
        }
        Landing::Capture => {
            let next = after(&pos, &mv);
            assert_eq!(
                at(&next, to),
                arr_stack.letters(),
                "{mv} in {}",
                pos.to_text()
            );
            assert_eq!(
                pos.move_text(pos.parse_move(&mv).unwrap()),
                format!("d4x{to}")
            );
            assert_eq!(next.halfmove_clock(), 0);
        }
    }
}

macro_rules! cells {
    ($($name:ident: $arriving:literal onto $target:literal, friendly $friendly:literal => $expected:expr;)*) => {
        $(
            #[test]
            fn $name() {
                cell($arriving, $target, $friendly, $expected);
            }
        )*
    };
}

use Landing::{Capture, Illegal, Merge, Turnover};
use Stack::{Castle, Citadel, Fortress};

cells! {
    landing_t_onto_friendly_t_is_illegal: "T" onto "T", friendly true => Illegal;
    landing_t_onto_enemy_t_captures: "T" onto "T", friendly false => Capture;
    landing_t_onto_friendly_f_merges_into_citadel: "T" onto "F", friendly true => Merge(Citadel);
    landing_t_onto_enemy_f_turns_over_into_citadel: "T" onto "F", friendly false => Turnover(Citadel);
    landing_t_onto_friendly_w_is_illegal: "T" onto "W", friendly true => Illegal;
    landing_t_onto_enemy_w_captures: "T" onto "W", friendly false => Capture;
    landing_t_onto_friendly_tf_is_illegal: "T" onto "TF", friendly true => Illegal;
    landing_t_onto_enemy_tf_captures: "T" onto "TF", friendly false => Capture;
    landing_t_onto_friendly_fw_merges_into_castle: "T" onto "FW", friendly true => Merge(Castle);
    landing_t_onto_enemy_fw_turns_over_into_castle: "T" onto "FW", friendly false => Turnover(Castle);
    landing_t_onto_friendly_tfw_is_illegal: "T" onto "TFW", friendly true => Illegal;
    landing_t_onto_enemy_tfw_captures: "T" onto "TFW", friendly false => Capture;

    landing_f_onto_friendly_t_merges_into_citadel: "F" onto "T", friendly true => Merge(Citadel);
    landing_f_onto_enemy_t_turns_over_into_citadel: "F" onto "T", friendly false => Turnover(Citadel);
    landing_f_onto_friendly_f_is_illegal: "F" onto "F", friendly true => Illegal;
    landing_f_onto_enemy_f_captures: "F" onto "F", friendly false => Capture;
    landing_f_onto_friendly_w_merges_into_fortress: "F" onto "W", friendly true => Merge(Fortress);
    landing_f_onto_enemy_w_turns_over_into_fortress: "F" onto "W", friendly false => Turnover(Fortress);
    landing_f_onto_friendly_tf_is_illegal: "F" onto "TF", friendly true => Illegal;
    landing_f_onto_enemy_tf_captures: "F" onto "TF", friendly false => Capture;
    landing_f_onto_friendly_fw_is_illegal: "F" onto "FW", friendly true => Illegal;
    landing_f_onto_enemy_fw_captures: "F" onto "FW", friendly false => Capture;
    landing_f_onto_friendly_tfw_is_illegal: "F" onto "TFW", friendly true => Illegal;
    landing_f_onto_enemy_tfw_captures: "F" onto "TFW", friendly false => Capture;

    landing_w_onto_friendly_t_is_illegal: "W" onto "T", friendly true => Illegal;
    landing_w_onto_enemy_t_captures: "W" onto "T", friendly false => Capture;
    landing_w_onto_friendly_f_merges_into_fortress: "W" onto "F", friendly true => Merge(Fortress);
    landing_w_onto_enemy_f_turns_over_into_fortress: "W" onto "F", friendly false => Turnover(Fortress);
    landing_w_onto_friendly_w_is_illegal: "W" onto "W", friendly true => Illegal;
    landing_w_onto_enemy_w_captures: "W" onto "W", friendly false => Capture;
    landing_w_onto_friendly_tf_merges_into_castle: "W" onto "TF", friendly true => Merge(Castle);
    landing_w_onto_enemy_tf_turns_over_into_castle: "W" onto "TF", friendly false => Turnover(Castle);
    landing_w_onto_friendly_fw_is_illegal: "W" onto "FW", friendly true => Illegal;
    landing_w_onto_enemy_fw_captures: "W" onto "FW", friendly false => Capture;
    landing_w_onto_friendly_tfw_is_illegal: "W" onto "TFW", friendly true => Illegal;
    landing_w_onto_enemy_tfw_captures: "W" onto "TFW", friendly false => Capture;
}

#[test]
fn landing_turnover_flips_every_ring_of_the_target_to_the_mover() {
    // A Fortress's W lands on a black Citadel: the merged Castle is all White.
    let pos = with_castles(Color::White, &[("d4", "FW"), ("e6", "tf")]);
    let next = after(&pos, "d4-e6");
    assert_eq!(at(&next, "e6"), "TFW");
    assert_eq!(at(&next, "d4"), "F");
    assert_eq!(next.halfmove_clock(), 0, "a turnover resets the clock");
}
