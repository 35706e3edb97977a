//! The tool against deliberately wrong solutions, and a correct one.
//!
//! The wrong solutions are small Python scripts written to a temporary folder at test time. Each
//! asks `game-stress expected GAME` (this crate's own binary, `CARGO_BIN_EXE_game-stress`, so the
//! tests need nothing but `cargo test -p game-stress` and `python3`) for the exact answer and
//! corrupts it on some inputs. The tests run the binary as a user would, check the verdict and the
//! exit status, and read the shrunk case back from the `--out` folder to check its size bound.

use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_game-stress");

/// A scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("game-stress-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes a Python solution whose `answer()` is the exact answer of `game` for the input `data`,
/// followed by `body`; returns the command that runs it.
fn python_solution(dir: &Path, game: &str, body: &str) -> String {
    let script = format!(
        "import os, subprocess, sys, time\n\
         data = sys.stdin.buffer.read()\n\
         def answer():\n    \
             return subprocess.run([{BIN:?}, 'expected', {game:?}], input=data, capture_output=True, \
         check=True).stdout.decode()\n\
         {body}\n"
    );
    let path = dir.join("solution.py");
    std::fs::write(&path, script).unwrap();
    format!("python3 {}", path.display())
}

/// What a run of the tool gave.
struct Outcome {
    status: i32,
    stdout: String,
    /// The folder of the (first) saved failure.
    saved: Option<PathBuf>,
}

impl Outcome {
    fn input(&self) -> String {
        std::fs::read_to_string(self.saved.as_ref().expect("a saved failure").join("shrunk.in")).unwrap()
    }
}

fn stress(dir: &Path, game: &str, solution: &str, extra: &[&str]) -> Outcome {
    let out = Command::new(BIN)
        .args([game, "--solution", solution, "--seed", "1", "--out"])
        .arg(dir.join("failures"))
        .args(if extra.contains(&"--jobs") { &[][..] } else { &["--jobs", "2"][..] })
        // A generous limit, so that a loaded machine never turns a WA into a TLE.
        .args(if extra.contains(&"--time-limit") { &[][..] } else { &["--time-limit", "10s"][..] })
        .args(extra)
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let saved = stdout.lines().find_map(|l| l.strip_prefix("saved to ")).map(PathBuf::from);
    eprintln!("{stdout}{}", String::from_utf8_lossy(&out.stderr));
    Outcome { status: out.status.code().unwrap_or(-1), stdout, saved }
}

/// The `(rows, cols, obstacles)` of each board of a pawn or king input (boards start after `skip`
/// header tokens).
fn boards(input: &str, header_lines: usize) -> Vec<(usize, usize, usize)> {
    let mut lines = input.lines().skip(header_lines);
    let mut out = Vec::new();
    while let Some(size) = lines.next() {
        let (r, c) = size.split_once(' ').unwrap();
        let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
        let obstacles = (0..r).map(|_| lines.next().unwrap().matches('#').count()).sum();
        out.push((r, c, obstacles));
    }
    out
}

fn verdict_line(out: &Outcome) -> &str {
    out.stdout.lines().find(|l| l.starts_with("verdict: ")).expect("a verdict line")
}

#[test]
fn pawn_off_by_one_is_wa_and_shrinks_to_a_small_board() {
    let dir = scratch("pawn-off-by-one");
    // Adds one to Black's distance.
    let body = "import re\n\
        sys.stdout.write(re.sub(r'Black (\\d+)', lambda m: 'Black %d' % (int(m.group(1)) + 1), answer()))";
    let out = stress(&dir, "pawn-retrograde", &python_solution(&dir, "pawn-retrograde", body), &[]);
    assert_eq!(out.status, 1);
    assert!(verdict_line(&out).starts_with("verdict: WA: line 1: expected `Black"), "{}", out.stdout);
    let boards = boards(&out.input(), 1);
    assert_eq!(boards.len(), 1);
    let (r, c, _) = boards[0];
    assert!(r <= 4 && c <= 4, "shrunk to at most 4x4, got {r}x{c}");
    // `gen` with the reported case seed gives the original input back.
    let saved = out.saved.as_ref().unwrap();
    let info = std::fs::read_to_string(saved.join("info.txt")).unwrap();
    let seed = info.split("(case seed ").nth(1).unwrap().split(')').next().unwrap();
    let regenerated = Command::new(BIN).args(["gen", "pawn-retrograde", "--seed", seed]).output().unwrap();
    assert_eq!(regenerated.stdout, std::fs::read(saved.join("original.in")).unwrap());
    // The saved folder is a test folder: `test` judges the shrunk and the original case as they are.
    let solution = python_solution(&dir, "pawn-retrograde", body);
    let judged = Command::new(BIN)
        .args(["test", "pawn-retrograde", "--solution", &solution])
        .arg(saved)
        .output()
        .unwrap();
    let table = String::from_utf8(judged.stdout).unwrap();
    assert_eq!(judged.status.code(), Some(1), "{table}");
    for name in ["original", "shrunk"] {
        let row =
            table.lines().find(|l| l.starts_with(name)).unwrap_or_else(|| panic!("no {name} row: {table}"));
        assert!(row.contains("WA: line 1: expected `Black"), "{row}");
    }
    assert!(table.ends_with("0 passed, 2 failed\n"), "{table}");
}

#[test]
fn pawn_tie_mishandled_is_wa_on_a_tie_board() {
    let dir = scratch("pawn-tie");
    // Prints `Red 0` for a tie.
    let body = "sys.stdout.write(answer().replace('Tie', 'Red 0'))";
    let out = stress(&dir, "pawn-retrograde", &python_solution(&dir, "pawn-retrograde", body), &[]);
    assert_eq!(out.status, 1);
    assert!(verdict_line(&out).contains("expected `Tie`, got `Red 0`"), "{}", out.stdout);
    let boards = boards(&out.input(), 1);
    assert_eq!(boards.len(), 1);
    let (r, c, _) = boards[0];
    assert!(r <= 4 && c <= 4, "shrunk to at most 4x4, got {r}x{c}");
}

#[test]
fn lattice_column_bug_is_wa_and_shrinks_to_two_cells() {
    let dir = scratch("lattice-column");
    // On an n x 1 board (n >= 2) prints sum(A) - sum(B), ignoring whose turn takes which cell.
    let body = "v = list(map(int, data.split()))\n\
        n, m = v[0], v[1]\n\
        if m == 1 and n >= 2:\n    print(sum(v[2:2 + n]) - sum(v[2 + n:]))\n\
        else:\n    sys.stdout.write(answer())";
    let out = stress(&dir, "lattice-dp", &python_solution(&dir, "lattice-dp", body), &[]);
    assert_eq!(out.status, 1);
    assert!(verdict_line(&out).starts_with("verdict: WA: line 1"), "{}", out.stdout);
    let input = out.input();
    assert!(input.starts_with("2 1\n"), "shrunk to a 2x1 board, got {input}");
}

#[test]
fn segment_b_for_r_is_wa_and_shrinks_to_two_pawns() {
    let dir = scratch("segment-b-for-r");
    let body = "sys.stdout.write(answer().replace('R', 'B'))";
    let out = stress(&dir, "segment-nim", &python_solution(&dir, "segment-nim", body), &[]);
    assert_eq!(out.status, 1);
    assert!(verdict_line(&out).contains("expected `R`, got `B`"), "{}", out.stdout);
    let numbers: Vec<u64> = out.input().split_whitespace().map(|t| t.parse().unwrap()).collect();
    // t = 1, then n w c: one board of at most 4 fields and 2 pawns.
    assert_eq!(numbers[0], 1, "{numbers:?}");
    assert!(numbers[1] <= 4 && numbers[2] + numbers[3] <= 2, "{numbers:?}");
}

#[test]
fn greedy_matching_is_valid_but_not_maximum() {
    let dir = scratch("matching-greedy");
    // A maximal matching in input order: valid, not always maximum.
    let body = "v = list(map(int, data.split()))\n\
        n, m = v[0], v[1]\n\
        used, pairs = set(), []\n\
        for i in range(m):\n    \
            a, b = v[2 + 2 * i], v[3 + 2 * i]\n    \
            if a not in used and b not in used:\n        used |= {a, b}\n        pairs.append((a, b))\n\
        print(len(pairs))\n\
        for a, b in pairs:\n    print(a, b)";
    let out = stress(&dir, "matching", &python_solution(&dir, "matching", body), &[]);
    assert_eq!(out.status, 1);
    assert!(verdict_line(&out).starts_with("verdict: WA: line 1: expected `"), "{}", out.stdout);
    let header: Vec<usize> =
        out.input().lines().next().unwrap().split(' ').map(|t| t.parse().unwrap()).collect();
    assert!(header[0] <= 8 && header[1] <= 8, "shrunk to at most 8 vertices and 8 edges: {header:?}");
}

#[test]
fn sleeping_solution_is_tle_and_shrinks_to_one_cell() {
    let dir = scratch("king-tle");
    let body = "time.sleep(30)";
    let out = stress(
        &dir,
        "edmonds-blossom",
        &python_solution(&dir, "edmonds-blossom", body),
        &["--time-limit", "300ms"],
    );
    assert_eq!(out.status, 1);
    assert!(verdict_line(&out).starts_with("verdict: TLE"), "{}", out.stdout);
    assert_eq!(out.input(), "1\n1 1\nK\n");
}

#[test]
fn crashing_solution_is_re_and_shrinks_to_one_obstacle() {
    let dir = scratch("pawn-crash");
    // Aborts (SIGABRT) on any board with an obstacle.
    let body = "if b'#' in data:\n    os.abort()\nsys.stdout.write(answer())";
    let out = stress(&dir, "pawn-retrograde", &python_solution(&dir, "pawn-retrograde", body), &[]);
    assert_eq!(out.status, 1);
    assert!(verdict_line(&out).contains("RE: killed by signal 6 (SIGABRT)"), "{}", out.stdout);
    let boards = boards(&out.input(), 1);
    assert_eq!(boards.len(), 1);
    let (r, c, obstacles) = boards[0];
    assert!(obstacles == 1 && r <= 3 && c <= 3, "one obstacle on at most 3x3, got {r}x{c}, {obstacles}");
}

#[test]
fn memory_hog_is_re_under_the_memory_limit() {
    let dir = scratch("memory");
    let body = "x = bytearray(1 << 30)\nsys.stdout.write(answer())";
    let out = stress(
        &dir,
        "segment-nim",
        &python_solution(&dir, "segment-nim", body),
        &["--memory-limit", "200", "--cases", "5"],
    );
    assert_eq!(out.status, 1);
    assert!(verdict_line(&out).starts_with("verdict: RE: exit status 1"), "{}", out.stdout);
}

#[test]
fn malformed_output_is_invalid_output() {
    let dir = scratch("invalid");
    let body = "sys.stdout.write(answer().replace('C', 'black'))";
    let out = stress(&dir, "segment-nim", &python_solution(&dir, "segment-nim", body), &[]);
    assert_eq!(out.status, 1);
    assert!(verdict_line(&out).starts_with("verdict: invalid output: line 1: `black`"), "{}", out.stdout);
}

#[test]
fn the_first_failure_does_not_depend_on_jobs() {
    let dir = scratch("jobs");
    let body = "import re\n\
        sys.stdout.write(re.sub(r'Red (\\d+)', lambda m: 'Red %d' % (int(m.group(1)) + 2), answer()))";
    let solution = python_solution(&dir, "pawn-retrograde", body);
    let one = stress(&dir, "pawn-retrograde", &solution, &["--jobs", "1"]);
    let two = stress(&dir, "pawn-retrograde", &solution, &["--jobs", "2"]);
    assert_eq!(one.status, 1);
    let case = |o: &Outcome| o.stdout.lines().find(|l| l.starts_with("run seed")).unwrap().to_string();
    assert_eq!(case(&one), case(&two));
    assert_eq!(one.input(), two.input());
}

#[test]
fn keep_going_reports_every_failure() {
    let dir = scratch("keep-going");
    let body = "sys.stdout.write(answer().replace('R', 'B'))";
    let out = stress(
        &dir,
        "segment-nim",
        &python_solution(&dir, "segment-nim", body),
        &["--keep-going", "--cases", "12", "--shrink-budget", "4"],
    );
    assert_eq!(out.status, 1);
    let failures = out.stdout.matches("FAIL (WA)").count();
    assert!(failures >= 2, "{}", out.stdout);
    let summary = out.stdout.lines().last().unwrap();
    assert!(summary.starts_with(&format!("FAILED 12 cases, {failures} failure(s)")), "{summary}");
    let saved = std::fs::read_dir(dir.join("failures")).unwrap().count();
    assert_eq!(saved, failures);
}
