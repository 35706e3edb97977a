//! A fifth game added the way docs/ARCHITECTURE.md says ("Adding a game"): one folder
//! (`toy_game/nim/`, a fixture: not shipped) and one line in the list. The test takes the real
//! list, adds that line, and makes the tool's enums from it with the crate's own macro: the toy
//! game then generates, answers, parses back, shrinks and merges like the others.

mod nim;

use clap::ValueEnum;

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
