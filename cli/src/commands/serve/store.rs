//! The games the server keeps: each behind an asynchronous lock (a request waiting for its
//! game holds no thread), the least recently used forgotten past the cap.

use super::pool::Pool;
use super::reply::Reply;
use super::snapshot::{copy_game, Snapshot};
use super::{lock, GAME_WAIT, MAX_LIVE};
use crate::commands::Survey;
use chimera_core::{excerpt, Color, DynGame, MoveCells};
use serde_json::Value;
use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;
use tokio::sync::{Mutex as GameLock, OwnedMutexGuard};

/// The legal moves of a position with how each is clicked, compactly: every cell is named
/// once, and a move's cells are indices into the names (Triagonal's 11,660 moves took
/// about 6 MB with a string per cell, about 2 MB so).
pub(super) struct Clickable {
    /// The cells' names.
    names: Vec<String>,
    /// The moves.
    pub moves: Vec<LegalMove>,
}

/// One legal move of the current position: its text and how it is clicked.
pub(super) struct LegalMove {
    /// Its text.
    pub text: Box<str>,
    /// The cells of its clicks, one click after another (indices into the names).
    cells: Box<[u32]>,
    /// Where each click's cells end in `cells`.
    ends: Box<[u32]>,
    /// The other cells it changes.
    pub also: Box<[u32]>,
}

impl LegalMove {
    /// The number of clicks that make it (0: a move made by no click).
    pub fn clicks(&self) -> usize {
        self.ends.len()
    }

    /// The cells of click `i` (any one of which makes it).
    pub fn click(&self, i: usize) -> Option<&[u32]> {
        let end = *self.ends.get(i)? as usize;
        let start = i.checked_sub(1).map_or(0, |j| self.ends[j] as usize);
        self.cells.get(start..end)
    }
}

impl Clickable {
    /// The moves `texts` of `game`'s position with their cells.
    pub fn new(game: &dyn DynGame, texts: &[String]) -> Clickable {
        let mut names = Vec::new();
        let mut index: HashMap<String, u32> = HashMap::new();
        let mut number = |name: &String| -> u32 {
            *index.entry(name.clone()).or_insert_with(|| {
                names.push(name.clone());
                (names.len() - 1) as u32
            })
        };
        let moves = texts
            .iter()
            .map(|text| {
                let MoveCells { picks, also } = game.move_cells(text).unwrap_or_default();
                let mut cells = Vec::new();
                let mut ends = Vec::with_capacity(picks.len());
                for group in &picks {
                    cells.extend(group.iter().map(&mut number));
                    ends.push(cells.len() as u32);
                }
                LegalMove {
                    text: text.as_str().into(),
                    cells: cells.into(),
                    ends: ends.into(),
                    also: also.iter().map(&mut number).collect(),
                }
            })
            .collect();
        Clickable { names, moves }
    }

    /// The names of `cells`.
    pub fn names(&self, cells: &[u32]) -> Vec<&str> {
        cells
            .iter()
            .filter_map(|&c| self.names.get(c as usize).map(String::as_str))
            .collect()
    }

    /// The index of the cell named `name`, if a move has it.
    pub fn index(&self, name: &str) -> Option<u32> {
        self.names.iter().position(|n| n == name).map(|i| i as u32)
    }
}

/// What the server knows of the current position, each part computed when first asked.
pub(super) struct Listing {
    /// The legal moves and the outcome: kept only for the [`super::MAX_LISTINGS`] positions last
    /// asked about, in any game (Triagonal's 11,660 moves with their cells take megabytes),
    /// computed again when asked again.
    pub heavy: Mutex<Option<Heavy>>,
    /// The game's state as JSON, full and brief (`?brief`), without the `thinking` and
    /// `computer` fields: forgotten with the legal moves (a Triagonal state is 95 KB, its
    /// brief state with the moves' texts more), computed again when asked again.
    pub state: Mutex<[Option<Arc<String>>; 2]>,
}

/// The legal moves of a position (within the question's budget) and its outcome.
pub(super) struct Heavy {
    /// The moves' texts and the status.
    pub survey: Survey,
    /// The legal moves with their cells, once asked (the page's questions).
    pub moves: Option<Clickable>,
}

/// The computer thinking in a game: the game is out of its entry meanwhile.
pub(super) struct Thinking {
    /// Set to stop the search (its move is then not played).
    pub cancel: Arc<AtomicBool>,
    /// When it started.
    pub since: Instant,
    /// The time it was given, in milliseconds.
    pub time_ms: u64,
    /// The game's state, full and brief, as it was when the search began (answered while
    /// it runs).
    pub state: [Arc<String>; 2],
}

/// A game the server keeps.
pub(super) struct Entry {
    pub id: String,
    /// The game; `None` while the computer thinks on it (the state as last computed is
    /// then still answered), or while it is frozen.
    pub game: Option<Box<dyn DynGame + Send>>,
    /// The game frozen to its moves, when it has not been used for a while (a game keeps
    /// every position of its history: a Triagonal position is about 700 bytes); made again
    /// from them when next needed ([`Entry::thaw`]).
    pub frozen: Option<Snapshot>,
    /// The position it started from, if not the standard start (for its record).
    pub start_position: Option<String>,
    /// The side that made each move played, for the count of moves in the current turn.
    pub sides: Vec<Color>,
    /// The current position's legal moves and state, once computed.
    pub listing: Option<Arc<Listing>>,
    /// The computer's search under way, if any.
    pub thinking: Option<Thinking>,
    /// The last computer move's search (`{"move", "score", "depth", "nodes", "time_ms"}`),
    /// or the reason it failed, until the next move.
    pub computer: Option<Value>,
    /// The stop flags of the game's analyses (of a position, of the graph) last started:
    /// a new one of the same kind stops the old one.
    pub analyses: [Option<Arc<AtomicBool>>; 2],
}

impl Entry {
    /// Makes a frozen game again from its moves (each proven when first played), or
    /// answers 500 if it cannot be (a bug).
    pub fn thaw(&mut self) -> Result<(), Reply> {
        if let Some(frozen) = &self.frozen {
            let game = copy_game(frozen, frozen.moves.len())
                .map_err(|e| Reply::error(500, format!("cannot restore the game: {e}")))?;
            self.game = Some(game);
            self.frozen = None;
        }
        Ok(())
    }

    /// Freezes the game to its moves (not while the computer thinks on it).
    fn freeze(&mut self) {
        if self.thinking.is_some() {
            return;
        }
        if let Some(game) = self.game.take() {
            self.frozen = Some(Snapshot {
                id: self.id.clone(),
                variant: game.variant(),
                rules: game.rules_name(),
                start: self.start_position.clone(),
                moves: game.moves_played(),
            });
        }
    }

    /// Notes a move just played by `side` (what was computed of the position is out of
    /// date).
    pub fn played(&mut self, side: Color) {
        self.sides.push(side);
        self.listing = None;
        self.computer = None;
    }
}

/// A game's slot in the store.
pub(super) type Slot = Arc<GameLock<Entry>>;

struct Games {
    map: HashMap<String, (u64, Slot)>,
    max: usize,
}

/// Everything the server holds.
pub(super) struct State {
    games: Mutex<Games>,
    clock: AtomicU64,
    /// The searches running.
    pub searches: AtomicUsize,
    /// The engines kept between searches.
    pub pool: Pool,
    /// The analyses' slots ([`super::MAX_ANALYSES`]).
    pub analyses: Arc<tokio::sync::Semaphore>,
    /// The games last asked for, least recent first: past [`MAX_LIVE`] the least recent
    /// is frozen to its moves.
    live: Mutex<VecDeque<Slot>>,
    ids: std::collections::hash_map::RandomState,
}

impl State {
    /// An empty store keeping at most `max_games` games.
    pub fn new(max_games: usize) -> State {
        State {
            games: Mutex::new(Games {
                map: HashMap::new(),
                max: max_games,
            }),
            clock: AtomicU64::new(0),
            searches: AtomicUsize::new(0),
            pool: Pool::default(),
            analyses: Arc::new(tokio::sync::Semaphore::new(super::MAX_ANALYSES)),
            live: Mutex::new(VecDeque::new()),
            ids: std::collections::hash_map::RandomState::new(),
        }
    }

    /// Keeps a new game, forgetting the least recently used one if there are too many.
    pub fn keep(&self, entry: Entry) {
        let mut games = lock(&self.games);
        if games.map.len() >= games.max {
            if let Some(oldest) = games
                .map
                .iter()
                .min_by_key(|(_, (used, _))| *used)
                .map(|(id, _)| id.clone())
            {
                games.map.remove(&oldest);
            }
        }
        let used = self.clock.fetch_add(1, Ordering::Relaxed);
        let id = entry.id.clone();
        let slot = Arc::new(GameLock::new(entry));
        games.map.insert(id, (used, Arc::clone(&slot)));
        drop(games);
        self.touch(&slot);
    }

    /// Notes game `slot` as just asked for; past [`MAX_LIVE`] such games, freezes the least
    /// recently asked for that is free (not locked by a request, the computer not thinking
    /// on it) to its moves.
    fn touch(&self, slot: &Slot) {
        let mut live = lock(&self.live);
        if let Some(at) = live.iter().position(|s| Arc::ptr_eq(s, slot)) {
            live.remove(at);
        }
        live.push_back(Arc::clone(slot));
        let mut tries = live.len();
        while live.len() > MAX_LIVE && tries > 0 {
            tries -= 1;
            let Some(oldest) = live.pop_front() else {
                break;
            };
            let frozen = match oldest.try_lock() {
                Ok(mut entry) if entry.thinking.is_none() => {
                    entry.freeze();
                    true
                }
                _ => false,
            };
            if !frozen {
                live.push_back(oldest);
            }
        }
    }

    /// A new game id: 16 hex digits no client can guess.
    pub fn new_id(&self) -> String {
        let mut hasher = self.ids.build_hasher();
        hasher.write_u64(self.clock.fetch_add(1, Ordering::Relaxed));
        hasher.write_u128(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos())
                .unwrap_or(0),
        );
        format!("{:016x}", hasher.finish())
    }

    /// Game `id`, marked as just used.
    pub fn find(&self, id: &str) -> Option<Slot> {
        let mut games = lock(&self.games);
        let used = self.clock.fetch_add(1, Ordering::Relaxed);
        let (last, entry) = games.map.get_mut(id)?;
        *last = used;
        Some(Arc::clone(entry))
    }

    /// Game `id`, locked for this request: waits (holding no thread) while another request
    /// of the same game is worked on, at most [`GAME_WAIT`]; 404 for an unknown game.
    pub async fn lock_game(&self, id: &str) -> Result<OwnedMutexGuard<Entry>, Reply> {
        let slot = self.find(id).ok_or_else(|| unknown_game(id))?;
        self.touch(&slot);
        tokio::time::timeout(GAME_WAIT, slot.lock_owned())
            .await
            .map_err(|_| {
                Reply::error(
                    503,
                    format!(
                        "game `{}` is busy with another request: try again shortly",
                        excerpt(id)
                    ),
                )
            })
    }
}

/// The answer for a game the server does not have.
pub(super) fn unknown_game(id: &str) -> Reply {
    Reply::error(
        404,
        format!("no game `{}` (it may have been forgotten: the server keeps the most recently used games)", excerpt(id)),
    )
}
