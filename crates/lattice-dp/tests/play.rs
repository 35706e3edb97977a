//! `play`: scripted sessions through the library (byte-slice input) and through the binary.

use grid_core::cli::play::{GameResult, Hints, Input, SessionEnd, play};
use lattice_dp::Board;
use lattice_dp::play::{LatticePlay, PlayPosition};
use lattice_dp::query::{self, Position};

const BIN: &str = env!("CARGO_BIN_EXE_lattice-dp");

fn board(n: usize, m: usize, seed: usize) -> Board {
    let first = (0..n * m).map(|i| ((i * 37 + seed * 11) % 101) as i64).collect();
    let second = (0..n * m).map(|i| ((i * 53 + seed * 7) % 97) as i64).collect();
    Board::new(n, m, first, second).unwrap()
}

fn session(start: Position, person: usize, script: &str) -> (SessionEnd, String) {
    let mut out = Vec::new();
    let mut game = LatticePlay::new();
    let start = PlayPosition::new(start);
    let end =
        play(&mut game, start, person, Hints::OnRequest, &mut script.as_bytes(), Input::Script, &mut out)
            .unwrap();
    (end, String::from_utf8(out).unwrap())
}

/// A tiny deterministic generator (64-bit LCG) for the random opponent.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) as usize % n
    }
}

/// Plays from `start`: the solver (side `1 − person`) takes the best move, the person the move
/// `pick` chooses among the moves best first. Returns the person's script and the final
/// (first − second) of the session.
fn simulate(start: &Position, person: usize, mut pick: impl FnMut(usize) -> usize) -> (String, i64) {
    let mut position = start.clone();
    let mut script = String::new();
    let mut diff = 0;
    while !position.is_over() {
        let moves = query::moves(&position, &mut |_| {});
        let mover = position.side_to_move();
        let chosen = if mover == person { &moves[pick(moves.len())] } else { &moves[0] };
        if mover == person {
            script.push_str(&chosen.notation());
            script.push('\n');
        }
        diff += if mover == 0 { chosen.gain } else { -chosen.gain };
        position = chosen.next.clone();
    }
    (script, diff)
}

fn finished(end: &SessionEnd) -> &GameResult {
    match end {
        SessionEnd::Finished(result) => result,
        SessionEnd::Abandoned => panic!("session abandoned"),
    }
}

/// Against the opponent's best moves the solver ends exactly at the reported score.
#[test]
fn best_play_ends_at_the_reported_score() {
    for (n, m, taken) in [(3, 4, vec![0, 0, 0]), (4, 4, vec![2, 1, 0, 0]), (2, 5, vec![3, 0])] {
        for person in 0..2 {
            let start = Position::new(board(n, m, n + m), taken.clone()).unwrap();
            let score = query::score_of(&query::moves(&start, &mut |_| {}));
            let mover = start.side_to_move();
            let (script, diff) = simulate(&start, person, |_| 0);
            let (end, text) = session(start, person, &script);
            let result = finished(&end);
            // The side to move at the start gets exactly its score.
            assert_eq!(if mover == 0 { diff } else { -diff }, score, "{text}");
            let winner = match diff.signum() {
                1 => Some(0),
                -1 => Some(1),
                _ => None,
            };
            assert_eq!(result.winner, winner, "{text}");
            assert!(text.contains("Game over:"), "{text}");
            assert_eq!(
                text.matches("(solver) plays").count() + script.lines().count(),
                n * m - taken.iter().sum::<usize>()
            );
        }
    }
}

/// Against random moves the solver never does worse than the score of its side.
#[test]
fn random_opponents_never_beat_the_score() {
    let mut rng = Lcg(2024);
    for seed in 0..40 {
        let (n, m) = (1 + seed % 4, 1 + (seed / 4) % 5);
        let start = Position::start(board(n, m, seed));
        let person = seed % 2;
        let solver = 1 - person;
        // The solver's guaranteed score: its start score if it moves first, else minus the person's.
        let first_score = query::score_of(&query::moves(&start, &mut |_| {}));
        let solver_score = if solver == 0 { first_score } else { -first_score };
        let (script, diff) = simulate(&start, person, |len| rng.below(len));
        let solver_diff = if solver == 0 { diff } else { -diff };
        assert!(solver_diff >= solver_score, "seed {seed}: {solver_diff} < {solver_score}");
        let (end, text) = session(start, person, &script);
        let result = finished(&end);
        assert!(result.reason.contains(&format!("first {}", text_total(&text, 0))), "{text}");
        if solver_score > 0 {
            assert_eq!(result.winner, Some(solver), "{text}");
        } else if solver_score == 0 {
            assert_ne!(result.winner, Some(person), "{text}");
        }
    }
}

/// The first player's total on the last drawing of a transcript.
fn text_total(text: &str, side: usize) -> i64 {
    let line = text.lines().rfind(|l| l.starts_with("first ") && l.contains(" - second ")).unwrap();
    let words: Vec<&str> = line.split([' ', ',']).collect();
    words[if side == 0 { 1 } else { 4 }].parse().unwrap()
}

#[test]
fn illegal_and_malformed_moves_get_a_reason_and_a_new_prompt() {
    let start = Position::start(board(2, 3, 1));
    let (end, text) = session(start, 0, "2,2\n0,1\nfoo\n1,1,1\n9,9\n2,1\n  1 1 \n1,1\nquit\n");
    assert_eq!(end, SessionEnd::Abandoned);
    assert!(
        text.contains("first> 2,2\n`2,2` is not a legal move here: cell 2,1 left of it is free;"),
        "{text}"
    );
    assert!(text.contains("first> 0,1\n`0,1` is not a cell: write row,column"), "{text}");
    assert!(text.contains("first> foo\n`foo` is not a cell"), "{text}");
    assert!(text.contains("first> 1,1,1\n`1,1,1` is not a cell"), "{text}");
    assert!(text.contains("first> 9,9\n`9,9` is not a legal move here: off the board (2x3);"), "{text}");
    // `1 1` is read as `1,1`; the free cells show their values A/B under the rulers.
    assert!(
        text.contains("      1     2     3\n1     F 48/60 85/16\n2 21/69 58/25 95/78\nfirst 11 - second 0, second to move"),
        "{text}"
    );
    assert!(
        text.contains("first> 2,1\n`2,1` is not a legal move here: cell 1,1 above it is free;"),
        "{text}"
    );
    assert!(text.contains("> 1,1\n`1,1` is not a legal move here: already taken;"), "{text}");
    assert!(text.contains("Game abandoned."), "{text}");
}

#[test]
fn hints_undo_and_a_drawing_with_earlier_cells() {
    let start = Position::new(board(2, 3, 1), vec![2, 1]).unwrap();
    let (end, text) = session(start, 1, "hint\n2,2\nundo\n1,3\n2,3\n");
    assert!(matches!(end, SessionEnd::Finished(_)), "{text}");
    assert!(
        text.contains("1     x     x 85/16\n2     x 58/25 95/78\nfirst 0 - second 0, second to move"),
        "{text}"
    );
    assert!(text.contains("Legal moves, best first (value for the mover):\n  1,3  score"), "{text}");
    assert!(text.contains("the board is full: first"), "{text}");
}

#[test]
fn the_binary_plays_a_scripted_game() {
    let dir = std::env::temp_dir().join(format!("lattice-dp-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("sample.in");
    std::fs::write(&file, "2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n").unwrap();
    let file = file.to_str().unwrap();
    let run = |args: &[&str], input: &str| damaged_input::run_binary(BIN, args, input.as_bytes());
    // The sample's optimal game: 1,1 1,2 2,1 1,3 2,2 2,3; the solver (first) wins by its value, 2.
    let output = run(&["play", file, "--as", "second", "--hints"], "1,2\n1,3\n2,3\n");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(output.status.success(), "{text}");
    assert!(text.starts_with("You play second, the solver plays first."), "{text}");
    assert!(text.contains("first (solver) plays 1,1   [score 2]"), "{text}");
    assert!(
        text.contains("Game over: The solver wins (first): the board is full: first 12 - second 10."),
        "{text}"
    );
    for (args, words) in [
        (&["play"][..], "the following required arguments were not provided"),
        (&["play", "-"][..], "give its position as a FILE, not `-`"),
        (&["play", file, "--as", "third"][..], "error: --as third: the sides are first and second"),
        (&["play", file, "--json"][..], "error: unexpected argument '--json'"),
    ] {
        let output = run(args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8(output.stderr).unwrap().contains(words), "{args:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
