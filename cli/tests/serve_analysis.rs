//! `chimera serve`'s analysis through the real binary on 127.0.0.1: the engine's findings on
//! a position streamed as server-sent events as it deepens (`…/analysis`), the score graph
//! over a game (`…/graph`), their budgets, their cap, their cancellation when the client
//! leaves or asks again, bad requests answered 4xx; and a game given back after a panic in
//! its search.

use crate::common::server;

use serde_json::{json, Value};
use server::Server;
use std::io::{BufRead, BufReader, Read};
use std::time::{Duration, Instant};

/// An open stream of server-sent events.
struct Stream {
    lines: BufReader<Box<dyn Read + Send + Sync>>,
}

impl Stream {
    /// `GET path` as a stream: its status, and the stream if 200 (else the error's JSON).
    fn open(server: &Server, path: &str) -> Result<Stream, (u16, Value)> {
        let agent = ureq::AgentBuilder::new()
            .timeout_read(Duration::from_secs(30))
            .build();
        match agent.get(&format!("{}{path}", server.base)).call() {
            Ok(response) => {
                assert_eq!(response.content_type(), "text/event-stream");
                Ok(Stream {
                    lines: BufReader::new(response.into_reader()),
                })
            }
            Err(ureq::Error::Status(status, response)) => {
                let text = response.into_string().unwrap_or_default();
                Err((status, serde_json::from_str(&text).unwrap_or(json!(text))))
            }
            Err(e) => panic!("request failed: {e}"),
        }
    }

    /// The next event's data, or `None` at the end of the stream.
    fn next(&mut self) -> Option<Value> {
        let mut line = String::new();
        loop {
            line.clear();
            if self.lines.read_line(&mut line).ok()? == 0 {
                return None;
            }
            if let Some(data) = line.strip_prefix("data: ") {
                return Some(serde_json::from_str(data.trim()).expect("an event's JSON"));
            }
        }
    }

    /// Every event up to and including the one with `"done": true`.
    fn all(&mut self) -> Vec<Value> {
        let mut events = Vec::new();
        while let Some(event) = self.next() {
            let done = event["done"] == json!(true);
            events.push(event);
            if done {
                return events;
            }
        }
        panic!("the stream ended without a last event: {events:?}");
    }
}

fn new_game(server: &Server, variant: &str, moves: &str) -> String {
    let (status, state) = server.post(
        "/api/games?brief",
        &json!({ "variant": variant, "moves": moves }),
    );
    assert_eq!(status, 201, "{state}");
    state["id"].as_str().unwrap().to_string()
}

fn legal_moves(server: &Server, id: &str, ply: Option<usize>) -> Vec<String> {
    let state = match ply {
        None => server.get(&format!("/api/games/{id}?brief")).1,
        Some(ply) => {
            // The position after `ply` moves, as a new game from the same moves.
            let (_, full) = server.get(&format!("/api/games/{id}?brief"));
            let moves: Vec<&str> = full["moves_played"].as_array().unwrap()[..ply]
                .iter()
                .map(|m| m.as_str().unwrap())
                .collect();
            let variant = full["variant"].as_str().unwrap();
            let copy = new_game(server, variant, &moves.join(" "));
            server.get(&format!("/api/games/{copy}?brief")).1
        }
    };
    state["legal_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn analysis_streams_its_findings_as_the_search_deepens_within_its_budget() {
    let server = Server::start(&[]);
    let id = new_game(&server, "chess", "e2e4 e7e5");
    let legal = legal_moves(&server, &id, None);
    let start = Instant::now();
    let mut stream = Stream::open(&server, &format!("/api/games/{id}/analysis?time_ms=1500"))
        .expect("the analysis starts");
    let events = stream.all();
    let elapsed = start.elapsed();
    assert!(
        elapsed < Duration::from_secs(6),
        "{elapsed:?}: over its budget"
    );
    assert!(events.len() >= 3, "an event per iteration: {events:?}");
    let mut depth = 0;
    for event in &events {
        assert_eq!(event["ply"], 2, "{event}");
        let d = event["depth"].as_u64().expect("a depth");
        assert!(d >= depth, "the depth only grows: {events:?}");
        depth = d;
        let best = event["best"].as_str().expect("a best move");
        assert!(legal.iter().any(|m| m == best), "{best} is legal");
        assert_eq!(event["pv"][0], best, "the line starts with the best move");
        let white = event["white"].as_f64().expect("White's chances");
        assert!((-1.0..=1.0).contains(&white), "{white}");
        assert!(
            event["score"].as_str().unwrap().contains("White")
                || event["score"].as_str().unwrap().contains("wins")
        );
        // The arrow: the best move's clicks, from its cell to its destination.
        let arrow = event["arrow"].as_array().expect("the arrow's cells");
        assert_eq!(arrow.len(), 2, "{event}");
        assert_eq!(
            format!(
                "{}{}",
                arrow[0][0].as_str().unwrap(),
                arrow[1][0].as_str().unwrap()
            ),
            best[..4]
        );
    }
    assert!(depth >= 4, "1.5 s reaches depth 4 in chess: {depth}");
    let last = events.last().unwrap();
    assert_eq!(last["cancelled"], false, "{last}");
    assert!(
        stream.next().is_none(),
        "the stream ends after its last event"
    );
}

#[test]
fn analysis_works_in_every_variant_and_on_an_earlier_position() {
    let server = Server::start(&[]);
    let (_, variants) = server.get("/api/variants");
    for variant in variants["variants"].as_array().unwrap() {
        let variant = variant["name"].as_str().unwrap();
        let id = new_game(&server, variant, "");
        // Two moves (or actions) on, then the analysis of the start (ply 0) and of now.
        for _ in 0..2 {
            let first = legal_moves(&server, &id, None)[0].clone();
            let (status, after) =
                server.post(&format!("/api/games/{id}/move"), &json!({ "move": first }));
            assert_eq!(status, 200, "{variant}: {after}");
        }
        for ply in [Some(0), None] {
            let legal = legal_moves(&server, &id, ply);
            let query = ply.map(|p| format!("&ply={p}")).unwrap_or_default();
            let mut stream = Stream::open(
                &server,
                &format!("/api/games/{id}/analysis?time_ms=400{query}"),
            )
            .unwrap_or_else(|e| panic!("{variant}: {e:?}"));
            let events = stream.all();
            let last = events.last().unwrap();
            let best = last["best"]
                .as_str()
                .unwrap_or_else(|| panic!("{variant}: {last}"));
            assert!(legal.iter().any(|m| m == best), "{variant} {ply:?}: {best}");
            assert_eq!(last["ply"], ply.unwrap_or(2), "{variant}");
        }
    }
}

#[test]
fn analysis_of_a_finished_game_says_so() {
    let server = Server::start(&[]);
    let id = new_game(&server, "chess", "f2f3 e7e5 g2g4 d8h4");
    let events = Stream::open(&server, &format!("/api/games/{id}/analysis"))
        .unwrap()
        .all();
    assert_eq!(events.len(), 1, "{events:?}");
    assert!(
        events[0]["over"].as_str().unwrap().contains("black wins"),
        "{events:?}"
    );
    assert_eq!(events[0]["white"], -1.0);
}

#[test]
fn a_new_analysis_of_the_same_game_stops_the_old_one() {
    let server = Server::start(&[]);
    let id = new_game(&server, "turtle-shell", "");
    let mut first =
        Stream::open(&server, &format!("/api/games/{id}/analysis?time_ms=60000")).unwrap();
    assert!(first.next().is_some(), "the first analysis has begun");
    let asked = Instant::now();
    let mut second = Stream::open(
        &server,
        &format!("/api/games/{id}/analysis?time_ms=500&ply=0"),
    )
    .unwrap();
    let rest = first.all();
    assert!(
        asked.elapsed() < Duration::from_secs(10),
        "stopped at once: {:?}",
        asked.elapsed()
    );
    assert_eq!(rest.last().unwrap()["cancelled"], true, "{rest:?}");
    let events = second.all();
    assert_eq!(events.last().unwrap()["ply"], 0);
}

#[test]
fn analyses_are_capped_and_stop_when_their_client_leaves() {
    let server = Server::start(&[]);
    // Four analyses of a minute each fill the slots.
    let mut open = Vec::new();
    for _ in 0..4 {
        let id = new_game(&server, "turret", "");
        let mut stream =
            Stream::open(&server, &format!("/api/games/{id}/analysis?time_ms=60000")).unwrap();
        assert!(stream.next().is_some());
        open.push(stream);
    }
    let id = new_game(&server, "turret", "");
    let path = format!("/api/games/{id}/analysis?time_ms=300");
    let (status, body) = Stream::open(&server, &path)
        .err()
        .expect("a fifth is refused");
    assert_eq!(status, 429, "{body}");
    // Unrelated requests are still answered at once.
    let start = Instant::now();
    let (status, _) = server.get("/api/variants");
    assert_eq!(status, 200);
    assert!(start.elapsed() < Duration::from_secs(2));
    // Two clients leave: their searches stop, and their slots are free again.
    open.truncate(2);
    let start = Instant::now();
    let events = loop {
        match Stream::open(&server, &path) {
            Ok(mut stream) => break stream.all(),
            Err((429, _)) if start.elapsed() < Duration::from_secs(10) => continue,
            Err(e) => panic!("{e:?}"),
        }
    };
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );
    assert!(events.last().unwrap()["best"].is_string(), "{events:?}");
}

#[test]
fn the_graph_evaluates_every_position_of_the_game_in_order() {
    let server = Server::start(&[]);
    let id = new_game(&server, "chess", "e2e4 e7e5 g1f3 b8c6");
    let events = Stream::open(&server, &format!("/api/games/{id}/graph?nodes=3000"))
        .unwrap()
        .all();
    let plies: Vec<u64> = events.iter().filter_map(|e| e["ply"].as_u64()).collect();
    assert_eq!(plies, [0, 1, 2, 3, 4], "{events:?}");
    for event in &events[..5] {
        let white = event["white"].as_f64().unwrap_or_else(|| panic!("{event}"));
        assert!((-1.0..=1.0).contains(&white));
        assert!(event["nodes"].as_u64().unwrap() <= 3000 + 100, "{event}");
    }
    assert_eq!(
        events.last().unwrap(),
        &json!({ "done": true, "complete": true })
    );
    // From a ply on: only the positions from it.
    let events = Stream::open(&server, &format!("/api/games/{id}/graph?nodes=2000&from=3"))
        .unwrap()
        .all();
    let plies: Vec<u64> = events.iter().filter_map(|e| e["ply"].as_u64()).collect();
    assert_eq!(plies, [3, 4]);
}

#[test]
fn bad_analysis_requests_get_a_clean_4xx() {
    let server = Server::start(&[]);
    let id = new_game(&server, "turret", "e2e4");
    for (path, want) in [
        (format!("/api/games/{id}/analysis?ply=x"), 400),
        (format!("/api/games/{id}/analysis?ply=-1"), 400),
        (format!("/api/games/{id}/analysis?ply=2"), 422),
        (format!("/api/games/{id}/analysis?time_ms=0"), 400),
        (format!("/api/games/{id}/analysis?time_ms=60001"), 400),
        (
            format!("/api/games/{id}/analysis?time_ms=99999999999999999999999"),
            400,
        ),
        ("/api/games/0123456789abcdef/analysis".to_string(), 404),
        (format!("/api/games/{id}/graph?nodes=0"), 400),
        (format!("/api/games/{id}/graph?nodes=1000001"), 400),
        (format!("/api/games/{id}/graph?from=9"), 422),
    ] {
        let (status, body) = Stream::open(&server, &path)
            .err()
            .unwrap_or_else(|| panic!("{path}: 200"));
        assert_eq!(status, want, "{path}: {body}");
        assert!(body["error"].is_string(), "{path}: {body}");
    }
    let (status, body) = server.post(&format!("/api/games/{id}/analysis"), &json!({}));
    assert_eq!(status, 405, "{body}");
    // Nothing changed the game.
    let (_, state) = server.get(&format!("/api/games/{id}?brief"));
    assert_eq!(state["moves_played"], json!(["e2e4"]));
}

#[test]
fn a_panic_in_a_search_gives_the_game_back() {
    // CHIMERA_SERVE_PANIC_TEST=search makes every computer move panic once found, where a
    // bug in a variant crate playing the move would.
    let server = Server::start_with_env(&[], &[("CHIMERA_SERVE_PANIC_TEST", "search")]);
    let id = new_game(&server, "turret", "e2e4");
    // More panics than there are search slots: each slot is given back too.
    for _ in 0..3 {
        let (status, body) = server.post(
            &format!("/api/games/{id}/computer"),
            &json!({ "time_ms": 50 }),
        );
        assert_eq!(status, 500, "{body}");
        let (status, state) = server.get(&format!("/api/games/{id}?brief"));
        assert_eq!(status, 200, "{state}");
        assert!(state["thinking"].is_null(), "{state}");
        assert_eq!(state["moves_played"], json!(["e2e4"]), "the game as it was");
    }
    let (status, state) = server.post(&format!("/api/games/{id}/move"), &json!({ "move": "e7e5" }));
    assert_eq!(status, 200, "a move is played, not 409: {state}");
    assert_eq!(state["moves_played"], json!(["e2e4", "e7e5"]));
}

#[test]
fn a_game_frozen_to_its_moves_is_analysed_from_them() {
    // Past the 32 games last asked for, a game is kept as its moves: its analysis and its
    // graph are made from them.
    let server = Server::start(&[]);
    let id = new_game(&server, "chess", "e2e4 e7e5 g1f3");
    let legal = legal_moves(&server, &id, None);
    for _ in 0..40 {
        new_game(&server, "turret", "");
    }
    let events = Stream::open(&server, &format!("/api/games/{id}/analysis?time_ms=300"))
        .unwrap()
        .all();
    let last = events.last().unwrap();
    assert_eq!(last["ply"], 3, "{last}");
    assert!(
        legal.iter().any(|m| m == last["best"].as_str().unwrap()),
        "{last}"
    );
    let events = Stream::open(&server, &format!("/api/games/{id}/graph?nodes=500&from=2"))
        .unwrap()
        .all();
    let plies: Vec<u64> = events.iter().filter_map(|e| e["ply"].as_u64()).collect();
    assert_eq!(plies, [2, 3]);
}

#[test]
fn whole_answers_say_their_length_and_streams_are_chunked() {
    let server = Server::start(&[]);
    let response = ureq::get(&format!("{}/api/variants", server.base))
        .call()
        .unwrap();
    let length: usize = response
        .header("content-length")
        .expect("a Content-Length")
        .parse()
        .unwrap();
    assert_eq!(length, response.into_string().unwrap().len());
    let id = new_game(&server, "turret", "");
    let response = ureq::get(&format!(
        "{}/api/games/{id}/analysis?time_ms=100",
        server.base
    ))
    .call()
    .unwrap();
    assert!(response.header("content-length").is_none());
    assert_eq!(response.header("transfer-encoding"), Some("chunked"));
    assert_eq!(response.header("cache-control"), Some("no-store"));
}
