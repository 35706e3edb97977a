//! A bounded attack-and-load run against the binary, on loopback only: slow headers, slow bodies,
//! idle keep-alives and unread large answers by the hundreds, floods at 8, 64 and 256
//! connections, and expensive clients beside cheap ones. Throughout, a probe client asks
//! `GET /api/status` every 25 ms on its own connection, and the server's resident memory and open
//! descriptors are sampled every 50 ms.
//!
//! It asserts: the probe is answered within 100 ms at the 99th percentile; resident memory stays
//! under the ceiling that `docs/PLAYGROUND.md` computes from the caps; open descriptors stay under
//! the connection cap plus a constant; cheap queries get at least a quarter of their requests
//! answered while expensive ones run; after the run, resident memory is within twice its idle
//! value.
//!
//! `cargo test -p playground --test attack` runs the short mode (well under two minutes);
//! `cargo test --release -p playground --test attack -- --ignored --nocapture` the long mode,
//! whose figures `docs/PLAYGROUND.md` quotes. Linux only (it reads `/proc`).
#![cfg(target_os = "linux")]

use std::io::{BufRead, BufReader, ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// The size of one run.
struct Mode {
    name: &'static str,
    /// Slow headers, slow bodies and idle keep-alives, each.
    holders: usize,
    /// Unread large answers.
    unread: usize,
    /// Seconds of each flood.
    flood_secs: u64,
    /// Seconds of expensive and cheap clients together.
    mixed_secs: u64,
    /// The server's header, body and write timeouts.
    timeout_ms: u64,
    /// The server's connection cap.
    max_connections: usize,
}

const SHORT: Mode = Mode {
    name: "short",
    holders: 100,
    unread: 40,
    flood_secs: 2,
    mixed_secs: 6,
    timeout_ms: 1500,
    max_connections: 300,
};
const LONG: Mode = Mode {
    name: "long",
    holders: 300,
    unread: 200,
    flood_secs: 10,
    mixed_secs: 30,
    timeout_ms: 10_000,
    max_connections: 256,
};

/// The server's caps in this run (its flags below), for the memory ceiling.
const MAX_SOLVES: u64 = 2;
const LIGHT_SOLVES: u64 = 1;
const MAX_BODY: u64 = 1 << 20;
const BODY_BUDGET: u64 = 16 << 20;
const ANSWER_BUDGET: u64 = 64 << 20;
const MAX_ANSWER: u64 = 16 << 20;
const CACHE: u64 = 32 << 20;
const CACHE_TTL_SECS: u64 = 3;
/// The most one solve of the default caps holds, measured (`docs/PLAYGROUND.md`): a segment-nim
/// query of 10^5 pawns, its report as a JSON tree and its 8.7 MB text (118 MB measured).
const SOLVE_PEAK: u64 = 128 << 20;
/// A cheap solve (a light slot).
const LIGHT_PEAK: u64 = 8 << 20;
/// Per open connection: hyper's read and write buffers (16 KiB each) and the task.
const PER_CONNECTION: u64 = 64 << 10;

/// The documented ceiling of resident memory over the idle value, in bytes.
fn ceiling(idle: u64, max_connections: usize) -> u64 {
    idle + max_connections as u64 * PER_CONNECTION
        + BODY_BUDGET
        + ANSWER_BUDGET
        + CACHE
        + MAX_SOLVES * (SOLVE_PEAK + MAX_BODY + MAX_ANSWER)
        + LIGHT_SOLVES * (LIGHT_PEAK + MAX_BODY)
}

struct Server {
    child: Child,
    address: SocketAddr,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    fn start(mode: &Mode) -> Server {
        let timeout = mode.timeout_ms.to_string();
        let mut child = Command::new(env!("CARGO_BIN_EXE_playground"))
            .args(["--port", "0", "--quiet", "--max-solves", "2", "--light-solves", "1"])
            .args(["--max-connections", &mode.max_connections.to_string()])
            .args([
                "--header-timeout-ms",
                &timeout,
                "--body-timeout-ms",
                &timeout,
                "--write-timeout-ms",
                &timeout,
            ])
            .args(["--cache-ttl-secs", &CACHE_TTL_SECS.to_string()])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let address =
            line.trim().trim_start_matches("playground: http://").trim_end_matches('/').parse().unwrap();
        Server { child, address }
    }

    /// Resident memory (bytes) and open descriptors.
    fn sample(&self) -> (u64, usize) {
        let pid = self.child.id();
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        let rss = status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            .unwrap_or(0)
            * 1024;
        let fds = std::fs::read_dir(format!("/proc/{pid}/fd")).map_or(0, |d| d.count());
        (rss, fds)
    }
}

/// A raw request.
fn request(address: SocketAddr, method: &str, path: &str, body: &str) -> String {
    format!(
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
}

fn query(address: SocketAddr, game: &str, position: &str) -> String {
    request(
        address,
        "POST",
        &format!("/api/{game}/query"),
        &serde_json::json!({ "position": position }).to_string(),
    )
}

/// Reads one response; its status, or `None` when the connection ended first.
fn read_response(stream: &mut TcpStream) -> Option<u16> {
    let mut head = Vec::new();
    let mut byte = [0u8];
    while !head.ends_with(b"\r\n\r\n") {
        if stream.read(&mut byte).ok()? != 1 {
            return None;
        }
        head.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&head).to_string();
    let status = head.split(' ').nth(1)?.parse().ok()?;
    let length = head
        .lines()
        .find_map(|l| l.to_ascii_lowercase().strip_prefix("content-length:").map(|v| v.trim().to_string()))
        .and_then(|v| v.parse::<usize>().ok())
        .unwrap_or(0);
    let mut body = vec![0; length];
    stream.read_exact(&mut body).ok()?;
    Some(status)
}

/// One request on a keep-alive connection, reconnecting once if the server had closed it.
struct Client {
    address: SocketAddr,
    stream: Option<TcpStream>,
}

impl Client {
    fn new(address: SocketAddr) -> Client {
        Client { address, stream: None }
    }

    fn ask(&mut self, request: &str) -> Option<u16> {
        for _ in 0..2 {
            if self.stream.is_none() {
                let stream = TcpStream::connect(self.address).ok()?;
                stream.set_read_timeout(Some(Duration::from_secs(30))).ok()?;
                self.stream = Some(stream);
            }
            let stream = self.stream.as_mut()?;
            if stream.write_all(request.as_bytes()).is_ok() {
                if let Some(status) = read_response(stream) {
                    return Some(status);
                }
            }
            self.stream = None;
        }
        None
    }
}

/// A small pseudo-random generator (xorshift), so the queries differ and miss the cache.
struct Random(u64);

impl Random {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// A cheap query: a king game of 6x6 with a few blocked cells.
fn cheap(random: &mut Random) -> (&'static str, String) {
    let king = random.below(36);
    let rows: Vec<String> = (0..6)
        .map(|r| {
            (0..6)
                .map(|c| {
                    if r * 6 + c == king {
                        'K'
                    } else if random.below(5) == 0 {
                        '#'
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect();
    ("edmonds-blossom", format!("1\n6 6\n{}\n", rows.join("\n")))
}

/// An expensive query: a lattice game of 12x12 with random values (3.3e7 units of work).
fn expensive(random: &mut Random) -> (&'static str, String) {
    let row =
        |random: &mut Random| (0..12).map(|_| random.below(10).to_string()).collect::<Vec<_>>().join(" ");
    let rows: Vec<String> = (0..24).map(|_| row(random)).collect();
    ("lattice-dp", format!("12 12\n{}\n", rows.join("\n")))
}

/// A segment-nim query of the default cap's 10^5 pawns with an 8.7 MB answer (644 KB).
fn large() -> String {
    let list = |from: usize| (0..50_000).map(|i| (from + 4 * i).to_string()).collect::<Vec<_>>().join(" ");
    format!("1\n200000 50000 50000 black\n{}\n{}\n", list(1), list(3))
}

/// Lowers the calling thread's priority: the attack's own threads must not starve the probe.
fn nice() {
    #[allow(unsafe_code)]
    // SAFETY: a system call on the calling thread.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t, 10);
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted.get(((sorted.len() as f64 - 1.0) * p).round() as usize).copied().unwrap_or_default()
}

fn run(mode: &Mode) {
    let server = Server::start(mode);
    let address = server.address;
    // Warm up: a cheap and an expensive query, and a few clients at once; then the idle memory.
    let mut warm = Client::new(address);
    let mut random = Random(0x9e37_79b9_7f4a_7c15);
    for (game, position) in [cheap(&mut random), expensive(&mut random)] {
        assert_eq!(warm.ask(&query(address, game, &position)), Some(200));
    }
    drop(warm);
    let clients: Vec<_> = (0..8)
        .map(|i| {
            thread::spawn(move || {
                let mut client = Client::new(address);
                let mut random = Random(i + 11);
                for _ in 0..20 {
                    let (game, position) = cheap(&mut random);
                    assert!(matches!(client.ask(&query(address, game, &position)), Some(200 | 503)));
                }
            })
        })
        .collect();
    clients.into_iter().for_each(|c| c.join().unwrap());
    thread::sleep(Duration::from_millis(2500));
    let (idle, idle_fds) = server.sample();
    let ceiling = ceiling(idle, mode.max_connections);
    println!(
        "[{}] idle: {} MB resident, {idle_fds} descriptors; ceiling {} MB",
        mode.name,
        idle >> 20,
        ceiling >> 20
    );

    let stop = Arc::new(AtomicBool::new(false));
    // The probe, on its own connection opened before the attack.
    let probe = {
        let stop = Arc::clone(&stop);
        thread::spawn(move || {
            let mut client = Client::new(address);
            let status = request(address, "GET", "/api/status", "");
            let mut latencies = Vec::new();
            let mut failures = 0;
            while !stop.load(Ordering::Relaxed) {
                let start = Instant::now();
                match client.ask(&status) {
                    Some(200) => latencies.push(start.elapsed()),
                    _ => failures += 1,
                }
                thread::sleep(Duration::from_millis(25));
            }
            (latencies, failures)
        })
    };
    // The sampler.
    let peaks = Arc::new(Mutex::new((0u64, 0usize)));
    let sampler = {
        let (stop, peaks) = (Arc::clone(&stop), Arc::clone(&peaks));
        let pid_server = server.child.id();
        thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                let status =
                    std::fs::read_to_string(format!("/proc/{pid_server}/status")).unwrap_or_default();
                let rss = status
                    .lines()
                    .find_map(|l| l.strip_prefix("VmRSS:"))
                    .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
                    .unwrap_or(0)
                    * 1024;
                let fds = std::fs::read_dir(format!("/proc/{pid_server}/fd")).map_or(0, |d| d.count());
                let mut peaks = peaks.lock().unwrap();
                *peaks = (peaks.0.max(rss), peaks.1.max(fds));
                drop(peaks);
                thread::sleep(Duration::from_millis(50));
            }
        })
    };
    let phase = |name: &str, start: Instant| {
        let (rss, fds) = *peaks.lock().unwrap();
        println!(
            "[{}] {name}: {:.1} s; peaks so far {} MB resident, {fds} descriptors",
            mode.name,
            start.elapsed().as_secs_f64(),
            rss >> 20
        );
    };

    // 1. Slow headers, slow bodies, idle keep-alives and unread large answers, all at once.
    let start = Instant::now();
    let attack = thread::spawn({
        let holders = mode.holders;
        let unread = mode.unread;
        let hold = Duration::from_millis(mode.timeout_ms + 2000);
        move || {
            nice();
            let mut held = Vec::new();
            let large = query(address, "segment-nim", &large());
            let mut unread_held = Vec::new();
            for _ in 0..unread {
                if let Ok(mut stream) = TcpStream::connect(address) {
                    let _ = stream.write_all(large.as_bytes());
                    unread_held.push(stream);
                }
                thread::sleep(Duration::from_millis(10));
            }
            for i in 0..holders * 3 {
                let Ok(mut stream) = TcpStream::connect(address) else { continue };
                let _ = match i % 3 {
                    0 => stream.write_all(b"GET /api/games HTTP/1.1\r\nHost: "),
                    1 => stream.write_all(
                        format!("POST /api/edmonds-blossom/query HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{{\"position\": \"").as_bytes(),
                    ),
                    _ => stream.write_all(request(address, "GET", "/api/games", "").as_bytes()),
                };
                held.push(stream);
            }
            // Hold everything (one more byte of header now and then) until the server cuts it.
            let until = Instant::now() + hold;
            while Instant::now() < until {
                for stream in held.iter_mut().step_by(3) {
                    let _ = stream.write_all(b"x");
                }
                thread::sleep(Duration::from_millis(500));
            }
            held.len() + unread_held.len()
        }
    });
    let held = attack.join().unwrap();
    phase(
        &format!(
            "slow headers, slow bodies, idle keep-alives ({} each), unread answers ({}): {held} connections",
            mode.holders, mode.unread
        ),
        start,
    );
    // The server cuts them all after its timeouts.
    let drained = Instant::now();
    while server.sample().1 > idle_fds + 16 {
        assert!(
            drained.elapsed() < Duration::from_millis(4 * mode.timeout_ms + 5000),
            "connections not cut: {:?}",
            server.sample()
        );
        thread::sleep(Duration::from_millis(100));
    }

    // 2. Floods of cheap requests at 8, 64 and 256 connections.
    for connections in [8usize, 64, 256] {
        let start = Instant::now();
        let until = start + Duration::from_secs(mode.flood_secs);
        let answered = Arc::new(AtomicU64::new(0));
        let busy = Arc::new(AtomicU64::new(0));
        let refused = Arc::new(AtomicU64::new(0));
        let threads: Vec<_> = (0..connections)
            .map(|i| {
                let (answered, busy, refused) =
                    (Arc::clone(&answered), Arc::clone(&busy), Arc::clone(&refused));
                thread::spawn(move || {
                    nice();
                    let mut client = Client::new(address);
                    let mut random = Random(i as u64 * 7919 + 1);
                    while Instant::now() < until {
                        let (game, position) = cheap(&mut random);
                        let request = if i % 2 == 0 {
                            request(address, "GET", "/api/games", "")
                        } else {
                            query(address, game, &position)
                        };
                        match client.ask(&request) {
                            Some(200) => answered.fetch_add(1, Ordering::Relaxed),
                            Some(503) => busy.fetch_add(1, Ordering::Relaxed),
                            // Beyond the connection cap (the probe holds one): closed at once.
                            None => {
                                thread::sleep(Duration::from_millis(10));
                                refused.fetch_add(1, Ordering::Relaxed)
                            }
                            other => panic!("flood: {other:?}"),
                        };
                    }
                })
            })
            .collect();
        for thread in threads {
            thread.join().unwrap();
        }
        let seconds = start.elapsed().as_secs_f64();
        phase(
            &format!(
                "flood at {connections} connections: {:.0} answered/s, {:.0} busy (503)/s, {} connections refused",
                answered.load(Ordering::Relaxed) as f64 / seconds,
                busy.load(Ordering::Relaxed) as f64 / seconds,
                refused.load(Ordering::Relaxed)
            ),
            start,
        );
    }

    // 3. Four expensive clients beside four cheap ones.
    let start = Instant::now();
    let until = start + Duration::from_secs(mode.mixed_secs);
    let counts: Vec<_> = (0..8)
        .map(|i| {
            thread::spawn(move || {
                nice();
                let mut client = Client::new(address);
                let mut random = Random(i as u64 * 104_729 + 3);
                let (mut answered, mut other) = (0u64, 0u64);
                while Instant::now() < until {
                    let (game, position) = if i < 4 { expensive(&mut random) } else { cheap(&mut random) };
                    match client.ask(&query(address, game, &position)) {
                        Some(200) => answered += 1,
                        Some(503) => other += 1,
                        status => panic!("mixed: {status:?}"),
                    }
                }
                (answered, other)
            })
        })
        .collect();
    let counts: Vec<(u64, u64)> = counts.into_iter().map(|t| t.join().unwrap()).collect();
    let sum =
        |range: std::ops::Range<usize>| counts[range].iter().fold((0, 0), |(a, b), (c, d)| (a + c, b + d));
    let (expensive_ok, expensive_busy) = sum(0..4);
    let (cheap_ok, cheap_busy) = sum(4..8);
    let cheap_share = cheap_ok as f64 / (cheap_ok + cheap_busy).max(1) as f64;
    phase(
        &format!(
            "4 expensive clients (lattice 12x12): {expensive_ok} answered, {expensive_busy} busy; 4 cheap clients (king 6x6): \
             {cheap_ok} answered, {cheap_busy} busy ({:.0}% answered)",
            cheap_share * 100.0
        ),
        start,
    );

    // 4. The end: cached answers expire, memory falls back.
    thread::sleep(Duration::from_secs(CACHE_TTL_SECS + 1));
    let mut last = Client::new(address);
    let mut random = Random(42);
    let (game, position) = cheap(&mut random);
    assert_eq!(last.ask(&query(address, game, &position)), Some(200));
    drop(last);
    thread::sleep(Duration::from_millis(2500)); // one trim of the allocator at least
    stop.store(true, Ordering::Relaxed);
    let (mut latencies, probe_failures) = probe.join().unwrap();
    sampler.join().unwrap();
    let (after, after_fds) = server.sample();
    let (peak_rss, peak_fds) = *peaks.lock().unwrap();
    latencies.sort();
    let (p50, p99, max) =
        (percentile(&latencies, 0.5), percentile(&latencies, 0.99), percentile(&latencies, 1.0));
    println!(
        "[{}] probe: {} answers, {probe_failures} failures, median {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        mode.name,
        latencies.len(),
        p50.as_secs_f64() * 1e3,
        p99.as_secs_f64() * 1e3,
        max.as_secs_f64() * 1e3
    );
    println!(
        "[{}] resident memory: idle {} MB, peak {} MB (ceiling {} MB), after {} MB; descriptors: peak {peak_fds} (cap {}), after {after_fds}",
        mode.name,
        idle >> 20,
        peak_rss >> 20,
        ceiling >> 20,
        after >> 20,
        mode.max_connections
    );
    assert_eq!(probe_failures, 0, "the probe lost answers");
    assert!(p99 < Duration::from_millis(100), "probe p99 {p99:?}");
    assert!(peak_rss < ceiling, "peak {peak_rss} over the ceiling {ceiling}");
    assert!(peak_fds <= mode.max_connections + 32, "descriptors {peak_fds}");
    assert!(cheap_share >= 0.25, "cheap queries starved: {cheap_ok} of {}", cheap_ok + cheap_busy);
    assert!(expensive_ok > 0, "no expensive query was answered");
    assert!(after <= 2 * idle, "resident memory after the run: {after} (idle {idle})");
}

/// The runs measure latencies and memory: one at a time, never beside each other.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Holds [`ONE_AT_A_TIME`] (a failed run's poison does not stop the next).
fn alone() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[test]
fn short_attack_and_load() {
    let _alone = alone();
    run(&SHORT);
}

#[test]
#[ignore = "the long mode (several minutes): cargo test --release -p playground --test attack -- --ignored --nocapture"]
fn long_attack_and_load() {
    let _alone = alone();
    run(&LONG);
}

/// One run of the five cheap denials: each attack alone for `secs` seconds, then all five at once,
/// against a fresh server each time, while new-connection probes ask `GET /api/status` and a small
/// pawn query every 100 ms.
struct Denials {
    name: &'static str,
    secs: u64,
    /// The 99th percentile asserted for the status probe and for the pawn query: the issue's
    /// goals (100 ms, 200 ms) in the long mode; in the short mode, run beside other builds on a
    /// shared machine with some fifty probes a run (so its p99 is its worst probe or two), bounds
    /// that still catch a stalled worker.
    p99: (Duration, Duration),
    /// How long resident memory may take to come back within twice idle after the run (asserted
    /// in the long mode; the short mode reports it).
    settle: Option<Duration>,
}

/// The 40-byte segment-nim request whose header claims 10^7 pawns.
const BOMB: &str = "1\n10000000 5000000 5000000\n";

/// The five attacks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Attack {
    /// 20 clients sending [`BOMB`] in a loop.
    Bomb,
    /// 32 connections announcing a 1 MiB body and sending nothing, reconnecting when closed.
    IdleBodies,
    /// 8 clients reading 8.7 MB answers at 128 KiB/s.
    SlowReaders,
    /// 400 connections sending a request head a byte a second, reconnecting when closed.
    SlowHeaders,
    /// Standard error piped and never read, with 3,000 quick requests on top of the probes.
    UnreadLog,
}

const ATTACKS: [Attack; 5] =
    [Attack::Bomb, Attack::IdleBodies, Attack::SlowReaders, Attack::SlowHeaders, Attack::UnreadLog];

/// `VmHWM` and `VmRSS` of `pid`, in bytes.
fn memory(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            .unwrap_or(0)
            * 1024
    };
    (field("VmHWM:"), field("VmRSS:"))
}

/// Starts the binary with the attack run's flags; standard error piped (and never read) for
/// [`Attack::UnreadLog`], else quiet.
fn start_for(attacks: &[Attack]) -> Server {
    let log = attacks.contains(&Attack::UnreadLog);
    let mut child = Command::new(env!("CARGO_BIN_EXE_playground"))
        .args(["--port", "0", "--max-solves", "2", "--light-solves", "1", "--max-connections", "256"])
        .args(if log { &[][..] } else { &["--quiet"][..] })
        .stdout(Stdio::piped())
        .stderr(if log { Stdio::piped() } else { Stdio::null() })
        .spawn()
        .expect("the binary starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let address =
        line.trim().trim_start_matches("playground: http://").trim_end_matches('/').parse().unwrap();
    Server { child, address }
}

/// What each thread of an attack runs: its number and the stop flag.
type AttackBody = Arc<dyn Fn(usize, &AtomicBool) + Send + Sync>;

/// Runs `attack` until `stop`, in threads of its own (returned).
fn launch(attack: Attack, address: SocketAddr, stop: &Arc<AtomicBool>) -> Vec<thread::JoinHandle<()>> {
    let spawn = |count: usize, body: AttackBody| {
        (0..count)
            .map(|i| {
                let (stop, body) = (Arc::clone(stop), Arc::clone(&body));
                thread::spawn(move || {
                    nice();
                    body(i, &stop);
                })
            })
            .collect::<Vec<_>>()
    };
    match attack {
        Attack::Bomb => spawn(
            20,
            Arc::new(move |_, stop| {
                let bomb = query(address, "segment-nim", BOMB);
                while !stop.load(Ordering::Relaxed) {
                    let status = Client::new(address).ask(&bomb);
                    assert!(matches!(status, Some(400 | 503) | None), "{status:?}");
                }
            }),
        ),
        Attack::IdleBodies => spawn(
            32,
            Arc::new(move |_, stop| {
                let head = format!(
                    "POST /api/pawn-retrograde/query HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n\
                     Content-Length: 1048576\r\n\r\n{{"
                );
                while !stop.load(Ordering::Relaxed) {
                    let Ok(mut stream) = TcpStream::connect(address) else { continue };
                    let _ = stream.write_all(head.as_bytes());
                    let _ = stream.set_read_timeout(Some(Duration::from_millis(200)));
                    let mut byte = [0u8];
                    // Until the server closes it (then reconnect) or the run ends.
                    while !stop.load(Ordering::Relaxed) {
                        match stream.read(&mut byte) {
                            Ok(0) => break,
                            Ok(_) => {}
                            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
                            Err(_) => break,
                        }
                    }
                }
            }),
        ),
        Attack::SlowReaders => spawn(
            8,
            Arc::new(move |_, stop| {
                let request = query(address, "segment-nim", &large());
                let mut buffer = vec![0u8; 16 << 10];
                while !stop.load(Ordering::Relaxed) {
                    let Ok(mut stream) = TcpStream::connect(address) else { continue };
                    let _ = stream.set_read_timeout(Some(Duration::from_secs(1)));
                    if stream.write_all(request.as_bytes()).is_err() {
                        continue;
                    }
                    // 16 KiB every 125 ms: 128 KiB/s.
                    while !stop.load(Ordering::Relaxed) && matches!(stream.read(&mut buffer), Ok(n) if n > 0)
                    {
                        thread::sleep(Duration::from_millis(125));
                    }
                }
            }),
        ),
        Attack::SlowHeaders => spawn(
            40,
            Arc::new(move |_, stop| {
                // Ten connections per thread, each sending one more byte of its head every second.
                let head = format!("GET /api/status HTTP/1.1\r\nHost: {address}\r\nX-Slow: ");
                let mut streams: Vec<(TcpStream, usize)> = Vec::new();
                while !stop.load(Ordering::Relaxed) {
                    while streams.len() < 10 {
                        match TcpStream::connect(address) {
                            Ok(stream) => streams.push((stream, 0)),
                            Err(_) => break,
                        }
                    }
                    streams.retain_mut(|(stream, sent)| {
                        *sent += 1;
                        let byte = head.as_bytes().get(*sent - 1).copied().unwrap_or(b'x');
                        stream.write_all(&[byte]).is_ok()
                    });
                    thread::sleep(Duration::from_secs(1));
                }
            }),
        ),
        Attack::UnreadLog => spawn(
            1,
            Arc::new(move |_, stop| {
                let status = request(address, "GET", "/api/status", "");
                let mut client = Client::new(address);
                for _ in 0..3000 {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let _ = client.ask(&status);
                }
            }),
        ),
    }
}

/// Probes on fresh connections every 100 ms until `stop`: `(status latencies, pawn latencies,
/// probes sent, probes answered)`.
fn probe(
    address: SocketAddr,
    stop: &Arc<AtomicBool>,
) -> thread::JoinHandle<(Vec<Duration>, Vec<Duration>, u64, u64)> {
    let stop = Arc::clone(stop);
    thread::spawn(move || {
        let status = request(address, "GET", "/api/status", "");
        let pawn = query(address, "pawn-retrograde", "playground 1\n3 3\n.O.\n.X.\nO..\n");
        let (mut statuses, mut pawns, mut sent, mut answered) = (Vec::new(), Vec::new(), 0, 0);
        let mut ask = |request: &str, latencies: &mut Vec<Duration>| {
            sent += 1;
            let start = Instant::now();
            if Client::new(address).ask(request) == Some(200) {
                answered += 1;
                latencies.push(start.elapsed());
            }
        };
        while !stop.load(Ordering::Relaxed) {
            ask(&status, &mut statuses);
            ask(&pawn, &mut pawns);
            thread::sleep(Duration::from_millis(100));
        }
        statuses.sort();
        pawns.sort();
        (statuses, pawns, sent, answered)
    })
}

fn denials(run: &Denials) {
    let mut plans: Vec<Vec<Attack>> = ATTACKS.iter().map(|&a| vec![a]).collect();
    plans.push(ATTACKS.to_vec());
    for attacks in plans {
        let server = start_for(&attacks);
        let (address, pid) = (server.address, server.child.id());
        assert_eq!(Client::new(address).ask(&request(address, "GET", "/api/games", "")), Some(200));
        thread::sleep(Duration::from_millis(500));
        let (_, idle) = memory(pid);
        let stop = Arc::new(AtomicBool::new(false));
        let probes = probe(address, &stop);
        let threads: Vec<_> = attacks.iter().flat_map(|&a| launch(a, address, &stop)).collect();
        thread::sleep(Duration::from_secs(run.secs));
        stop.store(true, Ordering::Relaxed);
        let (statuses, pawns, sent, answered) = probes.join().unwrap();
        threads.into_iter().for_each(|t| t.join().unwrap());
        let (peak, _) = memory(pid);
        // Resident memory back within twice idle: waited for up to the write timeout (10 s: an
        // answer whose reader has stopped is held until it passes) and a trim period (2 s) more.
        let settled = Instant::now();
        let mut after = memory(pid).1;
        let wait = run.settle.unwrap_or(Duration::from_secs(3));
        while after > 2 * idle.max(8 << 20) && settled.elapsed() < wait {
            thread::sleep(Duration::from_millis(250));
            after = memory(pid).1;
        }
        let ceiling = ceiling(idle, 256);
        let p99 = |l: &[Duration]| percentile(l, 0.99);
        println!(
            "[{}] {attacks:?}: probes {answered}/{sent} answered, status p99 {:.1} ms, pawn p99 {:.1} ms; \
             idle {:.1} MB, VmHWM {:.1} MB (ceiling {} MB), {:.1} MB after",
            run.name,
            p99(&statuses).as_secs_f64() * 1e3,
            p99(&pawns).as_secs_f64() * 1e3,
            idle as f64 / 1e6,
            peak as f64 / 1e6,
            ceiling >> 20,
            after as f64 / 1e6,
        );
        assert!(answered * 100 >= sent * 99, "{attacks:?}: {answered} of {sent} probes answered");
        assert!(p99(&statuses) <= run.p99.0, "{attacks:?}: status p99 {:?}", p99(&statuses));
        assert!(p99(&pawns) <= run.p99.1, "{attacks:?}: pawn p99 {:?}", p99(&pawns));
        assert!(peak <= ceiling, "{attacks:?}: VmHWM {peak} over the ceiling {ceiling}");
        if attacks == [Attack::Bomb] {
            assert!(peak < idle + 10_000_000, "the bomb: VmHWM {peak} from {idle} idle");
        }
        if run.settle.is_some() {
            assert!(
                after <= 2 * idle.max(8 << 20),
                "{attacks:?}: {after} resident {wait:?} after, {idle} idle"
            );
        }
    }
}

#[test]
fn short_denials() {
    let _alone = alone();
    denials(&Denials {
        name: "short",
        secs: 3,
        p99: (Duration::from_millis(500), Duration::from_millis(1000)),
        settle: None,
    });
}

#[test]
#[ignore = "the long mode (six minutes): cargo test --release -p playground --test attack long_denials -- --ignored --nocapture"]
fn long_denials() {
    let _alone = alone();
    denials(&Denials {
        name: "long",
        secs: 60,
        p99: (Duration::from_millis(100), Duration::from_millis(200)),
        settle: Some(Duration::from_secs(13)),
    });
}
