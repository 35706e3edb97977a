//! `query` and `play` of the king game:
//!
//! - the reference answers of `testdata/edmonds-blossom/queries/` (an independent HDU 3446 program
//!   with visited cells turned into obstacles): value and number of moves of every position;
//! - `query` on every corpus start position agrees with the default answer, and on every cell of
//!   the `all-starts` corpus boards with its `W`/`L`;
//! - parent/child consistency on random positions (proptest): the position's value is its best
//!   move's, and each move's value is `for_mover` of `query` on the position it leads to;
//! - an independent brute force (memoised search over visited sets, sharing no code with the
//!   library) agrees with `query` on every position of every board of at most 9 cells and on
//!   random positions of boards with up to 16 open cells, both move sets, both sides to move
//!   (`tests/oracle.rs` also runs its own brute force of the game against `query`);
//! - the binary: every `--json` line passes the report model's checker; bad query input is one
//!   located error line and exit 2;
//! - `play`: the solver wins every won position against best and random replies, and refuses
//!   illegal and malformed moves with a message and a new prompt.

mod common;

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use damaged_input::report::check_report_line;
use edmonds_blossom::query::{self, KingMoves, KingPlay, Position, QueryOptions, Side};
use edmonds_blossom::{BoardAnalysis, CellOutcome, parse_boards, parse_positions};
use grid_core::cli::play::{Hints, Input, PlayGame, SessionEnd, play};
use grid_core::report::{Eval, Value};
use proptest::prelude::*;

const BIN: &str = env!("CARGO_BIN_EXE_edmonds-blossom");

fn testdata_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/edmonds-blossom")
}

fn run(args: &[&str], stdin: &[u8]) -> Output {
    damaged_input::run_binary(BIN, args, stdin)
}

fn value_of(wins: bool) -> Eval {
    Eval::value_only(if wins { Value::Win } else { Value::Lose })
}

// ---------------------------------------------------------------------------------------------
// Reference answers and the corpus

#[test]
fn reference_answers_of_every_query() {
    let dir = testdata_dir().join("queries");
    let input = fs::read(dir.join("edmonds-blossom.in")).unwrap();
    let expected = fs::read_to_string(dir.join("edmonds-blossom.expected")).unwrap();
    let positions = parse_positions(&input).unwrap();
    let expected: Vec<&str> = expected.lines().collect();
    assert_eq!(positions.len(), expected.len());
    assert!(positions.len() >= 300);
    for (i, (position, line)) in positions.iter().zip(&expected).enumerate() {
        let report =
            query::query(position, &QueryOptions { number: i + 1, moves: KingMoves::King20, stop: None })
                .unwrap();
        let got = format!("{} {}", report.eval.value().unwrap(), report.moves.len());
        assert_eq!(got, *line, "position {} of the reference file", i + 1);
    }
    // The binary says the same, and every line it prints follows the report model.
    let output = run(&["query", "--json", dir.join("edmonds-blossom.in").to_str().unwrap()], b"");
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(text.lines().count(), expected.len());
    for (line, expected) in text.lines().zip(&expected) {
        check_report_line(line).unwrap();
        let json: serde_json::Value = serde_json::from_str(line).unwrap();
        let got = format!("{} {}", json["value"].as_str().unwrap(), json["moves"].as_array().unwrap().len());
        assert_eq!(got, *expected, "{line}");
        assert!(json.get("remoteness").is_none());
    }
}

fn corpus(prefix: &str) -> Vec<(String, Vec<u8>, String)> {
    let mut found: Vec<_> = fs::read_dir(testdata_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with(prefix))
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (name, fs::read(&p).unwrap(), fs::read_to_string(p.with_extension("out")).unwrap())
        })
        .collect();
    found.sort();
    found
}

#[test]
fn query_agrees_with_the_default_answer_on_every_corpus_start() {
    let cases: Vec<_> = corpus("hdu-").into_iter().filter(|(n, _, _)| !n.starts_with("hdu-all-")).collect();
    assert!(cases.len() >= 10);
    for (name, input, expected) in cases {
        let boards = parse_boards(&input).unwrap();
        let positions = parse_positions(&input).unwrap();
        let answers: Vec<&str> = expected.lines().collect();
        assert_eq!(answers.len(), boards.len(), "{name}");
        for (i, (board, position)) in boards.iter().zip(&positions).enumerate() {
            assert_eq!(&Position::from_board(board), position);
            let report =
                query::query(position, &QueryOptions { number: i + 1, moves: KingMoves::King20, stop: None })
                    .unwrap();
            let word = if report.eval.value() == Some(Value::Win) { "win" } else { "lose" };
            assert_eq!(format!("Case #{}: daizhenyang {word}", i + 1), answers[i].trim_end(), "{name}");
            let verdict = query::verdict_report(board, KingMoves::King20, i + 1).unwrap();
            assert_eq!(verdict.detail.answer.unwrap(), format!("daizhenyang {word}"));
        }
    }
}

/// The position of `board` with the king moved to `cell` (a free cell), nothing visited.
fn start_at(board_text: &[String], cell: (usize, usize)) -> Position {
    let mut text = format!("1\n{} {}\n", board_text.len(), board_text[0].len());
    for (r, row) in board_text.iter().enumerate() {
        let row: String = row
            .chars()
            .enumerate()
            .map(|(c, ch)| match ch {
                _ if (r, c) == cell => 'K',
                'K' => '.',
                _ => ch,
            })
            .collect();
        text.push_str(&row);
        text.push('\n');
    }
    parse_positions(text.as_bytes()).unwrap().remove(0)
}

#[test]
fn query_agrees_with_every_all_starts_cell() {
    let cases = corpus("hdu-all-");
    assert!(cases.len() >= 4);
    for (name, input, _) in cases {
        for board in parse_boards(&input).unwrap() {
            let analysis = BoardAnalysis::new(&board, KingMoves::King20.set()).unwrap();
            let rows = Position::from_board(&board).rows();
            let dims = board.dims();
            for cell in (0..dims.cells()).filter(|&c| board.is_free(c)) {
                let position = start_at(&rows, (cell / dims.cols, cell % dims.cols));
                let report = query::query(
                    &position,
                    &QueryOptions { number: 1, moves: KingMoves::King20, stop: None },
                )
                .unwrap();
                let wins = analysis.outcome(cell) == CellOutcome::Win;
                assert_eq!(report.eval, value_of(wins), "{name}: cell {cell}");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Brute force

use common::{KING20, ORTH4};

/// Exhaustive search of one board's positions: cells are `(row, column)`; `blocked` holds `#`
/// and `o` cells. Returns whether the side to move wins with the king on `at`.
fn brute_wins(
    rows: usize,
    cols: usize,
    offsets: &[(i32, i32)],
    blocked: u64,
    at: usize,
    memo: &mut HashMap<(u64, usize), bool>,
) -> bool {
    if let Some(&w) = memo.get(&(blocked, at)) {
        return w;
    }
    let (r, c) = ((at / cols) as i32, (at % cols) as i32);
    let mut wins = false;
    for &(dr, dc) in offsets {
        let (nr, nc) = (r + dr, c + dc);
        if nr < 0 || nc < 0 || nr >= rows as i32 || nc >= cols as i32 {
            continue;
        }
        let next = nr as usize * cols + nc as usize;
        if blocked >> next & 1 == 0
            && next != at
            && !brute_wins(rows, cols, offsets, blocked | 1 << at, next, memo)
        {
            wins = true;
            break;
        }
    }
    memo.insert((blocked, at), wins);
    wins
}

/// A position as text: `cells` of `.`, `#`, `o`, `K`.
fn position_text(rows: usize, cols: usize, cells: &[u8]) -> String {
    let mut text = format!("1\n{rows} {cols}\n");
    for row in cells.chunks(cols) {
        text.push_str(std::str::from_utf8(row).unwrap());
        text.push('\n');
    }
    text
}

/// Checks `query` (value, every move's value, the side to move) against brute force.
fn check_against_brute_force(rows: usize, cols: usize, cells: &[u8], moves: KingMoves) -> Result<(), String> {
    let offsets: &[(i32, i32)] = match moves {
        KingMoves::King20 => &KING20,
        KingMoves::Orth4 => &ORTH4,
    };
    let text = position_text(rows, cols, cells);
    let position = parse_positions(text.as_bytes()).unwrap().remove(0);
    let report = query::query(&position, &QueryOptions { number: 1, moves, stop: None }).unwrap();
    let blocked: u64 =
        cells.iter().enumerate().filter(|&(_, &c)| c == b'#' || c == b'o').map(|(i, _)| 1 << i).sum();
    let king = cells.iter().position(|&c| c == b'K').unwrap();
    let mut memo = HashMap::new();
    let wins = brute_wins(rows, cols, offsets, blocked, king, &mut memo);
    let visited = cells.iter().filter(|&&c| c == b'o').count();
    let side = if visited % 2 == 0 { "first" } else { "second" };
    let fail = |what: String| Err(format!("{what} on {moves:?} position\n{text}"));
    if report.to_move != side {
        return fail(format!("to_move {}", report.to_move));
    }
    if report.eval != value_of(wins) {
        return fail(format!("value {}, brute force {wins}", report.eval));
    }
    let mut expected_moves = Vec::new();
    let (r, c) = ((king / cols) as i32, (king % cols) as i32);
    for &(dr, dc) in offsets {
        let (nr, nc) = (r + dr, c + dc);
        if nr < 0 || nc < 0 || nr >= rows as i32 || nc >= cols as i32 {
            continue;
        }
        let next = nr as usize * cols + nc as usize;
        if blocked >> next & 1 == 0 {
            let mover_wins = !brute_wins(rows, cols, offsets, blocked | 1 << king, next, &mut memo);
            expected_moves.push((format!("{},{}", nr + 1, nc + 1), value_of(mover_wins)));
        }
    }
    expected_moves.sort_by(|a, b| a.0.cmp(&b.0));
    let mut got: Vec<(String, Eval)> = report.moves.iter().map(|m| (m.notation.clone(), m.eval)).collect();
    got.sort_by(|a, b| a.0.cmp(&b.0));
    if got != expected_moves {
        return fail(format!("moves {got:?}, brute force {expected_moves:?}"));
    }
    Ok(())
}

#[test]
fn brute_force_agrees_on_every_position_of_the_boards_up_to_nine_cells() {
    // Every board shape with at most 9 cells, every cell `.`, `#` or `o`, one of them the king:
    // n · 3^(n−1) positions per shape, both move sets, both sides to move.
    for rows in 1..=9usize {
        for cols in (1..=9usize).filter(|&c| rows * c <= 9) {
            let n = rows * cols;
            let mut cells = vec![b'.'; n];
            for king in 0..n {
                for code in 0..3usize.pow(n as u32 - 1) {
                    let mut rest = code;
                    for (i, cell) in cells.iter_mut().enumerate() {
                        if i == king {
                            *cell = b'K';
                        } else {
                            *cell = b".#o"[rest % 3];
                            rest /= 3;
                        }
                    }
                    for moves in [KingMoves::King20, KingMoves::Orth4] {
                        check_against_brute_force(rows, cols, &cells, moves).unwrap();
                    }
                }
            }
        }
    }
}

/// A random position: up to 6×6 with at most 16 open cells besides the king, `#` and `o` at random.
fn small_position() -> impl Strategy<Value = (usize, usize, Vec<u8>)> {
    (1usize..=6, 1usize..=6).prop_flat_map(|(rows, cols)| {
        (Just(rows), Just(cols), proptest::collection::vec(0u8..6, rows * cols), 0..rows * cols).prop_map(
            |(rows, cols, rolls, king)| {
                let mut open = 0;
                let cells = rolls
                    .iter()
                    .enumerate()
                    .map(|(i, &roll)| match roll {
                        _ if i == king => b'K',
                        0 => b'#',
                        1 => b'o',
                        _ if open < 16 => {
                            open += 1;
                            b'.'
                        }
                        _ => b'o',
                    })
                    .collect();
                (rows, cols, cells)
            },
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    #[test]
    fn brute_force_agrees_on_random_positions((rows, cols, cells) in small_position()) {
        for moves in [KingMoves::King20, KingMoves::Orth4] {
            check_against_brute_force(rows, cols, &cells, moves).map_err(TestCaseError::fail)?;
        }
    }

    #[test]
    fn parent_and_children_agree((rows, cols, cells) in small_position()) {
        let text = position_text(rows, cols, &cells);
        let position = parse_positions(text.as_bytes()).unwrap().remove(0);
        for moves in [KingMoves::King20, KingMoves::Orth4] {
            let report = query::query(&position, &QueryOptions { number: 1, moves, stop: None }).unwrap();
            check_report_line(&serde_json::to_string(&report).unwrap()).map_err(TestCaseError::fail)?;
            match Eval::best(report.moves.iter().map(|m| m.eval)) {
                Some(best) => prop_assert_eq!(best, report.eval),
                None => prop_assert_eq!(report.eval, value_of(false)),
            }
            for m in &report.moves {
                let to = m.detail.to.pos().unwrap();
                let child = position.after(moves.set(), to.row * cols + to.col).unwrap();
                prop_assert_eq!(child.to_move(), position.to_move().other());
                let child_report = query::query(&child, &QueryOptions { number: 1, moves, stop: None }).unwrap();
                prop_assert_eq!(m.eval, child_report.eval.for_mover(0), "move {} of\n{}", m.notation, text);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The binary

#[test]
fn bad_query_input_is_one_located_error() {
    for (input, location, words) in [
        ("1\n2 2\noo\no.\n", "line 3, column 1", "no 'K'"),
        ("1\n2 2\nKo\noK\n", "line 4, column 2", "second 'K'"),
        ("1\n2 2\nKo\no*\n", "line 4, column 2", "unexpected character '*'"),
        ("1\n2 2\nKo\n", "line 4, column 1", "unexpected end of input"),
        ("1\n1 1\nK\no\n", "line 4, column 1", "trailing input"),
        ("x\n", "line 1, column 1", "number of positions"),
    ] {
        for args in [&["query"][..], &["query", "--json"][..]] {
            let output = run(args, input.as_bytes());
            let stderr = String::from_utf8(output.stderr).unwrap();
            assert_eq!(output.status.code(), Some(2), "{input:?}: {stderr}");
            assert!(output.stdout.is_empty(), "{input:?}");
            assert_eq!(stderr.lines().count(), 1, "{stderr}");
            assert!(stderr.starts_with(&format!("error: {location}: ")), "{input:?}: {stderr}");
            assert!(stderr.contains(words), "{input:?}: {stderr}");
        }
    }
}

#[test]
fn every_json_line_of_the_corpus_follows_the_model() {
    for (name, _, _) in corpus("hdu-") {
        let path = testdata_dir().join(format!("{name}.in"));
        for args in [&["--json"][..], &["query", "--json"][..], &["--json", "--moves", "orth4"][..]] {
            let mut args = args.to_vec();
            args.push(path.to_str().unwrap());
            let output = run(&args, b"");
            assert_eq!(output.status.code(), Some(0), "{args:?}");
            let text = String::from_utf8(output.stdout).unwrap();
            for line in text.lines() {
                check_report_line(line).unwrap_or_else(|e| panic!("{args:?}: {e}"));
            }
        }
    }
}

#[test]
fn query_text_report() {
    let output = run(&["query", "--moves", "orth4"], b"2\n1 4\n.K..\n2 2\nKo\no.\n");
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "Position 1 (1×4), first to move: win; king on 1,2, 0 visited\n  1,1  win\n  1,3  lose\n\
         Position 2 (2×2), first to move: lose; king on 1,1, 2 visited\n  no legal move: the side to move loses\n"
    );
}

// ---------------------------------------------------------------------------------------------
// play

/// Runs a session of `play` from `start` with the scripted `input`; the person plays `person`.
fn session(start: &Position, moves: KingMoves, person: Side, input: &str) -> (SessionEnd, String) {
    let mut out = Vec::new();
    let end = play(
        &mut KingPlay::new(moves),
        start.clone(),
        person.index(),
        Hints::OnRequest,
        &mut input.as_bytes(),
        Input::Script,
        &mut out,
    )
    .unwrap();
    (end, String::from_utf8(out).unwrap())
}

/// Plays the game out with the library: the solver plays the first move of `KingPlay::moves`
/// (as `play` does), the person `pick`s among the legal moves. Returns the person's moves as a
/// script and the winner.
fn script(
    start: &Position,
    moves: KingMoves,
    person: Side,
    mut pick: impl FnMut(usize) -> usize,
) -> (String, usize) {
    let mut game = KingPlay::new(moves);
    let mut position = start.clone();
    let mut text = String::new();
    loop {
        if let Some(result) = game.result(&position) {
            return (text, result.winner.unwrap());
        }
        let legal = game.moves(&position).unwrap();
        let chosen = if position.to_move() == person {
            let m = &legal[pick(legal.len())];
            text.push_str(&m.notation);
            text.push('\n');
            m
        } else {
            &legal[0]
        };
        position = chosen.next.clone();
    }
}

fn random_won_position() -> impl Strategy<Value = (Position, KingMoves, Vec<usize>)> {
    (small_position(), any::<bool>(), proptest::collection::vec(any::<usize>(), 40)).prop_filter_map(
        "the side to move loses",
        |((rows, cols, cells), orth4, rolls)| {
            let moves = if orth4 { KingMoves::Orth4 } else { KingMoves::King20 };
            let position = parse_positions(position_text(rows, cols, &cells).as_bytes()).unwrap().remove(0);
            let wins =
                query::query(&position, &QueryOptions { number: 1, moves, stop: None }).unwrap().eval.value()
                    == Some(Value::Win);
            wins.then_some((position, moves, rolls))
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn the_solver_wins_won_positions_against_best_and_random_replies(
        (start, moves, rolls) in random_won_position(),
    ) {
        let solver = start.to_move();
        let person = solver.other();
        let mut rolls = rolls.into_iter().cycle();
        for best in [true, false] {
            let (text, winner) =
                script(&start, moves, person, |n| if best { 0 } else { rolls.next().unwrap() % n });
            prop_assert_eq!(winner, solver.index());
            let (end, transcript) = session(&start, moves, person, &text);
            match end {
                SessionEnd::Finished(result) => prop_assert_eq!(result.winner, Some(solver.index())),
                SessionEnd::Abandoned => prop_assert!(false, "abandoned:\n{}", transcript),
            }
            prop_assert!(transcript.contains("Game over: The solver wins"), "{}", transcript);
        }
    }
}

#[test]
fn illegal_and_malformed_moves_get_a_reason_and_a_new_prompt() {
    // orth4 path .K.. with the first player (the person) to move.
    let start = parse_positions(b"1\n1 4\n.K..\n").unwrap().remove(0);
    let (end, text) = session(&start, KingMoves::Orth4, Side::First, "1,4\nfoo\n0,2\n1,2\n3,3\nhint\nquit\n");
    assert_eq!(end, SessionEnd::Abandoned);
    assert!(
        text.contains("first> 1,4\n`1,4` is not a legal move here: 1,4 is not one orth4 move away from 1,2;"),
        "{text}"
    );
    assert!(text.contains("first> foo\n`foo` is not a cell"), "{text}");
    assert!(text.contains("first> 0,2\n`0,2` is not a cell"), "{text}");
    assert!(text.contains("first> 1,2\n`1,2` is not a legal move here: the king stands there;"), "{text}");
    assert!(
        text.contains("first> 3,3\n`3,3` is not a legal move here: 3,3 is off the board (1x4);"),
        "{text}"
    );
    assert!(text.contains("  1,1  win\n  1,3  lose\n"), "{text}");
    assert_eq!(text.matches("first> ").count(), 7, "{text}");
}

#[test]
fn play_through_the_binary() {
    let dir = std::env::temp_dir().join(format!("edmonds-play-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let file = dir.join("path.in");
    fs::write(&file, "1\n1 4\n.K..\n").unwrap();
    let file = file.to_str().unwrap();
    // The person plays second: the solver (first) wins by stepping to 1,1.
    let output = run(&["play", file, "--as", "second", "--moves", "orth4"], b"");
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("first (solver) plays 1,1   [win]"), "{text}");
    assert!(text.contains("Game over: The solver wins (first): second cannot move"), "{text}");
    // The person plays first and wins with the hinted move.
    let output = run(&["play", file, "--moves", "orth4", "--hints"], b"1,1\n");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("Legal moves, best first"), "{text}");
    assert!(text.contains("Game over: You win (first)"), "{text}");
    assert!(text.contains("  1 2 3 4\n1 . K . .\n"), "{text}");
    // daizhenyang is the first player.
    let output = run(&["play", file, "--as", "daizhenyang", "--moves", "orth4"], b"quit\n");
    assert!(String::from_utf8(output.stdout).unwrap().contains("You play first"));
    let output = run(&["play", file, "--as", "red"], b"");
    assert_eq!(output.status.code(), Some(2));
    let output = run(&["play"], b"1\n1 1\nK\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8(output.stderr).unwrap().contains("<FILE>"));
    let output = run(&["play", "-"], b"1\n1 1\nK\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8(output.stderr).unwrap().contains("give its position as a FILE, not `-`"));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_set_stop_flag_stops_the_solve() {
    let positions = parse_positions(b"1\n4 5\nK....\n.#...\n...#.\n.....\n").unwrap();
    let flag = std::sync::atomic::AtomicBool::new(true);
    let stopped = QueryOptions { number: 1, moves: KingMoves::King20, stop: Some(&flag) };
    let answer = query::query(&positions[0], &stopped);
    assert_eq!(answer.err(), Some(query::QueryError::Stopped(edmonds_blossom::Stopped)));
    flag.store(false, std::sync::atomic::Ordering::Relaxed);
    let answer = query::query(&positions[0], &stopped).expect("a flag not set does not stop");
    assert!(!answer.moves.is_empty());
}
