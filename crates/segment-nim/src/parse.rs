//! Streaming reader of the input format: `t`, then per board `n w c`, the white positions, the
//! black positions (token based: line breaks are whitespace like any other).
//!
//! One board is read at a time into a reused [`Board`]; the white and black lists are merged
//! while the black list is read, so a board costs 8 bytes a pawn and nothing per token. Numbers
//! are read by `grid_core::Scanner`'s integer reader, which keeps where each number starts as a
//! byte offset ([`Mark`]) and works out its line and column only for an error.

use grid_core::error::shorten;
use grid_core::{InputError, Mark, Scanner};

use crate::board::{Board, Colour, MAX_FIELDS};
use crate::query::Position;

/// The most pawns one input may hold (the format's limit; it also bounds every allocation).
pub const MAX_PAWNS_PER_FILE: u64 = 10_000_000;

/// Reads every position of a `query` input: the default format, where the header `n w c` of a
/// board may be followed by the side to move, `white` (the default) or `black`. Holds every board
/// at once (8 bytes a pawn); [`BoardReader`] streams them one at a time instead.
pub fn parse_positions(input: &[u8]) -> Result<Vec<Position>, InputError> {
    let mut reader = BoardReader::new(input)?;
    let mut board = Board::default();
    let mut positions = Vec::new();
    while let Some(to_move) = reader.read_query_into(&mut board)? {
        positions.push(Position::new(board.clone(), to_move));
    }
    Ok(positions)
}

/// The header of a board: `n w c` alone, or, in a query input, followed by an optional side to
/// move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Header {
    /// `n w c`: white moves.
    Board,
    /// `n w c [white|black]`.
    Query,
}

/// Reads the boards of one input, in order.
#[derive(Debug)]
pub struct BoardReader<'a> {
    reader: Scanner<'a>,
    boards_left: u64,
    pawns_read: u64,
}

impl<'a> BoardReader<'a> {
    /// Reads the board count `t` at the start of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Result<Self, InputError> {
        let mut reader = Scanner::new(bytes);
        let boards_left = reader.uint("number of boards t", 0, u64::MAX)?;
        Ok(Self { reader, boards_left, pawns_read: 0 })
    }

    /// Reads the next board into `board`; `Ok(false)` once all `t` boards have been read and only
    /// whitespace follows. On an error, `board` holds garbage.
    pub fn read_into(&mut self, board: &mut Board) -> Result<bool, InputError> {
        self.read_next(board, Header::Board).map(|side| side.is_some())
    }

    /// Reads the next board of a query input into `board`: the header `n w c` may be followed by
    /// the side to move, `white` (the default) or `black`. `Ok(None)` once all `t` boards have been
    /// read and only whitespace follows.
    pub fn read_query_into(&mut self, board: &mut Board) -> Result<Option<Colour>, InputError> {
        self.read_next(board, Header::Query)
    }

    /// Reads one board, with an optional side-to-move word after `c` in a [`Header::Query`]; the
    /// side to move (white without the word), or `None` at the end of the input.
    fn read_next(&mut self, board: &mut Board, header: Header) -> Result<Option<Colour>, InputError> {
        if self.boards_left == 0 {
            self.reader.finish()?;
            return Ok(None);
        }
        self.boards_left -= 1;
        let n = self.reader.uint("n", 1, MAX_FIELDS)?;
        let white = self.reader.uint("w", 0, n)?;
        let (black, black_at) = self.reader.uint_mark("c", 0, n)?;
        let mover = match header {
            Header::Query => self.side_to_move()?,
            Header::Board => Colour::White,
        };
        if white + black > n {
            return Err(self
                .reader
                .loc_at(black_at)
                .msg(format!("w + c = {} pawns do not fit on n = {n} fields", white + black)));
        }
        self.pawns_read += white + black;
        if self.pawns_read > MAX_PAWNS_PER_FILE {
            return Err(self
                .reader
                .loc_at(black_at)
                .msg(format!("more than {MAX_PAWNS_PER_FILE} pawns in the input")));
        }
        // Each position takes a digit and the whitespace before it: a header claiming more pawns
        // than the rest of the input can hold is read without reserving room for them.
        if white + black > self.reader.rest().len() as u64 / 2 {
            return Err(self.short_board(board, n, white, black));
        }
        // Both counts are now <= 10^7 and within the input, so they fit usize and the buffer is at
        // most 8 bytes a pawn, four times the input's size.
        let (white, black) = (white as usize, black as usize);
        board.n = n;
        board.counts = [white, black];
        board.pawns.clear();
        board.pawns.resize(white + black, 0);
        self.read_white(board, n, black)?;
        self.merge_black(board, n, black).map(|()| Some(mover))
    }

    /// The optional side to move after a query's header: a token starting with a letter must be
    /// `white` or `black` and is consumed; anything else (the next number) leaves the default, white.
    fn side_to_move(&mut self) -> Result<Colour, InputError> {
        let Some(token) = self.reader.peek().filter(|t| t.text[0].is_ascii_alphabetic()) else {
            return Ok(Colour::White);
        };
        let mover = match token.text {
            b"white" => Colour::White,
            b"black" => Colour::Black,
            word => {
                let found = shorten(word);
                return Err(token
                    .loc
                    .msg(format!("expected side to move `white` or `black`, found '{found}'")));
            }
        };
        self.reader.try_token();
        Ok(mover)
    }

    /// Reads the white positions into `pawns[black..]`, the back of the buffer, so the merge with
    /// the black list can fill the buffer from the front without overwriting unread white pawns.
    fn read_white(&mut self, board: &mut Board, n: u64, black: usize) -> Result<(), InputError> {
        let mut previous = 0;
        for slot in &mut board.pawns[black..] {
            let (p, at) = self.reader.uint_mark("white position", 1, n)?;
            if p <= previous {
                return Err(self.not_increasing(p, previous, at, "white"));
            }
            previous = p;
            *slot = p << 1;
        }
        Ok(())
    }

    /// Reads the black positions and merges them with the white ones at the back of the buffer.
    fn merge_black(&mut self, board: &mut Board, n: u64, black: usize) -> Result<(), InputError> {
        let pawns = &mut board.pawns;
        let total = pawns.len();
        let (mut out, mut white_at) = (0, black);
        let mut previous = 0;
        for _ in 0..black {
            let (p, at) = self.reader.uint_mark("black position", 1, n)?;
            if p <= previous {
                return Err(self.not_increasing(p, previous, at, "black"));
            }
            previous = p;
            // Invariant: out = (white_at - black) + blacks merged so far < white_at, because fewer
            // than `black` black pawns have been merged; so the writes never reach unread white.
            while white_at < total && pawns[white_at] >> 1 < p {
                pawns[out] = pawns[white_at];
                out += 1;
                white_at += 1;
            }
            if white_at < total && pawns[white_at] >> 1 == p {
                return Err(self.reader.loc_at(at).msg(format!("field {p} holds a white and a black pawn")));
            }
            pawns[out] = p << 1 | 1;
            out += 1;
        }
        // The remaining white pawns already sit at their final places (out == white_at).
        debug_assert_eq!(out, white_at);
        Ok(())
    }

    /// The error of a board whose header claims more pawns than the rest of the input can hold:
    /// its positions are read as far as they go, with the checks of [`Self::read_white`] and
    /// [`Self::merge_black`], keeping only the white positions actually read, so the error is the
    /// one those report (a bad position, or the end of the input) and memory grows only with the
    /// input.
    fn short_board(&mut self, board: &mut Board, n: u64, white: u64, black: u64) -> InputError {
        board.pawns.clear();
        let mut previous = 0;
        for _ in 0..white {
            let (p, at) = match self.reader.uint_mark("white position", 1, n) {
                Ok(read) => read,
                Err(e) => return e,
            };
            if p <= previous {
                return self.not_increasing(p, previous, at, "white");
            }
            previous = p;
            board.pawns.push(p);
        }
        let mut whites = board.pawns.iter().peekable();
        previous = 0;
        for _ in 0..black {
            let (p, at) = match self.reader.uint_mark("black position", 1, n) {
                Ok(read) => read,
                Err(e) => return e,
            };
            if p <= previous {
                return self.not_increasing(p, previous, at, "black");
            }
            previous = p;
            while whites.next_if(|&&w| w < p).is_some() {}
            if whites.peek() == Some(&&p) {
                return self.reader.loc_at(at).msg(format!("field {p} holds a white and a black pawn"));
            }
        }
        // Not reached: the rest of the input cannot hold that many positions.
        self.reader.loc().msg(format!("w + c = {} pawns do not fit in the rest of the input", white + black))
    }

    /// The error for position `p` at `at` not after `previous`.
    fn not_increasing(&self, p: u64, previous: u64, at: Mark, colour: &str) -> InputError {
        self.reader
            .loc_at(at)
            .msg(format!("{colour} positions must be strictly increasing: {p} after {previous}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(input: &str) -> Result<Vec<Board>, String> {
        let mut reader = BoardReader::new(input.as_bytes()).map_err(|e| e.to_string())?;
        let mut boards = Vec::new();
        let mut board = Board::default();
        while reader.read_into(&mut board).map_err(|e| e.to_string())? {
            boards.push(board.clone());
        }
        Ok(boards)
    }

    #[test]
    fn reads_and_merges() {
        let boards = read_all("2\n9 2 3\n3 8\n2 5 6\n4 0 1\n\n4\n").unwrap();
        assert_eq!(boards[0], Board::from_positions(9, &[3, 8], &[2, 5, 6]).unwrap());
        assert_eq!(boards[1], Board::from_positions(4, &[], &[4]).unwrap());
    }

    #[test]
    fn located_errors() {
        let cases = [
            (
                "1\n5 2 1\n3 2\n1\n",
                "line 3, column 3: white positions must be strictly increasing: 2 after 3",
            ),
            ("1\n5 1 1\n3\n3\n", "line 4, column 1: field 3 holds a white and a black pawn"),
            ("1\n5 3 3\n", "line 2, column 5: w + c = 6 pawns do not fit on n = 5 fields"),
            ("1\n5 1 1\n6\n", "line 3, column 1: white position 6 out of range 1..=5"),
            ("1\n5 1 1\n2\n", "line 4, column 1: unexpected end of input, expected black position"),
            ("1\n5 1 1\n2 3 4\n", "line 3, column 5: unexpected trailing input '4'"),
            ("1\n5 1 0\n2 3\n", "line 3, column 3: unexpected trailing input '3'"),
            ("1\n5 1 1\n2\n4 x\n", "line 4, column 3: unexpected trailing input 'x'"),
            ("1\n5 2 1\n2\n4\n", "line 5, column 1: unexpected end of input, expected black position"),
            ("1\n5 1 1\nx\n", "line 3, column 1: expected white position, found 'x'"),
        ];
        for (input, expected) in cases {
            assert_eq!(read_all(input).unwrap_err(), expected, "{input:?}");
        }
    }

    #[test]
    fn too_large_numbers() {
        let e = read_all("1\n1000000000000000001 0 0\n").unwrap_err();
        assert!(e.starts_with("line 2, column 1: n 1000000000000000001 out of range"), "{e}");
        let e = read_all("1\n10 1 0\n99999999999999999999\n").unwrap_err();
        assert!(e.starts_with("line 3, column 1: white position 99999999999999999999 out of range"), "{e}");
    }
}
