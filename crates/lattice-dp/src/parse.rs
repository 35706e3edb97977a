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
    let n = scanner.usize("number of rows", 1, MAX_PERIMETER - 1)?;
    let largest_m = (MAX_PERIMETER - n).min(MAX_CELLS / n);
    let (m, m_loc) = scanner.uint_at("number of columns", 1, (MAX_PERIMETER - 1) as u64)?;
    // m ≤ 31 after the check above, so the cast is lossless.
    let m = m as usize;
    if m > largest_m {
        return Err(m_loc.msg(format!(
            "board {n}x{m} too large: n + m must be at most {MAX_PERIMETER} and n*m at most {MAX_CELLS} \
             (at most {largest_m} columns with {n} rows)"
        )));
    }
    let first = read_values(scanner, n * m, "value of A")?;
    let second = read_values(scanner, n * m, "value of B")?;
    // The sizes and values were all checked while reading.
    Board::new(n, m, first, second).map_err(|e| scanner.loc().msg(e.to_string()))
}

/// Reads `count` values in `0..=MAX_VALUE`.
fn read_values(scanner: &mut Scanner<'_>, count: usize, what: &str) -> Result<Vec<i64>, InputError> {
    // MAX_VALUE fits an i64.
    (0..count).map(|_| scanner.uint(what, 0, MAX_VALUE).map(|v| v as i64)).collect()
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
        assert_eq!(error("0 3"), "line 1, column 1: number of rows 0 out of range 1..=39");
        assert_eq!(error("2 x"), "line 1, column 3: expected number of columns, found 'x'");
        assert!(error("20 21").starts_with("line 1, column 4: board 20x21 too large"));
        assert!(error("1 1\n5\n").starts_with("line 3, column 1: unexpected end of input"));
        assert_eq!(error("1 1\n5 -1"), "line 2, column 3: expected value of B, found '-1'");
        assert_eq!(
            error("1 1\n1000000001 0"),
            "line 2, column 1: value of A 1000000001 out of range 0..=1000000000"
        );
        assert_eq!(error("1 1\n1 2 3"), "line 2, column 5: unexpected trailing input '3'");
    }
}
