//! `cargo xtask fuzz`: each cargo-fuzz target of `fuzz/` for a fixed time (not part of `ci`).
//!
//! A thin wrapper: `cargo +nightly fuzz list` in `fuzz/` names the targets, and each runs as
//! `cargo +nightly fuzz run TARGET -- -max_total_time=SECONDS`.

use std::path::Path;
use std::process::Command;

use crate::cli::{Matches, Opt, Spec, UsageError};
use crate::workspace::workspace_root;

/// The command line of `fuzz`.
pub const SPEC: Spec = Spec {
    name: "fuzz",
    summary: "Run each cargo-fuzz target of fuzz/ for a while (nightly toolchain, cargo-fuzz; not in ci)",
    usage: "[TARGET]",
    max_positionals: Some(1),
    positionals: &[("TARGET", "only this fuzz target [default: every target `cargo fuzz list` names]")],
    options: &[Opt {
        name: "--seconds",
        value: Some("N"),
        help: "fuzzing time per target (libFuzzer's -max_total_time)",
        default: Some("60"),
    }],
    listing: None,
    notes: "Runs `cargo +nightly fuzz run TARGET -- -max_total_time=N` in fuzz/ for each target, one after
the other. Needs the fuzz/ directory, `rustup toolchain install nightly` and `cargo install cargo-fuzz`.",
};

/// Options of `fuzz`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Only this target (all when `None`).
    target: Option<String>,
    /// Time per target.
    seconds: u64,
}

impl Options {
    /// The options given on the command line (see [`SPEC`]).
    pub fn from_matches(matches: &Matches) -> Result<Self, UsageError> {
        let mut options = Self { target: matches.positionals.first().cloned(), seconds: 60 };
        if let Some(seconds) = matches.value("--seconds") {
            options.seconds = seconds.parse().ok().filter(|&n| n > 0).ok_or_else(|| {
                UsageError::in_command("fuzz", format!("`--seconds` takes a positive count, not `{seconds}`"))
            })?;
        }
        Ok(options)
    }
}

/// Runs the fuzz targets; `Ok(false)` if one of them failed (found a crash, or did not build).
pub fn run(options: &Options) -> Result<bool, String> {
    let dir = workspace_root().join("fuzz");
    if !dir.join("Cargo.toml").is_file() {
        return Err(format!(
            "no fuzz targets: {} is missing (create it with `cargo fuzz init`)",
            dir.join("Cargo.toml").display()
        ));
    }
    let targets = list_targets(&dir)?;
    let targets = match &options.target {
        None if targets.is_empty() => return Err("`cargo +nightly fuzz list` names no target".into()),
        None => targets,
        Some(wanted) if targets.contains(wanted) => vec![wanted.clone()],
        Some(wanted) => {
            return Err(format!(
                "no fuzz target `{wanted}` (`cargo +nightly fuzz list`: {})",
                targets.join(", ")
            ));
        }
    };
    let mut all_ok = true;
    for target in &targets {
        let time = format!("-max_total_time={}", options.seconds);
        let args = ["+nightly", "fuzz", "run", target.as_str(), "--", time.as_str()];
        eprintln!("$ cargo {}", args.join(" "));
        let status = rustup_cargo(&dir).args(args).status().map_err(|e| format!("cannot run cargo: {e}"))?;
        if !status.success() {
            eprintln!("xtask fuzz: `{target}` failed");
            all_ok = false;
        }
    }
    Ok(all_ok)
}

/// The targets `cargo +nightly fuzz list` names.
fn list_targets(dir: &Path) -> Result<Vec<String>, String> {
    let output = rustup_cargo(dir)
        .args(["+nightly", "fuzz", "list"])
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let first = stderr.lines().find(|l| !l.trim().is_empty()).unwrap_or("").trim();
        return Err(format!(
            "`cargo +nightly fuzz list` failed ({first}); fuzzing needs `rustup toolchain install nightly` \
             and `cargo install cargo-fuzz`"
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect())
}

/// `cargo` as found on `PATH` (rustup's proxy, which understands `+nightly`), run in `dir`, without
/// the toolchain choices of the cargo that runs xtask.
fn rustup_cargo(dir: &Path) -> Command {
    let mut command = Command::new("cargo");
    command.current_dir(dir).env_remove("RUSTUP_TOOLCHAIN").env_remove("RUSTC").env_remove("CARGO");
    command
}
