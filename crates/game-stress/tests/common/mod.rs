//! What the game-stress test files share: running the tool and a scratch folder.

use std::path::PathBuf;
use std::process::{Command, Output};

/// The tool under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_game-stress");

/// An empty folder of its own for `name`, under the temporary folder (`prefix` names the file).
pub fn scratch(prefix: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("game-stress-{prefix}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the tool; a run of solutions gets a time limit far above what they take (the machine
/// may be busy: a verdict here must not depend on its load) unless the test sets its own.
pub fn run(args: &[&str]) -> Output {
    let mut command = Command::new(BIN);
    command.args(args);
    if args.contains(&"--solution") && !args.contains(&"--time-limit") {
        command.args(["--time-limit", "30s"]);
    }
    let out = command.output().unwrap();
    eprintln!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    out
}
