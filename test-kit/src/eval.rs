//! Checks of an evaluation written as features times weights ([`chimera_kit::tune`]).

use chimera_kit::tune::{Dense, Features};

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
