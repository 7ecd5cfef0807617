//! `BitSet` against a `BTreeSet` model.
use chimera_kit::BitSet;
use proptest::prelude::*;
use std::collections::BTreeSet;

fn model(v: &[usize]) -> BTreeSet<usize> {
    v.iter().copied().collect()
}

proptest! {
    #[test]
    fn bitset_behaves_like_a_btreeset(a in prop::collection::vec(0usize..192, 0..40), b in prop::collection::vec(0usize..192, 0..40)) {
        let (sa, sb): (BitSet<3>, BitSet<3>) = (a.iter().copied().collect(), b.iter().copied().collect());
        let (ma, mb) = (model(&a), model(&b));
        prop_assert_eq!(sa.iter().collect::<Vec<_>>(), ma.iter().copied().collect::<Vec<_>>());
        prop_assert_eq!((sa | sb).iter().collect::<BTreeSet<_>>(), &ma | &mb);
        prop_assert_eq!((sa & sb).iter().collect::<BTreeSet<_>>(), &ma & &mb);
        prop_assert_eq!((sa - sb).iter().collect::<BTreeSet<_>>(), &ma - &mb);
        prop_assert_eq!((sa ^ sb).iter().collect::<BTreeSet<_>>(), &ma ^ &mb);
        prop_assert_eq!(sa.count() as usize, ma.len());
        prop_assert_eq!(sa.iter().len(), ma.len());
        prop_assert_eq!(sa.is_empty(), ma.is_empty());
        prop_assert_eq!(sa.more_than_one(), ma.len() > 1);
        prop_assert_eq!(sa.first(), ma.first().copied());
        prop_assert_eq!(sa.last(), ma.last().copied());
        prop_assert_eq!(sa.intersects(&sb), !ma.is_disjoint(&mb));
        prop_assert_eq!(sa.is_subset(&sb), ma.is_subset(&mb));
        prop_assert_eq!((!sa).count() as usize, 192 - ma.len());
        for i in 0..192 {
            prop_assert_eq!(sa.contains(i), ma.contains(&i));
        }
        let mut s = sa;
        let mut m = ma.clone();
        for &x in &b {
            prop_assert_eq!(s.insert(x), m.insert(x));
        }
        for &x in &a {
            prop_assert_eq!(s.remove(x), m.remove(&x));
        }
        prop_assert_eq!(s.iter().collect::<BTreeSet<_>>(), m);
        let mut p = sa;
        let mut popped = Vec::new();
        while let Some(x) = p.pop_first() {
            popped.push(x);
        }
        prop_assert_eq!(popped, ma.iter().copied().collect::<Vec<_>>());
    }
}
