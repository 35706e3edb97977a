//! `cargo xtask`: the workspace's automation, as a plain Rust binary (no shell scripts).
//!
//! - `cargo xtask verify [CRATE...] [--filter SUBSTR] [--testdata DIR]`: build the release solvers once,
//!   run every `testdata/<crate>/*.in` through its solver in parallel and judge the answers as the
//!   crate's `cases.manifest` says (exact diff, or a checker for answers with many valid forms).
//! - `cargo xtask bench [CRATE...] [--runs N] [--write]`: run the heavy cases declared in the manifests,
//!   several times each, and print (or write to `docs/BENCHMARKS.md`) median wall time and peak memory.
//! - `cargo xtask gen NAME`: print a seeded generated input (the ones `bench` uses) to stdout.
//! - `cargo xtask ci`: everything CI checks: fmt, clippy, tests, verify.
//!
//! xtask depends on no crate of the workspace: it judges the solvers only through their binaries, so
//! its checkers are independent of the code they check.

mod bench;
mod cargo;
mod ci;
mod generate;
mod judge;
mod manifest;
mod matching_checker;
mod run;
mod verify;

use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask <verify|bench|gen|ci> [ARGS]
  verify [CRATE...] [--filter SUBSTR] [--testdata DIR]   run every test case and judge it
  bench  [CRATE...] [--runs N] [--write]                 time the heavy cases (median, peak memory)
  gen    NAME                                            print a generated bench input
  ci                                                     fmt check, clippy, tests, verify";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("verify") => verify::Options::parse(&args[1..]).and_then(|o| verify::run(&o)),
        Some("bench") => bench::Options::parse(&args[1..]).and_then(|o| bench::run(&o)),
        Some("gen") => generate::run(&args[1..]),
        Some("ci") => ci::run(),
        Some("-h" | "--help") => {
            println!("{USAGE}");
            Ok(true)
        }
        _ => Err(format!("unknown command\n{USAGE}")),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::from(2)
        }
    }
}

/// The workspace root (the parent of this crate's directory).
fn workspace_root() -> PathBuf {
    let manifest_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest_dir.parent().map(PathBuf::from).unwrap_or(manifest_dir)
}
