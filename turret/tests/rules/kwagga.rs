//! §6 Kwagga option.
use super::common::*;
use chimera_core::{Position, RuleSet};
use chimera_turret::{Rules, Turret, KWAGGA_START_FEN};

#[test]
fn the_kwagga_option_is_the_rule_set_named_kwagga() {
    assert_eq!(Rules::NAMES, &["standard", "kwagga"]);
    assert_eq!(Rules::from_name("kwagga"), Some(Rules::Kwagga));
    assert_eq!(Rules::from_name("Standard"), Some(Rules::Standard));
    assert_eq!(Rules::default(), Rules::Standard);
    assert_eq!(Rules::Kwagga.name(), "kwagga");
}

#[test]
fn kwaggas_replace_the_knights_in_the_setup() {
    let p = Turret::start(Rules::Kwagga);
    assert_eq!(p.to_text(), KWAGGA_START_FEN);
    assert_eq!(
        (at(&p, "c1"), at(&p, "h1"), at(&p, "c8"), at(&p, "h8")),
        ('Z', 'Z', 'z', 'z')
    );
}

#[test]
fn kwaggas_replace_the_knights_as_promotion_choice() {
    let p = ksetup("Kf1 kh8 Pc7", "w - - 0 1");
    let m: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("c7"))
        .collect();
    assert_eq!(m, ["c7c8b", "c7c8q", "c7c8r", "c7c8t", "c7c8z"]);
}

#[test]
fn a_kwagga_leaps_one_by_three_and_may_stop_or_capture_there() {
    let p = ksetup("Kf1 kh8 Ze4 nf7 Nd1", "w - - 0 1");
    let d = dests(&p, "e4");
    // (±1, ±3) and (±3, ±1) from e4: d7 f7 d1 f1 b5 h5 b3 h3; f7 captured, d1 and f1 own.
    assert!(d.contains(&"f7".to_string()) && d.contains(&"d7".to_string()));
    assert!(!d.contains(&"d1".to_string()) && !d.contains(&"f1".to_string()));
    assert!(d.contains(&"b5".to_string()) && d.contains(&"h3".to_string()));
}

#[test]
fn a_kwagga_repeats_the_same_leap_onto_empty_cells_only() {
    // b1 → c4 → d7: both empty.
    let p = ksetup("Kf1 kh8 Zb1", "w - - 0 1");
    let d = dests(&p, "b1");
    assert!(d.contains(&"c4".to_string()) && d.contains(&"d7".to_string()));
    // An own piece on c4 stops the ride before it starts.
    let p = ksetup("Kf1 kh8 Zb1 Pc4", "w - - 0 1");
    assert!(!dests(&p, "b1").contains(&"d7".to_string()));
}

#[test]
fn a_kwagga_captures_only_on_its_first_leap() {
    let p = ksetup("Kf1 kh8 Zb1 nd7", "w - - 0 1");
    let d = dests(&p, "b1");
    assert!(d.contains(&"c4".to_string()) && !d.contains(&"d7".to_string()));
    let p = ksetup("Kf1 kh8 Zb1 nc4", "w - - 0 1");
    let d = dests(&p, "b1");
    assert!(d.contains(&"c4".to_string()) && !d.contains(&"d7".to_string()));
}

#[test]
fn a_kwagga_gives_check_only_by_its_first_leap() {
    assert!(ksetup("Ke7 kh8 zd4", "w - - 0 1").is_check());
    assert!(!ksetup("Ke7 kh8 zc1", "w - - 0 1").is_check());
}
