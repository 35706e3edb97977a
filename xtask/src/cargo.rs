//! Running cargo itself: one cargo step, and building and locating the release solvers.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::workspace::workspace_root;

/// The cargo executable that runs this xtask.
fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

/// Runs `cargo ARGS` in the workspace root; `Ok(false)` if it fails.
pub fn cargo_step(args: &[&str]) -> Result<bool, String> {
    eprintln!("$ cargo {}", args.join(" "));
    let status = cargo()
        .args(args)
        .current_dir(workspace_root())
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    Ok(status.success())
}

/// Builds the release binaries of `crates`, once, in one cargo invocation, with cargo's progress
/// on the inherited stderr (a full release build takes minutes).
pub fn build_release(crates: &[String]) -> Result<(), String> {
    build_release_with(crates, &[])
}

/// [`build_release`] with cargo `features` (`crate/feature`) enabled.
pub fn build_release_with(crates: &[String], features: &[String]) -> Result<(), String> {
    let mut args = vec!["build", "--release"];
    for name in crates {
        args.extend(["-p", name.as_str()]);
    }
    for feature in features {
        args.extend(["--features", feature.as_str()]);
    }
    if cargo_step(&args)? { Ok(()) } else { Err("building the solvers failed".into()) }
}

/// Cargo's target folder: `CARGO_TARGET_DIR` (relative to the workspace root), else `target/`.
pub fn target_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_root().join("target"));
    if target.is_absolute() { target } else { workspace_root().join(target) }
}

/// The release binary of `crate_name`.
pub fn release_binary(crate_name: &str) -> PathBuf {
    target_dir().join("release").join(crate_name)
}

/// Whether the workspace has a crate named `name` (a directory `crates/<name>` with a manifest).
pub fn crate_exists(root: &Path, name: &str) -> bool {
    root.join("crates").join(name).join("Cargo.toml").is_file()
}
