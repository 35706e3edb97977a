//! `playground [--bind ADDR] [--port PORT] [caps…]`: serves the page and the JSON API, prints the URL.

use std::net::{IpAddr, SocketAddr};
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use playground::{Config, GameCaps, games, router};

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
    /// Largest request body, in bytes (413 beyond).
    #[arg(long, default_value_t = Config::default().max_body_bytes)]
    max_body_bytes: usize,
    /// Most solves running at once (503 with Retry-After beyond); default: the number of cores.
    #[arg(long)]
    max_solves: Option<usize>,
    /// Time limit of one query in milliseconds (504 beyond).
    #[arg(long, default_value_t = 10_000)]
    time_limit_ms: u64,
    /// pawn-retrograde: most free cells of a board (422 beyond).
    #[arg(long, default_value_t = GameCaps::default().pawn_free_cells)]
    pawn_max_free_cells: u64,
    /// lattice-dp: most states C(n+m, n) of a board (422 beyond).
    #[arg(long, default_value_t = GameCaps::default().lattice_states)]
    lattice_max_states: u64,
    /// segment-nim: most pawns of a board (422 beyond).
    #[arg(long, default_value_t = GameCaps::default().segment_pawns)]
    segment_max_pawns: u64,
    /// edmonds-blossom: most cells of a king board (422 beyond).
    #[arg(long, default_value_t = GameCaps::default().king_cells)]
    king_max_cells: u64,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let defaults = Config::default();
    let config = Config {
        max_body_bytes: args.max_body_bytes,
        max_solves: args.max_solves.unwrap_or(defaults.max_solves).max(1),
        time_limit: Duration::from_millis(args.time_limit_ms.max(1)),
        retry_after_secs: defaults.retry_after_secs,
        caps: GameCaps {
            pawn_free_cells: args.pawn_max_free_cells,
            lattice_states: args.lattice_max_states,
            segment_pawns: args.segment_max_pawns,
            king_cells: args.king_max_cells,
        },
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("error: cannot start the runtime: {e}");
            return ExitCode::from(1);
        }
    };
    runtime.block_on(serve(SocketAddr::new(args.bind, args.port), config))
}

async fn serve(address: SocketAddr, config: Config) -> ExitCode {
    let listener = match tokio::net::TcpListener::bind(address).await {
        Ok(listener) => listener,
        Err(e) => {
            eprintln!("error: cannot listen on {address}: {e}");
            return ExitCode::from(2);
        }
    };
    let address = listener.local_addr().unwrap_or(address);
    let games = games::all(&config.caps);
    if !address.ip().is_loopback() {
        eprintln!(
            "warning: listening on {address}, which other machines may reach (the default is 127.0.0.1)"
        );
    }
    println!("playground: http://{address}/");
    let shutdown = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    match axum::serve(listener, router(games, config)).with_graceful_shutdown(shutdown).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: the server stopped: {e}");
            ExitCode::from(1)
        }
    }
}
