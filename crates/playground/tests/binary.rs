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
    let mut child = Command::new(env!("CARGO_BIN_EXE_playground"))
        .args(["--port", "0"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
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
    let mut stream = TcpStream::connect(address).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\nContent-Type: application/json\r\n\
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
