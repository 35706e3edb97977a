//! The command line: `gen` is reproducible, usage errors exit with status 2.

use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_game-stress");

fn run(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().unwrap()
}

#[test]
fn gen_is_reproducible_and_seed_dependent() {
    for game in ["pawn-retrograde", "lattice-dp", "segment-nim", "edmonds-blossom", "matching"] {
        let a = run(&["gen", game, "--seed", "42"]);
        let b = run(&["gen", game, "--seed", "42"]);
        assert_eq!(a.status.code(), Some(0));
        assert!(!a.stdout.is_empty());
        assert_eq!(a.stdout, b.stdout, "{game}");
        let others: Vec<Vec<u8>> =
            (0..5).map(|s| run(&["gen", game, "--seed", &s.to_string()]).stdout).collect();
        assert!(others.iter().any(|o| *o != a.stdout), "{game}: every seed gives the same input");
    }
}

#[test]
fn gen_options_shape_the_input() {
    let out = run(&["gen", "pawn-retrograde", "--seed", "3", "--boards", "2", "--shape", "column"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("stress 2\n"), "{text}");
    assert!(text.lines().skip(1).all(|l| l.len() == 1 || l.ends_with(" 1")), "m = 1: {text}");
    let out = run(&["gen", "segment-nim", "--seed", "3", "--n", "1e18", "--boards", "1"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("1\n1000000000000000000 "), "{text}");
    let out = run(&["gen", "lattice-dp", "--seed", "3", "--shape", "zero", "--rows", "3", "--cols", "2"]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "3 2\n0 0\n0 0\n0 0\n0 0\n0 0\n0 0\n");
}

#[test]
fn usage_errors_exit_with_2() {
    // One row past the solver's limit on n + m.
    let half = lattice_dp::board::MAX_PERIMETER / 2;
    let (rows, cols) = ((half + 1).to_string(), (lattice_dp::board::MAX_PERIMETER - half).to_string());
    let cases: [&[&str]; 6] = [
        &["no-such-game", "--solution", "cat"],
        &["lattice-dp"],
        &["lattice-dp", "--solution", "cat", "--time-limit", "0s"],
        &["pawn-retrograde", "--solution", "cat", "--rows", "1"],
        &["lattice-dp", "--solution", "cat", "--rows", &rows, "--cols", &cols],
        &["matching", "--solution", "cat", "--jobs", "0"],
    ];
    for args in cases {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    }
}

#[test]
fn expected_prints_the_exact_answer() {
    let mut child = Command::new(BIN)
        .args(["expected", "pawn-retrograde"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(b"demo 2\n4 1\n.\nX\nO\nO\n3 3\n...\n.X.\nO.O\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "Red 1\nBlack 2\n");
}
