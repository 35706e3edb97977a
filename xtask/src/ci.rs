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
/// The MPI step: lattice-dp's `mpi` feature checked by clippy, and the tests of its MPI binary
/// `lattice-dp-mpi` under `mpirun` (`crates/lattice-dp/tests/mpi.rs`).
const MPI_STEPS: [&[&str]; 2] = [
    &["clippy", "-p", "lattice-dp", "--all-targets", "--features", "mpi", "--", "-D", "warnings"],
    &["test", "-p", "lattice-dp", "--features", "mpi", "--test", "mpi"],
];
/// Set (to anything) to make missing root or `ip` a failure of the two-host MPI tests instead of a
/// skip; `.ci/run` sets it.
const REQUIRE_TWO_HOSTS: &str = "XTASK_REQUIRE_TWO_HOSTS";
/// lattice-dp's MPI tests with the ranks on two hosts made of network namespaces
/// (`#[ignore]`d by a plain `cargo test`: they need root and `ip`).
const TWO_HOST_TESTS: &[&str] =
    &["test", "-p", "lattice-dp", "--features", "mpi", "--test", "mpi_two_hosts", "--", "--ignored"];

/// The workspace's crates that are not for others (`publish = false`): test support, the Python
/// package (a wheel built by maturin) and this tool. Every other crate is packaged by [`PACKAGE`].
pub const UNPUBLISHED: [&str; 3] = ["damaged-input", "boardsolvers", "xtask"];

/// `cargo package` of every publishable crate, each verified by building the packaged crate alone
/// (a file it reads from outside its folder, a missing `version` or feature fails it). Uncommitted
/// changes are packaged as they are, so the step runs on a working tree too.
const PACKAGE: [&str; 9] = [
    "package",
    "--workspace",
    "--allow-dirty",
    "--exclude",
    UNPUBLISHED[0],
    "--exclude",
    UNPUBLISHED[1],
    "--exclude",
    UNPUBLISHED[2],
];

/// The command line of `ci` (no arguments).
pub const SPEC: Spec = Spec {
    name: "ci",
    summary: "Everything CI checks: fmt, clippy and rustdoc with warnings denied, the tests, the packages, verify, MPI, Python and browser tests",
    usage: "",
    max_positionals: Some(0),
    positionals: &[],
    options: &[],
    listing: None,
    notes: "Runs `cargo fmt --all -- --check`, `cargo clippy --workspace --all-targets -- -D warnings`,
`cargo doc --workspace --no-deps` with rustdoc warnings denied, `cargo test --workspace`, then
`cargo package --workspace` of every crate but damaged-input, boardsolvers and xtask (each package
built alone), then `cargo xtask verify` with its defaults, then `cargo xtask readme` (every documentation example that
shows output), then lattice-dp's distributed sweep under `mpirun` (clippy and
the tests of its `mpi` feature, which run the binary lattice-dp-mpi: Open MPI's `mpirun`, `libopenmpi-dev`
and `libclang-dev`; skipped with a message when mpirun is missing, a failure instead when
XTASK_REQUIRE_MPI is set), then the same binary with its ranks on two hosts made of network
namespaces joined by a bridge (tests/mpi_two_hosts.rs with `--ignored`: root and `ip` from
iproute2; skipped with a message without them, a failure instead when XTASK_REQUIRE_TWO_HOSTS is
set), then the Python
package (a virtual environment in target/python-venv, the pinned tools of
crates/boardsolvers/requirements.txt from PyPI, `maturin develop --profile python`, pytest on
crates/boardsolvers/tests; skipped with a message when python3 is missing, a failure instead when
XTASK_REQUIRE_PYTHON is set), then the playground's browser tests (crates/playground/e2e/run.sh: Playwright and Debian's Chromium at
/usr/bin/chromium; skipped with a message when Chromium or node is missing, a failure instead when
XTASK_REQUIRE_BROWSER is set); .ci/run sets all four; stops at the first failing step. `fuzz` is not part
of it.",
};

/// fmt check, clippy and rustdoc with warnings denied, the test suite, the packages, then `verify` (whose last
/// line is the `N passed, M failed` summary); `Ok(false)` at the first failing step.
pub fn run() -> Result<bool, String> {
    let steps: [&[&str]; 4] = [
        &["fmt", "--all", "--", "--check"],
        &["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"],
        &["doc", "--workspace", "--no-deps", "--config", r#"build.rustdocflags=["-D", "warnings"]"#],
        &["test", "--workspace"],
    ];
    for step in steps.into_iter().chain([&PACKAGE[..]]) {
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

/// Runs lattice-dp's MPI step, then its two-host tests, or says why not.
fn mpi_tests() -> Result<bool, String> {
    if !succeeds(Command::new("mpirun").arg("--version")) {
        let why = "the MPI tests need Open MPI (apt-get install -y libopenmpi-dev openmpi-bin libclang-dev)";
        return Ok(skipped("MPI tests", why, REQUIRE_MPI));
    }
    for step in MPI_STEPS {
        if !cargo_step(step)? {
            eprintln!("xtask ci: `cargo {}` failed", step.join(" "));
            return Ok(false);
        }
    }
    two_host_tests()
}

/// Runs lattice-dp's MPI tests across two hosts made of network namespaces, or says why not.
fn two_host_tests() -> Result<bool, String> {
    let root = Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.trim_ascii() == b"0");
    if !root || !succeeds(Command::new("ip").arg("-V")) {
        let why = "the two-host MPI tests make network namespaces: they need root and ip (apt-get install -y iproute2)";
        return Ok(skipped("two-host MPI tests", why, REQUIRE_TWO_HOSTS));
    }
    if !cargo_step(TWO_HOST_TESTS)? {
        eprintln!("xtask ci: `cargo {}` failed", TWO_HOST_TESTS.join(" "));
        return Ok(false);
    }
    Ok(true)
}

/// Whether `command` runs and exits 0.
fn succeeds(command: &mut Command) -> bool {
    command.output().is_ok_and(|o| o.status.success())
}

/// A step that cannot run for want of `why`: skipped with a message (`true`), or a failure
/// (`false`) when the variable `require` is set.
fn skipped(step: &str, why: &str, require: &str) -> bool {
    if std::env::var_os(require).is_some() {
        eprintln!("xtask ci: {why}, and {require} is set");
        return false;
    }
    eprintln!("xtask ci: {step} skipped: {why}");
    true
}

/// Runs the playground's browser tests, or says why not.
fn browser_tests() -> Result<bool, String> {
    if !Path::new(CHROMIUM).is_file() || !succeeds(Command::new("node").arg("--version")) {
        let why = format!("browser tests need {CHROMIUM} (apt-get install -y chromium) and node");
        return Ok(skipped("browser tests", &why, REQUIRE_BROWSER));
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
