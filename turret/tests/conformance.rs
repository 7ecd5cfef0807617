//! The conformance kit of `chimera-core` over random playouts and arbitrary strings.
use chimera_core::conformance::{check_parsers, check_playout};
use chimera_core::{Game, Position};
use chimera_turret::{Rules, TurretChess};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn random_playouts_keep_the_game_consistent(seed in any::<u64>()) {
        let game: Game<TurretChess> = Game::start(Rules::Standard);
        let r = check_playout(game, seed, 400).map(|_| ());
        prop_assert!(r.is_ok(), "{:?}", r.err());
    }

    #[test]
    fn random_kwagga_playouts_keep_the_game_consistent(seed in any::<u64>()) {
        let game: Game<TurretChess> = Game::start(Rules::Kwagga);
        let r = check_playout(game, seed, 400).map(|_| ());
        prop_assert!(r.is_ok(), "{:?}", r.err());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn parsers_never_panic_on_arbitrary_strings(text in ".{0,100}") {
        let p = TurretChess::start(Rules::Standard);
        let r = check_parsers(&p, &text);
        prop_assert!(r.is_ok(), "{:?}", r.err());
    }

    #[test]
    fn parsers_never_panic_on_fen_like_strings(
        text in "[tTrRnNbBqQkKpPzZ*0-9/]{0,40}( [wbx]( [KQkqa-j1-8-]{0,6}( [a-j][1-8]| -)?( [0-9]{1,3} [0-9]{1,3})?)?)?"
    ) {
        let p = TurretChess::start(Rules::Standard);
        let r = check_parsers(&p, &text);
        prop_assert!(r.is_ok(), "{:?}", r.err());
    }

    #[test]
    fn parsers_never_panic_on_move_like_strings(text in "[KQRBNTZa-jO0x=+#1-9-]{0,8}") {
        let p = TurretChess::start(Rules::Standard);
        prop_assert!(check_parsers(&p, &text).is_ok());
        let q = TurretChess::from_text("t3k3t/*1P6*/*8*/*3T4*/*8*/*8*/*6p1*/T3K4T w - - 0 1", Rules::Standard);
        if let Ok(q) = q {
            prop_assert!(check_parsers(&q, &text).is_ok());
        }
    }
}

#[test]
fn long_random_games_stay_consistent() {
    for seed in 1000..1010 {
        let game: Game<TurretChess> = Game::start(Rules::Standard);
        if let Err(e) = check_playout(game, seed, 600) {
            panic!("seed {seed}: {e}");
        }
    }
}
