//! Correct solutions pass: 1000 default cases of every game, with the exact answers of the
//! libraries (`game-stress expected GAME`) and with the project's own solver binaries.

mod solvers;

use std::process::Command;

use game_stress::Game;

const BIN: &str = env!("CARGO_BIN_EXE_game-stress");

/// The time limit of each run. These tests judge answers, not speed: the debug binaries of the
/// two tests run at once, four at a time on a loaded machine, and a run of a few milliseconds was
/// once killed at the default 2 s (a TLE that passed on its rerun).
const TIME_LIMIT: &str = "60s";

fn passes(game: &str, solution: &str) {
    // One folder per call: the tests run side by side, and each checks that its own stays absent.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let out_dir =
        std::env::temp_dir().join(format!("game-stress-correct-{}-{game}-{call}", std::process::id()));
    let out = Command::new(BIN)
        .args([game, "--solution", solution, "--cases", "1000", "--seed", "2026", "--jobs", "2"])
        .args(["--time-limit", TIME_LIMIT, "--out"])
        .arg(&out_dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{game} with `{solution}`:\n{stdout}");
    assert!(stdout.starts_with("OK 1000 cases, 0 failure(s)"), "{stdout}");
    assert!(!out_dir.exists(), "nothing is saved when every case passes");
}

#[test]
fn library_answers_pass_1000_cases_of_every_game() {
    for game in Game::ALL.map(Game::name) {
        passes(game, &format!("{BIN} expected {game}"));
    }
}

/// The project's solver binaries (built first when missing) pass the same cases.
#[test]
fn solver_binaries_pass_1000_cases_of_every_game() {
    for game in Game::ALL.map(Game::name) {
        passes(game, &solvers::solver_command(game));
    }
}
