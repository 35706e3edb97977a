//! `cargo xtask ci`: everything CI checks, in the order a developer would fix them.

use std::path::Path;
use std::process::Command;

use crate::cargo::cargo_step;
use crate::cli::Spec;
use crate::workspace::workspace_root;
use crate::{python, readme, verify};

/// The playground's browser tests (Playwright driving Debian's Chromium).
const BROWSER_TESTS: &str = "crates/playground/e2e/run.sh";
/// Where the browser tests expect Chromium.
const CHROMIUM: &str = "/usr/bin/chromium";
/// Set (to anything) to make missing Chromium or node a failure instead of a skip; `.ci/run` sets it.
const REQUIRE_BROWSER: &str = "XTASK_REQUIRE_BROWSER";
/// Set (to anything) to make a missing Open MPI a failure instead of a skip; `.ci/run` sets it.
const REQUIRE_MPI: &str = "XTASK_REQUIRE_MPI";
/// The MPI step: lattice-dp's `mpi` feature checked by clippy, and its tests under `mpirun`.
const MPI_STEPS: [&[&str]; 2] = [
    &["clippy", "-p", "lattice-dp", "--all-targets", "--features", "mpi", "--", "-D", "warnings"],
    &["test", "-p", "lattice-dp", "--features", "mpi", "--test", "mpi"],
];

/// The command line of `ci` (no arguments).
pub const SPEC: Spec = Spec {
    name: "ci",
    summary: "Everything CI checks: fmt, clippy and rustdoc with warnings denied, the tests, verify, MPI, Python and browser tests",
    usage: "",
    max_positionals: Some(0),
    positionals: &[],
    options: &[],
    listing: None,
    notes: "Runs `cargo fmt --all -- --check`, `cargo clippy --workspace --all-targets -- -D warnings`,
`cargo doc --workspace --no-deps` with rustdoc warnings denied, `cargo test --workspace`, then
`cargo xtask verify` with its defaults, then `cargo xtask readme` (every documentation example that
shows output), then lattice-dp's distributed sweep under `mpirun` (clippy and
the tests of its `mpi` feature: Open MPI's `mpirun`, `libopenmpi-dev` and `libclang-dev`; skipped with
a message when mpirun is missing, a failure instead when XTASK_REQUIRE_MPI is set), then the Python
package (a virtual environment in target/python-venv, the pinned tools of
crates/boardsolvers/requirements.txt from PyPI, `maturin develop --profile python`, pytest on
crates/boardsolvers/tests; skipped with a message when python3 is missing, a failure instead when
XTASK_REQUIRE_PYTHON is set), then the playground's browser tests (crates/playground/e2e/run.sh: Playwright and Debian's Chromium at
/usr/bin/chromium; skipped with a message when Chromium or node is missing, a failure instead when
XTASK_REQUIRE_BROWSER is set); .ci/run sets all three; stops at the first failing step. `fuzz` is not part
of it.",
};

/// fmt check, clippy and rustdoc with warnings denied, the test suite, then `verify` (whose last
/// line is the `N passed, M failed` summary); `Ok(false)` at the first failing step.
pub fn run() -> Result<bool, String> {
    let steps: [&[&str]; 4] = [
        &["fmt", "--all", "--", "--check"],
        &["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"],
        &["doc", "--workspace", "--no-deps", "--config", r#"build.rustdocflags=["-D", "warnings"]"#],
        &["test", "--workspace"],
    ];
    for step in steps {
        if !cargo_step(step)? {
            eprintln!("xtask ci: `cargo {}` failed", step.join(" "));
            return Ok(false);
        }
    }
    if !verify::run(&verify::Options::default())? {
        return Ok(false);
    }
    if !readme::run()? {
        eprintln!("xtask ci: a documentation example printed something else (cargo xtask readme)");
        return Ok(false);
    }
    if !mpi_tests()? {
        return Ok(false);
    }
    if !python::run()? {
        return Ok(false);
    }
    browser_tests()
}

/// Runs lattice-dp's MPI step, or says why not.
fn mpi_tests() -> Result<bool, String> {
    let mpirun = Command::new("mpirun").arg("--version").output().is_ok_and(|o| o.status.success());
    if !mpirun {
        let why = "the MPI tests need Open MPI (apt-get install -y libopenmpi-dev openmpi-bin libclang-dev)";
        if std::env::var_os(REQUIRE_MPI).is_some() {
            eprintln!("xtask ci: {why}, and {REQUIRE_MPI} is set");
            return Ok(false);
        }
        eprintln!("xtask ci: MPI tests skipped: {why}");
        return Ok(true);
    }
    for step in MPI_STEPS {
        if !cargo_step(step)? {
            eprintln!("xtask ci: `cargo {}` failed", step.join(" "));
            return Ok(false);
        }
    }
    Ok(true)
}

/// Runs the playground's browser tests, or says why not.
fn browser_tests() -> Result<bool, String> {
    let node = Command::new("node").arg("--version").output().is_ok_and(|o| o.status.success());
    if !Path::new(CHROMIUM).is_file() || !node {
        let why = format!("browser tests need {CHROMIUM} (apt-get install -y chromium) and node");
        if std::env::var_os(REQUIRE_BROWSER).is_some() {
            eprintln!("xtask ci: {why}, and {REQUIRE_BROWSER} is set");
            return Ok(false);
        }
        eprintln!("xtask ci: browser tests skipped: {why}");
        return Ok(true);
    }
    eprintln!("$ bash {BROWSER_TESTS}");
    let status = Command::new("bash")
        .arg(BROWSER_TESTS)
        .current_dir(workspace_root())
        .status()
        .map_err(|e| format!("cannot run bash: {e}"))?;
    if !status.success() {
        eprintln!("xtask ci: the browser tests failed");
    }
    Ok(status.success())
}
