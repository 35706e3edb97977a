//! `play`, scripted through the library: the solver wins a won position in exactly its remoteness
//! against best defence, never loses a won or drawn position against random moves, and refuses
//! illegal or malformed moves with a message and a new prompt.

use grid_core::cli::play::{Hints, Input, PlayGame, SessionEnd, play};
use grid_core::report::{Eval, Value};
use pawn_retrograde::play::{Game, side_index};
use pawn_retrograde::query::Position;
use pawn_retrograde::query::solve_query;
use pawn_retrograde::{State, parse_positions};
use proptest::prelude::*;

/// The positions of the reference query file (300 boards up to 8×8, both sides to move).
fn positions() -> Vec<Position> {
    let path =
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/pawn-retrograde/queries/pawn-retrograde.in");
    parse_positions(&std::fs::read(path).unwrap()).unwrap()
}

/// The side (0 red, 1 black) that wins or draws `position` under best play.
fn good_side(position: &Position) -> usize {
    let mover = side_index(position.to_move());
    match solve_query(position).evaluation.eval().value() {
        Some(Value::Lose) => 1 - mover,
        _ => mover,
    }
}

/// Plays a game from `start` where the solver plays `1 - person` (its best move) and the person
/// plays `pick(moves)`, for at most `limit` moves; returns the person's moves as a script and the
/// number of moves played.
fn script(
    game: &mut Game,
    start: State,
    person: usize,
    limit: usize,
    mut pick: impl FnMut(usize) -> usize,
) -> (String, usize) {
    let (mut state, mut text, mut played) = (start, String::new(), 0);
    while game.result(&state).is_none() && played < limit {
        let moves = game.moves(&state).unwrap();
        let chosen = if game.to_move(&state) == person { &moves[pick(moves.len())] } else { &moves[0] };
        if game.to_move(&state) == person {
            text.push_str(&chosen.notation);
            text.push('\n');
        }
        state = chosen.next;
        played += 1;
    }
    (text, played)
}

/// Runs a session and returns how it ended, its transcript and the number of moves in it.
fn session(game: &mut Game, start: State, person: usize, script: &str) -> (SessionEnd, String, usize) {
    let mut out = Vec::new();
    let end =
        play(game, start, person, Hints::OnRequest, &mut script.as_bytes(), Input::Script, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let moves = text
        .lines()
        .find_map(|l| l.strip_prefix("Moves: "))
        .map_or(0, |m| if m == "none" { 0 } else { m.split("  ").count() });
    (end, text, moves)
}

#[test]
fn the_solver_wins_in_exactly_the_remoteness_against_best_defence() {
    let mut checked = 0;
    for position in positions() {
        let eval = solve_query(&position).evaluation.eval();
        let (Some(value @ (Value::Win | Value::Lose)), Some(remoteness)) = (eval.value(), eval.remoteness())
        else {
            continue;
        };
        let solver = good_side(&position);
        let person = 1 - solver;
        let (mut game, start) = Game::new(&position);
        let (moves, played) = script(&mut game, start, person, usize::MAX, |_| 0);
        assert_eq!(played, remoteness as usize, "{position:?}");
        let (end, text, counted) = session(&mut game, start, person, &moves);
        match end {
            SessionEnd::Finished(result) => assert_eq!(result.winner, Some(solver), "{text}"),
            SessionEnd::Abandoned => panic!("unfinished: {text}"),
        }
        assert_eq!(counted, remoteness as usize, "{value:?} {text}");
        checked += 1;
    }
    assert!(checked > 250, "only {checked}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    /// Against random moves the solver wins every won position (within its remoteness) and never
    /// loses a drawn one.
    #[test]
    fn the_solver_never_loses_a_won_or_drawn_position(
        which in any::<prop::sample::Index>(),
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 80),
    ) {
        let all = positions();
        let position = &all[which.index(all.len())];
        let solver = good_side(position);
        let person = 1 - solver;
        let eval = solve_query(position).evaluation.eval();
        let (mut game, start) = Game::new(position);
        let mut picks = picks.into_iter();
        let (moves, _) = script(&mut game, start, person, 120, |n| picks.next().map_or(0, |p| p.index(n)));
        let (end, text, counted) = session(&mut game, start, person, &moves);
        match (eval, end) {
            (Eval::Outcome { value: Value::Draw, .. }, SessionEnd::Finished(result)) => {
                prop_assert_ne!(result.winner, Some(person), "{}", text);
            }
            (Eval::Outcome { value: Value::Draw, .. }, SessionEnd::Abandoned) => {}
            (_, SessionEnd::Finished(result)) => {
                prop_assert_eq!(result.winner, Some(solver), "{}", text);
                prop_assert!(counted <= eval.remoteness().unwrap() as usize, "{}", text);
            }
            (_, SessionEnd::Abandoned) => prop_assert!(false, "a won game did not end: {}", text),
        }
    }
}

#[test]
fn illegal_and_malformed_moves_are_refused_with_a_new_prompt() {
    let position = parse_positions(b"q 1\n4 3 black\n...\n.X.\n...\nO.O\n").unwrap().remove(0);
    let (mut game, start) = Game::new(&position);
    let script = "foo\n9,9-9,8\n2,2-3,2\n4,1-3,1\n2,2-1,1\nhelp\n (2,2) - (1,2) \n";
    let (end, text, counted) = session(&mut game, start, 1, script);
    assert!(matches!(end, SessionEnd::Finished(ref r) if r.winner == Some(1)), "{text}");
    assert_eq!(counted, 1);
    for (typed, reason) in [
        ("foo", "`foo` is not a move: write FROM-TO as row,column-row,column (e.g. 5,1-4,1)"),
        (
            "9,9-9,8",
            "`9,9-9,8` is not a legal move here: 9,9 is off the board (4x3); type hint to list the legal moves.",
        ),
        ("2,2-3,2", "`2,2-3,2` is not a legal move here: the black pawn never steps down;"),
        ("4,1-3,1", "`4,1-3,1` is not a legal move here: the black pawn does not stand on 4,1;"),
        ("2,2-1,1", "`2,2-1,1` is not a legal move here: 1,1 is not an orthogonal neighbour of 2,2;"),
    ] {
        let needle = format!("black> {typed}\n{reason}");
        assert!(text.contains(&needle), "{needle:?} missing in\n{text}");
    }
    assert_eq!(text.matches("black> ").count(), 7, "a new prompt after each refusal:\n{text}");
    assert!(text.contains("\nA, B = the red pieces (written O in the input), X = the black pawn"), "{text}");
    assert!(text.contains("Moves: FROM-TO with 1-based row,column cells"), "{text}");
    assert!(
        text.contains("Game over: You win (black): the black pawn stands in row 1, so Black wins."),
        "{text}"
    );
}

#[test]
fn the_board_is_drawn_as_explain_draws_it() {
    let position = parse_positions(b"q 1\n3 3 red\n...\n.X.\nO.O\n").unwrap().remove(0);
    let (game, start) = Game::new(&position);
    assert_eq!(game.draw(&start), "      1 2 3\n    1 . . .\n    2 . X .\n    3 A . B\nRed to move.\n");
    assert_eq!(game.sides(), ["red", "black"]);
}
