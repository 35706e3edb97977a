//! A fifth game added the way docs/ARCHITECTURE.md says ("Adding a game"): one folder
//! (`toy_game/nim/`, a fixture: not shipped) and one line in the list. The test takes the real
//! list, adds that line, and makes the tool's enums from it with the crate's own macro: the toy
//! game then generates, answers, parses back, shrinks and merges like the others, and goes through
//! the stress loop's steps: generated cases, a correct and a wrong solution run and judged, the
//! wrong one caught and its case shrunk by the crate's shrinker.

mod nim;

use clap::ValueEnum;
use game_stress::rng::case_seed;
use game_stress::run::{self, Limits};
use game_stress::shrink::{self, Bounds, Stop};
use game_stress::verdict::{self, Verdict};

/// The list of the games with the toy game's line.
macro_rules! with_nim {
    ($($line:tt)*) => {
        game_stress::define_games! { $($line)* Nim(Nim) => crate::nim::Nim, }
    };
}

#[allow(dead_code)]
mod registered {
    game_stress::for_each_game!(with_nim);
}

use registered::{Game, Input, Options};

#[test]
fn the_toy_game_is_in_the_list_with_its_name() {
    assert_eq!(Game::ALL.len(), game_stress::Game::ALL.len() + 1);
    assert_eq!(Game::from_str("nim", false), Ok(Game::Nim));
    assert_eq!(Game::Nim.name(), "nim");
    for (ours, theirs) in Game::ALL.iter().zip(game_stress::Game::ALL) {
        assert_eq!(ours.name(), theirs.name());
    }
}

#[test]
fn the_toy_table_is_the_closed_form() {
    // An independent check of the fixture's answer: the mover loses exactly on multiples of 4.
    for n in 0..200 {
        assert_eq!(nim::first_wins(n), n % 4 != 0, "{n}");
    }
}

#[test]
fn every_game_of_the_list_generates_answers_reads_back_and_shrinks() {
    for game in Game::ALL {
        let options = Options::default_for(game);
        options.validate().unwrap();
        for seed in 0..10 {
            let input = options.generate(seed);
            assert_eq!(input.game(), game);
            let text = input.render();
            let answer = game.expected(text.as_bytes()).unwrap_or_else(|e| panic!("{}: {e}", game.name()));
            assert!(answer.lines().all(|l| game.line_is_well_formed(l)), "{}: {answer}", game.name());
            let read = game.parse(&mut game_stress::tokens::Tokens::new(&text)).unwrap();
            if game != Game::PawnRetrograde {
                assert_eq!(read, input, "{}", game.name());
            }
            let size = input.measure();
            for smaller in input.reductions().into_iter().filter(|c| c.measure() < size).take(20) {
                game.expected(smaller.render().as_bytes()).unwrap_or_else(|e| panic!("{}: {e}", game.name()));
            }
        }
    }
}

#[test]
fn toy_inputs_merge_shrink_and_answer() {
    let mut input = Input::Nim(nim::NimInput { heaps: vec![4, 5] });
    assert!(input.merge(&Input::Nim(nim::NimInput { heaps: vec![8] })));
    assert_eq!(input.render(), "3\n4\n5\n8\n");
    assert_eq!(Game::Nim.expected(input.render().as_bytes()).unwrap(), "Second\nFirst\nSecond\n");
    assert_eq!(Game::Nim.output_format(), "`First` or `Second`");
    assert!(!Game::Nim.line_is_well_formed("Third"));
    // Shrinking the toy input while its first heap is a loss for the mover: the heaps before the 8
    // go, and the 8 stays (one token fewer is a win; no heap at all has no first answer).
    let mut current = input;
    while let Some(next) = current
        .reductions()
        .into_iter()
        .filter(|c| c.measure() < current.measure())
        .find(|c| Game::Nim.expected(c.render().as_bytes()).unwrap().starts_with("Second"))
    {
        current = next;
    }
    assert_eq!(current.render(), "1\n8\n");
}

/// A solution for the toy game's input (a heap count, then one heap a line) as a shell command:
/// `First` when the heap is not a multiple of `period`. Period 4 is the game's rule; any other
/// is wrong on some heaps.
fn solution(period: u64) -> String {
    format!("awk 'NR > 1 {{ print ($1 % {period} ? \"First\" : \"Second\") }}'")
}

/// The verdict on `solution` for `input`: run under the default limits, judged against the exact
/// answer.
fn judge(solution: &str, input: &Input) -> Verdict {
    let text = input.render();
    let expected = Game::Nim.expected(text.as_bytes()).unwrap();
    let out = run::run(solution, text.as_bytes(), &Limits::default()).unwrap();
    assert_eq!(out.status, run::Status::Exited(0), "{solution}: {}", out.stderr);
    verdict::compare(Game::Nim, &expected, &String::from_utf8(out.stdout).unwrap())
}

#[test]
fn the_stress_loop_catches_a_wrong_toy_solution_and_shrinks_its_case() {
    let options = Options::default_for(Game::Nim);
    let (correct, wrong) = (solution(4), solution(5));
    let mut caught = None;
    for index in 0..20 {
        let input = options.generate(case_seed(7, index));
        assert!(judge(&correct, &input).is_accepted(), "{}", input.render());
        if caught.is_none() && !judge(&wrong, &input).is_accepted() {
            caught = Some(input);
        }
    }
    let input = caught.expect("twenty generated cases catch the wrong solution");
    let bounds = Bounds { max_tries: 2000, max_time: None };
    let shrunk = shrink::shrink(input.clone(), 2, bounds, |i| !judge(&wrong, i).is_accepted(), |_| ());
    assert_eq!(shrunk.stop, Stop::Minimal);
    assert!(shrink::measure(&shrunk.input) < shrink::measure(&input), "{}", input.render());
    // One heap is left, one on which the two rules disagree, and no smaller input still fails.
    let Input::Nim(nim) = &shrunk.input else { unreachable!() };
    assert_eq!(nim.heaps.len(), 1, "{}", shrunk.input.render());
    let heap = nim.heaps[0];
    assert_ne!(nim::first_wins(heap), heap % 5 != 0, "{heap}");
    for smaller in shrink::candidates(&shrunk.input) {
        assert!(judge(&wrong, &smaller).is_accepted(), "{}", smaller.render());
    }
}
