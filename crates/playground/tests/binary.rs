//! The binary: listens on loopback by default, prints its URL, answers over a real TCP connection,
//! and refuses a bad flag.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts the binary on a free port; returns it and the address it printed.
fn start(args: &[&str]) -> (Server, String) {
    start_with(args, Stdio::null())
}

/// [`start`], with its standard error going to `stderr`.
fn start_with(args: &[&str], stderr: Stdio) -> (Server, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_playground"))
        .args(["--port", "0"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("the binary starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let server = Server(child);
    let url = line.trim().strip_prefix("playground: ").unwrap_or_else(|| panic!("no URL line: {line:?}"));
    let address =
        url.strip_prefix("http://").and_then(|a| a.strip_suffix('/')).expect("http://ADDR/").to_string();
    (server, address)
}

/// One raw HTTP/1.1 request; returns the status line and the body.
fn request(address: &str, method: &str, path: &str, body: &str) -> (String, String) {
    request_as(address, address, None, method, path, body)
}

/// [`request`] with its own `Host` and `Origin`.
fn request_as(
    address: &str,
    host: &str,
    origin: Option<&str>,
    method: &str,
    path: &str,
    body: &str,
) -> (String, String) {
    let mut stream = TcpStream::connect(address).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let origin = origin.map(|o| format!("Origin: {o}\r\n")).unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\n{origin}Connection: close\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let status = response.lines().next().unwrap_or("").to_string();
    let body = response.split_once("\r\n\r\n").map(|(_, b)| b.to_string()).unwrap_or_default();
    (status, body)
}

#[test]
fn listens_on_loopback_and_prints_its_url() {
    let (_server, address) = start(&[]);
    assert!(address.starts_with("127.0.0.1:"), "{address}");
    let (status, body) = request(&address, "GET", "/api/games", "");
    assert_eq!(status, "HTTP/1.1 200 OK");
    let json: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(json["games"].as_array().unwrap().len(), 4);
    let (status, body) = request(&address, "GET", "/", "");
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert!(body.contains("<title>"));
    let (status, _) = request(&address, "GET", "/nope", "");
    assert_eq!(status, "HTTP/1.1 404 Not Found");
}

#[test]
fn flags_set_the_caps() {
    let (_server, address) = start(&[
        "--max-solves",
        "3",
        "--time-limit-ms",
        "1234",
        "--max-body-bytes",
        "100",
        "--king-max-cells",
        "9",
    ]);
    let (_, body) = request(&address, "GET", "/api/games", "");
    let json: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        json["server"],
        serde_json::json!({"max_body_bytes": 100, "max_solves": 3, "time_limit_ms": 1234})
    );
    assert_eq!(json["games"][3]["limits"][0]["value"], 9);
    let big = format!("{{\"position\": \"{}\"}}", "x".repeat(200));
    let (status, body) = request(&address, "POST", "/api/edmonds-blossom/query", &big);
    assert_eq!(status, "HTTP/1.1 413 Payload Too Large");
    assert_eq!(body, r#"{"error":"the request body exceeds the limit of 100 bytes"}"#);
}

#[test]
fn a_bad_flag_is_a_usage_error() {
    let status = Command::new(env!("CARGO_BIN_EXE_playground"))
        .args(["--bind", "not-an-address"])
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(2));
}

/// Sends `signal` to the server and waits (at most 10 s) for it to exit; returns its exit code.
fn stop(server: &mut Server, signal: &str) -> Option<i32> {
    let pid = server.0.id().to_string();
    assert!(Command::new("kill").args([signal, &pid]).status().unwrap().success());
    let start = std::time::Instant::now();
    loop {
        if let Some(status) = server.0.try_wait().unwrap() {
            return status.code();
        }
        assert!(start.elapsed() < Duration::from_secs(10), "the server did not stop");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn sigterm_and_ctrl_c_shut_down_gracefully_and_every_request_is_logged() {
    for signal in ["-TERM", "-INT"] {
        let (mut server, address) = start_with(&[], Stdio::piped());
        let (status, _) = request(&address, "GET", "/api/games", "");
        assert_eq!(status, "HTTP/1.1 200 OK");
        let (status, _) = request(&address, "POST", "/api/nope/query", "{}");
        assert_eq!(status, "HTTP/1.1 404 Not Found");
        // An idle connection does not hold the shutdown back.
        let _idle = TcpStream::connect(&address).unwrap();
        assert_eq!(stop(&mut server, signal), Some(0), "{signal}");
        let mut log = String::new();
        server.0.stderr.take().unwrap().read_to_string(&mut log).unwrap();
        let lines: Vec<&str> = log.lines().collect();
        assert_eq!(lines.len(), 2, "{log}");
        // METHOD path status bytes duration
        let words: Vec<&str> = lines[0].split(' ').collect();
        assert_eq!(words[..3], ["GET", "/api/games", "200"], "{log}");
        assert!(words[3].parse::<u64>().unwrap() > 100, "{log}");
        assert_eq!(words[4], "B");
        assert!(words[5].parse::<f64>().is_ok() && words[6] == "ms", "{log}");
        assert!(lines[1].starts_with("POST /api/nope/query 404 "), "{log}");
    }
}

#[test]
fn quiet_writes_no_log() {
    let (mut server, address) = start_with(&["--quiet"], Stdio::piped());
    let (status, _) = request(&address, "GET", "/api/games", "");
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert_eq!(stop(&mut server, "-TERM"), Some(0));
    let mut log = String::new();
    server.0.stderr.take().unwrap().read_to_string(&mut log).unwrap();
    assert_eq!(log, "");
}

#[test]
fn host_and_origin_must_name_the_server_or_an_allowed_origin() {
    let (_server, address) = start(&["--allow-origin", "http://games.example:8000"]);
    let port = address.rsplit_once(':').unwrap().1;
    let localhost = format!("localhost:{port}");
    let own = format!("http://{address}");
    for (host, origin) in [
        (address.as_str(), None),
        (localhost.as_str(), Some(format!("http://{localhost}"))),
        (address.as_str(), Some(own.clone())),
        ("games.example:8000", Some("http://games.example:8000".to_string())),
    ] {
        let (status, _) = request_as(&address, host, origin.as_deref(), "GET", "/api/games", "");
        assert_eq!(status, "HTTP/1.1 200 OK", "{host} {origin:?}");
    }
    for (host, origin) in [
        ("evil.example", None),
        ("games.example:8000", Some("http://evil.example")),
        (address.as_str(), Some("http://games.example:8001")),
    ] {
        let (status, body) = request_as(&address, host, origin, "GET", "/api/games", "");
        assert_eq!(status, "HTTP/1.1 403 Forbidden", "{host} {origin:?}");
        assert!(body.starts_with("{\"error\":"), "{body}");
    }
    let (status, _) = request_as(&address, &address, None, "POST", "/api/edmonds-blossom/query", "x");
    assert_eq!(status, "HTTP/1.1 400 Bad Request");
}

#[test]
fn a_standard_error_nobody_reads_or_a_closed_one_never_stops_the_server() {
    // A pipe nobody reads: it fills after about 2,000 log lines; the lines beyond are dropped.
    let (server, address) = start_with(&[], Stdio::piped());
    for i in 0..4000 {
        let (status, _) = request(&address, "GET", "/api/status", "");
        assert_eq!(status, "HTTP/1.1 200 OK", "request {i}");
    }
    drop(server);
    // A pipe whose reader has gone: every write fails, and is ignored.
    let (mut server, address) = start_with(&[], Stdio::piped());
    drop(server.0.stderr.take());
    for i in 0..200 {
        let (status, _) = request(&address, "GET", "/api/status", "");
        assert_eq!(status, "HTTP/1.1 200 OK", "request {i}");
    }
    assert_eq!(stop(&mut server, "-TERM"), Some(0));
}
