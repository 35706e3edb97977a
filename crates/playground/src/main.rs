//! `playground [--bind ADDR] [--port PORT] [caps…]`: serves the page and the JSON API, prints the URL.

use std::net::{IpAddr, SocketAddr};
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use playground::games::AnswerCaps;
use playground::server::loopback_hosts;
use playground::{Config, GameCaps, Limits, games, router, serve};

/// A local web page to set up, solve, explore and play the four games (docs/PLAYGROUND.md).
///
/// Serves http://BIND:PORT/ (loopback by default; everything it serves is inside the binary) and
/// prints the URL. The caps keep one query short and small; raise them at your own risk.
#[derive(Debug, Parser)]
#[command(name = "playground", version)]
struct Args {
    /// Address to listen on (loopback by default; another address exposes the server to the network).
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
    /// Port to listen on (0: any free port; the URL printed says which).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// An origin (`http://name:port`) whose pages may use the server, besides the address it
    /// listens on; its host is accepted in `Host` too (for a server behind a name or a proxy).
    /// Repeatable.
    #[arg(long = "allow-origin", value_name = "ORIGIN")]
    allow_origin: Vec<String>,
    /// Write no request log (by default one line per request goes to standard error).
    #[arg(long)]
    quiet: bool,
    /// Largest request body, in bytes (413 beyond).
    #[arg(long, default_value_t = Config::default().max_body_bytes)]
    max_body_bytes: usize,
    /// Most solves running at once (503 with Retry-After beyond), each on its own thread; default:
    /// the number of cores.
    #[arg(long)]
    max_solves: Option<usize>,
    /// Solve slots (and threads) besides --max-solves kept for cheap queries (small boards), so
    /// that expensive solves cannot starve them.
    #[arg(long, default_value_t = Config::default().light_solves)]
    light_solves: usize,
    /// Time limit of one query in milliseconds (504 beyond).
    #[arg(long, default_value_t = 10_000)]
    time_limit_ms: u64,
    /// Bytes of answers held at once while their clients read them (503 beyond).
    #[arg(long, default_value_t = Config::default().answer_budget_bytes)]
    answer_budget_bytes: usize,
    /// Bytes of request bodies being received at once (503 beyond).
    #[arg(long, default_value_t = Config::default().body_budget_bytes)]
    body_budget_bytes: usize,
    /// Bytes of recent answers kept, so a repeated query is answered without a solve (0: none).
    #[arg(long, default_value_t = Config::default().cache_bytes)]
    cache_bytes: usize,
    /// How long a recent answer is kept, in seconds.
    #[arg(long, default_value_t = Config::default().cache_ttl.as_secs())]
    cache_ttl_secs: u64,
    /// Most connections open at once, at most the descriptor limit less 64 (at the cap, the
    /// connection that has waited longest for a request head gives its slot to a new one).
    #[arg(long, default_value_t = Limits::default().max_connections)]
    max_connections: usize,
    /// Time to send a request's headers, and the longest a keep-alive connection stays idle, in
    /// milliseconds.
    #[arg(long, default_value_t = 10_000)]
    header_timeout_ms: u64,
    /// Time to send a request's body once its headers are in, in milliseconds (408 beyond).
    #[arg(long, default_value_t = 10_000)]
    body_timeout_ms: u64,
    /// Longest a response may wait for its client to read, in milliseconds (the connection is
    /// closed beyond).
    #[arg(long, default_value_t = 10_000)]
    write_timeout_ms: u64,
    /// pawn-retrograde: most free cells of a board (422 beyond).
    #[arg(long, default_value_t = GameCaps::default().pawn_free_cells)]
    pawn_max_free_cells: u64,
    /// lattice-dp: most work of a solve, states C(n+m, n) times min(n, m) plus 16 h 2^h for its
    /// tables, h = (n+m)/2 rounded up (422 beyond; the default admits 14x14 and 1x39, not 15x15).
    #[arg(long, default_value_t = GameCaps::default().lattice_work)]
    lattice_max_work: u64,
    /// segment-nim: most pawns of a board (422 beyond).
    #[arg(long, default_value_t = GameCaps::default().segment_pawns)]
    segment_max_pawns: u64,
    /// segment-nim: most fields of the circle of an analysis, 3^N placements (422 beyond).
    #[arg(long, default_value_t = GameCaps::default().segment_fields)]
    segment_max_fields: u64,
    /// edmonds-blossom: most cells of a king board (422 beyond).
    #[arg(long, default_value_t = GameCaps::default().king_cells)]
    king_max_cells: u64,
    /// pawn-retrograde: largest answer, in bytes (507 beyond).
    #[arg(long, default_value_t = AnswerCaps::default().pawn)]
    pawn_max_answer_bytes: usize,
    /// lattice-dp: largest answer, in bytes (507 beyond).
    #[arg(long, default_value_t = AnswerCaps::default().lattice)]
    lattice_max_answer_bytes: usize,
    /// segment-nim: largest answer, in bytes (507 beyond; 10^5 pawns answer 8-11 MB).
    #[arg(long, default_value_t = AnswerCaps::default().segment)]
    segment_max_answer_bytes: usize,
    /// edmonds-blossom: largest answer, query or all-starts, in bytes (507 beyond; all-starts
    /// sends about one byte a cell).
    #[arg(long, default_value_t = AnswerCaps::default().king)]
    king_max_answer_bytes: usize,
}

fn main() -> ExitCode {
    let args = Args::parse();
    playground::pool::bound_allocator();
    let descriptors = playground::listen::raise_descriptor_limit();
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("error: cannot start the runtime: {e}");
            return ExitCode::from(1);
        }
    };
    runtime.block_on(run(args, descriptors))
}

/// The host part (`name:port`) of an origin `scheme://name:port`.
fn origin_host(origin: &str) -> Option<&str> {
    let (scheme, host) = origin.split_once("://")?;
    let plain = matches!(scheme, "http" | "https") && !host.is_empty();
    plain.then_some(host).filter(|h| !h.contains('/'))
}

async fn run(args: Args, descriptors: Option<u64>) -> ExitCode {
    let address = SocketAddr::new(args.bind, args.port);
    for origin in &args.allow_origin {
        if origin_host(origin).is_none() {
            eprintln!("error: --allow-origin {origin}: expected http://name:port or https://name:port");
            return ExitCode::from(2);
        }
    }
    let listener = match tokio::net::TcpListener::bind(address).await {
        Ok(listener) => listener,
        Err(e) => {
            eprintln!("error: cannot listen on {address}: {e}");
            return ExitCode::from(2);
        }
    };
    let address = listener.local_addr().unwrap_or(address);
    let defaults = Config::default();
    let mut hosts = loopback_hosts(address);
    let mut origins: Vec<String> = hosts.iter().map(|h| format!("http://{h}")).collect();
    for origin in &args.allow_origin {
        origins.push(origin.trim_end_matches('/').to_string());
        hosts.extend(origin_host(origin).map(str::to_string));
    }
    let config = Config {
        max_body_bytes: args.max_body_bytes,
        max_solves: args.max_solves.unwrap_or(defaults.max_solves).max(1),
        light_solves: args.light_solves,
        time_limit: Duration::from_millis(args.time_limit_ms.max(1)),
        retry_after_secs: defaults.retry_after_secs,
        caps: GameCaps {
            pawn_free_cells: args.pawn_max_free_cells,
            lattice_work: args.lattice_max_work,
            segment_pawns: args.segment_max_pawns,
            segment_fields: args.segment_max_fields,
            king_cells: args.king_max_cells,
            answer_bytes: AnswerCaps {
                pawn: args.pawn_max_answer_bytes,
                lattice: args.lattice_max_answer_bytes,
                segment: args.segment_max_answer_bytes,
                king: args.king_max_answer_bytes,
            },
        },
        answer_budget_bytes: args.answer_budget_bytes,
        body_budget_bytes: args.body_budget_bytes,
        body_timeout: Duration::from_millis(args.body_timeout_ms.max(1)),
        allowed_hosts: hosts,
        allowed_origins: origins,
        log_requests: !args.quiet,
        cache_bytes: args.cache_bytes,
        cache_ttl: Duration::from_secs(args.cache_ttl_secs),
    };
    let limits = Limits {
        max_connections: playground::listen::connections_within(args.max_connections, descriptors),
        header_timeout: Duration::from_millis(args.header_timeout_ms.max(1)),
        write_timeout: Duration::from_millis(args.write_timeout_ms.max(1)),
        ..Limits::default()
    };
    let games = games::all(&config.caps);
    if !address.ip().is_loopback() {
        eprintln!(
            "warning: listening on {address}, which other machines may reach (the default is 127.0.0.1); \
             requests must name it as {address} or the host of an --allow-origin"
        );
    }
    let stop = stop_signal();
    println!("playground: http://{address}/");
    serve(listener, router(games, config), limits, stop).await;
    ExitCode::SUCCESS
}

/// A future that resolves on Ctrl-C (SIGINT) or SIGTERM. The handlers are installed now, before
/// the URL is printed, so a signal sent as soon as the server answers is never missed.
fn stop_signal() -> impl std::future::Future<Output = ()> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let interrupt = signal(SignalKind::interrupt());
        let terminate = signal(SignalKind::terminate());
        async move {
            match (interrupt, terminate) {
                (Ok(mut interrupt), Ok(mut terminate)) => {
                    tokio::select! {
                        _ = interrupt.recv() => {}
                        _ = terminate.recv() => {}
                    }
                }
                _ => {
                    let _ = tokio::signal::ctrl_c().await;
                }
            }
        }
    }
    #[cfg(not(unix))]
    async {
        let _ = tokio::signal::ctrl_c().await;
    }
}
