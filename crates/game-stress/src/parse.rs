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
use crate::generate::king::{KingBoard, KingInput};
use crate::generate::lattice::LatticeInput;
use crate::generate::matching::MatchingInput;
use crate::generate::pawn::{PawnBoard, PawnInput};
use crate::generate::segment::{SegmentBoard, SegmentInput};
use crate::reference;

/// Whitespace-separated tokens of an input, read in order.
struct Tokens<'a> {
    words: std::str::SplitAsciiWhitespace<'a>,
}

impl<'a> Tokens<'a> {
    fn next(&mut self, what: &str) -> Result<&'a str, String> {
        self.words.next().ok_or_else(|| format!("unexpected end of input: expected {what}"))
    }

    fn number<T: std::str::FromStr>(&mut self, what: &str) -> Result<T, String> {
        let word = self.next(what)?;
        word.parse().map_err(|_| format!("{what}: `{word}` is not a number in range"))
    }

    fn finish(mut self) -> Result<(), String> {
        match self.words.next() {
            None => Ok(()),
            Some(word) => Err(format!("unexpected `{word}` after the end of the input")),
        }
    }
}

/// Reads `text` as an input of `game`: an error if the game's solver rejects it (its message), or
/// if it cannot be represented for shrinking.
pub fn parse(game: Game, text: &[u8]) -> Result<Input, String> {
    reference::expected(game, text)?;
    let text = std::str::from_utf8(text).map_err(|_| "the input is not UTF-8 text".to_string())?;
    let mut tokens = Tokens { words: text.split_ascii_whitespace() };
    let input = match game {
        Game::PawnRetrograde => Input::Pawn(pawn(&mut tokens)?),
        Game::LatticeDp => Input::Lattice(lattice(&mut tokens)?),
        Game::SegmentNim => Input::Segment(segment(&mut tokens)?),
        Game::EdmondsBlossom => Input::King(king(&mut tokens)?),
        Game::Matching => Input::Matching(matching(&mut tokens)?),
    };
    tokens.finish()?;
    Ok(input)
}

/// The rows of a character grid: `rows` tokens of `cols` characters each.
fn grid<'a>(tokens: &mut Tokens<'a>, rows: usize, cols: usize) -> Result<Vec<&'a [u8]>, String> {
    (0..rows)
        .map(|r| {
            let row = tokens.next("a board row")?.as_bytes();
            if row.len() == cols { Ok(row) } else { Err(format!("row {}: expected {cols} cells", r + 1)) }
        })
        .collect()
}

fn pawn(tokens: &mut Tokens) -> Result<PawnInput, String> {
    tokens.next("the file label")?;
    let count: usize = tokens.number("the number of boards")?;
    let mut boards = Vec::new();
    for i in 0..count {
        let (rows, cols): (usize, usize) = (tokens.number("rows")?, tokens.number("columns")?);
        let (mut black, mut reds) = (None, Vec::new());
        let mut blocked = Vec::with_capacity(rows * cols);
        for (r, row) in grid(tokens, rows, cols)?.into_iter().enumerate() {
            for (c, &cell) in row.iter().enumerate() {
                match cell {
                    b'X' => black = Some((r, c)),
                    b'O' => reds.push((r, c)),
                    _ => {}
                }
                blocked.push(cell == b'#');
            }
        }
        let board = match (black, reds.as_slice()) {
            (Some(black), &[a, b]) => PawnBoard { rows, cols, blocked, black, reds: [a, b] },
            _ => return Err(format!("board {}: expected one `X` and two `O`", i + 1)),
        };
        if !board.is_valid() {
            return Err(format!("board {}: not a board the shrinker can reduce", i + 1));
        }
        boards.push(board);
    }
    Ok(PawnInput { boards })
}

fn lattice(tokens: &mut Tokens) -> Result<LatticeInput, String> {
    let (n, m): (usize, usize) = (tokens.number("n")?, tokens.number("m")?);
    let mut values =
        |what: &str| (0..n * m).map(|_| tokens.number::<u64>(what)).collect::<Result<Vec<_>, _>>();
    let a = values("a value of A")?;
    let b = values("a value of B")?;
    Ok(LatticeInput { n, m, a, b })
}

fn segment(tokens: &mut Tokens) -> Result<SegmentInput, String> {
    let count: usize = tokens.number("the number of boards")?;
    let mut boards = Vec::new();
    for i in 0..count {
        let (n, w, c): (u64, usize, usize) = (tokens.number("n")?, tokens.number("w")?, tokens.number("c")?);
        let mut pawns = Vec::with_capacity(w + c);
        for k in 0..w + c {
            pawns.push((tokens.number::<u64>("a pawn's field")?, k < w));
        }
        pawns.sort_unstable();
        let board = SegmentBoard { n, pawns };
        if !board.is_valid() {
            return Err(format!("board {}: pawns must stand on distinct fields of 1..=n", i + 1));
        }
        boards.push(board);
    }
    Ok(SegmentInput { boards })
}

fn king(tokens: &mut Tokens) -> Result<KingInput, String> {
    let count: usize = tokens.number("the number of boards")?;
    let mut boards = Vec::new();
    for i in 0..count {
        let (rows, cols): (usize, usize) = (tokens.number("rows")?, tokens.number("columns")?);
        let mut king = None;
        let mut blocked = Vec::with_capacity(rows * cols);
        for (r, row) in grid(tokens, rows, cols)?.into_iter().enumerate() {
            for (c, &cell) in row.iter().enumerate() {
                if cell == b'K' {
                    king = Some((r, c));
                }
                blocked.push(cell == b'#');
            }
        }
        let Some(king) = king else { return Err(format!("board {}: no `K`", i + 1)) };
        let board = KingBoard { rows, cols, blocked, king };
        if !board.is_valid() {
            return Err(format!("board {}: not a board the shrinker can reduce", i + 1));
        }
        boards.push(board);
    }
    Ok(KingInput { boards })
}

fn matching(tokens: &mut Tokens) -> Result<MatchingInput, String> {
    let (n, m): (usize, usize) = (tokens.number("N")?, tokens.number("M")?);
    let edges = (0..m)
        .map(|_| Ok((tokens.number::<u32>("a vertex")?, tokens.number::<u32>("a vertex")?)))
        .collect::<Result<Vec<_>, String>>()?;
    Ok(MatchingInput { n, edges })
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
