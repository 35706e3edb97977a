//! Reading an input text back into its structure ([`Input`]), so that any input the game's solver
//! accepts — a custom generator's output, a test file — can be judged, shrunk and merged like a
//! generated one.
//!
//! [`parse`] first asks the game's own solver (through [`crate::reference`]) whether it accepts the
//! text, then reads the same tokens into the structure the shrinkers reduce. The pawn game's file
//! label is not kept (a rendered input is labelled `stress`); everything else renders back to the
//! same tokens.

use crate::Game;
use crate::generate::Input;
use crate::reference;
use crate::tokens::Tokens;

/// Reads `text` as an input of `game`: an error if the game's solver rejects it (its message), or
/// if it cannot be represented for shrinking.
pub fn parse(game: Game, text: &[u8]) -> Result<Input, String> {
    reference::expected(game, text)?;
    let text = std::str::from_utf8(text).map_err(|_| "the input is not UTF-8 text".to_string())?;
    let mut tokens = Tokens::new(text);
    let input = game.parse(&mut tokens)?;
    tokens.finish()?;
    Ok(input)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Options;

    #[test]
    fn generated_inputs_read_back_to_themselves() {
        for game in Game::ALL {
            let options = Options::default_for(game);
            for seed in 0..40 {
                let input = options.generate(seed);
                let text = input.render();
                // The same text (the two red pieces of a pawn board may be listed in another order).
                let read = parse(game, text.as_bytes()).map(|i| i.render());
                assert_eq!(read.as_ref(), Ok(&text), "{}: {text}", game.name());
            }
        }
    }

    #[test]
    fn other_spellings_of_an_input_read_too() {
        let pawn = parse(Game::PawnRetrograde, b"demo 1\n3 3\n...\n.X.\nO.O\n").unwrap();
        assert_eq!(pawn.render(), "stress 1\n3 3\n...\n.X.\nO.O\n");
        let segment = parse(Game::SegmentNim, b"1 9 2 1 2 7\n\n5").unwrap();
        assert_eq!(segment.render(), "1\n9 2 1\n2 7\n5\n");
        assert!(parse(Game::SegmentNim, b"1\n9 1 1\n5\n5\n").is_err());
        assert!(parse(Game::LatticeDp, b"1 1\n5\n").is_err());
        assert!(parse(Game::Matching, b"2 1\n0 1\n7\n").is_err());
    }
}
