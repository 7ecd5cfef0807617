//! Checks of an evaluation written as features times weights ([`chimera_kit::tune`]).

use chimera_kit::tune::{parse_weights, Dense, Dot, Features, WeightSet};

/// Checks that an evaluation is symmetric: in every position, the features counted with
/// the other side to move (`flip` gives that position) are the negation of its own, except
/// the tempo feature (index `tempo`), which is 1 for whichever side moves. `text` names a
/// position in a failure.
pub fn check_features_symmetric<P: Features>(
    positions: &[P],
    tempo: usize,
    flip: impl Fn(&P) -> P,
    text: impl Fn(&P) -> String,
) {
    for pos in positions {
        let other = flip(pos);
        let (mut a, mut b) = (Dense::new(P::NAMES.len()), Dense::new(P::NAMES.len()));
        pos.features(&mut a);
        other.features(&mut b);
        for (i, (x, y)) in a.values().iter().zip(b.values()).enumerate() {
            if i == tempo {
                assert_eq!((*x, *y), (1, 1));
            } else {
                assert_eq!(*x, -*y, "{} in {}", P::NAMES[i], text(pos));
            }
        }
    }
}

/// Checks that a variant's weight file reads: one weight for each feature, in order.
pub fn check_weight_file(weights: &WeightSet) {
    let parsed = parse_weights(weights.text(), weights.names());
    assert_eq!(parsed.map(|w| w.len()), Ok(weights.names().len()));
}

/// Checks that the legacy weights are the evaluation before tuning: in every position the
/// features times `weights.legacy()` sum to `old`, that evaluation's score from the side
/// to move. `text` names a position in a failure.
pub fn check_legacy_weights<P: Features>(
    positions: &[P],
    weights: &WeightSet,
    old: impl Fn(&P) -> i32,
    text: impl Fn(&P) -> String,
) {
    assert!(!positions.is_empty(), "no positions to check");
    for pos in positions {
        let mut dot = Dot::new(weights.legacy());
        pos.features(&mut dot);
        assert_eq!(dot.sum(), old(pos), "{}", text(pos));
    }
}
