//! Reading a board: `n m`, then `n` rows of `m` values of `A`, then `n` rows of `m` values of `B`.

use grid_core::{InputError, Scanner};

use crate::board::{Board, MAX_CELLS, MAX_PERIMETER, MAX_VALUE};

/// Parses one board; anything after it is an error. Sizes are checked before anything is allocated.
pub fn parse_board(input: &[u8]) -> Result<Board, InputError> {
    let mut scanner = Scanner::new(input);
    let board = read_board(&mut scanner)?;
    scanner.finish()?;
    Ok(board)
}

/// Reads one board (`n m`, the values of `A`, the values of `B`) from where `scanner` stands.
pub fn read_board(scanner: &mut Scanner<'_>) -> Result<Board, InputError> {
    let (n, m, mut line) = read_size(scanner)?;
    let first = read_values(scanner, n, m, "A", &mut line)?;
    let second = read_values(scanner, n, m, "B", &mut line)?;
    // The sizes and values were all checked while reading.
    Board::new(n, m, first, second).map_err(|e| scanner.loc().msg(e.to_string()))
}

/// Reads `n m` within the limits ([`MAX_PERIMETER`], [`MAX_CELLS`]): the rows, the columns and
/// the line of the columns.
fn read_size(scanner: &mut Scanner<'_>) -> Result<(usize, usize, usize), InputError> {
    let n = scanner.usize("number of rows", 1, MAX_PERIMETER - 1)?;
    let largest_m = (MAX_PERIMETER - n).min(MAX_CELLS / n);
    let (m, m_loc) = scanner.uint_at("number of columns", 1, (MAX_PERIMETER - 1) as u64)?;
    // m < MAX_PERIMETER after the check above, so the cast is lossless.
    let m = m as usize;
    if m > largest_m {
        return Err(m_loc.msg(format!(
            "board {n}x{m} too large: n + m must be at most {MAX_PERIMETER} and n*m at most {MAX_CELLS} \
             (at most {largest_m} columns with {n} rows)"
        )));
    }
    Ok((n, m, m_loc.line))
}

/// Reads `n` rows of `m` values of `player` (`A` or `B`) in `0..=MAX_VALUE`; `line` is the line
/// of the last token read, and is kept up to date.
///
/// Values are whitespace-separated tokens, so rows may be laid out freely. But a line that starts
/// with a row and holds more values than a row, though not a whole number of rows, has a value too
/// many: it is reported where it stands, on its row, rather than as a missing value rows later.
fn read_values(
    scanner: &mut Scanner<'_>,
    n: usize,
    m: usize,
    player: &str,
    line: &mut usize,
) -> Result<Vec<i64>, InputError> {
    let what = format!("value of {player}");
    // A value is a digit and the whitespace before it at least: room only for what the rest of
    // the input can hold (n·m is capped too).
    let mut values = Vec::with_capacity((n * m).min(scanner.rest().len() / 2));
    // The index of the first value too many on the current line, if it has one.
    let mut extra = None;
    for i in 0..n * m {
        let (value, loc) = scanner.uint_at(&what, 0, MAX_VALUE)?;
        if loc.line > *line {
            *line = loc.line;
            extra = None;
            if i % m == 0 {
                let on_line = 1 + tokens_to_line_end(scanner.rest());
                if on_line > m && on_line % m != 0 {
                    extra = Some(i + on_line / m * m);
                }
            }
        }
        if extra == Some(i) {
            let row = i / m;
            return Err(loc.msg(format!("row {row} of {player} has more than {m} values")));
        }
        // MAX_VALUE fits an i64.
        values.push(value as i64);
    }
    if let (Some(i), Some(next)) = (extra, scanner.peek()) {
        if i == n * m && next.loc.line == *line {
            return Err(next.loc.msg(format!("row {n} of {player} has more than {m} values")));
        }
    }
    Ok(values)
}

/// The number of tokens in `rest` before its first line feed.
fn tokens_to_line_end(rest: &[u8]) -> usize {
    let line = rest.split(|&b| b == b'\n').next().unwrap_or_default();
    line.split(|b| b.is_ascii_whitespace()).filter(|t| !t.is_empty()).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(input: &str) -> String {
        parse_board(input.as_bytes()).unwrap_err().to_string()
    }

    #[test]
    fn reads_a_board() {
        let board = parse_board(b"2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n").unwrap();
        assert_eq!((board.rows(), board.cols()), (2, 3));
        assert_eq!((board.first_value(1, 0), board.second_value(1, 2)), (9, 1));
    }

    #[test]
    fn located_errors() {
        assert_eq!(error("0 3"), "line 1, column 1: number of rows 0 out of range 1..=43");
        assert_eq!(error("2 x"), "line 1, column 3: expected number of columns, found 'x'");
        assert!(error("22 23").starts_with("line 1, column 4: board 22x23 too large"));
        assert!(error("1 1\n5\n").starts_with("line 3, column 1: unexpected end of input"));
        assert_eq!(error("1 1\n5 -1"), "line 2, column 3: expected value of B, found '-1'");
        assert_eq!(
            error("1 1\n1000000001 0"),
            "line 2, column 1: value of A 1000000001 out of range 0..=1000000000"
        );
        assert_eq!(error("1 1\n1 2 3"), "line 2, column 5: unexpected trailing input '3'");
    }

    /// A board beyond the limits is refused before its values are read, with the limits; the
    /// largest boards within them are read.
    #[test]
    fn the_largest_boards_are_read_and_larger_ones_refused() {
        assert_eq!(
            error("22 23\n"),
            "line 1, column 4: board 22x23 too large: n + m must be at most 44 and n*m at most 484 \
             (at most 22 columns with 22 rows)"
        );
        assert_eq!(error("1 44"), "line 1, column 3: number of columns 44 out of range 1..=43");
        assert!(error("2 43").starts_with("line 1, column 3: board 2x43 too large"));
        assert_eq!(error("44 1"), "line 1, column 1: number of rows 44 out of range 1..=43");
        let values = |count: usize| (0..count).map(|v| format!("{v} ")).collect::<String>();
        for (n, m) in [(22, 22), (1, 43), (43, 1), (21, 23)] {
            let input = format!("{n} {m}\n{}\n{}\n", values(n * m), values(n * m));
            let board = parse_board(input.as_bytes()).unwrap();
            let last = (n * m - 1) as i64;
            assert_eq!((board.rows(), board.cols(), board.second_value(n - 1, m - 1)), (n, m, last));
            assert_eq!(board.value_bound(), (last + last * (last + 1) / 2) as u64);
        }
    }

    #[test]
    fn a_row_on_a_line_of_its_own_is_read_as_a_line() {
        // An extra value at the end of a row is reported on that row, not rows later.
        assert_eq!(
            error("2 3\n2 7 3 4\n9 1 2\n3 7 2\n2 3 1\n"),
            "line 2, column 7: row 1 of A has more than 3 values"
        );
        assert_eq!(error("1 2\n4 5 6\n7 8\n"), "line 2, column 5: row 1 of A has more than 2 values");
        // Rows laid out freely are still read by tokens.
        assert!(parse_board(b"2 3 2 7 3 9 1 2 3 7 2 2 3 1").is_ok());
        assert!(parse_board(b"2 3\n2 7 3 9 1 2\n3 7 2 2 3 1\n").is_ok());
    }
}
