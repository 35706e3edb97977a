//! The connection loop over real loopback TCP: the connection cap, the header, keep-alive, body
//! and write timeouts, the body cap before `100 Continue`, cancellation when a client goes away,
//! and the graceful shutdown.

use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::time::{Duration, Instant};

use playground::games::mock::Mock;
use playground::games::{self, Game, GameCaps};
use playground::server::loopback_hosts;
use playground::{Config, Limits, router, serve};

/// A server on a free loopback port, run on its own runtime; stopped (gracefully) when dropped.
struct Running {
    address: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Running {
    /// A server of the mock game whose solves take `delay`.
    fn start(delay: Duration, config: Config, limits: Limits) -> Running {
        Running::with_games(vec![Arc::new(Mock::new("mock", delay))], config, limits)
    }

    /// A server of `games`.
    fn with_games(games: Vec<Arc<dyn Game>>, config: Config, limits: Limits) -> Running {
        let (address_tx, address_rx) = std::sync::mpsc::channel();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            let runtime =
                tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
                let address = listener.local_addr().unwrap();
                let hosts = loopback_hosts(address);
                let config = Config {
                    allowed_origins: hosts.iter().map(|h| format!("http://{h}")).collect(),
                    allowed_hosts: hosts,
                    ..config
                };
                address_tx.send(address).unwrap();
                serve(listener, router(games, config), limits, async {
                    let _ = stopped.await;
                })
                .await;
            });
        });
        let address = address_rx.recv().unwrap();
        Running { address, stop: Some(stop), thread: Some(thread) }
    }

    fn connect(&self) -> TcpStream {
        let stream = TcpStream::connect(self.address).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        stream
    }

    /// Stops the server and waits for its loop to return.
    fn stop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            thread.join().unwrap();
        }
    }

    fn request(&self, method: &str, path: &str, body: &str) -> String {
        format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.address,
            body.len()
        )
    }

    fn solves_running(&self) -> u64 {
        let mut stream = self.connect();
        stream.write_all(self.request("GET", "/api/status", "").as_bytes()).unwrap();
        let (status, body) = read_response(&mut stream).expect("a response");
        assert_eq!(status, 200);
        serde_json::from_str::<serde_json::Value>(&body).unwrap()["solves_running"].as_u64().unwrap()
    }

    fn wait_for_running(&self, running: u64) {
        let start = Instant::now();
        while self.solves_running() != running {
            assert!(start.elapsed() < Duration::from_secs(5), "solves_running never became {running}");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// One response: its status and its body (by `Content-Length`); `None` if the connection closed
/// first.
fn read_response(stream: &mut TcpStream) -> Option<(u16, String)> {
    let mut head = Vec::new();
    let mut byte = [0u8];
    while !head.ends_with(b"\r\n\r\n") {
        match stream.read(&mut byte) {
            Ok(1) => head.push(byte[0]),
            _ => return None,
        }
    }
    let head = String::from_utf8(head).unwrap();
    let status = head.split(' ').nth(1)?.parse().ok()?;
    let length = head
        .lines()
        .find_map(|l| l.to_ascii_lowercase().strip_prefix("content-length:").map(|v| v.trim().to_string()))
        .map_or(0, |v| v.parse::<usize>().unwrap());
    let mut body = vec![0; length];
    stream.read_exact(&mut body).ok()?;
    Some((status, String::from_utf8(body).unwrap()))
}

/// Whether the server closed `stream` (end of stream or reset) within `within`.
fn closed_within(stream: &mut TcpStream, within: Duration) -> bool {
    stream.set_read_timeout(Some(within)).unwrap();
    let mut buffer = [0u8; 4096];
    loop {
        match stream.read(&mut buffer) {
            Ok(0) => return true,
            Ok(_) => continue, // e.g. an error response before closing
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => return false,
            Err(_) => return true,
        }
    }
}

fn config() -> Config {
    Config { max_solves: 2, ..Config::default() }
}

#[test]
fn at_the_cap_the_longest_waiting_connection_gives_its_slot_and_served_ones_keep_theirs() {
    let limits = Limits { max_connections: 2, ..Limits::default() };
    let server = Running::start(Duration::from_millis(1500), config(), limits);
    let query = server.request("POST", "/api/mock/query", r#"{"position": "ok"}"#);
    let mut first = server.connect();
    std::thread::sleep(Duration::from_millis(100));
    let mut second = server.connect();
    second.write_all(b"POST /api/mock/query HTTP/1.1\r\nHost: ").unwrap(); // a slow header
    std::thread::sleep(Duration::from_millis(100));
    // The cap is reached: the third takes the slot of the first, which has waited longest.
    let mut third = server.connect();
    assert!(closed_within(&mut first, Duration::from_secs(2)), "the longest waiting one stays open");
    // Then the slow header's, for a fourth.
    third.write_all(query.as_bytes()).unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let mut fourth = server.connect();
    assert!(closed_within(&mut second, Duration::from_secs(2)), "the slow header stays open");
    fourth
        .write_all(server.request("POST", "/api/mock/query", r#"{"position": "ok 2"}"#).as_bytes())
        .unwrap();
    std::thread::sleep(Duration::from_millis(200));
    // Both are served now: a fifth is closed at once, and both get their answers.
    let mut fifth = server.connect();
    let start = Instant::now();
    assert!(closed_within(&mut fifth, Duration::from_secs(3)), "a fifth connection stays open");
    assert!(start.elapsed() < Duration::from_secs(1));
    for stream in [&mut third, &mut fourth] {
        assert_eq!(read_response(stream).map(|(status, _)| status), Some(200));
    }
}

#[test]
fn slow_headers_and_idle_keep_alives_are_closed_after_the_header_timeout() {
    let limits = Limits { header_timeout: Duration::from_millis(300), ..Limits::default() };
    let server = Running::start(Duration::ZERO, config(), limits);
    let mut slow = server.connect();
    slow.write_all(b"GET /api/games HTTP/1.1\r\nHost: ").unwrap();
    let mut idle = server.connect();
    idle.write_all(server.request("GET", "/api/games", "").as_bytes()).unwrap();
    assert_eq!(read_response(&mut idle).map(|(status, _)| status), Some(200));
    let start = Instant::now();
    assert!(closed_within(&mut slow, Duration::from_secs(5)), "a slow header is not cut");
    assert!(closed_within(&mut idle, Duration::from_secs(5)), "an idle keep-alive is not cut");
    assert!(start.elapsed() < Duration::from_secs(4));
}

#[test]
fn a_slow_body_is_408_and_a_refused_body_gets_no_100_continue() {
    let config = Config { body_timeout: Duration::from_millis(300), ..config() };
    let server = Running::start(Duration::ZERO, config, Limits::default());
    let mut slow = server.connect();
    let head = format!(
        "POST /api/mock/query HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n",
        server.address
    );
    slow.write_all(format!("{head}{{\"position\"").as_bytes()).unwrap();
    let (status, body) = read_response(&mut slow).expect("a response");
    assert_eq!(status, 408);
    assert_eq!(body, r#"{"error":"the request body did not arrive within 300 ms"}"#);

    let mut expecting = server.connect();
    let head = format!(
        "POST /api/mock/query HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nExpect: 100-continue\r\n\
         Content-Length: 5000000\r\n\r\n",
        server.address
    );
    expecting.write_all(head.as_bytes()).unwrap();
    let (status, body) = read_response(&mut expecting).expect("a response");
    assert_eq!(status, 413, "the first response is the refusal, not 100 Continue");
    assert_eq!(body, r#"{"error":"the request body exceeds the limit of 1048576 bytes"}"#);
}

#[test]
fn a_client_that_stops_reading_loses_its_answer_after_the_write_timeout() {
    // One 60 MB answer fits the budget, two do not, even with the 36 MB the loopback socket
    // buffers may take of the first (its budget is given back as it is handed over).
    let config = Config { answer_budget_bytes: 70 << 20, ..config() };
    // The timeout leaves a loaded machine the time to make the second 60 MB answer while the first
    // one is still held.
    let limits = Limits { write_timeout: Duration::from_secs(8), ..Limits::default() };
    let server = Running::start(Duration::ZERO, config, limits);
    let request = server.request("POST", "/api/mock/query", r#"{"position": "size 60000000"}"#);
    let mut unread = server.connect();
    unread.write_all(request.as_bytes()).unwrap();
    // Its answer is made once its first bytes arrive (however loaded the machine), and then stuck
    // in the socket: nothing more is read from it.
    unread.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    unread.peek(&mut [0u8; 1]).expect("the answer's first bytes");
    // While it is held, a second answer is refused; once the write timed out, it is served.
    let start = Instant::now();
    let mut refused = false;
    loop {
        let mut reader = server.connect();
        reader.write_all(request.as_bytes()).unwrap();
        let (status, body) = read_response(&mut reader).expect("a response");
        if status == 200 {
            assert_eq!(body.len(), 60_000_000 + r#"{"game":"mock","pad":""}"#.len());
            break;
        }
        assert_eq!(status, 503, "{body}");
        refused = true;
        assert!(start.elapsed() < Duration::from_secs(30), "the unread answer is never dropped");
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(refused, "the unread answer held no budget");
    drop(unread);
}

#[test]
fn a_client_that_reads_too_slowly_is_closed() {
    // A 30 MB answer read at about 640 KiB/s, under a floor of 1 MiB/s averaged over 1 s.
    let config = Config { answer_budget_bytes: 40 << 20, ..config() };
    let limits = Limits { min_write_rate: 1 << 20, rate_window: Duration::from_secs(1), ..Limits::default() };
    let server = Running::start(Duration::ZERO, config, limits);
    let mut slow = server.connect();
    slow.write_all(server.request("POST", "/api/mock/query", r#"{"position": "size 30000000"}"#).as_bytes())
        .unwrap();
    let start = Instant::now();
    let mut received = 0;
    let mut buffer = vec![0u8; 64 << 10];
    loop {
        match slow.read(&mut buffer) {
            Ok(0) | Err(_) => break,
            Ok(n) => received += n,
        }
        assert!(start.elapsed() < Duration::from_secs(30), "never closed ({received} bytes read)");
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(received < 30_000_000, "the whole answer was sent ({received} bytes)");
    // A client that reads at full speed gets the same answer whole.
    let mut fast = server.connect();
    fast.write_all(server.request("POST", "/api/mock/query", r#"{"position": "size 30000000"}"#).as_bytes())
        .unwrap();
    let (status, body) = read_response(&mut fast).expect("a response");
    assert_eq!((status, body.len()), (200, 30_000_000 + r#"{"game":"mock","pad":""}"#.len()));
}

#[test]
fn a_client_that_goes_away_cancels_its_solve() {
    let server = Running::start(Duration::from_secs(30), config(), Limits::default());
    let mut client = server.connect();
    client.write_all(server.request("POST", "/api/mock/query", r#"{"position": "ok"}"#).as_bytes()).unwrap();
    server.wait_for_running(1);
    drop(client);
    let start = Instant::now();
    server.wait_for_running(0);
    assert!(start.elapsed() < Duration::from_secs(2));
}

/// Text of a `rows` × `cols` board of a game: `cell(r, c)` for each cell.
fn board(head: &str, rows: usize, cols: usize, mut cell: impl FnMut(usize, usize) -> char) -> String {
    let mut text = format!("{head}\n{rows} {cols}\n");
    for r in 0..rows {
        text.extend((0..cols).map(|c| cell(r, c)));
        text.push('\n');
    }
    text
}

#[test]
fn a_client_that_goes_away_cancels_the_solve_of_every_game() {
    // For each game, a board whose whole solve takes a good fraction of a second or more: first
    // solved to its end, timed; then asked again by a client that goes away while it runs. The
    // solve stops at the solver's next step, in less than half the time of the whole solve.
    // (segment-nim's solve takes milliseconds at its cap: it cannot be caught running.)
    let caps = GameCaps::default()
        .with(&games::pawn::MAX_FREE_CELLS, 1024)
        .with(&games::lattice::MAX_WORK, u64::MAX)
        .with(&games::king::MAX_CELLS, u64::MAX);
    let config = Config { cache_bytes: 0, time_limit: Duration::from_secs(60), ..config() };
    let server = Running::with_games(games::all(&caps), config, Limits::default());
    let pawn = board("big 1", 22, 22, |r, c| match (r, c) {
        (0, 0) | (0, 21) => 'O',
        (21, 11) => 'X',
        _ => '.',
    });
    let values: Vec<String> = (0..2 * 16)
        .map(|r| (0..16).map(|c| ((r * 31 + c * 7919) % 97).to_string()).collect::<Vec<_>>().join(" "))
        .collect();
    let lattice = format!("16 16\n{}\n", values.join("\n"));
    let mut random = damaged_input::Seeded::new(0x9E37_79B9_7F4A_7C15);
    let king = board("1", 1000, 1000, |r, c| {
        let blocked = random.below(100) < 3;
        if (r, c) == (0, 0) {
            'K'
        } else if blocked {
            '#'
        } else {
            '.'
        }
    });
    let cases = [
        ("pawn-retrograde", serde_json::json!({ "position": pawn })),
        ("lattice-dp", serde_json::json!({ "position": lattice })),
        ("edmonds-blossom", serde_json::json!({ "position": king, "moves": "orth4" })),
    ];
    for (game, body) in cases {
        let request = server.request("POST", &format!("/api/{game}/query"), &body.to_string());
        let mut whole = server.connect();
        whole.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        let start = Instant::now();
        whole.write_all(request.as_bytes()).unwrap();
        assert_eq!(read_response(&mut whole).map(|(status, _)| status), Some(200), "{game}");
        let whole = start.elapsed();
        let mut client = server.connect();
        client.write_all(request.as_bytes()).unwrap();
        server.wait_for_running(1);
        drop(client);
        let start = Instant::now();
        server.wait_for_running(0);
        let cancelled = start.elapsed();
        assert!(
            cancelled < whole / 2,
            "{game}: stopped {cancelled:?} after its client went away; the whole solve takes {whole:?}"
        );
    }
}

#[test]
fn a_shutdown_finishes_the_requests_in_flight_and_stops_listening() {
    let mut server = Running::start(Duration::from_millis(600), config(), Limits::default());
    let mut client = server.connect();
    client.write_all(server.request("POST", "/api/mock/query", r#"{"position": "ok"}"#).as_bytes()).unwrap();
    server.wait_for_running(1);
    let address = server.address;
    let start = Instant::now();
    let stopping = std::thread::spawn(move || {
        server.stop();
    });
    assert_eq!(read_response(&mut client).map(|(status, _)| status), Some(200));
    stopping.join().unwrap();
    assert!(start.elapsed() < Duration::from_secs(5));
    assert!(TcpStream::connect(address).is_err(), "still listening after the shutdown");
}

#[test]
fn the_cap_fits_the_descriptor_limit_which_is_raised_to_the_hard_one() {
    use playground::listen::{connections_within, raise_descriptor_limit};
    assert_eq!(connections_within(1024, Some(128)), 64);
    assert_eq!(connections_within(1024, Some(1 << 20)), 1024);
    assert_eq!(connections_within(1024, None), 1024);
    assert_eq!(connections_within(1024, Some(10)), 1);
    if cfg!(target_os = "linux") {
        let soft = raise_descriptor_limit().expect("the limit is read");
        let hard = std::fs::read_to_string("/proc/self/limits")
            .unwrap()
            .lines()
            .find(|l| l.starts_with("Max open files"))
            .and_then(|l| l.split_whitespace().nth(4).map(str::to_string))
            .unwrap();
        if hard != "unlimited" {
            assert_eq!(soft, hard.parse::<u64>().unwrap());
        }
    }
}
