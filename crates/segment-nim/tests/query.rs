//! `query`, `play` and the report model: the reference answers of testdata/segment-nim/queries,
//! the corpus start positions against the default answers, every `--json` line of the binary
//! against the model's checker, bad query input, and scripted play.

mod common;

use std::path::{Path, PathBuf};

use damaged_input::report::check_report_line;
use grid_core::cli::play::{Hints, Input, PlayGame, SessionEnd, play};
use grid_core::report::Value;
use proptest::prelude::*;
use segment_nim::cli::{run_answers, run_query};
use segment_nim::play::{Game, PlayPosition};
use segment_nim::query::{eval_of, solve_query};
use segment_nim::{Board, BoardReader, Colour, Outcome};

use common::{solver, text};

fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/segment-nim")
}

fn check_every_line(stdout: &str) {
    assert!(!stdout.is_empty());
    for line in stdout.lines() {
        check_report_line(line).unwrap();
    }
}

#[test]
fn every_reference_answer() {
    let dir = testdata().join("queries");
    let input = std::fs::read(dir.join("segment-nim.in")).unwrap();
    let expected = std::fs::read_to_string(dir.join("segment-nim.expected")).unwrap();
    let mut out = Vec::new();
    run_query(&input, grid_core::cli::args::Format::Json, &mut out).unwrap();
    let got = text(&out);
    let got: Vec<&str> = got.lines().collect();
    let expected: Vec<&str> = expected.lines().collect();
    assert_eq!(got.len(), expected.len());
    assert_eq!(got.len(), 300);
    for (i, (line, want)) in got.iter().zip(&expected).enumerate() {
        check_report_line(line).unwrap();
        let json: serde_json::Value = serde_json::from_str(line).unwrap();
        let mut want = want.split_whitespace();
        let (value, moves) = (want.next().unwrap(), want.next().unwrap());
        assert_eq!(json["value"], value, "position {}", i + 1);
        assert_eq!(json["legal_moves"].as_u64().unwrap().to_string(), moves, "position {}", i + 1);
        let listed: u64 = json["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["distances"][1].as_u64().unwrap() - m["distances"][0].as_u64().unwrap() + 1)
            .sum();
        assert_eq!(listed.to_string(), moves, "position {}", i + 1);
        assert!(json.get("remoteness").is_none());
    }
}

#[test]
fn the_binary_agrees_with_the_reference_answers_and_the_model() {
    let dir = testdata().join("queries");
    let input = std::fs::read_to_string(dir.join("segment-nim.in")).unwrap();
    let out = solver(&["query", "--json"], &input);
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().count(), 300);
    check_every_line(&stdout);
    // `--json` belongs after the subcommand: before it, it is refused, with nothing printed.
    let out = solver(&["--json", "query"], &input);
    assert_eq!((out.status.code(), text(&out.stdout).as_str()), (Some(2), ""));
}

#[test]
fn query_on_every_corpus_start_agrees_with_the_default_answer() {
    let mut inputs: Vec<_> = std::fs::read_dir(testdata())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    assert!(inputs.len() >= 12);
    for input in inputs {
        let bytes = std::fs::read(&input).unwrap();
        let mut answers = Vec::new();
        run_answers(&bytes, grid_core::cli::args::Format::Plain, &mut answers).unwrap();
        let mut reader = BoardReader::new(&bytes).unwrap();
        let mut board = Board::default();
        let mut k = 0;
        while reader.read_into(&mut board).unwrap() {
            let q = solve_query(&board, Colour::White);
            let letter = segment_nim::Answer::from_outcome(Colour::White, q.outcome).letter();
            assert_eq!(letter, answers[2 * k], "{} board {}", input.display(), k + 1);
            if let Some(best) = q.moves.first() {
                assert_eq!(best.outcome, q.outcome, "{} board {}", input.display(), k + 1);
            }
            k += 1;
        }
    }
}

#[test]
fn default_json_lines_follow_the_model() {
    let corpus = std::fs::read_to_string(testdata().join("08-edge-small.in")).unwrap();
    let out = solver(&["--json"], &corpus);
    assert!(out.status.success());
    check_every_line(&text(&out.stdout));
    let sample = std::fs::read_to_string(testdata().join("01-sample.in")).unwrap();
    let out = solver(&["--json"], &sample);
    let stdout = text(&out.stdout);
    check_every_line(&stdout);
    let first: serde_json::Value = serde_json::from_str(stdout.lines().next().unwrap()).unwrap();
    assert_eq!(first["game"], "segment-nim");
    assert_eq!(first["to_move"], "white");
    assert_eq!(first["answer"], "C");
    assert_eq!(first["value"], "lose");
}

#[test]
fn text_report() {
    let out = solver(&["query"], "2\n9 2 3\n3 8\n2 5 6\n6 2 2 black\n5 6\n2 4\n");
    assert!(out.status.success());
    assert_eq!(
        text(&out.stdout),
        "Position 1 (9 fields), white to move: lose (answer C); 2 white, 3 black, 4 legal moves\n  \
         3 cw 1    lose\n  8 cw 1-2  lose\n  8 ccw 1   lose\n\n\
         Position 2 (6 fields), black to move: win (answer C); 2 white, 2 black, 3 legal moves\n  \
         2 ccw 1  win\n  4 ccw 1  win\n  2 cw 1   lose\n"
    );
    // One field, one legal move: the nouns in the singular.
    let out = solver(&["query"], "2\n3 1 1\n1\n3\n1 1 0\n1\n\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let firsts: Vec<String> =
        text(&out.stdout).lines().filter(|l| l.starts_with("Position")).map(str::to_string).collect();
    assert!(firsts[0].starts_with("Position 1 (3 fields), white to move: "), "{firsts:?}");
    assert!(firsts[0].ends_with("; 1 white, 1 black, 1 legal move"), "{firsts:?}");
    assert!(firsts[1].starts_with("Position 2 (1 field), white to move: "), "{firsts:?}");
    assert!(firsts[1].ends_with("; 1 white, 0 black, 0 legal moves"), "{firsts:?}");
}

#[test]
fn bad_query_input_is_one_located_line() {
    let cases = [
        ("1\n5 1 1 red\n1\n2\n", "line 2, column 7", "expected side to move `white` or `black`, found 'red'"),
        ("1\n5 1 1 white black\n1\n2\n", "line 2, column 13", "expected white position, found 'black'"),
        ("1\n5 1 1\n1 black\n2\n", "line 3, column 3", "expected black position, found 'black'"),
        ("1\n5 1 1 black\n1\n1\n", "line 4, column 1", "field 1 holds a white and a black pawn"),
        (
            "2\n5 1 1\n1\n2\n5 2 0 black\n3 3\n",
            "line 6, column 3",
            "white positions must be strictly increasing: 3 after 3",
        ),
        ("1\n5 1", "line 2, column 4", "unexpected end of input, expected c"),
        ("", "line 1, column 1", "unexpected end of input, expected number of boards t"),
    ];
    for (input, place, message) in cases {
        for args in [&["query"][..], &["query", "--json"]] {
            let out = solver(args, input);
            let err = text(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{input:?}: {err}");
            assert_eq!(err, format!("error: {place}: {message}\n"), "{input:?}");
        }
    }
    // Nothing is written for an input with an error, not even the boards before the bad one.
    let out = solver(&["query", "--json"], "2\n5 1 1\n1\n2\n5 2 0 black\n3 3\n");
    assert_eq!((out.status.code(), text(&out.stdout).as_str()), (Some(2), ""));
}

#[test]
fn a_huge_circle_is_answered_in_ranges() {
    // n = 10^18: three pawns, every move listed as a few ranges.
    let out = solver(&["query", "--json"], "1\n1000000000000000000 2 1 black\n1 2\n500000000000000000\n");
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    check_every_line(&stdout);
    let json: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(json["legal_moves"], 999_999_999_999_999_997u64);
    assert!(json["moves"].as_array().unwrap().len() <= 8, "{stdout}");
}

#[test]
fn help_states_the_formats_and_the_answer_words() {
    for args in [&["--help"][..], &["query", "--help"]] {
        let out = solver(args, "");
        assert!(out.status.success());
        let help = text(&out.stdout);
        assert!(help.contains("B = white wins") && help.contains("C = black wins"), "{args:?}: {help}");
        assert!(help.contains("R = draw") || help.contains("draw means nobody"), "{args:?}: {help}");
    }
    let help = text(&solver(&["query", "--help"], "").stdout);
    assert!(help.contains("`white` (the default) or `black`"), "{help}");
    assert!(help.contains("17 cw 1-40"), "{help}");
    let help = text(&solver(&["play", "--help"], "").stdout);
    assert!(help.contains("--as") && help.contains("--hints") && help.contains("17 cw 3"), "{help}");
}

/// A scripted session through the library.
fn session(board: Board, mover: Colour, person: Colour, script: &str) -> (SessionEnd, String) {
    let mut out = Vec::new();
    let start = PlayPosition::new(board, mover);
    let end = play(
        &mut Game,
        start,
        person.index(),
        Hints::OnRequest,
        &mut script.as_bytes(),
        Input::Script,
        &mut out,
    )
    .unwrap();
    (end, text(&out))
}

#[test]
fn play_refuses_illegal_and_malformed_moves() {
    let board = Board::from_positions(6, &[5, 6], &[2, 4]).unwrap();
    let (end, out) = session(
        board,
        Colour::White,
        Colour::Black,
        "9 cw 1\n5 up 2\n6 cw 1\n2 cw 5\n3 ccw 1\n5 cw 1\nfoo\n2 cw 1\nquit\n",
    );
    // After black's only legal reply the solver blocks black's last pawn: the game ends.
    match end {
        SessionEnd::Finished(result) => assert_eq!(result.winner, Some(0), "{out}"),
        other => panic!("{other:?}: {out}"),
    }
    assert!(out.contains("Game over: The solver wins (white): every black pawn is blocked"), "{out}");
    assert!(out.contains("white (solver) plays 6 cw 1   [win]"), "{out}");
    assert!(
        out.contains("`9 cw 1` is not a legal move here: there is no field 9 (the fields are 1 to 6);"),
        "{out}"
    );
    assert!(out.contains("`5 up 2` is not a move: the direction is cw or ccw"), "{out}");
    assert!(
        out.contains("`5 cw 1` is not a legal move here: the pawn on field 5 is white, not black;"),
        "{out}"
    );
    assert!(
        out.contains(
            "`2 cw 5` is not a legal move here: the pawn on field 2 is blocked after 1 field that way;"
        ),
        "{out}"
    );
    assert!(out.contains("`3 ccw 1` is not a legal move here: field 3 is empty;"), "{out}");
    assert!(out.contains("`6 cw 1` is not a legal move here: field 6 is empty;"), "{out}");
    assert!(out.contains("`foo` is not a move"), "{out}");
    // Every refused line gets a new prompt; the legal one is played.
    assert_eq!(out.matches("black> ").count(), 8, "{out}");
    assert!(
        out.contains("W white, B black, . empty\nfield +1  +2  +3  +4  +5  +6\n    0  W   .   B   B   W   ."),
        "{out}"
    );
}

#[test]
fn play_through_the_binary_ends_with_the_winner() {
    let dir = std::env::temp_dir().join(format!("segment-nim-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("p.in");
    // White: 1 2; black: 4 (n = 4). Black to move: 4 ccw 1 (to 3) leaves white stuck? No: white
    // 2 can still go to 4. The solver (white) wins either way; black plays its only moves.
    std::fs::write(&file, "1\n4 2 1 black\n1 2\n4\n").unwrap();
    let path = file.to_str().unwrap();
    let out = solver(&["play", path, "--as", "black", "--hints"], "4 ccw 1\nhint\n");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(stdout.contains("Legal moves, best first (value for the mover):"), "{stdout}");
    assert!(stdout.contains("Game over: The solver wins (white)"), "{stdout}");
    // A position with 1999998 legal moves is played too: hints are ranges, a typed move is
    // checked on its own.
    std::fs::write(&file, "1\n1000000 1 0\n1\n").unwrap();
    let big = solver(&["play", path], "hint\n1 cw 5\n");
    let big_out = text(&big.stdout);
    assert!(big.status.success(), "{}", text(&big.stderr));
    assert!(big_out.contains("  1 cw 1-999999  "), "{big_out}");
    assert!(big_out.contains("Game over: You win (white)"), "{big_out}");
    let no_file = solver(&["play"], "1 cw 1\n");
    assert_eq!(no_file.status.code(), Some(2));
    assert!(text(&no_file.stderr).contains("Usage: segment-nim play <FILE>"));
    let bad = solver(&["play", path, "--as", "red"], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("the sides are white and black"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Plays `plies` moves from `board`: the solver (side `solver`) plays its first listed move, the
/// other side the move `pick` chooses; the solver's value never gets worse and it never loses.
fn solver_keeps_its_value(
    board: Board,
    mover: Colour,
    solver: Colour,
    plies: usize,
    mut pick: impl FnMut(usize) -> usize,
) -> Result<Option<usize>, String> {
    let mut game = Game;
    let mut position = PlayPosition::new(board, mover);
    let start = solve_query(&position.board(), solver).outcome;
    let start = if mover == solver { start } else { solve_query(&position.board(), mover).outcome.negate() };
    for ply in 0..plies {
        if let Some(result) = game.result(&position) {
            return match result.winner {
                Some(w) if w != solver.index() => Err(format!("the solver lost a {start:?} position")),
                w => Ok(w.map(|_| ply)),
            };
        }
        let moves = game.moves(&position).map_err(|e| e.to_string())?;
        let next = if position.mover() == solver { &moves[0] } else { &moves[pick(moves.len())] };
        position = next.next.clone();
        let now = solve_query(&position.board(), position.mover()).outcome;
        let for_solver = if position.mover() == solver { now } else { now.negate() };
        if for_solver < start {
            return Err(format!("{start:?} became {for_solver:?} after {}", next.notation));
        }
    }
    Ok(None)
}

fn board_of(cells: &[u8]) -> Board {
    let fields =
        |c: u8| (1..=cells.len() as u64).filter(move |&p| cells[p as usize - 1] == c).collect::<Vec<_>>();
    Board::from_positions(cells.len() as u64, &fields(1), &fields(2)).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn the_solver_never_loses_a_won_or_drawn_position_against_random_moves(
        cells in (3usize..=14).prop_flat_map(|n| proptest::collection::vec(0u8..3, n)),
        side in 0usize..2,
        seed in any::<u64>(),
    ) {
        let board = board_of(&cells);
        let mover = if side == 0 { Colour::White } else { Colour::Black };
        prop_assume!(solve_query(&board, mover).outcome != Outcome::Lose);
        let mut state = seed | 1;
        let pick = |len: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % len as u64) as usize
        };
        prop_assert_eq!(solver_keeps_its_value(board, mover, mover, 80, pick).map(|_| ()), Ok(()));
    }
}

#[test]
fn the_solver_wins_won_positions_against_best_play() {
    // Every won position with n <= 8 (both sides to move): the solver, against an opponent that
    // always plays its first listed (best) move, keeps the win; count the games that end.
    let (mut won, mut ended) = (0, 0);
    for n in 1..=8usize {
        for code in 0..3usize.pow(n as u32) {
            let cells: Vec<u8> = (0..n).map(|i| (code / 3usize.pow(i as u32) % 3) as u8).collect();
            let board = board_of(&cells);
            for mover in Colour::BOTH {
                if solve_query(&board, mover).outcome != Outcome::Win {
                    continue;
                }
                won += 1;
                let end = solver_keeps_its_value(board.clone(), mover, mover, 200, |_| 0)
                    .unwrap_or_else(|e| panic!("{cells:?} {mover:?}: {e}"));
                ended += usize::from(end.is_some());
            }
        }
    }
    assert!(won > 1000);
    // Without remoteness the solver squeezes the opponent (fewest replies first); it finishes
    // every won game on these boards.
    assert_eq!(ended, won, "{ended} of {won} won games finished within 200 plies");
}

#[test]
fn the_value_words_match_the_model() {
    assert_eq!(eval_of(Outcome::Draw).value(), Some(Value::Draw));
    assert_eq!(eval_of(Outcome::Win).remoteness(), None);
}

#[test]
fn a_set_stop_flag_stops_the_solve() {
    use segment_nim::{QueryOptions, Stopped, parse_positions, query};
    let positions = parse_positions(b"1\n12 3 3 white\n1 2 7\n4 5 10\n").unwrap();
    let flag = std::sync::atomic::AtomicBool::new(true);
    let stopped = QueryOptions { number: 1, stop: Some(&flag) };
    assert_eq!(query(&positions[0], &stopped).err(), Some(Stopped));
    flag.store(false, std::sync::atomic::Ordering::Relaxed);
    let answer = query(&positions[0], &stopped).expect("a flag not set does not stop");
    assert!(!answer.moves.is_empty());
}
