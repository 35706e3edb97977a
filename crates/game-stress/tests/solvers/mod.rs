//! The project's solver binaries, for the tests that judge them: the debug builds beside
//! game-stress's own binary, built first when one is missing (`cargo test -p game-stress` alone
//! does not build them), so that these tests always run every binary.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The games and the command of each solver binary: the binary, and the arguments that select the
/// game (the general matching runs as `edmonds-blossom matching`).
pub const SOLVERS: [(&str, &str, &[&str]); 5] = [
    ("pawn-retrograde", "pawn-retrograde", &[]),
    ("lattice-dp", "lattice-dp", &[]),
    ("segment-nim", "segment-nim", &[]),
    ("edmonds-blossom", "edmonds-blossom", &[]),
    ("matching", "edmonds-blossom", &["matching"]),
];

/// The folder of the binaries, with every solver binary in it (built on the first call if one is
/// missing, in the profile of this test's own build).
fn bin_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir =
            Path::new(env!("CARGO_BIN_EXE_game-stress")).parent().expect("target/<profile>").to_path_buf();
        let mut missing: Vec<&str> =
            SOLVERS.iter().map(|(_, binary, _)| *binary).filter(|b| !dir.join(b).exists()).collect();
        missing.dedup();
        if !missing.is_empty() {
            let profile = match dir.file_name().and_then(|n| n.to_str()) {
                Some("debug") | None => "dev",
                Some(other) => other,
            };
            let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
            let mut build = Command::new(cargo);
            build.args(["build", "--bins", "--profile", profile]);
            for name in &missing {
                build.args(["-p", name]);
            }
            assert!(build.status().expect("cargo runs").success(), "building {missing:?} failed");
        }
        for (_, binary, _) in SOLVERS {
            assert!(dir.join(binary).is_file(), "{} is not built", dir.join(binary).display());
        }
        dir
    })
}

/// The shell command that runs the solver of `game` (one of [`SOLVERS`]), its path quoted.
pub fn solver_command(game: &str) -> String {
    let (_, binary, args) = SOLVERS.iter().find(|(g, _, _)| *g == game).expect("a game of SOLVERS");
    let mut command = format!("'{}'", bin_dir().join(binary).display());
    for arg in *args {
        command.push(' ');
        command.push_str(arg);
    }
    command
}
