//! `play`: a person against the solver, through the shared loop of `grid_core::cli::play`.
//!
//! A move is a cell `row,column` (1-based). The solver takes the cell with the highest score (the
//! first of [`crate::query::moves`]); every turn costs one sweep over the positions that contain
//! the current diagram, so turns get faster as the board fills. The game ends when the board is
//! full; the player with the larger total (of the cells taken during the session) wins.

use grid_core::Cell;
use grid_core::cli::play::{GameResult, PlayGame, PlayMove};
use grid_core::report::Eval;

use crate::explain::{Mark, draw_board};
use crate::query::{self, Position, SIDES};

/// A position of a session: the taken diagram, who took which cell, and the running totals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayPosition {
    /// The board and the taken diagram.
    pub position: Position,
    /// Who holds each cell (row-major).
    pub marks: Vec<Mark>,
    /// What each side has gained during the session: `[first, second]`.
    pub totals: [i64; 2],
}

impl PlayPosition {
    /// The start of a session: the diagram's cells are marked as taken before it, totals 0.
    pub fn new(position: Position) -> Self {
        let m = position.board().cols();
        let mut marks = vec![Mark::Free; position.board().rows() * m];
        for (row, &len) in position.taken().iter().enumerate() {
            marks[row * m..row * m + len].fill(Mark::Before);
        }
        Self { position, marks, totals: [0, 0] }
    }
}

/// The lattice game as `play` sees it.
#[derive(Debug, Clone, Copy, Default)]
pub struct LatticePlay;

impl LatticePlay {
    /// The game.
    pub fn new() -> Self {
        Self
    }

    /// The session start of a query position.
    pub fn start(&self, position: Position) -> PlayPosition {
        PlayPosition::new(position)
    }
}

impl PlayGame for LatticePlay {
    type Position = PlayPosition;

    fn sides(&self) -> [&'static str; 2] {
        SIDES
    }

    fn to_move(&self, p: &PlayPosition) -> usize {
        p.position.side_to_move()
    }

    fn draw(&self, p: &PlayPosition) -> String {
        let mut text = draw_board(p.position.board(), &p.marks);
        let [first, second] = p.totals;
        let turn = if p.position.is_over() {
            "board full".to_string()
        } else {
            format!("{} to move", SIDES[p.position.side_to_move()])
        };
        text.push_str(&format!("first {first} - second {second}, {turn}\n"));
        text
    }

    fn result(&self, p: &PlayPosition) -> Option<GameResult> {
        if !p.position.is_over() {
            return None;
        }
        let [first, second] = p.totals;
        let winner = match first.cmp(&second) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        Some(GameResult { winner, reason: format!("the board is full: first {first} - second {second}") })
    }

    fn moves(&mut self, p: &PlayPosition) -> Result<Vec<PlayMove<PlayPosition>>, String> {
        let mover = p.position.side_to_move();
        let m = p.position.board().cols();
        Ok(query::moves(&p.position, &mut |_| {})
            .into_iter()
            .map(|mv| {
                let (row, col) = mv.cell;
                let mut next = p.clone();
                next.marks[row * m + col] = if mover == 0 { Mark::First } else { Mark::Second };
                next.totals[mover] += mv.gain;
                let notation = mv.notation();
                next.position = mv.next;
                PlayMove { notation, eval: Eval::score(mv.score), next }
            })
            .collect())
    }

    fn notation(&self) -> &'static str {
        "a cell as row,column (1-based, row 1 at the top), e.g. 1,1; a cell can be taken once every \
         cell above it and left of it is taken"
    }

    fn normalize(&self, text: &str) -> Result<String, String> {
        // `2 3` reads as `2,3`.
        let text = text.trim();
        let joined = if text.contains(',') {
            text.to_string()
        } else {
            text.split_whitespace().collect::<Vec<_>>().join(",")
        };
        joined.parse::<Cell>().map(|cell| cell.to_string()).map_err(|e| e.to_string())
    }

    fn why_illegal(&mut self, p: &PlayPosition, text: &str) -> Option<String> {
        let cell: Cell = self.normalize(text).ok()?.parse().ok()?;
        let board = p.position.board();
        let (n, m) = (board.rows(), board.cols());
        if cell.row == 0 || cell.column == 0 || cell.row > n || cell.column > m {
            return Some(format!("off the board ({n}x{m})"));
        }
        let (row, col) = (cell.row - 1, cell.column - 1);
        let taken = p.position.taken();
        Some(if col < taken[row] {
            "already taken".to_string()
        } else if col > taken[row] {
            format!("cell {},{} left of it is free", cell.row, taken[row] + 1)
        } else {
            // The first free cell of its row: the one above is free.
            format!("cell {},{} above it is free", cell.row - 1, cell.column)
        })
    }
}
