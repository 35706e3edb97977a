//! The problem setter's commands: `test` over a folder, the generator and checker hooks, `hack`,
//! and shrinking to a 1-minimal case for every game.
//!
//! The solutions are small shell scripts written at test time around this crate's own binary
//! (`game-stress expected GAME` gives the exact answer, which the scripts corrupt).

mod common;
mod solvers;
use common::{BIN, run};

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use game_stress::generate::Input;
use game_stress::run::Limits;
use game_stress::verdict::Kind;
use game_stress::{Game, parse, shrink, stress};

fn scratch(name: &str) -> PathBuf {
    common::scratch("setters", name)
}

/// A shell script printing the exact answer of `game` piped through `filter`; its command.
fn wrong(dir: &Path, name: &str, game: &str, filter: &str) -> String {
    let path = dir.join(format!("{name}.sh"));
    std::fs::write(&path, format!("#!/bin/sh\n'{BIN}' expected {game} | {filter}\n")).unwrap();
    format!("sh {}", path.display())
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn corpus(game: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata").join(game)
}

/// What `expected GAME` prints for `input`.
fn exact(game: &str, input: &[u8]) -> String {
    use std::io::Write;
    let mut child = Command::new(BIN)
        .args(["expected", game])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap()
}

/// `test` passes `solution` on the default corpus of `game`.
fn corpus_passes(game: &str, solution: &str) {
    let out = run(&["test", game, "--solution", solution, "--time-limit", "20s"]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{game}: {text}");
    let last = text.lines().last().unwrap();
    let (passed, failed) = last.split_once(" passed, ").unwrap();
    assert!(passed.parse::<usize>().unwrap() > 0 && failed == "0 failed", "{game}: {last}");
}

/// The exact answers of the libraries, and the project's solver binaries (built first when
/// missing).
#[test]
fn test_passes_the_exact_solvers_on_every_corpus() {
    for (game, _, _) in solvers::SOLVERS {
        corpus_passes(game, &format!("'{BIN}' expected {game}"));
        corpus_passes(game, &solvers::solver_command(game));
    }
}

#[test]
fn test_lists_the_failing_tests_of_a_wrong_solution() {
    let dir = scratch("test-wrong");
    let solution = wrong(&dir, "tie", "pawn-retrograde", "sed 's/Tie/Red 0/'");
    let out = run(&["test", "pawn-retrograde", "--solution", &solution, "--time-limit", "20s"]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    // The tests whose answer has a tie are exactly the failing ones.
    let mut with_tie = Vec::new();
    let mut all = 0;
    for entry in std::fs::read_dir(corpus("pawn-retrograde")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "out") {
            all += 1;
            if std::fs::read_to_string(&path).unwrap().contains("Tie") {
                with_tie.push(path.file_stem().unwrap().to_string_lossy().into_owned());
            }
        }
    }
    assert!(!with_tie.is_empty());
    let failing: Vec<&str> =
        text.lines().filter(|l| l.contains(" WA: ")).map(|l| l.split_whitespace().next().unwrap()).collect();
    with_tie.sort();
    assert_eq!(failing, with_tie);
    assert!(text.lines().filter(|l| l.contains("expected `Tie`, got `Red 0`")).count() == with_tie.len());
    let last = format!("{} passed, {} failed", all - with_tie.len(), with_tie.len());
    assert_eq!(text.lines().last(), Some(last.as_str()));
}

#[test]
fn test_judges_a_folder_against_out_files_or_the_exact_answer() {
    let dir = scratch("test-folder");
    let tests = dir.join("tests");
    std::fs::create_dir_all(&tests).unwrap();
    std::fs::write(tests.join("a.in"), "1 1\n5\n3\n").unwrap();
    std::fs::write(tests.join("b.in"), "1 2\n1 1\n1 9\n").unwrap();
    // A deliberately wrong answer file: the solution is right, the test says otherwise.
    std::fs::write(tests.join("b.out"), "12345\n").unwrap();
    let solution = format!("'{BIN}' expected lattice-dp");
    let out = run(&["test", "lattice-dp", "--solution", &solution, tests.to_str().unwrap()]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.lines().any(|l| l.starts_with("a ") && l.ends_with(" AC")), "{text}");
    assert!(text.lines().any(|l| l.starts_with("b ") && l.contains("expected `12345`")), "{text}");
    assert_eq!(text.lines().last(), Some("1 passed, 1 failed"));
    // Usage errors: no such folder, an empty one.
    assert_eq!(run(&["test", "lattice-dp", "--solution", "cat", "/no/such/folder"]).status.code(), Some(2));
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    assert_eq!(
        run(&["test", "lattice-dp", "--solution", "cat", empty.to_str().unwrap()]).status.code(),
        Some(2)
    );
}

#[test]
fn a_generator_hook_feeds_the_run_and_its_failures_shrink() {
    let dir = scratch("generator");
    // A testlib-style generator: one segment-nim input for the seed argument, boards of up to 30
    // fields with pawns on a third of them.
    let generator = dir.join("gen.py");
    std::fs::write(
        &generator,
        "import random, sys\n\
         r = random.Random(int(sys.argv[1]))\n\
         boards = []\n\
         for _ in range(r.randint(1, 3)):\n    \
             n = r.randint(1, 30)\n    \
             fields = sorted(r.sample(range(1, n + 1), r.randint(0, n // 3)))\n    \
             white = [f for f in fields if r.random() < 0.5]\n    \
             black = [f for f in fields if f not in white]\n    \
             boards.append('%d %d %d\\n%s\\n%s' % (n, len(white), len(black), ' '.join(map(str, white)), ' '.join(map(str, black))))\n\
         print(len(boards))\n\
         print('\\n'.join(boards))\n",
    )
    .unwrap();
    let generator = format!("python3 {}", generator.display());
    let solution = wrong(&dir, "b-for-r", "segment-nim", "sed 's/^R$/B/'");
    let out_dir = dir.join("failures");
    let out = run(&[
        "segment-nim",
        "--solution",
        &solution,
        "--generator",
        &generator,
        "--seed",
        "3",
        "--cases",
        "200",
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains(&format!("original input again: {generator} ")), "{text}");
    let saved = text.lines().find_map(|l| l.strip_prefix("saved to ")).unwrap();
    let input = std::fs::read_to_string(Path::new(saved).join("shrunk.in")).unwrap();
    let Ok(Input::Segment(shrunk)) = parse::parse(Game::SegmentNim, input.as_bytes()) else {
        panic!("{input}")
    };
    assert!(shrunk.boards.len() == 1 && shrunk.boards[0].n <= 4, "{input}");
    // A generator whose output is not an input is refused before the run.
    let broken = run(&[
        "segment-nim",
        "--solution",
        "cat",
        "--generator",
        "echo 1 2 3 #",
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    assert_eq!(broken.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&broken.stderr).starts_with("error: the generator's output for seed"));
}

#[test]
fn a_checker_hook_judges_instead_of_the_comparison() {
    let dir = scratch("checker");
    // Off by one on every answer.
    let solution = wrong(&dir, "plus-one", "lattice-dp", "awk '{ print $1 + 1 }'");
    // A testlib-convention checker accepting an answer within one of the jury's.
    let checker = dir.join("near.sh");
    std::fs::write(
        &checker,
        "#!/bin/sh\n\
         got=$(cat \"$2\"); want=$(cat \"$3\")\n\
         d=$((got - want)); [ $d -le 1 ] && [ $d -ge -1 ] && exit 0\n\
         echo \"$got is not within 1 of $want\" >&2; exit 1\n",
    )
    .unwrap();
    let near = format!("sh {}", checker.display());
    let out_dir = dir.join("failures");
    let common = [
        "lattice-dp",
        "--solution",
        &solution,
        "--seed",
        "2",
        "--cases",
        "30",
        "--out",
        out_dir.to_str().unwrap(),
    ];
    assert_eq!(run(&common).status.code(), Some(1), "the built-in comparison fails it");
    assert_eq!(run(&[&common[..], &["--checker", &near]].concat()).status.code(), Some(0));
    // A stricter checker (the exact bytes) rejects it, with its message.
    let exact_checker = "sh -c 'cmp -s \"$2\" \"$3\" || { echo differs >&2; exit 1; }' checker";
    let rejected = run(&[&common[..], &["--checker", exact_checker]].concat());
    assert_eq!(rejected.status.code(), Some(1));
    assert!(stdout(&rejected).contains("verdict: WA: checker: differs"), "{}", stdout(&rejected));
}

#[test]
fn hack_builds_a_test_set_failing_every_wrong_solution() {
    let dir = scratch("hack");
    let game = "pawn-retrograde";
    let solutions = [
        wrong(
            &dir,
            "black-plus-one",
            game,
            "awk '$1 == \"Black\" { print \"Black\", $2 + 1; next } { print }'",
        ),
        wrong(&dir, "tie-as-red", game, "sed 's/Tie/Red 0/'"),
        wrong(&dir, "red-capped", game, "awk '$1 == \"Red\" && $2 > 2 { print \"Red\", 2; next } { print }'"),
    ];
    let out_dir = dir.join("tests");
    let mut args = vec!["hack", game, "--seed", "1", "--out", out_dir.to_str().unwrap()];
    for s in &solutions {
        args.extend(["--solution", s.as_str()]);
    }
    let out = run(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    // The last line of standard error counts the work: the runs of the summary, and the cases.
    let summary = stdout(&out).lines().last().unwrap().to_string();
    let runs = summary.split(", ").find_map(|w| w.strip_suffix(" runs")).unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let work = stderr.lines().last().unwrap().strip_prefix("work: ").unwrap();
    let (work_runs, cases) = work.split_once(" solution runs, ").unwrap();
    let cases: usize = cases.strip_suffix(" cases tried").unwrap().parse().unwrap();
    assert!(work_runs == runs && (3..=runs.parse().unwrap()).contains(&cases), "{summary}\n{work}");
    let manifest = std::fs::read_to_string(out_dir.join("manifest.txt")).unwrap();
    let mut tests: Vec<PathBuf> = std::fs::read_dir(&out_dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    tests.sort();
    assert!(!tests.is_empty() && tests.len() <= 3, "{manifest}");
    let limits = Limits::default();
    let mut failed = [false; 3];
    for (t, path) in tests.iter().enumerate() {
        let input = std::fs::read(path).unwrap();
        let answer = std::fs::read_to_string(path.with_extension("out")).unwrap();
        // The exact solver passes every test: the answer file is its output.
        assert_eq!(answer, exact(game, &input), "{}", path.display());
        let line = manifest.lines().find(|l| l.starts_with(&format!("{:02}: fails ", t + 1))).unwrap();
        let parsed = parse::parse(Game::PawnRetrograde, &input).unwrap();
        for (s, solution) in solutions.iter().enumerate() {
            let judged = stress::judge(&parsed, solution, &limits).unwrap();
            let listed = line.contains(&format!(" {} (", s + 1));
            assert_eq!(!judged.verdict.is_accepted(), listed, "{line}: solution {}", s + 1);
            failed[s] |= listed;
        }
    }
    assert_eq!(failed, [true; 3], "{manifest}");
    for s in &solutions {
        assert!(manifest.contains(s.as_str()), "{manifest}");
    }
}

#[test]
fn hack_reports_a_solution_it_cannot_fail() {
    let dir = scratch("hack-right");
    let game = "segment-nim";
    let right = format!("'{BIN}' expected {game}");
    let wrong = wrong(&dir, "b-for-r", game, "sed 's/^R$/B/'");
    let out_dir = dir.join("tests");
    let args =
        ["hack", game, "--seed", "1", "--cases", "40", "--solution", &wrong, "--solution", &right, "--out"];
    let out = run(&[&args[..], &[out_dir.to_str().unwrap()]].concat());
    assert_eq!(out.status.code(), Some(1));
    let manifest = std::fs::read_to_string(out_dir.join("manifest.txt")).unwrap();
    assert!(manifest.contains("not failed: solution 2 (no failing case in 40 cases)"), "{manifest}");
    assert!(manifest.contains("01: fails 1 (WA)"), "{manifest}");
}

/// Runs `solution` on the game with the built-in generator (and its `options`), reads the shrunk
/// case back and checks that it is 1-minimal: every single reduction the shrinker knows passes (or
/// fails otherwise).
fn assert_one_minimal(game: Game, options: &[&str], solution: &str, dir: &Path) -> Input {
    let out_dir = dir.join("failures");
    let out = run(&[
        &[game.name()],
        options,
        &["--solution", solution, "--seed", "4", "--time-limit", "10s", "--out", out_dir.to_str().unwrap()],
    ]
    .concat());
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("verdict: WA"), "{text}");
    assert!(text.contains(", 1-minimal)"), "{text}");
    let saved = text.lines().find_map(|l| l.strip_prefix("saved to ")).unwrap();
    let input = std::fs::read(Path::new(saved).join("shrunk.in")).unwrap();
    let shrunk = parse::parse(game, &input).unwrap();
    let limits = Limits { time: std::time::Duration::from_secs(10), memory_mib: None };
    assert_eq!(stress::judge(&shrunk, solution, &limits).unwrap().verdict.kind(), Kind::WrongAnswer);
    let reductions = shrink::candidates(&shrunk);
    for smaller in &reductions {
        let kind = stress::judge(smaller, solution, &limits).unwrap().verdict.kind();
        assert_ne!(
            kind,
            Kind::WrongAnswer,
            "{}: a reduction still fails:\n{}",
            game.name(),
            smaller.render()
        );
    }
    shrunk
}

#[test]
fn every_game_shrinks_to_a_one_minimal_case() {
    let dir = scratch("minimal");
    let cases: [(Game, &str); 5] = [
        (Game::PawnRetrograde, "awk '$1 == \"Black\" { print \"Black\", $2 + 1; next } { print }'"),
        (Game::LatticeDp, "awk '{ if ($1 % 2 != 0) print $1 + 1; else print }'"),
        (Game::SegmentNim, "sed 's/^R$/B/'"),
        (Game::EdmondsBlossom, "sed 's/daizhenyang win/daizhenyang lose/'"),
        // A maximum matching less its last edge, from two edges on.
        (
            Game::Matching,
            "awk 'NR == 1 { k = $1; if (k >= 2) k = k - 1; print k; next } NR <= k + 1 { print }'",
        ),
    ];
    for (game, filter) in cases {
        let solution = wrong(&dir, game.name(), game.name(), filter);
        let shrunk = assert_one_minimal(game, &[], &solution, &dir.join(game.name()));
        if let Input::Segment(s) = &shrunk {
            assert!(s.boards.iter().all(|b| b.n <= 4), "{}", shrunk.render());
        }
    }
}

/// The king game's obstacles shrink too. A solution that guesses by the parity of the free cells
/// (a win when even) counts cells the king never reaches: its shrunk case keeps obstacles whose
/// freeing passes, and the 1-minimal check re-runs those reductions. Every obstacle is either on
/// the border of the king's region (freeing it would grow the game: no reduction) or one the
/// shrinker knows how to free.
#[test]
fn king_boards_shrink_their_obstacles() {
    let dir = scratch("minimal-obstacles");
    let game = Game::EdmondsBlossom;
    let script = dir.join("parity.sh");
    let guess = "daizhenyang \" (f % 2 ? \"lose\" : \"win\")";
    let awk = format!(
        "NR == 1 {{ next }} /^[0-9]/ {{ if (b) print \"Case #\" b \": {guess}; b++; f = 0; next }} \
         {{ f += gsub(/[.K]/, \"\") }} END {{ if (b) print \"Case #\" b \": {guess} }}"
    );
    std::fs::write(&script, format!("#!/bin/sh\nawk '{awk}'\n")).unwrap();
    let solution = format!("sh {}", script.display());
    let options = ["--boards", "1", "--rows", "6", "--cols", "6", "--density", "0.5"];
    let shrunk = assert_one_minimal(game, &options, &solution, &dir);
    let Input::King(king) = &shrunk else { unreachable!() };
    let reductions = shrink::candidates(&shrunk);
    let mut freeable = 0;
    for (b, board) in king.boards.iter().enumerate() {
        let region = game_stress::games::king::shrink::region(board);
        for i in (0..board.blocked.len()).filter(|&i| board.blocked[i]) {
            let (r, c) = ((i / board.cols) as isize, (i % board.cols) as isize);
            // One of the king's 20 moves (HDU 3446) from a cell of the region.
            let borders = (0..board.blocked.len()).any(|j| {
                let (dr, dc) = ((j / board.cols) as isize - r, (j % board.cols) as isize - c);
                let step = (dr.abs(), dc.abs());
                region[j] && step.0 <= 2 && step.1 <= 2 && step != (0, 2) && step != (2, 0)
            });
            let mut freed = king.clone();
            freed.boards[b].blocked[i] = false;
            let known = reductions.contains(&Input::King(freed));
            freeable += usize::from(known);
            assert!(
                borders != known,
                "obstacle {i} of board {b}: borders the region {borders}, known {known}:\n{}",
                shrunk.render()
            );
        }
    }
    assert!(freeable > 0, "{}", shrunk.render());
}

#[test]
fn hack_checks_the_reference_against_the_exact_answers() {
    let dir = scratch("hack-reference");
    let game = "pawn-retrograde";
    let exact_solver = format!("'{BIN}' expected {game}");
    let wrong_solution = wrong(&dir, "tie-as-red", game, "sed 's/Tie/Red 0/'");
    let out_dir = dir.join("tests");
    let base = ["hack", game, "--seed", "1", "--cases", "200", "--out", out_dir.to_str().unwrap()];
    // A trusted reference that is right: the tests are written, with its answers.
    let trusted = run(&[&base[..], &["--solution", &wrong_solution, "--reference", &exact_solver]].concat());
    assert_eq!(trusted.status.code(), Some(0), "{}", stdout(&trusted));
    assert!(stdout(&trusted).contains(&format!("reference: {exact_solver}")));
    // A "reference" that is wrong on ties makes the right solution fail, and is caught.
    let bad = run(&[&base[..], &["--solution", &exact_solver, "--reference", &wrong_solution]].concat());
    let text = stdout(&bad);
    assert_eq!(bad.status.code(), Some(1), "{text}");
    assert!(
        text.lines().any(|l| l.starts_with("reference fails 01: ") && l.contains("expected `Tie`")),
        "{text}"
    );
}

/// Every input of the corpora reads back into the structure the shrinkers reduce, and renders to an
/// input with the same exact answer: the shrinkers work on inputs they did not generate.
#[test]
fn every_corpus_input_reads_back_for_shrinking() {
    let games = [
        (Game::PawnRetrograde, "pawn-retrograde", ""),
        (Game::LatticeDp, "lattice-dp", ""),
        (Game::SegmentNim, "segment-nim", ""),
        (Game::EdmondsBlossom, "edmonds-blossom", "hdu-"),
        (Game::Matching, "edmonds-blossom", "lc-"),
    ];
    for (game, folder, prefix) in games {
        let mut read = 0;
        for entry in std::fs::read_dir(corpus(folder)).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if !name.ends_with(".in") || !name.starts_with(prefix) || name.starts_with("hdu-all-") {
                continue;
            }
            let text = std::fs::read(&path).unwrap();
            let input = parse::parse(game, &text).unwrap_or_else(|e| panic!("{name}: {e}"));
            let again = game_stress::reference::expected(game, input.render().as_bytes()).unwrap();
            assert_eq!(again, game_stress::reference::expected(game, &text).unwrap(), "{name}");
            read += 1;
        }
        assert!(read > 0, "{folder}/{prefix}");
    }
}
