//! The server's settings ([`Config`]) and the `Host` names of a listening address.

use std::time::Duration;

use crate::games::GameCaps;

/// The server's settings (the binary's flags).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// Largest request body accepted, in bytes (413 beyond, from `Content-Length`).
    pub max_body_bytes: usize,
    /// Most solves running at once (503 beyond).
    pub max_solves: usize,
    /// Solve slots besides those, only for cheap queries ([`Game::is_light`](crate::games::Game::is_light)), so that expensive
    /// solves filling the others cannot starve them. The server has `max_solves + light_solves`
    /// solve threads.
    pub light_solves: usize,
    /// Time limit of one query (504 beyond).
    pub time_limit: Duration,
    /// The `Retry-After` of a 503, in seconds.
    pub retry_after_secs: u64,
    /// The games' size caps.
    pub caps: GameCaps,
    /// Bytes of serialized answers the server holds at once, waiting to be sent (503 beyond).
    pub answer_budget_bytes: usize,
    /// Bytes of request bodies being read at once (503 beyond).
    pub body_budget_bytes: usize,
    /// Time to read a request's body once its headers are in (408 beyond).
    pub body_timeout: Duration,
    /// The `Host` values accepted (`host:port`, compared without case); anything else is 403.
    pub allowed_hosts: Vec<String>,
    /// The `Origin` values accepted (`http://host:port`); a request with another `Origin` is 403.
    /// A request without `Origin` (not sent by a browser on its own behalf) passes.
    pub allowed_origins: Vec<String>,
    /// Whether to write one line per request to standard error.
    pub log_requests: bool,
    /// Bytes of recent answers kept (keys and answers; 0: none).
    pub cache_bytes: usize,
    /// How long a recent answer is kept.
    pub cache_ttl: Duration,
}

impl Default for Config {
    /// The binary's defaults, for a server on `127.0.0.1:8080`.
    fn default() -> Config {
        let address = std::net::SocketAddr::from(([127, 0, 0, 1], 8080));
        let hosts = loopback_hosts(address);
        Config {
            max_body_bytes: 1 << 20,
            max_solves: std::thread::available_parallelism().map_or(2, |n| n.get()),
            light_solves: 1,
            time_limit: Duration::from_secs(10),
            retry_after_secs: 1,
            caps: GameCaps::default(),
            answer_budget_bytes: 64 << 20,
            body_budget_bytes: 16 << 20,
            body_timeout: Duration::from_secs(10),
            allowed_origins: hosts.iter().map(|h| format!("http://{h}")).collect(),
            allowed_hosts: hosts,
            log_requests: false,
            cache_bytes: 32 << 20,
            cache_ttl: Duration::from_secs(60),
        }
    }
}

/// The `Host` values that name the server listening on `address`: `ip:port`, and `localhost:port`
/// for a loopback address (the bare names too on port 80).
pub fn loopback_hosts(address: std::net::SocketAddr) -> Vec<String> {
    let port = address.port();
    let ip = match address.ip() {
        std::net::IpAddr::V4(ip) => ip.to_string(),
        std::net::IpAddr::V6(ip) => format!("[{ip}]"),
    };
    let mut names = vec![ip];
    if address.ip().is_loopback() {
        names.push("localhost".into());
    }
    let mut hosts: Vec<String> = names.iter().map(|n| format!("{n}:{port}")).collect();
    if port == 80 {
        hosts.extend(names);
    }
    hosts
}
