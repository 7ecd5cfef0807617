//! Running `chimera serve` on a free port of 127.0.0.1, and asking its JSON API.
#![allow(dead_code)]

use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running `chimera serve`, stopped when dropped.
pub struct Server {
    child: Child,
    /// One client for every request, keeping its connections open between them (as a
    /// browser does).
    agent: ureq::Agent,
    /// `http://127.0.0.1:PORT`.
    pub base: String,
}

impl Server {
    /// Starts `chimera serve --port 0 ARGS` and reads the address it prints.
    pub fn start(args: &[&str]) -> Server {
        Server::start_with_env(args, &[])
    }

    /// As [`Server::start`], with these environment variables set for the server.
    pub fn start_with_env(args: &[&str], env: &[(&str, &str)]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chimera"))
            .args(["serve", "--port", "0"])
            .args(args)
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("chimera serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("piped"))
            .read_line(&mut line)
            .expect("chimera serve prints its address");
        let start = line.find("http://").expect("an address");
        let base = line[start..]
            .split_whitespace()
            .next()
            .expect("an address")
            .trim_end_matches('/')
            .to_string();
        Server {
            child,
            base,
            agent: agent(),
        }
    }

    /// `GET path`: the status and the JSON answer.
    pub fn get(&self, path: &str) -> (u16, Value) {
        answer(self.agent.get(&format!("{}{path}", self.base)).call())
    }

    /// `POST path` with a JSON body: the status and the JSON answer.
    pub fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        answer(
            self.agent
                .post(&format!("{}{path}", self.base))
                .send_json(body),
        )
    }

    /// `POST path` with a raw body.
    pub fn post_raw(&self, path: &str, body: &[u8]) -> (u16, Value) {
        answer(
            self.agent
                .post(&format!("{}{path}", self.base))
                .set("Content-Type", "application/json")
                .send_bytes(body),
        )
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A client with timeouts: no test waits for ever.
pub fn agent() -> ureq::Agent {
    ureq::AgentBuilder::new()
        .timeout(Duration::from_secs(60))
        .max_idle_connections(400)
        .max_idle_connections_per_host(400)
        .build()
}

/// The status and JSON of an answer, error statuses included.
pub fn answer(result: Result<ureq::Response, ureq::Error>) -> (u16, Value) {
    let response = match result {
        Ok(r) => r,
        Err(ureq::Error::Status(_, r)) => r,
        Err(e) => panic!("request failed: {e}"),
    };
    let status = response.status();
    let text = response.into_string().expect("a readable answer");
    let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (status, value)
}
