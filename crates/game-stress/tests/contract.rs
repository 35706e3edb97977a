//! The run's contract: what is refused before any case runs, what happens when a failure cannot be
//! saved, the output rule, and the README's example solution.

mod common;
use common::{BIN, run};

use std::path::{Path, PathBuf};
use std::process::Output;

fn scratch(name: &str) -> PathBuf {
    common::scratch("contract", name)
}

fn greedy() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/greedy.py");
    format!("python3 {}", path.display())
}

/// One `error:` line on stderr, nothing on stdout, exit status 2.
fn assert_usage_error(out: &Output, needle: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(out.stdout.is_empty(), "nothing runs: {}", String::from_utf8_lossy(&out.stdout));
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("error: ") && stderr.contains(needle), "{stderr}");
}

#[test]
fn bad_solution_commands_are_refused_before_the_run() {
    let dir = scratch("commands");
    let out = dir.join("failures");
    let out = out.to_str().unwrap();
    for empty in ["", "   "] {
        assert_usage_error(&run(&["matching", "--solution", empty, "--out", out]), "empty");
    }
    let missing = run(&["matching", "--solution", "no-such-command-of-game-stress", "--out", out]);
    assert_usage_error(&missing, "not found");
    std::fs::write(dir.join("plain.txt"), "not a program").unwrap();
    let not_executable = format!("{}", dir.join("plain.txt").display());
    assert_usage_error(
        &run(&["matching", "--solution", &not_executable, "--out", out]),
        "cannot be executed",
    );
    assert!(!Path::new(out).exists(), "the check leaves no folder behind");
}

#[test]
fn an_unwritable_out_folder_is_refused_before_the_run() {
    let dir = scratch("unwritable");
    // A file where the folder should be: no user, root included, can create the folder.
    std::fs::write(dir.join("file"), "").unwrap();
    let out = dir.join("file").join("failures");
    let result = run(&["matching", "--solution", &greedy(), "--seed", "7", "--out", out.to_str().unwrap()]);
    assert_usage_error(&result, "--out");
}

#[test]
fn a_failure_that_cannot_be_saved_is_still_reported_in_full() {
    let dir = scratch("unsaved");
    // The out folder is writable, but the failure's own folder is taken by a file.
    std::fs::write(dir.join("matching-seed7-case0"), "").unwrap();
    let out = run(&["matching", "--solution", &greedy(), "--seed", "7", "--out", dir.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    for part in
        ["FAIL (WA)", "verdict: WA", "--- input ---", "--- expected ---", "--- got ---", "not saved: "]
    {
        assert!(stdout.contains(part), "{part} missing: {stdout}");
    }
    assert!(stdout.lines().last().unwrap().starts_with("FAILED 1 cases"), "{stdout}");
    assert!(stderr.lines().any(|l| l.starts_with("warning: cannot save the failure")), "{stderr}");
}

#[test]
fn the_readme_example_solution_is_shipped_and_wrong() {
    let dir = scratch("greedy");
    let out = run(&["matching", "--solution", &greedy(), "--seed", "7", "--out", dir.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout.contains("verdict: WA: line 1: expected `2`, got `1`"), "{stdout}");
    assert!(stdout.contains("shrunk input: 4 vertices, 3 edges"), "{stdout}");
    assert!(stdout.contains("1-minimal"), "{stdout}");
}

/// A solution that prints the exact answer with every space doubled and `\r\n` line ends.
fn spaced_solution(dir: &Path, game: &str) -> String {
    let script = format!(
        "import subprocess, sys\n\
         data = sys.stdin.buffer.read()\n\
         answer = subprocess.run([{BIN:?}, 'expected', {game:?}], input=data, capture_output=True, \
         check=True).stdout.decode()\n\
         sys.stdout.write(answer.replace(' ', '  ').replace('\\n', ' \\r\\n'))\n"
    );
    let path = dir.join(format!("{game}.py"));
    std::fs::write(&path, script).unwrap();
    format!("python3 {}", path.display())
}

#[test]
fn one_output_rule_for_every_game_and_strict_for_bytes() {
    let dir = scratch("rule");
    let out = dir.join("failures");
    for game in ["pawn-retrograde", "lattice-dp", "segment-nim", "edmonds-blossom", "matching"] {
        let solution = spaced_solution(&dir, game);
        let common = ["--solution", &solution, "--seed", "5", "--cases", "6", "--time-limit", "10s"];
        let loose = run(&[&[game][..], &common, &["--out", out.to_str().unwrap()]].concat());
        assert_eq!(loose.status.code(), Some(0), "{game}: spacing does not count by default");
        let strict = run(&[&[game][..], &common, &["--strict", "--out", out.to_str().unwrap()]].concat());
        assert_eq!(strict.status.code(), Some(1), "{game}: --strict compares bytes");
    }
}

#[test]
fn a_shrink_bound_is_reported_when_it_stops_short() {
    let dir = scratch("bound");
    let out = dir.join("failures");
    // Every graph with an edge fails: shrinking goes on to one edge unless a bound stops it.
    let always_wrong = "echo 0";
    let base =
        ["matching", "--solution", always_wrong, "--seed", "3", "--n", "30", "--m", "60", "--jobs", "1"];
    let budget = run(&[&base[..], &["--shrink-budget", "2", "--out", out.to_str().unwrap()]].concat());
    let text = String::from_utf8_lossy(&budget.stdout);
    assert!(text.contains("stopped by --shrink-budget, maybe not minimal"), "{text}");
    // A bound far below one run of the solution: stopped before or after the first batch.
    let time = run(&[&base[..], &["--shrink-time", "0.000001", "--out", out.to_str().unwrap()]].concat());
    let text = String::from_utf8_lossy(&time.stdout);
    assert!(text.contains("stopped by --shrink-time, maybe not minimal"), "{text}");
    let unbounded = run(&[&base[..], &["--out", out.to_str().unwrap()]].concat());
    let text = String::from_utf8_lossy(&unbounded.stdout);
    assert!(text.contains("shrunk input: 2 vertices, 1 edges") && text.contains("1-minimal"), "{text}");
}
