//! `cargo xtask ci`: everything CI checks, in the order a developer would fix them.

use crate::cargo::cargo_step;
use crate::cli::Spec;
use crate::verify;

/// The command line of `ci` (no arguments).
pub const SPEC: Spec = Spec {
    name: "ci",
    summary: "Everything CI checks: fmt check, clippy and rustdoc with warnings denied, the tests, then verify",
    usage: "",
    max_positionals: Some(0),
    positionals: &[],
    options: &[],
    listing: None,
    notes: "Runs `cargo fmt --all -- --check`, `cargo clippy --workspace --all-targets -- -D warnings`,
`cargo doc --workspace --no-deps` with rustdoc warnings denied, `cargo test --workspace`, then
`cargo xtask verify` with its defaults; stops at the first failing step. `fuzz` is not part of it.",
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
    verify::run(&verify::Options::default())
}
