//! `playground [--bind ADDR] [--port PORT] [caps…]`: serves the page and the JSON API, prints the URL.

use std::net::{IpAddr, SocketAddr};
use std::process::ExitCode;
use std::time::Duration;

use clap::{CommandFactory, FromArgMatches};
use playground::games::REGISTRATIONS;
use playground::server::loopback_hosts;
use playground::{Config, GameCaps, Limits, games, router, serve};

/// A local web page to set up, solve, explore and play the four games (docs/PLAYGROUND.md).
///
/// Serves http://BIND:PORT/ (loopback by default; everything it serves is inside the binary) and
/// prints the URL. The caps keep one query short and small; raise them at your own risk.
#[derive(Debug, clap::Parser)]
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
}

fn main() -> ExitCode {
    let (args, caps) = parse_args();
    playground::pool::bound_allocator();
    let descriptors = playground::listen::raise_descriptor_limit();
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("error: cannot start the runtime: {e}");
            return ExitCode::from(1);
        }
    };
    runtime.block_on(run(args, caps, descriptors))
}

/// The arguments, and the games' caps from the flags their registrations declare.
fn parse_args() -> (Args, GameCaps) {
    let matches = games::with_cap_flags(Args::command(), REGISTRATIONS).get_matches();
    let args = Args::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    (args, games::caps_from_flags(&matches, REGISTRATIONS))
}

/// The host part (`name:port`) of an origin `scheme://name:port`.
fn origin_host(origin: &str) -> Option<&str> {
    let (scheme, host) = origin.split_once("://")?;
    let plain = matches!(scheme, "http" | "https") && !host.is_empty();
    plain.then_some(host).filter(|h| !h.contains('/'))
}

async fn run(args: Args, caps: GameCaps, descriptors: Option<u64>) -> ExitCode {
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
        caps,
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
