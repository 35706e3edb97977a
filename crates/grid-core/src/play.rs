//! `play`: a person against the perfect opponent, one line of input at a time.
//!
//! A game implements [`PlayGame`] (its positions, its moves with their values best first, its
//! drawing); [`play`] runs the session. The solver always plays the first move of
//! [`PlayGame::moves`], which is a best move by the game's semantics (fastest win, slowest loss, a
//! draw when it cannot win, the highest score). The person types a move in the game's notation or a
//! command:
//!
//! - `hint`: the value of every legal move, best first;
//! - `undo`: take back your last move (and the solver's reply);
//! - `quit`: stop;
//! - `help`: the commands and how moves are written.
//!
//! Input is read line by line, so a session works in a terminal and scripted (moves piped in). A
//! malformed or illegal move gets a one-line reason and a new prompt. When the input is not a
//! terminal, each line read is echoed after its prompt so that the transcript reads like a session.

use std::io::{self, BufRead, Write};

use crate::error::printable;
use crate::report::Eval;

/// One legal move of a position, with what it is worth to its mover and where it leads.
#[derive(Debug, Clone)]
pub struct PlayMove<P> {
    /// The move in the game's notation (what a person types).
    pub notation: String,
    /// What the move is worth to its mover.
    pub eval: Eval,
    /// The position after the move.
    pub next: P,
}

/// How a finished game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameResult {
    /// The winning side (0 or 1), `None` for a draw.
    pub winner: Option<usize>,
    /// Why the game is over, in words ("the black pawn reached row 1").
    pub reason: String,
}

/// A game as `play` sees it.
pub trait PlayGame {
    /// A position, including the side to move (and anything else play needs, such as scores).
    type Position: Clone;

    /// The two sides' names, as `--as` accepts them (e.g. `["red", "black"]`).
    fn sides(&self) -> [&'static str; 2];

    /// The side `name` stands for (`--as NAME`), any case: by default one of [`PlayGame::sides`].
    fn side_named(&self, name: &str) -> Option<usize> {
        self.sides().iter().position(|s| s.eq_ignore_ascii_case(name.trim()))
    }

    /// The side to move in `position` (0 or 1).
    fn to_move(&self, position: &Self::Position) -> usize;

    /// The position drawn for a person (the same drawing as `--explain`), ending with a newline.
    fn draw(&self, position: &Self::Position) -> String;

    /// `Some` when the game is over at `position`.
    fn result(&self, position: &Self::Position) -> Option<GameResult>;

    /// Every legal move of the side to move with its value for the mover, best first (the order
    /// of [`crate::report::sort_best_first`]). Empty exactly when [`PlayGame::result`] is `Some`.
    /// An error (e.g. a position too big to solve) ends the session with its message.
    fn moves(&mut self, position: &Self::Position) -> Result<Vec<PlayMove<Self::Position>>, String>;

    /// How moves are written, one or two sentences for `help`.
    fn notation(&self) -> &'static str;

    /// The notation of the move a person typed, or why it is malformed. The default trims,
    /// collapses inner whitespace and lowercases; [`PlayGame::find_move`] looks the result up
    /// among the notations of [`PlayGame::moves`].
    fn normalize(&self, text: &str) -> Result<String, String> {
        Ok(text.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase())
    }

    /// The solver's move: by default the first of [`PlayGame::moves`]. A game whose positions
    /// have too many moves to list overrides this, [`PlayGame::hints`] and
    /// [`PlayGame::find_move`], and then `moves` is never called by the loop.
    fn best_move(&mut self, position: &Self::Position) -> Result<PlayMove<Self::Position>, String> {
        self.moves(position)?
            .into_iter()
            .next()
            .ok_or_else(|| "a position that is not over has no legal move".into())
    }

    /// The lines of `hint`, best first: a notation (or a range of moves of one value, such as
    /// `17 cw 1-40`) and its value for the mover. By default every move of [`PlayGame::moves`].
    fn hints(&mut self, position: &Self::Position) -> Result<Vec<(String, Eval)>, String> {
        Ok(self.moves(position)?.into_iter().map(|m| (m.notation, m.eval)).collect())
    }

    /// The legal move a person typed: `Ok(None)` when it is well formed but not legal here, `Err`
    /// with the reason when it is malformed. By default [`PlayGame::normalize`], then a lookup
    /// among the notations of [`PlayGame::moves`].
    fn find_move(
        &mut self,
        position: &Self::Position,
        text: &str,
    ) -> Result<Option<PlayMove<Self::Position>>, String> {
        let notation = self.normalize(text)?;
        Ok(self.moves(position)?.into_iter().find(|m| m.notation == notation))
    }

    /// What the drawing's letters mean, written once at the start of a session (and by `help`),
    /// when the drawing needs it.
    fn legend(&self) -> Option<&'static str> {
        None
    }

    /// Why the move a person typed, well formed but not legal (see [`PlayGame::find_move`]), is
    /// not legal at `position` (off the board, no piece there, blocked, ...), when the game can
    /// say. The default says nothing more than that it is not legal.
    fn why_illegal(&mut self, position: &Self::Position, text: &str) -> Option<String> {
        let _ = (position, text);
        None
    }
}

/// Whether the person's input is a terminal (they see what they type) or a script (echo it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    /// A person types at a terminal.
    Terminal,
    /// Lines come from a pipe or file; each is echoed after its prompt.
    Script,
}

/// Whether the values of the legal moves are shown before each of the person's moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hints {
    /// Shown before each of the person's moves (`--hints`).
    Shown,
    /// Shown only when the person types `hint`.
    OnRequest,
}

/// How a session ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SessionEnd {
    /// The game reached its end.
    Finished(GameResult),
    /// The person typed `quit` or the input ended.
    Abandoned,
}

/// Runs a session from `start`; the person plays side `person` (0 or 1), the solver the other.
pub fn play<G: PlayGame>(
    game: &mut G,
    start: G::Position,
    person: usize,
    hints: Hints,
    input: &mut impl BufRead,
    mode: Input,
    out: &mut impl Write,
) -> io::Result<SessionEnd> {
    let sides = game.sides();
    writeln!(
        out,
        "You play {}, the solver plays {}. Type a move, or hint, undo, quit, help.",
        sides[person],
        sides[1 - person]
    )?;
    if let Some(legend) = game.legend() {
        writeln!(out, "{legend}")?;
    }
    // The positions so far, with the move that led to each (none for the start).
    let mut history: Vec<(Option<String>, G::Position)> = vec![(None, start)];
    let mut shown = false;
    // Whether the hints of the position shown have been written (once per position).
    let mut hinted = false;
    let mut line = Vec::new();
    loop {
        let position = history.last().expect("history starts with the start").1.clone();
        if !shown {
            write!(out, "\n{}", game.draw(&position))?;
            shown = true;
            hinted = false;
        }
        if let Some(result) = game.result(&position) {
            write_result(out, game, &result, person, &history)?;
            return Ok(SessionEnd::Finished(result));
        }
        let mover = game.to_move(&position);
        if mover != person {
            let best = game.best_move(&position).map_err(io::Error::other)?;
            writeln!(out, "{} (solver) plays {}   [{}]", sides[mover], best.notation, best.eval)?;
            history.push((Some(best.notation), best.next));
            shown = false;
            continue;
        }
        if hints == Hints::Shown && !hinted {
            write_hints(out, &game.hints(&position).map_err(io::Error::other)?)?;
            hinted = true;
        }
        write!(out, "{}> ", sides[mover])?;
        out.flush()?;
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            writeln!(out)?;
            writeln!(out, "Input ended: game abandoned.")?;
            return Ok(SessionEnd::Abandoned);
        }
        // Whatever its bytes, a line is read as text: bytes that are not UTF-8 and control
        // characters are shown escaped (`\xff`), and such a line is just not a move.
        let text = printable(line.trim_ascii());
        let text = text.as_str();
        if mode == Input::Script {
            writeln!(out, "{text}")?;
        }
        match text.to_lowercase().as_str() {
            "" => {}
            "quit" | "exit" => {
                writeln!(out, "Game abandoned.")?;
                return Ok(SessionEnd::Abandoned);
            }
            "help" | "?" => write_help(out, game)?,
            "hint" | "hints" => write_hints(out, &game.hints(&position).map_err(io::Error::other)?)?,
            "undo" => {
                // Back to the person's previous turn: drop the solver's replies and their own move.
                let mut undone = history.clone();
                while undone.len() > 1 {
                    undone.pop();
                    let back = &undone.last().expect("non-empty").1;
                    if game.to_move(back) == person && game.result(back).is_none() {
                        break;
                    }
                }
                let back = &undone.last().expect("non-empty").1;
                if undone.len() == history.len() || game.to_move(back) != person {
                    writeln!(out, "Nothing to undo.")?;
                } else {
                    history = undone;
                    shown = false;
                }
            }
            _ => match game.find_move(&position, text) {
                Err(reason) => writeln!(out, "{reason}")?,
                Ok(Some(m)) => {
                    history.push((Some(m.notation), m.next));
                    shown = false;
                }
                Ok(None) => match game.why_illegal(&position, text) {
                    Some(why) => writeln!(
                        out,
                        "`{text}` is not a legal move here: {why}; type hint to list the legal moves."
                    )?,
                    None => writeln!(
                        out,
                        "`{text}` is not a legal move here; type hint to list the legal moves."
                    )?,
                },
            },
        }
    }
}

fn write_hints(out: &mut impl Write, hints: &[(String, Eval)]) -> io::Result<()> {
    let width = hints.iter().map(|(notation, _)| notation.len()).max().unwrap_or(0);
    writeln!(out, "Legal moves, best first (value for the mover):")?;
    for (notation, eval) in hints {
        writeln!(out, "  {notation:<width$}  {eval}")?;
    }
    Ok(())
}

fn write_help<G: PlayGame>(out: &mut impl Write, game: &G) -> io::Result<()> {
    writeln!(out, "Moves: {}", game.notation())?;
    writeln!(out, "Commands: hint (every legal move with its value), undo (take back your last move),")?;
    writeln!(out, "          quit (stop), help (this text).")
}

fn write_result<G: PlayGame>(
    out: &mut impl Write,
    game: &G,
    result: &GameResult,
    person: usize,
    history: &[(Option<String>, G::Position)],
) -> io::Result<()> {
    let sides = game.sides();
    let verdict = match result.winner {
        None => "Draw".to_string(),
        Some(w) if w == person => format!("You win ({})", sides[w]),
        Some(w) => format!("The solver wins ({})", sides[w]),
    };
    writeln!(out, "Game over: {verdict}: {}.", result.reason)?;
    let moves: Vec<String> = history
        .iter()
        .filter_map(|(m, _)| m.as_ref())
        .enumerate()
        .map(|(i, m)| format!("{}. {m}", i + 1))
        .collect();
    writeln!(out, "Moves: {}", if moves.is_empty() { "none".to_string() } else { moves.join("  ") })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Subtraction game: take 1 or 2 from a pile; who cannot move loses. Position = (pile, mover).
    struct Nim;

    impl PlayGame for Nim {
        type Position = (u32, usize);

        fn sides(&self) -> [&'static str; 2] {
            ["first", "second"]
        }

        fn to_move(&self, p: &(u32, usize)) -> usize {
            p.1
        }

        fn draw(&self, p: &(u32, usize)) -> String {
            format!("pile {}\n", p.0)
        }

        fn result(&self, p: &(u32, usize)) -> Option<GameResult> {
            (p.0 == 0).then(|| GameResult { winner: Some(1 - p.1), reason: "the pile is empty".into() })
        }

        fn moves(&mut self, p: &(u32, usize)) -> Result<Vec<PlayMove<(u32, usize)>>, String> {
            let eval = |pile: u32| if pile % 3 == 0 { Eval::lose(2 * (pile / 3)) } else { Eval::win(1) };
            let mut moves: Vec<_> = (1..=2)
                .filter(|&k| k <= p.0)
                .map(|k| PlayMove {
                    notation: k.to_string(),
                    eval: eval(p.0 - k).for_mover(0),
                    next: (p.0 - k, 1 - p.1),
                })
                .collect();
            crate::report::sort_best_first(&mut moves, |m| m.eval);
            Ok(moves)
        }

        fn notation(&self) -> &'static str {
            "1 or 2, the number of stones to take"
        }

        fn why_illegal(&mut self, p: &(u32, usize), text: &str) -> Option<String> {
            let take: u32 = text.parse().ok()?;
            Some(if take > 2 { "at most 2 stones".into() } else { format!("the pile holds {}", p.0) })
        }
    }

    fn session(start: u32, person: usize, script: &str) -> (SessionEnd, String) {
        let mut out = Vec::new();
        let end = play(
            &mut Nim,
            (start, 0),
            person,
            Hints::OnRequest,
            &mut script.as_bytes(),
            Input::Script,
            &mut out,
        )
        .unwrap();
        (end, String::from_utf8(out).unwrap())
    }

    #[test]
    fn the_solver_wins_a_won_position() {
        let (end, text) = session(4, 1, "1\n1\n");
        assert_eq!(
            end,
            SessionEnd::Finished(GameResult { winner: Some(0), reason: "the pile is empty".into() })
        );
        assert!(text.contains("first (solver) plays 1   [win in 3]"), "{text}");
        assert!(text.contains("Game over: The solver wins (first): the pile is empty."), "{text}");
    }

    #[test]
    fn illegal_moves_commands_and_undo() {
        let (end, text) = session(5, 0, "3\nfoo\nhelp\nhint\n1\nundo\nundo\n2\nquit\n");
        assert_eq!(end, SessionEnd::Abandoned);
        assert!(text.contains("`3` is not a legal move here"), "{text}");
        assert!(text.contains("Moves: 1 or 2"), "{text}");
        assert!(text.contains("  2  win in 3"), "{text}");
        assert!(text.contains("Nothing to undo."), "{text}");
        assert!(text.contains("Game abandoned."), "{text}");
    }

    #[test]
    fn a_line_that_is_not_text_is_not_a_move() {
        let mut out = Vec::new();
        let script: &[u8] = b"\xff\x1b[2J\nquit\n";
        let end =
            play(&mut Nim, (5, 0), 0, Hints::OnRequest, &mut &script[..], Input::Script, &mut out).unwrap();
        assert_eq!(end, SessionEnd::Abandoned);
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("`\\xff\\u{1b}[2J` is not a legal move here"), "{text}");
        assert!(text.contains("Game abandoned."), "{text}");
    }

    #[test]
    fn an_illegal_move_says_why() {
        let (_, text) = session(5, 0, "3\nquit\n");
        assert!(text.contains("`3` is not a legal move here: at most 2 stones; type hint"), "{text}");
    }

    #[test]
    fn hints_are_written_once_per_position() {
        let mut out = Vec::new();
        let script: &[u8] = b"3\nfoo\nhint\n1\nquit\n";
        play(&mut Nim, (5, 0), 0, Hints::Shown, &mut &script[..], Input::Script, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        // Pile 5: once at the start, once for `hint`; not again after `3` or `foo` (pile 3, after
        // the solver's reply, has no such line).
        assert_eq!(text.matches("  2  win in 3").count(), 2, "{text}");
        let after_hint = &text[text.find("first> hint").unwrap()..];
        assert_eq!(after_hint.matches("  2  win in 3").count(), 1, "hint writes the list once: {text}");
    }

    #[test]
    fn input_end_abandons() {
        let (end, text) = session(5, 0, "");
        assert_eq!(end, SessionEnd::Abandoned);
        assert!(text.ends_with("Input ended: game abandoned.\n"), "{text}");
    }
}
