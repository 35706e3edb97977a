//! `cargo xtask ci`'s Python step: the `boardsolvers` package built, installed and tested in a
//! virtual environment.
//!
//! The environment is `target/python-venv` (made with `python3 -m venv` when missing); pip installs
//! the pinned tools of `crates/boardsolvers/requirements.txt` (maturin, pytest, numpy, scipy,
//! networkx) from PyPI, `maturin develop --profile python` builds the extension module (optimised,
//! without fat LTO) and installs the package, and pytest runs `crates/boardsolvers/tests`
//! against the release binaries that `verify` built before this step.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use crate::cargo::target_dir;
use crate::workspace::workspace_root;

/// The package's crate, relative to the workspace root.
const PACKAGE: &str = "crates/boardsolvers";
/// The tests compare with the binaries of this folder: the release binaries `verify` has just built.
const BINARIES: &str = "BOARDSOLVERS_BINARIES";
/// Set (to anything) to make a missing Python a failure instead of a skip; `.ci/run` sets it.
const REQUIRE_PYTHON: &str = "XTASK_REQUIRE_PYTHON";

/// Runs the Python step, or says why not; `Ok(false)` when a command of it fails.
pub fn run() -> Result<bool, String> {
    let python = Command::new("python3")
        .args(["-c", "import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 9))"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !python {
        let why = "the Python package's tests need python3 (3.9 or later) with venv and ensurepip \
                   (apt-get install -y python3-venv)";
        if std::env::var_os(REQUIRE_PYTHON).is_some() {
            eprintln!("xtask ci: {why}, and {REQUIRE_PYTHON} is set");
            return Ok(false);
        }
        eprintln!("xtask ci: Python tests skipped: {why}");
        return Ok(true);
    }
    let start = Instant::now();
    let venv = target_dir().join("python-venv");
    let bin = venv.join("bin");
    let package = workspace_root().join(PACKAGE);
    let path = |p: &Path| p.display().to_string();
    let requirements = path(&package.join("requirements.txt"));
    let manifest = path(&package.join("Cargo.toml"));
    let tests = path(&package.join("tests"));
    let mut steps = Vec::new();
    if !bin.join("python").is_file() {
        steps.push(step(Path::new("python3"), &["-m", "venv", &path(&venv)]));
    }
    steps.push(step(&bin.join("pip"), &["install", "-q", "-r", &requirements]));
    steps.push(step(&bin.join("maturin"), &["develop", "-q", "--profile", "python", "-m", &manifest]));
    steps.push(step(&bin.join("python"), &["-m", "pytest", "-q", &tests]));
    for (line, mut command) in steps {
        eprintln!("$ {line}");
        let status = command
            .env("VIRTUAL_ENV", &venv)
            .env(BINARIES, target_dir().join("release"))
            .current_dir(workspace_root())
            .status()
            .map_err(|e| format!("cannot run {line}: {e}"))?;
        if !status.success() {
            eprintln!("xtask ci: the Python package step failed at `{line}`");
            return Ok(false);
        }
    }
    eprintln!("xtask ci: Python package built and tested in {:.0?}", start.elapsed());
    Ok(true)
}

/// The command `program args…` and the line that shows it.
fn step(program: &Path, args: &[&str]) -> (String, Command) {
    let line = format!("{} {}", program.display(), args.join(" "));
    let mut command = Command::new(program);
    command.args(args);
    (line, command)
}
