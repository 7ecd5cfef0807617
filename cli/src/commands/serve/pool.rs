//! The engines kept between searches, shared by every game's computer moves and analyses.

use super::{lock, MAX_ENGINES};
use crate::{registry, Computer};
use std::sync::Mutex;

/// An engine kept between searches, with the game it last searched.
struct Idle {
    variant: &'static str,
    rules: &'static str,
    game: String,
    computer: Box<dyn Computer>,
}

/// The engines kept between searches, shared by all the games: at most [`MAX_ENGINES`], the
/// least recently used dropped past it. A game's next search takes back the engine of its
/// last one if it is still here (it learns from one move to the next), else another of its
/// variant and rules, else a new one.
#[derive(Default)]
pub(super) struct Pool {
    idle: Mutex<Vec<Idle>>,
}

impl Pool {
    /// An engine for a search of game `game`: the one of its last search if still kept,
    /// else another of its variant and rules, else a new one.
    pub(super) fn take(
        &self,
        variant: &'static str,
        rules: &'static str,
        game: &str,
    ) -> Option<Box<dyn Computer>> {
        let mut idle = lock(&self.idle);
        let same = |i: &Idle| i.variant == variant && i.rules == rules;
        let at = idle
            .iter()
            .position(|i| same(i) && i.game == game)
            .or_else(|| idle.iter().rposition(same));
        match at {
            Some(at) => Some(idle.remove(at).computer),
            None => {
                drop(idle);
                registry::computer(variant)
            }
        }
    }

    /// Keeps an engine after a search of game `game` (the least recently kept dropped past
    /// [`MAX_ENGINES`]).
    pub(super) fn give(
        &self,
        variant: &'static str,
        rules: &'static str,
        game: &str,
        computer: Box<dyn Computer>,
    ) {
        let mut idle = lock(&self.idle);
        idle.push(Idle {
            variant,
            rules,
            game: game.to_string(),
            computer,
        });
        while idle.len() > MAX_ENGINES {
            idle.remove(0);
        }
    }
}
